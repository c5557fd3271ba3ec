// wire: DynamoDB JSON <-> Value round trips and every error DynamoDB gives for a bad
// AttributeValue (texts from dynalite's tests run against DynamoDB, the Parity Suite and
// ScyllaDB's Alternator tests).
#include "api/wire/wire.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "api/messages.h"

namespace monotable::wire {
namespace {

using nlohmann::json;

json J(const std::string& text) {
  json j = json::parse(text, nullptr, false);
  EXPECT_FALSE(j.is_discarded()) << text;
  return j;
}

// --- round trips -------------------------------------------------------------------------------

struct RoundTrip {
  std::string in;   // AttributeValue as sent
  std::string out;  // AttributeValue as DynamoDB returns it
  Type type;
};

TEST(WireTest, AllTenTypesRoundTrip) {
  const std::vector<RoundTrip> cases = {
      {R"({"S":"hello"})", R"({"S":"hello"})", Type::kS},
      {R"({"S":""})", R"({"S":""})", Type::kS},
      {R"({"S":"\u65e5\u672c"})", R"({"S":"\u65e5\u672c"})", Type::kS},
      {R"({"N":"1.50"})", R"({"N":"1.5"})", Type::kN},
      {R"({"N":"-1E+2"})", R"({"N":"-100"})", Type::kN},
      {R"({"N":"+.5"})", R"({"N":"0.5"})", Type::kN},
      {R"({"B":"AQI="})", R"({"B":"AQI="})", Type::kB},
      {R"({"B":""})", R"({"B":""})", Type::kB},
      {R"({"BOOL":true})", R"({"BOOL":true})", Type::kBool},
      {R"({"BOOL":false})", R"({"BOOL":false})", Type::kBool},
      {R"({"NULL":true})", R"({"NULL":true})", Type::kNull},
      {R"({"L":[]})", R"({"L":[]})", Type::kL},
      {R"({"L":[{"S":"a"},{"N":"01"},{"L":[{"NULL":true}]}]})",
       R"({"L":[{"S":"a"},{"N":"1"},{"L":[{"NULL":true}]}]})", Type::kL},
      {R"({"M":{}})", R"({"M":{}})", Type::kM},
      {R"({"M":{"b":{"N":"2.0"},"a":{"M":{"x":{"BOOL":false}}}}})",
       R"({"M":{"a":{"M":{"x":{"BOOL":false}}},"b":{"N":"2"}}})", Type::kM},
      {R"({"SS":["b","a",""]})", R"({"SS":["b","a",""]})", Type::kSS},
      {R"({"NS":["10","1.0","-0.50"]})", R"({"NS":["10","1","-0.5"]})", Type::kNS},
      {R"({"BS":["AQI=","Ag==","AQ=="]})", R"({"BS":["AQI=","Ag==","AQ=="]})", Type::kBS},
      // DynamoDB's JSON layer converts these strings for a Boolean member.
      {R"({"BOOL":"yes"})", R"({"BOOL":true})", Type::kBool},
      {R"({"BOOL":"FALSE"})", R"({"BOOL":false})", Type::kBool},
      {R"({"NULL":"1"})", R"({"NULL":true})", Type::kNull},
      // Unknown members and null members are ignored.
      {R"({"S":"x","Q":1})", R"({"S":"x"})", Type::kS},
      {R"({"S":"x","N":null})", R"({"S":"x"})", Type::kS},
  };
  for (const RoundTrip& c : cases) {
    Value v;
    Status st = ParseValue(J(c.in), &v);
    ASSERT_TRUE(st.ok()) << c.in << ": " << st.message();
    EXPECT_EQ(v.type(), c.type) << c.in;
    EXPECT_EQ(ToJson(v), J(c.out)) << c.in;
    // What we return parses back to the same value.
    Value again;
    ASSERT_TRUE(ParseValue(ToJson(v), &again).ok()) << c.in;
    EXPECT_EQ(again, v) << c.in;
  }
}

TEST(WireTest, ValuesHoldDecodedBytesAndTypedNumbers) {
  Value b;
  ASSERT_TRUE(ParseValue(J(R"({"B":"AAEC/w=="})"), &b).ok());
  EXPECT_EQ(b.s(), std::string("\x00\x01\x02\xff", 4));
  Value n;
  ASSERT_TRUE(ParseValue(J(R"({"N":"12.3456"})"), &n).ok());
  EXPECT_EQ(n.n().SizeBytes(), 4u);
  Value ns;
  ASSERT_TRUE(ParseValue(J(R"({"NS":["3","1","2"]})"), &ns).ok());
  ASSERT_EQ(ns.numbers().size(), 3u);
  EXPECT_EQ(ns.numbers()[0], Number::FromInt(3));  // sets keep the order sent
}

TEST(WireTest, ItemsRoundTrip) {
  json in = J(R"({"pk":{"S":"USER#1"},"sk":{"N":"007"},"tags":{"SS":["a","b"]},
                  "blob":{"B":"AQI="},"doc":{"M":{"l":{"L":[{"BOOL":true}]}}}})");
  Item item;
  ASSERT_TRUE(ParseItem(in, &item).ok());
  ASSERT_EQ(item.size(), 5u);
  EXPECT_EQ(item["sk"], Value::N(Number::FromInt(7)));
  json out = ToJson(item);
  in["sk"]["N"] = "7";
  EXPECT_EQ(out, in);
  // ParseItem clears what was there.
  Item reused = {{"old", Value::Null()}};
  ASSERT_TRUE(ParseItem(J(R"({"a":{"S":"x"}})"), &reused).ok());
  EXPECT_EQ(reused.size(), 1u);
  // A missing map (JSON null) is an empty map; the caller decides whether it was required.
  ASSERT_TRUE(ParseItem(json(), &reused).ok());
  EXPECT_TRUE(reused.empty());
  EXPECT_EQ(ToJson(Item{}), json::object());
}

// --- errors ------------------------------------------------------------------------------------

struct ErrorCase {
  std::string in;
  ErrorCode code;
  std::string message;
};

constexpr ErrorCode kV = ErrorCode::kValidation;
constexpr ErrorCode kSer = ErrorCode::kSerialization;

const char* const kEmpty =
    "Supplied AttributeValue is empty, must contain exactly one of the supported datatypes";
const char* const kMulti =
    "Supplied AttributeValue has more than one datatypes set, must contain exactly one of the "
    "supported datatypes";
const char* const kNesting =
    "1 validation error detected: Nesting Levels have exceeded supported limits: Attributes in "
    "the item have nested levels beyond supported limit";
const char* const kStartOfMap = "Start of structure or map found where not expected";
const char* const kMapClass =
    "Unrecognized collection type java.util.Map<java.lang.String, "
    "com.amazonaws.dynamodb.v20120810.AttributeValue>";

TEST(WireTest, ValidationErrorsAreDynamoDbs) {
  // The May 2026 wording (MessageCohort::k2026_05); the 2026-09 one is pinned just below.
  const api::messages::CohortScope may(MessageCohort::k2026_05);
  const std::string invalid = "One or more parameter values were invalid: ";
  const std::vector<ErrorCase> cases = {
      {R"({})", kV, kEmpty},
      {R"({"Q":{"S":"a"}})", kV, kEmpty},
      {R"({"S":null})", kV, kEmpty},
      {R"({"M":{"a":{}}})", kV, kEmpty},
      {R"({"L":[{}]})", kV, kEmpty},
      {R"({"L":[{"a":{}}]})", kV, kEmpty},
      {R"({"S":"a","N":"1"})", kV, kMulti},
      {R"({"S":"a","BOOL":true})", kV, kMulti},
      {R"({"NULL":true,"L":[]})", kV, kMulti},
      // Members are converted (and fail) before they are counted.
      {R"({"S":"a","N":"b"})", kV, "The parameter cannot be converted to a numeric value: b"},
      {R"({"S":"a","N":""})", kV, "The parameter cannot be converted to a numeric value"},
      {R"({"NULL":false})", kV, invalid + "Null attribute value types must have the value of true"},
      {R"({"NULL":"no"})", kV, invalid + "Null attribute value types must have the value of true"},
      {R"({"SS":[]})", kV, invalid + "An string set  may not be empty"},
      {R"({"NS":[]})", kV, invalid + "An number set  may not be empty"},
      {R"({"BS":[]})", kV, invalid + "Binary sets should not be empty"},
      {R"({"M":{"x":{"SS":[]}}})", kV, invalid + "An string set  may not be empty"},
      {R"({"L":[{"NS":[]}]})", kV, invalid + "An number set  may not be empty"},
      {R"({"SS":["a","a"]})", kV, invalid + "Input collection [a, a] contains duplicates."},
      {R"({"SS":["x","a","b","a"]})", kV,
       invalid + "Input collection [x, a, b, a] contains duplicates."},
      {R"({"BS":["Yg==","Yg=="]})", kV,
       invalid + "Input collection [Yg==, Yg==]of type BS contains duplicates."},
      // Numbers in a set are compared as numbers, and the message lists nothing.
      {R"({"NS":["1","1"]})", kV, "Input collection contains duplicates"},
      {R"({"NS":["1","1.0"]})", kV, "Input collection contains duplicates"},
      {R"({"NS":["100","1E2","5"]})", kV, "Input collection contains duplicates"},
      // Every number is validated before duplicates are looked for.
      {R"({"NS":["1","1","b"]})", kV, "The parameter cannot be converted to a numeric value: b"},
      {R"({"NS":["1",""]})", kV, "The parameter cannot be converted to a numeric value"},
      {R"({"N":"123456789012345678901234567890123456789"})", kV,
       "Attempting to store more than 38 significant digits in a Number"},
      {R"({"N":"1e126"})", kV,
       "Number overflow. Attempting to store a number with magnitude larger than supported "
       "range"},
      {R"({"NS":["1","-1e-131"]})", kV,
       "Number underflow. Attempting to store a number with magnitude smaller than supported "
       "range"},
      {R"({"N":" 1"})", kV, "The parameter cannot be converted to a numeric value:  1"},
      {R"({"N":"NaN"})", kV, "The parameter cannot be converted to a numeric value: NaN"},
      // JSON null where a value must be: DynamoDB Local's texts (not verified on DynamoDB).
      {R"(null)", kV, "The supplied Item contains a null AttributeValue"},
      {R"({"L":[null]})", kV, "The supplied Item contains a null AttributeValue"},
      {R"({"M":{"a":null}})", kV, "The supplied Item contains a null AttributeValue"},
      {R"({"SS":["a",null]})", kV, "The supplied Item contains a null AttributeValue"},
      {R"({"BS":[null]})", kV, "The supplied Item contains a null AttributeValue"},
      {R"({"NS":["1",null]})", kV, "The parameter cannot be converted to a numeric value"},
  };
  for (const ErrorCase& c : cases) {
    Value v;
    Status st = ParseValue(J(c.in), &v);
    ASSERT_FALSE(st.ok()) << c.in;
    EXPECT_EQ(st.code(), c.code) << c.in;
    EXPECT_EQ(st.message(), c.message) << c.in;
  }
}

// The 2026-09 cohort (us-east-1, captures/cross-region-latest.json of 2026-09-29: b_put_empty_ss,
// b_put_dup_ss, esm_put_bs_dup_empty, nullRoundTrip): the envelope, and quoted set members.
TEST(WireTest, ValidationErrorsIn2026_09Wording) {
  const api::messages::CohortScope september(MessageCohort::k2026_09);
  const std::string invalid =
      "1 validation error detected: One or more parameter values were invalid: ";
  const std::vector<ErrorCase> cases = {
      {R"({"NULL":false})", kV, invalid + "Null attribute value types must have the value of true"},
      {R"({"SS":[]})", kV, invalid + "An string set  may not be empty"},
      {R"({"M":{"x":{"NS":[]}}})", kV, invalid + "An number set  may not be empty"},
      {R"({"BS":[]})", kV, invalid + "Binary sets should not be empty"},
      {R"({"SS":["a","a"]})", kV, invalid + "Input collection [\"a\", \"a\"] contains duplicates."},
      {R"({"BS":["",""]})", kV,
       invalid + "Input collection [\"\",\"\"]of type BS contains duplicates."},
      // Not captured in the new wording: as in 2026-05.
      {R"({"NS":["1","1"]})", kV, "Input collection contains duplicates"},
  };
  for (const ErrorCase& c : cases) {
    Value v;
    Status st = ParseValue(J(c.in), &v);
    EXPECT_EQ(st.code(), c.code) << c.in;
    EXPECT_EQ(st.message(), c.message) << c.in;
  }
}

TEST(WireTest, WrongJsonTypesAreSerializationExceptions) {
  const std::vector<ErrorCase> cases = {
      // The AttributeValue itself.
      {R"("x")", kSer, "Unexpected value type in payload"},
      {R"(1)", kSer, "Unexpected value type in payload"},
      {R"(true)", kSer, "Unexpected value type in payload"},
      {R"([])", kSer,
       "Unrecognized collection type class com.amazonaws.dynamodb.v20120810.AttributeValue"},
      // Strings: S, N, SS and NS elements.
      {R"({"S":1})", kSer, "NUMBER_VALUE cannot be converted to String"},
      {R"({"S":-2147483648})", kSer, "NUMBER_VALUE cannot be converted to String"},
      {R"({"S":34.56})", kSer, "DECIMAL_VALUE cannot be converted to String"},
      {R"({"S":true})", kSer, "TRUE_VALUE cannot be converted to String"},
      {R"({"S":false})", kSer, "FALSE_VALUE cannot be converted to String"},
      {R"({"S":[]})", kSer, "Unrecognized collection type class java.lang.String"},
      {R"({"S":{}})", kSer, kStartOfMap},
      {R"({"N":123})", kSer, "NUMBER_VALUE cannot be converted to String"},
      {R"({"SS":["a",1]})", kSer, "NUMBER_VALUE cannot be converted to String"},
      {R"({"NS":[1]})", kSer, "NUMBER_VALUE cannot be converted to String"},
      // Booleans: BOOL and NULL.
      {R"({"BOOL":23})", kSer, "NUMBER_VALUE cannot be converted to Boolean"},
      {R"({"NULL":34.56})", kSer, "DECIMAL_VALUE cannot be converted to Boolean"},
      {R"({"BOOL":"23"})", kSer, "Unexpected token received from parser"},
      {R"({"BOOL":[]})", kSer, "Unrecognized collection type class java.lang.Boolean"},
      {R"({"NULL":{}})", kSer, kStartOfMap},
      // Binary: B and BS elements.
      {R"({"B":true})", kSer, "only base-64-encoded strings are convertible to bytes"},
      {R"({"B":23})", kSer, "only base-64-encoded strings are convertible to bytes"},
      {R"({"B":[]})", kSer, "Unrecognized collection type class java.nio.ByteBuffer"},
      {R"({"B":{}})", kSer, kStartOfMap},
      {R"({"B":"23456"})", kSer,
       "Base64 encoded length is expected a multiple of 4 bytes but found: 5"},
      {R"({"B":"=+/="})", kSer, "Invalid last non-pad Base64 character dectected"},
      {R"({"B":"+/+="})", kSer, "Invalid last non-pad Base64 character dectected"},
      {R"({"B":"ab!d"})", kSer, "Invalid last non-pad Base64 character dectected"},
      {R"({"BS":["AQI=","A"]})", kSer,
       "Base64 encoded length is expected a multiple of 4 bytes but found: 1"},
      // Lists: SS, NS, BS, L.
      {R"({"L":"23"})", kSer, "Unexpected field type"},
      {R"({"SS":true})", kSer, "Unexpected field type"},
      {R"({"NS":23})", kSer, "Unexpected field type"},
      {R"({"BS":{}})", kSer, kStartOfMap},
      {R"({"L":{}})", kSer, kStartOfMap},
      // Maps: M.
      {R"({"M":"23"})", kSer, "Unexpected field type"},
      {R"({"M":[]})", kSer, kMapClass},
      // Nested.
      {R"({"L":[{"S":1}]})", kSer, "NUMBER_VALUE cannot be converted to String"},
      {R"({"M":{"a":{"BS":["x"]}}})", kSer,
       "Base64 encoded length is expected a multiple of 4 bytes but found: 1"},
      {R"({"L":["x"]})", kSer, "Unexpected value type in payload"},
      // Wrong types are reported before any validation error, wherever they are.
      {R"({"NULL":false,"S":1})", kSer, "NUMBER_VALUE cannot be converted to String"},
      {R"({"L":[{"SS":[]},{"S":1}]})", kSer, "NUMBER_VALUE cannot be converted to String"},
  };
  for (const ErrorCase& c : cases) {
    Value v;
    Status st = ParseValue(J(c.in), &v);
    ASSERT_FALSE(st.ok()) << c.in;
    EXPECT_EQ(st.code(), c.code) << c.in;
    EXPECT_EQ(st.message(), c.message) << c.in;
  }
}

TEST(WireTest, ItemErrors) {
  const api::messages::CohortScope may(MessageCohort::k2026_05);  // the May 2026 wording
  const std::vector<ErrorCase> cases = {
      {R"("x")", kSer, "Unexpected field type"},
      {R"(5)", kSer, "Unexpected field type"},
      {R"([])", kSer, kMapClass},
      {R"({"a":"x"})", kSer, "Unexpected value type in payload"},
      {R"({"a":{}})", kV, kEmpty},
      // A serialization problem in a later attribute wins over a validation problem earlier.
      {R"({"a":{"SS":[]},"b":{"N":5}})", kSer, "NUMBER_VALUE cannot be converted to String"},
      {R"({"a":{"S":"x"},"b":{"NULL":false}})", kV,
       "One or more parameter values were invalid: Null attribute value types must have the "
       "value of true"},
  };
  for (const ErrorCase& c : cases) {
    Item item;
    Status st = ParseItem(J(c.in), &item);
    ASSERT_FALSE(st.ok()) << c.in;
    EXPECT_EQ(st.code(), c.code) << c.in;
    EXPECT_EQ(st.message(), c.message) << c.in;
  }
}

// --- nesting -----------------------------------------------------------------------------------

// `wraps` maps around a string leaf (the Parity Suite's deepMap).
json DeepMap(int wraps) {
  json v = {{"S", "leaf"}};
  for (int i = 0; i < wraps; ++i) v = json{{"M", json{{"n", std::move(v)}}}};
  return v;
}

json DeepList(int wraps) {
  json v = {{"N", "1"}};
  for (int i = 0; i < wraps; ++i) v = json{{"L", json::array({std::move(v)})}};
  return v;
}

TEST(WireTest, DocumentsNestAtMost32Levels) {
  // DynamoDB counts the attribute itself as level 1: 31 wraps (leaf at level 32) is accepted,
  // 32 wraps (leaf at level 33) rejected, for stored items and for expression values alike.
  for (auto* deep : {&DeepMap, &DeepList}) {
    Item item;
    EXPECT_TRUE(ParseItem(json{{"data", deep(31)}}, &item).ok());
    Status st = ParseItem(json{{"data", deep(32)}}, &item);
    EXPECT_EQ(st.code(), ErrorCode::kValidation);
    EXPECT_EQ(st.message(), kNesting);
    Value v;
    EXPECT_TRUE(ParseValue(deep(31), &v).ok());
    EXPECT_EQ(ParseValue(deep(32), &v).message(), kNesting);
  }
  // An empty container at level 32 is already too deep.
  json v = {{"M", json::object()}};
  for (int i = 0; i < 31; ++i) v = json{{"L", json::array({std::move(v)})}};
  Value out;
  EXPECT_EQ(ParseValue(v, &out).message(), kNesting);
}

TEST(WireTest, HostileInputDoesNotCrash) {
  // 20,000 nested lists: rejected on depth, without deep recursion.
  std::string text;
  for (int i = 0; i < 20000; ++i) text += R"({"L":[)";
  text += R"({"S":"x"})";
  for (int i = 0; i < 20000; ++i) text += "]}";
  json deep = json::parse(text, nullptr, false);
  ASSERT_FALSE(deep.is_discarded());
  Value v;
  EXPECT_EQ(ParseValue(deep, &v).message(), kNesting);
  // A wide value is fine.
  json wide = json::object();
  json& list = wide["L"] = json::array();
  for (int i = 0; i < 100000; ++i) list.push_back(json{{"N", std::to_string(i)}});
  ASSERT_TRUE(ParseValue(wide, &v).ok());
  EXPECT_EQ(v.l().size(), 100000u);
  // Large sets are checked for duplicates without quadratic work.
  json ss = json::object();
  json& strings = ss["SS"] = json::array();
  for (int i = 0; i < 50000; ++i) strings.push_back("s" + std::to_string(i));
  ASSERT_TRUE(ParseValue(ss, &v).ok());
  strings.push_back("s17");
  EXPECT_EQ(ParseValue(ss, &v).code(), ErrorCode::kValidation);
  json ns = json::object();
  json& numbers = ns["NS"] = json::array();
  for (int i = 0; i < 50000; ++i) numbers.push_back(std::to_string(i));
  ASSERT_TRUE(ParseValue(ns, &v).ok());
  numbers.push_back("17.000");
  EXPECT_EQ(ParseValue(ns, &v).message(), "Input collection contains duplicates");
}

// --- base64 ------------------------------------------------------------------------------------

TEST(WireTest, Base64IsStrictAndRoundTrips) {
  struct Case {
    std::string text;
    bool ok;
    std::string bytes;
  };
  const std::vector<Case> cases = {
      {"", true, ""},
      {"AQ==", true, "\x01"},
      {"AQI=", true, "\x01\x02"},
      {"AQID", true, "\x01\x02\x03"},
      {"/+/+", true, "\xff\xef\xfe"},
      {"A", false, ""},
      {"AQI", false, ""},
      {"AQ=", false, ""},
      {"AR==", false, ""},  // non-zero bits after the last byte
      {"AQJ=", false, ""},
      {"=AQI", false, ""},
      {"A=QI", false, ""},
      {"AQ==AQ==", false, ""},
      {"AQ I", false, ""},
      {"AQ-_", false, ""},  // URL-safe alphabet is not accepted
      {"====", false, ""},
  };
  for (const Case& c : cases) {
    std::string bytes;
    EXPECT_EQ(Base64Decode(c.text, &bytes), c.ok) << c.text;
    if (c.ok) {
      EXPECT_EQ(bytes, c.bytes) << c.text;
      EXPECT_EQ(Base64Encode(bytes), c.text);
    }
  }
  std::string all;
  for (int i = 0; i < 256; ++i) all.push_back(static_cast<char>(i));
  for (size_t len = 0; len <= all.size(); len += 37) {
    std::string bytes;
    ASSERT_TRUE(Base64Decode(Base64Encode(all.substr(0, len)), &bytes));
    EXPECT_EQ(bytes, all.substr(0, len));
  }
  EXPECT_EQ(Base64Encode("b"), "Yg==");
}

// --- the direct writer -------------------------------------------------------------------------

// Random values of every type, with strings that need escaping (quotes, backslashes, every control
// character, multi-byte UTF-8 up to 4 bytes) and numbers of every shape.
class RandomValues {
 public:
  explicit RandomValues(uint32_t seed) : state_(seed * 2654435761u + 1) {}

