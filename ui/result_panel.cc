// Result panel (see result_panel.h).
#include "ui/result_panel.h"

#include <algorithm>
#include <cstdio>

#include "imgui.h"
#include "ui/theme.h"
#include "ui/widgets.h"

namespace monotable::ui {
namespace {
// Rows (or JSON lines) the preferred height has room for; more scroll.
constexpr int kPreferredLines = 10;
}  // namespace

void DrawResultPanel(ResultPanelState* state, const ResultView& view, Intents* intents) {
  const Palette& palette = CurrentPalette();
  const Fonts& fonts = CurrentFonts();
  if (!view.has_result) {
    Heading("Result");
    ImGui::PushTextWrapPos(0);
    MutedText("Run an access pattern or a request to see its response here.");
    ImGui::PopTextWrapPos();
    state->preferred_height = ImGui::GetCursorPosY() + ImGui::GetStyle().WindowPadding.y;
    return;
  }
  // The header: what ran, how it went, the counts, then the Items / JSON toggle at the right. On a
  // narrow panel the parts that do not fit on the line go to the next one (never drawn over each
  // other).
  SetRecordGroup("result-header");
  Heading("Result", view.operation.c_str());
  char text[96];
  if (!view.ok) {
    FlowSameLine(ImGui::CalcTextSize(view.error_type.c_str()).x);
    ImGui::TextColored(palette.error, "%s", view.error_type.c_str());
    RecordItem(view.error_type);
  } else {
    FlowSameLine(ImGui::CalcTextSize("200 OK").x);
    ImGui::TextColored(palette.ok, "200 OK");
    RecordItem("200 OK");
  }
  if (view.has_count) {
    std::snprintf(text, sizeof text, "  Count %lld", static_cast<long long>(view.count));
    FlowSameLine(ImGui::CalcTextSize(text).x);
    ImGui::TextUnformatted(text);
    RecordItem("Count");
    std::snprintf(text, sizeof text, "  ScannedCount %lld",
                  static_cast<long long>(view.scanned_count));
    FlowSameLine(ImGui::CalcTextSize(text).x);
    ImGui::TextUnformatted(text);
    RecordItem("ScannedCount");
    if (view.scanned_count > view.count) {
      std::snprintf(text, sizeof text, "(%lld filtered out)",
                    static_cast<long long>(view.scanned_count - view.count));
      FlowSameLine(ImGui::CalcTextSize(text).x);
      ImGui::TextColored(palette.warning, "%s", text);
      RecordItem("filtered out");
    }
  }
  // A new write shows its fan-out first.
  const bool fanout = view.fanout.has_fanout;
  if (fanout && view.fanout.serial != state->fanout_serial) {
    state->fanout_serial = view.fanout.serial;
    state->show_fanout = true;
  }
  const bool showing_fanout = fanout && state->show_fanout;
  // Right-aligned toggles: radio buttons, or on a touch screen two (three) parts of one button (a
  // radio button's circle grows with the frame to the touch target's size).
  const ImGuiStyle& style = ImGui::GetStyle();
  const bool touch = TouchTargetHeight() > 0;
  const int modes = fanout ? 3 : 2;
  float toggles =
      touch ? ButtonWidth("Items") + ButtonWidth("JSON") + (fanout ? ButtonWidth("Fan-out") : 0)
            : ImGui::CalcTextSize(fanout ? "ItemsJSONFan-out" : "ItemsJSON").x +
                  (ImGui::GetFrameHeight() + style.ItemInnerSpacing.x) * modes +
                  style.ItemSpacing.x * (modes - 1);
  const float toggles_x = ImGui::GetWindowContentRegionMax().x - toggles;
  if (FlowSameLine(toggles)) {
    ImGui::SameLine(toggles_x);
  } else {
    ImGui::SetCursorPosX(std::max(toggles_x, ImGui::GetCursorPosX()));
  }
  const bool items_on = !showing_fanout && !state->show_json;
  const bool json_on = !showing_fanout && state->show_json;
  if (touch) {
    const ImVec4 on = ImGui::GetStyleColorVec4(ImGuiCol_ButtonActive);
    const ImVec4 off = ImGui::GetStyleColorVec4(ImGuiCol_FrameBg);
    ImGui::PushStyleColor(ImGuiCol_Button, items_on ? on : off);
    if (ImGui::Button("Items")) state->show_json = state->show_fanout = false;
    ImGui::PopStyleColor();
    TrackItem("Items");
    ImGui::SameLine(0, 0);
    ImGui::PushStyleColor(ImGuiCol_Button, json_on ? on : off);
    if (ImGui::Button("JSON")) {
      state->show_json = true;
      state->show_fanout = false;
    }
    ImGui::PopStyleColor();
    TrackItem("JSON");
    if (fanout) {
      ImGui::SameLine(0, 0);
      ImGui::PushStyleColor(ImGuiCol_Button, showing_fanout ? on : off);
      if (ImGui::Button("Fan-out")) state->show_fanout = true;
      ImGui::PopStyleColor();
      TrackItem("Fan-out");
    }
  } else {
    if (ImGui::RadioButton("Items", items_on)) state->show_json = state->show_fanout = false;
    TrackItem("Items");
    ImGui::SameLine();
    if (ImGui::RadioButton("JSON", json_on)) {
      state->show_json = true;
      state->show_fanout = false;
    }
    TrackItem("JSON");
    if (fanout) {
      ImGui::SameLine();
      if (ImGui::RadioButton("Fan-out", showing_fanout)) state->show_fanout = true;
      TrackItem("Fan-out");
    }
  }
  SetRecordGroup("");

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
      intents->push_back(intent::CopyText{view.next_token});
    }
  }
  if (view.has_next_page) {
    ImGui::TextColored(palette.accent, "More results: LastEvaluatedKey %s",
                       view.last_evaluated_key.c_str());
    ImGui::SameLine();
    if (TrackedSmallButton("Next page")) intents->push_back(intent::NextPage{});
  }

  if (showing_fanout) {
    // The diagram scrolls in its own child; the panel asks for the whole of it.
    const float start = ImGui::GetCursorPosY();
    ImGui::BeginChild("##fanout", ImVec2(0, 0), false);
    DrawFanoutPanel(&state->fanout, view.fanout);
    ImGui::EndChild();
    state->preferred_height = start + state->fanout.height + ImGui::GetStyle().WindowPadding.y * 2;
    return;
  }
  if (state->show_json || !view.ok || view.columns.empty()) {
    if (view.ok && !state->show_json && view.columns.empty()) {
      MutedText(view.has_count ? "No items returned." : "No items in the response.");
    }
    if (fonts.mono) ImGui::PushFont(fonts.mono);
    int lines = 0;
    const std::string& text = ResultJsonText(view, &lines);  // a large page's: made now
    state->preferred_height = ImGui::GetCursorPosY() +
                              std::min(lines, kPreferredLines) * ImGui::GetTextLineHeight() +
                              ImGui::GetStyle().ScrollbarSize + ImGui::GetStyle().WindowPadding.y;
    ImGui::BeginChild("##json", ImVec2(0, 0), false, ImGuiWindowFlags_HorizontalScrollbar);
    ImGui::TextUnformatted(text.c_str(), text.c_str() + text.size());
    RecordItem("json");
    ImGui::EndChild();
    if (fonts.mono) ImGui::PopFont();
    return;
  }
  int ncolumns = static_cast<int>(view.columns.size());
  if (ncolumns > 63) ncolumns = 63;
  ImGuiTableFlags flags = ImGuiTableFlags_ScrollX | ImGuiTableFlags_ScrollY |
                          ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV |
                          ImGuiTableFlags_Resizable | ImGuiTableFlags_SizingFixedFit;
  {
    // Rows are drawn in the mono font; the header row in the text font.
    const ImGuiStyle& style = ImGui::GetStyle();
    float row = (fonts.mono ? fonts.mono->FontSize * fonts.mono->Scale : ImGui::GetFontSize()) +
                style.CellPadding.y * 2;
    int rows = std::min(static_cast<int>(ResultRowCount(view)), kPreferredLines);
    state->preferred_height = ImGui::GetCursorPosY() + ImGui::GetFontSize() +
                              style.CellPadding.y * 2 + rows * row + style.ScrollbarSize +
                              style.WindowPadding.y;
  }
  if (!ImGui::BeginTable("##result", ncolumns, flags)) return;
  ImGui::TableSetupScrollFreeze(1, 1);
  for (int c = 0; c < ncolumns; ++c) {
    ImGui::TableSetupColumn(view.columns[static_cast<size_t>(c)].c_str());
  }
  ImGui::TableHeadersRow();
  if (fonts.mono) ImGui::PushFont(fonts.mono);
  ImGuiListClipper clipper;
  clipper.Begin(static_cast<int>(ResultRowCount(view)));
  while (clipper.Step()) {
    for (int r = clipper.DisplayStart; r < clipper.DisplayEnd; ++r) {
      const auto& row = ResultRow(view, static_cast<size_t>(r));  // formatted when drawn
      ImGui::TableNextRow();
      for (int c = 0; c < ncolumns && c < static_cast<int>(row.size()); ++c) {
        if (!ImGui::TableSetColumnIndex(c)) continue;
        ImGui::TextUnformatted(row[static_cast<size_t>(c)].c_str());
        if (r == 0 && c == 0) RecordItem("first row");
      }
    }
  }
  if (fonts.mono) ImGui::PopFont();
  ImGui::EndTable();
}

}  // namespace monotable::ui
