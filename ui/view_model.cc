// View model (see view_model.h).
#include "ui/view_model.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstring>
#include <memory>
#include <unordered_map>
#include <unordered_set>

#include "ui/response_json.h"
#include "ui/view_model_internal.h"

namespace monotable::ui {

using namespace view_internal;  // NOLINT: this file defines them

namespace {

using json = nlohmann::json;

void AppendValueText(const Value& v, std::string* out) {
  if (out->size() > kMaxCellBytes) return;
  switch (v.type()) {
    case Type::kS:
      *out += v.s();
      break;
    case Type::kN:
      *out += v.n().ToString();
      break;
    case Type::kB:
      *out += Base64Encode(v.s());
      break;
    case Type::kBool:
      *out += v.boolean() ? "true" : "false";
      break;
    case Type::kNull:
      *out += "null";
      break;
    case Type::kL: {
      *out += '[';
      bool first = true;
      for (const Value& e : v.l()) {
        if (!first) *out += ", ";
        first = false;
        AppendValueText(e, out);
        if (out->size() > kMaxCellBytes) break;
      }
      *out += ']';
      break;
    }
    case Type::kM: {
      *out += '{';
      bool first = true;
      for (const auto& [name, e] : v.m()) {
        if (!first) *out += ", ";
        first = false;
        *out += name + ": ";
        AppendValueText(e, out);
        if (out->size() > kMaxCellBytes) break;
      }
      *out += '}';
      break;
    }
    case Type::kSS:
    case Type::kBS: {
      *out += '<';
      bool first = true;
      for (const std::string& e : v.strings()) {
        if (!first) *out += ", ";
        first = false;
        *out += v.type() == Type::kBS ? Base64Encode(e) : e;
      }
      *out += '>';
      break;
    }
    case Type::kNS: {
      *out += '<';
      bool first = true;
      for (const Number& e : v.numbers()) {
        if (!first) *out += ", ";
        first = false;
        *out += e.ToString();
      }
      *out += '>';
      break;
    }
  }
}

std::string Cut(std::string text) {
  if (text.size() > kMaxCellBytes) {
    size_t cut = kMaxCellBytes;
    while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80) --cut;  // UTF-8
    text.resize(cut);
    text += "...";
  }
  return text;
}

}  // namespace

namespace view_internal {

std::string KeyPart(const Value& v) {
  switch (v.type()) {
    case Type::kN:
      return "N:" + v.n().ToString();
    case Type::kB:
      return "B:" + v.s();
    case Type::kS:
      return "S:" + v.s();
    default:
      return "?";
  }
}

}  // namespace view_internal

namespace {

// Mark precedence when a request touches a row more than once: writes over reads.
int Priority(Mark m) {
  switch (m) {
    case Mark::kNone:
      return 0;
    case Mark::kRead:
      return 1;
    case Mark::kFilteredOut:
      return 2;
    case Mark::kReturned:
      return 3;
    case Mark::kIndexUpdated:
      return 4;
    case Mark::kIndexAdded:
      return 5;
    case Mark::kIndexRemoved:
      return 6;
    case Mark::kConditionFailed:
      return 7;
    case Mark::kWritten:
      return 8;
    case Mark::kDeleted:
      return 9;
  }
  return 0;
}

}  // namespace

namespace view_internal {

void Reflow(CollectionView* c) {
  bool band = true;
  c->partition_count = 0;
  c->marked_rows = 0;
  c->marks_present = 0;
  c->first_marked_row = -1;
  c->marked.clear();
  for (size_t i = 0; i < c->rows.size(); ++i) {
    RowView& row = c->rows[i];
    row.partition_start = i == 0 || row.partition != c->rows[i - 1].partition;
    if (row.partition_start) {
      band = !band;
      ++c->partition_count;
    }
    row.band = band;
    if (row.mark != Mark::kNone) {
      c->marked.push_back(static_cast<int>(i));
      ++c->marked_rows;
      c->marks_present |= 1u << static_cast<int>(row.mark);
      if (c->first_marked_row < 0) c->first_marked_row = static_cast<int>(i);
    }
  }
  c->row_of.Build(c->rows, [](const RowView& row) {
    return row.mark != Mark::kDeleted && row.mark != Mark::kIndexRemoved;
  });
}

CollectionView* FindCollection(TablesView* view, const std::string& table,
                               const std::string& index) {
  for (CollectionView& c : view->collections) {
    if (c.table == table && c.index == index) return &c;
  }
  return nullptr;
}

}  // namespace view_internal

std::string ValueText(const Value& value) {
  std::string out;
  AppendValueText(value, &out);
  return Cut(std::move(out));
}

json ValueToWire(const Value& v) { return json::parse(ToWireJson(v)); }

std::string WireValueText(const json& value) {
  if (value.is_object() && value.size() == 1) {
    auto it = value.begin();
    const std::string& type = it.key();
    const json& inner = it.value();
    if ((type == "S" || type == "N" || type == "B") && inner.is_string()) {
      return Cut(inner.get<std::string>());
    }
    if (type == "BOOL" && inner.is_boolean()) return inner.get<bool>() ? "true" : "false";
    if (type == "NULL") return "null";
    if (type == "L" && inner.is_array()) {
      std::string out = "[";
      for (size_t i = 0; i < inner.size() && out.size() < kMaxCellBytes; ++i) {
        if (i) out += ", ";
        out += WireValueText(inner[i]);
      }
      return Cut(out + "]");
    }
    if (type == "M" && inner.is_object()) {
      std::string out = "{";
      bool first = true;
      for (auto e = inner.begin(); e != inner.end() && out.size() < kMaxCellBytes; ++e) {
        if (!first) out += ", ";
        first = false;
        out += e.key() + ": " + WireValueText(e.value());
      }
      return Cut(out + "}");
    }
    if ((type == "SS" || type == "NS" || type == "BS") && inner.is_array()) {
      std::string out = "<";
      for (size_t i = 0; i < inner.size(); ++i) {
        if (i) out += ", ";
        if (inner[i].is_string()) out += inner[i].get<std::string>();
      }
      return Cut(out + ">");
    }
  }
  return Cut(value.dump());
}

std::string KeySchemaLabel(const KeySchemaInfo& keys) {
  auto group = [](const std::vector<KeyAttributeInfo>& attrs, const std::string& single) {
    if (attrs.size() <= 1) return single;
    std::string text = "(";
    for (size_t i = 0; i < attrs.size(); ++i) text += (i ? ", " : "") + attrs[i].name;
    return text + ")";
  };
  std::string label = group(keys.hash_attributes, keys.hash_key);
  const std::string range = group(keys.range_attributes, keys.range_key);
  if (!range.empty()) label += " + " + range;
  return label;
}

