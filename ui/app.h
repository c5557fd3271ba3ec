// App: the playground as one object. Owns the engine, the loaded model, the history (with engine
// snapshots for undo), the views and the panels' states. Frame() lays out the panels, draws them
// and then applies the intents they queued. The platform layer (web/) owns the window, GL, fonts
// and the JS bridge; it calls Frame() between ImGui::NewFrame() and ImGui::Render().
// One class, four files: ui/app.cc (model lifecycle, runs, history, intents), ui/app_layout.cc
// (where the panels go), ui/app_state.cc (saved state, links, embedding), ui/app_bridge.cc (the
// JSON the page's JavaScript reads).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "monotable/engine.h"
#include "monotable/model.h"
#include "monotable/status.h"
#include "ui/bill_panel.h"
#include "ui/cost_panel.h"
#include "ui/history_panel.h"
#include "ui/model_panel.h"
#include "ui/patterns_panel.h"
#include "ui/request_panel.h"
#include "ui/result_panel.h"
#include "ui/share_panel.h"
#include "ui/table_panel.h"
#include "ui/table_settings.h"
#include "ui/table_settings_panel.h"
#include "ui/tour_panel.h"
#include "ui/view_model.h"
#include "ui/views.h"
#include "ui/widgets.h"

namespace monotable::ui {

// The saved-state format App::SaveState writes; RestoreState reads this version (older versions
// are migrated there; see ui/app_state.cc).
inline constexpr int kStateFormatVersion = 2;

// Below this width (CSS px: framebuffer px over the UI scale) the page and the widget switch to
// their narrow layouts: one column with a tab bar, the widget's panels stacked.
inline constexpr float kNarrowLayoutCssPx = 760;
// The smallest height (CSS px) of anything clickable in the narrow layouts.
inline constexpr float kTouchTargetCssPx = 44;

// The arrangement a frame drew (ui/app_layout.cc): the desktop's columns; the phone's one column
// with a bottom tab bar; the embedded widget side by side, or stacked when it is narrow.
enum class LayoutMode { kDesktop, kNarrow, kEmbed, kEmbedStacked };
// "desktop", "narrow", "embed", "embed-stacked".
const char* LayoutModeName(LayoutMode mode);

// What the narrow layout's tab bar shows, one panel at a time.
enum class NarrowTab { kPatterns, kRequest, kResult, kCost, kItems, kTour };
// "patterns", "request", "result", "cost", "items", "tour".
const char* NarrowTabName(NarrowTab tab);

// The compact layout of an embedded widget (web/embed.html): which panels it shows.
struct EmbedLayout {
  bool enabled = false;
  bool request = true;
  bool result = true;
  bool cost = true;
  bool table = false;
};

// A keyboard shortcut of the playground, as the help overlay lists it (web/monotable.js builds
// its table from this list, so the help says what the code does).
struct Shortcut {
  const char* keys;    // "Ctrl+Z"
  const char* action;  // "Undo the last request (outside a text field)"
};
// Every shortcut App::Frame handles, plus the platform's own (? for help, Tab between panels).
const std::vector<Shortcut>& KeyboardShortcuts();

class App {
 public:
  App();

  // Loads a built-in example by name ("orders", "Orders", "vaultcommerce") at `scale` (1, 10,
  // 100, 1000: the generator), or, if `name_or_json` starts with '{', a model file's text. On
  // error the previous model stays loaded and the error is returned (and shown in the top bar).
  Status LoadModel(std::string_view name_or_json, double scale = 1);

  // Runs one request now (ReturnConsumedCapacity INDEXES is added when absent), records it in the
  // history, and shows its result, effects and cost. `label` names it in the history.
  const Result& Run(std::string_view operation, std::string_view request_json,
                    std::string_view label = "");

  // LoadModel for the page: a scaled built-in example (a million items at x1000) loads a few
  // milliseconds per frame (ExampleLoad) while Frame() draws its progress, so the page never
  // stops drawing; anything else loads at once, as LoadModel. Until it is done the previous model
  // stays loaded (its panels are not drawn) and Cancel goes back to it; a failure shows in the
  // top bar as LoadModel's does.
  void StartLoadModel(std::string_view name, double scale);
  bool loading() const { return pending_load_ != nullptr; }

