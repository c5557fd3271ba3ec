// key_schema: a table's or an index's primary key as front ends and the expression compiler see
// it (names and scalar types, HASH then RANGE), below the engine's API so that core/expr can use
// it without depending on the engine.
#pragma once

#include <string>
#include <vector>

#include "monotable/value.h"

namespace monotable {

struct KeyAttributeInfo {
  std::string name;
  Type type = Type::kS;
};

struct KeySchemaInfo {
  std::string hash_key;  // the (first) HASH attribute
  Type hash_type = Type::kS;
  std::string range_key;  // the (first) RANGE attribute; empty: hash-only key
  Type range_type = Type::kS;
  // Every HASH and every RANGE attribute in key schema order (hash_attributes[0] is hash_key,
  // range_attributes[0] range_key). More than one of either only for a GSI with a multi-attribute
  // key (up to four each, DG GSI.html#GSI.MultiAttributeKeys). Filled by Engine::Tables(); a
  // KeySchemaInfo built by hand with only the single fields means the same as its two vectors.
  std::vector<KeyAttributeInfo> hash_attributes;
  std::vector<KeyAttributeInfo> range_attributes;
  bool multi() const { return hash_attributes.size() > 1 || range_attributes.size() > 1; }
};

}  // namespace monotable
