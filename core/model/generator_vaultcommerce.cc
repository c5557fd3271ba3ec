// generator_vaultcommerce: the VaultCommerce example (an online store after the seed article
// "DynamoDB Single-Table Design"): its table, items, access patterns; its prose (description,
// pattern texts, tour) is core/model/prose/vaultcommerce.json.
#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "model/generator_common.h"

namespace monotable::generator_internal {
namespace {

constexpr uint64_t kVcUsers = 25;
constexpr const char* kVcTable = "VaultCommerce";

const char* const kTiers[] = {"bronze", "silver", "gold", "platinum"};

std::string UserId(uint64_t i) { return "u" + Padded(i, 3); }

const char* TierFor(Rng* r) {
  uint32_t t = r->Below(100);
  return kTiers[t < 45 ? 0 : t < 75 ? 1 : t < 93 ? 2 : 3];
}

struct VcOrder {
  std::string sk, order_id, status, created_at;
};

// What the access patterns name from the items: found while the users are generated.
struct VcSeen {
  std::vector<VcOrder> rename_orders;  // orders of the user renamed by the transaction pattern
  std::string renamed_name, u1_email;
};

constexpr uint64_t kRenamed = 3;

// The generator's steps as plain functions, kept out of the coroutine ([[gnu::noinline]]): a
// coroutine's body is compiled again for its resume and destroy paths, so whatever is inlined into
// it counts two or three times in app.wasm (this file's coroutine was 113 KB of code at -O3).
// One product of the catalogue.
[[gnu::noinline]] void AddProduct(uint64_t seed, uint64_t pi, ItemSink* sink) {
  Product p = ProductAt(pi);
  Rng r = StreamFor(seed, kProduct, pi);
  Item item;
  item["PK"] = S("PRODUCT#" + p.sku);
  item["SK"] = S("METADATA");
  item["type"] = S("PRODUCT");
  item["sku"] = S(p.sku);
  item["name"] = S(p.name);
  item["category"] = S(p.base->category);
  item["brand"] = S(p.base->brand);
  item["price"] = Money(p.cents);
  item["stock"] = N(r.Below(5) == 0 ? 0 : 3 + r.Below(240));
  item["rating"] = Money(300 + r.Below(200));
  sink->Add(std::move(item));
}

// One user: the profile, the orders and the wishlist.
[[gnu::noinline]] void AddUser(uint64_t seed, uint64_t u, VcSeen* seen, ItemSink* sink) {
  Rng r = StreamFor(seed, kUser, u);
  Person person = PersonAt(seed, u, kVcUsers);
  std::string name = person.first + " " + person.last;
  std::string uid = UserId(u);
  std::string pk = "USER#" + uid;
  int64_t joined = kNow - 60 * kDay - static_cast<int64_t>(r.Next() % (1400 * kDay));
  Item profile;
  profile["PK"] = S(pk);
  profile["SK"] = S("PROFILE");
  profile["type"] = S("USER");
  profile["userId"] = S(uid);
  profile["name"] = S(name);
  profile["email"] = S(person.email);
  profile["tier"] = S(TierFor(&r));
  profile["createdAt"] = S(IsoTime(joined));
  profile["GSI1PK"] = S("EMAIL#" + person.email);
  profile["GSI1SK"] = S(pk);
  sink->Add(std::move(profile));
  if (u == 1) seen->u1_email = person.email;
  if (u == kRenamed) {
    seen->renamed_name = person.first + " " + kLastNames[(r.Next() >> 7) % kLastCount];
    if (seen->renamed_name == name)
      seen->renamed_name = person.first + " " + person.last + "-Okafor";
  }

  // Orders: 3..8 per user, spread from joining to now; half the users have one in the last days.
  uint32_t order_count = 3 + r.Below(6);
  int64_t from = std::max(joined, kNow - 540 * kDay);
  std::vector<int64_t> times = SortedTimes(&r, from, kNow - 12 * kDay, order_count);
  if (r.Percent(50)) times.back() = kNow - static_cast<int64_t>(r.Next() % (5 * kDay));
  uint64_t block = (u - 1) / kVcUsers;
  for (uint32_t k = 0; k < order_count; ++k) {
    int64_t age = kNow - times[k];
    std::string status;
    if (age < kDay) {
      status = "pending";
    } else if (age < 3 * kDay) {
      status = "processing";
    } else if (age < 8 * kDay) {
      status = "shipped";
    } else {
      uint32_t x = r.Below(100);
      status = x < 90 ? "delivered" : x < 97 ? "cancelled" : "returned";
    }
    int64_t cents = 0;
    int64_t quantity = 0;
    uint32_t lines = 1 + r.Below(4);
    for (uint32_t l = 0; l < lines; ++l) {
      Product p = ProductAt(block * kCatalogSize + r.Below(kCatalogSize));
      int64_t q = 1 + r.Below(3);
      cents += p.cents * q;
      quantity += q;
    }
    std::string order_id = std::to_string(10000 + u * 10 + k);
    std::string created = IsoTime(times[k]);
    Item order;
    order["PK"] = S(pk);
    order["SK"] = S("ORDER#" + IsoDate(times[k]) + "-" + order_id);
    order["type"] = S("ORDER");
    order["orderId"] = S(order_id);
    order["userId"] = S(uid);
    order["customerName"] = S(name);
    order["status"] = S(status);
    order["total"] = Money(cents);
    order["itemCount"] = N(quantity);
    order["createdAt"] = S(created);
    order["GSI1PK"] = S("STATUS#" + status);
    order["GSI1SK"] = S(created);
    if (u == kRenamed) seen->rename_orders.push_back({order["SK"].s(), order_id, status, created});
    sink->Add(std::move(order));
  }

  // Wishlist: 0..5 distinct products of the user's catalogue block (user 1 always has some).
  uint32_t wish_count = r.Below(6);
  if (u == 1) wish_count = std::max<uint32_t>(wish_count, 3);
  std::vector<uint32_t> picked;
  int64_t wish_time = joined;
  for (uint32_t w = 0; w < wish_count; ++w) {
    uint32_t pick = r.Below(kCatalogSize);
    if (std::find(picked.begin(), picked.end(), pick) != picked.end()) continue;
    picked.push_back(pick);
    Product p = ProductAt(block * kCatalogSize + pick);
    wish_time += static_cast<int64_t>(
        r.Next() % static_cast<uint64_t>(std::max<int64_t>(kDay, (kNow - wish_time) / 3)));
    Item wish;
    wish["PK"] = S(pk);
    wish["SK"] = S("WISHLIST#" + p.sku);
    wish["type"] = S("WISHLIST");
    wish["sku"] = S(p.sku);
    wish["productName"] = S(p.name);
    wish["price"] = Money(p.cents);
    wish["addedAt"] = S(IsoTime(std::min(wish_time, kNow - kDay)));
    sink->Add(std::move(wish));
  }
}

// The access patterns and the tour, once every item is generated.
[[gnu::noinline]] void AddPatterns(uint64_t seed, const ExampleProse& prose, VcSeen* seen,
                                   Model* m) {
  // ---- access patterns ----
  const std::string u1 = "USER#" + UserId(1);
  const std::string u3 = "USER#" + UserId(kRenamed);
  const Product p1 = ProductAt(0);
  auto& ps = m->access_patterns;
  ps.push_back(Pattern(prose, "user-profile", "GetItem",
                       {{"TableName", kVcTable}, {"Key", {{"PK", Av(u1)}, {"SK", Av("PROFILE")}}}},
                       50));
  ps.push_back(Pattern(prose, "user-orders", "Query",
                       {{"TableName", kVcTable},
                        {"KeyConditionExpression", "PK = :pk AND begins_with(SK, :order)"},
                        {"ExpressionAttributeValues", {{":pk", Av(u1)}, {":order", Av("ORDER#")}}},
                        {"ScanIndexForward", false}},
                       20));
  ps.push_back(Pattern(
      prose, "product-detail", "GetItem",
      {{"TableName", kVcTable}, {"Key", {{"PK", Av("PRODUCT#" + p1.sku)}, {"SK", Av("METADATA")}}}},
      200, {{"sku", p1.sku}, {"product", p1.name}}));
  ps.push_back(Pattern(prose, "login-by-email", "Query",
                       {{"TableName", kVcTable},
                        {"IndexName", "GSI1"},
                        {"KeyConditionExpression", "GSI1PK = :email"},
                        {"ExpressionAttributeValues", {{":email", Av("EMAIL#" + seen->u1_email)}}}},
                       5, {{"email", seen->u1_email}}));
  ps.push_back(Pattern(prose, "account-dashboard", "Query",
                       {{"TableName", kVcTable},
                        {"KeyConditionExpression", "PK = :pk"},
                        {"ExpressionAttributeValues", {{":pk", Av(u1)}}}},
                       10));
  ps.push_back(Pattern(prose, "orders-by-status", "Query",
                       {{"TableName", kVcTable},
                        {"IndexName", "GSI1"},
                        {"KeyConditionExpression", "GSI1PK = :status"},
                        {"ExpressionAttributeValues", {{":status", Av("STATUS#processing")}}},
                        {"ScanIndexForward", false},
                        {"Limit", 20}},
                       2));
  // The place-order pattern uses an order id below every generated one (10000 + u*10 + k).
  const std::string new_id = "10001";
  const std::string new_created = IsoTime(kNow);
  const std::string new_sk = "ORDER#" + IsoDate(kNow) + "-" + new_id;
  Person p3 = PersonAt(seed, kRenamed, kVcUsers);
  ps.push_back(Pattern(prose, "place-order", "PutItem",
                       {{"TableName", kVcTable},
                        {"Item",
                         {{"PK", Av(u3)},
                          {"SK", Av(new_sk)},
                          {"type", Av("ORDER")},
                          {"orderId", Av(new_id)},
                          {"userId", Av(UserId(kRenamed))},
                          {"customerName", Av(p3.first + " " + p3.last)},
                          {"status", Av("pending")},
                          {"total", AvN(MoneyText(ProductAt(4).cents + ProductAt(36).cents))},
                          {"itemCount", AvN("2")},
                          {"createdAt", Av(new_created)},
                          {"GSI1PK", Av("STATUS#pending")},
                          {"GSI1SK", Av(new_created)}}},
                        {"ConditionExpression", "attribute_not_exists(PK)"}},
                       3, {{"order", new_id}}));
  seen->rename_orders.push_back({new_sk, new_id, "pending", new_created});
  OrderedJson items = OrderedJson::array();
  items.push_back({{"Update",
                    {{"TableName", kVcTable},
                     {"Key", {{"PK", Av(u3)}, {"SK", Av("PROFILE")}}},
                     {"UpdateExpression", "SET #name = :name"},
                     {"ConditionExpression", "attribute_exists(PK)"},
                     {"ExpressionAttributeNames", {{"#name", "name"}}},
                     {"ExpressionAttributeValues", {{":name", Av(seen->renamed_name)}}}}}});
  for (const VcOrder& o : seen->rename_orders) {
    items.push_back({{"Update",
                      {{"TableName", kVcTable},
                       {"Key", {{"PK", Av(u3)}, {"SK", Av(o.sk)}}},
                       {"UpdateExpression", "SET customerName = :name"},
                       {"ConditionExpression", "attribute_exists(PK)"},
                       {"ExpressionAttributeValues", {{":name", Av(seen->renamed_name)}}}}}});
  }
  ps.push_back(Pattern(
      prose, "rename-customer", "TransactWriteItems", {{"TransactItems", items}}, 0.01,
      {{"name", seen->renamed_name}, {"orders", std::to_string(seen->rename_orders.size())}}));

  m->tour = prose.tour;
}

}  // namespace

Generation GenerateVaultCommerce(uint64_t seed, double scale, Model* m, ItemSink* sink) {
  const uint64_t users = std::max<uint64_t>(kVcUsers, CountFor(scale, kVcUsers));
  const uint64_t blocks = (users + kVcUsers - 1) / kVcUsers;
  const uint64_t products = kCatalogSize * blocks;

  const ExampleProse& prose = ProseOf("vaultcommerce");
  m->name = "VaultCommerce";
  m->description = prose.description;
  ModelTable t;
  t.name = kVcTable;
  t.create_table_json = CreateTableJson(kVcTable, {"GSI1PK", "GSI1SK"}, {"GSI1"}, {true});
  sink->BeginTable(t, products + users * 10);

  for (uint64_t pi = 0; pi < products && sink->ok(); ++pi) {
    AddProduct(seed, pi, sink);
    if (pi % 16 == 15) co_yield 0;  // a pause for the front end every 16 products
  }

  VcSeen seen;
  for (uint64_t u = 1; u <= users && sink->ok(); ++u) {
    AddUser(seed, u, &seen, sink);
    co_yield 0;  // a user with their orders and wishlist: a pause for the front end
  }
  m->tables.push_back(std::move(t));
  AddPatterns(seed, prose, &seen, m);
}

}  // namespace monotable::generator_internal
