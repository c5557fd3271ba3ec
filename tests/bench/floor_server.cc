// floor_server: the least work any HTTP server must do per request, to measure the kernel's floor
// under `monotable serve` (docs/benchmarks.md, section 3, "The kernel's floor").
//
// It binds 127.0.0.1, accepts keep-alive HTTP/1.1 connections, frames each request (the head up
// to CRLF CRLF, then Content-Length bytes) and answers every one with the same precomputed
// response, as large as monotable's GetItem answer and with its headers. Nothing is parsed beyond
// the framing. Two loops:
//   --epoll     the shape of cli/event_loop.cc: one thread, level-triggered epoll, recv while the
//               socket may hold more, the answers of one read written with one send
//   --io-uring  io_uring through raw syscalls (<linux/io_uring.h>): one io_uring_enter per loop
//               iteration submits the sends and next receives queued by the completions just
//               handled and waits until the sends are done and one more completion came (an
//               answer's send completes at once, so waiting for one completion would cost a
//               second io_uring_enter per request); sends with MSG_WAITALL (the kernel finishes
//               short sends itself); multishot accept
//               (--no-defer: without IORING_SETUP_SINGLE_ISSUER | IORING_SETUP_DEFER_TASKRUN)
// Prints `monotable floor (MODE): listening on http://127.0.0.1:PORT` once ready, the form
// `monotable serve` prints, and runs until it is killed (SIGTERM, by its pid).
//
// usage: monotable_floor_server --epoll|--io-uring [--no-defer] [--port N]  (0 = any port)
// Exit status 3: io_uring is not available here (io_uring_setup failed).
// Linux only; a benchmark tool, not part of monotable (no limits, no timeouts, no request checks
// beyond framing, and a connection that sends a malformed head is closed).
#include <errno.h>
#include <linux/io_uring.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <signal.h>
#include <strings.h>
#include <sys/epoll.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

namespace monotable::bench {
namespace {

// A GetItem answer of the size monotable sends for the workload's customer profiles (257-277
// bytes of body, the same headers in the same order).
constexpr std::string_view kBody =
    R"({"ConsumedCapacity":{"CapacityUnits":0.5,"TableName":"Orders"},"Item":{"PK":{"S":"C#c001"},)"
    R"("SK":{"S":"PROFILE"},"customerId":{"S":"c001"},"email":{"S":"liam.haddad@example.org"},)"
    R"("name":{"S":"Liam Haddad"},"region":{"S":"Europe"},"since":{"S":"2025-05-23"},)"
    R"("tier":{"S":"gold"}}})";

std::string MakeResponse() {
  std::string r =
      "HTTP/1.1 200 OK\r\n"
      "x-amzn-RequestId: UDYLLPK6T7G5FV4DJ7D5UCVLPJS3YNPO5R90FGDCBRQY8XDE4Q38\r\n"
      "Content-Type: application/x-amz-json-1.0\r\n"
      "x-amz-crc32: 1853066128\r\n"
      "Content-Length: ";
  r += std::to_string(kBody.size());
  r += "\r\nDate: Mon, 30 Nov 2026 11:25:35 GMT\r\nConnection: keep-alive\r\n\r\n";
  r += kBody;
  return r;
}

const std::string& Response() {
  static const std::string response = MakeResponse();
  return response;
}

// Bytes asked of recv at a time.
constexpr size_t kReadChunk = 16 * 1024;

// A connection's received bytes and the framing of the request they start with.
struct Input {
  std::vector<char> data;
  size_t size = 0;

