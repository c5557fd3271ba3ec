// The fast request readers (core/api/fast_requests.h) against the general ones: whatever the fast
// reader accepts, the general reader must read identically, and a request answered through the
// fast path must get the same body, status and effects as through the general path.
#include "api/fast_requests.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "core/api/json_test_util.h"
#include "monotable/engine.h"

namespace monotable::api {
namespace {

std::string KeyText(const Item& key) {
  std::string out;
  for (const auto& [name, value] : key) {
    out += name + "=" + std::string(1, static_cast<char>('0' + static_cast<int>(value.type()))) +
           ":" + (value.type() == Type::kN ? value.n().ToString() : value.s()) + ";";
  }
  return out;
}

// Checks the contract on one text; returns whether the fast reader accepted it.
bool CheckAgreement(const std::string& text) {
  GetItemRequest fast;
  if (!FastReadGetItem(text, &fast)) return false;
  const json parsed = json::parse(text, nullptr, false);
  EXPECT_FALSE(parsed.is_discarded()) << "fast reader accepted invalid JSON: " << text;
  if (parsed.is_discarded()) return true;
  GetItemRequest general;
  const Status s = ReadGetItem(parsed, &general);
  EXPECT_TRUE(s.ok()) << "fast reader accepted what the general reader rejects (" << s.message()
                      << "): " << text;
  EXPECT_EQ(fast.table_name, general.table_name) << text;
  EXPECT_EQ(KeyText(fast.key), KeyText(general.key)) << text;
  EXPECT_EQ(fast.consistent, general.consistent) << text;
  EXPECT_EQ(fast.capacity_detail, general.capacity_detail) << text;
  EXPECT_FALSE(general.projection_text.has_value()) << text;
  return true;
}

TEST(FastRequests, GetItemPlainShapesAreReadAsTheGeneralReaderReadsThem) {
  const std::vector<std::string> accepted = {
      R"({"TableName":"Orders","Key":{"PK":{"S":"C#1"},"SK":{"S":"PROFILE"}}})",
      R"({"Key":{"PK":{"S":"C#1"},"SK":{"S":"PROFILE"}},"TableName":"Orders"})",
      " {\n \"TableName\" : \"my_table.v-2\" ,\t\"Key\":{ \"id\" : { \"N\" : \"-0012.50\" } } "
      "}\r\n",
      R"({"TableName":"Orders","Key":{"PK":{"S":"C#1"}},"ConsistentRead":true,"ReturnConsumedCapacity":"INDEXES"})",
      R"({"TableName":"Orders","Key":{"PK":{"S":"C#1"}},"ConsistentRead":false,"ReturnConsumedCapacity":"NONE"})",
      R"({"TableName":"Orders","Key":{"n":{"N":"1E+3"}},"ReturnConsumedCapacity":"TOTAL"})",
      // Key shapes the table will judge (RunGetItem, shared): the reader only reads them.
      R"({"TableName":"Orders","Key":{"a":{"S":"x"},"b":{"S":"y"},"c":{"N":"1"}}})",
  };
  for (const std::string& text : accepted) EXPECT_TRUE(CheckAgreement(text)) << text;

  // Everything else goes to the general path, which words DynamoDB's errors.
  const std::vector<std::string> declined = {
      "",
      "[]",
      "{}",
      R"({"TableName":"Orders"})",
      R"({"Key":{"PK":{"S":"C#1"}}})",
      R"({"TableName":"Orders","Key":{}})",
      R"({"TableName":"Orders","Key":{"PK":{"S":""}}})",
      R"({"TableName":"Orders","Key":{"PK":{"N":"1x"}}})",
      R"({"TableName":"Orders","Key":{"PK":{"N":"1e126"}}})",
      R"({"TableName":"Orders","Key":{"PK":{"B":"AAE="}}})",
      R"({"TableName":"Orders","Key":{"PK":{"S":"a","N":"1"}}})",
      R"({"TableName":"Orders","Key":{"PK":{"S":null}}})",
      R"({"TableName":"Orders","Key":{"PK":{"S":"a"},"PK":{"S":"b"}}})",
      R"({"TableName":"Orders","Key":{"":{"S":"a"}}})",
      R"({"TableName":"Orders","Key":{"PK":{"S":"caf\u00e9"}}})",
      "{\"TableName\":\"Orders\",\"Key\":{\"PK\":{\"S\":\"caf\xc3\xa9\"}}}",
      R"({"TableName":"Orders","Key":{"PK":{"S":"a\"b"}}})",
      R"({"TableName":"Orders","TableName":"Orders","Key":{"PK":{"S":"a"}}})",
      R"({"TableName":"Or","Key":{"PK":{"S":"a"}}})",
      R"({"TableName":"Or ders","Key":{"PK":{"S":"a"}}})",
      R"({"TableName":"Orders","Key":{"PK":{"S":"a"}},"ReturnConsumedCapacity":"total"})",
      R"({"TableName":"Orders","Key":{"PK":{"S":"a"}},"ConsistentRead":"true"})",
      R"({"TableName":"Orders","Key":{"PK":{"S":"a"}},"ConsistentRead":null})",
      R"({"TableName":"Orders","Key":{"PK":{"S":"a"}},"ProjectionExpression":"PK"})",
      R"({"TableName":"Orders","Key":{"PK":{"S":"a"}},"AttributesToGet":["PK"]})",
      R"({"TableName":"Orders","Key":{"PK":{"S":"a"}},"Unknown":1})",
      R"({"TableName":"Orders","Key":{"PK":{"S":"a"}}} x)",
      R"({"TableName":"Orders","Key":{"PK":{"S":"a"}},})",
      R"({"TableName":"Orders","Key":{"PK":{"S":"a"}})",
      "\xEF\xBB\xBF{\"TableName\":\"Orders\",\"Key\":{\"PK\":{\"S\":\"a\"}}}",
  };
  for (const std::string& text : declined) {
    GetItemRequest out;
    EXPECT_FALSE(FastReadGetItem(text, &out)) << text;
  }
}

