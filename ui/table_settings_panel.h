// Table settings panel: per table, the billing mode and throughput, the indexes with their status
// and item counts, "Add GSI" with its backfill cost shown before it runs, deleting a GSI, the
// stream (on/off, view type), Time to Live (attribute on/off), tags, and the playground's clock
// ("advance time" +1 h / +1 day / +30 days, which runs the TTL sweep).
//
// Every action is a request a user could replay: the panel queues kRunRequest intents
// (UpdateTable, UpdateTimeToLive, TagResource, UntagResource, and the playground's own
// AdvanceTime, see ui/table_settings.h). It reads a SettingsView and calls no engine function.
#pragma once

#include <cstdint>
#include <string>

#include "ui/views.h"

namespace monotable::ui {

// The GSI being drafted in "Add GSI".
struct GsiDraft {
  std::string name;
  std::string hash, hash_type = "S";
  std::string range, range_type = "S";  // range "": hash-only index
  int projection = 0;                   // 0 ALL, 1 KEYS_ONLY, 2 INCLUDE
  std::string non_key;                  // INCLUDE: NonKeyAttributes, comma-separated
};

struct TableSettingsPanelState {
  int table = 0;  // SettingsView::tables index
  GsiDraft draft;
  int stream_view_type = 3;  // index into kStreamViewTypes (NEW_AND_OLD_IMAGES)
  std::string ttl_attribute = "expiresAt";
  std::string tag_key, tag_value;
  int64_t read_capacity = 5, write_capacity = 5;  // for switching to PROVISIONED
};

// StreamViewType values, in the panel's order.
inline constexpr const char* kStreamViewTypes[] = {"KEYS_ONLY", "NEW_IMAGE", "OLD_IMAGE",
                                                   "NEW_AND_OLD_IMAGES"};

// The UpdateTable request that creates `draft` on `table` (AttributeDefinitions for its keys,
// Projection, and ProvisionedThroughput 5/5 on a provisioned table). "" when the draft lacks a
// name or a partition key.
std::string AddGsiRequest(const TableSettingsView& table, const GsiDraft& draft);

// Draws into the current window. Queues kRunRequest intents (see above) with a label for the
// history ("Add GSI GSI3 on Orders (backfill 12 WRU)").
void DrawTableSettingsPanel(TableSettingsPanelState* state, const SettingsView& view,
                            Intents* intents);

}  // namespace monotable::ui
