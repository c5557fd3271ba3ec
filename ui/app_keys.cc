// The keyboard (see app.h: KeyboardShortcuts, FocusNextPanel): shortcuts outside text fields, Tab
// from panel to panel and out of the canvas, and a focus ring that can be seen.
//
// Dear ImGui 1.86's keyboard navigation moves within a window with the arrow keys and activates
// with Space and Enter; its Tab only cycles text fields, and its highlight is 2 framebuffer px
// (two thirds of a CSS px on a phone). The panels are separate windows, so Tab moves between them
// here, and the ring is drawn here at 2 CSS px. Letter keys are their ASCII upper case codes:
// GLFW's key codes for letters are, and so are the headless tests'.
#include <algorithm>
#include <string>
#include <vector>

#include "imgui.h"
#include "imgui_internal.h"
#include "ui/app.h"
#include "ui/theme.h"

namespace monotable::ui {

const std::vector<Shortcut>& KeyboardShortcuts() {
  static const std::vector<Shortcut> kShortcuts = {
      {"Ctrl+Enter", "Run the request"},
      {"Ctrl+Z", "Undo the last request (in a text field: undo typing)"},
      {"Ctrl+Shift+Z or Ctrl+Y", "Redo the request undone (in a text field: redo typing)"},
      {"J, K", "Next, previous access pattern into the request builder"},
      {"N, P", "Next, previous tour step"},
      {"Tab, Shift+Tab", "Next, previous panel; past the last one, out of the playground (in a "
                         "text field: the next field)"},
      {"Arrow keys", "Move between the controls of a panel"},
      {"Space or Enter", "Press the focused control (Enter in a text field: edit it)"},
      {"Escape", "Close a menu or popup; leave a text field, undoing its edit"},
      {"Ctrl+A, C, X, V", "Select all, copy, cut, paste in a text field"},
      {"?", "This help"},
  };
  return kShortcuts;
}

namespace {

// The playground's panels drawn in the last frame, in reading order: by left edge, then top.
// REQUIRES: between frames (the platform's key handler, the tests).
std::vector<ImGuiWindow*> PanelsInReadingOrder() {
  std::vector<ImGuiWindow*> panels;
  for (ImGuiWindow* w : ImGui::GetCurrentContext()->Windows) {
    // Between frames Active says whether the last frame drew it.
    const bool panel = w->Active && w->RootWindow == w &&
                       !(w->Flags & (ImGuiWindowFlags_Popup | ImGuiWindowFlags_Tooltip |
                                     ImGuiWindowFlags_ChildWindow)) &&
                       std::string(w->Name).rfind("##", 0) == 0 &&
                       std::string(w->Name) != "##test";  // the headless tests' frame
    if (panel) panels.push_back(w);
  }
  std::sort(panels.begin(), panels.end(), [](const ImGuiWindow* a, const ImGuiWindow* b) {
    if (a->Pos.x != b->Pos.x) return a->Pos.x < b->Pos.x;
    return a->Pos.y < b->Pos.y;
  });
  return panels;
}

bool Pressed(int key, bool repeat = false) { return ImGui::IsKeyPressed(key, repeat); }

}  // namespace

bool App::FocusNextPanel(bool backward, bool entering) {
  ImGuiContext& g = *ImGui::GetCurrentContext();
  std::vector<ImGuiWindow*> panels = PanelsInReadingOrder();
  // A Tab not drawn yet counts: two presses between frames move two panels.
  ImGuiWindow* current = entering                         ? nullptr
                         : !pending_focus_panel_.empty()
                             ? ImGui::FindWindowByName(pending_focus_panel_.c_str())
                             : g.NavWindow ? g.NavWindow->RootWindow : nullptr;
  auto at = std::find(panels.begin(), panels.end(), current);
  long next;
  if (at == panels.end()) {
    next = backward ? static_cast<long>(panels.size()) - 1 : 0;
  } else {
    next = (at - panels.begin()) + (backward ? -1 : 1);
  }
  if (next < 0 || next >= static_cast<long>(panels.size())) {
    pending_focus_panel_.clear();
    ImGui::FocusWindow(nullptr);  // focus leaves the canvas: nothing inside keeps it
    return false;
  }
  // Focused at the start of the next frame (HandleShortcuts): ImGui finds a window's first
  // control while the window's items are submitted, and drops a request made between frames.
  pending_focus_panel_ = panels[static_cast<size_t>(next)]->Name;
  keyboard_focus_ = true;
  return true;
}

void App::SetKeyboardFocus(bool focused) { keyboard_focus_ = focused; }

std::string App::FocusedPanel() const {
  if (!pending_focus_panel_.empty()) return pending_focus_panel_;
  const ImGuiContext& g = *ImGui::GetCurrentContext();
  return g.NavWindow ? g.NavWindow->RootWindow->Name : "";
}

bool App::FocusRing(WidgetRect* out) const {
  if (!focus_ring_shown_) return false;
  *out = focus_ring_;
  return true;
}

void App::StepPattern(int dir) {
  const int n = static_cast<int>(model_.access_patterns.size());
  if (n == 0) return;
  int i = patterns_view_.selected < 0 ? (dir > 0 ? 0 : n - 1) : patterns_view_.selected + dir;
  i = std::clamp(i, 0, n - 1);
  patterns_view_.selected = i;
  const AccessPattern& p = model_.access_patterns[static_cast<size_t>(i)];
  LoadRequest(&request_panel_, schema_view_, p.operation, p.request_json, p.name);
}

void App::ApplyPendingFocus() {
  if (!pending_focus_panel_.empty()) {
    ImGuiContext& g = *ImGui::GetCurrentContext();
    if (ImGuiWindow* w = ImGui::FindWindowByName(pending_focus_panel_.c_str())) {
      ImGui::FocusWindow(w);
      ImGui::NavInitWindow(w, true);  // its first control
      g.NavDisableHighlight = false;  // shown: the keyboard moved it
      g.NavDisableMouseHover = true;
    }
    pending_focus_panel_.clear();
  }
}

void App::HandleShortcuts() {
  ApplyPendingFocus();
  const ImGuiIO& io = ImGui::GetIO();
  // A text field has the keys (its own undo, its letters); a menu or popup its own.
  if (io.WantTextInput || ImGui::GetActiveID() != 0 ||
      ImGui::IsPopupOpen(nullptr, ImGuiPopupFlags_AnyPopupId | ImGuiPopupFlags_AnyPopupLevel)) {
    return;
  }
  if (io.KeyCtrl && !io.KeyAlt) {
    const bool redo = Pressed('Y') || (io.KeyShift && Pressed('Z'));
    if (redo) {
      if (history_current_ + 1 < static_cast<int>(history_.size())) RestoreTo(history_current_ + 1);
    } else if (Pressed('Z') && history_current_ >= 0) {
      RestoreTo(history_current_ - 1);  // -1: the model as loaded
    }
    return;
  }
  if (io.KeyAlt || io.KeySuper) return;
  if (Pressed('J', true)) StepPattern(1);
  if (Pressed('K', true)) StepPattern(-1);
  const int steps = static_cast<int>(model_.tour.size());
  const int step = tour_panel_.step;
  int to = step;
  if (Pressed('N', true)) to = std::min(step + 1, steps - 1);
  if (Pressed('P', true)) to = std::max(step - 1, 0);
  if (to != step && steps > 0) {
    tour_panel_.step = to;
    select_side_tab_ = 0;  // the desktop's Tour tab
    if (layout_mode_ == LayoutMode::kNarrow) narrow_tab_ = NarrowTab::kTour;
  }
}

void App::DrawFocusRing() {
  const ImGuiContext& g = *ImGui::GetCurrentContext();
  focus_ring_shown_ = false;
  ImGuiWindow* w = g.NavWindow;
  if (!keyboard_focus_ || !w || g.NavDisableHighlight) return;
  const float css = scale_ > 0 ? scale_ : 1;
  const float thickness = 2 * css;
  ImRect r;
  if (g.NavId != 0) {
    r = ImGui::WindowRectRelToAbs(w, w->NavRectRel[g.NavLayer]);
    r.Expand(thickness * 1.5f);
  } else {
    // A panel with nothing to press (the Result panel before a run): the ring goes round it.
    r = w->Rect();
    r.Expand(-thickness);
  }
  if (r.GetWidth() <= 0 || r.GetHeight() <= 0) return;
  ImRect clip = w->OuterRectClipped;
  ImDrawList* draw = ImGui::GetForegroundDrawList();
  draw->PushClipRect(clip.Min, clip.Max, true);
  draw->AddRect(r.Min, r.Max, ImGui::ColorConvertFloat4ToU32(CurrentPalette().accent),
                ImGui::GetStyle().FrameRounding + thickness, 0, thickness);
  draw->PopClipRect();
  r.ClipWith(clip);
  focus_ring_ = {r.Min.x, r.Min.y, r.GetWidth(), r.GetHeight()};
  focus_ring_shown_ = true;
}

}  // namespace monotable::ui
