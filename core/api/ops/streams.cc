// streams: the change log of stream-enabled tables and the DynamoDB Streams API. See streams.h for
// the rules implemented and the known differences.
#include "api/ops/streams.h"

#include <cinttypes>
#include <cstdio>
#include <ctime>

#include "api/ops/write_path.h"
#include "api/wire/wire.h"
#include "monotable/civil_time.h"

namespace monotable::api {
namespace {

const std::vector<std::string_view> kViewTypes = {"NEW_IMAGE", "OLD_IMAGE", "NEW_AND_OLD_IMAGES",
                                                  "KEYS_ONLY"};
// Our one shard per stream.
constexpr std::string_view kShardId = "shardId-00000000000000000000-00000001";

// A stream label: the creation time as DynamoDB writes it, "2026-11-30T03:08:33.123".
std::string Label(int64_t ms) { return FormatUnixMs(ms, TimeFormat::kIsoMillis); }

// Sequence numbers are decimal strings that sort as numbers (DynamoDB's are 21+ digits).
std::string SequenceText(uint64_t sequence) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%021" PRIu64, sequence);
  return buf;
}

bool ParseSequence(const std::string& text, uint64_t* out) {
  if (text.empty() || text.size() > 21) return false;
  uint64_t v = 0;
  for (char c : text) {
    if (c < '0' || c > '9') return false;
    v = v * 10 + static_cast<uint64_t>(c - '0');
  }
  *out = v;
  return true;
}

StreamLog* FindStream(Context& ctx, const std::string& arn) {
  auto it = ctx.state.streams.find(arn);
  return it == ctx.state.streams.end() ? nullptr : &it->second;
}

Status StreamNotFound(const std::string& arn) {
  return Status::ResourceNotFound("Requested resource not found: Stream: " + arn + " not found");
}

json KeySchemaJson(const storage::KeySchema& keys) {
  json out = json::array();
  out.push_back({{"AttributeName", keys.hash.name}, {"KeyType", "HASH"}});
  if (keys.has_range()) out.push_back({{"AttributeName", keys.range.name}, {"KeyType", "RANGE"}});
  return out;
}

// Shard iterators are opaque to clients: "<stream arn>|<shard id>|<index of the next record>".
std::string MakeIterator(const StreamLog& log, uint64_t next_index) {
  return log.arn + "|" + std::string(kShardId) + "|" + std::to_string(next_index);
}

}  // namespace

Status ReadStreamSpecification(const json& req, std::optional<StreamRequest>* out) {
  out->reset();
  const json* spec = nullptr;
  Status s = ReadObject(req, "StreamSpecification", &spec);
  if (!s.ok() || !spec) return s;
  std::optional<bool> enabled;
  std::optional<std::string> view_type;
  MT_RETURN_IF_ERROR(ReadBool(*spec, "StreamEnabled", &enabled));
  MT_RETURN_IF_ERROR(ReadString(*spec, "StreamViewType", &view_type));
  Constraints c;
  if (!enabled) c.Add(nullptr, "streamSpecification.streamEnabled", "Member must not be null");
  c.Enum(view_type, "streamSpecification.streamViewType", kViewTypes);
  MT_RETURN_IF_ERROR(c.ToStatus());
  // DynamoDB rule: enabling a stream needs a StreamViewType.
  if (*enabled && !view_type) {
    return Status::Validation(
        "One or more parameter values were invalid: You must specify a StreamViewType when "
        "enabling a stream");
  }
  *out = StreamRequest{*enabled, view_type};
  return Status::Ok();
}

