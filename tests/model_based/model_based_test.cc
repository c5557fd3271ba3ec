// Model-based test: random sequences of DynamoDB operations run through Engine::Execute and
// through the reference model (reference_model.h), asserting that they agree on every response
// (items, Attributes, Count/ScannedCount, LastEvaluatedKey, errors, CancellationReasons), on
// ConsumedCapacity (INDEXES detail, computed independently from item sizes), on the stored items
// and on every index (CheckIndexes: sparse membership, projections, entry sizes).
//
// Operations: PutItem / UpdateItem (SET, SET with + and if_not_exists, REMOVE, ADD, DELETE) /
// DeleteItem with and without conditions and ReturnValues, TransactWriteItems (Put, Update,
// Delete, ConditionCheck), BatchWriteItem, GetItem, BatchGetItem, Query on the table, a GSI (ALL),
// a hash-only GSI (KEYS_ONLY) and an LSI (INCLUDE) paged by Limit + ExclusiveStartKey forward and
// backward with filters, projections and Select=COUNT, and Scan paged with Segment/TotalSegments.
//
// Deterministic: a seed drives a self-contained generator (same sequence natively and in
// WebAssembly). A failure prints the seed, the operation number and the request; replay with
//   MONOTABLE_MODEL_SEED=<seed> build/tests/monotable_tests --gtest_filter='ModelBased.*'
// Longer runs: MONOTABLE_MODEL_SEEDS=<how many seeds> MONOTABLE_MODEL_OPS=<ops per seed>.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "model_based/engine_check.h"
#include "model_based/reference_model.h"
#include "monotable/engine.h"

