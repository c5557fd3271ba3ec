// response_json: the engine's response body read without building a JSON tree. A 1 MB Scan page
// parsed into nlohmann's tree, pretty-printed from it and freed was about half of a Scan's time
// in the playground (docs/benchmarks.md section 16); the Result panel needs only where each
// returned item is, its attribute names, and the text laid out for the JSON tab. Rows are
// formatted from their item's span when they are drawn (view_model.cc).
//
// Contract: every function reads strict JSON (RFC 8259: the grammar, the escapes, surrogate pairs
// in \u escapes) and returns false on anything else, leaving its outputs unchanged; a nesting
// deeper than kMaxJsonDepth is refused too. Bytes above 0x7f in strings pass unchecked (the
// engine writes UTF-8; a row's own parse checks it), and so do numbers beyond a double's range.
// Spans are byte offsets into the text they were read from.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace monotable::ui {

inline constexpr int kMaxJsonDepth = 256;

// A JSON value's text: bytes [begin, end) of the document.
struct JsonSpan {
  size_t begin = 0;
  size_t end = 0;
  std::string_view In(std::string_view text) const { return text.substr(begin, end - begin); }
};

// An object member: `key` is the raw text between the key's quotes (escapes kept; JsonKeyText
// unescapes it), `value` the value's span.
struct JsonMember {
  std::string_view key;
  JsonSpan value;
};

// The span of the one JSON value `text` holds (whitespace around it allowed).
bool JsonValueSpan(std::string_view text, JsonSpan* out);
// The members of the object at `span` of `text`, in the order written.
bool JsonObjectMembers(std::string_view text, JsonSpan span, std::vector<JsonMember>* out);
// The elements of the array at `span` of `text`, in order.
bool JsonArrayElements(std::string_view text, JsonSpan span, std::vector<JsonSpan>* out);
// One JSON document read once: checked as JsonValueSpan checks it, and the members of every object
// and the elements of every array less than `depth` levels below the document's value recorded
// on the way (the value itself is level 0). A Scan page's items and their attributes were found
// by four passes over its 2 MB before (the whole checked, then its members, the Items array's
// elements and each item's members each scanned again): one pass now (docs/benchmarks.md
// section 18).
struct JsonNode {
  std::string_view key;  // as JsonMember::key; empty for an array's element and the document
  JsonSpan value;
  uint32_t first = 0;  // its children: nodes()[first, first + count), when it was outlined
  uint32_t count = 0;
};

class JsonOutline {
 public:
  // False (and the outline empty) unless `text` is one strict JSON value. `text` must outlive
  // the outline: keys are views of it.
  bool Read(std::string_view text, int depth);
  const JsonNode& root() const { return root_; }
  // The members (an array: its elements, keys empty) of `node`, in the order written. Empty for
  // a scalar, an empty container, and a container `depth` or more levels down (not outlined:
  // JsonObjectMembers reads it). REQUIRES: `node` is root() or one of the children given.
  std::span<const JsonNode> Children(const JsonNode& node) const {
    return std::span<const JsonNode>(nodes_).subspan(node.first, node.count);
  }

 private:
  JsonNode root_;
  std::vector<JsonNode> nodes_;  // each container's children together, inner containers first
};

// A raw key (JsonMember::key) as text: its escapes decoded (\uXXXX to UTF-8, surrogate pairs
// joined). REQUIRES: `raw` came from JsonObjectMembers.
std::string JsonKeyText(std::string_view raw);
// The first byte of `span` (its type: '{', '[', '"', 't', 'f', 'n' or a number's first byte).
inline char JsonKind(std::string_view text, JsonSpan span) {
  return span.end > span.begin ? text[span.begin] : '\0';
}

// `text` laid out as nlohmann's dump(2) lays out a document (two spaces a level, one member or
// element a line, `"key": value`, `{}` and `[]` when empty), each string and number exactly as
// written (a tree would re-escape strings and re-print numbers). `lines`: the lines of the result.
bool PrettyJson(std::string_view text, std::string* out, int* lines);

}  // namespace monotable::ui
