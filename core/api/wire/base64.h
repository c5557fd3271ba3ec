// base64: standard base64 (RFC 4648 §4: '+' '/', '=' padding) as DynamoDB reads and writes binary
// (B and BS values, and pagination tokens).
//
// Contract: encoding never fails; decoding accepts canonical padded base64 only, as DynamoDB
// does: a length that is a multiple of 4, alphabet characters, '=' only as one or two final
// characters, and zero bits after the last byte (text that would not re-encode to itself is
// rejected). Internal to core/api; front ends use monotable::Base64Encode (monotable/value.h).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace monotable::wire {

// Standard base64 of `bytes`.
std::string Base64Encode(std::string_view bytes);
// Appends the base64 of `bytes` to *out.
void AppendBase64(std::string_view bytes, std::string* out);
// Decodes standard padded base64 as DynamoDB accepts it (see above). Returns false (and leaves
// *bytes unspecified) for text DynamoDB rejects. "" decodes to no bytes.
bool Base64Decode(std::string_view text, std::string* bytes);

// Why DecodeBase64 rejected a text: the two SerializationException texts DynamoDB tells apart.
enum class Base64Error { kNone, kLength, kInvalid };
// As Base64Decode, with the reason; only checks when bytes == nullptr.
Base64Error DecodeBase64(std::string_view text, std::string* bytes);

// Writes the base64 of `bytes` through `sink`, which has Room(n) (make room for n <= 4 bytes) and
// PutUnchecked(char): the response writer (json_writer.cc) and AppendBase64 share it. Inline, so
// that the response writer's loop stays one loop.
template <typename Sink>
inline void EncodeBase64(std::string_view bytes, Sink& w) {
  static constexpr char kAlphabet[] =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  size_t i = 0;
  for (; i + 3 <= bytes.size(); i += 3) {
    uint32_t triple = (static_cast<uint8_t>(bytes[i]) << 16) |
                      (static_cast<uint8_t>(bytes[i + 1]) << 8) |
                      static_cast<uint8_t>(bytes[i + 2]);
    w.Room(4);
    w.PutUnchecked(kAlphabet[(triple >> 18) & 63]);
    w.PutUnchecked(kAlphabet[(triple >> 12) & 63]);
    w.PutUnchecked(kAlphabet[(triple >> 6) & 63]);
    w.PutUnchecked(kAlphabet[triple & 63]);
  }
  size_t rest = bytes.size() - i;
  if (rest > 0) {
    uint32_t triple = static_cast<uint32_t>(static_cast<uint8_t>(bytes[i])) << 16;
    if (rest == 2) triple |= static_cast<uint32_t>(static_cast<uint8_t>(bytes[i + 1])) << 8;
    w.Room(4);
    w.PutUnchecked(kAlphabet[(triple >> 18) & 63]);
    w.PutUnchecked(kAlphabet[(triple >> 12) & 63]);
    w.PutUnchecked(rest == 2 ? kAlphabet[(triple >> 6) & 63] : '=');
    w.PutUnchecked('=');
  }
}

}  // namespace monotable::wire
