// errors: DynamoDB's error envelope, rendered in exactly one place.
//
// DynamoDB rules (dynamodb-rules.md §2.1): HTTP 400 for client errors, 500 for
// InternalServerError; `__type` is "<namespace>#<Name>"; ValidationException lives in
// com.amazon.coral.validate, the protocol-level exceptions (SerializationException,
// UnknownOperationException) in com.amazon.coral.service, the rest in
// com.amazonaws.dynamodb.v20120810. SerializationException and TransactionCanceledException carry
// their text as capital `Message`; the others as `message`. An empty message is left out (as
// DynamoDB does for a body that is not JSON and for an unknown operation).
#include "api/errors.h"

#include <string>

namespace monotable::api {

std::string ErrorType(ErrorCode code) {
  std::string ns;
  switch (code) {
    case ErrorCode::kValidation:
      ns = "com.amazon.coral.validate#";
      break;
    case ErrorCode::kSerialization:
    case ErrorCode::kUnknownOperation:
    case ErrorCode::kAccessDenied:
      ns = "com.amazon.coral.service#";
      break;
    default:
      ns = "com.amazonaws.dynamodb.v20120810#";
      break;
  }
  return ns + std::string(ErrorName(code));
}

void RenderError(const Status& status, const nlohmann::json& extra, Result* result) {
  result->status = status;
  result->http_status = status.code() == ErrorCode::kInternalServerError ? 500 : 400;
  nlohmann::json body = nlohmann::json::object();
  body["__type"] = ErrorType(status.code());
  if (!status.message().empty()) {
    const bool capital = status.code() == ErrorCode::kSerialization ||
                         status.code() == ErrorCode::kTransactionCanceled;
    body[capital ? "Message" : "message"] = status.message();
  }
  if (extra.is_object()) {
    for (auto it = extra.begin(); it != extra.end(); ++it) body[it.key()] = it.value();
  }
  // A message may quote part of the request (a PartiQL token, a name): should one ever hold bytes
  // that are not UTF-8, they are written as U+FFFD instead of failing the dump (which aborts
  // under JSON_NOEXCEPTION): a bad request gets its error, never a crash.
  result->body = body.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

}  // namespace monotable::api

namespace monotable {

Result ErrorResult(Status status) {
  Result result;
  api::RenderError(status, nlohmann::json(), &result);
  return result;
}

}  // namespace monotable
