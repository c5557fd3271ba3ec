// Validation and lowering of parsed expressions: placeholders, reserved words, functions, types
// and limits, checked in the order DynamoDB reports them; then the syntax tree becomes the
// evaluable form of ast.h. Implements ParseCondition, ParseKeyCondition, ParseUpdate and
// ParseProjection.
//
// DynamoDB's error order (observed by dynalite's tests against DynamoDB; see tests in
// tests/core/expr/): syntax errors first; then for conditions: redundant parentheses, unknown
// function name, function used in the wrong place, reserved word, then per primitive condition in
// text order: undefined placeholder, operand count, non-distinct operands, operand types. For
// UpdateExpression: reserved word, unknown function, misused function, repeated clause, undefined
// name, undefined value, overlapping paths, conflicting paths, ADD/DELETE operand type, function
// operand count / document path / types.
#include <climits>
#include <cstring>
#include <memory>
#include <string>
#include <unordered_map>

#include "expr/ast.h"
#include "expr/syntax.h"

namespace monotable::expr {

// Condition and Update need ParserAccess to fill their private members.
class ParserAccess {
 public:
  static void SetTree(Condition* c, std::shared_ptr<const Condition::Tree> t) {
    c->tree_ = std::move(t);
  }
  static void SetActions(Update* u, std::shared_ptr<const Update::Actions> a,
                         std::vector<Path> targets) {
    u->actions_ = std::move(a);
    u->target_paths_ = std::move(targets);
  }
  static void SetPaths(Projection* p, std::vector<Path> paths) { p->paths_ = std::move(paths); }
};

namespace {

constexpr size_t kMaxPathDepth = 32;
constexpr char kAllTypes[] = "{NS,SS,L,BS,N,M,B,BOOL,NULL,S}";

struct FunctionInfo {
  std::string_view name;
  int operands;
  bool is_condition;  // a boolean function, used as a condition
  bool is_update;     // if_not_exists / list_append
};
constexpr FunctionInfo kFunctions[] = {
    {"attribute_exists", 1, true, false}, {"attribute_not_exists", 1, true, false},
    {"attribute_type", 2, true, false},   {"begins_with", 2, true, false},
    {"contains", 2, true, false},         {"size", 1, false, false},
    {"if_not_exists", 2, false, true},    {"list_append", 2, false, true},
};
const FunctionInfo* FindFunction(std::string_view name) {
  for (const FunctionInfo& f : kFunctions)
    if (f.name == name) return &f;  // function names are case-sensitive
  return nullptr;
}

// Type names as the "operator: ADD" messages spell them.
const char* LongTypeName(Type t) {
  switch (t) {
    case Type::kS:
      return "STRING";
    case Type::kN:
      return "NUMBER";
    case Type::kB:
      return "BINARY";
    case Type::kBool:
      return "BOOLEAN";
    case Type::kNull:
      return "NULL";
    case Type::kL:
      return "LIST";
    case Type::kM:
      return "MAP";
    case Type::kSS:
      return "STRING_SET";
    case Type::kNS:
      return "NUMBER_SET";
    case Type::kBS:
      return "BINARY_SET";
  }
  return "";
}

// "AttributeValue: {S:a}" as the BETWEEN messages render a constant.
std::string AttributeValueForMessage(const Value& v) {
  std::string out = "AttributeValue: {";
  out += TypeName(v.type());
  out += ":";
  if (v.is(Type::kS) || v.is(Type::kB)) out += v.s();
  if (v.is(Type::kN)) out += v.n().ToString();
  out += "}";
  return out;
}

bool IsOrderable(Type t) { return t == Type::kN || t == Type::kS || t == Type::kB; }

int CompareScalars(const Value& a, const Value& b) {
  if (a.is(Type::kN)) return a.n().Compare(b.n());
  int c = a.s().compare(b.s());
  return c < 0 ? -1 : c > 0 ? 1 : 0;
}

// The syntax trees of recent expressions. A syntax tree depends on the text and the grammar only
// (names and values are resolved after it), and clients send the same few expressions again and
// again (one per access pattern), so parsing one again is wasted work (docs/benchmarks.md,
// section 10). Failed
// parses are not kept (they are rare, and their error is worded from the text each time).
// Per thread, bounded: emptied when it holds kMaxEntries trees.
std::shared_ptr<const SynTree> CachedSyntax(std::string_view text, Grammar grammar,
                                            std::string* error) {
  constexpr size_t kMaxEntries = 512;
  thread_local std::unordered_map<std::string, std::shared_ptr<const SynTree>> cache;
  std::string key;
  key.reserve(text.size() + 1);
  key.push_back(static_cast<char>('0' + static_cast<int>(grammar)));
  key.append(text);
  if (auto it = cache.find(key); it != cache.end()) return it->second;
  auto tree = std::make_shared<SynTree>();
  if (!ParseSyntax(text, grammar, tree.get(), error)) return nullptr;
  if (cache.size() >= kMaxEntries) cache.clear();
  cache.emplace(std::move(key), tree);
  return tree;
}

// Shared state of one expression's validation.
class Compiler {
 public:
  Compiler(Kind kind, const AttributeNames* names, const AttributeValues* values, Usage* usage)
      : kind_(kind), names_(names), values_(values), usage_(usage) {}

