// Engine-level tests: snapshots, browsing, version, effects (things the data-driven cases in
// tests/cases cannot express).
#include "monotable/engine.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <set>
#include <string>

#include "api/errors.h"

namespace monotable {
namespace {

void MustRun(Engine& engine, const std::string& op, const std::string& request) {
  Result r = engine.Execute(op, request);
  ASSERT_TRUE(r.status.ok()) << op << ": " << r.body;
}

void CreateOrders(Engine& engine) {
  MustRun(engine, "CreateTable", R"({"TableName":"Orders","BillingMode":"PAY_PER_REQUEST",
    "AttributeDefinitions":[{"AttributeName":"PK","AttributeType":"S"},{"AttributeName":"SK","AttributeType":"S"},
      {"AttributeName":"GSI2PK","AttributeType":"S"},{"AttributeName":"GSI2SK","AttributeType":"S"}],
    "KeySchema":[{"AttributeName":"PK","KeyType":"HASH"},{"AttributeName":"SK","KeyType":"RANGE"}],
    "GlobalSecondaryIndexes":[{"IndexName":"GSI2","KeySchema":[{"AttributeName":"GSI2PK","KeyType":"HASH"},
      {"AttributeName":"GSI2SK","KeyType":"RANGE"}],"Projection":{"ProjectionType":"KEYS_ONLY"}}]})");
}

std::string Put(int customer, int order, bool open) {
  std::string item = R"({"TableName":"Orders","Item":{"PK":{"S":"C#)" + std::to_string(customer) +
                     R"("},"SK":{"S":"O#)" + std::to_string(order) + R"("})";
  if (open)
    item += R"(,"GSI2PK":{"S":"OPEN"},"GSI2SK":{"S":"2024-)" + std::to_string(order) + R"("})";
  return item + "}}";
}

TEST(Engine, CopyIsASnapshotAndVersionMoves) {
  Engine engine;
  CreateOrders(engine);
  MustRun(engine, "PutItem", Put(1, 1, true));
  const uint64_t v = engine.version();
  Engine snapshot = engine;
  MustRun(engine, "PutItem", Put(1, 2, true));
  EXPECT_GT(engine.version(), v);
  EXPECT_EQ(snapshot.Tables()[0].item_count, 1u);
  EXPECT_EQ(engine.Tables()[0].item_count, 2u);
  engine = snapshot;  // undo
  EXPECT_EQ(engine.Tables()[0].item_count, 1u);
  EXPECT_GT(engine.version(), v);  // views must rebuild after a restore
}

TEST(Engine, ForEachItemVisitsIndexEntriesProjected) {
  Engine engine;
  CreateOrders(engine);
  MustRun(engine, "PutItem", Put(1, 1, true));
  MustRun(engine, "PutItem", Put(1, 2, false));
  MustRun(engine, "PutItem", Put(2, 3, true));
  int base = 0, index = 0;
  engine.ForEachItem("Orders", "", [&](const Item&, size_t) { ++base; });
  std::vector<std::string> sks;
  engine.ForEachItem("Orders", "GSI2", [&](const Item& item, size_t size) {
    ++index;
    EXPECT_EQ(item.size(), 4u);  // KEYS_ONLY: table keys + index keys
    sks.push_back(item.at("GSI2SK").s());
    EXPECT_EQ(size, ItemSize(item));
  });
  EXPECT_EQ(base, 3);
  EXPECT_EQ(index, 2);  // the closed order is not in the sparse index
  EXPECT_EQ(sks, (std::vector<std::string>{"2024-1", "2024-3"}));  // one partition, by sort key
  const auto tables = engine.Tables();
  ASSERT_EQ(tables.size(), 1u);
  ASSERT_EQ(tables[0].indexes.size(), 1u);
  EXPECT_EQ(tables[0].indexes[0].item_count, 2u);
}

