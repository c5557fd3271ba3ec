// partiql_executor: ExecuteStatement, BatchExecuteStatement and ExecuteTransaction. A statement is
// parsed by core/partiql (the parser, core/partiql/partiql.cc) and translated into the engine's
// own operations (GetItem-like Query, Query, Scan, PutItem, UpdateItem, DeleteItem,
// TransactGetItems, TransactWriteItems), which run through the same handlers and write path as API
// calls, so validation, capacity, effects and stream records are those of the equivalent API
// request.
//
// DynamoDB rules implemented here (Developer Guide, "PartiQL - a SQL-compatible query language"):
// - SELECT with an equality on the partition key (top-level AND) reads like a Query (a sort key
//   condition narrows the key range), otherwise like a Scan; the rest of WHERE filters;
// - INSERT fails with DuplicateItemException "Duplicate primary key exists in table" when an item
//   with the key exists (INSERT is not an upsert);
// - UPDATE and DELETE need an equality on every key attribute in WHERE ("Where clause does not
//   contain a mandatory equality on all key attributes"); UPDATE of a missing item fails its
//   condition (ConditionalCheckFailedException); other WHERE terms are conditions;
// - `?` parameters are taken in order from Parameters, whose count must match;
// - BatchExecuteStatement answers each statement separately, errors as {Code, Message} with the
//   exception name minus "Exception"; ExecuteTransaction is all reads or all writes.
#include <algorithm>
#include <memory>

#include "api/api.h"
#include "api/wire/wire.h"
#include "partiql/partiql.h"

namespace monotable::api {
namespace {

using partiql::Expr;
using partiql::Path;
using partiql::Statement;

// Turns a statement's syntax into DynamoDB expression text with #n / :v placeholders.
class Translator {
 public:
  explicit Translator(const std::vector<Value>& params) : params_(params) {}

  Status ValueOf(const Expr& e, Value* out) {
    switch (e.kind) {
      case Expr::Kind::kValue:
        *out = e.value;
        return Status::Ok();
      case Expr::Kind::kParam:
        if (e.param < 0 || static_cast<size_t>(e.param) >= params_.size()) {
          return Status::Validation("Number of parameters in request and statement don't match.");
        }
        *out = params_[static_cast<size_t>(e.param)];
        return Status::Ok();
      case Expr::Kind::kList: {
        List l;
        for (const Expr& a : e.args) {
          Value v;
          MT_RETURN_IF_ERROR(ValueOf(a, &v));
          l.push_back(std::move(v));
        }
        *out = Value::L(std::move(l));
        return Status::Ok();
      }
      case Expr::Kind::kMap: {
        Map m;
        for (size_t i = 0; i < e.args.size(); ++i) {
          Value v;
          MT_RETURN_IF_ERROR(ValueOf(e.args[i], &v));
          m[e.keys[i]] = std::move(v);
        }
        *out = Value::M(std::move(m));
        return Status::Ok();
      }
      case Expr::Kind::kSet: {
        std::vector<Value> elems;
        for (const Expr& a : e.args) {
          Value v;
          MT_RETURN_IF_ERROR(ValueOf(a, &v));
          elems.push_back(std::move(v));
        }
        // A set holds strings, numbers or binaries only, all of one type.
        if (elems.empty()) return Status::Validation("Set must not be empty");
        const Type t = elems[0].type();
        for (const Value& v : elems) {
          if (v.type() != t || (t != Type::kS && t != Type::kN && t != Type::kB)) {
            return Status::Validation("Set elements must all be strings, numbers or binaries");
          }
        }
        if (t == Type::kN) {
          std::vector<Number> n;
          for (const Value& v : elems) n.push_back(v.n());
          *out = Value::NS(std::move(n));
        } else {
          std::vector<std::string> strs;
          for (const Value& v : elems) strs.push_back(v.s());
          *out = t == Type::kS ? Value::SS(std::move(strs)) : Value::BS(std::move(strs));
        }
        return Status::Ok();
      }
      default:
        return Status::Validation("Unsupported operand: a value was expected");
    }
  }

  std::string PathRef(const Path& path) {
    std::string out;
    for (const partiql::PathElement& e : path) {
      if (e.is_index) {
        out += "[" + std::to_string(e.index) + "]";
      } else {
        const std::string ref = "#n" + std::to_string(names_.size());
        names_[ref] = e.name;
        if (!out.empty()) out += ".";
        out += ref;
      }
    }
    return out;
  }

