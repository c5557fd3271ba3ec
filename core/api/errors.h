// errors: the one place that turns a Status into DynamoDB's error envelope (`__type` with
// DynamoDB's namespace, `message`, HTTP status). Internal to core/api.
#pragma once

#include <nlohmann/json.hpp>

#include "monotable/engine.h"
#include "monotable/status.h"

namespace monotable::api {

// DynamoDB's `__type` for an error code, e.g.
// "com.amazon.coral.validate#ValidationException" (dynamodb-rules.md §2.1).
std::string ErrorType(ErrorCode code);

// Fills result->status, http_status and body for a failed request. `extra` holds additional
// members (CancellationReasons, Item) merged into the body.
void RenderError(const Status& status, const nlohmann::json& extra, Result* result);

}  // namespace monotable::api
