// The request builder: the form and the JSON editor stay in sync; Ctrl+Enter runs.
#include "ui/request_panel.h"

#include <gtest/gtest.h>

#include <variant>

#include "nlohmann/json.hpp"
#include "tests/ui/fixtures.h"
#include "tests/ui/headless.h"

namespace monotable::ui {
namespace {

using json = nlohmann::json;

using testing::OrdersSchema;

TEST(RequestPanelTest, QueryJsonFillsTheForm) {
  RequestPanelState state;
  LoadRequest(&state, OrdersSchema(), "Query",
              R"j({"TableName":"Orders","KeyConditionExpression":"PK = :pk AND begins_with(SK, :o)",
                  "ExpressionAttributeValues":{":pk":{"S":"C#c001"},":o":{"S":"O#"}},
                  "ScanIndexForward":false,"Limit":5})j",
              "Recent orders");
  EXPECT_EQ(state.pk, "C#c001");
  EXPECT_EQ(state.sk_op, SortKeyOp::kBeginsWith);
  EXPECT_EQ(state.sk, "O#");
  EXPECT_FALSE(state.forward);
  EXPECT_EQ(state.limit, 5);
  EXPECT_FALSE(state.custom_key_condition);
  EXPECT_EQ(state.label, "Recent orders");
}

TEST(RequestPanelTest, EditingTheFormRewritesOnlyItsMembers) {
  RequestPanelState state;
  SchemaView schema = OrdersSchema();
  LoadRequest(&state, schema, "Query",
              R"j({"TableName":"Orders","KeyConditionExpression":"#p = :pk",
                  "FilterExpression":"#s = :status",
                  "ExpressionAttributeNames":{"#p":"PK","#s":"status"},
                  "ExpressionAttributeValues":{":pk":{"S":"C#c001"},":status":{"S":"PLACED"}}})j",
              "");
  state.pk = "C#c002";
  state.sk_op = SortKeyOp::kGe;
  state.sk = "O#2024";
  FormToJson(&state, schema);
  json request = json::parse(state.json_text);
  EXPECT_EQ(request["KeyConditionExpression"], "#pk = :pk AND #sk >= :sk");
  EXPECT_EQ(request["ExpressionAttributeValues"][":pk"]["S"], "C#c002");
  EXPECT_EQ(request["ExpressionAttributeValues"][":sk"]["S"], "O#2024");
  // The filter and its placeholders are the user's: kept as they were.
  EXPECT_EQ(request["FilterExpression"], "#s = :status");
  EXPECT_EQ(request["ExpressionAttributeValues"][":status"]["S"], "PLACED");
  EXPECT_EQ(request["ExpressionAttributeNames"]["#s"], "status");
  EXPECT_FALSE(request["ExpressionAttributeNames"].contains("#p"));
}

TEST(RequestPanelTest, IndexQueryUsesTheIndexKeys) {
  RequestPanelState state;
  SchemaView schema = OrdersSchema();
  state.operation = "Query";
  state.index = 1;
  state.pk = "OPEN";
  FormToJson(&state, schema);
  json request = json::parse(state.json_text);
  EXPECT_EQ(request["IndexName"], "GSI2");
  EXPECT_EQ(request["ExpressionAttributeNames"]["#pk"], "GSI2PK");
}

TEST(RequestPanelTest, AKeyConditionTheFormCannotExpressIsKeptVerbatim) {
  RequestPanelState state;
  SchemaView schema = OrdersSchema();
  LoadRequest(&state, schema, "Query",
              R"j({"TableName":"Orders","KeyConditionExpression":"PK = :a AND (SK < :b)",
                  "ExpressionAttributeValues":{":a":{"S":"x"},":b":{"S":"y"}}})j",
              "");
  EXPECT_TRUE(state.custom_key_condition);
  state.limit = 3;
  FormToJson(&state, schema);
  json request = json::parse(state.json_text);
  EXPECT_EQ(request["KeyConditionExpression"], "PK = :a AND (SK < :b)");
  EXPECT_EQ(request["Limit"], 3);
}

TEST(RequestPanelTest, GetItemKeyFromTheForm) {
  RequestPanelState state;
  SchemaView schema = OrdersSchema();
  state.operation = "GetItem";
  state.pk = "C#c001";
  state.sk = "PROFILE";
  state.consistent = true;
  FormToJson(&state, schema);
  json request = json::parse(state.json_text);
  EXPECT_EQ(request["Key"]["PK"]["S"], "C#c001");
  EXPECT_EQ(request["Key"]["SK"]["S"], "PROFILE");
  EXPECT_EQ(request["ConsistentRead"], true);
}

TEST(RequestPanelTest, InvalidJsonIsReportedAndTheFormKept) {
  RequestPanelState state;
  SchemaView schema = OrdersSchema();
  LoadRequest(&state, schema, "GetItem",
              R"j({"TableName":"Orders","Key":{"PK":{"S":"a"},"SK":{"S":"b"}}})j", "");
  state.json_text = "{\"TableName\": ";
  EXPECT_FALSE(JsonToForm(&state, schema));
  EXPECT_FALSE(state.json_error.empty());
  EXPECT_EQ(state.pk, "a");
}

TEST(RequestPanelTest, CtrlEnterAndTheRunButtonQueueTheRequest) {
  testing::Headless ui;
  RequestPanelState state;
  SchemaView schema = OrdersSchema();
  LoadRequest(&state, schema, "GetItem",
              R"j({"TableName":"Orders","Key":{"PK":{"S":"a"},"SK":{"S":"b"}}})j", "Profile");
  Intents intents;
  auto draw = [&] { DrawRequestPanel(&state, schema, &intents); };
  ui.Draw(draw);
  ui.CtrlEnter(draw);
  ASSERT_EQ(intents.size(), 1u);
  const auto* run = std::get_if<intent::RunRequest>(&intents[0]);
  ASSERT_NE(run, nullptr);
  EXPECT_EQ(run->operation, "GetItem");
  EXPECT_EQ(json::parse(run->request_json)["Key"]["PK"]["S"], "a");
  EXPECT_EQ(run->label, "Profile");
  intents.clear();
  ASSERT_TRUE(ui.Click("Run request", draw));
  ASSERT_EQ(intents.size(), 1u);
  EXPECT_TRUE(std::holds_alternative<intent::RunRequest>(intents[0]));
}

TEST(RequestPanelTest, CopyAsAwsCliQueuesTheCommand) {
  testing::Headless ui;
  RequestPanelState state;
  SchemaView schema = OrdersSchema();
  LoadRequest(&state, schema, "GetItem",
              R"j({"TableName":"Orders","Key":{"PK":{"S":"a"},"SK":{"S":"b"}}})j", "");
  Intents intents;
  auto draw = [&] { DrawRequestPanel(&state, schema, &intents); };
  ASSERT_TRUE(ui.Click("AWS CLI", draw));
  ASSERT_EQ(intents.size(), 1u);
  const auto* copy = std::get_if<intent::CopyText>(&intents[0]);
  ASSERT_NE(copy, nullptr);
  EXPECT_EQ(copy->text.rfind("aws dynamodb get-item", 0), 0u);
}

}  // namespace
}  // namespace monotable::ui
