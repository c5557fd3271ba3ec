// table_request: what CreateTable (create_table.cc) and UpdateTable (update_table.cc) share:
// reading the members that describe a table's shape (AttributeDefinitions, KeySchema,
// ProvisionedThroughput, secondary indexes) into plain structs, the semantic checks on them, and
// turning checked key schemas into storage's. Internal to core/api/ops.
//
// Contract of the readers: JSON types only, SerializationException on the first wrong one, as
// DynamoDB deserialises before it validates; member constraints ("Member must not be null",
// lengths, enums) are added to the caller's Constraints in DynamoDB's order, never returned. The
// Check* functions return DynamoDB's ValidationException for the first rule broken. Nothing here
// touches the engine's state.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "api/api.h"

namespace monotable::api {

// API reference AttributeDefinition: AttributeName length 1-255.
constexpr size_t kMaxKeyAttributeNameBytes = 255;

// AttributeDefinitions as sent, read once: each element's AttributeName and AttributeType (either
// may be missing; the caller words the constraint, as CreateTable and UpdateTable word it
// differently). present: the member was there.
struct AttributeDefinitionsRequest {
  bool present = false;
  std::vector<std::pair<std::optional<std::string>, std::optional<std::string>>> elements;
};
Status ReadAttributeDefinitions(const json& obj, AttributeDefinitionsRequest* out);
// The elements with both a name and a type (B, N or S, as the caller checked), typed, in order.
std::vector<storage::KeyAttribute> TypedDefinitions(const AttributeDefinitionsRequest& defs);

struct KeyElement {
  std::string name;
  std::string key_type;
};

// KeySchema at `path` ("" for the table's, "...member." for an index's). `limited`: the KeySchema
// of a table or an LSI, at most 2 elements (API_CreateTable: "Maximum number of 2 items"). A GSI's
// KeySchema has no such member constraint: up to 4 HASH and 4 RANGE elements, checked by
// CheckGsiKeySchema (API_GlobalSecondaryIndex KeySchema: "Minimum number of 1 item"; DG
// GSI.html#GSI.MultiAttributeKeys). *present: the member was there.
Status ReadKeySchema(const json& obj, std::string_view path, Constraints* constraints,
                     std::vector<KeyElement>* out, bool* present, bool limited = true);
// ProvisionedThroughput (both units required when present); *out empty when absent.
Status ReadThroughput(const json& obj, std::string_view path, Constraints* constraints,
                      std::optional<storage::ProvisionedThroughput>* out);

// One LocalSecondaryIndexes / GlobalSecondaryIndexes element (or UpdateTable's Create) as read.
struct IndexRequest {
  std::string name;
  std::vector<KeyElement> keys;
  std::optional<std::string> projection_type;
  std::optional<std::vector<std::string>> non_key_attributes;
  std::optional<storage::ProvisionedThroughput> throughput;
};
// The index list `member` of obj (constraint paths under `path`); *out empty when absent.
Status ReadIndexes(const json& obj, const char* member, std::string_view path, bool global,
                   Constraints* constraints, std::optional<std::vector<IndexRequest>>* out);

// Semantic checks on one key schema (table or index) against the defined attribute names,
// DynamoDB's messages.
Status CheckKeySchema(const std::vector<KeyElement>& keys,
                      const std::vector<std::string>& definitions);
// The same for a GSI, which may name up to four HASH and four RANGE attributes (table_request.cc).
Status CheckGsiKeySchema(const std::vector<KeyElement>& keys,
                         const std::vector<std::string>& definitions);
// An index's Projection (table_request.cc states the rules).
Status CheckProjection(const IndexRequest& index);

// storage's KeySchema of checked key elements, typed by `defs`.
// REQUIRES: validated (HASH elements first, then RANGE elements).
storage::KeySchema MakeKeySchema(const std::vector<KeyElement>& keys,
                                 const std::vector<storage::KeyAttribute>& defs);

// storage's IndexSchema of a checked index request; its ARN is the table's + "/index/NAME".
storage::IndexSchema MakeIndexSchema(const IndexRequest& in, bool global,
                                     const std::vector<storage::KeyAttribute>& defs,
                                     const std::string& table_arn);

// "a, b, c".
std::string JoinNames(const std::vector<std::string>& names);

// The ResourceInUseException of a change to a table that is not ACTIVE (UpdateTable, DeleteTable).
Status InUse(const TransientStatus& t, const std::string& name);

}  // namespace monotable::api