Status ApplyStreamSpecification(Context& ctx, const StreamRequest& spec, bool creating,
                                storage::TableSchema* schema) {
  if (!spec.enabled) {
    // DynamoDB rule: UpdateTable cannot disable a stream the table does not have; CreateTable with
    // StreamEnabled false simply creates no stream.
    if (creating) return Status::Ok();
    if (!schema->stream_enabled) {
      return Status::Validation("Table has no stream to disable: TableName: " + schema->name);
    }
    schema->stream_enabled = false;
    if (StreamLog* log = FindStream(ctx, schema->latest_stream_arn)) log->enabled = false;
    return Status::Ok();
  }
  // DynamoDB rule: a stream's view type cannot change in place, and re-enabling is an error too.
  if (schema->stream_enabled) {
    return Status::Validation("Table already has an enabled stream: TableName: " + schema->name);
  }
  StreamLog log;
  log.creation_ms = ctx.state.NowMs();
  log.label = Label(log.creation_ms);
  log.arn = schema->arn + "/stream/" + log.label;
  // Two streams in the same millisecond (a disable and re-enable) still get distinct ARNs.
  while (ctx.state.streams.count(log.arn)) {
    ++log.creation_ms;
    log.label = Label(log.creation_ms);
    log.arn = schema->arn + "/stream/" + log.label;
  }
  log.table_name = schema->name;
  log.view_type = *spec.view_type;
  log.keys = schema->keys;
  schema->stream_enabled = true;
  schema->stream_view_type = log.view_type;
  schema->latest_stream_arn = log.arn;
  schema->latest_stream_label = log.label;
  ctx.state.streams.emplace(log.arn, std::move(log));
  return Status::Ok();
}

void DisableStreamOfTable(Context& ctx, const storage::TableSchema& schema) {
  if (StreamLog* log = FindStream(ctx, schema.latest_stream_arn)) log->enabled = false;
}

void AppendStreamRecord(Context& ctx, const WriteSpec& spec, const PreparedWrite& prepared) {
  const storage::TableSchema& schema = spec.table->schema();
  if (!schema.stream_enabled) return;
  if (prepared.condition_failed || spec.kind == WriteKind::kConditionCheck) return;
  const storage::WritePlan& plan = prepared.plan;
  if (!plan.old_item && !plan.new_item) return;  // a delete of nothing
  // DynamoDB rule: a PutItem or UpdateItem that changes no data writes no stream record.
  if (plan.old_item && plan.new_item && *plan.old_item == *plan.new_item) return;
  StreamLog* log = FindStream(ctx, schema.latest_stream_arn);
  if (!log) return;
  StreamRecord r;
  r.sequence = log->records.size() + 1;
  r.event_name = !plan.old_item ? "INSERT" : !plan.new_item ? "REMOVE" : "MODIFY";
  r.time_ms = ctx.state.NowMs();
  r.keys = KeyOf(schema, plan.new_item ? *plan.new_item : *plan.old_item);
  r.old_image = plan.old_item;
  r.new_image = plan.new_item;
  r.by_service = spec.by_service;
  if (ctx.records_effects()) {
    ctx.effects.stream_records.push_back({schema.name, r.event_name, r.keys, log->label,
                                          log->view_type, SequenceText(r.sequence), r.by_service});
  }
  log->records.push_back(std::move(r));
}

Status ListStreams(Context& ctx) {
  const json& req = ctx.request;
  std::optional<std::string> table_name, start;
  std::optional<int64_t> limit;
  MT_RETURN_IF_ERROR(ReadString(req, "TableName", &table_name));
  MT_RETURN_IF_ERROR(ReadString(req, "ExclusiveStartStreamArn", &start));
  MT_RETURN_IF_ERROR(ReadInteger(req, "Limit", &limit));
  Constraints c;
  c.TableName(table_name, "tableName", false);
  c.Min(limit, "limit", 1);
  c.Max(limit, "limit", 100);
  MT_RETURN_IF_ERROR(c.ToStatus());
  if (table_name && !ctx.state.FindTable(*table_name)) {
    return Status::ResourceNotFound("Requested resource not found: Table: " + *table_name +
                                    " not found");
  }
  json streams = json::array();
  const size_t max = static_cast<size_t>(limit.value_or(100));
  std::string last;
  for (const auto& [arn, log] : ctx.state.streams) {
    if (table_name && log.table_name != *table_name) continue;
    if (start && arn <= *start) continue;
    if (streams.size() == max) {
      ctx.response["LastEvaluatedStreamArn"] = last;
      break;
    }
    streams.push_back(
        {{"StreamArn", arn}, {"TableName", log.table_name}, {"StreamLabel", log.label}});
    last = arn;
  }
  ctx.response["Streams"] = std::move(streams);
  return Status::Ok();
}

