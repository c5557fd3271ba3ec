// Cost panel: the last request's capacity per table and index with the arithmetic, its price in
// dollars (per request and per million), the same read under eventual / strong / transactional
// consistency, lints, a plot of cost against item size (the step at each 4 KB for reads, each 1 KB
// for writes, from monotable/limits.h) with this request's items marked, and the session's running
// total.
#pragma once

#include "ui/views.h"

namespace monotable::ui {

struct CostPanelState {
  int plot_hovered_kb = -1;
};

// Draws into the current window. Queues nothing.
void DrawCostPanel(CostPanelState* state, const CostView& view, Intents* intents);

}  // namespace monotable::ui
