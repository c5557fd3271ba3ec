// json_scan: the forward-only JSON reader the fast request readers share (fast_requests.cc,
// fast_writes.cc). It reads the subset of JSON clients send (printable ASCII strings with JSON's
// short escapes, true/false, plain non-negative integers, objects and arrays) straight from the
// request text, without a tree.
//
// Contract: every method returns false on anything outside that subset, and the caller then
// declines the whole request to the general reader (nlohmann's tree), whose verdict stands. A
// method that returns true has read exactly what a JSON parser reads there. Internal to core/api.
#pragma once

#include <cstdint>
#include <cstring>
#include <forward_list>
#include <string>
#include <string_view>

namespace monotable::api::scan {

// The bytes among the 8 at p that end or leave a plain run of a string ('"', '\\', below 0x20,
// 0x7f and above), as the high bit of each byte of the result (the "has a zero byte" / "has a
// byte less than n" bit tricks). A flag can be false only above a true one, so the lowest flag is
// exact.
inline uint64_t SpecialBytes(const char* p) {
  constexpr uint64_t kOnes = 0x0101010101010101u;
  constexpr uint64_t kHigh = 0x8080808080808080u;
  uint64_t x;
  std::memcpy(&x, p, 8);  // little-endian: byte i of the text is bits 8i..8i+7
  auto has_zero = [](uint64_t v) { return (v - kOnes) & ~v & kHigh; };
  const uint64_t below_space = (x - kOnes * 0x20) & ~x & kHigh;
  const uint64_t high_or_del = (x & kHigh) | has_zero(x ^ (kOnes * 0x7f));
  return below_space | high_or_del | has_zero(x ^ (kOnes * '"')) | has_zero(x ^ (kOnes * '\\'));
}

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
  // A string of printable ASCII. The view points into the text, or, when the string holds one of
  // JSON's short escapes (\" \\ \/ \b \f \n \r \t), to its unescaped copy kept by the scanner
  // (valid as long as the scanner); a \u escape, a control byte or a byte outside ASCII declines.
  bool String(std::string_view* out) {
    if (!Eat('"')) return false;
    const char* start = p_;
    // Eight bytes at a time to the first special byte, the last few one by one.
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
    if (p_ < end_ && *p_ == '"') {  // nearly every string: no escape
      *out = std::string_view(start, static_cast<size_t>(p_ - start));
      ++p_;
      return true;
    }
    return EscapedString(start, out);
  }
  // True or false.
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
  // Reads `word` if the text (after whitespace) continues with exactly these bytes; otherwise
  // reads nothing. For the compact shapes SDKs write, e.g. `{"S":` before a key's string.
  bool EatExact(std::string_view word) {
    SkipSpace();
    if (static_cast<size_t>(end_ - p_) < word.size() ||
        std::memcmp(p_, word.data(), word.size()) != 0) {
      return false;
    }
    p_ += word.size();
    return true;
  }

 private:
  // Printable ASCII other than '"' and '\\': the bytes a string holds as they are.
  static bool IsPlain(unsigned char c) { return c != '"' && c != '\\' && c >= 0x20 && c < 0x7f; }
  bool Literal(std::string_view word) {
    if (static_cast<size_t>(end_ - p_) < word.size() || std::string_view(p_, word.size()) != word)
      return false;
    p_ += word.size();
    return true;
  }
  // The character a short escape stands for, or 0 if `c` does not start one.
  static char ShortEscape(char c) {
    switch (c) {
      case '"':
      case '\\':
      case '/':
        return c;
      case 'b':
        return '\b';
      case 'f':
        return '\f';
      case 'n':
        return '\n';
      case 'r':
        return '\r';
      case 't':
        return '\t';
      default:
        return 0;
    }
  }
  // `raw` (checked by String) unescaped, in storage that lives as long as the scanner.
  std::string_view Unescape(std::string_view raw) {
    std::string& out = unescaped_.emplace_front();
    out.reserve(raw.size());
    for (size_t i = 0; i < raw.size(); ++i) {
      out.push_back(raw[i] == '\\' ? ShortEscape(raw[++i]) : raw[i]);
    }
    return out;
  }

  // String's slow half, from the first byte that is not plain (apart, so that the fast half has
  // nothing to save and restore): the rest byte by byte, through the escapes.
  [[gnu::noinline]] bool EscapedString(const char* start, std::string_view* out) {
    bool escaped = false;
    while (p_ < end_) {
      const unsigned char c = static_cast<unsigned char>(*p_);
      if (c == '"') {
        *out = std::string_view(start, static_cast<size_t>(p_ - start));
        ++p_;
        if (escaped) *out = Unescape(*out);
        return true;
      }
      if (c == '\\') {
        if (++p_ == end_ || !ShortEscape(*p_)) return false;
        escaped = true;
      } else if (!IsPlain(c)) {
        return false;
      }
      ++p_;
    }
    return false;
  }

  const char* p_;
  const char* end_;
  std::forward_list<std::string> unescaped_;  // stable addresses: views into it stay valid
};

// The members of an object (`{` then name: value pairs) or the elements of an array (`[` then
// values), one at a time. Next() reads the separator (and for an object the member name and its
// colon); the caller reads the value.
class Sequence {
 public:
  Sequence(Scanner* s, char open, char close) : s_(s), open_(open), close_(close) {}
  bool Open() { return s_->Eat(open_); }
  // True when a value follows; false at the closing bracket (*done set) or on a syntax error.
  bool Next(bool* done) {
    *done = false;
    if (s_->Peek() == close_) {  // (after a comma the caller's value read fails on it instead)
      s_->Eat(close_);
      *done = true;
      return false;
    }
    if (!first_ && !s_->Eat(',')) return false;
    first_ = false;
    return true;
  }
  // For objects: Next, then the member name and the colon.
  bool NextMember(std::string_view* name, bool* done) {
    return Next(done) && s_->String(name) && s_->Eat(':');
  }

 private:
  Scanner* s_;
  char open_, close_;
  bool first_ = true;
};

}  // namespace monotable::api::scan
