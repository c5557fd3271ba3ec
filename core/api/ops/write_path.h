// write_path: the one way a Put, Update, Delete or ConditionCheck happens, shared by the
// single-item operations, BatchWriteItem and TransactWriteItems.
//
// Prepare evaluates the condition and computes the new image, the index changes and the entry
// sizes against the current state, changing nothing; Commit applies a prepared write; Account
// bills it (also when its condition failed: DynamoDB bills failed conditional writes) and records
// its effects. A batch or transaction prepares every write first and commits only if all succeed.
#pragma once

#include <optional>
#include <string>

#include "api/api.h"

namespace monotable::api {

enum class WriteKind : uint8_t { kPut, kUpdate, kDelete, kConditionCheck };

struct WriteSpec {
  WriteKind kind = WriteKind::kPut;
  storage::Table* table = nullptr;
  Item item;  // kPut: the whole new item; otherwise: the key (already validated)
  expr::Condition condition;
  expr::Update update;  // kUpdate only
  // A deletion made by DynamoDB itself (the TTL sweep), not by a caller: its stream record carries
  // userIdentity {Type: "Service", PrincipalId: "dynamodb.amazonaws.com"}.
  bool by_service = false;
  // Optional, for callers that have them already (BatchWriteItem); both must describe `subject()`.
  // kPut: the new item, already shared: then it is the item and `item` is not read (the write
  // takes it without copying it).
  storage::ItemPtr put_item;
  // The item's position in `table` (Table::BaseKeyOf), computed once for the lookup and the commit.
  std::optional<storage::BaseKey> base;

  // The item (kPut) or key the write is about: *put_item when set, otherwise item.
  const Item& subject() const { return put_item ? *put_item : item; }
};

struct PreparedWrite {
  storage::WritePlan plan;  // old/new images; for a failed condition, what the write would do
  bool condition_failed = false;
};

// Evaluates the condition and computes the write. Errors: the UpdateExpression's runtime errors,
// "Item size to update has exceeded the maximum allowed size", index key type mismatches of an
// updated item. A false condition is not an error here: out->condition_failed is set.
Status PrepareWrite(const WriteSpec& spec, PreparedWrite* out);

// Applies a prepared write whose condition held. REQUIRES: nothing changed since Prepare.
void CommitWrite(const WriteSpec& spec, const PreparedWrite& prepared);
// CommitWrite, then the DynamoDB Streams record of the write (streams.cc) when the table has an
// enabled stream. Every committed Put/Update/Delete of a request goes through this one.
void CommitWrite(Context& ctx, const WriteSpec& spec, const PreparedWrite& prepared);

// Half-units the index writes of one index change cost (dynamodb-rules.md §1.6): 1 write per
// entry put or deleted, each sized by its entry (a moved index key: a delete and a put); an entry
// rewritten in place is one write sized by the larger of its old and new sizes (our choice,
// docs/compatibility.md); untouched: 0. Index writes are never doubled by a transaction.
int64_t IndexWriteHalfUnits(const storage::IndexChange& change);

// Bills the write (base table x2 when transactional; index writes never doubled) into ctx.meter
// and records the touched item and index entries in ctx.effects.
void AccountWrite(Context& ctx, const WriteSpec& spec, const PreparedWrite& prepared,
                  bool transactional);

}  // namespace monotable::api
