// http_protocol: DynamoDB's JSON-over-HTTP protocol as `monotable serve` speaks it, without any
// HTTP library: deciding what a request is (health check, operation, or a protocol error), and the
// headers every response carries (x-amzn-RequestId, x-amz-crc32).
//
// Knows nothing about operations' bodies: those go to Engine::Execute unchanged. The rules below
// were observed on real DynamoDB (dynalite's connection tests, run against AWS) and are pinned by
// tests/http/protocol.test.mjs:
// - `GET /` answers 200 `healthy: dynamodb.<region>.amazonaws.com` (a liveness probe);
// - any other method, or a body whose Content-Type is neither `application/x-amz-json-1.0` nor
//   `application/json` (parameters such as `; charset=utf-8` allowed), answers 404 with the body
//   `<UnknownOperationException/>\n` (x-amz-json-1.1 is refused too, as DynamoDB refuses it);
// - then, in this order: a body that is not JSON -> 400 SerializationException; an X-Amz-Target
//   that is not `DynamoDB_20120810.<Operation>` with a known operation -> 400
//   UnknownOperationException; no `Authorization: AWS4-...` header -> 400
//   MissingAuthenticationTokenException (unless anonymous requests are allowed); an empty body ->
//   400 SerializationException. Signatures are never verified: any credentials work.
// - responses carry `Content-Type: application/x-amz-json-1.0` (or `application/json` when the
//   request used it), `x-amzn-RequestId` (52 characters of [0-9A-Z]) and `x-amz-crc32`, the CRC-32
//   (IEEE 802.3, as zlib computes it) of the body in decimal; the AWS SDKs verify it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_set>

namespace monotable::cli {

// DynamoDB's API version prefix of X-Amz-Target.
inline constexpr std::string_view kTargetPrefix = "DynamoDB_20120810.";
// DynamoDB Streams' target prefix; its operations (ListStreams, ...) reach Engine::Execute too.
inline constexpr std::string_view kStreamsTargetPrefix = "DynamoDBStreams_20120810.";
// The largest request body accepted: DynamoDB answers bigger ones with HTTP 413 and no body.
inline constexpr size_t kMaxRequestBytes = 16 * 1024 * 1024;
// The body of the 404 DynamoDB sends for requests that are not DynamoDB API calls.
inline constexpr std::string_view kNotFoundBody = "<UnknownOperationException/>\n";

// CRC-32 (polynomial 0xEDB88320, reflected, initial and final XOR 0xFFFFFFFF), as zlib's crc32().
uint32_t Crc32(std::string_view bytes);

// The length of a request id.
inline constexpr size_t kRequestIdLength = 52;
// A fresh request id in DynamoDB's form: kRequestIdLength characters from [0-9A-Z]. Thread-safe.
std::string NewRequestId();
// The same, written to id[0, kRequestIdLength) (no allocation). Thread-safe.
void WriteRequestId(char* id);

// The names of the operations the engine implements, as views of strings that outlive the set
// (Engine::Operations()), looked up without building a string.
using OperationSet = std::unordered_set<std::string_view>;

// The headers of one incoming request that decide how it is handled (views: the caller keeps
// the strings alive during Classify).
struct HttpRequest {
  std::string_view method;         // "GET", "POST", ...
  std::string_view content_type;   // as sent; empty if absent
  std::string_view target;         // X-Amz-Target; empty if absent
  std::string_view authorization;  // Authorization; empty if absent
  std::string_view body;
};

// What the server does with a request.
struct Dispatch {
  enum class Kind {
    kHealth,     // GET /: answer `healthy: ...` with 200
    kNotFound,   // 404 with kNotFoundBody
    kError,      // a protocol error: http_status + body (DynamoDB's error envelope)
    kOperation,  // run `operation` on `body` through the engine
  };
  Kind kind = Kind::kNotFound;
  std::string_view operation;     // kOperation: "PutItem", ... (a view of the request's target)
  int http_status = 200;          // kError
  std::string error_body;         // kError
  std::string_view content_type;  // of the response (kError, kOperation; a static string)
};

struct ProtocolOptions {
  // Accept requests without an Authorization header (DynamoDB refuses them).
  bool allow_anonymous = false;
};

// Classifies `request` following the rules at the top of this file. `operations` are the
// operation names the engine implements. The body is checked to be JSON only when the
// answer depends on it (an error of the target or the signature); a request that passes those
// checks is kOperation even if its body is not JSON: Engine::Execute answers it with the same
// SerializationException body, so each request's JSON is parsed once.
Dispatch Classify(const HttpRequest& request, const ProtocolOptions& options,
                  const OperationSet& operations);

// DynamoDB's error envelope for protocol-level errors, e.g.
// {"__type":"com.amazon.coral.service#UnknownOperationException"}; `message` is omitted if empty.
std::string CoralError(std::string_view name, std::string_view message = {});

// The response Content-Type for a request's Content-Type: application/json for application/json,
// else application/x-amz-json-1.0 (a static string).
std::string_view ResponseContentType(std::string_view request_content_type);
// True for the media types DynamoDB accepts (see the top of this file).
bool AcceptedContentType(std::string_view content_type);
// True if `body` parses as JSON (any JSON value).
bool IsJson(std::string_view body);

}  // namespace monotable::cli
