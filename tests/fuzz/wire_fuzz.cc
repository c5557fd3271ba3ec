// Fuzz target: the wire codec (core/api/wire/), DynamoDB JSON <-> Value, on arbitrary JSON.
//
// Input: any bytes; when they parse as JSON (nlohmann, no exceptions) the value is decoded both
// as an attribute map (wire::ParseItem) and as one AttributeValue (wire::ParseValue). Invariants:
// - neither ever crashes, whatever the JSON (deep nesting, huge numbers, bad base64, ...);
// - a decoded item re-encodes (ToJson) to JSON that decodes to an equal item, and re-encoding
//   that gives the same JSON text (the encoding is canonical);
// - the item size of a decoded item is computable and equal after the round trip.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "api/wire/wire.h"
#include "monotable/value.h"

namespace {

using json = nlohmann::json;
using monotable::Item;
using monotable::Value;

[[noreturn]] void Fail(const char* what, const std::string& detail) {
  std::fprintf(stderr, "wire_fuzz: %s: %s\n", what, detail.c_str());
  std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const json j = json::parse(text, nullptr, false);
  if (j.is_discarded()) return 0;

  Item item;
  if (monotable::wire::ParseItem(j, &item).ok()) {
    const json encoded = monotable::wire::ToJson(item);
    Item again;
    const monotable::Status s = monotable::wire::ParseItem(encoded, &again);
    if (!s.ok()) Fail("re-encoded item does not parse", s.message() + " in " + encoded.dump());
    if (again != item) Fail("round trip changed the item", encoded.dump());
    if (monotable::wire::ToJson(again).dump() != encoded.dump()) {
      Fail("encoding is not canonical", encoded.dump());
    }
    if (monotable::ItemSize(again) != monotable::ItemSize(item)) {
      Fail("item size changed in the round trip", encoded.dump());
    }
  }

  Value value;
  if (monotable::wire::ParseValue(j, &value).ok()) {
    const json encoded = monotable::wire::ToJson(value);
    Value again;
    const monotable::Status s = monotable::wire::ParseValue(encoded, &again);
    if (!s.ok()) Fail("re-encoded value does not parse", s.message() + " in " + encoded.dump());
    if (again != value) Fail("round trip changed the value", encoded.dump());
    (void)monotable::ValueSize(again);
  }

  // Base64 on the raw text: decoding then encoding gives the text back.
  std::string bytes;
  if (monotable::wire::Base64Decode(text, &bytes)) {
    if (monotable::wire::Base64Encode(bytes) != text)
      Fail("base64 is not canonical", std::string(text));
  }
  return 0;
}
