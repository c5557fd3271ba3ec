// generator: GenerateExample and LoadExample (monotable/model.h), the built-in examples generated
// deterministically at any scale. examples/*.json are this code's output at seed 1, scale 1 (see
// docs/model-format.md, "Regenerating the examples"). Each example is a file of its own
// (generator_orders.cc, generator_vaultcommerce.cc, over generator_common.h, with their prose in
// core/model/prose/); this file resolves the scale and sends the items where they go: into the
// model, only counted, or straight into an engine.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "model/generator_common.h"
#include "model/model_internal.h"
#include "monotable/model.h"

namespace monotable {

using model_internal::EngineWriter;
using model_internal::ItemSink;

namespace {

// GenerateExample's items, kept in the model's tables.
class ModelSink : public ItemSink {
 public:
  void BeginTable(const ModelTable& table, uint64_t expected_items) override {
    tables_.emplace_back();
    tables_.back().reserve(static_cast<size_t>(expected_items));
  }
  void Add(Item item) override { tables_.back().push_back(std::move(item)); }
  // The items of the model's tables, in order (the generator adds the tables after their items).
  void MoveInto(Model* m) {
    for (size_t i = 0; i < tables_.size() && i < m->tables.size(); ++i) {
      m->tables[i].items = std::move(tables_[i]);
    }
  }

 private:
  std::vector<std::vector<Item>> tables_;
};

// Only counts: what target_items needs to know of a trial scale.
class CountingSink : public ItemSink {
 public:
  void BeginTable(const ModelTable&, uint64_t) override {}
  void Add(Item) override { ++count_; }
  uint64_t count() const { return count_; }

