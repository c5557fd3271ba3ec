// The playground's layouts (ui/app_layout.cc) at the widths people use: 320 and 390 CSS px phones
// at a device pixel ratio of 3, a 768 px tablet and a 1280 px desktop, drawn headless in the
// framebuffer pixels those screens have, with the page's own fonts at the page's sizes. Rectangles
// come from the widgets themselves (the layout recorder in ui/widgets.h: ImGui's last-item rect of
// every tracked widget and of the texts around them). What a user would notice if it broke: two
// controls drawn over each other in the top bar or the Result header, a control cut off at the
// window's edge, a button too small for a finger or text too small to read on a phone, a widget in
// an article that hides half its panels or keeps growing.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "imgui.h"
#include "imgui_internal.h"
#include "nlohmann/json.hpp"
#include "ui/app.h"
#include "ui/theme.h"
#include "ui/widgets.h"

namespace monotable::ui {
namespace {

using json = nlohmann::json;

struct Screen {
  const char* name;
  float css_width, css_height, dpr;
};

// The widths the issue names; phones as Chromium's phone emulation draws them (DPR 3).
const Screen kPhone320{"320 px phone", 320, 640, 3};
const Screen kPhone390{"390 px phone", 390, 844, 3};
const Screen kTablet768{"768 px tablet", 768, 1024, 1};
const Screen kDesktop1280{"1280 px desktop", 1280, 800, 1};
const Screen kScreens[] = {kPhone320, kPhone390, kTablet768, kDesktop1280};

// The fonts web/embed_fonts.py embeds, from the Debian packages it reads them from.
constexpr const char* kRoboto = "/usr/share/fonts/truetype/roboto/unhinted/RobotoTTF/";
constexpr const char* kMonoFile =
    "/usr/share/fonts/truetype/jetbrains-mono/JetBrainsMono-Regular.ttf";
constexpr const char* kSymbolsFile = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf";

bool Exists(const std::string& path) {
  struct stat st;
  return stat(path.c_str(), &st) == 0;
}

// One screen: an ImGui context of the screen's framebuffer size with the page's fonts built at
// its device pixel ratio (as web/main.cc builds them), and the app drawn in it.
class Page {
 public:
  explicit Page(const Screen& screen, bool embed = false) : screen_(screen) {
    context_ = ImGui::CreateContext();
    ImGui::SetCurrentContext(context_);
    ImGuiIO& io = ImGui::GetIO();
    io.DisplaySize = ImVec2(screen.css_width * screen.dpr, screen.css_height * screen.dpr);
    io.DeltaTime = 1.0f / 60;
    io.IniFilename = nullptr;
    fonts_ok_ = LoadFonts(screen.dpr);
    app_ = std::make_unique<App>();
    if (embed) {
      EmbedLayout layout;
      layout.enabled = true;
      app_->SetEmbedLayout(layout);
    }
    app_->SetScale(screen.dpr);
  }
  ~Page() {
    SetWidgetRecorder(nullptr);
    app_.reset();
    SetFonts(Fonts{});
    ImGui::DestroyContext(context_);
  }
  Page(const Page&) = delete;
  Page& operator=(const Page&) = delete;

  bool fonts_ok() const { return fonts_ok_; }
  App& app() { return *app_; }
  float css() const { return screen_.dpr; }  // framebuffer px per CSS px

  void Resize(float css_width, float css_height) {
    ImGui::GetIO().DisplaySize = ImVec2(css_width * screen_.dpr, css_height * screen_.dpr);
  }

