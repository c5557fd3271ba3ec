// Tests for core/expr/update.cc: every UpdateExpression action and its runtime errors, applied
// all-or-nothing.
#include <gtest/gtest.h>

#include "expr/expr.h"
#include "expr_test_util.h"

namespace monotable::expr {
namespace {

using testing::ItemOf;
using testing::JsonOf;
using testing::NamesOf;
using testing::ValuesOf;

const char kBase[] = R"({
  "pk": {"S": "p"}, "n": {"N": "5"}, "s": {"S": "x"},
  "l": {"L": [{"S": "a"}, {"S": "b"}, {"S": "c"}, {"S": "d"}]},
  "m": {"M": {"a": {"N": "1"}, "b": {"M": {}}}},
  "ss": {"SS": ["a", "b"]}, "ns": {"NS": ["1", "2"]}, "bs": {"BS": ["AQ=="]}
})";

const char kValues[] = R"({
  ":one": {"N": "1"}, ":half": {"N": "0.5"}, ":s": {"S": "new"}, ":ssc": {"SS": ["c", "a"]},
  ":ssa": {"SS": ["a"]}, ":ssab": {"SS": ["a", "b"]}, ":ns3": {"NS": ["3", "1"]},
  ":l": {"L": [{"S": "z"}]}, ":empty": {"L": []}, ":bs": {"BS": ["Ag=="]}, ":big": {"N": "9.9999999999999999999999999999999999999E+125"}
})";

struct UpdateCase {
  const char* expression;
  const char* expected;  // the whole item after the update, as DynamoDB JSON; or an error message
  bool is_error = false;
};

const UpdateCase kCases[] = {
    // SET: values, arithmetic, functions, nested targets, list appends.
    {"SET s = :s",
     R"({"bs":{"BS":["AQ=="]},"l":{"L":[{"S":"a"},{"S":"b"},{"S":"c"},{"S":"d"}]},"m":{"M":{"a":{"N":"1"},"b":{"M":{}}}},"n":{"N":"5"},"ns":{"NS":["1","2"]},"pk":{"S":"p"},"s":{"S":"new"},"ss":{"SS":["a","b"]}})"},
    {"SET n = n + :half, s2 = n - :one", nullptr},
    {"SET m.b.c = :s, m.a = m.a + :one", nullptr},
    {"SET l[1] = :s, l[9] = :one, l[7] = :half", nullptr},
    {"SET x = if_not_exists(x, :one), n = if_not_exists(n, :s)", nullptr},
    {"SET l = list_append(l, :l), l2 = list_append(:l, :empty)", nullptr},
    {"SET a = s, s = :s", nullptr},  // operands read the item as it was
    // REMOVE: attributes, map keys, list elements (indexes refer to the list before the update).
    {"REMOVE s, m.a, gone, m.nope, l[10]", nullptr},
    {"REMOVE l[1], l[3]", nullptr},
    {"REMOVE l[1] SET l[3] = :s", nullptr},
    {"REMOVE s SET t = s", nullptr},
    // ADD: numbers and sets; creates missing attributes.
    {"ADD n :one, fresh :half, ss :ssc, ns :ns3, fset :ssa, bs :bs", nullptr},
    {"ADD m.c :one", nullptr},
    // DELETE: set difference; an emptied set is removed; a missing attribute is fine.
    {"DELETE ss :ssa, gone :ssa", nullptr},
    {"DELETE ss :ssab", nullptr},
    // Runtime errors.
    {"SET a = nope + :one",
     "The provided expression refers to an attribute that does not exist in the item", true},
    {"SET a = list_append(nope, :l)",
     "The provided expression refers to an attribute that does not exist in the item", true},
    {"SET nope.a = :one",
     "The document path provided in the update expression is invalid for update", true},
    {"SET s.a = :one", "The document path provided in the update expression is invalid for update",
     true},
    {"SET l.a = :one", "The document path provided in the update expression is invalid for update",
     true},
    {"SET m[0] = :one", "The document path provided in the update expression is invalid for update",
     true},
    {"SET l[9].a = :one",
     "The document path provided in the update expression is invalid for update", true},
    {"REMOVE nope.a", "The document path provided in the update expression is invalid for update",
     true},
    {"ADD nope[1] :one",
     "The document path provided in the update expression is invalid for update", true},
    {"SET a = s + :one", "An operand in the update expression has an incorrect data type", true},
    {"SET a = list_append(s, :l)", "An operand in the update expression has an incorrect data type",
     true},
    {"ADD s :one", "An operand in the update expression has an incorrect data type", true},
    {"ADD ss :ns3", "An operand in the update expression has an incorrect data type", true},
    {"ADD n :ssa", "An operand in the update expression has an incorrect data type", true},
    {"DELETE n :ssa", "An operand in the update expression has an incorrect data type", true},
    {"DELETE ns :ssa", "An operand in the update expression has an incorrect data type", true},
    {"SET a = :big + :big",
     "Number overflow. Attempting to store a number with magnitude larger than supported range",
     true},
};

