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
    case ShareAction::kExportWorkbench:
      return "export-workbench";
    case ShareAction::kExportCloudFormation:
      return "export-cloudformation";
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
    {"Export##share",
     "Save the tables and items as they are now: a model file, NoSQL Workbench "
     "JSON or a CloudFormation template",
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

float ShareButtonsWidthOf(bool embed) {
  int count = 0;
  const Button* buttons = Buttons(embed, &count);
  float width = 0;
  for (int i = 0; i < count; ++i) {
    if (i > 0) width += ImGui::GetStyle().ItemSpacing.x;
    width += ButtonWidth(buttons[i].label);
  }
  return width;
}

// The formats Export offers.
struct Format {
  const char* row;
  ShareAction action;
  const char* tip;
};
const Format kFormats[] = {
    {"Model file##export", ShareAction::kExportModel,
     "monotable's model file: tables, items, access patterns and tour (.monotable.json)"},
    {"NoSQL Workbench##export", ShareAction::kExportWorkbench,
     "A NoSQL Workbench data model (.workbench.json): import it in Workbench's Data modeler"},
    {"CloudFormation##export", ShareAction::kExportCloudFormation,
     "A CloudFormation template with one AWS::DynamoDB::Table per table (.cfn.json)"},
};
constexpr const char* kExportPopup = "##export-menu";
constexpr const char* kHistoryOption = "History in links##share";

// The popup Export opens, below the last item and `width` wide (0: as wide as its rows): the
// formats and the links' history option. True when a format was chosen (the popup closes).
bool DrawExportPopup(float width, bool* links_carry_history, std::vector<ShareAction>* actions) {
  bool chosen = false;
  ImGui::SetNextWindowPos(ImVec2(ImGui::GetItemRectMin().x, ImGui::GetItemRectMax().y));
  if (width > 0) ImGui::SetNextWindowSize(ImVec2(width, 0));
  if (!ImGui::BeginPopup(kExportPopup)) return false;
  MutedText("Download as");
  for (const Format& f : kFormats) {
    if (TrackedButton(f.row, ImVec2(-FLT_MIN, 0))) {
      actions->push_back(f.action);
      chosen = true;
      ImGui::CloseCurrentPopup();
    }
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", f.tip);
  }
  if (links_carry_history) {
    ImGui::Separator();
    TrackedCheckbox(kHistoryOption, links_carry_history);
    if (ImGui::IsItemHovered()) {
      ImGui::SetTooltip("Copied links also carry the history (with undo) and the last result");
    }
  }
  ImGui::EndPopup();
  return chosen;
}

}  // namespace

float ShareButtonsWidth(bool embed) { return ShareButtonsWidthOf(embed); }

void DrawShareButtons(bool embed, float right_edge, bool* links_carry_history,
                      std::vector<ShareAction>* actions) {
  int count = 0;
  const Button* buttons = Buttons(embed, &count);
  ImGui::SameLine(right_edge - ShareButtonsWidth(embed));
  for (int i = 0; i < count; ++i) {
    if (i > 0) ImGui::SameLine();
    const bool is_export = buttons[i].action == ShareAction::kExportModel;
    if (TrackedButton(buttons[i].label)) {
      if (is_export) {
        ImGui::OpenPopup(kExportPopup);
      } else {
        actions->push_back(buttons[i].action);
      }
    }
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", buttons[i].tip);
    if (is_export) DrawExportPopup(0, links_carry_history, actions);
  }
}

bool DrawShareMenu(bool embed, bool* links_carry_history, std::vector<ShareAction>* actions) {
  int count = 0;
  const Button* buttons = Buttons(embed, &count);
  bool used = false;
  for (int i = 0; i < count; ++i) {
    const bool is_export = buttons[i].action == ShareAction::kExportModel;
    if (TrackedButton(buttons[i].label, ImVec2(-FLT_MIN, 0))) {
      if (is_export) {
        ImGui::OpenPopup(kExportPopup);  // a popup over the menu: the menu keeps its height
      } else {
        actions->push_back(buttons[i].action);
        used = true;
      }
    }
    if (is_export) {
      used |= DrawExportPopup(ImGui::GetItemRectSize().x, links_carry_history, actions);
    }
  }
  return used;
}

}  // namespace monotable::ui