 private:
  uint64_t count_ = 0;
};

bool KnownExample(std::string_view name) { return name == "vaultcommerce" || name == "orders"; }

Status UnknownExample(std::string_view name) {
  return Status::Validation("unknown example \"" + std::string(name) +
                            "\" (known: vaultcommerce, orders)");
}

// The whole example at `scale`: tables, patterns and tour into *m, items to `sink`; paused before
// its first entity (Resume or RunToEnd generates).
generator_internal::Generation Begin(std::string_view name, uint64_t seed, double scale, Model* m,
                                     ItemSink* sink) {
  if (name == "vaultcommerce") return generator_internal::GenerateVaultCommerce(seed, scale, m, sink);
  return generator_internal::GenerateOrders(seed, scale, m, sink);
}

void Run(std::string_view name, uint64_t seed, double scale, Model* m, ItemSink* sink) {
  Begin(name, seed, scale, m, sink).RunToEnd();
}

// Items at `scale`, without keeping them.
uint64_t CountAt(std::string_view name, uint64_t seed, double scale) {
  Model m;
  CountingSink counter;
  Run(name, seed, scale, &m, &counter);
  return counter.count();
}

// The scale for options.target_items: the scale-1 count gives a first guess; fixed parts (the bulk
// orders, the catalogue blocks) make items per customer uneven, so the count at that guess,
// `count_at(guess)`, corrects it once (when off by more than 1%).
template <typename CountAt>
Status ScaleForTarget(uint64_t target_items, uint64_t base_count, const CountAt& count_at,
                      double* scale) {
  double guess = std::max(1.0, static_cast<double>(target_items) / static_cast<double>(base_count));
  if (guess > 100000) return Status::Validation("target item count too large");
  *scale = guess;
  if (guess == 1) return Status::Ok();
  double corrected =
      guess * static_cast<double>(target_items) / static_cast<double>(count_at(guess));
  if (corrected >= 1 && std::fabs(corrected - guess) > guess * 0.01) *scale = corrected;
  return Status::Ok();
}

Status CheckScale(double scale) {
  if (!(scale >= 1) || scale > 100000) {
    return Status::Validation("scale must be between 1 and 100000");
  }
  return Status::Ok();
}

void SetGenerator(std::string_view name, uint64_t seed, double scale, Model* m) {
  m->generator = std::string(name);
  m->generator_seed = seed;
  m->generator_scale = scale;
}

}  // namespace

Status GenerateExample(std::string_view name, const GenerateOptions& options, Model* out) {
  double scale = options.scale;
  if (Status s = CheckScale(scale); !s.ok()) return s;
  if (!KnownExample(name)) return UnknownExample(name);
  Model m;
  double generated_scale = 0;  // the scale m holds, 0: none yet
  auto generate = [&](double at) {
    m = Model();
    ModelSink items;
    Run(name, options.seed, at, &m, &items);
    items.MoveInto(&m);
    generated_scale = at;
    return m.ItemCount();
  };
  if (options.target_items > 0) {
    // The scale-1 example is generated (not only counted) for the first guess: when the target
    // resolves to scale 1 it is the answer as it stands. The trial at the first guess is kept
    // too: usually it is the answer.
    const uint64_t base_count = generate(1);
    Status s = ScaleForTarget(options.target_items, base_count, generate, &scale);
    if (!s.ok()) return s;
  }
  if (generated_scale != scale) generate(scale);
  SetGenerator(name, options.seed, scale, &m);
  *out = std::move(m);
  return Status::Ok();
}

// The scale LoadExample and ExampleLoad load: options.scale, or the one for target_items.
Status ResolveScale(std::string_view name, const GenerateOptions& options, double* scale) {
  *scale = options.scale;
  if (Status s = CheckScale(*scale); !s.ok()) return s;
  if (!KnownExample(name)) return UnknownExample(name);
  if (options.target_items > 0) {
    // Trial scales are counted, not kept.
    auto count_at = [&](double at) { return CountAt(name, options.seed, at); };
    return ScaleForTarget(options.target_items, CountAt(name, options.seed, 1), count_at, scale);
  }
  return Status::Ok();
}

struct ExampleLoad::Impl {
  explicit Impl(Engine* e) : engine(e), before(*e), writer(e) {}
  Engine* engine;
  Engine before;  // all or nothing, as LoadModel: restored on any failure
  model_internal::EngineWriter writer;
  Model m;
  std::string name;
  uint64_t seed = 0;
  double scale = 1;
  generator_internal::Generation generation;
  bool done = false;
};

ExampleLoad::ExampleLoad() = default;
ExampleLoad::~ExampleLoad() = default;
ExampleLoad::ExampleLoad(ExampleLoad&&) noexcept = default;
ExampleLoad& ExampleLoad::operator=(ExampleLoad&&) noexcept = default;

Status ExampleLoad::Start(std::string_view name, const GenerateOptions& options, Engine* engine) {
  double scale = 1;
  if (Status s = ResolveScale(name, options, &scale); !s.ok()) return s;
  impl_ = std::make_unique<Impl>(engine);
  impl_->name = std::string(name);
  impl_->seed = options.seed;
  impl_->scale = scale;
  // The coroutine keeps pointers to the model and the writer: both live in *impl_, which does
  // not move (a unique_ptr's object) while the generation runs.
  impl_->generation = Begin(impl_->name, options.seed, scale, &impl_->m, &impl_->writer);
  return Status::Ok();
}

bool ExampleLoad::Step(double budget_ms) {
  if (!impl_ || impl_->done) return true;
  const auto start = std::chrono::steady_clock::now();
  // The clock is read every few entities: an entity is microseconds of work.
  for (int n = 0;; ++n) {
    if (!impl_->generation.Resume() || !impl_->writer.ok()) {
      impl_->done = true;
      return true;
    }
    if (n % 8 == 7) {
      const std::chrono::duration<double, std::milli> spent =
          std::chrono::steady_clock::now() - start;
      if (spent.count() >= budget_ms) return false;
    }
  }
}

uint64_t ExampleLoad::items_loaded() const { return impl_ ? impl_->writer.items() : 0; }

uint64_t ExampleLoad::items_expected() const {
  return impl_ ? impl_->writer.expected_items() : 0;
}

Status ExampleLoad::Finish(Model* out) {
  if (!impl_) return Status::Validation("no example is being loaded");
  impl_->generation.RunToEnd();  // nothing left after Step's true; any rest is generated here
  Status status = impl_->writer.Finish();
  if (!status.ok()) {
    *impl_->engine = std::move(impl_->before);
    impl_.reset();
    return status;
  }
  SetGenerator(impl_->name, impl_->seed, impl_->scale, &impl_->m);
  *out = std::move(impl_->m);
  impl_.reset();
  return Status::Ok();
}

Status LoadExample(std::string_view name, const GenerateOptions& options, Engine* engine,
                   Model* out) {
  ExampleLoad load;
  if (Status s = load.Start(name, options, engine); !s.ok()) return s;
  while (!load.Step(1e9)) {
  }
  return load.Finish(out);
}

}  // namespace monotable