// Expected results for the cases above written as nullptr, in order.
const char* kExpected[] = {
    R"({"bs":{"BS":["AQ=="]},"l":{"L":[{"S":"a"},{"S":"b"},{"S":"c"},{"S":"d"}]},"m":{"M":{"a":{"N":"1"},"b":{"M":{}}}},"n":{"N":"5.5"},"ns":{"NS":["1","2"]},"pk":{"S":"p"},"s":{"S":"x"},"s2":{"N":"4"},"ss":{"SS":["a","b"]}})",
    R"({"bs":{"BS":["AQ=="]},"l":{"L":[{"S":"a"},{"S":"b"},{"S":"c"},{"S":"d"}]},"m":{"M":{"a":{"N":"2"},"b":{"M":{"c":{"S":"new"}}}}},"n":{"N":"5"},"ns":{"NS":["1","2"]},"pk":{"S":"p"},"s":{"S":"x"},"ss":{"SS":["a","b"]}})",
    R"({"bs":{"BS":["AQ=="]},"l":{"L":[{"S":"a"},{"S":"new"},{"S":"c"},{"S":"d"},{"N":"0.5"},{"N":"1"}]},"m":{"M":{"a":{"N":"1"},"b":{"M":{}}}},"n":{"N":"5"},"ns":{"NS":["1","2"]},"pk":{"S":"p"},"s":{"S":"x"},"ss":{"SS":["a","b"]}})",
    R"({"bs":{"BS":["AQ=="]},"l":{"L":[{"S":"a"},{"S":"b"},{"S":"c"},{"S":"d"}]},"m":{"M":{"a":{"N":"1"},"b":{"M":{}}}},"n":{"N":"5"},"ns":{"NS":["1","2"]},"pk":{"S":"p"},"s":{"S":"x"},"ss":{"SS":["a","b"]},"x":{"N":"1"}})",
    R"({"bs":{"BS":["AQ=="]},"l":{"L":[{"S":"a"},{"S":"b"},{"S":"c"},{"S":"d"},{"S":"z"}]},"l2":{"L":[{"S":"z"}]},"m":{"M":{"a":{"N":"1"},"b":{"M":{}}}},"n":{"N":"5"},"ns":{"NS":["1","2"]},"pk":{"S":"p"},"s":{"S":"x"},"ss":{"SS":["a","b"]}})",
    R"({"a":{"S":"x"},"bs":{"BS":["AQ=="]},"l":{"L":[{"S":"a"},{"S":"b"},{"S":"c"},{"S":"d"}]},"m":{"M":{"a":{"N":"1"},"b":{"M":{}}}},"n":{"N":"5"},"ns":{"NS":["1","2"]},"pk":{"S":"p"},"s":{"S":"new"},"ss":{"SS":["a","b"]}})",
    R"({"bs":{"BS":["AQ=="]},"l":{"L":[{"S":"a"},{"S":"b"},{"S":"c"},{"S":"d"}]},"m":{"M":{"b":{"M":{}}}},"n":{"N":"5"},"ns":{"NS":["1","2"]},"pk":{"S":"p"},"ss":{"SS":["a","b"]}})",
    R"({"bs":{"BS":["AQ=="]},"l":{"L":[{"S":"a"},{"S":"c"}]},"m":{"M":{"a":{"N":"1"},"b":{"M":{}}}},"n":{"N":"5"},"ns":{"NS":["1","2"]},"pk":{"S":"p"},"s":{"S":"x"},"ss":{"SS":["a","b"]}})",
    R"({"bs":{"BS":["AQ=="]},"l":{"L":[{"S":"a"},{"S":"c"},{"S":"new"}]},"m":{"M":{"a":{"N":"1"},"b":{"M":{}}}},"n":{"N":"5"},"ns":{"NS":["1","2"]},"pk":{"S":"p"},"s":{"S":"x"},"ss":{"SS":["a","b"]}})",
    R"({"bs":{"BS":["AQ=="]},"l":{"L":[{"S":"a"},{"S":"b"},{"S":"c"},{"S":"d"}]},"m":{"M":{"a":{"N":"1"},"b":{"M":{}}}},"n":{"N":"5"},"ns":{"NS":["1","2"]},"pk":{"S":"p"},"ss":{"SS":["a","b"]},"t":{"S":"x"}})",
    R"({"bs":{"BS":["AQ==","Ag=="]},"fresh":{"N":"0.5"},"fset":{"SS":["a"]},"l":{"L":[{"S":"a"},{"S":"b"},{"S":"c"},{"S":"d"}]},"m":{"M":{"a":{"N":"1"},"b":{"M":{}}}},"n":{"N":"6"},"ns":{"NS":["1","2","3"]},"pk":{"S":"p"},"s":{"S":"x"},"ss":{"SS":["a","b","c"]}})",
    R"({"bs":{"BS":["AQ=="]},"l":{"L":[{"S":"a"},{"S":"b"},{"S":"c"},{"S":"d"}]},"m":{"M":{"a":{"N":"1"},"b":{"M":{}},"c":{"N":"1"}}},"n":{"N":"5"},"ns":{"NS":["1","2"]},"pk":{"S":"p"},"s":{"S":"x"},"ss":{"SS":["a","b"]}})",
    R"({"bs":{"BS":["AQ=="]},"l":{"L":[{"S":"a"},{"S":"b"},{"S":"c"},{"S":"d"}]},"m":{"M":{"a":{"N":"1"},"b":{"M":{}}}},"n":{"N":"5"},"ns":{"NS":["1","2"]},"pk":{"S":"p"},"s":{"S":"x"},"ss":{"SS":["b"]}})",
    R"({"bs":{"BS":["AQ=="]},"l":{"L":[{"S":"a"},{"S":"b"},{"S":"c"},{"S":"d"}]},"m":{"M":{"a":{"N":"1"},"b":{"M":{}}}},"n":{"N":"5"},"ns":{"NS":["1","2"]},"pk":{"S":"p"},"s":{"S":"x"}})",
};

