// Helpers shared by the tests and the fuzz target that hold the fast request readers to the
// general ones (request_json_test.cc, fast_requests_test.cc, tests/fuzz/requests_fuzz.cc).
#pragma once

#include <nlohmann/json.hpp>
#include <random>
#include <string>
#include <string_view>

namespace monotable::testing {

// Equal trees with equal value types at every node (json's operator== calls 1u and 1 equal).
inline bool SameTree(const nlohmann::json& a, const nlohmann::json& b) {
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

// Damages `text` with 1 to `max_edits` random edits: a byte erased, a byte of `alphabet` inserted
// or written over one, and (with `whitespace_inserts`) a JSON whitespace inserted, which keeps
// many texts valid.
inline void Damage(std::string* text, std::mt19937& rng, std::string_view alphabet, int max_edits,
                   bool whitespace_inserts) {
  const int edits = 1 + static_cast<int>(rng() % static_cast<unsigned>(max_edits));
  for (int e = 0; e < edits && !text->empty(); ++e) {
    const size_t at = rng() % text->size();
    const char c = alphabet[rng() % alphabet.size()];
    switch (rng() % (whitespace_inserts ? 4 : 3)) {
      case 0:
        text->erase(at, 1);
        break;
      case 1:
        text->insert(at, 1, c);
        break;
      case 2:
        (*text)[at] = c;
        break;
      default:
        text->insert(at, 1, " \t\n"[rng() % 3]);
        break;
    }
  }
}

}  // namespace monotable::testing
