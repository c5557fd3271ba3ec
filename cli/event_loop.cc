// event_loop: the one-thread epoll HTTP/1.1 server (see the header for its contract and bounds).
//
// Level-triggered epoll. A connection is read while it may buffer more (see WantsRead), written
// whenever it has queued output, and its epoll interest is changed only when that changes, so a
// keep-alive request that is answered at once costs epoll_wait + recv + writev and nothing else.
#include "event_loop.h"

#include <errno.h>
#include <fcntl.h>
#include <malloc.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/epoll.h>
#include <sys/resource.h>
#include <sys/signalfd.h>
#include <sys/socket.h>
#include <sys/timerfd.h>
#include <sys/uio.h>
#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <charconv>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <vector>

#include "monotable/civil_time.h"

namespace monotable::cli {
namespace {

// A connection may buffer this much of a request without reserving from the body budget.
constexpr size_t kFreeBytes = 64 * 1024;
// Bytes asked of recv() at a time when the request's size is not known yet.
constexpr size_t kReadChunk = 64 * 1024;
// How long a closing connection's remaining input is read and dropped (lingering close).
constexpr int64_t kLingerMs = 2000;
// How often deadlines are checked.
constexpr int64_t kTimerTickMs = 250;
// Output chunks up to this size are appended to the previous chunk instead of queued apart.
constexpr size_t kCoalesceBytes = 16 * 1024;
// Bodies from this size on are queued as their own piece (moved, not copied).
constexpr size_t kMoveBodyBytes = 2 * 1024;
// A written piece up to this capacity is kept for the connection's next answer.
constexpr size_t kSpareBytes = 4 * 1024;
// Recv calls per readiness event (bounds one connection's turn).
constexpr int kReadsPerEvent = 16;
// Requests at least this large make the loop return freed memory to the system afterwards.
constexpr uint64_t kTrimAfterBytes = 1024 * 1024;

int64_t NowMs() {
  timespec ts;
  clock_gettime(CLOCK_MONOTONIC_COARSE, &ts);
  return static_cast<int64_t>(ts.tv_sec) * 1000 + ts.tv_nsec / 1000000;
}

std::string_view Reason(int status) {
  switch (status) {
    case 100:
      return "Continue";
    case 200:
      return "OK";
    case 400:
      return "Bad Request";
    case 403:
      return "Forbidden";
    case 404:
      return "Not Found";
    case 408:
      return "Request Timeout";
    case 413:
      return "Request Entity Too Large";
    case 431:
      return "Request Header Fields Too Large";
    case 500:
      return "Internal Server Error";
    case 501:
      return "Not Implemented";
    case 503:
      return "Service Unavailable";
    case 505:
      return "HTTP Version Not Supported";
    default:
      return status < 400 ? "OK" : status < 500 ? "Bad Request" : "Internal Server Error";
  }
}

// A byte buffer that grows without zero-filling (std::string::resize would clear every byte
// read into it).
class Buffer {
 public:
  Buffer() = default;
  Buffer(const Buffer&) = delete;
  Buffer& operator=(const Buffer&) = delete;
  ~Buffer() { std::free(data_); }

  char* data() { return data_; }
  size_t size() const { return size_; }
  size_t capacity() const { return capacity_; }
  std::string_view view(size_t from) const { return {data_ + from, size_ - from}; }
  // Makes room for `n` more bytes after size(); false if memory ran out.
  bool Reserve(size_t n) {
    if (capacity_ - size_ >= n) return true;
    size_t want = std::max(size_ + n, capacity_ * 2);
    char* grown = static_cast<char*>(std::realloc(data_, want));
    if (grown == nullptr) return false;
    data_ = grown;
    capacity_ = want;
    return true;
  }
  void Grow(size_t n) { size_ += n; }
  // Drops the first `n` bytes.
  void Consume(size_t n) {
    if (n >= size_) {
      size_ = 0;
    } else {
      std::memmove(data_, data_ + n, size_ - n);
      size_ -= n;
    }
  }
  // Frees the memory if it grew past `keep` bytes (REQUIRES: size() == 0).
  void Shrink(size_t keep) {
    if (size_ == 0 && capacity_ > keep) {
      std::free(data_);
      data_ = nullptr;
      capacity_ = 0;
    }
  }

 private:
  char* data_ = nullptr;
  size_t size_ = 0;
  size_t capacity_ = 0;
};

struct Connection {
  explicit Connection(const HttpLimits& limits) : parser(limits) {}

