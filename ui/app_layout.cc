// App's layout (see app.h): where each panel goes and the bars around them, for the three
// arrangements: the desktop's columns, the phone's single column with a bottom tab bar, and the
// embedded widget (side by side, or stacked and as tall as its content when it is narrow).
// Owns no data: it reads the views and panel states App keeps and queues the panels' intents;
// App::ApplyIntents (ui/app.cc) applies them after the frame.
//
// Sizes: ImGui works in framebuffer pixels; scale_ is the device pixel ratio the fonts and style
// were built for (web/main.cc), so a CSS pixel is scale_ framebuffer pixels. The narrow layouts
// start below kNarrowLayoutCssPx CSS px of width and make every clickable at least
// kTouchTargetCssPx CSS px tall and every text at least kMinTextCssPx CSS px.
#include <algorithm>
#include <cfloat>
#include <cmath>
#include <string>
#include <vector>

#include "imgui.h"
#include "ui/app.h"
#include "ui/theme.h"
#include "ui/widgets.h"

namespace monotable::ui {
namespace {

constexpr ImGuiWindowFlags kPanelFlags = ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoResize |
                                         ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoCollapse |
                                         ImGuiWindowFlags_NoSavedSettings |
                                         ImGuiWindowFlags_NoBringToFrontOnFocus;

// The smallest text in the narrow layouts (CSS px). The monospaced font is built at 13.5 CSS px
// for the desktop's dense tables; on a phone it is drawn at least this large.
constexpr float kMinTextCssPx = 14;
// The bottom tab bar's buttons (CSS px): taller than a touch target's minimum, as phones' are.
constexpr float kTabBarCssPx = 52;
// The stacked widget: the table panel's height and the JSON editor's lines (CSS px, lines).
constexpr float kStackedTableCssPx = 320;
constexpr int kStackedEditorMinLines = 6;
constexpr int kStackedEditorMaxLines = 18;

constexpr const char* kMenuLabel = "\xE2\x89\xA1 Menu##menu";  // U+2261 IDENTICAL TO: a hamburger

bool BeginPanel(const char* name, ImVec2 pos, ImVec2 size, ImGuiWindowFlags extra = 0) {
  ImGui::SetNextWindowPos(pos);
  ImGui::SetNextWindowSize(size);
  return ImGui::Begin(name, nullptr, kPanelFlags | extra);
}

// The bottom of what the current window drew, window-local (its natural height).
float ContentBottom() {
  return ImGui::GetCursorPosY() - ImGui::GetStyle().ItemSpacing.y +
         ImGui::GetStyle().WindowPadding.y;
}

// The last item's right edge in window-content coordinates.
float LastItemEnd() { return ImGui::GetItemRectMax().x - ImGui::GetWindowPos().x; }

// Touch sizes for the narrow layouts while it lives: frames (buttons, fields, tabs, check boxes)
// kTouchTargetCssPx tall, wider scroll bars, small buttons full-height, the monospaced font at
// least kMinTextCssPx.
class TouchStyle {
 public:
  explicit TouchStyle(float scale) {
    const ImGuiStyle& style = ImGui::GetStyle();
    const float target = kTouchTargetCssPx * scale;
    const float pad_y =
        std::max(style.FramePadding.y, std::ceil((target - ImGui::GetFontSize()) / 2));
    ImGui::PushStyleVar(ImGuiStyleVar_FramePadding, ImVec2(style.FramePadding.x * 1.5f, pad_y));
    ImGui::PushStyleVar(ImGuiStyleVar_ScrollbarSize, style.ScrollbarSize * 1.5f);
    SetTouchTargetHeight(target);
    ImFont* mono = CurrentFonts().mono;
    if (mono && mono->FontSize > 0) {
      mono_ = mono;
      mono->Scale = std::max(1.0f, std::ceil(kMinTextCssPx * scale) / mono->FontSize);
    }
  }
  ~TouchStyle() {
    ImGui::PopStyleVar(2);
    SetTouchTargetHeight(0);
    if (mono_) mono_->Scale = 1;
  }
  TouchStyle(const TouchStyle&) = delete;
  TouchStyle& operator=(const TouchStyle&) = delete;

