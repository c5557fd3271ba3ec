// The evaluable forms of parsed expressions (private to core/expr): what ParseCondition and
// ParseUpdate produce after validation, with placeholders resolved and constants copied in.
// Kept separate from the syntax tree (syntax.h) so evaluation is small and allocation-free.
#pragma once

#include <cstdint>
#include <vector>

#include "expr/expr.h"

namespace monotable::expr {

// An operand of a condition: an item path, a constant, or size(path).
struct Operand {
  enum class Kind : uint8_t { kPath, kValue, kSize };
  Kind kind = Kind::kValue;
  uint32_t index = 0;  // into Tree::paths (kPath, kSize) or Tree::values (kValue)
};

enum class CondKind : uint8_t {
  kAnd,
  kOr,
  kNot,
  kCompare,  // operands[0] op operands[1]
  kBetween,  // operands[0] BETWEEN operands[1] AND operands[2]
  kIn,       // operands[0] IN (operands[1..])
  kAttributeExists,
  kAttributeNotExists,
  kAttributeType,  // operands[0], operands[1] (a constant S)
  kBeginsWith,
  kContains,
};

enum class CompareOp : uint8_t { kEq, kNe, kLt, kLe, kGt, kGe };

struct CondNode {
  CondKind kind;
  CompareOp op = CompareOp::kEq;
  std::vector<uint32_t> kids;  // kAnd / kOr: 2, kNot: 1 (indexes into Tree::nodes)
  std::vector<Operand> operands;
};

struct Condition::Tree {
  std::vector<CondNode> nodes;
  uint32_t root = 0;
  std::vector<Path> paths;
  std::vector<Value> values;
};

// A SET value expression node.
struct ValueExpr {
  enum class Kind : uint8_t { kPath, kValue, kIfNotExists, kListAppend, kPlus, kMinus };
  Kind kind = Kind::kValue;
  uint32_t index = 0;          // kPath: Actions::paths; kValue: Actions::values
  std::vector<uint32_t> kids;  // indexes into Actions::exprs
};

struct UpdateAction {
  enum class Kind : uint8_t { kSet, kRemove, kAdd, kDelete };
  Kind kind = Kind::kSet;
  Path path;
  uint32_t expr = 0;   // kSet: index into Actions::exprs
  uint32_t value = 0;  // kAdd / kDelete: index into Actions::values
};

struct Update::Actions {
  std::vector<UpdateAction> actions;
  std::vector<ValueExpr> exprs;
  std::vector<Path> paths;
  std::vector<Value> values;
};

// Order of two paths for applying SET/ADD/DELETE: names bytewise, indexes numerically, a name
// before an index (only siblings' relative order matters: it makes appends past a list's end
// happen in index order, as DynamoDB does).
bool PathLess(const Path& a, const Path& b);

// "[a, b, [1]]": DynamoDB's rendering of a path inside error messages.
std::string PathForMessage(const Path& path);

}  // namespace monotable::expr