std::string KeyId(const Item& item, const KeySchemaInfo& keys) {
  std::string id;
  auto h = item.find(keys.hash_key);
  if (h != item.end()) id = KeyPart(h->second);
  if (!keys.range_key.empty()) {
    auto r = item.find(keys.range_key);
    id += '\x1f';
    if (r != item.end()) id += KeyPart(r->second);
  }
  return id;
}

bool IsWriteOperation(std::string_view op) {
  return op == "PutItem" || op == "UpdateItem" || op == "DeleteItem" || op == "BatchWriteItem" ||
         op == "TransactWriteItems" || op == "CreateTable" || op == "DeleteTable" ||
         op == "UpdateTable";
}

bool view_internal::IsGhost(const RowView& row) {
  return row.mark == Mark::kDeleted || row.mark == Mark::kIndexRemoved;
}

RowView view_internal::LiveRow(const Item& item, size_t size, StoredItem stored,
                               const KeySchemaInfo& view_keys, const KeySchemaInfo& table_keys,
                               std::vector<std::string>* prefixes) {
  RowView row;
  auto h = item.find(view_keys.hash_key);
  if (h != item.end()) row.partition = KeyPart(h->second);
  // A multi-attribute partition key: the partition is all its values together.
  for (size_t i = 1; i < view_keys.hash_attributes.size(); ++i) {
    auto more = item.find(view_keys.hash_attributes[i].name);
    if (more != item.end()) row.partition += '\x1f' + KeyPart(more->second);
  }
  row.key_id = KeyId(item, table_keys);
  row.key_hash = RowIndex::Hash(row.key_id);
  row.size_bytes = static_cast<uint32_t>(size);
  const std::string& entity =
      table_keys.range_key.empty() ? table_keys.hash_key : table_keys.range_key;
  auto e = item.find(entity);
  row.entity = EntityOf(e != item.end() ? ValueText(e->second) : std::string(), prefixes);
  row.stored = std::move(stored);
  return row;
}

std::vector<uint32_t> view_internal::CountShapes(const CollectionView& c) {
  std::vector<uint32_t> counts(c.shapes.size(), 0);
  for (const RowView& row : c.rows) {
    if (!IsGhost(row) && row.stored.id() && row.shape < counts.size()) ++counts[row.shape];
  }
  return counts;
}

namespace {

// Builds one collection's rows from the engine, in one pass over at most kMaxRows items: a view
// of a million-item table decodes the rows it holds, not the whole table, and formats none of
// them (a row keeps its stored item; FormatRow formats the rows drawn). The counts and bytes are
// the engine's own (Tables()).
//
// With `previous` (the same collection before a write, same keys and projection), a row whose
// item the write left unchanged (the same stored item, in the same order) is moved over instead
// of rebuilt, so a write to one item of a large table costs a pass over the index's entries plus
// the rows it changed.
// Columns then keep their previous order (new attributes after them), and a previous column no
// row holds any more is dropped. `moved_to` gets, for each previous row, the new row it was moved
// to, or -1 (the ghosts' neighbour search: a moved row's key id leaves the previous view).
//
// Columns come from the items' attribute names only: each row names its shape (the columns of
// its item's attributes, one entry per kind of item), so a moved row adds its shape and a column
// is held exactly when some row's shape has it.
class CollectionFill {
 public:
  CollectionFill(const TableInfo& table, const KeySchemaInfo& view_keys, std::string index,
                 std::vector<std::string>* prefixes, CollectionView* previous, CollectionView* c,
                 std::vector<int>* moved_to)
      : table_(table),
        view_keys_(view_keys),
        index_(std::move(index)),
        prefixes_(prefixes),
        previous_(previous),
        c_(c),
        moved_to_(moved_to) {
    // Columns: view keys, base keys, then others by first use.
    Add(view_keys.hash_key);
    for (const KeyAttributeInfo& a : view_keys.hash_attributes) Add(a.name);
    Add(view_keys.range_key);
    for (const KeyAttributeInfo& a : view_keys.range_attributes) Add(a.name);
    c->hash_columns = static_cast<int>(std::max<size_t>(1, view_keys.hash_attributes.size()));
    c->key_columns = static_cast<int>(columns_.size());
    Add(table.keys.hash_key);
    Add(table.keys.range_key);
    key_columns_ = columns_.size();
    // Reuse needs the previous columns to begin with the same keys (then its shapes line up).
    if (previous_ && (previous_->columns.size() < key_columns_ ||
                      !std::equal(columns_.begin(), columns_.end(), previous_->columns.begin()))) {
      previous_ = nullptr;
    }
    inherited_ = previous_ ? previous_->columns.size() : 0;
    if (previous_) {
      for (const std::string& name : previous_->columns) Add(name);
    }
    // Shapes: a previous shape's columns are the same here (the previous columns come first, in
    // their order), so a moved row's shape is copied over once and shared.
    shape_from_previous_.assign(previous_ ? previous_->shapes.size() : 0, -1);
    c->item_count = table.item_count;
    c->size_bytes = table.size_bytes;
    for (const IndexInfo& i : table.indexes) {
      if (i.name == index_) {
        c->item_count = i.item_count;
        c->size_bytes = i.size_bytes;
      }
    }
    c->truncated = c->item_count > c->max_rows;
    c->rows.clear();
    c->rows.reserve(std::min<size_t>(c->item_count, c->max_rows));
    moved_to_->assign(previous_ ? previous_->rows.size() : 0, -1);
  }