  int fd = -1;
  size_t index = 0;  // position in Impl::connections_
  Buffer in;         // received bytes; the current request starts at in_start
  size_t in_start = 0;
  HttpRequestParser parser;
  std::deque<std::string> out;  // queued answers; the first written from out_offset
  std::string spare;            // a written piece's memory, reused for the next answer
  size_t out_offset = 0;
  size_t out_bytes = 0;
  uint32_t events = 0;             // current epoll interest
  bool peer_closed = false;        // the client shut down its side
  bool close_after_write = false;  // no more requests: close once `out` is written
  bool lingering = false;          // our side shut down; dropping input until EOF or deadline
  bool sent_continue = false;      // `100 Continue` sent for the current request
  bool waiting_budget = false;     // in Impl::waiting_, not read until granted
  bool deferred = false;           // in Impl::deferred_: written after before_answers
  uint64_t discard_left = 0;       // bytes of a refused body still to read and drop
  bool keep_alive_after_discard = false;
  uint64_t reserved = 0;         // body budget held for the current request
  int64_t request_started = -1;  // first byte of the current request; -1 between requests
  int64_t last_active = 0;       // last byte received or sent
  int64_t linger_deadline = 0;
};

}  // namespace

struct HttpEventLoop::Impl {
  Impl(EventLoopOptions o, HttpHandler h, HttpRefusalHandler r)
      : options(o), handler(std::move(h)), refusal(std::move(r)) {}

  EventLoopOptions options;
  HttpHandler handler;
  HttpRefusalHandler refusal;
  EventLoopStats stats;
  int listen_fd = -1;
  int epoll_fd = -1;
  int signal_fd = -1;
  // A periodic timerfd wakes the loop for deadlines, so epoll_wait blocks without a timeout (a
  // timeout arms and cancels a kernel timer on every call: on every request, in a VM a trap).
  int timer_fd = -1;
  bool timer_armed = false;
  int spare_fd = -1;  // kept open so that accept() can succeed once at the file limit
  int64_t now = 0;
  uint64_t budget_used = 0;
  // A large request was answered since the last tick: give freed memory back to the system then
  // (glibc keeps freed heap memory, and raises its mmap threshold after large frees).
  bool trim_pending = false;
  std::vector<Connection*> connections_;
  std::deque<Connection*> waiting_;  // connections waiting for body budget, in arrival order
  std::vector<Connection*> closed_;  // freed after the current batch of events
  // Requests ran since before_answers was last called: output waits (in deferred_) until it is.
  bool unsynced = false;
  std::vector<Connection*> deferred_;
  HttpResponse response;  // reused for every request
  std::string date;       // "Date: ...\r\n", refreshed each second
  time_t date_second = 0;
  char scratch[kReadChunk];  // where discarded bytes go

  ~Impl() {
    for (Connection* c : connections_) {
      close(c->fd);
      delete c;
    }
    for (Connection* c : closed_) delete c;
    if (listen_fd >= 0) close(listen_fd);
    if (epoll_fd >= 0) close(epoll_fd);
    if (signal_fd >= 0) close(signal_fd);
    if (timer_fd >= 0) close(timer_fd);
    if (spare_fd >= 0) close(spare_fd);
  }

  // --- connection lifecycle -------------------------------------------------------------------

