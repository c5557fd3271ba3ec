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
  // Copy as.
  std::string copy_title;
  std::string copy_text;
};

// Operations the builder offers, in menu order.
const std::vector<std::string>& BuilderOperations();
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
// kCopyText ("AWS CLI", "boto3", "JS SDK v3").
void DrawRequestPanel(RequestPanelState* state, const SchemaView& schema, Intents* intents);

}  // namespace monotable::ui
