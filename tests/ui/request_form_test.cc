// The request builder's form on its own (ui/request_form.h, no ImGui): the key condition shapes
// it reads, form <-> JSON, PartiQL <-> JSON, and every operation switch, each request executed
// through the real engine with the Orders and VaultCommerce examples loaded.
#include "ui/request_form.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "monotable/engine.h"
#include "monotable/model.h"
#include "nlohmann/json.hpp"
#include "tests/ui/fixtures.h"
#include "ui/view_model.h"

namespace monotable::ui {
namespace {

using json = nlohmann::json;

// --- Key conditions and form <-> JSON --------------------------------------------------------

using testing::OrdersSchema;

RequestForm Loaded(const std::string& operation, const std::string& request) {
  RequestForm form;
  LoadRequest(&form, OrdersSchema(), operation, request, "");
  return form;
}

TEST(RequestFormTest, KeyConditionShapesTheFormReads) {
  // Placeholders resolve through ExpressionAttributeNames; keywords in any case.
  RequestForm form = Loaded("Query", R"({"TableName":"Orders",
      "KeyConditionExpression":"#p = :p and #s between :a AND :b",
      "ExpressionAttributeNames":{"#p":"PK","#s":"SK"},
      "ExpressionAttributeValues":{":p":{"S":"C#1"},":a":{"S":"O#1"},":b":{"S":"O#9"}}})");
  EXPECT_FALSE(form.custom_key_condition);
  EXPECT_EQ(form.pk, "C#1");
  EXPECT_EQ(form.sk_op, SortKeyOp::kBetween);
  EXPECT_EQ(form.sk, "O#1");
  EXPECT_EQ(form.sk2, "O#9");
  EXPECT_EQ(form.kc_names, (std::vector<std::string>{"#p", "#s"}));
  EXPECT_EQ(form.kc_values, (std::vector<std::string>{":p", ":a", ":b"}));

  form = Loaded("Query", R"({"TableName":"Orders","KeyConditionExpression":"PK=:p AND SK<=:s",
      "ExpressionAttributeValues":{":p":{"S":"C#1"},":s":{"S":"O#5"}}})");
  EXPECT_FALSE(form.custom_key_condition);
  EXPECT_EQ(form.sk_op, SortKeyOp::kLe);
  EXPECT_EQ(form.sk, "O#5");
}

TEST(RequestFormTest, WhatTheFormCannotSayStaysCustomAndVerbatim) {
  const std::string custom = R"j({"TableName":"Orders",
      "KeyConditionExpression":"PK = :p AND (SK > :s)",
      "ExpressionAttributeValues":{":p":{"S":"C#1"},":s":{"S":"O#"}}})j";
  RequestForm form = Loaded("Query", custom);
  EXPECT_TRUE(form.custom_key_condition);
  form.limit = 3;
  FormToJson(&form, OrdersSchema());
  json request = json::parse(form.json_text);
  EXPECT_EQ(request["KeyConditionExpression"], "PK = :p AND (SK > :s)");
  EXPECT_EQ(request["Limit"], 3);
  // A placeholder with no definition, a value that is not a scalar: custom too.
  EXPECT_TRUE(Loaded("Query", R"({"TableName":"Orders","KeyConditionExpression":"#p = :p",
      "ExpressionAttributeValues":{":p":{"S":"C#1"}}})")
                  .custom_key_condition);
  EXPECT_TRUE(Loaded("Query", R"({"TableName":"Orders","KeyConditionExpression":"PK = :p",
      "ExpressionAttributeValues":{":p":{"L":[]}}})")
                  .custom_key_condition);
}

TEST(RequestFormTest, JsonThatIsNotAnObjectIsReportedAndKeepsTheForm) {
  RequestForm form = Loaded("GetItem", R"({"TableName":"Orders","Key":{"PK":{"S":"C#1"},
      "SK":{"S":"PROFILE"}}})");
  form.json_text = "{\"TableName\": ";
  EXPECT_FALSE(JsonToForm(&form, OrdersSchema()));
  EXPECT_EQ(form.json_error, "Not valid JSON yet");
  EXPECT_EQ(form.pk, "C#1");
  form.json_text = "[]";
  EXPECT_FALSE(JsonToForm(&form, OrdersSchema()));
  EXPECT_EQ(form.json_error, "The request must be a JSON object");
}

