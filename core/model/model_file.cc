// model_file: the model file format (docs/model-format.md): ParseModel and SerializeModel.
//
// Parsing checks the file's shape and the DynamoDB JSON of every item, and reports the first
// problem with its JSON path and line/column; the output model is only assigned when the whole file
// is valid. Serialising writes readable JSON: one item per line with key attributes first, and
// every unknown member written back verbatim.
#include <algorithm>
#include <cstdlib>
#include <set>
#include <string>

#include "api/wire/wire.h"
#include "model/model_internal.h"
#include "monotable/model.h"

namespace monotable {

using model_internal::OrderedJson;
using Json = model_internal::OrderedJson;  // member order matters in a file people read
using model_internal::Path;

namespace {

// Members the format defines, per object; anything else is kept verbatim in extra_json.
const std::set<std::string, std::less<>> kTopLevelMembers = {
    "formatVersion", "name",           "description", "generator", "tables",
    "items",         "accessPatterns", "tour",        "prices"};
const std::set<std::string, std::less<>> kPatternMembers = {"id",
                                                            "name",
                                                            "description",
                                                            "operation",
                                                            "request",
                                                            "requestsPerSecond",
                                                            "peakRequestsPerSecond",
                                                            "keys"};
const std::set<std::string, std::less<>> kTourMembers = {"title",     "text",    "pattern",
                                                         "operation", "request", "lookAt"};

// The file is parsed keeping member order, so requests and unknown members are written back in
// the order the author wrote them.
std::string ExtraMembers(const Json& object, const std::set<std::string, std::less<>>& known) {
  Json extra = Json::object();
  for (auto it = object.begin(); it != object.end(); ++it) {
    if (known.count(it.key()) == 0) extra[it.key()] = it.value();
  }
  return extra.empty() ? std::string() : extra.dump();
}

}  // namespace

bool ParseKeyDistribution(std::string_view text, KeyDistribution* out) {
  KeyDistribution d;
  if (text.empty() || text == "uniform") {
    d.kind = KeyDistribution::Kind::kUniform;
  } else if (text == "hot") {
    d.kind = KeyDistribution::Kind::kHot;
  } else if (text.substr(0, 5) == "zipf:" && text.size() > 5) {
    std::string number(text.substr(5));
    char* end = nullptr;
    double v = std::strtod(number.c_str(), &end);
    if (end != number.c_str() + number.size() || !(v > 0) || v > 1e6) return false;
    d.kind = KeyDistribution::Kind::kZipf;
    d.zipf_s = v;
  } else {
    return false;
  }
  *out = d;
  return true;
}

namespace {

class Parser {
 public:
  explicit Parser(std::string_view text) : text_(text) {}

  Status Error(const Path& path, const std::string& message) const {
    size_t offset = model_internal::LocateJson(text_, path);
    size_t line, column;
    model_internal::LineColumn(text_, offset, &line, &column);
    return Status::Validation(model_internal::PathText(path) + ": " + message + " (line " +
                              std::to_string(line) + ", column " + std::to_string(column) + ")");
  }

  // Reads an optional string member; error if present and not a string.
  Status OptString(const Json& obj, const Path& at, const char* member, std::string* out) const {
    auto it = obj.find(member);
    if (it == obj.end()) return Status::Ok();
    if (!it->is_string()) return Error(Child(at, member), "expected a string");
    *out = it->get<std::string>();
    return Status::Ok();
  }
  Status ReqString(const Json& obj, const Path& at, const char* member, std::string* out) const {
    if (obj.find(member) == obj.end()) {
      return Error(at, std::string("missing required member \"") + member + "\"");
    }
    Status s = OptString(obj, at, member, out);
    if (s.ok() && out->empty()) return Error(Child(at, member), "must not be empty");
    return s;
  }
  Status OptNumber(const Json& obj, const Path& at, const char* member, double* out) const {
    auto it = obj.find(member);
    if (it == obj.end()) return Status::Ok();
    if (!it->is_number()) return Error(Child(at, member), "expected a number");
    *out = it->get<double>();
    if (*out < 0) return Error(Child(at, member), "must not be negative");
    return Status::Ok();
  }
  static Path Child(const Path& at, std::string member) {
    Path p = at;
    p.emplace_back(std::move(member));
    return p;
  }
  static Path Child(const Path& at, size_t index) {
    Path p = at;
    p.emplace_back(index);
    return p;
  }

