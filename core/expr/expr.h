// DynamoDB expressions: parsing, validation and evaluation of ConditionExpression,
// FilterExpression, KeyConditionExpression, ProjectionExpression and UpdateExpression.
//
// Owns: the expression grammar (a hand-written lexer and recursive-descent parser into an AST),
// placeholder substitution (ExpressionAttributeNames / ExpressionAttributeValues) and its usage
// tracking, reserved words, DynamoDB's expression error messages, and evaluating parsed
// expressions over items. Knows nothing of tables, storage, capacity or the wire format: callers
// pass typed values (monotable::Value) and get Status values carrying DynamoDB's exact messages
// (all ValidationException).
//
// Usage, once per request:
//   expr::Usage usage;
//   expr::Condition filter;
//   Status s = expr::ParseCondition(expr::Kind::kFilter, text, names, values, &usage, &filter);
//   ... parse every other expression of the request with the same `usage` ...
//   s = expr::CheckAllUsed(names, values, usage);   // unused placeholders are an error
//   for each item: if (filter.Evaluate(item)) ...  // no allocation per item
//
// Parsed expressions are self-contained: they copy the substituted names and values they need,
// so they stay valid after the request's maps are gone, and they are cheap to evaluate many times.
// Parsing bounds recursion depth, so hostile input cannot overflow the stack.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "monotable/key_schema.h"
#include "monotable/limits.h"
#include "monotable/status.h"
#include "monotable/value.h"

namespace monotable::expr {

// Which request parameter an expression came from; it names the expression in messages
// ("Invalid <Kind>Expression: ...") and decides which syntax and functions are allowed.
enum class Kind : uint8_t { kCondition, kFilter, kKeyCondition, kProjection, kUpdate };

// "ConditionExpression", "FilterExpression", "KeyConditionExpression", "ProjectionExpression",
// "UpdateExpression".
std::string_view KindName(Kind kind);

// ExpressionAttributeNames (#name -> attribute name) and ExpressionAttributeValues
// (:value -> value) as the request gave them. Either may be null (the parameter was absent).
using AttributeNames = std::map<std::string, std::string, std::less<>>;
using AttributeValues = std::map<std::string, Value, std::less<>>;

// Which placeholders the request's expressions used. Share one Usage across all the expressions
// of a request, then call CheckAllUsed.
struct Usage {
  std::set<std::string, std::less<>> names;   // "#a", ...
  std::set<std::string, std::less<>> values;  // ":v", ...
};

// Checks the placeholder maps themselves, before any expression is parsed (DynamoDB rule: every
// key of ExpressionAttributeNames starts with '#', every key of ExpressionAttributeValues with
// ':', followed by at least one of [A-Za-z0-9_]). Errors:
//   "ExpressionAttributeNames contains invalid key: Syntax error; key: \"<key>\""
//   "ExpressionAttributeValues contains invalid key: Syntax error; key: \"<key>\""
// (Empty maps, "ExpressionAttributeValues must not be empty", are the API layer's to check.)
Status ValidatePlaceholderKeys(const AttributeNames* names, const AttributeValues* values);

// DynamoDB rule: every supplied placeholder must be used by some expression of the request.
// Returns OK, or ValidationException with (names are checked first, as dynalite does; keys are
// listed sorted):
//   "Value provided in ExpressionAttributeNames unused in expressions: keys: {#a, #b}"
//   "Value provided in ExpressionAttributeValues unused in expressions: keys: {:v1, :v2}"
Status CheckAllUsed(const AttributeNames* names, const AttributeValues* values, const Usage& usage);

// ---------------------------------------------------------------------------------------------
// Document paths

// One step of a document path: a map key / top-level attribute name, or a list index.
struct PathElement {
  bool is_index = false;
  std::string name;    // when !is_index: the real attribute name (placeholders resolved)
  uint32_t index = 0;  // when is_index
  bool operator==(const PathElement& o) const {
    return is_index == o.is_index && name == o.name && index == o.index;
  }
};

// A document path like `a.b[2].c`, placeholders resolved. Never empty once parsed; element 0 is
// always a name (the top-level attribute).
struct Path {
  std::vector<PathElement> elements;

