// Value: DynamoDB type names and DynamoDB equality between values (value.h).
#include "monotable/value.h"

#include <algorithm>

namespace monotable {

std::string_view TypeName(Type type) {
  switch (type) {
    case Type::kS:
      return "S";
    case Type::kN:
      return "N";
    case Type::kB:
      return "B";
    case Type::kBool:
      return "BOOL";
    case Type::kNull:
      return "NULL";
    case Type::kL:
      return "L";
    case Type::kM:
      return "M";
    case Type::kSS:
      return "SS";
    case Type::kNS:
      return "NS";
    case Type::kBS:
      return "BS";
  }
  return "NULL";
}

namespace {

// Sets compare as sets: same size and every element of one is in the other. The API layer never
// builds a set with duplicates, so equal sizes plus inclusion is set equality. Small sets compare
// pairwise (no allocation); larger ones through sorted copies.
template <typename T, typename Less>
bool SetEquals(const std::vector<T>& a, const std::vector<T>& b, Less less) {
  if (a.size() != b.size()) return false;
  if (a.size() <= 16) {
    for (const T& x : a) {
      bool found = false;
      for (const T& y : b) {
        if (!less(x, y) && !less(y, x)) {
          found = true;
          break;
        }
      }
      if (!found) return false;
    }
    return true;
  }
  std::vector<T> sa = a, sb = b;
  std::sort(sa.begin(), sa.end(), less);
  std::sort(sb.begin(), sb.end(), less);
  for (size_t i = 0; i < sa.size(); ++i) {
    if (less(sa[i], sb[i]) || less(sb[i], sa[i])) return false;
  }
  return true;
}

}  // namespace

bool Value::operator==(const Value& other) const {
  if (type_ != other.type_) return false;
  switch (type_) {
    case Type::kS:
    case Type::kB:
      return s() == other.s();
    case Type::kN:
      return n() == other.n();
    case Type::kBool:
      return boolean() == other.boolean();
    case Type::kNull:
      return true;
    case Type::kL:
      return l() == other.l();
    case Type::kM:
      return m() == other.m();
    case Type::kSS:
    case Type::kBS:
      return SetEquals(strings(), other.strings(), std::less<std::string>());
    case Type::kNS:
      return SetEquals(numbers(), other.numbers(),
                       [](const Number& x, const Number& y) { return x < y; });
  }
  return false;
}

}  // namespace monotable