  void Frame() {
    ImGui::SetCurrentContext(context_);
    ImGui::NewFrame();
    app_->Frame();
    ImGui::Render();
  }
  void Frames(int n) {
    for (int i = 0; i < n; ++i) Frame();
  }
  // One frame with the recorder on: every tracked widget and recorded text.
  std::vector<RecordedItem> Record() {
    std::vector<RecordedItem> items;
    SetWidgetRecorder(&items);
    Frame();
    SetWidgetRecorder(nullptr);
    return items;
  }
  // Presses and releases the mouse on a widget tracked in the last frame. False: not drawn.
  bool Click(const std::string& label) {
    WidgetRect rect;
    if (!FindWidget(label, &rect)) return false;
    ImGuiIO& io = ImGui::GetIO();
    io.MousePos = ImVec2(rect.x + rect.w / 2, rect.y + rect.h / 2);
    Frame();
    io.MouseDown[0] = true;
    Frame();
    io.MouseDown[0] = false;
    Frame();
    io.MousePos = ImVec2(-FLT_MAX, -FLT_MAX);  // no hover (tooltips) in what follows
    Frames(2);
    return true;
  }
  // The window's rectangle in the last frame.
  static ImRect Window(const char* name) {
    ImGuiWindow* window = ImGui::FindWindowByName(name);
    if (!window || !window->Active) return ImRect();
    return window->Rect();
  }

 private:
  bool LoadFonts(float dpr) {
    ImGuiIO& io = ImGui::GetIO();
    const std::string text = std::string(kRoboto) + "Roboto-Regular.ttf";
    const std::string heading = std::string(kRoboto) + "Roboto-Medium.ttf";
    if (!Exists(text) || !Exists(heading) || !Exists(kMonoFile) || !Exists(kSymbolsFile)) {
      io.Fonts->AddFontDefault();
      io.Fonts->Build();
      return false;
    }
    static const ImWchar kText[] = {0x20, 0x17F, 0x2000, 0x206F, 0x20AC, 0x20AC, 0};
    static const ImWchar kSymbols[] = {0x2190, 0x2199, 0x2212, 0x2212, 0x2248, 0x2248, 0x2260,
                                       0x2265, 0x25A0, 0x25CF, 0x2713, 0x2718, 0};
    ImFontConfig merge;
    merge.MergeMode = true;
    auto add = [&](const std::string& file, float css_px) {
      ImFont* font =
          io.Fonts->AddFontFromFileTTF(file.c_str(), std::round(css_px * dpr), nullptr, kText);
      io.Fonts->AddFontFromFileTTF(kSymbolsFile, std::round(css_px * dpr), &merge, kSymbols);
      return font;
    };
    Fonts fonts;
    fonts.ui = add(text, kTextFontCssPx);
    fonts.mono = add(kMonoFile, kMonoFontCssPx);
    fonts.heading = add(heading, kHeadingFontCssPx);
    io.FontDefault = fonts.ui;
    unsigned char* pixels = nullptr;
    int w = 0, h = 0;
    io.Fonts->GetTexDataAsRGBA32(&pixels, &w, &h);  // builds the atlas; no texture upload
    SetFonts(fonts);
    return true;
  }

