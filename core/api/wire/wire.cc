// wire: DynamoDB JSON AttributeValues <-> Value (see wire.h for the rules and error contract).
//
// Parsing runs in two passes, because DynamoDB deserialises the whole request (reporting wrong
// JSON types as SerializationException) before it validates any value (ValidationException):
//   1. CheckValueTypes: JSON types only, no allocation;
//   2. BuildValue: builds the Value and applies DynamoDB's validation, member by member in
//      DynamoDB's own order (S, SS, N, NS, B, BS, M, L, BOOL, NULL), then the member count.
// Both passes recurse at most kMaxDepth + 1 levels, whatever the input.
//
// The SerializationException texts are DynamoDB's (dynalite's test/helpers.js assertType table,
// refreshed against live DynamoDB).
#include "api/wire/wire.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <string>
#include <utility>
#include <vector>

#include "api/messages.h"

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

// --- base64 ---------------------------------------------------------------------------------

int8_t Base64Index(char c) {
  if (c >= 'A' && c <= 'Z') return static_cast<int8_t>(c - 'A');
  if (c >= 'a' && c <= 'z') return static_cast<int8_t>(c - 'a' + 26);
  if (c >= '0' && c <= '9') return static_cast<int8_t>(c - '0' + 52);
  if (c == '+') return 62;
  if (c == '/') return 63;
  return -1;
}

