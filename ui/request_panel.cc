// Request panel (see request_panel.h).
#include "ui/request_panel.h"

#include <cctype>
#include <string_view>

#include "imgui.h"
#include "imgui_stdlib.h"
#include "nlohmann/json.hpp"
#include "ui/request_codegen.h"
#include "ui/theme.h"
#include "ui/widgets.h"

namespace monotable::ui {
namespace {

// Ordered: the request keeps the member order the user (or the model file) wrote.
using json = nlohmann::ordered_json;

const char* const kSortKeyOps[] = {"(any)", "=", "<", "<=", ">", ">=", "begins_with", "between"};

bool HasKeyField(const std::string& op) {
  return op == "GetItem" || op == "DeleteItem" || op == "UpdateItem";
}
bool HasIndexField(const std::string& op) { return op == "Query" || op == "Scan"; }

const TableSchemaView* Table(const RequestPanelState& s, const SchemaView& schema) {
  if (s.table < 0 || s.table >= static_cast<int>(schema.tables.size())) return nullptr;
  return &schema.tables[static_cast<size_t>(s.table)];
}

// The key schema the form addresses: the table's or the selected index's.
void KeysOf(const RequestPanelState& s, const SchemaView& schema, KeyAttributeView* hash,
            KeyAttributeView* range) {
  const TableSchemaView* t = Table(s, schema);
  *hash = KeyAttributeView{};
  *range = KeyAttributeView{};
  if (!t) return;
  *hash = t->hash;
  *range = t->range;
  if (HasIndexField(s.operation) && s.index > 0 && s.index <= static_cast<int>(t->indexes.size())) {
    *hash = t->indexes[static_cast<size_t>(s.index - 1)].hash;
    *range = t->indexes[static_cast<size_t>(s.index - 1)].range;
  }
}

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

bool InputLine(const char* label, std::string* value, const char* hint = "") {
  ImGui::SetNextItemWidth(-1);
  bool changed = ImGui::InputTextWithHint(label, hint, value);
  TrackItem(label);
  return changed;
}

// Label to the left of a full-width field, aligned in a column.
void FieldLabel(const char* text, float width) {
  ImGui::AlignTextToFramePadding();
  MutedText("%s", text);
  ImGui::SameLine(width);
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

void PartiQLFromJson(const json& obj, RequestPanelState* s) {
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

void PartiQLToJson(RequestPanelState* s, json* obj) {
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
// Limit and ConsistentRead. True when something changed.
bool DrawPartiQLForm(RequestPanelState* s, float label_width) {
  const Fonts& fonts = CurrentFonts();
  const Palette& palette = CurrentPalette();
  bool changed = false;
  if (s->statements.empty()) s->statements.push_back({});
  const bool single = s->operation == "ExecuteStatement";
  int remove = -1;
  const float lines = single ? 3.2f : 2.2f;
  for (size_t i = 0; i < s->statements.size(); ++i) {
    PartiQLStatement& st = s->statements[i];
    ImGui::PushID(static_cast<int>(i));
    if (!single) {
      MutedText("Statement %d", static_cast<int>(i + 1));
      if (s->statements.size() > 1) {
        ImGui::SameLine();
        if (ImGui::SmallButton("Remove")) remove = static_cast<int>(i);
      }
    }
    if (fonts.mono) ImGui::PushFont(fonts.mono);
    changed |= ImGui::InputTextMultiline("##statement", &st.statement,
                                         ImVec2(-1, ImGui::GetTextLineHeight() * lines + 8),
                                         ImGuiInputTextFlags_AllowTabInput);
    if (i == 0) TrackItem("##statement");
    if (fonts.mono) ImGui::PopFont();
    FieldLabel("Parameters", label_width);
    ImGui::SetNextItemWidth(-1);
    changed |= ImGui::InputTextWithHint("##parameters", "[{\"S\": \"C#c001\"}] for each ?",
                                        &st.parameters);
    if (i == 0) TrackItem("##parameters");
    ImGui::PopID();
  }
  if (remove >= 0) {
    s->statements.erase(s->statements.begin() + remove);
    changed = true;
  }
  if (!single) {
    size_t max = s->operation == "BatchExecuteStatement" ? 25 : 100;  // DynamoDB's limits
    ImGui::BeginDisabled(s->statements.size() >= max);
    if (TrackedSmallButton("+ Statement")) {
      s->statements.push_back({});
      changed = true;
    }
    ImGui::EndDisabled();
    ImGui::SameLine();
    MutedText(s->operation == "ExecuteTransaction" ? "all or nothing, up to 100"
                                                   : "each on its own, up to 25");
  } else {
    FieldLabel("Options", label_width);
    ImGui::SetNextItemWidth(ImGui::CalcTextSize("0000").x + ImGui::GetFrameHeight() * 2);
    if (ImGui::InputInt("Limit", &s->limit)) {
      if (s->limit < 0) s->limit = 0;
      changed = true;
    }
    ImGui::SameLine();
    changed |= ImGui::Checkbox("Consistent", &s->consistent);
  }
  if (!s->partiql_note.empty()) {
    ImGui::PushTextWrapPos(0);
    ImGui::TextColored(palette.warning, "%s", s->partiql_note.c_str());
    ImGui::PopTextWrapPos();
  }
  return changed;
}

}  // namespace

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

void LoadRequest(RequestPanelState* state, const SchemaView& schema, const std::string& operation,
                 const std::string& request_json, const std::string& label) {
  state->operation = operation;
  state->label = label;
  json parsed = json::parse(request_json, nullptr, false);
  state->json_text = parsed.is_discarded() ? request_json : parsed.dump(2);
  JsonToForm(state, schema);
}

bool JsonToForm(RequestPanelState* s, const SchemaView& schema) {
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
  const TableSchemaView* t = Table(*s, schema);
  std::string index = StringMember(obj, "IndexName");
  if (t && !index.empty()) {
    for (size_t i = 0; i < t->indexes.size(); ++i) {
      if (t->indexes[i].name == index) s->index = static_cast<int>(i + 1);
    }
  }
  KeyAttributeView hash, range;
  KeysOf(*s, schema, &hash, &range);
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
  if (HasKeyField(s->operation)) {
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
    s->sk_op = SortKeyOp::kNone;
    if (expression.empty()) return true;
    if (!ParseKeyCondition(expression, names, values, &conditions, &s->kc_names, &s->kc_values)) {
      s->custom_key_condition = true;
      return true;
    }
    for (const KeyCondition& kc : conditions) {
      if (kc.name == hash.name && kc.op == SortKeyOp::kEq) {
        s->pk = kc.value;
      } else if (!range.name.empty() && kc.name == range.name) {
        s->sk_op = kc.op;
        s->sk = kc.value;
        s->sk2 = kc.value2;
      } else {
        s->custom_key_condition = true;
      }
    }
  }
  return true;
}

void FormToJson(RequestPanelState* s, const SchemaView& schema) {
  json obj = json::parse(s->json_text, nullptr, false);
  if (obj.is_discarded() || !obj.is_object()) obj = json::object();
  if (IsPartiQL(s->operation)) {
    PartiQLToJson(s, &obj);
    s->json_text = obj.dump(2);
    return;
  }
  const TableSchemaView* t = Table(*s, schema);
  if (t) obj["TableName"] = t->name;
  KeyAttributeView hash, range;
  KeysOf(*s, schema, &hash, &range);
  if (HasIndexField(s->operation)) {
    if (t && s->index > 0 && s->index <= static_cast<int>(t->indexes.size())) {
      obj["IndexName"] = t->indexes[static_cast<size_t>(s->index - 1)].name;
    } else {
      obj.erase("IndexName");
    }
  }
  if (HasKeyField(s->operation)) {
    json key = json::object();
    key[hash.name] = Typed(hash.type, s->pk);
    if (!range.name.empty()) key[range.name] = Typed(range.type, s->sk);
    obj["Key"] = key;
  }
  if (s->operation == "Query" && !s->custom_key_condition) {
    json& names = obj["ExpressionAttributeNames"];
    json& values = obj["ExpressionAttributeValues"];
    if (!names.is_object()) names = json::object();
    if (!values.is_object()) values = json::object();
    for (const std::string& n : s->kc_names) names.erase(n);
    for (const std::string& v : s->kc_values) values.erase(v);
    s->kc_names = {"#pk"};
    s->kc_values = {":pk"};
    names["#pk"] = hash.name;
    values[":pk"] = Typed(hash.type, s->pk);
    std::string expression = "#pk = :pk";
    if (s->sk_op != SortKeyOp::kNone && !range.name.empty()) {
      names["#sk"] = range.name;
      values[":sk"] = Typed(range.type, s->sk);
      s->kc_names.push_back("#sk");
      s->kc_values.push_back(":sk");
      switch (s->sk_op) {
        case SortKeyOp::kBeginsWith:
          expression += " AND begins_with(#sk, :sk)";
          break;
        case SortKeyOp::kBetween:
          values[":sk2"] = Typed(range.type, s->sk2);
          s->kc_values.push_back(":sk2");
          expression += " AND #sk BETWEEN :sk AND :sk2";
          break;
        default:
          expression += std::string(" AND #sk ") + kSortKeyOps[static_cast<int>(s->sk_op)] + " :sk";
      }
    }
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
    item[hash.name] = Typed(hash.type, "");
    if (!range.name.empty()) item[range.name] = Typed(range.type, "");
    obj["Item"] = item;
  }
  EraseEmpty(&obj, "ExpressionAttributeNames");
  EraseEmpty(&obj, "ExpressionAttributeValues");
  s->json_text = obj.dump(2);
  s->json_error.clear();
}

void SwitchToPartiQL(RequestPanelState* s, const SchemaView& schema) {
  const std::string from = s->operation;
  json obj = json::parse(s->json_text, nullptr, false);
  if (obj.is_discarded() || !obj.is_object()) obj = json::object();
  const TableSchemaView* t = Table(*s, schema);
  KeyAttributeView hash, range;
  KeysOf(*s, schema, &hash, &range);
  std::string statement;
  json params = json::array();
  std::vector<std::string> lost;
  const std::string table = t ? Quoted(t->name) : "\"table\"";
  // WHERE for the key the form holds: the partition key, and the sort key as the form says.
  auto key_where = [&](bool full_key) {
    std::string where = " WHERE " + Quoted(hash.name) + " = ?";
    params.push_back(Typed(hash.type, s->pk));
    if (range.name.empty()) return where;
    SortKeyOp op = full_key ? SortKeyOp::kEq : s->sk_op;
    switch (op) {
      case SortKeyOp::kNone:
        break;
      case SortKeyOp::kBeginsWith:
        where += " AND begins_with(" + Quoted(range.name) + ", ?)";
        params.push_back(Typed(range.type, s->sk));
        break;
      case SortKeyOp::kBetween:
        where += " AND " + Quoted(range.name) + " BETWEEN ? AND ?";
        params.push_back(Typed(range.type, s->sk));
        params.push_back(Typed(range.type, s->sk2));
        break;
      default:
        where += " AND " + Quoted(range.name) + " " + kSortKeyOps[static_cast<int>(op)] + " ?";
        params.push_back(Typed(range.type, s->sk));
    }
    return where;
  };
  std::string from_clause = table;
  if (HasIndexField(from) && t && s->index > 0 && s->index <= static_cast<int>(t->indexes.size())) {
    from_clause += "." + Quoted(t->indexes[static_cast<size_t>(s->index - 1)].name);
  }
  if (from == "GetItem") {
    statement = "SELECT " + SelectList(s->projection) + " FROM " + table + key_where(true);
  } else if (from == "Query" && !s->custom_key_condition) {
    statement = "SELECT " + SelectList(s->projection) + " FROM " + from_clause + key_where(false);
    if (!s->forward) lost.push_back("descending order (PartiQL returns ascending)");
  } else if (from == "Scan") {
    statement = "SELECT " + SelectList(s->projection) + " FROM " + from_clause;
  } else if (from == "PutItem" && obj.contains("Item") && obj["Item"].is_object()) {
    // Every attribute as a parameter: the values keep their DynamoDB types exactly.
    std::string members;
    for (auto a = obj["Item"].begin(); a != obj["Item"].end(); ++a) {
      std::string name;
      for (char c : a.key()) name += c == '\'' ? std::string("''") : std::string(1, c);
      members += (members.empty() ? "'" : ", '") + name + "': ?";
      params.push_back(a.value());
    }
    statement = "INSERT INTO " + table + " VALUE {" + members + "}";
  } else if (from == "DeleteItem") {
    statement = "DELETE FROM " + table + key_where(true);
  } else if (from == "UpdateItem") {
    params.push_back(Typed("S", ""));
    statement = "UPDATE " + table + " SET \"attribute\" = ?" + key_where(true);
    lost.push_back("the UpdateExpression (write it as SET / REMOVE)");
  } else {
    statement = "SELECT * FROM " + table + " WHERE " + Quoted(hash.name) + " = ?";
    params.push_back(Typed(hash.type, s->pk));
  }
  if ((from == "Query" || from == "Scan") && !s->filter.empty()) {
    lost.push_back("the FilterExpression (add it to WHERE)");
  }
  if (from == "Query" && s->custom_key_condition) lost.push_back("the custom key condition");
  s->partiql_note.clear();
  for (const std::string& l : lost) {
    s->partiql_note += (s->partiql_note.empty() ? "Not carried over: " : "; ") + l;
  }
  s->operation = "ExecuteStatement";
  s->statements = {{statement, params.empty() ? "" : params.dump()}};
  if (from != "Query" && from != "Scan") s->limit = 0;
  if (from != "GetItem" && from != "Query" && from != "Scan") s->consistent = false;
  s->json_text = "{}";
  FormToJson(s, schema);
}

void SwitchToApi(RequestPanelState* s, const SchemaView& schema, std::string operation) {
  s->operation = operation.empty() ? "Query" : std::move(operation);
  s->partiql_note.clear();
  s->json_text = "{}";
  s->custom_key_condition = false;
  s->kc_names.clear();
  s->kc_values.clear();
  FormToJson(s, schema);
}

void DrawRequestPanel(RequestPanelState* s, const SchemaView& schema, Intents* intents) {
  const Palette& palette = CurrentPalette();
  const Fonts& fonts = CurrentFonts();
  const float label_width = ImGui::GetStyle().WindowPadding.x + ImGui::CalcTextSize("Operation").x +
                            ImGui::GetStyle().ItemSpacing.x * 2;
  Heading("Request", s->label.empty() ? nullptr : s->label.c_str());

  bool form_changed = false;
  // Mode: the API's operations or PartiQL's (the same engine, the same capacity).
  const bool partiql = IsPartiQL(s->operation);
  FieldLabel("Mode", label_width);
  if (ImGui::RadioButton("API##mode", !partiql) && partiql) SwitchToApi(s, schema);
  TrackItem("API##mode");
  ImGui::SameLine();
  if (ImGui::RadioButton("PartiQL##mode", partiql) && !partiql) SwitchToPartiQL(s, schema);
  TrackItem("PartiQL##mode");
  if (ImGui::IsItemHovered()) {
    ImGui::SetTooltip(
        "ExecuteStatement, BatchExecuteStatement, ExecuteTransaction: the request "
        "above as a PartiQL statement");
  }
  // Operation and table.
  FieldLabel("Operation", label_width);
  ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x * (IsPartiQL(s->operation) ? 1 : 0.45f));
  if (ImGui::BeginCombo("##operation", s->operation.c_str())) {
    for (const std::string& op : BuilderOperations()) {
      if (IsPartiQL(op) != IsPartiQL(s->operation)) continue;
      if (ImGui::Selectable(op.c_str(), op == s->operation)) {
        if (op != s->operation) {
          s->operation = op;
          if (FormSupports(op)) {
            // Start the new operation's request from the form, not from the old operation's JSON.
            s->json_text = "{}";
            s->custom_key_condition = false;
            s->kc_names.clear();
            s->kc_values.clear();
            form_changed = true;
          }
        }
      }
    }
    ImGui::EndCombo();
  }
  TrackItem("##operation");
  const TableSchemaView* t = Table(*s, schema);
  if (!IsPartiQL(s->operation)) {
    ImGui::SameLine();
    ImGui::SetNextItemWidth(-1);
  }
  if (!IsPartiQL(s->operation) &&
      ImGui::BeginCombo("##table", t ? t->name.c_str() : "(no table)")) {
    for (size_t i = 0; i < schema.tables.size(); ++i) {
      if (ImGui::Selectable(schema.tables[i].name.c_str(), s->table == static_cast<int>(i))) {
        s->table = static_cast<int>(i);
        s->index = 0;
        form_changed = true;
      }
    }
    ImGui::EndCombo();
  }
  t = Table(*s, schema);

  if (IsPartiQL(s->operation)) {
    form_changed |= DrawPartiQLForm(s, label_width);
  } else if (FormSupports(s->operation) && t) {
    KeyAttributeView hash, range;
    KeysOf(*s, schema, &hash, &range);
    if (HasIndexField(s->operation)) {
      FieldLabel("Index", label_width);
      ImGui::SetNextItemWidth(-1);
      const char* current = s->index == 0
                                ? "(base table)"
                                : t->indexes[static_cast<size_t>(s->index - 1)].name.c_str();
      if (ImGui::BeginCombo("##index", current)) {
        if (ImGui::Selectable("(base table)", s->index == 0)) {
          s->index = 0;
          form_changed = true;
        }
        for (size_t i = 0; i < t->indexes.size(); ++i) {
          if (ImGui::Selectable(t->indexes[i].name.c_str(), s->index == static_cast<int>(i + 1))) {
            s->index = static_cast<int>(i + 1);
            form_changed = true;
          }
        }
        ImGui::EndCombo();
      }
      KeysOf(*s, schema, &hash, &range);
    }
    if (HasKeyField(s->operation) || s->operation == "Query") {
      if (s->operation == "Query" && s->custom_key_condition) {
        ImGui::TextColored(palette.warning, "Custom key condition: edit it in the JSON below.");
      } else {
        std::string hint = hash.name + " (" + hash.type + ")";
        FieldLabel("Partition", label_width);
        form_changed |= InputLine("##pk", &s->pk, hint.c_str());
        if (!range.name.empty()) {
          FieldLabel("Sort key", label_width);
          std::string range_hint = range.name + " (" + range.type + ")";
          if (s->operation == "Query") {
            ImGui::SetNextItemWidth(ImGui::CalcTextSize("begins_with").x +
                                    ImGui::GetFrameHeight() * 1.6f);
            int op = static_cast<int>(s->sk_op);
            if (ImGui::Combo("##skop", &op, kSortKeyOps, IM_ARRAYSIZE(kSortKeyOps))) {
              s->sk_op = static_cast<SortKeyOp>(op);
              form_changed = true;
            }
            if (s->sk_op != SortKeyOp::kNone) {
              ImGui::SameLine();
              if (s->sk_op == SortKeyOp::kBetween) {
                ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x * 0.5f -
                                        ImGui::GetStyle().ItemSpacing.x / 2);
                form_changed |= ImGui::InputTextWithHint("##sk", range_hint.c_str(), &s->sk);
                ImGui::SameLine();
                form_changed |= InputLine("##sk2", &s->sk2, "and");
              } else {
                form_changed |= InputLine("##sk", &s->sk, range_hint.c_str());
              }
            }
          } else {
            form_changed |= InputLine("##sk", &s->sk, range_hint.c_str());
          }
        }
      }
    }
    if (s->operation == "Query" || s->operation == "Scan") {
      FieldLabel("Filter", label_width);
      form_changed |= InputLine("##filter", &s->filter, "FilterExpression, e.g. #s = :status");
    }
    if (s->operation == "UpdateItem") {
      FieldLabel("Update", label_width);
      form_changed |= InputLine("##update", &s->update, "SET #s = :s ADD n :one");
    }
    if (s->operation == "PutItem" || s->operation == "UpdateItem" || s->operation == "DeleteItem") {
      FieldLabel("Condition", label_width);
      form_changed |= InputLine("##condition", &s->condition, "attribute_exists(PK)");
    }
    if (s->operation == "GetItem" || s->operation == "Query" || s->operation == "Scan") {
      FieldLabel("Project", label_width);
      form_changed |= InputLine("##projection", &s->projection, "ProjectionExpression (all)");
      FieldLabel("Options", label_width);
      if (s->operation != "GetItem") {
        ImGui::SetNextItemWidth(ImGui::CalcTextSize("0000").x + ImGui::GetFrameHeight() * 2);
        if (ImGui::InputInt("Limit", &s->limit)) {
          if (s->limit < 0) s->limit = 0;
          form_changed = true;
        }
        ImGui::SameLine();
      }
      if (s->operation == "Query") {
        bool descending = !s->forward;
        if (ImGui::Checkbox("Descending", &descending)) {
          s->forward = !descending;
          form_changed = true;
        }
        ImGui::SameLine();
      }
      form_changed |= ImGui::Checkbox("Consistent", &s->consistent);
    }
    if (s->operation == "PutItem") MutedText("Edit the Item in the JSON below.");
  } else if (!FormSupports(s->operation)) {
    MutedText("%s is edited as JSON.", s->operation.c_str());
  }
  if (form_changed) FormToJson(s, schema);

  // JSON editor.
  float buttons_height = ImGui::GetFrameHeightWithSpacing() + ImGui::GetStyle().ItemSpacing.y;
  ImVec2 editor_size(-1, ImGui::GetContentRegionAvail().y - buttons_height -
                             (s->json_error.empty() ? 0 : ImGui::GetTextLineHeightWithSpacing()));
  float min_height = ImGui::GetTextLineHeight() * 4;
  if (editor_size.y < min_height) editor_size.y = min_height;
  if (fonts.mono) ImGui::PushFont(fonts.mono);
  bool edited = ImGui::InputTextMultiline("##json", &s->json_text, editor_size,
                                          ImGuiInputTextFlags_AllowTabInput);
  if (fonts.mono) ImGui::PopFont();
  TrackItem("##json");
  if (edited) JsonToForm(s, schema);
  if (!s->json_error.empty()) ImGui::TextColored(palette.error, "%s", s->json_error.c_str());

  // Run and copy.
  ImGuiIO& io = ImGui::GetIO();
  bool ctrl_enter =
      io.KeyCtrl && (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Enter), false) ||
                     ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_KeyPadEnter), false));
  ImGui::PushStyleColor(ImGuiCol_Button, ImGui::GetStyleColorVec4(ImGuiCol_ButtonActive));
  bool run = TrackedButton("Run request");
  ImGui::PopStyleColor();
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Ctrl+Enter");
  if (run || ctrl_enter) {
    Intent intent{IntentKind::kRunRequest};
    intent.operation = s->operation;
    intent.text = s->json_text;
    intent.label = s->label;
    intents->push_back(intent);
  }
  ImGui::SameLine();
  MutedText("Copy as");
  struct Target {
    const char* label;
    const char* title;
    std::string (*generate)(std::string_view, std::string_view);
  };
  static const Target kTargets[] = {{"AWS CLI", "AWS CLI", ToAwsCli},
                                    {"boto3", "Python (boto3)", ToBoto3},
                                    {"JS SDK v3", "JavaScript (AWS SDK v3)", ToJsSdkV3}};
  for (const Target& target : kTargets) {
    ImGui::SameLine();
    if (TrackedButton(target.label)) {
      std::string code = target.generate(s->operation, s->json_text);
      if (!code.empty()) {
        s->copy_title = target.title;
        s->copy_text = code;
        Intent intent{IntentKind::kCopyText};
        intent.text = code;
        intents->push_back(intent);
        ImGui::OpenPopup("##copied");
      }
    }
  }
  if (ImGui::BeginPopup("##copied")) {
    ImGui::Text("%s, copied to the clipboard:", s->copy_title.c_str());
    if (fonts.mono) ImGui::PushFont(fonts.mono);
    ImGui::TextUnformatted(s->copy_text.c_str());
    if (fonts.mono) ImGui::PopFont();
    ImGui::EndPopup();
  }
}

}  // namespace monotable::ui
