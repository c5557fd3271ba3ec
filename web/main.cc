// web/main.cc: the playground's Emscripten entry point and platform layer. Owns the GLFW window
// (Emscripten's JS GLFW on the page's canvas), the WebGL 2 context, the fonts at the screen's
// device pixel ratio, the clipboard bridge and the C functions the page's JS calls
// (web/monotable.js builds window.monotable on them). Everything else is ui::App. Input the GLFW
// backend cannot give ImGui 1.86 well comes from here too: touch (web/touch_input.h: taps, drag
// scrolling, long-press), the page's text field for on-screen keyboards and IMEs
// (web/text_field.h), key presses shorter than a frame, and Enter activating the focused widget.
//
// Coordinates: ImGui works in canvas (framebuffer) pixels; the canvas backing store is its CSS
// size times devicePixelRatio, and fonts and style are scaled by that ratio, so text is crisp on
// high-DPI screens. Emscripten's GLFW already reports the mouse in canvas pixels.
#include <GLES3/gl3.h>
#include <GLFW/glfw3.h>
#include <emscripten.h>
#include <emscripten/html5.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "imgui.h"
#include "imgui_impl_glfw.h"
#include "imgui_impl_opengl3.h"
#include "nlohmann/json.hpp"
#include "ui/app.h"
#include "ui/theme.h"
#include "ui/widgets.h"
#include "web/fonts.h"
#include "web/text_field.h"
#include "web/touch_input.h"