  Status Error(const std::string& message) const {
    return Status::Validation("Invalid " + std::string(KindName(kind_)) + ": " + message);
  }

  // Common first steps: empty, size, syntax, path limits.
  bool Parse(std::string_view text, Grammar grammar, Status* status) {
    if (text.empty()) {
      *status = Error("The expression can not be empty;");
      return false;
    }
    if (text.size() > kMaxExpressionBytes) {
      *status = Error("Expression size has exceeded the maximum allowed size; expression size: " +
                      std::to_string(text.size()));
      return false;
    }
    std::string err;
    tree_ = CachedSyntax(text, grammar, &err);
    if (!tree_) {
      *status = Error(err);
      return false;
    }
    paths_.resize(syn().nodes.size());
    values_by_node_.assign(syn().nodes.size(), nullptr);
    // DynamoDB rules: a document path has at most 32 levels; list indexes must fit an int.
    for (const SynNode& n : syn().nodes) {
      if (n.kind != SynKind::kPath) continue;
      if (n.path.size() > kMaxPathDepth) {
        *status = Error("The document path has too many nesting levels; nesting levels: " +
                        std::to_string(n.path.size()));
        return false;
      }
      for (const SynPathElement& e : n.path) {
        if (e.is_index && e.index > static_cast<uint64_t>(INT32_MAX)) {
          *status = Error("List index is not within the allowable range; index: [" + e.text + "]");
          return false;
        }
      }
    }
    return true;
  }

  const SynNode& N(int32_t i) const { return syn().nodes[static_cast<size_t>(i)]; }

  // First reserved word used bare as a name, in text order.
  std::string FirstReserved() const {
    for (const SynNode& n : syn().nodes) {
      if (n.kind != SynKind::kPath) continue;
      for (const SynPathElement& e : n.path)
        if (!e.is_index && !e.is_ref && IsReservedWord(e.text)) return e.text;
    }
    return "";
  }

  // Resolves a path node's placeholders. Returns the undefined placeholder, or "".
  std::string ResolvePath(int32_t i) {
    const SynNode& n = N(i);
    Path p;
    for (const SynPathElement& e : n.path) {
      PathElement pe;
      if (e.is_index) {
        pe.is_index = true;
        pe.index = static_cast<uint32_t>(e.index);
      } else if (e.is_ref) {
        auto it = names_ ? names_->find(e.text) : AttributeNames::const_iterator();
        if (!names_ || it == names_->end()) return e.text;
        if (usage_) usage_->names.insert(e.text);
        pe.name = it->second;
      } else {
        pe.name = e.text;
      }
      p.elements.push_back(std::move(pe));
    }
    paths_[static_cast<size_t>(i)] = std::move(p);
    return "";
  }
  std::string ResolveValue(int32_t i) {
    const SynNode& n = N(i);
    auto it = values_ ? values_->find(n.text) : AttributeValues::const_iterator();
    if (!values_ || it == values_->end()) return n.text;
    if (usage_) usage_->values.insert(n.text);
    values_by_node_[static_cast<size_t>(i)] = &it->second;
    return "";
  }

  // First undefined placeholder in the subtree, in text order (names and values together).
  // Resolves everything it passes.
  std::string UndefinedIn(int32_t i, bool names_only = false, bool values_only = false) {
    const SynNode& n = N(i);
    std::string bad;
    if (n.kind == SynKind::kPath) {
      if (!values_only) bad = ResolvePath(i);
      if (!bad.empty())
        return "An expression attribute name used in the document path is not "
               "defined; attribute name: " +
               bad;
      return "";
    }
    if (n.kind == SynKind::kValueRef) {
      if (!names_only) bad = ResolveValue(i);
      if (!bad.empty())
        return "An expression attribute value used in expression is not "
               "defined; attribute value: " +
               bad;
      return "";
    }
    std::string first;
    for (int32_t k : n.kids) {
      std::string e = UndefinedIn(k, names_only, values_only);
      if (first.empty() && !e.empty()) first = e;
    }
    return first;
  }

  // The static type of an operand: constants, and function results. Paths: nullopt.
  // `immediate`: constants only (function results unknown).
  std::optional<std::string> StaticType(int32_t i, bool immediate) const {
    const SynNode& n = N(i);
    if (n.kind == SynKind::kValueRef) {
      const Value* v = values_by_node_[static_cast<size_t>(i)];
      if (v) return std::string(TypeName(v->type()));
      return std::nullopt;
    }
    if (n.kind == SynKind::kCall && !immediate) {
      const FunctionInfo* f = FindFunction(n.text);
      if (!f) return std::nullopt;
      if (f->name == "size") return std::string("N");
      if (f->is_condition) return std::string("BOOL");
      if (f->name == "list_append") return std::string("L");
      if (f->name == "if_not_exists" && n.kids.size() == 2) return StaticType(n.kids[1], false);
    }
    return std::nullopt;
  }

  std::string FirstUnknownFunction() const {
    for (const SynNode& n : syn().nodes)
      if (n.kind == SynKind::kCall && !FindFunction(n.text)) return n.text;
    return "";
  }

