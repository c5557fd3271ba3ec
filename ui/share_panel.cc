// Share panel (see share_panel.h).
#include "ui/share_panel.h"

#include <cfloat>

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

namespace {

struct Button {
  const char* label;
  const char* tip;
  ShareAction action;
};
const Button kFull[] = {
    {"Import##share", "Load a model file (monotable or NoSQL Workbench JSON)",
     ShareAction::kImportModel},
    {"Export##share", "Save the tables and items as they are now to a model file",
     ShareAction::kExportModel},
    {"Copy link##share", "Copy a link that opens exactly this state: data, request and view",
     ShareAction::kCopyLink},
};
const Button kEmbed[] = {
    {"Open in playground##share", "Open this example, as it is now, in the full playground",
     ShareAction::kOpenPlayground},
};

const Button* Buttons(bool embed, int* count) {
  *count = embed ? 1 : 3;
  return embed ? kEmbed : kFull;
}

}  // namespace

float ShareButtonsWidth(bool embed) {
  int count = 0;
  const Button* buttons = Buttons(embed, &count);
  float width = 0;
  for (int i = 0; i < count; ++i) {
    if (i > 0) width += ImGui::GetStyle().ItemSpacing.x;
    width += ButtonWidth(buttons[i].label);
  }
  return width;
}

void DrawShareButtons(bool embed, float right_edge, std::vector<ShareAction>* actions) {
  int count = 0;
  const Button* buttons = Buttons(embed, &count);
  ImGui::SameLine(right_edge - ShareButtonsWidth(embed));
  for (int i = 0; i < count; ++i) {
    if (i > 0) ImGui::SameLine();
    if (TrackedButton(buttons[i].label)) actions->push_back(buttons[i].action);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", buttons[i].tip);
  }
}

bool DrawShareMenu(bool embed, std::vector<ShareAction>* actions) {
  int count = 0;
  const Button* buttons = Buttons(embed, &count);
  bool used = false;
  for (int i = 0; i < count; ++i) {
    if (TrackedButton(buttons[i].label, ImVec2(-FLT_MIN, 0))) {
      actions->push_back(buttons[i].action);
      used = true;
    }
  }
  return used;
}

}  // namespace monotable::ui