  char* Tail(size_t want) {
    if (data.size() - size < want) data.resize(size + want);
    return data.data() + size;
  }
  // Counts the complete requests at the front and drops them; false if a head is malformed.
  bool TakeRequests(int* requests) {
    size_t at = 0;
    *requests = 0;
    for (;;) {
      std::string_view rest(data.data() + at, size - at);
      size_t end = rest.find("\r\n\r\n");
      if (end == std::string_view::npos) break;
      std::string_view head = rest.substr(0, end + 2);
      uint64_t length = 0;
      // Content-Length, case-insensitively, at a line start.
      for (size_t line = 0; line < head.size();) {
        size_t eol = head.find("\r\n", line);
        std::string_view h = head.substr(line, eol - line);
        constexpr std::string_view kName = "content-length:";
        if (h.size() > kName.size() && strncasecmp(h.data(), kName.data(), kName.size()) == 0) {
          size_t i = kName.size();
          while (i < h.size() && h[i] == ' ') ++i;
          if (i == h.size()) return false;
          for (; i < h.size(); ++i) {
            if (h[i] < '0' || h[i] > '9' || length > (1ull << 40)) return false;
            length = length * 10 + static_cast<uint64_t>(h[i] - '0');
          }
        }
        line = eol + 2;
      }
      if (rest.size() < end + 4 + length) break;
      at += end + 4 + static_cast<size_t>(length);
      ++*requests;
    }
    if (at > 0) {
      std::memmove(data.data(), data.data() + at, size - at);
      size -= at;
    }
    return true;
  }
};

int Listen(int port, int* bound_port) {
  int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd < 0) return -1;
  int one = 1;
  setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one));
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(static_cast<uint16_t>(port));
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (bind(fd, reinterpret_cast<sockaddr*>(&addr), sizeof(addr)) != 0 || listen(fd, 512) != 0) {
    close(fd);
    return -1;
  }
  socklen_t len = sizeof(addr);
  getsockname(fd, reinterpret_cast<sockaddr*>(&addr), &len);
  *bound_port = ntohs(addr.sin_port);
  return fd;
}

void NoDelay(int fd) {
  int one = 1;
  setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one));
}

// The answers to `requests` requests, one after another.
std::string_view Answers(int requests, std::string* scratch) {
  if (requests == 1) return Response();
  scratch->clear();
  for (int i = 0; i < requests; ++i) *scratch += Response();
  return *scratch;
}

// ---------- epoll ----------

struct EpollConnection {
  int fd = -1;
  Input in;
  std::string out;  // what a short send left
  bool writing = false;
};

int RunEpoll(int listen_fd) {
  int ep = epoll_create1(EPOLL_CLOEXEC);
  if (ep < 0) return 1;
  epoll_event ev{};
  ev.events = EPOLLIN;
  ev.data.ptr = nullptr;  // the listening socket
  epoll_ctl(ep, EPOLL_CTL_ADD, listen_fd, &ev);
  std::string scratch;
  auto close_connection = [&](EpollConnection* c) {
    epoll_ctl(ep, EPOLL_CTL_DEL, c->fd, nullptr);
    close(c->fd);
    delete c;
  };
  // Writes what is queued; keeps EPOLLOUT only while some is left. False if the peer is gone.
  auto send_queued = [&](EpollConnection* c, std::string_view data) {
    size_t sent = 0;
    while (sent < data.size()) {
      ssize_t n = send(c->fd, data.data() + sent, data.size() - sent, MSG_NOSIGNAL);
      if (n < 0) {
        if (errno == EINTR) continue;
        if (errno != EAGAIN) return false;
        break;
      }
      sent += static_cast<size_t>(n);
    }
    bool left = sent < data.size();
    if (left) c->out.append(data.substr(sent));
    if (left != c->writing) {
      c->writing = left;
      epoll_event e{};
      e.events = EPOLLIN | EPOLLRDHUP | (left ? EPOLLOUT : 0u);
      e.data.ptr = c;
      epoll_ctl(ep, EPOLL_CTL_MOD, c->fd, &e);
    }
    return true;
  };
  constexpr int kMaxEvents = 256;
  epoll_event events[kMaxEvents];
  for (;;) {
    int n = epoll_wait(ep, events, kMaxEvents, -1);
    if (n < 0) {
      if (errno == EINTR) continue;
      return 1;
    }
    for (int i = 0; i < n; ++i) {
      auto* c = static_cast<EpollConnection*>(events[i].data.ptr);
      if (c == nullptr) {
        int fd = accept4(listen_fd, nullptr, nullptr, SOCK_NONBLOCK | SOCK_CLOEXEC);
        if (fd < 0) continue;
        NoDelay(fd);
        c = new EpollConnection;
        c->fd = fd;
        epoll_event e{};
        e.events = EPOLLIN | EPOLLRDHUP;
        e.data.ptr = c;
        epoll_ctl(ep, EPOLL_CTL_ADD, fd, &e);
        continue;
      }
      uint32_t e = events[i].events;
      if (e & EPOLLOUT) {
        std::string pending;
        pending.swap(c->out);
        if (!send_queued(c, pending)) {
          close_connection(c);
          continue;
        }
      }
      if (!(e & (EPOLLIN | EPOLLRDHUP | EPOLLHUP))) continue;
      // Read while the socket may hold more (a full chunk came), then answer with one send.
      int answered = 0;
      bool gone = false;
      for (;;) {
        ssize_t got = recv(c->fd, c->in.Tail(kReadChunk), kReadChunk, 0);
        if (got < 0 && errno == EINTR) continue;
        if (got < 0 && errno == EAGAIN) break;
        if (got <= 0) {
          gone = true;
          break;
        }
        c->in.size += static_cast<size_t>(got);
        int requests = 0;
        if (!c->in.TakeRequests(&requests)) {
          gone = true;
          break;
        }
        answered += requests;
        if (static_cast<size_t>(got) < kReadChunk) break;
      }
      if (!gone && answered > 0) {
        if (c->writing) {
          c->out.append(Answers(answered, &scratch));
        } else if (!send_queued(c, Answers(answered, &scratch))) {
          gone = true;
        }
      }
      if (gone) close_connection(c);
    }
  }
}

