// fast_writes: BatchWriteItem's fast request reader (fast_writes.h). Every value check the general
// reader makes (value_reader.cc: AttributeValue shapes, NULL true, empty sets, set duplicates,
// numbers, base64, nesting) is made here identically or the request is declined; key, size and
// table checks come after reading, in RunBatchWriteItem, which both readers share.
#include "api/wire/fast_writes.h"

#include <algorithm>
#include <utility>

#include "api/wire/json_scan.h"
#include "api/wire/wire.h"

namespace monotable::api {
namespace {

using scan::Scanner;
using scan::Sequence;

// The kinds of string element a set holds.
enum class SetKind : uint8_t { kS, kN, kB };

bool ReadMap(Scanner* s, int level, Map* out);

// An array of strings for SS, NS or BS: not empty, each element valid for its type, no two equal
// (NS numerically, as value_reader.cc's BuildSS / BuildNS / BuildBS); anything else declines.
bool ReadSet(Scanner* s, SetKind kind, Value* out) {
  Sequence a(s, '[', ']');
  if (!a.Open()) return false;
  std::vector<std::string> strings;
  std::vector<Number> numbers;
  bool done = false;
  std::string_view text;
  while (a.Next(&done)) {
    if (!s->String(&text)) return false;
    switch (kind) {
      case SetKind::kS:
        strings.emplace_back(text);
        break;
      case SetKind::kN: {
        Number n;
        if (!Number::Parse(text, &n).ok()) return false;
        numbers.push_back(n);
        break;
      }
      case SetKind::kB: {
        std::string bytes;
        if (!wire::Base64Decode(text, &bytes)) return false;
        strings.push_back(std::move(bytes));
        break;
      }
    }
  }
  if (!done) return false;
  if (kind == SetKind::kN) {
    if (numbers.empty() ||
        wire::HasDuplicates(numbers, [](const Number& x, const Number& y) { return x < y; })) {
      return false;
    }
    *out = Value::NS(std::move(numbers));
    return true;
  }
  if (strings.empty() || wire::HasDuplicates(strings, std::less<std::string>())) return false;
  *out = kind == SetKind::kS ? Value::SS(std::move(strings)) : Value::BS(std::move(strings));
  return true;
}

// One AttributeValue at nesting `level` (an attribute's own value is level 1): an object with
// exactly one member, a known type whose value is valid for it. DynamoDB rejects an L or M at
// level 32 or deeper (value_reader.cc BuildL / BuildM): those decline.
bool ReadValue(Scanner* s, int level, Value* out) {
  Sequence m(s, '{', '}');
  if (!m.Open()) return false;
  std::string_view type, text;
  bool done = false;
  if (!m.NextMember(&type, &done)) return false;
  switch (type.size()) {
    case 1:
      if (type == "S") {
        if (!s->String(&text)) return false;
        *out = Value::S(std::string(text));
      } else if (type == "N") {
        Number n;
        if (!s->String(&text) || !Number::Parse(text, &n).ok()) return false;
        *out = Value::N(n);
      } else if (type == "B") {
        std::string bytes;
        if (!s->String(&text) || !wire::Base64Decode(text, &bytes)) return false;
        *out = Value::B(std::move(bytes));
      } else if (type == "M") {
        if (level >= wire::kMaxDepth) return false;
        Map map;
        if (!ReadMap(s, level + 1, &map)) return false;
        *out = Value::M(std::move(map));
      } else if (type == "L") {
        if (level >= wire::kMaxDepth) return false;
        Sequence a(s, '[', ']');
        if (!a.Open()) return false;
        List list;
        bool list_done = false;
        while (a.Next(&list_done)) {
          Value element;
          if (!ReadValue(s, level + 1, &element)) return false;
          list.push_back(std::move(element));
        }
        if (!list_done) return false;
        *out = Value::L(std::move(list));
      } else {
        return false;
      }
      break;
    case 2:
      if (type == "SS") {
        if (!ReadSet(s, SetKind::kS, out)) return false;
      } else if (type == "NS") {
        if (!ReadSet(s, SetKind::kN, out)) return false;
      } else if (type == "BS") {
        if (!ReadSet(s, SetKind::kB, out)) return false;
      } else {
        return false;
      }
      break;
    case 4: {
      bool b = false;
      if (type == "BOOL") {
        if (!s->Bool(&b)) return false;
        *out = Value::Bool(b);
      } else if (type == "NULL") {
        // DynamoDB: NULL must be true (false is an error the general path words).
        if (!s->Bool(&b) || !b) return false;
        *out = Value::Null();
      } else {
        return false;
      }
      break;
    }
    default:
      return false;
  }
  // Exactly one member.
  return !m.NextMember(&type, &done) && done;
}

// An attribute map {"name": AttributeValue, ...} whose values sit at `level`; a repeated name
// declines.
bool ReadMap(Scanner* s, int level, Map* out) {
  Sequence m(s, '{', '}');
  if (!m.Open()) return false;
  std::string_view name;
  bool done = false;
  while (m.NextMember(&name, &done)) {
    // An attribute name over 65,535 bytes: the general reader words the error (value_reader.cc
    // BuildMap).
    if (name.size() > 65535) return false;
    auto [it, added] = out->try_emplace(std::string(name));
    if (!added || !ReadValue(s, level, &it->second)) return false;
  }
  return done;
}

// One WriteRequest: {"PutRequest":{"Item":{...}}} or {"DeleteRequest":{"Key":{...}}}, nothing
// else.
bool ReadWriteRequest(Scanner* s, BatchWriteItemRequest::Write* out) {
  Sequence w(s, '{', '}');
  if (!w.Open()) return false;
  std::string_view name;
  bool done = false;
  if (!w.NextMember(&name, &done)) return false;
  std::string_view member;
  if (name == "PutRequest") {
    out->kind = WriteKind::kPut;
    member = "Item";
  } else if (name == "DeleteRequest") {
    out->kind = WriteKind::kDelete;
    member = "Key";
  } else {
    return false;
  }
  Sequence r(s, '{', '}');
  if (!r.Open() || !r.NextMember(&name, &done) || name != member) return false;
  if (!ReadMap(s, 1, &out->item)) return false;
  if (r.NextMember(&name, &done) || !done) return false;  // nothing beside Item / Key
  return !w.NextMember(&name, &done) && done;             // exactly one of Put / Delete
}

}  // namespace

bool FastReadAttributeMap(Scanner* s, Item* out) { return ReadMap(s, 1, out); }

bool FastReadBatchWriteItem(std::string_view text, BatchWriteItemRequest* out) {
  Scanner s(text);
  Sequence top(&s, '{', '}');
  if (!top.Open()) return false;
  bool has_items = false;
  // Tables in the order the general reader visits them (a JSON object's members by name).
  std::vector<std::pair<std::string_view, std::vector<BatchWriteItemRequest::Write>>> tables;
  std::string_view name, value;
  bool done = false;
  while (top.NextMember(&name, &done)) {
    if (name == "RequestItems" && !has_items) {
      has_items = true;
      Sequence items(&s, '{', '}');
      if (!items.Open()) return false;
      bool items_done = false;
      std::string_view table;
      while (items.NextMember(&table, &items_done)) {
        for (const auto& [seen, writes] : tables) {
          if (seen == table) return false;  // repeated table
        }
        std::vector<BatchWriteItemRequest::Write> writes;
        writes.reserve(limits::kMaxBatchWriteRequests);
        Sequence a(&s, '[', ']');
        if (!a.Open()) return false;
        bool writes_done = false;
        while (a.Next(&writes_done)) {
          // DynamoDB: at most 25 requests per table (and in all, below).
          if (writes.size() == limits::kMaxBatchWriteRequests) return false;
          BatchWriteItemRequest::Write w;
          if (!ReadWriteRequest(&s, &w)) return false;
          writes.push_back(std::move(w));
        }
        if (!writes_done || writes.empty()) return false;
        tables.emplace_back(table, std::move(writes));
      }
      if (!items_done || tables.empty()) return false;
    } else if (name == "ReturnConsumedCapacity" && !out->capacity_detail) {
      if (!s.String(&value)) return false;
      out->capacity_detail.emplace(value);
    } else if (name == "ReturnItemCollectionMetrics" && !out->metrics) {
      if (!s.String(&value)) return false;
      out->metrics.emplace(value);
    } else {
      return false;  // anything else is the general reader's to judge
    }
  }
  if (!done || !s.AtEnd() || !has_items) return false;
  // The constraints the general reader checks on these members: any violation is an error it
  // words, so decline.
  Constraints c;
  c.Enum(out->capacity_detail, "returnConsumedCapacity", kReturnConsumedCapacityValues);
  c.Enum(out->metrics, "returnItemCollectionMetrics", {"SIZE", "NONE"});
  if (!c.empty()) return false;
  std::sort(tables.begin(), tables.end(),
            [](const auto& a, const auto& b) { return a.first < b.first; });
  size_t total = 0;
  for (const auto& t : tables) total += t.second.size();
  if (total > limits::kMaxBatchWriteRequests) return false;
  out->writes.clear();
  out->writes.reserve(total);
  for (auto& [table, writes] : tables) {
    for (BatchWriteItemRequest::Write& w : writes) {
      w.table_name.assign(table);
      out->writes.push_back(std::move(w));
    }
  }
  return true;
}

}  // namespace monotable::api
