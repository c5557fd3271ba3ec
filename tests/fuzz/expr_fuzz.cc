// Fuzz targets for the expression parsers (core/expr): one source, four executables, chosen by
// MONOTABLE_EXPR_FUZZ_KIND: 0 condition (ConditionExpression and FilterExpression), 1 key
// condition, 2 projection, 3 update.
//
// Input: the expression text, optionally followed by '\n' and a JSON object with
// "ExpressionAttributeNames" / "ExpressionAttributeValues" (as a request carries them; seeds are
// made that way from tests/cases). A fixed set of placeholders of every type (#a..#e, #pk, #sk,
// :s, :n, :b, :bool, :null, :l, :m, :ss, :ns, :bs, ...) is always defined as well, so mutated
// text finds placeholders to use. Invariants checked (a violation aborts):
// - parsing never crashes, hangs or overflows the stack, whatever the text;
// - a failed parse leaves its output unchanged;
// - evaluating a parsed condition is deterministic and never crashes, on items of every shape;
// - UpdateExpression Apply is all-or-nothing: a failed Apply leaves the item unchanged; a
//   successful one is deterministic;
// - a projection without list indexes is idempotent.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "api/wire/wire.h"
#include "expr/expr.h"

#ifndef MONOTABLE_EXPR_FUZZ_KIND
#define MONOTABLE_EXPR_FUZZ_KIND 0
#endif

namespace {

using json = nlohmann::json;
using namespace monotable;  // NOLINT: a test driver

[[noreturn]] void Fail(const char* what, std::string_view text) {
  std::fprintf(stderr, "expr_fuzz: %s; expression: \"%.*s\"\n", what, static_cast<int>(text.size()),
               text.data());
  std::abort();
}

Item ItemFromJson(const char* text) {
  Item item;
  (void)wire::ParseItem(json::parse(text, nullptr, false), &item);
  return item;
}

// Items of many shapes the parsed expressions run against.
const std::vector<Item>& Items() {
  static const std::vector<Item> items = {
      Item(),
      ItemFromJson(R"({"pk":{"S":"p"},"sk":{"N":"1"}})"),
      ItemFromJson(R"({"pk":{"S":"p"},"sk":{"N":"2"},"a":{"S":"abc"},"b":{"N":"-3.5"},
        "c":{"B":"AQI="},"d":{"BOOL":true},"e":{"NULL":true},
        "l":{"L":[{"N":"1"},{"S":"x"},{"L":[{"N":"2"}]},{"M":{"k":{"S":"v"}}}]},
        "m":{"M":{"a":{"S":"x"},"b":{"M":{"c":{"L":[{"N":"1"},{"N":"2"}]}}}}},
        "ss":{"SS":["a","b"]},"ns":{"NS":["1","2.5"]},"bs":{"BS":["AQ==","Ag=="]}})"),
      ItemFromJson(R"({"pk":{"S":"q"},"sk":{"N":"99999999999999999999999999999999999999"},
        "a":{"N":"1E+125"},"b":{"S":""},"l":{"L":[]},"m":{"M":{}},"n":{"N":"-1E-130"}})"),
  };
  return items;
}

void DefaultPlaceholders(expr::AttributeNames* names, expr::AttributeValues* values) {
  const char* name_pairs[][2] = {{"#a", "a"}, {"#b", "b"},   {"#c", "c"},      {"#d", "d"},
                                 {"#e", "e"}, {"#pk", "pk"}, {"#sk", "sk"},    {"#l", "l"},
                                 {"#m", "m"}, {"#x", "x.y"}, {"#size", "size"}};
  for (auto& p : name_pairs) names->emplace(p[0], p[1]);
  const Item v = ItemFromJson(R"({":s":{"S":"ab"},":s2":{"S":"abd"},":n":{"N":"1"},
    ":n2":{"N":"2"},":big":{"N":"9.9999999999999999999999999999999999999E+125"},
    ":b":{"B":"AQ=="},":bool":{"BOOL":false},":null":{"NULL":true},
    ":l":{"L":[{"N":"3"}]},":m":{"M":{"k":{"N":"1"}}},":ss":{"SS":["a","z"]},
    ":ns":{"NS":["1","7"]},":bs":{"BS":["AQ=="]},":t":{"S":"N"},":e":{"S":""}})");
  for (const auto& [k, val] : v) values->emplace(k, val);
}

