// ttl_tags: UpdateTimeToLive, DescribeTimeToLive, the TTL sweep, and TagResource, UntagResource,
// ListTagsOfResource. A table's TTL attribute and tags live in EngineState::extras, tied to the
// table's id so that a deleted and re-created table starts with neither.
//
// DynamoDB rules implemented here (API reference UpdateTimeToLive / TagResource, DG "Time to
// Live"):
// - TTL names one attribute; an item expires when that attribute is a Number of epoch seconds in
//   the past. Items without it, or with another type, never expire. Expired items are deleted by
//   a background process "without consuming write throughput" (DG TTL), recorded as deletions
//   made by the service. Here the sweep runs when Engine::SweepExpired() is called, against
//   EngineOptions::clock_ms, so tests and the playground decide when time passes.
// - Enabling TTL twice: "TimeToLive is already enabled"; disabling when disabled: "TimeToLive is
//   already disabled" (ValidationException).
// - Tags: a ResourceArn that is not a DynamoDB ARN is a ValidationException; an ARN naming no
//   table of this account is AccessDeniedException (the Parity Suite, validated on AWS). Tag keys
//   are 1..128 characters, values 0..256; at most 50 tags per resource.
#include <algorithm>
#include <set>

#include "api/ops/write_path.h"
#include "api/wire/wire.h"

