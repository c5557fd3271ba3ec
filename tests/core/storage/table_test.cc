// Tests for storage/table: index maintenance (sparse membership, key moves, projections) and the
// plan/commit split.
#include "storage/table.h"

#include <gtest/gtest.h>

#include <memory>

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
