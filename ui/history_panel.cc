// History panel (see history_panel.h).
#include "ui/history_panel.h"

#include <string>

#include "imgui.h"
#include "ui/theme.h"
#include "ui/widgets.h"

namespace monotable::ui {

void DrawHistoryPanel(HistoryPanelState* state, const HistoryView& view, Intents* intents) {
  const Palette& palette = CurrentPalette();
  if (!ImGui::BeginTable("##history", 4,
                         ImGuiTableFlags_ScrollY | ImGuiTableFlags_RowBg |
                             ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_BordersInnerH)) {
    return;
  }
  ImGui::TableSetupScrollFreeze(0, 1);
  ImGui::TableSetupColumn("#");
  ImGui::TableSetupColumn("Request", ImGuiTableColumnFlags_WidthStretch);
  ImGui::TableSetupColumn("$/M");
  ImGui::TableSetupColumn("");
  ImGui::TableHeadersRow();
  // The starting point: the model as loaded.
  ImGui::TableNextRow();
  ImGui::TableSetColumnIndex(1);
  if (view.current == -1) {
    ImGui::TextColored(palette.accent, "> Model loaded");
  } else {
    MutedText("Model loaded");
  }
  ImGui::TableSetColumnIndex(3);
  if (view.current != -1 && TrackedSmallButton("Undo to##start")) {
    intents->push_back(intent::UndoTo{-1});
  }
  ImGuiListClipper clipper;
  clipper.Begin(static_cast<int>(view.entries.size()));
  while (clipper.Step()) {
    for (int i = clipper.DisplayStart; i < clipper.DisplayEnd; ++i) {
      const HistoryEntryView& e = view.entries[static_cast<size_t>(i)];
      bool undone = i > view.current;
      ImGui::PushID(i);
      ImGui::TableNextRow();
      ImGui::TableSetColumnIndex(0);
      MutedText("%d", i + 1);
      ImGui::TableSetColumnIndex(1);
      ImVec4 color =
          undone ? palette.muted : (e.ok ? ImGui::GetStyleColorVec4(ImGuiCol_Text) : palette.error);
      ImGui::TextColored(color, "%s%s %s", i == view.current ? "> " : "", e.operation.c_str(),
                         e.label.c_str());
      ImGui::TableSetColumnIndex(2);
      std::string cost;
      if (e.read_units > 0) cost += FormatUnits(e.read_units) + " RRU ";
      if (e.write_units > 0) cost += FormatUnits(e.write_units) + " WRU";
      if (cost.empty()) cost = "0";
      ImGui::TextUnformatted(cost.c_str());
      ImGui::TableSetColumnIndex(3);
      std::string rerun = "Re-run##" + std::to_string(i + 1);
      if (TrackedSmallButton(rerun.c_str())) intents->push_back(intent::Rerun{i});
      if (i != view.current) {
        std::string undo = "Undo to##" + std::to_string(i + 1);
        if (TrackedSmallButton(undo.c_str())) intents->push_back(intent::UndoTo{i});
        if (ImGui::IsItemHovered()) {
          ImGui::SetTooltip("Return the tables to their state right after request %d", i + 1);
        }
      }
      ImGui::PopID();
    }
  }
  if (view.entries.size() != state->seen_entries) {
    state->seen_entries = view.entries.size();
    ImGui::SetScrollHereY(1.0f);
  }
  ImGui::EndTable();
}

}  // namespace monotable::ui
