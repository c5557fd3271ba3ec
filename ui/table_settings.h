// Table settings: the engine side of the table settings panel. The playground's clock (real time
// plus an offset the user advances), the AdvanceTime pseudo-operation that moves it and runs
// DynamoDB's TTL sweep, the settings view (DescribeTable, DescribeTimeToLive, ListTagsOfResource,
// index and TTL statistics) and the backfill cost of a GSI before and after UpdateTable adds it.
// Knows no ImGui.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>

#include "monotable/engine.h"
#include "ui/table_settings_panel.h"
#include "ui/views.h"

namespace monotable::ui {

// The playground's operation for "advance time": not a DynamoDB operation. Its request is
// {"Seconds": n}; it moves the clock n seconds ahead and runs Engine::SweepExpired() (DynamoDB's
// TTL process, which deletes expired items for free). App::Run dispatches it to AdvanceTime().
inline constexpr std::string_view kAdvanceTimeOperation = "AdvanceTime";

// The playground's clock: the system clock (or `base_ms`, fixed, for tests) plus an offset that
// only moves forward. Copies share the offset, and so do engines made with Function(): undo
// restores data, never time.
class PlaygroundClock {
 public:
  // base_ms < 0: the system clock.
  explicit PlaygroundClock(int64_t base_ms = -1);

  // For EngineOptions::clock_ms. Valid as long as any copy of this clock lives (shared state).
  std::function<int64_t()> Function() const;
  int64_t NowMs() const;
  int64_t offset_ms() const;
  // Moves the clock `ms` ahead (negative values are ignored).
  void Advance(int64_t ms);
  // What the last AdvanceTime did ("+1 day: 2 items expired by TTL, 0 WRU"), "" before any.
  const std::string& last_advance() const;
  void set_last_advance(std::string text);

 private:
  struct Shared;
  std::shared_ptr<Shared> shared_;
};

// Runs AdvanceTime: parses {"Seconds": n} (a positive integer, at most ten years), advances
// `clock`, then sweeps. The result is the sweep's ({"DeletedItemCount": n}, effects with each
// expired item deleted at 0 WRU and its stream record marked as the service's), or a
// ValidationException for a bad request (then time does not move).
Result AdvanceTime(Engine* engine, PlaygroundClock* clock, std::string_view request_json);

// "+1 h", "+1 day", "+30 days", "+90 s".
std::string AdvanceLabel(int64_t seconds);

// Rebuilds `view` when the engine's data or schema changed (Engine::version()), `generation`
// moved (the app passes a counter it bumps whenever it installs or restores an engine), or the
// clock moved; recomputes view->estimate when the panel's draft changed. Reads only through
// DescribeTable / DescribeTimeToLive / ListTagsOfResource (no billing, no data change) and
// ForEachItem. When a GSI appeared since the previous build, view->last_backfill measures it.
// Returns true when it read the engine (rebuilt the view or the estimate), false when nothing
// moved. Not for draw code: the app calls it between frames (App::Frame).
bool RefreshSettingsView(Engine* engine, const PlaygroundClock& clock, uint64_t generation,
                         const TableSettingsPanelState& panel, SettingsView* view);

// The backfill `draft` would cost on `table` now: walks the items (no billing). Each item holding
// the draft's key attributes with their types gets one entry, sized as DynamoDB sizes index
// entries (ALL: the item; KEYS_ONLY: table and index keys; INCLUDE: those plus NonKeyAttributes)
// and billed ceil(size / 1 KB) WRU.
BackfillView EstimateBackfill(const Engine& engine, const TableSettingsView& table,
                              const GsiDraft& draft, double write_unit_price_per_million);
// The backfill an existing index took: its entries as built (ForEachItem on the index).
BackfillView MeasureBackfill(const Engine& engine, const std::string& table,
                             const std::string& index, double write_unit_price_per_million);

}  // namespace monotable::ui