  // Walks at most `limit` more entries (up to max_rows in all), from where the last walk stopped.
  // Returns true when the collection's walk is done. REQUIRES: the engine did not change since
  // the first walk.
  bool Walk(const Engine& engine, size_t limit) {
    if (done_) return true;
    const size_t room = c_->max_rows - visited_;
    limit = std::min(limit, room);
    const bool resumable = limit < room;  // a slice: where it stopped is kept
    size_t walked = 0;
    auto known = [&](const void* id, size_t size) {  // asked of every entry walked
      ++walked;
      return Known(id, size);
    };
    auto visit = [&](const Item& item, size_t size, StoredItem stored) {
      Visit(item, size, std::move(stored));
      if (!resumable) return;
      // The base key is in every entry (indexes project it): ForEachItemFrom finds the place.
      last_key_.clear();
      for (const std::string& name : {table_.keys.hash_key, table_.keys.range_key}) {
        auto it = item.find(name);
        if (it != item.end()) last_key_.emplace(name, it->second);
      }
    };
    if (!started_) {
      engine.ForEachItem(table_.name, index_, limit, known, visit);
      started_ = true;
    } else {
      // Resumed from the last item visited: a walk in slices keeps no previous view (the moved
      // rows' known() does not say where the walk was).
      engine.ForEachItemFrom(table_.name, index_, last_key_, false, limit, known, visit);
    }
    visited_ += walked;
    done_ = walked < limit || visited_ >= c_->max_rows;
    return done_;
  }

  // The columns and shapes, once the walk is done.
  void Finish() {
    // Previous columns no row holds any more go: a column is held when some row's shape has it.
    if (inherited_ > key_columns_) {
      std::vector<bool> used(shapes_.size(), false);
      for (const RowView& row : c_->rows) {
        if (row.shape < used.size()) used[row.shape] = true;
      }
      std::vector<bool> held(columns_.size(), false);
      for (size_t i = 0; i < key_columns_; ++i) held[i] = true;
      for (size_t i = inherited_; i < columns_.size(); ++i) held[i] = true;
      for (size_t s = 0; s < shapes_.size(); ++s) {
        if (!used[s]) continue;
        for (uint32_t column : shapes_[s]) held[column] = true;
      }
      if (std::find(held.begin(), held.end(), false) != held.end()) {
        std::vector<std::string> kept_columns;
        std::vector<uint32_t> new_index(columns_.size(), 0);
        for (size_t i = 0; i < columns_.size(); ++i) {
          if (!held[i]) continue;
          new_index[i] = static_cast<uint32_t>(kept_columns.size());
          kept_columns.push_back(columns_[i]);
        }
        for (std::vector<uint32_t>& s : shapes_) {
          for (uint32_t& column : s) column = new_index[column];  // in a used shape: held
        }
        columns_ = std::move(kept_columns);
      }
    }
    c_->columns = std::move(columns_);
    c_->shapes = std::move(shapes_);
    c_->shape_rows = CountShapes(*c_);
  }

 private:
  std::unordered_map<std::string, size_t>::iterator Add(const std::string& name) {
    if (name.empty()) return column_of_.end();
    auto [it, added] = column_of_.try_emplace(name, columns_.size());
    if (added) columns_.push_back(name);
    return it;
  }
  uint32_t Intern(const std::vector<uint32_t>& shape) {
    auto [it, added] = shape_of_.try_emplace(shape, static_cast<uint32_t>(shapes_.size()));
    if (added) shapes_.push_back(shape);
    return it->second;
  }
  // The previous rows are in the same order: an unchanged item is the next previous row, or a
  // few rows on past rows of items the request changed or deleted (those stay, for the ghosts).
  bool Known(const void* id, size_t size) {
    if (!previous_) return false;
    constexpr size_t kLookahead = 64;
    std::vector<RowView>& old_rows = previous_->rows;
    for (size_t look = next_, seen = 0; look < old_rows.size() && seen < kLookahead; ++look) {
      RowView& old = old_rows[look];
      if (IsGhost(old)) continue;
      ++seen;
      if (old.stored.id() != id || old.size_bytes != size) continue;
      RowView row = std::move(old);
      old.key_id.clear();  // the previous view's RowIndex no longer finds it; moved_to does
      (*moved_to_)[look] = static_cast<int>(c_->rows.size());
      row.mark = Mark::kNone;
      row.reason.clear();
      row.ghost_fresh = false;
      if (row.shape < shape_from_previous_.size()) {
        int64_t& mapped = shape_from_previous_[row.shape];
        if (mapped < 0) mapped = Intern(previous_->shapes[row.shape]);
        row.shape = static_cast<uint32_t>(mapped);
      }
      c_->rows.push_back(std::move(row));
      next_ = look + 1;
      return true;
    }
    return false;
  }
  // A new row: its shape from its attribute names (new columns by first use), the rest from
  // LiveRow. (The entity colour comes from the base item's sort key, or partition key, so an
  // item has the same colour in the table and in every index.)
  void Visit(const Item& item, size_t size, StoredItem stored) {
    shape_.clear();
    for (const auto& [name, value] : item) shape_.push_back(static_cast<uint32_t>(Add(name)->second));
    RowView row = LiveRow(item, size, std::move(stored), view_keys_, table_.keys, prefixes_);
    row.shape = Intern(shape_);
    c_->rows.push_back(std::move(row));
  }