  void Accept() {
    while (true) {
      int fd = accept4(listen_fd, nullptr, nullptr, SOCK_NONBLOCK | SOCK_CLOEXEC);
      if (fd < 0) {
        if (errno == EINTR || errno == ECONNABORTED) continue;
        if (errno == EMFILE || errno == ENFILE) {
          // Out of descriptors: take the pending connection with the spare one and turn it away,
          // or the listening socket would stay readable and spin the loop.
          if (spare_fd >= 0) {
            close(spare_fd);
            int turned = accept4(listen_fd, nullptr, nullptr, SOCK_CLOEXEC);
            if (turned >= 0) close(turned);
            spare_fd = open("/dev/null", O_RDONLY | O_CLOEXEC);
            ++stats.evicted;
            continue;
          }
        }
        return;  // EAGAIN: all accepted
      }
      ++stats.accepted;
      if (connections_.size() >= options.max_connections && !EvictIdlest()) {
        TurnAway(fd);
        continue;
      }
      int one = 1;
      setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one));
      auto* c = new Connection(options.limits);
      c->fd = fd;
      c->last_active = now;
      c->events = EPOLLIN | EPOLLRDHUP;
      epoll_event ev{};
      ev.events = c->events;
      ev.data.ptr = c;
      if (epoll_ctl(epoll_fd, EPOLL_CTL_ADD, fd, &ev) != 0) {
        close(fd);
        delete c;
        continue;
      }
      c->index = connections_.size();
      connections_.push_back(c);
      stats.peak_connections = std::max(stats.peak_connections, connections_.size());
    }
  }

  // Closes the connection idle the longest (no request in progress, nothing queued). Returns
  // false if every connection is busy.
  bool EvictIdlest() {
    Connection* idlest = nullptr;
    for (Connection* c : connections_) {
      if (IsIdle(c) && (idlest == nullptr || c->last_active < idlest->last_active)) idlest = c;
    }
    if (idlest == nullptr) return false;
    ++stats.evicted;
    Close(idlest);
    return true;
  }

  void TurnAway(int fd) {
    ++stats.evicted;
    HttpResponse refused;
    refused.status = 503;
    if (refusal) refusal(503, "connection limit reached", &refused);
    std::string text = Serialize(refused, /*keep_alive=*/false, /*head_only=*/false);
    ssize_t ignored = send(fd, text.data(), text.size(), MSG_DONTWAIT | MSG_NOSIGNAL);
    (void)ignored;
    close(fd);
  }

  static bool IsIdle(const Connection* c) {
    return c->request_started < 0 && c->out_bytes == 0 && c->discard_left == 0 && !c->lingering;
  }

  void Close(Connection* c) {
    if (c->fd < 0) return;
    ReleaseBudget(c);
    if (c->waiting_budget) {
      waiting_.erase(std::find(waiting_.begin(), waiting_.end(), c));
      c->waiting_budget = false;
    }
    epoll_ctl(epoll_fd, EPOLL_CTL_DEL, c->fd, nullptr);
    close(c->fd);
    c->fd = -1;
    Connection* last = connections_.back();
    last->index = c->index;
    connections_[c->index] = last;
    connections_.pop_back();
    closed_.push_back(c);
  }

  // Stops reading requests; once the queued output is written, shuts our side down and drops
  // whatever the client still sends for a while (so it reads our last answer, not a reset).
  void CloseAfterWrite(Connection* c) {
    c->close_after_write = true;
    if (c->out_bytes == 0) StartLinger(c);
  }

  void StartLinger(Connection* c) {
    if (c->peer_closed) {
      Close(c);
      return;
    }
    shutdown(c->fd, SHUT_WR);
    c->lingering = true;
    c->linger_deadline = now + kLingerMs;
    ReleaseBudget(c);
    UpdateInterest(c);
  }

  // --- body budget ----------------------------------------------------------------------------

  // Bytes the current request needs buffered beyond kFreeBytes, 0 if none (or not known yet).
  uint64_t NeededReservation(const Connection* c) const {
    if (!c->parser.headers_done()) return 0;
    const HttpRequestHead& head = c->parser.head();
    uint64_t need = head.chunked
                        ? 2 * options.limits.max_body_bytes + options.limits.max_header_bytes
                        : c->parser.head_bytes() + head.content_length;
    return need > kFreeBytes ? need : 0;
  }

  // Reserves the current request's bytes; false (and queued) if the budget is spent.
  bool Reserve(Connection* c, uint64_t amount) {
    if (c->reserved >= amount) return true;
    if (waiting_.empty() && budget_used + amount <= options.body_budget_bytes) {
      budget_used += amount;
      c->reserved = amount;
      return true;
    }
    if (!c->waiting_budget) {
      c->waiting_budget = true;
      waiting_.push_back(c);
    }
    return false;
  }

  void ReleaseBudget(Connection* c) {
    if (c->reserved == 0) return;
    if (c->reserved >= kTrimAfterBytes) trim_pending = true;
    budget_used -= c->reserved;
    c->reserved = 0;
    // Grant waiting requests in arrival order while they fit.
    while (!waiting_.empty()) {
      Connection* next = waiting_.front();
      uint64_t amount = NeededReservation(next);
      if (budget_used + amount > options.body_budget_bytes) break;
      waiting_.pop_front();
      next->waiting_budget = false;
      budget_used += amount;
      next->reserved = amount;
      // The time spent waiting was the server's, not the client's: its request's clock restarts.
      next->request_started = now;
      next->last_active = now;
      UpdateInterest(next);
    }
  }

  // --- reading and running requests -----------------------------------------------------------

  // True if the connection may buffer more input now.
  bool WantsRead(const Connection* c) const {
    if (c->lingering) return true;
    if (c->discard_left > 0) return true;
    if (c->peer_closed || c->close_after_write || c->waiting_budget) return false;
    if (c->out_bytes > options.max_pending_output) return false;
    size_t buffered = c->in.size() - c->in_start;
    uint64_t allowed = std::max<uint64_t>(kFreeBytes, c->reserved);
    return buffered < allowed;
  }

  void UpdateInterest(Connection* c) {
    if (c->fd < 0) return;
    // EPOLLRDHUP only while reading: it stays raised once the client has shut down its side, and
    // would wake the loop forever while the connection is not being read.
    uint32_t events = 0;
    if (WantsRead(c)) events |= EPOLLIN | EPOLLRDHUP;
    if (c->out_bytes > 0) events |= EPOLLOUT;
    if (events == c->events) return;
    c->events = events;
    epoll_event ev{};
    ev.events = events;
    ev.data.ptr = c;
    epoll_ctl(epoll_fd, EPOLL_CTL_MOD, c->fd, &ev);
  }

  void OnReadable(Connection* c) {
    for (int round = 0; round < kReadsPerEvent && c->fd >= 0; ++round) {
      if (c->lingering || c->discard_left > 0) {
        size_t want = sizeof(scratch);
        if (!c->lingering) want = static_cast<size_t>(std::min<uint64_t>(want, c->discard_left));
        ssize_t n = recv(c->fd, scratch, want, 0);
        if (n == 0 || (n < 0 && errno != EAGAIN && errno != EINTR)) {
          Close(c);
          return;
        }
        if (n < 0) break;
        c->last_active = now;
        if (c->lingering) continue;
        c->discard_left -= static_cast<uint64_t>(n);
        if (c->discard_left == 0) FinishDiscard(c);
        continue;
      }
      if (!WantsRead(c)) break;
      // Read what the current request still needs when its size is known, else a chunk.
      size_t want = kReadChunk;
      if (c->parser.headers_done() && !c->parser.head().chunked) {
        uint64_t total = c->parser.head_bytes() + c->parser.head().content_length;
        uint64_t have = c->in.size() - c->in_start;
        if (total > have) want = static_cast<size_t>(std::max<uint64_t>(total - have, want));
      }
      uint64_t allowed = std::max<uint64_t>(kFreeBytes, c->reserved);
      uint64_t room = allowed - (c->in.size() - c->in_start);
      if (room < want && room > 0) want = static_cast<size_t>(room);
      if (!c->in.Reserve(want)) {
        Close(c);
        return;
      }
      ssize_t n = recv(c->fd, c->in.data() + c->in.size(), want, 0);
      if (n == 0) {
        c->peer_closed = true;
      } else if (n < 0) {
        if (errno == EINTR) continue;
        if (errno != EAGAIN) {
          Close(c);
          return;
        }
        break;
      } else {
        c->in.Grow(static_cast<size_t>(n));
        c->last_active = now;
        if (c->request_started < 0) c->request_started = now;
      }
      RunRequests(c);
      if (c->fd < 0) return;
      if (c->peer_closed) {
        OnPeerClosed(c);
        break;
      }
      if (static_cast<size_t>(n) < want) break;  // the socket is drained
    }
    if (c->fd >= 0) Flush(c);
  }

  // The client shut down its side and will send nothing more: answer every complete request it
  // sent, then close. Requests held back behind answers it has not read yet run as it reads
  // (Flush calls this again); an incomplete request left in the buffer can never complete.
  void OnPeerClosed(Connection* c) {
    bool held_back = c->out_bytes > options.max_pending_output && c->in.size() > c->in_start &&
                     c->discard_left == 0;
    if (held_back || c->close_after_write) return;
    CloseAfterWrite(c);
  }

  // Runs every complete request buffered on `c`, in order, queueing their answers.
  void RunRequests(Connection* c) {
    while (c->fd >= 0 && !c->close_after_write && c->discard_left == 0) {
      if (c->out_bytes > options.max_pending_output) break;
      std::string_view data = c->in.view(c->in_start);
      if (data.empty()) {
        c->request_started = -1;
        break;
      }
      if (c->request_started < 0) c->request_started = now;
      HttpRequestParser::State state = c->parser.Parse(data);
      if (state == HttpRequestParser::State::kIncomplete) {
        if (!c->parser.headers_done()) break;
        uint64_t need = NeededReservation(c);
        if (need > 0 && !Reserve(c, need)) break;
        const HttpRequestHead& head = c->parser.head();
        if (head.expect_continue && head.minor_version == 1 && !c->sent_continue &&
            data.size() == c->parser.head_bytes()) {
          Queue(c, std::string("HTTP/1.1 100 Continue\r\n\r\n"));
          c->sent_continue = true;
        }
        break;
      }
      if (state == HttpRequestParser::State::kError) {
        Refuse(c, data);
        break;
      }
      // A whole request: run it.
      const HttpRequestHead& head = c->parser.head();
      ++stats.requests;
      response.status = 200;
      response.headers.clear();
      response.body.clear();
      handler(head, c->parser.body(), &response);
      if (options.before_answers) unsynced = true;
      now = NowMs();  // a long request must not leave the others' clocks behind
      bool keep_alive = head.keep_alive;
      QueueResponse(c, response, keep_alive, head.method == "HEAD");
      c->in_start += c->parser.consumed();
      c->parser.Reset();
      c->sent_continue = false;
      c->request_started = c->in_start < c->in.size() ? now : -1;
      ReleaseBudget(c);
      if (!keep_alive) CloseAfterWrite(c);
    }
    CompactInput(c);
  }

  // Answers a request the parser refused.
  void Refuse(Connection* c, std::string_view data) {
    int status = c->parser.error_status();
    ++stats.refused;
    const HttpRequestHead& head = c->parser.head();
    if (status == 413 && !head.chunked && !head.expect_continue) {
      // The body's size is known: read it and drop it, then answer (the connection stays in
      // step and usable). Clients that wait for 100-continue get the answer at once instead.
      uint64_t buffered = data.size() - c->parser.head_bytes();
      c->keep_alive_after_discard = head.keep_alive;
      if (buffered >= head.content_length) {
        c->in_start += c->parser.head_bytes() + static_cast<size_t>(head.content_length);
        FinishDiscard(c);
      } else {
        c->discard_left = head.content_length - buffered;
        c->in_start = c->in.size();
      }
      CompactInput(c);
      return;
    }
    HttpResponse refused;
    refused.status = status;
    if (refusal) refusal(status, c->parser.error_reason(), &refused);
    QueueResponse(c, refused, /*keep_alive=*/false, /*head_only=*/false);
    c->parser.Reset();
    c->in_start = c->in.size();
    CompactInput(c);
    CloseAfterWrite(c);
  }

  // The refused body has been dropped: answer 413.
  void FinishDiscard(Connection* c) {
    HttpResponse refused;
    refused.status = 413;
    if (refusal) refusal(413, "body over the limit", &refused);
    bool keep_alive = c->keep_alive_after_discard;
    QueueResponse(c, refused, keep_alive, /*head_only=*/false);
    c->parser.Reset();
    c->request_started = -1;
    if (!keep_alive) {
      CloseAfterWrite(c);
    } else {
      RunRequests(c);  // pipelined requests after the refused one
    }
  }

  void CompactInput(Connection* c) {
    if (c->in_start == 0) return;
    if (c->in_start >= c->in.size()) {
      c->in.Consume(c->in.size());
      c->in_start = 0;
      c->in.Shrink(kFreeBytes);
    } else if (c->in_start >= kFreeBytes || c->in_start * 2 >= c->in.size()) {
      c->in.Consume(c->in_start);
      c->in_start = 0;
    }
  }

  // --- writing --------------------------------------------------------------------------------

  void RefreshDate() {
    time_t t = time(nullptr);
    if (t == date_second && !date.empty()) return;
    date_second = t;
    date = "Date: " + FormatUnixMs(static_cast<int64_t>(t) * 1000, TimeFormat::kHttpDate) + "\r\n";
  }

  // The status line and headers of `r`, with the body unless head_only.
  std::string Serialize(const HttpResponse& r, bool keep_alive, bool head_only) {
    RefreshDate();
    std::string text;
    text.reserve(160 + r.headers.size() + (head_only ? 0 : r.body.size()));
    AppendHead(r, keep_alive, &text);
    if (!head_only) text += r.body;
    return text;
  }

  // Formatted by hand (no printf on the serving path).
  void AppendHead(const HttpResponse& r, bool keep_alive, std::string* text) {
    char number[24];
    if (r.status == 200) {
      text->append("HTTP/1.1 200 OK\r\n");
    } else {
      text->append("HTTP/1.1 ");
      char* end = std::to_chars(number, number + sizeof(number), r.status).ptr;
      text->append(number, static_cast<size_t>(end - number));
      text->push_back(' ');
      text->append(Reason(r.status));
      text->append("\r\n");
    }
    text->append(r.headers);
    text->append("Content-Length: ");
    char* end = std::to_chars(number, number + sizeof(number), r.body.size()).ptr;
    text->append(number, static_cast<size_t>(end - number));
    text->append("\r\n");
    text->append(date);
    text->append(keep_alive ? "Connection: keep-alive\r\n\r\n" : "Connection: close\r\n\r\n");
  }

  void QueueResponse(Connection* c, HttpResponse& r, bool keep_alive, bool head_only) {
    RefreshDate();
    // The head goes into the last queued piece when that is small (else a new one); a small
    // body follows it there, a larger one is moved in as its own piece (not copied): one writev
    // sends them all.
    const bool move_body = !head_only && r.body.size() >= kMoveBodyBytes;
    std::string* target = nullptr;
    if (!c->out.empty() && c->out.back().size() < kCoalesceBytes &&
        (c->out.size() > 1 || c->out_offset == 0)) {
      target = &c->out.back();
    } else {
      c->out.push_back(std::move(c->spare));
      c->spare = std::string();
      target = &c->out.back();
      target->clear();
    }
    size_t before = target->size();
    AppendHead(r, keep_alive, target);
    if (!head_only && !move_body) target->append(r.body);
    c->out_bytes += target->size() - before;
    if (move_body) {
      Queue(c, std::move(r.body));
      r.body = std::string();
    }
  }

  void Queue(Connection* c, std::string piece) {
    c->out_bytes += piece.size();
    c->out.push_back(std::move(piece));
  }

  // Writes queued output with writev until done or the socket is full.
  void Flush(Connection* c) {
    if (unsynced && c->out_bytes > 0) {
      if (!c->deferred) {
        c->deferred = true;
        deferred_.push_back(c);
      }
      return;
    }
    while (c->out_bytes > 0) {
      iovec iov[64];
      int count = 0;
      size_t offset = c->out_offset;
      for (const std::string& piece : c->out) {
        if (count == 64) break;
        iov[count].iov_base = const_cast<char*>(piece.data() + offset);
        iov[count].iov_len = piece.size() - offset;
        offset = 0;
        ++count;
      }
      ssize_t n = writev(c->fd, iov, count);
      if (n < 0) {
        if (errno == EINTR) continue;
        if (errno == EAGAIN) break;
        Close(c);
        return;
      }
      c->last_active = now;
      size_t written = static_cast<size_t>(n);
      c->out_bytes -= written;
      while (written > 0) {
        size_t left = c->out.front().size() - c->out_offset;
        if (written < left) {
          c->out_offset += written;
          break;
        }
        written -= left;
        // Keep a small piece's memory for the next answer (no malloc/free per request; at most
        // kSpareBytes per connection).
        if (c->out.front().capacity() <= kSpareBytes &&
            c->out.front().capacity() > c->spare.capacity()) {
          c->spare = std::move(c->out.front());
        }
        c->out.pop_front();
        c->out_offset = 0;
      }
    }
    if (c->out_bytes == 0) {
      if (c->close_after_write && !c->lingering) {
        StartLinger(c);
        return;
      }
      // Requests held back while the client was behind on reading.
      if (!c->close_after_write && c->in.size() > c->in_start && c->discard_left == 0 &&
          !c->waiting_budget) {
        size_t before = c->out_bytes;
        RunRequests(c);
        if (c->fd >= 0 && c->out_bytes > before) {
          Flush(c);
          return;
        }
      }
      if (c->fd >= 0 && c->peer_closed && !c->close_after_write) {
        OnPeerClosed(c);
        if (c->fd < 0 || c->lingering) return;
      }
    }
    if (c->fd >= 0) UpdateInterest(c);
  }

  // --- deadlines ------------------------------------------------------------------------------

  // Starts (every kTimerTickMs) or stops the deadline timer.
  void SetTimer(bool on) {
    itimerspec spec{};
    if (on) {
      spec.it_interval.tv_sec = kTimerTickMs / 1000;
      spec.it_interval.tv_nsec = (kTimerTickMs % 1000) * 1000000;
      spec.it_value = spec.it_interval;
    }
    timerfd_settime(timer_fd, 0, &spec, nullptr);
    timer_armed = on;
  }

  // When the current request's time runs from: its head must arrive within the request timeout
  // of its first byte (slowloris sends it a line at a time); once the head is in, the body (or a
  // refused body being dropped) must make progress at least once per timeout, so time the loop
  // spends on other clients' requests is not counted against this one.
  static int64_t RequestClock(const Connection* c) {
    if (c->parser.headers_done() || c->discard_left > 0) return c->last_active;
    return c->request_started >= 0 ? c->request_started : c->last_active;
  }

  void CheckDeadlines() {
    // Copy: closing edits the list.
    std::vector<Connection*> all = connections_;
    for (Connection* c : all) {
      if (c->fd < 0) continue;
      if (c->lingering) {
        if (now >= c->linger_deadline) Close(c);
        continue;
      }
      bool in_request = c->request_started >= 0 || c->discard_left > 0;
      if (c->out_bytes > 0 && now - c->last_active > options.request_timeout_ms) {
        ++stats.timed_out;  // the client does not read its answers
        Close(c);
      } else if (in_request && !c->waiting_budget &&
                 now - RequestClock(c) > options.request_timeout_ms) {
        ++stats.timed_out;  // a request arriving too slowly (e.g. slowloris)
        HttpResponse refused;
        refused.status = 408;
        if (refusal) refusal(408, "request not received in time", &refused);
        c->parser.Reset();
        c->discard_left = 0;
        c->in_start = c->in.size();
        CompactInput(c);
        QueueResponse(c, refused, /*keep_alive=*/false, /*head_only=*/false);
        ReleaseBudget(c);
        if (c->waiting_budget) {
          waiting_.erase(std::find(waiting_.begin(), waiting_.end(), c));
          c->waiting_budget = false;
        }
        c->close_after_write = true;
        Flush(c);
      } else if (!in_request && c->out_bytes == 0 &&
                 now - c->last_active > options.idle_timeout_ms) {
        ++stats.timed_out;
        Close(c);
      }
    }
  }
};

