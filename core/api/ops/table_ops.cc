// table_ops: DescribeTable, DeleteTable, ListTables, the TableDescription DynamoDB returns for
// them (and for CreateTable, create_table.cc, and UpdateTable, update_table.cc), and the tables'
// lifecycle.
//
// Table status. Without EngineOptions::transient_status_ms every change is complete at once and
// tables answer ACTIVE (as DynamoDB Local does by default; SDK waiters accept it). With it, the
// lifecycle DynamoDB documents, each transient state lasting that many ms of the engine's clock:
// - CreateTable answers TableStatus CREATING, and the table stays CREATING (API_CreateTable: "a
//   response with a TableStatus of CREATING. After the table is created, DynamoDB sets the
//   TableStatus to ACTIVE. You can perform read and write operations only on an ACTIVE table").
//   Data-plane requests meanwhile answer ResourceNotFoundException (API_PutItem: "The resource
//   might not be specified correctly, or its status might not be ACTIVE"; EngineState::FindTable).
// - UpdateTable answers and stays UPDATING; the table remains available for data operations
//   (API_TableDescription TableStatus: "The table/index remains available for data operations
//   when UPDATING"). UpdateTable on a table that is not ACTIVE: ResourceInUseException ("You tried
//   to update a resource that was already being updated", API_UpdateTable).
// - A GSI that UpdateTable adds is IndexStatus CREATING with Backfilling true (API_
//   GlobalSecondaryIndexDescription); Query and Scan on it answer ValidationException "Cannot read
//   from backfilling global secondary index: NAME" (engine.cc, CheckReadableIndex).
// - DeleteTable answers DELETING and the table stays DELETING (listed, described) until gone;
//   DeleteTable on a CREATING or UPDATING table is ResourceInUseException, on a DELETING one no
//   error (API_DeleteTable: "If table is in CREATING or UPDATING states, then DynamoDB returns a
//   ResourceInUseException ... If table is already in the DELETING state, no error is returned").
// The ResourceInUseException texts are AWS's ("Attempt to change a resource which is still in
// use: Table is being created: NAME", as an AWS CLI run against AWS prints it).
#include <algorithm>
#include <cstdio>
#include <set>

#include "api/api.h"
#include "api/ops/streams.h"
#include "api/ops/table_request.h"
#include "storage/key_codec.h"

