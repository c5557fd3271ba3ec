#include "ui/response_json.h"

#include <algorithm>
#include <cstdint>

#include "nlohmann/json.hpp"

namespace monotable::ui {
namespace {

constexpr size_t kNone = std::string_view::npos;

bool IsSpace(char c) { return c == ' ' || c == '\n' || c == '\r' || c == '\t'; }

size_t SkipSpace(std::string_view t, size_t p) {
  while (p < t.size() && IsSpace(t[p])) ++p;
  return p;
}

int HexDigit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// The code unit of the \uXXXX escape at p (t[p] == '\\'), or -1.
int32_t Utf16Escape(std::string_view t, size_t p) {
  if (p + 6 > t.size() || t[p] != '\\' || t[p + 1] != 'u') return -1;
  int32_t unit = 0;
  for (size_t i = p + 2; i < p + 6; ++i) {
    const int d = HexDigit(t[i]);
    if (d < 0) return -1;
    unit = unit * 16 + d;
  }
  return unit;
}

// Past the string whose opening quote is at p, or kNone. RFC 8259 section 7: no control
// characters, only the listed escapes; a high surrogate escape must be followed by a low one and
// a low one must follow a high one (what nlohmann's parser requires too).
size_t StringEnd(std::string_view t, size_t p) {
  if (p >= t.size() || t[p] != '"') return kNone;
  ++p;
  while (p < t.size()) {
    const unsigned char c = static_cast<unsigned char>(t[p]);
    if (c == '"') return p + 1;
    if (c < 0x20) return kNone;
    if (c != '\\') {
      ++p;
      continue;
    }
    if (p + 1 >= t.size()) return kNone;
    switch (t[p + 1]) {
      case '"':
      case '\\':
      case '/':
      case 'b':
      case 'f':
      case 'n':
      case 'r':
      case 't':
        p += 2;
        break;
      case 'u': {
        const int32_t unit = Utf16Escape(t, p);
        if (unit < 0 || (unit >= 0xDC00 && unit <= 0xDFFF)) return kNone;
        if (unit >= 0xD800 && unit <= 0xDBFF) {
          const int32_t low = Utf16Escape(t, p + 6);
          if (low < 0xDC00 || low > 0xDFFF) return kNone;
          p += 12;
        } else {
          p += 6;
        }
        break;
      }
      default:
        return kNone;
    }
  }
  return kNone;
}

bool IsDigit(char c) { return c >= '0' && c <= '9'; }

// Past the number at p (RFC 8259 section 6), or kNone.
size_t NumberEnd(std::string_view t, size_t p) {
  if (p < t.size() && t[p] == '-') ++p;
  if (p >= t.size()) return kNone;
  if (t[p] == '0') {
    ++p;
  } else if (IsDigit(t[p])) {
    while (p < t.size() && IsDigit(t[p])) ++p;
  } else {
    return kNone;
  }
  if (p < t.size() && t[p] == '.') {
    ++p;
    if (p >= t.size() || !IsDigit(t[p])) return kNone;
    while (p < t.size() && IsDigit(t[p])) ++p;
  }
  if (p < t.size() && (t[p] == 'e' || t[p] == 'E')) {
    ++p;
    if (p < t.size() && (t[p] == '+' || t[p] == '-')) ++p;
    if (p >= t.size() || !IsDigit(t[p])) return kNone;
    while (p < t.size() && IsDigit(t[p])) ++p;
  }
  return p;
}

size_t LiteralEnd(std::string_view t, size_t p, std::string_view word) {
  return t.substr(p, word.size()) == word ? p + word.size() : kNone;
}

// JsonOutline::Read's state: levels[d] holds the children read so far of the container open at
// level d (one at a time: its siblings come after it closes), sized once so that a child's node
// stays where it is while its own children are read.
struct Outliner {
  int limit = 0;
  std::vector<std::vector<JsonNode>> levels;
  std::vector<JsonNode>* nodes = nullptr;
};

// Past the value at p (no whitespace before it), or kNone. With an outliner, the children of a
// container at a level below its limit are recorded into `self` (the value's node).
size_t ValueEnd(std::string_view t, size_t p, int depth, Outliner* o = nullptr,
                JsonNode* self = nullptr) {
  if (p >= t.size()) return kNone;
  switch (t[p]) {
    case '"':
      return StringEnd(t, p);
    case 't':
      return LiteralEnd(t, p, "true");
    case 'f':
      return LiteralEnd(t, p, "false");
    case 'n':
      return LiteralEnd(t, p, "null");
    case '{':
    case '[': {
      if (depth >= kMaxJsonDepth) return kNone;
      const bool object = t[p] == '{';
      const char close = object ? '}' : ']';
      std::vector<JsonNode>* kids =
          o != nullptr && depth < o->limit ? &o->levels[static_cast<size_t>(depth)] : nullptr;
      p = SkipSpace(t, p + 1);
      if (p < t.size() && t[p] == close) return p + 1;
      while (true) {
        std::string_view key;
        if (object) {
          const size_t key_end = StringEnd(t, p);
          if (key_end == kNone) return kNone;
          if (kids) key = t.substr(p + 1, key_end - p - 2);
          p = SkipSpace(t, key_end);
          if (p >= t.size() || t[p] != ':') return kNone;
          p = SkipSpace(t, p + 1);
        }
        JsonNode* child = nullptr;
        if (kids) child = &kids->emplace_back(JsonNode{key, JsonSpan{p, p}});
        p = ValueEnd(t, p, depth + 1, kids ? o : nullptr, child);
        if (p == kNone) return kNone;
        if (child) child->value.end = p;
        p = SkipSpace(t, p);
        if (p >= t.size()) return kNone;
        if (t[p] == close) break;
        if (t[p] != ',') return kNone;
        p = SkipSpace(t, p + 1);
      }
      if (kids) {
        self->first = static_cast<uint32_t>(o->nodes->size());
        self->count = static_cast<uint32_t>(kids->size());
        o->nodes->insert(o->nodes->end(), kids->begin(), kids->end());
        kids->clear();
      }
      return p + 1;
    }
    default:
      return NumberEnd(t, p);
  }
}

// Calls each(key, value span) for the members of the object (open '{', key "" for an array's
// elements) at `span`; false unless the span is exactly one such container. Its values are read
// as one level down (a span's own depth is not known from it alone).
template <typename Each>
bool Members(std::string_view t, JsonSpan span, char open, Each each) {
  if (span.end > t.size() || span.begin >= span.end || t[span.begin] != open) return false;
  const bool object = open == '{';
  const char close = object ? '}' : ']';
  size_t p = SkipSpace(t, span.begin + 1);
  if (p < span.end && t[p] == close) return p + 1 == span.end;
  while (true) {
    std::string_view key;
    if (object) {
      const size_t key_end = StringEnd(t, p);
      if (key_end == kNone) return false;
      key = t.substr(p + 1, key_end - p - 2);
      p = SkipSpace(t, key_end);
      if (p >= span.end || t[p] != ':') return false;
      p = SkipSpace(t, p + 1);
    }
    const size_t end = ValueEnd(t, p, 1);
    if (end == kNone || end > span.end) return false;
    each(key, JsonSpan{p, end});
    p = SkipSpace(t, end);
    if (p >= span.end) return false;
    if (t[p] == close) return p + 1 == span.end;
    if (t[p] != ',') return false;
    p = SkipSpace(t, p + 1);
  }
}

void NewLine(int depth, std::string* out, int* lines) {
  out->push_back('\n');
  out->append(static_cast<size_t>(depth) * 2, ' ');
  ++*lines;
}

}  // namespace

bool JsonValueSpan(std::string_view text, JsonSpan* out) {
  const size_t begin = SkipSpace(text, 0);
  const size_t end = ValueEnd(text, begin, 0);
  if (end == kNone || SkipSpace(text, end) != text.size()) return false;
  *out = JsonSpan{begin, end};
  return true;
}

bool JsonOutline::Read(std::string_view text, int depth) {
  root_ = JsonNode{};
  nodes_.clear();
  Outliner o;
  o.limit = std::clamp(depth, 0, kMaxJsonDepth);
  o.levels.resize(static_cast<size_t>(o.limit));
  o.nodes = &nodes_;
  const size_t begin = SkipSpace(text, 0);
  JsonNode root;
  const size_t end = ValueEnd(text, begin, 0, &o, &root);
  if (end == kNone || SkipSpace(text, end) != text.size()) {
    nodes_.clear();
    return false;
  }
  root.value = JsonSpan{begin, end};
  root_ = root;
  return true;
}

bool JsonObjectMembers(std::string_view text, JsonSpan span, std::vector<JsonMember>* out) {
  std::vector<JsonMember> members;
  if (!Members(text, span, '{', [&](std::string_view key, JsonSpan value) {
        members.push_back(JsonMember{key, value});
      })) {
    return false;
  }
  *out = std::move(members);
  return true;
}

bool JsonArrayElements(std::string_view text, JsonSpan span, std::vector<JsonSpan>* out) {
  std::vector<JsonSpan> elements;
  if (!Members(text, span, '[',
               [&](std::string_view, JsonSpan value) { elements.push_back(value); })) {
    return false;
  }
  *out = std::move(elements);
  return true;
}

std::string JsonKeyText(std::string_view raw) {
  if (raw.find('\\') == std::string_view::npos) return std::string(raw);
  // Rare (the engine escapes only quotes, backslashes and control characters in a name): the
  // string decoded by nlohmann, \uXXXX and surrogate pairs to UTF-8.
  std::string quoted;
  quoted.reserve(raw.size() + 2);
  quoted.push_back('"');
  quoted.append(raw);
  quoted.push_back('"');
  const nlohmann::json decoded = nlohmann::json::parse(quoted, nullptr, false);
  return decoded.is_string() ? decoded.get<std::string>() : std::string(raw);
}

bool PrettyJson(std::string_view text, std::string* out, int* lines) {
  JsonSpan whole;
  if (!JsonValueSpan(text, &whole)) return false;
  std::string s;
  s.reserve(text.size() + text.size() / 2);
  int n = 1;
  int depth = 0;
  for (size_t p = whole.begin; p < whole.end;) {
    const char c = text[p];
    switch (c) {
      case ' ':
      case '\n':
      case '\r':
      case '\t':
        ++p;
        break;
      case '"': {
        const size_t end = StringEnd(text, p);  // validated above
        s.append(text.data() + p, end - p);
        p = end;
        break;
      }
      case '{':
      case '[': {
        const size_t next = SkipSpace(text, p + 1);
        if (text[next] == (c == '{' ? '}' : ']')) {
          s.push_back(c);
          s.push_back(text[next]);
          p = next + 1;
        } else {
          s.push_back(c);
          NewLine(++depth, &s, &n);
          p = next;
        }
        break;
      }
      case '}':
      case ']':
        NewLine(--depth, &s, &n);
        s.push_back(c);
        ++p;
        break;
      case ',':
        s.push_back(',');
        NewLine(depth, &s, &n);
        p = SkipSpace(text, p + 1);
        break;
      case ':':
        s.append(": ");
        p = SkipSpace(text, p + 1);
        break;
      default: {  // a number or a literal: as written
        size_t end = p;
        while (end < whole.end && !IsSpace(text[end]) && text[end] != ',' && text[end] != '}' &&
               text[end] != ']' && text[end] != ':') {
          ++end;
        }
        s.append(text.data() + p, end - p);
        p = end;
      }
    }
  }
  *out = std::move(s);
  *lines = n;
  return true;
}

}  // namespace monotable::ui
