// view_bench: the playground's items view (ui/view_model.h BuildTablesView) at 100k and 1M items
// of the Orders example, under Google Benchmark (native only; docs/benchmarks.md, section 12).
// For each item count, two ways of building it side by side:
//   before  every row formatted into its cells and held (TablesViewOptions::format_every_row,
//           the way the view worked until issue 15)
//   after   rows hold their stored item, key and size; only the rows drawn are formatted (here:
//           a full cache's worth of the table's rows, kRowCacheRows, what a panel scrolled over
//           a few screens holds)
// Measured: the heap the view holds (glibc's mallinfo2 in-use bytes with and without the view,
// the engine loaded beside it) and the time of BuildTablesView after a PutItem, with the
// previous view freed, as App::RefreshAfterRun did.
//
// Then the refresh after a write both ways side by side (docs/benchmarks.md, section 14):
//   build   BuildTablesView from the previous view (a walk of every entry, every row moved)
//   patch   PatchTablesView: only the rows of the items the write touched
// for two writes: the profile put back with a new name (its rows replaced in place) and a new
// item put (rows inserted: the collection's rows are merged once and reflowed).
//
// Then the Result panel's view of a Scan's 1 MB page (docs/benchmarks.md, section 17), both ways:
//   tree    what BuildResultView did until then: the body parsed into nlohmann's tree, printed
//           from it for the JSON tab (dump(2)), every returned item's cells formatted, the tree
//           freed
//   reader  BuildResultView now (ui/response_json.h: the body read without a tree, the JSON
//           tab's text laid out from it), and the cells of a screen's rows (kScreenRows) drawn
//
// usage: monotable_view_bench [--items N[,N...]] [Google Benchmark flags]
// Prints Google Benchmark's lines, then the tables: items, heap and time, before and after.
#include <benchmark/benchmark.h>
#include <malloc.h>

#include <cstdio>
#include <cstdlib>
#include <map>
#include <memory>
#include <string>
#include <tuple>
#include <unordered_set>
#include <vector>

#include "monotable/engine.h"
#include "monotable/model.h"
#include "nlohmann/json.hpp"
#include "tests/core/api/effects_json_tree.h"
#include "ui/view_model.h"