namespace monotable::api {
namespace {

json KeySchemaJson(const storage::KeySchema& keys) {
  json out = json::array();
  for (size_t i = 0; i < keys.hash_count(); ++i) {
    out.push_back({{"AttributeName", keys.hash_at(i).name}, {"KeyType", "HASH"}});
  }
  for (size_t i = 0; i < keys.range_count(); ++i) {
    out.push_back({{"AttributeName", keys.range_at(i).name}, {"KeyType", "RANGE"}});
  }
  return out;
}

json ThroughputJson(const storage::ProvisionedThroughput& t) {
  return {{"NumberOfDecreasesToday", 0},
          {"ReadCapacityUnits", t.read_capacity_units},
          {"WriteCapacityUnits", t.write_capacity_units}};
}

}  // namespace

std::string TableIdFor(const std::string& name, uint64_t counter, int64_t now_ms) {
  // A UUID-shaped id, deterministic for a given engine history (tests and shared links).
  const uint64_t a = storage::PartitionHash(name + "#" + std::to_string(counter));
  const uint64_t b = storage::PartitionHash(std::to_string(now_ms) + "#" + name);
  char buf[40];
  std::snprintf(buf, sizeof buf, "%08x-%04x-4%03x-a%03x-%012llx", static_cast<unsigned>(a >> 32),
                static_cast<unsigned>((a >> 16) & 0xffff), static_cast<unsigned>(a & 0xfff),
                static_cast<unsigned>((b >> 48) & 0xfff),
                static_cast<unsigned long long>(b & 0xffffffffffffull));
  return buf;
}

json TableDescription(const storage::Table& table, const char* status) {
  return TableDescription(table, status, nullptr);
}

json ShortTableDescription(const storage::Table& table, const char* status) {
  const storage::TableSchema& schema = table.schema();
  json d = json::object();
  d["TableName"] = schema.name;
  d["TableStatus"] = status;
  d["ItemCount"] = table.item_count();
  d["TableSizeBytes"] = table.size_bytes();
  d["TableArn"] = schema.arn;
  d["TableId"] = schema.table_id;
  d["ProvisionedThroughput"] = ThroughputJson(schema.throughput);
  if (schema.pay_per_request) {
    d["BillingModeSummary"] = {
        {"BillingMode", "PAY_PER_REQUEST"},
        {"LastUpdateToPayPerRequestDateTime", static_cast<double>(schema.creation_ms) / 1000.0}};
  }
  return d;
}

json TableDescription(const storage::Table& table, const char* status,
                      const TransientStatus* transient) {
  const storage::TableSchema& schema = table.schema();
  // The short description's members, and the rest (members are written in byte order whatever
  // the order they are added in).
  json d = ShortTableDescription(table, status);
  d["KeySchema"] = KeySchemaJson(schema.keys);
  json defs = json::array();
  for (const auto& a : schema.attribute_definitions) {
    defs.push_back({{"AttributeName", a.name}, {"AttributeType", std::string(TypeName(a.type))}});
  }
  d["AttributeDefinitions"] = defs;
  d["CreationDateTime"] = static_cast<double>(schema.creation_ms) / 1000.0;
  d["DeletionProtectionEnabled"] = false;
  // Streams: StreamSpecification only while enabled; the latest stream's ARN and label remain.
  if (schema.stream_enabled) {
    d["StreamSpecification"] = {{"StreamEnabled", true},
                                {"StreamViewType", schema.stream_view_type}};
  }
  if (!schema.latest_stream_arn.empty()) {
    d["LatestStreamArn"] = schema.latest_stream_arn;
    d["LatestStreamLabel"] = schema.latest_stream_label;
  }
  for (size_t i = 0; i < schema.indexes.size(); ++i) {
    const storage::IndexSchema& index = schema.indexes[i];
    json x = json::object();
    x["IndexName"] = index.name;
    x["KeySchema"] = KeySchemaJson(index.keys);
    x["Projection"] = {{"ProjectionType", storage::ProjectionTypeName(index.projection)}};
    if (index.projection == storage::ProjectionType::kInclude) {
      x["Projection"]["NonKeyAttributes"] = index.non_key_attributes;
    }
    x["IndexSizeBytes"] = table.index_size_bytes(i);
    x["ItemCount"] = table.index_item_count(i);
    x["IndexArn"] = index.arn;
    if (index.global) {
      const bool creating = transient && std::find(transient->creating_indexes.begin(),
                                                   transient->creating_indexes.end(),
                                                   index.name) != transient->creating_indexes.end();
      x["IndexStatus"] = creating ? "CREATING" : "ACTIVE";
      if (creating) x["Backfilling"] = true;
      x["ProvisionedThroughput"] = ThroughputJson(index.throughput);
      d["GlobalSecondaryIndexes"].push_back(std::move(x));
    } else {
      d["LocalSecondaryIndexes"].push_back(std::move(x));
    }
  }
  return d;
}

namespace {

Status ReadTableNameOnly(Context& ctx, std::optional<std::string>* name) {
  MT_RETURN_IF_ERROR(ReadString(ctx.request, "TableName", name));
  Constraints constraints;
  constraints.TableName(*name, "tableName", true);
  return constraints.ToStatus();
}

}  // namespace

Status DescribeTable(Context& ctx) {
  std::optional<std::string> name;
  MT_RETURN_IF_ERROR(ReadTableNameOnly(ctx, &name));
  const storage::Table* table = ctx.state.FindAnyTable(*name);
  if (!table)
    return Status::ResourceNotFound("Requested resource not found: Table: " + *name + " not found");
  ctx.response["Table"] =
      TableDescription(*table, ctx.state.TableStatusOf(*name), ctx.state.TransientOf(*name));
  return Status::Ok();
}

Status DeleteTable(Context& ctx) {
  std::optional<std::string> name;
  MT_RETURN_IF_ERROR(ReadTableNameOnly(ctx, &name));
  auto it = ctx.state.tables.find(*name);
  if (it == ctx.state.tables.end()) {
    return Status::ResourceNotFound("Requested resource not found: Table: " + *name + " not found");
  }
  // DynamoDB rule: DeleteTable's TableDescription is the short one (ShortTableDescription, api.h).
  if (const TransientStatus* t = ctx.state.TransientOf(*name)) {
    if (t->kind != TransientStatus::Kind::kDeleting) return InUse(*t, *name);
    // Already DELETING: no error, nothing changes.
    ctx.response["TableDescription"] = ShortTableDescription(it->second, "DELETING");
    return Status::Ok();
  }
  ctx.response["TableDescription"] = ShortTableDescription(it->second, "DELETING");
  DisableStreamOfTable(ctx, it->second.schema());
  ctx.changed = true;
  if (ctx.state.options.transient_status_ms > 0) {
    // Gone once the delay is over (EngineState::SettleTransient).
    ctx.state.BeginTransient(*name, TransientStatus::Kind::kDeleting);
    return Status::Ok();
  }
  ctx.state.tables.erase(it);
  return Status::Ok();
}

Status ListTables(Context& ctx) {
  std::optional<int64_t> limit;
  std::optional<std::string> start;
  MT_RETURN_IF_ERROR(ReadString(ctx.request, "ExclusiveStartTableName", &start));
  MT_RETURN_IF_ERROR(ReadInteger(ctx.request, "Limit", &limit));
  Constraints constraints;
  constraints.TableName(start, "exclusiveStartTableName", false);
  constraints.Min(limit, "limit", 1);
  constraints.Max(limit, "limit", 100);
  MT_RETURN_IF_ERROR(constraints.ToStatus());
  // DynamoDB rule: names in order after ExclusiveStartTableName, at most Limit (default 100);
  // LastEvaluatedTableName when more names remain.
  const size_t max = static_cast<size_t>(limit.value_or(100));
  json names = json::array();
  auto it = start ? ctx.state.tables.upper_bound(*start) : ctx.state.tables.begin();
  for (; it != ctx.state.tables.end() && names.size() < max; ++it) names.push_back(it->first);
  ctx.response["TableNames"] = names;
  if (it != ctx.state.tables.end() && !names.empty()) {
    ctx.response["LastEvaluatedTableName"] = names.back();
  }
  return Status::Ok();
}

const TransientStatus* EngineState::TransientOf(std::string_view name) const {
  if (transient.empty()) return nullptr;
  auto it = transient.find(name);
  return it == transient.end() ? nullptr : &it->second;
}

const char* EngineState::TableStatusOf(std::string_view name) const {
  const TransientStatus* t = TransientOf(name);
  if (!t) return "ACTIVE";
  switch (t->kind) {
    case TransientStatus::Kind::kCreating:
      return "CREATING";
    case TransientStatus::Kind::kUpdating:
      return "UPDATING";
    case TransientStatus::Kind::kDeleting:
      return "DELETING";
  }
  return "ACTIVE";
}

void EngineState::BeginTransient(const std::string& name, TransientStatus::Kind kind,
                                 std::vector<std::string> creating_indexes) {
  if (options.transient_status_ms <= 0) return;
  TransientStatus& t = transient[name];
  t.kind = kind;
  t.until_ms = NowMs() + options.transient_status_ms;
  for (std::string& index : creating_indexes) t.creating_indexes.push_back(std::move(index));
}

bool EngineState::SettleTransient() {
  if (transient.empty()) return false;
  const int64_t now = NowMs();
  bool changed = false;
  for (auto it = transient.begin(); it != transient.end();) {
    if (it->second.until_ms > now) {
      ++it;
      continue;
    }
    if (it->second.kind == TransientStatus::Kind::kDeleting) tables.erase(it->first);
    it = transient.erase(it);
    changed = true;
  }
  if (changed) ++version;
  return changed;
}

}  // namespace monotable::api