// ---------- io_uring ----------

int IoUringSetup(unsigned entries, io_uring_params* p) {
  return static_cast<int>(syscall(__NR_io_uring_setup, entries, p));
}
int IoUringEnter(int fd, unsigned to_submit, unsigned min_complete, unsigned flags) {
  return static_cast<int>(
      syscall(__NR_io_uring_enter, fd, to_submit, min_complete, flags, nullptr, 0));
}

// The rings, mapped from the kernel.
class Ring {
 public:
  bool Init(unsigned entries, bool defer) {
    io_uring_params p{};
    if (defer) p.flags = IORING_SETUP_SINGLE_ISSUER | IORING_SETUP_DEFER_TASKRUN;
    p.flags |= IORING_SETUP_CQSIZE;
    p.cq_entries = entries * 4;
    fd_ = IoUringSetup(entries, &p);
    if (fd_ < 0) {
      std::perror("io_uring_setup");
      return false;
    }
    size_t sq_size = p.sq_off.array + p.sq_entries * sizeof(unsigned);
    size_t cq_size = p.cq_off.cqes + p.cq_entries * sizeof(io_uring_cqe);
    if (p.features & IORING_FEAT_SINGLE_MMAP) sq_size = cq_size = std::max(sq_size, cq_size);
    auto* sq = static_cast<char*>(mmap(nullptr, sq_size, PROT_READ | PROT_WRITE,
                                       MAP_SHARED | MAP_POPULATE, fd_, IORING_OFF_SQ_RING));
    if (sq == MAP_FAILED) return false;
    char* cq = sq;
    if (!(p.features & IORING_FEAT_SINGLE_MMAP)) {
      cq = static_cast<char*>(mmap(nullptr, cq_size, PROT_READ | PROT_WRITE,
                                   MAP_SHARED | MAP_POPULATE, fd_, IORING_OFF_CQ_RING));
      if (cq == MAP_FAILED) return false;
    }
    sqes_ = static_cast<io_uring_sqe*>(mmap(nullptr, p.sq_entries * sizeof(io_uring_sqe),
                                            PROT_READ | PROT_WRITE, MAP_SHARED | MAP_POPULATE, fd_,
                                            IORING_OFF_SQES));
    if (sqes_ == MAP_FAILED) return false;
    sq_tail_ = reinterpret_cast<unsigned*>(sq + p.sq_off.tail);
    sq_mask_ = *reinterpret_cast<unsigned*>(sq + p.sq_off.ring_mask);
    sq_entries_ = p.sq_entries;
    unsigned* array = reinterpret_cast<unsigned*>(sq + p.sq_off.array);
    for (unsigned i = 0; i < p.sq_entries; ++i) array[i] = i;
    cq_head_ = reinterpret_cast<unsigned*>(cq + p.cq_off.head);
    cq_tail_ = reinterpret_cast<unsigned*>(cq + p.cq_off.tail);
    cq_mask_ = *reinterpret_cast<unsigned*>(cq + p.cq_off.ring_mask);
    cqes_ = reinterpret_cast<io_uring_cqe*>(cq + p.cq_off.cqes);
    local_tail_ = *sq_tail_;
    return true;
  }

  // A cleared submission entry, or nullptr when the queue is full (Submit first).
  io_uring_sqe* Next() {
    if (pending_ == sq_entries_) return nullptr;
    io_uring_sqe* sqe = &sqes_[local_tail_ & sq_mask_];
    std::memset(sqe, 0, sizeof(*sqe));
    ++local_tail_;
    ++pending_;
    return sqe;
  }

