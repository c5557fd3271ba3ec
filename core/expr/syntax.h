// Expression syntax: the lexer and the recursive-descent parser that turn an expression string
// into a syntax tree (SynTree), private to core/expr.
//
// This layer knows only DynamoDB's grammar and how DynamoDB reports syntax errors
// ("Syntax error; token: \"<tok>\", near: \"<prev tok><tok><next tok>\""); placeholders,
// reserved words, function names and types are checked later (compile.cc), in DynamoDB's order.
// Recursion is bounded (kMaxNesting), so hostile input cannot overflow the stack.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace monotable::expr {

enum class TokKind : uint8_t {
  kName,      // [A-Za-z][A-Za-z0-9_]*  (keywords are names, matched case-insensitively)
  kNameRef,   // #[A-Za-z0-9_]+
  kValueRef,  // :[A-Za-z0-9_]+
  kNumber,    // [0-9]+
  kPunct,     // ( ) [ ] , . = <> < <= > >= + -
  kUnknown,   // any other character (one UTF-8 sequence)
  kEof,
};

struct Token {
  TokKind kind;
  uint32_t begin;  // byte offsets into the expression text
  uint32_t end;
};

// Splits `text` into tokens (whitespace: space, tab, CR, LF), always ending with kEof.
std::vector<Token> Lex(std::string_view text);

// One step of a document path as written.
struct SynPathElement {
  bool is_index = false;
  bool is_ref = false;  // a #placeholder
  std::string text;     // name as written ("a", "#a"); for an index, the digits
  uint64_t index = 0;   // saturates at UINT64_MAX for absurdly long digit strings
};

enum class SynKind : uint8_t {
  kPath,
  kValueRef,  // text: ":v"
  kCall,      // text: function name; kids: arguments
  kCompare,   // text: "=", "<>", "<", "<=", ">", ">="; kids: 2 operands
  kBetween,   // kids: 3 operands
  kIn,        // kids: operand, then the list
  kAnd,
  kOr,
  kNot,
  kPlus,   // UpdateExpression SET value
  kMinus,  // UpdateExpression SET value
  // UpdateExpression actions (kids[0] is the path; SET: kids[1] value; ADD/DELETE: kids[1] :value)
  kSet,
  kRemove,
  kAdd,
  kDelete,
};

struct SynNode {
  SynKind kind;
  std::string text;
  std::vector<SynPathElement> path;  // kPath
  std::vector<int32_t> kids;
  uint8_t parens = 0;  // how many parentheses directly enclose this node
};

struct SynTree {
  std::vector<SynNode> nodes;
  std::vector<int32_t> roots;  // condition: 1 root; update: actions in order; projection: paths
  bool redundant_parens = false;
  uint32_t operator_count = 0;
  std::vector<std::string> clauses;  // UpdateExpression: clause keywords in order ("SET", ...)
};

enum class Grammar : uint8_t { kCondition, kUpdate, kProjection };

// Parses `text` with `grammar`. On a syntax error returns false and sets *error to DynamoDB's
// text without the "Invalid <Kind>: " prefix (e.g. "Syntax error; token: \"b\", near: \"a b\"");
// limit violations found while parsing ("The expression contains too many operators; operator
// count: 301", "The expression has redundant parentheses;") are reported the same way.
bool ParseSyntax(std::string_view text, Grammar grammar, SynTree* tree, std::string* error);

inline constexpr int kMaxNesting = 310;  // parenthesis / function nesting levels

}  // namespace monotable::expr
