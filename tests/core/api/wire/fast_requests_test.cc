// The fast request readers (core/api/wire/fast_requests.h) against the general ones: whatever the fast
// reader accepts, the general reader must read identically, and a request answered through the
// fast path must get the same body, status and effects as through the general path.
#include "api/wire/fast_requests.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "core/api/wire/fast_requests_text.h"
#include "core/api/json_test_util.h"
#include "monotable/engine.h"

namespace monotable::api {
namespace {

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
  EXPECT_EQ(testing::KeyText(fast.key), testing::KeyText(general.key)) << text;
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
      // Key attributes in any order (the compact {"S":...} and {"N":...} and spaced ones).
      R"({"TableName":"Orders","Key":{"SK":{"S":"x"},"PK":{"N":"7"}}})",
      R"({"TableName":"Orders","Key":{"b":{ "S" : "x" },"a":{"N":"1" },"c":{"S":"z"} }})",
      // JSON's short escapes are read (json_scan.h), in names and values.
      R"({"TableName":"Orders","Key":{"PK":{"S":"a\"b\\c\/d\n\t"},"S\"K":{"S":"x"}}})",
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
      R"({"TableName":"Orders","Key":{"b":{"S":"a"},"a":{"S":"b"},"b":{"S":"c"}}})",
      R"({"TableName":"Orders","Key":{"PK":{"S":"a"}"SK":{"S":"b"}}})",
      R"({"TableName":"Orders","Key":{"PK":{"S":"a","S":"b"}}})",
      R"({"TableName":"Orders","Key":{"PK":{"S":"a"},"SK":{"N":"1","N":"2"}}})",
      R"({"TableName":"Orders","Key":{"PK":{"S":1}}})",
      R"({"TableName":"Orders","Key":{"PK":{"SS":["a"]}}})",
      R"({"TableName":"Orders","Key":{"":{"S":"a"}}})",
      R"({"TableName":"Orders","Key":{"PK":{"S":"caf\u00e9"}}})",
      "{\"TableName\":\"Orders\",\"Key\":{\"PK\":{\"S\":\"caf\xc3\xa9\"}}}",
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
// every length around the eight-byte steps, and a plain string read whole. A backslash starts an
// escape: read as the general reader reads it when it is one of JSON's short escapes, declined
// otherwise.
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
      for (const char special : {'\x01', '\x1f', '\x7f', '\x80', '\xc3', '\xff'}) {
        std::string damaged = plain;
        damaged[at] = special;
        GetItemRequest declined;
        EXPECT_FALSE(FastReadGetItem(request(damaged), &declined))
            << "length " << plain.size() << ", byte " << static_cast<int>(special) << " at " << at;
      }
      for (const std::string escape : {"\\\"", "\\\\", "\\n", "\\u0041", "\\x"}) {
        std::string escaped = plain;
        escaped.replace(at, 1, escape);
        const bool read = CheckAgreement(request(escaped));  // read identically, or declined
        EXPECT_EQ(read, escape != "\\u0041" && escape != "\\x") << escaped;
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
    out << t.table << "/" << t.index << "/" << testing::KeyText(t.key) << "/" << t.size_bytes << "/"
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

// ---------------------------------------------------------------------------------------------
// Query and Scan.

// The contract on one text, for Query (query true) or Scan; returns whether the fast reader
// accepted it.
bool CheckQueryScanAgreement(const std::string& text, bool query) {
  ReadMembers fast;
  if (!FastReadQueryScan(text, query, &fast)) return false;
  const json parsed = json::parse(text, nullptr, false);
  EXPECT_FALSE(parsed.is_discarded()) << "fast reader accepted invalid JSON: " << text;
  if (parsed.is_discarded()) return true;
  ReadMembers general;
  const Status s = ReadMembersOf(parsed, query, &general);
  EXPECT_TRUE(s.ok()) << "fast reader accepted what the general reader rejects (" << s.message()
                      << "): " << text;
  EXPECT_EQ(testing::MembersText(fast), testing::MembersText(general)) << text;
  // Nothing the general path would translate or reject as a legacy member.
  for (const char* legacy :
       {"KeyConditions", "QueryFilter", "ScanFilter", "AttributesToGet", "ConditionalOperator"}) {
    EXPECT_FALSE(parsed.contains(legacy)) << text;
  }
  return true;
}

TEST(FastRequests, QueryAndScanPlainShapesAreReadAsTheGeneralReaderReadsThem) {
  const std::vector<std::string> queries = {
      R"({"TableName":"Orders","KeyConditionExpression":"PK = :pk","ExpressionAttributeValues":{":pk":{"S":"C#1"}}})",
      R"J({"TableName":"Orders","KeyConditionExpression":"PK = :pk AND begins_with(SK, :o)","ExpressionAttributeValues":{":pk":{"S":"C#1"},":o":{"S":"O#"}},"ScanIndexForward":false,"Limit":10,"ReturnConsumedCapacity":"TOTAL"})J",
      R"({"TableName":"Orders","IndexName":"GSI1","KeyConditionExpression":"#k = :v","ExpressionAttributeNames":{"#k":"GSI1PK"},"ExpressionAttributeValues":{":v":{"N":"-12.50"}},"Select":"COUNT","ConsistentRead":false})",
      R"({"TableName":"Orders","KeyConditionExpression":"PK = :pk","FilterExpression":"#s = :d","ProjectionExpression":"PK, #s","ExpressionAttributeNames":{"#s":"status"},"ExpressionAttributeValues":{":pk":{"S":"C#1"},":d":{"S":"DELIVERED"}},"ExclusiveStartKey":{"PK":{"S":"C#1"},"SK":{"S":"O#2"}},"Limit":0})",
      // Members the shared half judges (constraints, unknown tables, bad expressions).
      R"({"TableName":"Or","KeyConditionExpression":"nonsense","Limit":12345678901234})",
      R"({"TableName":"Orders"})",
      R"({"IndexName":"x"})",
      "{ \"TableName\" :\t\"Orders\" ,\n\"KeyConditionExpression\":\"PK = :p\" }",
  };
  for (const std::string& text : queries) EXPECT_TRUE(CheckQueryScanAgreement(text, true)) << text;
  const std::vector<std::string> scans = {
      R"({"TableName":"Orders"})",
      R"({"TableName":"Orders","Limit":100,"ExclusiveStartKey":{"PK":{"S":"C#1"},"SK":{"S":"PROFILE"}},"ReturnConsumedCapacity":"INDEXES"})",
      R"J({"TableName":"Orders","Segment":0,"TotalSegments":4,"FilterExpression":"attribute_exists(#a)","ExpressionAttributeNames":{"#a":"a"}})J",
      R"({"TableName":"Orders","Segment":5,"TotalSegments":2})",
      R"({"TableName":"Orders","FilterExpression":"a = \"b\""})",  // a short escape
  };
  for (const std::string& text : scans) EXPECT_TRUE(CheckQueryScanAgreement(text, false)) << text;

  const std::vector<std::pair<std::string, bool>> declined = {
      {R"({"TableName":"Orders","Segment":0,"TotalSegments":4})", true},   // Scan's members
      {R"({"TableName":"Orders","ScanIndexForward":true})", false},        // Query's member
      {R"({"TableName":"Orders","KeyConditionExpression":"x"})", false},   // Query's member
      {R"({"TableName":"Orders","Limit":-1})", true},                      // a sign
      {R"({"TableName":"Orders","Limit":1.5})", true},                     // a fraction
      {R"({"TableName":"Orders","Limit":1e2})", true},                     // an exponent
      {R"({"TableName":"Orders","Limit":010})", true},                     // not JSON
      {R"({"TableName":"Orders","Limit":1234567890123456789})", true},     // 19 digits
      {R"({"TableName":"Orders","Limit":"10"})", true},                    // a string
      {R"({"TableName":"Orders","Limit":null})", true},                    // a null
      {R"({"TableName":"Orders","TableName":"Orders"})", true},            // repeated
      {R"({"TableName":"Orders","KeyConditions":{}})", true},              // legacy
      {R"({"TableName":"Orders","ScanFilter":{}})", false},                // legacy
      {R"({"TableName":"Orders","AttributesToGet":["a"]})", true},         // legacy
      {R"({"TableName":"Orders","ExpressionAttributeNames":{}})", true},   // empty map
      {R"({"TableName":"Orders","ExpressionAttributeValues":{}})", true},  // empty map
      {R"({"TableName":"Orders","ExpressionAttributeNames":{"#a":"x","#a":"y"}})", true},
      {R"({"TableName":"Orders","ExpressionAttributeNames":{"#a":1}})", true},
      {R"({"TableName":"Orders","ExpressionAttributeValues":{":v":{"S":""}}})", true},
      {R"({"TableName":"Orders","ExpressionAttributeValues":{":v":{"BOOL":true}}})", true},
      {R"({"TableName":"Orders","ExpressionAttributeValues":{":v":{"N":"x"}}})", true},
      {R"({"TableName":"Orders","ExpressionAttributeValues":{":v":"S"}})", true},
      {R"({"TableName":"Orders","ExclusiveStartKey":{"PK":{"B":"AA=="}}})", false},
      {"{\"TableName\":\"Orders\",\"FilterExpression\":\"caf\xc3\xa9\"}", false},
      {R"({"TableName":"Orders","Unknown":1})", false},
      {R"({"TableName":"Orders"} x)", false},
  };
  for (const auto& [text, query] : declined) {
    ReadMembers out;
    EXPECT_FALSE(FastReadQueryScan(text, query, &out)) << text;
  }
}

// Random damage to valid Query and Scan requests: whatever the fast reader still accepts, the
// general reader reads the same way.
TEST(FastRequests, QueryAndScanDamagedRequestsNeverDisagree) {
  const std::vector<std::pair<std::string, bool>> seeds = {
      {R"J({"TableName":"Orders","KeyConditionExpression":"PK = :pk AND begins_with(SK, :o)","ExpressionAttributeNames":{"#s":"status"},"ExpressionAttributeValues":{":pk":{"S":"C#1"},":o":{"S":"O#"},":n":{"N":"10"}},"FilterExpression":"#s = :n","ScanIndexForward":false,"Limit":10,"ReturnConsumedCapacity":"TOTAL"})J",
       true},
      {R"({"TableName":"Orders","Limit":100,"ExclusiveStartKey":{"PK":{"S":"C#1"},"SK":{"N":"7"}},"Segment":1,"TotalSegments":3,"ConsistentRead":true,"Select":"COUNT"})",
       false},
  };
  const std::string alphabet = " \t\n{}[]:,\"\\SNB0123456789.eE+-truefalsnul#\x01\x7f\xc3";
  std::mt19937 rng(11);
  int accepted = 0;
  for (int round = 0; round < 20000; ++round) {
    const auto& [seed, query] = seeds[static_cast<size_t>(round) % seeds.size()];
    std::string text = seed;
    testing::Damage(&text, rng, alphabet, 3, /*whitespace_inserts=*/true);
    if (CheckQueryScanAgreement(text, query)) ++accepted;
  }
  EXPECT_GT(accepted, 1000);
}

// End to end: the same Query or Scan through the fast path and, with a null member added (the
// general reader reads a null member as absent, the fast reader declines it), the general path:
// same body, status and effects, errors included.
TEST(FastRequests, QueryAndScanAnswersAreTheSameOnBothPaths) {
  Engine engine;
  ASSERT_TRUE(engine
                  .Execute("CreateTable", R"({"TableName":"Orders","BillingMode":"PAY_PER_REQUEST",
      "AttributeDefinitions":[{"AttributeName":"PK","AttributeType":"S"},{"AttributeName":"SK","AttributeType":"S"},
        {"AttributeName":"GSI1PK","AttributeType":"S"}],
      "KeySchema":[{"AttributeName":"PK","KeyType":"HASH"},{"AttributeName":"SK","KeyType":"RANGE"}],
      "GlobalSecondaryIndexes":[{"IndexName":"GSI1","KeySchema":[{"AttributeName":"GSI1PK","KeyType":"HASH"}],
        "Projection":{"ProjectionType":"KEYS_ONLY"}}]})")
                  .status.ok());
  for (int i = 0; i < 30; ++i) {
    const std::string n = std::to_string(i);
    ASSERT_TRUE(engine
                    .Execute("PutItem", R"({"TableName":"Orders","Item":{"PK":{"S":"C#)" +
                                            std::to_string(i % 3) + R"("},"SK":{"S":"O#)" + n +
                                            R"("},"GSI1PK":{"S":"G#)" + n +
                                            R"("},"status":{"S":")" +
                                            (i % 2 ? "OPEN" : "DELIVERED") + R"("},"n":{"N":")" +
                                            n + R"("}}})")
                    .status.ok());
  }
  const std::vector<std::pair<std::string, bool>> requests = {
      {R"("TableName":"Orders","KeyConditionExpression":"PK = :pk","ExpressionAttributeValues":{":pk":{"S":"C#1"}})",
       true},
      {R"J("TableName":"Orders","KeyConditionExpression":"PK = :pk AND begins_with(SK, :o)","ExpressionAttributeValues":{":pk":{"S":"C#2"},":o":{"S":"O#1"}},"ScanIndexForward":false,"Limit":3,"ReturnConsumedCapacity":"INDEXES")J",
       true},
      {R"("TableName":"Orders","KeyConditionExpression":"PK = :pk","FilterExpression":"#s = :d","ProjectionExpression":"SK, #s","ExpressionAttributeNames":{"#s":"status"},"ExpressionAttributeValues":{":pk":{"S":"C#0"},":d":{"S":"OPEN"}},"ExclusiveStartKey":{"PK":{"S":"C#0"},"SK":{"S":"O#12"}},"ReturnConsumedCapacity":"TOTAL")",
       true},
      {R"("TableName":"Orders","IndexName":"GSI1","KeyConditionExpression":"GSI1PK = :g","ExpressionAttributeValues":{":g":{"S":"G#7"}},"Select":"COUNT")",
       true},
      {R"("TableName":"Orders","IndexName":"GSI1","KeyConditionExpression":"GSI1PK = :g","ExpressionAttributeValues":{":g":{"S":"G#7"}},"ConsistentRead":true)",
       true},
      {R"("TableName":"Orders","KeyConditionExpression":"PK = :pk","ExpressionAttributeValues":{":pk":{"S":"C#1"},":unused":{"N":"1"}})",
       true},
      {R"("TableName":"Orders","KeyConditionExpression":"PK = :pk","Limit":0,"ExpressionAttributeValues":{":pk":{"S":"C#1"}})",
       true},
      {R"("TableName":"Missing","KeyConditionExpression":"PK = :pk","ExpressionAttributeValues":{":pk":{"S":"C#1"}})",
       true},
      {R"("TableName":"Orders")", true},
      {R"("TableName":"Orders","Limit":7,"ReturnConsumedCapacity":"TOTAL")", false},
      {R"("TableName":"Orders","Limit":5,"ExclusiveStartKey":{"PK":{"S":"C#1"},"SK":{"S":"O#4"}})",
       false},
      {R"("TableName":"Orders","Segment":1,"TotalSegments":2,"FilterExpression":"n > :n","ExpressionAttributeValues":{":n":{"N":"10"}})",
       false},
      {R"("TableName":"Orders","Segment":2,"TotalSegments":2)", false},
      {R"("TableName":"Orders","Select":"SPECIFIC_ATTRIBUTES")", false},
  };
  int fast_taken = 0;
  for (const auto& [members, query] : requests) {
    const std::string fast_text = "{" + members + "}";
    // A null member the request does not already have (a repeated member keeps the last).
    std::string null_member;
    for (const char* name : {"IndexName", "Select", "ConsistentRead", "ProjectionExpression"}) {
      if (members.find(std::string("\"") + name + "\"") == std::string::npos) {
        null_member = name;
        break;
      }
    }
    ASSERT_FALSE(null_member.empty());
    const std::string general_text = "{" + members + ",\"" + null_member + "\":null}";
    ReadMembers probe;
    if (FastReadQueryScan(fast_text, query, &probe)) ++fast_taken;
    ReadMembers probe2;
    ASSERT_FALSE(FastReadQueryScan(general_text, query, &probe2));
    const char* op = query ? "Query" : "Scan";
    const Result a = engine.Execute(op, fast_text);
    const Result b = engine.Execute(op, general_text);
    EXPECT_EQ(a.body, b.body) << members;
    EXPECT_EQ(a.http_status, b.http_status) << members;
    EXPECT_EQ(a.status.code(), b.status.code()) << members;
    EXPECT_EQ(EffectsText(a.effects), EffectsText(b.effects)) << members;
  }
  EXPECT_EQ(fast_taken, static_cast<int>(requests.size()));
}

