// The fast request reader (core/api/wire/request_json.h) against nlohmann's parser: whatever it
// accepts must be the tree nlohmann builds, value types included.
#include "api/wire/request_json.h"

#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "core/api/json_test_util.h"

namespace monotable::api {
namespace {

using json = nlohmann::json;

// Checks the contract on one text; returns whether the fast reader accepted it.
bool CheckAgreement(const std::string& text) {
  json fast;
  if (!ParseRequestJson(text, &fast)) return false;
  const json slow = json::parse(text, nullptr, false);
  EXPECT_FALSE(slow.is_discarded()) << "accepted what nlohmann rejects: " << text;
  EXPECT_TRUE(testing::SameTree(fast, slow))
      << text << "\nfast: " << fast.dump() << "\nslow: " << slow.dump();
  return true;
}

TEST(RequestJson, ReadsPlainRequestsAsNlohmannDoes) {
  const std::vector<std::string> accepted = {
      "{}",
      R"({"TableName":"Orders","Limit":25,"ScanIndexForward":false,"Select":null})",
      " {\n\t\"a\" : [ 1 , -2 , 0 , -0 , 123456789012345678 , true , false , null , [ ] , { } ] "
      "}\r\n",
      R"({"a":"q\"uote\\back\/slash\b\f\n\r\t","":"","\t":"x"})",
      R"({"dup":1,"dup":{"x":"last"}})",
      R"({"ExpressionAttributeValues":{":pk":{"S":"C#1"},":n":{"N":"1.5e3"}},"del":"\u007f"})",
      "{\"del\":\"\x7f\"}",
  };
  for (const std::string& text : accepted) {
    if (text.find("\\u") != std::string::npos) continue;  // \u escapes are declined
    EXPECT_TRUE(CheckAgreement(text)) << text;
  }
  const std::vector<std::string> declined = {
      "",
      "[]",
      "1",
      "\"s\"",
      "null",
      R"({"a":1.5})",
      R"({"a":1e3})",
      R"({"a":-1E-2})",
      R"({"a":1234567890123456789})",
      R"({"a":01})",
      R"({"a":-})",
      R"({"a":"\u0041"})",
      R"({"a":"\x"})",
      "{\"a\":\"caf\xc3\xa9\"}",
      "{\"a\":\"\x01\"}",
      R"({"a":1,})",
      R"({"a":[1,]})",
      R"({"a" 1})",
      R"({a:1})",
      R"({"a":tru})",
      R"({"a":1} {})",
      R"({"a":"b)",
      "\xEF\xBB\xBF{}",
      std::string(70, '[').insert(0, "{\"a\":") + std::string(70, ']') + "}",
  };
  for (const std::string& text : declined) {
    json out;
    EXPECT_FALSE(ParseRequestJson(text, &out)) << text;
  }
}

// Generated values of every kind, then random damage: every accepted text agrees with nlohmann.
std::string RandomValue(std::mt19937& rng, int depth) {
  const char* strings[] = {"\"\"",       "\"S\"",   "\"a\\\"b\"",  "\"x\\\\y\\n\"",
                           "\"\\/\\t\"", "\"C#1\"", "\"\\u0041\"", "\"caf\xc3\xa9\""};
  const char* scalars[] = {"0",
                           "-0",
                           "17",
                           "-42",
                           "1.5",
                           "2e3",
                           "true",
                           "false",
                           "null",
                           "123456789012345678",
                           "99999999999999999999"};
  const unsigned pick = rng() % (depth > 4 ? 2 : 4);
  if (pick == 0) return strings[rng() % std::size(strings)];
  if (pick == 1) return scalars[rng() % std::size(scalars)];
  std::string out = pick == 2 ? "[" : "{";
  const int n = static_cast<int>(rng() % 4);
  for (int i = 0; i < n; ++i) {
    if (i) out += rng() % 2 ? "," : " , ";
    if (pick == 3) out += std::string(strings[rng() % 6]) + ":";
    out += RandomValue(rng, depth + 1);
  }
  return out + (pick == 2 ? "]" : "}");
}

TEST(RequestJson, GeneratedAndDamagedTextsNeverDisagree) {
  std::mt19937 rng(11);
  const std::string alphabet = " \t\n{}[]:,\"\\/-+.eE0123456789tfnul\x01\x7f\xc3";
  int accepted = 0;
  for (int round = 0; round < 20000; ++round) {
    std::string text = "{\"k\":" + RandomValue(rng, 0) + ",\"Key\":" + RandomValue(rng, 1) + "}";
    if (round % 2) testing::Damage(&text, rng, alphabet, 2, /*whitespace_inserts=*/false);
    if (CheckAgreement(text)) ++accepted;
  }
  EXPECT_GT(accepted, 3000);
}

}  // namespace
}  // namespace monotable::api
