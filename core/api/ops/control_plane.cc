// control_plane: the control-plane operations that tools call beside the table operations:
// point-in-time recovery (DescribeContinuousBackups, UpdateContinuousBackups), on-demand backups
// (CreateBackup, DescribeBackup, DeleteBackup, ListBackups, RestoreTableFromBackup), account
// limits and endpoints (DescribeLimits, DescribeEndpoints), contributor insights
// (DescribeContributorInsights, UpdateContributorInsights, ListContributorInsights), Kinesis
// streaming destinations (DescribeKinesisStreamingDestination), resource-based policies
// (GetResourcePolicy, PutResourcePolicy, DeleteResourcePolicy) and the import/export listings
// (ListImports, ListExports).
//
// Honest about being a local engine: a backup is a real snapshot of the table that restores; PITR
// is a recorded setting (there is no history to restore to a point from); contributor insights
// and Kinesis destinations hold no data; imports and exports are never started here, so their
// lists are empty. Shapes follow the API reference of each operation (API_<Operation>.html) and
// docs/dynamodb-rules.md §5.4; the Parity Suite's tier-2 control-plane files, run on AWS, pin the
// behaviours tested in tests/cases/control_plane_2026.json.
#include <algorithm>
#include <cstdio>

#include "api/api.h"
#include "api/wire/wire.h"

