// Responses written as text (GetItem, Query and Scan bodies, ConsumedCapacity) must be exactly
// what dumping the same response as a nlohmann tree gives: SDKs parse either, but the bytes are
// pinned so the two ways of answering never drift apart.
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "api/api.h"
#include "monotable/engine.h"

namespace monotable::api {
namespace {

TEST(ResponseText, ConsumedCapacityIsTheTreesDump) {
  std::mt19937 rng(3);
  const std::vector<std::string> names = {"GSI1", "GSI2", "ByDate", "a", "Z", "lsi-1", "LSI_2"};
  for (int round = 0; round < 3000; ++round) {
    capacity::Meter::TableTotals t;
    t.table = round % 2 ? "Orders" : "my.table-2";
    t.table_part.read_half = rng() % 3 ? static_cast<int64_t>(rng() % 9) : 0;
    t.table_part.write_half = rng() % 3 ? static_cast<int64_t>(rng() % 2001) : 0;
    const int parts = static_cast<int>(rng() % 4);
    for (int i = 0; i < parts; ++i) {
      capacity::Meter::Part p;
      p.index = names[rng() % names.size()];
      p.local = rng() % 2;
      p.read_half = rng() % 2 ? static_cast<int64_t>(rng() % 7) : 0;
      p.write_half = rng() % 2 ? static_cast<int64_t>(rng() % 7) : 0;
      t.indexes.push_back(p);
    }
    for (CapacityDetail detail : {CapacityDetail::kTotal, CapacityDetail::kIndexes}) {
      for (bool rw : {false, true}) {
        std::string text;
        AppendCapacityJson(t, detail, rw, &text);
        ASSERT_EQ(text, CapacityJson(t, detail, rw).dump()) << round;
      }
    }
  }
}

void MustRun(Engine& engine, const std::string& op, const std::string& request) {
  const Result r = engine.Execute(op, request);
  ASSERT_TRUE(r.status.ok()) << op << " " << request << ": " << r.body;
}

// Every Query and Scan body shape: the body is its own dump (members in name order, numbers as
// nlohmann writes them) and PartiQL's SELECT, which runs the same handlers for a tree, returns
// the same items.
TEST(ResponseText, QueryAndScanBodiesAreTheirOwnDump) {
  Engine engine;
  MustRun(engine, "CreateTable", R"({"TableName":"Tbl","BillingMode":"PAY_PER_REQUEST",
    "AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"},{"AttributeName":"sk","AttributeType":"N"},
      {"AttributeName":"g","AttributeType":"S"},{"AttributeName":"l","AttributeType":"N"}],
    "KeySchema":[{"AttributeName":"pk","KeyType":"HASH"},{"AttributeName":"sk","KeyType":"RANGE"}],
    "GlobalSecondaryIndexes":[{"IndexName":"Gsi","KeySchema":[{"AttributeName":"g","KeyType":"HASH"}],
      "Projection":{"ProjectionType":"KEYS_ONLY"}}],
    "LocalSecondaryIndexes":[{"IndexName":"Lsi","KeySchema":[{"AttributeName":"pk","KeyType":"HASH"},
      {"AttributeName":"l","KeyType":"RANGE"}],"Projection":{"ProjectionType":"INCLUDE","NonKeyAttributes":["x"]}}]})");
  for (int i = 0; i < 12; ++i) {
    MustRun(engine, "PutItem",
            R"({"TableName":"Tbl","Item":{"pk":{"S":"p"},"sk":{"N":")" + std::to_string(i) +
                R"("},"g":{"S":"G)" + std::to_string(i % 2) + R"("},"l":{"N":")" +
                std::to_string(100 - i) +
                R"("},"x":{"S":"caf\u00e9 \"q\""},"y":{"L":[{"N":"1.50"}]}}})");
  }
  const std::vector<std::pair<std::string, std::string>> requests = {
      {"Query",
       R"({"TableName":"Tbl","KeyConditionExpression":"pk = :p","ExpressionAttributeValues":{":p":{"S":"p"}}})"},
      {"Query",
       R"({"TableName":"Tbl","KeyConditionExpression":"pk = :p","ExpressionAttributeValues":{":p":{"S":"p"}},"Limit":3,"ScanIndexForward":false,"ReturnConsumedCapacity":"TOTAL"})"},
      {"Query",
       R"({"TableName":"Tbl","KeyConditionExpression":"pk = :p","ExpressionAttributeValues":{":p":{"S":"none"}},"ReturnConsumedCapacity":"INDEXES"})"},
      {"Query",
       R"({"TableName":"Tbl","IndexName":"Gsi","KeyConditionExpression":"g = :g","ExpressionAttributeValues":{":g":{"S":"G1"}},"Limit":2,"ReturnConsumedCapacity":"INDEXES"})"},
      {"Query",
       R"({"TableName":"Tbl","IndexName":"Lsi","KeyConditionExpression":"pk = :p AND l > :l","ExpressionAttributeValues":{":p":{"S":"p"},":l":{"N":"91"}},"Select":"ALL_ATTRIBUTES","ReturnConsumedCapacity":"INDEXES"})"},
      {"Query",
       R"({"TableName":"Tbl","KeyConditionExpression":"pk = :p","FilterExpression":"l < :s","ExpressionAttributeValues":{":p":{"S":"p"},":s":{"N":"93"}},"Select":"COUNT","ReturnConsumedCapacity":"TOTAL"})"},
      {"Query",
       R"({"TableName":"Tbl","KeyConditionExpression":"pk = :p","ProjectionExpression":"x, y[0]","ExpressionAttributeValues":{":p":{"S":"p"}},"ConsistentRead":true,"ReturnConsumedCapacity":"INDEXES"})"},
      {"Scan", R"({"TableName":"Tbl","Limit":5,"ReturnConsumedCapacity":"INDEXES"})"},
      {"Scan", R"({"TableName":"Tbl","IndexName":"Gsi","ReturnConsumedCapacity":"TOTAL"})"},
      {"Scan", R"({"TableName":"Tbl","Select":"COUNT"})"},
      {"Scan",
       R"({"TableName":"Tbl","Segment":1,"TotalSegments":3,"ReturnConsumedCapacity":"NONE"})"},
      {"GetItem",
       R"({"TableName":"Tbl","Key":{"pk":{"S":"p"},"sk":{"N":"3"}},"ReturnConsumedCapacity":"INDEXES"})"},
      {"GetItem",
       R"({"TableName":"Tbl","Key":{"pk":{"S":"p"},"sk":{"N":"3"}},"ProjectionExpression":"x","ReturnConsumedCapacity":"TOTAL"})"},
      {"GetItem",
       R"({"TableName":"Tbl","Key":{"pk":{"S":"q"},"sk":{"N":"3"}},"ReturnConsumedCapacity":"TOTAL"})"},
  };
  for (const auto& [op, request] : requests) {
    const Result r = engine.Execute(op, request);
    ASSERT_TRUE(r.status.ok()) << request << ": " << r.body;
    EXPECT_EQ(json::parse(r.body).dump(), r.body) << request;
  }
  // The tree path (PartiQL runs Query and GetItem for a tree) returns the same items.
  const Result q = engine.Execute(
      "Query",
      R"({"TableName":"Tbl","KeyConditionExpression":"pk = :p","ExpressionAttributeValues":{":p":{"S":"p"}}})");
  const Result s =
      engine.Execute("ExecuteStatement", R"({"Statement":"SELECT * FROM \"Tbl\" WHERE pk = 'p'"})");
  ASSERT_TRUE(s.status.ok()) << s.body;
  EXPECT_EQ(json::parse(s.body)["Items"], json::parse(q.body)["Items"]);
}

}  // namespace
}  // namespace monotable::api