Status DescribeStream(Context& ctx) {
  const json& req = ctx.request;
  std::optional<std::string> arn, start_shard;
  std::optional<int64_t> limit;
  MT_RETURN_IF_ERROR(ReadString(req, "StreamArn", &arn));
  MT_RETURN_IF_ERROR(ReadString(req, "ExclusiveStartShardId", &start_shard));
  MT_RETURN_IF_ERROR(ReadInteger(req, "Limit", &limit));
  Constraints c;
  if (!arn) c.Add(nullptr, "streamArn", "Member must not be null");
  c.Min(limit, "limit", 1);
  c.Max(limit, "limit", 100);
  MT_RETURN_IF_ERROR(c.ToStatus());
  StreamLog* log = FindStream(ctx, *arn);
  if (!log) return StreamNotFound(*arn);
  json d = json::object();
  d["StreamArn"] = log->arn;
  d["StreamLabel"] = log->label;
  d["StreamStatus"] = log->enabled ? "ENABLED" : "DISABLED";
  d["StreamViewType"] = log->view_type;
  d["CreationRequestDateTime"] = static_cast<double>(log->creation_ms) / 1000.0;
  d["TableName"] = log->table_name;
  d["KeySchema"] = KeySchemaJson(log->keys);
  json shard = json::object();
  shard["ShardId"] = kShardId;
  shard["SequenceNumberRange"] = {{"StartingSequenceNumber", SequenceText(1)}};
  // A disabled stream's shard is closed: it has an ending sequence number.
  if (!log->enabled) {
    shard["SequenceNumberRange"]["EndingSequenceNumber"] = SequenceText(log->records.size());
  }
  d["Shards"] = json::array();
  if (!start_shard || *start_shard < kShardId) d["Shards"].push_back(std::move(shard));
  ctx.response["StreamDescription"] = std::move(d);
  return Status::Ok();
}

Status GetShardIterator(Context& ctx) {
  const json& req = ctx.request;
  std::optional<std::string> arn, shard_id, type, sequence;
  MT_RETURN_IF_ERROR(ReadString(req, "StreamArn", &arn));
  MT_RETURN_IF_ERROR(ReadString(req, "ShardId", &shard_id));
  MT_RETURN_IF_ERROR(ReadString(req, "ShardIteratorType", &type));
  MT_RETURN_IF_ERROR(ReadString(req, "SequenceNumber", &sequence));
  Constraints c;
  if (!arn) c.Add(nullptr, "streamArn", "Member must not be null");
  if (!shard_id) c.Add(nullptr, "shardId", "Member must not be null");
  if (!type) c.Add(nullptr, "shardIteratorType", "Member must not be null");
  c.Enum(type, "shardIteratorType",
         {"TRIM_HORIZON", "LATEST", "AT_SEQUENCE_NUMBER", "AFTER_SEQUENCE_NUMBER"});
  MT_RETURN_IF_ERROR(c.ToStatus());
  StreamLog* log = FindStream(ctx, *arn);
  if (!log) return StreamNotFound(*arn);
  if (*shard_id != kShardId) {
    return Status::ResourceNotFound("Requested resource not found: Shard does not exist");
  }
  const bool at = *type == "AT_SEQUENCE_NUMBER";
  const bool after = *type == "AFTER_SEQUENCE_NUMBER";
  uint64_t next = 0;
  if (at || after) {
    uint64_t n = 0;
    // DynamoDB rule: the AT/AFTER types need a SequenceNumber, and it must be in the shard.
    if (!sequence) {
      return Status::Validation("Must specify a sequence number for " + *type);
    }
    if (!ParseSequence(*sequence, &n) || n == 0 || n > log->records.size()) {
      return Status::Validation("Invalid SequenceNumber for ShardIteratorType " + *type);
    }
    next = at ? n - 1 : n;
  } else if (sequence) {
    return Status::Validation(
        "Sequence number can only be specified for AT_SEQUENCE_NUMBER or "
        "AFTER_SEQUENCE_NUMBER iterator types");
  } else if (*type == "LATEST") {
    next = log->records.size();
  }
  ctx.response["ShardIterator"] = MakeIterator(*log, next);
  return Status::Ok();
}