namespace monotable::model_based {
namespace {

using json = nlohmann::json;

// splitmix64: the same sequence on every platform (std distributions are not portable).
class Rng {
 public:
  explicit Rng(uint64_t seed) : state_(seed) {}
  uint64_t Next() {
    uint64_t z = (state_ += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  // Uniform in [0, n).
  int Below(int n) { return static_cast<int>(Next() % static_cast<uint64_t>(n)); }
  int Between(int lo, int hi) { return lo + Below(hi - lo + 1); }
  bool Chance(int percent) { return Below(100) < percent; }

 private:
  uint64_t state_;
};

// Partition and LSI sort keys include non-ASCII strings whose UTF-8 byte order differs from their
// UTF-16 order ("ｚ" U+FF5A sorts before "😀" U+1F600 in UTF-8, after it in UTF-16): DynamoDB
// orders S keys by UTF-8 bytes.
const char* const kPks[] = {"p0", "p1", "\xEF\xBD\x9A", "\xF0\x9F\x98\x80"};
const char* const kSks[] = {"-1", "0", "0.5", "1", "2", "10", "11.25", "100"};
const char* const kLsks[] = {"a", "ab", "b", "ba", "\xEF\xBD\x9A", "\xF0\x9F\x98\x80"};

Value S(const std::string& s) { return Value::S(s); }
Value N(int64_t n) { return Value::N(Number::FromInt(n)); }
Value NText(const char* text) {
  Number n;
  (void)Number::Parse(text, &n);
  return Value::N(n);
}

// ExpressionAttributeNames / Values as an expression is built.
struct Placeholders {
  json names = json::object();
  json values = json::object();
  int next = 0;
  std::string Name(const std::string& attr) {
    names["#" + attr] = attr;
    return "#" + attr;
  }
  std::string Val(const Value& v) {
    const std::string key = ":v" + std::to_string(next++);
    values[key] = wire::ToJson(v);
    return key;
  }
  void AddTo(json* request) const {
    if (!names.empty()) (*request)["ExpressionAttributeNames"] = names;
    if (!values.empty()) (*request)["ExpressionAttributeValues"] = values;
  }
};

// A condition from a small closed set, evaluated by the reference on its own.
struct Cond {
  int kind = 0;  // 0: none
  Value operand;

  std::string Text(Placeholders* ph) const {
    switch (kind) {
      case 1:
        return "attribute_not_exists(" + ph->Name("pk") + ")";
      case 2:
        return "attribute_exists(" + ph->Name("pk") + ")";
      case 3:
        return ph->Name("v") + " = " + ph->Val(operand);
      case 4:
        return ph->Name("v") + " < " + ph->Val(operand);
      case 5:
        return "attribute_not_exists(" + ph->Name("v") + ") OR " + ph->Name("v") +
               " <= " + ph->Val(operand);
      case 6:
        return "begins_with(" + ph->Name("gpk") + ", " + ph->Val(operand) + ")";
      case 7:
        return "size(" + ph->Name("s") + ") > " + ph->Val(operand);
      case 8:
        return "contains(" + ph->Name("tags") + ", " + ph->Val(operand) + ")";
      default:
        return "";
    }
  }

  // DynamoDB semantics: a missing attribute makes a comparison false.
  bool Eval(const Item& item) const {
    const Value* v = Attr(item, "v");
    switch (kind) {
      case 0:
        return true;
      case 1:
        return Attr(item, "pk") == nullptr;
      case 2:
        return Attr(item, "pk") != nullptr;
      case 3:
        return v && *v == operand;
      case 4:
        return v && v->n().Compare(operand.n()) < 0;
      case 5:
        return !v || v->n().Compare(operand.n()) <= 0;
      case 6: {
        const Value* g = Attr(item, "gpk");
        return g && g->s().compare(0, operand.s().size(), operand.s()) == 0;
      }
      case 7: {
        const Value* s = Attr(item, "s");
        return s && static_cast<int64_t>(s->s().size()) > std::stoll(operand.n().ToString());
      }
      case 8: {
        const Value* t = Attr(item, "tags");
        if (!t) return false;
        for (const std::string& e : t->strings()) {
          if (e == operand.s()) return true;
        }
        return false;
      }
    }
    return true;
  }
};

// One UpdateExpression action on one top-level attribute.
struct Action {
  std::string attr;
  int kind;  // see UpdateActionText
  Value operand;
};

// What a run exercised (printed once per test, and quoted in docs/reliability.md).
struct Stats {
  int64_t operations = 0, requests = 0, condition_failures = 0, update_errors = 0;
  int64_t transactions_cancelled = 0, query_pages = 0, scan_pages = 0, writes_between_pages = 0;
  void Add(const Stats& o) {
    operations += o.operations;
    requests += o.requests;
    condition_failures += o.condition_failures;
    update_errors += o.update_errors;
    transactions_cancelled += o.transactions_cancelled;
    query_pages += o.query_pages;
    scan_pages += o.scan_pages;
    writes_between_pages += o.writes_between_pages;
  }
};

class ModelRun {
 public:
  explicit ModelRun(uint64_t seed) : seed_(seed), rng_(seed * 7919 + 17) {
    EngineOptions options;
    options.clock_ms = [] { return int64_t{1704067200000}; };
    engine_ = Engine(std::move(options));
  }

  const Stats& stats() const { return stats_; }

  // Runs `ops` random operations; returns false (after reporting) at the first disagreement.
  bool Run(int ops) {
    if (!CreateTable()) return false;
    for (op_ = 1; op_ <= ops; ++op_) {
      const int pick = rng_.Below(100);
      bool ok;
      if (pick < 18) {
        ok = PutItem();
      } else if (pick < 36) {
        ok = UpdateItem();
      } else if (pick < 43) {
        ok = DeleteItem();
      } else if (pick < 51) {
        ok = TransactWrite();
      } else if (pick < 55) {
        ok = BatchWrite();
      } else if (pick < 62) {
        ok = GetItem();
      } else if (pick < 66) {
        ok = BatchGet();
      } else if (pick < 78) {
        ok = QueryTable();
      } else if (pick < 85) {
        ok = QueryIndex("GS1");
      } else if (pick < 88) {
        ok = QueryIndex("GS2");
      } else if (pick < 94) {
        ok = QueryIndex("LS1");
      } else {
        ok = Scan();
      }
      if (!ok || !CheckState()) return false;
      ++stats_.operations;
    }
    return true;
  }

 private:
  // ---- plumbing ---------------------------------------------------------------------------

  bool Fail(const std::string& what, const std::string& expected = "") {
    ADD_FAILURE() << "model-based: seed " << seed_ << ", operation " << op_ << ": " << what
                  << "\n  request: " << last_op_ << " " << last_request_
                  << "\n  engine:  " << last_body_
                  << (expected.empty() ? "" : "\n  expected: " + expected)
                  << "\n  replay:  MONOTABLE_MODEL_SEED=" << seed_
                  << " build/tests/monotable_tests --gtest_filter='ModelBased.*'";
    return false;
  }

  Result Exec(const std::string& op, const json& request) {
    last_op_ = op;
    last_request_ = request.dump();
    Result r = engine_.Execute(op, last_request_);
    ++stats_.requests;
    last_body_ = r.body;
    last_ = json::parse(r.body, nullptr, false);
    return r;
  }

  // The response member as an item (absent: empty).
  Item ItemMember(const json& obj, const char* member) {
    Item item;
    auto it = obj.find(member);
    if (it != obj.end()) (void)wire::ParseItem(*it, &item);
    return item;
  }

  bool ExpectOk(const Result& r) {
    if (!r.status.ok()) return Fail("unexpected error " + std::string(ErrorName(r.status.code())));
    if (!last_.is_object()) return Fail("response is not a JSON object");
    return true;
  }

  bool ExpectError(const Result& r, ErrorCode code, const std::string& message = "") {
    if (r.status.code() != code) {
      return Fail(
          "expected " + std::string(ErrorName(code)) + ", got " +
          (r.status.ok() ? std::string("success") : std::string(ErrorName(r.status.code()))));
    }
    if (!message.empty() && r.status.message() != message) {
      return Fail("error message differs", message);
    }
    return true;
  }

  static double Units(const json& obj, const char* member) {
    auto it = obj.find(member);
    if (it == obj.end() || !it->is_object()) return 0;
    auto cu = it->find("CapacityUnits");
    return cu != it->end() && cu->is_number() ? cu->get<double>() : 0;
  }

  // Compares one table's ConsumedCapacity (INDEXES detail): total, Table, and each index (an
  // index not listed counts as 0).
  bool CheckCapacity(const json& cc, double table, const std::map<std::string, double>& indexes) {
    if (!cc.is_object()) return Fail("ConsumedCapacity missing");
    double total = table;
    for (const auto& [name, u] : indexes) total += u;
    std::string expected = "total " + std::to_string(total) + ", table " + std::to_string(table);
    for (const auto& [name, u] : indexes) expected += ", " + name + " " + std::to_string(u);
    const double got_total = cc.value("CapacityUnits", -1.0);
    if (got_total != total) return Fail("ConsumedCapacity.CapacityUnits differs", expected);
    if (cc.value("TableName", "") != "Model") return Fail("ConsumedCapacity.TableName differs");
    if (Units(cc, "Table") != table) return Fail("ConsumedCapacity.Table differs", expected);
    for (const RefIndex& index : Indexes()) {
      const char* group = index.global ? "GlobalSecondaryIndexes" : "LocalSecondaryIndexes";
      double got = 0;
      auto g = cc.find(group);
      if (g != cc.end() && g->is_object()) got = Units(*g, index.name.c_str());
      auto want = indexes.find(index.name);
      if (got != (want == indexes.end() ? 0 : want->second)) {
        return Fail("ConsumedCapacity for index " + index.name + " differs", expected);
      }
    }
    return true;
  }

  bool CheckWriteCapacity(const WriteUnits& units) {
    return CheckCapacity(last_.value("ConsumedCapacity", json()), units.table, units.indexes);
  }

  bool SameItem(const Item& got, const Item& want, const std::string& what) {
    if (got == want) return true;
    return Fail(what + " differs", testing::DumpItem(want));
  }

  // After every operation: stored items equal the reference, indexes match the base table.
  bool CheckState() {
    std::vector<std::string> engine_items, ref_items;
    engine_.ForEachItem("Model", "", [&](const Item& item, size_t) {
      engine_items.push_back(testing::DumpItem(item));
    });
    size_t ref_bytes = 0;
    for (const Item& item : ref_.items()) {
      ref_items.push_back(testing::DumpItem(item));
      ref_bytes += RefItemSize(item);
    }
    std::sort(engine_items.begin(), engine_items.end());
    std::sort(ref_items.begin(), ref_items.end());
    if (engine_items != ref_items) {
      std::string want;
      for (const std::string& s : ref_items) want += "\n    " + s;
      return Fail("stored items differ from the reference after this operation", want);
    }
    const std::vector<TableInfo> tables = engine_.Tables();
    if (tables.size() != 1 || tables[0].item_count != ref_items.size() ||
        tables[0].size_bytes != ref_bytes) {
      return Fail(
          "Tables() item count or size differs",
          std::to_string(ref_items.size()) + " items, " + std::to_string(ref_bytes) + " bytes");
    }
    const std::string problems = testing::CheckIndexes(engine_, RefItemSize);
    if (!problems.empty()) return Fail("indexes inconsistent with the base table:\n" + problems);
    return true;
  }

  // ---- generators -------------------------------------------------------------------------

  Item RandomKey() {
    return Item{{"pk", S(kPks[rng_.Below(4)])}, {"sk", NText(kSks[rng_.Below(8)])}};
  }

  // `length` characters; now and then some are 2- or 4-byte UTF-8 (sizes count bytes).
  std::string RandomString(int length) {
    const bool wide = rng_.Chance(20);
    std::string s;
    for (int i = 0; i < length; ++i) {
      const int r = wide ? rng_.Below(10) : 9;
      if (r == 0) {
        s += "\xC3\xA9";  // é
      } else if (r == 1) {
        s += "\xF0\x9F\x98\x80";  // 😀
      } else {
        s += static_cast<char>('a' + rng_.Below(26));
      }
    }
    return s;
  }

  // Another text DynamoDB reads as the same number ("1" -> "1.0", "1E0", "001"; "0.5" -> ".5").
  std::string AltNumberText(const std::string& t) {
    switch (rng_.Below(4)) {
      case 0:
        return t + (t.find('.') == std::string::npos ? ".0" : "0");
      case 1:
        return t + "E0";
      case 2:
        return t[0] == '-' ? "-00" + t.substr(1) : "00" + t;
      default:
        if (t.rfind("0.", 0) == 0) return t.substr(1);
        if (t.rfind("-0.", 0) == 0) return "-" + t.substr(2);
        if (t.find('.') != std::string::npos) return t + "00";
        return t + "0E-1";  // 10 x 10^-1
    }
  }

  // An attribute map as the request carries it: top-level numbers sometimes written in another,
  // equivalent form, so the engine must canonicalise keys and values.
  json Wire(const Item& item) {
    json j = wire::ToJson(item);
    for (auto it = j.begin(); it != j.end(); ++it) {
      auto n = it->find("N");
      if (n != it->end() && rng_.Chance(30)) *n = AltNumberText(n->get<std::string>());
    }
    return j;
  }

  // Item sizes spread across the 1 KB and 4 KB boundaries now and then.
  Value RandomS() {
    const int r = rng_.Below(10);
    if (r < 7) return S(RandomString(rng_.Between(1, 60)));
    if (r < 9) return S(RandomString(rng_.Between(900, 1100)));
    return S(RandomString(rng_.Between(3950, 4150)));
  }

  Value RandomTags() {
    std::vector<std::string> tags;
    for (const char* t : {"x", "y", "z"}) {
      if (rng_.Chance(50)) tags.push_back(t);
    }
    if (tags.empty()) tags.push_back("x");
    return Value::SS(tags);
  }

  Item RandomItem(const Item& key) {
    Item item = key;
    if (rng_.Chance(80)) item["v"] = N(rng_.Between(-20, 20));
    if (rng_.Chance(70)) item["s"] = RandomS();
    if (rng_.Chance(60)) item["gpk"] = S("g" + std::to_string(rng_.Below(3)));
    if (rng_.Chance(70)) item["gsk"] = N(rng_.Below(5));
    if (rng_.Chance(40)) item["h"] = S("h" + std::to_string(rng_.Below(2)));
    if (rng_.Chance(50)) item["lsk"] = S(kLsks[rng_.Below(6)]);
    if (rng_.Chance(30)) item["tags"] = RandomTags();
    if (rng_.Chance(15)) item["m"] = Value::M(Map{{"k", N(rng_.Below(100))}});
    return item;
  }

  Cond RandomCond(bool allow_none) {
    Cond c;
    c.kind = allow_none && rng_.Chance(50) ? 0 : rng_.Between(1, 8);
    switch (c.kind) {
      case 3:
      case 4:
      case 5:
        c.operand = N(rng_.Between(-20, 20));
        break;
      case 6:
        c.operand = S(rng_.Chance(50) ? "g" : "g1");
        break;
      case 7:
        c.operand = N(rng_.Chance(50) ? 30 : 1000);
        break;
      case 8:
        c.operand = S(rng_.Chance(50) ? "x" : "y");
        break;
      default:
        break;
    }
    return c;
  }

  // Actions on 1..3 distinct attributes. `allow_errors`: may include `SET v = v + :d`, which
  // fails when v is missing.
  std::vector<Action> RandomActions(bool allow_errors) {
    std::vector<std::string> attrs = {"v", "s", "gpk", "gsk", "h", "lsk", "tags"};
    std::vector<Action> actions;
    const int n = rng_.Between(1, 3);
    for (int i = 0; i < n; ++i) {
      const int at = rng_.Below(static_cast<int>(attrs.size()));
      const std::string attr = attrs[static_cast<size_t>(at)];
      attrs.erase(attrs.begin() + at);
      Action a{attr, 0, Value()};
      if (attr == "v") {
        a.kind = rng_.Below(4);  // 0 SET if_not_exists + ; 1 SET v + ; 2 ADD ; 3 REMOVE
        if (a.kind == 1 && !allow_errors) a.kind = 0;
        a.operand = N(rng_.Between(-5, 5));
      } else if (attr == "tags") {
        a.kind = 4 + rng_.Below(3);  // 4 ADD ; 5 DELETE ; 6 REMOVE
        a.operand = RandomTags();
      } else {
        a.kind = rng_.Chance(70) ? 7 : 8;  // 7 SET = value ; 8 REMOVE
        if (attr == "s") a.operand = RandomS();
        if (attr == "gpk") a.operand = S("g" + std::to_string(rng_.Below(3)));
        if (attr == "gsk") a.operand = N(rng_.Below(5));
        if (attr == "h") a.operand = S("h" + std::to_string(rng_.Below(2)));
        if (attr == "lsk") a.operand = S(kLsks[rng_.Below(6)]);
      }
      actions.push_back(a);
    }
    return actions;
  }

  static std::string UpdateText(const std::vector<Action>& actions, Placeholders* ph) {
    std::vector<std::string> set, remove, add, del;
    for (const Action& a : actions) {
      const std::string name = ph->Name(a.attr);
      switch (a.kind) {
        case 0:
          set.push_back(name + " = if_not_exists(" + name + ", " + ph->Val(N(0)) + ") + " +
                        ph->Val(a.operand));
          break;
        case 1:
          set.push_back(name + " = " + name + " + " + ph->Val(a.operand));
          break;
        case 2:
        case 4:
          add.push_back(name + " " + ph->Val(a.operand));
          break;
        case 5:
          del.push_back(name + " " + ph->Val(a.operand));
          break;
        case 7:
          set.push_back(name + " = " + ph->Val(a.operand));
          break;
        default:  // 3, 6, 8
          remove.push_back(name);
          break;
      }
    }
    std::string text;
    auto section = [&](const char* keyword, const std::vector<std::string>& parts) {
      if (parts.empty()) return;
      if (!text.empty()) text += " ";
      text += keyword;
      text += " ";
      for (size_t i = 0; i < parts.size(); ++i) text += (i ? ", " : "") + parts[i];
    };
    section("SET", set);
    section("REMOVE", remove);
    section("ADD", add);
    section("DELETE", del);
    return text;
  }

  // True when every action only removes (REMOVE, or DELETE from a set): on a missing item such an
  // update writes nothing (API reference UpdateItem; dynamodb-rules.md §5.7).
  static bool OnlyRemoves(const std::vector<Action>& actions) {
    if (actions.empty()) return false;
    for (const Action& a : actions) {
      if (a.kind != 3 && a.kind != 5 && a.kind != 6 && a.kind != 8) return false;
    }
    return true;
  }

  // Applies actions as DynamoDB documents them. False: "refers to an attribute that does not
  // exist" (SET v = v + :d with v missing).
  static bool ApplyActions(const std::vector<Action>& actions, Item* item) {
    for (const Action& a : actions) {
      auto it = item->find(a.attr);
      switch (a.kind) {
        case 0:
        case 1:
        case 2: {
          if (a.kind == 1 && it == item->end()) return false;
          Number base = it == item->end() ? Number() : it->second.n();
          Number sum;
          (void)Number::Add(base, a.operand.n(), &sum);
          (*item)[a.attr] = Value::N(sum);
          break;
        }
        case 4: {  // ADD to a string set: union
          if (it == item->end()) {
            (*item)[a.attr] = a.operand;
            break;
          }
          std::vector<std::string> merged = it->second.strings();
          for (const std::string& e : a.operand.strings()) {
            if (std::find(merged.begin(), merged.end(), e) == merged.end()) merged.push_back(e);
          }
          it->second = Value::SS(merged);
          break;
        }
        case 5: {  // DELETE from a set; an emptied set disappears
          if (it == item->end()) break;
          std::vector<std::string> left;
          for (const std::string& e : it->second.strings()) {
            const auto& d = a.operand.strings();
            if (std::find(d.begin(), d.end(), e) == d.end()) left.push_back(e);
          }
          if (left.empty()) {
            item->erase(it);
          } else {
            it->second = Value::SS(left);
          }
          break;
        }
        case 7:
          (*item)[a.attr] = a.operand;
          break;
        default:
          if (it != item->end()) item->erase(it);
          break;
      }
    }
    return true;
  }

  // ---- operations -------------------------------------------------------------------------

  bool CreateTable() {
    const Result r = Exec("CreateTable", json::parse(R"({"TableName":"Model",
      "BillingMode":"PAY_PER_REQUEST",
      "AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"},
        {"AttributeName":"sk","AttributeType":"N"},{"AttributeName":"gpk","AttributeType":"S"},
        {"AttributeName":"gsk","AttributeType":"N"},{"AttributeName":"h","AttributeType":"S"},
        {"AttributeName":"lsk","AttributeType":"S"}],
      "KeySchema":[{"AttributeName":"pk","KeyType":"HASH"},{"AttributeName":"sk","KeyType":"RANGE"}],
      "GlobalSecondaryIndexes":[
        {"IndexName":"GS1","KeySchema":[{"AttributeName":"gpk","KeyType":"HASH"},
          {"AttributeName":"gsk","KeyType":"RANGE"}],"Projection":{"ProjectionType":"ALL"}},
        {"IndexName":"GS2","KeySchema":[{"AttributeName":"h","KeyType":"HASH"}],
          "Projection":{"ProjectionType":"KEYS_ONLY"}}],
      "LocalSecondaryIndexes":[
        {"IndexName":"LS1","KeySchema":[{"AttributeName":"pk","KeyType":"HASH"},
          {"AttributeName":"lsk","KeyType":"RANGE"}],
          "Projection":{"ProjectionType":"INCLUDE","NonKeyAttributes":["v"]}}]})"));
    return ExpectOk(r);
  }