  // Submits what is queued and waits for `wait` completions: one io_uring_enter.
  bool Enter(unsigned wait) {
    sends_ = 0;
    __atomic_store_n(sq_tail_, local_tail_, __ATOMIC_RELEASE);
    for (;;) {
      int n = IoUringEnter(fd_, pending_, wait, wait > 0 ? IORING_ENTER_GETEVENTS : 0);
      if (n >= 0) {
        pending_ -= static_cast<unsigned>(n);
        return true;
      }
      if (errno == EINTR) continue;
      if (errno == EAGAIN || errno == EBUSY) return true;
      std::perror("io_uring_enter");
      return false;
    }
  }

  // Calls `f` on every completion there is.
  template <typename F>
  void Drain(F&& f) {
    unsigned head = *cq_head_;
    unsigned tail = __atomic_load_n(cq_tail_, __ATOMIC_ACQUIRE);
    while (head != tail) {
      io_uring_cqe cqe = cqes_[head & cq_mask_];
      ++head;
      __atomic_store_n(cq_head_, head, __ATOMIC_RELEASE);
      f(cqe);
      tail = __atomic_load_n(cq_tail_, __ATOMIC_ACQUIRE);
    }
  }

  bool Full() const { return pending_ == sq_entries_; }
  // Sends queued since the last Enter.
  unsigned sends() const { return sends_; }
  void CountSend() { ++sends_; }

 private:
  int fd_ = -1;
  io_uring_sqe* sqes_ = nullptr;
  unsigned* sq_tail_ = nullptr;
  unsigned sq_mask_ = 0;
  unsigned sq_entries_ = 0;
  unsigned local_tail_ = 0;
  unsigned pending_ = 0;
  unsigned sends_ = 0;
  unsigned* cq_head_ = nullptr;
  unsigned* cq_tail_ = nullptr;
  unsigned cq_mask_ = 0;
  io_uring_cqe* cqes_ = nullptr;
};

enum Op : uint64_t { kAccept = 0, kRecv = 1, kSend = 2 };

struct UringConnection {
  int fd = -1;
  Input in;
  std::string sending;  // the bytes of the send in flight (when not the fixed response)
  std::string_view send_view;
  size_t send_offset = 0;
  int queued = 0;  // answers waiting for the send in flight
  bool recv_in_flight = false;
  bool send_in_flight = false;
  bool closing = false;
};

uint64_t Tag(UringConnection* c, Op op) { return reinterpret_cast<uint64_t>(c) | op; }

