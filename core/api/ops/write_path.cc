// write_path: prepare / commit / account for one item write.
//
// DynamoDB rules implemented here (dynamodb-rules.md §1.6):
// - a write costs ceil(max(size before, size after) / 1 KB) WCU, at least 1 (a missing item's
//   Delete or upsert costs 1);
// - a failed condition still costs: for an existing item, sized by the item the write would have
//   written (a Delete: the existing item); for a missing item, 1 WCU (DG wording, our choice where
//   sources disagree, docs/compatibility.md); no index writes;
// - index writes: 0/1/2 per index by membership before and after, each sized by its entry (DG
//   GSI.html#GSI.Writes: an indexed key attribute changed from A to B takes two writes, a delete
//   and a put); Effects::fanout records every index's hop, also those with no write, and why;
// - transactions double the base table's units only.
#include "api/ops/write_path.h"

#include <algorithm>
#include <memory>

#include "api/ops/streams.h"

namespace monotable::api {

Status PrepareWrite(const WriteSpec& spec, PreparedWrite* out) {
  storage::ItemPtr old_item =
      spec.base ? spec.table->Get(*spec.base) : spec.table->Get(spec.subject());
  static const Item kEmpty;
  const Item& current = old_item ? *old_item : kEmpty;
  out->condition_failed = !spec.condition.Evaluate(current);
  storage::ItemPtr new_item;
  switch (spec.kind) {
    case WriteKind::kPut:
      new_item = spec.put_item ? spec.put_item : std::make_shared<const Item>(spec.item);
      break;
    case WriteKind::kUpdate: {
      Item updated = old_item ? *old_item : spec.item;
      Status s = spec.update.Apply(&updated);
      if (!s.ok()) {
        if (out->condition_failed) {  // the condition fails first; bill the existing item
          new_item = old_item;
          break;
        }
        return s;
      }
      // DynamoDB rule: an update that only REMOVEs or DELETEs (UpdateExpression, or
      // AttributeUpdates DELETE with or without a Value) creates no item where there was none
      // (API reference UpdateItem, AttributeUpdates; scylladb/scylladb#5862 checked against
      // DynamoDB). It is still billed, like a delete of nothing; one with no actions at all (the
      // key only) does create the item.
      if (!old_item && spec.update.OnlyRemoves()) break;
      if (!out->condition_failed) {
        // DynamoDB rule: the updated item must still fit in 400 KB and keep valid index keys.
        if (ItemSize(updated) > kMaxItemBytes) {
          return Status::Validation("Item size to update has exceeded the maximum allowed size");
        }
        MT_RETURN_IF_ERROR(ValidateItemKeys(spec.table->schema(), updated));
      }
      new_item = std::make_shared<const Item>(std::move(updated));
      break;
    }
    case WriteKind::kDelete:
      break;
    case WriteKind::kConditionCheck:
      new_item = old_item;
      break;
  }
  out->plan = spec.table->Plan(old_item, new_item);
  return Status::Ok();
}

void CommitWrite(const WriteSpec& spec, const PreparedWrite& prepared) {
  if (prepared.condition_failed || spec.kind == WriteKind::kConditionCheck) return;
  if (!prepared.plan.old_item && !prepared.plan.new_item) return;  // delete of nothing
  spec.table->Commit(prepared.plan, spec.base ? &*spec.base : nullptr);
}

void CommitWrite(Context& ctx, const WriteSpec& spec, const PreparedWrite& prepared) {
  CommitWrite(spec, prepared);
  AppendStreamRecord(ctx, spec, prepared);
}

namespace {

std::string IndexArithmetic(const storage::IndexChange& c, int64_t half) {
  using K = storage::IndexChangeKind;
  switch (c.kind) {
    case K::kAdded:
      return capacity::WriteArithmetic(c.new_size, false, "entry put:");
    case K::kRemoved:
      return capacity::WriteArithmetic(c.old_size, false, "entry deleted:");
    case K::kUpdated:
      return capacity::WriteArithmetic(std::max(c.old_size, c.new_size), false,
                                       "entry rewritten (larger of before and after):");
    case K::kMoved:
      return "index key changed: delete old entry " + capacity::FormatBytes(c.old_size) +
             " bytes + put new entry " + capacity::FormatBytes(c.new_size) +
             " bytes = " + capacity::FormatUnits(half) + " WRU";
    default:
      return "";
  }
}

// The bytes a write is billed on: a ConditionCheck on the item as it is; a failed condition on
// what the write would have left (the new image, or the item as it is for a delete), the minimum
// when there is no item; a write on the larger of the item before and after.
uint64_t BilledSize(const WriteSpec& spec, const PreparedWrite& prepared) {
  const storage::WritePlan& plan = prepared.plan;
  if (spec.kind == WriteKind::kConditionCheck) return plan.old_size;
  if (prepared.condition_failed) {
    return plan.old_item ? (plan.new_item ? plan.new_size : plan.old_size) : 0;
  }
  return std::max(plan.old_size, plan.new_size);
}

// The entry's key in an index: the index's key attributes as `item` holds them.
Item IndexKeyOf(const storage::KeySchema& keys, const Item& item) {
  Item out;
  auto take = [&](const storage::KeyAttribute& k) {
    auto it = item.find(k.name);
    if (it != item.end()) out.emplace(it->first, it->second);
  };
  for (size_t i = 0; i < keys.hash_count(); ++i) take(keys.hash_at(i));
  for (size_t i = 0; i < keys.range_count(); ++i) take(keys.range_at(i));
  return out;
}

// Why an index got no write, in words (the engine records no touched entry for these).
std::string UntouchedReason(const storage::IndexSchema& index) {
  using storage::ProjectionType;
  if (index.projection == ProjectionType::kKeysOnly) {
    return "index keys unchanged, and " + index.name + " projects only keys: no index write";
  }
  if (index.projection == ProjectionType::kInclude) {
    return "no attribute " + index.name + " projects changed: no index write";
  }
  return "item unchanged: no index write";
}

}  // namespace

int64_t IndexWriteHalfUnits(const storage::IndexChange& change) {
  using K = storage::IndexChangeKind;
  switch (change.kind) {
    case K::kNone:
    case K::kUntouched:
      return 0;
    case K::kAdded:
      return capacity::WriteHalfUnits(change.new_size, false);
    case K::kRemoved:
      return capacity::WriteHalfUnits(change.old_size, false);
    case K::kMoved:
      return capacity::WriteHalfUnits(change.old_size, false) +
             capacity::WriteHalfUnits(change.new_size, false);
    case K::kUpdated:
      return capacity::WriteHalfUnits(std::max(change.old_size, change.new_size), false);
  }
  return 0;
}

void AccountWrite(Context& ctx, const WriteSpec& spec, const PreparedWrite& prepared,
                  bool transactional) {
  const storage::TableSchema& schema = spec.table->schema();
  const storage::WritePlan& plan = prepared.plan;
  const uint64_t billed_size = BilledSize(spec, prepared);
  const bool writes_indexes = !prepared.condition_failed && spec.kind != WriteKind::kConditionCheck;
  if (!ctx.records_effects()) {
    // The units alone (the response's ConsumedCapacity), none of the text.
    ctx.meter.AddWrite(schema.name, "", false, capacity::WriteHalfUnits(billed_size, transactional),
                       {});
    for (size_t i = 0; writes_indexes && i < schema.indexes.size(); ++i) {
      const int64_t index_half = IndexWriteHalfUnits(plan.index_changes[i]);
      if (index_half) {
        ctx.meter.AddWrite(schema.name, schema.indexes[i].name, !schema.indexes[i].global,
                           index_half, {});
      }
    }
    return;
  }
  const Item key = KeyOf(schema, spec.subject());
  std::string what;
  ItemAction action;
  std::string reason;
  if (spec.kind == WriteKind::kConditionCheck) {
    what = "ConditionCheck on item of";
    action = prepared.condition_failed ? ItemAction::kConditionFailed : ItemAction::kRead;
    reason = prepared.condition_failed ? "condition evaluated false" : "condition held";
  } else if (prepared.condition_failed) {
    what = plan.old_item ? "failed condition, billed as the write of"
                         : "failed condition on a "
                           "missing item, billed as";
    action = ItemAction::kConditionFailed;
    reason = "ConditionExpression evaluated false: nothing written, the write is still billed";
  } else {
    if (!plan.new_item) {
      action = plan.old_item ? ItemAction::kDeleted : ItemAction::kMissing;
      const bool update = spec.kind == WriteKind::kUpdate;
      what = plan.old_item ? "deleted item"
             : update      ? "no item to update, billed as"
                           : "no item to delete, billed as";
      if (!plan.old_item) {
        reason = update ? "no item with this key, and an update that only removes attributes "
                          "creates none: nothing written, still billed 1 WRU"
                        : "no item with this key: nothing deleted, still billed 1 WRU";
      }
    } else if (!plan.old_item) {
      action = ItemAction::kInserted;
      what = "new item";
      reason = "no item had this key: created";
    } else {
      action = spec.kind == WriteKind::kPut ? ItemAction::kReplaced : ItemAction::kUpdated;
      reason = spec.kind == WriteKind::kPut ? "PutItem replaces the whole item"
                                            : "updated in place; billed on the larger image";
      what = "larger of the item before (" + capacity::FormatBytes(plan.old_size) +
             " bytes) and after:";
    }
  }
  const int64_t half = capacity::WriteHalfUnits(billed_size, transactional);
  std::string arithmetic = capacity::WriteArithmetic(billed_size, transactional, what);
  if (spec.kind == WriteKind::kConditionCheck) arithmetic += " (estimate: cost undocumented)";
  WriteFanout& fanout = ctx.effects.fanout.emplace_back();
  fanout.table = schema.name;
  fanout.key = key;
  fanout.action = action;
  fanout.size_bytes = billed_size;
  fanout.write_units = capacity::ToUnits(half);
  fanout.arithmetic = arithmetic;
  ctx.meter.AddWrite(schema.name, "", false, half, std::move(arithmetic));
  AddTouched(ctx, schema.name, "", key,
             plan.new_item && !prepared.condition_failed ? plan.new_size : plan.old_size, action,
             std::move(reason));
  // The fan-out: every index of the table, also those the write left alone (with why).
  fanout.indexes.resize(schema.indexes.size());
  for (size_t i = 0; i < schema.indexes.size(); ++i) {
    const storage::IndexSchema& index = schema.indexes[i];
    const storage::IndexChange& c = plan.index_changes[i];
    IndexHop& hop = fanout.indexes[i];
    hop.index = index.name;
    hop.local_index = !index.global;
    using K = storage::IndexChangeKind;
    if (!writes_indexes) {
      hop.kind = IndexHopKind::kNotWritten;
      hop.reason = spec.kind == WriteKind::kConditionCheck
                       ? "ConditionCheck writes nothing: no index write"
                       : "condition failed: nothing written, no index write";
      continue;
    }
    const bool had = c.kind != K::kNone && c.kind != K::kAdded;
    const bool has = c.kind != K::kNone && c.kind != K::kRemoved;
    if (had) hop.old_key = IndexKeyOf(index.keys, *plan.old_item);
    if (has) hop.new_key = IndexKeyOf(index.keys, *plan.new_item);
    hop.old_size = had ? c.old_size : 0;
    hop.new_size = has ? c.new_size : 0;
    hop.reason = c.reason;
    switch (c.kind) {
      case K::kNone: {
        hop.kind = IndexHopKind::kNotInIndex;
        const Item* image = plan.new_item ? plan.new_item.get() : plan.old_item.get();
        hop.reason = image ? "item has no " + storage::MissingKeys(index.keys, *image) +
                                 ": not in the sparse index " + index.name
                           : "no item: nothing in " + index.name;
        break;
      }
      case K::kAdded:
        hop.kind = IndexHopKind::kAdded;
        break;
      case K::kRemoved:
        hop.kind = IndexHopKind::kRemoved;
        break;
      case K::kMoved:
        hop.kind = IndexHopKind::kMoved;
        break;
      case K::kUpdated:
        hop.kind = IndexHopKind::kRewritten;
        break;
      case K::kUntouched:
        hop.kind = IndexHopKind::kUnchanged;
        hop.reason = UntouchedReason(index);
        break;
    }
  }
  if (writes_indexes) {
    LintItemSize(ctx, billed_size, false);
    if (plan.new_item && plan.new_size >= 200) {
      // Attribute names are stored (and billed) on every item: long names on small items cost.
      size_t name_bytes = 0;
      for (const auto& [name, value] : *plan.new_item) name_bytes += name.size();
      if (name_bytes * 3 > plan.new_size) {
        std::string lint = "attribute names are " + capacity::FormatBytes(name_bytes) +
                           " of this " + capacity::FormatBytes(plan.new_size) +
                           "-byte item: names are stored and billed on every item, shorter ones "
                           "cost less";
        bool seen = false;
        for (const std::string& l : ctx.effects.lints) seen = seen || l == lint;
        if (!seen) ctx.effects.lints.push_back(std::move(lint));
      }
    }
    for (size_t i = 0; i < schema.indexes.size(); ++i) {
      const storage::IndexSchema& index = schema.indexes[i];
      const storage::IndexChange& c = plan.index_changes[i];
      const int64_t index_half = IndexWriteHalfUnits(c);
      IndexHop& hop = fanout.indexes[i];
      hop.write_units = capacity::ToUnits(index_half);
      if (index_half) {
        hop.arithmetic = IndexArithmetic(c, index_half);
        ctx.meter.AddWrite(schema.name, index.name, !index.global, index_half, hop.arithmetic);
      }
      using K = storage::IndexChangeKind;
      switch (c.kind) {
        case K::kAdded:
          AddTouched(ctx, schema.name, index.name, key, c.new_size, ItemAction::kIndexAdded,
                     c.reason);
          break;
        case K::kRemoved:
          AddTouched(ctx, schema.name, index.name, key, c.old_size, ItemAction::kIndexRemoved,
                     c.reason);
          break;
        case K::kMoved:
          AddTouched(ctx, schema.name, index.name, key, c.old_size, ItemAction::kIndexRemoved,
                     c.reason);
          AddTouched(ctx, schema.name, index.name, key, c.new_size, ItemAction::kIndexAdded,
                     c.reason);
          break;
        case K::kUpdated:
          AddTouched(ctx, schema.name, index.name, key, c.new_size, ItemAction::kIndexUpdated,
                     c.reason);
          break;
        default:
          break;
      }
    }
  }
}

}  // namespace monotable::api
