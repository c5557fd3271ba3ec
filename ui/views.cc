// Views: small helpers over the view structs (mark names, entity prefixes).
#include "ui/views.h"

namespace monotable::ui {

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

}  // namespace monotable::ui
