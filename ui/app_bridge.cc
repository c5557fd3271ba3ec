// App's bridge to the page's JavaScript (see app.h): window.monotable's state and last run as
// JSON text (StateJson, LastRunJson), the DOM text layer's content and its change key (TextJson,
// TextKey), and the tour driven from the page (SetTourStep, RunTourStep). It reads App's views,
// history and engine and writes only JSON; it knows nothing of Emscripten or the DOM
// (web/main.cc exports these functions to JS). The saved-state format is ui/app_state.cc's.
#include <algorithm>
#include <cmath>
#include <string>

#include "imgui.h"
#include "nlohmann/json.hpp"
#include "ui/app.h"
#include "ui/response_json.h"
#include "ui/text_export.h"
#include "ui/view_model.h"

namespace monotable::ui {

using json = nlohmann::json;

std::string App::StateJson() const {
  json state = json::object();
  json model = json::object();
  model["id"] = model_id_;
  model["name"] = model_.name;
  model["scale"] = model_scale_;
  json tables = json::array();
  for (const TableInfo& t : engine_.Tables()) {
    json indexes = json::array();
    for (const IndexInfo& i : t.indexes) {
      indexes.push_back({{"name", i.name}, {"global", i.global}, {"itemCount", i.item_count}});
    }
    tables.push_back({{"name", t.name},
                      {"itemCount", t.item_count},
                      {"sizeBytes", t.size_bytes},
                      {"indexes", indexes}});
  }
  model["tables"] = tables;
  json patterns = json::array();
  for (const PatternRow& p : patterns_view_.rows) {
    patterns.push_back({{"id", p.id},
                        {"name", p.name},
                        {"operation", p.operation},
                        {"table", p.table},
                        {"index", p.index},
                        {"keyCondition", p.key_condition},
                        {"runLabel", "Run##" + p.id}});
  }
  model["patterns"] = patterns;
  if (patterns_view_.ran_all) {
    json scans = json::array();
    for (const PatternsView::ScanBeside& s : patterns_view_.all_scans) {
      scans.push_back({{"id", s.id},
                       {"queryReadUnits", s.query_read_units},
                       {"table", s.table},
                       {"items", s.items},
                       {"pages", s.pages},
                       {"scanReadUnits", s.scan_read_units}});
    }
    state["runAll"] = {{"readUnits", patterns_view_.all_read_units},
                       {"writeUnits", patterns_view_.all_write_units},
                       {"dollars", patterns_view_.all_dollars},
                       {"dollarsPerMillion", patterns_view_.all_dollars_per_million},
                       {"dollarsPerMonth", patterns_view_.all_dollars_per_month},
                       {"failed", patterns_view_.all_failed},
                       {"scans", scans}};
  }
  model["tourSteps"] = model_.tour.size();
  state["model"] = model;
  state["loadError"] = load_status_;
  // A load StartLoadModel is running (the page draws its progress): {name, items, expected,
  // phase: "items" while they are written, "view" while the items view is built, with its rows
  // and expected rows; reset: true for StartReset's, which has only the view to build}.
  state["loading"] = nullptr;
  if (pending_load_) {
    const PendingLoad& p = *pending_load_;
    state["loading"] = {{"name", p.name},
                        {"items", p.items_written()},
                        {"expected", p.load.items_expected()},
                        {"phase", p.view_build ? "view" : "items"},
                        {"reset", p.reset}};
    if (p.view_build) {
      state["loading"]["rows"] = p.view_build->rows_built();
      state["loading"]["expectedRows"] = p.view_build->rows_expected();
    }
  }
  json selected = json::object();
  if (table_panel_.selected >= 0 &&
      table_panel_.selected < static_cast<int>(tables_view_.collections.size())) {
    const CollectionView& c = tables_view_.collections[static_cast<size_t>(table_panel_.selected)];
    selected = {{"table", c.table}, {"index", c.index}};
  }
  state["selected"] = selected;
  if (has_last_) {
    json request = json::parse(last_request_, nullptr, false);
    json body = json::parse(last_result_.body, nullptr, false);
    state["lastRequest"] = {{"operation", last_operation_},
                            {"request", request.is_discarded() ? json(last_request_) : request}};
    state["response"] = body.is_discarded() ? json(last_result_.body) : body;
    state["ok"] = last_result_.status.ok();
    if (!last_result_.status.ok()) {
      state["error"] = {{"type", std::string(ErrorName(last_result_.status.code()))},
                        {"message", last_result_.status.message()}};
    }
    state["effects"] = json::parse(EffectsToJson(last_result_.effects));
  } else {
    state["lastRequest"] = nullptr;
    state["response"] = nullptr;
    state["effects"] = nullptr;
  }
  json marked = json::object();
  for (const CollectionView& c : tables_view_.collections) {
    if (c.marked_rows == 0) continue;
    json rows = json::array();
    for (int index : c.marked) {
      const RowView& r = c.rows[static_cast<size_t>(index)];
      const RowCells cells = FormatRow(c, r);
      rows.push_back(
          {{"key", cells.size() > 1 && !c.range_key.empty() ? cells[0] + " / " + cells[1]
                                                            : (cells.empty() ? "" : cells[0])},
           {"mark", MarkName(r.mark)}});
      if (rows.size() >= 200) break;
    }
    marked[c.index.empty() ? c.table : c.table + "/" + c.index] = rows;
  }
  state["highlighted"] = marked;
  // The result panel's write fan-out: shown, how far its animation was at the last frame that drew
  // it (1: the final state), and its boxes per item written (the table's, then one per index).
  json fanout_groups = json::array();
  for (const FanoutGroupView& g : result_view_.fanout.groups) {
    json indexes = json::array();
    for (const FanoutBoxView& b : g.indexes) {
      indexes.push_back({{"index", b.title},
                         {"action", b.action},
                         {"writeUnits", b.write_units},
                         {"written", b.written}});
    }
    fanout_groups.push_back({{"table", g.base.title},
                             {"action", g.base.action},
                             {"writeUnits", g.base.write_units},
                             {"indexes", indexes}});
  }
  state["fanout"] = {
      {"shown", result_view_.fanout.has_fanout && result_panel_.show_fanout},
      {"progress", result_panel_.fanout.progress},
      // The write shown (FanoutView::serial) and the one the panel last drew: equal once drawn.
      {"serial", result_view_.fanout.serial},
      {"drawnSerial", result_panel_.fanout.shown_serial},
      {"narrow", result_panel_.fanout.narrow},
      {"summary", result_view_.fanout.summary},
      {"groups", fanout_groups}};
  state["request"] = {{"operation", request_panel_.operation},
                      {"json", request_panel_.json_text},
                      {"label", request_panel_.label}};
  state["history"] = {{"entries", history_.size()}, {"current", history_current_}};
  // The Bill tab's last estimate, as it draws it (ui/bill_panel.h), null before one.
  state["bill"] = nullptr;
  if (bill_view_.estimated) {
    json resources = json::array(), pictures = json::array(), scans = json::array();
    for (const BillView::ResourceRow& r : bill_view_.resources) {
      resources.push_back({{"name", r.name}, {"partitions", r.partitions}, {"peak", r.peak},
                           {"throttled", r.throttled}});
    }
    for (const BillView::Picture& p : bill_view_.pictures) {
      pictures.push_back({{"name", p.name}, {"partitions", p.rows}, {"seconds", p.columns},
                          {"hotKey", p.hot_key}, {"throttledCells", p.throttled_cells}});
    }
    for (const BillView::ScanRow& r : bill_view_.scans) {
      scans.push_back({{"id", r.id}, {"query", r.query_units}, {"scan", r.scan_units}});
    }
    state["bill"] = {{"error", bill_view_.error},
                     {"onDemand", bill_view_.on_demand_total},
                     {"provisioned", bill_view_.provisioned_total},
                     {"patterns", bill_view_.patterns.size()},
                     {"resources", resources},
                     {"hotKeys", bill_view_.hot_keys},
                     {"pictures", pictures},
                     {"scans", scans},
                     {"whatIf", bill_view_.what_if}};
  }
  // The keyboard: the panel focus is in, the pattern J/K opened, the tour step N/P moved to, and
  // the focus ring (CSS px), or null when none is drawn.
  WidgetRect ring;
  json ring_json = nullptr;
  if (FocusRing(&ring)) {
    const float k = scale_ > 0 ? scale_ : 1;
    ring_json = {{"x", ring.x / k}, {"y", ring.y / k}, {"w", ring.w / k}, {"h", ring.h / k}};
  }
  state["keyboard"] = {{"panel", ImGui::GetCurrentContext() ? FocusedPanel() : ""},
                       {"pattern", patterns_view_.selected},
                       {"tourStep", tour_panel_.step},
                       {"ring", ring_json}};
  state["session"] = {{"requests", session_requests_},
                      {"readUnits", session_read_units_},
                      {"writeUnits", session_write_units_},
                      {"dollars", session_dollars_}};
  state["theme"] = dark_ ? "dark" : "light";
  state["clock"] = {{"nowMs", clock_.NowMs()}, {"offsetMs", clock_.offset_ms()}};
  state["frames"] = frames_;
  state["version"] = engine_.version();
  // How the last frame was arranged, in CSS px (ui/app_layout.cc).
  const float css = scale_ > 0 ? scale_ : 1;
  state["layout"] = {
      {"mode", LayoutModeName(layout_mode_)},
      {"tab", layout_mode_ == LayoutMode::kNarrow ? NarrowTabName(narrow_tab_) : ""},
      {"cssWidth",
       ImGui::GetCurrentContext() ? std::round(ImGui::GetIO().DisplaySize.x / css) : 0.0f},
      {"contentHeight", std::round(content_height_ / css)}};
  // Messages and items quote what users typed: bytes that are not UTF-8 become U+FFFD rather
  // than aborting the dump (JSON_NOEXCEPTION), as in the engine's error bodies.
  return state.dump(-1, ' ', false, json::error_handler_t::replace);
}

std::string App::LastRunJson() const {
  // The response and the effects are already JSON text: spliced in as they are, not parsed into
  // trees and printed again (a Scan's 1 MB page did that twice; docs/benchmarks.md section 17).
  JsonSpan span;
  const bool is_json = JsonValueSpan(last_result_.body, &span);
  std::string out = R"({"response":)";
  if (is_json) {
    out += last_result_.body;
  } else {
    out += json(last_result_.body).dump(-1, ' ', false, json::error_handler_t::replace);
  }
  out += R"(,"ok":)";
  out += last_result_.status.ok() ? "true" : "false";
  if (!last_result_.status.ok()) {
    out += R"(,"error":)";
    out += json{{"type", std::string(ErrorName(last_result_.status.code()))},
                {"message", last_result_.status.message()}}
               .dump(-1, ' ', false, json::error_handler_t::replace);
  }
  out += R"(,"effects":)";
  out += EffectsToJson(last_result_.effects);
  out += "}";
  return out;
}

std::string App::TextJson() const {
  TextExportInput input;
  input.result = &result_view_;
  input.cost = &cost_view_;
  input.tour = &tour_view_;
  input.tour_step = tour_panel_.step;
  input.request_json = last_request_;
  input.effects = &last_result_.effects;
  return TextExportJson(input).dump(-1, ' ', false, json::error_handler_t::replace);
}

double App::TextKey() const {
  return static_cast<double>((loads_ & 0xfffff) << 32 | (run_serial_ & 0xfffff) << 12 |
                             (static_cast<uint64_t>(tour_panel_.step) & 0xfff));
}

void App::SetTourStep(int step) {
  int last = static_cast<int>(tour_view_.steps.size()) - 1;
  tour_panel_.step = std::clamp(step, 0, std::max(last, 0));
}

void App::RunTourStep() {
  intents_.push_back(intent::RunTourStep{tour_panel_.step});
  ApplyIntents();
}

}  // namespace monotable::ui
