// Bill panel (see bill_panel.h).
#include "ui/bill_panel.h"

#include <algorithm>

#include "imgui.h"
#include "ui/theme.h"
#include "ui/widgets.h"

namespace monotable::ui {

namespace {

// Cell colour for a utilisation: the accent's hue getting stronger up to the limit, the error
// colour above it.
ImU32 HeatColour(float u, const Palette& palette) {
  if (u > 1) return ImGui::GetColorU32(palette.error);
  ImVec4 c = palette.accent;
  c.w = 0.08f + 0.82f * std::clamp(u, 0.0f, 1.0f);
  return ImGui::GetColorU32(c);
}

// The partition picture: one row per partition (its keys beside it), one column per second of
// the load profile, coloured by utilisation; a second over the limit is red and crossed.
void DrawPicture(const BillView::Picture& pic, const Palette& palette) {
  MutedText(
      "%d partitions x %d seconds (the average rates, then the peak from second %d); "
      "%d partition-seconds over the limit",
      pic.rows, pic.columns, pic.peak_from, pic.throttled_cells);
  const float label_w =
      std::min(ImGui::GetContentRegionAvail().x * 0.35f, ImGui::GetFontSize() * 12);
  const float grid_w = std::max(40.0f, ImGui::GetContentRegionAvail().x - label_w - 8);
  const float cell_w = grid_w / static_cast<float>(std::max(1, pic.columns));
  const float cell_h = std::max(ImGui::GetTextLineHeight(), 6.0f);
  ImDrawList* draw = ImGui::GetWindowDrawList();
  const int shown = std::min(pic.rows, 32);
  for (int r = 0; r < shown; ++r) {
    ImGui::PushID(r);
    const std::string& keys = pic.row_keys[static_cast<size_t>(r)];
    ImGui::Text("p%d", r);
    ImGui::SameLine();
    ImVec2 text_at = ImGui::GetCursorScreenPos();
    ImGui::PushClipRect(text_at, ImVec2(text_at.x + label_w - 28, text_at.y + cell_h), true);
    MutedText("%s", keys.c_str());
    ImGui::PopClipRect();
    ImGui::SameLine(label_w);
    ImVec2 at = ImGui::GetCursorScreenPos();
    for (int c = 0; c < pic.columns; ++c) {
      float u = pic.utilisation[static_cast<size_t>(r * pic.columns + c)];
      ImVec2 a(at.x + cell_w * static_cast<float>(c), at.y);
      ImVec2 b(a.x + std::max(1.0f, cell_w - 0.5f), at.y + cell_h - 1);
      draw->AddRectFilled(a, b, HeatColour(u, palette));
      if (u > 1 && cell_w >= 3) {
        draw->AddLine(a, b, ImGui::GetColorU32(ImGuiCol_Text));
      }
    }
    // The peak starts here.
    float x = at.x + cell_w * static_cast<float>(pic.peak_from);
    draw->AddLine(ImVec2(x, at.y), ImVec2(x, at.y + cell_h), ImGui::GetColorU32(palette.warning));
    ImGui::Dummy(ImVec2(grid_w, cell_h));
    if (!pic.shard_keys.empty() && !pic.shard_keys[static_cast<size_t>(r)].empty()) {
      ImGui::Indent(label_w);
      ImGui::PushStyleColor(ImGuiCol_Text, palette.ok);
      ImGui::TextWrapped("sharded: %s", pic.shard_keys[static_cast<size_t>(r)].c_str());
      ImGui::PopStyleColor();
      ImGui::Unindent(label_w);
    }
    ImGui::PopID();
  }
  if (pic.rows > shown) MutedText("... and %d more partitions", pic.rows - shown);
  if (!pic.hot_key.empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, palette.warning);
    ImGui::TextWrapped(
        "Hot key %s: one value lives on one partition. The write-sharding rewrite "
        "(green, beside each partition) spreads it over the partitions above.",
        pic.hot_key.c_str());
    ImGui::PopStyleColor();
  }
}

}  // namespace

