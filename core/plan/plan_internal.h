// plan_internal: the partition simulation's inputs and outputs, shared by plan.cc (which builds
// them from the engine's effects) and partitions.cc (which runs them). No engine, no JSON here.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "monotable/plan.h"

namespace monotable::plan::internal {

// One table or GSI with partitions of its own (an LSI's load is its table's).
struct SimResource {
  int base_partitions = 1;  // the estimate for size and peak throughput
  int table = -1;           // for a GSI: the SimResource of its base table; -1 for a table
};

// Where one pattern's requests land on one partitioned resource, and what they consume there.
struct Touch {
  size_t pattern = 0;
  size_t resource = 0;
  bool write = false;
  double units = 0;  // per request, read or write units on this resource
  // Partition key value -> share of the request's units on it (individually placed keys).
  std::map<std::string, double> keys;
  double spread = 0;  // share spread evenly over the base partitions (many keys, or a Scan)
};

struct SimOutput {
  struct Resource {
    int partitions = 0;
    double peak_utilisation = 0;
    double throttled_reads = 0;  // requests per second at the end of the peak
    double throttled_writes = 0;
    double back_pressure_writes = 0;              // table only
    std::vector<PartitionLoad> loads;             // end of the peak, hottest first
    std::map<std::string, double> key_throttled;  // key -> requests throttled per second
    // Per partition (base ones first, then those adaptive capacity added), per second of the
    // profile: demand / limit, max(read / 3,000, write / 1,000); above 1 it throttled. A
    // partition added at second t reads 0 before it.
    std::vector<std::vector<float>> heat;
    std::map<std::string, int> isolated;  // keys given partitions of their own, and which
  };
  std::vector<Resource> resources;
  std::vector<double> pattern_throttled;  // per pattern, requests per second, end of the peak
};

// Runs the load profile (average_seconds at each pattern's average rate, then peak_seconds at its
// peak) second by second over the partitions. Each second a partition serves up to 3,000 read and
// 1,000 write units and throttles the excess, in proportion, on the requests that sent it; a GSI
// partition's throttled writes throttle the base-table writes that fed them (DG gsi-throttling);
// at the end of a second, a partition that throttled and holds more than one loaded key gives its
// hottest keys partitions of their own (adaptive capacity's isolation, DG burst-adaptive-capacity)
// until what remains fits or one key is left.
SimOutput Simulate(const std::vector<SimResource>& resources, const std::vector<Touch>& touches,
                   const std::vector<Load>& loads, int average_seconds, int peak_seconds);

// A deterministic stand-in for DynamoDB's internal hash of a partition key value (FNV-1a, 64
// bits): DynamoDB's own is not published. Partition i of n holds hashes in [i, i+1) * 2^64 / n.
uint64_t KeyHash(std::string_view value);
int PartitionOf(std::string_view value, int partitions);

}  // namespace monotable::plan::internal
