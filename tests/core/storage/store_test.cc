// Tests for storage/store: the copy-on-write B+tree of entries. Order (partitions by hash then
// key bytes, entries by sort component), lower_bound/upper_bound at leaf edges, forward and
// reverse iteration across leaves, erasing to empty, snapshots that writes on either side do not
// affect, and a long random run against a std::map.
#include "storage/store.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <map>
#include <random>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

namespace monotable::storage {
namespace {

using Reference = std::map<std::pair<PartitionId, std::string>, uint32_t>;

Entry MakeEntry(uint32_t size) {
  return Entry{EncodedItem::Encode(Item{{"n", Value::N(Number::FromInt(size))}}), size};
}

std::string Sort(int i) {
  char buf[16];
  std::snprintf(buf, sizeof(buf), "s%05d", i);
  return buf;
}

// Every entry of the store in Scan order, as (partition, sort, size).
std::vector<std::tuple<PartitionId, std::string, uint32_t>> Dump(const Store& store) {
  std::vector<std::tuple<PartitionId, std::string, uint32_t>> out;
  for (auto c = store.First(); c.id; c = store.Next(c)) {
    for (const auto& [sort, entry] : *c.rows)
      out.emplace_back(*c.id, std::string(sort), entry.size);
  }
  return out;
}

std::vector<std::tuple<PartitionId, std::string, uint32_t>> Dump(const Reference& ref) {
  std::vector<std::tuple<PartitionId, std::string, uint32_t>> out;
  for (const auto& [key, size] : ref) out.emplace_back(key.first, key.second, size);
  return out;
}

TEST(Store, EmptyStore) {
  Store store;
  EXPECT_FALSE(store.Find(PartitionId{1, "a"}).has_value());
  EXPECT_EQ(store.FindEntry(PartitionId{1, "a"}, ""), nullptr);
  EXPECT_FALSE(store.First().id.has_value());
  EXPECT_FALSE(store.Erase(PartitionId{1, "a"}, ""));
  EXPECT_EQ(store.size(), 0u);
}

TEST(Store, PartitionsInHashThenKeyOrderEntriesBySort) {
  Store store;
  // Equal hashes fall back to the key bytes; a shorter key sorts before its extensions.
  store.Put(PartitionId{7, "b"}, "2", MakeEntry(1));
  store.Put(PartitionId{7, "ab"}, "1", MakeEntry(2));
  store.Put(PartitionId{3, "z"}, "x", MakeEntry(3));
  store.Put(PartitionId{7, "a"}, "", MakeEntry(4));
  store.Put(PartitionId{7, "b"}, "1", MakeEntry(5));
  store.Put(PartitionId{~uint64_t{0}, std::string("\0\xff", 2)}, "", MakeEntry(6));
  std::vector<std::pair<std::string, std::string>> seen;
  for (auto c = store.First(); c.id; c = store.Next(c)) {
    for (const auto& [sort, entry] : *c.rows) seen.emplace_back(c.id->key, std::string(sort));
  }
  const std::vector<std::pair<std::string, std::string>> expected = {
      {"z", "x"}, {"a", ""}, {"ab", "1"}, {"b", "1"}, {"b", "2"}, {std::string("\0\xff", 2), ""}};
  EXPECT_EQ(seen, expected);
  EXPECT_EQ(store.size(), 6u);
  // Seek: inclusive and exclusive of the partition named.
  EXPECT_EQ(store.Seek(PartitionId{7, "ab"}, false).id->key, "ab");
  EXPECT_EQ(store.Seek(PartitionId{7, "ab"}, true).id->key, "b");
  EXPECT_EQ(store.Seek(PartitionId{7, "aa"}, true).id->key, "ab");
  EXPECT_EQ(store.Seek(PartitionId{4, ""}, false).id->hash, 7u);
  EXPECT_FALSE(store.Seek(PartitionId{~uint64_t{0}, std::string("\0\xff", 2)}, true).id);
}

TEST(Store, PutReplacesTheEntryOfTheSameKey) {
  Store store;
  const PartitionId p{5, "p"};
  store.Put(p, "a", MakeEntry(1));
  store.Put(p, "a", MakeEntry(2));
  EXPECT_EQ(store.size(), 1u);
  ASSERT_NE(store.FindEntry(p, "a"), nullptr);
  EXPECT_EQ(store.FindEntry(p, "a")->size, 2u);
  EXPECT_EQ(store.Find(p)->size(), 1u);
}

// A partition of 1,000 entries spans many leaves (32 entries at most each) and inner nodes.
class BigPartition : public ::testing::Test {
 protected:
  void SetUp() override {
    // Neighbour partitions on both sides, so ranges must stop at the partition's edges.
    store_.Put(PartitionId{9, "before"}, Sort(5), MakeEntry(1));
    store_.Put(PartitionId{10, "after"}, Sort(5), MakeEntry(2));
    std::mt19937 rng(3);
    std::vector<int> order;
    for (int i = 0; i < 1000; ++i) order.push_back(2 * i);  // even numbers: odd ones fall between
    std::shuffle(order.begin(), order.end(), rng);
    for (int i : order) store_.Put(p_, Sort(i), MakeEntry(static_cast<uint32_t>(i)));
  }
  const PartitionId p_{10, "big"};
  Store store_;
};

TEST_F(BigPartition, LowerAndUpperBoundEverywhere) {
  const std::optional<Rows> rows = store_.Find(p_);
  ASSERT_TRUE(rows);
  EXPECT_EQ(rows->size(), 1000u);
  EXPECT_EQ((*rows->begin()).first, Sort(0));
  for (int i = -1; i <= 2000; ++i) {
    const std::string s = Sort(i < 0 ? 0 : i);
    const std::string sort = i < 0 ? "" : s;
    auto lower = rows->lower_bound(sort);
    auto upper = rows->upper_bound(sort);
    const int first_at_or_above = i < 0 ? 0 : (i + 1) / 2 * 2;
    const int first_above = i < 0 ? 0 : i / 2 * 2 + 2;
    if (first_at_or_above >= 2000) {
      EXPECT_TRUE(lower == rows->end()) << i;
    } else {
      ASSERT_FALSE(lower == rows->end()) << i;
      EXPECT_EQ(lower->first, Sort(first_at_or_above)) << i;
      EXPECT_EQ(lower->second.size, static_cast<uint32_t>(first_at_or_above));
    }
    if (first_above >= 2000) {
      EXPECT_TRUE(upper == rows->end()) << i;
    } else {
      ASSERT_FALSE(upper == rows->end()) << i;
      EXPECT_EQ(upper->first, Sort(first_above)) << i;
    }
    EXPECT_EQ(rows->count(sort), i >= 0 && i < 2000 && i % 2 == 0 ? 1u : 0u) << i;
  }
  EXPECT_TRUE(rows->find(Sort(1)) == rows->end());
  EXPECT_EQ(rows->find(Sort(998))->second.size, 998u);
}

TEST_F(BigPartition, ForwardAndReverseIterationAcrossLeaves) {
  const std::optional<Rows> rows = store_.Find(p_);
  ASSERT_TRUE(rows);
  int expected = 0;
  for (const auto& [sort, entry] : *rows) {
    EXPECT_EQ(sort, Sort(expected));
    EXPECT_EQ(entry.size, static_cast<uint32_t>(expected));
    expected += 2;
  }
  EXPECT_EQ(expected, 2000);
  // Reverse, as a Query with ScanIndexForward false walks it: from end() down to begin().
  expected = 1998;
  for (auto it = rows->end(); it != rows->begin();) {
    --it;
    EXPECT_EQ(it->first, Sort(expected));
    expected -= 2;
  }
  EXPECT_EQ(expected, -2);
  // Reverse from the middle (a range's upper bound) down to another bound.
  auto end = rows->lower_bound(Sort(701));
  auto begin = rows->lower_bound(Sort(300));
  expected = 700;
  for (auto it = end; it != begin;) {
    --it;
    EXPECT_EQ(it->first, Sort(expected));
    expected -= 2;
  }
  EXPECT_EQ(expected, 298);
}

TEST_F(BigPartition, EraseToEmpty) {
  std::vector<int> order;
  for (int i = 0; i < 1000; ++i) order.push_back(2 * i);
  std::shuffle(order.begin(), order.end(), std::mt19937(5));
  size_t left = 1000;
  for (int i : order) {
    EXPECT_TRUE(store_.Erase(p_, Sort(i)));
    EXPECT_FALSE(store_.Erase(p_, Sort(i)));
    --left;
    if (left % 97 == 0 && left > 0) {
      EXPECT_EQ(store_.Find(p_)->size(), left);
    }
  }
  EXPECT_FALSE(store_.Find(p_).has_value());
  EXPECT_EQ(store_.size(), 2u);
  // The neighbours are untouched and Scan goes from one to the other.
  auto c = store_.First();
  EXPECT_EQ(c.id->key, "before");
  c = store_.Next(c);
  EXPECT_EQ(c.id->key, "after");
  EXPECT_FALSE(store_.Next(c).id);
  EXPECT_TRUE(store_.Erase(PartitionId{9, "before"}, Sort(5)));
  EXPECT_TRUE(store_.Erase(PartitionId{10, "after"}, Sort(5)));
  EXPECT_FALSE(store_.First().id);
  EXPECT_EQ(store_.size(), 0u);
  // Usable again after emptying.
  store_.Put(p_, "x", MakeEntry(1));
  EXPECT_EQ(store_.Find(p_)->size(), 1u);
}

TEST_F(BigPartition, CopyIsUnaffectedByWritesToTheOriginalAndViceVersa) {
  Store copy = store_;
  store_.Erase(p_, Sort(0));
  store_.Put(p_, Sort(1), MakeEntry(1));
  store_.Put(p_, Sort(2), MakeEntry(77));  // replaces in place in the original only
  copy.Put(p_, Sort(3), MakeEntry(3));
  copy.Erase(p_, Sort(1998));
  EXPECT_EQ(copy.FindEntry(p_, Sort(0))->size, 0u);
  EXPECT_EQ(copy.FindEntry(p_, Sort(1)), nullptr);
  EXPECT_EQ(copy.FindEntry(p_, Sort(2))->size, 2u);
  EXPECT_EQ(copy.FindEntry(p_, Sort(3))->size, 3u);
  EXPECT_EQ(copy.FindEntry(p_, Sort(1998)), nullptr);
  EXPECT_EQ(store_.FindEntry(p_, Sort(0)), nullptr);
  EXPECT_EQ(store_.FindEntry(p_, Sort(1))->size, 1u);
  EXPECT_EQ(store_.FindEntry(p_, Sort(2))->size, 77u);
  EXPECT_EQ(store_.FindEntry(p_, Sort(3)), nullptr);
  EXPECT_EQ(store_.FindEntry(p_, Sort(1998))->size, 1998u);
  EXPECT_EQ(store_.size(), 1002u);
  EXPECT_EQ(copy.size(), 1002u);
  // A copy outlives its original.
  Store survivor = copy;
  copy = Store();
  EXPECT_EQ(survivor.Find(p_)->size(), 1000u);
}

TEST(Store, LongAndBinaryKeys) {
  Store store;
  const std::string long_key(3000, 'k');  // a length that takes two LEB128 bytes
  const std::string binary("\0\x01\x00\xff", 4);
  store.Put(PartitionId{1, long_key}, std::string(1100, 's'), MakeEntry(1));
  store.Put(PartitionId{1, long_key}, binary, MakeEntry(2));
  store.Put(PartitionId{1, binary}, long_key, MakeEntry(3));
  EXPECT_EQ(store.FindEntry(PartitionId{1, long_key}, std::string(1100, 's'))->size, 1u);
  EXPECT_EQ(store.FindEntry(PartitionId{1, long_key}, binary)->size, 2u);
  EXPECT_EQ(store.FindEntry(PartitionId{1, binary}, long_key)->size, 3u);
  EXPECT_EQ(store.Find(PartitionId{1, long_key})->begin()->first, binary);
  EXPECT_FALSE(store.Find(PartitionId{1, std::string(2999, 'k')}).has_value());
}

// Random puts and erases over a few partitions (one of them large), with snapshots taken along
// the way, against std::map references.
TEST(Store, RandomOperationsMatchAMapAndSnapshotsStayPut) {
  std::mt19937 rng(11);
  Store store;
  Reference ref;
  std::vector<std::pair<Store, Reference>> snapshots;
  const std::vector<PartitionId> partitions = {
      {1, "a"}, {1, "b"}, {2, ""}, {1ull << 63, "x"}, {5, std::string("\0", 1)}};
  for (int step = 0; step < 20000; ++step) {
    const bool big = rng() % 2 == 0;  // half the operations on the first partition
    const PartitionId& p = partitions[big ? 0 : rng() % partitions.size()];
    const std::string sort = Sort(static_cast<int>(rng() % 600));
    if (rng() % 3 == 0) {
      const bool had = ref.erase({p, sort}) > 0;
      EXPECT_EQ(store.Erase(p, sort), had);
    } else {
      const auto size = static_cast<uint32_t>(rng());
      store.Put(p, sort, MakeEntry(size));
      ref[{p, sort}] = size;
    }
    if (step % 1000 == 999) {
      ASSERT_EQ(Dump(store), Dump(ref)) << step;
      snapshots.emplace_back(store, ref);
    }
  }
  EXPECT_EQ(store.size(), ref.size());
  for (const auto& [snapshot, snapshot_ref] : snapshots) {
    EXPECT_EQ(Dump(snapshot), Dump(snapshot_ref));
    EXPECT_EQ(snapshot.size(), snapshot_ref.size());
  }
  // Every partition's bounds agree with the map's.
  for (const PartitionId& p : partitions) {
    const std::optional<Rows> rows = store.Find(p);
    for (int i = 0; i < 600; i += 7) {
      auto it = ref.lower_bound({p, Sort(i)});
      auto lower = rows ? rows->lower_bound(Sort(i)) : RowIterator();
      if (it == ref.end() || !(it->first.first == p)) {
        EXPECT_TRUE(!rows || lower == rows->end());
      } else {
        ASSERT_TRUE(rows);
        EXPECT_EQ(lower->first, it->first.second);
      }
    }
  }
}

// Leaves are assembled with room for more entries and filled in place while unshared. Random
// inserts (the order a table loads in) with keys of very different lengths, so some inserts find
// slots but not key bytes, snapshots taken often (every write after one must copy, never change
// the shared leaf), and erases; every entry's item must still be the one put with it.
TEST(Store, InPlaceInsertsKeepOrderItemsAndSnapshots) {
  std::mt19937 rng(5);
  Store store;
  Reference ref;
  std::vector<std::pair<Store, Reference>> snapshots;
  auto check_items = [](const Store& s) {
    for (auto c = s.First(); c.id; c = s.Next(c)) {
      for (const auto& [sort, entry] : *c.rows) {
        Value n;
        ASSERT_TRUE(entry.item.Find("n", &n));
        ASSERT_EQ(n.n().ToString(), std::to_string(entry.size));
      }
    }
  };
  for (int step = 0; step < 6000; ++step) {
    const uint64_t hash = rng() % 64;
    const std::string partition(rng() % 3 == 0 ? 130 + rng() % 40 : rng() % 4, 'p');
    const PartitionId p{hash, partition};
    const std::string sort = Sort(static_cast<int>(rng() % 3000)) + std::string(rng() % 200, 'k');
    if (rng() % 5 == 0 && !ref.empty()) {
      auto it = ref.lower_bound({p, sort});
      if (it == ref.end()) it = ref.begin();
      EXPECT_TRUE(store.Erase(it->first.first, it->first.second));
      ref.erase(it);
    } else {
      const auto size = static_cast<uint32_t>(rng() % 1000000);
      store.Put(p, sort, MakeEntry(size));
      ref[{p, sort}] = size;
    }
    if (step % 97 == 0) snapshots.emplace_back(store, ref);
    if (step % 1000 == 999) {
      ASSERT_EQ(Dump(store), Dump(ref)) << step;
    }
  }
  ASSERT_EQ(Dump(store), Dump(ref));
  EXPECT_EQ(store.size(), ref.size());
  check_items(store);
  for (const auto& [snapshot, snapshot_ref] : snapshots) {
    ASSERT_EQ(Dump(snapshot), Dump(snapshot_ref));
    check_items(snapshot);
  }
  // Writes to a snapshot's copy leave the store (which shares its nodes) as it is.
  Store copy = snapshots[snapshots.size() / 2].first;
  for (int i = 0; i < 500; ++i) copy.Put(PartitionId{rng() % 64, ""}, Sort(i), MakeEntry(1));
  EXPECT_EQ(Dump(store), Dump(ref));
  EXPECT_EQ(Dump(snapshots[snapshots.size() / 2].first),
            Dump(snapshots[snapshots.size() / 2].second));
}

}  // namespace
}  // namespace monotable::storage