  std::string ValueRef(const Value& v) {
    const std::string ref = ":v" + std::to_string(values_.size());
    values_[ref] = wire::ToJson(v);
    return ref;
  }

  Status Render(const Expr& e, std::string* out) {
    std::vector<std::string> a(e.args.size());
    for (size_t i = 0; i < e.args.size(); ++i) {
      MT_RETURN_IF_ERROR(Render(e.args[i], &a[i]));
    }
    switch (e.kind) {
      case Expr::Kind::kPath:
        *out = PathRef(e.path);
        return Status::Ok();
      case Expr::Kind::kCompare:
        *out = "(" + a[0] + " " + e.op + " " + a[1] + ")";
        return Status::Ok();
      case Expr::Kind::kArith:
        *out = a[0] + " " + e.op + " " + a[1];
        return Status::Ok();
      case Expr::Kind::kAnd:
        *out = "(" + a[0] + " AND " + a[1] + ")";
        return Status::Ok();
      case Expr::Kind::kOr:
        *out = "(" + a[0] + " OR " + a[1] + ")";
        return Status::Ok();
      case Expr::Kind::kNot:
        *out = "(NOT " + a[0] + ")";
        return Status::Ok();
      case Expr::Kind::kBetween:
        *out = "(" + a[0] + " BETWEEN " + a[1] + " AND " + a[2] + ")";
        return Status::Ok();
      case Expr::Kind::kIn: {
        *out = "(" + a[0] + " IN (";
        for (size_t i = 1; i < a.size(); ++i) *out += (i > 1 ? ", " : "") + a[i];
        *out += "))";
        return Status::Ok();
      }
      case Expr::Kind::kIsMissing:
        *out = "attribute_not_exists(" + a[0] + ")";
        return Status::Ok();
      case Expr::Kind::kIsNotMissing:
        *out = "attribute_exists(" + a[0] + ")";
        return Status::Ok();
      case Expr::Kind::kIsNull:
        *out = "attribute_type(" + a[0] + ", " + ValueRef(Value::S("NULL")) + ")";
        return Status::Ok();
      case Expr::Kind::kIsNotNull:
        *out = "(attribute_exists(" + a[0] + ") AND NOT attribute_type(" + a[0] + ", " +
               ValueRef(Value::S("NULL")) + "))";
        return Status::Ok();
      case Expr::Kind::kCall: {
        *out = e.op + "(";
        for (size_t i = 0; i < a.size(); ++i) *out += (i ? ", " : "") + a[i];
        *out += ")";
        return Status::Ok();
      }
      default: {
        Value v;
        MT_RETURN_IF_ERROR(ValueOf(e, &v));
        *out = ValueRef(v);
        return Status::Ok();
      }
    }
  }

  // Sets the placeholders members of a request (only when used).
  void AddPlaceholders(json* req) const {
    if (!names_.empty()) (*req)["ExpressionAttributeNames"] = names_;
    if (!values_.empty()) (*req)["ExpressionAttributeValues"] = values_;
  }