// A view of a large table reads only the rows it shows: the limit stops the visit after the first
// `limit` items, in the same order as a full visit.
TEST(Engine, ForEachItemStopsAtTheLimit) {
  Engine engine;
  CreateOrders(engine);
  for (int i = 1; i <= 5; ++i) MustRun(engine, "PutItem", Put(i, i, true));
  std::vector<std::string> all, first;
  engine.ForEachItem("Orders", "",
                     [&](const Item& item, size_t) { all.push_back(ToWireJson(item)); });
  engine.ForEachItem("Orders", "", 3,
                     [&](const Item& item, size_t) { first.push_back(ToWireJson(item)); });
  ASSERT_EQ(all.size(), 5u);
  EXPECT_EQ(first, std::vector<std::string>(all.begin(), all.begin() + 3));
  int entries = 0;
  engine.ForEachItem("Orders", "GSI2", 0, [&](const Item&, size_t) { ++entries; });
  EXPECT_EQ(entries, 0);
  engine.ForEachItem("Orders", "GSI2", 10, [&](const Item&, size_t) { ++entries; });
  EXPECT_EQ(entries, 5);
}

// A view built in slices resumes after the last item it saw, and a patched view reads an item's
// entry and what follows it: the walk from an item's place gives exactly the rest of the full
// walk, that item's entry first or not, in the table and in an index (across partitions), with
// the limit; a deleted item's place still works in the table (its key is the place), not in an
// index (its index key is gone), nor does an item outside the sparse index or a key of the wrong
// type.
TEST(Engine, ForEachItemFromResumesTheWalkAtAnItemsPlace) {
  Engine engine;
  CreateOrders(engine);
  for (int i = 1; i <= 12; ++i) MustRun(engine, "PutItem", Put(i % 4, i, i % 3 != 0));
  auto keys_of = [&](const char* index, const Item* after, size_t limit, bool* found,
                     bool include = false) {
    std::vector<std::string> out;
    auto visit = [&](const Item& item, size_t, StoredItem stored) {
      EXPECT_NE(stored.id(), nullptr);
      out.push_back(item.at("PK").s() + "/" + item.at("SK").s());
    };
    if (!after) {
      engine.ForEachItem("Orders", index, limit, nullptr, visit);
      *found = true;
    } else {
      *found = engine.ForEachItemFrom("Orders", index, *after, include, limit, nullptr, visit);
    }
    return out;
  };
  auto key = [](const std::string& pk_sk) {
    Item k;
    k["PK"] = Value::S(pk_sk.substr(0, pk_sk.find('/')));
    k["SK"] = Value::S(pk_sk.substr(pk_sk.find('/') + 1));
    return k;
  };
  bool found = false;
  for (const char* index : {"", "GSI2"}) {
    const std::vector<std::string> all = keys_of(index, nullptr, SIZE_MAX, &found);
    ASSERT_EQ(all.size(), std::string(index).empty() ? 12u : 8u);
    for (size_t i = 0; i < all.size(); ++i) {
      const Item after = key(all[i]);
      EXPECT_EQ(keys_of(index, &after, SIZE_MAX, &found),
                std::vector<std::string>(all.begin() + static_cast<long>(i) + 1, all.end()))
          << index << " after " << all[i];
      EXPECT_TRUE(found);
      EXPECT_EQ(keys_of(index, &after, SIZE_MAX, &found, true),
                std::vector<std::string>(all.begin() + static_cast<long>(i), all.end()));
      const std::vector<std::string> two = keys_of(index, &after, 2, &found);
      EXPECT_EQ(two.size(), std::min<size_t>(2, all.size() - i - 1));
    }
  }
  const std::vector<std::string> all = keys_of("", nullptr, SIZE_MAX, &found);
  // Deleted: its key is still a place in the table, and the walk goes on from it.
  MustRun(engine, "DeleteItem", R"({"TableName":"Orders","Key":{"PK":{"S":"C#1"},"SK":{"S":"O#5"}}})");
  const Item deleted = key("C#1/O#5");
  const auto at = std::find(all.begin(), all.end(), "C#1/O#5");
  ASSERT_NE(at, all.end());
  EXPECT_EQ(keys_of("", &deleted, SIZE_MAX, &found), std::vector<std::string>(at + 1, all.end()));
  EXPECT_TRUE(found);
  EXPECT_EQ(keys_of("", &deleted, SIZE_MAX, &found, true),
            std::vector<std::string>(at + 1, all.end()));
  EXPECT_TRUE(keys_of("GSI2", &deleted, SIZE_MAX, &found).empty());
  EXPECT_FALSE(found);
  const Item closed = key("C#3/O#3");  // 3 % 3 == 0: not in GSI2
  EXPECT_TRUE(keys_of("GSI2", &closed, SIZE_MAX, &found).empty());
  EXPECT_FALSE(found);
  Item wrong;
  wrong["PK"] = Value::N(Number::FromInt(1));
  wrong["SK"] = Value::S("O#1");
  EXPECT_TRUE(keys_of("", &wrong, SIZE_MAX, &found).empty());
  EXPECT_FALSE(found);
  EXPECT_FALSE(engine.ForEachItemFrom("Nope", "", deleted, false, SIZE_MAX, nullptr,
                                      [](const Item&, size_t, StoredItem) {}));
}

// A front end rebuilding a view after a write asks for the items it does not know: the view
// holds a StoredItem per row; an unchanged item keeps its id (and is skipped without being read),
// a changed one is stored anew, and a held item outlives its deletion from the engine without
// its id being taken by another item.
TEST(Engine, ForEachItemStoredItemsFollowChanges) {
  Engine engine;
  CreateOrders(engine);
  for (int i = 1; i <= 4; ++i) MustRun(engine, "PutItem", Put(i, i, true));
  auto held = [&](const char* index) {
    std::vector<StoredItem> out;
    engine.ForEachItem(
        "Orders", index, SIZE_MAX, [](const void*, size_t) { return false; },
        [&](const Item&, size_t, StoredItem stored) { out.push_back(std::move(stored)); });
    return out;
  };
  auto ids = [](const std::vector<StoredItem>& items) {
    std::vector<const void*> out;
    for (const StoredItem& s : items) out.push_back(s.id());
    return out;
  };
  const std::vector<StoredItem> before = held("");
  const std::vector<const void*> before_ids = ids(before);
  std::set<const void*> known(before_ids.begin(), before_ids.end());
  ASSERT_EQ(before.size(), 4u);
  EXPECT_EQ(known.size(), 4u);
  EXPECT_EQ(ids(held("")), before_ids);
  EXPECT_EQ(ids(held("GSI2")).size(), 4u);
  MustRun(engine, "PutItem", Put(2, 2, false));  // order 2 closes: changed
  int visited = 0;
  engine.ForEachItem(
      "Orders", "", SIZE_MAX, [&](const void* id, size_t) { return known.count(id) > 0; },
      [&](const Item& item, size_t, StoredItem stored) {
        ++visited;
        EXPECT_EQ(item.count("GSI2PK"), 0u);  // the changed order, closed now
        EXPECT_EQ(known.count(stored.id()), 0u);
      });
  EXPECT_EQ(visited, 1);
  EXPECT_EQ(held("GSI2").size(), 3u);  // order 2 left the sparse index
  // Without `known` every item is visited.
  int plain = 0;
  engine.ForEachItem("Orders", "", SIZE_MAX, nullptr, [&](const Item&, size_t, StoredItem s) {
    ++plain;
    EXPECT_NE(s.id(), nullptr);
  });
  EXPECT_EQ(plain, 4);
  // Held copies share the item; after every item is deleted the held ones are still distinct and
  // new items stored meanwhile never take their ids.
  std::vector<StoredItem> copies = before;
  for (int i = 1; i <= 4; ++i) {
    MustRun(engine, "DeleteItem",
            R"({"TableName":"Orders","Key":{"PK":{"S":"C#)" + std::to_string(i) +
                R"("},"SK":{"S":"O#)" + std::to_string(i) + R"("}}})");
  }
  EXPECT_TRUE(held("").empty());
  for (int i = 1; i <= 4; ++i) MustRun(engine, "PutItem", Put(i, i, true));
  for (const StoredItem& s : held("")) EXPECT_EQ(known.count(s.id()), 0u);
  EXPECT_EQ(ids(copies), before_ids);
  StoredItem moved = std::move(copies.front());
  EXPECT_EQ(copies.front().id(), nullptr);
  EXPECT_EQ(moved.id(), before_ids.front());
}

