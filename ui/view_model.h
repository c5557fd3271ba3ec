// View model: builds the panels' views from the engine, the model and the last request. Runs
// when data changes (Engine::version() moves) or a request runs, never per frame. This is the
// only part of ui/ besides app.cc that reads the engine (through its browsing API: no billing).
#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <string_view>

#include "monotable/effects.h"
#include "monotable/engine.h"
#include "monotable/model.h"
#include "monotable/value.h"
#include "nlohmann/json.hpp"
#include "ui/views.h"

namespace monotable::ui {

// kMaxRows (rows kept per collection; beyond this the view is marked truncated): ui/views.h.
// Cell text is cut to this many bytes (the full value is in the result's JSON).
inline constexpr size_t kMaxCellBytes = 80;

// Display text of a value: S as is, N canonical, B base64, BOOL true/false, NULL null, L/M/sets
// compactly ("[1, 2]", "{a: x}").
std::string ValueText(const Value& value);
// Display text of a value in DynamoDB JSON ({"S": "x"} -> x); other JSON -> compact dump.
std::string WireValueText(const nlohmann::json& value);
// Value -> DynamoDB JSON ({"S": "x"}).
nlohmann::json ValueToWire(const Value& value);

// A key schema for display: "pk", "pk + sk"; with several HASH or RANGE attributes (a GSI's
// multi-attribute key, DG GSI.html#GSI.MultiAttributeKeys) each group in key schema order in
// parentheses: "(status, region) + (date, id)".
std::string KeySchemaLabel(const KeySchemaInfo& keys);

// Canonical id of a base-table primary key inside `item` (which holds at least the key).
std::string KeyId(const Item& item, const KeySchemaInfo& keys);

// Rows whose cells TablesView::cell_source keeps formatted (the rows of a few screens).
inline constexpr size_t kRowCacheRows = 512;

struct TablesViewOptions {
  // Formats every row into RowView::cells as the view is built, the way the view worked before
  // it formatted only the rows drawn (issue 15). For the benchmark's side-by-side figures
  // (tests/bench/view_bench.cc) only: what is shown is the same either way.
  bool format_every_row = false;
  // The most entries a collection's view holds (CollectionView::max_rows): kMaxRows, or fewer for
  // a test of truncated collections with a small example.
  size_t max_rows = kMaxRows;
};

// Builds every table's collection view (table, then indexes). `previous` (may be null) is the
// view before the request: rows of items it left unchanged are moved from it (not rebuilt), and
// it provides rows of items deleted or entries removed by `effects`, shown as ghosts. Marks from
// `effects`. Afterwards `previous` only serves as a source of ghosts.
//
// A live row holds its stored item, key and size, not its cells: the columns are found from the
// items' attribute names (CollectionView::shapes), and the view's cell_source (kept from
// `previous`) formats the rows a panel draws.
TablesView BuildTablesView(const Engine& engine, const Effects* effects, TablesView* previous,
                           const TablesViewOptions& options = {});
// At most this many items touched by one request are patched into a view; more are rebuilt.
inline constexpr size_t kMaxPatchedItems = 128;

// The view after a write that changed data (not schema), patched in place: reads from the engine
// only the entries of the items `effects` names, puts each where the engine now has it (a new or
// moved entry before the first entry after it that stayed), leaves ghosts where entries left, and
// marks from `effects`: the view BuildTablesView(engine, &effects, &previous) builds, without a
// pass over every entry of the table and its indexes (a write at 100k items walked 173k rows;
// docs/benchmarks.md section 14). A collection with more entries than its view holds (its first
// max_rows) keeps that window: an entry placed inside pushes the last row out, a row that leaves
// pulls the next entry in, an entry past the last row shows nowhere (section 16). Returns false,
// changing nothing, when it cannot: another schema, more than kMaxPatchedItems items, a column
// left without a holder, or a view that did not show the engine as it was; the caller then
// builds.
bool PatchTablesView(const Engine& engine, const Effects& effects, TablesView* view);
// BuildTablesView(engine, nullptr, nullptr) a slice at a time, so that a page can keep drawing
// while the view of a large example is built (the last frame of a sliced load built the whole
// view at once: 767 ms at 100k items; docs/benchmarks.md section 14). The view is the same.
// The engine must outlive this and not change until Step has returned true.
class TablesViewBuild {
 public:
  explicit TablesViewBuild(const Engine& engine);
  ~TablesViewBuild();
  TablesViewBuild(const TablesViewBuild&) = delete;
  TablesViewBuild& operator=(const TablesViewBuild&) = delete;
  // Builds for about `budget_ms` (at least one slice of a couple of thousand rows); true once
  // the whole view is built.
  bool Step(double budget_ms);
  uint64_t rows_built() const;
  // The rows the view will hold (each collection's entries, at most kMaxRows each).
  uint64_t rows_expected() const;
  // The view. REQUIRES: Step returned true; once only.
  TablesView Take();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// Re-marks an existing view for new effects of a request that changed no data (drops ghosts).
void RemarkTablesView(TablesView* view, const Effects& effects);

// The cells of `row` of `c`, one per c.columns, as the table panel shows them: the row's own
// cells when it holds them (a ghost, a row built by hand), else its stored item decoded
// (projected by c.projected) and formatted (ValueText). Uncached: the panel goes through
// TablesView::cell_source.
RowCells FormatRow(const CollectionView& c, const RowView& row);
// How many rows FormatRow has decoded and formatted since the process started (every thread):
// what tests and benchmarks read to see that only the rows drawn were formatted.
uint64_t FormattedRowCount();

SchemaView BuildSchemaView(const Engine& engine);
// `key_names`: attribute names shown first (the addressed table's keys).
ResultView BuildResultView(std::string_view operation, const Result& result,
                           const std::vector<std::string>& key_names);
// The fan-out of the request's writes (Effects::fanout): a group per item written, a box for the
// table and one per index, with the engine's units. Empty (has_fanout false) for reads.
// BuildResultView fills ResultView::fanout with it.
FanoutView BuildFanoutView(const Effects& effects);
// `consistent`: the request asked ConsistentRead. Session totals are filled by the caller.
CostView BuildCostView(std::string_view operation, bool consistent, const Effects& effects,
                       const PriceTable& prices);
PatternsView BuildPatternsView(const Model& model);
TourView BuildTourView(const Model& model);

bool IsWriteOperation(std::string_view operation);
// ExecuteStatement, BatchExecuteStatement, ExecuteTransaction: reads or writes, by statement.
bool IsPartiQLOperation(std::string_view operation);

// One stream record for display: its key as "PK = C#1, SK = PROFILE", `raw` its StreamRecordLine.
StreamRecordView BuildStreamRecordView(const StreamRecordEffect& record);

}  // namespace monotable::ui
