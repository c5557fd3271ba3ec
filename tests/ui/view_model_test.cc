// The table view refreshed after a write (ui/view_model.h BuildTablesView with the previous view)
// against the same view built from scratch: a user must see the same rows, cells, marks and ghosts
// whether the rows of unchanged items were moved over or rebuilt.
#include "ui/view_model.h"

#include <gtest/gtest.h>

#include <map>
#include <set>
#include <random>
#include <string>
#include <vector>

#include "monotable/model.h"
#include "nlohmann/json.hpp"
#include "tests/ui/fixtures.h"

namespace monotable::ui {
namespace {

// One row as a user sees it: its cells by column name, keys, sizes, colour, band and mark.
// The cells are formatted as the panel formats them (FormatRow: live rows hold none).
std::string RowText(const TablesView& view, const CollectionView& c, const RowView& row) {
  std::map<std::string, std::string> cells;
  const RowCells shown = FormatRow(c, row);
  for (size_t i = 0; i < c.columns.size() && i < shown.size(); ++i) {
    if (!shown[i].empty()) cells[c.columns[i]] = shown[i];
  }
  std::string out = row.key_id + " | " + row.partition + " | " + std::to_string(row.size_bytes) +
                    " | " + view.entity_prefixes.at(static_cast<size_t>(row.entity)) + " | " +
                    (row.partition_start ? "start" : "") + (row.band ? " band" : "") + " | " +
                    MarkName(row.mark) + " " + row.reason + (row.ghost_fresh ? " fresh" : "") +
                    " |";
  for (const auto& [name, text] : cells) out += " " + name + "=" + text;
  return out;
}

// Every collection as a user sees it (columns as a set: a refresh keeps their earlier order).
std::string ViewText(const TablesView& view) {
  std::string out;
  for (const CollectionView& c : view.collections) {
    std::vector<std::string> columns = c.columns;
    std::sort(columns.begin(), columns.end());
    out += c.table + "/" + c.index + " items=" + std::to_string(c.item_count) +
           " bytes=" + std::to_string(c.size_bytes) +
           " partitions=" + std::to_string(c.partition_count) +
           " marked=" + std::to_string(c.marked_rows) +
           " first=" + std::to_string(c.first_marked_row) +
           " marks=" + std::to_string(c.marks_present) + (c.truncated ? " truncated" : "") +
           "\n columns:";
    for (const std::string& name : columns) out += " " + name;
    out += "\n";
    for (const RowView& row : c.rows) out += "  " + RowText(view, c, row) + "\n";
  }
  return out;
}

// A copy of `view` whose rows hold no stored item: building from it rebuilds every row. Each row
// holds its formatted cells instead (what a ghost taken from it shows).
TablesView WithoutStoredItems(TablesView view) {
  for (CollectionView& c : view.collections) {
    for (RowView& row : c.rows) {
      row.cells = FormatRow(c, row);
      row.stored = StoredItem();
    }
  }
  return view;
}

// A row's packed cells read back as the texts they were given: sparse, resized, kept by column.
TEST(ViewModel, RowCellsHoldTheirTexts) {
  RowCells cells;
  cells.AssignSparse(5, {{1, "O#1"}, {3, "shipped"}});
  EXPECT_EQ(cells.ToVector(), (std::vector<std::string>{"", "O#1", "", "shipped", ""}));
  cells.resize(7);
  EXPECT_EQ(cells.size(), 7u);
  EXPECT_EQ(cells.view(6), "");
  cells.resize(4);
  EXPECT_EQ(cells.ToVector(), (std::vector<std::string>{"", "O#1", "", "shipped"}));
  cells.Keep({1, 3});
  EXPECT_EQ(cells, (RowCells{"O#1", "shipped"}));
  EXPECT_EQ(cells[1], "shipped");
}

// A GSI with a multi-attribute key (Orders' ByStatusMulti: HASH status, RANGE customerId then
// createdAt, DG GSI.html#GSI.MultiAttributeKeys) shows every key attribute: in its tab's key text
// and as its leading key columns, not only the first HASH and RANGE.
TEST(ViewModel, MultiAttributeIndexShowsEveryKeyAttribute) {
  Engine engine;
  ASSERT_TRUE(testing::LoadOrders(&engine));
  TablesView view = BuildTablesView(engine, nullptr, nullptr);
  const CollectionView* multi = nullptr;
  const CollectionView* base = nullptr;
  for (const CollectionView& c : view.collections) {
    if (c.index == "ByStatusMulti") multi = &c;
    if (c.index.empty()) base = &c;
  }
  ASSERT_NE(multi, nullptr);
  ASSERT_NE(base, nullptr);
  EXPECT_EQ(multi->key_label, "status + (customerId, createdAt)");
  EXPECT_EQ(multi->key_columns, 3);
  EXPECT_EQ(multi->hash_columns, 1);
  ASSERT_GE(multi->columns.size(), 3u);
  EXPECT_EQ(multi->columns[0], "status");
  EXPECT_EQ(multi->columns[1], "customerId");
  EXPECT_EQ(multi->columns[2], "createdAt");
  EXPECT_EQ(base->key_label, "PK + SK");
  EXPECT_EQ(base->key_columns, 2);
}

// KeySchemaLabel groups several HASH or RANGE attributes in parentheses, in key schema order.
TEST(ViewModel, KeySchemaLabelListsEveryAttribute) {
  KeySchemaInfo k;
  k.hash_key = "tenant";
  k.hash_attributes = {{"tenant", Type::kS}, {"region", Type::kS}};
  EXPECT_EQ(KeySchemaLabel(k), "(tenant, region)");
  k.range_key = "day";
  k.range_attributes = {{"day", Type::kS}};
  EXPECT_EQ(KeySchemaLabel(k), "(tenant, region) + day");
  KeySchemaInfo plain;
  plain.hash_key = "pk";
  EXPECT_EQ(KeySchemaLabel(plain), "pk");
}

// The schema view's sample keys (the request builder fills an empty key field with them) are the
// key of an item that exists: a GetItem on the table's, a Query on each index's, find it.
TEST(ViewModel, SchemaViewSampleKeysFindAnItem) {
  Engine engine;
  ASSERT_TRUE(testing::LoadOrders(&engine));
  SchemaView schema = BuildSchemaView(engine);
  ASSERT_EQ(schema.tables.size(), 1u);
  const TableSchemaView& t = schema.tables[0];
  ASSERT_FALSE(t.sample_hash.empty());
  ASSERT_FALSE(t.sample_range.empty());
  Result got =
      engine.Execute("GetItem", R"({"TableName":"Orders","Key":{"PK":{"S":")" + t.sample_hash +
                                    R"("},"SK":{"S":")" + t.sample_range + R"("}}})");
  ASSERT_TRUE(got.status.ok()) << got.body;
  EXPECT_TRUE(nlohmann::json::parse(got.body).contains("Item")) << got.body;
  ASSERT_EQ(t.indexes.size(), 4u);  // GSI1, GSI2, ByStatusConcat, ByStatusMulti
  for (const IndexSchemaView& index : t.indexes) {
    EXPECT_TRUE(index.global) << index.name;
    ASSERT_FALSE(index.sample_hash.empty()) << index.name;
    Result q = engine.Execute(
        "Query", R"({"TableName":"Orders","IndexName":")" + index.name +
                     R"(","KeyConditionExpression":"#k = :k","ExpressionAttributeNames":{"#k":")" +
                     index.hash.name + R"("},"ExpressionAttributeValues":{":k":{"S":")" +
                     index.sample_hash + R"("}}})");
    ASSERT_TRUE(q.status.ok()) << q.body;
    EXPECT_GT(nlohmann::json::parse(q.body)["Count"].get<int>(), 0) << index.name << " " << q.body;
  }
}

