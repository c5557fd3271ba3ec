// The text layer's words (ui/text_export.h): what a screen reader hears after a run, and the
// result, cost and tour the page shows as DOM text. Run against the real Orders example.
#include "ui/text_export.h"

#include <gtest/gtest.h>

#include <string>

#include "nlohmann/json.hpp"
#include "ui/app.h"

namespace monotable::ui {
namespace {

using json = nlohmann::json;

constexpr const char* kOpenOrders =
    R"j({"TableName":"Orders","IndexName":"GSI2","KeyConditionExpression":"GSI2PK = :open",
         "ExpressionAttributeValues":{":open":{"S":"OPEN"}},"ScanIndexForward":true})j";

json TextOf(const App& app) { return json::parse(app.TextJson()); }

TEST(TextExportTest, DollarsKeepTheirSignificantDigits) {
  EXPECT_EQ(FormatDollarsExact(0.0625), "$0.0625");  // 0.5 RRU per million
  EXPECT_EQ(FormatDollarsExact(0.125), "$0.125");
  EXPECT_EQ(FormatDollarsExact(0.625), "$0.625");
  EXPECT_EQ(FormatDollarsExact(1.25), "$1.25");
  EXPECT_EQ(FormatDollarsExact(12.5), "$12.50");
  EXPECT_EQ(FormatDollarsExact(3.4375), "$3.4375");
  EXPECT_EQ(FormatDollarsExact(0.0000000625), "$0.0000000625");  // one request
  EXPECT_EQ(FormatDollarsExact(6.25e-8 * 1e6), "$0.0625");       // rounding noise dropped
  EXPECT_EQ(FormatDollarsExact(0.1 + 0.2), "$0.30");
  EXPECT_EQ(FormatDollarsExact(0), "$0");
}

TEST(TextExportTest, AQuerySaysWhatItReadAndCost) {
  App app;
  ASSERT_TRUE(app.LoadModel("orders").ok());
  EXPECT_EQ(TextOf(app)["summary"], "");  // nothing run yet
  const Result& result = app.Run("Query", kOpenOrders, "Open orders");
  ASSERT_TRUE(result.status.ok());
  json body = json::parse(result.body);
  json text = TextOf(app);
  const std::string summary = text["summary"];
  // Count and ScannedCount are DynamoDB's own; 0.5 RRU eventually consistent at $0.125 per
  // million RRU is $0.0625 per million such requests.
  std::string count = std::to_string(body["Count"].get<int>());
  EXPECT_EQ(summary.rfind("Query on GSI2: " + count + " items returned, " +
                              std::to_string(body["ScannedCount"].get<int>()) + " read, ",
                          0),
            0u)
      << summary;
  EXPECT_NE(summary.find(" bytes, 0.5 RRU, $0.0625 per million"), std::string::npos) << summary;

  const json& r = text["result"];
  EXPECT_TRUE(r["ok"]);
  EXPECT_EQ(r["count"], body["Count"]);
  EXPECT_EQ(r["rows"].size(), body["Items"].size());
  // The table's first columns are the table's key, the cells the values as the canvas shows them.
  EXPECT_EQ(r["columns"][0], "PK");
  EXPECT_EQ(r["columns"][1], "SK");
  EXPECT_EQ(r["rows"][0][0], body["Items"][0]["PK"]["S"]);

  const json& cost = text["cost"];
  EXPECT_EQ(cost["perMillion"], "$0.0625");
  // The cost panel's lines: the table (0: a GSI Query reads only the index) and the index.
  ASSERT_EQ(cost["lines"].size(), 2u);
  EXPECT_EQ(cost["lines"][0]["target"], "Orders");
  EXPECT_EQ(cost["lines"][0]["units"], "0");
  EXPECT_EQ(cost["lines"][1]["target"], "Orders / GSI2 (GSI)");
  EXPECT_EQ(cost["lines"][1]["units"], "0.5 RRU");
  EXPECT_EQ(cost["lines"][1]["arithmetic"], result.effects.capacity[1].arithmetic);
  EXPECT_EQ(cost["session"], "Session: 1 request, 0.5 RRU, 0 WRU, $0.0000000625");
}

TEST(TextExportTest, AFailedRequestSaysItsErrorTypeAndMessage) {
  App app;
  ASSERT_TRUE(app.LoadModel("orders").ok());
  const Result& result =
      app.Run("Query", R"j({"TableName":"Orders","KeyConditionExpression":"PK = :p"})j");
  ASSERT_FALSE(result.status.ok());
  json text = TextOf(app);
  EXPECT_EQ(text["result"]["errorType"], "ValidationException");
  EXPECT_EQ(text["result"]["errorMessage"], result.status.message());
  EXPECT_EQ(text["result"]["wireType"], json::parse(result.body)["__type"]);
  EXPECT_EQ(text["result"]["wireType"], "com.amazon.coral.validate#ValidationException");
  EXPECT_EQ(text["summary"],
            "Query on Orders failed: ValidationException: " + result.status.message());
}

TEST(TextExportTest, AFailedConditionalWriteSaysWhatItWasBilled) {
  App app;
  ASSERT_TRUE(app.LoadModel("orders").ok());
  // DynamoDB bills a write whose condition fails (dynamodb-rules.md §1.6).
  const Result& result =
      app.Run("PutItem",
              R"j({"TableName":"Orders","Item":{"PK":{"S":"C#c001"},"SK":{"S":"PROFILE"}},
           "ConditionExpression":"attribute_not_exists(PK)"})j");
  ASSERT_FALSE(result.status.ok());
  std::string summary = TextOf(app)["summary"];
  EXPECT_EQ(summary.rfind("PutItem on Orders failed: ConditionalCheckFailedException: ", 0), 0u)
      << summary;
  EXPECT_NE(summary.find(" 1 WRU, $0.625 per million"), std::string::npos) << summary;
}

TEST(TextExportTest, AWriteSaysWhatItChanged) {
  App app;
  ASSERT_TRUE(app.LoadModel("orders").ok());
  const Result& result = app.Run(
      "PutItem", R"j({"TableName":"Orders","Item":{"PK":{"S":"C#new"},"SK":{"S":"PROFILE"}}})j");
  ASSERT_TRUE(result.status.ok());
  EXPECT_EQ(TextOf(app)["summary"], "PutItem on Orders: 1 item inserted, " +
                                        std::to_string(result.effects.items.front().size_bytes) +
                                        " bytes, 1 WRU, $0.625 per million");
}

TEST(TextExportTest, TheTourStepFollowsThePageAndTheKeyMoves) {
  App app;
  ASSERT_TRUE(app.LoadModel("orders").ok());
  json tour = TextOf(app)["tour"];
  ASSERT_GE(tour["count"].get<int>(), 2);
  EXPECT_EQ(tour["step"], 0);
  EXPECT_EQ(tour["modelName"], "Orders");
  EXPECT_FALSE(tour["text"].get<std::string>().empty());
  double key = app.TextKey();
  app.SetTourStep(1);
  EXPECT_NE(app.TextKey(), key);
  tour = TextOf(app)["tour"];
  EXPECT_EQ(tour["step"], 1);
  app.SetTourStep(1000);  // clamped to the last step
  EXPECT_EQ(TextOf(app)["tour"]["step"], tour["count"].get<int>() - 1);
  key = app.TextKey();
  app.Run("Query", kOpenOrders);
  EXPECT_NE(app.TextKey(), key);
}

}  // namespace
}  // namespace monotable::ui
