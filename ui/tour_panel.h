// Tour panel: the loaded model's guided tour, one step at a time (Back, Next, Run this step), with
// what to look at after each step.
#pragma once

#include "ui/views.h"

namespace monotable::ui {

struct TourPanelState {
  int step = 0;
};

// Draws into the current window. Queues kRunTourStep ("Run this step"); Back and Next change only
// the panel's state.
void DrawTourPanel(TourPanelState* state, const TourView& view, Intents* intents);

// "cost" -> "the Cost panel", "index:Orders/GSI2" -> "the GSI2 tab of Orders", ...
std::string DescribeLookAt(const std::string& look_at);

}  // namespace monotable::ui