  Kind kind_;
  const AttributeNames* names_;
  const AttributeValues* values_;
  Usage* usage_;
  const SynTree& syn() const { return *tree_; }
  std::shared_ptr<const SynTree> tree_;       // shared with the syntax cache
  std::vector<Path> paths_;                   // by node, for kPath nodes
  std::vector<const Value*> values_by_node_;  // by node, for kValueRef nodes
};

std::string NotAllowed(std::string_view f) {
  return "The function is not allowed to be used this way in an expression; function: " +
         std::string(f);
}
std::string OperandTypeError(std::string_view f, std::string_view type) {
  return "Incorrect operand type for operator or function; operator or function: " +
         std::string(f) + ", operand type: " + std::string(type);
}

// ---------------------------------------------------------------------------------------------
// Conditions

class ConditionCompiler : public Compiler {
 public:
  using Compiler::Compiler;

  Status Validate(std::string_view text) {
    Status st;
    if (!Parse(text, Grammar::kCondition, &st)) return st;
    if (syn().redundant_parens) return Error("The expression has redundant parentheses;");
    std::string f = FirstUnknownFunction();
    if (!f.empty()) return Error("Invalid function name; function: " + f);
    condition_call_.assign(syn().nodes.size(), false);
    std::string misused;
    CheckPlacement(syn().roots[0], /*condition_position=*/true, &misused);
    if (!misused.empty()) return Error(NotAllowed(misused));
    std::string reserved = FirstReserved();
    if (!reserved.empty())
      return Error("Attribute name is a reserved keyword; reserved keyword: " + reserved);
    // Per primitive condition, in text order.
    for (size_t i = 0; i < syn().nodes.size(); ++i) {
      const SynNode& n = syn().nodes[i];
      bool primitive = n.kind == SynKind::kCompare || n.kind == SynKind::kBetween ||
                       n.kind == SynKind::kIn || (n.kind == SynKind::kCall && condition_call_[i]);
      if (!primitive) continue;
      std::string e = CheckPrimitive(static_cast<int32_t>(i));
      if (!e.empty()) return Error(e);
    }
    return Status::Ok();
  }

  // Misused functions: boolean functions only as conditions, size only as an operand,
  // if_not_exists / list_append never in a condition.
  void CheckPlacement(int32_t i, bool condition_position, std::string* misused) {
    const SynNode& n = N(i);
    switch (n.kind) {
      case SynKind::kAnd:
      case SynKind::kOr:
      case SynKind::kNot:
        for (int32_t k : n.kids) CheckPlacement(k, true, misused);
        return;
      case SynKind::kCompare:
      case SynKind::kBetween:
      case SynKind::kIn:
        for (int32_t k : n.kids) CheckPlacement(k, false, misused);
        return;
      case SynKind::kCall: {
        for (int32_t k : n.kids) CheckPlacement(k, false, misused);
        const FunctionInfo* f = FindFunction(n.text);
        if (!f) return;
        if (f->is_update || f->is_condition != condition_position) {
          if (misused->empty()) *misused = n.text;
        }
        if (condition_position) condition_call_[static_cast<size_t>(i)] = true;
        return;
      }
      default:
        return;
    }
  }

  std::string CheckPrimitive(int32_t i) {
    std::string undefined = UndefinedIn(i);
    if (!undefined.empty()) return undefined;
    std::string count, distinct, type;
    CheckCalls(i, &count, &distinct, &type);
    const SynNode& n = N(i);
    if (n.kind == SynKind::kCompare) {
      if (distinct.empty()) distinct = DistinctError(n.text, n.kids[0], n.kids[1]);
      if (n.text != "=" && n.text != "<>") {
        for (int32_t k : n.kids) {
          auto t = StaticType(k, true);
          if (t && type.empty() && !IsOrderable(values_by_node_[static_cast<size_t>(k)]->type()))
            type = OperandTypeError(n.text, *t);
        }
      }
    } else if (n.kind == SynKind::kBetween) {
      for (int32_t k : n.kids) {
        auto t = StaticType(k, true);
        if (t && type.empty() && !IsOrderable(values_by_node_[static_cast<size_t>(k)]->type()))
          type = OperandTypeError("BETWEEN", *t);
      }
      if (type.empty()) type = BetweenBoundsError(n.kids[1], n.kids[2]);
    } else if (n.kind == SynKind::kIn) {
      // DynamoDB documents at most 100 values in an IN list. The message wording is taken from
      // an emulator's tests [?] (see docs/compatibility.md).
      size_t members = n.kids.size() - 1;
      if (members > kMaxInOperands && count.empty()) {
        count =
            "Too many operands for the operator or function; operator or function: IN, number "
            "of operands: " +
            std::to_string(members);
      }
    }
    if (!count.empty()) return count;
    if (!distinct.empty()) return distinct;
    return type;
  }