  Screen screen_;
  ImGuiContext* context_ = nullptr;
  bool fonts_ok_ = false;
  std::unique_ptr<App> app_;
};

std::string Describe(const RecordedItem& item) {
  char buf[200];
  std::snprintf(buf, sizeof buf, "\"%s\" (window %s) at %.0f,%.0f %.0fx%.0f", item.label.c_str(),
                item.window.c_str(), item.rect.x, item.rect.y, item.rect.w, item.rect.h);
  return buf;
}

std::vector<RecordedItem> InGroup(const std::vector<RecordedItem>& items, const char* group) {
  std::vector<RecordedItem> out;
  for (const RecordedItem& item : items) {
    if (item.group == group && item.visible && item.rect.w > 0 && item.rect.h > 0) {
      out.push_back(item);
    }
  }
  return out;
}

// Items that share any area (touching edges do not count). The same widget recorded under two
// labels (a button tracked as "Model##orders" and "Orders##orders") is one widget.
void ExpectNoOverlaps(const std::vector<RecordedItem>& items, const std::string& where) {
  constexpr float kEpsilon = 0.5f;
  for (size_t i = 0; i < items.size(); ++i) {
    for (size_t j = i + 1; j < items.size(); ++j) {
      const WidgetRect& a = items[i].rect;
      const WidgetRect& b = items[j].rect;
      if (items[i].window != items[j].window) continue;
      if (a.x == b.x && a.y == b.y && a.w == b.w && a.h == b.h) continue;
      const float w = std::min(a.x + a.w, b.x + b.w) - std::max(a.x, b.x);
      const float h = std::min(a.y + a.h, b.y + b.h) - std::max(a.y, b.y);
      EXPECT_FALSE(w > kEpsilon && h > kEpsilon)
          << where << ": " << Describe(items[i]) << " overlaps " << Describe(items[j]);
    }
  }
}

// Every item lies inside its window's visible area: nothing is cut off at the edge.
void ExpectInsideWindows(const std::vector<RecordedItem>& items, const std::string& where) {
  constexpr float kEpsilon = 0.5f;
  for (const RecordedItem& item : items) {
    EXPECT_GE(item.rect.x, item.clip.x - kEpsilon) << where << ": " << Describe(item);
    EXPECT_LE(item.rect.x + item.rect.w, item.clip.x + item.clip.w + kEpsilon)
        << where << ": " << Describe(item) << " runs past the window's right edge at "
        << item.clip.x + item.clip.w;
  }
}

const RecordedItem* Find(const std::vector<RecordedItem>& items, const std::string& label) {
  for (const RecordedItem& item : items) {
    if (item.label == label) return &item;
  }
  return nullptr;
}

// A Scan that reads every item and returns some: the Result header's longest form (operation,
// 200 OK, Count, ScannedCount and "(n filtered out)").
void RunFilteredScan(App* app) {
  const Result& result = app->Run("Scan", R"j({"TableName":"VaultCommerce",
      "FilterExpression":"begins_with(SK, :p)",
      "ExpressionAttributeValues":{":p":{"S":"ORDER#"}}})j");
  ASSERT_TRUE(result.status.ok()) << result.body;
}

bool Narrow(const Screen& screen) { return screen.css_width < kNarrowLayoutCssPx; }

TEST(LayoutTest, TopBarAndResultHeaderNeverOverlap) {
  for (const Screen& screen : kScreens) {
    SCOPED_TRACE(screen.name);
    Page page(screen);
    ASSERT_TRUE(page.fonts_ok()) << "the page's fonts are missing (scripts/setup installs them)";
    ASSERT_TRUE(page.app().LoadModel("vaultcommerce").ok());
    page.Frames(3);
    RunFilteredScan(&page.app());
    page.Frames(2);
    if (Narrow(screen)) {
      ASSERT_TRUE(page.Click("Result##tab"));
    }
    std::vector<RecordedItem> items = page.Record();

    std::vector<RecordedItem> top = InGroup(items, "topbar");
    ASSERT_GE(top.size(), 2u);
    ExpectNoOverlaps(top, "top bar");
    ExpectInsideWindows(top, "top bar");
    std::vector<RecordedItem> header = InGroup(items, "result-header");
    for (const char* label :
         {"Result", "Scan", "200 OK", "Count", "ScannedCount", "filtered out", "Items", "JSON"}) {
      EXPECT_NE(Find(header, label), nullptr) << label << " is not in the Result header";
    }
    ExpectNoOverlaps(header, "Result header");
    ExpectInsideWindows(header, "Result header");

    // What the top bar's menu holds (a phone: everything; a tablet: what the row has no room for).
    if (Find(top, "Menu")) {
      ASSERT_TRUE(page.Click("Menu"));
      std::vector<RecordedItem> menu = InGroup(page.Record(), "menu");
      EXPECT_NE(Find(menu, "Copy link##share"), nullptr);
      EXPECT_NE(Find(menu, "Theme"), nullptr);
      if (Narrow(screen)) {
        for (const char* label : {"Model##orders", "Model##vaultcommerce", "x10##scale", "Reset",
                                  "Import##share", "Export##share"}) {
          EXPECT_NE(Find(menu, label), nullptr) << label << " is not in the menu";
        }
      }
      ExpectNoOverlaps(menu, "menu");
      ExpectInsideWindows(menu, "menu");
    }
  }
}

TEST(LayoutTest, DesktopKeepsItsColumnsAndItsOneRowTopBar) {
  Page page(kDesktop1280);
  ASSERT_TRUE(page.fonts_ok());
  ASSERT_TRUE(page.app().LoadModel("vaultcommerce").ok());
  page.Frames(3);
  std::vector<RecordedItem> items = page.Record();
  EXPECT_EQ(page.app().layout_mode(), LayoutMode::kDesktop);
  // Patterns and request | items and result | cost and the side tabs: 31%, 44%, 25%.
  EXPECT_EQ(Page::Window("##patterns").Min.x, 0);
  EXPECT_EQ(Page::Window("##patterns").GetWidth(), std::floor(1280 * 0.31f));
  EXPECT_EQ(Page::Window("##table").Min.x, std::floor(1280 * 0.31f));
  EXPECT_EQ(Page::Window("##cost").Min.x, 1280 - std::floor(1280 * 0.25f));
  EXPECT_EQ(Page::Window("##side").Min.x, 1280 - std::floor(1280 * 0.25f));
  // The whole top bar in one row, as it always was: nothing moved into a menu.
  std::vector<RecordedItem> top = InGroup(items, "topbar");
  for (const char* label :
       {"monotable", "DynamoDB single-table playground", "Model##orders", "##scale", "Reset",
        "summary", "Import##share", "Export##share", "Copy link##share", "Theme"}) {
    EXPECT_NE(Find(top, label), nullptr) << label << " is not in the top bar";
  }
  EXPECT_EQ(Find(top, "Menu"), nullptr);
  const float y = Find(top, "Reset")->rect.y;
  for (const RecordedItem& item : top) {
    if (item.clickable) {
      EXPECT_EQ(item.rect.y, y) << Describe(item);
    }
  }
  json state = json::parse(page.app().StateJson());
  EXPECT_EQ(state["layout"]["mode"], "desktop");
  EXPECT_EQ(state["layout"]["cssWidth"], 1280);
}

TEST(LayoutTest, PhoneShowsOnePanelAndATabBar) {
  Page page(kPhone390);
  ASSERT_TRUE(page.fonts_ok());
  ASSERT_TRUE(page.app().LoadModel("vaultcommerce").ok());
  page.Frames(3);
  std::vector<RecordedItem> items = page.Record();
  EXPECT_EQ(page.app().layout_mode(), LayoutMode::kNarrow);
  const float width = 390 * 3, height = 844 * 3;
  // One panel, the whole width, between the top bar and the tab bar.
  const ImRect patterns = Page::Window("##patterns");
  EXPECT_EQ(patterns.Min.x, 0);
  EXPECT_EQ(patterns.GetWidth(), width);
  EXPECT_EQ(Page::Window("##request").GetWidth(), 0) << "the request is on its own tab";
  const ImRect tabs = Page::Window("##tabs");
  EXPECT_EQ(tabs.Min.y, patterns.Max.y);
  EXPECT_EQ(tabs.Max.y, height);
  EXPECT_EQ(Page::Window("##model").Max.y, patterns.Min.y);
  // Six tabs side by side in the bar.
  std::vector<RecordedItem> bar = InGroup(items, "tabbar");
  ASSERT_EQ(bar.size(), 6u);
  for (const RecordedItem& tab : bar) {
    EXPECT_EQ(tab.rect.y, bar[0].rect.y) << Describe(tab);
    EXPECT_GE(tab.rect.x, 0) << Describe(tab);
    EXPECT_LE(tab.rect.x + tab.rect.w, width) << Describe(tab);
    // Its label fits in it.
    EXPECT_GE(tab.rect.w, ImGui::CalcTextSize(tab.label.c_str(), nullptr, true).x) << tab.label;
  }
  ExpectNoOverlaps(bar, "tab bar");

  // Running a pattern shows its result; opening one in the builder shows the request.
  json state = json::parse(page.app().StateJson());
  const std::string id = state["model"]["patterns"][1]["id"];
  ASSERT_TRUE(page.Click("Run##" + id));
  EXPECT_EQ(page.app().narrow_tab(), NarrowTab::kResult);
  EXPECT_GT(Page::Window("##result").GetWidth(), 0);
  state = json::parse(page.app().StateJson());
  EXPECT_EQ(state["layout"]["mode"], "narrow");
  EXPECT_EQ(state["layout"]["tab"], "result");
  EXPECT_EQ(state["layout"]["cssWidth"], 390);
  ASSERT_TRUE(page.Click("Patterns##tab"));
  ASSERT_TRUE(page.Click("Pattern##" + id));
  EXPECT_EQ(page.app().narrow_tab(), NarrowTab::kRequest);
  // The Run button is on screen (on a phone there is no Ctrl+Enter).
  WidgetRect run;
  ASSERT_TRUE(FindWidget("Run request", &run));
  EXPECT_LE(run.y + run.h, tabs.Min.y);
}

// The request builder's Options row (Limit, Descending, Consistent: touch-sized on a phone)
// wraps where the panel is narrow: nothing runs past the panel's right edge and nothing
// overlaps, at every width, for a Query (the longest row) and a Scan.
TEST(LayoutTest, RequestOptionsWrapInsideThePanel) {
  for (const Screen& screen : kScreens) {
    SCOPED_TRACE(screen.name);
    Page page(screen);
    ASSERT_TRUE(page.fonts_ok());
    ASSERT_TRUE(page.app().LoadModel("orders").ok());
    page.Frames(3);
    for (const char* operation : {"Query", "Scan"}) {
      SCOPED_TRACE(operation);
      const std::string request =
          std::string(operation) == "Query"
              ? R"j({"TableName":"Orders","IndexName":"GSI2","KeyConditionExpression":"GSI2PK = :o",
                    "ExpressionAttributeValues":{":o":{"S":"OPEN"}}})j"
              : R"j({"TableName":"Orders"})j";
      page.app().ShowRequest(operation, request, operation, false);
      if (Narrow(screen)) {
        ASSERT_TRUE(page.Click("Request##tab"));
      }
      page.Frames(2);
      std::vector<RecordedItem> items = page.Record();
      std::vector<RecordedItem> row;
      for (const char* label : {"Limit", "Descending", "Consistent"}) {
        const RecordedItem* item = Find(items, label);
        if (std::string(operation) == "Scan" && std::string(label) == "Descending") {
          EXPECT_EQ(item, nullptr);
          continue;
        }
        ASSERT_NE(item, nullptr) << label << " is drawn";
        row.push_back(*item);
      }
      ExpectInsideWindows(row, "Options row");
      ExpectNoOverlaps(row, "Options row");
      // The Limit field shows its digits: wider than its two step buttons.
      const float button = std::max(ImGui::GetFrameHeight(), TouchTargetHeight());
      EXPECT_GT(row[0].rect.w, 2 * button + ImGui::CalcTextSize("000").x);
    }
  }
}

