// generator_common: see generator_common.h.
#include "model/generator_common.h"

#include <algorithm>
#include <cmath>

// The examples' prose files, embedded by embed_examples.cmake (builtin_prose.cc).
namespace monotable::model_internal {
struct EmbeddedText {
  std::string_view name;
  std::string_view text;
};
extern const EmbeddedText kEmbeddedProse[];
}  // namespace monotable::model_internal

namespace monotable::generator_internal {

// ---- shared data ----

namespace {

const char* const kFirstNames[] = {
    "Ada",     "Amara",  "Aiko",    "Bruno", "Chloe", "Dmitri", "Elena",   "Farah",
    "Gabriel", "Hana",   "Ibrahim", "Ines",  "Jonas", "Kavya",  "Liam",    "Lucia",
    "Mateo",   "Mei",    "Nadia",   "Noah",  "Olga",  "Oscar",  "Priya",   "Quinn",
    "Rafael",  "Rosa",   "Samir",   "Sofia", "Tariq", "Thea",   "Uma",     "Victor",
    "Wen",     "Xavier", "Yara",    "Yusuf", "Zoe",   "Arjun",  "Beatriz", "Connor",
    "Daniela", "Emil",   "Freya",   "Hugo",  "Isla",  "Kenji",  "Leila",   "Marcus"};
constexpr uint32_t kFirstCount = sizeof(kFirstNames) / sizeof(kFirstNames[0]);

const char* const kDomains[] = {"example.com", "example.org", "example.net", "mail.example"};
const char* const kEditions[] = {"Mk II", "Mk III",  "Studio",  "Travel",
                                 "Pro",   "Classic", "Limited", "Plus"};

}  // namespace

const char* const kLastNames[] = {
    "Okafor",  "Lindqvist", "Tanaka",   "Moreau",   "Haddad", "Kowalski", "Silva",   "Nguyen",
    "Fischer", "Mensah",    "Rossi",    "Petrov",   "Sato",   "Alvarez",  "Brennan", "Chen",
    "Dubois",  "Eriksen",   "Garcia",   "Hoffmann", "Iyer",   "Jansen",   "Kim",     "Larsen",
    "Mahmoud", "Novak",     "O'Brien",  "Patel",    "Quispe", "Ramos",    "Schmidt", "Torres",
    "Ueda",    "Varga",     "Walsh",    "Yilmaz",   "Zhang",  "Abara",    "Berg",    "Costa",
    "Demir",   "Evans",     "Ferreira", "Grant",    "Hughes", "Ivanova",  "Jensen",  "Khan"};
static_assert(sizeof(kLastNames) / sizeof(kLastNames[0]) == kLastCount);

const CatalogEntry kCatalog[] = {
    {"Aurora Desk Lamp", "Home", "Lumen & Co", 4900},
    {"Nordic Wool Throw", "Home", "Fjell", 8900},
    {"Ceramic Pour-Over Set", "Kitchen", "Kiln House", 3850},
    {"Cast Iron Skillet 26 cm", "Kitchen", "Forge & Field", 5400},
    {"Espresso Grinder Pro", "Kitchen", "Baristo", 21900},
    {"Bamboo Cutting Board", "Kitchen", "Greenleaf", 2450},
    {"Noise-Cancelling Headphones", "Electronics", "Sonance", 24900},
    {"Mechanical Keyboard TKL", "Electronics", "Keyforge", 12900},
    {"4K USB-C Monitor 27\"", "Electronics", "Vistra", 38900},
    {"Wireless Charging Pad", "Electronics", "Voltix", 2990},
    {"Smart Thermostat", "Electronics", "Hearth", 17900},
    {"Portable SSD 1 TB", "Electronics", "Datacore", 10900},
    {"Trail Running Shoes", "Outdoor", "Ridgeline", 13500},
    {"Ultralight Tent 2P", "Outdoor", "Summit Gear", 32900},
    {"Insulated Water Bottle", "Outdoor", "Hydra", 3200},
    {"Merino Base Layer", "Outdoor", "Fjell", 7900},
    {"Packable Rain Jacket", "Outdoor", "Ridgeline", 11900},
    {"Camping Stove", "Outdoor", "Summit Gear", 6450},
    {"Yoga Mat Pro", "Fitness", "Flowform", 6800},
    {"Adjustable Dumbbells", "Fitness", "Ironworks", 29900},
    {"Resistance Band Set", "Fitness", "Flowform", 2900},
    {"Foam Roller", "Fitness", "Flowform", 2400},
    {"The Pragmatic Gardener", "Books", "Tidewater Press", 2200},
    {"Designing Data Systems", "Books", "Northlight Books", 4500},
    {"A Field Guide to Birds", "Books", "Tidewater Press", 2800},
    {"Sourdough at Home", "Books", "Kiln House", 2600},
    {"Linen Bedding Set", "Home", "Fjell", 15900},
    {"Stoneware Dinner Plates (4)", "Kitchen", "Kiln House", 5600},
    {"Scented Soy Candle", "Home", "Lumen & Co", 1800},
    {"Indoor Herb Garden", "Home", "Greenleaf", 7400},
    {"Leather Weekender Bag", "Accessories", "Harbor & Hide", 24500},
    {"Canvas Backpack", "Accessories", "Harbor & Hide", 8900},
    {"Polarised Sunglasses", "Accessories", "Solace", 11000},
    {"Minimalist Wallet", "Accessories", "Harbor & Hide", 4500},
    {"Analog Field Watch", "Accessories", "Meridian", 18900},
    {"Fountain Pen", "Stationery", "Inkwell", 6500},
    {"Dot Grid Notebook", "Stationery", "Inkwell", 1600},
    {"Desk Organiser", "Stationery", "Greenleaf", 3400},
    {"Board Game: Harbour Lights", "Games", "Lanternfish", 4200},
    {"1000-Piece Puzzle: Fjords", "Games", "Lanternfish", 2300},
};
static_assert(sizeof(kCatalog) / sizeof(kCatalog[0]) == kCatalogSize);

Product ProductAt(uint64_t index) {
  const CatalogEntry& e = kCatalog[index % kCatalogSize];
  uint64_t block = index / kCatalogSize;
  Product p;
  p.base = &e;
  p.sku = "SKU-" + Padded(10001 + index, 5);
  p.name = e.name;
  p.cents = e.cents;
  if (block > 0) {
    p.name += std::string(" ") + kEditions[(block - 1) % 8];
    if (block > 8) p.name += " " + std::to_string((block - 1) / 8 + 1);
    p.cents = e.cents + static_cast<int64_t>((block * 37) % 11) * 100 - 500;
    if (p.cents < 500) p.cents = e.cents;
  }
  return p;
}

std::string Lower(std::string s) {
  std::string out;
  for (char c : s) {
    if (c >= 'A' && c <= 'Z') {
      out.push_back(static_cast<char>(c - 'A' + 'a'));
    } else if (c >= 'a' && c <= 'z') {
      out.push_back(c);
    }
  }
  return out;
}

Person PersonAt(uint64_t seed, uint64_t i, uint64_t block) {
  Person p;
  if (i <= block) {
    // Permutations of the name lists, fixed by the seed.
    std::vector<uint32_t> firsts(kFirstCount), lasts(kLastCount);
    for (uint32_t k = 0; k < kFirstCount; ++k) firsts[k] = k;
    for (uint32_t k = 0; k < kLastCount; ++k) lasts[k] = k;
    Rng r = StreamFor(seed, kNames, 0);
    for (uint32_t k = kFirstCount - 1; k > 0; --k) std::swap(firsts[k], firsts[r.Below(k + 1)]);
    for (uint32_t k = kLastCount - 1; k > 0; --k) std::swap(lasts[k], lasts[r.Below(k + 1)]);
    p.first = kFirstNames[firsts[(i - 1) % kFirstCount]];
    p.last = kLastNames[lasts[(i - 1) % kLastCount]];
    p.email = Lower(p.first) + "." + Lower(p.last) + "@" + kDomains[i % 4];
  } else {
    Rng r = StreamFor(seed, kNames, i);
    p.first = kFirstNames[r.Below(kFirstCount)];
    p.last = kLastNames[r.Below(kLastCount)];
    p.email = Lower(p.first) + "." + Lower(p.last) + std::to_string(i) + "@" + kDomains[i % 4];
  }
  return p;
}

std::vector<int64_t> SortedTimes(Rng* r, int64_t from, int64_t to, uint32_t count) {
  std::vector<int64_t> times;
  int64_t span = std::max<int64_t>(1, to - from);
  for (uint32_t k = 0; k < count; ++k) {
    times.push_back(from + static_cast<int64_t>(r->Next() % static_cast<uint64_t>(span)));
  }
  std::sort(times.begin(), times.end());
  return times;
}

uint64_t CountFor(double scale, uint64_t base) {
  return static_cast<uint64_t>(std::llround(scale * static_cast<double>(base)));
}

std::string CreateTableJson(const std::string& table, const std::vector<std::string>& gsi_keys,
                            const std::vector<std::string>& gsi_names,
                            const std::vector<bool>& gsi_has_sort,
                            const std::vector<std::string>& more_defs,
                            const std::vector<OrderedJson>& more_gsis) {
  OrderedJson ct = OrderedJson::object();
  ct["TableName"] = table;
  OrderedJson defs = OrderedJson::array();
  defs.push_back({{"AttributeName", "PK"}, {"AttributeType", "S"}});
  defs.push_back({{"AttributeName", "SK"}, {"AttributeType", "S"}});
  for (const std::string& k : gsi_keys)
    defs.push_back({{"AttributeName", k}, {"AttributeType", "S"}});
  for (const std::string& k : more_defs)
    defs.push_back({{"AttributeName", k}, {"AttributeType", "S"}});
  ct["AttributeDefinitions"] = defs;
  ct["KeySchema"] = OrderedJson::array({{{"AttributeName", "PK"}, {"KeyType", "HASH"}},
                                        {{"AttributeName", "SK"}, {"KeyType", "RANGE"}}});
  OrderedJson gsis = OrderedJson::array();
  size_t k = 0;
  for (size_t g = 0; g < gsi_names.size(); ++g) {
    OrderedJson ks = OrderedJson::array();
    ks.push_back({{"AttributeName", gsi_keys[k++]}, {"KeyType", "HASH"}});
    if (gsi_has_sort[g]) ks.push_back({{"AttributeName", gsi_keys[k++]}, {"KeyType", "RANGE"}});
    gsis.push_back({{"IndexName", gsi_names[g]},
                    {"KeySchema", ks},
                    {"Projection", {{"ProjectionType", "ALL"}}}});
  }
  for (const OrderedJson& g : more_gsis) gsis.push_back(g);
  ct["GlobalSecondaryIndexes"] = gsis;
  ct["BillingMode"] = "PAY_PER_REQUEST";
  return Compact(ct);
}

// ---- prose ----

namespace {

// Member `key` of `j` if it is a string, else "".
std::string StringAt(const OrderedJson& j, const char* key) {
  if (!j.is_object()) return {};
  auto it = j.find(key);
  return it != j.end() && it->is_string() ? it->get<std::string>() : std::string();
}

ExampleProse ParseProse(std::string_view text) {
  ExampleProse prose;
  OrderedJson doc;
  if (!model_internal::ParseJsonText(text, "example prose", &doc).ok() || !doc.is_object()) {
    return prose;
  }
  prose.description = StringAt(doc, "description");
  auto patterns = doc.find("patterns");
  if (patterns != doc.end() && patterns->is_object()) {
    for (auto it = patterns->begin(); it != patterns->end(); ++it) {
      prose.patterns[it.key()] = {StringAt(it.value(), "name"),
                                  StringAt(it.value(), "description")};
    }
  }
  auto tour = doc.find("tour");
  if (tour != doc.end() && tour->is_array()) {
    for (const OrderedJson& sj : *tour) {
      TourStep step;
      step.title = StringAt(sj, "title");
      step.text = StringAt(sj, "text");
      step.pattern_id = StringAt(sj, "pattern");
      step.operation = StringAt(sj, "operation");
      auto request = sj.is_object() ? sj.find("request") : sj.end();
      if (request != sj.end() && request->is_object()) step.request_json = Compact(*request);
      step.look_at = StringAt(sj, "lookAt");
      prose.tour.push_back(std::move(step));
    }
  }
  return prose;
}

}  // namespace

const ExampleProse& ProseOf(std::string_view name) {
  // Parsed on first use; the map is complete before any caller sees it (a function-local static).
  static const std::map<std::string, ExampleProse, std::less<>> all = [] {
    std::map<std::string, ExampleProse, std::less<>> m;
    for (const auto* e = model_internal::kEmbeddedProse; !e->name.empty(); ++e) {
      m[std::string(e->name)] = ParseProse(e->text);
    }
    return m;
  }();
  static const ExampleProse kNone;
  auto it = all.find(name);
  return it == all.end() ? kNone : it->second;
}

std::string Fill(std::string_view text, const Fills& fills) {
  std::string out;
  out.reserve(text.size());
  size_t pos = 0;
  while (pos < text.size()) {
    size_t open = text.find('{', pos);
    size_t close = open == std::string_view::npos ? open : text.find('}', open);
    if (close == std::string_view::npos) break;
    std::string_view key = text.substr(open + 1, close - open - 1);
    auto fill =
        std::find_if(fills.begin(), fills.end(), [key](const auto& f) { return f.first == key; });
    out.append(text.substr(pos, open - pos));
    if (fill == fills.end()) {
      out.append(text.substr(open, close + 1 - open));
    } else {
      out.append(fill->second);
    }
    pos = close + 1;
  }
  out.append(text.substr(std::min(pos, text.size())));
  return out;
}

AccessPattern Pattern(const ExampleProse& prose, std::string id, std::string operation,
                      const OrderedJson& request, double rate, const Fills& fills) {
  AccessPattern p;
  auto it = prose.patterns.find(id);
  if (it != prose.patterns.end()) {
    p.name = it->second.name;
    p.description = Fill(it->second.description, fills);
  }
  p.id = std::move(id);
  p.operation = std::move(operation);
  p.request_json = Compact(request);
  p.requests_per_second = rate;
  return p;
}

}  // namespace monotable::generator_internal
