// fuzz_http: libFuzzer target for `monotable serve`'s HTTP request parser (cli/http_parser.h).
//
// Input: the bytes a client sends on one connection (any bytes; pipelined requests allowed).
// Invariants, beyond "no crash, no sanitizer report":
// - feeding the bytes all at once and feeding them in pieces (split at points derived from the
//   input, as a slow client would) give the same requests, bodies and errors: the incremental
//   parser never depends on how the bytes arrived;
// - a complete request consumes at least its head and no more than it was given; a
//   Content-Length body is exactly that long; no body is over the limit; an error is one of the
//   statuses the parser documents;
// - small limits are used so that the 413 and 431 paths are reached.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "http_parser.h"

namespace {

using monotable::cli::HttpLimits;
using monotable::cli::HttpRequestParser;

struct Outcome {
  std::vector<std::string> requests;  // method, path, key headers and body of each request
  int error = 0;
  bool operator==(const Outcome& o) const { return requests == o.requests && error == o.error; }
};

void Check(bool ok) {
  if (!ok) std::abort();
}

std::string Describe(const HttpRequestParser& p) {
  const auto& h = p.head();
  std::string out = h.method + '\n' + h.path + '\n' + h.content_type + '\n' + h.target + '\n' +
                    h.authorization + '\n' + (h.keep_alive ? "k" : "c") + (h.chunked ? "t" : "l") +
                    (h.expect_continue ? "e" : "-") + '\n';
  out.append(p.body());
  return out;
}

// Parses `input` as a connection would receive it: in pieces ending at the offsets in `cuts`.
Outcome Run(std::string_view input, const std::vector<size_t>& cuts, const HttpLimits& limits) {
  Outcome outcome;
  HttpRequestParser parser(limits);
  size_t start = 0;  // first byte of the current request
  size_t received = 0;
  size_t next_cut = 0;
  while (outcome.requests.size() < 64) {
    // Receive up to the next cut (or everything).
    if (received < input.size()) {
      size_t to = input.size();
      while (next_cut < cuts.size() && cuts[next_cut] <= received) ++next_cut;
      if (next_cut < cuts.size()) to = cuts[next_cut];
      received = to;
    }
    std::string_view data = input.substr(start, received - start);
    HttpRequestParser::State state = parser.Parse(data);
    if (state == HttpRequestParser::State::kError) {
      int status = parser.error_status();
      Check(status == 400 || status == 413 || status == 431 || status == 501 || status == 505);
      outcome.error = status;
      return outcome;
    }
    if (state == HttpRequestParser::State::kIncomplete) {
      if (received == input.size()) return outcome;
      continue;
    }
    Check(parser.consumed() <= data.size());
    Check(parser.consumed() >= parser.head_bytes());
    Check(parser.body().size() <= limits.max_body_bytes);
    if (!parser.head().chunked) Check(parser.body().size() == parser.head().content_length);
    outcome.requests.push_back(Describe(parser));
    start += parser.consumed();
    parser.Reset();
    if (start == input.size()) return outcome;
  }
  return outcome;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view input(reinterpret_cast<const char*>(data), size);
  HttpLimits limits;
  limits.max_header_bytes = 512;
  limits.max_header_count = 12;
  limits.max_body_bytes = 2048;
  Outcome whole = Run(input, {}, limits);
  // Cut points from the input itself: after every byte, and after each byte whose value is odd.
  std::vector<size_t> every, odd;
  for (size_t i = 1; i < size; ++i) {
    every.push_back(i);
    if (data[i] & 1) odd.push_back(i);
  }
  Check(Run(input, every, limits) == whole);
  Check(Run(input, odd, limits) == whole);
  return 0;
}
