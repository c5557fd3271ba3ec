// Result panel: the response of the last request, items as a table and as JSON, Count and
// ScannedCount, the next page via LastEvaluatedKey, and DynamoDB errors shown plainly.
#pragma once

#include "ui/views.h"

namespace monotable::ui {

struct ResultPanelState {
  bool show_json = false;
  // Set by each draw: the window height (framebuffer px, window padding included) that shows the
  // header and up to ten rows or JSON lines. The stacked widget sizes the panel by it.
  float preferred_height = 0;
};

// Draws into the current window. Queues kNextPage ("Next page") and kCopyText ("Copy JSON").
void DrawResultPanel(ResultPanelState* state, const ResultView& view, Intents* intents);

}  // namespace monotable::ui
