// Widgets: small drawing helpers shared by the panels, and the registry of widget rectangles that
// the browser tests use (window.monotable.widgetRect) to click real widgets on the canvas.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "imgui.h"
#include "ui/views.h"

namespace monotable::ui {

// Widget rectangles, in framebuffer pixels, of tracked widgets drawn in the last complete frame.
// Only visible parts count: a widget scrolled out of its window is not found.
struct WidgetRect {
  float x = 0, y = 0, w = 0, h = 0;
};
void BeginWidgetFrame();  // call before drawing a frame
void EndWidgetFrame();    // call after drawing: the frame's rectangles become queryable
bool FindWidget(std::string_view label, WidgetRect* out);
// Records the last ImGui item under `label` (the label as passed to ImGui, "##" part included).
void TrackItem(std::string_view label);
// Records a rectangle that is no ImGui item (the stacked widget's content: "##content").
void TrackRect(std::string_view label, const WidgetRect& rect);
// The whole (unclipped) rectangle of a widget tracked so far in the frame being drawn.
bool FindWidgetInFrame(std::string_view label, WidgetRect* out);

// --- The layout recorder (tests only) ---
// While a recorder is set, TrackItem and RecordItem append the last item's whole rectangle (not
// clipped), the visible area of the window it is drawn in and the group being drawn, so a test can
// check that no two widgets overlap and that touch targets are big enough. Off (null) in the app:
// a recorded item then costs one branch.
struct RecordedItem {
  std::string label;
  std::string group;   // set by SetRecordGroup ("topbar", "result-header", ...), or ""
  std::string window;  // the ImGui window's name
  WidgetRect rect;     // the item, unclipped, framebuffer pixels
  WidgetRect clip;     // the window's visible area
  bool clickable = false;
  bool visible = false;  // ImGui::IsItemVisible()
  float font_size = 0;   // the font size it was drawn at (framebuffer px)
};
// `recorder` (owned by the caller) receives items until it is set to null.
void SetWidgetRecorder(std::vector<RecordedItem>* recorder);
// Items recorded from now on belong to `group` ("" for none). REQUIRES: a static string.
void SetRecordGroup(const char* group);
// Records the last ImGui item (text, a chip) under `label` when a recorder is set; TrackItem
// records clickables itself.
void RecordItem(std::string_view label, bool clickable = false);

// --- Touch targets ---
// In the narrow (phone) layouts every clickable is at least `min_height` framebuffer pixels tall
// (44 CSS px times the device pixel ratio); 0 (the desktop) keeps ImGui's sizes. Small buttons
// become full-height buttons then.
void SetTouchTargetHeight(float min_height);
float TouchTargetHeight();

// Keeps the next item, `width` wide, on the current line if it fits before the right edge of the
// window's content region; otherwise it starts a new line. True when it stayed on the line.
bool FlowSameLine(float width);
// Width of a button labelled `label` ("##" part hidden) at the current style.
float ButtonWidth(const char* label);

// A button recorded under its label.
bool TrackedButton(const char* label, ImVec2 size = ImVec2(0, 0));
// A small, less prominent button recorded under its label (a full-height one for touch).
bool TrackedSmallButton(const char* label);
// A check box recorded under its label, its box framed (issue 15: the theme draws frames without
// a border, and an unticked box, FrameBg on WindowBg, was an invisible 44 px square on a phone):
// a border at least one CSS px wide (the font's size over kTextFontCssPx) in the disabled-text
// colour, which stands out from the frame and the window in both themes.
bool TrackedCheckbox(const char* label, bool* value);

// Panel heading in the heading font, with an optional muted note on the same line.
void Heading(const char* text, const char* note = nullptr);
void MutedText(const char* fmt, ...) IM_FMTARGS(1);
// A "(?)" marker that shows `text` as a tooltip.
void HelpMarker(const char* text);
// A rounded chip with text, tinted by `color`.
void Chip(const char* text, ImU32 color);
// Draws a legend of the marks in `marks` (bit 1 << Mark each), as coloured chips on one line.
void MarkLegend(uint32_t marks);

// Formatting for capacity and money: "0.5", "12", "1.25"; "$0.000000063"; "1.2 KB".
std::string FormatUnits(double units);
std::string FormatDollars(double dollars);
std::string FormatBytes(double bytes);
std::string FormatCount(uint64_t n);  // "100,000"

// Size bar of an item: 0..1 KB, 1..4 KB and 4..8 KB each take a third of the width, with lines at
// 1 KB and 4 KB (the write and read billing steps).
void SizeBar(uint32_t size_bytes, float width, float height);

}  // namespace monotable::ui
