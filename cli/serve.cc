// serve: `monotable serve`, DynamoDB's JSON HTTP API on a local port, over one Engine.
//
// The HTTP side is our own one-thread epoll loop (event_loop.h): it owns the sockets, the limits
// and the timeouts, and calls the handler below for each complete request on its own thread, so
// the Engine (not thread-safe) is used by one thread only and needs no lock; requests are answered
// one after another, which makes every operation, transactions included, atomic and isolated from
// the others. The protocol rules (what a request is, the headers of every answer) are in
// http_protocol.h, the DynamoDB behaviour in the engine. Shutdown: SIGINT and SIGTERM are blocked
// and read by the loop through a signalfd; no work happens in a signal handler.
#include <dirent.h>
#include <signal.h>
#include <sys/stat.h>

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <chrono>
#include <cstdarg>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <memory>
#include <string>

#include "accounts.h"
#include "commands.h"
#include "event_loop.h"
#include "http_protocol.h"
#include "monotable/engine.h"
#include "monotable/throttle.h"
#include "persist.h"

namespace monotable::cli {

const char kServeHelp[] =
    "usage: monotable serve [options]\n"
    "\n"
    "Serves DynamoDB's HTTP API (JSON protocol, X-Amz-Target: DynamoDB_20120810.<Operation>)\n"
    "over an in-memory engine, so the AWS CLI and SDKs can use it as an endpoint.\n"
    "Any credentials are accepted (signatures are not verified). Tables are kept per account\n"
    "and region, as DynamoDB keeps them: the region of the request's credential scope, and\n"
    "the account of its access key id (a 12-digit key id is the account; any other key is\n"
    "account 000000000000); --shared-db keeps one set for everyone. Data lives in memory\n"
    "unless --data-dir keeps it on disk.\n"
    "\n"
    "options:\n"
    "  --port N         port to listen on (default 8000; 0 picks a free port)\n"
    "  --host ADDR      address to bind (default 127.0.0.1; use 0.0.0.0 to expose it)\n"
    "  --model FILE     load a model file (tables and items) before serving, or a built-in\n"
    "                   example by name (vaultcommerce, orders)\n"
    "  --scale N        with --model: the example generated at scale N (1 to 100000); the\n"
    "                   model must be a built-in example or a file made by `monotable generate`\n"
    "  --items N        with --model: the example generated with about N items in total\n"
    "  --seed S         with --model: the generator's seed (default 1, or the file's)\n"
    "  --region NAME    region the endpoint reports (default us-east-1), and the region of\n"
    "                   the default namespace (unsigned requests, --model, --shared-db)\n"
    "  --shared-db      one namespace for every access key and region (DynamoDB Local's\n"
    "                   -sharedDb); ARNs then carry --region and account 000000000000\n"
    "  --delay-transient-statuses [MS]  tables are CREATING, UPDATING, DELETING (and GSIs\n"
    "                   being added CREATING, backfilling) for MS ms (default 1000) before\n"
    "                   they are ACTIVE or gone, so SDK waiters have something to wait for\n"
    "                   (DynamoDB Local's -delayTransientStatuses)\n"
    "  --messages DATE  wording of validation errors: 2026-09 (default; us-east-1 as captured\n"
    "                   on 2026-09-29) or 2026-05 (before DynamoDB's rewording; the wording\n"
    "                   the May 2026 Parity Suite pins). See docs/compatibility.md\n"
    "  --anonymous      accept unsigned requests (DynamoDB answers them with\n"
    "                   MissingAuthenticationTokenException)\n"
    "  --data-dir DIR   keep the data in DIR (created if needed): a snapshot plus a log of\n"
    "                   every applied write, replayed at start, so a restart or a crash\n"
    "                   loses no acknowledged write; one server per directory (locked).\n"
    "                   DIR itself holds the default namespace, DIR/namespaces/ACCOUNT_REGION\n"
    "                   each other one\n"
    "  --fsync POLICY   with --data-dir: batch (default) writes each record before answering\n"
    "                   (survives a process crash) and syncs to disk every 100 ms; always\n"
    "                   syncs before answering (survives power loss; slower)\n"
    "  --compact-bytes N  with --data-dir: rewrite the snapshot and start an empty log once\n"
    "                   the log is larger than N bytes (default 67108864)\n"
    "  --throttle       apply DynamoDB's partition limits to live traffic (`monotable plan`'s\n"
    "                   model: 3,000 RCU / 1,000 WCU a second per partition, provisioned\n"
    "                   capacity with 300 s of burst, on-demand's per-table quota) and answer\n"
    "                   ProvisionedThroughputExceededException / ThrottlingException with\n"
    "                   ThrottlingReasons, so a client's retries can be tested (docs/cli.md)\n"
    "  --throttle-tick-ms MS  with --throttle: the model's clock moves MS ms per request\n"
    "                   instead of following the wall clock (exact load in tests)\n"
    "  --quiet          do not log requests to stderr\n"
    "  --clock-ms MS    freeze the engine's clock at MS milliseconds since the Unix epoch\n"
    "                   (reproducible CreationDateTime and the like, for tests)\n"
    "  --max-connections N      connections served at once (default 4096, and under the\n"
    "                   process's file limit); past it the longest-idle one is closed\n"
    "  --idle-timeout-ms MS     close a connection idle between requests (default 60000)\n"
    "  --request-timeout-ms MS  a request's headers must arrive within MS of its first byte,\n"
    "                   and its body make progress every MS, else 408 and the connection is\n"
    "                   closed (default 20000)\n"
    "  -h, --help       this text\n"
    "\n"
    "Prints `monotable serve: listening on http://HOST:PORT` once ready; stops on Ctrl+C or\n"
    "SIGTERM. GET / answers `healthy: dynamodb.<region>.amazonaws.com`.\n"
    "\n"
    "example:\n"
    "  monotable serve --model examples/orders.json &\n"
    "  monotable serve --model orders --items 1000000 &   (about a million items)\n"
    "  AWS_ACCESS_KEY_ID=x AWS_SECRET_ACCESS_KEY=x AWS_DEFAULT_REGION=us-east-1 \\\n"
    "    aws dynamodb list-tables --endpoint-url http://127.0.0.1:8000\n";

namespace {

struct ServeOptions {
  std::string host = "127.0.0.1";
  int port = 8000;
  std::string model;
  ModelScale scale;  // --scale, --items, --seed
  std::string region = "us-east-1";
  MessageCohort messages = EngineOptions{}.messages;  // --messages
  bool allow_anonymous = false;
  bool quiet = false;
  int64_t clock_ms = -1;  // -1: the system clock
  int idle_timeout_ms = 60 * 1000;
  int request_timeout_ms = 20 * 1000;
  size_t max_connections = 4096;
  std::string data_dir;  // empty: in memory only
  bool shared_db = false;
  int64_t transient_status_ms = 0;  // --delay-transient-statuses
  FsyncPolicy fsync = FsyncPolicy::kBatch;
  uint64_t compact_bytes = 64ull * 1024 * 1024;
  bool throttle = false;         // --throttle
  int64_t throttle_tick_ms = 0;  // --throttle-tick-ms
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
    } else if (arg == "--shared-db") {
      options->shared_db = true;
      ++i;
    } else if (arg == "--throttle") {
      options->throttle = true;
      ++i;
    } else if (arg == "--delay-transient-statuses" ||
               arg.rfind("--delay-transient-statuses=", 0) == 0) {
      // The value is optional (DynamoDB Local's flag takes none): the next argument is it only if
      // it is a number.
      std::string value;
      if (arg.size() > std::string_view("--delay-transient-statuses").size()) {
        value = arg.substr(arg.find('=') + 1);
        ++i;
      } else if (i + 1 < args.size() && !args[i + 1].empty() && args[i + 1][0] >= '0' &&
                 args[i + 1][0] <= '9') {
        value = args[i + 1];
        i += 2;
      } else {
        value = "1000";
        ++i;
      }
      char* end = nullptr;
      long long ms = std::strtoll(value.c_str(), &end, 10);
      if (value.empty() || *end != '\0' || ms < 1 || ms > 86400000) {
        std::fprintf(stderr,
                     "monotable serve: --delay-transient-statuses takes milliseconds from 1 to "
                     "86400000, not '%s'\n",
                     value.c_str());
        return 2;
      }
      options->transient_status_ms = ms;
    } else if (arg == "--quiet" || arg == "-q") {
      options->quiet = true;
      ++i;
    } else if (TakeScaleOption(args, &i, &options->scale, &missing)) {
      if (missing) {
        std::fprintf(stderr, "monotable serve: %s needs a value\n",
                     arg.substr(0, arg.find('=')).c_str());
        return 2;
      }
    } else if (TakeOption(args, &i, "--port", &value, &missing) ||
               TakeOption(args, &i, "--host", &value, &missing) ||
               TakeOption(args, &i, "--model", &value, &missing) ||
               TakeOption(args, &i, "--region", &value, &missing) ||
               TakeOption(args, &i, "--messages", &value, &missing) ||
               TakeOption(args, &i, "--clock-ms", &value, &missing) ||
               TakeOption(args, &i, "--idle-timeout-ms", &value, &missing) ||
               TakeOption(args, &i, "--request-timeout-ms", &value, &missing) ||
               TakeOption(args, &i, "--max-connections", &value, &missing) ||
               TakeOption(args, &i, "--data-dir", &value, &missing) ||
               TakeOption(args, &i, "--fsync", &value, &missing) ||
               TakeOption(args, &i, "--compact-bytes", &value, &missing) ||
               TakeOption(args, &i, "--throttle-tick-ms", &value, &missing)) {
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
      } else if (name == "--messages") {
        if (!ParseMessageCohort(value, &options->messages)) {
          std::fprintf(stderr, "monotable serve: --messages takes 2026-09 or 2026-05, not '%s'\n",
                       value.c_str());
          return 2;
        }
      } else if (name == "--clock-ms") {
        char* end = nullptr;
        long long ms = std::strtoll(value.c_str(), &end, 10);
        if (value.empty() || *end != '\0' || ms < 0) {
          std::fprintf(stderr, "monotable serve: --clock-ms takes milliseconds since the epoch\n");
          return 2;
        }
        options->clock_ms = ms;
      } else if (name == "--idle-timeout-ms" || name == "--request-timeout-ms" ||
                 name == "--max-connections") {
        char* end = nullptr;
        long long n = std::strtoll(value.c_str(), &end, 10);
        if (value.empty() || *end != '\0' || n < 1 || n > 86400000) {
          std::fprintf(stderr, "monotable serve: %s takes a positive number, not '%s'\n",
                       name.c_str(), value.c_str());
          return 2;
        }
        if (name == "--idle-timeout-ms") {
          options->idle_timeout_ms = static_cast<int>(n);
        } else if (name == "--request-timeout-ms") {
          options->request_timeout_ms = static_cast<int>(n);
        } else {
          options->max_connections = static_cast<size_t>(n);
        }
      } else if (name == "--data-dir") {
        if (value.empty()) {
          std::fprintf(stderr, "monotable serve: --data-dir needs a directory\n");
          return 2;
        }
        options->data_dir = value;
      } else if (name == "--fsync") {
        if (!ParseFsyncPolicy(value, &options->fsync)) {
          std::fprintf(stderr, "monotable serve: --fsync takes always or batch, not '%s'\n",
                       value.c_str());
          return 2;
        }
      } else if (name == "--compact-bytes") {
        char* end = nullptr;
        unsigned long long n = std::strtoull(value.c_str(), &end, 10);
        if (value.empty() || *end != '\0' || value[0] == '-' || n < 1) {
          std::fprintf(stderr, "monotable serve: --compact-bytes takes a positive number\n");
          return 2;
        }
        options->compact_bytes = n;
      } else if (name == "--throttle-tick-ms") {
        char* end = nullptr;
        long long ms = std::strtoll(value.c_str(), &end, 10);
        if (value.empty() || *end != '\0' || ms < 1 || ms > 86400000) {
          std::fprintf(stderr,
                       "monotable serve: --throttle-tick-ms takes milliseconds from 1 to "
                       "86400000, not '%s'\n",
                       value.c_str());
          return 2;
        }
        options->throttle_tick_ms = ms;
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
  if (options->data_dir.empty()) {
    for (const std::string& a : args) {
      if (a.rfind("--fsync", 0) == 0 || a.rfind("--compact-bytes", 0) == 0) {
        std::fprintf(stderr, "monotable serve: %s needs --data-dir\n",
                     a.substr(0, a.find('=')).c_str());
        return 2;
      }
    }
  }
  if (options->throttle_tick_ms > 0 && !options->throttle) {
    std::fprintf(stderr, "monotable serve: --throttle-tick-ms needs --throttle\n");
    return 2;
  }
  if (std::string problem = CheckModelOptions(options->model, options->scale); !problem.empty()) {
    std::fprintf(stderr, "monotable serve: %s\n", problem.c_str());
    return 2;
  }
  return -1;
}

// Appends "name: value\r\n".
void AddHeader(std::string* headers, std::string_view name, std::string_view value) {
  headers->append(name);
  headers->append(": ");
  headers->append(value);
  headers->append("\r\n");
}

// Appends "x-amzn-RequestId: <a fresh id>\r\n" without building a string for the id.
void AddRequestIdHeader(std::string* headers) {
  constexpr std::string_view kName = "x-amzn-RequestId: ";
  size_t at = headers->size() + kName.size();
  headers->append(kName);
  headers->append(kRequestIdLength, '0');
  WriteRequestId(headers->data() + at);
  headers->append("\r\n");
}

// Sets the status and body and adds the headers every DynamoDB answer carries (the request id is
// added by the caller, first).
void Respond(HttpResponse* res, int status, std::string body, std::string_view content_type) {
  res->status = status;
  res->body = std::move(body);
  AddHeader(&res->headers, "Content-Type", content_type);
  char crc[16];
  char* end = std::to_chars(crc, crc + sizeof(crc), Crc32(res->body)).ptr;
  AddHeader(&res->headers, "x-amz-crc32", std::string_view(crc, static_cast<size_t>(end - crc)));
}

// Appends a printf-formatted line to `log`.
[[gnu::format(printf, 2, 3)]] void AppendLog(std::string* log, const char* format, ...) {
  char line[512];
  va_list args, again;
  va_start(args, format);
  va_copy(again, args);
  int n = std::vsnprintf(line, sizeof(line), format, args);
  if (n > 0 && static_cast<size_t>(n) < sizeof(line)) {
    log->append(line, static_cast<size_t>(n));
  } else if (n > 0) {  // a long line (e.g. a long X-Amz-Target): formatted in place
    size_t at = log->size();
    log->resize(at + static_cast<size_t>(n) + 1);
    std::vsnprintf(log->data() + at, static_cast<size_t>(n) + 1, format, again);
    log->resize(at + static_cast<size_t>(n));
  }
  va_end(again);
  va_end(args);
}

// One namespace of tables (accounts.h): its engine and, with --data-dir, its directory.
struct Namespace {
  std::string account;
  std::string region;
  std::unique_ptr<Engine> engine;
  std::unique_ptr<DataDir> data;
  // With --throttle: the partition model of this namespace's tables (monotable/throttle.h).
  std::unique_ptr<plan::Throttle> throttle;
};

}  // namespace

int ServeCommand(const std::vector<std::string>& args) {
  ServeOptions options;
  if (int code = ParseServeArgs(args, &options); code >= 0) return code;

  EngineOptions engine_options;
  engine_options.region = options.region;
  engine_options.account_id = std::string(kDefaultAccount);
  engine_options.messages = options.messages;
  engine_options.transient_status_ms = options.transient_status_ms;
  // The endpoint never shows effects: requests run without them (ExecuteOptions::effects below),
  // and reads skip listing every item they return (responses are byte for byte the same;
  // engine_test pins both).
  engine_options.record_item_effects = false;
  // With --data-dir the engine's clock is pinned for each request to the time that is logged with
  // it, so a replay gives every timestamp (CreationDateTime, TTL, stream records) the same value.
  int64_t request_clock = options.clock_ms;
  auto now_ms = [&options] {
    if (options.clock_ms >= 0) return options.clock_ms;
    return static_cast<int64_t>(std::chrono::duration_cast<std::chrono::milliseconds>(
                                    std::chrono::system_clock::now().time_since_epoch())
                                    .count());
  };
  if (!options.data_dir.empty()) {
    engine_options.clock_ms = [&request_clock] { return request_clock; };
  } else if (options.clock_ms >= 0) {
    engine_options.clock_ms = [ms = options.clock_ms] { return ms; };
  }
  const bool data_clock_pinned = !options.data_dir.empty();
  if (!options.data_dir.empty()) {
    // A log that reaches the file size limit (ulimit -f) must fail its write, not kill the
    // server with SIGXFSZ: a failed append is answered 500 and stops the server (below).
    signal(SIGXFSZ, SIG_IGN);
  }

  // The namespaces (accounts.h), by "ACCOUNT/REGION". The default one (account 000000000000 in
  // --region) is made at start; it is the only one with --shared-db, and it holds --model. Every
  // other one is made by the first request that reaches it, and with --data-dir lives in
  // DIR/namespaces/ACCOUNT_REGION (DIR itself is the default one's, so a directory written before
  // namespaces existed opens as the default namespace).
  std::map<std::string, std::unique_ptr<Namespace>, std::less<>> spaces;
  const std::string namespaces_dir = options.data_dir + "/namespaces";
  bool quiet_start = false;  // true once started: a new namespace's directory is not announced
  // Opens (or creates) a namespace; nullptr with *error if its directory cannot be opened.
  auto open_space = [&](std::string_view account, std::string_view region,
                        std::string* error) -> Namespace* {
    auto space = std::make_unique<Namespace>();
    space->account = std::string(account);
    space->region = std::string(region);
    EngineOptions o = engine_options;
    o.account_id = space->account;
    o.region = space->region;
    space->engine = std::make_unique<Engine>(std::move(o));
    if (options.throttle) {
      plan::ThrottleOptions throttle_options;
      throttle_options.tick_ms_per_request = options.throttle_tick_ms;
      space->throttle = std::make_unique<plan::Throttle>(std::move(throttle_options));
    }
    const bool is_default = account == kDefaultAccount && region == options.region;
    if (!options.data_dir.empty()) {
      DataDirOptions data_options;
      if (is_default) {
        data_options.path = options.data_dir;
      } else {
        if (mkdir(namespaces_dir.c_str(), 0755) != 0 && errno != EEXIST) {
          *error = "cannot create " + namespaces_dir + " (" + std::strerror(errno) + ")";
          return nullptr;
        }
        data_options.path = namespaces_dir + "/" + NamespaceFolder(account, region);
      }
      data_options.fsync = options.fsync;
      data_options.compact_bytes = options.compact_bytes;
      space->data = std::make_unique<DataDir>();
      const int64_t saved_clock = request_clock;
      request_clock = now_ms();
      bool opened = space->data->Open(data_options, space->engine.get(), &request_clock, error);
      request_clock = saved_clock;
      if (!opened) return nullptr;
      if (!quiet_start || !space->data->fresh()) {
        std::fprintf(stderr, "monotable serve: data in %s (%s; fsync %s)\n",
                     data_options.path.c_str(), space->data->recovery_summary().c_str(),
                     options.fsync == FsyncPolicy::kAlways ? "always" : "batch");
      }
    }
    Namespace* raw = space.get();
    spaces.emplace(space->account + "/" + space->region, std::move(space));
    return raw;
  };

  std::string start_error;
  Namespace* default_space = open_space(kDefaultAccount, options.region, &start_error);
  if (!default_space) {
    std::fprintf(stderr, "monotable serve: %s\n", start_error.c_str());
    return 1;
  }
  // The other namespaces a --data-dir holds are opened at start: their damage is found now, and
  // they are locked while the server runs.
  if (!options.data_dir.empty()) {
    if (DIR* dir = opendir(namespaces_dir.c_str())) {
      std::vector<std::string> folders;
      while (dirent* e = readdir(dir)) {
        std::string name = e->d_name;
        if (name != "." && name != "..") folders.push_back(name);
      }
      closedir(dir);
      std::sort(folders.begin(), folders.end());
      for (const std::string& folder : folders) {
        std::string account, region;
        if (!ParseNamespaceFolder(folder, &account, &region)) {
          std::fprintf(stderr,
                       "monotable serve: %s/%s is not a namespace (ACCOUNT_REGION); left alone\n",
                       namespaces_dir.c_str(), folder.c_str());
          continue;
        }
        if (options.shared_db) {
          std::fprintf(stderr, "monotable serve: --shared-db serves %s only; %s/%s is not served\n",
                       options.data_dir.c_str(), namespaces_dir.c_str(), folder.c_str());
          continue;
        }
        if (account == kDefaultAccount && region == options.region) {
          std::fprintf(stderr,
                       "monotable serve: %s/%s holds account %s in %s, which %s itself holds "
                       "with --region %s; start with the --region the directory was created "
                       "with\n",
                       namespaces_dir.c_str(), folder.c_str(), account.c_str(), region.c_str(),
                       options.data_dir.c_str(), options.region.c_str());
          return 1;
        }
        if (!open_space(account, region, &start_error)) {
          std::fprintf(stderr, "monotable serve: %s\n", start_error.c_str());
          return 1;
        }
      }
    }
  }
  quiet_start = true;
  Engine& engine = *default_space->engine;
  bool load_model = !options.model.empty();
  if (load_model && default_space->data && !default_space->data->fresh()) {
    std::fprintf(stderr, "monotable serve: %s already holds data; --model %s not loaded\n",
                 options.data_dir.c_str(), options.model.c_str());
    load_model = false;
  }
  if (load_model) {
    std::string summary, error;
    // A model's tables are ACTIVE at once, so that its items can be written.
    engine.set_transient_status_ms(0);
    if (data_clock_pinned) request_clock = now_ms();
    bool loaded = LoadModelFile(options.model, options.scale, &engine, &summary, &error);
    engine.set_transient_status_ms(options.transient_status_ms);
    if (!loaded) {
      std::fprintf(stderr, "monotable serve: %s\n", error.c_str());
      return 1;
    }
    std::fprintf(stderr, "monotable serve: loaded %s (%s) into account %s, %s\n",
                 options.model.c_str(), summary.c_str(), default_space->account.c_str(),
                 default_space->region.c_str());
    // The model went into the engine without the log: a snapshot makes it durable at once.
    if (default_space->data && !default_space->data->Compact(&engine, &error)) {
      std::fprintf(stderr, "monotable serve: %s\n", error.c_str());
      return 1;
    }
  }
  // A failed append or sync stops the server (exit status 1): the engine holds a write the disk
  // does not, so nothing more may be acknowledged; a restart recovers what was acknowledged.
  bool fatal = false;
  // Views of Engine::Operations()'s strings, which live as long as the program.
  OperationSet operations;
  for (const std::string& name : Engine::Operations()) operations.insert(name);
  ProtocolOptions protocol;
  protocol.allow_anonymous = options.allow_anonymous;
  const std::string health = "healthy: dynamodb." + options.region + ".amazonaws.com";
  const bool quiet = options.quiet;
  // Request log lines gathered during one batch of the loop's events, written with one call
  // before it waits again (not one write to stderr per request).
  std::string log;
  // The namespace of the previous request: a run of requests from one client finds its
  // namespace with one comparison of the key (no lookup, no allocation).
  Namespace* last_space = default_space;

  // The namespace `authorization` reaches (accounts.h), made if new; nullptr with *error_body set
  // for a credential scope whose region we cannot keep tables for, or a namespace whose directory
  // cannot be opened.
  auto space_of = [&](std::string_view authorization, int* status,
                      std::string* error_body) -> Namespace* {
    if (options.shared_db) return default_space;
    std::string_view key_id, region;
    if (!ParseCredentialScope(authorization, &key_id, &region)) return default_space;
    if (!ValidRegionName(region)) {
      // What DynamoDB answers a request signed for a region it does not serve.
      *status = 400;
      *error_body = CoralError("InvalidSignatureException",
                               "Credential should be scoped to a valid region. ");
      return nullptr;
    }
    const std::string_view account = AccountOfAccessKey(key_id);
    if (account == last_space->account && region == last_space->region) return last_space;
    char key_buffer[12 + 1 + kMaxRegionLength];
    std::memcpy(key_buffer, account.data(), account.size());
    key_buffer[account.size()] = '/';
    std::memcpy(key_buffer + account.size() + 1, region.data(), region.size());
    const std::string_view key(key_buffer, account.size() + 1 + region.size());
    auto it = spaces.find(key);
    if (it != spaces.end()) return last_space = it->second.get();
    std::string error;
    Namespace* made = open_space(account, region, &error);
    if (!made) {
      std::fprintf(stderr, "monotable serve: %s\n", error.c_str());
      *status = 500;
      *error_body =
          "{\"__type\":\"com.amazonaws.dynamodb.v20120810#InternalServerError\","
          "\"message\":\"Internal server error\"}";
      return nullptr;
    }
    if (!quiet) {
      AppendLog(&log, "monotable serve: new namespace: account %s, %s\n", made->account.c_str(),
                made->region.c_str());
    }
    return last_space = made;
  };

  auto handle = [&](const HttpRequestHead& head, std::string_view body, HttpResponse* res) {
    std::chrono::steady_clock::time_point started;
    if (!quiet) started = std::chrono::steady_clock::now();
    AddRequestIdHeader(&res->headers);
    std::string label;
    // CORS, so a page (e.g. the browser SDK) can call the endpoint, as DynamoDB allows.
    if (head.has_origin) {
      AddHeader(&res->headers, "Access-Control-Allow-Origin", "*");
      AddHeader(&res->headers, "Access-Control-Expose-Headers", "x-amzn-RequestId, x-amz-crc32");
    }
    if (head.has_origin && head.method == "OPTIONS") {
      if (head.has_access_control_request_headers) {
        AddHeader(&res->headers, "Access-Control-Allow-Headers",
                  head.access_control_request_headers);
      }
      if (head.has_access_control_request_method) {
        AddHeader(&res->headers, "Access-Control-Allow-Methods",
                  head.access_control_request_method);
      }
      AddHeader(&res->headers, "Access-Control-Max-Age", "172800");
      res->status = 200;
      label = "OPTIONS (CORS preflight)";
    } else {
      HttpRequest request;
      // HEAD is answered as GET without the body (the loop leaves it out).
      request.method = head.method == "HEAD" ? std::string_view("GET") : head.method;
      request.content_type = head.content_type;
      request.target = head.target;
      request.authorization = head.authorization;
      request.body = body;
      Dispatch d = Classify(request, protocol, operations);
      switch (d.kind) {
        case Dispatch::Kind::kHealth:
          Respond(res, 200, health, "text/plain");
          if (!quiet) label = "health check";
          break;
        case Dispatch::Kind::kNotFound:
          Respond(res, 404, std::string(kNotFoundBody), "text/plain");
          if (!quiet) label = head.method + " (not a DynamoDB request)";
          break;
        case Dispatch::Kind::kError:
          Respond(res, d.http_status, std::move(d.error_body), d.content_type);
          if (!quiet) label = head.target.empty() ? std::string("(no X-Amz-Target)") : head.target;
          break;
        case Dispatch::Kind::kOperation: {
          int space_status = 0;
          std::string space_error;
          Namespace* space = space_of(head.authorization, &space_status, &space_error);
          if (!space) {
            Respond(res, space_status, std::move(space_error), d.content_type);
            if (!quiet) label = std::string(d.operation) + " (no namespace)";
            break;
          }
          Engine& target = *space->engine;
          DataDir* data = space->data.get();
          const uint64_t version = target.version();
          if (data_clock_pinned) request_clock = now_ms();
          // Without --throttle this is the one extra branch on the request's path.
          Result result = space->throttle
                              ? space->throttle->Execute(&target, d.operation, body)
                              : target.Execute(d.operation, body, ExecuteOptions{.effects = false});
          // A request that changed the engine (whatever its status: a BatchExecuteStatement
          // answers 200 with some statements failed) is logged before it is answered; one that
          // changed nothing is not. A TransactWriteItems is one record: all or nothing.
          if (data && target.version() != version) {
            std::string error;
            if (fatal || !data->Append(request_clock, d.operation, body, &error)) {
              if (!fatal) {
                std::fprintf(stderr, "monotable serve: %s; stopping\n", error.c_str());
                fatal = true;
                raise(SIGTERM);  // read by the loop: it stops after this batch
              }
              result.http_status = 500;
              result.status = Status(ErrorCode::kInternalServerError, "Internal server error");
              result.body =
                  "{\"__type\":\"com.amazonaws.dynamodb.v20120810#InternalServerError\","
                  "\"message\":\"Internal server error\"}";
            }
          }
          Respond(res, result.http_status, std::move(result.body), d.content_type);
          if (!quiet) {
            label = std::string(d.operation);
            if (!result.status.ok()) label += " " + std::string(ErrorName(result.status.code()));
          }
          break;
        }
      }
    }
    if (!quiet) {
      double ms =
          std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - started)
              .count();
      AppendLog(&log, "%d %s %.2f ms\n", res->status, label.c_str(), ms);
    }
  };
  // Requests the loop refuses itself (malformed, too large, too slow, too many connections) get
  // no body, but DynamoDB's headers. DynamoDB answers a body over 16 MB with 413 and no body.
  auto refuse = [&](int status, std::string_view reason, HttpResponse* res) {
    AddRequestIdHeader(&res->headers);
    AddHeader(&res->headers, "x-amz-crc32", "0");
    res->status = status;
    if (!quiet) {
      AppendLog(&log, "%d (refused: %.*s)\n", status, static_cast<int>(reason.size()),
                reason.data());
    }
  };

