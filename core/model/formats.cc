// formats: other tools' formats for a model. NoSQL Workbench model JSON (read 1.0 to 3.0, write
// 3.0), a CloudFormation template (AWS::DynamoDB::Table) and an AWS CLI script.
//
// Workbench cannot carry LSIs, stream or SSE settings, access patterns, tours, prices or unknown
// members; ExportWorkbench keeps the whole model minus its items in the member "x-monotable" so
// that ImportWorkbench gives back exactly the model that was exported. Workbench facets (its
// entities) are kept in the model's unknown member "x-workbench" so a re-export writes them again.
#include <algorithm>
#include <map>
#include <set>
#include <string>

#include "api/wire/wire.h"
#include "model/model_internal.h"
#include "monotable/model.h"

namespace monotable {

using model_internal::Json;
using model_internal::OrderedJson;
using model_internal::Path;

namespace {

constexpr const char* kExtension = "x-monotable";
constexpr const char* kWorkbenchExtra = "x-workbench";

OrderedJson ParseOrdered(const std::string& text) {
  OrderedJson j = OrderedJson::parse(text, nullptr, false);
  return j.is_discarded() ? OrderedJson::object() : j;
}

// Member readers that never abort: nlohmann's value(key, default) throws (with JSON_NOEXCEPTION:
// aborts) when the member exists with another type than the default's, or when `obj` is not an
// object, and imported files are user input. These return the default in both cases.
template <class J>
std::string StringOr(const J& obj, const char* key, const std::string& fallback) {
  if (!obj.is_object()) return fallback;
  auto it = obj.find(key);
  return it != obj.end() && it->is_string() ? it->template get<std::string>() : fallback;
}
template <class J>
bool BoolOr(const J& obj, const char* key, bool fallback) {
  if (!obj.is_object()) return fallback;
  auto it = obj.find(key);
  return it != obj.end() && it->is_boolean() ? it->template get<bool>() : fallback;
}
template <class J>
J MemberOr(const J& obj, const char* key, const J& fallback) {
  if (!obj.is_object()) return fallback;
  auto it = obj.find(key);
  return it != obj.end() ? *it : fallback;
}

// Type of attribute `name` from a CreateTable request's AttributeDefinitions ("S" if absent).
std::string AttributeType(const OrderedJson& ct, const std::string& name) {
  auto defs = ct.find("AttributeDefinitions");
  if (defs != ct.end() && defs->is_array()) {
    for (const OrderedJson& d : *defs) {
      if (StringOr(d, "AttributeName", "") == name) {
        return StringOr(d, "AttributeType", "S");
      }
    }
  }
  return "S";
}

// Workbench KeyAttributes {PartitionKey, SortKey} from a KeySchema. A GSI with a multi-attribute
// key (up to four HASH and four RANGE attributes, DG GSI.html#GSI.MultiAttributeKeys) has no
// documented Workbench form: PartitionKey and SortKey hold its first attributes, and
// PartitionKeys / SortKeys (CDK's names, GlobalSecondaryIndexPropsV2) list every one in key schema
// order (docs/model-format.md).
OrderedJson KeyAttributes(const OrderedJson& ct, const OrderedJson& key_schema) {
  OrderedJson ka = OrderedJson::object();
  if (!key_schema.is_array()) return ka;
  for (const char* type : {"HASH", "RANGE"}) {
    const bool hash = std::string(type) == "HASH";
    OrderedJson all = OrderedJson::array();
    for (const OrderedJson& k : key_schema) {
      if (StringOr(k, "KeyType", "") != type) continue;
      std::string name = StringOr(k, "AttributeName", "");
      all.push_back({{"AttributeName", name}, {"AttributeType", AttributeType(ct, name)}});
    }
    if (all.empty()) continue;
    ka[hash ? "PartitionKey" : "SortKey"] = all[0];
    if (all.size() > 1) ka[hash ? "PartitionKeys" : "SortKeys"] = all;
  }
  return ka;
}

// A table's GSIs in Workbench's form (IndexName, KeyAttributes, Projection, ALL when absent), from
// CloudFormation-shaped GlobalSecondaryIndexes `gsis`; members that are not objects are skipped.
OrderedJson WorkbenchGsis(const OrderedJson& ct, const OrderedJson& gsis) {
  OrderedJson out = OrderedJson::array();
  for (const OrderedJson& g : gsis) {
    if (!g.is_object()) continue;
    OrderedJson gj = OrderedJson::object();
    gj["IndexName"] = StringOr(g, "IndexName", "");
    gj["KeyAttributes"] = KeyAttributes(ct, MemberOr(g, "KeySchema", OrderedJson::array()));
    gj["Projection"] = MemberOr(g, "Projection", OrderedJson{{"ProjectionType", "ALL"}});
    out.push_back(gj);
  }
  return out;
}

// KeySchema + AttributeDefinitions entries from Workbench KeyAttributes (PartitionKeys / SortKeys,
// when present, instead of PartitionKey / SortKey).
bool FromKeyAttributes(const Json& ka, Json* key_schema, Json* defs) {
  if (!ka.is_object()) return false;
  *key_schema = Json::array();
  auto add = [&](const Json& attr, const char* key_type) {
    if (!attr.is_object()) return false;
    auto name_it = attr.find("AttributeName");
    if (name_it == attr.end() || !name_it->is_string()) return false;
    std::string name = name_it->get<std::string>();
    auto type_it = attr.find("AttributeType");
    if (type_it != attr.end() && !type_it->is_string()) return false;
    std::string type = type_it != attr.end() ? type_it->get<std::string>() : "S";
    key_schema->push_back({{"AttributeName", name}, {"KeyType", key_type}});
    bool known = false;
    for (const Json& d : *defs) known = known || StringOr(d, "AttributeName", "") == name;
    if (!known) defs->push_back({{"AttributeName", name}, {"AttributeType", type}});
    return true;
  };
  for (const char* part : {"PartitionKey", "SortKey"}) {
    const char* key_type = std::string(part) == "PartitionKey" ? "HASH" : "RANGE";
    auto list = ka.find(std::string(part) + "s");
    if (list != ka.end()) {
      if (!list->is_array() || list->empty()) return false;
      for (const Json& attr : *list) {
        if (!add(attr, key_type)) return false;
      }
      continue;
    }
    auto it = ka.find(part);
    if (it == ka.end()) continue;
    if (!add(*it, key_type)) return false;
  }
  return !key_schema->empty();
}

std::string ShellQuote(const std::string& s) {
  std::string out = "'";
  for (char c : s) {
    if (c == '\'') {
      out += "'\\''";
    } else {
      out.push_back(c);
    }
  }
  return out + "'";
}

std::string LogicalId(const std::string& table) {
  std::string id;
  bool upper = true;
  for (char c : table) {
    bool alnum = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
    if (!alnum) {
      upper = true;
      continue;
    }
    id.push_back(upper && c >= 'a' && c <= 'z' ? static_cast<char>(c - 'a' + 'A') : c);
    upper = false;
  }
  if (id.empty() || (id[0] >= '0' && id[0] <= '9')) id.insert(0, "T");
  return id + "Table";
}

// The item's primary key as compact DynamoDB JSON, key attributes in key order: how the Workbench
// skeleton (x-workbench.document) names an item in place of its data.
std::string KeyText(const Item& item, const std::vector<std::string>& key_names) {
  Item key;
  for (const std::string& name : key_names) {
    auto it = item.find(name);
    if (it != item.end()) key.emplace(name, it->second);
  }
  std::string out;
  model_internal::AppendItemJson(key, key_names, &out);
  return out;
}

std::vector<std::string> KeyNamesOf(const Json& key_schema) {
  return model_internal::KeyNamesOfCreateTable(Json{{"KeySchema", key_schema}});
}

// `names` without repeats, first occurrence kept.
std::vector<std::string> Unique(const std::vector<std::string>& names) {
  std::vector<std::string> out;
  std::set<std::string> seen;
  for (const std::string& n : names) {
    if (seen.insert(n).second) out.push_back(n);
  }
  return out;
}

// An item as an ordered JSON object: the names of `order` first (those it has), then the rest in
// name order.
OrderedJson OrderedItem(const Item& item, const std::vector<std::string>& order) {
  std::string text;
  model_internal::AppendItemJson(item, Unique(order), &text);
  return ParseOrdered(text);
}

std::vector<std::string> StringList(const OrderedJson& list) {
  std::vector<std::string> out;
  if (!list.is_array()) return out;
  for (const OrderedJson& v : list) {
    if (v.is_string()) out.push_back(v.get<std::string>());
  }
  return out;
}

// Global secondary indexes as (name, key schema, projection), for comparing Workbench's with a
// CreateTable's.
std::set<std::string> IndexSignatures(const Json& gsis) {
  std::set<std::string> out;
  if (!gsis.is_array()) return out;
  for (const Json& g : gsis) {
    out.insert(StringOr(g, "IndexName", "") + '\n' + MemberOr(g, "KeySchema", Json()).dump() +
               '\n' + MemberOr(g, "Projection", Json{{"ProjectionType", "ALL"}}).dump());
  }
  return out;
}

}  // namespace

namespace {

// A Workbench table written from scratch (a model that did not come from Workbench).
OrderedJson FreshWorkbenchTable(const ModelTable& t, const OrderedJson& facets_by_table) {
  OrderedJson ct = ParseOrdered(t.create_table_json);
  OrderedJson table = OrderedJson::object();
  table["TableName"] = t.name;
  table["KeyAttributes"] = KeyAttributes(ct, MemberOr(ct, "KeySchema", OrderedJson::array()));
  // Non-key attributes with the type first seen in the items (Workbench lists them per table).
  std::set<std::string> keys;
  for (const char* part : {"PartitionKey", "SortKey"}) {
    if (table["KeyAttributes"].contains(part)) {
      keys.insert(table["KeyAttributes"][part]["AttributeName"].get<std::string>());
    }
  }
  OrderedJson non_key = OrderedJson::array();
  std::set<std::string> listed;
  for (const Item& item : t.items) {
    for (const auto& [name, value] : item) {
      if (keys.count(name) || !listed.insert(name).second) continue;
      non_key.push_back(
          {{"AttributeName", name}, {"AttributeType", std::string(TypeName(value.type()))}});
    }
  }
  table["NonKeyAttributes"] = non_key;
  table["TableFacets"] = facets_by_table.is_object() && facets_by_table.contains(t.name)
                             ? facets_by_table[t.name]
                             : OrderedJson::array();
  const bool has_gsis =
      ct.contains("GlobalSecondaryIndexes") && ct["GlobalSecondaryIndexes"].is_array();
  table["GlobalSecondaryIndexes"] =
      WorkbenchGsis(ct, has_gsis ? ct["GlobalSecondaryIndexes"] : OrderedJson::array());
  std::string items_text = "[";
  std::vector<std::string> first;
  for (const char* part : {"PartitionKey", "SortKey"}) {
    if (table["KeyAttributes"].contains(part)) {
      first.push_back(table["KeyAttributes"][part]["AttributeName"].get<std::string>());
    }
  }
  for (size_t i = 0; i < t.items.size(); ++i) {
    if (i) items_text.push_back(',');
    model_internal::AppendItemJson(t.items[i], first, &items_text);
  }
  items_text += "]";
  table["TableData"] = ParseOrdered(items_text);
  table["DataAccess"] = {{"MySql", OrderedJson::object()}};
  std::string billing = StringOr(ct, "BillingMode", "PROVISIONED");
  table["BillingMode"] = billing;
  if (billing == "PROVISIONED" && ct.contains("ProvisionedThroughput")) {
    table["ProvisionedCapacitySettings"] = {{"ProvisionedThroughput", ct["ProvisionedThroughput"]}};
  }
  return table;
}

// A table of a model imported from Workbench, written back from its skeleton (the table as the
// file had it, each item replaced by its key): every member stays where it was; the keys, global
// indexes, billing and capacity are rewritten only where the model now differs; the items go back
// to the data list (table or facet) they came from, in their order and with their attribute
// order; new items join the table's own list.
OrderedJson SkeletonWorkbenchTable(const ModelTable& t, OrderedJson table, const OrderedJson& xw) {
  OrderedJson ct = ParseOrdered(t.create_table_json);
  const Json key_schema = Json(MemberOr(ct, "KeySchema", OrderedJson::array()));
  Json doc_keys, defs = Json::array();
  if (!FromKeyAttributes(Json(MemberOr(table, "KeyAttributes", OrderedJson())), &doc_keys, &defs) ||
      doc_keys != key_schema) {
    table["KeyAttributes"] = KeyAttributes(ct, OrderedJson(key_schema));
  }
  // Global indexes: Workbench's list as it was while it describes the same indexes.
  Json doc_gsis = Json::array();
  if (table.contains("GlobalSecondaryIndexes") && table["GlobalSecondaryIndexes"].is_array()) {
    for (const OrderedJson& g : table["GlobalSecondaryIndexes"]) {
      Json gks, ignored = Json::array();
      FromKeyAttributes(Json(MemberOr(g, "KeyAttributes", OrderedJson())), &gks, &ignored);
      doc_gsis.push_back({{"IndexName", StringOr(g, "IndexName", "")},
                          {"KeySchema", gks},
                          {"Projection", Json(MemberOr(g, "Projection",
                                                       OrderedJson{{"ProjectionType", "ALL"}}))}});
    }
  }
  Json ct_gsis = Json(MemberOr(ct, "GlobalSecondaryIndexes", OrderedJson::array()));
  if (IndexSignatures(doc_gsis) != IndexSignatures(ct_gsis)) {
    table["GlobalSecondaryIndexes"] = WorkbenchGsis(ct, OrderedJson(ct_gsis));
  }

  // Items: by key, each back in its place.
  const std::vector<std::string> key_names = KeyNamesOf(key_schema);
  std::map<std::string, std::vector<size_t>> by_key;
  for (size_t i = 0; i < t.items.size(); ++i) {
    by_key[KeyText(t.items[i], key_names)].push_back(i);
  }
  std::vector<bool> placed(t.items.size(), false);
  std::vector<std::string> rank = key_names;
  for (const std::string& n :
       StringList(MemberOr(MemberOr(xw, "attributeOrder", OrderedJson::object()), t.name.c_str(),
                           OrderedJson::array()))) {
    rank.push_back(n);
  }
  const OrderedJson exceptions = MemberOr(MemberOr(xw, "itemOrder", OrderedJson::object()),
                                          t.name.c_str(), OrderedJson::object());
  auto item_json = [&](size_t i, const std::string& key) {
    std::vector<std::string> order;
    if (exceptions.is_object() && exceptions.contains(key)) order = StringList(exceptions[key]);
    order.insert(order.end(), rank.begin(), rank.end());
    return OrderedItem(t.items[i], order);
  };
  auto fill = [&](OrderedJson* list) {
    OrderedJson out = OrderedJson::array();
    for (const OrderedJson& k : *list) {
      if (!k.is_string()) continue;
      const std::string key = k.get<std::string>();
      auto it = by_key.find(key);
      if (it == by_key.end()) continue;  // deleted since
      for (size_t i : it->second) {
        if (placed[i]) continue;
        placed[i] = true;
        out.push_back(item_json(i, key));
        break;
      }
    }
    *list = out;
  };
  if (table.contains("TableData") && table["TableData"].is_array()) fill(&table["TableData"]);
  if (table.contains("TableFacets") && table["TableFacets"].is_array()) {
    for (OrderedJson& f : table["TableFacets"]) {
      if (f.is_object() && f.contains("TableData") && f["TableData"].is_array()) {
        fill(&f["TableData"]);
      }
    }
  }
  for (size_t i = 0; i < t.items.size(); ++i) {
    if (placed[i]) continue;
    if (!table.contains("TableData") || !table["TableData"].is_array()) {
      table["TableData"] = OrderedJson::array();
    }
    table["TableData"].push_back(item_json(i, KeyText(t.items[i], key_names)));
  }
  // Attributes new since the import that Workbench's list does not name yet (the file's items
  // may have had attributes its list left out: they stay left out).
  if (table.contains("NonKeyAttributes") && table["NonKeyAttributes"].is_array()) {
    std::set<std::string> listed(rank.begin(), rank.end());
    for (const OrderedJson& a : table["NonKeyAttributes"])
      listed.insert(StringOr(a, "AttributeName", ""));
    for (const Item& item : t.items) {
      for (const auto& [name, value] : item) {
        if (!listed.insert(name).second) continue;
        table["NonKeyAttributes"].push_back(
            {{"AttributeName", name}, {"AttributeType", std::string(TypeName(value.type()))}});
      }
    }
  }
  // Billing: written where the file had it, added only when the model is no longer what an
  // absent BillingMode reads as (on demand).
  const std::string billing = StringOr(ct, "BillingMode", "PAY_PER_REQUEST");
  if (table.contains("BillingMode") || billing != "PAY_PER_REQUEST") table["BillingMode"] = billing;
  if (billing == "PROVISIONED" && ct.contains("ProvisionedThroughput")) {
    const OrderedJson pt = ct["ProvisionedThroughput"];
    if (table.contains("ProvisionedCapacitySettings") &&
        table["ProvisionedCapacitySettings"].is_object()) {
      table["ProvisionedCapacitySettings"]["ProvisionedThroughput"] = pt;
    } else if (Json(pt) != Json{{"ReadCapacityUnits", 5}, {"WriteCapacityUnits", 5}}) {
      table["ProvisionedCapacitySettings"] = {{"ProvisionedThroughput", pt}};
    }
  }
  return table;
}

// The model name ImportWorkbench gives a file's ModelName.
std::string ImportedName(const OrderedJson& doc) {
  std::string name = StringOr(doc, "ModelName", "Imported model");
  return name.empty() ? "Imported model" : name;
}

// ExportWorkbench's document, with the x-monotable extension or without.
std::string WorkbenchText(const Model& model, bool with_extension) {
  OrderedJson extra = ParseOrdered(model.extra_json.empty() ? "{}" : model.extra_json);
  OrderedJson xw = extra.is_object() && extra.contains(kWorkbenchExtra) ? extra[kWorkbenchExtra]
                                                                        : OrderedJson::object();
  const bool skeleton = xw.is_object() && xw.contains("document") && xw["document"].is_object();

  OrderedJson wb = OrderedJson::object();
  if (skeleton) {
    wb = xw["document"];
    if (model.name != ImportedName(wb)) wb["ModelName"] = model.name;
    if (wb.contains("ModelMetadata") && wb["ModelMetadata"].is_object() &&
        StringOr(wb["ModelMetadata"], "Description", "") != model.description) {
      wb["ModelMetadata"]["Description"] = model.description;
    }
  } else {
    wb["ModelName"] = model.name;
    wb["ModelMetadata"] = {{"Author", ""},
                           {"DateCreated", ""},
                           {"DateLastModified", ""},
                           {"Description", model.description},
                           {"AWSService", "Amazon DynamoDB"},
                           {"Version", "3.0"}};
  }
  const OrderedJson facets_by_table =
      xw.is_object() && xw.contains("TableFacets") ? xw["TableFacets"] : OrderedJson::object();
  OrderedJson data_model = OrderedJson::array();
  for (const ModelTable& t : model.tables) {
    const OrderedJson* from = nullptr;
    if (skeleton && wb.contains("DataModel") && wb["DataModel"].is_array()) {
      for (const OrderedJson& d : wb["DataModel"]) {
        if (StringOr(d, "TableName", "") == t.name) from = &d;
      }
    }
    data_model.push_back(from ? SkeletonWorkbenchTable(t, *from, xw)
                              : FreshWorkbenchTable(t, facets_by_table));
  }
  wb["DataModel"] = data_model;

  if (with_extension) {
    // The whole model minus its items, in the model file format.
    Model rest = model;
    for (ModelTable& t : rest.tables) t.items.clear();
    if (!skeleton && extra.is_object() && extra.contains(kWorkbenchExtra)) {
      extra.erase(kWorkbenchExtra);  // written as TableFacets above
      rest.extra_json = extra.empty() ? "" : extra.dump();
    }
    wb[kExtension] = ParseOrdered(SerializeModel(rest));
  }
  if (skeleton) {
    // Workbench writes JSON.stringify(model, null, 2): so do we, for a byte-identical round trip.
    return wb.dump(2) + (BoolOr(xw, "newline", false) ? "\n" : "");
  }
  return model_internal::IndentedDump(wb, 0) + "\n";
}

// The model minus what ImportWorkbench(WorkbenchText(m, false)) may legitimately change: the items'
// order (Workbench's lists are the skeleton's; an engine exports in its own order) and the
// skeleton (it follows the items).
std::string Comparable(Model m) {
  std::string items;
  for (ModelTable& t : m.tables) {
    std::vector<std::string> texts;
    for (const Item& item : t.items) {
      std::string text;
      model_internal::AppendItemJson(item, {}, &text);
      texts.push_back(std::move(text));
    }
    std::sort(texts.begin(), texts.end());
    t.items.clear();
    items += t.name + '\n';
    for (const std::string& text : texts) items += text + '\n';
  }
  OrderedJson extra = ParseOrdered(m.extra_json.empty() ? "{}" : m.extra_json);
  if (extra.is_object()) extra.erase(kWorkbenchExtra);
  m.extra_json = extra.is_object() && !extra.empty() ? extra.dump() : "";
  return SerializeModel(m) + items;
}

}  // namespace

std::string ExportWorkbench(const Model& model) {
  // Without the extension when Workbench's own members carry the whole model (a model imported
  // from Workbench, edited or not): the file is then what Workbench itself would write.
  std::string plain = WorkbenchText(model, false);
  Model back;
  if (ImportWorkbench(plain, &back).ok() && Comparable(back) == Comparable(model)) return plain;
  return WorkbenchText(model, true);
}

namespace {

class WorkbenchReader {
 public:
  explicit WorkbenchReader(std::string_view text) : text_(text) {}