[[maybe_unused]] bool HasListIndex(const expr::Projection& p) {
  for (const expr::Path& path : p.paths()) {
    for (const expr::PathElement& e : path.elements) {
      if (e.is_index) return true;
    }
  }
  return false;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  const size_t nl = input.find('\n');
  const std::string_view text = input.substr(0, nl);

  expr::AttributeNames names;
  expr::AttributeValues values;
  bool have_names = true, have_values = true;
  if (nl != std::string_view::npos) {
    const json extra = json::parse(input.substr(nl + 1), nullptr, false);
    if (extra.is_object()) {
      auto n = extra.find("ExpressionAttributeNames");
      if (n != extra.end() && n->is_object()) {
        for (auto it = n->begin(); it != n->end(); ++it) {
          if (it.value().is_string()) names[it.key()] = it.value().get<std::string>();
        }
      }
      auto v = extra.find("ExpressionAttributeValues");
      if (v != extra.end()) {
        Item parsed;
        if (wire::ParseItem(*v, &parsed).ok()) {
          for (auto& [k, val] : parsed) values[k] = val;
        }
      }
      // {"null": true}: run with both maps absent (the parameters were not in the request).
      auto null_maps = extra.find("null");
      if (null_maps != extra.end() && null_maps->is_boolean() && null_maps->get<bool>()) {
        have_names = have_values = false;
      }
    }
  }
  if (have_names) DefaultPlaceholders(&names, &values);
  const expr::AttributeNames* np = have_names ? &names : nullptr;
  const expr::AttributeValues* vp = have_values ? &values : nullptr;
  if (!expr::ValidatePlaceholderKeys(np, vp).ok()) return 0;

  expr::Usage usage;
#if MONOTABLE_EXPR_FUZZ_KIND == 0
  for (expr::Kind kind : {expr::Kind::kCondition, expr::Kind::kFilter}) {
    expr::Condition cond;
    if (!expr::ParseCondition(kind, text, np, vp, &usage, &cond).ok()) {
      if (!cond.empty()) Fail("failed ParseCondition changed its output", text);
      continue;
    }
    for (const Item& item : Items()) {
      if (cond.Evaluate(item) != cond.Evaluate(item)) Fail("Evaluate is not deterministic", text);
    }
  }
#elif MONOTABLE_EXPR_FUZZ_KIND == 1
  KeySchemaInfo composite;
  composite.hash_key = "pk";
  composite.hash_type = Type::kS;
  composite.range_key = "sk";
  composite.range_type = Type::kN;
  KeySchemaInfo binary;
  binary.hash_key = "a";
  binary.hash_type = Type::kS;
  binary.range_key = "c";
  binary.range_type = Type::kB;
  KeySchemaInfo hash_only;
  hash_only.hash_key = "pk";
  for (const KeySchemaInfo* schema : {&composite, &binary, &hash_only}) {
    expr::KeyCondition kc;
    if (!expr::ParseKeyCondition(text, np, vp, *schema, &usage, &kc).ok()) {
      if (!kc.hash_key.empty()) Fail("failed ParseKeyCondition changed its output", text);
      continue;
    }
    if (kc.hash_key != schema->hash_key) Fail("key condition on a non-key partition key", text);
    if (kc.hash_value.type() != schema->hash_type) Fail("partition key value type mismatch", text);
    if (kc.has_range) {
      if (kc.range_key != schema->range_key) Fail("key condition on a non-key sort key", text);
      if (kc.range_value.type() != schema->range_type) Fail("sort key value type mismatch", text);
      for (const Item& item : Items()) {
        auto it = item.find(schema->range_key);
        if (it != item.end() && it->second.type() == schema->range_type) {
          (void)kc.RangeMatches(it->second);
        }
      }
    }
  }
#elif MONOTABLE_EXPR_FUZZ_KIND == 2
  expr::Projection projection;
  if (expr::ParseProjection(text, np, &usage, &projection).ok()) {
    if (projection.paths().empty()) Fail("a parsed projection has no paths", text);
    for (const Item& item : Items()) {
      const Item once = projection.Apply(item);
      if (!HasListIndex(projection) && projection.Apply(once) != once) {
        Fail("projection is not idempotent", text);
      }
    }
  } else if (!projection.paths().empty()) {
    Fail("failed ParseProjection changed its output", text);
  }
#else
  expr::Update update;
  if (expr::ParseUpdate(text, np, vp, &usage, &update).ok()) {
    for (const Item& item : Items()) {
      Item first = item;
      const Status s1 = update.Apply(&first);
      if (!s1.ok() && first != item) Fail("failed Apply changed the item", text);
      Item second = item;
      const Status s2 = update.Apply(&second);
      if (s1.ok() != s2.ok() || first != second) Fail("Apply is not deterministic", text);
      if (s1.ok()) (void)ItemSize(first);
    }
  } else if (!update.TargetPaths().empty()) {
    Fail("failed ParseUpdate changed its output", text);
  }
#endif
  (void)expr::CheckAllUsed(np, vp, usage);
  return 0;
}
