// Fan-out panel: what the last write did, on one screen. The base table's box on the left and an
// arrow to a box per index of the table (stacked under it where the panel is narrow), each with
// the entry's key, its size and the units that hop was billed; indexes the write left alone are
// greyed with the reason (a sparse index, nothing projected changed). A transaction or batch
// draws one such group per item written. After each new write the boxes and arrows appear in
// sequence over kFanoutAnimationSeconds; with reduced motion the final state is drawn at once.
//
// Draws only FanoutView (ui/views.h); knows nothing of the engine. Drawn inside the result panel
// (its "Fan-out" mode, ui/result_panel.cc).
#pragma once

#include <cstdint>

#include "ui/views.h"

namespace monotable::ui {

inline constexpr double kFanoutAnimationSeconds = 0.6;

struct FanoutPanelState {
  // The user prefers reduced motion (the page's prefers-reduced-motion; App::SetReducedMotion):
  // no animation, the final state from the first frame.
  bool reduced_motion = false;
  // The FanoutView::serial last drawn, and ImGui::GetTime() when its animation started.
  uint64_t shown_serial = 0;
  double started = 0;
  // Set by each draw: how far the animation is (0..1; 1 is the final state), and the height
  // (framebuffer px) the diagram took.
  float progress = 1;
  float height = 0;
  bool narrow = false;  // the boxes were stacked vertically (the panel was narrow)
};

// Draws `view` into the current window at the cursor, and leaves the cursor under it. Tracks each
// box for window.monotable.widgetRect as "Fan-out: <table>" / "Fan-out: <index>" (a transaction's
// later groups: "Fan-out 2: GSI1", ...).
void DrawFanoutPanel(FanoutPanelState* state, const FanoutView& view);

}  // namespace monotable::ui
