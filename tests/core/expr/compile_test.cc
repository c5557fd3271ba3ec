// Tests for core/expr/compile.cc: DynamoDB's validation messages for every expression kind, in
// DynamoDB's order, and placeholder usage tracking. Cases marked "(dynalite)" come from dynalite's
// test suite, which was run against DynamoDB.
#include <gtest/gtest.h>

#include "expr/expr.h"
#include "expr_test_util.h"

namespace monotable::expr {
namespace {

using testing::ItemOf;
using testing::NamesOf;
using testing::ValuesOf;

struct Case {
  Kind kind;
  const char* expression;
  const char* names;   // JSON object, or nullptr for no ExpressionAttributeNames
  const char* values;  // DynamoDB JSON map, or nullptr
  const char* error;   // "" for OK
};

Status ParseAny(const Case& c, Usage* usage) {
  AttributeNames names;
  AttributeValues values;
  if (c.names) names = NamesOf(c.names);
  if (c.values) values = ValuesOf(c.values);
  const AttributeNames* n = c.names ? &names : nullptr;
  const AttributeValues* v = c.values ? &values : nullptr;
  switch (c.kind) {
    case Kind::kUpdate: {
      Update u;
      return ParseUpdate(c.expression, n, v, usage, &u);
    }
    case Kind::kProjection: {
      Projection p;
      return ParseProjection(c.expression, n, usage, &p);
    }
    case Kind::kKeyCondition: {
      KeySchemaInfo schema;
      schema.hash_key = "pk";
      schema.hash_type = Type::kS;
      schema.range_key = "sk";
      schema.range_type = Type::kS;
      KeyCondition k;
      return ParseKeyCondition(c.expression, n, v, schema, usage, &k);
    }
    default: {
      Condition cond;
      return ParseCondition(c.kind, c.expression, n, v, usage, &cond);
    }
  }
}

void RunCases(const Case* cases, size_t count) {
  for (size_t i = 0; i < count; ++i) {
    const Case& c = cases[i];
    Usage usage;
    Status s = ParseAny(c, &usage);
    if (c.error[0] == '\0') {
      EXPECT_TRUE(s.ok()) << c.expression << " -> " << s.message();
    } else {
      EXPECT_EQ(s.code(), ErrorCode::kValidation) << c.expression;
      EXPECT_EQ(s.message(), c.error) << c.expression;
    }
  }
}

const char kV[] =
    R"({":v":{"S":"x"},":n":{"N":"1"},":n2":{"N":"2"},":l":{"L":[]},":ss":{"SS":["a"]},
  ":b":{"B":"YQ=="},":bool":{"BOOL":true},":null":{"NULL":true},":m":{"M":{}},":ns":{"NS":["1"]},
  ":t":{"S":"N"},":bad":{"S":"X"}})";

