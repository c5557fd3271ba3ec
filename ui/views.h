// Views: the prepared data the panels draw, and the intents they queue.
//
// A view is plain data, rebuilt by the app (ui/view_model.cc) when Engine::version() moves or a
// request runs; panels only read it. Intents are what a panel asks the app to do; the app applies
// them after the frame (never during drawing). Nothing here knows ImGui or calls the engine (a row
// holds the engine's StoredItem handle, a reference, not a call; its cells are formatted behind
// RowCellSource, an interface the view model implements).
#pragma once

#include <algorithm>
#include <cstdint>
#include <initializer_list>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "monotable/effects.h"
#include "monotable/engine.h"

namespace monotable::ui {

// --- Table and index views -------------------------------------------------------------------

// How the last request touched a row (what it is highlighted as). kNone: untouched.
enum class Mark : uint8_t {
  kNone,
  kReturned,
  kFilteredOut,
  kRead,
  kWritten,  // inserted, replaced or updated
  kDeleted,  // a ghost row: the item is gone, shown leaving
  kConditionFailed,
  kIndexAdded,
  kIndexRemoved,  // a ghost row: the entry left the index
  kIndexUpdated,
};

// Display name of a mark: "returned", "filtered out", ...
const char* MarkName(Mark mark);

// Maps the engine's item action to the row mark.
Mark MarkFor(ItemAction action);

// A row's cell texts, one per column, packed into one string with the end offset of each cell. A
// std::string per cell cost 32 bytes natively even when empty, and most cells of a single-table
// design are empty: at 100k items (Orders, scaled) the table view held 2.4 million of them, 163 MB
// of a 187 MB process. Cells are read as views (valid until the row changes) or copied as strings.
class RowCells {
 public:
  RowCells() = default;
  RowCells(std::initializer_list<std::string> cells) { Assign(cells.begin(), cells.end()); }
  explicit RowCells(const std::vector<std::string>& cells) { Assign(cells.begin(), cells.end()); }
  size_t size() const { return ends_.size(); }
  bool empty() const { return ends_.empty(); }
  // Cell i (REQUIRES: i < size()); points into this object.
  std::string_view view(size_t i) const {
    const uint32_t begin = i == 0 ? 0 : ends_[i - 1];
    return std::string_view(text_).substr(begin, ends_[i] - begin);
  }
  // Cell i as a copy (REQUIRES: i < size()).
  std::string operator[](size_t i) const { return std::string(view(i)); }
  // Every cell, as copies.
  std::vector<std::string> ToVector() const;
  operator std::vector<std::string>() const { return ToVector(); }  // NOLINT: reads as the cells
  // `n` cells: those of `cells` (column, text) pairs (REQUIRES: columns ascending, below n), the
  // others empty.
  void AssignSparse(size_t n, const std::vector<std::pair<uint32_t, std::string>>& cells);
  // Cells added at the end are empty; cells past `n` go.
  void resize(size_t n);
  // Keeps the cells of columns `keep` (ascending indexes below size()), in that order.
  void Keep(const std::vector<size_t>& keep);
  bool operator==(const RowCells& other) const {
    return text_ == other.text_ && ends_ == other.ends_;
  }