  Status Error(const Path& path, const std::string& message) const {
    size_t offset = model_internal::LocateJson(text_, path);
    size_t line, column;
    model_internal::LineColumn(text_, offset, &line, &column);
    return Status::Validation("NoSQL Workbench model: " + model_internal::PathText(path) + ": " +
                              message + " (line " + std::to_string(line) + ", column " +
                              std::to_string(column) + ")");
  }

  Status Read(Model* out) const {
    OrderedJson doc;
    Status s = model_internal::ParseJsonText(text_, "NoSQL Workbench model", &doc);
    if (!s.ok()) return s;
    if (!doc.is_object()) return Error({}, "expected a JSON object");
    auto meta = doc.find("ModelMetadata");
    if (meta == doc.end() || !meta->is_object()) {
      return Error({}, "missing \"ModelMetadata\" (not a NoSQL Workbench model)");
    }
    std::string version = meta->value("Version", "");
    if (version != "1.0" && version != "2.0" && version != "3.0") {
      return Error({std::string("ModelMetadata"), std::string("Version")},
                   "unsupported version \"" + version + "\" (monotable reads 1.0 to 3.0)");
    }
    auto data_model = doc.find("DataModel");
    if (data_model == doc.end() || !data_model->is_array()) {
      return Error({std::string("DataModel")}, "expected an array of tables");
    }

    // The model as exported by monotable, if present: everything Workbench cannot carry.
    Model m;
    auto ext = doc.find(kExtension);
    bool has_extension = ext != doc.end() && ext->is_object();
    if (has_extension) {
      s = ParseModel(ext->dump(), &m);
      if (!s.ok()) {
        return Error({std::string(kExtension)}, "not a monotable model: " + s.message());
      }
    } else {
      m.name = StringOr(doc, "ModelName", "Imported model");
      if (m.name.empty()) m.name = "Imported model";
      m.description = StringOr(*meta, "Description", "");
    }

    std::vector<ModelTable> tables;
    OrderedJson facets = OrderedJson::object();
    // The file itself minus its items (x-workbench.document): ExportWorkbench writes it back.
    OrderedJson skeleton = doc;
    skeleton.erase(kExtension);
    OrderedJson attribute_order = OrderedJson::object();
    OrderedJson item_order = OrderedJson::object();
    for (size_t ti = 0; ti < data_model->size(); ++ti) {
      const OrderedJson& t = (*data_model)[ti];
      Path tp = {std::string("DataModel"), ti};
      if (!t.is_object()) return Error(tp, "expected an object");
      if (!t.contains("TableName") || !t["TableName"].is_string()) {
        return Error(tp, "missing \"TableName\"");
      }
      ModelTable table;
      table.name = t["TableName"].get<std::string>();
      Json key_schema, defs = Json::array();
      Json ka = t.contains("KeyAttributes") ? Json(t["KeyAttributes"]) : Json();
      if (!FromKeyAttributes(ka, &key_schema, &defs)) {
        Path kp = tp;
        kp.emplace_back(std::string("KeyAttributes"));
        return Error(kp, "expected {\"PartitionKey\": {\"AttributeName\", \"AttributeType\"}}");
      }
      Json gsis = Json::array();
      if (t.contains("GlobalSecondaryIndexes") && t["GlobalSecondaryIndexes"].is_array()) {
        for (size_t gi = 0; gi < t["GlobalSecondaryIndexes"].size(); ++gi) {
          const OrderedJson& g = t["GlobalSecondaryIndexes"][gi];
          Json gks;
          if (!g.is_object() || !g.contains("IndexName") || !g["IndexName"].is_string() ||
              !FromKeyAttributes(g.contains("KeyAttributes") ? Json(g["KeyAttributes"]) : Json(),
                                 &gks, &defs)) {
            Path gp = tp;
            gp.emplace_back(std::string("GlobalSecondaryIndexes"));
            gp.emplace_back(gi);
            return Error(gp, "expected an index with IndexName and KeyAttributes");
          }
          Json proj = g.contains("Projection") && g["Projection"].is_object()
                          ? Json(g["Projection"])
                          : Json{{"ProjectionType", "ALL"}};
          gsis.push_back({{"IndexName", g["IndexName"]}, {"KeySchema", gks}, {"Projection", proj}});
        }
      }
      std::string billing = StringOr(t, "BillingMode", "PAY_PER_REQUEST");
      OrderedJson ct = OrderedJson::object();
      ct["TableName"] = table.name;
      ct["AttributeDefinitions"] = defs;
      ct["KeySchema"] = key_schema;
      if (!gsis.empty()) ct["GlobalSecondaryIndexes"] = gsis;
      ct["BillingMode"] = billing;
      if (billing == "PROVISIONED") {
        OrderedJson pt = {{"ReadCapacityUnits", 5}, {"WriteCapacityUnits", 5}};
        if (t.contains("ProvisionedCapacitySettings") &&
            t["ProvisionedCapacitySettings"].is_object() &&
            t["ProvisionedCapacitySettings"].contains("ProvisionedThroughput")) {
          pt = t["ProvisionedCapacitySettings"]["ProvisionedThroughput"];
        }
        ct["ProvisionedThroughput"] = pt;
        if (!gsis.empty()) {
          for (OrderedJson& g : ct["GlobalSecondaryIndexes"]) g["ProvisionedThroughput"] = pt;
        }
      }
      table.create_table_json = ct.dump();
      // Keep monotable's own CreateTable (LSIs, streams, ...) when Workbench's view of the keys
      // and global indexes (names and key schemas) still agrees with it.
      if (const ModelTable* old = m.FindTable(table.name)) {
        Json old_ct = Json::parse(old->create_table_json, nullptr, false);
        auto keyed = [](const Json& list) {
          std::set<std::string> out;
          if (list.is_array()) {
            for (const Json& g : list) {
              out.insert(StringOr(g, "IndexName", "") + '\n' +
                         MemberOr(g, "KeySchema", Json()).dump());
            }
          }
          return out;
        };
        if (old_ct.is_object() && MemberOr(old_ct, "KeySchema", Json()) == key_schema &&
            keyed(MemberOr(old_ct, "GlobalSecondaryIndexes", Json())) == keyed(gsis)) {
          table.create_table_json = old->create_table_json;
        }
      }

      // Items: at table level (2.0, 3.0) and inside facets (1.0 and older exports). Each list
      // becomes the list of its items' keys in the skeleton, and each item's attribute order is
      // noted (a model's items are maps: the file's order lives in x-workbench).
      const std::vector<std::string> key_names = KeyNamesOf(key_schema);
      OrderedJson& skeleton_table = skeleton["DataModel"][ti];
      std::vector<std::pair<std::string, std::vector<std::string>>> orders;
      auto read_items = [&](const OrderedJson& list, Path at, OrderedJson* keys) -> Status {
        if (!list.is_array()) return Error(at, "expected an array of items");
        *keys = OrderedJson::array();
        for (size_t i = 0; i < list.size(); ++i) {
          Path ip = at;
          ip.emplace_back(i);
          if (!list[i].is_object()) return Error(ip, "expected an item in DynamoDB JSON");
          Item item;
          for (auto a = list[i].begin(); a != list[i].end(); ++a) {
            Value v;
            Status vs = wire::ParseValue(Json(a.value()), &v);
            if (!vs.ok()) {
              Path ap = ip;
              ap.emplace_back(a.key());
              return Error(ap, "not a DynamoDB AttributeValue: " + vs.message());
            }
            item.emplace(a.key(), std::move(v));
          }
          std::vector<std::string> names;
          for (auto a = list[i].begin(); a != list[i].end(); ++a) names.push_back(a.key());
          std::string key = KeyText(item, key_names);
          keys->push_back(key);
          orders.emplace_back(std::move(key), std::move(names));
          table.items.push_back(std::move(item));
        }
        return Status::Ok();
      };
      if (t.contains("TableData")) {
        Path dp = tp;
        dp.emplace_back(std::string("TableData"));
        MT_RETURN_IF_ERROR(read_items(t["TableData"], dp, &skeleton_table["TableData"]));
      }
      if (t.contains("TableFacets") && t["TableFacets"].is_array()) {
        OrderedJson kept = OrderedJson::array();
        for (size_t fi = 0; fi < t["TableFacets"].size(); ++fi) {
          OrderedJson f = t["TableFacets"][fi];
          if (!f.is_object()) continue;
          if (f.contains("TableData")) {
            Path fp = tp;
            fp.emplace_back(std::string("TableFacets"));
            fp.emplace_back(fi);
            fp.emplace_back(std::string("TableData"));
            MT_RETURN_IF_ERROR(
                read_items(f["TableData"], fp, &skeleton_table["TableFacets"][fi]["TableData"]));
            f["TableData"] = OrderedJson::array();  // the items now live in the model
          }
          kept.push_back(f);
        }
        if (!kept.empty()) facets[table.name] = kept;
      }
      // The attribute order: names as first seen over the table's items, and each item whose own
      // order differs from that, by key.
      std::vector<std::string> rank;
      for (const auto& [key, names] : orders) {
        for (const std::string& n : names) rank.push_back(n);
      }
      rank = Unique(rank);
      std::map<std::string, size_t> position;
      for (size_t i = 0; i < rank.size(); ++i) position[rank[i]] = i;
      OrderedJson exceptions = OrderedJson::object();
      for (const auto& [key, names] : orders) {
        if (!std::is_sorted(names.begin(), names.end(),
                            [&](const std::string& a, const std::string& b) {
                              return position[a] < position[b];
                            })) {
          exceptions[key] = names;
        }
      }
      if (!rank.empty()) attribute_order[table.name] = rank;
      if (!exceptions.empty()) item_order[table.name] = exceptions;
      tables.push_back(std::move(table));
    }
    m.tables = std::move(tables);
    OrderedJson extra = ParseOrdered(m.extra_json.empty() ? "{}" : m.extra_json);
    if (!extra.is_object()) extra = OrderedJson::object();
    const bool kept_skeleton = has_extension && extra.contains(kWorkbenchExtra) &&
                               extra[kWorkbenchExtra].is_object() &&
                               extra[kWorkbenchExtra].contains("document");
    if (kept_skeleton) {
      // Exported by monotable from a Workbench model: its x-workbench came along in x-monotable.
    } else if (!has_extension) {
      // A file Workbench wrote: everything of it that the model does not hold, so that
      // ExportWorkbench writes the same file (facets, metadata, version, member and attribute
      // order, whether the file ended with a newline).
      OrderedJson xw = OrderedJson::object();
      xw["document"] = skeleton;
      if (!attribute_order.empty()) xw["attributeOrder"] = attribute_order;
      if (!item_order.empty()) xw["itemOrder"] = item_order;
      xw["newline"] = !text_.empty() && text_.back() == '\n';
      extra[kWorkbenchExtra] = xw;
    } else if (!facets.empty()) {
      // Exported by monotable from a model of its own, facets added: they ride along and are
      // written again as TableFacets.
      extra[kWorkbenchExtra] = {{"TableFacets", facets}};
    } else {
      extra.erase(kWorkbenchExtra);
    }
    m.extra_json = extra.empty() ? "" : extra.dump();
    // Patterns or tour steps naming tables that are gone stay: LoadModel reports them when run.
    *out = std::move(m);
    return Status::Ok();
  }