namespace {

struct Platform {
  GLFWwindow* window = nullptr;
  monotable::ui::App app;
  float scale = 0;  // device pixel ratio the fonts were built for
  int width = 0, height = 0;
  bool ready_sent = false;
  uint64_t run_serial = 0;  // the app's run_serial() the page last heard of
  std::string clipboard;
  std::string out;  // storage for strings returned to JS (valid until the next call)
  double frame_ms = 0;
  monotable::web::TouchInput touch;
  monotable::web::TextField text_field;
  std::string text_report;
  // Keys pressed since the frame began, and releases held back for them: a press and release
  // between two frames (an on-screen keyboard's Enter, a quick tap of a key) must reach ImGui
  // 1.86, which reads key state once a frame.
  bool key_pressed[GLFW_KEY_LAST + 1] = {};
  struct KeyRelease {
    int key, scancode, mods;
  };
  std::vector<KeyRelease> held_releases;
  // The modifiers held at a mouse press since the frame began (GLFW's mods): a Ctrl+click whose
  // Ctrl is let go before the next frame (a quick click, a slow frame) is still a Ctrl+click.
  int press_mods = 0;
  bool enter_was_down = false;
  bool enter_activates = false;
};
Platform* g = nullptr;

// clang-format off (JavaScript bodies: clang-format would split their operators)
EM_JS(void, JsCopyToClipboard, (const char* text), {
  var s = UTF8ToString(text);
  if (Module.onCopy) Module.onCopy(s);
});

EM_JS(void, JsAction, (const char* name), {
  if (Module.onAction) Module.onAction(UTF8ToString(name));
});

EM_JS(void, JsStateError, (const char* source, const char* message), {
  if (Module.onStateError) Module.onStateError(UTF8ToString(source), UTF8ToString(message));
});

EM_JS(void, JsTextField, (const char* json), {
  if (Module.onTextField) Module.onTextField(UTF8ToString(json));
});

EM_JS(char*, JsStartOption, (const char* name), {
  var value = Module.startOptions ? Module.startOptions[UTF8ToString(name)] : null;
  if (value == null) value = "";
  var bytes = lengthBytesUTF8(String(value)) + 1;
  var ptr = _malloc(bytes);
  stringToUTF8(String(value), ptr, bytes);
  return ptr;
});
// clang-format on

std::string StartOption(const char* name) {
  char* value = JsStartOption(name);
  std::string out = value ? value : "";
  free(value);
  return out;
}

void BuildFonts(float scale) {
  using namespace monotable::web;
  ImGuiIO& io = ImGui::GetIO();
  io.Fonts->Clear();
  static const ImWchar kText[] = {0x20,   0x17F,  0x370,  0x3FF,  0x400,  0x4FF, 0x2000,
                                  0x206F, 0x20AC, 0x20AC, 0x2122, 0x2122, 0};
  static const ImWchar kMono[] = {0x20, 0x17F, 0x2000, 0x206F, 0x2500, 0x257F, 0};
  static const ImWchar kSymbols[] = {0x2190, 0x2199, 0x21B5, 0x21B5, 0x2212, 0x2212, 0x2248, 0x2248,
                                     0x2260, 0x2265, 0x25A0, 0x25CF, 0x2713, 0x2718, 0};
  ImFontConfig config;
  config.FontDataOwnedByAtlas = false;  // the data is static, embedded in the binary
  config.OversampleH = 2;
  config.OversampleV = 1;
  ImFontConfig merge = config;
  merge.MergeMode = true;
  auto add = [&](const unsigned char* data, unsigned int size, float px, const ImWchar* ranges) {
    ImFont* font = io.Fonts->AddFontFromMemoryTTF(const_cast<unsigned char*>(data),
                                                  static_cast<int>(size), px, &config, ranges);
    io.Fonts->AddFontFromMemoryTTF(const_cast<unsigned char*>(kFontSymbols),
                                   static_cast<int>(kFontSymbolsSize), px, &merge, kSymbols);
    return font;
  };
  monotable::ui::Fonts fonts;
  fonts.ui = add(kFontText, kFontTextSize, std::round(15.0f * scale), kText);
  fonts.mono = add(kFontMono, kFontMonoSize, std::round(13.5f * scale), kMono);
  fonts.heading = add(kFontHeading, kFontHeadingSize, std::round(16.0f * scale), kText);
  io.FontDefault = fonts.ui;
  monotable::ui::SetFonts(fonts);
  ImGui_ImplOpenGL3_DestroyFontsTexture();
  ImGui_ImplOpenGL3_CreateFontsTexture();
}

// Keeps the canvas backing store at CSS size x devicePixelRatio; rebuilds fonts and style when
// the ratio changes (moving the window to another screen, browser zoom).
void SyncCanvas() {
  double css_w = 0, css_h = 0;
  emscripten_get_element_css_size("#canvas", &css_w, &css_h);
  float dpr = static_cast<float>(emscripten_get_device_pixel_ratio());
  if (dpr <= 0) dpr = 1;
  int w = static_cast<int>(std::lround(css_w * dpr));
  int h = static_cast<int>(std::lround(css_h * dpr));
  if (w < 1) w = 1;
  if (h < 1) h = 1;
  if (w != g->width || h != g->height) {
    emscripten_set_canvas_element_size("#canvas", w, h);
    g->width = w;
    g->height = h;
  }
  if (dpr != g->scale) {
    g->scale = dpr;
    BuildFonts(dpr);
    g->app.SetScale(dpr);
  }
}

// Emscripten's GLFW passes the DOM wheel delta (100 per notch, down positive); ImGui wants
// notches, up positive.
void ScrollCallback(GLFWwindow*, double dx, double dy) {
  ImGuiIO& io = ImGui::GetIO();
  io.MouseWheelH += static_cast<float>(-dx / 100.0);
  io.MouseWheel += static_cast<float>(-dy / 100.0);
}

void SetClipboard(void*, const char* text) {
  g->clipboard = text ? text : "";
  JsCopyToClipboard(g->clipboard.c_str());
}

const char* GetClipboard(void*) { return g->clipboard.c_str(); }

void KeyCallback(GLFWwindow* window, int key, int scancode, int action, int mods) {
  if (key >= 0 && key <= GLFW_KEY_LAST) {
    if (action == GLFW_PRESS) {
      g->key_pressed[key] = true;
    } else if (action == GLFW_RELEASE && g->key_pressed[key]) {
      g->held_releases.push_back({key, scancode, mods});  // after the frame that sees the press
      return;
    }
  }
  ImGui_ImplGlfw_KeyCallback(window, key, scancode, action, mods);
}

void MouseButtonCallback(GLFWwindow* window, int button, int action, int mods) {
  if (action == GLFW_PRESS) g->press_mods |= mods;
  ImGui_ImplGlfw_MouseButtonCallback(window, button, action, mods);
}

// For the frame that sees a press, the modifiers held at it count as held (ImGui 1.86 reads
// io.KeyCtrl during the frame: a slider's Ctrl+click types its value).
void ApplyPressModifiers() {
  ImGuiIO& io = ImGui::GetIO();
  io.KeyShift |= (g->press_mods & GLFW_MOD_SHIFT) != 0;
  io.KeyCtrl |= (g->press_mods & GLFW_MOD_CONTROL) != 0;
  io.KeyAlt |= (g->press_mods & GLFW_MOD_ALT) != 0;
  io.KeySuper |= (g->press_mods & GLFW_MOD_SUPER) != 0;
}

void ReleaseHeldKeys() {
  for (const Platform::KeyRelease& r : g->held_releases) {
    ImGui_ImplGlfw_KeyCallback(g->window, r.key, r.scancode, GLFW_RELEASE, r.mods);
  }
  g->held_releases.clear();
  for (bool& pressed : g->key_pressed) pressed = false;
  if (g->press_mods != 0) {
    // Back to what the keys say (the backend's rule), now that the press has been seen.
    ImGuiIO& io = ImGui::GetIO();
    io.KeyShift = io.KeysDown[GLFW_KEY_LEFT_SHIFT] || io.KeysDown[GLFW_KEY_RIGHT_SHIFT];
    io.KeyCtrl = io.KeysDown[GLFW_KEY_LEFT_CONTROL] || io.KeysDown[GLFW_KEY_RIGHT_CONTROL];
    io.KeyAlt = io.KeysDown[GLFW_KEY_LEFT_ALT] || io.KeysDown[GLFW_KEY_RIGHT_ALT];
    io.KeySuper = io.KeysDown[GLFW_KEY_LEFT_SUPER] || io.KeysDown[GLFW_KEY_RIGHT_SUPER];
    g->press_mods = 0;
  }
}

// ImGui 1.86 activates the keyboard-focused widget with Space only; Enter does it too here (a
// new press, outside text fields, without Ctrl: Ctrl+Enter runs the request).
void EnterActivates() {
  ImGuiIO& io = ImGui::GetIO();
  bool enter = io.KeysDown[GLFW_KEY_ENTER] || io.KeysDown[GLFW_KEY_KP_ENTER];
  if (!enter) {
    g->enter_activates = false;
  } else if (!g->enter_was_down && !io.WantTextInput && !io.KeyCtrl && !io.KeyAlt) {
    g->enter_activates = true;
  }
  g->enter_was_down = enter;
  if (g->enter_activates) io.NavInputs[ImGuiNavInput_Activate] = 1;
}

void Frame(void*) {
  SyncCanvas();
  ImGui_ImplOpenGL3_NewFrame();
  ImGui_ImplGlfw_NewFrame();
  ImGuiIO& io = ImGui::GetIO();
  io.DisplaySize = ImVec2(static_cast<float>(g->width), static_cast<float>(g->height));
  io.DisplayFramebufferScale = ImVec2(1, 1);
  // A tap's frames run back to back (mt_touch): ImGui needs time to pass between frames.
  if (io.DeltaTime <= 0) io.DeltaTime = 1e-4f;
  double start = emscripten_get_now();
  g->touch.SetScale(g->scale);
  g->touch.BeforeNewFrame(start);
  EnterActivates();
  ApplyPressModifiers();
  ImGui::NewFrame();
  g->touch.AfterNewFrame(start);
  g->text_field.BeforeAppFrame();
  g->app.Frame();
  ImGui::Render();
  g->frame_ms = emscripten_get_now() - start;
  ReleaseHeldKeys();
  if (g->text_field.Report(&g->text_report)) JsTextField(g->text_report.c_str());
  glViewport(0, 0, g->width, g->height);
  ImVec4 clear = ImGui::GetStyleColorVec4(ImGuiCol_WindowBg);
  glClearColor(clear.x, clear.y, clear.z, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
  // What the UI asked of the page (share buttons), and requests run since the last frame (an
  // embedded widget tells its host page).
  for (const std::string& action : g->app.TakePlatformActions()) JsAction(action.c_str());
  if (g->app.run_serial() != g->run_serial) {
    g->run_serial = g->app.run_serial();
    EM_ASM({
      if (Module.onRun) Module.onRun();
    });
  }
  // Ready once windows have been drawn (ImGui hides new windows for their first frame).
  if (!g->ready_sent && g->app.frames() >= 3) {
    g->ready_sent = true;
    EM_ASM({
      if (Module.onAppReady) Module.onAppReady();
    });
  }
}

}  // namespace

// --- The C interface window.monotable is built on (web/monotable.js). Strings returned stay
// valid until the next call. ---
extern "C" {

// Loads a built-in example ("orders") at `scale`, or a model file's JSON text. Returns "" or the
// error message.
EMSCRIPTEN_KEEPALIVE const char* mt_load_model(const char* name_or_json, double scale) {
  monotable::Status status = g->app.LoadModel(name_or_json, scale);
  g->out = status.ok() ? "" : status.message();
  return g->out.c_str();
}

// Starts loading a built-in example at `scale` a slice per frame (App::StartLoadModel).
EMSCRIPTEN_KEEPALIVE void mt_start_load(const char* name, double scale) {
  g->app.StartLoadModel(name, scale);
}

// Runs a request; returns {"response", "ok", "error"?, "effects"} as JSON text.
EMSCRIPTEN_KEEPALIVE const char* mt_run(const char* operation, const char* request,
                                        const char* label) {
  // An embedded widget shows what its host page ran in its request panel.
  if (g->app.embed_layout().enabled) g->app.ShowRequest(operation, request, label, false);
  g->app.Run(operation, request, label);
  g->out = g->app.LastRunJson();
  return g->out.c_str();
}

EMSCRIPTEN_KEEPALIVE const char* mt_state() {
  nlohmann::json state = nlohmann::json::parse(g->app.StateJson(), nullptr, false);
  if (state.is_object()) {
    state["devicePixelRatio"] = g->scale;
    state["canvas"] = {{"width", g->width}, {"height", g->height}};
    state["frameMs"] = g->frame_ms;
    // Where ImGui sees the pointer (canvas pixels), null when nowhere (a finger lifted).
    ImVec2 mouse = ImGui::GetIO().MousePos;
    state["pointer"] = ImGui::IsMousePosValid(&mouse)
                           ? nlohmann::json{{"x", mouse.x}, {"y", mouse.y}}
                           : nlohmann::json(nullptr);
    state["touchMode"] = g->touch.touch_mode();
  }
  g->out = state.dump();
  return g->out.c_str();
}

// {x, y, w, h} in canvas pixels of a widget tracked in the last frame, or "null".
EMSCRIPTEN_KEEPALIVE const char* mt_widget_rect(const char* label) {
  monotable::ui::WidgetRect rect;
  if (!monotable::ui::FindWidget(label, &rect)) {
    g->out = "null";
  } else {
    char buf[160];
    std::snprintf(buf, sizeof buf, "{\"x\":%.2f,\"y\":%.2f,\"w\":%.2f,\"h\":%.2f}", rect.x, rect.y,
                  rect.w, rect.h);
    g->out = buf;
  }
  return g->out.c_str();
}

// The page's paste event hands the OS clipboard text over before ImGui reads it (Ctrl+V).
EMSCRIPTEN_KEEPALIVE void mt_set_clipboard(const char* text) { g->clipboard = text ? text : ""; }

EMSCRIPTEN_KEEPALIVE void mt_set_theme(int dark) { g->app.SetDark(dark != 0); }

// The page's prefers-reduced-motion (web/monotable.js, also on change): App::SetReducedMotion.
EMSCRIPTEN_KEEPALIVE void mt_set_reduced_motion(int reduce) {
  g->app.SetReducedMotion(reduce != 0);
}

// The DOM controls over the canvas (web/text_layer.js): see App::SetPlatformControls.
// Called only once the app runs (monotable.js holds an earlier call).
EMSCRIPTEN_KEEPALIVE void mt_set_platform_controls(double top_right, double bottom) {
  g->app.SetPlatformControls(static_cast<float>(top_right), static_cast<float>(bottom));
}

EMSCRIPTEN_KEEPALIVE double mt_frame_ms() { return g->frame_ms; }

// The whole state as JSON text (ui/app_state.cc). mode & 3: 1 compact (leaves out what a
// built-in example rebuilds: links), 0 full, 2 full unless the engine holds more than
// kFullSaveMaxItems items (saving as the user works must not stall the page exporting a scaled
// example). History (with undo, and so the last result): always with mode & 4 (the browser's
// saved state), never with mode & 8, else in a compact state when the share panel's option
// "History in links" is ticked (links), never in a full one (getState()).
constexpr uint64_t kFullSaveMaxItems = 20000;
EMSCRIPTEN_KEEPALIVE const char* mt_get_state(int mode) {
  const int kind = mode & 3;
  bool compact = kind == 1 || (kind == 2 && g->app.ItemCount() > kFullSaveMaxItems);
  bool history = (mode & 4) != 0 || ((mode & 8) == 0 && kind == 1 && g->app.share_history());
  g->out = g->app.SaveState(compact, history);
  return g->out.c_str();
}

// Restores a state from mt_get_state. Returns "" or why not (then nothing changed).
EMSCRIPTEN_KEEPALIVE const char* mt_set_state(const char* json) {
  monotable::Status status = g->app.RestoreState(json);
  g->out = status.ok() ? "" : status.message();
  return g->out.c_str();
}

// Changes whenever mt_get_state would (the page polls it to save as the user works). 32 bits of
// the key: a double carries them exactly to JS.
EMSCRIPTEN_KEEPALIVE double mt_state_key() {
  return static_cast<double>(g->app.StateKey() & 0xffffffffu);
}

EMSCRIPTEN_KEEPALIVE const char* mt_export_model() {
  g->out = g->app.ExportModelJson();
  return g->out.c_str();
}

// The current model in another tool's format ("workbench", "cloudformation"; "" for others).
EMSCRIPTEN_KEEPALIVE const char* mt_export_as(const char* format) {
  g->out = g->app.ExportModelAs(format ? format : "");
  return g->out.c_str();
}

// Runs one frame now, outside the animation frame: the page saves on pagehide with what was typed
// a moment ago applied (text and keys reach ImGui at the start of a frame).
EMSCRIPTEN_KEEPALIVE void mt_run_frame() { Frame(nullptr); }

// Loads a pattern (by id) or an operation's request into the builder; runs it if it only reads.
// Returns "" or the error.
EMSCRIPTEN_KEEPALIVE const char* mt_show(const char* pattern, const char* operation,
                                         const char* request) {
  g->out.clear();
  if (pattern && *pattern) {
    if (!g->app.ShowPattern(pattern, true)) g->out = std::string("No access pattern ") + pattern;
  } else if (operation && *operation) {
    g->app.ShowRequest(operation, request ? request : "{}", "", true);
  }
  return g->out.c_str();
}

EMSCRIPTEN_KEEPALIVE void mt_reset() { g->app.Reset(); }

// The DOM text layer's words (ui/text_export.h) as JSON text, a key that moves when they do, and
// the tour moved from the page: to `step` (0-based), run when `run` is set.
EMSCRIPTEN_KEEPALIVE const char* mt_text() {
  g->out = g->app.TextJson();
  return g->out.c_str();
}
EMSCRIPTEN_KEEPALIVE double mt_text_key() { return g->app.TextKey(); }
EMSCRIPTEN_KEEPALIVE void mt_tour(int step, int run) {
  g->app.SetTourStep(step);
  if (run) g->app.RunTourStep();
}

// The primary touch pointer (web/monotable.js, pointer events): phase 0 down, 1 move, 2 up,
// 3 cancel (a second finger: the browser's gesture); x, y in canvas pixels; ms: the event's time
// on emscripten_get_now's clock (performance.now()). A tap's frames run now, inside the page's
// event handler, so that the page can focus its text field (opening the on-screen keyboard)
// within the user's gesture. Returns bit 1 while a text field is active, bit 2 while the finger
// drags where nothing scrolls vertically (TouchInput::vertical_drag_unclaimed).
EMSCRIPTEN_KEEPALIVE int mt_touch(int phase, double x, double y, double ms) {
  float fx = static_cast<float>(x), fy = static_cast<float>(y);
  double now = std::min(ms, emscripten_get_now());
  switch (phase) {
    case 0:
      g->touch.Down(fx, fy, now);
      break;
    case 1:
      g->touch.Move(fx, fy, now);
      break;
    case 2:
      if (g->touch.Up(fx, fy, now)) {
        while (g->touch.tap_pending()) Frame(nullptr);
      }
      break;
    default:
      g->touch.Cancel();
      break;
  }
  return (g->text_field.active() ? 1 : 0) | (g->touch.vertical_drag_unclaimed() ? 2 : 0);
}

// A real mouse moved: the GLFW backend's mouse again (touch mode ends).
EMSCRIPTEN_KEEPALIVE void mt_mouse_moved() { g->touch.SetTouchMode(false); }

// The page's text field changed (web/text_field.h, TextField::Edit).
EMSCRIPTEN_KEEPALIVE void mt_text_edit(unsigned int field, int start, int end, const char* text,
                                       int sel_start, int sel_end, int backward) {
  g->text_field.Edit(field, start, end, text ? text : "", sel_start, sel_end, backward != 0);
}

// Tab (shift: Shift+Tab) on the canvas outside a text field: 1 when keyboard focus moved to the
// next panel, 0 when there is none (the page then lets the browser move focus out of the canvas).
// `entering`: focus just came to the canvas by Tab (the first panel; Shift+Tab: the last).
EMSCRIPTEN_KEEPALIVE int mt_tab(int shift, int entering) {
  return g->app.FocusNextPanel(shift != 0, entering != 0) ? 1 : 0;
}

// The canvas (or the text field over it) got (1) or lost (0) the page's keyboard focus.
EMSCRIPTEN_KEEPALIVE void mt_keyboard_focus(int focused) { g->app.SetKeyboardFocus(focused != 0); }

// The keyboard shortcuts for the help overlay: [{keys, action}] as JSON text.
EMSCRIPTEN_KEEPALIVE const char* mt_shortcuts() {
  nlohmann::json list = nlohmann::json::array();
  for (const monotable::ui::Shortcut& s : monotable::ui::KeyboardShortcuts()) {
    list.push_back({{"keys", s.keys}, {"action", s.action}});
  }
  g->out = list.dump();
  return g->out.c_str();
}

// For tests: the scroll state of the innermost scrollable window at (x, y) canvas pixels.
EMSCRIPTEN_KEEPALIVE const char* mt_scroll_at(double x, double y) {
  g->out = monotable::web::TouchInput::ScrollInfoAt(static_cast<float>(x), static_cast<float>(y));
  return g->out.c_str();
}

}  // extern "C"

int main() {
  g = new Platform();
  if (!glfwInit()) {
    std::fprintf(stderr, "monotable: glfwInit failed\n");
    return 1;
  }
  glfwWindowHint(GLFW_CLIENT_API, GLFW_OPENGL_ES_API);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 0);
  g->window = glfwCreateWindow(1280, 800, "monotable", nullptr, nullptr);
  if (!g->window) {
    std::fprintf(stderr, "monotable: could not create a WebGL 2 context\n");
    EM_ASM({
      if (Module.onFatal) Module.onFatal("This browser could not create a WebGL 2 context.");
    });
    return 1;
  }
  glfwMakeContextCurrent(g->window);

  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  ImGuiIO& io = ImGui::GetIO();
  io.IniFilename = nullptr;  // layout is computed, nothing to save
  io.ConfigFlags |= ImGuiConfigFlags_NavEnableKeyboard;
  ImGui_ImplGlfw_InitForOpenGL(g->window, true);
  ImGui_ImplOpenGL3_Init("#version 300 es");
  glfwSetScrollCallback(g->window, ScrollCallback);
  glfwSetKeyCallback(g->window, KeyCallback);  // in place of the backend's, which it calls
  glfwSetMouseButtonCallback(g->window, MouseButtonCallback);  // the same
  io.SetClipboardTextFn = SetClipboard;
  io.GetClipboardTextFn = GetClipboard;

