// Bill panel: the monthly bill of the model's access patterns at their request rates (on-demand
// against provisioned, storage, Streams) and the partition report (utilisation, throttling, hot
// keys with the write-sharding rewrite), from core's plan (monotable/plan.h).
//
// State + draw + intents: the figures are prepared once by EstimateBill (which runs every pattern
// on a scratch engine: too heavy for a frame) when the user asks, and the draw only shows text.
#pragma once

#include <string>
#include <vector>

#include "monotable/model.h"
#include "ui/views.h"

namespace monotable::ui {

struct BillPanelState {};

// Everything the panel shows, formatted.
struct BillView {
  bool estimated = false;
  std::string error;    // BuildPlan's error ("" when fine)
  std::string summary;  // "Orders, 779 items, us-east-1 prices as of 2024-11-01, a month = 730 h"
  struct PatternRow {
    std::string id, rate, per_million, per_month, throttled;
  };
  std::vector<PatternRow> patterns;
  struct ResourceRow {
    std::string name, storage, on_demand, provisioned, partitions, peak, throttled;
  };
  std::vector<ResourceRow> resources;
  std::string on_demand_total;    // "On-demand: $69.15 a month (requests $69.15, storage ...)"
  std::string provisioned_total;  // "Provisioned: $29.32 a month (...)"
  std::string break_even;
  std::vector<std::string> hot_keys;  // the lints, in words
};

// Builds the plan of `model` (its items as the engine holds them now: pass ExportModel's result)
// and formats it into *view. On error, view->error says why and the figures are empty.
// Implemented in bill_view.cc, in the app library (it runs the engine; the panel library does not).
void EstimateBill(const Model& model, BillView* view);

// Draws into the current window. The button "Estimate the bill" (tracked under that name) queues
// kEstimateBill.
void DrawBillPanel(BillPanelState* state, const BillView& view, Intents* intents);

}  // namespace monotable::ui
