// query_scan: Query and Scan over a table or one of its indexes, one page at a time.
//
// DynamoDB rules implemented here (dynamodb-rules.md §1.5, DG Query/Scan):
// - Limit counts items evaluated (read), before the FilterExpression; a page also stops after the
//   item that takes it to 1 MB of data read (that item included); LastEvaluatedKey is returned
//   whenever Limit or the 1 MB cap stopped the page, even if nothing follows;
// - ScannedCount = items read, Count = items that passed the filter; Select=COUNT returns no items;
// - the page's read cost is the sum of the sizes read (index entry sizes on an index), rounded up
//   to 4 KB once per page, x0.5 when eventually consistent; filters and projections do not reduce
//   it; an empty page costs the minimum;
// - LSI reads that need attributes outside the projection fetch whole base items, billed on the
//   table per item (each rounded up to 4 KB: DG's wording, docs/compatibility.md);
// - GSIs are eventually consistent only: ConsistentRead=true is rejected;
// - Scan order is partition hash order, then sort key; Segment/TotalSegments split the hash
//   space into equal contiguous ranges, so segments partition the items;
// - a page seeks to its start (ExclusiveStartKey or key-condition bound) and never walks from the
//   beginning: its cost does not grow with the table.
#include <algorithm>

#include "api/api.h"
#include "api/wire/wire.h"
#include "storage/key_codec.h"