// The cost panel's headline (RRU, WRU, dollars per million) keeps its units inside the panel at
// every width: on a phone the unit goes under its number rather than past the edge.
TEST(LayoutTest, CostHeadlineUnitsStayInsideThePanel) {
  for (const Screen& screen : kScreens) {
    for (bool embed : {false, true}) {
      SCOPED_TRACE(std::string(screen.name) + (embed ? ", widget" : ", page"));
      Page page(screen, embed);
      ASSERT_TRUE(page.fonts_ok());
      ASSERT_TRUE(page.app().LoadModel("orders").ok());
      page.Frames(2);
      const Result& result = page.app().Run(
          "Query",
          R"j({"TableName":"Orders","IndexName":"GSI2","KeyConditionExpression":"GSI2PK = :o",
                       "ExpressionAttributeValues":{":o":{"S":"OPEN"}}})j");
      ASSERT_TRUE(result.status.ok()) << result.body;
      if (!embed && Narrow(screen)) {
        page.Frames(2);
        ASSERT_TRUE(page.Click("Cost##tab"));
      }
      page.Frames(3);
      std::vector<RecordedItem> items = page.Record();
      std::vector<RecordedItem> units;
      for (const char* unit : {"RRU", "WRU", "per million"}) {
        const RecordedItem* item = Find(items, unit);
        ASSERT_NE(item, nullptr) << unit << " is drawn";
        units.push_back(*item);
      }
      ExpectInsideWindows(units, "cost headline");
    }
  }
}

