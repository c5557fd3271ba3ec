// What a fast request reader read, as text, so the tests and the fuzz target can compare it with
// what the general reader read (fast_requests_test.cc, tests/fuzz/requests_fuzz.cc).
#pragma once

#include <optional>
#include <sstream>
#include <string>

#include "api/api.h"
#include "api/wire/wire.h"

namespace monotable::testing {

// Key attributes with their types: "PK=0:C#1;SK=1:12;" (the type's number, then S or N text).
inline std::string KeyText(const Item& key) {
  std::string out;
  for (const auto& [name, value] : key) {
    out += name + "=" + std::string(1, static_cast<char>('0' + static_cast<int>(value.type()))) +
           ":" + (value.type() == Type::kN ? value.n().ToString() : value.s()) + ";";
  }
  return out;
}

template <typename T>
std::string Opt(const std::optional<T>& v) {
  if (!v) return "-";
  std::ostringstream out;
  out << *v;
  return out.str();
}

inline std::string NamesText(const expr::AttributeNames* names) {
  if (!names) return "none";
  std::string out;
  for (const auto& [k, v] : *names) out += k + "=" + v + ";";
  return out;
}

inline std::string ValuesText(const expr::AttributeValues* values) {
  if (!values) return "none";
  return KeyText(Item(values->begin(), values->end()));
}

// Every member of a Query's or Scan's ReadMembers.
inline std::string MembersText(const api::ReadMembers& m) {
  return Opt(m.table_name) + "|" + Opt(m.index_name) + "|" + Opt(m.filter_text) + "|" +
         Opt(m.projection_text) + "|" + Opt(m.select) + "|" + Opt(m.capacity) + "|" +
         Opt(m.key_condition_text) + "|" + Opt(m.limit) + "|" + Opt(m.segment) + "|" +
         Opt(m.total_segments) + "|" + Opt(m.consistent) + "|" + Opt(m.forward) + "|" +
         (m.start_key ? KeyText(*m.start_key) : "-") + "|" + NamesText(m.params.names) + "|" +
         ValuesText(m.params.values);
}

// Every member of an UpdateItem's or DeleteItem's KeyWriteRequest.
inline std::string KeyWriteText(const api::KeyWriteRequest& r) {
  const api::WriteRequestMembers& m = r.m;
  return Opt(m.table_name) + "|" + Opt(m.condition) + "|" + Opt(m.return_values) + "|" +
         Opt(m.capacity) + "|" + Opt(m.metrics) + "|" + Opt(m.on_condition_failure) + "|" +
         (r.key ? KeyText(*r.key) : "-") + "|" + Opt(r.update_text) + "|" +
         NamesText(m.params.names) + "|" + ValuesText(m.params.values);
}

// Every member of a PutItem's PutItemRequest; the item as its DynamoDB JSON.
inline std::string PutItemText(const api::PutItemRequest& r) {
  const api::WriteRequestMembers& m = r.m;
  return Opt(m.table_name) + "|" + Opt(m.condition) + "|" + Opt(m.return_values) + "|" +
         Opt(m.capacity) + "|" + Opt(m.metrics) + "|" + Opt(m.on_condition_failure) + "|" +
         (r.item ? wire::ToJson(*r.item).dump() : "-") + "|" + NamesText(m.params.names) + "|" +
         ValuesText(m.params.values);
}

}  // namespace monotable::testing
