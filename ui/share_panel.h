// Share panel: the buttons that hand the user's work to the platform: copy a link holding the
// whole state (with the history and the last result when the user ticks "History in links"),
// export the model to a file (a model file, NoSQL Workbench JSON or a CloudFormation template),
// import a model file, and (in an embedded widget) open the same state in the full playground.
// Drawing only queues actions; the platform (web/) does the work (clipboard, downloads, file
// picker), because none of it is ImGui's. No state of its own: results (a link copied, an import
// failed) are shown by the page.
#pragma once

#include <vector>

namespace monotable::ui {

enum class ShareAction : int {
  kCopyLink,
  kExportModel,
  kImportModel,
  kOpenPlayground,
  kExportWorkbench,
  kExportCloudFormation,
};

// Platform name of an action: "copy-link", "export-model", "import-model", "open-playground",
// "export-workbench", "export-cloudformation".
const char* ShareActionName(ShareAction action);

// Draws the buttons on the current line of the top bar, right-aligned so that they end at
// window-content x `right_edge` ("Import##share", "Export##share", "Copy link##share"; in an
// embed only "Open in playground##share"). Export opens a popup: "Model file##export",
// "NoSQL Workbench##export", "CloudFormation##export" and the checkbox "History in
// links##share", which flips *links_carry_history. Queues what was clicked.
void DrawShareButtons(bool embed, float right_edge, bool* links_carry_history,
                      std::vector<ShareAction>* actions);
// Width DrawShareButtons takes (the buttons and the spaces between them).
float ShareButtonsWidth(bool embed);
// The same buttons as full-width rows of a menu (same labels; Export opens the same popup, as wide
// as the menu). True when a button or a format was chosen (the menu closes then).
bool DrawShareMenu(bool embed, bool* links_carry_history, std::vector<ShareAction>* actions);

}  // namespace monotable::ui
