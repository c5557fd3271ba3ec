// Fuzz target: Engine::Execute on every operation with arbitrary request bodies.
//
// Input: "<Operation>\n<request body>". When the first line is not an operation name, the
// operation is picked from Engine::Operations() by a hash of that line (so every input runs one).
// Each input runs on a copy of an engine preloaded with a composite-key table with two GSIs (ALL,
// KEYS_ONLY) and an LSI (INCLUDE), and a hash-only table. Invariants (a violation aborts):
// - Execute never crashes, and never answers InternalServerError (HTTP 500);
// - every answer is a JSON object (the response, or DynamoDB's error body with __type);
// - a failed request leaves the engine unchanged (DumpState before == after);
// - after a successful request every index matches its base table (CheckIndexes);
// - capacity figures in effects are finite and non-negative.
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "model_based/engine_check.h"
#include "monotable/engine.h"

namespace {

using monotable::Engine;
using monotable::Result;

[[noreturn]] void Fail(const char* what, std::string_view op, std::string_view body,
                       const std::string& detail) {
  std::fprintf(stderr, "engine_fuzz: %s\noperation: %.*s\nrequest: %.*s\n%s\n", what,
               static_cast<int>(op.size()), op.data(), static_cast<int>(body.size()), body.data(),
               detail.c_str());
  std::abort();
}

void MustSucceed(Engine& engine, const char* op, const char* body) {
  Result r = engine.Execute(op, body);
  if (!r.status.ok()) Fail("setup request failed", op, body, r.body);
}

// The engine every input starts from.
const Engine& Preloaded() {
  static const Engine* engine = [] {
    monotable::EngineOptions options;
    options.clock_ms = [] { return int64_t{1704067200000}; };  // 2024-01-01T00:00:00Z
    auto* e = new Engine(std::move(options));
    MustSucceed(*e, "CreateTable", R"({"TableName":"Tbl","BillingMode":"PAY_PER_REQUEST",
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
          "Projection":{"ProjectionType":"INCLUDE","NonKeyAttributes":["v"]}}]})");
    MustSucceed(*e, "CreateTable", R"({"TableName":"Hsh","BillingMode":"PAY_PER_REQUEST",
      "AttributeDefinitions":[{"AttributeName":"id","AttributeType":"N"}],
      "KeySchema":[{"AttributeName":"id","KeyType":"HASH"}]})");
    const char* items[] = {
        R"({"TableName":"Tbl","Item":{"pk":{"S":"p1"},"sk":{"N":"1"},"v":{"N":"10"},
          "gpk":{"S":"g1"},"gsk":{"N":"5"},"h":{"S":"x"},"lsk":{"S":"a"},"s":{"S":"hello"}}})",
        R"({"TableName":"Tbl","Item":{"pk":{"S":"p1"},"sk":{"N":"2"},"v":{"N":"-2.5"},
          "gpk":{"S":"g1"},"gsk":{"N":"6"},"tags":{"SS":["a","b"]},"l":{"L":[{"N":"1"},{"S":"x"}]}}})",
        R"({"TableName":"Tbl","Item":{"pk":{"S":"p2"},"sk":{"N":"1"},"h":{"S":"y"},"lsk":{"S":"b"},
          "m":{"M":{"a":{"M":{"b":{"BOOL":true}}}}},"bin":{"B":"AQID"}}})",
        R"({"TableName":"Tbl","Item":{"pk":{"S":"p3"},"sk":{"N":"0.5"},"v":{"N":"1E+20"},
          "ns":{"NS":["1","2"]},"bs":{"BS":["AQ=="]},"nul":{"NULL":true}}})",
        R"({"TableName":"Hsh","Item":{"id":{"N":"1"},"a":{"S":"one"}}})",
        R"({"TableName":"Hsh","Item":{"id":{"N":"2"},"a":{"S":"two"},"c":{"N":"0"}}})",
    };
    for (const char* body : items) MustSucceed(*e, "PutItem", body);
    return e;
  }();
  return *engine;
}

size_t SizeOf(const monotable::Item& item) { return monotable::ItemSize(item); }

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  const size_t nl = input.find('\n');
  std::string_view op = input.substr(0, nl);
  const std::string_view body = nl == std::string_view::npos ? "{}" : input.substr(nl + 1);
  const auto& ops = Engine::Operations();
  bool known = false;
  for (const std::string& name : ops) known = known || name == op;
  if (!known) op = ops[std::hash<std::string_view>()(op) % ops.size()];

  const Engine& base = Preloaded();
  static const std::string base_state = monotable::testing::DumpState(base);
  Engine engine = base;
  const Result r = engine.Execute(op, body);

  if (r.http_status >= 500) Fail("InternalServerError", op, body, r.body);
  const nlohmann::json answer = nlohmann::json::parse(r.body, nullptr, false);
  if (answer.is_discarded() || !answer.is_object())
    Fail("answer is not a JSON object", op, body, r.body);
  for (double units : {r.effects.read_units, r.effects.write_units, r.effects.dollars}) {
    if (!std::isfinite(units) || units < 0) Fail("bad capacity in effects", op, body, r.body);
  }
  if (!r.status.ok()) {
    if (r.http_status != 400) Fail("an error that is not HTTP 400", op, body, r.body);
    if (!answer.contains("__type")) Fail("an error body without __type", op, body, r.body);
    const std::string after = monotable::testing::DumpState(engine);
    if (after != base_state)
      Fail("a failed request changed the engine", op, body, r.body + "\n" + after);
    return 0;
  }
  const std::string problems = monotable::testing::CheckIndexes(engine, SizeOf);
  if (!problems.empty()) Fail("indexes differ from the base table", op, body, problems);
  return 0;
}
