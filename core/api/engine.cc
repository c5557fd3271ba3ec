// engine: Engine's one door (Execute), the dispatch table from operation name to handler, and the
// read-only browsing API for front ends. Handlers live in ops/ (table_ops.cc, item_ops.cc,
// query_scan.cc, batch_ops.cc, transact_ops.cc, ...); errors are rendered by errors.cc only.
#include "monotable/engine.h"

#include <algorithm>
#include <cstring>
#include <optional>
#include <string>
#include <utility>

#include "api/api.h"
#include "api/errors.h"
#include "api/messages.h"
#include "api/ops/streams.h"
#include "api/wire/fast_requests.h"
#include "api/wire/fast_writes.h"
#include "api/wire/request_json.h"
#include "storage/key_codec.h"

namespace monotable {

struct Engine::Impl : api::EngineState {};

namespace {

// The end every request shares: capacity into the effects, the version bump, then the body or
// the error.
void Finish(api::Context& ctx, const Status& status, Result* result) {
  if (ctx.records_effects()) {
    std::move(ctx.meter).ToEffects(ctx.state.options.prices, &result->effects);
  } else {
    ctx.meter.TotalsToEffects(ctx.state.options.prices, &result->effects);
  }
  if (ctx.changed) ++ctx.state.version;
  if (!status.ok()) {
    api::RenderError(status, ctx.error_extra, result);
    return;
  }
  result->body = ctx.TakeBody();
}

// A fast path: reads the request straight from its text (fast_requests.h, fast_writes.h) and, if
// the reader takes it, runs it and answers true; false (nothing run, *result untouched) when the
// reader declines and the general handler must read the request. Everything after reading is
// the general handler's own code (the Run half). There is no JSON tree: ctx.request is an empty
// object (the fast readers decline anything a handler would look for there), and the body may be
// written as text.
using FastPath = bool (*)(std::string_view text, api::EngineState& state,
                          const ExecuteOptions& options, Result* result);

// A reader and a runner bound into a FastPath.
template <typename Request, bool (*Read)(std::string_view, Request*),
          Status (*Run)(api::Context&, Request&)>
bool Fast(std::string_view text, api::EngineState& state, const ExecuteOptions& options,
          Result* result) {
  Request request;
  if (!Read(text, &request)) return false;
  static const api::json kNoRequest = api::json::object();
  api::Context ctx(state, kNoRequest, result->effects);
  ctx.raw_allowed = true;
  ctx.record_effects = options.effects;
  Finish(ctx, Run(ctx, request), result);
  return true;
}

// The fast readers and runners whose shape differs from Fast's: Query and Scan share a reader,
// UpdateItem and DeleteItem too, and BatchWriteItem's runner takes the request's items.
bool ReadQuery(std::string_view text, api::ReadMembers* out) {
  return api::FastReadQueryScan(text, true, out);
}
bool ReadScan(std::string_view text, api::ReadMembers* out) {
  return api::FastReadQueryScan(text, false, out);
}
bool ReadUpdateItem(std::string_view text, api::KeyWriteRequest* out) {
  return api::FastReadKeyWrite(text, true, out);
}
bool ReadDeleteItem(std::string_view text, api::KeyWriteRequest* out) {
  return api::FastReadKeyWrite(text, false, out);
}
Status RunBatchWriteItem(api::Context& ctx, api::BatchWriteItemRequest& request) {
  return api::RunBatchWriteItem(ctx, std::move(request));
}

struct Operation {
  std::string_view name;
  api::Handler handler;
  // The hottest requests in their plain shapes (GetItem, Query, Scan, PutItem, UpdateItem,
  // DeleteItem, and BatchWriteItem, which loading a model runs): tried before the request is
  // parsed. nullptr: every request goes to the handler.
  FastPath fast = nullptr;
  // Query and Scan: while some table is in a transient state, a GSI that is still being built
  // cannot be read (CheckReadableIndex), which needs the parsed request, so the fast path is not
  // tried then.
  bool reads_index = false;
};

// The dispatch table (like ScyllaDB Alternator's server.cc): operation name -> handler, and the
// fast path of the operations that have one.
constexpr Operation kOperations[] = {
    // DynamoDB Streams (X-Amz-Target DynamoDBStreams_20120810.<Operation>, streams.cc).
    {"DescribeStream", api::DescribeStream},
    {"GetRecords", api::GetRecords},
    {"GetShardIterator", api::GetShardIterator},
    {"ListStreams", api::ListStreams},
    // PartiQL (ops/partiql_executor.cc).
    {"BatchExecuteStatement", api::BatchExecuteStatement},
    {"ExecuteStatement", api::ExecuteStatement},
    {"ExecuteTransaction", api::ExecuteTransaction},
    // DynamoDB.
    {"BatchGetItem", api::BatchGetItem},
    {"BatchWriteItem", api::BatchWriteItem,
     Fast<api::BatchWriteItemRequest, api::FastReadBatchWriteItem, RunBatchWriteItem>},
    {"CreateTable", api::CreateTable},
    {"DeleteItem", api::DeleteItem, Fast<api::KeyWriteRequest, ReadDeleteItem, api::RunDeleteItem>},
    {"DeleteTable", api::DeleteTable},
    {"DescribeTable", api::DescribeTable},
    {"DescribeTimeToLive", api::DescribeTimeToLive},
    {"GetItem", api::GetItem, Fast<api::GetItemRequest, api::FastReadGetItem, api::RunGetItem>},
    {"ListTables", api::ListTables},
    {"ListTagsOfResource", api::ListTagsOfResource},
    {"PutItem", api::PutItem, Fast<api::PutItemRequest, api::FastReadPutItem, api::RunPutItem>},
    {"Query", api::Query, Fast<api::ReadMembers, ReadQuery, api::RunQuery>, true},
    {"Scan", api::Scan, Fast<api::ReadMembers, ReadScan, api::RunScan>, true},
    {"TagResource", api::TagResource},
    {"TransactGetItems", api::TransactGetItems},
    {"TransactWriteItems", api::TransactWriteItems},
    {"UntagResource", api::UntagResource},
    {"UpdateItem", api::UpdateItem, Fast<api::KeyWriteRequest, ReadUpdateItem, api::RunUpdateItem>},
    {"UpdateTable", api::UpdateTable},
    {"UpdateTimeToLive", api::UpdateTimeToLive},
    // The control plane tools call beside the tables (control_plane.cc).
    {"CreateBackup", api::CreateBackup},
    {"DeleteBackup", api::DeleteBackup},
    {"DeleteResourcePolicy", api::DeleteResourcePolicy},
    {"DescribeBackup", api::DescribeBackup},
    {"DescribeContinuousBackups", api::DescribeContinuousBackups},
    {"DescribeContributorInsights", api::DescribeContributorInsights},
    {"DescribeEndpoints", api::DescribeEndpoints},
    {"DescribeKinesisStreamingDestination", api::DescribeKinesisStreamingDestination},
    {"DescribeLimits", api::DescribeLimits},
    {"GetResourcePolicy", api::GetResourcePolicy},
    {"ListBackups", api::ListBackups},
    {"ListContributorInsights", api::ListContributorInsights},
    {"ListExports", api::ListExports},
    {"ListImports", api::ListImports},
    {"PutResourcePolicy", api::PutResourcePolicy},
    {"RestoreTableFromBackup", api::RestoreTableFromBackup},
    {"UpdateContinuousBackups", api::UpdateContinuousBackups},
    {"UpdateContributorInsights", api::UpdateContributorInsights},
};

const Operation* FindOperation(std::string_view name) {
  for (const Operation& op : kOperations) {
    if (op.name == name) return &op;
  }
  return nullptr;
}

const char* ActionNames[] = {"returned",         "filtered-out", "read",          "missing",
                             "inserted",         "replaced",     "updated",       "deleted",
                             "condition-failed", "index-added",  "index-removed", "index-updated"};

// DynamoDB rule: a GSI that is still being built (IndexStatus CREATING, Backfilling) cannot be
// read: Query and Scan on it answer ValidationException "Cannot read from backfilling global
// secondary index: NAME" (the text AWS answers, as applications that handle it match it). Checked
// only while some table is in a transient state (EngineOptions::transient_status_ms).
Status CheckReadableIndex(const api::EngineState& state, const api::json& request) {
  auto table = request.find("TableName");
  auto index = request.find("IndexName");
  if (table == request.end() || index == request.end() || !table->is_string() ||
      !index->is_string()) {
    return Status::Ok();
  }
  const api::TransientStatus* t = state.TransientOf(table->get_ref<const std::string&>());
  if (!t) return Status::Ok();
  const std::string& name = index->get_ref<const std::string&>();
  for (const std::string& creating : t->creating_indexes) {
    if (creating == name) {
      return Status::Validation("Cannot read from backfilling global secondary index: " + name);
    }
  }
  return Status::Ok();
}

// The walk every ForEachItem variant shares: the entries of a table (index empty) or of one of its
// indexes in view order, at most `limit`; `each(entry, item_of)` where item_of(entry) decodes the
// entry as the view sees it (projected for an index that does not project ALL). With `from`,
// from the place of that item, its own entry included or not (ForEachItemFrom). Returns false,
// visiting nothing, for an unknown table or index or a place not found.
template <typename Each>
bool WalkEntries(api::EngineState& state, std::string_view table_name, std::string_view index_name,
                 const Item* from, bool include_from, size_t limit, Each each) {
  const storage::Table* table = state.FindTable(table_name);
  if (!table) return false;
  size_t index = SIZE_MAX;
  if (!index_name.empty()) {
    for (size_t i = 0; i < table->schema().indexes.size(); ++i) {
      if (table->schema().indexes[i].name == index_name) index = i;
    }
    if (index == SIZE_MAX) return false;
  }
  const storage::Store& store = index == SIZE_MAX ? table->base() : table->index_store(index);
  const bool project = index != SIZE_MAX &&
                       table->schema().indexes[index].projection != storage::ProjectionType::kAll;
  auto item_of = [&](const storage::Entry& entry) -> Item {
    Item item = entry.item.Decode();
    if (project) return table->ProjectEntry(index, item);
    return item;  // moved, not copied
  };
  storage::Store::Cursor c = store.First();
  std::optional<storage::RowIterator> start;  // inside c's partition, at or past `from`'s place
  if (from) {
    // The key's attributes, with the table's key types (Table's encodings require them).
    const storage::KeySchema& keys = table->schema().keys;
    auto typed = [&](const storage::KeyAttribute& a) {
      auto it = from->find(a.name);
      return it != from->end() && it->second.type() == a.type;
    };
    if (!typed(keys.hash) || (keys.has_range() && !typed(keys.range))) return false;
    storage::PartitionId partition;
    std::string sort;
    if (index == SIZE_MAX) {
      partition = table->BasePartition(*from);
      sort = table->BaseSort(*from);
    } else {
      storage::ItemPtr item = table->Get(*from);
      if (!item || !table->IndexPosition(index, *item, &partition, &sort)) return false;
    }
    c = store.Seek(partition, false);
    if (c.id && *c.id == partition) {
      start = include_from ? c.rows->lower_bound(sort) : c.rows->upper_bound(sort);
    }
  }
  size_t visited = 0;
  for (; c.id; c = store.Next(c)) {
    for (auto it = start ? *start : c.rows->begin(); it != c.rows->end(); ++it) {
      if (visited++ == limit) return true;
      const auto& [sort, entry] = *it;
      each(entry, item_of);
    }
    start.reset();
  }
  return true;
}

}  // namespace

const char* ItemActionName(ItemAction action) {
  const size_t i = static_cast<size_t>(action);
  return i < std::size(ActionNames) ? ActionNames[i] : "";
}

const char* IndexHopKindName(IndexHopKind kind) {
  static constexpr const char* kNames[] = {"not-in-index", "added",     "removed",    "moved",
                                           "rewritten",    "unchanged", "not-written"};
  const size_t i = static_cast<size_t>(kind);
  return i < std::size(kNames) ? kNames[i] : "";
}

Engine::Engine(EngineOptions options) : impl_(std::make_unique<Impl>()) {
  impl_->options = std::move(options);
}
Engine::~Engine() = default;
Engine::Engine(const Engine& other) : impl_(std::make_unique<Impl>(*other.impl_)) {}
Engine& Engine::operator=(const Engine& other) {
  if (this != &other) {
    // Restoring a snapshot is a change the views must notice even if it goes "back".
    const uint64_t version = impl_ ? impl_->version : 0;
    impl_ = std::make_unique<Impl>(*other.impl_);
    impl_->version = std::max(version, other.impl_->version) + 1;
  }
  return *this;
}
Engine::Engine(Engine&&) noexcept = default;
Engine& Engine::operator=(Engine&&) noexcept = default;

const std::vector<std::string>& Engine::Operations() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> out;
    for (const Operation& op : kOperations) out.emplace_back(op.name);
    return out;
  }();
  return names;
}

