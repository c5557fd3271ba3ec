// api: what the operation handlers share — the engine's state, the per-request context, and the
// helpers that read DynamoDB request JSON into typed values with DynamoDB's exact errors.
//
// Internal to core/api (the only layer that knows the wire format). Handlers validate everything
// before they change anything: a request that fails leaves the engine as it was.
#pragma once

#include <cstdint>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "api/stream_log.h"
#include "capacity/capacity.h"
#include "expr/expr.h"
#include "monotable/effects.h"
#include "monotable/engine.h"
#include "monotable/status.h"
#include "storage/table.h"

namespace monotable::api {

using json = nlohmann::json;

// A table's TimeToLive setting and tags (ttl_tags.cc). Kept beside the table, keyed by its name
// and valid only while `table_id` matches (a deleted and re-created table starts without them).
struct TableExtras {
  std::string table_id;
  std::string ttl_attribute;                              // empty: TTL disabled
  std::vector<std::pair<std::string, std::string>> tags;  // in insertion order
  // Point-in-time recovery (control_plane.cc): a setting; there is no history to restore from.
  bool pitr_enabled = false;
  int64_t pitr_since_ms = 0;
  int pitr_recovery_days = 35;
  // Contributor insights enabled for the table ("") and for indexes by name.
  std::set<std::string> contributor_insights;
};

// The extras of a live table, created on first use and reset when the table was re-created
// (ttl_tags.cc).
struct EngineState;
TableExtras* ExtrasOf(EngineState& state, const storage::Table& table);

// An on-demand backup (control_plane.cc): a snapshot of the table as it was, which
// RestoreTableFromBackup installs under a new name. Items are shared, not copied.
struct Backup {
  std::string arn;
  std::string name;
  int64_t created_ms = 0;
  storage::Table table;
};

// A resource-based policy attached to a table's ARN (control_plane.cc); it goes with the table:
// valid only while `table_id` is the id of the table of that ARN.
struct ResourcePolicy {
  std::string table_id;
  std::string policy;
  std::string revision_id;
};

// A TransactWriteItems ClientRequestToken that committed in the last 10 minutes
// (transact_ops.cc).
struct TransactToken {
  int64_t time_ms = 0;
  uint64_t request_hash = 0;  // of the request without its Return* members
};

// A table in one of DynamoDB's transient states under EngineOptions::transient_status_ms
// (table_ops.cc): CREATING, UPDATING or DELETING until `until_ms` on the engine's clock; then the
// table is ACTIVE (its indexes too), or gone.
struct TransientStatus {
  enum class Kind : uint8_t { kCreating, kUpdating, kDeleting };
  Kind kind = Kind::kCreating;
  int64_t until_ms = 0;
  // kUpdating: the GSIs UpdateTable added, CREATING with Backfilling until `until_ms`.
  std::vector<std::string> creating_indexes;
};

// Everything an Engine holds; copying it is a snapshot (tables share immutable items).
struct EngineState {
  EngineOptions options;
  std::map<std::string, storage::Table, std::less<>> tables;
  std::map<std::string, TableExtras, std::less<>> extras;
  std::map<std::string, TransactToken, std::less<>> transact_tokens;
  uint64_t version = 0;
  uint64_t tables_created = 0;
  // DynamoDB Streams by stream ARN (streams.cc); they outlive their table.
  std::map<std::string, StreamLog, std::less<>> streams;
  // On-demand backups by ARN and resource policies by resource ARN (control_plane.cc); backups
  // outlive their table, policies go with it.
  std::map<std::string, Backup, std::less<>> backups;
  uint64_t backups_created = 0;
  std::map<std::string, ResourcePolicy, std::less<>> policies;
  uint64_t policy_revisions = 0;
  // Tables in a transient state, by name (empty unless EngineOptions::transient_status_ms > 0).
  std::map<std::string, TransientStatus, std::less<>> transient;

