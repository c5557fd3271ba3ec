// The bill panel: "Estimate the bill" queues the estimate; the figures, prepared outside the draw,
// are the plan's (core/plan), with the seed's per-million figures exact.
#include "ui/bill_panel.h"

#include <gtest/gtest.h>

#include <variant>

#include "tests/ui/headless.h"

namespace monotable::ui {
namespace {

TEST(BillPanelTest, EstimateButtonQueuesTheEstimate) {
  testing::Headless ui;
  BillPanelState state;
  BillView view;
  Intents intents;
  auto draw = [&] { DrawBillPanel(&state, view, &intents); };
  ASSERT_TRUE(ui.Click("Estimate the bill", draw));
  ASSERT_EQ(intents.size(), 1u);
  EXPECT_TRUE(std::holds_alternative<intent::EstimateBill>(intents[0]));
}

TEST(BillPanelTest, OrdersBillAtTheModelsRates) {
  Model m;
  ASSERT_TRUE(ParseModel(BuiltinModel("orders"), &m).ok());
  BillView view;
  EstimateBill(m, &view);
  ASSERT_TRUE(view.error.empty()) << view.error;
  ASSERT_EQ(view.patterns.size(), m.access_patterns.size());
  EXPECT_EQ(view.patterns[0].id, "customer-profile");
  EXPECT_EQ(view.patterns[0].rate, "40/s (peak 40)");
  // 0.5 RRU x $0.125 per million; 0.5 x 40/s x 2,628,000 s = 52,560,000 RRU = $6.57 a month.
  EXPECT_EQ(view.patterns[0].per_million, "$0.0625");
  EXPECT_EQ(view.patterns[0].per_month, "$6.57");
  ASSERT_EQ(view.resources.size(), 5u);  // the table and its four GSIs
  EXPECT_EQ(view.resources[0].name, "Orders");
  EXPECT_EQ(view.resources[1].name, "Orders/GSI1");
  EXPECT_EQ(view.resources[0].partitions, "1");
  EXPECT_EQ(view.resources[0].throttled, "0");
  // $103 since the status indexes (ByStatusConcat, ByStatusMulti): each order write also writes
  // them, and pack-order and ship-order move both entries (2 writes each).
  EXPECT_EQ(view.on_demand_total.rfind("On-demand: $103 a month", 0), 0u) << view.on_demand_total;
  EXPECT_TRUE(view.hot_keys.empty());

  testing::Headless ui;
  BillPanelState state;
  Intents intents;
  ui.Draw([&] { DrawBillPanel(&state, view, &intents); });
  EXPECT_TRUE(intents.empty());
}

TEST(BillPanelTest, AModelThatDoesNotLoadIsAnErrorNotACrash) {
  Model m;
  ASSERT_TRUE(ParseModel(BuiltinModel("orders"), &m).ok());
  m.tables[0].items[3].erase("PK");
  BillView view;
  EstimateBill(m, &view);
  EXPECT_EQ(view.error.rfind("ValidationException: BatchWriteItem Orders", 0), 0u) << view.error;
  EXPECT_TRUE(view.patterns.empty());
}

}  // namespace
}  // namespace monotable::ui
