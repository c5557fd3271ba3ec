// Tests of cli/http_parser: the requests `monotable serve` accepts, the ones it refuses and with
// which status, and that the parser's answer never depends on how the bytes arrived.
#include "http_parser.h"

#include <gtest/gtest.h>

#include <string>
#include <string_view>
#include <vector>

namespace monotable::cli {
namespace {

using State = HttpRequestParser::State;

constexpr std::string_view kPost =
    "POST / HTTP/1.1\r\n"
    "Host: 127.0.0.1:8000\r\n"
    "Content-Type: application/x-amz-json-1.0\r\n"
    "X-Amz-Target: DynamoDB_20120810.ListTables\r\n"
    "Authorization:   AWS4-HMAC-SHA256 Credential=x  \r\n"
    "Content-Length: 2\r\n"
    "\r\n"
    "{}";

// Parses `text` fed one byte at a time, as a slow client sends it.
State ParseTrickled(HttpRequestParser* parser, std::string_view text) {
  State state = State::kIncomplete;
  for (size_t n = 1; n <= text.size(); ++n) {
    state = parser->Parse(text.substr(0, n));
    if (state != State::kIncomplete) break;
  }
  return state;
}

TEST(HttpParser, ReadsTheHeadersTheServerNeedsTrimmed) {
  HttpRequestParser parser;
  ASSERT_EQ(parser.Parse(kPost), State::kComplete);
  const HttpRequestHead& head = parser.head();
  EXPECT_EQ(head.method, "POST");
  EXPECT_EQ(head.path, "/");
  EXPECT_EQ(head.content_type, "application/x-amz-json-1.0");
  EXPECT_EQ(head.target, "DynamoDB_20120810.ListTables");
  EXPECT_EQ(head.authorization, "AWS4-HMAC-SHA256 Credential=x");
  EXPECT_TRUE(head.keep_alive);
  EXPECT_EQ(parser.body(), "{}");
  EXPECT_EQ(parser.consumed(), kPost.size());
}

TEST(HttpParser, AByteAtATimeGivesTheSameRequest) {
  HttpRequestParser parser;
  ASSERT_EQ(ParseTrickled(&parser, kPost), State::kComplete);
  EXPECT_EQ(parser.head().target, "DynamoDB_20120810.ListTables");
  EXPECT_EQ(parser.body(), "{}");
}

TEST(HttpParser, PipelinedRequestsAreReadOneAfterAnother) {
  std::string two = std::string(kPost) + "GET / HTTP/1.1\nConnection: close\n\n";
  HttpRequestParser parser;
  ASSERT_EQ(parser.Parse(two), State::kComplete);
  size_t first = parser.consumed();
  EXPECT_EQ(first, kPost.size());
  parser.Reset();
  ASSERT_EQ(parser.Parse(std::string_view(two).substr(first)), State::kComplete);
  EXPECT_EQ(parser.head().method, "GET");
  EXPECT_FALSE(parser.head().keep_alive);
  EXPECT_EQ(parser.body(), "");
}

TEST(HttpParser, ChunkedBodiesAreDecoded) {
  std::string text =
      "POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n"
      "3;name=value\r\n{\"a\r\n"
      "A\r\n\":\"0123456\r\n"
      "1\r\n}\r\n"
      "0\r\nTrailer: ignored\r\n\r\n";
  HttpRequestParser whole;
  ASSERT_EQ(whole.Parse(text), State::kComplete);
  EXPECT_EQ(whole.body(), "{\"a\":\"0123456}");
  EXPECT_EQ(whole.consumed(), text.size());
  HttpRequestParser trickled;
  ASSERT_EQ(ParseTrickled(&trickled, text), State::kComplete);
  EXPECT_EQ(trickled.body(), whole.body());
}

TEST(HttpParser, KeepAliveFollowsTheVersionAndConnectionHeader) {
  HttpRequestParser parser;
  ASSERT_EQ(parser.Parse("GET / HTTP/1.0\r\n\r\n"), State::kComplete);
  EXPECT_FALSE(parser.head().keep_alive);
  parser.Reset();
  ASSERT_EQ(parser.Parse("GET / HTTP/1.0\r\nConnection: Keep-Alive\r\n\r\n"), State::kComplete);
  EXPECT_TRUE(parser.head().keep_alive);
  parser.Reset();
  ASSERT_EQ(parser.Parse("GET / HTTP/1.1\r\nConnection: upgrade, close\r\n\r\n"), State::kComplete);
  EXPECT_FALSE(parser.head().keep_alive);
}

TEST(HttpParser, ExpectContinueIsSeenOnceTheHeadIsComplete) {
  HttpRequestParser parser;
  EXPECT_EQ(parser.Parse("POST / HTTP/1.1\r\nExpect: 100-continue\r\nContent-Length: 5\r\n\r\n"),
            State::kIncomplete);
  EXPECT_TRUE(parser.headers_done());
  EXPECT_TRUE(parser.head().expect_continue);
  EXPECT_EQ(parser.head().content_length, 5u);
}

struct Refusal {
  std::string text;
  int status;
};

TEST(HttpParser, MalformedRequestsAreRefusedWithTheirStatus) {
  HttpLimits limits;
  limits.max_header_bytes = 256;
  limits.max_header_count = 4;
  limits.max_body_bytes = 10;
  const std::vector<Refusal> cases = {
      {"GARBAGE\r\n\r\n", 400},
      {"POST / HTTP/1.1\r\n folded: x\r\n\r\n", 400},
      {"POST / HTTP/1.1\r\nNo colon\r\n\r\n", 400},
      {"POST / HTTP/1.1\r\nContent-Length: 1x\r\n\r\n", 400},
      {"POST / HTTP/1.1\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n", 400},
      {"POST / HTTP/1.1\r\nContent-Length: 1\r\nTransfer-Encoding: chunked\r\n\r\n", 400},
      {"POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\nxyz\r\n", 400},
      {"POST / HTTP/1.1\r\nX: a\x01"
       "b\r\n\r\n",
       400},
      {"POST / HTTP/1.1\r\nContent-Length: 11\r\n\r\n", 413},
      {"POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n6\r\nabcdef\r\n5\r\nabcde\r\n", 413},
      {"POST / HTTP/1.1\r\nX-Big: " + std::string(300, 'a') + "\r\n\r\n", 431},
      {"POST / HTTP/1.1\r\nA: 1\r\nB: 1\r\nC: 1\r\nD: 1\r\nE: 1\r\n\r\n", 431},
      {"POST / HTTP/1.1\r\nTransfer-Encoding: gzip\r\n\r\n", 501},
      {"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n", 505},
      {"GET / HTTP/1.2\r\n\r\n", 505},
  };
  for (const Refusal& c : cases) {
    HttpRequestParser whole(limits);
    EXPECT_EQ(whole.Parse(c.text), State::kError) << c.text;
    EXPECT_EQ(whole.error_status(), c.status) << c.text;
    HttpRequestParser trickled(limits);
    EXPECT_EQ(ParseTrickled(&trickled, c.text), State::kError) << c.text;
    EXPECT_EQ(trickled.error_status(), c.status) << c.text;
  }
}

// Header values are checked eight bytes at a time: a control character is found at any offset of a
// long value, while tabs, DEL's neighbours and UTF-8 bytes (obs-text) are accepted.
TEST(HttpParser, AControlCharacterAnywhereInAValueIsRefused) {
  const std::string value = "AWS4-HMAC-SHA256 Credential=AKID/2025\t~ \x80\xc3\xa9 Signature=00";
  std::string ok = "POST / HTTP/1.1\r\nAuthorization: " + value + "\r\nContent-Length: 0\r\n\r\n";
  HttpRequestParser accepted;
  ASSERT_EQ(accepted.Parse(ok), State::kComplete);
  EXPECT_EQ(accepted.head().authorization, value);
  for (char bad : {'\x01', '\x1f', '\x7f', '\0', '\r'}) {
    for (size_t at = 1; at + 1 < value.size(); ++at) {
      std::string broken = value;
      broken[at] = bad;
      std::string text = "POST / HTTP/1.1\r\nAuthorization: " + broken + "\r\n\r\n";
      HttpRequestParser parser;
      EXPECT_EQ(parser.Parse(text), State::kError) << "byte " << int(bad) << " at " << at;
      EXPECT_EQ(parser.error_status(), 400) << "byte " << int(bad) << " at " << at;
    }
  }
}

TEST(HttpParser, AHeadThatNeverEndsIsRefusedAtTheLimitNotBuffered) {
  HttpLimits limits;
  limits.max_header_bytes = 1024;
  HttpRequestParser parser(limits);
  std::string slow = "POST / HTTP/1.1\r\n";
  State state = State::kIncomplete;
  while (state == State::kIncomplete && slow.size() < 4096) {
    slow += "X-Slow: 1\r\n";
    state = parser.Parse(slow);
  }
  EXPECT_EQ(state, State::kError);
  EXPECT_EQ(parser.error_status(), 431);
  EXPECT_LE(slow.size(), 1024u + 16u);
}

}  // namespace
}  // namespace monotable::cli