  const TableInfo& table_;
  const KeySchemaInfo& view_keys_;
  const std::string index_;
  std::vector<std::string>* prefixes_;
  CollectionView* previous_;
  CollectionView* c_;
  std::vector<int>* moved_to_;
  std::vector<std::string> columns_;
  std::unordered_map<std::string, size_t> column_of_;
  size_t key_columns_ = 0;
  size_t inherited_ = 0;
  std::vector<std::vector<uint32_t>> shapes_;
  std::unordered_map<std::vector<uint32_t>, uint32_t, ShapeHash> shape_of_;
  std::vector<int64_t> shape_from_previous_;
  std::vector<uint32_t> shape_;  // one row's columns, reused
  size_t next_ = 0;              // the previous row the next unchanged item is looked for from
  size_t visited_ = 0;
  bool started_ = false, done_ = false;
  Item last_key_;
};

// A collection's names and keys, with no rows: the table (index null) or one of its indexes.
CollectionView CollectionHeader(const TableInfo& table, const IndexInfo* index) {
  CollectionView c;
  c.table = table.name;
  const KeySchemaInfo& keys = index ? index->keys : table.keys;
  if (index) {
    c.index = index->name;
    c.global = index->global;
    c.projection = index->projection_type;
    c.projected = index->projected_attributes;
  }
  c.hash_key = keys.hash_key;
  c.range_key = keys.range_key;
  c.key_label = KeySchemaLabel(keys);
  return c;
}

void FillCollection(const Engine& engine, const TableInfo& table, const KeySchemaInfo& view_keys,
                    const std::string& index, std::vector<std::string>* prefixes,
                    CollectionView* previous, CollectionView* c, std::vector<int>* moved_to) {
  CollectionFill fill(table, view_keys, index, prefixes, previous, c, moved_to);
  fill.Walk(engine, c->max_rows);
  fill.Finish();
}

// `cells` laid out for `from` columns, laid out for `to` columns (cells of columns `to` lacks go).
std::vector<std::string> Relayout(std::vector<std::string> cells,
                                  const std::vector<std::string>& from,
                                  const std::vector<std::string>& to) {
  if (from == to) return cells;
  std::vector<std::string> out(to.size());
  for (size_t i = 0; i < from.size() && i < cells.size(); ++i) {
    auto it = std::find(to.begin(), to.end(), from[i]);
    if (it != to.end()) out[static_cast<size_t>(it - to.begin())] = std::move(cells[i]);
  }
  return out;
}

// Ghosts: rows of deleted items and removed index entries, taken from the previous view and put
// back where they were (after the previous row that is still shown), marked as leaving. All of a
// collection's ghosts go in in one pass, in their previous order, and the collection is
// reflowed once (a BatchWriteItem of 25 deletes at a million items reflowed 25 times).
void AddGhosts(const Effects& effects, TablesView* previous,
               const std::vector<CollectionView*>& old_of,
               const std::vector<std::vector<int>>& moved_to, TablesView* view) {
  struct Ghost {
    size_t insert_at;  // before this row of the new collection (its size: at the end)
    int old_row;
    RowView row;
  };
  std::vector<std::vector<Ghost>> ghosts(view->collections.size());
  for (const TouchedItem& t : effects.items) {
    Mark mark = MarkFor(t.action);
    if (mark != Mark::kDeleted && mark != Mark::kIndexRemoved) continue;
    CollectionView* c = FindCollection(view, t.table, t.index);
    const CollectionView* old = FindCollection(previous, t.table, t.index);
    // The base table's key schema names the touched key's attributes.
    const CollectionView* base = FindCollection(view, t.table, "");
    if (!c || !old || !base) continue;
    const size_t n = static_cast<size_t>(c - view->collections.data());
    KeySchemaInfo keys;
    keys.hash_key = base->hash_key;
    keys.range_key = base->range_key;
    std::string id = KeyId(t.key, keys);
    const int at = old->row_of.Find(id, old->rows);
    if (at < 0 || c->row_of.Find(id, c->rows) >= 0) continue;
    bool seen = false;
    for (const Ghost& g : ghosts[n]) seen = seen || g.old_row == at;
    if (seen) continue;  // the same entry named twice
    // After the nearest previous row still shown: moved over, or rebuilt (then found by key).
    const std::vector<int>* moved = old_of[n] == old ? &moved_to[n] : nullptr;
    size_t insert_at = 0;
    for (int p = at - 1; p >= 0; --p) {
      const size_t up = static_cast<size_t>(p);
      int found = moved && up < moved->size() ? (*moved)[up] : -1;
      if (found < 0 && !old->rows[up].key_id.empty()) {
        found = c->row_of.Find(old->rows[up].key_id, c->rows);
      }
      if (found >= 0) {
        insert_at = static_cast<size_t>(found) + 1;
        break;
      }
    }
    RowView ghost = old->rows[static_cast<size_t>(at)];
    // A ghost shows its cells as the previous view had them, laid out for the new columns; it is
    // never moved to a later view, so it keeps no stored item.
    ghost.cells = RowCells(Relayout(FormatRow(*old, ghost).ToVector(), old->columns, c->columns));
    ghost.stored = StoredItem();
    ghost.shape = 0;
    ghost.mark = mark;
    ghost.reason = t.reason;
    ghost.ghost_fresh = true;
    ghosts[n].push_back({insert_at, at, std::move(ghost)});
  }
  for (size_t n = 0; n < ghosts.size(); ++n) {
    std::vector<Ghost>& add = ghosts[n];
    if (add.empty()) continue;
    std::sort(add.begin(), add.end(), [](const Ghost& a, const Ghost& b) {
      return a.insert_at != b.insert_at ? a.insert_at < b.insert_at : a.old_row < b.old_row;
    });
    CollectionView& c = view->collections[n];
    std::vector<RowView> rows;
    rows.reserve(c.rows.size() + add.size());
    size_t g = 0;
    for (size_t i = 0; i <= c.rows.size(); ++i) {
      while (g < add.size() && add[g].insert_at == i) rows.push_back(std::move(add[g++].row));
      if (i < c.rows.size()) rows.push_back(std::move(c.rows[i]));
    }
    c.rows = std::move(rows);
    Reflow(&c);
  }
}

}  // namespace

namespace {

std::atomic<uint64_t> g_formatted_rows{0};
std::atomic<uint64_t> g_layouts{0};

}  // namespace

uint64_t view_internal::NextLayout() { return ++g_layouts; }

namespace {

// TablesView::cell_source: the cells of the rows drawn lately, by stored item, for one layout at
// a time (a new layout, or another collection, starts afresh). Two generations of at most half
// of kRowCacheRows each: a row found in the older one moves to the newer; when the newer is full
// the older goes. Each entry holds its stored item, so the id it is found by stays that item's.
class RowCellCache final : public RowCellSource {
 public:
  const RowCells& Cells(const CollectionView& c, const RowView& row) override {
    if (!row.cells.empty() || !row.stored.id() || c.layout == 0) {
      scratch_ = FormatRow(c, row);
      return scratch_;
    }
    if (c.layout != layout_) {
      newer_.clear();
      older_.clear();
      layout_ = c.layout;
    }
    const void* id = row.stored.id();
    auto it = newer_.find(id);
    if (it != newer_.end()) return it->second.cells;
    if (newer_.size() >= kRowCacheRows / 2) {
      older_.swap(newer_);
      newer_.clear();
    }
    auto old = older_.find(id);
    Entry entry;
    if (old != older_.end()) {
      entry = std::move(old->second);
      older_.erase(old);
    } else {
      entry.stored = row.stored;
      entry.cells = FormatRow(c, row);
    }
    return newer_.emplace(id, std::move(entry)).first->second.cells;
  }

 private:
  struct Entry {
    StoredItem stored;
    RowCells cells;
  };
  uint64_t layout_ = 0;
  std::unordered_map<const void*, Entry> newer_, older_;
  RowCells scratch_;
};

}  // namespace

