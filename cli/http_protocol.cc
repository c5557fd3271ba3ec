// http_protocol: request classification and response headers of DynamoDB's JSON protocol (see the
// header for the rules and where they come from).
#include "http_protocol.h"

#include <array>
#include <nlohmann/json.hpp>
#include <random>

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>
#define MONOTABLE_CRC32_CLMUL 1
#endif

namespace monotable::cli {
namespace {

// Slicing-by-8 tables: kTables[0] is the classic byte-at-a-time table; kTables[k][b] is the CRC
// of byte b followed by k zero bytes, so eight bytes are folded per step.
using CrcTables = std::array<std::array<uint32_t, 256>, 8>;

CrcTables MakeCrcTables() {
  CrcTables t{};
  for (uint32_t i = 0; i < 256; ++i) {
    uint32_t c = i;
    for (int k = 0; k < 8; ++k) c = (c & 1) ? 0xEDB88320u ^ (c >> 1) : c >> 1;
    t[0][i] = c;
  }
  for (uint32_t i = 0; i < 256; ++i) {
    for (size_t k = 1; k < 8; ++k) t[k][i] = t[0][t[k - 1][i] & 0xFFu] ^ (t[k - 1][i] >> 8);
  }
  return t;
}

// The CRC register (before the final XOR) after `bytes`, eight bytes a step.
uint32_t Crc32Tables(uint32_t c, const unsigned char* p, size_t n) {
  static const CrcTables kT = MakeCrcTables();
  // Eight bytes a step (little-endian byte order, assembled by hand so alignment never matters).
  for (; n >= 8; p += 8, n -= 8) {
    uint32_t lo = c ^ (static_cast<uint32_t>(p[0]) | static_cast<uint32_t>(p[1]) << 8 |
                       static_cast<uint32_t>(p[2]) << 16 | static_cast<uint32_t>(p[3]) << 24);
    uint32_t hi = static_cast<uint32_t>(p[4]) | static_cast<uint32_t>(p[5]) << 8 |
                  static_cast<uint32_t>(p[6]) << 16 | static_cast<uint32_t>(p[7]) << 24;
    c = kT[7][lo & 0xFFu] ^ kT[6][(lo >> 8) & 0xFFu] ^ kT[5][(lo >> 16) & 0xFFu] ^ kT[4][lo >> 24] ^
        kT[3][hi & 0xFFu] ^ kT[2][(hi >> 8) & 0xFFu] ^ kT[1][(hi >> 16) & 0xFFu] ^ kT[0][hi >> 24];
  }
  for (; n > 0; ++p, --n) c = kT[0][(c ^ *p) & 0xFFu] ^ (c >> 8);
  return c;
}

#ifdef MONOTABLE_CRC32_CLMUL
// Bytes below which the table loop is as fast (and the carry-less path needs 64 at least).
constexpr size_t kClmulMinimumBytes = 256;

// The CRC register after `n` bytes (n >= 64 and a multiple of 16) by folding with carry-less
// multiplication: Gopal et al., "Fast CRC Computation for Generic Polynomials Using PCLMULQDQ
// Instruction" (Intel, 2009), in the bit-reflected domain. Four 128-bit lanes are folded 64 bytes
// a step, then into one lane, 16 bytes a step, and the last 128 bits reduced to 32 (Barrett). The
// constants are x^k mod P(x) for the k the paper gives, bit-reflected, and P'(x) and mu for the
// reduction; P(x) is CRC-32's polynomial 0x104C11DB7.
#define MONOTABLE_CLMUL_TARGET __attribute__((target("pclmul,sse2")))

MONOTABLE_CLMUL_TARGET inline __m128i Load(const unsigned char* at) {
  return _mm_loadu_si128(reinterpret_cast<const __m128i*>(at));
}

// Folds `x` forward by the distance the constants in `k` stand for, and adds `next`.
MONOTABLE_CLMUL_TARGET inline __m128i Fold(__m128i x, __m128i k, __m128i next) {
  __m128i low = _mm_clmulepi64_si128(x, k, 0x00);
  __m128i high = _mm_clmulepi64_si128(x, k, 0x11);
  return _mm_xor_si128(_mm_xor_si128(high, low), next);
}

MONOTABLE_CLMUL_TARGET uint32_t Crc32Clmul(uint32_t crc, const unsigned char* p, size_t n) {
  const __m128i k1k2 = _mm_set_epi64x(0x01c6e41596, 0x0154442bd4);
  const __m128i k3k4 = _mm_set_epi64x(0x00ccaa009e, 0x01751997d0);
  const __m128i k5 = _mm_set_epi64x(0, 0x0163cd6124);
  const __m128i poly_mu = _mm_set_epi64x(0x01f7011641, 0x01db710641);
  const __m128i low32 = _mm_setr_epi32(-1, 0, -1, 0);
  __m128i x1 = _mm_xor_si128(Load(p), _mm_cvtsi32_si128(static_cast<int>(crc)));
  __m128i x2 = Load(p + 16);
  __m128i x3 = Load(p + 32);
  __m128i x4 = Load(p + 48);
  p += 64;
  n -= 64;
  for (; n >= 64; p += 64, n -= 64) {
    x1 = Fold(x1, k1k2, Load(p));
    x2 = Fold(x2, k1k2, Load(p + 16));
    x3 = Fold(x3, k1k2, Load(p + 32));
    x4 = Fold(x4, k1k2, Load(p + 48));
  }
  x1 = Fold(x1, k3k4, x2);
  x1 = Fold(x1, k3k4, x3);
  x1 = Fold(x1, k3k4, x4);
  for (; n >= 16; p += 16, n -= 16) x1 = Fold(x1, k3k4, Load(p));
  // 128 bits to 64.
  __m128i x = _mm_xor_si128(_mm_srli_si128(x1, 8), _mm_clmulepi64_si128(x1, k3k4, 0x10));
  x = _mm_xor_si128(_mm_srli_si128(x, 4), _mm_clmulepi64_si128(_mm_and_si128(x, low32), k5, 0x00));
  // Barrett reduction to 32 bits.
  __m128i t = _mm_clmulepi64_si128(_mm_and_si128(x, low32), poly_mu, 0x10);
  t = _mm_clmulepi64_si128(_mm_and_si128(t, low32), poly_mu, 0x00);
  x = _mm_xor_si128(x, t);
  return static_cast<uint32_t>(_mm_cvtsi128_si32(_mm_srli_si128(x, 4)));
}

bool HasClmul() {
  static const bool kHas = __builtin_cpu_supports("pclmul") && __builtin_cpu_supports("sse2");
  return kHas;
}
#endif

// True if the media type of a Content-Type header value (without parameters, spaces and tabs,
// compared case-insensitively) is `lower` (lowercase). Allocates nothing.
bool MediaTypeIs(std::string_view content_type, std::string_view lower) {
  if (content_type == lower) return true;  // what SDKs send
  size_t matched = 0;
  for (char c : content_type) {
    if (c == ';') break;
    if (c == ' ' || c == '\t') continue;
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    if (matched == lower.size() || c != lower[matched]) return false;
    ++matched;
  }
  return matched == lower.size();
}

}  // namespace

uint32_t Crc32(std::string_view bytes) {
  uint32_t c = 0xFFFFFFFFu;
  const auto* p = reinterpret_cast<const unsigned char*>(bytes.data());
  size_t n = bytes.size();
#ifdef MONOTABLE_CRC32_CLMUL
  // Large answers (a Scan page is tens of KB) by carry-less multiplication, ~10x the tables.
  if (n >= kClmulMinimumBytes && HasClmul()) {
    size_t bulk = n & ~static_cast<size_t>(15);
    c = Crc32Clmul(c, p, bulk);
    p += bulk;
    n -= bulk;
  }
#endif
  return Crc32Tables(c, p, n) ^ 0xFFFFFFFFu;
}

void WriteRequestId(char* id) {
  static constexpr std::string_view kAlphabet = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
  // One generator per thread (no lock on the serving path): SplitMix64 from a random seed, ample
  // for ids that only need to differ.
  thread_local uint64_t state =
      (static_cast<uint64_t>(std::random_device{}()) << 32) ^ std::random_device{}();
  auto next = [] {
    uint64_t z = (state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  };
  // Eleven base-36 digits from each 64-bit draw: 2^64 is 140 times 36^11, so the digits are
  // uniform within 1%.
  uint64_t bits = 0;
  for (size_t i = 0; i < kRequestIdLength; ++i) {
    if (i % 11 == 0) bits = next();
    id[i] = kAlphabet[bits % 36];
    bits /= 36;
  }
}

std::string NewRequestId() {
  std::string id(kRequestIdLength, '0');
  WriteRequestId(id.data());
  return id;
}

std::string CoralError(std::string_view name, std::string_view message) {
  nlohmann::json body = nlohmann::json::object();
  body["__type"] = "com.amazon.coral.service#" + std::string(name);
  if (!message.empty()) body["message"] = std::string(message);
  return body.dump();
}

bool AcceptedContentType(std::string_view content_type) {
  return MediaTypeIs(content_type, "application/x-amz-json-1.0") ||
         MediaTypeIs(content_type, "application/json");
}

std::string_view ResponseContentType(std::string_view request_content_type) {
  return MediaTypeIs(request_content_type, "application/json") ? "application/json"
                                                               : "application/x-amz-json-1.0";
}

bool IsJson(std::string_view body) {
  // A validating parse that builds nothing.
  return nlohmann::json::accept(body);
}

Dispatch Classify(const HttpRequest& request, const ProtocolOptions& options,
                  const OperationSet& operations) {
  Dispatch d;
  if (request.method == "GET" && request.body.empty()) {
    d.kind = Dispatch::Kind::kHealth;
    return d;
  }
  // Not an API call: DynamoDB answers 404 with an XML-ish body.
  if (request.method != "POST" ||
      (!request.body.empty() && !AcceptedContentType(request.content_type))) {
    d.kind = Dispatch::Kind::kNotFound;
    return d;
  }
  d.content_type = ResponseContentType(request.content_type);
  d.kind = Dispatch::Kind::kError;
  d.http_status = 400;
  // DynamoDB checks, in order: the body is JSON, the target names an operation, the request is
  // signed, the body is not empty. Whether the body is JSON matters only if a later check fails:
  // otherwise the engine parses it (and answers SerializationException itself).
  std::string_view target = request.target;
  std::string_view operation;
  if (target.substr(0, kTargetPrefix.size()) == kTargetPrefix) {
    operation = target.substr(kTargetPrefix.size());
  } else if (target.substr(0, kStreamsTargetPrefix.size()) == kStreamsTargetPrefix) {
    operation = target.substr(kStreamsTargetPrefix.size());
  }
  const bool known = !operation.empty() && operations.count(operation) > 0;
  std::string_view auth = request.authorization;
  while (!auth.empty() && (auth.front() == ' ' || auth.front() == '\t')) auth.remove_prefix(1);
  const bool signed_request = options.allow_anonymous || auth.substr(0, 5) == "AWS4-";
  if (known && signed_request && !request.body.empty()) {
    d.kind = Dispatch::Kind::kOperation;
    d.http_status = 200;
    d.operation = operation;
    return d;
  }
  if (!request.body.empty() && !IsJson(request.body)) {
    d.error_body = CoralError("SerializationException");
    return d;
  }
  if (!known) {
    d.error_body = CoralError("UnknownOperationException");
    return d;
  }
  if (!signed_request) {
    d.error_body = CoralError("MissingAuthenticationTokenException",
                              "Request is missing Authentication Token");
    return d;
  }
  d.error_body = CoralError("SerializationException");  // an empty body
  return d;
}

}  // namespace monotable::cli