// ---------------------------------------------------------------------------------------------
// UpdateItem and DeleteItem.

// The contract on one text, for UpdateItem (update true) or DeleteItem; returns whether the fast
// reader accepted it.
bool CheckKeyWriteAgreement(const std::string& text, bool update) {
  KeyWriteRequest fast;
  if (!FastReadKeyWrite(text, update, &fast)) return false;
  const json parsed = json::parse(text, nullptr, false);
  EXPECT_FALSE(parsed.is_discarded()) << "fast reader accepted invalid JSON: " << text;
  if (parsed.is_discarded()) return true;
  KeyWriteRequest general;
  const Status s = ReadKeyWrite(parsed, update, &general);
  EXPECT_TRUE(s.ok()) << "fast reader accepted what the general reader rejects (" << s.message()
                      << "): " << text;
  EXPECT_EQ(testing::KeyWriteText(fast), testing::KeyWriteText(general)) << text;
  for (const char* legacy : {"AttributeUpdates", "Expected", "ConditionalOperator"}) {
    EXPECT_FALSE(parsed.contains(legacy)) << text;
  }
  if (!update) {
    EXPECT_FALSE(parsed.contains("UpdateExpression")) << text;
  }
  return true;
}

TEST(FastRequests, UpdateAndDeletePlainShapesAreReadAsTheGeneralReaderReadsThem) {
  const std::vector<std::pair<std::string, bool>> accepted = {
      {R"({"TableName":"Orders","Key":{"PK":{"S":"C#1"},"SK":{"S":"O#1"}},"UpdateExpression":"SET #s = :s REMOVE GSI2PK","ConditionExpression":"#s = :w","ExpressionAttributeNames":{"#s":"status"},"ExpressionAttributeValues":{":s":{"S":"SHIPPED"},":w":{"S":"OPEN"}},"ReturnValues":"ALL_NEW","ReturnConsumedCapacity":"INDEXES"})",
       true},
      {R"({"Key":{"id":{"N":"7"}},"TableName":"T","UpdateExpression":"ADD n :one","ExpressionAttributeValues":{":one":{"N":"1"}},"ReturnItemCollectionMetrics":"SIZE","ReturnValuesOnConditionCheckFailure":"ALL_OLD"})",
       true},
      {R"J({"TableName":"Orders","Key":{"PK":{"S":"C#1"}},"ConditionExpression":"attribute_exists(PK)","ReturnValues":"ALL_OLD"})J",
       false},
      // Members the shared half judges (constraints, keys, expressions).
      {R"({"TableName":"Orders","Key":{"a":{"S":"1"},"b":{"S":"2"},"c":{"S":"3"}},"ReturnValues":"bogus"})",
       true},
      {R"({"TableName":"Or"})", false},
      {R"({"TableName":"T","Key":{"id":{"N":"1"}},"UpdateExpression":"SET a = \"x\""})", true},
  };
  for (const auto& [text, update] : accepted) {
    EXPECT_TRUE(CheckKeyWriteAgreement(text, update)) << text;
  }
  const std::vector<std::pair<std::string, bool>> declined = {
      {R"({"TableName":"T","Key":{"id":{"N":"1"}},"UpdateExpression":"SET a = :a"})", false},
      {R"({"TableName":"T","Key":{"id":{"N":"1"}},"AttributeUpdates":{}})", true},
      {R"({"TableName":"T","Key":{"id":{"N":"1"}},"Expected":{}})", false},
      {R"({"TableName":"T","Key":{"id":{"N":"1"}},"ConditionalOperator":"AND"})", true},
      {R"({"TableName":"T","Key":{"id":{"B":"AA=="}}})", true},
      {R"({"TableName":"T","Key":{"id":{"S":""}}})", true},
      {R"({"TableName":"T","Key":{"id":{"N":"1"}},"Key":{"id":{"N":"2"}}})", true},
      {R"({"TableName":"T","Key":{"id":{"N":"1"}},"ReturnValues":null})", true},
      {R"({"TableName":"T","Key":{"id":{"N":"1"}},"ExpressionAttributeValues":{":v":{"L":[]}}})",
       true},
      {R"({"TableName":"T","Key":{"id":{"N":"1"}},"Item":{}})", true},
      {R"({"TableName":"T","Key":{"id":{"N":"1"}}}})", true},
  };
  for (const auto& [text, update] : declined) {
    KeyWriteRequest out;
    EXPECT_FALSE(FastReadKeyWrite(text, update, &out)) << text;
  }
}

