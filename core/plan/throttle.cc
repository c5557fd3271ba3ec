// throttle: Throttle (monotable/throttle.h), the partition model over live requests. Knows the
// engine through its public API only (DescribeTable and GetItem through Execute, and the Result's
// effects for consumed capacity); the partition count and the key hash are core/plan's
// (plan_internal.h). JSON (nlohmann) is used privately to read requests and DescribeTable.
#include "monotable/throttle.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <vector>

#include "monotable/limits.h"
#include "plan/plan_internal.h"

namespace monotable::plan {

namespace {

using nlohmann::json;

json Parse(std::string_view text) { return json::parse(text.begin(), text.end(), nullptr, false); }

// The text of a key attribute value in DynamoDB JSON ({"S": "x"} -> "x"; N and B likewise), ""
// for anything else.
std::string KeyText(const json& av) {
  if (!av.is_object() || av.size() != 1) return "";
  const json& v = av.begin().value();
  return v.is_string() ? v.get<std::string>() : "";
}

const json* Member(const json& j, const char* name) {
  if (!j.is_object()) return nullptr;
  auto it = j.find(name);
  return it == j.end() ? nullptr : &*it;
}

std::string StringMember(const json& j, const char* name) {
  const json* m = Member(j, name);
  return m && m->is_string() ? m->get<std::string>() : "";
}

double NumberMember(const json& j, const char* name) {
  const json* m = Member(j, name);
  return m && m->is_number() ? m->get<double>() : 0;
}

std::string HashKeyOf(const json& key_schema) {
  if (!key_schema.is_array()) return "";
  for (const json& k : key_schema) {
    if (StringMember(k, "KeyType") == "HASH") return StringMember(k, "AttributeName");
  }
  return "";
}

// A token bucket of capacity units: refills at `rate` a second up to `capacity`; a request is
// refused while `tokens` is below zero (in debt).
struct Bucket {
  double tokens = 0;
  double rate = 0;
  double capacity = 0;
  void Refill(double seconds) { tokens = std::min(capacity, tokens + rate * seconds); }
  bool InDebt() const { return tokens < 0; }
};

// A table or a GSI: its partitions and buckets.
struct Resource {
  std::string arn;
  bool index = false;
  bool provisioned = false;
  std::string hash_key;
  int partitions = 1;
  Bucket table_read, table_write;
  std::vector<Bucket> part_read, part_write;
  int64_t last_ms = 0;