RowCells FormatRow(const CollectionView& c, const RowView& row) {
  if (!row.cells.empty() || !row.stored.id()) {
    RowCells cells = row.cells;
    cells.resize(c.columns.size());
    return cells;
  }
  g_formatted_rows.fetch_add(1, std::memory_order_relaxed);
  const Item item = c.projected.empty() ? row.stored.Decode() : row.stored.Decode(c.projected);
  const std::vector<uint32_t>* shape = row.shape < c.shapes.size() ? &c.shapes[row.shape] : nullptr;
  if (shape && shape->size() != item.size()) shape = nullptr;  // not this item's: by name
  std::vector<std::pair<uint32_t, std::string>> texts;
  texts.reserve(item.size());
  size_t k = 0;
  for (const auto& [name, value] : item) {
    size_t column = shape ? (*shape)[k] : c.columns.size();
    ++k;
    if (!shape) {
      column = static_cast<size_t>(std::find(c.columns.begin(), c.columns.end(), name) -
                                   c.columns.begin());
    }
    if (column >= c.columns.size()) continue;
    texts.emplace_back(static_cast<uint32_t>(column), ValueText(value));
  }
  std::sort(texts.begin(), texts.end(),
            [](const auto& a, const auto& b) { return a.first < b.first; });
  RowCells cells;
  cells.AssignSparse(c.columns.size(), texts);
  return cells;
}

uint64_t FormattedRowCount() { return g_formatted_rows.load(std::memory_order_relaxed); }

TablesView BuildTablesView(const Engine& engine, const Effects* effects, TablesView* previous,
                           const TablesViewOptions& options) {
  TablesView view;
  view.cell_source =
      previous && previous->cell_source ? previous->cell_source : std::make_shared<RowCellCache>();
  // Rows moved from the previous view keep their entity colours: the same prefixes, in order.
  if (previous) view.entity_prefixes = previous->entity_prefixes;
  // The previous collection of the same table and index, if its rows can be reused: the same
  // view keys and projection, and the same table keys (rows carry the base key id).
  auto reusable = [&](const TableInfo& table, const CollectionView& fresh) -> CollectionView* {
    if (!previous) return nullptr;
    const CollectionView* base = nullptr;
    CollectionView* same = nullptr;
    for (CollectionView& o : previous->collections) {
      if (o.table != fresh.table) continue;
      if (o.index.empty()) base = &o;
      if (o.index == fresh.index) same = &o;
    }
    if (!base || !same || base->hash_key != table.keys.hash_key ||
        base->range_key != table.keys.range_key || same->hash_key != fresh.hash_key ||
        same->range_key != fresh.range_key || same->projection != fresh.projection) {
      return nullptr;
    }
    return same;
  };
  // Per new collection: the previous one its rows came from (or null), and where they went.
  std::vector<CollectionView*> old_of;
  std::vector<std::vector<int>> moved_to;
  for (const TableInfo& table : engine.Tables()) {
    CollectionView base = CollectionHeader(table, nullptr);
    base.max_rows = options.max_rows;
    CollectionView* old_base = reusable(table, base);
    std::vector<CollectionView> indexes;
    std::vector<CollectionView*> old_indexes;
    for (const IndexInfo& index : table.indexes) {
      CollectionView c = CollectionHeader(table, &index);
      c.max_rows = options.max_rows;
      old_indexes.push_back(reusable(table, c));
      indexes.push_back(std::move(c));
    }
    moved_to.emplace_back();
    old_of.push_back(old_base);
    FillCollection(engine, table, table.keys, "", &view.entity_prefixes, old_base, &base,
                   &moved_to.back());
    view.collections.push_back(std::move(base));
    for (size_t i = 0; i < indexes.size(); ++i) {
      moved_to.emplace_back();
      old_of.push_back(old_indexes[i]);
      FillCollection(engine, table, table.indexes[i].keys, table.indexes[i].name,
                     &view.entity_prefixes, old_indexes[i], &indexes[i], &moved_to.back());
      view.collections.push_back(std::move(indexes[i]));
    }
  }
  for (size_t n = 0; n < view.collections.size(); ++n) {
    CollectionView& c = view.collections[n];
    // Cells formatted for the previous layout stay valid while the columns and projection do.
    const CollectionView* old = old_of[n];
    c.layout = old && old->layout != 0 && old->columns == c.columns && old->projected == c.projected
                   ? old->layout
                   : NextLayout();
    if (options.format_every_row) {
      // The old way: every row formatted and held. A moved row keeps its cells unless the
      // columns changed.
      const bool relayout = !old || old->columns != c.columns;
      for (RowView& row : c.rows) {
        if (relayout) row.cells = RowCells();
        if (row.cells.empty()) row.cells = FormatRow(c, row);
      }
    }
    Reflow(&c);
  }
  if (effects) {
    if (previous) AddGhosts(*effects, previous, old_of, moved_to, &view);
    RemarkTablesView(&view, *effects);
  }
  return view;
}

struct TablesViewBuild::Impl {
  explicit Impl(const Engine& e) : engine(e), tables(e.Tables()) {}
  const Engine& engine;
  std::vector<TableInfo> tables;
  TablesView view;
  size_t table = 0;
  size_t index = 0;  // 0: the table; i: its index i - 1
  std::unique_ptr<CollectionFill> fill;
  std::vector<int> moved_to;  // (no previous view: stays empty)
  uint64_t rows = 0, expected = 0;
};

TablesViewBuild::TablesViewBuild(const Engine& engine) : impl_(std::make_unique<Impl>(engine)) {
  impl_->view.cell_source = std::make_shared<RowCellCache>();
  for (const TableInfo& t : impl_->tables) {
    impl_->expected += std::min<uint64_t>(t.item_count, kMaxRows);
    for (const IndexInfo& i : t.indexes) impl_->expected += std::min<uint64_t>(i.item_count, kMaxRows);
  }
}

TablesViewBuild::~TablesViewBuild() = default;

bool TablesViewBuild::Step(double budget_ms) {
  Impl& b = *impl_;
  const auto start = std::chrono::steady_clock::now();
  // Entries per walk between looks at the clock (a few milliseconds' worth).
  constexpr size_t kChunk = 2048;
  while (b.table < b.tables.size()) {
    const TableInfo& table = b.tables[b.table];
    if (!b.fill) {
      const IndexInfo* index = b.index == 0 ? nullptr : &table.indexes[b.index - 1];
      b.view.collections.push_back(CollectionHeader(table, index));
      b.fill = std::make_unique<CollectionFill>(table, index ? index->keys : table.keys,
                                                index ? index->name : std::string(),
                                                &b.view.entity_prefixes, nullptr,
                                                &b.view.collections.back(), &b.moved_to);
    }
    CollectionView& c = b.view.collections.back();
    const size_t before = c.rows.size();
    const bool done = b.fill->Walk(b.engine, kChunk);
    b.rows += c.rows.size() - before;
    if (done) {
      b.fill->Finish();
      b.fill.reset();
      c.layout = NextLayout();
      Reflow(&c);
      if (++b.index > table.indexes.size()) {
        b.index = 0;
        ++b.table;
      }
    }
    const double spent = std::chrono::duration<double, std::milli>(
                             std::chrono::steady_clock::now() - start)
                             .count();
    if (spent >= budget_ms) break;
  }
  return b.table >= b.tables.size();
}

