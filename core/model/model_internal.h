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

}  // namespace monotable::model_internal
