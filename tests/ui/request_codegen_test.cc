// Copy as AWS CLI / boto3 / JS SDK v3: what a user pastes into a terminal or an editor.
#include "ui/request_codegen.h"

#include <gtest/gtest.h>

namespace monotable::ui {
namespace {

constexpr const char* kQuery =
    R"j({"TableName":"Orders","IndexName":"GSI2","KeyConditionExpression":"GSI2PK = :open",)j"
    R"j("ExpressionAttributeValues":{":open":{"S":"OPEN"}},"ScanIndexForward":false,"Limit":10})j";

TEST(RequestCodegenTest, NamesFollowEachTool) {
  EXPECT_EQ(KebabCase("TransactWriteItems"), "transact-write-items");
  EXPECT_EQ(KebabCase("KeyConditionExpression"), "key-condition-expression");
  EXPECT_EQ(SnakeCase("GetItem"), "get_item");
}

TEST(RequestCodegenTest, AwsCliUsesSwitchesForBooleansAndQuotesJson) {
  std::string cli = ToAwsCli("Query", kQuery);
  EXPECT_NE(cli.find("aws dynamodb query"), std::string::npos);
  EXPECT_NE(cli.find("--table-name 'Orders'"), std::string::npos);
  EXPECT_NE(cli.find("--index-name 'GSI2'"), std::string::npos);
  EXPECT_NE(cli.find("--no-scan-index-forward"), std::string::npos);
  EXPECT_NE(cli.find("--limit 10"), std::string::npos);
  EXPECT_NE(cli.find(R"j(--expression-attribute-values '{":open":{"S":"OPEN"}}')j"),
            std::string::npos);
}

TEST(RequestCodegenTest, AwsCliEscapesSingleQuotes) {
  std::string cli = ToAwsCli("GetItem", R"j({"TableName":"it's"})j");
  EXPECT_NE(cli.find(R"j('it'\''s')j"), std::string::npos);
}

TEST(RequestCodegenTest, Boto3UsesPythonLiterals) {
  std::string py = ToBoto3("Query", kQuery);
  EXPECT_NE(py.find("client.query("), std::string::npos);
  EXPECT_NE(py.find("ScanIndexForward=False,"), std::string::npos);
  EXPECT_NE(py.find("TableName=\"Orders\","), std::string::npos);
}

TEST(RequestCodegenTest, JsSdkV3SendsTheCommand) {
  std::string js = ToJsSdkV3("Query", kQuery);
  EXPECT_NE(js.find("import { DynamoDBClient, QueryCommand } from \"@aws-sdk/client-dynamodb\";"),
            std::string::npos);
  EXPECT_NE(js.find("new QueryCommand({"), std::string::npos);
  EXPECT_NE(js.find("ScanIndexForward: false,"), std::string::npos);
  EXPECT_NE(js.find("\":open\": {"), std::string::npos);
}

TEST(RequestCodegenTest, NotAnObjectGivesNothing) {
  EXPECT_EQ(ToAwsCli("Query", "[1]"), "");
  EXPECT_EQ(ToBoto3("Query", "{"), "");
}

}  // namespace
}  // namespace monotable::ui