  std::string BetweenBoundsError(int32_t lo, int32_t hi) const {
    const Value* a =
        N(lo).kind == SynKind::kValueRef ? values_by_node_[static_cast<size_t>(lo)] : nullptr;
    const Value* b =
        N(hi).kind == SynKind::kValueRef ? values_by_node_[static_cast<size_t>(hi)] : nullptr;
    if (!a || !b) return "";
    std::string operands = "lower bound operand: " + AttributeValueForMessage(*a) +
                           ", upper bound operand: " + AttributeValueForMessage(*b);
    if (a->type() != b->type())
      return "The BETWEEN operator requires same data type for lower and upper bounds; " + operands;
    if (IsOrderable(a->type()) && CompareScalars(*a, *b) > 0)
      return "The BETWEEN operator requires upper bound to be greater than or equal to lower "
             "bound; " +
             operands;
    return "";
  }

  std::string DistinctError(std::string_view op, int32_t a, int32_t b) const {
    if (N(a).kind != SynKind::kPath || N(b).kind != SynKind::kPath) return "";
    const Path& pa = paths_[static_cast<size_t>(a)];
    const Path& pb = paths_[static_cast<size_t>(b)];
    if (pa.elements.empty() || !(pa == pb)) return "";
    return "The first operand must be distinct from the remaining operands for this operator or "
           "function; operator: " +
           std::string(op) + ", first operand: " + PathForMessage(pa);
  }

  // Function checks in the subtree, post-order.
  void CheckCalls(int32_t i, std::string* count, std::string* distinct, std::string* type) {
    const SynNode& n = N(i);
    for (int32_t k : n.kids) CheckCalls(k, count, distinct, type);
    if (n.kind != SynKind::kCall) return;
    const FunctionInfo* f = FindFunction(n.text);
    if (!f) return;
    if (static_cast<int>(n.kids.size()) != f->operands) {
      if (count->empty())
        *count = "Incorrect number of operands for operator or function; operator or function: " +
                 n.text + ", number of operands: " + std::to_string(n.kids.size());
      return;
    }
    if (n.kids.size() == 2 && distinct->empty())
      *distinct = DistinctError(n.text, n.kids[0], n.kids[1]);
    if (!type->empty()) return;
    if (f->name == "attribute_exists" || f->name == "attribute_not_exists") {
      if (N(n.kids[0]).kind != SynKind::kPath)
        *type = "Operator or function requires a document path; operator or function: " + n.text;
    } else if (f->name == "begins_with") {
      for (int32_t k : n.kids) {
        auto t = StaticType(k, false);
        if (t && *t != "S" && *t != "B" && type->empty()) *type = OperandTypeError(n.text, *t);
      }
    } else if (f->name == "attribute_type") {
      auto t = StaticType(n.kids[1], false);
      if (!t || *t != "S") {
        *type = OperandTypeError(n.text, t ? *t : std::string(kAllTypes));
        return;
      }
      const Value* v = values_by_node_[static_cast<size_t>(n.kids[1])];
      static constexpr std::string_view kTypes[] = {"S", "N", "B",  "BOOL", "NULL",
                                                    "L", "M", "SS", "NS",   "BS"};
      bool known = false;
      for (std::string_view k : kTypes)
        if (v->s() == k) known = true;
      if (!known)
        *type = "Invalid attribute type name found; type: " + v->s() +
                ", valid types: {B,NULL,SS,BOOL,L,BS,N,NS,S,M}";
    } else if (f->name == "size") {
      auto t = StaticType(n.kids[0], false);
      if (t && (*t == "N" || *t == "BOOL" || *t == "NULL")) *type = OperandTypeError(n.text, *t);
    }
  }

  // ---- lowering
  Operand LowerOperand(int32_t i, Condition::Tree* t) {
    const SynNode& n = N(i);
    Operand op;
    if (n.kind == SynKind::kPath) {
      op.kind = Operand::Kind::kPath;
      op.index = static_cast<uint32_t>(t->paths.size());
      t->paths.push_back(paths_[static_cast<size_t>(i)]);
    } else if (n.kind == SynKind::kValueRef) {
      op.kind = Operand::Kind::kValue;
      op.index = static_cast<uint32_t>(t->values.size());
      t->values.push_back(*values_by_node_[static_cast<size_t>(i)]);
    } else {  // size(x)
      int32_t arg = n.kids[0];
      if (N(arg).kind == SynKind::kPath) {
        op.kind = Operand::Kind::kSize;
        op.index = static_cast<uint32_t>(t->paths.size());
        t->paths.push_back(paths_[static_cast<size_t>(arg)]);
      } else {
        // size(:v): a constant, computed once.
        const Value& v = *values_by_node_[static_cast<size_t>(arg)];
        op.kind = Operand::Kind::kValue;
        op.index = static_cast<uint32_t>(t->values.size());
        t->values.push_back(Value::N(Number::FromInt(static_cast<int64_t>(ConstantSize(v)))));
      }
    }
    return op;
  }
  static size_t ConstantSize(const Value& v) {
    switch (v.type()) {
      case Type::kS:
      case Type::kB:
        return v.s().size();
      case Type::kL:
        return v.l().size();
      case Type::kM:
        return v.m().size();
      case Type::kSS:
      case Type::kBS:
        return v.strings().size();
      case Type::kNS:
        return v.numbers().size();
      default:
        return 0;
    }
  }
  uint32_t Lower(int32_t i, Condition::Tree* t) {
    const SynNode& n = N(i);
    CondNode c;
    switch (n.kind) {
      case SynKind::kAnd:
      case SynKind::kOr:
      case SynKind::kNot:
        c.kind = n.kind == SynKind::kAnd  ? CondKind::kAnd
                 : n.kind == SynKind::kOr ? CondKind::kOr
                                          : CondKind::kNot;
        for (int32_t k : n.kids) c.kids.push_back(Lower(k, t));
        break;
      case SynKind::kCompare:
        c.kind = CondKind::kCompare;
        c.op = n.text == "="    ? CompareOp::kEq
               : n.text == "<>" ? CompareOp::kNe
               : n.text == "<"  ? CompareOp::kLt
               : n.text == "<=" ? CompareOp::kLe
               : n.text == ">"  ? CompareOp::kGt
                                : CompareOp::kGe;
        for (int32_t k : n.kids) c.operands.push_back(LowerOperand(k, t));
        break;
      case SynKind::kBetween:
      case SynKind::kIn:
        c.kind = n.kind == SynKind::kBetween ? CondKind::kBetween : CondKind::kIn;
        for (int32_t k : n.kids) c.operands.push_back(LowerOperand(k, t));
        break;
      default: {  // a boolean function
        c.kind = n.text == "attribute_exists"       ? CondKind::kAttributeExists
                 : n.text == "attribute_not_exists" ? CondKind::kAttributeNotExists
                 : n.text == "attribute_type"       ? CondKind::kAttributeType
                 : n.text == "begins_with"          ? CondKind::kBeginsWith
                                                    : CondKind::kContains;
        for (int32_t k : n.kids) c.operands.push_back(LowerOperand(k, t));
        break;
      }
    }
    t->nodes.push_back(std::move(c));
    return static_cast<uint32_t>(t->nodes.size() - 1);
  }

