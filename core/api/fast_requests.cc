// fast_requests: the request-text readers of fast_requests.h.
#include "api/fast_requests.h"

#include <cstdint>
#include <cstring>

namespace monotable::api {
namespace {

// The bytes among the 8 at p that end or leave a plain string ('"', '\\', below 0x20, 0x7f and
// above), as the high bit of each byte of the result (the "has a zero byte" / "has a byte less
// than n" bit tricks). A flag can be false only above a true one, so the lowest flag is exact.
uint64_t SpecialBytes(const char* p) {
  constexpr uint64_t kOnes = 0x0101010101010101u;
  constexpr uint64_t kHigh = 0x8080808080808080u;
  uint64_t x;
  std::memcpy(&x, p, 8);  // little-endian: byte i of the text is bits 8i..8i+7
  auto has_zero = [](uint64_t v) { return (v - kOnes) & ~v & kHigh; };
  const uint64_t below_space = (x - kOnes * 0x20) & ~x & kHigh;
  const uint64_t high_or_del = (x & kHigh) | has_zero(x ^ (kOnes * 0x7f));
  return below_space | high_or_del | has_zero(x ^ (kOnes * '"')) | has_zero(x ^ (kOnes * '\\'));
}

// A forward-only reader of the JSON subset the fast readers accept. Every method returns false
// on anything outside that subset; the caller then declines.
class Scanner {
 public:
  explicit Scanner(std::string_view text) : p_(text.data()), end_(text.data() + text.size()) {}

  // JSON whitespace (RFC 8259: space, tab, line feed, carriage return). Compact text (what SDKs
  // send) has none: one comparison.
  void SkipSpace() {
    if (p_ < end_ && ' ' < static_cast<unsigned char>(*p_)) return;
    while (p_ < end_ && (*p_ == ' ' || *p_ == '\n' || *p_ == '\r' || *p_ == '\t')) ++p_;
  }
  bool Eat(char c) {
    SkipSpace();
    if (p_ == end_ || *p_ != c) return false;
    ++p_;
    return true;
  }
  // Peeks the next significant character (0 at the end).
  char Peek() {
    SkipSpace();
    return p_ == end_ ? '\0' : *p_;
  }
  // A string of printable ASCII without escapes; the view points into the text.
  bool String(std::string_view* out) {
    if (!Eat('"')) return false;
    const char* start = p_;
    // Eight bytes at a time to the first special byte; the last few one by one.
    for (;;) {
      if (end_ - p_ >= 8) {
        const uint64_t special = SpecialBytes(p_);
        if (special == 0) {
          p_ += 8;
          continue;
        }
        p_ += static_cast<unsigned>(__builtin_ctzll(special)) / 8;
        break;
      }
      while (p_ < end_ && IsPlain(static_cast<unsigned char>(*p_))) ++p_;
      break;
    }
    if (p_ == end_ || *p_ != '"') return false;  // an escape, a control or non-ASCII byte
    *out = std::string_view(start, static_cast<size_t>(p_ - start));
    ++p_;
    return true;
  }
  // true or false.
  bool Bool(bool* out) {
    SkipSpace();
    if (Literal("true")) {
      *out = true;
      return true;
    }
    if (Literal("false")) {
      *out = false;
      return true;
    }
    return false;
  }
  // A non-negative integer of at most 18 digits, without a leading zero (JSON has none), a
  // fraction or an exponent (those decline: what follows the digits must end the value).
  bool Integer(int64_t* out) {
    SkipSpace();
    const char* start = p_;
    int64_t v = 0;
    while (p_ < end_ && *p_ >= '0' && *p_ <= '9' && p_ - start < 18) v = v * 10 + (*p_++ - '0');
    const ptrdiff_t digits = p_ - start;
    if (digits == 0 || (digits > 1 && *start == '0')) return false;
    if (p_ < end_ && (*p_ == '.' || *p_ == 'e' || *p_ == 'E' || (*p_ >= '0' && *p_ <= '9'))) {
      return false;
    }
    *out = v;
    return true;
  }
  bool AtEnd() {
    SkipSpace();
    return p_ == end_;
  }

 private:
  static bool IsPlain(unsigned char c) { return c != '"' && c != '\\' && c >= 0x20 && c < 0x7f; }
  bool Literal(std::string_view word) {
    if (static_cast<size_t>(end_ - p_) < word.size() || std::string_view(p_, word.size()) != word)
      return false;
    p_ += word.size();
    return true;
  }

