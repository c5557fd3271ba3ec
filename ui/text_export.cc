// Text export (see text_export.h).
#include "ui/text_export.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>

#include "ui/tour_panel.h"
#include "ui/widgets.h"

namespace monotable::ui {
namespace {

using json = nlohmann::json;

// The response JSON the export carries for copying; a larger body is left to the table and the
// canvas (a 1 MB Scan page would make every update of the DOM slow).
constexpr size_t kTextMaxJsonBytes = 256 * 1024;

std::string Member(const json& obj, const char* name) {
  if (!obj.is_object()) return "";
  auto it = obj.find(name);
  return it != obj.end() && it->is_string() ? it->get<std::string>() : "";
}

// "1 item", "9 items"; "1 index entry", "2 index entries".
std::string Counted(uint64_t n, const char* one, const char* many) {
  return FormatCount(n) + " " + (n == 1 ? one : many);
}

// "0.5 RRU", "1 WRU", "0.5 RRU, 1 WRU"; "" when nothing was billed.
std::string UnitsText(double read_units, double write_units) {
  std::string out;
  if (read_units > 0) out = FormatUnits(read_units) + " RRU";
  if (write_units > 0) out += (out.empty() ? "" : ", ") + FormatUnits(write_units) + " WRU";
  return out;
}

// What the request addressed: its IndexName, else its TableName, else the tables its effects
// touched ("Orders, Products": batches, transactions, PartiQL).
std::string TargetOf(std::string_view request_json, const Effects& effects) {
  json request = json::parse(request_json, nullptr, false);
  std::string index = Member(request, "IndexName");
  if (!index.empty()) return index;
  std::string table = Member(request, "TableName");
  if (!table.empty()) return table;
  std::vector<std::string> tables;
  for (const TouchedItem& t : effects.items) {
    if (std::find(tables.begin(), tables.end(), t.table) == tables.end()) tables.push_back(t.table);
  }
  std::string out;
  for (const std::string& t : tables) out += (out.empty() ? "" : ", ") + t;
  return out;
}

json CostJson(const CostView& view) {
  json out = json::object();
  out["hasCost"] = view.has_cost;
  out["operation"] = view.operation;
  out["readUnits"] = FormatUnits(view.read_units);
  out["writeUnits"] = FormatUnits(view.write_units);
  out["perMillion"] = FormatDollarsExact(view.dollars_per_million);
  out["thisRequest"] = FormatDollarsExact(view.dollars);
  out["pricesAsOf"] = view.prices_as_of;
  out["readUnitPrice"] = FormatDollarsExact(view.read_unit_price_per_million);
  out["writeUnitPrice"] = FormatDollarsExact(view.write_unit_price_per_million);
  json lines = json::array();
  for (const CapacityLineView& line : view.lines) {
    std::string units = UnitsText(line.read_units, line.write_units);
    lines.push_back({{"target", line.target},
                     {"units", units.empty() ? "0" : units},
                     {"arithmetic", line.arithmetic}});
  }
  out["lines"] = lines;
  json modes = json::array();
  if (view.read_modes.applicable) {
    const char* names[3] = {"eventual", "strong", "transactional"};
    const double units[3] = {view.read_modes.eventual, view.read_modes.strong,
                             view.read_modes.transactional};
    for (int i = 0; i < 3; ++i) {
      modes.push_back(
          {{"mode", names[i]},
           {"units", FormatUnits(units[i]) + " RRU"},
           {"perMillion", FormatDollarsExact(units[i] * view.read_unit_price_per_million)},
           {"current", (i == 0 && !view.consistent) || (i == 1 && view.consistent)}});
    }
  }
  out["readModes"] = modes;
  out["lints"] = view.lints;
  json records = json::array();
  for (const StreamRecordView& r : view.stream_records) records.push_back(r.raw);
  out["streamRecords"] = records;
  out["session"] =
      "Session: " + Counted(static_cast<uint64_t>(view.session_requests), "request", "requests") +
      ", " + FormatUnits(view.session_read_units) + " RRU, " +
      FormatUnits(view.session_write_units) + " WRU, " + FormatDollarsExact(view.session_dollars);
  return out;
}

json ResultJson(const ResultView& view) {
  json out = json::object();
  out["hasResult"] = view.has_result;
  out["operation"] = view.operation;
  out["ok"] = view.ok;
  out["errorType"] = view.error_type;
  out["errorMessage"] = view.error_message;
  // The error body's __type as DynamoDB sends it ("com.amazon.coral.validate#ValidationException").
  json body = view.ok ? json() : json::parse(view.json, nullptr, false);
  out["wireType"] = Member(body, "__type");
  out["columns"] = view.columns;
  json rows = json::array();
  const size_t count = ResultRowCount(view);
  for (size_t i = 0; i < count && i < kTextMaxRows; ++i) rows.push_back(ResultRow(view, i));
  out["rows"] = rows;
  out["rowCount"] = count;
  out["hasCount"] = view.has_count;
  out["count"] = view.count;
  out["scannedCount"] = view.scanned_count;
  out["lastEvaluatedKey"] = view.has_next_page ? view.last_evaluated_key : "";
  out["nextToken"] = view.next_token;
  out["statementErrors"] = view.statement_errors;
  out["json"] = view.json.size() <= kTextMaxJsonBytes ? view.json : "";
  json fanout = {{"summary", view.fanout.summary}, {"groups", json::array()}};
  for (const FanoutGroupView& group : view.fanout.groups) {
    json boxes = json::array();
    auto add = [&](const FanoutBoxView& box) {
      boxes.push_back({{"title", box.title},
                       {"action", box.action},
                       {"key", box.key},
                       {"oldKey", box.old_key},
                       {"size", box.size},
                       {"units", box.units},
                       {"arithmetic", box.arithmetic},
                       {"reason", box.reason},
                       {"written", box.written}});
    };
    add(group.base);
    for (const FanoutBoxView& box : group.indexes) add(box);
    fanout["groups"].push_back({{"label", group.label}, {"boxes", boxes}});
  }
  out["fanout"] = fanout;
  return out;
}

json TourJson(const TourView& view, int step) {
  json out = json::object();
  out["modelName"] = view.model_name;
  out["description"] = view.model_description;
  out["count"] = view.steps.size();
  if (view.steps.empty()) {
    out["step"] = 0;
    return out;
  }
  step = std::clamp(step, 0, static_cast<int>(view.steps.size()) - 1);
  const TourStepView& s = view.steps[static_cast<size_t>(step)];
  out["step"] = step;
  out["title"] = s.title;
  out["text"] = s.text;
  out["runs"] = s.runs;
  std::string look = DescribeLookAt(s.look_at);
  out["lookAt"] = look.empty() ? "" : "Look at " + look + ".";
  return out;
}

}  // namespace

std::string FormatDollarsExact(double dollars) {
  if (!std::isfinite(dollars)) return "$?";
  if (dollars == 0) return "$0";
  double magnitude = std::floor(std::log10(std::fabs(dollars)));
  // Six significant digits: 0.0625 has magnitude -2, so 7 decimals ("0.0625000" trimmed).
  int decimals = std::clamp(5 - static_cast<int>(magnitude), 0, 20);
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", decimals, std::fabs(dollars));
  std::string s = buf;
  if (s.find('.') != std::string::npos) {
    while (s.back() == '0') s.pop_back();
    if (s.back() == '.') s.pop_back();
  }
  // Cents keep two decimals: "$12.50", not "$12.5".
  size_t dot = s.find('.');
  if (dot != std::string::npos && s.size() - dot == 2) s += '0';
  return (dollars < 0 ? "-$" : "$") + s;
}

std::string RunSummary(std::string_view request_json, const ResultView& result,
                       const Effects& effects) {
  std::string operation = effects.operation.empty() ? result.operation : effects.operation;
  std::string target = TargetOf(request_json, effects);
  std::string head = operation + (target.empty() ? "" : " on " + target);
  std::string units = UnitsText(effects.read_units, effects.write_units);
  std::string price =
      effects.dollars > 0 ? FormatDollarsExact(effects.dollars * 1e6) + " per million" : "";
  std::vector<std::string> parts;
  if (!result.ok) {
    std::string out = head + " failed: " + result.error_type + ": " + result.error_message;
    // A failed conditional write is still billed (dynamodb-rules.md §1.6): say what it cost.
    if (!units.empty()) {
      if (!out.empty() && out.back() != '.') out += '.';
      out += " " + units + (price.empty() ? "" : ", " + price);
    }
    return out;
  }
  uint64_t by_action[static_cast<int>(ItemAction::kIndexUpdated) + 1] = {};
  uint64_t read_bytes = 0, written_bytes = 0;
  for (const TouchedItem& t : effects.items) {
    ++by_action[static_cast<int>(t.action)];
    switch (t.action) {
      case ItemAction::kReturned:
      case ItemAction::kFilteredOut:
      case ItemAction::kRead:
        read_bytes += t.size_bytes;
        break;
      case ItemAction::kInserted:
      case ItemAction::kReplaced:
      case ItemAction::kUpdated:
      case ItemAction::kDeleted:
      case ItemAction::kConditionFailed:
        if (t.index.empty()) written_bytes += t.size_bytes;
        break;
      default:
        break;
    }
  }
  auto n = [&](ItemAction a) { return by_action[static_cast<int>(a)]; };
  const bool wrote = n(ItemAction::kInserted) + n(ItemAction::kReplaced) + n(ItemAction::kUpdated) +
                         n(ItemAction::kDeleted) + n(ItemAction::kConditionFailed) >
                     0;
  if (wrote) {
    const std::pair<ItemAction, const char*> writes[] = {
        {ItemAction::kInserted, "inserted"},
        {ItemAction::kReplaced, "replaced"},
        {ItemAction::kUpdated, "updated"},
        {ItemAction::kDeleted, "deleted"},
        {ItemAction::kConditionFailed, "not written (condition failed)"}};
    for (const auto& [action, word] : writes) {
      if (n(action)) parts.push_back(Counted(n(action), "item", "items") + " " + word);
    }
    const std::pair<ItemAction, const char*> entries[] = {{ItemAction::kIndexAdded, "added"},
                                                          {ItemAction::kIndexRemoved, "removed"},
                                                          {ItemAction::kIndexUpdated, "updated"}};
    for (const auto& [action, word] : entries) {
      if (n(action)) {
        parts.push_back(Counted(n(action), "index entry", "index entries") + " " + word);
      }
    }
    parts.push_back(Counted(written_bytes, "byte", "bytes"));
  } else if (result.has_count) {
    // Query and Scan: DynamoDB's own Count (returned) and ScannedCount (read, before the filter).
    parts.push_back(Counted(static_cast<uint64_t>(result.count), "item", "items") + " returned");
    parts.push_back(FormatCount(static_cast<uint64_t>(result.scanned_count)) + " read");
    parts.push_back(Counted(read_bytes, "byte", "bytes"));
  } else if (n(ItemAction::kReturned) + n(ItemAction::kFilteredOut) + n(ItemAction::kRead) +
                 n(ItemAction::kMissing) >
             0) {
    // GetItem, BatchGetItem, TransactGetItems, PartiQL reads: a key with no item is still billed.
    uint64_t returned = n(ItemAction::kReturned);
    parts.push_back(returned == 0 && n(ItemAction::kMissing) > 0
                        ? std::string("no item found")
                        : Counted(returned, "item", "items") + " returned");
    if (returned > 0 && n(ItemAction::kMissing) > 0) {
      parts.push_back(FormatCount(n(ItemAction::kMissing)) + " not found");
    }
    parts.push_back(Counted(read_bytes, "byte", "bytes"));
  }
  if (!units.empty()) parts.push_back(units);
  if (!price.empty()) parts.push_back(price);
  if (parts.empty()) return head + ": done";
  std::string out = head + ": ";
  for (size_t i = 0; i < parts.size(); ++i) out += (i ? ", " : "") + parts[i];
  return out;
}

json TextExportJson(const TextExportInput& input) {
  json out = json::object();
  out["summary"] =
      input.result->has_result ? RunSummary(input.request_json, *input.result, *input.effects) : "";
  out["result"] = ResultJson(*input.result);
  out["cost"] = CostJson(*input.cost);
  out["tour"] = TourJson(*input.tour, input.tour_step);
  return out;
}

}  // namespace monotable::ui
