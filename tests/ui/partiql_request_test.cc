// PartiQL in the request builder: switching a request to PartiQL gives a statement that returns
// what the API request returns (through the real engine), the PartiQL form and the JSON stay in
// sync, and "copy as" gives the AWS CLI / boto3 / JS SDK v3 form of each PartiQL operation.
#include <gtest/gtest.h>

#include <algorithm>
#include <variant>

#include "monotable/model.h"
#include "nlohmann/json.hpp"
#include "tests/ui/headless.h"
#include "ui/request_codegen.h"
#include "ui/request_panel.h"
#include "ui/view_model.h"

namespace monotable::ui {
namespace {

using json = nlohmann::json;

class PartiQLRequestTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_TRUE(ParseModel(BuiltinModel("orders"), &model_).ok());
    ASSERT_TRUE(LoadModel(model_, &engine_).ok());
    schema_ = BuildSchemaView(engine_);
  }
  json Run(const std::string& operation, const std::string& request) {
    Result r = engine_.Execute(operation, request);
    EXPECT_TRUE(r.status.ok()) << operation << " " << request << " -> " << r.body;
    return json::parse(r.body, nullptr, false);
  }
  Model model_;
  Engine engine_;
  SchemaView schema_;
};

// Items as a set of canonical texts (PartiQL's order within a partition is the Query's; the set
// comparison keeps the test about which items come back).
std::multiset<std::string> ItemsOf(const json& body) {
  std::multiset<std::string> out;
  if (body.contains("Items")) {
    for (const json& item : body["Items"]) out.insert(item.dump());
  }
  if (body.contains("Item")) out.insert(body["Item"].dump());
  return out;
}

TEST_F(PartiQLRequestTest, EveryQueryAndGetItemPatternReturnsTheSameItemsAsPartiQL) {
  int compared = 0;
  for (const AccessPattern& p : model_.access_patterns) {
    if (p.operation != "Query" && p.operation != "GetItem") continue;
    RequestPanelState state;
    LoadRequest(&state, schema_, p.operation, p.request_json, p.name);
    if (state.custom_key_condition || !state.filter.empty() || !state.forward) continue;
    json api = Run(p.operation, p.request_json);
    SwitchToPartiQL(&state, schema_);
    ASSERT_EQ(state.operation, "ExecuteStatement");
    ASSERT_TRUE(state.json_error.empty()) << state.json_error;
    json partiql = Run(state.operation, state.json_text);
    EXPECT_EQ(ItemsOf(partiql), ItemsOf(api)) << p.name << ": " << state.statements[0].statement;
    EXPECT_FALSE(ItemsOf(api).empty()) << p.name;
    ++compared;
  }
  EXPECT_GE(compared, 3);
}

TEST_F(PartiQLRequestTest, AnIndexQueryBecomesASelectFromTheIndex) {
  RequestPanelState state;
  LoadRequest(&state, schema_, "Query",
              R"({"TableName":"Orders","IndexName":"GSI2","KeyConditionExpression":)"
              R"("GSI2PK = :open AND GSI2SK >= :t","ExpressionAttributeValues":)"
              R"({":open":{"S":"OPEN"},":t":{"S":"2000"}}})",
              "Open orders");
  json api = Run("Query", state.json_text);
  SwitchToPartiQL(&state, schema_);
  EXPECT_EQ(state.statements[0].statement,
            R"(SELECT * FROM "Orders"."GSI2" WHERE "GSI2PK" = ? AND "GSI2SK" >= ?)");
  EXPECT_EQ(json::parse(state.statements[0].parameters),
            json::parse(R"([{"S":"OPEN"},{"S":"2000"}])"));
  json partiql = Run("ExecuteStatement", state.json_text);
  EXPECT_EQ(ItemsOf(partiql), ItemsOf(api));
  // Back to the API form: the Query the form held.
  SwitchToApi(&state, schema_);
  EXPECT_EQ(state.operation, "Query");
  EXPECT_EQ(json::parse(state.json_text)["IndexName"], "GSI2");
}