TEST(UpdateApplyTest, EveryActionAndRuntimeError) {
  AttributeValues values = ValuesOf(kValues);
  size_t next_expected = 0;
  for (const UpdateCase& c : kCases) {
    Update u;
    Status s = ParseUpdate(c.expression, nullptr, &values, nullptr, &u);
    ASSERT_TRUE(s.ok()) << c.expression << ": " << s.message();
    Item item = ItemOf(kBase);
    std::string before = JsonOf(item);
    s = u.Apply(&item);
    if (c.is_error) {
      EXPECT_EQ(s.code(), ErrorCode::kValidation) << c.expression;
      EXPECT_EQ(s.message(), c.expected) << c.expression;
      EXPECT_EQ(JsonOf(item), before) << "all-or-nothing: " << c.expression;
      continue;
    }
    ASSERT_TRUE(s.ok()) << c.expression << ": " << s.message();
    const char* want = c.expected ? c.expected : kExpected[next_expected++];
    EXPECT_EQ(JsonOf(item), want) << c.expression;
  }
  EXPECT_EQ(next_expected, std::size(kExpected));
}

TEST(UpdateApplyTest, MissingItem) {
  AttributeValues values = ValuesOf(kValues);
  Update u;
  // ADD creates the item's attribute; REMOVE of a nested path in a missing item is ignored.
  ASSERT_TRUE(ParseUpdate("ADD c :one REMOVE x.y", nullptr, &values, nullptr, &u).ok());
  Item item;
  ASSERT_TRUE(u.Apply(&item).ok());
  EXPECT_EQ(JsonOf(item), R"({"c":{"N":"1"}})");
  // But SET of a nested path is not.
  ASSERT_TRUE(ParseUpdate("SET b.a = :one", nullptr, &values, nullptr, &u).ok());
  item.clear();
  EXPECT_EQ(u.Apply(&item).message(),
            "The document path provided in the update expression is invalid for update");
  ASSERT_TRUE(ParseUpdate("SET c = b", nullptr, &values, nullptr, &u).ok());
  EXPECT_EQ(u.Apply(&item).message(),
            "The provided expression refers to an attribute that does not exist in the item");
}

TEST(UpdateApplyTest, PlaceholderNamesAreSingleSteps) {
  AttributeValues values = ValuesOf(kValues);
  AttributeNames names = NamesOf(R"({"#d":"a.b","#k":"m"})");
  Update u;
  ASSERT_TRUE(ParseUpdate("SET #d = :one, #k.#d = :s", &names, &values, nullptr, &u).ok());
  Item item = ItemOf(R"({"m":{"M":{}}})");
  ASSERT_TRUE(u.Apply(&item).ok());
  EXPECT_EQ(JsonOf(item), R"({"a.b":{"N":"1"},"m":{"M":{"a.b":{"S":"new"}}}})");
}

TEST(UpdateApplyTest, DefaultUpdateChangesNothing) {
  Update u;
  Item item = ItemOf(kBase);
  std::string before = JsonOf(item);
  EXPECT_TRUE(u.Apply(&item).ok());
  EXPECT_EQ(JsonOf(item), before);
  EXPECT_TRUE(u.TargetPaths().empty());
}

}  // namespace
}  // namespace monotable::expr
