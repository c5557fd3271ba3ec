// The access-pattern matrix: one click runs a row, "Run all" runs them all.
#include "ui/patterns_panel.h"

#include <gtest/gtest.h>

#include <variant>

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
  const auto* run = std::get_if<intent::RunPattern>(&intents[0]);
  ASSERT_NE(run, nullptr);
  EXPECT_EQ(run->row, 1);
}

TEST(PatternsPanelTest, RunAllQueuesRunAll) {
  testing::Headless ui;
  PatternsPanelState state;
  PatternsView view = TwoPatterns();
  Intents intents;
  auto draw = [&] { DrawPatternsPanel(&state, view, &intents); };
  ASSERT_TRUE(ui.Click("Run all", draw));
  ASSERT_EQ(intents.size(), 1u);
  EXPECT_TRUE(std::holds_alternative<intent::RunAll>(intents[0]));
}

TEST(PatternsPanelTest, ClickingAPatternNameOpensItInTheBuilder) {
  testing::Headless ui;
  PatternsPanelState state;
  PatternsView view = TwoPatterns();
  Intents intents;
  auto draw = [&] { DrawPatternsPanel(&state, view, &intents); };
  ASSERT_TRUE(ui.Click("Pattern##customer-profile", draw));
  ASSERT_EQ(intents.size(), 1u);
  const auto* edit = std::get_if<intent::EditPattern>(&intents[0]);
  ASSERT_NE(edit, nullptr);
  EXPECT_EQ(edit->row, 0);
}

// A second "Run all" on Orders: place-order's attribute_not_exists and pack-order's
// `#status = :placed` now fail (the first run placed, packed and shipped the order). The panel
// says why instead of only adding their (billed) cost.
TEST(PatternsPanelTest, RunAllExplainsWritesThatFailOnARerun) {
  std::string text = RunAllFailure(
      "pack-order", Status(ErrorCode::kConditionalCheckFailed, "The conditional request failed"));
  EXPECT_EQ(text.rfind("pack-order: ConditionalCheckFailedException: The conditional request "
                       "failed (its condition no longer holds: an earlier run already made "
                       "this change",
                       0),
            0u)
      << text;
  EXPECT_NE(text.find("Reset the model"), std::string::npos);
  EXPECT_NE(RunAllFailure("place-order", Status(ErrorCode::kTransactionCanceled, "x"))
                .find("no longer holds"),
            std::string::npos);
  // Other errors are shown as they are.
  EXPECT_EQ(RunAllFailure("q", Status::Validation("bad")), "q: ValidationException: bad");

  testing::Headless ui;
  PatternsPanelState state;
  PatternsView view = TwoPatterns();
  view.ran_all = true;
  view.all_dollars = 0.0000055;
  view.all_dollars_per_million = 5.5;
  view.all_dollars_per_month = 69.15;
  view.all_failed = {text};
  Intents intents;
  ui.Draw([&] { DrawPatternsPanel(&state, view, &intents); });
  EXPECT_TRUE(intents.empty());
}

}  // namespace
}  // namespace monotable::ui
