// The reference model for the model-based test: a deliberately simple DynamoDB written from the
// documentation, with nothing shared with the engine but the value types.
//
// - storage is a flat vector of items; every read is a brute-force pass plus a sort by key;
// - item and index-entry sizes are computed here from the rules in dynamodb-rules.md §1.1-1.2
//   (names count; N = 1 + significant-digit pairs aligned to the decimal point, +1 if negative);
// - capacity follows §1.5-1.6: reads ceil(bytes / 4 KB) per item (GetItem) or once per page of
//   items evaluated (Query/Scan, index entry sizes on an index), x0.5 eventually consistent, a
//   miss or empty page costs the minimum; writes ceil(max(before, after) / 1 KB), a missing item
//   1; index writes per index 0 / 1 / 2 (added or removed: 1, key moved: delete + put, projected
//   attributes changed: 1 sized by the larger entry, nothing projected changed: 0); transactions
//   x2 on the base table only.
// The schema is fixed: table "Model" (pk S, sk N), GSI "GS1" (gpk S, gsk N, ALL), GSI "GS2" (h S,
// KEYS_ONLY), LSI "LS1" (pk, lsk S, INCLUDE v).
#pragma once

#include <algorithm>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "monotable/value.h"

namespace monotable::model_based {

// ---------------------------------------------------------------------------------------------
// Sizes (dynamodb-rules.md §1.1, §1.2), computed from the canonical text, not from the engine.

inline size_t RefNumberSize(const Number& n) {
  const std::string text = n.ToString();
  if (text == "0") return 1;
  const bool negative = text[0] == '-';
  std::string digits;
  int point = -1;  // digits before the decimal point
  for (char c : text) {
    if (c == '.') {
      point = static_cast<int>(digits.size());
    } else if (c >= '0' && c <= '9') {
      digits += c;
    }
  }
  if (point < 0) point = static_cast<int>(digits.size());
  // Leading zeros move the first significant digit; trailing zeros are not significant. With
  // the first significant digit at 10^first_pos and the last at 10^last_pos, the digits occupy
  // the base-100 pairs floor(first_pos / 2) down to floor(last_pos / 2).
  const int first = static_cast<int>(digits.find_first_not_of('0'));
  const int last = static_cast<int>(digits.find_last_not_of('0'));
  const int first_pos = point - first - 1;
  const int last_pos = point - last - 1;
  auto floor_half = [](int x) { return x >= 0 ? x / 2 : -((-x + 1) / 2); };
  const int size = 1 + floor_half(first_pos) - floor_half(last_pos) + 1;
  return static_cast<size_t>(size + (negative ? 1 : 0));
}

inline size_t RefValueSize(const Value& v) {
  switch (v.type()) {
    case Type::kS:
    case Type::kB:
      return v.s().size();
    case Type::kN:
      return RefNumberSize(v.n());
    case Type::kBool:
    case Type::kNull:
      return 1;
    case Type::kL: {
      size_t size = 3;
      for (const Value& e : v.l()) size += 1 + RefValueSize(e);
      return size;
    }
    case Type::kM: {
      size_t size = 3;
      for (const auto& [name, e] : v.m()) size += 1 + name.size() + RefValueSize(e);
      return size;
    }
    case Type::kSS:
    case Type::kBS: {
      size_t size = 0;
      for (const std::string& s : v.strings()) size += s.size();
      return size;
    }
    case Type::kNS: {
      size_t size = 0;
      for (const Number& n : v.numbers()) size += RefNumberSize(n);
      return size;
    }
  }
  return 0;
}

inline size_t RefItemSize(const Item& item) {
  size_t size = 0;
  for (const auto& [name, v] : item) size += name.size() + RefValueSize(v);
  return size;
}

// ceil(bytes / unit), at least 1 (a miss or an empty page costs the minimum).
inline int64_t Blocks(size_t bytes, size_t unit) {
  return bytes == 0 ? 1 : static_cast<int64_t>((bytes + unit - 1) / unit);
}

// ---------------------------------------------------------------------------------------------
// Schema

struct RefIndex {
  std::string name;
  bool global;
  std::string hash;
  std::string range;  // empty: none
  enum { kAll, kKeysOnly, kInclude } projection;
  std::vector<std::string> include;
};

inline const std::vector<RefIndex>& Indexes() {
  static const std::vector<RefIndex> indexes = {
      {"GS1", true, "gpk", "gsk", RefIndex::kAll, {}},
      {"GS2", true, "h", "", RefIndex::kKeysOnly, {}},
      {"LS1", false, "pk", "lsk", RefIndex::kInclude, {"v"}},
  };
  return indexes;
}

inline const RefIndex& IndexNamed(const std::string& name) {
  for (const RefIndex& index : Indexes()) {
    if (index.name == name) return index;
  }
  return Indexes().front();
}

// Schema types of the key attributes: pk, gpk, h, lsk are S; sk, gsk are N.
inline Type KeyType(const std::string& name) {
  return name == "sk" || name == "gsk" ? Type::kN : Type::kS;
}

// The entry `item` has in `index`, or nullopt when it is not in the index (sparse: an index key
// attribute is missing).
inline std::optional<Item> EntryOf(const RefIndex& index, const Item& item) {
  for (const std::string& key : {index.hash, index.range}) {
    if (key.empty()) continue;
    auto it = item.find(key);
    if (it == item.end() || it->second.type() != KeyType(key)) return std::nullopt;
  }
  if (index.projection == RefIndex::kAll) return item;
  Item entry;
  std::vector<std::string> keep = {"pk", "sk", index.hash};
  if (!index.range.empty()) keep.push_back(index.range);
  for (const std::string& a : index.include) keep.push_back(a);
  for (const std::string& a : keep) {
    auto it = item.find(a);
    if (it != item.end()) entry[a] = it->second;
  }
  return entry;
}

// ---------------------------------------------------------------------------------------------
// Keys and order

inline const Value* Attr(const Item& item, const std::string& name) {
  auto it = item.find(name);
  return it == item.end() ? nullptr : &it->second;
}

// Orders S by bytes and N numerically (the only key types used). REQUIRES: same type.
inline int CompareKeyValues(const Value& a, const Value& b) {
  if (a.is(Type::kN)) return a.n().Compare(b.n());
  return a.s().compare(b.s()) < 0 ? -1 : (a.s() == b.s() ? 0 : 1);
}

inline bool SameKey(const Item& a, const Item& b) {
  return *Attr(a, "pk") == *Attr(b, "pk") && *Attr(a, "sk") == *Attr(b, "sk");
}

inline Item KeyOf(const Item& item) {
  return Item{{"pk", *Attr(item, "pk")}, {"sk", *Attr(item, "sk")}};
}

// The key attributes of an item as LastEvaluatedKey shows them: table keys, plus index keys.
inline Item PageKeyOf(const Item& item, const RefIndex* index) {
  Item key = KeyOf(item);
  if (index) {
    key[index->hash] = *Attr(item, index->hash);
    if (!index->range.empty()) key[index->range] = *Attr(item, index->range);
  }
  return key;
}

// Order inside one partition of the table or an index: (index sort key,) table pk, table sk.
// A hash-only GSI orders by the table key (the engine's choice; DynamoDB leaves it unspecified).
inline bool PartitionLess(const Item& a, const Item& b, const RefIndex* index) {
  if (index && !index->range.empty()) {
    int c = CompareKeyValues(*Attr(a, index->range), *Attr(b, index->range));
    if (c != 0) return c < 0;
  }
  int c = CompareKeyValues(*Attr(a, "pk"), *Attr(b, "pk"));
  if (c != 0) return c < 0;
  return CompareKeyValues(*Attr(a, "sk"), *Attr(b, "sk")) < 0;
}

// ---------------------------------------------------------------------------------------------
// Capacity of one write (§1.6)

struct WriteUnits {
  double table = 0;
  std::map<std::string, double> indexes;  // only indexes that were written
  double Total() const {
    double t = table;
    for (const auto& [name, u] : indexes) t += u;
    return t;
  }
};

inline bool IndexKeysEqual(const RefIndex& index, const Item& a, const Item& b) {
  if (*Attr(a, index.hash) != *Attr(b, index.hash)) return false;
  return index.range.empty() || *Attr(a, index.range) == *Attr(b, index.range);
}

// Units of replacing `before` by `after` (either may be absent). `transactional`: x2 on the table.
inline WriteUnits WriteCost(const std::optional<Item>& before, const std::optional<Item>& after,
                            bool transactional) {
  WriteUnits units;
  const size_t old_size = before ? RefItemSize(*before) : 0;
  const size_t new_size = after ? RefItemSize(*after) : 0;
  units.table =
      static_cast<double>(Blocks(std::max(old_size, new_size), 1024)) * (transactional ? 2 : 1);
  for (const RefIndex& index : Indexes()) {
    std::optional<Item> old_entry = before ? EntryOf(index, *before) : std::nullopt;
    std::optional<Item> new_entry = after ? EntryOf(index, *after) : std::nullopt;
    int64_t writes = 0;
    if (old_entry && new_entry) {
      const size_t os = RefItemSize(*old_entry), ns = RefItemSize(*new_entry);
      if (!IndexKeysEqual(index, *old_entry, *new_entry)) {
        writes = Blocks(os, 1024) + Blocks(ns, 1024);  // delete the old entry, put the new one
      } else if (*old_entry != *new_entry) {
        writes = Blocks(std::max(os, ns), 1024);  // rewritten in place (larger entry: our choice)
      }
    } else if (old_entry) {
      writes = Blocks(RefItemSize(*old_entry), 1024);
    } else if (new_entry) {
      writes = Blocks(RefItemSize(*new_entry), 1024);
    }
    if (writes) units.indexes[index.name] = static_cast<double>(writes);
  }
  return units;
}

// ---------------------------------------------------------------------------------------------
// The model

class Reference {
 public:
  const std::vector<Item>& items() const { return items_; }

