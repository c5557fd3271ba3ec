// Checks on a whole Engine through its public browsing API, shared by the model-based test and
// the Engine::Execute fuzz target:
// - DumpState: a deterministic text of every table (schema summary, counts, sizes), its items and
//   every index's entries, so two engines (or one engine before and after a failed request) can be
//   compared for equality;
// - CheckIndexes: every index holds exactly the entries its base table implies (sparse
//   membership, projection ALL / KEYS_ONLY / INCLUDE, entry size = item size of the projection),
//   computed here independently from the items (dynamodb-rules.md §1.4).
#pragma once

#include <algorithm>
#include <string>
#include <vector>

#include "api/wire/wire.h"
#include "monotable/engine.h"

namespace monotable::testing {

inline std::string DumpItem(const Item& item) { return wire::ToJson(item).dump(); }

// Every table, item and index entry, in a canonical order (entries sorted by their JSON text, so
// the dump does not depend on the engine's internal order).
inline std::string DumpState(const Engine& engine) {
  std::string out;
  for (const TableInfo& table : engine.Tables()) {
    out += "table " + table.name + " items=" + std::to_string(table.item_count) +
           " bytes=" + std::to_string(table.size_bytes) + "\n";
    std::vector<std::string> rows;
    engine.ForEachItem(table.name, "", [&](const Item& item, size_t size) {
      rows.push_back("  " + DumpItem(item) + " " + std::to_string(size) + "\n");
    });
    std::sort(rows.begin(), rows.end());
    for (const std::string& r : rows) out += r;
    for (const IndexInfo& index : table.indexes) {
      out += " index " + index.name + " " + index.projection_type +
             " items=" + std::to_string(index.item_count) +
             " bytes=" + std::to_string(index.size_bytes) + "\n";
      rows.clear();
      engine.ForEachItem(table.name, index.name, [&](const Item& item, size_t size) {
        rows.push_back("   " + DumpItem(item) + " " + std::to_string(size) + "\n");
      });
      std::sort(rows.begin(), rows.end());
      for (const std::string& r : rows) out += r;
    }
  }
  return out;
}

// Whether `item` holds `name` with `type` (an index key attribute of the schema's type).
inline bool HasKey(const Item& item, const std::string& name, Type type) {
  auto it = item.find(name);
  return it != item.end() && it->second.type() == type;
}

// The index entry DynamoDB stores for `item` in `index` of `table`, or false if the item is not in
// the index (sparse: it lacks an index key attribute).
inline bool ExpectedEntry(const TableInfo& table, const IndexInfo& index, const Item& item,
                          Item* entry) {
  if (!HasKey(item, index.keys.hash_key, index.keys.hash_type)) return false;
  if (!index.keys.range_key.empty() && !HasKey(item, index.keys.range_key, index.keys.range_type)) {
    return false;
  }
  entry->clear();
  if (index.projection_type == "ALL") {
    *entry = item;
    return true;
  }
  std::vector<std::string> keep = {table.keys.hash_key, index.keys.hash_key};
  if (!table.keys.range_key.empty()) keep.push_back(table.keys.range_key);
  if (!index.keys.range_key.empty()) keep.push_back(index.keys.range_key);
  if (index.projection_type == "INCLUDE") {
    keep.insert(keep.end(), index.non_key_attributes.begin(), index.non_key_attributes.end());
  }
  for (const std::string& name : keep) {
    auto it = item.find(name);
    if (it != item.end()) (*entry)[name] = it->second;
  }
  return true;
}

// Empty if every index of every table matches its base items; else what differs.
// `item_size`: the item-size function to check entry sizes with (the model passes its own).
template <typename SizeFn>
std::string CheckIndexes(const Engine& engine, SizeFn item_size) {
  std::string problems;
  for (const TableInfo& table : engine.Tables()) {
    std::vector<Item> items;
    engine.ForEachItem(table.name, "", [&](const Item& item, size_t size) {
      items.push_back(item);
      if (size != item_size(item)) {
        problems += table.name + ": item " + DumpItem(item) + " has size " + std::to_string(size) +
                    ", expected " + std::to_string(item_size(item)) + "\n";
      }
    });
    for (const IndexInfo& index : table.indexes) {
      std::vector<std::string> expected, actual;
      size_t expected_bytes = 0;
      for (const Item& item : items) {
        Item entry;
        if (ExpectedEntry(table, index, item, &entry)) {
          expected.push_back(DumpItem(entry) + " " + std::to_string(item_size(entry)));
          expected_bytes += item_size(entry);
        }
      }
      engine.ForEachItem(table.name, index.name, [&](const Item& entry, size_t size) {
        actual.push_back(DumpItem(entry) + " " + std::to_string(size));
      });
      std::sort(expected.begin(), expected.end());
      std::sort(actual.begin(), actual.end());
      if (expected != actual) {
        problems += table.name + "/" + index.name + ": index entries differ\n expected:\n";
        for (const std::string& e : expected) problems += "  " + e + "\n";
        problems += " actual:\n";
        for (const std::string& a : actual) problems += "  " + a + "\n";
      }
      if (index.item_count != expected.size() || index.size_bytes != expected_bytes) {
        problems += table.name + "/" + index.name + ": Tables() reports " +
                    std::to_string(index.item_count) + " entries, " +
                    std::to_string(index.size_bytes) + " bytes; expected " +
                    std::to_string(expected.size()) + ", " + std::to_string(expected_bytes) + "\n";
      }
    }
  }
  return problems;
}

}  // namespace monotable::testing