  // DynamoDB's rendering for messages: names joined by '.', indexes as "[2]" ("a.b[2].c").
  std::string ToString() const;
  const std::string& TopLevelName() const { return elements.front().name; }
  bool operator==(const Path& o) const { return elements == o.elements; }
};

// The value at `path` in `item`, or nullptr if any step is missing or of the wrong kind (a name
// step into a non-map, an index step into a non-list or past its end). The pointer is into `item`
// and valid while it is unchanged. Does not allocate.
const Value* Resolve(const Item& item, const Path& path);

// ---------------------------------------------------------------------------------------------
// ConditionExpression / FilterExpression

// A parsed condition. Default-constructed: the empty condition, always true (no expression).
// Copies are cheap and share the immutable AST.
class Condition {
 public:
  // True when the item satisfies the condition. `item` is the current item; a missing item is an
  // empty Item (so attribute_not_exists(pk) is true for it). Comparisons follow DynamoDB: values
  // of different types are never equal and never ordered (any comparison is false, <> is true);
  // < <= > >= BETWEEN only order N (numerically), S and B (bytewise); a missing attribute makes
  // every comparison false except <>, which is true. Never fails, does not allocate.
  bool Evaluate(const Item& item) const;

  bool empty() const { return tree_ == nullptr; }

  // The distinct top-level attribute names the condition reads, in first-use order (e.g. for
  // Query's rule "Filter Expression can only contain non-primary key attributes: Primary key
  // attribute: <name>", and for deciding whether an LSI query must fetch from the table).
  std::vector<std::string> TopLevelAttributes() const;

  struct Tree;  // the AST (ast.h), private to core/expr
  const Tree* tree() const { return tree_.get(); }

 private:
  friend class ParserAccess;
  std::shared_ptr<const Tree> tree_;  // null for the empty condition
};

// Parses a ConditionExpression (kind kCondition) or FilterExpression (kind kFilter), resolving
// placeholders from `names` / `values` and recording them in `usage` (may be null).
// Grammar (DynamoDB's "Comparison operator and function reference"), lowest precedence first:
//   OR, AND, NOT, then BETWEEN / IN / comparators / functions, parentheses anywhere.
// Operands are paths, :values and size(path). Functions: attribute_exists(path),
// attribute_not_exists(path), attribute_type(path, :type), begins_with(path, operand),
// contains(path, operand). IN takes 1..100 values in its list.
// Errors (ValidationException; <K> is KindName(kind)):
//   "Invalid <K>: The expression can not be empty;"
//   "Invalid <K>: Syntax error; token: \"<tok>\", near: \"<context>\""
//   "Invalid <K>: Attribute name is a reserved keyword; reserved keyword: <word>"
//   "Invalid <K>: An expression attribute name used in the document path is not defined;
//    attribute name: #x"
//   "Invalid <K>: An expression attribute value used in expression is not defined;
//    attribute value: :x"
//   "Invalid <K>: Invalid function name; function: <name>"
//   "Invalid <K>: The function is not allowed to be used this way in an expression; function: <f>"
//   "Invalid <K>: Incorrect number of operands for operator or function; operator or function:
//    <f>, number of operands: <n>"
//   "Invalid <K>: Incorrect operand type for operator or function; operator or function: <f>,
//    operand type: <T>"
//   "Invalid <K>: The first operand must be distinct from the remaining operands for this
//    operator or function; operator: =, first operand: [a]"   (`a = a`; `:v = :v` is fine)
//   "Invalid <K>: Operator or function requires a document path; operator or function: <f>"
//   "Invalid <K>: The BETWEEN operator requires upper bound to be greater than or equal to lower
//    bound; lower bound operand: AttributeValue: {N:2}, upper bound operand: AttributeValue: {N:1}"
//    (and "...requires same data type for lower and upper bounds; ...")
//   "Invalid <K>: The expression has redundant parentheses;"      (`((a = :v))`)
//   "Invalid <K>: Expression size has exceeded the maximum allowed size; expression size: <n>"
//   "Invalid <K>: The expression contains too many operators; operator count: 301"
//   "Invalid <K>: The document path has too many nesting levels; nesting levels: 33"
//   "Invalid <K>: List index is not within the allowable range; index: [<digits>]"
// On error *out is unchanged. Usage may have been partly updated (harmless: the request fails).
Status ParseCondition(Kind kind, std::string_view text, const AttributeNames* names,
                      const AttributeValues* values, Usage* usage, Condition* out);

// ---------------------------------------------------------------------------------------------
// KeyConditionExpression

enum class KeyOperator : uint8_t { kEq, kLt, kLe, kGt, kGe, kBetween, kBeginsWith };

// A validated key condition: the partition key equals a value, and optionally one condition on
// the sort key. Names are the real attribute names (placeholders resolved).
struct KeyCondition {
  std::string hash_key;
  Value hash_value;
  bool has_range = false;
  std::string range_key;
  KeyOperator range_op = KeyOperator::kEq;
  Value range_value;   // the operand; BETWEEN: the lower bound
  Value range_value2;  // BETWEEN only: the upper bound
  // Multi-attribute GSI keys only (empty otherwise): the values of the 2nd..4th HASH attributes,
  // and the equality values of the RANGE attributes before the one range_key names, both in key
  // schema order. With no condition on a RANGE attribute, has_range is false and range_prefix
  // empty; with equalities only, range_key is the last one named (range_op kEq).
  std::vector<Value> more_hash_values;
  std::vector<Value> range_prefix;