namespace monotable::api {
namespace {

constexpr uint64_t kPageBytes = limits::kMaxPageBytes;

struct Source {
  const storage::Table* table = nullptr;
  int index = -1;  // -1: the base table
  const storage::IndexSchema* index_schema = nullptr;
  const storage::Store* store = nullptr;
  storage::KeySchema keys;        // the key schema being read (table's or index's)
  bool fetch_from_table = false;  // LSI read that needs non-projected attributes
};

Status CheckMembers(const ReadMembers& m, bool query) {
  Constraints c;
  c.Enum(m.capacity, "returnConsumedCapacity", kReturnConsumedCapacityValues);
  c.TableName(m.table_name, "tableName", true);
  c.TableName(m.index_name, "indexName", false);
  c.Enum(m.select, "select",
         {"SPECIFIC_ATTRIBUTES", "COUNT", "ALL_ATTRIBUTES", "ALL_PROJECTED_ATTRIBUTES"});
  if (query && m.limit && *m.limit < 1) {
    // DynamoDB's Query (unlike Scan) reports "Value at 'Limit'" without the value (Parity Suite).
    c.AddMessage(
        "Value at 'Limit' failed to satisfy constraint: Member must have value greater than or "
        "equal to 1");
  } else {
    c.Min(m.limit, "limit", 1);
  }
  if (!query) {
    c.Min(m.segment, "segment", 0);
    c.Max(m.segment, "segment", 999999);
    c.Min(m.total_segments, "totalSegments", 1);
    c.Max(m.total_segments, "totalSegments", 1000000);
  }
  return c.ToStatus();
}

Status CheckSelect(const ReadMembers& m) {
  // DynamoDB rules on Select and ProjectionExpression.
  if (!m.select) return Status::Ok();
  const std::string& select = *m.select;
  if (select == "SPECIFIC_ATTRIBUTES" && !m.projection_text) {
    return Status::Validation(
        "Must specify the AttributesToGet or ProjectionExpression when choosing to get "
        "SPECIFIC_ATTRIBUTES");
  }
  if (select != "SPECIFIC_ATTRIBUTES" && m.projection_text) {
    return Status::Validation("Cannot specify the ProjectionExpression when choosing to get " +
                              (select == "COUNT" ? std::string("only the Count") : select));
  }
  if (select == "ALL_PROJECTED_ATTRIBUTES" && !m.index_name) {
    return Status::Validation(
        "ALL_PROJECTED_ATTRIBUTES can be used only when Querying using an IndexName");
  }
  return Status::Ok();
}

// Resolves table and index; DynamoDB's errors for unknown ones and for GSI consistent reads.
Status ResolveSource(Context& ctx, const ReadMembers& m, const expr::Projection* projection,
                     Source* src) {
  src->table = ctx.state.FindTable(*m.table_name);
  if (!src->table) return Status::ResourceNotFound();
  const storage::TableSchema& schema = src->table->schema();
  src->store = &src->table->base();
  src->keys = schema.keys;
  if (!m.index_name) return Status::Ok();
  for (size_t i = 0; i < schema.indexes.size(); ++i) {
    if (schema.indexes[i].name == *m.index_name) src->index = static_cast<int>(i);
  }
  if (src->index < 0) {
    return Status::Validation("The table does not have the specified index: " + *m.index_name);
  }
  src->index_schema = &schema.indexes[src->index];
  src->store = &src->table->index_store(src->index);
  src->keys = src->index_schema->keys;
  if (src->index_schema->global && m.consistent.value_or(false)) {
    return Status::Validation("Consistent reads are not supported on global secondary indexes");
  }
  // Does the request need attributes the index does not hold?
  bool all_attributes = false;
  std::vector<std::string> missing;  // the projection's attributes the index does not hold
  if (src->index_schema->projection != storage::ProjectionType::kAll) {
    if (m.select && *m.select == "ALL_ATTRIBUTES") all_attributes = true;
    if (projection) {
      for (const expr::Path& p : projection->paths()) {
        const std::string& name = p.TopLevelName();
        if (!src->table->IsProjected(src->index, name) &&
            std::find(missing.begin(), missing.end(), name) == missing.end()) {
          missing.push_back(name);
        }
      }
    }
  }
  if (all_attributes || !missing.empty()) {
    if (src->index_schema->global && all_attributes) {
      return Status::Validation(
          "One or more parameter values were invalid: Select type ALL_ATTRIBUTES is not "
          "supported for global secondary index " +
          src->index_schema->name + " because its projection type is not ALL");
    }
    // A ProjectionExpression asking a GSI for attributes it does not project names them
    // (us-east-1, capture of 2026-09-29, probes proj_gsi_query_nonprojected and
    // proj_gsi_scan_nonprojected: "... Global secondary index gidx does not project [a]";
    // tests/oracle).
    if (src->index_schema->global) {
      std::string list;
      for (const std::string& name : missing) list += (list.empty() ? "" : ", ") + name;
      return Status::Validation(
          "One or more parameter values were invalid: Global secondary index " +
          src->index_schema->name + " does not project [" + list + "]");
    }
    src->fetch_from_table = true;
  }
  return Status::Ok();
}

// The index key attributes of a key schema, HASH then RANGE, in key schema order.
std::vector<const storage::KeyAttribute*> KeyAttributes(const storage::KeySchema& keys) {
  std::vector<const storage::KeyAttribute*> out;
  for (size_t i = 0; i < keys.hash_count(); ++i) out.push_back(&keys.hash_at(i));
  for (size_t i = 0; i < keys.range_count(); ++i) out.push_back(&keys.range_at(i));
  return out;
}

// Key attributes of an item for LastEvaluatedKey / ExclusiveStartKey: table keys + index keys
// (every attribute of a multi-attribute GSI key: moto's and the Parity Suite's AWS-verified
// pagination tests).
Item PageKey(const Source& src, const Item& item) {
  Item key = KeyOf(src.table->schema(), item);
  if (src.index_schema) {
    for (const storage::KeyAttribute* a : KeyAttributes(src.keys)) {
      auto it = item.find(a->name);
      if (it != item.end()) key.emplace(it->first, it->second);
    }
  }
  return key;
}

// Validates ExclusiveStartKey's shape: exactly the table's and (for an index) the index's keys.
// DynamoDB's answers (dynalite's actions/query.js and scan.js, tested against DynamoDB): a
// missing or extra attribute is "The provided starting key is invalid", a wrong type adds ": The
// provided key element does not match the schema"; a Scan of the base table adds that tail to
// every shape error (a sort key on a table without one, an extra non-key attribute).
Status CheckStartKey(const Source& src, const Item& start, bool scan) {
  const bool table_scan = scan && !src.index_schema;
  const Status mismatch = Status::Validation(
      "The provided starting key is invalid: The provided key element does not match the schema");
  const storage::TableSchema& schema = src.table->schema();
  std::vector<const storage::KeyAttribute*> attrs = {&schema.keys.hash};
  if (schema.keys.has_range()) attrs.push_back(&schema.keys.range);
  if (src.index_schema) {
    for (const storage::KeyAttribute* a : KeyAttributes(src.keys)) {
      bool dup = false;
      for (auto* b : attrs) dup = dup || b->name == a->name;
      if (!dup) attrs.push_back(a);
    }
  }
  const Status invalid =
      table_scan ? mismatch : Status::Validation("The provided starting key is invalid");
  if (start.size() != attrs.size()) return invalid;
  for (const storage::KeyAttribute* a : attrs) {
    auto it = start.find(a->name);
    // A missing attribute: "invalid" (with the schema tail on a base-table Scan, as us-east-1's
    // capture of 2026-09-29 shows for probe scan_bad_start_key, {bad: S} on a table keyed by pk;
    // tests/oracle); a wrong type adds the tail everywhere.
    if (it == start.end()) return invalid;
    if (it->second.type() != a->type) return mismatch;
  }
  return Status::Ok();
}

// The sort component of a start key in the source's store.
std::string StartSort(const Source& src, const Item& start) {
  if (src.index < 0) return src.table->BaseSort(start);
  std::string sort;
  src.table->IndexPosition(static_cast<size_t>(src.index), start, nullptr, &sort);
  return sort;
}

storage::PartitionId StartPartition(const Source& src, const Item& start) {
  if (src.keys.multi()) {
    const Value* values[4];
    for (size_t i = 0; i < src.keys.hash_count(); ++i) {
      values[i] = &start.find(src.keys.hash_at(i).name)->second;
    }
    return storage::MakeTuplePartitionId(storage::HashTuple(values, src.keys.hash_count()));
  }
  return storage::MakePartitionId(start.find(src.keys.hash.name)->second);
}

// The partition a key condition names (all HASH values of a multi-attribute key together).
storage::PartitionId QueryPartition(const Source& src, const expr::KeyCondition& kc) {
  if (src.keys.multi()) {
    const Value* values[4] = {&kc.hash_value};
    for (size_t i = 0; i < kc.more_hash_values.size(); ++i) {
      values[i + 1] = &kc.more_hash_values[i];
    }
    return storage::MakeTuplePartitionId(
        storage::HashTuple(values, 1 + kc.more_hash_values.size()));
  }
  return storage::MakePartitionId(kc.hash_value);
}

// Whether a start key lies in the key condition's partition, and (range) satisfies its sort key
// conditions (a multi-attribute key: the equalities on the leading RANGE attributes, then the
// last one's condition).
bool StartInPartition(const Source& src, const expr::KeyCondition& kc, const Item& start) {
  if (start.find(src.keys.hash.name)->second != kc.hash_value) return false;
  for (size_t i = 0; i < kc.more_hash_values.size(); ++i) {
    if (start.find(src.keys.more_hash[i].name)->second != kc.more_hash_values[i]) return false;
  }
  return true;
}

bool StartMatchesRange(const Source& src, const expr::KeyCondition& kc, const Item& start) {
  for (size_t i = 0; i < kc.range_prefix.size(); ++i) {
    if (start.find(src.keys.range_at(i).name)->second != kc.range_prefix[i]) return false;
  }
  return kc.RangeMatches(start.find(src.keys.range_at(kc.range_prefix.size()).name)->second);
}

// One page being read.
class Page {
 public:
  Page(Context& ctx, const Source& src, const ReadMembers& m, const expr::Condition& filter,
       const expr::Projection* projection)
      : ctx_(ctx),
        src_(src),
        filter_(filter),
        projection_(projection),
        count_only_(m.select && *m.select == "COUNT"),
        limit_(m.limit ? static_cast<uint64_t>(*m.limit) : UINT64_MAX),
        mode_(m.consistent.value_or(false) ? capacity::ReadMode::kStrong
                                           : capacity::ReadMode::kEventual) {}

