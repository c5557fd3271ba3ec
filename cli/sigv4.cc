// sigv4: AWS Signature Version 4 over libcrypto's SHA-256 and HMAC (see sigv4.h for the contracts).
#include "sigv4.h"

#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/sha.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <ctime>

#include "monotable/civil_time.h"

namespace monotable::cli {
namespace {

bool IsUnreserved(unsigned char c) {
  return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' ||
         c == '_' || c == '.' || c == '~';
}

// RFC 3986 percent-encoding as SigV4 wants it: unreserved characters kept, everything else %XX
// with upper-case hex.
std::string UriEncode(std::string_view text) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  std::string out;
  for (unsigned char c : text) {
    if (IsUnreserved(c)) {
      out += static_cast<char>(c);
    } else {
      out += '%';
      out += kHex[c >> 4];
      out += kHex[c & 15];
    }
  }
  return out;
}

int HexValue(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// Undoes %XX escapes (malformed escapes are kept as they are).
std::string UriDecode(std::string_view text) {
  std::string out;
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '%' && i + 2 < text.size()) {
      int hi = HexValue(text[i + 1]);
      int lo = HexValue(text[i + 2]);
      if (hi >= 0 && lo >= 0) {
        out += static_cast<char>(hi * 16 + lo);
        i += 2;
        continue;
      }
    }
    out += text[i];
  }
  return out;
}

std::string CanonicalUri(std::string_view path) {
  if (path.empty()) return "/";
  std::string out;
  size_t start = 0;
  while (true) {
    size_t slash = path.find('/', start);
    std::string_view segment = path.substr(
        start, slash == std::string_view::npos ? std::string_view::npos : slash - start);
    out += UriEncode(segment);
    if (slash == std::string_view::npos) break;
    out += '/';
    start = slash + 1;
  }
  return out;
}

std::string CanonicalQuery(std::string_view query) {
  std::vector<std::pair<std::string, std::string>> params;
  size_t start = 0;
  while (start <= query.size() && !query.empty()) {
    size_t amp = query.find('&', start);
    std::string_view part =
        query.substr(start, amp == std::string_view::npos ? std::string_view::npos : amp - start);
    if (!part.empty()) {
      size_t eq = part.find('=');
      std::string_view name = part.substr(0, eq);
      std::string_view value = eq == std::string_view::npos ? "" : part.substr(eq + 1);
      params.emplace_back(UriEncode(UriDecode(name)), UriEncode(UriDecode(value)));
    }
    if (amp == std::string_view::npos) break;
    start = amp + 1;
  }
  std::sort(params.begin(), params.end());
  std::string out;
  for (const auto& [name, value] : params) {
    if (!out.empty()) out += '&';
    out += name;
    out += '=';
    out += value;
  }
  return out;
}

// Trims a header value and collapses inner runs of spaces to one (SigV4's "Trimall").
std::string TrimAll(std::string_view value) {
  std::string out;
  bool pending_space = false;
  for (char c : value) {
    if (c == ' ' || c == '\t') {
      pending_space = !out.empty();
      continue;
    }
    if (pending_space) out += ' ';
    pending_space = false;
    out += c;
  }
  return out;
}

std::string Lower(std::string_view text) {
  std::string out(text);
  for (char& c : out) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return out;
}

}  // namespace

Sha256::Sha256() : context_(EVP_MD_CTX_new()) {
  // EVP_sha256 never fails to initialise on a working libcrypto; a null context (out of memory)
  // makes Update and Finish no-ops that return the digest of nothing signed, which no peer accepts.
  if (context_) EVP_DigestInit_ex(context_.get(), EVP_sha256(), nullptr);
}

void Sha256::Update(std::string_view bytes) {
  if (context_) EVP_DigestUpdate(context_.get(), bytes.data(), bytes.size());
}

Sha256Digest Sha256::Finish() {
  Sha256Digest digest{};
  unsigned int length = 0;
  if (context_) EVP_DigestFinal_ex(context_.get(), digest.data(), &length);
  return digest;
}

void Sha256::FreeContext::operator()(EVP_MD_CTX* context) const { EVP_MD_CTX_free(context); }

