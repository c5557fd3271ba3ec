// Text export: the playground's words as data for the page's DOM text layer (web/text_layer.js),
// so that what the canvas draws (the result, the error, the cost arithmetic, the tour step) can
// also be selected, copied, found with Ctrl+F and heard by a screen reader. Built from the same
// view models the panels draw, so the DOM says what the canvas shows. Knows no ImGui and no
// engine calls: it reads views and the last request's effects.
#pragma once

#include <string>
#include <string_view>

#include "monotable/effects.h"
#include "nlohmann/json.hpp"
#include "ui/views.h"

namespace monotable::ui {

// What the text layer shows, at one moment.
struct TextExportInput {
  const ResultView* result = nullptr;  // REQUIRES: not null
  const CostView* cost = nullptr;      // REQUIRES: not null
  const TourView* tour = nullptr;      // REQUIRES: not null
  int tour_step = 0;                   // the tour panel's step (clamped to the steps)
  // The last request (ignored while result->has_result is false).
  std::string_view request_json;
  const Effects* effects = nullptr;  // REQUIRES: not null
};

// {"summary": RunSummary or "", "result": {hasResult, operation, ok, errorType, wireType (the
// body's __type), errorMessage,
// columns, rows (at most kTextMaxRows), rowCount, hasCount, count, scannedCount, lastEvaluatedKey,
// nextToken, statementErrors, fanout: {summary, groups: [{label, boxes: [{title, action, key,
// oldKey, size, units, arithmetic, reason, written}]}]} (the table's box first, then one per
// index; no groups for a read)}, "cost": {hasCost, operation, readUnits, writeUnits ("0.5"),
// perMillion ("$0.0625"), thisRequest ("$0.0000000625"), pricesAsOf, lines: [{target, units
// ("0.5 RRU"), arithmetic}], readModes: [{mode, units, perMillion, current}], lints,
// streamRecords, session}, "tour": {modelName, description, step (0-based), count, title, text,
// runs, lookAt ("Look at the Cost panel.")}}.
nlohmann::json TextExportJson(const TextExportInput& input);

// Rows of the result table the export carries; the rest is counted (rowCount) and in the JSON.
inline constexpr size_t kTextMaxRows = 500;

// One sentence saying what the last request did, for an aria-live region: "Query on GSI2: 9 items
// returned, 9 read, 1,494 bytes, 0.5 RRU, $0.0625 per million". A write: "UpdateItem on Orders: 1
// item updated, 1 index entry removed, 312 bytes, 1 WRU, $0.625 per million". A failure:
// "UpdateItem on Orders failed: ConditionalCheckFailedException: The conditional request failed.
// 1 WRU, $0.625 per million" (a failed conditional write is still billed).
std::string RunSummary(std::string_view request_json, const ResultView& result,
                       const Effects& effects);

// Dollars with their significant digits kept (up to six, trailing zeros dropped, no exponent):
// 0.0625 -> "$0.0625", 1.25 -> "$1.25", 0.0000000625 -> "$0.0000000625", 12.5 -> "$12.50".
std::string FormatDollarsExact(double dollars);

}  // namespace monotable::ui
