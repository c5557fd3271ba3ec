// Value: DynamoDB type names and equality (numbers numerically, sets as sets).
#include "monotable/value.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace monotable {
namespace {

Number N(const std::string& text) {
  Number n;
  EXPECT_TRUE(Number::Parse(text, &n).ok()) << text;
  return n;
}

TEST(ValueTest, TypeNamesAreDynamoDbDescriptors) {
  EXPECT_EQ(TypeName(Type::kS), "S");
  EXPECT_EQ(TypeName(Type::kN), "N");
  EXPECT_EQ(TypeName(Type::kB), "B");
  EXPECT_EQ(TypeName(Type::kBool), "BOOL");
  EXPECT_EQ(TypeName(Type::kNull), "NULL");
  EXPECT_EQ(TypeName(Type::kL), "L");
  EXPECT_EQ(TypeName(Type::kM), "M");
  EXPECT_EQ(TypeName(Type::kSS), "SS");
  EXPECT_EQ(TypeName(Type::kNS), "NS");
  EXPECT_EQ(TypeName(Type::kBS), "BS");
}

struct EqualityCase {
  const char* what;
  Value a, b;
  bool equal;
};

TEST(ValueTest, EqualityFollowsDynamoDb) {
  std::vector<std::string> many, many_reversed;
  std::vector<Number> many_numbers, many_numbers_reversed;
  for (int i = 0; i < 40; ++i) {
    many.push_back("s" + std::to_string(i));
    many_numbers.push_back(Number::FromInt(i));
  }
  many_reversed.assign(many.rbegin(), many.rend());
  many_numbers_reversed.assign(many_numbers.rbegin(), many_numbers.rend());
  std::vector<std::string> many_other = many;
  many_other.back() = "other";

  const std::vector<EqualityCase> cases = {
      {"same string", Value::S("a"), Value::S("a"), true},
      {"different string", Value::S("a"), Value::S("b"), false},
      {"empty strings", Value::S(""), Value::S(""), true},
      {"S vs B with same bytes", Value::S("a"), Value::B("a"), false},
      {"binary", Value::B(std::string("\0\1", 2)), Value::B(std::string("\0\1", 2)), true},
      {"binary differs", Value::B(std::string("\0\1", 2)), Value::B(std::string("\0\2", 2)), false},
      {"numbers compare numerically", Value::N(N("1")), Value::N(N("1.00")), true},
      {"numbers differ", Value::N(N("1")), Value::N(N("-1")), false},
      {"N vs S", Value::N(N("1")), Value::S("1"), false},
      {"bools", Value::Bool(true), Value::Bool(true), true},
      {"bools differ", Value::Bool(true), Value::Bool(false), false},
      {"null", Value::Null(), Value::Null(), true},
      {"null vs false", Value::Null(), Value::Bool(false), false},
      {"SS ignores order", Value::SS({"a", "b", "c"}), Value::SS({"c", "a", "b"}), true},
      {"SS different element", Value::SS({"a", "b"}), Value::SS({"a", "c"}), false},
      {"SS different size", Value::SS({"a", "b"}), Value::SS({"a"}), false},
      {"large SS ignores order", Value::SS(many), Value::SS(many_reversed), true},
      {"large SS differs", Value::SS(many), Value::SS(many_other), false},
      {"NS numerically, any order", Value::NS({N("1"), N("2.50")}), Value::NS({N("2.5"), N("1.0")}),
       true},
      {"NS differs", Value::NS({N("1"), N("2")}), Value::NS({N("1"), N("3")}), false},
      {"large NS ignores order", Value::NS(many_numbers), Value::NS(many_numbers_reversed), true},
      {"BS ignores order", Value::BS({"x", "y"}), Value::BS({"y", "x"}), true},
      {"SS vs BS", Value::SS({"x"}), Value::BS({"x"}), false},
      {"L element-wise", Value::L({Value::S("a"), Value::N(N("1"))}),
       Value::L({Value::S("a"), Value::N(N("1.0"))}), true},
      {"L order matters", Value::L({Value::S("a"), Value::S("b")}),
       Value::L({Value::S("b"), Value::S("a")}), false},
      {"L length", Value::L({Value::S("a")}), Value::L({}), false},
      {"empty L vs empty M", Value::L({}), Value::M({}), false},
      {"M by key", Value::M({{"a", Value::S("x")}, {"b", Value::N(N("2"))}}),
       Value::M({{"b", Value::N(N("2.0"))}, {"a", Value::S("x")}}), true},
      {"M different value", Value::M({{"a", Value::S("x")}}), Value::M({{"a", Value::S("y")}}),
       false},
      {"M different key", Value::M({{"a", Value::S("x")}}), Value::M({{"b", Value::S("x")}}),
       false},
      {"nested sets inside maps",
       Value::M({{"s", Value::SS({"a", "b"})}, {"l", Value::L({Value::NS({N("1"), N("2")})})}}),
       Value::M({{"s", Value::SS({"b", "a"})}, {"l", Value::L({Value::NS({N("2"), N("1")})})}}),
       true},
  };
  for (const EqualityCase& c : cases) {
    EXPECT_EQ(c.a == c.b, c.equal) << c.what;
    EXPECT_EQ(c.b == c.a, c.equal) << c.what << " (symmetric)";
    EXPECT_EQ(c.a != c.b, !c.equal) << c.what;
  }
}

TEST(ValueTest, DefaultIsNullAndAccessorsReturnWhatWasStored) {
  Value v;
  EXPECT_TRUE(v.is(Type::kNull));
  EXPECT_EQ(Value::S("x").s(), "x");
  EXPECT_EQ(Value::N(N("12.5")).n().ToString(), "12.5");
  EXPECT_TRUE(Value::Bool(true).boolean());
  EXPECT_EQ(Value::SS({"a", "b"}).strings().size(), 2u);
  EXPECT_EQ(Value::NS({N("1")}).numbers().front(), N("1"));
  EXPECT_EQ(Value::M({{"k", Value::S("v")}}).m().at("k"), Value::S("v"));
  EXPECT_EQ(Value::L({Value::Null()}).l().size(), 1u);
}

}  // namespace
}  // namespace monotable
