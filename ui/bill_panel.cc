// Bill panel (see bill_panel.h).
#include "ui/bill_panel.h"

#include "imgui.h"
#include "ui/theme.h"
#include "ui/widgets.h"

namespace monotable::ui {

void DrawBillPanel(BillPanelState* state, const BillView& view, Intents* intents) {
  (void)state;
  const Palette& palette = CurrentPalette();
  Heading("Bill estimate", view.estimated ? nullptr : "at the patterns' request rates");
  if (TrackedButton("Estimate the bill")) intents->push_back(intent::EstimateBill{});
  if (!view.estimated) return;
  if (!view.error.empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, palette.error);
    ImGui::TextWrapped("%s", view.error.c_str());
    ImGui::PopStyleColor();
    return;
  }
  MutedText("%s", view.summary.c_str());
  ImGui::TextUnformatted(view.on_demand_total.c_str());
  ImGui::TextUnformatted(view.provisioned_total.c_str());
  MutedText("%s", view.break_even.c_str());
  ImGuiTableFlags flags =
      ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerH | ImGuiTableFlags_SizingFixedFit;
  if (ImGui::BeginTable("##bill-patterns", 5, flags)) {
    ImGui::TableSetupColumn("Pattern", ImGuiTableColumnFlags_WidthStretch);
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
  if (ImGui::BeginTable("##bill-tables", 7, flags)) {
    ImGui::TableSetupColumn("Table / index", ImGuiTableColumnFlags_WidthStretch);
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
}

}  // namespace monotable::ui