  const char* p_;
  const char* end_;
};

// The members of an object, one at a time: `{` then (name, value) pairs separated by commas.
// Next() reads the separator and the member name; the caller reads the value.
class Members {
 public:
  explicit Members(Scanner* s) : s_(s) {}
  // Opens the object. False if it is not an object.
  bool Open() { return s_->Eat('{'); }
  // Reads the next member's name into *name: true; at the closing brace: false with *done set.
  bool Next(std::string_view* name, bool* done) {
    *done = false;
    if (first_) {
      first_ = false;
      if (s_->Peek() == '}') {
        s_->Eat('}');
        *done = true;
        return false;
      }
    } else {
      const char c = s_->Peek();
      if (c == '}') {
        s_->Eat('}');
        *done = true;
        return false;
      }
      if (!s_->Eat(',')) return false;
    }
    return s_->String(name) && s_->Eat(':');
  }

 private:
  Scanner* s_;
  bool first_ = true;
};

// One key attribute value: {"S": "..."} (not empty) or {"N": "..."} (a valid number), nothing
// else. The general reader builds the same Value from these (wire.cc BuildS / BuildN).
bool ReadKeyValue(Scanner* s, Value* out) {
  Members m(s);
  if (!m.Open()) return false;
  std::string_view type, payload;
  bool done = false;
  if (!m.Next(&type, &done) || !s->String(&payload)) return false;
  if (m.Next(&type, &done) || !done) return false;  // exactly one member
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
  Members m(s);
  if (!m.Open()) return false;
  std::string_view name;
  bool done = false;
  while (m.Next(&name, &done)) {
    if (name.empty()) return false;
    Value value;
    if (!ReadKeyValue(s, &value)) return false;
    if (!key->emplace(std::string(name), std::move(value)).second) return false;  // repeated
  }
  return done && !key->empty();
}

// ExpressionAttributeNames: {"#n": "name", ...}, names and values plain strings, not empty,
// not repeated, at least one.
bool ReadNames(Scanner* s, expr::AttributeNames* names) {
  Members m(s);
  if (!m.Open()) return false;
  std::string_view key, value;
  bool done = false;
  while (m.Next(&key, &done)) {
    if (key.empty() || !s->String(&value) || value.empty()) return false;
    if (!names->emplace(std::string(key), std::string(value)).second) return false;
  }
  return done && !names->empty();
}

// ExpressionAttributeValues: {":v": {"S": "..."} or {"N": "..."}, ...}, not repeated, at least
// one.
bool ReadValues(Scanner* s, expr::AttributeValues* values) {
  Members m(s);
  if (!m.Open()) return false;
  std::string_view key;
  bool done = false;
  while (m.Next(&key, &done)) {
    if (key.empty()) return false;
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

}  // namespace

bool FastReadQueryScan(std::string_view text, bool query, ReadMembers* out) {
  Scanner s(text);
  Members m(&s);
  if (!m.Open()) return false;
  std::string_view name;
  bool done = false;
  while (m.Next(&name, &done)) {
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
  Scanner s(text);
  Members members(&s);
  if (!members.Open()) return false;
  WriteRequestMembers& m = out->m;
  std::string_view name;
  bool done = false;
  while (members.Next(&name, &done)) {
    bool ok = false;
    if (name == "TableName") {
      ok = OnceString(&s, &m.table_name);
    } else if (name == "Key") {
      ok = !out->key && ReadKey(&s, &out->key.emplace());
    } else if (name == "UpdateExpression" && update) {
      ok = OnceString(&s, &out->update_text);
    } else if (name == "ConditionExpression") {
      ok = OnceString(&s, &m.condition);
    } else if (name == "ExpressionAttributeNames") {
      ok = !m.params.names_storage && ReadNames(&s, &m.params.names_storage.emplace());
    } else if (name == "ExpressionAttributeValues") {
      ok = !m.params.values_storage && ReadValues(&s, &m.params.values_storage.emplace());
    } else if (name == "ReturnValues") {
      ok = OnceString(&s, &m.return_values);
    } else if (name == "ReturnConsumedCapacity") {
      ok = OnceString(&s, &m.capacity);
    } else if (name == "ReturnItemCollectionMetrics") {
      ok = OnceString(&s, &m.metrics);
    } else if (name == "ReturnValuesOnConditionCheckFailure") {
      ok = OnceString(&s, &m.on_condition_failure);
    }
    if (!ok) return false;  // anything else is the general reader's to judge
  }
  if (!done || !s.AtEnd()) return false;
  m.params.names = m.params.names_storage ? &*m.params.names_storage : nullptr;
  m.params.values = m.params.values_storage ? &*m.params.values_storage : nullptr;
  return true;
}

bool FastReadGetItem(std::string_view text, GetItemRequest* out) {
  Scanner s(text);
  Members m(&s);
  if (!m.Open()) return false;
  bool has_table = false, has_key = false, has_consistent = false;
  std::string_view name, value;
  bool done = false;
  while (m.Next(&name, &done)) {
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
  Constraints c;
  c.Enum(out->capacity_detail, "returnConsumedCapacity", kReturnConsumedCapacityValues);
  const std::optional<std::string> table_name(out->table_name);
  c.TableName(table_name, "tableName", true);
  return c.empty();
}

}  // namespace monotable::api
