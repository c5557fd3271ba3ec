// EngineOptions::transient_status_ms (`monotable serve --delay-transient-statuses`): DynamoDB's
// table and index lifecycle, CREATING / UPDATING / DELETING for that long on the engine's clock,
// driven here by moving the clock. The rules and their sources are in core/api/ops/table_ops.cc.
#include <gtest/gtest.h>

#include <memory>
#include <nlohmann/json.hpp>
#include <string>

#include "monotable/engine.h"

namespace monotable {
namespace {

using json = nlohmann::json;

constexpr int64_t kDelay = 2000;

struct Fixture {
  std::shared_ptr<int64_t> now = std::make_shared<int64_t>(1704067200000);  // 2024-01-01
  Engine engine;
  explicit Fixture(int64_t delay = kDelay) : engine(Options(delay)) {}
  EngineOptions Options(int64_t delay) const {
    EngineOptions o;
    auto clock = now;
    o.clock_ms = [clock] { return *clock; };
    o.transient_status_ms = delay;
    return o;
  }
  Result Run(const std::string& op, const std::string& request) {
    return engine.Execute(op, request);
  }
  json Ok(const std::string& op, const std::string& request) {
    Result r = Run(op, request);
    EXPECT_TRUE(r.status.ok()) << op << ": " << r.body;
    return json::parse(r.body);
  }
  std::string Status() {
    return Ok("DescribeTable", R"({"TableName":"Tab"})")["Table"]["TableStatus"];
  }
  void Create() {
    json d = Ok("CreateTable", R"({"TableName":"Tab","BillingMode":"PAY_PER_REQUEST",
      "AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"}],
      "KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}]})");
    EXPECT_EQ(d["TableDescription"]["TableStatus"], "CREATING");
  }
};

const char kPut[] = R"({"TableName":"Tab","Item":{"pk":{"S":"a"},"g":{"S":"x"}}})";
const char kAddIndex[] = R"({"TableName":"Tab",
  "AttributeDefinitions":[{"AttributeName":"g","AttributeType":"S"}],
  "GlobalSecondaryIndexUpdates":[{"Create":{"IndexName":"ByG",
    "KeySchema":[{"AttributeName":"g","KeyType":"HASH"}],"Projection":{"ProjectionType":"ALL"}}}]})";

// API_CreateTable: CREATING at first; "You can perform read and write operations only on an
// ACTIVE table" (a data-plane request: ResourceNotFoundException); then ACTIVE.
TEST(TransientStatus, ANewTableIsCreatingAndRefusesDataUntilTheDelayIsOver) {
  Fixture f;
  f.Create();
  EXPECT_EQ(f.Status(), "CREATING");
  Result put = f.Run("PutItem", kPut);
  EXPECT_EQ(put.status.code(), ErrorCode::kResourceNotFound) << put.body;
  EXPECT_EQ(f.Run("GetItem", R"({"TableName":"Tab","Key":{"pk":{"S":"a"}}})").status.code(),
            ErrorCode::kResourceNotFound);
  // Listed while CREATING.
  EXPECT_EQ(f.Ok("ListTables", "{}")["TableNames"], json::array({"Tab"}));
  // API_DeleteTable: a CREATING table cannot be deleted.
  Result del = f.Run("DeleteTable", R"({"TableName":"Tab"})");
  EXPECT_EQ(del.status.code(), ErrorCode::kResourceInUse);
  EXPECT_NE(del.body.find("Attempt to change a resource which is still in use: Table is being "
                          "created: Tab"),
            std::string::npos)
      << del.body;
  // A second CreateTable of the name: it exists.
  Result again = f.Run("CreateTable", R"({"TableName":"Tab","BillingMode":"PAY_PER_REQUEST",
      "AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"}],
      "KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}]})");
  EXPECT_EQ(again.status.code(), ErrorCode::kResourceInUse);
  *f.now += kDelay - 1;
  EXPECT_EQ(f.Status(), "CREATING");
  *f.now += 1;
  EXPECT_EQ(f.Status(), "ACTIVE");
  f.Ok("PutItem", kPut);
}