TEST_F(PartiQLRequestTest, WhatPartiQLCannotSayIsNamed) {
  RequestPanelState state;
  LoadRequest(&state, schema_, "Query",
              R"({"TableName":"Orders","KeyConditionExpression":"PK = :c",)"
              R"("FilterExpression":"#s = :s","ExpressionAttributeNames":{"#s":"status"},)"
              R"("ExpressionAttributeValues":{":c":{"S":"C#c001"},":s":{"S":"shipped"}},)"
              R"("ScanIndexForward":false})",
              "");
  SwitchToPartiQL(&state, schema_);
  EXPECT_NE(state.partiql_note.find("FilterExpression"), std::string::npos);
  EXPECT_NE(state.partiql_note.find("descending"), std::string::npos);
}

TEST_F(PartiQLRequestTest, PutAndDeleteBecomeInsertAndDelete) {
  RequestPanelState state;
  LoadRequest(&state, schema_, "PutItem",
              R"({"TableName":"Orders","Item":{"PK":{"S":"C#c900"},"SK":{"S":"PROFILE"},)"
              R"("name":{"S":"Ada"},"visits":{"N":"3"}}})",
              "");
  SwitchToPartiQL(&state, schema_);
  EXPECT_EQ(state.statements[0].statement,
            R"(INSERT INTO "Orders" VALUE {'PK': ?, 'SK': ?, 'name': ?, 'visits': ?})");
  Run("ExecuteStatement", state.json_text);
  json got =
      Run("GetItem", R"({"TableName":"Orders","Key":{"PK":{"S":"C#c900"},"SK":{"S":"PROFILE"}}})");
  EXPECT_EQ(got["Item"]["visits"]["N"], "3");

  RequestPanelState del;
  LoadRequest(&del, schema_, "DeleteItem",
              R"({"TableName":"Orders","Key":{"PK":{"S":"C#c900"},"SK":{"S":"PROFILE"}}})", "");
  SwitchToPartiQL(&del, schema_);
  EXPECT_EQ(del.statements[0].statement, R"(DELETE FROM "Orders" WHERE "PK" = ? AND "SK" = ?)");
  Run("ExecuteStatement", del.json_text);
  got =
      Run("GetItem", R"({"TableName":"Orders","Key":{"PK":{"S":"C#c900"},"SK":{"S":"PROFILE"}}})");
  EXPECT_FALSE(got.contains("Item"));
}

TEST_F(PartiQLRequestTest, BatchAndTransactionFormsWriteTheirStatementLists) {
  RequestPanelState state;
  LoadRequest(&state, schema_, "BatchExecuteStatement",
              R"({"Statements":[{"Statement":"SELECT * FROM \"Orders\" WHERE PK = ? AND SK = ?",)"
              R"("Parameters":[{"S":"C#c001"},{"S":"PROFILE"}]}]})",
              "");
  ASSERT_EQ(state.statements.size(), 1u);
  state.statements.push_back(
      {R"(SELECT * FROM "Orders" WHERE PK = 'C#c002' AND SK = 'PROFILE')", ""});
  FormToJson(&state, schema_);
  json request = json::parse(state.json_text);
  ASSERT_EQ(request["Statements"].size(), 2u);
  EXPECT_FALSE(request["Statements"][1].contains("Parameters"));
  json body = Run("BatchExecuteStatement", state.json_text);
  ASSERT_EQ(body["Responses"].size(), 2u);
  EXPECT_EQ(body["Responses"][1]["Item"]["PK"]["S"], "C#c002");

  // The same statements as a transaction: the list's member is TransactStatements.
  state.operation = "ExecuteTransaction";
  state.json_text = "{}";
  FormToJson(&state, schema_);
  request = json::parse(state.json_text);
  EXPECT_EQ(request["TransactStatements"].size(), 2u);
  EXPECT_FALSE(request.contains("Statements"));
  Run("ExecuteTransaction", state.json_text);
}

TEST_F(PartiQLRequestTest, BadParametersAreReportedNotSent) {
  RequestPanelState state;
  LoadRequest(
      &state, schema_, "ExecuteStatement",
      R"({"Statement":"SELECT * FROM \"Orders\" WHERE PK = ?","Parameters":[{"S":"C#c001"}]})", "");
  state.statements[0].parameters = "{not json";
  FormToJson(&state, schema_);
  EXPECT_FALSE(state.json_error.empty());
  // The last good Parameters stay in the request.
  EXPECT_EQ(json::parse(state.json_text)["Parameters"][0]["S"], "C#c001");
}

TEST_F(PartiQLRequestTest, ThePanelSwitchesModesAndRunsTheStatement) {
  testing::Headless ui;
  RequestPanelState state;
  LoadRequest(&state, schema_, "GetItem",
              R"({"TableName":"Orders","Key":{"PK":{"S":"C#c001"},"SK":{"S":"PROFILE"}}})",
              "Profile");
  Intents intents;
  auto draw = [&] { DrawRequestPanel(&state, schema_, &intents); };
  ASSERT_TRUE(ui.Click("PartiQL##mode", draw));
  EXPECT_EQ(state.operation, "ExecuteStatement");
  ui.Draw(draw);
  ASSERT_TRUE(ui.Click("Run request", draw));
  ASSERT_EQ(intents.size(), 1u);
  const auto* run = std::get_if<intent::RunRequest>(&intents[0]);
  ASSERT_NE(run, nullptr);
  EXPECT_EQ(run->operation, "ExecuteStatement");
  json body = Run(run->operation, run->request_json);
  EXPECT_EQ(body["Items"][0]["PK"]["S"], "C#c001");
  intents.clear();
  ASSERT_TRUE(ui.Click("API##mode", draw));
  EXPECT_EQ(state.operation, "Query");
}

// Issue 15 as a user does it: a GetItem pattern loaded, the Operation menu to Query, Run request.
// The Query defines its #pk (it went out with "ExpressionAttributeNames": null and DynamoDB's
// "An expression attribute name used in the document path is not defined"), reads the pattern's
// partition, and the label no longer names the GetItem pattern.
TEST_F(PartiQLRequestTest, TheOperationMenuSwitchesGetItemToAQueryThatRuns) {
  testing::Headless ui;
  RequestPanelState state;
  LoadRequest(&state, schema_, "GetItem",
              R"({"TableName":"Orders","Key":{"PK":{"S":"C#c001"},"SK":{"S":"PROFILE"}}})",
              "Customer profile");
  Intents intents;
  auto draw = [&] { DrawRequestPanel(&state, schema_, &intents); };
  ASSERT_TRUE(ui.Click("##operation", draw));
  ASSERT_TRUE(ui.Click("Query##operation", draw));
  EXPECT_EQ(state.operation, "Query");
  ui.Draw(draw);
  ASSERT_TRUE(ui.Click("Run request", draw));
  ASSERT_EQ(intents.size(), 1u);
  const auto* run = std::get_if<intent::RunRequest>(&intents[0]);
  ASSERT_NE(run, nullptr);
  EXPECT_EQ(run->operation, "Query");
  EXPECT_EQ(run->label, "");
  json body = Run(run->operation, run->request_json);
  ASSERT_TRUE(body.contains("Items")) << run->request_json;
  EXPECT_GT(body["Count"].get<int>(), 1);
  for (const json& item : body["Items"]) EXPECT_EQ(item["PK"]["S"], "C#c001");
}

TEST_F(PartiQLRequestTest, ResultShowsFailedBatchStatementsAndNextToken) {
  // An INSERT of an existing key fails on its own (DuplicateItem); the SELECT beside it succeeds.
  Result batch = engine_.Execute(
      "BatchExecuteStatement",
      R"j({"Statements":[{"Statement":"SELECT * FROM \"Orders\" WHERE PK = 'C#c001' AND SK = 'PROFILE'"},)j"
      R"j({"Statement":"INSERT INTO \"Orders\" VALUE {'PK': 'C#c001', 'SK': 'PROFILE'}"}]})j");
  ASSERT_TRUE(batch.status.ok()) << batch.body;
  ResultView view = BuildResultView("BatchExecuteStatement", batch, {"PK", "SK"});
  EXPECT_EQ(ResultRowCount(view), 1u);
  ASSERT_EQ(view.statement_errors.size(), 1u) << batch.body;
  EXPECT_EQ(view.statement_errors[0].rfind("Statement 2: DuplicateItem", 0), 0u)
      << view.statement_errors[0];

  Result page = engine_.Execute(
      "ExecuteStatement",
      R"j({"Statement":"SELECT * FROM \"Orders\" WHERE PK = 'C#c001'","Limit":1})j");
  ASSERT_TRUE(page.status.ok()) << page.body;
  view = BuildResultView("ExecuteStatement", page, {"PK", "SK"});
  EXPECT_EQ(ResultRowCount(view), 1u);
  EXPECT_FALSE(view.next_token.empty());
  // The JSON tab's lines, counted once for its height (the panel no longer counts every frame).
  EXPECT_GT(view.json_lines, 3);
  EXPECT_EQ(view.json_lines, std::count(view.json.begin(), view.json.end(), '\n') + 1);
}

