// History: re-run any request, undo back to any point.
#include "ui/history_panel.h"

#include <gtest/gtest.h>

#include <variant>

#include "tests/ui/headless.h"

namespace monotable::ui {
namespace {

HistoryView ThreeRequests() {
  HistoryView view;
  view.entries = {{"Query", "Open orders", true, 0.5, 0, 0, false},
                  {"UpdateItem", "Ship an order", true, 0, 2, 0, true},
                  {"Query", "Open orders", true, 0.5, 0, 0, false}};
  view.current = 2;
  return view;
}

TEST(HistoryPanelTest, UndoToAnEarlierRequest) {
  testing::Headless ui;
  HistoryPanelState state;
  HistoryView view = ThreeRequests();
  Intents intents;
  auto draw = [&] { DrawHistoryPanel(&state, view, &intents); };
  ASSERT_TRUE(ui.Click("Undo to##1", draw));
  ASSERT_EQ(intents.size(), 1u);
  const auto* undo = std::get_if<intent::UndoTo>(&intents[0]);
  ASSERT_NE(undo, nullptr);
  EXPECT_EQ(undo->history_entry, 0);
}

TEST(HistoryPanelTest, UndoToTheLoadedModel) {
  testing::Headless ui;
  HistoryPanelState state;
  HistoryView view = ThreeRequests();
  Intents intents;
  auto draw = [&] { DrawHistoryPanel(&state, view, &intents); };
  ASSERT_TRUE(ui.Click("Undo to##start", draw));
  ASSERT_EQ(intents.size(), 1u);
  const auto* undo = std::get_if<intent::UndoTo>(&intents[0]);
  ASSERT_NE(undo, nullptr);
  EXPECT_EQ(undo->history_entry, -1);
}

TEST(HistoryPanelTest, RerunARequest) {
  testing::Headless ui;
  HistoryPanelState state;
  HistoryView view = ThreeRequests();
  Intents intents;
  auto draw = [&] { DrawHistoryPanel(&state, view, &intents); };
  ASSERT_TRUE(ui.Click("Re-run##2", draw));
  ASSERT_EQ(intents.size(), 1u);
  const auto* rerun = std::get_if<intent::Rerun>(&intents[0]);
  ASSERT_NE(rerun, nullptr);
  EXPECT_EQ(rerun->history_entry, 1);
}

}  // namespace
}  // namespace monotable::ui