  std::vector<bool> condition_call_;
};

}  // namespace

// ---------------------------------------------------------------------------------------------

Status ParseCondition(Kind kind, std::string_view text, const AttributeNames* names,
                      const AttributeValues* values, Usage* usage, Condition* out) {
  ConditionCompiler c(kind, names, values, usage);
  Status st = c.Validate(text);
  if (!st.ok()) return st;
  auto tree = std::make_shared<Condition::Tree>();
  tree->root = c.Lower(c.syn().roots[0], tree.get());
  ParserAccess::SetTree(out, std::move(tree));
  return Status::Ok();
}

// ---------------------------------------------------------------------------------------------
// KeyConditionExpression

namespace {

struct KeyTerm {
  std::string attr;
  KeyOperator op;
  std::vector<const Value*> values;
};

// DynamoDB's structural rules for key conditions (messages from dynalite's tests run against
// DynamoDB): only AND of at most one condition per key, each comparing one top-level key
// attribute with constants.
std::string CollectKeyTerms(const ConditionCompiler& c, int32_t i, std::vector<KeyTerm>* terms) {
  const SynNode& n = c.N(i);
  switch (n.kind) {
    case SynKind::kOr:
      return "Invalid operator used in KeyConditionExpression: OR";
    case SynKind::kNot:
      return "Invalid operator used in KeyConditionExpression: NOT";
    case SynKind::kIn:
      return "Invalid operator used in KeyConditionExpression: IN";
    case SynKind::kAnd:
      for (int32_t k : n.kids) {
        std::string e = CollectKeyTerms(c, k, terms);
        if (!e.empty()) return e;
      }
      return "";
    default:
      break;
  }
  if (n.kind == SynKind::kCompare && n.text == "<>")
    return "Invalid operator used in KeyConditionExpression: <>";
  if (n.kind == SynKind::kCall) {
    if (n.text == "size") return "KeyConditionExpressions cannot contain nested operations";
    if (n.text != "begins_with")
      return "Invalid operator used in KeyConditionExpression: " + n.text;
  }
  if ((n.kind == SynKind::kBetween || n.kind == SynKind::kCall) &&
      c.N(n.kids[0]).kind != SynKind::kPath) {
    return std::string("Invalid condition in KeyConditionExpression: ") +
           (n.kind == SynKind::kBetween ? "BETWEEN" : "begins_with") +
           " operator must have the key attribute as its first operand";
  }
  KeyTerm term;
  size_t attr_at = 0;
  bool have_attr = false;
  for (size_t k = 0; k < n.kids.size(); ++k) {
    const SynNode& a = c.N(n.kids[k]);
    if (a.kind == SynKind::kPath) {
      if (have_attr)
        return "Invalid condition in KeyConditionExpression: Multiple attribute names used in one "
               "condition";
      const Path& p = c.paths_[static_cast<size_t>(n.kids[k])];
      if (p.elements.size() > 1)
        return "KeyConditionExpressions cannot have conditions on nested attributes";
      term.attr = p.elements[0].name;
      have_attr = true;
      attr_at = k;
    } else if (a.kind == SynKind::kCall) {
      return "KeyConditionExpressions cannot contain nested operations";
    } else {
      term.values.push_back(c.values_by_node_[static_cast<size_t>(n.kids[k])]);
    }
  }
  if (!have_attr) return "Invalid condition in KeyConditionExpression: No key attribute specified";
  for (const KeyTerm& t : *terms)
    if (t.attr == term.attr)
      return "KeyConditionExpressions must only contain one condition per key";
  if (n.kind == SynKind::kBetween) {
    term.op = KeyOperator::kBetween;
  } else if (n.kind == SynKind::kCall) {
    term.op = KeyOperator::kBeginsWith;
  } else {
    // `:v < k` is `k > :v`.
    bool flip = attr_at != 0;
    const std::string& o = n.text;
    term.op = o == "="    ? KeyOperator::kEq
              : o == "<"  ? (flip ? KeyOperator::kGt : KeyOperator::kLt)
              : o == "<=" ? (flip ? KeyOperator::kGe : KeyOperator::kLe)
              : o == ">"  ? (flip ? KeyOperator::kLt : KeyOperator::kGt)
                          : (flip ? KeyOperator::kLe : KeyOperator::kGe);
  }
  terms->push_back(std::move(term));
  return "";
}

const char kKeyTypeMismatch[] =
    "One or more parameter values were invalid: Condition parameter type does not match schema "
    "type";

// The key condition on a GSI with a multi-attribute key (DG GSI.html#GSI.MultiAttributeKeys:
// "you must specify all partition key attributes using equality conditions"; sort key attributes
// "left-to-right in the order they're defined", none skipped, and an inequality, BETWEEN or
// begins_with only on the last one named). The gap message is AWS's, verified on AWS by the Parity
// Suite's tests/tier1/query/multiAttributeGsiKey.test.ts (October 2026); the others are the
// single-key messages, which AWS is not known to change here (docs/compatibility.md).
Status MultiAttributeKeyCondition(const std::vector<KeyTerm>& terms, const KeySchemaInfo& schema,
                                  KeyCondition* out) {
  const size_t hashes = schema.hash_attributes.size();
  const size_t ranges = schema.range_attributes.size();
  std::vector<const KeyTerm*> hash(hashes, nullptr), range(ranges, nullptr);
  bool other = false;
  for (const KeyTerm& t : terms) {
    const KeyAttributeInfo* attr = nullptr;
    bool is_hash = false;
    for (size_t i = 0; i < hashes && !attr; ++i) {
      if (schema.hash_attributes[i].name == t.attr) {
        attr = &schema.hash_attributes[i];
        hash[i] = &t;
        is_hash = true;
      }
    }
    for (size_t i = 0; i < ranges && !attr; ++i) {
      if (schema.range_attributes[i].name == t.attr) {
        attr = &schema.range_attributes[i];
        range[i] = &t;
      }
    }
    if (!attr) {
      other = true;
      continue;
    }
    if (is_hash && t.op != KeyOperator::kEq) {
      return Status::Validation("Query key condition not supported");
    }
    for (const Value* v : t.values) {
      if (v->type() != attr->type) return Status::Validation(kKeyTypeMismatch);
    }
  }
  for (size_t i = 0; i < hashes; ++i) {
    if (!hash[i]) {
      return Status::Validation("Query condition missed key schema element: " +
                                schema.hash_attributes[i].name);
    }
  }
  if (other) return Status::Validation("Query key condition not supported");
  size_t last = 0;  // number of RANGE attributes named (a prefix, checked below)
  for (size_t j = 0; j < ranges; ++j) {
    if (!range[j]) continue;
    for (size_t i = 0; i < j; ++i) {
      if (!range[i] || range[i]->op != KeyOperator::kEq) {
        return Status::Validation("RANGE key attributes " + schema.range_attributes[i].name +
                                  " must have equality conditions specified in the query because "
                                  "a condition is present on key attribute " +
                                  schema.range_attributes[j].name);
      }
    }
    last = j + 1;
  }
  KeyCondition kc;
  kc.hash_key = hash[0]->attr;
  kc.hash_value = *hash[0]->values[0];
  for (size_t i = 1; i < hashes; ++i) kc.more_hash_values.push_back(*hash[i]->values[0]);
  if (last) {
    for (size_t i = 0; i + 1 < last; ++i) kc.range_prefix.push_back(*range[i]->values[0]);
    const KeyTerm* r = range[last - 1];
    kc.has_range = true;
    kc.range_key = r->attr;
    kc.range_op = r->op;
    kc.range_value = *r->values[0];
    if (r->values.size() > 1) kc.range_value2 = *r->values[1];
  }
  *out = std::move(kc);
  return Status::Ok();
}

}  // namespace

Status ParseKeyCondition(std::string_view text, const AttributeNames* names,
                         const AttributeValues* values, const KeySchemaInfo& schema, Usage* usage,
                         KeyCondition* out) {
  ConditionCompiler c(Kind::kKeyCondition, names, values, usage);
  Status st = c.Validate(text);
  if (!st.ok()) return st;
  std::vector<KeyTerm> terms;
  std::string e = CollectKeyTerms(c, c.syn().roots[0], &terms);
  if (!e.empty()) return Status::Validation(e);

  if (schema.multi()) return MultiAttributeKeyCondition(terms, schema, out);
  // Against the key schema (DynamoDB's order: hash key, then range key).
  const KeyTerm* hash = nullptr;
  const KeyTerm* range = nullptr;
  for (const KeyTerm& t : terms) {
    if (t.attr == schema.hash_key) hash = &t;
    if (!schema.range_key.empty() && t.attr == schema.range_key) range = &t;
  }
  const std::string kTypeMismatch =
      "One or more parameter values were invalid: Condition parameter type does not match schema "
      "type";
  if (schema.range_key.empty() && terms.size() > 1)
    return Status::Validation("Query key condition not supported");
  if (!hash)
    return Status::Validation("Query condition missed key schema element: " + schema.hash_key);
  for (const Value* v : hash->values)
    if (v->type() != schema.hash_type) return Status::Validation(kTypeMismatch);
  if (hash->op != KeyOperator::kEq) return Status::Validation("Query key condition not supported");
  if (!schema.range_key.empty()) {
    if (!range && terms.size() > 1)
      return Status::Validation("Query condition missed key schema element: " + schema.range_key);
    if (range) {
      for (const Value* v : range->values)
        if (v->type() != schema.range_type) return Status::Validation(kTypeMismatch);
    }
  }
  KeyCondition kc;
  kc.hash_key = hash->attr;
  kc.hash_value = *hash->values[0];
  if (range) {
    kc.has_range = true;
    kc.range_key = range->attr;
    kc.range_op = range->op;
    kc.range_value = *range->values[0];
    if (range->values.size() > 1) kc.range_value2 = *range->values[1];
  }
  *out = std::move(kc);
  return Status::Ok();
}

// ---------------------------------------------------------------------------------------------
// ProjectionExpression and UpdateExpression path checks

namespace {

// DynamoDB rule: no two paths may overlap (one a prefix of the other, or equal) or conflict
// (one has a name where the other has an index). Returns the first overlap, else the first
// conflict, else "".
std::string CheckPathSet(const std::vector<Path>& paths) {
  std::string overlap, conflict;
  for (size_t j = 1; j < paths.size() && overlap.empty(); ++j) {
    for (size_t i = 0; i < j && overlap.empty(); ++i) {
      const Path& a = paths[i];
      const Path& b = paths[j];
      size_t n = std::min(a.elements.size(), b.elements.size());
      bool diverged = false;
      for (size_t k = 0; k < n; ++k) {
        const PathElement& x = a.elements[k];
        const PathElement& y = b.elements[k];
        if (x.is_index != y.is_index) {
          if (conflict.empty())
            conflict =
                "Two document paths conflict with each other; must remove or rewrite one of "
                "these paths; path one: " +
                PathForMessage(a) + ", path two: " + PathForMessage(b);
          diverged = true;
          break;
        }
        if (!(x == y)) {
          diverged = true;
          break;
        }
      }
      if (!diverged)
        overlap =
            "Two document paths overlap with each other; must remove or rewrite one of these "
            "paths; path one: " +
            PathForMessage(a) + ", path two: " + PathForMessage(b);
    }
  }
  return overlap.empty() ? conflict : overlap;
}

}  // namespace

Status ParseProjection(std::string_view text, const AttributeNames* names, Usage* usage,
                       Projection* out) {
  Compiler c(Kind::kProjection, names, nullptr, usage);
  Status st;
  if (!c.Parse(text, Grammar::kProjection, &st)) return st;
  std::string reserved = c.FirstReserved();
  if (!reserved.empty())
    return c.Error("Attribute name is a reserved keyword; reserved keyword: " + reserved);
  std::vector<Path> paths;
  for (int32_t r : c.syn().roots) {
    std::string e = c.UndefinedIn(r);
    if (!e.empty()) return c.Error(e);
    paths.push_back(c.paths_[static_cast<size_t>(r)]);
  }
  std::string e = CheckPathSet(paths);
  if (!e.empty()) return c.Error(e);
  ParserAccess::SetPaths(out, std::move(paths));
  return Status::Ok();
}

namespace {

class UpdateCompiler : public Compiler {
 public:
  using Compiler::Compiler;

