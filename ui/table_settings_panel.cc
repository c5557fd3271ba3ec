// Table settings panel (see table_settings_panel.h).
#include "ui/table_settings_panel.h"

#include <string_view>

#include "imgui.h"
#include "imgui_stdlib.h"
#include "nlohmann/json.hpp"
#include "ui/theme.h"
#include "ui/widgets.h"

namespace monotable::ui {
namespace {

// Ordered: requests read in the order DynamoDB's documentation writes them.
using json = nlohmann::ordered_json;

const char* const kProjections[] = {"ALL", "KEYS_ONLY", "INCLUDE"};
const char* const kKeyTypes[] = {"S", "N", "B"};
// The advance steps and their labels (the same steps as table_settings.cc's kAdvanceSteps).
constexpr int64_t kStepSeconds[3] = {3600, 86400, 30 * 86400};
const char* const kStepLabels[3] = {"+1 h", "+1 day", "+30 days"};

void Queue(Intents* intents, const char* operation, const json& request, std::string label) {
  intents->push_back(intent::RunRequest{operation, request.dump(), std::move(label)});
}

int KeyTypeIndex(const std::string& type) { return type == "N" ? 1 : type == "B" ? 2 : 0; }

// A combo of the attributes seen on items (with their type and how many items hold them); picking
// one also sets its type. `allow_none` adds "(none)" (a hash-only index).
bool AttributeCombo(const char* id, const TableSettingsView& table, bool allow_none,
                    std::string* name, std::string* type) {
  bool changed = false;
  const char* preview = name->empty() ? (allow_none ? "(none)" : "(choose)") : name->c_str();
  ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x - ImGui::CalcTextSize("N").x * 3 -
                          ImGui::GetStyle().ItemSpacing.x * 4);
  if (ImGui::BeginCombo(id, preview)) {
    if (allow_none && ImGui::Selectable("(none)", name->empty())) {
      name->clear();
      changed = true;
    }
    for (const AttributeCandidateView& a : table.attributes) {
      std::string label = a.name + "  (" + a.type + ", " + FormatCount(a.items) + " items)";
      if (ImGui::Selectable(label.c_str(), *name == a.name)) {
        *name = a.name;
        *type = a.type;
        changed = true;
      }
      TrackItem(std::string(id) + ":" + a.name);  // "##gsi-hash:status" for browser tests
    }
    ImGui::EndCombo();
  }
  TrackItem(id);
  ImGui::SameLine();
  int t = KeyTypeIndex(*type);
  ImGui::SetNextItemWidth(-1);
  std::string type_id = std::string(id) + "-type";
  if (ImGui::Combo(type_id.c_str(), &t, kKeyTypes, IM_ARRAYSIZE(kKeyTypes))) {
    *type = kKeyTypes[t];
    changed = true;
  }
  return changed;
}

void FieldLabel(const char* text, float width) {
  ImGui::AlignTextToFramePadding();
  MutedText("%s", text);
  ImGui::SameLine(width);
}

void DrawBackfill(const BackfillView& b, const char* title) {
  const Palette& p = CurrentPalette();
  if (!b.valid) {
    if (!b.error.empty()) MutedText("%s", b.error.c_str());
    return;
  }
  ImGui::PushTextWrapPos(0);
  ImGui::TextColored(p.accent, "%s", title);
  ImGui::Text("%s of %s items get an entry: %s WRU, %s on-demand", FormatCount(b.entries).c_str(),
              FormatCount(b.items_scanned).c_str(), FormatUnits(b.write_units).c_str(),
              FormatDollars(b.dollars).c_str());
  MutedText("%s of entries, largest %s; each entry costs ceil(size / 1 KB) WRU",
            FormatBytes(static_cast<double>(b.entry_bytes)).c_str(),
            FormatBytes(b.largest_entry).c_str());
  if (b.wrong_type > 0) {
    ImGui::TextColored(p.warning,
                       "! %s items hold a key attribute with another type: DynamoDB does not "
                       "index them",
                       FormatCount(b.wrong_type).c_str());
  }
  if (b.entries < b.items_scanned && b.wrong_type < b.items_scanned - b.entries) {
    MutedText("Items without the index keys stay out of it (a sparse index).");
  }
  ImGui::PopTextWrapPos();
}

void DrawCapacity(TableSettingsPanelState* s, const TableSettingsView& t, Intents* intents) {
  if (t.on_demand) {
    ImGui::TextUnformatted("On-demand (PAY_PER_REQUEST)");
    MutedText("Billed per request unit; no capacity to plan.");
    ImGui::SetNextItemWidth(ImGui::CalcTextSize("00000").x + ImGui::GetFrameHeight() * 2);
    ImGui::InputScalar("RCU##prov", ImGuiDataType_S64, &s->read_capacity);
    ImGui::SameLine();
    ImGui::SetNextItemWidth(ImGui::CalcTextSize("00000").x + ImGui::GetFrameHeight() * 2);
    ImGui::InputScalar("WCU##prov", ImGuiDataType_S64, &s->write_capacity);
    ImGui::SameLine();
    if (TrackedButton("Switch to provisioned")) {
      json pt = {{"ReadCapacityUnits", s->read_capacity},
                 {"WriteCapacityUnits", s->write_capacity}};
      json request = {{"TableName", t.name}, {"BillingMode", "PROVISIONED"}};
      request["ProvisionedThroughput"] = pt;
      // A provisioned table's GSIs need their own throughput: give each the table's.
      json updates = json::array();
      for (const IndexSettingsView& i : t.indexes) {
        if (i.global) {
          updates.push_back({{"Update", {{"IndexName", i.name}, {"ProvisionedThroughput", pt}}}});
        }
      }
      if (!updates.empty()) request["GlobalSecondaryIndexUpdates"] = updates;
      Queue(intents, "UpdateTable", request, "Switch " + t.name + " to provisioned");
    }
  } else {
    ImGui::Text("Provisioned: %lld RCU, %lld WCU", static_cast<long long>(t.read_capacity),
                static_cast<long long>(t.write_capacity));
    if (TrackedButton("Switch to on-demand")) {
      Queue(intents, "UpdateTable", {{"TableName", t.name}, {"BillingMode", "PAY_PER_REQUEST"}},
            "Switch " + t.name + " to on-demand");
    }
  }
}

void DrawIndexes(const TableSettingsView& t, Intents* intents) {
  if (t.indexes.empty()) {
    MutedText("No secondary indexes.");
    return;
  }
  if (!ImGui::BeginTable(
          "##indexes", 5,
          ImGuiTableFlags_BordersInnerH | ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_RowBg)) {
    return;
  }
  ImGui::TableSetupColumn("Index", ImGuiTableColumnFlags_WidthFixed);
  ImGui::TableSetupColumn("Keys / projection", ImGuiTableColumnFlags_WidthStretch);
  ImGui::TableSetupColumn("Status", ImGuiTableColumnFlags_WidthFixed);
  ImGui::TableSetupColumn("Items", ImGuiTableColumnFlags_WidthFixed);
  ImGui::TableSetupColumn("", ImGuiTableColumnFlags_WidthFixed);
  ImGui::TableHeadersRow();
  const Palette& p = CurrentPalette();
  for (const IndexSettingsView& i : t.indexes) {
    ImGui::PushID(i.name.c_str());
    ImGui::TableNextRow();
    ImGui::TableSetColumnIndex(0);
    ImGui::TextUnformatted(i.name.c_str());
    MutedText("%s", i.global ? "GSI" : "LSI");
    ImGui::TableSetColumnIndex(1);
    ImGui::PushTextWrapPos(0);
    ImGui::TextUnformatted(i.keys.c_str());
    MutedText("%s", i.projection.c_str());
    ImGui::PopTextWrapPos();
    ImGui::TableSetColumnIndex(2);
    ImGui::TextColored(i.status == "ACTIVE" ? p.ok : p.warning, "%s", i.status.c_str());
    ImGui::TableSetColumnIndex(3);
    ImGui::TextUnformatted(FormatCount(i.item_count).c_str());
    MutedText("%s", FormatBytes(static_cast<double>(i.size_bytes)).c_str());
    ImGui::TableSetColumnIndex(4);
    if (i.global) {
      std::string label = "Delete##" + i.name;
      if (TrackedSmallButton(label.c_str())) {
        json request = {{"TableName", t.name}};
        request["GlobalSecondaryIndexUpdates"] =
            json::array({{{"Delete", {{"IndexName", i.name}}}}});
        Queue(intents, "UpdateTable", request, "Delete GSI " + i.name + " on " + t.name);
      }
      if (ImGui::IsItemHovered()) {
        ImGui::SetTooltip("UpdateTable with a Delete: no write units; the index's entries go.");
      }
    } else {
      MutedText("fixed");
      if (ImGui::IsItemHovered()) ImGui::SetTooltip("An LSI exists for the table's lifetime.");
    }
    ImGui::PopID();
  }
  ImGui::EndTable();
}

void DrawAddGsi(TableSettingsPanelState* s, const SettingsView& view, const TableSettingsView& t,
                Intents* intents) {
  GsiDraft& d = s->draft;
  const float label_width = ImGui::GetStyle().WindowPadding.x +
                            ImGui::CalcTextSize("Partition key").x +
                            ImGui::GetStyle().ItemSpacing.x * 2;
  FieldLabel("Name", label_width);
  ImGui::SetNextItemWidth(-1);
  ImGui::InputTextWithHint("##gsi-name", "GSI3", &d.name);
  TrackItem("##gsi-name");
  FieldLabel("Partition key", label_width);
  AttributeCombo("##gsi-hash", t, false, &d.hash, &d.hash_type);
  FieldLabel("Sort key", label_width);
  AttributeCombo("##gsi-range", t, true, &d.range, &d.range_type);
  FieldLabel("Projection", label_width);
  for (int i = 0; i < 3; ++i) {
    if (i > 0) ImGui::SameLine();
    ImGui::RadioButton(kProjections[i], &d.projection, i);
  }
  if (d.projection == 2) {
    FieldLabel("Include", label_width);
    ImGui::SetNextItemWidth(-1);
    ImGui::InputTextWithHint("##gsi-include", "NonKeyAttributes: status, total", &d.non_key);
  }
  const BackfillView& e = view.estimate;
  DrawBackfill(e, "Before it runs: the backfill will cost");
  std::string request = AddGsiRequest(t, d);
  ImGui::BeginDisabled(request.empty());
  if (TrackedButton("Add GSI (UpdateTable)")) {
    std::string label = "Add GSI " + d.name + " on " + t.name;
    if (e.valid) label += " (backfill " + FormatUnits(e.write_units) + " WRU)";
    intents->push_back(intent::RunRequest{"UpdateTable", request, label});
  }
  ImGui::EndDisabled();
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) {
    ImGui::SetTooltip(request.empty() ? "Name the index and choose its partition key" : "%s",
                      request.c_str());
  }
  if (view.last_backfill.valid && view.last_backfill.table == t.name) {
    ImGui::Spacing();
    std::string title =
        "Backfill of " + view.last_backfill.index + " (measured on the built index)";
    DrawBackfill(view.last_backfill, title.c_str());
  }
}

