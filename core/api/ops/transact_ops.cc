// transact_ops: TransactGetItems and TransactWriteItems.
//
// DynamoDB rules implemented here (dynamodb-rules.md §1.3, §1.5-1.6, §2.3):
// - 1 to 100 actions, no two on the same item ("Transaction request cannot include multiple
//   operations on one item");
// - reads cost 2 x ceil(size / 4 KB) per item; writes 2 x ceil(size / 1 KB) on the base table
//   per item (index writes are not doubled); ConditionCheck is billed like a write of the item it
//   checked (undocumented: an estimate);
// - all or nothing: every action is prepared against the current state; if any condition fails
//   (all are evaluated, no short-circuit) the transaction is cancelled with
//   TransactionCanceledException whose CancellationReasons has one entry per action in request
//   order (Code None without Message; ConditionalCheckFailed with "The conditional request failed"
//   and Item when ReturnValuesOnConditionCheckFailure=ALL_OLD; ValidationError for an update
//   that cannot apply), and nothing is written;
// - the aggregate size of the items in one TransactWriteItems is at most 4 MB;
// - ClientRequestToken makes the call idempotent for 10 minutes after it committed: the same
//   token with the same request changes nothing again and "return[s] the number of read capacity
//   units consumed in reading the item" (API TransactWriteItems; here a transactional read of
//   each item, an estimate); the same token with other parameters is
//   IdempotentParameterMismatchException. ReturnConsumedCapacity / ReturnItemCollectionMetrics
//   may differ between the calls.
// - a TransactGetItems action whose key does not match its table's schema cancels the whole
//   transaction: the first such action's reason is ValidationError, the others None
//   (dynamodb-rules.md §2.3; Parity Suite).
#include <functional>
#include <set>

#include "api/ops/write_path.h"
#include "api/wire/wire.h"

