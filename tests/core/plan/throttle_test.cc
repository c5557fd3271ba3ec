// Tests for core/plan/throttle.cc (monotable/throttle.h) with a fake clock: the bucket arithmetic
// at its edges, and which error each limit gives. DynamoDB's rules pinned here (sources in
// throttle.h):
// - a partition serves 1,000 WCU and 3,000 RCU a second, reads and writes independently
//   (DG throttling-key-range-limit-exceeded-mitigation);
// - provisioned capacity keeps at most 300 s of unused capacity (DG burst-adaptive-capacity);
// - GSI read throttling does not touch the base table; GSI write throttling throttles it
//   (DG gsi-throttling);
// - a throttled transaction is cancelled with ThrottlingError / ProvisionedThroughputExceeded
//   (API TransactWriteItems CancellationReasons) and writes nothing.
#include "monotable/throttle.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "plan/plan_internal.h"

namespace monotable::plan {
namespace {

using nlohmann::json;

class ThrottleTest : public ::testing::Test {
 protected:
  ThrottleTest() {
    ThrottleOptions o;
    o.clock_ms = [this] { return now_ms_; };
    throttle_ = std::make_unique<Throttle>(o);
  }

  Result Run(const std::string& op, const json& req) {
    return throttle_->Execute(&engine_, op, req.dump());
  }

  void Create(const std::string& name, const json& extra = json::object()) {
    json req = {{"TableName", name},
                {"KeySchema",
                 {{{"AttributeName", "pk"}, {"KeyType", "HASH"}},
                  {{"AttributeName", "sk"}, {"KeyType", "RANGE"}}}},
                {"AttributeDefinitions",
                 {{{"AttributeName", "pk"}, {"AttributeType", "S"}},
                  {{"AttributeName", "sk"}, {"AttributeType", "S"}}}},
                {"BillingMode", "PAY_PER_REQUEST"}};
    if (extra.contains("GlobalSecondaryIndexes")) {
      req["AttributeDefinitions"].push_back({{"AttributeName", "status"}, {"AttributeType", "S"}});
    }
    for (auto it = extra.begin(); it != extra.end(); ++it) req[it.key()] = it.value();
    Result r = engine_.Execute("CreateTable", req.dump());
    ASSERT_TRUE(r.status.ok()) << r.body;
  }

  // An item of exactly `kb` KB (kb write units): names and values add up to kb x 1,024 bytes.
  static json Item(const std::string& pk, const std::string& sk, int kb,
                   const std::string& status = "") {
    json item = {{"pk", {{"S", pk}}}, {"sk", {{"S", sk}}}};
    size_t used = 2 + pk.size() + 2 + sk.size() + 4;  // names, values, and the "data" name
    if (!status.empty()) {
      item["status"] = {{"S", status}};
      used += 6 + status.size();
    }
    item["data"] = {{"S", std::string(static_cast<size_t>(kb) * 1024 - used, 'x')}};
    return item;
  }

  Result Put(const std::string& table, const json& item) {
    return Run("PutItem",
               {{"TableName", table}, {"Item", item}, {"ReturnConsumedCapacity", "TOTAL"}});
  }

  // A partition key value on another of `partitions` partitions than `hot`.
  static std::string OtherPartitionKey(const std::string& hot, int partitions) {
    for (int i = 0;; ++i) {
      std::string k = "COOL-" + std::to_string(i);
      if (internal::PartitionOf(k, partitions) != internal::PartitionOf(hot, partitions)) return k;
    }
  }

  static std::string Reason(const Result& r) {
    json body = json::parse(r.body, nullptr, false);
    if (!body.contains("ThrottlingReasons")) return "";
    return body["ThrottlingReasons"][0]["reason"].get<std::string>();
  }

