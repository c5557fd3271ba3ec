// Value: one DynamoDB attribute value, typed (all ten types), and Item, an attribute map.
//
// Owns no wire format: DynamoDB JSON <-> Value conversion lives in the API layer (core/api/).
// Binary values hold raw bytes (already base64-decoded). Sets keep insertion order and compare
// equal regardless of order; the API layer rejects empty sets and duplicates before building them.
#pragma once

#include <cstddef>
#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "monotable/limits.h"
#include "monotable/number.h"

namespace monotable {

enum class Type : uint8_t { kS, kN, kB, kBool, kNull, kL, kM, kSS, kNS, kBS };

// DynamoDB's type descriptor: "S", "N", "B", "BOOL", "NULL", "L", "M", "SS", "NS", "BS".
std::string_view TypeName(Type type);

class Value;
using List = std::vector<Value>;
using Map = std::map<std::string, Value, std::less<>>;
// An item: attribute name -> value. Attribute names are compared as bytes.
using Item = Map;

class Value {
 public:
  Value() : type_(Type::kNull), data_(std::monostate{}) {}

  static Value S(std::string s) { return Value(Type::kS, std::move(s)); }
  static Value N(Number n) { return Value(Type::kN, n); }
  static Value B(std::string bytes) { return Value(Type::kB, std::move(bytes)); }
  static Value Bool(bool b) { return Value(Type::kBool, b); }
  static Value Null() { return Value(); }
  static Value L(List l) { return Value(Type::kL, std::move(l)); }
  static Value M(Map m) { return Value(Type::kM, std::move(m)); }
  static Value SS(std::vector<std::string> s) { return Value(Type::kSS, std::move(s)); }
  static Value NS(std::vector<Number> n) { return Value(Type::kNS, std::move(n)); }
  static Value BS(std::vector<std::string> b) { return Value(Type::kBS, std::move(b)); }

  Type type() const { return type_; }
  bool is(Type t) const { return type_ == t; }

  // Accessors. REQUIRES: the matching type (checked by std::get; a mismatch is a programmer error).
  const std::string& s() const { return std::get<std::string>(data_); }  // S or B
  const Number& n() const { return std::get<Number>(data_); }            // N
  bool boolean() const { return std::get<bool>(data_); }                 // BOOL
  const List& l() const { return std::get<List>(data_); }                // L
  List& l() { return std::get<List>(data_); }
  const Map& m() const { return std::get<Map>(data_); }  // M
  Map& m() { return std::get<Map>(data_); }
  const std::vector<std::string>& strings() const {  // SS or BS
    return std::get<std::vector<std::string>>(data_);
  }
  std::vector<std::string>& strings() { return std::get<std::vector<std::string>>(data_); }
  const std::vector<Number>& numbers() const { return std::get<std::vector<Number>>(data_); }  // NS
  std::vector<Number>& numbers() { return std::get<std::vector<Number>>(data_); }

  // DynamoDB equality: same type and same value; numbers compare numerically; sets compare as sets
  // (order ignored); lists element-wise; maps by key.
  bool operator==(const Value& other) const;
  bool operator!=(const Value& other) const { return !(*this == other); }

 private:
  using Data = std::variant<std::monostate, std::string, Number, bool, List, Map,
                            std::vector<std::string>, std::vector<Number>>;
  template <typename T>
  Value(Type t, T&& v) : type_(t), data_(std::forward<T>(v)) {}

  Type type_;
  Data data_;
};

// DynamoDB item size (dynamodb-rules.md §1.1): per attribute, UTF-8 bytes of the name plus the
// value's size. S: UTF-8 bytes; N: Number::SizeBytes(); B: raw bytes; BOOL, NULL: 1; L, M: 3 + per
// element 1 + element (map elements also count their name); SS/NS/BS: sum of elements.
size_t ValueSize(const Value& value);
size_t AttributeSize(std::string_view name, const Value& value);
size_t ItemSize(const Item& item);

// DynamoDB JSON text, exactly as the wire carries it: one AttributeValue ({"S":"x"}, numbers in
// canonical text, binary as base64) or an attribute map. Front ends that show or copy values use
// these instead of rendering values themselves (implemented by the API layer,
// core/api/wire/value_json.cc and base64.cc).
std::string ToWireJson(const Value& value);
std::string ToWireJson(const Item& item);
// Standard base64 with padding (DynamoDB's encoding of B and BS values).
std::string Base64Encode(std::string_view bytes);

// The 400 KB limit: 409,600 bytes including attribute names (defined in limits.h).
using limits::kMaxItemBytes;

}  // namespace monotable
