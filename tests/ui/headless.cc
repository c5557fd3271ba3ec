// Headless ImGui for panel tests (see headless.h).
#include "tests/ui/headless.h"

#include "ui/theme.h"
#include "ui/widgets.h"

namespace monotable::ui::testing {
namespace {
constexpr int kEnterKey = 257;  // any index < 512 works for io.KeysDown
}  // namespace

Headless::Headless(float width, float height) {
  context_ = ImGui::CreateContext();
  ImGui::SetCurrentContext(context_);
  ImGuiIO& io = ImGui::GetIO();
  io.DisplaySize = ImVec2(width, height);
  io.DeltaTime = 1.0f / 60;
  io.IniFilename = nullptr;
  io.KeyMap[ImGuiKey_Enter] = kEnterKey;
  unsigned char* pixels = nullptr;
  int w = 0, h = 0;
  io.Fonts->GetTexDataAsRGBA32(&pixels, &w, &h);  // builds the atlas; no texture upload
  ApplyTheme(true, 1);
  SetFonts(Fonts{});
}

Headless::~Headless() {
  // The widget rectangles are global: an empty frame keeps this test's out of the next one's.
  BeginWidgetFrame();
  EndWidgetFrame();
  ImGui::DestroyContext(context_);
}

void Headless::Draw(const std::function<void()>& panel) {
  ImGui::SetCurrentContext(context_);
  ImGui::NewFrame();
  if (whole_frames_) {
    panel();
    ImGui::Render();
    return;
  }
  BeginWidgetFrame();
  ImGui::SetNextWindowPos(ImVec2(0, 0));
  ImGui::SetNextWindowSize(ImGui::GetIO().DisplaySize);
  if (ImGui::Begin("##test", nullptr, ImGuiWindowFlags_NoDecoration)) panel();
  ImGui::End();
  EndWidgetFrame();
  ImGui::Render();
}

bool Headless::Click(const std::string& label, const std::function<void()>& panel) {
  WidgetRect rect;
  // Where the widget is now, not where an earlier frame (or test) left it: tables settle their
  // column widths over their first frames.
  Draw(panel);
  Draw(panel);
  for (int i = 0; i < 4 && !FindWidget(label, &rect); ++i) Draw(panel);
  if (!FindWidget(label, &rect)) return false;
  ImGuiIO& io = ImGui::GetIO();
  io.MousePos = ImVec2(rect.x + rect.w / 2, rect.y + rect.h / 2);
  Draw(panel);  // hover
  io.MouseDown[0] = true;
  Draw(panel);
  io.MouseDown[0] = false;
  Draw(panel);
  return true;
}

void Headless::CtrlEnter(const std::function<void()>& panel) {
  ImGuiIO& io = ImGui::GetIO();
  io.KeyCtrl = true;
  io.KeysDown[kEnterKey] = true;
  Draw(panel);
  io.KeysDown[kEnterKey] = false;
  io.KeyCtrl = false;
  Draw(panel);
}

void Headless::Key(int key, const std::function<void()>& panel, bool ctrl, bool shift) {
  ImGuiIO& io = ImGui::GetIO();
  io.KeyCtrl = ctrl;
  io.KeyShift = shift;
  io.KeysDown[key] = true;
  Draw(panel);
  io.KeysDown[key] = false;
  io.KeyCtrl = false;
  io.KeyShift = false;
  Draw(panel);
}

}  // namespace monotable::ui::testing
