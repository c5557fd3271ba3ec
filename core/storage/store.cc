// store: a copy-on-write B+tree of entries keyed by (partition hash, partition key, sort).
//
// Node layout, one allocation each: a StoreNode header, then `cap` slots (Entry in a leaf, child
// pointer in an inner node) of which the first `count` are used, then cap + 1 uint32 offsets into
// the key area (count + 1 used), then the key area (`key_cap` bytes, `bytes` used). An inner node
// is sized to its content (cap == count, key_cap == bytes); a leaf is assembled with room for a
// few more entries, so most inserts into an unshared leaf shift its tail in place instead of
// rebuilding it (loading a table inserts at random positions: without the room every insert
// copied its whole leaf into a new allocation).
// A leaf's key i is its entry's record; an inner node's key i (i >= 1) is the separator before
// child i: every key in child i-1 is below it and every key in child i at or above it (key 0 is
// empty). A record is the partition hash (8 bytes, native order), the partition key's length
// (LEB128) and bytes, then the sort component's bytes.
//
// Nodes are reference counted. A write first makes each node on its path unshared (copying a
// shared one, whose copy then holds new references to its entries or children), then edits or
// rebuilds it; a node with no other owner is edited in place when it has room, otherwise rebuilt
// by moving its slots out of it. A shared node is never changed: snapshots stay as they were.
#include "storage/store.h"

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <cstring>
#include <new>

#include "storage/key_codec.h"