  int64_t NowMs() const;
  // The table the data plane may use: nullptr if there is none, or if it is CREATING or DELETING
  // (DynamoDB: "The resource might not be specified correctly, or its status might not be
  // ACTIVE", API_PutItem's ResourceNotFoundException).
  storage::Table* FindTable(std::string_view name);
  // Any table of that name, whatever its status (the control plane: DescribeTable, DeleteTable,
  // UpdateTable, CreateTable's existence check).
  storage::Table* FindAnyTable(std::string_view name);
  // The transient state of a table, or nullptr when it is ACTIVE.
  const TransientStatus* TransientOf(std::string_view name) const;
  // "ACTIVE", "CREATING", "UPDATING" or "DELETING".
  const char* TableStatusOf(std::string_view name) const;
  // Puts a table into a transient state for EngineOptions::transient_status_ms from now (a no-op
  // when that is 0). `creating_indexes` are added to those of a table already UPDATING.
  void BeginTransient(const std::string& name, TransientStatus::Kind kind,
                      std::vector<std::string> creating_indexes = {});
  // Ends every transient state whose time is up: CREATING and UPDATING tables become ACTIVE,
  // DELETING ones are removed. Returns true if anything changed. Run before every request.
  bool SettleTransient();
};

// One request in flight.
struct Context {
  Context(EngineState& s, const json& r, Effects& e) : state(s), request(r), effects(e) {}
  EngineState& state;
  const json& request;
  Effects& effects;
  // The response members. Null until a handler sets one (operator[] makes it an object): an
  // empty object allocates, and GetItem, Query and Scan write their bodies as text instead. A
  // response left null is the body {}.
  json response;
  // Extra members of the error body (CancellationReasons, Item) when the handler fails.
  json error_extra;  // null until a handler adds a member (operator[] makes it an object)
  capacity::Meter meter;
  bool changed = false;  // set by handlers that changed data or schema (bumps Engine::version)

