// Access patterns panel: the access-pattern matrix (pattern, operation, key condition, index),
// each row runnable with one click, and "Run all" with the total cost.
#pragma once

#include "ui/views.h"

namespace monotable::ui {

struct PatternsPanelState {
  int hovered_row = -1;
};

// Draws into the current window. Queues kRunPattern, kRunAll and kEditPattern.
// Run buttons are tracked as "Run##<pattern id>", the total as "Run all".
void DrawPatternsPanel(PatternsPanelState* state, const PatternsView& view, Intents* intents);

}  // namespace monotable::ui