  if (StartOption("touch") == "1") g->touch.SetTouchMode(true);
  std::string theme = StartOption("theme");
  g->app.SetDark(theme != "light");
  SyncCanvas();
  std::string layout = StartOption("layout");
  if (layout == "embed") {
    // panels: a comma-separated subset of request,result,cost,table ("" keeps the default).
    std::string panels = StartOption("panels");
    monotable::ui::EmbedLayout embed;
    embed.enabled = true;
    if (!panels.empty()) {
      auto has = [&](const char* name) { return panels.find(name) != std::string::npos; };
      embed.request = has("request");
      embed.result = has("result");
      embed.cost = has("cost");
      embed.table = has("table");
    }
    g->app.SetEmbedLayout(embed);
  }
  // A saved state or a shared link (read by the page before start) is restored before the first
  // frame. If it cannot be, the start model loads instead and the page says why.
  std::string state = StartOption("state");
  bool restored = false;
  if (!state.empty()) {
    monotable::Status status = g->app.RestoreState(state);
    restored = status.ok();
    if (!restored) JsStateError(StartOption("stateSource").c_str(), status.message().c_str());
  }
  if (!restored) {
    std::string model = StartOption("model");
    std::string scale = StartOption("scale");
    double scale_value = scale.empty() ? 1 : std::atof(scale.c_str());
    if (model.empty()) model = "vaultcommerce";
    // A scaled example loads a slice per frame, its progress drawn (App::StartLoadModel): the
    // first frame comes at once, not after seconds of generating.
    if (scale_value > 1) g->app.StartLoadModel(model, scale_value);
    monotable::Status status = g->app.loading() || g->app.model_loaded()
                                   ? monotable::Status::Ok()
                                   : g->app.LoadModel(model, scale_value);
    if (!status.ok()) {
      std::fprintf(stderr, "monotable: %s\n", status.message().c_str());
      if (model != "vaultcommerce") g->app.LoadModel("vaultcommerce", 1);
    }
  }
  std::string pattern = StartOption("pattern");
  std::string operation = StartOption("operation");
  if (!pattern.empty() || !operation.empty()) {
    mt_show(pattern.c_str(), operation.c_str(), StartOption("request").c_str());
    if (!g->out.empty()) std::fprintf(stderr, "monotable: %s\n", g->out.c_str());
  }
  emscripten_set_main_loop_arg(Frame, nullptr, 0, false);
  return 0;
}