TEST(FastRequests, UpdateAndDeleteDamagedRequestsNeverDisagree) {
  const std::vector<std::pair<std::string, bool>> seeds = {
      {R"({"TableName":"Orders","Key":{"PK":{"S":"C#1"},"SK":{"N":"12"}},"UpdateExpression":"SET #s = :s, n = n + :one REMOVE GSI2PK","ConditionExpression":"#s = :w","ExpressionAttributeNames":{"#s":"status"},"ExpressionAttributeValues":{":s":{"S":"SHIPPED"},":w":{"S":"OPEN"},":one":{"N":"1"}},"ReturnValues":"UPDATED_NEW","ReturnConsumedCapacity":"TOTAL"})",
       true},
      {R"J({"TableName":"Orders","Key":{"PK":{"S":"C#1"},"SK":{"S":"O#1"}},"ConditionExpression":"attribute_exists(PK)","ReturnValues":"ALL_OLD","ReturnValuesOnConditionCheckFailure":"ALL_OLD"})J",
       false},
  };
  const std::string alphabet = " \t\n{}[]:,\"\\SNBL0123456789.eE+-truefalsnul#\x01\x7f\xc3";
  std::mt19937 rng(13);
  int accepted = 0;
  for (int round = 0; round < 20000; ++round) {
    const auto& [seed, update] = seeds[static_cast<size_t>(round) % seeds.size()];
    std::string text = seed;
    testing::Damage(&text, rng, alphabet, 3, /*whitespace_inserts=*/true);
    if (CheckKeyWriteAgreement(text, update)) ++accepted;
  }
  EXPECT_GT(accepted, 1000);
}

