// Number: parsing, canonical text, exact addition and subtraction, ordering, ordered keys and
// DynamoDB's size rule for the N type. Knows no wire format and no JSON.
//
// Representation (see number.h): up to 38 significant digits d1..dn packed two per byte, no
// leading or trailing zero digits, value = 0.d1d2...dn x 10^exponent_. Zero has ndigits_ == 0,
// negative_ == false and exponent_ == 0, so equal numbers have equal bytes.
#include "monotable/number.h"

#include <algorithm>
#include <array>
#include <cstdlib>
#include <cstring>

namespace monotable {
namespace {

// DynamoDB: "Numbers can have up to 38 digits of precision" and "Positive range: 1E-130 to
// 9.9999999999999999999999999999999999999E+125" (same for negative). In terms of the decimal
// exponent of the first significant digit (d.ddd x 10^e): -130 <= e <= 125.
constexpr int kMaxDigits = 38;
constexpr int kMinSciExponent = -130;
constexpr int kMaxSciExponent = 125;

// Invalid text: DynamoDB appends the offending text, except for an empty string (dynalite's
// tests run against DynamoDB; the same text appears in real DynamoDB error reports).
constexpr const char* kNotANumber = "The parameter cannot be converted to a numeric value";
constexpr const char* kTooManyDigits =
    "Attempting to store more than 38 significant digits in a Number";
constexpr const char* kOverflow =
    "Number overflow. Attempting to store a number with magnitude larger than supported range";
constexpr const char* kUnderflow =
    "Number underflow. Attempting to store a number with magnitude smaller than supported range";

// floor(a / 2) for any sign.
int64_t FloorHalf(int64_t a) { return a >= 0 ? a / 2 : -((-a + 1) / 2); }

// Unpacked digits, most significant first; the working form for arithmetic and text.
struct NumberDigits {
  std::array<uint8_t, kMaxDigits> d{};
  int n = 0;
};

NumberDigits Unpack(const uint8_t* packed, int n) {
  NumberDigits out;
  out.n = n;
  for (int i = 0; i < n; ++i) {
    uint8_t byte = packed[i / 2];
    out.d[i] = (i % 2 == 0) ? (byte >> 4) : (byte & 0x0F);
  }
  return out;
}

// Checks range and precision of 0.digits[0..n) x 10^exponent (digits trimmed, n >= 1), and builds
// the number. Range is checked before precision, as DynamoDB does.
Status Build(bool negative, const uint8_t* digits, int64_t n, int64_t exponent, uint8_t* packed,
             uint8_t* ndigits, bool* neg_out, int16_t* exp_out) {
  int64_t sci = exponent - 1;
  if (sci > kMaxSciExponent) return Status::Validation(kOverflow);
  if (sci < kMinSciExponent) return Status::Validation(kUnderflow);
  if (n > kMaxDigits) return Status::Validation(kTooManyDigits);
  std::memset(packed, 0, 19);
  for (int64_t i = 0; i < n; ++i) {
    packed[i / 2] |= static_cast<uint8_t>(i % 2 == 0 ? digits[i] << 4 : digits[i]);
  }
  *ndigits = static_cast<uint8_t>(n);
  *neg_out = negative;
  *exp_out = static_cast<int16_t>(exponent);
  return Status::Ok();
}

}  // namespace

Status Number::Parse(std::string_view text, Number* out) {
  // Grammar (DynamoDB's number text): [+-]? (digits [. digits?]? | . digits) ([eE] [+-]? digits)?
  size_t i = 0;
  const size_t len = text.size();
  bool negative = false;
  if (i < len && (text[i] == '-' || text[i] == '+')) {
    negative = text[i] == '-';
    ++i;
  }
  // Mantissa: remember where significant digits start and end, relative to the decimal point.
  // Digits are collected only while they can still be significant (at most kMaxDigits + 1 kept:
  // one more is enough to know there are too many).
  uint8_t digits[kMaxDigits + 1];
  int64_t kept = 0;        // digits stored in `digits` (after the first non-zero digit)
  int64_t int_digits = 0;  // digits before the point
  int64_t first_nz = -1;   // index (in the mantissa digit string) of the first non-zero digit
  int64_t last_nz = -1;    // index of the last non-zero digit
  int64_t index = 0;       // mantissa digit index
  bool seen_point = false;
  bool any_digit = false;
  for (; i < len; ++i) {
    char c = text[i];
    if (c >= '0' && c <= '9') {
      any_digit = true;
      if (!seen_point) ++int_digits;
      if (c != '0') {
        if (first_nz < 0) first_nz = index;
        last_nz = index;
      }
      if (first_nz >= 0) {
        if (kept <= kMaxDigits) digits[kept++] = static_cast<uint8_t>(c - '0');
      }
      ++index;
    } else if (c == '.' && !seen_point) {
      seen_point = true;
    } else {
      break;
    }
  }
  auto not_a_number = [&]() {
    if (text.empty()) return Status::Validation(kNotANumber);
    return Status::Validation(std::string(kNotANumber) + ": " + std::string(text));
  };
  if (!any_digit) return not_a_number();
  int64_t exp10 = 0;
  if (i < len && (text[i] == 'e' || text[i] == 'E')) {
    ++i;
    bool exp_negative = false;
    if (i < len && (text[i] == '-' || text[i] == '+')) {
      exp_negative = text[i] == '-';
      ++i;
    }
    bool exp_digit = false;
    for (; i < len && text[i] >= '0' && text[i] <= '9'; ++i) {
      exp_digit = true;
      // Saturate far beyond any mantissa length a request can carry: such exponents are out of
      // range whatever the mantissa, and int64 arithmetic below cannot overflow.
      if (exp10 < 100000000000000) exp10 = exp10 * 10 + (text[i] - '0');
    }
    if (!exp_digit) return not_a_number();
    if (exp_negative) exp10 = -exp10;
  }
  if (i != len) return not_a_number();
  if (first_nz < 0) {  // zero, whatever its sign or exponent
    *out = Number();
    return Status::Ok();
  }
  int64_t n = last_nz - first_nz + 1;
  // Value = 0.(mantissa digits) x 10^int_digits x 10^exp10; dropping first_nz leading zeros.
  int64_t exponent = int_digits - first_nz + exp10;
  Number result;
  Status st = Build(negative, digits, n, exponent, result.digits_, &result.ndigits_,
                    &result.negative_, &result.exponent_);
  if (!st.ok()) return st;
  *out = result;
  return Status::Ok();
}

Number Number::FromInt(int64_t value) {
  if (value == 0) return Number();
  bool negative = value < 0;
  uint64_t magnitude =
      negative ? static_cast<uint64_t>(-(value + 1)) + 1 : static_cast<uint64_t>(value);
  uint8_t rev[20];
  int count = 0;
  while (magnitude > 0) {
    rev[count++] = static_cast<uint8_t>(magnitude % 10);
    magnitude /= 10;
  }
  int trailing = 0;
  while (rev[trailing] == 0) ++trailing;
  uint8_t digits[20];
  int n = 0;
  for (int k = count - 1; k >= trailing; --k) digits[n++] = rev[k];
  Number result;
  Status st = Build(negative, digits, n, count, result.digits_, &result.ndigits_, &result.negative_,
                    &result.exponent_);
  (void)st;  // an int64 always fits
  return result;
}

namespace {

// Add works in a window of decimal cells wide enough for any two in-range operands: positions
// 10^130 down to 10^-269 (operands reach 10^125 and 10^-167; the sum carries at most one place).
constexpr int kWindow = 400;

}  // namespace

Status Number::Add(const Number& a, const Number& b, Number* out) {
  if (b.IsZero()) {
    *out = a;
    return Status::Ok();
  }
  if (a.IsZero()) {
    *out = b;
    return Status::Ok();
  }
  NumberDigits da = Unpack(a.digits_, a.ndigits_);
  NumberDigits db = Unpack(b.digits_, b.ndigits_);
  // Cell c holds the digit for 10^(kHigh - c). Digit i of a number with exponent E stands for
  // 10^(E - 1 - i).
  constexpr int kHigh = 130;  // one above the largest in-range digit position (125) + carry room
  int acc[kWindow] = {};
  auto place = [&](const NumberDigits& d, int exponent, int sign) {
    for (int i = 0; i < d.n; ++i) acc[kHigh - (exponent - 1 - i)] += sign * d.d[i];
  };
  int sign_a = a.negative_ ? -1 : 1;
  int sign_b = b.negative_ ? -1 : 1;
  place(da, a.exponent_, sign_a);
  place(db, b.exponent_, sign_b);
  // Determine the sign of the result: the first non-zero cell after normalising carries. Normalise
  // from the least significant cell upward with borrows, producing digits of |sum| with a sign.
  // First compute the sign by comparing magnitudes when signs differ.
  bool negative;
  if (sign_a == sign_b) {
    negative = a.negative_;
  } else {
    Number abs_a = a, abs_b = b;
    abs_a.negative_ = false;
    abs_b.negative_ = false;
    int cmp = abs_a.Compare(abs_b);
    if (cmp == 0) {
      *out = Number();
      return Status::Ok();
    }
    negative = cmp > 0 ? a.negative_ : b.negative_;
  }
  // Make every cell contribute positively to |sum|.
  if (negative) {
    for (int& v : acc) v = -v;
  }
  int carry = 0;
  for (int c = kWindow - 1; c >= 0; --c) {
    int v = acc[c] + carry;
    carry = 0;
    while (v < 0) {
      v += 10;
      --carry;
    }
    while (v >= 10) {
      v -= 10;
      ++carry;
    }
    acc[c] = v;
  }
  // carry is 0 here: the result fits (|sum| < 10^127 and kHigh leaves room).
  int first = 0;
  while (first < kWindow && acc[first] == 0) ++first;
  int last = kWindow - 1;
  while (last > first && acc[last] == 0) --last;
  int64_t n = last - first + 1;
  int64_t exponent = static_cast<int64_t>(kHigh - first) + 1;
  // DynamoDB refuses to round: a sum that needs more than 38 significant digits (1E50 + 1) fails,
  // and DynamoDB reports it with the overflow message, not the precision one (ScyllaDB's
  // Alternator tests, run against DynamoDB: test_update_expression_plus_imprecise).
  if (n > kMaxDigits && exponent - 1 <= kMaxSciExponent && exponent - 1 >= kMinSciExponent) {
    return Status::Validation(kOverflow);
  }
  uint8_t digits[kWindow];
  for (int64_t k = 0; k < n; ++k) digits[k] = static_cast<uint8_t>(acc[first + k]);
  Number result;
  Status st = Build(negative, digits, n, exponent, result.digits_, &result.ndigits_,
                    &result.negative_, &result.exponent_);
  if (!st.ok()) return st;
  *out = result;
  return Status::Ok();
}

Status Number::Subtract(const Number& a, const Number& b, Number* out) {
  Number negated = b;
  if (!negated.IsZero()) negated.negative_ = !negated.negative_;
  return Add(a, negated, out);
}

std::string Number::ToString() const {
  if (IsZero()) return "0";
  NumberDigits d = Unpack(digits_, ndigits_);
  std::string s;
  s.reserve(static_cast<size_t>(d.n) + 4 + static_cast<size_t>(std::abs(exponent_)));
  if (negative_) s.push_back('-');
  if (exponent_ <= 0) {
    s.append("0.");
    s.append(static_cast<size_t>(-exponent_), '0');
    for (int i = 0; i < d.n; ++i) s.push_back(static_cast<char>('0' + d.d[i]));
  } else if (exponent_ < d.n) {
    for (int i = 0; i < d.n; ++i) {
      if (i == exponent_) s.push_back('.');
      s.push_back(static_cast<char>('0' + d.d[i]));
    }
  } else {
    for (int i = 0; i < d.n; ++i) s.push_back(static_cast<char>('0' + d.d[i]));
    s.append(static_cast<size_t>(exponent_ - d.n), '0');
  }
  return s;
}

int Number::Compare(const Number& other) const {
  // Sign classes: negative < zero < positive.
  int cls_a = IsZero() ? 0 : (negative_ ? -1 : 1);
  int cls_b = other.IsZero() ? 0 : (other.negative_ ? -1 : 1);
  if (cls_a != cls_b) return cls_a < cls_b ? -1 : 1;
  if (cls_a == 0) return 0;
  int magnitude;
  if (exponent_ != other.exponent_) {
    magnitude = exponent_ < other.exponent_ ? -1 : 1;
  } else {
    // Packed digits with zero padding compare like the digit strings (no trailing zero digits).
    int c = std::memcmp(digits_, other.digits_, sizeof(digits_));
    magnitude = c < 0 ? -1 : (c > 0 ? 1 : 0);
  }
  return negative_ ? -magnitude : magnitude;
}

size_t Number::SizeBytes() const {
  // DynamoDB (dynamodb-rules.md §1.2): 0 -> 1 byte; otherwise 1 byte + one byte per base-100 digit
  // pair covering the significant digits, pairs aligned to the decimal point, + 1 if negative.
  if (IsZero()) return 1;
  int64_t top = exponent_ - 1;            // power of ten of the first significant digit
  int64_t bottom = exponent_ - ndigits_;  // power of ten of the last significant digit
  int64_t pairs = FloorHalf(top) - FloorHalf(bottom) + 1;
  // At most 21 bytes: a negative number whose 38 digits fill 20 pairs carries no extra byte (the
  // storage format is Oracle-NUMBER-like, where the negative terminator is dropped at full length;
  // zaccharles' calculator caps at 21 the same way).
  return static_cast<size_t>(std::min<int64_t>(21, 1 + pairs + (negative_ ? 1 : 0)));
}

void Number::AppendOrderedKey(std::string* out) const {
  // Layout: class byte (1 negative, 2 zero, 3 positive); then for non-zero numbers one exponent
  // byte (e + 130, 0..255) and base-100 digit pairs as bytes 1..100 followed by a 0 terminator, so
  // a number's key is never a prefix of a larger number's key. Negative numbers store every byte
  // after the class byte inverted (255 - b), which reverses the order.
  if (IsZero()) {
    out->push_back(2);
    return;
  }
  out->push_back(negative_ ? 1 : 3);
  auto emit = [&](uint8_t b) { out->push_back(static_cast<char>(negative_ ? 255 - b : b)); };
  emit(static_cast<uint8_t>(exponent_ - 1 - kMinSciExponent));
  NumberDigits d = Unpack(digits_, ndigits_);
  for (int i = 0; i < d.n; i += 2) {
    int pair = d.d[i] * 10 + (i + 1 < d.n ? d.d[i + 1] : 0);
    emit(static_cast<uint8_t>(pair + 1));
  }
  emit(0);
}

double Number::ToDouble() const {
  if (IsZero()) return 0.0;
  NumberDigits d = Unpack(digits_, ndigits_);
  std::string s;
  if (negative_) s.push_back('-');
  s.append("0.");
  for (int i = 0; i < d.n; ++i) s.push_back(static_cast<char>('0' + d.d[i]));
  s.push_back('e');
  s.append(std::to_string(exponent_));
  return std::strtod(s.c_str(), nullptr);
}

}  // namespace monotable
