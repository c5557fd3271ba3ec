// Result panel: the response of the last request, items as a table and as JSON, Count and
// ScannedCount, the next page via LastEvaluatedKey, and DynamoDB errors shown plainly.
#pragma once

#include "ui/fanout_panel.h"
#include "ui/views.h"

namespace monotable::ui {

struct ResultPanelState {
  bool show_json = false;
  // The write fan-out instead of Items / JSON. Chosen by the panel for each new write (a new
  // FanoutView::serial); Items or JSON, clicked, choose those until the next write. A read has no
  // fan-out and shows Items or JSON as last chosen.
  bool show_fanout = false;
  uint64_t fanout_serial = 0;  // the serial show_fanout was last chosen for
  FanoutPanelState fanout;
  // Set by each draw: the window height (framebuffer px, window padding included) that shows the
  // header and up to ten rows or JSON lines. The stacked widget sizes the panel by it.
  float preferred_height = 0;
};

// Draws into the current window. Queues kNextPage ("Next page") and kCopyText ("Copy JSON"). The
// mode toggles are tracked as "Items", "JSON" and (after a write) "Fan-out".
void DrawResultPanel(ResultPanelState* state, const ResultView& view, Intents* intents);

}  // namespace monotable::ui