  Status ParsePrices(const Json& j, PriceTable* p) const {
    Path at = {std::string("prices")};
    if (!j.is_object()) return Error(at, "expected an object");
    static const std::set<std::string, std::less<>> known = {"region",
                                                             "asOf",
                                                             "readRequestUnitPerMillion",
                                                             "writeRequestUnitPerMillion",
                                                             "rcuHour",
                                                             "wcuHour",
                                                             "storageGbMonth",
                                                             "storageFreeGb",
                                                             "streamsReadRequestUnitPer100k"};
    for (auto it = j.begin(); it != j.end(); ++it) {
      if (known.count(it.key()) == 0) {
        return Error(Child(at, it.key()), "unknown price \"" + it.key() + "\"");
      }
    }
    MT_RETURN_IF_ERROR(OptString(j, at, "region", &p->region));
    MT_RETURN_IF_ERROR(OptString(j, at, "asOf", &p->as_of));
    MT_RETURN_IF_ERROR(
        OptNumber(j, at, "readRequestUnitPerMillion", &p->read_request_unit_per_million));
    MT_RETURN_IF_ERROR(
        OptNumber(j, at, "writeRequestUnitPerMillion", &p->write_request_unit_per_million));
    MT_RETURN_IF_ERROR(OptNumber(j, at, "rcuHour", &p->rcu_hour));
    MT_RETURN_IF_ERROR(OptNumber(j, at, "wcuHour", &p->wcu_hour));
    MT_RETURN_IF_ERROR(OptNumber(j, at, "storageGbMonth", &p->storage_gb_month));
    MT_RETURN_IF_ERROR(OptNumber(j, at, "storageFreeGb", &p->storage_free_gb));
    return OptNumber(j, at, "streamsReadRequestUnitPer100k",
                     &p->streams_read_request_unit_per_100k);
  }

  Status ParseItems(const Json& j, Model* m) const {
    Path at = {std::string("items")};
    if (!j.is_object()) return Error(at, "expected an object of table name -> array of items");
    for (auto it = j.begin(); it != j.end(); ++it) {
      Path tp = Child(at, it.key());
      ModelTable* table = nullptr;
      for (ModelTable& t : m->tables) {
        if (t.name == it.key()) table = &t;
      }
      if (table == nullptr) return Error(tp, "no table named \"" + it.key() + "\" in \"tables\"");
      if (!it->is_array()) return Error(tp, "expected an array of items in DynamoDB JSON");
      table->items.reserve(it->size());
      for (size_t i = 0; i < it->size(); ++i) {
        const Json& ij = (*it)[i];
        Path ip = Child(tp, i);
        if (!ij.is_object()) return Error(ip, "expected an item (an object in DynamoDB JSON)");
        Item item;
        for (auto a = ij.begin(); a != ij.end(); ++a) {
          Value v;
          Status s = wire::ParseValue(nlohmann::json(a.value()), &v);
          if (!s.ok()) {
            return Error(Child(ip, a.key()),
                         "not a DynamoDB AttributeValue: " + std::string(ErrorName(s.code())) +
                             ": " + s.message());
          }
          item.emplace(a.key(), std::move(v));
        }
        table->items.push_back(std::move(item));
      }
    }
    return Status::Ok();
  }

  Status ParsePatterns(const Json& j, Model* m) const {
    Path at = {std::string("accessPatterns")};
    if (!j.is_array()) return Error(at, "expected an array of access patterns");
    std::set<std::string> ids;
    for (size_t i = 0; i < j.size(); ++i) {
      const Json& pj = j[i];
      Path pp = Child(at, i);
      if (!pj.is_object()) return Error(pp, "expected an object");
      AccessPattern p;
      MT_RETURN_IF_ERROR(ReqString(pj, pp, "id", &p.id));
      if (!ids.insert(p.id).second) {
        return Error(Child(pp, "id"), "duplicate access pattern id \"" + p.id + "\"");
      }
      MT_RETURN_IF_ERROR(ReqString(pj, pp, "name", &p.name));
      MT_RETURN_IF_ERROR(OptString(pj, pp, "description", &p.description));
      MT_RETURN_IF_ERROR(ReqString(pj, pp, "operation", &p.operation));
      auto r = pj.find("request");
      if (r == pj.end()) return Error(pp, "missing required member \"request\"");
      if (!r->is_object()) return Error(Child(pp, "request"), "expected an object (the request)");
      p.request_json = r->dump();
      MT_RETURN_IF_ERROR(OptNumber(pj, pp, "requestsPerSecond", &p.requests_per_second));
      MT_RETURN_IF_ERROR(OptNumber(pj, pp, "peakRequestsPerSecond", &p.peak_requests_per_second));
      MT_RETURN_IF_ERROR(OptString(pj, pp, "keys", &p.keys));
      KeyDistribution keys;
      if (!ParseKeyDistribution(p.keys, &keys)) {
        return Error(Child(pp, "keys"), "expected \"uniform\", \"zipf:S\" (S > 0) or \"hot\"");
      }
      p.extra_json = ExtraMembers(pj, kPatternMembers);
      m->access_patterns.push_back(std::move(p));
    }
    return Status::Ok();
  }

