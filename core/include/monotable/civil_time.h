// civil_time: Unix time to a UTC calendar date and time, and the few text forms DynamoDB and its
// clients use, in one place (the engine's stream labels, the generator's dates, SigV4's
// X-Amz-Date, the endpoint's Date header, the playground's clock).
//
// Pure arithmetic (Howard Hinnant's days-from-civil algorithm, valid for every int64 day count):
// no gmtime, so no time_t width, locale or thread-safety questions, and the same answer natively
// and in WebAssembly. Header-only.
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>

namespace monotable {

struct CivilTime {
  int64_t year = 1970;
  unsigned month = 1;  // 1..12
  unsigned day = 1;    // 1..31
  unsigned hour = 0, minute = 0, second = 0, millisecond = 0;
  unsigned weekday = 4;  // 0 = Sunday (1970-01-01 was a Thursday)
};

// Days since 1970-01-01 (negative before) -> year, month, day.
inline void CivilFromDays(int64_t days, int64_t* year, unsigned* month, unsigned* day) {
  const int64_t z = days + 719468;
  const int64_t era = (z >= 0 ? z : z - 146096) / 146097;
  const unsigned doe = static_cast<unsigned>(z - era * 146097);
  const unsigned yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
  const unsigned doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
  const unsigned mp = (5 * doy + 2) / 153;
  *day = doy - (153 * mp + 2) / 5 + 1;
  *month = mp < 10 ? mp + 3 : mp - 9;
  *year = static_cast<int64_t>(yoe) + era * 400 + (*month <= 2);
}

// Milliseconds since the Unix epoch -> UTC calendar time (floor division: -1 ms is
// 1969-12-31T23:59:59.999).
inline CivilTime CivilFromUnixMs(int64_t unix_ms) {
  constexpr int64_t kDayMs = 86400000;
  int64_t days = unix_ms / kDayMs;
  int64_t rest = unix_ms % kDayMs;
  if (rest < 0) {
    rest += kDayMs;
    --days;
  }
  CivilTime t;
  CivilFromDays(days, &t.year, &t.month, &t.day);
  const unsigned ms = static_cast<unsigned>(rest);
  t.hour = ms / 3600000;
  t.minute = ms / 60000 % 60;
  t.second = ms / 1000 % 60;
  t.millisecond = ms % 1000;
  t.weekday = static_cast<unsigned>(((days % 7) + 7 + 4) % 7);
  return t;
}

enum class TimeFormat : uint8_t {
  kIsoSeconds,  // "2026-11-30T03:08:33Z" (ISO 8601, the examples' dates)
  kIsoMillis,   // "2026-11-30T03:08:33.123" (a DynamoDB StreamLabel: no zone)
  kAmzDate,     // "20261130T030833Z" (SigV4's X-Amz-Date)
  kHttpDate,    // "Mon, 30 Nov 2026 03:08:33 GMT" (RFC 9110 IMF-fixdate)
  kReadable,    // "2026-11-30 03:08:33 UTC" (the playground's clock)
};

inline std::string FormatUnixMs(int64_t unix_ms, TimeFormat format) {
  static constexpr const char* kDays[] = {"Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"};
  static constexpr const char* kMonths[] = {"Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                            "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
  const CivilTime t = CivilFromUnixMs(unix_ms);
  const long long y = static_cast<long long>(t.year);
  char buf[96];  // room for any int64 year
  switch (format) {
    case TimeFormat::kIsoSeconds:
      std::snprintf(buf, sizeof buf, "%04lld-%02u-%02uT%02u:%02u:%02uZ", y, t.month, t.day, t.hour,
                    t.minute, t.second);
      break;
    case TimeFormat::kIsoMillis:
      std::snprintf(buf, sizeof buf, "%04lld-%02u-%02uT%02u:%02u:%02u.%03u", y, t.month, t.day,
                    t.hour, t.minute, t.second, t.millisecond);
      break;
    case TimeFormat::kAmzDate:
      std::snprintf(buf, sizeof buf, "%04lld%02u%02uT%02u%02u%02uZ", y, t.month, t.day, t.hour,
                    t.minute, t.second);
      break;
    case TimeFormat::kHttpDate:
      std::snprintf(buf, sizeof buf, "%s, %02u %s %04lld %02u:%02u:%02u GMT", kDays[t.weekday],
                    t.day, kMonths[t.month - 1], y, t.hour, t.minute, t.second);
      break;
    case TimeFormat::kReadable:
      std::snprintf(buf, sizeof buf, "%04lld-%02u-%02u %02u:%02u:%02u UTC", y, t.month, t.day,
                    t.hour, t.minute, t.second);
      break;
  }
  return buf;
}

}  // namespace monotable