 private:
  ImFont* mono_ = nullptr;
};

// The last item's rectangle, queryable by `label` (window.monotable.widgetRect) though it is text.
void TrackLastItemRect(const char* label) {
  const ImVec2 min = ImGui::GetItemRectMin(), max = ImGui::GetItemRectMax();
  TrackRect(label, WidgetRect{min.x, min.y, max.x - min.x, max.y - min.y});
}

}  // namespace

const char* LayoutModeName(LayoutMode mode) {
  switch (mode) {
    case LayoutMode::kDesktop:
      return "desktop";
    case LayoutMode::kNarrow:
      return "narrow";
    case LayoutMode::kEmbed:
      return "embed";
    case LayoutMode::kEmbedStacked:
      return "embed-stacked";
  }
  return "";
}

const char* NarrowTabName(NarrowTab tab) {
  switch (tab) {
    case NarrowTab::kPatterns:
      return "patterns";
    case NarrowTab::kRequest:
      return "request";
    case NarrowTab::kResult:
      return "result";
    case NarrowTab::kCost:
      return "cost";
    case NarrowTab::kItems:
      return "items";
    case NarrowTab::kTour:
      return "tour";
  }
  return "";
}

void App::RevealResult() {
  if (narrow_tab_ == NarrowTab::kTour && side_tab_ == 2) return;
  narrow_tab_ = NarrowTab::kResult;
}

void App::SetPlatformControls(float top_right, float bottom) {
  platform_top_right_css_ = std::max(0.0f, top_right);
  platform_bottom_css_ = std::max(0.0f, bottom);
}

void App::Frame() {
  ++frames_;
  if (pending_load_) {
    // The load's progress, not the panels, until it is done; on a phone with touch sizes.
    const float width = ImGui::GetMainViewport()->WorkSize.x / (scale_ > 0 ? scale_ : 1);
    if (width < kNarrowLayoutCssPx) {
      TouchStyle touch(scale_);
      FrameLoading();
    } else {
      FrameLoading();
    }
    if (pending_load_) return;
  }
  // Requests run between frames (App::Run from the platform) and the first frame.
  RefreshSettingsViewIfShown();
  const float css_width = ImGui::GetMainViewport()->WorkSize.x / (scale_ > 0 ? scale_ : 1);
  const bool narrow = css_width < kNarrowLayoutCssPx;
  HandleShortcuts();
  BeginWidgetFrame();
  content_height_ = 0;
  if (embed_.enabled) {
    layout_mode_ = narrow ? LayoutMode::kEmbedStacked : LayoutMode::kEmbed;
    if (narrow) {
      TouchStyle touch(scale_);
      FrameEmbed(true);
    } else {
      FrameEmbed(false);
    }
  } else if (narrow) {
    layout_mode_ = LayoutMode::kNarrow;
    TouchStyle touch(scale_);
    FrameNarrow();
  } else {
    layout_mode_ = LayoutMode::kDesktop;
    FrameDesktop();
  }
  DrawFocusRing();
  if (focus_ring_shown_) TrackRect("##focus-ring", focus_ring_);
  EndWidgetFrame();
  ApplyIntents();
  RefreshSettingsViewIfShown();
}

void App::RefreshSettingsViewIfShown() {
  const bool shown = select_side_tab_ >= 0 ? select_side_tab_ == 2 : side_tab_ == 2;
  if (!shown && !settings_tab_pressed_) return;
  settings_tab_pressed_ = false;
  // Reads the engine only when data, schema, time or the GSI draft moved.
  if (RefreshSettingsView(&engine_, clock_, loads_, table_settings_panel_, &settings_view_)) {
    ++settings_view_builds_;
  }
}

void App::DrawTopMenu(bool model) {
  const ImGuiStyle& style = ImGui::GetStyle();
  bool used = false;
  if (model) {
    used |= DrawModelMenu(&model_panel_, model_view_, &intents_);
    ImGui::Spacing();
  }
  std::vector<ShareAction> actions;
  used |= DrawShareMenu(false, &share_history_, &actions);
  for (ShareAction a : actions) platform_actions_.emplace_back(ShareActionName(a));
  ImGui::Dummy(ImVec2(0, style.ItemSpacing.y));
  const size_t before = intents_.size();
  DrawThemeButton(model_view_, ImVec2(-FLT_MIN, 0), &intents_);
  used |= intents_.size() != before;
  // The keyboard and touch help (the ? key's), for those without a keyboard to press ? on.
  if (TrackedButton("Keyboard and touch help", ImVec2(-FLT_MIN, 0))) {
    platform_actions_.emplace_back("open-help");
    used = true;
  }
  if (used) ImGui::CloseCurrentPopup();
}

void App::DrawTopBar(bool narrow) {
  const ImGuiStyle& style = ImGui::GetStyle();
  SetRecordGroup("topbar");
  if (narrow) {
    // A phone: the Menu button holds every control; the bar names what is loaded.
    const ImVec2 bar_min = ImGui::GetWindowPos();
    const float bar_bottom = bar_min.y + ImGui::GetWindowHeight();
    if (TrackedButton(kMenuLabel)) ImGui::OpenPopup("##top-menu");
    TrackItem("Menu");
    ImGui::SameLine();
    const Fonts& fonts = CurrentFonts();
    ImGui::AlignTextToFramePadding();
    if (fonts.heading) ImGui::PushFont(fonts.heading);
    ImGui::TextColored(CurrentPalette().accent, "monotable");
    if (fonts.heading) ImGui::PopFont();
    RecordItem("monotable");
    TrackLastItemRect("monotable");
    // The name shows only where it ends before the platform's controls at the bar's right end.
    const float limit = ImGui::GetWindowContentRegionMax().x - platform_top_right_css_ * scale_;
    if (!model_view_.status.empty()) {
      ImGui::SameLine();
      ImGui::AlignTextToFramePadding();
      ImGui::TextColored(CurrentPalette().error, "Load failed");
      RecordItem("status");
    } else if (!model_view_.loaded_name.empty() &&
               LastItemEnd() + style.ItemSpacing.x +
                       ImGui::CalcTextSize(model_view_.loaded_name.c_str()).x <=
                   limit) {
      ImGui::SameLine();
      ImGui::AlignTextToFramePadding();
      MutedText("%s", model_view_.loaded_name.c_str());
      RecordItem("model name");
      TrackLastItemRect("model name");
    }
    const float width = std::min(ImGui::GetMainViewport()->WorkSize.x, 400 * scale_);
    ImGui::SetNextWindowPos(ImVec2(bar_min.x, bar_bottom));
    ImGui::SetNextWindowSizeConstraints(ImVec2(width, 0),
                                        ImVec2(width, ImGui::GetMainViewport()->WorkSize.y));
    if (ImGui::BeginPopup("##top-menu")) {
      SetRecordGroup("menu");
      DrawTopMenu(true);
      ImGui::EndPopup();
    }
    SetRecordGroup("");
    return;
  }
  // A desktop: one row, as wide screens always had it. Where the row has no room for the share
  // buttons and the theme toggle, they go into a menu at its right end.
  const float theme_w = ThemeButtonWidth();
  const float share_w = ShareButtonsWidth(false);
  const float avail = ImGui::GetWindowContentRegionMax().x - ImGui::GetWindowContentRegionMin().x;
  const bool fits =
      ModelBarRequiredWidth(model_view_) + style.ItemSpacing.x * 2 + share_w + theme_w <= avail;
  if (fits) {
    ModelBarLayout layout;
    layout.reserved_right = share_w;
    DrawModelPanel(&model_panel_, model_view_, &intents_, layout);
    // The share buttons end left of the model panel's theme button (right-aligned there).
    std::vector<ShareAction> actions;
    DrawShareButtons(false, ImGui::GetWindowContentRegionMax().x - theme_w - style.ItemSpacing.x,
                     &share_history_, &actions);
    for (ShareAction a : actions) platform_actions_.emplace_back(ShareActionName(a));
  } else {
    const float menu_w = ButtonWidth(kMenuLabel);
    ModelBarLayout layout;
    layout.reserved_right = menu_w;
    layout.theme_in_bar = false;
    DrawModelPanel(&model_panel_, model_view_, &intents_, layout);
    ImGui::SameLine(ImGui::GetWindowContentRegionMax().x - menu_w);
    if (TrackedButton(kMenuLabel)) ImGui::OpenPopup("##top-menu");
    TrackItem("Menu");
    const ImVec2 button_max = ImGui::GetItemRectMax();
    const float width = 260 * scale_;
    ImGui::SetNextWindowPos(ImVec2(button_max.x, button_max.y + style.WindowPadding.y),
                            ImGuiCond_Always, ImVec2(1, 0));
    ImGui::SetNextWindowSizeConstraints(ImVec2(width, 0), ImVec2(width, FLT_MAX));
    if (ImGui::BeginPopup("##top-menu")) {
      SetRecordGroup("menu");
      DrawTopMenu(false);
      ImGui::EndPopup();
    }
  }
  SetRecordGroup("");
}

void App::DrawSidePanel(bool narrow) {
  if (!ImGui::BeginTabBar("##side-tabs")) return;
  std::string tour_label =
      narrow || tour_view_.model_name.empty() ? "Tour" : "Tour of " + tour_view_.model_name;
  tour_label += "###tour";
  bool tour_open = ImGui::BeginTabItem(tour_label.c_str(), nullptr,
                                       select_side_tab_ == 0 ? ImGuiTabItemFlags_SetSelected : 0);
  TrackItem("Tour");
  if (tour_open) {
    side_tab_ = 0;
    DrawTourPanel(&tour_panel_, tour_view_, &intents_);
    ImGui::EndTabItem();
  }
  std::string history_label =
      "History (" + std::to_string(history_view_.entries.size()) + ")###history";
  bool history_open = ImGui::BeginTabItem(
      history_label.c_str(), nullptr, select_side_tab_ == 1 ? ImGuiTabItemFlags_SetSelected : 0);
  TrackItem("History");
  if (history_open) {
    side_tab_ = 1;
    DrawHistoryPanel(&history_panel_, history_view_, &intents_);
    ImGui::EndTabItem();
  }
  bool bill_open = ImGui::BeginTabItem("Bill###bill");
  TrackItem("Bill");
  if (bill_open) {
    side_tab_ = 3;
    DrawBillPanel(&bill_panel_, bill_view_, &intents_);
    ImGui::EndTabItem();
  }
  bool settings_open =
      ImGui::BeginTabItem(narrow ? "Settings###settings" : "Table settings###settings", nullptr,
                          select_side_tab_ == 2 ? ImGuiTabItemFlags_SetSelected : 0);
  // A click selects the tab from the next frame on: its view is built after this frame.
  settings_tab_pressed_ = ImGui::IsItemActivated();
  TrackItem("Table settings");
  if (settings_open) {
    side_tab_ = 2;
    // settings_view_ was built before this frame (App::Frame): drawing only reads it.
    DrawTableSettingsPanel(&table_settings_panel_, settings_view_, &intents_);
    ImGui::EndTabItem();
  }
  select_side_tab_ = -1;
  ImGui::EndTabBar();
}

void App::FrameDesktop() {
  const ImGuiViewport* viewport = ImGui::GetMainViewport();
  const ImVec2 origin = viewport->WorkPos;
  const ImVec2 size = viewport->WorkSize;
  const ImGuiStyle& style = ImGui::GetStyle();
  const float top = ImGui::GetFrameHeight() + style.WindowPadding.y * 2;
  const float body = size.y - top;
  // Three columns: patterns + request | items + result | cost + tour/history. Narrow screens
  // give the middle column more room.
  const bool narrow = size.x < 1100 * scale_;
  const float left_w = std::floor(size.x * (narrow ? 0.36f : 0.31f));
  const float right_w = std::floor(size.x * (narrow ? 0.0f : 0.25f));
  const float mid_w = size.x - left_w - right_w;
  const float x_mid = origin.x + left_w;
  const float x_right = x_mid + mid_w;
  const float y_body = origin.y + top;

  if (BeginPanel("##model", origin, ImVec2(size.x, top))) DrawTopBar(false);
  ImGui::End();

  const float patterns_h = std::floor(body * 0.50f);
  if (BeginPanel("##patterns", ImVec2(origin.x, y_body), ImVec2(left_w, patterns_h))) {
    DrawPatternsPanel(&patterns_panel_, patterns_view_, &intents_);
  }
  ImGui::End();
  if (BeginPanel("##request", ImVec2(origin.x, y_body + patterns_h),
                 ImVec2(left_w, body - patterns_h))) {
    DrawRequestPanel(&request_panel_, schema_view_, &intents_);
  }
  ImGui::End();

  // A write's fan-out (a box per index) needs more of the column than items do: the result panel
  // grows while it shows one.
  const bool fanout = result_panel_.show_fanout && result_view_.fanout.has_fanout;
  const float table_h =
      std::floor(body * (narrow ? (fanout ? 0.30f : 0.45f) : (fanout ? 0.38f : 0.60f)));
  if (BeginPanel("##table", ImVec2(x_mid, y_body), ImVec2(mid_w, table_h))) {
    DrawTablePanel(&table_panel_, tables_view_, &intents_);
  }
  ImGui::End();
  const float result_h = narrow ? std::floor(body * (fanout ? 0.42f : 0.27f)) : body - table_h;
  if (BeginPanel("##result", ImVec2(x_mid, y_body + table_h), ImVec2(mid_w, result_h))) {
    DrawResultPanel(&result_panel_, result_view_, &intents_);
  }
  ImGui::End();

  // The right column (below the result on narrow screens).
  // The table settings tab needs height: the cost panel above it gives some while it is open.
  ImVec2 cost_pos(x_right, y_body),
      cost_size(right_w, std::floor(body * (side_tab_ == 2 ? 0.36f : 0.56f)));
  ImVec2 side_pos(x_right, y_body + cost_size.y), side_size(right_w, body - cost_size.y);
  if (narrow) {
    float y = y_body + table_h + result_h;
    cost_pos = ImVec2(x_mid, y);
    cost_size = ImVec2(std::floor(mid_w * 0.55f), body - table_h - result_h);
    side_pos = ImVec2(x_mid + cost_size.x, y);
    side_size = ImVec2(mid_w - cost_size.x, cost_size.y);
  }
  if (BeginPanel("##cost", cost_pos, cost_size)) {
    DrawCostPanel(&cost_panel_, cost_view_, &intents_);
  }
  ImGui::End();
  if (BeginPanel("##side", side_pos, side_size)) DrawSidePanel(false);
  ImGui::End();
}

// A phone: the top bar with its menu, one panel at a time, and the tab bar at the bottom.
void App::FrameNarrow() {
  const ImGuiViewport* viewport = ImGui::GetMainViewport();
  const ImVec2 origin = viewport->WorkPos;
  const ImVec2 size = viewport->WorkSize;
  const ImGuiStyle& style = ImGui::GetStyle();
  const float top = ImGui::GetFrameHeight() + style.WindowPadding.y * 2;
  const float tabs_h = std::floor(kTabBarCssPx * scale_) + style.WindowPadding.y;
  const float body = std::max(0.0f, size.y - top - tabs_h);

  if (BeginPanel("##model", origin, ImVec2(size.x, top))) DrawTopBar(true);
  ImGui::End();

  const ImVec2 pos(origin.x, origin.y + top);
  const ImVec2 panel(size.x, body);
  switch (narrow_tab_) {
    case NarrowTab::kPatterns:
      if (BeginPanel("##patterns", pos, panel)) {
        DrawPatternsPanel(&patterns_panel_, patterns_view_, &intents_);
      }
      break;
    case NarrowTab::kRequest:
      if (BeginPanel("##request", pos, panel)) {
        DrawRequestPanel(&request_panel_, schema_view_, &intents_);
      }
      break;
    case NarrowTab::kResult:
      if (BeginPanel("##result", pos, panel)) {
        SetRecordGroup("result");
        DrawResultPanel(&result_panel_, result_view_, &intents_);
        SetRecordGroup("");
      }
      break;
    case NarrowTab::kCost:
      if (BeginPanel("##cost", pos, panel)) DrawCostPanel(&cost_panel_, cost_view_, &intents_);
      break;
    case NarrowTab::kItems:
      if (BeginPanel("##table", pos, panel)) {
        DrawTablePanel(&table_panel_, tables_view_, &intents_);
      }
      break;
    case NarrowTab::kTour:
      if (BeginPanel("##side", pos, panel)) DrawSidePanel(true);
      break;
  }
  ImGui::End();
  DrawTabBar(origin.x, origin.y + top + body, size.x, tabs_h);
}

void App::DrawTabBar(float x, float y, float width, float height) {
  struct Tab {
    NarrowTab tab;
    const char* label;
  };
  static const Tab kTabs[] = {
      {NarrowTab::kPatterns, "Patterns##tab"}, {NarrowTab::kRequest, "Request##tab"},
      {NarrowTab::kResult, "Result##tab"},     {NarrowTab::kCost, "Cost##tab"},
      {NarrowTab::kItems, "Items##tab"},       {NarrowTab::kTour, "Tour##tab"}};
  constexpr int kCount = static_cast<int>(sizeof kTabs / sizeof kTabs[0]);
  const float pad = std::floor(2 * scale_);
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(pad, pad));
  ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing, ImVec2(pad, pad));
  const bool open = BeginPanel("##tabs", ImVec2(x, y), ImVec2(width, height),
                               ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse);
  ImGui::PopStyleVar(2);
  // The labels need the room more than the buttons need their side padding.
  ImGui::PushStyleVar(ImGuiStyleVar_FramePadding, ImVec2(pad, ImGui::GetStyle().FramePadding.y));
  ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing, ImVec2(pad, pad));
  if (open) {
    SetRecordGroup("tabbar");
    // Each tab is as wide as its label plus an equal share of what is left, so that the longest
    // label ("Patterns") fits on a 320 px screen.
    float labels = 0;
    for (const Tab& t : kTabs) labels += ButtonWidth(t.label);
    const float spacing = ImGui::GetStyle().ItemSpacing.x;
    const float inner = ImGui::GetContentRegionAvail().x - spacing * (kCount - 1);
    const float extra = std::max(0.0f, (inner - labels) / kCount);
    const float button_h = ImGui::GetContentRegionAvail().y;
    const ImVec4 selected = ImGui::GetStyleColorVec4(ImGuiCol_ButtonActive);
    for (int i = 0; i < kCount; ++i) {
      const Tab& t = kTabs[i];
      if (i > 0) ImGui::SameLine();
      const bool current = narrow_tab_ == t.tab;
      ImGui::PushStyleColor(ImGuiCol_Button, current ? selected : ImVec4(0, 0, 0, 0));
      float w = ButtonWidth(t.label) + extra;
      if (i == kCount - 1) w = ImGui::GetContentRegionAvail().x;  // no rounding gap at the end
      if (TrackedButton(t.label, ImVec2(std::floor(w), button_h))) narrow_tab_ = t.tab;
      ImGui::PopStyleColor();
    }
    SetRecordGroup("");
  }
  ImGui::PopStyleVar(2);
  ImGui::End();
}