// The issue 15 bug at its root: a Query built from "{}" defines every placeholder it uses.
TEST(RequestFormTest, AQueryFromAnEmptyRequestDefinesItsPlaceholders) {
  RequestForm form;
  form.operation = "Query";
  form.pk = "C#c001";
  form.sk_op = SortKeyOp::kBeginsWith;
  form.sk = "O#";
  FormToJson(&form, OrdersSchema());
  json request = json::parse(form.json_text);
  EXPECT_EQ(request["ExpressionAttributeNames"], json::parse(R"({"#pk":"PK","#sk":"SK"})"));
  EXPECT_EQ(request["ExpressionAttributeValues"],
            json::parse(R"({":pk":{"S":"C#c001"},":sk":{"S":"O#"}})"));
  EXPECT_EQ(request["KeyConditionExpression"], "#pk = :pk AND begins_with(#sk, :sk)");
}

TEST(RequestFormTest, PartiQLStatementsAndTheirParametersRoundTrip) {
  RequestForm form;
  LoadRequest(&form, OrdersSchema(), "BatchExecuteStatement",
              R"({"Statements":[{"Statement":"SELECT * FROM \"Orders\" WHERE PK = ? AND SK = ?",
                  "Parameters":[{"S":"C#1"},{"S":"PROFILE"}],"ConsistentRead":true},
                  {"Statement":"DELETE FROM \"Orders\" WHERE PK = ? AND SK = ?"}]})",
              "");
  ASSERT_EQ(form.statements.size(), 2u);
  EXPECT_EQ(json::parse(form.statements[0].parameters),
            json::parse(R"([{"S":"C#1"},{"S":"PROFILE"}])"));
  EXPECT_EQ(form.statements[1].parameters, "");
  form.statements[1].parameters = R"([{"S":"C#2"},{"S":"PROFILE"}])";
  FormToJson(&form, OrdersSchema());
  json request = json::parse(form.json_text);
  EXPECT_EQ(request["Statements"][0]["ConsistentRead"], true);  // not the form's: kept
  EXPECT_EQ(request["Statements"][1]["Parameters"][0]["S"], "C#2");
  // Parameters that are not a JSON array: said, and the JSON keeps the last good ones.
  form.statements[1].parameters = "{\"S\": 1}";
  FormToJson(&form, OrdersSchema());
  EXPECT_NE(form.json_error.find("JSON array"), std::string::npos);
  EXPECT_EQ(json::parse(form.json_text)["Statements"][1]["Parameters"][0]["S"], "C#2");
}

// --- Operation switches through the real engine ------------------------------------------------

// True if `v` is or holds a JSON null (DynamoDB's NULL is {"NULL": true}, never a JSON null).
bool HasNull(const json& v) {
  if (v.is_null() || v.is_discarded()) return true;
  if (v.is_object() || v.is_array()) {
    for (const json& member : v) {
      if (HasNull(member)) return true;
    }
  }
  return false;
}

class RequestFormSwitchTest : public ::testing::TestWithParam<const char*> {
 protected:
  void SetUp() override {
    ASSERT_TRUE(ParseModel(BuiltinModel(GetParam()), &model_).ok());
    ASSERT_TRUE(LoadModel(model_, &engine_).ok());
    schema_ = BuildSchemaView(engine_);
    ASSERT_FALSE(schema_.tables.empty());
  }

  // Why the request the form holds is not one that runs ("" when it runs). A request that finds
  // nothing, a condition that fails on a write (alone or in a transaction) and a PartiQL INSERT of
  // an existing key are answers DynamoDB gives to a well-formed request; a ValidationException,
  // or any other error, is a malformed request.
  std::string WhyNotRunnable(const RequestForm& form) {
    if (!form.json_error.empty()) return "json_error: " + form.json_error;
    if (HasNull(json::parse(form.json_text, nullptr, false))) return "a null in the request";
    Result r = engine_.Execute(form.operation, form.json_text);
    if (r.status.ok()) {
      // A batch of statements answers each on its own: a malformed one fails alone.
      json body = json::parse(r.body, nullptr, false);
      if (form.operation == "BatchExecuteStatement" && body.contains("Responses")) {
        for (const json& response : body["Responses"]) {
          if (response.contains("Error") &&
              response["Error"].value("Code", "") != "ConditionalCheckFailed" &&
              response["Error"].value("Code", "") != "DuplicateItem") {
            return "statement error " + response["Error"].dump();
          }
        }
      }
      return "";
    }
    switch (r.status.code()) {
      case ErrorCode::kConditionalCheckFailed:
      case ErrorCode::kDuplicateItem:
        return "";
      case ErrorCode::kTransactionCanceled: {
        json body = json::parse(r.body, nullptr, false);
        if (!body.contains("CancellationReasons")) return r.body;
        for (const json& reason : body["CancellationReasons"]) {
          std::string code = reason.value("Code", "None");
          if (code != "None" && code != "ConditionalCheckFailed" && code != "DuplicateItem") {
            return r.body;
          }
        }
        return "";
      }
      default:
        return r.body;
    }
  }

  Model model_;
  Engine engine_;
  SchemaView schema_;
};

// The issue as reported: Orders, a GetItem pattern, the Operation menu to Query, Run request.
TEST_P(RequestFormSwitchTest, GetItemPatternToQueryRuns) {
  for (const AccessPattern& p : model_.access_patterns) {
    if (p.operation != "GetItem") continue;
    RequestForm form;
    LoadRequest(&form, schema_, p.operation, p.request_json, p.name);
    ASSERT_EQ(form.label, p.name);
    SwitchOperation(&form, schema_, "Query");
    json request = json::parse(form.json_text);
    EXPECT_TRUE(request["ExpressionAttributeNames"].is_object()) << form.json_text;
    EXPECT_EQ(request["ExpressionAttributeNames"]["#pk"], schema_.tables[0].hash.name);
    EXPECT_EQ(WhyNotRunnable(form), "") << p.name << ": " << form.json_text;
    // The pattern's key: the Query reads the GetItem's partition.
    EXPECT_EQ(request["ExpressionAttributeValues"][":pk"],
              json::parse(p.request_json)["Key"][schema_.tables[0].hash.name]);
    EXPECT_EQ(form.label, "") << "the label named the GetItem pattern";
  }
}

// Every pattern, switched to each of the 13 operations (with each index where the operation takes
// one), then to each other operation: the request runs and the label follows the operation.
TEST_P(RequestFormSwitchTest, EverySwitchGivesARequestThatRuns) {
  const std::vector<std::string>& ops = BuilderOperations();
  ASSERT_EQ(ops.size(), 13u);
  int checked = 0;
  std::vector<std::string> failures;
  for (const AccessPattern& p : model_.access_patterns) {
    for (const std::string& from : ops) {
      std::vector<int> indexes = {0};
      RequestForm loaded;
      LoadRequest(&loaded, schema_, p.operation, p.request_json, p.name);
      const TableSchemaView* t = FormTable(loaded, schema_);
      ASSERT_NE(t, nullptr) << p.name;
      if (FormHasIndex(from)) {
        for (size_t i = 0; i < t->indexes.size(); ++i) indexes.push_back(static_cast<int>(i + 1));
      }
      for (int index : indexes) {
        for (const std::string& to : ops) {
          RequestForm form = loaded;
          SwitchOperation(&form, schema_, from);
          if (index > 0) SelectIndex(&form, schema_, index);
          const std::string before =
              form.operation + (index ? " index " + std::to_string(index) : "");
          SwitchOperation(&form, schema_, to);
          std::string where = p.name + ": " + p.operation + " -> " + before + " -> " + to;
          ++checked;
          if (form.operation != to) {
            failures.push_back(where + ": operation is " + form.operation);
            continue;
          }
          const bool switched = from != p.operation || to != from;
          if (switched && !form.label.empty()) {
            failures.push_back(where + ": label still '" + form.label + "'");
          }
          std::string why = WhyNotRunnable(form);
          if (!why.empty()) failures.push_back(where + ": " + why + "\n" + form.json_text);
        }
      }
    }
  }
  EXPECT_GT(checked, 13 * 13 * 4);
  std::string shown;
  for (size_t i = 0; i < failures.size() && i < 12; ++i) shown += failures[i] + "\n\n";
  EXPECT_TRUE(failures.empty()) << failures.size() << " of " << checked << " switches:\n" << shown;
}

// --- Multi-attribute GSI keys -----------------------------------------------------------------

// A table with a GSI of two HASH (tenant, region) and two RANGE (status, day) attributes, built by
// CreateTable on a real engine (DG GSI.html#GSI.MultiAttributeKeys): the form has a field for each
// key attribute, and the Query it writes runs on the engine and returns the right items.
class MultiAttributeFormTest : public ::testing::Test {
 protected:
  void SetUp() override {
    Put(R"({"TableName":"Events","AttributeDefinitions":[{"AttributeName":"id","AttributeType":"S"},
        {"AttributeName":"tenant","AttributeType":"S"},{"AttributeName":"region","AttributeType":"S"},
        {"AttributeName":"status","AttributeType":"S"},{"AttributeName":"day","AttributeType":"N"}],
        "KeySchema":[{"AttributeName":"id","KeyType":"HASH"}],"BillingMode":"PAY_PER_REQUEST",
        "GlobalSecondaryIndexes":[{"IndexName":"ByTenant","KeySchema":[
          {"AttributeName":"tenant","KeyType":"HASH"},{"AttributeName":"region","KeyType":"HASH"},
          {"AttributeName":"status","KeyType":"RANGE"},{"AttributeName":"day","KeyType":"RANGE"}],
          "Projection":{"ProjectionType":"ALL"}}]})",
        "CreateTable");
    // e1..e6: tenant t1 in eu (four), t1 in us (one), t2 in eu (one).
    const char* rows[][5] = {{"e1", "t1", "eu", "open", "3"}, {"e2", "t1", "eu", "open", "5"},
                             {"e3", "t1", "eu", "open", "9"}, {"e4", "t1", "eu", "closed", "4"},
                             {"e5", "t1", "us", "open", "5"}, {"e6", "t2", "eu", "open", "5"}};
    for (const auto& r : rows) {
      Put(std::string(R"({"TableName":"Events","Item":{"id":{"S":")") + r[0] +
              R"("},"tenant":{"S":")" + r[1] + R"("},"region":{"S":")" + r[2] +
              R"("},"status":{"S":")" + r[3] + R"("},"day":{"N":")" + r[4] + R"("}}})",
          "PutItem");
    }
    schema_ = BuildSchemaView(engine_);
  }
  void Put(const std::string& request, const char* operation) {
    Result r = engine_.Execute(operation, request);
    ASSERT_TRUE(r.status.ok()) << r.body;
  }
  // The ids the form's request returns, in the order returned.
  std::vector<std::string> Ids(const RequestForm& form) {
    Result r = engine_.Execute(form.operation, form.json_text);
    EXPECT_TRUE(r.status.ok()) << r.body << "\n" << form.json_text;
    std::vector<std::string> ids;
    json body = json::parse(r.body, nullptr, false);
    if (!body.contains("Items")) return ids;
    for (const json& item : body["Items"]) ids.push_back(item["id"]["S"].get<std::string>());
    return ids;
  }
  Engine engine_;
  SchemaView schema_;
};

