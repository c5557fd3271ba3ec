// serve: `monotable serve`, DynamoDB's JSON HTTP API on a local port, over one Engine.
//
// HTTP only here (cpp-httplib); the protocol rules live in http_protocol.h, the DynamoDB behaviour
// in the engine. Concurrency: httplib serves each connection on a pool thread; one mutex
// serialises Engine::Execute (the Engine is not thread-safe) and nothing else is shared.
// Shutdown: SIGINT and SIGTERM are blocked in every thread and taken by a watcher thread with
// sigtimedwait, which stops the server; no work happens in a signal handler.
#include <httplib.h>
#include <signal.h>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <mutex>
#include <set>
#include <string>
#include <thread>

#include "commands.h"
#include "http_protocol.h"
#include "monotable/engine.h"

namespace monotable::cli {

const char kServeHelp[] =
    "usage: monotable serve [options]\n"
    "\n"
    "Serves DynamoDB's HTTP API (JSON protocol, X-Amz-Target: DynamoDB_20120810.<Operation>)\n"
    "over an in-memory engine, so the AWS CLI and SDKs can use it as an endpoint.\n"
    "Any credentials are accepted (signatures are not verified); data lives in memory only.\n"
    "\n"
    "options:\n"
    "  --port N         port to listen on (default 8000; 0 picks a free port)\n"
    "  --host ADDR      address to bind (default 127.0.0.1; use 0.0.0.0 to expose it)\n"
    "  --model FILE     load a model file (tables and items) before serving\n"
    "  --region NAME    region the endpoint reports (default us-east-1)\n"
    "  --anonymous      accept unsigned requests (DynamoDB answers them with\n"
    "                   MissingAuthenticationTokenException)\n"
    "  --quiet          do not log requests to stderr\n"
    "  --clock-ms MS    freeze the engine's clock at MS milliseconds since the Unix epoch\n"
    "                   (reproducible CreationDateTime and the like, for tests)\n"
    "  -h, --help       this text\n"
    "\n"
    "Prints `monotable serve: listening on http://HOST:PORT` once ready; stops on Ctrl+C or\n"
    "SIGTERM. GET / answers `healthy: dynamodb.<region>.amazonaws.com`.\n"
    "\n"
    "example:\n"
    "  monotable serve --model examples/orders.json &\n"
    "  AWS_ACCESS_KEY_ID=x AWS_SECRET_ACCESS_KEY=x AWS_DEFAULT_REGION=us-east-1 \\\n"
    "    aws dynamodb list-tables --endpoint-url http://127.0.0.1:8000\n";

namespace {

// Worker threads serving connections (see the thread pool below).
constexpr size_t kServeThreads = 64;

struct ServeOptions {
  std::string host = "127.0.0.1";
  int port = 8000;
  std::string model;
  std::string region = "us-east-1";
  bool allow_anonymous = false;
  bool quiet = false;
  int64_t clock_ms = -1;  // -1: the system clock
};

// Returns 0 (help printed), 2 (usage error) or -1 (parsed, go on).
int ParseServeArgs(const std::vector<std::string>& args, ServeOptions* options) {
  for (size_t i = 0; i < args.size();) {
    const std::string arg = args[i];
    std::string value;
    bool missing = false;
    if (arg == "-h" || arg == "--help") {
      std::fputs(kServeHelp, stdout);
      return 0;
    } else if (arg == "--anonymous") {
      options->allow_anonymous = true;
      ++i;
    } else if (arg == "--quiet" || arg == "-q") {
      options->quiet = true;
      ++i;
    } else if (TakeOption(args, &i, "--port", &value, &missing) ||
               TakeOption(args, &i, "--host", &value, &missing) ||
               TakeOption(args, &i, "--model", &value, &missing) ||
               TakeOption(args, &i, "--region", &value, &missing) ||
               TakeOption(args, &i, "--clock-ms", &value, &missing)) {
      std::string name = arg.substr(0, arg.find('='));
      if (missing) {
        std::fprintf(stderr, "monotable serve: %s needs a value\n", name.c_str());
        return 2;
      }
      if (name == "--port") {
        char* end = nullptr;
        long port = std::strtol(value.c_str(), &end, 10);
        if (value.empty() || *end != '\0' || port < 0 || port > 65535) {
          std::fprintf(stderr, "monotable serve: --port takes a number from 0 to 65535, not '%s'\n",
                       value.c_str());
          return 2;
        }
        options->port = static_cast<int>(port);
      } else if (name == "--clock-ms") {
        char* end = nullptr;
        long long ms = std::strtoll(value.c_str(), &end, 10);
        if (value.empty() || *end != '\0' || ms < 0) {
          std::fprintf(stderr, "monotable serve: --clock-ms takes milliseconds since the epoch\n");
          return 2;
        }
        options->clock_ms = ms;
      } else if (name == "--host") {
        options->host = value;
      } else if (name == "--model") {
        options->model = value;
      } else {
        options->region = value;
      }
    } else {
      std::fprintf(stderr, "monotable serve: unknown argument '%s' (see monotable serve --help)\n",
                   arg.c_str());
      return 2;
    }
  }
  return -1;
}

// Adds the headers every DynamoDB response carries and sets the body.
void Respond(httplib::Response& res, int status, const std::string& body,
             const std::string& content_type) {
  res.status = status;
  res.set_header("x-amz-crc32", std::to_string(Crc32(body)));
  res.set_content(body, content_type.c_str());
}

}  // namespace

int ServeCommand(const std::vector<std::string>& args) {
  ServeOptions options;
  if (int code = ParseServeArgs(args, &options); code >= 0) return code;

  EngineOptions engine_options;
  engine_options.region = options.region;
  if (options.clock_ms >= 0) {
    engine_options.clock_ms = [ms = options.clock_ms] { return ms; };
  }
  Engine engine(engine_options);
  if (!options.model.empty()) {
    std::string summary, error;
    if (!LoadModelFile(options.model, &engine, &summary, &error)) {
      std::fprintf(stderr, "monotable serve: %s\n", error.c_str());
      return 1;
    }
    std::fprintf(stderr, "monotable serve: loaded %s (%s)\n", options.model.c_str(),
                 summary.c_str());
  }
  std::mutex engine_mutex;
  const std::vector<std::string>& operation_list = Engine::Operations();
  const std::set<std::string, std::less<>> operations(operation_list.begin(), operation_list.end());
  ProtocolOptions protocol;
  protocol.allow_anonymous = options.allow_anonymous;
  const std::string health = "healthy: dynamodb." + options.region + ".amazonaws.com";

  httplib::Server server;
  // httplib's default sets SO_REUSEPORT, which lets a second server bind the same port silently;
  // SO_REUSEADDR alone allows a quick restart and still reports a port in use.
  server.set_socket_options([](socket_t sock) {
    int yes = 1;
    setsockopt(sock, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof(yes));
  });
  // One thread per open connection: SDKs keep up to 50 connections alive, so the pool is larger
  // than that or clients would queue behind idle keep-alive connections.
  server.new_task_queue = [] { return new httplib::ThreadPool(kServeThreads); };
  // Keep connections for many requests, as DynamoDB does (httplib's default closes after 5).
  server.set_keep_alive_max_count(1000);
  // Send each response at once: httplib writes the headers and the body in separate writes, and
  // with Nagle's algorithm on the body waits for the client's delayed ACK of the headers (40 ms on
  // Linux), which capped a keep-alive connection at about 25 requests a second.
  server.set_tcp_nodelay(true);
  // DynamoDB refuses bodies over 16 MB with HTTP 413; httplib answers 413 itself past this length.
  server.set_payload_max_length(kMaxRequestBytes);

  auto handle = [&](const httplib::Request& req, httplib::Response& res) {
    auto started = std::chrono::steady_clock::now();
    res.set_header("x-amzn-RequestId", NewRequestId());
    // CORS, so a page (e.g. the browser SDK) can call the endpoint, as DynamoDB allows.
    if (req.has_header("Origin")) {
      res.set_header("Access-Control-Allow-Origin", "*");
      res.set_header("Access-Control-Expose-Headers", "x-amzn-RequestId, x-amz-crc32");
      if (req.method == "OPTIONS") {
        if (req.has_header("Access-Control-Request-Headers")) {
          res.set_header("Access-Control-Allow-Headers",
                         req.get_header_value("Access-Control-Request-Headers"));
        }
        if (req.has_header("Access-Control-Request-Method")) {
          res.set_header("Access-Control-Allow-Methods",
                         req.get_header_value("Access-Control-Request-Method"));
        }
        res.set_header("Access-Control-Max-Age", "172800");
        res.status = 200;
        return;
      }
    }
    HttpRequest request;
    request.method = req.method;
    request.content_type = req.get_header_value("Content-Type");
    request.target = req.get_header_value("X-Amz-Target");
    request.authorization = req.get_header_value("Authorization");
    request.body = req.body;
    Dispatch d = Classify(request, protocol, [&](std::string_view name) {
      return operations.find(name) != operations.end();
    });
    std::string label;
    switch (d.kind) {
      case Dispatch::Kind::kHealth:
        Respond(res, 200, health, "text/plain");
        label = "health check";
        break;
      case Dispatch::Kind::kNotFound:
        Respond(res, 404, std::string(kNotFoundBody), "text/plain");
        label = req.method + " (not a DynamoDB request)";
        break;
      case Dispatch::Kind::kError:
        Respond(res, d.http_status, d.error_body, d.content_type);
        label = request.target.empty() ? std::string("(no X-Amz-Target)") : request.target;
        break;
      case Dispatch::Kind::kOperation: {
        Result result;
        {
          std::lock_guard<std::mutex> lock(engine_mutex);
          result = engine.Execute(d.operation, req.body);
        }
        Respond(res, result.http_status, result.body, d.content_type);
        label = d.operation;
        if (!result.status.ok()) label += " " + std::string(ErrorName(result.status.code()));
        break;
      }
    }
    if (!options.quiet) {
      double ms =
          std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - started)
              .count();
      std::fprintf(stderr, "%d %s %.2f ms\n", res.status, label.c_str(), ms);
    }
  };
  server.Get(".*", handle);
  server.Post(".*", handle);
  server.Put(".*", handle);
  server.Delete(".*", handle);
  server.Patch(".*", handle);
  server.Options(".*", handle);
  // Responses are never compressed: clients check x-amz-crc32 against the bytes they receive, and
  // httplib would gzip or brotli-encode JSON and text bodies for any client that accepts them.
  // The request is httplib's own non-const object, handed to handlers as const.
  server.set_pre_routing_handler([](const httplib::Request& req, httplib::Response&) {
    const_cast<httplib::Request&>(req).headers.erase("Accept-Encoding");
    return httplib::Server::HandlerResponse::Unhandled;
  });
  // httplib's own refusals (e.g. 413 for a body over the limit) still carry DynamoDB's headers.
  httplib::Server::HandlerWithResponse add_request_id = [](const httplib::Request&,
                                                           httplib::Response& res) {
    if (!res.has_header("x-amzn-RequestId")) res.set_header("x-amzn-RequestId", NewRequestId());
    return httplib::Server::HandlerResponse::Unhandled;
  };
  server.set_error_handler(add_request_id);

