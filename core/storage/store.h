// store: partitions of sorted entries with copy-on-write sharing, the shape both a table and each
// of its indexes take.
//
// Partitions are ordered by PartitionId (hash of the partition key bytes, then the bytes): that is
// Scan order. Inside a partition, entries are ordered by their sort component (see key_codec.h).
// An Entry points at an immutable base item in its compact stored form (item_codec.h), one
// allocation shared by the table and all its indexes, so an index with an ALL projection costs no
// copy of the item. Copying a Store is cheap (it shares buckets and
// partitions); the first write to a shared bucket or partition copies just that part.
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <memory>
#include <string>

#include "monotable/value.h"
#include "storage/item_codec.h"

namespace monotable::storage {

// A decoded item, as reads hand it out and writes plan with it.
using ItemPtr = std::shared_ptr<const Item>;

struct Entry {
  EncodedItem item;   // the whole base item, encoded (an index entry projects it when read)
  uint32_t size = 0;  // item size (table) or index entry size (index), in bytes
};

struct PartitionId {
  uint64_t hash = 0;
  std::string key;  // KeyBytes of the partition key value
  bool operator<(const PartitionId& o) const {
    return hash != o.hash ? hash < o.hash : key < o.key;
  }
  bool operator==(const PartitionId& o) const { return hash == o.hash && key == o.key; }
};

PartitionId MakePartitionId(const Value& partition_key);

// Entries of one partition by sort component.
using Rows = std::map<std::string, Entry>;

class Store {
 public:
  Store() = default;

  // The partition, or nullptr if it holds no entry.
  const Rows* Find(const PartitionId& id) const;
  // The partition for writing (created if missing; unshared from snapshots first).
  Rows& Mutable(const PartitionId& id);
  // Drops the partition if it is empty.
  void EraseIfEmpty(const PartitionId& id);

  // Partition iteration in Scan order. A Cursor is valid until the store changes.
  struct Cursor {
    const PartitionId* id = nullptr;  // nullptr: past the end
    const Rows* rows = nullptr;
  };
  // First partition whose id is >= `id` (or > `id` when `exclusive`).
  Cursor Seek(const PartitionId& id, bool exclusive) const;
  Cursor First() const { return Seek(PartitionId{}, false); }
  Cursor Next(const Cursor& c) const { return Seek(*c.id, true); }

  size_t partition_count() const { return partition_count_; }

 private:
  static constexpr int kBucketBits = 8;  // 256 buckets by the top bits of the hash
  using Bucket = std::map<PartitionId, std::shared_ptr<Rows>>;
  static size_t BucketOf(uint64_t hash) { return static_cast<size_t>(hash >> (64 - kBucketBits)); }

  std::array<std::shared_ptr<Bucket>, (1u << kBucketBits)> buckets_;
  size_t partition_count_ = 0;
};

}  // namespace monotable::storage
