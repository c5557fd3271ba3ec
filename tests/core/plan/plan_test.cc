// Tests for core/plan: the monthly bill of the Orders example against a hand computation, the
// seed's cost tables reproduced from patterns, and the rates file.
#include "monotable/plan.h"

#include <gtest/gtest.h>

#include <string>

#include "monotable/engine.h"

namespace monotable::plan {
namespace {

Model Orders() {
  Model m;
  Status s = ParseModel(BuiltinModel("orders"), &m);
  EXPECT_TRUE(s.ok()) << s.message();
  return m;
}

const PatternBill* FindBill(const Plan& p, const std::string& id) {
  for (const PatternBill& b : p.patterns) {
    if (b.id == id) return &b;
  }
  ADD_FAILURE() << "no pattern " << id;
  return nullptr;
}

const ResourcePlan* FindResource(const Plan& p, const std::string& table,
                                 const std::string& index) {
  for (const ResourcePlan& r : p.resources) {
    if (r.table == table && r.index == index) return &r;
  }
  ADD_FAILURE() << "no " << table << "/" << index;
  return nullptr;
}

// The seed articles' two cost tables, each row from a pattern of the Orders example, at us-east-1
// on-demand prices ($0.125 per million RRU, $0.625 per million WRU; dynamodb-rules.md §1.8):
//   read (eventually consistent GetItem)   RRU   $ per million
//   4.0 KB order                           0.5   0.0625
//   4.1 KB order                           1     0.125
//   write (PutItem)                        WRU   $ per million
//   1.1 KB item, no index                  2     1.25
//   1.1 KB item, GSI1 projects it (ALL)    4     2.50   (2 on the table + 2 on GSI1)
TEST(PlanTest, TheSeedCostTablesComeFromPatternsRowByRow) {
  Plan p;
  ASSERT_TRUE(BuildPlan(Orders(), {}, &p).ok());
  struct Row {
    const char* id;
    double read_units, write_units, per_million;
  };
  for (const Row& row :
       {Row{"read-4-0-kb-order", 0.5, 0, 0.0625}, Row{"read-4-1-kb-order", 1, 0, 0.125},
        Row{"write-1-1-kb-item", 0, 2, 1.25}, Row{"write-1-1-kb-item-indexed", 0, 4, 2.5}}) {
    const PatternBill* b = FindBill(p, row.id);
    ASSERT_NE(b, nullptr);
    EXPECT_TRUE(b->error.empty()) << row.id << ": " << b->error;
    EXPECT_EQ(b->read_units, row.read_units) << row.id;
    EXPECT_EQ(b->write_units, row.write_units) << row.id;
    EXPECT_DOUBLE_EQ(b->dollars_per_million, row.per_million) << row.id;
  }
  const PatternBill* indexed = FindBill(p, "write-1-1-kb-item-indexed");
  ASSERT_NE(indexed, nullptr);
  ASSERT_EQ(indexed->units.size(), 2u);
  EXPECT_EQ(indexed->units[0].index, "");
  EXPECT_EQ(indexed->units[0].write_units, 2);
  EXPECT_EQ(indexed->units[1].index, "GSI1");
  EXPECT_EQ(indexed->units[1].write_units, 2);
}

// The Orders bill at stated rates (every other pattern at 0), by hand. A month = 730 h =
// 2,628,000 s.
//   customer-profile   0.5 RRU x 100/s x 2,628,000 = 131,400,000 RRU x $0.125/M = $16.425
//   read-4-1-kb-order  1   RRU x  50/s x 2,628,000 = 131,400,000 RRU            = $16.425
//   write-1-1-kb-item  2   WRU x  20/s x 2,628,000 = 105,120,000 WRU x $0.625/M = $65.70
//   ...-indexed        4   WRU x  10/s x 2,628,000 = 105,120,000 WRU            = $65.70
//   on-demand requests                                                         = $164.25
// Provisioned, sized for the peaks (400, 100, 50, 30 a second) at 70%:
//   Orders  reads  0.5 x 400 + 1 x 100 = 300 RCU / 0.7 = 428.6 -> 429 RCU
//           writes 2 x 50 + 2 x 30     = 160 WCU / 0.7 = 228.6 -> 229 WCU
//           (429 x $0.00013 + 229 x $0.00065) x 730 h = $149.3726
//   GSI1    reads 0 -> 1 RCU (the minimum); writes 2 x 30 = 60 / 0.7 = 85.7 -> 86 WCU
//           (1 x $0.00013 + 86 x $0.00065) x 730 = $40.9019
//   GSI2, ByStatusConcat, ByStatusMulti: nothing at these rates, so 1 RCU and 1 WCU each:
//           ($0.00013 + $0.00065) x 730 = $0.5694 each, $1.7082
//   provisioned capacity                               = $191.9827
// Break-even: $0.00013 per RCU-hour / (3,600 x $0.125 per million) = 28.9% (writes the same:
// $0.00065 / (3,600 x $0.625 per million)); on-demand at 191.9827 / 164.25 = 1.169x the average
// rates would cost as much as this provisioning.
// Storage: (bytes + 100 per item) / 2^30 GB x $0.25, per table and index.
TEST(PlanTest, OrdersBillAtStatedRatesMatchesAHandComputation) {
  Model m = Orders();
  PlanOptions options;
  for (const AccessPattern& ap : m.access_patterns) options.rates[ap.id] = Load{};
  options.rates["customer-profile"] = {100, 400, "uniform"};
  options.rates["read-4-1-kb-order"] = {50, 100, "uniform"};
  options.rates["write-1-1-kb-item"] = {20, 50, "uniform"};
  options.rates["write-1-1-kb-item-indexed"] = {10, 30, "uniform"};
  Plan p;
  Status s = BuildPlan(m, options, &p);
  ASSERT_TRUE(s.ok()) << s.message();
  EXPECT_NEAR(FindBill(p, "customer-profile")->read_units_per_month, 131400000, 1e-3);
  EXPECT_NEAR(FindBill(p, "customer-profile")->dollars_per_month, 16.425, 1e-9);
  EXPECT_NEAR(FindBill(p, "read-4-1-kb-order")->dollars_per_month, 16.425, 1e-9);
  EXPECT_NEAR(FindBill(p, "write-1-1-kb-item")->write_units_per_month, 105120000, 1e-3);
  EXPECT_NEAR(FindBill(p, "write-1-1-kb-item")->dollars_per_month, 65.70, 1e-9);
  EXPECT_NEAR(FindBill(p, "write-1-1-kb-item-indexed")->dollars_per_month, 65.70, 1e-9);
  EXPECT_NEAR(p.on_demand_request_dollars, 164.25, 1e-9);

  const ResourcePlan* table = FindResource(p, "Orders", "");
  const ResourcePlan* gsi1 = FindResource(p, "Orders", "GSI1");
  const ResourcePlan* gsi2 = FindResource(p, "Orders", "GSI2");
  ASSERT_TRUE(table && gsi1 && gsi2);
  EXPECT_EQ(table->provisioned_rcu, 429);
  EXPECT_EQ(table->provisioned_wcu, 229);
  EXPECT_NEAR(table->provisioned_dollars, 149.3726, 1e-9);
  EXPECT_EQ(gsi1->provisioned_rcu, 1);
  EXPECT_EQ(gsi1->provisioned_wcu, 86);
  EXPECT_NEAR(gsi1->provisioned_dollars, 40.9019, 1e-9);
  EXPECT_NEAR(gsi2->provisioned_dollars, 0.5694, 1e-9);
  EXPECT_NEAR(p.provisioned_capacity_dollars, 191.9827, 1e-9);
  EXPECT_NEAR(p.break_even_read_utilisation, 0.00013 / 0.00045, 1e-12);
  EXPECT_NEAR(p.break_even_write_utilisation, 0.00013 / 0.00045, 1e-12);
  EXPECT_NEAR(p.break_even_load_multiple, 191.9827 / 164.25, 1e-9);

  // Storage per table and index, from the engine's own sizes.
  Engine engine;
  ASSERT_TRUE(LoadModel(m, &engine).ok());
  const TableInfo info = engine.Tables()[0];
  double gb = (static_cast<double>(info.size_bytes) + 100.0 * info.item_count) / (1 << 30);
  EXPECT_NEAR(table->storage_gb, gb, 1e-15);
  EXPECT_NEAR(table->storage_dollars, gb * 0.25, 1e-15);
  double storage = 0;
  for (const ResourcePlan& r : p.resources) storage += r.storage_dollars;
  EXPECT_NEAR(p.storage_dollars, storage, 1e-15);
  EXPECT_NEAR(p.on_demand_total, 164.25 + storage, 1e-9);
  EXPECT_NEAR(p.provisioned_total, 191.9827 + storage, 1e-9);
  // At these rates nothing comes near a partition's limit.
  for (const ResourcePlan& r : p.resources) {
    EXPECT_EQ(r.partitions_estimate, 1) << r.index;
    EXPECT_EQ(r.throttled_writes_per_second, 0) << r.index;
  }
  EXPECT_TRUE(p.hot_keys.empty());
}

// Scaling the items scales storage, not the requests' units.
TEST(PlanTest, ItemCountScalesStorage) {
  Model m = Orders();
  Plan one, many;
  ASSERT_TRUE(BuildPlan(m, {}, &one).ok());
  PlanOptions options;
  options.item_count = m.ItemCount() * 1000;
  ASSERT_TRUE(BuildPlan(m, options, &many).ok());
  EXPECT_NEAR(many.scale, 1000, 1e-9);
  EXPECT_NEAR(many.storage_dollars, one.storage_dollars * 1000, 1e-9);
  EXPECT_EQ(many.on_demand_request_dollars, one.on_demand_request_dollars);
}

// Orders' open orders all share GSI2PK = OPEN: at 3,000 orders placed a second every placed
// order writes that one key (a 1 KB-or-less entry: 1 WCU), three times what one partition
// takes. The lint names the key and the sharded rewrite, which does not throttle but makes the
// open-orders Query read every shard.
TEST(PlanTest, OrdersOpenKeyIsHotAtThousandsOfOrdersASecond) {
  PlanOptions options;
  options.rates["place-order"] = {3000, 3000, "uniform"};
  Plan p;
  ASSERT_TRUE(BuildPlan(Orders(), options, &p).ok());
  ASSERT_EQ(p.hot_keys.size(), 1u);
  const HotKey& h = p.hot_keys[0];
  EXPECT_EQ(h.index, "GSI2");
  EXPECT_EQ(h.attribute, "GSI2PK");
  EXPECT_EQ(h.value, "OPEN");
  EXPECT_GE(h.peak_write_units, 3000);
  EXPECT_GT(h.throttled_per_second, 1000);
  EXPECT_EQ(h.sharded_throttled_per_second, 0);
  EXPECT_GE(h.shards, 4);
  ASSERT_EQ(h.reads.size(), 1u);
  EXPECT_EQ(h.reads[0].pattern, "open-orders");
  EXPECT_GT(h.reads[0].units_after, h.reads[0].units_before);  // the fan-out
  EXPECT_NE(h.text.find("GSI2PK = OPEN#0 .. OPEN#"), std::string::npos) << h.text;
  const ResourcePlan* gsi2 = FindResource(p, "Orders", "GSI2");
  const ResourcePlan* table = FindResource(p, "Orders", "");
  EXPECT_GT(gsi2->throttled_writes_per_second, 1000);
  EXPECT_NEAR(table->back_pressure_writes_per_second, gsi2->throttled_writes_per_second, 1e-6);
}

// The heat map and the key picture the playground draws: OPEN's GSI2 partition over its limit
// in every peak second (3,000 orders a second at 1 WCU each on GSI2 against 1,000), keys placed
// on partitions, the shards listed with theirs; the traffic multiplier scales the month.
TEST(PlanTest, HeatMapKeyPlacementAndTrafficMultiplier) {
  PlanOptions options;
  options.rates["place-order"] = {3000, 3000, "uniform"};
  options.average_seconds = 5;
  options.peak_seconds = 5;
  Plan p;
  ASSERT_TRUE(BuildPlan(Orders(), options, &p).ok());
  const ResourcePlan* gsi2 = FindResource(p, "Orders", "GSI2");
  ASSERT_FALSE(gsi2->heat.empty());
  EXPECT_EQ(gsi2->heat.size(), static_cast<size_t>(gsi2->partitions));
  ASSERT_EQ(gsi2->heat[0].size(), 10u);  // 5 average + 5 peak seconds
  int open_partition = -1;
  for (const auto& [key, part] : gsi2->key_partitions) {
    if (key == "OPEN") open_partition = part;
  }
  ASSERT_GE(open_partition, 0);
  for (size_t t = 0; t < 10; ++t) {
    EXPECT_GT(gsi2->heat[static_cast<size_t>(open_partition)][t], 1.0f) << t;
  }
  ASSERT_EQ(p.hot_keys.size(), 1u);
  ASSERT_EQ(p.hot_keys[0].shard_partitions.size(), static_cast<size_t>(p.hot_keys[0].shards));
  EXPECT_EQ(p.hot_keys[0].shard_partitions[0].first, "OPEN#0");
  // An LSI-free table: the base table's picture lists its keys too.
  EXPECT_FALSE(FindResource(p, "Orders", "")->key_partitions.empty());

  PlanOptions doubled = options;
  doubled.traffic_multiplier = 2;
  Plan q;
  ASSERT_TRUE(BuildPlan(Orders(), doubled, &q).ok());
  EXPECT_NEAR(q.on_demand_request_dollars, 2 * p.on_demand_request_dollars, 1e-6);
  EXPECT_EQ(q.patterns[0].load.per_second, 2 * p.patterns[0].load.per_second);
  doubled.traffic_multiplier = -1;
  EXPECT_EQ(BuildPlan(Orders(), doubled, &q).code(), ErrorCode::kValidation);
}

TEST(PlanTest, RatesFileIsReadAndCheckedAgainstTheModel) {
  std::map<std::string, Load, std::less<>> rates;
  ASSERT_TRUE(ParseRates(R"({"place-order": {"perSecond": 200, "peakPerSecond": 800,
                              "keys": "zipf:1.1"}})",
                         &rates)
                  .ok());
  EXPECT_EQ(rates["place-order"].per_second, 200);
  EXPECT_EQ(rates["place-order"].Peak(), 800);
  EXPECT_EQ(rates["place-order"].keys, "zipf:1.1");
  EXPECT_EQ(ParseRates(R"({"x": {"perSecond": -1}})", &rates).message(),
            "rates.x.perSecond: expected a number, 0 or more");
  EXPECT_EQ(ParseRates(R"({"x": {"rate": 1}})", &rates).message(),
            "rates.x: unknown member \"rate\" (perSecond, peakPerSecond, keys)");
  EXPECT_EQ(ParseRates(R"({"x": {"keys": "zipf"}})", &rates).message(),
            "rates.x.keys: expected \"uniform\", \"zipf:S\" (S > 0) or \"hot\"");
  EXPECT_EQ(ParseRates("[1]", &rates).message(),
            "rates: expected an object from access-pattern id to its load");
  EXPECT_EQ(rates.size(), 1u);  // the failures changed nothing
  PlanOptions options;
  options.rates["no-such-pattern"] = {1, 1, "uniform"};
  Plan p;
  EXPECT_EQ(BuildPlan(Orders(), options, &p).message(),
            "rates: no access pattern \"no-such-pattern\" in the model");
}

