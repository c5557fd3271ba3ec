// Tests for storage/key_codec: key order, tuple order, segments.
#include "storage/key_codec.h"

#include <gtest/gtest.h>

namespace monotable::storage {
namespace {

Value N(const char* text) {
  Number n;
  EXPECT_TRUE(Number::Parse(text, &n).ok());
  return Value::N(n);
}

TEST(KeyCodec, NumbersSortNumerically) {
  EXPECT_LT(KeyBytes(N("-10")), KeyBytes(N("-2")));
  EXPECT_LT(KeyBytes(N("-2")), KeyBytes(N("0")));
  EXPECT_LT(KeyBytes(N("2")), KeyBytes(N("10")));
  EXPECT_LT(KeyBytes(N("1.5")), KeyBytes(N("2")));
}

TEST(KeyCodec, TuplesCompareComponentByComponent) {
  auto tuple = [](std::string a, std::string b) {
    std::string out;
    AppendComponent(a, &out);
    AppendComponent(b, &out);
    return out;
  };
  // "a" < "a\0" < "ab" must hold for the first component whatever follows.
  EXPECT_LT(tuple("a", "zzz"), tuple(std::string("a\0", 2), "a"));
  EXPECT_LT(tuple(std::string("a\0", 2), "zzz"), tuple("ab", ""));
  EXPECT_LT(tuple("a", "b"), tuple("a", "c"));
  // Every tuple whose first component is "a" sorts in [EscapedPrefix("a"), ComponentUpperBound).
  EXPECT_GE(tuple("a", "\xff\xff"), EscapedPrefix("a"));
  EXPECT_LT(tuple("a", "\xff\xff"), ComponentUpperBound("a"));
  EXPECT_GT(tuple(std::string("a\0", 2), ""), ComponentUpperBound("a"));
  // begins_with("ab") range.
  EXPECT_LT(tuple("abz", "x"), PrefixSuccessor(EscapedPrefix("ab")));
  EXPECT_GT(tuple("ac", ""), PrefixSuccessor(EscapedPrefix("ab")));
}

// A component escapes every zero byte (0x00 -> 0x00 0xFF) wherever it is, runs between zeros
// included, and AppendKeyComponent is AppendComponent of the value's key bytes for S, N and B.
TEST(KeyCodec, ComponentsEscapeEveryZeroByteAndKeyComponentsMatch) {
  auto component = [](std::string_view bytes) {
    std::string out = "x";  // appends after what is there
    AppendComponent(bytes, &out);
    return out;
  };
  using namespace std::string_literals;
  EXPECT_EQ(component(""), "x\0\x01"s);
  EXPECT_EQ(component("abc"), "xabc\0\x01"s);
  EXPECT_EQ(component("\0"s), "x\0\xFF\0\x01"s);
  EXPECT_EQ(component("a\0\0b\0"s),
            "xa\0\xFF\0\xFF"
            "b\0\xFF\0\x01"s);
  EXPECT_EQ(component("\0"
                      "abcdefghijklmnopqrstuvwxyz\0z"s),
            "x\0\xFF"
            "abcdefghijklmnopqrstuvwxyz\0\xFFz\0\x01"s);
  for (const Value& v : {Value::S("PROFILE"), Value::S("a\0b"s), Value::B("\0\x01\xFF"s),
                         N("-12.5"), N("0"), N("1E+30")}) {
    std::string expected = "p", got = "p";
    AppendComponent(KeyBytes(v), &expected);
    AppendKeyComponent(v, &got);
    EXPECT_EQ(got, expected);
  }
}

TEST(KeyCodec, SegmentsCoverTheHashSpaceInOrder) {
  for (uint32_t total : {1u, 2u, 3u, 7u, 1000u}) {
    for (uint32_t s = 0; s < total; ++s) {
      EXPECT_EQ(SegmentOf(SegmentStart(s, total), total), s);
      if (s > 0) {
        EXPECT_EQ(SegmentOf(SegmentStart(s, total) - 1, total), s - 1);
      }
    }
    EXPECT_EQ(SegmentOf(~0ull, total), total - 1);
  }
}

TEST(KeyCodec, PartitionHashIsStable) {
  // Scan order must be the same natively and in WebAssembly, today and tomorrow.
  EXPECT_EQ(PartitionHash("USER#1"), PartitionHash("USER#1"));
  EXPECT_NE(PartitionHash("USER#1"), PartitionHash("USER#2"));
}

}  // namespace
}  // namespace monotable::storage