// Strings are read eight bytes at a time: a byte that ends or leaves a plain string (a quote, a
// backslash, a control byte, DEL, any byte of UTF-8) must be found at every position of strings of
// every length around the eight-byte steps, and a plain string read whole.
TEST(FastRequests, GetItemStringsEveryLengthAndEveryPosition) {
  auto request = [](const std::string& value) {
    return "{\"TableName\":\"Orders\",\"Key\":{\"PK\":{\"S\":\"" + value + "\"}}}";
  };
  for (size_t length = 1; length <= 26; ++length) {
    std::string plain;
    for (size_t i = 0; i < length; ++i) plain += static_cast<char>('!' + (i * 7) % 94);
    plain.erase(
        std::remove_if(plain.begin(), plain.end(), [](char c) { return c == '"' || c == '\\'; }),
        plain.end());
    if (plain.empty()) continue;
    GetItemRequest out;
    ASSERT_TRUE(FastReadGetItem(request(plain), &out)) << plain;
    ASSERT_EQ(out.key.size(), 1u);
    EXPECT_EQ(out.key.begin()->second.s(), plain);
    EXPECT_TRUE(CheckAgreement(request(plain)));
    for (size_t at = 0; at < plain.size(); ++at) {
      for (const char special : {'\\', '\x01', '\x1f', '\x7f', '\x80', '\xc3', '\xff'}) {
        std::string damaged = plain;
        damaged[at] = special;
        GetItemRequest declined;
        EXPECT_FALSE(FastReadGetItem(request(damaged), &declined))
            << "length " << plain.size() << ", byte " << static_cast<int>(special) << " at " << at;
      }
    }
  }
}

// Random damage to valid requests: whatever the fast reader still accepts, the general reader
// must accept and read the same way. Whitespace insertions keep many texts acceptable, so the
// check is exercised, not vacuous.
TEST(FastRequests, GetItemDamagedRequestsNeverDisagree) {
  const std::vector<std::string> seeds = {
      R"({"TableName":"Orders","Key":{"PK":{"S":"C#1"},"SK":{"S":"PROFILE"}},"ReturnConsumedCapacity":"TOTAL"})",
      R"({"TableName":"Numbers","Key":{"id":{"N":"10.50"}},"ConsistentRead":true})",
  };
  const std::string alphabet = " \t\n{}[]:,\"\\SNB0123456789.eE+-truefalsnul\x01\x7f\xc3";
  std::mt19937 rng(7);
  int accepted = 0;
  for (int round = 0; round < 20000; ++round) {
    std::string text = seeds[static_cast<size_t>(round) % seeds.size()];
    testing::Damage(&text, rng, alphabet, 3, /*whitespace_inserts=*/true);
    if (CheckAgreement(text)) ++accepted;
  }
  EXPECT_GT(accepted, 1000);  // 1,797 with this seed
}

