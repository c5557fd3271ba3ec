// patterns_endpoint: the model's access patterns on an endpoint and on the engine, compared (see
// patterns_endpoint.h). Table setup and teardown on the endpoint, request rewriting for
// --table-suffix, answer normalisation, the comparison and its two output formats live here.
#include "patterns_endpoint.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <map>
#include <nlohmann/json.hpp>
#include <regex>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "endpoint_client.h"
#include "monotable/engine.h"
#include "monotable/number.h"

namespace monotable::cli {
namespace {

using Json = nlohmann::json;

// Set by SIGINT / SIGTERM: the run stops at the next request boundary and still deletes the tables
// it created (tables left on a real account would cost storage).
volatile std::sig_atomic_t g_interrupted = 0;
void OnInterrupt(int) { g_interrupted = 1; }

// Model table name <-> endpoint table name.
class TableNames {
 public:
  TableNames(const Model& model, std::string suffix) : suffix_(std::move(suffix)) {
    for (const ModelTable& t : model.tables) names_.insert(t.name);
  }
  std::string Remote(const std::string& name) const {
    return names_.count(name) != 0 ? name + suffix_ : name;
  }
  std::string Local(const std::string& remote) const {
    if (suffix_.empty() || remote.size() < suffix_.size()) return remote;
    if (remote.compare(remote.size() - suffix_.size(), suffix_.size(), suffix_) != 0) return remote;
    std::string base = remote.substr(0, remote.size() - suffix_.size());
    return names_.count(base) != 0 ? base : remote;
  }
  const std::string& suffix() const { return suffix_; }
  std::vector<std::string> model_names() const { return {names_.begin(), names_.end()}; }

