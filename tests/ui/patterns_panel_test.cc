// The access-pattern matrix: one click runs a row, "Run all" runs them all.
#include "ui/patterns_panel.h"

#include <gtest/gtest.h>

#include "tests/ui/headless.h"

namespace monotable::ui {
namespace {

PatternsView TwoPatterns() {
  PatternsView view;
  PatternRow a;
  a.id = "customer-profile";
  a.name = "Customer profile";
  a.operation = "GetItem";
  a.key_condition = "PK = C#c001, SK = PROFILE";
  PatternRow b;
  b.id = "open-orders";
  b.name = "Open orders, oldest first";
  b.operation = "Query";
  b.index = "GSI2";
  b.key_condition = "GSI2PK = OPEN";
  view.rows = {a, b};
  return view;
}

TEST(PatternsPanelTest, RunButtonOfARowQueuesThatPattern) {
  testing::Headless ui;
  PatternsPanelState state;
  PatternsView view = TwoPatterns();
  Intents intents;
  auto draw = [&] { DrawPatternsPanel(&state, view, &intents); };
  ASSERT_TRUE(ui.Click("Run##open-orders", draw));
  ASSERT_EQ(intents.size(), 1u);
  EXPECT_EQ(intents[0].kind, IntentKind::kRunPattern);
  EXPECT_EQ(intents[0].index, 1);
}

TEST(PatternsPanelTest, RunAllQueuesRunAll) {
  testing::Headless ui;
  PatternsPanelState state;
  PatternsView view = TwoPatterns();
  Intents intents;
  auto draw = [&] { DrawPatternsPanel(&state, view, &intents); };
  ASSERT_TRUE(ui.Click("Run all", draw));
  ASSERT_EQ(intents.size(), 1u);
  EXPECT_EQ(intents[0].kind, IntentKind::kRunAll);
}

TEST(PatternsPanelTest, ClickingAPatternNameOpensItInTheBuilder) {
  testing::Headless ui;
  PatternsPanelState state;
  PatternsView view = TwoPatterns();
  Intents intents;
  auto draw = [&] { DrawPatternsPanel(&state, view, &intents); };
  ASSERT_TRUE(ui.Click("Pattern##customer-profile", draw));
  ASSERT_EQ(intents.size(), 1u);
  EXPECT_EQ(intents[0].kind, IntentKind::kEditPattern);
  EXPECT_EQ(intents[0].index, 0);
}

}  // namespace
}  // namespace monotable::ui
