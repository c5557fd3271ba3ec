// Document paths: rendering, resolving in an item, projections (ProjectionExpression and
// ReturnValues UPDATED_*), and the placeholder bookkeeping shared by all expressions.
#include <algorithm>

#include "expr/ast.h"

namespace monotable::expr {

std::string_view KindName(Kind kind) {
  switch (kind) {
    case Kind::kCondition:
      return "ConditionExpression";
    case Kind::kFilter:
      return "FilterExpression";
    case Kind::kKeyCondition:
      return "KeyConditionExpression";
    case Kind::kProjection:
      return "ProjectionExpression";
    case Kind::kUpdate:
      return "UpdateExpression";
  }
  return "";
}

namespace {

bool ValidKey(const std::string& key, char sigil) {
  if (key.size() < 2 || key[0] != sigil) return false;
  for (size_t i = 1; i < key.size(); ++i) {
    char c = key[i];
    bool ok =
        (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
    if (!ok) return false;
  }
  return true;
}

template <typename M>
std::string UnusedKeys(const M& map, const std::set<std::string, std::less<>>& used) {
  std::string keys;
  for (const auto& [key, unused] : map) {  // std::map: sorted
    if (used.count(key)) continue;
    if (!keys.empty()) keys += ", ";
    keys += key;
  }
  return keys;
}

}  // namespace

Status ValidatePlaceholderKeys(const AttributeNames* names, const AttributeValues* values) {
  if (names) {
    for (const auto& [key, name] : *names)
      if (!ValidKey(key, '#'))
        return Status::Validation(
            "ExpressionAttributeNames contains invalid key: Syntax error; key: \"" + key + "\"");
  }
  if (values) {
    for (const auto& [key, value] : *values)
      if (!ValidKey(key, ':'))
        return Status::Validation(
            "ExpressionAttributeValues contains invalid key: Syntax error; key: \"" + key + "\"");
  }
  return Status::Ok();
}

Status CheckAllUsed(const AttributeNames* names, const AttributeValues* values,
                    const Usage& usage) {
  if (names) {
    std::string keys = UnusedKeys(*names, usage.names);
    if (!keys.empty())
      return Status::Validation(
          "Value provided in ExpressionAttributeNames unused in expressions: keys: {" + keys + "}");
  }
  if (values) {
    std::string keys = UnusedKeys(*values, usage.values);
    if (!keys.empty())
      return Status::Validation(
          "Value provided in ExpressionAttributeValues unused in expressions: keys: {" + keys +
          "}");
  }
  return Status::Ok();
}

std::string Path::ToString() const {
  std::string out;
  for (const PathElement& e : elements) {
    if (e.is_index) {
      out += "[" + std::to_string(e.index) + "]";
    } else {
      if (!out.empty()) out += ".";
      out += e.name;
    }
  }
  return out;
}

std::string PathForMessage(const Path& path) {
  std::string out = "[";
  for (size_t i = 0; i < path.elements.size(); ++i) {
    if (i) out += ", ";
    const PathElement& e = path.elements[i];
    out += e.is_index ? "[" + std::to_string(e.index) + "]" : e.name;
  }
  return out + "]";
}

bool PathLess(const Path& a, const Path& b) {
  size_t n = std::min(a.elements.size(), b.elements.size());
  for (size_t i = 0; i < n; ++i) {
    const PathElement& x = a.elements[i];
    const PathElement& y = b.elements[i];
    if (x.is_index != y.is_index) return !x.is_index;
    if (x.is_index) {
      if (x.index != y.index) return x.index < y.index;
    } else if (x.name != y.name) {
      return x.name < y.name;
    }
  }
  return a.elements.size() < b.elements.size();
}

const Value* Resolve(const Item& item, const Path& path) {
  if (path.elements.empty() || path.elements[0].is_index) return nullptr;
  auto it = item.find(path.elements[0].name);
  if (it == item.end()) return nullptr;
  const Value* v = &it->second;
  for (size_t i = 1; i < path.elements.size(); ++i) {
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

namespace {

// The projected paths as a tree: each node keeps its whole value (leaf), or some map keys, or
// some list indexes (names and indexes never mix: conflicting paths are rejected at parse time).
struct ProjectionNode {
  bool leaf = false;
  std::map<std::string, ProjectionNode, std::less<>> names;
  std::map<uint32_t, ProjectionNode> indexes;
};

// DynamoDB rule: projecting list elements keeps them in index order and compacts the list
// (`l[3], l[1]` -> [l[1], l[3]]); maps and lists left without any projected child are omitted.
bool ProjectValue(const Value& v, const ProjectionNode& node, Value* out) {
  if (node.leaf) {
    *out = v;
    return true;
  }
  if (!node.names.empty()) {
    if (!v.is(Type::kM)) return false;
    Map m;
    for (const auto& [name, child] : node.names) {
      auto it = v.m().find(name);
      Value projected;
      if (it != v.m().end() && ProjectValue(it->second, child, &projected))
        m.emplace(name, std::move(projected));
    }
    if (m.empty()) return false;
    *out = Value::M(std::move(m));
    return true;
  }
  if (!node.indexes.empty()) {
    if (!v.is(Type::kL)) return false;
    List l;
    for (const auto& [index, child] : node.indexes) {
      Value projected;
      if (index < v.l().size() && ProjectValue(v.l()[index], child, &projected))
        l.push_back(std::move(projected));
    }
    if (l.empty()) return false;
    *out = Value::L(std::move(l));
    return true;
  }
  return false;
}

}  // namespace

Item ProjectPaths(const Item& item, const std::vector<Path>& paths) {
  ProjectionNode root;
  for (const Path& p : paths) {
    if (p.elements.empty() || p.elements[0].is_index) continue;
    ProjectionNode* node = &root;
    for (const PathElement& e : p.elements) {
      if (node->leaf) break;
      node = e.is_index ? &node->indexes[e.index] : &node->names[e.name];
    }
    node->leaf = true;
    node->names.clear();
    node->indexes.clear();
  }
  Item out;
  for (const auto& [name, child] : root.names) {
    auto it = item.find(name);
    Value projected;
    if (it != item.end() && ProjectValue(it->second, child, &projected))
      out.emplace(name, std::move(projected));
  }
  return out;
}

Item Projection::Apply(const Item& item) const { return ProjectPaths(item, paths_); }

}  // namespace monotable::expr