const Case kConditionCases[] = {
    // Valid expressions, precedence and parentheses.
    {Kind::kCondition, "a = :v", nullptr, kV, ""},
    {Kind::kCondition, "(a = :v)", nullptr, kV, ""},
    {Kind::kCondition, "(a) = (:v)", nullptr, kV, ""},
    {Kind::kCondition, "a = :v AND b <> :v OR NOT c < :n", nullptr, kV, ""},
    {Kind::kCondition, "NOT NOT a = :v", nullptr, kV, ""},
    {Kind::kCondition, "((a = :v) and b = :v)", nullptr, kV, ""},
    {Kind::kCondition, "a BETWEEN :n AND :n2 and b IN (:v, :n)", nullptr, kV, ""},
    {Kind::kCondition, "(a)between(b.c[4])and(:n)", nullptr, kV, ""},
    {Kind::kCondition, "attribute_exists(a) AND attribute_not_exists(#x.y[1])", R"({"#x":"x"})", kV,
     ""},
    {Kind::kCondition, "size(a) > :n AND contains(b, :v) AND begins_with(c, :v)", nullptr, kV, ""},
    {Kind::kCondition, "attribute_type(a, :t)", nullptr, kV, ""},
    {Kind::kCondition, ":n > :n", nullptr, kV, ""},
    {Kind::kCondition, "size(:v) = :n", nullptr, kV, ""},
    {Kind::kCondition, "(attribute_exists(a)) AND b = :v", nullptr, kV, ""},
    // Empty and too long.
    {Kind::kCondition, "", nullptr, nullptr,
     "Invalid ConditionExpression: The expression can not be empty;"},
    // Redundant parentheses (dynalite).
    {Kind::kFilter, "((a = :v))", nullptr, kV,
     "Invalid FilterExpression: The expression has redundant parentheses;"},
    {Kind::kFilter, "a=a and a > ((views))", nullptr, nullptr,
     "Invalid FilterExpression: The expression has redundant parentheses;"},
    {Kind::kFilter, "a=a AND ((a=a AND a=a)) AND a=a", nullptr, nullptr,
     "Invalid FilterExpression: The expression has redundant parentheses;"},
    // Unknown and misplaced functions (dynalite, ScyllaDB).
    {Kind::kFilter, "a=a and whatever((:things)) > a", nullptr, nullptr,
     "Invalid FilterExpression: Invalid function name; function: whatever"},
    {Kind::kFilter, "attRIbute_exIsts((views), #a)", nullptr, nullptr,
     "Invalid FilterExpression: Invalid function name; function: attRIbute_exIsts"},
    {Kind::kFilter, "attribute_not_exists(things) > b", nullptr, nullptr,
     "Invalid FilterExpression: The function is not allowed to be used this way in an expression; "
     "function: attribute_not_exists"},
    {Kind::kFilter, "size(contains(a, b)) > a", nullptr, nullptr,
     "Invalid FilterExpression: The function is not allowed to be used this way in an expression; "
     "function: contains"},
    {Kind::kFilter, "size(things)", nullptr, nullptr,
     "Invalid FilterExpression: The function is not allowed to be used this way in an expression; "
     "function: size"},
    {Kind::kFilter, "a in (b, attribute_exists(things))", nullptr, nullptr,
     "Invalid FilterExpression: The function is not allowed to be used this way in an expression; "
     "function: attribute_exists"},
    {Kind::kCondition, "if_not_exists(a, a) = :v", nullptr, kV,
     "Invalid ConditionExpression: The function is not allowed to be used this way in an "
     "expression; function: if_not_exists"},
    // Reserved words: before undefined placeholders and operand counts (dynalite).
    {Kind::kFilter, "attribute_exists(views, #a)", nullptr, nullptr,
     "Invalid FilterExpression: Attribute name is a reserved keyword; reserved keyword: views"},
    {Kind::kFilter, ":a < abOrT", nullptr, nullptr,
     "Invalid FilterExpression: Attribute name is a reserved keyword; reserved keyword: abOrT"},
    {Kind::kCondition, "status = :v", nullptr, kV,
     "Invalid ConditionExpression: Attribute name is a reserved keyword; reserved keyword: status"},
    // Undefined placeholders.
    {Kind::kFilter, "#missing = :v", R"({"#a":"a"})", kV,
     "Invalid FilterExpression: An expression attribute name used in the document path is not "
     "defined; attribute name: #missing"},
    {Kind::kFilter, "(a)between(b.c[45].#d)and(:a)", nullptr, nullptr,
     "Invalid FilterExpression: An expression attribute name used in the document path is not "
     "defined; attribute name: #d"},
    {Kind::kFilter, "begins_with(:hello, #a, #b)", nullptr, nullptr,
     "Invalid FilterExpression: An expression attribute value used in expression is not defined; "
     "attribute value: :hello"},
    {Kind::kFilter, "a = :nope", nullptr, kV,
     "Invalid FilterExpression: An expression attribute value used in expression is not defined; "
     "attribute value: :nope"},
    // Operand counts, distinct operands, operand types (dynalite).
    {Kind::kFilter, "attribute_exists(things, a) and a=a", nullptr, nullptr,
     "Invalid FilterExpression: Incorrect number of operands for operator or function; operator or "
     "function: attribute_exists, number of operands: 2"},
    {Kind::kFilter, "begins_with(things, size(a), b)", nullptr, nullptr,
     "Invalid FilterExpression: Incorrect number of operands for operator or function; operator or "
     "function: begins_with, number of operands: 3"},
    {Kind::kFilter, "a = a AND #a = b AND :views > a", R"({"#a":"a"})", nullptr,
     "Invalid FilterExpression: The first operand must be distinct from the remaining operands for "
     "this operator or function; operator: =, first operand: [a]"},
    {Kind::kFilter, "contains(ab.bc[1].a, ab.bc[1].#a)", R"({"#a":"a"})", nullptr,
     "Invalid FilterExpression: The first operand must be distinct from the remaining operands for "
     "this operator or function; operator: contains, first operand: [ab, bc, [1], a]"},
    {Kind::kFilter, "attribute_type(a, :n)", nullptr, kV,
     "Invalid FilterExpression: Incorrect operand type for operator or function; operator or "
     "function: attribute_type, operand type: N"},
    {Kind::kFilter, "attribute_type(a, b)", nullptr, kV,
     "Invalid FilterExpression: Incorrect operand type for operator or function; operator or "
     "function: attribute_type, operand type: {NS,SS,L,BS,N,M,B,BOOL,NULL,S}"},
    {Kind::kFilter, "attribute_type(a, :bad)", nullptr, kV,
     "Invalid FilterExpression: Invalid attribute type name found; type: X, valid types: "
     "{B,NULL,SS,BOOL,L,BS,N,NS,S,M}"},
    {Kind::kFilter, "begins_with(a, :n)", nullptr, kV,
     "Invalid FilterExpression: Incorrect operand type for operator or function; operator or "
     "function: begins_with, operand type: N"},
    {Kind::kFilter, "begins_with(:ss, a)", nullptr, kV,
     "Invalid FilterExpression: Incorrect operand type for operator or function; operator or "
     "function: begins_with, operand type: SS"},
    {Kind::kFilter, "size(size(a)) > :n", nullptr, kV,
     "Invalid FilterExpression: Incorrect operand type for operator or function; operator or "
     "function: size, operand type: N"},
    {Kind::kFilter, "size(:bool) > a", nullptr, kV,
     "Invalid FilterExpression: Incorrect operand type for operator or function; operator or "
     "function: size, operand type: BOOL"},
    {Kind::kFilter, "attribute_exists(:v) and a=:v", nullptr, kV,
     "Invalid FilterExpression: Operator or function requires a document path; operator or "
     "function: attribute_exists"},
    {Kind::kCondition, "a BETWEEN :n2 AND :n", nullptr, kV,
     "Invalid ConditionExpression: The BETWEEN operator requires upper bound to be greater than or "
     "equal to lower bound; lower bound operand: AttributeValue: {N:2}, upper bound operand: "
     "AttributeValue: {N:1}"},
    {Kind::kCondition, "a BETWEEN :n AND :v", nullptr, kV,
     "Invalid ConditionExpression: The BETWEEN operator requires same data type for lower and "
     "upper bounds; lower bound operand: AttributeValue: {N:1}, upper bound operand: "
     "AttributeValue: {S:x}"},
    // A constant of a type that has no order cannot be compared with < (ScyllaDB).
    {Kind::kCondition, "a < :l", nullptr, kV,
     "Invalid ConditionExpression: Incorrect operand type for operator or function; operator or "
     "function: <, operand type: L"},
};

