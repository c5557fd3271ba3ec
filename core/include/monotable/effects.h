// Effects: what one request did, for front ends to show (the playground's whole point).
//
// The engine computes effects for every request, successful or not (a failed condition is billed
// and shows as kConditionFailed); front ends only display them. Effects carry no wire format.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "monotable/value.h"

namespace monotable {

enum class ItemAction : uint8_t {
  kReturned,         // read and returned to the caller
  kFilteredOut,      // read (and billed) but discarded by FilterExpression
  kRead,             // read without being returned (e.g. the old image of a conditional write)
  kMissing,          // a key looked up that holds no item (still billed)
  kInserted,         // a write created the item
  kReplaced,         // PutItem replaced an existing item
  kUpdated,          // UpdateItem changed an existing item
  kDeleted,          // the item was deleted
  kConditionFailed,  // a ConditionExpression / ConditionCheck evaluated false: nothing changed
  kIndexAdded,       // an index entry appeared (the item entered the index)
  kIndexRemoved,     // an index entry vanished (the item left the index)
  kIndexUpdated,     // an index entry was rewritten in place
};

// Short lowercase name for display and JSON: "returned", "filtered-out", "index-added", ...
const char* ItemActionName(ItemAction action);

struct TouchedItem {
  std::string table;
  std::string index;  // empty for the base table
  Item key;           // the base table's primary key of the item
  size_t size_bytes;  // item size (base table) or index entry size (index)
  ItemAction action;
  std::string reason;  // why, in words: "GSI2PK removed: item left the sparse index GSI2"
};

// Capacity consumed on one table or one of its indexes, with the arithmetic in words.
struct CapacityLine {
  std::string table;
  std::string index;  // empty for the table itself
  bool local_index = false;
  double read_units = 0;
  double write_units = 0;
  // e.g. "3 items, 2,310 bytes read, rounded up to 4 KB = 1 RRU; eventually consistent x0.5 = 0.5"
  std::string arithmetic;
};

// A DynamoDB Streams record a request appended (the record itself is read with GetRecords).
struct StreamRecordEffect {
  std::string table;
  std::string event_name;       // "INSERT", "MODIFY" or "REMOVE"
  Item keys;                    // the item's primary key
  std::string stream_label;     // the stream's StreamLabel (its creation time)
  std::string view_type;        // "NEW_AND_OLD_IMAGES", "KEYS_ONLY", ...
  std::string sequence_number;  // 21 digits: "000000000000000000002"
  bool by_service = false;      // a TTL deletion: userIdentity Service dynamodb.amazonaws.com
};

// One line for showing or copying a record, e.g. `MODIFY {"pk":{"S":"a"}} -> stream
// 2026-11-30T03:08:33.123 (NEW_AND_OLD_IMAGES), SequenceNumber 000000000000000000002` (with
// `, userIdentity Service dynamodb.amazonaws.com (TTL)` for a TTL deletion).
std::string StreamRecordLine(const StreamRecordEffect& record);

// What one item write did to one index of its table: the fan-out of a write, hop by hop.
//
// DynamoDB rule (dynamodb-rules.md §1.6, index writes; DG GSI.html#GSI.Writes "If an update to the
// table changes the value of an indexed key attribute (from A to B), two writes are required, one
// to delete the previous item from the index and another write to put the new item into the
// index"): entering or leaving an index is 1 write, a moved index key 2, a rewrite of projected
// attributes 1, nothing projected changed or not in the index before nor after 0.
enum class IndexHopKind : uint8_t {
  kNotInIndex,  // the item lacks an index key attribute before and after (a sparse index): 0
  kAdded,       // the item entered the index: its entry put, 1 write
  kRemoved,     // the item left the index (a key attribute removed, or the item deleted): 1 write
  kMoved,       // an index key attribute changed: old entry deleted + new entry put, 2 writes
  kRewritten,   // same index key, projected attributes changed: entry rewritten, 1 write
  kUnchanged,   // in the index before and after, nothing it projects changed: 0
  kNotWritten,  // the write did not happen (a failed condition, a ConditionCheck): no index write
};

// Short lowercase name: "not-in-index", "added", "removed", "moved", "rewritten", "unchanged",
// "not-written".
const char* IndexHopKindName(IndexHopKind kind);

struct IndexHop {
  std::string index;
  bool local_index = false;
  IndexHopKind kind = IndexHopKind::kNotInIndex;
  // The entry's key in the index (the index's key attributes) before and after the write; empty
  // where the item had no entry (old_key for kAdded, new_key for kRemoved, both for kNotInIndex).
  Item old_key;
  Item new_key;
  size_t old_size = 0;     // entry bytes before (0: no entry)
  size_t new_size = 0;     // entry bytes after (0: no entry)
  double write_units = 0;  // what this index was billed for this write (the capacity line's part)
  std::string arithmetic;  // as in the capacity line ("" when nothing was billed)
  std::string reason;      // in words: "item has no GSI2PK: not in this sparse index"
};

// One item write (a Put, Update, Delete or ConditionCheck, alone or in a batch or transaction) and
// its hop to every index of its table, in the table's index order. Recorded whenever a request
// records effects.
struct WriteFanout {
  std::string table;
  Item key;                // the item's primary key
  ItemAction action;       // kInserted, kReplaced, kUpdated, kDeleted, kMissing, kConditionFailed,
                           // kRead (a ConditionCheck that held)
  size_t size_bytes = 0;   // the bytes the base table write was billed on
  double write_units = 0;  // the base table's units for this write (x2 in a transaction)
  std::string arithmetic;  // the base table's arithmetic, as in its capacity line
  std::vector<IndexHop> indexes;
};

// For a read request: what the same request would cost under each read mode.
struct ReadModes {
  bool applicable = false;
  double eventual = 0;
  double strong = 0;
  double transactional = 0;
};

struct Effects {
  std::string operation;
  std::vector<TouchedItem> items;
  std::vector<CapacityLine> capacity;
  double read_units = 0;   // total read request units
  double write_units = 0;  // total write request units
  double dollars = 0;      // on-demand price of this one request
  ReadModes read_modes;
  std::vector<std::string>
      lints;  // advice: "Scan in an access pattern", "item just over 4 KB", ...
  // The DynamoDB Streams records the request appended, in order. Empty when no written table
  // has an enabled stream.
  std::vector<StreamRecordEffect> stream_records;
  // Every item write of the request and what it did to each index (empty for reads).
  std::vector<WriteFanout> fanout;
};

// Effects as JSON text, the one rendering every front end uses (`monotable run --effects`, the
// page's window.monotable.run / state, the widget's events). Every member is always present:
//   {"operation", "readUnits", "writeUnits", "dollars",
//    "items": [{"table", "index" ("" for the table), "key" (DynamoDB JSON), "sizeBytes",
//               "action" (ItemActionName), "reason"}],
//    "capacity": [{"table", "index", "localIndex", "readUnits", "writeUnits", "arithmetic"}],
//    "readModes": {"eventual", "strong", "transactional"} or null (not a read),
//    "lints": [...],
//    "streamRecords": [{"table", "eventName", "keys" (DynamoDB JSON), "streamLabel", "viewType",
//                       "sequenceNumber", "byService", "line" (StreamRecordLine)}]}
std::string EffectsToJson(const Effects& effects);

// On-demand and provisioned prices, kept as data with the date they are valid for.
// Defaults: us-east-1, Standard table class, dynamodb-rules.md §1.8.
struct PriceTable {
  std::string region = "us-east-1";
  std::string as_of = "2024-11-01";
  double read_request_unit_per_million = 0.125;
  double write_request_unit_per_million = 0.625;
  double rcu_hour = 0.00013;
  double wcu_hour = 0.00065;
  double storage_gb_month = 0.25;
  double storage_free_gb = 25;
  // DynamoDB Streams: $0.02 per 100,000 streams read request units (one per GetRecords call), the
  // first 2.5 million a month free (aws.amazon.com/dynamodb/pricing; dynamodb-rules.md §5.3 marks
  // the rate unverified).
  double streams_read_request_unit_per_100k = 0.02;
};

}  // namespace monotable