void DrawStream(TableSettingsPanelState* s, const TableSettingsView& t, Intents* intents) {
  if (t.stream_enabled) {
    ImGui::PushTextWrapPos(0);
    ImGui::Text("Enabled: %s", t.stream_view_type.c_str());
    MutedText("StreamLabel %s. Every write now shows its stream record in the cost panel.",
              t.stream_label.c_str());
    ImGui::PopTextWrapPos();
    if (TrackedButton("Disable stream")) {
      json request = {{"TableName", t.name}};
      request["StreamSpecification"] = {{"StreamEnabled", false}};
      Queue(intents, "UpdateTable", request, "Disable the stream of " + t.name);
    }
    return;
  }
  MutedText("Disabled: writes produce no stream records.");
  ImGui::SetNextItemWidth(ImGui::CalcTextSize("NEW_AND_OLD_IMAGES").x +
                          ImGui::GetFrameHeight() * 2);
  ImGui::Combo("##stream-view", &s->stream_view_type, kStreamViewTypes,
               IM_ARRAYSIZE(kStreamViewTypes));
  ImGui::SameLine();
  if (TrackedButton("Enable stream")) {
    json request = {{"TableName", t.name}};
    request["StreamSpecification"] = {{"StreamEnabled", true},
                                      {"StreamViewType", kStreamViewTypes[s->stream_view_type]}};
    Queue(intents, "UpdateTable", request, "Enable the stream of " + t.name);
  }
}

