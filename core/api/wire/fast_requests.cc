// fast_requests: the request-text readers of fast_requests.h.
#include "api/wire/fast_requests.h"

#include <algorithm>
#include <cstdint>
#include <tuple>
#include <utility>

#include "api/wire/fast_writes.h"
#include "api/wire/json_scan.h"

namespace monotable::api {
namespace {

using scan::Scanner;
using scan::Sequence;

// One key attribute value: {"S": "..."} (not empty) or {"N": "..."} (a valid number), nothing
// else. The general reader builds the same Value from these (value_reader.cc BuildS / BuildN).
bool ReadKeyValue(Scanner* s, Value* out) {
  std::string_view type, payload;
  // The compact text SDKs write, {"S":"..."} or {"N":"..."}, in three steps; any other spelling
  // (whitespace inside, another type) through the member reader.
  const bool compact_s = s->EatExact("{\"S\":");
  if (compact_s || s->EatExact("{\"N\":")) {
    type = compact_s ? "S" : "N";
    if (!s->String(&payload) || !s->Eat('}')) return false;
  } else {
    Sequence m(s, '{', '}');
    if (!m.Open()) return false;
    bool done = false;
    if (!m.NextMember(&type, &done) || !s->String(&payload)) return false;
    if (m.NextMember(&type, &done) || !done) return false;  // exactly one member
  }
  if (type == "S") {
    // An empty key string is an error the general path words; decline it.
    if (payload.empty()) return false;
    *out = Value::S(std::string(payload));
    return true;
  }
  if (type == "N") {
    Number n;
    if (!Number::Parse(payload, &n).ok()) return false;
    *out = Value::N(n);
    return true;
  }
  return false;
}

bool ReadKey(Scanner* s, Item* key) {
  Sequence m(s, '{', '}');
  if (!m.Open()) return false;
  std::string_view name;
  bool done = false;
  while (m.NextMember(&name, &done)) {
    if (name.empty()) return false;
    // Names in ascending order (what SDKs and nlohmann write) go in at the end without a search,
    // and the value is read straight into its place.
    if (key->empty() || key->rbegin()->first < name) {
      auto it = key->emplace_hint(key->end(), std::piecewise_construct, std::forward_as_tuple(name),
                                  std::forward_as_tuple());
      if (!ReadKeyValue(s, &it->second)) return false;
      continue;
    }
    Value value;
    if (!ReadKeyValue(s, &value)) return false;
    if (!key->emplace(std::string(name), std::move(value)).second) return false;  // repeated
  }
  return done && !key->empty();
}

// ExpressionAttributeNames: {"#n": "name", ...}, names and values plain strings, not empty,
// not repeated, at least one.
bool ReadNames(Scanner* s, expr::AttributeNames* names) {
  Sequence m(s, '{', '}');
  if (!m.Open()) return false;
  std::string_view key, value;
  bool done = false;
  while (m.NextMember(&key, &done)) {
    if (key.empty() || !s->String(&value) || value.empty()) return false;
    // Over the placeholder or attribute-name limits: the general reader words the error.
    if (key.size() > 255 || value.size() > 65535) return false;
    if (!names->emplace(std::string(key), std::string(value)).second) return false;
  }
  return done && !names->empty();
}

// ExpressionAttributeValues: {":v": {"S": "..."} or {"N": "..."}, ...}, not repeated, at least
// one.
bool ReadValues(Scanner* s, expr::AttributeValues* values) {
  Sequence m(s, '{', '}');
  if (!m.Open()) return false;
  std::string_view key;
  bool done = false;
  while (m.NextMember(&key, &done)) {
    if (key.empty() || key.size() > 255) return false;  // the general reader words it
    Value value;
    if (!ReadKeyValue(s, &value)) return false;
    if (!values->emplace(std::string(key), std::move(value)).second) return false;
  }
  return done && !values->empty();
}

// Reads one optional string member once.
bool OnceString(Scanner* s, std::optional<std::string>* out) {
  std::string_view value;
  if (out->has_value() || !s->String(&value)) return false;
  out->emplace(value);
  return true;
}

bool OnceBool(Scanner* s, std::optional<bool>* out) {
  bool value = false;
  if (out->has_value() || !s->Bool(&value)) return false;
  *out = value;
  return true;
}

bool OnceInteger(Scanner* s, std::optional<int64_t>* out) {
  int64_t value = 0;
  if (out->has_value() || !s->Integer(&value)) return false;
  *out = value;
  return true;
}

// One of the members every single-item write shares (ReadWriteMembers reads them): false if
// `name` is none of them, or is repeated, or its value is not the plain shape.
bool ReadWriteMember(Scanner* s, std::string_view name, WriteRequestMembers* m) {
  if (name == "TableName") return OnceString(s, &m->table_name);
  if (name == "ConditionExpression") return OnceString(s, &m->condition);
  if (name == "ExpressionAttributeNames") {
    return !m->params.names_storage && ReadNames(s, &m->params.names_storage.emplace());
  }
  if (name == "ExpressionAttributeValues") {
    return !m->params.values_storage && ReadValues(s, &m->params.values_storage.emplace());
  }
  if (name == "ReturnValues") return OnceString(s, &m->return_values);
  if (name == "ReturnConsumedCapacity") return OnceString(s, &m->capacity);
  if (name == "ReturnItemCollectionMetrics") return OnceString(s, &m->metrics);
  if (name == "ReturnValuesOnConditionCheckFailure") {
    return OnceString(s, &m->on_condition_failure);
  }
  return false;
}

// What a request's own member reader made of a member: read, declined, or not one of its own.
enum class Own : uint8_t { kRead, kBad, kNotOwn };

// A single-item write request (PutItem, UpdateItem, DeleteItem): `own(scanner, name)` reads the
// request's own members (Item; Key and UpdateExpression), ReadWriteMember the shared ones;
// anything else declines. On success the params point into *m's storage.
template <typename OwnMembers>
bool ReadSingleWrite(std::string_view text, WriteRequestMembers* m, OwnMembers own) {
  Scanner s(text);
  Sequence members(&s, '{', '}');
  if (!members.Open()) return false;
  std::string_view name;
  bool done = false;
  while (members.NextMember(&name, &done)) {
    const Own result = own(&s, name);
    if (result == Own::kBad) return false;
    // anything else is the general reader's to judge
    if (result == Own::kNotOwn && !ReadWriteMember(&s, name, m)) return false;
  }
  if (!done || !s.AtEnd()) return false;
  m->params.names = m->params.names_storage ? &*m->params.names_storage : nullptr;
  m->params.values = m->params.values_storage ? &*m->params.values_storage : nullptr;
  return true;
}

}  // namespace

bool FastReadQueryScan(std::string_view text, bool query, ReadMembers* out) {
  Scanner s(text);
  Sequence m(&s, '{', '}');
  if (!m.Open()) return false;
  std::string_view name;
  bool done = false;
  while (m.NextMember(&name, &done)) {
    bool ok = false;
    if (name == "TableName") {
      ok = OnceString(&s, &out->table_name);
    } else if (name == "IndexName") {
      ok = OnceString(&s, &out->index_name);
    } else if (name == "KeyConditionExpression" && query) {
      ok = OnceString(&s, &out->key_condition_text);
    } else if (name == "ExpressionAttributeNames") {
      ok = !out->params.names_storage && ReadNames(&s, &out->params.names_storage.emplace());
    } else if (name == "ExpressionAttributeValues") {
      ok = !out->params.values_storage && ReadValues(&s, &out->params.values_storage.emplace());
    } else if (name == "ScanIndexForward" && query) {
      ok = OnceBool(&s, &out->forward);
    } else if (name == "Limit") {
      ok = OnceInteger(&s, &out->limit);
    } else if (name == "ReturnConsumedCapacity") {
      ok = OnceString(&s, &out->capacity);
    } else if (name == "FilterExpression") {
      ok = OnceString(&s, &out->filter_text);
    } else if (name == "ProjectionExpression") {
      ok = OnceString(&s, &out->projection_text);
    } else if (name == "ExclusiveStartKey") {
      ok = !out->start_key && ReadKey(&s, &out->start_key.emplace());
    } else if (name == "ConsistentRead") {
      ok = OnceBool(&s, &out->consistent);
    } else if (name == "Select") {
      ok = OnceString(&s, &out->select);
    } else if (name == "Segment" && !query) {
      ok = OnceInteger(&s, &out->segment);
    } else if (name == "TotalSegments" && !query) {
      ok = OnceInteger(&s, &out->total_segments);
    }
    if (!ok) return false;  // anything else is the general reader's to judge
  }
  if (!done || !s.AtEnd()) return false;
  out->params.names = out->params.names_storage ? &*out->params.names_storage : nullptr;
  out->params.values = out->params.values_storage ? &*out->params.values_storage : nullptr;
  return true;
}

bool FastReadKeyWrite(std::string_view text, bool update, KeyWriteRequest* out) {
  return ReadSingleWrite(text, &out->m, [&](Scanner* s, std::string_view name) -> Own {
    if (name == "Key") return !out->key && ReadKey(s, &out->key.emplace()) ? Own::kRead : Own::kBad;
    if (name == "UpdateExpression" && update) {
      return OnceString(s, &out->update_text) ? Own::kRead : Own::kBad;
    }
    return Own::kNotOwn;
  });
}

bool FastReadPutItem(std::string_view text, PutItemRequest* out) {
  return ReadSingleWrite(text, &out->m, [&](Scanner* s, std::string_view name) -> Own {
    if (name != "Item") return Own::kNotOwn;
    return !out->item && FastReadAttributeMap(s, &out->item.emplace()) ? Own::kRead : Own::kBad;
  });
}

bool FastReadGetItem(std::string_view text, GetItemRequest* out) {
  Scanner s(text);
  Sequence m(&s, '{', '}');
  if (!m.Open()) return false;
  bool has_table = false, has_key = false, has_consistent = false;
  std::string_view name, value;
  bool done = false;
  while (m.NextMember(&name, &done)) {
    if (name == "TableName" && !has_table) {
      if (!s.String(&value)) return false;
      out->table_name.assign(value);
      has_table = true;
    } else if (name == "Key" && !has_key) {
      if (!ReadKey(&s, &out->key)) return false;
      has_key = true;
    } else if (name == "ConsistentRead" && !has_consistent) {
      if (!s.Bool(&out->consistent)) return false;
      has_consistent = true;
    } else if (name == "ReturnConsumedCapacity" && !out->capacity_detail) {
      if (!s.String(&value)) return false;
      out->capacity_detail.emplace(value);
    } else {
      return false;  // anything else is the general reader's to judge
    }
  }
  if (!done || !s.AtEnd() || !has_table || !has_key) return false;
  // The constraints the general reader checks on these members (ReadGetItem): any violation is
  // an error it words, so decline.
  const std::vector<std::string_view>& details = kReturnConsumedCapacityValues;
  return IsValidTableName(out->table_name) &&
         (!out->capacity_detail ||
          std::find(details.begin(), details.end(), *out->capacity_detail) != details.end());
}

}  // namespace monotable::api