  void Size(int n, double rcu, double wcu, int64_t now) {
    partitions = std::max(1, n);
    part_read.assign(static_cast<size_t>(partitions),
                     Bucket{limits::kPartitionReadUnits, limits::kPartitionReadUnits,
                            limits::kPartitionReadUnits});
    part_write.assign(static_cast<size_t>(partitions),
                      Bucket{limits::kPartitionWriteUnits, limits::kPartitionWriteUnits,
                             limits::kPartitionWriteUnits});
    if (provisioned) {
      table_read = Bucket{rcu, rcu, rcu * kBurstSeconds};
      table_write = Bucket{wcu, wcu, wcu * kBurstSeconds};
    } else {
      table_read =
          Bucket{kOnDemandTableQuotaUnits, kOnDemandTableQuotaUnits, kOnDemandTableQuotaUnits};
      table_write = table_read;
    }
    last_ms = now;
  }
  void Advance(int64_t now) {
    if (now <= last_ms) return;
    double s = static_cast<double>(now - last_ms) / 1000.0;
    last_ms = now;
    table_read.Refill(s);
    table_write.Refill(s);
    for (Bucket& b : part_read) b.Refill(s);
    for (Bucket& b : part_write) b.Refill(s);
  }
};

struct TableState {
  std::string hash_key, range_key;
  bool provisioned = false;
  Resource table;
  std::map<std::string, Resource, std::less<>> gsis;
  std::set<std::string, std::less<>> lsis;
};

// Where one request (or one batch member) draws: a resource and a partition (-1: spread over all,
// checked at the table level only).
struct Target {
  Resource* resource;
  int partition;
  bool write;
};

const char* LimitName(bool provisioned) {
  return provisioned ? "ProvisionedThroughputExceeded" : "AccountLimitExceeded";
}

// The messages DynamoDB answers with, as clients have reported them: a provisioned table
// ("The level of configured provisioned throughput for the table was exceeded...", e.g.
// github.com/aws-samples/sample-collaborative-ai-dlc/pull/443), a provisioned GSI, an on-demand
// table ("Throughput exceeds the current capacity of your table or index...", e.g.
// github.com/praetorian-inc/chariot-ui/issues/684) and an on-demand GSI ("Throughput exceeds the
// current capacity for one or more global secondary indexes...",
// github.com/BrighterCommand/Brighter/issues/2810).
std::string ThrottleMessage(bool provisioned, bool index) {
  if (provisioned) {
    return index ? "The level of configured provisioned throughput for one or more global "
                   "secondary indexes of the table was exceeded. Consider increasing your "
                   "provisioning level for the under-provisioned global secondary indexes with "
                   "the UpdateTable API"
                 : "The level of configured provisioned throughput for the table was exceeded. "
                   "Consider increasing your provisioning level with the UpdateTable API.";
  }
  return index ? "Throughput exceeds the current capacity for one or more global secondary "
                 "indexes. DynamoDB is automatically scaling your index so please try again "
                 "shortly."
               : "Throughput exceeds the current capacity of your table or index. DynamoDB is "
                 "automatically scaling your table or index so please try again shortly. If "
                 "exceptions persist, check if you have a hot key: "
                 "https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/"
                 "bp-partition-key-design.html";
}

constexpr const char* kPteeType =
    "com.amazonaws.dynamodb.v20120810#ProvisionedThroughputExceededException";
constexpr const char* kThrottlingType = "com.amazon.coral.availability#ThrottlingException";

// The reasons the targets' buckets give, in target order, without repeats.
json Reasons(const std::vector<Target>& targets) {
  json reasons = json::array();
  std::set<std::string> seen;
  for (const Target& t : targets) {
    Resource& r = *t.resource;
    const char* kind = t.write ? "Write" : "Read";
    const char* what = r.index ? "Index" : "Table";
    std::string reason;
    const Bucket& table_bucket = t.write ? r.table_write : r.table_read;
    if (table_bucket.InDebt()) {
      reason = std::string(what) + kind + LimitName(r.provisioned);
    } else if (t.partition >= 0) {
      const Bucket& pb = (t.write ? r.part_write : r.part_read)[static_cast<size_t>(t.partition)];
      if (pb.InDebt()) reason = std::string(what) + kind + "KeyRangeThroughputExceeded";
    }
    if (reason.empty() || !seen.insert(reason + " " + r.arn).second) continue;
    reasons.push_back({{"reason", reason}, {"resource", r.arn}});
  }
  return reasons;
}

// A throttling error for `reasons` (non-empty); the table's mode picks the exception.
Result ThrottleError(bool provisioned, const json& reasons) {
  bool index = false;
  for (const json& r : reasons) {
    index = index || StringMember(r, "reason").rfind("Index", 0) == 0;
  }
  json body = {{"__type", provisioned ? kPteeType : kThrottlingType},
               {"message", ThrottleMessage(provisioned, index)},
               {"ThrottlingReasons", reasons}};
  Result result;
  result.status =
      Status(ErrorCode::kProvisionedThroughputExceeded, ThrottleMessage(provisioned, index));
  result.http_status = 400;
  result.body = body.dump();
  return result;
}

// Draws `units` from the targets of `resource` among `targets` (its partitions evenly; none named:
// spread over all of them) and from its table-level bucket.
void Charge(Resource* resource, bool write, double units, const std::vector<Target>& targets) {
  if (units <= 0) return;
  (write ? resource->table_write : resource->table_read).tokens -= units;
  std::set<int> parts;
  bool spread = false;
  for (const Target& t : targets) {
    if (t.resource != resource || t.write != write) continue;
    if (t.partition < 0) {
      spread = true;
    } else {
      parts.insert(t.partition);
    }
  }
  std::vector<Bucket>& buckets = write ? resource->part_write : resource->part_read;
  if (spread || parts.empty()) {
    for (Bucket& b : buckets) b.tokens -= units / static_cast<double>(buckets.size());
    return;
  }
  for (int p : parts)
    buckets[static_cast<size_t>(p)].tokens -= units / static_cast<double>(parts.size());
}

}  // namespace

struct Throttle::Impl {
  ThrottleOptions options;
  uint64_t requests = 0;
  uint64_t throttled = 0;
  std::map<std::string, TableState, std::less<>> tables;

