// fast_requests: readers for the hottest requests (GetItem, Query, Scan, PutItem, UpdateItem,
// DeleteItem) that work on the request text itself, with no JSON tree, for the common shape of a
// request only.
//
// Contract: a fast reader either declines (returns false, *out unspecified) or fills *out exactly
// as the general reader (ReadGetItem, ReadMembersOf, ReadPutItem, ReadKeyWrite on the parsed
// request) would and with the same outcome: OK. It declines whenever the text is anything but the
// plain case it knows: an unknown or repeated member, a null, a string with a \u escape or a byte
// outside printable ASCII (JSON's short escapes are read, json_scan.h), an attribute type other
// than S or N in a key or in ExpressionAttributeValues (PutItem's Item takes every type), any
// value the general reader would reject. Declining costs nothing but time: the caller then runs
// the general path, which gives DynamoDB's answer, errors included. A test
// (tests/core/api/wire/fast_requests_test.cc) feeds both readers valid, invalid and randomly
// damaged requests and checks this contract.
#pragma once

#include <string_view>

#include "api/api.h"

namespace monotable::api {

// GetItem with TableName, Key (S and N attributes), and optionally ConsistentRead and
// ReturnConsumedCapacity; ProjectionExpression and the rest decline.
bool FastReadGetItem(std::string_view text, GetItemRequest* out);

// Query (query true) or Scan, filling *out as ReadMembersOf does: TableName, IndexName, Select,
// Limit, ConsistentRead, ExclusiveStartKey (S and N attributes), ReturnConsumedCapacity,
// ProjectionExpression, FilterExpression, ExpressionAttributeNames (strings),
// ExpressionAttributeValues (S and N values), and ScanIndexForward and KeyConditionExpression
// (Query) or Segment and TotalSegments (Scan). Limit and the segments are plain non-negative
// integers. Legacy members (KeyConditions, ScanFilter, ...) and anything else decline. *out must
// be a fresh ReadMembers; its params point into it.
bool FastReadQueryScan(std::string_view text, bool query, ReadMembers* out);

// UpdateItem (update true) or DeleteItem, filling *out as their general readers do: TableName,
// Key (S and N attributes), ConditionExpression, ReturnValues, ReturnConsumedCapacity,
// ReturnItemCollectionMetrics, ReturnValuesOnConditionCheckFailure, ExpressionAttributeNames
// (strings), ExpressionAttributeValues (S and N values), and UpdateExpression (UpdateItem).
// Legacy members (AttributeUpdates, Expected, ConditionalOperator) and anything else decline.
// *out must be a fresh KeyWriteRequest; its params point into it.
bool FastReadKeyWrite(std::string_view text, bool update, KeyWriteRequest* out);

// PutItem, filling *out as ReadPutItem does: Item (every AttributeValue type, read and checked as
// BatchWriteItem's fast reader reads its items, fast_writes.h) and the members UpdateItem's and
// DeleteItem's fast reader reads beside Key. Legacy members (Expected, ConditionalOperator) and
// anything else decline. *out must be a fresh PutItemRequest; its params point into it.
bool FastReadPutItem(std::string_view text, PutItemRequest* out);

}  // namespace monotable::api