uint64_t TablesViewBuild::rows_built() const { return impl_->rows; }
uint64_t TablesViewBuild::rows_expected() const { return impl_->expected; }

TablesView TablesViewBuild::Take() { return std::move(impl_->view); }

// Re-marking touches only the rows marked before and the rows the effects name: no pass over
// all rows (a read at 100k items stays cheap). Ghosts of an earlier request are dropped (that
// one rebuilds the collection's index).
void RemarkTablesView(TablesView* view, const Effects& effects) {
  for (CollectionView& c : view->collections) {
    bool stale_ghosts = false;
    for (int r : c.marked) {
      const RowView& row = c.rows[static_cast<size_t>(r)];
      bool ghost = row.mark == Mark::kDeleted || row.mark == Mark::kIndexRemoved;
      if (ghost && !row.ghost_fresh) stale_ghosts = true;
    }
    if (stale_ghosts) {
      std::vector<RowView> kept;
      kept.reserve(c.rows.size());
      for (RowView& row : c.rows) {
        bool ghost = row.mark == Mark::kDeleted || row.mark == Mark::kIndexRemoved;
        if (!ghost || row.ghost_fresh) kept.push_back(std::move(row));
      }
      c.rows.swap(kept);
      Reflow(&c);
    }
    std::vector<int> still_marked;
    for (int r : c.marked) {
      RowView& row = c.rows[static_cast<size_t>(r)];
      bool ghost = row.mark == Mark::kDeleted || row.mark == Mark::kIndexRemoved;
      if (ghost) {
        row.ghost_fresh = false;  // shown for this request, dropped at the next one
        still_marked.push_back(r);
        continue;
      }
      row.mark = Mark::kNone;
      row.reason.clear();
    }
    c.marked.swap(still_marked);
  }
  for (const TouchedItem& t : effects.items) {
    Mark mark = MarkFor(t.action);
    if (mark == Mark::kNone || mark == Mark::kDeleted || mark == Mark::kIndexRemoved) continue;
    CollectionView* c = FindCollection(view, t.table, t.index);
    const CollectionView* base = FindCollection(view, t.table, "");
    if (!c || !base) continue;
    KeySchemaInfo keys;
    keys.hash_key = base->hash_key;
    keys.range_key = base->range_key;
    const int at = c->row_of.Find(KeyId(t.key, keys), c->rows);
    if (at < 0) continue;
    RowView& row = c->rows[static_cast<size_t>(at)];
    if (row.mark == Mark::kNone) c->marked.push_back(at);
    if (Priority(mark) >= Priority(row.mark)) {
      row.mark = mark;
      row.reason = t.reason;
    }
  }
  for (CollectionView& c : view->collections) {
    std::sort(c.marked.begin(), c.marked.end());
    c.marked.erase(std::unique(c.marked.begin(), c.marked.end()), c.marked.end());
    c.marked_rows = static_cast<int>(c.marked.size());
    c.marks_present = 0;
    for (int r : c.marked)
      c.marks_present |= 1u << static_cast<int>(c.rows[static_cast<size_t>(r)].mark);
    c.first_marked_row = c.marked.empty() ? -1 : c.marked.front();
  }
}

namespace {

// A key attribute's value as the request form writes it: S and N as their text, B as base64; ""
// when the item lacks it.
std::string KeyText(const Item& item, const std::string& name) {
  if (name.empty()) return "";
  auto it = item.find(name);
  if (it == item.end()) return "";
  const Value& v = it->second;
  if (v.type() == Type::kS) return v.s();
  if (v.type() == Type::kN) return v.n().ToString();
  if (v.type() == Type::kB) return Base64Encode(v.s());
  return "";
}

// The key of the first entry of a collection (one item visited, not the table).
void SampleKey(const Engine& engine, const std::string& table, const std::string& index,
               const std::string& hash, const std::string& range, std::string* hash_text,
               std::string* range_text) {
  engine.ForEachItem(table, index, 1, [&](const Item& item, size_t) {
    *hash_text = KeyText(item, hash);
    *range_text = KeyText(item, range);
  });
}

}  // namespace

SchemaView BuildSchemaView(const Engine& engine) {
  SchemaView schema;
  for (const TableInfo& table : engine.Tables()) {
    TableSchemaView t;
    t.name = table.name;
    t.hash = {table.keys.hash_key, std::string(TypeName(table.keys.hash_type))};
    if (!table.keys.range_key.empty()) {
      t.range = {table.keys.range_key, std::string(TypeName(table.keys.range_type))};
    }
    SampleKey(engine, t.name, "", t.hash.name, t.range.name, &t.sample_hash, &t.sample_range);
    for (const IndexInfo& index : table.indexes) {
      IndexSchemaView i;
      i.name = index.name;
      i.global = index.global;
      i.multi_attribute = index.keys.multi();
      i.key_label = KeySchemaLabel(index.keys);
      i.hash = {index.keys.hash_key, std::string(TypeName(index.keys.hash_type))};
      if (!index.keys.range_key.empty()) {
        i.range = {index.keys.range_key, std::string(TypeName(index.keys.range_type))};
      }
      SampleKey(engine, t.name, i.name, i.hash.name, i.range.name, &i.sample_hash, &i.sample_range);
      for (const KeyAttributeInfo& a : index.keys.hash_attributes) {
        i.hashes.push_back({a.name, std::string(TypeName(a.type))});
      }
      for (const KeyAttributeInfo& a : index.keys.range_attributes) {
        i.ranges.push_back({a.name, std::string(TypeName(a.type))});
      }
      engine.ForEachItem(t.name, i.name, 1, [&](const Item& item, size_t) {
        for (const KeyAttributeView& a : i.hashes) i.sample_hashes.push_back(KeyText(item, a.name));
        for (const KeyAttributeView& a : i.ranges) i.sample_ranges.push_back(KeyText(item, a.name));
      });
      t.indexes.push_back(i);
    }
    schema.tables.push_back(t);
  }
  return schema;
}