  // True when a sort key value satisfies the range condition (true if !has_range). `v` is the
  // item's sort key value (same type as the schema's, S/N/B). Does not allocate.
  bool RangeMatches(const Value& v) const;
};

// Parses and validates a KeyConditionExpression against a key schema (`schema.hash_key`, and
// `schema.range_key` if not empty, with their types from AttributeDefinitions). DynamoDB rules:
// exactly one `hash = value` condition, at most one sort key condition joined by AND, sort key
// operators = < <= > >= BETWEEN begins_with (begins_with only on S/B keys), no nesting, no
// parentheses around the whole condition beyond DynamoDB's allowance, operands are one key
// attribute and one :value, value types must match the schema.
// Errors (ValidationException), besides the syntax/placeholder/reserved-word ones of
// ParseCondition with <K> = KeyConditionExpression:
//   "Query condition missed key schema element: <attr>"
//   "Query key condition not supported"
//   "Invalid operator used in KeyConditionExpression: <OR|NOT|IN|<>|attribute_exists|...>"
//   "KeyConditionExpressions must only contain one condition per key"
//   "KeyConditionExpressions cannot contain nested operations"
//   "KeyConditionExpressions cannot have conditions on nested attributes"
//   "Invalid condition in KeyConditionExpression: Multiple attribute names used in one condition"
//   "One or more parameter values were invalid: Condition parameter type does not match schema
//    type"
//   "Invalid KeyConditionExpression: The BETWEEN operator requires upper bound to be greater than
//    or equal to lower bound; ..."
// A GSI with a multi-attribute key (schema.hash_attributes or range_attributes holding more than
// one) follows DynamoDB's rules for those (DG GSI.html#GSI.MultiAttributeKeys): `=` on every HASH
// attribute; conditions on a prefix of the RANGE attributes in key schema order, `=` on all but
// the last one named, which may use any sort key operator; clauses in any order. Errors besides
// the above:
//   "RANGE key attributes <a> must have equality conditions specified in the query because a
//    condition is present on key attribute <b>"   (a gap, or a range condition before the last)
// On error *out is unchanged.
Status ParseKeyCondition(std::string_view text, const AttributeNames* names,
                         const AttributeValues* values, const KeySchemaInfo& schema, Usage* usage,
                         KeyCondition* out);

// ---------------------------------------------------------------------------------------------
// ProjectionExpression

// Comma-separated document paths.
class Projection {
 public:
  const std::vector<Path>& paths() const { return paths_; }

  // The item with only the projected paths kept (DynamoDB rules): a path keeps the structure
  // down to its element (`a.b` -> {a: {b: ...}}); list elements picked by index are kept in
  // index order and the resulting list is compacted (`l[3], l[1]` -> l: [l[1], l[3]]); missing
  // paths are skipped; a map or list left empty by missing children is omitted.
  Item Apply(const Item& item) const;

 private:
  friend class ParserAccess;
  std::vector<Path> paths_;
};

// Parses a ProjectionExpression. Errors: empty / syntax / reserved word / undefined name as
// ParseCondition (with <K> = ProjectionExpression), and
//   "Invalid ProjectionExpression: Two document paths overlap with each other; must remove or
//    rewrite one of these paths; path one: [a], path two: [a, b]"
//   "Invalid ProjectionExpression: Two document paths conflict with each other; must remove or
//    rewrite one of these paths; path one: [a, b], path two: [a, [0]]"
// On error *out is unchanged.
Status ParseProjection(std::string_view text, const AttributeNames* names, Usage* usage,
                       Projection* out);

// Keeps only `paths` of `item` (what Projection::Apply does), e.g. for ReturnValues=UPDATED_NEW.
Item ProjectPaths(const Item& item, const std::vector<Path>& paths);

// ---------------------------------------------------------------------------------------------
// UpdateExpression

// A parsed UpdateExpression. Apply it to items; it is all-or-nothing. Default-constructed: no
// actions (Apply changes nothing). Copies are cheap and share the immutable AST.
class Update {
 public:
  // Applies the actions to *item (the current item, or an empty Item when there is none).
  // All-or-nothing: on error *item is unchanged. Runtime errors (ValidationException):
  //   "The provided expression refers to an attribute that does not exist in the item"
  //     (an operand path like `b` in `SET a = b + :v` is missing)
  //   "The document path provided in the update expression is invalid for update"
  //     (a target path goes through a missing map key / list element, or a non-map/non-list)
  //   "An operand in the update expression has an incorrect data type"
  //     (`+`/`-` on non-numbers, list_append on non-lists, ADD/DELETE on a mismatched type)
  //   Number::Add/Subtract's overflow / precision errors.
  // REMOVE of a list element shifts later elements down; SET past a list's end appends; ADD
  // creates a missing attribute (number 0 + v, or the set); DELETE that empties a set removes
  // the attribute. Does not check item size or key attributes (the caller's job).
  Status Apply(Item* item) const;

