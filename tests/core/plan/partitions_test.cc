// Tests for core/plan/partitions.cc through BuildPlan: the partition simulation on cases whose
// answers are known from DynamoDB's documented limits (monotable/plan.h):
// - one partition serves at most 1,000 WCU a second (DG bp-partition-key-design), and one key
//   lives on one partition however the table splits (adaptive capacity isolates an item "down to
//   one item per partition", never above the limit: DG burst-adaptive-capacity);
// - write sharding spreads the key (DG bp-partition-key-sharding);
// - a GSI that throttles writes throttles the base table's writes (DG gsi-throttling).
#include <gtest/gtest.h>

#include <string>

#include "monotable/plan.h"
#include "plan/plan_internal.h"

namespace monotable::plan {
namespace {

// A table Tbl (PK), optionally with a GSI ByStatus on `status`, holding `items` items U#0000.., and
// one PutItem pattern writing `put_pk` (with status OPEN when indexed) at `rate` a second, keys
// `keys`.
Model TestModel(int items, bool indexed, const std::string& put_pk, double rate,
                const std::string& keys) {
  std::string table = R"({"TableName":"Tbl","KeySchema":[{"AttributeName":"PK","KeyType":"HASH"}],)"
                      R"("AttributeDefinitions":[{"AttributeName":"PK","AttributeType":"S"})";
  if (indexed) {
    table += R"(,{"AttributeName":"status","AttributeType":"S"}],"GlobalSecondaryIndexes":[)"
             R"({"IndexName":"ByStatus","KeySchema":[{"AttributeName":"status","KeyType":"HASH"}],)"
             R"("Projection":{"ProjectionType":"KEYS_ONLY"}}])";
  } else {
    table += "]";
  }
  table += R"(,"BillingMode":"PAY_PER_REQUEST"})";
  std::string text =
      R"({"formatVersion":1,"name":"Test","tables":[)" + table + R"(],"items":{"Tbl":[)";
  for (int i = 0; i < items; ++i) {
    char pk[16];
    std::snprintf(pk, sizeof pk, "U#%04d", i);
    text += std::string(i ? "," : "") + R"({"PK":{"S":")" + pk + R"("}})";
  }
  std::string item = R"({"PK":{"S":")" + put_pk + R"("},"n":{"S":"x"})" +
                     (indexed ? std::string(R"(,"status":{"S":"OPEN"})") : std::string()) + "}";
  text += R"(]},"accessPatterns":[{"id":"put","name":"Put","operation":"PutItem","request":)"
          R"({"TableName":"Tbl","Item":)" +
          item + R"(},"requestsPerSecond":)" + std::to_string(rate) + R"(,"keys":")" + keys +
          R"("}]})";
  Model m;
  Status s = ParseModel(text, &m);
  EXPECT_TRUE(s.ok()) << s.message();
  return m;
}

Plan Build(const Model& m) {
  Plan p;
  Status s = BuildPlan(m, {}, &p);
  EXPECT_TRUE(s.ok()) << s.message();
  return p;
}

TEST(PartitionsTest, KeysLandOnPartitionsByADeterministicHash) {
  EXPECT_EQ(internal::PartitionOf("OPEN", 1), 0);
  int a = internal::PartitionOf("C#c001", 8);
  EXPECT_EQ(internal::PartitionOf("C#c001", 8), a);  // the same key, the same partition
  EXPECT_GE(a, 0);
  EXPECT_LT(a, 8);
  // 4,000 keys over 4 partitions: each gets close to a quarter.
  int counts[4] = {0, 0, 0, 0};
  for (int i = 0; i < 4000; ++i) ++counts[internal::PartitionOf("U#" + std::to_string(i), 4)];
  for (int c : counts) {
    EXPECT_GT(c, 900);
    EXPECT_LT(c, 1100);
  }
}

