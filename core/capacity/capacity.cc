// capacity: unit arithmetic in half-units and the per-request meter.
#include "capacity/capacity.h"

#include <algorithm>
#include <cstring>

namespace monotable::capacity {

int64_t ReadHalfUnits(uint64_t bytes, ReadMode mode) {
  const int64_t blocks = static_cast<int64_t>(Blocks(bytes, kReadUnitBytes));
  switch (mode) {
    case ReadMode::kEventual:
      return blocks;
    case ReadMode::kStrong:
      return blocks * 2;
    case ReadMode::kTransactional:
      return blocks * 4;
  }
  return blocks;
}

int64_t WriteHalfUnits(uint64_t bytes, bool transactional) {
  const int64_t blocks = static_cast<int64_t>(Blocks(bytes, kWriteUnitBytes));
  return blocks * (transactional ? 4 : 2);
}

double ToUnits(int64_t half_units) { return static_cast<double>(half_units) / 2.0; }

namespace {

// Writes `n` in digits grouped by thousands ("1,234,567") at p (at most 26 bytes); returns the
// end. Without temporaries: these texts are written for every request (the effects' arithmetic),
// so they stay cheap.
char* WriteGrouped(uint64_t n, char* p) {
  if (n < 10) {  // most unit counts and item counts
    *p++ = static_cast<char>('0' + n);
    return p;
  }
  char digits[24];
  int len = 0;
  do {
    digits[len++] = static_cast<char>('0' + n % 10);
    n /= 10;
  } while (n);
  for (int i = len - 1; i >= 0; --i) {
    *p++ = digits[i];
    if (i > 0 && i % 3 == 0) *p++ = ',';
  }
  return p;
}

void AppendGrouped(uint64_t n, std::string* out) {
  char buffer[32];
  out->append(buffer, static_cast<size_t>(WriteGrouped(n, buffer) - buffer));
}

char* Write(std::string_view text, char* p) {
  std::memcpy(p, text.data(), text.size());
  return p + text.size();
}

// Capacity units counted in halves, as FormatUnits writes them ("1,234" or "0.5"), at p.
char* WriteUnits(int64_t half_units, char* p) {
  p = WriteGrouped(static_cast<uint64_t>(half_units / 2), p);
  return half_units % 2 ? Write(".5", p) : p;
}

}  // namespace

std::string FormatBytes(uint64_t bytes) {
  std::string out;
  AppendGrouped(bytes, &out);
  return out;
}

std::string FormatUnits(int64_t half_units) {
  char buffer[32];
  return std::string(buffer, static_cast<size_t>(WriteUnits(half_units, buffer) - buffer));
}

std::string_view ReadModeName(ReadMode mode) {
  switch (mode) {
    case ReadMode::kEventual:
      return "eventually consistent";
    case ReadMode::kStrong:
      return "strongly consistent";
    case ReadMode::kTransactional:
      return "transactional";
  }
  return "";
}

std::string ReadArithmetic(uint64_t items, uint64_t bytes, ReadMode mode) {
  // Written into a buffer on the stack and copied into the string once: one allocation of the
  // exact size, no growth (the effects of every read carry this text).
  const uint64_t blocks = Blocks(bytes, kReadUnitBytes);
  char buffer[192];
  char* p = buffer;
  p = WriteGrouped(items, p);
  p = Write(items == 1 ? std::string_view(" item, ") : std::string_view(" items, "), p);
  p = WriteGrouped(bytes, p);
  p = Write(" bytes read, rounded up to ", p);
  p = WriteGrouped(blocks * 4, p);
  p = Write(" KB = ", p);
  p = WriteGrouped(blocks, p);
  p = Write(" RRU; ", p);
  switch (mode) {
    case ReadMode::kEventual:
      p = Write("eventually consistent x0.5 = ", p);
      break;
    case ReadMode::kStrong:
      p = Write("strongly consistent x1 = ", p);
      break;
    case ReadMode::kTransactional:
      p = Write("transactional x2 = ", p);
      break;
  }
  p = WriteUnits(ReadHalfUnits(bytes, mode), p);
  p = Write(" RRU", p);
  return std::string(buffer, static_cast<size_t>(p - buffer));
}

std::string WriteArithmetic(uint64_t bytes, bool transactional, std::string_view what) {
  // As ReadArithmetic: the figures written on the stack, the text allocated once.
  const uint64_t blocks = Blocks(bytes, kWriteUnitBytes);
  char buffer[192];
  char* p = buffer;
  *p++ = ' ';
  p = WriteGrouped(bytes, p);
  p = Write(" bytes, rounded up to ", p);
  p = WriteGrouped(blocks, p);
  p = Write(" KB = ", p);
  p = WriteGrouped(blocks, p);
  p = Write(" WRU", p);
  if (transactional) {
    p = Write("; transactional x2 = ", p);
    p = WriteGrouped(blocks * 2, p);
    p = Write(" WRU", p);
  }
  std::string out;
  out.reserve(what.size() + static_cast<size_t>(p - buffer));
  out.append(what);
  out.append(buffer, static_cast<size_t>(p - buffer));
  return out;
}

namespace {

// Appends one addition's arithmetic to a part's text, "; " between additions.
void AppendArithmetic(std::string arithmetic, std::string* out) {
  if (arithmetic.empty()) return;
  if (out->empty()) {
    *out = std::move(arithmetic);
    return;
  }
  out->append("; ");
  out->append(arithmetic);
}

void Totals(int64_t read_half, int64_t write_half, const PriceTable& prices, Effects* effects) {
  effects->read_units = ToUnits(read_half);
  effects->write_units = ToUnits(write_half);
  effects->dollars = effects->read_units * prices.read_request_unit_per_million / 1e6 +
                     effects->write_units * prices.write_request_unit_per_million / 1e6;
}

// One capacity line per part, built in place; `take` sets its arithmetic (a copy or a move).
template <typename P, typename Take>
void AddLine(const std::string& table, P& p, Take take, Effects* effects) {
  CapacityLine& line = effects->capacity.emplace_back();
  line.table = table;
  line.index = p.index;
  line.local_index = p.local;
  line.read_units = ToUnits(p.read_half);
  line.write_units = ToUnits(p.write_half);
  take(p, &line);
}

// Both forms of ToEffects: `tables` are the meter's (const or not).
template <typename T, typename Take>
void FillEffects(T* tables, size_t count, int64_t read_half, int64_t write_half,
                 const PriceTable& prices, Take take, Effects* effects) {
  size_t lines = 0;
  for (size_t i = 0; i < count; ++i) lines += 1 + tables[i].indexes.size();
  effects->capacity.reserve(effects->capacity.size() + lines);
  for (size_t i = 0; i < count; ++i) {
    T& t = tables[i];
    AddLine(t.table, t.table_part, take, effects);
    for (auto& p : t.indexes) AddLine(t.table, p, take, effects);
  }
  Totals(read_half, write_half, prices, effects);
}

}  // namespace

int64_t Meter::TableTotals::read_half() const {
  int64_t sum = table_part.read_half;
  for (const Part& p : indexes) sum += p.read_half;
  return sum;
}

int64_t Meter::TableTotals::write_half() const {
  int64_t sum = table_part.write_half;
  for (const Part& p : indexes) sum += p.write_half;
  return sum;
}

Meter::TableTotals& Meter::Touch(std::string_view table) {
  if (spill_.empty()) {
    if (!has_first_) {
      has_first_ = true;
      first_.table.assign(table);
      return first_;
    }
    if (first_.table == table) return first_;
    // A second table: every table from now on lives in spill_, in first-touched order.
    spill_.reserve(4);
    spill_.push_back(std::move(first_));
    first_ = TableTotals();
  }
  for (TableTotals& t : spill_) {
    if (t.table == table) return t;
  }
  spill_.emplace_back();
  spill_.back().table = std::string(table);
  return spill_.back();
}

Meter::TableTotals* Meter::mutable_tables(size_t* size) {
  if (spill_.empty()) {
    *size = has_first_ ? 1 : 0;
    return &first_;
  }
  *size = spill_.size();
  return spill_.data();
}

Meter::Part& Meter::PartFor(std::string_view table, std::string_view index, bool local) {
  TableTotals& t = Touch(table);
  if (index.empty()) return t.table_part;
  for (Part& p : t.indexes) {
    if (p.index == index) return p;
  }
  t.indexes.emplace_back();
  t.indexes.back().index = std::string(index);
  t.indexes.back().local = local;
  return t.indexes.back();
}

void Meter::AddRead(std::string_view table, std::string_view index, bool local, int64_t half,
                    std::string arithmetic) {
  Part& p = PartFor(table, index, local);
  p.read_half += half;
  AppendArithmetic(std::move(arithmetic), &p.arithmetic);
}

void Meter::AddWrite(std::string_view table, std::string_view index, bool local, int64_t half,
                     std::string arithmetic) {
  Part& p = PartFor(table, index, local);
  p.write_half += half;
  AppendArithmetic(std::move(arithmetic), &p.arithmetic);
}

int64_t Meter::total_read_half() const {
  int64_t sum = 0;
  for (const TableTotals& t : tables()) sum += t.read_half();
  return sum;
}

int64_t Meter::total_write_half() const {
  int64_t sum = 0;
  for (const TableTotals& t : tables()) sum += t.write_half();
  return sum;
}

void Meter::ToEffects(const PriceTable& prices, Effects* effects) const& {
  const Tables t = tables();
  FillEffects(
      t.begin(), t.size(), total_read_half(), total_write_half(), prices,
      [](const Part& p, CapacityLine* line) { line->arithmetic = p.arithmetic; }, effects);
}

void Meter::TotalsToEffects(const PriceTable& prices, Effects* effects) const {
  Totals(total_read_half(), total_write_half(), prices, effects);
}

void Meter::ToEffects(const PriceTable& prices, Effects* effects) && {
  size_t count = 0;
  TableTotals* t = mutable_tables(&count);
  FillEffects(
      t, count, total_read_half(), total_write_half(), prices,
      [](Part& p, CapacityLine* line) { line->arithmetic = std::move(p.arithmetic); }, effects);
}

}  // namespace monotable::capacity
