// render: a plan's two outputs (PlanText for people, PlanJson for tools, docs/cli.md) and the
// rates file reader. The only place that knows the plan's JSON names.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <nlohmann/json.hpp>

#include "monotable/plan.h"

namespace monotable::plan {

namespace {

using OrderedJson = nlohmann::ordered_json;

// Dollars: whole dollars with separators from $1,000 ("$1,234"), else as below.
std::string Money(double d) {
  char buf[64];
  if (d == 0) return "$0";
  if (std::fabs(d) >= 1000) {
    std::snprintf(buf, sizeof buf, "%.0f", d);
    std::string digits = buf, grouped;
    int n = 0;
    for (size_t i = digits.size(); i-- > 0;) {
      grouped.insert(grouped.begin(), digits[i]);
      if (++n % 3 == 0 && i > 0 && digits[i - 1] != '-') grouped.insert(grouped.begin(), ',');
    }
    return "$" + grouped;
  }
  // Cents, or as many more decimals as four significant digits need, trailing zeros dropped
  // ("$0.0625" per million, not "$0.06"; "$0.0000321").
  int decimals = std::max(2, 3 - static_cast<int>(std::floor(std::log10(std::fabs(d)))));
  std::snprintf(buf, sizeof buf, "$%.*f", std::min(decimals, 12), d);
  std::string s = buf;
  while (s.size() > 3 && s[s.size() - 3] != '.' && s.back() == '0') s.pop_back();
  return s;
}

std::string Num(double v, int decimals = 1) {
  char buf[64];
  if (v == std::floor(v) && std::fabs(v) < 1e15) {
    std::snprintf(buf, sizeof buf, "%.0f", v);
  } else {
    std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
  }
  return buf;
}

std::string Percent(double share) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.0f%%", share * 100);
  return buf;
}

std::string Where(const std::string& table, const std::string& index) {
  return index.empty() ? table : table + "/" + index;
}

// JSON numbers rounded to 6 significant digits after the point where it matters (no 0.1+0.2
// noise in the output).
double Clean(double v) {
  if (v == 0 || !std::isfinite(v)) return 0;
  double mag = std::pow(10.0, 9 - std::ceil(std::log10(std::fabs(v))));
  return std::round(v * mag) / mag;
}

}  // namespace

Status ParseRates(std::string_view json_text, std::map<std::string, Load, std::less<>>* out) {
  OrderedJson doc = OrderedJson::parse(json_text, nullptr, false);
  if (doc.is_discarded()) return Status::Validation("rates: not valid JSON");
  if (!doc.is_object()) {
    return Status::Validation("rates: expected an object from access-pattern id to its load");
  }
  std::map<std::string, Load, std::less<>> rates;
  for (auto it = doc.begin(); it != doc.end(); ++it) {
    const std::string at = "rates." + it.key();
    if (!it->is_object()) return Status::Validation(at + ": expected an object");
    Load load;
    for (auto m = it->begin(); m != it->end(); ++m) {
      if (m.key() == "perSecond" || m.key() == "peakPerSecond") {
        if (!m->is_number() || m->get<double>() < 0) {
          return Status::Validation(at + "." + m.key() + ": expected a number, 0 or more");
        }
        (m.key() == "perSecond" ? load.per_second : load.peak_per_second) = m->get<double>();
      } else if (m.key() == "keys") {
        KeyDistribution d;
        if (!m->is_string() || !ParseKeyDistribution(m->get<std::string>(), &d)) {
          return Status::Validation(at +
                                    ".keys: expected \"uniform\", \"zipf:S\" (S > 0) or "
                                    "\"hot\"");
        }
        load.keys = m->get<std::string>().empty() ? "uniform" : m->get<std::string>();
      } else {
        return Status::Validation(at + ": unknown member \"" + m.key() +
                                  "\" (perSecond, peakPerSecond, keys)");
      }
    }
    rates[it.key()] = load;
  }
  *out = std::move(rates);
  return Status::Ok();
}

