// Fuzz target: Number::Parse and the canonical text round trip (core/value/number.cc).
//
// Input: one or two number texts separated by the first '\n'. Invariants checked (a violation
// aborts, which libFuzzer reports as a crash):
// - Parse never crashes; on error the output is unchanged;
// - a parsed number's canonical text re-parses to an equal number with the same text;
// - SizeBytes is within DynamoDB's 1..21 bytes;
// - the ordered key's byte order equals Compare's order;
// - a successful a + b gives back a exactly when b is subtracted, and a - b is -(b - a).
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <string_view>

#include "monotable/number.h"

namespace {

using monotable::Number;
using monotable::Status;

void Fail(const char* what, std::string_view a, std::string_view b) {
  std::fprintf(stderr, "number_fuzz: %s (a=\"%.*s\" b=\"%.*s\")\n", what,
               static_cast<int>(a.size()), a.data(), static_cast<int>(b.size()), b.data());
  std::abort();
}

int Sign(int v) { return (v > 0) - (v < 0); }

void CheckOne(std::string_view text, const Number& n) {
  const std::string canonical = n.ToString();
  Number again = Number::FromInt(7);
  Status s = Number::Parse(canonical, &again);
  if (!s.ok()) Fail("canonical text does not re-parse", text, canonical);
  if (again != n) Fail("canonical text re-parses to a different number", text, canonical);
  if (again.ToString() != canonical) Fail("canonical text is not stable", text, canonical);
  const size_t size = n.SizeBytes();
  if (size < 1 || size > 21) Fail("SizeBytes out of 1..21", text, canonical);
  if (n.IsZero() && (canonical != "0" || n.IsNegative()))
    Fail("zero not canonical", text, canonical);
  (void)n.ToDouble();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  const size_t nl = input.find('\n');
  const std::string_view ta = input.substr(0, nl);
  const std::string_view tb =
      nl == std::string_view::npos ? std::string_view() : input.substr(nl + 1);

  Number a = Number::FromInt(42);
  const Number sentinel = a;
  if (!Number::Parse(ta, &a).ok()) {
    if (a != sentinel) Fail("failed Parse changed its output", ta, tb);
    return 0;
  }
  CheckOne(ta, a);
  if (nl == std::string_view::npos) return 0;

  Number b;
  if (!Number::Parse(tb, &b).ok()) return 0;
  CheckOne(tb, b);

  // Ordered keys sort like the numbers.
  std::string ka, kb;
  a.AppendOrderedKey(&ka);
  b.AppendOrderedKey(&kb);
  const int by_key = Sign(ka.compare(kb));
  if (by_key != Sign(a.Compare(b))) Fail("ordered key order differs from Compare", ta, tb);
  if (Sign(b.Compare(a)) != -by_key) Fail("Compare is not antisymmetric", ta, tb);

  // Exact arithmetic: (a + b) - b == a whenever a + b is representable.
  Number sum;
  if (Number::Add(a, b, &sum).ok()) {
    CheckOne("sum", sum);
    Number back;
    if (!Number::Subtract(sum, b, &back).ok()) Fail("(a + b) - b failed", ta, tb);
    if (back != a) Fail("(a + b) - b != a", ta, tb);
    Number sum2;
    if (!Number::Add(b, a, &sum2).ok() || sum2 != sum) Fail("a + b != b + a", ta, tb);
  }
  Number d1, d2;
  if (Number::Subtract(a, b, &d1).ok()) {
    if (!Number::Subtract(b, a, &d2).ok()) Fail("b - a failed while a - b succeeded", ta, tb);
    Number total;
    if (!Number::Add(d1, d2, &total).ok() || !total.IsZero()) Fail("(a-b) + (b-a) != 0", ta, tb);
  }
  return 0;
}