TEST(LayoutTest, PhoneClickablesAreTouchTargetsAndTextIsReadable) {
  for (const Screen& screen : {kPhone320, kPhone390}) {
    SCOPED_TRACE(screen.name);
    Page page(screen);
    ASSERT_TRUE(page.fonts_ok());
    ASSERT_TRUE(page.app().LoadModel("vaultcommerce").ok());
    page.Frames(3);
    RunFilteredScan(&page.app());
    page.Frames(2);
    const float target = kTouchTargetCssPx * screen.dpr - 0.5f;
    const float text = 14 * screen.dpr - 0.5f;
    auto check = [&](const std::vector<RecordedItem>& items, const std::string& where) {
      int clickables = 0;
      for (const RecordedItem& item : items) {
        if (!item.visible) continue;
        EXPECT_GE(item.font_size, text) << where << ": " << Describe(item);
        if (!item.clickable) continue;
        ++clickables;
        EXPECT_GE(item.rect.h, target) << where << ": " << Describe(item) << " is under 44 CSS px";
      }
      EXPECT_GT(clickables, 0) << where;
    };
    for (const char* tab :
         {"Patterns##tab", "Request##tab", "Result##tab", "Cost##tab", "Items##tab", "Tour##tab"}) {
      ASSERT_TRUE(page.Click(tab)) << tab;
      check(page.Record(), tab);
    }
    // The side tabs in the Tour tab.
    for (const char* side : {"History", "Table settings"}) {
      ASSERT_TRUE(page.Click(side)) << side;
      check(page.Record(), side);
    }
    ASSERT_TRUE(page.Click("Menu"));
    check(page.Record(), "menu");
  }
}

