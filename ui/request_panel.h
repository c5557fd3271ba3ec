// Request panel: draws the request builder (ui/request_form.h holds its state and every rule of
// it): the mode (API or PartiQL), the operation, the table and the form per operation, kept in
// sync with a JSON editor; Ctrl+Enter runs; copy as AWS CLI, Python (boto3) or JavaScript (SDK v3).
#pragma once

#include <string>

#include "ui/request_form.h"
#include "ui/views.h"

namespace monotable::ui {

// The builder's form plus what only the panel shows.
struct RequestPanelState : RequestForm {
  // Copy as: the last copied code and its title, shown in the "copied" popup.
  std::string copy_title;
  std::string copy_text;
};

// Draws into the current window. Queues kRunRequest (button "Run request" or Ctrl+Enter) and
// kCopyText ("AWS CLI", "boto3", "JS SDK v3"). "API" / "PartiQL" switch the builder's mode.
// Changes only *state.
void DrawRequestPanel(RequestPanelState* state, const SchemaView& schema, Intents* intents);

}  // namespace monotable::ui
