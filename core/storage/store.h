// store: the entries of a table or of one of its indexes, in Scan order, with copy-on-write
// sharing between copies.
//
// Order: partitions by PartitionId (hash of the partition key bytes, then the bytes): that is Scan
// order. Inside a partition, entries by their sort component (see key_codec.h).
//
// Layout: one B+tree per Store over (partition hash, partition key bytes, sort component), so a
// partition holding one entry (every GSI1 partition of Orders) costs one entry, not a partition
// object. Leaves hold up to 32 entries in one allocation sized to its content: each entry is an
// Entry (a handle on the base item's encoding, item_codec.h, shared by the table and all its
// indexes) plus its key bytes packed in the leaf (~30 bytes of overhead an entry, no node or
// string object per entry). Nodes are reference counted and immutable while shared: copying a
// Store shares the whole tree (O(1)); the first write after a copy copies only the nodes on the
// path to the leaf written (the engine's snapshots stay cheap).
//
// Rows is a view of one partition with the interface of the std::map it replaced (begin/end,
// find, lower_bound, upper_bound, bidirectional iterators yielding pairs [sort, entry]); views and
// iterators are valid until the store changes.
#pragma once

#include <cstddef>
#include <cstdint>
#include <iterator>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

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
// The partition of a multi-attribute partition key: `tuple` is the HASH values' tuple encoding
// (AppendKeyComponent of each, in key schema order), hashed as one key.
PartitionId MakeTuplePartitionId(std::string tuple);

struct StoreNode;  // a tree node (store.cc)
struct StoreKey;   // a position searched for (store.cc)
struct Parsed;     // a record's parts (store.cc)

// A position in a Store: the path from the root to an entry of a leaf. Dereferences to the pair
// (sort component, entry). Valid until the store changes.
class RowIterator {
 public:
  using value_type = std::pair<std::string_view, const Entry&>;
  using reference = value_type;
  using pointer = void;
  using difference_type = std::ptrdiff_t;
  using iterator_category = std::bidirectional_iterator_tag;
  struct Arrow {
    value_type pair;
    const value_type* operator->() const { return &pair; }
  };

  RowIterator() = default;
  value_type operator*() const;
  Arrow operator->() const { return Arrow{**this}; }
  RowIterator& operator++();
  RowIterator& operator--();
  bool operator==(const RowIterator& o) const {
    return leaf() == o.leaf() && leaf_index() == o.leaf_index();
  }
  bool operator!=(const RowIterator& o) const { return !(*this == o); }

 private:
  friend class Store;
  friend class Rows;
  static constexpr int kMaxDepth = 16;  // 8^15 entries at the least fill: never reached

  const StoreNode* leaf() const { return depth_ ? path_[depth_ - 1] : nullptr; }
  uint32_t leaf_index() const { return depth_ ? index_[depth_ - 1] : 0; }
  // True past the last entry of the whole store.
  bool AtEnd() const;
  // From one past a leaf's last entry to the first entry of the next leaf (if there is one).
  void SkipLeafEnd();
  // The whole key of the entry: hash, partition key bytes, sort component.
  std::string_view Record() const;
  // The first position not before `k`.
  static RowIterator LowerBound(const StoreNode* root, const StoreKey& k);

  const StoreNode* path_[kMaxDepth];  // [0, depth_) are set
  uint8_t index_[kMaxDepth];
  uint8_t depth_ = 0;
};

// The entries of one partition, by sort component (a view into a Store, valid until it changes).
class Rows {
 public:
  using iterator = RowIterator;
  using const_iterator = RowIterator;

  iterator begin() const { return begin_; }
  iterator end() const { return end_; }
  bool empty() const { return begin_ == end_; }
  // Counts the entries (walks them).
  size_t size() const;
  // First entry whose sort component is >= `sort` (lower_bound) or > `sort` (upper_bound).
  iterator lower_bound(std::string_view sort) const;
  iterator upper_bound(std::string_view sort) const;
  // The entry with this sort component, or end().
  iterator find(std::string_view sort) const;
  size_t count(std::string_view sort) const { return find(sort) != end_ ? 1 : 0; }

 private:
  friend class Store;
  // First position of the partition not before `k`.
  iterator Search(const StoreKey& k) const;

  const StoreNode* root_ = nullptr;
  uint64_t hash_ = 0;
  std::string_view key_;  // the partition key bytes, inside the tree
  RowIterator begin_, end_;
};

class Store {
 public:
  Store() = default;
  // Copies share every node: O(1). Either side's later writes copy what they change.
  Store(const Store& o);
  Store(Store&& o) noexcept;
  Store& operator=(const Store& o);
  Store& operator=(Store&& o) noexcept;
  ~Store();

  // The partition, or nullopt if it holds no entry.
  std::optional<Rows> Find(const PartitionId& id) const;
  // The entry (id, sort), or nullptr. Valid until the store changes.
  const Entry* FindEntry(const PartitionId& id, std::string_view sort) const;
  // Inserts the entry (id, sort), or replaces the entry of that key.
  void Put(const PartitionId& id, std::string_view sort, Entry entry);
  // Removes the entry (id, sort); false if there was none. A partition left empty is gone.
  bool Erase(const PartitionId& id, std::string_view sort);

  // Partition iteration in Scan order. A Cursor is valid until the store changes.
  struct Cursor {
    std::optional<PartitionId> id;  // nullopt: past the end
    std::optional<Rows> rows;
  };
  // First partition whose id is >= `id` (or > `id` when `exclusive`).
  Cursor Seek(const PartitionId& id, bool exclusive) const;
  Cursor First() const { return Seek(PartitionId{}, false); }
  Cursor Next(const Cursor& c) const;

  // Number of entries.
  size_t size() const { return size_; }

 private:
  Cursor CursorAt(const RowIterator& it) const;
  // Sets *rows to the partition starting at `begin`, whose first record is `first`.
  void SetRows(const RowIterator& begin, const Parsed& first, Rows* rows) const;

  StoreNode* root_ = nullptr;
  size_t size_ = 0;
};

}  // namespace monotable::storage
