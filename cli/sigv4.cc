// sigv4: SHA-256, HMAC-SHA256 and AWS Signature Version 4 (see sigv4.h for the contracts).
#include "sigv4.h"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <ctime>

namespace monotable::cli {
namespace {

// FIPS 180-4 section 4.2.2: the first 32 bits of the fractional parts of the cube roots of the
// first 64 primes.
constexpr uint32_t kRoundConstants[64] = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2};

constexpr uint32_t Rotr(uint32_t x, int n) { return (x >> n) | (x << (32 - n)); }

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

Sha256::Sha256()
    : state_{0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
             0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19},
      buffer_{} {}

void Sha256::Block(const uint8_t* block) {
  uint32_t w[64];
  for (int t = 0; t < 16; ++t) {
    w[t] = (uint32_t{block[4 * t]} << 24) | (uint32_t{block[4 * t + 1]} << 16) |
           (uint32_t{block[4 * t + 2]} << 8) | uint32_t{block[4 * t + 3]};
  }
  for (int t = 16; t < 64; ++t) {
    uint32_t s0 = Rotr(w[t - 15], 7) ^ Rotr(w[t - 15], 18) ^ (w[t - 15] >> 3);
    uint32_t s1 = Rotr(w[t - 2], 17) ^ Rotr(w[t - 2], 19) ^ (w[t - 2] >> 10);
    w[t] = w[t - 16] + s0 + w[t - 7] + s1;
  }
  uint32_t a = state_[0], b = state_[1], c = state_[2], d = state_[3];
  uint32_t e = state_[4], f = state_[5], g = state_[6], h = state_[7];
  for (int t = 0; t < 64; ++t) {
    uint32_t s1 = Rotr(e, 6) ^ Rotr(e, 11) ^ Rotr(e, 25);
    uint32_t ch = (e & f) ^ (~e & g);
    uint32_t t1 = h + s1 + ch + kRoundConstants[t] + w[t];
    uint32_t s0 = Rotr(a, 2) ^ Rotr(a, 13) ^ Rotr(a, 22);
    uint32_t maj = (a & b) ^ (a & c) ^ (b & c);
    uint32_t t2 = s0 + maj;
    h = g;
    g = f;
    f = e;
    e = d + t1;
    d = c;
    c = b;
    b = a;
    a = t1 + t2;
  }
  state_[0] += a;
  state_[1] += b;
  state_[2] += c;
  state_[3] += d;
  state_[4] += e;
  state_[5] += f;
  state_[6] += g;
  state_[7] += h;
}

void Sha256::Update(std::string_view bytes) {
  const auto* p = reinterpret_cast<const uint8_t*>(bytes.data());
  size_t n = bytes.size();
  total_bytes_ += n;
  while (n > 0) {
    size_t take = std::min(n, buffer_.size() - buffered_);
    std::memcpy(buffer_.data() + buffered_, p, take);
    buffered_ += take;
    p += take;
    n -= take;
    if (buffered_ == buffer_.size()) {
      Block(buffer_.data());
      buffered_ = 0;
    }
  }
}

Sha256Digest Sha256::Finish() {
  // Padding: a 1 bit, zeros up to 56 bytes mod 64, then the message length in bits (big-endian).
  uint64_t bits = total_bytes_ * 8;
  uint8_t pad[72] = {0x80};
  size_t pad_len = (buffered_ < 56 ? 56 : 120) - buffered_;
  for (int i = 0; i < 8; ++i) pad[pad_len + i] = static_cast<uint8_t>(bits >> (56 - 8 * i));
  Update(std::string_view(reinterpret_cast<const char*>(pad), pad_len + 8));
  Sha256Digest digest;
  for (int i = 0; i < 8; ++i) {
    digest[4 * i] = static_cast<uint8_t>(state_[i] >> 24);
    digest[4 * i + 1] = static_cast<uint8_t>(state_[i] >> 16);
    digest[4 * i + 2] = static_cast<uint8_t>(state_[i] >> 8);
    digest[4 * i + 3] = static_cast<uint8_t>(state_[i]);
  }
  return digest;
}

Sha256Digest Sha256Of(std::string_view bytes) {
  Sha256 hasher;
  hasher.Update(bytes);
  return hasher.Finish();
}

std::string DigestBytes(const Sha256Digest& digest) {
  return std::string(reinterpret_cast<const char*>(digest.data()), digest.size());
}

Sha256Digest HmacSha256(std::string_view key, std::string_view data) {
  constexpr size_t kBlockBytes = 64;
  std::string k = key.size() > kBlockBytes ? DigestBytes(Sha256Of(key)) : std::string(key);
  k.resize(kBlockBytes, '\0');
  std::string ipad = k, opad = k;
  for (size_t i = 0; i < kBlockBytes; ++i) {
    ipad[i] = static_cast<char>(ipad[i] ^ 0x36);
    opad[i] = static_cast<char>(opad[i] ^ 0x5c);
  }
  Sha256 inner;
  inner.Update(ipad);
  inner.Update(data);
  Sha256 outer;
  outer.Update(opad);
  outer.Update(DigestBytes(inner.Finish()));
  return outer.Finish();
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
  // Civil date from days since the epoch (Howard Hinnant's algorithm): no gmtime, so no time_t
  // width or thread-safety questions.
  int64_t days = unix_seconds >= 0 ? unix_seconds / 86400 : (unix_seconds - 86399) / 86400;
  int64_t secs = unix_seconds - days * 86400;
  int64_t z = days + 719468;
  int64_t era = (z >= 0 ? z : z - 146096) / 146097;
  int64_t doe = z - era * 146097;
  int64_t yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
  int64_t y = yoe + era * 400;
  int64_t doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
  int64_t mp = (5 * doy + 2) / 153;
  int64_t d = doy - (153 * mp + 2) / 5 + 1;
  int64_t m = mp < 10 ? mp + 3 : mp - 9;
  if (m <= 2) ++y;
  char buf[80];  // room for any int64 fields, keeps -Wformat-truncation quiet
  std::snprintf(buf, sizeof buf, "%04lld%02lld%02lldT%02lld%02lld%02lldZ",
                static_cast<long long>(y), static_cast<long long>(m), static_cast<long long>(d),
                static_cast<long long>(secs / 3600), static_cast<long long>(secs / 60 % 60),
                static_cast<long long>(secs % 60));
  return buf;
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
