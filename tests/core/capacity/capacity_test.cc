// Tests for capacity: DynamoDB's unit arithmetic (dynamodb-rules.md §1.5-1.6) and its text.
#include "capacity/capacity.h"

#include <gtest/gtest.h>

namespace monotable::capacity {
namespace {

TEST(Capacity, ReadsRoundUpTo4KB) {
  EXPECT_EQ(ReadHalfUnits(4096, ReadMode::kEventual), 1);  // 0.5 RCU
  EXPECT_EQ(ReadHalfUnits(4097, ReadMode::kEventual), 2);  // 1 RCU
  EXPECT_EQ(ReadHalfUnits(4096, ReadMode::kStrong), 2);
  EXPECT_EQ(ReadHalfUnits(4097, ReadMode::kStrong), 4);
  EXPECT_EQ(ReadHalfUnits(4096, ReadMode::kTransactional), 4);
  EXPECT_EQ(ReadHalfUnits(0, ReadMode::kEventual), 1);  // a miss costs the minimum
}

TEST(Capacity, WritesRoundUpTo1KB) {
  EXPECT_EQ(WriteHalfUnits(1024, false), 2);
  EXPECT_EQ(WriteHalfUnits(1025, false), 4);
  EXPECT_EQ(WriteHalfUnits(0, false), 2);  // a missing item's delete is 1 WCU
  EXPECT_EQ(WriteHalfUnits(1024, true), 4);
}

// The public arithmetic (monotable/limits.h) that the playground's tooltips and size plot use is
// the meter's, for every size around the unit boundaries: "a 4.1 KB item costs twice as much".
TEST(Capacity, PublicArithmeticIsTheMeters) {
  EXPECT_EQ(limits::ReadUnits(1, false), 0.5);
  EXPECT_EQ(limits::ReadUnits(4096, false), 0.5);
  EXPECT_EQ(limits::ReadUnits(4097, false), 1.0);
  EXPECT_EQ(limits::ReadUnits(4097, true), 2.0);
  EXPECT_EQ(limits::WriteUnits(1024), 1);
  EXPECT_EQ(limits::WriteUnits(1025), 2);
  EXPECT_EQ(limits::WriteUnits(1025, true), 4);
  for (uint64_t bytes = 0; bytes <= 3 * 4096 + 2; ++bytes) {
    ASSERT_EQ(limits::ReadUnits(bytes, false), ToUnits(ReadHalfUnits(bytes, ReadMode::kEventual)));
    ASSERT_EQ(limits::ReadUnits(bytes, true), ToUnits(ReadHalfUnits(bytes, ReadMode::kStrong)));
    ASSERT_EQ(limits::TransactionalReadUnits(bytes),
              ToUnits(ReadHalfUnits(bytes, ReadMode::kTransactional)));
    ASSERT_EQ(limits::WriteUnits(bytes), ToUnits(WriteHalfUnits(bytes, false)));
    ASSERT_EQ(limits::WriteUnits(bytes, true), ToUnits(WriteHalfUnits(bytes, true)));
  }
}

TEST(Capacity, ArithmeticReadsLikeTheDesign) {
  EXPECT_EQ(ReadArithmetic(3, 2310, ReadMode::kEventual),
            "3 items, 2,310 bytes read, rounded up to 4 KB = 1 RRU; eventually consistent x0.5 = "
            "0.5 RRU");
  EXPECT_EQ(FormatUnits(5), "2.5");
  EXPECT_EQ(FormatBytes(1234567), "1,234,567");
  EXPECT_EQ(FormatBytes(0), "0");
  EXPECT_EQ(FormatBytes(999), "999");
  EXPECT_EQ(FormatBytes(1000), "1,000");
  EXPECT_EQ(FormatBytes(100000), "100,000");
  EXPECT_EQ(FormatUnits(0), "0");
  EXPECT_EQ(FormatUnits(2001), "1,000.5");
  EXPECT_EQ(ReadArithmetic(1, 409600, ReadMode::kTransactional),
            "1 item, 409,600 bytes read, rounded up to 400 KB = 100 RRU; transactional x2 = 200 "
            "RRU");
  EXPECT_EQ(ReadArithmetic(1, 0, ReadMode::kStrong),
            "1 item, 0 bytes read, rounded up to 4 KB = 1 RRU; strongly consistent x1 = 1 RRU");
}

TEST(Capacity, WriteArithmeticReadsLikeTheDesign) {
  EXPECT_EQ(WriteArithmetic(1100, false, "item"), "item 1,100 bytes, rounded up to 2 KB = 2 WRU");
  EXPECT_EQ(WriteArithmetic(0, false, "no item to delete, billed as"),
            "no item to delete, billed as 0 bytes, rounded up to 1 KB = 1 WRU");
  EXPECT_EQ(WriteArithmetic(409600, true, "new item"),
            "new item 409,600 bytes, rounded up to 400 KB = 400 WRU; transactional x2 = 800 WRU");
  EXPECT_EQ(WriteArithmetic(1024, true, ""),
            " 1,024 bytes, rounded up to 1 KB = 1 WRU; transactional x2 = 2 WRU");
}

TEST(Capacity, MeterTotalsPerTableAndIndexAndPricesThem) {
  Meter meter;
  meter.AddWrite("T", "", false, 2, "table");
  meter.AddWrite("T", "GSI1", false, 4, "gsi");
  meter.AddRead("U", "", false, 1, "");
  ASSERT_EQ(meter.tables().size(), 2u);
  EXPECT_EQ(meter.tables()[0].write_half(), 6);
  EXPECT_EQ(meter.total_read_half(), 1);
  Effects effects;
  meter.ToEffects(PriceTable{}, &effects);
  EXPECT_EQ(effects.write_units, 3);
  EXPECT_EQ(effects.read_units, 0.5);
  EXPECT_DOUBLE_EQ(effects.dollars, 3 * 0.625e-6 + 0.5 * 0.125e-6);
  ASSERT_EQ(effects.capacity.size(), 3u);
  EXPECT_EQ(effects.capacity[1].index, "GSI1");
}

// A part's arithmetic is every addition's text in order, joined by "; " (what the effects panel
// shows for a request that read and wrote the same table); the request's end moves the texts into
// the effects, and both forms give the same lines.
TEST(Capacity, MeterJoinsArithmeticAndBothToEffectsAgree) {
  Meter meter;
  meter.AddRead("T", "", false, 1, "read A");
  meter.AddRead("T", "", false, 0, "");
  meter.AddWrite("T", "", false, 2, "write B");
  meter.AddWrite("T", "GSI1", false, 2, "index C");
  Effects copied, moved;
  meter.ToEffects(PriceTable{}, &copied);
  EXPECT_EQ(meter.tables()[0].table_part.arithmetic, "read A; write B");  // still there
  std::move(meter).ToEffects(PriceTable{}, &moved);
  ASSERT_EQ(copied.capacity.size(), 2u);
  ASSERT_EQ(moved.capacity.size(), 2u);
  EXPECT_EQ(copied.capacity[0].arithmetic, "read A; write B");
  EXPECT_EQ(copied.capacity[1].arithmetic, "index C");
  for (size_t i = 0; i < 2; ++i) {
    EXPECT_EQ(moved.capacity[i].arithmetic, copied.capacity[i].arithmetic);
    EXPECT_EQ(moved.capacity[i].index, copied.capacity[i].index);
    EXPECT_EQ(moved.capacity[i].read_units, copied.capacity[i].read_units);
    EXPECT_EQ(moved.capacity[i].write_units, copied.capacity[i].write_units);
  }
  EXPECT_EQ(moved.read_units, 0.5);
  EXPECT_EQ(moved.write_units, 2);
}

// One table is kept inline and a second moves it beside the others: tables stay in first-touched
// order with their totals, whichever table is added to next.
TEST(Capacity, MeterKeepsTablesInFirstTouchedOrder) {
  Meter meter;
  EXPECT_TRUE(meter.tables().empty());
  meter.AddRead("A", "", false, 1, "a1");
  ASSERT_EQ(meter.tables().size(), 1u);
  EXPECT_EQ(meter.tables().front().table, "A");
  meter.AddWrite("B", "", false, 2, "b1");
  meter.AddRead("A", "GSI1", false, 1, "a2");
  meter.Touch("C");
  meter.AddWrite("B", "", false, 4, "b2");
  ASSERT_EQ(meter.tables().size(), 3u);
  const char* names[] = {"A", "B", "C"};
  size_t i = 0;
  for (const Meter::TableTotals& t : meter.tables()) EXPECT_EQ(t.table, names[i++]);
  EXPECT_EQ(meter.tables()[0].read_half(), 2);
  EXPECT_EQ(meter.tables()[0].table_part.arithmetic, "a1");
  EXPECT_EQ(meter.tables()[1].write_half(), 6);
  EXPECT_EQ(meter.tables()[1].table_part.arithmetic, "b1; b2");
  EXPECT_EQ(meter.tables()[2].read_half() + meter.tables()[2].write_half(), 0);
  Effects effects;
  std::move(meter).ToEffects(PriceTable{}, &effects);
  ASSERT_EQ(effects.capacity.size(), 4u);  // A, A/GSI1, B, C
  EXPECT_EQ(effects.capacity[1].index, "GSI1");
  EXPECT_EQ(effects.capacity[2].arithmetic, "b1; b2");
  EXPECT_EQ(effects.read_units, 1);
  EXPECT_EQ(effects.write_units, 3);
}

}  // namespace
}  // namespace monotable::capacity
