// schema: a table's definition as CreateTable declared it (keys, attribute definitions, indexes
// and their projections, billing), plus the identity DescribeTable reports (ARN, id, creation
// time). Plain data: validated by the API layer before it gets here, rendered by the API layer.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "monotable/value.h"

namespace monotable::storage {

struct KeyAttribute {
  std::string name;
  Type type = Type::kS;  // S, N or B (from AttributeDefinitions)
};

// HASH key and optional RANGE key (range.name empty: hash-only).
struct KeySchema {
  KeyAttribute hash;
  KeyAttribute range;
  bool has_range() const { return !range.name.empty(); }
  bool Contains(std::string_view name) const {
    return name == hash.name || (has_range() && name == range.name);
  }
};

enum class ProjectionType : uint8_t { kAll, kKeysOnly, kInclude };
const char* ProjectionTypeName(ProjectionType type);

struct ProvisionedThroughput {
  int64_t read_capacity_units = 0;
  int64_t write_capacity_units = 0;
};

struct IndexSchema {
  std::string name;
  bool global = true;  // GSI; false: LSI (same hash key as the table)
  KeySchema keys;
  ProjectionType projection = ProjectionType::kAll;
  std::vector<std::string> non_key_attributes;  // INCLUDE only, in declaration order
  ProvisionedThroughput throughput;             // GSIs of PROVISIONED tables
  std::string arn;
};

struct TableSchema {
  std::string name;
  KeySchema keys;
  // AttributeDefinitions in request order.
  std::vector<KeyAttribute> attribute_definitions;
  std::vector<IndexSchema> indexes;  // GSIs and LSIs, in request order (GSIs first)
  bool pay_per_request = true;       // BillingMode PAY_PER_REQUEST; false: PROVISIONED
  ProvisionedThroughput throughput;
  int64_t creation_ms = 0;
  std::string arn;
  std::string table_id;
  // StreamSpecification (core/api/streams.cc): the latest stream stays named after it is disabled.
  bool stream_enabled = false;
  std::string stream_view_type;
  std::string latest_stream_arn;
  std::string latest_stream_label;

  // Index by name, or nullptr.
  const IndexSchema* FindIndex(std::string_view index_name) const {
    for (const IndexSchema& index : indexes) {
      if (index.name == index_name) return &index;
    }
    return nullptr;
  }
};

}  // namespace monotable::storage