TEST_F(MultiAttributeFormTest, TheViewListsEveryKeyAttributeAndASample) {
  ASSERT_EQ(schema_.tables.size(), 1u);
  ASSERT_EQ(schema_.tables[0].indexes.size(), 1u);
  const IndexSchemaView& index = schema_.tables[0].indexes[0];
  ASSERT_EQ(index.hashes.size(), 2u);
  ASSERT_EQ(index.ranges.size(), 2u);
  EXPECT_EQ(index.hashes[1].name, "region");
  EXPECT_EQ(index.ranges[1].name, "day");
  EXPECT_EQ(index.ranges[1].type, "N");
  ASSERT_EQ(index.sample_hashes.size(), 2u);
  ASSERT_EQ(index.sample_ranges.size(), 2u);
  for (const std::string& v : index.sample_hashes) EXPECT_FALSE(v.empty());
}

TEST_F(MultiAttributeFormTest, AQueryOnEveryKeyAttributeIsBuiltFromTheForm) {
  RequestForm form;
  LoadRequest(&form, schema_, "Scan", R"({"TableName":"Events"})", "");
  // Operation and index switches fill every key field from an entry of the index.
  SwitchOperation(&form, schema_, "Query");
  SelectIndex(&form, schema_, 1);
  std::vector<KeyAttributeView> hashes, ranges;
  FormKeyAttributes(form, schema_, &hashes, &ranges);
  ASSERT_EQ(hashes.size(), 2u);
  ASSERT_EQ(ranges.size(), 2u);
  ASSERT_EQ(form.more_pk.size(), 1u);
  EXPECT_FALSE(form.pk.empty());
  EXPECT_FALSE(form.more_pk[0].empty());
  // The sample runs as it is: equality on both HASH attributes.
  EXPECT_FALSE(Ids(form).empty()) << form.json_text;

  // Partition (t1, eu): all four, sorted by status then day.
  form.pk = "t1";
  form.more_pk[0] = "eu";
  form.sk_op = SortKeyOp::kNone;
  FormToJson(&form, schema_);
  EXPECT_EQ(Ids(form), (std::vector<std::string>{"e4", "e1", "e2", "e3"}));
  json request = json::parse(form.json_text);
  EXPECT_EQ(request["KeyConditionExpression"], "#pk = :pk AND #pk2 = :pk2");
  EXPECT_EQ(request["ExpressionAttributeNames"]["#pk2"], "region");

  // A condition on the first RANGE attribute only.
  form.sk_op = SortKeyOp::kEq;
  form.sk_attr = 0;
  form.sk = "open";
  FormToJson(&form, schema_);
  EXPECT_EQ(Ids(form), (std::vector<std::string>{"e1", "e2", "e3"}));

  // On the second: status = open AND day BETWEEN 4 AND 9 (a number compared as a number).
  form.sk_op = SortKeyOp::kBetween;
  form.sk_attr = 1;
  form.more_sk = {"4"};
  form.sk2 = "9";
  FormToJson(&form, schema_);
  request = json::parse(form.json_text);
  EXPECT_EQ(request["KeyConditionExpression"],
            "#pk = :pk AND #pk2 = :pk2 AND #sk = :sk AND #sk2 BETWEEN :sk2 AND :sk2b");
  EXPECT_EQ(request["ExpressionAttributeValues"][":sk2b"], json::parse(R"({"N":"9"})"));
  EXPECT_EQ(Ids(form), (std::vector<std::string>{"e2", "e3"}));
  form.forward = false;
  form.sk_op = SortKeyOp::kLt;
  form.more_sk = {"9"};
  FormToJson(&form, schema_);
  EXPECT_EQ(Ids(form), (std::vector<std::string>{"e2", "e1"}));

  // The JSON reads back into the same fields; the old placeholders do not linger.
  RequestForm read;
  LoadRequest(&read, schema_, "Query", form.json_text, "");
  EXPECT_FALSE(read.custom_key_condition);
  EXPECT_EQ(read.pk, "t1");
  EXPECT_EQ(read.more_pk, (std::vector<std::string>{"eu"}));
  EXPECT_EQ(read.sk, "open");
  EXPECT_EQ(read.more_sk, (std::vector<std::string>{"9"}));
  EXPECT_EQ(read.sk_attr, 1);
  EXPECT_EQ(read.sk_op, SortKeyOp::kLt);
  EXPECT_FALSE(json::parse(read.json_text)["ExpressionAttributeValues"].contains(":sk2b"));

  // A condition on day without one on status is not a shape DynamoDB takes (left to right): the
  // form keeps it as custom.
  RequestForm skipped;
  LoadRequest(&skipped, schema_, "Query", R"({"TableName":"Events","IndexName":"ByTenant",
      "KeyConditionExpression":"tenant = :t AND #r = :r AND #d > :d",
      "ExpressionAttributeNames":{"#r":"region","#d":"day"},
      "ExpressionAttributeValues":{":t":{"S":"t1"},":r":{"S":"eu"},":d":{"N":"1"}}})",
              "");
  EXPECT_TRUE(skipped.custom_key_condition);
  EXPECT_FALSE(engine_.Execute("Query", skipped.json_text).status.ok());
}

TEST_F(MultiAttributeFormTest, PartiQLReadsTheTableWithEveryKeyAttribute) {
  RequestForm form;
  LoadRequest(&form, schema_, "Scan", R"({"TableName":"Events"})", "");
  SwitchOperation(&form, schema_, "Query");
  SelectIndex(&form, schema_, 1);
  form.pk = "t1";
  form.more_pk = {"eu"};
  form.sk_op = SortKeyOp::kEq;
  form.sk = "open";
  FormToJson(&form, schema_);
  SwitchOperation(&form, schema_, "ExecuteStatement");
  ASSERT_EQ(form.statements.size(), 1u);
  EXPECT_EQ(form.statements[0].statement,
            R"(SELECT * FROM "Events" WHERE "tenant" = ? AND "region" = ? AND "status" = ?)");
  Result r = engine_.Execute("ExecuteStatement", form.json_text);
  ASSERT_TRUE(r.status.ok()) << r.body;
  EXPECT_EQ(json::parse(r.body)["Items"].size(), 3u);
}

INSTANTIATE_TEST_SUITE_P(Examples, RequestFormSwitchTest,
                         ::testing::Values("orders", "vaultcommerce"));

}  // namespace
}  // namespace monotable::ui
