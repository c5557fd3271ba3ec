// Helpers for the expression tests: items and values written as DynamoDB JSON.
#pragma once

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "api/wire/wire.h"
#include "expr/expr.h"

namespace monotable::expr::testing {

// An item / attribute map from DynamoDB JSON, e.g. R"({"a":{"S":"x"}})". REQUIRES: valid JSON.
inline Item ItemOf(const std::string& json) {
  Item item;
  auto j = nlohmann::json::parse(json, nullptr, false);
  EXPECT_FALSE(j.is_discarded()) << json;
  Status s = wire::ParseItem(j, &item);
  EXPECT_TRUE(s.ok()) << s.message() << " in " << json;
  return item;
}

// ExpressionAttributeValues from DynamoDB JSON.
inline AttributeValues ValuesOf(const std::string& json) {
  Item item = ItemOf(json);
  return AttributeValues(item.begin(), item.end());
}

// ExpressionAttributeNames from a JSON object of strings.
inline AttributeNames NamesOf(const std::string& json) {
  AttributeNames names;
  auto j = nlohmann::json::parse(json, nullptr, false);
  for (auto it = j.begin(); it != j.end(); ++it) names[it.key()] = it.value().get<std::string>();
  return names;
}

inline std::string JsonOf(const Item& item) { return wire::ToJson(item).dump(); }

}  // namespace monotable::expr::testing