  Status Validate(std::string_view text) {
    Status st;
    if (!Parse(text, Grammar::kUpdate, &st)) return st;
    std::string reserved = FirstReserved();
    if (!reserved.empty())
      return Error("Attribute name is a reserved keyword; reserved keyword: " + reserved);
    std::string f = FirstUnknownFunction();
    if (!f.empty()) return Error("Invalid function name; function: " + f);
    // Only if_not_exists and list_append belong in SET values; list_append may not take
    // list_append's result (observed on DynamoDB, see ScyllaDB's test_update_expression.py).
    for (const SynNode& n : syn().nodes) {
      if (n.kind != SynKind::kCall) continue;
      const FunctionInfo* fi = FindFunction(n.text);
      if (!fi->is_update) return Error(NotAllowed(n.text));
      if (n.text == "list_append") {
        for (int32_t k : n.kids)
          if (N(k).kind == SynKind::kCall && N(k).text == "list_append")
            return Error(NotAllowed("list_append"));
      }
    }
    // Each clause at most once.
    for (size_t i = 0; i < syn().clauses.size(); ++i)
      for (size_t j = 0; j < i; ++j)
        if (syn().clauses[i] == syn().clauses[j])
          return Error("The \"" + syn().clauses[i] +
                       "\" section can only be used once in an update expression;");
    // Undefined names (all of them first), then undefined values.
    for (int32_t r : syn().roots) {
      std::string e = UndefinedIn(r, /*names_only=*/true);
      if (!e.empty()) return Error(e);
    }
    for (int32_t r : syn().roots) {
      std::string e = UndefinedIn(r, false, /*values_only=*/true);
      if (!e.empty()) return Error(e);
    }
    for (int32_t r : syn().roots) targets_.push_back(paths_[static_cast<size_t>(N(r).kids[0])]);
    std::string e = CheckPathSet(targets_);
    if (!e.empty()) return Error(e);
    // ADD takes a number or a set; DELETE a set.
    for (int32_t r : syn().roots) {
      const SynNode& a = N(r);
      if (a.kind != SynKind::kAdd && a.kind != SynKind::kDelete) continue;
      Type t = values_by_node_[static_cast<size_t>(a.kids[1])]->type();
      bool is_set = t == Type::kSS || t == Type::kNS || t == Type::kBS;
      if (!is_set && !(a.kind == SynKind::kAdd && t == Type::kN))
        return Error("Incorrect operand type for operator or function; operator: " + a.text +
                     ", operand type: " + LongTypeName(t));
    }
    // Functions and arithmetic.
    std::string fe;
    for (int32_t r : syn().roots)
      if (N(r).kind == SynKind::kSet) CheckValue(N(r).kids[1], &fe);
    if (!fe.empty()) return Error(fe);
    return Status::Ok();
  }

