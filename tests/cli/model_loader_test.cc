// Tests for cli/model_loader.cc: `--model NAME --scale N` / `--items N` / `--seed S` of serve and
// run load exactly the tables and items that generating the example and loading it would (the
// path a user took before: `monotable generate` to a file, then `--model FILE`), with the same
// summary line, and the errors a user meets stay what they were.
#include <gtest/gtest.h>

#include <fstream>
#include <string>
#include <vector>

#include "commands.h"
#include "monotable/engine.h"
#include "monotable/model.h"

namespace monotable::cli {
namespace {

// Every page of a Scan of `table` (or its `index`), response bodies concatenated: items, Count,
// ScannedCount and LastEvaluatedKey as a client sees them.
std::string ScanAll(Engine* engine, const std::string& table, const std::string& index) {
  std::string all, start;
  for (int pages = 0; pages < 10000; ++pages) {
    std::string request = "{\"TableName\":\"" + table + "\"";
    if (!index.empty()) request += ",\"IndexName\":\"" + index + "\"";
    if (!start.empty()) request += ",\"ExclusiveStartKey\":" + start;
    request += "}";
    Result r = engine->Execute("Scan", request);
    EXPECT_TRUE(r.status.ok()) << r.status.message();
    if (!r.status.ok()) break;
    all += r.body;
    all += '\n';
    size_t at = r.body.find("\"LastEvaluatedKey\":");
    if (at == std::string::npos) break;
    // LastEvaluatedKey is an object of key attributes: take it up to its matching brace.
    size_t from = r.body.find('{', at);
    int depth = 0;
    size_t to = from;
    for (; to < r.body.size(); ++to) {
      if (r.body[to] == '{') ++depth;
      if (r.body[to] == '}' && --depth == 0) break;
    }
    start = r.body.substr(from, to - from + 1);
  }
  return all;
}

// What a client can read of every table and index of the engine.
std::string Contents(Engine* engine) {
  std::string out;
  for (const TableInfo& table : engine->Tables()) {
    out += "table " + table.name + " " + std::to_string(table.item_count) + "\n";
    out += ScanAll(engine, table.name, "");
    for (const IndexInfo& index : table.indexes) {
      out += "index " + index.name + "\n";
      out += ScanAll(engine, table.name, index.name);
    }
  }
  return out;
}

// The path before streaming: the whole example generated as a Model, then LoadModel.
std::string GenerateThenLoad(const std::string& name, const GenerateOptions& options,
                             std::string* summary) {
  Model model;
  Status s = GenerateExample(name, options, &model);
  EXPECT_TRUE(s.ok()) << s.message();
  Engine engine;
  s = LoadModel(model, &engine);
  EXPECT_TRUE(s.ok()) << s.message();
  size_t items = model.ItemCount();
  *summary = std::to_string(model.tables.size()) +
             (model.tables.size() == 1 ? " table, " : " tables, ") + std::to_string(items) +
             " items";
  return Contents(&engine);
}

std::string WriteTemp(const std::string& name, const std::string& text) {
  std::string path = testing::TempDir() + "/" + name;
  std::ofstream out(path, std::ios::binary);
  out << text;
  return path;
}

TEST(ModelLoaderTest, ItemsOfABuiltinExampleLoadWhatGenerateThenLoadLoads) {
  GenerateOptions options;
  options.target_items = 3000;
  std::string expected_summary;
  std::string expected = GenerateThenLoad("orders", options, &expected_summary);

  Engine engine;
  std::string summary, error;
  ModelScale scale;
  scale.items = "3000";
  ASSERT_TRUE(LoadModelFile("orders", scale, &engine, &summary, &error)) << error;
  EXPECT_EQ(summary, expected_summary);
  EXPECT_EQ(Contents(&engine), expected);
  EXPECT_GT(engine.Tables()[0].item_count, 2900u);  // about what was asked for
}

TEST(ModelLoaderTest, ScaleOfABuiltinExampleLoadsWhatGenerateThenLoadLoads) {
  for (const char* name : {"vaultcommerce", "orders"}) {
    GenerateOptions options;
    options.scale = 4;
    options.seed = 9;
    std::string expected_summary;
    std::string expected = GenerateThenLoad(name, options, &expected_summary);

    Engine engine;
    std::string summary, error;
    ModelScale scale;
    scale.scale = "4";
    scale.seed = "9";
    ASSERT_TRUE(LoadModelFile(name, scale, &engine, &summary, &error)) << error;
    EXPECT_EQ(summary, expected_summary) << name;
    EXPECT_EQ(Contents(&engine), expected) << name;
  }
}

TEST(ModelLoaderTest, AGeneratedFileIsRescaledWithItsOwnExampleAndSeed) {
  GenerateOptions at2;
  at2.scale = 2;
  at2.seed = 5;
  Model file_model;
  ASSERT_TRUE(GenerateExample("orders", at2, &file_model).ok());
  std::string path = WriteTemp("loader-orders-x2.json", SerializeModel(file_model));

  // --scale 3: the file's example and seed at scale 3.
  GenerateOptions at3 = at2;
  at3.scale = 3;
  std::string expected_summary;
  std::string expected = GenerateThenLoad("orders", at3, &expected_summary);
  Engine engine;
  std::string summary, error;
  ModelScale scale;
  scale.scale = "3";
  ASSERT_TRUE(LoadModelFile(path, scale, &engine, &summary, &error)) << error;
  EXPECT_EQ(summary, expected_summary);
  EXPECT_EQ(Contents(&engine), expected);

  // --seed 7 alone: the file's scale with another seed.
  GenerateOptions seed7 = at2;
  seed7.seed = 7;
  expected = GenerateThenLoad("orders", seed7, &expected_summary);
  Engine reseeded;
  ModelScale only_seed;
  only_seed.seed = "7";
  ASSERT_TRUE(LoadModelFile(path, only_seed, &reseeded, &summary, &error)) << error;
  EXPECT_EQ(summary, expected_summary);
  EXPECT_EQ(Contents(&reseeded), expected);
}

TEST(ModelLoaderTest, WithoutAScaleAModelLoadsAsItIsWithTheSameSummary) {
  Model orders;
  ASSERT_TRUE(ParseModel(BuiltinModel("orders"), &orders).ok());
  Engine engine;
  std::string summary, error;
  ASSERT_TRUE(LoadModelFile("orders", &engine, &summary, &error)) << error;
  EXPECT_EQ(summary, "1 table, " + std::to_string(orders.ItemCount()) + " items");
  Engine expected;
  ASSERT_TRUE(LoadModel(orders, &expected).ok());
  EXPECT_EQ(Contents(&engine), Contents(&expected));
}

TEST(ModelLoaderTest, ErrorsAreWhatTheyWereAndTheEngineIsLeftEmpty) {
  Engine engine;
  std::string summary, error, unscaled_error;
  ModelScale scale;
  scale.scale = "10";
  // An unknown name reads as a missing file, with or without a scale.
  EXPECT_FALSE(LoadModelFile("nosuch", &engine, &summary, &unscaled_error));
  EXPECT_FALSE(LoadModelFile("nosuch", scale, &engine, &summary, &error));
  EXPECT_EQ(error, unscaled_error);
  EXPECT_EQ(error, "nosuch: cannot read the file (built-in examples: vaultcommerce, orders)");

  // Scales out of the generator's range: its message, nothing loaded.
  for (const char* bad : {"0", "0.5", "100001", "nan"}) {
    ModelScale s;
    s.scale = bad;
    EXPECT_EQ(CheckModelScale(s), "") << bad;  // well formed: the range is the generator's
    EXPECT_FALSE(LoadModelFile("orders", s, &engine, &summary, &error)) << bad;
    EXPECT_EQ(error, "orders: scale must be between 1 and 100000") << bad;
  }
  EXPECT_TRUE(engine.Tables().empty());

  // A hand-written model cannot be rescaled.
  Model orders;
  ASSERT_TRUE(ParseModel(BuiltinModel("orders"), &orders).ok());
  orders.generator.clear();
  std::string path = WriteTemp("loader-hand-written.json", SerializeModel(orders));
  EXPECT_FALSE(LoadModelFile(path, scale, &engine, &summary, &error));
  EXPECT_EQ(error, path +
                       ": --scale, --items and --seed need a built-in example or a file made by "
                       "the generator, and this file has no \"generator\" member");
  EXPECT_TRUE(engine.Tables().empty());
}

TEST(ModelLoaderTest, ScaleOptionsAreCheckedAsGenerateChecksThem) {
  auto check = [](const char* scale, const char* items, const char* seed) {
    ModelScale s;
    s.scale = scale;
    s.items = items;
    s.seed = seed;
    return CheckModelScale(s);
  };
  EXPECT_EQ(check("", "", ""), "");
  EXPECT_EQ(check("100", "", "3"), "");
  EXPECT_EQ(check("", "1000000", ""), "");
  EXPECT_EQ(check("ten", "", ""), "--scale takes a number");
  EXPECT_EQ(check("", "0", ""), "--items takes a positive whole number");
  EXPECT_EQ(check("", "-5", ""), "--items takes a positive whole number");
  EXPECT_EQ(check("", "1e6", ""), "--items takes a positive whole number");
  EXPECT_EQ(check("", "", "x"), "--seed takes a whole number");

  std::vector<std::string> args = {"--scale", "10", "--items=500", "--seed", "--port"};
  ModelScale s;
  size_t i = 0;
  bool missing = false;
  EXPECT_TRUE(TakeScaleOption(args, &i, &s, &missing));
  EXPECT_TRUE(TakeScaleOption(args, &i, &s, &missing));
  EXPECT_FALSE(missing);
  EXPECT_EQ(s.scale, "10");
  EXPECT_EQ(s.items, "500");
  EXPECT_EQ(i, 3u);
  EXPECT_TRUE(TakeScaleOption(args, &i, &s, &missing));  // --seed takes "--port" as its value,
  EXPECT_EQ(s.seed, "--port");                           // as every option does (TakeOption)
  std::vector<std::string> empty_value = {"--scale="};
  i = 0;
  EXPECT_TRUE(TakeScaleOption(empty_value, &i, &s, &missing));
  EXPECT_TRUE(missing);
}

}  // namespace
}  // namespace monotable::cli
