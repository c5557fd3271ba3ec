// plan: BuildPlan (monotable/plan.h). Runs the model's access patterns through a scratch engine,
// turns each one's Effects into units per table and index and into the partition keys it lands
// on, then prices a month and hands the keys to the partition simulation (partitions.cc).
//
// Over the engine's public API only (Execute, Tables, ForEachItem); JSON (nlohmann) is used here
// privately to read DescribeTable and GetItem responses.
#include <algorithm>
#include <cmath>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>

#include "monotable/engine.h"
#include "monotable/limits.h"
#include "plan/plan_internal.h"

namespace monotable::plan {

namespace {

using internal::SimResource;
using internal::Touch;
using nlohmann::json;

// Items a pattern's keys are drawn from, individually, before the rest is spread evenly.
constexpr size_t kMaxPlacedKeys = 4096;
// A write shard is sized to carry at most this share of a partition's limit.
constexpr double kShardHeadroom = 0.8;

json Parse(const std::string& text) { return json::parse(text, nullptr, false); }

// The text of a key attribute value in DynamoDB JSON ({"S": "x"} -> "x"; N, B likewise).
std::string KeyText(const json& av) {
  if (!av.is_object() || av.empty()) return "";
  const json& v = av.begin().value();
  return v.is_string() ? v.get<std::string>() : "";
}

std::string KeyText(const Value& v) {
  if (v.is(Type::kS) || v.is(Type::kB)) return v.s();
  if (v.is(Type::kN)) return v.n().ToString();
  return "";
}

// Keys of the same kind: the value up to and including its last '#' ("C#c001" -> "C#"), or ""
// for values without one.
std::string FamilyOf(const std::string& value) {
  size_t hash = value.rfind('#');
  return hash == std::string::npos ? std::string() : value.substr(0, hash + 1);
}

struct ResourceInfo {
  std::string table, index;
  bool local = false;
  std::string hash_key;
  double items = 0, bytes = 0;
  int sim = -1;               // the SimResource carrying its partitions (an LSI: its table's)
  std::vector<size_t> sizes;  // a table's item sizes in Scan order (FullScanCost)
  std::map<std::string, std::vector<std::string>> families;  // family -> values, sorted
};

struct Entry {  // one touched item or index entry of one pattern run
  size_t resource;
  std::string key;
  double weight;
  bool write;
  double bytes;
};

bool IsWrite(ItemAction a) {
  switch (a) {
    case ItemAction::kInserted:
    case ItemAction::kReplaced:
    case ItemAction::kUpdated:
    case ItemAction::kDeleted:
    case ItemAction::kConditionFailed:
    case ItemAction::kIndexAdded:
    case ItemAction::kIndexRemoved:
    case ItemAction::kIndexUpdated:
      return true;
    default:
      return false;
  }
}

// The value of `attribute` in the item with primary key `key`, read with a GetItem on `engine`
// (a scratch copy: what it bills does not matter). "" if there is none.
std::string AttributeOf(Engine* engine, const std::string& table, const Item& key,
                        const std::string& attribute) {
  json req = {{"TableName", table}, {"ConsistentRead", true}, {"Key", Parse(ToWireJson(key))}};
  Result r = engine->Execute("GetItem", req.dump(), ExecuteOptions{false});
  if (!r.status.ok()) return "";
  json body = Parse(r.body);
  if (!body.is_object() || !body.contains("Item") || !body["Item"].contains(attribute)) return "";
  return KeyText(body["Item"][attribute]);
}

// Harmonic number H(n, s) = sum_{k=1..n} k^-s (exact to a million terms, then the integral).
double Harmonic(double n, double s) {
  double h = 0;
  double exact = std::min(n, 1e6);
  for (double k = 1; k <= exact; ++k) h += std::pow(k, -s);
  if (n > exact) {
    h += (s == 1) ? std::log(n / exact) : (std::pow(n, 1 - s) - std::pow(exact, 1 - s)) / (1 - s);
  }
  return h;
}

// Spreads `share` of a request that named key `value` over the keys the distribution picks.
void Distribute(const ResourceInfo& info, double scale, const KeyDistribution& d,
                const std::string& value, double share, Touch* t) {
  if (d.kind == KeyDistribution::Kind::kHot) {
    t->keys[value] += share;
    return;
  }
  std::vector<std::string> members;
  auto it = info.families.find(FamilyOf(value));
  if (it != info.families.end()) members = it->second;
  // The request's own key first, then the others in key order.
  members.erase(std::remove(members.begin(), members.end(), value), members.end());
  members.insert(members.begin(), value);
  const std::string prefix = FamilyOf(value);
  double n = std::max<double>(static_cast<double>(members.size()),
                              std::round(static_cast<double>(members.size()) * scale));
  auto name = [&](size_t k) {  // k from 0
    return k < members.size() ? members[k] : prefix + "~" + std::to_string(k);
  };
  if (d.kind == KeyDistribution::Kind::kUniform) {
    if (n > kMaxPlacedKeys) {
      t->spread += share;
      return;
    }
    for (size_t k = 0; k < static_cast<size_t>(n); ++k) t->keys[name(k)] += share / n;
    return;
  }
  double h = Harmonic(n, d.zipf_s);
  double placed = 0;
  size_t count = static_cast<size_t>(std::min<double>(n, kMaxPlacedKeys));
  for (size_t k = 0; k < count; ++k) {
    double w = std::pow(static_cast<double>(k + 1), -d.zipf_s) / h;
    t->keys[name(k)] += share * w;
    placed += w;
  }
  if (placed < 1) t->spread += share * (1 - placed);
}

std::string Dollars(double d) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "$%.2f", d);
  return buf;
}