// A table for the write tests: Orders (PK, SK) with a GSI2 on GSI2PK.
constexpr const char* kOrdersWithGsi2 = R"({"TableName":"Orders","BillingMode":"PAY_PER_REQUEST",
  "AttributeDefinitions":[{"AttributeName":"PK","AttributeType":"S"},{"AttributeName":"SK","AttributeType":"S"},
    {"AttributeName":"GSI2PK","AttributeType":"S"}],
  "KeySchema":[{"AttributeName":"PK","KeyType":"HASH"},{"AttributeName":"SK","KeyType":"RANGE"}],
  "GlobalSecondaryIndexes":[{"IndexName":"GSI2","KeySchema":[{"AttributeName":"GSI2PK","KeyType":"HASH"}],
    "Projection":{"ProjectionType":"ALL"}}]})";

// Runs `op` with `fast_text` on `fast` and with `general_text` on `general` and expects the same
// answer: body, HTTP status, error and effects.
void ExpectSameAnswers(Engine* fast, const std::string& fast_text, Engine* general,
                       const std::string& general_text, const char* op) {
  const Result a = fast->Execute(op, fast_text);
  const Result b = general->Execute(op, general_text);
  EXPECT_EQ(a.body, b.body) << fast_text;
  EXPECT_EQ(a.http_status, b.http_status) << fast_text;
  EXPECT_EQ(a.status.code(), b.status.code()) << fast_text;
  EXPECT_EQ(EffectsText(a.effects), EffectsText(b.effects)) << fast_text;
}