 private:
  const std::vector<Value>& params_;
  json names_ = json::object();
  json values_ = json::object();
};

// The top-level AND terms of a condition.
void Conjuncts(const Expr& e, std::vector<const Expr*>* out) {
  if (e.kind == Expr::Kind::kAnd) {
    Conjuncts(e.args[0], out);
    Conjuncts(e.args[1], out);
  } else {
    out->push_back(&e);
  }
}

bool IsOperandValue(const Expr& e) {
  return e.kind == Expr::Kind::kValue || e.kind == Expr::Kind::kParam ||
         e.kind == Expr::Kind::kList || e.kind == Expr::Kind::kMap || e.kind == Expr::Kind::kSet;
}

// `name = value` (either way round) on a top-level attribute: the name and the value side.
bool KeyEquality(const Expr& e, std::string* name, const Expr** value) {
  if (e.kind != Expr::Kind::kCompare || e.op != "=") return false;
  for (int side = 0; side < 2; ++side) {
    const Expr& p = e.args[static_cast<size_t>(side)];
    const Expr& v = e.args[static_cast<size_t>(1 - side)];
    if (p.kind == Expr::Kind::kPath && p.path.size() == 1 && !p.path[0].is_index &&
        IsOperandValue(v)) {
      *name = p.path[0].name;
      *value = &v;
      return true;
    }
  }
  return false;
}

// A condition usable as a sort key condition of a Query on `name`.
bool SortKeyCondition(const Expr& e, const std::string& name) {
  auto is_key = [&](const Expr& p) {
    return p.kind == Expr::Kind::kPath && p.path.size() == 1 && !p.path[0].is_index &&
           p.path[0].name == name;
  };
  if (e.kind == Expr::Kind::kCompare && e.op != "<>") {
    return is_key(e.args[0]) && IsOperandValue(e.args[1]);
  }
  if (e.kind == Expr::Kind::kBetween) {
    return is_key(e.args[0]) && IsOperandValue(e.args[1]) && IsOperandValue(e.args[2]);
  }
  if (e.kind == Expr::Kind::kCall && e.op == "begins_with" && e.args.size() == 2) {
    return is_key(e.args[0]) && IsOperandValue(e.args[1]);
  }
  return false;
}

// Runs one engine handler on a request built here, sharing the caller's effects; its capacity is
// added to the caller's meter.
Status RunHandler(Context& ctx, Handler handler, const json& request, json* response,
                  json* error_extra) {
  Context sub(ctx.state, request, ctx.effects);
  sub.record_effects = ctx.record_effects;
  Status s = handler(sub);
  for (const capacity::Meter::TableTotals& t : sub.meter.tables()) {
    ctx.meter.Touch(t.table);
    auto add = [&](const capacity::Meter::Part& p) {
      if (p.read_half) ctx.meter.AddRead(t.table, p.index, p.local, p.read_half, p.arithmetic);
      if (p.write_half) ctx.meter.AddWrite(t.table, p.index, p.local, p.write_half, p.arithmetic);
    };
    add(t.table_part);
    for (const capacity::Meter::Part& p : t.indexes) add(p);
  }
  if (sub.changed) ctx.changed = true;
  if (response) *response = sub.response.is_null() ? json::object() : std::move(sub.response);
  if (error_extra) *error_extra = std::move(sub.error_extra);
  return s;
}

// Picks a path out of an item; named after its last map member ("a.b" -> "b"), as DynamoDB does.
void ProjectInto(const Item& item, const Path& path, Item* out) {
  const Value* v = nullptr;
  std::string name;
  for (size_t i = 0; i < path.size(); ++i) {
    const partiql::PathElement& e = path[i];
    if (i == 0) {
      auto it = item.find(e.name);
      if (it == item.end()) return;
      v = &it->second;
    } else if (e.is_index) {
      if (!v->is(Type::kL) || e.index < 0 || static_cast<size_t>(e.index) >= v->l().size()) return;
      v = &v->l()[static_cast<size_t>(e.index)];
      continue;
    } else {
      if (!v->is(Type::kM)) return;
      auto it = v->m().find(e.name);
      if (it == v->m().end()) return;
      v = &it->second;
    }
    name = e.name;
  }
  if (v) (*out)[name] = *v;
}

json ProjectItems(const Statement& st, const json& items) {
  if (st.select_all) return items;
  json out = json::array();
  for (const json& j : items) {
    Item item, projected;
    if (!wire::ParseItem(j, &item).ok()) continue;
    for (const Path& p : st.projection) ProjectInto(item, p, &projected);
    out.push_back(wire::ToJson(projected));
  }
  return out;
}

// One statement, parsed and bound to its table. `translator` holds the statement's placeholders.
struct Prepared {
  explicit Prepared(const std::vector<Value>& params) : translator(params) {}
  Statement statement;
  Translator translator;
  const storage::TableSchema* schema = nullptr;
  // For key-addressed statements: the key, and the other WHERE terms.
  Item key;
  std::vector<const Expr*> rest;
};

Status Prepare(Context& ctx, const std::string& text, size_t param_count, Prepared* out) {
  MT_RETURN_IF_ERROR(partiql::Parse(text, &out->statement));
  const Statement& st = out->statement;
  if (static_cast<size_t>(st.parameter_count) != param_count) {
    return Status::Validation("Number of parameters in request and statement don't match.");
  }
  storage::Table* table = ctx.state.FindTable(st.table);
  if (!table) return Status::ResourceNotFound();
  out->schema = &table->schema();
  if (!st.index.empty() && !out->schema->FindIndex(st.index)) {
    return Status::Validation("The table does not have the specified index: " + st.index);
  }
  return Status::Ok();
}

constexpr std::string_view kNoKeyEquality =
    "Where clause does not contain a mandatory equality on all key attributes";

// Finds equalities on every key attribute of the table; the other terms go to out->rest.
Status KeyFromWhere(Prepared* p) {
  const storage::KeySchema& keys = p->schema->keys;
  std::vector<const Expr*> terms;
  if (p->statement.where) Conjuncts(*p->statement.where, &terms);
  for (const Expr* term : terms) {
    std::string name;
    const Expr* value = nullptr;
    if (KeyEquality(*term, &name, &value) && keys.Contains(name) && !p->key.count(name)) {
      Value v;
      MT_RETURN_IF_ERROR(p->translator.ValueOf(*value, &v));
      p->key[name] = std::move(v);
    } else {
      p->rest.push_back(term);
    }
  }
  if (!p->key.count(keys.hash.name) || (keys.has_range() && !p->key.count(keys.range.name))) {
    return Status::Validation(std::string(kNoKeyEquality));
  }
  return Status::Ok();
}

// The rest of WHERE as one condition text ("" when none).
Status RestCondition(Prepared* p, std::string* out) {
  out->clear();
  for (const Expr* e : p->rest) {
    std::string part;
    MT_RETURN_IF_ERROR(p->translator.Render(*e, &part));
    *out += (out->empty() ? "" : " AND ") + part;
  }
  return Status::Ok();
}

// Options of one statement's execution.
struct RunOptions {
  std::optional<bool> consistent_read;
  std::optional<int64_t> limit;
  std::optional<std::string> next_token;
};

// SELECT: a Query when WHERE fixes the partition key, otherwise a Scan. Sets Items / NextToken.
Status RunSelect(Context& ctx, Prepared& p, const RunOptions& o, json* response) {
  const Statement& st = p.statement;
  const storage::KeySchema& keys =
      st.index.empty() ? p.schema->keys : p.schema->FindIndex(st.index)->keys;
  // DynamoDB rule: PartiQL does not read a GSI whose key has more than one HASH or RANGE attribute
  // (the Parity Suite's tests/tier3/error-messages/partiqlMultiAttributeIndex.test.ts, verified on
  // AWS; in a batch only that statement fails). Single-attribute indexes and the table are read.
  if (keys.multi()) {
    return Status::Validation(
        "PartiQL statements cannot be executed on tables with multi-attribute HASH keys or "
        "multi-attribute RANGE keys.");
  }
  std::vector<const Expr*> terms;
  if (st.where) Conjuncts(*st.where, &terms);
  const Expr* hash = nullptr;
  const Expr* range = nullptr;
  std::vector<const Expr*> filter;
  for (const Expr* term : terms) {
    std::string name;
    const Expr* value = nullptr;
    if (!hash && KeyEquality(*term, &name, &value) && name == keys.hash.name) {
      hash = term;
    } else if (!range && keys.has_range() && SortKeyCondition(*term, keys.range.name)) {
      range = term;
    } else {
      filter.push_back(term);
    }
  }
  json req = json::object();
  req["TableName"] = st.table;
  if (!st.index.empty()) req["IndexName"] = st.index;
  if (o.consistent_read) req["ConsistentRead"] = *o.consistent_read;
  if (o.limit) req["Limit"] = *o.limit;
  if (o.next_token) {
    std::string decoded;
    json start;
    if (wire::Base64Decode(*o.next_token, &decoded)) start = json::parse(decoded, nullptr, false);
    if (!start.is_object()) return Status::Validation("Invalid NextToken");
    req["ExclusiveStartKey"] = start;
  }
  if (!hash) {
    filter.clear();
    if (range) filter.push_back(range);
    for (const Expr* term : terms) {
      if (term != range) filter.push_back(term);
    }
  }
  std::string filter_text;
  for (const Expr* e : filter) {
    std::string part;
    MT_RETURN_IF_ERROR(p.translator.Render(*e, &part));
    filter_text += (filter_text.empty() ? "" : " AND ") + part;
  }
  Handler handler = Scan;
  if (hash) {
    std::string key_text;
    MT_RETURN_IF_ERROR(p.translator.Render(*hash, &key_text));
    if (range) {
      std::string part;
      MT_RETURN_IF_ERROR(p.translator.Render(*range, &part));
      key_text += " AND " + part;
    }
    req["KeyConditionExpression"] = key_text;
    handler = Query;
  }
  if (!filter_text.empty()) req["FilterExpression"] = filter_text;
  p.translator.AddPlaceholders(&req);
  // The columns of a SELECT on an index go to the read as its ProjectionExpression, so the
  // index's projection rules apply: a GSI refuses columns it does not project ("Global secondary
  // index gsi2 does not project [alternate, mymap]", in statement order), an LSI reaches the base
  // item for them (paritysuite executeStatementIndex test, eu-west-1, 2026-09-02; tests/oracle).
  if (!st.index.empty() && !st.select_all && !st.projection.empty()) {
    std::string projection;
    json& names = req["ExpressionAttributeNames"];
    if (!names.is_object()) names = json::object();
    size_t n = 0;
    for (const Path& path : st.projection) {
      if (!projection.empty()) projection += ", ";
      for (size_t i = 0; i < path.size(); ++i) {
        const partiql::PathElement& e = path[i];
        if (e.is_index) {
          projection += "[" + std::to_string(e.index) + "]";
          continue;
        }
        const std::string placeholder = "#column" + std::to_string(n++);
        names[placeholder] = e.name;
        projection += (i ? "." : "") + placeholder;
      }
    }
    req["ProjectionExpression"] = projection;
  }
  json out;
  json extra;
  MT_RETURN_IF_ERROR(RunHandler(ctx, handler, req, &out, &extra));
  (*response)["Items"] = ProjectItems(st, out.contains("Items") ? out["Items"] : json::array());
  if (out.contains("LastEvaluatedKey")) {
    (*response)["NextToken"] = wire::Base64Encode(out["LastEvaluatedKey"].dump());
  }
  return Status::Ok();
}

// A key-addressed SELECT (BatchExecuteStatement, ExecuteTransaction): the item or nothing.
Status RunGet(Context& ctx, Prepared& p, const RunOptions& o, json* item) {
  MT_RETURN_IF_ERROR(KeyFromWhere(&p));
  json req = json::object();
  req["TableName"] = p.statement.table;
  req["Key"] = wire::ToJson(p.key);
  if (o.consistent_read) req["ConsistentRead"] = *o.consistent_read;
  json out;
  MT_RETURN_IF_ERROR(RunHandler(ctx, GetItem, req, &out, nullptr));
  if (out.contains("Item")) {
    Item full;
    if (!wire::ParseItem(out["Item"], &full).ok()) return Status::Ok();
    json one = json::array();
    one.push_back(out["Item"]);
    *item = ProjectItems(p.statement, one)[0];
  }
  return Status::Ok();
}

// Builds the engine request of a write statement: {"Put"|"Update"|"Delete": {...}} members.
Status WriteRequest(Prepared& p, json* req, Handler* handler) {
  const Statement& st = p.statement;
  *req = json::object();
  (*req)["TableName"] = st.table;
  if (st.kind == Statement::Kind::kInsert) {
    Value v;
    MT_RETURN_IF_ERROR(p.translator.ValueOf(st.value, &v));
    if (!v.is(Type::kM)) {
      return Status::Validation("Unsupported operand: INSERT VALUE must be a tuple (a map)");
    }
    (*req)["Item"] = wire::ToJson(v.m());
    // DynamoDB rule: INSERT never replaces an item.
    Path hash_path(1);
    hash_path[0].name = p.schema->keys.hash.name;
    (*req)["ConditionExpression"] = "attribute_not_exists(" + p.translator.PathRef(hash_path) + ")";
    *handler = PutItem;
  } else {
    MT_RETURN_IF_ERROR(KeyFromWhere(&p));
    (*req)["Key"] = wire::ToJson(p.key);
    std::string condition;
    MT_RETURN_IF_ERROR(RestCondition(&p, &condition));
    if (st.kind == Statement::Kind::kUpdate) {
      std::string set, remove;
      for (const auto& [path, value] : st.set) {
        std::string v;
        MT_RETURN_IF_ERROR(p.translator.Render(value, &v));
        set += (set.empty() ? "SET " : ", ") + p.translator.PathRef(path) + " = " + v;
      }
      for (const Path& path : st.remove) {
        remove += (remove.empty() ? "REMOVE " : ", ") + p.translator.PathRef(path);
      }
      (*req)["UpdateExpression"] = set + (set.empty() || remove.empty() ? "" : " ") + remove;
      // DynamoDB rule: UPDATE changes an existing item only.
      Path hash_path(1);
      hash_path[0].name = p.schema->keys.hash.name;
      const std::string exists = "attribute_exists(" + p.translator.PathRef(hash_path) + ")";
      condition = condition.empty() ? exists : exists + " AND " + condition;
      *handler = UpdateItem;
    } else {
      *handler = DeleteItem;
    }
    if (!condition.empty()) (*req)["ConditionExpression"] = condition;
  }
  p.translator.AddPlaceholders(req);
  return Status::Ok();
}

Status RunWrite(Context& ctx, Prepared& p) {
  json req;
  Handler handler = nullptr;
  Status s = WriteRequest(p, &req, &handler);
  if (!s.ok()) return s;
  s = RunHandler(ctx, handler, req, nullptr, nullptr);
  if (s.code() == ErrorCode::kConditionalCheckFailed &&
      p.statement.kind == Statement::Kind::kInsert) {
    return Status(ErrorCode::kDuplicateItem, "Duplicate primary key exists in table");
  }
  return s;
}

Status ReadParameters(const json& obj, std::vector<Value>* out) {
  const json* params = nullptr;
  Status s = ReadArray(obj, "Parameters", &params);
  if (!s.ok() || !params) return s;
  for (const json& j : *params) {
    Value v;
    if (!(s = wire::ParseValue(j, &v)).ok()) {
      // A number parameter DynamoDB cannot hold (out of range, or not a number) answers the
      // conversion text with the parameter, without the envelope, in us-east-1 too (paritysuite
      // partiqlMultiAttributeIndex test, October 2026: {"N": "1e99999999999"}; tests/oracle).
      auto n = j.is_object() && j.size() == 1 ? j.find("N") : j.end();
      if (n != j.end() && n->is_string()) {
        return Status::Validation("The parameter cannot be converted to a numeric value: " +
                                  n->get<std::string>());
      }
      return s;
    }
    out->push_back(std::move(v));
  }
  return Status::Ok();
}

// "ResourceNotFoundException" -> "ResourceNotFound"; ValidationException is "ValidationError".
std::string BatchErrorCode(ErrorCode code) {
  if (code == ErrorCode::kValidation) return "ValidationError";
  std::string name(ErrorName(code));
  const std::string suffix = "Exception";
  if (name.size() > suffix.size() &&
      name.compare(name.size() - suffix.size(), suffix.size(), suffix) == 0) {
    name.resize(name.size() - suffix.size());
  }
  return name;
}

}  // namespace

Status ExecuteStatement(Context& ctx) {
  const json& req = ctx.request;
  std::optional<std::string> statement, next_token, capacity_detail;
  std::optional<bool> consistent;
  std::optional<int64_t> limit;
  MT_RETURN_IF_ERROR(ReadString(req, "Statement", &statement));
  MT_RETURN_IF_ERROR(ReadBool(req, "ConsistentRead", &consistent));
  MT_RETURN_IF_ERROR(ReadString(req, "NextToken", &next_token));
  MT_RETURN_IF_ERROR(ReadString(req, "ReturnConsumedCapacity", &capacity_detail));
  MT_RETURN_IF_ERROR(ReadInteger(req, "Limit", &limit));
  std::vector<Value> params;
  MT_RETURN_IF_ERROR(ReadParameters(req, &params));
  Constraints c;
  c.Enum(capacity_detail, "returnConsumedCapacity", kReturnConsumedCapacityValues);
  if (!statement) c.Add(nullptr, "statement", "Member must not be null");
  if (statement && (statement->empty() || statement->size() > 8192)) {
    c.Add(&*statement, "statement",
          "Member must have length less than or equal to 8192, Member must have length greater "
          "than or equal to 1");
  }
  c.Min(limit, "limit", 1);
  MT_RETURN_IF_ERROR(c.ToStatus());
  Prepared p(params);
  MT_RETURN_IF_ERROR(Prepare(ctx, *statement, params.size(), &p));
  if (p.statement.kind == Statement::Kind::kSelect) {
    RunOptions o{consistent, limit, next_token};
    json response = json::object();
    MT_RETURN_IF_ERROR(RunSelect(ctx, p, o, &response));
    ctx.response = std::move(response);
  } else {
    MT_RETURN_IF_ERROR(RunWrite(ctx, p));
    ctx.response["Items"] = json::array();
  }
  AddConsumedCapacity(ctx, ParseCapacityDetail(capacity_detail), false);
  return Status::Ok();
}

Status BatchExecuteStatement(Context& ctx) {
  const json& req = ctx.request;
  std::optional<std::string> capacity_detail;
  const json* statements = nullptr;
  Status s;
  MT_RETURN_IF_ERROR(ReadArray(req, "Statements", &statements));
  MT_RETURN_IF_ERROR(ReadString(req, "ReturnConsumedCapacity", &capacity_detail));
  Constraints c;
  c.Enum(capacity_detail, "returnConsumedCapacity", kReturnConsumedCapacityValues);
  if (!statements) {
    c.Add(nullptr, "statements", "Member must not be null");
  } else if (statements->empty() || statements->size() > limits::kMaxPartiQLBatchStatements) {
    const std::string text = statements->empty() ? "[]" : "[...]";
    c.Add(&text, "statements",
          statements->empty() ? "Member must have length greater than or equal to 1"
                              : "Member must have length less than or equal to 25");
  }
  MT_RETURN_IF_ERROR(c.ToStatus());
  json responses = json::array();
  for (const json& entry : *statements) {
    if (!entry.is_object()) return Status::Serialization("Unexpected value type in payload");
    std::optional<std::string> text;
    std::optional<bool> consistent;
    std::vector<Value> params;
    MT_RETURN_IF_ERROR(ReadString(entry, "Statement", &text));
    MT_RETURN_IF_ERROR(ReadBool(entry, "ConsistentRead", &consistent));
    MT_RETURN_IF_ERROR(ReadParameters(entry, &params));
    json one = json::object();
    Prepared p(params);
    s = text ? Prepare(ctx, *text, params.size(), &p)
             : Status::Validation("Statement must not be null");
    if (s.ok()) {
      one["TableName"] = p.statement.table;
      if (p.statement.kind == Statement::Kind::kSelect) {
        // A batch SELECT reads one item by its primary key. Reading a multi-attribute GSI is
        // refused first, then a WHERE without the whole primary key, in the batch's own words
        // (paritysuite partiqlMultiAttributeIndex test, eu-west-2 and us-east-1, October 2026;
        // tests/oracle).
        const storage::IndexSchema* index =
            p.statement.index.empty() ? nullptr : p.schema->FindIndex(p.statement.index);
        json item;
        if (index && index->keys.multi()) {
          s = Status::Validation(
              "PartiQL statements cannot be executed on tables with multi-attribute HASH keys or "
              "multi-attribute RANGE keys.");
        } else {
          s = RunGet(ctx, p, RunOptions{consistent, {}, {}}, &item);
        }
        if (!s.ok() && s.message() == kNoKeyEquality) {
          s = Status::Validation(
              "Select statements within BatchExecuteStatement must specify the primary key in "
              "the where clause.");
        }
        if (s.ok() && item.is_object()) one["Item"] = std::move(item);
      } else {
        s = RunWrite(ctx, p);
      }
    }
    if (!s.ok()) {
      one.erase("Item");
      one["Error"] = {{"Code", BatchErrorCode(s.code())}, {"Message", s.message()}};
    }
    responses.push_back(std::move(one));
  }
  ctx.response["Responses"] = std::move(responses);
  AddConsumedCapacity(ctx, ParseCapacityDetail(capacity_detail), true);
  return Status::Ok();
}

Status ExecuteTransaction(Context& ctx) {
  const json& req = ctx.request;
  std::optional<std::string> capacity_detail, token;
  const json* statements = nullptr;
  Status s;
  MT_RETURN_IF_ERROR(ReadArray(req, "TransactStatements", &statements));
  MT_RETURN_IF_ERROR(ReadString(req, "ClientRequestToken", &token));
  MT_RETURN_IF_ERROR(ReadString(req, "ReturnConsumedCapacity", &capacity_detail));
  Constraints c;
  if (!statements) {
    c.Add(nullptr, "transactStatements", "Member must not be null");
  } else if (statements->empty() || statements->size() > limits::kMaxPartiQLTransactStatements) {
    const std::string text = statements->empty() ? "[]" : "[...]";
    c.Add(&text, "transactStatements",
          statements->empty() ? "Member must have length greater than or equal to 1"
                              : "Member must have length less than or equal to 100");
  }
  c.Enum(capacity_detail, "returnConsumedCapacity", kReturnConsumedCapacityValues);
  MT_RETURN_IF_ERROR(c.ToStatus());
  std::vector<std::unique_ptr<Prepared>> prepared;
  std::vector<std::vector<Value>> all_params(statements->size());
  size_t reads = 0;
  for (size_t i = 0; i < statements->size(); ++i) {
    const json& entry = (*statements)[i];
    if (!entry.is_object()) return Status::Serialization("Unexpected value type in payload");
    std::optional<std::string> text;
    MT_RETURN_IF_ERROR(ReadString(entry, "Statement", &text));
    MT_RETURN_IF_ERROR(ReadParameters(entry, &all_params[i]));
    if (!text) return Status::Validation("Statement must not be null");
    prepared.push_back(std::make_unique<Prepared>(all_params[i]));
    MT_RETURN_IF_ERROR(Prepare(ctx, *text, all_params[i].size(), prepared.back().get()));
    if (prepared.back()->statement.kind == Statement::Kind::kSelect) ++reads;
  }
  // DynamoDB rule: a transaction is all reads or all writes.
  if (reads != 0 && reads != prepared.size()) {
    return Status::Validation("Transaction must contain either all reads or all writes");
  }
  json inner = json::object();
  json items = json::array();
  if (reads) {
    for (auto& p : prepared) {
      MT_RETURN_IF_ERROR(KeyFromWhere(p.get()));
      items.push_back(
          {{"Get", {{"TableName", p->statement.table}, {"Key", wire::ToJson(p->key)}}}});
    }
    inner["TransactItems"] = std::move(items);
    json out, extra;
    s = RunHandler(ctx, TransactGetItems, inner, &out, &extra);
    if (!s.ok()) {
      ctx.error_extra = std::move(extra);
      return s;
    }
    json responses = json::array();
    const json& got = out.contains("Responses") ? out["Responses"] : json::array();
    for (size_t i = 0; i < prepared.size(); ++i) {
      json one = json::object();
      if (i < got.size() && got[i].contains("Item")) {
        json list = json::array();
        list.push_back(got[i]["Item"]);
        one["Item"] = ProjectItems(prepared[i]->statement, list)[0];
      }
      responses.push_back(std::move(one));
    }
    ctx.response["Responses"] = std::move(responses);
  } else {
    for (auto& p : prepared) {
      json w;
      Handler handler = nullptr;
      MT_RETURN_IF_ERROR(WriteRequest(*p, &w, &handler));
      const char* kind = handler == PutItem ? "Put" : handler == UpdateItem ? "Update" : "Delete";
      items.push_back({{kind, std::move(w)}});
    }
    inner["TransactItems"] = std::move(items);
    if (token) inner["ClientRequestToken"] = *token;
    json extra;
    s = RunHandler(ctx, TransactWriteItems, inner, nullptr, &extra);
    if (!s.ok()) {
      // A failed INSERT condition is a duplicate item, reported as DuplicateItem.
      if (s.code() == ErrorCode::kTransactionCanceled && extra.contains("CancellationReasons") &&
          extra["CancellationReasons"].is_array()) {
        std::string codes;
        json& reasons = extra["CancellationReasons"];
        for (size_t i = 0; i < reasons.size() && i < prepared.size(); ++i) {
          if (prepared[i]->statement.kind == Statement::Kind::kInsert &&
              reasons[i].value("Code", "") == "ConditionalCheckFailed") {
            reasons[i]["Code"] = "DuplicateItem";
            reasons[i]["Message"] = "Duplicate primary key exists in table";
          }
          codes += (i ? ", " : "") + reasons[i].value("Code", "None");
        }
        s = Status(ErrorCode::kTransactionCanceled,
                   "Transaction cancelled, please refer cancellation reasons for specific reasons "
                   "[" +
                       codes + "]");
      }
      ctx.error_extra = std::move(extra);
      return s;
    }
  }
  AddConsumedCapacity(ctx, ParseCapacityDetail(capacity_detail), true);
  return Status::Ok();
}

}  // namespace monotable::api
