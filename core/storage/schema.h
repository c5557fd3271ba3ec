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
//
// Multi-attribute keys (GSIs only): a GSI's key schema may have up to four HASH and four RANGE
// attributes (DG "Multi-attribute key schema",
// https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/GSI.html#GSI.MultiAttributeKeys).
// `hash` and `range` are always the first of each group, so the single-attribute code paths read
// them as before; `more_hash` and `more_range` hold the 2nd..4th, in key schema order, and are
// empty for tables, LSIs and single-attribute GSIs.
struct KeySchema {
  KeyAttribute hash;
  KeyAttribute range;
  std::vector<KeyAttribute> more_hash;
  std::vector<KeyAttribute> more_range;
  bool has_range() const { return !range.name.empty(); }
  // More than one HASH or more than one RANGE attribute.
  bool multi() const { return !more_hash.empty() || !more_range.empty(); }
  size_t hash_count() const { return 1 + more_hash.size(); }
  size_t range_count() const { return has_range() ? 1 + more_range.size() : 0; }
  // The i-th HASH (RANGE) attribute in key schema order. REQUIRES: i < hash_count()
  // (range_count()).
  const KeyAttribute& hash_at(size_t i) const { return i == 0 ? hash : more_hash[i - 1]; }
  const KeyAttribute& range_at(size_t i) const { return i == 0 ? range : more_range[i - 1]; }
  bool Contains(std::string_view name) const {
    if (name == hash.name || (has_range() && name == range.name)) return true;
    for (const KeyAttribute& a : more_hash) {
      if (a.name == name) return true;
    }
    for (const KeyAttribute& a : more_range) {
      if (a.name == name) return true;
    }
    return false;
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
  // StreamSpecification (core/api/ops/streams.cc): the latest stream stays named after it is
  // disabled.
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
