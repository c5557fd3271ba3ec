// key_codec: order-preserving key bytes, tuple components, partition hash and scan segments.
#include "storage/key_codec.h"

#include <cstring>

namespace monotable::storage {

std::string KeyBytes(const Value& v) {
  if (v.is(Type::kN)) {
    std::string out;
    v.n().AppendOrderedKey(&out);
    return out;
  }
  return v.s();  // S (UTF-8 bytes) and B (raw bytes) sort in byte order
}

void AppendComponent(std::string_view bytes, std::string* out) {
  // Runs between zero bytes are appended whole (keys rarely hold a zero byte: one append).
  const char* p = bytes.data();
  const char* const end = p + bytes.size();
  while (const void* zero = std::memchr(p, '\0', static_cast<size_t>(end - p))) {
    const char* z = static_cast<const char*>(zero);
    out->append(p, static_cast<size_t>(z - p) + 1);
    out->push_back('\xFF');
    p = z + 1;
  }
  out->append(p, static_cast<size_t>(end - p));
  out->append("\0\x01", 2);
}

void AppendKeyComponent(const Value& v, std::string* out) {
  if (v.is(Type::kN)) {
    AppendComponent(KeyBytes(v), out);
    return;
  }
  AppendComponent(v.s(), out);  // S and B: their own bytes, no copy
}

std::string EscapedPrefix(std::string_view bytes) {
  std::string out;
  out.reserve(bytes.size() + 2);
  for (char c : bytes) {
    out.push_back(c);
    if (c == '\0') out.push_back('\xFF');
  }
  return out;
}

std::string PrefixSuccessor(std::string_view prefix) {
  std::string out(prefix);
  while (!out.empty() && static_cast<unsigned char>(out.back()) == 0xFF) out.pop_back();
  if (out.empty()) return out;
  out.back() = static_cast<char>(static_cast<unsigned char>(out.back()) + 1);
  return out;
}

std::string ComponentUpperBound(std::string_view bytes) {
  std::string out = EscapedPrefix(bytes);
  out.push_back('\0');
  out.push_back('\x02');
  return out;
}

uint64_t PartitionHash(std::string_view key_bytes) {
  // FNV-1a, then the splitmix64 finaliser so that similar keys spread over the whole hash space.
  uint64_t h = 0xcbf29ce484222325ull;
  for (char c : key_bytes) {
    h ^= static_cast<unsigned char>(c);
    h *= 0x100000001b3ull;
  }
  return MixBits(h);
}

uint64_t MixBits(uint64_t h) {
  h ^= h >> 30;
  h *= 0xbf58476d1ce4e5b9ull;
  h ^= h >> 27;
  h *= 0x94d049bb133111ebull;
  h ^= h >> 31;
  return h;
}

uint32_t SegmentOf(uint64_t hash, uint32_t total) {
  // The top 32 bits select the segment: floor(top * total / 2^32), monotone in hash.
  return static_cast<uint32_t>(((hash >> 32) * total) >> 32);
}

uint64_t SegmentStart(uint32_t segment, uint32_t total) {
  if (segment == 0) return 0;
  // Smallest top such that top * total >= segment * 2^32.
  uint64_t top = ((static_cast<uint64_t>(segment) << 32) + total - 1) / total;
  return top << 32;
}

}  // namespace monotable::storage
