// Headless ImGui for panel tests: a context with a built font atlas and a fixed display size, no
// renderer. Draw() runs one frame with a full-screen window around the panel's draw call; Click()
// finds a tracked widget from the previous frame and clicks its centre over two frames.
#pragma once

#include <functional>
#include <string>

#include "imgui.h"
#include "ui/views.h"

namespace monotable::ui::testing {

class Headless {
 public:
  explicit Headless(float width = 1280, float height = 800);
  ~Headless();
  Headless(const Headless&) = delete;
  Headless& operator=(const Headless&) = delete;

  // Runs one frame drawing `panel` inside a window covering the display.
  void Draw(const std::function<void()>& panel);
  // From now on Draw runs `panel` as the whole frame, with no window around it and no widget
  // frame of its own: for App::Frame, which lays out its own windows and publishes the widget
  // rectangles itself.
  void DrawWholeFrames() { whole_frames_ = true; }
  // Draws two frames, and more until `label` has a rectangle, then presses and releases the mouse
  // on it.
  // Returns false if the widget never appeared.
  bool Click(const std::string& label, const std::function<void()>& panel);
  // Presses Ctrl+Enter for one frame.
  void CtrlEnter(const std::function<void()>& panel);
  // Presses `key` (an io.KeysDown index: ASCII upper case for letters, as GLFW's key codes) with
  // the modifiers for one frame, then releases it for one.
  void Key(int key, const std::function<void()>& panel, bool ctrl = false, bool shift = false);

 private:
  ImGuiContext* context_;
  bool whole_frames_ = false;
};

}  // namespace monotable::ui::testing
