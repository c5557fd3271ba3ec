// Model panel: the top bar. Pick a built-in example and its scale, reset it, switch theme, see
// what is loaded.
#pragma once

#include <string>
#include <vector>

#include "ui/views.h"

namespace monotable::ui {

struct ModelBarView {
  std::vector<std::string> example_ids;    // "orders"
  std::vector<std::string> example_names;  // "Orders"
  std::string loaded_id;                   // "" when nothing is loaded
  std::string loaded_name;
  double loaded_scale = 1;
  uint64_t items = 0;
  int tables = 0;
  std::string status;  // last load error, or ""
  bool dark = true;
};

struct ModelPanelState {
  int scale_choice = 0;  // index into kScales (x1, x10, x100, x1000)
};

// The scale factors offered.
const std::vector<double>& ModelScales();

// Draws into the current window (a single row). Queues kLoadModel ("Model##<id>" buttons, the
// scale combo), kResetModel ("Reset") and kSetTheme ("Theme").
void DrawModelPanel(ModelPanelState* state, const ModelBarView& view, Intents* intents);

}  // namespace monotable::ui