namespace monotable::bench {
namespace {

struct Fixture {
  uint64_t target_items = 0;
  uint64_t items = 0;
  std::unique_ptr<Engine> engine;
  std::string profile;  // a customer's PROFILE item (wire JSON), put back with a new name
  uint64_t puts = 0;
};

std::unique_ptr<Fixture> g_fixture;

Fixture& FixtureFor(uint64_t target_items) {
  if (g_fixture && g_fixture->target_items == target_items) return *g_fixture;
  g_fixture.reset();
  auto f = std::make_unique<Fixture>();
  f->target_items = target_items;
  f->engine = std::make_unique<Engine>();
  GenerateOptions options;
  options.target_items = target_items;
  Model model;
  Status s = LoadExample("orders", options, f->engine.get(), &model);
  if (!s.ok()) {
    std::fprintf(stderr, "load: %s\n", s.message().c_str());
    std::exit(1);
  }
  for (const TableInfo& t : f->engine->Tables()) f->items += t.item_count;
  Result got = f->engine->Execute(
      "GetItem", R"({"TableName":"Orders","Key":{"PK":{"S":"C#c001"},"SK":{"S":"PROFILE"}}})");
  const size_t at = got.body.find("\"Item\":");
  if (!got.status.ok() || at == std::string::npos) {
    std::fprintf(stderr, "GetItem: %s\n", got.body.c_str());
    std::exit(1);
  }
  f->profile = got.body.substr(at + 7, got.body.size() - at - 8);  // {"Item":{...}}
  g_fixture = std::move(f);
  return *g_fixture;
}

// Bytes in use on the heap: small blocks plus the mmapped large ones (a collection's rows).
size_t HeapInUse() {
  const struct mallinfo2 info = mallinfo2();
  return info.uordblks + info.hblkhd;
}

// The PutItem the timed refresh follows: customer c001's profile put back with a new "name" (an
// attribute it has: the columns stay the same), so one stored item changes in the table and in
// the indexes that hold it.
Result PutProfile(Fixture& f) {
  std::string item = f.profile;
  const std::string name = "\"name\":{\"S\":\"";
  const size_t at = item.find(name);
  if (at != std::string::npos) {
    const size_t end = item.find('"', at + name.size());
    item.replace(at + name.size(), end - at - name.size(), "bench " + std::to_string(++f.puts));
  }
  return f.engine->Execute("PutItem", R"({"TableName":"Orders","Item":)" + item + "}");
}

// What the view of one mode cost, for the summary.
struct Figures {
  uint64_t items = 0;
  size_t heap_bytes = 0;
  size_t rows = 0;
  uint64_t formatted_to_build = 0;  // rows formatted building the view (and filling the cache)
  double refresh_ms = 0;
  uint64_t formatted_per_refresh = 0;
};
std::map<std::pair<uint64_t, int>, Figures> g_figures;  // (target items, before 0 / after 1)

void ViewAfterPut(benchmark::State& state) {
  const uint64_t target = static_cast<uint64_t>(state.range(0));
  const bool before = state.range(1) == 0;
  Fixture& f = FixtureFor(target);
  ui::TablesViewOptions options;
  options.format_every_row = before;
  const size_t heap_without = HeapInUse();
  const uint64_t formatted_at_start = ui::FormattedRowCount();
  auto view =
      std::make_unique<ui::TablesView>(ui::BuildTablesView(*f.engine, nullptr, nullptr, options));
  if (!before && !view->collections.empty()) {
    const ui::CollectionView& table = view->collections.front();
    for (size_t i = 0; i < table.rows.size() && i < ui::kRowCacheRows; ++i) {
      view->cell_source->Cells(table, table.rows[i]);
    }
  }
  Figures figures;
  figures.formatted_to_build = ui::FormattedRowCount() - formatted_at_start;
  figures.items = f.items;
  figures.heap_bytes = HeapInUse() - heap_without;
  for (const ui::CollectionView& c : view->collections) figures.rows += c.rows.size();
  uint64_t formatted = 0;
  for (auto _ : state) {
    state.PauseTiming();
    const Result put = PutProfile(f);
    if (!put.status.ok()) {
      state.SkipWithError(put.body.c_str());
      break;
    }
    const uint64_t formatted_before = ui::FormattedRowCount();
    state.ResumeTiming();
    auto previous = std::move(view);
    view = std::make_unique<ui::TablesView>(
        ui::BuildTablesView(*f.engine, &put.effects, previous.get(), options));
    previous.reset();
    state.PauseTiming();
    formatted += ui::FormattedRowCount() - formatted_before;
    state.ResumeTiming();
  }
  figures.formatted_per_refresh =
      state.iterations() ? formatted / static_cast<uint64_t>(state.iterations()) : 0;
  state.counters["items"] = static_cast<double>(f.items);
  state.counters["view_MB"] = static_cast<double>(figures.heap_bytes) / 1e6;
  state.counters["bytes_per_row"] =
      figures.rows ? static_cast<double>(figures.heap_bytes) / static_cast<double>(figures.rows)
                   : 0;
  state.counters["formatted_to_build"] = static_cast<double>(figures.formatted_to_build);
  state.counters["formatted_per_refresh"] = static_cast<double>(figures.formatted_per_refresh);
  Figures& kept = g_figures[{target, before ? 0 : 1}];
  kept = figures;
}

// A new item each time: an order note of customer c001 (a row inserted in the table's partition).
Result PutNote(Fixture& f) {
  return f.engine->Execute("PutItem", R"({"TableName":"Orders","Item":{"PK":{"S":"C#c001"},)"
                                      R"("SK":{"S":"NOTE#)" +
                                          std::to_string(++f.puts) + R"("},"text":{"S":"x"}}})");
}

struct RefreshFigures {
  uint64_t items = 0;
  double ms = 0;
  int64_t refused = 0;  // patches refused (then built)
};
// (target items, write 0 profile / 1 new note, 0 build / 1 patch)
std::map<std::tuple<uint64_t, int, int>, RefreshFigures> g_refresh;