std::string EffectsText(const Effects& e) {
  std::ostringstream out;
  out << e.operation << "|" << e.read_units << "|" << e.write_units << "|" << e.dollars << "|"
      << e.read_modes.applicable << e.read_modes.eventual << e.read_modes.strong
      << e.read_modes.transactional << "|";
  for (const TouchedItem& t : e.items) {
    out << t.table << "/" << t.index << "/" << KeyText(t.key) << "/" << t.size_bytes << "/"
        << static_cast<int>(t.action) << "/" << t.reason << ";";
  }
  for (const CapacityLine& c : e.capacity) {
    out << c.table << "/" << c.index << "/" << c.local_index << "/" << c.read_units << "/"
        << c.write_units << "/" << c.arithmetic << ";";
  }
  for (const std::string& l : e.lints) out << l << ";";
  return out.str();
}

// End to end: the same GetItem through the fast path and, with a null member added (the general
// reader ignores null members, the fast reader declines them), through the general path.
TEST(FastRequests, GetItemAnswersAreTheSameOnBothPaths) {
  Engine engine;
  ASSERT_TRUE(engine
                  .Execute("CreateTable", R"({"TableName":"Orders","BillingMode":"PAY_PER_REQUEST",
      "AttributeDefinitions":[{"AttributeName":"PK","AttributeType":"S"},{"AttributeName":"SK","AttributeType":"N"}],
      "KeySchema":[{"AttributeName":"PK","KeyType":"HASH"},{"AttributeName":"SK","KeyType":"RANGE"}]})")
                  .status.ok());
  std::string big(5000, 'x');
  ASSERT_TRUE(
      engine
          .Execute("PutItem", R"({"TableName":"Orders","Item":{"PK":{"S":"C#1"},"SK":{"N":"1"},
      "name":{"S":"Ada \"quoted\" caf\u00e9"},"n":{"N":"1.50"},"l":{"L":[{"BOOL":true},{"NULL":true}]},
      "m":{"M":{"b":{"B":"AAE="}}},"ss":{"SS":["a","b"]}}})")
          .status.ok());
  ASSERT_TRUE(
      engine
          .Execute("PutItem",
                   R"({"TableName":"Orders","Item":{"PK":{"S":"C#2"},"SK":{"N":"2"},"big":{"S":")" +
                       big + R"("}}})")
          .status.ok());
  const std::vector<std::string> requests = {
      R"("TableName":"Orders","Key":{"PK":{"S":"C#1"},"SK":{"N":"1.0"}})",
      R"("TableName":"Orders","Key":{"PK":{"S":"C#1"},"SK":{"N":"1"}},"ReturnConsumedCapacity":"TOTAL")",
      R"("TableName":"Orders","Key":{"PK":{"S":"C#2"},"SK":{"N":"2"}},"ReturnConsumedCapacity":"INDEXES","ConsistentRead":true)",
      R"("TableName":"Orders","Key":{"PK":{"S":"C#9"},"SK":{"N":"9"}},"ReturnConsumedCapacity":"INDEXES")",
      R"("TableName":"Orders","Key":{"PK":{"S":"C#1"}})",
      R"("TableName":"Orders","Key":{"PK":{"S":"C#1"}}})",
      R"("TableName":"Orders","Key":{"PK":{"N":"1"},"SK":{"N":"1"}})",
      R"("TableName":"Missing","Key":{"PK":{"S":"C#1"},"SK":{"N":"1"}})",
  };
  int fast_taken = 0;
  for (const std::string& members : requests) {
    const std::string fast_text = "{" + members + "}";
    const std::string general_text = "{" + members + R"(,"ProjectionExpression":null})";
    GetItemRequest probe;
    if (FastReadGetItem(fast_text, &probe)) ++fast_taken;
    ASSERT_FALSE(FastReadGetItem(general_text, &probe));
    const Result a = engine.Execute("GetItem", fast_text);
    const Result b = engine.Execute("GetItem", general_text);
    EXPECT_EQ(a.body, b.body) << members;
    EXPECT_EQ(a.http_status, b.http_status) << members;
    EXPECT_EQ(a.status.code(), b.status.code()) << members;
    EXPECT_EQ(EffectsText(a.effects), EffectsText(b.effects)) << members;
    // The body GetItem writes as text is exactly what dumping its JSON tree gives.
    if (a.status.ok()) {
      EXPECT_EQ(json::parse(a.body).dump(), a.body);
    }
  }
  EXPECT_EQ(fast_taken, 7);  // all but the one with a stray brace
}

}  // namespace
}  // namespace monotable::api
