// Fuzz target: the fast request readers (core/api/wire/request_json.h, core/api/wire/fast_requests.h)
// against the general ones, on arbitrary bytes as a request body.
//
// Invariants:
// - ParseRequestJson accepts only what nlohmann's parser accepts, and builds the same tree with
//   the same value types at every node;
// - FastReadGetItem accepts only requests the general GetItem reader (ReadGetItem on nlohmann's
//   tree) reads without error, and reads them identically;
// - FastReadBatchWriteItem likewise against ReadBatchWriteItem (items compared as their DynamoDB
//   JSON, so set order counts);
// - FastReadQueryScan likewise against ReadMembersOf (as Query and as Scan), and FastReadKeyWrite
//   against ReadKeyWrite (as UpdateItem and as DeleteItem), and FastReadPutItem against
//   ReadPutItem (items compared as their DynamoDB JSON);
// - neither ever crashes.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "api/wire/fast_requests.h"
#include "api/wire/fast_writes.h"
#include "api/wire/request_json.h"
#include "api/wire/wire.h"
#include "core/api/wire/fast_requests_text.h"
#include "core/api/json_test_util.h"

namespace {

using json = nlohmann::json;

// A read BatchWriteItem request as text.
std::string BatchText(const monotable::api::BatchWriteItemRequest& r) {
  std::string out = r.capacity_detail.value_or("-") + "|" + r.metrics.value_or("-") + "|";
  for (const auto& w : r.writes) {
    out += w.table_name + (w.kind == monotable::api::WriteKind::kPut ? " put " : " delete ") +
           monotable::wire::ToJson(w.item).dump() + ";";
  }
  return out;
}

[[noreturn]] void Fail(const char* what, std::string_view input) {
  std::fprintf(stderr, "requests_fuzz: %s: %.*s\n", what, static_cast<int>(input.size()),
               input.data());
  std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  json fast;
  const bool fast_ok = monotable::api::ParseRequestJson(text, &fast);
  const json slow = json::parse(text, nullptr, false);
  if (fast_ok) {
    if (slow.is_discarded()) Fail("ParseRequestJson accepted what nlohmann rejects", text);
    if (!monotable::testing::SameTree(fast, slow))
      Fail("ParseRequestJson built another tree", text);
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

  monotable::api::BatchWriteItemRequest batch;
  if (monotable::api::FastReadBatchWriteItem(text, &batch)) {
    if (slow.is_discarded()) Fail("FastReadBatchWriteItem accepted invalid JSON", text);
    monotable::api::BatchWriteItemRequest general;
    if (!monotable::api::ReadBatchWriteItem(slow, &general).ok()) {
      Fail("FastReadBatchWriteItem accepted what ReadBatchWriteItem rejects", text);
    }
    if (BatchText(batch) != BatchText(general))
      Fail("FastReadBatchWriteItem read another request", text);
  }
  for (const bool query : {true, false}) {
    monotable::api::ReadMembers members;
    if (monotable::api::FastReadQueryScan(text, query, &members)) {
      if (slow.is_discarded()) Fail("FastReadQueryScan accepted invalid JSON", text);
      monotable::api::ReadMembers general;
      if (!monotable::api::ReadMembersOf(slow, query, &general).ok()) {
        Fail("FastReadQueryScan accepted what ReadMembersOf rejects", text);
      }
      if (monotable::testing::MembersText(members) != monotable::testing::MembersText(general)) {
        Fail("FastReadQueryScan read another request", text);
      }
    }
  }
  for (const bool update : {true, false}) {
    monotable::api::KeyWriteRequest write;
    if (monotable::api::FastReadKeyWrite(text, update, &write)) {
      if (slow.is_discarded()) Fail("FastReadKeyWrite accepted invalid JSON", text);
      monotable::api::KeyWriteRequest general;
      if (!monotable::api::ReadKeyWrite(slow, update, &general).ok()) {
        Fail("FastReadKeyWrite accepted what ReadKeyWrite rejects", text);
      }
      if (monotable::testing::KeyWriteText(write) != monotable::testing::KeyWriteText(general)) {
        Fail("FastReadKeyWrite read another request", text);
      }
    }
  }
  monotable::api::PutItemRequest put;
  if (monotable::api::FastReadPutItem(text, &put)) {
    if (slow.is_discarded()) Fail("FastReadPutItem accepted invalid JSON", text);
    monotable::api::PutItemRequest general;
    if (!monotable::api::ReadPutItem(slow, &general).ok()) {
      Fail("FastReadPutItem accepted what ReadPutItem rejects", text);
    }
    if (monotable::testing::PutItemText(put) != monotable::testing::PutItemText(general)) {
      Fail("FastReadPutItem read another request", text);
    }
  }
  return 0;
}