TEST(LayoutTest, NarrowWidgetStacksItsPanelsAndGrowsToFit) {
  // Phones, and the article's column on a 768 px tablet (768 less the article's margins).
  const Screen kColumn720{"720 px article column", 720, 430, 1};
  for (const Screen& screen : {kPhone320, kPhone390, kColumn720}) {
    SCOPED_TRACE(screen.name);
    // The iframe starts at the height the article asked for (430 px); the content decides.
    Page page(Screen{screen.name, screen.css_width, 430, screen.dpr}, /*embed=*/true);
    ASSERT_TRUE(page.fonts_ok());
    ASSERT_TRUE(page.app().LoadModel("orders").ok());
    ASSERT_TRUE(page.app().ShowPattern("recent-orders", true));
    page.Frames(4);
    std::vector<RecordedItem> items = page.Record();
    EXPECT_EQ(page.app().layout_mode(), LayoutMode::kEmbedStacked);
    const float width = screen.css_width * screen.dpr;
    const ImRect bar = Page::Window("##embed-bar");
    const ImRect request = Page::Window("##request");
    const ImRect result = Page::Window("##result");
    const ImRect cost = Page::Window("##cost");
    // Request, then result, then cost, each the whole width, none over another.
    for (const ImRect& r : {request, result, cost}) {
      EXPECT_EQ(r.Min.x, 0);
      EXPECT_EQ(r.GetWidth(), width);
    }
    EXPECT_EQ(request.Min.y, bar.Max.y);
    EXPECT_EQ(result.Min.y, request.Max.y);
    EXPECT_EQ(cost.Min.y, result.Max.y);
    // The widget is as tall as its panels, whatever the iframe is now, and says so.
    const float height = page.app().content_height();
    EXPECT_EQ(height, cost.Max.y);
    EXPECT_GT(height, 430 * screen.dpr);
    WidgetRect content;
    ASSERT_TRUE(FindWidget("##content", &content));
    EXPECT_EQ(content.h, height);
    json state = json::parse(page.app().StateJson());
    EXPECT_EQ(state["layout"]["mode"], "embed-stacked");
    EXPECT_EQ(state["layout"]["contentHeight"], std::round(height / screen.dpr));
    // The host sizes the iframe to it: nothing changes then (no growing without end).
    page.Resize(screen.css_width, height / screen.dpr);
    page.Frames(3);
    EXPECT_EQ(page.app().content_height(), height);
    EXPECT_EQ(Page::Window("##cost").Max.y, height);
    // The JSON editor shows every line of the request.
    WidgetRect editor;
    ASSERT_TRUE(FindWidget("##json", &editor));
    json request_state = json::parse(page.app().StateJson())["request"];
    const std::string text = request_state["json"];
    const int lines = static_cast<int>(std::count(text.begin(), text.end(), '\n')) + 1;
    ASSERT_LE(lines, 18);
    EXPECT_GE(editor.h, lines * kMonoFontCssPx * screen.dpr) << text;
    // The bar: nothing over anything, nothing cut off; every clickable a touch target.
    std::vector<RecordedItem> top = InGroup(items, "topbar");
    EXPECT_NE(Find(top, "Reset"), nullptr);
    EXPECT_NE(Find(top, "Open in playground##share"), nullptr);
    ExpectNoOverlaps(top, "widget bar");
    ExpectInsideWindows(top, "widget bar");
    ExpectNoOverlaps(InGroup(items, "result-header"), "widget Result header");
    for (const RecordedItem& item : items) {
      if (item.clickable && item.visible) {
        EXPECT_GE(item.rect.h, kTouchTargetCssPx * screen.dpr - 0.5f) << Describe(item);
      }
    }
  }
}

