// Tests for core/model/model_file.cc: the model file format (parse, errors, serialise, round trip).
#include <gtest/gtest.h>

#include <string>

#include "monotable/model.h"

namespace monotable {
namespace {

const char* kSmall = R"({
  "formatVersion": 1,
  "name": "Small",
  "x-author": {"handle": "sam", "tags": ["a", "b"]},
  "tables": [
    {"TableName": "T", "KeySchema": [{"AttributeName": "PK", "KeyType": "HASH"}],
     "AttributeDefinitions": [{"AttributeName": "PK", "AttributeType": "S"}],
     "BillingMode": "PAY_PER_REQUEST"}
  ],
  "items": {
    "T": [
      {"PK": {"S": "a"}, "n": {"N": "1.50"}, "s": {"S": "caf\u00e9 \ud83d\ude00 \"q\""}},
      {"PK": {"S": "b"}, "ss": {"SS": ["x", "y"]}, "ns": {"NS": ["1", "2.5"]}, "b": {"B": "AQI="},
       "l": {"L": [{"NULL": true}, {"BOOL": false}, {"M": {"k": {"S": "v"}}}]}}
    ]
  },
  "accessPatterns": [
    {"id": "get-a", "name": "Get a", "operation": "GetItem",
     "request": {"TableName": "T", "Key": {"PK": {"S": "a"}}}, "requestsPerSecond": 2.5,
     "x-note": "kept"}
  ],
  "tour": [
    {"text": "Look at a.", "pattern": "get-a", "lookAt": "item:T/a", "x-step": 1},
    {"text": "Count.", "operation": "Scan", "request": {"TableName": "T", "Select": "COUNT"}}
  ],
  "prices": {"region": "eu-west-1", "readRequestUnitPerMillion": 0.1375}
})";

TEST(ModelFileTest, ParsesEveryPart) {
  Model m;
  Status s = ParseModel(kSmall, &m);
  ASSERT_TRUE(s.ok()) << s.message();
  EXPECT_EQ(m.name, "Small");
  ASSERT_EQ(m.tables.size(), 1u);
  ASSERT_EQ(m.tables[0].items.size(), 2u);
  const Item& a = m.tables[0].items[0];
  EXPECT_EQ(a.at("n").n().ToString(), "1.5");
  EXPECT_EQ(a.at("s").s(), "caf\xC3\xA9 \xF0\x9F\x98\x80 \"q\"");
  const Item& b = m.tables[0].items[1];
  EXPECT_EQ(b.at("b").s(), std::string("\x01\x02", 2));
  EXPECT_EQ(b.at("l").l().size(), 3u);
  ASSERT_EQ(m.access_patterns.size(), 1u);
  EXPECT_EQ(m.access_patterns[0].requests_per_second, 2.5);
  EXPECT_EQ(m.access_patterns[0].KeyCondition(), "PK = a");
  EXPECT_EQ(m.access_patterns[0].TableName(), "T");
  ASSERT_EQ(m.tour.size(), 2u);
  EXPECT_EQ(m.tour[0].pattern_id, "get-a");
  EXPECT_EQ(m.tour[1].operation, "Scan");
  ASSERT_TRUE(m.prices.has_value());
  EXPECT_EQ(m.prices->region, "eu-west-1");
  EXPECT_EQ(m.prices->read_request_unit_per_million, 0.1375);
  EXPECT_EQ(m.prices->write_request_unit_per_million, 0.625);  // default kept
}

TEST(ModelFileTest, RoundTripKeepsUnknownMembers) {
  Model m;
  ASSERT_TRUE(ParseModel(kSmall, &m).ok());
  std::string text = SerializeModel(m);
  EXPECT_NE(text.find("\"x-author\": {\"handle\": \"sam\""), std::string::npos) << text;
  EXPECT_NE(text.find("\"x-note\": \"kept\""), std::string::npos);
  EXPECT_NE(text.find("\"x-step\": 1"), std::string::npos);
  Model back;
  Status s = ParseModel(text, &back);
  ASSERT_TRUE(s.ok()) << s.message();
  EXPECT_EQ(SerializeModel(back), text);
  EXPECT_EQ(back.tables[0].items, m.tables[0].items);
}

