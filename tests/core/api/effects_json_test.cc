// EffectsToJson writes its text without a JSON tree; what every front end reads must stay the bytes
// the tree printed (members in byte order, nlohmann's numbers, U+FFFD for bytes that are not
// UTF-8), held to the tree-based rendering it replaced (effects_json_tree.h).
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "core/api/effects_json_tree.h"
#include "monotable/engine.h"
#include "monotable/model.h"
#include "nlohmann/json.hpp"

namespace monotable {
namespace {

using nlohmann::json;
using testing_reference::TreeEffectsJson;

Result MustRun(Engine& engine, const std::string& op, const std::string& request) {
  Result r = engine.Execute(op, request);
  EXPECT_TRUE(r.status.ok()) << op << ": " << r.body;
  return r;
}

// Every example's access patterns (reads of every kind, writes that move items between indexes,
// transactions): the effects a user sees after each run.
TEST(EffectsJson, EveryExamplePatternIsTheTreesText) {
  size_t runs = 0, touched = 0;
  for (std::string_view name : BuiltinModelNames()) {
    Model model;
    ASSERT_TRUE(ParseModel(BuiltinModel(name), &model).ok()) << name;
    Engine engine;
    ASSERT_TRUE(LoadModel(model, &engine).ok()) << name;
    for (const AccessPattern& p : model.access_patterns) {
      Result r = RunPattern(p, &engine);
      ASSERT_EQ(EffectsToJson(r.effects), TreeEffectsJson(r.effects)) << name << " " << p.id;
      ++runs;
      touched += r.effects.items.size();
    }
    // And a Scan of every table: the largest effects a request has.
    for (const TableInfo& t : engine.Tables()) {
      Result r = MustRun(engine, "Scan", json{{"TableName", t.name}}.dump());
      ASSERT_EQ(EffectsToJson(r.effects), TreeEffectsJson(r.effects)) << name << " " << t.name;
      touched += r.effects.items.size();
    }
  }
  EXPECT_GT(runs, 10u);
  EXPECT_GT(touched, 50u);
}

// Writes to a stream-enabled table (stream records, their lines), a failed condition, a
// transaction across indexes, and a TTL-free Scan that filters some items out.
TEST(EffectsJson, WritesStreamsAndFailuresAreTheTreesText) {
  EngineOptions options;
  options.clock_ms = [] { return int64_t{1704067200000}; };
  Engine engine(options);
  MustRun(engine, "CreateTable",
          R"j({"TableName":"Tbl","BillingMode":"PAY_PER_REQUEST",
              "AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"},
                {"AttributeName":"g","AttributeType":"N"}],
              "KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}],
              "GlobalSecondaryIndexes":[{"IndexName":"ByG","KeySchema":[{"AttributeName":"g","KeyType":"HASH"}],
                "Projection":{"ProjectionType":"ALL"}}],
              "StreamSpecification":{"StreamEnabled":true,"StreamViewType":"NEW_AND_OLD_IMAGES"}})j");
  std::vector<Result> results;
  results.push_back(MustRun(
      engine, "PutItem",
      R"j({"TableName":"Tbl","Item":{"pk":{"S":"a\"b\\c\u0001\n é 日本"},"g":{"N":"1"},"bin":{"B":"AAEC"}}})j"));
  results.push_back(MustRun(
      engine, "BatchWriteItem",
      R"j({"RequestItems":{"Tbl":[{"PutRequest":{"Item":{"pk":{"S":"b"},"g":{"N":"2.5e3"}}}},
                                 {"PutRequest":{"Item":{"pk":{"S":"c"},"s":{"SS":["x","y"]}}}}]}})j"));
  results.push_back(
      MustRun(engine, "TransactWriteItems",
              R"j({"TransactItems":[{"Update":{"TableName":"Tbl","Key":{"pk":{"S":"b"}},
          "UpdateExpression":"SET g = :v","ExpressionAttributeValues":{":v":{"N":"-7"}}}},
          {"Delete":{"TableName":"Tbl","Key":{"pk":{"S":"c"}}}}]})j"));
  results.push_back(engine.Execute(
      "DeleteItem",
      R"j({"TableName":"Tbl","Key":{"pk":{"S":"b"}},"ConditionExpression":"attribute_not_exists(pk)"})j"));
  EXPECT_FALSE(results.back().status.ok());
  results.push_back(MustRun(
      engine, "Scan",
      R"j({"TableName":"Tbl","FilterExpression":"g > :z","ExpressionAttributeValues":{":z":{"N":"0"}}})j"));
  results.push_back(
      MustRun(engine, "Query",
              R"j({"TableName":"Tbl","IndexName":"ByG","KeyConditionExpression":"g = :g",
                                 "ExpressionAttributeValues":{":g":{"N":"1"}}})j"));
  results.push_back(engine.Execute("GetItem", R"j({"TableName":"Nope","Key":{"pk":{"S":"a"}}})j"));
  size_t records = 0;
  for (const Result& r : results) {
    ASSERT_EQ(EffectsToJson(r.effects), TreeEffectsJson(r.effects)) << r.effects.operation;
    records += r.effects.stream_records.size();
  }
  EXPECT_GE(records, 4u);
}

