// Every example loads into the engine (through Execute only) and every access pattern does what
// its description promises, including the seed articles' cost claims.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "monotable/engine.h"
#include "monotable/model.h"

namespace monotable {
namespace {

using nlohmann::json;

Model Builtin(std::string_view name) {
  Model m;
  Status s = ParseModel(BuiltinModel(name), &m);
  EXPECT_TRUE(s.ok()) << s.message();
  return m;
}

struct Loaded {
  Model model;
  Engine engine;
};

void Load(std::string_view name, Loaded* out) {
  out->model = Builtin(name);
  Status s = LoadModel(out->model, &out->engine);
  ASSERT_TRUE(s.ok()) << s.message();
}

json RunP(Loaded* l, const std::string& id) {
  const AccessPattern* p = l->model.FindPattern(id);
  EXPECT_NE(p, nullptr) << id;
  if (p == nullptr) return json();
  Result r = RunPattern(*p, &l->engine);
  EXPECT_TRUE(r.status.ok()) << id << ": " << r.body;
  json body = json::parse(r.body, nullptr, false);
  EXPECT_FALSE(body.is_discarded()) << r.body;
  return body;
}

std::string S(const json& item, const char* name) {
  if (!item.contains(name) || !item[name].contains("S")) return "";
  return item[name]["S"].get<std::string>();
}

TEST(ExamplesTest, EveryExampleLoadsAndEveryPatternRunsInOrder) {
  for (std::string_view name : BuiltinModelNames()) {
    Loaded l;
    Load(name, &l);
    size_t count = 0;
    for (const TableInfo& t : l.engine.Tables()) count += t.item_count;
    EXPECT_EQ(count, l.model.ItemCount()) << name;
    for (const AccessPattern& p : l.model.access_patterns) {
      Result r = RunPattern(p, &l.engine);
      EXPECT_TRUE(r.status.ok()) << name << " " << p.id << ": " << r.body;
    }
  }
}

TEST(ExamplesTest, LoadingIsAllOrNothing) {
  Model m = Builtin("orders");
  m.tables[0].items[100].erase("SK");  // a key attribute missing: BatchWriteItem fails
  Engine engine;
  Status s = LoadModel(m, &engine);
  EXPECT_FALSE(s.ok());
  EXPECT_EQ(s.message().rfind("BatchWriteItem Orders items 100..124: ValidationException: ", 0), 0u)
      << s.message();
  EXPECT_TRUE(engine.Tables().empty());  // the table created before the failure is gone
}

TEST(ExamplesTest, OrdersOpenOrdersOldestFirstAndShippingLeavesGsi2) {
  Loaded l;
  Load("orders", &l);
  json open = RunP(&l, "open-orders");
  ASSERT_TRUE(open["Items"].is_array());
  size_t expected = 0;
  for (const Item& item : l.model.tables[0].items) expected += item.count("GSI2PK");
  ASSERT_EQ(open["Items"].size(), expected);
  std::string previous;
  for (const json& item : open["Items"]) {
    std::string status = S(item, "status");
    EXPECT_TRUE(status == "placed" || status == "packed") << status;
    EXPECT_LE(previous, S(item, "GSI2SK"));  // oldest first
    previous = S(item, "GSI2SK");
  }

  RunP(&l, "place-order");
  json after_place = RunP(&l, "open-orders");
  ASSERT_EQ(after_place["Items"].size(), expected + 1);
  EXPECT_EQ(S(after_place["Items"].back(), "orderId"), "100001");  // the newest is last

  RunP(&l, "pack-order");
  EXPECT_EQ(RunP(&l, "open-orders")["Items"].size(), expected + 1);  // packed orders stay open

  const AccessPattern* ship = l.model.FindPattern("ship-order");
  ASSERT_NE(ship, nullptr);
  Result shipped = RunPattern(*ship, &l.engine);
  ASSERT_TRUE(shipped.status.ok()) << shipped.body;
  bool removed = false;
  for (const TouchedItem& t : shipped.effects.items) {
    removed = removed || (t.index == "GSI2" && t.action == ItemAction::kIndexRemoved);
  }
  EXPECT_TRUE(removed) << "shipping shows the order leaving GSI2";
  json after_ship = RunP(&l, "open-orders");
  ASSERT_EQ(after_ship["Items"].size(), expected);
  for (const json& item : after_ship["Items"]) EXPECT_NE(S(item, "orderId"), "100001");
}

TEST(ExamplesTest, OrdersReadPatternsReturnWhatTheySay) {
  Loaded l;
  Load("orders", &l);
  json profile = RunP(&l, "customer-profile");
  EXPECT_EQ(S(profile["Item"], "SK"), "PROFILE");
  EXPECT_FALSE(S(profile["Item"], "email").empty());

  json recent = RunP(&l, "recent-orders");
  ASSERT_GE(recent["Items"].size(), 3u);
  std::string previous = "~";
  for (const json& item : recent["Items"]) {
    EXPECT_EQ(S(item, "SK").rfind("O#", 0), 0u);
    EXPECT_GT(previous, S(item, "SK"));  // newest first
    previous = S(item, "SK");
  }

  json by_id = RunP(&l, "order-by-id");
  ASSERT_EQ(by_id["Items"].size(), 1u);
  std::string order_id = S(by_id["Items"][0], "orderId");
  EXPECT_EQ(S(by_id["Items"][0], "PK"), "C#c001");

  json lines = RunP(&l, "order-lines");
  ASSERT_GE(lines["Items"].size(), 1u);
  for (const json& item : lines["Items"]) EXPECT_EQ(S(item, "PK"), "O#" + order_id);
}

double ReadUnits(const json& body) {
  if (!body.contains("ConsumedCapacity")) return -1;
  const json& cc = body["ConsumedCapacity"];
  return cc.contains("CapacityUnits") ? cc["CapacityUnits"].get<double>() : -1;
}

TEST(ExamplesTest, AFourPointOneKilobyteOrderCostsTwiceAsMuchToRead) {
  Loaded l;
  Load("orders", &l);
  EXPECT_EQ(ReadUnits(RunP(&l, "read-4-0-kb-order")), 0.5);
  EXPECT_EQ(ReadUnits(RunP(&l, "read-4-1-kb-order")), 1.0);
}

TEST(ExamplesTest, VaultCommerceDashboardIsOneQuery) {
  Loaded l;
  Load("vaultcommerce", &l);
  json dash = RunP(&l, "account-dashboard");
  bool profile = false, order = false, wish = false;
  for (const json& item : dash["Items"]) {
    std::string sk = S(item, "SK");
    profile = profile || sk == "PROFILE";
    order = order || sk.rfind("ORDER#", 0) == 0;
    wish = wish || sk.rfind("WISHLIST#", 0) == 0;
  }
  EXPECT_TRUE(profile && order && wish) << dash.dump();
  EXPECT_EQ(dash["Count"], dash["Items"].size());

  json login = RunP(&l, "login-by-email");
  ASSERT_EQ(login["Items"].size(), 1u);
  EXPECT_EQ(S(login["Items"][0], "PK"), "USER#u001");

  json by_status = RunP(&l, "orders-by-status");
  ASSERT_GE(by_status["Items"].size(), 1u);
  for (const json& item : by_status["Items"]) EXPECT_EQ(S(item, "status"), "processing");

  json product = RunP(&l, "product-detail");
  EXPECT_EQ(S(product["Item"], "SK"), "METADATA");
}

TEST(ExamplesTest, VaultCommerceRenamePropagatesCustomerName) {
  Loaded l;
  Load("vaultcommerce", &l);
  RunP(&l, "place-order");
  RunP(&l, "rename-customer");
  Result r = l.engine.Execute("Query",
                              R"({"TableName":"VaultCommerce","KeyConditionExpression":"PK = :pk",)"
                              R"("ExpressionAttributeValues":{":pk":{"S":"USER#u003"}}})");
  ASSERT_TRUE(r.status.ok()) << r.body;
  json body = json::parse(r.body);
  std::string name;
  int orders = 0;
  for (const json& item : body["Items"]) {
    if (S(item, "SK") == "PROFILE") name = S(item, "name");
  }
  ASSERT_FALSE(name.empty());
  for (const json& item : body["Items"]) {
    if (S(item, "SK").rfind("ORDER#", 0) == 0) {
      ++orders;
      EXPECT_EQ(S(item, "customerName"), name);
    }
  }
  EXPECT_GE(orders, 4);  // including the order just placed
}

TEST(ExamplesTest, ExportGivesBackTheLoadedModel) {
  Loaded l;
  Load("orders", &l);
  Model exported = ExportModel(l.engine, l.model);
  ASSERT_EQ(exported.tables.size(), 1u);
  EXPECT_EQ(exported.tables[0].create_table_json, l.model.tables[0].create_table_json);
  std::vector<Item> a = l.model.tables[0].items, b = exported.tables[0].items;
  auto by_key = [](const Item& x, const Item& y) {
    return std::make_pair(x.at("PK").s(), x.at("SK").s()) <
           std::make_pair(y.at("PK").s(), y.at("SK").s());
  };
  std::sort(a.begin(), a.end(), by_key);
  std::sort(b.begin(), b.end(), by_key);
  EXPECT_EQ(a, b);
  EXPECT_EQ(exported.access_patterns.size(), l.model.access_patterns.size());
}

}  // namespace
}  // namespace monotable