void DrawTtl(TableSettingsPanelState* s, const SettingsView& view, const TableSettingsView& t,
             Intents* intents) {
  const Palette& p = CurrentPalette();
  ImGui::PushTextWrapPos(0);
  if (t.ttl_enabled) {
    ImGui::Text("Enabled on \"%s\"", t.ttl_attribute.c_str());
    MutedText(
        "Items whose %s (a Number of epoch seconds) is in the past are deleted by the "
        "service: no write units, a REMOVE stream record marked as the service's.",
        t.ttl_attribute.c_str());
    if (TrackedButton("Disable TTL")) {
      json request = {{"TableName", t.name}};
      request["TimeToLiveSpecification"] = {{"Enabled", false}, {"AttributeName", t.ttl_attribute}};
      Queue(intents, "UpdateTimeToLive", request, "Disable TTL on " + t.name);
    }
  } else {
    MutedText("Disabled. Name the attribute that holds each item's expiry (epoch seconds).");
    ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x * 0.5f);
    ImGui::InputTextWithHint("##ttl-attribute", "expiresAt", &s->ttl_attribute);
    ImGui::SameLine();
    ImGui::BeginDisabled(s->ttl_attribute.empty());
    if (TrackedButton("Enable TTL")) {
      json request = {{"TableName", t.name}};
      request["TimeToLiveSpecification"] = {{"Enabled", true}, {"AttributeName", s->ttl_attribute}};
      Queue(intents, "UpdateTimeToLive", request, "Enable TTL on " + t.name);
    }
    ImGui::EndDisabled();
  }
  ImGui::PopTextWrapPos();

  ImGui::Spacing();
  ImGui::Text("Playground time: %s", view.clock_text.c_str());
  if (!view.offset_text.empty()) {
    ImGui::SameLine();
    ImGui::TextColored(p.warning, "(%s ahead)", view.offset_text.c_str());
  }
  MutedText("now = %lld epoch seconds (what TTL values are compared with)",
            static_cast<long long>(view.clock_seconds));
  MutedText("Advance time");
  for (int i = 0; i < 3; ++i) {
    ImGui::SameLine();
    std::string label = kStepLabels[i];
    if (t.ttl_enabled && t.expiring[i] > 0) label += " (" + FormatCount(t.expiring[i]) + ")";
    label += std::string("###advance") + kStepLabels[i];
    bool pressed = ImGui::Button(label.c_str());
    // Tracked under a name that does not change with the count: "Advance +1 day".
    TrackItem(std::string("Advance ") + kStepLabels[i]);
    if (pressed) {
      Queue(intents, "AdvanceTime", {{"Seconds", kStepSeconds[i]}},
            std::string("Advance time ") + kStepLabels[i] + " (TTL sweep)");
    }
    if (ImGui::IsItemHovered()) {
      ImGui::SetTooltip("Moves the playground's clock and runs DynamoDB's TTL sweep%s",
                        t.ttl_enabled ? ": (n) items of this table would expire" : "");
    }
  }
  if (!view.last_advance.empty()) {
    ImGui::PushTextWrapPos(0);
    MutedText("Last: %s", view.last_advance.c_str());
    ImGui::PopTextWrapPos();
  }
}

