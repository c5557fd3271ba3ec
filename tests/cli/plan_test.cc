// Tests for cli/plan.cc: `monotable plan --model orders --json` as a tool reads it (docs/cli.md):
// tables and indexes by name; per pattern its monthly request units and dollars; per table and
// index its partitions, peak utilisation per partition and throttled requests per second.
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "commands.h"

namespace monotable::cli {
namespace {

using nlohmann::json;

std::string TempFile(const std::string& name, const std::string& text) {
  std::string path = ::testing::TempDir() + name;
  std::ofstream(path) << text;
  return path;
}

TEST(PlanCommandTest, JsonOnOrdersNamesTablesPatternsAndPartitions) {
  std::string rates = TempFile("plan_rates.json",
                               R"({"customer-profile": {"perSecond": 100, "peakPerSecond": 400},
                                   "place-order": {"perSecond": 3000, "keys": "uniform"}})");
  std::string out, err;
  ASSERT_EQ(RunPlan({"--model", "orders", "--rates", rates, "--json"}, &out, &err), 0) << err;
  json j = json::parse(out, nullptr, false);
  ASSERT_TRUE(j.is_object()) << out;
  EXPECT_EQ(j["model"], "Orders");
  EXPECT_EQ(j["hoursPerMonth"], 730);
  EXPECT_EQ(j["prices"]["region"], "us-east-1");
  // Per pattern: monthly request units and dollars.
  json profile;
  for (const json& p : j["patterns"]) {
    if (p["id"] == "customer-profile") profile = p;
  }
  ASSERT_TRUE(profile.is_object());
  // 0.5 RRU x 100/s x 2,628,000 s = 131,400,000 RRU; x $0.125 per million = $16.425.
  EXPECT_EQ(profile["perSecond"], 100);
  EXPECT_EQ(profile["peakPerSecond"], 400);
  EXPECT_EQ(profile["requestUnitsPerMonth"], 131400000);
  EXPECT_DOUBLE_EQ(profile["dollarsPerMonth"].get<double>(), 16.425);
  EXPECT_DOUBLE_EQ(profile["dollarsPerMillion"].get<double>(), 0.0625);
  // Per table and index, by name: partitions, peak utilisation, throttled requests.
  std::vector<std::string> names;
  json gsi2, table;
  for (const json& t : j["tables"]) {
    names.push_back(t["table"].get<std::string>() +
                    (t.contains("index") ? "/" + t["index"].get<std::string>() : ""));
    ASSERT_TRUE(t["partitions"].is_number_integer());
    ASSERT_TRUE(t["peakUtilisationPerPartition"].is_number());
    ASSERT_TRUE(t["throttledRequestsPerSecond"].is_number());
    if (names.back() == "Orders/GSI2") gsi2 = t;
    if (names.back() == "Orders") table = t;
  }
  EXPECT_EQ(names, (std::vector<std::string>{"Orders", "Orders/GSI1", "Orders/GSI2",
                                             "Orders/ByStatusConcat", "Orders/ByStatusMulti"}));
  // 3,000 orders a second all write GSI2PK = OPEN: one partition, 1,000 WCU: throttled, and the
  // base table's writes with it.
  EXPECT_GT(gsi2["peakUtilisationPerPartition"].get<double>(), 3.0);
  EXPECT_GT(gsi2["throttledRequestsPerSecond"].get<double>(), 1000);
  EXPECT_GT(table["gsiBackPressureWritesPerSecond"].get<double>(), 1000);
  ASSERT_EQ(j["hotKeys"].size(), 1u);
  EXPECT_EQ(j["hotKeys"][0]["index"], "GSI2");
  EXPECT_EQ(j["hotKeys"][0]["value"], "OPEN");
  EXPECT_EQ(j["hotKeys"][0]["shardedThrottledPerSecond"], 0);
  EXPECT_TRUE(j["month"]["onDemandTotal"].is_number());
  EXPECT_TRUE(j["month"]["provisionedTotal"].is_number());
}

TEST(PlanCommandTest, TextAndErrors) {
  std::string out, err;
  ASSERT_EQ(RunPlan({"--model", "orders"}, &out, &err), 0) << err;
  EXPECT_NE(out.find("Bill estimate for Orders"), std::string::npos) << out;
  EXPECT_NE(out.find("write-1-1-kb-item-indexed"), std::string::npos) << out;
  EXPECT_NE(out.find("Partitions (3,000 RCU, 1,000 WCU and 10 GB each)"), std::string::npos);
  out.clear();
  EXPECT_EQ(RunPlan({}, &out, &err), 2);
  EXPECT_NE(err.find("which model?"), std::string::npos) << err;
  std::string bad = TempFile("plan_bad_rates.json", R"({"nope": {"perSecond": 1}})");
  EXPECT_EQ(RunPlan({"--model", "orders", "--rates", bad}, &out, &err), 2);
  EXPECT_NE(err.find("rates: no access pattern \"nope\" in the model"), std::string::npos) << err;
}

}  // namespace
}  // namespace monotable::cli
