// generator: the two built-in examples, VaultCommerce and Orders, generated deterministically at
// any scale. examples/*.json are this code's output at seed 1, scale 1 (see docs/model-format.md,
// "Regenerating the examples").
//
// Determinism: only integer arithmetic decides data (no floating point, no std distributions), and
// every customer/user and product draws from its own random stream (seed, kind, index), so the
// entities of the scale-1 example are identical at every scale: the access patterns, which name
// concrete keys, return the same items at x1 and x1000, while a Scan reads the whole table.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "model/model_internal.h"
#include "monotable/civil_time.h"
#include "monotable/model.h"

namespace monotable {
namespace {

using model_internal::EngineWriter;
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

enum Stream : uint64_t { kNames = 1, kUser, kProduct, kCustomer, kBulk };

Rng StreamFor(uint64_t seed, Stream stream, uint64_t index) {
  Rng r{seed * 0xD1B54A32D192ED03ull ^ (static_cast<uint64_t>(stream) << 56) ^ index};
  r.Next();
  return r;
}

// The dataset's "now": every generated date lies before it.
constexpr int64_t kNow = 1764590400;  // 2025-12-01T12:00:00Z
constexpr int64_t kDay = 86400;

// "2025-12-01T12:00:00Z" (or its first `length` characters). Digits written by hand: a million
// items format about two million times (docs/benchmarks.md, section 10).
// Times outside years 1970-9999 (never generated) take civil_time.h's snprintf path.
std::string IsoTime(int64_t t, size_t length = 20) {
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

std::string IsoDate(int64_t t) { return IsoTime(t, 10); }

std::string Padded(uint64_t n, int width) {
  std::string s = std::to_string(n);
  if (static_cast<int>(s.size()) < width) s.insert(0, static_cast<size_t>(width) - s.size(), '0');
  return s;
}

// ---- values ----

Value S(std::string s) { return Value::S(std::move(s)); }
Value N(int64_t n) { return Value::N(Number::FromInt(n)); }
// An amount in cents as a decimal number ("1234" cents -> 12.34).
Value Money(int64_t cents) {
  std::string text =
      std::to_string(cents / 100) + "." + Padded(static_cast<uint64_t>(cents % 100), 2);
  Number n;
  (void)Number::Parse(text, &n);
  return Value::N(n);
}
std::string MoneyText(int64_t cents) {
  return std::to_string(cents / 100) + "." + Padded(static_cast<uint64_t>(cents % 100), 2);
}

// ---- shared data ----

const char* const kFirstNames[] = {
    "Ada",     "Amara",  "Aiko",    "Bruno", "Chloe", "Dmitri", "Elena",   "Farah",
    "Gabriel", "Hana",   "Ibrahim", "Ines",  "Jonas", "Kavya",  "Liam",    "Lucia",
    "Mateo",   "Mei",    "Nadia",   "Noah",  "Olga",  "Oscar",  "Priya",   "Quinn",
    "Rafael",  "Rosa",   "Samir",   "Sofia", "Tariq", "Thea",   "Uma",     "Victor",
    "Wen",     "Xavier", "Yara",    "Yusuf", "Zoe",   "Arjun",  "Beatriz", "Connor",
    "Daniela", "Emil",   "Freya",   "Hugo",  "Isla",  "Kenji",  "Leila",   "Marcus"};
const char* const kLastNames[] = {
    "Okafor",  "Lindqvist", "Tanaka",   "Moreau",   "Haddad", "Kowalski", "Silva",   "Nguyen",
    "Fischer", "Mensah",    "Rossi",    "Petrov",   "Sato",   "Alvarez",  "Brennan", "Chen",
    "Dubois",  "Eriksen",   "Garcia",   "Hoffmann", "Iyer",   "Jansen",   "Kim",     "Larsen",
    "Mahmoud", "Novak",     "O'Brien",  "Patel",    "Quispe", "Ramos",    "Schmidt", "Torres",
    "Ueda",    "Varga",     "Walsh",    "Yilmaz",   "Zhang",  "Abara",    "Berg",    "Costa",
    "Demir",   "Evans",     "Ferreira", "Grant",    "Hughes", "Ivanova",  "Jensen",  "Khan"};
constexpr uint32_t kFirstCount = sizeof(kFirstNames) / sizeof(kFirstNames[0]);
constexpr uint32_t kLastCount = sizeof(kLastNames) / sizeof(kLastNames[0]);

const char* const kDomains[] = {"example.com", "example.org", "example.net", "mail.example"};

struct CatalogEntry {
  const char* name;
  const char* category;
  const char* brand;
  int64_t cents;
};

// The store's catalogue: 40 products (scaled models repeat it as new editions).
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
constexpr uint32_t kCatalogSize = sizeof(kCatalog) / sizeof(kCatalog[0]);
static_assert(kCatalogSize == 40);

const char* const kEditions[] = {"Mk II", "Mk III",  "Studio",  "Travel",
                                 "Pro",   "Classic", "Limited", "Plus"};

// Product `index` (0-based, any scale): a catalogue entry, re-editioned beyond the first 40.
struct Product {
  std::string sku;
  std::string name;
  const CatalogEntry* base;
  int64_t cents;
};

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

struct Person {
  std::string first, last, email;
};

// Person `i` (1-based). The first `block` people get distinct first and last names (a seeded
// permutation), so their emails are unique without numbers; later people get numbered emails.
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

// Sorted random timestamps in [from, to).
std::vector<int64_t> SortedTimes(Rng* r, int64_t from, int64_t to, uint32_t count) {
  std::vector<int64_t> times;
  int64_t span = std::max<int64_t>(1, to - from);
  for (uint32_t k = 0; k < count; ++k) {
    times.push_back(from + static_cast<int64_t>(r->Next() % static_cast<uint64_t>(span)));
  }
  std::sort(times.begin(), times.end());
  return times;
}

std::string Compact(const OrderedJson& j) { return j.dump(); }

OrderedJson Av(const std::string& s) { return OrderedJson{{"S", s}}; }
OrderedJson AvN(const std::string& n) { return OrderedJson{{"N", n}}; }

// `more_defs` and `more_gsis`: attribute definitions and indexes written as they are, after the
// single-attribute ones (Orders' multi-attribute ByStatusMulti).
std::string CreateTableJson(const std::string& table, const std::vector<std::string>& gsi_keys,
                            const std::vector<std::string>& gsi_names,
                            const std::vector<bool>& gsi_has_sort,
                            const std::vector<std::string>& more_defs = {},
                            const std::vector<OrderedJson>& more_gsis = {}) {
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

AccessPattern Pattern(std::string id, std::string name, std::string description,
                      std::string operation, const OrderedJson& request, double rate) {
  AccessPattern p;
  p.id = std::move(id);
  p.name = std::move(name);
  p.description = std::move(description);
  p.operation = std::move(operation);
  p.request_json = Compact(request);
  p.requests_per_second = rate;
  return p;
}

TourStep Step(std::string title, std::string text, std::string pattern, std::string look_at) {
  TourStep s;
  s.title = std::move(title);
  s.text = std::move(text);
  s.pattern_id = std::move(pattern);
  s.look_at = std::move(look_at);
  return s;
}

uint64_t CountFor(double scale, uint64_t base) {
  return static_cast<uint64_t>(std::llround(scale * static_cast<double>(base)));
}

// ======================= VaultCommerce =======================

constexpr uint64_t kVcUsers = 25;
constexpr const char* kVcTable = "VaultCommerce";

const char* const kTiers[] = {"bronze", "silver", "gold", "platinum"};

std::string UserId(uint64_t i) { return "u" + Padded(i, 3); }

const char* TierFor(Rng* r) {
  uint32_t t = r->Below(100);
  return kTiers[t < 45 ? 0 : t < 75 ? 1 : t < 93 ? 2 : 3];
}

struct VcOrder {
  std::string sk, order_id, status, created_at;
};

void GenerateVaultCommerce(uint64_t seed, double scale, Model* m, ItemSink* sink) {
  const uint64_t users = std::max<uint64_t>(kVcUsers, CountFor(scale, kVcUsers));
  const uint64_t blocks = (users + kVcUsers - 1) / kVcUsers;
  const uint64_t products = kCatalogSize * blocks;

  m->name = "VaultCommerce";
  m->description =
      "An online store in one DynamoDB table (after the seed article \"DynamoDB Single-Table "
      "Design\"). Users, their orders and wishlists share a USER#<id> partition, so one Query "
      "answers the account page; products live under PRODUCT#<sku>. GSI1 is overloaded: "
      "EMAIL#<email> finds a user at login and STATUS#<status> lists orders by status, newest "
      "first. Orders carry a copy of the customer's name, so renaming a customer is a "
      "transaction over every order.";
  ModelTable t;
  t.name = kVcTable;
  t.create_table_json = CreateTableJson(kVcTable, {"GSI1PK", "GSI1SK"}, {"GSI1"}, {true});
  sink->BeginTable(t, products + users * 10);

  for (uint64_t pi = 0; pi < products && sink->ok(); ++pi) {
    Product p = ProductAt(pi);
    Rng r = StreamFor(seed, kProduct, pi);
    Item item;
    item["PK"] = S("PRODUCT#" + p.sku);
    item["SK"] = S("METADATA");
    item["type"] = S("PRODUCT");
    item["sku"] = S(p.sku);
    item["name"] = S(p.name);
    item["category"] = S(p.base->category);
    item["brand"] = S(p.base->brand);
    item["price"] = Money(p.cents);
    item["stock"] = N(r.Below(5) == 0 ? 0 : 3 + r.Below(240));
    item["rating"] = Money(300 + r.Below(200));
    sink->Add(std::move(item));
  }

  std::vector<VcOrder> rename_orders;  // orders of the user renamed by the transaction pattern
  std::string renamed_first, renamed_name, u1_email, processing_example;
  constexpr uint64_t kRenamed = 3;

  for (uint64_t u = 1; u <= users && sink->ok(); ++u) {
    Rng r = StreamFor(seed, kUser, u);
    Person person = PersonAt(seed, u, kVcUsers);
    std::string name = person.first + " " + person.last;
    std::string uid = UserId(u);
    std::string pk = "USER#" + uid;
    int64_t joined = kNow - 60 * kDay - static_cast<int64_t>(r.Next() % (1400 * kDay));
    Item profile;
    profile["PK"] = S(pk);
    profile["SK"] = S("PROFILE");
    profile["type"] = S("USER");
    profile["userId"] = S(uid);
    profile["name"] = S(name);
    profile["email"] = S(person.email);
    profile["tier"] = S(TierFor(&r));
    profile["createdAt"] = S(IsoTime(joined));
    profile["GSI1PK"] = S("EMAIL#" + person.email);
    profile["GSI1SK"] = S(pk);
    sink->Add(std::move(profile));
    if (u == 1) u1_email = person.email;
    if (u == kRenamed) {
      renamed_first = person.first;
      renamed_name = person.first + " " + kLastNames[(r.Next() >> 7) % kLastCount];
      if (renamed_name == name) renamed_name = person.first + " " + person.last + "-Okafor";
    }

    // Orders: 3..8 per user, spread from joining to now; half the users have one in the last days.
    uint32_t order_count = 3 + r.Below(6);
    int64_t from = std::max(joined, kNow - 540 * kDay);
    std::vector<int64_t> times = SortedTimes(&r, from, kNow - 12 * kDay, order_count);
    if (r.Percent(50)) times.back() = kNow - static_cast<int64_t>(r.Next() % (5 * kDay));
    uint64_t block = (u - 1) / kVcUsers;
    for (uint32_t k = 0; k < order_count; ++k) {
      int64_t age = kNow - times[k];
      std::string status;
      if (age < kDay) {
        status = "pending";
      } else if (age < 3 * kDay) {
        status = "processing";
      } else if (age < 8 * kDay) {
        status = "shipped";
      } else {
        uint32_t x = r.Below(100);
        status = x < 90 ? "delivered" : x < 97 ? "cancelled" : "returned";
      }
      int64_t cents = 0;
      int64_t quantity = 0;
      uint32_t lines = 1 + r.Below(4);
      for (uint32_t l = 0; l < lines; ++l) {
        Product p = ProductAt(block * kCatalogSize + r.Below(kCatalogSize));
        int64_t q = 1 + r.Below(3);
        cents += p.cents * q;
        quantity += q;
      }
      std::string order_id = std::to_string(10000 + u * 10 + k);
      std::string created = IsoTime(times[k]);
      Item order;
      order["PK"] = S(pk);
      order["SK"] = S("ORDER#" + IsoDate(times[k]) + "-" + order_id);
      order["type"] = S("ORDER");
      order["orderId"] = S(order_id);
      order["userId"] = S(uid);
      order["customerName"] = S(name);
      order["status"] = S(status);
      order["total"] = Money(cents);
      order["itemCount"] = N(quantity);
      order["createdAt"] = S(created);
      order["GSI1PK"] = S("STATUS#" + status);
      order["GSI1SK"] = S(created);
      if (u == kRenamed) rename_orders.push_back({order["SK"].s(), order_id, status, created});
      sink->Add(std::move(order));
    }

    // Wishlist: 0..5 distinct products of the user's catalogue block (user 1 always has some).
    uint32_t wish_count = r.Below(6);
    if (u == 1) wish_count = std::max<uint32_t>(wish_count, 3);
    std::vector<uint32_t> picked;
    int64_t wish_time = joined;
    for (uint32_t w = 0; w < wish_count; ++w) {
      uint32_t pick = r.Below(kCatalogSize);
      if (std::find(picked.begin(), picked.end(), pick) != picked.end()) continue;
      picked.push_back(pick);
      Product p = ProductAt(block * kCatalogSize + pick);
      wish_time += static_cast<int64_t>(
          r.Next() % static_cast<uint64_t>(std::max<int64_t>(kDay, (kNow - wish_time) / 3)));
      Item wish;
      wish["PK"] = S(pk);
      wish["SK"] = S("WISHLIST#" + p.sku);
      wish["type"] = S("WISHLIST");
      wish["sku"] = S(p.sku);
      wish["productName"] = S(p.name);
      wish["price"] = Money(p.cents);
      wish["addedAt"] = S(IsoTime(std::min(wish_time, kNow - kDay)));
      sink->Add(std::move(wish));
    }
  }
  m->tables.push_back(std::move(t));

  // ---- access patterns ----
  const std::string u1 = "USER#" + UserId(1);
  const std::string u3 = "USER#" + UserId(kRenamed);
  const Product p1 = ProductAt(0);
  auto& ps = m->access_patterns;
  ps.push_back(
      Pattern("user-profile", "User profile",
              "The profile of user u001: one GetItem on PK = USER#u001, SK = PROFILE.", "GetItem",
              {{"TableName", kVcTable}, {"Key", {{"PK", Av(u1)}, {"SK", Av("PROFILE")}}}}, 50));
  ps.push_back(Pattern(
      "user-orders", "User orders, newest first",
      "Every order of user u001, newest first: a Query on the user's partition for sort keys "
      "beginning with ORDER#, read backwards.",
      "Query",
      {{"TableName", kVcTable},
       {"KeyConditionExpression", "PK = :pk AND begins_with(SK, :order)"},
       {"ExpressionAttributeValues", {{":pk", Av(u1)}, {":order", Av("ORDER#")}}},
       {"ScanIndexForward", false}},
      20));
  ps.push_back(Pattern(
      "product-detail", "Product detail",
      "The product page of " + p1.sku + " (" + p1.name + "): one GetItem on PRODUCT#" + p1.sku +
          " / METADATA.",
      "GetItem",
      {{"TableName", kVcTable}, {"Key", {{"PK", Av("PRODUCT#" + p1.sku)}, {"SK", Av("METADATA")}}}},
      200));
  ps.push_back(
      Pattern("login-by-email", "Login by email",
              "Find the user who signs in as " + u1_email +
                  ": a Query on GSI1 for GSI1PK = EMAIL#<email>. Returns exactly one profile.",
              "Query",
              {{"TableName", kVcTable},
               {"IndexName", "GSI1"},
               {"KeyConditionExpression", "GSI1PK = :email"},
               {"ExpressionAttributeValues", {{":email", Av("EMAIL#" + u1_email)}}}},
              5));
  ps.push_back(Pattern(
      "account-dashboard", "Account dashboard in one Query",
      "The whole account page of user u001 (the orders, the profile and the wishlist) from one "
      "Query on PK = USER#u001: an item collection, sorted by SK.",
      "Query",
      {{"TableName", kVcTable},
       {"KeyConditionExpression", "PK = :pk"},
       {"ExpressionAttributeValues", {{":pk", Av(u1)}}}},
      10));
  ps.push_back(Pattern(
      "orders-by-status", "Orders by status, newest first",
      "Orders being processed, newest first, for the warehouse screen: a Query on GSI1 for "
      "GSI1PK = STATUS#processing, sorted by GSI1SK = createdAt, read backwards, at most 20.",
      "Query",
      {{"TableName", kVcTable},
       {"IndexName", "GSI1"},
       {"KeyConditionExpression", "GSI1PK = :status"},
       {"ExpressionAttributeValues", {{":status", Av("STATUS#processing")}}},
       {"ScanIndexForward", false},
       {"Limit", 20}},
      2));
  // The place-order pattern uses an order id below every generated one (10000 + u*10 + k).
  const std::string new_id = "10001";
  const std::string new_created = IsoTime(kNow);
  const std::string new_sk = "ORDER#" + IsoDate(kNow) + "-" + new_id;
  Person p3 = PersonAt(seed, kRenamed, kVcUsers);
  ps.push_back(Pattern(
      "place-order", "Place an order",
      "User u003 places order " + new_id +
          ": one PutItem into the user's partition, with the customer's name copied onto the "
          "order and GSI1PK = STATUS#pending so it shows up by status. The condition refuses to "
          "overwrite an existing order.",
      "PutItem",
      {{"TableName", kVcTable},
       {"Item",
        {{"PK", Av(u3)},
         {"SK", Av(new_sk)},
         {"type", Av("ORDER")},
         {"orderId", Av(new_id)},
         {"userId", Av(UserId(kRenamed))},
         {"customerName", Av(p3.first + " " + p3.last)},
         {"status", Av("pending")},
         {"total", AvN(MoneyText(ProductAt(4).cents + ProductAt(36).cents))},
         {"itemCount", AvN("2")},
         {"createdAt", Av(new_created)},
         {"GSI1PK", Av("STATUS#pending")},
         {"GSI1SK", Av(new_created)}}},
       {"ConditionExpression", "attribute_not_exists(PK)"}},
      3));
  rename_orders.push_back({new_sk, new_id, "pending", new_created});
  OrderedJson items = OrderedJson::array();
  items.push_back({{"Update",
                    {{"TableName", kVcTable},
                     {"Key", {{"PK", Av(u3)}, {"SK", Av("PROFILE")}}},
                     {"UpdateExpression", "SET #name = :name"},
                     {"ConditionExpression", "attribute_exists(PK)"},
                     {"ExpressionAttributeNames", {{"#name", "name"}}},
                     {"ExpressionAttributeValues", {{":name", Av(renamed_name)}}}}}});
  for (const VcOrder& o : rename_orders) {
    items.push_back({{"Update",
                      {{"TableName", kVcTable},
                       {"Key", {{"PK", Av(u3)}, {"SK", Av(o.sk)}}},
                       {"UpdateExpression", "SET customerName = :name"},
                       {"ConditionExpression", "attribute_exists(PK)"},
                       {"ExpressionAttributeValues", {{":name", Av(renamed_name)}}}}}});
  }
  ps.push_back(Pattern(
      "rename-customer", "Rename a customer everywhere",
      "User u003 changes their name to " + renamed_name +
          ". The name is copied onto each of their " + std::to_string(rename_orders.size()) +
          " orders, so one TransactWriteItems updates the profile and every order together: all "
          "or nothing. This is the write cost of denormalising customerName.",
      "TransactWriteItems", {{"TransactItems", items}}, 0.01));

  // ---- tour ----
  auto& tour = m->tour;
  tour.push_back(
      Step("Start from the access patterns",
           "A single-table design starts from the questions the application asks, not from the "
           "entities. Each row of this matrix is one question and the one request that answers it. "
           "Every read here is a GetItem or a Query on a known key: nothing scans the table.",
           "", "patterns"));
  tour.push_back(Step(
      "One Query, the whole account page",
      "The profile, the orders and the wishlist of a user share the partition key USER#u001. Items "
      "with the same partition key form an item collection, stored together and sorted by SK, so "
      "one Query returns the whole account page. Look at the returned items: ORDER# sorts before "
      "PROFILE, which sorts before WISHLIST#.",
      "account-dashboard", "result"));
  tour.push_back(Step(
      "Part of a collection with begins_with",
      "A sort key condition picks part of the collection. begins_with(SK, \"ORDER#\") returns only "
      "orders; because the SK starts with the date, reading backwards gives newest first.",
      "user-orders", "result"));
  tour.push_back(Step(
      "An inverted lookup on GSI1",
      "At login we know an email, not a user id. The profile carries GSI1PK = EMAIL#<email>, so "
      "GSI1 holds the same item re-keyed by email, and a Query on the index finds it.",
      "login-by-email", "index:VaultCommerce/GSI1"));
  tour.push_back(Step(
      "The same index, overloaded",
      "GSI1 serves a second question: orders carry GSI1PK = STATUS#<status> and GSI1SK = "
      "createdAt. Different entities put different kinds of value in the same index attributes, so "
      "one index answers both login and the warehouse screen. Products and wishlist entries carry "
      "no GSI1PK, so they are not in the index at all: a sparse index costs nothing for them.",
      "orders-by-status", "index:VaultCommerce/GSI1"));
  tour.push_back(Step(
      "Denormalise what you read together",
      "The new order carries customerName, copied from the profile, so order lists need no second "
      "read per order. Look at the cost: one item written, plus one GSI1 entry.",
      "place-order", "cost"));
  tour.push_back(Step(
      "...and pay for it on every change",
      "The price of that copy: a rename must rewrite every order of the customer. The transaction "
      "updates the profile and each order atomically, and transactional writes cost double. "
      "Compare its write units with the single rename it replaces.",
      "rename-customer", "cost"));
  tour.push_back(Step(
      "Item size is the bill",
      "Reads are billed per 4 KB and writes per 1 KB of item size, attribute names included. A "
      "GetItem of a small product costs 0.5 RRU eventually consistent, whatever the table's size.",
      "product-detail", "cost"));
}

// ======================= Orders =======================

constexpr uint64_t kOrdersCustomers = 30;
constexpr const char* kOrdersTable = "Orders";
constexpr uint64_t kBulkCustomer = 2;
constexpr size_t kBulkSmallBytes = 4090;  // "4.0 KB": at most 4,096 bytes, one 4 KB read unit
constexpr size_t kBulkLargeBytes = 4200;  // "4.1 KB": just over, two 4 KB read units

const char* const kRegions[] = {"North America", "Europe", "Asia Pacific", "Latin America"};
const char* const kBusinesses[] = {"Harbor Street Café", "Lantern Books", "Northwind Studio",
                                   "Bluebird Bakery"};

std::string CustomerId(uint64_t i) { return "c" + Padded(i, 3); }
std::string LineSk(uint64_t n) { return "L#" + Padded(n, 2); }

struct LineDraw {
  Product product;
  int64_t quantity;
};

// A bulk order whose item carries a line summary and is padded to exactly `target` bytes.
void AddBulkOrder(uint64_t seed, uint64_t customer, const std::string& customer_name, uint64_t k,
                  size_t target, int64_t when, ItemSink* sink, std::string* sk_out) {
  Rng r = StreamFor(seed, kBulk, k);
  std::string order_id = std::to_string(100000 + customer * 10 + k);
  std::string pk = "C#" + CustomerId(customer);
  std::string sk = "O#" + IsoDate(when) + "#" + order_id;
  Item order;
  order["PK"] = S(pk);
  order["SK"] = S(sk);
  order["GSI1PK"] = S("O#" + order_id);
  order["orderId"] = S(order_id);
  order["customerId"] = S(CustomerId(customer));
  order["customerName"] = S(customer_name);
  order["createdAt"] = S(IsoTime(when));
  order["status"] = S("delivered");
  order["statusPK"] = S("STATUS#delivered");
  order["statusSK"] = S(CustomerId(customer) + "#" + IsoTime(when));
  order["notes"] = S("");
  std::vector<LineDraw> lines;
  List summary;
  int64_t cents = 0;
  const std::string kNote =
      "Monthly restock. Deliver to the rear entrance before 9am and call ahead. ";
  // Add summary lines while the padded item still fits the target.
  for (uint64_t n = 0;; ++n) {
    Product p = ProductAt(n % kCatalogSize);
    int64_t q = 1 + r.Below(6);
    Map line;
    line["sku"] = S(p.sku);
    line["name"] = S(p.name);
    line["quantity"] = N(q);
    line["price"] = Money(p.cents);
    summary.push_back(Value::M(line));
    order["lines"] = Value::L(summary);
    order["total"] = Money(cents + p.cents * q);
    if (ItemSize(order) + 20 > target) {
      summary.pop_back();
      break;
    }
    cents += p.cents * q;
    lines.push_back({p, q});
  }
  order["lines"] = Value::L(summary);
  order["total"] = Money(cents);
  order["lineCount"] = N(static_cast<int64_t>(lines.size()));
  size_t size = ItemSize(order);
  std::string note;
  while (note.size() < target - size) note += kNote;
  note.resize(target - size);
  order["notes"] = S(note);
  sink->Add(std::move(order));
  for (size_t n = 0; n < lines.size(); ++n) {
    Item line;
    line["PK"] = S("O#" + order_id);
    line["SK"] = S(LineSk(n + 1));
    line["sku"] = S(lines[n].product.sku);
    line["quantity"] = N(lines[n].quantity);
    line["price"] = Money(lines[n].product.cents);
    sink->Add(std::move(line));
  }
  *sk_out = sk;
}

void GenerateOrders(uint64_t seed, double scale, Model* m, ItemSink* sink) {
  const uint64_t customers =
      std::max<uint64_t>(kOrdersCustomers, CountFor(scale, kOrdersCustomers));
  m->name = "Orders";
  m->description =
      "Customers, orders and line items in one table (after the seed article \"Using DynamoDB "
      "Well\"). A customer's profile and orders share the partition C#<customerId>, sorted by "
      "O#<date>#<orderId>; each order's lines live in their own partition O#<orderId>. GSI1 finds "
      "an order by id alone, and the sparse GSI2 holds only open orders (placed or packed), "
      "oldest first: shipping an order removes it. ByStatusConcat and ByStatusMulti list a "
      "customer's orders by status two ways: ByStatusConcat with concatenated keys "
      "(STATUS#<status>, <customerId>#<createdAt>), ByStatusMulti with a multi-attribute key over "
      "the order's own status, customerId and createdAt. Two bulk orders sit either side of the 4 "
      "KB line: the 4.1 KB one costs twice as much to read.";
  ModelTable t;
  t.name = kOrdersTable;
  // ByStatusMulti: a multi-attribute key (DG GSI.html#GSI.MultiAttributeKeys): HASH status, RANGE
  // customerId then createdAt, attributes every order already has.
  const OrderedJson by_status_multi = {
      {"IndexName", "ByStatusMulti"},
      {"KeySchema", OrderedJson::array({{{"AttributeName", "status"}, {"KeyType", "HASH"}},
                                        {{"AttributeName", "customerId"}, {"KeyType", "RANGE"}},
                                        {{"AttributeName", "createdAt"}, {"KeyType", "RANGE"}}})},
      {"Projection", {{"ProjectionType", "ALL"}}}};
  t.create_table_json =
      CreateTableJson(kOrdersTable, {"GSI1PK", "GSI2PK", "GSI2SK", "statusPK", "statusSK"},
                      {"GSI1", "GSI2", "ByStatusConcat"}, {false, true, true},
                      {"status", "customerId", "createdAt"}, {by_status_multi});
  sink->BeginTable(t, customers * 20);

  std::string c1_order_id, c1_order_sk, bulk_small_sk, bulk_large_sk;
  for (uint64_t c = 1; c <= customers && sink->ok(); ++c) {
    Rng r = StreamFor(seed, kCustomer, c);
    Person person = PersonAt(seed ^ 0x5EED, c, kOrdersCustomers);
    std::string cid = CustomerId(c);
    std::string pk = "C#" + cid;
    std::string name = person.first + " " + person.last;
    if (c == kBulkCustomer) name = kBusinesses[seed % 4];
    Item profile;
    profile["PK"] = S(pk);
    profile["SK"] = S("PROFILE");
    profile["customerId"] = S(cid);
    profile["name"] = S(name);
    profile["email"] = S(c == kBulkCustomer ? "orders@" + Lower(name) + ".example" : person.email);
    profile["region"] = S(kRegions[r.Below(4)]);
    profile["since"] =
        S(IsoDate(kNow - 100 * kDay - static_cast<int64_t>(r.Next() % (900 * kDay))));
    sink->Add(std::move(profile));

    uint32_t order_count = 3 + r.Below(6);
    std::vector<int64_t> times = SortedTimes(&r, kNow - 400 * kDay, kNow - 9 * kDay, order_count);
    if (r.Percent(40)) times.back() = kNow - static_cast<int64_t>(r.Next() % (4 * kDay));
    for (uint32_t k = 0; k < order_count; ++k) {
      int64_t age = kNow - times[k];
      std::string status;
      if (age < kDay) {
        status = "placed";
      } else if (age < 3 * kDay) {
        status = "packed";
      } else if (age < 9 * kDay) {
        status = "shipped";
      } else {
        status = r.Percent(95) ? "delivered" : "cancelled";
      }
      std::string order_id = std::to_string(100000 + c * 10 + k);
      std::string created = IsoTime(times[k]);
      uint32_t line_count = 1 + r.Below(5);
      int64_t cents = 0;
      std::vector<LineDraw> lines;
      for (uint32_t l = 0; l < line_count; ++l) {
        LineDraw d{ProductAt(r.Below(kCatalogSize)), 1 + static_cast<int64_t>(r.Below(3))};
        cents += d.product.cents * d.quantity;
        lines.push_back(d);
      }
      Item order;
      order["PK"] = S(pk);
      order["SK"] = S("O#" + IsoDate(times[k]) + "#" + order_id);
      order["GSI1PK"] = S("O#" + order_id);
      order["orderId"] = S(order_id);
      order["customerId"] = S(cid);
      order["createdAt"] = S(created);
      order["status"] = S(status);
      // ByStatusConcat's concatenated keys, rebuilt by every write that changes the status
      // (ByStatusMulti reads status, customerId and createdAt themselves).
      order["statusPK"] = S("STATUS#" + status);
      order["statusSK"] = S(cid + "#" + created);
      order["total"] = Money(cents);
      order["lineCount"] = N(line_count);
      // Sparse GSI2: only open orders (placed or packed) carry its keys.
      if (status == "placed" || status == "packed") {
        order["GSI2PK"] = S("OPEN");
        order["GSI2SK"] = S(created);
      }
      if (c == 1 && k == 0) {
        c1_order_id = order_id;
        c1_order_sk = order["SK"].s();
      }
      sink->Add(std::move(order));
      for (uint32_t l = 0; l < line_count; ++l) {
        Item line;
        line["PK"] = S("O#" + order_id);
        line["SK"] = S(LineSk(l + 1));
        line["sku"] = S(lines[l].product.sku);
        line["quantity"] = N(lines[l].quantity);
        line["price"] = Money(lines[l].product.cents);
        sink->Add(std::move(line));
      }
    }
    if (c == kBulkCustomer) {
      AddBulkOrder(seed, c, name, 8, kBulkSmallBytes, kNow - 61 * kDay + 9 * 3600, sink,
                   &bulk_small_sk);
      AddBulkOrder(seed, c, name, 9, kBulkLargeBytes, kNow - 30 * kDay + 10 * 3600, sink,
                   &bulk_large_sk);
    }
  }
  m->tables.push_back(std::move(t));

  // ---- access patterns ----
  const std::string c1 = "C#" + CustomerId(1);
  const std::string c2 = "C#" + CustomerId(kBulkCustomer);
  auto& ps = m->access_patterns;
  ps.push_back(Pattern(
      "customer-profile", "Customer profile",
      "The profile (name, email, region) of customer c001: one GetItem on C#c001 / PROFILE.",
      "GetItem", {{"TableName", kOrdersTable}, {"Key", {{"PK", Av(c1)}, {"SK", Av("PROFILE")}}}},
      40));
  ps.push_back(Pattern(
      "recent-orders", "A customer's recent orders, newest first",
      "The ten most recent orders of customer c001: a Query on C#c001 for sort keys beginning "
      "with O#, read backwards (the SK starts with the order date).",
      "Query",
      {{"TableName", kOrdersTable},
       {"KeyConditionExpression", "PK = :pk AND begins_with(SK, :o)"},
       {"ExpressionAttributeValues", {{":pk", Av(c1)}, {":o", Av("O#")}}},
       {"ScanIndexForward", false},
       {"Limit", 10}},
      20));
  ps.push_back(
      Pattern("order-by-id", "Order by id",
              "Order " + c1_order_id +
                  " when all we know is its id (a support call): a Query on GSI1 for GSI1PK = O#" +
                  c1_order_id + ". Returns the one order item.",
              "Query",
              {{"TableName", kOrdersTable},
               {"IndexName", "GSI1"},
               {"KeyConditionExpression", "GSI1PK = :id"},
               {"ExpressionAttributeValues", {{":id", Av("O#" + c1_order_id)}}}},
              10));
  ps.push_back(
      Pattern("order-lines", "An order's line items",
              "The line items (sku, quantity, price) of order " + c1_order_id +
                  ": a Query on the order's own partition O#" + c1_order_id +
                  " for sort keys beginning with L#, in line order.",
              "Query",
              {{"TableName", kOrdersTable},
               {"KeyConditionExpression", "PK = :pk AND begins_with(SK, :l)"},
               {"ExpressionAttributeValues", {{":pk", Av("O#" + c1_order_id)}, {":l", Av("L#")}}}},
              10));
  ps.push_back(Pattern(
      "open-orders", "Open orders, oldest first",
      "Every order still to be packed or shipped, oldest first, for the warehouse: a Query on the "
      "sparse GSI2 for GSI2PK = OPEN. Only placed and packed orders carry GSI2PK, so the index "
      "holds nothing else.",
      "Query",
      {{"TableName", kOrdersTable},
       {"IndexName", "GSI2"},
       {"KeyConditionExpression", "GSI2PK = :open"},
       {"ExpressionAttributeValues", {{":open", Av("OPEN")}}},
       {"ScanIndexForward", true}},
      1));
  ps.push_back(Pattern(
      "delivered-orders-concat",
      "A customer's delivered orders (concatenated keys, ByStatusConcat)",
      "Customer c001's delivered orders, newest first: a Query on ByStatusConcat for statusPK = "
      "STATUS#delivered and statusSK beginning with c001#. Every order carries these two strings, "
      "built from status, customerId and createdAt by the code that writes it.",
      "Query",
      {{"TableName", kOrdersTable},
       {"IndexName", "ByStatusConcat"},
       {"KeyConditionExpression", "statusPK = :status AND begins_with(statusSK, :customer)"},
       {"ExpressionAttributeValues",
        {{":status", Av("STATUS#delivered")}, {":customer", Av(CustomerId(1) + "#")}}},
       {"ScanIndexForward", false}},
      2));
  ps.push_back(Pattern(
      "delivered-orders", "A customer's delivered orders (multi-attribute key, ByStatusMulti)",
      "The same question on ByStatusMulti, whose key is the order's own attributes: HASH status, "
      "RANGE customerId then createdAt. The key condition names each one: status = delivered and "
      "customerId = c001, newest first.",
      "Query",
      {{"TableName", kOrdersTable},
       {"IndexName", "ByStatusMulti"},
       {"KeyConditionExpression", "#status = :status AND customerId = :customer"},
       {"ExpressionAttributeNames", {{"#status", "status"}}},
       {"ExpressionAttributeValues",
        {{":status", Av("delivered")}, {":customer", Av(CustomerId(1))}}},
       {"ScanIndexForward", false}},
      2));
  ps.push_back(
      Pattern("read-4-0-kb-order", "Read the 4.0 KB bulk order",
              "A bulk order of " + std::to_string(kBulkSmallBytes) +
                  " bytes, just under 4 KB: an eventually consistent GetItem costs 0.5 RRU.",
              "GetItem",
              {{"TableName", kOrdersTable},
               {"Key", {{"PK", Av(c2)}, {"SK", Av(bulk_small_sk)}}},
               {"ConsistentRead", false}},
              0));
  ps.push_back(Pattern(
      "read-4-1-kb-order", "Read the 4.1 KB bulk order",
      "A bulk order of " + std::to_string(kBulkLargeBytes) +
          " bytes, just over 4 KB: the same GetItem now costs 1 RRU, twice as much, for 2% more "
          "data.",
      "GetItem",
      {{"TableName", kOrdersTable},
       {"Key", {{"PK", Av(c2)}, {"SK", Av(bulk_large_sk)}}},
       {"ConsistentRead", false}},
      0));
  // The new order's id is below every generated one (100000 + c*10 + k).
  const std::string new_id = "100001";
  const std::string new_created = IsoTime(kNow);
  const std::string new_sk = "O#" + IsoDate(kNow) + "#" + new_id;
  Product a = ProductAt(2), b = ProductAt(14);
  OrderedJson put_order = {{"Put",
                            {{"TableName", kOrdersTable},
                             {"Item",
                              {{"PK", Av(c1)},
                               {"SK", Av(new_sk)},
                               {"GSI1PK", Av("O#" + new_id)},
                               {"orderId", Av(new_id)},
                               {"customerId", Av(CustomerId(1))},
                               {"createdAt", Av(new_created)},
                               {"status", Av("placed")},
                               {"statusPK", Av("STATUS#placed")},
                               {"statusSK", Av(CustomerId(1) + "#" + new_created)},
                               {"total", AvN(MoneyText(a.cents + 2 * b.cents))},
                               {"lineCount", AvN("2")},
                               {"GSI2PK", Av("OPEN")},
                               {"GSI2SK", Av(new_created)}}},
                             {"ConditionExpression", "attribute_not_exists(PK)"}}}};
  auto put_line = [&](int n, const Product& p, int q) {
    return OrderedJson{{"Put",
                        {{"TableName", kOrdersTable},
                         {"Item",
                          {{"PK", Av("O#" + new_id)},
                           {"SK", Av(LineSk(static_cast<uint64_t>(n)))},
                           {"sku", Av(p.sku)},
                           {"quantity", AvN(std::to_string(q))},
                           {"price", AvN(MoneyText(p.cents))}}}}}};
  };
  ps.push_back(Pattern(
      "place-order", "Place an order (joins GSI2)",
      "Customer c001 places order " + new_id +
          " with two lines: one TransactWriteItems puts the order (with GSI2PK = OPEN, so it "
          "joins the open orders) and its line items, all or nothing.",
      "TransactWriteItems",
      {{"TransactItems", OrderedJson::array({put_order, put_line(1, a, 1), put_line(2, b, 2)})}},
      2));
  OrderedJson key = {{"PK", Av(c1)}, {"SK", Av(new_sk)}};
  ps.push_back(Pattern(
      "pack-order", "Pack the order",
      "The warehouse packs order " + new_id +
          ": an UpdateItem sets status = packed if it was placed. It keeps GSI2PK, so it stays in "
          "the open orders (its GSI2 entry is rewritten); the new status moves its ByStatusConcat "
          "and ByStatusMulti entries, and statusPK has to be rebuilt by hand to follow it.",
      "UpdateItem",
      {{"TableName", kOrdersTable},
       {"Key", key},
       {"UpdateExpression", "SET #status = :packed, packedAt = :now, statusPK = :status_pk"},
       {"ConditionExpression", "#status = :placed"},
       {"ExpressionAttributeNames", {{"#status", "status"}}},
       {"ExpressionAttributeValues",
        {{":packed", Av("packed")},
         {":placed", Av("placed")},
         {":now", Av(IsoTime(kNow + 3600))},
         {":status_pk", Av("STATUS#packed")}}}},
      2));
  ps.push_back(Pattern(
      "ship-order", "Ship the order (leaves GSI2)",
      "Order " + new_id +
          " ships: an UpdateItem sets status = shipped and removes GSI2PK and GSI2SK, so the "
          "order leaves the sparse index and the open-orders Query no longer returns it.",
      "UpdateItem",
      {{"TableName", kOrdersTable},
       {"Key", key},
       {"UpdateExpression",
        "SET #status = :shipped, shippedAt = :now, statusPK = :status_pk REMOVE GSI2PK, GSI2SK"},
       {"ConditionExpression", "#status = :packed"},
       {"ExpressionAttributeNames", {{"#status", "status"}}},
       {"ExpressionAttributeValues",
        {{":shipped", Av("shipped")},
         {":packed", Av("packed")},
         {":now", Av(IsoTime(kNow + 7200))},
         {":status_pk", Av("STATUS#shipped")}}}},
      2));

  // The seed's write-cost table: one 1.1 KB item (1,100 bytes) written alone costs 2 WRU ($1.25
  // per million); written with GSI1PK, GSI1 (projection ALL) holds a 1,100-byte copy and the same
  // PutItem costs 2 + 2 = 4 WRU ($2.50 per million). No condition: a re-run replaces the item and
  // costs the same.
  auto note_item = [&](const std::string& sk, bool indexed) {
    OrderedJson item = {{"PK", Av("C#" + CustomerId(3))}, {"SK", Av(sk)}};
    if (indexed) item["GSI1PK"] = Av("NOTE#" + CustomerId(3));
    item["note"] = Av("");
    size_t size = 0;
    for (auto it = item.begin(); it != item.end(); ++it) {
      size += it.key().size() + it.value()["S"].get<std::string>().size();
    }
    std::string text;
    const std::string kText = "Leave parcels with the concierge; weekday mornings only. ";
    while (text.size() < 1100 - size) text += kText;
    text.resize(1100 - size);
    item["note"] = Av(text);
    return item;
  };
  ps.push_back(Pattern(
      "write-1-1-kb-item", "Write a 1.1 KB item",
      "A PutItem of a 1,100-byte delivery note (no index key): 1.1 KB rounds up "
      "to 2 KB, 2 WRU.",
      "PutItem", {{"TableName", kOrdersTable}, {"Item", note_item("NOTE#delivery", false)}}, 1));
  ps.push_back(Pattern(
      "write-1-1-kb-item-indexed", "Write a 1.1 KB item an index projects",
      "The same 1,100-byte note with GSI1PK set: GSI1 projects ALL, so it stores "
      "a 1.1 KB copy and the write costs 2 WRU on the table plus 2 on GSI1.",
      "PutItem", {{"TableName", kOrdersTable}, {"Item", note_item("NOTE#delivery-indexed", true)}},
      1));

  // ---- tour ----
  auto& tour = m->tour;
  tour.push_back(Step(
      "Start from the access patterns",
      "Write down every question the application asks before designing keys. This matrix is the "
      "design: each row is one request on a known key. The table's keys (PK, SK) and the "
      "indexes exist only to make these rows cheap.",
      "", "patterns"));
  tour.push_back(Step("A GetItem", "Knowing the full primary key, a GetItem reads one item.",
                      "customer-profile", "item:Orders/C#c001/PROFILE"));
  tour.push_back(Step(
      "An item collection, one Query",
      "The profile and the orders of customer c001 share the partition key C#c001: an item "
      "collection, sorted by SK. Because the SK starts with the date, one Query reading backwards "
      "returns the newest orders. It reads only this collection however large the table grows.",
      "recent-orders", "result"));
  tour.push_back(Step(
      "An inverted lookup on GSI1",
      "A support agent has only an order id. The order item carries GSI1PK = O#<orderId>, so GSI1 "
      "holds it keyed by id and a Query on the index finds it without knowing the customer.",
      "order-by-id", "index:Orders/GSI1"));
  tour.push_back(Step(
      "A sparse index",
      "Only open orders carry GSI2PK and GSI2SK. An item without the index key is not in the "
      "index at all, so GSI2 holds just the open orders, and the warehouse Query reads nothing "
      "else.",
      "open-orders", "index:Orders/GSI2"));
  tour.push_back(Step(
      "Concatenated keys",
      "To list a customer's orders by status, a classic design glues values into key strings: "
      "every order carries statusPK = STATUS#<status> and statusSK = <customerId>#<createdAt>, and "
      "the Query asks for a prefix of statusSK.",
      "delivered-orders-concat", "index:Orders/ByStatusConcat"));
  tour.push_back(Step(
      "The same question, a multi-attribute key",
      "A multi-attribute key has up to four HASH and four RANGE attributes, each compared with its "
      "own type. ByStatusMulti's are attributes every order already has: status, then customerId "
      "and createdAt. Reads: the same orders in the same order, one Query each, the same read "
      "units. Writes: each order costs one write per index either way, and a status change moves "
      "the entry in both (delete + put, 2 writes each; see pack-order). The difference is "
      "everything around them: statusPK and statusSK add about 40 bytes to every order, and to its "
      "entry in every index that projects ALL, stored and read wherever the order is; and every "
      "write that changes the status must rebuild them (pack-order and ship-order SET statusPK), "
      "or ByStatusConcat lists the order under its old status. ByStatusMulti follows status by "
      "itself, and could be added to an existing table without rewriting any item.",
      "delivered-orders", "index:Orders/ByStatusMulti"));
  tour.push_back(Step(
      "Joining the sparse index",
      "Placing an order writes it with GSI2PK = OPEN: watch the entry appear in GSI2. The cost "
      "panel shows the write units of the table and of each index the items entered; a "
      "transaction doubles the table's part.",
      "place-order", "index:Orders/GSI2"));
  tour.push_back(Step(
      "Staying in it costs too",
      "Packing changes the status but not GSI2's keys, so the order stays in the index, and its "
      "entry is rewritten: every index holding a copy is billed for the write.",
      "pack-order", "cost"));
  tour.push_back(
      Step("Leaving the sparse index",
           "Shipping removes GSI2PK and GSI2SK: the order leaves GSI2. Run the open-orders pattern "
           "again and it is gone.",
           "ship-order", "index:Orders/GSI2"));
  tour.push_back(Step(
      "Item size is the bill (4.0 KB)",
      "Reads are billed per 4 KB of item size, attribute names included. This bulk order is just "
      "under 4 KB: 0.5 RRU eventually consistent.",
      "read-4-0-kb-order", "cost"));
  tour.push_back(Step(
      "Item size is the bill (4.1 KB)",
      "This one is just over 4 KB: the same GetItem costs 1 RRU, twice as much for 2% more bytes. "
      "Keep big, rarely read attributes (like the line summary) out of items you read often.",
      "read-4-1-kb-order", "cost"));
  TourStep scan;
  scan.title = "What a Scan costs";
  scan.text =
      "For contrast, a Scan reads every item in the table (here only counting them). Its cost "
      "grows with the table; the Queries above cost the same at any scale. Try the x100 data.";
  scan.operation = "Scan";
  scan.request_json = Compact({{"TableName", kOrdersTable}, {"Select", "COUNT"}});
  scan.look_at = "cost";
  tour.push_back(scan);
}

}  // namespace

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
    GenerateVaultCommerce(seed, scale, m, sink);
  } else {
    GenerateOrders(seed, scale, m, sink);
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