// A front end that keeps only StoredItems (the table view) decodes an entry when it shows it: the
// base table's whole item, an index entry projected by IndexInfo::projected_attributes, exactly
// what ForEachItem's visit saw, and still after the item was deleted from the engine.
TEST(Engine, StoredItemDecodesWhatTheVisitSaw) {
  Engine engine;
  CreateOrders(engine);
  MustRun(engine, "PutItem", R"({"TableName":"Orders","Item":{"PK":{"S":"C#1"},"SK":{"S":"O#1"},
    "GSI2PK":{"S":"OPEN"},"GSI2SK":{"S":"2024-1"},"total":{"N":"12.50"},"tags":{"SS":["a","b"]}}})");
  const std::vector<TableInfo> tables = engine.Tables();
  ASSERT_EQ(tables.size(), 1u);
  ASSERT_EQ(tables[0].indexes.size(), 1u);
  // KEYS_ONLY: the table's keys, then the index's.
  EXPECT_EQ(tables[0].indexes[0].projected_attributes,
            (std::vector<std::string>{"PK", "SK", "GSI2PK", "GSI2SK"}));
  std::vector<std::pair<std::string, StoredItem>> seen;
  for (const char* index : {"", "GSI2"}) {
    engine.ForEachItem("Orders", index, SIZE_MAX, nullptr,
                       [&](const Item& item, size_t, StoredItem stored) {
                         seen.emplace_back(ToWireJson(item), std::move(stored));
                       });
  }
  ASSERT_EQ(seen.size(), 2u);
  EXPECT_EQ(ToWireJson(seen[0].second.Decode()), seen[0].first);
  EXPECT_EQ(ToWireJson(seen[1].second.Decode(tables[0].indexes[0].projected_attributes)),
            seen[1].first);
  EXPECT_EQ(seen[1].second.Decode().size(), 6u);  // the entry shares the item's encoding
  MustRun(engine, "DeleteItem",
          R"({"TableName":"Orders","Key":{"PK":{"S":"C#1"},"SK":{"S":"O#1"}}})");
  EXPECT_EQ(ToWireJson(seen[0].second.Decode()), seen[0].first);
}

