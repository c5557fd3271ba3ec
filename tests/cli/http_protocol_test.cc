// Tests of cli/http_protocol: the CRC-32 SDKs check on every answer, the request ids, and how a
// request is classified (what DynamoDB answers before the engine sees the body).
#include "http_protocol.h"

#include <gtest/gtest.h>

#include <random>
#include <set>
#include <string>
#include <string_view>

namespace monotable::cli {
namespace {

TEST(HttpProtocol, Crc32IsZlibs) {
  EXPECT_EQ(Crc32(""), 0u);
  EXPECT_EQ(Crc32("123456789"), 0xCBF43926u);  // the CRC-32/ISO-HDLC check value
  EXPECT_EQ(Crc32("{}"), 2745614147u);         // what DynamoDB sends for an empty answer
  // Every length around the eight-byte steps gives what a byte at a time gives.
  std::string text;
  for (int i = 0; i < 40; ++i) {
    uint32_t c = 0xFFFFFFFFu;
    for (unsigned char b : text) {
      c ^= b;
      for (int k = 0; k < 8; ++k) c = (c & 1) ? 0xEDB88320u ^ (c >> 1) : c >> 1;
    }
    EXPECT_EQ(Crc32(text), c ^ 0xFFFFFFFFu) << text.size();
    text.push_back(static_cast<char>('a' + i * 7 % 26));
  }
}

// Large bodies take the carry-less-multiplication path where the CPU has it: every length and
// alignment around its 16- and 64-byte steps agrees with the bitwise definition.
TEST(HttpProtocol, Crc32OfLargeBodiesIsZlibs) {
  std::mt19937 random(7);
  std::string text(5000, '\0');
  for (char& c : text) c = static_cast<char>(random());
  auto reference = [](std::string_view s) {
    uint32_t c = 0xFFFFFFFFu;
    for (unsigned char b : s) {
      c ^= b;
      for (int k = 0; k < 8; ++k) c = (c & 1) ? 0xEDB88320u ^ (c >> 1) : c >> 1;
    }
    return c ^ 0xFFFFFFFFu;
  };
  for (size_t n : {63, 64, 65, 255, 256, 257, 271, 319, 320, 321, 1000, 1024, 4095, 4999}) {
    for (size_t offset : {0, 1, 3, 8}) {
      std::string_view s = std::string_view(text).substr(offset, n);
      EXPECT_EQ(Crc32(s), reference(s)) << n << " at " << offset;
    }
  }
  EXPECT_EQ(Crc32(std::string(1 << 20, 'a')), 0xD7CD5672u) << "1 MiB of 'a'";
}

TEST(HttpProtocol, RequestIdsAre52UppercaseAlphanumericsAndDiffer) {
  std::set<std::string> seen;
  for (int i = 0; i < 100; ++i) {
    std::string id = NewRequestId();
    ASSERT_EQ(id.size(), kRequestIdLength);
    for (char c : id) EXPECT_TRUE((c >= '0' && c <= '9') || (c >= 'A' && c <= 'Z')) << id;
    seen.insert(id);
  }
  EXPECT_EQ(seen.size(), 100u);
}

TEST(HttpProtocol, ContentTypesAreComparedWithoutParametersCaseOrSpaces) {
  EXPECT_TRUE(AcceptedContentType("application/x-amz-json-1.0"));
  EXPECT_TRUE(AcceptedContentType("Application/X-Amz-JSON-1.0; charset=utf-8"));
  EXPECT_TRUE(AcceptedContentType(" application/json ;charset=utf-8"));
  EXPECT_FALSE(AcceptedContentType("application/x-amz-json-1.1"));
  EXPECT_FALSE(AcceptedContentType("application/jsonx"));
  EXPECT_FALSE(AcceptedContentType("application/js"));
  EXPECT_FALSE(AcceptedContentType(""));
  EXPECT_EQ(ResponseContentType("APPLICATION/JSON; charset=utf-8"), "application/json");
  EXPECT_EQ(ResponseContentType("application/x-amz-json-1.0"), "application/x-amz-json-1.0");
  EXPECT_EQ(ResponseContentType(""), "application/x-amz-json-1.0");
}

TEST(HttpProtocol, ClassifyFollowsDynamoDBsOrderOfChecks) {
  const OperationSet operations = {"GetItem", "ListTables"};
  ProtocolOptions options;
  HttpRequest request;
  request.method = "POST";
  request.content_type = "application/x-amz-json-1.0";
  request.target = "DynamoDB_20120810.GetItem";
  request.authorization = "AWS4-HMAC-SHA256 Credential=x";
  request.body = "{}";
  Dispatch d = Classify(request, options, operations);
  EXPECT_EQ(d.kind, Dispatch::Kind::kOperation);
  EXPECT_EQ(d.operation, "GetItem");
  EXPECT_EQ(d.content_type, "application/x-amz-json-1.0");

  request.body = "not json";  // the engine answers it: parsed once
  EXPECT_EQ(Classify(request, options, operations).kind, Dispatch::Kind::kOperation);

  request.target = "DynamoDB_20120810.Nope";  // a body that is not JSON is reported first
  d = Classify(request, options, operations);
  EXPECT_EQ(d.kind, Dispatch::Kind::kError);
  EXPECT_EQ(d.error_body, R"({"__type":"com.amazon.coral.service#SerializationException"})");
  request.body = "{}";
  d = Classify(request, options, operations);
  EXPECT_EQ(d.error_body, R"({"__type":"com.amazon.coral.service#UnknownOperationException"})");

  request.target = "DynamoDB_20120810.ListTables";
  request.authorization = "";
  d = Classify(request, options, operations);
  EXPECT_EQ(d.http_status, 400);
  EXPECT_NE(d.error_body.find("MissingAuthenticationTokenException"), std::string::npos);
  options.allow_anonymous = true;
  EXPECT_EQ(Classify(request, options, operations).kind, Dispatch::Kind::kOperation);

  request.content_type = "text/plain";
  EXPECT_EQ(Classify(request, options, operations).kind, Dispatch::Kind::kNotFound);
  request.method = "GET";
  request.body = "";
  EXPECT_EQ(Classify(request, options, operations).kind, Dispatch::Kind::kHealth);
}

}  // namespace
}  // namespace monotable::cli
