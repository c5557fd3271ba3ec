// web/touch_input.cc: see touch_input.h.
#include "web/touch_input.h"

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdio>

#include "imgui_internal.h"

namespace monotable::web {
namespace {

// A finger that moves less than this (CSS pixels) before lifting taps; more, and it scrolls.
constexpr float kSlopCssPx = 10;
// A finger that rests this long without moving long-presses (hover, tooltips).
constexpr double kLongPressMs = 450;
// The glide after a drag: velocity measured over the last kVelocityWindowMs, decaying with this
// time constant (a flick of 1 CSS px/ms glides about 325 CSS px), stopping below kStopCssPxPerMs.
constexpr double kVelocityWindowMs = 100;
constexpr double kGlideTimeConstantMs = 325;
constexpr float kStopCssPxPerMs = 0.02f;
constexpr float kMinGlideCssPxPerMs = 0.1f;
constexpr double kMaxGlideStepMs = 50;

// The topmost window under `p` that takes mouse input: children come after their parents in
// g.Windows (ImGui::EndFrame sorts them so), so the innermost child wins. Between frames, Active
// is the last frame's.
ImGuiWindow* WindowAt(ImVec2 p) {
  ImGuiContext& g = *GImGui;
  for (int i = g.Windows.Size - 1; i >= 0; --i) {
    ImGuiWindow* w = g.Windows[i];
    if (!w->Active || w->Hidden || (w->Flags & ImGuiWindowFlags_NoMouseInputs)) continue;
    if (w->OuterRectClipped.Contains(p)) return w;
  }
  return nullptr;
}

// `w` or its nearest parent (within its root window) that can scroll along `axis` (0 x, 1 y).
ImGuiWindow* ScrollableAncestor(ImGuiWindow* w, int axis) {
  for (; w; w = (w->Flags & ImGuiWindowFlags_ChildWindow) ? w->ParentWindow : nullptr) {
    if ((axis == 0 ? w->ScrollMax.x : w->ScrollMax.y) > 0) return w;
  }
  return nullptr;
}

float Length(ImVec2 v) { return std::sqrt(v.x * v.x + v.y * v.y); }

}  // namespace

void TouchInput::SetTouchMode(bool on) {
  if (on == touch_mode_) return;
  touch_mode_ = on;
  if (!on) {
    phase_ = Phase::kIdle;
    steps_.clear();
    gliding_ = false;
  }
}

void TouchInput::Down(float x, float y, double ms) {
  touch_mode_ = true;
  steps_.clear();
  // A finger that stops a glide only stops it (as in a browser): it does not also tap.
  stopped_glide_ = gliding_;
  gliding_ = false;
  phase_ = Phase::kPending;
  start_ = pos_ = ImVec2(x, y);
  down_ms_ = ms;
  drag_pressed_ = false;
  scroll_pending_ = ImVec2(0, 0);
  velocity_ = ImVec2(0, 0);
  samples_.assign(1, Sample{pos_, ms});
}

void TouchInput::Move(float x, float y, double ms) {
  if (phase_ == Phase::kIdle) return;
  ImVec2 previous = pos_;
  pos_ = ImVec2(x, y);
  samples_.push_back(Sample{pos_, ms});
  while (samples_.size() > 2 && ms - samples_[1].ms > kVelocityWindowMs) {
    samples_.erase(samples_.begin());
  }
  bool beyond_slop = Length(ImVec2(x - start_.x, y - start_.y)) > kSlopCssPx * scale_;
  switch (phase_) {
    case Phase::kPending:
      if (!beyond_slop) break;
      phase_ = Phase::kScroll;
      StartScroll();
      // The content follows the finger from where it went down (no jump by the slop).
      scroll_pending_.x += x - start_.x;
      scroll_pending_.y += y - start_.y;
      break;
    case Phase::kScroll:
      scroll_pending_.x += x - previous.x;
      scroll_pending_.y += y - previous.y;
      break;
    case Phase::kHold:
      if (!beyond_slop) break;
      if (ms - down_ms_ < kLongPressMs) {
        // The finger moved in time; its move only arrived after a late frame took it for a
        // long-press. It scrolls.
        phase_ = Phase::kScroll;
        StartScroll();
        scroll_pending_.x += x - start_.x;
        scroll_pending_.y += y - start_.y;
      } else {
        phase_ = Phase::kDrag;
      }
      break;
    default:
      break;
  }
}

bool TouchInput::Up(float x, float y, double ms) {
  double last_move_ms = samples_.empty() ? ms : samples_.back().ms;
  Move(x, y, ms);
  Phase phase = phase_;
  phase_ = Phase::kIdle;
  switch (phase) {
    case Phase::kPending:
      if (stopped_glide_) return false;
      // ImGui sees the finger arrive, press and release, one frame each, where it went down.
      steps_ = {Step{start_, false}, Step{start_, true}, Step{start_, false}};
      return true;
    case Phase::kScroll: {
      const Sample& first = samples_.front();
      double dt = ms - first.ms;
      // A finger that rested before lifting does not fling.
      if (dt > 0 && ms - last_move_ms < kVelocityWindowMs / 2) {
        velocity_ = ImVec2(static_cast<float>((x - first.pos.x) / dt),
                           static_cast<float>((y - first.pos.y) / dt));
        gliding_ = Length(velocity_) > kMinGlideCssPxPerMs * scale_;
        glide_ms_ = 0;  // from the next frame on
      }
      return false;
    }
    case Phase::kDrag:
      steps_ = {Step{pos_, false}};  // the release
      return false;
    default:
      return false;  // a long-press shows, it does not click
  }
}

void TouchInput::Cancel() {
  if (phase_ == Phase::kDrag && drag_pressed_) steps_ = {Step{pos_, false}};
  phase_ = Phase::kIdle;
  gliding_ = false;
  scroll_pending_ = ImVec2(0, 0);
}

void TouchInput::BeforeNewFrame(double ms) {
  if (!touch_mode_) return;
  ImGuiIO& io = ImGui::GetIO();
  io.MousePos = ImVec2(-FLT_MAX, -FLT_MAX);  // no finger: nothing hovered, no tooltip left
  for (bool& down : io.MouseDown) down = false;
  if (!steps_.empty()) {
    io.MousePos = steps_.front().pos;
    io.MouseDown[0] = steps_.front().down;
    steps_.erase(steps_.begin());
    return;
  }
  if (phase_ == Phase::kPending && ms - down_ms_ >= kLongPressMs) phase_ = Phase::kHold;
  if (phase_ == Phase::kHold) {
    io.MousePos = start_;
  } else if (phase_ == Phase::kDrag) {
    // The press where the finger rested (ImGui hovered it there), then the finger's way.
    io.MousePos = drag_pressed_ ? pos_ : start_;
    io.MouseDown[0] = true;
    drag_pressed_ = true;
  }
}

void TouchInput::StartScroll() {
  ImGuiWindow* w = WindowAt(start_);
  ImGuiWindow* wx = ScrollableAncestor(w, 0);
  ImGuiWindow* wy = ScrollableAncestor(w, 1);
  scroll_x_window_ = wx ? wx->ID : 0;
  scroll_y_window_ = wy ? wy->ID : 0;
  scroll_remainder_ = ImVec2(0, 0);
}

bool TouchInput::ScrollBy(float dx, float dy) {
  // ImGui floors scroll positions: whole pixels are applied, the rest is kept for later.
  scroll_remainder_.x += dx;
  scroll_remainder_.y += dy;
  float whole_x = std::trunc(scroll_remainder_.x);
  float whole_y = std::trunc(scroll_remainder_.y);
  scroll_remainder_.x -= whole_x;
  scroll_remainder_.y -= whole_y;
  // The content follows the finger: a finger moving down scrolls up. Returns whether a window
  // can still move this way (a glide that reached the end stops).
  bool moves = false;
  auto scroll = [&](ImGuiID id, float whole, float velocity, bool x) {
    ImGuiWindow* w = id != 0 ? ImGui::FindWindowByID(id) : nullptr;
    if (!w) return;
    float now = x ? w->Scroll.x : w->Scroll.y;
    float max = x ? w->ScrollMax.x : w->ScrollMax.y;
    float next = now - whole;
    if (whole != 0) {
      if (x) {
        ImGui::SetScrollX(w, next);
      } else {
        ImGui::SetScrollY(w, next);
      }
    }
    if ((velocity > 0 && next > 0) || (velocity < 0 && next < max)) moves = true;
  };
  scroll(scroll_x_window_, whole_x, dx, true);
  scroll(scroll_y_window_, whole_y, dy, false);
  return moves;
}

void TouchInput::AfterNewFrame(double ms) {
  // What the finger moved since the last frame (it may have lifted since: a quick flick).
  if (scroll_pending_.x != 0 || scroll_pending_.y != 0) {
    ScrollBy(scroll_pending_.x, scroll_pending_.y);
    scroll_pending_ = ImVec2(0, 0);
  }
  if (gliding_ && phase_ == Phase::kIdle) {
    // A slow or late frame glides as far as one of kMaxGlideStepMs: the glide keeps its shape.
    double dt = glide_ms_ == 0 ? 1000.0 / 60 : std::min(ms - glide_ms_, kMaxGlideStepMs);
    glide_ms_ = ms;
    if (dt <= 0) return;
    bool moves =
        ScrollBy(static_cast<float>(velocity_.x * dt), static_cast<float>(velocity_.y * dt));
    float decay = static_cast<float>(std::exp(-dt / kGlideTimeConstantMs));
    velocity_.x *= decay;
    velocity_.y *= decay;
    // Stopped, or at the end: a glide no one sees must not swallow the next tap.
    if (!moves || Length(velocity_) < kStopCssPxPerMs * scale_) gliding_ = false;
  }
}

std::string TouchInput::ScrollInfoAt(float x, float y) {
  ImGuiWindow* w = WindowAt(ImVec2(x, y));
  for (; w; w = (w->Flags & ImGuiWindowFlags_ChildWindow) ? w->ParentWindow : nullptr) {
    if (w->ScrollMax.x > 0 || w->ScrollMax.y > 0) break;
  }
  if (!w) return "null";
  std::string name;
  for (const char* c = w->Name; *c; ++c) {
    if (*c == '"' || *c == '\\') name += '\\';
    if (static_cast<unsigned char>(*c) >= 0x20) name += *c;
  }
  char buf[160];
  std::snprintf(buf, sizeof buf,
                "\",\"scrollX\":%.1f,\"scrollY\":%.1f,\"scrollMaxX\":%.1f,\"scrollMaxY\":%.1f}",
                w->Scroll.x, w->Scroll.y, w->ScrollMax.x, w->ScrollMax.y);
  return "{\"window\":\"" + name + buf;
}

}  // namespace monotable::web
