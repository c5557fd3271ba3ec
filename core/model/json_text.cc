// json_text: JSON text helpers for core/model: a fast DynamoDB JSON writer for items, positions
// (line, column) of a path in a JSON text, and parse errors with positions.
#include <string>

#include "api/wire/wire.h"
#include "model/model_internal.h"

namespace monotable::model_internal {

// One DynamoDB JSON writer for the whole core: these forward to core/api/wire's direct writer
// (escaping exactly as nlohmann's dump does), which the responses use too.
void AppendJsonString(std::string_view s, std::string* out) { wire::AppendJsonString(s, out); }

void AppendValueJson(const Value& value, std::string* out) { wire::AppendValueJson(value, out); }

void AppendItemJson(const Item& item, const std::vector<std::string>& first_names,
                    std::string* out) {
  out->push_back('{');
  bool first = true;
  auto emit = [&](const std::string& name, const Value& v) {
    if (!first) out->push_back(',');
    first = false;
    AppendJsonString(name, out);
    out->push_back(':');
    AppendValueJson(v, out);
  };
  for (const std::string& name : first_names) {
    auto it = item.find(name);
    if (it != item.end()) emit(it->first, it->second);
  }
  for (const auto& [name, v] : item) {
    bool leading = false;
    for (const std::string& f : first_names) leading = leading || f == name;
    if (!leading) emit(name, v);
  }
  out->push_back('}');
}

std::string PathText(const Path& path) {
  std::string out;
  for (const PathPart& part : path) {
    if (const auto* name = std::get_if<std::string>(&part)) {
      if (!out.empty()) out.push_back('.');
      out += *name;
    } else {
      out += "[" + std::to_string(std::get<size_t>(part)) + "]";
    }
  }
  return out.empty() ? "(top level)" : out;
}

void LineColumn(std::string_view text, size_t offset, size_t* line, size_t* column) {
  *line = 1;
  *column = 1;
  for (size_t i = 0; i < offset && i < text.size(); ++i) {
    if (text[i] == '\n') {
      ++*line;
      *column = 1;
    } else if ((static_cast<unsigned char>(text[i]) & 0xC0) != 0x80) {
      ++*column;  // count UTF-8 characters, not continuation bytes
    }
  }
}

namespace {

// A forward-only scanner over JSON text already known to be valid.
class Scanner {
 public:
  explicit Scanner(std::string_view text) : text_(text) {}
  size_t pos() const { return pos_; }
  void SkipSpace() {
    while (pos_ < text_.size() && (text_[pos_] == ' ' || text_[pos_] == '\n' ||
                                   text_[pos_] == '\r' || text_[pos_] == '\t')) {
      ++pos_;
    }
  }
  char Peek() {
    SkipSpace();
    return pos_ < text_.size() ? text_[pos_] : '\0';
  }
  void Advance() { ++pos_; }
  // Reads a string literal at pos_ (which holds '"'), decoding simple escapes.
  std::string ReadString() {
    std::string s;
    ++pos_;
    while (pos_ < text_.size() && text_[pos_] != '"') {
      if (text_[pos_] == '\\' && pos_ + 1 < text_.size()) {
        char e = text_[pos_ + 1];
        pos_ += 2;
        switch (e) {
          case 'n':
            s.push_back('\n');
            break;
          case 't':
            s.push_back('\t');
            break;
          case 'r':
            s.push_back('\r');
            break;
          case 'b':
            s.push_back('\b');
            break;
          case 'f':
            s.push_back('\f');
            break;
          case 'u':
            pos_ += 4;  // not decoded: a key with \u escapes will not match (position falls back)
            s.push_back('?');
            break;
          default:
            s.push_back(e);
        }
      } else {
        s.push_back(text_[pos_++]);
      }
    }
    ++pos_;
    return s;
  }
  void SkipValue() {
    char c = Peek();
    if (c == '"') {
      ReadString();
    } else if (c == '{' || c == '[') {
      int depth = 0;
      while (pos_ < text_.size()) {
        char d = text_[pos_];
        if (d == '"') {
          ReadString();
          continue;
        }
        ++pos_;
        if (d == '{' || d == '[') ++depth;
        if (d == '}' || d == ']') {
          if (--depth == 0) return;
        }
      }
    } else {
      while (pos_ < text_.size() && text_[pos_] != ',' && text_[pos_] != '}' &&
             text_[pos_] != ']' && text_[pos_] != ' ' && text_[pos_] != '\n' &&
             text_[pos_] != '\r' && text_[pos_] != '\t') {
        ++pos_;
      }
    }
  }