  uint32_t Next(uint32_t n) {  // xorshift, uniform enough for a test
    state_ ^= state_ << 13;
    state_ ^= state_ >> 7;
    state_ ^= state_ << 17;
    return static_cast<uint32_t>(state_ % n);
  }

  std::string Utf8() {
    std::string out;
    const uint32_t length = Next(12);
    for (uint32_t i = 0; i < length; ++i) {
      uint32_t cp;
      switch (Next(6)) {
        case 0:
          cp = Next(0x20);  // control characters, NUL included
          break;
        case 1:
          cp = "\"\\/\x7f"[Next(4)];
          break;
        case 2:
          cp = 0x80 + Next(0x780);  // two bytes
          break;
        case 3:
          cp = 0x800 + Next(0xF800 - 0x800);  // three bytes, below the surrogates' end
          if (cp >= 0xD800 && cp <= 0xDFFF) cp = 0xE000 + (cp & 0xFF);
          break;
        case 4:
          cp = 0x10000 + Next(0x100000);  // four bytes
          break;
        default:
          cp = 0x20 + Next(0x5F);
          break;
      }
      if (cp < 0x80) {
        out.push_back(static_cast<char>(cp));
      } else if (cp < 0x800) {
        out.push_back(static_cast<char>(0xC0 | (cp >> 6)));
        out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
      } else if (cp < 0x10000) {
        out.push_back(static_cast<char>(0xE0 | (cp >> 12)));
        out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
        out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
      } else {
        out.push_back(static_cast<char>(0xF0 | (cp >> 18)));
        out.push_back(static_cast<char>(0x80 | ((cp >> 12) & 0x3F)));
        out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
        out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
      }
    }
    return out;
  }