Sha256Digest Sha256Of(std::string_view bytes) {
  Sha256Digest digest{};
  SHA256(reinterpret_cast<const unsigned char*>(bytes.data()), bytes.size(), digest.data());
  return digest;
}

std::string DigestBytes(const Sha256Digest& digest) {
  return std::string(reinterpret_cast<const char*>(digest.data()), digest.size());
}

Sha256Digest HmacSha256(std::string_view key, std::string_view data) {
  Sha256Digest digest{};
  unsigned int length = 0;
  HMAC(EVP_sha256(), key.data(), static_cast<int>(key.size()),
       reinterpret_cast<const unsigned char*>(data.data()), data.size(), digest.data(), &length);
  return digest;
}

std::string HexEncode(std::string_view bytes) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out;
  out.reserve(bytes.size() * 2);
  for (unsigned char c : bytes) {
    out += kHex[c >> 4];
    out += kHex[c & 15];
  }
  return out;
}

std::string HexEncode(const Sha256Digest& digest) { return HexEncode(DigestBytes(digest)); }

SigV4Signature SignV4(const SigV4Request& request, const AwsCredentials& credentials,
                      std::string_view region, std::string_view service,
                      std::string_view amz_date) {
  // Canonical headers: lower-case names, sorted (stable, so repeated names keep their order and
  // are joined with ','), values trimmed.
  std::vector<std::pair<std::string, std::string>> headers;
  for (const auto& [name, value] : request.headers)
    headers.emplace_back(Lower(name), TrimAll(value));
  std::stable_sort(headers.begin(), headers.end(),
                   [](const auto& a, const auto& b) { return a.first < b.first; });
  std::string canonical_headers, signed_headers;
  for (size_t i = 0; i < headers.size(); ++i) {
    if (i > 0 && headers[i].first == headers[i - 1].first) {
      canonical_headers.back() = ',';  // replace the previous '\n'
      canonical_headers += headers[i].second + "\n";
      continue;
    }
    canonical_headers += headers[i].first + ":" + headers[i].second + "\n";
    if (!signed_headers.empty()) signed_headers += ';';
    signed_headers += headers[i].first;
  }

  SigV4Signature out;
  out.signed_headers = signed_headers;
  out.canonical_request = request.method + "\n" + CanonicalUri(request.path) + "\n" +
                          CanonicalQuery(request.query) + "\n" + canonical_headers + "\n" +
                          signed_headers + "\n" + HexEncode(Sha256Of(request.body));

  std::string_view date = amz_date.substr(0, 8);
  std::string scope =
      std::string(date) + "/" + std::string(region) + "/" + std::string(service) + "/aws4_request";
  out.string_to_sign = "AWS4-HMAC-SHA256\n" + std::string(amz_date) + "\n" + scope + "\n" +
                       HexEncode(Sha256Of(out.canonical_request));

  std::string key = DigestBytes(HmacSha256("AWS4" + credentials.secret_access_key, date));
  key = DigestBytes(HmacSha256(key, region));
  key = DigestBytes(HmacSha256(key, service));
  key = DigestBytes(HmacSha256(key, "aws4_request"));
  out.signature = HexEncode(HmacSha256(key, out.string_to_sign));
  out.authorization = "AWS4-HMAC-SHA256 Credential=" + credentials.access_key_id + "/" + scope +
                      ", SignedHeaders=" + signed_headers + ", Signature=" + out.signature;
  return out;
}

std::string AmzDate(int64_t unix_seconds) {
  return FormatUnixMs(unix_seconds * 1000, TimeFormat::kAmzDate);
}

std::vector<std::pair<std::string, std::string>> SignedDynamoDbHeaders(
    std::string_view host, std::string_view amz_date, std::string_view operation,
    const AwsCredentials& credentials) {
  std::vector<std::pair<std::string, std::string>> headers = {
      {"content-type", "application/x-amz-json-1.0"},
      {"host", std::string(host)},
      {"x-amz-date", std::string(amz_date)},
  };
  if (!credentials.session_token.empty()) {
    headers.emplace_back("x-amz-security-token", credentials.session_token);
  }
  headers.emplace_back("x-amz-target", "DynamoDB_20120810." + std::string(operation));
  return headers;
}

}  // namespace monotable::cli