  Engine engine_;
  int64_t now_ms_ = 0;
  std::unique_ptr<Throttle> throttle_;
};

TEST_F(ThrottleTest, PartitionBucketAdmitsUntilInDebtAndRefillsAtTheLimit) {
  Create("Hot");
  // 1,000 WCU of capacity: 50 writes of 20 WCU leave it at 0; the 51st still starts at 0 (not in
  // debt) and takes it to -20; the 52nd is refused.
  for (int i = 0; i < 51; ++i) {
    Result r = Put("Hot", Item("HOT", "s" + std::to_string(i), 20));
    ASSERT_TRUE(r.status.ok()) << i << ": " << r.body;
    ASSERT_NE(r.body.find("\"CapacityUnits\":20.0"), std::string::npos) << r.body;
  }
  Result refused = Put("Hot", Item("HOT", "refused", 20));
  EXPECT_EQ(refused.http_status, 400);
  EXPECT_EQ(Reason(refused), "TableWriteKeyRangeThroughputExceeded");
  EXPECT_NE(refused.body.find("com.amazon.coral.availability#ThrottlingException"),
            std::string::npos);
  EXPECT_EQ(throttle_->Partitions("Hot", ""), kOnDemandInitialPartitions);
  // 19 ms refill 19 units: still in debt. 20 ms: exactly out of it.
  now_ms_ += 19;
  EXPECT_EQ(Reason(Put("Hot", Item("HOT", "refused", 20))), "TableWriteKeyRangeThroughputExceeded");
  now_ms_ += 1;
  EXPECT_TRUE(Put("Hot", Item("HOT", "admitted", 20)).status.ok());
  // The refused write was not applied.
  Result got = engine_.Execute(
      "GetItem", R"({"TableName":"Hot","Key":{"pk":{"S":"HOT"},"sk":{"S":"refused"}}})");
  EXPECT_EQ(got.body, "{}");
  // Reads are throttled independently: the key's reads still pass.
  EXPECT_TRUE(Run("GetItem",
                  {{"TableName", "Hot"}, {"Key", {{"pk", {{"S", "HOT"}}}, {"sk", {{"S", "s0"}}}}}})
                  .status.ok());
  // Another key on another partition writes freely.
  EXPECT_TRUE(Put("Hot", Item(OtherPartitionKey("HOT", 4), "a", 20)).status.ok());
  EXPECT_EQ(throttle_->throttled_requests(), 2u);
}

TEST_F(ThrottleTest, ProvisionedBurstKeepsAtMostThreeHundredSecondsOfUnusedCapacity) {
  Create("Prov",
         {{"BillingMode", "PROVISIONED"},
          {"ProvisionedThroughput", {{"ReadCapacityUnits", 1}, {"WriteCapacityUnits", 1}}}});
  // One partition (1 / 1,000 + 1 / 3,000 rounds up to 1); 1 WCU a second with 300 s of burst.
  // The first write spends the one second of capacity a table starts with.
  ASSERT_TRUE(Put("Prov", Item("first", "a", 1)).status.ok());
  now_ms_ = 1000 * 1000;  // then the table is idle 1,000 s: 300 units kept, not 1,000
  int admitted = 0;
  for (int i = 0; i < 400; ++i) {
    Result r = Put("Prov", Item("k" + std::to_string(i), "a", 1));
    if (!r.status.ok()) {
      EXPECT_EQ(Reason(r), "TableWriteProvisionedThroughputExceeded");
      EXPECT_NE(r.body.find("ProvisionedThroughputExceededException"), std::string::npos);
      break;
    }
    ++admitted;
  }
  EXPECT_EQ(throttle_->Partitions("Prov", ""), 1);
  // 300 kept units and one more into debt.
  EXPECT_EQ(admitted, 301);
}

TEST_F(ThrottleTest, GsiReadThrottlingLeavesTheTableAloneAndGsiWritesThrottleIt) {
  Create("Orders", {{"GlobalSecondaryIndexes",
                     {{{"IndexName", "ByStatus"},
                       {"KeySchema", {{{"AttributeName", "status"}, {"KeyType", "HASH"}}}},
                       {"Projection", {{"ProjectionType", "ALL"}}}}}}});
  // A 300 KB open order: a Query of OPEN reads 75 RRU (eventually consistent: 300 KB / 4 KB / 2).
  ASSERT_TRUE(Put("Orders", Item("o1", "a", 300, "OPEN")).status.ok());
  json query = {{"TableName", "Orders"},
                {"IndexName", "ByStatus"},
                {"KeyConditionExpression", "#s = :s"},
                {"ExpressionAttributeNames", {{"#s", "status"}}},
                {"ExpressionAttributeValues", {{":s", {{"S", "OPEN"}}}}}};
  int reads = 0;
  Result r;
  for (; reads < 100; ++reads) {
    r = Run("Query", query);
    if (!r.status.ok()) break;
  }
  // 3,000 RRU: 80 Queries of 37.5 leave 0, the 81st takes it into debt, the 82nd is refused.
  EXPECT_EQ(reads, 81);
  EXPECT_EQ(Reason(r), "IndexReadKeyRangeThroughputExceeded");
  // The index's read throttling does not touch the table: a base-table write of OPEN passes.
  EXPECT_TRUE(Put("Orders", Item("o2", "a", 1, "OPEN")).status.ok());
  // Index writes: 300 KB orders of OPEN take the index partition of OPEN into debt (the table's
  // partitions of o3, o4, ... are each written once).
  int writes = 0;
  for (; writes < 10; ++writes) {
    r = Put("Orders", Item("w" + std::to_string(writes), "a", 300, "OPEN"));
    if (!r.status.ok()) break;
  }
  EXPECT_LT(writes, 10);
  EXPECT_EQ(Reason(r), "IndexWriteKeyRangeThroughputExceeded");
  json body = json::parse(r.body);
  EXPECT_NE(body["ThrottlingReasons"][0]["resource"].get<std::string>().find("/index/ByStatus"),
            std::string::npos);
  EXPECT_NE(body["message"].get<std::string>().find("global secondary indexes"), std::string::npos);
  // Moving an order out of OPEN removes its index entry from that partition: also refused.
  json update = {{"TableName", "Orders"},
                 {"Key", {{"pk", {{"S", "o1"}}}, {"sk", {{"S", "a"}}}}},
                 {"UpdateExpression", "SET #s = :v"},
                 {"ExpressionAttributeNames", {{"#s", "status"}}},
                 {"ExpressionAttributeValues", {{":v", {{"S", "SHIPPED"}}}}}};
  EXPECT_EQ(Reason(Run("UpdateItem", update)), "IndexWriteKeyRangeThroughputExceeded");
  // A write of a status on another index partition is not held back by OPEN's.
  Result other = Put("Orders", Item("x1", "a", 1, OtherPartitionKey("OPEN", 4)));
  EXPECT_TRUE(other.status.ok()) << other.body;
}

TEST_F(ThrottleTest, ThrottledTransactionIsCancelledWithThrottlingErrorAndWritesNothing) {
  Create("Hot");
  for (int i = 0; i < 60; ++i) Put("Hot", Item("HOT", "s" + std::to_string(i), 20));
  const std::string cool = OtherPartitionKey("HOT", 4);
  json tx = {{"TransactItems",
              {{{"Put", {{"TableName", "Hot"}, {"Item", Item(cool, "a", 1)}}}},
               {{"Put", {{"TableName", "Hot"}, {"Item", Item("HOT", "tx", 1)}}}}}}};
  Result r = Run("TransactWriteItems", tx);
  ASSERT_FALSE(r.status.ok());
  json body = json::parse(r.body);
  EXPECT_EQ(body["__type"], "com.amazonaws.dynamodb.v20120810#TransactionCanceledException");
  EXPECT_EQ(body["Message"],
            "Transaction cancelled, please refer cancellation reasons for specific reasons [None, "
            "ThrottlingError]");
  EXPECT_EQ(body["CancellationReasons"][0], json({{"Code", "None"}}));
  EXPECT_EQ(body["CancellationReasons"][1]["Code"], "ThrottlingError");
  json get = {{"TableName", "Hot"}, {"Key", {{"pk", {{"S", cool}}}, {"sk", {{"S", "a"}}}}}};
  EXPECT_EQ(engine_.Execute("GetItem", get.dump()).body, "{}");
}

TEST_F(ThrottleTest, EngineErrorsAndOtherOperationsPassThrough) {
  Result missing = Run("PutItem", {{"TableName", "Nope"}, {"Item", Item("a", "b", 1)}});
  EXPECT_EQ(missing.status.code(), ErrorCode::kResourceNotFound);
  Result bad = throttle_->Execute(&engine_, "GetItem", "{not json");
  EXPECT_EQ(bad.status.code(), ErrorCode::kSerialization);
  EXPECT_TRUE(Run("ListTables", json::object()).status.ok());
}

}  // namespace
}  // namespace monotable::plan
