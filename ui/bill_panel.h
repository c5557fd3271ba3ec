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

// The "what if" sliders' values and which table or index the partition picture shows.
struct BillPanelState {
  float traffic = 1;         // every pattern's rate times this
  int extra_item_bytes = 0;  // bytes added to every item of the model
  int picture = 0;           // index into BillView::pictures
};

// What the estimate is asked for (intent::EstimateBill's fields).
struct BillWhatIf {
  double traffic = 1;
  int extra_item_bytes = 0;
};

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
  // Each Query beside the full-table Scan that answers it (plan::ScanTotal).
  struct ScanRow {
    std::string id, query_units, scan_pages, scan_units, query_month, scan_month;
  };
  std::vector<ScanRow> scans;
  // The partition picture of one table or GSI: which partition each key lands on and the
  // simulation's per-second utilisation (rows = partitions, columns = seconds of the load
  // profile; above 1 that second throttled).
  struct Picture {
    std::string name;                     // "Orders/GSI2"
    int rows = 0, columns = 0;            // partitions, seconds
    int peak_from = 0;                    // first column of the peak
    std::vector<float> utilisation;       // rows x columns, row-major
    std::vector<std::string> row_keys;    // per partition: "OPEN" or "C#c001, C#c002, +12 more"
    std::vector<std::string> shard_keys;  // the hot key's rewrite on this resource, per partition
    std::string hot_key;                  // "GSI2PK = OPEN" ("" when none)
    int throttled_cells = 0;              // seconds x partitions over the limit
  };
  std::vector<Picture> pictures;
  std::string what_if;  // "traffic x2, +100 bytes per item" ("" at the model's own)
};

// Builds the plan of `model` (its items as the engine holds them now: pass ExportModel's result)
// and formats it into *view. On error, view->error says why and the figures are empty.
// Implemented in bill_view.cc, in the app library (it runs the engine; the panel library does not).
// `what_if` scales every pattern's rates and pads every item of `model` (an attribute `whatIfPad`
// of that many bytes, name included, on items of the model: not on items its write patterns
// bring), so the engine bills the bigger items: 4.0 KB plus 100 bytes reads twice the units.
void EstimateBill(const Model& model, const BillWhatIf& what_if, BillView* view);

// Draws into the current window. The button "Estimate the bill" and the sliders "Traffic x"
// and "Bytes added to every item" (tracked under those names) queue intent::EstimateBill with the
// sliders' values (a slider when it is let go).
void DrawBillPanel(BillPanelState* state, const BillView& view, Intents* intents);

}  // namespace monotable::ui