Result Engine::Execute(std::string_view operation, std::string_view request_json) {
  return Execute(operation, request_json, ExecuteOptions{});
}

Result Engine::Execute(std::string_view operation, std::string_view request_json,
                       const ExecuteOptions& options) {
  // Every message of this request in the engine's cohort (messages.h).
  const api::messages::CohortScope cohort(impl_->options.messages);
  Result result;
  result.effects.operation = std::string(operation);
  const Operation* op = FindOperation(operation);
  if (!op) {
    api::RenderError(Status(ErrorCode::kUnknownOperation, ""), nullptr, &result);
    return result;
  }
  // Transient table states whose time is up end before the request sees them (table_ops.cc).
  // Empty unless EngineOptions::transient_status_ms is set: one test on the hot path.
  bool transient = false;
  if (!impl_->transient.empty()) {
    impl_->SettleTransient();
    transient = !impl_->transient.empty();
  }
  if (op->fast && !(transient && op->reads_index) &&
      op->fast(request_json, *impl_, options, &result)) {
    return result;
  }
  // A body that is not JSON (or not a JSON object) is DynamoDB's SerializationException. Plain
  // requests are read by our own reader (request_json.h); whatever it declines, nlohmann judges.
  api::json request;
  if (!api::ParseRequestJson(request_json, &request)) {
    request = api::json::parse(request_json, nullptr, false);
  }
  if (request.is_discarded() || !request.is_object()) {
    api::RenderError(Status(ErrorCode::kSerialization, ""), nullptr, &result);
    return result;
  }
  // Legacy parameters become expressions before the handler sees the request.
  if (Status legacy = api::TranslateLegacy(operation, &request); !legacy.ok()) {
    api::RenderError(legacy, nullptr, &result);
    return result;
  }
  if (transient && op->reads_index) {
    if (Status s = CheckReadableIndex(*impl_, request); !s.ok()) {
      api::RenderError(s, nullptr, &result);
      return result;
    }
  }
  api::Context ctx(*impl_, request, result.effects);
  ctx.raw_allowed = true;  // the body is assembled here, so handlers may hand over JSON text
  ctx.record_effects = options.effects;
  Finish(ctx, op->handler(ctx), &result);
  return result;
}

