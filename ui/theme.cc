// Theme: colours and style for dark and light. Calm greys, one blue accent, and saturated colours
// reserved for meaning (what a request did to an item).
#include "ui/theme.h"

namespace monotable::ui {
namespace {

Palette g_palette;
Fonts g_fonts;
bool g_dark = true;
float g_scale = 1;

ImU32 Rgba(int r, int g, int b, int a = 255) { return IM_COL32(r, g, b, a); }
ImVec4 Rgb(int r, int g, int b) { return ImVec4(r / 255.f, g / 255.f, b / 255.f, 1.f); }

void FillPalette(bool dark) {
  Palette& p = g_palette;
  // Mark colours: returned green, filtered-out amber, read slate, written blue, deleted red,
  // condition failed magenta, index added teal, index removed orange, index updated violet.
  const int mark_rgb[10][3] = {{0, 0, 0},      {63, 185, 80},  {210, 153, 34}, {110, 130, 160},
                               {72, 146, 255}, {240, 80, 70},  {200, 90, 200}, {40, 190, 200},
                               {245, 130, 50}, {150, 110, 240}};
  for (int i = 0; i < 10; ++i) {
    const int* c = mark_rgb[i];
    p.mark_fill[i] = i == 0 ? 0 : Rgba(c[0], c[1], c[2], dark ? 62 : 52);
    p.mark_text[i] = Rgba(c[0], c[1], c[2]);
  }
  // Entities: muted, distinguishable hues that read on both backgrounds.
  const int entity_dark[8][3] = {{120, 180, 255}, {240, 170, 90},  {130, 210, 150},
                                 {220, 140, 220}, {240, 210, 110}, {120, 210, 220},
                                 {250, 140, 140}, {180, 170, 250}};
  const int entity_light[8][3] = {{30, 100, 200}, {190, 100, 10}, {30, 140, 70}, {160, 60, 160},
                                  {150, 120, 0},  {0, 130, 145},  {200, 50, 50}, {100, 80, 200}};
  for (int i = 0; i < 8; ++i) {
    const int* c = dark ? entity_dark[i] : entity_light[i];
    p.entity[i] = Rgba(c[0], c[1], c[2]);
  }
  p.size_small = dark ? Rgba(80, 160, 120) : Rgba(70, 160, 110);
  p.size_medium = dark ? Rgba(200, 170, 70) : Rgba(210, 160, 40);
  p.size_large = dark ? Rgba(230, 100, 80) : Rgba(220, 80, 60);
  p.size_track = dark ? Rgba(255, 255, 255, 18) : Rgba(0, 0, 0, 16);
  p.size_line = dark ? Rgba(255, 255, 255, 90) : Rgba(0, 0, 0, 80);
  p.partition_line = dark ? Rgba(255, 255, 255, 40) : Rgba(0, 0, 0, 40);
  p.muted = dark ? Rgb(140, 148, 160) : Rgb(100, 108, 120);
  p.accent = dark ? Rgb(110, 170, 255) : Rgb(20, 100, 210);
  p.ok = dark ? Rgb(90, 200, 120) : Rgb(20, 140, 60);
  p.error = dark ? Rgb(255, 110, 100) : Rgb(200, 40, 40);
  p.warning = dark ? Rgb(230, 180, 70) : Rgb(170, 110, 0);
  p.plot_line = dark ? Rgba(110, 170, 255) : Rgba(20, 100, 210);
  p.plot_marker = dark ? Rgba(255, 190, 80) : Rgba(220, 120, 0);
}

void StyleColors(bool dark) {
  ImGuiStyle& style = ImGui::GetStyle();
  ImVec4* c = style.Colors;
  if (dark) {
    ImGui::StyleColorsDark(&style);
    c[ImGuiCol_Text] = Rgb(222, 226, 232);
    c[ImGuiCol_TextDisabled] = Rgb(125, 132, 145);
    c[ImGuiCol_WindowBg] = Rgb(30, 33, 39);
    c[ImGuiCol_ChildBg] = Rgb(30, 33, 39);
    c[ImGuiCol_PopupBg] = Rgb(38, 42, 50);
    c[ImGuiCol_Border] = Rgb(52, 57, 66);
    c[ImGuiCol_FrameBg] = Rgb(42, 46, 55);
    c[ImGuiCol_FrameBgHovered] = Rgb(52, 58, 70);
    c[ImGuiCol_FrameBgActive] = Rgb(60, 68, 82);
    c[ImGuiCol_TitleBg] = Rgb(24, 26, 31);
    c[ImGuiCol_TitleBgActive] = Rgb(24, 26, 31);
    c[ImGuiCol_TitleBgCollapsed] = Rgb(24, 26, 31);
    c[ImGuiCol_MenuBarBg] = Rgb(24, 26, 31);
    c[ImGuiCol_ScrollbarBg] = Rgb(30, 33, 39);
    c[ImGuiCol_Button] = Rgb(48, 54, 66);
    c[ImGuiCol_ButtonHovered] = Rgb(58, 90, 140);
    c[ImGuiCol_ButtonActive] = Rgb(50, 110, 190);
    c[ImGuiCol_Header] = Rgb(45, 52, 64);
    c[ImGuiCol_HeaderHovered] = Rgb(52, 66, 88);
    c[ImGuiCol_HeaderActive] = Rgb(58, 80, 115);
    c[ImGuiCol_Tab] = Rgb(36, 40, 48);
    c[ImGuiCol_TabHovered] = Rgb(58, 90, 140);
    c[ImGuiCol_TabActive] = Rgb(50, 78, 120);
    c[ImGuiCol_TabUnfocused] = Rgb(36, 40, 48);
    c[ImGuiCol_TabUnfocusedActive] = Rgb(45, 62, 90);
    c[ImGuiCol_TableHeaderBg] = Rgb(38, 42, 50);
    c[ImGuiCol_TableBorderStrong] = Rgb(56, 62, 72);
    c[ImGuiCol_TableBorderLight] = Rgb(44, 49, 58);
    c[ImGuiCol_TableRowBg] = ImVec4(0, 0, 0, 0);
    c[ImGuiCol_TableRowBgAlt] = ImVec4(1, 1, 1, 0.025f);
    c[ImGuiCol_CheckMark] = Rgb(110, 170, 255);
    c[ImGuiCol_SliderGrab] = Rgb(110, 170, 255);
    c[ImGuiCol_PlotLines] = Rgb(110, 170, 255);
    c[ImGuiCol_Separator] = Rgb(52, 57, 66);
    c[ImGuiCol_TextSelectedBg] = ImVec4(0.3f, 0.5f, 0.9f, 0.4f);
  } else {
    ImGui::StyleColorsLight(&style);
    c[ImGuiCol_Text] = Rgb(30, 34, 40);
    c[ImGuiCol_TextDisabled] = Rgb(130, 136, 146);
    c[ImGuiCol_WindowBg] = Rgb(250, 250, 252);
    c[ImGuiCol_ChildBg] = Rgb(250, 250, 252);
    c[ImGuiCol_PopupBg] = Rgb(255, 255, 255);
    c[ImGuiCol_Border] = Rgb(214, 218, 226);
    c[ImGuiCol_FrameBg] = Rgb(236, 238, 243);
    c[ImGuiCol_FrameBgHovered] = Rgb(226, 232, 242);
    c[ImGuiCol_FrameBgActive] = Rgb(214, 224, 240);
    c[ImGuiCol_TitleBg] = Rgb(238, 240, 244);
    c[ImGuiCol_TitleBgActive] = Rgb(238, 240, 244);
    c[ImGuiCol_MenuBarBg] = Rgb(238, 240, 244);
    c[ImGuiCol_Button] = Rgb(228, 232, 240);
    c[ImGuiCol_ButtonHovered] = Rgb(200, 218, 245);
    c[ImGuiCol_ButtonActive] = Rgb(170, 200, 240);
    c[ImGuiCol_Header] = Rgb(222, 228, 238);
    c[ImGuiCol_HeaderHovered] = Rgb(205, 220, 242);
    c[ImGuiCol_HeaderActive] = Rgb(185, 208, 240);
    c[ImGuiCol_Tab] = Rgb(228, 232, 240);
    c[ImGuiCol_TabHovered] = Rgb(200, 218, 245);
    c[ImGuiCol_TabActive] = Rgb(185, 208, 240);
    c[ImGuiCol_TabUnfocused] = Rgb(228, 232, 240);
    c[ImGuiCol_TabUnfocusedActive] = Rgb(205, 220, 242);
    c[ImGuiCol_TableHeaderBg] = Rgb(236, 238, 243);
    c[ImGuiCol_TableBorderStrong] = Rgb(210, 214, 222);
    c[ImGuiCol_TableBorderLight] = Rgb(226, 229, 235);
    c[ImGuiCol_TableRowBg] = ImVec4(0, 0, 0, 0);
    c[ImGuiCol_TableRowBgAlt] = ImVec4(0, 0, 0, 0.025f);
    c[ImGuiCol_CheckMark] = Rgb(20, 100, 210);
    c[ImGuiCol_PlotLines] = Rgb(20, 100, 210);
    c[ImGuiCol_Separator] = Rgb(214, 218, 226);
  }
}

}  // namespace

void ApplyTheme(bool dark, float scale) {
  g_dark = dark;
  g_scale = scale;
  FillPalette(dark);
  ImGuiStyle& style = ImGui::GetStyle();
  style = ImGuiStyle();
  StyleColors(dark);
  style.WindowPadding = ImVec2(10, 8);
  style.FramePadding = ImVec2(7, 4);
  style.CellPadding = ImVec2(6, 3);
  style.ItemSpacing = ImVec2(8, 6);
  style.ItemInnerSpacing = ImVec2(6, 4);
  style.ScrollbarSize = 12;
  style.GrabMinSize = 10;
  style.WindowBorderSize = 1;
  style.ChildBorderSize = 1;
  style.FrameBorderSize = 0;
  style.TabBorderSize = 0;
  style.WindowRounding = 0;
  style.ChildRounding = 4;
  style.FrameRounding = 4;
  style.PopupRounding = 4;
  style.ScrollbarRounding = 6;
  style.GrabRounding = 4;
  style.TabRounding = 4;
  style.WindowTitleAlign = ImVec2(0.0f, 0.5f);
  style.ScaleAllSizes(scale);
}

bool ThemeIsDark() { return g_dark; }
float UiScale() { return g_scale; }
const Palette& CurrentPalette() { return g_palette; }
void SetFonts(const Fonts& fonts) { g_fonts = fonts; }
const Fonts& CurrentFonts() { return g_fonts; }

}  // namespace monotable::ui