namespace {

// The JSON tab's text of a body: laid out (PrettyJson), or the body as it is when it is not JSON.
void LayOutJson(std::string_view body, std::string* text, int* lines) {
  if (PrettyJson(body, text, lines)) return;
  *text = std::string(body);
  *lines = static_cast<int>(std::count(text->begin(), text->end(), '\n')) + 1;
}

// The returned items of a response, formatted when drawn: the body's text, where each item is in
// it, and the columns. A row's item is parsed alone (a few hundred bytes) when first asked for.
class ResponseRows final : public ResultRowSource {
 public:
  ResponseRows(std::string body, std::vector<JsonSpan> items, std::vector<std::string> columns)
      : body_(std::move(body)), items_(std::move(items)), columns_(std::move(columns)) {}
  size_t size() const override { return items_.size(); }
  const std::string& Json(int* lines) override {
    if (json_lines_ == 0) LayOutJson(body_, &json_, &json_lines_);
    if (lines) *lines = json_lines_;
    return json_;
  }
  const std::vector<std::string>& Row(size_t i) override {
    auto it = cache_.find(i);
    if (it != cache_.end()) return it->second;
    // A screen shows a few dozen rows: a cache of a few screens, dropped whole when full.
    if (cache_.size() >= kCachedRows) cache_.clear();
    std::vector<std::string> row(columns_.size());
    json item = json::parse(items_[i].In(body_), nullptr, false);
    if (item.is_object()) {
      for (size_t c = 0; c < columns_.size(); ++c) {
        auto a = item.find(columns_[c]);
        if (a != item.end()) row[c] = WireValueText(*a);
      }
    }
    return cache_.emplace(i, std::move(row)).first->second;
  }

 private:
  static constexpr size_t kCachedRows = 512;
  std::string body_;
  std::vector<JsonSpan> items_;
  std::vector<std::string> columns_;
  std::unordered_map<size_t, std::vector<std::string>> cache_;
  std::string json_;
  int json_lines_ = 0;  // 0: json_ not made yet
};

json ParseSpan(std::string_view body, JsonSpan span) {
  return json::parse(span.In(body), nullptr, false);
}

}  // namespace

bool IsPartiQLOperation(std::string_view op) {
  return op == "ExecuteStatement" || op == "BatchExecuteStatement" || op == "ExecuteTransaction";
}

StreamRecordView BuildStreamRecordView(const StreamRecordEffect& record) {
  StreamRecordView r;
  r.event_name = record.event_name;
  for (const auto& [name, value] : record.keys) {
    if (!r.keys.empty()) r.keys += ", ";
    r.keys += name + " = " + ValueText(value);
  }
  r.stream_label = record.stream_label;
  r.view_type = record.view_type;
  r.sequence_number = record.sequence_number;
  r.by_service = record.by_service;
  r.raw = StreamRecordLine(record);
  return r;
}

ResultView BuildResultView(std::string_view operation, const Result& result,
                           const std::vector<std::string>& key_names) {
  ResultView view;
  view.has_result = true;
  view.operation = std::string(operation);
  view.ok = result.status.ok();
  // The body is read without a JSON tree (response_json.h): a 1 MB Scan page parsed, printed and
  // freed as a tree was half a Scan's time in the page (docs/benchmarks.md section 16).
  const std::string_view body = result.body;
  const bool large = body.size() > kEagerJsonBytes;  // its text is made when first shown
  if (!large) LayOutJson(body, &view.json, &view.json_lines);
  view.fanout = BuildFanoutView(result.effects);  // a failed condition is billed: shown too
  if (!view.ok) {
    view.error_type = std::string(ErrorName(result.status.code()));
    view.error_message = result.status.message();
    if (large)
      view.row_source =
          std::make_shared<ResponseRows>(result.body, std::vector<JsonSpan>{}, view.columns);
    return view;
  }
  // One pass over the body finds the response's members, a Query or Scan page's items and their
  // attribute names (levels 0, 1 and 2 outlined); deeper items (batches, transactions) are read
  // from their spans.
  JsonOutline outline;
  if (!outline.Read(body, 3) || JsonKind(body, outline.root().value) != '{') {
    if (large)
      view.row_source =
          std::make_shared<ResponseRows>(result.body, std::vector<JsonSpan>{}, view.columns);
    return view;
  }
  std::vector<JsonSpan> items;
  std::vector<const JsonNode*> outlined;  // the node of each of `items` outlined, else nullptr
  auto add_item = [&](JsonSpan span, const JsonNode* node) {
    items.push_back(span);
    outlined.push_back(node);
  };
  for (const JsonNode& m : outline.Children(outline.root())) {
    const char kind = JsonKind(body, m.value);
    if (m.key == "Items" && kind == '[') {
      for (const JsonNode& e : outline.Children(m)) {
        if (JsonKind(body, e.value) == '{') add_item(e.value, &e);
      }
    } else if ((m.key == "Item" || m.key == "Attributes") && kind == '{') {
      add_item(m.value, &m);
    } else if (m.key == "Responses" && kind == '{') {
      // BatchGetItem: a list of items per table.
      std::vector<JsonMember> tables;
      if (JsonObjectMembers(body, m.value, &tables)) {
        for (const JsonMember& t : tables) {
          std::vector<JsonSpan> elements;
          if (JsonKind(body, t.value) != '[' || !JsonArrayElements(body, t.value, &elements))
            continue;
          for (const JsonSpan& e : elements) {
            if (JsonKind(body, e) == '{') add_item(e, nullptr);
          }
        }
      }
    } else if (m.key == "Responses" && kind == '[') {
      // TransactGetItems, ExecuteTransaction, BatchExecuteStatement: {Item} or {Error} each.
      std::vector<JsonSpan> responses;
      if (!JsonArrayElements(body, m.value, &responses)) continue;
      for (size_t i = 0; i < responses.size(); ++i) {
        std::vector<JsonMember> parts;
        if (JsonKind(body, responses[i]) != '{' || !JsonObjectMembers(body, responses[i], &parts)) {
          continue;
        }
        for (const JsonMember& part : parts) {
          if (part.key == "Item" && JsonKind(body, part.value) == '{')
            add_item(part.value, nullptr);
          // BatchExecuteStatement: each statement succeeds or fails on its own.
          if (part.key != "Error" || JsonKind(body, part.value) != '{') continue;
          const json e = ParseSpan(body, part.value);
          std::string code =
              e.contains("Code") && e["Code"].is_string() ? e["Code"].get<std::string>() : "";
          std::string message = e.contains("Message") && e["Message"].is_string()
                                    ? e["Message"].get<std::string>()
                                    : "";
          view.statement_errors.push_back("Statement " + std::to_string(i + 1) + ": " + code +
                                          (message.empty() ? "" : ": " + message));
        }
      }
    } else if (m.key == "NextToken" && kind == '"') {
      const json token = ParseSpan(body, m.value);
      if (token.is_string()) view.next_token = token.get<std::string>();
    } else if (m.key == "Count") {
      const json count = ParseSpan(body, m.value);
      if (count.is_number()) {
        view.has_count = true;
        view.count = count.get<int64_t>();
      }
    } else if (m.key == "ScannedCount") {
      const json scanned = ParseSpan(body, m.value);
      if (scanned.is_number()) view.scanned_count = scanned.get<int64_t>();
    } else if (m.key == "LastEvaluatedKey" && kind == '{') {
      view.has_next_page = true;
      const json key = ParseSpan(body, m.value);
      std::string text;
      for (auto k = key.begin(); k != key.end(); ++k) {
        if (!text.empty()) text += ", ";
        text += k.key() + " = " + WireValueText(k.value());
      }
      view.last_evaluated_key = text;
    }
  }
  if (!view.has_count) view.scanned_count = 0;
  // The columns: the addressed table's keys first (those some item has), then every other
  // attribute in the order the items first name them, each item's new names sorted (as a tree
  // of each item, ordered by name, lists them).
  std::unordered_set<std::string_view> raw_names;  // as written in the body: no copy an item
  std::unordered_set<std::string> names;
  std::vector<std::string> in_order;
  std::vector<JsonMember> attributes;
  std::vector<std::string> fresh;
  for (size_t i = 0; i < items.size(); ++i) {
    if (outlined[i] != nullptr) {
      attributes.clear();
      for (const JsonNode& a : outline.Children(*outlined[i])) {
        attributes.push_back(JsonMember{a.key, a.value});
      }
    } else if (!JsonObjectMembers(body, items[i], &attributes)) {
      continue;
    }
    fresh.clear();
    for (const JsonMember& a : attributes) {
      if (!raw_names.insert(a.key).second) continue;
      std::string name = JsonKeyText(a.key);
      if (names.insert(name).second) fresh.push_back(std::move(name));
    }
    std::sort(fresh.begin(), fresh.end());
    for (std::string& name : fresh) in_order.push_back(std::move(name));
  }
  std::unordered_set<std::string> placed;
  for (const std::string& name : key_names) {
    if (names.count(name) && placed.insert(name).second) view.columns.push_back(name);
  }
  for (std::string& name : in_order) {
    if (placed.insert(name).second) view.columns.push_back(std::move(name));
  }
  if (!items.empty() || large) {
    view.row_source = std::make_shared<ResponseRows>(result.body, std::move(items), view.columns);
  }
  return view;
}

