// Tests for core/partiql: the statements DynamoDB's PartiQL accepts parse into the tree the
// translator (core/api/ops/partiql_executor.cc) expects, and malformed ones are
// ValidationExceptions.
#include "partiql/partiql.h"

#include <gtest/gtest.h>

namespace monotable::partiql {
namespace {

TEST(PartiqlParse, SelectWithProjectionIndexAndWhere) {
  Statement st;
  ASSERT_TRUE(
      Parse("select a.b[2], \"c d\" FROM \"T\".\"GSI1\" WHERE pk = 'x' AND n > 3", &st).ok());
  EXPECT_EQ(st.kind, Statement::Kind::kSelect);
  EXPECT_EQ(st.table, "T");
  EXPECT_EQ(st.index, "GSI1");
  ASSERT_EQ(st.projection.size(), 2u);
  EXPECT_EQ(PathText(st.projection[0]), "a.b[2]");
  EXPECT_EQ(PathText(st.projection[1]), "c d");
  ASSERT_TRUE(st.where.has_value());
  EXPECT_EQ(st.where->kind, Expr::Kind::kAnd);
}

TEST(PartiqlParse, InsertValueWithParametersSetsAndNesting) {
  Statement st;
  ASSERT_TRUE(
      Parse("INSERT INTO T VALUE {'pk': ?, 's': <<'a','b'>>, 'm': {'l': [1, -2.5e3, true, null]}}",
            &st)
          .ok());
  EXPECT_EQ(st.kind, Statement::Kind::kInsert);
  EXPECT_EQ(st.parameter_count, 1);
  ASSERT_EQ(st.value.kind, Expr::Kind::kMap);
  EXPECT_EQ(st.value.keys, (std::vector<std::string>{"pk", "s", "m"}));
  EXPECT_EQ(st.value.args[1].kind, Expr::Kind::kSet);
}

TEST(PartiqlParse, UpdateSetArithmeticAndRemove) {
  Statement st;
  ASSERT_TRUE(
      Parse("UPDATE T SET n = n + 1, w = 'x' REMOVE old WHERE pk = ? AND sk = ?", &st).ok());
  EXPECT_EQ(st.kind, Statement::Kind::kUpdate);
  ASSERT_EQ(st.set.size(), 2u);
  EXPECT_EQ(st.set[0].second.kind, Expr::Kind::kArith);
  ASSERT_EQ(st.remove.size(), 1u);
  EXPECT_EQ(st.parameter_count, 2);
}

TEST(PartiqlParse, ConditionsOfEveryKind) {
  Statement st;
  ASSERT_TRUE(Parse("DELETE FROM T WHERE NOT (a BETWEEN 1 AND 2) OR b IN ['x', 'y'] OR c IS NOT "
                    "MISSING OR begins_with(d, 'p') OR size(e) >= 3 OR f != 1",
                    &st)
                  .ok());
  EXPECT_EQ(st.kind, Statement::Kind::kDelete);
  EXPECT_EQ(st.where->kind, Expr::Kind::kOr);
}

TEST(PartiqlParse, MalformedStatementsAreValidationErrors) {
  for (const char* text : {"SELECTT * FROMM T", "SELECT * FROM", "INSERT INTO T VALUE {'a' 1}",
                           "UPDATE T WHERE pk = 1", "SELECT * FROM T WHERE 'unterminated",
                           "SELECT * FROM T WHERE a = 1 extra", "DELETE FROM T WHERE a #"}) {
    Statement st;
    Status s = Parse(text, &st);
    EXPECT_EQ(s.code(), ErrorCode::kValidation) << text;
    EXPECT_EQ(s.message().rfind("Statement wasn't well formed, can't be processed: ", 0), 0u)
        << text;
  }
}

// An unexpected non-ASCII character is quoted whole, so the message stays UTF-8 (fuzz_engine found
// its first byte alone in the message, which aborted the error body's JSON dump).
TEST(PartiqlParse, UnexpectedCharacterIsQuotedWhole) {
  for (const char* ch : {"\xC3\xAD", "\xE2\x82\xAC", "\xF0\x9F\x98\x80"}) {
    Statement st;
    Status s = Parse(std::string("SELECT * ") + ch + "OMM T", &st);
    EXPECT_EQ(s.code(), ErrorCode::kValidation) << ch;
    EXPECT_NE(s.message().find(std::string("Unexpected character '") + ch + "'"), std::string::npos)
        << s.message();
  }
}

TEST(PartiqlParse, DeepNestingIsRejectedNotACrash) {
  std::string text =
      "SELECT * FROM T WHERE " + std::string(5000, '(') + "a = 1" + std::string(5000, ')');
  Statement st;
  EXPECT_EQ(Parse(text, &st).code(), ErrorCode::kValidation);
}

}  // namespace
}  // namespace monotable::partiql
