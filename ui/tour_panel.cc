// Tour panel (see tour_panel.h).
#include "ui/tour_panel.h"

#include <string>

#include "imgui.h"
#include "ui/theme.h"
#include "ui/widgets.h"

namespace monotable::ui {

std::string DescribeLookAt(const std::string& look_at) {
  if (look_at.empty()) return "";
  if (look_at == "patterns") return "the access patterns";
  if (look_at == "result") return "the Result panel";
  if (look_at == "cost") return "the Cost panel";
  auto colon = look_at.find(':');
  if (colon == std::string::npos) return look_at;
  std::string kind = look_at.substr(0, colon);
  std::string rest = look_at.substr(colon + 1);
  if (kind == "table") return "the " + rest + " table";
  if (kind == "index") {
    auto slash = rest.find('/');
    if (slash == std::string::npos) return "the index " + rest;
    return "the " + rest.substr(slash + 1) + " tab of " + rest.substr(0, slash);
  }
  if (kind == "item") {
    auto slash = rest.find('/');
    return "the item " + (slash == std::string::npos ? rest : rest.substr(slash + 1));
  }
  return look_at;
}

void DrawTourPanel(TourPanelState* state, const TourView& view, Intents* intents) {
  const Palette& palette = CurrentPalette();
  if (view.steps.empty()) {
    if (!view.model_description.empty()) {
      ImGui::PushTextWrapPos(0);
      ImGui::TextUnformatted(view.model_description.c_str());
      ImGui::PopTextWrapPos();
    } else {
      MutedText("This model has no tour.");
    }
    return;
  }
  int count = static_cast<int>(view.steps.size());
  if (state->step >= count) state->step = count - 1;
  if (state->step < 0) state->step = 0;
  const TourStepView& step = view.steps[static_cast<size_t>(state->step)];
  MutedText("Step %d of %d", state->step + 1, count);
  ImGui::SameLine();
  float buttons = ImGui::CalcTextSize("Back").x + ImGui::CalcTextSize("Next").x +
                  ImGui::GetStyle().FramePadding.x * 4 + ImGui::GetStyle().ItemSpacing.x;
  ImGui::SameLine(ImGui::GetWindowContentRegionMax().x - buttons);
  ImGui::BeginDisabled(state->step == 0);
  if (TrackedSmallButton("Back")) --state->step;
  ImGui::EndDisabled();
  ImGui::SameLine();
  ImGui::BeginDisabled(state->step + 1 >= count);
  if (TrackedSmallButton("Next")) ++state->step;
  ImGui::EndDisabled();
  // Progress dots.
  {
    ImDrawList* draw = ImGui::GetWindowDrawList();
    ImVec2 pos = ImGui::GetCursorScreenPos();
    float width = ImGui::GetContentRegionAvail().x;
    float h = 3 * UiScale();
    draw->AddRectFilled(pos, ImVec2(pos.x + width, pos.y + h), palette.size_track, h);
    draw->AddRectFilled(pos, ImVec2(pos.x + width * (state->step + 1) / count, pos.y + h),
                        palette.plot_line, h);
    ImGui::Dummy(ImVec2(width, h));
  }
  if (!step.title.empty()) Heading(step.title.c_str());
  ImGui::PushTextWrapPos(0);
  ImGui::TextUnformatted(step.text.c_str());
  ImGui::PopTextWrapPos();
  ImGui::Spacing();
  if (!step.runs.empty()) {
    if (TrackedButton("Run this step")) {
      intents->push_back(intent::RunTourStep{state->step});
    }
    ImGui::SameLine();
    MutedText("%s", step.runs.c_str());
  }
  std::string look = DescribeLookAt(step.look_at);
  if (!look.empty()) ImGui::TextColored(palette.accent, "Look at %s.", look.c_str());
}

}  // namespace monotable::ui
