// Fan-out view: Effects::fanout (what each item write did to its table and to every index of it)
// as the boxes the fan-out panel draws (ui/fanout_panel.h). Figures are the engine's, formatted
// here once per request; the panel only draws them.
#include <string>

#include "ui/view_model.h"
#include "ui/widgets.h"

namespace monotable::ui {
namespace {

std::string KeyText(const Item& key) {
  std::string out;
  for (const auto& [name, value] : key) {
    if (!out.empty()) out += ", ";
    out += name + " = " + ValueText(value);
  }
  return out;
}

std::string Units(double units) { return FormatUnits(units) + " WRU"; }

std::string Bytes(size_t bytes) { return FormatCount(bytes) + " bytes"; }

const char* BaseAction(ItemAction action) {
  switch (action) {
    case ItemAction::kInserted:
      return "new item";
    case ItemAction::kReplaced:
      return "item replaced";
    case ItemAction::kUpdated:
      return "item updated";
    case ItemAction::kDeleted:
      return "item deleted";
    case ItemAction::kMissing:
      return "no item: nothing written";
    case ItemAction::kConditionFailed:
      return "condition failed: nothing written";
    case ItemAction::kRead:
      return "condition checked";
    default:
      return ItemActionName(action);
  }
}

// What the write was, for a group's label: "Put", "Update", "Delete", "ConditionCheck".
const char* Verb(ItemAction action) {
  switch (action) {
    case ItemAction::kInserted:
    case ItemAction::kReplaced:
      return "Put";
    case ItemAction::kUpdated:
      return "Update";
    case ItemAction::kDeleted:
      return "Delete";
    case ItemAction::kRead:
      return "ConditionCheck";
    default:
      return "Write";
  }
}

FanoutBoxView BaseBox(const WriteFanout& write) {
  FanoutBoxView box;
  box.title = write.table;
  box.action = BaseAction(write.action);
  box.key = KeyText(write.key);
  box.size = Bytes(write.size_bytes);
  box.write_units = write.write_units;
  box.units = Units(write.write_units);
  box.arithmetic = write.arithmetic;
  box.written = write.write_units > 0;
  box.mark = MarkFor(write.action);
  return box;
}

// `new_item`: the write created the item (its entries' "new item: entry added" says nothing the
// box does not).
FanoutBoxView IndexBox(const IndexHop& hop, bool new_item) {
  FanoutBoxView box;
  box.title = hop.index + (hop.local_index ? " (LSI)" : "");
  box.write_units = hop.write_units;
  box.units = Units(hop.write_units);
  box.arithmetic = hop.arithmetic;
  // The engine's why, where it says more than the box's action: a sparse index entered or left,
  // which key attributes moved, why nothing was written.
  const bool says_more =
      !(hop.kind == IndexHopKind::kAdded && new_item) && hop.kind != IndexHopKind::kRewritten;
  if (says_more) box.reason = hop.reason;
  box.written = hop.write_units > 0;
  switch (hop.kind) {
    case IndexHopKind::kNotInIndex:
      box.action = "untouched";
      break;
    case IndexHopKind::kAdded:
      box.action = "entry added";
      box.key = KeyText(hop.new_key);
      box.size = Bytes(hop.new_size);
      box.mark = Mark::kIndexAdded;
      break;
    case IndexHopKind::kRemoved:
      box.action = "entry removed";
      box.key = KeyText(hop.old_key);
      box.size = Bytes(hop.old_size);
      box.mark = Mark::kIndexRemoved;
      break;
    case IndexHopKind::kMoved:
      box.action = "key moved: delete + put";
      box.key = KeyText(hop.new_key);
      box.old_key = "was " + KeyText(hop.old_key);
      box.size = Bytes(hop.old_size) + " -> " + Bytes(hop.new_size);
      box.units += " (2 writes)";
      box.mark = Mark::kIndexUpdated;
      break;
    case IndexHopKind::kRewritten:
      box.action = "entry rewritten";
      box.key = KeyText(hop.new_key);
      box.size = hop.old_size == hop.new_size ? Bytes(hop.new_size)
                                              : Bytes(hop.old_size) + " -> " + Bytes(hop.new_size);
      box.mark = Mark::kIndexUpdated;
      break;
    case IndexHopKind::kUnchanged:
      box.action = "untouched";
      box.key = KeyText(hop.new_key);
      box.size = Bytes(hop.new_size);
      break;
    case IndexHopKind::kNotWritten:
      box.action = "untouched";
      break;
  }
  return box;
}

}  // namespace

FanoutView BuildFanoutView(const Effects& effects) {
  FanoutView view;
  if (effects.fanout.empty()) return view;
  view.has_fanout = true;
  view.total_write_units = effects.write_units;
  const size_t n = effects.fanout.size();
  for (size_t i = 0; i < n; ++i) {
    const WriteFanout& write = effects.fanout[i];
    FanoutGroupView& group = view.groups.emplace_back();
    if (n > 1) {
      group.label = std::string(Verb(write.action)) + " " + std::to_string(i + 1) + " of " +
                    std::to_string(n) + ": " + write.table;
    }
    group.base = BaseBox(write);
    const bool new_item = write.action == ItemAction::kInserted;
    for (const IndexHop& hop : write.indexes) group.indexes.push_back(IndexBox(hop, new_item));
  }
  // The total per target: the engine's capacity lines, in their order.
  std::string parts;
  for (const CapacityLine& line : effects.capacity) {
    if (line.write_units <= 0) continue;
    if (!parts.empty()) parts += " + ";
    parts += (line.index.empty() ? line.table : line.index) + " " + FormatUnits(line.write_units);
  }
  view.summary = Units(effects.write_units) + (parts.empty() ? "" : ": " + parts);
  return view;
}

}  // namespace monotable::ui
