// Tests for core/model/generator.cc: the examples are the generator's output, deterministic, and
// keep their shape at every scale.
#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <sstream>
#include <string>

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

TEST(GeneratorTest, RejectsUnknownExampleAndBadScale) {
  Model m;
  GenerateOptions options;
  EXPECT_EQ(GenerateExample("shop", options, &m).message(),
            "unknown example \"shop\" (known: vaultcommerce, orders)");
  options.scale = 0.5;
  EXPECT_EQ(GenerateExample("orders", options, &m).message(), "scale must be between 1 and 100000");
}

}  // namespace
}  // namespace monotable