  void CheckValue(int32_t i, std::string* err) {
    const SynNode& n = N(i);
    for (int32_t k : n.kids) CheckValue(k, err);
    if (!err->empty()) return;
    if (n.kind == SynKind::kCall) {
      if (n.kids.size() != 2) {
        *err = "Incorrect number of operands for operator or function; operator or function: " +
               n.text + ", number of operands: " + std::to_string(n.kids.size());
      } else if (n.text == "if_not_exists") {
        if (N(n.kids[0]).kind != SynKind::kPath)
          *err = "Operator or function requires a document path; operator or function: " + n.text;
      } else {  // list_append
        for (int32_t k : n.kids) {
          auto t = StaticType(k, true);
          if (t && *t != "L" && err->empty()) *err = OperandTypeError(n.text, *t);
        }
      }
    } else if (n.kind == SynKind::kPlus || n.kind == SynKind::kMinus) {
      for (int32_t k : n.kids) {
        auto t = StaticType(k, true);
        if (t && *t != "N" && err->empty()) *err = OperandTypeError(n.text, *t);
      }
    }
  }

  uint32_t LowerValue(int32_t i, Update::Actions* a) {
    const SynNode& n = N(i);
    ValueExpr e;
    switch (n.kind) {
      case SynKind::kPath:
        e.kind = ValueExpr::Kind::kPath;
        e.index = static_cast<uint32_t>(a->paths.size());
        a->paths.push_back(paths_[static_cast<size_t>(i)]);
        break;
      case SynKind::kValueRef:
        e.kind = ValueExpr::Kind::kValue;
        e.index = static_cast<uint32_t>(a->values.size());
        a->values.push_back(*values_by_node_[static_cast<size_t>(i)]);
        break;
      case SynKind::kPlus:
      case SynKind::kMinus:
      case SynKind::kCall:
        e.kind = n.kind == SynKind::kPlus    ? ValueExpr::Kind::kPlus
                 : n.kind == SynKind::kMinus ? ValueExpr::Kind::kMinus
                 : n.text == "if_not_exists" ? ValueExpr::Kind::kIfNotExists
                                             : ValueExpr::Kind::kListAppend;
        for (int32_t k : n.kids) e.kids.push_back(LowerValue(k, a));
        break;
      default:
        break;
    }
    a->exprs.push_back(std::move(e));
    return static_cast<uint32_t>(a->exprs.size() - 1);
  }