std::string PlanText(const Plan& plan) {
  std::string o;
  char line[512];
  o += "Bill estimate for " + plan.model_name + " (" + Num(std::round(plan.item_count)) +
       " items; " + plan.prices.region + " prices as of " + plan.prices.as_of +
       "; a month = 730 hours)\n\n";
  std::snprintf(line, sizeof line, "%-26s %8s %8s %8s %8s %11s %12s %10s\n", "pattern", "req/s",
                "peak/s", "RRU/req", "WRU/req", "$/million", "$/month", "throttled");
  o += line;
  for (const PatternBill& b : plan.patterns) {
    std::snprintf(line, sizeof line, "%-26.26s %8s %8s %8s %8s %11s %12s %10s\n", b.id.c_str(),
                  Num(b.load.per_second, 2).c_str(), Num(b.load.Peak(), 2).c_str(),
                  Num(b.read_units, 1).c_str(), Num(b.write_units, 1).c_str(),
                  Money(b.dollars_per_million).c_str(), Money(b.dollars_per_month).c_str(),
                  Num(b.throttled_per_second, 1).c_str());
    o += line;
    if (!b.error.empty())
      o += "    (its run failed: " + b.error + "; billed as DynamoDB bills it)\n";
  }
  bool any_query = false;
  for (const PatternBill& b : plan.patterns) any_query = any_query || b.full_scan.applicable;
  if (any_query) {
    o += "\nEach Query against a Scan of its whole table that answers the same question (every "
         "1 MB page)\n";
    std::snprintf(line, sizeof line, "%-26s %9s %9s %11s %12s %12s %12s\n", "query", "RRU/req",
                  "pages", "scan RRU", "scan $/req", "query $/mo", "scan $/mo");
    o += line;
    for (const PatternBill& b : plan.patterns) {
      if (!b.full_scan.applicable) continue;
      std::snprintf(
          line, sizeof line, "%-26.26s %9s %9s %11s %12s %12s %12s\n", b.id.c_str(),
          Num(b.read_units, 1).c_str(), Num(b.full_scan.pages).c_str(),
          Num(b.full_scan.read_units, 1).c_str(), Money(b.full_scan.dollars_per_request).c_str(),
          Money(b.dollars_per_month).c_str(), Money(b.full_scan.dollars_per_month).c_str());
      o += line;
    }
  }
  o += "\n";
  std::snprintf(line, sizeof line, "%-20s %10s %9s %11s %12s %12s %10s\n", "table / index",
                "storage GB", "storage $", "on-demand $", "RCU/WCU prov", "provisioned $",
                "streams $");
  o += line;
  for (const ResourcePlan& r : plan.resources) {
    std::string prov =
        r.local_index ? "(table's)"
                      : std::to_string(r.provisioned_rcu) + "/" + std::to_string(r.provisioned_wcu);
    std::snprintf(line, sizeof line, "%-20.20s %10.4f %9s %11s %12s %12s %10s\n",
                  Where(r.table, r.index).c_str(), r.storage_gb, Money(r.storage_dollars).c_str(),
                  Money(r.on_demand_dollars).c_str(), prov.c_str(),
                  Money(r.provisioned_dollars).c_str(),
                  r.stream_enabled ? Money(r.stream_dollars).c_str() : "-");
    o += line;
  }
  o += "\nA month on-demand:   " + Money(plan.on_demand_total) + " (requests " +
       Money(plan.on_demand_request_dollars) + ", storage " + Money(plan.storage_dollars) +
       ", streams " + Money(plan.stream_dollars) + ")\n";
  o += "A month provisioned: " + Money(plan.provisioned_total) + " (capacity " +
       Money(plan.provisioned_capacity_dollars) + " sized for the peak at " +
       Percent(plan.target_utilisation) + " utilisation, storage " + Money(plan.storage_dollars) +
       ", streams " + Money(plan.stream_dollars) + ")\n";
  o += "Break-even: provisioned capacity costs less once its average use passes " +
       Percent(plan.break_even_read_utilisation) + " of it (reads; writes " +
       Percent(plan.break_even_write_utilisation) +
       "); on-demand would cost as much as the "
       "capacity above at " +
       Num(plan.break_even_load_multiple, 2) + "x the average rates.\n\n";
  o += "Partitions (3,000 RCU, 1,000 WCU and 10 GB each)\n";
  std::snprintf(line, sizeof line, "%-20s %10s %10s %10s %10s %10s %10s\n", "table / index",
                "estimate", "at peak", "peak util", "thr. r/s", "thr. w/s", "GSI b-p w/s");
  o += line;
  for (const ResourcePlan& r : plan.resources) {
    if (r.local_index) {
      o += Where(r.table, r.index) + ": in its table's partitions (LSI)\n";
      continue;
    }
    std::snprintf(line, sizeof line, "%-20.20s %10d %10d %10s %10s %10s %10s\n",
                  Where(r.table, r.index).c_str(), r.partitions_estimate, r.partitions,
                  Percent(r.peak_utilisation).c_str(), Num(r.throttled_reads_per_second).c_str(),
                  Num(r.throttled_writes_per_second).c_str(),
                  Num(r.back_pressure_writes_per_second).c_str());
    o += line;
  }
  for (const HotKey& h : plan.hot_keys) o += "\n" + h.text + "\n";
  o += "\n";
  for (const std::string& n : plan.notes) o += "note: " + n + "\n";
  return o;
}

