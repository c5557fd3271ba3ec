// request_json: a fast reader of request bodies into nlohmann trees, for the plain JSON requests
// carry (ASCII text, simple escapes, integers), declining everything else to nlohmann's parser.
//
// Contract: ParseRequestJson either declines (returns false, *out unspecified) or builds exactly
// the tree `json::parse(text)` builds, value types included (an integer without a sign is
// number_unsigned, with one number_integer; a repeated member keeps its last value). It declines a
// top level that is not an object, any byte outside printable ASCII (so nlohmann validates
// UTF-8 and words the errors), \u escapes, numbers with a fraction or exponent or more than 18
// digits, nesting deeper than 64, and anything that is not valid JSON. Declining costs only time:
// the caller then runs nlohmann's parser, whose verdict stands. A test
// (tests/core/api/wire/request_json_test.cc) compares both on generated and damaged texts.
#pragma once

#include <nlohmann/json.hpp>
#include <string_view>

namespace monotable::api {

bool ParseRequestJson(std::string_view text, nlohmann::json* out);

}  // namespace monotable::api
