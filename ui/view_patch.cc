// Patching the table view after a write (view_model.h PatchTablesView): only the rows of the
// items the request touched are read from the engine and put in place. The result is the view
// BuildTablesView builds from the previous one (tests/ui/view_model_test.cc holds the two to the
// same text after every kind of write), without walking the index's entries or moving every row.
#include <algorithm>
#include <cstdint>
#include <string>
#include <tuple>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

#include "ui/view_model.h"
#include "ui/view_model_internal.h"

namespace monotable::ui {

using namespace view_internal;  // NOLINT: the builder's parts, shared

namespace {

// An entry as the engine holds it after the write.
struct Entry {
  std::string id;  // its base key id (KeyId)
  Item item;       // as the view shows it (projected for an index)
  size_t size = 0;
  StoredItem stored;
};

// The entries from the place of `from` (its own entry first when `include`), at most `limit`.
// False when the engine finds no such place (then `out` is empty).
bool ReadEntries(const Engine& engine, const std::string& table, const std::string& index,
                 const Item& from, bool include, size_t limit, const KeySchemaInfo& table_keys,
                 std::vector<Entry>* out) {
  out->clear();
  return engine.ForEachItemFrom(table, index, from, include, limit, nullptr,
                                [&](const Item& item, size_t size, StoredItem stored) {
                                  out->push_back({KeyId(item, table_keys), item, size,
                                                  std::move(stored)});
                                });
}

enum class Kind {
  kInPlace,  // changed, same view key: the row is replaced where it is
  kMove,     // changed, another view key: the row leaves its place for another
  kInsert,   // a new entry
  kRemove,   // the entry is gone (a ghost when the effects say it left), or fell out of the
             // rows held (a truncated collection's window)
  kOutside,  // an entry after every row held (a truncated collection's): not shown
};

// Where an element goes among the patched rows, compared as a tuple: (old row, 1, 0, 0, 0) is an
// old row that stays (unchanged, or replaced in place); (a, 0, -d, 0, 0) a new or moved entry
// before old row a (the rows' size: at the end), after the d-1 others of the write that come
// before a; (p..., 1, old row) a ghost right after the element at p..., before anything else
// placed there, as BuildTablesView's ghosts go after the nearest previous row still shown.
using Place = std::tuple<int64_t, int, int64_t, int, int64_t>;

struct Change {
  Kind kind = Kind::kInPlace;
  std::string id;
  int old_row = -1;
  Entry entry;  // the entry now (not for kRemove)
  std::vector<uint32_t> shape;
  bool ghost = false;  // kRemove shown as leaving
  Mark ghost_mark = Mark::kNone;
  std::string ghost_reason;
  Place place;
};

struct CollectionPlan {
  CollectionView* c = nullptr;
  const TableInfo* table = nullptr;
  const KeySchemaInfo* view_keys = nullptr;
  uint64_t item_count = 0, size_bytes = 0;
  std::vector<Change> changes;
  bool structural = false;
  // A collection's window (CollectionView::max_rows): the old rows that fall out of its end, and
  // the entries after its last row that come in.
  std::vector<size_t> trimmed;
  std::vector<Entry> pulled;
};

// The attribute names of a collection's view key (every attribute of a multi-attribute key).
std::vector<std::string> ViewKeyNames(const KeySchemaInfo& keys) {
  std::vector<std::string> names;
  auto add = [&](const std::string& name) {
    if (!name.empty() && std::find(names.begin(), names.end(), name) == names.end()) {
      names.push_back(name);
    }
  };
  add(keys.hash_key);
  for (const KeyAttributeInfo& a : keys.hash_attributes) add(a.name);
  add(keys.range_key);
  for (const KeyAttributeInfo& a : keys.range_attributes) add(a.name);
  return names;
}

// Columns every collection leads with, held whatever the rows (FillCollection's key columns):
// the view's key attributes, then the table's.
size_t LeadingColumns(const KeySchemaInfo& view_keys, const KeySchemaInfo& table_keys) {
  std::vector<std::string> names = ViewKeyNames(view_keys);
  for (const std::string& name : {table_keys.hash_key, table_keys.range_key}) {
    if (!name.empty() && std::find(names.begin(), names.end(), name) == names.end()) {
      names.push_back(name);
    }
  }
  return names.size();
}

// The view's collections are the engine's tables and indexes, in order, with the same keys and
// projections (a write of data changes none of them; a schema change is rebuilt).
bool SameCollections(const std::vector<TableInfo>& tables, const TablesView& view) {
  size_t n = 0;
  for (const TableInfo& t : tables) {
    if (n >= view.collections.size()) return false;
    const CollectionView& base = view.collections[n++];
    if (base.table != t.name || !base.index.empty() || base.hash_key != t.keys.hash_key ||
        base.range_key != t.keys.range_key || base.key_label != KeySchemaLabel(t.keys)) {
      return false;
    }
    for (const IndexInfo& i : t.indexes) {
      if (n >= view.collections.size()) return false;
      const CollectionView& c = view.collections[n++];
      if (c.table != t.name || c.index != i.name || c.hash_key != i.keys.hash_key ||
          c.range_key != i.keys.range_key || c.key_label != KeySchemaLabel(i.keys) ||
          c.projection != i.projection_type || c.projected != i.projected_attributes) {
        return false;
      }
    }
  }
  return n == view.collections.size();
}

constexpr size_t kSuccessorsRead = 8;

// Plans the patch of one collection; false when it cannot be patched (nothing is changed).
bool PlanCollection(const Engine& engine, const Effects& effects,
                    const std::vector<std::pair<std::string, Item>>& touched,
                    CollectionPlan* plan) {
  CollectionView& c = *plan->c;
  const TableInfo& table = *plan->table;
  const KeySchemaInfo& view_keys = *plan->view_keys;
  if (c.shape_rows.size() != c.shapes.size()) return false;
  const std::vector<std::string> key_names = ViewKeyNames(view_keys);
  std::vector<Entry> got;
  std::unordered_map<std::string, size_t> change_of;  // id -> changes[i]
  for (const auto& [id, key] : touched) {
    const int old_row = c.row_of.Find(id, c.rows);
    ReadEntries(engine, table.name, c.index, key, true, 1, table.keys, &got);
    const bool present = !got.empty() && got.front().id == id;
    if (old_row >= 0) {
      const RowView& row = c.rows[static_cast<size_t>(old_row)];
      if (!row.stored.id()) return false;  // a row built by hand: nothing to compare with
      if (present && got.front().stored.id() == row.stored.id() &&
          got.front().size == row.size_bytes) {
        continue;  // unchanged
      }
    } else if (!present) {
      continue;  // neither before nor now
    }
    Change change;
    change.id = id;
    change.old_row = old_row;
    if (present) change.entry = std::move(got.front());
    if (present && old_row >= 0) {
      // The same view key is the same place: an index orders its entries by their index key,
      // then by the item's key, which a write never changes.
      const Item old_key = c.rows[static_cast<size_t>(old_row)].stored.Decode(key_names);
      bool same = true;
      for (const std::string& name : key_names) {
        auto a = old_key.find(name);
        auto b = change.entry.item.find(name);
        const bool has_a = a != old_key.end(), has_b = b != change.entry.item.end();
        if (has_a != has_b || (has_a && !(a->second == b->second))) same = false;
      }
      change.kind = same ? Kind::kInPlace : Kind::kMove;
    } else {
      change.kind = present ? Kind::kInsert : Kind::kRemove;
    }
    change_of.emplace(id, plan->changes.size());
    plan->changes.push_back(std::move(change));
  }
  auto moving = [&](const std::string& id) {
    auto it = change_of.find(id);
    if (it == change_of.end()) return false;
    const Kind kind = plan->changes[it->second].kind;
    return kind == Kind::kMove || kind == Kind::kInsert;
  };
  const int64_t rows = static_cast<int64_t>(c.rows.size());
  // Ghosts are marked rows: counted from the marked ones (no pass over the rows).
  int64_t ghosts = 0;
  for (int r : c.marked) ghosts += IsGhost(c.rows[static_cast<size_t>(r)]) ? 1 : 0;
  int64_t live = rows - ghosts;
  plan->structural = ghosts > 0;
  // New and moved entries: before the first entry after them that stays where it was.
  for (Change& change : plan->changes) {
    if (change.kind == Kind::kInPlace) {
      change.place = Place{change.old_row, 1, 0, 0, 0};
      continue;
    }
    plan->structural = true;
    if (change.kind == Kind::kRemove) {
      --live;
      continue;
    }
    int64_t distance = 1;
    int64_t anchor = -1;
    // After every row that stays: in a truncated collection, whose rows are its first entries,
    // that is past the window (the rows pulled in below may bring it back).
    bool outside = false;
    Item from = change.entry.item;
    while (anchor < 0 && !outside) {
      if (!ReadEntries(engine, table.name, c.index, from, false, kSuccessorsRead, table.keys,
                       &got)) {
        return false;
      }
      for (const Entry& next : got) {
        if (moving(next.id)) {
          ++distance;
          continue;
        }
        anchor = c.row_of.Find(next.id, c.rows);
        if (anchor < 0 && !c.truncated) return false;  // the view did not show the engine
        outside = anchor < 0;
        break;
      }
      if (anchor < 0 && !outside && got.size() < kSuccessorsRead) {
        if (c.truncated) {
          outside = true;
        } else {
          anchor = rows;  // the end
        }
      }
      if (anchor < 0 && !outside) from = got.back().item;
      if (distance > static_cast<int64_t>(plan->changes.size()) + 1) return false;
    }
    if (outside) {
      // Not shown: a moved entry's row leaves as if removed (a ghost, as a build shows it, when
      // the effects say it left the index).
      change.kind = change.kind == Kind::kMove ? Kind::kRemove : Kind::kOutside;
      if (change.kind == Kind::kRemove) --live;
      continue;
    }
    if (change.kind == Kind::kInsert) ++live;
    change.place = Place{anchor, 0, -distance, 0, 0};
  }
  // The window: a build holds the first max_rows entries. Past it, the last rows fall out; short
  // of it in a truncated collection, the entries after the last row come in.
  const int64_t target = static_cast<int64_t>(std::min<uint64_t>(plan->item_count, c.max_rows));
  std::vector<char> trimmed_row;  // per old row: fell out
  if (live > target) {
    plan->structural = true;
    trimmed_row.assign(c.rows.size(), 0);
    // From the end of the patched order: old rows and the entries placed among them.
    std::vector<size_t> placed;
    for (size_t i = 0; i < plan->changes.size(); ++i) {
      const Kind kind = plan->changes[i].kind;
      if (kind == Kind::kInsert || kind == Kind::kMove) placed.push_back(i);
    }
    std::sort(placed.begin(), placed.end(), [&](size_t a, size_t b) {
      return plan->changes[b].place < plan->changes[a].place;
    });
    size_t k = 0;
    int64_t r = rows - 1;
    for (int64_t trim = live - target; trim > 0;) {
      if (k < placed.size() && (r < 0 || Place{r, 1, 0, 0, 0} < plan->changes[placed[k]].place)) {
        Change& change = plan->changes[placed[k++]];
        change.kind = change.kind == Kind::kMove ? Kind::kRemove : Kind::kOutside;
        --trim;
        continue;
      }
      if (r < 0) return false;
      const size_t row = static_cast<size_t>(r--);
      if (IsGhost(c.rows[row])) continue;
      auto it = change_of.find(c.rows[row].key_id);
      if (it != change_of.end()) {
        Change& change = plan->changes[it->second];
        if (change.kind != Kind::kInPlace) continue;  // its row leaves already
        change.kind = Kind::kRemove;
      } else {
        plan->trimmed.push_back(row);
        trimmed_row[row] = 1;
      }
      --trim;
    }
  } else if (live < target) {
    if (!c.truncated) return false;  // the view did not show the engine as it was
    plan->structural = true;
    // After the last row that stays (the entries placed go before rows that stay).
    int64_t last = rows - 1;
    for (; last >= 0; --last) {
      const RowView& row = c.rows[static_cast<size_t>(last)];
      if (IsGhost(row)) continue;
      auto it = change_of.find(row.key_id);
      if (it == change_of.end() || plan->changes[it->second].kind == Kind::kInPlace) break;
    }
    if (last < 0) return false;  // no row stays: rebuilt
    if (!c.rows[static_cast<size_t>(last)].stored.id()) return false;  // a row built by hand
    const Item key = c.rows[static_cast<size_t>(last)].stored.Decode(
        {table.keys.hash_key, table.keys.range_key});
    ReadEntries(engine, table.name, c.index, key, false, static_cast<size_t>(target - live),
                table.keys, &plan->pulled);
    if (static_cast<int64_t>(plan->pulled.size()) != target - live) return false;
  }
  std::unordered_set<std::string> pulled_ids;
  for (const Entry& e : plan->pulled) pulled_ids.insert(e.id);
  // Ghosts: an entry gone that the effects say left (the first such effect names it), right
  // after the nearest earlier row still shown.
  std::unordered_map<std::string, const TouchedItem*> left;  // id -> its first leaving effect
  for (const TouchedItem& t : effects.items) {
    const Mark mark = MarkFor(t.action);
    if ((mark == Mark::kDeleted || mark == Mark::kIndexRemoved) && t.table == c.table &&
        t.index == c.index) {
      left.try_emplace(KeyId(t.key, table.keys), &t);
    }
  }
  for (Change& change : plan->changes) {
    if (change.kind != Kind::kRemove) continue;
    auto gone = left.find(change.id);
    if (gone == left.end() || pulled_ids.count(change.id)) continue;  // shown: no ghost
    change.ghost = true;
    change.ghost_mark = MarkFor(gone->second->action);
    change.ghost_reason = gone->second->reason;
    Place after{-1, 0, 0, 0, 0};
    for (int64_t p = change.old_row - 1; p >= 0; --p) {
      const RowView& row = c.rows[static_cast<size_t>(p)];
      auto it = change_of.find(row.key_id);
      if (it != change_of.end()) {
        const Change& other = plan->changes[it->second];
        if (other.kind == Kind::kRemove) continue;
        after = other.place;
        break;
      }
      if (IsGhost(row)) continue;  // an earlier request's ghost, gone now
      if (!trimmed_row.empty() && trimmed_row[static_cast<size_t>(p)]) continue;  // fell out
      after = Place{p, 1, 0, 0, 0};
      break;
    }
    std::get<3>(after) = 1;
    std::get<4>(after) = change.old_row;
    change.place = after;
  }
  return true;
}

// Applies a plan (PlanCollection said yes): after it the collection shows the engine's entries,
// with the ghosts of this write and no marks (RemarkTablesView marks them).
void ApplyCollection(CollectionPlan* plan, std::vector<std::string>* prefixes) {
  CollectionView& c = *plan->c;
  std::vector<Change>& changes = plan->changes;
  std::sort(changes.begin(), changes.end(),
            [](const Change& a, const Change& b) { return a.place < b.place; });
  // Ghosts show the cells their item had, in the columns before this write.
  std::vector<RowView> ghosts(changes.size());
  for (size_t i = 0; i < changes.size(); ++i) {
    if (!changes[i].ghost) continue;
    RowView ghost = c.rows[static_cast<size_t>(changes[i].old_row)];
    ghost.cells = FormatRow(c, ghost);
    ghost.stored = StoredItem();
    ghost.shape = 0;
    ghost.mark = changes[i].ghost_mark;
    ghost.reason = changes[i].ghost_reason;
    ghost.ghost_fresh = true;
    ghosts[i] = std::move(ghost);
  }
  // Columns: new attributes after the others, by first use in view order; shapes likewise.
  std::unordered_map<std::string, size_t> column_of;
  for (size_t i = 0; i < c.columns.size(); ++i) column_of.emplace(c.columns[i], i);
  std::unordered_map<std::vector<uint32_t>, uint32_t, ShapeHash> shape_of;
  for (size_t s = 0; s < c.shapes.size(); ++s) {
    shape_of.emplace(c.shapes[s], static_cast<uint32_t>(s));
  }
  const size_t columns_before = c.columns.size();
  for (Change& change : changes) {
    if (change.old_row >= 0 && change.kind != Kind::kInsert) {
      const uint32_t shape = c.rows[static_cast<size_t>(change.old_row)].shape;
      if (shape < c.shape_rows.size() && c.shape_rows[shape] > 0) --c.shape_rows[shape];
    }
    if (change.kind == Kind::kRemove || change.kind == Kind::kOutside) continue;
    change.shape.clear();
    for (const auto& [name, value] : change.entry.item) {
      auto [it, added] = column_of.try_emplace(name, c.columns.size());
      if (added) c.columns.push_back(name);
      change.shape.push_back(static_cast<uint32_t>(it->second));
    }
  }
  for (size_t row : plan->trimmed) {
    const uint32_t shape = c.rows[row].shape;
    if (shape < c.shape_rows.size() && c.shape_rows[shape] > 0) --c.shape_rows[shape];
  }
  // The entries pulled in come after every other row: their new columns last.
  std::vector<std::vector<uint32_t>> pulled_shapes(plan->pulled.size());
  for (size_t i = 0; i < plan->pulled.size(); ++i) {
    for (const auto& [name, value] : plan->pulled[i].item) {
      auto [it, added] = column_of.try_emplace(name, c.columns.size());
      if (added) c.columns.push_back(name);
      pulled_shapes[i].push_back(static_cast<uint32_t>(it->second));
    }
  }
  for (size_t i = 0; i < changes.size(); ++i) {
    if (changes[i].ghost) ghosts[i].cells.resize(c.columns.size());
  }
  if (c.columns.size() != columns_before) c.layout = NextLayout();
  // The new rows, in view order (the entity colours' first sightings follow it, as a build's).
  std::vector<RowView> fresh(changes.size());
  for (size_t i = 0; i < changes.size(); ++i) {
    Change& change = changes[i];
    if (change.kind == Kind::kRemove || change.kind == Kind::kOutside) continue;
    RowView row = LiveRow(change.entry.item, change.entry.size, std::move(change.entry.stored),
                          *plan->view_keys, plan->table->keys, prefixes);
    auto [it, added] = shape_of.try_emplace(change.shape, static_cast<uint32_t>(c.shapes.size()));
    if (added) {
      c.shapes.push_back(change.shape);
      c.shape_rows.push_back(0);
    }
    row.shape = it->second;
    ++c.shape_rows[row.shape];
    fresh[i] = std::move(row);
  }
  c.item_count = plan->item_count;
  c.size_bytes = plan->size_bytes;
  c.truncated = c.item_count > c.max_rows;
  if (!plan->structural) {
    // Every change is in place: the rows stay where they are (marks: RemarkTablesView's).
    for (size_t i = 0; i < changes.size(); ++i) {
      RowView& old = c.rows[static_cast<size_t>(changes[i].old_row)];
      fresh[i].partition_start = old.partition_start;
      fresh[i].band = old.band;
      old = std::move(fresh[i]);
    }
    return;
  }
  // In the rows' own buffer (a new one of 100k rows cost more than the moves): marks cleared,
  // rows replaced in place, the rows that go compacted out, then the new, moved and leaving ones
  // moved in from the end, each after the rows that stay before it.
  const size_t n = c.rows.size();
  // Old rows that go: earlier ghosts, moved and removed entries, rows that fell out.
  std::vector<size_t> dropped(plan->trimmed.begin(), plan->trimmed.end());
  for (int r : c.marked) {
    RowView& row = c.rows[static_cast<size_t>(r)];
    if (IsGhost(row)) {
      dropped.push_back(static_cast<size_t>(r));
      continue;
    }
    row.mark = Mark::kNone;
    row.reason.clear();
  }
  std::vector<size_t> extras;  // changes[i] moved in, in place order
  for (size_t i = 0; i < changes.size(); ++i) {
    Change& change = changes[i];
    const size_t old_row = static_cast<size_t>(change.old_row);
    if (change.kind == Kind::kOutside) continue;
    if (change.kind == Kind::kInPlace) {
      c.rows[old_row] = std::move(fresh[i]);
      continue;
    }
    if (change.kind == Kind::kMove || change.kind == Kind::kRemove) dropped.push_back(old_row);
    if (change.kind != Kind::kRemove || change.ghost) extras.push_back(i);
  }
  std::sort(dropped.begin(), dropped.end());
  dropped.erase(std::unique(dropped.begin(), dropped.end()), dropped.end());
  size_t kept = n;
  if (!dropped.empty()) {
    size_t w = dropped.front(), d = 0;
    for (size_t r = dropped.front(); r < n; ++r) {
      if (d < dropped.size() && dropped[d] == r) {
        ++d;
        continue;
      }
      c.rows[w++] = std::move(c.rows[r]);
    }
    kept = w;
  }
  // Where each extra goes: after the rows that stay whose place is before its place.
  auto kept_before = [&](const Place& place) -> size_t {
    const int64_t a = std::get<0>(place);
    if (a < 0) return 0;
    const size_t at = std::min(static_cast<size_t>(a), n);
    const size_t gone =
        static_cast<size_t>(std::lower_bound(dropped.begin(), dropped.end(), at) - dropped.begin());
    size_t count = at - gone;
    const bool row_a_stays = at < n && !std::binary_search(dropped.begin(), dropped.end(), at);
    if (row_a_stays && Place{a, 1, 0, 0, 0} < place) ++count;
    return count;
  };
  const size_t m = kept + extras.size();
  if (c.rows.capacity() < m) c.rows.reserve(m + m / 8);  // room for the next few as well
  c.rows.resize(m);  // past `kept`: moved-from rows, each overwritten below
  size_t j = m, from = kept;
  for (size_t e = extras.size(); e-- > 0;) {
    const size_t i = extras[e];
    const size_t target = kept_before(changes[i].place) + e;
    while (j - 1 > target) c.rows[--j] = std::move(c.rows[--from]);
    c.rows[--j] = changes[i].kind == Kind::kRemove ? std::move(ghosts[i]) : std::move(fresh[i]);
  }
  for (size_t i = 0; i < plan->pulled.size(); ++i) {
    Entry& entry = plan->pulled[i];
    RowView row = LiveRow(entry.item, entry.size, std::move(entry.stored), *plan->view_keys,
                          plan->table->keys, prefixes);
    auto [it, added] =
        shape_of.try_emplace(pulled_shapes[i], static_cast<uint32_t>(c.shapes.size()));
    if (added) {
      c.shapes.push_back(pulled_shapes[i]);
      c.shape_rows.push_back(0);
    }
    row.shape = it->second;
    ++c.shape_rows[row.shape];
    c.rows.push_back(std::move(row));
  }
  Reflow(&c);
}

}  // namespace

bool PatchTablesView(const Engine& engine, const Effects& effects, TablesView* view) {
  const std::vector<TableInfo> tables = engine.Tables();
  if (!SameCollections(tables, *view)) return false;
  // The items the request touched, per table, each once (in the effects' order).
  std::unordered_map<std::string, std::vector<std::pair<std::string, Item>>> touched;
  std::unordered_set<std::string> seen;
  size_t count = 0;
  for (const TouchedItem& t : effects.items) {
    const TableInfo* table = nullptr;
    for (const TableInfo& info : tables) {
      if (info.name == t.table) table = &info;
    }
    if (!table) return false;
    std::string id = KeyId(t.key, table->keys);
    if (!seen.insert(t.table + '\x1e' + id).second) continue;
    if (++count > kMaxPatchedItems) return false;
    touched[t.table].emplace_back(std::move(id), t.key);
  }
  std::vector<CollectionPlan> plans;
  size_t n = 0;
  for (const TableInfo& table : tables) {
    auto it = touched.find(table.name);
    for (size_t i = 0; i <= table.indexes.size(); ++i, ++n) {
      if (it == touched.end()) continue;
      CollectionPlan plan;
      plan.c = &view->collections[n];
      plan.table = &table;
      plan.view_keys = i == 0 ? &table.keys : &table.indexes[i - 1].keys;
      plan.item_count = i == 0 ? table.item_count : table.indexes[i - 1].item_count;
      plan.size_bytes = i == 0 ? table.size_bytes : table.indexes[i - 1].size_bytes;
      if (!PlanCollection(engine, effects, it->second, &plan)) return false;
      plans.push_back(std::move(plan));
    }
  }
  // A column whose last holder the write took is dropped by a build, not here (rare).
  for (const CollectionPlan& plan : plans) {
    const CollectionView& c = *plan.c;
    std::vector<uint32_t> counts = c.shape_rows;
    for (const Change& change : plan.changes) {
      if (change.old_row < 0 || change.kind == Kind::kInsert) continue;
      const uint32_t shape = c.rows[static_cast<size_t>(change.old_row)].shape;
      if (shape < counts.size() && counts[shape] > 0) --counts[shape];
    }
    for (size_t row : plan.trimmed) {
      const uint32_t shape = c.rows[row].shape;
      if (shape < counts.size() && counts[shape] > 0) --counts[shape];
    }
    std::vector<char> held(c.columns.size(), 0);
    const size_t leading = LeadingColumns(*plan.view_keys, plan.table->keys);
    for (size_t j = 0; j < leading && j < held.size(); ++j) held[j] = 1;
    for (size_t s = 0; s < c.shapes.size(); ++s) {
      if (counts[s] == 0) continue;
      for (uint32_t column : c.shapes[s]) held[column] = 1;
    }
    auto holds = [&](const Item& item) {
      for (const auto& [name, value] : item) {
        auto at = std::find(c.columns.begin(), c.columns.end(), name);
        if (at != c.columns.end()) held[static_cast<size_t>(at - c.columns.begin())] = 1;
      }
    };
    for (const Change& change : plan.changes) {
      if (change.kind != Kind::kRemove && change.kind != Kind::kOutside) holds(change.entry.item);
    }
    for (const Entry& entry : plan.pulled) holds(entry.item);
    if (std::find(held.begin(), held.end(), 0) != held.end()) return false;
  }
  for (CollectionPlan& plan : plans) ApplyCollection(&plan, &view->entity_prefixes);
  RemarkTablesView(view, effects);
  return true;
}

}  // namespace monotable::ui
