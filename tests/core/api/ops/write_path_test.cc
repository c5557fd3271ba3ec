// Index write units (dynamodb-rules.md §1.6): what one item write costs on each index it touches.
#include "api/ops/write_path.h"

#include <gtest/gtest.h>

namespace monotable::api {
namespace {

TEST(IndexWriteUnits, CountEntriesTouchedEachSizedByItsEntry) {
  storage::IndexChange c;
  c.kind = storage::IndexChangeKind::kNone;
  EXPECT_EQ(IndexWriteHalfUnits(c), 0);
  c.kind = storage::IndexChangeKind::kAdded;
  c.new_size = 1500;
  EXPECT_EQ(IndexWriteHalfUnits(c), 4);  // one put of a 1.5 KB entry = 2 WCU
  c.kind = storage::IndexChangeKind::kRemoved;
  c.old_size = 100;
  EXPECT_EQ(IndexWriteHalfUnits(c), 2);  // one delete of a small entry = 1 WCU
  c.kind = storage::IndexChangeKind::kMoved;
  EXPECT_EQ(IndexWriteHalfUnits(c), 6);  // delete (1) + put (2)
  c.kind = storage::IndexChangeKind::kUpdated;
  EXPECT_EQ(IndexWriteHalfUnits(c), 4);  // rewritten in place: sized by the larger, 1.5 KB
  c.kind = storage::IndexChangeKind::kUntouched;
  EXPECT_EQ(IndexWriteHalfUnits(c), 0);
}

}  // namespace
}  // namespace monotable::api
