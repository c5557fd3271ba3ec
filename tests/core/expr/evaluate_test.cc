// Tests for core/expr/evaluate.cc: truth tables of every comparator and function over a sample
// item, with DynamoDB's rules for types and gone attributes.
#include <gtest/gtest.h>

#include "expr/expr.h"
#include "expr_test_util.h"

namespace monotable::expr {
namespace {

using testing::ItemOf;
using testing::NamesOf;
using testing::ValuesOf;

const char kItem[] = R"({
  "s": {"S": "hello"}, "s2": {"S": "hello"}, "n": {"N": "10"}, "n2": {"N": "9.5"},
  "b": {"B": "AQL/"}, "t": {"BOOL": true}, "z": {"NULL": true},
  "l": {"L": [{"S": "x"}, {"N": "1"}, {"M": {"deep": {"S": "v"}}}]},
  "m": {"M": {"k": {"S": "v"}, "nest": {"M": {"n": {"N": "3"}}}}},
  "ss": {"SS": ["a", "b"]}, "ns": {"NS": ["1", "2", "3"]}, "bs": {"BS": ["AQ=="]},
  "dot.name": {"S": "dotted"}, "blank": {"S": ""}
})";

const char kValues[] = R"({
  ":hello": {"S": "hello"}, ":he": {"S": "he"}, ":ell": {"S": "ell"}, ":z": {"S": "z"},
  ":a": {"S": "a"}, ":n10": {"N": "10"}, ":n10b": {"N": "10.0"}, ":n9": {"N": "9"},
  ":n20": {"N": "20"}, ":n1": {"N": "1"}, ":n2": {"N": "2"}, ":n3": {"N": "3"},
  ":n5": {"N": "5"}, ":b01": {"B": "AQ=="}, ":b02ff": {"B": "Av8="}, ":true": {"BOOL": true},
  ":null": {"NULL": true}, ":ss": {"SS": ["b", "a"]}, ":x": {"S": "x"},
  ":lst": {"L": [{"S": "x"}, {"N": "1"}, {"M": {"deep": {"S": "v"}}}]},
  ":tS": {"S": "S"}, ":tN": {"S": "N"}, ":tSS": {"S": "SS"}, ":tM": {"S": "M"}, ":tNULL": {"S": "NULL"},
  ":tL": {"S": "L"}, ":tB": {"S": "B"}, ":tBOOL": {"S": "BOOL"}, ":tNS": {"S": "NS"}, ":tBS": {"S": "BS"},
  ":v": {"S": "v"}, ":empty": {"S": ""}
})";

struct Truth {
  const char* expression;
  bool expected;
};

const Truth kTruths[] = {
    // = and <> on every type; different types are never equal; gone is never equal.
    {"s = :hello", true},
    {"s = s2", true},
    {"n = :n10b", true},  // numerically
    {"n = :n9", false},
    {"b = :b01", false},
    {"t = :true", true},
    {"z = :null", true},
    {"l = :lst", true},
    {"ss = :ss", true},  // sets ignore order
    {"s = :n10", false},
    {"s <> :n10", true},
    {"gone = :hello", false},
    {"gone <> :hello", true},
    {"gone = gone2", false},
    {"gone <> gone2", true},
    // Ordering only on N, S, B of the same type.
    {"n > :n9", true},
    {"n >= :n10b", true},
    {"n < :n20", true},
    {"n2 < n", true},
    {"n <= :n9", false},
    {"s < :z", true},
    {"s > :he", true},  // prefix sorts first
    {"s >= :hello", true},
    {"b > :b01", true},
    {"b < :b02ff", true},  // bytes compare unsigned: 0x01 < 0x02
    {"s < :n10", false},   // different types: false, not an error
    {"t < s", false},
    {"ss > l", false},
    {"gone < :n10", false},
    {"gone >= :n10", false},
    // BETWEEN (inclusive) and IN.
    {"n BETWEEN :n9 AND :n20", true},
    {"n BETWEEN :n10 AND :n10b", true},
    {"n BETWEEN :n1 AND :n5", false},
    {"s BETWEEN :a AND :z", true},
    {"s BETWEEN :n1 AND :n5", false},
    {"gone BETWEEN :n1 AND :n5", false},
    {"n IN (:n1, :n10b)", true},
    {"s IN (:n1, :hello)", true},
    {"s IN (:a, :z)", false},
    {"gone IN (:a, :z)", false},
    // attribute_exists / attribute_not_exists, nested paths and list indexes.
    {"attribute_exists(s)", true},
    {"attribute_exists(z)", true},  // NULL exists
    {"attribute_exists(gone)", false},
    {"attribute_not_exists(gone)", true},
    {"attribute_exists(m.nest.n)", true},
    {"attribute_exists(m.nest.x)", false},
    {"attribute_exists(l[2].deep)", true},
    {"attribute_exists(l[3])", false},
    {"attribute_exists(l.x)", false},  // a list is not a map
    {"attribute_exists(m[0])", false},
    {"attribute_exists(s.x)", false},
    {"m.nest.n = :n3", true},
    {"l[1] = :n1", true},
    {"l[2].deep = :v", true},
    {"#d = :x OR #d <> :x", true},
    // attribute_type for all ten types.
    {"attribute_type(s, :tS)", true},
    {"attribute_type(n, :tN)", true},
    {"attribute_type(b, :tB)", true},
    {"attribute_type(t, :tBOOL)", true},
    {"attribute_type(z, :tNULL)", true},
    {"attribute_type(l, :tL)", true},
    {"attribute_type(m, :tM)", true},
    {"attribute_type(ss, :tSS)", true},
    {"attribute_type(ns, :tNS)", true},
    {"attribute_type(bs, :tBS)", true},
    {"attribute_type(s, :tN)", false},
    {"attribute_type(gone, :tS)", false},
    // begins_with: S with S, B with B.
    {"begins_with(s, :he)", true},
    {"begins_with(s, :ell)", false},
    {"begins_with(s, :empty)", true},
    {"begins_with(b, :b01)", true},
    {"begins_with(n, :he)", false},
    {"begins_with(gone, :he)", false},
    {"begins_with(s, s2)", true},
    // contains: substring, set membership, list membership.
    {"contains(s, :ell)", true},
    {"contains(s, :z)", false},
    {"contains(ss, :a)", true},
    {"contains(ss, :z)", false},
    {"contains(ns, :n2)", true},
    {"contains(ns, :a)", false},
    {"contains(bs, :b01)", true},
    {"contains(b, :b01)", true},
    {"contains(l, :x)", true},
    {"contains(l, :n1)", true},
    {"contains(l, :z)", false},
    {"contains(n, :n1)", false},
    {"contains(gone, :a)", false},
    // size(): bytes of S/B, elements of sets, lists and maps; none for N, BOOL, NULL.
    {"size(s) = :n5", true},
    {"size(b) = :n3", true},
    {"size(ss) = :n2", true},
    {"size(ns) = :n3", true},
    {"size(l) = :n3", true},
    {"size(m) = :n2", true},
    {"size(blank) < :n1", true},
    {"size(n) = :n2", false},
    {"size(n) <> :n2", true},
    {"size(t) >= :n1", false},
    {"size(gone) = :n1", false},
    {"size(s) > size(ss)", true},
    {"size(:hello) = :n5", true},
    // Logic and precedence: NOT > AND > OR.
    {"s = :hello AND n = :n10", true},
    {"s = :hello AND n = :n9", false},
    {"s = :z OR n = :n10", true},
    {"NOT s = :z", true},
    {"NOT NOT s = :z", false},
    {"s = :z AND n = :n9 OR n = :n10", true},      // (F AND F) OR T
    {"s = :hello OR n = :n9 AND n = :n20", true},  // T OR (F AND F)
    {"(s = :hello OR n = :n9) AND n = :n20", false},
    {"NOT s = :z AND n = :n9", false},  // (NOT F) AND F
    {"NOT (s = :z AND n = :n9)", true},
};