std::string PlanJson(const Plan& plan) {
  OrderedJson j = OrderedJson::object();
  j["model"] = plan.model_name;
  j["itemCount"] = Clean(plan.item_count);
  j["hoursPerMonth"] = kHoursPerMonth;
  j["prices"] = {{"region", plan.prices.region},
                 {"asOf", plan.prices.as_of},
                 {"readRequestUnitPerMillion", plan.prices.read_request_unit_per_million},
                 {"writeRequestUnitPerMillion", plan.prices.write_request_unit_per_million},
                 {"rcuHour", plan.prices.rcu_hour},
                 {"wcuHour", plan.prices.wcu_hour},
                 {"storageGbMonth", plan.prices.storage_gb_month},
                 {"streamsReadRequestUnitPer100k", plan.prices.streams_read_request_unit_per_100k}};
  j["targetUtilisation"] = plan.target_utilisation;
  OrderedJson patterns = OrderedJson::array();
  for (const PatternBill& b : plan.patterns) {
    OrderedJson p = OrderedJson::object();
    p["id"] = b.id;
    p["name"] = b.name;
    p["operation"] = b.operation;
    p["perSecond"] = Clean(b.load.per_second);
    p["peakPerSecond"] = Clean(b.load.Peak());
    p["keys"] = b.load.keys;
    if (!b.error.empty()) p["error"] = b.error;
    p["readUnitsPerRequest"] = Clean(b.read_units);
    p["writeUnitsPerRequest"] = Clean(b.write_units);
    p["dollarsPerMillion"] = Clean(b.dollars_per_million);
    p["readUnitsPerMonth"] = Clean(b.read_units_per_month);
    p["writeUnitsPerMonth"] = Clean(b.write_units_per_month);
    p["requestUnitsPerMonth"] = Clean(b.read_units_per_month + b.write_units_per_month);
    p["dollarsPerMonth"] = Clean(b.dollars_per_month);
    p["throttledPerSecond"] = Clean(b.throttled_per_second);
    OrderedJson units = OrderedJson::array();
    for (const PatternUnits& u : b.units) {
      OrderedJson x = {{"table", u.table}};
      if (!u.index.empty()) x["index"] = u.index;
      x["readUnits"] = Clean(u.read_units);
      x["writeUnits"] = Clean(u.write_units);
      units.push_back(std::move(x));
    }
    p["units"] = std::move(units);
    if (b.full_scan.applicable) {
      p["fullTableScan"] = {{"table", b.full_scan.table},
                            {"items", Clean(b.full_scan.items)},
                            {"bytes", Clean(b.full_scan.bytes)},
                            {"pages", Clean(b.full_scan.pages)},
                            {"readUnits", Clean(b.full_scan.read_units)},
                            {"dollarsPerRequest", Clean(b.full_scan.dollars_per_request)},
                            {"dollarsPerMonth", Clean(b.full_scan.dollars_per_month)}};
    }
    patterns.push_back(std::move(p));
  }
  j["patterns"] = std::move(patterns);
  OrderedJson tables = OrderedJson::array();
  for (const ResourcePlan& r : plan.resources) {
    OrderedJson t = {{"table", r.table}};
    if (!r.index.empty()) {
      t["index"] = r.index;
      t["indexType"] = r.local_index ? "LSI" : "GSI";
    }
    t["itemCount"] = Clean(r.item_count);
    t["sizeBytes"] = Clean(r.size_bytes);
    t["storageGb"] = Clean(r.storage_gb);
    t["storageDollarsPerMonth"] = Clean(r.storage_dollars);
    t["readUnitsPerSecond"] = Clean(r.average_read_units);
    t["writeUnitsPerSecond"] = Clean(r.average_write_units);
    t["peakReadUnitsPerSecond"] = Clean(r.peak_read_units);
    t["peakWriteUnitsPerSecond"] = Clean(r.peak_write_units);
    t["onDemandDollarsPerMonth"] = Clean(r.on_demand_dollars);
    if (!r.local_index) {
      t["provisionedReadCapacityUnits"] = r.provisioned_rcu;
      t["provisionedWriteCapacityUnits"] = r.provisioned_wcu;
      t["provisionedDollarsPerMonth"] = Clean(r.provisioned_dollars);
    }
    if (r.index.empty()) {
      t["streamEnabled"] = r.stream_enabled;
      t["streamReadRequestsPerMonth"] = Clean(r.stream_read_requests_per_month);
      t["streamDollarsPerMonth"] = Clean(r.stream_dollars);
    }
    t["partitionsEstimate"] = r.partitions_estimate;
    t["partitions"] = r.partitions;
    t["peakUtilisationPerPartition"] = Clean(r.peak_utilisation);
    t["throttledReadsPerSecond"] = Clean(r.throttled_reads_per_second);
    t["throttledWritesPerSecond"] = Clean(r.throttled_writes_per_second);
    t["throttledRequestsPerSecond"] =
        Clean(r.throttled_reads_per_second + r.throttled_writes_per_second);
    if (r.index.empty()) {
      t["gsiBackPressureWritesPerSecond"] = Clean(r.back_pressure_writes_per_second);
    }
    OrderedJson loads = OrderedJson::array();
    for (const PartitionLoad& pl : r.partition_loads) {
      OrderedJson x = {{"readUnitsPerSecond", Clean(pl.read_units)},
                       {"writeUnitsPerSecond", Clean(pl.write_units)},
                       {"utilisation", Clean(pl.utilisation)}};
      if (!pl.hottest_key.empty()) x["hottestKey"] = pl.hottest_key;
      loads.push_back(std::move(x));
    }
    t["partitionLoads"] = std::move(loads);
    tables.push_back(std::move(t));
  }
  j["tables"] = std::move(tables);
  j["month"] = {{"onDemandRequestDollars", Clean(plan.on_demand_request_dollars)},
                {"provisionedCapacityDollars", Clean(plan.provisioned_capacity_dollars)},
                {"storageDollars", Clean(plan.storage_dollars)},
                {"streamDollars", Clean(plan.stream_dollars)},
                {"onDemandTotal", Clean(plan.on_demand_total)},
                {"provisionedTotal", Clean(plan.provisioned_total)},
                {"breakEvenReadUtilisation", Clean(plan.break_even_read_utilisation)},
                {"breakEvenWriteUtilisation", Clean(plan.break_even_write_utilisation)},
                {"breakEvenLoadMultiple", Clean(plan.break_even_load_multiple)}};
  OrderedJson hot = OrderedJson::array();
  for (const HotKey& h : plan.hot_keys) {
    OrderedJson x = {{"table", h.table}};
    if (!h.index.empty()) x["index"] = h.index;
    x["attribute"] = h.attribute;
    x["value"] = h.value;
    x["peakReadUnitsPerSecond"] = Clean(h.peak_read_units);
    x["peakWriteUnitsPerSecond"] = Clean(h.peak_write_units);
    x["throttledPerSecond"] = Clean(h.throttled_per_second);
    x["shards"] = h.shards;
    x["shardedThrottledPerSecond"] = Clean(h.sharded_throttled_per_second);
    OrderedJson reads = OrderedJson::array();
    for (const HotKey::Read& rd : h.reads) {
      reads.push_back({{"pattern", rd.pattern},
                       {"readUnitsBefore", Clean(rd.units_before)},
                       {"readUnitsAfter", Clean(rd.units_after)},
                       {"dollarsPerMonthBefore", Clean(rd.dollars_per_month_before)},
                       {"dollarsPerMonthAfter", Clean(rd.dollars_per_month_after)}});
    }
    x["reads"] = std::move(reads);
    x["lint"] = h.text;
    hot.push_back(std::move(x));
  }
  j["hotKeys"] = std::move(hot);
  j["notes"] = plan.notes;
  return j.dump(2) + "\n";
}

}  // namespace monotable::plan