// DynamoDB accepts canonical padded base64 only: length a multiple of 4, alphabet characters,
// '=' only as one or two final characters, and zero bits after the last byte (text that would
// not re-encode to itself is rejected). Decodes into *bytes when bytes != nullptr.
enum class Base64Error { kNone, kLength, kInvalid };
Base64Error DecodeBase64(std::string_view text, std::string* bytes) {
  if (text.size() % 4 != 0) return Base64Error::kLength;
  if (bytes != nullptr) {
    bytes->clear();
    bytes->reserve(text.size() / 4 * 3);
  }
  for (size_t i = 0; i < text.size(); i += 4) {
    bool last = i + 4 == text.size();
    int pad = 0;
    if (last && text[i + 3] == '=') pad = text[i + 2] == '=' ? 2 : 1;
    int8_t v[4] = {0, 0, 0, 0};
    for (int k = 0; k < 4 - pad; ++k) {
      v[k] = Base64Index(text[i + k]);
      if (v[k] < 0) return Base64Error::kInvalid;
    }
    uint32_t triple = (static_cast<uint32_t>(v[0]) << 18) | (static_cast<uint32_t>(v[1]) << 12) |
                      (static_cast<uint32_t>(v[2]) << 6) | static_cast<uint32_t>(v[3]);
    if (pad == 2 && (triple & 0xFFFF) != 0) return Base64Error::kInvalid;
    if (pad == 1 && (triple & 0xFF) != 0) return Base64Error::kInvalid;
    if (bytes != nullptr) {
      bytes->push_back(static_cast<char>((triple >> 16) & 0xFF));
      if (pad < 2) bytes->push_back(static_cast<char>((triple >> 8) & 0xFF));
      if (pad < 1) bytes->push_back(static_cast<char>(triple & 0xFF));
    }
  }
  return Base64Error::kNone;
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

json ToJson(const Value& v) {
  json out = json::object();
  switch (v.type()) {
    case Type::kS:
      out["S"] = v.s();
      break;
    case Type::kN:
      out["N"] = v.n().ToString();
      break;
    case Type::kB:
      out["B"] = Base64Encode(v.s());
      break;
    case Type::kBool:
      out["BOOL"] = v.boolean();
      break;
    case Type::kNull:
      out["NULL"] = true;
      break;
    case Type::kL: {
      json list = json::array();
      for (const Value& element : v.l()) list.push_back(ToJson(element));
      out["L"] = std::move(list);
      break;
    }
    case Type::kM:
      out["M"] = ToJson(v.m());
      break;
    case Type::kSS: {
      json list = json::array();
      for (const std::string& s : v.strings()) list.push_back(s);
      out["SS"] = std::move(list);
      break;
    }
    case Type::kNS: {
      json list = json::array();
      for (const Number& n : v.numbers()) list.push_back(n.ToString());
      out["NS"] = std::move(list);
      break;
    }
    case Type::kBS: {
      json list = json::array();
      for (const std::string& b : v.strings()) list.push_back(Base64Encode(b));
      out["BS"] = std::move(list);
      break;
    }
  }
  return out;
}

json ToJson(const Item& item) {
  json out = json::object();
  for (const auto& [name, value] : item) out[name] = ToJson(value);
  return out;
}

// --- direct writer ------------------------------------------------------------------------------
//
// Every Append* function below writes through one Writer: a 1 KB buffer on the stack, flushed into
// the std::string with one append when full and when the function returns. A response is made of
// many tiny pieces (a quote, a colon, `{"S":`, a short name); std::string::push_back and append are
// out-of-line calls with a capacity check each in libc++ (Emscripten's standard library), and a
// Scan page of 100 items made ~3,000 of them. Here a piece is a bounds check and a copy into the
// buffer, and the string sees one append per kilobyte. (The first form of this writer also called
// out->reserve(out->size() + n) before every string: libc++'s reserve allocates exactly what is
// asked, so that re-allocated and copied the whole response again and again; libstdc++ doubles,
// which hid it natively. A fifth of a Scan page's time in WebAssembly went to those copies.)

namespace {

class Writer {
 public:
  explicit Writer(std::string* out) : out_(out) {}
  Writer(const Writer&) = delete;
  Writer& operator=(const Writer&) = delete;
  ~Writer() { Flush(); }

  void Put(char c) {
    if (n_ == kSize) Flush();
    buf_[n_++] = c;
  }
  void Put(std::string_view s) {
    if (s.size() > kSize - n_) {
      Flush();
      if (s.size() > kSize / 2) {  // long runs go straight to the string
        out_->append(s.data(), s.size());
        return;
      }
    }
    Copy(buf_ + n_, s.data(), s.size());
    n_ += s.size();
  }
  // '"' s '"', for s that needs no escaping.
  void PutQuoted(std::string_view s) {
    if (s.size() + 2 > kSize - n_) {
      Put('"');
      Put(s);
      Put('"');
      return;
    }
    buf_[n_] = '"';
    Copy(buf_ + n_ + 1, s.data(), s.size());
    n_ += s.size() + 2;
    buf_[n_ - 1] = '"';
  }
  // `"name":{"T":"value"}` for a name and value that need no escaping (T is S or N), as one piece;
  // false (nothing written) when it is longer than the buffer.
  bool PutScalarAttribute(std::string_view name, char type, std::string_view value) {
    const size_t size = name.size() + value.size() + 11;
    if (size > kSize - n_) {
      if (size > kSize) return false;
      Flush();
    }
    char* d = buf_ + n_;
    *d++ = '"';
    Copy(d, name.data(), name.size());
    d += name.size();
    std::memcpy(d, "\":{\"S\":\"", 8);
    d[4] = type;
    d += 8;
    Copy(d, value.data(), value.size());
    d += value.size();
    d[0] = '"';
    d[1] = '}';
    n_ += size;
    return true;
  }
  // Room for `n` (at most kSize) bytes written with PutUnchecked.
  void Room(size_t n) {
    if (n > kSize - n_) Flush();
  }
  void PutUnchecked(char c) { buf_[n_++] = c; }

  void Flush() {
    if (n_ == 0) return;
    const size_t need = out_->size() + n_;
    // Geometric growth, whatever reserve does in this standard library (see above).
    if (need > out_->capacity()) out_->reserve(std::max(need, 2 * out_->capacity()));
    out_->append(buf_, n_);
    n_ = 0;
  }

 private:
  // memcpy, with the short copies most pieces are (names, keys, a few bytes of a value) made
  // inline as two overlapping loads and stores: memcpy of a run-time length is a call in
  // WebAssembly (and in glibc).
  static void Copy(char* d, const char* s, size_t n) {
    if (n >= 8 && n <= 16) {
      uint64_t a, b;
      std::memcpy(&a, s, 8);
      std::memcpy(&b, s + n - 8, 8);
      std::memcpy(d, &a, 8);
      std::memcpy(d + n - 8, &b, 8);
    } else if (n >= 4 && n < 8) {
      uint32_t a, b;
      std::memcpy(&a, s, 4);
      std::memcpy(&b, s + n - 4, 4);
      std::memcpy(d, &a, 4);
      std::memcpy(d + n - 4, &b, 4);
    } else if (n > 0 && n < 4) {
      d[0] = s[0];
      d[n / 2] = s[n / 2];
      d[n - 1] = s[n - 1];
    } else if (n > 16) {
      std::memcpy(d, s, n);
    }
  }

  static constexpr size_t kSize = 1024;
  std::string* out_;
  size_t n_ = 0;
  char buf_[kSize];
};

// For each byte: 0 if it is written as is, else the character after the backslash of its escape
// ('u' for \u00xx). nlohmann's dump escapes exactly these: '"', '\\' and the control characters
// below 0x20 (DEL and everything from 0x80 up are written as they are).
constexpr std::array<char, 256> kEscape = [] {
  std::array<char, 256> t{};
  for (int c = 0; c < 0x20; ++c) t[c] = 'u';
  t['\b'] = 'b';
  t['\f'] = 'f';
  t['\n'] = 'n';
  t['\r'] = 'r';
  t['\t'] = 't';
  t['"'] = '"';
  t['\\'] = '\\';
  return t;
}();

// True if one of the 8 bytes of x is escaped: below 0x20, '"' or '\\' (the classic "has a zero
// byte" and "has a byte less than n" bit tricks; exact as a whole, not per byte).
bool AnyNeedsEscape(uint64_t x) {
  constexpr uint64_t kOnes = 0x0101010101010101u;
  constexpr uint64_t kHigh = 0x8080808080808080u;
  auto has_zero = [](uint64_t v) { return (v - kOnes) & ~v & kHigh; };
  const uint64_t below_space = (x - kOnes * 0x20) & ~x & kHigh;
  return (below_space | has_zero(x ^ (kOnes * '"')) | has_zero(x ^ (kOnes * '\\'))) != 0;
}

bool EightNeedEscape(const char* p) {
  uint64_t x;
  std::memcpy(&x, p, 8);
  return AnyNeedsEscape(x);
}

// True if a byte of s is escaped. Without a loop over bytes: eight at a time, the last eight
// overlapping; a string under 8 bytes is checked in one word made of its bytes (some twice) and
// spaces, never reading outside it. Names and short values are most of a response's strings.
[[gnu::always_inline]] inline bool NeedsEscape(std::string_view s) {
  const char* p = s.data();
  const size_t n = s.size();
  if (n >= 8) {
    for (size_t i = 0; i + 8 < n; i += 8) {
      if (EightNeedEscape(p + i)) return true;
    }
    return EightNeedEscape(p + n - 8);
  }
  uint64_t x = 0x2020202020202020u;  // spaces: never escaped
  if (n >= 4) {
    uint32_t a, b;
    std::memcpy(&a, p, 4);
    std::memcpy(&b, p + n - 4, 4);
    x = a | static_cast<uint64_t>(b) << 32;
  } else if (n > 0) {
    x = (x << 24) | static_cast<uint8_t>(p[0]) |
        static_cast<uint64_t>(static_cast<uint8_t>(p[n / 2])) << 8 |
        static_cast<uint64_t>(static_cast<uint8_t>(p[n - 1])) << 16;
  }
  return AnyNeedsEscape(x);
}

// WriteJsonString's slow half: a string with bytes to escape. Apart, so that the fast half (every
// name and nearly every value of a response) is a few instructions with nothing to save and
// restore around it.
[[gnu::noinline]] void WriteEscapedJsonString(std::string_view s, Writer& w) {
  static constexpr char kHex[] = "0123456789abcdef";
  w.Put('"');
  const char* p = s.data();
  const char* const end = p + s.size();
  while (p < end) {
    const char* run = p;
    while (end - p >= 8 && !EightNeedEscape(p)) p += 8;
    while (p < end && kEscape[static_cast<unsigned char>(*p)] == 0) ++p;
    w.Put(std::string_view(run, static_cast<size_t>(p - run)));
    if (p == end) break;
    const auto c = static_cast<unsigned char>(*p++);
    const char e = kEscape[c];
    w.Room(6);
    w.PutUnchecked('\\');
    w.PutUnchecked(e);
    if (e == 'u') {
      w.PutUnchecked('0');
      w.PutUnchecked('0');
      w.PutUnchecked(kHex[c >> 4]);
      w.PutUnchecked(kHex[c & 15]);
    }
  }
  w.Put('"');
}

inline void WriteJsonString(std::string_view s, Writer& w) {
  if (!NeedsEscape(s)) {  // nearly every string: one copy between its quotes
    w.PutQuoted(s);
    return;
  }
  WriteEscapedJsonString(s, w);
}

void WriteBase64(std::string_view bytes, Writer& w) {
  static constexpr char kAlphabet[] =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  size_t i = 0;
  for (; i + 3 <= bytes.size(); i += 3) {
    uint32_t triple = (static_cast<uint8_t>(bytes[i]) << 16) |
                      (static_cast<uint8_t>(bytes[i + 1]) << 8) |
                      static_cast<uint8_t>(bytes[i + 2]);
    w.Room(4);
    w.PutUnchecked(kAlphabet[(triple >> 18) & 63]);
    w.PutUnchecked(kAlphabet[(triple >> 12) & 63]);
    w.PutUnchecked(kAlphabet[(triple >> 6) & 63]);
    w.PutUnchecked(kAlphabet[triple & 63]);
  }
  size_t rest = bytes.size() - i;
  if (rest > 0) {
    uint32_t triple = static_cast<uint32_t>(static_cast<uint8_t>(bytes[i])) << 16;
    if (rest == 2) triple |= static_cast<uint32_t>(static_cast<uint8_t>(bytes[i + 1])) << 8;
    w.Room(4);
    w.PutUnchecked(kAlphabet[(triple >> 18) & 63]);
    w.PutUnchecked(kAlphabet[(triple >> 12) & 63]);
    w.PutUnchecked(rest == 2 ? kAlphabet[(triple >> 6) & 63] : '=');
    w.PutUnchecked('=');
  }
}

void WriteItem(const Item& item, Writer& w);

void WriteValue(const Value& v, Writer& w) {
  switch (v.type()) {
    case Type::kS:
      w.Put("{\"S\":");
      WriteJsonString(v.s(), w);
      break;
    case Type::kN:
      // Canonical number text holds only digits, '-' and '.': nothing to escape.
      w.Put("{\"N\":\"");
      w.Put(v.n().ToString());
      w.Put('"');
      break;
    case Type::kB:
      w.Put("{\"B\":\"");
      WriteBase64(v.s(), w);
      w.Put('"');
      break;
    case Type::kBool:
      w.Put(v.boolean() ? "{\"BOOL\":true" : "{\"BOOL\":false");
      break;
    case Type::kNull:
      w.Put("{\"NULL\":true");
      break;
    case Type::kL: {
      w.Put("{\"L\":[");
      bool first = true;
      for (const Value& element : v.l()) {
        if (!first) w.Put(',');
        first = false;
        WriteValue(element, w);
      }
      w.Put(']');
      break;
    }
    case Type::kM:
      w.Put("{\"M\":");
      WriteItem(v.m(), w);
      break;
    case Type::kSS: {
      w.Put("{\"SS\":[");
      bool first = true;
      for (const std::string& s : v.strings()) {
        if (!first) w.Put(',');
        first = false;
        WriteJsonString(s, w);
      }
      w.Put(']');
      break;
    }
    case Type::kNS: {
      w.Put("{\"NS\":[");
      bool first = true;
      for (const Number& n : v.numbers()) {
        if (!first) w.Put(',');
        first = false;
        w.Put('"');
        w.Put(n.ToString());
        w.Put('"');
      }
      w.Put(']');
      break;
    }
    case Type::kBS: {
      w.Put("{\"BS\":[");
      bool first = true;
      for (const std::string& b : v.strings()) {
        if (!first) w.Put(',');
        first = false;
        w.Put('"');
        WriteBase64(b, w);
        w.Put('"');
      }
      w.Put(']');
      break;
    }
  }
  w.Put('}');
}

void WriteItem(const Item& item, Writer& w) {
  // Item iterates in byte order of the names, as the json object ToJson builds does.
  w.Put('{');
  bool first = true;
  for (const auto& [name, value] : item) {
    if (!first) w.Put(',');
    first = false;
    WriteJsonString(name, w);
    w.Put(':');
    WriteValue(value, w);
  }
  w.Put('}');
}

void WriteEncodedMap(storage::ItemReader& r, Writer& w);

void WriteEncodedValue(storage::ItemReader& r, Writer& w, storage::Tag tag);

void WriteEncodedValue(storage::ItemReader& r, Writer& w) { WriteEncodedValue(r, w, r.ReadTag()); }

// One value whose tag has been read.
void WriteEncodedValue(storage::ItemReader& r, Writer& w, storage::Tag tag) {
  using storage::Tag;
  switch (tag) {
    case Tag::kS:
      w.Put("{\"S\":");
      WriteJsonString(r.Bytes(), w);
      break;
    case Tag::kN:
      w.Put("{\"N\":\"");
      w.Put(r.Bytes());  // canonical number text: nothing to escape
      w.Put('"');
      break;
    case Tag::kB:
      w.Put("{\"B\":\"");
      WriteBase64(r.Bytes(), w);
      w.Put('"');
      break;
    case Tag::kTrue:
      w.Put("{\"BOOL\":true");
      break;
    case Tag::kFalse:
      w.Put("{\"BOOL\":false");
      break;
    case Tag::kNull:
      w.Put("{\"NULL\":true");
      break;
    case Tag::kL: {
      w.Put("{\"L\":[");
      for (uint32_t i = 0, n = r.Count(); i < n; ++i) {
        if (i) w.Put(',');
        WriteEncodedValue(r, w);
      }
      w.Put(']');
      break;
    }
    case Tag::kM:
      w.Put("{\"M\":");
      WriteEncodedMap(r, w);
      break;
    case Tag::kSS:
    case Tag::kNS:
    case Tag::kBS: {
      w.Put(tag == Tag::kSS ? "{\"SS\":[" : tag == Tag::kNS ? "{\"NS\":[" : "{\"BS\":[");
      for (uint32_t i = 0, n = r.Count(); i < n; ++i) {
        if (i) w.Put(',');
        if (tag == Tag::kSS) {
          WriteJsonString(r.Bytes(), w);
        } else {
          w.Put('"');
          if (tag == Tag::kNS) {
            w.Put(r.Bytes());
          } else {
            WriteBase64(r.Bytes(), w);
          }
          w.Put('"');
        }
      }
      w.Put(']');
      break;
    }
  }
  w.Put('}');
}

void WriteEncodedMap(storage::ItemReader& r, Writer& w) {
  using storage::Tag;
  w.Put('{');
  for (uint32_t i = 0, n = r.Count(); i < n; ++i) {
    if (i) w.Put(',');
    const std::string_view name = r.Bytes();
    const Tag tag = r.ReadTag();
    // Most attributes are a plain string or a number under a plain name: written as one piece.
    if (tag == Tag::kS || tag == Tag::kN) {
      const std::string_view value = r.Bytes();
      if (!NeedsEscape(name) && (tag == Tag::kN || !NeedsEscape(value)) &&
          w.PutScalarAttribute(name, tag == Tag::kS ? 'S' : 'N', value)) {
        continue;
      }
      WriteJsonString(name, w);
      w.Put(tag == Tag::kS ? ":{\"S\":" : ":{\"N\":");
      if (tag == Tag::kS) {
        WriteJsonString(value, w);
      } else {
        w.PutQuoted(value);  // canonical number text: nothing to escape
      }
      w.Put('}');
      continue;
    }
    WriteJsonString(name, w);
    w.Put(':');
    WriteEncodedValue(r, w, tag);
  }
  w.Put('}');
}

void WriteDump(const json& tree, const std::vector<std::string>& raw, Writer& w) {
  switch (tree.type()) {
    case json::value_t::binary: {
      const size_t i = static_cast<size_t>(tree.get_binary().subtype());
      if (i < raw.size()) w.Put(raw[i]);
      return;
    }
    case json::value_t::object: {
      w.Put('{');
      bool first = true;
      for (auto it = tree.begin(); it != tree.end(); ++it) {
        if (!first) w.Put(',');
        first = false;
        WriteJsonString(it.key(), w);
        w.Put(':');
        WriteDump(it.value(), raw, w);
      }
      w.Put('}');
      return;
    }
    case json::value_t::array: {
      w.Put('[');
      bool first = true;
      for (const json& element : tree) {
        if (!first) w.Put(',');
        first = false;
        WriteDump(element, raw, w);
      }
      w.Put(']');
      return;
    }
    case json::value_t::string:
      WriteJsonString(tree.get_ref<const std::string&>(), w);
      return;
    default:
      w.Put(tree.dump());  // numbers, booleans, null: nlohmann's own formatting
      return;
  }
}

}  // namespace

std::string Base64Encode(std::string_view bytes) {
  std::string out;
  AppendBase64(bytes, &out);
  return out;
}

void AppendBase64(std::string_view bytes, std::string* out) {
  Writer w(out);
  WriteBase64(bytes, w);
}

void AppendJsonString(std::string_view s, std::string* out) {
  if (!NeedsEscape(s)) {  // a name or a short value: straight into the string, no buffer
    out->push_back('"');
    out->append(s.data(), s.size());
    out->push_back('"');
    return;
  }
  Writer w(out);
  WriteEscapedJsonString(s, w);
}

void AppendValueJson(const Value& v, std::string* out) {
  Writer w(out);
  WriteValue(v, w);
}

void AppendItemJson(const Item& item, std::string* out) {
  Writer w(out);
  WriteItem(item, w);
}

void AppendEncodedItemJson(storage::ItemReader reader, std::string* out) {
  Writer w(out);
  WriteEncodedMap(reader, w);
}

json RawPlaceholder(size_t i) {
  return json::binary(json::binary_t::container_type(), static_cast<std::uint64_t>(i));
}

void AppendDump(const json& tree, const std::vector<std::string>& raw, std::string* out) {
  Writer w(out);
  WriteDump(tree, raw, w);
}

bool Base64Decode(std::string_view text, std::string* bytes) {
  return DecodeBase64(text, bytes) == Base64Error::kNone;
}

}  // namespace monotable::wire

// The public renderings declared in monotable/value.h, for front ends (they must not include this
// internal header). Invalid UTF-8 in S values is replaced rather than aborting the dump.
namespace monotable {

std::string ToWireJson(const Value& value) {
  return wire::ToJson(value).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

std::string ToWireJson(const Item& item) {
  return wire::ToJson(item).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

std::string Base64Encode(std::string_view bytes) { return wire::Base64Encode(bytes); }

}  // namespace monotable
