// Number: DynamoDB's N type, an exact decimal of up to 38 significant digits.
//
// DynamoDB rules implemented here (docs/dynamodb-rules.md §1.2, §1.3):
// - at most 38 significant digits (leading and trailing zeros do not count);
// - magnitude range 1E-130 .. 9.9999999999999999999999999999999999999E+125, and 0;
// - canonical text as DynamoDB returns it: no exponent, no leading '+', no leading zeros, no
//   trailing fractional zeros ("1.50" -> "1.5", "1E+2" -> "100", "-0" -> "0", ".5" -> "0.5");
// - size in bytes for item-size arithmetic: 0 -> 1; else 1 + pairs of significant digits aligned
//   to the decimal point (+1 if negative).
// Number is a small fixed-size value type: no heap allocation, cheap to copy.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "monotable/status.h"

namespace monotable {

class Number {
 public:
  Number() = default;  // zero

  // Parses DynamoDB number text (optional sign, digits, optional '.', optional exponent; no
  // spaces, no NaN/Infinity). Errors (ValidationException, DynamoDB's texts):
  //   not a number:  "The parameter cannot be converted to a numeric value: <text>" (without
  //                  ": <text>" when text is empty)
  //   > 38 digits:   "Attempting to store more than 38 significant digits in a Number"
  //   too large:     "Number overflow. Attempting to store a number with magnitude larger than
  //                   supported range"
  //   too small:     "Number underflow. Attempting to store a number with magnitude smaller than
  //                   supported range"
  // On error *out is unchanged.
  static Status Parse(std::string_view text, Number* out);

  // Convenience for tests and literals. REQUIRES: text parses.
  static Number FromInt(int64_t value);

  // Exact a + b / a - b. DynamoDB never rounds: a result needing more than 38 significant digits
  // fails, and DynamoDB reports that with the overflow message; out of range: overflow /
  // underflow as Parse. On error *out is unchanged.
  static Status Add(const Number& a, const Number& b, Number* out);
  static Status Subtract(const Number& a, const Number& b, Number* out);

  // Canonical text (see above).
  std::string ToString() const;

  // Numeric comparison: <0, 0, >0.
  int Compare(const Number& other) const;
  bool operator==(const Number& o) const { return Compare(o) == 0; }
  bool operator!=(const Number& o) const { return Compare(o) != 0; }
  bool operator<(const Number& o) const { return Compare(o) < 0; }

  bool IsZero() const { return ndigits_ == 0; }
  bool IsNegative() const { return negative_; }

  // Bytes this number counts for in DynamoDB's item size (§1.2).
  size_t SizeBytes() const;

  // Appends a byte string whose memcmp order equals numeric order (for sort keys).
  void AppendOrderedKey(std::string* out) const;

  // Approximate value as a double (for display and plots only, never for arithmetic).
  double ToDouble() const;

 private:
  // Packed decimal: digits_[i] holds two significant digits (high nibble first), most significant
  // first, no leading or trailing zero digits. Value = 0.d1d2d3... x 10^exponent_.
  uint8_t digits_[19] = {};
  uint8_t ndigits_ = 0;  // 0 means zero
  bool negative_ = false;
  int16_t exponent_ = 0;
};

}  // namespace monotable
