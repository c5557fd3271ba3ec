// formats: other tools' formats for a model. NoSQL Workbench model JSON (read 1.0 to 3.0, write
// 3.0), a CloudFormation template (AWS::DynamoDB::Table) and an AWS CLI script.
//
// Workbench cannot carry LSIs, stream or SSE settings, access patterns, tours, prices or unknown
// members; ExportWorkbench keeps the whole model minus its items in the member "x-monotable" so
// that ImportWorkbench gives back exactly the model that was exported. Workbench facets (its
// entities) are kept in the model's unknown member "x-workbench" so a re-export writes them again.
#include <algorithm>
#include <set>
#include <string>

#include "api/wire.h"
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

}  // namespace

std::string ExportWorkbench(const Model& model) {
  OrderedJson extra = ParseOrdered(model.extra_json.empty() ? "{}" : model.extra_json);
  OrderedJson facets_by_table = OrderedJson::object();
  if (extra.is_object() && extra.contains(kWorkbenchExtra) && extra[kWorkbenchExtra].is_object() &&
      extra[kWorkbenchExtra].contains("TableFacets")) {
    facets_by_table = extra[kWorkbenchExtra]["TableFacets"];
  }

  OrderedJson wb = OrderedJson::object();
  wb["ModelName"] = model.name;
  wb["ModelMetadata"] = {{"Author", ""},
                         {"DateCreated", ""},
                         {"DateLastModified", ""},
                         {"Description", model.description},
                         {"AWSService", "Amazon DynamoDB"},
                         {"Version", "3.0"}};
  OrderedJson data_model = OrderedJson::array();
  for (const ModelTable& t : model.tables) {
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
    table["TableFacets"] =
        facets_by_table.contains(t.name) ? facets_by_table[t.name] : OrderedJson::array();
    OrderedJson gsis = OrderedJson::array();
    if (ct.contains("GlobalSecondaryIndexes") && ct["GlobalSecondaryIndexes"].is_array()) {
      for (const OrderedJson& g : ct["GlobalSecondaryIndexes"]) {
        if (!g.is_object()) continue;
        OrderedJson gj = OrderedJson::object();
        gj["IndexName"] = StringOr(g, "IndexName", "");
        gj["KeyAttributes"] = KeyAttributes(ct, MemberOr(g, "KeySchema", OrderedJson::array()));
        gj["Projection"] = MemberOr(g, "Projection", OrderedJson{{"ProjectionType", "ALL"}});
        gsis.push_back(gj);
      }
    }
    table["GlobalSecondaryIndexes"] = gsis;
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
      table["ProvisionedCapacitySettings"] = {
          {"ProvisionedThroughput", ct["ProvisionedThroughput"]}};
    }
    data_model.push_back(table);
  }
  wb["DataModel"] = data_model;

  // The extension: the whole model minus its items, in the model file format.
  Model rest = model;
  for (ModelTable& t : rest.tables) t.items.clear();
  if (extra.is_object() && extra.contains(kWorkbenchExtra)) {
    extra.erase(kWorkbenchExtra);  // written as TableFacets above
    rest.extra_json = extra.empty() ? "" : extra.dump();
  }
  wb[kExtension] = ParseOrdered(SerializeModel(rest));
  return model_internal::IndentedDump(wb, 0) + "\n";
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

      // Items: at table level (2.0, 3.0) and inside facets (1.0 and older exports).
      auto read_items = [&](const OrderedJson& list, Path at) -> Status {
        if (!list.is_array()) return Error(at, "expected an array of items");
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
          table.items.push_back(std::move(item));
        }
        return Status::Ok();
      };
      if (t.contains("TableData")) {
        Path dp = tp;
        dp.emplace_back(std::string("TableData"));
        if (!(s = read_items(t["TableData"], dp)).ok()) return s;
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
            if (!(s = read_items(f["TableData"], fp)).ok()) return s;
            f["TableData"] = OrderedJson::array();  // the items now live in the model
          }
          kept.push_back(f);
        }
        if (!kept.empty()) facets[table.name] = kept;
      }
      tables.push_back(std::move(table));
    }
    m.tables = std::move(tables);
    // Facets (Workbench's entities) ride along as an unknown member, re-exported as TableFacets.
    OrderedJson extra = ParseOrdered(m.extra_json.empty() ? "{}" : m.extra_json);
    if (!facets.empty()) {
      extra[kWorkbenchExtra] = {{"TableFacets", facets}};
    } else if (extra.is_object()) {
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