namespace monotable::storage {

struct StoreNode {
  std::atomic<uint32_t> refs;
  uint16_t count;  // entries (leaf) or children (inner)
  bool leaf;
  uint8_t cap;       // slots allocated (>= count)
  uint32_t bytes;    // bytes of the key area used
  uint32_t key_cap;  // bytes of the key area allocated (>= bytes)
};

enum class Mode : uint8_t {
  kAt,            // the key itself: positions at the first record >= key
  kAfter,         // just after the key: first record > key
  kPartitionEnd,  // just after every record of the key's partition
};

// A position to search for.
struct StoreKey {
  uint64_t hash;
  std::string_view partition;
  std::string_view sort;
  Mode mode;
};

// A record's parts.
struct Parsed {
  uint64_t hash;
  std::string_view partition;
  std::string_view sort;
};

namespace {

using Key = StoreKey;

constexpr uint32_t kMaxSlots = 32;  // a node splits above this
constexpr uint32_t kMinSlots = 8;   // below this a node merges with a neighbour when they fit
constexpr size_t kHeader = (sizeof(StoreNode) + 15) & ~size_t{15};

char* Body(const StoreNode* n) {
  return const_cast<char*>(reinterpret_cast<const char*>(n)) + kHeader;
}
Entry* Entries(const StoreNode* n) { return reinterpret_cast<Entry*>(Body(n)); }
StoreNode** Children(const StoreNode* n) { return reinterpret_cast<StoreNode**>(Body(n)); }
size_t SlotSize(bool leaf) { return leaf ? sizeof(Entry) : sizeof(StoreNode*); }
uint32_t* Offsets(const StoreNode* n) {
  return reinterpret_cast<uint32_t*>(Body(n) + n->cap * SlotSize(n->leaf));
}
char* Keys(const StoreNode* n) { return reinterpret_cast<char*>(Offsets(n) + n->cap + 1); }
std::string_view KeyAt(const StoreNode* n, uint32_t i) {
  const uint32_t* offsets = Offsets(n);
  return std::string_view(Keys(n) + offsets[i], offsets[i + 1] - offsets[i]);
}

// A node of `count` slots and `bytes` of keys, with room for `cap` slots and `key_cap` bytes.
StoreNode* Allocate(bool leaf, uint32_t count, uint32_t bytes, uint32_t cap, uint32_t key_cap) {
  const size_t size = kHeader + cap * SlotSize(leaf) + (cap + 1) * sizeof(uint32_t) + key_cap;
  auto* n = new (::operator new(size))
      StoreNode{{1}, static_cast<uint16_t>(count), leaf, static_cast<uint8_t>(cap), bytes, key_cap};
  return n;
}

void Release(StoreNode* n);

// Frees the node itself; a leaf's entries are destroyed (moved-from ones hold nothing), an inner
// node's children are not touched (they were moved out or released already).
void FreeShallow(StoreNode* n) {
  if (n->leaf) {
    for (uint32_t i = 0; i < n->count; ++i) Entries(n)[i].~Entry();
  }
  n->~StoreNode();
  ::operator delete(n);
}

void Release(StoreNode* n) {
  if (!n || n->refs.fetch_sub(1, std::memory_order_acq_rel) != 1) return;
  if (!n->leaf) {
    for (uint32_t i = 0; i < n->count; ++i) Release(Children(n)[i]);
  }
  FreeShallow(n);
}

// A copy of a shared node holding its own references, replacing the caller's reference to it.
StoreNode* Unique(StoreNode* n) {
  if (n->refs.load(std::memory_order_acquire) == 1) return n;
  StoreNode* copy = Allocate(n->leaf, n->count, n->bytes, n->cap, n->key_cap);
  for (uint32_t i = 0; i < n->count; ++i) {
    if (n->leaf) {
      new (&Entries(copy)[i]) Entry(Entries(n)[i]);
    } else {
      Children(copy)[i] = Children(n)[i];
      Children(n)[i]->refs.fetch_add(1, std::memory_order_relaxed);
    }
  }
  std::memcpy(Offsets(copy), Offsets(n), (n->count + 1) * sizeof(uint32_t));
  std::memcpy(Keys(copy), Keys(n), n->bytes);
  Release(n);
  return copy;
}

// One slot of a node being assembled: where to move it from, and its key.
struct Part {
  void* slot;  // Entry* (leaf) or StoreNode** (inner), moved from
  std::string_view key;
};

// The room a leaf of `count` entries is assembled with: an eighth more entries (at least two, at
// most kMaxSlots in all), and key bytes for them at the leaf's longest key length (a table's keys
// differ in length by entity: averages ran out of bytes before slots). An insert that finds no
// room rebuilds the leaf with new room, so a leaf filling up at random positions is rebuilt about
// once per count / 8 inserts instead of on every one (the eighth is measured: docs/benchmarks.md,
// section 10).
constexpr uint32_t kRoomKeyBytes = 128;
uint32_t LeafRoom(uint32_t count) {
  return std::min(kMaxSlots, count + std::max<uint32_t>(2, count / 8)) - std::min(count, kMaxSlots);
}

// A node holding `parts` in order (a leaf with room for more, see LeafRoom). Moves each slot (the
// sources are freed by the caller, shallowly).
StoreNode* Assemble(bool leaf, const Part* parts, uint32_t count) {
  uint32_t bytes = 0, longest = 0;
  for (uint32_t i = 0; i < count; ++i) {
    bytes += static_cast<uint32_t>(parts[i].key.size());
    longest = std::max(longest, static_cast<uint32_t>(parts[i].key.size()));
  }
  const uint32_t room = leaf && count ? LeafRoom(count) : 0;
  // (Longer keys than kRoomKeyBytes, rare, rebuild the leaf as before.)
  StoreNode* n =
      Allocate(leaf, count, bytes, count + room, bytes + std::min(longest, kRoomKeyBytes) * room);
  uint32_t* offsets = Offsets(n);
  char* keys = Keys(n);
  uint32_t at = 0;
  for (uint32_t i = 0; i < count; ++i) {
    if (leaf) {
      new (&Entries(n)[i]) Entry(std::move(*static_cast<Entry*>(parts[i].slot)));
    } else {
      Children(n)[i] = *static_cast<StoreNode**>(parts[i].slot);
    }
    offsets[i] = at;
    if (!parts[i].key.empty()) std::memcpy(keys + at, parts[i].key.data(), parts[i].key.size());
    at += static_cast<uint32_t>(parts[i].key.size());
  }
  offsets[count] = at;
  return n;
}

void* SlotOf(StoreNode* n, uint32_t i) {
  return n->leaf ? static_cast<void*>(&Entries(n)[i]) : static_cast<void*>(&Children(n)[i]);
}

// Appends n's slots [from, to) to parts.
uint32_t AddParts(StoreNode* n, uint32_t from, uint32_t to, Part* parts, uint32_t at) {
  for (uint32_t i = from; i < to; ++i) parts[at++] = Part{SlotOf(n, i), KeyAt(n, i)};
  return at;
}

// ---- keys ----

Parsed Parse(std::string_view record) {
  Parsed p;
  std::memcpy(&p.hash, record.data(), sizeof(p.hash));
  size_t at = sizeof(p.hash);
  uint32_t length = static_cast<uint8_t>(record[at++]);
  if (length & 0x80) {  // (partition keys of 128 bytes and more)
    length &= 0x7F;
    for (int shift = 7;; shift += 7) {
      const auto b = static_cast<uint8_t>(record[at++]);
      length |= static_cast<uint32_t>(b & 0x7F) << shift;
      if (!(b & 0x80)) break;
    }
  }
  p.partition = record.substr(at, length);
  p.sort = record.substr(at + length);
  return p;
}

// Compares a record with k's key (k's partition only if `partition_only`). Most comparisons
// are decided by the hash, read without parsing the rest.
int Compare(std::string_view record, const Key& k, bool partition_only = false) {
  uint64_t hash;
  std::memcpy(&hash, record.data(), sizeof(hash));
  if (hash != k.hash) return hash < k.hash ? -1 : 1;
  const Parsed r = Parse(record);
  const int c = r.partition.compare(k.partition);
  return c != 0 || partition_only ? c : r.sort.compare(k.sort);
}

// The first index i in [lo, hi) of node n whose key compares at or above `limit` with k (keys
// below are "before" k: Compare(key, k) < limit), or hi. The search every lookup runs: the hash
// is read straight from each key, the rest parsed only when the hashes are equal.
uint32_t SearchNode(const StoreNode* n, uint32_t lo, uint32_t hi, const Key& k, int limit) {
  const uint32_t* offsets = Offsets(n);
  const char* keys = Keys(n);
  const bool partition_only = k.mode == Mode::kPartitionEnd;
  while (lo < hi) {
    const uint32_t mid = (lo + hi) / 2;
    const char* record = keys + offsets[mid];
    uint64_t hash;
    std::memcpy(&hash, record, sizeof(hash));
    int c;
    if (hash != k.hash) {
      c = hash < k.hash ? -1 : 1;
    } else {
      c = Compare(std::string_view(record, offsets[mid + 1] - offsets[mid]), k, partition_only);
    }
    if (c < limit) {
      lo = mid + 1;
    } else {
      hi = mid;
    }
  }
  return lo;
}

// The limit for SearchNode in a leaf: records before k's position compare below it.
int LeafLimit(const Key& k) { return k.mode == Mode::kAt ? 0 : 1; }

// The child of inner node n to descend into for `k`: the last one whose separator is at or
// before k's position (every key of the children before it is below k).
uint32_t ChildFor(const StoreNode* n, const Key& k) { return SearchNode(n, 1, n->count, k, 1) - 1; }

// First record of leaf n not before `k`.
uint32_t LeafLowerBound(const StoreNode* n, const Key& k) {
  return SearchNode(n, 0, n->count, k, LeafLimit(k));
}

// ---- writes (each takes the reference held at *slot and leaves the new subtree there) ----

// Splits the over-full node at *slot: *slot keeps the left half, *right gets the right half and
// *separator the first key of the right half.
void Split(StoreNode** slot, StoreNode** right, std::string* separator) {
  StoreNode* n = *slot;
  const uint32_t half = n->count / 2;
  Part parts[kMaxSlots + 1];
  uint32_t count = AddParts(n, 0, half, parts, 0);
  StoreNode* left = Assemble(n->leaf, parts, count);
  count = AddParts(n, half, n->count, parts, 0);
  separator->assign(parts[0].key);
  if (!n->leaf) parts[0].key = {};  // an inner node's first key is empty
  *right = Assemble(n->leaf, parts, count);
  FreeShallow(n);
  *slot = left;
}

// Inserts `entry` with key `record` at `pos` of the unshared leaf n, which has room for both:
// the entries, offsets and key bytes after `pos` move up by one slot / the record's length.
void InsertInPlace(StoreNode* n, uint32_t pos, std::string_view record, Entry* entry) {
  Entry* entries = Entries(n);
  for (uint32_t i = n->count; i > pos; --i) {
    new (&entries[i]) Entry(std::move(entries[i - 1]));
    entries[i - 1].~Entry();
  }
  new (&entries[pos]) Entry(std::move(*entry));
  uint32_t* offsets = Offsets(n);
  char* keys = Keys(n);
  const auto length = static_cast<uint32_t>(record.size());
  const uint32_t at = offsets[pos];
  std::memmove(keys + at + length, keys + at, n->bytes - at);
  std::memcpy(keys + at, record.data(), length);
  for (uint32_t i = n->count + 1; i > pos; --i) offsets[i] = offsets[i - 1] + length;
  ++n->count;
  n->bytes += length;
}

// Inserts or replaces; returns true if an entry was added. On a split, *right and *separator
// receive the new right sibling.
bool InsertAt(StoreNode** slot, const Key& k, std::string_view record, Entry* entry,
              StoreNode** right, std::string* separator) {
  StoreNode* n = *slot = Unique(*slot);
  if (n->leaf) {
    const uint32_t pos = LeafLowerBound(n, k);
    if (pos < n->count && Compare(KeyAt(n, pos), k) == 0) {
      Entries(n)[pos] = std::move(*entry);
      return false;
    }
    if (n->count < n->cap && n->bytes + record.size() <= n->key_cap) {
      InsertInPlace(n, pos, record, entry);
      return true;
    }
    Part parts[kMaxSlots + 1];
    uint32_t count = AddParts(n, 0, pos, parts, 0);
    parts[count++] = Part{entry, record};
    count = AddParts(n, pos, n->count, parts, count);
    *slot = Assemble(true, parts, count);
    FreeShallow(n);
    if (count > kMaxSlots) Split(slot, right, separator);
    return true;
  }
  const uint32_t c = ChildFor(n, k);
  StoreNode* child_right = nullptr;
  std::string child_separator;
  const bool added = InsertAt(&Children(n)[c], k, record, entry, &child_right, &child_separator);
  if (child_right) {
    Part parts[kMaxSlots + 1];
    uint32_t count = AddParts(n, 0, c + 1, parts, 0);
    parts[count++] = Part{&child_right, child_separator};
    count = AddParts(n, c + 1, n->count, parts, count);
    *slot = Assemble(false, parts, count);
    FreeShallow(n);
    if (count > kMaxSlots) Split(slot, right, separator);
  }
  return added;
}

// Merges child c of the unshared inner node at *slot with a neighbour if it is under-full and
// they fit in one node.
void MaybeMerge(StoreNode** slot, uint32_t c) {
  StoreNode* n = *slot;
  if (n->count < 2 || Children(n)[c]->count >= kMinSlots) return;
  const uint32_t a = c + 1 < n->count ? c : c - 1;  // merge children a and a + 1
  StoreNode*& left = Children(n)[a];
  StoreNode*& right = Children(n)[a + 1];
  if (left->count + right->count > kMaxSlots) return;
  left = Unique(left);
  right = Unique(right);
  Part parts[kMaxSlots];
  uint32_t count = AddParts(left, 0, left->count, parts, 0);
  const uint32_t first_right = count;
  count = AddParts(right, 0, right->count, parts, count);
  // An inner right node's first key is empty: the parent's separator takes its place.
  if (!left->leaf) parts[first_right].key = KeyAt(n, a + 1);
  StoreNode* merged = Assemble(left->leaf, parts, count);
  FreeShallow(left);
  FreeShallow(right);
  left = merged;
  Part up[kMaxSlots];
  uint32_t up_count = AddParts(n, 0, a + 1, up, 0);
  up_count = AddParts(n, a + 2, n->count, up, up_count);
  *slot = Assemble(false, up, up_count);
  FreeShallow(n);
}

// `n` assembled anew without its slot `i` (an entry of a leaf, a child of an inner node, whose
// new first child's separator is dropped); `n` is freed shallowly, which destroys the removed
// slot (the others were moved out).
StoreNode* WithoutSlot(StoreNode* n, uint32_t i) {
  Part parts[kMaxSlots];
  uint32_t count = AddParts(n, 0, i, parts, 0);
  count = AddParts(n, i + 1, n->count, parts, count);
  if (!n->leaf && i == 0) parts[0].key = {};
  StoreNode* out = Assemble(n->leaf, parts, count);
  FreeShallow(n);
  return out;
}

// Erases the entry at the position `path` names (a child index per inner level, then the
// entry's index in its leaf). *slot becomes nullptr when the subtree is left empty.
void EraseAt(StoreNode** slot, const uint8_t* path) {
  StoreNode* n = *slot = Unique(*slot);
  if (n->leaf) {
    const uint32_t pos = *path;
    if (n->count == 1) {
      Release(n);
      *slot = nullptr;
      return;
    }
    *slot = WithoutSlot(n, pos);
    return;
  }
  const uint32_t c = *path;
  EraseAt(&Children(n)[c], path + 1);
  if (Children(n)[c]) {
    MaybeMerge(slot, c);
    return;
  }
  if (n->count == 1) {
    FreeShallow(n);
    *slot = nullptr;
    return;
  }
  *slot = WithoutSlot(n, c);
}

// A record built on the stack when it is short (most are).
class RecordBuffer {
 public:
  RecordBuffer(uint64_t hash, std::string_view partition, std::string_view sort) {
    const size_t size = sizeof(hash) + 5 + partition.size() + sort.size();
    char* out = size <= sizeof(inline_) ? inline_ : (heap_.resize(size), heap_.data());
    std::memcpy(out, &hash, sizeof(hash));
    size_t at = sizeof(hash);
    auto length = static_cast<uint32_t>(partition.size());
    while (length >= 0x80) {
      out[at++] = static_cast<char>((length & 0x7F) | 0x80);
      length >>= 7;
    }
    out[at++] = static_cast<char>(length);
    if (!partition.empty()) std::memcpy(out + at, partition.data(), partition.size());
    at += partition.size();
    if (!sort.empty()) std::memcpy(out + at, sort.data(), sort.size());
    view_ = std::string_view(out, at + sort.size());
  }
  RecordBuffer(const RecordBuffer&) = delete;
  RecordBuffer& operator=(const RecordBuffer&) = delete;
  std::string_view view() const { return view_; }