  Status ParseTour(const Json& j, Model* m) const {
    Path at = {std::string("tour")};
    if (!j.is_array()) return Error(at, "expected an array of tour steps");
    for (size_t i = 0; i < j.size(); ++i) {
      const Json& sj = j[i];
      Path sp = Child(at, i);
      if (!sj.is_object()) return Error(sp, "expected an object");
      TourStep step;
      MT_RETURN_IF_ERROR(OptString(sj, sp, "title", &step.title));
      MT_RETURN_IF_ERROR(ReqString(sj, sp, "text", &step.text));
      MT_RETURN_IF_ERROR(OptString(sj, sp, "pattern", &step.pattern_id));
      if (!step.pattern_id.empty() && m->FindPattern(step.pattern_id) == nullptr) {
        return Error(Child(sp, "pattern"), "no access pattern with id \"" + step.pattern_id + "\"");
      }
      MT_RETURN_IF_ERROR(OptString(sj, sp, "operation", &step.operation));
      auto r = sj.find("request");
      if (r != sj.end()) {
        if (!r->is_object()) return Error(Child(sp, "request"), "expected an object");
        step.request_json = r->dump();
      }
      if (step.operation.empty() != step.request_json.empty()) {
        return Error(sp, "\"operation\" and \"request\" go together");
      }
      if (!step.operation.empty() && !step.pattern_id.empty()) {
        return Error(sp, "a step runs a \"pattern\" or an \"operation\", not both");
      }
      MT_RETURN_IF_ERROR(OptString(sj, sp, "lookAt", &step.look_at));
      step.extra_json = ExtraMembers(sj, kTourMembers);
      m->tour.push_back(std::move(step));
    }
    return Status::Ok();
  }