CostView BuildCostView(std::string_view operation, bool consistent, const Effects& effects,
                       const PriceTable& prices) {
  CostView view;
  view.has_cost = true;
  view.operation = std::string(operation);
  for (const CapacityLine& line : effects.capacity) {
    CapacityLineView l;
    l.target = line.index.empty()
                   ? line.table
                   : line.table + " / " + line.index + (line.local_index ? " (LSI)" : " (GSI)");
    l.read_units = line.read_units;
    l.write_units = line.write_units;
    l.arithmetic = line.arithmetic;
    view.lines.push_back(l);
  }
  view.read_units = effects.read_units;
  view.write_units = effects.write_units;
  view.dollars = effects.dollars;
  view.dollars_per_million = effects.dollars * 1e6;
  view.read_modes = effects.read_modes;
  view.lints = effects.lints;
  // A PartiQL statement reads or writes by what it says: a write bills write units only.
  view.is_write =
      IsWriteOperation(operation) ||
      (IsPartiQLOperation(operation) && effects.write_units > 0 && effects.read_units == 0);
  view.consistent = consistent;
  for (const StreamRecordEffect& record : effects.stream_records) {
    view.stream_records.push_back(BuildStreamRecordView(record));
  }
  for (const TouchedItem& t : effects.items) {
    // Items and index entries read or written; index bookkeeping of writes is not an item size.
    if (t.action == ItemAction::kMissing) continue;
    if (!t.index.empty() && view.is_write) continue;
    if (t.action == ItemAction::kIndexAdded || t.action == ItemAction::kIndexRemoved ||
        t.action == ItemAction::kIndexUpdated) {
      continue;
    }
    view.item_sizes.push_back(static_cast<uint32_t>(t.size_bytes));
    if (view.item_sizes.size() >= 2000) break;
  }
  // Nothing billed (a TTL sweep's free deletions): no item costs anything to plot.
  if (effects.read_units == 0 && effects.write_units == 0) view.item_sizes.clear();
  view.read_unit_price_per_million = prices.read_request_unit_per_million;
  view.write_unit_price_per_million = prices.write_request_unit_per_million;
  view.prices_as_of = prices.as_of;
  return view;
}

PatternsView BuildPatternsView(const Model& model) {
  PatternsView view;
  for (const AccessPattern& p : model.access_patterns) {
    PatternRow row;
    row.id = p.id;
    row.name = p.name;
    row.description = p.description;
    row.operation = p.operation;
    row.key_condition = p.KeyCondition();
    row.table = p.TableName();
    row.index = p.IndexName();
    row.is_write = IsWriteOperation(p.operation);
    view.rows.push_back(row);
  }
  return view;
}

TourView BuildTourView(const Model& model) {
  TourView view;
  view.model_name = model.name;
  view.model_description = model.description;
  for (const TourStep& step : model.tour) {
    TourStepView s;
    s.title = step.title;
    s.text = step.text;
    s.look_at = step.look_at;
    if (!step.pattern_id.empty()) {
      const AccessPattern* p = model.FindPattern(step.pattern_id);
      s.runs = p ? p->operation + ": " + p->name : "pattern " + step.pattern_id;
    } else if (!step.operation.empty()) {
      s.runs = step.operation;
    }
    view.steps.push_back(s);
  }
  return view;
}

}  // namespace monotable::ui