  // Draws every panel for one frame and applies their intents. REQUIRES: inside an ImGui frame.
  // The arrangement follows the display's width in CSS px (ui/app_layout.cc).
  void Frame();
  // The arrangement the last frame drew, and (narrow layout) the tab it showed.
  LayoutMode layout_mode() const { return layout_mode_; }
  NarrowTab narrow_tab() const { return narrow_tab_; }
  // The stacked widget's content height in framebuffer px: the host page sizes the iframe to it
  // (also tracked as the widget rectangle "##content"). 0 in the other layouts.
  float content_height() const { return content_height_; }

  // The UI scale (device pixel ratio) the platform has built fonts for; re-applies the theme.
  void SetScale(float scale);
  bool dark() const { return dark_; }
  void SetDark(bool dark);
  // Room (CSS px) the platform's own DOM controls take over the canvas, which the layouts leave
  // free: `top_right` wide at the right end of the narrow page's top bar, `bottom` tall below the
  // stacked widget's panels (web/text_layer.js puts its "Text view" button there). 0 when none.
  void SetPlatformControls(float top_right, float bottom);
  // The user prefers reduced motion (the page's prefers-reduced-motion media query): the write
  // fan-out is drawn in its final state at once, without its animation.
  void SetReducedMotion(bool reduce) { result_panel_.fanout.reduced_motion = reduce; }

  bool model_loaded() const { return !model_id_.empty(); }
  uint64_t frames() const { return frames_; }

  // --- The keyboard (ui/app_keys.cc) ---

  // Tab and Shift+Tab from the platform: moves keyboard focus to the next (previous) panel in
  // reading order (left column top to bottom, then the next column; a phone: top to bottom) and
  // shows the focus ring there. `entering` (focus just came to the canvas from the page), or from
  // no panel: the first panel (`backward`: the last). False when there is no further panel: the
  // platform then lets the browser move focus out of the canvas, so the keyboard is never trapped
  // (WCAG 2.1.2).
  bool FocusNextPanel(bool backward, bool entering = false);
  // The canvas lost the keyboard focus (or got it back): the focus ring shows only while it has.
  void SetKeyboardFocus(bool focused);
  // The panel keyboard focus is in ("##patterns"), or "" (the last frame's).
  std::string FocusedPanel() const;
  // The focus ring the last frame drew (framebuffer px, 2 CSS px thick): false when none.
  bool FocusRing(WidgetRect* out) const;

  // --- The bridge to the page's JavaScript (ui/app_bridge.cc) ---

  // For window.monotable: {model, selected, lastRequest, response, effects, ...} as JSON text.
  std::string StateJson() const;
  // {response, effects} of the last request, as JSON text.
  std::string LastRunJson() const;
  // For the page's DOM text layer (web/text_layer.js): a summary of the last run, the result,
  // the cost arithmetic and the tour step as JSON text (ui/text_export.h). TextKey() moves whenever
  // that text would change (the page polls it; exact in a double).
  std::string TextJson() const;
  double TextKey() const;
  // The tour from the page (the text layer's Back, Next and Run this step): the step, clamped to
  // the tour, and running it as the tour panel's button does.
  void SetTourStep(int step);
  void RunTourStep();

  // The table settings tab's view, and how many times it was built from the engine (Describe*
  // requests and item walks). Built in Frame() before drawing and after the intents, only while
  // that tab is (or is about to be) on screen and only when data, schema, time or the GSI draft
  // moved: drawing reads the view and never the engine.
  const SettingsView& settings_view() const { return settings_view_; }
  // The items view the table panel draws (tests compare a sliced load's with a load at once's).
  const TablesView& tables_view() const { return tables_view_; }
  uint64_t settings_view_builds() const { return settings_view_builds_; }

  // Text the last "copy" intent put on the clipboard (the platform also writes it to the OS).
  const std::string& last_copied() const { return last_copied_; }

  // --- Saved state, links and embedding (ui/app_state.cc) ---

