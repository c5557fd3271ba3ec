// Access patterns panel (see patterns_panel.h).
#include "ui/patterns_panel.h"

#include <string>

#include "imgui.h"
#include "ui/theme.h"
#include "ui/widgets.h"

namespace monotable::ui {

void DrawPatternsPanel(PatternsPanelState* state, const PatternsView& view, Intents* intents) {
  const Palette& palette = CurrentPalette();
  const Fonts& fonts = CurrentFonts();
  Heading("Access patterns", view.rows.empty() ? "no model loaded" : nullptr);
  if (!view.rows.empty()) {
    ImGui::SameLine();
    float button_width = ImGui::CalcTextSize("Run all").x + ImGui::GetStyle().FramePadding.x * 2;
    ImGui::SetCursorPosX(ImGui::GetWindowContentRegionMax().x - button_width);
    if (TrackedButton("Run all")) intents->push_back(Intent{IntentKind::kRunAll});
    if (view.ran_all) {
      MutedText("All %zu patterns: %s RRU, %s WRU, %s", view.rows.size(),
                FormatUnits(view.all_read_units).c_str(), FormatUnits(view.all_write_units).c_str(),
                FormatDollars(view.all_dollars).c_str());
    }
  }
  ImGuiTableFlags flags = ImGuiTableFlags_ScrollY | ImGuiTableFlags_RowBg |
                          ImGuiTableFlags_BordersInnerH | ImGuiTableFlags_SizingFixedFit |
                          ImGuiTableFlags_Resizable;
  if (!ImGui::BeginTable("##patterns", 6, flags)) return;
  ImGui::TableSetupScrollFreeze(0, 1);
  ImGui::TableSetupColumn("", ImGuiTableColumnFlags_NoResize);
  ImGui::TableSetupColumn("Pattern", ImGuiTableColumnFlags_WidthStretch, 1.4f);
  ImGui::TableSetupColumn("Operation");
  ImGui::TableSetupColumn("Key condition", ImGuiTableColumnFlags_WidthStretch, 1.6f);
  ImGui::TableSetupColumn("Index");
  ImGui::TableSetupColumn("Last run");
  ImGui::TableHeadersRow();
  state->hovered_row = -1;
  for (int i = 0; i < static_cast<int>(view.rows.size()); ++i) {
    const PatternRow& row = view.rows[static_cast<size_t>(i)];
    ImGui::PushID(i);
    ImGui::TableNextRow();
    ImGui::TableSetColumnIndex(0);
    std::string run_label = "Run##" + row.id;
    if (TrackedSmallButton(run_label.c_str())) {
      intents->push_back(Intent{IntentKind::kRunPattern, i});
    }
    ImGui::TableSetColumnIndex(1);
    if (ImGui::Selectable(row.name.c_str(), false, ImGuiSelectableFlags_None)) {
      intents->push_back(Intent{IntentKind::kEditPattern, i});
    }
    TrackItem("Pattern##" + row.id);
    if (ImGui::IsItemHovered()) {
      state->hovered_row = i;
      ImGui::BeginTooltip();
      ImGui::PushTextWrapPos(ImGui::GetFontSize() * 28);
      ImGui::TextUnformatted(row.description.c_str());
      ImGui::Spacing();
      MutedText("Click to open it in the request builder.");
      ImGui::PopTextWrapPos();
      ImGui::EndTooltip();
    }
    ImGui::TableSetColumnIndex(2);
    ImGui::TextColored(row.is_write ? palette.warning : palette.accent, "%s",
                       row.operation.c_str());
    ImGui::TableSetColumnIndex(3);
    if (fonts.mono) ImGui::PushFont(fonts.mono);
    ImGui::TextUnformatted(row.key_condition.c_str());
    if (fonts.mono) ImGui::PopFont();
    ImGui::TableSetColumnIndex(4);
    if (row.index.empty()) {
      MutedText("table");
    } else {
      ImGui::TextUnformatted(row.index.c_str());
    }
    ImGui::TableSetColumnIndex(5);
    if (!row.ran) {
      MutedText("-");
    } else if (!row.ok) {
      ImGui::TextColored(palette.error, "error");
    } else if (row.write_units > 0 && row.read_units == 0) {
      ImGui::Text("%s WRU", FormatUnits(row.write_units).c_str());
    } else if (row.write_units > 0) {
      ImGui::Text("%s RRU %s WRU", FormatUnits(row.read_units).c_str(),
                  FormatUnits(row.write_units).c_str());
    } else {
      ImGui::Text("%s RRU, %d item%s", FormatUnits(row.read_units).c_str(), row.returned,
                  row.returned == 1 ? "" : "s");
    }
    ImGui::PopID();
  }
  ImGui::EndTable();
}

}  // namespace monotable::ui