TEST(ModelFileTest, WritesOneItemPerLineKeysFirst) {
  Model m;
  ASSERT_TRUE(ParseModel(kSmall, &m).ok());
  std::string text = SerializeModel(m);
  EXPECT_NE(text.find("\n      {\"PK\":{\"S\":\"a\"},\"n\":{\"N\":\"1.5\"},"), std::string::npos)
      << text;
}

// Returns the message of ParseModel's error on `text` (and checks *out stayed untouched).
std::string ErrorOf(const std::string& text) {
  Model m;
  m.name = "untouched";
  Status s = ParseModel(text, &m);
  EXPECT_FALSE(s.ok());
  EXPECT_EQ(s.code(), ErrorCode::kValidation);
  EXPECT_EQ(m.name, "untouched");  // nothing half-parsed
  return s.message();
}

std::string Replace(std::string text, const std::string& from, const std::string& to) {
  size_t at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  return text.replace(at, from.size(), to);
}

TEST(ModelFileTest, SyntaxErrorNamesLineAndColumn) {
  std::string bad = Replace(kSmall, "\"name\": \"Small\",", "\"name\": \"Small\" oops,");
  EXPECT_EQ(ErrorOf(bad).rfind("model file: invalid JSON at line 3, column 19: ", 0), 0u)
      << ErrorOf(bad);
}

TEST(ModelFileTest, WrongTypeNamesFieldAndPosition) {
  std::string bad = Replace(kSmall, "\"request\": {\"TableName\": \"T\", \"Key\"",
                            "\"request\": \"GetItem a\", \"x\": {\"Key\"");
  EXPECT_EQ(ErrorOf(bad),
            "accessPatterns[0].request: expected an object (the request) (line 19, column 17)");
}

TEST(ModelFileTest, BadItemValueNamesAttributeAndPosition) {
  std::string bad = Replace(kSmall, "{\"N\": \"1.50\"}", "{\"N\": \"one\"}");
  std::string message = ErrorOf(bad);
  EXPECT_EQ(message.rfind("items.T[0].n: not a DynamoDB AttributeValue: ValidationException: ", 0),
            0u)
      << message;
  EXPECT_NE(message.find("(line 12, column 31)"), std::string::npos) << message;
}

TEST(ModelFileTest, MissingAndInconsistentMembersAreNamed) {
  EXPECT_EQ(ErrorOf(Replace(kSmall, "\"formatVersion\": 1,", "")),
            "(top level): missing required member \"formatVersion\" (line 1, column 1)");
  EXPECT_EQ(
      ErrorOf(Replace(kSmall, "\"formatVersion\": 1", "\"formatVersion\": 9")),
      "formatVersion: unsupported version 9 (this monotable reads 1 to 1) (line 2, column 20)");
  EXPECT_EQ(ErrorOf(Replace(kSmall, "\"items\": {\n    \"T\"", "\"items\": {\n    \"U\"")),
            "items.U: no table named \"U\" in \"tables\" (line 11, column 10)");
  EXPECT_EQ(ErrorOf(Replace(kSmall, "\"pattern\": \"get-a\"", "\"pattern\": \"get-b\"")),
            "tour[0].pattern: no access pattern with id \"get-b\" (line 23, column 39)");
  EXPECT_EQ(ErrorOf(Replace(kSmall, "\"id\": \"get-a\", ", "")),
            "accessPatterns[0]: missing required member \"id\" (line 18, column 5)");
  EXPECT_EQ(ErrorOf(Replace(kSmall, "\"readRequestUnitPerMillion\"", "\"rrus\"")),
            "prices.rrus: unknown price \"rrus\" (line 26, column 45)");
}

TEST(ModelFileTest, NotAnObjectAndEmptyText) {
  EXPECT_EQ(ErrorOf("[]"), "(top level): a model file is a JSON object (line 1, column 1)");
  EXPECT_EQ(ErrorOf("").rfind("model file: invalid JSON at line 1, column 1", 0), 0u);
}

