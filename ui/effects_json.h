// Effects as JSON, for the page's testability contract (window.monotable.run / state) and for
// anything else outside C++ that wants to read what a request did.
#pragma once

#include "monotable/effects.h"
#include "nlohmann/json.hpp"

namespace monotable::ui {

// {"operation", "readUnits", "writeUnits", "dollars", "items": [{"table", "index", "key" (DynamoDB
// JSON), "sizeBytes", "action" ("returned", "filtered-out", "inserted", ..., "index-removed"),
// "reason"}], "capacity": [{"table", "index", "readUnits", "writeUnits", "arithmetic"}],
// "readModes": {"eventual", "strong", "transactional"} (reads only), "lints": [...]}.
nlohmann::json EffectsToJson(const Effects& effects);

// The action's name as used in EffectsToJson.
const char* ActionName(ItemAction action);

}  // namespace monotable::ui