  int64_t Now() {
    if (options.tick_ms_per_request > 0) {
      return static_cast<int64_t>(requests) * options.tick_ms_per_request;
    }
    if (options.clock_ms) return options.clock_ms();
    return std::chrono::duration_cast<std::chrono::milliseconds>(
               std::chrono::steady_clock::now().time_since_epoch())
        .count();
  }

  // The state of `name`, read from DescribeTable on first use; nullptr if there is no such table
  // (the engine then answers the request with its own error).
  TableState* Table(Engine* engine, std::string_view name, int64_t now) {
    auto it = tables.find(name);
    if (it != tables.end()) return &it->second;
    json req = {{"TableName", std::string(name)}};
    Result d = engine->Execute("DescribeTable", req.dump(), ExecuteOptions{false});
    if (!d.status.ok()) return nullptr;
    json body = Parse(d.body);
    const json* t = Member(body, "Table");
    if (!t || !t->is_object()) return nullptr;
    TableState st;
    st.hash_key = HashKeyOf(t->value("KeySchema", json::array()));
    if (const json* ks = Member(*t, "KeySchema"); ks && ks->is_array()) {
      for (const json& k : *ks) {
        if (StringMember(k, "KeyType") == "RANGE") st.range_key = StringMember(k, "AttributeName");
      }
    }
    const json* billing = Member(*t, "BillingModeSummary");
    st.provisioned = !(billing && StringMember(*billing, "BillingMode") == "PAY_PER_REQUEST");
    auto size = [&](Resource* r, const json& desc, const char* size_member) {
      r->provisioned = st.provisioned;
      double rcu = 0, wcu = 0;
      if (const json* pt = Member(desc, "ProvisionedThroughput")) {
        rcu = NumberMember(*pt, "ReadCapacityUnits");
        wcu = NumberMember(*pt, "WriteCapacityUnits");
      }
      double bytes = NumberMember(desc, size_member);
      int by_size = static_cast<int>(std::ceil(bytes / limits::kPartitionBytes));
      int n;
      if (st.provisioned) {
        n = static_cast<int>(std::ceil(rcu / limits::kPartitionReadUnits +
                                       wcu / limits::kPartitionWriteUnits - 1e-9));
      } else {
        n = kOnDemandInitialPartitions;
      }
      r->Size(std::max(n, by_size), rcu, wcu, now);
    };
    st.table.arn = StringMember(*t, "TableArn");
    st.table.hash_key = st.hash_key;
    size(&st.table, *t, "TableSizeBytes");
    if (const json* g = Member(*t, "GlobalSecondaryIndexes"); g && g->is_array()) {
      for (const json& x : *g) {
        Resource r;
        r.index = true;
        r.arn = StringMember(x, "IndexArn");
        r.hash_key = HashKeyOf(x.value("KeySchema", json::array()));
        size(&r, x, "IndexSizeBytes");
        st.gsis[StringMember(x, "IndexName")] = std::move(r);
      }
    }
    if (const json* l = Member(*t, "LocalSecondaryIndexes"); l && l->is_array()) {
      for (const json& x : *l) st.lsis.insert(StringMember(x, "IndexName"));
    }
    return &tables.emplace(std::string(name), std::move(st)).first->second;
  }

  // The item with primary key `key` as the engine holds it now (a strongly consistent GetItem,
  // which no client sees); null if there is none.
  static json Current(Engine* engine, std::string_view table, const json& key) {
    json req = {{"TableName", std::string(table)}, {"Key", key}, {"ConsistentRead", true}};
    Result r = engine->Execute("GetItem", req.dump(), ExecuteOptions{false});
    if (!r.status.ok()) return nullptr;
    json body = Parse(r.body);
    const json* item = Member(body, "Item");
    return item ? *item : json(nullptr);
  }

  // The primary key of `item` under `st`'s key schema.
  static json KeyOf(const TableState& st, const json& item) {
    json key = json::object();
    if (const json* h = Member(item, st.hash_key.c_str())) key[st.hash_key] = *h;
    if (!st.range_key.empty()) {
      if (const json* r = Member(item, st.range_key.c_str())) key[st.range_key] = *r;
    }
    return key;
  }

  static void AddPartition(Resource* r, const std::string& value, bool write,
                           std::vector<Target>* out) {
    if (value.empty()) return;
    out->push_back({r, internal::PartitionOf(value, r->partitions), write});
  }

