// The response reader (ui/response_json.h) against nlohmann's tree, which the Result panel used
// before it: the JSON tab's text is what dump(2) printed, every document nlohmann accepts is
// accepted and every one it refuses is refused, and BuildResultView's columns and cells are those
// the tree gave, for every access pattern of the examples and for a Scan page of 1 MB.
#include "ui/response_json.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <regex>
#include <span>
#include <string>
#include <unordered_set>
#include <vector>

#include "monotable/engine.h"
#include "monotable/model.h"
#include "nlohmann/json.hpp"
#include "ui/view_model.h"

namespace monotable::ui {
namespace {

using json = nlohmann::json;

// A random document: nested objects and arrays, strings with escapes (quotes, backslashes,
// control characters, non-ASCII, astral characters), integers, doubles, true, false, null.
json RandomValue(std::mt19937* rng, int depth, bool ascii = false) {
  auto pick = [&](int n) { return static_cast<int>((*rng)() % static_cast<unsigned>(n)); };
  auto text = [&] {
    static const char* const kParts[] = {
        "a",  "PK", "O#2024", " ",    "\"",       "\\",           "/",
        "\n", "\t", "\x01",   "\x1f", "\xc3\xa9", "\xe2\x82\xac", "\xf0\x9f\x98\x80",
        "{",  "]",  ":",      ","};
    std::string s;
    for (int i = pick(6); i > 0; --i) {
      const std::string part = kParts[pick(static_cast<int>(std::size(kParts)))];
      if (!ascii || static_cast<unsigned char>(part[0]) < 0x80) s += part;
    }
    return s;
  };
  // The outermost value is a container, as a response is.
  const int kind = depth == 0 ? 6 + pick(2) : depth >= 6 ? pick(6) : pick(8);
  switch (kind) {
    case 0:
      return text();
    case 1:
      return static_cast<int64_t>((*rng)()) - (1LL << 31);
    case 2:
      return static_cast<double>(pick(100000)) / 64.0 - 700;
    case 3:
      return pick(2) == 0;
    case 4:
      return nullptr;
    case 5:
      return json::object();
    case 6: {
      json o = json::object();
      for (int i = pick(5); i > 0; --i) o[text()] = RandomValue(rng, depth + 1, ascii);
      return o;
    }
    default: {
      json a = json::array();
      for (int i = pick(5); i > 0; --i) a.push_back(RandomValue(rng, depth + 1, ascii));
      return a;
    }
  }
}

TEST(ResponseJsonTest, PrettyTextIsWhatTheTreePrinted) {
  std::mt19937 rng(7);
  for (int i = 0; i < 3000; ++i) {
    const json doc = RandomValue(&rng, 0);
    const std::string expected = doc.dump(2);
    const int expected_lines =
        static_cast<int>(std::count(expected.begin(), expected.end(), '\n')) + 1;
    // Compact (as the engine writes) and spread out (whitespace everywhere JSON allows it).
    for (const std::string& text :
         {doc.dump(), doc.dump(4), "\r\n\t " + doc.dump(1, '\t') + " \n"}) {
      std::string pretty;
      int lines = 0;
      ASSERT_TRUE(PrettyJson(text, &pretty, &lines)) << text;
      ASSERT_EQ(pretty, expected) << text;
      ASSERT_EQ(lines, expected_lines);
    }
  }
}

TEST(ResponseJsonTest, AcceptsExactlyWhatTheTreeAccepts) {
  // Every document a byte changed, inserted or removed from a valid one (ASCII only: the reader
  // leaves UTF-8 to a row's own parse), judged as nlohmann judges it.
  std::mt19937 rng(11);
  const std::string kBytes = "{}[]\",:\\/ \n0123456789-+.eEtrufalsn\x01xu\x7f";
  const std::regex kExponent("([0-9])[eE][+-]?[0-9]+");
  int refused = 0;
  for (int i = 0; i < 4000; ++i) {
    std::string text = RandomValue(&rng, 0, /*ascii=*/true).dump(i % 2 ? -1 : 1);
    for (int edits = 1 + static_cast<int>(rng() % 3); edits > 0 && !text.empty(); --edits) {
      const size_t at = rng() % text.size();
      const char byte = kBytes[rng() % kBytes.size()];
      switch (rng() % 3) {
        case 0:
          text[at] = byte;
          break;
        case 1:
          text.insert(text.begin() + static_cast<long>(at), byte);
          break;
        default:
          text.erase(at, 1);
      }
    }
    bool valid = json::accept(text);
    // The grammar allows any exponent; nlohmann refuses a number out of a double's range
    // ("760.6e625"), which the reader leaves to a row's own parse: judged with small exponents.
    if (!valid) valid = json::accept(std::regex_replace(text, kExponent, "$1e0"));
    JsonSpan span;
    std::string pretty = "unchanged";
    int lines = -1;
    ASSERT_EQ(JsonValueSpan(text, &span), valid) << text;
    ASSERT_EQ(PrettyJson(text, &pretty, &lines), valid) << text;
    if (!valid) {
      EXPECT_EQ(pretty, "unchanged");
      EXPECT_EQ(lines, -1);
      ++refused;
    }
  }
  EXPECT_GT(refused, 1000);  // the edits did break documents
  for (const char* text :
       {"",         " ",   "{",   "{\"a\":}", "[1,]",        "{\"a\":1,}",  "01",
        "1.",       "-",   "1e",  "\"\\x\"",  "\"\\ud800\"", "\"\\udc00\"", "\"\\ud800\\u0041\"",
        "\"a\nb\"", "tru", "nul", "[1 2]",    "{\"a\" 1}",   "{1:2}",       "[] []"}) {
    JsonSpan span;
    EXPECT_FALSE(JsonValueSpan(text, &span)) << text;
    EXPECT_EQ(json::accept(text), false) << text;
  }
  // Deeper than kMaxJsonDepth: refused, never a stack overflow.
  const std::string deep = std::string(100000, '[') + std::string(100000, ']');
  JsonSpan span;
  EXPECT_FALSE(JsonValueSpan(deep, &span));
  const std::string ok = std::string(kMaxJsonDepth, '[') + std::string(kMaxJsonDepth, ']');
  EXPECT_TRUE(JsonValueSpan(ok, &span));
}

TEST(ResponseJsonTest, MembersElementsAndKeysAreTheTreeOnes) {
  std::mt19937 rng(3);
  for (int i = 0; i < 2000; ++i) {
    json doc = json::object();
    for (int k = static_cast<int>(rng() % 6); k > 0; --k)
      doc["k" + std::to_string(rng() % 50)] = RandomValue(&rng, 1);
    doc["\xf0\x9f\x98\x80 \"q\" \\ \t"] = json::array({1, "x", json::object()});
    const std::string text = doc.dump();  // nlohmann escapes the key's quote, backslash and tab
    JsonSpan whole;
    ASSERT_TRUE(JsonValueSpan(text, &whole));
    std::vector<JsonMember> members;
    ASSERT_TRUE(JsonObjectMembers(text, whole, &members));
    ASSERT_EQ(members.size(), doc.size());
    auto expected = doc.begin();  // a tree lists its members by name, as the text does here
    for (const JsonMember& m : members) {
      ASSERT_EQ(JsonKeyText(m.key), expected.key());
      ASSERT_EQ(json::parse(m.value.In(text)), expected.value());
      ++expected;
    }
    std::vector<JsonSpan> elements;
    ASSERT_FALSE(JsonArrayElements(text, whole, &elements));  // an object is not an array
    const JsonSpan list = members.front().key == "\xf0\x9f\x98\x80 \\\"q\\\" \\\\ \\t"
                              ? members.front().value
                              : members.back().value;
    if (JsonKind(text, list) == '[') {
      ASSERT_TRUE(JsonArrayElements(text, list, &elements));
      EXPECT_EQ(elements.size(), json::parse(list.In(text)).size());
    }
  }
  EXPECT_EQ(JsonKeyText(R"(\u00e9\ud83d\ude00\n\/)"), "\xc3\xa9\xf0\x9f\x98\x80\n/");
}

// Checks the outline of `node` (at `level`) against the member and element readers, down the
// levels outlined; returns the containers it saw outlined.
int ExpectOutlineIsTheReaders(const std::string& text, const JsonOutline& outline,
                              const JsonNode& node, int level, int limit) {
  const char kind = JsonKind(text, node.value);
  const std::span<const JsonNode> children = outline.Children(node);
  if ((kind != '{' && kind != '[') || level >= limit) {
    EXPECT_TRUE(children.empty()) << node.value.In(text);
    return 0;
  }
  std::vector<JsonMember> expected;
  if (kind == '{') {
    EXPECT_TRUE(JsonObjectMembers(text, node.value, &expected));
  } else {
    std::vector<JsonSpan> elements;
    EXPECT_TRUE(JsonArrayElements(text, node.value, &elements));
    for (const JsonSpan& e : elements) expected.push_back(JsonMember{"", e});
  }
  EXPECT_EQ(children.size(), expected.size()) << node.value.In(text);
  int outlined = 1;
  for (size_t i = 0; i < std::min(children.size(), expected.size()); ++i) {
    EXPECT_EQ(children[i].key, expected[i].key);
    EXPECT_EQ(children[i].value.begin, expected[i].value.begin);
    EXPECT_EQ(children[i].value.end, expected[i].value.end);
    outlined += ExpectOutlineIsTheReaders(text, outline, children[i], level + 1, limit);
  }
  return outlined;
}

TEST(ResponseJsonTest, AnOutlineIsWhatTheReadersRead) {
  // Every container above the outline's depth has the members or elements JsonObjectMembers and
  // JsonArrayElements read (keys raw, spans to the byte), every one at or below it none; a
  // document is outlined exactly when JsonValueSpan accepts it, and a refused one leaves the
  // outline empty.
  std::mt19937 rng(5);
  int outlined = 0;
  for (int i = 0; i < 2000; ++i) {
    const json doc = RandomValue(&rng, 0);
    const std::string text = i % 3 == 0 ? doc.dump() : " " + doc.dump(i % 3 == 1 ? 1 : -1, '\t');
    const int limit = i % 5;
    JsonOutline outline;
    ASSERT_TRUE(outline.Read(text, limit)) << text;
    JsonSpan whole;
    ASSERT_TRUE(JsonValueSpan(text, &whole));
    EXPECT_EQ(outline.root().value.begin, whole.begin);
    EXPECT_EQ(outline.root().value.end, whole.end);
    outlined += ExpectOutlineIsTheReaders(text, outline, outline.root(), 0, limit);
    if (HasFailure()) return;
    // The same document broken by one byte: refused wherever JsonValueSpan refuses it.
    std::string broken = text;
    broken[rng() % broken.size()] = "{}[]\",:x"[rng() % 8];
    const bool valid = JsonValueSpan(broken, &whole);
    ASSERT_EQ(outline.Read(broken, limit), valid) << broken;
    if (!valid) {
      EXPECT_TRUE(outline.Children(outline.root()).empty());
      EXPECT_EQ(outline.root().value.end, 0u);
    }
  }
  EXPECT_GT(outlined, 2000);  // containers were outlined, at several levels
}

// What the Result panel showed from nlohmann's tree (the code BuildResultView had): the items'
// columns (keys first, then every other name as each item, ordered by name, first lists it) and
// each row's cells.
struct TreeRows {
  std::vector<std::string> columns;
  std::vector<std::vector<std::string>> rows;
};

TreeRows RowsFromTree(const std::string& body, const std::vector<std::string>& key_names) {
  TreeRows out;
  const json doc = json::parse(body);
  std::vector<const json*> items;
  auto add = [&](const json& list) {
    if (!list.is_array()) return;
    for (const json& item : list) {
      if (item.is_object()) items.push_back(&item);
    }
  };
  if (doc.contains("Items")) add(doc["Items"]);
  if (doc.contains("Item") && doc["Item"].is_object()) items.push_back(&doc["Item"]);
  if (doc.contains("Attributes") && doc["Attributes"].is_object()) {
    items.push_back(&doc["Attributes"]);
  }
  if (doc.contains("Responses")) {
    const json& r = doc["Responses"];
    if (r.is_object()) {
      for (auto t = r.begin(); t != r.end(); ++t) add(t.value());
    } else if (r.is_array()) {
      for (const json& e : r) {
        if (e.is_object() && e.contains("Item") && e["Item"].is_object())
          items.push_back(&e["Item"]);
      }
    }
  }
  std::unordered_set<std::string> seen;
  for (const std::string& name : key_names) {
    for (const json* item : items) {
      if (item->contains(name) && seen.insert(name).second) out.columns.push_back(name);
    }
  }
  for (const json* item : items) {
    for (auto a = item->begin(); a != item->end(); ++a) {
      if (seen.insert(a.key()).second) out.columns.push_back(a.key());
    }
  }
  for (const json* item : items) {
    std::vector<std::string> row(out.columns.size());
    for (size_t c = 0; c < out.columns.size(); ++c) {
      auto a = item->find(out.columns[c]);
      if (a != item->end()) row[c] = WireValueText(*a);
    }
    out.rows.push_back(std::move(row));
  }
  return out;
}

// `as_printed`: the JSON tab's text is dump(2)'s to the byte (the engine escapes as nlohmann does);
// else the same document (a hand-written body's "\u00e9" stays as written).
void ExpectTreeView(const std::string& operation, const Result& result,
                    const std::vector<std::string>& keys, bool as_printed = true) {
  const ResultView view = BuildResultView(operation, result, keys);
  const TreeRows tree = RowsFromTree(result.body, keys);
  int lines = 0;
  const std::string& text = ResultJsonText(view, &lines);
  EXPECT_EQ(lines, std::count(text.begin(), text.end(), '\n') + 1);
  if (as_printed) {
    EXPECT_EQ(text, json::parse(result.body).dump(2)) << operation;
  } else {
    EXPECT_EQ(json::parse(text), json::parse(result.body)) << operation;
  }
  ASSERT_EQ(view.columns, tree.columns) << operation << " " << result.body.substr(0, 400);
  ASSERT_EQ(ResultRowCount(view), tree.rows.size()) << operation;
  // Asked in an order no panel would use (last first), twice: the cached cells are the same.
  for (int pass = 0; pass < 2; ++pass) {
    for (size_t i = tree.rows.size(); i-- > 0;) {
      ASSERT_EQ(ResultRow(view, i), tree.rows[i]) << operation << " row " << i;
    }
  }
}

TEST(ResponseJsonTest, EveryExamplePatternShowsWhatTheTreeShowed) {
  for (const char* name : {"orders", "vaultcommerce"}) {
    Model model;
    ASSERT_TRUE(ParseModel(BuiltinModel(name), &model).ok()) << name;
    Engine engine;
    ASSERT_TRUE(LoadModel(model, &engine).ok()) << name;
    int with_items = 0;
    for (const AccessPattern& p : model.access_patterns) {
      const Result result = engine.Execute(p.operation, p.request_json);
      const json request = json::parse(p.request_json, nullptr, false);
      std::vector<std::string> keys;
      if (request.is_object() && request.contains("TableName")) {
        for (const TableInfo& t : engine.Tables()) {
          if (t.name != request["TableName"]) continue;
          keys.push_back(t.keys.hash_key);
          if (!t.keys.range_key.empty()) keys.push_back(t.keys.range_key);
        }
      }
      ExpectTreeView(p.operation, result, keys);
      if (ResultRowCount(BuildResultView(p.operation, result, keys)) > 0) ++with_items;
    }
    EXPECT_GT(with_items, 3) << name;
  }
}

TEST(ResponseJsonTest, AttributesInAnyOrderMakeTheTreeColumns) {
  // The engine writes an item's attributes by name; another order (escaped names, spaces) still
  // gives the tree's columns: the keys first, then each item's new names sorted.
  Result result;
  result.body = R"({ "Items" : [ {"b":{"S":"1"},"PK":{"S":"k"},"a\u00e9":{"N":"2"}},)"
                R"({"c":{"BOOL":true},"a\u00e9":{"N":"3"},"SK":{"S":"s"}}, 7 ],)"
                R"( "Count":2, "ScannedCount":5, "LastEvaluatedKey":{"PK":{"S":"k"}}})";
  ExpectTreeView("Query", result, {"PK", "SK"}, /*as_printed=*/false);
  const ResultView view = BuildResultView("Query", result, {"PK", "SK"});
  EXPECT_EQ(view.columns, (std::vector<std::string>{"PK", "SK", "a\xc3\xa9", "b", "c"}));
  EXPECT_EQ(view.count, 2);
  EXPECT_EQ(view.scanned_count, 5);
  EXPECT_EQ(view.last_evaluated_key, "PK = k");
}

TEST(ResponseJsonTest, AScanPageOfAMegabyteShowsWhatTheTreeShowed) {
  GenerateOptions options;
  options.scale = 20;
  Model model;
  Engine engine;
  ASSERT_TRUE(LoadExample("orders", options, &engine, &model).ok());
  const Result scan = engine.Execute("Scan", R"({"TableName":"Orders"})");
  ASSERT_TRUE(scan.status.ok());
  ASSERT_GT(scan.body.size(), 900u * 1024) << "a full 1 MB page";
  ASSERT_NE(scan.body.find("LastEvaluatedKey"), std::string::npos);
  ExpectTreeView("Scan", scan, {"PK", "SK"});
  const ResultView view = BuildResultView("Scan", scan, {"PK", "SK"});
  EXPECT_TRUE(view.has_next_page);
  // A page this large gets its JSON tab's text when the tab is first shown, not with the view.
  EXPECT_TRUE(view.json.empty());
  EXPECT_GT(ResultJsonText(view, nullptr).size(), scan.body.size());
  EXPECT_EQ(view.count, static_cast<int64_t>(ResultRowCount(view)));
}

}  // namespace
}  // namespace monotable::ui