// Zipf's law concentrates load on the first keys; "hot" puts it all on one.
TEST(PlanTest, KeyDistributionsShapePartitionLoad) {
  Model m = Orders();
  PlanOptions options;
  for (const AccessPattern& ap : m.access_patterns) options.rates[ap.id] = Load{};
  for (const char* keys : {"uniform", "zipf:1.5", "hot"}) {
    options.rates["customer-profile"] = {8000, 8000, keys};
    Plan p;
    ASSERT_TRUE(BuildPlan(m, options, &p).ok());
    const ResourcePlan* t = FindResource(p, "Orders", "");
    // 8,000 x 0.5 RRU = 4,000 RCU: two partitions' worth.
    if (std::string(keys) == "uniform") {
      EXPECT_EQ(t->throttled_reads_per_second, 0) << keys;
    } else if (std::string(keys) == "hot") {
      EXPECT_NEAR(t->throttled_reads_per_second, 8000 * (1 - 3000.0 / 4000), 1e-6) << keys;
    } else {
      EXPECT_GT(t->peak_utilisation, 0.5) << keys;
    }
  }
}

}  // namespace
}  // namespace monotable::plan

namespace monotable::plan {
namespace {

// Scans `table` page by page on `engine` and sums the read units the engine bills.
double ScannedUnits(Engine* engine, const std::string& table, bool consistent, int* pages) {
  double units = 0;
  std::string start;
  *pages = 0;
  for (;;) {
    std::string req = R"({"TableName":")" + table + R"(","ReturnConsumedCapacity":"TOTAL")" +
                      (consistent ? R"(,"ConsistentRead":true)" : "") +
                      (start.empty() ? "" : R"(,"ExclusiveStartKey":)" + start) + "}";
    Result r = engine->Execute("Scan", req);
    EXPECT_TRUE(r.status.ok()) << r.body;
    ++*pages;
    units += r.effects.read_units;
    size_t at = r.body.find("\"LastEvaluatedKey\":");
    if (at == std::string::npos || *pages > 100) break;
    // The key is the last member: {"pk":{"S":"..."}} up to the closing braces of the body.
    start = r.body.substr(at + 19, r.body.rfind('}') - at - 19);
  }
  return units;
}

// A table Big (pk) holding `count` items of exactly `bytes` bytes each.
std::vector<size_t> FillTable(Engine* engine, int count, size_t bytes) {
  Result c = engine->Execute(
      "CreateTable", R"({"TableName":"Big","KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}],)"
                     R"("AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"}],)"
                     R"("BillingMode":"PAY_PER_REQUEST"})");
  EXPECT_TRUE(c.status.ok()) << c.body;
  for (int i = 0; i < count; ++i) {
    char pk[8];
    std::snprintf(pk, sizeof pk, "k%03d", i);
    // "pk" + 4 bytes of key, "d" + the value: 2 + 4 + 1 + value = bytes.
    std::string item = R"({"TableName":"Big","Item":{"pk":{"S":")" + std::string(pk) +
                       R"("},"d":{"S":")" + std::string(bytes - 7, 'x') + R"("}}})";
    Result r = engine->Execute("PutItem", item);
    EXPECT_TRUE(r.status.ok()) << r.body.substr(0, 200);
  }
  std::vector<size_t> sizes;
  engine->ForEachItem("Big", "", [&](const Item&, size_t size) { sizes.push_back(size); });
  return sizes;
}

