// harness: a small timing harness for the benchmark workload, the same source natively and under
// node (Google Benchmark does not build for WebAssembly), so native and WebAssembly figures come
// from identical code. Also measures memory per item with a counting allocator (every operator
// new in this binary goes through it), and the plain std::map baseline.
//
// usage: monotable_bench_lite [--items N[,N...]] [--min-ms MS] [--reps R] [--warmup N] [--json]
//                             [--ops a,b]
//   --items   item counts of the scaled Orders example (default 10000,100000,1000000)
//   --min-ms  minimum time per repetition of one operation (default 200)
//   --reps    repetitions; the fastest is reported (least disturbed by other load; default 3)
//   --iterations K  run exactly K iterations per repetition instead of --min-ms (for callgrind:
//             `valgrind --tool=callgrind --toggle-collect='*TimedLoop*' monotable_bench_lite
//             --items 10000 --ops get-item --iterations 1000 --reps 1` counts the instructions of
//             1000 GetItems and nothing else)
//   --json    one JSON object per line, for scripts/bench (otherwise a readable table)
//   --warmup N  before anything is timed, load N items and run every operation for a moment,
//             unreported (default 2000; none with --iterations, so that callgrind counts only the
//             timed loops; 0: none). Under node this is what makes the figures comparable: V8
//             compiles a WebAssembly function when it is first called, with its baseline compiler
//             (Liftoff), and recompiles it with the optimizing one on a background thread once it
//             is hot, so without a warm-up the first figures (the first load above all) time V8's
//             compilers and Liftoff's code: load at 10k items took 3.3x its warm time. Natively
//             the warm-up only warms caches and the allocator.
//   --ops     only these operation ids, baseline-get and baseline-range10 included (load and
//             memory always run)
//   --dump N PREFIX  instead of benchmarking, write the workload for N items for the HTTP client
//             (tests/bench/endpoint.mjs): PREFIX.model.json (the model file: CreateTable and
//             items) and PREFIX.ops.json ([{id, title, operation, bodies}])
// Exit status: 0, or 1 when a request of the workload failed (its error is printed).
#include <malloc.h>

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <new>
#include <string>
#include <vector>

#include "workload.h"

#ifdef __EMSCRIPTEN__
#include <emscripten.h>
#endif

// ---- Counting allocator: live bytes of everything allocated with operator new. ----
namespace {
int64_t g_live_bytes = 0;
}  // namespace

void* operator new(size_t n) {
  void* p = std::malloc(n ? n : 1);
  if (!p) std::abort();  // out of memory: nothing sensible to do in a benchmark
  g_live_bytes += static_cast<int64_t>(malloc_usable_size(p));
  return p;
}
void* operator new[](size_t n) { return operator new(n); }
void operator delete(void* p) noexcept {
  if (!p) return;
  g_live_bytes -= static_cast<int64_t>(malloc_usable_size(p));
  std::free(p);
}
void operator delete[](void* p) noexcept { operator delete(p); }
void operator delete(void* p, size_t) noexcept { operator delete(p); }
void operator delete[](void* p, size_t) noexcept { operator delete(p); }

