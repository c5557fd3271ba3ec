// Tests for core/expr/paths.cc: Path rendering and resolution, projections.
#include <gtest/gtest.h>

#include "expr/expr.h"
#include "expr_test_util.h"

namespace monotable::expr {
namespace {

using testing::ItemOf;
using testing::JsonOf;
using testing::NamesOf;

const char kItem[] = R"({
  "pk": {"S": "p"}, "a": {"M": {"b": {"L": [{"N": "0"}, {"M": {"c": {"S": "c1"}, "d": {"S": "d1"}}},
  {"M": {"c": {"S": "c2"}}}, {"N": "3"}]}, "e": {"S": "e"}}},
  "l": {"L": [{"S": "l0"}, {"S": "l1"}, {"S": "l2"}, {"S": "l3"}]}, "s": {"S": "x"},
  "a.b": {"S": "dotted"}
})";

struct ProjectionCase {
  const char* expression;
  const char* expected;
};

const ProjectionCase kCases[] = {
    {"pk, s", R"({"pk":{"S":"p"},"s":{"S":"x"}})"},
    {"a.e", R"({"a":{"M":{"e":{"S":"e"}}}})"},
    {"a.b[1].c", R"({"a":{"M":{"b":{"L":[{"M":{"c":{"S":"c1"}}}]}}}})"},
    // List elements are kept in index order and the list is compacted.
    {"l[3], l[1]", R"({"l":{"L":[{"S":"l1"},{"S":"l3"}]}})"},
    {"a.b[2].c, a.b[1].d, a.e",
     R"({"a":{"M":{"b":{"L":[{"M":{"d":{"S":"d1"}}},{"M":{"c":{"S":"c2"}}}]},"e":{"S":"e"}}}})"},
    // Missing paths are skipped; containers left empty are omitted.
    {"gone, l[9], a.zz, s.x", R"({})"},
    {"a[0]", R"({})"},
    {"l.x", R"({})"},
    {"a.b[0].c, s", R"({"s":{"S":"x"}})"},
    {"#ab", R"({"a.b":{"S":"dotted"}})"},
};

TEST(ProjectionTest, KeepsOnlyTheProjectedPaths) {
  Item item = ItemOf(kItem);
  AttributeNames names = NamesOf(R"({"#ab":"a.b"})");
  for (const ProjectionCase& c : kCases) {
    Projection p;
    Usage usage;
    Status s = ParseProjection(c.expression, &names, &usage, &p);
    if (std::string(c.expression) != "#ab") usage.names.insert("#ab");
    ASSERT_TRUE(s.ok()) << c.expression << ": " << s.message();
    EXPECT_EQ(JsonOf(p.Apply(item)), c.expected) << c.expression;
  }
}

TEST(PathTest, RenderAndResolve) {
  Projection p;
  AttributeNames names = NamesOf(R"({"#x":"a"})");
  ASSERT_TRUE(ParseProjection("#x.b[1].c", &names, nullptr, &p).ok());
  const Path& path = p.paths()[0];
  EXPECT_EQ(path.ToString(), "a.b[1].c");
  EXPECT_EQ(path.TopLevelName(), "a");
  Item item = ItemOf(kItem);
  const Value* v = Resolve(item, path);
  ASSERT_NE(v, nullptr);
  EXPECT_EQ(*v, Value::S("c1"));
  Path bad = path;
  bad.elements[2].index = 7;
  EXPECT_EQ(Resolve(item, bad), nullptr);
}

TEST(PathTest, ProjectPathsForUpdatedAttributes) {
  Update u;
  AttributeValues values;
  values[":v"] = Value::S("v");
  ASSERT_TRUE(ParseUpdate("SET a.e = :v, l[0] = :v", nullptr, &values, nullptr, &u).ok());
  Item item = ItemOf(kItem);
  ASSERT_TRUE(u.Apply(&item).ok());
  EXPECT_EQ(JsonOf(ProjectPaths(item, u.TargetPaths())),
            R"({"a":{"M":{"e":{"S":"v"}}},"l":{"L":[{"S":"v"}]}})");
}

}  // namespace
}  // namespace monotable::expr
