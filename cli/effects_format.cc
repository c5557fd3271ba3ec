// effects_format: text and JSON renderings of Effects (see the header).
#include "effects_format.h"

#include <cstdio>

namespace monotable::cli {
namespace {

using nlohmann::json;

// Units without trailing zeros: 0.5, 1, 12.5.
std::string Units(double units) {
  char buffer[64];
  std::snprintf(buffer, sizeof(buffer), "%.10g", units);
  return buffer;
}

std::string Dollars(double dollars) {
  if (dollars == 0) return "$0";
  char buffer[64];
  std::snprintf(buffer, sizeof(buffer), "$%.10f", dollars);
  std::string s = buffer;
  while (s.size() > 3 && s.back() == '0' && s[s.size() - 2] != '.') s.pop_back();
  return s;
}

std::string Capacity(double read, double write) {
  std::string out;
  if (read > 0 || write == 0) out += Units(read) + " RCU";
  if (write > 0) out += (out.empty() ? "" : " + ") + Units(write) + " WCU";
  return out;
}

}  // namespace

json ValueToJson(const Value& value) { return json::parse(ToWireJson(value)); }

std::string KeyText(const Item& key) {
  std::string out;
  for (const auto& [name, value] : key) {
    if (!out.empty()) out += ", ";
    out += name + "=";
    switch (value.type()) {
      case Type::kS:
        out += value.s();
        break;
      case Type::kN:
        out += value.n().ToString();
        break;
      case Type::kB:
        out += Base64Encode(value.s());
        break;
      default:
        out += ToWireJson(value);
        break;
    }
  }
  return out;
}

json EffectsToJson(const Effects& effects) {
  json out = json::object();
  out["operation"] = effects.operation;
  out["readUnits"] = effects.read_units;
  out["writeUnits"] = effects.write_units;
  out["dollars"] = effects.dollars;
  json capacity = json::array();
  for (const CapacityLine& line : effects.capacity) {
    json c = {{"table", line.table},
              {"readUnits", line.read_units},
              {"writeUnits", line.write_units},
              {"arithmetic", line.arithmetic}};
    if (!line.index.empty()) {
      c["index"] = line.index;
      c["localIndex"] = line.local_index;
    }
    capacity.push_back(c);
  }
  out["capacity"] = capacity;
  json items = json::array();
  for (const TouchedItem& item : effects.items) {
    json key = json::object();
    for (const auto& [name, value] : item.key) key[name] = ValueToJson(value);
    json i = {{"table", item.table},
              {"key", key},
              {"sizeBytes", item.size_bytes},
              {"action", ItemActionName(item.action)}};
    if (!item.index.empty()) i["index"] = item.index;
    if (!item.reason.empty()) i["reason"] = item.reason;
    items.push_back(i);
  }
  out["items"] = items;
  if (effects.read_modes.applicable) {
    out["readModes"] = {{"eventual", effects.read_modes.eventual},
                        {"strong", effects.read_modes.strong},
                        {"transactional", effects.read_modes.transactional}};
  }
  if (!effects.lints.empty()) out["lints"] = effects.lints;
  return out;
}

std::string EffectsToText(const Effects& effects, const std::string& indent) {
  std::string out;
  if (effects.read_units == 0 && effects.write_units == 0 && effects.capacity.empty()) {
    out += indent + "capacity: none consumed\n";
  } else {
    out += indent + "capacity: " + Capacity(effects.read_units, effects.write_units) + ", " +
           Dollars(effects.dollars) + " on demand\n";
  }
  for (const CapacityLine& line : effects.capacity) {
    std::string where = line.table;
    if (!line.index.empty()) where += "." + line.index + (line.local_index ? " (LSI)" : " (GSI)");
    out += indent + "  " + where + ": " + Capacity(line.read_units, line.write_units);
    if (!line.arithmetic.empty()) out += "  (" + line.arithmetic + ")";
    out += "\n";
  }
  if (effects.read_modes.applicable) {
    out += indent + "  same read: eventual " + Units(effects.read_modes.eventual) + ", strong " +
           Units(effects.read_modes.strong) + ", transactional " +
           Units(effects.read_modes.transactional) + " RCU\n";
  }
  if (!effects.items.empty()) {
    out += indent + "items:\n";
    for (const TouchedItem& item : effects.items) {
      std::string where = item.table + (item.index.empty() ? "" : "." + item.index);
      out += indent + "  " + where + "  " + KeyText(item.key) + "  " +
             std::to_string(item.size_bytes) + " B  " + ItemActionName(item.action);
      if (!item.reason.empty()) out += "  (" + item.reason + ")";
      out += "\n";
    }
  }
  for (const std::string& lint : effects.lints) out += indent + "lint: " + lint + "\n";
  return out;
}

}  // namespace monotable::cli