void App::DrawEmbedBar() {
  const ImGuiStyle& style = ImGui::GetStyle();
  const Fonts& fonts = CurrentFonts();
  SetRecordGroup("topbar");
  ImGui::AlignTextToFramePadding();
  if (fonts.heading) ImGui::PushFont(fonts.heading);
  ImGui::TextColored(CurrentPalette().accent, "monotable");
  if (fonts.heading) ImGui::PopFont();
  RecordItem("monotable");
  // The names and the load error, each where it fits before the buttons at the right end.
  const float reset_width = ButtonWidth("Reset");
  const float right = ImGui::GetWindowContentRegionMax().x - reset_width - style.ItemSpacing.x;
  const float limit = right - ShareButtonsWidth(true) - style.ItemSpacing.x;
  auto fits = [&](const std::string& text) {
    return LastItemEnd() + style.ItemSpacing.x + ImGui::CalcTextSize(text.c_str()).x <= limit;
  };
  if (fits(model_view_.loaded_name)) {
    ImGui::SameLine();
    MutedText("%s", model_view_.loaded_name.c_str());
    RecordItem("model name");
  }
  if (!request_panel_.label.empty() && fits(request_panel_.label)) {
    ImGui::SameLine();
    ImGui::TextUnformatted(request_panel_.label.c_str());
    RecordItem("label");
  }
  if (!model_view_.status.empty()) {
    const bool whole = fits(model_view_.status);
    ImGui::SameLine();
    ImGui::TextColored(CurrentPalette().error, "%s",
                       whole ? model_view_.status.c_str() : "Load failed (?)");
    RecordItem("status");
    if (!whole && ImGui::IsItemHovered()) ImGui::SetTooltip("%s", model_view_.status.c_str());
  }
  std::vector<ShareAction> actions;
  DrawShareButtons(true, right, nullptr, &actions);
  for (ShareAction a : actions) platform_actions_.emplace_back(ShareActionName(a));
  ImGui::SameLine();
  if (TrackedButton("Reset")) intents_.push_back(intent::ResetModel{});
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Back to the example as it was loaded");
  SetRecordGroup("");
}