namespace monotable::bench {
namespace {

#ifdef __EMSCRIPTEN__
// Node's process CPU time (user + system) in microseconds; wall-clock time outside node.
EM_JS(double, JsCpuMicros, (), {
  if (typeof process == 'object' && process.cpuUsage) {
    const u = process.cpuUsage();
    return u.user + u.system;
  }
  return performance.now() * 1000;
});
double CpuNs() { return JsCpuMicros() * 1000.0; }
double WallNs() { return emscripten_get_now() * 1e6; }
const char* kTarget = "wasm";
#else
double CpuNs() {
  timespec ts;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return ts.tv_sec * 1e9 + ts.tv_nsec;
}
double WallNs() {
  return static_cast<double>(std::chrono::duration_cast<std::chrono::nanoseconds>(
                                 std::chrono::steady_clock::now().time_since_epoch())
                                 .count());
}
const char* kTarget = "native";
#endif

struct Options {
  std::vector<uint64_t> items = {10000, 100000, 1000000};
  double min_ms = 200;
  uint64_t iterations = 0;  // 0: time-bounded (min_ms)
  int reps = 3;
  int64_t warmup = -1;  // items of the untimed warm-up run; 0: none; -1: the default
  bool quiet = false;   // the warm-up run: time nothing worth printing, print nothing
  bool json = false;
  std::vector<std::string> ops;
};

struct Timing {
  double cpu_ns = 0;   // per operation, fastest repetition
  double wall_ns = 0;  // per operation, fastest repetition
  uint64_t iterations = 0;
};

// The timed loop: fn(i) for `count` consecutive i. Not inlined, so callgrind can count exactly
// the instructions spent inside it (--toggle-collect='*TimedLoop*').
template <typename Fn>
[[gnu::noinline]] void TimedLoop(Fn& fn, uint64_t* i, uint64_t count) {
  for (uint64_t b = 0; b < count; ++b) fn((*i)++);
}

// Runs `fn(i)` for i = 0, 1, ... in batches until min_ms of wall time passed (or exactly
// o.iterations times), `reps` times.
template <typename Fn>
Timing Measure(const Options& o, Fn fn) {
  Timing best;
  uint64_t i = 0;
  for (int rep = 0; rep < o.reps; ++rep) {
    double cpu0 = CpuNs(), wall0 = WallNs();
    uint64_t n = 0;
    uint64_t batch = 1;
    double wall = 0;
    if (o.iterations) {
      TimedLoop(fn, &i, o.iterations);
      n = o.iterations;
      wall = WallNs() - wall0;
    }
    while (!o.iterations && wall < o.min_ms * 1e6) {
      TimedLoop(fn, &i, batch);
      n += batch;
      if (batch < 1024) batch *= 2;
      wall = WallNs() - wall0;
    }
    double cpu = (CpuNs() - cpu0) / n;
    double w = wall / n;
    if (rep == 0 || cpu < best.cpu_ns) best.cpu_ns = cpu;
    if (rep == 0 || w < best.wall_ns) best.wall_ns = w;
    best.iterations += n;
  }
  return best;
}

void Print(const Options& o, uint64_t items, const std::string& id, const std::string& title,
           const Timing& t) {
  if (o.quiet) return;
  if (o.json) {
    std::printf(
        "{\"target\":\"%s\",\"items\":%llu,\"op\":\"%s\",\"cpu_ns\":%.1f,\"wall_ns\":%.1f,"
        "\"iterations\":%llu}\n",
        kTarget, static_cast<unsigned long long>(items), id.c_str(), t.cpu_ns, t.wall_ns,
        static_cast<unsigned long long>(t.iterations));
  } else {
    std::printf("  %-58s %12.0f ns cpu %12.0f ns wall %9llu it\n", title.c_str(), t.cpu_ns,
                t.wall_ns, static_cast<unsigned long long>(t.iterations));
  }
  std::fflush(stdout);
}

// Returns false when a request of the workload failed.
bool RunOne(const Options& o, uint64_t target_items) {
  Model model;
  const int64_t live_before_model = g_live_bytes;
  double cpu0 = CpuNs();
  Status s = GenerateOrders(target_items, &model);
  double generate_ns = CpuNs() - cpu0;
  // The items as plain Items (std::map of Values) in the model: what the value representation
  // alone costs, before any table or index structure.
  const int64_t model_bytes = g_live_bytes - live_before_model;
  if (!s.ok()) {
    std::fprintf(stderr, "generate: %s\n", s.message().c_str());
    return false;
  }
  DataSize data = SizeOf(model);
  std::vector<Operation> ops = MakeOperations(model);
  if (!o.json && !o.quiet) {
    std::printf("%s, Orders x %llu items (%.1f MB of DynamoDB item size)\n", kTarget,
                static_cast<unsigned long long>(data.items), data.bytes / 1e6);
  }

  // Load: CreateTable + BatchWriteItem through Execute (LoadModel), counting what stays allocated.
  auto engine = std::make_unique<Engine>();
  int64_t live0 = g_live_bytes;
  cpu0 = CpuNs();
  double wall0 = WallNs();
  s = LoadModel(model, engine.get());
  Timing load{CpuNs() - cpu0, WallNs() - wall0, 1};
  int64_t engine_bytes = g_live_bytes - live0;
  if (!s.ok()) {
    std::fprintf(stderr, "load: %s\n", s.message().c_str());
    return false;
  }
  const uint64_t items = data.items;
  if (o.quiet) {
    // the warm-up: nothing to report
  } else if (o.json) {
    std::printf(
        "{\"target\":\"%s\",\"items\":%llu,\"op\":\"generate\",\"cpu_ns\":%.0f}\n"
        "{\"target\":\"%s\",\"items\":%llu,\"op\":\"load\",\"cpu_ns\":%.0f,\"wall_ns\":%.0f}\n"
        "{\"target\":\"%s\",\"items\":%llu,\"op\":\"memory\",\"engine_bytes\":%lld,"
        "\"model_bytes\":%lld,\"item_bytes\":%llu}\n",
        kTarget, static_cast<unsigned long long>(items), generate_ns, kTarget,
        static_cast<unsigned long long>(items), load.cpu_ns, load.wall_ns, kTarget,
        static_cast<unsigned long long>(items), static_cast<long long>(engine_bytes),
        static_cast<long long>(model_bytes), static_cast<unsigned long long>(data.bytes));
  } else {
    std::printf("  %-58s %12.0f ms cpu\n", "generate the model", generate_ns / 1e6);
    std::printf("  %-58s %12.0f ms cpu %12.0f ms wall (%.0f ns/item)\n",
                "load (CreateTable + BatchWriteItem x 25)", load.cpu_ns / 1e6, load.wall_ns / 1e6,
                load.cpu_ns / items);
    std::printf(
        "  %-58s %12.1f bytes/item allocated (the items alone as Items: %.1f; DynamoDB size "
        "%.1f)\n",
        "memory", static_cast<double>(engine_bytes) / items,
        static_cast<double>(model_bytes) / items, static_cast<double>(data.bytes) / items);
  }

  auto wanted = [&o](const std::string& id) {
    if (o.ops.empty()) return true;
    for (const std::string& w : o.ops) {
      if (w == id) return true;
    }
    return false;
  };
  for (const Operation& op : ops) {
    if (!wanted(op.id)) continue;
    std::string error = CheckOperation(op, engine.get());
    if (!error.empty()) {
      std::fprintf(stderr, "%s\n", error.c_str());
      return false;
    }
    const size_t n = op.bodies.size();
    Timing t = Measure(o, [&](uint64_t i) {
      Result r = engine->Execute(op.operation, op.bodies[i % n]);
      if (r.http_status != 200) std::abort();  // checked above: cannot fail
    });
    Print(o, items, op.id, op.title, t);
  }

  // The baseline: the same keys in a std::map, no JSON, no expressions, no capacity.
  Baseline baseline(&model);
  if (wanted("baseline-get")) {
    const size_t n = baseline.get_keys.size();
    Item out;
    Timing t = Measure(o, [&](uint64_t i) {
      const auto& k = baseline.get_keys[i % n];
      if (!baseline.Get(k.first, k.second, &out)) std::abort();
    });
    Print(o, items, "baseline-get", "baseline: std::map find + copy the item", t);
  }
  if (wanted("baseline-range10")) {
    const size_t n = baseline.query_partitions.size();
    std::vector<Item> out;
    Timing t = Measure(o, [&](uint64_t i) {
      baseline.NewestInPartition(baseline.query_partitions[i % n], "O#", 10, &out);
    });
    Print(o, items, "baseline-range10", "baseline: std::map range scan, 10 newest, copied", t);
  }
  return true;
}

// Writes the workload for the HTTP client (see --dump). Returns an exit status.
int Dump(uint64_t target_items, const std::string& prefix) {
  Model model;
  Status s = GenerateOrders(target_items, &model);
  if (!s.ok()) {
    std::fprintf(stderr, "generate: %s\n", s.message().c_str());
    return 1;
  }
  std::vector<Operation> ops = MakeOperations(model);
  std::string text = "[";
  for (size_t i = 0; i < ops.size(); ++i) {
    const Operation& op = ops[i];
    // Ids, titles and operation names are plain ASCII without quotes; bodies are JSON objects.
    text += i ? ",\n" : "\n";
    text += "{\"id\":\"" + op.id + "\",\"title\":\"" + op.title + "\",\"operation\":\"" +
            op.operation + "\",\"bodies\":[";
    for (size_t b = 0; b < op.bodies.size(); ++b) text += (b ? "," : "") + op.bodies[b];
    text += "]}";
  }
  text += "\n]\n";
  const std::string model_text = SerializeModel(model);
  const std::string* texts[] = {&model_text, &text};
  const std::string paths[] = {prefix + ".model.json", prefix + ".ops.json"};
  for (int k = 0; k < 2; ++k) {
    const std::string& path = paths[k];
    const std::string* content = texts[k];
    FILE* f = std::fopen(path.c_str(), "wb");
    if (!f || std::fwrite(content->data(), 1, content->size(), f) != content->size()) {
      std::fprintf(stderr, "cannot write %s\n", path.c_str());
      if (f) std::fclose(f);
      return 1;
    }
    std::fclose(f);
  }
  return 0;
}

bool ParseList(const char* text, std::vector<std::string>* out) {
  out->clear();
  std::string cur;
  for (const char* p = text;; ++p) {
    if (*p == ',' || *p == '\0') {
      if (!cur.empty()) out->push_back(cur);
      cur.clear();
      if (*p == '\0') break;
    } else {
      cur += *p;
    }
  }
  return !out->empty();
}

}  // namespace
}  // namespace monotable::bench