TEST(ViewModel, RefreshAfterWritesShowsWhatAFullBuildShows) {
  Engine engine;
  ASSERT_TRUE(testing::LoadOrders(&engine));
  TablesView view = BuildTablesView(engine, nullptr, nullptr);
  const std::vector<std::pair<std::string, std::string>> writes = {
      // a new item with an attribute no other item has (a new column)
      {"PutItem",
       R"({"TableName":"Orders","Item":{"PK":{"S":"C#c001"},"SK":{"S":"NOTE#1"},"note":{"S":"call back"}}})"},
      // a new partition
      {"PutItem",
       R"({"TableName":"Orders","Item":{"PK":{"S":"C#zzz"},"SK":{"S":"PROFILE"},"name":{"S":"Zed"}}})"},
      // an open order shipped: it leaves the sparse GSI2 (a ghost there)
      {"UpdateItem",
       R"({"TableName":"Orders","Key":{"PK":{"S":"C#c004"},"SK":{"S":"O#2025-11-29#100043"}},"UpdateExpression":"SET #s = :s REMOVE GSI2PK, GSI2SK","ExpressionAttributeNames":{"#s":"status"},"ExpressionAttributeValues":{":s":{"S":"shipped"}}})"},
      // a delivered order reopened: it enters GSI2
      {"UpdateItem",
       R"({"TableName":"Orders","Key":{"PK":{"S":"C#c001"},"SK":{"S":"O#2024-11-08#100010"}},"UpdateExpression":"SET GSI2PK = :o, GSI2SK = :t","ExpressionAttributeValues":{":o":{"S":"OPEN"},":t":{"S":"2024-11-08T02:48:26Z"}}})"},
      // the only item with "note" loses it: the column goes
      {"UpdateItem",
       R"({"TableName":"Orders","Key":{"PK":{"S":"C#c001"},"SK":{"S":"NOTE#1"}},"UpdateExpression":"REMOVE note SET tag = :e","ExpressionAttributeValues":{":e":{"S":""}}})"},
      // an item deleted (a ghost in the table and in GSI1)
      {"DeleteItem",
       R"({"TableName":"Orders","Key":{"PK":{"S":"C#c001"},"SK":{"S":"O#2024-11-17#100011"}}})"},
      // an item put over itself, unchanged
      {"PutItem",
       R"({"TableName":"Orders","Item":{"PK":{"S":"C#zzz"},"SK":{"S":"PROFILE"},"name":{"S":"Zed"}}})"},
      // several at once
      {"BatchWriteItem",
       R"({"RequestItems":{"Orders":[{"PutRequest":{"Item":{"PK":{"S":"C#zzz"},"SK":{"S":"O#2026-01-01#1"},"GSI1PK":{"S":"O#1"},"GSI2PK":{"S":"OPEN"},"GSI2SK":{"S":"2026-01-01"},"status":{"S":"placed"}}}},{"DeleteRequest":{"Key":{"PK":{"S":"C#zzz"},"SK":{"S":"PROFILE"}}}},{"DeleteRequest":{"Key":{"PK":{"S":"C#c001"},"SK":{"S":"NOTE#1"}}}}]}})"},
  };
  for (const auto& [op, body] : writes) {
    const Result r = engine.Execute(op, body);
    ASSERT_TRUE(r.status.ok()) << op << " " << r.body;
    TablesView full_previous = WithoutStoredItems(view);
    const TablesView full = BuildTablesView(engine, &r.effects, &full_previous);
    TablesView refreshed = BuildTablesView(engine, &r.effects, &view);
    EXPECT_EQ(ViewText(refreshed), ViewText(full)) << op << " " << body;
    view = std::move(refreshed);
  }
  // The columns follow the data: "note" went with its last item; "tag" (an empty string) is held.
  const CollectionView& table = view.collections.front();
  EXPECT_EQ(std::count(table.columns.begin(), table.columns.end(), "note"), 0);
  // And without marks or ghosts the refreshed view is the view a fresh load would build.
  const Result read = engine.Execute(
      "GetItem", R"({"TableName":"Orders","Key":{"PK":{"S":"C#c001"},"SK":{"S":"PROFILE"}}})");
  ASSERT_TRUE(read.status.ok());
  Effects none;
  RemarkTablesView(&view, none);
  RemarkTablesView(&view, none);
  EXPECT_EQ(ViewText(view), ViewText(BuildTablesView(engine, nullptr, nullptr)));
}

// A view patched after a write (PatchTablesView) against the view BuildTablesView builds from the
// same previous view: the same text (rows, cells, marks, ghosts, counts, columns) after each kind
// of write, and the patch taken for every one of them but the write that leaves a column without a
// holder (which a build drops).
TEST(ViewModel, PatchedViewShowsWhatARefreshBuilds) {
  Engine engine;
  ASSERT_TRUE(testing::LoadOrders(&engine));
  TablesView view = BuildTablesView(engine, nullptr, nullptr);
  struct Write {
    std::string op, body;
    bool patched;
  };
  const std::vector<Write> writes = {
      // a new item with an attribute no other item has (a new column)
      {"PutItem",
       R"({"TableName":"Orders","Item":{"PK":{"S":"C#c001"},"SK":{"S":"NOTE#1"},"note":{"S":"call back"}}})",
       true},
      // a new partition
      {"PutItem",
       R"({"TableName":"Orders","Item":{"PK":{"S":"C#zzz"},"SK":{"S":"PROFILE"},"name":{"S":"Zed"}}})",
       true},
      // an attribute changed in place (no key moves anywhere)
      {"UpdateItem",
       R"({"TableName":"Orders","Key":{"PK":{"S":"C#c001"},"SK":{"S":"PROFILE"}},"UpdateExpression":"SET #n = :n","ExpressionAttributeNames":{"#n":"name"},"ExpressionAttributeValues":{":n":{"S":"Liam H."}}})",
       true},
      // an open order shipped: it leaves the sparse GSI2 (a ghost there) and moves in both
      // status indexes (the concatenated key and the multi-attribute one)
      {"UpdateItem",
       R"({"TableName":"Orders","Key":{"PK":{"S":"C#c004"},"SK":{"S":"O#2025-11-29#100043"}},"UpdateExpression":"SET #s = :s, statusPK = :p REMOVE GSI2PK, GSI2SK","ExpressionAttributeNames":{"#s":"status"},"ExpressionAttributeValues":{":s":{"S":"shipped"},":p":{"S":"STATUS#shipped"}}})",
       true},
      // a delivered order reopened: it enters GSI2
      {"UpdateItem",
       R"({"TableName":"Orders","Key":{"PK":{"S":"C#c001"},"SK":{"S":"O#2024-11-08#100010"}},"UpdateExpression":"SET GSI2PK = :o, GSI2SK = :t","ExpressionAttributeValues":{":o":{"S":"OPEN"},":t":{"S":"2024-11-08T02:48:26Z"}}})",
       true},
      // the same entry moved inside GSI2 (its sort key changed)
      {"UpdateItem",
       R"({"TableName":"Orders","Key":{"PK":{"S":"C#c001"},"SK":{"S":"O#2024-11-08#100010"}},"UpdateExpression":"SET GSI2SK = :t","ExpressionAttributeValues":{":t":{"S":"2030-01-01T00:00:00Z"}}})",
       true},
      // the only item with "note" loses it: the column goes (built, not patched)
      {"UpdateItem",
       R"({"TableName":"Orders","Key":{"PK":{"S":"C#c001"},"SK":{"S":"NOTE#1"}},"UpdateExpression":"REMOVE note"})",
       false},
      // an item deleted (a ghost in the table and in every index it was in)
      {"DeleteItem",
       R"({"TableName":"Orders","Key":{"PK":{"S":"C#c001"},"SK":{"S":"O#2024-11-17#100011"}}})",
       true},
      // and put back at once: the ghosts go, the rows come back where they were
      {"PutItem",
       R"({"TableName":"Orders","Item":{"PK":{"S":"C#c001"},"SK":{"S":"O#2024-11-17#100011"},"GSI1PK":{"S":"O#100011"},"status":{"S":"placed"},"customerId":{"S":"c001"},"createdAt":{"S":"2024-11-17T00:00:00Z"}}})",
       true},
      // an item put over itself, unchanged
      {"PutItem",
       R"({"TableName":"Orders","Item":{"PK":{"S":"C#zzz"},"SK":{"S":"PROFILE"},"name":{"S":"Zed"}}})",
       true},
      // several at once, neighbours among them
      {"BatchWriteItem",
       R"({"RequestItems":{"Orders":[{"PutRequest":{"Item":{"PK":{"S":"C#zzz"},"SK":{"S":"O#2026-01-01#1"},"GSI1PK":{"S":"O#1"},"GSI2PK":{"S":"OPEN"},"GSI2SK":{"S":"2026-01-01"},"status":{"S":"placed"}}}},{"PutRequest":{"Item":{"PK":{"S":"C#zzz"},"SK":{"S":"O#2026-01-02#2"},"GSI2PK":{"S":"OPEN"},"GSI2SK":{"S":"2026-01-02"}}}},{"DeleteRequest":{"Key":{"PK":{"S":"C#zzz"},"SK":{"S":"PROFILE"}}}},{"DeleteRequest":{"Key":{"PK":{"S":"C#c001"},"SK":{"S":"NOTE#1"}}}}]}})",
       true},
      // a transaction, and PartiQL
      {"TransactWriteItems",
       R"({"TransactItems":[{"Delete":{"Key":{"PK":{"S":"C#zzz"},"SK":{"S":"O#2026-01-01#1"}},"TableName":"Orders"}},{"Put":{"TableName":"Orders","Item":{"PK":{"S":"C#zzz"},"SK":{"S":"O#2026-01-03#3"},"GSI2PK":{"S":"OPEN"},"GSI2SK":{"S":"2025-01-01"}}}}]})",
       true},
      {"ExecuteStatement",
       R"({"Statement":"UPDATE \"Orders\" SET GSI2SK = '2020-01-01' WHERE PK = 'C#zzz' AND SK = 'O#2026-01-02#2'"})",
       true},
  };
  for (const Write& w : writes) {
    const Result r = engine.Execute(w.op, w.body);
    ASSERT_TRUE(r.status.ok()) << w.op << " " << r.body;
    TablesView previous = view;
    const TablesView built = BuildTablesView(engine, &r.effects, &previous);
    TablesView patched = view;
    EXPECT_EQ(PatchTablesView(engine, r.effects, &patched), w.patched) << w.op << " " << w.body;
    if (!w.patched) {
      EXPECT_EQ(ViewText(patched), ViewText(view)) << "a refused patch changes nothing";
      view = BuildTablesView(engine, &r.effects, &view);
      continue;
    }
    EXPECT_EQ(ViewText(patched), ViewText(built)) << w.op << " " << w.body;
    view = std::move(patched);
  }
  // A schema change is built, not patched.
  const Result created = engine.Execute(
      "CreateTable",
      R"({"TableName":"More","BillingMode":"PAY_PER_REQUEST","AttributeDefinitions":[{"AttributeName":"id","AttributeType":"S"}],"KeySchema":[{"AttributeName":"id","KeyType":"HASH"}]})");
  ASSERT_TRUE(created.status.ok()) << created.body;
  TablesView before = view;
  EXPECT_FALSE(PatchTablesView(engine, created.effects, &before));
}

// Many random writes (puts of new and existing items with random attributes and index keys,
// updates that move index keys, deletes, batches of neighbours) patched one after another: after
// each, the patched view is the view a refresh builds (with at most `max_rows` rows a
// collection), and most are patched. Returns how many were.
int FollowRandomWrites(size_t max_rows, uint32_t seed, int writes) {
  Engine engine;
  EXPECT_TRUE(testing::LoadOrders(&engine));
  TablesViewOptions options;
  options.max_rows = max_rows;
  TablesView view = BuildTablesView(engine, nullptr, nullptr, options);
  std::mt19937 random(seed);
  auto pick = [&](int n) { return static_cast<int>(random() % static_cast<unsigned>(n)); };
  auto key = [&]() {
    return R"("PK":{"S":"C#c00)" + std::to_string(1 + pick(6)) + R"("},"SK":{"S":"O#2025-0)" +
           std::to_string(1 + pick(3)) + "#" + std::to_string(pick(4)) + R"("})";
  };
  auto attributes = [&]() {
    std::string out;
    if (pick(3) == 0) out += R"(,"GSI2PK":{"S":"OPEN"},"GSI2SK":{"S":"2025-)" + std::to_string(pick(9)) + R"("})";
    if (pick(2) == 0) out += R"(,"GSI1PK":{"S":"O#)" + std::to_string(pick(50)) + R"("})";
    if (pick(2) == 0) {
      out += R"(,"status":{"S":")" + std::string(pick(2) ? "placed" : "shipped") +
             R"("},"customerId":{"S":"c)" + std::to_string(pick(3)) + R"("},"createdAt":{"S":"t)" +
             std::to_string(pick(5)) + R"("})";
    }
    if (pick(4) == 0) out += R"(,"extra)" + std::to_string(pick(3)) + R"(":{"N":")" + std::to_string(pick(9)) + R"("})";
    return out;
  };
  int patched_count = 0;
  for (int i = 0; i < writes; ++i) {
    std::string op, body;
    switch (pick(4)) {
      case 0:
        op = "PutItem";
        body = R"({"TableName":"Orders","Item":{)" + key() + attributes() + "}}";
        break;
      case 1:
        op = "UpdateItem";
        body = R"({"TableName":"Orders","Key":{)" + key() +
               R"(},"UpdateExpression":"SET GSI2PK = :o, GSI2SK = :t, lineCount = :n","ExpressionAttributeValues":{":o":{"S":"OPEN"},":t":{"S":"2025-)" +
               std::to_string(pick(9)) + R"("},":n":{"N":")" + std::to_string(pick(5)) + R"("}}})";
        break;
      case 2:
        op = "DeleteItem";
        body = R"({"TableName":"Orders","Key":{)" + key() + "}}";
        break;
      default: {
        op = "BatchWriteItem";
        std::set<std::string> keys;
        for (int k = 0; k < 1 + pick(6); ++k) keys.insert(key());
        std::string requests;
        for (const std::string& k : keys) {
          if (!requests.empty()) requests += ",";
          requests += pick(2) ? R"({"PutRequest":{"Item":{)" + k + attributes() + "}}}"
                              : R"({"DeleteRequest":{"Key":{)" + k + "}}}";
        }
        body = R"({"RequestItems":{"Orders":[)" + requests + "]}}";
      }
    }
    const Result r = engine.Execute(op, body);
    EXPECT_TRUE(r.status.ok()) << op << " " << body << " " << r.body;
    if (!r.status.ok()) return patched_count;
    TablesView previous = view;
    TablesView built = BuildTablesView(engine, &r.effects, &previous, options);
    TablesView patched = view;
    if (PatchTablesView(engine, r.effects, &patched)) {
      ++patched_count;
      EXPECT_EQ(ViewText(patched), ViewText(built))
          << "max_rows " << max_rows << ", write " << i << ": " << op << " " << body;
      if (ViewText(patched) != ViewText(built)) return patched_count;
      view = std::move(patched);
    } else {
      view = std::move(built);
    }
  }
  return patched_count;
}

