// web/text_field.h: ImGui's active text field mirrored in the page's hidden <textarea>, the only
// way a phone opens its on-screen keyboard and an IME composes (the canvas takes no text). The
// page edits the textarea; Edit() hands each change over as one replacement against the text this
// class last reported, applied to ImGui's edit state at the start of the next frame (so ImGui's
// undo, filters and the widget's value follow); Report() tells the page what ImGui's field holds
// after a frame (text, selection, caret place) whenever that changed.
//
// Positions are in UTF-16 code units, which are ImGui 1.86's ImWchar (16 bits: characters beyond
// the BMP become U+FFFD there; the page then takes ImGui's text back). Knows ImGui's internals
// (ImGuiInputTextState), no Emscripten or DOM.
#pragma once

#include <string>

#include "imgui.h"

namespace monotable::web {

class TextField {
 public:
  // The page's textarea changed: in the text last reported for `field`, [start, end) became
  // `text`, and the textarea's selection is [sel_start, sel_end) (`backward`: the caret at
  // sel_start). start == end with an empty `text`: only the selection moved. Replaces an edit not
  // applied yet (the page computes each from the last report, so the newest covers the others).
  void Edit(ImGuiID field, int start, int end, std::string text, int sel_start, int sel_end,
            bool backward);

  // Applies the pending edit to the active text field. Call after ImGui::NewFrame, before the
  // widgets are drawn (they pick the change up in that frame).
  void BeforeAppFrame();

  // After a frame: true, with *json set, when what the page's field must show changed:
  // {"active": false} or {"active": true, "field", "text", "selStart", "selEnd", "backward",
  // "pending", "x", "y", "h"} (caret place and line height in canvas pixels; pending: a selection
  // is still to be applied, the page keeps its own until then).
  bool Report(std::string* json);

  // True while an ImGui text field is active (after the last frame).
  bool active() const { return last_.active; }

 private:
  struct Pending {
    bool edit = false;       // a replacement to apply
    bool selection = false;  // a selection to apply (after the replacement's frame)
    ImGuiID field = 0;
    int start = 0, end = 0;
    std::string text;
    int sel_start = 0, sel_end = 0;
    bool backward = false;
  };
  struct Shown {
    bool active = false;
    ImGuiID field = 0;
    std::string text;
    int sel_start = 0, sel_end = 0;
    bool backward = false;
    bool pending = false;
    int x = 0, y = 0, h = 0;
    bool operator==(const Shown& o) const {
      return active == o.active && field == o.field && text == o.text && sel_start == o.sel_start &&
             sel_end == o.sel_end && backward == o.backward && pending == o.pending && x == o.x &&
             y == o.y && h == o.h;
    }
  };
  Pending pending_;
  Shown last_;
};

}  // namespace monotable::web
