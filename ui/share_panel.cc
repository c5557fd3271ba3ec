// Share panel (see share_panel.h).
#include "ui/share_panel.h"

#include "imgui.h"
#include "ui/widgets.h"

namespace monotable::ui {

const char* ShareActionName(ShareAction action) {
  switch (action) {
    case ShareAction::kCopyLink:
      return "copy-link";
    case ShareAction::kExportModel:
      return "export-model";
    case ShareAction::kImportModel:
      return "import-model";
    case ShareAction::kOpenPlayground:
      return "open-playground";
  }
  return "";
}

void DrawShareButtons(bool embed, float right_edge, std::vector<ShareAction>* actions) {
  struct Button {
    const char* label;
    const char* tip;
    ShareAction action;
  };
  static const Button kFull[] = {
      {"Import##share", "Load a model file (monotable or NoSQL Workbench JSON)",
       ShareAction::kImportModel},
      {"Export##share", "Save the tables and items as they are now to a model file",
       ShareAction::kExportModel},
      {"Copy link##share", "Copy a link that opens exactly this state: data, request and view",
       ShareAction::kCopyLink},
  };
  static const Button kEmbed[] = {
      {"Open in playground##share", "Open this example, as it is now, in the full playground",
       ShareAction::kOpenPlayground},
  };
  const Button* buttons = embed ? kEmbed : kFull;
  const int count = embed ? 1 : 3;
  const ImGuiStyle& style = ImGui::GetStyle();
  float width = 0;
  for (int i = 0; i < count; ++i) {
    if (i > 0) width += style.ItemSpacing.x;
    width += ImGui::CalcTextSize(buttons[i].label, nullptr, true).x + style.FramePadding.x * 2;
  }
  ImGui::SameLine(right_edge - width);
  for (int i = 0; i < count; ++i) {
    if (i > 0) ImGui::SameLine();
    if (TrackedButton(buttons[i].label)) actions->push_back(buttons[i].action);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", buttons[i].tip);
  }
}

}  // namespace monotable::ui
