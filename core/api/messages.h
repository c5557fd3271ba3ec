// messages: the validation messages whose wording depends on the MessageCohort (engine.h), every
// family in one table with the capture each text comes from. Internal to core/api.
//
// DynamoDB reworded a set of its validation messages region by region from June 2026. Nothing
// documents either wording; the dynamodb-conformance suite captures what each region answers
// (captures/cross-region-latest.json, probes in scripts/capture-validation-messages.mjs), and
// the texts below are copied from those captures. The 2026-05 texts are also what the May 2026
// Parity Suite pins. A family lists one example request's answer in each cohort; the builders
// below produce the text of any request of that family in the cohort of the request in flight.
//
// Families that did NOT change in us-east-1 by its newest capture stay where they are built
// (e.g. "Cannot update attribute pk. This attribute is part of the key", the ProjectionExpression
// errors, Scan's Limit/Segment/starting-key checks, BatchWriteItem's empty RequestItems).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "monotable/engine.h"
#include "monotable/status.h"

namespace monotable::api::messages {

enum class Family : uint8_t {
  kEmptySet,                   // an SS, NS or BS with no members
  kNullNotTrue,                // {"NULL": false}
  kDuplicateSetMembers,        // an SS or BS holding a member twice
  kMixedParameters,            // Expected/AttributeUpdates/... together with expressions
  kValuesWithoutExpression,    // ExpressionAttributeValues and no expression that uses values
  kConditionExpression,        // Invalid ConditionExpression: ... (PutItem/UpdateItem/DeleteItem)
  kUpdateExpression,           // Invalid UpdateExpression: ...
  kUnusedPlaceholders,         // names/values no expression used (PutItem/UpdateItem/DeleteItem)
  kEmptyTableName,             // TableName ""
  kReturnValuesEnum,           // ReturnValues outside its enum (PutItem/UpdateItem/DeleteItem)
  kBatchGetEmptyRequestItems,  // BatchGetItem with RequestItems {}
  kNumberConversion,           // an N or NS member that is not a number
  kAttributeNameTooLarge,      // an attribute name of 65,536 bytes or more
};

struct FamilyInfo {
  Family family;
  std::string_view name;
  MessageCohort since;      // the first cohort that words the family the newer way
  std::string_view before;  // the example's answer in the cohorts before `since`
  std::string_view after;   // the same request's answer from `since` on (as captured)
  std::string_view source;  // the capture (file, region, date) and its probe id
};

// Every family, in the order of Family.
const std::vector<FamilyInfo>& Families();

// The cohort of the request in flight on this thread. Engine::Execute sets it from
// EngineOptions::messages for the length of each request (CohortScope); outside a request it is
// EngineOptions' default.
MessageCohort Current();

// Sets Current() until destroyed, then restores the previous value. Not copyable.
class CohortScope {
 public:
  explicit CohortScope(MessageCohort cohort);
  ~CohortScope();
  CohortScope(const CohortScope&) = delete;
  CohortScope& operator=(const CohortScope&) = delete;

 private:
  MessageCohort saved_;
};

// Whether Current() words `family` the newer way.
bool Reworded(Family family);

// The newer framework's envelope: "1 validation error detected: " + text when Reworded(family).
std::string Enveloped(Family family, std::string text);
// `status` with its message Enveloped(family, ...) when it is a ValidationException (errors built
// below this layer: the expression parser's, the placeholder checks').
Status Enveloped(Family family, Status status);

// kEmptySet: `type` is "SS", "NS" or "BS".
Status EmptySet(std::string_view type);
// kNullNotTrue.
Status NullNotTrue();
// kDuplicateSetMembers: `members` as sent (strings, or base64 texts for a BS).
Status DuplicateSetMembers(const std::vector<std::string_view>& members, bool binary);
// kMixedParameters: the legacy and expression members present, comma separated.
Status MixedParameters(std::string_view legacy, std::string_view expressions);
// kValuesWithoutExpression: `absent` names the expressions that could have used the values
// ("ConditionExpression", "UpdateExpression and ConditionExpression"), `count` how many.
Status ValuesWithoutExpression(std::string_view absent, size_t count);
// kNumberConversion: `status` (Number::Parse's refusal of `text`) in the cohort in flight; any
// other status unchanged.
Status NumberConversion(Status status, std::string_view text);
// kAttributeNameTooLarge: an attribute name over 65,535 bytes, at any depth of an item or a value,
// in ExpressionAttributeNames or in AttributesToGet.
Status AttributeNameTooLarge();
// RequestItems {} of `operation` ("BatchGetItem", "BatchWriteItem"): kBatchGetEmptyRequestItems
// for BatchGetItem; BatchWriteItem's text had not moved in us-east-1's newest capture.
Status EmptyRequestItems(std::string_view operation);

// A constraint violation whose text depends on the cohort, for Constraints (api.h). `alone`: the
// newer framework stops at this violation and reports it by itself.
struct Violation {
  std::string text;
  bool alone = false;
};
// kEmptyTableName: the violation of an empty name at `path` (reworded for "tableName" only).
Violation EmptyTableName(std::string_view path);
// kReturnValuesEnum: ReturnValues `value` (not in `allowed`, the operation's enum in the 2026-05
// order) of PutItem, DeleteItem (`update` false) or UpdateItem.
Violation ReturnValuesOutsideEnum(const std::string& value,
                                  const std::vector<std::string_view>& allowed, bool update);

// Whether PutItem's or DeleteItem's (`update` false) or UpdateItem's violations list ReturnValues
// first. 2026-05: PutItem and DeleteItem do ("Value 'INVALID' at 'returnValues' ...; Value
// 'INVALID' at 'returnConsumedCapacity' ..."), UpdateItem lists it after ReturnConsumedCapacity;
// 2026-09: all three after ReturnConsumedCapacity and TableName (kReturnValuesEnum's captures).
bool ReturnValuesListedFirst(bool update);

}  // namespace monotable::api::messages