namespace {

KeySchemaInfo ToInfo(const storage::KeySchema& keys) { return api::KeySchemaInfoOf(keys); }

}  // namespace

std::vector<TableInfo> Engine::Tables() const {
  std::vector<TableInfo> out;
  for (const auto& [name, table] : impl_->tables) {
    TableInfo info;
    info.name = name;
    info.keys = ToInfo(table.schema().keys);
    info.item_count = static_cast<size_t>(table.item_count());
    info.size_bytes = static_cast<size_t>(table.size_bytes());
    for (size_t i = 0; i < table.schema().indexes.size(); ++i) {
      const storage::IndexSchema& index = table.schema().indexes[i];
      IndexInfo ii;
      ii.name = index.name;
      ii.global = index.global;
      ii.keys = ToInfo(index.keys);
      ii.projection_type = storage::ProjectionTypeName(index.projection);
      ii.non_key_attributes = index.non_key_attributes;
      if (index.projection != storage::ProjectionType::kAll) {
        // Table::IsProjected's rule, as a list: both key schemas, then NonKeyAttributes.
        auto add = [&](const std::string& name) {
          if (name.empty()) return;
          for (const std::string& have : ii.projected_attributes) {
            if (have == name) return;
          }
          ii.projected_attributes.push_back(name);
        };
        for (const storage::KeySchema* keys : {&table.schema().keys, &index.keys}) {
          for (size_t k = 0; k < keys->hash_count(); ++k) add(keys->hash_at(k).name);
          for (size_t k = 0; k < keys->range_count(); ++k) add(keys->range_at(k).name);
        }
        if (index.projection == storage::ProjectionType::kInclude) {
          for (const std::string& name : index.non_key_attributes) add(name);
        }
      }
      ii.item_count = static_cast<size_t>(table.index_item_count(i));
      ii.size_bytes = static_cast<size_t>(table.index_size_bytes(i));
      info.indexes.push_back(std::move(ii));
    }
    out.push_back(std::move(info));
  }
  return out;
}