  // The user's whole state as JSON text: {"monotable": "state", "formatVersion", "base" (the
  // built-in example and scale it started from, or "custom"), "writes" (the data-changing
  // requests applied since the base was loaded and before "history", in order), "model" (the
  // engine's tables and items as a model file, via ExportModel: the data before "history"),
  // "history" (with `with_history`: {"entries": [{operation, request, label}], "current"}, every
  // request of the history panel, replayed on restore so that undo, redo and the last result come
  // back), "request" (the builder's operation, JSON and label), "view" (the selected table or
  // index), "theme"}. Without `with_history` the history's writes up to "current" are in
  // "writes". With `compact` and a built-in base, "model" is left out: replaying "writes" (and
  // "history") on the example rebuilds the same data (short links).
  std::string SaveState(bool compact, bool with_history = false) const;
  // Restores a SaveState text. All or nothing: on error nothing changes and the error says why
  // ("state: formatVersion 7 was written by a newer monotable (this one reads up to 2)").
  Status RestoreState(std::string_view json_text);
  // Items in the engine now (all tables).
  uint64_t ItemCount() const { return model_view_.items; }
  // Changes whenever something SaveState writes changes (cheap: the platform polls it).
  uint64_t StateKey() const;
  // The share panel's option "links carry the history" (and so the last result): what a compact
  // state for a link holds (the platform passes it to SaveState).
  bool share_history() const { return share_history_; }
  void SetShareHistory(bool on) { share_history_ = on; }
  // The current model in another tool's format: "workbench" (NoSQL Workbench JSON) or
  // "cloudformation" (a CloudFormation template); "" for another name.
  std::string ExportModelAs(std::string_view format) const;
  // The current model file (tables and items exported from the engine), readable JSON.
  std::string ExportModelJson() const;

  // Loads `request_json` for `operation` into the request builder (label names it) and, if
  // `run_if_read` and the operation only reads (GetItem, Query, Scan, BatchGetItem,
  // TransactGetItems), runs it: an embedded widget opens with its answer, never with a write done.
  void ShowRequest(std::string_view operation, std::string_view request_json,
                   std::string_view label, bool run_if_read);
  // The same for the access pattern `id`. False: no such pattern.
  bool ShowPattern(std::string_view id, bool run_if_read);
  // Reloads the model as it was loaded, at once (scripts: monotable.reset()).
  void Reset();
  // Reset for the page (the Reset button): when the model as loaded is held and its items view is
  // large (kSlicedViewRows rows or more: x10 and up), that view is built a slice per frame with
  // the progress drawn as a load's (loading() is true; Cancel keeps the model as it is now);
  // otherwise as Reset. At 100k items a Reset at once froze the page for 1-1.4 s on a throttled
  // phone (docs/benchmarks.md section 15).
  void StartReset();
  // The milliseconds of work a sliced load or reset does per frame (at least one slice of it: a
  // couple of thousand items or rows). 30 by default: with drawing, a frame stays well under 100
  // ms (issue 15: "no frame over 100 ms") and a load runs at 60-70% of its speed undivided. Tests
  // set 0 to see a load or reset over many frames.
  void set_slice_ms(double ms) { slice_ms_ = ms; }

  // Switches to the embedded widget's compact layout.
  void SetEmbedLayout(const EmbedLayout& layout) { embed_ = layout; }
  const EmbedLayout& embed_layout() const { return embed_; }

  // Moves after every request run (by the user or through Run): the platform sends events.
  uint64_t run_serial() const { return run_serial_; }
  // Actions the UI asked of the platform since the last call ("copy-link", "export-model",
  // "import-model", "open-playground", "open-help"), oldest first.
  std::vector<std::string> TakePlatformActions();

 private:
  struct HistoryEntry {
    std::string operation;
    std::string request;
    std::string label;
    bool ok = true;
    double read_units = 0, write_units = 0, dollars = 0;
    bool changed_data = false;
    std::shared_ptr<const Engine> after;  // snapshot after a request that changed data
  };

