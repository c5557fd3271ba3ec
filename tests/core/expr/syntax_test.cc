// Tests for core/expr/syntax.cc: tokens, and DynamoDB's syntax error texts
// ("token" is the offending token, "near" runs from the previous token to the next one).
#include "expr/syntax.h"

#include <gtest/gtest.h>

#include "expr/expr.h"

namespace monotable::expr {
namespace {

TEST(LexTest, SplitsNamesPlaceholdersNumbersAndPunctuation) {
  std::string text = "a_1.#b[10] <= :v <> x>=y";
  std::vector<Token> toks = Lex(text);
  std::vector<std::string> got;
  for (const Token& t : toks) got.push_back(text.substr(t.begin, t.end - t.begin));
  std::vector<std::string> want = {
      "a_1", ".", "#b", "[", "10", "]", "<=", ":v", "<>", "x", ">=", "y", ""};
  EXPECT_EQ(got, want);
  EXPECT_EQ(toks[0].kind, TokKind::kName);
  EXPECT_EQ(toks[2].kind, TokKind::kNameRef);
  EXPECT_EQ(toks[4].kind, TokKind::kNumber);
  EXPECT_EQ(toks[7].kind, TokKind::kValueRef);
  EXPECT_EQ(toks.back().kind, TokKind::kEof);
}

TEST(LexTest, UnderscoreAndNonAsciiAreSingleUnknownTokens) {
  std::string text = "_a ü";
  std::vector<Token> toks = Lex(text);
  ASSERT_EQ(toks.size(), 4u);
  EXPECT_EQ(toks[0].kind, TokKind::kUnknown);
  EXPECT_EQ(text.substr(toks[2].begin, toks[2].end - toks[2].begin), "ü");
}

struct SyntaxCase {
  Kind kind;
  const char* expression;
  const char* message;  // full DynamoDB message
};

// Texts pinned by real DynamoDB responses (Parity Suite tier3, ScyllaDB/dynalite notes, logs).
const SyntaxCase kSyntaxCases[] = {
    {Kind::kUpdate, "INVALID SYNTAX HERE",
     R"m(Invalid UpdateExpression: Syntax error; token: "INVALID", near: "INVALID SYNTAX")m"},
    {Kind::kProjection, "!!!",
     R"m(Invalid ProjectionExpression: Syntax error; token: "!", near: "!!")m"},
    {Kind::kProjection, "!!! INVALID !!!",
     R"m(Invalid ProjectionExpression: Syntax error; token: "!", near: "!!")m"},
    {Kind::kCondition, "attribute_type()",
     R"m(Invalid ConditionExpression: Syntax error; token: ")", near: "()")m"},
    {Kind::kUpdate, "SET _123 = :v",
     R"m(Invalid UpdateExpression: Syntax error; token: "_", near: "SET _123")m"},
    {Kind::kProjection, "a b",
     R"m(Invalid ProjectionExpression: Syntax error; token: "b", near: "a b")m"},
    {Kind::kProjection, "a,",
     R"m(Invalid ProjectionExpression: Syntax error; token: "<EOF>", near: ",")m"},
    {Kind::kProjection, "l[a]",
     R"m(Invalid ProjectionExpression: Syntax error; token: "a", near: "[a]")m"},
    {Kind::kKeyCondition, "pk = :v AND sk = :type AND",
     R"m(Invalid KeyConditionExpression: Syntax error; token: "<EOF>", near: "AND")m"},
    {Kind::kUpdate, "SET",
     R"m(Invalid UpdateExpression: Syntax error; token: "<EOF>", near: "SET")m"},
    {Kind::kUpdate, "SET a = :v +",
     R"m(Invalid UpdateExpression: Syntax error; token: "<EOF>", near: "+")m"},
    {Kind::kUpdate, "SET a = b, 0)",
     R"m(Invalid UpdateExpression: Syntax error; token: "0", near: ", 0)")m"},
    // A bare operand is not a condition.
    {Kind::kCondition, "a",
     R"m(Invalid ConditionExpression: Syntax error; token: "<EOF>", near: "a")m"},
    {Kind::kFilter, "a AND :v",
     R"m(Invalid FilterExpression: Syntax error; token: "AND", near: "a AND :v")m"},
    {Kind::kFilter, "NOT a",
     R"m(Invalid FilterExpression: Syntax error; token: "<EOF>", near: "a")m"},
    // Only paths, :values and function calls are operands.
    {Kind::kFilter, "a > 4",
     R"m(Invalid FilterExpression: Syntax error; token: "4", near: "> 4")m"},
    {Kind::kFilter, "a IN ()",
     R"m(Invalid FilterExpression: Syntax error; token: ")", near: "()")m"},
    {Kind::kFilter, "a in (b,c,)",
     R"m(Invalid FilterExpression: Syntax error; token: ")", near: ",)")m"},
    {Kind::kFilter, "size(a).b > a",
     R"m(Invalid FilterExpression: Syntax error; token: ".", near: ").b")m"},
    {Kind::kFilter, "a[-1] = b",
     R"m(Invalid FilterExpression: Syntax error; token: "-", near: "[-1")m"},
    {Kind::kFilter, "a > between",
     R"m(Invalid FilterExpression: Syntax error; token: "between", near: "> between")m"},
    // SET takes value + value at most, and no arithmetic inside function arguments.
    {Kind::kUpdate, "set a = b + c + d",
     R"m(Invalid UpdateExpression: Syntax error; token: "+", near: "c + d")m"},
    {Kind::kUpdate, "SET c = if_not_exists(c, :a+:b)",
     R"m(Invalid UpdateExpression: Syntax error; token: "+", near: ":a+:b")m"},
    {Kind::kUpdate, "set a = b * c",
     R"m(Invalid UpdateExpression: Syntax error; token: "*", near: "b * c")m"},
    {Kind::kUpdate, "SET :a = :b",
     R"m(Invalid UpdateExpression: Syntax error; token: ":a", near: "SET :a =")m"},
    {Kind::kUpdate, "remove a b",
     R"m(Invalid UpdateExpression: Syntax error; token: "b", near: "a b")m"},
    {Kind::kUpdate, "add a = b",
     R"m(Invalid UpdateExpression: Syntax error; token: "=", near: "a = b")m"},
    {Kind::kUpdate, "set a=set",
     R"m(Invalid UpdateExpression: Syntax error; token: "set", near: "=set")m"},
    {Kind::kUpdate, "SET a[:i] = :v",
     R"m(Invalid UpdateExpression: Syntax error; token: ":i", near: "[:i]")m"},
    {Kind::kUpdate, "SET a = _f(b)",
     R"m(Invalid UpdateExpression: Syntax error; token: "_", near: "= _f")m"},
};

