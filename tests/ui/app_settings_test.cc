// The app with the table settings wired in: AdvanceTime runs through App::Run (history, effects,
// the TTL sweep on the engine's clock), and the settings tab's requests land in the history.
#include <gtest/gtest.h>

#include "nlohmann/json.hpp"
#include "tests/ui/headless.h"
#include "ui/app.h"
#include "ui/widgets.h"

namespace monotable::ui {
namespace {

using json = nlohmann::json;

TEST(AppSettingsTest, AdvanceTimeExpiresAnItemThroughTheApp) {
  testing::Headless ui;
  App app;
  ASSERT_TRUE(app.LoadModel("orders").ok());
  ASSERT_TRUE(app.Run("UpdateTimeToLive", R"({"TableName":"Orders","TimeToLiveSpecification":)"
                                          R"({"Enabled":true,"AttributeName":"expiresAt"}})")
                  .status.ok());
  ASSERT_TRUE(app.Run("UpdateTable", R"({"TableName":"Orders","StreamSpecification":)"
                                     R"({"StreamEnabled":true,"StreamViewType":"OLD_IMAGE"}})")
                  .status.ok());
  int64_t now = json::parse(app.StateJson())["clock"]["nowMs"].get<int64_t>() / 1000;
  json put = {{"TableName", "Orders"},
              {"Item",
               {{"PK", {{"S", "C#c001"}}},
                {"SK", {{"S", "CART"}}},
                {"expiresAt", {{"N", std::to_string(now + 1800)}}}}}};
  ASSERT_TRUE(app.Run("PutItem", put.dump()).status.ok());
  EXPECT_EQ(json::parse(app.LastRunJson())["effects"]["streamRecords"].size(), 1u);

  const Result& swept = app.Run("AdvanceTime", R"({"Seconds":3600})", "Advance time +1 h");
  ASSERT_TRUE(swept.status.ok()) << swept.body;
  json state = json::parse(app.StateJson());
  EXPECT_EQ(state["response"]["DeletedItemCount"], 1);
  EXPECT_EQ(state["effects"]["writeUnits"], 0);
  ASSERT_EQ(state["effects"]["streamRecords"].size(), 1u);
  EXPECT_TRUE(state["effects"]["streamRecords"][0]["byService"].get<bool>());
  EXPECT_EQ(state["effects"]["streamRecords"][0]["eventName"], "REMOVE");
  EXPECT_EQ(state["clock"]["offsetMs"], 3600 * 1000);
  EXPECT_EQ(state["history"]["entries"], 4);
  // Drawing the settings tab after all this works (and reads the engine once).
  ui.Draw([&] { app.Frame(); });
  ui.Draw([&] { app.Frame(); });
}

const TableSettingsView* SettingsOf(const App& app, const std::string& table) {
  for (const TableSettingsView& t : app.settings_view().tables) {
    if (t.name == table) return &t;
  }
  return nullptr;
}

// Issue 19 §2: the settings tab's view (DescribeTable, DescribeTimeToLive, ListTagsOfResource and
// an item walk) is built outside drawing, in App::Frame before the panels draw and after their
// intents: frames that change nothing read nothing, and the frame that applies a write leaves the
// view fresh.
TEST(AppSettingsTest, SettingsViewIsBuiltOutsideDrawingAndIsFreshAfterAWrite) {
  testing::Headless ui;
  App app;
  ASSERT_TRUE(app.LoadModel("orders").ok());
  // The app's own frames (App::Frame lays out its windows and publishes the widget rectangles).
  auto frame = [&] {
    ImGui::NewFrame();
    app.Frame();
    ImGui::Render();
  };
  auto click = [&](const std::string& label) {
    WidgetRect rect;
    if (!FindWidget(label, &rect)) return false;
    ImGuiIO& io = ImGui::GetIO();
    io.MousePos = ImVec2(rect.x + rect.w / 2, rect.y + rect.h / 2);
    frame();
    io.MouseDown[0] = true;
    frame();
    io.MouseDown[0] = false;
    frame();
    return true;
  };
  for (int i = 0; i < 3; ++i) frame();
  // Another tab is on screen: nothing is built.
  EXPECT_EQ(app.settings_view_builds(), 0u);
  ASSERT_TRUE(click("Table settings"));
  // The tab's first frame already drew a built view.
  ASSERT_NE(SettingsOf(app, "Orders"), nullptr);
  EXPECT_TRUE(SettingsOf(app, "Orders")->on_demand);
  const uint64_t builds = app.settings_view_builds();
  EXPECT_GE(builds, 1u);
  for (int i = 0; i < 5; ++i) frame();
  EXPECT_EQ(app.settings_view_builds(), builds) << "frames that change nothing read the engine";

  // A write through the panel's button: the frame that applies it rebuilds the view.
  ASSERT_TRUE(click("Switch to provisioned"));
  EXPECT_EQ(json::parse(app.StateJson())["lastRequest"]["operation"], "UpdateTable");
  ASSERT_NE(SettingsOf(app, "Orders"), nullptr);
  EXPECT_FALSE(SettingsOf(app, "Orders")->on_demand);
  EXPECT_EQ(app.settings_view_builds(), builds + 1);

  // A write between frames (App::Run from the page): the next frame draws the new item count.
  const uint64_t items = SettingsOf(app, "Orders")->item_count;
  ASSERT_TRUE(app.Run("PutItem", R"({"TableName":"Orders","Item":{"PK":{"S":"C#new"},)"
                                 R"("SK":{"S":"PROFILE"}}})")
                  .status.ok());
  frame();
  EXPECT_EQ(SettingsOf(app, "Orders")->item_count, items + 1);
  EXPECT_EQ(app.settings_view_builds(), builds + 2);
  frame();
  EXPECT_EQ(app.settings_view_builds(), builds + 2);
}

}  // namespace
}  // namespace monotable::ui
