// The cost panel's figures (its unit rounding is monotable/limits.h, tested in core).
#include "ui/cost_panel.h"

#include <gtest/gtest.h>

#include "tests/ui/headless.h"
#include "ui/widgets.h"

namespace monotable::ui {
namespace {

// The per-million headline keeps the seed's figures exact: the 4.0 KB read is $0.0625 per million
// (0.5 RRU x $0.125), the 4.1 KB read $0.125, the 1.1 KB write $1.25 (2 WRU x $0.625), not $0.06
// and $0.12 (issue 17).
TEST(CostPanelTest, PerMillionHeadlineKeepsSignificantDigits) {
  EXPECT_EQ(FormatDollars(0.0625), "$0.0625");
  EXPECT_EQ(FormatDollars(0.125), "$0.125");
  EXPECT_EQ(FormatDollars(1.25), "$1.25");
  EXPECT_EQ(FormatDollars(2.5), "$2.50");
  EXPECT_EQ(FormatDollars(0.5), "$0.50");
  EXPECT_EQ(FormatDollars(12.3456), "$12.35");
  EXPECT_EQ(FormatDollars(150), "$150");
  EXPECT_EQ(FormatDollars(0.0000055), "$0.0000055");
}

TEST(CostPanelTest, DrawsACostWithoutQueueingAnything) {
  testing::Headless ui;
  CostPanelState state;
  CostView view;
  view.has_cost = true;
  view.operation = "Query";
  view.read_units = 0.5;
  view.lines = {{"Orders / GSI2 (GSI)", 0.5, 0, "3 items, 2,310 bytes, 1 RRU x0.5 = 0.5"}};
  view.read_modes = {true, 0.5, 1, 2};
  view.item_sizes = {800, 4200};
  Intents intents;
  ui.Draw([&] { DrawCostPanel(&state, view, &intents); });
  EXPECT_TRUE(intents.empty());
}

}  // namespace
}  // namespace monotable::ui