  // A failed condition: ConditionalCheckFailedException, the old item when asked, no change.
  bool CheckConditionFailed(const Result& r, const std::optional<Item>& old, bool return_old) {
    ++stats_.condition_failures;
    if (!ExpectError(r, ErrorCode::kConditionalCheckFailed, "The conditional request failed")) {
      return false;
    }
    if (return_old && old) return SameItem(ItemMember(last_, "Item"), *old, "error Item");
    if (last_.contains("Item")) return Fail("error carries an Item that was not asked for");
    return true;
  }

  bool PutItem() {
    const Item key = RandomKey();
    const Item item = RandomItem(key);
    const Cond cond = RandomCond(true);
    const bool return_old = rng_.Chance(50);
    const bool old_on_failure = rng_.Chance(50);
    json req = {
        {"TableName", "Model"}, {"Item", Wire(item)}, {"ReturnConsumedCapacity", "INDEXES"}};
    if (return_old) req["ReturnValues"] = "ALL_OLD";
    Placeholders ph;
    if (cond.kind) {
      req["ConditionExpression"] = cond.Text(&ph);
      if (old_on_failure) req["ReturnValuesOnConditionCheckFailure"] = "ALL_OLD";
    }
    ph.AddTo(&req);
    const std::optional<Item> old = ref_.Get(key);
    const Result r = Exec("PutItem", req);
    if (!cond.Eval(old ? *old : Item())) {
      return CheckConditionFailed(r, old, cond.kind && old_on_failure);
    }
    if (!ExpectOk(r)) return false;
    ref_.Put(item);
    if (!SameItem(ItemMember(last_, "Attributes"), return_old && old ? *old : Item(),
                  "Attributes")) {
      return false;
    }
    return CheckWriteCapacity(WriteCost(old, item, false));
  }

