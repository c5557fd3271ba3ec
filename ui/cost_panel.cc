// Cost panel (see cost_panel.h).
#include "ui/cost_panel.h"

#include <algorithm>
#include <cmath>
#include <string>

#include "imgui.h"
#include "monotable/limits.h"
#include "ui/theme.h"
#include "ui/widgets.h"

namespace monotable::ui {
namespace {

void BigNumber(const char* value, const char* unit) {
  const Fonts& fonts = CurrentFonts();
  const float avail = ImGui::GetContentRegionAvail().x;
  if (fonts.heading) ImGui::PushFont(fonts.heading);
  const float value_width = ImGui::CalcTextSize(value).x;
  ImGui::TextUnformatted(value);
  if (fonts.heading) ImGui::PopFont();
  // The unit beside the number where the column holds both, else under it: a phone's third
  // column is narrower than "$0.0625 per million", and a unit cut off says nothing.
  const float gap = 4 * UiScale();
  if (value_width + gap + ImGui::CalcTextSize(unit).x <= avail) ImGui::SameLine(0, gap);
  MutedText("%s", unit);
  RecordItem(unit);
}

// Step plot of one item's cost against its size, with this request's items as markers.
void CostPlot(const CostView& view, float height) {
  const Palette& p = CurrentPalette();
  const float scale = UiScale();
  ImVec2 origin = ImGui::GetCursorScreenPos();
  float width = ImGui::GetContentRegionAvail().x;
  ImDrawList* draw = ImGui::GetWindowDrawList();
  const bool write = view.is_write;
  const double step_kb = write ? 1 : 4;
  // Range: at least three steps, and past the largest item.
  double max_kb = write ? 4 : 16;
  for (uint32_t size : view.item_sizes)
    max_kb = std::max(max_kb, std::ceil(size / 1024.0 / step_kb + 1) * step_kb);
  double max_units = write
                         ? limits::WriteUnits(static_cast<uint32_t>(max_kb * 1024))
                         : limits::ReadUnits(static_cast<uint32_t>(max_kb * 1024), view.consistent);
  float left = ImGui::CalcTextSize("00.0").x + 4 * scale;
  float bottom = ImGui::GetTextLineHeight() + 2 * scale;
  ImVec2 a(origin.x + left, origin.y + 4 * scale);
  ImVec2 b(origin.x + width - 6 * scale, origin.y + height - bottom);
  auto x_of = [&](double kb) { return a.x + static_cast<float>(kb / max_kb) * (b.x - a.x); };
  auto y_of = [&](double units) {
    return b.y - static_cast<float>(units / max_units) * (b.y - a.y);
  };
  draw->AddRectFilled(a, b, p.size_track, 3 * scale);
  // Grid and labels at every step.
  ImU32 text = ImGui::GetColorU32(p.muted);
  int label_every = static_cast<int>(std::ceil(max_kb / step_kb / 8));
  for (int i = 0; i * step_kb <= max_kb + 1e-9; ++i) {
    float x = x_of(i * step_kb);
    draw->AddLine(ImVec2(x, a.y), ImVec2(x, b.y), p.partition_line);
    if (i % label_every == 0) {
      std::string label = std::to_string(static_cast<int>(i * step_kb)) + " KB";
      float w = ImGui::CalcTextSize(label.c_str()).x;
      draw->AddText(ImVec2(std::min(x - w / 2, b.x - w), b.y + 1 * scale), text, label.c_str());
    }
  }
  draw->AddText(ImVec2(origin.x, a.y - 2 * scale), text, FormatUnits(max_units).c_str());
  draw->AddText(ImVec2(origin.x, b.y - ImGui::GetTextLineHeight()), text, "0");
  // The step function.
  std::vector<ImVec2> points;
  double previous = 0;
  points.push_back(ImVec2(a.x, y_of(write ? 1 : limits::ReadUnits(1, view.consistent))));
  for (int i = 1; i * step_kb <= max_kb + 1e-9; ++i) {
    uint32_t at = static_cast<uint32_t>(i * step_kb * 1024);
    double units = write ? limits::WriteUnits(at) : limits::ReadUnits(at, view.consistent);
    double next = write ? limits::WriteUnits(at + 1) : limits::ReadUnits(at + 1, view.consistent);
    points.push_back(ImVec2(x_of(i * step_kb), y_of(units)));
    if (x_of(i * step_kb) < b.x - 0.5f) points.push_back(ImVec2(x_of(i * step_kb), y_of(next)));
    previous = next;
  }
  (void)previous;
  draw->AddPolyline(points.data(), static_cast<int>(points.size()), p.plot_line, 0, 2 * scale);
  // This request's items.
  for (uint32_t size : view.item_sizes) {
    double units = write ? limits::WriteUnits(size) : limits::ReadUnits(size, view.consistent);
    draw->AddCircleFilled(ImVec2(x_of(size / 1024.0), y_of(units)), 3.5f * scale, p.plot_marker);
  }
  ImGui::Dummy(ImVec2(width, height));
  if (ImGui::IsItemHovered()) {
    float mx = ImGui::GetIO().MousePos.x;
    double kb = std::clamp((mx - a.x) / (b.x - a.x), 0.0f, 1.0f) * max_kb;
    uint32_t bytes = static_cast<uint32_t>(kb * 1024);
    double units = write ? limits::WriteUnits(bytes) : limits::ReadUnits(bytes, view.consistent);
    ImGui::SetTooltip("An item of %s costs %s %s", FormatBytes(bytes).c_str(),
                      FormatUnits(units).c_str(), write ? "WRU to write" : "RRU to read");
  }
}

// The stream records the request appended: one row each, the event coloured like the table
// view's marks (INSERT written, MODIFY updated, REMOVE deleted), TTL deletions marked as the
// service's. DynamoDB Streams' own reads (GetRecords) are billed apart from the table.
void StreamRecords(const CostView& view) {
  const Palette& p = CurrentPalette();
  const Fonts& fonts = CurrentFonts();
  ImGui::Spacing();
  ImGui::Text("Stream records (%d)", static_cast<int>(view.stream_records.size()));
  ImGui::SameLine();
  HelpMarker(
      "DynamoDB Streams records this request appended, in order. A consumer (Lambda, KCL) "
      "reads them to reconcile denormalised copies; writing them costs no write units.");
  const StreamRecordView& first = view.stream_records.front();
  if (!first.stream_label.empty()) {
    ImGui::PushTextWrapPos(0);
    MutedText("stream %s, StreamViewType %s", first.stream_label.c_str(), first.view_type.c_str());
    ImGui::PopTextWrapPos();
  }
  if (!ImGui::BeginTable(
          "##stream-records", 3,
          ImGuiTableFlags_BordersInnerH | ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_RowBg)) {
    return;
  }
  ImGui::TableSetupColumn("Event", ImGuiTableColumnFlags_WidthFixed);
  ImGui::TableSetupColumn("Keys", ImGuiTableColumnFlags_WidthStretch);
  ImGui::TableSetupColumn("SequenceNumber", ImGuiTableColumnFlags_WidthFixed);
  ImGui::TableHeadersRow();
  for (size_t i = 0; i < view.stream_records.size(); ++i) {
    const StreamRecordView& r = view.stream_records[i];
    ImGui::PushID(static_cast<int>(i));
    ImGui::TableNextRow();
    ImGui::TableSetColumnIndex(0);
    Mark mark = r.event_name == "INSERT"   ? Mark::kWritten
                : r.event_name == "REMOVE" ? Mark::kDeleted
                                           : Mark::kIndexUpdated;
    Chip(r.event_name.c_str(), p.mark_text[static_cast<int>(mark)]);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", r.raw.c_str());
    ImGui::TableSetColumnIndex(1);
    if (fonts.mono) ImGui::PushFont(fonts.mono);
    ImGui::PushTextWrapPos(0);
    ImGui::TextUnformatted(r.keys.empty() ? r.raw.c_str() : r.keys.c_str());
    ImGui::PopTextWrapPos();
    if (fonts.mono) ImGui::PopFont();
    if (r.by_service) {
      ImGui::PushTextWrapPos(0);
      ImGui::TextColored(p.warning, "TTL: deleted by the service (userIdentity Service)");
      ImGui::PopTextWrapPos();
    }
    ImGui::TableSetColumnIndex(2);
    // Sequence numbers are long and zero-padded: show the significant part, full in the tooltip.
    std::string seq = r.sequence_number;
    size_t nonzero = seq.find_first_not_of('0');
    std::string shown = nonzero == std::string::npos ? seq : "#" + seq.substr(nonzero);
    MutedText("%s", shown.c_str());
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("SequenceNumber %s", seq.c_str());
    ImGui::PopID();
  }
  ImGui::EndTable();
}

}  // namespace

void DrawCostPanel(CostPanelState* state, const CostView& view, Intents* intents) {
  const Palette& palette = CurrentPalette();
  const float scale = UiScale();
  if (!view.has_cost) {
    Heading("Cost");
    ImGui::PushTextWrapPos(0);
    MutedText("Capacity and dollars of each request appear here.");
    MutedText("Prices: us-east-1 on-demand, $%.3f per million RRU, $%.3f per million WRU.",
              view.read_unit_price_per_million, view.write_unit_price_per_million);
    ImGui::PopTextWrapPos();
    return;
  }
  Heading("Cost", view.operation.c_str());
  // Headline numbers.
  if (ImGui::BeginTable("##headline", 3, ImGuiTableFlags_SizingStretchSame)) {
    ImGui::TableNextRow();
    ImGui::TableSetColumnIndex(0);
    BigNumber(FormatUnits(view.read_units).c_str(), "RRU");
    ImGui::TableSetColumnIndex(1);
    BigNumber(FormatUnits(view.write_units).c_str(), "WRU");
    ImGui::TableSetColumnIndex(2);
    BigNumber(FormatDollars(view.dollars_per_million).c_str(), "per million");
    ImGui::EndTable();
  }
  ImGui::PushTextWrapPos(0);
  MutedText("This request: %s on-demand (us-east-1 prices as of %s)",
            FormatDollars(view.dollars).c_str(), view.prices_as_of.c_str());
  ImGui::PopTextWrapPos();

  // Capacity per table and index, with the arithmetic.
  if (!view.lines.empty() &&
      ImGui::BeginTable(
          "##capacity", 3,
          ImGuiTableFlags_BordersInnerH | ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_RowBg)) {
    ImGui::TableSetupColumn("Capacity on", ImGuiTableColumnFlags_WidthFixed);
    ImGui::TableSetupColumn("Units", ImGuiTableColumnFlags_WidthFixed);
    ImGui::TableSetupColumn("How", ImGuiTableColumnFlags_WidthStretch);
    ImGui::TableHeadersRow();
    for (const CapacityLineView& line : view.lines) {
      ImGui::TableNextRow();
      ImGui::TableSetColumnIndex(0);
      ImGui::TextUnformatted(line.target.c_str());
      ImGui::TableSetColumnIndex(1);
      if (line.read_units > 0) ImGui::Text("%s RRU", FormatUnits(line.read_units).c_str());
      if (line.write_units > 0) ImGui::Text("%s WRU", FormatUnits(line.write_units).c_str());
      if (line.read_units == 0 && line.write_units == 0) MutedText("0");
      ImGui::TableSetColumnIndex(2);
      ImGui::PushTextWrapPos(0);
      MutedText("%s", line.arithmetic.c_str());
      ImGui::PopTextWrapPos();
    }
    ImGui::EndTable();
  }

  // Read modes.
  if (view.read_modes.applicable) {
    ImGui::Spacing();
    MutedText("The same read as");
    if (ImGui::BeginTable("##modes", 3,
                          ImGuiTableFlags_SizingStretchSame | ImGuiTableFlags_BordersOuter)) {
      ImGui::TableSetupColumn("eventual");
      ImGui::TableSetupColumn("strong");
      ImGui::TableSetupColumn("transactional");
      ImGui::TableHeadersRow();
      ImGui::TableNextRow();
      const double modes[3] = {view.read_modes.eventual, view.read_modes.strong,
                               view.read_modes.transactional};
      for (int i = 0; i < 3; ++i) {
        ImGui::TableSetColumnIndex(i);
        bool current = (i == 0 && !view.consistent) || (i == 1 && view.consistent);
        std::string text = FormatUnits(modes[i]) + " RRU";
        if (current) {
          ImGui::TextColored(palette.accent, "%s", text.c_str());
        } else {
          ImGui::TextUnformatted(text.c_str());
        }
        MutedText("%s/M", FormatDollars(modes[i] * view.read_unit_price_per_million).c_str());
      }
      ImGui::EndTable();
    }
  }

  for (const std::string& lint : view.lints) {
    ImGui::PushTextWrapPos(0);
    ImGui::TextColored(palette.warning, "! %s", lint.c_str());
    ImGui::PopTextWrapPos();
  }

  if (!view.stream_records.empty()) StreamRecords(view);

  // A request that read and wrote no item (UpdateTable, a TTL sweep that found nothing, ...) has
  // nothing to mark on the size plot: it is left out.
  if (!view.item_sizes.empty() || view.read_units != 0 || view.write_units != 0) {
    ImGui::Spacing();
    MutedText(view.is_write
                  ? "Write cost of one item by size (per 1 KB)"
                  : (view.consistent ? "Read cost of one item by size (strong, per 4 KB)"
                                     : "Read cost of one item by size (eventual, per 4 KB)"));
    float plot_height = std::max(90 * scale, ImGui::GetContentRegionAvail().y -
                                                 ImGui::GetTextLineHeightWithSpacing() * 1.5f);
    plot_height = std::min(plot_height, 180 * scale);
    CostPlot(view, plot_height);
  }

  ImGui::Separator();
  ImGui::PushTextWrapPos(0);
  ImGui::Text("Session: %d request%s, %s RRU, %s WRU, %s", view.session_requests,
              view.session_requests == 1 ? "" : "s", FormatUnits(view.session_read_units).c_str(),
              FormatUnits(view.session_write_units).c_str(),
              FormatDollars(view.session_dollars).c_str());
  ImGui::PopTextWrapPos();
  (void)state;
  (void)intents;
}

}  // namespace monotable::ui