TEST(SyntaxTest, ErrorsNameTheTokenAndItsNeighbours) {
  AttributeValues values;
  values[":v"] = Value::S("x");
  values[":a"] = Value::N(Number::FromInt(1));
  values[":b"] = Value::N(Number::FromInt(1));
  values[":type"] = Value::S("x");
  KeySchemaInfo schema;
  schema.hash_key = "pk";
  for (const SyntaxCase& c : kSyntaxCases) {
    Usage usage;
    Status s;
    if (c.kind == Kind::kUpdate) {
      Update u;
      s = ParseUpdate(c.expression, nullptr, &values, &usage, &u);
    } else if (c.kind == Kind::kProjection) {
      Projection p;
      s = ParseProjection(c.expression, nullptr, &usage, &p);
    } else if (c.kind == Kind::kKeyCondition) {
      KeyCondition k;
      s = ParseKeyCondition(c.expression, nullptr, &values, schema, &usage, &k);
    } else {
      Condition cond;
      s = ParseCondition(c.kind, c.expression, nullptr, &values, &usage, &cond);
    }
    EXPECT_EQ(s.code(), ErrorCode::kValidation) << c.expression;
    EXPECT_EQ(s.message(), c.message) << c.expression;
  }
}

}  // namespace
}  // namespace monotable::expr