// End to end: two engines with the same items get the same sequence of writes, one through the
// fast path, the other with a null member added (the general path): same bodies, statuses and
// effects after every write, errors and failed conditions included, and the same items at the end.
TEST(FastRequests, UpdateAndDeleteAnswersAreTheSameOnBothPaths) {
  Engine fast_engine, general_engine;
  for (Engine* e : {&fast_engine, &general_engine}) {
    ASSERT_TRUE(e->Execute("CreateTable", kOrdersWithGsi2).status.ok());
    for (int i = 0; i < 6; ++i) {
      const std::string n = std::to_string(i);
      ASSERT_TRUE(e->Execute("PutItem",
                             R"({"TableName":"Orders","Item":{"PK":{"S":"C#1"},"SK":{"S":"O#)" + n +
                                 R"("},"GSI2PK":{"S":"OPEN"},"status":{"S":"OPEN"},"n":{"N":")" +
                                 n + R"("}}})")
                      .status.ok());
    }
  }
  const std::vector<std::pair<std::string, bool>> requests = {
      {R"("TableName":"Orders","Key":{"PK":{"S":"C#1"},"SK":{"S":"O#1"}},"UpdateExpression":"SET #s = :s REMOVE GSI2PK","ConditionExpression":"#s = :w","ExpressionAttributeNames":{"#s":"status"},"ExpressionAttributeValues":{":s":{"S":"SHIPPED"},":w":{"S":"OPEN"}},"ReturnValues":"ALL_NEW","ReturnConsumedCapacity":"INDEXES")",
       true},
      // the same again: the condition fails now
      {R"("TableName":"Orders","Key":{"PK":{"S":"C#1"},"SK":{"S":"O#1"}},"UpdateExpression":"SET #s = :s REMOVE GSI2PK","ConditionExpression":"#s = :w","ExpressionAttributeNames":{"#s":"status"},"ExpressionAttributeValues":{":s":{"S":"SHIPPED"},":w":{"S":"OPEN"}},"ReturnValuesOnConditionCheckFailure":"ALL_OLD","ReturnConsumedCapacity":"TOTAL")",
       true},
      {R"("TableName":"Orders","Key":{"PK":{"S":"C#1"},"SK":{"S":"O#2"}},"UpdateExpression":"ADD n :one","ExpressionAttributeValues":{":one":{"N":"1"}},"ReturnValues":"UPDATED_OLD")",
       true},
      {R"("TableName":"Orders","Key":{"PK":{"S":"C#1"},"SK":{"S":"O#9"}},"UpdateExpression":"SET GSI2PK = :o","ExpressionAttributeValues":{":o":{"S":"OPEN"}},"ReturnValues":"ALL_NEW")",
       true},
      {R"("TableName":"Orders","Key":{"PK":{"S":"C#1"},"SK":{"S":"O#3"}},"UpdateExpression":"SET PK = :o","ExpressionAttributeValues":{":o":{"S":"X"}})",
       true},
      {R"("TableName":"Orders","Key":{"PK":{"S":"C#1"},"SK":{"S":"O#3"}},"UpdateExpression":"SET a = :a","ExpressionAttributeValues":{":a":{"S":"x"},":unused":{"S":"y"}})",
       true},
      {R"("TableName":"Orders","Key":{"PK":{"S":"C#1"}},"UpdateExpression":"SET a = :a","ExpressionAttributeValues":{":a":{"S":"x"}})",
       true},
      {R"("TableName":"Orders","Key":{"PK":{"S":"C#1"},"SK":{"S":"O#4"}},"ReturnValues":"ALL_OLD","ReturnConsumedCapacity":"INDEXES")",
       false},
      {R"("TableName":"Orders","Key":{"PK":{"S":"C#1"},"SK":{"S":"O#5"}},"ConditionExpression":"n > :n","ExpressionAttributeValues":{":n":{"N":"100"}})",
       false},
      {R"("TableName":"Orders","Key":{"PK":{"S":"C#1"},"SK":{"S":"O#5"}},"ReturnValues":"ALL_NEW")",
       false},
      {R"("TableName":"Missing","Key":{"PK":{"S":"C#1"},"SK":{"S":"O#5"}})", false},
  };
  for (const auto& [members, update] : requests) {
    const std::string fast_text = "{" + members + "}";
    const std::string general_text = "{" + members + R"(,"Expected":null})";
    KeyWriteRequest probe, probe2;
    EXPECT_TRUE(FastReadKeyWrite(fast_text, update, &probe)) << members;
    ASSERT_FALSE(FastReadKeyWrite(general_text, update, &probe2));
    ExpectSameAnswers(&fast_engine, fast_text, &general_engine, general_text,
                      update ? "UpdateItem" : "DeleteItem");
  }
  const std::string scan = R"({"TableName":"Orders","ReturnConsumedCapacity":"TOTAL"})";
  EXPECT_EQ(fast_engine.Execute("Scan", scan).body, general_engine.Execute("Scan", scan).body);
}

