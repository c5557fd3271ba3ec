// Fuzz target: the fast request readers (core/api/request_json.h, core/api/fast_requests.h)
// against the general ones, on arbitrary bytes as a request body.
//
// Invariants:
// - ParseRequestJson accepts only what nlohmann's parser accepts, and builds the same tree with
//   the same value types at every node;
// - FastReadGetItem accepts only requests the general GetItem reader (ReadGetItem on nlohmann's
//   tree) reads without error, and reads them identically;
// - neither ever crashes.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "api/fast_requests.h"
#include "api/request_json.h"

namespace {

using json = nlohmann::json;

[[noreturn]] void Fail(const char* what, std::string_view input) {
  std::fprintf(stderr, "requests_fuzz: %s: %.*s\n", what, static_cast<int>(input.size()),
               input.data());
  std::abort();
}

bool SameTree(const json& a, const json& b) {
  if (a.type() != b.type()) return false;
  if (a.is_object()) {
    if (a.size() != b.size()) return false;
    auto ib = b.begin();
    for (auto ia = a.begin(); ia != a.end(); ++ia, ++ib) {
      if (ia.key() != ib.key() || !SameTree(*ia, *ib)) return false;
    }
    return true;
  }
  if (a.is_array()) {
    if (a.size() != b.size()) return false;
    for (size_t i = 0; i < a.size(); ++i) {
      if (!SameTree(a[i], b[i])) return false;
    }
    return true;
  }
  return a == b;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  json fast;
  const bool fast_ok = monotable::api::ParseRequestJson(text, &fast);
  const json slow = json::parse(text, nullptr, false);
  if (fast_ok) {
    if (slow.is_discarded()) Fail("ParseRequestJson accepted what nlohmann rejects", text);
    if (!SameTree(fast, slow)) Fail("ParseRequestJson built another tree", text);
  }

  monotable::api::GetItemRequest quick;
  if (monotable::api::FastReadGetItem(text, &quick)) {
    if (slow.is_discarded()) Fail("FastReadGetItem accepted invalid JSON", text);
    monotable::api::GetItemRequest general;
    if (!monotable::api::ReadGetItem(slow, &general).ok()) {
      Fail("FastReadGetItem accepted what ReadGetItem rejects", text);
    }
    if (quick.table_name != general.table_name || quick.key != general.key ||
        quick.consistent != general.consistent ||
        quick.capacity_detail != general.capacity_detail || general.projection_text) {
      Fail("FastReadGetItem read another request", text);
    }
  }
  return 0;
}