void RefreshAfterWrite(benchmark::State& state) {
  const uint64_t target = static_cast<uint64_t>(state.range(0));
  const int write = static_cast<int>(state.range(1));
  const bool patch = state.range(2) == 1;
  Fixture& f = FixtureFor(target);
  auto view = std::make_unique<ui::TablesView>(ui::BuildTablesView(*f.engine, nullptr, nullptr));
  int64_t refused = 0;
  for (auto _ : state) {
    state.PauseTiming();
    const Result put = write == 0 ? PutProfile(f) : PutNote(f);
    if (!put.status.ok()) {
      state.SkipWithError(put.body.c_str());
      break;
    }
    state.ResumeTiming();
    if (!patch || !ui::PatchTablesView(*f.engine, put.effects, view.get())) {
      refused += patch ? 1 : 0;
      auto previous = std::move(view);
      view = std::make_unique<ui::TablesView>(
          ui::BuildTablesView(*f.engine, &put.effects, previous.get()));
      previous.reset();
    }
  }
  state.counters["refused"] = static_cast<double>(refused);
  g_refresh[{target, write, patch ? 1 : 0}].refused = refused;
  g_refresh[{target, write, patch ? 1 : 0}].items = f.items;
}

// The old BuildResultView's work for a page of Items (ui/view_model.cc before section 17).
struct TreeView {
  std::string json;
  std::vector<std::string> columns;
  std::vector<std::vector<std::string>> rows;
};
TreeView TreeResultView(const std::string& body, const std::vector<std::string>& keys) {
  using json = nlohmann::json;
  TreeView view;
  json doc = json::parse(body, nullptr, false);
  view.json = doc.dump(2);
  std::vector<const json*> items;
  if (doc.contains("Items") && doc["Items"].is_array()) {
    for (const json& item : doc["Items"]) items.push_back(&item);
  }
  std::unordered_set<std::string> seen;
  for (const std::string& name : keys) {
    for (const json* item : items) {
      if (item->contains(name) && seen.insert(name).second) view.columns.push_back(name);
    }
  }
  for (const json* item : items) {
    for (auto a = item->begin(); a != item->end(); ++a) {
      if (seen.insert(a.key()).second) view.columns.push_back(a.key());
    }
  }
  for (const json* item : items) {
    std::vector<std::string> row(view.columns.size());
    for (size_t c = 0; c < view.columns.size(); ++c) {
      auto a = item->find(view.columns[c]);
      if (a != item->end()) row[c] = ui::WireValueText(*a);
    }
    view.rows.push_back(std::move(row));
  }
  return view;
}

constexpr size_t kScreenRows = 40;  // a tall desktop Result panel's rows
struct ScanFigures {
  size_t body_bytes = 0, items = 0;
  double ms[2] = {0, 0};
};
ScanFigures g_scan;

void ResultOfScan(benchmark::State& state) {
  const bool tree = state.range(1) == 0;
  Fixture& f = FixtureFor(static_cast<uint64_t>(state.range(0)));
  const Result scan = f.engine->Execute("Scan", R"({"TableName":"Orders"})");
  if (!scan.status.ok()) {
    state.SkipWithError(scan.body.c_str());
    return;
  }
  const std::vector<std::string> keys = {"PK", "SK"};
  size_t items = 0;
  for (auto _ : state) {
    if (tree) {
      TreeView view = TreeResultView(scan.body, keys);
      items = view.rows.size();
      benchmark::DoNotOptimize(view);
    } else {
      ui::ResultView view = ui::BuildResultView("Scan", scan, keys);
      items = ui::ResultRowCount(view);
      for (size_t i = 0; i < items && i < kScreenRows; ++i) {
        benchmark::DoNotOptimize(ui::ResultRow(view, i));
      }
    }
  }
  g_scan.body_bytes = scan.body.size();
  g_scan.items = items;
  state.counters["body_KB"] = static_cast<double>(scan.body.size()) / 1024;
  state.counters["items"] = static_cast<double>(items);
}

struct EffectsFigures {
  size_t touched = 0, bytes = 0;
  double ms[2] = {0, 0};
};
EffectsFigures g_effects;