  std::optional<Item> Get(const Item& key) const {
    for (const Item& item : items_) {
      if (SameKey(item, key)) return item;
    }
    return std::nullopt;
  }
  void Put(const Item& item) {
    for (Item& existing : items_) {
      if (SameKey(existing, item)) {
        existing = item;
        return;
      }
    }
    items_.push_back(item);
  }
  void Delete(const Item& key) {
    items_.erase(std::remove_if(items_.begin(), items_.end(),
                                [&](const Item& i) { return SameKey(i, key); }),
                 items_.end());
  }

  // The rows a Query reads, in order: items (or index entries, with the base item alongside)
  // whose partition key equals `hash` and that `range_ok` accepts.
  struct Row {
    Item entry;  // what the table / index holds (projected for an index)
    Item item;   // the base item
  };
  template <typename RangeOk>
  std::vector<Row> QueryRows(const RefIndex* index, const Value& hash, RangeOk range_ok,
                             bool forward) const {
    std::vector<Row> rows;
    const std::string hash_name = index ? index->hash : "pk";
    for (const Item& item : items_) {
      std::optional<Item> entry = index ? EntryOf(*index, item) : std::optional<Item>(item);
      if (!entry || *Attr(*entry, hash_name) != hash) continue;
      if (!range_ok(*entry)) continue;
      rows.push_back({*entry, item});
    }
    std::sort(rows.begin(), rows.end(),
              [&](const Row& a, const Row& b) { return PartitionLess(a.entry, b.entry, index); });
    if (!forward) std::reverse(rows.begin(), rows.end());
    return rows;
  }

 private:
  std::vector<Item> items_;
};

}  // namespace monotable::model_based
