// Throttle: core/plan's partition model applied to live traffic (`monotable serve --throttle`), so
// that a client's retry logic meets DynamoDB's throttling errors.
//
// Per table and per global secondary index it keeps the partitions core/plan estimates (the same
// count rule and the same stand-in hash, plan_internal.h's PartitionOf) and, per partition and per
// table, token buckets of read and write units fed by each request's consumed capacity as the
// engine computes it. The model, exactly (docs/cli.md "serve --throttle", docs/compatibility.md):
//
// - Partitions: a provisioned table or GSI has max(1, ceil(RCU / 3,000 + WCU / 1,000),
//   ceil(size / 10 GB)); an on-demand one max(4, ceil(size / 10 GB)): a new on-demand table
//   "can sustain up to 4,000 writes per second and 12,000 reads per second" (DG
//   on-demand-capacity-mode.html, "Initial throughput"), which is 4 partitions of 1,000 WCU and
//   3,000 RCU. An LSI lives in its table's partitions. Partitions are never merged: the count only
//   grows (UpdateTable re-reads it).
// - Each partition has a read bucket (3,000 units a second, holding at most one second of them)
//   and a write bucket (1,000 a second, one second): burst capacity "never lifts a partition above
//   3,000 RCU / 1,000 WCU" (DG burst-adaptive-capacity.html; dynamodb-rules.md §5.2, item 4).
//   Reads and writes throttle independently (DG
//   throttling-key-range-limit-exceeded-mitigation.html).
//   Adaptive capacity lets one partition use the table's whole capacity up to these limits, so a
//   provisioned table's capacity is not divided among its partitions.
// - Each provisioned table and GSI has a table-level bucket per kind filled at its provisioned
//   units a second; it keeps up to 300 seconds of unused capacity ("DynamoDB currently retains up
//   to five minutes (300 seconds) of unused read and write capacity", DG
//   burst-adaptive-capacity.html#burst-capacity) and starts with one second of it. An on-demand
//   table or GSI has one at the per-table account quota, 40,000 read and 40,000 write request
//   units a second (DG ServiceQuotas.html#default-limits-throughput), holding one second.
// - Decided before mutating: a request is refused when a bucket it would draw on is in debt
//   (below zero) when it arrives; an admitted request then draws what it consumed (its
//   ConsumedCapacity per table and index, spread evenly over the partitions it touched), which may
//   take a bucket into debt; the refill pays the debt back. A refused request changes nothing and
//   consumes nothing.
// - What a request draws on: GetItem, PutItem, UpdateItem, DeleteItem: the partition of its key;
//   Query: the partition of its key condition's partition key value (on the index it names);
//   Scan: the table level only, spread over every partition when charged. A write also draws on
//   every GSI partition its item's index keys were on before the write and, for PutItem, will be
//   on after it (GSI back-pressure: "if a GSI doesn't have enough write capacity, writes to the
//   base table are throttled", DG gsi-throttling.html). An UpdateItem that moves an item into a
//   GSI partition is charged there but not refused by it (its new keys are known only after it).
// - BatchWriteItem and BatchGetItem: members whose partitions are in debt are not executed and
//   come back in UnprocessedItems / UnprocessedKeys, the others run as one batch ("If DynamoDB
//   returns any unprocessed items, you should retry the batch operation on those items", API
//   BatchWriteItem); when every member is throttled the batch fails with the throttling error
//   ("If none of the items can be processed due to insufficient provisioned throughput on all of
//   the tables in the request, then BatchWriteItem returns a
//   ProvisionedThroughputExceededException", API BatchWriteItem; likewise BatchGetItem).
//   TransactWriteItems and TransactGetItems are refused whole: TransactionCanceledException with
//   ProvisionedThroughputExceeded (provisioned) or ThrottlingError (on-demand) for the throttled
//   actions and None for the others (API TransactWriteItems, CancellationReasons codes).
//   PartiQL and control-plane requests are not throttled.
//
// The error (rendered here: core/api has no ThrottlingReasons hook, see docs/compatibility.md):
// a provisioned table answers ProvisionedThroughputExceededException, an on-demand one
// com.amazon.coral.availability#ThrottlingException, HTTP 400, with
// "ThrottlingReasons": [{"reason": "<Table|Index><Read|Write><KeyRangeThroughputExceeded|
// ProvisionedThroughputExceeded|AccountLimitExceeded>", "resource": "<table or index ARN>"}]
// (API ThrottlingReason; DG troubleshooting-throttling-diagnostics.html). A GSI's reason names the
// index's ARN even though the request wrote the table (DG gsi-throttling.html).
//
// Tests: tests/core/plan/throttle_test.cc (fake clock), tests/http/throttle.test.mjs (SDK v3).
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>

#include "monotable/engine.h"

namespace monotable::plan {

// Seconds of unused provisioned capacity a table-level bucket keeps (DG burst-adaptive-capacity).
inline constexpr double kBurstSeconds = 300;
// The per-table account quota of an on-demand table or GSI, units a second, read and write each
// (DG ServiceQuotas.html#default-limits-throughput: 40,000 RRU and 40,000 WRU).
inline constexpr double kOnDemandTableQuotaUnits = 40000;
// Partitions of a new on-demand table or GSI: 4,000 WRU / 1,000 = 12,000 RRU / 3,000 = 4.
inline constexpr int kOnDemandInitialPartitions = 4;

struct ThrottleOptions {
  // The model's clock, milliseconds on any monotonic scale; injectable for tests. Empty: the
  // process's steady clock.
  std::function<int64_t()> clock_ms;
  // Positive: the clock is instead "requests seen x this many ms" (`serve --throttle-tick-ms`):
  // every request, refused or not, moves time on by it, so a test's load is exact whatever the
  // machine's speed (at 10 ms a request, 100 requests are one second).
  int64_t tick_ms_per_request = 0;
};

class Throttle {
 public:
  explicit Throttle(ThrottleOptions options = {});
  ~Throttle();
  Throttle(const Throttle&) = delete;
  Throttle& operator=(const Throttle&) = delete;

  // Runs `operation` on `engine` under the model above: a request that a bucket in debt refuses
  // gets DynamoDB's throttling error and never reaches the engine; any other runs (with effects,
  // for its capacity per table and index) and is charged. The response body is the engine's
  // (BatchWriteItem / BatchGetItem: with the throttled members added to UnprocessedItems /
  // UnprocessedKeys). REQUIRES: the same `engine` on every call (one Throttle per engine).
  Result Execute(Engine* engine, std::string_view operation, std::string_view request_json);

  // Partitions the model holds for `table` (index "" for the table itself, else a GSI's name); 0
  // before any request reached it.
  int Partitions(std::string_view table, std::string_view index) const;
  // Requests refused so far (a batch with some members throttled counts once).
  uint64_t throttled_requests() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace monotable::plan
