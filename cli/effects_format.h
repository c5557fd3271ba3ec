// effects_format: Effects (what a request did) as readable text and as JSON, for `monotable run
// --effects`. Display only: the engine computes effects, this file never interprets DynamoDB rules.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "monotable/effects.h"
#include "monotable/value.h"

namespace monotable::cli {

// An attribute value in DynamoDB JSON ({"S":"x"}, {"N":"1"}, {"B":"base64"}, ...).
nlohmann::json ValueToJson(const Value& value);
// A key as text: `PK=USER#1, SK=PROFILE` (attributes in name order; numbers as written; binary
// as base64).
std::string KeyText(const Item& key);

// {"operation", "readUnits", "writeUnits", "dollars", "capacity": [...], "items": [...],
//  "readModes"?, "lints"?}; items carry their key in DynamoDB JSON.
nlohmann::json EffectsToJson(const Effects& effects);
// Indented lines, each ending in '\n', e.g.
//   capacity: 0.5 RCU, $0.0000000625
//     Orders: 0.5 RCU  (1 item, 120 bytes read, rounded up to 4 KB = 1 RRU; ...)
//   items:
//     Orders  PK=C#1, SK=PROFILE  120 B  returned
std::string EffectsToText(const Effects& effects, const std::string& indent);

}  // namespace monotable::cli