  // Reads one entry; returns false when the page is full (this entry was the last one read).
  bool Visit(const storage::Entry& entry) {
    ++scanned_;
    bytes_ += entry.size;
    const bool project_index = src_.index >= 0 && !src_.fetch_from_table &&
                               src_.index_schema->projection != storage::ProjectionType::kAll;
    // The stored item is decoded only when something must look inside it (a filter, a projection,
    // an index projection, an LSI fetch); otherwise its JSON is written straight from its
    // encoding and only its key attributes are decoded (for effects and LastEvaluatedKey).
    const bool decode = !filter_.empty() || projection_ || project_index || src_.fetch_from_table;
    Item stored;
    if (decode) stored = entry.item.Decode();
    Item projected_entry;
    if (project_index) projected_entry = src_.table->ProjectEntry(src_.index, stored);
    const Item& view = project_index ? projected_entry : stored;
    if (src_.fetch_from_table) {
      const uint64_t size = ItemSize(stored);
      fetch_half_ += capacity::ReadHalfUnits(size, mode_);
      fetch_bytes_ += size;
      ++fetched_;
    }
    const bool pass = filter_.empty() || filter_.Evaluate(view);
    if (pass) {
      ++count_;
      if (!count_only_) {
        items_text_.push_back(count_ == 1 ? '[' : ',');
        if (!decode) {
          wire::AppendEncodedItemJson(entry.item.reader(), &items_text_);
        } else if (projection_) {
          wire::AppendItemJson(projection_->Apply(view), &items_text_);
        } else {
          wire::AppendItemJson(view, &items_text_);
        }
      }
    }
    if (ctx_.records_items()) {
      // Room for the page's entries at once (up to Limit, at most 64 to start with), rather than
      // growing the list one doubling at a time: 10 items were 5 allocations and 4 moves.
      if (scanned_ == 1) {
        ctx_.effects.items.reserve(ctx_.effects.items.size() +
                                   static_cast<size_t>(std::min<uint64_t>(limit_, 64)));
      }
      AddTouched(ctx_, src_.table->schema().name,
                 src_.index_schema ? src_.index_schema->name : std::string(),
                 decode ? KeyOf(src_.table->schema(), stored) : src_.table->KeyOf(entry.item),
                 entry.size, pass ? ItemAction::kReturned : ItemAction::kFilteredOut);
    }
    if (scanned_ >= limit_ || bytes_ >= kPageBytes) {
      if (!decode) stored = entry.item.Decode();
      last_key_ = PageKey(src_, stored);
      return false;
    }
    return true;
  }

