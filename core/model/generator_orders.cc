// generator_orders: the Orders example (customers, orders and line items after the seed article
// "Using DynamoDB Well"): its table, items, access patterns; its prose (description, pattern
// texts, tour) is core/model/prose/orders.json.
#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "model/generator_common.h"

namespace monotable::generator_internal {
namespace {

constexpr uint64_t kOrdersCustomers = 30;
constexpr const char* kOrdersTable = "Orders";
constexpr uint64_t kBulkCustomer = 2;
constexpr size_t kBulkSmallBytes = 4090;  // "4.0 KB": at most 4,096 bytes, one 4 KB read unit
constexpr size_t kBulkLargeBytes = 4200;  // "4.1 KB": just over, two 4 KB read units

const char* const kRegions[] = {"North America", "Europe", "Asia Pacific", "Latin America"};
const char* const kBusinesses[] = {"Harbor Street Café", "Lantern Books", "Northwind Studio",
                                   "Bluebird Bakery"};

std::string CustomerId(uint64_t i) { return "c" + Padded(i, 3); }
std::string LineSk(uint64_t n) { return "L#" + Padded(n, 2); }

struct LineDraw {
  Product product;
  int64_t quantity;
};

// A bulk order whose item carries a line summary and is padded to exactly `target` bytes.
void AddBulkOrder(uint64_t seed, uint64_t customer, const std::string& customer_name, uint64_t k,
                  size_t target, int64_t when, ItemSink* sink, std::string* sk_out) {
  Rng r = StreamFor(seed, kBulk, k);
  std::string order_id = std::to_string(100000 + customer * 10 + k);
  std::string pk = "C#" + CustomerId(customer);
  std::string sk = "O#" + IsoDate(when) + "#" + order_id;
  Item order;
  order["PK"] = S(pk);
  order["SK"] = S(sk);
  order["GSI1PK"] = S("O#" + order_id);
  order["orderId"] = S(order_id);
  order["customerId"] = S(CustomerId(customer));
  order["customerName"] = S(customer_name);
  order["createdAt"] = S(IsoTime(when));
  order["status"] = S("delivered");
  order["statusPK"] = S("STATUS#delivered");
  order["statusSK"] = S(CustomerId(customer) + "#" + IsoTime(when));
  order["notes"] = S("");
  std::vector<LineDraw> lines;
  List summary;
  int64_t cents = 0;
  const std::string kNote =
      "Monthly restock. Deliver to the rear entrance before 9am and call ahead. ";
  // Add summary lines while the padded item still fits the target.
  for (uint64_t n = 0;; ++n) {
    Product p = ProductAt(n % kCatalogSize);
    int64_t q = 1 + r.Below(6);
    Map line;
    line["sku"] = S(p.sku);
    line["name"] = S(p.name);
    line["quantity"] = N(q);
    line["price"] = Money(p.cents);
    summary.push_back(Value::M(line));
    order["lines"] = Value::L(summary);
    order["total"] = Money(cents + p.cents * q);
    if (ItemSize(order) + 20 > target) {
      summary.pop_back();
      break;
    }
    cents += p.cents * q;
    lines.push_back({p, q});
  }
  order["lines"] = Value::L(summary);
  order["total"] = Money(cents);
  order["lineCount"] = N(static_cast<int64_t>(lines.size()));
  size_t size = ItemSize(order);
  std::string note;
  while (note.size() < target - size) note += kNote;
  note.resize(target - size);
  order["notes"] = S(note);
  sink->Add(std::move(order));
  for (size_t n = 0; n < lines.size(); ++n) {
    Item line;
    line["PK"] = S("O#" + order_id);
    line["SK"] = S(LineSk(n + 1));
    line["sku"] = S(lines[n].product.sku);
    line["quantity"] = N(lines[n].quantity);
    line["price"] = Money(lines[n].product.cents);
    sink->Add(std::move(line));
  }
  *sk_out = sk;
}

// What the access patterns name from the items: found while the customers are generated.
struct OrdersSeen {
  std::string c1_order_id, c1_order_sk, bulk_small_sk, bulk_large_sk;
};

// The generator's steps as plain functions, kept out of the coroutine ([[gnu::noinline]]): a
// coroutine's body is compiled again for its resume and destroy paths, so whatever is inlined into
// it counts two or three times in app.wasm (this file's coroutine was 81 KB of code at -O3).
// One customer: the profile, the orders and their lines, and the bulk customer's two large orders.
[[gnu::noinline]] void AddCustomer(uint64_t seed, uint64_t c, OrdersSeen* seen, ItemSink* sink) {
  Rng r = StreamFor(seed, kCustomer, c);
  Person person = PersonAt(seed ^ 0x5EED, c, kOrdersCustomers);
  std::string cid = CustomerId(c);
  std::string pk = "C#" + cid;
  std::string name = person.first + " " + person.last;
  if (c == kBulkCustomer) name = kBusinesses[seed % 4];
  Item profile;
  profile["PK"] = S(pk);
  profile["SK"] = S("PROFILE");
  profile["customerId"] = S(cid);
  profile["name"] = S(name);
  profile["email"] = S(c == kBulkCustomer ? "orders@" + Lower(name) + ".example" : person.email);
  profile["region"] = S(kRegions[r.Below(4)]);
  profile["since"] = S(IsoDate(kNow - 100 * kDay - static_cast<int64_t>(r.Next() % (900 * kDay))));
  sink->Add(std::move(profile));

  uint32_t order_count = 3 + r.Below(6);
  std::vector<int64_t> times = SortedTimes(&r, kNow - 400 * kDay, kNow - 9 * kDay, order_count);
  if (r.Percent(40)) times.back() = kNow - static_cast<int64_t>(r.Next() % (4 * kDay));
  for (uint32_t k = 0; k < order_count; ++k) {
    int64_t age = kNow - times[k];
    std::string status;
    if (age < kDay) {
      status = "placed";
    } else if (age < 3 * kDay) {
      status = "packed";
    } else if (age < 9 * kDay) {
      status = "shipped";
    } else {
      status = r.Percent(95) ? "delivered" : "cancelled";
    }
    std::string order_id = std::to_string(100000 + c * 10 + k);
    std::string created = IsoTime(times[k]);
    uint32_t line_count = 1 + r.Below(5);
    int64_t cents = 0;
    std::vector<LineDraw> lines;
    for (uint32_t l = 0; l < line_count; ++l) {
      LineDraw d{ProductAt(r.Below(kCatalogSize)), 1 + static_cast<int64_t>(r.Below(3))};
      cents += d.product.cents * d.quantity;
      lines.push_back(d);
    }
    Item order;
    order["PK"] = S(pk);
    order["SK"] = S("O#" + IsoDate(times[k]) + "#" + order_id);
    order["GSI1PK"] = S("O#" + order_id);
    order["orderId"] = S(order_id);
    order["customerId"] = S(cid);
    order["createdAt"] = S(created);
    order["status"] = S(status);
    // ByStatusConcat's concatenated keys, rebuilt by every write that changes the status
    // (ByStatusMulti reads status, customerId and createdAt themselves).
    order["statusPK"] = S("STATUS#" + status);
    order["statusSK"] = S(cid + "#" + created);
    order["total"] = Money(cents);
    order["lineCount"] = N(line_count);
    // Sparse GSI2: only open orders (placed or packed) carry its keys.
    if (status == "placed" || status == "packed") {
      order["GSI2PK"] = S("OPEN");
      order["GSI2SK"] = S(created);
    }
    if (c == 1 && k == 0) {
      seen->c1_order_id = order_id;
      seen->c1_order_sk = order["SK"].s();
    }
    sink->Add(std::move(order));
    for (uint32_t l = 0; l < line_count; ++l) {
      Item line;
      line["PK"] = S("O#" + order_id);
      line["SK"] = S(LineSk(l + 1));
      line["sku"] = S(lines[l].product.sku);
      line["quantity"] = N(lines[l].quantity);
      line["price"] = Money(lines[l].product.cents);
      sink->Add(std::move(line));
    }
  }
  if (c == kBulkCustomer) {
    AddBulkOrder(seed, c, name, 8, kBulkSmallBytes, kNow - 61 * kDay + 9 * 3600, sink,
                 &seen->bulk_small_sk);
    AddBulkOrder(seed, c, name, 9, kBulkLargeBytes, kNow - 30 * kDay + 10 * 3600, sink,
                 &seen->bulk_large_sk);
  }
}

// The access patterns and the tour, once every item is generated.
[[gnu::noinline]] void AddPatterns(uint64_t seed, const ExampleProse& prose, const OrdersSeen& seen,
                                   Model* m) {
  // ---- access patterns ----
  const std::string c1 = "C#" + CustomerId(1);
  const std::string c2 = "C#" + CustomerId(kBulkCustomer);
  auto& ps = m->access_patterns;
  ps.push_back(
      Pattern(prose, "customer-profile", "GetItem",
              {{"TableName", kOrdersTable}, {"Key", {{"PK", Av(c1)}, {"SK", Av("PROFILE")}}}}, 40));
  ps.push_back(Pattern(prose, "recent-orders", "Query",
                       {{"TableName", kOrdersTable},
                        {"KeyConditionExpression", "PK = :pk AND begins_with(SK, :o)"},
                        {"ExpressionAttributeValues", {{":pk", Av(c1)}, {":o", Av("O#")}}},
                        {"ScanIndexForward", false},
                        {"Limit", 10}},
                       20));
  ps.push_back(Pattern(prose, "order-by-id", "Query",
                       {{"TableName", kOrdersTable},
                        {"IndexName", "GSI1"},
                        {"KeyConditionExpression", "GSI1PK = :id"},
                        {"ExpressionAttributeValues", {{":id", Av("O#" + seen.c1_order_id)}}}},
                       10, {{"order", seen.c1_order_id}}));
  ps.push_back(Pattern(
      prose, "order-lines", "Query",
      {{"TableName", kOrdersTable},
       {"KeyConditionExpression", "PK = :pk AND begins_with(SK, :l)"},
       {"ExpressionAttributeValues", {{":pk", Av("O#" + seen.c1_order_id)}, {":l", Av("L#")}}}},
      10, {{"order", seen.c1_order_id}}));
  ps.push_back(Pattern(prose, "open-orders", "Query",
                       {{"TableName", kOrdersTable},
                        {"IndexName", "GSI2"},
                        {"KeyConditionExpression", "GSI2PK = :open"},
                        {"ExpressionAttributeValues", {{":open", Av("OPEN")}}},
                        {"ScanIndexForward", true}},
                       1));
  ps.push_back(Pattern(
      prose, "delivered-orders-concat", "Query",
      {{"TableName", kOrdersTable},
       {"IndexName", "ByStatusConcat"},
       {"KeyConditionExpression", "statusPK = :status AND begins_with(statusSK, :customer)"},
       {"ExpressionAttributeValues",
        {{":status", Av("STATUS#delivered")}, {":customer", Av(CustomerId(1) + "#")}}},
       {"ScanIndexForward", false}},
      2));
  ps.push_back(Pattern(prose, "delivered-orders", "Query",
                       {{"TableName", kOrdersTable},
                        {"IndexName", "ByStatusMulti"},
                        {"KeyConditionExpression", "#status = :status AND customerId = :customer"},
                        {"ExpressionAttributeNames", {{"#status", "status"}}},
                        {"ExpressionAttributeValues",
                         {{":status", Av("delivered")}, {":customer", Av(CustomerId(1))}}},
                        {"ScanIndexForward", false}},
                       2));
  ps.push_back(Pattern(prose, "read-4-0-kb-order", "GetItem",
                       {{"TableName", kOrdersTable},
                        {"Key", {{"PK", Av(c2)}, {"SK", Av(seen.bulk_small_sk)}}},
                        {"ConsistentRead", false}},
                       0, {{"bytes", std::to_string(kBulkSmallBytes)}}));
  ps.push_back(Pattern(prose, "read-4-1-kb-order", "GetItem",
                       {{"TableName", kOrdersTable},
                        {"Key", {{"PK", Av(c2)}, {"SK", Av(seen.bulk_large_sk)}}},
                        {"ConsistentRead", false}},
                       0, {{"bytes", std::to_string(kBulkLargeBytes)}}));
  // The new order's id is below every generated one (100000 + c*10 + k).
  const std::string new_id = "100001";
  const std::string new_created = IsoTime(kNow);
  const std::string new_sk = "O#" + IsoDate(kNow) + "#" + new_id;
  Product a = ProductAt(2), b = ProductAt(14);
  OrderedJson put_order = {{"Put",
                            {{"TableName", kOrdersTable},
                             {"Item",
                              {{"PK", Av(c1)},
                               {"SK", Av(new_sk)},
                               {"GSI1PK", Av("O#" + new_id)},
                               {"orderId", Av(new_id)},
                               {"customerId", Av(CustomerId(1))},
                               {"createdAt", Av(new_created)},
                               {"status", Av("placed")},
                               {"statusPK", Av("STATUS#placed")},
                               {"statusSK", Av(CustomerId(1) + "#" + new_created)},
                               {"total", AvN(MoneyText(a.cents + 2 * b.cents))},
                               {"lineCount", AvN("2")},
                               {"GSI2PK", Av("OPEN")},
                               {"GSI2SK", Av(new_created)}}},
                             {"ConditionExpression", "attribute_not_exists(PK)"}}}};
  auto put_line = [&](int n, const Product& p, int q) {
    return OrderedJson{{"Put",
                        {{"TableName", kOrdersTable},
                         {"Item",
                          {{"PK", Av("O#" + new_id)},
                           {"SK", Av(LineSk(static_cast<uint64_t>(n)))},
                           {"sku", Av(p.sku)},
                           {"quantity", AvN(std::to_string(q))},
                           {"price", AvN(MoneyText(p.cents))}}}}}};
  };
  ps.push_back(Pattern(
      prose, "place-order", "TransactWriteItems",
      {{"TransactItems", OrderedJson::array({put_order, put_line(1, a, 1), put_line(2, b, 2)})}}, 2,
      {{"order", new_id}}));
  OrderedJson key = {{"PK", Av(c1)}, {"SK", Av(new_sk)}};
  ps.push_back(Pattern(
      prose, "pack-order", "UpdateItem",
      {{"TableName", kOrdersTable},
       {"Key", key},
       {"UpdateExpression", "SET #status = :packed, packedAt = :now, statusPK = :status_pk"},
       {"ConditionExpression", "#status = :placed"},
       {"ExpressionAttributeNames", {{"#status", "status"}}},
       {"ExpressionAttributeValues",
        {{":packed", Av("packed")},
         {":placed", Av("placed")},
         {":now", Av(IsoTime(kNow + 3600))},
         {":status_pk", Av("STATUS#packed")}}}},
      2, {{"order", new_id}}));
  ps.push_back(Pattern(
      prose, "ship-order", "UpdateItem",
      {{"TableName", kOrdersTable},
       {"Key", key},
       {"UpdateExpression",
        "SET #status = :shipped, shippedAt = :now, statusPK = :status_pk REMOVE GSI2PK, GSI2SK"},
       {"ConditionExpression", "#status = :packed"},
       {"ExpressionAttributeNames", {{"#status", "status"}}},
       {"ExpressionAttributeValues",
        {{":shipped", Av("shipped")},
         {":packed", Av("packed")},
         {":now", Av(IsoTime(kNow + 7200))},
         {":status_pk", Av("STATUS#shipped")}}}},
      2, {{"order", new_id}}));

  // The seed's write-cost table: one 1.1 KB item (1,100 bytes) written alone costs 2 WRU ($1.25
  // per million); written with GSI1PK, GSI1 (projection ALL) holds a 1,100-byte copy and the same
  // PutItem costs 2 + 2 = 4 WRU ($2.50 per million). No condition: a re-run replaces the item and
  // costs the same.
  auto note_item = [&](const std::string& sk, bool indexed) {
    OrderedJson item = {{"PK", Av("C#" + CustomerId(3))}, {"SK", Av(sk)}};
    if (indexed) item["GSI1PK"] = Av("NOTE#" + CustomerId(3));
    item["note"] = Av("");
    size_t size = 0;
    for (auto it = item.begin(); it != item.end(); ++it) {
      size += it.key().size() + it.value()["S"].get<std::string>().size();
    }
    std::string text;
    const std::string kText = "Leave parcels with the concierge; weekday mornings only. ";
    while (text.size() < 1100 - size) text += kText;
    text.resize(1100 - size);
    item["note"] = Av(text);
    return item;
  };
  ps.push_back(Pattern(prose, "write-1-1-kb-item", "PutItem",
                       {{"TableName", kOrdersTable}, {"Item", note_item("NOTE#delivery", false)}},
                       1));
  ps.push_back(Pattern(
      prose, "write-1-1-kb-item-indexed", "PutItem",
      {{"TableName", kOrdersTable}, {"Item", note_item("NOTE#delivery-indexed", true)}}, 1));

  m->tour = prose.tour;
}

}  // namespace

Generation GenerateOrders(uint64_t seed, double scale, Model* m, ItemSink* sink) {
  const uint64_t customers =
      std::max<uint64_t>(kOrdersCustomers, CountFor(scale, kOrdersCustomers));
  const ExampleProse& prose = ProseOf("orders");
  m->name = "Orders";
  m->description = prose.description;
  ModelTable t;
  t.name = kOrdersTable;
  // ByStatusMulti: a multi-attribute key (DG GSI.html#GSI.MultiAttributeKeys): HASH status, RANGE
  // customerId then createdAt, attributes every order already has.
  const OrderedJson by_status_multi = {
      {"IndexName", "ByStatusMulti"},
      {"KeySchema", OrderedJson::array({{{"AttributeName", "status"}, {"KeyType", "HASH"}},
                                        {{"AttributeName", "customerId"}, {"KeyType", "RANGE"}},
                                        {{"AttributeName", "createdAt"}, {"KeyType", "RANGE"}}})},
      {"Projection", {{"ProjectionType", "ALL"}}}};
  t.create_table_json =
      CreateTableJson(kOrdersTable, {"GSI1PK", "GSI2PK", "GSI2SK", "statusPK", "statusSK"},
                      {"GSI1", "GSI2", "ByStatusConcat"}, {false, true, true},
                      {"status", "customerId", "createdAt"}, {by_status_multi});
  sink->BeginTable(t, customers * 20);

  OrdersSeen seen;
  for (uint64_t c = 1; c <= customers && sink->ok(); ++c) {
    AddCustomer(seed, c, &seen, sink);
    co_yield 0;  // a customer with their orders and lines: a pause for the front end
  }
  m->tables.push_back(std::move(t));
  AddPatterns(seed, prose, seen, m);
}

}  // namespace monotable::generator_internal
