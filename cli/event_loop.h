// event_loop: the HTTP/1.1 server under `monotable serve`: one thread, one epoll instance, every
// socket non-blocking (Linux only; the serve command is native only).
//
// It owns connections and bytes, not meaning: each complete request goes to the handler, on the
// loop's own thread, one at a time, so whatever the handler touches (the Engine) needs no lock and
// every request sees the effects of all requests answered before it. Keep-alive and pipelining:
// the requests already received on a connection are answered in order, and the answers of one
// read are written together with one writev.
//
// Bounds, so that no client can exhaust the process (docs/reliability.md lists what was tried):
// - request heads and bodies: HttpLimits (431 / 413, see http_parser.h); a body over the limit
//   announced by Content-Length is read and thrown away, then answered 413 on a connection that
//   stays usable (as cpp-httplib did, so clients that send the whole body first see the answer);
// - memory for bodies: a connection buffers up to kFreeBytes without asking; a request with a
//   larger body first reserves its size from a process-wide budget (body_budget_bytes) and, if
//   the budget is spent, its connection stops being read until a reservation is released, so the
//   bytes held for bodies never exceed the budget (each reservation is for a whole request, so a
//   granted one always completes: no deadlock; the request timeout restarts when it is granted);
// - answers not read by their client: a connection with more than max_pending_output bytes queued
//   is not read, and its further pipelined requests not run, until the client catches up;
// - time: a request's head must arrive within request_timeout_ms of its first byte, and its body
//   must make progress at least once per request_timeout_ms (slow clients get 408 and are
//   closed); queued answers must make progress within the same time; a connection idle between
//   requests is closed after idle_timeout_ms;
// - connections: at most max_connections (also kept under the process's file limit); past it the
//   connection idle the longest is closed to make room, and if none is idle the newcomer is
//   answered 503 and closed.
// Connections are closed gracefully where a client may still be sending (shutdown, then the rest
// of its bytes read and dropped for up to two seconds) so it sees the last answer, not a reset.
#pragma once

#include <signal.h>

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>

#include "http_parser.h"

namespace monotable::cli {

// An answer to one request. The loop adds Content-Length, Date and Connection.
struct HttpResponse {
  int status = 200;
  std::string headers;  // further header lines, each "Name: value\r\n"
  std::string body;
};

// Runs one complete request; `body` is valid only during the call.
using HttpHandler =
    std::function<void(const HttpRequestHead& head, std::string_view body, HttpResponse* response)>;
// Fills the answer the loop sends for a request it refuses itself (`status` 400, 408, 413, 431,
// 501, 503 or 505; `reason` for logs). The status must stay as given.
using HttpRefusalHandler =
    std::function<void(int status, std::string_view reason, HttpResponse* response)>;

struct EventLoopOptions {
  HttpLimits limits;
  int idle_timeout_ms = 60 * 1000;
  int request_timeout_ms = 20 * 1000;
  size_t max_connections = 4096;
  uint64_t body_budget_bytes = 256ull * 1024 * 1024;
  size_t max_pending_output = 1024 * 1024;
  // Called on the loop's thread after each batch of ready events is handled, before the loop
  // waits again, and once when it stops (e.g. to write the batch's log lines with one call).
  std::function<void()> after_batch;
  // When set, called on the loop's thread before any answer is written if a request ran since the
  // last call, so that whatever the handler recorded is made durable first (`serve --data-dir
  // --fsync always`: one fdatasync for every answer of the batch, a group commit). Answers queued
  // meanwhile wait until the end of the batch of events that produced them.
  std::function<void()> before_answers;
};

// Counters since Run() started, for logs and tests.
struct EventLoopStats {
  uint64_t accepted = 0;
  uint64_t requests = 0;
  uint64_t refused = 0;    // answered by the loop itself (4xx/5xx above)
  uint64_t timed_out = 0;  // closed for being too slow (request, output) or idle too long
  uint64_t evicted = 0;    // closed to make room, or turned away at the connection limit
  size_t peak_connections = 0;
};

class HttpEventLoop {
 public:
  HttpEventLoop(EventLoopOptions options, HttpHandler handler, HttpRefusalHandler refusal);
  ~HttpEventLoop();
  HttpEventLoop(const HttpEventLoop&) = delete;
  HttpEventLoop& operator=(const HttpEventLoop&) = delete;

  // Binds and listens on host:port (a numeric address or a name; port 0 picks a free port), with
  // SO_REUSEADDR (not SO_REUSEPORT: a second server on the same port is refused). Returns the
  // port, or -1 with *error set.
  int Listen(const std::string& host, int port, std::string* error);

  // Serves until one of `stop_signals` arrives (REQUIRES: Listen succeeded; the signals are
  // blocked in every thread of the process), then closes every connection. Returns the signal
  // number, or -1 if the loop could not run (*error says why).
  int Run(const sigset_t& stop_signals, std::string* error);

  const EventLoopStats& stats() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace monotable::cli
