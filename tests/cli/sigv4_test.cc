// Tests of cli/sigv4: SHA-256 against FIPS 180-2's examples, HMAC-SHA256 against RFC 4231's test
// cases, and Signature Version 4 against AWS's published test suite (credentials AKIDEXAMPLE,
// us-east-1, service "service", 2015-08-30T12:36:00Z) and the IAM ListUsers example of AWS's
// signing documentation. A wrong byte anywhere changes every signature, so these pin all of it.
#include "sigv4.h"

#include <gtest/gtest.h>

#include <string>

namespace monotable::cli {
namespace {

std::string Hex(std::string_view text) { return HexEncode(Sha256Of(text)); }
std::string Hmac(std::string_view key, std::string_view data) {
  return HexEncode(HmacSha256(key, data));
}

TEST(Sha256Test, Fips180Examples) {
  EXPECT_EQ(Hex(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  EXPECT_EQ(Hex("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  EXPECT_EQ(Hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"),
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
  EXPECT_EQ(Hex(std::string(1000000, 'a')),
            "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}

TEST(Sha256Test, IncrementalUpdatesMatchOneShotAcrossBlockBoundaries) {
  std::string text;
  for (int i = 0; i < 300; ++i) text += static_cast<char>('a' + i % 26);
  for (size_t split : {0u, 1u, 55u, 56u, 63u, 64u, 65u, 128u, 299u}) {
    Sha256 hasher;
    hasher.Update(std::string_view(text).substr(0, split));
    hasher.Update(std::string_view(text).substr(split));
    EXPECT_EQ(HexEncode(hasher.Finish()), Hex(text)) << "split at " << split;
  }
  // Lengths around the padding boundary (55/56/64 bytes) each hash differently and stably.
  EXPECT_NE(Hex(std::string(55, 'x')), Hex(std::string(56, 'x')));
}

TEST(HmacSha256Test, Rfc4231TestCases) {
  EXPECT_EQ(Hmac(std::string(20, '\x0b'), "Hi There"),
            "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7");
  EXPECT_EQ(Hmac("Jefe", "what do ya want for nothing?"),
            "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843");
  EXPECT_EQ(Hmac(std::string(20, '\xaa'), std::string(50, '\xdd')),
            "773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe");
  std::string key4;
  for (int i = 1; i <= 25; ++i) key4 += static_cast<char>(i);
  EXPECT_EQ(Hmac(key4, std::string(50, '\xcd')),
            "82558a389a443c0ea4cc819899f2083a85f0faa3e578f8077a2e3ff46729665b");
  // Test case 5 is truncated to 128 bits.
  EXPECT_EQ(Hmac(std::string(20, '\x0c'), "Test With Truncation").substr(0, 32),
            "a3b6167473100ee06e0c796c2955552b");
  // Keys longer than the 64-byte block are hashed first.
  EXPECT_EQ(
      Hmac(std::string(131, '\xaa'), "Test Using Larger Than Block-Size Key - Hash Key First"),
      "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54");
  EXPECT_EQ(Hmac(std::string(131, '\xaa'),
                 "This is a test using a larger than block-size key and a larger than block-size "
                 "data. The key needs to be hashed before being used by the HMAC algorithm."),
            "9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2");
}

// The AWS Signature Version 4 test suite's shared context.
const AwsCredentials kSuiteCredentials = {"AKIDEXAMPLE", "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY",
                                          ""};
constexpr char kSuiteDate[] = "20150830T123600Z";
constexpr char kSuiteScope[] =
    "AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/service/aws4_request, ";

SigV4Request SuiteRequest(std::string method, std::string path, std::string query = "") {
  SigV4Request r;
  r.method = std::move(method);
  r.path = std::move(path);
  r.query = std::move(query);
  r.headers = {{"Host", "example.amazonaws.com"}, {"X-Amz-Date", kSuiteDate}};
  return r;
}

SigV4Signature SignSuite(const SigV4Request& r) {
  return SignV4(r, kSuiteCredentials, "us-east-1", "service", kSuiteDate);
}

TEST(SigV4Test, AmzDateFormatsUtc) {
  EXPECT_EQ(AmzDate(1440938160), kSuiteDate);  // 2015-08-30T12:36:00Z
  EXPECT_EQ(AmzDate(0), "19700101T000000Z");
  EXPECT_EQ(AmzDate(951782400), "20000229T000000Z");   // a leap day
  EXPECT_EQ(AmzDate(4102444799), "20991231T235959Z");  // past 2038: 64-bit time on wasm too
}

TEST(SigV4Test, GetVanilla) {
  SigV4Signature s = SignSuite(SuiteRequest("GET", "/"));
  EXPECT_EQ(s.canonical_request,
            "GET\n/\n\nhost:example.amazonaws.com\nx-amz-date:20150830T123600Z\n\nhost;x-amz-date\n"
            "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  EXPECT_EQ(s.authorization,
            std::string(kSuiteScope) +
                "SignedHeaders=host;x-amz-date, "
                "Signature=5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31");
}

TEST(SigV4Test, PostVanilla) {
  SigV4Signature s = SignSuite(SuiteRequest("POST", "/"));
  EXPECT_EQ(s.string_to_sign,
            "AWS4-HMAC-SHA256\n20150830T123600Z\n20150830/us-east-1/service/aws4_request\n"
            "553f88c9e4d10fc9e109e2aeb65f030801b70c2f6468faca261d401ae622fc87");
  EXPECT_EQ(s.signature, "5da7c1a2acd57cee7505fc6676e4e544621c30862966e37dddb68e92efbe5d6b");
}

TEST(SigV4Test, QueryParametersAreSorted) {
  SigV4Signature s = SignSuite(SuiteRequest("GET", "/", "Param2=value2&Param1=value1"));
  EXPECT_NE(s.canonical_request.find("\n/\nParam1=value1&Param2=value2\n"), std::string::npos);
  EXPECT_EQ(s.signature, "b97d918cfa904a5beff61c982a1b6f458b799221646efd99d3219ec94cdf2500");
  EXPECT_EQ(SignSuite(SuiteRequest("POST", "/", "Param1=value1")).signature,
            "28038455d6de14eafc1f9222cf5aa6f1a96197d7deb8263271d420d138af7f11");
}

TEST(SigV4Test, UnreservedPathCharactersAreKept) {
  SigV4Signature s = SignSuite(
      SuiteRequest("GET", "/-._~0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"));
  EXPECT_EQ(s.signature, "07ef7494c76fa4850883e2b006601f940f8a34d404d0cfa977f52a65bbf5f24f");
}

TEST(SigV4Test, HeaderNamesAreLowerCasedAndValuesTrimmed) {
  SigV4Request r = SuiteRequest("POST", "/");
  r.headers.emplace_back("MY-HEADER1", "value1");
  EXPECT_EQ(SignSuite(r).signature,
            "c5410059b04c1ee005303aed430f6e6645f61f4dc9e1461ec8f8916fdf18852c");

  r = SuiteRequest("POST", "/");
  r.headers.emplace_back("My-Header1", "VALUE1");  // values keep their case
  EXPECT_EQ(SignSuite(r).signature,
            "cdbc9802e29d2942e5e10b5bccfdd67c5f22c7c4e8ae67b53629efa58b974b7d");

  r = SuiteRequest("GET", "/");
  r.headers.emplace_back("My-Header1", " value1");
  r.headers.emplace_back("My-Header2", " \"a   b   c\"");
  SigV4Signature s = SignSuite(r);
  EXPECT_NE(s.canonical_request.find("my-header1:value1\nmy-header2:\"a b c\"\n"),
            std::string::npos);
  EXPECT_EQ(s.signed_headers, "host;my-header1;my-header2;x-amz-date");
  EXPECT_EQ(s.signature, "acc3ed3afb60bb290fc8d2dd0098b9911fcaa05412b367055dee359757a9c736");
}

TEST(SigV4Test, RepeatedHeadersAreJoinedInOrder) {
  SigV4Request r = SuiteRequest("GET", "/");
  r.headers.emplace_back("My-Header1", "value2");
  r.headers.emplace_back("My-Header1", "value2");
  r.headers.emplace_back("My-Header1", "value1");
  SigV4Signature s = SignSuite(r);
  EXPECT_NE(s.canonical_request.find("my-header1:value2,value2,value1\n"), std::string::npos);
  EXPECT_EQ(s.signature, "c9d5ea9f3f72853aea855b47ea873832890dbdd183b4468f858259531a5138ea");
}

TEST(SigV4Test, SessionTokenIsSigned) {
  SigV4Request r = SuiteRequest("POST", "/");
  r.headers.emplace_back(
      "X-Amz-Security-Token",
      "AQoDYXdzEPT//////////"
      "wEXAMPLEtc764bNrC9SAPBSM22wDOk4x4HIZ8j4FZTwdQWLWsKWHGBuFqwAeMicRXmxfpSPf"
      "IeoIYRqTflfKD8YUuwthAx7mSEI/qkPpKPi/kMcGdQrmGdeehM4IC1NtBmUpp2wUE8phUZampKsburEDy0KPkyQDYwT"
      "7WZ0wq5VSXDvp75YU9HFvlRd8Tx6q6fE8YQcHNVXAkiY9q6d+xo0rKwT38xVqr7ZD0u0iPPkUL64lIZbqBAz+scqKml"
      "zm8FDrypNC9Yjc8fPOLn9FX9KSYvKTr4rvx3iSIlTJabIQwj2ICCR/oLxBA==");
  SigV4Signature s = SignSuite(r);
  EXPECT_EQ(s.signed_headers, "host;x-amz-date;x-amz-security-token");
  EXPECT_EQ(s.signature, "85d96828115b5dc0cfc3bd16ad9e210dd772bbebba041836c64533a82be05ead");
}

// The worked example of AWS's signing documentation: IAM ListUsers as a GET with a query string.
TEST(SigV4Test, DocumentedIamListUsersExample) {
  SigV4Request r;
  r.method = "GET";
  r.path = "/";
  r.query = "Action=ListUsers&Version=2010-05-08";
  r.headers = {{"Content-Type", "application/x-www-form-urlencoded; charset=utf-8"},
               {"Host", "iam.amazonaws.com"},
               {"X-Amz-Date", kSuiteDate}};
  SigV4Signature s = SignV4(r, kSuiteCredentials, "us-east-1", "iam", kSuiteDate);
  EXPECT_EQ(s.canonical_request,
            "GET\n/\nAction=ListUsers&Version=2010-05-08\n"
            "content-type:application/x-www-form-urlencoded; charset=utf-8\n"
            "host:iam.amazonaws.com\nx-amz-date:20150830T123600Z\n\n"
            "content-type;host;x-amz-date\n"
            "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  EXPECT_EQ(HexEncode(Sha256Of(s.canonical_request)),
            "f536975d06c0309214f805bb90ccff089219ecd68b2577efef23edd43b7e1a59");
  EXPECT_EQ(s.authorization,
            "AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/iam/aws4_request, "
            "SignedHeaders=content-type;host;x-amz-date, "
            "Signature=5d672d79c15b13162d9279b0855cfba6789a8edb4c82c400e06b5924a6f2b5d7");
}

TEST(SigV4Test, DynamoDbHeadersSignContentTypeHostDateAndTarget) {
  auto headers = SignedDynamoDbHeaders("127.0.0.1:8000", kSuiteDate, "Query", kSuiteCredentials);
  SigV4Request r;
  r.headers = headers;
  r.body = "{}";
  SigV4Signature s = SignV4(r, kSuiteCredentials, "us-east-1", "dynamodb", kSuiteDate);
  EXPECT_EQ(s.signed_headers, "content-type;host;x-amz-date;x-amz-target");
  EXPECT_NE(s.canonical_request.find("x-amz-target:DynamoDB_20120810.Query\n"), std::string::npos);
  // The body is part of the signature.
  r.body = "{ }";
  EXPECT_NE(SignV4(r, kSuiteCredentials, "us-east-1", "dynamodb", kSuiteDate).signature,
            s.signature);
  AwsCredentials with_token = kSuiteCredentials;
  with_token.session_token = "token";
  EXPECT_EQ(SignedDynamoDbHeaders("h", kSuiteDate, "Query", with_token)[3].first,
            "x-amz-security-token");
}

}  // namespace
}  // namespace monotable::cli
