// store: copy-on-write partitions in Scan order.
#include "storage/store.h"

#include "storage/key_codec.h"

namespace monotable::storage {

PartitionId MakePartitionId(const Value& partition_key) {
  PartitionId id;
  id.key = KeyBytes(partition_key);
  id.hash = PartitionHash(id.key);
  return id;
}

const Rows* Store::Find(const PartitionId& id) const {
  const auto& bucket = buckets_[BucketOf(id.hash)];
  if (!bucket) return nullptr;
  auto it = bucket->find(id);
  return it == bucket->end() ? nullptr : it->second.get();
}

Rows& Store::Mutable(const PartitionId& id) {
  auto& bucket = buckets_[BucketOf(id.hash)];
  if (!bucket) {
    bucket = std::make_shared<Bucket>();
  } else if (bucket.use_count() > 1) {
    bucket = std::make_shared<Bucket>(*bucket);  // unshare from a snapshot
  }
  auto [it, inserted] = bucket->try_emplace(id);
  if (inserted) {
    it->second = std::make_shared<Rows>();
    ++partition_count_;
  } else if (it->second.use_count() > 1) {
    it->second = std::make_shared<Rows>(*it->second);
  }
  return *it->second;
}

void Store::EraseIfEmpty(const PartitionId& id) {
  auto& bucket = buckets_[BucketOf(id.hash)];
  if (!bucket) return;
  auto it = bucket->find(id);
  if (it == bucket->end() || !it->second->empty()) return;
  if (bucket.use_count() > 1) {
    bucket = std::make_shared<Bucket>(*bucket);
    it = bucket->find(id);
  }
  bucket->erase(it);
  --partition_count_;
}

Store::Cursor Store::Seek(const PartitionId& id, bool exclusive) const {
  for (size_t b = BucketOf(id.hash); b < buckets_.size(); ++b) {
    const auto& bucket = buckets_[b];
    if (!bucket || bucket->empty()) continue;
    auto it = bucket->begin();
    if (b == BucketOf(id.hash)) {
      it = exclusive ? bucket->upper_bound(id) : bucket->lower_bound(id);
    }
    if (it != bucket->end()) return Cursor{&it->first, it->second.get()};
  }
  return Cursor{};
}

}  // namespace monotable::storage
