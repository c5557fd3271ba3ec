// ErrorName: DynamoDB's exception names for ErrorCode.
#include "monotable/status.h"

namespace monotable {

std::string_view ErrorName(ErrorCode code) {
  switch (code) {
    case ErrorCode::kOk:
      return "";
    case ErrorCode::kValidation:
      return "ValidationException";
    case ErrorCode::kResourceNotFound:
      return "ResourceNotFoundException";
    case ErrorCode::kResourceInUse:
      return "ResourceInUseException";
    case ErrorCode::kConditionalCheckFailed:
      return "ConditionalCheckFailedException";
    case ErrorCode::kTransactionCanceled:
      return "TransactionCanceledException";
    case ErrorCode::kTransactionConflict:
      return "TransactionConflictException";
    case ErrorCode::kIdempotentParameterMismatch:
      return "IdempotentParameterMismatchException";
    case ErrorCode::kItemCollectionSizeLimitExceeded:
      return "ItemCollectionSizeLimitExceededException";
    case ErrorCode::kLimitExceeded:
      return "LimitExceededException";
    case ErrorCode::kProvisionedThroughputExceeded:
      return "ProvisionedThroughputExceededException";
    case ErrorCode::kSerialization:
      return "SerializationException";
    case ErrorCode::kUnknownOperation:
      return "UnknownOperationException";
    case ErrorCode::kInternalServerError:
      return "InternalServerError";
    case ErrorCode::kDuplicateItem:
      return "DuplicateItemException";
    case ErrorCode::kAccessDenied:
      return "AccessDeniedException";
    case ErrorCode::kTableNotFound:
      return "TableNotFoundException";
    case ErrorCode::kTableAlreadyExists:
      return "TableAlreadyExistsException";
    case ErrorCode::kBackupNotFound:
      return "BackupNotFoundException";
    case ErrorCode::kPolicyNotFound:
      return "PolicyNotFoundException";
  }
  return "InternalServerError";
}

}  // namespace monotable