void EffectsOfScan(benchmark::State& state) {
  const bool tree = state.range(1) == 0;
  Fixture& f = FixtureFor(static_cast<uint64_t>(state.range(0)));
  const Result scan = f.engine->Execute("Scan", R"({"TableName":"Orders"})");
  if (!scan.status.ok()) {
    state.SkipWithError(scan.body.c_str());
    return;
  }
  size_t bytes = 0;
  for (auto _ : state) {
    std::string text =
        tree ? testing_reference::TreeEffectsJson(scan.effects) : EffectsToJson(scan.effects);
    bytes = text.size();
    benchmark::DoNotOptimize(text);
  }
  g_effects.touched = scan.effects.items.size();
  g_effects.bytes = bytes;
  state.counters["touched"] = static_cast<double>(g_effects.touched);
  state.counters["KB"] = static_cast<double>(bytes) / 1024;
}

// Keeps each run's mean CPU time per refresh for the summary.
class Reporter : public benchmark::ConsoleReporter {
 public:
  void ReportRuns(const std::vector<Run>& runs) override {
    ConsoleReporter::ReportRuns(runs);
    for (const Run& run : runs) {
      if (run.error_occurred || run.iterations == 0) continue;
      const std::string name = run.benchmark_name();
      if (name.rfind("ResultOfScan/", 0) == 0) {
        unsigned long long items = 0;
        int mode = 0;
        if (std::sscanf(name.c_str(), "ResultOfScan/%llu/%d", &items, &mode) == 2) {
          g_scan.ms[mode ? 1 : 0] = run.GetAdjustedRealTime();
        }
        continue;
      }
      if (name.rfind("EffectsOfScan/", 0) == 0) {
        unsigned long long items = 0;
        int mode = 0;
        if (std::sscanf(name.c_str(), "EffectsOfScan/%llu/%d", &items, &mode) == 2) {
          g_effects.ms[mode ? 1 : 0] = run.GetAdjustedRealTime();
        }
        continue;
      }
      if (name.rfind("RefreshAfterWrite/", 0) == 0) {
        // RefreshAfterWrite/<items>/<write>/<patch>
        unsigned long long items = 0;
        int write = 0, patch = 0;
        if (std::sscanf(name.c_str(), "RefreshAfterWrite/%llu/%d/%d", &items, &write, &patch) == 3) {
          g_refresh[{items, write, patch}].ms = run.GetAdjustedRealTime();
        }
        continue;
      }
      // ViewAfterPut/<items>/<mode>
      const size_t a = name.find('/'), b = name.find('/', a + 1);
      if (a == std::string::npos || b == std::string::npos) continue;
      const uint64_t items = std::stoull(name.substr(a + 1, b - a - 1));
      const int mode = std::stoi(name.substr(b + 1));
      g_figures[{items, mode}].refresh_ms = run.GetAdjustedRealTime();  // in ms (Unit below)
    }
  }
};

}  // namespace
}  // namespace monotable::bench

