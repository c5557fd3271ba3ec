// Evaluating conditions (ConditionExpression, FilterExpression) and key conditions over items.
// No allocation: operands are pointers into the item or the parsed constants, size() results are
// Numbers on the stack.
#include <algorithm>

#include "expr/ast.h"

namespace monotable::expr {
namespace {

// An evaluated operand: a value (in the item or a constant), a number computed by size(), or
// missing (an absent attribute, or size() of a type that has no size).
struct Ref {
  const Value* value = nullptr;
  Number number;
  bool is_number = false;
  bool present() const { return value != nullptr || is_number; }
  Type type() const { return is_number ? Type::kN : value->type(); }
  const Number& n() const { return is_number ? number : value->n(); }
};

Ref Fetch(const Condition::Tree& t, const Item& item, const Operand& op) {
  Ref r;
  switch (op.kind) {
    case Operand::Kind::kValue:
      r.value = &t.values[op.index];
      break;
    case Operand::Kind::kPath:
      r.value = Resolve(item, t.paths[op.index]);
      break;
    case Operand::Kind::kSize: {
      // DynamoDB's size(): bytes of S and B, elements of sets, lists and maps; N, BOOL and NULL
      // have no size (the comparison is then false).
      const Value* v = Resolve(item, t.paths[op.index]);
      if (!v) break;
      size_t size = 0;
      switch (v->type()) {
        case Type::kS:
        case Type::kB:
          size = v->s().size();
          break;
        case Type::kSS:
        case Type::kBS:
          size = v->strings().size();
          break;
        case Type::kNS:
          size = v->numbers().size();
          break;
        case Type::kL:
          size = v->l().size();
          break;
        case Type::kM:
          size = v->m().size();
          break;
        default:
          return r;
      }
      r.number = Number::FromInt(static_cast<int64_t>(size));
      r.is_number = true;
      break;
    }
  }
  return r;
}

bool Equal(const Ref& a, const Ref& b) {
  if (!a.present() || !b.present() || a.type() != b.type()) return false;
  if (a.type() == Type::kN) return a.n().Compare(b.n()) == 0;
  return *a.value == *b.value;
}

// <0, 0, >0 for two orderable values of the same type; false if not comparable (DynamoDB:
// only N, S and B are ordered; different types are never ordered).
bool Order(const Ref& a, const Ref& b, int* out) {
  if (!a.present() || !b.present() || a.type() != b.type()) return false;
  switch (a.type()) {
    case Type::kN:
      *out = a.n().Compare(b.n());
      return true;
    case Type::kS:
    case Type::kB: {
      // Bytewise (unsigned) comparison: std::string::compare uses char_traits<char>::compare,
      // which compares as unsigned char.
      int c = a.value->s().compare(b.value->s());
      *out = c < 0 ? -1 : c > 0 ? 1 : 0;
      return true;
    }
    default:
      return false;
  }
}

bool Contains(const Ref& hay, const Ref& needle) {
  if (!hay.present() || !needle.present() || hay.is_number) return false;
  const Value& h = *hay.value;
  switch (h.type()) {
    case Type::kS:
    case Type::kB:
      return needle.type() == h.type() && h.s().find(needle.value->s()) != std::string::npos;
    case Type::kSS:
    case Type::kBS: {
      Type elem = h.is(Type::kSS) ? Type::kS : Type::kB;
      if (needle.type() != elem) return false;
      const auto& s = h.strings();
      return std::find(s.begin(), s.end(), needle.value->s()) != s.end();
    }
    case Type::kNS:
      if (needle.type() != Type::kN) return false;
      for (const Number& n : h.numbers())
        if (n.Compare(needle.n()) == 0) return true;
      return false;
    case Type::kL:
      for (const Value& v : h.l()) {
        Ref e;
        e.value = &v;
        if (Equal(e, needle)) return true;
      }
      return false;
    default:
      return false;
  }
}

bool Eval(const Condition::Tree& t, const Item& item, uint32_t i) {
  const CondNode& n = t.nodes[i];
  switch (n.kind) {
    case CondKind::kAnd:
      return Eval(t, item, n.kids[0]) && Eval(t, item, n.kids[1]);
    case CondKind::kOr:
      return Eval(t, item, n.kids[0]) || Eval(t, item, n.kids[1]);
    case CondKind::kNot:
      return !Eval(t, item, n.kids[0]);
    case CondKind::kCompare: {
      Ref a = Fetch(t, item, n.operands[0]);
      Ref b = Fetch(t, item, n.operands[1]);
      // DynamoDB: a missing attribute or a different type is never equal (so <> is true) and
      // never ordered.
      if (n.op == CompareOp::kEq) return Equal(a, b);
      if (n.op == CompareOp::kNe) return !Equal(a, b);
      int c = 0;
      if (!Order(a, b, &c)) return false;
      switch (n.op) {
        case CompareOp::kLt:
          return c < 0;
        case CompareOp::kLe:
          return c <= 0;
        case CompareOp::kGt:
          return c > 0;
        default:
          return c >= 0;
      }
    }
    case CondKind::kBetween: {
      Ref v = Fetch(t, item, n.operands[0]);
      Ref lo = Fetch(t, item, n.operands[1]);
      Ref hi = Fetch(t, item, n.operands[2]);
      int c1 = 0, c2 = 0;
      return Order(lo, v, &c1) && Order(v, hi, &c2) && c1 <= 0 && c2 <= 0;
    }
    case CondKind::kIn: {
      Ref v = Fetch(t, item, n.operands[0]);
      if (!v.present()) return false;
      for (size_t k = 1; k < n.operands.size(); ++k)
        if (Equal(v, Fetch(t, item, n.operands[k]))) return true;
      return false;
    }
    case CondKind::kAttributeExists:
      return Fetch(t, item, n.operands[0]).present();
    case CondKind::kAttributeNotExists:
      return !Fetch(t, item, n.operands[0]).present();
    case CondKind::kAttributeType: {
      Ref v = Fetch(t, item, n.operands[0]);
      Ref type = Fetch(t, item, n.operands[1]);
      return v.present() && type.present() && !type.is_number && type.value->is(Type::kS) &&
             TypeName(v.type()) == type.value->s();
    }
    case CondKind::kBeginsWith: {
      Ref a = Fetch(t, item, n.operands[0]);
      Ref b = Fetch(t, item, n.operands[1]);
      if (!a.present() || !b.present() || a.is_number || b.is_number) return false;
      if (a.type() != b.type() || (!a.value->is(Type::kS) && !a.value->is(Type::kB))) return false;
      const std::string& s = a.value->s();
      const std::string& p = b.value->s();
      return s.size() >= p.size() && s.compare(0, p.size(), p) == 0;
    }
    case CondKind::kContains:
      return Contains(Fetch(t, item, n.operands[0]), Fetch(t, item, n.operands[1]));
  }
  return false;
}

}  // namespace

bool Condition::Evaluate(const Item& item) const {
  if (!tree_) return true;
  return Eval(*tree_, item, tree_->root);
}

std::vector<std::string> Condition::TopLevelAttributes() const {
  std::vector<std::string> names;
  if (!tree_) return names;
  for (const Path& p : tree_->paths) {
    const std::string& n = p.TopLevelName();
    if (std::find(names.begin(), names.end(), n) == names.end()) names.push_back(n);
  }
  return names;
}

bool KeyCondition::RangeMatches(const Value& v) const {
  if (!has_range) return true;
  Ref item_value, a, b;
  item_value.value = &v;
  a.value = &range_value;
  b.value = &range_value2;
  int c = 0;
  switch (range_op) {
    case KeyOperator::kEq:
      return Equal(item_value, a);
    case KeyOperator::kLt:
      return Order(item_value, a, &c) && c < 0;
    case KeyOperator::kLe:
      return Order(item_value, a, &c) && c <= 0;
    case KeyOperator::kGt:
      return Order(item_value, a, &c) && c > 0;
    case KeyOperator::kGe:
      return Order(item_value, a, &c) && c >= 0;
    case KeyOperator::kBetween: {
      int c2 = 0;
      return Order(item_value, a, &c) && c >= 0 && Order(item_value, b, &c2) && c2 <= 0;
    }
    case KeyOperator::kBeginsWith: {
      if (v.type() != range_value.type() || (!v.is(Type::kS) && !v.is(Type::kB))) return false;
      const std::string& s = v.s();
      const std::string& p = range_value.s();
      return s.size() >= p.size() && s.compare(0, p.size(), p) == 0;
    }
  }
  return false;
}

}  // namespace monotable::expr
