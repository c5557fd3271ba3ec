// create_table: CreateTable, validated completely before the table is made (a request that fails
// creates nothing).
//
// DynamoDB rules implemented here (validation order and messages as DynamoDB / dynalite's
// live-checked validations/createTable.js): type errors first, then the TableName presence and
// length, then constraint violations collected into "N validation errors detected", then the
// semantic checks on key schemas and indexes, then existence (ResourceInUseException). The table
// starts CREATING when EngineOptions::transient_status_ms is set (table_ops.cc states the
// lifecycle).
#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include "api/api.h"
#include "api/ops/streams.h"
#include "api/ops/table_request.h"

namespace monotable::api {

Status CreateTable(Context& ctx) {
  const json& req = ctx.request;
  Constraints constraints;
  // Types first (SerializationException), in DynamoDB's member order.
  AttributeDefinitionsRequest defs_in;
  MT_RETURN_IF_ERROR(ReadAttributeDefinitions(req, &defs_in));
  std::optional<std::string> table_name, billing_mode;
  MT_RETURN_IF_ERROR(ReadString(req, "TableName", &table_name));
  MT_RETURN_IF_ERROR(ReadString(req, "BillingMode", &billing_mode));
  std::optional<storage::ProvisionedThroughput> throughput;
  MT_RETURN_IF_ERROR(ReadThroughput(req, "", &constraints, &throughput));
  // Presence and length of TableName come before the constraint list.
  if (!table_name) {
    return Status::Validation(
        "The parameter 'TableName' is required but was not present in the request");
  }
  if (!defs_in.present) {
    constraints.Add(nullptr, "attributeDefinitions", "Member must not be null");
  }
  for (size_t i = 0; i < defs_in.elements.size(); ++i) {
    const auto& [def_name, def_type] = defs_in.elements[i];
    const std::string p = "attributeDefinitions." + std::to_string(i + 1) + ".member.";
    if (!def_name) constraints.Add(nullptr, p + "attributeName", "Member must not be null");
    if (def_name && def_name->size() > kMaxKeyAttributeNameBytes) {
      constraints.Add(&*def_name, p + "attributeName",
                      "Member must have length less than or equal to 255");
    }
    if (!def_type) {
      constraints.Add(nullptr, p + "attributeType", "Member must not be null");
    } else {
      constraints.Enum(def_type, p + "attributeType", {"B", "N", "S"});
    }
  }
  constraints.TableName(table_name, "tableName", true);
  constraints.Enum(billing_mode, "billingMode", {"PROVISIONED", "PAY_PER_REQUEST"});
  std::vector<KeyElement> keys;
  bool keys_present = false;
  MT_RETURN_IF_ERROR(ReadKeySchema(req, "", &constraints, &keys, &keys_present));
  std::optional<std::vector<IndexRequest>> lsis, gsis;
  MT_RETURN_IF_ERROR(ReadIndexes(req, "LocalSecondaryIndexes", "localSecondaryIndexes", false,
                                 &constraints, &lsis));
  MT_RETURN_IF_ERROR(ReadIndexes(req, "GlobalSecondaryIndexes", "globalSecondaryIndexes", true,
                                 &constraints, &gsis));
  MT_RETURN_IF_ERROR(constraints.ToStatus());

  // Semantic checks (dynalite validations/createTable.js order).
  const bool pay_per_request = billing_mode && *billing_mode == "PAY_PER_REQUEST";
  if (pay_per_request) {
    if (throughput) {
      return Status::Validation(
          "One or more parameter values were invalid: Neither ReadCapacityUnits nor "
          "WriteCapacityUnits can be specified when BillingMode is PAY_PER_REQUEST");
    }
  } else {
    if (!throughput) {
      return Status::Validation(
          "One or more parameter values were invalid: ReadCapacityUnits and WriteCapacityUnits "
          "must both be specified when BillingMode is PROVISIONED");
    }
    if (throughput->read_capacity_units > 1000000000000) {
      return Status::Validation("Given value " + std::to_string(throughput->read_capacity_units) +
                                " for ReadCapacityUnits is out of bounds");
    }
    if (throughput->write_capacity_units > 1000000000000) {
      return Status::Validation("Given value " + std::to_string(throughput->write_capacity_units) +
                                " for WriteCapacityUnits is out of bounds");
    }
  }
  // Every definition has a name and a type by now (the constraints above).
  const std::vector<storage::KeyAttribute> defs = TypedDefinitions(defs_in);
  std::vector<std::string> def_names;
  for (const storage::KeyAttribute& d : defs) def_names.push_back(d.name);
  if (keys.size() > def_names.size()) {
    return Status::Validation("Invalid KeySchema: Some index key attribute have no definition");
  }
  MT_RETURN_IF_ERROR(CheckKeySchema(keys, def_names));
  if (!lsis && !gsis && keys.size() != def_names.size()) {
    return Status::Validation(
        "One or more parameter values were invalid: Number of attributes in KeySchema does not "
        "exactly match number of attributes defined in AttributeDefinitions");
  }
  std::set<std::string> index_names;
  std::set<std::string> used_attributes;
  for (const KeyElement& k : keys) used_attributes.insert(k.name);
  if (lsis) {
    if (lsis->empty()) {
      return Status::Validation(
          "One or more parameter values were invalid: List of LocalSecondaryIndexes is empty");
    }
    if (keys.size() != 2) {
      return Status::Validation(
          "One or more parameter values were invalid: Table KeySchema does not have a range key, "
          "which is required when specifying a LocalSecondaryIndex");
    }
    for (const IndexRequest& index : *lsis) {
      MT_RETURN_IF_ERROR(CheckKeySchema(index.keys, def_names));
      if (index.keys.size() != 2) {
        return Status::Validation(
            "One or more parameter values were invalid: Index KeySchema does not have a range key "
            "for index: " +
            index.name);
      }
      if (index.keys[0].name != keys[0].name) {
        return Status::Validation(
            "One or more parameter values were invalid: Index KeySchema does not have the same "
            "leading hash key as table KeySchema for index: " +
            index.name + ". index hash key: " + index.keys[0].name +
            ", table hash key: " + keys[0].name);
      }
      MT_RETURN_IF_ERROR(CheckProjection(index));
      if (!index_names.insert(index.name).second) {
        return Status::Validation(
            "One or more parameter values were invalid: Duplicate index name: " + index.name);
      }
      for (const KeyElement& k : index.keys) used_attributes.insert(k.name);
    }
    if (lsis->size() > 5) {
      return Status::Validation(
          "One or more parameter values were invalid: Number of LocalSecondaryIndexes exceeds "
          "per-table limit of 5");
    }
  }
  if (gsis) {
    if (gsis->empty()) {
      return Status::Validation(
          "One or more parameter values were invalid: List of GlobalSecondaryIndexes is empty");
    }
    for (const IndexRequest& index : *gsis) {
      MT_RETURN_IF_ERROR(CheckGsiKeySchema(index.keys, def_names));
      MT_RETURN_IF_ERROR(CheckProjection(index));
      if (pay_per_request && index.throughput) {
        return Status::Validation(
            "One or more parameter values were invalid: ProvisionedThroughput should not be "
            "specified for index: " +
            index.name + " when BillingMode is PAY_PER_REQUEST");
      }
      if (!pay_per_request && !index.throughput) {
        return Status::Validation(
            "One or more parameter values were invalid: ProvisionedThroughput must be specified "
            "for index: " +
            index.name);
      }
      if (!index_names.insert(index.name).second) {
        return Status::Validation(
            "One or more parameter values were invalid: Duplicate index name: " + index.name);
      }
      for (const KeyElement& k : index.keys) used_attributes.insert(k.name);
    }
    if (gsis->size() > 20) {
      return Status::Validation(
          "One or more parameter values were invalid: GlobalSecondaryIndex count exceeds the "
          "per-table limit of 20");
    }
  }
  // DynamoDB rule: every attribute definition must be used by the table's or an index's keys.
  if (used_attributes.size() != def_names.size()) {
    std::vector<std::string> sorted_defs = def_names;
    std::sort(sorted_defs.begin(), sorted_defs.end());
    return Status::Validation(
        "One or more parameter values were invalid: Some AttributeDefinitions are not used. "
        "AttributeDefinitions: [" +
        JoinNames(sorted_defs) + "], keys used: [" +
        JoinNames(std::vector<std::string>(used_attributes.begin(), used_attributes.end())) + "]");
  }
  std::optional<StreamRequest> stream_spec;
  MT_RETURN_IF_ERROR(ReadStreamSpecification(req, &stream_spec));
  if (ctx.state.FindAnyTable(*table_name)) {
    return Status(ErrorCode::kResourceInUse, "Table already exists: " + *table_name);
  }

  storage::TableSchema schema;
  schema.name = *table_name;
  schema.keys = MakeKeySchema(keys, defs);
  schema.attribute_definitions = defs;
  schema.pay_per_request = pay_per_request;
  if (throughput) schema.throughput = *throughput;
  schema.creation_ms = ctx.state.NowMs();
  schema.arn = "arn:aws:dynamodb:" + ctx.state.options.region + ":" + ctx.state.options.account_id +
               ":table/" + schema.name;
  schema.table_id = TableIdFor(schema.name, ++ctx.state.tables_created, schema.creation_ms);
  auto add_indexes = [&](const std::vector<IndexRequest>& list, bool global) {
    for (const IndexRequest& in : list) {
      schema.indexes.push_back(MakeIndexSchema(in, global, defs, schema.arn));
    }
  };
  if (gsis) add_indexes(*gsis, true);
  if (lsis) add_indexes(*lsis, false);
  if (stream_spec) ApplyStreamSpecification(ctx, *stream_spec, true, &schema);
  const std::string name = schema.name;
  auto [it, inserted] = ctx.state.tables.emplace(name, storage::Table(std::move(schema)));
  ctx.changed = true;
  ctx.state.BeginTransient(name, TransientStatus::Kind::kCreating);
  ctx.response["TableDescription"] = TableDescription(it->second, ctx.state.TableStatusOf(name));
  return Status::Ok();
}

}  // namespace monotable::api