  void ApplyIntents();
  // A load StartLoadModel began: one frame's step (writing items, then building the items view),
  // its progress drawn instead of the panels, and what they give installed (ui/app_load.cc).
  void FrameLoading();
  void FinishLoad();
  // The shortcuts (KeyboardShortcuts) pressed this frame, outside text fields and popups, and the
  // focus ring after the panels are drawn (ui/app_keys.cc).
  void HandleShortcuts();
  void DrawFocusRing();
  // The panel FocusNextPanel chose, focused at its first control (HandleShortcuts does it first;
  // the loading frame, which handles no shortcut, too).
  void ApplyPendingFocus();
  // J/K: the next (dir 1) or previous (-1) access pattern into the request builder.
  void StepPattern(int dir);
  // Runs one request and records it in the history (Run without refreshing the views): Run, and
  // RestoreState replaying a saved history.
  void RecordRun(std::string_view operation, std::string_view request_json, std::string_view label);
  void RunPatternAt(int index);
  // The intents' larger bodies: every access pattern in order (the patterns panel's totals), one
  // tour step (its pattern or its own request), the last request's next page.
  void RunAllPatterns();
  void RunTourStepAt(int index);
  void RunNextPage();
  void RefreshAfterRun(std::string_view operation, std::string_view request, bool data_changed);
  // Every view from the engine; the table view is `built` instead when given (built from this
  // engine, a slice at a time, by a sliced load).
  void RebuildAll(TablesView* built = nullptr);
  void RestoreTo(int history_index);
  std::vector<std::string> KeyNamesOf(const std::string& table) const;
  void FocusLookAt(const std::string& look_at);
  // Parses a built-in example (at `scale`) or a model file's text into a loaded engine.
  Status PrepareModel(std::string_view name_or_json, double scale, Model* model, Engine* engine,
                      std::string* id, double* used_scale) const;
  // The engine's options for a model: its prices, the playground's clock.
  EngineOptions EngineOptionsFor(const Model& model) const;
  // The table view is derived data and, after the engine, the largest thing the app holds (up to
  // kMaxRows formatted rows per table and index: ~220 MB in WebAssembly at a million items).
  // Dropping it before the next model is built keeps it out of a load's peak, which WebAssembly
  // memory keeps for the life of the page. Keeps effects_serial.
  void DropTablesView();
  // InstallModel for a model as LoadModel loads it: Reset can go back to it (initial_), and the
  // request builder starts at its first access pattern. `built`: as RebuildAll's.
  void InstallLoadedModel(Model model, Engine engine, const std::string& id, double scale,
                          std::string custom_text, TablesView* built = nullptr);
  // Makes a prepared model the current one, forgetting the history. Keeps the model without its
  // items (they are the engine's).
  void InstallModel(Model model, Engine engine, const std::string& id, double scale,
                    std::string custom_text, TablesView* built = nullptr);
  // --- Layout (ui/app_layout.cc): where each panel goes and the bars around them ---
  void FrameDesktop();
  void FrameNarrow();
  void FrameEmbed(bool stacked);
  // The top bar: one row on a desktop (what does not fit goes into a menu), a Menu button on a
  // phone.
  void DrawTopBar(bool narrow);
  // The share buttons and the theme toggle as menu rows (with the model's rows when `model`).
  void DrawTopMenu(bool model);
  void DrawEmbedBar();
  // Tour, History and Table settings as tabs.
  void DrawSidePanel(bool narrow);
  void DrawTabBar(float x, float y, float width, float height);
  // After a request ran, the narrow layout shows its result (the Table settings tab, whose
  // requests change the schema, stays where it is).
  void RevealResult();
  // Rebuilds settings_view_ (RefreshSettingsView) when the settings tab is on screen, was chosen
  // this frame, or will be shown by select_side_tab_. Outside drawing.
  void RefreshSettingsViewIfShown();
  void SelectCollection(const std::string& table, const std::string& index);

  // The engine's clock (EngineOptions::clock_ms): real time plus what "advance time" added.
  PlaygroundClock clock_;
  Engine engine_;
  Model model_;              // the loaded model without its items (tables, patterns, tour, prices)
  std::string model_id_;     // built-in name or "custom"
  std::string custom_text_;  // the model file text when model_id_ is "custom"
  double model_scale_ = 1;
  std::string load_status_;
  std::shared_ptr<const Engine> initial_;  // the model as loaded (undo to the start)
  // initial_ is the model exactly as LoadModel loaded it (a restored state's is the state after
  // its writes), so Reset can go back to it without loading again.
  bool initial_is_loaded_model_ = false;
  std::vector<HistoryEntry> history_;
  int history_current_ = -1;

