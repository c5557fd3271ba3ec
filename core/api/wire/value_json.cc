// value_json: Value -> DynamoDB JSON as an nlohmann tree (wire::ToJson), and the public renderings
// of monotable/value.h (ToWireJson) that front ends use.
//
// Contract (wire.h): an AttributeValue with numbers in canonical text, binary as base64, sets in
// their stored order, maps with keys in byte order; never fails. The text writer (json_writer.cc)
// writes the same bytes without a tree.
#include <nlohmann/json.hpp>
#include <string>
#include <utility>

#include "api/wire/wire.h"
#include "monotable/value.h"

namespace monotable::wire {

using nlohmann::json;

json ToJson(const Value& v) {
  json out = json::object();
  switch (v.type()) {
    case Type::kS:
      out["S"] = v.s();
      break;
    case Type::kN:
      out["N"] = v.n().ToString();
      break;
    case Type::kB:
      out["B"] = Base64Encode(v.s());
      break;
    case Type::kBool:
      out["BOOL"] = v.boolean();
      break;
    case Type::kNull:
      out["NULL"] = true;
      break;
    case Type::kL: {
      json list = json::array();
      for (const Value& element : v.l()) list.push_back(ToJson(element));
      out["L"] = std::move(list);
      break;
    }
    case Type::kM:
      out["M"] = ToJson(v.m());
      break;
    case Type::kSS: {
      json list = json::array();
      for (const std::string& s : v.strings()) list.push_back(s);
      out["SS"] = std::move(list);
      break;
    }
    case Type::kNS: {
      json list = json::array();
      for (const Number& n : v.numbers()) list.push_back(n.ToString());
      out["NS"] = std::move(list);
      break;
    }
    case Type::kBS: {
      json list = json::array();
      for (const std::string& b : v.strings()) list.push_back(Base64Encode(b));
      out["BS"] = std::move(list);
      break;
    }
  }
  return out;
}

json ToJson(const Item& item) {
  json out = json::object();
  for (const auto& [name, value] : item) out[name] = ToJson(value);
  return out;
}

}  // namespace monotable::wire

// The public renderings declared in monotable/value.h, for front ends (they must not include this
// internal header). Invalid UTF-8 in S values is replaced rather than aborting the dump.
namespace monotable {

std::string ToWireJson(const Value& value) {
  return wire::ToJson(value).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

std::string ToWireJson(const Item& item) {
  return wire::ToJson(item).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

}  // namespace monotable
