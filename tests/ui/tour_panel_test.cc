// The tour: step through, run a step.
#include "ui/tour_panel.h"

#include <gtest/gtest.h>

#include <variant>

#include "tests/ui/headless.h"

namespace monotable::ui {
namespace {

TourView TwoSteps() {
  TourView view;
  view.model_name = "Orders";
  view.steps = {
      {"The matrix", "Every access pattern is one request.", "", "patterns"},
      {"Sparse index", "Only open orders are in GSI2.", "Query: Open orders", "index:Orders/GSI2"}};
  return view;
}

TEST(TourPanelTest, NextThenRunThisStep) {
  testing::Headless ui;
  TourPanelState state;
  TourView view = TwoSteps();
  Intents intents;
  auto draw = [&] { DrawTourPanel(&state, view, &intents); };
  ASSERT_TRUE(ui.Click("Next", draw));
  EXPECT_EQ(state.step, 1);
  EXPECT_TRUE(intents.empty());
  ASSERT_TRUE(ui.Click("Run this step", draw));
  ASSERT_EQ(intents.size(), 1u);
  const auto* run = std::get_if<intent::RunTourStep>(&intents[0]);
  ASSERT_NE(run, nullptr);
  EXPECT_EQ(run->step, 1);
}

TEST(TourPanelTest, LookAtInWords) {
  EXPECT_EQ(DescribeLookAt("index:Orders/GSI2"), "the GSI2 tab of Orders");
  EXPECT_EQ(DescribeLookAt("cost"), "the Cost panel");
}

}  // namespace
}  // namespace monotable::ui
