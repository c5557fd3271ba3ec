// value_reader: DynamoDB JSON AttributeValues -> Value (wire::ParseValue, wire::ParseItem).
//
// Contract (wire.h, with the rules and the error list): a value is either read whole or the
// request's error is returned, the one DynamoDB answers for the first fault in its own order.
// Parsing runs in two passes, because DynamoDB deserialises the whole request (reporting wrong
// JSON types as SerializationException) before it validates any value (ValidationException):
//   1. CheckValueTypes: JSON types only, no allocation;
//   2. BuildValue: builds the Value and applies DynamoDB's validation, member by member in
//      DynamoDB's own order (S, SS, N, NS, B, BS, M, L, BOOL, NULL), then the member count.
// Both passes recurse at most kMaxDepth + 1 levels, whatever the input.
//
// The SerializationException texts are DynamoDB's (dynalite's test/helpers.js assertType table,
// refreshed against live DynamoDB).
#include <algorithm>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "api/messages.h"
#include "api/wire/base64.h"
#include "api/wire/wire.h"

namespace monotable::wire {
namespace {

using nlohmann::json;

// --- messages -------------------------------------------------------------------------------

constexpr const char* kEmptyValue =
    "Supplied AttributeValue is empty, must contain exactly one of the supported datatypes";
constexpr const char* kMultipleTypes =
    "Supplied AttributeValue has more than one datatypes set, must contain exactly one of the "
    "supported datatypes";
// {"NULL": false}, empty sets and duplicate set members are worded by the cohort (messages.h).
constexpr const char* kNumberSetDuplicates = "Input collection contains duplicates";
constexpr const char* kNesting =
    "1 validation error detected: Nesting Levels have exceeded supported limits: Attributes in "
    "the item have nested levels beyond supported limit";
// A JSON null where an AttributeValue must be (DynamoDB Local's text; unverified on DynamoDB).
constexpr const char* kNullAttributeValue = "The supplied Item contains a null AttributeValue";
constexpr const char* kNotANumber = "The parameter cannot be converted to a numeric value";

// Serialization texts.
constexpr const char* kStartOfMap = "Start of structure or map found where not expected";
constexpr const char* kUnexpectedField = "Unexpected field type";
constexpr const char* kUnexpectedValue = "Unexpected value type in payload";
constexpr const char* kNotBase64Bytes = "only base-64-encoded strings are convertible to bytes";
constexpr const char* kBadBase64 = "Invalid last non-pad Base64 character dectected";  // sic
constexpr const char* kUnexpectedToken = "Unexpected token received from parser";
constexpr const char* kAttributeValueClass = "com.amazonaws.dynamodb.v20120810.AttributeValue";

Status Serialization(std::string message) { return Status::Serialization(std::move(message)); }

// Jackson's name for a scalar JSON token, as DynamoDB prints it in "... cannot be converted to".
const char* TokenName(const json& v) {
  if (v.is_boolean()) return v.get<bool>() ? "TRUE_VALUE" : "FALSE_VALUE";
  if (v.is_number_float()) return "DECIMAL_VALUE";
  if (v.is_number()) return "NUMBER_VALUE";
  return "STRING_VALUE";
}

enum class Member : uint8_t { kS, kSS, kN, kNS, kB, kBS, kM, kL, kBool, kNull, kUnknown };

Member MemberOf(std::string_view key) {
  switch (key.size()) {
    case 1:
      if (key == "S") return Member::kS;
      if (key == "N") return Member::kN;
      if (key == "B") return Member::kB;
      if (key == "M") return Member::kM;
      if (key == "L") return Member::kL;
      break;
    case 2:
      if (key == "SS") return Member::kSS;
      if (key == "NS") return Member::kNS;
      if (key == "BS") return Member::kBS;
      break;
    case 4:
      if (key == "BOOL") return Member::kBool;
      if (key == "NULL") return Member::kNull;
      break;
    default:
      break;
  }
  return Member::kUnknown;
}

// --- pass 1: JSON types ---------------------------------------------------------------------

// S, N and the elements of SS and NS are Java Strings.
Status CheckString(const json& v) {
  if (v.is_null() || v.is_string()) return Status::Ok();
  if (v.is_array()) return Serialization("Unrecognized collection type class java.lang.String");
  if (v.is_object()) return Serialization(kStartOfMap);
  return Serialization(std::string(TokenName(v)) + " cannot be converted to String");
}

// BOOL and NULL are Java Booleans; DynamoDB also converts the strings true/false, 1/0, yes/no
// (any case). *value is set when the result is a boolean.
Status CheckBoolean(const json& v, bool* value) {
  if (v.is_null()) return Status::Ok();
  if (v.is_boolean()) {
    *value = v.get<bool>();
    return Status::Ok();
  }
  if (v.is_string()) {
    std::string upper = v.get<std::string>();
    for (char& c : upper) c = static_cast<char>(c >= 'a' && c <= 'z' ? c - 'a' + 'A' : c);
    if (upper == "TRUE" || upper == "1" || upper == "YES") {
      *value = true;
      return Status::Ok();
    }
    if (upper == "FALSE" || upper == "0" || upper == "NO") {
      *value = false;
      return Status::Ok();
    }
    return Serialization(kUnexpectedToken);
  }
  if (v.is_array()) return Serialization("Unrecognized collection type class java.lang.Boolean");
  if (v.is_object()) return Serialization(kStartOfMap);
  return Serialization(std::string(TokenName(v)) + " cannot be converted to Boolean");
}

// B and the elements of BS are Java ByteBuffers read from base64.
Status CheckBlob(const json& v) {
  if (v.is_null()) return Status::Ok();
  if (v.is_array()) return Serialization("Unrecognized collection type class java.nio.ByteBuffer");
  if (v.is_object()) return Serialization(kStartOfMap);
  if (!v.is_string()) return Serialization(kNotBase64Bytes);
  const std::string& text = v.get_ref<const std::string&>();
  switch (DecodeBase64(text, nullptr)) {
    case Base64Error::kNone:
      return Status::Ok();
    case Base64Error::kLength:
      return Serialization("Base64 encoded length is expected a multiple of 4 bytes but found: " +
                           std::to_string(text.size()));
    case Base64Error::kInvalid:
      return Serialization(kBadBase64);
  }
  return Serialization(kBadBase64);
}

// SS, NS, BS and L are Java Lists.
Status CheckList(const json& v) {
  if (v.is_null() || v.is_array()) return Status::Ok();
  if (v.is_object()) return Serialization(kStartOfMap);
  return Serialization(kUnexpectedField);
}

// M and attribute maps (Item, Key, ...) are Java Maps of AttributeValue.
Status CheckMap(const json& v) {
  if (v.is_null() || v.is_object()) return Status::Ok();
  if (v.is_array()) {
    return Serialization(
        std::string("Unrecognized collection type java.util.Map<java.lang.String, ") +
        kAttributeValueClass + ">");
  }
  return Serialization(kUnexpectedField);
}

Status CheckValueTypes(const json& j, int level);

Status CheckMapValues(const json& m, int level) {
  for (const auto& [name, child] : m.items()) {
    Status st = CheckValueTypes(child, level);
    if (!st.ok()) return st;
  }
  return Status::Ok();
}

// An AttributeValue structure. Below kMaxDepth the nesting check of pass 2 fires first anyway, so
// the descent stops there (this keeps recursion bounded on hostile input).
Status CheckValueTypes(const json& j, int level) {
  if (j.is_null()) return Status::Ok();
  if (j.is_array()) {
    return Serialization(std::string("Unrecognized collection type class ") + kAttributeValueClass);
  }
  if (!j.is_object()) return Serialization(kUnexpectedValue);
  for (const auto& [key, member] : j.items()) {
    Status st;
    bool ignored = false;
    switch (MemberOf(key)) {
      case Member::kS:
      case Member::kN:
        st = CheckString(member);
        break;
      case Member::kB:
        st = CheckBlob(member);
        break;
      case Member::kBool:
      case Member::kNull:
        st = CheckBoolean(member, &ignored);
        break;
      case Member::kSS:
      case Member::kNS:
      case Member::kBS: {
        st = CheckList(member);
        if (!st.ok() || !member.is_array()) break;
        bool blob = MemberOf(key) == Member::kBS;
        for (const json& element : member) {
          st = blob ? CheckBlob(element) : CheckString(element);
          if (!st.ok()) break;
        }
        break;
      }
      case Member::kL:
        st = CheckList(member);
        if (!st.ok() || !member.is_array() || level >= kMaxDepth) break;
        for (const json& element : member) {
          st = CheckValueTypes(element, level + 1);
          if (!st.ok()) break;
        }
        break;
      case Member::kM:
        st = CheckMap(member);
        if (st.ok() && member.is_object() && level < kMaxDepth) {
          st = CheckMapValues(member, level + 1);
        }
        break;
      case Member::kUnknown:
        break;  // ignored, as DynamoDB's JSON layer does
    }
    if (!st.ok()) return st;
  }
  return Status::Ok();
}

// --- pass 2: build and validate -------------------------------------------------------------

// A set's members as sent (strings; base64 texts for a BS), for the duplicate messages. The views
// point into `elements`.
std::vector<std::string_view> MemberTexts(const json& elements) {
  std::vector<std::string_view> out;
  out.reserve(elements.size());
  for (const json& e : elements) {
    if (e.is_string()) out.emplace_back(e.get_ref<const std::string&>());
  }
  return out;
}

Status ParseNumberText(const json& v, Number* out) {
  if (!v.is_string()) return Status::Validation(kNotANumber);  // JSON null element
  const std::string& text = v.get_ref<const std::string&>();
  return api::messages::NumberConversion(Number::Parse(text, out), text);
}

Status BuildValue(const json& j, int level, Value* out);

constexpr size_t kMaxAttributeNameBytes = 65535;

Status BuildMap(const json& m, int level, Map* out) {
  out->clear();
  for (const auto& [name, child] : m.items()) {
    // DynamoDB rule: attribute names are 1 to 65,535 bytes, at every depth (DG
    // HowItWorks.NamingRulesDataTypes "no greater than 64 KB"; 65,535 is the longest accepted:
    // ALT test_limits.py, ExtendDB#365, both run against DynamoDB).
    if (name.size() > kMaxAttributeNameBytes) return api::messages::AttributeNameTooLarge();
    Value value;
    Status st = BuildValue(child, level, &value);
    if (!st.ok()) return st;
    out->emplace_hint(out->end(), name, std::move(value));
  }
  return Status::Ok();
}

Status BuildS(const json& m, Value* out) {
  *out = Value::S(m.get<std::string>());
  return Status::Ok();
}

Status BuildSS(const json& m, Value* out) {
  // DynamoDB: a string set must not be empty nor hold the same string twice.
  if (m.empty()) return api::messages::EmptySet("SS");
  std::vector<std::string> strings;
  strings.reserve(m.size());
  for (const json& e : m) {
    if (!e.is_string()) return Status::Validation(kNullAttributeValue);
    strings.push_back(e.get<std::string>());
  }
  if (HasDuplicates(strings, std::less<std::string>())) {
    return api::messages::DuplicateSetMembers(MemberTexts(m), false);
  }
  *out = Value::SS(std::move(strings));
  return Status::Ok();
}

Status BuildN(const json& m, Value* out) {
  Number n;
  Status st = ParseNumberText(m, &n);
  if (!st.ok()) return st;
  *out = Value::N(n);
  return Status::Ok();
}

Status BuildNS(const json& m, Value* out) {
  // DynamoDB: every element is validated as a number first; then duplicates are found by numeric
  // value ("1" and "1.0" are the same number) and reported without the elements.
  if (m.empty()) return api::messages::EmptySet("NS");
  std::vector<Number> numbers;
  numbers.reserve(m.size());
  for (const json& e : m) {
    Number n;
    Status st = ParseNumberText(e, &n);
    if (!st.ok()) return st;
    numbers.push_back(n);
  }
  if (HasDuplicates(numbers, [](const Number& a, const Number& b) { return a < b; })) {
    return Status::Validation(kNumberSetDuplicates);
  }
  *out = Value::NS(std::move(numbers));
  return Status::Ok();
}

Status BuildB(const json& m, Value* out) {
  std::string bytes;
  DecodeBase64(m.get_ref<const std::string&>(), &bytes);  // validated in pass 1
  *out = Value::B(std::move(bytes));
  return Status::Ok();
}

Status BuildBS(const json& m, Value* out) {
  // DynamoDB: a binary set must not be empty nor hold the same bytes twice; the duplicate message
  // prints the base64 texts and has no space before "of type BS".
  if (m.empty()) return api::messages::EmptySet("BS");
  std::vector<std::string> blobs;
  blobs.reserve(m.size());
  for (const json& e : m) {
    if (!e.is_string()) return Status::Validation(kNullAttributeValue);
    std::string bytes;
    DecodeBase64(e.get_ref<const std::string&>(), &bytes);  // validated in pass 1
    blobs.push_back(std::move(bytes));
  }
  if (HasDuplicates(blobs, std::less<std::string>())) {
    return api::messages::DuplicateSetMembers(MemberTexts(m), true);
  }
  *out = Value::BS(std::move(blobs));
  return Status::Ok();
}

// DynamoDB: an L or M at nesting level 32 or deeper is rejected (the attribute itself is level 1,
// so the deepest accepted scalar sits at level 32).
Status BuildM(const json& m, int level, Value* out) {
  if (level >= kMaxDepth) return Status::Validation(kNesting);
  Map map;
  Status st = BuildMap(m, level + 1, &map);
  if (!st.ok()) return st;
  *out = Value::M(std::move(map));
  return Status::Ok();
}

Status BuildL(const json& m, int level, Value* out) {
  if (level >= kMaxDepth) return Status::Validation(kNesting);
  List list;
  list.reserve(m.size());
  for (const json& e : m) {
    Value element;
    Status st = BuildValue(e, level + 1, &element);
    if (!st.ok()) return st;
    list.push_back(std::move(element));
  }
  *out = Value::L(std::move(list));
  return Status::Ok();
}

Status BuildBool(const json& m, Value* out) {
  bool b = false;
  CheckBoolean(m, &b);  // validated in pass 1
  *out = Value::Bool(b);
  return Status::Ok();
}

Status BuildNull(const json& m, Value* out) {
  // DynamoDB: NULL must be true.
  bool b = false;
  CheckBoolean(m, &b);  // validated in pass 1
  if (!b) return api::messages::NullNotTrue();
  *out = Value::Null();
  return Status::Ok();
}

Status BuildMember(Member member, const json& m, int level, Value* out) {
  switch (member) {
    case Member::kS:
      return BuildS(m, out);
    case Member::kSS:
      return BuildSS(m, out);
    case Member::kN:
      return BuildN(m, out);
    case Member::kNS:
      return BuildNS(m, out);
    case Member::kB:
      return BuildB(m, out);
    case Member::kBS:
      return BuildBS(m, out);
    case Member::kM:
      return BuildM(m, level, out);
    case Member::kL:
      return BuildL(m, level, out);
    case Member::kBool:
      return BuildBool(m, out);
    case Member::kNull:
      return BuildNull(m, out);
    case Member::kUnknown:
      break;
  }
  return Status::Ok();
}

// Builds the AttributeValue `j` found at nesting `level` (an attribute's own value is level 1).
// REQUIRES: pass 1 accepted `j`.
Status BuildValue(const json& j, int level, Value* out) {
  if (j.is_null()) return Status::Validation(kNullAttributeValue);
  // Fast path: exactly one member, the normal case.
  if (j.size() == 1) {
    auto it = j.begin();
    Member member = MemberOf(it.key());
    if (member == Member::kUnknown || it.value().is_null()) {
      return Status::Validation(kEmptyValue);
    }
    return BuildMember(member, it.value(), level, out);
  }
  // Several members: DynamoDB converts them in a fixed order, failing on the first invalid one,
  // and only then counts them (so {"S":"a","N":"x"} reports the number, not "more than one").
  static constexpr std::pair<const char*, Member> kOrder[] = {
      {"S", Member::kS},       {"SS", Member::kSS},    {"N", Member::kN}, {"NS", Member::kNS},
      {"B", Member::kB},       {"BS", Member::kBS},    {"M", Member::kM}, {"L", Member::kL},
      {"BOOL", Member::kBool}, {"NULL", Member::kNull}};
  int count = 0;
  for (const auto& [name, member] : kOrder) {
    auto it = j.find(name);
    if (it == j.end() || it->is_null()) continue;
    ++count;
    Status st = BuildMember(member, *it, level, out);
    if (!st.ok()) return st;
  }
  if (count == 0) return Status::Validation(kEmptyValue);
  if (count > 1) return Status::Validation(kMultipleTypes);
  return Status::Ok();
}

}  // namespace

Status ParseValue(const json& j, Value* out) {
  Status st = CheckValueTypes(j, 1);
  if (!st.ok()) return st;
  return BuildValue(j, 1, out);
}

Status ParseItem(const json& j, Item* out) {
  out->clear();
  Status st = CheckMap(j);
  if (!st.ok()) return st;
  if (j.is_null()) return Status::Ok();
  st = CheckMapValues(j, 1);
  if (!st.ok()) return st;
  return BuildMap(j, 1, out);
}

}  // namespace monotable::wire