TEST(LayoutTest, WideWidgetKeepsItsPanelsSideBySide) {
  // The article's column on a desktop (980 px less its margins).
  Page page(Screen{"932 px article column", 932, 430, 1}, /*embed=*/true);
  ASSERT_TRUE(page.fonts_ok());
  ASSERT_TRUE(page.app().LoadModel("orders").ok());
  ASSERT_TRUE(page.app().ShowPattern("recent-orders", true));
  page.Frames(3);
  std::vector<RecordedItem> items = page.Record();
  EXPECT_EQ(page.app().layout_mode(), LayoutMode::kEmbed);
  EXPECT_EQ(page.app().content_height(), 0);
  WidgetRect content;
  EXPECT_FALSE(FindWidget("##content", &content));
  // The request at the left (42%), the result over the cost at the right, all in the iframe.
  EXPECT_EQ(Page::Window("##request").GetWidth(), std::floor(932 * 0.42f));
  EXPECT_EQ(Page::Window("##result").Min.x, std::floor(932 * 0.42f));
  EXPECT_EQ(Page::Window("##cost").Min.x, std::floor(932 * 0.42f));
  EXPECT_EQ(Page::Window("##cost").Max.y, 430);
  std::vector<RecordedItem> top = InGroup(items, "topbar");
  EXPECT_NE(Find(top, "label"), nullptr) << "the pattern's name shows in a wide bar";
  ExpectNoOverlaps(top, "widget bar");
  ExpectInsideWindows(top, "widget bar");
  ExpectNoOverlaps(InGroup(items, "result-header"), "widget Result header");
}

}  // namespace
}  // namespace monotable::ui
