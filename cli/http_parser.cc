// http_parser: the incremental HTTP/1.x request parser (see the header for what it accepts and
// refuses, and the status of each refusal).
#include "http_parser.h"

#include <algorithm>
#include <cstring>

namespace monotable::cli {
namespace {

// Chunk-size lines longer than this are refused (a size is at most 16 hex digits; extensions are
// skipped but bounded).
constexpr size_t kMaxChunkLineBytes = 1024;
// A decoded chunked body keeps its capacity across requests up to this size; beyond, it is freed.
constexpr size_t kKeptCapacity = 64 * 1024;

// RFC 9110 5.6.2 token characters, as a table (header names are checked a byte at a time).
constexpr bool IsTokenCharSlow(unsigned char c) {
  if (c >= '0' && c <= '9') return true;
  if ((c | 0x20) >= 'a' && (c | 0x20) <= 'z') return true;
  switch (c) {
    case '!':
    case '#':
    case '$':
    case '%':
    case '&':
    case '\'':
    case '*':
    case '+':
    case '-':
    case '.':
    case '^':
    case '_':
    case '`':
    case '|':
    case '~':
      return true;
    default:
      return false;
  }
}

struct TokenTable {
  bool is_token[256];
  constexpr TokenTable() : is_token() {
    for (int c = 0; c < 256; ++c) is_token[c] = IsTokenCharSlow(static_cast<unsigned char>(c));
  }
};
constexpr TokenTable kTokenTable;

bool IsToken(std::string_view s) {
  if (s.empty()) return false;
  for (unsigned char c : s) {
    if (!kTokenTable.is_token[c]) return false;
  }
  return true;
}

// True if `value` holds a control character other than a tab (RFC 9110 5.5: field values are
// visible characters, spaces, tabs and obs-text). Eight bytes a step: a word with no byte under
// 0x20 and none equal to 0x7f is skipped at once; a word with one is checked byte by byte (a tab
// is allowed). The word is copied with memcpy (alignment never matters; byte order does not
// either: only whether some byte matches is asked).
bool HasControlCharacter(std::string_view value) {
  constexpr uint64_t kOnes = 0x0101010101010101ull;
  constexpr uint64_t kHighs = 0x8080808080808080ull;
  const auto* p = reinterpret_cast<const unsigned char*>(value.data());
  size_t n = value.size();
  size_t i = 0;
  for (; i + 8 <= n; i += 8) {
    uint64_t x;
    std::memcpy(&x, p + i, sizeof(x));
    // A byte under 0x20 (its high bit clear), or a byte equal to 0x7f (zero after the XOR). Either
    // test may flag a word that has neither (a borrow), never miss one: the slow check decides.
    uint64_t under = (x - kOnes * 0x20) & ~x & kHighs;
    uint64_t del = x ^ (kOnes * 0x7f);
    uint64_t is_del = (del - kOnes) & ~del & kHighs;
    if ((under | is_del) == 0) continue;
    for (size_t k = i; k < i + 8; ++k) {
      unsigned char c = p[k];
      if ((c < 0x20 && c != '\t') || c == 0x7f) return true;
    }
  }
  for (; i < n; ++i) {
    unsigned char c = p[i];
    if ((c < 0x20 && c != '\t') || c == 0x7f) return true;
  }
  return false;
}

// ASCII case-insensitive equality; `lower` must be lowercase.
bool EqualsLower(std::string_view s, std::string_view lower) {
  if (s.size() != lower.size()) return false;
  for (size_t i = 0; i < s.size(); ++i) {
    unsigned char c = static_cast<unsigned char>(s[i]);
    if (c >= 'A' && c <= 'Z') c = static_cast<unsigned char>(c | 0x20);
    if (c != static_cast<unsigned char>(lower[i])) return false;
  }
  return true;
}

std::string_view Trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

// A line without its line end (CRLF or a bare LF).
std::string_view StripCr(std::string_view line) {
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  return line;
}

// Releases a string's memory if it grew past what a connection should keep between requests.
void ClearKeepingSmall(std::string* s) {
  if (s->capacity() > kKeptCapacity) {
    std::string().swap(*s);
  } else {
    s->clear();
  }
}

}  // namespace

HttpRequestParser::HttpRequestParser(HttpLimits limits) : limits_(limits) {}

void HttpRequestParser::Reset() {
  phase_ = Phase::kHead;
  head_.method.clear();
  head_.path.clear();
  head_.minor_version = 1;
  head_.content_type.clear();
  head_.target.clear();
  head_.authorization.clear();
  head_.origin.clear();
  head_.access_control_request_headers.clear();
  head_.access_control_request_method.clear();
  head_.has_origin = false;
  head_.has_access_control_request_headers = false;
  head_.has_access_control_request_method = false;
  head_.keep_alive = true;
  head_.expect_continue = false;
  head_.chunked = false;
  head_.content_length = 0;
  scan_ = 0;
  head_start_ = 0;
  head_end_ = 0;
  pos_ = 0;
  chunk_left_ = 0;
  header_count_ = 0;
  saw_content_length_ = false;
  saw_transfer_encoding_ = false;
  ClearKeepingSmall(&chunked_body_);
  body_view_ = {};
  consumed_ = 0;
  error_status_ = 0;
  error_reason_ = {};
}

HttpRequestParser::State HttpRequestParser::Fail(int status, std::string_view reason) {
  error_status_ = status;
  error_reason_ = reason;
  phase_ = Phase::kDone;
  return State::kError;
}

HttpRequestParser::State HttpRequestParser::Parse(std::string_view data) {
  if (error_status_ != 0) return State::kError;
  if (phase_ == Phase::kDone) return State::kComplete;
  if (phase_ == Phase::kHead) {
    // Empty lines before a request are ignored (RFC 9112 2.2), within the head's limit.
    while (head_start_ < data.size() && (data[head_start_] == '\r' || data[head_start_] == '\n')) {
      ++head_start_;
    }
    if (head_start_ > limits_.max_header_bytes) return Fail(431, "too many empty lines");
    // The head ends at an empty line: "\n\n" or "\n\r\n".
    size_t i = std::max(scan_, head_start_);
    size_t end = 0;
    while (true) {
      size_t nl = data.find('\n', i);
      if (nl == std::string_view::npos) break;
      if (nl > head_start_ && data[nl - 1] == '\n') {
        end = nl + 1;
        break;
      }
      if (nl > head_start_ + 1 && data[nl - 1] == '\r' && data[nl - 2] == '\n') {
        end = nl + 1;
        break;
      }
      i = nl + 1;
    }
    if (end == 0) {
      // Resume the search where it stopped, less the two bytes an empty line may share with it.
      scan_ = data.size() >= 2 ? data.size() - 2 : 0;
      if (data.size() - head_start_ > limits_.max_header_bytes) {
        return Fail(431, "request head over the limit");
      }
      return State::kIncomplete;
    }
    if (end - head_start_ > limits_.max_header_bytes) {
      return Fail(431, "request head over the limit");
    }
    head_end_ = end;
    State state = ParseHead(data.substr(head_start_, end - head_start_));
    if (state == State::kError) return state;
    if (head_.chunked) {
      phase_ = Phase::kChunkSize;
      pos_ = head_end_;
    } else {
      phase_ = Phase::kBody;
    }
  }
  if (phase_ == Phase::kBody) {
    if (data.size() - head_end_ < head_.content_length) return State::kIncomplete;
    body_view_ = data.substr(head_end_, static_cast<size_t>(head_.content_length));
    consumed_ = head_end_ + static_cast<size_t>(head_.content_length);
    phase_ = Phase::kDone;
    return State::kComplete;
  }
  return ParseChunked(data);
}

HttpRequestParser::State HttpRequestParser::ParseHead(std::string_view head) {
  // The request line: method SP request-target SP HTTP-version.
  size_t nl = head.find('\n');
  std::string_view line = StripCr(head.substr(0, nl));
  size_t sp1 = line.find(' ');
  size_t sp2 = sp1 == std::string_view::npos ? sp1 : line.find(' ', sp1 + 1);
  if (sp2 == std::string_view::npos) return Fail(400, "malformed request line");
  std::string_view method = line.substr(0, sp1);
  std::string_view path = line.substr(sp1 + 1, sp2 - sp1 - 1);
  std::string_view version = line.substr(sp2 + 1);
  if (!IsToken(method)) return Fail(400, "malformed method");
  if (path.empty()) return Fail(400, "empty request target");
  for (unsigned char c : path) {
    if (c <= 0x20 || c == 0x7f) return Fail(400, "malformed request target");
  }
  if (version == "HTTP/1.1") {
    head_.minor_version = 1;
  } else if (version == "HTTP/1.0") {
    head_.minor_version = 0;
    head_.keep_alive = false;
  } else if (version.size() == 8 && version.substr(0, 5) == "HTTP/" && version[6] == '.') {
    return Fail(505, "HTTP version not supported");
  } else if (version == "HTTP/2") {
    return Fail(505, "HTTP version not supported");
  } else {
    return Fail(400, "malformed HTTP version");
  }
  head_.method.assign(method);
  head_.path.assign(path);

  // Header lines up to the empty line.
  size_t start = nl + 1;
  while (start < head.size()) {
    nl = head.find('\n', start);
    std::string_view header = StripCr(head.substr(start, nl - start));
    start = nl + 1;
    if (header.empty()) break;
    if (header.front() == ' ' || header.front() == '\t') {
      return Fail(400, "folded header line");
    }
    if (++header_count_ > limits_.max_header_count) return Fail(431, "too many headers");
    size_t colon = header.find(':');
    if (colon == std::string_view::npos) return Fail(400, "header line without a colon");
    std::string_view name = header.substr(0, colon);
    if (!IsToken(name)) return Fail(400, "malformed header name");
    std::string_view value = Trim(header.substr(colon + 1));
    if (HasControlCharacter(value)) return Fail(400, "control character in a header");
    if (State state = ParseHeader(name, value); state == State::kError) return state;
  }
  if (saw_content_length_ && saw_transfer_encoding_) {
    return Fail(400, "both Content-Length and Transfer-Encoding");
  }
  if (head_.content_length > limits_.max_body_bytes) return Fail(413, "body over the limit");
  return State::kIncomplete;
}

HttpRequestParser::State HttpRequestParser::ParseHeader(std::string_view name,
                                                        std::string_view value) {
  switch (name.size()) {
    case 6:
      if (EqualsLower(name, "origin")) {
        head_.origin.assign(value);
        head_.has_origin = true;
      } else if (EqualsLower(name, "expect")) {
        head_.expect_continue = EqualsLower(value, "100-continue");
      }
      break;
    case 10:
      if (EqualsLower(name, "connection")) {
        // A comma-separated list of options; `close` and `keep-alive` matter here.
        size_t i = 0;
        while (i <= value.size()) {
          size_t comma = value.find(',', i);
          if (comma == std::string_view::npos) comma = value.size();
          std::string_view option = Trim(value.substr(i, comma - i));
          if (EqualsLower(option, "close")) head_.keep_alive = false;
          if (EqualsLower(option, "keep-alive") && head_.minor_version == 0) {
            head_.keep_alive = true;
          }
          i = comma + 1;
        }
      }
      break;
    case 12:
      if (EqualsLower(name, "content-type")) {
        head_.content_type.assign(value);
      } else if (EqualsLower(name, "x-amz-target")) {
        head_.target.assign(value);
      }
      break;
    case 13:
      if (EqualsLower(name, "authorization")) head_.authorization.assign(value);
      break;
    case 14:
      if (EqualsLower(name, "content-length")) {
        if (value.empty() || value.size() > 19) return Fail(400, "malformed Content-Length");
        uint64_t n = 0;
        for (char c : value) {
          if (c < '0' || c > '9') return Fail(400, "malformed Content-Length");
          n = n * 10 + static_cast<uint64_t>(c - '0');
        }
        if (saw_content_length_ && n != head_.content_length) {
          return Fail(400, "conflicting Content-Length headers");
        }
        saw_content_length_ = true;
        head_.content_length = n;
      }
      break;
    case 17:
      if (EqualsLower(name, "transfer-encoding")) {
        // Only `chunked` alone is understood; anything else (gzip, chunked twice) is refused.
        if (saw_transfer_encoding_ || !EqualsLower(value, "chunked")) {
          return Fail(501, "unsupported Transfer-Encoding");
        }
        saw_transfer_encoding_ = true;
        head_.chunked = true;
      }
      break;
    case 29:
      if (EqualsLower(name, "access-control-request-method")) {
        head_.access_control_request_method.assign(value);
        head_.has_access_control_request_method = true;
      }
      break;
    case 30:
      if (EqualsLower(name, "access-control-request-headers")) {
        head_.access_control_request_headers.assign(value);
        head_.has_access_control_request_headers = true;
      }
      break;
    default:
      break;
  }
  return State::kIncomplete;
}

HttpRequestParser::State HttpRequestParser::ParseChunked(std::string_view data) {
  while (true) {
    switch (phase_) {
      case Phase::kChunkSize: {
        size_t nl = data.find('\n', pos_);
        if (nl == std::string_view::npos) {
          if (data.size() - pos_ > kMaxChunkLineBytes) return Fail(400, "chunk size line too long");
          return State::kIncomplete;
        }
        if (nl - pos_ > kMaxChunkLineBytes) return Fail(400, "chunk size line too long");
        std::string_view line = StripCr(data.substr(pos_, nl - pos_));
        size_t semicolon = line.find(';');
        std::string_view hex = Trim(line.substr(0, semicolon));
        if (hex.empty() || hex.size() > 15) return Fail(400, "malformed chunk size");
        uint64_t size = 0;
        for (char c : hex) {
          int digit;
          if (c >= '0' && c <= '9') {
            digit = c - '0';
          } else if ((c | 0x20) >= 'a' && (c | 0x20) <= 'f') {
            digit = (c | 0x20) - 'a' + 10;
          } else {
            return Fail(400, "malformed chunk size");
          }
          size = size * 16 + static_cast<uint64_t>(digit);
        }
        pos_ = nl + 1;
        if (size == 0) {
          phase_ = Phase::kTrailers;
          break;
        }
        if (chunked_body_.size() + size > limits_.max_body_bytes) {
          return Fail(413, "body over the limit");
        }
        chunk_left_ = size;
        phase_ = Phase::kChunkData;
        break;
      }
      case Phase::kChunkData: {
        size_t available = data.size() - pos_;
        size_t take = static_cast<size_t>(std::min<uint64_t>(available, chunk_left_));
        chunked_body_.append(data.substr(pos_, take));
        pos_ += take;
        chunk_left_ -= take;
        if (chunk_left_ > 0) return State::kIncomplete;
        phase_ = Phase::kChunkDataEnd;
        break;
      }
      case Phase::kChunkDataEnd: {
        if (pos_ >= data.size()) return State::kIncomplete;
        if (data[pos_] == '\n') {
          pos_ += 1;
        } else if (data[pos_] == '\r') {
          if (pos_ + 1 >= data.size()) return State::kIncomplete;
          if (data[pos_ + 1] != '\n') return Fail(400, "chunk not followed by CRLF");
          pos_ += 2;
        } else {
          return Fail(400, "chunk not followed by CRLF");
        }
        phase_ = Phase::kChunkSize;
        break;
      }
      case Phase::kTrailers: {
        // Trailer lines are skipped up to the empty line; they count toward the head's limit.
        size_t nl = data.find('\n', pos_);
        if (nl == std::string_view::npos) {
          if (data.size() - pos_ > limits_.max_header_bytes) return Fail(431, "trailers too long");
          return State::kIncomplete;
        }
        if (nl - pos_ > limits_.max_header_bytes) return Fail(431, "trailers too long");
        std::string_view line = StripCr(data.substr(pos_, nl - pos_));
        pos_ = nl + 1;
        if (!line.empty()) {
          if (++header_count_ > limits_.max_header_count) return Fail(431, "too many headers");
          break;
        }
        body_view_ = chunked_body_;
        consumed_ = pos_;
        phase_ = Phase::kDone;
        return State::kComplete;
      }
      default:
        return State::kComplete;
    }
  }
}

}  // namespace monotable::cli
