// fast_items: the fast path for a model file's "items" (which holds nearly all of a large file):
// DynamoDB JSON parsed straight into Values, without building a JSON document first. It accepts
// only input it fully understands and is sure is valid; on anything else it gives up and the
// caller parses the whole file the slow, exact way (nlohmann + wire), which produces the precise
// error with its position. So the fast path changes speed, never results.
#include <algorithm>
#include <cstdint>
#include <string>

#include "api/wire/wire.h"
#include "model/model_internal.h"

namespace monotable::model_internal {
namespace {

class FastParser {
 public:
  FastParser(std::string_view text, size_t pos, size_t end) : text_(text), pos_(pos), end_(end) {}

  size_t pos() const { return pos_; }

  void Space() {
    while (pos_ < end_) {
      char c = text_[pos_];
      if (c != ' ' && c != '\n' && c != '\r' && c != '\t') break;
      ++pos_;
    }
  }
  bool Eat(char c) {
    Space();
    if (pos_ < end_ && text_[pos_] == c) {
      ++pos_;
      return true;
    }
    return false;
  }
  bool Peek(char c) {
    Space();
    return pos_ < end_ && text_[pos_] == c;
  }

  static int Hex(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
  }
  bool Hex4(uint32_t* out) {
    if (pos_ + 4 > end_) return false;
    uint32_t v = 0;
    for (int i = 0; i < 4; ++i) {
      int h = Hex(text_[pos_++]);
      if (h < 0) return false;
      v = v * 16 + static_cast<uint32_t>(h);
    }
    *out = v;
    return true;
  }
  static void AppendUtf8(uint32_t cp, std::string* out) {
    if (cp < 0x80) {
      out->push_back(static_cast<char>(cp));
    } else if (cp < 0x800) {
      out->push_back(static_cast<char>(0xC0 | (cp >> 6)));
      out->push_back(static_cast<char>(0x80 | (cp & 0x3F)));
    } else if (cp < 0x10000) {
      out->push_back(static_cast<char>(0xE0 | (cp >> 12)));
      out->push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
      out->push_back(static_cast<char>(0x80 | (cp & 0x3F)));
    } else {
      out->push_back(static_cast<char>(0xF0 | (cp >> 18)));
      out->push_back(static_cast<char>(0x80 | ((cp >> 12) & 0x3F)));
      out->push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
      out->push_back(static_cast<char>(0x80 | (cp & 0x3F)));
    }
  }

  // A JSON string. Raw bytes >= 0x80 are passed through only when they form valid UTF-8 is not
  // checked here; nlohmann (the slow path) rejects invalid UTF-8, so give up on any byte that
  // could start an invalid sequence: accept ASCII and well-formed multi-byte sequences.
  bool String(std::string* out) {
    Space();
    if (pos_ >= end_ || text_[pos_] != '"') return false;
    ++pos_;
    out->clear();
    while (pos_ < end_) {
      size_t run = pos_;
      while (run < end_) {
        unsigned char c = static_cast<unsigned char>(text_[run]);
        if (c == '"' || c == '\\' || c < 0x20 || c >= 0x80) break;
        ++run;
      }
      out->append(text_.data() + pos_, run - pos_);
      pos_ = run;
      if (pos_ >= end_) return false;
      unsigned char c = static_cast<unsigned char>(text_[pos_]);
      if (c == '"') {
        ++pos_;
        return true;
      }
      if (c < 0x20) return false;
      if (c >= 0x80) {
        int len = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC2 ? 2 : 0;
        if (len == 0 || c > 0xF4 || pos_ + static_cast<size_t>(len) > end_) return false;
        for (int i = 1; i < len; ++i) {
          if ((static_cast<unsigned char>(text_[pos_ + static_cast<size_t>(i)]) & 0xC0) != 0x80) {
            return false;
          }
        }
        uint32_t cp = c & (len == 2 ? 0x1F : len == 3 ? 0x0F : 0x07);
        for (int i = 1; i < len; ++i) {
          cp =
              (cp << 6) | (static_cast<unsigned char>(text_[pos_ + static_cast<size_t>(i)]) & 0x3F);
        }
        // Overlong forms, surrogates and values past U+10FFFF are invalid UTF-8.
        if ((len == 3 && cp < 0x800) || (len == 4 && (cp < 0x10000 || cp > 0x10FFFF)) ||
            (cp >= 0xD800 && cp <= 0xDFFF)) {
          return false;
        }
        out->append(text_.data() + pos_, static_cast<size_t>(len));
        pos_ += static_cast<size_t>(len);
        continue;
      }
      // Escape.
      if (pos_ + 1 >= end_) return false;
      char e = text_[pos_ + 1];
      pos_ += 2;
      switch (e) {
        case '"':
          out->push_back('"');
          break;
        case '\\':
          out->push_back('\\');
          break;
        case '/':
          out->push_back('/');
          break;
        case 'b':
          out->push_back('\b');
          break;
        case 'f':
          out->push_back('\f');
          break;
        case 'n':
          out->push_back('\n');
          break;
        case 'r':
          out->push_back('\r');
          break;
        case 't':
          out->push_back('\t');
          break;
        case 'u': {
          uint32_t cp;
          if (!Hex4(&cp)) return false;
          if (cp >= 0xD800 && cp <= 0xDBFF) {
            uint32_t low;
            if (pos_ + 2 > end_ || text_[pos_] != '\\' || text_[pos_ + 1] != 'u') return false;
            pos_ += 2;
            if (!Hex4(&low) || low < 0xDC00 || low > 0xDFFF) return false;
            cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
          } else if (cp >= 0xDC00 && cp <= 0xDFFF) {
            return false;
          }
          AppendUtf8(cp, out);
          break;
        }
        default:
          return false;
      }
    }
    return false;
  }

