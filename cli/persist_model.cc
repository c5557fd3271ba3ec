// persist_model: a DynamoDB endpoint's or an engine's tables as a model file and back: `monotable
// dump` / `restore` (through any CallFn) and the data directory's snapshots (through the engine,
// items written and read by the model library). See persist.h.
#include <chrono>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "monotable/engine.h"
#include "monotable/model.h"
#include "persist.h"

namespace monotable::cli {
namespace {

using Json = nlohmann::json;

// The error text of a failed call: "DescribeTable Orders: ResourceNotFoundException: ...".
std::string CallError(std::string_view what, const CallResult& r) {
  std::string text(what);
  Json body = Json::parse(r.body, nullptr, false);
  if (r.http_status == 0) return text + ": no answer (" + r.body + ")";
  if (body.is_object()) {
    auto type = body.find("__type");
    if (type != body.end() && type->is_string()) {
      std::string name = type->get<std::string>();
      text += ": " + name.substr(name.find('#') == std::string::npos ? 0 : name.find('#') + 1);
    }
    for (const char* m : {"message", "Message"}) {
      auto msg = body.find(m);
      if (msg != body.end() && msg->is_string()) text += ": " + msg->get<std::string>();
    }
  }
  return text + " (HTTP " + std::to_string(r.http_status) + ")";
}

// Runs one call and parses its answer into *out; false with *error when it failed.
bool CallJson(const CallFn& call, std::string_view operation, const Json& request,
              const std::string& what, Json* out, std::string* error) {
  CallResult r = call(operation, request.dump());
  if (r.http_status != 200) {
    *error = CallError(what, r);
    return false;
  }
  *out = Json::parse(r.body, nullptr, false);
  if (!out->is_object()) {
    *error = what + ": the answer is not a JSON object";
    return false;
  }
  return true;
}

const Json* Member(const Json& j, const char* name) {
  if (!j.is_object()) return nullptr;
  auto it = j.find(name);
  return it == j.end() ? nullptr : &*it;
}
std::string StringMember(const Json& j, const char* name) {
  const Json* m = Member(j, name);
  return m != nullptr && m->is_string() ? m->get<std::string>() : std::string();
}

// A CreateTable request rebuilt from a DescribeTable `Table` (without the stream setting, which
// the restore applies after the items, so the restored items leave no stream records).
Json CreateTableFromDescription(const Json& table) {
  Json create = Json::object();
  for (const char* m : {"TableName", "KeySchema", "AttributeDefinitions"}) {
    if (const Json* v = Member(table, m)) create[m] = *v;
  }
  std::string billing;
  if (const Json* summary = Member(table, "BillingModeSummary")) {
    billing = StringMember(*summary, "BillingMode");
  }
  auto throughput = [](const Json& from) {
    Json t = Json::object();
    if (const Json* p = Member(from, "ProvisionedThroughput")) {
      for (const char* m : {"ReadCapacityUnits", "WriteCapacityUnits"}) {
        if (const Json* v = Member(*p, m)) t[m] = *v;
      }
    }
    return t;
  };
  if (billing.empty()) {
    Json t = throughput(table);
    const Json* r = Member(t, "ReadCapacityUnits");
    billing =
        r != nullptr && r->is_number() && r->get<double>() > 0 ? "PROVISIONED" : "PAY_PER_REQUEST";
  }
  create["BillingMode"] = billing;
  const bool provisioned = billing == "PROVISIONED";
  if (provisioned) create["ProvisionedThroughput"] = throughput(table);
  for (const char* kind : {"GlobalSecondaryIndexes", "LocalSecondaryIndexes"}) {
    const Json* list = Member(table, kind);
    if (list == nullptr || !list->is_array() || list->empty()) continue;
    Json out = Json::array();
    for (const Json& index : *list) {
      Json i = Json::object();
      for (const char* m : {"IndexName", "KeySchema", "Projection"}) {
        if (const Json* v = Member(index, m)) i[m] = *v;
      }
      if (provisioned && std::string_view(kind) == "GlobalSecondaryIndexes") {
        i["ProvisionedThroughput"] = throughput(index);
      }
      out.push_back(std::move(i));
    }
    create[kind] = std::move(out);
  }
  if (const Json* v = Member(table, "DeletionProtectionEnabled"); v && v->is_boolean() && *v) {
    create["DeletionProtectionEnabled"] = true;
  }
  return create;
}

// DumpModelText, with the items (Scan) or without them ("items" empty).
bool DescribeAll(const CallFn& call, bool with_items, std::string* out, std::string* error) {
  std::vector<std::string> names;
  Json start;
  do {
    Json request = Json::object();
    if (!start.is_null()) request["ExclusiveStartTableName"] = start;
    Json answer;
    if (!CallJson(call, "ListTables", request, "ListTables", &answer, error)) return false;
    if (const Json* list = Member(answer, "TableNames"); list && list->is_array()) {
      for (const Json& n : *list) {
        if (n.is_string()) names.push_back(n.get<std::string>());
      }
    }
    const Json* next = Member(answer, "LastEvaluatedTableName");
    start = next != nullptr && next->is_string() ? *next : Json();
  } while (!start.is_null());

  Json tables = Json::array();
  Json extras = Json::object();
  std::string items_text;  // the "items" member's inside, written as text (tables can be large)
  size_t table_number = 0;
  for (const std::string& name : names) {
    Json described;
    if (!CallJson(call, "DescribeTable", {{"TableName", name}}, "DescribeTable " + name, &described,
                  error)) {
      return false;
    }
    const Json* table = Member(described, "Table");
    if (table == nullptr) {
      *error = "DescribeTable " + name + ": no Table in the answer";
      return false;
    }
    // A table being deleted (serve --delay-transient-statuses) is gone as far as its owner is
    // concerned: a snapshot or a dump that kept it would bring it back.
    if (StringMember(*table, "TableStatus") == "DELETING") continue;
    tables.push_back(CreateTableFromDescription(*table));
    Json extra = Json::object();
    if (const Json* created = Member(*table, "CreationDateTime"); created && created->is_number()) {
      extra["creationMs"] = static_cast<int64_t>(created->get<double>() * 1000 + 0.5);
    }
    if (const Json* stream = Member(*table, "StreamSpecification")) {
      const Json* enabled = Member(*stream, "StreamEnabled");
      if (enabled && enabled->is_boolean() && *enabled) extra["StreamSpecification"] = *stream;
    }
    Json ttl;
    if (!CallJson(call, "DescribeTimeToLive", {{"TableName", name}}, "DescribeTimeToLive " + name,
                  &ttl, error)) {
      return false;
    }
    if (const Json* d = Member(ttl, "TimeToLiveDescription")) {
      std::string status = StringMember(*d, "TimeToLiveStatus");
      if (status == "ENABLED" || status == "ENABLING") {
        extra["timeToLiveAttribute"] = StringMember(*d, "AttributeName");
      }
    }
    std::string arn = StringMember(*table, "TableArn");
    if (!arn.empty()) {
      Json tags = Json::array();
      Json next;
      do {
        Json request = {{"ResourceArn", arn}};
        if (!next.is_null()) request["NextToken"] = next;
        Json answer;
        if (!CallJson(call, "ListTagsOfResource", request, "ListTagsOfResource " + name, &answer,
                      error)) {
          return false;
        }
        if (const Json* t = Member(answer, "Tags"); t && t->is_array()) {
          for (const Json& tag : *t) tags.push_back(tag);
        }
        const Json* token = Member(answer, "NextToken");
        next = token != nullptr && token->is_string() ? *token : Json();
      } while (!next.is_null());
      if (!tags.empty()) extra["tags"] = std::move(tags);
    }
    extras[name] = std::move(extra);
    if (!with_items) continue;

    // Items: Scan pages, each item written as its DynamoDB JSON text.
    items_text += table_number++ == 0 ? "\n" : ",\n";
    items_text += "    " + Json(name).dump() + ": [";
    size_t count = 0;
    Json start_key;
    do {
      Json request = {{"TableName", name}};
      if (!start_key.is_null()) request["ExclusiveStartKey"] = start_key;
      Json page;
      if (!CallJson(call, "Scan", request, "Scan " + name, &page, error)) return false;
      if (const Json* items = Member(page, "Items"); items && items->is_array()) {
        for (const Json& item : *items) {
          items_text += count++ == 0 ? "\n      " : ",\n      ";
          items_text += item.dump();
        }
      }
      const Json* last = Member(page, "LastEvaluatedKey");
      start_key = last != nullptr && last->is_object() ? *last : Json();
    } while (!start_key.is_null());
    items_text += count == 0 ? "]" : "\n    ]";
  }

  out->clear();
  *out += "{\n  \"formatVersion\": 1,\n  \"name\": \"monotable dump\",\n  \"tables\": [";
  for (size_t i = 0; i < tables.size(); ++i) {
    *out += (i == 0 ? "\n    " : ",\n    ") + tables[i].dump();
  }
  *out += tables.empty() ? "],\n" : "\n  ],\n";
  *out += "  \"items\": {" + items_text + (items_text.empty() ? "},\n" : "\n  },\n");
  *out += "  \"x-monotable-tables\": " + extras.dump() + "\n}\n";
  return true;
}

// Applies what DumpModelText keeps in "x-monotable-tables" for table `name`: the stream setting,
// TTL and tags (after the items, so that loading them leaves no stream records).
bool ApplyExtras(const CallFn& call, const std::string& name, const Json& extra,
                 std::string* error) {
  Json answer;
  if (const Json* stream = Member(extra, "StreamSpecification")) {
    if (!CallJson(call, "UpdateTable", {{"TableName", name}, {"StreamSpecification", *stream}},
                  "UpdateTable " + name, &answer, error)) {
      return false;
    }
  }
  if (std::string ttl = StringMember(extra, "timeToLiveAttribute"); !ttl.empty()) {
    Json request = {{"TableName", name},
                    {"TimeToLiveSpecification", {{"Enabled", true}, {"AttributeName", ttl}}}};
    if (!CallJson(call, "UpdateTimeToLive", request, "UpdateTimeToLive " + name, &answer, error)) {
      return false;
    }
  }
  if (const Json* tags = Member(extra, "tags"); tags && tags->is_array() && !tags->empty()) {
    Json described;
    if (!CallJson(call, "DescribeTable", {{"TableName", name}}, "DescribeTable " + name, &described,
                  error)) {
      return false;
    }
    const Json* table = Member(described, "Table");
    std::string arn = table != nullptr ? StringMember(*table, "TableArn") : "";
    if (!CallJson(call, "TagResource", {{"ResourceArn", arn}, {"Tags", *tags}},
                  "TagResource " + name, &answer, error)) {
      return false;
    }
  }
  return true;
}

CallFn EngineCall(Engine* engine) {
  return [engine](std::string_view op, std::string_view body) {
    Result r = engine->Execute(op, body, ExecuteOptions{.effects = false});
    return CallResult{r.http_status, std::move(r.body)};
  };
}

}  // namespace

bool SnapshotText(Engine* engine, std::string* out, std::string* error) {
  std::string schema;
  if (!DescribeAll(EngineCall(engine), /*with_items=*/false, &schema, error)) return false;
  Model base;
  Status parsed = ParseModel(schema, &base);
  if (!parsed.ok()) {
    *error = "snapshot: " + parsed.message();
    return false;
  }
  *out = SerializeModel(ExportModel(*engine, base));
  return true;
}

std::string StateBeyondSnapshot(Engine* engine) {
  const CallFn call = EngineCall(engine);
  std::string error;
  Json answer;
  // Backups of every table, live or deleted (a backup outlives its table).
  if (!CallJson(call, "ListBackups", Json::object(), "ListBackups", &answer, &error)) return error;
  if (const Json* list = Member(answer, "BackupSummaries"); list && list->is_array()) {
    if (!list->empty()) return "on-demand backups";
  }
  std::optional<std::string> start;
  do {
    Json request = Json::object();
    if (start) request["ExclusiveStartTableName"] = *start;
    if (!CallJson(call, "ListTables", request, "ListTables", &answer, &error)) return error;
    start.reset();
    if (const Json* last = Member(answer, "LastEvaluatedTableName"); last && last->is_string()) {
      start = last->get<std::string>();
    }
    const Json* names = Member(answer, "TableNames");
    for (const Json& n : names && names->is_array() ? *names : Json::array()) {
      if (!n.is_string()) continue;
      const std::string name = n.get<std::string>();
      Json d;
      if (CallJson(call, "DescribeContinuousBackups", {{"TableName", name}}, "", &d, &error)) {
        const Json* desc = Member(d, "ContinuousBackupsDescription");
        const Json* pitr = desc ? Member(*desc, "PointInTimeRecoveryDescription") : nullptr;
        if (pitr && StringMember(*pitr, "PointInTimeRecoveryStatus") == "ENABLED") {
          return "point-in-time recovery of " + name;
        }
      }
      if (CallJson(call, "ListContributorInsights", {{"TableName", name}}, "", &d, &error)) {
        const Json* list = Member(d, "ContributorInsightsSummaries");
        for (const Json& c : list && list->is_array() ? *list : Json::array()) {
          if (StringMember(c, "ContributorInsightsStatus") == "ENABLED") {
            return "contributor insights of " + name;
          }
        }
      }
      if (CallJson(call, "DescribeTable", {{"TableName", name}}, "", &d, &error)) {
        const Json* t = Member(d, "Table");
        const std::string arn = t ? StringMember(*t, "TableArn") : "";
        if (!arn.empty() && call("GetResourcePolicy", Json{{"ResourceArn", arn}}.dump())
                                    .http_status == 200) {
          return "the resource policy of " + name;
        }
      }
    }
  } while (start);
  return "";
}

bool LoadSnapshot(std::string_view text, Engine* engine, int64_t* clock, std::string* summary,
                  std::string* error) {
  Model model;
  Status parsed = ParseModel(text, &model);
  if (!parsed.ok()) {
    *error = parsed.message();
    return false;
  }
  Json top = Json::parse(model.extra_json.empty() ? "{}" : model.extra_json, nullptr, false);
  static const Json kNone = Json::object();
  const Json* extras = Member(top, "x-monotable-tables");
  const int64_t start_clock = *clock;
  size_t items = 0;
  // The tables of a snapshot are loaded ACTIVE (their items are written at their creation time),
  // whatever serve's --delay-transient-statuses: that is put back after.
  struct DelayOff {
    Engine* engine;
    int64_t ms;
    ~DelayOff() { engine->set_transient_status_ms(ms); }
  } delay_off{engine, engine->options().transient_status_ms};
  engine->set_transient_status_ms(0);
  for (ModelTable& table : model.tables) {
    const Json* extra = extras != nullptr ? Member(*extras, table.name.c_str()) : nullptr;
    if (extra == nullptr) extra = &kNone;
    const Json* created = Member(*extra, "creationMs");
    *clock =
        created != nullptr && created->is_number_integer() ? created->get<int64_t>() : start_clock;
    items += table.items.size();
    Model one;
    one.name = model.name;
    one.tables.push_back(std::move(table));
    Status loaded = LoadModel(one, engine);
    if (!loaded.ok()) {
      *error = loaded.message();
      return false;
    }
    if (!ApplyExtras(EngineCall(engine), one.tables[0].name, *extra, error)) return false;
  }
  *clock = start_clock;
  *summary = std::to_string(model.tables.size()) +
             (model.tables.size() == 1 ? " table, " : " tables, ") + Grouped(items) +
             (items == 1 ? " item" : " items");
  return true;
}

bool DumpModelText(const CallFn& call, std::string* out, std::string* error) {
  return DescribeAll(call, /*with_items=*/true, out, error);
}

bool RestoreModelText(std::string_view text, const CallFn& call,
                      const std::function<void(int64_t creation_ms)>& set_clock, bool wait_active,
                      std::string* summary, std::string* error) {
  Json model = Json::parse(text, nullptr, false);
  if (!model.is_object()) {
    *error = "not a model file (not a JSON object)";
    return false;
  }
  if (const Json* v = Member(model, "formatVersion");
      !v || !v->is_number_integer() || v->get<int64_t>() < 1 || v->get<int64_t>() > 1) {
    *error = "formatVersion: expected 1 (this monotable reads model format 1)";
    return false;
  }
  const Json* tables = Member(model, "tables");
  if (tables == nullptr || !tables->is_array()) {
    *error = "tables: expected an array of CreateTable requests";
    return false;
  }
  static const Json kNone = Json::object();
  const Json* items = Member(model, "items");
  if (items != nullptr && !items->is_object()) {
    *error = "items: expected an object (table name -> items)";
    return false;
  }
  const Json* extras = Member(model, "x-monotable-tables");
  size_t table_count = 0, item_count = 0;
  for (const Json& create : *tables) {
    std::string name = StringMember(create, "TableName");
    if (name.empty()) {
      *error = "tables[" + std::to_string(table_count) + "]: no TableName";
      return false;
    }
    const Json& extra = extras != nullptr && Member(*extras, name.c_str()) != nullptr
                            ? *Member(*extras, name.c_str())
                            : kNone;
    const Json* created = Member(extra, "creationMs");
    if (set_clock && created != nullptr && created->is_number_integer()) {
      set_clock(created->get<int64_t>());
    }
    Json answer;
    if (!CallJson(call, "CreateTable", create, "CreateTable " + name, &answer, error)) return false;
    while (wait_active) {
      Json described;
      if (!CallJson(call, "DescribeTable", {{"TableName", name}}, "DescribeTable " + name,
                    &described, error)) {
        return false;
      }
      const Json* table = Member(described, "Table");
      if (StringMember(table != nullptr ? *table : kNone, "TableStatus") == "ACTIVE") {
        break;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(200));
    }
    const Json* list = items != nullptr ? Member(*items, name.c_str()) : nullptr;
    if (list != nullptr && !list->is_array()) {
      *error = "items." + name + ": expected an array of items";
      return false;
    }
    size_t n = list != nullptr ? list->size() : 0;
    for (size_t at = 0; at < n; at += 25) {
      Json writes = Json::array();
      for (size_t i = at; i < n && i < at + 25; ++i) {
        writes.push_back({{"PutRequest", {{"Item", (*list)[i]}}}});
      }
      Json request = {{"RequestItems", {{name, std::move(writes)}}}};
      for (int attempt = 0;; ++attempt) {
        Json done;
        if (!CallJson(call, "BatchWriteItem", request, "BatchWriteItem " + name, &done, error)) {
          return false;
        }
        const Json* left = Member(done, "UnprocessedItems");
        if (left == nullptr || !left->is_object() || left->empty()) break;
        if (attempt == 20) {
          *error = "BatchWriteItem " + name + ": items still unprocessed after 20 attempts";
          return false;
        }
        request = {{"RequestItems", *left}};
        std::this_thread::sleep_for(std::chrono::milliseconds(50 << std::min(attempt, 5)));
      }
    }
    item_count += n;
    if (!ApplyExtras(call, name, extra, error)) return false;
    if (set_clock) set_clock(-1);
    ++table_count;
  }
  if (items != nullptr) {
    for (auto it = items->begin(); it != items->end(); ++it) {
      bool known = false;
      for (const Json& create : *tables)
        known = known || StringMember(create, "TableName") == it.key();
      if (!known) {
        *error = "items." + it.key() + ": no such table in tables";
        return false;
      }
    }
  }
  *summary = std::to_string(table_count) + (table_count == 1 ? " table, " : " tables, ") +
             Grouped(item_count) + (item_count == 1 ? " item" : " items");
  return true;
}

}  // namespace monotable::cli