namespace monotable::api {

TableExtras* ExtrasOf(EngineState& state, const storage::Table& table) {
  TableExtras& e = state.extras[table.schema().name];
  if (e.table_id != table.schema().table_id) {
    e = TableExtras();
    e.table_id = table.schema().table_id;
  }
  return &e;
}

namespace {

const TableExtras* FindExtras(const EngineState& state, const storage::Table& table) {
  auto it = state.extras.find(table.schema().name);
  if (it == state.extras.end() || it->second.table_id != table.schema().table_id) return nullptr;
  return &it->second;
}

Status TableNotFound(const std::string& name) {
  return Status::ResourceNotFound("Requested resource not found: Table: " + name + " not found");
}

// Resolves a ResourceArn "arn:aws:dynamodb:<region>:<account>:table/<name>" to a table.
Status ResolveArn(Context& ctx, const std::string& arn, const char* action, storage::Table** out) {
  const std::string prefix = "arn:aws:dynamodb:";
  const size_t slash = arn.find(":table/");
  if (arn.rfind(prefix, 0) != 0 || slash == std::string::npos) {
    return Status::Validation("Invalid TableArn: Invalid ResourceArn provided as input " + arn);
  }
  std::string name = arn.substr(slash + 7);
  const size_t index = name.find('/');
  if (index != std::string::npos) name.resize(index);
  storage::Table* table = ctx.state.FindTable(name);
  if (!table || table->schema().arn != arn) {
    // DynamoDB answers for an ARN it cannot authorise, including one naming no table.
    return Status(ErrorCode::kAccessDenied,
                  "User: arn:aws:iam::" + ctx.state.options.account_id +
                      ":user/monotable is not authorized to perform: dynamodb:" + action +
                      " on resource: " + arn);
  }
  *out = table;
  return Status::Ok();
}

Status ReadArn(Context& ctx, std::optional<std::string>* arn, Constraints* c) {
  MT_RETURN_IF_ERROR(ReadString(ctx.request, "ResourceArn", arn));
  if (!*arn) {
    c->Add(nullptr, "resourceArn", "Member must not be null");
  } else if ((*arn)->empty()) {
    c->Add(&**arn, "resourceArn", "Member must have length greater than or equal to 1");
  } else if ((*arn)->size() > 1283) {
    c->Add(&**arn, "resourceArn", "Member must have length less than or equal to 1283");
  }
  return Status::Ok();
}

}  // namespace

Status UpdateTimeToLive(Context& ctx) {
  const json& req = ctx.request;
  std::optional<std::string> table_name, attribute;
  std::optional<bool> enabled;
  const json* spec = nullptr;
  MT_RETURN_IF_ERROR(ReadString(req, "TableName", &table_name));
  MT_RETURN_IF_ERROR(ReadObject(req, "TimeToLiveSpecification", &spec));
  if (spec) {
    MT_RETURN_IF_ERROR(ReadString(*spec, "AttributeName", &attribute));
    MT_RETURN_IF_ERROR(ReadBool(*spec, "Enabled", &enabled));
  }
  Constraints c;
  c.TableName(table_name, "tableName", true);
  if (!spec) {
    c.Add(nullptr, "timeToLiveSpecification", "Member must not be null");
  } else {
    if (!attribute) {
      c.Add(nullptr, "timeToLiveSpecification.attributeName", "Member must not be null");
    } else if (attribute->empty()) {
      c.Add(&*attribute, "timeToLiveSpecification.attributeName",
            "Member must have length greater than or equal to 1");
    } else if (attribute->size() > 255) {
      c.Add(&*attribute, "timeToLiveSpecification.attributeName",
            "Member must have length less than or equal to 255");
    }
    if (!enabled) c.Add(nullptr, "timeToLiveSpecification.enabled", "Member must not be null");
  }
  MT_RETURN_IF_ERROR(c.ToStatus());
  storage::Table* table = ctx.state.FindTable(*table_name);
  if (!table) return TableNotFound(*table_name);
  TableExtras* extras = ExtrasOf(ctx.state, *table);
  if (*enabled) {
    if (!extras->ttl_attribute.empty()) {
      return Status::Validation("TimeToLive is already enabled");
    }
    extras->ttl_attribute = *attribute;
  } else {
    if (extras->ttl_attribute.empty()) {
      return Status::Validation("TimeToLive is already disabled");
    }
    if (extras->ttl_attribute != *attribute) {
      return Status::Validation(
          "TimeToLive is active on a different AttributeName: current AttributeName is " +
          extras->ttl_attribute);
    }
    extras->ttl_attribute.clear();
  }
  ctx.changed = true;
  ctx.response["TimeToLiveSpecification"] = {{"AttributeName", *attribute}, {"Enabled", *enabled}};
  return Status::Ok();
}

Status DescribeTimeToLive(Context& ctx) {
  std::optional<std::string> table_name;
  MT_RETURN_IF_ERROR(ReadString(ctx.request, "TableName", &table_name));
  Constraints c;
  c.TableName(table_name, "tableName", true);
  MT_RETURN_IF_ERROR(c.ToStatus());
  const storage::Table* table = ctx.state.FindTable(*table_name);
  if (!table) return TableNotFound(*table_name);
  const TableExtras* extras = FindExtras(ctx.state, *table);
  json d = json::object();
  if (extras && !extras->ttl_attribute.empty()) {
    d["TimeToLiveStatus"] = "ENABLED";
    d["AttributeName"] = extras->ttl_attribute;
  } else {
    d["TimeToLiveStatus"] = "DISABLED";
  }
  ctx.response["TimeToLiveDescription"] = d;
  return Status::Ok();
}

Status SweepExpired(Context& ctx) {
  const Number now = Number::FromInt(ctx.state.NowMs() / 1000);
  uint64_t deleted = 0;
  for (auto& [name, table] : ctx.state.tables) {
    const TableExtras* extras = FindExtras(ctx.state, table);
    if (!extras || extras->ttl_attribute.empty()) continue;
    const std::string& attribute = extras->ttl_attribute;
    // Collect first: deleting while walking the store would invalidate the cursor.
    std::vector<storage::ItemPtr> expired;
    const storage::Store& store = table.base();
    for (auto cursor = store.First(); cursor.id; cursor = store.Next(cursor)) {
      for (const auto& [sort, entry] : *cursor.rows) {
        Value ttl;
        if (!entry.item.Find(attribute, &ttl) || ttl.type() != Type::kN) continue;
        // DynamoDB rule: the TTL value is epoch seconds; an item expires once it is in the past.
        if (ttl.n() < now) expired.push_back(std::make_shared<const Item>(entry.item.Decode()));
      }
    }
    for (const storage::ItemPtr& item : expired) {
      WriteSpec spec;
      spec.kind = WriteKind::kDelete;
      spec.table = &table;
      spec.item = KeyOf(table.schema(), *item);
      spec.by_service = true;  // the stream record is marked as the service's deletion
      PreparedWrite prepared;
      if (!PrepareWrite(spec, &prepared).ok()) continue;
      CommitWrite(ctx, spec, prepared);  // also the stream record (a REMOVE) when enabled
      // No WCU: TTL deletions are free. Effects show the deletion and the index entries it took.
      AddTouched(ctx, name, "", spec.item, prepared.plan.old_size, ItemAction::kDeleted,
                 "TTL: " + attribute + " is in the past; deleted by the service, no WRU billed");
      const storage::TableSchema& schema = table.schema();
      for (size_t i = 0; i < schema.indexes.size(); ++i) {
        const storage::IndexChange& change = prepared.plan.index_changes[i];
        if (change.kind != storage::IndexChangeKind::kRemoved) continue;
        AddTouched(ctx, name, schema.indexes[i].name, spec.item, change.old_size,
                   ItemAction::kIndexRemoved, "item expired (TTL)");
      }
      ++deleted;
    }
  }
  if (deleted) ctx.changed = true;
  ctx.response["DeletedItemCount"] = deleted;
  return Status::Ok();
}

Status TagResource(Context& ctx) {
  std::optional<std::string> arn;
  const json* tags = nullptr;
  Constraints c;
  MT_RETURN_IF_ERROR(ReadArn(ctx, &arn, &c));
  MT_RETURN_IF_ERROR(ReadArray(ctx.request, "Tags", &tags));
  std::vector<std::pair<std::string, std::string>> parsed;
  if (!tags) c.Add(nullptr, "tags", "Member must not be null");
  if (tags) {
    for (const json& t : *tags) {
      if (!t.is_object()) return Status::Serialization("Unexpected value type in payload");
      std::optional<std::string> key, value;
      MT_RETURN_IF_ERROR(ReadString(t, "Key", &key));
      MT_RETURN_IF_ERROR(ReadString(t, "Value", &value));
      const std::string at = "tags.member." + std::to_string(parsed.size() + 1);
      if (!key) c.Add(nullptr, at + ".key", "Member must not be null");
      if (key && key->empty()) {
        c.Add(&*key, at + ".key", "Member must have length greater than or equal to 1");
      }
      if (key && key->size() > 128) {
        c.Add(&*key, at + ".key", "Member must have length less than or equal to 128");
      }
      if (!value) c.Add(nullptr, at + ".value", "Member must not be null");
      if (value && value->size() > 256) {
        c.Add(&*value, at + ".value", "Member must have length less than or equal to 256");
      }
      parsed.emplace_back(key.value_or(""), value.value_or(""));
    }
  }
  MT_RETURN_IF_ERROR(c.ToStatus());
  storage::Table* table = nullptr;
  MT_RETURN_IF_ERROR(ResolveArn(ctx, *arn, "TagResource", &table));
  TableExtras* extras = ExtrasOf(ctx.state, *table);
  auto merged = extras->tags;
  for (const auto& tag : parsed) {
    // Not a structured binding: clang-14 (Emscripten) cannot capture those in a lambda.
    const auto& key = tag.first;
    const auto& value = tag.second;
    auto it =
        std::find_if(merged.begin(), merged.end(), [&](const auto& t) { return t.first == key; });
    if (it != merged.end()) {
      it->second = value;  // same key: the new value replaces the old one
    } else {
      merged.emplace_back(key, value);
    }
  }
  if (merged.size() > 50) {
    return Status(ErrorCode::kLimitExceeded, "The number of tags exceeds the limit of 50");
  }
  extras->tags = std::move(merged);
  ctx.changed = true;
  return Status::Ok();
}

Status UntagResource(Context& ctx) {
  std::optional<std::string> arn;
  const json* keys = nullptr;
  Constraints c;
  MT_RETURN_IF_ERROR(ReadArn(ctx, &arn, &c));
  MT_RETURN_IF_ERROR(ReadArray(ctx.request, "TagKeys", &keys));
  std::set<std::string> remove;
  if (!keys) c.Add(nullptr, "tagKeys", "Member must not be null");
  if (keys) {
    for (const json& k : *keys) {
      if (!k.is_string()) return Status::Serialization("Unexpected value type in payload");
      remove.insert(k.get<std::string>());
    }
  }
  MT_RETURN_IF_ERROR(c.ToStatus());
  storage::Table* table = nullptr;
  MT_RETURN_IF_ERROR(ResolveArn(ctx, *arn, "UntagResource", &table));
  TableExtras* extras = ExtrasOf(ctx.state, *table);
  std::erase_if(extras->tags, [&](const auto& t) { return remove.count(t.first) > 0; });
  ctx.changed = true;
  return Status::Ok();
}

Status ListTagsOfResource(Context& ctx) {
  std::optional<std::string> arn;
  Constraints c;
  MT_RETURN_IF_ERROR(ReadArn(ctx, &arn, &c));
  MT_RETURN_IF_ERROR(c.ToStatus());
  storage::Table* table = nullptr;
  MT_RETURN_IF_ERROR(ResolveArn(ctx, *arn, "ListTagsOfResource", &table));
  json tags = json::array();
  if (const TableExtras* extras = FindExtras(ctx.state, *table)) {
    for (const auto& [key, value] : extras->tags) tags.push_back({{"Key", key}, {"Value", value}});
  }
  ctx.response["Tags"] = tags;
  return Status::Ok();
}

}  // namespace monotable::api
