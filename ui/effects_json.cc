// Effects as JSON (see effects_json.h).
#include "ui/effects_json.h"

#include "ui/view_model.h"

namespace monotable::ui {

const char* ActionName(ItemAction action) {
  switch (action) {
    case ItemAction::kReturned:
      return "returned";
    case ItemAction::kFilteredOut:
      return "filtered-out";
    case ItemAction::kRead:
      return "read";
    case ItemAction::kMissing:
      return "missing";
    case ItemAction::kInserted:
      return "inserted";
    case ItemAction::kReplaced:
      return "replaced";
    case ItemAction::kUpdated:
      return "updated";
    case ItemAction::kDeleted:
      return "deleted";
    case ItemAction::kConditionFailed:
      return "condition-failed";
    case ItemAction::kIndexAdded:
      return "index-added";
    case ItemAction::kIndexRemoved:
      return "index-removed";
    case ItemAction::kIndexUpdated:
      return "index-updated";
  }
  return "";
}

nlohmann::json EffectsToJson(const Effects& effects) {
  using json = nlohmann::json;
  json out = json::object();
  out["operation"] = effects.operation;
  out["readUnits"] = effects.read_units;
  out["writeUnits"] = effects.write_units;
  out["dollars"] = effects.dollars;
  json items = json::array();
  for (const TouchedItem& t : effects.items) {
    json key = json::object();
    for (const auto& [name, value] : t.key) key[name] = ValueToWire(value);
    items.push_back({{"table", t.table},
                     {"index", t.index},
                     {"key", key},
                     {"sizeBytes", t.size_bytes},
                     {"action", ActionName(t.action)},
                     {"reason", t.reason}});
  }
  out["items"] = items;
  json capacity = json::array();
  for (const CapacityLine& line : effects.capacity) {
    capacity.push_back({{"table", line.table},
                        {"index", line.index},
                        {"localIndex", line.local_index},
                        {"readUnits", line.read_units},
                        {"writeUnits", line.write_units},
                        {"arithmetic", line.arithmetic}});
  }
  out["capacity"] = capacity;
  if (effects.read_modes.applicable) {
    out["readModes"] = {{"eventual", effects.read_modes.eventual},
                        {"strong", effects.read_modes.strong},
                        {"transactional", effects.read_modes.transactional}};
  }
  out["lints"] = effects.lints;
  // One line per DynamoDB Streams record the request appended (empty without a stream).
  out["streamRecords"] = effects.stream_records;
  return out;
}

}  // namespace monotable::ui
