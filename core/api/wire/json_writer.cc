// json_writer: responses written straight into a string, without building a tree (wire.h's
// Append* functions): AttributeValues from a Value, an Item or an item in its stored encoding,
// JSON string literals, and whole response trees with pre-rendered parts (AppendDump).
//
// Contract (wire.h): byte for byte what nlohmann's dump() of the same tree gives (compact, keys in
// byte order, strings escaped as nlohmann escapes them); tests/core/api/wire/wire_test.cc and
// response_text_test.cc compare the two. REQUIRES: strings are valid UTF-8.
#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "api/wire/base64.h"
#include "api/wire/wire.h"

namespace monotable::wire {

using nlohmann::json;

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
void WriteBase64(std::string_view bytes, Writer& w) { EncodeBase64(bytes, w); }

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

}  // namespace monotable::wire