// A bad request gets its error, never a crash: an error message that quotes the request is
// written as JSON even if it held bytes that are not UTF-8 (replaced by U+FFFD), and a PartiQL
// statement with an unexpected non-ASCII character is a ValidationException quoting it whole.
TEST(Engine, ErrorBodiesStayJsonWhateverTheyQuote) {
  Engine engine;
  const Result r =
      engine.Execute("ExecuteStatement", "{\"Statement\":\"SELECTT * \xC3\xADOMM T\"}");
  EXPECT_EQ(r.status.code(), ErrorCode::kValidation);
  EXPECT_EQ(r.http_status, 400);
  EXPECT_NE(r.body.find("Unexpected character '\xC3\xAD'"), std::string::npos) << r.body;
  Result bad;
  api::RenderError(Status::Validation("quoted: \xC3 cut"), nlohmann::json(), &bad);
  EXPECT_EQ(bad.body,
            "{\"__type\":\"com.amazon.coral.validate#ValidationException\","
            "\"message\":\"quoted: \xEF\xBF\xBD cut\"}");
}

TEST(Engine, EffectsExplainSparseIndexExit) {
  Engine engine;
  CreateOrders(engine);
  MustRun(engine, "PutItem", Put(1, 1, true));
  Result r = engine.Execute("UpdateItem",
                            R"({"TableName":"Orders","Key":{"PK":{"S":"C#1"},"SK":{"S":"O#1"}},
    "UpdateExpression":"REMOVE GSI2PK"})");
  ASSERT_TRUE(r.status.ok()) << r.body;
  bool removed = false;
  for (const TouchedItem& t : r.effects.items) {
    if (t.index == "GSI2" && t.action == ItemAction::kIndexRemoved) {
      removed = true;
      EXPECT_EQ(t.reason, "GSI2PK removed: item left the sparse index GSI2");
    }
  }
  EXPECT_TRUE(removed);
  EXPECT_EQ(r.effects.write_units, 2);  // 1 table + 1 index delete
  ASSERT_EQ(r.effects.capacity.size(), 2u);
  EXPECT_EQ(r.effects.capacity[1].index, "GSI2");
  EXPECT_DOUBLE_EQ(r.effects.dollars, 2 * 0.625 / 1e6);
}

TEST(Engine, ScanSegmentsCoverEveryItemExactlyOnce) {
  Engine engine;
  CreateOrders(engine);
  for (int c = 0; c < 40; ++c) {
    for (int o = 0; o < 3; ++o) MustRun(engine, "PutItem", Put(c, c * 10 + o, o == 0));
  }
  for (int total : {1, 2, 3, 7}) {
    std::multiset<std::string> seen;
    for (int segment = 0; segment < total; ++segment) {
      std::string start;
      for (;;) {
        std::string req = R"({"TableName":"Orders","Limit":5,"Segment":)" +
                          std::to_string(segment) + R"(,"TotalSegments":)" + std::to_string(total) +
                          start + "}";
        Result r = engine.Execute("Scan", req);
        ASSERT_TRUE(r.status.ok()) << r.body;
        auto body = nlohmann::json::parse(r.body);
        for (const auto& item : body["Items"]) {
          seen.insert(item["PK"]["S"].get<std::string>() + "/" +
                      item["SK"]["S"].get<std::string>());
        }
        if (!body.contains("LastEvaluatedKey")) break;
        start = R"(,"ExclusiveStartKey":)" + body["LastEvaluatedKey"].dump();
      }
    }
    EXPECT_EQ(seen.size(), 120u) << total << " segments";
    std::set<std::string> unique(seen.begin(), seen.end());
    EXPECT_EQ(unique.size(), 120u) << total << " segments";
  }
}

