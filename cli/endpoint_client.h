// endpoint_client: a DynamoDB client for `monotable patterns --endpoint`: sends one operation's
// JSON body to any DynamoDB endpoint (real DynamoDB, DynamoDB Local, dynalite, `monotable serve`),
// signed with AWS Signature Version 4 (sigv4.h), and hands back the status and body unparsed.
//
// Credentials and region come from the usual AWS environment variables; nothing is read from
// ~/.aws. The HTTP library (cpp-httplib) stays inside endpoint_client.cc.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "sigv4.h"

namespace monotable::cli {

// Where to send requests and how to sign them.
struct EndpointConfig {
  std::string url;  // as given: "http://127.0.0.1:8000", "https://dynamodb.eu-west-1.amazonaws.com"
  std::string scheme;  // "http" or "https"
  std::string host;    // host name or address, without brackets for IPv6
  int port = 0;
  std::string host_header;  // what Host carries and SigV4 signs: "127.0.0.1:8000", "h.example.com"
  std::string region;
  AwsCredentials credentials;
  bool dummy_credentials = false;  // true: none were set and the endpoint is on this machine
};

// Parses `url` (scheme http or https, a host, an optional port, an optional "/" path) and resolves
// the region and credentials:
// - region: `region_flag` if not empty, else $AWS_REGION, else $AWS_DEFAULT_REGION, else the
//   region in a host of the form dynamodb.<region>.amazonaws.com, else "us-east-1" for an
//   endpoint on this machine (localhost, 127.x.x.x, ::1); otherwise an error;
// - credentials: $AWS_ACCESS_KEY_ID and $AWS_SECRET_ACCESS_KEY (and $AWS_SESSION_TOKEN for
//   temporary credentials); with none set and an endpoint on this machine, dummy ones (local
//   emulators accept any); otherwise an error saying what to set.
// Returns false and sets *error (one sentence) when the URL or the environment does not do.
bool ResolveEndpointConfig(const std::string& url, const std::string& region_flag,
                           EndpointConfig* config, std::string* error);

// One answer from the endpoint.
struct EndpointResponse {
  int http_status = 0;     // 0: no HTTP answer at all (connection refused, timeout, TLS failure)
  std::string body;        // the response body (DynamoDB JSON), as received
  std::string error_type;  // for an error: the exception name from __type, e.g.
                           // "ResourceNotFoundException"; "" when http_status is 200
  std::string message;     // for an error: DynamoDB's message, or what went wrong in transport
  int attempts = 0;        // how many times the request was sent (retries included)
  bool ok() const { return http_status == 200; }
};

// A connection to one endpoint. Not thread-safe; one request at a time.
class EndpointClient {
 public:
  explicit EndpointClient(EndpointConfig config);
  ~EndpointClient();
  EndpointClient(const EndpointClient&) = delete;
  EndpointClient& operator=(const EndpointClient&) = delete;

  // Sends DynamoDB operation `operation` ("Query") with JSON body `body`, signed for service
  // "dynamodb" at the current time. Retries, with exponential backoff (50 ms doubling, at most
  // 5 s, up to 8 attempts; 3 when nothing answers at all), what DynamoDB says to retry: no
  // answer, HTTP 5xx, ThrottlingException, ProvisionedThroughputExceededException and
  // RequestLimitExceeded. Any other answer is returned as it is.
  EndpointResponse Call(std::string_view operation, std::string_view body);

  const EndpointConfig& config() const { return config_; }

 private:
  struct Impl;
  EndpointConfig config_;
  std::unique_ptr<Impl> impl_;
};

// `monotable sigv4-debug --endpoint URL --operation OP [--region R] [--body JSON]` (hidden, for
// tests/http/sigv4.test.mjs): prints as JSON the headers EndpointClient would send for that
// request (host, x-amz-date, x-amz-target, authorization, ...) with the canonical request and the
// string to sign. $MONOTABLE_SIGV4_TIME (seconds since the Unix epoch) fixes the signing time.
int SigV4DebugCommand(const std::vector<std::string>& args);

}  // namespace monotable::cli
