// Request form: the request builder's model, everything of it that is not drawing. A form per
// operation (table or index, key values, sort key condition, filter, projection, limit, direction,
// consistency) kept in sync with the request's JSON text; PartiQL statements for ExecuteStatement,
// BatchExecuteStatement and ExecuteTransaction; the API -> PartiQL translation; switching the
// operation.
//
// The JSON text is the request; the form edits the fields it understands and leaves every other
// member of the JSON as it is (filter values, ReturnValues, ...). A key condition the form cannot
// express is kept verbatim and marked "custom".
//
// Knows the schema view (ui/views.h) and nlohmann::json (inside the .cc only); no ImGui, no engine:
// ui/request_panel.cc draws this state and the app runs the request it holds.
#pragma once

#include <string>
#include <vector>

#include "ui/views.h"

namespace monotable::ui {

// The form's sort key condition. The order is kSortKeyOpTexts' order.
enum class SortKeyOp : int { kNone, kEq, kLt, kLe, kGt, kGe, kBeginsWith, kBetween };

// Indexed by SortKeyOp: "(any)" for kNone, then the KeyConditionExpression operator ("=", "<",
// "<=", ">", ">=", "begins_with", "between"). Static storage.
extern const char* const kSortKeyOpTexts[8];

// One PartiQL statement of the builder: its text and its `?` parameters as a JSON array of
// DynamoDB values (`[{"S": "C#c001"}]`; "" for none).
struct PartiQLStatement {
  std::string statement;
  std::string parameters;
};

// The builder's state: the request (operation, JSON text, label) and the form's fields.
struct RequestForm {
  std::string operation = "Query";
  std::string json_text = "{}";
  std::string json_error;  // why json_text does not parse ("" when it does)
  std::string label;       // what the request is (a pattern's name), for the history
  // The form.
  int table = 0;
  int index = 0;  // 0: the table itself; i + 1: SchemaView index i
  std::string pk, sk, sk2;
  SortKeyOp sk_op = SortKeyOp::kNone;
  // A multi-attribute GSI key (up to four HASH and four RANGE attributes, DG
  // GSI.html#GSI.MultiAttributeKeys): more_pk[i] is the value of HASH attribute i + 2 and
  // more_sk[i] of RANGE attribute i + 2, in key schema order (pk and sk are the first ones). A
  // Query names every HASH attribute with `=`, and the RANGE attributes left to right up to
  // sk_attr (0-based): the ones before it with `=`, sk_attr itself with sk_op (sk2: BETWEEN's upper
  // bound). Always 0 and empty for a single-attribute key.
  std::vector<std::string> more_pk, more_sk;
  int sk_attr = 0;
  bool custom_key_condition = false;
  std::vector<std::string> kc_names, kc_values;  // placeholders the key condition uses
  std::string filter, projection, update, condition;
  int limit = 0;
  bool forward = true;
  bool consistent = false;
  // PartiQL: statements[0] for ExecuteStatement; all of them for BatchExecuteStatement
  // (Statements) and ExecuteTransaction (TransactStatements).
  std::vector<PartiQLStatement> statements;
  std::string partiql_note;  // what switching to PartiQL could not carry over ("" when nothing)
  std::string partiql_from;  // the API operation the PartiQL statement was translated from
  // ExpressionAttributeNames / ExpressionAttributeValues of the requests this form held since it
  // was loaded, as JSON objects' text: an operation switch rebuilds the request from the form and
  // takes from these the placeholders its filter, projection, update and condition use.
  std::string carried_names = "{}";
  std::string carried_values = "{}";
};

// Operations the builder offers, in menu order: the API's, then PartiQL's. Static storage.
const std::vector<std::string>& BuilderOperations();
// True for ExecuteStatement, BatchExecuteStatement, ExecuteTransaction.
bool IsPartiQL(const std::string& operation);
// True if the form knows `operation`'s fields (other operations are edited as JSON).
bool FormSupports(const std::string& operation);
// True if `operation`'s form has a full primary key (GetItem, UpdateItem, DeleteItem).
bool FormHasKey(const std::string& operation);
// True if `operation`'s form can address an index (Query, Scan).
bool FormHasIndex(const std::string& operation);

// The table the form addresses; nullptr when form.table is out of range. Points into `schema`.
const TableSchemaView* FormTable(const RequestForm& form, const SchemaView& schema);
// The key schema the form addresses: the selected index's when the operation takes an index and
// one is selected, else the table's. Both empty when there is no table.
void FormKeys(const RequestForm& form, const SchemaView& schema, KeyAttributeView* hash,
              KeyAttributeView* range);
// Every key attribute the form addresses, in key schema order: one HASH and at most one RANGE for
// a table, an LSI or a single-attribute GSI; up to four of each for a multi-attribute GSI. hashes
// is empty only when there is no table.
void FormKeyAttributes(const RequestForm& form, const SchemaView& schema,
                       std::vector<KeyAttributeView>* hashes,
                       std::vector<KeyAttributeView>* ranges);
// The form's field for HASH attribute i (`hash`) or RANGE attribute i: pk / sk for i == 0, else
// more_pk / more_sk[i - 1], grown as needed.
std::string* KeyField(RequestForm* form, bool hash, size_t i);

// Loads a request into the builder: JSON text (pretty-printed) and the form derived from it.
void LoadRequest(RequestForm* state, const SchemaView& schema, const std::string& operation,
                 const std::string& request_json, const std::string& label);
// Form -> JSON: rewrites the form's members of state->json_text.
void FormToJson(RequestForm* state, const SchemaView& schema);
// JSON -> form. False (and json_error set) when json_text is not a JSON object.
bool JsonToForm(RequestForm* state, const SchemaView& schema);

// Switches the builder to PartiQL: an ExecuteStatement doing what the API form does (GetItem,
// Query and Scan as SELECT ... WHERE with `?` parameters, PutItem as INSERT, DeleteItem as DELETE,
// UpdateItem as an UPDATE template), setting partiql_note for what has no PartiQL form here (a
// FilterExpression, descending order). The form's API fields are kept, so switching back to the
// API form restores them.
void SwitchToPartiQL(RequestForm* state, const SchemaView& schema);
// Back to the API form: `operation` (Query when empty) rebuilt from the form's fields, with the
// placeholders of the filter, projection, update and condition carried over.
void SwitchToApi(RequestForm* state, const SchemaView& schema, std::string operation = "");

// The Operation menu and the mode buttons: switches the builder to `operation` (any of
// BuilderOperations(), API or PartiQL) with a request that runs against the schema's tables. The
// form's fields carry over; the JSON is rebuilt from them (an API operation the form does not
// edit gets a one-entry request for the form's key; into PartiQL, SwitchToPartiQL, and a batch or
// transaction reads one item by its full key). A key field left empty, or holding another
// collection's key, takes the schema view's sample key; ConsistentRead goes on a GSI; the
// placeholders the carried expressions use come along. The label is cleared: it named the
// previous request. No-op when `operation` is the current one.
void SwitchOperation(RequestForm* state, const SchemaView& schema, const std::string& operation);
// The Index menu (Query, Scan): addresses `index` (0: the table; i + 1: the table's index i), with
// the key fields and ConsistentRead kept valid as SwitchOperation keeps them, and rewrites the
// JSON.
void SelectIndex(RequestForm* state, const SchemaView& schema, int index);

}  // namespace monotable::ui