namespace monotable::api {
namespace {

double Seconds(int64_t ms) { return static_cast<double>(ms) / 1000.0; }

// The table named by TableName: missing, it is `missing_code` with DynamoDB's wording for that
// operation family.
Status FindNamed(Context& ctx, const std::optional<std::string>& name, ErrorCode missing_code,
                 storage::Table** out) {
  storage::Table* table = ctx.state.FindTable(*name);
  if (!table) {
    if (missing_code == ErrorCode::kTableNotFound) {
      return Status(ErrorCode::kTableNotFound, "Table not found: " + *name);
    }
    return Status::ResourceNotFound("Requested resource not found: Table: " + *name + " not found");
  }
  *out = table;
  return Status::Ok();
}

// TableName may also be a table ARN for the backup operations (ALT test_backup.py, run on AWS).
std::string NameOf(const std::string& name_or_arn) {
  const size_t slash = name_or_arn.find(":table/");
  if (name_or_arn.rfind("arn:", 0) != 0 || slash == std::string::npos) return name_or_arn;
  std::string name = name_or_arn.substr(slash + 7);
  const size_t rest = name.find('/');
  if (rest != std::string::npos) name.resize(rest);
  return name;
}

// Reads TableName (a name or an ARN, 1..1024 characters for these operations) and checks it.
Status ReadTableOrArn(Context& ctx, std::optional<std::string>* name) {
  MT_RETURN_IF_ERROR(ReadString(ctx.request, "TableName", name));
  Constraints c;
  if (*name && (*name)->rfind("arn:", 0) == 0) {
    if ((*name)->size() > 1024) {
      c.Add(&**name, "tableName", "Member must have length less than or equal to 1024");
    }
    MT_RETURN_IF_ERROR(c.ToStatus());
    **name = NameOf(**name);
    return Status::Ok();
  }
  c.TableName(*name, "tableName", true);
  return c.ToStatus();
}

json ContinuousBackupsJson(const EngineState& state, const storage::Table& table) {
  auto it = state.extras.find(table.schema().name);
  const bool pitr = it != state.extras.end() && it->second.table_id == table.schema().table_id &&
                    it->second.pitr_enabled;
  json pitr_json = json::object();
  pitr_json["PointInTimeRecoveryStatus"] = pitr ? "ENABLED" : "DISABLED";
  if (pitr) {
    // The earliest restorable time is when PITR was turned on, the latest about five minutes
    // before now (API_PointInTimeRecoveryDescription; DG "Point-in-time recovery").
    const int64_t now = state.NowMs();
    pitr_json["RecoveryPeriodInDays"] = it->second.pitr_recovery_days;
    pitr_json["EarliestRestorableDateTime"] = Seconds(it->second.pitr_since_ms);
    pitr_json["LatestRestorableDateTime"] =
        Seconds(std::max(it->second.pitr_since_ms, now - 5 * 60 * 1000));
  }
  // On-demand backups are always available, so continuous backups report ENABLED (the AWS CLI's
  // documented example shows ENABLED beside a DISABLED PITR).
  return {{"ContinuousBackupsStatus", "ENABLED"}, {"PointInTimeRecoveryDescription", pitr_json}};
}

}  // namespace

Status DescribeContinuousBackups(Context& ctx) {
  std::optional<std::string> name;
  MT_RETURN_IF_ERROR(ReadTableOrArn(ctx, &name));
  storage::Table* table = nullptr;
  // A missing table is TableNotFoundException for this operation (API reference; ALT
  // test_backup.py, run on AWS).
  MT_RETURN_IF_ERROR(FindNamed(ctx, name, ErrorCode::kTableNotFound, &table));
  ctx.response["ContinuousBackupsDescription"] = ContinuousBackupsJson(ctx.state, *table);
  return Status::Ok();
}

Status UpdateContinuousBackups(Context& ctx) {
  std::optional<std::string> name;
  const json* spec = nullptr;
  std::optional<bool> enabled;
  std::optional<int64_t> days;
  MT_RETURN_IF_ERROR(ReadString(ctx.request, "TableName", &name));
  MT_RETURN_IF_ERROR(ReadObject(ctx.request, "PointInTimeRecoverySpecification", &spec));
  if (spec) {
    MT_RETURN_IF_ERROR(ReadBool(*spec, "PointInTimeRecoveryEnabled", &enabled));
    MT_RETURN_IF_ERROR(ReadInteger(*spec, "RecoveryPeriodInDays", &days));
  }
  Constraints c;
  c.TableName(name, "tableName", true);
  if (!spec) {
    c.Add(nullptr, "pointInTimeRecoverySpecification", "Member must not be null");
  } else {
    if (!enabled) {
      c.Add(nullptr, "pointInTimeRecoverySpecification.pointInTimeRecoveryEnabled",
            "Member must not be null");
    }
    // RecoveryPeriodInDays: 1 to 35 (API_PointInTimeRecoverySpecification).
    c.Min(days, "pointInTimeRecoverySpecification.recoveryPeriodInDays", 1);
    c.Max(days, "pointInTimeRecoverySpecification.recoveryPeriodInDays", 35);
  }
  MT_RETURN_IF_ERROR(c.ToStatus());
  storage::Table* table = nullptr;
  MT_RETURN_IF_ERROR(FindNamed(ctx, name, ErrorCode::kTableNotFound, &table));
  TableExtras* extras = ExtrasOf(ctx.state, *table);
  if (*enabled) {
    if (!extras->pitr_enabled) extras->pitr_since_ms = ctx.state.NowMs();
    extras->pitr_enabled = true;
    extras->pitr_recovery_days = days ? static_cast<int>(*days) : 35;
  } else {
    if (days) {
      return Status::Validation(
          "RecoveryPeriodInDays can only be specified when PointInTimeRecoveryEnabled is true");
    }
    extras->pitr_enabled = false;
  }
  ctx.changed = true;
  ctx.response["ContinuousBackupsDescription"] = ContinuousBackupsJson(ctx.state, *table);
  return Status::Ok();
}

Status DescribeLimits(Context& ctx) {
  // The default quotas (DG ServiceQuotas, "Throughput default quotas"): 80,000 read and write
  // units per account, 40,000 per table, in every Region but a few.
  ctx.response["AccountMaxReadCapacityUnits"] = 80000;
  ctx.response["AccountMaxWriteCapacityUnits"] = 80000;
  ctx.response["TableMaxReadCapacityUnits"] = 40000;
  ctx.response["TableMaxWriteCapacityUnits"] = 40000;
  return Status::Ok();
}

Status DescribeEndpoints(Context& ctx) {
  // Exactly one endpoint, its address without a scheme (ALT test_describe_endpoints.py, run on
  // AWS); the cache period is a day, as the SDKs' endpoint discovery expects a positive value.
  json endpoint = {{"Address", "dynamodb." + ctx.state.options.region + ".amazonaws.com"},
                   {"CachePeriodInMinutes", 1440}};
  ctx.response["Endpoints"] = json::array({endpoint});
  return Status::Ok();
}

// ---------------------------------------------------------------------------------------------
// On-demand backups.

namespace {

json BackupDetailsJson(const Backup& b) {
  return {{"BackupArn", b.arn},
          {"BackupName", b.name},
          {"BackupSizeBytes", b.table.size_bytes()},
          {"BackupStatus", "AVAILABLE"},
          {"BackupType", "USER"},
          {"BackupCreationDateTime", Seconds(b.created_ms)}};
}

json BackupDescriptionJson(const Backup& b) {
  const storage::TableSchema& schema = b.table.schema();
  json source = json::object();
  source["TableName"] = schema.name;
  source["TableId"] = schema.table_id;
  source["TableArn"] = schema.arn;
  source["TableSizeBytes"] = b.table.size_bytes();
  source["ItemCount"] = b.table.item_count();
  source["TableCreationDateTime"] = Seconds(schema.creation_ms);
  source["BillingMode"] = schema.pay_per_request ? "PAY_PER_REQUEST" : "PROVISIONED";
  json key_schema = TableDescription(b.table, "ACTIVE");
  source["KeySchema"] = key_schema["KeySchema"];
  source["ProvisionedThroughput"] = {
      {"ReadCapacityUnits", schema.throughput.read_capacity_units},
      {"WriteCapacityUnits", schema.throughput.write_capacity_units}};
  json features = json::object();
  for (const char* member : {"GlobalSecondaryIndexes", "LocalSecondaryIndexes"}) {
    if (!key_schema.contains(member)) continue;
    json list = json::array();
    for (const json& index : key_schema[member]) {
      list.push_back({{"IndexName", index["IndexName"]},
                      {"KeySchema", index["KeySchema"]},
                      {"Projection", index["Projection"]}});
    }
    features[member] = list;
  }
  if (key_schema.contains("StreamSpecification")) {
    features["StreamDescription"] = key_schema["StreamSpecification"];
  }
  return {{"BackupDetails", BackupDetailsJson(b)},
          {"SourceTableDetails", source},
          {"SourceTableFeatureDetails", features}};
}

Status ReadBackupArn(Context& ctx, std::optional<std::string>* arn) {
  MT_RETURN_IF_ERROR(ReadString(ctx.request, "BackupArn", arn));
  Constraints c;
  if (!*arn) {
    c.Add(nullptr, "backupArn", "Member must not be null");
  } else if ((*arn)->size() < 37) {
    c.Add(&**arn, "backupArn", "Member must have length greater than or equal to 37");
  } else if ((*arn)->size() > 1024) {
    c.Add(&**arn, "backupArn", "Member must have length less than or equal to 1024");
  }
  return c.ToStatus();
}

Status FindBackup(Context& ctx, const std::string& arn, Backup** out) {
  auto it = ctx.state.backups.find(arn);
  if (it == ctx.state.backups.end()) {
    return Status(ErrorCode::kBackupNotFound, "Backup not found: " + arn);
  }
  *out = &it->second;
  return Status::Ok();
}

}  // namespace

Status CreateBackup(Context& ctx) {
  std::optional<std::string> name, backup_name;
  MT_RETURN_IF_ERROR(ReadString(ctx.request, "TableName", &name));
  MT_RETURN_IF_ERROR(ReadString(ctx.request, "BackupName", &backup_name));
  Constraints c;
  if (name && name->rfind("arn:", 0) != 0) c.TableName(name, "tableName", true);
  if (!name) c.Add(nullptr, "tableName", "Member must not be null");
  // BackupName follows the table-name rule: 3..255 characters of [a-zA-Z0-9_.-]
  // (API_CreateBackup).
  c.TableName(backup_name, "backupName", true);
  MT_RETURN_IF_ERROR(c.ToStatus());
  std::optional<std::string> table_name = NameOf(*name);
  storage::Table* table = nullptr;
  MT_RETURN_IF_ERROR(FindNamed(ctx, table_name, ErrorCode::kTableNotFound, &table));
  // arn:aws:dynamodb:<region>:<account>:table/<name>/backup/<13-digit ms>-<8 hex>, the shape of
  // the ARNs AWS hands out.
  const int64_t now = ctx.state.NowMs();
  char suffix[48];
  std::snprintf(suffix, sizeof suffix, "%013lld-%08x", static_cast<long long>(now),
                static_cast<unsigned>(++ctx.state.backups_created * 2654435761u));
  Backup backup{table->schema().arn + "/backup/" + suffix, *backup_name, now, *table};
  auto [it, inserted] = ctx.state.backups.emplace(backup.arn, std::move(backup));
  ctx.changed = true;
  ctx.response["BackupDetails"] = BackupDetailsJson(it->second);
  return Status::Ok();
}

Status DescribeBackup(Context& ctx) {
  std::optional<std::string> arn;
  MT_RETURN_IF_ERROR(ReadBackupArn(ctx, &arn));
  Backup* backup = nullptr;
  MT_RETURN_IF_ERROR(FindBackup(ctx, *arn, &backup));
  ctx.response["BackupDescription"] = BackupDescriptionJson(*backup);
  return Status::Ok();
}

Status DeleteBackup(Context& ctx) {
  std::optional<std::string> arn;
  MT_RETURN_IF_ERROR(ReadBackupArn(ctx, &arn));
  Backup* backup = nullptr;
  MT_RETURN_IF_ERROR(FindBackup(ctx, *arn, &backup));
  json description = BackupDescriptionJson(*backup);
  description["BackupDetails"]["BackupStatus"] = "DELETED";
  ctx.state.backups.erase(*arn);
  ctx.changed = true;
  ctx.response["BackupDescription"] = std::move(description);
  return Status::Ok();
}

Status ListBackups(Context& ctx) {
  std::optional<std::string> name, start, type;
  std::optional<int64_t> limit;
  MT_RETURN_IF_ERROR(ReadString(ctx.request, "TableName", &name));
  MT_RETURN_IF_ERROR(ReadInteger(ctx.request, "Limit", &limit));
  MT_RETURN_IF_ERROR(ReadString(ctx.request, "ExclusiveStartBackupArn", &start));
  MT_RETURN_IF_ERROR(ReadString(ctx.request, "BackupType", &type));
  Constraints c;
  if (name && name->rfind("arn:", 0) != 0) c.TableName(name, "tableName", false);
  c.Min(limit, "limit", 1);
  c.Max(limit, "limit", 100);
  c.Enum(type, "backupType", {"USER", "SYSTEM", "AWS_BACKUP", "ALL"});
  MT_RETURN_IF_ERROR(c.ToStatus());
  const std::string table_name = name ? NameOf(*name) : std::string();
  json summaries = json::array();
  std::string last;
  bool started = !start;
  // Backups are listed in ARN order, which is creation order within a table.
  for (const auto& [arn, b] : ctx.state.backups) {
    if (!started) {
      started = arn == *start;
      continue;
    }
    if (!table_name.empty() && b.table.schema().name != table_name) continue;
    if (type && *type == "SYSTEM") continue;  // every local backup is a USER backup
    if (type && *type == "AWS_BACKUP") continue;
    if (limit && static_cast<int64_t>(summaries.size()) == *limit) {
      ctx.response["LastEvaluatedBackupArn"] = last;
      break;
    }
    json summary = BackupDetailsJson(b);
    summary["TableName"] = b.table.schema().name;
    summary["TableId"] = b.table.schema().table_id;
    summary["TableArn"] = b.table.schema().arn;
    summaries.push_back(std::move(summary));
    last = arn;
  }
  ctx.response["BackupSummaries"] = std::move(summaries);
  return Status::Ok();
}

Status RestoreTableFromBackup(Context& ctx) {
  std::optional<std::string> target, arn, billing;
  MT_RETURN_IF_ERROR(ReadString(ctx.request, "TargetTableName", &target));
  MT_RETURN_IF_ERROR(ReadString(ctx.request, "BackupArn", &arn));
  MT_RETURN_IF_ERROR(ReadString(ctx.request, "BillingModeOverride", &billing));
  Constraints c;
  c.TableName(target, "targetTableName", true);
  if (!arn) c.Add(nullptr, "backupArn", "Member must not be null");
  c.Enum(billing, "billingModeOverride", {"PROVISIONED", "PAY_PER_REQUEST"});
  MT_RETURN_IF_ERROR(c.ToStatus());
  Backup* backup = nullptr;
  MT_RETURN_IF_ERROR(FindBackup(ctx, *arn, &backup));
  if (ctx.state.FindAnyTable(*target)) {
    return Status(ErrorCode::kTableAlreadyExists, "Table already exists: " + *target);
  }
  // The restored table holds the backup's items and indexes under its own name, ARN and id; the
  // stream is not restored (DG "Restoring a DynamoDB table from a backup": streams, TTL, tags,
  // auto scaling and PITR settings must be set again on the new table).
  storage::Table table = backup->table;
  storage::TableSchema& schema = table.mutable_schema();
  const std::string source_arn = schema.arn;
  schema.name = *target;
  schema.creation_ms = ctx.state.NowMs();
  schema.arn = "arn:aws:dynamodb:" + ctx.state.options.region + ":" + ctx.state.options.account_id +
               ":table/" + schema.name;
  schema.table_id = TableIdFor(schema.name, ++ctx.state.tables_created, schema.creation_ms);
  schema.stream_enabled = false;
  schema.stream_view_type.clear();
  schema.latest_stream_arn.clear();
  schema.latest_stream_label.clear();
  if (billing) schema.pay_per_request = *billing == "PAY_PER_REQUEST";
  for (storage::IndexSchema& index : schema.indexes)
    index.arn = schema.arn + "/index/" + index.name;
  const std::string backup_arn = backup->arn;
  auto [it, inserted] = ctx.state.tables.emplace(*target, std::move(table));
  ctx.changed = true;
  json description = TableDescription(it->second, "CREATING");
  // Under --delay-transient-statuses the restored table stays CREATING for that long, as a new
  // table does (table_ops.cc).
  ctx.state.BeginTransient(*target, TransientStatus::Kind::kCreating);
  // The restore is complete at once here, but the response reports it in progress, as AWS does
  // (the Parity Suite's onDemand test, run on AWS); DescribeTable then shows the table ACTIVE.
  description["RestoreSummary"] = {{"SourceBackupArn", backup_arn},
                                   {"SourceTableArn", source_arn},
                                   {"RestoreDateTime", Seconds(ctx.state.NowMs())},
                                   {"RestoreInProgress", true}};
  ctx.response["TableDescription"] = std::move(description);
  return Status::Ok();
}

// ---------------------------------------------------------------------------------------------
// Contributor insights, Kinesis destinations, resource policies, imports and exports.

namespace {

Status ReadIndexName(Context& ctx, std::optional<std::string>* index, Constraints* c) {
  MT_RETURN_IF_ERROR(ReadString(ctx.request, "IndexName", index));
  if (*index) c->TableName(*index, "indexName", false);
  return Status::Ok();
}

Status CheckIndex(const storage::Table& table, const std::optional<std::string>& index) {
  if (index && !table.schema().FindIndex(*index)) {
    return Status::ResourceNotFound("Requested resource not found: Index: " + *index +
                                    " not found for table: " + table.schema().name);
  }
  return Status::Ok();
}

json InsightsJson(const EngineState& state, const storage::Table& table,
                  const std::optional<std::string>& index) {
  const std::string key = index ? *index : std::string();
  std::string status = "DISABLED";
  auto it = state.extras.find(table.schema().name);
  if (it != state.extras.end() && it->second.table_id == table.schema().table_id &&
      it->second.contributor_insights.count(key)) {
    status = "ENABLED";
  }
  json out = {{"TableName", table.schema().name}, {"ContributorInsightsStatus", status}};
  if (index) out["IndexName"] = *index;
  if (status == "ENABLED") {
    // The rules CloudWatch keeps for a table (DG "Contributor Insights"): the most accessed and
    // the most throttled keys, by partition key and by full key.
    const std::string base = "DynamoDBContributorInsights-";
    const std::string suffix = "-" + table.schema().name + (index ? "-" + *index : "");
    out["ContributorInsightsRuleList"] = {base + "PKC" + suffix, base + "PKT" + suffix,
                                          base + "SKC" + suffix, base + "SKT" + suffix};
    out["ContributorInsightsMode"] = "ACCESSED_AND_THROTTLED_KEYS";
    out["LastUpdateDateTime"] = Seconds(state.NowMs());
  }
  return out;
}

}  // namespace

Status DescribeContributorInsights(Context& ctx) {
  std::optional<std::string> name, index;
  MT_RETURN_IF_ERROR(ReadString(ctx.request, "TableName", &name));
  Constraints c;
  c.TableName(name, "tableName", true);
  MT_RETURN_IF_ERROR(ReadIndexName(ctx, &index, &c));
  MT_RETURN_IF_ERROR(c.ToStatus());
  storage::Table* table = nullptr;
  MT_RETURN_IF_ERROR(FindNamed(ctx, name, ErrorCode::kResourceNotFound, &table));
  MT_RETURN_IF_ERROR(CheckIndex(*table, index));
  ctx.response = InsightsJson(ctx.state, *table, index);
  return Status::Ok();
}

Status UpdateContributorInsights(Context& ctx) {
  std::optional<std::string> name, index, action;
  MT_RETURN_IF_ERROR(ReadString(ctx.request, "TableName", &name));
  Constraints c;
  c.TableName(name, "tableName", true);
  MT_RETURN_IF_ERROR(ReadIndexName(ctx, &index, &c));
  MT_RETURN_IF_ERROR(ReadString(ctx.request, "ContributorInsightsAction", &action));
  if (!action) c.Add(nullptr, "contributorInsightsAction", "Member must not be null");
  c.Enum(action, "contributorInsightsAction", {"ENABLE", "DISABLE"});
  MT_RETURN_IF_ERROR(c.ToStatus());
  storage::Table* table = nullptr;
  MT_RETURN_IF_ERROR(FindNamed(ctx, name, ErrorCode::kResourceNotFound, &table));
  MT_RETURN_IF_ERROR(CheckIndex(*table, index));
  TableExtras* extras = ExtrasOf(ctx.state, *table);
  const std::string key = index ? *index : std::string();
  if (*action == "ENABLE") {
    extras->contributor_insights.insert(key);
  } else {
    extras->contributor_insights.erase(key);
  }
  ctx.changed = true;
  ctx.response["TableName"] = table->schema().name;
  if (index) ctx.response["IndexName"] = *index;
  ctx.response["ContributorInsightsStatus"] = *action == "ENABLE" ? "ENABLED" : "DISABLED";
  return Status::Ok();
}

Status ListContributorInsights(Context& ctx) {
  std::optional<std::string> name;
  std::optional<int64_t> max;
  MT_RETURN_IF_ERROR(ReadString(ctx.request, "TableName", &name));
  MT_RETURN_IF_ERROR(ReadInteger(ctx.request, "MaxResults", &max));
  Constraints c;
  c.TableName(name, "tableName", false);
  c.Max(max, "maxResults", 100);
  MT_RETURN_IF_ERROR(c.ToStatus());
  json list = json::array();
  for (const auto& [table_name, table] : ctx.state.tables) {
    if (name && table_name != *name) continue;
    auto it = ctx.state.extras.find(table_name);
    if (it == ctx.state.extras.end() || it->second.table_id != table.schema().table_id) continue;
    for (const std::string& index : it->second.contributor_insights) {
      json summary = {{"TableName", table_name}, {"ContributorInsightsStatus", "ENABLED"}};
      if (!index.empty()) summary["IndexName"] = index;
      summary["ContributorInsightsMode"] = "ACCESSED_AND_THROTTLED_KEYS";
      list.push_back(std::move(summary));
    }
  }
  ctx.response["ContributorInsightsSummaries"] = std::move(list);
  return Status::Ok();
}

Status DescribeKinesisStreamingDestination(Context& ctx) {
  std::optional<std::string> name;
  MT_RETURN_IF_ERROR(ReadTableOrArn(ctx, &name));
  storage::Table* table = nullptr;
  MT_RETURN_IF_ERROR(FindNamed(ctx, name, ErrorCode::kResourceNotFound, &table));
  // No Kinesis here: a table never has a destination.
  ctx.response["TableName"] = table->schema().name;
  ctx.response["KinesisDataStreamDestinations"] = json::array();
  return Status::Ok();
}

namespace {

// The resource a policy is attached to: a table ARN of this engine; *table_id its table's id.
Status ReadPolicyArn(Context& ctx, std::optional<std::string>* arn, std::string* table_id) {
  MT_RETURN_IF_ERROR(ReadString(ctx.request, "ResourceArn", arn));
  Constraints c;
  if (!*arn) {
    c.Add(nullptr, "resourceArn", "Member must not be null");
  } else if ((*arn)->empty()) {
    c.Add(&**arn, "resourceArn", "Member must have length greater than or equal to 1");
  } else if ((*arn)->size() > 1283) {
    c.Add(&**arn, "resourceArn", "Member must have length less than or equal to 1283");
  }
  MT_RETURN_IF_ERROR(c.ToStatus());
  if ((*arn)->rfind("arn:aws:dynamodb:", 0) != 0 || (*arn)->find(":table/") == std::string::npos) {
    return Status::Validation("Invalid ResourceArn provided as input " + **arn);
  }
  const storage::Table* table = ctx.state.FindTable(NameOf(**arn));
  if (!table || (*arn)->rfind(table->schema().arn, 0) != 0) {
    return Status::ResourceNotFound("Requested resource not found: " + **arn);
  }
  *table_id = table->schema().table_id;
  return Status::Ok();
}

// The live policy of `arn`, or null (none, or one left by a deleted table of the same name).
ResourcePolicy* FindPolicy(Context& ctx, const std::string& arn, const std::string& table_id) {
  auto it = ctx.state.policies.find(arn);
  if (it == ctx.state.policies.end()) return nullptr;
  if (it->second.table_id != table_id) {
    ctx.state.policies.erase(it);
    return nullptr;
  }
  return &it->second;
}

Status PolicyNotFound(const std::string& arn) {
  return Status(ErrorCode::kPolicyNotFound,
                "Resource-based policy not found for the provided ResourceArn: " + arn);
}

}  // namespace

Status GetResourcePolicy(Context& ctx) {
  std::optional<std::string> arn;
  std::string table_id;
  MT_RETURN_IF_ERROR(ReadPolicyArn(ctx, &arn, &table_id));
  const ResourcePolicy* policy = FindPolicy(ctx, *arn, table_id);
  if (!policy) return PolicyNotFound(*arn);
  ctx.response["Policy"] = policy->policy;
  ctx.response["RevisionId"] = policy->revision_id;
  return Status::Ok();
}

Status PutResourcePolicy(Context& ctx) {
  std::optional<std::string> arn, policy, expected;
  std::string table_id;
  MT_RETURN_IF_ERROR(ReadPolicyArn(ctx, &arn, &table_id));
  MT_RETURN_IF_ERROR(ReadString(ctx.request, "Policy", &policy));
  MT_RETURN_IF_ERROR(ReadString(ctx.request, "ExpectedRevisionId", &expected));
  Constraints c;
  if (!policy) c.Add(nullptr, "policy", "Member must not be null");
  MT_RETURN_IF_ERROR(c.ToStatus());
  // The policy must be a JSON document (IAM policy grammar is not checked here).
  json parsed = json::parse(*policy, nullptr, false);
  if (parsed.is_discarded() || !parsed.is_object()) {
    return Status::Validation("Invalid policy document: the policy is not valid JSON");
  }
  const ResourcePolicy* current = FindPolicy(ctx, *arn, table_id);
  // ExpectedRevisionId: the write applies only over that revision (API_PutResourcePolicy);
  // "NO_POLICY" asks that no policy exist yet.
  if (expected) {
    const bool matches = !current ? *expected == "NO_POLICY" : current->revision_id == *expected;
    if (!matches) {
      return Status(ErrorCode::kPolicyNotFound,
                    "The provided ExpectedRevisionId does not match the current RevisionId of "
                    "the resource-based policy: " +
                        *arn);
    }
  }
  ResourcePolicy& entry = ctx.state.policies[*arn];
  entry.table_id = table_id;
  entry.policy = *policy;
  entry.revision_id =
      std::to_string(ctx.state.NowMs() * 1000 + (++ctx.state.policy_revisions % 1000));
  ctx.changed = true;
  ctx.response["RevisionId"] = entry.revision_id;
  return Status::Ok();
}

Status DeleteResourcePolicy(Context& ctx) {
  std::optional<std::string> arn, expected;
  std::string table_id;
  MT_RETURN_IF_ERROR(ReadPolicyArn(ctx, &arn, &table_id));
  MT_RETURN_IF_ERROR(ReadString(ctx.request, "ExpectedRevisionId", &expected));
  const ResourcePolicy* policy = FindPolicy(ctx, *arn, table_id);
  if (!policy) return PolicyNotFound(*arn);
  if (expected && policy->revision_id != *expected) {
    return Status(ErrorCode::kPolicyNotFound,
                  "The provided ExpectedRevisionId does not match the current RevisionId of the "
                  "resource-based policy: " +
                      *arn);
  }
  ctx.response["RevisionId"] = policy->revision_id;
  ctx.state.policies.erase(*arn);
  ctx.changed = true;
  return Status::Ok();
}

Status ListImports(Context& ctx) {
  std::optional<std::string> table_arn, token;
  std::optional<int64_t> page_size;
  MT_RETURN_IF_ERROR(ReadString(ctx.request, "TableArn", &table_arn));
  MT_RETURN_IF_ERROR(ReadInteger(ctx.request, "PageSize", &page_size));
  MT_RETURN_IF_ERROR(ReadString(ctx.request, "NextToken", &token));
  Constraints c;
  c.Min(page_size, "pageSize", 1);
  c.Max(page_size, "pageSize", 25);
  MT_RETURN_IF_ERROR(c.ToStatus());
  // ImportTable is not implemented here (it reads S3), so no import ever exists.
  ctx.response["ImportSummaryList"] = json::array();
  return Status::Ok();
}

Status ListExports(Context& ctx) {
  std::optional<std::string> table_arn, token;
  std::optional<int64_t> max;
  MT_RETURN_IF_ERROR(ReadString(ctx.request, "TableArn", &table_arn));
  MT_RETURN_IF_ERROR(ReadInteger(ctx.request, "MaxResults", &max));
  MT_RETURN_IF_ERROR(ReadString(ctx.request, "NextToken", &token));
  Constraints c;
  c.Min(max, "maxResults", 1);
  c.Max(max, "maxResults", 25);
  MT_RETURN_IF_ERROR(c.ToStatus());
  // ExportTableToPointInTime is not implemented here (it writes S3), so no export ever exists.
  ctx.response["ExportSummaries"] = json::array();
  return Status::Ok();
}

}  // namespace monotable::api
