// generator: GenerateExample and LoadExample (monotable/model.h), the built-in examples generated
// deterministically at any scale. examples/*.json are this code's output at seed 1, scale 1 (see
// docs/model-format.md, "Regenerating the examples"). Each example is a file of its own
// (generator_orders.cc, generator_vaultcommerce.cc, over generator_common.h, with their prose in
// core/model/prose/); this file resolves the scale and sends the items where they go: into the
// model, only counted, or straight into an engine.
#include <algorithm>
#include <cmath>
#include <cstdint>
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

// The whole example at `scale`: tables, patterns and tour into *m, items to `sink`.
void Run(std::string_view name, uint64_t seed, double scale, Model* m, ItemSink* sink) {
  if (name == "vaultcommerce") {
    generator_internal::GenerateVaultCommerce(seed, scale, m, sink);
  } else {
    generator_internal::GenerateOrders(seed, scale, m, sink);
  }
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

Status LoadExample(std::string_view name, const GenerateOptions& options, Engine* engine,
                   Model* out) {
  double scale = options.scale;
  if (Status s = CheckScale(scale); !s.ok()) return s;
  if (!KnownExample(name)) return UnknownExample(name);
  if (options.target_items > 0) {
    // Trial scales are counted, not kept.
    auto count_at = [&](double at) { return CountAt(name, options.seed, at); };
    Status s =
        ScaleForTarget(options.target_items, CountAt(name, options.seed, 1), count_at, &scale);
    if (!s.ok()) return s;
  }
  // All or nothing, as LoadModel: the engine is restored on any failure.
  Engine before(*engine);
  Model m;
  EngineWriter writer(engine);
  Run(name, options.seed, scale, &m, &writer);
  Status status = writer.Finish();
  if (!status.ok()) {
    *engine = std::move(before);
    return status;
  }
  SetGenerator(name, options.seed, scale, &m);
  *out = std::move(m);
  return Status::Ok();
}

}  // namespace monotable