int main(int argc, char** argv) {
  using namespace monotable::bench;
  std::vector<int64_t> items = {100000, 1000000};
  std::vector<char*> rest;
  for (int i = 0; i < argc; ++i) {
    std::string arg = argv[i];
    if (arg == "--items" && i + 1 < argc) {
      items.clear();
      std::string list = argv[++i];
      for (size_t at = 0; at <= list.size();) {
        size_t comma = list.find(',', at);
        if (comma == std::string::npos) comma = list.size();
        items.push_back(std::stoll(list.substr(at, comma - at)));
        at = comma + 1;
      }
      continue;
    }
    rest.push_back(argv[i]);
  }
  for (int64_t n : items) {
    for (int64_t mode : {0, 1}) {
      benchmark::RegisterBenchmark("ViewAfterPut", ViewAfterPut)
          ->Args({n, mode})
          ->Unit(benchmark::kMillisecond)
          ->Iterations(n >= 1000000 ? 5 : 20)
          ->UseRealTime();
    }
  }
  for (int64_t n : items) {
    for (int64_t write : {0, 1}) {
      for (int64_t patch : {0, 1}) {
        benchmark::RegisterBenchmark("RefreshAfterWrite", RefreshAfterWrite)
            ->Args({n, write, patch})
            ->Unit(benchmark::kMillisecond)
            ->Iterations(patch ? 200 : (n >= 1000000 ? 5 : 20))
            ->UseRealTime();
      }
    }
  }
  for (int64_t mode : {0, 1}) {
    benchmark::RegisterBenchmark("ResultOfScan", ResultOfScan)
        ->Args({items.front(), mode})
        ->Unit(benchmark::kMillisecond)
        ->Iterations(20)
        ->UseRealTime();
  }
  for (int64_t mode : {0, 1}) {
    benchmark::RegisterBenchmark("EffectsOfScan", EffectsOfScan)
        ->Args({items.front(), mode})
        ->Unit(benchmark::kMillisecond)
        ->Iterations(20)
        ->UseRealTime();
  }
  int rest_argc = static_cast<int>(rest.size());
  benchmark::Initialize(&rest_argc, rest.data());
  Reporter reporter;
  benchmark::RunSpecifiedBenchmarks(&reporter);
  std::printf(
      "\n| items (rows held) | view heap, before | after | per row, before / after | rows "
      "formatted to build it, before / after | BuildTablesView after a PutItem, before | after | "
      "rows it formats, before / after |\n|--:|--:|--:|--:|--:|--:|--:|--:|\n");
  for (int64_t n : items) {
    const Figures& b = g_figures[{static_cast<uint64_t>(n), 0}];
    const Figures& a = g_figures[{static_cast<uint64_t>(n), 1}];
    auto per_row = [](const Figures& f) { return f.rows ? f.heap_bytes / f.rows : 0; };
    std::printf(
        "| %llu (%zu) | %.1f MB | %.1f MB | %zu / %zu B | %llu / %llu | %.1f ms | %.1f ms | %llu / "
        "%llu |\n",
        static_cast<unsigned long long>(b.items), b.rows, b.heap_bytes / 1e6, a.heap_bytes / 1e6,
        per_row(b), per_row(a), static_cast<unsigned long long>(b.formatted_to_build),
        static_cast<unsigned long long>(a.formatted_to_build), b.refresh_ms, a.refresh_ms,
        static_cast<unsigned long long>(b.formatted_per_refresh),
        static_cast<unsigned long long>(a.formatted_per_refresh));
  }
  std::printf(
      "\n| items | refresh after a put in place: build | patch | after a new item: build | "
      "patch | patches refused |\n|--:|--:|--:|--:|--:|--:|\n");
  for (int64_t n : items) {
    const uint64_t t = static_cast<uint64_t>(n);
    const RefreshFigures &pb = g_refresh[{t, 0, 0}], &pp = g_refresh[{t, 0, 1}],
                         &nb = g_refresh[{t, 1, 0}], &np = g_refresh[{t, 1, 1}];
    std::printf("| %llu | %.2f ms | %.3f ms | %.2f ms | %.3f ms | %lld |\n",
                static_cast<unsigned long long>(pb.items), pb.ms, pp.ms, nb.ms,
                np.ms, static_cast<long long>(pp.refused + np.refused));
  }
  std::printf(
      "\n| the Result panel's view of a Scan page | tree (before) | reader (now) | ratio |\n"
      "|---|--:|--:|--:|\n| %zu items, %.0f KB | %.2f ms | %.2f ms | %.1fx |\n",
      g_scan.items, g_scan.body_bytes / 1024.0, g_scan.ms[0], g_scan.ms[1],
      g_scan.ms[1] > 0 ? g_scan.ms[0] / g_scan.ms[1] : 0);
  std::printf(
      "\n| a Scan page's effects as JSON text | tree (before) | text (now) | ratio |\n"
      "|---|--:|--:|--:|\n| %zu items touched, %.0f KB | %.2f ms | %.2f ms | %.1fx |\n",
      g_effects.touched, g_effects.bytes / 1024.0, g_effects.ms[0], g_effects.ms[1],
      g_effects.ms[1] > 0 ? g_effects.ms[0] / g_effects.ms[1] : 0);
  benchmark::Shutdown();
  return 0;
}