 private:
  template <typename It>
  void Assign(It begin, It end) {
    text_.clear();
    ends_.clear();
    for (It it = begin; it != end; ++it) {
      text_ += *it;
      ends_.push_back(static_cast<uint32_t>(text_.size()));
    }
    text_.shrink_to_fit();
    ends_.shrink_to_fit();
  }
  std::string text_;
  std::vector<uint32_t> ends_;
};

struct RowView {
  // The row's cells, one per CollectionView::columns ("" when absent), when the row holds them:
  // ghosts (formatted when their item left) and rows built by hand (no stored item). Empty for a
  // live row built from the engine: its cells are formatted from `stored` when it is drawn
  // (TablesView::cell_source, FormatRow in view_model.h), so a view of 250,000 rows holds no text.
  RowCells cells;
  std::string partition;         // partition key value as text
  std::string key_id;            // the base table's primary key, canonical (matches effects)
  uint32_t key_hash = 0;         // RowIndex::Hash(key_id), kept so a reflow reads no key
  uint32_t size_bytes = 0;       // item size (table) or index entry size (index)
  int entity = 0;                // colour index from the sort key prefix (see EntityOf)
  bool partition_start = false;  // first row of its partition (item collection)
  bool band = false;             // alternates per partition, so collections read as bands
  Mark mark = Mark::kNone;
  bool ghost_fresh = false;  // a ghost inserted for the request being shown
  std::string reason;        // why, from the effects ("GSI2PK removed: item left the sparse index")
  StoredItem stored;         // the stored item shown: an unchanged item's row is moved, not rebuilt
  // The item's attribute names, as an index into CollectionView::shapes (rows of one kind of
  // item share one): what the columns are found from without formatting the row.
  uint32_t shape = 0;
};

// Finds a live row by its key id: an open-addressed table of (hash, row) pairs over a
// collection's rows, one allocation for the whole collection. (A std::unordered_map<std::string,
// int> of 250k rows was 250k nodes and key copies, rebuilt and freed after every write;
// docs/benchmarks.md, section 10.) The keys are not copied: Find compares with the key ids
// of the rows it was built over, so those rows must keep their key ids (a row whose key id was
// moved out simply never matches).
class RowIndex {
 public:
  // The hash a row keeps of its key id (RowView::key_hash).
  static uint32_t Hash(std::string_view key_id);
  // Indexes rows[i].key_id for every row that `live(row)` accepts, by the rows' key_hash (a row
  // whose key_hash is 0 gets it computed first).
  template <typename Live>
  void Build(std::vector<RowView>& rows, Live live) {
    Reset(rows.size());
    for (size_t i = 0; i < rows.size(); ++i) {
      RowView& row = rows[i];
      if (!live(row)) continue;
      if (row.key_hash == 0) row.key_hash = Hash(row.key_id);
      Insert(row.key_hash, static_cast<uint32_t>(i));
    }
  }
  // The row of `key_id` among `rows` (those Build saw), or -1.
  int Find(std::string_view key_id, const std::vector<RowView>& rows) const;
  size_t size() const { return size_; }