  void Finish(bool scan) {
    const std::string& table = src_.table->schema().name;
    const int64_t half = capacity::ReadHalfUnits(bytes_, mode_);
    const bool text = ctx_.records_effects();  // the arithmetic in words, for effects only
    std::string arithmetic;
    if (text) {
      arithmetic = scanned_ == 0 ? "nothing read: an empty page costs the minimum read, " +
                                       capacity::FormatUnits(half) + " RRU"
                                 : capacity::ReadArithmetic(scanned_, bytes_, mode_);
      // DynamoDB has been observed reporting 4 RCU (strongly consistent) / 2 (eventually) for a
      // Scan of a one-item table; no public source explains or documents it, so the documented
      // rule is billed and the effects say so (docs/compatibility.md, "Scan of a fresh table").
      if (scan && capacity::Blocks(bytes_, capacity::kReadUnitBytes) < 4) {
        arithmetic +=
            "; DynamoDB has been seen to report more for a Scan of a small new table (4 RCU "
            "strongly consistent, 2 eventually consistent, for one item): undocumented, so not "
            "billed here";
      }
    }
    if (src_.index_schema) {
      ctx_.meter.Touch(table);
      ctx_.meter.AddRead(table, src_.index_schema->name, !src_.index_schema->global, half,
                         text ? "index entries: " + arithmetic : std::string());
      if (fetched_) {
        ctx_.meter.AddRead(
            table, "", false, fetch_half_,
            text ? capacity::FormatBytes(fetched_) +
                       " base items fetched for attributes outside the index projection (" +
                       capacity::FormatBytes(fetch_bytes_) + " bytes), each rounded up to 4 KB = " +
                       capacity::FormatUnits(fetch_half_) + " RRU"
                 : std::string());
      }
    } else {
      ctx_.meter.AddRead(table, "", false, half, std::move(arithmetic));
    }
    const uint64_t blocks = capacity::Blocks(bytes_, capacity::kReadUnitBytes);
    ctx_.effects.read_modes = {true, static_cast<double>(blocks) * 0.5, static_cast<double>(blocks),
                               static_cast<double>(blocks) * 2};
    if (scan && text) {
      ctx_.effects.lints.push_back(
          "Scan reads the table page by page (" + capacity::FormatBytes(scanned_) +
          " items read here) and its cost grows with the table: serve access patterns with Query "
          "on a key or an index");
    }
    if (text && !filter_.empty() && scanned_ >= 4 && (scanned_ - count_) * 2 > scanned_) {
      ctx_.effects.lints.push_back(
          "FilterExpression discarded " + capacity::FormatBytes(scanned_ - count_) + " of " +
          capacity::FormatBytes(scanned_) + " items read, and you pay for all " +
          capacity::FormatBytes(scanned_) +
          ": a key condition or a sparse index would read only what you need");
    }
    if (!count_only_) {
      items_text_.push_back(count_ == 0 ? '[' : ']');
      if (count_ == 0) items_text_.push_back(']');
    }
  }

