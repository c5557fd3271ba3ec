// Cost panel: the last request's capacity per table and index with the arithmetic, its price in
// dollars (per request and per million), the same read under eventual / strong / transactional
// consistency, lints, a plot of cost against item size (the step at each 4 KB for reads, each 1 KB
// for writes) with this request's items marked, and the session's running total.
#pragma once

#include "ui/views.h"

namespace monotable::ui {

struct CostPanelState {
  int plot_hovered_kb = -1;
};

// Draws into the current window. Queues nothing.
void DrawCostPanel(CostPanelState* state, const CostView& view, Intents* intents);

// Units one item of `size_bytes` costs: reads per 4 KB (x0.5 eventual, x2 transactional), writes
// per 1 KB. DynamoDB rounds each item up to the next unit boundary (dynamodb-rules.md §1.5-1.6).
double ReadUnitsForSize(uint32_t size_bytes, bool consistent);
double WriteUnitsForSize(uint32_t size_bytes);

}  // namespace monotable::ui