  bool StringArray(std::vector<std::string>* out) {
    if (!Eat('[')) return false;
    if (Eat(']')) return true;
    do {
      std::string s;
      if (!String(&s)) return false;
      out->push_back(std::move(s));
    } while (Eat(','));
    return Eat(']');
  }

  // One AttributeValue; `depth` as wire::kMaxDepth counts it (a top-level attribute is 1).
  bool AttributeValue(int depth, Value* out) {
    if (depth > wire::kMaxDepth) return false;
    if (!Eat('{')) return false;
    std::string type;
    if (!String(&type) || !Eat(':')) return false;
    std::string s;
    if (type == "S") {
      if (!String(&s)) return false;
      *out = Value::S(std::move(s));
    } else if (type == "N") {
      Number n;
      if (!String(&s) || !Number::Parse(s, &n).ok()) return false;
      *out = Value::N(n);
    } else if (type == "B") {
      std::string bytes;
      if (!String(&s) || !wire::Base64Decode(s, &bytes)) return false;
      *out = Value::B(std::move(bytes));
    } else if (type == "BOOL" || type == "NULL") {
      Space();
      bool value;
      if (text_.compare(pos_, 4, "true") == 0) {
        value = true;
        pos_ += 4;
      } else if (text_.compare(pos_, 5, "false") == 0) {
        value = false;
        pos_ += 5;
      } else {
        return false;
      }
      if (type == "NULL") {
        if (!value) return false;  // NULL must be true (the slow path reports it)
        *out = Value::Null();
      } else {
        *out = Value::Bool(value);
      }
    } else if (type == "L") {
      if (!Eat('[')) return false;
      List list;
      if (!Eat(']')) {
        do {
          Value v;
          if (!AttributeValue(depth + 1, &v)) return false;
          list.push_back(std::move(v));
        } while (Eat(','));
        if (!Eat(']')) return false;
      }
      *out = Value::L(std::move(list));
    } else if (type == "M") {
      Map map;
      if (!Attributes(depth + 1, &map)) return false;
      *out = Value::M(std::move(map));
    } else if (type == "SS" || type == "BS") {
      std::vector<std::string> v;
      if (!StringArray(&v) || v.empty()) return false;
      if (type == "BS") {
        for (std::string& e : v) {
          std::string bytes;
          if (!wire::Base64Decode(e, &bytes)) return false;
          e = std::move(bytes);
        }
      }
      std::vector<std::string> sorted = v;
      std::sort(sorted.begin(), sorted.end());
      if (std::adjacent_find(sorted.begin(), sorted.end()) != sorted.end()) return false;
      *out = type == "SS" ? Value::SS(std::move(v)) : Value::BS(std::move(v));
    } else if (type == "NS") {
      std::vector<std::string> v;
      if (!StringArray(&v) || v.empty()) return false;
      std::vector<Number> numbers(v.size());
      for (size_t i = 0; i < v.size(); ++i) {
        if (!Number::Parse(v[i], &numbers[i]).ok()) return false;
      }
      std::vector<Number> sorted = numbers;
      std::sort(sorted.begin(), sorted.end());
      for (size_t i = 1; i < sorted.size(); ++i) {
        if (sorted[i] == sorted[i - 1]) return false;
      }
      *out = Value::NS(std::move(numbers));
    } else {
      return false;
    }
    return Eat('}');  // exactly one type member
  }

