#include "monotable/status.h"

#include <gtest/gtest.h>

namespace monotable {
namespace {

// SDKs key on the exception name after '#': a wrong name breaks every client's error handling.
TEST(StatusTest, ErrorNamesAreDynamoDbExceptionNames) {
  EXPECT_EQ(ErrorName(ErrorCode::kValidation), "ValidationException");
  EXPECT_EQ(ErrorName(ErrorCode::kConditionalCheckFailed), "ConditionalCheckFailedException");
  EXPECT_EQ(ErrorName(ErrorCode::kTransactionCanceled), "TransactionCanceledException");
  EXPECT_TRUE(Status().ok());
  EXPECT_EQ(Status::ResourceNotFound().message(), "Requested resource not found");
}

}  // namespace
}  // namespace monotable
