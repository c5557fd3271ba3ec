// Theme: the playground's colours (dark and light), fonts and the ImGui style, scaled for the
// screen's device pixel ratio. Colours that carry meaning (what a request did to an item, entity
// kinds, size thresholds) live here so every panel uses the same ones.
#pragma once

#include "imgui.h"
#include "ui/views.h"

namespace monotable::ui {

struct Palette {
  ImU32 mark_fill[10];   // row background per Mark (index: static_cast<int>(Mark))
  ImU32 mark_text[10];   // legend chips and badges per Mark
  ImU32 entity[8];       // entity colours (sort key prefixes), cycled
  ImU32 size_small;      // size bar under 1 KB
  ImU32 size_medium;     // 1 KB .. 4 KB
  ImU32 size_large;      // over 4 KB
  ImU32 size_track;      // the bar's background
  ImU32 size_line;       // the 1 KB and 4 KB lines
  ImU32 partition_line;  // separator between item collections
  ImVec4 muted;          // secondary text
  ImVec4 accent;         // headings, key attributes
  ImVec4 ok;
  ImVec4 error;
  ImVec4 warning;
  ImU32 plot_line;
  ImU32 plot_marker;
};

// The fonts' sizes in CSS px: the platform (web/main.cc) builds each at its size times the device
// pixel ratio.
inline constexpr float kTextFontCssPx = 15;
inline constexpr float kMonoFontCssPx = 13.5f;
inline constexpr float kHeadingFontCssPx = 16;

// Fonts loaded by the platform layer (web/); null members fall back to the default font.
struct Fonts {
  ImFont* ui = nullptr;       // proportional text
  ImFont* mono = nullptr;     // JSON, keys, values
  ImFont* heading = nullptr;  // panel headings (medium weight)
};

// Applies the dark or light style to the current ImGui context, scaled by `scale` (device pixel
// ratio; the UI works in framebuffer pixels). REQUIRES: an ImGui context.
void ApplyTheme(bool dark, float scale);
bool ThemeIsDark();
float UiScale();
const Palette& CurrentPalette();

void SetFonts(const Fonts& fonts);
const Fonts& CurrentFonts();

}  // namespace monotable::ui
