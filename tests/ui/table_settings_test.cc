// The table settings panel over the real engine and the Orders example: what adding a GSI will
// cost before it runs and what it cost after, the clock and the TTL sweep, streams, tags, and the
// requests the panel's buttons queue.
#include "ui/table_settings.h"

#include <gtest/gtest.h>

#include <variant>

#include "monotable/model.h"
#include "nlohmann/json.hpp"
#include "tests/ui/fixtures.h"
#include "tests/ui/headless.h"
#include "ui/table_settings_panel.h"
#include "ui/view_model.h"

namespace monotable::ui {
namespace {

using json = nlohmann::json;

// 2026-01-01T00:00:00Z: a fixed playground clock keeps the tests deterministic.
constexpr int64_t kBaseMs = 1767225600000;

class TableSettingsTest : public ::testing::Test {
 protected:
  void SetUp() override {
    EngineOptions options;
    options.clock_ms = clock_.Function();
    engine_ = Engine(options);
    ASSERT_TRUE(testing::LoadOrders(&engine_));
  }

  void Refresh() { RefreshSettingsView(&engine_, clock_, 1, panel_, &view_); }

  const TableSettingsView& Orders() {
    for (const TableSettingsView& t : view_.tables) {
      if (t.name == "Orders") return t;
    }
    ADD_FAILURE() << "no Orders table";
    return view_.tables.front();
  }

  Result Run(const std::string& operation, const json& request) {
    return engine_.Execute(operation, request.dump());
  }

