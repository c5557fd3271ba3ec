// sigv4: AWS Signature Version 4 request signing, over SHA-256 (FIPS 180-4) and HMAC-SHA256
// (RFC 2104) from OpenSSL's libcrypto, which cpp-httplib links already (the endpoint is native
// only, so nothing here needs to build for WebAssembly).
//
// Knows nothing about HTTP libraries or DynamoDB: a request is a method, a path, a query string,
// headers and a body; signing returns the Authorization header value (and the intermediate
// strings, for tests and `monotable sigv4-debug`). Pinned by tests/cli/sigv4_test.cc (FIPS 180-2
// and RFC 4231 vectors, AWS's Signature Version 4 test suite and its documented IAM example) and
// by tests/http/sigv4.test.mjs (the AWS SDK v3 signer, @smithy/signature-v4, on DynamoDB requests).
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

// libcrypto's digest context (openssl/types.h's EVP_MD_CTX), declared here so that this header
// does not pull in OpenSSL's.
struct evp_md_ctx_st;

namespace monotable::cli {

using Sha256Digest = std::array<uint8_t, 32>;

// Incremental SHA-256 (libcrypto's EVP digest). Update() any number of times, then Finish() once;
// after Finish() the object may only be destroyed. Not copyable.
class Sha256 {
 public:
  Sha256();
  void Update(std::string_view bytes);
  Sha256Digest Finish();

 private:
  struct FreeContext {
    void operator()(::evp_md_ctx_st* context) const;
  };
  std::unique_ptr<::evp_md_ctx_st, FreeContext> context_;
};

// SHA-256 of `bytes` in one call.
Sha256Digest Sha256Of(std::string_view bytes);
// HMAC-SHA256 (RFC 2104 with SHA-256; keys longer than 64 bytes are hashed first).
Sha256Digest HmacSha256(std::string_view key, std::string_view data);
// Lower-case hex of raw bytes.
std::string HexEncode(std::string_view bytes);
std::string HexEncode(const Sha256Digest& digest);
// The digest's bytes as a string (for chaining HMACs).
std::string DigestBytes(const Sha256Digest& digest);

struct AwsCredentials {
  std::string access_key_id;
  std::string secret_access_key;
  std::string session_token;  // empty: none (long-term keys)
};

// One HTTP request to sign. The headers must already hold everything to be signed: `host` and
// `x-amz-date` always, `x-amz-security-token` when the credentials have a session token (see
// SignedDynamoDbHeaders for the DynamoDB case). Every header given is signed.
struct SigV4Request {
  std::string method = "POST";
  std::string path = "/";  // absolute path, not yet URI-encoded; "" means "/"
  std::string query;       // raw query string without '?': "b=2&a=1" ("" for none)
  std::vector<std::pair<std::string, std::string>> headers;  // name (any case), value
  std::string body;
};

struct SigV4Signature {
  std::string canonical_request;
  std::string string_to_sign;
  std::string signed_headers;  // "content-type;host;x-amz-date"
  std::string signature;       // 64 hex characters
  std::string authorization;   // the Authorization header value
};

// Signs `request` for `region` and `service` at `amz_date` ("20150830T123600Z", which must also be
// the request's x-amz-date header). Follows AWS's Signature Version 4 rules:
// - canonical URI: each path segment URI-encoded (RFC 3986 unreserved characters kept), the
//   encoding applied once (as DynamoDB and the test suite expect; S3-style and double-encoding
//   rules for other services are not needed here);
// - canonical query: parameters sorted by encoded name, then value, each `name=value` encoded;
// - canonical headers: names lower-cased and sorted, values trimmed with inner runs of spaces
//   collapsed to one, repeated names joined with ',' in the order given;
// - payload hash: hex SHA-256 of the body;
// - signing key: HMAC chain "AWS4"+secret -> date -> region -> service -> "aws4_request".
SigV4Signature SignV4(const SigV4Request& request, const AwsCredentials& credentials,
                      std::string_view region, std::string_view service, std::string_view amz_date);

// "YYYYMMDDTHHMMSSZ" for a time in seconds since the Unix epoch (UTC).
std::string AmzDate(int64_t unix_seconds);

// The headers a DynamoDB JSON-protocol request signs, in the order they are sent: content-type
// (application/x-amz-json-1.0), host, x-amz-date, x-amz-security-token (only with a session
// token) and x-amz-target (DynamoDB_20120810.<operation>).
std::vector<std::pair<std::string, std::string>> SignedDynamoDbHeaders(
    std::string_view host, std::string_view amz_date, std::string_view operation,
    const AwsCredentials& credentials);

}  // namespace monotable::cli
