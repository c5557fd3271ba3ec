// partiql: DynamoDB's PartiQL dialect — a small hand-written lexer and recursive-descent parser for
// SELECT, INSERT, UPDATE and DELETE statements, producing a syntax tree. Knows nothing of tables,
// keys or the wire format: core/api/ops/partiql_executor.cc translates a Statement into the
// engine's operations.
//
// Supported (DynamoDB Developer Guide, "PartiQL select/insert/update/delete statements"):
//   SELECT * | path, ... FROM "table"[."index"] [WHERE cond]
//   INSERT INTO "table" VALUE {'attr': value, ...}
//   UPDATE "table" SET path = value [+|- value], ... | REMOVE path, ... [WHERE cond]
//   DELETE FROM "table" WHERE cond
// Identifiers are bare (letters, digits, _) or "double quoted"; strings are 'single quoted' ('' is
// a quote); values are strings, numbers, TRUE/FALSE, NULL, [lists], {'maps'}, <<sets>> and `?`
// parameters (numbered from 0 in order of appearance). Conditions: = <> != < <= > >=, BETWEEN,
// IN [..] / IN (..), IS [NOT] MISSING, IS [NOT] NULL, AND, OR, NOT, parentheses, and the functions
// begins_with, contains, attribute_type, size, attribute_exists, attribute_not_exists. Keywords
// are case-insensitive.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "monotable/status.h"
#include "monotable/value.h"

namespace monotable::partiql {

struct PathElement {
  std::string name;   // a map member (when !is_index)
  int64_t index = 0;  // a list index (when is_index)
  bool is_index = false;
};
using Path = std::vector<PathElement>;

struct Expr {
  enum class Kind : uint8_t {
    kPath,     // path
    kValue,    // a scalar literal in `value`
    kParam,    // `?` number `param`
    kList,     // [args...]
    kMap,      // {keys[i]: args[i]}
    kSet,      // <<args...>>
    kCompare,  // args[0] op args[1]; op is = <> < <= > >=
    kArith,    // args[0] op args[1]; op is + or - (UPDATE SET only)
    kAnd,
    kOr,
    kNot,
    kBetween,  // args[0] BETWEEN args[1] AND args[2]
    kIn,       // args[0] IN (args[1..])
    kIsMissing,
    kIsNotMissing,
    kIsNull,
    kIsNotNull,
    kCall,  // op(args...), op lowercase
  };
  Kind kind = Kind::kValue;
  std::string op;
  Path path;
  Value value;
  int param = -1;
  std::vector<std::string> keys;
  std::vector<Expr> args;
};

struct Statement {
  enum class Kind : uint8_t { kSelect, kInsert, kUpdate, kDelete };
  Kind kind = Kind::kSelect;
  std::string table;
  std::string index;  // SELECT FROM "table"."index"
  bool select_all = false;
  std::vector<Path> projection;
  std::optional<Expr> where;
  Expr value;                              // INSERT's VALUE
  std::vector<std::pair<Path, Expr>> set;  // UPDATE's SET, in order
  std::vector<Path> remove;                // UPDATE's REMOVE, in order
  int parameter_count = 0;                 // the number of `?` in the statement
};

// Parses one statement. Errors are ValidationException with DynamoDB's prefix "Statement wasn't
// well formed, can't be processed: " followed by what was wrong.
Status Parse(std::string_view text, Statement* out);

// The path in text ("a.b[2]"), for messages and tests.
std::string PathText(const Path& path);

}  // namespace monotable::partiql
