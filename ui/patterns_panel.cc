// Access patterns panel (see patterns_panel.h).
#include "ui/patterns_panel.h"

#include <algorithm>
#include <string>

#include "imgui.h"
#include "ui/theme.h"
#include "ui/widgets.h"

namespace monotable::ui {

std::string RunAllFailure(const std::string& id, const Status& status) {
  std::string text = id + ": " + std::string(ErrorName(status.code())) + ": " + status.message();
  if (status.code() == ErrorCode::kConditionalCheckFailed ||
      status.code() == ErrorCode::kTransactionCanceled) {
    text +=
        " (its condition no longer holds: an earlier run already made this change, the writes "
        "running in order: place, pack, ship; Reset the model to run them from the start; "
        "DynamoDB bills a failed condition all the same)";
  }
  return text;
}

void DrawPatternsPanel(PatternsPanelState* state, const PatternsView& view, Intents* intents) {
  const Palette& palette = CurrentPalette();
  const Fonts& fonts = CurrentFonts();
  Heading("Access patterns", view.rows.empty() ? "no model loaded" : nullptr);
  if (!view.rows.empty()) {
    ImGui::SameLine();
    float button_width = ImGui::CalcTextSize("Run all").x + ImGui::GetStyle().FramePadding.x * 2;
    ImGui::SetCursorPosX(
        std::max(ImGui::GetCursorPosX(), ImGui::GetWindowContentRegionMax().x - button_width));
    if (TrackedButton("Run all")) intents->push_back(intent::RunAll{});
    if (view.ran_all) {
      ImGui::PushTextWrapPos(0);
      MutedText("All %zu patterns once: %s RRU, %s WRU, %s (%s per million runs of all)",
                view.rows.size(), FormatUnits(view.all_read_units).c_str(),
                FormatUnits(view.all_write_units).c_str(), FormatDollars(view.all_dollars).c_str(),
                FormatDollars(view.all_dollars_per_million).c_str());
      MutedText("A month at the patterns' rates: %s on-demand",
                FormatDollars(view.all_dollars_per_month).c_str());
      ImGui::PopTextWrapPos();
      if (!view.all_scans.empty()) {
        ImGui::PushTextWrapPos(0);
        MutedText("Each Query beside a full-table Scan that answers the same question:");
        for (const PatternsView::ScanBeside& s : view.all_scans) {
          const double times = s.query_read_units > 0 ? s.scan_read_units / s.query_read_units : 0;
          std::string ratio =
              times >= 1.5 ? " (" + FormatCount(static_cast<uint64_t>(times + 0.5)) + "x)" : "";
          ImGui::Text("%s: %s RRU; Scan %s: %s items, %s page%s, %s RRU%s", s.id.c_str(),
                      FormatUnits(s.query_read_units).c_str(), s.table.c_str(),
                      FormatCount(static_cast<uint64_t>(s.items)).c_str(),
                      FormatCount(static_cast<uint64_t>(s.pages)).c_str(),
                      s.pages == 1 ? "" : "s", FormatUnits(s.scan_read_units).c_str(),
                      ratio.c_str());
          RecordItem("scan beside " + s.id);
        }
        ImGui::PopTextWrapPos();
      }
      for (const std::string& failed : view.all_failed) {
        ImGui::PushStyleColor(ImGuiCol_Text, palette.warning);
        ImGui::TextWrapped("%s", failed.c_str());
        ImGui::PopStyleColor();
      }
    }
  }
  ImGuiTableFlags flags = ImGuiTableFlags_ScrollY | ImGuiTableFlags_RowBg |
                          ImGuiTableFlags_BordersInnerH | ImGuiTableFlags_SizingFixedFit;
  if (!ImGui::BeginTable("##patterns", 3, flags)) return;
  ImGui::TableSetupScrollFreeze(0, 1);
  ImGui::TableSetupColumn("", ImGuiTableColumnFlags_NoResize);
  ImGui::TableSetupColumn("Pattern", ImGuiTableColumnFlags_WidthStretch);
  ImGui::TableSetupColumn("Last run", ImGuiTableColumnFlags_WidthFixed);
  ImGui::TableHeadersRow();
  state->hovered_row = -1;
  for (int i = 0; i < static_cast<int>(view.rows.size()); ++i) {
    const PatternRow& row = view.rows[static_cast<size_t>(i)];
    ImGui::PushID(i);
    ImGui::TableNextRow();
    ImGui::TableSetColumnIndex(0);
    std::string run_label = "Run##" + row.id;
    if (TrackedSmallButton(run_label.c_str())) {
      intents->push_back(intent::RunPattern{i});
    }
    // Two lines: the name (click to edit in the builder), then operation, index and key condition.
    ImGui::TableSetColumnIndex(1);
    ImVec2 start = ImGui::GetCursorScreenPos();
    // Two lines high, and at least a touch target's height on a phone.
    const float row_height =
        std::max(ImGui::GetTextLineHeight() * 2 + ImGui::GetStyle().ItemSpacing.y * 0.5f,
                 TouchTargetHeight());
    if (ImGui::Selectable("##select", i == view.selected, ImGuiSelectableFlags_AllowItemOverlap,
                          ImVec2(0, row_height))) {
      intents->push_back(intent::EditPattern{i});
    }
    TrackItem("Pattern##" + row.id);
    bool hovered = ImGui::IsItemHovered();
    ImGui::SetCursorScreenPos(start);
    ImGui::TextUnformatted(row.name.c_str());
    ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing, ImVec2(ImGui::GetStyle().ItemSpacing.x,
                                                          ImGui::GetStyle().ItemSpacing.y * 0.5f));
    ImGui::TextColored(row.is_write ? palette.warning : palette.accent, "%s",
                       row.operation.c_str());
    ImGui::SameLine();
    if (!row.index.empty()) {
      ImGui::TextUnformatted(row.index.c_str());
      ImGui::SameLine();
    }
    if (fonts.mono) ImGui::PushFont(fonts.mono);
    ImGui::PushStyleColor(ImGuiCol_Text, palette.muted);
    ImGui::TextUnformatted(row.key_condition.c_str());
    RecordItem("key condition");
    ImGui::PopStyleColor();
    if (fonts.mono) ImGui::PopFont();
    ImGui::PopStyleVar();
    if (hovered) {
      state->hovered_row = i;
      ImGui::BeginTooltip();
      ImGui::PushTextWrapPos(ImGui::GetFontSize() * 28);
      ImGui::TextUnformatted(row.name.c_str());
      ImGui::Spacing();
      ImGui::TextUnformatted(row.description.c_str());
      ImGui::Spacing();
      MutedText("Click to open it in the request builder.");
      ImGui::PopTextWrapPos();
      ImGui::EndTooltip();
    }
    ImGui::TableSetColumnIndex(2);
    if (!row.ran) {
      MutedText("-");
    } else if (!row.ok) {
      ImGui::TextColored(palette.error, "error");
    } else {
      if (row.read_units > 0 || row.write_units == 0) {
        ImGui::Text("%s RRU", FormatUnits(row.read_units).c_str());
      }
      if (row.write_units > 0) ImGui::Text("%s WRU", FormatUnits(row.write_units).c_str());
      if (row.write_units == 0) {
        MutedText("%d item%s", row.returned, row.returned == 1 ? "" : "s");
      }
    }
    ImGui::PopID();
  }
  ImGui::EndTable();
}

}  // namespace monotable::ui
