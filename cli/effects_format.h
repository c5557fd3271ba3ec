// effects_format: Effects (what a request did) as readable text, for `monotable run --effects`
// (its JSON is core's EffectsToJson, monotable/effects.h). Display only: the engine computes
// effects, this file never interprets DynamoDB rules.
#pragma once

#include <string>

#include "monotable/effects.h"
#include "monotable/value.h"

namespace monotable::cli {

// A key as text: `PK=USER#1, SK=PROFILE` (attributes in name order; numbers as written; binary
// as base64).
std::string KeyText(const Item& key);

// Indented lines, each ending in '\n', e.g.
//   capacity: 0.5 RCU, $0.0000000625
//     Orders: 0.5 RCU  (1 item, 120 bytes read, rounded up to 4 KB = 1 RRU; ...)
//   items:
//     Orders  PK=C#1, SK=PROFILE  120 B  returned
std::string EffectsToText(const Effects& effects, const std::string& indent);

}  // namespace monotable::cli