TEST(EvaluateTest, TruthTableOverSampleItem) {
  Item item = ItemOf(kItem);
  AttributeValues values = ValuesOf(kValues);
  AttributeNames names = NamesOf(R"({"#d":"dot.name"})");
  for (const Truth& t : kTruths) {
    Condition c;
    Status s = ParseCondition(Kind::kFilter, t.expression, &names, &values, nullptr, &c);
    ASSERT_TRUE(s.ok()) << t.expression << ": " << s.message();
    EXPECT_EQ(c.Evaluate(item), t.expected) << t.expression;
  }
}

TEST(EvaluateTest, MissingItemIsEmpty) {
  AttributeValues values = ValuesOf(R"({":p":{"S":"p"}})");
  Condition c;
  ASSERT_TRUE(
      ParseCondition(Kind::kCondition, "attribute_not_exists(pk)", nullptr, nullptr, nullptr, &c)
          .ok());
  EXPECT_TRUE(c.Evaluate(Item()));
  EXPECT_FALSE(c.Evaluate(ItemOf(R"({"pk":{"S":"p"}})")));
  ASSERT_TRUE(ParseCondition(Kind::kCondition, "pk <> :p", nullptr, &values, nullptr, &c).ok());
  EXPECT_TRUE(c.Evaluate(Item()));
}

TEST(EvaluateTest, TopLevelAttributesInFirstUseOrder) {
  AttributeValues values = ValuesOf(R"({":v":{"S":"x"}})");
  AttributeNames names = NamesOf(R"({"#s":"sk"})");
  Condition c;
  ASSERT_TRUE(ParseCondition(Kind::kFilter, "b.c = :v AND (size(#s) > size(a[1]) OR b <> :v)",
                             &names, &values, nullptr, &c)
                  .ok());
  EXPECT_EQ(c.TopLevelAttributes(), (std::vector<std::string>{"b", "sk", "a"}));
  EXPECT_TRUE(Condition().TopLevelAttributes().empty());
}

TEST(EvaluateTest, EmptyConditionIsTrue) {
  Condition c;
  EXPECT_TRUE(c.empty());
  EXPECT_TRUE(c.Evaluate(Item()));
}

TEST(EvaluateTest, ParsedConditionOutlivesTheRequestMaps) {
  Condition c;
  {
    AttributeValues values = ValuesOf(R"({":v":{"S":"x"}})");
    AttributeNames names = NamesOf(R"({"#a":"a"})");
    ASSERT_TRUE(ParseCondition(Kind::kFilter, "#a = :v", &names, &values, nullptr, &c).ok());
  }
  Condition copy = c;
  EXPECT_TRUE(copy.Evaluate(ItemOf(R"({"a":{"S":"x"}})")));
  EXPECT_FALSE(copy.Evaluate(ItemOf(R"({"a":{"S":"y"}})")));
}

}  // namespace
}  // namespace monotable::expr
