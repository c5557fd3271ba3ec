// item_codec: encoding items into one allocation and reading them back (see item_codec.h).
#include "storage/item_codec.h"

#include <cstring>
#include <new>
#include <utility>

namespace monotable::storage {
namespace {

void PutVarint(uint32_t v, std::string* out) {
  while (v >= 0x80) {
    out->push_back(static_cast<char>((v & 0x7F) | 0x80));
    v >>= 7;
  }
  out->push_back(static_cast<char>(v));
}

void PutBytes(std::string_view bytes, std::string* out) {
  PutVarint(static_cast<uint32_t>(bytes.size()), out);
  out->append(bytes);
}

void PutTag(Tag tag, std::string* out) { out->push_back(static_cast<char>(tag)); }

void PutMap(const Map& map, std::string* out);

void PutValue(const Value& v, std::string* out) {
  switch (v.type()) {
    case Type::kS:
      PutTag(Tag::kS, out);
      PutBytes(v.s(), out);
      break;
    case Type::kN:
      PutTag(Tag::kN, out);
      PutBytes(v.n().ToString(), out);
      break;
    case Type::kB:
      PutTag(Tag::kB, out);
      PutBytes(v.s(), out);
      break;
    case Type::kBool:
      PutTag(v.boolean() ? Tag::kTrue : Tag::kFalse, out);
      break;
    case Type::kNull:
      PutTag(Tag::kNull, out);
      break;
    case Type::kL:
      PutTag(Tag::kL, out);
      PutVarint(static_cast<uint32_t>(v.l().size()), out);
      for (const Value& element : v.l()) PutValue(element, out);
      break;
    case Type::kM:
      PutTag(Tag::kM, out);
      PutMap(v.m(), out);
      break;
    case Type::kSS:
    case Type::kBS:
      PutTag(v.type() == Type::kSS ? Tag::kSS : Tag::kBS, out);
      PutVarint(static_cast<uint32_t>(v.strings().size()), out);
      for (const std::string& s : v.strings()) PutBytes(s, out);
      break;
    case Type::kNS:
      PutTag(Tag::kNS, out);
      PutVarint(static_cast<uint32_t>(v.numbers().size()), out);
      for (const Number& n : v.numbers()) PutBytes(n.ToString(), out);
      break;
  }
}

void PutMap(const Map& map, std::string* out) {
  PutVarint(static_cast<uint32_t>(map.size()), out);
  for (const auto& [name, value] : map) {
    PutBytes(name, out);
    PutValue(value, out);
  }
}

Number ParseCanonical(std::string_view text) {
  Number n;
  Number::Parse(text, &n);  // written by ToString: always valid
  return n;
}

Map ReadMap(ItemReader& r) {
  Map map;
  for (uint32_t i = 0, n = r.Count(); i < n; ++i) {
    std::string_view name = r.Bytes();
    Tag tag = r.ReadTag();
    map.emplace_hint(map.end(), std::string(name), r.ReadValue(tag));
  }
  return map;
}

}  // namespace

void ItemReader::SkipValue(Tag tag) {
  switch (tag) {
    case Tag::kS:
    case Tag::kN:
    case Tag::kB:
      Bytes();
      break;
    case Tag::kTrue:
    case Tag::kFalse:
    case Tag::kNull:
      break;
    case Tag::kL:
      for (uint32_t i = 0, n = Count(); i < n; ++i) SkipValue(ReadTag());
      break;
    case Tag::kM:
      for (uint32_t i = 0, n = Count(); i < n; ++i) {
        Bytes();
        SkipValue(ReadTag());
      }
      break;
    case Tag::kSS:
    case Tag::kNS:
    case Tag::kBS:
      for (uint32_t i = 0, n = Count(); i < n; ++i) Bytes();
      break;
  }
}

Value ItemReader::ReadValue(Tag tag) {
  switch (tag) {
    case Tag::kS:
      return Value::S(std::string(Bytes()));
    case Tag::kN:
      return Value::N(ParseCanonical(Bytes()));
    case Tag::kB:
      return Value::B(std::string(Bytes()));
    case Tag::kTrue:
      return Value::Bool(true);
    case Tag::kFalse:
      return Value::Bool(false);
    case Tag::kNull:
      return Value::Null();
    case Tag::kL: {
      List list;
      const uint32_t n = Count();
      list.reserve(n);
      for (uint32_t i = 0; i < n; ++i) list.push_back(ReadValue(ReadTag()));
      return Value::L(std::move(list));
    }
    case Tag::kM:
      return Value::M(ReadMap(*this));
    case Tag::kSS:
    case Tag::kBS: {
      std::vector<std::string> strings;
      const uint32_t n = Count();
      strings.reserve(n);
      for (uint32_t i = 0; i < n; ++i) strings.emplace_back(Bytes());
      return tag == Tag::kSS ? Value::SS(std::move(strings)) : Value::BS(std::move(strings));
    }
    case Tag::kNS: {
      std::vector<Number> numbers;
      const uint32_t n = Count();
      numbers.reserve(n);
      for (uint32_t i = 0; i < n; ++i) numbers.push_back(ParseCanonical(Bytes()));
      return Value::NS(std::move(numbers));
    }
  }
  return Value::Null();
}

EncodedItem EncodedItem::Encode(const Item& item) {
  std::string bytes;
  bytes.reserve(128);
  PutMap(item, &bytes);
  EncodedItem out;
  void* memory = ::operator new(sizeof(Block) + bytes.size());
  out.block_ = new (memory) Block{{1}, static_cast<uint32_t>(bytes.size())};
  std::memcpy(reinterpret_cast<char*>(out.block_ + 1), bytes.data(), bytes.size());
  return out;
}

std::string_view EncodedItem::bytes() const {
  if (!block_) return {};
  return std::string_view(reinterpret_cast<const char*>(block_ + 1), block_->size);
}

void EncodedItem::AddReference(const void* identity) {
  if (!identity) return;
  EncodedItem held;
  held.block_ = static_cast<Block*>(const_cast<void*>(identity));
  held.Ref();
  held.block_ = nullptr;  // the reference stays with the caller
}

void EncodedItem::DropReference(const void* identity) {
  EncodedItem held;
  held.block_ = static_cast<Block*>(const_cast<void*>(identity));
  held.Unref();
}

EncodedItem EncodedItem::FromIdentity(const void* identity) {
  EncodedItem handle;
  handle.block_ = static_cast<Block*>(const_cast<void*>(identity));
  handle.Ref();
  return handle;
}

void EncodedItem::Unref() {
  if (block_ && block_->refs.fetch_sub(1, std::memory_order_acq_rel) == 1) {
    block_->~Block();
    ::operator delete(block_);
  }
  block_ = nullptr;
}

Item EncodedItem::Decode() const {
  ItemReader r = reader();
  return ReadMap(r);
}

void EncodedItem::DecodeAttributes(const std::string_view* names, size_t count, Item* out) const {
  ItemReader r = reader();
  size_t found = 0;
  for (uint32_t i = 0, n = r.Count(); i < n && found < count; ++i) {
    std::string_view name = r.Bytes();
    Tag tag = r.ReadTag();
    bool wanted = false;
    for (size_t k = 0; k < count; ++k) wanted = wanted || names[k] == name;
    if (wanted) {
      out->emplace(std::string(name), r.ReadValue(tag));
      ++found;
    } else {
      r.SkipValue(tag);
    }
  }
}

bool EncodedItem::Find(std::string_view name, Value* out) const {
  ItemReader r = reader();
  for (uint32_t i = 0, n = r.Count(); i < n; ++i) {
    std::string_view attribute = r.Bytes();
    Tag tag = r.ReadTag();
    if (attribute == name) {
      *out = r.ReadValue(tag);
      return true;
    }
    r.SkipValue(tag);
  }
  return false;
}

}  // namespace monotable::storage
