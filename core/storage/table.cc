// table: items, index entries, and planned writes that keep them consistent.
#include "storage/table.h"

#include <utility>

#include "storage/key_codec.h"

namespace monotable::storage {
namespace {

const Value* FindTyped(const Item& item, const KeyAttribute& attr) {
  auto it = item.find(attr.name);
  if (it == item.end() || it->second.type() != attr.type) return nullptr;
  return &it->second;
}

// Appends `name` to a list joined with " and ".
void AddName(const std::string& name, std::string* out) {
  out->append(out->empty() ? "" : " and ");
  out->append(name);
}

// Names of the index key attributes whose values differ between a and b (both in the index).
std::string ChangedKeys(const KeySchema& keys, const Item& a, const Item& b) {
  std::string out;
  for (size_t i = 0; i < keys.hash_count(); ++i) {
    const KeyAttribute& k = keys.hash_at(i);
    if (*FindTyped(a, k) != *FindTyped(b, k)) AddName(k.name, &out);
  }
  for (size_t i = 0; i < keys.range_count(); ++i) {
    const KeyAttribute& k = keys.range_at(i);
    if (*FindTyped(a, k) != *FindTyped(b, k)) AddName(k.name, &out);
  }
  return out;
}

}  // namespace

std::string MissingKeys(const KeySchema& keys, const Item& item) {
  std::string out;
  for (size_t i = 0; i < keys.hash_count(); ++i) {
    if (!FindTyped(item, keys.hash_at(i))) AddName(keys.hash_at(i).name, &out);
  }
  for (size_t i = 0; i < keys.range_count(); ++i) {
    if (!FindTyped(item, keys.range_at(i))) AddName(keys.range_at(i).name, &out);
  }
  return out;
}

const char* ProjectionTypeName(ProjectionType type) {
  switch (type) {
    case ProjectionType::kAll:
      return "ALL";
    case ProjectionType::kKeysOnly:
      return "KEYS_ONLY";
    case ProjectionType::kInclude:
      return "INCLUDE";
  }
  return "ALL";
}

Table::Table(TableSchema schema) : schema_(std::move(schema)), indexes_(schema_.indexes.size()) {}

PartitionId Table::BasePartition(const Item& item) const {
  return MakePartitionId(item.find(schema_.keys.hash.name)->second);
}

std::string Table::BaseSort(const Item& item) const {
  std::string sort;
  if (schema_.keys.has_range()) {
    AppendKeyComponent(item.find(schema_.keys.range.name)->second, &sort);
  }
  return sort;
}

bool Table::IndexPosition(size_t i, const Item& item, PartitionId* partition,
                          std::string* sort) const {
  const KeySchema& keys = schema_.indexes[i].keys;
  if (keys.multi()) return MultiIndexPosition(i, item, partition, sort);
  const Value* hash = FindTyped(item, keys.hash);
  if (!hash) return false;
  const Value* range = nullptr;
  if (keys.has_range()) {
    range = FindTyped(item, keys.range);
    if (!range) return false;
  }
  if (partition) *partition = MakePartitionId(*hash);
  if (sort) {
    sort->clear();
    if (range) AppendKeyComponent(*range, sort);
    // Table keys break ties between entries with equal index keys.
    AppendKeyComponent(item.find(schema_.keys.hash.name)->second, sort);
    if (schema_.keys.has_range()) {
      AppendKeyComponent(item.find(schema_.keys.range.name)->second, sort);
    }
  }
  return true;
}

// DynamoDB rules for multi-attribute GSI keys (DG GSI.html#GSI.MultiAttributeKeys): the item is in
// the index only if it has every HASH and every RANGE attribute (sparse otherwise); the partition
// is the HASH values taken together; inside it, entries sort by the RANGE values compared one after
// another in key schema order, each by its own type (the tuple encoding of key_codec.h orders
// exactly so), then by the table key.
bool Table::MultiIndexPosition(size_t i, const Item& item, PartitionId* partition,
                               std::string* sort) const {
  const KeySchema& keys = schema_.indexes[i].keys;
  const Value* values[8];
  const size_t hashes = keys.hash_count(), ranges = keys.range_count();
  for (size_t k = 0; k < hashes; ++k) {
    if (!(values[k] = FindTyped(item, keys.hash_at(k)))) return false;
  }
  for (size_t k = 0; k < ranges; ++k) {
    if (!(values[hashes + k] = FindTyped(item, keys.range_at(k)))) return false;
  }
  if (partition) *partition = MakeTuplePartitionId(HashTuple(values, hashes));
  if (sort) {
    sort->clear();
    for (size_t k = 0; k < ranges; ++k) AppendKeyComponent(*values[hashes + k], sort);
    AppendKeyComponent(item.find(schema_.keys.hash.name)->second, sort);
    if (schema_.keys.has_range()) {
      AppendKeyComponent(item.find(schema_.keys.range.name)->second, sort);
    }
  }
  return true;
}

std::string HashTuple(const Value* const* values, size_t n) {
  std::string tuple;
  for (size_t k = 0; k < n; ++k) AppendKeyComponent(*values[k], &tuple);
  return tuple;
}

bool Table::IsProjected(size_t i, std::string_view name) const {
  const IndexSchema& index = schema_.indexes[i];
  if (index.projection == ProjectionType::kAll) return true;
  if (schema_.keys.Contains(name) || index.keys.Contains(name)) return true;
  if (index.projection == ProjectionType::kInclude) {
    for (const std::string& n : index.non_key_attributes) {
      if (n == name) return true;
    }
  }
  return false;
}

Item Table::ProjectEntry(size_t i, const Item& item) const {
  if (schema_.indexes[i].projection == ProjectionType::kAll) return item;
  Item out;
  for (const auto& [name, value] : item) {
    if (IsProjected(i, name)) out.emplace(name, value);
  }
  return out;
}

uint32_t Table::EntrySize(size_t i, const Item& item) const {
  if (schema_.indexes[i].projection == ProjectionType::kAll) {
    return static_cast<uint32_t>(ItemSize(item));
  }
  size_t size = 0;
  for (const auto& [name, value] : item) {
    if (IsProjected(i, name)) size += AttributeSize(name, value);
  }
  return static_cast<uint32_t>(size);
}

const Entry* Table::Find(const Item& key) const {
  return Find(key.find(schema_.keys.hash.name)->second,
              schema_.keys.has_range() ? &key.find(schema_.keys.range.name)->second : nullptr);
}

const Entry* Table::Find(const Value& hash, const Value* range) const {
  std::string sort;
  if (range) AppendKeyComponent(*range, &sort);
  return base_.FindEntry(MakePartitionId(hash), sort);
}

ItemPtr Table::Get(const Item& key) const {
  const Entry* entry = Find(key);
  return entry ? std::make_shared<const Item>(entry->item.Decode()) : nullptr;
}

ItemPtr Table::Get(const BaseKey& key) const {
  const Entry* entry = base_.FindEntry(key.partition, key.sort);
  return entry ? std::make_shared<const Item>(entry->item.Decode()) : nullptr;
}

Item Table::KeyOf(const EncodedItem& item) const {
  const std::string_view names[] = {schema_.keys.hash.name, schema_.keys.range.name};
  Item key;
  item.DecodeAttributes(names, schema_.keys.has_range() ? 2 : 1, &key);
  return key;
}

IndexChange Table::PlanIndex(size_t i, const Item* old_item, const Item* new_item) const {
  const IndexSchema& index = schema_.indexes[i];
  const bool old_in = old_item && IndexPosition(i, *old_item, nullptr, nullptr);
  const bool new_in = new_item && IndexPosition(i, *new_item, nullptr, nullptr);
  IndexChange change;
  if (old_in) change.old_size = EntrySize(i, *old_item);
  if (new_in) change.new_size = EntrySize(i, *new_item);
  if (!old_in && !new_in) {
    change.kind = IndexChangeKind::kNone;  // (no reason: no index entry is touched)
  } else if (!old_in) {
    change.kind = IndexChangeKind::kAdded;
    change.reason = old_item ? MissingKeys(index.keys, *old_item) +
                                   " set: item entered the sparse index " + index.name
                             : "new item: entry added to " + index.name;
  } else if (!new_in) {
    change.kind = IndexChangeKind::kRemoved;
    change.reason = new_item ? MissingKeys(index.keys, *new_item) +
                                   " removed: item left the sparse index " + index.name
                             : "item deleted: entry removed from " + index.name;
  } else {
    std::string changed = ChangedKeys(index.keys, *old_item, *new_item);
    if (!changed.empty()) {
      change.kind = IndexChangeKind::kMoved;
      change.reason =
          changed + " changed: entry moved in " + index.name + " (delete + put = 2 index writes)";
    } else {
      // DynamoDB writes the index only when a projected attribute changed (KEYS_ONLY: never
      // without a key change; INCLUDE: only its NonKeyAttributes; ALL: any attribute).
      bool projected_changed = false;
      if (index.projection == ProjectionType::kAll) {
        projected_changed = !(*old_item == *new_item);
      } else if (index.projection == ProjectionType::kInclude) {
        for (const std::string& name : index.non_key_attributes) {
          auto a = old_item->find(name);
          auto b = new_item->find(name);
          bool a_has = a != old_item->end(), b_has = b != new_item->end();
          if (a_has != b_has || (a_has && a->second != b->second)) {
            projected_changed = true;
            break;
          }
        }
      }
      if (projected_changed) {
        change.kind = IndexChangeKind::kUpdated;
        change.reason = "projected attributes changed: entry rewritten in " + index.name;
      } else {
        change.kind = IndexChangeKind::kUntouched;  // (no reason: no index entry is written)
      }
    }
  }
  return change;
}

WritePlan Table::Plan(ItemPtr old_item, ItemPtr new_item) const {
  WritePlan plan;
  plan.old_item = std::move(old_item);
  plan.new_item = std::move(new_item);
  if (plan.old_item) plan.old_size = static_cast<uint32_t>(ItemSize(*plan.old_item));
  if (plan.new_item) plan.new_size = static_cast<uint32_t>(ItemSize(*plan.new_item));
  plan.index_changes.reserve(schema_.indexes.size());
  for (size_t i = 0; i < schema_.indexes.size(); ++i) {
    plan.index_changes.push_back(PlanIndex(i, plan.old_item.get(), plan.new_item.get()));
  }
  return plan;
}

void Table::Commit(const WritePlan& plan, const BaseKey* base) {
  const Item* any = plan.new_item ? plan.new_item.get() : plan.old_item.get();
  if (!any) return;
  BaseKey computed;
  if (!base) {
    computed = BaseKeyOf(*any);
    base = &computed;
  }
  const PartitionId& partition = base->partition;
  const std::string& sort = base->sort;
  if (plan.old_item) {
    --item_count_;
    size_bytes_ -= plan.old_size;
  }
  // One encoding of the new item, shared by the table and every index that holds it.
  const EncodedItem encoded = plan.new_item ? EncodedItem::Encode(*plan.new_item) : EncodedItem();
  if (plan.new_item) {
    base_.Put(partition, sort, Entry{encoded, plan.new_size});
    ++item_count_;
    size_bytes_ += plan.new_size;
  } else if (plan.old_item) {
    base_.Erase(partition, sort);
  }
  for (size_t i = 0; i < indexes_.size(); ++i) {
    const IndexChange& change = plan.index_changes[i];
    IndexData& data = indexes_[i];
    PartitionId ip;
    std::string is;
    const bool old_in =
        change.kind == IndexChangeKind::kRemoved || change.kind == IndexChangeKind::kMoved ||
        change.kind == IndexChangeKind::kUpdated || change.kind == IndexChangeKind::kUntouched;
    const bool new_in =
        change.kind == IndexChangeKind::kAdded || change.kind == IndexChangeKind::kMoved ||
        change.kind == IndexChangeKind::kUpdated || change.kind == IndexChangeKind::kUntouched;
    if (old_in) {
      --data.count;
      data.bytes -= change.old_size;
    }
    // An updated or untouched entry keeps its position: the Put below replaces it in place.
    if (change.kind == IndexChangeKind::kRemoved || change.kind == IndexChangeKind::kMoved) {
      IndexPosition(i, *plan.old_item, &ip, &is);
      data.store.Erase(ip, is);
    }
    if (new_in) {
      IndexPosition(i, *plan.new_item, &ip, &is);
      data.store.Put(ip, is, Entry{encoded, change.new_size});
      ++data.count;
      data.bytes += change.new_size;
    }
  }
}

void Table::AddIndex(IndexSchema index) {
  schema_.indexes.push_back(std::move(index));
  indexes_.emplace_back();
  const size_t i = indexes_.size() - 1;
  IndexData& data = indexes_[i];
  PartitionId ip;
  std::string is;
  for (auto c = base_.First(); c.id; c = base_.Next(c)) {
    for (const auto& [sort, entry] : *c.rows) {
      const Item item = entry.item.Decode();
      if (!IndexPosition(i, item, &ip, &is)) continue;  // sparse: not in the index
      const uint32_t size = EntrySize(i, item);
      data.store.Put(ip, is, Entry{entry.item, size});
      ++data.count;
      data.bytes += size;
    }
  }
}

void Table::RemoveIndex(size_t i) {
  schema_.indexes.erase(schema_.indexes.begin() + static_cast<std::ptrdiff_t>(i));
  indexes_.erase(indexes_.begin() + static_cast<std::ptrdiff_t>(i));
}

}  // namespace monotable::storage
