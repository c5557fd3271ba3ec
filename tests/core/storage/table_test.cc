// Tests for storage/table: index maintenance (sparse membership, key moves, projections) and the
// plan/commit split.
#include "storage/table.h"

#include <gtest/gtest.h>

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace monotable::storage {
namespace {

TableSchema OrdersSchema() {
  TableSchema schema;
  schema.name = "Orders";
  schema.keys.hash = {"PK", Type::kS};
  schema.keys.range = {"SK", Type::kS};
  IndexSchema gsi2;
  gsi2.name = "GSI2";
  gsi2.keys.hash = {"GSI2PK", Type::kS};
  gsi2.keys.range = {"GSI2SK", Type::kS};
  gsi2.projection = ProjectionType::kKeysOnly;
  schema.indexes.push_back(gsi2);
  IndexSchema gsi1;
  gsi1.name = "GSI1";
  gsi1.keys.hash = {"GSI1PK", Type::kS};
  gsi1.projection = ProjectionType::kInclude;
  gsi1.non_key_attributes = {"status"};
  schema.indexes.push_back(gsi1);
  return schema;
}

ItemPtr MakeItem(Item item) { return std::make_shared<const Item>(std::move(item)); }

TEST(Table, SparseIndexEntryAndExit) {
  Table table(OrdersSchema());
  auto placed = MakeItem({{"PK", Value::S("C#1")},
                          {"SK", Value::S("O#1")},
                          {"GSI2PK", Value::S("OPEN")},
                          {"GSI2SK", Value::S("2024")},
                          {"status", Value::S("PLACED")}});
  WritePlan put = table.Plan(nullptr, placed);
  EXPECT_EQ(put.index_changes[0].kind, IndexChangeKind::kAdded);
  EXPECT_EQ(put.index_changes[1].kind, IndexChangeKind::kNone);  // no GSI1PK
  EXPECT_EQ(table.item_count(), 0u);                             // planning changes nothing
  table.Commit(put);
  EXPECT_EQ(table.item_count(), 1u);
  EXPECT_EQ(table.index_item_count(0), 1u);
  EXPECT_EQ(table.index_item_count(1), 0u);

  Item shipped_item = *placed;
  shipped_item.erase("GSI2PK");
  shipped_item["status"] = Value::S("SHIPPED");
  WritePlan ship = table.Plan(table.Get(*placed), MakeItem(shipped_item));
  EXPECT_EQ(ship.index_changes[0].kind, IndexChangeKind::kRemoved);
  EXPECT_EQ(ship.index_changes[0].reason, "GSI2PK removed: item left the sparse index GSI2");
  table.Commit(ship);
  EXPECT_EQ(table.index_item_count(0), 0u);
  EXPECT_EQ(table.index_size_bytes(0), 0u);
  EXPECT_EQ(table.size_bytes(), ItemSize(shipped_item));
}

TEST(Table, KeysOnlyIndexIgnoresNonKeyChangesIncludeDoesNot) {
  Table table(OrdersSchema());
  Item item{{"PK", Value::S("C#1")},      {"SK", Value::S("O#1")},
            {"GSI2PK", Value::S("OPEN")}, {"GSI2SK", Value::S("2024")},
            {"GSI1PK", Value::S("O#1")},  {"status", Value::S("PLACED")},
            {"note", Value::S("x")}};
  table.Commit(table.Plan(nullptr, MakeItem(item)));
  // KEYS_ONLY entry = table keys + index keys.
  EXPECT_EQ(table.index_size_bytes(0), 2 + 3 + 2 + 3 + 6 + 4 + 6 + 4);
  Item note = item;
  note["note"] = Value::S("y");
  WritePlan p = table.Plan(table.Get(item), MakeItem(note));
  EXPECT_EQ(p.index_changes[0].kind, IndexChangeKind::kUntouched);
  EXPECT_EQ(p.index_changes[1].kind, IndexChangeKind::kUntouched);
  Item status = item;
  status["status"] = Value::S("PACKED");
  p = table.Plan(table.Get(item), MakeItem(status));
  EXPECT_EQ(p.index_changes[0].kind, IndexChangeKind::kUntouched);
  EXPECT_EQ(p.index_changes[1].kind, IndexChangeKind::kUpdated);
  Item moved = item;
  moved["GSI2SK"] = Value::S("2025");
  p = table.Plan(table.Get(item), MakeItem(moved));
  EXPECT_EQ(p.index_changes[0].kind, IndexChangeKind::kMoved);
  table.Commit(p);
  EXPECT_EQ(table.index_item_count(0), 1u);
  // The entry is now found under its new key only.
  PartitionId ip;
  std::string is;
  ASSERT_TRUE(table.IndexPosition(0, moved, &ip, &is));
  ASSERT_TRUE(table.index_store(0).Find(ip).has_value());
  EXPECT_EQ(table.index_store(0).Find(ip)->size(), 1u);
  EXPECT_EQ(table.index_store(0).Find(ip)->count(is), 1u);
}

TEST(Table, CopyIsASnapshot) {
  Table table(OrdersSchema());
  Item a{{"PK", Value::S("C#1")}, {"SK", Value::S("A")}};
  table.Commit(table.Plan(nullptr, MakeItem(a)));
  Table snapshot = table;
  Item b{{"PK", Value::S("C#1")}, {"SK", Value::S("B")}};
  table.Commit(table.Plan(nullptr, MakeItem(b)));
  table.Commit(table.Plan(table.Get(a), nullptr));
  EXPECT_EQ(snapshot.item_count(), 1u);
  EXPECT_NE(snapshot.Get(a), nullptr);
  EXPECT_EQ(snapshot.Get(b), nullptr);
  EXPECT_EQ(table.Get(a), nullptr);
  EXPECT_NE(table.Get(b), nullptr);
}

}  // namespace
}  // namespace monotable::storage