  bool DeleteItem() {
    const Item key = RandomKey();
    const Cond cond = RandomCond(true);
    const bool return_old = rng_.Chance(50);
    json req = {{"TableName", "Model"}, {"Key", Wire(key)}, {"ReturnConsumedCapacity", "INDEXES"}};
    if (return_old) req["ReturnValues"] = "ALL_OLD";
    Placeholders ph;
    if (cond.kind) req["ConditionExpression"] = cond.Text(&ph);
    ph.AddTo(&req);
    const std::optional<Item> old = ref_.Get(key);
    const Result r = Exec("DeleteItem", req);
    if (!cond.Eval(old ? *old : Item())) return CheckConditionFailed(r, old, false);
    if (!ExpectOk(r)) return false;
    ref_.Delete(key);
    if (!SameItem(ItemMember(last_, "Attributes"), return_old && old ? *old : Item(),
                  "Attributes")) {
      return false;
    }
    return CheckWriteCapacity(WriteCost(old, std::nullopt, false));
  }

  bool UpdateItem() {
    const Item key = RandomKey();
    const std::vector<Action> actions = RandomActions(true);
    const Cond cond = RandomCond(true);
    static const char* const kReturn[] = {"NONE", "ALL_OLD", "ALL_NEW", "UPDATED_OLD",
                                          "UPDATED_NEW"};
    const std::string return_values = kReturn[rng_.Below(5)];
    Placeholders ph;
    json req = {{"TableName", "Model"},
                {"Key", Wire(key)},
                {"UpdateExpression", UpdateText(actions, &ph)},
                {"ReturnValues", return_values},
                {"ReturnConsumedCapacity", "INDEXES"}};
    if (cond.kind) req["ConditionExpression"] = cond.Text(&ph);
    ph.AddTo(&req);
    const std::optional<Item> old = ref_.Get(key);
    const Result r = Exec("UpdateItem", req);
    if (!cond.Eval(old ? *old : Item())) return CheckConditionFailed(r, old, false);
    Item updated = old ? *old : key;
    if (!ApplyActions(actions, &updated)) {
      ++stats_.update_errors;
      return ExpectError(r, ErrorCode::kValidation,
                         "The provided expression refers to an attribute that does not exist in "
                         "the item");
    }
    if (!ExpectOk(r)) return false;
    if (!old && OnlyRemoves(actions)) {
      // Nothing created: no Attributes, billed like a delete of nothing.
      if (!SameItem(ItemMember(last_, "Attributes"), Item(), "Attributes")) return false;
      return CheckWriteCapacity(WriteCost(old, std::nullopt, false));
    }
    ref_.Put(updated);
    Item want;
    if (return_values == "ALL_OLD" && old) want = *old;
    if (return_values == "ALL_NEW") want = updated;
    if (return_values == "UPDATED_OLD" || return_values == "UPDATED_NEW") {
      const Item& from = return_values == "UPDATED_OLD" ? (old ? *old : Item()) : updated;
      for (const Action& a : actions) {
        if (const Value* v = Attr(from, a.attr)) want[a.attr] = *v;
      }
    }
    if (!SameItem(ItemMember(last_, "Attributes"), want, "Attributes")) return false;
    return CheckWriteCapacity(WriteCost(old, updated, false));
  }