// DG Scan.html: a Scan page reads up to 1 MB; each page's bytes are rounded up to 4 KB (DG
// CapacityUnitCalculations). 10 items of 200 KB: pages of 6 items (1,200 KB, 300 RCU) and 4
// (800 KB, 200 RCU); 500 RCU strongly consistent, 250 eventually. The engine, Scanning page by
// page, bills the same.
TEST(PlanTest, FullScanCostIsEveryPageRoundedAndMatchesTheEngine) {
  Engine engine;
  std::vector<size_t> sizes = FillTable(&engine, 10, 200 * 1024);
  ScanTotal strong = FullScanCost(sizes, 10, true);
  EXPECT_EQ(strong.pages, 2);
  EXPECT_EQ(strong.read_units, 500);
  EXPECT_EQ(strong.bytes, 10 * 200 * 1024);
  EXPECT_EQ(FullScanCost(sizes, 10, false).read_units, 250);
  int pages = 0;
  EXPECT_EQ(ScannedUnits(&engine, "Big", true, &pages), 500);
  EXPECT_EQ(pages, 2);
  // At 1,000 times the items (the model scaled): 10,000 items, 1,667 pages, 500,000 RCU.
  ScanTotal scaled = FullScanCost(sizes, 10000, true);
  EXPECT_EQ(scaled.pages, 1667);
  EXPECT_EQ(scaled.read_units, 1666 * 300 + 4 * 50);
}