 private:
  std::string_view text_;
  size_t pos_ = 0;
};

}  // namespace

size_t LocateJson(std::string_view text, const Path& path) {
  Scanner sc(text);
  sc.SkipSpace();
  size_t found = sc.pos();
  for (const PathPart& part : path) {
    char c = sc.Peek();
    bool ok = false;
    if (const auto* name = std::get_if<std::string>(&part)) {
      if (c != '{') return found;
      sc.Advance();
      while (sc.Peek() == '"') {
        std::string key = sc.ReadString();
        if (sc.Peek() != ':') return found;
        sc.Advance();
        sc.Peek();
        if (key == *name) {
          ok = true;
          break;
        }
        sc.SkipValue();
        if (sc.Peek() == ',') sc.Advance();
      }
    } else {
      if (c != '[') return found;
      sc.Advance();
      size_t index = std::get<size_t>(part);
      for (size_t i = 0;; ++i) {
        char d = sc.Peek();
        if (d == ']' || d == '\0') break;
        if (i == index) {
          ok = true;
          break;
        }
        sc.SkipValue();
        if (sc.Peek() == ',') sc.Advance();
      }
    }
    if (!ok) return found;
    sc.SkipSpace();
    found = sc.pos();
  }
  return found;
}

namespace {

// SAX handler that only records where parsing failed.
struct ErrorFinder {
  using number_integer_t = Json::number_integer_t;
  using number_unsigned_t = Json::number_unsigned_t;
  using number_float_t = Json::number_float_t;
  using string_t = Json::string_t;
  using binary_t = Json::binary_t;
  bool null() { return true; }
  bool boolean(bool) { return true; }
  bool number_integer(number_integer_t) { return true; }
  bool number_unsigned(number_unsigned_t) { return true; }
  bool number_float(number_float_t, const string_t&) { return true; }
  bool string(string_t&) { return true; }
  bool binary(binary_t&) { return true; }
  bool start_object(std::size_t) { return true; }
  bool key(string_t&) { return true; }
  bool end_object() { return true; }
  bool start_array(std::size_t) { return true; }
  bool end_array() { return true; }
  bool parse_error(std::size_t position, const std::string&, const nlohmann::detail::exception& e) {
    failed = true;
    offset = position;
    what = e.what();
    return false;
  }
  bool failed = false;
  size_t offset = 0;
  std::string what;
};

}  // namespace

template <typename J>
Status ParseJsonText(std::string_view text, std::string_view what, J* out) {
  *out = J::parse(text.begin(), text.end(), nullptr, false);
  if (!out->is_discarded()) return Status::Ok();
  ErrorFinder finder;
  Json::sax_parse(text.begin(), text.end(), &finder);
  size_t offset = finder.offset > 0 ? finder.offset - 1 : 0;
  size_t line, column;
  LineColumn(text, offset, &line, &column);
  // nlohmann's text: "[json.exception.parse_error.101] parse error at line 1, column 2: syntax
  // error while parsing value - ..."; keep what follows the position.
  std::string detail = finder.what;
  size_t colon = detail.find(": ");
  if (colon != std::string::npos) detail = detail.substr(colon + 2);
  if (detail.empty()) detail = "not valid JSON";
  return Status::Validation(std::string(what) + ": invalid JSON at line " + std::to_string(line) +
                            ", column " + std::to_string(column) + ": " + detail);
}

template Status ParseJsonText<Json>(std::string_view, std::string_view, Json*);
template Status ParseJsonText<OrderedJson>(std::string_view, std::string_view, OrderedJson*);

std::vector<std::string> KeyNamesOfCreateTable(const Json& create_table) {
  std::vector<std::string> names;
  auto ks = create_table.find("KeySchema");
  if (ks == create_table.end() || !ks->is_array()) return names;
  for (const char* type : {"HASH", "RANGE"}) {
    for (const Json& k : *ks) {
      if (!k.is_object()) continue;
      auto kt = k.find("KeyType");
      auto an = k.find("AttributeName");
      if (kt != k.end() && an != k.end() && kt->is_string() && an->is_string() &&
          kt->get_ref<const std::string&>() == type) {
        names.push_back(an->get<std::string>());
      }
    }
  }
  return names;
}

namespace {

// Pretty printing that keeps small values on one line: an object or array is written on one line
// when that line fits in `width` columns, otherwise one member per line.
void Pretty(const OrderedJson& j, int indent, int column, int width, std::string* out) {
  std::string flat = j.dump();
  if (!j.is_structured() || j.empty() || column + static_cast<int>(flat.size()) <= width) {
    // Put a space after ':' and ',' outside strings for readability.
    bool in_string = false;
    for (size_t i = 0; i < flat.size(); ++i) {
      char c = flat[i];
      out->push_back(c);
      if (in_string) {
        if (c == '\\' && i + 1 < flat.size()) {
          out->push_back(flat[++i]);  // an escaped character never ends the string
        } else if (c == '"') {
          in_string = false;
        }
      } else if (c == '"') {
        in_string = true;
      } else if (c == ':' || c == ',') {
        out->push_back(' ');
      }
    }
    return;
  }
  std::string pad(static_cast<size_t>(indent + 2), ' ');
  bool object = j.is_object();
  out->push_back(object ? '{' : '[');
  size_t n = 0;
  for (auto it = j.begin(); it != j.end(); ++it, ++n) {
    out->append(n ? ",\n" : "\n");
    out->append(pad);
    int col = indent + 2;
    if (object) {
      std::string key = OrderedJson(it.key()).dump();
      out->append(key);
      out->append(": ");
      col += static_cast<int>(key.size()) + 2;
    }
    Pretty(it.value(), indent + 2, col, width, out);
  }
  out->push_back('\n');
  out->append(static_cast<size_t>(indent), ' ');
  out->push_back(object ? '}' : ']');
}

}  // namespace

std::string IndentedDump(const OrderedJson& j, int indent) {
  std::string out;
  Pretty(j, indent, indent + 20, 100, &out);
  return out;
}

OrderedJson PricesToJson(const PriceTable& p) {
  OrderedJson j = OrderedJson::object();
  j["region"] = p.region;
  j["asOf"] = p.as_of;
  j["readRequestUnitPerMillion"] = p.read_request_unit_per_million;
  j["writeRequestUnitPerMillion"] = p.write_request_unit_per_million;
  j["rcuHour"] = p.rcu_hour;
  j["wcuHour"] = p.wcu_hour;
  j["storageGbMonth"] = p.storage_gb_month;
  j["storageFreeGb"] = p.storage_free_gb;
  j["streamsReadRequestUnitPer100k"] = p.streams_read_request_unit_per_100k;
  return j;
}

}  // namespace monotable::model_internal