  bool TransactWrite() {
    // 1..4 actions on distinct items.
    const std::vector<Item> keys = DistinctKeys(rng_.Between(1, 4));
    json items = json::array();
    std::vector<std::string> codes;
    bool cancelled = false;
    WriteUnits total;
    std::vector<std::optional<Item>> results;  // new image per action (nullopt: deleted/none)
    std::vector<int> kinds;
    for (const Item& key : keys) {
      const int kind = rng_.Below(4);  // 0 Put, 1 Update, 2 Delete, 3 ConditionCheck
      const Cond cond = RandomCond(kind != 3);
      Placeholders ph;
      json body = {{"TableName", "Model"}};
      const std::optional<Item> old = ref_.Get(key);
      std::optional<Item> after = old;
      const char* member = "ConditionCheck";
      if (kind == 0) {
        member = "Put";
        after = RandomItem(key);
        body["Item"] = Wire(*after);
      } else if (kind == 1) {
        member = "Update";
        const std::vector<Action> actions = RandomActions(false);
        body["Key"] = Wire(key);
        body["UpdateExpression"] = UpdateText(actions, &ph);
        Item updated = old ? *old : key;
        ApplyActions(actions, &updated);
        after = updated;
        if (!old && OnlyRemoves(actions)) after = std::nullopt;  // creates nothing
      } else {
        if (kind == 2) member = "Delete";
        if (kind == 2) after = std::nullopt;
        body["Key"] = Wire(key);
      }
      if (cond.kind) body["ConditionExpression"] = cond.Text(&ph);
      ph.AddTo(&body);
      items.push_back(json{{member, body}});
      const bool pass = cond.Eval(old ? *old : Item());
      codes.push_back(pass ? "None" : "ConditionalCheckFailed");
      cancelled = cancelled || !pass;
      WriteUnits units;
      if (kind == 3) {
        // ConditionCheck: billed like a transactional write of the checked item (the engine's
        // estimate: DynamoDB does not document it).
        units.table = static_cast<double>(Blocks(old ? RefItemSize(*old) : 0, 1024)) * 2;
      } else {
        units = WriteCost(old, after, true);
      }
      total.table += units.table;
      for (const auto& [name, u] : units.indexes) total.indexes[name] += u;
      results.push_back(after);
      kinds.push_back(kind);
    }
    const json req = {{"TransactItems", items}, {"ReturnConsumedCapacity", "INDEXES"}};
    const Result r = Exec("TransactWriteItems", req);
    if (cancelled) {
      ++stats_.transactions_cancelled;
      if (!ExpectError(r, ErrorCode::kTransactionCanceled)) return false;
      auto reasons = last_.find("CancellationReasons");
      if (reasons == last_.end() || !reasons->is_array() || reasons->size() != codes.size()) {
        return Fail("CancellationReasons missing or of the wrong length");
      }
      for (size_t i = 0; i < codes.size(); ++i) {
        if ((*reasons)[i].value("Code", "") != codes[i]) {
          return Fail("CancellationReasons[" + std::to_string(i) + "].Code differs", codes[i]);
        }
      }
      return true;
    }
    if (!ExpectOk(r)) return false;
    for (size_t i = 0; i < keys.size(); ++i) {
      if (kinds[i] == 3) continue;
      if (results[i]) {
        ref_.Put(*results[i]);
      } else {
        ref_.Delete(keys[i]);
      }
    }
    auto cc = last_.find("ConsumedCapacity");
    if (cc == last_.end() || !cc->is_array() || cc->size() != 1) {
      return Fail("TransactWriteItems ConsumedCapacity is not one entry per table");
    }
    return CheckCapacity((*cc)[0], total.table, total.indexes);
  }

  // Up to `n` distinct keys.
  std::vector<Item> DistinctKeys(int n) {
    std::vector<Item> keys;
    for (int tries = 0; static_cast<int>(keys.size()) < n && tries < 100; ++tries) {
      Item k = RandomKey();
      bool dup = false;
      for (const Item& e : keys) dup = dup || SameKey(e, k);
      if (!dup) keys.push_back(k);
    }
    return keys;
  }

  // BatchWriteItem: each put or delete billed as the single-item operation would be (§1.6),
  // summed into one ConsumedCapacity for the table; nothing left unprocessed.
  bool BatchWrite() {
    const std::vector<Item> keys = DistinctKeys(rng_.Between(1, 6));
    json requests = json::array();
    WriteUnits total;
    std::vector<std::optional<Item>> after;
    for (const Item& key : keys) {
      const std::optional<Item> old = ref_.Get(key);
      std::optional<Item> next;
      if (rng_.Chance(70)) {
        next = RandomItem(key);
        requests.push_back(json{{"PutRequest", json{{"Item", Wire(*next)}}}});
      } else {
        requests.push_back(json{{"DeleteRequest", json{{"Key", Wire(key)}}}});
      }
      const WriteUnits units = WriteCost(old, next, false);
      total.table += units.table;
      for (const auto& [name, u] : units.indexes) total.indexes[name] += u;
      after.push_back(next);
    }
    const json req = {{"RequestItems", json{{"Model", requests}}},
                      {"ReturnConsumedCapacity", "INDEXES"}};
    const Result r = Exec("BatchWriteItem", req);
    if (!ExpectOk(r)) return false;
    for (size_t i = 0; i < keys.size(); ++i) {
      if (after[i]) {
        ref_.Put(*after[i]);
      } else {
        ref_.Delete(keys[i]);
      }
    }
    auto unprocessed = last_.find("UnprocessedItems");
    if (unprocessed != last_.end() && !unprocessed->empty()) return Fail("UnprocessedItems");
    auto cc = last_.find("ConsumedCapacity");
    if (cc == last_.end() || !cc->is_array() || cc->size() != 1) {
      return Fail("BatchWriteItem ConsumedCapacity is not one entry per table");
    }
    return CheckCapacity((*cc)[0], total.table, total.indexes);
  }

