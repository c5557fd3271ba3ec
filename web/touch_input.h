// web/touch_input.h: touch gestures turned into what Dear ImGui 1.86 understands (a mouse and
// window scrolling). ImGui 1.86 knows only a mouse that hovers before it presses; a finger arrives
// and presses at once, and never leaves. So a finger's gesture is decided first and then played
// to ImGui:
//   tap                 hover one frame, press one frame, release one frame, then no hover (no
//                       tooltip stays behind); the page runs those frames at once (RunTapFrames)
//                       so it can focus its text field inside the user's gesture
//   drag                scrolls the innermost window under the finger that can scroll that way
//                       (tables, child windows, the JSON editor), never clicks, and glides on
//                       with momentum after the finger lifts
//   long-press          hovers where the finger rests (tooltips show); lifting does not click
//   long-press and drag a mouse drag from where the finger rested (select text, move a slider)
// Two-finger gestures are the browser's (pinch-zoom): the page sends Cancel for them.
//
// Knows ImGui (and its internals, for window scroll state) but no Emscripten or DOM: positions are
// in canvas pixels, times in milliseconds (any monotonic clock).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "imgui.h"

namespace monotable::web {

class TouchInput {
 public:
  // `pixels_per_css_px`: the device pixel ratio (gesture thresholds are in CSS pixels).
  void SetScale(float pixels_per_css_px) { scale_ = pixels_per_css_px > 0 ? pixels_per_css_px : 1; }

  // The primary touch pointer's events. Down also stops a glide.
  void Down(float x, float y, double ms);
  void Move(float x, float y, double ms);
  // True when the gesture was a tap: its frames are queued (see RunTapFrames in main.cc).
  bool Up(float x, float y, double ms);
  // A second finger, or the browser took the gesture over: ends it without a click.
  void Cancel();

  // Touch mode: this class sets io.MousePos and io.MouseDown[0]. A real mouse moving ends it (the
  // GLFW backend's mouse then).
  bool touch_mode() const { return touch_mode_; }
  void SetTouchMode(bool on);

  // Frames the queued tap still needs (hover, press, release).
  bool tap_pending() const { return !steps_.empty(); }
  // The finger scrolls, and nothing under it scrolls vertically: the page may scroll instead (an
  // embedded widget's host page).
  bool vertical_drag_unclaimed() const { return phase_ == Phase::kScroll && scroll_y_window_ == 0; }

  // Call after the platform backend's NewFrame, before ImGui::NewFrame: sets the mouse.
  void BeforeNewFrame(double ms);
  // Call after ImGui::NewFrame, before the app draws: scrolls (drag and glide).
  void AfterNewFrame(double ms);

  // For tests: the innermost window at (x, y) that can scroll, as JSON text
  // {"window", "scrollX", "scrollY", "scrollMaxX", "scrollMaxY"} or "null". Between frames only.
  static std::string ScrollInfoAt(float x, float y);

 private:
  enum class Phase { kIdle, kPending, kScroll, kHold, kDrag };
  struct Step {
    ImVec2 pos;
    bool down;
  };
  struct Sample {
    ImVec2 pos;
    double ms;
  };

  void StartScroll();
  bool ScrollBy(float dx, float dy);

  bool touch_mode_ = false;
  float scale_ = 1;
  Phase phase_ = Phase::kIdle;
  ImVec2 start_, pos_;
  double down_ms_ = 0;
  std::vector<Step> steps_;  // a tap's frames still to play, oldest first
  bool drag_pressed_ = false;
  // Scrolling: the windows the gesture latched on (by id: windows outlive frames), the distance
  // moved and not yet applied, the glide's velocity (canvas pixels per ms) and recent samples.
  ImGuiID scroll_x_window_ = 0, scroll_y_window_ = 0;
  ImVec2 scroll_pending_ = ImVec2(0, 0);
  ImVec2 scroll_remainder_ = ImVec2(0, 0);  // below a whole pixel, not applied yet
  ImVec2 velocity_ = ImVec2(0, 0);
  bool gliding_ = false;
  bool stopped_glide_ = false;  // this finger went down on a glide: it only stops it
  double glide_ms_ = 0;
  std::vector<Sample> samples_;
};

}  // namespace monotable::web
