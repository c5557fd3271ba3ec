// http_protocol: request classification and response headers of DynamoDB's JSON protocol (see the
// header for the rules and where they come from).
#include "http_protocol.h"

#include <array>
#include <cctype>
#include <mutex>
#include <nlohmann/json.hpp>
#include <random>

namespace monotable::cli {
namespace {

std::array<uint32_t, 256> MakeCrcTable() {
  std::array<uint32_t, 256> table{};
  for (uint32_t i = 0; i < 256; ++i) {
    uint32_t c = i;
    for (int k = 0; k < 8; ++k) c = (c & 1) ? 0xEDB88320u ^ (c >> 1) : c >> 1;
    table[i] = c;
  }
  return table;
}

// The media type of a Content-Type header value: lowercased, without parameters or spaces.
std::string MediaType(std::string_view content_type) {
  size_t semicolon = content_type.find(';');
  if (semicolon != std::string_view::npos) content_type = content_type.substr(0, semicolon);
  std::string out;
  for (char c : content_type) {
    if (c == ' ' || c == '\t') continue;
    out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  }
  return out;
}

}  // namespace

uint32_t Crc32(std::string_view bytes) {
  static const std::array<uint32_t, 256> kTable = MakeCrcTable();
  uint32_t c = 0xFFFFFFFFu;
  for (unsigned char b : bytes) c = kTable[(c ^ b) & 0xFFu] ^ (c >> 8);
  return c ^ 0xFFFFFFFFu;
}

std::string NewRequestId() {
  static constexpr std::string_view kAlphabet = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
  static std::mutex mutex;
  static std::mt19937_64 generator{std::random_device{}()};
  std::string id(52, '0');
  std::lock_guard<std::mutex> lock(mutex);
  std::uniform_int_distribution<size_t> pick(0, kAlphabet.size() - 1);
  for (char& c : id) c = kAlphabet[pick(generator)];
  return id;
}

std::string CoralError(std::string_view name, std::string_view message) {
  nlohmann::json body = nlohmann::json::object();
  body["__type"] = "com.amazon.coral.service#" + std::string(name);
  if (!message.empty()) body["message"] = std::string(message);
  return body.dump();
}

bool AcceptedContentType(std::string_view content_type) {
  std::string media = MediaType(content_type);
  return media == "application/x-amz-json-1.0" || media == "application/json";
}

std::string ResponseContentType(std::string_view request_content_type) {
  return MediaType(request_content_type) == "application/json" ? "application/json"
                                                               : "application/x-amz-json-1.0";
}

bool IsJson(std::string_view body) {
  // A validating parse that builds nothing.
  return nlohmann::json::accept(body);
}

Dispatch Classify(const HttpRequest& request, const ProtocolOptions& options,
                  const std::function<bool(std::string_view)>& is_operation) {
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
  const bool known = !operation.empty() && is_operation(operation);
  std::string_view auth = request.authorization;
  while (!auth.empty() && (auth.front() == ' ' || auth.front() == '\t')) auth.remove_prefix(1);
  const bool signed_request = options.allow_anonymous || auth.substr(0, 5) == "AWS4-";
  if (known && signed_request && !request.body.empty()) {
    d.kind = Dispatch::Kind::kOperation;
    d.http_status = 200;
    d.operation = std::string(operation);
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