// ---------------------------------------------------------------------------------------------
// PutItem.

// The contract on one PutItem text; returns whether the fast reader accepted it.
bool CheckPutAgreement(const std::string& text) {
  PutItemRequest fast;
  if (!FastReadPutItem(text, &fast)) return false;
  const json parsed = json::parse(text, nullptr, false);
  EXPECT_FALSE(parsed.is_discarded()) << "fast reader accepted invalid JSON: " << text;
  if (parsed.is_discarded()) return true;
  PutItemRequest general;
  const Status s = ReadPutItem(parsed, &general);
  EXPECT_TRUE(s.ok()) << "fast reader accepted what the general reader rejects (" << s.message()
                      << "): " << text;
  EXPECT_EQ(testing::PutItemText(fast), testing::PutItemText(general)) << text;
  for (const char* legacy : {"Expected", "ConditionalOperator"}) {
    EXPECT_FALSE(parsed.contains(legacy)) << text;
  }
  return true;
}

TEST(FastRequests, PutItemPlainShapesAreReadAsTheGeneralReaderReadsThem) {
  const std::vector<std::string> accepted = {
      R"J({"TableName":"Orders","Item":{"PK":{"S":"C#1"},"SK":{"S":"O#1"},"total":{"N":"12.50"},"paid":{"BOOL":true},"note":{"NULL":true},"tags":{"SS":["a","b"]},"sizes":{"NS":["1","2.5"]},"blob":{"B":"AAE="},"blobs":{"BS":["AA==","AQ=="]},"lines":{"L":[{"M":{"sku":{"S":"X"},"qty":{"N":"2"}}},{"S":"free text"}]}},"ConditionExpression":"attribute_not_exists(#pk)","ExpressionAttributeNames":{"#pk":"PK"},"ReturnValues":"ALL_OLD","ReturnConsumedCapacity":"INDEXES","ReturnItemCollectionMetrics":"SIZE","ReturnValuesOnConditionCheckFailure":"ALL_OLD"})J",
      R"({"Item":{"id":{"N":"7"},"s":{"S":"tab\there \"quoted\""}},"TableName":"T","ConditionExpression":"n < :max","ExpressionAttributeValues":{":max":{"N":"10"}}})",
      R"({ "TableName" : "T" , "Item" : { } })",
      // Members the shared half judges (constraints, keys, sizes, expressions).
      R"({"TableName":"T","Item":{"id":{"N":"1"}},"ReturnValues":"ALL_NEW"})",
      R"({"TableName":"Or","Item":{"id":{"N":"1"}}})",
      R"({"TableName":"T"})",
      R"({"TableName":"T","Item":{"id":{"N":"1"}},"ConditionExpression":"a = :a"})",
  };
  for (const std::string& text : accepted) {
    EXPECT_TRUE(CheckPutAgreement(text)) << text;
  }
  const std::vector<std::string> declined = {
      R"({"TableName":"T","Item":{"id":{"N":"1"}},"Expected":{}})",
      R"({"TableName":"T","Item":{"id":{"N":"1"}},"ConditionalOperator":"AND"})",
      R"({"TableName":"T","Item":{"id":{"N":"1"}},"Item":{"id":{"N":"2"}}})",
      R"({"TableName":"T","Item":{"id":{"N":"1"},"id":{"N":"2"}}})",
      R"({"TableName":"T","Item":{"id":{"N":"1x"}}})",
      R"({"TableName":"T","Item":{"id":{"N":"1"},"s":{"SS":[]}}})",
      R"({"TableName":"T","Item":{"id":{"N":"1"},"s":{"SS":["a","a"]}}})",
      R"({"TableName":"T","Item":{"id":{"N":"1"},"n":{"NULL":false}}})",
      R"({"TableName":"T","Item":{"id":{"S":"\u00e9"}}})",
      R"({"TableName":"T","Item":{"id":{"N":"1"}},"ReturnValues":null})",
      R"({"TableName":"T","Item":{"id":{"N":"1"}},"Key":{"id":{"N":"1"}}})",
      R"({"TableName":"T","Item":{"id":{"N":"1"}},"ExpressionAttributeValues":{":v":{"L":[]}}})",
      R"({"TableName":"T","Item":[]})",
      R"({"TableName":"T","Item":{"id":{"N":"1"}}}})",
  };
  for (const std::string& text : declined) {
    PutItemRequest out;
    EXPECT_FALSE(FastReadPutItem(text, &out)) << text;
  }
}

