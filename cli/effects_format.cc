// effects_format: Effects as readable text (see the header).
#include "effects_format.h"

#include <cstdio>

namespace monotable::cli {
namespace {

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
