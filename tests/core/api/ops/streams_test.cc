// Streams as the playground sees them: each committed write of a stream-enabled table adds one line
// to Effects::stream_records (single writes, batches and transactions alike); failed, no-op and
// stream-less writes add none; an Engine snapshot restores the stream with the data.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "monotable/engine.h"

namespace monotable {
namespace {

Result MustRun(Engine& engine, const std::string& op, const std::string& request) {
  Result r = engine.Execute(op, request);
  EXPECT_TRUE(r.status.ok()) << op << ": " << r.body;
  return r;
}

Engine StreamEngine() {
  EngineOptions options;
  options.clock_ms = [] { return int64_t{1704067200000}; };
  Engine engine(options);
  MustRun(engine, "CreateTable",
          R"j({"TableName":"Tbl","BillingMode":"PAY_PER_REQUEST",
              "AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"}],
              "KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}],
              "StreamSpecification":{"StreamEnabled":true,"StreamViewType":"KEYS_ONLY"}})j");
  return engine;
}

TEST(StreamsEffects, EveryCommittedWriteAddsOneLine) {
  Engine engine = StreamEngine();
  Result put = MustRun(engine, "PutItem", R"j({"TableName":"Tbl","Item":{"pk":{"S":"a"}}})j");
  ASSERT_EQ(put.effects.stream_records.size(), 1u);
  const StreamRecordEffect& insert = put.effects.stream_records[0];
  EXPECT_EQ(insert.event_name, "INSERT");
  EXPECT_EQ(insert.sequence_number.size(), 21u);
  EXPECT_EQ(StreamRecordLine(insert).rfind("INSERT {\"pk\":{\"S\":\"a\"}} -> stream ", 0), 0u)
      << StreamRecordLine(insert);
  // The JSON every front end shows carries the record's fields and its line.
  nlohmann::json effects = nlohmann::json::parse(EffectsToJson(put.effects));
  ASSERT_EQ(effects["streamRecords"].size(), 1u);
  EXPECT_EQ(effects["streamRecords"][0]["eventName"], "INSERT");
  EXPECT_EQ(effects["streamRecords"][0]["keys"]["pk"]["S"], "a");
  EXPECT_EQ(effects["streamRecords"][0]["line"], StreamRecordLine(insert));
  Result same = MustRun(engine, "PutItem", R"j({"TableName":"Tbl","Item":{"pk":{"S":"a"}}})j");
  EXPECT_TRUE(same.effects.stream_records.empty()) << "a write that changes nothing";
  Result batch = MustRun(engine, "BatchWriteItem",
                         R"j({"RequestItems":{"Tbl":[{"PutRequest":{"Item":{"pk":{"S":"b"}}}},
                                                  {"DeleteRequest":{"Key":{"pk":{"S":"a"}}}}]}})j");
  EXPECT_EQ(batch.effects.stream_records.size(), 2u);
  Result tx = MustRun(engine, "TransactWriteItems",
                      R"j({"TransactItems":[{"Update":{"TableName":"Tbl","Key":{"pk":{"S":"b"}},
                          "UpdateExpression":"SET v = :v","ExpressionAttributeValues":{":v":{"N":"1"}}}}]})j");
  ASSERT_EQ(tx.effects.stream_records.size(), 1u);
  EXPECT_EQ(tx.effects.stream_records[0].event_name, "MODIFY");
  Result failed = engine.Execute(
      "DeleteItem",
      R"j({"TableName":"Tbl","Key":{"pk":{"S":"b"}},"ConditionExpression":"attribute_not_exists(pk)"})j");
  EXPECT_FALSE(failed.status.ok());
  EXPECT_TRUE(failed.effects.stream_records.empty());
}

TEST(StreamsEffects, SnapshotRestoresTheStream) {
  Engine engine = StreamEngine();
  MustRun(engine, "PutItem", R"j({"TableName":"Tbl","Item":{"pk":{"S":"a"}}})j");
  Engine snapshot = engine;
  MustRun(engine, "PutItem", R"j({"TableName":"Tbl","Item":{"pk":{"S":"b"}}})j");
  engine = snapshot;
  const std::string arn =
      "arn:aws:dynamodb:us-east-1:000000000000:table/Tbl/stream/2024-01-01T00:00:00.000";
  Result it = MustRun(
      engine, "GetShardIterator",
      R"j({"StreamArn":")j" + arn +
          R"j(","ShardId":"shardId-00000000000000000000-00000001","ShardIteratorType":"LATEST"})j");
  EXPECT_NE(it.body.find("|1\""), std::string::npos) << it.body;
}

}  // namespace
}  // namespace monotable
