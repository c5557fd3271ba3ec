// legacy: DynamoDB's pre-expression parameters (AttributesToGet, Expected, ConditionalOperator,
// AttributeUpdates, KeyConditions, QueryFilter, ScanFilter), rewritten into the equivalent
// expression parameters before the handler runs, so one evaluator serves both.
//
// Names go through generated #lgN placeholders (legacy names are literal top-level attribute
// names, never paths) and values through :lgN placeholders copied verbatim from the request, so
// the handler validates them as it validates any ExpressionAttributeValues.
//
// DynamoDB rules implemented here (API reference "Legacy conditional parameters", DG
// LegacyConditionalParameters):
// - a request may not mix them with expressions: "Can not use both expression and non-expression
//   parameters in the same request: Non-expression parameters: {Expected} Expression parameters:
//   {ConditionExpression}";
// - ComparisonOperator takes a fixed number of values: "One or more parameter values were
//   invalid: Invalid number of argument(s) for the EQ ComparisonOperator";
// - Expected: {Exists:false} = attribute_not_exists, {Value} (Exists true by default) = equality;
//   Exists:true without Value and Exists:false with Value are errors;
// - ConditionalOperator (AND by default, OR) joins the conditions of Expected / QueryFilter /
//   ScanFilter;
// - AttributeUpdates: PUT = SET, DELETE without Value = REMOVE, DELETE with Value = DELETE from a
//   set, ADD = ADD to a number or set (or, for a list, appends to it);
// - KeyConditions allow EQ, LE, LT, GE, GT, BEGINS_WITH and BETWEEN only;
// - KeyConditions may come with FilterExpression / ProjectionExpression (DG "KeyConditions": the
//   filter is applied after the items are read); only KeyConditionExpression conflicts with it
//   (dynalite's validations/index.js, tested against DynamoDB; the DAX client's RequestValidator);
// - a Condition's values: the count its operator takes, all of one type, and a type the operator
//   supports (API reference Condition; dynalite's test/scan.js: EQ/NE any type, LE/LT/GE/GT/IN/
//   BETWEEN S, N or B, BEGINS_WITH S or B, CONTAINS/NOT_CONTAINS no set, map or list):
//   "ComparisonOperator CONTAINS is not valid for SS AttributeValue type", "AttributeValues inside
//   AttributeValueList must be of same type" (dynalite);
// - Expected: Value and AttributeValueList not together, Exists not with ComparisonOperator, a
//   ComparisonOperator other than NULL/NOT_NULL needs Value or AttributeValueList (Value counts as
//   one argument), AttributeValueList needs a ComparisonOperator (dynalite);
// - ConditionalOperator needs Expected / QueryFilter / ScanFilter with two or more conditions
//   ("ConditionalOperator cannot be used without Filter or Expected", "ConditionalOperator can only
//   be used when Filter or Expected has two or more elements": the DAX client's RequestValidator,
//   the Parity Suite's deep-request probe);
// - AttributesToGet: at least one name ("Value '[]' at 'attributesToGet' failed to satisfy
//   constraint: Member must have length greater than or equal to 1"), none twice ("Duplicate
//   value in attribute name: a", dynalite);
// - AttributeUpdates: DELETE with a Value only for a set, ADD only for a number, set or list
//   (dynalite; API reference AttributeValueUpdate).
#include <algorithm>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "api/api.h"
#include "api/messages.h"
#include "api/wire/wire.h"
#include "monotable/number.h"

namespace monotable::api {
namespace {

struct Builder {
  json names = json::object();
  json values = json::object();
  int next_name = 0, next_value = 0;

