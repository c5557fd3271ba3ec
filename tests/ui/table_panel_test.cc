// The table view: item collections, index tabs, effects focus, and virtualised rows.
#include "ui/table_panel.h"

#include <gtest/gtest.h>

#include <variant>

#include "tests/ui/headless.h"

namespace monotable::ui {
namespace {

TablesView Orders(int rows) {
  TablesView view;
  CollectionView table;
  table.table = "Orders";
  table.hash_key = "PK";
  table.range_key = "SK";
  table.columns = {"PK", "SK", "total"};
  for (int i = 0; i < rows; ++i) {
    RowView row;
    row.partition = "C#" + std::to_string(i / 4);
    row.cells = {row.partition, "O#" + std::to_string(i), std::to_string(i)};
    row.key_id = row.partition + "/" + row.cells[1];
    row.size_bytes = static_cast<uint32_t>(100 + i % 5000);
    row.partition_start = i % 4 == 0;
    table.rows.push_back(row);
  }
  table.item_count = static_cast<uint64_t>(rows);
  CollectionView gsi2;
  gsi2.table = "Orders";
  gsi2.index = "GSI2";
  gsi2.hash_key = "GSI2PK";
  gsi2.range_key = "GSI2SK";
  gsi2.columns = {"GSI2PK", "GSI2SK", "PK", "SK"};
  view.collections = {table, gsi2};
  return view;
}

TEST(TablePanelTest, ClickingAnIndexTabSelectsIt) {
  testing::Headless ui;
  TablePanelState state;
  TablesView view = Orders(10);
  Intents intents;
  auto draw = [&] { DrawTablePanel(&state, view, &intents); };
  ASSERT_TRUE(ui.Click("Tab##Orders/GSI2", draw));
  EXPECT_EQ(state.selected, 1);
  ASSERT_FALSE(intents.empty());
  const auto* select = std::get_if<intent::SelectCollection>(&intents.back());
  ASSERT_NE(select, nullptr);
  EXPECT_EQ(select->table, "Orders");
  EXPECT_EQ(select->index, "GSI2");
}

TEST(TablePanelTest, NewEffectsBringTheAddressedCollectionToTheFront) {
  testing::Headless ui;
  TablePanelState state;
  TablesView view = Orders(10);
  view.collections[1].marked_rows = 1;
  view.collections[1].first_marked_row = 0;
  view.effects_serial = 7;
  view.focus_collection = 1;
  Intents intents;
  auto draw = [&] { DrawTablePanel(&state, view, &intents); };
  ui.Draw(draw);
  ui.Draw(draw);
  EXPECT_EQ(state.selected, 1);
}

TEST(TablePanelTest, AHundredThousandRowsDrawOnlyWhatIsVisible) {
  testing::Headless ui;
  TablePanelState state;
  TablesView view = Orders(100000);
  Intents intents;
  auto draw = [&] { DrawTablePanel(&state, view, &intents); };
  ui.Draw(draw);
  ui.Draw(draw);
  // A visible screen holds a few dozen rows: the clipper keeps the vertex count small.
  EXPECT_LT(ImGui::GetIO().MetricsRenderVertices, 60000);
}

}  // namespace
}  // namespace monotable::ui
