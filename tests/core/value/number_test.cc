// Number: what DynamoDB accepts and rejects, canonical text, exact arithmetic, ordering, size.
#include "monotable/number.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

namespace monotable {
namespace {

constexpr const char* kNotANumber = "The parameter cannot be converted to a numeric value";
constexpr const char* kTooManyDigits =
    "Attempting to store more than 38 significant digits in a Number";
constexpr const char* kOverflow =
    "Number overflow. Attempting to store a number with magnitude larger than supported range";
constexpr const char* kUnderflow =
    "Number underflow. Attempting to store a number with magnitude smaller than supported range";

Number N(const std::string& text) {
  Number n;
  Status st = Number::Parse(text, &n);
  EXPECT_TRUE(st.ok()) << text << ": " << st.message();
  return n;
}

std::string Zeros(int count) { return std::string(static_cast<size_t>(count), '0'); }

struct ParseOk {
  std::string text;
  std::string canonical;
};

TEST(NumberTest, ParsesWhatDynamoDbAcceptsIntoCanonicalText) {
  const std::vector<ParseOk> cases = {
      {"1", "1"},
      {"-0.5", "-0.5"},
      {".5", "0.5"},
      {".123", "0.123"},
      {"5.", "5"},
      {"1e3", "1000"},
      {"1E+2", "100"},
      {"1e+5", "100000"},
      {"1.5E2", "150"},
      {"-17e5", "-1700000"},
      {"+5", "5"},
      {"+3", "3"},
      {"1.50", "1.5"},
      {"1.0", "1"},
      {"3.1400", "3.14"},
      {"00042", "42"},
      {"0001.23", "1.23"},
      {"-7.1234", "-7.1234"},
      {"-0", "0"},
      {"0.000", "0"},
      {"0e1000", "0"},
      {"-0.0e-999", "0"},
      {"1E-130", "0." + Zeros(129) + "1"},
      {"-1E-130", "-0." + Zeros(129) + "1"},
      {"0.1E-129", "0." + Zeros(129) + "1"},
      {"0.00000000000000000000000000000000000001", "0.00000000000000000000000000000000000001"},
      {"12345678901234567890123456789012345678", "12345678901234567890123456789012345678"},
      {"-1.2345678901234567890123456789012345678", "-1.2345678901234567890123456789012345678"},
      // Trailing zeros are not significant: 40 digits, 38 significant.
      {"1234567890123456789012345678901234567800", "1234567890123456789012345678901234567800"},
      // Leading zeros are not significant either.
      {"0.000012345678901234567890123456789012345678",
       "0.000012345678901234567890123456789012345678"},
      {"1" + Zeros(42), "1" + Zeros(42)},
      {"9.9999999999999999999999999999999999999E+125", std::string(38, '9') + Zeros(88)},
      {"-9.9999999999999999999999999999999999999E+125", "-" + std::string(38, '9') + Zeros(88)},
      {"10E+124", "1" + Zeros(125)},
      // Long texts: the exponent compensates for thousands of zeros.
      {"0." + Zeros(2000) + "1e2001", "1"},
      {"1" + Zeros(3000) + "e-3000", "1"},
      {"-0." + Zeros(5000) + "25E+5000", "-0.25"},
  };
  for (const ParseOk& c : cases) {
    Number n;
    Status st = Number::Parse(c.text, &n);
    ASSERT_TRUE(st.ok()) << c.text << ": " << st.message();
    EXPECT_EQ(n.ToString(), c.canonical) << c.text;
    // The canonical text parses back to the same number.
    Number again;
    ASSERT_TRUE(Number::Parse(n.ToString(), &again).ok()) << c.text;
    EXPECT_EQ(again, n) << c.text;
    EXPECT_EQ(again.ToString(), c.canonical) << c.text;
  }
}

struct ParseError {
  std::string text;
  std::string message;
};

TEST(NumberTest, RejectsWhatDynamoDbRejectsWithItsMessages) {
  auto bad = [](const std::string& text) { return std::string(kNotANumber) + ": " + text; };
  const std::vector<ParseError> cases = {
      {"", kNotANumber},
      {"abc", bad("abc")},
      {"b", bad("b")},
      {"NaN", bad("NaN")},
      {"-NaN", bad("-NaN")},
      {"Infinity", bad("Infinity")},
      {"-Infinity", bad("-Infinity")},
      {" 1", bad(" 1")},
      {"1 ", bad("1 ")},
      {"1e", bad("1e")},
      {"1e+", bad("1e+")},
      {"e5", bad("e5")},
      {".", bad(".")},
      {"-", bad("-")},
      {"+", bad("+")},
      {"-.", bad("-.")},
      {"1.2.3", bad("1.2.3")},
      {"--1", bad("--1")},
      {"+-1", bad("+-1")},
      {"0x10", bad("0x10")},
      {"1e5.5", bad("1e5.5")},
      {"1,5", bad("1,5")},
      {"1_000", bad("1_000")},
      {"123456789012345678901234567890123456789", kTooManyDigits},
      {"-1.23456789012345678901234567890123456789", kTooManyDigits},
      {"1.00000000000000000000000000000000000001", kTooManyDigits},
      {"1e126", kOverflow},
      {"-1e126", kOverflow},
      {"1E+126", kOverflow},
      {"10E+125", kOverflow},
      {"1e999999999999999999999", kOverflow},
      {"1e-131", kUnderflow},
      {"-1e-131", kUnderflow},
      {"0.01E-129", kUnderflow},
      {"1e-999999999999999999999", kUnderflow},
      // Range is checked before precision.
      {"123456789012345678901234567890123456789e200", kOverflow},
  };
  for (const ParseError& c : cases) {
    Number n = Number::FromInt(7);
    Status st = Number::Parse(c.text, &n);
    ASSERT_FALSE(st.ok()) << c.text;
    EXPECT_EQ(st.code(), ErrorCode::kValidation) << c.text;
    EXPECT_EQ(st.message(), c.message) << c.text;
    EXPECT_EQ(n, Number::FromInt(7)) << "unchanged on error: " << c.text;
  }
}

TEST(NumberTest, FromIntCoversInt64) {
  EXPECT_EQ(Number::FromInt(0).ToString(), "0");
  EXPECT_TRUE(Number::FromInt(0).IsZero());
  EXPECT_EQ(Number::FromInt(1).ToString(), "1");
  EXPECT_EQ(Number::FromInt(-1).ToString(), "-1");
  EXPECT_TRUE(Number::FromInt(-1).IsNegative());
  EXPECT_EQ(Number::FromInt(1200).ToString(), "1200");
  EXPECT_EQ(Number::FromInt(INT64_MAX).ToString(), "9223372036854775807");
  EXPECT_EQ(Number::FromInt(INT64_MIN).ToString(), "-9223372036854775808");
  EXPECT_EQ(Number::FromInt(1200), N("1.2e3"));
}

struct Arithmetic {
  std::string a, b;
  std::string sum;  // canonical text, or the error message
  bool ok;
};

TEST(NumberTest, AddIsExactOrFailsLikeDynamoDb) {
  const std::vector<Arithmetic> cases = {
      {"0.1", "0.2", "0.3", true},
      {"1", "-1", "0", true},
      {"0.5", "0.5", "1", true},
      {"-5", "3", "-2", true},
      {"-5", "-3", "-8", true},
      {"5", "-8", "-3", true},
      {"0", "-2.5", "-2.5", true},
      {"-2.5", "0", "-2.5", true},
      {"1", "10000000000000000000000", "10000000000000000000001", true},
      {"99999999999999999999999999999999999999", "1", "1" + Zeros(38), true},
      {"1E-130", "1E-130", "0." + Zeros(129) + "2", true},
      {"1E-130", "-1E-130", "0", true},
      {"1.5E-129", "-1.4E-129", "0." + Zeros(129) + "1", true},
      {"1E+125", "-1E+125", "0", true},
      {"12345678901234567890123456789012345678", "0.5", kOverflow, false},
      // DynamoDB does not round: 1E50 + 1 needs 51 digits, and it says "overflow".
      {"1E50", "1", kOverflow, false},
      {"99999999999999999999999999999999999999", "0.1", kOverflow, false},
      {"9E125", "9E125", kOverflow, false},
      {"9.9999999999999999999999999999999999999E+125", "1E+88", kOverflow, false},
      {"-9E125", "-9E125", kOverflow, false},
      {"1.5E-130", "-1.4E-130", kUnderflow, false},
  };
  for (const Arithmetic& c : cases) {
    Number out = Number::FromInt(7);
    Status st = Number::Add(N(c.a), N(c.b), &out);
    EXPECT_EQ(st.ok(), c.ok) << c.a << " + " << c.b << ": " << st.message();
    if (c.ok) {
      EXPECT_EQ(out.ToString(), c.sum) << c.a << " + " << c.b;
      // Addition commutes.
      Number swapped;
      ASSERT_TRUE(Number::Add(N(c.b), N(c.a), &swapped).ok());
      EXPECT_EQ(swapped, out);
    } else {
      EXPECT_EQ(st.message(), c.sum) << c.a << " + " << c.b;
      EXPECT_EQ(st.code(), ErrorCode::kValidation);
      EXPECT_EQ(out, Number::FromInt(7)) << "unchanged on error";
    }
  }
}

TEST(NumberTest, SubtractIsExactOrFailsLikeDynamoDb) {
  const std::vector<Arithmetic> cases = {
      {"10000000000000000000000", "1", "9999999999999999999999", true},
      {"0.3", "0.1", "0.2", true},
      {"1", "1", "0", true},
      {"1", "2", "-1", true},
      {"-1", "-1", "0", true},
      {"0", "5", "-5", true},
      {"0", "0", "0", true},
      {"1E50", "1", kOverflow, false},
      {"-9E125", "9E125", kOverflow, false},
      {"1.5E-130", "1.4E-130", kUnderflow, false},
  };
  for (const Arithmetic& c : cases) {
    Number out;
    Status st = Number::Subtract(N(c.a), N(c.b), &out);
    EXPECT_EQ(st.ok(), c.ok) << c.a << " - " << c.b << ": " << st.message();
    if (c.ok) {
      EXPECT_EQ(out.ToString(), c.sum) << c.a << " - " << c.b;
    } else {
      EXPECT_EQ(st.message(), c.sum) << c.a << " - " << c.b;
    }
  }
  // 0 - 0 is not negative zero.
  Number zero;
  ASSERT_TRUE(Number::Subtract(Number(), Number(), &zero).ok());
  EXPECT_FALSE(zero.IsNegative());
}

// Ascending numeric order, with different exponents, signs and lengths.
const std::vector<std::string>& Ascending() {
  static const std::vector<std::string> values = {
      "-9.9999999999999999999999999999999999999E+125",
      "-1E+125",
      "-100",
      "-12",
      "-11.5",
      "-10",
      "-2",
      "-1.5",
      "-1.05",
      "-1.0000000000000000000000000000000000001",
      "-1",
      "-0.99",
      "-0.5",
      "-0.05",
      "-1E-129",
      "-1E-130",
      "0",
      "1E-130",
      "1.1E-130",
      "1E-129",
      "0.05",
      "0.5",
      "0.99",
      "1",
      "1.0000000000000000000000000000000000001",
      "1.05",
      "1.5",
      "2",
      "10",
      "11.5",
      "12",
      "100",
      "12345678901234567890123456789012345678",
      "1E+125",
      "9.9999999999999999999999999999999999999E+125",
  };
  return values;
}

TEST(NumberTest, CompareIsNumericOrder) {
  const auto& values = Ascending();
  for (size_t i = 0; i < values.size(); ++i) {
    for (size_t k = 0; k < values.size(); ++k) {
      int expected = i < k ? -1 : (i > k ? 1 : 0);
      EXPECT_EQ(N(values[i]).Compare(N(values[k])), expected) << values[i] << " vs " << values[k];
    }
  }
  EXPECT_EQ(N("1"), N("1.0"));
  EXPECT_EQ(N("1"), N("1E0"));
  EXPECT_EQ(N("100"), N("1E2"));
  EXPECT_EQ(N("-0"), N("0"));
  EXPECT_LT(N("-1"), N("0"));
  EXPECT_NE(N("1"), N("-1"));
}

TEST(NumberTest, OrderedKeyBytesSortLikeNumbers) {
  const auto& values = Ascending();
  std::vector<std::string> keys;
  for (const std::string& v : values) {
    std::string key;
    N(v).AppendOrderedKey(&key);
    keys.push_back(key);
  }
  for (size_t i = 0; i < keys.size(); ++i) {
    for (size_t k = i + 1; k < keys.size(); ++k) {
      EXPECT_LT(keys[i], keys[k]) << values[i] << " should sort before " << values[k];
      // Prefix-free: a key followed by more bytes still sorts like the number.
      EXPECT_LT(keys[i] + std::string(1, '\xff'), keys[k] + std::string(1, '\0'))
          << values[i] << " / " << values[k];
    }
  }
  // Equal numbers give equal keys, whatever their text.
  std::string a, b, c;
  N("1.50").AppendOrderedKey(&a);
  N("15E-1").AppendOrderedKey(&b);
  N("1.5").AppendOrderedKey(&c);
  EXPECT_EQ(a, b);
  EXPECT_EQ(a, c);
  // Appends, does not replace.
  std::string prefix = "pk#";
  N("1").AppendOrderedKey(&prefix);
  EXPECT_EQ(prefix.rfind("pk#", 0), 0u);
}

struct SizeCase {
  std::string text;
  size_t bytes;
};

TEST(NumberTest, SizeBytesFollowsDynamoDbRule) {
  // dynamodb-rules.md §1.2: 0 -> 1; else 1 + base-100 digit pairs aligned to the point, +1 if
  // negative (examples from the rules first).
  const std::vector<SizeCase> cases = {
      {"1", 2},
      {"10", 2},
      {"12", 2},
      {"123", 3},
      {"1.2", 3},
      {"0.5", 2},
      {"12.3456", 4},
      {"-1", 3},
      {"0", 1},
      {"-0", 1},
      {"100", 2},
      {"1234", 3},
      {"0.05", 2},
      {"0.123", 3},
      {"-12.3456", 5},
      {"1E-130", 2},
      {"1E+125", 2},
      {"12345678901234567890123456789012345678", 20},
      {"1.2345678901234567890123456789012345678", 21},
      {"-12345678901234567890123456789012345678", 21},
      // A negative number filling 20 pairs stays at the 21-byte maximum.
      {"-1.2345678901234567890123456789012345678", 21},
  };
  for (const SizeCase& c : cases) {
    EXPECT_EQ(N(c.text).SizeBytes(), c.bytes) << c.text;
  }
}

TEST(NumberTest, StaysSmallAndDoubleIsApproximate) {
  EXPECT_LE(sizeof(Number), 24u);
  EXPECT_DOUBLE_EQ(N("1.5").ToDouble(), 1.5);
  EXPECT_DOUBLE_EQ(N("-12345").ToDouble(), -12345.0);
  EXPECT_DOUBLE_EQ(N("0").ToDouble(), 0.0);
  EXPECT_NEAR(N("1E-130").ToDouble() / 1e-130, 1.0, 1e-12);
  EXPECT_NEAR(N("9.9999999999999999999999999999999999999E+125").ToDouble() / 1e126, 1.0, 1e-12);
}

}  // namespace
}  // namespace monotable