 private:
  void Reset(size_t rows);
  void Insert(uint32_t hash, uint32_t row);
  // (the key's hash) << 32 | (row + 1); 0 is an empty slot.
  std::vector<uint64_t> slots_;
  size_t size_ = 0;
};

// Rows kept per collection; beyond this the view is marked truncated.
inline constexpr size_t kMaxRows = 250000;

// One tab of the table panel: the base table or one of its indexes.
struct CollectionView {
  std::string table;
  std::string index;  // "" for the base table
  bool global = true;
  std::string projection;  // "ALL", "KEYS_ONLY", "INCLUDE" (indexes)
  std::string hash_key;    // the view's own key schema (an index is re-keyed)
  std::string range_key;   // "" when hash-only
  // The whole key schema as shown: "pk + sk"; a multi-attribute GSI key lists every attribute,
  // "(status, region) + (date, id)" (KeySchemaLabel, view_model.h).
  std::string key_label;
  int hash_columns = 1;  // leading columns holding the partition key (shown once per partition)
  int key_columns = 1;   // leading columns holding the view's key (partition and sort)
  std::vector<std::string> columns;  // key attributes first, then the others by first use
  // Per shape (RowView::shape), the column of each attribute of the item, in the item's attribute
  // order (Item's, by name): a row is formatted by decoding its item and placing the i-th value in
  // column shapes[shape][i].
  std::vector<std::vector<uint32_t>> shapes;
  // Live rows per shape (rows built from the engine; ghosts and rows built by hand not counted):
  // a patched view (view_model.h PatchTablesView) sees when a column loses its last holder.
  std::vector<uint32_t> shape_rows;
  // The attributes an index entry shows when the index does not project ALL
  // (IndexInfo::projected_attributes); empty: every attribute.
  std::vector<std::string> projected;
  // Moves when the columns or the projection change (0 for a view built by hand): cells formatted
  // for one layout are valid for every view of the collection with the same layout.
  uint64_t layout = 0;
  std::vector<RowView> rows;  // partitions in view order, items by sort key; ghosts included
  uint64_t item_count = 0;    // live rows (ghosts excluded)
  uint64_t size_bytes = 0;
  uint64_t partition_count = 0;
  int marked_rows = 0;         // rows with a mark (for "jump to touched")
  uint32_t marks_present = 0;  // bit (1 << Mark) for each mark some row has (the legend)
  int first_marked_row = -1;
  bool truncated = false;   // more rows exist than the view holds (see kMaxRows)
  // The most entries the view holds: the first ones in the collection's order. kMaxRows, or a
  // test's smaller window (TablesViewOptions::max_rows, view_model.h).
  size_t max_rows = kMaxRows;
  RowIndex row_of;          // key_id -> row (live rows)
  std::vector<int> marked;  // rows with a mark, ascending (re-marking skips a full pass)
};

// Colour of an entity from its sort key (or partition key) prefix: the text before the first
// '#', e.g. "O#2024-01-02#o1" -> "O". Returns the stable index of that prefix in `prefixes`,
// appending it on first sight.
int EntityOf(const std::string& key_text, std::vector<std::string>* prefixes);

// Formats the cells of rows that do not hold them (RowView::cells), for the rows a panel draws.
// Implemented by the view model (a small cache over decoded stored items); panels call it through
// this interface and so link no engine code.
class RowCellSource {
 public:
  virtual ~RowCellSource() = default;
  // The cells of `row` of `c`, one per c.columns. The reference is valid until the next call.
  virtual const RowCells& Cells(const CollectionView& c, const RowView& row) = 0;
};

struct TablesView {
  std::vector<CollectionView> collections;  // per table: the table, then its indexes
  // Formats the rows drawn (null in a view built by hand, whose rows hold their cells). Shared by
  // a view and the view rebuilt from it, so rows formatted before a write stay formatted.
  std::shared_ptr<RowCellSource> cell_source;
  std::vector<std::string> entity_prefixes;  // colour legend
  // Moves whenever a new request's effects are shown; the panel then brings the touched
  // collection to the front and scrolls to its first marked row.
  uint64_t effects_serial = 0;
  int focus_collection = -1;  // collection the last request addressed (-1: none)
};

// --- Schemas (for the request builder's form) -----------------------------------------------

struct KeyAttributeView {
  std::string name;  // "" when absent (hash-only key)
  std::string type;  // "S", "N" or "B"
};

struct IndexSchemaView {
  std::string name;
  bool global = true;  // a GSI (no ConsistentRead); false for an LSI
  // A GSI with more than one HASH or RANGE attribute: PartiQL cannot read it (dynamodb-rules.md
  // §5.1); hash and range below are its first ones.
  bool multi_attribute = false;
  std::string key_label;  // every key attribute, KeySchemaLabel (view_model.h)
  KeyAttributeView hash;
  KeyAttributeView range;
  // The key values of one entry of the index (its first in view order) as the form writes them
  // (S and N as text, B as base64); "" when the index was empty when the view was built.
  std::string sample_hash, sample_range;
  // Every HASH and every RANGE attribute in key schema order, and the sample entry's value of
  // each (hashes[0] is `hash`, ranges[0] is `range`). Empty in a view built by hand: then `hash`
  // and `range` are the whole key.
  std::vector<KeyAttributeView> hashes, ranges;
  std::vector<std::string> sample_hashes, sample_ranges;
};

struct TableSchemaView {
  std::string name;
  KeyAttributeView hash;
  KeyAttributeView range;
  std::vector<IndexSchemaView> indexes;
  // The key of one item of the table (its first in view order), as IndexSchemaView's.
  std::string sample_hash, sample_range;
};

struct SchemaView {
  std::vector<TableSchemaView> tables;
};

// --- Access patterns, tour -------------------------------------------------------------------

struct PatternRow {
  std::string id;
  std::string name;
  std::string description;
  std::string operation;
  std::string key_condition;
  std::string table;
  std::string index;
  bool is_write = false;
  // From the last run of this pattern in the session (ran == false: never run).
  bool ran = false;
  bool ok = true;
  double read_units = 0;
  double write_units = 0;
  int returned = 0;
};

struct PatternsView {
  std::vector<PatternRow> rows;
  int selected = -1;  // the row last opened in the builder by J/K (highlighted), or -1
  bool ran_all = false;
  double all_read_units = 0;
  double all_write_units = 0;
  double all_dollars = 0;
  // The same run of all, per million runs and for a month (730 hours) at the patterns' rates
  // (AccessPattern::requests_per_second; a pattern without one adds nothing to the month).
  double all_dollars_per_million = 0;
  double all_dollars_per_month = 0;
  // Patterns whose run failed, each explained (RunAllFailure), in pattern order.
  std::vector<std::string> all_failed;
  // Each Query of the run beside the full-table Scan that answers the same question: every 1 MB
  // page of its base table as loaded now (plan::FullScanCost over the engine's items, so at every
  // scale), at the Query's read consistency. In pattern order.
  struct ScanBeside {
    std::string id;            // the Query pattern's id
    double query_read_units = 0;
    std::string table;         // the base table a Scan would read
    bool consistent = false;   // the Query's ConsistentRead: the Scan's too
    double items = 0;          // its items
    double pages = 0;          // Scan calls, one per 1 MB page
    double scan_read_units = 0;
  };
  std::vector<ScanBeside> all_scans;
};

struct TourStepView {
  std::string title;
  std::string text;
  std::string runs;     // what the step runs, in words ("" when text only)
  std::string look_at;  // raw look_at of the step
};

struct TourView {
  std::string model_name;
  std::string model_description;
  std::vector<TourStepView> steps;
};

// --- Result, cost, history -------------------------------------------------------------------

// --- Write fan-out (ui/fanout_view.cc builds it from Effects::fanout) -------------------------

// One box of the fan-out diagram: the base table write or one index's hop. Every figure is the
// engine's (Effects::fanout), formatted; nothing is recomputed.
struct FanoutBoxView {
  std::string title;  // "Orders" or "GSI2"
  // "new item", "entry added", "entry removed", "key moved: delete + put", "entry rewritten",
  // "untouched" (the reason says why), ...
  std::string action;
  // The entry's key in words: "PK = C#c001, SK = O#..."; a moved index key "old -> new"; "" when
  // the item has no entry (for a removed entry: the key it had).
  std::string key;
  std::string old_key;  // a moved index key: "was <the key before>" ("" otherwise)
  std::string size;     // "412 bytes", "412 -> 430 bytes"; "" when no entry
  double write_units = 0;
  std::string units;        // "1 WRU", "2 WRU (delete + put)", "0 WRU"
  std::string arithmetic;   // the engine's ("" when nothing billed)
  std::string reason;       // why ("item has no GSI2PK: not in the sparse index GSI2")
  bool written = false;     // billed a write (drawn with an arrow); false: greyed
  Mark mark = Mark::kNone;  // colour: kWritten, kDeleted, kIndexAdded, ... (kNone: untouched)
};

// One item written, with a box per index of its table (schema order).
struct FanoutGroupView {
  std::string label;  // "Put 1 of 3: Orders", "" for a single write
  FanoutBoxView base;
  std::vector<FanoutBoxView> indexes;
};

struct FanoutView {
  bool has_fanout = false;  // the last request wrote (or tried to write) at least one item
  std::vector<FanoutGroupView> groups;
  double total_write_units = 0;  // Effects::write_units
  // "3 WRU: Orders 1 + GSI1 1 + GSI2 1" (per target, summed over the groups)
  std::string summary;
  // Moves with every request shown (the app's effects serial): a new one restarts the animation.
  uint64_t serial = 0;
};

// The cells of the returned items a panel draws, formatted when asked (BuildResultView's rows:
// a 1 MB Scan page is about a thousand items, of which a screen shows twenty). Implemented by the
// view model over the response text; panels call it through this interface.
class ResultRowSource {
 public:
  virtual ~ResultRowSource() = default;
  virtual size_t size() const = 0;
  // The cells of item `i` (< size()), one per ResultView::columns. Valid until the next call.
  virtual const std::vector<std::string>& Row(size_t i) = 0;
  // The response body laid out for the JSON tab, made on the first call and kept (a large page's
  // text is made when the tab is first shown, not by every request); `lines`: its lines.
  virtual const std::string& Json(int* lines) = 0;
};

struct ResultView {
  bool has_result = false;
  std::string operation;
  bool ok = true;
  std::string error_type;     // "ValidationException"
  std::string error_message;  // DynamoDB's text
  std::vector<std::string> columns;
  // The returned items (Items, Item, Attributes or Responses): `rows` in a view built by hand,
  // else `row_source` (BuildResultView). Read them with ResultRowCount and ResultRow.
  std::vector<std::vector<std::string>> rows;
  std::shared_ptr<ResultRowSource> row_source;
  // The response body, pretty-printed: empty for a body over kEagerJsonBytes, whose row_source
  // makes it when asked. Read it with ResultJsonText.
  std::string json;
  // Its lines, counted once (a 1 MB Scan page is about 2 MB of text, which the JSON tab counted
  // again every frame); 0 in a view built by hand: the panel counts them.
  int json_lines = 0;
  bool has_count = false;
  int64_t count = 0;
  int64_t scanned_count = 0;
  bool has_next_page = false;  // LastEvaluatedKey present
  std::string last_evaluated_key;
  std::string next_token;  // PartiQL's NextToken ("" when the statement has no more results)
  // BatchExecuteStatement: the statements that failed on their own ("Statement 2:
  // ConditionalCheckFailed: ..."); the others succeeded.
  std::vector<std::string> statement_errors;
  // What the request's writes did to the table and each index (empty for reads).
  FanoutView fanout;
};

// Bodies up to this size are pretty-printed by BuildResultView; larger ones when first shown.
inline constexpr size_t kEagerJsonBytes = 256 * 1024;

// The JSON tab's text and its lines (`lines` may be null).
inline const std::string& ResultJsonText(const ResultView& view, int* lines) {
  if (view.json.empty() && view.row_source) return view.row_source->Json(lines);
  if (lines) {
    *lines = view.json_lines > 0
                 ? view.json_lines
                 : static_cast<int>(std::count(view.json.begin(), view.json.end(), '\n')) + 1;
  }
  return view.json;
}

inline size_t ResultRowCount(const ResultView& view) {
  return view.row_source ? view.row_source->size() : view.rows.size();
}
// REQUIRES: i < ResultRowCount(view). Valid until the next call.
inline const std::vector<std::string>& ResultRow(const ResultView& view, size_t i) {
  return view.row_source ? view.row_source->Row(i) : view.rows[i];
}

struct CapacityLineView {
  std::string target;  // "Orders" or "Orders / GSI2 (GSI)"
  double read_units = 0;
  double write_units = 0;
  std::string arithmetic;
};

// One DynamoDB Streams record a request appended (Effects::stream_records, for display).
struct StreamRecordView {
  std::string event_name;       // "INSERT", "MODIFY" or "REMOVE"
  std::string keys;             // the item's key: "PK = C#1, SK = PROFILE"
  std::string stream_label;     // the stream's StreamLabel (its creation time)
  std::string view_type;        // "NEW_AND_OLD_IMAGES", "KEYS_ONLY", ...
  std::string sequence_number;  // "000000000000000000002"
  bool by_service = false;      // a TTL deletion: userIdentity Service dynamodb.amazonaws.com
  std::string raw;              // the engine's line, for the tooltip and copying
};

struct CostView {
  bool has_cost = false;
  std::string operation;
  std::vector<CapacityLineView> lines;
  double read_units = 0;
  double write_units = 0;
  double dollars = 0;
  double dollars_per_million = 0;
  ReadModes read_modes;
  std::vector<std::string> lints;
  // The stream records this request appended, in order (empty: no written table has a stream).
  std::vector<StreamRecordView> stream_records;
  // For the item-size plot: sizes of the items this request read or wrote (bytes).
  std::vector<uint32_t> item_sizes;
  bool is_write = false;
  bool consistent = false;  // the request read strongly consistently
  // Session totals.
  int session_requests = 0;
  double session_read_units = 0;
  double session_write_units = 0;
  double session_dollars = 0;
  double read_unit_price_per_million = 0.125;
  double write_unit_price_per_million = 0.625;
  std::string prices_as_of;
};

struct HistoryEntryView {
  std::string operation;
  std::string label;  // pattern name or a summary of the request
  bool ok = true;
  double read_units = 0;
  double write_units = 0;
  double dollars = 0;
  bool changed_data = false;  // the request wrote: undo restores before it
};

struct HistoryView {
  std::vector<HistoryEntryView> entries;
  int current = -1;  // the state shown is after this entry (-1: the freshly loaded model)
};

// --- Table settings (UpdateTable, Streams, TTL, tags, the playground's clock) -------------

struct IndexSettingsView {
  std::string name;
  bool global = true;
  std::string status;      // DescribeTable's IndexStatus ("ACTIVE": the engine backfills at once)
  std::string keys;        // "GSI1PK (S) / GSI1SK (S)"
  std::string projection;  // "ALL", "KEYS_ONLY", "INCLUDE: total, status"
  uint64_t item_count = 0;
  uint64_t size_bytes = 0;
};

// An attribute seen on the table's items as a scalar key type: a candidate GSI key.
struct AttributeCandidateView {
  std::string name;
  std::string type;    // the key type most items hold it as: "S", "N" or "B"
  uint64_t items = 0;  // items that hold it as that type
};

struct TableSettingsView {
  std::string name;
  std::string arn;
  std::string key_schema;                         // "PK (S) / SK (S)"
  bool on_demand = true;                          // BillingMode PAY_PER_REQUEST
  int64_t read_capacity = 0, write_capacity = 0;  // provisioned tables
  uint64_t item_count = 0, size_bytes = 0;
  std::vector<IndexSettingsView> indexes;
  std::vector<std::string> key_attributes;         // attribute names the table's keys use
  std::vector<AttributeCandidateView> attributes;  // by items holding them, most first
  bool stream_enabled = false;
  std::string stream_view_type, stream_label;
  bool ttl_enabled = false;
  std::string ttl_attribute;
  // Items whose TTL lies before now + 1 h / + 1 day / + 30 days (what each "advance" expires).
  uint64_t expiring[3] = {0, 0, 0};
  std::vector<std::pair<std::string, std::string>> tags;  // Key, Value
};

// What adding a GSI costs: DynamoDB backfills the new index from every existing item, one index
// write per item that carries the index's key attributes (with their declared types), each billed
// at ceil(entry size / 1 KB) write units (on-demand: write request units at the WRU price).
struct BackfillView {
  bool valid = false;
  std::string error;  // why there is no estimate ("Choose the partition key")
  std::string table, index;
  bool actual = false;  // measured on the built index (after UpdateTable), not predicted
  uint64_t items_scanned = 0;
  uint64_t entries = 0;      // items that get an index entry
  uint64_t wrong_type = 0;   // items holding a key attribute with another type: not indexed
  uint64_t entry_bytes = 0;  // sum of the entries' sizes
  uint32_t largest_entry = 0;
  double write_units = 0;
  double dollars = 0;  // at the on-demand WRU price
};

struct SettingsView {
  std::vector<TableSettingsView> tables;
  std::string clock_text;      // "2026-11-30 05:52:10 UTC"
  int64_t clock_seconds = 0;   // the playground's now, epoch seconds (what TTL values compare to)
  std::string offset_text;     // "+31 d 1 h" ahead of real time ("" when not advanced)
  std::string last_advance;    // "+1 day: 2 items expired by TTL, 0 WRU" ("" before any)
  BackfillView estimate;       // for the panel's GSI draft
  BackfillView last_backfill;  // of the GSI added last (measured)
  double write_unit_price_per_million = 0.625;
  // What the view was built from (RefreshSettingsView rebuilds when one of these moves).
  uint64_t built_version = 0, built_generation = 0;
  int64_t built_offset_ms = -1;
  std::string built_last_advance, built_estimate_key;
};

// --- Intents ---------------------------------------------------------------------------------

// What a panel asks the app to do, one struct per kind with named fields. Panels push them while
// drawing; App::ApplyIntents (ui/app.cc) visits them after the frame, in order.
namespace intent {

// Load a built-in example by name ("orders") at a scale (1, 10, 100, 1000).
struct LoadModel {
  std::string name;
  double scale = 1;
};
// Reload the model as it was loaded, forgetting the history.
struct ResetModel {};
// Run a request; `label` names it in the history.
struct RunRequest {
  std::string operation;
  std::string request_json;
  std::string label;
};
// Run the access pattern in this row of PatternsView::rows (the model's access_patterns).
struct RunPattern {
  int row = -1;
};
// Run every access pattern, in order.
struct RunAll {};
// Load the pattern in this row into the request builder (without running it).
struct EditPattern {
  int row = -1;
};
// Run this step of the model's tour.
struct RunTourStep {
  int step = -1;
};
// Re-run the last request with ExclusiveStartKey set to its LastEvaluatedKey.
struct NextPage {};
// Return the tables to their state right after this history entry (-1: before the first).
struct UndoTo {
  int history_entry = -1;
};
// Run this history entry's request again.
struct Rerun {
  int history_entry = -1;
};
// Select a table (index empty) or one of its indexes in the table view.
struct SelectCollection {
  std::string table;
  std::string index;
};
struct SetTheme {
  bool dark = true;
};
// Put text on the clipboard.
struct CopyText {
  std::string text;
};
// Build the bill panel's figures (monotable/plan.h), with its "what if" sliders: every pattern's
// rate times `traffic`, and `extra_item_bytes` added to every item of the model.
struct EstimateBill {
  double traffic = 1;
  int extra_item_bytes = 0;
};

}  // namespace intent

using Intent =
    std::variant<intent::LoadModel, intent::ResetModel, intent::RunRequest, intent::RunPattern,
                 intent::RunAll, intent::EditPattern, intent::RunTourStep, intent::NextPage,
                 intent::UndoTo, intent::Rerun, intent::SelectCollection, intent::SetTheme,
                 intent::CopyText, intent::EstimateBill>;

using Intents = std::vector<Intent>;

}  // namespace monotable::ui
