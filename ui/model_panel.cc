// Model panel (see model_panel.h).
#include "ui/model_panel.h"

#include <string>

#include "imgui.h"
#include "ui/theme.h"
#include "ui/widgets.h"

namespace monotable::ui {

const std::vector<double>& ModelScales() {
  static const std::vector<double> kScales = {1, 10, 100, 1000};
  return kScales;
}

void DrawModelPanel(ModelPanelState* state, const ModelBarView& view, Intents* intents) {
  const Palette& palette = CurrentPalette();
  const Fonts& fonts = CurrentFonts();
  ImGui::AlignTextToFramePadding();
  if (fonts.heading) ImGui::PushFont(fonts.heading);
  ImGui::TextColored(palette.accent, "monotable");
  if (fonts.heading) ImGui::PopFont();
  ImGui::SameLine();
  MutedText("DynamoDB single-table playground");
  ImGui::SameLine(0, 24 * UiScale());
  ImGui::AlignTextToFramePadding();
  MutedText("Model");
  const auto& scales = ModelScales();
  for (size_t i = 0; i < view.example_ids.size(); ++i) {
    ImGui::SameLine();
    bool loaded = view.example_ids[i] == view.loaded_id;
    if (loaded)
      ImGui::PushStyleColor(ImGuiCol_Button, ImGui::GetStyleColorVec4(ImGuiCol_ButtonActive));
    std::string label = view.example_names[i] + "##" + view.example_ids[i];
    if (TrackedButton(label.c_str())) {
      Intent intent{IntentKind::kLoadModel};
      intent.text = view.example_ids[i];
      intent.number = scales[static_cast<size_t>(state->scale_choice)];
      intents->push_back(intent);
    }
    TrackItem("Model##" + view.example_ids[i]);
    if (loaded) ImGui::PopStyleColor();
  }
  ImGui::SameLine();
  ImGui::SetNextItemWidth(ImGui::CalcTextSize("x1000").x + ImGui::GetFrameHeight() * 1.5f);
  char preview[16];
  std::snprintf(preview, sizeof preview, "x%g", scales[static_cast<size_t>(state->scale_choice)]);
  if (ImGui::BeginCombo("##scale", preview)) {
    for (size_t i = 0; i < scales.size(); ++i) {
      char label[16];
      std::snprintf(label, sizeof label, "x%g", scales[i]);
      if (ImGui::Selectable(label, state->scale_choice == static_cast<int>(i))) {
        state->scale_choice = static_cast<int>(i);
        if (!view.loaded_id.empty()) {
          Intent intent{IntentKind::kLoadModel};
          intent.text = view.loaded_id;
          intent.number = scales[i];
          intents->push_back(intent);
        }
      }
    }
    ImGui::EndCombo();
  }
  TrackItem("##scale");
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Scale the example's data (same access patterns)");
  ImGui::SameLine();
  if (TrackedButton("Reset")) intents->push_back(Intent{IntentKind::kResetModel});
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("Reload the model as it was, forgetting the history");
  ImGui::SameLine();
  if (!view.loaded_name.empty()) {
    ImGui::AlignTextToFramePadding();
    MutedText("%s: %d table%s, %s items", view.loaded_name.c_str(), view.tables,
              view.tables == 1 ? "" : "s", FormatCount(view.items).c_str());
  }
  if (!view.status.empty()) {
    ImGui::SameLine();
    ImGui::TextColored(palette.error, "%s", view.status.c_str());
  }
  float theme_width = ImGui::CalcTextSize("Light theme").x + ImGui::GetStyle().FramePadding.x * 2;
  ImGui::SameLine(ImGui::GetWindowContentRegionMax().x - theme_width);
  if (TrackedButton(view.dark ? "Light theme##theme" : "Dark theme##theme")) {
    intents->push_back(Intent{IntentKind::kSetTheme, view.dark ? 1 : 0});
  }
  TrackItem("Theme");
}

}  // namespace monotable::ui
