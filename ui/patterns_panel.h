// Access patterns panel: the access-pattern matrix (pattern, operation, key condition, index),
// each row runnable with one click, and "Run all" with the total cost.
#pragma once

#include <string>

#include "monotable/status.h"
#include "ui/views.h"

namespace monotable::ui {

struct PatternsPanelState {
  int hovered_row = -1;
};

// Why pattern `id` failed during "Run all", in words: "pack-order: ConditionalCheckFailedException:
// The conditional request failed (its condition no longer holds: ...)". A failed condition is the
// usual cause on a second Run all (the first one already placed, packed and shipped the order);
// DynamoDB bills it all the same.
std::string RunAllFailure(const std::string& id, const Status& status);

// Draws into the current window. Queues kRunPattern, kRunAll and kEditPattern.
// Run buttons are tracked as "Run##<pattern id>", the total as "Run all".
void DrawPatternsPanel(PatternsPanelState* state, const PatternsView& view, Intents* intents);

}  // namespace monotable::ui
