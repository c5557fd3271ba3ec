// Applying an UpdateExpression to an item, all-or-nothing: target paths are checked and SET
// values computed against the original item, then the actions are applied to a copy that
// replaces the item only if every action succeeded.
#include <algorithm>

#include "expr/ast.h"

namespace monotable::expr {
namespace {

const char kMissingOperand[] =
    "The provided expression refers to an attribute that does not exist in the item";
const char kInvalidPath[] =
    "The document path provided in the update expression is invalid for update";
const char kWrongType[] = "An operand in the update expression has an incorrect data type";

// The value at the first `len` elements of `path`, mutable; nullptr if absent.
Value* ResolveMut(Item* item, const Path& path, size_t len) {
  auto it = item->find(path.elements[0].name);
  if (it == item->end()) return nullptr;
  Value* v = &it->second;
  for (size_t i = 1; i < len; ++i) {
    const PathElement& e = path.elements[i];
    if (e.is_index) {
      if (!v->is(Type::kL) || e.index >= v->l().size()) return nullptr;
      v = &v->l()[e.index];
    } else {
      if (!v->is(Type::kM)) return nullptr;
      auto m = v->m().find(e.name);
      if (m == v->m().end()) return nullptr;
      v = &m->second;
    }
  }
  return v;
}

// DynamoDB rule: the parent of a nested target must exist and be a map (for `.name`) or a list
// (for `[i]`); else "The document path provided in the update expression is invalid for update".
bool ParentValid(const Item& item, const Path& path) {
  if (path.elements.size() == 1) return true;
  Path parent;
  parent.elements.assign(path.elements.begin(), path.elements.end() - 1);
  const Value* v = Resolve(item, parent);
  if (!v) return false;
  return path.elements.back().is_index ? v->is(Type::kL) : v->is(Type::kM);
}

Status EvalValue(const Update::Actions& a, const Item& item, uint32_t i, Value* out) {
  const ValueExpr& e = a.exprs[i];
  switch (e.kind) {
    case ValueExpr::Kind::kValue:
      *out = a.values[e.index];
      return Status::Ok();
    case ValueExpr::Kind::kPath: {
      const Value* v = Resolve(item, a.paths[e.index]);
      if (!v) return Status::Validation(kMissingOperand);
      *out = *v;
      return Status::Ok();
    }
    case ValueExpr::Kind::kIfNotExists: {
      // if_not_exists(path, v): the path's value if it exists, else v.
      const Value* v = Resolve(item, a.paths[a.exprs[e.kids[0]].index]);
      if (v) {
        *out = *v;
        return Status::Ok();
      }
      return EvalValue(a, item, e.kids[1], out);
    }
    case ValueExpr::Kind::kListAppend: {
      Value x, y;
      Status s = EvalValue(a, item, e.kids[0], &x);
      if (s.ok()) s = EvalValue(a, item, e.kids[1], &y);
      if (!s.ok()) return s;
      if (!x.is(Type::kL) || !y.is(Type::kL)) return Status::Validation(kWrongType);
      List l = std::move(x.l());
      for (Value& v : y.l()) l.push_back(std::move(v));
      *out = Value::L(std::move(l));
      return Status::Ok();
    }
    case ValueExpr::Kind::kPlus:
    case ValueExpr::Kind::kMinus: {
      Value x, y;
      Status s = EvalValue(a, item, e.kids[0], &x);
      if (s.ok()) s = EvalValue(a, item, e.kids[1], &y);
      if (!s.ok()) return s;
      if (!x.is(Type::kN) || !y.is(Type::kN)) return Status::Validation(kWrongType);
      Number n;
      s = e.kind == ValueExpr::Kind::kPlus ? Number::Add(x.n(), y.n(), &n)
                                           : Number::Subtract(x.n(), y.n(), &n);
      if (!s.ok()) return s;
      *out = Value::N(n);
      return Status::Ok();
    }
  }
  return Status::Ok();
}

// Writes `value` at `path` (parent already validated). Past a list's end, appends.
void Assign(Item* item, const Path& path, Value value) {
  if (path.elements.size() == 1) {
    (*item)[path.elements[0].name] = std::move(value);
    return;
  }
  Value* parent = ResolveMut(item, path, path.elements.size() - 1);
  const PathElement& last = path.elements.back();
  if (last.is_index) {
    List& l = parent->l();
    if (last.index < l.size())
      l[last.index] = std::move(value);
    else
      l.push_back(std::move(value));
  } else {
    parent->m()[last.name] = std::move(value);
  }
}

// Removes the value at `path` if present.
void Erase(Item* item, const Path& path) {
  if (path.elements.size() == 1) {
    item->erase(path.elements[0].name);
    return;
  }
  Value* parent = ResolveMut(item, path, path.elements.size() - 1);
  if (!parent) return;
  const PathElement& last = path.elements.back();
  if (last.is_index) {
    if (parent->is(Type::kL) && last.index < parent->l().size())
      parent->l().erase(parent->l().begin() + last.index);
  } else if (parent->is(Type::kM)) {
    auto it = parent->m().find(last.name);
    if (it != parent->m().end()) parent->m().erase(it);
  }
}

// ADD: numbers add, sets union; a missing target is created (as 0 + v, or the set).
Status Add(Item* item, const Path& path, const Value& operand) {
  Value* target = ResolveMut(item, path, path.elements.size());
  if (!target) {
    Assign(item, path, operand);
    return Status::Ok();
  }
  if (target->type() != operand.type()) return Status::Validation(kWrongType);
  if (target->is(Type::kN)) {
    Number sum;
    Status s = Number::Add(target->n(), operand.n(), &sum);
    if (!s.ok()) return s;
    *target = Value::N(sum);
    return Status::Ok();
  }
  if (target->is(Type::kNS)) {
    for (const Number& n : operand.numbers()) {
      bool found = false;
      for (const Number& m : target->numbers())
        if (m.Compare(n) == 0) found = true;
      if (!found) target->numbers().push_back(n);
    }
    return Status::Ok();
  }
  for (const std::string& s : operand.strings()) {
    auto& v = target->strings();
    if (std::find(v.begin(), v.end(), s) == v.end()) v.push_back(s);
  }
  return Status::Ok();
}

// DELETE: set difference; a missing target is left alone. Returns *emptied when the set became
// empty (DynamoDB then removes the attribute: empty sets do not exist).
Status Delete(Item* item, const Path& path, const Value& operand, bool* emptied) {
  *emptied = false;
  Value* target = ResolveMut(item, path, path.elements.size());
  if (!target) return Status::Ok();
  if (target->type() != operand.type()) return Status::Validation(kWrongType);
  if (target->is(Type::kNS)) {
    auto& v = target->numbers();
    for (const Number& n : operand.numbers())
      v.erase(
          std::remove_if(v.begin(), v.end(), [&](const Number& m) { return m.Compare(n) == 0; }),
          v.end());
    *emptied = v.empty();
  } else {
    auto& v = target->strings();
    for (const std::string& s : operand.strings())
      v.erase(std::remove(v.begin(), v.end(), s), v.end());
    *emptied = v.empty();
  }
  return Status::Ok();
}

}  // namespace

uint64_t Update::SizeRuleActionBytes() const {
  if (!actions_) return 0;
  uint64_t bytes = 3;
  for (const UpdateAction& a : actions_->actions) {
    if (a.kind == UpdateAction::Kind::kSet || a.kind == UpdateAction::Kind::kAdd) {
      bytes += a.kind == UpdateAction::Kind::kSet && a.path.elements.back().is_index ? 20 : 19;
    } else {
      bytes += 2;
    }
  }
  return bytes;
}

std::vector<std::string> Update::WrittenTopLevelNames() const {
  std::vector<std::string> names;
  if (!actions_) return names;
  for (const UpdateAction& a : actions_->actions) {
    if (a.kind != UpdateAction::Kind::kSet && a.kind != UpdateAction::Kind::kAdd) continue;
    const std::string& name = a.path.TopLevelName();
    if (std::find(names.begin(), names.end(), name) == names.end()) names.push_back(name);
  }
  return names;
}

bool Update::OnlyRemoves() const {
  if (!actions_ || actions_->actions.empty()) return false;
  for (const UpdateAction& act : actions_->actions) {
    if (act.kind != UpdateAction::Kind::kRemove && act.kind != UpdateAction::Kind::kDelete) {
      return false;
    }
  }
  return true;
}

Status Update::Apply(Item* item) const {
  if (!actions_) return Status::Ok();
  const Actions& a = *actions_;
  const Item& original = *item;

  // 1. Target paths, against the original item. DynamoDB ignores REMOVE of a nested path when the
  //    item does not exist at all (an existing item is never empty: it has its key).
  for (const UpdateAction& act : a.actions) {
    if (act.kind == UpdateAction::Kind::kRemove && original.empty()) continue;
    if (!ParentValid(original, act.path)) return Status::Validation(kInvalidPath);
  }
  // 2. SET values, all read from the original item ("REMOVE a SET b = a" copies the old a).
  std::vector<Value> set_values(a.actions.size());
  for (size_t i = 0; i < a.actions.size(); ++i) {
    if (a.actions[i].kind != UpdateAction::Kind::kSet) continue;
    Status s = EvalValue(a, original, a.actions[i].expr, &set_values[i]);
    if (!s.ok()) return s;
  }
  // 3. Apply to a copy: SET / ADD / DELETE in path order (appends past a list's end land in index
  //    order), then REMOVE from the highest list index down, so every index in the expression
  //    refers to the list as it was before the update.
  Item work = original;
  std::vector<size_t> order;
  std::vector<const Path*> removals;
  for (size_t i = 0; i < a.actions.size(); ++i) {
    if (a.actions[i].kind == UpdateAction::Kind::kRemove)
      removals.push_back(&a.actions[i].path);
    else
      order.push_back(i);
  }
  std::stable_sort(order.begin(), order.end(), [&](size_t x, size_t y) {
    return PathLess(a.actions[x].path, a.actions[y].path);
  });
  for (size_t i : order) {
    const UpdateAction& act = a.actions[i];
    Status s;
    switch (act.kind) {
      case UpdateAction::Kind::kSet:
        Assign(&work, act.path, std::move(set_values[i]));
        break;
      case UpdateAction::Kind::kAdd:
        s = Add(&work, act.path, a.values[act.value]);
        break;
      case UpdateAction::Kind::kDelete: {
        bool emptied = false;
        s = Delete(&work, act.path, a.values[act.value], &emptied);
        if (emptied) removals.push_back(&act.path);
        break;
      }
      default:
        break;
    }
    if (!s.ok()) return s;
  }
  std::stable_sort(removals.begin(), removals.end(),
                   [](const Path* x, const Path* y) { return PathLess(*y, *x); });
  for (const Path* p : removals) Erase(&work, *p);
  *item = std::move(work);
  return Status::Ok();
}

}  // namespace monotable::expr
