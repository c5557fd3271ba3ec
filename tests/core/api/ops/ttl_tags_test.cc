// TTL sweep and ClientRequestToken window: behaviour driven by the injectable clock, which the
// data-driven cases (fixed clock, also run over HTTP) cannot move.
#include <gtest/gtest.h>

#include <memory>
#include <nlohmann/json.hpp>
#include <string>

#include "monotable/engine.h"

namespace monotable {
namespace {

using json = nlohmann::json;

struct Clock {
  std::shared_ptr<int64_t> now_ms = std::make_shared<int64_t>(1704067200000);  // 2024-01-01
  EngineOptions Options() const {
    EngineOptions o;
    auto now = now_ms;
    o.clock_ms = [now] { return *now; };
    return o;
  }
};

void MustRun(Engine& engine, const std::string& op, const std::string& request) {
  Result r = engine.Execute(op, request);
  ASSERT_TRUE(r.status.ok()) << op << ": " << r.body;
}

void CreateWithIndex(Engine& engine) {
  MustRun(engine, "CreateTable", R"({"TableName":"Sessions","BillingMode":"PAY_PER_REQUEST",
    "AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"},{"AttributeName":"g","AttributeType":"S"}],
    "KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}],
    "GlobalSecondaryIndexes":[{"IndexName":"ByGroup","KeySchema":[{"AttributeName":"g","KeyType":"HASH"}],
      "Projection":{"ProjectionType":"KEYS_ONLY"}}]})");
}

size_t ItemCount(Engine& engine) {
  Result r = engine.Execute("Scan", R"({"TableName":"Sessions","Select":"COUNT"})");
  return json::parse(r.body)["Count"].get<size_t>();
}

// DynamoDB rule (DG "Time to Live"): an item whose TTL attribute is a Number of epoch seconds in
// the past is deleted by the service, without consuming write capacity; items without the
// attribute, or with a non-Number value, never expire.
TEST(TimeToLive, SweepDeletesOnlyExpiredNumberTimestampsAndBillsNothing) {
  Clock clock;
  Engine engine(clock.Options());
  CreateWithIndex(engine);
  MustRun(
      engine, "UpdateTimeToLive",
      R"({"TableName":"Sessions","TimeToLiveSpecification":{"AttributeName":"exp","Enabled":true}})");
  MustRun(
      engine, "PutItem",
      R"({"TableName":"Sessions","Item":{"pk":{"S":"old"},"g":{"S":"x"},"exp":{"N":"1704067100"}}})");
  MustRun(engine, "PutItem",
          R"({"TableName":"Sessions","Item":{"pk":{"S":"new"},"exp":{"N":"1704067300"}}})");
  MustRun(engine, "PutItem",
          R"({"TableName":"Sessions","Item":{"pk":{"S":"str"},"exp":{"S":"1"}}})");
  MustRun(engine, "PutItem", R"({"TableName":"Sessions","Item":{"pk":{"S":"none"}}})");

  Result sweep = engine.SweepExpired();
  ASSERT_TRUE(sweep.status.ok()) << sweep.body;
  EXPECT_EQ(json::parse(sweep.body)["DeletedItemCount"], 1);
  EXPECT_EQ(sweep.effects.write_units, 0);
  ASSERT_GE(sweep.effects.items.size(), 2u);
  EXPECT_EQ(sweep.effects.items[0].action, ItemAction::kDeleted);
  EXPECT_NE(sweep.effects.items[0].reason.find("TTL"), std::string::npos);
  EXPECT_EQ(sweep.effects.items[1].action, ItemAction::kIndexRemoved);
  EXPECT_EQ(ItemCount(engine), 3u);

  *clock.now_ms += 200 * 1000;  // "advance time" past the second item's expiry
  sweep = engine.SweepExpired();
  EXPECT_EQ(json::parse(sweep.body)["DeletedItemCount"], 1);
  EXPECT_EQ(ItemCount(engine), 2u);
}