  std::string Bytes() {
    std::string out;
    const uint32_t length = Next(9);
    for (uint32_t i = 0; i < length; ++i) out.push_back(static_cast<char>(Next(256)));
    return out;
  }

  Number Num() {
    std::string text = Next(2) ? "-" : "";
    const uint32_t digits = 1 + Next(38);
    for (uint32_t i = 0; i < digits; ++i) text.push_back(static_cast<char>('0' + Next(10)));
    if (Next(2)) text += "E" + std::to_string(static_cast<int>(Next(100)) - 60);
    Number n;
    if (!Number::Parse(text, &n).ok()) return Number::FromInt(Next(1000));
    return n;
  }

  Value Any(int depth) {
    switch (Next(depth >= 3 ? 8 : 10)) {
      case 0:
        return Value::S(Utf8());
      case 1:
        return Value::N(Num());
      case 2:
        return Value::B(Bytes());
      case 3:
        return Value::Bool(Next(2) == 1);
      case 4:
        return Value::Null();
      case 5: {
        std::vector<std::string> set;
        for (uint32_t i = 0, n = 1 + Next(4); i < n; ++i) set.push_back(Utf8());
        return Value::SS(set);
      }
      case 6: {
        std::vector<Number> set;
        for (uint32_t i = 0, n = 1 + Next(4); i < n; ++i) set.push_back(Num());
        return Value::NS(set);
      }
      case 7: {
        std::vector<std::string> set;
        for (uint32_t i = 0, n = 1 + Next(4); i < n; ++i) set.push_back(Bytes());
        return Value::BS(set);
      }
      case 8: {
        List list;
        for (uint32_t i = 0, n = Next(4); i < n; ++i) list.push_back(Any(depth + 1));
        return Value::L(std::move(list));
      }
      default:
        return Value::M(AnyItem(depth + 1));
    }
  }