 private:
  std::string suffix_;
  std::set<std::string> names_;
};

std::string RegexEscape(const std::string& text) {
  std::string out;
  for (char c : text) {
    if (std::strchr("\\^$.|?*+()[]{}", c) != nullptr) out += '\\';
    out += c;
  }
  return out;
}

// Members whose contents are attribute values or keys, never table names.
bool HoldsAttributeValues(const std::string& key) {
  return key == "Item" || key == "Key" || key == "Keys" || key == "ExpressionAttributeValues" ||
         key == "ExclusiveStartKey" || key == "Attributes" || key == "Expected";
}

// Rewrites the table names of a PartiQL statement: a name after FROM, INTO or UPDATE, bare or in
// double quotes, becomes the endpoint's name in double quotes (a suffix may hold characters a bare
// identifier cannot).
std::string RenameInStatement(const std::string& statement, const TableNames& names,
                              const std::vector<std::string>& model_names) {
  std::string out = statement;
  for (const std::string& name : model_names) {
    std::regex pattern("((?:FROM|INTO|UPDATE)\\s+)\"?" + RegexEscape(name) + "\"?(?=[\\s.;]|$)",
                       std::regex::icase);
    out = std::regex_replace(out, pattern, "$1\"" + names.Remote(name) + "\"");
  }
  return out;
}

// Rewrites every table name of a request (TableName members at any depth: transactions, and the
// keys of RequestItems for batches; PartiQL Statement texts) to its endpoint name.
void RenameTables(Json* j, const TableNames& names) {
  if (j->is_array()) {
    for (Json& e : *j) RenameTables(&e, names);
    return;
  }
  if (!j->is_object()) return;
  Json renamed = Json::object();
  for (auto it = j->begin(); it != j->end(); ++it) {
    const std::string& key = it.key();
    Json value = it.value();
    if (key == "TableName" && value.is_string()) {
      value = names.Remote(value.get<std::string>());
    } else if (key == "Statement" && value.is_string() && !names.suffix().empty()) {
      value = RenameInStatement(value.get<std::string>(), names, names.model_names());
    } else if (key == "RequestItems" && value.is_object()) {
      Json items = Json::object();
      for (auto t = value.begin(); t != value.end(); ++t) {
        Json inner = t.value();
        RenameTables(&inner, names);
        items[names.Remote(t.key())] = inner;
      }
      value = items;
    } else if (!HoldsAttributeValues(key)) {
      RenameTables(&value, names);
    }
    renamed[key] = value;
  }
  *j = renamed;
}

// An attribute value in a canonical form, so that equal values compare equal as text: numbers in
// canonical text (DynamoDB's "1.50" is "1.5"), set elements sorted (sets have no order).
Json NormalizeValue(const Json& v);

Json NormalizeItem(const Json& item) {
  if (!item.is_object()) return item;
  Json out = Json::object();
  for (auto it = item.begin(); it != item.end(); ++it) out[it.key()] = NormalizeValue(it.value());
  return out;
}

std::string NormalizeNumber(const Json& n) {
  if (!n.is_string()) return n.dump();
  Number parsed;
  if (!Number::Parse(n.get<std::string>(), &parsed).ok()) return n.get<std::string>();
  return parsed.ToString();
}

Json NormalizeValue(const Json& v) {
  if (!v.is_object() || v.size() != 1) return v;
  auto it = v.begin();
  const std::string& type = it.key();
  const Json& inner = it.value();
  if (type == "N") return Json{{"N", NormalizeNumber(inner)}};
  if ((type == "SS" || type == "BS" || type == "NS") && inner.is_array()) {
    std::vector<std::string> elements;
    for (const Json& e : inner) {
      elements.push_back(type == "NS" ? NormalizeNumber(e)
                                      : (e.is_string() ? e.get<std::string>() : e.dump()));
    }
    std::sort(elements.begin(), elements.end());
    return Json{{type, elements}};
  }
  if (type == "L" && inner.is_array()) {
    Json list = Json::array();
    for (const Json& e : inner) list.push_back(NormalizeValue(e));
    return Json{{"L", list}};
  }
  if (type == "M" && inner.is_object()) return Json{{"M", NormalizeItem(inner)}};
  return v;
}

// One side's answer to one pattern, reduced to what is compared.
struct Side {
  bool ok = false;
  std::string error_type;
  std::string message;
  bool has_items = false;
  std::vector<std::string> items;  // normalised item JSON, in response order
  // Query: the sort key value of each item in response order (see QuerySortKey); TransactGetItems:
  // the items themselves (their order is the request's).
  std::vector<std::string> order;
  size_t returned = 0;  // items returned (TransactGetItems' missing items not counted)
  bool has_count = false;
  int64_t count = 0;
  int64_t scanned_count = 0;
  std::string last_evaluated_key;  // normalised JSON, "" when absent
  bool has_capacity = false;
  // "<table>" -> CapacityUnits, "<table>/table" -> Table.CapacityUnits, "<table>/<index>" ->
  // that index's CapacityUnits. Table names are the model's.
  std::map<std::string, double> capacity;
  std::string capacity_text;  // "Orders 1.5 (table 1, GSI2 0.5)"
};

std::string Units(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", v);
  return buf;
}

double UnitsOf(const Json& j) {
  if (!j.is_object()) return 0;
  auto c = j.find("CapacityUnits");
  return c != j.end() && c->is_number() ? c->get<double>() : 0;
}

void AddCapacity(const Json& entry, const TableNames& names, Side* side) {
  if (!entry.is_object()) return;
  auto name_it = entry.find("TableName");
  std::string table = name_it != entry.end() && name_it->is_string()
                          ? names.Local(name_it->get<std::string>())
                          : "?";
  side->has_capacity = true;
  double total = UnitsOf(entry);
  side->capacity[table] += total;
  std::string parts;
  auto add_part = [&](const std::string& label, double units) {
    side->capacity[table + "/" + label] += units;
    if (!parts.empty()) parts += ", ";
    parts += label + " " + Units(units);
  };
  auto t = entry.find("Table");
  if (t != entry.end() && t->is_object()) add_part("table", UnitsOf(*t));
  for (const char* kind : {"GlobalSecondaryIndexes", "LocalSecondaryIndexes"}) {
    auto indexes = entry.find(kind);
    if (indexes == entry.end() || !indexes->is_object()) continue;
    for (auto ix = indexes->begin(); ix != indexes->end(); ++ix) add_part(ix.key(), UnitsOf(*ix));
  }
  if (!side->capacity_text.empty()) side->capacity_text += "; ";
  side->capacity_text += table + " " + Units(total);
  if (!parts.empty()) side->capacity_text += " (" + parts + ")";
}

// Reads a response body (the engine's or the endpoint's: the same wire format).
// `sort_key`: the attribute Query answers are ordered by ("" none).
Side ReadSide(const std::string& operation, const std::string& body, const TableNames& names,
              const std::string& sort_key) {
  Side side;
  side.ok = true;
  Json j = Json::parse(body, nullptr, false);
  if (!j.is_object()) return side;
  auto add_item = [&](const Json& item) {
    side.items.push_back(NormalizeItem(item).dump());
    ++side.returned;
    if (operation == "TransactGetItems") side.order.push_back(side.items.back());
    if (operation == "Query" && !sort_key.empty() && item.is_object() && item.contains(sort_key)) {
      side.order.push_back(NormalizeValue(item[sort_key]).dump());
    }
  };
  if (operation == "GetItem") {
    side.has_items = true;
    auto item = j.find("Item");
    if (item != j.end() && item->is_object()) add_item(*item);
  } else if (j.contains("Items") && j["Items"].is_array()) {
    side.has_items = true;
    for (const Json& item : j["Items"]) add_item(item);
  } else if (j.contains("Responses")) {
    side.has_items = true;
    const Json& r = j["Responses"];
    if (r.is_object()) {  // BatchGetItem: per table
      for (auto t = r.begin(); t != r.end(); ++t) {
        if (!t->is_array()) continue;
        for (const Json& item : *t) {
          Json tagged = NormalizeItem(item);
          side.items.push_back(names.Local(t.key()) + " " + tagged.dump());
          ++side.returned;
        }
      }
    } else if (r.is_array()) {  // TransactGetItems: one entry per Get, {} for a missing item
      for (const Json& e : r) {
        if (e.is_object() && e.contains("Item")) {
          add_item(e["Item"]);
        } else {
          side.items.push_back("(no item)");
          side.order.push_back("(no item)");
        }
      }
    }
  } else if (j.contains("Attributes") && j["Attributes"].is_object()) {
    side.has_items = true;  // a write with ReturnValues
    add_item(j["Attributes"]);
  }
  if (j.contains("Count") && j["Count"].is_number_integer()) {
    side.has_count = true;
    side.count = j["Count"].get<int64_t>();
    if (j.contains("ScannedCount") && j["ScannedCount"].is_number_integer()) {
      side.scanned_count = j["ScannedCount"].get<int64_t>();
    }
  }
  if (j.contains("LastEvaluatedKey"))
    side.last_evaluated_key = NormalizeItem(j["LastEvaluatedKey"]).dump();
  auto cc = j.find("ConsumedCapacity");
  if (cc != j.end()) {
    if (cc->is_array()) {
      for (const Json& e : *cc) AddCapacity(e, names, &side);
    } else {
      AddCapacity(*cc, names, &side);
    }
  }
  return side;
}

Side ErrorSide(std::string type, std::string message) {
  if (message.empty()) message = "(no message)";
  Side side;
  side.ok = false;
  side.error_type = std::move(type);
  side.message = std::move(message);
  return side;
}

// The attribute a Query's answer is ordered by: the sort key of the table or of the index it
// reads ("" for a hash-only key: DynamoDB leaves the order of entries sharing a partition key
// value unspecified then, and it does as well among entries with equal sort key values).
std::string QuerySortKey(const Model& model, const AccessPattern& p) {
  const ModelTable* table = model.FindTable(p.TableName());
  if (table == nullptr) return "";
  Json create = Json::parse(table->create_table_json, nullptr, false);
  if (!create.is_object()) return "";
  const Json* schema = nullptr;
  std::string index = p.IndexName();
  if (index.empty()) {
    if (create.contains("KeySchema")) schema = &create["KeySchema"];
  } else {
    for (const char* kind : {"GlobalSecondaryIndexes", "LocalSecondaryIndexes"}) {
      if (!create.contains(kind) || !create[kind].is_array()) continue;
      for (const Json& ix : create[kind]) {
        if (ix.is_object() && ix.value("IndexName", "") == index && ix.contains("KeySchema")) {
          schema = &ix["KeySchema"];
        }
      }
    }
  }
  if (schema == nullptr || !schema->is_array()) return "";
  for (const Json& k : *schema) {
    if (k.is_object() && k.value("KeyType", "") == "RANGE") return k.value("AttributeName", "");
  }
  return "";
}

// The differences between the engine's answer and the endpoint's, as phrases ("" none).
// Query answers in sort key order and TransactGetItems in request order, so order is part of
// those answers; Scan and BatchGetItem order is the implementation's business (compared as sets).
std::vector<std::string> Compare(const Side& engine, const Side& endpoint, bool* items_equal) {
  std::vector<std::string> out;
  *items_equal = true;
  if (engine.ok != endpoint.ok) {
    *items_equal = false;
    const Side& failed = engine.ok ? endpoint : engine;
    out.push_back(
        std::string(engine.ok ? "error on the endpoint only: " : "error in the engine only: ") +
        failed.error_type + ": " + failed.message);
    return out;
  }
  if (!engine.ok) {
    if (engine.error_type != endpoint.error_type) {
      out.push_back("errors differ: " + engine.error_type + " (engine) vs " + endpoint.error_type +
                    " (endpoint)");
    } else if (engine.message != endpoint.message) {
      out.push_back("error messages differ: \"" + engine.message + "\" (engine) vs \"" +
                    endpoint.message + "\" (endpoint)");
    }
    return out;
  }
  if (engine.has_items || endpoint.has_items) {
    std::vector<std::string> a = engine.items, b = endpoint.items;
    std::sort(a.begin(), a.end());
    std::sort(b.begin(), b.end());
    if (a != b) {
      *items_equal = false;
      std::vector<std::string> only_engine, only_endpoint;
      std::set_difference(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(only_engine));
      std::set_difference(b.begin(), b.end(), a.begin(), a.end(),
                          std::back_inserter(only_endpoint));
      out.push_back("items differ: " + std::to_string(engine.items.size()) + " from the engine, " +
                    std::to_string(endpoint.items.size()) + " from the endpoint (" +
                    std::to_string(only_engine.size()) + " only in the engine's answer, " +
                    std::to_string(only_endpoint.size()) + " only in the endpoint's)");
    } else if (engine.order != endpoint.order) {
      *items_equal = false;
      out.push_back("item order differs");
    }
  }
  if (engine.has_count != endpoint.has_count || engine.count != endpoint.count) {
    out.push_back("Count differs: " + std::to_string(engine.count) + " vs " +
                  std::to_string(endpoint.count));
  }
  if (engine.scanned_count != endpoint.scanned_count) {
    out.push_back("ScannedCount differs: " + std::to_string(engine.scanned_count) + " vs " +
                  std::to_string(endpoint.scanned_count));
  }
  if (engine.last_evaluated_key != endpoint.last_evaluated_key) {
    auto show = [](const std::string& k) { return k.empty() ? std::string("none") : k; };
    out.push_back("LastEvaluatedKey differs: " + show(engine.last_evaluated_key) + " vs " +
                  show(endpoint.last_evaluated_key));
  }
  if (engine.has_capacity != endpoint.has_capacity) {
    out.push_back(std::string("ConsumedCapacity missing from the ") +
                  (engine.has_capacity ? "endpoint's" : "engine's") + " answer");
  } else {
    // A part one side reports as 0 and the other leaves out is not a difference.
    std::set<std::string> keys;
    for (const auto& [k, v] : engine.capacity) keys.insert(k);
    for (const auto& [k, v] : endpoint.capacity) keys.insert(k);
    std::string detail;
    for (const std::string& k : keys) {
      auto e = engine.capacity.find(k);
      auto r = endpoint.capacity.find(k);
      double ev = e == engine.capacity.end() ? 0 : e->second;
      double rv = r == endpoint.capacity.end() ? 0 : r->second;
      if (std::fabs(ev - rv) < 1e-9) continue;
      if (!detail.empty()) detail += ", ";
      std::string label = k;
      size_t slash = k.find('/');
      if (slash != std::string::npos) label = k.substr(slash + 1);
      if (label == "table") label = k.substr(0, slash) + " table";
      if (slash == std::string::npos) label = k + " total";
      detail += label + " " + Units(ev) + " vs " + Units(rv);
    }
    if (!detail.empty()) out.push_back("capacity differs: " + detail + " (engine vs endpoint)");
  }
  return out;
}

// The summary's name for a difference phrase of Compare().
std::string DifferenceKind(const std::string& phrase) {
  static const std::pair<const char*, const char*> kKinds[] = {
      {"error", "errors"},
      {"items differ", "items"},
      {"item order", "order"},
      {"Count", "Count"},
      {"ScannedCount", "ScannedCount"},
      {"LastEvaluatedKey", "LastEvaluatedKey"},
      {"capacity", "capacity"},
      {"ConsumedCapacity", "capacity"}};
  for (const auto& [prefix, kind] : kKinds) {
    if (phrase.rfind(prefix, 0) == 0) return kind;
  }
  return "other";
}

Json SideJson(const Side& s) {
  Json j = {{"ok", s.ok}};
  if (!s.ok) {
    j["error"] = s.error_type;
    j["message"] = s.message;
    return j;
  }
  if (s.has_items) j["items"] = s.returned;
  if (s.has_count) {
    j["count"] = s.count;
    j["scannedCount"] = s.scanned_count;
  }
  if (!s.last_evaluated_key.empty()) j["lastEvaluatedKey"] = Json::parse(s.last_evaluated_key);
  Json capacity = Json::object();
  for (const auto& [k, v] : s.capacity) capacity[k] = v;
  if (s.has_capacity) j["capacity"] = capacity;
  return j;
}

// Seconds since `start`.
double Since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

std::string Describe(const EndpointResponse& r) {
  if (r.http_status == 0) return "no answer (" + r.message + ")";
  return r.error_type + ": " + r.message;
}

// Waits until the table and every GSI are ACTIVE.
bool WaitActive(EndpointClient* client, const std::string& remote, double wait_seconds,
                double* waited, std::string* error) {
  auto start = std::chrono::steady_clock::now();
  int delay_ms = 100;
  std::string body = Json{{"TableName", remote}}.dump();
  while (true) {
    EndpointResponse r = client->Call("DescribeTable", body);
    if (!r.ok()) {
      *error = "DescribeTable " + remote + ": " + Describe(r);
      return false;
    }
    Json j = Json::parse(r.body, nullptr, false);
    bool active = false;
    if (j.is_object() && j.contains("Table") && j["Table"].is_object()) {
      const Json& t = j["Table"];
      active = t.value("TableStatus", "") == "ACTIVE";
      if (active && t.contains("GlobalSecondaryIndexes") &&
          t["GlobalSecondaryIndexes"].is_array()) {
        for (const Json& g : t["GlobalSecondaryIndexes"]) {
          if (g.is_object() && g.contains("IndexStatus") && g["IndexStatus"] != "ACTIVE") {
            active = false;
          }
        }
      }
    }
    *waited = Since(start);
    if (active) return true;
    if (*waited > wait_seconds) {
      *error = remote + " is not ACTIVE after " + Units(wait_seconds) + " s";
      return false;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(delay_ms));
    delay_ms = std::min(delay_ms * 3 / 2, 5000);
  }
}

// Waits until DescribeTable says the table does not exist (after DeleteTable). False: still
// there after `wait_seconds`, or the endpoint stopped answering.
bool WaitGone(EndpointClient* client, const std::string& remote, double wait_seconds) {
  auto start = std::chrono::steady_clock::now();
  int delay_ms = 100;
  std::string body = Json{{"TableName", remote}}.dump();
  while (true) {
    EndpointResponse r = client->Call("DescribeTable", body);
    if (r.error_type == "ResourceNotFoundException") return true;
    if (!r.ok() || Since(start) > wait_seconds) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(delay_ms));
    delay_ms = std::min(delay_ms * 3 / 2, 5000);
  }
}

// Writes a table's items with BatchWriteItem, 25 PutRequests per call, resending UnprocessedItems
// with exponential backoff (DynamoDB's advice for throttled batches).
bool LoadItems(EndpointClient* client, const std::string& remote, const std::vector<Item>& items,
               int* calls, std::string* error) {
  constexpr size_t kBatch = 25;  // BatchWriteItem's limit
  for (size_t start = 0; start < items.size(); start += kBatch) {
    if (g_interrupted) {
      *error = "interrupted while loading " + remote;
      return false;
    }
    std::string body = "{\"RequestItems\":{" + Json(remote).dump() + ":[";
    for (size_t i = start; i < std::min(items.size(), start + kBatch); ++i) {
      if (i > start) body += ',';
      body += "{\"PutRequest\":{\"Item\":" + ToWireJson(items[i]) + "}}";
    }
    body += "]}}";
    int delay_ms = 50;
    for (int attempt = 0;; ++attempt) {
      EndpointResponse r = client->Call("BatchWriteItem", body);
      ++*calls;
      if (!r.ok()) {
        *error = "BatchWriteItem " + remote + " (items " + std::to_string(start + 1) + "-" +
                 std::to_string(std::min(items.size(), start + kBatch)) + "): " + Describe(r);
        return false;
      }
      Json j = Json::parse(r.body, nullptr, false);
      if (!j.is_object() || !j.contains("UnprocessedItems") || !j["UnprocessedItems"].is_object() ||
          j["UnprocessedItems"].empty()) {
        break;
      }
      if (attempt == 12) {
        *error = "BatchWriteItem " + remote + ": items still unprocessed after 12 retries";
        return false;
      }
      body = Json{{"RequestItems", j["UnprocessedItems"]}}.dump();
      std::this_thread::sleep_for(std::chrono::milliseconds(delay_ms));
      delay_ms = std::min(delay_ms * 2, 5000);
    }
  }
  return true;
}

// The request a pattern sends: RunPattern's (ReturnConsumedCapacity INDEXES added when not set,
// TOTAL for TransactGetItems, which accepts no INDEXES), table names rewritten for the endpoint.
std::string EndpointRequest(const AccessPattern& p, const TableNames& names) {
  Json request = Json::parse(p.request_json, nullptr, false);
  if (!request.is_object()) return p.request_json;
  if (request.find("ReturnConsumedCapacity") == request.end()) {
    request["ReturnConsumedCapacity"] = p.operation == "TransactGetItems" ? "TOTAL" : "INDEXES";
  }
  RenameTables(&request, names);
  return request.dump();
}

std::string Pad(std::string s, size_t width) {
  if (s.size() < width) s.append(width - s.size(), ' ');
  return s;
}

void PrintSideRow(const char* label, const Side& s, const std::string& first_column) {
  std::string items = s.ok ? (s.has_items ? std::to_string(s.returned) : "-") : "ERROR";
  std::string counts =
      s.has_count ? std::to_string(s.count) + "/" + std::to_string(s.scanned_count) : "-";
  std::string rest =
      s.ok ? (s.has_capacity ? s.capacity_text : "(none)") : s.error_type + ": " + s.message;
  std::printf("%s %-9s %6s  %-13s %s\n", Pad(first_column, 36).c_str(), label, items.c_str(),
              counts.c_str(), rest.c_str());
}

}  // namespace