  EventLoopOptions loop_options;
  loop_options.limits.max_body_bytes = kMaxRequestBytes;
  loop_options.idle_timeout_ms = options.idle_timeout_ms;
  loop_options.request_timeout_ms = options.request_timeout_ms;
  loop_options.max_connections = options.max_connections;
  if (!options.data_dir.empty() && options.fsync == FsyncPolicy::kAlways) {
    loop_options.before_answers = [&spaces] {
      std::string error;
      for (auto& [key, space] : spaces) {
        if (!space->data->Sync(&error)) {
          // What was applied may not be on disk, and its answers are not sent: stop at once.
          std::fprintf(stderr, "monotable serve: %s; stopping\n", error.c_str());
          std::_Exit(1);
        }
      }
    };
  }
  loop_options.after_batch = [&log, &spaces, &fatal] {
    for (auto& [key, space] : spaces) {
      DataDir* data = space->data.get();
      if (!data || fatal || !data->NeedsCompaction()) continue;
      // A snapshot is a model file: backups, PITR and contributor insights settings and resource
      // policies are not in it, so while the engine holds any, the log (which replays them) is
      // kept whole instead of being compacted away.
      if (std::string kept = StateBeyondSnapshot(space->engine.get()); !kept.empty()) {
        data->PostponeCompaction();
        AppendLog(&log,
                  "monotable serve: not compacting the data directory of account %s, %s: a "
                  "snapshot cannot hold %s, so the log keeps it\n",
                  space->account.c_str(), space->region.c_str(), kept.c_str());
        continue;
      }
      std::string error;
      auto started = std::chrono::steady_clock::now();
      if (data->Compact(space->engine.get(), &error)) {
        double ms =
            std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - started)
                .count();
        AppendLog(&log,
                  "monotable serve: compacted the data directory of account %s, %s (%.0f ms)\n",
                  space->account.c_str(), space->region.c_str(), ms);
      } else {
        AppendLog(&log, "monotable serve: compaction failed (%s); the log keeps growing\n",
                  error.c_str());
      }
    }
    if (log.empty()) return;
    std::fwrite(log.data(), 1, log.size(), stderr);
    std::fflush(stderr);
    log.clear();
  };
  HttpEventLoop loop(loop_options, handle, refuse);

  // The stop signals are blocked before anything else could start a thread, and read by the loop.
  sigset_t stop_signals;
  sigemptyset(&stop_signals);
  sigaddset(&stop_signals, SIGINT);
  sigaddset(&stop_signals, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &stop_signals, nullptr);
  signal(SIGPIPE, SIG_IGN);

  std::string error;
  int port = loop.Listen(options.host, options.port, &error);
  if (port < 0) {
    std::fprintf(stderr, "monotable serve: cannot listen on %s:%d (%s)\n", options.host.c_str(),
                 options.port, error.c_str());
    return 1;
  }
  std::string shown_host = options.host;
  if (shown_host.find(':') != std::string::npos) shown_host = "[" + shown_host + "]";
  std::printf("monotable serve: listening on http://%s:%d\n", shown_host.c_str(), port);
  std::fflush(stdout);

  int sig = loop.Run(stop_signals, &error);
  if (sig < 0) {
    std::fprintf(stderr, "monotable serve: %s\n", error.c_str());
    return 1;
  }
  std::fprintf(stderr, "monotable serve: %s, stopping\n", sig == SIGINT ? "SIGINT" : "SIGTERM");
  const EventLoopStats& stats = loop.stats();
  std::fprintf(stderr,
               "monotable serve: stopped (%llu connections, at most %zu at once; %llu requests; "
               "%llu refused, %llu timed out, %llu turned away or evicted)\n",
               static_cast<unsigned long long>(stats.accepted), stats.peak_connections,
               static_cast<unsigned long long>(stats.requests),
               static_cast<unsigned long long>(stats.refused),
               static_cast<unsigned long long>(stats.timed_out),
               static_cast<unsigned long long>(stats.evicted));
  for (auto& [key, space] : spaces) {
    if (space->data) space->data->Close();
  }
  return fatal ? 1 : 0;
}

}  // namespace monotable::cli
