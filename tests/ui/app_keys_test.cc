// The keyboard (ui/app_keys.cc): the shortcuts the help lists do what it says, outside text fields
// only; Tab walks the panels in reading order and then lets focus leave; the focus ring is drawn
// 2 CSS px thick while the canvas has the focus (issue 15: "ImGui keyboard navigation on, visible
// focus; documented shortcuts (run, undo, redo, next pattern, next tour step)").
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "imgui.h"
#include "nlohmann/json.hpp"
#include "tests/ui/headless.h"
#include "ui/app.h"

namespace monotable::ui {
namespace {

using json = nlohmann::json;

json State(const App& app) { return json::parse(app.StateJson()); }

uint64_t Items(const App& app) {
  const json state = State(app);
  uint64_t n = 0;
  for (const json& t : state["model"]["tables"]) n += t["itemCount"].get<uint64_t>();
  return n;
}

TEST(AppKeysTest, CtrlZUndoesTheLastRequestAndCtrlShiftZOrCtrlYRedoesIt) {
  testing::Headless ui;
  ui.DrawWholeFrames();
  App app;
  ASSERT_TRUE(app.LoadModel("orders").ok());
  auto draw = [&] { app.Frame(); };
  ui.Draw(draw);
  const uint64_t before = Items(app);
  ASSERT_TRUE(app.Run("PutItem", R"({"TableName":"Orders","Item":{"PK":{"S":"C#k1"},"SK":{"S":"PROFILE"}}})")
                  .status.ok());
  ui.Draw(draw);
  ASSERT_EQ(Items(app), before + 1);
  ui.Key('Z', draw, /*ctrl=*/true);
  EXPECT_EQ(Items(app), before) << "Ctrl+Z undoes the PutItem";
  EXPECT_EQ(State(app)["history"]["current"], -1);
  ui.Key('Z', draw, true, /*shift=*/true);
  EXPECT_EQ(Items(app), before + 1) << "Ctrl+Shift+Z redoes it";
  ui.Key('Z', draw, true);
  ui.Key('Y', draw, true);
  EXPECT_EQ(Items(app), before + 1) << "Ctrl+Y redoes too";
  ui.Key('Y', draw, true);
  EXPECT_EQ(Items(app), before + 1) << "nothing more to redo: nothing changes";
}

TEST(AppKeysTest, JAndKOpenTheNextAndPreviousPatternNAndPMoveTheTour) {
  testing::Headless ui;
  ui.DrawWholeFrames();
  App app;
  ASSERT_TRUE(app.LoadModel("orders").ok());
  auto draw = [&] { app.Frame(); };
  ui.Draw(draw);
  const json patterns = State(app)["model"]["patterns"];
  ASSERT_GE(patterns.size(), 3u);
  ui.Key('J', draw);
  EXPECT_EQ(State(app)["keyboard"]["pattern"], 0);
  EXPECT_EQ(State(app)["request"]["label"], patterns[0]["name"]);
  ui.Key('J', draw);
  ui.Key('J', draw);
  EXPECT_EQ(State(app)["request"]["label"], patterns[2]["name"]);
  EXPECT_EQ(State(app)["request"]["operation"], patterns[2]["operation"]);
  ui.Key('K', draw);
  EXPECT_EQ(State(app)["request"]["label"], patterns[1]["name"]);
  EXPECT_EQ(State(app)["history"]["entries"], 0) << "J and K open a pattern; they run nothing";

  ASSERT_GE(State(app)["model"]["tourSteps"].get<int>(), 2);
  EXPECT_EQ(State(app)["keyboard"]["tourStep"], 0);
  ui.Key('N', draw);
  ui.Key('N', draw);
  EXPECT_EQ(State(app)["keyboard"]["tourStep"], 2);
  ui.Key('P', draw);
  EXPECT_EQ(State(app)["keyboard"]["tourStep"], 1);
}

TEST(AppKeysTest, LettersTypedInATextFieldAreTextNotShortcuts) {
  testing::Headless ui;
  ui.DrawWholeFrames();
  App app;
  ASSERT_TRUE(app.LoadModel("orders").ok());
  auto draw = [&] { app.Frame(); };
  ASSERT_TRUE(ui.Click("##json", draw));  // the request's JSON editor takes the keys
  const std::string label = State(app)["request"]["label"];
  ui.Key('J', draw);
  ui.Key('N', draw);
  EXPECT_EQ(State(app)["request"]["label"], label);
  EXPECT_EQ(State(app)["keyboard"]["pattern"], -1);
  EXPECT_EQ(State(app)["keyboard"]["tourStep"], 0);
}

// Tab from panel to panel in reading order, then out: `width` x `height` CSS px at `scale`.
std::vector<std::string> TabThrough(float width, float height, float scale, bool backward,
                                    bool* left) {
  testing::Headless ui(width * scale, height * scale);
  ui.DrawWholeFrames();
  ImGui::GetIO().ConfigFlags |= ImGuiConfigFlags_NavEnableKeyboard;  // as web/main.cc sets it
  App app;
  app.SetScale(scale);
  EXPECT_TRUE(app.LoadModel("orders").ok());
  auto draw = [&] { app.Frame(); };
  ui.Draw(draw);
  ui.Draw(draw);
  std::vector<std::string> order;
  *left = false;
  for (int i = 0; i < 20; ++i) {
    if (!app.FocusNextPanel(backward, /*entering=*/i == 0)) {
      *left = true;
      EXPECT_EQ(app.FocusedPanel(), "") << "focus that left keeps nothing inside";
      break;
    }
    ui.Draw(draw);
    ui.Draw(draw);
    order.push_back(app.FocusedPanel());
    // The ring: drawn where the focus is, at least 2 CSS px outside the control.
    json ring = State(app)["keyboard"]["ring"];
    EXPECT_FALSE(ring.is_null()) << "no focus ring in " << order.back();
    if (!ring.is_null()) {
      EXPECT_GT(ring["w"].get<double>(), 4);
      EXPECT_GT(ring["h"].get<double>(), 4);
    }
  }
  // The canvas losing the page's focus hides the ring.
  app.FocusNextPanel(false, true);
  ui.Draw(draw);
  app.SetKeyboardFocus(false);
  ui.Draw(draw);
  EXPECT_TRUE(State(app)["keyboard"]["ring"].is_null());
  return order;
}

TEST(AppKeysTest, TabWalksTheDesktopPanelsInReadingOrderThenLetsFocusLeave) {
  bool left = false;
  std::vector<std::string> forward = TabThrough(1280, 800, 1, false, &left);
  EXPECT_TRUE(left) << "no keyboard trap";
  const std::vector<std::string> expected = {"##model",  "##patterns", "##request", "##table",
                                             "##result", "##cost",     "##side"};
  EXPECT_EQ(forward, expected);
  std::vector<std::string> backward = TabThrough(1280, 800, 1, true, &left);
  EXPECT_TRUE(left);
  EXPECT_EQ(backward, std::vector<std::string>(expected.rbegin(), expected.rend()));
}

TEST(AppKeysTest, TabWalksThePhonesBarsAndTabThenLetsFocusLeave) {
  bool left = false;
  std::vector<std::string> order = TabThrough(390, 844, 3, false, &left);
  EXPECT_TRUE(left);
  ASSERT_EQ(order.size(), 3u);
  EXPECT_EQ(order[0], "##model");  // the top bar with its Menu
  EXPECT_EQ(order[2], "##tabs");   // the bottom tab bar
}

// While a scaled example loads, the page shows only its progress: Tab reaches it (no panel is
// drawn), its Cancel loading gets the focus ring and Space presses it.
TEST(AppKeysTest, TabReachesCancelLoadingAndSpacePressesIt) {
  testing::Headless ui(390 * 3, 844 * 3);
  ui.DrawWholeFrames();
  ImGui::GetIO().ConfigFlags |= ImGuiConfigFlags_NavEnableKeyboard;  // as web/main.cc sets it
  App app;
  app.SetScale(3);
  ASSERT_TRUE(app.LoadModel("orders").ok());
  auto draw = [&] { app.Frame(); };
  ui.Draw(draw);
  app.StartLoadModel("vaultcommerce", 500);  // many frames
  ui.Draw(draw);
  ASSERT_TRUE(app.loading());
  ASSERT_TRUE(app.FocusNextPanel(false, /*entering=*/true));
  ui.Draw(draw);
  ui.Draw(draw);
  EXPECT_EQ(app.FocusedPanel(), "##loading");
  json ring = State(app)["keyboard"]["ring"];
  ASSERT_FALSE(ring.is_null()) << "the focus ring is drawn during the load";
  ImGui::GetIO().KeyMap[ImGuiKey_Space] = ' ';  // GLFW's key code, as web/main.cc maps it
  ui.Key(' ', draw);
  ui.Draw(draw);
  EXPECT_FALSE(app.loading()) << "Space pressed Cancel loading";
  EXPECT_EQ(State(app)["model"]["id"], "orders");
}

TEST(AppKeysTest, TheHelpListsEveryShortcutTheKeysHandle) {
  std::string all;
  for (const Shortcut& s : KeyboardShortcuts()) all += std::string(s.keys) + "|";
  for (const char* keys : {"Ctrl+Enter", "Ctrl+Z", "Ctrl+Shift+Z or Ctrl+Y", "J, K", "N, P",
                           "Tab, Shift+Tab", "?"}) {
    EXPECT_NE(all.find(keys), std::string::npos) << keys;
  }
}

}  // namespace
}  // namespace monotable::ui
