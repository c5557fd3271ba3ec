// model_internal: helpers shared by the files of core/model (JSON text writing, positions in a
// JSON text, the model's field names). Private to core/model.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "monotable/model.h"
#include "monotable/status.h"
#include "monotable/value.h"

namespace monotable::model_internal {

using Json = nlohmann::json;
using OrderedJson = nlohmann::ordered_json;

// Appends `s` as a JSON string literal (quotes, escapes; UTF-8 passed through).
void AppendJsonString(std::string_view s, std::string* out);

// Appends one AttributeValue / one item in compact DynamoDB JSON. Item attributes named in
// `first` come first, in that order, then the rest in byte order. Fast: no JSON library.
void AppendValueJson(const Value& value, std::string* out);
void AppendItemJson(const Item& item, const std::vector<std::string>& first, std::string* out);

// A path into a JSON document: object member names and array indexes.
using PathPart = std::variant<std::string, size_t>;
using Path = std::vector<PathPart>;

// "items.Orders[7].total" for display.
std::string PathText(const Path& path);

// 1-based line and column of byte `offset` in `text`.
void LineColumn(std::string_view text, size_t offset, size_t* line, size_t* column);

// Byte offset of the value at `path` in the (valid) JSON `text`; if the path does not resolve
// fully, the offset of the deepest part that does.
size_t LocateJson(std::string_view text, const Path& path);

// Parses JSON text; a syntax error becomes a ValidationException naming line and column, e.g.
// "invalid JSON at line 3, column 5: syntax error while parsing object key ...". `what` names the
// document in the message ("model file").
// J is Json or OrderedJson (explicitly instantiated for both).
template <typename J>
Status ParseJsonText(std::string_view text, std::string_view what, J* out);

// The key attribute names of a CreateTable request (hash key first), for item attribute order.
std::vector<std::string> KeyNamesOfCreateTable(const Json& create_table);

// Pretty JSON with `indent` extra spaces on every line after the first (for nesting dumps).
std::string IndentedDump(const OrderedJson& j, int indent);

// The fast path for a model file's "items" value, text[begin, end): fills the tables' items and
// returns true only for input that is certainly valid; false means "parse the slow way" (and the
// tables' items may be partly filled).
bool FastParseItems(std::string_view text, size_t begin, size_t end,
                    std::vector<ModelTable>* tables);
// Value range [*begin, *end) of member `name` of the top-level object; false if not found or the
// text does not look like a JSON object.
bool FindTopLevelMember(std::string_view text, std::string_view name, size_t* begin, size_t* end);
// End of the JSON value starting at `pos` (npos if unterminated). Does not validate.
size_t SkipJsonValue(std::string_view text, size_t pos);

// PriceTable <-> the model file's "prices" object.
OrderedJson PricesToJson(const PriceTable& prices);

// Where the generator's items go, one at a time in the model's order: into a Model's tables
// (GenerateExample), only counted (resolving GenerateOptions::target_items), or straight into an
// engine (LoadExample, through EngineWriter), so that a million generated Items never exist at
// once.
class ItemSink {
 public:
  virtual ~ItemSink() = default;
  // A table begins: the items added next are its items. `expected_items` is a hint (reserve).
  virtual void BeginTable(const ModelTable& table, uint64_t expected_items) = 0;
  virtual void Add(Item item) = 0;
  // False once the sink has failed: the generator stops early (its output is then discarded).
  virtual bool ok() const { return true; }
};

// Writes tables and items into an engine the way LoadModel does, through Engine::Execute only:
// CreateTable per table, then BatchWriteItem with 25 PutRequests a call (the last one of a table
// may hold fewer), effects off. Items are serialised into the pending request as they arrive and
// not kept. The first failure is kept (its message names the request, as LoadModel's errors do);
// every call after it does nothing. Does not restore the engine on failure: the caller does.
class EngineWriter : public ItemSink {
 public:
  explicit EngineWriter(Engine* engine) : engine_(engine) {}

  // CreateTable with the table's request. Sends the previous table's last batch first.
  void CreateTable(const ModelTable& table);
  // The items Put from now on go to table `name`. Sends the previous table's last batch first.
  void StartItems(const std::string& name);
  void Put(const Item& item);
  // Sends the last batch; OK or the first failure.
  Status Finish();

  // ItemSink: CreateTable + StartItems, then Put.
  void BeginTable(const ModelTable& table, uint64_t expected_items) override;
  void Add(Item item) override { Put(item); }
  bool ok() const override { return status_.ok(); }
  // Items Put so far (all tables), and the sum of BeginTable's expected_items (a hint).
  uint64_t items() const { return items_; }
  uint64_t expected_items() const { return expected_; }

 private:
  void Send();

  Engine* engine_;
  Status status_;
  std::string table_;    // the table items go to
  std::string head_;     // {"RequestItems":{"<table>":[
  std::string request_;  // the pending BatchWriteItem request (head_ and pending_ PutRequests)
  size_t pending_ = 0;   // PutRequests in request_
  uint64_t sent_ = 0;    // items of table_ sent so far (for error messages)
  uint64_t items_ = 0;
  uint64_t expected_ = 0;
};

}  // namespace monotable::model_internal