  // The response, after Finish. When the body is assembled by Execute (ctx.raw_allowed) it is
  // written as text, as dumping the tree would write it (members in name order:
  // ConsumedCapacity, Count, Items, LastEvaluatedKey, ScannedCount; a test compares both);
  // otherwise (a handler run for PartiQL) it is the tree.
  void Respond(CapacityDetail detail) {
    if (!ctx_.raw_allowed) {
      if (!count_only_) ctx_.response["Items"] = json::parse(items_text_, nullptr, false);
      ctx_.response["Count"] = count_;
      ctx_.response["ScannedCount"] = scanned_;
      if (last_key_) ctx_.response["LastEvaluatedKey"] = wire::ToJson(*last_key_);
      AddConsumedCapacity(ctx_, detail, false);
      return;
    }
    std::string body;
    body.reserve(items_text_.size() + 256);
    body += '{';
    if (detail != CapacityDetail::kNone && !ctx_.meter.tables().empty()) {
      body += "\"ConsumedCapacity\":";
      AppendCapacityJson(ctx_.meter.tables().front(), detail, false, &body);
      body += ',';
    }
    body += "\"Count\":";
    body += std::to_string(count_);
    if (!count_only_) {
      body += ",\"Items\":";
      body += items_text_;
    }
    if (last_key_) {
      body += ",\"LastEvaluatedKey\":";
      wire::AppendItemJson(*last_key_, &body);
    }
    body += ",\"ScannedCount\":";
    body += std::to_string(scanned_);
    body += '}';
    ctx_.body_text = std::move(body);
  }