  // Parts of the response rendered straight as JSON text (the items of read paths, written by
  // wire::AppendItemJson instead of built as trees): Raw(text) returns the value to put in
  // `response`, and the body splices the text in (wire::AppendDump). When `raw_allowed` is false
  // (a handler run on behalf of another, e.g. PartiQL, whose caller reads `response` as a tree),
  // Raw parses the text into a tree instead. REQUIRES: text is one valid JSON value.
  std::vector<std::string> raw_texts;
  bool raw_allowed = false;
  json Raw(std::string text);
  // The response body, once, at the end of the request: response.dump() with the raw texts
  // spliced in; or, when a handler wrote the whole body as text itself (only when raw_allowed),
  // that text, moved out rather than copied (a Scan page is tens of KB).
  std::string TakeBody();
  std::optional<std::string> body_text;
  // False for a request run without effects (ExecuteOptions::effects): handlers then record the
  // units alone (the response's ConsumedCapacity needs them) and build none of the effects' text:
  // no touched items, arithmetic, lints or stream record lines.
  bool record_effects = true;
  bool records_effects() const { return record_effects; }
  // False when EngineOptions::record_item_effects is off or the request records no effects: read
  // paths then skip the per-item Effects::items entries (and the key copies they need).
  bool records_items() const { return record_effects && state.options.record_item_effects; }
};

using Handler = Status (*)(Context& ctx);

// Handlers, one per DynamoDB operation (ops/: table_ops.cc, item_ops.cc, query_scan.cc,
// batch_ops.cc, transact_ops.cc).
Status CreateTable(Context& ctx);
Status DeleteTable(Context& ctx);
Status DescribeTable(Context& ctx);
Status UpdateTable(Context& ctx);
Status ListTables(Context& ctx);
// PartiQL (ops/partiql_executor.cc).
Status ExecuteStatement(Context& ctx);
Status BatchExecuteStatement(Context& ctx);
Status ExecuteTransaction(Context& ctx);
Status PutItem(Context& ctx);
Status GetItem(Context& ctx);
Status UpdateItem(Context& ctx);
Status DeleteItem(Context& ctx);
Status Query(Context& ctx);
Status Scan(Context& ctx);
Status BatchGetItem(Context& ctx);
Status BatchWriteItem(Context& ctx);
Status TransactGetItems(Context& ctx);
Status TransactWriteItems(Context& ctx);
Status UpdateTimeToLive(Context& ctx);
Status DescribeTimeToLive(Context& ctx);
Status TagResource(Context& ctx);
Status UntagResource(Context& ctx);
Status ListTagsOfResource(Context& ctx);
// The control-plane operations tools call beside the table operations (control_plane.cc).
Status DescribeContinuousBackups(Context& ctx);
Status UpdateContinuousBackups(Context& ctx);
Status DescribeLimits(Context& ctx);
Status DescribeEndpoints(Context& ctx);
Status CreateBackup(Context& ctx);
Status DescribeBackup(Context& ctx);
Status DeleteBackup(Context& ctx);
Status ListBackups(Context& ctx);
Status RestoreTableFromBackup(Context& ctx);
Status DescribeContributorInsights(Context& ctx);
Status UpdateContributorInsights(Context& ctx);
Status ListContributorInsights(Context& ctx);
Status DescribeKinesisStreamingDestination(Context& ctx);
Status GetResourcePolicy(Context& ctx);
Status PutResourcePolicy(Context& ctx);
Status DeleteResourcePolicy(Context& ctx);
Status ListImports(Context& ctx);
Status ListExports(Context& ctx);

// The TableDescription of DescribeTable, CreateTable and DeleteTable, with `status` as its
// TableStatus (table_ops.cc).
json TableDescription(const storage::Table& table, const char* status);
// The same with the table's transient state (IndexStatus CREATING and Backfilling of the GSIs being
// added; `transient` may be nullptr: all ACTIVE).
json TableDescription(const storage::Table& table, const char* status,
                      const TransientStatus* transient);
// DeleteTable's short TableDescription: TableName, TableStatus, TableId, TableArn,
// ProvisionedThroughput, TableSizeBytes, ItemCount and BillingModeSummary (on-demand tables), the
// members TableDescription starts with. DynamoDB rule: no KeySchema, AttributeDefinitions,
// CreationDateTime or index lists (scylladb/scylladb#14132 and its test_delete_table_description*,
// run against DynamoDB; the API reference's DeleteTable example; dynalite#60's capture).
json ShortTableDescription(const storage::Table& table, const char* status);
// A UUID-shaped TableId, deterministic for a given engine history (table_ops.cc).
std::string TableIdFor(const std::string& name, uint64_t counter, int64_t now_ms);

// GetItem in two halves, so the general reader and the fast reader (fast_requests.h) share
// everything after reading: ReadGetItem reads and checks a request's members in DynamoDB's order
// (types, constraints, legacy members, expression parameters, the projection) and touches no
// table; RunGetItem does the rest (table, key, billing, effects, response).
struct GetItemRequest {
  std::string table_name;
  Item key;
  bool consistent = false;
  std::optional<std::string> capacity_detail;  // ReturnConsumedCapacity as sent
  std::optional<std::string> projection_text;  // ProjectionExpression as sent
  expr::Projection projection;                 // parsed, when projection_text is set
};
Status ReadGetItem(const json& request, GetItemRequest* out);
// RunGetItem moves request.key into the effects (the key of the item returned or missing).
Status RunGetItem(Context& ctx, GetItemRequest& request);

// Deletes every item whose TimeToLive attribute (a Number, epoch seconds) is before now, as
// DynamoDB's background TTL process does: no capacity billed, effects record each deletion as
// done by the service (ttl_tags.cc).
Status SweepExpired(Context& ctx);

// ---------------------------------------------------------------------------------------------
// Reading request members. Wrong JSON types are SerializationException with DynamoDB's texts
// ("NUMBER_VALUE cannot be converted to String", "Start of structure or map found where not
// expected", ...). Absent or null members leave *out empty and are OK.

Status ReadString(const json& obj, const char* member, std::optional<std::string>* out);
Status ReadBool(const json& obj, const char* member, std::optional<bool>* out);
Status ReadInteger(const json& obj, const char* member, std::optional<int64_t>* out);
// An attribute map (Item, Key, ExclusiveStartKey, ExpressionAttributeValues...).
Status ReadItem(const json& obj, const char* member, std::optional<Item>* out);
// ExpressionAttributeNames: a map of strings.
Status ReadNames(const json& obj, const char* member, std::optional<expr::AttributeNames>* out);
// A JSON array / object member ("Unexpected field type" / "Start of structure..." otherwise).
Status ReadArray(const json& obj, const char* member, const json** out);
Status ReadObject(const json& obj, const char* member, const json** out);

// DynamoDB rule: table and index names match [a-zA-Z0-9_.-]+ and are 3 to 255 characters.
// (Constraints::TableName words each violation; the fast readers only ask whether there is one.)
bool IsValidTableName(std::string_view name);

// Collects constraint violations into DynamoDB's "N validation error(s) detected: ..." message.
class Constraints {
 public:
  // Value '<value>' at '<path>' failed to satisfy constraint: <message>. `value` null: "null".
  void Add(const std::string* value, std::string_view path, std::string_view message);
  // A constraint message in DynamoDB's words when it does not follow Add's shape. `alone`: the
  // request's cohort reports this violation by itself (messages::Violation), dropping the others.
  void AddMessage(std::string message, bool alone = false);
  void TableName(const std::optional<std::string>& name, std::string_view path, bool required);
  // ReturnValues of PutItem, DeleteItem or UpdateItem (`update`) against `allowed`, worded in the
  // request's cohort (messages::ReturnValuesOutsideEnum).
  void ReturnValues(const std::optional<std::string>& value,
                    const std::vector<std::string_view>& allowed, bool update);
  void Enum(const std::optional<std::string>& value, std::string_view path,
            const std::vector<std::string_view>& allowed);
  void Min(const std::optional<int64_t>& value, std::string_view path, int64_t min);
  void Max(const std::optional<int64_t>& value, std::string_view path, int64_t max);
  bool empty() const { return errors_.empty(); }
  Status ToStatus() const;