  // Block the stop signals in this thread before httplib starts its pool, so every thread
  // inherits the mask and only the watcher below receives them.
  sigset_t stop_signals;
  sigemptyset(&stop_signals);
  sigaddset(&stop_signals, SIGINT);
  sigaddset(&stop_signals, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &stop_signals, nullptr);
  signal(SIGPIPE, SIG_IGN);

  int port = options.port;
  if (port == 0) {
    port = server.bind_to_any_port(options.host);
    if (port < 0) port = -1;
  } else if (!server.bind_to_port(options.host, port)) {
    port = -1;
  }
  if (port < 0) {
    std::fprintf(stderr,
                 "monotable serve: cannot listen on %s:%d (in use, or not an address here)\n",
                 options.host.c_str(), options.port);
    return 1;
  }
  std::string shown_host = options.host;
  if (shown_host.find(':') != std::string::npos) shown_host = "[" + shown_host + "]";
  std::printf("monotable serve: listening on http://%s:%d\n", shown_host.c_str(), port);
  std::fflush(stdout);

  std::atomic<bool> done{false};
  std::thread watcher([&] {
    timespec tick{0, 100 * 1000 * 1000};
    while (!done.load()) {
      int sig = sigtimedwait(&stop_signals, nullptr, &tick);
      if (sig != SIGINT && sig != SIGTERM) continue;
      std::fprintf(stderr, "monotable serve: %s, stopping\n", sig == SIGINT ? "SIGINT" : "SIGTERM");
      // A signal can arrive before listen_after_bind() has started, when stop() would do
      // nothing: wait until the server runs, then stop it (once).
      while (!done.load() && !server.is_running()) {
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
      }
      if (!done.load()) server.stop();
      return;
    }
  });
  server.listen_after_bind();
  done.store(true);
  watcher.join();
  std::fprintf(stderr, "monotable serve: stopped\n");
  return 0;
}

}  // namespace monotable::cli
