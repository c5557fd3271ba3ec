// Result panel (see result_panel.h).
#include "ui/result_panel.h"

#include "imgui.h"
#include "ui/theme.h"
#include "ui/widgets.h"

namespace monotable::ui {

void DrawResultPanel(ResultPanelState* state, const ResultView& view, Intents* intents) {
  const Palette& palette = CurrentPalette();
  const Fonts& fonts = CurrentFonts();
  if (!view.has_result) {
    Heading("Result");
    MutedText("Run an access pattern or a request to see its response here.");
    return;
  }
  Heading("Result", view.operation.c_str());
  ImGui::SameLine();
  if (!view.ok) {
    ImGui::TextColored(palette.error, "%s", view.error_type.c_str());
  } else {
    ImGui::TextColored(palette.ok, "200 OK");
  }
  if (view.has_count) {
    ImGui::SameLine();
    ImGui::Text("  Count %lld", static_cast<long long>(view.count));
    ImGui::SameLine();
    ImGui::Text("  ScannedCount %lld", static_cast<long long>(view.scanned_count));
    if (view.scanned_count > view.count) {
      ImGui::SameLine();
      ImGui::TextColored(palette.warning, "(%lld filtered out)",
                         static_cast<long long>(view.scanned_count - view.count));
    }
  }
  // Right-aligned toggles.
  const ImGuiStyle& style = ImGui::GetStyle();
  float toggles = ImGui::CalcTextSize("ItemsJSON").x +
                  (ImGui::GetFrameHeight() + style.ItemInnerSpacing.x) * 2 + style.ItemSpacing.x;
  ImGui::SameLine(ImGui::GetWindowContentRegionMax().x - toggles);
  if (ImGui::RadioButton("Items", !state->show_json)) state->show_json = false;
  ImGui::SameLine();
  if (ImGui::RadioButton("JSON", state->show_json)) state->show_json = true;
  TrackItem("JSON");

  if (!view.ok) {
    ImGui::PushTextWrapPos(0);
    ImGui::TextColored(palette.error, "%s", view.error_message.c_str());
    ImGui::PopTextWrapPos();
  }
  for (const std::string& e : view.statement_errors) {
    ImGui::PushTextWrapPos(0);
    ImGui::TextColored(palette.error, "%s", e.c_str());
    ImGui::PopTextWrapPos();
  }
  if (!view.next_token.empty()) {
    ImGui::TextColored(palette.accent, "More results: run the statement again with its NextToken");
    ImGui::SameLine();
    if (TrackedSmallButton("Copy NextToken")) {
      Intent intent{IntentKind::kCopyText};
      intent.text = view.next_token;
      intents->push_back(intent);
    }
  }
  if (view.has_next_page) {
    ImGui::TextColored(palette.accent, "More results: LastEvaluatedKey %s",
                       view.last_evaluated_key.c_str());
    ImGui::SameLine();
    if (TrackedSmallButton("Next page")) intents->push_back(Intent{IntentKind::kNextPage});
  }

  if (state->show_json || !view.ok || view.columns.empty()) {
    if (view.ok && !state->show_json && view.columns.empty()) {
      MutedText(view.has_count ? "No items returned." : "No items in the response.");
    }
    if (fonts.mono) ImGui::PushFont(fonts.mono);
    ImGui::BeginChild("##json", ImVec2(0, 0), false, ImGuiWindowFlags_HorizontalScrollbar);
    ImGui::TextUnformatted(view.json.c_str());
    ImGui::EndChild();
    if (fonts.mono) ImGui::PopFont();
    return;
  }
  int ncolumns = static_cast<int>(view.columns.size());
  if (ncolumns > 63) ncolumns = 63;
  ImGuiTableFlags flags = ImGuiTableFlags_ScrollX | ImGuiTableFlags_ScrollY |
                          ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV |
                          ImGuiTableFlags_Resizable | ImGuiTableFlags_SizingFixedFit;
  if (!ImGui::BeginTable("##result", ncolumns, flags)) return;
  ImGui::TableSetupScrollFreeze(1, 1);
  for (int c = 0; c < ncolumns; ++c) {
    ImGui::TableSetupColumn(view.columns[static_cast<size_t>(c)].c_str());
  }
  ImGui::TableHeadersRow();
  if (fonts.mono) ImGui::PushFont(fonts.mono);
  ImGuiListClipper clipper;
  clipper.Begin(static_cast<int>(view.rows.size()));
  while (clipper.Step()) {
    for (int r = clipper.DisplayStart; r < clipper.DisplayEnd; ++r) {
      const auto& row = view.rows[static_cast<size_t>(r)];
      ImGui::TableNextRow();
      for (int c = 0; c < ncolumns && c < static_cast<int>(row.size()); ++c) {
        if (!ImGui::TableSetColumnIndex(c)) continue;
        ImGui::TextUnformatted(row[static_cast<size_t>(c)].c_str());
      }
    }
  }
  if (fonts.mono) ImGui::PopFont();
  ImGui::EndTable();
}

}  // namespace monotable::ui
