// generator_common: what the built-in examples' generators share (generator_orders.cc,
// generator_vaultcommerce.cc): seeded random streams, the dataset's clock and date text, the
// shared people and product catalogue, request-JSON helpers, and each example's prose (model
// description, pattern names and descriptions, tour), which is data:
// core/model/prose/<example>.json, embedded at build time by embed_examples.cmake. Private to
// core/model; knows nothing of how the items are kept (an ItemSink takes them).
//
// Determinism: only integer arithmetic decides data (no floating point, no std distributions), and
// every customer/user and product draws from its own random stream (seed, kind, index), so the
// entities of the scale-1 example are identical at every scale: the access patterns, which name
// concrete keys, return the same items at x1 and x1000, while a Scan reads the whole table.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "model/generation.h"
#include "model/model_internal.h"
#include "monotable/civil_time.h"
#include "monotable/model.h"
#include "monotable/number.h"
#include "monotable/value.h"

namespace monotable::generator_internal {

using model_internal::ItemSink;
using model_internal::OrderedJson;

// ---- randomness and time ----

struct Rng {
  uint64_t state;
  uint64_t Next() {  // splitmix64
    uint64_t z = (state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  uint32_t Below(uint32_t n) { return static_cast<uint32_t>(Next() % n); }
  bool Percent(uint32_t p) { return Below(100) < p; }
};

// The kinds of random stream; each entity of a kind has its own stream (StreamFor).
enum Stream : uint64_t { kNames = 1, kUser, kProduct, kCustomer, kBulk };

inline Rng StreamFor(uint64_t seed, Stream stream, uint64_t index) {
  Rng r{seed * 0xD1B54A32D192ED03ull ^ (static_cast<uint64_t>(stream) << 56) ^ index};
  r.Next();
  return r;
}

// The dataset's "now": every generated date lies before it.
constexpr int64_t kNow = 1764590400;  // 2025-12-01T12:00:00Z
constexpr int64_t kDay = 86400;

// The functions below run for every generated item (a million at x1000): defined here, inline.

// "2025-12-01T12:00:00Z" (or its first `length` characters). Digits written by hand: a million
// items format about two million times (docs/benchmarks.md, section 10).
// Times outside years 1970-9999 (never generated) take civil_time.h's snprintf path.
inline std::string IsoTime(int64_t t, size_t length = 20) {
  if (t < 0) return FormatUnixMs(t * 1000, TimeFormat::kIsoSeconds).substr(0, length);
  int64_t y;
  unsigned m, d;
  CivilFromDays(t / kDay, &y, &m, &d);
  if (y > 9999) return FormatUnixMs(t * 1000, TimeFormat::kIsoSeconds).substr(0, length);
  const unsigned s = static_cast<unsigned>(t % kDay);
  char buf[20];
  auto put2 = [&buf](int at, unsigned v) {
    buf[at] = static_cast<char>('0' + v / 10 % 10);
    buf[at + 1] = static_cast<char>('0' + v % 10);
  };
  put2(0, static_cast<unsigned>(y) / 100);
  put2(2, static_cast<unsigned>(y) % 100);
  buf[4] = '-';
  put2(5, m);
  buf[7] = '-';
  put2(8, d);
  buf[10] = 'T';
  put2(11, s / 3600);
  buf[13] = ':';
  put2(14, s / 60 % 60);
  buf[16] = ':';
  put2(17, s % 60);
  buf[19] = 'Z';
  return std::string(buf, length);
}

// "2025-12-01".
inline std::string IsoDate(int64_t t) { return IsoTime(t, 10); }

// `n` in decimal, zero-padded on the left to `width` digits.
inline std::string Padded(uint64_t n, int width) {
  std::string s = std::to_string(n);
  if (static_cast<int>(s.size()) < width) s.insert(0, static_cast<size_t>(width) - s.size(), '0');
  return s;
}

// ---- values ----

inline Value S(std::string s) { return Value::S(std::move(s)); }
inline Value N(int64_t n) { return Value::N(Number::FromInt(n)); }
// An amount in cents as decimal text ("1234" cents -> "12.34").
inline std::string MoneyText(int64_t cents) {
  return std::to_string(cents / 100) + "." + Padded(static_cast<uint64_t>(cents % 100), 2);
}
// The same amount as a number.
inline Value Money(int64_t cents) {
  Number n;
  (void)Number::Parse(MoneyText(cents), &n);
  return Value::N(n);
}

// ---- shared data ----

// Last names of the generated people (PersonAt draws from them).
constexpr uint32_t kLastCount = 48;
extern const char* const kLastNames[kLastCount];

struct CatalogEntry {
  const char* name;
  const char* category;
  const char* brand;
  int64_t cents;
};

// The store's catalogue: 40 products (scaled models repeat it as new editions).
constexpr uint32_t kCatalogSize = 40;
extern const CatalogEntry kCatalog[kCatalogSize];

// Product `index` (0-based, any scale): a catalogue entry, re-editioned beyond the first 40.
struct Product {
  std::string sku;
  std::string name;
  const CatalogEntry* base;  // into kCatalog
  int64_t cents;
};
Product ProductAt(uint64_t index);

// `s` with ASCII letters only, lower-cased (for email addresses).
std::string Lower(std::string s);

struct Person {
  std::string first, last, email;
};

// Person `i` (1-based). The first `block` people get distinct first and last names (a seeded
// permutation), so their emails are unique without numbers; later people get numbered emails.
Person PersonAt(uint64_t seed, uint64_t i, uint64_t block);

// `count` sorted random timestamps in [from, to).
std::vector<int64_t> SortedTimes(Rng* r, int64_t from, int64_t to, uint32_t count);

// How many entities `base` of them at scale 1 become at `scale`.
uint64_t CountFor(double scale, uint64_t base);

// ---- request JSON ----

inline std::string Compact(const OrderedJson& j) { return j.dump(); }
inline OrderedJson Av(const std::string& s) { return OrderedJson{{"S", s}}; }
inline OrderedJson AvN(const std::string& n) { return OrderedJson{{"N", n}}; }

// A PAY_PER_REQUEST CreateTable request, compact, for a table keyed PK (HASH) and SK (RANGE), all
// keys strings. GSI g (named gsi_names[g], projection ALL) takes the next one or two names of
// `gsi_keys` (two when gsi_has_sort[g]). `more_defs` and `more_gsis`: attribute definitions and
// indexes written as they are, after the single-attribute ones (Orders' multi-attribute
// ByStatusMulti).
std::string CreateTableJson(const std::string& table, const std::vector<std::string>& gsi_keys,
                            const std::vector<std::string>& gsi_names,
                            const std::vector<bool>& gsi_has_sort,
                            const std::vector<std::string>& more_defs = {},
                            const std::vector<OrderedJson>& more_gsis = {});

// ---- prose ----

// An example's prose, read from core/model/prose/<example>.json (embedded in the library):
//   {"description": "...",
//    "patterns": {"<pattern id>": {"name": "...", "description": "..."}, ...},
//    "tour": [<tour steps as in a model file: title, text, pattern | operation + request, lookAt>]}
// A pattern's description may hold placeholders, `{name}`, filled by the example's generator with
// what depends on the seed and scale (an order id, an email address). Other members are ignored
// (each file has a "comment").
struct PatternProse {
  std::string name, description;
};
struct ExampleProse {
  std::string description;
  std::map<std::string, PatternProse, std::less<>> patterns;
  std::vector<TourStep> tour;
};

// The prose of example `name` ("orders", "vaultcommerce"), parsed once and kept for the
// program's life. The files are part of the build, checked by GeneratorTest (the committed
// examples are the generator's output): a missing or malformed member reads as empty.
const ExampleProse& ProseOf(std::string_view name);

// What fills a text's placeholders: {"order", "100010"} fills `{order}`.
using Fills = std::vector<std::pair<std::string_view, std::string>>;

// `text` with every `{name}` named in `fills` replaced by its value; anything else as it is.
std::string Fill(std::string_view text, const Fills& fills);

// Access pattern `id` of the example whose prose is `prose`: its name and description (filled
// from `fills`) from the prose, the rest as given.
AccessPattern Pattern(const ExampleProse& prose, std::string id, std::string operation,
                      const OrderedJson& request, double rate, const Fills& fills = {});

// The examples, generated at `scale` from `seed`: tables, patterns and tour into *m, items to
// `sink` in the model's order (the generator stops early when the sink fails). Each pauses after
// every entity (Generation::Resume); `m` and `sink` must outlive the returned Generation.
Generation GenerateVaultCommerce(uint64_t seed, double scale, Model* m, ItemSink* sink);
Generation GenerateOrders(uint64_t seed, double scale, Model* m, ItemSink* sink);

}  // namespace monotable::generator_internal
