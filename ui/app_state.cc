// App's saved state (see app.h, "Saved state, links and embedding"): the one JSON document the
// web platform saves to the browser's storage, puts in shareable links and hands to embedded
// widgets. It owns the format and its versions; it knows nothing of storage, URLs or
// compression (web/monotable.js does those).
//
// Format version 2:
//   {"monotable": "state", "formatVersion": 2,
//    "base": {"model": "orders" | "vaultcommerce" | "custom", "scale": 1},
//    "writes": [{"operation": "UpdateItem", "request": {...}}, ...],
//    "model": {...a model file (docs/model-format.md)...},        (may be left out, see below)
//    "history": {"entries": [{"operation", "request", "label"}, ...], "current": 3},  (optional)
//    "request": {"operation": "Query", "json": "{...}", "label": "Open orders"},
//    "view": {"table": "Orders", "index": "GSI2"},
//    "theme": "dark" | "light"}
// "model" is the engine's tables and items exported (ExportModel), so a saved state does not
// depend on the examples staying the same. A compact state (links) leaves it out when the base is
// a built-in example: loading the example and replaying "writes" gives the same data.
// "history" (the browser's saved state always, a link when the user asks for it) is the history
// panel: its entries are replayed after "writes" (so "model" and "writes" are the data before
// the first entry) and "current" is where undo had gone back to. Without it, "writes" holds the
// history's writes up to "current". Version 1 is version 2 without "history".
#include <functional>
#include <string>
#include <utility>

#include "nlohmann/json.hpp"
#include "ui/app.h"