  // `fast`: parse "items" with the fast path (see fast_items.cc); on any doubt parse again without.
  Status Parse(Model* out, bool fast = true) const {
    size_t items_begin = 0, items_end = 0;
    std::string masked;
    std::string_view doc_text = text_;
    if (fast && model_internal::FindTopLevelMember(text_, "items", &items_begin, &items_end)) {
      // Hide the items from the document parser; positions elsewhere stay the same.
      masked.assign(text_);
      std::fill(masked.begin() + static_cast<std::ptrdiff_t>(items_begin),
                masked.begin() + static_cast<std::ptrdiff_t>(items_end), ' ');
      masked[items_begin] = '{';
      masked[items_begin + 1] = '}';
      doc_text = masked;
    } else {
      fast = false;
    }
    Json doc;
    Status s = model_internal::ParseJsonText(doc_text, "model file", &doc);
    if (!s.ok() && fast) return Parse(out, false);
    if (!s.ok()) return s;
    Path top;
    if (!doc.is_object()) return Error(top, "a model file is a JSON object");
    Model m;
    auto fv = doc.find("formatVersion");
    if (fv == doc.end()) return Error(top, "missing required member \"formatVersion\"");
    if (!fv->is_number_integer()) {
      return Error({std::string("formatVersion")}, "expected an integer");
    }
    m.format_version = fv->get<int>();
    if (m.format_version < 1 || m.format_version > kModelFormatVersion) {
      return Error({std::string("formatVersion")},
                   "unsupported version " + std::to_string(m.format_version) +
                       " (this monotable reads 1 to " + std::to_string(kModelFormatVersion) + ")");
    }
    MT_RETURN_IF_ERROR(ReqString(doc, top, "name", &m.name));
    MT_RETURN_IF_ERROR(OptString(doc, top, "description", &m.description));

    auto gen = doc.find("generator");
    if (gen != doc.end()) {
      Path gp = {std::string("generator")};
      if (!gen->is_object()) return Error(gp, "expected an object");
      MT_RETURN_IF_ERROR(ReqString(*gen, gp, "name", &m.generator));
      auto seed = gen->find("seed");
      if (seed != gen->end()) {
        if (!seed->is_number_unsigned()) return Error(Child(gp, "seed"), "expected an integer");
        m.generator_seed = seed->get<uint64_t>();
      }
      MT_RETURN_IF_ERROR(OptNumber(*gen, gp, "scale", &m.generator_scale));
    }

    auto tables = doc.find("tables");
    if (tables == doc.end()) return Error(top, "missing required member \"tables\"");
    Path tp = {std::string("tables")};
    if (!tables->is_array()) return Error(tp, "expected an array of CreateTable requests");
    for (size_t i = 0; i < tables->size(); ++i) {
      const Json& t = (*tables)[i];
      Path at = Child(tp, i);
      if (!t.is_object()) return Error(at, "expected a CreateTable request (an object)");
      ModelTable table;
      MT_RETURN_IF_ERROR(ReqString(t, at, "TableName", &table.name));
      for (const ModelTable& other : m.tables) {
        if (other.name == table.name) {
          return Error(Child(at, "TableName"), "duplicate table \"" + table.name + "\"");
        }
      }
      auto ks = t.find("KeySchema");
      if (ks == t.end()) return Error(at, "missing required member \"KeySchema\"");
      if (!ks->is_array()) return Error(Child(at, "KeySchema"), "expected an array");
      // Every key schema element, the table's and its indexes', has an AttributeName: a key
      // without one could never be created (CreateTable refuses it) and would not survive a
      // Workbench export (fuzz_model found that), so it is refused here with where it is.
      auto check_keys = [&](const Json& keys, const Path& where) -> Status {
        for (size_t k = 0; k < keys.size(); ++k) {
          const Json& e = keys[k];
          // (A wrong-typed one is kept: the engine's CreateTable answers it when the model loads.)
          if (e.is_object() && !e.contains("AttributeName")) {
            return Error(Child(where, k), "missing required member \"AttributeName\"");
          }
        }
        return Status::Ok();
      };
      MT_RETURN_IF_ERROR(check_keys(*ks, Child(at, "KeySchema")));
      for (const char* member : {"GlobalSecondaryIndexes", "LocalSecondaryIndexes"}) {
        auto list = t.find(member);
        if (list == t.end() || !list->is_array()) continue;
        for (size_t x = 0; x < list->size(); ++x) {
          const Json& index = (*list)[x];
          auto iks = index.is_object() ? index.find("KeySchema") : index.end();
          if (iks == index.end() || !iks->is_array()) continue;
          Path ip = Child(Child(Child(at, member), x), "KeySchema");
          MT_RETURN_IF_ERROR(check_keys(*iks, ip));
        }
      }
      table.create_table_json = t.dump();
      m.tables.push_back(std::move(table));
    }

    if (fast) {
      if (!model_internal::FastParseItems(text_, items_begin, items_end, &m.tables)) {
        return Parse(out, false);
      }
    } else {
      auto items = doc.find("items");
      if (items != doc.end() && !(s = ParseItems(*items, &m)).ok()) return s;
    }
    auto patterns = doc.find("accessPatterns");
    if (patterns != doc.end() && !(s = ParsePatterns(*patterns, &m)).ok()) return s;
    auto tour = doc.find("tour");
    if (tour != doc.end() && !(s = ParseTour(*tour, &m)).ok()) return s;
    auto prices = doc.find("prices");
    if (prices != doc.end()) {
      PriceTable p;
      MT_RETURN_IF_ERROR(ParsePrices(*prices, &p));
      m.prices = p;
    }
    m.extra_json = ExtraMembers(doc, kTopLevelMembers);
    *out = std::move(m);
    return Status::Ok();
  }