int ComparePatternsWithEndpoint(const Model& model, const EndpointPatternsOptions& options) {
  EndpointConfig config;
  std::string error;
  if (!ResolveEndpointConfig(options.endpoint_url, options.region, &config, &error)) {
    std::fprintf(stderr, "monotable: %s\n", error.c_str());
    return 2;
  }
  // Setup lines go where they do not mix with the JSON rows; stdout line-buffered so that they
  // and the errors on stderr appear in the order they happen.
  FILE* info = options.as_json ? stderr : stdout;
  std::setvbuf(stdout, nullptr, _IOLBF, 0);
  EndpointClient client(config);
  TableNames names(model, options.table_suffix);
  g_interrupted = 0;
  auto previous_int = std::signal(SIGINT, OnInterrupt);
  auto previous_term = std::signal(SIGTERM, OnInterrupt);
  struct RestoreSignals {
    void (*int_handler)(int);
    void (*term_handler)(int);
    ~RestoreSignals() {
      std::signal(SIGINT, int_handler);
      std::signal(SIGTERM, term_handler);
    }
  } restore{previous_int, previous_term};
  constexpr int kInterruptedExit = 130;  // as shells report a SIGINT

  std::fprintf(info, "%s: %zu table%s, %zu items, %zu access patterns\n", model.name.c_str(),
               model.tables.size(), model.tables.size() == 1 ? "" : "s", model.ItemCount(),
               model.access_patterns.size());
  std::fprintf(
      info, "endpoint %s, region %s%s%s\n", config.url.c_str(), config.region.c_str(),
      config.dummy_credentials ? ", dummy credentials (none set; endpoint on this machine)" : "",
      names.suffix().empty() ? "" : (", table suffix \"" + names.suffix() + "\"").c_str());

  // 1. Which tables exist already?
  std::vector<const ModelTable*> to_create;
  std::vector<std::string> reused;
  for (const ModelTable& t : model.tables) {
    std::string remote = names.Remote(t.name);
    EndpointResponse r = client.Call("DescribeTable", Json{{"TableName", remote}}.dump());
    if (r.ok()) {
      reused.push_back(remote);
    } else if (r.error_type == "ResourceNotFoundException") {
      to_create.push_back(&t);
    } else {
      std::fprintf(stderr, "monotable: %s: DescribeTable %s: %s\n", config.url.c_str(),
                   remote.c_str(), Describe(r).c_str());
      return 1;
    }
  }
  if (!reused.empty() && !options.reuse_tables) {
    std::string list;
    for (const std::string& n : reused) list += (list.empty() ? "" : ", ") + n;
    std::fprintf(stderr,
                 "monotable: table%s %s already exist%s on %s: refusing to touch %s.\n"
                 "  --table-suffix S creates tables named <table>S instead; --reuse-tables runs "
                 "the patterns on the\n  existing tables as they are (no items loaded, nothing "
                 "deleted).\n",
                 reused.size() == 1 ? "" : "s", list.c_str(), reused.size() == 1 ? "s" : "",
                 config.url.c_str(), reused.size() == 1 ? "it" : "them");
    return 2;
  }
  for (const std::string& n : reused) {
    std::fprintf(info, "reusing %s as it is (--reuse-tables: no items loaded, not deleted)\n",
                 n.c_str());
  }

  // 2. Create and load the missing tables; from here on, created tables are deleted on the way out.
  std::vector<std::string> created;
  auto cleanup = [&]() {
    if (created.empty()) return;
    if (options.keep_tables) {
      std::string list;
      for (const std::string& n : created) list += (list.empty() ? "" : ", ") + n;
      std::fprintf(info, "kept %s on the endpoint (--keep-tables)\n", list.c_str());
      return;
    }
    for (const std::string& n : created) {
      EndpointResponse r = client.Call("DeleteTable", Json{{"TableName", n}}.dump());
      if (r.ok()) {
        // DELETING takes a while on DynamoDB: wait until the table is gone, so that a next run
        // finds the name free.
        auto start = std::chrono::steady_clock::now();
        bool gone = WaitGone(&client, n, options.wait_seconds);
        std::fprintf(info,
                     gone ? "deleted %s (gone after %.1f s)\n"
                          : "deleting %s (still DELETING after %.1f s)\n",
                     n.c_str(), Since(start));
      } else {
        std::fprintf(stderr, "monotable: DeleteTable %s: %s (delete it yourself)\n", n.c_str(),
                     Describe(r).c_str());
      }
    }
  };
  for (const ModelTable* t : to_create) {
    if (g_interrupted) {
      std::fprintf(stderr, "monotable: interrupted\n");
      cleanup();
      return kInterruptedExit;
    }
    std::string remote = names.Remote(t->name);
    Json create = Json::parse(t->create_table_json, nullptr, false);
    if (!create.is_object()) {
      std::fprintf(stderr, "monotable: %s: the CreateTable request is not a JSON object\n",
                   t->name.c_str());
      cleanup();
      return 1;
    }
    create["TableName"] = remote;
    EndpointResponse r = client.Call("CreateTable", create.dump());
    if (!r.ok()) {
      std::fprintf(stderr, "monotable: CreateTable %s: %s\n", remote.c_str(), Describe(r).c_str());
      cleanup();
      return 1;
    }
    created.push_back(remote);
    double waited = 0;
    if (!WaitActive(&client, remote, options.wait_seconds, &waited, &error)) {
      std::fprintf(stderr, "monotable: %s\n", error.c_str());
      cleanup();
      return 1;
    }
    int calls = 0;
    auto load_start = std::chrono::steady_clock::now();
    if (!LoadItems(&client, remote, t->items, &calls, &error)) {
      std::fprintf(stderr, "monotable: %s\n", error.c_str());
      cleanup();
      return g_interrupted ? kInterruptedExit : 1;
    }
    std::fprintf(info,
                 "created %s (ACTIVE after %.1f s), loaded %zu items in %d BatchWriteItem call%s "
                 "(%.1f s)\n",
                 remote.c_str(), waited, t->items.size(), calls, calls == 1 ? "" : "s",
                 Since(load_start));
  }

  // 3. The same model in the engine.
  EngineOptions engine_options;
  if (model.prices) engine_options.prices = *model.prices;
  engine_options.region = config.region;
  Engine engine(engine_options);
  Status loaded = LoadModel(model, &engine);
  if (!loaded.ok()) {
    std::fprintf(stderr, "monotable: loading the model into the engine failed: %s\n",
                 loaded.message().c_str());
    cleanup();
    return 1;
  }

  // 4. Every pattern on both sides, in model order.
  if (!options.as_json) {
    std::printf("\n%s %-9s %6s  %-13s %s\n", Pad("pattern / operation", 36).c_str(), "side",
                "items", "Count/Scanned", "ConsumedCapacity (or error)");
  }
  int differing = 0;
  std::map<std::string, int> kinds;  // "capacity" -> patterns with that kind of difference
  for (const AccessPattern& p : model.access_patterns) {
    if (g_interrupted) {
      std::fprintf(stderr, "monotable: interrupted before pattern %s\n", p.id.c_str());
      cleanup();
      return kInterruptedExit;
    }
    std::string sort_key = p.operation == "Query" ? QuerySortKey(model, p) : "";
    Result local = RunPattern(p, &engine);
    Side engine_side = local.status.ok() ? ReadSide(p.operation, local.body, names, sort_key)
                                         : ErrorSide(std::string(ErrorName(local.status.code())),
                                                     local.status.message());
    EndpointResponse remote = client.Call(p.operation, EndpointRequest(p, names));
    Side endpoint_side =
        remote.ok()
            ? ReadSide(p.operation, remote.body, names, sort_key)
            : ErrorSide(remote.http_status == 0 ? "NoAnswer" : remote.error_type, remote.message);
    bool items_equal = true;
    std::vector<std::string> diffs = Compare(engine_side, endpoint_side, &items_equal);
    if (!diffs.empty()) ++differing;
    for (const std::string& d : diffs) ++kinds[DifferenceKind(d)];
    if (options.as_json) {
      Json row = {{"pattern", p.id},
                  {"operation", p.operation},
                  {"engine", SideJson(engine_side)},
                  {"endpoint", SideJson(endpoint_side)},
                  {"itemsEqual", items_equal},
                  {"differences", diffs}};
      std::printf("%s\n", row.dump().c_str());
      continue;
    }
    std::string index = p.IndexName();
    std::printf("\n");
    PrintSideRow("engine", engine_side, p.id);
    PrintSideRow("endpoint", endpoint_side,
                 "  " + p.operation + (index.empty() ? "" : " " + index));
    if (diffs.empty()) {
      std::printf("  = same\n");
    } else {
      for (const std::string& d : diffs) std::printf("  ! DIFFERENCE: %s\n", d.c_str());
    }
  }

  // 5. Summary, then clean up.
  size_t total = model.access_patterns.size();
  if (differing == 0) {
    std::fprintf(info, "\n%zu patterns compared: no differences\n", total);
  } else {
    std::string list;
    for (const auto& [kind, n] : kinds) {
      list += (list.empty() ? "" : ", ") + kind + " " + std::to_string(n);
    }
    std::fprintf(info, "\n%zu patterns compared: %d with differences (%s)\n", total, differing,
                 list.c_str());
  }
  cleanup();
  return differing == 0 ? 0 : 1;
}

}  // namespace monotable::cli
