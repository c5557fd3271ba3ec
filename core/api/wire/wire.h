// wire: DynamoDB JSON (the AttributeValue wire format) <-> monotable::Value. Four jobs, one file
// each: reading AttributeValues (value_reader.cc), Values as nlohmann trees (value_json.cc),
// responses written as text without a tree (json_writer.cc), and base64 (base64.h, base64.cc).
//
// Internal to core/api: the only place outside tests that knows how an AttributeValue looks on the
// wire. Typed at the edge: request JSON becomes Values here, once; the rest of the engine works on
// Values. Knows nothing about operations, tables or keys (key rules such as "no empty string in a
// key" belong to the caller).
//
// DynamoDB rules implemented here (each pinned by tests/core/api/wire/wire_test.cc):
// - an AttributeValue is a JSON object with exactly one of S, N, B, BOOL, NULL, L, M, SS, NS, BS;
// - NULL must be true; sets must be non-empty and hold no duplicates (NS compared numerically);
// - N and NS elements are JSON strings holding DynamoDB number text (see Number::Parse);
// - B and BS elements are base64 strings; values hold the decoded bytes;
// - documents nest at most 32 levels deep;
// - wrong JSON types (e.g. {"S":1}) are SerializationException, like DynamoDB's JSON layer.
#pragma once

#include <algorithm>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "api/wire/base64.h"
#include "monotable/status.h"
#include "monotable/value.h"
#include "storage/item_codec.h"

namespace monotable::wire {

// The deepest nesting DynamoDB accepts: a top-level attribute is level 1 and each L or M adds one.
inline constexpr int kMaxDepth = 32;

// Parses one AttributeValue: {"S":"x"}, {"N":"1"}, {"B":"base64"}, {"BOOL":true}, {"NULL":true},
// {"L":[...]}, {"M":{...}}, {"SS":[...]}, {"NS":[...]}, {"BS":[...]}.
// Errors, exactly as DynamoDB reports them:
//   ValidationException   empty AttributeValue / more than one type / NULL:false / empty set /
//                         duplicate set elements / invalid number / nesting deeper than kMaxDepth;
//   SerializationException  not an object, wrong JSON type for a member, invalid base64.
// Unknown members (e.g. {"X":1}) are ignored as DynamoDB's JSON layer does; if no known member is
// left the value is "empty". Numbers in N/NS come back canonical (Value holds Numbers).
// On error *out is unspecified (may be partly filled). Never recurses deeper than kMaxDepth + 1.
Status ParseValue(const nlohmann::json& j, Value* out);

// Parses an attribute map {"name": AttributeValue, ...} (Item, Key, ExpressionAttributeValues,
// ExclusiveStartKey ...). Not an object -> SerializationException; JSON null -> OK and an empty
// map (the caller decides whether the parameter was required). Wrong JSON types anywhere in the
// map are reported before any validation error, as DynamoDB does. Each value as ParseValue; the
// map itself is level 0, so its values start at level 1. *out is cleared first.
Status ParseItem(const nlohmann::json& j, Item* out);

// The AttributeValue of `v`: numbers in canonical text, binary as base64, sets in their stored
// order, maps with keys in byte order. Never fails.
nlohmann::json ToJson(const Value& v);
// {"name": AttributeValue, ...} for an attribute map.
nlohmann::json ToJson(const Item& item);

// The same texts written straight into a string, without building a tree: byte for byte what
// ToJson(...).dump() gives (compact, keys in byte order, strings escaped as nlohmann escapes them:
// \" \\ \b \f \n \r \t, other control characters as \u00xx, everything else as is). The read
// paths (GetItem, Query, Scan, BatchGetItem, TransactGetItems) render their items with these.
// REQUIRES: strings are valid UTF-8 (every string parsed from a request is).
void AppendValueJson(const Value& v, std::string* out);
void AppendItemJson(const Item& item, std::string* out);
// A JSON string literal (quotes included), escaped as above.
void AppendJsonString(std::string_view s, std::string* out);
// The same text for an item in its stored encoding, read in place (no decoding):
// AppendEncodedItemJson(EncodedItem::Encode(item).reader(), out) == AppendItemJson(item, out).
void AppendEncodedItemJson(storage::ItemReader reader, std::string* out);

// Response bodies assembled as text around pre-rendered parts. RawPlaceholder(i) is a JSON value
// (a binary value, which no response otherwise holds) standing for raw[i]; AppendDump writes `tree`
// exactly as tree.dump() would, except that each placeholder is replaced by raw[i] verbatim.
nlohmann::json RawPlaceholder(size_t i);
void AppendDump(const nlohmann::json& tree, const std::vector<std::string>& raw, std::string* out);

// True if `values` holds two equal elements (`less` orders them): a set's duplicates, which
// DynamoDB rejects (value_reader.cc's set readers, and the fast reader of fast_writes.cc, which
// must decide the same). Small sets compare pairwise; larger ones sort pointers.
template <typename T, typename Less>
bool HasDuplicates(const std::vector<T>& values, Less less) {
  auto equal = [&](const T& a, const T& b) { return !less(a, b) && !less(b, a); };
  if (values.size() <= 16) {
    for (size_t i = 0; i < values.size(); ++i) {
      for (size_t k = i + 1; k < values.size(); ++k) {
        if (equal(values[i], values[k])) return true;
      }
    }
    return false;
  }
  std::vector<const T*> sorted;
  sorted.reserve(values.size());
  for (const T& v : values) sorted.push_back(&v);
  std::sort(sorted.begin(), sorted.end(), [&](const T* a, const T* b) { return less(*a, *b); });
  for (size_t i = 1; i < sorted.size(); ++i) {
    if (equal(*sorted[i - 1], *sorted[i])) return true;
  }
  return false;
}

}  // namespace monotable::wire
