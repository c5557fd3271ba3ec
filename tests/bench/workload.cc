// workload: see workload.h.
#include "workload.h"

#include <algorithm>
#include <nlohmann/json.hpp>
#include <string>

namespace monotable::bench {
namespace {

using Json = nlohmann::json;

Json S(const std::string& s) { return Json{{"S", s}}; }

const std::string* StringAttr(const Item& item, const char* name) {
  auto it = item.find(name);
  if (it == item.end() || it->second.type() != Type::kS) return nullptr;
  return &it->second.s();
}

// Up to `n` elements of `all`, spread evenly over it (a fixed stride: deterministic).
template <typename T>
std::vector<T> Spread(const std::vector<T>& all, size_t n) {
  std::vector<T> out;
  if (all.empty() || n == 0) return out;
  size_t count = std::min(n, all.size());
  out.reserve(count);
  for (size_t i = 0; i < count; ++i) out.push_back(all[i * all.size() / count]);
  return out;
}

struct OrderKey {
  std::string pk, sk, gsi1pk, status, created;
};

struct Candidates {
  std::vector<std::string> customers;      // C#cNNN
  std::vector<OrderKey> orders;            // every order
  std::vector<OrderKey> open_orders;       // orders in GSI2 (placed or packed)
  std::vector<const Item*> closed_orders;  // orders outside GSI2 (shipped, delivered, ...)
  std::vector<std::pair<std::string, std::string>> all_keys;
};

Candidates Collect(const Model& model) {
  Candidates c;
  const ModelTable* table = model.FindTable("Orders");
  if (!table) return c;
  for (const Item& item : table->items) {
    const std::string* pk = StringAttr(item, "PK");
    const std::string* sk = StringAttr(item, "SK");
    if (!pk || !sk) continue;
    c.all_keys.emplace_back(*pk, *sk);
    if (*sk == "PROFILE") c.customers.push_back(*pk);
    const std::string* gsi1 = StringAttr(item, "GSI1PK");
    const std::string* status = StringAttr(item, "status");
    const std::string* created = StringAttr(item, "createdAt");
    if (gsi1 && status && created) {
      OrderKey o{*pk, *sk, *gsi1, *status, *created};
      if (item.count("GSI2PK")) {
        c.open_orders.push_back(o);
      } else {
        c.closed_orders.push_back(&item);
      }
      c.orders.push_back(std::move(o));
    }
  }
  return c;
}

std::string Body(Json j) {
  j["ReturnConsumedCapacity"] = "TOTAL";
  return j.dump();
}

}  // namespace

Status GenerateOrders(uint64_t items, Model* out) {
  GenerateOptions options;
  options.target_items = items;
  options.seed = 1;
  return GenerateExample("orders", options, out);
}

std::vector<Operation> MakeOperations(const Model& model, size_t keys) {
  Candidates c = Collect(model);
  std::vector<Operation> ops;

  Operation get{"get-item", "GetItem (customer profile)", "GetItem", {}};
  for (const std::string& pk : Spread(c.customers, keys)) {
    get.bodies.push_back(
        Body({{"TableName", "Orders"}, {"Key", {{"PK", S(pk)}, {"SK", S("PROFILE")}}}}));
  }
  ops.push_back(std::move(get));

  Operation recent{"recent-orders", "Query: a customer's 10 newest orders", "Query", {}};
  for (const std::string& pk : Spread(c.customers, keys)) {
    recent.bodies.push_back(Body({{"TableName", "Orders"},
                                  {"KeyConditionExpression", "PK = :pk AND begins_with(SK, :o)"},
                                  {"ExpressionAttributeValues", {{":pk", S(pk)}, {":o", S("O#")}}},
                                  {"ScanIndexForward", false},
                                  {"Limit", 10}}));
  }
  ops.push_back(std::move(recent));

  Operation by_id{"order-by-id", "Query GSI1: order by id", "Query", {}};
  for (const OrderKey& o : Spread(c.orders, keys)) {
    by_id.bodies.push_back(Body({{"TableName", "Orders"},
                                 {"IndexName", "GSI1"},
                                 {"KeyConditionExpression", "GSI1PK = :id"},
                                 {"ExpressionAttributeValues", {{":id", S(o.gsi1pk)}}}}));
  }
  ops.push_back(std::move(by_id));

  Operation open{"open-orders", "Query GSI2: open orders, oldest first, Limit 25", "Query", {}};
  open.bodies.push_back(Body({{"TableName", "Orders"},
                              {"IndexName", "GSI2"},
                              {"KeyConditionExpression", "GSI2PK = :open"},
                              {"ExpressionAttributeValues", {{":open", S("OPEN")}}},
                              {"ScanIndexForward", true},
                              {"Limit", 25}}));
  ops.push_back(std::move(open));

  // Shipping removes GSI2PK and GSI2SK (the order leaves the sparse index); the second half of
  // each pair puts the order back, so the benchmark can run any number of iterations. Both halves
  // are conditional UpdateItems that move an item across GSI2's boundary: the same kind of work,
  // and both are timed.
  Operation ship{
      "ship-order", "UpdateItem: ship an order (leaves GSI2) / reopen it", "UpdateItem", {}};
  for (const OrderKey& o : Spread(c.open_orders, keys / 2)) {
    Json key = {{"PK", S(o.pk)}, {"SK", S(o.sk)}};
    ship.bodies.push_back(Body(
        {{"TableName", "Orders"},
         {"Key", key},
         {"UpdateExpression", "SET #status = :shipped, shippedAt = :now REMOVE GSI2PK, GSI2SK"},
         {"ConditionExpression", "#status = :was"},
         {"ExpressionAttributeNames", {{"#status", "status"}}},
         {"ExpressionAttributeValues",
          {{":shipped", S("shipped")}, {":was", S(o.status)}, {":now", S(o.created)}}}}));
    ship.bodies.push_back(
        Body({{"TableName", "Orders"},
              {"Key", key},
              {"UpdateExpression",
               "SET #status = :was, GSI2PK = :open, GSI2SK = :created REMOVE shippedAt"},
              {"ConditionExpression", "#status = :shipped"},
              {"ExpressionAttributeNames", {{"#status", "status"}}},
              {"ExpressionAttributeValues",
               {{":shipped", S("shipped")},
                {":was", S(o.status)},
                {":open", S("OPEN")},
                {":created", S(o.created)}}}}));
  }
  ops.push_back(std::move(ship));

  // Saving an order as it is: PutItem of the whole item over itself (a replacement whose index
  // keys do not change: the table and GSI1 entries are rewritten, GSI2 is not touched). Orders
  // outside GSI2, so ship-order's open orders are never reset under it.
  Operation put{"put-order", "PutItem: save an order as it is (replaces it)", "PutItem", {}};
  for (const Item* item : Spread(c.closed_orders, keys)) {
    put.bodies.push_back(
        Body({{"TableName", "Orders"}, {"Item", Json::parse(ToWireJson(*item), nullptr, false)}}));
  }
  ops.push_back(std::move(put));

  Operation filter{
      "query-filter", "Query with a filter: a customer's delivered orders", "Query", {}};
  for (const std::string& pk : Spread(c.customers, keys)) {
    filter.bodies.push_back(
        Body({{"TableName", "Orders"},
              {"KeyConditionExpression", "PK = :pk AND begins_with(SK, :o)"},
              {"FilterExpression", "#status = :delivered"},
              {"ExpressionAttributeNames", {{"#status", "status"}}},
              {"ExpressionAttributeValues",
               {{":pk", S(pk)}, {":o", S("O#")}, {":delivered", S("delivered")}}}}));
  }
  ops.push_back(std::move(filter));

  Operation scan{"scan-page", "Scan: a page of 100 items", "Scan", {}};
  for (const auto& [pk, sk] : Spread(c.all_keys, keys)) {
    scan.bodies.push_back(Body({{"TableName", "Orders"},
                                {"Limit", 100},
                                {"ExclusiveStartKey", {{"PK", S(pk)}, {"SK", S(sk)}}}}));
  }
  ops.push_back(std::move(scan));

  // Drop operations the model has no keys for (cannot happen for Orders, but an empty body list
  // would divide by zero in a harness).
  ops.erase(
      std::remove_if(ops.begin(), ops.end(), [](const Operation& op) { return op.bodies.empty(); }),
      ops.end());
  return ops;
}

std::string CheckOperation(const Operation& op, Engine* engine) {
  for (size_t i = 0; i < op.bodies.size(); ++i) {
    Result r = engine->Execute(op.operation, op.bodies[i]);
    if (r.http_status != 200) {
      return op.id + " body " + std::to_string(i) + ": " + std::to_string(r.http_status) + " " +
             r.body;
    }
  }
  return "";
}

Baseline::Baseline(Model* model) {
  Candidates c = Collect(*model);
  for (const std::string& pk : Spread(c.customers, 1024)) {
    get_keys.emplace_back(pk, "PROFILE");
    query_partitions.push_back(pk);
  }
  for (ModelTable& t : model->tables) {
    if (t.name != "Orders") continue;
    for (Item& item : t.items) {
      const std::string* pk = StringAttr(item, "PK");
      const std::string* sk = StringAttr(item, "SK");
      if (!pk || !sk) continue;
      std::string key = *pk + '\0' + *sk;
      items_.emplace(std::move(key), std::move(item));
    }
    t.items.clear();
    t.items.shrink_to_fit();
  }
}

bool Baseline::Get(const std::string& pk, const std::string& sk, Item* out) const {
  auto it = items_.find(pk + '\0' + sk);
  if (it == items_.end()) return false;
  *out = it->second;
  return true;
}

size_t Baseline::NewestInPartition(const std::string& pk, const std::string& prefix, size_t limit,
                                   std::vector<Item>* out) const {
  out->clear();
  // Keys of the partition with SK beginning with `prefix` lie in [pk\0prefix, pk\0prefix\xff...).
  std::string low = pk + '\0' + prefix;
  std::string high = low + '\xff';
  auto end = items_.lower_bound(high);
  auto begin = items_.lower_bound(low);
  while (end != begin && out->size() < limit) {
    --end;
    out->push_back(end->second);
  }
  return out->size();
}

DataSize SizeOf(const Model& model) {
  DataSize d;
  for (const ModelTable& t : model.tables) {
    for (const Item& item : t.items) {
      ++d.items;
      d.bytes += ItemSize(item);
    }
  }
  return d;
}

}  // namespace monotable::bench
