// Table panel (see table_panel.h).
#include "ui/table_panel.h"

#include <string>
#include <vector>

#include "imgui.h"
#include "monotable/limits.h"
#include "ui/theme.h"
#include "ui/widgets.h"

namespace monotable::ui {
namespace {

// "GSI2 (3)" when the last request touched 3 entries; the ID after ### stays stable.
std::string TabLabel(const CollectionView& c) {
  std::string text = c.index.empty() ? c.table : c.index;
  if (c.marked_rows > 0) text += " (" + std::to_string(c.marked_rows) + ")";
  return text + "###" + c.table + "/" + c.index;
}

void DrawCollectionInfo(const CollectionView& c) {
  const Palette& p = CurrentPalette();
  const std::string& keys = c.key_label;
  const char* partitions = c.partition_count == 1 ? "partition" : "partitions";
  if (c.index.empty()) {
    MutedText("%s items in %s %s, %s.  Key: %s", FormatCount(c.item_count).c_str(),
              FormatCount(c.partition_count).c_str(), partitions,
              FormatBytes(double(c.size_bytes)).c_str(), keys.c_str());
  } else {
    MutedText("%s %s: %s entries in %s %s, %s.  Key: %s, projection %s", c.global ? "GSI" : "LSI",
              c.index.c_str(), FormatCount(c.item_count).c_str(),
              FormatCount(c.partition_count).c_str(), partitions,
              FormatBytes(double(c.size_bytes)).c_str(), keys.c_str(), c.projection.c_str());
  }
  if (c.marked_rows > 0) {
    ImGui::SameLine();
    ImGui::TextColored(p.accent, " %d touched:", c.marked_rows);
    ImGui::SameLine(0, 12 * UiScale());
    MarkLegend(c.marks_present);
  }
}

// `order`: the rows to show, by index into c.rows; null shows every row. `cells` formats the rows
// drawn that hold no cells (null: every row holds its own).
void DrawRows(TablePanelState* state, const CollectionView& c, const std::vector<int>* order,
              RowCellSource* cells) {
  const int shown = order ? static_cast<int>(order->size()) : static_cast<int>(c.rows.size());
  const Palette& palette = CurrentPalette();
  const Fonts& fonts = CurrentFonts();
  const float scale = UiScale();
  const int ncolumns = static_cast<int>(c.columns.size());
  // Columns: mark dot, size bar, then the attributes (keys first).
  ImGuiTableFlags flags = ImGuiTableFlags_ScrollX | ImGuiTableFlags_ScrollY |
                          ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV |
                          ImGuiTableFlags_BordersOuterH | ImGuiTableFlags_Resizable |
                          ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_Hideable;
  if (!ImGui::BeginTable("##items", ncolumns + 2, flags)) return;
  ImGui::TableSetupScrollFreeze(4 < ncolumns + 2 ? 4 : ncolumns + 2, 1);
  ImGui::TableSetupColumn("##mark", ImGuiTableColumnFlags_NoResize, 10 * scale);
  ImGui::TableSetupColumn("size", ImGuiTableColumnFlags_None, 64 * scale);
  for (int col = 0; col < ncolumns; ++col) {
    float width = col < 2 ? 150 * scale : 110 * scale;
    ImGui::TableSetupColumn(c.columns[static_cast<size_t>(col)].c_str(), ImGuiTableColumnFlags_None,
                            width);
  }
  ImGui::TableHeadersRow();

  const float row_height = ImGui::GetTextLineHeight() + ImGui::GetStyle().CellPadding.y * 2;
  if (state->scroll_to_row >= 0) {
    int position = order ? -1 : state->scroll_to_row;
    for (size_t i = 0; order && i < order->size(); ++i) {
      if ((*order)[i] == state->scroll_to_row) position = static_cast<int>(i);
    }
    if (position >= 0) {
      float target = position * row_height - ImGui::GetWindowHeight() * 0.3f;
      ImGui::SetScrollY(target < 0 ? 0 : target);
    }
    state->scroll_to_row = -1;
  }
  const int key_columns = c.key_columns;
  ImGuiListClipper clipper;
  clipper.Begin(shown, row_height);
  state->first_drawn_row = -1;
  state->last_drawn_row = -1;
  while (clipper.Step()) {
    for (int n = clipper.DisplayStart; n < clipper.DisplayEnd; ++n) {
      const int index = order ? (*order)[static_cast<size_t>(n)] : n;
      const RowView& row = c.rows[static_cast<size_t>(index)];
      // Only the rows the clipper shows are formatted.
      const RowCells& row_cells = row.cells.empty() && cells ? cells->Cells(c, row) : row.cells;
      if (state->first_drawn_row < 0) state->first_drawn_row = index;
      state->last_drawn_row = index;
      ImGui::TableNextRow(ImGuiTableRowFlags_None, row_height);
      bool ghost = row.mark == Mark::kDeleted || row.mark == Mark::kIndexRemoved;
      if (row.band) {
        ImGui::TableSetBgColor(ImGuiTableBgTarget_RowBg0,
                               ImGui::GetColorU32(ImGuiCol_TableRowBgAlt, 1.6f));
      }
      if (row.mark != Mark::kNone) {
        ImGui::TableSetBgColor(ImGuiTableBgTarget_RowBg1,
                               palette.mark_fill[static_cast<int>(row.mark)]);
      }
      // Mark dot (and the reason as a tooltip).
      ImGui::TableSetColumnIndex(0);
      if (row.mark != Mark::kNone) {
        ImVec2 pos = ImGui::GetCursorScreenPos();
        float radius = 3.5f * scale;
        ImGui::GetWindowDrawList()->AddCircleFilled(
            ImVec2(pos.x + radius, pos.y + ImGui::GetTextLineHeight() / 2), radius,
            palette.mark_text[static_cast<int>(row.mark)]);
      }
      ImGui::TableSetColumnIndex(1);
      SizeBar(row.size_bytes, 56 * scale, 6 * scale);
      if (ImGui::IsItemHovered()) {
        ImGui::BeginTooltip();
        ImGui::Text("%u bytes", row.size_bytes);
        MutedText("Reading it: %s RRU strongly consistent, %s eventually consistent",
                  FormatUnits(limits::ReadUnits(row.size_bytes, true)).c_str(),
                  FormatUnits(limits::ReadUnits(row.size_bytes, false)).c_str());
        MutedText("Writing it: %s WRU (per 1 KB)",
                  FormatUnits(limits::WriteUnits(row.size_bytes)).c_str());
        if (row.mark != Mark::kNone) {
          ImGui::Separator();
          ImGui::TextColored(
              ImGui::ColorConvertU32ToFloat4(palette.mark_text[static_cast<int>(row.mark)]),
              "Last request: %s", MarkName(row.mark));
          if (!row.reason.empty()) ImGui::TextUnformatted(row.reason.c_str());
        }
        ImGui::EndTooltip();
      }
      if (fonts.mono) ImGui::PushFont(fonts.mono);
      for (int col = 0; col < ncolumns && col < static_cast<int>(row_cells.size()); ++col) {
        if (!ImGui::TableSetColumnIndex(col + 2)) continue;
        const std::string_view text = row_cells.view(static_cast<size_t>(col));
        // The partition key (every attribute of a multi-attribute one) is shown once per
        // collection.
        if (col < c.hash_columns && !row.partition_start) continue;
        if (text.empty()) continue;
        ImVec4 color = ImGui::GetStyleColorVec4(ImGuiCol_Text);
        if (ghost) {
          color = palette.muted;
        } else if (col < key_columns) {
          color = ImGui::ColorConvertU32ToFloat4(palette.entity[row.entity % 8]);
        }
        ImGui::PushStyleColor(ImGuiCol_Text, color);
        ImGui::TextUnformatted(text.data(), text.data() + text.size());
        ImGui::PopStyleColor();
        if (ghost) {
          ImVec2 a = ImGui::GetItemRectMin();
          ImVec2 b = ImGui::GetItemRectMax();
          float y = (a.y + b.y) / 2;
          ImGui::GetWindowDrawList()->AddLine(ImVec2(a.x, y), ImVec2(b.x, y),
                                              ImGui::GetColorU32(palette.muted));
        }
        if (row.mark != Mark::kNone && col < key_columns && ImGui::IsItemHovered() &&
            !row.reason.empty()) {
          ImGui::SetTooltip("%s: %s", MarkName(row.mark), row.reason.c_str());
        }
      }
      if (fonts.mono) ImGui::PopFont();
    }
  }
  ImGui::EndTable();
}

}  // namespace

void DrawTablePanel(TablePanelState* state, const TablesView& view, Intents* intents) {
  const Palette& palette = CurrentPalette();
  if (view.collections.empty()) {
    Heading("Table");
    MutedText("Pick a model to see its tables and indexes.");
    return;
  }
  if (state->selected >= static_cast<int>(view.collections.size())) state->selected = 0;
  if (view.effects_serial != state->seen_effects_serial) {
    state->seen_effects_serial = view.effects_serial;
    int focus = view.focus_collection;
    if (focus < 0 || focus >= static_cast<int>(view.collections.size())) focus = state->selected;
    // Prefer the collection the request addressed; otherwise any with touched rows.
    if (view.collections[static_cast<size_t>(focus)].marked_rows == 0) {
      for (size_t i = 0; i < view.collections.size(); ++i) {
        if (view.collections[i].marked_rows > 0) {
          focus = static_cast<int>(i);
          break;
        }
      }
    }
    state->select_next_frame = focus;
    state->scroll_to_row = view.collections[static_cast<size_t>(focus)].first_marked_row;
  }

  // Header: title, entity legend, mark legend.
  Heading("Items");
  ImGui::SameLine();
  TrackedCheckbox("Only touched", &state->only_marked);
  ImGui::SameLine();
  for (size_t i = 0; i < view.entity_prefixes.size() && i < 8; ++i) {
    ImGui::SameLine(0, 4 * UiScale());
    Chip(view.entity_prefixes[i].c_str(), palette.entity[i % 8]);
  }

  if (!ImGui::BeginTabBar("##collections", ImGuiTabBarFlags_FittingPolicyScroll)) return;
  for (size_t i = 0; i < view.collections.size(); ++i) {
    const CollectionView& c = view.collections[i];
    std::string label = TabLabel(c);
    ImGuiTabItemFlags tab_flags = ImGuiTabItemFlags_None;
    if (state->select_next_frame == static_cast<int>(i)) tab_flags |= ImGuiTabItemFlags_SetSelected;
    bool open = ImGui::BeginTabItem(label.c_str(), nullptr, tab_flags);
    TrackItem("Tab##" + c.table + "/" + c.index);
    if (ImGui::IsItemHovered() && !c.index.empty()) {
      ImGui::SetTooltip("%s on %s: key %s, projection %s", c.global ? "GSI" : "LSI",
                        c.table.c_str(), c.key_label.c_str(), c.projection.c_str());
    }
    if (!open) continue;
    if (state->selected != static_cast<int>(i)) {
      state->selected = static_cast<int>(i);
      intents->push_back(intent::SelectCollection{c.table, c.index});
    }
    DrawCollectionInfo(c);
    // The filtered order is rebuilt only when the filter, the collection or the effects change.
    if (state->only_marked &&
        (state->order_collection != static_cast<int>(i) ||
         state->order_serial != view.effects_serial || state->order_rows != c.rows.size())) {
      state->order.clear();
      for (size_t r = 0; r < c.rows.size(); ++r) {
        if (c.rows[r].mark != Mark::kNone) state->order.push_back(static_cast<int>(r));
      }
      state->order_collection = static_cast<int>(i);
      state->order_serial = view.effects_serial;
      state->order_rows = c.rows.size();
    }
    if (c.truncated) {
      ImGui::TextColored(palette.warning, "Showing the first %s rows.",
                         FormatCount(c.rows.size()).c_str());
    }
    DrawRows(state, c, state->only_marked ? &state->order : nullptr, view.cell_source.get());
    ImGui::EndTabItem();
  }
  state->select_next_frame = -1;
  ImGui::EndTabBar();
}

}  // namespace monotable::ui
