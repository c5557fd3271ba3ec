// limits: DynamoDB's capacity-unit arithmetic and its named limits, in one public place.
//
// The engine (core/capacity, core/api) and every front end (ui/, cli/, core/plan) use these; no
// other file spells 4096, 25 or 100 for a DynamoDB rule. Header-only and constexpr: the playground
// calls them every frame (tooltips), and they are the contract the tests check against.
//
// Sources: DG "Service, account, and table quotas in Amazon DynamoDB" (ServiceQuotas.html), DG
// "DynamoDB read and write operations" (read-write-operations.html, CapacityUnitCalculations),
// the API reference of each operation; in our own words in docs/dynamodb-rules.md §1.3-1.6.
#pragma once

#include <cstddef>
#include <cstdint>

namespace monotable::limits {

// --- Capacity units (dynamodb-rules.md §1.5-1.6) ---

// A read unit covers up to 4 KB of item data, a write unit up to 1 KB.
inline constexpr uint64_t kReadUnitBytes = 4096;
inline constexpr uint64_t kWriteUnitBytes = 1024;

// ceil(bytes / unit), at least 1: an empty or missing item is billed as one block.
constexpr uint64_t Blocks(uint64_t bytes, uint64_t unit) {
  return bytes == 0 ? 1 : (bytes + unit - 1) / unit;
}

// Read units for reading `bytes` in one rounding: strongly consistent 1 per 4 KB, eventually
// consistent half of that (0.5 per 4 KB), transactional twice (2 per 4 KB).
constexpr double ReadUnits(uint64_t bytes, bool strongly_consistent) {
  const double blocks = static_cast<double>(Blocks(bytes, kReadUnitBytes));
  return strongly_consistent ? blocks : blocks / 2;
}
constexpr double TransactionalReadUnits(uint64_t bytes) {
  return 2.0 * static_cast<double>(Blocks(bytes, kReadUnitBytes));
}

// Write units for writing an item (or an index entry) of `bytes`: 1 per 1 KB, transactional 2.
constexpr double WriteUnits(uint64_t bytes, bool transactional = false) {
  return static_cast<double>(Blocks(bytes, kWriteUnitBytes)) * (transactional ? 2 : 1);
}

// --- Items and keys (ServiceQuotas "Items", "Attributes"; dynamodb-rules.md §1.3) ---

// 400 KB including attribute names.
inline constexpr size_t kMaxItemBytes = 400 * 1024;
// Partition key values (S, B) up to 2,048 bytes; sort key values up to 1,024 bytes.
inline constexpr size_t kMaxPartitionKeyBytes = 2048;
inline constexpr size_t kMaxSortKeyBytes = 1024;
// A table name is 3 to 255 characters; an index name too.
inline constexpr size_t kMinTableNameLength = 3;
inline constexpr size_t kMaxTableNameLength = 255;
// A table name given as an ARN (control-plane operations) may be up to 1,024 characters.
inline constexpr size_t kMaxTableArnLength = 1024;

// --- Expressions (ServiceQuotas "Expression parameters") ---

inline constexpr size_t kMaxExpressionBytes = 4096;  // any one expression string
inline constexpr size_t kMaxInOperands = 100;        // values in an IN list
inline constexpr size_t kMaxUpdateOperators = 300;   // actions in one UpdateExpression

// --- Requests (API reference of each operation) ---

inline constexpr size_t kMaxBatchGetKeys = 100;       // BatchGetItem, all tables together
inline constexpr size_t kMaxBatchWriteRequests = 25;  // BatchWriteItem, all tables together
inline constexpr size_t kMaxTransactItems = 100;      // TransactWriteItems, TransactGetItems
inline constexpr uint64_t kMaxTransactBytes = 4 * 1024 * 1024;  // a transaction's items, 4 MB
inline constexpr size_t kMaxPartiQLBatchStatements = 25;        // BatchExecuteStatement
inline constexpr size_t kMaxPartiQLTransactStatements = 100;    // ExecuteTransaction
// One Query or Scan page reads at most 1 MB before it stops (LastEvaluatedKey).
inline constexpr uint64_t kMaxPageBytes = 1024 * 1024;

// --- Partitions (DG "Partitions and data distribution"; bp-partition-key-design) ---

// Per partition and per second: 3,000 read units, 1,000 write units; 10 GB of data.
inline constexpr double kPartitionReadUnits = 3000;
inline constexpr double kPartitionWriteUnits = 1000;
inline constexpr double kPartitionBytes = 10.0 * 1024 * 1024 * 1024;

}  // namespace monotable::limits
