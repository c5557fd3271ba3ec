// Widgets: shared helpers and the widget-rectangle registry (see widgets.h).
#include "ui/widgets.h"

#include <algorithm>
#include <cmath>
#include <cstdarg>
#include <cstdio>
#include <unordered_map>

#include "imgui_internal.h"
#include "ui/theme.h"

namespace monotable::ui {
namespace {

std::unordered_map<std::string, WidgetRect> g_building;
std::unordered_map<std::string, WidgetRect> g_last;
// The frame being drawn: tracked items' whole rectangles (the layout measures with them).
std::unordered_map<std::string, WidgetRect> g_building_whole;
std::vector<RecordedItem>* g_recorder = nullptr;
const char* g_record_group = "";
float g_touch_height = 0;

}  // namespace

void SetWidgetRecorder(std::vector<RecordedItem>* recorder) { g_recorder = recorder; }
void SetRecordGroup(const char* group) { g_record_group = group ? group : ""; }

void RecordItem(std::string_view label, bool clickable) {
  if (!g_recorder) return;
  ImGuiWindow* window = ImGui::GetCurrentWindow();
  ImVec2 min = ImGui::GetItemRectMin(), max = ImGui::GetItemRectMax();
  RecordedItem item;
  item.label = std::string(label);
  item.group = g_record_group;
  item.window = window->Name;
  item.rect = WidgetRect{min.x, min.y, max.x - min.x, max.y - min.y};
  const ImRect& clip = window->ClipRect;
  item.clip = WidgetRect{clip.Min.x, clip.Min.y, clip.GetWidth(), clip.GetHeight()};
  item.clickable = clickable;
  item.visible = ImGui::IsItemVisible();
  item.font_size = ImGui::GetFontSize();
  g_recorder->push_back(std::move(item));
}

void SetTouchTargetHeight(float min_height) { g_touch_height = min_height; }
float TouchTargetHeight() { return g_touch_height; }

bool FlowSameLine(float width) {
  const float spacing = ImGui::GetStyle().ItemSpacing.x;
  // The last item's right edge in window-content coordinates (as GetWindowContentRegionMax).
  const float end = ImGui::GetItemRectMax().x - ImGui::GetWindowPos().x + ImGui::GetScrollX();
  if (end + spacing + width <= ImGui::GetWindowContentRegionMax().x) {
    ImGui::SameLine();
    return true;
  }
  return false;
}

float ButtonWidth(const char* label) {
  return ImGui::CalcTextSize(label, nullptr, true).x + ImGui::GetStyle().FramePadding.x * 2;
}

void BeginWidgetFrame() {
  g_building.clear();
  g_building_whole.clear();
}
void EndWidgetFrame() { g_last.swap(g_building); }

bool FindWidget(std::string_view label, WidgetRect* out) {
  auto it = g_last.find(std::string(label));
  if (it == g_last.end()) return false;
  *out = it->second;
  return true;
}

void TrackItem(std::string_view label) {
  RecordItem(label, true);
  const ImVec2 min = ImGui::GetItemRectMin(), max = ImGui::GetItemRectMax();
  g_building_whole[std::string(label)] = WidgetRect{min.x, min.y, max.x - min.x, max.y - min.y};
  if (!ImGui::IsItemVisible()) return;
  ImRect rect(ImGui::GetItemRectMin(), ImGui::GetItemRectMax());
  ImGuiWindow* window = ImGui::GetCurrentWindow();
  rect.ClipWith(window->ClipRect);
  if (rect.GetWidth() <= 1 || rect.GetHeight() <= 1) return;
  g_building[std::string(label)] =
      WidgetRect{rect.Min.x, rect.Min.y, rect.GetWidth(), rect.GetHeight()};
}

void TrackRect(std::string_view label, const WidgetRect& rect) {
  g_building[std::string(label)] = rect;
}

bool FindWidgetInFrame(std::string_view label, WidgetRect* out) {
  auto it = g_building_whole.find(std::string(label));
  if (it == g_building_whole.end()) return false;
  *out = it->second;
  return true;
}

bool TrackedButton(const char* label, ImVec2 size) {
  bool pressed = ImGui::Button(label, size);
  TrackItem(label);
  return pressed;
}

bool TrackedCheckbox(const char* label, bool* value) {
  const float border = std::max(1.0f, std::round(ImGui::GetFontSize() / kTextFontCssPx));
  ImGui::PushStyleVar(ImGuiStyleVar_FrameBorderSize, border);
  ImGui::PushStyleColor(ImGuiCol_Border, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
  ImGui::PushStyleColor(ImGuiCol_BorderShadow, ImVec4(0, 0, 0, 0));
  bool changed = ImGui::Checkbox(label, value);
  ImGui::PopStyleColor(2);
  ImGui::PopStyleVar();
  TrackItem(label);
  return changed;
}

bool TrackedSmallButton(const char* label) {
  bool pressed = g_touch_height > 0 ? ImGui::Button(label) : ImGui::SmallButton(label);
  TrackItem(label);
  return pressed;
}

void Heading(const char* text, const char* note) {
  const Fonts& fonts = CurrentFonts();
  if (fonts.heading) ImGui::PushFont(fonts.heading);
  ImGui::TextUnformatted(text);
  if (fonts.heading) ImGui::PopFont();
  RecordItem(text);
  if (note && *note) {
    // A long note (a pattern's name) goes under the heading when the line has no room for it.
    FlowSameLine(ImGui::CalcTextSize(note).x);
    ImGui::PushStyleColor(ImGuiCol_Text, CurrentPalette().muted);
    ImGui::TextUnformatted(note);
    ImGui::PopStyleColor();
    RecordItem(note);
  }
}

void MutedText(const char* fmt, ...) {
  va_list args;
  va_start(args, fmt);
  ImGui::PushStyleColor(ImGuiCol_Text, CurrentPalette().muted);
  ImGui::TextV(fmt, args);
  ImGui::PopStyleColor();
  va_end(args);
}

void HelpMarker(const char* text) {
  ImGui::TextDisabled("(?)");
  if (ImGui::IsItemHovered()) {
    ImGui::BeginTooltip();
    ImGui::PushTextWrapPos(ImGui::GetFontSize() * 30.0f);
    ImGui::TextUnformatted(text);
    ImGui::PopTextWrapPos();
    ImGui::EndTooltip();
  }
}

void Chip(const char* text, ImU32 color) {
  ImVec2 text_size = ImGui::CalcTextSize(text);
  ImVec2 pad(5 * UiScale(), 1 * UiScale());
  ImVec2 pos = ImGui::GetCursorScreenPos();
  ImVec2 size(text_size.x + pad.x * 2, text_size.y + pad.y * 2);
  ImDrawList* draw = ImGui::GetWindowDrawList();
  ImVec4 c = ImGui::ColorConvertU32ToFloat4(color);
  draw->AddRectFilled(pos, ImVec2(pos.x + size.x, pos.y + size.y),
                      ImGui::ColorConvertFloat4ToU32(ImVec4(c.x, c.y, c.z, 0.22f)), 3 * UiScale());
  draw->AddText(ImVec2(pos.x + pad.x, pos.y + pad.y), color, text);
  ImGui::Dummy(size);
}

void MarkLegend(uint32_t marks) {
  static const Mark kShown[] = {Mark::kReturned,     Mark::kFilteredOut,  Mark::kRead,
                                Mark::kWritten,      Mark::kDeleted,      Mark::kIndexAdded,
                                Mark::kIndexRemoved, Mark::kIndexUpdated, Mark::kConditionFailed};
  const Palette& p = CurrentPalette();
  bool first = true;
  for (Mark m : kShown) {
    if (!(marks & (1u << static_cast<int>(m)))) continue;
    if (!first) ImGui::SameLine(0, 4 * UiScale());
    first = false;
    Chip(MarkName(m), p.mark_text[static_cast<int>(m)]);
  }
}

std::string FormatUnits(double units) {
  char buf[64];
  if (units == std::floor(units)) {
    std::snprintf(buf, sizeof buf, "%.0f", units);
  } else if (units * 2 == std::floor(units * 2)) {
    std::snprintf(buf, sizeof buf, "%.1f", units);
  } else {
    std::snprintf(buf, sizeof buf, "%.2f", units);
  }
  return buf;
}

std::string FormatDollars(double dollars) {
  char buf[64];
  if (dollars == 0) return "$0";
  if (dollars >= 100) {
    std::snprintf(buf, sizeof buf, "$%.0f", dollars);
  } else if (dollars >= 0.01) {
    // Cents, or as many more decimals as four significant digits need, trailing zeros dropped:
    // the seed's per-million figures stay exact ("$0.0625", "$0.125", "$1.25", not "$0.06").
    int decimals = std::max(2, 3 - static_cast<int>(std::floor(std::log10(dollars))));
    std::snprintf(buf, sizeof buf, "$%.*f", decimals, dollars);
    std::string s = buf;
    while (s.size() > 3 && s[s.size() - 3] != '.' && s.back() == '0') s.pop_back();
    return s;
  } else {
    // Small amounts: three significant digits, no exponent ("$0.0000000625").
    int decimals = static_cast<int>(std::ceil(-std::log10(dollars))) + 2;
    if (decimals > 14) decimals = 14;
    std::snprintf(buf, sizeof buf, "$%.*f", decimals, dollars);
    // Trim trailing zeros.
    std::string s = buf;
    while (!s.empty() && s.back() == '0') s.pop_back();
    if (!s.empty() && s.back() == '.') s.pop_back();
    return s;
  }
  return buf;
}

std::string FormatBytes(double bytes) {
  char buf[64];
  if (bytes < 1024) {
    std::snprintf(buf, sizeof buf, "%.0f B", bytes);
  } else if (bytes < 1024 * 1024) {
    std::snprintf(buf, sizeof buf, "%.1f KB", bytes / 1024);
  } else {
    std::snprintf(buf, sizeof buf, "%.1f MB", bytes / (1024 * 1024));
  }
  return buf;
}

std::string FormatCount(uint64_t n) {
  std::string digits = std::to_string(n);
  std::string out;
  int count = 0;
  for (size_t i = digits.size(); i > 0; --i) {
    if (count && count % 3 == 0) out.insert(out.begin(), ',');
    out.insert(out.begin(), digits[i - 1]);
    ++count;
  }
  return out;
}

void SizeBar(uint32_t size_bytes, float width, float height) {
  const Palette& p = CurrentPalette();
  ImVec2 pos = ImGui::GetCursorScreenPos();
  ImDrawList* draw = ImGui::GetWindowDrawList();
  float third = width / 3;
  // Piecewise scale: 0..1 KB, 1..4 KB, 4..8 KB.
  double kb = size_bytes / 1024.0;
  float fill;
  if (kb <= 1) {
    fill = static_cast<float>(kb) * third;
  } else if (kb <= 4) {
    fill = third + static_cast<float>((kb - 1) / 3) * third;
  } else {
    fill = 2 * third + static_cast<float>(std::fmin((kb - 4) / 4, 1.0)) * third;
  }
  ImU32 color = kb <= 1 ? p.size_small : (kb <= 4 ? p.size_medium : p.size_large);
  float y0 = pos.y + (ImGui::GetTextLineHeight() - height) / 2;
  draw->AddRectFilled(ImVec2(pos.x, y0), ImVec2(pos.x + width, y0 + height), p.size_track, 2);
  draw->AddRectFilled(ImVec2(pos.x, y0), ImVec2(pos.x + std::fmax(fill, 1.5f), y0 + height), color,
                      2);
  draw->AddLine(ImVec2(pos.x + third, y0 - 1), ImVec2(pos.x + third, y0 + height + 1), p.size_line);
  draw->AddLine(ImVec2(pos.x + 2 * third, y0 - 1), ImVec2(pos.x + 2 * third, y0 + height + 1),
                p.size_line);
  ImGui::Dummy(ImVec2(width, ImGui::GetTextLineHeight()));
}

}  // namespace monotable::ui
