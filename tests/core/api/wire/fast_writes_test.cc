// BatchWriteItem's fast reader (core/api/wire/fast_writes.h) against the general one: whatever the fast
// reader accepts, the general reader must read identically, and a request answered through the
// fast path must get the same body, status, effects and resulting table as through the general
// path.
#include "api/wire/fast_writes.h"

#include <gtest/gtest.h>

#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "api/wire/wire.h"
#include "core/api/json_test_util.h"
#include "monotable/engine.h"

namespace monotable::api {
namespace {

// Everything a read request holds, as text (items as their DynamoDB JSON: sets in stored order).
std::string RequestText(const BatchWriteItemRequest& r) {
  std::string out = r.capacity_detail.value_or("-") + "|" + r.metrics.value_or("-") + "|";
  for (const BatchWriteItemRequest::Write& w : r.writes) {
    out += w.table_name + (w.kind == WriteKind::kPut ? " put " : " delete ") +
           wire::ToJson(w.item).dump() + ";";
  }
  return out;
}

// Checks the contract on one text; returns whether the fast reader accepted it.
bool CheckAgreement(const std::string& text) {
  BatchWriteItemRequest fast;
  if (!FastReadBatchWriteItem(text, &fast)) return false;
  const json parsed = json::parse(text, nullptr, false);
  EXPECT_FALSE(parsed.is_discarded()) << "fast reader accepted invalid JSON: " << text;
  if (parsed.is_discarded()) return true;
  BatchWriteItemRequest general;
  const Status s = ReadBatchWriteItem(parsed, &general);
  EXPECT_TRUE(s.ok()) << "fast reader accepted what the general reader rejects (" << s.message()
                      << "): " << text;
  EXPECT_EQ(RequestText(fast), RequestText(general)) << text;
  return true;
}

std::string Put(const std::string& item) { return R"({"PutRequest":{"Item":)" + item + "}}"; }
std::string Del(const std::string& key) { return R"({"DeleteRequest":{"Key":)" + key + "}}"; }
std::string Join(const std::vector<std::string>& requests) {
  std::string out;
  for (size_t i = 0; i < requests.size(); ++i) out += (i ? "," : "") + requests[i];
  return out;
}
std::string Batch(const std::string& table, const std::vector<std::string>& requests,
                  const std::string& extra = "") {
  return R"({"RequestItems":{")" + table + R"(":[)" + Join(requests) + "]}" + extra + "}";
}

const char* const kItem =
    R"({"PK":{"S":"C#1"},"SK":{"S":"O#2025-01-02#7"},"total":{"N":"12.50"},"paid":{"BOOL":true},)"
    R"("note":{"NULL":true},"tags":{"SS":["b","a"]},"qty":{"NS":["1","2.5","-3"]},)"
    R"("bin":{"B":"AAE="},"bins":{"BS":["AA==","AQ=="]},"lines":{"L":[{"S":"x"},{"N":"1"},)"
    R"({"M":{"a":{"L":[]}}}]},"addr":{"M":{"city":{"S":"Oslo"},"zip":{"N":"0150"}}},"e":{"S":""}})";

TEST(FastWrites, PlainShapesAreReadAsTheGeneralReaderReadsThem) {
  std::vector<std::string> twenty_five;
  for (int i = 0; i < 25; ++i) {
    twenty_five.push_back(Put(R"({"PK":{"S":"C#)" + std::to_string(i) + R"("}})"));
  }
  const std::vector<std::string> accepted = {
      Batch("Orders", {Put(kItem)}),
      Batch("Orders", {Put(kItem), Del(R"({"PK":{"S":"C#2"},"SK":{"S":"PROFILE"}})")}),
      Batch("Orders", {Put(R"({"PK":{"S":"C#1"}})")}, R"(,"ReturnConsumedCapacity":"INDEXES")"),
      Batch("Orders", {Put(R"({"PK":{"S":"C#1"}})")},
            R"(,"ReturnItemCollectionMetrics":"SIZE","ReturnConsumedCapacity":"TOTAL")"),
      Batch("Orders", twenty_five),
      // JSON's short escapes, in values, names and table names.
      Batch("Orders", {Put(R"({"s":{"S":"27\" \\ \/ \b\f\n\r\t"},"n\"m":{"SS":["\"","\\"]}})")}),
      Batch(R"(Ord\/ers)", {Del(R"({"PK":{"S":"\""}})")}),
      " {\n \"RequestItems\" : { \"T\" : [ { \"PutRequest\" : { \"Item\" : { \"a\" : { \"N\" : "
      "\"1E+3\" } } } } ] } , \"ReturnConsumedCapacity\" : \"NONE\" }\r\n",
      // Two tables: the general reader visits them by name, so the fast one orders them too.
      R"({"RequestItems":{"b":[)" + Put(R"({"k":{"S":"1"}})") + R"(],"a":[)" +
          Del(R"({"k":{"S":"2"}})") + "]}}",
      // Shapes the tables will judge (RunBatchWriteItem, shared): the reader only reads them.
      Batch("Orders", {Put("{}")}),
      Batch("Orders", {Put(R"({"PK":{"S":""}})"), Del(R"({"x":{"N":"1"},"y":{"S":"a"}})")}),
      Batch("Orders", {Put(R"({"PK":{"S":"a"}})"), Put(R"({"PK":{"S":"a"}})")}),
      Batch("Missing", {Put(R"({"PK":{"S":"a"}})")}),
  };
  for (const std::string& text : accepted) EXPECT_TRUE(CheckAgreement(text)) << text;

  // Everything else goes to the general path, which words DynamoDB's errors.
  std::vector<std::string> twenty_six = twenty_five;
  twenty_six.push_back(Put(R"({"PK":{"S":"C#26"}})"));
  const std::vector<std::string> declined = {
      "",
      "[]",
      "{}",
      R"({"RequestItems":{}})",
      R"({"RequestItems":null})",
      R"({"RequestItems":{"Orders":[]}})",
      R"({"RequestItems":{"Orders":{}}})",
      Batch("Orders", twenty_six),
      // 26 in all across two tables.
      R"({"RequestItems":{"a":[)" + twenty_five[0] + R"(],"b":[)" + Join(twenty_five) + "]}}",
      R"({"RequestItems":{"a":[)" + Put(R"({"k":{"S":"1"}})") + R"(],"a":[)" +
          Put(R"({"k":{"S":"2"}})") + "]}}",
      Batch("Orders", {R"({"PutRequest":{"Item":{"PK":{"S":"a"}}},"DeleteRequest":{"Key":{}}})"}),
      Batch("Orders", {R"({"PutRequest":{"Item":{"PK":{"S":"a"}},"Key":{}}})"}),
      Batch("Orders", {R"({"PutRequest":{"Key":{"PK":{"S":"a"}}}})"}),
      Batch("Orders", {R"({"DeleteRequest":{"Item":{"PK":{"S":"a"}}}})"}),
      Batch("Orders", {R"({"PutRequest":{"Item":null}})"}),
      Batch("Orders", {R"({"PutRequest":null})"}),
      Batch("Orders", {R"({})"}),
      Batch("Orders", {R"([])"}),
      Batch("Orders", {Put(R"({"PK":{"S":"a"},"PK":{"S":"b"}})")}),
      Batch("Orders", {Put(R"({"PK":{}})")}),
      Batch("Orders", {Put(R"({"PK":null})")}),
      Batch("Orders", {Put(R"({"PK":{"S":"a","N":"1"}})")}),
      Batch("Orders", {Put(R"({"PK":{"S":null}})")}),
      Batch("Orders", {Put(R"({"PK":{"X":"a"}})")}),
      Batch("Orders", {Put(R"({"PK":{"S":1}})")}),
      Batch("Orders", {Put(R"({"n":{"N":"1x"}})")}),
      Batch("Orders", {Put(R"({"n":{"N":"1e126"}})")}),
      Batch("Orders", {Put(R"({"n":{"N":1}})")}),
      Batch("Orders", {Put(R"({"b":{"BOOL":"true"}})")}),
      Batch("Orders", {Put(R"({"b":{"NULL":false}})")}),
      Batch("Orders", {Put(R"({"b":{"B":"AAE"}})")}),
      Batch("Orders", {Put(R"({"b":{"B":"AAF="}})")}),
      Batch("Orders", {Put(R"({"s":{"SS":[]}})")}),
      Batch("Orders", {Put(R"({"s":{"SS":["a","a"]}})")}),
      Batch("Orders", {Put(R"({"s":{"NS":["1","1.0"]}})")}),
      Batch("Orders", {Put(R"({"s":{"NS":["1","x"]}})")}),
      Batch("Orders", {Put(R"({"s":{"BS":["AA==","AA=="]}})")}),
      Batch("Orders", {Put(R"({"s":{"SS":["a",null]}})")}),
      Batch("Orders", {Put(R"({"s":{"L":[{"S":"a"},]}})")}),
      Batch("Orders", {Put(R"({"s":{"M":{"a":{"S":"x"},"a":{"S":"y"}}}})")}),
      Batch("Orders", {Put(R"({"s":{"S":"caf\u00e9"}})")}),
      Batch("Orders", {Put("{\"s\":{\"S\":\"caf\xc3\xa9\"}}")}),
      Batch("Orders", {Put(R"({"s":{"S":"a\u0022b"}})")}),
      Batch("Orders", {Put(R"({"s":{"S":"a\qb"}})")}),
      Batch("Orders", {Put(R"({"s":{"N":"\u0031"}})")}),
      Batch("Orders", {Put(R"({"s":{"N":"1\/"}})")}),
      Batch("Orders", {Put(R"({"s":{"SS":["a","\u0061"]}})")}),
      Batch("Orders", {Put(R"({"s":{"S":"a\)")}),
      Batch("Orders", {Put(R"({"PK":{"S":"a"}})")}, R"(,"ReturnConsumedCapacity":"total")"),
      Batch("Orders", {Put(R"({"PK":{"S":"a"}})")}, R"(,"ReturnItemCollectionMetrics":"ALL")"),
      Batch("Orders", {Put(R"({"PK":{"S":"a"}})")}, R"(,"ReturnConsumedCapacity":null)"),
      Batch("Orders", {Put(R"({"PK":{"S":"a"}})")}, R"(,"Unknown":1)"),
      Batch("Orders", {Put(R"({"PK":{"S":"a"}})")}) + " x",
      Batch("Orders", {Put(R"({"PK":{"S":"a"}})")}).substr(1),
      "\xEF\xBB\xBF" + Batch("Orders", {Put(R"({"PK":{"S":"a"}})")}),
  };
  for (const std::string& text : declined) {
    BatchWriteItemRequest out;
    EXPECT_FALSE(FastReadBatchWriteItem(text, &out)) << text;
  }
}

// Nesting: DynamoDB accepts an L or M up to level 31 (a scalar at level 32) and rejects deeper;
// the fast reader reads what is accepted and declines the rest.
TEST(FastWrites, NestingAtDynamoDBsLimit) {
  auto nested = [](int levels) {
    std::string value = R"({"S":"x"})";
    for (int i = 1; i < levels; ++i) value = R"({"L":[)" + value + "]}";
    return Batch("T", {Put(R"({"PK":{"S":"a"},"deep":)" + value + "}")});
  };
  EXPECT_TRUE(CheckAgreement(nested(32)));
  BatchWriteItemRequest out;
  EXPECT_FALSE(FastReadBatchWriteItem(nested(33), &out));
  const json parsed = json::parse(nested(33));
  BatchWriteItemRequest general;
  EXPECT_FALSE(ReadBatchWriteItem(parsed, &general).ok());
}

// Random damage to valid requests: whatever the fast reader still accepts, the general reader
// must accept and read the same way.
TEST(FastWrites, DamagedRequestsNeverDisagree) {
  const std::vector<std::string> seeds = {
      Batch("Orders", {Put(kItem), Del(R"({"PK":{"S":"C#2"},"SK":{"S":"PROFILE"}})")},
            R"(,"ReturnConsumedCapacity":"TOTAL")"),
      R"({"RequestItems":{"b":[)" + Put(R"({"k":{"S":"1"},"s":{"NS":["1","2"]}})") + R"(],"a":[)" +
          Del(R"({"k":{"N":"2"}})") + R"(]},"ReturnItemCollectionMetrics":"SIZE"})",
  };
  const std::string alphabet = " \t\n{}[]:,\"\\SNBLM0123456789.eE+-=AQtruefalsnul\x01\x7f\xc3";
  std::mt19937 rng(11);
  int accepted = 0;
  for (int round = 0; round < 20000; ++round) {
    std::string text = seeds[static_cast<size_t>(round) % seeds.size()];
    testing::Damage(&text, rng, alphabet, 3, /*whitespace_inserts=*/true);
    if (CheckAgreement(text)) ++accepted;
  }
  EXPECT_GT(accepted, 1000);
}

std::string KeyText(const Item& key) { return wire::ToJson(key).dump(); }

std::string EffectsText(const Effects& e) {
  std::ostringstream out;
  out << e.operation << "|" << e.read_units << "|" << e.write_units << "|" << e.dollars << "|";
  for (const TouchedItem& t : e.items) {
    out << t.table << "/" << t.index << "/" << KeyText(t.key) << "/" << t.size_bytes << "/"
        << static_cast<int>(t.action) << "/" << t.reason << ";";
  }
  for (const CapacityLine& c : e.capacity) {
    out << c.table << "/" << c.index << "/" << c.local_index << "/" << c.read_units << "/"
        << c.write_units << "/" << c.arithmetic << ";";
  }
  for (const std::string& l : e.lints) out << l << ";";
  for (const StreamRecordEffect& r : e.stream_records) out << StreamRecordLine(r) << ";";
  return out.str();
}

std::string TableText(const Engine& engine, const std::string& table, const std::string& index) {
  std::string out;
  engine.ForEachItem(table, index, [&](const Item& item, size_t size) {
    out += wire::ToJson(item).dump() + " " + std::to_string(size) + "\n";
  });
  return out;
}

// End to end: the same requests through the fast path and, with a null member added (the general
// reader ignores null members, the fast reader declines them), through the general path, on two
// engines: same answers, same effects, same tables and indexes after.
TEST(FastWrites, AnswersAndTablesAreTheSameOnBothPaths) {
  // One fixed clock: stream labels and records carry times.
  EngineOptions options;
  options.clock_ms = [] { return int64_t{1764590400000}; };
  Engine fast_engine(options), general_engine(options);
  const char* const create = R"({"TableName":"Orders","BillingMode":"PAY_PER_REQUEST",
      "AttributeDefinitions":[{"AttributeName":"PK","AttributeType":"S"},{"AttributeName":"SK","AttributeType":"S"},
        {"AttributeName":"GSI1PK","AttributeType":"S"},{"AttributeName":"n","AttributeType":"N"}],
      "KeySchema":[{"AttributeName":"PK","KeyType":"HASH"},{"AttributeName":"SK","KeyType":"RANGE"}],
      "GlobalSecondaryIndexes":[{"IndexName":"GSI1","KeySchema":[{"AttributeName":"GSI1PK","KeyType":"HASH"}],
        "Projection":{"ProjectionType":"KEYS_ONLY"}}],
      "LocalSecondaryIndexes":[{"IndexName":"LSI1","KeySchema":[{"AttributeName":"PK","KeyType":"HASH"},
        {"AttributeName":"n","KeyType":"RANGE"}],"Projection":{"ProjectionType":"ALL"}}],
      "StreamSpecification":{"StreamEnabled":true,"StreamViewType":"NEW_AND_OLD_IMAGES"}})";
  for (Engine* e : {&fast_engine, &general_engine}) {
    ASSERT_TRUE(e->Execute("CreateTable", create).status.ok());
    ASSERT_TRUE(e->Execute("CreateTable", R"({"TableName":"Other","BillingMode":"PAY_PER_REQUEST",
      "AttributeDefinitions":[{"AttributeName":"id","AttributeType":"N"}],
      "KeySchema":[{"AttributeName":"id","KeyType":"HASH"}]})")
                    .status.ok());
  }
  const std::string big(5000, 'x');
  const std::vector<std::string> requests = {
      Batch("Orders", {Put(kItem)}, R"(,"ReturnConsumedCapacity":"INDEXES")"),
      Batch(
          "Orders",
          {Put(R"({"PK":{"S":"C#1"},"SK":{"S":"A"},"GSI1PK":{"S":"G"},"n":{"N":"5"},"q":{"S":"27\"\n"}})"),
           Put(R"({"PK":{"S":"C#1"},"SK":{"S":"B"},"big":{"S":")" + big + R"("}})"),
           Del(R"({"PK":{"S":"C#1"},"SK":{"S":"O#2025-01-02#7"}})"),
           Del(R"({"PK":{"S":"C#9"},"SK":{"S":"none"}})")},
          R"(,"ReturnConsumedCapacity":"TOTAL","ReturnItemCollectionMetrics":"SIZE")"),
      // Replacing an item moves it in GSI1 and leaves LSI1.
      Batch("Orders", {Put(R"({"PK":{"S":"C#1"},"SK":{"S":"A"},"GSI1PK":{"S":"H"}})")},
            R"(,"ReturnConsumedCapacity":"INDEXES")"),
      R"({"RequestItems":{"Other":[)" + Put(R"({"id":{"N":"1"}})") + R"(],"Orders":[)" +
          Put(R"({"PK":{"S":"C#2"},"SK":{"S":"A"}})") + R"(]},"ReturnConsumedCapacity":"TOTAL"})",
      // Errors the shared half words.
      Batch("Orders", {Put(R"({"PK":{"S":"C#1"}})")}),
      Batch("Orders", {Put(R"({"PK":{"S":""},"SK":{"S":"a"}})")}),
      Batch("Orders",
            {Put(R"({"PK":{"S":"a"},"SK":{"S":"a"}})"), Del(R"({"PK":{"S":"a"},"SK":{"S":"a"}})")}),
      Batch("Orders", {Put(R"({"PK":{"S":"a"},"SK":{"S":"a"},"GSI1PK":{"N":"1"}})")}),
      Batch("Orders", {Put(R"({"PK":{"S":"a"},"SK":{"S":"a"},"big":{"S":")" +
                           std::string(410 * 1024, 'y') + R"("}})")}),
      Batch("Missing", {Put(R"({"PK":{"S":"a"}})")}),
      Batch("Orders", {Del(R"({"PK":{"S":"a"}})")}),
  };
  int fast_taken = 0;
  for (const std::string& text : requests) {
    const std::string general_text = text.substr(0, text.size() - 1) + R"(,"Unused":null})";
    BatchWriteItemRequest probe;
    if (FastReadBatchWriteItem(text, &probe)) ++fast_taken;
    ASSERT_FALSE(FastReadBatchWriteItem(general_text, &probe));
    const Result a = fast_engine.Execute("BatchWriteItem", text);
    const Result b = general_engine.Execute("BatchWriteItem", general_text);
    const std::string head = text.substr(0, 200);
    EXPECT_EQ(a.body, b.body) << head;
    EXPECT_EQ(a.http_status, b.http_status) << head;
    EXPECT_EQ(a.status.code(), b.status.code()) << head;
    EXPECT_EQ(a.status.message(), b.status.message()) << head;
    EXPECT_EQ(EffectsText(a.effects), EffectsText(b.effects)) << head;
    for (const char* index : {"", "GSI1", "LSI1"}) {
      EXPECT_EQ(TableText(fast_engine, "Orders", index), TableText(general_engine, "Orders", index))
          << head;
    }
    EXPECT_EQ(TableText(fast_engine, "Other", ""), TableText(general_engine, "Other", ""));
  }
  EXPECT_EQ(fast_taken, static_cast<int>(requests.size()));
  EXPECT_FALSE(TableText(fast_engine, "Orders", "GSI1").empty());
}

}  // namespace
}  // namespace monotable::api
