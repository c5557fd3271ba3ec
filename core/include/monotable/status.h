// Status: the outcome of an engine operation, as a value. OK is free (no allocation).
//
// Errors are named after DynamoDB's exceptions. The API layer (core/api/errors.cc) is the one place
// that turns a Status into DynamoDB's wire envelope (`__type`, message, HTTP status); nothing else
// formats errors. No exception crosses a module boundary.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>

namespace monotable {

enum class ErrorCode : uint8_t {
  kOk = 0,
  kValidation,                       // ValidationException
  kResourceNotFound,                 // ResourceNotFoundException
  kResourceInUse,                    // ResourceInUseException
  kConditionalCheckFailed,           // ConditionalCheckFailedException
  kTransactionCanceled,              // TransactionCanceledException
  kTransactionConflict,              // TransactionConflictException
  kIdempotentParameterMismatch,      // IdempotentParameterMismatchException
  kItemCollectionSizeLimitExceeded,  // ItemCollectionSizeLimitExceededException
  kLimitExceeded,                    // LimitExceededException
  kProvisionedThroughputExceeded,    // ProvisionedThroughputExceededException
  kSerialization,                    // SerializationException (malformed JSON / wrong JSON types)
  kUnknownOperation,                 // UnknownOperationException
  kInternalServerError,              // InternalServerError
  kDuplicateItem,                    // DuplicateItemException (PartiQL INSERT of an existing key)
  kAccessDenied,                     // AccessDeniedException
  kTableNotFound,                    // TableNotFoundException (backups, PITR)
  kTableAlreadyExists,               // TableAlreadyExistsException (restores)
  kBackupNotFound,                   // BackupNotFoundException
  kPolicyNotFound,                   // PolicyNotFoundException (resource-based policies)
};

// DynamoDB's exception name for `code`, e.g. "ValidationException". kOk gives "".
std::string_view ErrorName(ErrorCode code);

class Status {
 public:
  Status() = default;  // OK
  Status(ErrorCode code, std::string message) : code_(code), message_(std::move(message)) {}

  static Status Ok() { return Status(); }
  static Status Validation(std::string message) {
    return Status(ErrorCode::kValidation, std::move(message));
  }
  static Status ResourceNotFound(std::string message = "Requested resource not found") {
    return Status(ErrorCode::kResourceNotFound, std::move(message));
  }
  static Status ConditionalCheckFailed(std::string message = "The conditional request failed") {
    return Status(ErrorCode::kConditionalCheckFailed, std::move(message));
  }
  static Status Serialization(std::string message) {
    return Status(ErrorCode::kSerialization, std::move(message));
  }

  bool ok() const { return code_ == ErrorCode::kOk; }
  ErrorCode code() const { return code_; }
  // The message exactly as DynamoDB words it (without the exception name).
  const std::string& message() const { return message_; }

 private:
  ErrorCode code_ = ErrorCode::kOk;
  std::string message_;
};

}  // namespace monotable

// MT_RETURN_IF_ERROR(expr): evaluates `expr` (a Status) exactly once; if it is not OK, returns it
// from the enclosing function, which must return Status (or something a Status converts to).
// An OK result is dropped and execution goes on. Use it where a step's error is the function's
// answer as it stands; where the caller must see the status afterwards (or add to it), keep the
// Status in a variable instead. The local's name cannot collide with the caller's (`s`, `status`).
#define MT_RETURN_IF_ERROR(expr)                                     \
  do {                                                               \
    if (::monotable::Status mt_status_ = (expr); !mt_status_.ok()) { \
      return mt_status_;                                             \
    }                                                                \
  } while (false)