int main(int argc, char** argv) {
  using namespace monotable::bench;
  Options o;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    const char* next = i + 1 < argc ? argv[i + 1] : nullptr;
    if (a == "--json") {
      o.json = true;
    } else if (a == "--items" && next) {
      std::vector<std::string> parts;
      ParseList(argv[++i], &parts);
      o.items.clear();
      for (const std::string& p : parts) o.items.push_back(std::strtoull(p.c_str(), nullptr, 10));
    } else if (a == "--min-ms" && next) {
      o.min_ms = std::atof(argv[++i]);
    } else if (a == "--iterations" && next) {
      o.iterations = std::strtoull(argv[++i], nullptr, 10);
    } else if (a == "--warmup" && next) {
      o.warmup = std::strtoll(argv[++i], nullptr, 10);
    } else if (a == "--reps" && next) {
      o.reps = std::atoi(argv[++i]);
    } else if (a == "--ops" && next) {
      ParseList(argv[++i], &o.ops);
    } else if (a == "--dump" && i + 2 < argc) {
      uint64_t n = std::strtoull(argv[i + 1], nullptr, 10);
      return Dump(n ? n : 1, argv[i + 2]);
    } else {
      std::fprintf(stderr, "monotable_bench_lite: unknown argument '%s'\n", a.c_str());
      return 2;
    }
  }
  if (o.reps < 1) o.reps = 1;
  if (o.warmup < 0) o.warmup = o.iterations ? 0 : 2000;
  if (o.warmup > 0) {
    Options warm = o;
    warm.quiet = true;
    warm.min_ms = 20;
    warm.iterations = 0;
    warm.reps = 1;
    if (!RunOne(warm, static_cast<uint64_t>(o.warmup))) return 1;
  }
  for (uint64_t n : o.items) {
    if (n == 0) continue;
    if (!RunOne(o, n)) return 1;
  }
  return 0;
}
