// capacity: DynamoDB's read and write unit arithmetic, and a per-request meter that totals it per
// table and index, with the arithmetic kept as text for effects.
//
// Units are kept as integer half-units (1 = 0.5 RCU or 0.5 WCU) so sums are exact; they become
// doubles only when rendered. Knows nothing of the wire format (the API layer renders
// ConsumedCapacity) nor of requests.
//
// DynamoDB rules implemented here (dynamodb-rules.md §1.5-1.6):
// - a read costs ceil(bytes / 4 KB) units (at least 1): eventually consistent x0.5, strongly
//   consistent x1, transactional x2; a miss costs the same as a 1-byte item;
// - a write costs ceil(bytes / 1 KB) units (at least 1), transactional x2;
// - index writes: 1 per entry put or deleted (2 when an index key moves), each sized by its index
//   entry; transactions do not double index writes (ATK, verified live); an in-place update of an
//   entry is sized by the larger of the old and new entry (our choice, docs/compatibility.md).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "monotable/effects.h"
#include "monotable/limits.h"

namespace monotable::capacity {

enum class ReadMode : uint8_t { kEventual, kStrong, kTransactional };

// The unit sizes and the rounding are public (monotable/limits.h): front ends use the same.
using limits::Blocks;
using limits::kReadUnitBytes;
using limits::kWriteUnitBytes;

// Half-units for reading `bytes` (one rounding) in `mode`.
int64_t ReadHalfUnits(uint64_t bytes, ReadMode mode);
// Half-units for writing an item of `bytes`.
int64_t WriteHalfUnits(uint64_t bytes, bool transactional);

double ToUnits(int64_t half_units);

// "2,310" (thousands separators), "0.5", "1", "12.5".
std::string FormatBytes(uint64_t bytes);
std::string FormatUnits(int64_t half_units);
std::string_view ReadModeName(ReadMode mode);  // "eventually consistent", ...

// "3 items, 2,310 bytes read, rounded up to 4 KB = 1 RCU; eventually consistent x0.5 = 0.5 RRU"
std::string ReadArithmetic(uint64_t items, uint64_t bytes, ReadMode mode);
// "item 1,100 bytes (larger of before 900 and after 1,100), rounded up to 1 KB = 2 WRU"
std::string WriteArithmetic(uint64_t bytes, bool transactional, std::string_view what);

// Totals one request's consumption per table and per index.
class Meter {
 public:
  struct Part {
    std::string index;  // empty: the table itself
    bool local = false;
    int64_t read_half = 0;
    int64_t write_half = 0;
    // The arithmetic of every addition, in order, joined by "; " (one string: one allocation).
    std::string arithmetic;
  };
  struct TableTotals {
    std::string table;
    Part table_part;
    std::vector<Part> indexes;  // in first-touched order
    int64_t read_half() const;
    int64_t write_half() const;
  };

  // The tables touched, in first-touched order: a contiguous view (range-for, size, [i], front)
  // valid until the next Add* or Touch.
  class Tables {
   public:
    Tables(const TableTotals* begin, size_t size) : begin_(begin), size_(size) {}
    const TableTotals* begin() const { return begin_; }
    const TableTotals* end() const { return begin_ + size_; }
    size_t size() const { return size_; }
    bool empty() const { return size_ == 0; }
    const TableTotals& front() const { return *begin_; }
    const TableTotals& operator[](size_t i) const { return begin_[i]; }

   private:
    const TableTotals* begin_;
    size_t size_;
  };

  // Adds to the table (index empty) or one of its indexes.
  void AddRead(std::string_view table, std::string_view index, bool local, int64_t half,
               std::string arithmetic);
  void AddWrite(std::string_view table, std::string_view index, bool local, int64_t half,
                std::string arithmetic);
  // Notes a table as consulted even if it consumed nothing (for one-per-table shapes).
  TableTotals& Touch(std::string_view table);

  Tables tables() const {
    return spill_.empty() ? Tables(&first_, has_first_ ? 1 : 0)
                          : Tables(spill_.data(), spill_.size());
  }
  int64_t total_read_half() const;
  int64_t total_write_half() const;

  // Fills effects' capacity lines, unit totals and dollars. The rvalue form moves the arithmetic
  // texts into the lines instead of copying them (the request's end: Engine::Execute).
  void ToEffects(const PriceTable& prices, Effects* effects) const&;
  void ToEffects(const PriceTable& prices, Effects* effects) &&;
  // Only the unit totals and dollars (a request run without effects).
  void TotalsToEffects(const PriceTable& prices, Effects* effects) const;

 private:
  Part& PartFor(std::string_view table, std::string_view index, bool local);
  // The tables as tables() sees them, mutable (the moving ToEffects).
  TableTotals* mutable_tables(size_t* size);
  // Nearly every request touches one table: it is kept inline (no allocation per request), and
  // only a second table moves it into `spill_`, which then holds every table in order.
  TableTotals first_;
  bool has_first_ = false;
  std::vector<TableTotals> spill_;
};

}  // namespace monotable::capacity
