// Result panel: the response of the last request, items as a table and as JSON, Count and
// ScannedCount, the next page via LastEvaluatedKey, and DynamoDB errors shown plainly.
#pragma once

#include "ui/views.h"

namespace monotable::ui {

struct ResultPanelState {
  bool show_json = false;
};

// Draws into the current window. Queues kNextPage ("Next page") and kCopyText ("Copy JSON").
void DrawResultPanel(ResultPanelState* state, const ResultView& view, Intents* intents);

}  // namespace monotable::ui