  // BatchGetItem: the items found (in any order), each read billed on its own, rounded up to
  // 4 KB per item, misses included (§1.5), summed per table.
  bool BatchGet() {
    const std::vector<Item> keys = DistinctKeys(rng_.Between(1, 8));
    const bool strong = rng_.Chance(50);
    json key_list = json::array();
    std::vector<std::string> want;
    double units = 0;
    for (const Item& key : keys) {
      key_list.push_back(Wire(key));
      const std::optional<Item> item = ref_.Get(key);
      if (item) want.push_back(testing::DumpItem(*item));
      units +=
          static_cast<double>(Blocks(item ? RefItemSize(*item) : 0, 4096)) * (strong ? 1.0 : 0.5);
    }
    json table = {{"Keys", key_list}};
    if (strong) table["ConsistentRead"] = true;
    const json req = {{"RequestItems", json{{"Model", table}}},
                      {"ReturnConsumedCapacity", "INDEXES"}};
    const Result r = Exec("BatchGetItem", req);
    if (!ExpectOk(r)) return false;
    std::vector<std::string> got;
    auto responses = last_.find("Responses");
    if (responses == last_.end() || !responses->is_object()) return Fail("Responses missing");
    auto items = responses->find("Model");
    if (items != responses->end()) {
      for (const json& j : *items) {
        Item item;
        (void)wire::ParseItem(j, &item);
        got.push_back(testing::DumpItem(item));
      }
    }
    std::sort(got.begin(), got.end());
    std::sort(want.begin(), want.end());
    if (got != want) return Fail("BatchGetItem Responses differ");
    auto unprocessed = last_.find("UnprocessedKeys");
    if (unprocessed != last_.end() && !unprocessed->empty()) return Fail("UnprocessedKeys");
    auto cc = last_.find("ConsumedCapacity");
    if (cc == last_.end() || !cc->is_array() || cc->size() != 1) {
      return Fail("BatchGetItem ConsumedCapacity is not one entry per table");
    }
    return CheckCapacity((*cc)[0], units, {});
  }

  bool GetItem() {
    const Item key = RandomKey();
    const bool strong = rng_.Chance(50);
    const int projection = rng_.Below(3);
    json req = {{"TableName", "Model"}, {"Key", Wire(key)}, {"ReturnConsumedCapacity", "INDEXES"}};
    if (strong) req["ConsistentRead"] = true;
    Placeholders ph;
    std::vector<std::string> keep;
    if (projection == 1) keep = {"pk", "v", "s"};
    if (projection == 2) keep = {"pk", "sk", "gpk", "tags"};
    if (!keep.empty()) {
      std::string text;
      for (const std::string& a : keep) text += (text.empty() ? "" : ", ") + ph.Name(a);
      req["ProjectionExpression"] = text;
    }
    ph.AddTo(&req);
    const std::optional<Item> item = ref_.Get(key);
    const Result r = Exec("GetItem", req);
    if (!ExpectOk(r)) return false;
    if (item) {
      Item want = *item;
      if (!keep.empty()) {
        want.clear();
        for (const std::string& a : keep) {
          if (const Value* v = Attr(*item, a)) want[a] = *v;
        }
      }
      if (!last_.contains("Item")) return Fail("Item missing", testing::DumpItem(want));
      if (!SameItem(ItemMember(last_, "Item"), want, "Item")) return false;
    } else if (last_.contains("Item")) {
      return Fail("an Item for a missing key");
    }
    // Per item: ceil(size / 4 KB), a miss costs the minimum; eventually consistent x0.5.
    const double units =
        static_cast<double>(Blocks(item ? RefItemSize(*item) : 0, 4096)) * (strong ? 1.0 : 0.5);
    return CheckCapacity(last_.value("ConsumedCapacity", json()), units, {});
  }

  // A filter from a small closed set, for the table and ALL-projected indexes (index: which
  // attributes it may use; KEYS_ONLY gets none).
  struct Filter {
    int kind = 0;  // 0 none, 1 v >= :f, 2 attribute_exists(h), 3 contains(tags, :t)
    Value operand;
    bool Eval(const Item& item) const {
      const Value* v;
      switch (kind) {
        case 1:
          v = Attr(item, "v");
          return v && v->n().Compare(operand.n()) >= 0;
        case 2:
          return Attr(item, "h") != nullptr;
        case 3: {
          v = Attr(item, "tags");
          if (!v) return false;
          for (const std::string& e : v->strings()) {
            if (e == operand.s()) return true;
          }
          return false;
        }
        default:
          return true;
      }
    }
    std::string Text(Placeholders* ph) const {
      if (kind == 1) return ph->Name("v") + " >= " + ph->Val(operand);
      if (kind == 2) return "attribute_exists(" + ph->Name("h") + ")";
      if (kind == 3) return "contains(" + ph->Name("tags") + ", " + ph->Val(operand) + ")";
      return "";
    }
  };

  Filter RandomFilter(int max_kind) {
    Filter f;
    if (max_kind == 0 || !rng_.Chance(30)) return f;
    f.kind = rng_.Between(1, max_kind);
    if (f.kind == 1) f.operand = N(rng_.Between(-10, 10));
    if (f.kind == 3) f.operand = S(rng_.Chance(50) ? "x" : "y");
    return f;
  }