void DrawTags(TableSettingsPanelState* s, const TableSettingsView& t, Intents* intents) {
  for (const auto& [key, value] : t.tags) {
    ImGui::PushID(key.c_str());
    ImGui::BulletText("%s = %s", key.c_str(), value.c_str());
    ImGui::SameLine();
    std::string label = "Untag##" + key;
    if (TrackedSmallButton(label.c_str())) {
      Queue(intents, "UntagResource", {{"ResourceArn", t.arn}, {"TagKeys", json::array({key})}},
            "Untag " + key + " from " + t.name);
    }
    ImGui::PopID();
  }
  if (t.tags.empty()) MutedText("No tags.");
  float w = (ImGui::GetContentRegionAvail().x - ImGui::CalcTextSize("Tag").x -
             ImGui::GetStyle().FramePadding.x * 2 - ImGui::GetStyle().ItemSpacing.x * 2) /
            2;
  ImGui::SetNextItemWidth(w);
  ImGui::InputTextWithHint("##tag-key", "Key", &s->tag_key);
  ImGui::SameLine();
  ImGui::SetNextItemWidth(w);
  ImGui::InputTextWithHint("##tag-value", "Value", &s->tag_value);
  ImGui::SameLine();
  ImGui::BeginDisabled(s->tag_key.empty());
  if (TrackedButton("Tag")) {
    json tag = {{"Key", s->tag_key}, {"Value", s->tag_value}};
    Queue(intents, "TagResource", {{"ResourceArn", t.arn}, {"Tags", json::array({tag})}},
          "Tag " + t.name + " " + s->tag_key);
    s->tag_key.clear();
    s->tag_value.clear();
  }
  ImGui::EndDisabled();
}

}  // namespace