  std::vector<Path> targets_;
};

}  // namespace

Status ParseUpdate(std::string_view text, const AttributeNames* names,
                   const AttributeValues* values, Usage* usage, Update* out) {
  UpdateCompiler c(Kind::kUpdate, names, values, usage);
  Status st = c.Validate(text);
  if (!st.ok()) return st;
  auto actions = std::make_shared<Update::Actions>();
  for (size_t r = 0; r < c.syn().roots.size(); ++r) {
    const SynNode& n = c.N(c.syn().roots[r]);
    UpdateAction a;
    a.path = c.targets_[r];
    switch (n.kind) {
      case SynKind::kSet:
        a.kind = UpdateAction::Kind::kSet;
        a.expr = c.LowerValue(n.kids[1], actions.get());
        break;
      case SynKind::kRemove:
        a.kind = UpdateAction::Kind::kRemove;
        break;
      default:
        a.kind = n.kind == SynKind::kAdd ? UpdateAction::Kind::kAdd : UpdateAction::Kind::kDelete;
        a.value = static_cast<uint32_t>(actions->values.size());
        actions->values.push_back(*c.values_by_node_[static_cast<size_t>(n.kids[1])]);
        break;
    }
    actions->actions.push_back(std::move(a));
  }
  ParserAccess::SetActions(out, std::move(actions), c.targets_);
  return Status::Ok();
}

}  // namespace monotable::expr