TEST(Engine, ItemSizeIsCheckedBeforeTheTableExists) {
  // dynamodb-rules.md §1.3: 409,600 bytes accepted, 409,601 rejected, even on a missing table.
  Engine engine;
  MustRun(engine, "CreateTable", R"({"TableName":"T1x","BillingMode":"PAY_PER_REQUEST",
    "AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"}],
    "KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}]})");
  auto put = [&](const std::string& table, size_t data_chars) {
    // pk(2) + "k"(1) + data(4) + chars
    return engine.Execute("PutItem", R"({"TableName":")" + table +
                                         R"(","Item":{"pk":{"S":"k"},"data":{"S":")" +
                                         std::string(data_chars, 'x') + R"("}}})");
  };
  EXPECT_TRUE(put("T1x", 409600 - 7).status.ok());
  Result too_big = put("Missing", 409601 - 7);
  EXPECT_EQ(too_big.status.code(), ErrorCode::kValidation);
  EXPECT_EQ(too_big.status.message(), "Item size has exceeded the maximum allowed size");
  Result update = engine.Execute("UpdateItem", R"({"TableName":"T1x","Key":{"pk":{"S":"k"}},
    "UpdateExpression":"SET more = :m","ExpressionAttributeValues":{":m":{"S":"xx"}}})");
  EXPECT_EQ(update.status.message(), "Item size to update has exceeded the maximum allowed size");
}

TEST(Engine, FailedConditionalWriteIsBilledAndShown) {
  Engine engine;
  CreateOrders(engine);
  MustRun(engine, "PutItem", Put(1, 1, true));
  Result r = engine.Execute("PutItem", R"J({"TableName":"Orders","Item":{"PK":{"S":"C#1"},
    "SK":{"S":"O#1"}},"ConditionExpression":"attribute_not_exists(PK)"})J");
  EXPECT_EQ(r.status.code(), ErrorCode::kConditionalCheckFailed);
  EXPECT_EQ(r.effects.write_units, 1);  // billed although nothing was written
  ASSERT_EQ(r.effects.items.size(), 1u);
  EXPECT_EQ(r.effects.items[0].action, ItemAction::kConditionFailed);
  EXPECT_EQ(engine.Tables()[0].indexes[0].item_count, 1u);  // the index entry is untouched
}

// DynamoDB rule: an UpdateItem that only removes creates no item, is still billed, and the
// effects say why (API reference UpdateItem AttributeUpdates; scylladb/scylladb#5862).
TEST(Engine, RemoveOnlyUpdateOfMissingItemCreatesNothingAndSaysSo) {
  Engine engine;
  CreateOrders(engine);
  Result r = engine.Execute("UpdateItem", R"J({"TableName":"Orders","Key":{"PK":{"S":"C#9"},
    "SK":{"S":"O#9"}},"UpdateExpression":"REMOVE GSI2PK"})J");
  ASSERT_TRUE(r.status.ok()) << r.body;
  EXPECT_EQ(r.effects.write_units, 1);  // billed although nothing was written
  ASSERT_EQ(r.effects.items.size(), 1u);
  EXPECT_EQ(r.effects.items[0].action, ItemAction::kMissing);
  EXPECT_NE(r.effects.items[0].reason.find("creates none"), std::string::npos)
      << r.effects.items[0].reason;
  EXPECT_EQ(engine.Tables()[0].item_count, 0u);
}

