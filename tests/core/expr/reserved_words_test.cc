// Tests for core/expr/reserved_words.cc.
#include <gtest/gtest.h>

#include "expr/expr.h"

namespace monotable::expr {
namespace {

TEST(ReservedWordsTest, AllOfDynamoDbsWordsCaseInsensitive) {
  EXPECT_EQ(ReservedWordCount(), 573u);  // developer guide, "Reserved words in DynamoDB"
  for (const char* w : {"ABORT", "status", "Name", "data", "count", "items", "zone", "timestamp",
                        "USER", "date", "value", "values", "size", "key", "table", "ttl"}) {
    EXPECT_TRUE(IsReservedWord(w)) << w;
  }
  for (const char* w : {"pk", "sk", "GSI1PK", "createdAt", "email", "orders", "statuses", "",
                        "aborted", "ABORT_"}) {
    EXPECT_FALSE(IsReservedWord(w)) << w;
  }
}

}  // namespace
}  // namespace monotable::expr
