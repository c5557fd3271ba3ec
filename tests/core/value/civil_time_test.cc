// civil_time: Unix time to UTC calendar time and its text forms (monotable/civil_time.h), checked
// on dates a user sees (the examples' "now", a leap day, the epoch's edges) and against the C
// library's gmtime_r over a sweep of instants.
#include "monotable/civil_time.h"

#include <gtest/gtest.h>

#include <ctime>

namespace monotable {
namespace {

TEST(CivilTime, TextForms) {
  const int64_t ms = int64_t{1764590400} * 1000 + 123;  // the examples' now, 2025-12-01T12:00Z
  EXPECT_EQ(FormatUnixMs(ms, TimeFormat::kIsoSeconds), "2025-12-01T12:00:00Z");
  EXPECT_EQ(FormatUnixMs(ms, TimeFormat::kIsoMillis), "2025-12-01T12:00:00.123");
  EXPECT_EQ(FormatUnixMs(ms, TimeFormat::kAmzDate), "20251201T120000Z");
  EXPECT_EQ(FormatUnixMs(ms, TimeFormat::kHttpDate), "Mon, 01 Dec 2025 12:00:00 GMT");
  EXPECT_EQ(FormatUnixMs(ms, TimeFormat::kReadable), "2025-12-01 12:00:00 UTC");
  // SigV4's test suite date (AWS General Reference, "Signature Version 4 test suite").
  EXPECT_EQ(FormatUnixMs(int64_t{1440938160} * 1000, TimeFormat::kAmzDate), "20150830T123600Z");
}

TEST(CivilTime, CalendarEdges) {
  EXPECT_EQ(FormatUnixMs(0, TimeFormat::kHttpDate), "Thu, 01 Jan 1970 00:00:00 GMT");
  EXPECT_EQ(FormatUnixMs(-1, TimeFormat::kIsoMillis), "1969-12-31T23:59:59.999");
  EXPECT_EQ(FormatUnixMs(int64_t{1709164800} * 1000, TimeFormat::kIsoSeconds),
            "2024-02-29T00:00:00Z");  // a leap day
  EXPECT_EQ(FormatUnixMs(int64_t{4107542400} * 1000, TimeFormat::kIsoSeconds),
            "2100-03-01T00:00:00Z");  // 2100 is not a leap year: Feb 28 + 1 day
  EXPECT_EQ(FormatUnixMs(int64_t{951782400} * 1000, TimeFormat::kIsoSeconds),
            "2000-02-29T00:00:00Z");  // 2000 is
}

TEST(CivilTime, AgreesWithGmtime) {
  if (sizeof(std::time_t) < 8) GTEST_SKIP() << "a 32-bit time_t cannot hold the sweep";
  uint64_t x = 88172645463325252ull;
  for (int i = 0; i < 20000; ++i) {
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    // Instants from 1901 to 2200, in seconds.
    const int64_t secs = static_cast<int64_t>(x % 9467280000ull) - 2147483648ll;
    std::time_t t = static_cast<std::time_t>(secs);
    std::tm tm{};
    gmtime_r(&t, &tm);
    const CivilTime c = CivilFromUnixMs(secs * 1000);
    ASSERT_EQ(c.year, tm.tm_year + 1900) << secs;
    ASSERT_EQ(c.month, static_cast<unsigned>(tm.tm_mon + 1)) << secs;
    ASSERT_EQ(c.day, static_cast<unsigned>(tm.tm_mday)) << secs;
    ASSERT_EQ(c.hour, static_cast<unsigned>(tm.tm_hour)) << secs;
    ASSERT_EQ(c.minute, static_cast<unsigned>(tm.tm_min)) << secs;
    ASSERT_EQ(c.second, static_cast<unsigned>(tm.tm_sec)) << secs;
    ASSERT_EQ(c.weekday, static_cast<unsigned>(tm.tm_wday)) << secs;
  }
}

}  // namespace
}  // namespace monotable
