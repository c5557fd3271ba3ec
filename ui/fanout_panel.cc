// Fan-out panel (see fanout_panel.h).
#include "ui/fanout_panel.h"

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <string>
#include <vector>

#include "imgui.h"
#include "ui/theme.h"
#include "ui/widgets.h"

namespace monotable::ui {
namespace {

// Below this content width (CSS px) the index boxes stack under the table's box.
constexpr float kWideCssPx = 520;
// Each box fades in over this long; the table's first, then the indexes one after another, the
// last one done at kFanoutAnimationSeconds.
constexpr double kBoxSeconds = 0.15;

float Css(float px) { return px * UiScale(); }

float Clamp01(double v) { return static_cast<float>(std::clamp(v, 0.0, 1.0)); }

ImU32 WithAlpha(ImU32 color, float alpha) {
  ImVec4 c = ImGui::ColorConvertU32ToFloat4(color);
  c.w *= alpha;
  return ImGui::ColorConvertFloat4ToU32(c);
}
ImU32 WithAlpha(const ImVec4& color, float alpha) {
  return ImGui::ColorConvertFloat4ToU32(ImVec4(color.x, color.y, color.z, color.w * alpha));
}

// One text run of a box: its font, size, colour and text, wrapped at the box's inner width.
struct Run {
  ImFont* font;
  float size;
  std::string text;
  ImVec4 color;
};

struct BoxText {
  std::vector<Run> runs;  // under the title line
  float title_height = 0;
  bool units_below = false;  // the units do not fit beside the title: their own line
};

float RunHeight(const Run& run, float wrap) {
  return run.font->CalcTextSizeA(run.size, FLT_MAX, wrap, run.text.c_str()).y;
}

// The lines of a box: the title and its units, then what happened (with the entry's size), the
// key (and the key before a move), the reason.
BoxText Layout(const FanoutBoxView& box, float inner, const Palette& palette) {
  const Fonts& fonts = CurrentFonts();
  ImFont* ui = ImGui::GetFont();
  const float ui_size = ImGui::GetFontSize();
  ImFont* mono = fonts.mono ? fonts.mono : ui;
  const float mono_size = fonts.mono ? fonts.mono->FontSize * fonts.mono->Scale : ui_size;
  BoxText t;
  const float title_w = ui->CalcTextSizeA(ui_size, FLT_MAX, 0, box.title.c_str()).x;
  const float units_w = ui->CalcTextSizeA(ui_size, FLT_MAX, 0, box.units.c_str()).x;
  t.units_below = title_w + Css(8) + units_w > inner;
  t.title_height = ui_size * (t.units_below ? 2 : 1);
  const ImVec4 text = ImGui::GetStyleColorVec4(ImGuiCol_Text);
  const ImVec4 action =
      box.written ? ImGui::ColorConvertU32ToFloat4(palette.mark_text[static_cast<int>(box.mark)])
                  : palette.muted;
  t.runs.push_back(
      {ui, ui_size, box.size.empty() ? box.action : box.action + ", " + box.size, action});
  if (!box.key.empty()) {
    t.runs.push_back({mono, mono_size, box.key, box.written ? text : palette.muted});
  }
  if (!box.old_key.empty()) t.runs.push_back({mono, mono_size, box.old_key, palette.muted});
  if (!box.reason.empty()) t.runs.push_back({ui, ui_size, box.reason, palette.muted});
  return t;
}

float BoxHeight(const BoxText& t, float inner) {
  float h = Css(8) * 2 + t.title_height;
  for (const Run& run : t.runs) h += Css(2) + RunHeight(run, inner);
  return h;
}

void DrawBox(ImDrawList* draw, const FanoutBoxView& box, const BoxText& t, ImVec2 pos, float w,
             float h, float alpha) {
  const Palette& palette = CurrentPalette();
  const float pad = Css(8);
  const float inner = w - pad * 2;
  const ImVec2 max(pos.x + w, pos.y + h);
  const float rounding = Css(5);
  const int mark = static_cast<int>(box.mark);
  if (box.written) {
    draw->AddRectFilled(pos, max, WithAlpha(palette.mark_fill[mark], alpha), rounding);
    draw->AddRect(pos, max, WithAlpha(palette.mark_text[mark], alpha), rounding, 0, Css(1.5f));
  } else {
    draw->AddRectFilled(
        pos, max, WithAlpha(ImGui::GetStyleColorVec4(ImGuiCol_FrameBg), alpha * 0.6f), rounding);
    draw->AddRect(pos, max, WithAlpha(palette.muted, alpha * 0.6f), rounding, 0, Css(1));
  }
  ImFont* ui = ImGui::GetFont();
  const float ui_size = ImGui::GetFontSize();
  float y = pos.y + pad;
  draw->AddText(ui, ui_size, ImVec2(pos.x + pad, y),
                WithAlpha(box.written ? palette.accent : palette.muted, alpha), box.title.c_str());
  const float units_w = ui->CalcTextSizeA(ui_size, FLT_MAX, 0, box.units.c_str()).x;
  const ImVec2 units_pos =
      t.units_below ? ImVec2(pos.x + pad, y + ui_size) : ImVec2(pos.x + w - pad - units_w, y);
  draw->AddText(
      ui, ui_size, units_pos,
      WithAlpha(box.written ? ImGui::GetStyleColorVec4(ImGuiCol_Text) : palette.muted, alpha),
      box.units.c_str());
  y += t.title_height;
  for (const Run& run : t.runs) {
    y += Css(2);
    draw->AddText(run.font, run.size, ImVec2(pos.x + pad, y), WithAlpha(run.color, alpha),
                  run.text.c_str(), nullptr, inner);
    y += RunHeight(run, inner);
  }
}

// An arrow from `from` to `to` (arriving horizontally), drawn up to `t` (0..1) of its length: a
// curve when `curve` (the wide layout), otherwise down then across (the stacked one).
void DrawArrow(ImDrawList* draw, ImVec2 from, ImVec2 to, bool curve, ImU32 color, float thickness,
               float t) {
  if (t <= 0) return;
  constexpr int kSteps = 24;
  ImVec2 points[kSteps + 1];
  for (int i = 0; i <= kSteps; ++i) {
    const float u = static_cast<float>(i) / kSteps;
    if (curve) {
      const float dx = (to.x - from.x) * 0.5f;
      const ImVec2 c1(from.x + dx, from.y), c2(to.x - dx, to.y);
      const float a = (1 - u) * (1 - u) * (1 - u), b = 3 * (1 - u) * (1 - u) * u,
                  c = 3 * (1 - u) * u * u, d = u * u * u;
      points[i] = ImVec2(a * from.x + b * c1.x + c * c2.x + d * to.x,
                         a * from.y + b * c1.y + c * c2.y + d * to.y);
    } else {
      // Down the left edge, then across to the box.
      const float down = to.y - from.y, across = to.x - from.x;
      const float total = down + across;
      const float s = u * total;
      points[i] = s <= down ? ImVec2(from.x, from.y + s) : ImVec2(from.x + (s - down), to.y);
    }
  }
  const int shown = std::max(1, static_cast<int>(std::ceil(t * kSteps)));
  draw->AddPolyline(points, shown + 1, color, 0, thickness);
  if (t >= 1) {
    const float head = Css(6);
    draw->AddTriangleFilled(ImVec2(to.x, to.y), ImVec2(to.x - head, to.y - head * 0.6f),
                            ImVec2(to.x - head, to.y + head * 0.6f), color);
  }
}

}  // namespace

void DrawFanoutPanel(FanoutPanelState* state, const FanoutView& view) {
  const Palette& palette = CurrentPalette();
  if (!view.has_fanout) {
    state->progress = 1;
    state->height = 0;
    return;
  }
  const double now = ImGui::GetTime();
  if (view.serial != state->shown_serial) {
    state->shown_serial = view.serial;
    state->started = now;
  }
  const double elapsed = state->reduced_motion ? 1e9 : now - state->started;
  state->progress = Clamp01(elapsed / kFanoutAnimationSeconds);
  const float top = ImGui::GetCursorPosY();

  ImGui::PushTextWrapPos(0);
  ImGui::PushStyleColor(ImGuiCol_Text, palette.muted);
  ImGui::TextUnformatted(("Fan-out: " + view.summary).c_str());
  ImGui::PopStyleColor();
  ImGui::PopTextWrapPos();
  RecordItem("fanout-summary");

  ImDrawList* draw = ImGui::GetWindowDrawList();
  const float width = std::max(ImGui::GetContentRegionAvail().x, Css(120));
  const bool wide = width >= Css(kWideCssPx);
  state->narrow = !wide;
  const float gap = Css(8);
  for (size_t g = 0; g < view.groups.size(); ++g) {
    const FanoutGroupView& group = view.groups[g];
    ImGui::PushID(static_cast<int>(g));
    if (!group.label.empty()) {
      ImGui::TextColored(palette.accent, "%s", group.label.c_str());
      RecordItem(group.label);
    }
    const std::string prefix = g == 0 ? "Fan-out: " : "Fan-out " + std::to_string(g + 1) + ": ";
    const ImVec2 origin = ImGui::GetCursorScreenPos();
    const float arrows_w = wide ? std::max(Css(40), width * 0.1f) : 0;
    const float indent = wide ? 0 : Css(22);
    const float base_w = wide ? (width - arrows_w) * 0.42f : width;
    const float index_x = wide ? origin.x + base_w + arrows_w : origin.x + indent;
    const float index_w = wide ? width - base_w - arrows_w : width - indent;

    const BoxText base_text = Layout(group.base, base_w - Css(16), palette);
    const float base_h = BoxHeight(base_text, base_w - Css(16));
    std::vector<BoxText> texts;
    std::vector<float> ys, hs;
    float y = wide ? origin.y : origin.y + base_h + gap;
    for (const FanoutBoxView& box : group.indexes) {
      texts.push_back(Layout(box, index_w - Css(16), palette));
      const float h = BoxHeight(texts.back(), index_w - Css(16));
      ys.push_back(y);
      hs.push_back(h);
      y += h + gap;
    }
    const float bottom = std::max(origin.y + base_h, y - gap);

    // The boxes' final places are tracked (and hovered for the arithmetic) from the first frame.
    ImGui::SetCursorScreenPos(origin);
    ImGui::InvisibleButton((prefix + group.base.title).c_str(), ImVec2(base_w, base_h));
    TrackItem(prefix + group.base.title);
    if (ImGui::IsItemHovered() && !group.base.arithmetic.empty()) {
      ImGui::SetTooltip("%s", group.base.arithmetic.c_str());
    }
    const float base_alpha = Clamp01(elapsed / kBoxSeconds);
    DrawBox(draw, group.base, base_text, ImVec2(origin.x - (1 - base_alpha) * Css(12), origin.y),
            base_w, base_h, base_alpha);

    const size_t n = group.indexes.size();
    for (size_t i = 0; i < n; ++i) {
      const FanoutBoxView& box = group.indexes[i];
      const double start = kBoxSeconds + (n > 1 ? static_cast<double>(i) *
                                                      (kFanoutAnimationSeconds - 2 * kBoxSeconds) /
                                                      static_cast<double>(n - 1)
                                                : 0);
      const float a = Clamp01((elapsed - start) / kBoxSeconds);
      const ImVec2 pos(index_x, ys[i]);
      ImGui::SetCursorScreenPos(pos);
      ImGui::InvisibleButton((prefix + box.title).c_str(), ImVec2(index_w, hs[i]));
      TrackItem(prefix + box.title);
      if (ImGui::IsItemHovered()) {
        ImGui::SetTooltip("%s", (box.arithmetic.empty() ? box.reason : box.arithmetic).c_str());
      }
      const float anchor_y = ys[i] + Css(8) + ImGui::GetFontSize() * 0.5f;
      const ImVec2 from =
          wide ? ImVec2(origin.x + base_w,
                        origin.y + std::min(base_h * 0.5f, Css(8) + ImGui::GetFontSize()))
               : ImVec2(origin.x + indent * 0.5f, origin.y + base_h);
      const ImU32 color = box.written ? palette.mark_text[static_cast<int>(box.mark)]
                                      : WithAlpha(palette.muted, 0.5f);
      DrawArrow(draw, from, ImVec2(index_x, anchor_y), wide, color, box.written ? Css(2) : Css(1),
                a);
      if (a > 0) {
        DrawBox(draw, box, texts[i], ImVec2(pos.x - (1 - a) * Css(12), pos.y), index_w, hs[i], a);
      }
    }
    ImGui::SetCursorScreenPos(ImVec2(origin.x, bottom));
    ImGui::Dummy(ImVec2(width, gap));
    ImGui::PopID();
  }
  state->height = ImGui::GetCursorPosY() - top;
}

}  // namespace monotable::ui
