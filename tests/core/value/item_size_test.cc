// Item size: DynamoDB's byte-exact vectors (dynamodb-rules.md §1.1-1.2).
#include <gtest/gtest.h>

#include <string>

#include "monotable/value.h"

namespace monotable {
namespace {

Number N(const std::string& text) {
  Number n;
  EXPECT_TRUE(Number::Parse(text, &n).ok()) << text;
  return n;
}

std::string Chars(size_t n) { return std::string(n, 'a'); }

// Raw bytes of "AQI=", "Ag==", "AQ==".
const std::string kAQI = std::string("\x01\x02", 2);
const std::string kAg = std::string("\x02", 1);
const std::string kAQ = std::string("\x01", 1);

// Vector 1 of §1.2 (dynalite getItem.js, run against DynamoDB): exactly 4096 bytes.
Item Vector1(size_t b_length) {
  return {{"a", Value::S(Chars(10))},
          {"b", Value::S(Chars(b_length))},
          {"c", Value::N(N("12.3456"))},
          {"d", Value::B(kAQI)},
          {"e", Value::BS({kAQI, kAg, kAQ})}};
}

Item Vector2(size_t bb_length) {
  return {{"a", Value::S(Chars(10))},
          {"bb", Value::S(Chars(bb_length))},
          {"ccc", Value::N(N("12.3456"))},
          {"dddd", Value::B(kAQI)},
          {"eeeee", Value::BS({kAQI, kAg, kAQ})},
          {"ffffff", Value::Null()},
          {"ggggggg", Value::Bool(true)},
          {"hhhhhhhh", Value::L({Value::S("a"), Value::S("aa"), Value::S("bb"), Value::S("ccc")})},
          {"iiiiiiiii", Value::M({{"aa", Value::S("aa")}, {"bbb", Value::S("bbb")}})}};
}

Item Vector3(size_t ab_length) {
  return {{"a", Value::S(Chars(10))},
          {"ab", Value::S(Chars(ab_length))},
          {"abc", Value::Null()},
          {"abcd", Value::Bool(false)},
          {"abcde", Value::L({Value::S("aa"), Value::N(N("12.3456")), Value::B(kAQI)})},
          {"abcdef", Value::M({{"aa", Value::S("aa")},
                               {"bbb", Value::N(N("12.3456"))},
                               {"cccc", Value::B(kAQI)}})}};
}

TEST(ItemSizeTest, DynamoDbVectorsAreExactly4096Bytes) {
  EXPECT_EQ(ItemSize(Vector1(4071)), 4096u);
  EXPECT_EQ(ItemSize(Vector2(3999)), 4096u);
  EXPECT_EQ(ItemSize(Vector3(4026)), 4096u);
}

TEST(ItemSizeTest, OneMoreByteIs4097) {
  EXPECT_EQ(ItemSize(Vector1(4072)), 4097u);
  EXPECT_EQ(ItemSize(Vector2(4000)), 4097u);
  EXPECT_EQ(ItemSize(Vector3(4027)), 4097u);
}

TEST(ItemSizeTest, VectorPartsPinListAndMapOverheads) {
  // Vector 2 = 11+4001+7+6+9+7+8+23+24; vector 3 = 11+4028+4+5+19+29 (§1.2).
  Item v2 = Vector2(3999);
  EXPECT_EQ(AttributeSize("a", v2["a"]), 11u);
  EXPECT_EQ(AttributeSize("bb", v2["bb"]), 4001u);
  EXPECT_EQ(AttributeSize("ccc", v2["ccc"]), 7u);
  EXPECT_EQ(AttributeSize("dddd", v2["dddd"]), 6u);
  EXPECT_EQ(AttributeSize("eeeee", v2["eeeee"]), 9u);
  EXPECT_EQ(AttributeSize("ffffff", v2["ffffff"]), 7u);
  EXPECT_EQ(AttributeSize("ggggggg", v2["ggggggg"]), 8u);
  EXPECT_EQ(AttributeSize("hhhhhhhh", v2["hhhhhhhh"]), 23u);
  EXPECT_EQ(AttributeSize("iiiiiiiii", v2["iiiiiiiii"]), 24u);
  Item v3 = Vector3(4026);
  EXPECT_EQ(AttributeSize("abcde", v3["abcde"]), 19u);
  EXPECT_EQ(AttributeSize("abcdef", v3["abcdef"]), 29u);
}

TEST(ItemSizeTest, DeveloperGuideExampleIs23Bytes) {
  // {"shirt-color":"R","shirt-size":"M"} (DynamoDB developer guide, service quotas).
  Item item = {{"shirt-color", Value::S("R")}, {"shirt-size", Value::S("M")}};
  EXPECT_EQ(ItemSize(item), 23u);
}

TEST(ItemSizeTest, CountsUtf8BytesNotCodePoints) {
  // "é" is 2 UTF-8 bytes, "日本" 6, "😀" 4.
  EXPECT_EQ(AttributeSize("\xC3\xA9", Value::S("\xE6\x97\xA5\xE6\x9C\xAC")), 8u);
  EXPECT_EQ(ValueSize(Value::S("\xF0\x9F\x98\x80")), 4u);
  Item item = {{"n\xC3\xA9", Value::M({{"\xC3\xA9", Value::S("\xC3\xA9")}})}};
  // name 3 + map 3 + (1 + 2 + 2).
  EXPECT_EQ(ItemSize(item), 11u);
}

struct ValueSizeCase {
  const char* what;
  Value value;
  size_t bytes;
};

TEST(ItemSizeTest, ValueSizesPerType) {
  const std::vector<ValueSizeCase> cases = {
      {"S", Value::S("abc"), 3},
      {"empty S", Value::S(""), 0},
      {"N", Value::N(N("12.3456")), 4},
      {"zero", Value::N(N("0")), 1},
      {"negative N", Value::N(N("-1")), 3},
      {"B raw bytes", Value::B(std::string(5, '\0')), 5},
      {"BOOL", Value::Bool(false), 1},
      {"NULL", Value::Null(), 1},
      {"empty L", Value::L({}), 3},
      {"empty M", Value::M({}), 3},
      {"L", Value::L({Value::S("ab"), Value::Null()}), 3 + 3 + 2},
      {"M", Value::M({{"k", Value::S("ab")}}), 3 + 1 + 1 + 2},
      {"nested", Value::M({{"l", Value::L({Value::M({})})}}), 3 + (1 + 1 + (3 + (1 + 3)))},
      {"SS no overhead", Value::SS({"a", "bb"}), 3},
      {"NS sums numbers", Value::NS({N("1"), N("-1"), N("12.3456")}), 2 + 3 + 4},
      {"BS raw bytes", Value::BS({kAQI, kAg}), 3},
  };
  for (const ValueSizeCase& c : cases) EXPECT_EQ(ValueSize(c.value), c.bytes) << c.what;
  EXPECT_EQ(ItemSize({}), 0u);
  EXPECT_EQ(kMaxItemBytes, 409600u);
}

}  // namespace
}  // namespace monotable