TEST(ParseConditionTest, MessagesInDynamoDbOrder) {
  RunCases(kConditionCases, std::size(kConditionCases));
}

TEST(ParseConditionTest, LimitsOnSizeOperatorsAndInOperands) {
  std::string big = "a = :v" + std::string(4100, ' ');
  Condition c;
  AttributeValues v = ValuesOf(kV);
  Status s = ParseCondition(Kind::kCondition, big, nullptr, &v, nullptr, &c);
  EXPECT_EQ(s.message(),
            "Invalid ConditionExpression: Expression size has exceeded the maximum allowed size; "
            "expression size: 4106");
  // 4096 bytes is fine.
  std::string exact = "a = :v" + std::string(4090, ' ');
  EXPECT_TRUE(ParseCondition(Kind::kCondition, exact, nullptr, &v, nullptr, &c).ok());

  // 300 operators are fine, the 301st is not: a<:v or (a<:v or (...)).
  auto nested = [](int depth) {
    std::string e;
    for (int i = 0; i < depth; ++i) e += "a<:v or (";
    e += "a<:v";
    e += std::string(static_cast<size_t>(depth), ')');
    return e;
  };
  EXPECT_TRUE(ParseCondition(Kind::kCondition, nested(149), nullptr, &v, nullptr, &c).ok());
  s = ParseCondition(Kind::kCondition, nested(150), nullptr, &v, nullptr, &c);
  EXPECT_EQ(s.message(),
            "Invalid ConditionExpression: The expression contains too many operators; operator "
            "count: 301");
  std::string nots;
  for (int i = 0; i < 400; ++i) nots += "NOT ";
  s = ParseCondition(Kind::kFilter, nots + "a = :v", nullptr, &v, nullptr, &c);
  EXPECT_EQ(s.message(),
            "Invalid FilterExpression: The expression contains too many operators; operator "
            "count: 301");

  // Hostile nesting fails cleanly (no stack overflow), also in WebAssembly.
  std::string deep = std::string(2000, '(') + "a = :v" + std::string(2000, ')');
  s = ParseCondition(Kind::kFilter, deep, nullptr, &v, nullptr, &c);
  EXPECT_EQ(s.message(), "Invalid FilterExpression: The expression has redundant parentheses;");
  std::string calls;
  for (int i = 0; i < 1000; ++i) calls += "size(";
  calls += "a" + std::string(1000, ')') + " = :v";
  s = ParseCondition(Kind::kFilter, calls, nullptr, &v, nullptr, &c);
  EXPECT_EQ(s.code(), ErrorCode::kValidation);

  // IN: at most 100 values in the list.
  AttributeValues many;
  std::string in = "a IN (";
  for (int i = 0; i < 101; ++i) {
    std::string key = ":v" + std::to_string(i);
    many[key] = Value::N(Number::FromInt(i));
    if (i) in += ",";
    in += key;
  }
  s = ParseCondition(Kind::kFilter, in + ")", nullptr, &many, nullptr, &c);
  EXPECT_EQ(s.message(),
            "Invalid FilterExpression: Too many operands for the operator or function; operator or "
            "function: IN, number of operands: 101");
  std::string in100 = in.substr(0, in.rfind(','));
  EXPECT_TRUE(ParseCondition(Kind::kFilter, in100 + ")", nullptr, &many, nullptr, &c).ok());
}