  // The GSI partitions an item's index keys put it on.
  static void AddIndexPartitions(TableState* st, const json& item, std::vector<Target>* out) {
    if (!item.is_object()) return;
    for (auto& [name, r] : st->gsis) {
      if (const json* v = Member(item, r.hash_key.c_str()))
        AddPartition(&r, KeyText(*v), true, out);
    }
  }

  // The partition key value a Query's key condition names, "" if it cannot be read.
  static std::string QueryHashValue(const json& req, const std::string& hash_key) {
    if (const json* kc = Member(req, "KeyConditions"); kc && kc->is_object()) {
      if (const json* c = Member(*kc, hash_key.c_str())) {
        const json* list = Member(*c, "AttributeValueList");
        if (list && list->is_array() && !list->empty()) return KeyText((*list)[0]);
      }
      return "";
    }
    std::string expr = StringMember(req, "KeyConditionExpression");
    const json* names = Member(req, "ExpressionAttributeNames");
    const json* values = Member(req, "ExpressionAttributeValues");
    auto resolve = [&](std::string s) {
      while (!s.empty() && (s.front() == ' ' || s.front() == '(')) s.erase(0, 1);
      while (!s.empty() && (s.back() == ' ' || s.back() == ')')) s.pop_back();
      if (!s.empty() && s[0] == '#' && names) s = StringMember(*names, s.c_str());
      return s;
    };
    // Every `a = b` comparison: the one between the partition key and a placeholder.
    for (size_t at = expr.find('='); at != std::string::npos; at = expr.find('=', at + 1)) {
      if (at > 0 && (expr[at - 1] == '<' || expr[at - 1] == '>')) continue;
      size_t left = at;
      while (left > 0 && expr[left - 1] == ' ') --left;
      size_t lstart = left;
      while (lstart > 0 && expr[lstart - 1] != ' ' && expr[lstart - 1] != '(') --lstart;
      size_t right = at + 1;
      while (right < expr.size() && expr[right] == ' ') ++right;
      size_t rend = right;
      while (rend < expr.size() && expr[rend] != ' ' && expr[rend] != ')') ++rend;
      const std::string a = expr.substr(lstart, left - lstart);
      const std::string b = expr.substr(right, rend - right);
      const std::string* placeholder = nullptr;
      if (resolve(a) == hash_key && !b.empty() && b[0] == ':') placeholder = &b;
      if (resolve(b) == hash_key && !a.empty() && a[0] == ':') placeholder = &a;
      if (placeholder && values) {
        if (const json* v = Member(*values, placeholder->c_str())) return KeyText(*v);
      }
    }
    return "";
  }

  // Targets of one single-item request on `st` (GetItem, PutItem, UpdateItem, DeleteItem, and
  // the members of batches and transactions, whose bodies have the same members).
  void ItemTargets(Engine* engine, std::string_view table, TableState* st, bool write,
                   std::string_view op, const json& req, std::vector<Target>* out) {
    const bool put = op == "PutItem" || op == "Put";
    const json* item = Member(req, put ? "Item" : "Key");
    if (!item || !item->is_object()) return;
    if (const json* h = Member(*item, st->hash_key.c_str())) {
      AddPartition(&st->table, KeyText(*h), write, out);
    }
    if (!write || st->gsis.empty()) return;
    // GSI back-pressure: the index partitions the item is on now, and (a put) will be on.
    AddIndexPartitions(st, Current(engine, table, put ? KeyOf(*st, *item) : *item), out);
    if (put) AddIndexPartitions(st, *item, out);
  }

  // Targets of a Query or Scan.
  void ReadTargets(TableState* st, bool query, const json& req, std::vector<Target>* out) {
    std::string index = StringMember(req, "IndexName");
    Resource* r = &st->table;
    std::string hash_key = st->hash_key;
    if (!index.empty()) {
      auto g = st->gsis.find(index);
      if (g != st->gsis.end()) {
        r = &g->second;
        hash_key = r->hash_key;
      } else if (!st->lsis.count(index)) {
        return;  // no such index: the engine's ValidationException
      }
    }
    std::string value = query ? QueryHashValue(req, hash_key) : "";
    if (value.empty()) {
      out->push_back({r, -1, false});
    } else {
      AddPartition(r, value, false, out);
    }
  }

  void Advance(const std::vector<Target>& targets, int64_t now) {
    for (const Target& t : targets) t.resource->Advance(now);
  }