// The embedded widget: a slim top bar (model, reset, open in the playground), the table view when
// asked for, then the request beside the result and cost. Panels left out give their room to the
// others. Stacked (a narrow widget), every panel takes the whole width, one under the other, as
// tall as its content, and the widget reports its height (content_height_) for the host page to
// size the iframe to.
void App::FrameEmbed(bool stacked) {
  const ImGuiViewport* viewport = ImGui::GetMainViewport();
  const ImVec2 origin = viewport->WorkPos;
  const ImVec2 size = viewport->WorkSize;
  const ImGuiStyle& style = ImGui::GetStyle();
  const float top = ImGui::GetFrameHeight() + style.WindowPadding.y * 2;
  if (BeginPanel("##embed-bar", origin, ImVec2(size.x, top))) DrawEmbedBar();
  ImGui::End();

  float y = origin.y + top;
  if (stacked) {
    if (size.x != stacked_width_) {  // a new width wraps text differently: measure again
      stacked_width_ = size.x;
      stacked_cost_serial_ = 0;
    }
    if (embed_.table) {
      const float h = std::floor(kStackedTableCssPx * scale_);
      if (BeginPanel("##table", ImVec2(origin.x, y), ImVec2(size.x, h))) {
        DrawTablePanel(&table_panel_, tables_view_, &intents_);
      }
      ImGui::End();
      y += h;
    }
    if (embed_.request) {
      if (stacked_request_h_ <= 0) stacked_request_h_ = std::floor(360 * scale_);
      const float h = stacked_request_h_;
      if (BeginPanel("##request", ImVec2(origin.x, y), ImVec2(size.x, h),
                     ImGuiWindowFlags_NoScrollbar)) {
        DrawRequestPanel(&request_panel_, schema_view_, &intents_);
        // The JSON editor fills what the form leaves: the panel is sized so that it shows the
        // request's lines (between kStackedEditorMinLines and kStackedEditorMaxLines).
        WidgetRect editor;
        if (FindWidgetInFrame("##json", &editor)) {
          const ImFont* mono = CurrentFonts().mono;
          const float line = mono ? mono->FontSize * mono->Scale : ImGui::GetFontSize();
          const int lines = static_cast<int>(std::count(request_panel_.json_text.begin(),
                                                        request_panel_.json_text.end(), '\n')) +
                            2;
          const float wanted =
              std::clamp(lines, kStackedEditorMinLines, kStackedEditorMaxLines) * line +
              style.FramePadding.y * 2;
          stacked_request_h_ = std::ceil(ContentBottom() - editor.h + wanted);
        }
      }
      ImGui::End();
      y += h;
    }
    if (embed_.result) {
      const float h = std::ceil(std::max(result_panel_.preferred_height, 120 * scale_));
      if (BeginPanel("##result", ImVec2(origin.x, y), ImVec2(size.x, h))) {
        DrawResultPanel(&result_panel_, result_view_, &intents_);
      }
      ImGui::End();
      y += h;
    }
    if (embed_.cost) {
      // Measured once per result (and width): drawn unbounded for that frame, then as tall as
      // what it drew (the size plot takes the room it is given, so it is not measured again).
      const uint64_t key = 1 + effects_serial_ + (loads_ << 32);
      const bool measure = stacked_cost_serial_ != key;
      const float h = measure ? std::max(size.y, 4000 * scale_) : stacked_cost_h_;
      if (BeginPanel("##cost", ImVec2(origin.x, y), ImVec2(size.x, h),
                     ImGuiWindowFlags_NoScrollbar)) {
        DrawCostPanel(&cost_panel_, cost_view_, &intents_);
        if (measure) {
          stacked_cost_h_ = std::ceil(ContentBottom());
          stacked_cost_serial_ = key;
        }
      }
      ImGui::End();
      y += measure ? stacked_cost_h_ : h;
    }
    // Below the panels, a strip for the platform's controls (the Text view button), so that
    // they cover nothing the widget drew.
    y += std::ceil(platform_bottom_css_ * scale_);
    content_height_ = y - origin.y;
    TrackRect("##content", WidgetRect{origin.x, origin.y, size.x, content_height_});
    return;
  }

  float body = size.y - top;
  if (embed_.table) {
    bool others = embed_.request || embed_.result || embed_.cost;
    float table_h = others ? std::floor(body * 0.45f) : body;
    if (BeginPanel("##table", ImVec2(origin.x, y), ImVec2(size.x, table_h))) {
      DrawTablePanel(&table_panel_, tables_view_, &intents_);
    }
    ImGui::End();
    y += table_h;
    body -= table_h;
  }
  float x = origin.x;
  float width = size.x;
  if (embed_.request) {
    float w = embed_.result || embed_.cost ? std::floor(size.x * 0.42f) : size.x;
    if (BeginPanel("##request", ImVec2(x, y), ImVec2(w, body))) {
      DrawRequestPanel(&request_panel_, schema_view_, &intents_);
    }
    ImGui::End();
    x += w;
    width -= w;
  }
  if (embed_.result && embed_.cost) {
    // Side by side without the request; stacked in the right column beside it.
    if (embed_.request) {
      float result_h = std::floor(body * 0.55f);
      if (BeginPanel("##result", ImVec2(x, y), ImVec2(width, result_h))) {
        DrawResultPanel(&result_panel_, result_view_, &intents_);
      }
      ImGui::End();
      if (BeginPanel("##cost", ImVec2(x, y + result_h), ImVec2(width, body - result_h))) {
        DrawCostPanel(&cost_panel_, cost_view_, &intents_);
      }
      ImGui::End();
    } else {
      float result_w = std::floor(width * 0.58f);
      if (BeginPanel("##result", ImVec2(x, y), ImVec2(result_w, body))) {
        DrawResultPanel(&result_panel_, result_view_, &intents_);
      }
      ImGui::End();
      if (BeginPanel("##cost", ImVec2(x + result_w, y), ImVec2(width - result_w, body))) {
        DrawCostPanel(&cost_panel_, cost_view_, &intents_);
      }
      ImGui::End();
    }
  } else if (embed_.result || embed_.cost) {
    if (BeginPanel(embed_.result ? "##result" : "##cost", ImVec2(x, y), ImVec2(width, body))) {
      if (embed_.result) {
        DrawResultPanel(&result_panel_, result_view_, &intents_);
      } else {
        DrawCostPanel(&cost_panel_, cost_view_, &intents_);
      }
    }
    ImGui::End();
  }
}

}  // namespace monotable::ui
