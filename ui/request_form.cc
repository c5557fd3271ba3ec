// Request form (see request_form.h): the request builder's model. Parses the shapes of
// KeyConditionExpression the form can express, keeps the form and the JSON text in sync, and
// translates an API request into PartiQL. Knows no ImGui.
#include "ui/request_form.h"

#include <algorithm>
#include <cctype>
#include <string_view>

#include "nlohmann/json.hpp"

namespace monotable::ui {
namespace {

// Ordered: the request keeps the member order the user (or the model file) wrote.
using json = nlohmann::ordered_json;

json Typed(const std::string& type, const std::string& text) {
  json v = json::object();
  v[type.empty() ? "S" : type] = text;
  return v;
}

// Text of a typed scalar {"S": "x"} / {"N": "1"} / {"B": "..."}; false for anything else.
bool Untyped(const json& value, std::string* text) {
  if (!value.is_object() || value.size() != 1) return false;
  auto it = value.begin();
  if (it.key() != "S" && it.key() != "N" && it.key() != "B") return false;
  if (!it.value().is_string()) return false;
  *text = it.value().get<std::string>();
  return true;
}

std::string StringMember(const json& obj, const char* name) {
  auto it = obj.find(name);
  if (it == obj.end() || !it->is_string()) return "";
  return it->get<std::string>();
}

// --- Key condition parsing (the shapes the form can express) ----------------------------------

struct Token {
  std::string text;
};

std::vector<Token> Tokenize(std::string_view s) {
  std::vector<Token> out;
  size_t i = 0;
  while (i < s.size()) {
    char c = s[i];
    if (std::isspace(static_cast<unsigned char>(c))) {
      ++i;
    } else if (c == '(' || c == ')' || c == ',' || c == '=') {
      out.push_back({std::string(1, c)});
      ++i;
    } else if (c == '<' || c == '>') {
      if (i + 1 < s.size() && (s[i + 1] == '=' || (c == '<' && s[i + 1] == '>'))) {
        out.push_back({std::string(s.substr(i, 2))});
        i += 2;
      } else {
        out.push_back({std::string(1, c)});
        ++i;
      }
    } else {
      size_t start = i;
      while (i < s.size() && !std::isspace(static_cast<unsigned char>(s[i])) && s[i] != '(' &&
             s[i] != ')' && s[i] != ',' && s[i] != '=' && s[i] != '<' && s[i] != '>') {
        ++i;
      }
      out.push_back({std::string(s.substr(start, i - start))});
    }
  }
  return out;
}

bool IEquals(const std::string& a, const char* b) {
  std::string_view bv(b);
  if (a.size() != bv.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    if (std::tolower(static_cast<unsigned char>(a[i])) !=
        std::tolower(static_cast<unsigned char>(bv[i])))
      return false;
  }
  return true;
}

struct KeyCondition {
  std::string name;  // resolved attribute name
  SortKeyOp op = SortKeyOp::kEq;
  std::string value, value2;  // resolved value texts
};

// Parses `a = :v [AND begins_with(b, :w) | AND b BETWEEN :x AND :y | AND b <op> :z]`.
bool ParseKeyCondition(const std::string& expression, const json& names, const json& values,
                       std::vector<KeyCondition>* out, std::vector<std::string>* used_names,
                       std::vector<std::string>* used_values) {
  std::vector<Token> t = Tokenize(expression);
  size_t i = 0;
  auto resolve_name = [&](const std::string& token, std::string* name) {
    if (!token.empty() && token[0] == '#') {
      if (!names.is_object()) return false;
      auto it = names.find(token);
      if (it == names.end() || !it->is_string()) return false;
      *name = it->get<std::string>();
      used_names->push_back(token);
      return true;
    }
    if (token.empty() || token[0] == ':') return false;
    *name = token;
    return true;
  };
  auto resolve_value = [&](const std::string& token, std::string* text) {
    if (token.empty() || token[0] != ':' || !values.is_object()) return false;
    auto it = values.find(token);
    if (it == values.end() || !Untyped(*it, text)) return false;
    used_values->push_back(token);
    return true;
  };
  while (i < t.size()) {
    KeyCondition kc;
    if (IEquals(t[i].text, "begins_with")) {
      if (i + 5 >= t.size()) return false;
      if (t[i + 1].text != "(" || t[i + 3].text != "," || t[i + 5].text != ")") return false;
      if (!resolve_name(t[i + 2].text, &kc.name) || !resolve_value(t[i + 4].text, &kc.value))
        return false;
      kc.op = SortKeyOp::kBeginsWith;
      i += 6;
    } else {
      if (i + 2 >= t.size()) return false;
      if (!resolve_name(t[i].text, &kc.name)) return false;
      const std::string& op = t[i + 1].text;
      if (IEquals(op, "BETWEEN")) {
        if (i + 4 >= t.size() || !IEquals(t[i + 3].text, "AND")) return false;
        if (!resolve_value(t[i + 2].text, &kc.value) || !resolve_value(t[i + 4].text, &kc.value2))
          return false;
        kc.op = SortKeyOp::kBetween;
        i += 5;
      } else {
        if (op == "=")
          kc.op = SortKeyOp::kEq;
        else if (op == "<")
          kc.op = SortKeyOp::kLt;
        else if (op == "<=")
          kc.op = SortKeyOp::kLe;
        else if (op == ">")
          kc.op = SortKeyOp::kGt;
        else if (op == ">=")
          kc.op = SortKeyOp::kGe;
        else
          return false;
        if (!resolve_value(t[i + 2].text, &kc.value)) return false;
        i += 3;
      }
    }
    out->push_back(kc);
    if (i < t.size()) {
      if (!IEquals(t[i].text, "AND")) return false;
      ++i;
      if (i >= t.size()) return false;
    }
  }
  return !out->empty();
}

void EraseEmpty(json* obj, const char* name) {
  auto it = obj->find(name);
  if (it != obj->end() && it->is_object() && it->empty()) obj->erase(it);
}

void SetOrErase(json* obj, const char* name, const std::string& value) {
  if (value.empty()) {
    obj->erase(name);
  } else {
    (*obj)[name] = value;
  }
}
// --- PartiQL ----------------------------------------------------------------------------------

// The member holding the statements: ExecuteStatement has one, the others a list.
const char* StatementsMember(const std::string& op) {
  return op == "BatchExecuteStatement" ? "Statements" : "TransactStatements";
}

void ReadStatement(const json& obj, PartiQLStatement* out) {
  out->statement = StringMember(obj, "Statement");
  auto params = obj.find("Parameters");
  out->parameters = params != obj.end() ? params->dump() : "";
}

// Writes one statement's members; a Parameters text that is not a JSON array is left as it was
// and reported in `error`.
void WriteStatement(const PartiQLStatement& in, json* obj, std::string* error) {
  (*obj)["Statement"] = in.statement;
  if (in.parameters.find_first_not_of(" \t\r\n") == std::string::npos) {
    obj->erase("Parameters");
    return;
  }
  json params = json::parse(in.parameters, nullptr, false);
  if (params.is_discarded() || !params.is_array()) {
    *error = "Parameters must be a JSON array of values, e.g. [{\"S\": \"C#c001\"}]";
    return;
  }
  (*obj)["Parameters"] = params;
}

void PartiQLFromJson(const json& obj, RequestForm* s) {
  s->statements.clear();
  if (s->operation == "ExecuteStatement") {
    PartiQLStatement st;
    ReadStatement(obj, &st);
    s->statements.push_back(st);
    auto limit = obj.find("Limit");
    s->limit = limit != obj.end() && limit->is_number_integer() ? limit->get<int>() : 0;
    auto consistent = obj.find("ConsistentRead");
    s->consistent = consistent != obj.end() && consistent->is_boolean() && consistent->get<bool>();
    return;
  }
  auto list = obj.find(StatementsMember(s->operation));
  if (list == obj.end() || !list->is_array()) return;
  for (const json& entry : *list) {
    if (!entry.is_object()) continue;
    PartiQLStatement st;
    ReadStatement(entry, &st);
    s->statements.push_back(st);
  }
}

void PartiQLToJson(RequestForm* s, json* obj) {
  std::string error;
  if (s->statements.empty()) s->statements.push_back({});
  if (s->operation == "ExecuteStatement") {
    for (const char* other : {"Statements", "TransactStatements"}) obj->erase(other);
    WriteStatement(s->statements[0], obj, &error);
    if (s->limit > 0) {
      (*obj)["Limit"] = s->limit;
    } else {
      obj->erase("Limit");
    }
    if (s->consistent) {
      (*obj)["ConsistentRead"] = true;
    } else {
      obj->erase("ConsistentRead");
    }
  } else {
    for (const char* other : {"Statement", "Parameters", "Limit", "ConsistentRead", "NextToken"}) {
      obj->erase(other);
    }
    obj->erase(s->operation == "BatchExecuteStatement" ? "TransactStatements" : "Statements");
    json& list = (*obj)[StatementsMember(s->operation)];
    json old = list.is_array() ? list : json::array();
    list = json::array();
    for (size_t i = 0; i < s->statements.size(); ++i) {
      // Members the form does not edit (a statement's ConsistentRead) stay as they were.
      json entry = i < old.size() && old[i].is_object() ? old[i] : json::object();
      WriteStatement(s->statements[i], &entry, &error);
      list.push_back(entry);
    }
  }
  s->json_error = error;
}

// A PartiQL identifier: always double-quoted (reserved words and '#' need it).
std::string Quoted(const std::string& name) {
  std::string out = "\"";
  for (char c : name) {
    if (c == '"') out += '"';
    out += c;
  }
  return out + "\"";
}

// A ProjectionExpression of plain names as a PartiQL select list; "*" when it has placeholders or
// nested paths (or is empty).
std::string SelectList(const std::string& projection) {
  if (projection.empty()) return "*";
  std::string out;
  size_t start = 0;
  while (start <= projection.size()) {
    size_t comma = projection.find(',', start);
    std::string name =
        projection.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
    name.erase(0, name.find_first_not_of(" \t"));
    name.erase(name.find_last_not_of(" \t") + 1);
    if (name.empty() || name.find_first_of("#.[:") != std::string::npos) return "*";
    out += (out.empty() ? "" : ", ") + Quoted(name);
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  return out.empty() ? "*" : out;
}

// The PartiQL form: each statement in an editor with its parameters; ExecuteStatement also takes
}  // namespace

const char* const kSortKeyOpTexts[8] = {
    "(any)", "=", "<", "<=", ">", ">=", "begins_with", "between"};

bool FormHasKey(const std::string& op) {
  return op == "GetItem" || op == "DeleteItem" || op == "UpdateItem";
}
bool FormHasIndex(const std::string& op) { return op == "Query" || op == "Scan"; }

const TableSchemaView* FormTable(const RequestForm& s, const SchemaView& schema) {
  if (s.table < 0 || s.table >= static_cast<int>(schema.tables.size())) return nullptr;
  return &schema.tables[static_cast<size_t>(s.table)];
}

void FormKeys(const RequestForm& s, const SchemaView& schema, KeyAttributeView* hash,
              KeyAttributeView* range) {
  const TableSchemaView* t = FormTable(s, schema);
  *hash = KeyAttributeView{};
  *range = KeyAttributeView{};
  if (!t) return;
  *hash = t->hash;
  *range = t->range;
  if (FormHasIndex(s.operation) && s.index > 0 && s.index <= static_cast<int>(t->indexes.size())) {
    *hash = t->indexes[static_cast<size_t>(s.index - 1)].hash;
    *range = t->indexes[static_cast<size_t>(s.index - 1)].range;
  }
}

void FormKeyAttributes(const RequestForm& s, const SchemaView& schema,
                       std::vector<KeyAttributeView>* hashes,
                       std::vector<KeyAttributeView>* ranges) {
  hashes->clear();
  ranges->clear();
  KeyAttributeView hash, range;
  FormKeys(s, schema, &hash, &range);
  if (hash.name.empty()) return;
  const TableSchemaView* t = FormTable(s, schema);
  if (FormHasIndex(s.operation) && s.index > 0 && s.index <= static_cast<int>(t->indexes.size())) {
    const IndexSchemaView& index = t->indexes[static_cast<size_t>(s.index - 1)];
    if (!index.hashes.empty()) {
      *hashes = index.hashes;
      *ranges = index.ranges;
      return;
    }
  }
  hashes->push_back(hash);
  if (!range.name.empty()) ranges->push_back(range);
}

std::string* KeyField(RequestForm* s, bool hash, size_t i) {
  if (i == 0) return hash ? &s->pk : &s->sk;
  std::vector<std::string>& more = hash ? s->more_pk : s->more_sk;
  if (more.size() < i) more.resize(i);
  return &more[i - 1];
}

const std::vector<std::string>& BuilderOperations() {
  static const std::vector<std::string> kOps = {"GetItem",
                                                "Query",
                                                "Scan",
                                                "PutItem",
                                                "UpdateItem",
                                                "DeleteItem",
                                                "BatchGetItem",
                                                "BatchWriteItem",
                                                "TransactGetItems",
                                                "TransactWriteItems",
                                                "ExecuteStatement",
                                                "BatchExecuteStatement",
                                                "ExecuteTransaction"};
  return kOps;
}

bool IsPartiQL(const std::string& op) {
  return op == "ExecuteStatement" || op == "BatchExecuteStatement" || op == "ExecuteTransaction";
}

bool FormSupports(const std::string& op) {
  return op == "GetItem" || op == "Query" || op == "Scan" || op == "PutItem" ||
         op == "UpdateItem" || op == "DeleteItem" || IsPartiQL(op);
}

void LoadRequest(RequestForm* state, const SchemaView& schema, const std::string& operation,
                 const std::string& request_json, const std::string& label) {
  state->operation = operation;
  state->label = label;
  state->carried_names = "{}";
  state->carried_values = "{}";
  state->partiql_from.clear();
  json parsed = json::parse(request_json, nullptr, false);
  state->json_text = parsed.is_discarded() ? request_json : parsed.dump(2);
  JsonToForm(state, schema);
}

bool JsonToForm(RequestForm* s, const SchemaView& schema) {
  json obj = json::parse(s->json_text, nullptr, false);
  if (obj.is_discarded() || !obj.is_object()) {
    s->json_error = obj.is_discarded() ? "Not valid JSON yet" : "The request must be a JSON object";
    return false;
  }
  s->json_error.clear();
  if (IsPartiQL(s->operation)) {
    PartiQLFromJson(obj, s);
    return true;
  }
  std::string table = StringMember(obj, "TableName");
  for (size_t i = 0; i < schema.tables.size(); ++i) {
    if (schema.tables[i].name == table) s->table = static_cast<int>(i);
  }
  s->index = 0;
  const TableSchemaView* t = FormTable(*s, schema);
  std::string index = StringMember(obj, "IndexName");
  if (t && !index.empty()) {
    for (size_t i = 0; i < t->indexes.size(); ++i) {
      if (t->indexes[i].name == index) s->index = static_cast<int>(i + 1);
    }
  }
  KeyAttributeView hash, range;
  FormKeys(*s, schema, &hash, &range);
  s->filter = StringMember(obj, "FilterExpression");
  s->projection = StringMember(obj, "ProjectionExpression");
  s->update = StringMember(obj, "UpdateExpression");
  s->condition = StringMember(obj, "ConditionExpression");
  auto limit = obj.find("Limit");
  s->limit = limit != obj.end() && limit->is_number_integer() ? limit->get<int>() : 0;
  auto forward = obj.find("ScanIndexForward");
  s->forward = !(forward != obj.end() && forward->is_boolean() && !forward->get<bool>());
  auto consistent = obj.find("ConsistentRead");
  s->consistent = consistent != obj.end() && consistent->is_boolean() && consistent->get<bool>();
  if (FormHasKey(s->operation)) {
    s->pk.clear();
    s->sk.clear();
    auto key = obj.find("Key");
    if (key != obj.end() && key->is_object()) {
      auto h = key->find(hash.name);
      if (h != key->end()) Untyped(*h, &s->pk);
      auto r = key->find(range.name);
      if (!range.name.empty() && r != key->end()) Untyped(*r, &s->sk);
    }
  }
  if (s->operation == "Query") {
    s->kc_names.clear();
    s->kc_values.clear();
    s->custom_key_condition = false;
    std::string expression = StringMember(obj, "KeyConditionExpression");
    std::vector<KeyCondition> conditions;
    json names = obj.value("ExpressionAttributeNames", json::object());
    json values = obj.value("ExpressionAttributeValues", json::object());
    s->pk.clear();
    s->sk.clear();
    s->sk2.clear();
    s->more_pk.clear();
    s->more_sk.clear();
    s->sk_attr = 0;
    s->sk_op = SortKeyOp::kNone;
    if (expression.empty()) return true;
    if (!ParseKeyCondition(expression, names, values, &conditions, &s->kc_names, &s->kc_values)) {
      s->custom_key_condition = true;
      return true;
    }
    // Every HASH attribute with `=`; RANGE attributes named left to right, `=` on all but the
    // last one named (DG GSI.html#GSI.MultiAttributeKeys). Another shape stays custom.
    std::vector<KeyAttributeView> hashes, ranges;
    FormKeyAttributes(*s, schema, &hashes, &ranges);
    std::vector<const KeyCondition*> on_range(ranges.size(), nullptr);
    int last = -1;
    for (const KeyCondition& kc : conditions) {
      bool matched = false;
      for (size_t h = 0; h < hashes.size() && !matched; ++h) {
        if (kc.name == hashes[h].name && kc.op == SortKeyOp::kEq) {
          *KeyField(s, true, h) = kc.value;
          matched = true;
        }
      }
      for (size_t r = 0; r < ranges.size() && !matched; ++r) {
        if (kc.name != ranges[r].name || on_range[r]) continue;
        on_range[r] = &kc;
        last = std::max(last, static_cast<int>(r));
        matched = true;
      }
      if (!matched) s->custom_key_condition = true;
    }
    for (int r = 0; r <= last; ++r) {
      const KeyCondition* kc = on_range[static_cast<size_t>(r)];
      if (!kc || (r < last && kc->op != SortKeyOp::kEq)) {
        s->custom_key_condition = true;
        continue;
      }
      *KeyField(s, false, static_cast<size_t>(r)) = kc->value;
      if (r == last) {
        s->sk_attr = last;
        s->sk_op = kc->op;
        s->sk2 = kc->value2;
      }
    }
  }
  return true;
}

void FormToJson(RequestForm* s, const SchemaView& schema) {
  json obj = json::parse(s->json_text, nullptr, false);
  if (obj.is_discarded() || !obj.is_object()) obj = json::object();
  if (IsPartiQL(s->operation)) {
    PartiQLToJson(s, &obj);
    s->json_text = obj.dump(2);
    return;
  }
  const TableSchemaView* t = FormTable(*s, schema);
  if (t) obj["TableName"] = t->name;
  KeyAttributeView hash, range;
  FormKeys(*s, schema, &hash, &range);
  if (FormHasIndex(s->operation)) {
    if (t && s->index > 0 && s->index <= static_cast<int>(t->indexes.size())) {
      obj["IndexName"] = t->indexes[static_cast<size_t>(s->index - 1)].name;
    } else {
      obj.erase("IndexName");
    }
  }
  if (FormHasKey(s->operation)) {
    json key = json::object();
    key[hash.name] = Typed(hash.type, s->pk);
    if (!range.name.empty()) key[range.name] = Typed(range.type, s->sk);
    obj["Key"] = key;
  }
  if (s->operation == "Query" && !s->custom_key_condition) {
    // Copies, written back below: ordered_json keeps its members in a vector, so a reference to
    // one member dangles once another is inserted (the issue 15 bug: the request went out with
    // "ExpressionAttributeNames": null and DynamoDB answered that #pk is not defined).
    json names = obj.value("ExpressionAttributeNames", json::object());
    json values = obj.value("ExpressionAttributeValues", json::object());
    if (!names.is_object()) names = json::object();
    if (!values.is_object()) values = json::object();
    for (const std::string& n : s->kc_names) names.erase(n);
    for (const std::string& v : s->kc_values) values.erase(v);
    s->kc_names.clear();
    s->kc_values.clear();
    // Placeholders: #pk/:pk and #sk/:sk for the first HASH and RANGE attribute (:sk2 BETWEEN's
    // upper bound), #pkN/:pkN and #skN/:skN for the N-th of a multi-attribute key.
    std::vector<KeyAttributeView> hashes, ranges;
    FormKeyAttributes(*s, schema, &hashes, &ranges);
    if (hashes.empty()) hashes.push_back(hash);
    std::string expression;
    auto equal = [&](const std::string& prefix, size_t i, const KeyAttributeView& a,
                     const std::string& value) {
      const std::string suffix = i == 0 ? "" : std::to_string(i + 1);
      const std::string n = "#" + prefix + suffix, v = ":" + prefix + suffix;
      names[n] = a.name;
      values[v] = Typed(a.type, value);
      s->kc_names.push_back(n);
      s->kc_values.push_back(v);
      return std::pair{n, v};
    };
    for (size_t h = 0; h < hashes.size(); ++h) {
      auto [n, v] = equal("pk", h, hashes[h], *KeyField(s, true, h));
      expression += (h == 0 ? "" : " AND ") + n + " = " + v;
    }
    if (s->sk_op != SortKeyOp::kNone && !ranges.empty()) {
      const size_t last = std::min(static_cast<size_t>(std::max(s->sk_attr, 0)), ranges.size() - 1);
      for (size_t r = 0; r < last; ++r) {
        auto [n, v] = equal("sk", r, ranges[r], *KeyField(s, false, r));
        expression += " AND " + n + " = " + v;
      }
      auto [n, v] = equal("sk", last, ranges[last], *KeyField(s, false, last));
      switch (s->sk_op) {
        case SortKeyOp::kBeginsWith:
          expression += " AND begins_with(" + n + ", " + v + ")";
          break;
        case SortKeyOp::kBetween: {
          const std::string upper = last == 0 ? ":sk2" : v + "b";
          values[upper] = Typed(ranges[last].type, s->sk2);
          s->kc_values.push_back(upper);
          expression += " AND " + n + " BETWEEN " + v + " AND " + upper;
          break;
        }
        default:
          expression += " AND " + n + " " + kSortKeyOpTexts[static_cast<int>(s->sk_op)] + " " + v;
      }
    }
    obj["ExpressionAttributeNames"] = names;
    obj["ExpressionAttributeValues"] = values;
    obj["KeyConditionExpression"] = expression;
  }
  if (s->operation == "Query" || s->operation == "Scan") {
    SetOrErase(&obj, "FilterExpression", s->filter);
    if (s->limit > 0) {
      obj["Limit"] = s->limit;
    } else {
      obj.erase("Limit");
    }
  }
  if (s->operation == "Query") {
    if (s->forward) {
      obj.erase("ScanIndexForward");
    } else {
      obj["ScanIndexForward"] = false;
    }
  }
  if (s->operation == "GetItem" || s->operation == "Query" || s->operation == "Scan") {
    SetOrErase(&obj, "ProjectionExpression", s->projection);
    if (s->consistent) {
      obj["ConsistentRead"] = true;
    } else {
      obj.erase("ConsistentRead");
    }
  }
  if (s->operation == "UpdateItem") SetOrErase(&obj, "UpdateExpression", s->update);
  if (s->operation == "PutItem" || s->operation == "UpdateItem" || s->operation == "DeleteItem") {
    SetOrErase(&obj, "ConditionExpression", s->condition);
  }
  if (s->operation == "PutItem" && obj.find("Item") == obj.end()) {
    json item = json::object();
    item[hash.name] = Typed(hash.type, s->pk);
    if (!range.name.empty()) item[range.name] = Typed(range.type, s->sk);
    obj["Item"] = item;
  }
  EraseEmpty(&obj, "ExpressionAttributeNames");
  EraseEmpty(&obj, "ExpressionAttributeValues");
  s->json_text = obj.dump(2);
  s->json_error.clear();
}

namespace {

// --- API -> PartiQL ------------------------------------------------------------------------------

// WHERE for the key the form holds: the partition key, and the sort key as the form says (or
// equal, for a full key).
// A multi-attribute key: every HASH attribute equal, the RANGE attributes before the form's
// sk_attr equal too.
std::string KeyWhere(const RequestForm& form, const std::vector<KeyAttributeView>& hashes,
                     const std::vector<KeyAttributeView>& ranges, bool full_key, json* params) {
  RequestForm s = form;
  std::string where;
  for (size_t h = 0; h < hashes.size(); ++h) {
    where += (h == 0 ? " WHERE " : " AND ") + Quoted(hashes[h].name) + " = ?";
    params->push_back(Typed(hashes[h].type, *KeyField(&s, true, h)));
  }
  if (ranges.empty()) return where;
  SortKeyOp op = full_key ? SortKeyOp::kEq : s.sk_op;
  const size_t last =
      full_key ? 0 : std::min(static_cast<size_t>(std::max(s.sk_attr, 0)), ranges.size() - 1);
  if (op != SortKeyOp::kNone) {
    for (size_t r = 0; r < last; ++r) {
      where += " AND " + Quoted(ranges[r].name) + " = ?";
      params->push_back(Typed(ranges[r].type, *KeyField(&s, false, r)));
    }
  }
  const KeyAttributeView& range = ranges[last];
  s.sk = *KeyField(&s, false, last);
  switch (op) {
    case SortKeyOp::kNone:
      break;
    case SortKeyOp::kBeginsWith:
      where += " AND begins_with(" + Quoted(range.name) + ", ?)";
      params->push_back(Typed(range.type, s.sk));
      break;
    case SortKeyOp::kBetween:
      where += " AND " + Quoted(range.name) + " BETWEEN ? AND ?";
      params->push_back(Typed(range.type, s.sk));
      params->push_back(Typed(range.type, s.sk2));
      break;
    default:
      where += " AND " + Quoted(range.name) + " " + kSortKeyOpTexts[static_cast<int>(op)] + " ?";
      params->push_back(Typed(range.type, s.sk));
  }
  return where;
}

// The PartiQL statement doing what the form's `from` request does (`request` is its JSON, read for
// PutItem's Item); what it cannot carry over goes to `lost`.
PartiQLStatement Translate(const RequestForm& s, const SchemaView& schema, const std::string& from,
                           const json& request, std::vector<std::string>* lost) {
  RequestForm addressed = s;
  addressed.operation = from;
  const TableSchemaView* t = FormTable(s, schema);
  KeyAttributeView hash, range;
  FormKeys(addressed, schema, &hash, &range);
  std::vector<KeyAttributeView> hashes, ranges;
  FormKeyAttributes(addressed, schema, &hashes, &ranges);
  if (hashes.empty()) hashes.push_back(hash);
  std::vector<KeyAttributeView> table_hashes = {hash}, table_ranges;
  if (!range.name.empty()) table_ranges.push_back(range);
  std::string statement;
  json params = json::array();
  const std::string table = t ? Quoted(t->name) : "\"table\"";
  std::string from_clause = table;
  if (FormHasIndex(from) && t && s.index > 0 && s.index <= static_cast<int>(t->indexes.size())) {
    const IndexSchemaView& index = t->indexes[static_cast<size_t>(s.index - 1)];
    // DynamoDB refuses any PartiQL statement on a GSI with a multi-attribute key
    // (dynamodb-rules.md §5.1): the statement reads the table instead, and says so.
    if (index.multi_attribute) {
      lost->push_back("the index " + index.name +
                      " (PartiQL cannot read an index with a multi-attribute key: the statement "
                      "reads the table)");
    } else {
      from_clause += "." + Quoted(index.name);
    }
  }
  auto item = request.find("Item");
  if (from == "GetItem") {
    statement = "SELECT " + SelectList(s.projection) + " FROM " + table +
                KeyWhere(s, table_hashes, table_ranges, true, &params);
  } else if (from == "Query" && !s.custom_key_condition) {
    statement = "SELECT " + SelectList(s.projection) + " FROM " + from_clause +
                KeyWhere(s, hashes, ranges, false, &params);
    if (!s.forward) lost->push_back("descending order (PartiQL returns ascending)");
  } else if (from == "Scan") {
    statement = "SELECT " + SelectList(s.projection) + " FROM " + from_clause;
  } else if (from == "PutItem" && item != request.end() && item->is_object()) {
    // Every attribute as a parameter: the values keep their DynamoDB types exactly.
    std::string members;
    for (auto a = item->begin(); a != item->end(); ++a) {
      std::string name;
      for (char c : a.key()) name += c == '\'' ? std::string("''") : std::string(1, c);
      members += (members.empty() ? "'" : ", '") + name + "': ?";
      params.push_back(a.value());
    }
    statement = "INSERT INTO " + table + " VALUE {" + members + "}";
  } else if (from == "DeleteItem") {
    statement = "DELETE FROM " + table + KeyWhere(s, table_hashes, table_ranges, true, &params);
  } else if (from == "UpdateItem") {
    params.push_back(Typed("S", ""));
    statement = "UPDATE " + table + " SET \"attribute\" = ?" +
                KeyWhere(s, table_hashes, table_ranges, true, &params);
    lost->push_back("the UpdateExpression (write it as SET / REMOVE)");
  } else {
    statement = "SELECT * FROM " + table + " WHERE " + Quoted(hash.name) + " = ?";
    params.push_back(Typed(hash.type, s.pk));
  }
  if ((from == "Query" || from == "Scan") && !s.filter.empty()) {
    lost->push_back("the FilterExpression (add it to WHERE)");
  }
  if (from == "Query" && s.custom_key_condition) lost->push_back("the custom key condition");
  return {statement, params.empty() ? "" : params.dump()};
}

// --- Operation switches --------------------------------------------------------------------------

// The placeholders (#name, :value) an expression uses, in order.
std::vector<std::string> Placeholders(const std::string& expression) {
  std::vector<std::string> out;
  for (size_t i = 0; i < expression.size(); ++i) {
    if (expression[i] != '#' && expression[i] != ':') continue;
    size_t j = i + 1;
    while (j < expression.size() &&
           (std::isalnum(static_cast<unsigned char>(expression[j])) || expression[j] == '_')) {
      ++j;
    }
    if (j > i + 1) out.push_back(expression.substr(i, j - i));
    i = j - 1;
  }
  return out;
}

// The form's expressions other than the key condition: the ones whose placeholders the user wrote.
const char* const kCarriedExpressions[] = {"FilterExpression", "ProjectionExpression",
                                           "UpdateExpression", "ConditionExpression"};

// Keeps the placeholders of the request in json_text (an API request) in carried_names and
// carried_values, for the request the next operation builds from the form.
void RememberPlaceholders(RequestForm* s) {
  if (IsPartiQL(s->operation)) return;
  json obj = json::parse(s->json_text, nullptr, false);
  if (obj.is_discarded() || !obj.is_object()) return;
  for (const auto& [member, carried] :
       {std::pair{"ExpressionAttributeNames", &s->carried_names},
        std::pair{"ExpressionAttributeValues", &s->carried_values}}) {
    auto from = obj.find(member);
    if (from == obj.end() || !from->is_object()) continue;
    json kept = json::parse(*carried, nullptr, false);
    if (kept.is_discarded() || !kept.is_object()) kept = json::object();
    for (auto it = from->begin(); it != from->end(); ++it) kept[it.key()] = it.value();
    *carried = kept.dump();
  }
}

// Adds to the request in json_text the carried placeholders its filter, projection, update and
// condition use and do not define. DynamoDB rejects a request that uses an undefined placeholder
// and one that defines an unused one ("An expression attribute name used in the document path is
// not defined", "Value provided in ExpressionAttributeValues unused in expressions":
// dynamodb-rules.md §2.2), so exactly the used ones.
void RestorePlaceholders(RequestForm* s) {
  json obj = json::parse(s->json_text, nullptr, false);
  if (obj.is_discarded() || !obj.is_object()) return;
  json names = json::parse(s->carried_names, nullptr, false);
  json values = json::parse(s->carried_values, nullptr, false);
  bool changed = false;
  for (const char* member : kCarriedExpressions) {
    auto expression = obj.find(member);
    if (expression == obj.end() || !expression->is_string()) continue;
    for (const std::string& p : Placeholders(expression->get<std::string>())) {
      const json& from = p[0] == '#' ? names : values;
      const char* to = p[0] == '#' ? "ExpressionAttributeNames" : "ExpressionAttributeValues";
      if (!from.is_object() || !from.contains(p)) continue;
      json& target = obj[to];
      if (!target.is_object()) target = json::object();
      if (target.contains(p)) continue;
      target[p] = from[p];
      changed = true;
    }
  }
  if (changed) s->json_text = obj.dump(2);
}

// The sample key of the collection the form addresses for `operation` (see TableSchemaView).
void SampleKey(const RequestForm& s, const SchemaView& schema, std::string* hash,
               std::string* range) {
  const TableSchemaView* t = FormTable(s, schema);
  hash->clear();
  range->clear();
  if (!t) return;
  *hash = t->sample_hash;
  *range = t->sample_range;
  if (FormHasIndex(s.operation) && s.index > 0 && s.index <= static_cast<int>(t->indexes.size())) {
    *hash = t->indexes[static_cast<size_t>(s.index - 1)].sample_hash;
    *range = t->indexes[static_cast<size_t>(s.index - 1)].sample_range;
  }
}

// The sample values of every key attribute (FormKeyAttributes' order) of the collection the form
// addresses.
void SampleKeys(const RequestForm& s, const SchemaView& schema, std::vector<std::string>* hashes,
                std::vector<std::string>* ranges) {
  std::string hash, range;
  SampleKey(s, schema, &hash, &range);
  *hashes = {hash};
  *ranges = {range};
  const TableSchemaView* t = FormTable(s, schema);
  if (t && FormHasIndex(s.operation) && s.index > 0 &&
      s.index <= static_cast<int>(t->indexes.size())) {
    const IndexSchemaView& index = t->indexes[static_cast<size_t>(s.index - 1)];
    if (!index.hashes.empty()) {
      *hashes = index.sample_hashes;
      *ranges = index.sample_ranges;
    }
  }
}

// The names of every key attribute the form addresses, to tell whether a switch changed them.
std::string KeyNames(const RequestForm& s, const SchemaView& schema) {
  std::vector<KeyAttributeView> hashes, ranges;
  FormKeyAttributes(s, schema, &hashes, &ranges);
  std::string out;
  for (const KeyAttributeView& a : hashes) out += a.name + '\n';
  out += '\n';
  for (const KeyAttributeView& a : ranges) out += a.name + '\n';
  return out;
}

// True when `operation`'s request names a full primary key of the table.
bool NeedsFullKey(const std::string& operation) {
  return FormHasKey(operation) || operation == "PutItem" || operation == "BatchGetItem" ||
         operation == "BatchWriteItem" || operation == "TransactGetItems" ||
         operation == "TransactWriteItems";
}

// Key values the form's operation can run with. DynamoDB rejects an empty string or binary as a
// key attribute's value ("One or more parameter values are not valid. The AttributeValue for a key
// attribute cannot contain an empty string value"; dynamodb-rules.md §1.3 and §2.2: key S and B
// values may not be empty), so an empty key field, or
// one holding the key of another collection than the one addressed now (`keys_changed`), takes
// the key of an item of the collection (the schema view's sample); a collection that was empty
// when the view was built leaves the field as it is.
void FillKey(RequestForm* s, const SchemaView& schema, bool keys_changed) {
  std::vector<KeyAttributeView> hashes, ranges;
  FormKeyAttributes(*s, schema, &hashes, &ranges);
  std::vector<std::string> sample_hashes, sample_ranges;
  SampleKeys(*s, schema, &sample_hashes, &sample_ranges);
  auto sample = [](const std::vector<std::string>& samples, size_t i) {
    return i < samples.size() ? samples[i] : std::string();
  };
  // A multi-attribute key's fields, one per attribute (FormKeyAttributes).
  const size_t more_hashes = hashes.empty() ? 0 : hashes.size() - 1;
  const size_t more_ranges = ranges.empty() ? 0 : ranges.size() - 1;
  if (keys_changed && !sample(sample_hashes, 0).empty()) {
    s->more_pk.assign(more_hashes, "");
    s->more_sk.assign(more_ranges, "");
    for (size_t h = 0; h < hashes.size(); ++h) *KeyField(s, true, h) = sample(sample_hashes, h);
    for (size_t r = 0; r < ranges.size(); ++r) *KeyField(s, false, r) = sample(sample_ranges, r);
    if (ranges.empty()) s->sk = sample(sample_ranges, 0);
    s->sk2 = s->sk;
    s->sk_op = SortKeyOp::kNone;
    s->sk_attr = 0;
    return;
  }
  s->more_pk.resize(more_hashes);
  s->more_sk.resize(more_ranges);
  if (keys_changed) s->sk_attr = 0;
  s->sk_attr = std::min(s->sk_attr, static_cast<int>(more_ranges));
  for (size_t h = 0; h < hashes.size(); ++h) {
    std::string* field = KeyField(s, true, h);
    if (field->empty()) *field = sample(sample_hashes, h);
  }
  if (ranges.empty()) return;
  const bool sort_key_used = NeedsFullKey(s->operation) || IsPartiQL(s->operation) ||
                             (s->operation == "Query" && s->sk_op != SortKeyOp::kNone);
  if (sort_key_used) {
    // The RANGE attributes the request names: all of a full key, up to sk_attr in a Query.
    const size_t named = s->operation == "Query" ? static_cast<size_t>(s->sk_attr) + 1 : 1;
    for (size_t r = 0; r < named && r < ranges.size(); ++r) {
      std::string* field = KeyField(s, false, r);
      if (field->empty()) *field = sample(sample_ranges, r);
    }
  }
  if (s->sk_op == SortKeyOp::kBetween && s->sk2.empty()) {
    s->sk2 = *KeyField(s, false, static_cast<size_t>(s->sk_attr));
  }
}

// DynamoDB: "Consistent reads are not supported on global secondary indexes" (API reference,
// Query and Scan: ConsistentRead; dynamodb-rules.md §2.2). The form drops ConsistentRead when it
// addresses a GSI.
void DropConsistentOnGsi(RequestForm* s, const SchemaView& schema) {
  const TableSchemaView* t = FormTable(*s, schema);
  if (!t || !FormHasIndex(s->operation) || s->index <= 0 ||
      s->index > static_cast<int>(t->indexes.size())) {
    return;
  }
  if (t->indexes[static_cast<size_t>(s->index - 1)].global) s->consistent = false;
}

// The form's key as a DynamoDB Key map of the table.
json FormKey(const RequestForm& s, const SchemaView& schema) {
  RequestForm table_form = s;
  table_form.operation = "GetItem";  // addresses the table
  KeyAttributeView hash, range;
  FormKeys(table_form, schema, &hash, &range);
  json key = json::object();
  key[hash.name] = Typed(hash.type, s.pk);
  if (!range.name.empty()) key[range.name] = Typed(range.type, s.sk);
  return key;
}

// A starting request for an operation the form does not edit (BatchGetItem, BatchWriteItem,
// TransactGetItems, TransactWriteItems): one entry for the form's key (BatchWriteItem and
// TransactWriteItems put `item`, the previous PutItem's Item or the key alone).
std::string JsonTemplate(const RequestForm& s, const SchemaView& schema, const json& item) {
  const TableSchemaView* t = FormTable(s, schema);
  const std::string table = t ? t->name : "";
  json key = FormKey(s, schema);
  json obj = json::object();
  if (s.operation == "BatchGetItem") {
    obj["RequestItems"][table]["Keys"] = json::array({key});
  } else if (s.operation == "BatchWriteItem") {
    json put = json::object();
    put["PutRequest"]["Item"] = item.is_object() ? item : key;
    obj["RequestItems"][table] = json::array({put});
  } else if (s.operation == "TransactGetItems") {
    json get = json::object();
    get["Get"]["TableName"] = table;
    get["Get"]["Key"] = key;
    obj["TransactItems"] = json::array({get});
  } else if (s.operation == "TransactWriteItems") {
    json put = json::object();
    put["Put"]["TableName"] = table;
    put["Put"]["Item"] = item.is_object() ? item : key;
    obj["TransactItems"] = json::array({put});
  }
  return obj.dump(2);
}

}  // namespace

void SwitchToPartiQL(RequestForm* s, const SchemaView& schema) {
  RememberPlaceholders(s);
  const std::string from = s->operation;
  json obj = json::parse(s->json_text, nullptr, false);
  if (obj.is_discarded() || !obj.is_object()) obj = json::object();
  std::vector<std::string> lost;
  PartiQLStatement statement = Translate(*s, schema, from, obj, &lost);
  s->partiql_note.clear();
  for (const std::string& l : lost) {
    s->partiql_note += (s->partiql_note.empty() ? "Not carried over: " : "; ") + l;
  }
  s->partiql_from = from;
  s->operation = "ExecuteStatement";
  s->statements = {statement};
  if (from != "Query" && from != "Scan") s->limit = 0;
  if (from != "GetItem" && from != "Query" && from != "Scan") s->consistent = false;
  s->json_text = "{}";
  FormToJson(s, schema);
}

void SwitchToApi(RequestForm* s, const SchemaView& schema, std::string operation) {
  s->operation = operation.empty() ? "Query" : std::move(operation);
  s->partiql_note.clear();
  s->json_text = "{}";
  s->custom_key_condition = false;
  s->kc_names.clear();
  s->kc_values.clear();
  FormToJson(s, schema);
  RestorePlaceholders(s);
}

void SwitchOperation(RequestForm* s, const SchemaView& schema, const std::string& operation) {
  if (operation == s->operation) return;
  // The label names what the request is (a pattern, a tour step); another operation is another
  // request.
  s->label.clear();
  const std::string from = s->operation;
  // The API operation whose key the form's fields hold: a PartiQL statement's is the one it was
  // translated from; a request the form does not edit (BatchGetItem, ...) left them as they were,
  // maybe another collection's.
  RequestForm old_form = *s;
  if (IsPartiQL(from)) old_form.operation = s->partiql_from;
  const bool known_keys = FormSupports(old_form.operation) && !IsPartiQL(old_form.operation);
  const std::string old_keys = KeyNames(old_form, schema);
  json old = json::parse(s->json_text, nullptr, false);
  auto old_item = old.is_object() ? old.find("Item") : old.end();
  const json put_item = from == "PutItem" && old_item != old.end() ? *old_item : json();
  RememberPlaceholders(s);

  if (!IsPartiQL(from) || !IsPartiQL(operation)) {
    // Into PartiQL, the key the API form holds is the one translated.
    s->operation = IsPartiQL(operation) ? from : operation;
    FillKey(s, schema, !known_keys || KeyNames(*s, schema) != old_keys);
    DropConsistentOnGsi(s, schema);
  }

  if (IsPartiQL(operation)) {
    if (!IsPartiQL(from)) SwitchToPartiQL(s, schema);
    if (operation == s->operation) return;
    // ExecuteStatement -> a batch or a transaction. "Each read statement in a
    // BatchExecuteStatement must specify an equality condition on all key attributes" (API
    // reference, BatchExecuteStatement), and a transaction's reads are TransactGetItems' Gets, one
    // item by its key each (API reference, ExecuteTransaction). So a Query's or Scan's translation,
    // not edited since, becomes the read of one item by its full key.
    if (s->operation == "ExecuteStatement" && s->statements.size() == 1 &&
        !s->partiql_from.empty() && s->partiql_from != "GetItem") {
      std::vector<std::string> lost;
      PartiQLStatement generated = Translate(*s, schema, s->partiql_from, json::object(), &lost);
      if (generated.statement == s->statements[0].statement &&
          generated.statement.rfind("SELECT ", 0) == 0) {
        RequestForm table_form = *s;
        table_form.operation = "GetItem";
        FillKey(&table_form, schema, false);
        s->pk = table_form.pk;
        s->sk = table_form.sk;
        s->statements = {Translate(*s, schema, "GetItem", json::object(), &lost)};
        s->partiql_from = "GetItem";
      }
    }
    s->operation = operation;
    s->json_text = "{}";
    FormToJson(s, schema);
    return;
  }
  if (!FormSupports(operation)) {
    s->partiql_note.clear();
    s->json_text = JsonTemplate(*s, schema, put_item);
    s->json_error.clear();
    return;
  }
  if (IsPartiQL(from)) {
    SwitchToApi(s, schema, operation);
    return;
  }
  // Start the new operation's request from the form, not from the old operation's JSON.
  s->json_text = "{}";
  s->custom_key_condition = false;
  s->kc_names.clear();
  s->kc_values.clear();
  FormToJson(s, schema);
  RestorePlaceholders(s);
}

void SelectIndex(RequestForm* s, const SchemaView& schema, int index) {
  const std::string old_keys = KeyNames(*s, schema);
  s->index = index;
  FillKey(s, schema, KeyNames(*s, schema) != old_keys);
  DropConsistentOnGsi(s, schema);
  FormToJson(s, schema);
}

}  // namespace monotable::ui