TEST(FastRequests, PutItemDamagedRequestsNeverDisagree) {
  const std::vector<std::string> seeds = {
      R"J({"TableName":"Orders","Item":{"PK":{"S":"C#1"},"SK":{"S":"O#1"},"total":{"N":"-12.50e3"},"paid":{"BOOL":false},"note":{"NULL":true},"tags":{"SS":["a","b"]},"sizes":{"NS":["1","2"]},"blob":{"B":"AAE="},"lines":{"L":[{"M":{"q":{"N":"2"}}}]}},"ConditionExpression":"attribute_not_exists(#pk)","ExpressionAttributeNames":{"#pk":"PK"},"ReturnConsumedCapacity":"TOTAL"})J",
      R"({"TableName":"T","Item":{"id":{"N":"1"},"s":{"S":"x"}},"ConditionExpression":"s <> :v","ExpressionAttributeValues":{":v":{"S":"y"}},"ReturnValues":"ALL_OLD"})",
  };
  const std::string alphabet = " \t\n{}[]:,\"\\SNBLM0123456789.eE+-truefalsnul#=\x01\x7f\xc3";
  std::mt19937 rng(17);
  int accepted = 0;
  for (int round = 0; round < 20000; ++round) {
    std::string text = seeds[static_cast<size_t>(round) % seeds.size()];
    testing::Damage(&text, rng, alphabet, 3, /*whitespace_inserts=*/true);
    if (CheckPutAgreement(text)) ++accepted;
  }
  EXPECT_GT(accepted, 1000);
}