  // Pages through a Query, comparing every page with the reference's brute-force rows.
  // `base`: the request without paging members.
  // `rows_fn` gives the rows the query matches now: between pages a write may change them (the
  // next page then starts after ExclusiveStartKey in key order, whether or not that item is
  // still there, as DynamoDB does).
  bool PageQuery(json base, const RefIndex* index,
                 const std::function<std::vector<Reference::Row>()>& rows_fn, const Filter& filter,
                 std::optional<int> limit, bool strong, bool count_only,
                 const std::vector<std::string>& projection) {
    size_t pos = 0;
    std::optional<Item> start;
    const bool forward = base.value("ScanIndexForward", true);
    for (int page = 0; page < 64; ++page) {
      const std::vector<Reference::Row> rows = rows_fn();
      pos = 0;
      if (start) {
        while (pos < rows.size() && !(forward ? PartitionLess(*start, rows[pos].entry, index)
                                              : PartitionLess(rows[pos].entry, *start, index))) {
          ++pos;
        }
      }
      json req = base;
      if (limit) req["Limit"] = *limit;
      if (start) req["ExclusiveStartKey"] = wire::ToJson(*start);
      const Result r = Exec("Query", req);
      ++stats_.query_pages;
      if (!ExpectOk(r)) return false;
      // The reference page: up to Limit rows evaluated from `pos`.
      const size_t end =
          limit ? std::min(rows.size(), pos + static_cast<size_t>(*limit)) : rows.size();
      std::vector<Item> want;
      size_t bytes = 0;
      for (size_t i = pos; i < end; ++i) {
        bytes += RefItemSize(rows[i].entry);
        if (!filter.Eval(rows[i].entry)) continue;
        Item out = rows[i].entry;
        if (!projection.empty()) {
          out.clear();
          for (const std::string& a : projection) {
            if (const Value* v = Attr(rows[i].entry, a)) out[a] = *v;
          }
        }
        want.push_back(out);
      }
      const bool limited = limit && end - pos == static_cast<size_t>(*limit);
      if (last_.value("ScannedCount", -1) != static_cast<int>(end - pos)) {
        return Fail("ScannedCount differs", std::to_string(end - pos));
      }
      if (last_.value("Count", -1) != static_cast<int>(want.size())) {
        return Fail("Count differs", std::to_string(want.size()));
      }
      if (count_only) {
        if (last_.contains("Items")) return Fail("Select=COUNT returned Items");
      } else {
        auto got = last_.find("Items");
        if (got == last_.end() || !got->is_array() || got->size() != want.size()) {
          return Fail("Items differ in number", std::to_string(want.size()) + " items");
        }
        for (size_t i = 0; i < want.size(); ++i) {
          Item item;
          (void)wire::ParseItem((*got)[i], &item);
          if (!SameItem(item, want[i], "Items[" + std::to_string(i) + "]")) return false;
        }
      }
      // Capacity: the page's bytes read, rounded up to 4 KB once; x0.5 unless strong.
      const double units = static_cast<double>(Blocks(bytes, 4096)) * (strong ? 1.0 : 0.5);
      std::map<std::string, double> index_units;
      if (index) index_units[index->name] = units;
      if (!CheckCapacity(last_.value("ConsumedCapacity", json()), index ? 0 : units, index_units)) {
        return false;
      }
      // LastEvaluatedKey: whenever Limit stopped the page, even if nothing follows.
      if (limited) {
        const Item want_key = PageKeyOf(rows[end - 1].entry, index);
        if (!last_.contains("LastEvaluatedKey")) {
          return Fail("LastEvaluatedKey missing", testing::DumpItem(want_key));
        }
        const Item got_key = ItemMember(last_, "LastEvaluatedKey");
        if (!SameItem(got_key, want_key, "LastEvaluatedKey")) return false;
        start = got_key;
        // Now and then the table changes between two pages.
        if (rng_.Chance(20)) {
          const bool ok =
              rng_.Chance(50) ? PutItem() : (rng_.Chance(50) ? DeleteItem() : UpdateItem());
          if (!ok || !CheckState()) return false;
          ++stats_.writes_between_pages;
        }
        continue;
      }
      if (last_.contains("LastEvaluatedKey")) return Fail("unexpected LastEvaluatedKey");
      return true;
    }
    return Fail("more than 64 pages");
  }

  // Sort key condition on `name` (N): 0 none, = < <= > >= BETWEEN.
  std::string RandomRangeCondition(const std::string& name, Placeholders* ph,
                                   std::function<bool(const Value&)>* ok) {
    const int op = rng_.Below(7);
    if (op == 0) {
      *ok = [](const Value&) { return true; };
      return "";
    }
    const bool on_sk = name == "sk";
    auto random_value = [&]() { return on_sk ? NText(kSks[rng_.Below(8)]) : N(rng_.Below(5)); };
    Value a = random_value();
    const std::string n = ph->Name(name);
    if (op == 6) {
      Value b = random_value();
      if (a.n().Compare(b.n()) > 0) std::swap(a, b);
      *ok = [a, b](const Value& v) {
        return v.n().Compare(a.n()) >= 0 && v.n().Compare(b.n()) <= 0;
      };
      return " AND " + n + " BETWEEN " + ph->Val(a) + " AND " + ph->Val(b);
    }
    static const char* const kOps[] = {"", "=", "<", "<=", ">", ">="};
    *ok = [a, op](const Value& v) {
      const int c = v.n().Compare(a.n());
      switch (op) {
        case 1:
          return c == 0;
        case 2:
          return c < 0;
        case 3:
          return c <= 0;
        case 4:
          return c > 0;
        default:
          return c >= 0;
      }
    };
    return " AND " + n + " " + kOps[op] + " " + ph->Val(a);
  }

  bool QueryTable() {
    Placeholders ph;
    const Value pk = S(kPks[rng_.Below(4)]);
    std::function<bool(const Value&)> range_ok;
    std::string kce = ph.Name("pk") + " = " + ph.Val(pk);
    kce += RandomRangeCondition("sk", &ph, &range_ok);
    const bool forward = rng_.Chance(50);
    const bool strong = rng_.Chance(50);
    const Filter filter = RandomFilter(3);
    const bool count_only = rng_.Chance(10);
    std::vector<std::string> projection;
    if (!count_only && rng_.Chance(20)) projection = {"pk", "sk", "v"};
    std::optional<int> limit;
    if (rng_.Chance(60)) limit = rng_.Between(1, 5);
    json req = {{"TableName", "Model"},
                {"KeyConditionExpression", kce},
                {"ScanIndexForward", forward},
                {"ReturnConsumedCapacity", "INDEXES"}};
    if (strong) req["ConsistentRead"] = true;
    if (filter.kind) req["FilterExpression"] = filter.Text(&ph);
    if (count_only) req["Select"] = "COUNT";
    if (!projection.empty()) {
      std::string text;
      for (const std::string& a : projection) text += (text.empty() ? "" : ", ") + ph.Name(a);
      req["ProjectionExpression"] = text;
    }
    ph.AddTo(&req);
    auto rows = [&] {
      return ref_.QueryRows(
          nullptr, pk, [&](const Item& e) { return range_ok(*Attr(e, "sk")); }, forward);
    };
    return PageQuery(req, nullptr, rows, filter, limit, strong, count_only, projection);
  }

  bool QueryIndex(const std::string& name) {
    const RefIndex& index = IndexNamed(name);
    Placeholders ph;
    Value hash;
    std::function<bool(const Value&)> range_ok = [](const Value&) { return true; };
    std::string kce;
    Filter filter;
    bool strong = false;
    if (name == "GS1") {
      hash = S("g" + std::to_string(rng_.Below(3)));
      kce = ph.Name("gpk") + " = " + ph.Val(hash) + RandomRangeCondition("gsk", &ph, &range_ok);
      filter = RandomFilter(3);
    } else if (name == "GS2") {
      hash = S("h" + std::to_string(rng_.Below(2)));
      kce = ph.Name("h") + " = " + ph.Val(hash);
    } else {
      hash = S(kPks[rng_.Below(4)]);
      kce = ph.Name("pk") + " = " + ph.Val(hash);
      if (rng_.Chance(50)) {
        static const char* const kPrefixes[] = {"a", "b", "ba"};
        const std::string prefix = kPrefixes[rng_.Below(3)];
        kce += " AND begins_with(" + ph.Name("lsk") + ", " + ph.Val(S(prefix)) + ")";
        range_ok = [prefix](const Value& v) {
          return v.s().compare(0, prefix.size(), prefix) == 0;
        };
      }
      filter = RandomFilter(1);  // v is projected into LS1; other attributes would need fetches
      strong = rng_.Chance(50);
    }
    const bool forward = rng_.Chance(50);
    std::optional<int> limit;
    if (rng_.Chance(60)) limit = rng_.Between(1, 4);
    json req = {{"TableName", "Model"},
                {"IndexName", name},
                {"KeyConditionExpression", kce},
                {"ScanIndexForward", forward},
                {"ReturnConsumedCapacity", "INDEXES"}};
    if (strong) req["ConsistentRead"] = true;
    if (filter.kind) req["FilterExpression"] = filter.Text(&ph);
    ph.AddTo(&req);
    auto rows = [&] {
      return ref_.QueryRows(
          &index, hash,
          [&](const Item& e) { return index.range.empty() || range_ok(*Attr(e, index.range)); },
          forward);
    };
    return PageQuery(req, &index, rows, filter, limit, strong, false, {});
  }