StoredItem::StoredItem(const StoredItem& other) : id_(other.id_) {
  storage::EncodedItem::AddReference(id_);
}

StoredItem& StoredItem::operator=(const StoredItem& other) {
  if (this != &other) {
    storage::EncodedItem::AddReference(other.id_);
    storage::EncodedItem::DropReference(id_);
    id_ = other.id_;
  }
  return *this;
}

StoredItem& StoredItem::operator=(StoredItem&& other) noexcept {
  if (this != &other) {
    storage::EncodedItem::DropReference(id_);
    id_ = other.id_;
    other.id_ = nullptr;
  }
  return *this;
}

StoredItem::~StoredItem() { storage::EncodedItem::DropReference(id_); }

Item StoredItem::Decode() const { return storage::EncodedItem::FromIdentity(id_).Decode(); }

Item StoredItem::Decode(const std::vector<std::string>& names) const {
  std::vector<std::string_view> views(names.begin(), names.end());
  Item out;
  storage::EncodedItem::FromIdentity(id_).DecodeAttributes(views.data(), views.size(), &out);
  return out;
}

namespace {

// ForEachItem's and ForEachItemFrom's visit of one entry, by its handle: a known item is skipped
// without being read. (What a visit sees follows from the stored item alone: the projection is
// fixed per index.)
template <typename Known, typename Visit, typename Hold>
auto VisitStored(const Known& known, const Visit& visit, Hold hold) {
  return [&known, &visit, hold](const storage::Entry& entry, auto item_of) {
    const void* id = entry.item.identity();
    if (known && known(id, entry.size)) return;
    visit(item_of(entry), entry.size, hold(id));
  };
}

}  // namespace

