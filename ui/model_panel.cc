// Model panel (see model_panel.h).
#include "ui/model_panel.h"

#include <cfloat>
#include <cstdio>
#include <string>

#include "ui/theme.h"
#include "ui/widgets.h"

namespace monotable::ui {
namespace {

constexpr const char* kTitle = "monotable";
constexpr const char* kSubtitle = "DynamoDB single-table playground";

float HeadingWidth(const char* text) {
  const Fonts& fonts = CurrentFonts();
  if (fonts.heading) ImGui::PushFont(fonts.heading);
  float width = ImGui::CalcTextSize(text).x;
  if (fonts.heading) ImGui::PopFont();
  return width;
}

float ScaleComboWidth() { return ImGui::CalcTextSize("x1000").x + ImGui::GetFrameHeight() * 1.5f; }

std::string ExampleLabel(const ModelBarView& view, size_t i) {
  return view.example_names[i] + "##" + view.example_ids[i];
}

std::string Summary(const ModelBarView& view) {
  char text[256];
  std::snprintf(text, sizeof text, "%s: %d table%s, %s items", view.loaded_name.c_str(),
                view.tables, view.tables == 1 ? "" : "s", FormatCount(view.items).c_str());
  return text;
}

void LoadIntent(const ModelBarView& view, size_t example, double scale, Intents* intents) {
  intents->push_back(intent::LoadModel{view.example_ids[example], scale});
}

// A new scale reloads what is loaded at it.
void ScaleIntent(const ModelBarView& view, double scale, Intents* intents) {
  if (view.loaded_id.empty()) return;
  intents->push_back(intent::LoadModel{view.loaded_id, scale});
}

// The last item's right edge in window-content coordinates.
float LastItemEnd() { return ImGui::GetItemRectMax().x - ImGui::GetWindowPos().x; }

}  // namespace

const std::vector<double>& ModelScales() {
  static const std::vector<double> kScales = {1, 10, 100, 1000};
  return kScales;
}

float ThemeButtonWidth() {
  return ImGui::CalcTextSize("Light theme").x + ImGui::GetStyle().FramePadding.x * 2;
}

float ModelBarRequiredWidth(const ModelBarView& view) {
  const ImGuiStyle& style = ImGui::GetStyle();
  float width = HeadingWidth(kTitle) + 24 * UiScale() + ImGui::CalcTextSize("Model").x;
  for (size_t i = 0; i < view.example_ids.size(); ++i) {
    width += style.ItemSpacing.x + ButtonWidth(ExampleLabel(view, i).c_str());
  }
  width += style.ItemSpacing.x + ScaleComboWidth();
  width += style.ItemSpacing.x + ButtonWidth("Reset");
  return width;
}

void DrawThemeButton(const ModelBarView& view, ImVec2 size, Intents* intents) {
  if (TrackedButton(view.dark ? "Light theme##theme" : "Dark theme##theme", size)) {
    intents->push_back(intent::SetTheme{!view.dark});
  }
  TrackItem("Theme");
}

void DrawModelPanel(ModelPanelState* state, const ModelBarView& view, Intents* intents,
                    const ModelBarLayout& layout) {
  const Palette& palette = CurrentPalette();
  const Fonts& fonts = CurrentFonts();
  const ImGuiStyle& style = ImGui::GetStyle();
  const float theme_width = ThemeButtonWidth();
  // Where the row's own items must end: left of the theme button and what the caller draws.
  const float limit = ImGui::GetWindowContentRegionMax().x -
                      (layout.theme_in_bar ? theme_width + style.ItemSpacing.x : 0) -
                      (layout.reserved_right > 0 ? layout.reserved_right + style.ItemSpacing.x : 0);
  const bool subtitle = ImGui::GetWindowContentRegionMin().x + ModelBarRequiredWidth(view) +
                            style.ItemSpacing.x + ImGui::CalcTextSize(kSubtitle).x <=
                        limit;
  ImGui::AlignTextToFramePadding();
  if (fonts.heading) ImGui::PushFont(fonts.heading);
  ImGui::TextColored(palette.accent, "%s", kTitle);
  if (fonts.heading) ImGui::PopFont();
  RecordItem(kTitle);
  if (subtitle) {
    ImGui::SameLine();
    MutedText("%s", kSubtitle);
    RecordItem(kSubtitle);
  }
  ImGui::SameLine(0, 24 * UiScale());
  ImGui::AlignTextToFramePadding();
  MutedText("Model");
  RecordItem("Model");
  const auto& scales = ModelScales();
  for (size_t i = 0; i < view.example_ids.size(); ++i) {
    ImGui::SameLine();
    bool loaded = view.example_ids[i] == view.loaded_id;
    if (loaded)
      ImGui::PushStyleColor(ImGuiCol_Button, ImGui::GetStyleColorVec4(ImGuiCol_ButtonActive));
    std::string label = ExampleLabel(view, i);
    if (TrackedButton(label.c_str())) {
      LoadIntent(view, i, scales[static_cast<size_t>(state->scale_choice)], intents);
    }
    TrackItem("Model##" + view.example_ids[i]);
    if (loaded) ImGui::PopStyleColor();
  }
  ImGui::SameLine();
  ImGui::SetNextItemWidth(ScaleComboWidth());
  char preview[16];
  std::snprintf(preview, sizeof preview, "x%g", scales[static_cast<size_t>(state->scale_choice)]);
  if (ImGui::BeginCombo("##scale", preview)) {
    for (size_t i = 0; i < scales.size(); ++i) {
      char label[16];
      std::snprintf(label, sizeof label, "x%g", scales[i]);
      if (ImGui::Selectable(label, state->scale_choice == static_cast<int>(i))) {
        state->scale_choice = static_cast<int>(i);
        ScaleIntent(view, scales[i], intents);
      }
    }
    ImGui::EndCombo();
  }
  TrackItem("##scale");
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Scale the example's data (same access patterns)");
  ImGui::SameLine();
  if (TrackedButton("Reset")) intents->push_back(intent::ResetModel{});
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("Reload the model as it was, forgetting the history");
  if (!view.loaded_name.empty()) {
    std::string summary = Summary(view);
    if (LastItemEnd() + style.ItemSpacing.x + ImGui::CalcTextSize(summary.c_str()).x <= limit) {
      ImGui::SameLine();
      ImGui::AlignTextToFramePadding();
      MutedText("%s", summary.c_str());
      RecordItem("summary");
    }
  }
  if (!view.status.empty()) {
    // A load error always shows: in full where it fits, else as a marker with the message on
    // hover.
    const bool fits =
        LastItemEnd() + style.ItemSpacing.x + ImGui::CalcTextSize(view.status.c_str()).x <= limit;
    ImGui::SameLine();
    ImGui::AlignTextToFramePadding();
    ImGui::TextColored(palette.error, "%s", fits ? view.status.c_str() : "Load failed (?)");
    RecordItem("status");
    if (!fits && ImGui::IsItemHovered()) ImGui::SetTooltip("%s", view.status.c_str());
  }
  if (layout.theme_in_bar) {
    ImGui::SameLine(ImGui::GetWindowContentRegionMax().x - theme_width);
    DrawThemeButton(view, ImVec2(0, 0), intents);
  }
}

bool DrawModelMenu(ModelPanelState* state, const ModelBarView& view, Intents* intents) {
  const Palette& palette = CurrentPalette();
  const ImGuiStyle& style = ImGui::GetStyle();
  const auto& scales = ModelScales();
  bool used = false;
  MutedText("Model");
  for (size_t i = 0; i < view.example_ids.size(); ++i) {
    bool loaded = view.example_ids[i] == view.loaded_id;
    if (loaded)
      ImGui::PushStyleColor(ImGuiCol_Button, ImGui::GetStyleColorVec4(ImGuiCol_ButtonActive));
    std::string label = ExampleLabel(view, i);
    if (TrackedButton(label.c_str(), ImVec2(-FLT_MIN, 0))) {
      LoadIntent(view, i, scales[static_cast<size_t>(state->scale_choice)], intents);
      used = true;
    }
    TrackItem("Model##" + view.example_ids[i]);
    if (loaded) ImGui::PopStyleColor();
  }
  MutedText("Scale of the data");
  const float n = static_cast<float>(scales.size());
  const float width = (ImGui::GetContentRegionAvail().x - style.ItemSpacing.x * (n - 1)) / n;
  for (size_t i = 0; i < scales.size(); ++i) {
    if (i > 0) ImGui::SameLine();
    char label[24];
    std::snprintf(label, sizeof label, "x%g##scale", scales[i]);
    bool chosen = state->scale_choice == static_cast<int>(i);
    if (chosen)
      ImGui::PushStyleColor(ImGuiCol_Button, ImGui::GetStyleColorVec4(ImGuiCol_ButtonActive));
    if (TrackedButton(label, ImVec2(width, 0))) {
      state->scale_choice = static_cast<int>(i);
      ScaleIntent(view, scales[i], intents);
      used = true;
    }
    if (chosen) ImGui::PopStyleColor();
  }
  if (TrackedButton("Reset", ImVec2(-FLT_MIN, 0))) {
    intents->push_back(intent::ResetModel{});
    used = true;
  }
  ImGui::PushTextWrapPos(0);
  if (!view.loaded_name.empty()) MutedText("%s", Summary(view).c_str());
  if (!view.status.empty()) ImGui::TextColored(palette.error, "%s", view.status.c_str());
  ImGui::PopTextWrapPos();
  return used;
}

}  // namespace monotable::ui
