// request_json: the fast request reader of request_json.h: a recursive descent over the text that
// builds the nlohmann tree directly, without nlohmann's own lexer (docs/benchmarks.md, section
// 10).
#include "api/wire/request_json.h"

#include <cstdint>
#include <string>

namespace monotable::api {
namespace {

using json = nlohmann::json;

constexpr int kMaxDepth = 64;

class Reader {
 public:
  explicit Reader(std::string_view text) : p_(text.data()), end_(text.data() + text.size()) {}

  bool Document(json* out) {
    SkipSpace();
    if (p_ == end_ || *p_ != '{') return false;
    if (!Value(out, 0)) return false;
    SkipSpace();
    return p_ == end_;
  }

 private:
  void SkipSpace() {
    while (p_ < end_ && (*p_ == ' ' || *p_ == '\n' || *p_ == '\r' || *p_ == '\t')) ++p_;
  }

  bool Value(json* out, int depth) {
    SkipSpace();
    if (p_ == end_) return false;
    switch (*p_) {
      case '{':
        return Object(out, depth + 1);
      case '[':
        return Array(out, depth + 1);
      case '"': {
        std::string s;
        if (!String(&s)) return false;
        *out = std::move(s);
        return true;
      }
      case 't':
        return Word("true", json(true), out);
      case 'f':
        return Word("false", json(false), out);
      case 'n':
        return Word("null", json(nullptr), out);
      default:
        return Number(out);
    }
  }

  bool Word(std::string_view word, json value, json* out) {
    if (static_cast<size_t>(end_ - p_) < word.size() || std::string_view(p_, word.size()) != word)
      return false;
    p_ += word.size();
    *out = std::move(value);
    return true;
  }

  bool Object(json* out, int depth) {
    if (depth > kMaxDepth) return false;
    ++p_;  // '{'
    *out = json::object();
    json::object_t& object = out->get_ref<json::object_t&>();
    SkipSpace();
    if (p_ < end_ && *p_ == '}') {
      ++p_;
      return true;
    }
    for (;;) {
      SkipSpace();
      std::string key;
      if (p_ == end_ || *p_ != '"' || !String(&key)) return false;
      SkipSpace();
      if (p_ == end_ || *p_ != ':') return false;
      ++p_;
      json value;
      if (!Value(&value, depth)) return false;
      // nlohmann's DOM parser assigns through operator[]: a repeated member keeps the last value.
      object.insert_or_assign(std::move(key), std::move(value));
      SkipSpace();
      if (p_ == end_) return false;
      if (*p_ == '}') {
        ++p_;
        return true;
      }
      if (*p_ != ',') return false;
      ++p_;
    }
  }

  bool Array(json* out, int depth) {
    if (depth > kMaxDepth) return false;
    ++p_;  // '['
    *out = json::array();
    json::array_t& array = out->get_ref<json::array_t&>();
    SkipSpace();
    if (p_ < end_ && *p_ == ']') {
      ++p_;
      return true;
    }
    for (;;) {
      json value;
      if (!Value(&value, depth)) return false;
      array.push_back(std::move(value));
      SkipSpace();
      if (p_ == end_) return false;
      if (*p_ == ']') {
        ++p_;
        return true;
      }
      if (*p_ != ',') return false;
      ++p_;
    }
  }

  // REQUIRES: *p_ == '"'.
  bool String(std::string* out) {
    ++p_;
    const char* run = p_;
    while (p_ < end_) {
      const unsigned char c = static_cast<unsigned char>(*p_);
      if (c == '"') {
        out->append(run, static_cast<size_t>(p_ - run));
        ++p_;
        return true;
      }
      if (c < 0x20 || c >= 0x80) return false;
      if (c != '\\') {
        ++p_;
        continue;
      }
      out->append(run, static_cast<size_t>(p_ - run));
      if (end_ - p_ < 2) return false;
      char decoded;
      switch (p_[1]) {
        case '"':
          decoded = '"';
          break;
        case '\\':
          decoded = '\\';
          break;
        case '/':
          decoded = '/';
          break;
        case 'b':
          decoded = '\b';
          break;
        case 'f':
          decoded = '\f';
          break;
        case 'n':
          decoded = '\n';
          break;
        case 'r':
          decoded = '\r';
          break;
        case 't':
          decoded = '\t';
          break;
        default:
          return false;  // \u and invalid escapes: nlohmann's
      }
      out->push_back(decoded);
      p_ += 2;
      run = p_;
    }
    return false;
  }

  // An integer of at most 18 digits: -?(0|[1-9][0-9]*), not followed by a fraction or exponent.
  bool Number(json* out) {
    const bool negative = *p_ == '-';
    if (negative) ++p_;
    const char* digits = p_;
    uint64_t value = 0;
    while (p_ < end_ && *p_ >= '0' && *p_ <= '9') {
      value = value * 10 + static_cast<uint64_t>(*p_ - '0');
      ++p_;
    }
    const size_t count = static_cast<size_t>(p_ - digits);
    if (count == 0 || count > 18 || (count > 1 && *digits == '0')) return false;
    if (p_ < end_ && (*p_ == '.' || *p_ == 'e' || *p_ == 'E')) return false;
    if (negative) {
      *out = json(static_cast<json::number_integer_t>(-static_cast<int64_t>(value)));
    } else {
      *out = json(static_cast<json::number_unsigned_t>(value));
    }
    return true;
  }

  const char* p_;
  const char* end_;
};

}  // namespace

bool ParseRequestJson(std::string_view text, json* out) {
  Reader reader(text);
  return reader.Document(out);
}

}  // namespace monotable::api