std::string Units(double u) {
  char buf[64];
  if (u == std::floor(u) && u < 1e15) {
    std::snprintf(buf, sizeof buf, "%.0f", u);
  } else {
    std::snprintf(buf, sizeof buf, "%.4g", u);
  }
  return buf;
}

}  // namespace

namespace {

// Reads items into 1 MB pages as a Scan does (FullScanCost's rules, plan.h), one item at a time.
class ScanMeter {
 public:
  explicit ScanMeter(bool consistent) : per_unit_(consistent ? 1.0 : 0.5) { t_.applicable = true; }
  void Read(double size) {
    page_ += size;
    t_.bytes += size;
    t_.items += 1;
    if (page_ >= static_cast<double>(limits::kMaxPageBytes)) Bill();
  }
  // The last page: what is left, or, when the last item crossed 1 MB, the empty page after the
  // LastEvaluatedKey that page answered (an empty table: its one empty page).
  ScanTotal Finish() {
    Bill();
    return t_;
  }

 private:
  void Bill() {
    t_.pages += 1;
    t_.read_units += std::max(1.0, std::ceil(page_ / 4096)) * per_unit_;
    page_ = 0;
  }
  double per_unit_;
  double page_ = 0;
  ScanTotal t_;
};

}  // namespace

ScanTotal FullScanCost(const std::vector<size_t>& item_sizes, double item_count, bool consistent) {
  ScanMeter meter(consistent);
  const uint64_t n = item_sizes.empty() ? 0 : static_cast<uint64_t>(std::max(0.0, item_count));
  for (uint64_t i = 0; i < n; ++i) {
    meter.Read(static_cast<double>(item_sizes[i % item_sizes.size()]));
  }
  return meter.Finish();
}

ScanTotal FullScanCost(const Engine& engine, std::string_view table, bool consistent) {
  ScanMeter meter(consistent);
  // `known` answers true for every item: its stored size is all a page needs, so none is decoded.
  engine.ForEachItem(
      table, "", SIZE_MAX,
      [&](const void*, size_t size_bytes) {
        meter.Read(static_cast<double>(size_bytes));
        return true;
      },
      [](const Item&, size_t, StoredItem) {});
  ScanTotal t = meter.Finish();
  t.table = std::string(table);
  return t;
}