TEST(ModelFileTest, DuplicateSetElementsAreRejectedLikeDynamoDB) {
  std::string bad = Replace(kSmall, "[\"x\", \"y\"]", "[\"x\", \"x\"]");
  std::string message = ErrorOf(bad);
  EXPECT_EQ(message.rfind("items.T[1].ss: not a DynamoDB AttributeValue: ValidationException: ", 0),
            0u)
      << message;
}

TEST(ModelFileTest, BuiltinExamplesMatchTheFilesAndParse) {
  ASSERT_EQ(BuiltinModelNames().size(), 2u);
  EXPECT_EQ(BuiltinModelNames()[0], "vaultcommerce");
  EXPECT_EQ(BuiltinModelNames()[1], "orders");
  EXPECT_TRUE(BuiltinModel("nope").empty());
  for (std::string_view name : BuiltinModelNames()) {
    std::string_view text = BuiltinModel(name);
    ASSERT_FALSE(text.empty());
    EXPECT_EQ(text.find('\n'), std::string_view::npos);  // minified
    Model m;
    Status s = ParseModel(text, &m);
    ASSERT_TRUE(s.ok()) << name << ": " << s.message();
    EXPECT_GT(m.ItemCount(), 250u);
  }
}

// A pattern's load (docs/model-format.md): the average and peak rates and how keys are picked
// survive a save and a reload, and a NoSQL Workbench export and import (the extension member), so
// a shared or saved playground keeps its bill inputs.
TEST(ModelFileTest, PatternLoadSurvivesSaveAndWorkbench) {
  std::string text = Replace(kSmall, "\"requestsPerSecond\": 2.5,",
                             "\"requestsPerSecond\": 2.5, \"peakRequestsPerSecond\": 40, "
                             "\"keys\": \"zipf:1.2\",");
  Model m;
  Status s = ParseModel(text, &m);
  ASSERT_TRUE(s.ok()) << s.message();
  const AccessPattern& p = m.access_patterns[0];
  EXPECT_EQ(p.requests_per_second, 2.5);
  EXPECT_EQ(p.peak_requests_per_second, 40);
  EXPECT_EQ(p.keys, "zipf:1.2");
  std::string saved = SerializeModel(m);
  EXPECT_NE(saved.find("\"requestsPerSecond\": 2.5,\n      \"peakRequestsPerSecond\": 40,\n      "
                       "\"keys\": \"zipf:1.2\""),
            std::string::npos)
      << saved;
  Model back;
  ASSERT_TRUE(ParseModel(saved, &back).ok());
  EXPECT_EQ(back.access_patterns[0].peak_requests_per_second, 40);
  EXPECT_EQ(back.access_patterns[0].keys, "zipf:1.2");
  Model imported;
  ASSERT_TRUE(ImportWorkbench(ExportWorkbench(m), &imported).ok());
  EXPECT_EQ(SerializeModel(imported), saved);
}

TEST(ModelFileTest, KeyDistributionIsOneOfThree) {
  KeyDistribution d;
  EXPECT_TRUE(ParseKeyDistribution("", &d));
  EXPECT_EQ(d.kind, KeyDistribution::Kind::kUniform);
  EXPECT_TRUE(ParseKeyDistribution("hot", &d));
  EXPECT_EQ(d.kind, KeyDistribution::Kind::kHot);
  EXPECT_TRUE(ParseKeyDistribution("zipf:0.8", &d));
  EXPECT_EQ(d.kind, KeyDistribution::Kind::kZipf);
  EXPECT_EQ(d.zipf_s, 0.8);
  for (const char* bad : {"zipf:", "zipf:0", "zipf:-1", "zipf:1x", "Hot", "random"}) {
    EXPECT_FALSE(ParseKeyDistribution(bad, &d)) << bad;
  }
  EXPECT_EQ(d.zipf_s, 0.8);  // unchanged by the failures
  std::string bad = Replace(kSmall, "\"requestsPerSecond\": 2.5,",
                            "\"requestsPerSecond\": 2.5, \"keys\": \"zipf\",");
  EXPECT_EQ(ErrorOf(bad).rfind("accessPatterns[0].keys: expected \"uniform\", \"zipf:S\" (S > 0) "
                               "or \"hot\" (line 19, column ",
                               0),
            0u)
      << ErrorOf(bad);
}

}  // namespace
}  // namespace monotable