StoredItem Engine::HoldStored(const void* id) {
  StoredItem stored;
  storage::EncodedItem::AddReference(id);
  stored.id_ = id;
  return stored;
}

void Engine::ForEachItem(std::string_view table_name, std::string_view index_name, size_t limit,
                         const std::function<bool(const void* id, size_t size_bytes)>& known,
                         const std::function<void(const Item& item, size_t size_bytes,
                                                  StoredItem stored)>& visit) const {
  WalkEntries(*impl_, table_name, index_name, nullptr, false, limit,
              VisitStored(known, visit, &Engine::HoldStored));
}

bool Engine::ForEachItemFrom(std::string_view table_name, std::string_view index_name,
                             const Item& from, bool include_from, size_t limit,
                             const std::function<bool(const void* id, size_t size_bytes)>& known,
                             const std::function<void(const Item& item, size_t size_bytes,
                                                      StoredItem stored)>& visit) const {
  return WalkEntries(*impl_, table_name, index_name, &from, include_from, limit,
                     VisitStored(known, visit, &Engine::HoldStored));
}

void Engine::ForEachItem(
    std::string_view table_name, std::string_view index_name,
    const std::function<void(const Item& item, size_t size_bytes)>& visit) const {
  ForEachItem(table_name, index_name, SIZE_MAX, visit);
}

void Engine::ForEachItem(
    std::string_view table_name, std::string_view index_name, size_t limit,
    const std::function<void(const Item& item, size_t size_bytes)>& visit) const {
  WalkEntries(
      *impl_, table_name, index_name, nullptr, false, limit,
      [&](const storage::Entry& entry, auto item_of) { visit(item_of(entry), entry.size); });
}

Result Engine::SweepExpired() {
  Result result;
  result.effects.operation = "SweepExpired";
  const api::json request = api::json::object();
  api::Context ctx(*impl_, request, result.effects);
  Status status = api::SweepExpired(ctx);
  if (ctx.changed) ++impl_->version;
  if (!status.ok()) {
    api::RenderError(status, ctx.error_extra, &result);
    return result;
  }
  result.body = ctx.TakeBody();
  return result;
}

uint64_t Engine::version() const { return impl_->version; }

void Engine::set_transient_status_ms(int64_t ms) { impl_->options.transient_status_ms = ms; }

const EngineOptions& Engine::options() const { return impl_->options; }

}  // namespace monotable
