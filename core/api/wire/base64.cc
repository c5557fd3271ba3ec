// base64: the encoder and decoder of base64.h.
#include "api/wire/base64.h"

#include <string>
#include <string_view>

#include "monotable/value.h"

namespace monotable::wire {
namespace {

int8_t Base64Index(char c) {
  if (c >= 'A' && c <= 'Z') return static_cast<int8_t>(c - 'A');
  if (c >= 'a' && c <= 'z') return static_cast<int8_t>(c - 'a' + 26);
  if (c >= '0' && c <= '9') return static_cast<int8_t>(c - '0' + 52);
  if (c == '+') return 62;
  if (c == '/') return 63;
  return -1;
}

// A sink for EncodeBase64 that appends to a string whose room the caller reserved for the whole
// text (one allocation: reserving piece by piece re-allocates in libc++, json_writer.cc).
class StringSink {
 public:
  explicit StringSink(std::string* out) : out_(out) {}
  void Room(size_t) {}
  void PutUnchecked(char c) { out_->push_back(c); }

 private:
  std::string* out_;
};

}  // namespace

Base64Error DecodeBase64(std::string_view text, std::string* bytes) {
  if (text.size() % 4 != 0) return Base64Error::kLength;
  if (bytes != nullptr) {
    bytes->clear();
    bytes->reserve(text.size() / 4 * 3);
  }
  for (size_t i = 0; i < text.size(); i += 4) {
    bool last = i + 4 == text.size();
    int pad = 0;
    if (last && text[i + 3] == '=') pad = text[i + 2] == '=' ? 2 : 1;
    int8_t v[4] = {0, 0, 0, 0};
    for (int k = 0; k < 4 - pad; ++k) {
      v[k] = Base64Index(text[i + k]);
      if (v[k] < 0) return Base64Error::kInvalid;
    }
    uint32_t triple = (static_cast<uint32_t>(v[0]) << 18) | (static_cast<uint32_t>(v[1]) << 12) |
                      (static_cast<uint32_t>(v[2]) << 6) | static_cast<uint32_t>(v[3]);
    if (pad == 2 && (triple & 0xFFFF) != 0) return Base64Error::kInvalid;
    if (pad == 1 && (triple & 0xFF) != 0) return Base64Error::kInvalid;
    if (bytes != nullptr) {
      bytes->push_back(static_cast<char>((triple >> 16) & 0xFF));
      if (pad < 2) bytes->push_back(static_cast<char>((triple >> 8) & 0xFF));
      if (pad < 1) bytes->push_back(static_cast<char>(triple & 0xFF));
    }
  }
  return Base64Error::kNone;
}

std::string Base64Encode(std::string_view bytes) {
  std::string out;
  AppendBase64(bytes, &out);
  return out;
}

void AppendBase64(std::string_view bytes, std::string* out) {
  out->reserve(out->size() + (bytes.size() + 2) / 3 * 4);
  StringSink sink(out);
  EncodeBase64(bytes, sink);
}

bool Base64Decode(std::string_view text, std::string* bytes) {
  return DecodeBase64(text, bytes) == Base64Error::kNone;
}

}  // namespace monotable::wire

// The public encoder of monotable/value.h, for front ends.
namespace monotable {

std::string Base64Encode(std::string_view bytes) { return wire::Base64Encode(bytes); }

}  // namespace monotable