  // Placeholders the request does not already use (KeyConditions beside expressions).
  std::string Name(const std::string& name) {
    std::string p;
    do p = "#lg" + std::to_string(next_name++);
    while (names.contains(p));
    names[p] = name;
    return p;
  }
  std::string Value(const json& value) {
    std::string p;
    do p = ":lg" + std::to_string(next_value++);
    while (values.contains(p));
    values[p] = value;
    return p;
  }
};

Status InvalidArgs(const std::string& op) {
  return Status::Validation(
      "One or more parameter values were invalid: Invalid number of argument(s) for the " + op +
      " ComparisonOperator");
}

// The AttributeValue type of a value as sent ("S", "SS", ...; "" when it is not one).
std::string TypeOf(const json& v) {
  return v.is_object() && v.size() == 1 ? v.begin().key() : std::string();
}

Status Invalid(const std::string& text) {
  return Status::Validation("One or more parameter values were invalid: " + text);
}

// The operand count (known operators only; an unknown one is refused later, as an enum) and the
// types the operator's values may have (API reference "Condition").
bool CountFits(const std::string& op, size_t n, bool* known) {
  *known = true;
  if (op == "NULL" || op == "NOT_NULL") return n == 0;
  if (op == "BETWEEN") return n == 2;
  if (op == "IN") return n >= 1;
  if (op == "EQ" || op == "NE" || op == "LE" || op == "LT" || op == "GE" || op == "GT" ||
      op == "CONTAINS" || op == "NOT_CONTAINS" || op == "BEGINS_WITH") {
    return n == 1;
  }
  *known = false;
  return true;
}

Status CheckValueTypes(const std::string& op, const json& args) {
  if (args.empty()) return Status::Ok();
  const std::string first = TypeOf(args[0]);
  for (const json& v : args) {
    if (TypeOf(v) != first) {
      return Invalid("AttributeValues inside AttributeValueList must be of same type");
    }
  }
  if (op == "EQ" || op == "NE") return Status::Ok();  // every type, lists and maps included
  const bool scalar = first == "S" || first == "N" || first == "B";
  const bool collection =
      first == "SS" || first == "NS" || first == "BS" || first == "M" || first == "L";
  // CONTAINS / NOT_CONTAINS refuse only sets, maps and lists (BOOL and NULL pass: dynalite's
  // test/scan.js, run against DynamoDB).
  const bool fits = op == "BEGINS_WITH"                        ? first == "S" || first == "B"
                    : op == "CONTAINS" || op == "NOT_CONTAINS" ? !collection
                                                               : scalar;
  if (!fits) {
    return Invalid("ComparisonOperator " + op + " is not valid for " + first +
                   " AttributeValue type");
  }
  return Status::Ok();
}

// True when `lo` sorts after `hi` (two S, N or B values as sent; false when either does not
// parse: the handler then reports the value itself).
bool Reversed(const json& lo, const json& hi) {
  const std::string type = TypeOf(lo);
  const json& a = lo.begin().value();
  const json& b = hi.begin().value();
  if (!a.is_string() || !b.is_string()) return false;
  const std::string& x = a.get_ref<const std::string&>();
  const std::string& y = b.get_ref<const std::string&>();
  if (type == "S") return x > y;
  if (type == "N") {
    Number m, n;
    if (!Number::Parse(x, &m).ok() || !Number::Parse(y, &n).ok()) return false;
    return m.Compare(n) > 0;
  }
  if (type == "B") {
    std::string m, n;
    if (!wire::Base64Decode(x, &m) || !wire::Base64Decode(y, &n)) return false;
    // Binary values compare as unsigned bytes.
    return std::lexicographical_compare(n.begin(), n.end(), m.begin(), m.end(), [](char c, char d) {
      return static_cast<unsigned char>(c) < static_cast<unsigned char>(d);
    });
  }
  return false;
}

// One {ComparisonOperator, AttributeValueList} condition on `attribute` as an expression.
Status ComparisonToExpression(const std::string& attribute, const json& cond, bool key_condition,
                              Builder* b, std::string* out) {
  std::optional<std::string> op;
  MT_RETURN_IF_ERROR(ReadString(cond, "ComparisonOperator", &op));
  const json* list = nullptr;
  MT_RETURN_IF_ERROR(ReadArray(cond, "AttributeValueList", &list));
  if (!op) {
    return Status::Validation(
        "One or more parameter values were invalid: ComparisonOperator must not be null");
  }
  static const json kEmpty = json::array();
  const json& args = list ? *list : kEmpty;
  const size_t n = args.size();
  bool known = false;
  if (!CountFits(*op, n, &known)) return InvalidArgs(*op);
  if (known) {
    if (Status t = CheckValueTypes(*op, args); !t.ok()) return t;
  }
  static const std::pair<const char*, const char*> kBinary[] = {
      {"EQ", "="}, {"NE", "<>"}, {"LE", "<="}, {"LT", "<"}, {"GE", ">="}, {"GT", ">"}};
  if (key_condition) {
    // DynamoDB rule: KeyConditions accept only the operators a key condition can use.
    const bool allowed = *op == "EQ" || *op == "LE" || *op == "LT" || *op == "GE" || *op == "GT" ||
                         *op == "BEGINS_WITH" || *op == "BETWEEN";
    if (!allowed) {
      return Status::Validation("Attempted conditional constraint is not an indexable operation");
    }
  }
  for (const auto& [name, symbol] : kBinary) {
    if (*op != name) continue;
    if (n != 1) return InvalidArgs(*op);
    *out = b->Name(attribute) + " " + symbol + " " + b->Value(args[0]);
    return Status::Ok();
  }
  if (*op == "NOT_NULL" || *op == "NULL") {
    if (n != 0) return InvalidArgs(*op);
    *out = std::string(*op == "NULL" ? "attribute_not_exists(" : "attribute_exists(") +
           b->Name(attribute) + ")";
    return Status::Ok();
  }
  if (*op == "CONTAINS" || *op == "NOT_CONTAINS" || *op == "BEGINS_WITH") {
    if (n != 1) return InvalidArgs(*op);
    const std::string call = std::string(*op == "BEGINS_WITH" ? "begins_with(" : "contains(") +
                             b->Name(attribute) + ", " + b->Value(args[0]) + ")";
    *out = *op == "NOT_CONTAINS" ? "NOT " + call : call;
    return Status::Ok();
  }
  if (*op == "BETWEEN") {
    if (n != 2) return InvalidArgs(*op);
    // DynamoDB rule (dynalite's DynamoDB-tested validations): a legacy BETWEEN with its bounds
    // reversed has its own message, not the expression's.
    if (Reversed(args[0], args[1])) {
      return Status::Validation(
          "The BETWEEN condition was provided a range where the lower bound is greater than the "
          "upper bound");
    }
    *out = b->Name(attribute) + " BETWEEN " + b->Value(args[0]) + " AND " + b->Value(args[1]);
    return Status::Ok();
  }
  if (*op == "IN") {
    if (n < 1) return InvalidArgs(*op);
    std::string list_text;
    for (const json& v : args) list_text += (list_text.empty() ? "" : ", ") + b->Value(v);
    *out = b->Name(attribute) + " IN (" + list_text + ")";
    return Status::Ok();
  }
  return Status::Validation("1 validation error detected: Value '" + *op +
                            "' at 'comparisonOperator' failed to satisfy constraint: Member must "
                            "satisfy enum value set: [IN, NULL, BETWEEN, LT, NOT_CONTAINS, EQ, "
                            "GT, NOT_NULL, NE, LE, BEGINS_WITH, GE, CONTAINS]");
}

// Expected: a map of attribute -> ExpectedAttributeValue.
Status ExpectedToExpression(const json& expected, const std::string& joiner, Builder* b,
                            std::string* out) {
  if (!expected.is_object()) {
    return Status::Serialization("Unexpected value type in payload");
  }
  std::vector<std::string> parts;
  for (auto it = expected.begin(); it != expected.end(); ++it) {
    const std::string& attribute = it.key();
    const json& cond = it.value();
    if (!cond.is_object()) return Status::Serialization("Unexpected value type in payload");
    std::string part;
    if (cond.contains("Value") && cond.contains("AttributeValueList")) {
      return Invalid("Value and AttributeValueList cannot be used together for Attribute: " +
                     attribute);
    }
    if (cond.contains("ComparisonOperator")) {
      if (cond.contains("Exists")) {
        return Invalid("Exists and ComparisonOperator cannot be used together for Attribute: " +
                       attribute);
      }
      json with_list = cond;
      if (cond.contains("Value")) {
        // Value stands for a one-element AttributeValueList.
        with_list.erase("Value");
        with_list["AttributeValueList"] = json::array({cond["Value"]});
      }
      const json& op = cond["ComparisonOperator"];
      if (op.is_string() && op != "NULL" && op != "NOT_NULL" &&
          !with_list.contains("AttributeValueList")) {
        return Invalid("Value or AttributeValueList must be used with ComparisonOperator: " +
                       op.get<std::string>() + " for Attribute: " + attribute);
      }
      MT_RETURN_IF_ERROR(ComparisonToExpression(attribute, with_list, false, b, &part));
    } else if (cond.contains("AttributeValueList")) {
      return Invalid(
          "AttributeValueList can only be used with a ComparisonOperator for Attribute: " +
          attribute);
    } else {
      std::optional<bool> exists;
      MT_RETURN_IF_ERROR(ReadBool(cond, "Exists", &exists));
      const bool has_value = cond.contains("Value") && !cond["Value"].is_null();
      if (exists.value_or(true)) {
        if (!has_value) {
          return Invalid(std::string("Value must be provided when Exists is ") +
                         (exists ? "true" : "null") + " for Attribute: " + attribute);
        }
        part = b->Name(attribute) + " = " + b->Value(cond["Value"]);
      } else {
        if (has_value) {
          return Status::Validation(
              "One or more parameter values were invalid: Value cannot be used when Exists is "
              "false for Attribute: " +
              attribute);
        }
        part = "attribute_not_exists(" + b->Name(attribute) + ")";
      }
    }
    parts.push_back("(" + part + ")");
  }
  for (size_t i = 0; i < parts.size(); ++i) *out += (i ? " " + joiner + " " : "") + parts[i];
  return Status::Ok();
}

// QueryFilter / ScanFilter / KeyConditions: a map of attribute -> Condition.
Status ConditionsToExpression(const json& conditions, const std::string& joiner, bool key_condition,
                              Builder* b, std::string* out) {
  if (!conditions.is_object()) return Status::Serialization("Unexpected value type in payload");
  std::vector<std::string> parts;
  for (auto it = conditions.begin(); it != conditions.end(); ++it) {
    if (!it.value().is_object()) return Status::Serialization("Unexpected value type in payload");
    std::string part;
    MT_RETURN_IF_ERROR(ComparisonToExpression(it.key(), it.value(), key_condition, b, &part));
    parts.push_back(key_condition ? part : "(" + part + ")");
  }
  for (size_t i = 0; i < parts.size(); ++i) *out += (i ? " " + joiner + " " : "") + parts[i];
  return Status::Ok();
}

Status AttributesToGetToExpression(const json& attributes, const std::string& path, Builder* b,
                                   std::string* out) {
  if (!attributes.is_array()) return Status::Serialization("Unexpected field type");
  for (const json& a : attributes) {
    if (!a.is_string()) return Status::Serialization("Unexpected value type in payload");
  }
  if (attributes.empty()) {
    return Status::Validation("1 validation error detected: Value '[]' at '" + path +
                              "' failed to satisfy constraint: Member must have length greater "
                              "than or equal to 1");
  }
  std::set<std::string> seen;
  for (const json& a : attributes) {
    const std::string& name = a.get_ref<const std::string&>();
    // An attribute name is at most 65,535 bytes (ALT test_limits.py
    // test_limit_attribute_length_nonkey_bad: AttributesToGet, against DynamoDB).
    if (name.size() > 65535) return messages::AttributeNameTooLarge();
    if (!seen.insert(name).second) {
      return Invalid("Duplicate value in attribute name: " + name);
    }
    *out += (out->empty() ? "" : ", ") + b->Name(name);
  }
  return Status::Ok();
}

Status AttributeUpdatesToExpression(const json& updates, Builder* b, std::string* out) {
  if (!updates.is_object()) return Status::Serialization("Unexpected value type in payload");
  std::vector<std::string> set, remove, add, del;
  for (auto it = updates.begin(); it != updates.end(); ++it) {
    const std::string& attribute = it.key();
    const json& u = it.value();
    if (!u.is_object()) return Status::Serialization("Unexpected value type in payload");
    std::optional<std::string> action;
    MT_RETURN_IF_ERROR(ReadString(u, "Action", &action));
    const bool has_value = u.contains("Value") && !u["Value"].is_null();
    const std::string a = action.value_or("PUT");
    const std::string type = has_value ? TypeOf(u["Value"]) : std::string();
    if (a == "DELETE" && has_value && type != "SS" && type != "NS" && type != "BS") {
      return Invalid("DELETE action with value is not supported for the type " + type);
    }
    if (a == "ADD" && has_value && type != "N" && type != "SS" && type != "NS" && type != "BS" &&
        type != "L") {
      return Invalid("ADD action is not supported for the type " + type);
    }
    if (a == "PUT") {
      if (!has_value) {
        return Status::Validation(
            "One or more parameter values were invalid: Only DELETE action is allowed when no "
            "attribute value is specified");
      }
      set.push_back(b->Name(attribute) + " = " + b->Value(u["Value"]));
    } else if (a == "DELETE") {
      if (has_value) {
        del.push_back(b->Name(attribute) + " " + b->Value(u["Value"]));
      } else {
        remove.push_back(b->Name(attribute));
      }
    } else if (a == "ADD") {
      if (!has_value) {
        return Status::Validation(
            "One or more parameter values were invalid: Only DELETE action is allowed when no "
            "attribute value is specified");
      }
      const json& v = u["Value"];
      if (v.is_object() && v.contains("L")) {
        // Legacy ADD of a list appends to the existing list (or starts one).
        const std::string n = b->Name(attribute);
        set.push_back(n + " = list_append(if_not_exists(" + n + ", " +
                      b->Value(json{{"L", json::array()}}) + "), " + b->Value(v) + ")");
      } else {
        add.push_back(b->Name(attribute) + " " + b->Value(v));
      }
    } else {
      return Status::Validation("1 validation error detected: Value '" + a +
                                "' at 'attributeUpdates." + attribute +
                                ".member.action' failed to satisfy constraint: Member must "
                                "satisfy enum value set: [ADD, PUT, DELETE]");
    }
  }
  auto clause = [&](const char* keyword, const std::vector<std::string>& parts) {
    if (parts.empty()) return;
    if (!out->empty()) *out += " ";
    *out += keyword;
    for (size_t i = 0; i < parts.size(); ++i) *out += (i ? ", " : " ") + parts[i];
  };
  clause("SET", set);
  clause("REMOVE", remove);
  clause("ADD", add);
  clause("DELETE", del);
  return Status::Ok();
}

bool Present(const json& obj, const char* member) {
  return obj.is_object() && obj.contains(member) && !obj[member].is_null();
}

// Rewrites the legacy members of one request object (a whole request, or one BatchGetItem
// RequestItems entry). `legacy` and `modern` list the members this operation knows, in the order
// DynamoDB names them; `path` is the object's member path in constraint messages ("" for a whole
// request, "requestItems.T.member." for a BatchGetItem entry).
Status Rewrite(json* obj, const std::vector<const char*>& legacy,
               const std::vector<const char*>& modern, const std::string& path = "") {
  json& o = *obj;
  std::string used_legacy, used_modern;
  for (const char* m : modern) {
    if (Present(o, m)) used_modern += (used_modern.empty() ? "" : ", ") + std::string(m);
  }
  // DynamoDB rule: KeyConditions conflicts with KeyConditionExpression only; with a
  // FilterExpression or ProjectionExpression it is the key condition they apply to.
  const bool key_conditions_with_expressions =
      Present(o, "KeyConditions") && !Present(o, "KeyConditionExpression") && !used_modern.empty();
  bool any_legacy = false;
  for (const char* m : legacy) {
    if (!Present(o, m)) continue;
    any_legacy = true;
    if (key_conditions_with_expressions && std::string_view(m) == "KeyConditions") continue;
    used_legacy += (used_legacy.empty() ? "" : ", ") + std::string(m);
  }
  if (!any_legacy) return Status::Ok();
  if (!used_legacy.empty() && !used_modern.empty()) {
    return messages::MixedParameters(used_legacy, used_modern);
  }
  // The expressions that could use ExpressionAttributeValues, for its message.
  std::string value_expressions;
  size_t value_expression_count = 0;
  bool any_value_expression = false;
  for (const char* m : modern) {
    if (std::string_view(m) == "ProjectionExpression") continue;
    any_value_expression = any_value_expression || Present(o, m);
    value_expressions += (value_expression_count++ ? " and " : "") + std::string(m);
  }
  if (Present(o, "ExpressionAttributeNames") && used_modern.empty()) {
    return Status::Validation(
        "ExpressionAttributeNames can only be specified when using expressions");
  }
  if (Present(o, "ExpressionAttributeValues") && !any_value_expression) {
    return messages::ValuesWithoutExpression(value_expressions, value_expression_count);
  }
  std::optional<std::string> conditional_operator;
  Status s = ReadString(o, "ConditionalOperator", &conditional_operator);
  if (!s.ok()) return s;
  if (conditional_operator && *conditional_operator != "AND" && *conditional_operator != "OR") {
    return Status::Validation("1 validation error detected: Value '" + *conditional_operator +
                              "' at 'conditionalOperator' failed to satisfy constraint: Member "
                              "must satisfy enum value set: [AND, OR]");
  }
  if (conditional_operator) {
    // DynamoDB rule: ConditionalOperator joins two or more conditions of Expected, QueryFilter or
    // ScanFilter (DAX client RequestValidator; Parity Suite deep-request probe).
    const json* joined = nullptr;
    for (const char* m : {"Expected", "QueryFilter", "ScanFilter"}) {
      if (Present(o, m)) joined = &o[m];
    }
    if (!joined) {
      return Status::Validation("ConditionalOperator cannot be used without Filter or Expected");
    }
    if (joined->is_object() && joined->size() < 2) {
      return Status::Validation(
          "ConditionalOperator can only be used when Filter or Expected has two or more elements");
    }
  }
  const std::string joiner = conditional_operator.value_or("AND");
  Builder b;
  // With expressions present (KeyConditions beside a FilterExpression), the generated
  // placeholders join the request's own.
  if (Present(o, "ExpressionAttributeNames") && o["ExpressionAttributeNames"].is_object()) {
    b.names = o["ExpressionAttributeNames"];
  }
  if (Present(o, "ExpressionAttributeValues") && o["ExpressionAttributeValues"].is_object()) {
    b.values = o["ExpressionAttributeValues"];
  }
  std::string text;
  if (Present(o, "AttributesToGet")) {
    s = AttributesToGetToExpression(o["AttributesToGet"], path + "attributesToGet", &b, &text);
    if (!s.ok()) return s;
    if (!text.empty()) o["ProjectionExpression"] = text;
    o.erase("AttributesToGet");
  }
  if (Present(o, "Expected")) {
    text.clear();
    MT_RETURN_IF_ERROR(ExpectedToExpression(o["Expected"], joiner, &b, &text));
    if (!text.empty()) o["ConditionExpression"] = text;
    o.erase("Expected");
  }
  if (Present(o, "AttributeUpdates")) {
    text.clear();
    MT_RETURN_IF_ERROR(AttributeUpdatesToExpression(o["AttributeUpdates"], &b, &text));
    if (!text.empty()) o["UpdateExpression"] = text;
    o.erase("AttributeUpdates");
  }
  for (const char* filter : {"QueryFilter", "ScanFilter"}) {
    if (!Present(o, filter)) continue;
    text.clear();
    MT_RETURN_IF_ERROR(ConditionsToExpression(o[filter], joiner, false, &b, &text));
    if (!text.empty()) o["FilterExpression"] = text;
    o.erase(filter);
  }
  if (Present(o, "KeyConditions")) {
    text.clear();
    MT_RETURN_IF_ERROR(ConditionsToExpression(o["KeyConditions"], "AND", true, &b, &text));
    if (!text.empty()) o["KeyConditionExpression"] = text;
    o.erase("KeyConditions");
  }
  o.erase("ConditionalOperator");
  if (!b.names.empty()) o["ExpressionAttributeNames"] = b.names;
  if (!b.values.empty()) o["ExpressionAttributeValues"] = b.values;
  return Status::Ok();
}

}  // namespace

Status TranslateLegacy(std::string_view operation, json* request) {
  if (operation == "GetItem") {
    return Rewrite(request, {"AttributesToGet"}, {"ProjectionExpression"});
  }
  if (operation == "PutItem" || operation == "DeleteItem") {
    return Rewrite(request, {"Expected", "ConditionalOperator"}, {"ConditionExpression"});
  }
  if (operation == "UpdateItem") {
    return Rewrite(request, {"AttributeUpdates", "Expected", "ConditionalOperator"},
                   {"UpdateExpression", "ConditionExpression"});
  }
  if (operation == "Query") {
    return Rewrite(request,
                   {"AttributesToGet", "QueryFilter", "ConditionalOperator", "KeyConditions"},
                   {"ProjectionExpression", "FilterExpression", "KeyConditionExpression"});
  }
  if (operation == "Scan") {
    return Rewrite(request, {"AttributesToGet", "ScanFilter", "ConditionalOperator"},
                   {"ProjectionExpression", "FilterExpression"});
  }
  if (operation == "BatchGetItem") {
    json* items = request->contains("RequestItems") ? &(*request)["RequestItems"] : nullptr;
    if (!items || !items->is_object()) return Status::Ok();
    for (auto it = items->begin(); it != items->end(); ++it) {
      if (!it.value().is_object()) continue;
      MT_RETURN_IF_ERROR(Rewrite(&it.value(), {"AttributesToGet"}, {"ProjectionExpression"},
                                 "requestItems." + it.key() + ".member."));
    }
  }
  return Status::Ok();
}

}  // namespace monotable::api