  PlaygroundClock clock_{kBaseMs};
  Engine engine_;
  TableSettingsPanelState panel_;
  SettingsView view_;
};

TEST_F(TableSettingsTest, ShowsBillingIndexesWithStatusAndCounts) {
  Refresh();
  const TableSettingsView& t = Orders();
  EXPECT_TRUE(t.on_demand);
  EXPECT_EQ(t.key_schema, "PK (S) / SK (S)");
  ASSERT_EQ(t.indexes.size(), 4u);  // GSI1, GSI2, ByStatusConcat, ByStatusMulti
  EXPECT_EQ(t.indexes[0].name, "GSI1");
  EXPECT_EQ(t.indexes[0].status, "ACTIVE");
  EXPECT_GT(t.indexes[0].item_count, 0u);
  // GSI2 is sparse: only open orders.
  EXPECT_LT(t.indexes[1].item_count, t.indexes[0].item_count);
  EXPECT_FALSE(t.stream_enabled);
  EXPECT_FALSE(t.ttl_enabled);
  EXPECT_EQ(view_.clock_text, "2026-01-01 00:00:00 UTC");
  // "status" is offered as a key candidate with its type.
  bool found = false;
  for (const AttributeCandidateView& a : t.attributes) {
    if (a.name == "status") {
      found = true;
      EXPECT_EQ(a.type, "S");
    }
  }
  EXPECT_TRUE(found);
}

TEST_F(TableSettingsTest, AddingAGsiShowsItsBackfillCostBeforeAndAfter) {
  Refresh();
  // What a user expects: every item holding "status" (a String) gets one entry, each billed
  // ceil(entry size / 1 KB) WRU (ALL: the item's size).
  uint64_t carriers = 0;
  double expected_wru = 0;
  engine_.ForEachItem("Orders", "", [&](const Item& item, size_t size) {
    auto it = item.find("status");
    if (it == item.end() || it->second.type() != Type::kS) return;
    ++carriers;
    expected_wru += static_cast<double>((size + 1023) / 1024);
  });
  ASSERT_GT(carriers, 0u);
  ASSERT_LT(carriers, Orders().item_count);  // the line items and profiles have no status

  panel_.draft.name = "GSI3";
  panel_.draft.hash = "status";
  panel_.draft.range = "SK";
  Refresh();
  const BackfillView& before = view_.estimate;
  ASSERT_TRUE(before.valid) << before.error;
  EXPECT_FALSE(before.actual);
  EXPECT_EQ(before.entries, carriers);
  EXPECT_EQ(before.items_scanned, Orders().item_count);
  EXPECT_DOUBLE_EQ(before.write_units, expected_wru);
  EXPECT_DOUBLE_EQ(before.dollars, expected_wru * 0.625 / 1e6);

  // The button's request is the UpdateTable a user could replay.
  std::string request = AddGsiRequest(Orders(), panel_.draft);
  json parsed = json::parse(request);
  EXPECT_EQ(parsed["GlobalSecondaryIndexUpdates"][0]["Create"]["IndexName"], "GSI3");
  EXPECT_EQ(parsed["GlobalSecondaryIndexUpdates"][0]["Create"]["Projection"]["ProjectionType"],
            "ALL");
  Result result = engine_.Execute("UpdateTable", request);
  ASSERT_TRUE(result.status.ok()) << result.body;
  Refresh();
  ASSERT_EQ(Orders().indexes.size(), 5u);
  EXPECT_EQ(Orders().indexes[4].name, "GSI3");
  EXPECT_EQ(Orders().indexes[4].item_count, carriers);
  const BackfillView& after = view_.last_backfill;
  ASSERT_TRUE(after.valid);
  EXPECT_TRUE(after.actual);
  EXPECT_EQ(after.index, "GSI3");
  // The prediction was exact.
  EXPECT_EQ(after.entries, before.entries);
  EXPECT_EQ(after.entry_bytes, before.entry_bytes);
  EXPECT_DOUBLE_EQ(after.write_units, before.write_units);
}

TEST_F(TableSettingsTest, KeysOnlyBackfillIsSizedByTheProjectedKeys) {
  panel_.draft = {"ByStatus", "status", "S", "", "S", 1, ""};
  Refresh();
  ASSERT_TRUE(view_.estimate.valid);
  // A KEYS_ONLY entry of an order holds PK, SK and status: far under 1 KB, so 1 WRU each.
  EXPECT_DOUBLE_EQ(view_.estimate.write_units, static_cast<double>(view_.estimate.entries));
  ASSERT_TRUE(engine_.Execute("UpdateTable", AddGsiRequest(Orders(), panel_.draft)).status.ok());
  Refresh();
  EXPECT_EQ(view_.last_backfill.entry_bytes, view_.estimate.entry_bytes);
}

TEST_F(TableSettingsTest, AKeyOfTheWrongTypeIsNotIndexed) {
  panel_.draft = {"ByStatusN", "status", "N", "", "S", 0, ""};
  Refresh();
  ASSERT_TRUE(view_.estimate.valid);
  EXPECT_EQ(view_.estimate.entries, 0u);
  EXPECT_GT(view_.estimate.wrong_type, 0u);
}

TEST_F(TableSettingsTest, AdvancingTimeExpiresItemsForFreeWithServiceStreamRecords) {
  ASSERT_TRUE(Run("UpdateTimeToLive", {{"TableName", "Orders"},
                                       {"TimeToLiveSpecification",
                                        {{"Enabled", true}, {"AttributeName", "expiresAt"}}}})
                  .status.ok());
  ASSERT_TRUE(
      Run("UpdateTable", {{"TableName", "Orders"},
                          {"StreamSpecification",
                           {{"StreamEnabled", true}, {"StreamViewType", "NEW_AND_OLD_IMAGES"}}}})
          .status.ok());
  const int64_t now = kBaseMs / 1000;
  json cart = {{"PK", {{"S", "C#c001"}}},
               {"SK", {{"S", "CART"}}},
               {"expiresAt", {{"N", std::to_string(now + 1800)}}}};
  json later = {{"PK", {{"S", "C#c001"}}},
                {"SK", {{"S", "SESSION"}}},
                {"expiresAt", {{"N", std::to_string(now + 2 * 86400)}}}};
  ASSERT_TRUE(Run("PutItem", {{"TableName", "Orders"}, {"Item", cart}}).status.ok());
  ASSERT_TRUE(Run("PutItem", {{"TableName", "Orders"}, {"Item", later}}).status.ok());
  Refresh();
  EXPECT_TRUE(Orders().ttl_enabled);
  EXPECT_EQ(Orders().ttl_attribute, "expiresAt");
  EXPECT_TRUE(Orders().stream_enabled);
  EXPECT_EQ(Orders().stream_view_type, "NEW_AND_OLD_IMAGES");
  // The buttons say what each step would expire.
  EXPECT_EQ(Orders().expiring[0], 1u);
  EXPECT_EQ(Orders().expiring[1], 1u);
  EXPECT_EQ(Orders().expiring[2], 2u);

  Result swept = AdvanceTime(&engine_, &clock_, R"({"Seconds": 3600})");
  ASSERT_TRUE(swept.status.ok()) << swept.body;
  EXPECT_EQ(clock_.NowMs(), kBaseMs + 3600 * 1000);
  EXPECT_EQ(json::parse(swept.body)["DeletedItemCount"], 1);
  // Free: TTL deletions bill no write units.
  EXPECT_EQ(swept.effects.write_units, 0);
  EXPECT_EQ(swept.effects.dollars, 0);
  bool deleted = false;
  for (const TouchedItem& t : swept.effects.items) {
    if (t.index.empty() && t.action == ItemAction::kDeleted) deleted = true;
  }
  EXPECT_TRUE(deleted);
  // The cost panel's view: one REMOVE stream record, marked as the service's deletion.
  CostView cost = BuildCostView(kAdvanceTimeOperation, false, swept.effects, PriceTable());
  ASSERT_EQ(cost.stream_records.size(), 1u);
  EXPECT_EQ(cost.stream_records[0].event_name, "REMOVE");
  EXPECT_TRUE(cost.stream_records[0].by_service);
  EXPECT_EQ(cost.stream_records[0].keys, "PK = C#c001, SK = CART");
  EXPECT_EQ(cost.write_units, 0);
  EXPECT_TRUE(cost.item_sizes.empty());  // nothing billed, nothing on the size plot
  // The item is gone; the one expiring in two days is still there.
  Result get = Run("GetItem", {{"TableName", "Orders"},
                               {"Key", {{"PK", {{"S", "C#c001"}}}, {"SK", {{"S", "CART"}}}}}});
  EXPECT_FALSE(json::parse(get.body).contains("Item"));
  get = Run("GetItem", {{"TableName", "Orders"},
                        {"Key", {{"PK", {{"S", "C#c001"}}}, {"SK", {{"S", "SESSION"}}}}}});
  EXPECT_TRUE(json::parse(get.body).contains("Item"));

  Refresh();
  EXPECT_EQ(view_.clock_text, "2026-01-01 01:00:00 UTC");
  EXPECT_EQ(view_.offset_text, "+1 h");
  EXPECT_EQ(view_.last_advance, "+1 h: 1 item expired by TTL (deleted by the service, 0 WRU)");
  EXPECT_EQ(Orders().expiring[2], 1u);
}

TEST_F(TableSettingsTest, AdvanceTimeRejectsABadRequestAndKeepsTime) {
  Result r = AdvanceTime(&engine_, &clock_, R"({"Seconds": -5})");
  EXPECT_FALSE(r.status.ok());
  EXPECT_EQ(r.status.code(), ErrorCode::kValidation);
  EXPECT_EQ(clock_.offset_ms(), 0);
  // The error goes out in the envelope every engine error has: the Result panel and the copied
  // response show DynamoDB's `__type` for a ValidationException.
  EXPECT_EQ(r.http_status, 400);
  EXPECT_EQ(json::parse(r.body)["__type"], "com.amazon.coral.validate#ValidationException");
  Result malformed = AdvanceTime(&engine_, &clock_, "[1]");
  EXPECT_EQ(json::parse(malformed.body)["__type"],
            "com.amazon.coral.service#SerializationException");
  EXPECT_TRUE(json::parse(malformed.body).contains("Message"));
  EXPECT_EQ(AdvanceLabel(86400), "+1 day");
  EXPECT_EQ(AdvanceLabel(30 * 86400), "+30 days");
  EXPECT_EQ(AdvanceLabel(3600), "+1 h");
}

TEST_F(TableSettingsTest, EngineSnapshotsShareTheClock) {
  Engine snapshot = engine_;  // undo restores data, never time
  clock_.Advance(1000);
  Result r = snapshot.Execute("DescribeTimeToLive", R"({"TableName":"Orders"})");
  EXPECT_TRUE(r.status.ok());
  EXPECT_EQ(clock_.NowMs(), kBaseMs + 1000);
}

TEST_F(TableSettingsTest, TagsShowAfterTagResource) {
  Refresh();
  ASSERT_FALSE(Orders().arn.empty());
  ASSERT_TRUE(Run("TagResource", {{"ResourceArn", Orders().arn},
                                  {"Tags", json::array({{{"Key", "team"}, {"Value", "shop"}}})}})
                  .status.ok());
  Refresh();
  ASSERT_EQ(Orders().tags.size(), 1u);
  EXPECT_EQ(Orders().tags[0].first, "team");
  EXPECT_EQ(Orders().tags[0].second, "shop");
}

// --- The panel: what its buttons queue ---

const intent::RunRequest* Find(const Intents& intents, const std::string& operation) {
  for (const Intent& i : intents) {
    const auto* run = std::get_if<intent::RunRequest>(&i);
    if (run && run->operation == operation) return run;
  }
  return nullptr;
}

TEST_F(TableSettingsTest, PanelQueuesAddGsiWithItsBackfillInTheLabel) {
  panel_.draft = {"GSI3", "status", "S", "SK", "S", 0, ""};
  Refresh();
  testing::Headless ui(1280, 1600);
  Intents intents;
  auto draw = [&] { DrawTableSettingsPanel(&panel_, view_, &intents); };
  // Tables settle their column widths over the first frames: click once the layout is stable.
  for (int i = 0; i < 3; ++i) ui.Draw(draw);
  ASSERT_TRUE(ui.Click("Add GSI (UpdateTable)", draw));
  const intent::RunRequest* add = Find(intents, "UpdateTable");
  ASSERT_NE(add, nullptr);
  EXPECT_NE(add->label.find("Add GSI GSI3 on Orders (backfill " +
                            std::to_string(static_cast<int>(view_.estimate.write_units)) + " WRU)"),
            std::string::npos)
      << add->label;
  // Running what the panel queued adds the index.
  ASSERT_TRUE(engine_.Execute(add->operation, add->request_json).status.ok());
  Refresh();
  EXPECT_EQ(Orders().indexes.size(), 5u);
  EXPECT_TRUE(view_.last_backfill.valid);
}

TEST_F(TableSettingsTest, PanelQueuesStreamTtlAdvanceAndDelete) {
  Refresh();
  testing::Headless ui(1280, 1600);
  Intents intents;
  auto draw = [&] { DrawTableSettingsPanel(&panel_, view_, &intents); };
  // Tables settle their column widths over the first frames: click once the layout is stable.
  for (int i = 0; i < 3; ++i) ui.Draw(draw);
  ASSERT_TRUE(ui.Click("Enable stream", draw));
  const intent::RunRequest* stream = Find(intents, "UpdateTable");
  ASSERT_NE(stream, nullptr);
  EXPECT_EQ(json::parse(stream->request_json)["StreamSpecification"]["StreamViewType"],
            "NEW_AND_OLD_IMAGES");
  intents.clear();
  ASSERT_TRUE(ui.Click("Enable TTL", draw));
  const intent::RunRequest* ttl = Find(intents, "UpdateTimeToLive");
  ASSERT_NE(ttl, nullptr);
  EXPECT_EQ(json::parse(ttl->request_json)["TimeToLiveSpecification"]["AttributeName"],
            "expiresAt");
  intents.clear();
  ASSERT_TRUE(ui.Click("Advance +1 day", draw));
  const intent::RunRequest* advance = Find(intents, std::string(kAdvanceTimeOperation));
  ASSERT_NE(advance, nullptr);
  EXPECT_EQ(json::parse(advance->request_json)["Seconds"], 86400);
  intents.clear();
  ASSERT_TRUE(ui.Click("Delete##GSI2", draw));
  const intent::RunRequest* del = Find(intents, "UpdateTable");
  ASSERT_NE(del, nullptr);
  EXPECT_EQ(json::parse(del->request_json)["GlobalSecondaryIndexUpdates"][0]["Delete"]["IndexName"],
            "GSI2");
  ASSERT_TRUE(engine_.Execute(del->operation, del->request_json).status.ok());
  Refresh();
  EXPECT_EQ(Orders().indexes.size(), 3u);
}

TEST_F(TableSettingsTest, PanelSwitchesBillingMode) {
  Refresh();
  testing::Headless ui(1280, 1600);
  Intents intents;
  auto draw = [&] { DrawTableSettingsPanel(&panel_, view_, &intents); };
  // Tables settle their column widths over the first frames: click once the layout is stable.
  for (int i = 0; i < 3; ++i) ui.Draw(draw);
  ASSERT_TRUE(ui.Click("Switch to provisioned", draw));
  const intent::RunRequest* to_provisioned = Find(intents, "UpdateTable");
  ASSERT_NE(to_provisioned, nullptr);
  Result r = engine_.Execute(to_provisioned->operation, to_provisioned->request_json);
  ASSERT_TRUE(r.status.ok()) << r.body;
  Refresh();
  EXPECT_FALSE(Orders().on_demand);
  EXPECT_EQ(Orders().read_capacity, 5);
  EXPECT_EQ(Orders().write_capacity, 5);
}

}  // namespace
}  // namespace monotable::ui