namespace monotable::storage {
namespace {

// A GSI with a multi-attribute key (DG GSI.html#GSI.MultiAttributeKeys): HASH (region S, tier N),
// RANGE (score N, name S) over a table keyed by id.
TableSchema MultiSchema(ProjectionType projection) {
  TableSchema schema;
  schema.name = "Players";
  schema.keys.hash = {"id", Type::kS};
  IndexSchema gsi;
  gsi.name = "ByRegionTier";
  gsi.keys.hash = {"region", Type::kS};
  gsi.keys.more_hash = {{"tier", Type::kN}};
  gsi.keys.range = {"score", Type::kN};
  gsi.keys.more_range = {{"name", Type::kS}};
  gsi.projection = projection;
  schema.indexes.push_back(gsi);
  return schema;
}

Value Num(const char* text) {
  Number n;
  EXPECT_TRUE(Number::Parse(text, &n).ok());
  return Value::N(n);
}

Item Player(const std::string& id, const std::string& region, const char* tier, const char* score,
            const std::string& name) {
  Item item = {{"id", Value::S(id)}, {"region", Value::S(region)}, {"name", Value::S(name)}};
  if (tier) item["tier"] = Num(tier);
  if (score) item["score"] = Num(score);
  item["bio"] = Value::S("likes long walks");
  return item;
}

// The ids of the index entries in one index partition, in store order.
std::vector<std::string> PartitionIds(const Table& table, const Item& probe) {
  PartitionId partition;
  std::vector<std::string> ids;
  EXPECT_TRUE(table.IndexPosition(0, probe, &partition, nullptr));
  const std::optional<Rows> rows = table.index_store(0).Find(partition);
  if (!rows) return ids;
  for (const auto& [sort, entry] : *rows) ids.push_back(entry.item.Decode().at("id").s());
  return ids;
}

TEST(Table, MultiAttributeKeyOrdersByEachRangeAttributeInTurnByItsType) {
  Table table(MultiSchema(ProjectionType::kAll));
  // score is N: 9 < 10 < 100 numerically (as strings "10" < "100" < "9"); ties on score order by
  // name, and an entry with equal index keys by the table key.
  for (const Item& p : {Player("a", "eu", "1", "100", "ann"), Player("b", "eu", "1", "9", "zed"),
                        Player("c", "eu", "1", "10", "bob"), Player("d", "eu", "1", "10", "al"),
                        Player("e", "eu", "2", "1", "x"), Player("f", "us", "1", "1", "x")}) {
    table.Commit(table.Plan(nullptr, MakeItem(p)));
  }
  EXPECT_EQ(table.index_item_count(0), 6u);
  EXPECT_EQ(PartitionIds(table, Player("?", "eu", "1", "0", "")),
            (std::vector<std::string>{"b", "d", "c", "a"}));
  // The HASH values together name the partition: (eu, 2) and (us, 1) are partitions of their own.
  EXPECT_EQ(PartitionIds(table, Player("?", "eu", "2", "0", "")), (std::vector<std::string>{"e"}));
  EXPECT_EQ(PartitionIds(table, Player("?", "us", "1", "0", "")), (std::vector<std::string>{"f"}));
}

TEST(Table, MultiAttributeKeyIsSparseOnAnyMissingAttribute) {
  Table table(MultiSchema(ProjectionType::kAll));
  WritePlan no_tier = table.Plan(nullptr, MakeItem(Player("a", "eu", nullptr, "1", "ann")));
  EXPECT_EQ(no_tier.index_changes[0].kind, IndexChangeKind::kNone);
  WritePlan no_score = table.Plan(nullptr, MakeItem(Player("a", "eu", "1", nullptr, "ann")));
  EXPECT_EQ(no_score.index_changes[0].kind, IndexChangeKind::kNone);
  table.Commit(no_score);
  // Setting the missing RANGE attribute adds the entry; the reason names it.
  WritePlan set = table.Plan(table.Get(Item{{"id", Value::S("a")}}),
                             MakeItem(Player("a", "eu", "1", "5", "ann")));
  EXPECT_EQ(set.index_changes[0].kind, IndexChangeKind::kAdded);
  EXPECT_EQ(set.index_changes[0].reason, "score set: item entered the sparse index ByRegionTier");
  table.Commit(set);
  // Changing the second HASH attribute alone moves the entry (delete + put).
  WritePlan move = table.Plan(table.Get(Item{{"id", Value::S("a")}}),
                              MakeItem(Player("a", "eu", "3", "5", "ann")));
  EXPECT_EQ(move.index_changes[0].kind, IndexChangeKind::kMoved);
  EXPECT_EQ(move.index_changes[0].reason,
            "tier changed: entry moved in ByRegionTier (delete + put = 2 index writes)");
  table.Commit(move);
  EXPECT_EQ(PartitionIds(table, Player("?", "eu", "3", "0", "")), (std::vector<std::string>{"a"}));
  EXPECT_TRUE(PartitionIds(table, Player("?", "eu", "1", "0", "")).empty());
  // A mistyped key attribute keeps the item out as a missing one would.
  Item wrong = Player("b", "eu", "1", "5", "x");
  wrong["tier"] = Value::S("1");
  EXPECT_EQ(table.Plan(nullptr, MakeItem(wrong)).index_changes[0].kind, IndexChangeKind::kNone);
}

TEST(Table, MultiAttributeKeyEntrySizeCountsEveryKeyAttribute) {
  // KEYS_ONLY: the table key and all four index key attributes, nothing else (DG GSI.html
  // #GSI.Projections; ALT test_gsi_composite_keys.py, KEYS_ONLY on a composite GSI).
  Table table(MultiSchema(ProjectionType::kKeysOnly));
  Item p = Player("a", "eu", "1", "100", "ann");
  Item expected = p;
  expected.erase("bio");
  EXPECT_EQ(table.ProjectEntry(0, p), expected);
  EXPECT_EQ(table.EntrySize(0, p), ItemSize(expected));
  EXPECT_TRUE(table.IsProjected(0, "tier"));
  EXPECT_TRUE(table.IsProjected(0, "name"));
  EXPECT_FALSE(table.IsProjected(0, "bio"));
  // A change to a non-key attribute writes no KEYS_ONLY entry.
  table.Commit(table.Plan(nullptr, MakeItem(p)));
  Item changed = p;
  changed["bio"] = Value::S("now likes chess");
  EXPECT_EQ(
      table.Plan(table.Get(Item{{"id", Value::S("a")}}), MakeItem(changed)).index_changes[0].kind,
      IndexChangeKind::kUntouched);
}

}  // namespace
}  // namespace monotable::storage