HttpEventLoop::HttpEventLoop(EventLoopOptions options, HttpHandler handler,
                             HttpRefusalHandler refusal)
    : impl_(std::make_unique<Impl>(options, std::move(handler), std::move(refusal))) {}

HttpEventLoop::~HttpEventLoop() = default;

const EventLoopStats& HttpEventLoop::stats() const { return impl_->stats; }

int HttpEventLoop::Listen(const std::string& host, int port, std::string* error) {
  addrinfo hints{};
  hints.ai_family = AF_UNSPEC;
  hints.ai_socktype = SOCK_STREAM;
  hints.ai_flags = AI_PASSIVE;
  addrinfo* found = nullptr;
  std::string service = std::to_string(port);
  if (int rc = getaddrinfo(host.c_str(), service.c_str(), &hints, &found); rc != 0) {
    *error = gai_strerror(rc);
    return -1;
  }
  int fd = -1;
  for (addrinfo* a = found; a != nullptr; a = a->ai_next) {
    fd = socket(a->ai_family, a->ai_socktype | SOCK_NONBLOCK | SOCK_CLOEXEC, a->ai_protocol);
    if (fd < 0) continue;
    // SO_REUSEADDR allows a quick restart and still reports a port in use (SO_REUSEPORT would
    // let a second server bind the same port silently).
    int yes = 1;
    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof(yes));
    if (bind(fd, a->ai_addr, a->ai_addrlen) == 0 && listen(fd, SOMAXCONN) == 0) break;
    *error = std::strerror(errno);
    close(fd);
    fd = -1;
  }
  freeaddrinfo(found);
  if (fd < 0) return -1;
  sockaddr_storage bound{};
  socklen_t length = sizeof(bound);
  getsockname(fd, reinterpret_cast<sockaddr*>(&bound), &length);
  int actual = bound.ss_family == AF_INET6
                   ? ntohs(reinterpret_cast<sockaddr_in6*>(&bound)->sin6_port)
                   : ntohs(reinterpret_cast<sockaddr_in*>(&bound)->sin_port);
  impl_->listen_fd = fd;
  return actual;
}

