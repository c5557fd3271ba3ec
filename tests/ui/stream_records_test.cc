// Stream records in the effects: every write on a table with a stream lists its record (event,
// keys, stream label and view type, sequence number) in the cost panel; without a stream, none.
#include <gtest/gtest.h>

#include "monotable/model.h"
#include "nlohmann/json.hpp"
#include "tests/ui/fixtures.h"
#include "tests/ui/headless.h"
#include "ui/cost_panel.h"
#include "ui/view_model.h"

namespace monotable::ui {
namespace {

using json = nlohmann::json;

class StreamRecordsTest : public ::testing::Test {
 protected:
  void SetUp() override { ASSERT_TRUE(testing::LoadOrders(&engine_)); }
  CostView Write(const std::string& operation, const json& request) {
    Result r = engine_.Execute(operation, request.dump());
    EXPECT_TRUE(r.status.ok()) << r.body;
    return BuildCostView(operation, false, r.effects, PriceTable());
  }
  void EnableStream(const char* view_type) {
    Result r = engine_.Execute(
        "UpdateTable",
        json{{"TableName", "Orders"},
             {"StreamSpecification", {{"StreamEnabled", true}, {"StreamViewType", view_type}}}}
            .dump());
    ASSERT_TRUE(r.status.ok()) << r.body;
    label_ = json::parse(r.body)["TableDescription"]["LatestStreamLabel"].get<std::string>();
  }
  Engine engine_;
  std::string label_;
};

const json kKey = {{"PK", {{"S", "C#c001"}}}, {"SK", {{"S", "PROFILE"}}}};

TEST_F(StreamRecordsTest, NoStreamNoRecords) {
  CostView cost = Write("UpdateItem", {{"TableName", "Orders"},
                                       {"Key", kKey},
                                       {"UpdateExpression", "SET nickname = :n"},
                                       {"ExpressionAttributeValues", {{":n", {{"S", "Al"}}}}}});
  EXPECT_TRUE(cost.stream_records.empty());
}

TEST_F(StreamRecordsTest, EachWriteListsItsRecord) {
  EnableStream("NEW_AND_OLD_IMAGES");
  CostView put = Write(
      "PutItem",
      {{"TableName", "Orders"}, {"Item", {{"PK", {{"S", "C#c999"}}}, {"SK", {{"S", "PROFILE"}}}}}});
  ASSERT_EQ(put.stream_records.size(), 1u);
  const StreamRecordView& insert = put.stream_records[0];
  EXPECT_EQ(insert.event_name, "INSERT");
  EXPECT_EQ(insert.keys, "PK = C#c999, SK = PROFILE");
  EXPECT_EQ(insert.stream_label, label_);
  EXPECT_EQ(insert.view_type, "NEW_AND_OLD_IMAGES");
  EXPECT_EQ(insert.sequence_number.size(), 21u);
  EXPECT_FALSE(insert.by_service);

  CostView update = Write("UpdateItem", {{"TableName", "Orders"},
                                         {"Key", kKey},
                                         {"UpdateExpression", "SET nickname = :n"},
                                         {"ExpressionAttributeValues", {{":n", {{"S", "Al"}}}}}});
  ASSERT_EQ(update.stream_records.size(), 1u);
  EXPECT_EQ(update.stream_records[0].event_name, "MODIFY");
  EXPECT_GT(update.stream_records[0].sequence_number, insert.sequence_number);

  // A transaction lists one record per item it wrote, in order.
  json put_a = {
      {"Put", {{"TableName", "Orders"}, {"Item", {{"PK", {{"S", "X#1"}}}, {"SK", {{"S", "A"}}}}}}}};
  json delete_profile = {{"Delete", {{"TableName", "Orders"}, {"Key", kKey}}}};
  CostView tx =
      Write("TransactWriteItems", {{"TransactItems", json::array({put_a, delete_profile})}});
  ASSERT_EQ(tx.stream_records.size(), 2u);
  EXPECT_EQ(tx.stream_records[0].event_name, "INSERT");
  EXPECT_EQ(tx.stream_records[1].event_name, "REMOVE");
  EXPECT_EQ(tx.stream_records[1].keys, "PK = C#c001, SK = PROFILE");
}

TEST_F(StreamRecordsTest, KeysOnlyStreamsSayTheirViewType) {
  EnableStream("KEYS_ONLY");
  CostView put = Write(
      "PutItem",
      {{"TableName", "Orders"}, {"Item", {{"PK", {{"S", "C#c998"}}}, {"SK", {{"S", "PROFILE"}}}}}});
  ASSERT_EQ(put.stream_records.size(), 1u);
  EXPECT_EQ(put.stream_records[0].view_type, "KEYS_ONLY");
}

TEST_F(StreamRecordsTest, PartiQLWritesListRecordsToo) {
  EnableStream("NEW_IMAGE");
  Result r = engine_.Execute("ExecuteStatement",
                             R"({"Statement":"INSERT INTO \"Orders\" VALUE {'PK': ?, 'SK': ?}",)"
                             R"("Parameters":[{"S":"C#c997"},{"S":"PROFILE"}]})");
  ASSERT_TRUE(r.status.ok()) << r.body;
  CostView cost = BuildCostView("ExecuteStatement", false, r.effects, PriceTable());
  ASSERT_EQ(cost.stream_records.size(), 1u);
  EXPECT_EQ(cost.stream_records[0].event_name, "INSERT");
  // A PartiQL INSERT is a write: the size plot steps per 1 KB.
  EXPECT_TRUE(cost.is_write);
}

TEST(StreamRecordViewTest, ServiceDeletions) {
  StreamRecordEffect record;
  record.table = "T";
  record.event_name = "REMOVE";
  record.keys["PK"] = Value::S("a");
  record.stream_label = "2026-01-01T00:00:00.000";
  record.view_type = "OLD_IMAGE";
  record.sequence_number = "000000000000000000007";
  record.by_service = true;
  StreamRecordView r = BuildStreamRecordView(record);
  EXPECT_EQ(r.event_name, "REMOVE");
  EXPECT_EQ(r.keys, "PK = a");
  EXPECT_EQ(r.stream_label, "2026-01-01T00:00:00.000");
  EXPECT_EQ(r.view_type, "OLD_IMAGE");
  EXPECT_EQ(r.sequence_number, "000000000000000000007");
  EXPECT_TRUE(r.by_service);
  EXPECT_EQ(
      r.raw,
      R"(REMOVE {"PK":{"S":"a"}} -> stream 2026-01-01T00:00:00.000 (OLD_IMAGE), SequenceNumber )"
      R"(000000000000000000007, userIdentity Service dynamodb.amazonaws.com (TTL))");
}

TEST(StreamRecordPanelTest, CostPanelDrawsRecordsWithoutQueueing) {
  testing::Headless ui;
  CostPanelState state;
  CostView view;
  view.has_cost = true;
  view.operation = "PutItem";
  view.is_write = true;
  view.write_units = 1;
  StreamRecordEffect record;
  record.event_name = "INSERT";
  record.keys["PK"] = Value::S("a");
  record.stream_label = "2026-01-01T00:00:00.000";
  record.view_type = "NEW_IMAGE";
  record.sequence_number = "000000000000000000001";
  view.stream_records.push_back(BuildStreamRecordView(record));
  Intents intents;
  ui.Draw([&] { DrawCostPanel(&state, view, &intents); });
  ui.Draw([&] { DrawCostPanel(&state, view, &intents); });
  EXPECT_TRUE(intents.empty());
}

}  // namespace
}  // namespace monotable::ui