// DynamoDB rule: DeleteTable's TableDescription leaves out KeySchema, AttributeDefinitions,
// CreationDateTime and the index lists that DescribeTable has (scylladb/scylladb#14132, its
// test_delete_table_description_with_si run against DynamoDB).
TEST(Engine, DeleteTableDescriptionHasOnlyDynamoDBsMembers) {
  Engine engine;
  CreateOrders(engine);
  MustRun(engine, "PutItem", Put(1, 1, true));
  Result r = engine.Execute("DeleteTable", R"({"TableName":"Orders"})");
  ASSERT_TRUE(r.status.ok()) << r.body;
  const nlohmann::json d = nlohmann::json::parse(r.body)["TableDescription"];
  std::set<std::string> members;
  for (auto it = d.begin(); it != d.end(); ++it) members.insert(it.key());
  const std::set<std::string> expected = {
      "BillingModeSummary", "ItemCount",  "ProvisionedThroughput",
      "TableArn",           "TableId",    "TableName",
      "TableSizeBytes",     "TableStatus"};
  EXPECT_EQ(members, expected) << r.body;
  EXPECT_EQ(d["TableStatus"], "DELETING");
  EXPECT_EQ(d["ItemCount"], 1);
  EXPECT_TRUE(engine.Tables().empty());
}

TEST(Engine, QueryEffectsShowFilteredItemsAndLints) {
  Engine engine;
  CreateOrders(engine);
  for (int o = 0; o < 10; ++o) MustRun(engine, "PutItem", Put(1, o, o == 0));
  Result r = engine.Execute("Query", R"J({"TableName":"Orders","KeyConditionExpression":"PK = :p",
    "FilterExpression":"attribute_exists(GSI2PK)","ExpressionAttributeValues":{":p":{"S":"C#1"}}})J");
  ASSERT_TRUE(r.status.ok()) << r.body;
  int returned = 0, filtered = 0;
  for (const TouchedItem& t : r.effects.items) {
    returned += t.action == ItemAction::kReturned;
    filtered += t.action == ItemAction::kFilteredOut;
  }
  EXPECT_EQ(returned, 1);
  EXPECT_EQ(filtered, 9);
  ASSERT_FALSE(r.effects.lints.empty());
  EXPECT_NE(r.effects.lints[0].find("FilterExpression discarded 9 of 10"), std::string::npos);
  EXPECT_TRUE(r.effects.read_modes.applicable);
  EXPECT_EQ(r.effects.read_modes.strong, 1);
  ASSERT_EQ(r.effects.capacity.size(), 1u);
  EXPECT_NE(r.effects.capacity[0].arithmetic.find("10 items"), std::string::npos);
}

TEST(Engine, WithoutItemEffectsReadsAnswerTheSameAndListNoItems) {
  // `monotable serve` turns record_item_effects off: bodies, capacity and lints must not change.
  EngineOptions quiet_options;
  quiet_options.record_item_effects = false;
  Engine quiet(quiet_options);
  Engine full;
  for (Engine* engine : {&quiet, &full}) {
    CreateOrders(*engine);
    for (int order = 1; order <= 5; ++order) MustRun(*engine, "PutItem", Put(1, order, order % 2));
  }
  const std::vector<std::pair<std::string, std::string>> reads = {
      {"GetItem", R"({"TableName":"Orders","Key":{"PK":{"S":"C#1"},"SK":{"S":"O#2"}}})"},
      {"GetItem", R"({"TableName":"Orders","Key":{"PK":{"S":"C#1"},"SK":{"S":"none"}}})"},
      {"Query", R"({"TableName":"Orders","KeyConditionExpression":"PK = :p",
        "ExpressionAttributeValues":{":p":{"S":"C#1"}},"ReturnConsumedCapacity":"TOTAL"})"},
      {"Query", R"({"TableName":"Orders","IndexName":"GSI2","KeyConditionExpression":"GSI2PK = :p",
        "ExpressionAttributeValues":{":p":{"S":"OPEN"}},"Limit":2})"},
      {"Scan", R"({"TableName":"Orders","ReturnConsumedCapacity":"INDEXES"})"},
      {"BatchGetItem", R"({"RequestItems":{"Orders":{"Keys":[{"PK":{"S":"C#1"},"SK":{"S":"O#1"}},
        {"PK":{"S":"C#1"},"SK":{"S":"O#9"}}]}}})"},
      {"TransactGetItems", R"({"TransactItems":[{"Get":{"TableName":"Orders",
        "Key":{"PK":{"S":"C#1"},"SK":{"S":"O#3"}}}}]})"},
  };
  for (const auto& [op, request] : reads) {
    Result a = quiet.Execute(op, request);
    Result b = full.Execute(op, request);
    EXPECT_EQ(a.body, b.body) << op << " " << request;
    EXPECT_EQ(a.effects.read_units, b.effects.read_units) << op;
    EXPECT_EQ(a.effects.lints, b.effects.lints) << op;
    EXPECT_TRUE(a.effects.items.empty()) << op;
    EXPECT_FALSE(b.effects.items.empty()) << op;
  }
}

