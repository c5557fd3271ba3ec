// endpoint_client: DynamoDB requests over HTTP(S) with SigV4 signatures (see endpoint_client.h).
#include "endpoint_client.h"

#include <httplib.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <nlohmann/json.hpp>
#include <thread>

#include "commands.h"

namespace monotable::cli {
namespace {

using Json = nlohmann::json;

std::string Env(const char* name) {
  const char* v = std::getenv(name);
  return v == nullptr ? "" : v;
}

bool IsLocalHost(const std::string& host) {
  return host == "localhost" || host == "::1" || host.rfind("127.", 0) == 0;
}

// The region in a host name of the form dynamodb.<region>.amazonaws.com[.cn]; "" otherwise.
std::string RegionFromHost(const std::string& host) {
  constexpr std::string_view kPrefix = "dynamodb.";
  if (host.rfind(kPrefix, 0) != 0) return "";
  size_t dot = host.find('.', kPrefix.size());
  if (dot == std::string::npos) return "";
  std::string rest = host.substr(dot + 1);
  if (rest.rfind("amazonaws.com", 0) != 0) return "";
  return host.substr(kPrefix.size(), dot - kPrefix.size());
}

// Exceptions DynamoDB asks clients to retry (with backoff) besides HTTP 5xx.
bool IsRetryable(const EndpointResponse& r) {
  if (r.http_status == 0 || r.http_status >= 500) return true;
  return r.error_type == "ThrottlingException" ||
         r.error_type == "ProvisionedThroughputExceededException" ||
         r.error_type == "RequestLimitExceeded";
}

int64_t SigningTime() {
  std::string fixed = Env("MONOTABLE_SIGV4_TIME");
  if (!fixed.empty()) return std::strtoll(fixed.c_str(), nullptr, 10);
  return std::chrono::duration_cast<std::chrono::seconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

// The headers of one signed request, Authorization last.
std::vector<std::pair<std::string, std::string>> SignedHeaders(const EndpointConfig& config,
                                                               std::string_view operation,
                                                               std::string_view body,
                                                               SigV4Signature* signature) {
  std::string amz_date = AmzDate(SigningTime());
  SigV4Request request;
  request.method = "POST";
  request.path = "/";
  request.headers =
      SignedDynamoDbHeaders(config.host_header, amz_date, operation, config.credentials);
  request.body = std::string(body);
  *signature = SignV4(request, config.credentials, config.region, "dynamodb", amz_date);
  request.headers.emplace_back("authorization", signature->authorization);
  return request.headers;
}

// What went wrong when no HTTP answer came, in words.
std::string TransportError(httplib::Error error) {
  switch (error) {
    case httplib::Error::Connection:
      return "could not connect (nothing listening there, or unreachable)";
    case httplib::Error::ConnectionTimeout:
      return "the connection timed out";
    case httplib::Error::Read:
      return "the connection closed before an answer came";
    case httplib::Error::SSLConnection:
      return "the TLS handshake failed";
    case httplib::Error::SSLLoadingCerts:
      return "the CA certificates could not be loaded (is AWS_CA_BUNDLE a PEM file?)";
    case httplib::Error::SSLServerVerification:
      return "the server's TLS certificate was not accepted (not signed by a trusted CA, "
             "expired, or for another host name); AWS_CA_BUNDLE names a CA file to trust";
    default:
      return "HTTP client error: " + httplib::to_string(error);
  }
}

}  // namespace

bool ResolveEndpointConfig(const std::string& url, const std::string& region_flag,
                           EndpointConfig* config, std::string* error) {
  EndpointConfig c;
  c.url = url;
  size_t colon = url.find("://");
  if (colon == std::string::npos) {
    *error = "the endpoint must be a URL such as http://127.0.0.1:8000 (got '" + url + "')";
    return false;
  }
  c.scheme = url.substr(0, colon);
  for (char& ch : c.scheme) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  if (c.scheme != "http" && c.scheme != "https") {
    *error = "the endpoint's scheme must be http or https (got '" + c.scheme + "')";
    return false;
  }
  std::string rest = url.substr(colon + 3);
  size_t slash = rest.find('/');
  std::string path = slash == std::string::npos ? "" : rest.substr(slash);
  std::string authority = rest.substr(0, slash);
  if (!path.empty() && path != "/") {
    *error = "the endpoint must not have a path (DynamoDB is served at '/'; got '" + path + "')";
    return false;
  }
  if (authority.find('@') != std::string::npos) {
    *error =
        "the endpoint must not carry credentials; set AWS_ACCESS_KEY_ID and "
        "AWS_SECRET_ACCESS_KEY instead";
    return false;
  }
  std::string port_text;
  if (!authority.empty() && authority[0] == '[') {  // [::1]:8000
    size_t close = authority.find(']');
    if (close == std::string::npos) {
      *error = "bad IPv6 address in the endpoint '" + url + "'";
      return false;
    }
    c.host = authority.substr(1, close - 1);
    if (close + 1 < authority.size() && authority[close + 1] == ':') {
      port_text = authority.substr(close + 2);
    }
  } else {
    size_t port_colon = authority.rfind(':');
    c.host = authority.substr(0, port_colon);
    if (port_colon != std::string::npos) port_text = authority.substr(port_colon + 1);
  }
  if (c.host.empty()) {
    *error = "the endpoint '" + url + "' has no host";
    return false;
  }
  int default_port = c.scheme == "https" ? 443 : 80;
  c.port = default_port;
  if (!port_text.empty()) {
    char* end = nullptr;
    long port = std::strtol(port_text.c_str(), &end, 10);
    if (*end != '\0' || port <= 0 || port > 65535) {
      *error = "bad port '" + port_text + "' in the endpoint";
      return false;
    }
    c.port = static_cast<int>(port);
  }
  // Host as the HTTP client sends it, and as SigV4 signs it: the port only when not the default.
  std::string host_part = c.host.find(':') != std::string::npos ? "[" + c.host + "]" : c.host;
  c.host_header = c.port == default_port ? host_part : host_part + ":" + std::to_string(c.port);

  bool local = IsLocalHost(c.host);
  c.region = region_flag;
  if (c.region.empty()) c.region = Env("AWS_REGION");
  if (c.region.empty()) c.region = Env("AWS_DEFAULT_REGION");
  if (c.region.empty()) c.region = RegionFromHost(c.host);
  if (c.region.empty() && local) c.region = "us-east-1";
  if (c.region.empty()) {
    *error = "which region? Pass --region or set AWS_REGION (or AWS_DEFAULT_REGION)";
    return false;
  }

  c.credentials.access_key_id = Env("AWS_ACCESS_KEY_ID");
  c.credentials.secret_access_key = Env("AWS_SECRET_ACCESS_KEY");
  c.credentials.session_token = Env("AWS_SESSION_TOKEN");
  if (c.credentials.access_key_id.empty() || c.credentials.secret_access_key.empty()) {
    if (!local) {
      *error =
          "no AWS credentials: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY (and "
          "AWS_SESSION_TOKEN for temporary credentials; ~/.aws is not read)";
      return false;
    }
    // Local emulators check that a signature is there, not whose it is.
    c.credentials = {"monotable", "monotable", ""};
    c.dummy_credentials = true;
  }
  *config = std::move(c);
  return true;
}

struct EndpointClient::Impl {
  std::unique_ptr<httplib::Client> http;
};

EndpointClient::EndpointClient(EndpointConfig config)
    : config_(std::move(config)), impl_(std::make_unique<Impl>()) {
  std::string host_part =
      config_.host.find(':') != std::string::npos ? "[" + config_.host + "]" : config_.host;
  impl_->http = std::make_unique<httplib::Client>(config_.scheme + "://" + host_part + ":" +
                                                  std::to_string(config_.port));
  impl_->http->set_keep_alive(true);
  impl_->http->set_tcp_nodelay(true);  // small requests one after another: no Nagle delay
  impl_->http->set_connection_timeout(10, 0);
  impl_->http->set_read_timeout(60, 0);
  impl_->http->set_write_timeout(60, 0);
  // The AWS SDKs' variable for a CA bundle to trust (a private CA, a local TLS proxy); otherwise
  // the system's CA store verifies the server's certificate.
  std::string ca_bundle = Env("AWS_CA_BUNDLE");
  if (config_.scheme == "https" && !ca_bundle.empty()) impl_->http->set_ca_cert_path(ca_bundle);
}

EndpointClient::~EndpointClient() = default;

EndpointResponse EndpointClient::Call(std::string_view operation, std::string_view body) {
  constexpr int kMaxAttempts = 8;
  constexpr int kMaxConnectAttempts = 3;
  int delay_ms = 50;
  EndpointResponse out;
  for (int attempt = 1; attempt <= kMaxAttempts; ++attempt) {
    out = EndpointResponse();
    out.attempts = attempt;
    SigV4Signature signature;
    httplib::Headers headers;
    for (const auto& [name, value] : SignedHeaders(config_, operation, body, &signature)) {
      if (name == "content-type") continue;  // passed as Post()'s content type below
      headers.emplace(name, value);
    }
    auto result =
        impl_->http->Post("/", headers, body.data(), body.size(), "application/x-amz-json-1.0");
    if (!result) {
      out.message = TransportError(result.error());
    } else {
      out.http_status = result->status;
      out.body = result->body;
      if (out.http_status != 200) {
        Json j = Json::parse(out.body, nullptr, false);
        if (j.is_object()) {
          auto type = j.find("__type");
          if (type != j.end() && type->is_string()) {
            std::string t = type->get<std::string>();
            size_t hash = t.rfind('#');
            out.error_type = hash == std::string::npos ? t : t.substr(hash + 1);
          }
          for (const char* key : {"message", "Message"}) {
            auto m = j.find(key);
            if (m != j.end() && m->is_string()) out.message = m->get<std::string>();
          }
        }
        if (out.error_type.empty()) out.error_type = "HTTP " + std::to_string(out.http_status);
      }
    }
    if (out.ok() || !IsRetryable(out) || attempt == kMaxAttempts) break;
    // Nothing listening: three tries (a server starting up) are enough to say so.
    if (out.http_status == 0 && attempt >= kMaxConnectAttempts) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(delay_ms));
    delay_ms = std::min(delay_ms * 2, 5000);
  }
  return out;
}

int SigV4DebugCommand(const std::vector<std::string>& args) {
  std::string url, operation, region, body = "{}";
  for (size_t i = 0; i < args.size();) {
    bool missing = false;
    if (TakeOption(args, &i, "--endpoint", &url, &missing) ||
        TakeOption(args, &i, "--operation", &operation, &missing) ||
        TakeOption(args, &i, "--region", &region, &missing) ||
        TakeOption(args, &i, "--body", &body, &missing)) {
      if (missing) break;
      continue;
    }
    std::fprintf(stderr, "monotable sigv4-debug: unknown argument '%s'\n", args[i].c_str());
    return 2;
  }
  if (url.empty() || operation.empty()) {
    std::fprintf(stderr,
                 "usage: monotable sigv4-debug --endpoint URL --operation OP [--region R] "
                 "[--body JSON]\n");
    return 2;
  }
  EndpointConfig config;
  std::string error;
  if (!ResolveEndpointConfig(url, region, &config, &error)) {
    std::fprintf(stderr, "monotable sigv4-debug: %s\n", error.c_str());
    return 2;
  }
  SigV4Signature signature;
  Json out = Json::object();
  Json headers = Json::object();
  for (const auto& [name, value] : SignedHeaders(config, operation, body, &signature)) {
    headers[name] = value;
  }
  out["headers"] = headers;
  out["canonicalRequest"] = signature.canonical_request;
  out["stringToSign"] = signature.string_to_sign;
  out["region"] = config.region;
  std::printf("%s\n", out.dump(2).c_str());
  return 0;
}

}  // namespace monotable::cli