Status GetRecords(Context& ctx) {
  const json& req = ctx.request;
  std::optional<std::string> iterator;
  std::optional<int64_t> limit;
  MT_RETURN_IF_ERROR(ReadString(req, "ShardIterator", &iterator));
  MT_RETURN_IF_ERROR(ReadInteger(req, "Limit", &limit));
  Constraints c;
  if (!iterator) c.Add(nullptr, "shardIterator", "Member must not be null");
  c.Min(limit, "limit", 1);
  c.Max(limit, "limit", 1000);
  MT_RETURN_IF_ERROR(c.ToStatus());
  const size_t bar2 = iterator->rfind('|');
  const size_t bar1 =
      bar2 == std::string::npos ? std::string::npos : iterator->rfind('|', bar2 - 1);
  uint64_t next = 0;
  if (bar1 == std::string::npos || iterator->substr(bar1 + 1, bar2 - bar1 - 1) != kShardId ||
      !ParseSequence(iterator->substr(bar2 + 1), &next)) {
    return Status::Validation("Invalid ShardIterator");
  }
  StreamLog* log = FindStream(ctx, iterator->substr(0, bar1));
  if (!log) return StreamNotFound(iterator->substr(0, bar1));
  const size_t max = static_cast<size_t>(limit.value_or(1000));
  json records = json::array();
  size_t i = static_cast<size_t>(std::min<uint64_t>(next, log->records.size()));
  for (; i < log->records.size() && records.size() < max; ++i) {
    const StreamRecord& r = log->records[i];
    json ddb = json::object();
    ddb["ApproximateCreationDateTime"] = r.time_ms / 1000;
    ddb["Keys"] = wire::ToJson(r.keys);
    size_t size = ItemSize(r.keys);
    const bool new_image = log->view_type == "NEW_IMAGE" || log->view_type == "NEW_AND_OLD_IMAGES";
    const bool old_image = log->view_type == "OLD_IMAGE" || log->view_type == "NEW_AND_OLD_IMAGES";
    if (new_image && r.new_image) {
      ddb["NewImage"] = wire::ToJson(*r.new_image);
      size += ItemSize(*r.new_image);
    }
    if (old_image && r.old_image) {
      ddb["OldImage"] = wire::ToJson(*r.old_image);
      size += ItemSize(*r.old_image);
    }
    ddb["SequenceNumber"] = SequenceText(r.sequence);
    ddb["SizeBytes"] = size;
    ddb["StreamViewType"] = log->view_type;
    json record = json::object();
    record["eventID"] = log->label + "-" + SequenceText(r.sequence);
    record["eventName"] = r.event_name;
    record["eventVersion"] = "1.1";
    record["eventSource"] = "aws:dynamodb";
    record["awsRegion"] = ctx.state.options.region;
    record["dynamodb"] = std::move(ddb);
    // DynamoDB rule (Streams API reference, Record.userIdentity): items deleted by the Time to
    // Live process carry userIdentity Type "Service", PrincipalId "dynamodb.amazonaws.com";
    // records of callers' writes have no userIdentity.
    if (r.by_service) {
      record["userIdentity"] = {{"PrincipalId", "dynamodb.amazonaws.com"}, {"Type", "Service"}};
    }
    records.push_back(std::move(record));
  }
  ctx.response["Records"] = std::move(records);
  // DynamoDB rule: a closed (disabled) shard read to its end returns no NextShardIterator.
  if (log->enabled || i < log->records.size()) {
    ctx.response["NextShardIterator"] = MakeIterator(*log, i);
  }
  return Status::Ok();
}

}  // namespace monotable::api