TEST(ViewModel, PatchedViewFollowsRandomWrites) {
  EXPECT_GT(FollowRandomWrites(kMaxRows, 20261202, 150), 150 * 3 / 4);
}

// The same with collections larger than the rows their view holds (x1000: 250,000 of about a
// million), here a window of a few dozen rows over the small example: an entry that lands inside
// pushes the last row out, one that leaves pulls the next entry in, one past the window shows
// nowhere; every write's patch is still the view a refresh builds, and most are patched.
TEST(ViewModel, PatchedTruncatedViewFollowsRandomWrites) {
  for (size_t max_rows : {12, 30, 60}) {
    for (uint32_t seed : {1u, 2u, 3u}) {
      EXPECT_GT(FollowRandomWrites(max_rows, seed, 150), 150 * 3 / 4)
          << "max_rows " << max_rows << ", seed " << seed;
    }
  }
  // The window is truncated at all: the example has more entries than the smallest holds.
  Engine engine;
  ASSERT_TRUE(testing::LoadOrders(&engine));
  TablesViewOptions options;
  options.max_rows = 12;
  const TablesView view = BuildTablesView(engine, nullptr, nullptr, options);
  ASSERT_TRUE(view.collections.front().truncated);
  EXPECT_EQ(view.collections.front().rows.size(), 12u);
}