Status BuildPlan(const Model& model, const PlanOptions& options, Plan* out) {
  if (!(options.target_utilisation >= 0.2 && options.target_utilisation <= 0.9)) {
    return Status::Validation(
        "target utilisation must be between 20% and 90% (auto scaling's range)");
  }
  if (!(options.traffic_multiplier >= 0 && options.traffic_multiplier <= 1e6)) {
    return Status::Validation("traffic multiplier must be between 0 and 1,000,000");
  }
  for (const auto& [id, load] : options.rates) {
    if (model.FindPattern(id) == nullptr) {
      return Status::Validation("rates: no access pattern \"" + id + "\" in the model");
    }
  }
  Plan plan;
  plan.model_name = model.name;
  plan.prices = options.prices != nullptr ? *options.prices
                : model.prices            ? *model.prices
                                          : PriceTable{};
  plan.target_utilisation = options.target_utilisation;
  const PriceTable& prices = plan.prices;

  EngineOptions eo;
  eo.prices = prices;
  eo.clock_ms = [] { return int64_t{1764547200000}; };  // fixed: the plan is deterministic
  Engine engine(eo);
  Status s = LoadModel(model, &engine);
  if (!s.ok()) return s;

  const double model_items = static_cast<double>(model.ItemCount());
  plan.item_count = options.item_count > 0 ? static_cast<double>(options.item_count) : model_items;
  plan.scale = model_items > 0 ? plan.item_count / model_items : 1;

  // Tables and indexes, in model order, with sizes and key families.
  std::vector<ResourceInfo> infos;
  std::vector<SimResource> sims;
  std::map<std::pair<std::string, std::string>, size_t> by_name;
  std::map<std::string, json> describe;
  std::vector<TableInfo> tables = engine.Tables();
  for (const ModelTable& mt : model.tables) {
    auto ti = std::find_if(tables.begin(), tables.end(),
                           [&](const TableInfo& t) { return t.name == mt.name; });
    if (ti == tables.end()) continue;
    Result d = engine.Execute("DescribeTable", json{{"TableName", mt.name}}.dump());
    json dj = Parse(d.body);
    describe[mt.name] = dj.is_object() && dj.contains("Table") ? dj["Table"] : json::object();
    ResourceInfo t;
    t.table = ti->name;
    t.hash_key = ti->keys.hash_key;
    t.items = static_cast<double>(ti->item_count);
    t.bytes = static_cast<double>(ti->size_bytes);
    t.sim = static_cast<int>(sims.size());
    sims.push_back(SimResource{});
    size_t table_at = infos.size();
    by_name[{t.table, ""}] = table_at;
    infos.push_back(std::move(t));
    for (const IndexInfo& ix : ti->indexes) {
      ResourceInfo r;
      r.table = ti->name;
      r.index = ix.name;
      r.local = !ix.global;
      r.hash_key = ix.keys.hash_key;
      r.items = static_cast<double>(ix.item_count);
      r.bytes = static_cast<double>(ix.size_bytes);
      if (r.local) {
        r.sim = infos[table_at].sim;
      } else {
        r.sim = static_cast<int>(sims.size());
        SimResource sr;
        sr.table = infos[table_at].sim;
        sims.push_back(sr);
      }
      by_name[{r.table, r.index}] = infos.size();
      infos.push_back(std::move(r));
    }
  }
  for (ResourceInfo& r : infos) {
    std::set<std::string> values;
    engine.ForEachItem(r.table, r.index, [&](const Item& item, size_t size) {
      auto it = item.find(r.hash_key);
      if (it != item.end()) values.insert(KeyText(it->second));
      if (r.index.empty()) r.sizes.push_back(size);
    });
    for (const std::string& v : values) r.families[FamilyOf(v)].push_back(v);
  }

  // Run every pattern once, in order.
  std::vector<Load> loads;
  std::vector<std::vector<Entry>> entries(model.access_patterns.size());
  std::vector<double> stream_records(model.access_patterns.size(), 0);
  for (size_t pi = 0; pi < model.access_patterns.size(); ++pi) {
    const AccessPattern& p = model.access_patterns[pi];
    PatternBill b;
    b.id = p.id;
    b.name = p.name;
    b.operation = p.operation;
    auto ov = options.rates.find(p.id);
    if (ov != options.rates.end()) {
      b.load = ov->second;
    } else {
      b.load.per_second = p.requests_per_second;
      b.load.peak_per_second = p.peak_requests_per_second;
      b.load.keys = p.keys.empty() ? "uniform" : p.keys;
    }
    // A write may remove index entries, whose keys only the engine before it knows: keep a copy
    // for writes only (reads change nothing).
    const bool read_only = p.operation == "GetItem" || p.operation == "Query" ||
                           p.operation == "Scan" || p.operation == "BatchGetItem" ||
                           p.operation == "TransactGetItems";
    std::optional<Engine> before;
    if (!read_only) before.emplace(engine);
    Result r = RunPattern(p, &engine);
    if (!r.status.ok()) {
      b.error = std::string(ErrorName(r.status.code())) + ": " + r.status.message();
    }
    for (const CapacityLine& c : r.effects.capacity) {
      b.units.push_back({c.table, c.index, c.read_units, c.write_units});
      b.read_units += c.read_units;
      b.write_units += c.write_units;
    }
    b.dollars_per_million = b.read_units * prices.read_request_unit_per_million +
                            b.write_units * prices.write_request_unit_per_million;
    b.read_units_per_month = b.read_units * b.load.per_second * kSecondsPerMonth;
    b.write_units_per_month = b.write_units * b.load.per_second * kSecondsPerMonth;
    b.dollars_per_month = b.dollars_per_million * b.load.per_second * kSecondsPerMonth / 1e6;
    if (p.operation == "Query") {
      // The same question without the Query: Scan the whole base table (with a filter), every
      // page, at the Query's consistency (a GSI Query is eventually consistent).
      json req = Parse(p.request_json);
      const bool consistent = req.is_object() && req.value("ConsistentRead", false) == true;
      auto at = by_name.find({p.TableName(), ""});
      if (at != by_name.end()) {
        const ResourceInfo& info = infos[at->second];
        b.full_scan = FullScanCost(info.sizes, std::round(info.items * plan.scale), consistent);
        b.full_scan.table = info.table;
        b.full_scan.dollars_per_request =
            b.full_scan.read_units * prices.read_request_unit_per_million / 1e6;
        b.full_scan.dollars_per_month =
            b.full_scan.dollars_per_request * b.load.per_second * kSecondsPerMonth;
      }
    }
    stream_records[pi] = static_cast<double>(r.effects.stream_records.size());
    const bool scan = p.operation == "Scan";
    for (const TouchedItem& ti : r.effects.items) {
      auto at = by_name.find({ti.table, ti.index});
      if (at == by_name.end()) continue;
      const ResourceInfo& info = infos[at->second];
      Entry e;
      e.resource = at->second;
      e.write = IsWrite(ti.action);
      e.bytes = static_cast<double>(ti.size_bytes);
      e.weight = e.write ? std::max(1.0, std::ceil(e.bytes / 1024)) : std::max(1.0, e.bytes);
      if (scan) {
        e.key.clear();  // a Scan reads every partition: spread
      } else if (ti.index.empty()) {
        auto k = ti.key.find(info.hash_key);
        if (k != ti.key.end()) e.key = KeyText(k->second);
      } else {
        if (ti.action != ItemAction::kIndexRemoved) {
          e.key = AttributeOf(&engine, ti.table, ti.key, info.hash_key);
        }
        if (e.key.empty() && before) e.key = AttributeOf(&*before, ti.table, ti.key, info.hash_key);
      }
      entries[pi].push_back(std::move(e));
    }
    if (options.traffic_multiplier != 1) {
      b.load.per_second *= options.traffic_multiplier;
      b.load.peak_per_second *= options.traffic_multiplier;
      b.read_units_per_month = b.read_units * b.load.per_second * kSecondsPerMonth;
      b.write_units_per_month = b.write_units * b.load.per_second * kSecondsPerMonth;
      b.dollars_per_month = b.dollars_per_million * b.load.per_second * kSecondsPerMonth / 1e6;
      b.full_scan.dollars_per_month =
          b.full_scan.dollars_per_request * b.load.per_second * kSecondsPerMonth;
    }
    loads.push_back(b.load);
    plan.patterns.push_back(std::move(b));
  }

  // Per resource: units per second, storage, on-demand and provisioned.
  for (const ResourceInfo& info : infos) {
    ResourcePlan rp;
    rp.table = info.table;
    rp.index = info.index;
    rp.local_index = info.local;
    rp.item_count = info.items * plan.scale;
    rp.size_bytes = (info.bytes + kStorageOverheadBytes * info.items) * plan.scale;
    rp.storage_gb = rp.size_bytes / (1024.0 * 1024 * 1024);
    rp.storage_dollars = rp.storage_gb * prices.storage_gb_month;
    for (const PatternBill& b : plan.patterns) {
      for (const PatternUnits& u : b.units) {
        if (u.table != info.table || u.index != info.index) continue;
        rp.average_read_units += u.read_units * b.load.per_second;
        rp.average_write_units += u.write_units * b.load.per_second;
        rp.peak_read_units += u.read_units * b.load.Peak();
        rp.peak_write_units += u.write_units * b.load.Peak();
      }
    }
    rp.on_demand_dollars = (rp.average_read_units * prices.read_request_unit_per_million +
                            rp.average_write_units * prices.write_request_unit_per_million) *
                           kSecondsPerMonth / 1e6;
    plan.resources.push_back(std::move(rp));
  }
  // Provisioned: an LSI's units are its table's capacity.
  for (size_t i = 0; i < infos.size(); ++i) {
    ResourcePlan& rp = plan.resources[i];
    if (rp.local_index) continue;
    double read = rp.peak_read_units, write = rp.peak_write_units;
    if (rp.index.empty()) {
      for (size_t j = 0; j < infos.size(); ++j) {
        if (plan.resources[j].local_index && plan.resources[j].table == rp.table) {
          read += plan.resources[j].peak_read_units;
          write += plan.resources[j].peak_write_units;
        }
      }
    }
    // ProvisionedThroughput's minimum is 1 unit each (API ProvisionedThroughput).
    rp.provisioned_rcu = std::max<int64_t>(
        1, static_cast<int64_t>(std::ceil(read / plan.target_utilisation - 1e-9)));
    rp.provisioned_wcu = std::max<int64_t>(
        1, static_cast<int64_t>(std::ceil(write / plan.target_utilisation - 1e-9)));
    rp.provisioned_dollars = (static_cast<double>(rp.provisioned_rcu) * prices.rcu_hour +
                              static_cast<double>(rp.provisioned_wcu) * prices.wcu_hour) *
                             kHoursPerMonth;
  }

  // Partitions: max(size / 10 GB, peak RCU / 3,000 + peak WCU / 1,000), at least 1. AWS's
  // retired "Understand Partition Behavior" guideline gave this formula; today's guide gives none
  // (dynamodb-rules.md §5.2), so it is labelled an estimate.
  std::vector<double> sim_bytes(sims.size(), 0), sim_read(sims.size(), 0),
      sim_write(sims.size(), 0);
  for (size_t i = 0; i < infos.size(); ++i) {
    size_t q = static_cast<size_t>(infos[i].sim);
    sim_bytes[q] += plan.resources[i].size_bytes;
    sim_read[q] += plan.resources[i].peak_read_units;
    sim_write[q] += plan.resources[i].peak_write_units;
  }
  for (size_t q = 0; q < sims.size(); ++q) {
    double by_size = std::ceil(sim_bytes[q] / kPartitionBytes);
    double by_load =
        std::ceil(sim_read[q] / kPartitionReadUnits + sim_write[q] / kPartitionWriteUnits - 1e-9);
    sims[q].base_partitions = static_cast<int>(std::max({1.0, by_size, by_load}));
  }

  // Touches: per pattern and resource, its units split over the keys it named, then spread as the
  // pattern's key distribution says.
  std::vector<Touch> touches;
  for (size_t pi = 0; pi < plan.patterns.size(); ++pi) {
    const PatternBill& b = plan.patterns[pi];
    KeyDistribution dist;
    ParseKeyDistribution(b.load.keys, &dist);
    for (const PatternUnits& u : b.units) {
      auto at = by_name.find({u.table, u.index});
      if (at == by_name.end()) continue;
      const ResourceInfo& info = infos[at->second];
      for (bool write : {false, true}) {
        double units = write ? u.write_units : u.read_units;
        if (units <= 0) continue;
        Touch t;
        t.pattern = pi;
        t.resource = static_cast<size_t>(info.sim);
        t.write = write;
        t.units = units;
        std::map<std::string, double> weights;
        double total = 0;
        for (const Entry& e : entries[pi]) {
          if (e.resource != at->second || e.write != write) continue;
          weights[e.key] += e.weight;
          total += e.weight;
        }
        if (total <= 0) {
          t.spread = 1;  // nothing named (an empty Query, a miss): no key to follow
        } else {
          for (const auto& [key, w] : weights) {
            if (key.empty()) {
              t.spread += w / total;
            } else {
              Distribute(info, plan.scale, dist, key, w / total, &t);
            }
          }
        }
        touches.push_back(std::move(t));
      }
    }
  }
  internal::SimOutput sim =
      internal::Simulate(sims, touches, loads, options.average_seconds, options.peak_seconds);
  for (size_t i = 0; i < infos.size(); ++i) {
    ResourcePlan& rp = plan.resources[i];
    const SimResource& sr = sims[static_cast<size_t>(infos[i].sim)];
    const internal::SimOutput::Resource& so = sim.resources[static_cast<size_t>(infos[i].sim)];
    rp.partitions_estimate = sr.base_partitions;
    rp.partitions = so.partitions;
    rp.peak_utilisation = so.peak_utilisation;
    if (!rp.local_index) {
      rp.throttled_reads_per_second = so.throttled_reads;
      rp.throttled_writes_per_second = so.throttled_writes;
      rp.back_pressure_writes_per_second = so.back_pressure_writes;
      rp.partition_loads = so.loads;
      rp.heat = so.heat;
      for (const auto& [family, values] : infos[i].families) {
        for (const std::string& v : values) {
          if (rp.key_partitions.size() >= 64) break;
          auto iso = so.isolated.find(v);
          rp.key_partitions.emplace_back(v, iso != so.isolated.end()
                                                ? iso->second
                                                : internal::PartitionOf(v, sr.base_partitions));
        }
      }
    }
  }
  for (size_t pi = 0; pi < plan.patterns.size(); ++pi) {
    plan.patterns[pi].throttled_per_second = sim.pattern_throttled[pi];
  }

  // Streams: a consumer polls each shard (about one per partition) once a second with
  // GetRecords, which returns up to 1,000 records (DG CostOptimization_StreamsUsage): one streams
  // read request unit per call. Lambda triggers read for free; this prices another consumer.
  for (size_t i = 0; i < infos.size(); ++i) {
    ResourcePlan& rp = plan.resources[i];
    if (!rp.index.empty()) continue;
    const json& d = describe[rp.table];
    rp.stream_enabled =
        d.contains("StreamSpecification") && d["StreamSpecification"].value("StreamEnabled", false);
    if (!rp.stream_enabled) continue;
    double records = 0;
    for (size_t pi = 0; pi < plan.patterns.size(); ++pi) {
      bool touches_table = false;
      for (const PatternUnits& u : plan.patterns[pi].units) touches_table |= u.table == rp.table;
      if (touches_table) records += stream_records[pi] * plan.patterns[pi].load.per_second;
    }
    if (records <= 0) continue;
    double calls = std::max<double>(rp.partitions, std::ceil(records / 1000));
    rp.stream_read_requests_per_month = calls * kSecondsPerMonth;
    rp.stream_dollars =
        rp.stream_read_requests_per_month / 1e5 * prices.streams_read_request_unit_per_100k;
  }

  for (const PatternBill& b : plan.patterns) plan.on_demand_request_dollars += b.dollars_per_month;
  for (const ResourcePlan& rp : plan.resources) {
    plan.provisioned_capacity_dollars += rp.provisioned_dollars;
    plan.storage_dollars += rp.storage_dollars;
    plan.stream_dollars += rp.stream_dollars;
  }
  plan.on_demand_total =
      plan.on_demand_request_dollars + plan.storage_dollars + plan.stream_dollars;
  plan.provisioned_total =
      plan.provisioned_capacity_dollars + plan.storage_dollars + plan.stream_dollars;
  // One unit used every second of an hour: 3,600 request units on-demand against one
  // capacity-unit-hour provisioned.
  plan.break_even_read_utilisation =
      prices.rcu_hour / (3600 * prices.read_request_unit_per_million / 1e6);
  plan.break_even_write_utilisation =
      prices.wcu_hour / (3600 * prices.write_request_unit_per_million / 1e6);
  plan.break_even_load_multiple =
      plan.on_demand_request_dollars > 0
          ? plan.provisioned_capacity_dollars / plan.on_demand_request_dollars
          : 0;

  // Hot keys: one partition key value carrying more than a partition's limit at the peak.
  struct KeyLoad {
    double read = 0, write = 0;
  };
  std::map<std::pair<size_t, std::string>, KeyLoad> key_loads;
  for (const Touch& t : touches) {
    for (const auto& [key, share] : t.keys) {
      KeyLoad& kl = key_loads[{t.resource, key}];
      (t.write ? kl.write : kl.read) += loads[t.pattern].Peak() * t.units * share;
    }
  }
  for (const auto& [where, kl] : key_loads) {
    double over = std::max(kl.read / kPartitionReadUnits, kl.write / kPartitionWriteUnits);
    if (over <= 1) continue;
    size_t info_at = 0;
    for (size_t i = 0; i < infos.size(); ++i) {
      if (infos[i].sim == static_cast<int>(where.first) && !infos[i].local) info_at = i;
    }
    const ResourceInfo& info = infos[info_at];
    HotKey hk;
    hk.table = info.table;
    hk.index = info.index;
    hk.attribute = info.hash_key;
    hk.value = where.second;
    hk.peak_read_units = kl.read;
    hk.peak_write_units = kl.write;
    hk.shards = static_cast<int>(std::ceil(over / kShardHeadroom));
    auto kt = sim.resources[where.first].key_throttled.find(hk.value);
    hk.throttled_per_second = kt == sim.resources[where.first].key_throttled.end() ? 0 : kt->second;
    // The rewrite: writes pick one of the shards at random; reads query every shard.
    std::vector<Touch> sharded;
    std::vector<std::string> shard_keys;
    for (int i = 0; i < hk.shards; ++i) shard_keys.push_back(hk.value + "#" + std::to_string(i));
    for (const std::string& sk : shard_keys) {
      if (hk.shard_partitions.size() >= 64) break;
      hk.shard_partitions.emplace_back(
          sk, internal::PartitionOf(sk, sims[where.first].base_partitions));
    }
    for (const Touch& t : touches) {
      auto k = t.resource == where.first ? t.keys.find(hk.value) : t.keys.end();
      if (k == t.keys.end()) {
        sharded.push_back(t);
        continue;
      }
      double share = k->second;
      Touch rest = t;
      rest.keys.erase(hk.value);
      if (!rest.keys.empty() || rest.spread > 0) sharded.push_back(rest);
      Touch moved = t;
      moved.keys.clear();
      moved.spread = 0;
      if (t.write) {
        for (const std::string& sk : shard_keys) moved.keys[sk] = share / hk.shards;
      } else {
        // Each read becomes one Query per shard: the shards' reads, each rounded on its own.
        double bytes = 0;
        for (const Entry& e : entries[t.pattern]) {
          if (infos[e.resource].sim == static_cast<int>(t.resource) && !e.write &&
              e.key == hk.value) {
            bytes += e.bytes;
          }
        }
        double per_unit = t.units / std::max(1.0, std::ceil(bytes / 4096));
        double after = hk.shards * std::max(1.0, std::ceil(bytes / hk.shards / 4096)) * per_unit;
        moved.units = after;
        for (const std::string& sk : shard_keys) moved.keys[sk] = share / hk.shards;
        HotKey::Read rd;
        rd.pattern = plan.patterns[t.pattern].id;
        rd.units_before = t.units;
        rd.units_after = after;
        double avg = loads[t.pattern].per_second * kSecondsPerMonth / 1e6 *
                     prices.read_request_unit_per_million;
        rd.dollars_per_month_before = rd.units_before * avg;
        rd.dollars_per_month_after = rd.units_after * avg;
        hk.reads.push_back(rd);
      }
      sharded.push_back(std::move(moved));
    }
    internal::SimOutput after =
        internal::Simulate(sims, sharded, loads, options.average_seconds, options.peak_seconds);
    for (const std::string& sk : shard_keys) {
      auto st = after.resources[where.first].key_throttled.find(sk);
      if (st != after.resources[where.first].key_throttled.end()) {
        hk.sharded_throttled_per_second += st->second;
      }
    }
    std::string where_text = hk.table + (hk.index.empty() ? "" : "/" + hk.index);
    hk.text = "Hot key: " + where_text + " " + hk.attribute + " = " + hk.value + " takes " +
              Units(std::round(kl.write)) + " WCU and " + Units(std::round(kl.read)) +
              " RCU a second at the peak; one partition key value lives on one partition, "
              "which serves at most 1,000 WCU and 3,000 RCU a second in any capacity mode, so " +
              Units(std::round(hk.throttled_per_second)) +
              " requests a second are throttled. Write-shard it: " + hk.attribute + " = " +
              hk.value + "#0 .. " + hk.value + "#" + std::to_string(hk.shards - 1) + " (" +
              std::to_string(hk.shards) + " shards, a random suffix per write) leaves " +
              Units(std::round(hk.sharded_throttled_per_second)) + " throttled";
    for (const HotKey::Read& rd : hk.reads) {
      hk.text += "; " + rd.pattern + " then reads every shard: " + Units(rd.units_before) + " -> " +
                 Units(rd.units_after) + " RRU a request, " + Dollars(rd.dollars_per_month_before) +
                 " -> " + Dollars(rd.dollars_per_month_after) + " a month";
    }
    hk.text += ".";
    plan.hot_keys.push_back(std::move(hk));
  }

  plan.notes = {
      "A month is 730 hours. Prices: " + prices.region + ", as of " + prices.as_of +
          "; free tiers are not deducted.",
      "Each pattern's units are those of one run of its request on the model's data, patterns "
      "run once in order (writes in order).",
      "Provisioned capacity is sized for the peak at " +
          Units(std::round(plan.target_utilisation * 100)) +
          "% target utilisation and held all month.",
      "Partitions are estimated as max(size / 10 GB, peak RCU / 3,000 + peak WCU / 1,000); keys "
      "land on partitions by a stand-in hash (DynamoDB's is not published).",
      "Adaptive capacity isolates hot keys on partitions of their own after the second they "
      "throttle; a single key above a partition's limit still throttles.",
  };
  *out = std::move(plan);
  return Status::Ok();
}

}  // namespace monotable::plan