TEST(PartiQLCodegenTest, EachToolGetsThePartiQLOperation) {
  const std::string request =
      R"j({"Statement":"SELECT * FROM \"Orders\" WHERE \"PK\" = ? AND begins_with(\"SK\", 'O#')",)j"
      R"j("Parameters":[{"S":"C#c001"}],"ConsistentRead":true})j";
  std::string cli = ToAwsCli("ExecuteStatement", request);
  EXPECT_EQ(cli.rfind("aws dynamodb execute-statement", 0), 0u);
  // Single quotes inside a shell-quoted statement are escaped the POSIX way.
  EXPECT_NE(cli.find(R"j(--statement 'SELECT * FROM "Orders" WHERE "PK" = ? AND )j"
                     R"j(begins_with("SK", '\''O#'\'')')j"),
            std::string::npos)
      << cli;
  EXPECT_NE(cli.find(R"(--parameters '[{"S":"C#c001"}]')"), std::string::npos) << cli;
  EXPECT_NE(cli.find("--consistent-read"), std::string::npos);
  std::string py = ToBoto3("ExecuteStatement", request);
  EXPECT_NE(py.find("client.execute_statement("), std::string::npos);
  EXPECT_NE(py.find("ConsistentRead=True"), std::string::npos);
  std::string js = ToJsSdkV3("ExecuteStatement", request);
  EXPECT_NE(js.find("new ExecuteStatementCommand("), std::string::npos);

  EXPECT_EQ(ToAwsCli("BatchExecuteStatement", R"({"Statements":[]})")
                .rfind("aws dynamodb batch-execute-statement", 0),
            0u);
  EXPECT_NE(ToAwsCli("ExecuteTransaction", R"({"TransactStatements":[]})")
                .find("--transact-statements '[]'"),
            std::string::npos);
  EXPECT_NE(ToBoto3("ExecuteTransaction", "{}").find("client.execute_transaction("),
            std::string::npos);
  EXPECT_NE(ToJsSdkV3("BatchExecuteStatement", "{}").find("BatchExecuteStatementCommand"),
            std::string::npos);
}

TEST(PartiQLCodegenTest, AdvanceTimeIsNotADynamoDBOperation) {
  std::string cli = ToAwsCli("AdvanceTime", R"({"Seconds":3600})");
  EXPECT_EQ(cli.find("aws dynamodb"), std::string::npos);
  EXPECT_NE(cli.find("TTL"), std::string::npos);
}

}  // namespace
}  // namespace monotable::ui