 private:
  Context& ctx_;
  const Source& src_;
  const expr::Condition& filter_;
  const expr::Projection* projection_;
  const bool count_only_;
  const uint64_t limit_;
  const capacity::ReadMode mode_;
  uint64_t scanned_ = 0, count_ = 0, bytes_ = 0, fetched_ = 0, fetch_bytes_ = 0;
  int64_t fetch_half_ = 0;
  std::string items_text_;  // "[item,item" as items pass; closed by Finish
  std::optional<Item> last_key_;
};

// Sort-component bounds [lower, upper) of a key condition's sort key part (upper empty: none).
// A multi-attribute key's leading equalities form a tuple prefix: the last condition's bounds are
// taken inside it, and an open end stops at the prefix's end.
void RangeBounds(const expr::KeyCondition& kc, std::string* lower, std::string* upper) {
  lower->clear();
  upper->clear();
  if (!kc.has_range) return;
  if (!kc.range_prefix.empty()) {
    std::string prefix;
    for (const Value& v : kc.range_prefix) storage::AppendKeyComponent(v, &prefix);
    expr::KeyCondition last = kc;
    last.range_prefix.clear();
    RangeBounds(last, lower, upper);
    *lower = prefix + *lower;
    *upper = upper->empty() ? storage::PrefixSuccessor(prefix) : prefix + *upper;
    return;
  }
  const std::string v = storage::KeyBytes(kc.range_value);
  switch (kc.range_op) {
    case expr::KeyOperator::kEq:
      *lower = storage::EscapedPrefix(v);
      *upper = storage::ComponentUpperBound(v);
      break;
    case expr::KeyOperator::kLt:
      *upper = storage::EscapedPrefix(v);
      break;
    case expr::KeyOperator::kLe:
      *upper = storage::ComponentUpperBound(v);
      break;
    case expr::KeyOperator::kGt:
      *lower = storage::ComponentUpperBound(v);
      break;
    case expr::KeyOperator::kGe:
      *lower = storage::EscapedPrefix(v);
      break;
    case expr::KeyOperator::kBetween:
      *lower = storage::EscapedPrefix(v);
      *upper = storage::ComponentUpperBound(storage::KeyBytes(kc.range_value2));
      break;
    case expr::KeyOperator::kBeginsWith:
      *lower = storage::EscapedPrefix(v);
      *upper = storage::PrefixSuccessor(*lower);
      break;
  }
}

// The key schema ParseKeyCondition checks against. Its attribute vectors are filled only for a
// multi-attribute key (the only case that reads them), so a single-key Query allocates nothing
// here.
KeySchemaInfo InfoOf(const storage::KeySchema& keys) {
  if (keys.multi()) return KeySchemaInfoOf(keys);
  KeySchemaInfo info;
  info.hash_key = keys.hash.name;
  info.hash_type = keys.hash.type;
  info.range_key = keys.range.name;
  info.range_type = keys.range.type;
  return info;
}

// Parses FilterExpression and ProjectionExpression (shared by Query and Scan).
Status ParseFilterAndProjection(ReadMembers& m, expr::Condition* filter,
                                expr::Projection* projection) {
  Status s;
  if (m.filter_text) {
    s = expr::ParseCondition(expr::Kind::kFilter, *m.filter_text, m.params.names, m.params.values,
                             &m.params.usage, filter);
    if (!s.ok()) return s;
  }
  if (m.projection_text) {
    s = expr::ParseProjection(*m.projection_text, m.params.names, &m.params.usage, projection);
    if (!s.ok()) return s;
  }
  return Status::Ok();
}

}  // namespace

Status ReadMembersOf(const json& req, bool query, ReadMembers* m) {
  MT_RETURN_IF_ERROR(ReadString(req, "TableName", &m->table_name));
  MT_RETURN_IF_ERROR(ReadString(req, "IndexName", &m->index_name));
  MT_RETURN_IF_ERROR(ReadString(req, "Select", &m->select));
  MT_RETURN_IF_ERROR(ReadInteger(req, "Limit", &m->limit));
  MT_RETURN_IF_ERROR(ReadBool(req, "ConsistentRead", &m->consistent));
  MT_RETURN_IF_ERROR(ReadItem(req, "ExclusiveStartKey", &m->start_key));
  MT_RETURN_IF_ERROR(ReadString(req, "ReturnConsumedCapacity", &m->capacity));
  MT_RETURN_IF_ERROR(ReadString(req, "ProjectionExpression", &m->projection_text));
  MT_RETURN_IF_ERROR(ReadString(req, "FilterExpression", &m->filter_text));
  if (query) {
    MT_RETURN_IF_ERROR(ReadBool(req, "ScanIndexForward", &m->forward));
    MT_RETURN_IF_ERROR(ReadString(req, "KeyConditionExpression", &m->key_condition_text));
  } else {
    MT_RETURN_IF_ERROR(ReadInteger(req, "Segment", &m->segment));
    MT_RETURN_IF_ERROR(ReadInteger(req, "TotalSegments", &m->total_segments));
  }
  return ReadExpressionParams(req, &m->params);
}

Status Query(Context& ctx) {
  ReadMembers m;
  MT_RETURN_IF_ERROR(ReadMembersOf(ctx.request, true, &m));
  return RunQuery(ctx, m);
}

Status RunQuery(Context& ctx, ReadMembers& m) {
  Status s;
  MT_RETURN_IF_ERROR(CheckMembers(m, true));
  MT_RETURN_IF_ERROR(RejectLegacy(ctx.request, {{"KeyConditions", "KeyConditionExpression"},
                                                {"QueryFilter", "FilterExpression"},
                                                {"AttributesToGet", "ProjectionExpression"},
                                                {"ConditionalOperator", "FilterExpression"}}));
  MT_RETURN_IF_ERROR(CheckExpressionParams(
      m.params, {{"ProjectionExpression", m.projection_text.has_value()},
                 {"FilterExpression", m.filter_text.has_value()},
                 {"KeyConditionExpression", m.key_condition_text.has_value()}}));
  if (!m.key_condition_text) {
    return Status::Validation(
        "Either the KeyConditions or KeyConditionExpression parameter must be specified in the "
        "request.");
  }
  MT_RETURN_IF_ERROR(CheckSelect(m));
  expr::Condition filter;
  expr::Projection projection;
  MT_RETURN_IF_ERROR(ParseFilterAndProjection(m, &filter, &projection));
  Source src;
  MT_RETURN_IF_ERROR(ResolveSource(ctx, m, m.projection_text ? &projection : nullptr, &src));
  expr::KeyCondition kc;
  s = expr::ParseKeyCondition(*m.key_condition_text, m.params.names, m.params.values,
                              InfoOf(src.keys), &m.params.usage, &kc);
  if (!s.ok()) return s;
  // DynamoDB rule: a Query's filter may not read the key attributes of the table or index it
  // queries (they belong in the key condition).
  for (const std::string& attribute : filter.TopLevelAttributes()) {
    if (src.keys.Contains(attribute)) {
      return Status::Validation(
          "Filter Expression can only contain non-primary key attributes: Primary key "
          "attribute: " +
          attribute);
    }
  }
  MT_RETURN_IF_ERROR(expr::CheckAllUsed(m.params.names, m.params.values, m.params.usage));
  std::string start_sort;
  if (m.start_key) {
    MT_RETURN_IF_ERROR(CheckStartKey(src, *m.start_key, false));
    const bool in_partition = StartInPartition(src, kc, *m.start_key);
    if (kc.has_range) {
      if (!StartMatchesRange(src, kc, *m.start_key)) {
        return Status::Validation(
            "The provided starting key does not match the range key predicate");
      }
      if (!in_partition) {
        return Status::Validation("The query can return at most one row and cannot be restarted");
      }
    } else if (!in_partition) {
      return Status::Validation(
          "The provided starting key is outside query boundaries based on provided conditions");
    }
    start_sort = StartSort(src, *m.start_key);
  }

  Page page(ctx, src, m, filter, m.projection_text ? &projection : nullptr);
  const std::optional<storage::Rows> rows = src.store->Find(QueryPartition(src, kc));
  if (rows) {
    std::string lower, upper;
    RangeBounds(kc, &lower, &upper);
    auto begin = rows->lower_bound(lower);
    auto end = upper.empty() ? rows->end() : rows->lower_bound(upper);
    const bool forward = m.forward.value_or(true);
    if (m.start_key) {
      if (forward) {
        // Start after the start key, or at the range's lower bound if that comes later.
        auto after = rows->upper_bound(start_sort);
        if (begin != rows->end() && (after == rows->end() || after->first > begin->first)) {
          begin = after;
        }
      } else {
        auto before = rows->lower_bound(start_sort);
        if (end == rows->end() || (before != rows->end() && before->first < end->first)) {
          end = before;
        }
      }
    }
    if (forward) {
      for (auto it = begin; it != end && (end == rows->end() || it->first < end->first); ++it) {
        if (!page.Visit(it->second)) break;
      }
    } else if (begin != rows->end() && (end == rows->end() || begin->first < end->first)) {
      for (auto it = end; it != begin;) {
        --it;
        if (!page.Visit(it->second)) break;
      }
    }
  }
  page.Finish(false);
  page.Respond(ParseCapacityDetail(m.capacity));
  return Status::Ok();
}

Status Scan(Context& ctx) {
  ReadMembers m;
  MT_RETURN_IF_ERROR(ReadMembersOf(ctx.request, false, &m));
  return RunScan(ctx, m);
}

Status RunScan(Context& ctx, ReadMembers& m) {
  Status s;
  MT_RETURN_IF_ERROR(CheckMembers(m, false));
  MT_RETURN_IF_ERROR(RejectLegacy(ctx.request, {{"ScanFilter", "FilterExpression"},
                                                {"AttributesToGet", "ProjectionExpression"},
                                                {"ConditionalOperator", "FilterExpression"}}));
  MT_RETURN_IF_ERROR(
      CheckExpressionParams(m.params, {{"ProjectionExpression", m.projection_text.has_value()},
                                       {"FilterExpression", m.filter_text.has_value()}}));
  // DynamoDB rules: Segment and TotalSegments come together, Segment < TotalSegments.
  if (m.segment && !m.total_segments) {
    return Status::Validation(
        "The TotalSegments parameter is required but was not present in the request when "
        "Segment parameter is present");
  }
  if (m.total_segments && !m.segment) {
    return Status::Validation(
        "The Segment parameter is required but was not present in the request when parameter "
        "TotalSegments is present");
  }
  if (m.segment && *m.segment >= *m.total_segments) {
    return Status::Validation(
        "The Segment parameter is zero-based and must be less than parameter TotalSegments: "
        "Segment: " +
        std::to_string(*m.segment) +
        " is not less than TotalSegments: " + std::to_string(*m.total_segments));
  }
  MT_RETURN_IF_ERROR(CheckSelect(m));
  expr::Condition filter;
  expr::Projection projection;
  MT_RETURN_IF_ERROR(ParseFilterAndProjection(m, &filter, &projection));
  MT_RETURN_IF_ERROR(expr::CheckAllUsed(m.params.names, m.params.values, m.params.usage));
  Source src;
  MT_RETURN_IF_ERROR(ResolveSource(ctx, m, m.projection_text ? &projection : nullptr, &src));
  if (m.start_key && !(s = CheckStartKey(src, *m.start_key, true)).ok()) return s;

  // The segment's slice of the hash space: [first_hash, end_hash).
  uint64_t first_hash = 0;
  bool bounded = false;
  uint64_t end_hash = 0;
  if (m.total_segments) {
    const uint32_t total = static_cast<uint32_t>(*m.total_segments);
    const uint32_t segment = static_cast<uint32_t>(*m.segment);
    first_hash = storage::SegmentStart(segment, total);
    if (segment + 1 < total) {
      bounded = true;
      end_hash = storage::SegmentStart(segment + 1, total);
    }
  }
  // DynamoDB rule: a parallel Scan's ExclusiveStartKey must lie in the segment's slice of the
  // hash space (dynalite's actions/scan.js, tested against DynamoDB: the message below).
  if (m.start_key && m.total_segments) {
    const uint64_t hash = StartPartition(src, *m.start_key).hash;
    if (hash < first_hash || (bounded && hash >= end_hash)) {
      return Status::Validation(
          "The provided starting key is invalid: Invalid ExclusiveStartKey. Please use "
          "ExclusiveStartKey with correct Segment. TotalSegments: " +
          std::to_string(*m.total_segments) + " Segment: " + std::to_string(*m.segment));
    }
  }
  Page page(ctx, src, m, filter, m.projection_text ? &projection : nullptr);
  storage::Store::Cursor cursor;
  bool more = true;
  if (m.start_key) {
    const storage::PartitionId pid = StartPartition(src, *m.start_key);
    const std::optional<storage::Rows> rows = src.store->Find(pid);
    if (rows) {
      for (auto it = rows->upper_bound(StartSort(src, *m.start_key)); it != rows->end(); ++it) {
        if (!(more = page.Visit(it->second))) break;
      }
    }
    cursor = src.store->Seek(pid, true);
  } else {
    cursor = src.store->Seek(storage::PartitionId{first_hash, ""}, false);
  }
  for (; more && cursor.id; cursor = src.store->Next(cursor)) {
    if (bounded && cursor.id->hash >= end_hash) break;
    for (const auto& [sort, entry] : *cursor.rows) {
      if (!(more = page.Visit(entry))) break;
    }
  }
  page.Finish(true);
  page.Respond(ParseCapacityDetail(m.capacity));
  return Status::Ok();
}

}  // namespace monotable::api
