// History panel: every request of the session with its cost, re-runnable, and undo back to any
// point (the app restores an Engine snapshot).
#pragma once

#include "ui/views.h"

namespace monotable::ui {

struct HistoryPanelState {
  size_t seen_entries = 0;  // scrolls to the newest entry when one is added
};

// Draws into the current window. Queues kRerun ("Re-run##<n>") and kUndoTo ("Undo to##<n>",
// "Undo to##start" for the freshly loaded model).
void DrawHistoryPanel(HistoryPanelState* state, const HistoryView& view, Intents* intents);

}  // namespace monotable::ui
