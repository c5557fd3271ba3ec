// Loading a large example while the page keeps drawing (see app.h: StartLoadModel). A scaled
// built-in example is generated and written a slice per frame (ExampleLoad::Step), then its items
// view is built a slice per frame (TablesViewBuild); the frame draws the progress instead of the
// panels; the last slice installs it as LoadModel would.
#include <algorithm>
#include <cctype>
#include <chrono>
#include <cstdio>
#include <string>

#include "imgui.h"
#include "ui/app.h"
#include "ui/theme.h"
#include "ui/widgets.h"

namespace monotable::ui {

namespace {

// The rows of an items view from which StartReset builds it a slice per frame: about 15 ms of
// building in WebAssembly, 60 ms on a phone's CPU (4x slower); the view of Orders x10.
constexpr uint64_t kSlicedViewRows = 10000;

double NowMs() {
  return std::chrono::duration<double, std::milli>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

}  // namespace

void App::StartLoadModel(std::string_view name, double scale) {
  std::string id(name);
  for (char& c : id) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  const bool scaled_example = scale > 1 && !name.empty() && name.front() != '{' &&
                              !BuiltinModel(id).empty();
  if (!scaled_example) {
    pending_load_.reset();
    LoadModel(name, scale);
    return;
  }
  auto pending = std::make_unique<PendingLoad>();
  Model model;
  pending->engine = Engine(EngineOptionsFor(model));  // the built-in examples set no prices
  GenerateOptions options;
  options.scale = scale;
  Status status = pending->load.Start(id, options, &pending->engine);
  if (!status.ok()) {
    load_status_ = status.message();
    model_view_.status = "Could not load: " + load_status_;
    return;
  }
  // The current view is the largest derived thing held: dropped before the new items arrive, so
  // that the peak of the load (which WebAssembly memory keeps) is not both (as LoadModel does).
  DropTablesView();
  pending->id = id;
  pending->scale = scale;
  char times[32];
  std::snprintf(times, sizeof times, " x%g", scale);
  pending->name = id;  // the example's name as the model menu shows it ("Orders")
  for (size_t i = 0; i < model_view_.example_ids.size(); ++i) {
    if (model_view_.example_ids[i] == id) pending->name = model_view_.example_names[i];
  }
  pending->name += times;
  pending->started_ms = NowMs();
  pending_load_ = std::move(pending);
}

void App::StartReset() {
  if (!initial_ || !initial_is_loaded_model_) {
    Reset();
    return;
  }
  auto pending = std::make_unique<PendingLoad>();
  pending->engine = *initial_;  // a snapshot: shares its items with initial_
  pending->view_build = std::make_unique<TablesViewBuild>(pending->engine);
  if (pending->view_build->rows_expected() < kSlicedViewRows) {
    Reset();
    return;
  }
  DropTablesView();  // as a load: the view being left is not held beside the one being built
  pending->reset = true;
  pending->model = model_;
  for (const TableInfo& t : pending->engine.Tables()) pending->items += t.item_count;
  pending->id = model_id_;
  pending->scale = model_scale_;
  pending->custom_text = custom_text_;
  pending->name = model_.name;
  if (model_scale_ > 1) {
    char times[32];
    std::snprintf(times, sizeof times, " x%g", model_scale_);
    pending->name += times;
  }
  pending->started_ms = NowMs();
  pending_load_ = std::move(pending);
}

void App::FrameLoading() {
  PendingLoad& p = *pending_load_;
  if (!p.view_build) {
    if (p.load.Step(slice_ms_)) {
      p.items = p.load.items_loaded();
      Status status = p.load.Finish(&p.model);
      if (!status.ok()) {
        pending_load_.reset();
        RebuildAll();
        load_status_ = status.message();
        model_view_.status = "Could not load: " + load_status_;
        return;
      }
      // Every item is in: the items view next, a slice per frame too (at 100k items built at
      // once it froze the page for most of a second).
      p.view_build = std::make_unique<TablesViewBuild>(p.engine);
    }
  } else if (p.view_build->Step(slice_ms_)) {
    FinishLoad();
    return;
  }
  // Tab reaches the progress and its Cancel loading as it reaches a panel.
  ApplyPendingFocus();
  BeginWidgetFrame();
  const ImGuiViewport* viewport = ImGui::GetMainViewport();
  const float css = scale_ > 0 ? scale_ : 1;
  const float width = std::min(viewport->WorkSize.x - 32 * css, 460 * css);
  ImGui::SetNextWindowPos(
      ImVec2(viewport->WorkPos.x + viewport->WorkSize.x / 2, viewport->WorkPos.y + viewport->WorkSize.y / 2),
      ImGuiCond_Always, ImVec2(0.5f, 0.5f));
  ImGui::SetNextWindowSize(ImVec2(width, 0));
  const ImGuiWindowFlags flags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                                 ImGuiWindowFlags_NoSavedSettings |
                                 ImGuiWindowFlags_AlwaysAutoResize;
  if (ImGui::Begin("##loading", nullptr, flags)) {
    Heading(((p.reset ? "Resetting " : "Loading ") + p.name).c_str(), nullptr);
    // Writing the items, then building the view of them: one bar, the view's rows after the
    // items (both are counts of entries, about as costly each).
    const uint64_t loaded = p.items_written();
    const uint64_t expected = std::max<uint64_t>(p.load.items_expected(), 1);
    float fraction = 0;
    std::string label;
    if (!p.view_build) {
      // The generator's count is an estimate: the bar stops short of half until the items are in.
      fraction = std::min(0.49f, 0.5f * static_cast<float>(loaded) / static_cast<float>(expected));
      label = FormatCount(loaded) + " items";
    } else {
      const uint64_t rows = p.view_build->rows_built();
      const uint64_t total = std::max<uint64_t>(p.view_build->rows_expected(), 1);
      const float built = std::min(0.99f, static_cast<float>(rows) / static_cast<float>(total));
      // A reset has only the view to build: the whole bar is the view's.
      fraction = p.reset ? built : 0.5f + 0.5f * built;
      label = FormatCount(rows) + " of " + FormatCount(total) + " rows";
    }
    ImGui::ProgressBar(fraction, ImVec2(-FLT_MIN, 0), label.c_str());
    RecordItem("load progress");
    ImGui::PushTextWrapPos(0);
    if (!p.view_build) {
      MutedText("Of about %s: generated and written into the engine a slice per frame, so the "
                "page keeps answering. %.1f s so far.",
                FormatCount(expected).c_str(), (NowMs() - p.started_ms) / 1000);
    } else if (p.reset) {
      MutedText("Back to the model as it was loaded: its %s items are held as they were; the "
                "items view (the table and each index) is built a slice per frame. %.1f s so far.",
                FormatCount(loaded).c_str(), (NowMs() - p.started_ms) / 1000);
    } else {
      MutedText("%s items written. Building the items view (the table and each index): %.1f s so "
                "far.",
                FormatCount(loaded).c_str(), (NowMs() - p.started_ms) / 1000);
    }
    ImGui::PopTextWrapPos();
    if (TrackedButton("Cancel loading")) {
      // The previous model (for a reset: the model as it is now, every write kept) never left the
      // engine: only its view comes back.
      pending_load_.reset();
      RebuildAll();
    }
  }
  ImGui::End();
  DrawFocusRing();
  if (focus_ring_shown_) TrackRect("##focus-ring", focus_ring_);
  EndWidgetFrame();
}

void App::FinishLoad() {
  std::unique_ptr<PendingLoad> p = std::move(pending_load_);
  TablesView view = p->view_build->Take();
  p->view_build.reset();
  InstallLoadedModel(std::move(p->model), std::move(p->engine), p->id, p->scale,
                     std::move(p->custom_text), &view);
}

}  // namespace monotable::ui
