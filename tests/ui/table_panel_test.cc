// The table view: item collections, index tabs, effects focus, and virtualised rows.
#include "ui/table_panel.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <variant>

#include "monotable/engine.h"
#include "monotable/model.h"
#include "tests/ui/headless.h"
#include "ui/view_model.h"

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

// Issue 15 ("Memory and speed on a phone"): the items view formats only the rows on screen. At
// 100k items (Orders, scaled) the view holds each row's stored item and no text; drawing formats
// the rows the clipper shows, drawing them again formats none (the cache), a write's refresh
// formats none, and scrolling to the end shows the last item, then back to the top formats
// nothing again. (Before, building the view formatted and held all 100k rows of the table.)
TEST(TablePanelTest, OnlyTheRowsOnScreenAreFormatted) {
  Engine engine;
  GenerateOptions options;
  options.target_items = 100000;
  Model model;
  ASSERT_TRUE(LoadExample("orders", options, &engine, &model).ok());
  uint64_t mark = FormattedRowCount();
  auto formatted = [&] {
    const uint64_t now = FormattedRowCount();
    const uint64_t since = now - mark;
    mark = now;
    return since;
  };
  TablesView view = BuildTablesView(engine, nullptr, nullptr);
  EXPECT_EQ(formatted(), 0u);  // building formats nothing
  ASSERT_FALSE(view.collections.empty());
  const CollectionView& table = view.collections.front();
  ASSERT_EQ(table.index, "");
  ASSERT_GE(table.rows.size(), 100000u);
  size_t holding_text = 0;
  for (const RowView& row : table.rows) holding_text += row.cells.empty() ? 0 : 1;
  EXPECT_EQ(holding_text, 0u);
  // The columns are what formatting every row found: the keys first.
  ASSERT_GE(table.columns.size(), 2u);
  EXPECT_EQ(table.columns[0], "PK");
  EXPECT_EQ(table.columns[1], "SK");

  testing::Headless ui;
  TablePanelState state;
  Intents intents;
  auto draw = [&] { DrawTablePanel(&state, view, &intents); };
  // The rows drawn in each of two frames (the first, before the layout settles, may hold one more).
  int on_screen = 0;
  for (int frame = 0; frame < 2; ++frame) {
    ui.Draw(draw);
    ASSERT_EQ(state.first_drawn_row, 0);
    on_screen = std::max(on_screen, state.last_drawn_row - state.first_drawn_row + 1);
  }
  EXPECT_GT(on_screen, 5);
  EXPECT_LT(on_screen, 100);  // 800 pixels of rows
  const uint64_t first_screen = formatted();
  EXPECT_GT(first_screen, 0u);
  EXPECT_LE(first_screen, static_cast<uint64_t>(on_screen));
  ui.Draw(draw);
  EXPECT_EQ(formatted(), 0u);  // the same rows again: cached

  // A write's refresh formats nothing either; the rows it moved over stay cached.
  const Result put = engine.Execute(
      "PutItem", R"({"TableName":"Orders","Item":{"PK":{"S":"C#zzz"},"SK":{"S":"NOTE#1"}}})");
  ASSERT_TRUE(put.status.ok()) << put.body;
  TablesView refreshed = BuildTablesView(engine, &put.effects, &view);
  view = std::move(refreshed);
  EXPECT_EQ(formatted(), 0u);
  ui.Draw(draw);
  EXPECT_EQ(formatted(), 0u);  // the top rows are unchanged items

  // Scrolling to the end shows the last item, formatting about a screen of rows.
  const CollectionView& now = view.collections.front();
  const int last = static_cast<int>(now.rows.size()) - 1;
  state.scroll_to_row = last;
  ui.Draw(draw);
  ui.Draw(draw);
  EXPECT_EQ(state.last_drawn_row, last);
  EXPECT_LE(formatted(), static_cast<uint64_t>(on_screen + 2));
  std::string pk, sk;
  engine.ForEachItem("Orders", "", [&](const Item& item, size_t) {
    pk = item.at("PK").s();
    sk = item.at("SK").s();
  });
  const RowCells& shown = view.cell_source->Cells(now, now.rows.back());
  EXPECT_EQ(formatted(), 0u);  // it was drawn: cached
  EXPECT_EQ(shown[0], pk);
  EXPECT_EQ(shown[1], sk);
  // And back to the top: still cached.
  state.scroll_to_row = 0;
  ui.Draw(draw);
  ui.Draw(draw);
  EXPECT_EQ(state.first_drawn_row, 0);
  EXPECT_EQ(formatted(), 0u);
}

}  // namespace
}  // namespace monotable::ui
