// http_parser: an incremental HTTP/1.x request parser with limits, for `monotable serve`'s event
// loop. It owns no socket and no buffer: the caller keeps the bytes received on a connection and
// calls Parse() with everything buffered from the current request's first byte each time more
// arrives; the parser remembers how far it got, so a request trickling in byte by byte is scanned
// once. Knows nothing of DynamoDB: the headers it extracts are the ones the server needs.
//
// What it accepts (RFC 9112, leniently where clients differ): a request line `METHOD target
// HTTP/1.0|1.1`, header lines ending in CRLF or a bare LF, a body framed by Content-Length or by
// `Transfer-Encoding: chunked` (chunk extensions and trailers skipped). What it refuses, with the
// status the server answers before it closes the connection:
// - 400: a malformed request line or header line, a header folded onto several lines, a bad or
//   repeated-and-different Content-Length, both Content-Length and Transfer-Encoding (a request
//   smuggling vector), a malformed chunk;
// - 413: a body over HttpLimits::max_body_bytes (known from Content-Length, before any byte of it);
// - 431: a request line plus headers over max_header_bytes, or more than max_header_count headers;
// - 501: a Transfer-Encoding other than chunked;
// - 505: an HTTP version other than 1.0 and 1.1 (e.g. HTTP/2's connection preface).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace monotable::cli {

struct HttpLimits {
  // The request line and all header lines, with their line ends and the blank line.
  size_t max_header_bytes = 16 * 1024;
  size_t max_header_count = 100;
  // The body once decoded (DynamoDB's limit: 16 MB, see http_protocol.h).
  uint64_t max_body_bytes = 16 * 1024 * 1024;
};

// The parts of a request's head the server uses. Header values are copied out (trimmed of
// surrounding spaces); the strings keep their capacity across Reset(), so a connection's
// steady state allocates nothing.
struct HttpRequestHead {
  std::string method;  // as sent, case-sensitive ("GET", "POST", ...)
  std::string path;    // the request target as sent ("/", "/?x=1", ...)
  int minor_version = 1;
  std::string content_type;                    // Content-Type
  std::string target;                          // X-Amz-Target
  std::string authorization;                   // Authorization
  std::string origin;                          // Origin
  std::string access_control_request_headers;  // Access-Control-Request-Headers
  std::string access_control_request_method;   // Access-Control-Request-Method
  bool has_origin = false;
  bool has_access_control_request_headers = false;
  bool has_access_control_request_method = false;
  bool keep_alive = true;        // HTTP/1.1 unless `Connection: close`; 1.0 only with keep-alive
  bool expect_continue = false;  // `Expect: 100-continue`
  bool chunked = false;          // `Transfer-Encoding: chunked`
  uint64_t content_length = 0;   // Content-Length (0 if absent or chunked)
};

class HttpRequestParser {
 public:
  enum class State {
    kIncomplete,  // more bytes needed (headers_done() says whether the head is complete)
    kComplete,    // a whole request: head(), body(), consumed()
    kError,       // error_status() says what to answer; the connection must be closed after
  };

  explicit HttpRequestParser(HttpLimits limits = {});

  // Parses `data`: every byte buffered for the current request, from its first byte (bytes after
  // the request, e.g. pipelined ones, may follow). Each call must pass the same bytes as the last
  // one plus any new ones. Returns kComplete once the whole request is in `data`; then head(),
  // body() and consumed() describe it until Reset(). Leading empty lines are skipped (RFC 9112
  // 2.2). Never reads outside `data`.
  State Parse(std::string_view data);

  // Forgets the current request, for the next one on the connection (which starts at
  // data[consumed()] of the last Parse). Keeps the strings' capacity.
  void Reset();

  // True once the request line and headers are complete (also while the body is incomplete).
  bool headers_done() const { return phase_ > Phase::kHead; }
  const HttpRequestHead& head() const { return head_; }
  // The body. With Content-Length it views `data` as passed to the last Parse (valid while those
  // bytes are); a chunked body is decoded into the parser's own string.
  std::string_view body() const { return body_view_; }
  // Bytes of `data` the complete request used (head and framed body).
  size_t consumed() const { return consumed_; }
  // kError: 400, 413, 431, 501 or 505 (see the top of this file).
  int error_status() const { return error_status_; }
  // kError: a short English reason, for logs.
  std::string_view error_reason() const { return error_reason_; }
  // Bytes of the head (request line through the blank line) once headers_done().
  size_t head_bytes() const { return head_end_; }

 private:
  enum class Phase { kHead, kBody, kChunkSize, kChunkData, kChunkDataEnd, kTrailers, kDone };

  State Fail(int status, std::string_view reason);
  // Parses the head in data[0, end) (end just past the blank line).
  State ParseHead(std::string_view head);
  State ParseHeader(std::string_view name, std::string_view value);
  State ParseChunked(std::string_view data);

  HttpLimits limits_;
  Phase phase_ = Phase::kHead;
  HttpRequestHead head_;
  size_t scan_ = 0;          // kHead: where the search for the blank line resumes
  size_t head_start_ = 0;    // first byte of the request line (after skipped empty lines)
  size_t head_end_ = 0;      // just past the blank line
  size_t pos_ = 0;           // chunked: next byte to decode
  uint64_t chunk_left_ = 0;  // kChunkData: bytes left in the current chunk
  size_t header_count_ = 0;
  bool saw_content_length_ = false;
  bool saw_transfer_encoding_ = false;
  std::string chunked_body_;
  std::string_view body_view_;
  size_t consumed_ = 0;
  int error_status_ = 0;
  std::string_view error_reason_;
};

}  // namespace monotable::cli