// End to end, as for UpdateItem and DeleteItem: two engines get the same PutItems, one through the
// fast path, the other with a null member added (the general path): same bodies, statuses and
// effects after every write (replacements, failed conditions, errors), and the same items at the
// end.
TEST(FastRequests, PutItemAnswersAreTheSameOnBothPaths) {
  Engine fast_engine, general_engine;
  for (Engine* e : {&fast_engine, &general_engine}) {
    ASSERT_TRUE(e->Execute("CreateTable", kOrdersWithGsi2).status.ok());
  }
  const std::string big(5000, 'x');
  const std::vector<std::string> requests = {
      R"("TableName":"Orders","Item":{"PK":{"S":"C#1"},"SK":{"S":"O#1"},"GSI2PK":{"S":"OPEN"},"status":{"S":"OPEN"},"n":{"N":"1"},"tags":{"SS":["a"]}},"ReturnConsumedCapacity":"INDEXES")",
      // a replacement that leaves GSI2, returning the old item
      R"("TableName":"Orders","Item":{"PK":{"S":"C#1"},"SK":{"S":"O#1"},"status":{"S":"SHIPPED"},"n":{"N":"2"}},"ReturnValues":"ALL_OLD","ReturnConsumedCapacity":"TOTAL")",
      // a condition that fails, with the item returned
      R"J("TableName":"Orders","Item":{"PK":{"S":"C#1"},"SK":{"S":"O#1"}},"ConditionExpression":"attribute_not_exists(#pk)","ExpressionAttributeNames":{"#pk":"PK"},"ReturnValuesOnConditionCheckFailure":"ALL_OLD")J",
      R"("TableName":"Orders","Item":{"PK":{"S":"C#1"},"SK":{"S":"O#2"},"GSI2PK":{"S":"OPEN"},"big":{"S":")" +
          big +
          R"J("}},"ConditionExpression":"attribute_not_exists(PK)","ReturnConsumedCapacity":"INDEXES")J",
      R"("TableName":"Orders","Item":{"PK":{"S":"C#1"},"SK":{"S":"O#3"},"n":{"N":"5"}},"ConditionExpression":"n < :max","ExpressionAttributeValues":{":max":{"N":"10"},":unused":{"N":"1"}})",
      R"("TableName":"Orders","Item":{"PK":{"S":"C#1"}})",
      R"("TableName":"Orders","Item":{"PK":{"S":"C#1"},"SK":{"N":"1"}})",
      R"("TableName":"Orders","Item":{"PK":{"S":"C#1"},"SK":{"S":"O#4"},"GSI2PK":{"N":"1"}})",
      R"("TableName":"Orders","Item":{"PK":{"S":"C#1"},"SK":{"S":"O#4"}},"ReturnValues":"ALL_NEW")",
      R"("TableName":"Missing","Item":{"PK":{"S":"C#1"},"SK":{"S":"O#5"}})",
      R"("TableName":"Orders","Item":{"PK":{"S":"C#1"},"SK":{"S":"O#5"},"m":{"M":{"a":{"L":[{"N":"1"},{"NULL":true}]}}}},"ReturnConsumedCapacity":"TOTAL","ReturnItemCollectionMetrics":"SIZE")",
  };
  for (const std::string& members : requests) {
    const std::string fast_text = "{" + members + "}";
    const std::string general_text = "{" + members + R"(,"Expected":null})";
    PutItemRequest probe, probe2;
    EXPECT_TRUE(FastReadPutItem(fast_text, &probe)) << members;
    ASSERT_FALSE(FastReadPutItem(general_text, &probe2));
    ExpectSameAnswers(&fast_engine, fast_text, &general_engine, general_text, "PutItem");
  }
  const std::string scan = R"({"TableName":"Orders","ReturnConsumedCapacity":"TOTAL"})";
  const Result fast_scan = fast_engine.Execute("Scan", scan);
  EXPECT_EQ(fast_scan.body, general_engine.Execute("Scan", scan).body);
  EXPECT_NE(fast_scan.body.find(R"("Count":3)"), std::string::npos) << fast_scan.body;
  const std::string open =
      R"({"TableName":"Orders","IndexName":"GSI2","KeyConditionExpression":"GSI2PK = :o","ExpressionAttributeValues":{":o":{"S":"OPEN"}}})";
  EXPECT_EQ(fast_engine.Execute("Query", open).body, general_engine.Execute("Query", open).body);
}

}  // namespace
}  // namespace monotable::api