namespace monotable::ui {
namespace {

using json = nlohmann::json;

std::string StringMember(const json& obj, const char* name) {
  auto it = obj.find(name);
  return it != obj.end() && it->is_string() ? it->get<std::string>() : "";
}

// Operations that never change data: an embedded widget may run them on start.
bool IsRead(std::string_view operation) {
  return operation == "GetItem" || operation == "Query" || operation == "Scan" ||
         operation == "BatchGetItem" || operation == "TransactGetItems";
}

}  // namespace

std::string App::ExportModelJson() const { return SerializeModel(ExportModel(engine_, model_)); }

std::string App::ExportModelAs(std::string_view format) const {
  if (format == "workbench") return ExportWorkbench(ExportModel(engine_, model_));
  if (format == "cloudformation") return ExportCloudFormation(ExportModel(engine_, model_));
  return "";
}

std::string App::SaveState(bool compact, bool with_history) const {
  json state = json::object();
  state["monotable"] = "state";
  state["formatVersion"] = kStateFormatVersion;
  state["base"] = {{"model", model_id_}, {"scale", model_scale_}};
  auto request_json = [](const std::string& request) {
    json parsed = json::parse(request, nullptr, false);
    return parsed.is_discarded() ? json(request) : parsed;
  };
  json writes = json::array();
  auto add_write = [&](const std::string& operation, const std::string& request) {
    writes.push_back({{"operation", operation}, {"request", request_json(request)}});
  };
  for (const auto& [operation, request] : base_writes_) add_write(operation, request);
  if (with_history) {
    // The history replaces its writes: restoring replays every entry (reads too) on the data as
    // it was before the first one, so undo, redo and the last result come back.
    json entries = json::array();
    for (const HistoryEntry& e : history_) {
      entries.push_back(
          {{"operation", e.operation}, {"request", request_json(e.request)}, {"label", e.label}});
    }
    state["history"] = {{"entries", entries}, {"current", history_current_}};
  } else {
    for (int i = 0; i <= history_current_ && i < static_cast<int>(history_.size()); ++i) {
      const HistoryEntry& e = history_[static_cast<size_t>(i)];
      if (e.changed_data) add_write(e.operation, e.request);
    }
  }
  state["writes"] = writes;
  state["request"] = {{"operation", request_panel_.operation},
                      {"json", request_panel_.json_text},
                      {"label", request_panel_.label}};
  json view = json::object();
  if (table_panel_.selected >= 0 &&
      table_panel_.selected < static_cast<int>(tables_view_.collections.size())) {
    const CollectionView& c = tables_view_.collections[static_cast<size_t>(table_panel_.selected)];
    view = {{"table", c.table}, {"index", c.index}};
  }
  state["view"] = view;
  state["theme"] = dark_ ? "dark" : "light";
  std::string text = state.dump();
  if (compact && model_id_ != "custom") return text;
  // The model file is spliced in as text: it is already JSON, no need to parse it again. With the
  // history it is the data before the history (the snapshot kept at its start).
  text.pop_back();  // the closing '}'
  text += ",\"model\":";
  text += with_history && initial_ && !history_.empty()
              ? SerializeModel(ExportModel(*initial_, model_))
              : ExportModelJson();
  text += '}';
  return text;
}

Status App::RestoreState(std::string_view json_text) {
  json state = json::parse(json_text, nullptr, false);
  if (state.is_discarded() || !state.is_object()) {
    return Status::Validation("state: not a JSON object");
  }
  if (StringMember(state, "monotable") != "state") {
    return Status::Validation("state: not a monotable state (no \"monotable\": \"state\")");
  }
  auto version = state.find("formatVersion");
  if (version == state.end() || !version->is_number_integer()) {
    return Status::Validation("state: formatVersion missing or not an integer");
  }
  const int64_t format = version->get<int64_t>();
  if (format > kStateFormatVersion) {
    return Status::Validation("state: formatVersion " + std::to_string(format) +
                              " was written by a newer monotable (this one reads up to " +
                              std::to_string(kStateFormatVersion) + ")");
  }
  // Version 1 is version 2 without "history" (its "writes" are all the writes): it reads as it is.
  if (format < 1) {
    return Status::Validation("state: formatVersion " + std::to_string(format) + " is not known");
  }
  auto base = state.find("base");
  if (base == state.end() || !base->is_object()) {
    return Status::Validation("state: base missing or not an object");
  }
  std::string base_id = StringMember(*base, "model");
  double scale = 1;
  if (base->contains("scale") && (*base)["scale"].is_number()) {
    scale = (*base)["scale"].get<double>();
  }
  std::vector<std::pair<std::string, std::string>> writes;
  if (state.contains("writes")) {
    const json& list = state["writes"];
    if (!list.is_array()) return Status::Validation("state: writes is not an array");
    for (size_t i = 0; i < list.size(); ++i) {
      const json& w = list[i];
      std::string where = "state: writes[" + std::to_string(i) + "]";
      if (!w.is_object() || StringMember(w, "operation").empty() || !w.contains("request") ||
          !w["request"].is_object()) {
        return Status::Validation(where + ": expected {operation, request}");
      }
      writes.emplace_back(StringMember(w, "operation"), w["request"].dump());
    }
  }

  struct SavedEntry {
    std::string operation, request, label;
  };
  std::vector<SavedEntry> entries;
  int current = -1;
  if (state.contains("history")) {
    const json& h = state["history"];
    if (!h.is_object() || !h.contains("entries") || !h["entries"].is_array()) {
      return Status::Validation("state: history is not {entries, current}");
    }
    const json& list = h["entries"];
    for (size_t i = 0; i < list.size(); ++i) {
      const json& e = list[i];
      if (!e.is_object() || StringMember(e, "operation").empty() || !e.contains("request") ||
          !(e["request"].is_object() || e["request"].is_string())) {
        return Status::Validation("state: history.entries[" + std::to_string(i) +
                                  "]: expected {operation, request, label}");
      }
      entries.push_back(
          {StringMember(e, "operation"),
           e["request"].is_string() ? e["request"].get<std::string>() : e["request"].dump(),
           StringMember(e, "label")});
    }
    current = static_cast<int>(entries.size()) - 1;
    if (h.contains("current")) {
      if (!h["current"].is_number_integer() || h["current"].get<int64_t>() < -1 ||
          h["current"].get<int64_t>() >= static_cast<int64_t>(entries.size())) {
        return Status::Validation("state: history.current is not an entry's index (or -1)");
      }
      current = static_cast<int>(h["current"].get<int64_t>());
    }
  }

  Model model;
  Engine engine;
  std::string id;
  double used_scale = 1;
  std::string custom_text;
  auto model_member = state.find("model");
  if (model_member != state.end()) {
    if (!model_member->is_object()) return Status::Validation("state: model is not an object");
    custom_text = model_member->dump();
    Status status = PrepareModel(custom_text, 1, &model, &engine, &id, &used_scale);
    if (!status.ok()) return Status::Validation("state: model: " + status.message());
    // Started from a built-in example: Reset goes back to it.
    if (base_id != "custom" && !BuiltinModel(base_id).empty()) {
      id = base_id;
      used_scale = scale < 1 ? 1 : scale;
    }
  } else {
    if (base_id.empty() || base_id == "custom") {
      return Status::Validation("state: a custom model needs its \"model\"");
    }
    Status status = PrepareModel(base_id, scale, &model, &engine, &id, &used_scale);
    if (!status.ok()) return Status::Validation("state: base: " + status.message());
    for (size_t i = 0; i < writes.size(); ++i) {
      // AdvanceTime replays on the fresh page's clock: time moves as it did when saved.
      Result result = writes[i].first == kAdvanceTimeOperation
                          ? AdvanceTime(&engine, &clock_, writes[i].second)
                          : engine.Execute(writes[i].first, writes[i].second);
      if (!result.status.ok()) {
        return Status::Validation("state: writes[" + std::to_string(i) + "] (" + writes[i].first +
                                  ") failed: " + result.status.message());
      }
    }
  }
  std::string operation, request_json, label;
  if (state.contains("request") && state["request"].is_object()) {
    operation = StringMember(state["request"], "operation");
    request_json = StringMember(state["request"], "json");
    label = StringMember(state["request"], "label");
  }
  std::string theme = StringMember(state, "theme");

  // Everything checked: install.
  InstallModel(std::move(model), std::move(engine), id, used_scale, std::move(custom_text));
  base_writes_ = std::move(writes);
  if (!entries.empty()) {
    // The saved history, replayed as it ran: requests that failed then fail again, and each
    // write keeps its snapshot for undo. Views are built once, for the last request.
    for (const SavedEntry& e : entries) RecordRun(e.operation, e.request, e.label);
    RebuildAll();
    RefreshAfterRun(last_operation_, last_request_, false);
    if (current != static_cast<int>(history_.size()) - 1) RestoreTo(current);
  }
  if (!operation.empty()) {
    LoadRequest(&request_panel_, schema_view_, operation, request_json, label);
    // The builder's text exactly as the user left it (LoadRequest would indent it).
    request_panel_.json_text = request_json;
    JsonToForm(&request_panel_, schema_view_);
  } else if (!model_.access_patterns.empty()) {
    const AccessPattern& p = model_.access_patterns.front();
    LoadRequest(&request_panel_, schema_view_, p.operation, p.request_json, p.name);
  }
  if (state.contains("view") && state["view"].is_object()) {
    SelectCollection(StringMember(state["view"], "table"), StringMember(state["view"], "index"));
  }
  if (theme == "light" || theme == "dark") SetDark(theme == "dark");
  return Status::Ok();
}

uint64_t App::StateKey() const {
  std::string key = model_id_;
  key += '\n' + std::to_string(model_scale_) + '\n' + std::to_string(loads_) + '\n' +
         std::to_string(engine_.version()) + '\n' + std::to_string(history_current_) + '\n' +
         request_panel_.operation + '\n' + request_panel_.label + '\n' +
         std::to_string(table_panel_.selected) + (dark_ ? "d" : "l") + '\n';
  key += request_panel_.json_text;
  return static_cast<uint64_t>(std::hash<std::string>{}(key));
}

void App::SelectCollection(const std::string& table, const std::string& index) {
  for (size_t i = 0; i < tables_view_.collections.size(); ++i) {
    const CollectionView& c = tables_view_.collections[i];
    if (c.table != table || c.index != index) continue;
    table_panel_.selected = static_cast<int>(i);
    tables_view_.focus_collection = static_cast<int>(i);
    tables_view_.effects_serial = ++effects_serial_;
    selected_table_ = table;
    selected_index_ = index;
    return;
  }
}

void App::ShowRequest(std::string_view operation, std::string_view request_json,
                      std::string_view label, bool run_if_read) {
  LoadRequest(&request_panel_, schema_view_, std::string(operation), std::string(request_json),
              std::string(label));
  if (run_if_read && IsRead(operation)) Run(operation, request_json, label);
}

bool App::ShowPattern(std::string_view id, bool run_if_read) {
  for (size_t i = 0; i < model_.access_patterns.size(); ++i) {
    if (model_.access_patterns[i].id != id) continue;
    if (run_if_read && IsRead(model_.access_patterns[i].operation)) {
      RunPatternAt(static_cast<int>(i));
    } else {
      const AccessPattern& p = model_.access_patterns[i];
      LoadRequest(&request_panel_, schema_view_, p.operation, p.request_json, p.name);
    }
    return true;
  }
  return false;
}

std::vector<std::string> App::TakePlatformActions() {
  std::vector<std::string> out;
  out.swap(platform_actions_);
  return out;
}

}  // namespace monotable::ui
