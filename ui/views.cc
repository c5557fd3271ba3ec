// Views: small helpers over the view structs (mark names, entity prefixes).
#include "ui/views.h"

#include <functional>

namespace monotable::ui {

std::vector<std::string> RowCells::ToVector() const {
  std::vector<std::string> out;
  out.reserve(size());
  for (size_t i = 0; i < size(); ++i) out.emplace_back(view(i));
  return out;
}

void RowCells::AssignSparse(size_t n, const std::vector<std::pair<uint32_t, std::string>>& cells) {
  size_t bytes = 0;
  for (const auto& cell : cells) bytes += cell.second.size();
  text_.clear();
  text_.reserve(bytes);
  ends_.assign(n, 0);
  size_t next = 0;
  for (size_t i = 0; i < n; ++i) {
    if (next < cells.size() && cells[next].first == i) text_ += cells[next++].second;
    ends_[i] = static_cast<uint32_t>(text_.size());
  }
}

void RowCells::resize(size_t n) {
  if (n < ends_.size()) {
    text_.resize(n == 0 ? 0 : ends_[n - 1]);
    ends_.resize(n);
    return;
  }
  ends_.resize(n, static_cast<uint32_t>(text_.size()));
}

void RowCells::Keep(const std::vector<size_t>& keep) {
  std::string text;
  std::vector<uint32_t> ends;
  ends.reserve(keep.size());
  for (size_t i : keep) {
    text += view(i);
    ends.push_back(static_cast<uint32_t>(text.size()));
  }
  text_ = std::move(text);
  ends_ = std::move(ends);
}

const char* MarkName(Mark mark) {
  switch (mark) {
    case Mark::kNone:
      return "";
    case Mark::kReturned:
      return "returned";
    case Mark::kFilteredOut:
      return "filtered out";
    case Mark::kRead:
      return "read";
    case Mark::kWritten:
      return "written";
    case Mark::kDeleted:
      return "deleted";
    case Mark::kConditionFailed:
      return "condition failed";
    case Mark::kIndexAdded:
      return "entered index";
    case Mark::kIndexRemoved:
      return "left index";
    case Mark::kIndexUpdated:
      return "index entry updated";
  }
  return "";
}

Mark MarkFor(ItemAction action) {
  switch (action) {
    case ItemAction::kReturned:
      return Mark::kReturned;
    case ItemAction::kFilteredOut:
      return Mark::kFilteredOut;
    case ItemAction::kRead:
      return Mark::kRead;
    case ItemAction::kMissing:
      return Mark::kNone;
    case ItemAction::kInserted:
    case ItemAction::kReplaced:
    case ItemAction::kUpdated:
      return Mark::kWritten;
    case ItemAction::kDeleted:
      return Mark::kDeleted;
    case ItemAction::kConditionFailed:
      return Mark::kConditionFailed;
    case ItemAction::kIndexAdded:
      return Mark::kIndexAdded;
    case ItemAction::kIndexRemoved:
      return Mark::kIndexRemoved;
    case ItemAction::kIndexUpdated:
      return Mark::kIndexUpdated;
  }
  return Mark::kNone;
}

int EntityOf(const std::string& key_text, std::vector<std::string>* prefixes) {
  size_t hash = key_text.find('#');
  std::string prefix = hash == std::string::npos ? key_text : key_text.substr(0, hash);
  if (prefix.size() > 24) prefix.resize(24);
  for (size_t i = 0; i < prefixes->size(); ++i) {
    if ((*prefixes)[i] == prefix) return static_cast<int>(i);
  }
  prefixes->push_back(prefix);
  return static_cast<int>(prefixes->size() - 1);
}

namespace {

// The slot of a key hash: the hash mixed to 64 bits (a plain 32-bit hash's low bits would do, but
// this spreads keys that differ in few bits).
size_t SlotOf(uint32_t hash, size_t mask) {
  uint64_t h = hash * 0x9E3779B97F4A7C15ull;
  return static_cast<size_t>(h ^ (h >> 32)) & mask;
}

}  // namespace

uint32_t RowIndex::Hash(std::string_view key_id) {
  const uint64_t h = static_cast<uint64_t>(std::hash<std::string_view>()(key_id));
  const uint32_t folded = static_cast<uint32_t>(h ^ (h >> 32));
  return folded == 0 ? 1 : folded;  // 0 means "not computed" in RowView::key_hash
}

void RowIndex::Reset(size_t rows) {
  size_t capacity = 16;
  while (capacity < rows * 2) capacity *= 2;  // at most half full: short probe runs
  slots_.assign(capacity, 0);
  size_ = 0;
}

void RowIndex::Insert(uint32_t hash, uint32_t row) {
  const size_t mask = slots_.size() - 1;
  size_t i = SlotOf(hash, mask);
  while (slots_[i] != 0) i = (i + 1) & mask;
  slots_[i] = (static_cast<uint64_t>(hash) << 32) | (static_cast<uint64_t>(row) + 1);
  ++size_;
}

int RowIndex::Find(std::string_view key_id, const std::vector<RowView>& rows) const {
  if (slots_.empty()) return -1;
  const uint32_t hash = Hash(key_id);
  const size_t mask = slots_.size() - 1;
  for (size_t i = SlotOf(hash, mask); slots_[i] != 0; i = (i + 1) & mask) {
    const uint64_t slot = slots_[i];
    if (static_cast<uint32_t>(slot >> 32) != hash) continue;
    const size_t row = static_cast<size_t>(slot & 0xffffffffu) - 1;
    if (row < rows.size() && rows[row].key_id == key_id) return static_cast<int>(row);
  }
  return -1;
}

}  // namespace monotable::ui
