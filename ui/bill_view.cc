// Bill view: EstimateBill (see bill_panel.h), the one part of the bill panel that calls the
// engine (through core's plan), built into the app library beside view_model.cc.
#include <algorithm>
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

void EstimateBill(const Model& model, const BillWhatIf& what_if, BillView* view) {
  BillView v;
  v.estimated = true;
  plan::PlanOptions options;
  options.traffic_multiplier = what_if.traffic;
  const Model* planned = &model;
  Model padded;
  constexpr const char* kPad = "whatIfPad";  // 9 bytes of name
  const int pad = what_if.extra_item_bytes;
  if (pad > 0) {
    padded = model;
    // An S value of n bytes plus its name counts n + 9 (DG CapacityUnitCalculations: names and
    // values both count); fewer than 10 bytes cannot be added this way, so at least 10.
    const size_t value = static_cast<size_t>(std::max(pad, 10)) - 9;
    for (ModelTable& t : padded.tables) {
      for (Item& item : t.items) item[kPad] = Value::S(std::string(value, '.'));
    }
    planned = &padded;
  }
  if (what_if.traffic != 1 || pad > 0) {
    v.what_if = "what if: traffic x" + Number(what_if.traffic) +
                (pad > 0 ? ", +" + std::to_string(std::max(pad, 10)) + " bytes on every item" : "");
  }
  plan::Plan p;
  Status s = plan::BuildPlan(*planned, options, &p);
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
  for (const plan::PatternBill& b : p.patterns) {
    if (!b.full_scan.applicable) continue;
    v.scans.push_back({b.id, FormatUnits(b.read_units) + " RRU",
                       Number(b.full_scan.pages) + (b.full_scan.pages == 1 ? " page" : " pages"),
                       FormatUnits(b.full_scan.read_units) + " RRU",
                       FormatDollars(b.dollars_per_month),
                       FormatDollars(b.full_scan.dollars_per_month)});
  }
  for (const plan::ResourcePlan& r : p.resources) {
    if (r.local_index || r.heat.empty()) continue;
    BillView::Picture pic;
    pic.name = r.index.empty() ? r.table : r.table + "/" + r.index;
    pic.rows = static_cast<int>(r.heat.size());
    pic.columns = static_cast<int>(r.heat[0].size());
    pic.peak_from = std::min(pic.columns, options.average_seconds);
    for (const std::vector<float>& row : r.heat) {
      for (int c = 0; c < pic.columns; ++c) {
        float u = c < static_cast<int>(row.size()) ? row[static_cast<size_t>(c)] : 0.0f;
        pic.utilisation.push_back(u);
        if (u > 1) ++pic.throttled_cells;
      }
    }
    std::vector<std::vector<std::string>> keys(static_cast<size_t>(pic.rows));
    for (const auto& [key, part] : r.key_partitions) {
      if (part >= 0 && part < pic.rows) keys[static_cast<size_t>(part)].push_back(key);
    }
    for (const std::vector<std::string>& k : keys) {
      std::string text;
      for (size_t i = 0; i < k.size() && i < 3; ++i) text += (i ? ", " : "") + k[i];
      if (k.size() > 3) text += ", +" + std::to_string(k.size() - 3) + " more";
      pic.row_keys.push_back(text.empty() ? "(no example key)" : text);
    }
    for (const plan::HotKey& h : p.hot_keys) {
      if (h.table != r.table || h.index != r.index) continue;
      pic.hot_key = h.attribute + " = " + h.value;
      std::vector<std::string> shards(static_cast<size_t>(pic.rows));
      for (const auto& [key, part] : h.shard_partitions) {
        if (part < 0 || part >= pic.rows) continue;
        std::string& t = shards[static_cast<size_t>(part)];
        t += (t.empty() ? "" : ", ") + key;
      }
      pic.shard_keys = std::move(shards);
    }
    v.pictures.push_back(std::move(pic));
  }
  *view = std::move(v);
}

}  // namespace monotable::ui