// ExecuteOptions::effects false (LoadModel, `monotable serve`): every request answers exactly as
// with effects, writes change the tables the same way, the unit totals and dollars are the same,
// and nothing else of the effects is built.
TEST(Engine, WithoutEffectsEveryRequestAnswersTheSameAndBuildsNoEffects) {
  EngineOptions options;  // one fixed clock: stream labels and record times are the same
  options.clock_ms = [] { return int64_t{1764500000000}; };
  Engine quiet(options), full(options);
  for (Engine* engine : {&quiet, &full}) {
    CreateOrders(*engine);
    MustRun(*engine, "UpdateTable", R"({"TableName":"Orders","StreamSpecification":
      {"StreamEnabled":true,"StreamViewType":"NEW_AND_OLD_IMAGES"}})");
  }
  std::vector<std::pair<std::string, std::string>> requests;
  for (int order = 1; order <= 6; ++order)
    requests.push_back({"PutItem", Put(1, order, order % 2)});
  const std::vector<std::pair<std::string, std::string>> more = {
      {"GetItem", R"({"TableName":"Orders","Key":{"PK":{"S":"C#1"},"SK":{"S":"O#2"}},
        "ReturnConsumedCapacity":"INDEXES"})"},
      {"GetItem", R"({"TableName":"Orders","Key":{"PK":{"S":"C#1"},"SK":{"S":"none"}}})"},
      {"Query", R"J({"TableName":"Orders","KeyConditionExpression":"PK = :p",
        "FilterExpression":"attribute_exists(GSI2PK)",
        "ExpressionAttributeValues":{":p":{"S":"C#1"}},"ReturnConsumedCapacity":"TOTAL"})J"},
      {"Query", R"({"TableName":"Orders","IndexName":"GSI2","KeyConditionExpression":"GSI2PK = :p",
        "ExpressionAttributeValues":{":p":{"S":"OPEN"}},"Limit":2,"ReturnConsumedCapacity":"INDEXES"})"},
      {"Scan", R"({"TableName":"Orders","ReturnConsumedCapacity":"INDEXES"})"},
      {"UpdateItem", R"({"TableName":"Orders","Key":{"PK":{"S":"C#1"},"SK":{"S":"O#1"}},
        "UpdateExpression":"REMOVE GSI2PK SET #s = :s","ExpressionAttributeNames":{"#s":"status"},
        "ExpressionAttributeValues":{":s":{"S":"SHIPPED"}},"ReturnValues":"ALL_NEW",
        "ReturnConsumedCapacity":"INDEXES"})"},
      {"UpdateItem", R"J({"TableName":"Orders","Key":{"PK":{"S":"C#1"},"SK":{"S":"O#3"}},
        "UpdateExpression":"SET x = :x","ConditionExpression":"attribute_not_exists(PK)",
        "ExpressionAttributeValues":{":x":{"N":"1"}},"ReturnConsumedCapacity":"TOTAL"})J"},
      {"DeleteItem", R"({"TableName":"Orders","Key":{"PK":{"S":"C#1"},"SK":{"S":"O#4"}},
        "ReturnValues":"ALL_OLD","ReturnConsumedCapacity":"INDEXES"})"},
      {"BatchWriteItem", R"({"RequestItems":{"Orders":[{"PutRequest":{"Item":{"PK":{"S":"C#2"},
        "SK":{"S":"O#1"},"GSI2PK":{"S":"OPEN"},"GSI2SK":{"S":"2024"}}}},
        {"DeleteRequest":{"Key":{"PK":{"S":"C#1"},"SK":{"S":"O#5"}}}}]},
        "ReturnConsumedCapacity":"INDEXES"})"},
      {"BatchGetItem",
       R"({"RequestItems":{"Orders":{"Keys":[{"PK":{"S":"C#1"},"SK":{"S":"O#2"}}]}}})"},
      {"TransactWriteItems", R"J({"TransactItems":[{"Put":{"TableName":"Orders","Item":
        {"PK":{"S":"C#3"},"SK":{"S":"O#1"}}}},{"ConditionCheck":{"TableName":"Orders",
        "Key":{"PK":{"S":"C#1"},"SK":{"S":"O#2"}},"ConditionExpression":"attribute_exists(PK)"}}],
        "ReturnConsumedCapacity":"INDEXES"})J"},
      {"ExecuteStatement", R"({"Statement":"SELECT * FROM Orders WHERE PK = 'C#1'",
        "ReturnConsumedCapacity":"TOTAL"})"},
      {"Query", R"({"TableName":"Missing","KeyConditionExpression":"PK = :p",
        "ExpressionAttributeValues":{":p":{"S":"C#1"}}})"},
  };
  requests.insert(requests.end(), more.begin(), more.end());
  for (const auto& [op, request] : requests) {
    const Result a = quiet.Execute(op, request, ExecuteOptions{.effects = false});
    const Result b = full.Execute(op, request);
    EXPECT_EQ(a.body, b.body) << op << " " << request;
    EXPECT_EQ(a.http_status, b.http_status) << op;
    EXPECT_EQ(a.effects.operation, b.effects.operation) << op;
    EXPECT_EQ(a.effects.read_units, b.effects.read_units) << op;
    EXPECT_EQ(a.effects.write_units, b.effects.write_units) << op;
    EXPECT_EQ(a.effects.dollars, b.effects.dollars) << op;
    EXPECT_TRUE(a.effects.items.empty()) << op;
    EXPECT_TRUE(a.effects.capacity.empty()) << op;
    EXPECT_TRUE(a.effects.lints.empty()) << op;
    EXPECT_TRUE(a.effects.stream_records.empty()) << op;
  }
  // The full engine did build them (the comparison above is not vacuous), and the tables and the
  // stream ended the same.
  const Result scan = full.Execute("Scan", R"({"TableName":"Orders"})");
  EXPECT_FALSE(scan.effects.items.empty());
  EXPECT_FALSE(scan.effects.capacity.empty());
  EXPECT_EQ(quiet.Execute("Scan", R"({"TableName":"Orders"})").body, scan.body);
  const std::string streams = R"({"TableName":"Orders"})";
  EXPECT_EQ(quiet.Execute("ListStreams", streams).body, full.Execute("ListStreams", streams).body);
}