  Item AnyItem(int depth) {
    Item item;
    for (uint32_t i = 0, n = Next(7); i < n; ++i) item[Utf8()] = Any(depth);
    return item;
  }

 private:
  uint32_t state_;
};

TEST(WireTest, AppendItemJsonWritesWhatToJsonDumps) {
  // The read paths write items as text; the bodies must stay byte for byte what the tree gave.
  for (uint32_t seed = 1; seed <= 3000; ++seed) {
    RandomValues random(seed);
    const Item item = random.AnyItem(0);
    std::string text = "prefix";
    AppendItemJson(item, &text);
    ASSERT_EQ(text, "prefix" + ToJson(item).dump()) << "seed " << seed;
    // Stored items are written straight from their encoding: the same text.
    std::string encoded;
    AppendEncodedItemJson(storage::EncodedItem::Encode(item).reader(), &encoded);
    ASSERT_EQ(encoded, text.substr(6)) << "seed " << seed;
  }
}

// Plain S and N attributes are written as one piece when they fit the writer's buffer: pieces
// that end just before, at and after its end, that are longer than it, and names or values that
// need escaping (written the long way) must all come out as the tree dumps them.
TEST(WireTest, ScalarAttributesWriteWhatToJsonDumps) {
  Number n;
  ASSERT_TRUE(Number::Parse("-12.5E+3", &n).ok());
  for (size_t length = 990; length <= 1040; ++length) {
    const std::string plain(length, 'v');
    for (const Item& item :
         {Item{{"a", Value::S(plain)}, {"b", Value::S("x")}, {"c", Value::N(n)}},
          Item{{"a\"q", Value::N(n)}, {"b", Value::S(plain + "\n")}, {plain, Value::S("y")}},
          Item{{"k", Value::S(std::string(length / 2, 'w'))}, {"l", Value::S(plain)}}}) {
      std::string text;
      AppendEncodedItemJson(storage::EncodedItem::Encode(item).reader(), &text);
      ASSERT_EQ(text, ToJson(item).dump()) << "length " << length;
    }
  }
}

TEST(WireTest, LongTextsAndManyItemsWriteWhatToJsonDumps) {
  // The writer buffers its output a kilobyte at a time and hands long runs to the string directly:
  // texts longer than that, escapes on either side of the buffer's end, and a page of items
  // appended one after another into one string (as a Scan page is) must come out unchanged.
  RandomValues random(7);
  for (size_t length : {0, 1, 511, 512, 513, 1000, 1023, 1024, 1025, 1030, 2047, 2049, 5000}) {
    for (int pattern = 0; pattern < 3; ++pattern) {
      std::string s;
      for (size_t i = 0; i < length; ++i) {
        // plain text; an escape every 97 bytes; escapes only
        const bool escape = pattern == 2 || (pattern == 1 && i % 97 == 96);
        s.push_back(escape ? "\\\"\n\x01"[i % 4] : static_cast<char>('a' + i % 26));
      }
      for (size_t prefix : {0, 1, 700, 1023}) {
        std::string text(prefix, 'p');
        AppendJsonString(s, &text);
        ASSERT_EQ(text, std::string(prefix, 'p') + json(s).dump())
            << "length " << length << " pattern " << pattern << " prefix " << prefix;
      }
      Item item = {{"b", Value::B(s)}, {"s", Value::S(s)}, {s, Value::SS({s, "x"})}};
      std::string text;
      AppendItemJson(item, &text);
      ASSERT_EQ(text, ToJson(item).dump()) << "length " << length << " pattern " << pattern;
      text.clear();
      AppendEncodedItemJson(storage::EncodedItem::Encode(item).reader(), &text);
      ASSERT_EQ(text, ToJson(item).dump()) << "length " << length << " pattern " << pattern;
    }
  }
  std::string page = "[";
  std::string expected = "[";
  for (int i = 0; i < 300; ++i) {
    const Item item = random.AnyItem(0);
    AppendEncodedItemJson(storage::EncodedItem::Encode(item).reader(), &page);
    expected += ToJson(item).dump();
  }
  EXPECT_EQ(page, expected);
}

TEST(WireTest, AppendJsonStringEscapesAsDumpDoes) {
  std::string all;
  for (int c = 0; c < 0x80; ++c) all.push_back(static_cast<char>(c));
  all += "\xc3\xa9\xe6\x97\xa5\xf0\x9f\x98\x80";  // é 日 😀 stay as they are
  std::string text;
  AppendJsonString(all, &text);
  EXPECT_EQ(text, json(all).dump());
  text.clear();
  AppendJsonString("say \"hi\"\\\n\t\x01", &text);
  EXPECT_EQ(text, R"("say \"hi\"\\\n\t\u0001")");
}

TEST(WireTest, EveryByteIsEscapedAsDumpDoesAtEveryPositionOfAWord) {
  // The writer checks eight bytes at a time for bytes to escape (the last eight overlapping), and a
  // text under eight bytes in one word: each ASCII byte at each position of texts of every length
  // from 1 to 20 bytes, among plain letters and among the bytes of multi-byte UTF-8.
  for (const std::string fill : {"a", "\xc3\xa9", "\xe6\x97\xa5"}) {
    for (size_t length = 1; length <= 20; ++length) {
      std::string base;
      while (base.size() < length) base += fill;
      {
        std::string text;
        AppendJsonString(base, &text);
        ASSERT_EQ(text, json(base).dump()) << "plain, length " << base.size();
      }
      for (int c = 0; c < 0x80; ++c) {
        for (size_t pos = 0; pos + fill.size() <= base.size(); pos += fill.size()) {
          std::string s = base;
          s.replace(pos, fill.size(), 1, static_cast<char>(c));
          std::string text;
          AppendJsonString(s, &text);
          ASSERT_EQ(text, json(s).dump()) << "byte " << c << " at " << pos << " of " << s.size();
        }
      }
    }
  }
  std::string empty;
  AppendJsonString("", &empty);
  EXPECT_EQ(empty, "\"\"");
}

TEST(WireTest, AppendDumpSplicesRawTextsIntoTheTree) {
  const std::vector<std::string> raw = {R"([{"a":{"S":"x"}}])", R"({"k":{"N":"1"}})"};
  json tree = {{"Items", RawPlaceholder(0)},
               {"Count", 1},
               {"ConsumedCapacity", {{"CapacityUnits", 0.5}, {"TableName", "T\"1"}}},
               {"Responses", json::array({json::object({{"Item", RawPlaceholder(1)}}), nullptr})}};
  json expected = tree;
  expected["Items"] = json::parse(raw[0]);
  expected["Responses"][0]["Item"] = json::parse(raw[1]);
  std::string body;
  AppendDump(tree, raw, &body);
  EXPECT_EQ(body, expected.dump());
  std::string plain;
  AppendDump(expected, {}, &plain);
  EXPECT_EQ(plain, expected.dump());
}

}  // namespace
}  // namespace monotable::wire