TEST(ParseConditionTest, DocumentPathLimits) {
  Projection p;
  std::string path = "a";
  for (int i = 0; i < 31; ++i) path += ".b";
  EXPECT_TRUE(ParseProjection(path, nullptr, nullptr, &p).ok());
  Status s = ParseProjection(path + ".b", nullptr, nullptr, &p);
  EXPECT_EQ(s.message(),
            "Invalid ProjectionExpression: The document path has too many nesting levels; nesting "
            "levels: 33");
  s = ParseProjection("a[99999999999999]", nullptr, nullptr, &p);
  EXPECT_EQ(s.message(),
            "Invalid ProjectionExpression: List index is not within the allowable range; index: "
            "[99999999999999]");
}

const Case kUpdateCases[] = {
    {Kind::kUpdate, "SET a = :n, b = a + :n, c = :n - b REMOVE d, e[1] ADD f :n DELETE g :ss",
     nullptr, kV, ""},
    {Kind::kUpdate, "set a = if_not_exists(a, :n) + :n", nullptr, kV, ""},
    {Kind::kUpdate, "SET a = list_append(if_not_exists(a, :l), :l)", nullptr, kV, ""},
    {Kind::kUpdate, "SET a = (b + :n)", nullptr, kV, ""},
    {Kind::kUpdate, "SET a = (b) + :n", nullptr, kV, ""},
    {Kind::kUpdate, "remove a set b = a", nullptr, nullptr, ""},
    {Kind::kUpdate, "", nullptr, nullptr,
     "Invalid UpdateExpression: The expression can not be empty;"},
    // (dynalite)
    {Kind::kUpdate, " set #c = :c set abOrt = true ", nullptr, nullptr,
     "Invalid UpdateExpression: Attribute name is a reserved keyword; reserved keyword: abOrt"},
    {Kind::kUpdate, "set #c = if_not_exist(:c) set c = d", nullptr, nullptr,
     "Invalid UpdateExpression: Invalid function name; function: if_not_exist"},
    {Kind::kUpdate, "set a = #c set c = :d", nullptr, nullptr,
     "Invalid UpdateExpression: The \"SET\" section can only be used once in an update "
     "expression;"},
    {Kind::kUpdate, "delete #d :e set a = b delete #e :f", nullptr, nullptr,
     "Invalid UpdateExpression: The \"DELETE\" section can only be used once in an update "
     "expression;"},
    {Kind::kUpdate, "SET #c = if_not_exists(:c)", R"({"#a":"a"})", nullptr,
     "Invalid UpdateExpression: An expression attribute name used in the document path is not "
     "defined; attribute name: #c"},
    {Kind::kUpdate, "SET attr1 = :v", nullptr, R"({":w":{"S":"x"}})",
     "Invalid UpdateExpression: An expression attribute value used in expression is not defined; "
     "attribute value: :v"},
    {Kind::kUpdate, "SET a = :v REMOVE a", nullptr, kV,
     "Invalid UpdateExpression: Two document paths overlap with each other; must remove or "
     "rewrite one of these paths; path one: [a], path two: [a]"},
    {Kind::kUpdate, "set d[1] = a, d.b = a, c[1].a = a, #c = if_not_exists(a)",
     R"({"#c":"c","#d":"[3]"})", nullptr,
     "Invalid UpdateExpression: Two document paths overlap with each other; must remove or "
     "rewrite one of these paths; path one: [c, [1], a], path two: [c]"},
    {Kind::kUpdate, "set #c[3].#d = a, #c[3] = a", R"({"#c":"c","#d":"[3]"})", nullptr,
     "Invalid UpdateExpression: Two document paths overlap with each other; must remove or "
     "rewrite one of these paths; path one: [c, [3], [3]], path two: [c, [3]]"},
    {Kind::kUpdate, "remove a.#c set a[1] = #d", R"({"#c":"c","#d":"[3]"})", nullptr,
     "Invalid UpdateExpression: Two document paths conflict with each other; must remove or "
     "rewrite one of these paths; path one: [a, c], path two: [a, [1]]"},
    {Kind::kUpdate, "ADD a :v", nullptr, kV,
     "Invalid UpdateExpression: Incorrect operand type for operator or function; operator: ADD, "
     "operand type: STRING"},
    {Kind::kUpdate, "delete a.b :n", nullptr, kV,
     "Invalid UpdateExpression: Incorrect operand type for operator or function; operator: "
     "DELETE, operand type: NUMBER"},
    {Kind::kUpdate, "add a :l", nullptr, kV,
     "Invalid UpdateExpression: Incorrect operand type for operator or function; operator: ADD, "
     "operand type: LIST"},
    {Kind::kUpdate, "add a :bool", nullptr, kV,
     "Invalid UpdateExpression: Incorrect operand type for operator or function; operator: ADD, "
     "operand type: BOOLEAN"},
    {Kind::kUpdate, "set a = if_not_exists(c)", nullptr, nullptr,
     "Invalid UpdateExpression: Incorrect number of operands for operator or function; operator "
     "or function: if_not_exists, number of operands: 1"},
    {Kind::kUpdate, "set a = if_not_exists(:v, c)", nullptr, kV,
     "Invalid UpdateExpression: Operator or function requires a document path; operator or "
     "function: if_not_exists"},
    {Kind::kUpdate, "set a = list_append(:v, a)", nullptr, kV,
     "Invalid UpdateExpression: Incorrect operand type for operator or function; operator or "
     "function: list_append, operand type: S"},
    {Kind::kUpdate, "set a = a + :v", nullptr, kV,
     "Invalid UpdateExpression: Incorrect operand type for operator or function; operator or "
     "function: +, operand type: S"},
    {Kind::kUpdate, "set a = :b - a", nullptr, kV,
     "Invalid UpdateExpression: Incorrect operand type for operator or function; operator or "
     "function: -, operand type: B"},
    {Kind::kUpdate, "SET a = size(b)", nullptr, nullptr,
     "Invalid UpdateExpression: The function is not allowed to be used this way in an expression; "
     "function: size"},
    {Kind::kUpdate, "SET a = list_append(list_append(:l, :l), :l)", nullptr, kV,
     "Invalid UpdateExpression: The function is not allowed to be used this way in an expression; "
     "function: list_append"},
};