// Random effects: strings with quotes, control characters and malformed UTF-8 (a reason may quote
// request text), numbers from tiny fractions to huge, and both shapes of readModes.
TEST(EffectsJson, RandomEffectsAreTheTreesText) {
  std::mt19937 rng(15);
  const std::vector<std::string> pieces = {"a",
                                           "Orders",
                                           "GSI2",
                                           "\"",
                                           "\\",
                                           "\n",
                                           "\t",
                                           "\x01",
                                           "\x1f",
                                           "\x7f",
                                           "é",
                                           "日本",
                                           "\xF0\x9F\x98\x80",
                                           "\xC3",
                                           "\xC0\x80",
                                           "\xED\xA0\x80",
                                           "\xF4\x90\x80\x80",
                                           "\xE0\x80\xAF",
                                           "\xFF",
                                           "\x80",
                                           "\xE2\x82",
                                           " ",
                                           "/",
                                           "\xF0\x90\x8D\x88",
                                           "\xEF\xBF\xBF"};
  auto text = [&] {
    std::string s;
    const int n = static_cast<int>(rng() % 6);
    for (int i = 0; i < n; ++i) s += pieces[rng() % pieces.size()];
    return s;
  };
  const std::vector<double> numbers = {0,
                                       0.5,
                                       1,
                                       2.5,
                                       1e-7,
                                       6.25e-7,
                                       1.25e-6,
                                       123456789.0,
                                       1e21,
                                       1.0 / 3.0,
                                       -0.0,
                                       4096,
                                       std::numeric_limits<double>::quiet_NaN(),
                                       std::numeric_limits<double>::infinity()};
  auto number = [&] {
    return rng() % 4 ? numbers[rng() % numbers.size()]
                     : std::ldexp(static_cast<double>(rng()), -static_cast<int>(rng() % 60));
  };
  auto key = [&] {
    Item k;
    k["pk"] = Value::S(std::string("k") + std::to_string(rng() % 1000) + (rng() % 2 ? "é\"" : ""));
    if (rng() % 2) k["sk"] = Value::N(Number::FromInt(static_cast<int64_t>(rng() % 100)));
    return k;
  };
  for (int round = 0; round < 2000; ++round) {
    Effects e;
    e.operation = text();
    e.read_units = number();
    e.write_units = number();
    e.dollars = number();
    for (int i = static_cast<int>(rng() % 5); i > 0; --i) {
      e.items.push_back(
          {text(), text(), key(), rng() % 500000, static_cast<ItemAction>(rng() % 12), text()});
    }
    for (int i = static_cast<int>(rng() % 4); i > 0; --i) {
      e.capacity.push_back({text(), text(), rng() % 2 == 0, number(), number(), text()});
    }
    e.read_modes.applicable = rng() % 2;
    e.read_modes.eventual = number();
    e.read_modes.strong = number();
    e.read_modes.transactional = number();
    for (int i = static_cast<int>(rng() % 3); i > 0; --i) e.lints.push_back(text());
    for (int i = static_cast<int>(rng() % 3); i > 0; --i) {
      e.stream_records.push_back({text(), text(), key(), text(), text(), text(), rng() % 2 == 0});
    }
    ASSERT_EQ(EffectsToJson(e), TreeEffectsJson(e)) << round;
  }
}

}  // namespace
}  // namespace monotable