// One key written 3,000 times a second with 1 WCU each: the table needs 3 partitions' worth of
// throughput, but the key lives on one, which serves 1,000: 2,000 writes a second throttle, and
// isolation cannot help (it is already alone).
TEST(PartitionsTest, OneHotKeyOverTheLimitThrottles) {
  Plan p = Build(TestModel(10, false, "HOT", 3000, "hot"));
  ASSERT_EQ(p.resources.size(), 1u);
  const ResourcePlan& t = p.resources[0];
  EXPECT_EQ(t.partitions_estimate, 3);
  EXPECT_NEAR(t.peak_utilisation, 3.0, 1e-9);
  EXPECT_NEAR(t.throttled_writes_per_second, 2000, 1e-6);
  EXPECT_NEAR(p.patterns[0].throttled_per_second, 2000, 1e-6);
  ASSERT_EQ(p.hot_keys.size(), 1u);
  const HotKey& h = p.hot_keys[0];
  EXPECT_EQ(h.attribute, "PK");
  EXPECT_EQ(h.value, "HOT");
  EXPECT_NEAR(h.peak_write_units, 3000, 1e-6);
  EXPECT_EQ(h.shards, 4);  // 3,000 / (80% of 1,000), rounded up
  EXPECT_NEAR(h.throttled_per_second, 2000, 1e-6);
  EXPECT_EQ(h.sharded_throttled_per_second, 0);  // the rewrite, simulated, does not throttle
  EXPECT_NE(h.text.find("PK = HOT#0 .. HOT#3"), std::string::npos) << h.text;
}

// The sharded design itself: writes spread uniformly over HOT#0..HOT#3 (items of the model), 750
// WCU a second each. Keys that share a partition at first throttle for a second, then adaptive
// capacity isolates them: nothing throttles at the end of the peak, and no key is hot.
TEST(PartitionsTest, TheShardedRewriteDoesNotThrottle) {
  Model m = TestModel(0, false, "HOT#0", 3000, "uniform");
  ASSERT_EQ(m.tables.size(), 1u);
  for (int i = 0; i < 4; ++i)
    m.tables[0].items.push_back({{"PK", Value::S("HOT#" + std::to_string(i))}});
  Plan p = Build(m);
  const ResourcePlan& t = p.resources[0];
  EXPECT_EQ(t.throttled_writes_per_second, 0);
  EXPECT_TRUE(p.hot_keys.empty());
  for (const PartitionLoad& pl : t.partition_loads) EXPECT_LE(pl.utilisation, 1.0);
}

// Writes spread over 500 base-table keys but all carrying status = OPEN, the GSI's partition key:
// the table takes them (2,000 WCU over its partitions), the GSI's one OPEN key takes 2,000 WCU
// with room for 1,000, so half the GSI writes throttle, and with them half the table's writes.
TEST(PartitionsTest, AGsiThatThrottlesSlowsTheBaseTablesWrites) {
  Plan p = Build(TestModel(500, true, "U#0007", 2000, "uniform"));
  ASSERT_EQ(p.resources.size(), 2u);
  const ResourcePlan& table = p.resources[0];
  const ResourcePlan& gsi = p.resources[1];
  EXPECT_EQ(gsi.index, "ByStatus");
  EXPECT_NEAR(gsi.peak_write_units, 2000, 1e-6);
  EXPECT_NEAR(gsi.throttled_writes_per_second, 1000, 1e-6);
  EXPECT_NEAR(table.back_pressure_writes_per_second, 1000, 1e-6);
  EXPECT_NEAR(table.throttled_writes_per_second, 0, 1e-6);  // its own partitions keep up
  EXPECT_NEAR(p.patterns[0].throttled_per_second, 1000, 1e-6);
  ASSERT_EQ(p.hot_keys.size(), 1u);
  EXPECT_EQ(p.hot_keys[0].index, "ByStatus");
  EXPECT_EQ(p.hot_keys[0].value, "OPEN");
}

// Below the limits nothing throttles, and uniform keys keep every partition under it.
TEST(PartitionsTest, UniformLoadUnderTheLimitsDoesNotThrottle) {
  Plan p = Build(TestModel(500, false, "U#0001", 500, "uniform"));
  EXPECT_EQ(p.resources[0].partitions_estimate, 1);
  EXPECT_NEAR(p.resources[0].peak_utilisation, 0.5, 1e-9);
  EXPECT_EQ(p.resources[0].throttled_writes_per_second, 0);
  EXPECT_TRUE(p.hot_keys.empty());
}

}  // namespace
}  // namespace monotable::plan