TEST(ParseUpdateTest, MessagesInDynamoDbOrder) { RunCases(kUpdateCases, std::size(kUpdateCases)); }

TEST(ParseUpdateTest, TargetPathsInExpressionOrder) {
  AttributeValues v = ValuesOf(kV);
  AttributeNames n = NamesOf(R"({"#k":"key.with.dots"})");
  Update u;
  ASSERT_TRUE(ParseUpdate("REMOVE x[2] SET a.b = :v, #k = :n ADD c :n", &n, &v, nullptr, &u).ok());
  std::vector<std::string> got;
  for (const Path& p : u.TargetPaths()) got.push_back(p.ToString());
  EXPECT_EQ(got, (std::vector<std::string>{"x[2]", "a.b", "key.with.dots", "c"}));
  EXPECT_EQ(u.TargetPaths()[2].elements.size(), 1u);  // #k is one name, dots and all
}

const Case kProjectionCases[] = {
    {Kind::kProjection, "a, b.c, d[1].e, #n", R"({"#n":"name"})", nullptr, ""},
    {Kind::kProjection, "a.b, a.c", nullptr, nullptr, ""},
    {Kind::kProjection, "", nullptr, nullptr,
     "Invalid ProjectionExpression: The expression can not be empty;"},
    {Kind::kProjection, "pk, status", nullptr, nullptr,
     "Invalid ProjectionExpression: Attribute name is a reserved keyword; reserved keyword: "
     "status"},
    {Kind::kProjection, "#a", nullptr, nullptr,
     "Invalid ProjectionExpression: An expression attribute name used in the document path is not "
     "defined; attribute name: #a"},
    {Kind::kProjection, "a, a", nullptr, nullptr,
     "Invalid ProjectionExpression: Two document paths overlap with each other; must remove or "
     "rewrite one of these paths; path one: [a], path two: [a]"},
    {Kind::kProjection, "a.b[0], a", nullptr, nullptr,
     "Invalid ProjectionExpression: Two document paths overlap with each other; must remove or "
     "rewrite one of these paths; path one: [a, b, [0]], path two: [a]"},
    {Kind::kProjection, "a.b, a[1]", nullptr, nullptr,
     "Invalid ProjectionExpression: Two document paths conflict with each other; must remove or "
     "rewrite one of these paths; path one: [a, b], path two: [a, [1]]"},
};

TEST(ParseProjectionTest, MessagesInDynamoDbOrder) {
  RunCases(kProjectionCases, std::size(kProjectionCases));
}

// Key schema for these cases: pk (S) and sk (S).
const char kKV[] = R"({":p":{"S":"p"},":s":{"S":"s"},":s2":{"S":"t"},":n":{"N":"1"}})";
const Case kKeyConditionCases[] = {
    {Kind::kKeyCondition, "pk = :p", nullptr, kKV, ""},
    {Kind::kKeyCondition, "pk = :p AND sk < :s", nullptr, kKV, ""},
    {Kind::kKeyCondition, ":s >= sk AND :p = pk", nullptr, kKV, ""},
    {Kind::kKeyCondition, "#h = :p AND sk BETWEEN :s AND :s2", R"({"#h":"pk"})", kKV, ""},
    {Kind::kKeyCondition, "pk = :p AND begins_with(sk, :s)", nullptr, kKV, ""},
    {Kind::kKeyCondition, "(pk = :p) AND (sk = :s)", nullptr, kKV, ""},
    {Kind::kKeyCondition, "", nullptr, kKV,
     "Invalid KeyConditionExpression: The expression can not be empty;"},
    {Kind::kKeyCondition, "sk = :s", nullptr, kKV, "Query condition missed key schema element: pk"},
    {Kind::kKeyCondition, "pk = :p AND x = :s", nullptr, kKV,
     "Query condition missed key schema element: sk"},
    {Kind::kKeyCondition, "pk < :p", nullptr, kKV, "Query key condition not supported"},
    {Kind::kKeyCondition, "pk = :n", nullptr, kKV,
     "One or more parameter values were invalid: Condition parameter type does not match schema "
     "type"},
    {Kind::kKeyCondition, "pk = :p OR sk = :s", nullptr, kKV,
     "Invalid operator used in KeyConditionExpression: OR"},
    {Kind::kKeyCondition, "pk = :p AND sk IN (:s)", nullptr, kKV,
     "Invalid operator used in KeyConditionExpression: IN"},
    {Kind::kKeyCondition, "NOT pk = :p", nullptr, kKV,
     "Invalid operator used in KeyConditionExpression: NOT"},
    {Kind::kKeyCondition, "pk <> :p", nullptr, kKV,
     "Invalid operator used in KeyConditionExpression: <>"},
    {Kind::kKeyCondition, "pk = :p AND attribute_exists(sk)", nullptr, kKV,
     "Invalid operator used in KeyConditionExpression: attribute_exists"},
    {Kind::kKeyCondition, "pk = :p AND contains(sk, :s)", nullptr, kKV,
     "Invalid operator used in KeyConditionExpression: contains"},
    {Kind::kKeyCondition, "pk = :p AND sk = :s AND sk = :s2", nullptr, kKV,
     "KeyConditionExpressions must only contain one condition per key"},
    {Kind::kKeyCondition, "pk = :p AND size(sk) > :n", nullptr, kKV,
     "KeyConditionExpressions cannot contain nested operations"},
    {Kind::kKeyCondition, "pk.a = :p", nullptr, kKV,
     "KeyConditionExpressions cannot have conditions on nested attributes"},
    {Kind::kKeyCondition, "pk = sk", nullptr, kKV,
     "Invalid condition in KeyConditionExpression: Multiple attribute names used in one "
     "condition"},
    {Kind::kKeyCondition, ":p = :s AND pk = :p", nullptr, kKV,
     "Invalid condition in KeyConditionExpression: No key attribute specified"},
    {Kind::kKeyCondition, "pk = :p AND begins_with(:s, sk)", nullptr, kKV,
     "Invalid condition in KeyConditionExpression: begins_with operator must have the key "
     "attribute as its first operand"},
    {Kind::kKeyCondition, "pk = :p AND begins_with(sk, :n)", nullptr, kKV,
     "Invalid KeyConditionExpression: Incorrect operand type for operator or function; operator "
     "or function: begins_with, operand type: N"},
    {Kind::kKeyCondition, "pk = :p AND sk BETWEEN :s2 AND :s", nullptr, kKV,
     "Invalid KeyConditionExpression: The BETWEEN operator requires upper bound to be greater "
     "than or equal to lower bound; lower bound operand: AttributeValue: {S:t}, upper bound "
     "operand: AttributeValue: {S:s}"},
    {Kind::kKeyCondition, "pk = :p AND sk = :n", nullptr, kKV,
     "One or more parameter values were invalid: Condition parameter type does not match schema "
     "type"},
    {Kind::kKeyCondition, "pk = :p AND status = :s", nullptr, kKV,
     "Invalid KeyConditionExpression: Attribute name is a reserved keyword; reserved keyword: "
     "status"},
};

TEST(ParseKeyConditionTest, MessagesInDynamoDbOrder) {
  RunCases(kKeyConditionCases, std::size(kKeyConditionCases));
}

TEST(ParseKeyConditionTest, StructuredResult) {
  AttributeValues v = ValuesOf(kKV);
  AttributeNames n = NamesOf(R"({"#s":"sk"})");
  KeySchemaInfo schema;
  schema.hash_key = "pk";
  schema.range_key = "sk";
  KeyCondition k;
  ASSERT_TRUE(ParseKeyCondition(":s < #s AND pk = :p", &n, &v, schema, nullptr, &k).ok());
  EXPECT_EQ(k.hash_key, "pk");
  EXPECT_EQ(k.hash_value, Value::S("p"));
  ASSERT_TRUE(k.has_range);
  EXPECT_EQ(k.range_key, "sk");
  EXPECT_EQ(k.range_op, KeyOperator::kGt);  // `:s < sk` is `sk > :s`
  EXPECT_EQ(k.range_value, Value::S("s"));
  EXPECT_TRUE(k.RangeMatches(Value::S("sa")));
  EXPECT_FALSE(k.RangeMatches(Value::S("s")));

  ASSERT_TRUE(
      ParseKeyCondition("pk = :p AND sk BETWEEN :s AND :s2", nullptr, &v, schema, nullptr, &k)
          .ok());
  EXPECT_EQ(k.range_op, KeyOperator::kBetween);
  EXPECT_TRUE(k.RangeMatches(Value::S("s")));
  EXPECT_TRUE(k.RangeMatches(Value::S("sz")));
  EXPECT_TRUE(k.RangeMatches(Value::S("t")));
  EXPECT_FALSE(k.RangeMatches(Value::S("ta")));

  ASSERT_TRUE(
      ParseKeyCondition("pk = :p AND begins_with(sk, :s)", nullptr, &v, schema, nullptr, &k).ok());
  EXPECT_TRUE(k.RangeMatches(Value::S("s#1")));
  EXPECT_FALSE(k.RangeMatches(Value::S("a")));

  // Hash-only table: a second condition is not supported.
  KeySchemaInfo hash_only;
  hash_only.hash_key = "pk";
  Status s = ParseKeyCondition("pk = :p AND sk = :s", nullptr, &v, hash_only, nullptr, &k);
  EXPECT_EQ(s.message(), "Query key condition not supported");
  ASSERT_TRUE(ParseKeyCondition("pk = :p", nullptr, &v, hash_only, nullptr, &k).ok());
  EXPECT_FALSE(k.has_range);
  EXPECT_TRUE(k.RangeMatches(Value::S("anything")));

  // Numeric sort keys compare numerically.
  KeySchemaInfo numeric = schema;
  numeric.range_type = Type::kN;
  ASSERT_TRUE(ParseKeyCondition("pk = :p AND sk <= :n", nullptr, &v, numeric, nullptr, &k).ok());
  EXPECT_TRUE(k.RangeMatches(Value::N(Number::FromInt(-5))));
  EXPECT_FALSE(k.RangeMatches(Value::N(Number::FromInt(10))));
}

TEST(UsageTest, RecordsPlaceholdersAcrossExpressionsAndReportsUnused) {
  AttributeNames names = NamesOf(R"({"#a":"a","#b":"b","#c":"c"})");
  AttributeValues values = ValuesOf(R"({":v1":{"S":"x"},":v2":{"S":"y"},":v3":{"S":"z"}})");
  Usage usage;
  Condition c;
  Projection p;
  ASSERT_TRUE(
      ParseCondition(Kind::kFilter, "#a = :v1 OR #a = :v2", &names, &values, &usage, &c).ok());
  EXPECT_EQ(CheckAllUsed(&names, &values, usage).message(),
            "Value provided in ExpressionAttributeNames unused in expressions: keys: {#b, #c}");
  ASSERT_TRUE(ParseProjection("#b, #c", &names, &usage, &p).ok());
  EXPECT_EQ(CheckAllUsed(&names, &values, usage).message(),
            "Value provided in ExpressionAttributeValues unused in expressions: keys: {:v3}");
  usage.values.insert(":v3");
  EXPECT_TRUE(CheckAllUsed(&names, &values, usage).ok());
  EXPECT_TRUE(CheckAllUsed(nullptr, nullptr, Usage()).ok());
}

TEST(UsageTest, PlaceholderKeysMustBeWellFormed) {
  AttributeNames names = NamesOf(R"({"a":"a"})");
  EXPECT_EQ(ValidatePlaceholderKeys(&names, nullptr).message(),
            "ExpressionAttributeNames contains invalid key: Syntax error; key: \"a\"");
  AttributeValues values;
  values["b"] = Value::S("x");
  EXPECT_EQ(ValidatePlaceholderKeys(nullptr, &values).message(),
            "ExpressionAttributeValues contains invalid key: Syntax error; key: \"b\"");
  values.clear();
  values[":ok_1"] = Value::S("x");
  names = NamesOf(R"({"#1a":"a"})");
  EXPECT_TRUE(ValidatePlaceholderKeys(&names, &values).ok());
}

}  // namespace
}  // namespace monotable::expr

namespace monotable::expr {
namespace {

// Token soup: every parser and evaluator must return a Status or a result, never crash.
TEST(HostileInputTest, RandomTokenSoupNeverCrashes) {
  const char* pieces[] = {"a",
                          "b",
                          ".",
                          "[",
                          "]",
                          "0",
                          "12",
                          "(",
                          ")",
                          ",",
                          "=",
                          "<>",
                          "<",
                          ">=",
                          "+",
                          "-",
                          ":v",
                          ":l",
                          "#n",
                          "#x",
                          "AND",
                          "OR",
                          "NOT",
                          "BETWEEN",
                          "IN",
                          "SET",
                          "REMOVE",
                          "ADD",
                          "DELETE",
                          "size",
                          "contains",
                          "begins_with",
                          "if_not_exists",
                          "list_append",
                          "attribute_exists",
                          "status",
                          "!",
                          " ",
                          "ü",
                          "attribute_type",
                          ":t"};
  AttributeValues values =
      testing::ValuesOf(R"({":v":{"S":"x"},":l":{"L":[{"N":"1"}]},":t":{"S":"L"}})");
  AttributeNames names = testing::NamesOf(R"({"#n":"a"})");
  KeySchemaInfo schema;
  schema.hash_key = "a";
  schema.range_key = "b";
  Item item = testing::ItemOf(R"({"a":{"L":[{"N":"1"},{"M":{"b":{"S":"x"}}}]},"b":{"S":"y"}})");
  uint32_t seed = 12345;
  auto next = [&seed]() {
    seed = seed * 1103515245u + 12345u;
    return (seed >> 16) & 0x7fff;
  };
  int parsed = 0;
  for (int round = 0; round < 3000; ++round) {
    std::string text;
    int n = 1 + static_cast<int>(next() % 12);
    for (int i = 0; i < n; ++i) {
      text += pieces[next() % std::size(pieces)];
      if (next() % 2) text += " ";
    }
    Condition c;
    if (ParseCondition(Kind::kFilter, text, &names, &values, nullptr, &c).ok()) {
      ++parsed;
      c.Evaluate(item);
      c.Evaluate(Item());
    }
    Update u;
    if (ParseUpdate(text, &names, &values, nullptr, &u).ok()) {
      ++parsed;
      Item copy = item;
      (void)u.Apply(&copy);
      Item empty;
      (void)u.Apply(&empty);
    }
    Projection p;
    if (ParseProjection(text, &names, nullptr, &p).ok()) {
      ++parsed;
      p.Apply(item);
    }
    KeyCondition k;
    if (ParseKeyCondition(text, &names, &values, schema, nullptr, &k).ok()) {
      ++parsed;
      k.RangeMatches(Value::S("y"));
    }
  }
  EXPECT_GT(parsed, 0);
}

}  // namespace
}  // namespace monotable::expr

namespace monotable::expr {
namespace {

// Syntax trees are cached by expression text (compile.cc CachedSyntax): the same text with other
// names and values must resolve to them, a repeated syntax error must be worded again, and more
// distinct expressions than the cache holds must still parse right.
TEST(ExpressionCacheTest, SameTextOtherNamesAndValuesResolveToThem) {
  const std::string text = "#a = :v";
  const Item item = testing::ItemOf(R"({"x":{"S":"1"},"y":{"S":"2"}})");
  for (int round = 0; round < 3; ++round) {
    AttributeNames names_x = testing::NamesOf(R"({"#a":"x"})");
    AttributeNames names_y = testing::NamesOf(R"({"#a":"y"})");
    AttributeValues one = testing::ValuesOf(R"({":v":{"S":"1"}})");
    AttributeValues two = testing::ValuesOf(R"({":v":{"S":"2"}})");
    Condition c;
    ASSERT_TRUE(ParseCondition(Kind::kCondition, text, &names_x, &one, nullptr, &c).ok());
    EXPECT_TRUE(c.Evaluate(item));
    ASSERT_TRUE(ParseCondition(Kind::kCondition, text, &names_y, &one, nullptr, &c).ok());
    EXPECT_FALSE(c.Evaluate(item));
    ASSERT_TRUE(ParseCondition(Kind::kCondition, text, &names_y, &two, nullptr, &c).ok());
    EXPECT_TRUE(c.Evaluate(item));
    // Same text, a name left undefined this time: the error, not a cached success.
    AttributeNames other = testing::NamesOf(R"({"#b":"y"})");
    EXPECT_EQ(ParseCondition(Kind::kCondition, text, &other, &two, nullptr, &c).message(),
              "Invalid ConditionExpression: An expression attribute name used in the document "
              "path is not defined; attribute name: #a");
    EXPECT_EQ(ParseCondition(Kind::kCondition, "a = = :v", nullptr, &two, nullptr, &c).message(),
              "Invalid ConditionExpression: Syntax error; token: \"=\", near: \"= = :v\"");
  }
  // More distinct texts than the cache keeps (it empties itself), each still right.
  AttributeValues v = testing::ValuesOf(R"({":v":{"S":"1"}})");
  for (int i = 0; i < 1500; ++i) {
    Condition c;
    const std::string t = "attr" + std::to_string(i) + " = :v";
    ASSERT_TRUE(ParseCondition(Kind::kCondition, t, nullptr, &v, nullptr, &c).ok()) << t;
    const Item it = testing::ItemOf("{\"attr" + std::to_string(i) + "\":{\"S\":\"1\"}}");
    EXPECT_TRUE(c.Evaluate(it)) << t;
  }
}

}  // namespace
}  // namespace monotable::expr