  bool Scan() {
    const int total_segments = rng_.Between(1, 3);
    const bool use_segments = total_segments > 1 || rng_.Chance(50);
    std::optional<int> limit;
    if (rng_.Chance(70)) limit = rng_.Between(1, 7);
    const bool strong = rng_.Chance(50);
    const Filter filter = RandomFilter(3);
    std::vector<std::string> got;
    int scanned = 0;
    for (int segment = 0; segment < total_segments; ++segment) {
      std::optional<Item> start;
      for (int page = 0;; ++page) {
        if (page > 64) return Fail("more than 64 Scan pages");
        Placeholders ph;
        json req = {{"TableName", "Model"}, {"ReturnConsumedCapacity", "INDEXES"}};
        if (use_segments) {
          req["Segment"] = segment;
          req["TotalSegments"] = total_segments;
        }
        if (limit) req["Limit"] = *limit;
        if (strong) req["ConsistentRead"] = true;
        if (start) req["ExclusiveStartKey"] = wire::ToJson(*start);
        if (filter.kind) req["FilterExpression"] = filter.Text(&ph);
        ph.AddTo(&req);
        const Result r = Exec("Scan", req);
        ++stats_.scan_pages;
        if (!ExpectOk(r)) return false;
        const int page_scanned = last_.value("ScannedCount", -1);
        const int page_count = last_.value("Count", -1);
        if (page_scanned < 0 || (limit && page_scanned > *limit) || page_count > page_scanned) {
          return Fail("Count / ScannedCount out of range");
        }
        scanned += page_scanned;
        size_t bytes = 0;
        auto items = last_.find("Items");
        if (items == last_.end() || !items->is_array() ||
            static_cast<int>(items->size()) != page_count) {
          return Fail("Items do not match Count");
        }
        for (const json& j : *items) {
          Item item;
          (void)wire::ParseItem(j, &item);
          if (!filter.Eval(item)) return Fail("Scan returned an item the filter rejects");
          bytes += RefItemSize(item);
          got.push_back(testing::DumpItem(item));
        }
        // Without a filter every item read is returned, so the page's cost is known.
        if (!filter.kind) {
          const double units = static_cast<double>(Blocks(bytes, 4096)) * (strong ? 1.0 : 0.5);
          if (!CheckCapacity(last_.value("ConsumedCapacity", json()), units, {})) return false;
        }
        const bool limited = limit && page_scanned == *limit;
        if (limited != last_.contains("LastEvaluatedKey")) {
          return Fail("LastEvaluatedKey must be returned exactly when Limit stopped the page");
        }
        if (!limited) break;
        start = ItemMember(last_, "LastEvaluatedKey");
      }
    }
    std::vector<std::string> want;
    for (const Item& item : ref_.items()) {
      if (filter.Eval(item)) want.push_back(testing::DumpItem(item));
    }
    std::sort(got.begin(), got.end());
    std::sort(want.begin(), want.end());
    if (got != want) {
      std::string w;
      for (const std::string& s : want) w += "\n    " + s;
      return Fail("Scan over all segments and pages differs from the table", w);
    }
    if (scanned != static_cast<int>(ref_.items().size())) {
      return Fail("Scan read " + std::to_string(scanned) + " items in all, expected " +
                  std::to_string(ref_.items().size()));
    }
    return true;
  }

  uint64_t seed_;
  Stats stats_;
  Rng rng_;
  Engine engine_;
  Reference ref_;
  int op_ = 0;
  std::string last_op_, last_request_, last_body_;
  json last_;
};

int64_t EnvInt(const char* name, int64_t fallback) {
  const char* v = std::getenv(name);
  return v && *v ? std::strtoll(v, nullptr, 10) : fallback;
}

// The reference's own item size agrees with dynamodb-rules.md §1.2's live-validated vectors.
TEST(ModelBased, ReferenceSizesFollowTheRules) {
  const std::pair<const char*, size_t> numbers[] = {
      {"0", 1},   {"1", 2},       {"10", 2}, {"12", 2},  {"123", 3},   {"1.2", 3},
      {"0.5", 2}, {"12.3456", 4}, {"-1", 3}, {"100", 2}, {"0.123", 3}, {"11.25", 3}};
  for (const auto& [text, size] : numbers) EXPECT_EQ(RefNumberSize(NText(text).n()), size) << text;
  // A vector 1 item from §1.2 is exactly 4096 bytes.
  Item item{{"a", S(std::string(10, 'x'))},
            {"b", S(std::string(4071, 'x'))},
            {"c", NText("12.3456")},
            {"d", Value::B("\x01\x02")},
            {"e", Value::BS({"\x01\x02", "\x02", "\x01"})}};
  EXPECT_EQ(RefItemSize(item), 4096u);
}

// A few thousand random operations over several seeds. MONOTABLE_MODEL_SEED replays one seed.
TEST(ModelBased, RandomOperationsMatchTheReference) {
  const int64_t ops = EnvInt("MONOTABLE_MODEL_OPS", 600);
  const int64_t only = EnvInt("MONOTABLE_MODEL_SEED", 0);
  const int64_t seeds = EnvInt("MONOTABLE_MODEL_SEEDS", 5);
  Stats total;
  const int64_t first = only ? only : 1, last = only ? only : seeds;
  for (int64_t seed = first; seed <= last; ++seed) {
    ModelRun run(static_cast<uint64_t>(seed));
    const bool ok = run.Run(static_cast<int>(ops));
    total.Add(run.stats());
    if (!ok) return;  // reported with its seed
  }
  std::printf(
      "model-based: seeds %lld..%lld, %lld operations (%lld requests): %lld condition failures, "
      "%lld update errors, %lld transactions cancelled, %lld query pages (%lld with a write "
      "before them), %lld scan pages\n",
      static_cast<long long>(first), static_cast<long long>(last),
      static_cast<long long>(total.operations), static_cast<long long>(total.requests),
      static_cast<long long>(total.condition_failures), static_cast<long long>(total.update_errors),
      static_cast<long long>(total.transactions_cancelled),
      static_cast<long long>(total.query_pages), static_cast<long long>(total.writes_between_pages),
      static_cast<long long>(total.scan_pages));
}

}  // namespace
}  // namespace monotable::model_based