// DynamoDB rule (Streams API reference, Record.userIdentity): a TTL deletion's stream record is
// a REMOVE with userIdentity {Type "Service", PrincipalId "dynamodb.amazonaws.com"}; a caller's
// DeleteItem has no userIdentity. Consumers use this to tell expiry from deletion.
TEST(TimeToLive, SweepStreamRecordsAreMarkedAsServiceDeletions) {
  Clock clock;
  Engine engine(clock.Options());
  MustRun(engine, "CreateTable", R"({"TableName":"Sessions","BillingMode":"PAY_PER_REQUEST",
    "AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"}],
    "KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}],
    "StreamSpecification":{"StreamEnabled":true,"StreamViewType":"OLD_IMAGE"}})");
  MustRun(
      engine, "UpdateTimeToLive",
      R"({"TableName":"Sessions","TimeToLiveSpecification":{"AttributeName":"exp","Enabled":true}})");
  MustRun(engine, "PutItem",
          R"({"TableName":"Sessions","Item":{"pk":{"S":"old"},"exp":{"N":"1704067100"}}})");
  MustRun(engine, "PutItem", R"({"TableName":"Sessions","Item":{"pk":{"S":"mine"}}})");
  MustRun(engine, "DeleteItem", R"({"TableName":"Sessions","Key":{"pk":{"S":"mine"}}})");
  Result sweep = engine.SweepExpired();
  ASSERT_EQ(sweep.effects.stream_records.size(), 1u);
  EXPECT_TRUE(sweep.effects.stream_records[0].by_service);
  EXPECT_NE(StreamRecordLine(sweep.effects.stream_records[0]).find("userIdentity Service"),
            std::string::npos);

  Result described = engine.Execute("DescribeTable", R"({"TableName":"Sessions"})");
  const std::string arn = json::parse(described.body)["Table"]["LatestStreamArn"];
  Result it =
      engine.Execute("GetShardIterator", json{{"StreamArn", arn},
                                              {"ShardId", "shardId-00000000000000000000-00000001"},
                                              {"ShardIteratorType", "TRIM_HORIZON"}}
                                             .dump());
  ASSERT_TRUE(it.status.ok()) << it.body;
  Result records = engine.Execute(
      "GetRecords", json{{"ShardIterator", json::parse(it.body)["ShardIterator"]}}.dump());
  ASSERT_TRUE(records.status.ok()) << records.body;
  const json r = json::parse(records.body)["Records"];
  ASSERT_EQ(r.size(), 4u) << records.body;  // INSERT old, INSERT mine, REMOVE mine, REMOVE old
  EXPECT_EQ(r[2]["eventName"], "REMOVE");
  EXPECT_FALSE(r[2].contains("userIdentity")) << "a caller's DeleteItem";
  EXPECT_EQ(r[3]["eventName"], "REMOVE");
  EXPECT_EQ(r[3]["dynamodb"]["Keys"]["pk"]["S"], "old");
  EXPECT_EQ(r[3]["userIdentity"],
            (json{{"PrincipalId", "dynamodb.amazonaws.com"}, {"Type", "Service"}}));
  EXPECT_EQ(r[3]["dynamodb"]["OldImage"]["exp"]["N"], "1704067100");
}

TEST(TimeToLive, DisabledTableIsNotSwept) {
  Clock clock;
  Engine engine(clock.Options());
  CreateWithIndex(engine);
  MustRun(engine, "PutItem",
          R"({"TableName":"Sessions","Item":{"pk":{"S":"old"},"exp":{"N":"1"}}})");
  EXPECT_EQ(json::parse(engine.SweepExpired().body)["DeletedItemCount"], 0);
  EXPECT_EQ(ItemCount(engine), 1u);
}

// DynamoDB rule (API TransactWriteItems): a ClientRequestToken is idempotent for 10 minutes; a
// later call with the same token is a new transaction.
TEST(TransactWriteItems, ClientRequestTokenExpiresAfterTenMinutes) {
  Clock clock;
  Engine engine(clock.Options());
  CreateWithIndex(engine);
  const std::string add =
      R"({"ClientRequestToken":"t","TransactItems":[{"Update":{"TableName":"Sessions",
    "Key":{"pk":{"S":"c"}},"UpdateExpression":"ADD n :one","ExpressionAttributeValues":{":one":{"N":"1"}}}}]})";
  MustRun(engine, "TransactWriteItems", add);
  *clock.now_ms += 9 * 60 * 1000;
  Result replay = engine.Execute("TransactWriteItems", add);
  ASSERT_TRUE(replay.status.ok()) << replay.body;
  EXPECT_EQ(replay.effects.write_units, 0);  // a replay reads, it does not write
  *clock.now_ms += 2 * 60 * 1000;
  MustRun(engine, "TransactWriteItems", add);
  Result get = engine.Execute("GetItem", R"({"TableName":"Sessions","Key":{"pk":{"S":"c"}}})");
  EXPECT_EQ(json::parse(get.body)["Item"]["n"]["N"], "2");
}

}  // namespace
}  // namespace monotable