std::string AddGsiRequest(const TableSettingsView& table, const GsiDraft& d) {
  if (d.name.empty() || d.hash.empty()) return "";
  json defs = json::array({{{"AttributeName", d.hash}, {"AttributeType", d.hash_type}}});
  json keys = json::array({{{"AttributeName", d.hash}, {"KeyType", "HASH"}}});
  if (!d.range.empty()) {
    if (d.range != d.hash) {
      defs.push_back({{"AttributeName", d.range}, {"AttributeType", d.range_type}});
    }
    keys.push_back({{"AttributeName", d.range}, {"KeyType", "RANGE"}});
  }
  json projection = {
      {"ProjectionType", kProjections[d.projection < 0 || d.projection > 2 ? 0 : d.projection]}};
  if (d.projection == 2) {
    json names = json::array();
    size_t start = 0;
    while (start <= d.non_key.size()) {
      size_t comma = d.non_key.find(',', start);
      std::string name =
          d.non_key.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
      name.erase(0, name.find_first_not_of(" \t"));
      name.erase(name.find_last_not_of(" \t") + 1);
      if (!name.empty()) names.push_back(name);
      if (comma == std::string::npos) break;
      start = comma + 1;
    }
    projection["NonKeyAttributes"] = names;
  }
  json create = {{"IndexName", d.name}, {"KeySchema", keys}, {"Projection", projection}};
  if (!table.on_demand) {
    create["ProvisionedThroughput"] = {{"ReadCapacityUnits", 5}, {"WriteCapacityUnits", 5}};
  }
  json request = {{"TableName", table.name}, {"AttributeDefinitions", defs}};
  request["GlobalSecondaryIndexUpdates"] = json::array({{{"Create", create}}});
  return request.dump();
}

void DrawTableSettingsPanel(TableSettingsPanelState* s, const SettingsView& view,
                            Intents* intents) {
  Heading("Table settings", "UpdateTable, Streams, TTL, tags");
  if (view.tables.empty()) {
    MutedText("Load a model to see its tables.");
    return;
  }
  if (s->table < 0 || s->table >= static_cast<int>(view.tables.size())) s->table = 0;
  const TableSettingsView& t = view.tables[static_cast<size_t>(s->table)];
  ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x * 0.5f);
  if (ImGui::BeginCombo("##settings-table", t.name.c_str())) {
    for (size_t i = 0; i < view.tables.size(); ++i) {
      if (ImGui::Selectable(view.tables[i].name.c_str(), s->table == static_cast<int>(i))) {
        s->table = static_cast<int>(i);
      }
    }
    ImGui::EndCombo();
  }
  ImGui::SameLine();
  MutedText("%s items, %s", FormatCount(t.item_count).c_str(),
            FormatBytes(static_cast<double>(t.size_bytes)).c_str());
  MutedText("Key: %s", t.key_schema.c_str());

  if (ImGui::CollapsingHeader("Capacity", ImGuiTreeNodeFlags_DefaultOpen)) {
    DrawCapacity(s, t, intents);
  }
  std::string indexes_header = "Indexes (" + std::to_string(t.indexes.size()) + ")###indexes";
  if (ImGui::CollapsingHeader(indexes_header.c_str(), ImGuiTreeNodeFlags_DefaultOpen)) {
    DrawIndexes(t, intents);
  }
  if (ImGui::CollapsingHeader("Add a GSI", ImGuiTreeNodeFlags_DefaultOpen)) {
    DrawAddGsi(s, view, t, intents);
  }
  if (ImGui::CollapsingHeader("Stream", ImGuiTreeNodeFlags_DefaultOpen)) {
    DrawStream(s, t, intents);
  }
  if (ImGui::CollapsingHeader("Time to Live and the clock", ImGuiTreeNodeFlags_DefaultOpen)) {
    DrawTtl(s, view, t, intents);
  }
  std::string tags_header = "Tags (" + std::to_string(t.tags.size()) + ")###tags";
  if (ImGui::CollapsingHeader(tags_header.c_str())) DrawTags(s, t, intents);
}

}  // namespace monotable::ui