  // The paths the update writes (SET, REMOVE, ADD, DELETE targets), in expression order. For the
  // key-attribute check ("Cannot update attribute <attr>. This attribute is part of the key":
  // compare TopLevelName()), and ReturnValues UPDATED_OLD / UPDATED_NEW (ProjectPaths).
  const std::vector<Path>& TargetPaths() const { return target_paths_; }

  // For standalone UpdateItem's size rule (api/ops/item_ops.cc): the bytes DynamoDB adds to the
  // attributes the update writes, 3 plus 19 per SET or ADD action (20 for a SET whose target ends
  // in a list index) plus 2 per REMOVE or DELETE action; and the top-level attributes the SET and
  // ADD actions write, each once. 0 and none without actions. Source: exoego/dynamodb-conformance
  // tests/tier3/limits/itemSizeBySurface.test.ts, measured on AWS (eu-west-2, 2026-08-19).
  uint64_t SizeRuleActionBytes() const;
  std::vector<std::string> WrittenTopLevelNames() const;

  // True when the update has actions and every one is a REMOVE or a DELETE (from a set): such an
  // update adds no data, so on a missing item it creates nothing (API reference UpdateItem,
  // AttributeUpdates: "DELETE - Nothing happens; there is no attribute to delete"; the same for
  // UpdateExpression REMOVE/DELETE, scylladb/scylladb#5862 checked against DynamoDB).
  bool OnlyRemoves() const;

  struct Actions;  // ast.h, private to core/expr
  const Actions* actions() const { return actions_.get(); }

 private:
  friend class ParserAccess;
  std::shared_ptr<const Actions> actions_;  // null: no actions
  std::vector<Path> target_paths_;
};

// Parses an UpdateExpression: clauses SET, REMOVE, ADD, DELETE (each at most once, any order,
// case-insensitive keywords), actions comma-separated. SET values: operand, operand + operand,
// operand - operand, where operands are paths, :values, if_not_exists(path, operand),
// list_append(operand, operand). ADD path :value (N or set); DELETE path :set.
// Errors (ValidationException), besides the syntax/placeholder/reserved-word ones of
// ParseCondition with <K> = UpdateExpression:
//   "Invalid UpdateExpression: The \"<CLAUSE>\" section can only be used once in an update
//    expression;"
//   "Invalid UpdateExpression: Two document paths overlap with each other; must remove or rewrite
//    one of these paths; path one: [a], path two: [a]"
//   "Invalid UpdateExpression: Two document paths conflict with each other; ..."
//   "Invalid UpdateExpression: Incorrect operand type for operator or function; operator: ADD,
//    operand type: STRING"  (and for DELETE, +, -, list_append, if_not_exists with constants)
//   "Invalid UpdateExpression: The function is not allowed to be used this way in an expression;
//    function: size"  (and any condition function)
//   "Invalid UpdateExpression: Invalid function name; function: <name>"
//   "Invalid UpdateExpression: The expression contains too many operators ..." (300 max)
// On error *out is unchanged.
Status ParseUpdate(std::string_view text, const AttributeNames* names,
                   const AttributeValues* values, Usage* usage, Update* out);

// ---------------------------------------------------------------------------------------------
// Reserved words

// True if `word` is one of DynamoDB's 573 reserved words (case-insensitive).
bool IsReservedWord(std::string_view word);
// How many reserved words there are (573).
size_t ReservedWordCount();

// Limits (dynamodb-rules.md §1.3), defined in monotable/limits.h.
using limits::kMaxExpressionBytes;
using limits::kMaxInOperands;
using limits::kMaxUpdateOperators;

}  // namespace monotable::expr
