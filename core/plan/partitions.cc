// partitions: the per-second partition simulation of plan_internal.h. Owns the DynamoDB rules on
// partition limits, GSI write back-pressure and adaptive capacity's isolation of hot keys; knows
// nothing of requests or the engine (plan.cc turns effects into Touches).
//
// Rules (sources in monotable/plan.h and below):
// - a partition serves at most 3,000 RCU and 1,000 WCU a second, reads and writes throttled
//   independently (DG throttling-key-range-limit-exceeded-mitigation), in both capacity modes;
// - a GSI short of write capacity, or with a hot partition, throttles the base table's writes
//   that would update it; GSI read throttling does not touch the base table (DG
//   gsi-throttling.html; dynamodb-rules.md §5.2);
// - adaptive capacity "rebalances your partitions such that frequently accessed items don't
//   reside on the same partition", down to one item per partition, which still has the limits
//   above (DG burst-adaptive-capacity.html#isolate-frequent-access-items). How fast is not
//   documented: here a partition splits at the end of the second it throttled.
// Tests: tests/core/plan/partitions_test.cc.
#include <algorithm>
#include <cmath>

#include "plan/plan_internal.h"

namespace monotable::plan::internal {

uint64_t KeyHash(std::string_view value) {
  uint64_t h = 1469598103934665603ull;  // FNV-1a offset basis
  for (unsigned char c : value) {
    h ^= c;
    h *= 1099511628211ull;  // FNV prime
  }
  // A final mix so that keys differing in their last bytes spread over the whole range.
  h ^= h >> 33;
  h *= 0xff51afd7ed558ccdull;
  h ^= h >> 33;
  return h;
}

int PartitionOf(std::string_view value, int partitions) {
  if (partitions <= 1) return 0;
  unsigned __int128 product =
      static_cast<unsigned __int128>(KeyHash(value)) * static_cast<unsigned __int128>(partitions);
  return static_cast<int>(product >> 64);
}

namespace {

struct PartitionState {
  double read = 0, write = 0;
  std::map<std::string, double> key_units;  // per key, read + write units scaled to the limits
  double spread_units = 0;
};

double Utilisation(double read, double write) {
  return std::max(read / kPartitionReadUnits, write / kPartitionWriteUnits);
}

}  // namespace

SimOutput Simulate(const std::vector<SimResource>& resources, const std::vector<Touch>& touches,
                   const std::vector<Load>& loads, int average_seconds, int peak_seconds) {
  SimOutput out;
  out.resources.resize(resources.size());
  out.pattern_throttled.assign(loads.size(), 0);
  // Per resource: keys given partitions of their own, numbered from base_partitions up.
  std::vector<std::map<std::string, int>> isolated(resources.size());
  const int total_seconds = std::max(0, average_seconds) + std::max(1, peak_seconds);
  for (int t = 0; t < total_seconds; ++t) {
    const bool peak = t >= std::max(0, average_seconds);
    const bool last = t == total_seconds - 1;
    auto rate = [&](size_t p) { return peak ? loads[p].Peak() : loads[p].per_second; };
    auto partition_of = [&](size_t r, const std::string& key) {
      auto it = isolated[r].find(key);
      if (it != isolated[r].end()) return it->second;
      return PartitionOf(key, resources[r].base_partitions);
    };
    // Demand per partition.
    std::vector<std::map<int, PartitionState>> parts(resources.size());
    for (const Touch& tc : touches) {
      double units = rate(tc.pattern) * tc.units;
      if (units <= 0) continue;
      auto& rp = parts[tc.resource];
      double scale = tc.write ? 1.0 / kPartitionWriteUnits : 1.0 / kPartitionReadUnits;
      for (const auto& [key, share] : tc.keys) {
        PartitionState& ps = rp[partition_of(tc.resource, key)];
        (tc.write ? ps.write : ps.read) += units * share;
        ps.key_units[key] += units * share * scale;
      }
      if (tc.spread > 0) {
        int n = resources[tc.resource].base_partitions;
        for (int q = 0; q < n; ++q) {
          PartitionState& ps = rp[q];
          (tc.write ? ps.write : ps.read) += units * tc.spread / n;
          ps.spread_units += units * tc.spread / n * scale;
        }
      }
    }
    // Throttled share per partition, and the peak utilisation.
    std::vector<std::map<int, std::pair<double, double>>> throttle(resources.size());
    for (size_t r = 0; r < resources.size(); ++r) {
      std::vector<std::vector<float>>& heat = out.resources[r].heat;
      const size_t rows = static_cast<size_t>(resources[r].base_partitions) + isolated[r].size();
      if (heat.size() < rows) heat.resize(rows);
      for (auto& row : heat) row.resize(static_cast<size_t>(total_seconds), 0.0f);
      for (const auto& [q, ps] : parts[r]) {
        if (static_cast<size_t>(q) < heat.size()) {
          heat[static_cast<size_t>(q)][static_cast<size_t>(t)] =
              static_cast<float>(Utilisation(ps.read, ps.write));
        }
        double fr = ps.read > kPartitionReadUnits ? 1 - kPartitionReadUnits / ps.read : 0;
        double fw = ps.write > kPartitionWriteUnits ? 1 - kPartitionWriteUnits / ps.write : 0;
        throttle[r][q] = {fr, fw};
        out.resources[r].peak_utilisation =
            std::max(out.resources[r].peak_utilisation, Utilisation(ps.read, ps.write));
      }
    }
    if (last) {
      // Throttled requests, per resource, per key and per pattern; GSI back-pressure.
      for (const Touch& tc : touches) {
        double requests = rate(tc.pattern);
        if (requests <= 0) continue;
        auto fraction = [&](int q) {
          auto it = throttle[tc.resource].find(q);
          if (it == throttle[tc.resource].end()) return 0.0;
          return tc.write ? it->second.second : it->second.first;
        };
        double share_throttled = 0;
        SimOutput::Resource& res = out.resources[tc.resource];
        for (const auto& [key, share] : tc.keys) {
          double f = fraction(partition_of(tc.resource, key));
          share_throttled += share * f;
          if (f > 0) res.key_throttled[key] += requests * std::min(1.0, share) * f;
        }
        if (tc.spread > 0) {
          int n = resources[tc.resource].base_partitions;
          for (int q = 0; q < n; ++q) share_throttled += tc.spread / n * fraction(q);
        }
        double throttled = requests * std::min(1.0, share_throttled);
        (tc.write ? res.throttled_writes : res.throttled_reads) += throttled;
        if (tc.write && resources[tc.resource].table >= 0) {
          out.resources[static_cast<size_t>(resources[tc.resource].table)].back_pressure_writes +=
              throttled;
        }
        out.pattern_throttled[tc.pattern] =
            std::min(requests, out.pattern_throttled[tc.pattern] + throttled);
      }
      for (size_t r = 0; r < resources.size(); ++r) {
        SimOutput::Resource& res = out.resources[r];
        res.partitions = resources[r].base_partitions + static_cast<int>(isolated[r].size());
        res.isolated = isolated[r];
        for (const auto& [q, ps] : parts[r]) {
          PartitionLoad pl;
          pl.read_units = ps.read;
          pl.write_units = ps.write;
          pl.utilisation = Utilisation(ps.read, ps.write);
          double best = ps.spread_units;
          for (const auto& [key, u] : ps.key_units) {
            if (u > best) {
              best = u;
              pl.hottest_key = key;
            }
          }
          res.loads.push_back(pl);
        }
        std::stable_sort(res.loads.begin(), res.loads.end(),
                         [](const PartitionLoad& a, const PartitionLoad& b) {
                           return a.utilisation > b.utilisation;
                         });
        if (res.loads.size() > 16) res.loads.resize(16);
      }
      break;
    }
    // Adaptive capacity: isolate the hottest keys of every partition that throttled.
    for (size_t r = 0; r < resources.size(); ++r) {
      for (auto& [q, ps] : parts[r]) {
        double load = Utilisation(ps.read, ps.write);
        if (load <= 1) continue;
        std::vector<std::pair<double, std::string>> keys;
        for (const auto& [key, u] : ps.key_units) {
          if (u > 0) keys.emplace_back(u, key);
        }
        std::sort(keys.begin(), keys.end(),
                  [](const auto& a, const auto& b) { return a.first > b.first; });
        size_t others = keys.size() + (ps.spread_units > 0 ? 1 : 0);
        // The sum of per-key utilisations bounds the partition's (reads and writes added).
        double remaining = ps.spread_units;
        for (const auto& k : keys) remaining += k.first;
        for (const auto& [u, key] : keys) {
          if (remaining <= 1 || others <= 1) break;
          int id = resources[r].base_partitions + static_cast<int>(isolated[r].size());
          isolated[r][key] = id;
          remaining -= u;
          --others;
        }
      }
    }
  }
  return out;
}

}  // namespace monotable::plan::internal