int HttpEventLoop::Run(const sigset_t& stop_signals, std::string* error) {
  Impl& s = *impl_;
  // As many connections as the file limit allows, up to the option.
  rlimit files{};
  if (getrlimit(RLIMIT_NOFILE, &files) == 0 && files.rlim_cur < files.rlim_max) {
    files.rlim_cur = files.rlim_max;
    setrlimit(RLIMIT_NOFILE, &files);
  }
  if (getrlimit(RLIMIT_NOFILE, &files) == 0 && files.rlim_cur != RLIM_INFINITY) {
    size_t usable = files.rlim_cur > 32 ? static_cast<size_t>(files.rlim_cur) - 32 : 1;
    s.options.max_connections = std::min(s.options.max_connections, usable);
  }
  s.epoll_fd = epoll_create1(EPOLL_CLOEXEC);
  s.signal_fd = signalfd(-1, &stop_signals, SFD_NONBLOCK | SFD_CLOEXEC);
  s.timer_fd = timerfd_create(CLOCK_MONOTONIC, TFD_NONBLOCK | TFD_CLOEXEC);
  s.spare_fd = open("/dev/null", O_RDONLY | O_CLOEXEC);
  if (s.epoll_fd < 0 || s.signal_fd < 0 || s.timer_fd < 0) {
    *error = std::strerror(errno);
    return -1;
  }
  // The listening socket and the signal descriptor are told apart from connections by these
  // addresses.
  static char listen_tag, signal_tag, timer_tag;
  epoll_event ev{};
  ev.events = EPOLLIN;
  ev.data.ptr = &listen_tag;
  epoll_ctl(s.epoll_fd, EPOLL_CTL_ADD, s.listen_fd, &ev);
  ev.data.ptr = &signal_tag;
  epoll_ctl(s.epoll_fd, EPOLL_CTL_ADD, s.signal_fd, &ev);
  ev.data.ptr = &timer_tag;
  epoll_ctl(s.epoll_fd, EPOLL_CTL_ADD, s.timer_fd, &ev);

  constexpr int kMaxEvents = 256;
  epoll_event events[kMaxEvents];
  int stop_signal = 0;
  while (stop_signal == 0) {
    // The timer runs while there are connections (or memory to return), and is stopped at the
    // first tick with neither: a server nobody uses is not woken.
    if (!s.timer_armed && (!s.connections_.empty() || s.trim_pending)) s.SetTimer(true);
    int n = epoll_wait(s.epoll_fd, events, kMaxEvents, -1);
    if (n < 0 && errno != EINTR) {
      *error = std::strerror(errno);
      return -1;
    }
    s.now = NowMs();
    bool tick = false;
    for (int i = 0; i < n; ++i) {
      void* tag = events[i].data.ptr;
      if (tag == &listen_tag) {
        s.Accept();
        continue;
      }
      if (tag == &timer_tag) {
        uint64_t expirations;
        if (read(s.timer_fd, &expirations, sizeof(expirations)) > 0) tick = true;
        continue;
      }
      if (tag == &signal_tag) {
        signalfd_siginfo info;
        if (read(s.signal_fd, &info, sizeof(info)) == sizeof(info)) {
          stop_signal = static_cast<int>(info.ssi_signo);
        }
        continue;
      }
      auto* c = static_cast<Connection*>(tag);
      if (c->fd < 0) continue;  // closed earlier in this batch
      uint32_t e = events[i].events;
      if (e & EPOLLERR) {
        s.Close(c);
        continue;
      }
      if (e & (EPOLLIN | EPOLLRDHUP | EPOLLHUP)) s.OnReadable(c);
      if (c->fd >= 0 && (e & EPOLLOUT)) s.Flush(c);
      if (c->fd >= 0 && (e & EPOLLHUP) && !(e & EPOLLIN)) s.Close(c);
    }
    if (tick) {
      s.CheckDeadlines();
      if (s.trim_pending) {
        s.trim_pending = false;
        malloc_trim(0);
      }
      if (s.connections_.empty()) s.SetTimer(false);
    }
    // Group commit: what this batch's requests recorded is made durable once, then their answers
    // go out (writing them may run held-back requests, hence the loop).
    while (s.unsynced) {
      s.options.before_answers();
      s.unsynced = false;
      std::vector<Connection*> ready;
      ready.swap(s.deferred_);
      for (Connection* c : ready) {
        c->deferred = false;
        if (c->fd >= 0) s.Flush(c);
      }
    }
    for (Connection* c : s.closed_) delete c;
    s.closed_.clear();
    if (s.options.after_batch) s.options.after_batch();
  }
  while (!s.connections_.empty()) s.Close(s.connections_.back());
  for (Connection* c : s.closed_) delete c;
  s.closed_.clear();
  if (s.options.after_batch) s.options.after_batch();
  return stop_signal;
}

}  // namespace monotable::cli
