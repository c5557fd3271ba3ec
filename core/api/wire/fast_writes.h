// fast_writes: BatchWriteItem in two halves (Read, Run) and a reader for its plain shape that
// works on the request text itself, with no JSON tree. Loading a model is CreateTable +
// BatchWriteItem of 25 items at a time through Engine::Execute, so this is the load path.
//
// Contract of the fast reader (as fast_requests.h): it either declines (returns false, *out
// unspecified) or fills *out exactly as the general reader (ReadBatchWriteItem on the parsed
// request) would and with the same outcome: OK. It declines whenever the text is anything but
// the plain case it knows: an unknown, repeated or null member, a string with a \u escape or a
// byte outside printable ASCII, a JSON number or literal where a string is expected, an
// AttributeValue of any other shape than exactly one known type member, and any value the general
// reader would reject (empty sets, set duplicates, invalid numbers or base64, NULL false, nesting
// past DynamoDB's limit, too many or too few requests, an unknown ReturnConsumedCapacity or
// ReturnItemCollectionMetrics). Declining costs nothing but time: the caller then runs the
// general path, which gives DynamoDB's answer,
// errors included. Both readers feed one RunBatchWriteItem. A test
// (tests/core/api/wire/fast_writes_test.cc) and the fuzz target fuzz_requests feed both readers
// valid, invalid and randomly damaged requests and check this contract.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "api/api.h"
#include "api/ops/write_path.h"

namespace monotable::api::scan {
class Scanner;
}  // namespace monotable::api::scan

namespace monotable::api {

// A BatchWriteItem request as read: every member checked in DynamoDB's order (types, constraints,
// each WriteRequest's shape, each AttributeValue, at most 25 requests), no table touched.
struct BatchWriteItemRequest {
  struct Write {
    std::string table_name;
    WriteKind kind = WriteKind::kPut;  // kPut (PutRequest.Item) or kDelete (DeleteRequest.Key)
    Item item;                         // the item (kPut) or the key (kDelete)
  };
  std::optional<std::string> capacity_detail;  // ReturnConsumedCapacity as sent
  std::optional<std::string> metrics;          // ReturnItemCollectionMetrics as sent
  // In the order the general reader visits them: tables by name (byte order), then each table's
  // requests as sent.
  std::vector<Write> writes;
};

// Reads and checks a BatchWriteItem request (its errors are DynamoDB's, in DynamoDB's order).
Status ReadBatchWriteItem(const json& request, BatchWriteItemRequest* out);
// The rest: item sizes, tables, keys, duplicates, the writes, billing, effects, response. The
// request's items are moved into the table (hence the rvalue).
Status RunBatchWriteItem(Context& ctx, BatchWriteItemRequest&& request);

// The fast reader: RequestItems holding PutRequest {Item} and DeleteRequest {Key} entries, and
// optionally ReturnConsumedCapacity and ReturnItemCollectionMetrics.
bool FastReadBatchWriteItem(std::string_view text, BatchWriteItemRequest* out);

// An attribute map at the scanner's position, {"name": AttributeValue, ...} with every
// AttributeValue type, read and checked as wire::ParseItem reads an item (its values at nesting
// level 1), or declined (false; *out unspecified). A repeated name declines. BatchWriteItem's
// items and keys use it, and PutItem's Item (fast_requests.cc).
bool FastReadAttributeMap(scan::Scanner* s, Item* out);

}  // namespace monotable::api