// UpdateTable: UPDATING, still usable for data; a second UpdateTable is ResourceInUseException.
// A GSI it adds is CREATING with Backfilling, and cannot be read until ACTIVE.
TEST(TransientStatus, AnIndexBeingAddedIsBackfillingAndCannotBeRead) {
  Fixture f;
  f.Create();
  *f.now += kDelay;
  f.Ok("PutItem", kPut);
  json d = f.Ok("UpdateTable", kAddIndex)["TableDescription"];
  EXPECT_EQ(d["TableStatus"], "UPDATING");
  EXPECT_EQ(d["GlobalSecondaryIndexes"][0]["IndexStatus"], "CREATING");
  EXPECT_EQ(d["GlobalSecondaryIndexes"][0]["Backfilling"], true);
  EXPECT_EQ(f.Status(), "UPDATING");
  // The table stays available for data operations.
  f.Ok("PutItem", R"({"TableName":"Tab","Item":{"pk":{"S":"b"},"g":{"S":"x"}}})");
  f.Ok("Query", R"({"TableName":"Tab","KeyConditionExpression":"pk = :p",
    "ExpressionAttributeValues":{":p":{"S":"a"}}})");
  const std::string query =
      R"({"TableName":"Tab","IndexName":"ByG","KeyConditionExpression":"g = :g",
    "ExpressionAttributeValues":{":g":{"S":"x"}}})";
  for (const char* op : {"Query", "Scan"}) {
    Result r =
        f.Run(op, op == std::string("Query") ? query : R"({"TableName":"Tab","IndexName":"ByG"})");
    EXPECT_EQ(r.status.code(), ErrorCode::kValidation) << op;
    EXPECT_NE(r.body.find("Cannot read from backfilling global secondary index: ByG"),
              std::string::npos)
        << r.body;
  }
  Result second = f.Run("UpdateTable", R"({"TableName":"Tab","BillingMode":"PROVISIONED",
    "ProvisionedThroughput":{"ReadCapacityUnits":1,"WriteCapacityUnits":1}})");
  EXPECT_EQ(second.status.code(), ErrorCode::kResourceInUse);
  EXPECT_NE(second.body.find("Table is being updated: Tab"), std::string::npos) << second.body;
  EXPECT_EQ(f.Run("DeleteTable", R"({"TableName":"Tab"})").status.code(),
            ErrorCode::kResourceInUse);
  *f.now += kDelay;
  json active = f.Ok("DescribeTable", R"({"TableName":"Tab"})")["Table"];
  EXPECT_EQ(active["TableStatus"], "ACTIVE");
  EXPECT_EQ(active["GlobalSecondaryIndexes"][0]["IndexStatus"], "ACTIVE");
  EXPECT_FALSE(active["GlobalSecondaryIndexes"][0].contains("Backfilling"));
  // Backfilled: both items, the one written before the index and the one written during.
  EXPECT_EQ(f.Ok("Query", query)["Count"], 2);
}

// DeleteTable: DELETING (described, listed, no data) for the delay, then gone; a DeleteTable of
// a DELETING table is no error (API_DeleteTable).
TEST(TransientStatus, ADeletedTableIsDeletingThenGone) {
  Fixture f;
  f.Create();
  *f.now += kDelay;
  f.Ok("PutItem", kPut);
  EXPECT_EQ(f.Ok("DeleteTable", R"({"TableName":"Tab"})")["TableDescription"]["TableStatus"],
            "DELETING");
  EXPECT_EQ(f.Status(), "DELETING");
  EXPECT_EQ(f.Run("PutItem", kPut).status.code(), ErrorCode::kResourceNotFound);
  EXPECT_EQ(f.Ok("DeleteTable", R"({"TableName":"Tab"})")["TableDescription"]["TableStatus"],
            "DELETING");
  EXPECT_EQ(f.Ok("ListTables", "{}")["TableNames"], json::array({"Tab"}));
  *f.now += kDelay;
  EXPECT_EQ(f.Run("DescribeTable", R"({"TableName":"Tab"})").status.code(),
            ErrorCode::kResourceNotFound);
  EXPECT_EQ(f.Ok("ListTables", "{}")["TableNames"], json::array());
  // The name is free again.
  f.Create();
}

// Without the option (the playground, serve by default) everything is ACTIVE at once.
TEST(TransientStatus, WithoutTheDelayEverythingIsActiveAtOnce) {
  Fixture f(0);
  json d = f.Ok("CreateTable", R"({"TableName":"Tab","BillingMode":"PAY_PER_REQUEST",
      "AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"}],
      "KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}]})");
  EXPECT_EQ(d["TableDescription"]["TableStatus"], "ACTIVE");
  f.Ok("PutItem", kPut);
  f.Ok("DeleteTable", R"({"TableName":"Tab"})");
  EXPECT_EQ(f.Run("DescribeTable", R"({"TableName":"Tab"})").status.code(),
            ErrorCode::kResourceNotFound);
}

// set_transient_status_ms(0) is what loaders use: a model's tables are ACTIVE at once.
TEST(TransientStatus, TheDelayCanBeTurnedOffForALoad) {
  Fixture f;
  f.engine.set_transient_status_ms(0);
  json d = f.Ok("CreateTable", R"({"TableName":"Tab","BillingMode":"PAY_PER_REQUEST",
      "AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"}],
      "KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}]})");
  EXPECT_EQ(d["TableDescription"]["TableStatus"], "ACTIVE");
  f.Ok("PutItem", kPut);
  f.engine.set_transient_status_ms(kDelay);
  EXPECT_EQ(f.Ok("DeleteTable", R"({"TableName":"Tab"})")["TableDescription"]["TableStatus"],
            "DELETING");
}

}  // namespace
}  // namespace monotable