// The items view built a slice at a time (TablesViewBuild, what a sliced load draws between) is
// the view built at once: the same text, for an example large enough that each collection takes
// several slices, and it counts the rows it built up to what it expected.
TEST(ViewModel, ViewBuiltInSlicesIsTheViewBuiltAtOnce) {
  Engine engine;
  Model model;
  GenerateOptions options;
  options.scale = 8;
  ASSERT_TRUE(LoadExample("orders", options, &engine, &model).ok());
  const TablesView at_once = BuildTablesView(engine, nullptr, nullptr);
  TablesViewBuild build(engine);
  int steps = 0;
  uint64_t rows = 0;
  while (!build.Step(0)) {  // a budget of 0: one slice a step
    ++steps;
    EXPECT_GE(build.rows_built(), rows);
    rows = build.rows_built();
    ASSERT_LT(steps, 10000);
  }
  uint64_t held = 0;
  for (const CollectionView& c : at_once.collections) held += c.rows.size();
  EXPECT_GT(steps, 4);
  EXPECT_EQ(build.rows_built(), held);
  EXPECT_EQ(build.rows_expected(), held);
  const TablesView sliced = build.Take();
  EXPECT_EQ(ViewText(sliced), ViewText(at_once));
}

// Items deleted together leave as ghosts in the places and the order they had: a BatchWriteItem
// that deletes two neighbouring orders shows both, one after the
// other, where they were, whichever way round the request lists them.
TEST(ViewModel, GhostsOfADeleteTogetherKeepTheirPlacesAndOrder) {
  Engine engine;
  ASSERT_TRUE(testing::LoadOrders(&engine));
  TablesView view = BuildTablesView(engine, nullptr, nullptr);
  const CollectionView& before = view.collections.front();
  ASSERT_EQ(before.index, "");
  // Two neighbouring rows of one partition, neither its first.
  size_t k = 0;
  for (size_t i = 1; i + 1 < before.rows.size(); ++i) {
    const RowView& a = before.rows[i];
    const RowView& b = before.rows[i + 1];
    if (!a.partition_start && !b.partition_start && FormatRow(before, a)[1].rfind("O#", 0) == 0 &&
        FormatRow(before, b)[1].rfind("O#", 0) == 0) {
      k = i;
      break;
    }
  }
  ASSERT_GT(k, 0u);
  const std::vector<std::string> first = FormatRow(before, before.rows[k]),
                                 second = FormatRow(before, before.rows[k + 1]);
  const std::string first_id = before.rows[k].key_id, second_id = before.rows[k + 1].key_id;
  const size_t rows = before.rows.size();
  auto key = [](const std::vector<std::string>& cells) {
    return R"({"DeleteRequest":{"Key":{"PK":{"S":")" + cells[0] + R"("},"SK":{"S":")" + cells[1] +
           R"("}}}})";
  };
  const uint64_t items = before.item_count;
  for (bool later_first : {false, true}) {
    Engine e = engine;
    TablesView v = BuildTablesView(e, nullptr, nullptr);
    const std::string batch =
        later_first ? key(second) + "," + key(first) : key(first) + "," + key(second);
    const Result r = e.Execute("BatchWriteItem", R"({"RequestItems":{"Orders":[)" + batch + "]}}");
    ASSERT_TRUE(r.status.ok()) << r.body;
    TablesView refreshed = BuildTablesView(e, &r.effects, &v);
    const CollectionView& after = refreshed.collections.front();
    ASSERT_EQ(after.rows.size(), rows) << batch;  // two rows gone, two ghosts shown
    EXPECT_EQ(after.rows[k].key_id, first_id) << batch;
    EXPECT_EQ(after.rows[k].mark, Mark::kDeleted) << batch;
    EXPECT_EQ(after.rows[k + 1].key_id, second_id) << batch;
    EXPECT_EQ(after.rows[k + 1].mark, Mark::kDeleted) << batch;
    EXPECT_EQ(after.marked_rows, 2) << batch;
    EXPECT_EQ(after.first_marked_row, static_cast<int>(k)) << batch;
    EXPECT_EQ(after.item_count, items - 2) << batch;
  }
}

}  // namespace
}  // namespace monotable::ui