 private:
  std::vector<std::string> errors_;
  std::optional<std::string> alone_;  // the first violation reported by itself
};

// ReturnConsumedCapacity as parsed (validated by Constraints::Enum first).
enum class CapacityDetail : uint8_t { kNone, kTotal, kIndexes };
CapacityDetail ParseCapacityDetail(const std::optional<std::string>& value);
extern const std::vector<std::string_view> kReturnConsumedCapacityValues;

// Renders one table's ConsumedCapacity ({"TableName","CapacityUnits", "Table", indexes...}).
// `read_write_members` adds ReadCapacityUnits / WriteCapacityUnits (transactions).
json CapacityJson(const capacity::Meter::TableTotals& totals, CapacityDetail detail,
                  bool read_write_members);
// Appends CapacityJson(totals, detail, read_write_members).dump() without building the tree.
void AppendCapacityJson(const capacity::Meter::TableTotals& totals, CapacityDetail detail,
                        bool read_write_members, std::string* out);
// Sets response["ConsumedCapacity"]: one object (single table ops) or an array per table.
void AddConsumedCapacity(Context& ctx, CapacityDetail detail, bool as_array,
                         bool read_write_members = false);

// ---------------------------------------------------------------------------------------------
// Keys and items against a table's schema.

// DynamoDB's key checks for a Key parameter (GetItem, DeleteItem, UpdateItem, BatchGetItem,
// transactions): exactly the key attributes, with the schema's types, non-empty, within size
// limits. Errors: "The provided key element does not match the schema", and the empty-value and
// key-size messages.
Status ValidateKey(const storage::TableSchema& schema, const Item& key);
// The same, handing over the key's values when it is valid: *hash, and *range (null for a
// hash-only table), pointing into `key` (Table::Find takes them).
Status ValidateKey(const storage::TableSchema& schema, const Item& key, const Value** hash,
                   const Value** range);
// DynamoDB's checks for a full item written to a table (PutItem, and an UpdateItem's result):
// key attributes present with the right types, non-empty, within size limits; index key
// attributes, when present, with the right types and non-empty.
Status ValidateItemKeys(const storage::TableSchema& schema, const Item& item);
// The key attributes of an item.
Item KeyOf(const storage::TableSchema& schema, const Item& item);
// A key schema as the public API describes it (every attribute, in key schema order).
KeySchemaInfo KeySchemaInfoOf(const storage::KeySchema& keys);
// Empty AttributeValue checks DynamoDB makes on every request value are in value_reader.cc; this adds
// the item-size limit: "Item size has exceeded the maximum allowed size".
Status CheckItemSize(const Item& item);

// The expression parameters of a request, parsed once.
struct ExpressionParams {
  const expr::AttributeNames* names = nullptr;
  const expr::AttributeValues* values = nullptr;
  std::optional<expr::AttributeNames> names_storage;
  std::optional<expr::AttributeValues> values_storage;
  expr::Usage usage;
};
// Reads ExpressionAttributeNames / ExpressionAttributeValues of `obj` (types only).
Status ReadExpressionParams(const json& obj, ExpressionParams* out);
// DynamoDB's checks on the maps themselves, run after constraints: names/values only with an
// expression that can use them, not empty, keys well formed. `expressions` lists the request's
// expression parameters in DynamoDB's order with whether each is present, e.g.
// {{"UpdateExpression", true}, {"ConditionExpression", false}}; "ProjectionExpression" can use
// names but not values.
Status CheckExpressionParams(const ExpressionParams& params,
                             const std::vector<std::pair<std::string_view, bool>>& expressions);

// Query and Scan in two halves, like GetItem, so the general reader and the fast reader
// (fast_requests.h) share everything after reading: ReadMembersOf reads the members' JSON types
// in DynamoDB's order and nothing else; RunQuery / RunScan do the rest (constraints, legacy
// members, expression parameters, the table, the page, the response). `params` points into the
// struct itself: fill it in place, never copy or move a filled ReadMembers.
struct ReadMembers {
  std::optional<std::string> table_name, index_name, filter_text, projection_text, select, capacity,
      key_condition_text;
  std::optional<int64_t> limit, segment, total_segments;
  std::optional<bool> consistent, forward;
  std::optional<Item> start_key;
  ExpressionParams params;
};
Status ReadMembersOf(const json& req, bool query, ReadMembers* m);
Status RunQuery(Context& ctx, ReadMembers& m);
Status RunScan(Context& ctx, ReadMembers& m);

// The members every single-item write shares (PutItem, UpdateItem, DeleteItem; item_ops.cc).
struct WriteRequestMembers {
  std::optional<std::string> table_name, condition, return_values, capacity, metrics,
      on_condition_failure;
  ExpressionParams params;
  expr::Condition parsed_condition;
};
// UpdateItem and DeleteItem in two halves, like GetItem: the general reader reads the members'
// JSON types (ReadWriteMembers, then Key, then UpdateExpression), the fast reader
// (fast_requests.h) the plain shape from the text; RunUpdateItem / RunDeleteItem do the rest.
// `m.params` points into the struct: fill it in place, never copy or move a filled one.
struct KeyWriteRequest {
  WriteRequestMembers m;
  std::optional<Item> key;
  std::optional<std::string> update_text;  // UpdateItem only
};
// The general reader: the shared members, then Key, then (update) UpdateExpression.
Status ReadKeyWrite(const json& request, bool update, KeyWriteRequest* out);
Status RunUpdateItem(Context& ctx, KeyWriteRequest& request);
Status RunDeleteItem(Context& ctx, KeyWriteRequest& request);
// PutItem in the same two halves: the general reader reads the shared members, then Item; the
// fast reader (fast_requests.h) the plain shape from the text; RunPutItem does the rest. As with
// KeyWriteRequest, `m.params` points into the struct.
struct PutItemRequest {
  WriteRequestMembers m;
  std::optional<Item> item;
};
Status ReadPutItem(const json& request, PutItemRequest* out);
Status RunPutItem(Context& ctx, PutItemRequest& request);

// Rewrites the legacy (pre-expression) parameters of a request for `operation` (AttributesToGet,
// Expected, ConditionalOperator, AttributeUpdates, KeyConditions, QueryFilter, ScanFilter) into
// the equivalent expression parameters, in place (legacy.cc). Errors: mixing both kinds, and the
// legacy parameters' own validation errors. Requests without legacy parameters are untouched.
Status TranslateLegacy(std::string_view operation, json* request);

// Legacy (pre-expression) parameters are not supported: the first one present is rejected with a
// ValidationException naming its expression replacement. `list`: {legacy member, replacement}.
Status RejectLegacy(const json& req,
                    std::initializer_list<std::pair<const char*, const char*>> list);

// ItemCollectionMetrics for the item collection of `item` (any item or key with the table's
// partition key): {"ItemCollectionKey": {pk}, "SizeEstimateRangeGB": [lower, upper]}, or null when
// the table has no LSI (DynamoDB returns metrics only for tables with local secondary indexes).
json ItemCollectionMetricsJson(const storage::Table& table, const Item& item);
// BatchWriteItem's and TransactWriteItems's ItemCollectionMetrics: adds the metrics of `item`'s
// collection to (*by_table)[table_name], once per collection (ItemCollectionKey); nothing for a
// table without LSIs. Call after the writes, so the sizes include them.
void AddItemCollectionMetrics(json* by_table, const std::string& table_name,
                              const storage::Table& table, const Item& item);

// Effects helpers.
void AddTouched(Context& ctx, const std::string& table, const std::string& index, Item key,
                size_t size, ItemAction action, std::string reason = {});
// "item 4,200 bytes is just over 4 KB: ..." lints for an item size.
void LintItemSize(Context& ctx, uint64_t size, bool read);

}  // namespace monotable::api