  // The last request.
  std::string last_operation_;
  std::string last_request_;
  Result last_result_;
  bool has_last_ = false;

  // Views (rebuilt on change, never per frame).
  TablesView tables_view_;
  SchemaView schema_view_;
  PatternsView patterns_view_;
  TourView tour_view_;
  ResultView result_view_;
  CostView cost_view_;
  HistoryView history_view_;
  ModelBarView model_view_;
  uint64_t effects_serial_ = 0;
  double session_read_units_ = 0, session_write_units_ = 0, session_dollars_ = 0;
  int session_requests_ = 0;
  std::string selected_table_, selected_index_;

  // Panels.
  ModelPanelState model_panel_;
  TablePanelState table_panel_;
  PatternsPanelState patterns_panel_;
  BillPanelState bill_panel_;
  BillView bill_view_;
  RequestPanelState request_panel_;
  ResultPanelState result_panel_;
  CostPanelState cost_panel_;
  HistoryPanelState history_panel_;
  TourPanelState tour_panel_;
  TableSettingsPanelState table_settings_panel_;
  SettingsView settings_view_;  // rebuilt by RefreshSettingsView when data, schema or time moves
  uint64_t settings_view_builds_ = 0;
  int side_tab_ = 0;  // the side tab drawn last: 0 tour, 1 history, 2 table settings, 3 bill
  bool settings_tab_pressed_ = false;  // the settings tab was clicked (it shows next frame)
  int select_side_tab_ = -1;

  // Layout (ui/app_layout.cc).
  LayoutMode layout_mode_ = LayoutMode::kDesktop;
  NarrowTab narrow_tab_ = NarrowTab::kPatterns;
  struct PendingLoad {
    ExampleLoad load;
    Engine engine;  // what the load writes into (does not move: PendingLoad is held by pointer)
    // Once every item is written: the model, and the items view built a slice per frame (then
    // the load is installed). Declared after the engine it reads, so destroyed before it.
    Model model;
    uint64_t items = 0;  // the items written (ExampleLoad's count ends with its Finish)
    std::unique_ptr<TablesViewBuild> view_build;
    // The items written so far, in either phase.
    uint64_t items_written() const { return view_build ? items : load.items_loaded(); }
    std::string id, name;
    double scale = 1;
    double started_ms = 0;
    // StartReset's: the engine is the model as loaded (a snapshot), only the view is built.
    bool reset = false;
    std::string custom_text;
  };
  std::unique_ptr<PendingLoad> pending_load_;
  double slice_ms_ = 30;  // set_slice_ms
  bool keyboard_focus_ = true;  // the canvas has the page's keyboard focus
  std::string pending_focus_panel_;  // FocusNextPanel's panel, focused at the next frame's start
  bool focus_ring_shown_ = false;
  WidgetRect focus_ring_;
  float content_height_ = 0;
  float platform_top_right_css_ = 0;  // SetPlatformControls
  float platform_bottom_css_ = 0;
  // The stacked widget's panel heights (framebuffer px), measured from what they drew: the request
  // (its JSON editor sized to the request's lines) and the cost (measured once per run).
  float stacked_request_h_ = 0;
  float stacked_cost_h_ = 0;
  uint64_t stacked_cost_serial_ = 0;
  float stacked_width_ = 0;

  Intents intents_;
  bool dark_ = true;
  float scale_ = 1;
  uint64_t frames_ = 0;
  std::string last_copied_;

  // Data-changing requests applied before the history began (restored from a saved state):
  // with the history's own writes they rebuild the engine from the base example.
  std::vector<std::pair<std::string, std::string>> base_writes_;
  EmbedLayout embed_;
  uint64_t run_serial_ = 0;
  uint64_t loads_ = 0;  // models installed and history restores (part of StateKey)
  std::vector<std::string> platform_actions_;
  bool share_history_ = false;
};

}  // namespace monotable::ui