void DrawBillPanel(BillPanelState* state, const BillView& view, Intents* intents) {
  const Palette& palette = CurrentPalette();
  Heading("Bill estimate", view.estimated ? nullptr : "at the patterns' request rates");
  auto estimate = [&] {
    intents->push_back(intent::EstimateBill{state->traffic, state->extra_item_bytes});
  };
  if (TrackedButton("Estimate the bill")) estimate();
  // What if: a multiplier on every pattern's rate, and bytes added to every item (the seed's
  // point: an item of 4.0 KB plus 100 bytes reads twice the units).
  ImGui::SetNextItemWidth(std::min(ImGui::GetContentRegionAvail().x, ImGui::GetFontSize() * 16));
  ImGui::SliderFloat("Traffic x", &state->traffic, 0.1f, 100.0f, "%.2f",
                     ImGuiSliderFlags_Logarithmic);
  TrackItem("Traffic x");
  if (ImGui::IsItemDeactivatedAfterEdit()) estimate();
  ImGui::SetNextItemWidth(std::min(ImGui::GetContentRegionAvail().x, ImGui::GetFontSize() * 16));
  ImGui::SliderInt("Bytes added to every item", &state->extra_item_bytes, 0, 8192, "%d B");
  TrackItem("Bytes added to every item");
  if (ImGui::IsItemDeactivatedAfterEdit()) estimate();
  if (!view.estimated) return;
  if (!view.error.empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, palette.error);
    ImGui::TextWrapped("%s", view.error.c_str());
    ImGui::PopStyleColor();
    return;
  }
  // The sentences wrap at the panel's edge (a phone's column, the desktop's side panel).
  ImGui::PushTextWrapPos(0);
  MutedText("%s", view.summary.c_str());
  if (!view.what_if.empty()) MutedText("%s", view.what_if.c_str());
  ImGui::TextWrapped("%s", view.on_demand_total.c_str());
  ImGui::TextWrapped("%s", view.provisioned_total.c_str());
  MutedText("%s", view.break_even.c_str());
  ImGui::PopTextWrapPos();
  // The tables keep their columns whole and scroll sideways where the panel is narrower (a drag
  // on a phone), the name column frozen at the left.
  ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerH |
                          ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_ScrollX;
  const ImGuiStyle& style = ImGui::GetStyle();
  auto table_size = [&](size_t rows) {
    const float row = ImGui::GetTextLineHeight() + style.CellPadding.y * 2;
    return ImVec2(0, row * static_cast<float>(rows + 1) + style.ScrollbarSize + style.CellPadding.y);
  };
  if (ImGui::BeginTable("##bill-patterns", 5, flags, table_size(view.patterns.size()))) {
    ImGui::TableSetupScrollFreeze(1, 0);
    ImGui::TableSetupColumn("Pattern");
    ImGui::TableSetupColumn("Rate");
    ImGui::TableSetupColumn("$/million");
    ImGui::TableSetupColumn("$/month");
    ImGui::TableSetupColumn("Throttled/s");
    ImGui::TableHeadersRow();
    for (const BillView::PatternRow& row : view.patterns) {
      ImGui::TableNextRow();
      const std::string* cells[] = {&row.id, &row.rate, &row.per_million, &row.per_month,
                                    &row.throttled};
      for (int c = 0; c < 5; ++c) {
        ImGui::TableSetColumnIndex(c);
        ImGui::TextUnformatted(cells[c]->c_str());
      }
    }
    ImGui::EndTable();
  }
  if (ImGui::BeginTable("##bill-tables", 7, flags, table_size(view.resources.size()))) {
    ImGui::TableSetupScrollFreeze(1, 0);
    ImGui::TableSetupColumn("Table / index");
    ImGui::TableSetupColumn("Storage");
    ImGui::TableSetupColumn("On-demand");
    ImGui::TableSetupColumn("Provisioned");
    ImGui::TableSetupColumn("Partitions");
    ImGui::TableSetupColumn("Peak");
    ImGui::TableSetupColumn("Throttled/s");
    ImGui::TableHeadersRow();
    for (const BillView::ResourceRow& row : view.resources) {
      ImGui::TableNextRow();
      const std::string* cells[] = {&row.name,       &row.storage, &row.on_demand, &row.provisioned,
                                    &row.partitions, &row.peak,    &row.throttled};
      for (int c = 0; c < 7; ++c) {
        ImGui::TableSetColumnIndex(c);
        ImGui::TextUnformatted(cells[c]->c_str());
      }
    }
    ImGui::EndTable();
  }
  for (const std::string& lint : view.hot_keys) {
    ImGui::PushStyleColor(ImGuiCol_Text, palette.warning);
    ImGui::TextWrapped("%s", lint.c_str());
    ImGui::PopStyleColor();
  }
  if (!view.scans.empty() &&
      ImGui::BeginTable("##bill-scans", 6, flags, table_size(view.scans.size()))) {
    ImGui::TableSetupScrollFreeze(1, 0);
    ImGui::TableSetupColumn("Query");
    ImGui::TableSetupColumn("Query cost");
    ImGui::TableSetupColumn("Full Scan");
    ImGui::TableSetupColumn("Scan cost");
    ImGui::TableSetupColumn("Query $/month");
    ImGui::TableSetupColumn("Scan $/month");
    ImGui::TableHeadersRow();
    for (const BillView::ScanRow& row : view.scans) {
      ImGui::TableNextRow();
      const std::string* cells[] = {&row.id,         &row.query_units, &row.scan_pages,
                                    &row.scan_units, &row.query_month, &row.scan_month};
      for (int c = 0; c < 6; ++c) {
        ImGui::TableSetColumnIndex(c);
        ImGui::TextUnformatted(cells[c]->c_str());
      }
    }
    ImGui::EndTable();
  }
  if (view.pictures.empty()) return;
  ImGui::Separator();
  Heading("Partitions", "which partition each key lands on, second by second");
  state->picture = std::clamp(state->picture, 0, static_cast<int>(view.pictures.size()) - 1);
  for (int i = 0; i < static_cast<int>(view.pictures.size()); ++i) {
    ImGui::PushID(i);
    const std::string label = view.pictures[static_cast<size_t>(i)].name;
    if (i > 0) FlowSameLine(ButtonWidth(label.c_str()));
    const bool selected = i == state->picture;
    if (selected) ImGui::PushStyleColor(ImGuiCol_Button, ImGui::GetColorU32(ImGuiCol_ButtonActive));
    if (TrackedSmallButton(label.c_str())) state->picture = i;
    if (selected) ImGui::PopStyleColor();
    ImGui::PopID();
  }
  DrawPicture(view.pictures[static_cast<size_t>(state->picture)], palette);
}

}  // namespace monotable::ui