 private:
  std::string_view text_;
};

}  // namespace

Status ImportWorkbench(std::string_view json_text, Model* out) {
  return WorkbenchReader(json_text).Read(out);
}

std::string ExportCloudFormation(const Model& model) {
  OrderedJson tpl = OrderedJson::object();
  tpl["AWSTemplateFormatVersion"] = "2010-09-09";
  tpl["Description"] = model.name + ": tables exported by monotable";
  OrderedJson resources = OrderedJson::object();
  for (const ModelTable& t : model.tables) {
    OrderedJson ct = ParseOrdered(t.create_table_json);
    OrderedJson props = OrderedJson::object();
    // CreateTable members that AWS::DynamoDB::Table spells the same way.
    for (const char* member :
         {"TableName", "AttributeDefinitions", "KeySchema", "GlobalSecondaryIndexes",
          "LocalSecondaryIndexes", "BillingMode", "ProvisionedThroughput", "TableClass",
          "DeletionProtectionEnabled", "Tags"}) {
      if (ct.contains(member)) props[member] = ct[member];
    }
    // Spelled differently: StreamSpecification has no StreamEnabled, SSE says SSEEnabled.
    if (ct.contains("StreamSpecification") && ct["StreamSpecification"].is_object() &&
        BoolOr(ct["StreamSpecification"], "StreamEnabled", false)) {
      props["StreamSpecification"] = {
          {"StreamViewType",
           StringOr(ct["StreamSpecification"], "StreamViewType", "NEW_AND_OLD_IMAGES")}};
    }
    if (ct.contains("SSESpecification") && ct["SSESpecification"].is_object()) {
      const OrderedJson& sse = ct["SSESpecification"];
      OrderedJson out = {{"SSEEnabled", BoolOr(sse, "Enabled", false)}};
      if (sse.contains("SSEType")) out["SSEType"] = sse["SSEType"];
      if (sse.contains("KMSMasterKeyId")) out["KMSMasterKeyId"] = sse["KMSMasterKeyId"];
      props["SSESpecification"] = out;
    }
    resources[LogicalId(t.name)] = {{"Type", "AWS::DynamoDB::Table"}, {"Properties", props}};
  }
  tpl["Resources"] = resources;
  return model_internal::IndentedDump(tpl, 0) + "\n";
}

std::string ExportAwsCli(const Model& model) {
  std::string out =
      "#!/bin/sh\n"
      "# Creates the tables of the model \"" +
      model.name +
      "\" on DynamoDB and loads its items, with the AWS CLI.\n"
      "# Generated by monotable (monotable export --to aws-cli). Uses your usual AWS credentials,\n"
      "# region and AWS_ENDPOINT_URL (e.g. http://127.0.0.1:8000 for `monotable serve`).\n"
      "# batch-write-item may return UnprocessedItems when throttled: this script stops if so.\n"
      "set -eu\n\n"
      "write() {\n"
      "  out=$(aws dynamodb batch-write-item --request-items \"$1\" --output json)\n"
      "  case \"$out\" in\n"
      "    *'\"UnprocessedItems\": {}'*) ;;\n"
      "    *) echo \"unprocessed items: $out\" >&2; exit 1 ;;\n"
      "  esac\n"
      "}\n\n";
  for (const ModelTable& t : model.tables) {
    out += "aws dynamodb create-table --cli-input-json " + ShellQuote(t.create_table_json) +
           " > /dev/null\n";
    out += "aws dynamodb wait table-exists --table-name " + ShellQuote(t.name) + "\n";
  }
  // DynamoDB accepts at most 25 requests per BatchWriteItem.
  for (const ModelTable& t : model.tables) {
    for (size_t start = 0; start < t.items.size(); start += 25) {
      std::string request = "{";
      model_internal::AppendJsonString(t.name, &request);
      request += ":[";
      for (size_t i = start; i < std::min(t.items.size(), start + 25); ++i) {
        if (i > start) request.push_back(',');
        request += "{\"PutRequest\":{\"Item\":";
        model_internal::AppendItemJson(t.items[i], {}, &request);
        request += "}}";
      }
      request += "]}";
      out += "write " + ShellQuote(request) + "\n";
    }
  }
  out += "echo 'loaded " + std::to_string(model.ItemCount()) + " items'\n";
  return out;
}

}  // namespace monotable
