// Effects as JSON text and stream records as lines (monotable/effects.h): the one rendering of
// what a request did that every front end shares.
#include <nlohmann/json.hpp>

#include "api/wire/wire.h"
#include "monotable/effects.h"

namespace monotable {

using nlohmann::json;

std::string StreamRecordLine(const StreamRecordEffect& r) {
  return r.event_name + " " + wire::ToJson(r.keys).dump() + " -> stream " + r.stream_label + " (" +
         r.view_type + "), SequenceNumber " + r.sequence_number +
         (r.by_service ? ", userIdentity Service dynamodb.amazonaws.com (TTL)" : "");
}

std::string EffectsToJson(const Effects& effects) {
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
  // A reason or arithmetic may quote request text: bytes that are not UTF-8 become U+FFFD rather
  // than failing the dump (see errors.cc).
  return out.dump(-1, ' ', false, json::error_handler_t::replace);
}

}  // namespace monotable
