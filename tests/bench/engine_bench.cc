// engine_bench: the benchmark workload under Google Benchmark (native only): per item count, the
// load, every operation of workload.h through Engine::Execute, and the std::map baseline.
//
// usage: monotable_bench [--items N[,N...]] [Google Benchmark flags, e.g.
//        --benchmark_format=json --benchmark_min_time=0.2 --benchmark_filter=GetItem]
// Benchmarks are named <op>/<items>; one item count's engine is alive at a time (they are built
// lazily, in registration order, and dropped when the next count starts).
#include <benchmark/benchmark.h>

#include <cstdio>
#include <cstdlib>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "workload.h"

namespace monotable::bench {
namespace {

// The state of one item count: its engine, operations and baseline. Built on first use.
struct Fixture {
  uint64_t target_items = 0;
  uint64_t items = 0;
  std::unique_ptr<Engine> engine;
  std::vector<Operation> ops;
  std::unique_ptr<Baseline> baseline;
  // Next body of each operation. Kept across Google Benchmark's runs of one benchmark (it calls
  // the function several times): ship-order's pairs must not restart mid-pair, or the next run
  // would ship an order its predecessor already shipped.
  std::map<std::string, size_t> cursor;
};

std::unique_ptr<Fixture> g_fixture;

Fixture& FixtureFor(uint64_t target_items) {
  if (g_fixture && g_fixture->target_items == target_items) return *g_fixture;
  g_fixture.reset();  // free the previous count's engine first
  auto f = std::make_unique<Fixture>();
  f->target_items = target_items;
  Model model;
  Status s = GenerateOrders(target_items, &model);
  if (!s.ok()) {
    std::fprintf(stderr, "generate: %s\n", s.message().c_str());
    std::exit(1);
  }
  f->items = SizeOf(model).items;
  f->ops = MakeOperations(model);
  f->engine = std::make_unique<Engine>();
  s = LoadModel(model, f->engine.get());
  if (!s.ok()) {
    std::fprintf(stderr, "load: %s\n", s.message().c_str());
    std::exit(1);
  }
  for (const Operation& op : f->ops) {
    std::string error = CheckOperation(op, f->engine.get());
    if (!error.empty()) {
      std::fprintf(stderr, "%s\n", error.c_str());
      std::exit(1);
    }
  }
  f->baseline = std::make_unique<Baseline>(&model);
  g_fixture = std::move(f);
  return *g_fixture;
}

void Register(uint64_t target_items) {
  const std::string suffix = "/" + std::to_string(target_items);

  benchmark::RegisterBenchmark(
      ("load" + suffix).c_str(),
      [target_items](benchmark::State& state) {
        g_fixture.reset();
        Model model;
        if (!GenerateOrders(target_items, &model).ok()) std::exit(1);
        uint64_t items = SizeOf(model).items;
        for (auto _ : state) {
          Engine engine;
          Status s = LoadModel(model, &engine);
          if (!s.ok()) state.SkipWithError(s.message().c_str());
          state.PauseTiming();  // destroying a million items is not part of loading them
          { Engine dropped = std::move(engine); }
          state.ResumeTiming();
        }
        state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * items));
        state.counters["items"] = static_cast<double>(items);
      })
      ->Iterations(1)
      ->Unit(benchmark::kMillisecond);

  // One benchmark per operation. The ids are fixed by workload.cc; the fixture is built lazily.
  const char* kOps[] = {"get-item",   "recent-orders", "order-by-id",  "open-orders",
                        "ship-order", "put-order",     "query-filter", "scan-page"};
  for (const char* id_text : kOps) {
    std::string id = id_text;
    benchmark::RegisterBenchmark((id + suffix).c_str(), [target_items,
                                                         id](benchmark::State& state) {
      Fixture& f = FixtureFor(target_items);
      const Operation* op = nullptr;
      for (const Operation& o : f.ops) {
        if (o.id == id) op = &o;
      }
      if (!op) {
        state.SkipWithError("no such operation");
        return;
      }
      const size_t n = op->bodies.size();
      size_t& i = f.cursor[id];
      for (auto _ : state) {
        Result r = f.engine->Execute(op->operation, op->bodies[i++ % n]);
        if (r.http_status != 200) {
          state.SkipWithError(r.body.c_str());
          break;
        }
        benchmark::DoNotOptimize(r.body.data());
      }
      state.counters["items"] = static_cast<double>(f.items);
    })->Unit(benchmark::kMicrosecond);
  }

  benchmark::RegisterBenchmark(("baseline-get" + suffix).c_str(), [target_items](
                                                                      benchmark::State& state) {
    Fixture& f = FixtureFor(target_items);
    const auto& keys = f.baseline->get_keys;
    size_t i = 0;
    Item out;
    for (auto _ : state) {
      const auto& k = keys[i++ % keys.size()];
      benchmark::DoNotOptimize(f.baseline->Get(k.first, k.second, &out));
    }
  })->Unit(benchmark::kMicrosecond);
  benchmark::RegisterBenchmark(("baseline-range10" + suffix).c_str(), [target_items](
                                                                          benchmark::State& state) {
    Fixture& f = FixtureFor(target_items);
    const auto& parts = f.baseline->query_partitions;
    size_t i = 0;
    std::vector<Item> out;
    for (auto _ : state) {
      benchmark::DoNotOptimize(
          f.baseline->NewestInPartition(parts[i++ % parts.size()], "O#", 10, &out));
    }
  })->Unit(benchmark::kMicrosecond);
}

}  // namespace
}  // namespace monotable::bench

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  std::vector<uint64_t> items = {10000, 100000, 1000000};
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if (a == "--items" && i + 1 < argc) {
      items.clear();
      std::string list = argv[++i];
      size_t start = 0;
      while (start <= list.size()) {
        size_t comma = list.find(',', start);
        if (comma == std::string::npos) comma = list.size();
        if (comma > start)
          items.push_back(std::strtoull(list.substr(start, comma - start).c_str(), nullptr, 10));
        start = comma + 1;
      }
    } else {
      std::fprintf(stderr, "monotable_bench: unknown argument '%s'\n", a.c_str());
      return 2;
    }
  }
  for (uint64_t n : items) monotable::bench::Register(n);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