 private:
  std::string_view text_;
};

// Appends the members of a JSON object text (extra_json) to an ordered object.
void MergeExtra(const std::string& extra_json, OrderedJson* into) {
  if (extra_json.empty()) return;
  OrderedJson extra = OrderedJson::parse(extra_json, nullptr, false);
  if (extra.is_discarded() || !extra.is_object()) return;
  for (auto it = extra.begin(); it != extra.end(); ++it) (*into)[it.key()] = it.value();
}

OrderedJson RequestObject(const std::string& request_json) {
  OrderedJson j = OrderedJson::parse(request_json, nullptr, false);
  if (j.is_discarded()) return OrderedJson::object();
  return j;
}

}  // namespace

Status ParseModel(std::string_view json_text, Model* out) { return Parser(json_text).Parse(out); }

std::string SerializeModel(const Model& model) {
  using model_internal::IndentedDump;
  std::string out = "{\n";
  auto member = [&](const char* name, const std::string& value_text, bool last = false) {
    out += "  \"";
    out += name;
    out += "\": ";
    out += value_text;
    out += last ? "\n" : ",\n";
  };
  member("formatVersion", std::to_string(model.format_version));
  member("name", OrderedJson(model.name).dump());
  if (!model.description.empty()) member("description", OrderedJson(model.description).dump());
  if (!model.generator.empty()) {
    OrderedJson g = OrderedJson::object();
    g["name"] = model.generator;
    g["seed"] = model.generator_seed;
    if (model.generator_scale ==
        static_cast<double>(static_cast<uint64_t>(model.generator_scale))) {
      g["scale"] = static_cast<uint64_t>(model.generator_scale);
    } else {
      g["scale"] = model.generator_scale;
    }
    member("generator", IndentedDump(g, 2));
  }

  OrderedJson tables = OrderedJson::array();
  for (const ModelTable& t : model.tables) {
    tables.push_back(OrderedJson::parse(t.create_table_json, nullptr, false));
  }
  member("tables", IndentedDump(tables, 2));

  // items: one item per line, key attributes first.
  std::string items = "{";
  for (size_t ti = 0; ti < model.tables.size(); ++ti) {
    const ModelTable& t = model.tables[ti];
    std::vector<std::string> first = model_internal::KeyNamesOfCreateTable(
        nlohmann::json::parse(t.create_table_json, nullptr, false));
    items += ti ? ",\n    " : "\n    ";
    model_internal::AppendJsonString(t.name, &items);
    items += ": [";
    for (size_t i = 0; i < t.items.size(); ++i) {
      items += i ? ",\n      " : "\n      ";
      model_internal::AppendItemJson(t.items[i], first, &items);
    }
    items += t.items.empty() ? "]" : "\n    ]";
  }
  items += model.tables.empty() ? "}" : "\n  }";
  member("items", items);

  OrderedJson patterns = OrderedJson::array();
  for (const AccessPattern& p : model.access_patterns) {
    OrderedJson j = OrderedJson::object();
    j["id"] = p.id;
    j["name"] = p.name;
    if (!p.description.empty()) j["description"] = p.description;
    j["operation"] = p.operation;
    j["request"] = RequestObject(p.request_json);
    auto rate = [&j](const char* member, double r) {
      if (r <= 0) return;
      if (r == static_cast<double>(static_cast<int64_t>(r))) {
        j[member] = static_cast<int64_t>(r);
      } else {
        j[member] = r;
      }
    };
    rate("requestsPerSecond", p.requests_per_second);
    rate("peakRequestsPerSecond", p.peak_requests_per_second);
    if (!p.keys.empty()) j["keys"] = p.keys;
    MergeExtra(p.extra_json, &j);
    patterns.push_back(std::move(j));
  }
  OrderedJson tour = OrderedJson::array();
  for (const TourStep& s : model.tour) {
    OrderedJson j = OrderedJson::object();
    if (!s.title.empty()) j["title"] = s.title;
    j["text"] = s.text;
    if (!s.pattern_id.empty()) j["pattern"] = s.pattern_id;
    if (!s.operation.empty()) {
      j["operation"] = s.operation;
      j["request"] = RequestObject(s.request_json);
    }
    if (!s.look_at.empty()) j["lookAt"] = s.look_at;
    MergeExtra(s.extra_json, &j);
    tour.push_back(std::move(j));
  }
  OrderedJson extra = OrderedJson::object();
  MergeExtra(model.extra_json, &extra);
  bool has_tail = model.prices.has_value() || !extra.empty();
  bool has_tour = !model.tour.empty();
  member("accessPatterns", IndentedDump(patterns, 2), !has_tour && !has_tail);
  if (has_tour) member("tour", IndentedDump(tour, 2), !has_tail);
  if (model.prices) {
    member("prices", IndentedDump(model_internal::PricesToJson(*model.prices), 2), extra.empty());
  }
  size_t n = 0;
  for (auto it = extra.begin(); it != extra.end(); ++it) {
    ++n;
    out += "  ";
    model_internal::AppendJsonString(it.key(), &out);
    out += ": " + IndentedDump(it.value(), 2) + (n == extra.size() ? "\n" : ",\n");
  }
  out += "}\n";
  return out;
}

const ModelTable* Model::FindTable(std::string_view table_name) const {
  for (const ModelTable& t : tables) {
    if (t.name == table_name) return &t;
  }
  return nullptr;
}

const AccessPattern* Model::FindPattern(std::string_view id) const {
  for (const AccessPattern& p : access_patterns) {
    if (p.id == id) return &p;
  }
  return nullptr;
}

size_t Model::ItemCount() const {
  size_t n = 0;
  for (const ModelTable& t : tables) n += t.items.size();
  return n;
}

}  // namespace monotable
