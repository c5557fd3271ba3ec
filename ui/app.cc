// App (see app.h): the model's lifecycle (load, install, reset), running requests and the
// history with its undo snapshots, the views rebuilt after a run, and applying the panels'
// intents after a frame. Elsewhere: the layout (ui/app_layout.cc), the saved state and links
// (ui/app_state.cc), the JSON bridge for the page's JavaScript (ui/app_bridge.cc).
#include "ui/app.h"

#include <cctype>
#include <cstdio>
#include <variant>

#include "imgui.h"
#include "monotable/plan.h"
#include "nlohmann/json.hpp"
#include "ui/theme.h"
#include "ui/view_model.h"

namespace monotable::ui {
namespace {

using json = nlohmann::json;

std::string Lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

// std::visit over an Intent with one lambda per kind.
template <class... Fs>
struct Overloaded : Fs... {
  using Fs::operator()...;
};
template <class... Fs>
Overloaded(Fs...) -> Overloaded<Fs...>;

std::string Member(const json& obj, const char* name) {
  if (!obj.is_object()) return "";
  auto it = obj.find(name);
  return it != obj.end() && it->is_string() ? it->get<std::string>() : "";
}

}  // namespace

App::App() {
  for (std::string_view name : BuiltinModelNames()) {
    model_view_.example_ids.emplace_back(name);
    // Display name: the model's own name when it parses, else the id.
    Model m;
    std::string display(name);
    if (ParseModel(BuiltinModel(name), &m).ok() && !m.name.empty()) display = m.name;
    model_view_.example_names.push_back(display);
  }
}

void App::SetScale(float scale) {
  scale_ = scale;
  ApplyTheme(dark_, scale_);
}

void App::SetDark(bool dark) {
  dark_ = dark;
  model_view_.dark = dark;
  ApplyTheme(dark_, scale_);
}

Status App::PrepareModel(std::string_view name_or_json, double scale, Model* model, Engine* engine,
                         std::string* id, double* used_scale) const {
  size_t first = name_or_json.find_first_not_of(" \t\r\n");
  Status status;
  if (first != std::string_view::npos && name_or_json[first] == '{') {
    *id = "custom";
    // A NoSQL Workbench export (it has "DataModel") is imported; anything else is a model file.
    if (name_or_json.find("\"DataModel\"") != std::string_view::npos) {
      status = ImportWorkbench(name_or_json, model);
    } else {
      status = ParseModel(name_or_json, model);
    }
    scale = 1;
  } else {
    *id = Lower(name_or_json);
    if (BuiltinModel(*id).empty()) {
      status = Status::Validation("Unknown example \"" + std::string(name_or_json) + "\"");
    } else if (scale <= 1) {
      status = ParseModel(BuiltinModel(*id), model);
    } else {
      // A scaled example is generated straight into the engine: its items (a million at the
      // page's largest scale) never exist as a Model besides the engine's own copy, so the peak
      // of the load, which WebAssembly memory keeps for the life of the page, is the engine.
      // The built-in examples set no prices: the engine's defaults apply, as for the others.
      GenerateOptions options;
      options.scale = scale;
      *engine = Engine(EngineOptionsFor(*model));
      status = LoadExample(*id, options, engine, model);
      *used_scale = scale;
      return status;
    }
  }
  if (status.ok()) {
    *engine = Engine(EngineOptionsFor(*model));
    status = monotable::LoadModel(*model, engine);
  }
  *used_scale = scale < 1 ? 1 : scale;
  return status;
}

EngineOptions App::EngineOptionsFor(const Model& model) const {
  EngineOptions options;
  if (model.prices) options.prices = *model.prices;
  options.clock_ms = clock_.Function();  // "advance time" moves it (TTL)
  return options;
}

void App::DropTablesView() {
  const uint64_t effects_serial = tables_view_.effects_serial;
  tables_view_ = TablesView();
  tables_view_.effects_serial = effects_serial;
}

Status App::LoadModel(std::string_view name_or_json, double scale) {
  // On error the view is rebuilt from the engine, which still holds the previous model.
  DropTablesView();
  Model model;
  Engine engine;
  std::string id;
  double used_scale = 1;
  Status status = PrepareModel(name_or_json, scale, &model, &engine, &id, &used_scale);
  if (!status.ok()) {
    RebuildAll();
    load_status_ = status.message();
    model_view_.status = "Could not load: " + load_status_;
    return status;
  }
  InstallLoadedModel(std::move(model), std::move(engine), id, used_scale,
                     id == "custom" ? std::string(name_or_json) : std::string());
  return Status::Ok();
}

void App::InstallLoadedModel(Model model, Engine engine, const std::string& id, double scale,
                             std::string custom_text, TablesView* built) {
  InstallModel(std::move(model), std::move(engine), id, scale, std::move(custom_text), built);
  initial_is_loaded_model_ = true;
  base_writes_.clear();
  if (!model_.access_patterns.empty()) {
    const AccessPattern& p = model_.access_patterns.front();
    LoadRequest(&request_panel_, schema_view_, p.operation, p.request_json, p.name);
  }
}

void App::InstallModel(Model model, Engine engine, const std::string& id, double scale,
                       std::string custom_text, TablesView* built) {
  engine_ = std::move(engine);
  model_ = std::move(model);
  // Once loaded, the items live in the engine (ExportModel takes them from there; nothing else
  // reads a model's items): keeping a second copy would double the page's memory for good.
  for (ModelTable& t : model_.tables) std::vector<Item>().swap(t.items);
  model_id_ = id;
  model_scale_ = scale;
  if (id == "custom") custom_text_ = std::move(custom_text);
  load_status_.clear();
  initial_ = std::make_shared<const Engine>(engine_);
  initial_is_loaded_model_ = false;  // InstallLoadedModel says so after installing
  ++loads_;
  history_.clear();
  history_current_ = -1;
  has_last_ = false;
  last_operation_.clear();
  last_request_.clear();
  last_result_ = Result();
  result_view_ = ResultView();
  cost_view_ = CostView();
  cost_view_.read_unit_price_per_million = engine_.options().prices.read_request_unit_per_million;
  cost_view_.write_unit_price_per_million = engine_.options().prices.write_request_unit_per_million;
  session_read_units_ = session_write_units_ = session_dollars_ = 0;
  session_requests_ = 0;
  tour_panel_.step = 0;
  table_panel_ = TablePanelState();
  RebuildAll(built);
  patterns_view_ = BuildPatternsView(model_);
  tour_view_ = BuildTourView(model_);
  request_panel_ = RequestPanelState();
  select_side_tab_ = 0;
}

void App::RebuildAll(TablesView* built) {
  schema_view_ = BuildSchemaView(engine_);
  uint64_t serial = tables_view_.effects_serial;
  tables_view_ = built ? std::move(*built) : BuildTablesView(engine_, nullptr, nullptr);
  tables_view_.effects_serial = serial;
  model_view_.loaded_id = model_id_;
  model_view_.loaded_name = model_.name.empty() ? model_id_ : model_.name;
  if (model_scale_ > 1) {
    char buf[32];
    std::snprintf(buf, sizeof buf, " x%g", model_scale_);
    model_view_.loaded_name += buf;
  }
  model_view_.loaded_scale = model_scale_;
  model_view_.status.clear();
  model_view_.dark = dark_;
  uint64_t items = 0;
  std::vector<TableInfo> tables = engine_.Tables();
  for (const TableInfo& t : tables) items += t.item_count;
  model_view_.items = items;
  model_view_.tables = static_cast<int>(tables.size());
  history_view_ = HistoryView();
  for (const HistoryEntry& e : history_) {
    history_view_.entries.push_back(
        {e.operation, e.label, e.ok, e.read_units, e.write_units, e.dollars, e.changed_data});
  }
  history_view_.current = history_current_;
}

std::vector<std::string> App::KeyNamesOf(const std::string& table) const {
  for (const TableSchemaView& t : schema_view_.tables) {
    if (t.name != table) continue;
    std::vector<std::string> names = {t.hash.name};
    if (!t.range.name.empty()) names.push_back(t.range.name);
    return names;
  }
  return {};
}

const Result& App::Run(std::string_view operation, std::string_view request_json,
                       std::string_view label) {
  RecordRun(operation, request_json, label);
  RefreshAfterRun(last_operation_, last_request_, history_.back().changed_data);
  ++run_serial_;
  return last_result_;
}

void App::RecordRun(std::string_view operation, std::string_view request_json,
                    std::string_view label) {
  std::string request(request_json);
  json parsed = json::parse(request_json, nullptr, false);
  if (!parsed.is_discarded() && parsed.is_object() && !parsed.contains("ReturnConsumedCapacity")) {
    // The playground always shows capacity per table and index.
    parsed["ReturnConsumedCapacity"] = "INDEXES";
    request = parsed.dump();
  }
  uint64_t before = engine_.version();
  // AdvanceTime is the playground's own: it moves the clock and runs the TTL sweep.
  last_result_ = operation == kAdvanceTimeOperation ? AdvanceTime(&engine_, &clock_, request)
                                                    : engine_.Execute(operation, request);
  bool changed = engine_.version() != before;
  last_operation_ = std::string(operation);
  last_request_ = request;
  has_last_ = true;

  history_.resize(static_cast<size_t>(history_current_ + 1));  // a new request forgets redo
  HistoryEntry entry;
  entry.operation = last_operation_;
  entry.request = request;
  entry.label = std::string(label);
  entry.ok = last_result_.status.ok();
  entry.read_units = last_result_.effects.read_units;
  entry.write_units = last_result_.effects.write_units;
  entry.dollars = last_result_.effects.dollars;
  entry.changed_data = changed;
  if (changed) entry.after = std::make_shared<const Engine>(engine_);
  history_.push_back(std::move(entry));
  history_current_ = static_cast<int>(history_.size()) - 1;
  ++session_requests_;
  session_read_units_ += last_result_.effects.read_units;
  session_write_units_ += last_result_.effects.write_units;
  session_dollars_ += last_result_.effects.dollars;
}

void App::RefreshAfterRun(std::string_view operation, std::string_view request, bool changed) {
  const Effects& effects = last_result_.effects;
  ++effects_serial_;
  json parsed = json::parse(request, nullptr, false);
  std::string table = Member(parsed, "TableName");
  std::string index = Member(parsed, "IndexName");
  bool consistent = parsed.is_object() && parsed.contains("ConsistentRead") &&
                    parsed["ConsistentRead"].is_boolean() && parsed["ConsistentRead"].get<bool>();
  if (changed) {
    schema_view_ = BuildSchemaView(engine_);
    // Patched where the write touched it; rebuilt from the previous view otherwise.
    if (!PatchTablesView(engine_, effects, &tables_view_)) {
      TablesView previous = std::move(tables_view_);
      tables_view_ = BuildTablesView(engine_, &effects, &previous);
    }
    uint64_t items = 0;
    for (const TableInfo& t : engine_.Tables()) items += t.item_count;
    model_view_.items = items;
  } else {
    RemarkTablesView(&tables_view_, effects);
  }
  tables_view_.effects_serial = effects_serial_;
  tables_view_.focus_collection = -1;
  if (table.empty() && !effects.items.empty()) table = effects.items.front().table;
  for (size_t i = 0; i < tables_view_.collections.size(); ++i) {
    const CollectionView& c = tables_view_.collections[i];
    if (c.table == table && c.index == index) tables_view_.focus_collection = static_cast<int>(i);
  }
  result_view_ = BuildResultView(operation, last_result_, KeyNamesOf(table));
  result_view_.fanout.serial = effects_serial_;  // a new write: the fan-out animates again
  cost_view_ = BuildCostView(operation, consistent, effects, engine_.options().prices);
  cost_view_.session_requests = session_requests_;
  cost_view_.session_read_units = session_read_units_;
  cost_view_.session_write_units = session_write_units_;
  cost_view_.session_dollars = session_dollars_;
  history_view_ = HistoryView();
  for (const HistoryEntry& e : history_) {
    history_view_.entries.push_back(
        {e.operation, e.label, e.ok, e.read_units, e.write_units, e.dollars, e.changed_data});
  }
  history_view_.current = history_current_;
}

void App::RestoreTo(int history_index) {
  if (!initial_) return;
  if (history_index >= static_cast<int>(history_.size())) return;
  std::shared_ptr<const Engine> snapshot = initial_;
  for (int i = history_index; i >= 0; --i) {
    if (history_[static_cast<size_t>(i)].after) {
      snapshot = history_[static_cast<size_t>(i)].after;
      break;
    }
  }
  engine_ = *snapshot;
  history_current_ = history_index;
  ++loads_;
  ++effects_serial_;
  RebuildAll();
}

void App::RunPatternAt(int index) {
  if (index < 0 || index >= static_cast<int>(model_.access_patterns.size())) return;
  const AccessPattern& p = model_.access_patterns[static_cast<size_t>(index)];
  LoadRequest(&request_panel_, schema_view_, p.operation, p.request_json, p.name);
  const Result& result = Run(p.operation, p.request_json, p.name);
  if (index < static_cast<int>(patterns_view_.rows.size())) {
    PatternRow& row = patterns_view_.rows[static_cast<size_t>(index)];
    row.ran = true;
    row.ok = result.status.ok();
    row.read_units = result.effects.read_units;
    row.write_units = result.effects.write_units;
    row.returned = result_view_.has_count ? static_cast<int>(result_view_.count)
                                          : static_cast<int>(ResultRowCount(result_view_));
  }
}

void App::FocusLookAt(const std::string& look_at) {
  std::string table, index;
  if (look_at.rfind("index:", 0) == 0) {
    std::string rest = look_at.substr(6);
    size_t slash = rest.find('/');
    table = rest.substr(0, slash);
    if (slash != std::string::npos) index = rest.substr(slash + 1);
  } else if (look_at.rfind("table:", 0) == 0) {
    table = look_at.substr(6);
  } else {
    return;
  }
  for (size_t i = 0; i < tables_view_.collections.size(); ++i) {
    const CollectionView& c = tables_view_.collections[i];
    if (c.table == table && c.index == index) {
      tables_view_.focus_collection = static_cast<int>(i);
      tables_view_.effects_serial = ++effects_serial_;
    }
  }
}

void App::ApplyIntents() {
  Intents intents;
  intents.swap(intents_);
  for (const Intent& queued : intents) {
    std::visit(
        Overloaded{
            [&](const intent::LoadModel& i) { StartLoadModel(i.name, i.scale); },
            [&](const intent::ResetModel&) { StartReset(); },
            [&](const intent::RunRequest& i) {
              Run(i.operation, i.request_json, i.label);
              if (side_tab_ != 2) select_side_tab_ = 1;  // the settings tab stays where it acts
              RevealResult();
            },
            [&](const intent::RunPattern& i) {
              RunPatternAt(i.row);
              RevealResult();
            },
            [&](const intent::RunAll&) { RunAllPatterns(); },
            [&](const intent::EstimateBill& i) {
              EstimateBill(ExportModel(engine_, model_), BillWhatIf{i.traffic, i.extra_item_bytes},
                           &bill_view_);
            },
            [&](const intent::EditPattern& i) {
              if (i.row < 0 || i.row >= static_cast<int>(model_.access_patterns.size())) return;
              const AccessPattern& p = model_.access_patterns[static_cast<size_t>(i.row)];
              LoadRequest(&request_panel_, schema_view_, p.operation, p.request_json, p.name);
              narrow_tab_ = NarrowTab::kRequest;  // on a phone the builder is another tab
            },
            [&](const intent::RunTourStep& i) { RunTourStepAt(i.step); },
            [&](const intent::NextPage&) { RunNextPage(); },
            [&](const intent::UndoTo& i) { RestoreTo(i.history_entry); },
            [&](const intent::Rerun& i) {
              if (i.history_entry < 0 || i.history_entry >= static_cast<int>(history_.size())) {
                return;
              }
              HistoryEntry e = history_[static_cast<size_t>(i.history_entry)];
              LoadRequest(&request_panel_, schema_view_, e.operation, e.request, e.label);
              Run(e.operation, e.request, e.label);
              RevealResult();
            },
            [&](const intent::SelectCollection& i) {
              selected_table_ = i.table;
              selected_index_ = i.index;
            },
            [&](const intent::SetTheme& i) { SetDark(i.dark); },
            [&](const intent::CopyText& i) {
              last_copied_ = i.text;
              ImGui::SetClipboardText(i.text.c_str());
            },
        },
        queued);
  }
}

void App::RunAllPatterns() {
  double r = 0, w = 0, d = 0, month = 0;
  patterns_view_.all_failed.clear();
  patterns_view_.all_scans.clear();
  for (size_t i = 0; i < model_.access_patterns.size(); ++i) {
    RunPatternAt(static_cast<int>(i));
    r += last_result_.effects.read_units;
    w += last_result_.effects.write_units;
    d += last_result_.effects.dollars;
    const AccessPattern& p = model_.access_patterns[i];
    month += last_result_.effects.dollars * p.requests_per_second * plan::kSecondsPerMonth;
    if (!last_result_.status.ok()) {
      patterns_view_.all_failed.push_back(RunAllFailure(p.id, last_result_.status));
    } else if (p.operation == "Query") {
      json req = json::parse(p.request_json, nullptr, false);
      PatternsView::ScanBeside s{p.id, last_result_.effects.read_units, p.TableName()};
      s.consistent = req.is_object() && req.value("ConsistentRead", false) == true;
      patterns_view_.all_scans.push_back(std::move(s));
    }
  }
  // The same question without the Query's key condition: a Scan of the whole base table as the
  // run left it (what the items panel shows), every page, at the Query's consistency (a GSI
  // Query is eventually consistent).
  for (PatternsView::ScanBeside& s : patterns_view_.all_scans) {
    const plan::ScanTotal scan = plan::FullScanCost(engine_, s.table, s.consistent);
    s.items = scan.items;
    s.pages = scan.pages;
    s.scan_read_units = scan.read_units;
  }
  patterns_view_.ran_all = true;
  patterns_view_.all_read_units = r;
  patterns_view_.all_write_units = w;
  patterns_view_.all_dollars = d;
  patterns_view_.all_dollars_per_million = d * 1e6;
  patterns_view_.all_dollars_per_month = month;
  select_side_tab_ = 1;
}

void App::RunTourStepAt(int index) {
  if (index < 0 || index >= static_cast<int>(model_.tour.size())) return;
  const TourStep step = model_.tour[static_cast<size_t>(index)];
  if (!step.pattern_id.empty()) {
    for (size_t i = 0; i < model_.access_patterns.size(); ++i) {
      if (model_.access_patterns[i].id == step.pattern_id) RunPatternAt(static_cast<int>(i));
    }
  } else if (!step.operation.empty()) {
    LoadRequest(&request_panel_, schema_view_, step.operation, step.request_json, step.title);
    Run(step.operation, step.request_json, step.title);
  }
  FocusLookAt(step.look_at);
}

void App::RunNextPage() {
  json request = json::parse(last_request_, nullptr, false);
  json body = json::parse(last_result_.body, nullptr, false);
  if (!request.is_object() || !body.is_object() || !body.contains("LastEvaluatedKey")) return;
  request["ExclusiveStartKey"] = body["LastEvaluatedKey"];
  std::string label = history_.empty() ? "" : history_.back().label;
  if (label.find("(next page)") == std::string::npos) label += " (next page)";
  std::string op = last_operation_;
  LoadRequest(&request_panel_, schema_view_, op, request.dump(), label);
  Run(op, request.dump(), label);
  RevealResult();
}

void App::Reset() {
  if (initial_ && initial_is_loaded_model_) {
    // The model as LoadModel loaded it is still held (initial_, a snapshot that shares its items
    // with the current engine): going back to it needs no new generation or load, which took 6-8
    // s in the page at a million items, and no second engine (WebAssembly memory keeps its peak).
    // The same state a new LoadModel would give: history, views and the first pattern's request.
    DropTablesView();
    InstallLoadedModel(model_, *initial_, model_id_, model_scale_, custom_text_);
    return;
  }
  if (model_id_ == "custom") {
    std::string text = custom_text_;
    LoadModel(text, 1);
  } else if (!model_id_.empty()) {
    std::string id = model_id_;
    LoadModel(id, model_scale_);
  }
}

}  // namespace monotable::ui
