// Tests for core/model/generator*.cc: the examples are the generator's output, deterministic, and
// keep their shape at every scale.
#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <sstream>
#include <string>

#include "model/generator_common.h"
#include "monotable/engine.h"
#include "monotable/model.h"

namespace monotable {
namespace {

std::string ReadExample(const std::string& name) {
  std::ifstream in(std::string(MONOTABLE_SOURCE_DIR) + "/examples/" + name + ".json",
                   std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

Model Generate(const std::string& name, double scale, uint64_t seed = 1) {
  GenerateOptions options;
  options.scale = scale;
  options.seed = seed;
  Model m;
  Status s = GenerateExample(name, options, &m);
  EXPECT_TRUE(s.ok()) << s.message();
  return m;
}

// Items of one partition, in file order.
std::vector<Item> Partition(const Model& m, const std::string& pk) {
  std::vector<Item> out;
  for (const Item& item : m.tables[0].items) {
    if (item.at("PK").s() == pk) out.push_back(item);
  }
  return out;
}

TEST(GeneratorTest, CommittedExamplesAreTheGeneratorsOutput) {
  // Regenerate with: monotable generate --example NAME -o examples/NAME.json
  for (const char* name : {"vaultcommerce", "orders"}) {
    EXPECT_EQ(SerializeModel(Generate(name, 1)), ReadExample(name))
        << "examples/" << name << ".json is stale: regenerate it";
  }
}

TEST(GeneratorTest, SameSeedSameBytesOtherSeedOtherData) {
  EXPECT_EQ(SerializeModel(Generate("orders", 3, 7)), SerializeModel(Generate("orders", 3, 7)));
  EXPECT_NE(SerializeModel(Generate("orders", 1, 7)), SerializeModel(Generate("orders", 1, 8)));
}

TEST(GeneratorTest, ExamplesHaveTheCountsTheIssueAsksFor) {
  std::map<std::string, int> vc;
  Model vault = Generate("vaultcommerce", 1);
  for (const Item& item : vault.tables[0].items) vc[item.at("type").s()]++;
  EXPECT_GE(vc["USER"], 25);
  EXPECT_GE(vc["ORDER"], 120);
  EXPECT_GE(vc["PRODUCT"], 40);
  EXPECT_GE(vc["WISHLIST"], 25);

  int profiles = 0, orders = 0, lines = 0, open = 0;
  Model orders_model = Generate("orders", 1);
  for (const Item& item : orders_model.tables[0].items) {
    const std::string& sk = item.at("SK").s();
    if (sk == "PROFILE") ++profiles;
    if (sk.rfind("O#", 0) == 0) ++orders;
    if (sk.rfind("L#", 0) == 0) ++lines;
    if (item.count("GSI2PK")) {
      ++open;
      const std::string& status = item.at("status").s();
      EXPECT_TRUE(status == "placed" || status == "packed") << status;  // sparse GSI2
    }
  }
  EXPECT_GE(profiles, 30);
  EXPECT_GE(orders, 150);
  EXPECT_GT(lines, orders);
  EXPECT_GE(open, 5);
}

TEST(GeneratorTest, BulkOrdersSitEitherSideOfFourKilobytes) {
  Model m = Generate("orders", 1);
  for (const char* id : {"read-4-0-kb-order", "read-4-1-kb-order"}) {
    ASSERT_NE(m.FindPattern(id), nullptr) << id;
  }
  std::vector<size_t> sizes;
  for (const Item& item : m.tables[0].items) {
    if (item.count("lines")) sizes.push_back(ItemSize(item));
  }
  ASSERT_EQ(sizes.size(), 2u);
  EXPECT_LE(sizes[0], 4096u);
  EXPECT_GE(sizes[0], 4000u);
  EXPECT_GT(sizes[1], 4096u);
  EXPECT_LE(sizes[1], 4300u);
}

TEST(GeneratorTest, ScalingKeepsThePatternsEntitiesIdentical) {
  for (const char* name : {"vaultcommerce", "orders"}) {
    Model x1 = Generate(name, 1);
    Model x10 = Generate(name, 10);
    EXPECT_GT(x10.ItemCount(), 9 * x1.ItemCount());
    EXPECT_LT(x10.ItemCount(), 11 * x1.ItemCount());
    // The same access patterns, naming the same keys.
    ASSERT_EQ(x1.access_patterns.size(), x10.access_patterns.size());
    for (size_t i = 0; i < x1.access_patterns.size(); ++i) {
      EXPECT_EQ(x1.access_patterns[i].request_json, x10.access_patterns[i].request_json);
    }
    // The partitions they read are the same items.
    for (const char* pk : {"USER#u001", "USER#u003", "C#c001", "C#c002"}) {
      EXPECT_EQ(Partition(x1, pk), Partition(x10, pk)) << name << " " << pk;
    }
  }
}

TEST(GeneratorTest, TargetItemCount) {
  GenerateOptions options;
  options.target_items = 20000;
  Model m;
  ASSERT_TRUE(GenerateExample("orders", options, &m).ok());
  EXPECT_GT(m.ItemCount(), 19000u);
  EXPECT_LT(m.ItemCount(), 21000u);
  EXPECT_EQ(m.generator, "orders");
}

TEST(GeneratorTest, TargetItemsBelowTheExampleGiveTheScale1ExampleItself) {
  // "never fewer than the scale-1 example": a target it already meets resolves to scale 1, and the
  // model is that example, byte for byte.
  for (const char* name : {"vaultcommerce", "orders"}) {
    GenerateOptions options;
    options.target_items = 10;
    Model m;
    ASSERT_TRUE(GenerateExample(name, options, &m).ok());
    EXPECT_EQ(m.generator_scale, 1) << name;
    EXPECT_EQ(SerializeModel(m), SerializeModel(Generate(name, 1))) << name;
  }
}

TEST(GeneratorTest, RejectsUnknownExampleAndBadScale) {
  Model m;
  GenerateOptions options;
  EXPECT_EQ(GenerateExample("shop", options, &m).message(),
            "unknown example \"shop\" (known: vaultcommerce, orders)");
  options.scale = 0.5;
  EXPECT_EQ(GenerateExample("orders", options, &m).message(), "scale must be between 1 and 100000");
}

// Every item of a table and of each of its indexes, in the engine's view order, with sizes.
std::vector<std::pair<Item, size_t>> Contents(const Engine& engine) {
  std::vector<std::pair<Item, size_t>> out;
  for (const TableInfo& t : engine.Tables()) {
    auto visit = [&](const Item& item, size_t size) { out.emplace_back(item, size); };
    engine.ForEachItem(t.name, "", visit);
    for (const IndexInfo& i : t.indexes) engine.ForEachItem(t.name, i.name, visit);
  }
  return out;
}

Model WithoutItems(Model m) {
  for (ModelTable& t : m.tables) t.items.clear();
  return m;
}

TEST(GeneratorTest, LoadExampleGivesTheTableThatGenerateAndLoadGive) {
  // The page loads scaled examples with LoadExample (items written as they are generated): the
  // same seed and scale must give the same table as generating the model and loading it.
  for (const char* name : {"vaultcommerce", "orders"}) {
    GenerateOptions options;
    options.scale = 3.7;
    options.seed = 7;
    Model generated;
    ASSERT_TRUE(GenerateExample(name, options, &generated).ok());
    Engine loaded;
    ASSERT_TRUE(LoadModel(generated, &loaded).ok());

    Engine streamed;
    Model model;
    Status s = LoadExample(name, options, &streamed, &model);
    ASSERT_TRUE(s.ok()) << s.message();
    std::vector<TableInfo> a = loaded.Tables(), b = streamed.Tables();
    ASSERT_EQ(a.size(), 1u);
    ASSERT_EQ(b.size(), 1u);
    EXPECT_EQ(b[0].item_count, generated.ItemCount()) << name;
    EXPECT_EQ(b[0].size_bytes, a[0].size_bytes) << name;
    ASSERT_EQ(b[0].indexes.size(), a[0].indexes.size());
    for (size_t i = 0; i < a[0].indexes.size(); ++i) {
      EXPECT_EQ(b[0].indexes[i].item_count, a[0].indexes[i].item_count) << name;
    }
    EXPECT_TRUE(Contents(streamed) == Contents(loaded)) << name << ": the items differ";
    // The model comes back without items, everything else as GenerateExample gives it.
    EXPECT_EQ(model.ItemCount(), 0u);
    EXPECT_EQ(SerializeModel(model), SerializeModel(WithoutItems(generated))) << name;
    // Its access patterns run on the loaded table.
    for (const AccessPattern& p : model.access_patterns) {
      Result r = RunPattern(p, &streamed);
      EXPECT_TRUE(r.status.ok()) << name << " " << p.id << ": " << r.body;
    }
  }
}

// The page loads a scaled example a slice per frame (ExampleLoad, issue 15: "loading a scaled
// example shows progress instead of freezing the page"): many small steps give exactly the engine
// one LoadExample gives, and the count of items written only grows, ending at the table's.
TEST(GeneratorTest, ExampleLoadInStepsGivesWhatLoadExampleGives) {
  for (const char* name : {"vaultcommerce", "orders"}) {
    GenerateOptions options;
    options.scale = 3.7;
    options.seed = 7;
    Engine whole;
    Model whole_model;
    ASSERT_TRUE(LoadExample(name, options, &whole, &whole_model).ok());

    Engine stepped;
    ExampleLoad load;
    ASSERT_TRUE(load.Start(name, options, &stepped).ok());
    EXPECT_EQ(load.items_loaded(), 0u) << "Start generates nothing";
    int steps = 0;
    uint64_t last = 0;
    while (!load.Step(0)) {  // a budget of 0: the least a step does (a few entities)
      ++steps;
      EXPECT_GE(load.items_loaded(), last);
      last = load.items_loaded();
      ASSERT_LT(steps, 100000);
    }
    EXPECT_GT(steps, 10) << name << ": the load was not divided";
    const uint64_t items = whole.Tables()[0].item_count;
    EXPECT_EQ(load.items_loaded(), items);
    // The estimate the progress bar shows is of the right size.
    EXPECT_GT(load.items_expected(), items / 2) << name;
    EXPECT_LT(load.items_expected(), items * 2) << name;
    Model model;
    ASSERT_TRUE(load.Finish(&model).ok());
    EXPECT_TRUE(Contents(stepped) == Contents(whole)) << name << ": the items differ";
    EXPECT_EQ(SerializeModel(model), SerializeModel(whole_model)) << name;
  }
}

TEST(GeneratorTest, LoadExampleResolvesTargetItemsAsGenerateExampleDoes) {
  GenerateOptions options;
  options.target_items = 20000;
  Model generated, model;
  ASSERT_TRUE(GenerateExample("orders", options, &generated).ok());
  Engine engine;
  ASSERT_TRUE(LoadExample("orders", options, &engine, &model).ok());
  EXPECT_EQ(model.generator, "orders");
  EXPECT_EQ(model.generator_scale, generated.generator_scale);
  ASSERT_EQ(engine.Tables().size(), 1u);
  EXPECT_EQ(engine.Tables()[0].item_count, generated.ItemCount());
}

TEST(GeneratorTest, LoadExampleIsAllOrNothing) {
  // The table exists already: CreateTable fails, nothing is written, the engine is as it was.
  Engine engine;
  ASSERT_TRUE(LoadModel(Generate("orders", 1), &engine).ok());
  const uint64_t version = engine.version();
  const size_t items = engine.Tables()[0].item_count;
  Model out;
  out.name = "unchanged";
  GenerateOptions options;
  options.scale = 2;
  Status s = LoadExample("orders", options, &engine, &out);
  EXPECT_EQ(s.code(), ErrorCode::kResourceInUse);
  EXPECT_EQ(s.message().rfind("CreateTable Orders: ResourceInUseException: ", 0), 0u)
      << s.message();
  EXPECT_EQ(out.name, "unchanged");
  ASSERT_EQ(engine.Tables().size(), 1u);
  EXPECT_EQ(engine.Tables()[0].item_count, items);
  EXPECT_EQ(engine.version(), version);

  EXPECT_EQ(LoadExample("shop", options, &engine, &out).message(),
            "unknown example \"shop\" (known: vaultcommerce, orders)");
  options.scale = 0.5;
  EXPECT_EQ(LoadExample("orders", options, &engine, &out).message(),
            "scale must be between 1 and 100000");
}

// The prose files (core/model/prose/*.json) and the generators agree at every seed and scale: every
// pattern gets a name and a description with its placeholders filled, no prose is left without its
// pattern (a renamed id), and every tour step that runs something runs a pattern that exists or
// an operation with its request.
TEST(GeneratorTest, ProseAndPatternsAgree) {
  for (const char* name : {"vaultcommerce", "orders"}) {
    const generator_internal::ExampleProse& prose = generator_internal::ProseOf(name);
    for (uint64_t seed : {1, 7}) {
      for (double scale : {1.0, 3.0}) {
        Model m = Generate(name, scale, seed);
        EXPECT_FALSE(m.description.empty()) << name;
        EXPECT_EQ(m.access_patterns.size(), prose.patterns.size()) << name;
        for (const AccessPattern& p : m.access_patterns) {
          EXPECT_EQ(prose.patterns.count(p.id), 1u) << name << ": " << p.id;
          EXPECT_FALSE(p.name.empty()) << name << ": " << p.id;
          EXPECT_FALSE(p.description.empty()) << name << ": " << p.id;
          EXPECT_EQ(p.description.find('{'), std::string::npos) << p.description;
        }
        ASSERT_FALSE(m.tour.empty()) << name;
        for (const TourStep& step : m.tour) {
          EXPECT_FALSE(step.text.empty()) << name << ": " << step.title;
          EXPECT_EQ(step.operation.empty(), step.request_json.empty()) << step.title;
          if (!step.pattern_id.empty()) {
            EXPECT_NE(m.FindPattern(step.pattern_id), nullptr) << name << ": " << step.pattern_id;
            EXPECT_TRUE(step.operation.empty()) << step.title;
          }
        }
      }
    }
  }
  EXPECT_TRUE(generator_internal::ProseOf("no-such-example").patterns.empty());
}

TEST(GeneratorTest, FillReplacesTheNamedPlaceholdersOnly) {
  using generator_internal::Fill;
  EXPECT_EQ(Fill("Order {order} is O#{order}.", {{"order", "100010"}}),
            "Order 100010 is O#100010.");
  EXPECT_EQ(Fill("{a}{b}", {{"b", "2"}, {"a", "1"}}), "12");
  EXPECT_EQ(Fill("{unknown} and {order", {{"order", "1"}}), "{unknown} and {order");
  EXPECT_EQ(Fill("no placeholders", {}), "no placeholders");
}

}  // namespace
}  // namespace monotable
