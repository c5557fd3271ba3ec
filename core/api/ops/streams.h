// streams: DynamoDB Streams — the change log of tables with a StreamSpecification, and the Streams
// API (ListStreams, DescribeStream, GetShardIterator, GetRecords) served on the same endpoint
// (X-Amz-Target DynamoDBStreams_20120810.<Operation>).
//
// Internal to core/api. Every committed write goes through CommitWrite(Context&, ...) in
// write_path.cc, which calls AppendStreamRecord; stream state lives in EngineState::streams, so
// an Engine snapshot (undo) also snapshots its streams.
//
// DynamoDB rules implemented here (DynamoDB Developer Guide, "Change data capture for DynamoDB
// Streams" and the Streams API reference):
// - a record per item-level change: INSERT (no old item), MODIFY, REMOVE; a PutItem or UpdateItem
//   that changes no data writes no record, a delete of a missing item neither;
// - the view type picks what a record carries: KEYS_ONLY (Keys), NEW_IMAGE, OLD_IMAGE,
//   NEW_AND_OLD_IMAGES; Keys are always present;
// - eventVersion "1.1", eventSource "aws:dynamodb", sequence numbers increase within a shard;
// - a stream outlives a DeleteTable or a disabled StreamSpecification (it is then DISABLED).
// Differences (docs/compatibility.md): one shard per stream, records never expire (no 24 h
// trim), shard iterators never expire.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "api/api.h"
#include "api/stream_log.h"

namespace monotable::api {

struct WriteSpec;
struct PreparedWrite;

// StreamSpecification as read from CreateTable / UpdateTable.
struct StreamRequest {
  bool enabled = false;
  std::optional<std::string> view_type;
};

// Reads and checks a request's StreamSpecification (absent: *out empty). Errors as DynamoDB:
// SerializationException for wrong JSON types, ValidationException for a missing StreamEnabled,
// an enabled stream without a view type, a bad view type.
Status ReadStreamSpecification(const json& req, std::optional<StreamRequest>* out);

// Applies a StreamSpecification to a table (CreateTable: `creating`; UpdateTable otherwise):
// enabling creates a new stream (new ARN and label) and makes it the table's latest stream;
// disabling marks the latest stream DISABLED. UpdateTable errors: enabling a table whose stream is
// enabled, disabling a table without one (ValidationException, DynamoDB's texts).
Status ApplyStreamSpecification(Context& ctx, const StreamRequest& spec, bool creating,
                                storage::TableSchema* schema);

// Marks the stream of a deleted table DISABLED.
void DisableStreamOfTable(Context& ctx, const storage::TableSchema& schema);

// Appends the record of a committed write to the table's stream, if it has an enabled one, and
// adds it to ctx.effects.stream_records.
void AppendStreamRecord(Context& ctx, const WriteSpec& spec, const PreparedWrite& prepared);

// The Streams API handlers.
Status ListStreams(Context& ctx);
Status DescribeStream(Context& ctx);
Status GetShardIterator(Context& ctx);
Status GetRecords(Context& ctx);

}  // namespace monotable::api