TEST(Engine, ReadBodiesAreDynamoDbJsonWithTheItemsInline) {
  Engine engine;
  CreateOrders(engine);
  MustRun(engine, "PutItem",
          R"({"TableName":"Orders","Item":{"PK":{"S":"C#1"},"SK":{"S":"O#1"},
            "note":{"S":"a \"quoted\"\nline"},"n":{"N":"1.50"},"b":{"B":"AQI="},
            "l":{"L":[{"NULL":true},{"BOOL":false},{"NS":["2","1"]}]}}})");
  Result r =
      engine.Execute("GetItem", R"({"TableName":"Orders","Key":{"PK":{"S":"C#1"},"SK":{"S":"O#1"}},
        "ReturnConsumedCapacity":"TOTAL"})");
  EXPECT_EQ(
      r.body,
      R"({"ConsumedCapacity":{"CapacityUnits":0.5,"TableName":"Orders"},"Item":{"PK":{"S":"C#1"},)"
      R"("SK":{"S":"O#1"},"b":{"B":"AQI="},"l":{"L":[{"NULL":true},{"BOOL":false},{"NS":["2","1"]}]},)"
      R"("n":{"N":"1.5"},"note":{"S":"a \"quoted\"\nline"}}})");
  r = engine.Execute("Query", R"({"TableName":"Orders","KeyConditionExpression":"PK = :p",
      "ExpressionAttributeValues":{":p":{"S":"C#2"}}})");
  EXPECT_EQ(r.body, R"({"Count":0,"Items":[],"ScannedCount":0})");
  r = engine.Execute("Query", R"({"TableName":"Orders","KeyConditionExpression":"PK = :p",
      "ExpressionAttributeValues":{":p":{"S":"C#1"}},"ProjectionExpression":"SK, n"})");
  EXPECT_EQ(r.body, R"({"Count":1,"Items":[{"SK":{"S":"O#1"},"n":{"N":"1.5"}}],"ScannedCount":1})");
  EXPECT_TRUE(nlohmann::json::parse(r.body, nullptr, false).is_object());
}

}  // namespace
}  // namespace monotable
