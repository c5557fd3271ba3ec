// item_codec: the stored form of an item. Each item the store holds is one immutable,
// reference-counted allocation with its attributes in a compact binary encoding: no map node,
// string object or Value per attribute (a plain Item of ~6 attributes costs ~900 bytes natively;
// its encoding costs about its DynamoDB size plus 2-3 bytes per attribute). The table, its
// indexes and every snapshot share one allocation per item.
//
// Encoding (lengths and counts are LEB128 varints):
//   item, M      count, then count x (name length, name bytes, value), names in byte order
//   value        one tag byte (Tag below), then
//     S, B       length, bytes (B: the raw bytes)
//     N          length, the canonical number text (what the wire carries, so JSON is a copy)
//     BOOL, NULL nothing (kTrue / kFalse / kNull)
//     L          count, values
//     SS, NS, BS count, then count x (length, bytes); NS elements as canonical text
// Knows nothing of tables or of the wire; the API layer writes JSON from it with ItemReader.
#pragma once

#include <atomic>
#include <cstdint>
#include <string>
#include <string_view>

#include "monotable/value.h"

namespace monotable::storage {

enum class Tag : uint8_t { kS, kN, kB, kTrue, kFalse, kNull, kL, kM, kSS, kNS, kBS };

// Walks an encoding in place. Each call consumes what it reads. REQUIRES: calls follow the
// encoding's grammar (the reader trusts its input: only EncodedItem::Encode makes encodings).
class ItemReader {
 public:
  explicit ItemReader(std::string_view bytes)
      : p_(bytes.data()), end_(bytes.data() + bytes.size()) {}
  uint32_t Count() { return Varint(); }
  Tag ReadTag() { return static_cast<Tag>(static_cast<uint8_t>(*p_++)); }
  std::string_view Bytes() {
    const uint32_t n = Varint();
    std::string_view out(p_, n);
    p_ += n;
    return out;
  }
  // Skips one value (after its tag has been read).
  void SkipValue(Tag tag);
  // Reads one value (after its tag has been read).
  Value ReadValue(Tag tag);
  bool done() const { return p_ >= end_; }

 private:
  uint32_t Varint() {
    uint32_t v = 0;
    for (int shift = 0;; shift += 7) {
      const auto b = static_cast<uint8_t>(*p_++);
      v |= static_cast<uint32_t>(b & 0x7F) << shift;
      if (!(b & 0x80)) return v;
    }
  }
  const char* p_;
  const char* end_;
};

// A shared handle on one encoded item (like a shared_ptr to const): copying shares the encoding.
class EncodedItem {
 public:
  EncodedItem() = default;
  EncodedItem(const EncodedItem& o) : block_(o.block_) { Ref(); }
  EncodedItem(EncodedItem&& o) noexcept : block_(o.block_) { o.block_ = nullptr; }
  EncodedItem& operator=(const EncodedItem& o) {
    if (this != &o) {
      Unref();
      block_ = o.block_;
      Ref();
    }
    return *this;
  }
  EncodedItem& operator=(EncodedItem&& o) noexcept {
    if (this != &o) {
      Unref();
      block_ = o.block_;
      o.block_ = nullptr;
    }
    return *this;
  }
  ~EncodedItem() { Unref(); }

  // The encoding of `item` in one allocation.
  static EncodedItem Encode(const Item& item);

  explicit operator bool() const { return block_ != nullptr; }
  // The encoded bytes (empty for a null handle).
  std::string_view bytes() const;
  ItemReader reader() const { return ItemReader(bytes()); }

  // The encoding's identity: equal for handles that share one encoding. While some handle (or a
  // reference taken with AddReference) holds it, the address is not reused.
  const void* identity() const { return block_; }
  // Takes / drops a reference on the encoding named by `identity` (from identity() of a handle
  // alive at the time): a holder that is not an EncodedItem (monotable::StoredItem).
  static void AddReference(const void* identity);
  static void DropReference(const void* identity);
  // A handle sharing the encoding named by `identity` (as AddReference's; null gives a null
  // handle): how a holder that keeps only the identity reads the item again.
  static EncodedItem FromIdentity(const void* identity);

  // The item, decoded. REQUIRES: not null.
  Item Decode() const;
  // Decodes only the top-level attributes named in `names` (absent ones are skipped) into *out.
  // Used for keys (effects, LastEvaluatedKey) without decoding the whole item.
  void DecodeAttributes(const std::string_view* names, size_t count, Item* out) const;
  // The top-level attribute `name`, or false if the item lacks it.
  bool Find(std::string_view name, Value* out) const;

 private:
  struct Block {
    std::atomic<uint32_t> refs;
    uint32_t size;
    // `size` bytes of encoding follow the header.
  };
  void Ref() const {
    if (block_) block_->refs.fetch_add(1, std::memory_order_relaxed);
  }
  void Unref();
  Block* block_ = nullptr;
};

}  // namespace monotable::storage
