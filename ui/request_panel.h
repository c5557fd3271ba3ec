// Request panel: build any request in a form per operation (table or index, key values, sort key
// condition, filter, projection, limit, direction, consistency) kept in sync with a JSON editor;
// Ctrl+Enter runs; copy as AWS CLI, Python (boto3) or JavaScript (SDK v3).
//
// The JSON text is the request; the form edits the fields it understands and leaves every other
// member of the JSON as it is (filter values, ReturnValues, ...). A key condition the form cannot
// express is kept verbatim and marked "custom".
#pragma once

#include <string>
#include <vector>

#include "ui/views.h"

namespace monotable::ui {

enum class SortKeyOp : int { kNone, kEq, kLt, kLe, kGt, kGe, kBeginsWith, kBetween };

// One PartiQL statement of the builder: its text and its `?` parameters as a JSON array of
// DynamoDB values (`[{"S": "C#c001"}]`; "" for none).
struct PartiQLStatement {
  std::string statement;
  std::string parameters;
};

struct RequestPanelState {
  std::string operation = "Query";
  std::string json_text = "{}";
  std::string json_error;  // why json_text does not parse ("" when it does)
  std::string label;       // what the request is (a pattern's name), for the history
  // The form.
  int table = 0;
  int index = 0;  // 0: the table itself; i + 1: SchemaView index i
  std::string pk, sk, sk2;
  SortKeyOp sk_op = SortKeyOp::kNone;
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
  // Copy as.
  std::string copy_title;
  std::string copy_text;
};

// Operations the builder offers, in menu order: the API's, then PartiQL's.
const std::vector<std::string>& BuilderOperations();
// ExecuteStatement, BatchExecuteStatement, ExecuteTransaction.
bool IsPartiQL(const std::string& operation);
// Switches the builder to PartiQL: an ExecuteStatement doing what the API form does (GetItem,
// Query and Scan as SELECT ... WHERE with `?` parameters, PutItem as INSERT, DeleteItem as DELETE,
// UpdateItem as an UPDATE template), setting partiql_note for what has no PartiQL form here (a
// FilterExpression, descending order). The form's API fields are kept, so switching back to the
// API form restores them.
void SwitchToPartiQL(RequestPanelState* state, const SchemaView& schema);
// Back to the API form: `operation` (Query when empty) rebuilt from the form's fields.
void SwitchToApi(RequestPanelState* state, const SchemaView& schema, std::string operation = "");
// True if the form knows `operation`'s fields (other operations are edited as JSON).
bool FormSupports(const std::string& operation);

// Loads a request into the builder: JSON text (pretty-printed) and the form derived from it.
void LoadRequest(RequestPanelState* state, const SchemaView& schema, const std::string& operation,
                 const std::string& request_json, const std::string& label);
// Form -> JSON: rewrites the form's members of state->json_text.
void FormToJson(RequestPanelState* state, const SchemaView& schema);
// JSON -> form. False (and json_error set) when json_text is not a JSON object.
bool JsonToForm(RequestPanelState* state, const SchemaView& schema);

// Draws into the current window. Queues kRunRequest (button "Run request" or Ctrl+Enter) and
// kCopyText ("AWS CLI", "boto3", "JS SDK v3"). "API" / "PartiQL" switch the builder's mode.
void DrawRequestPanel(RequestPanelState* state, const SchemaView& schema, Intents* intents);

}  // namespace monotable::ui
