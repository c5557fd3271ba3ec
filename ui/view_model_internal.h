// What the table view's builder (view_model.cc) and its patcher (view_patch.cc) share: the parts
// of a row and of a collection both compute the same way, so a patched view and a rebuilt one
// cannot drift apart. Not for panels (they read views.h only).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "monotable/engine.h"
#include "ui/views.h"

namespace monotable::ui::view_internal {

// A ghost: the row of a deleted item or of a removed index entry, kept for one request.
bool IsGhost(const RowView& row);

// A key value as a row keeps it (partition text, key ids): "S:abc", "N:12", "B:<bytes>".
std::string KeyPart(const Value& v);

// Recomputes a collection's partition starts, bands, marked rows and row index from its rows.
void Reflow(CollectionView* c);

CollectionView* FindCollection(TablesView* view, const std::string& table, const std::string& index);

// A new layout id (CollectionView::layout): cells formatted for another layout are not reused.
uint64_t NextLayout();

// Hash of a shape (a row's columns, in its item's attribute order).
struct ShapeHash {
  size_t operator()(const std::vector<uint32_t>& shape) const {
    uint64_t h = 1469598103934665603ull;
    for (uint32_t column : shape) h = (h ^ column) * 1099511628211ull;
    return static_cast<size_t>(h);
  }
};

// A live row of `item` (an entry of the collection keyed by `view_keys`, of a table keyed by
// `table_keys`), everything but its shape: partition, key id and hash, size, entity colour (from
// the base item's sort key, or partition key: `entity_attribute`, appended to `prefixes` on first
// sight) and the stored item.
RowView LiveRow(const Item& item, size_t size, StoredItem stored, const KeySchemaInfo& view_keys,
                const KeySchemaInfo& table_keys, std::vector<std::string>* prefixes);

// Live rows per shape (CollectionView::shape_rows) counted from the rows.
std::vector<uint32_t> CountShapes(const CollectionView& c);

}  // namespace monotable::ui::view_internal