 private:
  char inline_[192];
  std::string heap_;
  std::string_view view_;
};

}  // namespace

// ---- iterators ----

bool RowIterator::AtEnd() const { return !depth_ || leaf_index() == leaf()->count; }

std::string_view RowIterator::Record() const { return KeyAt(leaf(), leaf_index()); }

RowIterator::value_type RowIterator::operator*() const {
  return value_type(Parse(Record()).sort, Entries(leaf())[leaf_index()]);
}

void RowIterator::SkipLeafEnd() {
  const int d = depth_ - 1;
  if (index_[d] < path_[d]->count) return;
  for (int level = d - 1; level >= 0; --level) {
    if (index_[level] + 1u < path_[level]->count) {
      ++index_[level];
      for (int m = level + 1; m <= d; ++m) {
        path_[m] = Children(path_[m - 1])[index_[m - 1]];
        index_[m] = 0;
      }
      return;
    }
  }
}

RowIterator& RowIterator::operator++() {
  ++index_[depth_ - 1];
  SkipLeafEnd();
  return *this;
}

RowIterator& RowIterator::operator--() {
  const int d = depth_ - 1;
  if (index_[d] > 0) {
    --index_[d];
    return *this;
  }
  for (int level = d - 1; level >= 0; --level) {
    if (index_[level] > 0) {
      --index_[level];
      for (int m = level + 1; m <= d; ++m) {
        path_[m] = Children(path_[m - 1])[index_[m - 1]];
        index_[m] = static_cast<uint8_t>(path_[m]->count - 1);
      }
      return *this;
    }
  }
  return *this;  // (before the first entry: not allowed)
}

RowIterator RowIterator::LowerBound(const StoreNode* root, const StoreKey& k) {
  RowIterator it;
  if (!root) return it;
  const StoreNode* n = root;
  while (true) {
    if (it.depth_ == RowIterator::kMaxDepth) std::abort();  // unreachable (see kMaxDepth)
    it.path_[it.depth_] = n;
    if (n->leaf) {
      it.index_[it.depth_++] = static_cast<uint8_t>(LeafLowerBound(n, k));
      break;
    }
    const uint32_t c = ChildFor(n, k);
    it.index_[it.depth_++] = static_cast<uint8_t>(c);
    n = Children(n)[c];
  }
  it.SkipLeafEnd();
  return it;
}

// ---- Rows ----

size_t Rows::size() const {
  size_t n = 0;
  for (auto it = begin_; it != end_; ++it) ++n;
  return n;
}

RowIterator Rows::Search(const StoreKey& k) const {
  if (begin_.leaf() != end_.leaf()) return RowIterator::LowerBound(root_, k);
  // The whole partition is in one leaf (a small one always is): search just its entries.
  const uint32_t lo =
      SearchNode(begin_.leaf(), begin_.leaf_index(), end_.leaf_index(), k, LeafLimit(k));
  RowIterator it = begin_;
  it.index_[it.depth_ - 1] = static_cast<uint8_t>(lo);
  return it;
}

RowIterator Rows::lower_bound(std::string_view sort) const {
  return Search(Key{hash_, key_, sort, Mode::kAt});
}

RowIterator Rows::upper_bound(std::string_view sort) const {
  return Search(Key{hash_, key_, sort, Mode::kAfter});
}

RowIterator Rows::find(std::string_view sort) const {
  RowIterator it = lower_bound(sort);
  if (it == end_ || (*it).first != sort) return end_;
  return it;
}

// ---- Store ----

PartitionId MakePartitionId(const Value& partition_key) {
  PartitionId id;
  id.key = KeyBytes(partition_key);
  id.hash = PartitionHash(id.key);
  return id;
}

PartitionId MakeTuplePartitionId(std::string tuple) {
  PartitionId id;
  id.hash = PartitionHash(tuple);
  id.key = std::move(tuple);
  return id;
}

Store::Store(const Store& o) : root_(o.root_), size_(o.size_) {
  if (root_) root_->refs.fetch_add(1, std::memory_order_relaxed);
}

Store::Store(Store&& o) noexcept : root_(o.root_), size_(o.size_) {
  o.root_ = nullptr;
  o.size_ = 0;
}

Store& Store::operator=(const Store& o) {
  if (this != &o) {
    if (o.root_) o.root_->refs.fetch_add(1, std::memory_order_relaxed);
    Release(root_);
    root_ = o.root_;
    size_ = o.size_;
  }
  return *this;
}

Store& Store::operator=(Store&& o) noexcept {
  if (this != &o) {
    Release(root_);
    root_ = o.root_;
    size_ = o.size_;
    o.root_ = nullptr;
    o.size_ = 0;
  }
  return *this;
}

Store::~Store() { Release(root_); }

std::optional<Rows> Store::Find(const PartitionId& id) const {
  std::optional<Rows> rows;
  RowIterator begin = RowIterator::LowerBound(root_, Key{id.hash, id.key, {}, Mode::kAt});
  if (begin.AtEnd()) return rows;
  const Parsed first = Parse(begin.Record());
  if (first.hash != id.hash || first.partition != id.key) return rows;
  SetRows(begin, first, &rows.emplace());
  return rows;
}

const Entry* Store::FindEntry(const PartitionId& id, std::string_view sort) const {
  const StoreNode* n = root_;
  if (!n) return nullptr;
  const Key k{id.hash, id.key, sort, Mode::kAt};
  while (!n->leaf) n = Children(n)[ChildFor(n, k)];
  const uint32_t pos = LeafLowerBound(n, k);
  if (pos == n->count || Compare(KeyAt(n, pos), k) != 0) return nullptr;
  return &Entries(n)[pos];
}

void Store::Put(const PartitionId& id, std::string_view sort, Entry entry) {
  const RecordBuffer buffer(id.hash, id.key, sort);
  const std::string_view record = buffer.view();
  const Key k{id.hash, id.key, sort, Mode::kAt};
  if (!root_) {
    Part part{&entry, record};
    root_ = Assemble(true, &part, 1);
    size_ = 1;
    return;
  }
  StoreNode* right = nullptr;
  std::string separator;
  if (InsertAt(&root_, k, record, &entry, &right, &separator)) ++size_;
  if (right) {
    StoreNode* left = root_;
    Part parts[2] = {Part{&left, {}}, Part{&right, separator}};
    root_ = Assemble(false, parts, 2);
  }
}

bool Store::Erase(const PartitionId& id, std::string_view sort) {
  if (!root_) return false;
  // Find the entry first, so a miss copies nothing, and remember the way to it.
  const Key k{id.hash, id.key, sort, Mode::kAt};
  uint8_t path[RowIterator::kMaxDepth];
  int depth = 0;
  const StoreNode* n = root_;
  for (; !n->leaf; n = Children(n)[path[depth - 1]]) {
    path[depth++] = static_cast<uint8_t>(ChildFor(n, k));
  }
  const uint32_t pos = LeafLowerBound(n, k);
  if (pos == n->count || Compare(KeyAt(n, pos), k) != 0) return false;
  path[depth] = static_cast<uint8_t>(pos);
  EraseAt(&root_, path);
  --size_;
  // A root with one child hands the tree to it.
  while (root_ && !root_->leaf && root_->count == 1) {
    StoreNode* child = Children(root_)[0];
    FreeShallow(root_);
    root_ = child;
  }
  return true;
}

Store::Cursor Store::CursorAt(const RowIterator& it) const {
  Cursor c;
  if (it.AtEnd()) return c;
  const Parsed p = Parse(it.Record());
  c.id.emplace(PartitionId{p.hash, std::string(p.partition)});
  SetRows(it, p, &c.rows.emplace());
  return c;
}

void Store::SetRows(const RowIterator& begin, const Parsed& first, Rows* rows) const {
  rows->root_ = root_;
  rows->hash_ = first.hash;
  rows->key_ = first.partition;
  rows->begin_ = begin;
  rows->end_ = begin;
  // Most partitions are small: look at the next few entries of the leaf before searching.
  const StoreNode* leaf = begin.leaf();
  const uint32_t* offsets = Offsets(leaf);
  const char* keys = Keys(leaf);
  const uint32_t near = std::min<uint32_t>(leaf->count, begin.leaf_index() + 5);
  uint32_t i = begin.leaf_index() + 1;
  for (; i < near; ++i) {
    uint64_t hash;
    std::memcpy(&hash, keys + offsets[i], sizeof(hash));
    if (hash != first.hash || Parse(KeyAt(leaf, i)).partition != first.partition) break;
  }
  const Key end{first.hash, first.partition, {}, Mode::kPartitionEnd};
  if (i == near && i < leaf->count) i = SearchNode(leaf, i, leaf->count, end, 1);
  if (i < leaf->count) {
    rows->end_.index_[rows->end_.depth_ - 1] = static_cast<uint8_t>(i);
  } else {
    // The partition reaches the end of the leaf and maybe beyond.
    rows->end_ = RowIterator::LowerBound(root_, end);
  }
}

Store::Cursor Store::Seek(const PartitionId& id, bool exclusive) const {
  return CursorAt(RowIterator::LowerBound(
      root_, Key{id.hash, id.key, {}, exclusive ? Mode::kPartitionEnd : Mode::kAt}));
}

Store::Cursor Store::Next(const Cursor& c) const { return CursorAt(c.rows->end()); }

}  // namespace monotable::storage
