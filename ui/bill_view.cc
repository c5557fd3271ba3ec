// Bill view: EstimateBill (see bill_panel.h), the one part of the bill panel that calls the
// engine (through core's plan), built into the app library beside view_model.cc.
#include <cstdio>

#include "monotable/plan.h"
#include "ui/bill_panel.h"
#include "ui/widgets.h"

namespace monotable::ui {

namespace {

std::string Number(double v) {
  char buf[64];
  if (v == static_cast<double>(static_cast<long long>(v))) {
    std::snprintf(buf, sizeof buf, "%lld", static_cast<long long>(v));
  } else {
    std::snprintf(buf, sizeof buf, "%.2f", v);
  }
  return buf;
}

std::string Percent(double share) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.0f%%", share * 100);
  return buf;
}

}  // namespace

void EstimateBill(const Model& model, BillView* view) {
  BillView v;
  v.estimated = true;
  plan::Plan p;
  Status s = plan::BuildPlan(model, {}, &p);
  if (!s.ok()) {
    v.error = std::string(ErrorName(s.code())) + ": " + s.message();
    *view = std::move(v);
    return;
  }
  v.summary = p.model_name + ", " + Number(p.item_count) + " items, " + p.prices.region +
              " prices as of " + p.prices.as_of + ", a month = 730 hours";
  for (const plan::PatternBill& b : p.patterns) {
    v.patterns.push_back({b.id,
                          Number(b.load.per_second) + "/s (peak " + Number(b.load.Peak()) + ")",
                          FormatDollars(b.dollars_per_million), FormatDollars(b.dollars_per_month),
                          Number(b.throttled_per_second)});
  }
  for (const plan::ResourcePlan& r : p.resources) {
    BillView::ResourceRow row;
    row.name = r.index.empty() ? r.table : r.table + "/" + r.index;
    row.storage = FormatDollars(r.storage_dollars);
    row.on_demand = FormatDollars(r.on_demand_dollars);
    row.provisioned = r.local_index ? "(table's)"
                                    : std::to_string(r.provisioned_rcu) + " RCU, " +
                                          std::to_string(r.provisioned_wcu) +
                                          " WCU: " + FormatDollars(r.provisioned_dollars);
    row.partitions = r.local_index ? "(table's)" : std::to_string(r.partitions);
    row.peak = Percent(r.peak_utilisation);
    row.throttled = Number(r.throttled_reads_per_second + r.throttled_writes_per_second +
                           r.back_pressure_writes_per_second);
    v.resources.push_back(std::move(row));
  }
  v.on_demand_total = "On-demand: " + FormatDollars(p.on_demand_total) + " a month (requests " +
                      FormatDollars(p.on_demand_request_dollars) + ", storage " +
                      FormatDollars(p.storage_dollars) + ", streams " +
                      FormatDollars(p.stream_dollars) + ")";
  v.provisioned_total = "Provisioned: " + FormatDollars(p.provisioned_total) +
                        " a month (capacity for the peak at " + Percent(p.target_utilisation) +
                        " utilisation " + FormatDollars(p.provisioned_capacity_dollars) + ")";
  v.break_even = "Provisioned costs less once its average use passes " +
                 Percent(p.break_even_read_utilisation) + " of it.";
  for (const plan::HotKey& h : p.hot_keys) v.hot_keys.push_back(h.text);
  *view = std::move(v);
}

}  // namespace monotable::ui