// 4 items of 256 KB fill a page exactly: its 1 MB is reached on the last item, so DynamoDB answers
// a LastEvaluatedKey and the next Scan reads nothing, billed at the minimum.
TEST(PlanTest, FullScanCostCountsTheEmptyPageAfterAnExactlyFullOne) {
  Engine engine;
  std::vector<size_t> sizes = FillTable(&engine, 4, 256 * 1024);
  int pages = 0;
  double engine_units = ScannedUnits(&engine, "Big", true, &pages);
  ScanTotal t = FullScanCost(sizes, 4, true);
  EXPECT_EQ(t.pages, pages);
  EXPECT_EQ(t.read_units, engine_units);
  EXPECT_EQ(t.pages, 2);
  EXPECT_EQ(t.read_units, 256 + 1);
}

// Every Query pattern of Orders has its full-table Scan beside it, scaled with --items.
TEST(PlanTest, OrdersQueriesCarryTheirFullTableScan) {
  Model m;
  ASSERT_TRUE(ParseModel(BuiltinModel("orders"), &m).ok());
  PlanOptions o;
  o.item_count = m.ItemCount() * 1000;
  Plan p;
  ASSERT_TRUE(BuildPlan(m, o, &p).ok());
  for (const PatternBill& b : p.patterns) {
    EXPECT_EQ(b.full_scan.applicable, b.operation == "Query") << b.id;
    if (!b.full_scan.applicable) continue;
    EXPECT_EQ(b.full_scan.table, "Orders");
    EXPECT_EQ(b.full_scan.items, m.ItemCount() * 1000.0) << b.id;
    // The Scan reads the whole table: at 1,000 times the example, far more than the Query.
    EXPECT_GT(b.full_scan.read_units, 100 * b.read_units) << b.id;
    EXPECT_GT(b.full_scan.pages, 1) << b.id;
  }
  EXPECT_NE(PlanText(p).find("Scan of its whole table"), std::string::npos);
  EXPECT_NE(PlanJson(p).find("\"fullTableScan\""), std::string::npos);
}

}  // namespace
}  // namespace monotable::plan
