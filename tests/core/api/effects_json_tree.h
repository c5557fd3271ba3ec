// The tree-based rendering of Effects that core/api/effects_json.cc wrote until issue 15 (a
// nlohmann tree built and dumped): the oracle EffectsToJson's text is held to
// (effects_json_test.cc) and the baseline it is measured against (tests/bench/view_bench.cc).
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "api/wire/wire.h"
#include "monotable/effects.h"

namespace monotable::testing_reference {

inline std::string TreeEffectsJson(const Effects& effects) {
  using nlohmann::json;
  json out = json::object();
  out["operation"] = effects.operation;
  out["readUnits"] = effects.read_units;
  out["writeUnits"] = effects.write_units;
  out["dollars"] = effects.dollars;
  json items = json::array();
  for (const TouchedItem& t : effects.items) {
    items.push_back({{"table", t.table},
                     {"index", t.index},
                     {"key", wire::ToJson(t.key)},
                     {"sizeBytes", t.size_bytes},
                     {"action", ItemActionName(t.action)},
                     {"reason", t.reason}});
  }
  out["items"] = std::move(items);
  json capacity = json::array();
  for (const CapacityLine& line : effects.capacity) {
    capacity.push_back({{"table", line.table},
                        {"index", line.index},
                        {"localIndex", line.local_index},
                        {"readUnits", line.read_units},
                        {"writeUnits", line.write_units},
                        {"arithmetic", line.arithmetic}});
  }
  out["capacity"] = std::move(capacity);
  out["readModes"] = nullptr;
  if (effects.read_modes.applicable) {
    out["readModes"] = {{"eventual", effects.read_modes.eventual},
                        {"strong", effects.read_modes.strong},
                        {"transactional", effects.read_modes.transactional}};
  }
  out["lints"] = effects.lints;
  json records = json::array();
  for (const StreamRecordEffect& r : effects.stream_records) {
    records.push_back({{"table", r.table},
                       {"eventName", r.event_name},
                       {"keys", wire::ToJson(r.keys)},
                       {"streamLabel", r.stream_label},
                       {"viewType", r.view_type},
                       {"sequenceNumber", r.sequence_number},
                       {"byService", r.by_service},
                       {"line", StreamRecordLine(r)}});
  }
  out["streamRecords"] = std::move(records);
  return out.dump(-1, ' ', false, json::error_handler_t::replace);
}

}  // namespace monotable::testing_reference
