// key_codec: order-preserving byte encodings of key values, and the partition hash.
//
// Owns how key attribute values become byte strings whose memcmp order is DynamoDB's key order
// (byte order for S and B, numeric order for N), how several key components form one sortable
// tuple, and the deterministic hash that orders partitions (Scan order). Knows nothing of tables.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "monotable/value.h"

namespace monotable::storage {

// Raw order-preserving bytes of a key value. REQUIRES: v is S, N or B.
std::string KeyBytes(const Value& v);

// Appends one tuple component: the bytes with 0x00 escaped as 0x00 0xFF, then the terminator
// 0x00 0x01. Concatenated components compare (memcmp) exactly as the tuple compares component by
// component, and a component's bytes form a prefix of its encoding (for begins_with ranges).
void AppendComponent(std::string_view bytes, std::string* out);
// AppendComponent(KeyBytes(v), out) without copying an S or B value's bytes first.
// REQUIRES: v is S, N or B.
void AppendKeyComponent(const Value& v, std::string* out);
// Escaped bytes without the terminator (the start of every tuple whose component begins with or
// equals `bytes`).
std::string EscapedPrefix(std::string_view bytes);
// The smallest string greater than every string starting with `prefix`; empty if there is none.
std::string PrefixSuccessor(std::string_view prefix);
// The smallest string greater than every tuple whose component equals `bytes`
// (EscapedPrefix(bytes) + 0x00 0x02).
std::string ComponentUpperBound(std::string_view bytes);

// Deterministic 64-bit hash of a partition key's bytes (same on every platform and build).
// Partitions are kept in (hash, bytes) order: that order is Scan order.
uint64_t PartitionHash(std::string_view key_bytes);
// The splitmix64 finaliser PartitionHash ends with: spreads similar inputs over all 64 bits.
uint64_t MixBits(uint64_t h);

// Scan segments split the hash space into `total` equal ranges; returns the segment of `hash`.
uint32_t SegmentOf(uint64_t hash, uint32_t total);
// The smallest hash in `segment` of `total`.
uint64_t SegmentStart(uint32_t segment, uint32_t total);

}  // namespace monotable::storage