  // {"name": AttributeValue, ...}; duplicate names give up (JSON libraries disagree on them).
  bool Attributes(int depth, Map* out) {
    if (!Eat('{')) return false;
    if (Eat('}')) return true;
    std::string name;
    do {
      if (!String(&name) || !Eat(':')) return false;
      Value v;
      if (!AttributeValue(depth, &v)) return false;
      if (!out->emplace(std::move(name), std::move(v)).second) return false;
    } while (Eat(','));
    return Eat('}');
  }

 private:
  std::string_view text_;
  size_t pos_;
  size_t end_;
};

}  // namespace

bool FastParseItems(std::string_view text, size_t begin, size_t end,
                    std::vector<ModelTable>* tables) {
  FastParser p(text, begin, end);
  if (!p.Eat('{')) return false;
  std::vector<bool> seen(tables->size(), false);
  if (!p.Eat('}')) {
    do {
      std::string table_name;
      if (!p.String(&table_name) || !p.Eat(':')) return false;
      size_t t = 0;
      while (t < tables->size() && (*tables)[t].name != table_name) ++t;
      if (t == tables->size() || seen[t]) return false;
      seen[t] = true;
      std::vector<Item>& items = (*tables)[t].items;
      if (!p.Eat('[')) return false;
      if (!p.Eat(']')) {
        do {
          Item item;
          if (!p.Attributes(1, &item)) return false;
          items.push_back(std::move(item));
        } while (p.Eat(','));
        if (!p.Eat(']')) return false;
      }
    } while (p.Eat(','));
    if (!p.Eat('}')) return false;
  }
  p.Space();
  return p.pos() == end;
}

bool FindTopLevelMember(std::string_view text, std::string_view name, size_t* begin, size_t* end) {
  // A minimal scan of valid-looking JSON: the top-level object's members, skipping values.
  FastParser p(text, 0, text.size());
  if (!p.Eat('{')) return false;
  std::string key;
  while (p.String(&key)) {
    if (!p.Eat(':')) return false;
    p.Space();
    size_t value_begin = p.pos();
    size_t value_end = SkipJsonValue(text, value_begin);
    if (value_end == std::string_view::npos) return false;
    if (key == name) {
      *begin = value_begin;
      *end = value_end;
      return true;
    }
    FastParser after(text, value_end, text.size());
    if (!after.Eat(',')) return false;
    p = after;
  }
  return false;
}

size_t SkipJsonValue(std::string_view text, size_t pos) {
  if (pos >= text.size()) return std::string_view::npos;
  char c = text[pos];
  if (c == '"') {
    for (size_t i = pos + 1; i < text.size(); ++i) {
      if (text[i] == '\\') {
        ++i;
      } else if (text[i] == '"') {
        return i + 1;
      }
    }
    return std::string_view::npos;
  }
  if (c == '{' || c == '[') {
    int depth = 0;
    for (size_t i = pos; i < text.size(); ++i) {
      char d = text[i];
      if (d == '"') {
        size_t e = SkipJsonValue(text, i);
        if (e == std::string_view::npos) return e;
        i = e - 1;
      } else if (d == '{' || d == '[') {
        ++depth;
      } else if (d == '}' || d == ']') {
        if (--depth == 0) return i + 1;
      }
    }
    return std::string_view::npos;
  }
  size_t i = pos;
  while (i < text.size() && text[i] != ',' && text[i] != '}' && text[i] != ']' && text[i] != ' ' &&
         text[i] != '\n' && text[i] != '\r' && text[i] != '\t') {
    ++i;
  }
  return i;
}

}  // namespace monotable::model_internal
