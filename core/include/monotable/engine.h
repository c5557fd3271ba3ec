// Engine: the in-memory DynamoDB. One door for data: Execute(operation, request) -> response +
// effects, in DynamoDB's JSON wire format (the same bodies the HTTP API carries). Read-only
// browsing (for table and index views) needs no request and bills nothing.
//
// Thread-safety: an Engine is not thread-safe; callers serialise access (`monotable serve` holds a
// mutex around Execute). Copying an Engine snapshots its whole state (undo, reset, sharing).
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "monotable/effects.h"
#include "monotable/key_schema.h"
#include "monotable/status.h"
#include "monotable/value.h"

namespace monotable {

// Which wording DynamoDB's validation errors come in. DynamoDB reworded a set of its validation
// messages region by region from June 2026 (no announcement; the dynamodb-conformance suite's
// captures, captures/cross-region-latest.json, record each region's answers). A cohort names the
// wording of a date; core/api/messages.h lists every message family that differs between them,
// with the capture each text comes from.
enum class MessageCohort : uint8_t {
  // May 2026: the wording every region answered with before the rollout, and the one the
  // May 2026 Parity Suite pins.
  k2026_05,
  // September 2026: us-east-1 as captured on 2026-09-29 (the newest capture of the region our
  // prices and examples use): the new wording, except the checks us-east-1 had not moved yet.
  k2026_09,
};
// "2026-05", "2026-09".
std::string_view MessageCohortName(MessageCohort cohort);
// Parses a MessageCohortName; false (and *out untouched) for any other text.
bool ParseMessageCohort(std::string_view name, MessageCohort* out);

struct EngineOptions {
  std::string region = "us-east-1";
  std::string account_id = "000000000000";
  PriceTable prices;
  // Milliseconds since the Unix epoch; injectable so tests and the playground control time.
  // Empty: the system clock.
  std::function<int64_t()> clock_ms;
  // Whether reads list every item they return or filter out in Effects::items. A front end that
  // discards effects (`monotable serve`) turns it off: a read then skips copying each item's key.
  // Writes, capacity, lints and the rest of Effects are recorded either way.
  bool record_item_effects = true;
  // The wording of validation errors (see MessageCohort): us-east-1's current one by default.
  MessageCohort messages = MessageCohort::k2026_09;
  // DynamoDB's asynchronous control plane, made visible (`monotable serve
  // --delay-transient-statuses`, after DynamoDB Local's -delayTransientStatuses). 0 (the
  // default, and the playground's): every change is complete at once and tables are ACTIVE.
  // Positive: for that many milliseconds of clock_ms a new table is CREATING (data-plane requests
  // on it: ResourceNotFoundException), a table changed by UpdateTable is UPDATING (a second
  // UpdateTable: ResourceInUseException), a GSI that UpdateTable adds is CREATING with Backfilling
  // (Query and Scan on it: ValidationException), and a deleted table is DELETING before it is
  // gone. The states move on when a request arrives at or after their end time, so tests drive
  // them with clock_ms. The rules, with their sources, are in core/api/ops/table_ops.cc.
  int64_t transient_status_ms = 0;
};

// Options of one Execute call.
struct ExecuteOptions {
  // false: Result::effects holds the operation, the unit totals, dollars and read modes and
  // nothing else (no touched items, capacity lines, lints or stream record lines), and the request
  // builds none of their text. For callers that discard effects: LoadModel, `monotable
  // serve`. The response (body, status) is the same either way.
  bool effects = true;
};

struct Result {
  Status status;          // OK, or the DynamoDB error
  int http_status = 200;  // 200, 400 for client errors, 500 for InternalServerError
  std::string body;       // response JSON, or DynamoDB's error body (`__type`, `message`, ...)
  Effects effects;        // what the request did (also for failed requests: billed failures)
};

// A failed request's Result: `status` in DynamoDB's error envelope (`__type` in DynamoDB's
// namespace for the code, `message`, HTTP 400 or 500), rendered as the engine renders every error.
// For front ends that refuse a request of their own (the playground's AdvanceTime).
Result ErrorResult(Status status);

struct IndexInfo {
  std::string name;
  bool global = true;
  KeySchemaInfo keys;
  std::string projection_type;  // "ALL", "KEYS_ONLY", "INCLUDE"
  std::vector<std::string> non_key_attributes;
  // The attributes an entry holds of its item when projection_type is not "ALL": the table's key
  // attributes, the index's, then non_key_attributes (DynamoDB projects the keys of both into
  // every index, DG GSI.html#GSI.Projections). Empty for "ALL" (every attribute). What
  // StoredItem::Decode(names) takes to show an entry as ForEachItem shows it.
  std::vector<std::string> projected_attributes;
  size_t item_count = 0;
  size_t size_bytes = 0;
};

struct TableInfo {
  std::string name;
  KeySchemaInfo keys;
  std::vector<IndexInfo> indexes;
  size_t item_count = 0;
  size_t size_bytes = 0;
};

// An item as the engine stores it, held by a front end that keeps what it built from it (the
// playground's table view). While a StoredItem exists, the stored item it names stays allocated,
// so its id() is that stored item's alone: an item that a write changed is stored anew and has
// another id, an item a write left alone keeps its id. Moving is free; copying and destroying take
// and drop a reference (no allocation).
class StoredItem {
 public:
  StoredItem() = default;
  StoredItem(const StoredItem& other);
  StoredItem(StoredItem&& other) noexcept : id_(other.id_) { other.id_ = nullptr; }
  StoredItem& operator=(const StoredItem& other);
  StoredItem& operator=(StoredItem&& other) noexcept;
  ~StoredItem();
  // Null for a default-constructed StoredItem; compared with the ids ForEachItem offers.
  const void* id() const { return id_; }
  // The stored item, decoded: every attribute, as ForEachItem showed it for the base table. A
  // front end that keeps only StoredItems decodes the few it shows when it shows them. Works for
  // as long as this StoredItem exists, whatever the engine did since (a write stores a new item;
  // this one is immutable and held), even after the engine is gone. Reads no engine state, so it
  // is safe beside another thread's Execute. REQUIRES: id() is not null.
  Item Decode() const;
  // Only the top-level attributes named in `names` (those the item lacks are skipped): an entry
  // of an index that does not project ALL, as ForEachItem showed it, is
  // Decode(IndexInfo::projected_attributes). REQUIRES: id() is not null.
  Item Decode(const std::vector<std::string>& names) const;

