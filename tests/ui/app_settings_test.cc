// The app with the table settings wired in: AdvanceTime runs through App::Run (history, effects,
// the TTL sweep on the engine's clock), and the settings tab's requests land in the history.
#include <gtest/gtest.h>

#include "nlohmann/json.hpp"
#include "tests/ui/headless.h"
#include "ui/app.h"

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

}  // namespace
}  // namespace monotable::ui