int RunIoUring(int listen_fd, Ring& ring) {
  std::string scratch;
  int waiting_connections = 0;  // connections with answers queued behind a send
  // Each helper queues one entry, submitting first if the queue is full.
  auto next = [&]() {
    io_uring_sqe* sqe = ring.Next();
    if (sqe == nullptr) {
      ring.Enter(0);
      sqe = ring.Next();
    }
    return sqe;
  };
  auto arm_accept = [&]() {
    io_uring_sqe* sqe = next();
    sqe->opcode = IORING_OP_ACCEPT;
    sqe->fd = listen_fd;
    sqe->ioprio = IORING_ACCEPT_MULTISHOT;
    sqe->accept_flags = SOCK_CLOEXEC;
    sqe->user_data = kAccept;
  };
  auto arm_recv = [&](UringConnection* c) {
    io_uring_sqe* sqe = next();
    sqe->opcode = IORING_OP_RECV;
    sqe->fd = c->fd;
    sqe->addr = reinterpret_cast<uint64_t>(c->in.Tail(kReadChunk));
    sqe->len = kReadChunk;
    sqe->user_data = Tag(c, kRecv);
    c->recv_in_flight = true;
  };
  auto arm_send = [&](UringConnection* c) {
    io_uring_sqe* sqe = next();
    sqe->opcode = IORING_OP_SEND;
    sqe->fd = c->fd;
    sqe->addr = reinterpret_cast<uint64_t>(c->send_view.data() + c->send_offset);
    sqe->len = static_cast<uint32_t>(c->send_view.size() - c->send_offset);
    sqe->msg_flags = MSG_NOSIGNAL | MSG_WAITALL;
    sqe->user_data = Tag(c, kSend);
    c->send_in_flight = true;
    ring.CountSend();
  };
  auto start_send = [&](UringConnection* c, int answers) {
    if (answers == 1) {
      c->send_view = Response();
    } else {
      c->sending.assign(Answers(answers, &scratch));
      c->send_view = c->sending;
    }
    c->send_offset = 0;
    arm_send(c);
  };
  // Closes once nothing is in flight (a shut down socket ends its receive).
  auto finish = [&](UringConnection* c) {
    if (c->queued > 0) {
      c->queued = 0;
      --waiting_connections;
    }
    if (!c->closing) {
      c->closing = true;
      shutdown(c->fd, SHUT_RDWR);
    }
    if (!c->recv_in_flight && !c->send_in_flight) {
      close(c->fd);
      delete c;
    }
  };
  arm_accept();
  for (;;) {
    // The sends just queued complete (they are done or poll-armed, and then finished by the
    // kernel); the wait also covers one more completion, a receive or an accept. While answers
    // wait for a send in flight (a pipelining client), wait for any one completion instead.
    if (!ring.Enter(waiting_connections > 0 ? 1 : ring.sends() + 1)) return 1;
    ring.Drain([&](const io_uring_cqe& cqe) {
      Op op = static_cast<Op>(cqe.user_data & 3);
      auto* c = reinterpret_cast<UringConnection*>(cqe.user_data & ~uint64_t{3});
      if (op == kAccept) {
        if (cqe.res >= 0) {
          NoDelay(cqe.res);
          c = new UringConnection;
          c->fd = cqe.res;
          arm_recv(c);
        }
        if (!(cqe.flags & IORING_CQE_F_MORE)) arm_accept();
        return;
      }
      if (op == kRecv) {
        c->recv_in_flight = false;
        int requests = 0;
        if (c->closing || cqe.res <= 0) return finish(c);
        c->in.size += static_cast<size_t>(cqe.res);
        if (!c->in.TakeRequests(&requests)) return finish(c);
        if (requests > 0) {
          if (c->send_in_flight) {
            if (c->queued == 0) ++waiting_connections;
            c->queued += requests;
          } else {
            start_send(c, requests);
          }
        }
        arm_recv(c);
        return;
      }
      c->send_in_flight = false;
      if (c->closing || cqe.res < 0) return finish(c);
      c->send_offset += static_cast<size_t>(cqe.res);
      if (c->send_offset < c->send_view.size()) {
        arm_send(c);
      } else if (c->queued > 0) {
        int answers = c->queued;
        c->queued = 0;
        --waiting_connections;
        start_send(c, answers);
      }
    });
  }
}

// The exit status when io_uring cannot be set up here.
constexpr int kNoIoUring = 3;

int Main(int argc, char** argv) {
  enum { kNone, kEpoll, kIoUring } mode = kNone;
  bool defer = true;
  int port = 0;
  for (int i = 1; i < argc; ++i) {
    std::string_view a = argv[i];
    if (a == "--epoll") {
      mode = kEpoll;
    } else if (a == "--io-uring") {
      mode = kIoUring;
    } else if (a == "--no-defer") {
      defer = false;
    } else if (a == "--port" && i + 1 < argc) {
      port = std::atoi(argv[++i]);
    } else {
      mode = kNone;
      break;
    }
  }
  if (mode == kNone) {
    std::fprintf(stderr,
                 "usage: monotable_floor_server --epoll|--io-uring [--no-defer] [--port N]\n");
    return 2;
  }
  signal(SIGPIPE, SIG_IGN);
  int bound = 0;
  int listen_fd = Listen(port, &bound);
  if (listen_fd < 0) {
    std::perror("listen");
    return 1;
  }
  // The ring is made before the server says it is ready: where io_uring is off (a container's
  // seccomp filter, kernel.io_uring_disabled) it exits with kNoIoUring instead.
  Ring ring;
  if (mode == kIoUring && !ring.Init(256, defer)) return kNoIoUring;
  std::printf("monotable floor (%s): listening on http://127.0.0.1:%d\n",
              mode == kEpoll ? "epoll" : "io_uring", bound);
  std::fflush(stdout);
  return mode == kEpoll ? RunEpoll(listen_fd) : RunIoUring(listen_fd, ring);
}

}  // namespace
}  // namespace monotable::bench

int main(int argc, char** argv) { return monotable::bench::Main(argc, argv); }
