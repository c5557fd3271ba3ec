// Shared widgets (ui/widgets.h) as a user sees them.
#include "ui/widgets.h"

#include <gtest/gtest.h>

#include "imgui.h"
#include "tests/ui/headless.h"
#include "ui/theme.h"

namespace monotable::ui {
namespace {

// Vertices drawn in `colour` inside `rect` (grown by a pixel) in the last frame's draw data.
int VerticesIn(const WidgetRect& rect, ImU32 colour) {
  int n = 0;
  ImDrawData* data = ImGui::GetDrawData();
  for (int l = 0; data && l < data->CmdListsCount; ++l) {
    for (const ImDrawVert& v : data->CmdLists[l]->VtxBuffer) {
      if (v.col == colour && v.pos.x >= rect.x - 1 && v.pos.x <= rect.x + rect.w + 1 &&
          v.pos.y >= rect.y - 1 && v.pos.y <= rect.y + rect.h + 1) {
        ++n;
      }
    }
  }
  return n;
}

// Issue 15: an unticked check box ("Only touched", "History in links") showed as an empty square
// with no visible border. In both themes its box now has a frame drawn in the disabled-text
// colour, which differs from the frame's fill and the window's background.
TEST(WidgetsTest, AnUntickedCheckboxHasAVisibleFrameInBothThemes) {
  for (bool dark : {true, false}) {
    testing::Headless ui;
    ApplyTheme(dark, 1);
    bool value = false;
    auto draw = [&] { TrackedCheckbox("Only touched", &value); };
    ui.Draw(draw);
    ui.Draw(draw);
    WidgetRect rect;
    ASSERT_TRUE(FindWidget("Only touched", &rect));
    const ImGuiStyle& style = ImGui::GetStyle();
    const ImU32 border = ImGui::ColorConvertFloat4ToU32(style.Colors[ImGuiCol_TextDisabled]);
    EXPECT_NE(border, ImGui::ColorConvertFloat4ToU32(style.Colors[ImGuiCol_FrameBg]));
    EXPECT_NE(border, ImGui::ColorConvertFloat4ToU32(style.Colors[ImGuiCol_WindowBg]));
    // A stroked square: at least its four corners' vertices.
    EXPECT_GE(VerticesIn(rect, border), 4) << (dark ? "dark" : "light");
    EXPECT_FALSE(value);
  }
}

}  // namespace
}  // namespace monotable::ui