  // Charges an executed request's consumed capacity (its effects' lines) to `targets`.
  void ChargeEffects(const Effects& effects, const std::vector<Target>& targets) {
    for (const CapacityLine& line : effects.capacity) {
      auto it = tables.find(line.table);
      if (it == tables.end()) continue;
      TableState& st = it->second;
      Resource* r = &st.table;
      if (!line.index.empty() && !line.local_index) {
        auto g = st.gsis.find(line.index);
        if (g == st.gsis.end()) continue;
        r = &g->second;
      }
      Charge(r, false, line.read_units, targets);
      Charge(r, true, line.write_units, targets);
    }
  }

  Result Single(Engine* engine, std::string_view op, std::string_view body, const json& req,
                int64_t now);
  Result BatchWrite(Engine* engine, std::string_view body, const json& req, int64_t now);
  Result BatchGet(Engine* engine, std::string_view body, const json& req, int64_t now);
  template <typename Merge>
  Result RunAdmitted(Engine* engine, const char* operation, const char* left_member,
                     std::string_view body, const json& req, const json& kept,
                     const json& unprocessed, const std::vector<Target>& all, size_t members,
                     size_t refused, bool provisioned, const json& reasons, Merge merge);
  Result Transact(Engine* engine, std::string_view op, std::string_view body, const json& req,
                  int64_t now);
};

Result Throttle::Impl::Single(Engine* engine, std::string_view op, std::string_view body,
                              const json& req, int64_t now) {
  std::string table = StringMember(req, "TableName");
  TableState* st = table.empty() ? nullptr : Table(engine, table, now);
  if (!st) return engine->Execute(op, body);
  std::vector<Target> targets;
  const bool write = op == "PutItem" || op == "UpdateItem" || op == "DeleteItem";
  if (op == "Query" || op == "Scan") {
    ReadTargets(st, op == "Query", req, &targets);
  } else {
    ItemTargets(engine, table, st, write, op, req, &targets);
  }
  Advance(targets, now);
  json reasons = Reasons(targets);
  if (!reasons.empty()) {
    ++throttled;
    return ThrottleError(st->provisioned, reasons);
  }
  Result result = engine->Execute(op, body);
  // The index partitions an update moved the item to are charged too (see throttle.h).
  if (write && op != "DeleteItem" && !st->gsis.empty() && result.status.ok()) {
    const json* item = Member(req, op == "PutItem" ? "Item" : "Key");
    if (item && item->is_object() && op == "UpdateItem") {
      AddIndexPartitions(st, Current(engine, table, *item), &targets);
      Advance(targets, now);
    }
  }
  ChargeEffects(result.effects, targets);
  return result;
}

// A batch whose members were admitted one by one: run it whole when none was refused; answer the
// throttling error when all were; else run the admitted members (`kept`) and add the refused
// ones (`unprocessed`, per table) to the answer's `left_member` with `merge`, as DynamoDB returns
// throttled members unprocessed. Charges what ran.
template <typename Merge>
Result Throttle::Impl::RunAdmitted(Engine* engine, const char* operation, const char* left_member,
                                   std::string_view body, const json& req, const json& kept,
                                   const json& unprocessed, const std::vector<Target>& all,
                                   size_t members, size_t refused, bool provisioned,
                                   const json& reasons, Merge merge) {
  if (refused == 0) {
    Result result = engine->Execute(operation, body);
    ChargeEffects(result.effects, all);
    return result;
  }
  ++throttled;
  if (refused == members) return ThrottleError(provisioned, reasons);
  json reduced = req;
  reduced["RequestItems"] = kept;
  Result result = engine->Execute(operation, reduced.dump());
  ChargeEffects(result.effects, all);
  if (!result.status.ok()) return result;
  json out = Parse(result.body);
  if (!out.is_object()) return result;
  json& left = out[left_member];
  if (!left.is_object()) left = json::object();
  for (auto it = unprocessed.begin(); it != unprocessed.end(); ++it)
    merge(&left, it.key(), it.value());
  result.body = out.dump();
  return result;
}

Result Throttle::Impl::BatchWrite(Engine* engine, std::string_view body, const json& req,
                                  int64_t now) {
  const json* items = Member(req, "RequestItems");
  if (!items || !items->is_object()) return engine->Execute("BatchWriteItem", body);
  json kept = json::object(), unprocessed = json::object();
  std::vector<Target> all;
  bool provisioned = false;
  json reasons = json::array();
  size_t members = 0, refused = 0;
  for (auto it = items->begin(); it != items->end(); ++it) {
    TableState* st = Table(engine, it.key(), now);
    if (!st || !it.value().is_array()) return engine->Execute("BatchWriteItem", body);
    provisioned = provisioned || st->provisioned;
    for (const json& m : it.value()) {
      std::vector<Target> targets;
      if (const json* put = Member(m, "PutRequest")) {
        ItemTargets(engine, it.key(), st, true, "PutItem", *put, &targets);
      } else if (const json* del = Member(m, "DeleteRequest")) {
        ItemTargets(engine, it.key(), st, true, "DeleteItem", *del, &targets);
      }
      Advance(targets, now);
      json r = Reasons(targets);
      ++members;
      if (!r.empty()) {
        ++refused;
        unprocessed[it.key()].push_back(m);
        for (json& x : r) reasons.push_back(std::move(x));
        continue;
      }
      kept[it.key()].push_back(m);
      all.insert(all.end(), targets.begin(), targets.end());
    }
  }
  return RunAdmitted(engine, "BatchWriteItem", "UnprocessedItems", body, req, kept, unprocessed,
                     all, members, refused, provisioned, reasons,
                     [](json* left, const std::string& table, const json& members_left) {
                       for (const json& m : members_left) (*left)[table].push_back(m);
                     });
}

Result Throttle::Impl::BatchGet(Engine* engine, std::string_view body, const json& req,
                                int64_t now) {
  const json* items = Member(req, "RequestItems");
  if (!items || !items->is_object()) return engine->Execute("BatchGetItem", body);
  json kept = json::object(), unprocessed = json::object();
  std::vector<Target> all;
  bool provisioned = false;
  json reasons = json::array();
  size_t members = 0, refused = 0;
  for (auto it = items->begin(); it != items->end(); ++it) {
    TableState* st = Table(engine, it.key(), now);
    const json* keys = Member(it.value(), "Keys");
    if (!st || !keys || !keys->is_array()) return engine->Execute("BatchGetItem", body);
    provisioned = provisioned || st->provisioned;
    json kept_keys = json::array(), left_keys = json::array();
    for (const json& k : *keys) {
      std::vector<Target> targets;
      ItemTargets(engine, it.key(), st, false, "GetItem", json{{"Key", k}}, &targets);
      Advance(targets, now);
      json r = Reasons(targets);
      ++members;
      if (!r.empty()) {
        ++refused;
        left_keys.push_back(k);
        for (json& x : r) reasons.push_back(std::move(x));
        continue;
      }
      kept_keys.push_back(k);
      all.insert(all.end(), targets.begin(), targets.end());
    }
    // UnprocessedKeys carry the table's other request members (ProjectionExpression, ...) too.
    if (!kept_keys.empty()) {
      kept[it.key()] = it.value();
      kept[it.key()]["Keys"] = std::move(kept_keys);
    }
    if (!left_keys.empty()) {
      unprocessed[it.key()] = it.value();
      unprocessed[it.key()]["Keys"] = std::move(left_keys);
    }
  }
  return RunAdmitted(engine, "BatchGetItem", "UnprocessedKeys", body, req, kept, unprocessed, all,
                     members, refused, provisioned, reasons,
                     [](json* left, const std::string& table, const json& table_left) {
                       if (!left->contains(table)) {
                         (*left)[table] = table_left;
                       } else {
                         for (const json& k : table_left["Keys"])
                           (*left)[table]["Keys"].push_back(k);
                       }
                     });
}

Result Throttle::Impl::Transact(Engine* engine, std::string_view op, std::string_view body,
                                const json& req, int64_t now) {
  const json* actions = Member(req, "TransactItems");
  if (!actions || !actions->is_array()) return engine->Execute(op, body);
  const bool write = op == "TransactWriteItems";
  std::vector<Target> all;
  json cancellation = json::array();
  bool any = false, provisioned = false;
  for (const json& a : *actions) {
    if (!a.is_object() || a.size() != 1) return engine->Execute(op, body);
    const std::string kind = a.begin().key();
    const json& action = a.begin().value();
    std::string table = StringMember(action, "TableName");
    TableState* st = table.empty() ? nullptr : Table(engine, table, now);
    if (!st) return engine->Execute(op, body);
    std::vector<Target> targets;
    // A ConditionCheck reads its item (billed as a read, API TransactWriteItems).
    const bool draws_write = write && kind != "ConditionCheck";
    ItemTargets(engine, table, st, draws_write, kind == "Put" ? "Put" : kind, action, &targets);
    Advance(targets, now);
    json r = Reasons(targets);
    if (r.empty()) {
      cancellation.push_back({{"Code", "None"}});
    } else {
      any = true;
      provisioned = st->provisioned;
      cancellation.push_back(
          {{"Code", st->provisioned ? "ProvisionedThroughputExceeded" : "ThrottlingError"},
           {"Message", ThrottleMessage(st->provisioned,
                                       StringMember(r[0], "reason").rfind("Index", 0) == 0)}});
    }
    all.insert(all.end(), targets.begin(), targets.end());
  }
  if (any) {
    ++throttled;
    std::string codes;
    for (const json& c : cancellation) {
      codes += (codes.empty() ? "" : ", ") + StringMember(c, "Code");
    }
    (void)provisioned;
    std::string message =
        "Transaction cancelled, please refer cancellation reasons for specific reasons [" + codes +
        "]";
    json out = {{"__type", "com.amazonaws.dynamodb.v20120810#TransactionCanceledException"},
                {"Message", message},
                {"CancellationReasons", cancellation}};
    Result result;
    result.status = Status(ErrorCode::kTransactionCanceled, message);
    result.http_status = 400;
    result.body = out.dump();
    return result;
  }
  Result result = engine->Execute(op, body);
  ChargeEffects(result.effects, all);
  return result;
}

Throttle::Throttle(ThrottleOptions options) : impl_(std::make_unique<Impl>()) {
  impl_->options = std::move(options);
}

Throttle::~Throttle() = default;

Result Throttle::Execute(Engine* engine, std::string_view operation,
                         std::string_view request_json) {
  Impl& m = *impl_;
  ++m.requests;
  const int64_t now = m.Now();
  const bool single = operation == "GetItem" || operation == "PutItem" ||
                      operation == "UpdateItem" || operation == "DeleteItem" ||
                      operation == "Query" || operation == "Scan";
  const bool batch = operation == "BatchWriteItem" || operation == "BatchGetItem";
  const bool transact = operation == "TransactWriteItems" || operation == "TransactGetItems";
  if (!single && !batch && !transact) {
    Result result = engine->Execute(operation, request_json, ExecuteOptions{false});
    // A control-plane change (a new table, new capacity, a new index) is read again on next use;
    // partitions never merge, so a count that was higher stays.
    if (operation == "CreateTable" || operation == "UpdateTable" || operation == "DeleteTable" ||
        operation == "RestoreTableFromBackup" || operation == "RestoreTableToPointInTime" ||
        operation == "ImportTable") {
      json req = Parse(request_json);
      std::string name = StringMember(req, "TableName");
      if (name.empty()) name = StringMember(req, "TargetTableName");
      auto it = m.tables.find(name);
      if (it != m.tables.end() && result.status.ok()) {
        TableState old = std::move(it->second);
        m.tables.erase(it);
        if (operation == "UpdateTable") {
          if (TableState* st = m.Table(engine, name, now)) {
            auto grow = [&](Resource* r, const Resource& before) {
              if (before.partitions > r->partitions) {
                double rcu = r->provisioned ? r->table_read.rate : 0;
                double wcu = r->provisioned ? r->table_write.rate : 0;
                r->Size(before.partitions, rcu, wcu, now);
              }
            };
            grow(&st->table, old.table);
            for (auto& [name_i, r] : st->gsis) {
              auto o = old.gsis.find(name_i);
              if (o != old.gsis.end()) grow(&r, o->second);
            }
          }
        }
      }
    }
    return result;
  }
  json req = Parse(request_json);
  if (!req.is_object()) return engine->Execute(operation, request_json, ExecuteOptions{false});
  if (single) return m.Single(engine, operation, request_json, req, now);
  if (operation == "BatchWriteItem") return m.BatchWrite(engine, request_json, req, now);
  if (operation == "BatchGetItem") return m.BatchGet(engine, request_json, req, now);
  return m.Transact(engine, operation, request_json, req, now);
}

int Throttle::Partitions(std::string_view table, std::string_view index) const {
  auto it = impl_->tables.find(table);
  if (it == impl_->tables.end()) return 0;
  if (index.empty()) return it->second.table.partitions;
  auto g = it->second.gsis.find(index);
  return g == it->second.gsis.end() ? 0 : g->second.partitions;
}

uint64_t Throttle::throttled_requests() const { return impl_->throttled; }

}  // namespace monotable::plan
