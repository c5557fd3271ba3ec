// table: one table's items and index entries, kept consistent on every write.
//
// A write is planned first (Plan: what happens to the base item and to each index, with entry
// sizes before and after, for capacity and effects) and applied second (Commit). Planning changes
// nothing, so callers can validate a whole batch or transaction before committing any of it.
//
// DynamoDB rules implemented here:
// - sparse indexes: an item lacking an index key attribute (partition key, sort key, or any one of
//   a multi-attribute GSI key's) is not in the index (dynamodb-rules.md §1.4);
// - an index entry is the table's key attributes + the index's key attributes + the projected
//   attributes (ALL: the whole item; KEYS_ONLY: keys only; INCLUDE: keys + NonKeyAttributes), and
//   its size is the item size of that projection (§1.4);
// - index entries are ordered by (index sort key(s) in order, table partition key, table sort key)
//   inside an index partition, so non-unique index keys still have a deterministic order.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "storage/schema.h"
#include "storage/store.h"

namespace monotable::storage {

// What one write does to one index.
enum class IndexChangeKind : uint8_t {
  kNone,       // item in the index neither before nor after
  kAdded,      // item entered the index (1 index write)
  kRemoved,    // item left the index (1 index write)
  kMoved,      // an index key attribute changed: old entry deleted, new entry put (2 index writes)
  kUpdated,    // same index key, projected attributes changed (1 index write)
  kUntouched,  // in the index before and after, nothing projected changed (0 writes)
};

struct IndexChange {
  IndexChangeKind kind = IndexChangeKind::kNone;
  uint32_t old_size = 0;  // entry size before (0 if not in the index)
  uint32_t new_size = 0;  // entry size after (0 if not in the index)
  // In words, for effects ("GSI2PK removed: item left the sparse index GSI2"); empty for kNone
  // and kUntouched, which touch no entry (the effects record none).
  std::string reason;
};

// An item's position in its table's store: its partition and sort component.
struct BaseKey {
  PartitionId partition;
  std::string sort;
};

struct WritePlan {
  ItemPtr old_item;  // nullptr: no item had this key
  ItemPtr new_item;  // nullptr: the write deletes
  uint32_t old_size = 0;
  uint32_t new_size = 0;
  std::vector<IndexChange> index_changes;  // parallel to schema().indexes
};

// Names of the key attributes of `keys` missing in `item` or held with another type than declared
// (so the item has no entry in an index keyed by `keys`), joined with " and ": "GSI2PK and
// GSI2SK"; "" when the item holds them all.
std::string MissingKeys(const KeySchema& keys, const Item& item);

// The tuple encoding of a multi-attribute partition key's values (in key schema order), which
// MakeTuplePartitionId turns into the index partition. REQUIRES: each value is S, N or B.
std::string HashTuple(const Value* const* values, size_t n);

class Table {
 public:
  explicit Table(TableSchema schema);

  const TableSchema& schema() const { return schema_; }

  // The item with this primary key (decoded from its stored form), or nullptr. REQUIRES: key holds
  // the key attributes with the schema's types.
  ItemPtr Get(const Item& key) const;
  // The same, by position (BaseKeyOf the key).
  ItemPtr Get(const BaseKey& key) const;
  // The stored entry with this primary key, or nullptr; valid until the table changes. Reads that
  // only return the item write it from here without decoding it. REQUIRES: as Get.
  const Entry* Find(const Item& key) const;
  // The same, from the key's values already found in it: `range` null for a hash-only table.
  // REQUIRES: the values have the schema's key types (api's ValidateKey hands them over).
  const Entry* Find(const Value& hash, const Value* range) const;
  // The primary key attributes of a stored item (decodes only those).
  Item KeyOf(const EncodedItem& item) const;

  // What replacing old_item by new_item (either may be null) does. Changes nothing.
  // REQUIRES: both (when present) have the same primary key, valid for the schema.
  WritePlan Plan(ItemPtr old_item, ItemPtr new_item) const;
  // Applies a plan made against the current state. `base`, when given, is the item's position
  // (BaseKeyOf either image), which Commit otherwise computes.
  void Commit(const WritePlan& plan, const BaseKey* base = nullptr);

  // Schema changes (UpdateTable). AddIndex backfills the new index from every item (DynamoDB
  // builds a new GSI from the existing items); RemoveIndex drops an index and its entries.
  // REQUIRES: no index of that name exists (AddIndex) / `i` is a valid index (RemoveIndex).
  void AddIndex(IndexSchema index);
  void RemoveIndex(size_t i);
  // Billing mode, throughput and attribute definitions; REQUIRES: keys and indexes unchanged.
  TableSchema& mutable_schema() { return schema_; }

  // Where items and index entries live (read paths seek here).
  const Store& base() const { return base_; }
  const Store& index_store(size_t i) const { return indexes_[i].store; }
  uint64_t item_count() const { return item_count_; }
  uint64_t size_bytes() const { return size_bytes_; }
  uint64_t index_item_count(size_t i) const { return indexes_[i].count; }
  uint64_t index_size_bytes(size_t i) const { return indexes_[i].bytes; }

  // Key encodings. REQUIRES: the item has the table's key attributes.
  PartitionId BasePartition(const Item& item) const;
  std::string BaseSort(const Item& item) const;
  // Both at once.
  BaseKey BaseKeyOf(const Item& item) const { return BaseKey{BasePartition(item), BaseSort(item)}; }
  // The index partition and sort component of an item; false if the item is not in the index
  // (lacks an index key attribute, or holds it with another type).
  bool IndexPosition(size_t i, const Item& item, PartitionId* partition, std::string* sort) const;

  // The projected index entry of an item (keys + projected attributes).
  Item ProjectEntry(size_t i, const Item& item) const;
  // True if `name` is part of index i's entries (key or projected attribute).
  bool IsProjected(size_t i, std::string_view name) const;
  // Size of the item's entry in index i.
  uint32_t EntrySize(size_t i, const Item& item) const;

 private:
  struct IndexData {
    Store store;
    uint64_t count = 0;
    uint64_t bytes = 0;
  };
  IndexChange PlanIndex(size_t i, const Item* old_item, const Item* new_item) const;
  // IndexPosition for an index with a multi-attribute key.
  bool MultiIndexPosition(size_t i, const Item& item, PartitionId* partition,
                          std::string* sort) const;

  TableSchema schema_;
  Store base_;
  std::vector<IndexData> indexes_;
  uint64_t item_count_ = 0;
  uint64_t size_bytes_ = 0;
};

}  // namespace monotable::storage
