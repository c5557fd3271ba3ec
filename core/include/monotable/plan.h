// Plan: from one request to the monthly bill and the partition limits.
//
// BuildPlan loads a model into a scratch engine, runs every access pattern once in file order
// (writes in order, as `monotable patterns` does) and takes each pattern's capacity per table and
// index from its Effects. With the patterns' request rates (AccessPattern's load, or overrides) it
// totals a month of DynamoDB: on-demand request units, provisioned capacity sized for the peak,
// storage per table and index, Streams reads; and it simulates DynamoDB's partitions second by
// second for the table and every global secondary index: utilisation, throttled requests, GSI
// write back-pressure on the base table, and hot keys with the write-sharding rewrite.
//
// Knows the engine only through its public API (Engine::Execute, browsing). Names no JSON library:
// rates come in as JSON text, PlanJson writes JSON text.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "monotable/effects.h"
#include "monotable/limits.h"
#include "monotable/model.h"
#include "monotable/status.h"

namespace monotable {
class Engine;
}

namespace monotable::plan {

// AWS's pricing convention: a month is 730 hours (365 days x 24 hours / 12); the AWS Pricing
// Calculator (https://calculator.aws/) "assumes 730 hours in a month" and DynamoDB's provisioned
// pricing examples bill capacity-hours over such a month.
inline constexpr double kHoursPerMonth = 730;
inline constexpr double kSecondsPerMonth = kHoursPerMonth * 3600;

// DynamoDB's per-partition limits: "each partition can support a maximum of 3,000 read capacity
// units (RCUs) or 1,000 write capacity units (WCUs)" per second, and a partition holds up to 10 GB
// (DG "Best practices for designing and using partition keys effectively",
// https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/bp-partition-key-design.html;
// DG "Partitions and data distribution", HowItWorks.Partitions). Reads and writes throttle
// independently (DG throttling-key-range-limit-exceeded-mitigation). The limits hold in
// on-demand mode too, and adaptive capacity never lifts a partition above them: it only isolates
// hot items, "down to one item per partition" (DG burst-adaptive-capacity.html,
// #isolate-frequent-access-items).
// Defined in limits.h, with the other named limits.
using limits::kPartitionBytes;
using limits::kPartitionReadUnits;
using limits::kPartitionWriteUnits;
// "All items in DynamoDB require 100 bytes of storage overhead for indexing" (DG
// CapacityUnitCalculations): storage only, per item and per index entry.
inline constexpr double kStorageOverheadBytes = 100;

// One access pattern's load: requests per second on average and at the peak, and how requests
// pick their keys (model.h, KeyDistribution).
struct Load {
  double per_second = 0;
  double peak_per_second = 0;    // 0: the average
  std::string keys = "uniform";  // "uniform", "zipf:S" or "hot" (ParseKeyDistribution)
  double Peak() const { return peak_per_second > 0 ? peak_per_second : per_second; }
};

// A rates file (`monotable plan --rates FILE`): a JSON object from access-pattern id to its load,
//   {"place-order": {"perSecond": 200, "peakPerSecond": 800, "keys": "uniform"}}
// Every member optional; unknown members, negative rates and bad `keys` are ValidationExceptions
// naming the pattern ("rates.place-order.keys: ..."). Ids are not checked here (BuildPlan does).
Status ParseRates(std::string_view json_text, std::map<std::string, Load, std::less<>>* out);

struct PlanOptions {
  // Overrides of the model's prices (Model::prices), else the engine's defaults.
  const PriceTable* prices = nullptr;
  // Auto scaling keeps consumed capacity at this share of provisioned capacity; the console's
  // default target is 70% (DG AutoScaling.md). Provisioned capacity = peak / target.
  double target_utilisation = 0.70;
  // Storage and key counts scaled to this many items in all (0: the model's own items).
  uint64_t item_count = 0;
  // Loads by pattern id, replacing the model's (a rates file).
  std::map<std::string, Load, std::less<>> rates;
  // The simulated load profile, per second: this many seconds at the average rates, then this
  // many at the peak.
  int average_seconds = 60;
  int peak_seconds = 60;
  // "What if": every pattern's average and peak rate times this (the playground's traffic
  // slider). 0 or more.
  double traffic_multiplier = 1;
};

// One table or index of a pattern's request: units one request consumes there.
struct PatternUnits {
  std::string table;
  std::string index;  // "" for the table
  double read_units = 0;
  double write_units = 0;
};

// A full-table Scan: every 1 MB page of a table, the cost of answering a question without its
// index (issue 17: "a full-table Scan total (all pages) beside the Query that answers the same
// question, at every scale").
struct ScanTotal {
  bool applicable = false;         // set for Query patterns only
  std::string table;               // the base table scanned
  double items = 0;                // items read (the table's, scaled)
  double bytes = 0;                // item bytes read
  double pages = 0;                // Scan calls, one per 1 MB page
  double read_units = 0;           // all pages together, the Query's read consistency
  double dollars_per_request = 0;  // on-demand, one full Scan
  double dollars_per_month = 0;    // one full Scan per Query, at the Query's average rate
};

// The read units of Scanning a table page by page, computed from its items' sizes with the
// engine's rules instead of running it: a page reads items in Scan order until the bytes read
// reach 1 MB ("A single Scan operation reads up to the maximum number of items set (if using the
// Limit parameter) or a maximum of 1 MB of data", DG Scan.html#Scan.Limit; the item that crosses
// 1 MB is read in that page, core/api/query_scan.cc), and each page costs its bytes rounded up to
// 4 KB, once per page ("DynamoDB calculates the number of read capacity units consumed based on
// item size, not on the amount of data that is returned", rounded per operation, DG
// CapacityUnitCalculations#ItemSizeCalculations.Reads), halved when eventually consistent. An
// empty table costs one page of 0 bytes, billed as the minimum of 1 unit (0.5 eventually).
// `item_sizes` is the Scan order's sizes, repeated as needed to reach `item_count` items (the
// generator scales the model's items by repeating their kinds).
ScanTotal FullScanCost(const std::vector<size_t>& item_sizes, double item_count, bool consistent);
// The same over the items `engine` holds in `table` now, in its Scan order, by their stored sizes
// (nothing is decoded or billed): the playground's Run all sets it beside each Query at the scale
// loaded, where the model's items repeated would only approximate it. An unknown table: one
// empty page.
ScanTotal FullScanCost(const Engine& engine, std::string_view table, bool consistent);

struct PatternBill {
  std::string id;
  std::string name;
  std::string operation;
  Load load;
  std::string
      error;  // "" or the DynamoDB error of its run ("ConditionalCheckFailedException: ...")
  std::vector<PatternUnits> units;   // per request, per table and index touched
  double read_units = 0;             // per request, all tables and indexes
  double write_units = 0;            // per request
  double dollars_per_million = 0;    // on-demand, per million requests
  double read_units_per_month = 0;   // at the average rate
  double write_units_per_month = 0;  // at the average rate
  double dollars_per_month = 0;      // on-demand requests
  double throttled_per_second = 0;   // at the peak, after adaptive capacity
  ScanTotal full_scan;               // a Query's question answered by Scanning its base table
};

// Load on one partition at the end of the peak.
struct PartitionLoad {
  double read_units = 0;    // per second, demanded
  double write_units = 0;   // per second, demanded
  double utilisation = 0;   // max(read / 3,000, write / 1,000): above 1 it throttles
  std::string hottest_key;  // the partition key value carrying most of it ("" for spread load)
};

// One table or index: its month, and its partitions.
struct ResourcePlan {
  std::string table;
  std::string index;  // "" for the table
  bool local_index = false;
  // Storage, scaled to PlanOptions::item_count.
  double item_count = 0;
  double size_bytes = 0;  // item (entry) bytes plus 100 bytes each
  double storage_gb = 0;  // size / 2^30 ("1 GB = 1024 MB", DG ServiceQuotas)
  double storage_dollars = 0;
  // Request units per second over all patterns.
  double average_read_units = 0, average_write_units = 0;
  double peak_read_units = 0, peak_write_units = 0;
  // A month on-demand (request units at the average rates).
  double on_demand_dollars = 0;
  // A month provisioned: capacity sized for the peak at the target utilisation (LSIs use the
  // table's capacity: 0 here). At least 1 unit each (CreateTable's minimum).
  int64_t provisioned_rcu = 0, provisioned_wcu = 0;
  double provisioned_dollars = 0;
  // DynamoDB Streams (table only, when StreamSpecification.StreamEnabled): GetRecords calls.
  bool stream_enabled = false;
  double stream_read_requests_per_month = 0;
  double stream_dollars = 0;
  // Partitions (GSIs have their own; an LSI lives in its table's partitions).
  int partitions_estimate = 0;  // for size and peak throughput, before any split for heat
  int partitions = 0;           // at the end of the peak, after adaptive capacity's isolation
  double peak_utilisation = 0;  // highest PartitionLoad::utilisation over the simulation
  double throttled_reads_per_second = 0;       // requests, at the end of the peak
  double throttled_writes_per_second = 0;      // requests, at the end of the peak, own partitions
  double back_pressure_writes_per_second = 0;  // table: writes throttled by a GSI's partitions
  std::vector<PartitionLoad> partition_loads;  // at the end of the peak, hottest first (top 16)
  // The simulation second by second (the playground's heat map): per partition, base ones first
  // then those adaptive capacity added, per second of the profile (average seconds, then peak
  // seconds), demand / limit = max(read / 3,000, write / 1,000); above 1 that second throttled.
  // Empty for an LSI (its load is in its table's).
  std::vector<std::vector<float>> heat;
  // Which partition keys land on (the picture of "partition key routes to a shard"): the model's
  // partition key values, in key order, at most 64, with the partition each is on at the end of
  // the peak (adaptive capacity may have moved a hot one to a partition of its own).
  std::vector<std::pair<std::string, int>> key_partitions;
};

// A key hotter than one partition can take, and the write-sharding rewrite that fixes it (DG
// "Using write sharding to distribute workloads evenly", bp-partition-key-sharding.html).
struct HotKey {
  std::string table;
  std::string index;                                 // "" for the table
  std::string attribute;                             // the partition key attribute: "GSI2PK"
  std::string value;                                 // "OPEN"
  double peak_read_units = 0, peak_write_units = 0;  // per second on this one key
  int shards = 0;  // OPEN#0 .. OPEN#<shards-1>, each at most 80% of a partition
  // The shards and the base partition each lands on (OPEN#0 -> 2, ...), at most 64 listed.
  std::vector<std::pair<std::string, int>> shard_partitions;
  double throttled_per_second = 0;          // requests throttled on this key, as is
  double sharded_throttled_per_second = 0;  // the same simulation with the key sharded
  // Reads of this key: units per request as is and sharded (one Query per shard, each rounded).
  struct Read {
    std::string pattern;
    double units_before = 0;
    double units_after = 0;
    double dollars_per_month_before = 0, dollars_per_month_after = 0;
  };
  std::vector<Read> reads;
  std::string text;  // the lint, in words
};

struct Plan {
  std::string model_name;
  PriceTable prices;
  double target_utilisation = 0.7;
  double item_count = 0;  // items the figures are scaled to
  double scale = 1;       // item_count / the model's items
  std::vector<PatternBill> patterns;
  std::vector<ResourcePlan> resources;  // tables in model order, each followed by its indexes
  // The month.
  double on_demand_request_dollars = 0;
  double provisioned_capacity_dollars = 0;
  double storage_dollars = 0;
  double stream_dollars = 0;
  double on_demand_total = 0;    // requests + storage + streams
  double provisioned_total = 0;  // capacity + storage + streams
  // Break-even: provisioned capacity costs the same as on-demand requests when it is used on
  // average at this share of itself (the price ratio: $0.00013 per RCU-hour against 3,600 x $0.125
  // per million RRU = 28.9%). And the multiple of the stated average rates (peaks unchanged) at
  // which on-demand would cost as much as the provisioned capacity sized here.
  double break_even_read_utilisation = 0;
  double break_even_write_utilisation = 0;
  double break_even_load_multiple = 0;
  std::vector<HotKey> hot_keys;
  std::vector<std::string> notes;  // what is estimated and how
};

// Builds the plan of `model`. Errors: the model does not load (LoadModel's error), a rates entry
// names no pattern of the model (ValidationException "rates: no access pattern \"x\""), options out
// of range (target utilisation outside 20%-90%: auto scaling's range, DG AutoScaling.md). A
// pattern whose request fails is billed as DynamoDB bills the failure and carries the error.
Status BuildPlan(const Model& model, const PlanOptions& options, Plan* out);

// The plan for people: the bill table, on-demand against provisioned, the partition report and the
// hot keys, in a terminal's 100 columns.
std::string PlanText(const Plan& plan);
// The plan as JSON (docs/cli.md, `monotable plan --json`): tables and indexes by name, per
// pattern its monthly request units and dollars, per table and index its partitions, peak
// utilisation per partition and throttled requests per second.
std::string PlanJson(const Plan& plan);

}  // namespace monotable::plan
