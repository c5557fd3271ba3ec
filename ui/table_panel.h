// Table panel: the base table and each index as item collections. Partitions in view order, items
// by sort key, attributes in columns, a size bar per item (1 KB and 4 KB lines), entity colours by
// key prefix, and the last request's effects as row colours (ghost rows for deleted items and
// entries that left an index). Virtualised with ImGuiListClipper: 100k rows stay smooth, and only
// the rows drawn are formatted (TablesView::cell_source), a few screens of them kept.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "ui/views.h"

namespace monotable::ui {

struct TablePanelState {
  int selected = 0;  // collection shown (index into TablesView::collections)
  bool only_marked = false;
  uint64_t seen_effects_serial = 0;
  int scroll_to_row = -1;  // pending scroll (row index), applied inside the table
  int select_next_frame = -1;
  // Cache of the rows shown when only_marked (rebuilt when the collection or effects change).
  std::vector<int> order;
  int order_collection = -1;
  uint64_t order_serial = 0;
  size_t order_rows = 0;
  // Rows (indexes into the collection's rows) drawn first and last in the last frame (-1: none):
  // only these, and those between, were formatted.
  int first_drawn_row = -1;
  int last_drawn_row = -1;
};

// Draws into the current window. Tabs are tracked as "Tab##<table>/<index>".
void DrawTablePanel(TablePanelState* state, const TablesView& view, Intents* intents);

}  // namespace monotable::ui
