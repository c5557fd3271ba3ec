// Model panel: the top bar. Pick a built-in example and its scale, reset it, switch theme, see
// what is loaded. On a wide screen one row; where the row has no room, the parts that only inform
// (the subtitle, the loaded model's summary) are left out; on a phone the controls are rows of a
// menu (DrawModelMenu) that the top bar's Menu button opens.
#pragma once

#include <string>
#include <vector>

#include "imgui.h"
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

// How the row shares the top bar with what the caller draws at its right end.
struct ModelBarLayout {
  // Width (framebuffer px) the caller draws left of the theme button, or at the right end when the
  // theme button is not in the bar (the share buttons, a Menu button).
  float reserved_right = 0;
  bool theme_in_bar = true;  // false: the theme toggle is drawn elsewhere (the menu)
};

// Width of what the row always shows: the title, "Model", the examples, the scale and Reset.
float ModelBarRequiredWidth(const ModelBarView& view);
// Width of the theme button (either label), as the bar reserves it.
float ThemeButtonWidth();

// Draws into the current window (a single row). Queues kLoadModel ("Model##<id>" buttons, the
// scale combo), kResetModel ("Reset") and kSetTheme ("Theme"). The subtitle, then the summary of
// what is loaded, are left out when they would run into layout.reserved_right.
void DrawModelPanel(ModelPanelState* state, const ModelBarView& view, Intents* intents,
                    const ModelBarLayout& layout = ModelBarLayout());

// The theme toggle ("Light theme##theme" / "Dark theme##theme", also tracked as "Theme").
void DrawThemeButton(const ModelBarView& view, ImVec2 size, Intents* intents);

// The same controls as rows of a menu, every one a full-width touch target (tracked under the
// same labels as in the bar: "Model##<id>", "x10##scale", "Reset"). Returns true when one was
// used (the caller closes the menu).
bool DrawModelMenu(ModelPanelState* state, const ModelBarView& view, Intents* intents);

}  // namespace monotable::ui
