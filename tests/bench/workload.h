// workload: the benchmark workload shared by every harness (Google Benchmark natively, the small
// timing harness natively and under node, the HTTP client through `workload_requests`): the Orders
// example scaled to N items, loaded through Engine::Execute, and the requests of its access
// patterns, rotating over many keys so no single item stays hot in the cache.
//
// Knows nothing about timing: a harness times Run() calls. Everything is deterministic (the
// generator's seed 1, keys picked by a fixed stride), so two runs execute the same requests.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "monotable/engine.h"
#include "monotable/model.h"
#include "monotable/status.h"

namespace monotable::bench {

// One benchmarked operation: a DynamoDB operation and the request bodies it cycles through.
struct Operation {
  std::string id;         // short, stable: "get-item", "recent-orders", ...
  std::string title;      // what it is, for tables: "GetItem (customer profile)"
  std::string operation;  // "GetItem", "Query", "Scan", "UpdateItem"
  // Bodies run in order, wrapping around. For "ship-order" they come in pairs that leave and
  // rejoin GSI2 (ship, then reopen the same order), so the table's state cycles and every request
  // succeeds however many iterations run.
  std::vector<std::string> bodies;
};

// The Orders example scaled to about `items` items (GenerateOptions::target_items, seed 1).
// REQUIRES: items >= 1.
Status GenerateOrders(uint64_t items, Model* out);

// The workload's operations for a generated (not yet loaded, or loaded) Orders model: keys are
// picked from the model's items. `keys` bodies per operation at most (fewer when the model has
// fewer candidates).
std::vector<Operation> MakeOperations(const Model& model, size_t keys = 1024);

// Executes every body of `op` once against `engine` in order and checks each answered 200.
// Returns the first failure as "<op id> body <i>: <http status> <body>", or "" when all passed.
// Use it once before timing: a benchmark of failing requests would measure the error path.
std::string CheckOperation(const Operation& op, Engine* engine);

// A plain in-memory baseline over the same keys: an ordered map from (PK, SK) to the item, with
// no JSON, no expressions, no capacity. GetItem-equivalent: find + copy the item; Query-equivalent:
// the 10 greatest keys under a partition prefix, copied.
class Baseline {
 public:
  // Takes the items of the model's Orders table (moves them out: the model is not needed after
  // loading, and a million items twice would not fit WebAssembly's memory).
  explicit Baseline(Model* model);
  // Copies the item with this key into *out; false if none.
  bool Get(const std::string& pk, const std::string& sk, Item* out) const;
  // Copies up to `limit` items of partition `pk` whose SK begins with `prefix`, greatest SK first.
  size_t NewestInPartition(const std::string& pk, const std::string& prefix, size_t limit,
                           std::vector<Item>* out) const;
  size_t size() const { return items_.size(); }

  // The keys the workload's GetItem and recent-orders Query use, in the same rotation.
  std::vector<std::pair<std::string, std::string>> get_keys;  // (PK, SK)
  std::vector<std::string> query_partitions;                  // PK

 private:
  std::map<std::string, Item> items_;  // PK + '\0' + SK -> item
};

// DynamoDB size of all items of the model's tables (sum of ItemSize), and their count.
struct DataSize {
  uint64_t items = 0;
  uint64_t bytes = 0;
};
DataSize SizeOf(const Model& model);

}  // namespace monotable::bench
