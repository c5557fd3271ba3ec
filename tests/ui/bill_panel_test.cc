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
  EstimateBill(m, BillWhatIf{}, &view);
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

// The seed's point as a slider: Orders' 4.0 KB order plus 100 bytes crosses 4 KB, so its read
// costs twice (0.5 -> 1 RRU eventually consistent), and the bill updates; traffic x2 doubles
// every pattern's month.
TEST(BillPanelTest, WhatIfSlidersChangeTheBill) {
  Model m;
  ASSERT_TRUE(ParseModel(BuiltinModel("orders"), &m).ok());
  BillView base, padded, doubled;
  EstimateBill(m, BillWhatIf{}, &base);
  EstimateBill(m, BillWhatIf{1, 100}, &padded);
  EstimateBill(m, BillWhatIf{2, 0}, &doubled);
  auto row = [](const BillView& v, const std::string& id) {
    for (const BillView::PatternRow& r : v.patterns) {
      if (r.id == id) return r;
    }
    ADD_FAILURE() << id;
    return BillView::PatternRow{};
  };
  EXPECT_EQ(row(base, "read-4-0-kb-order").per_million, "$0.0625");
  EXPECT_EQ(row(padded, "read-4-0-kb-order").per_million, "$0.125");
  EXPECT_EQ(padded.what_if, "what if: traffic x1, +100 bytes on every item");
  EXPECT_EQ(row(base, "customer-profile").per_month, "$6.57");
  EXPECT_EQ(row(doubled, "customer-profile").per_month, "$13.14");
  // Each Query beside its full-table Scan.
  ASSERT_FALSE(base.scans.empty());
  EXPECT_EQ(base.scans[0].id, "recent-orders");
  EXPECT_EQ(base.scans[0].scan_pages, "1 page");
}

// The partition picture: one per table and GSI, a row per partition and a column per second; at
// 3,000 orders a second GSI2's OPEN partition is over the limit and the rewrite is listed.
TEST(BillPanelTest, PartitionPictureShowsKeysHeatAndTheShardedRewrite) {
  Model m;
  ASSERT_TRUE(ParseModel(BuiltinModel("orders"), &m).ok());
  for (AccessPattern& p : m.access_patterns) {
    if (p.id == "place-order") p.requests_per_second = p.peak_requests_per_second = 3000;
  }
  BillView view;
  EstimateBill(m, BillWhatIf{}, &view);
  ASSERT_TRUE(view.error.empty()) << view.error;
  ASSERT_EQ(view.pictures.size(), 5u);  // the table and its four GSIs
  const BillView::Picture* gsi2 = nullptr;
  for (const BillView::Picture& p : view.pictures) {
    if (p.name == "Orders/GSI2") gsi2 = &p;
  }
  ASSERT_NE(gsi2, nullptr);
  EXPECT_EQ(gsi2->columns, 120);  // a minute at the average rates, a minute at the peak
  EXPECT_EQ(gsi2->peak_from, 60);
  EXPECT_EQ(gsi2->utilisation.size(), static_cast<size_t>(gsi2->rows * gsi2->columns));
  EXPECT_GE(gsi2->throttled_cells, 120);  // OPEN's partition, every second
  EXPECT_EQ(gsi2->hot_key, "GSI2PK = OPEN");
  bool open_listed = false, shards_listed = false;
  for (const std::string& k : gsi2->row_keys) open_listed |= k.find("OPEN") != std::string::npos;
  for (const std::string& k : gsi2->shard_keys)
    shards_listed |= k.find("OPEN#0") != std::string::npos;
  EXPECT_TRUE(open_listed);
  EXPECT_TRUE(shards_listed);

  testing::Headless ui;
  BillPanelState state;
  Intents intents;
  ui.Draw([&] { DrawBillPanel(&state, view, &intents); });
  // The GSI2 picture drawn (its selector buttons lie below the headless window's fold).
  state.picture = static_cast<int>(gsi2 - view.pictures.data());
  ui.Draw([&] { DrawBillPanel(&state, view, &intents); });
  EXPECT_EQ(view.pictures[static_cast<size_t>(state.picture)].name, "Orders/GSI2");
  // Estimating again carries the sliders' values.
  state.traffic = 2;
  state.extra_item_bytes = 100;
  ASSERT_TRUE(ui.Click("Estimate the bill", [&] { DrawBillPanel(&state, view, &intents); }));
  ASSERT_FALSE(intents.empty());
  const auto* e = std::get_if<intent::EstimateBill>(&intents.back());
  ASSERT_NE(e, nullptr);
  EXPECT_EQ(e->traffic, 2);
  EXPECT_EQ(e->extra_item_bytes, 100);
}

TEST(BillPanelTest, AModelThatDoesNotLoadIsAnErrorNotACrash) {
  Model m;
  ASSERT_TRUE(ParseModel(BuiltinModel("orders"), &m).ok());
  m.tables[0].items[3].erase("PK");
  BillView view;
  EstimateBill(m, BillWhatIf{}, &view);
  EXPECT_EQ(view.error.rfind("ValidationException: BatchWriteItem Orders", 0), 0u) << view.error;
  EXPECT_TRUE(view.patterns.empty());
}

}  // namespace
}  // namespace monotable::ui