namespace monotable::api {
namespace {

Status TransactItemsMember(const json& req, const json** items) {
  MT_RETURN_IF_ERROR(ReadArray(req, "TransactItems", items));
  Constraints c;
  if (!*items) {
    c.Add(nullptr, "transactItems", "Member must not be null");
  } else if ((*items)->empty()) {
    std::string v = "[]";
    c.Add(&v, "transactItems", "Member must have length greater than or equal to 1");
  } else if ((*items)->size() > limits::kMaxTransactItems) {
    std::string v = "[...]";
    c.Add(&v, "transactItems", "Member must have length less than or equal to 100");
  }
  return c.ToStatus();
}

std::string ItemIdentity(const std::string& table_name, const storage::Table& table,
                         const Item& item) {
  return table_name + '\0' + table.BasePartition(item).key + '\0' + table.BaseSort(item);
}

constexpr std::string_view kKeySchemaMismatch =
    "The provided key element does not match the schema";

// Cancels a transaction of `count` actions because action `at`'s key is refused with `message`:
// that action's reason is ValidationError with the message, every other one None.
Status CancelForKey(Context& ctx, size_t count, size_t at, const std::string& message) {
  json reasons = json::array();
  std::string codes;
  for (size_t j = 0; j < count; ++j) {
    json reason = {{"Code", j == at ? "ValidationError" : "None"}};
    if (j == at) reason["Message"] = message;
    codes += (j ? ", " : "") + reason["Code"].get<std::string>();
    reasons.push_back(std::move(reason));
  }
  ctx.error_extra["CancellationReasons"] = std::move(reasons);
  return Status(ErrorCode::kTransactionCanceled,
                "Transaction cancelled, please refer cancellation reasons for specific reasons [" +
                    codes + "]");
}

}  // namespace

Status TransactGetItems(Context& ctx) {
  const json& req = ctx.request;
  std::optional<std::string> capacity_detail;
  Status s = ReadString(req, "ReturnConsumedCapacity", &capacity_detail);
  if (!s.ok()) return s;
  const json* items = nullptr;
  MT_RETURN_IF_ERROR(TransactItemsMember(req, &items));
  Constraints c;
  c.Enum(capacity_detail, "returnConsumedCapacity", kReturnConsumedCapacityValues);
  MT_RETURN_IF_ERROR(c.ToStatus());

  struct Get {
    std::string table_name;
    const storage::Table* table = nullptr;
    Item key;
    std::optional<std::string> projection_text;
    expr::Projection projection;
  };
  std::vector<Get> gets;
  for (const json& action : *items) {
    if (!action.is_object()) return Status::Serialization("Unexpected value type in payload");
    const json* get = nullptr;
    MT_RETURN_IF_ERROR(ReadObject(action, "Get", &get));
    if (!get) {
      Constraints nc;
      nc.Add(nullptr, "transactItems.1.member.get", "Member must not be null");
      return nc.ToStatus();
    }
    Get g;
    std::optional<std::string> name;
    std::optional<Item> key;
    MT_RETURN_IF_ERROR(ReadString(*get, "TableName", &name));
    MT_RETURN_IF_ERROR(ReadItem(*get, "Key", &key));
    MT_RETURN_IF_ERROR(ReadString(*get, "ProjectionExpression", &g.projection_text));
    ExpressionParams params;
    MT_RETURN_IF_ERROR(ReadExpressionParams(*get, &params));
    Constraints gc;
    gc.TableName(name, "transactItems.1.member.get.tableName", true);
    if (!key) gc.Add(nullptr, "transactItems.1.member.get.key", "Member must not be null");
    MT_RETURN_IF_ERROR(gc.ToStatus());
    MT_RETURN_IF_ERROR(
        CheckExpressionParams(params, {{"ProjectionExpression", g.projection_text.has_value()}}));
    if (g.projection_text) {
      s = expr::ParseProjection(*g.projection_text, params.names, &params.usage, &g.projection);
      if (!s.ok()) return s;
    }
    MT_RETURN_IF_ERROR(expr::CheckAllUsed(params.names, params.values, params.usage));
    g.table_name = *name;
    g.key = std::move(*key);
    gets.push_back(std::move(g));
  }
  std::set<std::string> seen;
  for (size_t i = 0; i < gets.size(); ++i) {
    Get& g = gets[i];
    g.table = ctx.state.FindTable(g.table_name);
    if (!g.table) return Status::ResourceNotFound();
    if (!(s = ValidateKey(g.table->schema(), g.key)).ok()) {
      return CancelForKey(ctx, gets.size(), i, s.message());
    }
    if (!seen.insert(ItemIdentity(g.table_name, *g.table, g.key)).second) {
      return Status::Validation(
          "Transaction request cannot include multiple operations on one item");
    }
  }
  json responses = json::array();
  double blocks_total = 0;
  for (const Get& g : gets) {
    const storage::Entry* item = g.table->Find(g.key);
    const uint64_t size = item ? item->size : 0;  // a table entry's size is the item size
    const int64_t half = capacity::ReadHalfUnits(size, capacity::ReadMode::kTransactional);
    blocks_total += static_cast<double>(capacity::Blocks(size, capacity::kReadUnitBytes));
    ctx.meter.AddRead(
        g.table_name, "", false, half,
        item ? capacity::ReadArithmetic(1, size, capacity::ReadMode::kTransactional)
             : "item not found: transactional miss = " + capacity::FormatUnits(half) + " RRU");
    json r = json::object();
    if (item) {
      // Written as text and spliced into the body (no JSON tree per item).
      std::string text;
      if (g.projection_text) {
        wire::AppendItemJson(g.projection.Apply(item->item.Decode()), &text);
      } else {
        wire::AppendEncodedItemJson(item->item.reader(), &text);
      }
      r["Item"] = ctx.Raw(std::move(text));
      if (ctx.records_items())
        AddTouched(ctx, g.table_name, "", g.key, size, ItemAction::kReturned);
    } else if (ctx.records_items()) {
      AddTouched(ctx, g.table_name, "", g.key, 0, ItemAction::kMissing,
                 "no item with this key: the read is still billed");
    }
    responses.push_back(std::move(r));
  }
  ctx.effects.read_modes = {true, blocks_total * 0.5, blocks_total, blocks_total * 2};
  ctx.response["Responses"] = std::move(responses);
  AddConsumedCapacity(ctx, ParseCapacityDetail(capacity_detail), true, true);
  return Status::Ok();
}

Status TransactWriteItems(Context& ctx) {
  const json& req = ctx.request;
  std::optional<std::string> capacity_detail, metrics, token;
  Status s = ReadString(req, "ReturnConsumedCapacity", &capacity_detail);
  if (!s.ok()) return s;
  MT_RETURN_IF_ERROR(ReadString(req, "ReturnItemCollectionMetrics", &metrics));
  MT_RETURN_IF_ERROR(ReadString(req, "ClientRequestToken", &token));
  const json* items = nullptr;
  MT_RETURN_IF_ERROR(TransactItemsMember(req, &items));
  Constraints c;
  c.Enum(capacity_detail, "returnConsumedCapacity", kReturnConsumedCapacityValues);
  c.Enum(metrics, "returnItemCollectionMetrics", {"SIZE", "NONE"});
  if (token && token->empty()) {
    c.Add(&*token, "clientRequestToken", "Member must have length greater than or equal to 1");
  }
  if (token && token->size() > 36) {
    c.Add(&*token, "clientRequestToken", "Member must have length less than or equal to 36");
  }
  MT_RETURN_IF_ERROR(c.ToStatus());

  struct Action {
    std::string table_name;
    WriteSpec spec;
    bool return_old_on_failure = false;
  };
  std::vector<Action> actions;
  uint64_t total_item_bytes = 0;
  for (size_t i = 0; i < items->size(); ++i) {
    const json& action = (*items)[i];
    if (!action.is_object()) return Status::Serialization("Unexpected value type in payload");
    static const char* kKinds[] = {"ConditionCheck", "Put", "Delete", "Update"};
    const json* body = nullptr;
    int kind = -1;
    for (int k = 0; k < 4; ++k) {
      const json* b = nullptr;
      MT_RETURN_IF_ERROR(ReadObject(action, kKinds[k], &b));
      if (b) {
        if (body) {
          return Status::Validation(
              "TransactItems can only contain one of Check, Put, Update or Delete");
        }
        body = b;
        kind = k;
      }
    }
    if (!body) {
      return Status::Validation(
          "TransactItems can only contain one of Check, Put, Update or Delete");
    }
    Action a;
    const std::string path = "transactItems." + std::to_string(i + 1) + ".member." +
                             (kind == 0   ? "conditionCheck"
                              : kind == 1 ? "put"
                              : kind == 2 ? "delete"
                                          : "update");
    std::optional<std::string> name, condition, update_text, on_failure;
    std::optional<Item> item;
    MT_RETURN_IF_ERROR(ReadString(*body, "TableName", &name));
    MT_RETURN_IF_ERROR(ReadItem(*body, kind == 1 ? "Item" : "Key", &item));
    MT_RETURN_IF_ERROR(ReadString(*body, "ConditionExpression", &condition));
    if (kind == 3 && !(s = ReadString(*body, "UpdateExpression", &update_text)).ok()) return s;
    MT_RETURN_IF_ERROR(ReadString(*body, "ReturnValuesOnConditionCheckFailure", &on_failure));
    ExpressionParams params;
    MT_RETURN_IF_ERROR(ReadExpressionParams(*body, &params));
    Constraints ac;
    ac.TableName(name, path + ".tableName", true);
    if (!item) ac.Add(nullptr, path + (kind == 1 ? ".item" : ".key"), "Member must not be null");
    if (kind == 0 && !condition) {
      ac.Add(nullptr, path + ".conditionExpression", "Member must not be null");
    }
    if (kind == 3 && !update_text) {
      ac.Add(nullptr, path + ".updateExpression", "Member must not be null");
    }
    ac.Enum(on_failure, path + ".returnValuesOnConditionCheckFailure", {"ALL_OLD", "NONE"});
    MT_RETURN_IF_ERROR(ac.ToStatus());
    if (kind == 1 && !(s = CheckItemSize(*item)).ok()) return s;
    std::vector<std::pair<std::string_view, bool>> exprs;
    if (kind == 3) exprs.push_back({"UpdateExpression", update_text.has_value()});
    exprs.push_back({"ConditionExpression", condition.has_value()});
    MT_RETURN_IF_ERROR(CheckExpressionParams(params, exprs));
    if (update_text) {
      s = expr::ParseUpdate(*update_text, params.names, params.values, &params.usage,
                            &a.spec.update);
      if (!s.ok()) return s;
    }
    if (condition) {
      s = expr::ParseCondition(expr::Kind::kCondition, *condition, params.names, params.values,
                               &params.usage, &a.spec.condition);
      if (!s.ok()) return s;
    }
    MT_RETURN_IF_ERROR(expr::CheckAllUsed(params.names, params.values, params.usage));
    a.table_name = *name;
    a.spec.kind = kind == 0   ? WriteKind::kConditionCheck
                  : kind == 1 ? WriteKind::kPut
                  : kind == 2 ? WriteKind::kDelete
                              : WriteKind::kUpdate;
    a.spec.item = std::move(*item);
    a.return_old_on_failure = on_failure && *on_failure == "ALL_OLD";
    if (kind == 1) total_item_bytes += ItemSize(a.spec.item);
    actions.push_back(std::move(a));
  }
  // DynamoDB rule: the items of one transaction total at most 4 MB.
  if (total_item_bytes > limits::kMaxTransactBytes) {
    return Status::Validation(
        "Transaction request size has exceeded the maximum allowed size of 4 MB");
  }
  std::set<std::string> seen;
  for (Action& a : actions) {
    a.spec.table = ctx.state.FindTable(a.table_name);
    if (!a.spec.table) return Status::ResourceNotFound();
    const storage::TableSchema& schema = a.spec.table->schema();
    s = a.spec.kind == WriteKind::kPut ? ValidateItemKeys(schema, a.spec.item)
                                       : ValidateKey(schema, a.spec.item);
    // An Update, Delete or ConditionCheck whose Key does not match the schema (another type, a
    // list) cancels the transaction with a ValidationError reason; an empty key value refuses
    // the request (us-east-1, capture of 2026-09-29, probes twi_*_key_*; tests/oracle).
    if (!s.ok() && a.spec.kind != WriteKind::kPut && s.message() == kKeySchemaMismatch) {
      return CancelForKey(ctx, actions.size(), static_cast<size_t>(&a - actions.data()),
                          s.message());
    }
    if (!s.ok()) return s;
    for (const expr::Path& path : a.spec.update.TargetPaths()) {
      if (schema.keys.Contains(path.TopLevelName())) {
        return Status::Validation(
            "One or more parameter values were invalid: Cannot update "
            "attribute " +
            path.TopLevelName() + ". This attribute is part of the key");
      }
    }
    if (!seen.insert(ItemIdentity(a.table_name, *a.spec.table, a.spec.item)).second) {
      return Status::Validation(
          "Transaction request cannot include multiple operations on one item");
    }
  }

  // Idempotency: a token that committed in the last 10 minutes replays instead of writing.
  uint64_t request_hash = 0;
  if (token) {
    const int64_t now = ctx.state.NowMs();
    constexpr int64_t kTokenWindowMs = 10 * 60 * 1000;
    std::erase_if(ctx.state.transact_tokens,
                  [&](const auto& t) { return now - t.second.time_ms > kTokenWindowMs; });
    json payload = req;
    payload.erase("ReturnConsumedCapacity");
    payload.erase("ReturnItemCollectionMetrics");
    request_hash = std::hash<std::string>{}(payload.dump());
    auto it = ctx.state.transact_tokens.find(*token);
    if (it != ctx.state.transact_tokens.end()) {
      if (it->second.request_hash != request_hash) {
        return Status(ErrorCode::kIdempotentParameterMismatch,
                      "Request has a different payload from the one with the same client "
                      "request token");
      }
      for (const Action& a : actions) {
        storage::ItemPtr item = a.spec.table->Get(a.spec.item);
        const uint64_t size = item ? ItemSize(*item) : 0;
        const capacity::ReadMode mode = capacity::ReadMode::kTransactional;
        ctx.meter.AddRead(a.table_name, "", false, capacity::ReadHalfUnits(size, mode),
                          "idempotent replay (same ClientRequestToken): nothing written, the "
                          "item is read instead (estimate) " +
                              capacity::ReadArithmetic(1, size, mode));
        AddTouched(ctx, a.table_name, "", KeyOf(a.spec.table->schema(), a.spec.item), size,
                   ItemAction::kRead,
                   "replay of a committed transaction (same ClientRequestToken): not written "
                   "again");
      }
      AddConsumedCapacity(ctx, ParseCapacityDetail(capacity_detail), true, true);
      return Status::Ok();
    }
  }

  // Prepare every action; all conditions are evaluated (no short-circuit).
  std::vector<PreparedWrite> prepared(actions.size());
  json reasons = json::array();
  std::string codes;
  bool cancelled = false;
  for (size_t i = 0; i < actions.size(); ++i) {
    json reason = json::object();
    Status ps = PrepareWrite(actions[i].spec, &prepared[i]);
    if (!ps.ok()) {
      reason["Code"] = "ValidationError";
      reason["Message"] = ps.message();
      cancelled = true;
    } else if (prepared[i].condition_failed) {
      reason["Code"] = "ConditionalCheckFailed";
      reason["Message"] = "The conditional request failed";
      if (actions[i].return_old_on_failure && prepared[i].plan.old_item) {
        reason["Item"] = wire::ToJson(*prepared[i].plan.old_item);
      }
      cancelled = true;
    } else {
      reason["Code"] = "None";
    }
    codes += (i ? ", " : "") + reason["Code"].get<std::string>();
    reasons.push_back(std::move(reason));
  }
  if (cancelled) {
    // Nothing is written; the attempted writes are still billed (like failed conditional
    // writes), without index writes.
    for (size_t i = 0; i < actions.size(); ++i) {
      PreparedWrite billed = prepared[i];
      if (actions[i].spec.kind != WriteKind::kConditionCheck) billed.condition_failed = true;
      AccountWrite(ctx, actions[i].spec, billed, true);
    }
    ctx.error_extra["CancellationReasons"] = std::move(reasons);
    return Status(ErrorCode::kTransactionCanceled,
                  "Transaction cancelled, please refer cancellation reasons for specific reasons "
                  "[" +
                      codes + "]");
  }
  for (size_t i = 0; i < actions.size(); ++i) {
    CommitWrite(ctx, actions[i].spec, prepared[i]);
    AccountWrite(ctx, actions[i].spec, prepared[i], true);
  }
  if (token) ctx.state.transact_tokens[*token] = {ctx.state.NowMs(), request_hash};
  ctx.changed = true;
  if (metrics && *metrics == "SIZE") {
    json by_table = json::object();
    for (const Action& a : actions) {
      if (a.spec.kind == WriteKind::kConditionCheck) continue;  // reads only: no collection changes
      AddItemCollectionMetrics(&by_table, a.table_name, *a.spec.table, a.spec.item);
    }
    if (!by_table.empty()) ctx.response["ItemCollectionMetrics"] = std::move(by_table);
  }
  AddConsumedCapacity(ctx, ParseCapacityDetail(capacity_detail), true, true);
  return Status::Ok();
}

}  // namespace monotable::api
