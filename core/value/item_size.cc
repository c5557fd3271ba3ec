// Item size: DynamoDB's byte count for values, attributes and items (value.h,
// dynamodb-rules.md §1.1-1.2). Sizes are UTF-8 byte counts of the stored strings (strings hold
// UTF-8, so this is their length), never code points.
#include "monotable/value.h"

namespace monotable {

size_t ValueSize(const Value& value) {
  switch (value.type()) {
    // S: UTF-8 bytes of the value; B: raw (decoded) bytes.
    case Type::kS:
    case Type::kB:
      return value.s().size();
    // N: 1 byte per base-100 digit pair aligned to the point, + 1, + 1 if negative (§1.2).
    case Type::kN:
      return value.n().SizeBytes();
    // BOOL, NULL: 1 byte.
    case Type::kBool:
    case Type::kNull:
      return 1;
    // L: 3 bytes of overhead + per element 1 byte + the element's size.
    case Type::kL: {
      size_t size = 3;
      for (const Value& element : value.l()) size += 1 + ValueSize(element);
      return size;
    }
    // M: 3 bytes of overhead + per element 1 byte + name bytes + the element's size.
    case Type::kM: {
      size_t size = 3;
      for (const auto& [name, element] : value.m()) size += 1 + name.size() + ValueSize(element);
      return size;
    }
    // SS, BS, NS: the sum of the elements, no overhead.
    case Type::kSS:
    case Type::kBS: {
      size_t size = 0;
      for (const std::string& element : value.strings()) size += element.size();
      return size;
    }
    case Type::kNS: {
      size_t size = 0;
      for (const Number& element : value.numbers()) size += element.SizeBytes();
      return size;
    }
  }
  return 0;
}

size_t AttributeSize(std::string_view name, const Value& value) {
  return name.size() + ValueSize(value);
}

size_t ItemSize(const Item& item) {
  size_t size = 0;
  for (const auto& [name, value] : item) size += AttributeSize(name, value);
  return size;
}

}  // namespace monotable
