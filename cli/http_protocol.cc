// http_protocol: request classification and response headers of DynamoDB's JSON protocol (see the
// header for the rules and where they come from).
#include "http_protocol.h"

#include <array>
#include <nlohmann/json.hpp>
#include <random>

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

// True if the media type of a Content-Type header value (without parameters, spaces and tabs,
// compared case-insensitively) is `lower` (lowercase). Allocates nothing.
bool MediaTypeIs(std::string_view content_type, std::string_view lower) {
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
  static const CrcTables kT = MakeCrcTables();
  uint32_t c = 0xFFFFFFFFu;
  const auto* p = reinterpret_cast<const unsigned char*>(bytes.data());
  size_t n = bytes.size();
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
  return c ^ 0xFFFFFFFFu;
}

void WriteRequestId(char* id) {
  static constexpr std::string_view kAlphabet = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
  // One generator per thread: no lock on the serving path.
  thread_local std::mt19937_64 generator{std::random_device{}()};
  // Eleven base-36 digits from each 64-bit draw: 2^64 is 140 times 36^11, so the digits are
  // uniform within 1%.
  uint64_t bits = 0;
  for (size_t i = 0; i < kRequestIdLength; ++i) {
    if (i % 11 == 0) bits = generator();
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