 private:
  friend class Engine;
  const void* id_ = nullptr;
};

class Engine {
 public:
  explicit Engine(EngineOptions options = {});
  ~Engine();
  Engine(const Engine& other);             // deep snapshot
  Engine& operator=(const Engine& other);  // restore from a snapshot
  Engine(Engine&&) noexcept;
  Engine& operator=(Engine&&) noexcept;

  // Runs one DynamoDB operation ("PutItem", "Query", ...) on a JSON request body. Never throws and
  // never crashes on bad input: malformed requests get DynamoDB's error. A request that fails
  // validation or a condition changes nothing.
  Result Execute(std::string_view operation, std::string_view request_json);
  Result Execute(std::string_view operation, std::string_view request_json,
                 const ExecuteOptions& options);

  // Runs DynamoDB's Time to Live process now: deletes every item whose TTL attribute (see
  // UpdateTimeToLive) is a Number of epoch seconds before EngineOptions::clock_ms. Deletions bill
  // no capacity; effects list each one (ItemAction::kDeleted, reason "TTL: ...") and the body is
  // {"DeletedItemCount": n}. The playground's "advance time" moves the clock, then calls this.
  Result SweepExpired();

  // Names of the operations Execute understands.
  static const std::vector<std::string>& Operations();

  // Browsing (no billing, no effects). Tables in name order.
  std::vector<TableInfo> Tables() const;
  // Visits the items of a table (index empty) or the entries of one of its indexes (projected and
  // re-keyed) in view order: partitions in Scan order, then by sort key. `item` is valid only
  // during the call. Unknown table or index: visits nothing.
  void ForEachItem(std::string_view table, std::string_view index,
                   const std::function<void(const Item& item, size_t size_bytes)>& visit) const;
  // The same, stopping after the first `limit` items: a view of a few rows of a large table visits
  // (and decodes) only those.
  void ForEachItem(std::string_view table, std::string_view index, size_t limit,
                   const std::function<void(const Item& item, size_t size_bytes)>& visit) const;
  // The same, for a front end that keeps what it built from each item (the table view): before
  // decoding an item, asks `known(id, size_bytes)` with the id of the item as stored
  // (StoredItem::id()); if `known` returns true the item is skipped (not read), otherwise `visit`
  // gets it and a StoredItem that holds it. An id equals the id of a StoredItem the caller holds
  // exactly when it is that same stored item, unchanged since, so a view refreshed after a write
  // rebuilds only what changed and walks only the index's entries, not the items. An empty
  // `known` skips nothing.
  void ForEachItem(std::string_view table, std::string_view index, size_t limit,
                   const std::function<bool(const void* id, size_t size_bytes)>& known,
                   const std::function<void(const Item& item, size_t size_bytes,
                                            StoredItem stored)>& visit) const;

  // The walk of the variant above, starting at the place of the item whose primary key `from`
  // holds (its key attributes suffice) instead of at the first entry: with `include_from`, that
  // item's own entry comes first (if it has one), otherwise the walk starts right after it. The
  // place is that key in the table, and in an index the item's entry's key; so a place in the
  // table need not hold an item any more, but in an index it is found from the stored item, which
  // must still be stored and in the index. Returns false (visiting nothing) when the table, the
  // index or the place is not found. A view built a slice at a time resumes after the last item
  // it saw, and a view patched after a write reads an item's entry and what follows it.
  bool ForEachItemFrom(std::string_view table, std::string_view index, const Item& from,
                       bool include_from, size_t limit,
                       const std::function<bool(const void* id, size_t size_bytes)>& known,
                       const std::function<void(const Item& item, size_t size_bytes,
                                                StoredItem stored)>& visit) const;

  // Increases on every change of data or schema; front ends rebuild views when it moves.
  uint64_t version() const;

  const EngineOptions& options() const;
  // Changes EngineOptions::transient_status_ms from now on (a table already in a transient state
  // keeps its end time). Loaders turn it off while they load a model or a snapshot, whose tables
  // must be ACTIVE for their items to be written.
  void set_transient_status_ms(int64_t ms);

 private:
  // A StoredItem holding the stored item of this identity (a reference is added).
  static StoredItem HoldStored(const void* id);

  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace monotable
