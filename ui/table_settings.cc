// Table settings (see table_settings.h).
#include "ui/table_settings.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <ctime>
#include <map>
#include <set>

#include "monotable/civil_time.h"
#include "monotable/limits.h"
#include "nlohmann/json.hpp"
#include "ui/view_model.h"

namespace monotable::ui {
namespace {

using json = nlohmann::json;

constexpr int64_t kHour = 3600;
constexpr int64_t kDay = 24 * kHour;
constexpr int64_t kMaxAdvanceSeconds = 10 * 365 * kDay;
// The "advance time" buttons' steps: +1 h, +1 day, +30 days (SettingsView's `expiring`).
constexpr int64_t kAdvanceSteps[3] = {kHour, kDay, 30 * kDay};

std::string Member(const json& obj, const char* name) {
  if (!obj.is_object()) return "";
  auto it = obj.find(name);
  return it != obj.end() && it->is_string() ? it->get<std::string>() : "";
}

const json* Find(const json& obj, const char* name) {
  if (!obj.is_object()) return nullptr;
  auto it = obj.find(name);
  return it == obj.end() ? nullptr : &*it;
}

int64_t IntMember(const json& obj, const char* name) {
  const json* v = Find(obj, name);
  return v && v->is_number_integer() ? v->get<int64_t>() : 0;
}

std::string KeysText(const KeySchemaInfo& keys) {
  std::string out = keys.hash_key + " (" + std::string(TypeName(keys.hash_type)) + ")";
  if (!keys.range_key.empty()) {
    out += " / " + keys.range_key + " (" + std::string(TypeName(keys.range_type)) + ")";
  }
  return out;
}

std::string UtcText(int64_t ms) { return FormatUnixMs(ms, TimeFormat::kReadable); }

std::string OffsetText(int64_t ms) {
  if (ms <= 0) return "";
  int64_t s = ms / 1000;
  std::string out = "+";
  if (s >= kDay) out += std::to_string(s / kDay) + " d ";
  if (s % kDay >= kHour) out += std::to_string(s % kDay / kHour) + " h ";
  if (s % kHour >= 60) out += std::to_string(s % kHour / 60) + " min ";
  if (s < 60) out += std::to_string(s) + " s ";
  out.pop_back();
  return out;
}

Type TypeOf(const std::string& name) {
  return name == "N" ? Type::kN : name == "B" ? Type::kB : Type::kS;
}

// Scalar key types only: an index key attribute must be S, N or B.
bool IsKeyType(Type t) { return t == Type::kS || t == Type::kN || t == Type::kB; }

void FinishBackfill(BackfillView* b, double price_per_million) {
  b->valid = true;
  b->dollars = b->write_units * price_per_million / 1e6;
}

void FillTable(Engine* engine, const TableInfo& info, int64_t now_seconds, TableSettingsView* t) {
  t->name = info.name;
  t->key_schema = KeysText(info.keys);
  t->item_count = info.item_count;
  t->size_bytes = info.size_bytes;
  t->key_attributes.push_back(info.keys.hash_key);
  if (!info.keys.range_key.empty()) t->key_attributes.push_back(info.keys.range_key);

  // Billing, throughput, stream and index status as DescribeTable reports them.
  json describe = json::parse(
      engine->Execute("DescribeTable", json{{"TableName", info.name}}.dump()).body, nullptr, false);
  const json* d = Find(describe, "Table");
  json empty = json::object();
  const json& table = d && d->is_object() ? *d : empty;
  t->arn = Member(table, "TableArn");
  const json* billing = Find(table, "BillingModeSummary");
  t->on_demand = billing && Member(*billing, "BillingMode") == "PAY_PER_REQUEST";
  if (const json* pt = Find(table, "ProvisionedThroughput")) {
    t->read_capacity = IntMember(*pt, "ReadCapacityUnits");
    t->write_capacity = IntMember(*pt, "WriteCapacityUnits");
  }
  if (const json* spec = Find(table, "StreamSpecification")) {
    const json* enabled = Find(*spec, "StreamEnabled");
    t->stream_enabled = enabled && enabled->is_boolean() && enabled->get<bool>();
    t->stream_view_type = Member(*spec, "StreamViewType");
  }
  t->stream_label = t->stream_enabled ? Member(table, "LatestStreamLabel") : "";
  std::map<std::string, std::string> status;
  for (const char* list : {"GlobalSecondaryIndexes", "LocalSecondaryIndexes"}) {
    const json* indexes = Find(table, list);
    if (!indexes || !indexes->is_array()) continue;
    for (const json& x : *indexes) {
      std::string s = Member(x, "IndexStatus");
      status[Member(x, "IndexName")] = s.empty() ? "ACTIVE" : s;
    }
  }
  for (const IndexInfo& i : info.indexes) {
    IndexSettingsView x;
    x.name = i.name;
    x.global = i.global;
    x.status = status.count(i.name) ? status[i.name] : "ACTIVE";
    x.keys = KeysText(i.keys);
    x.projection = i.projection_type;
    if (i.projection_type == "INCLUDE") {
      std::string names;
      for (const std::string& n : i.non_key_attributes) names += (names.empty() ? "" : ", ") + n;
      x.projection += ": " + names;
    }
    x.item_count = i.item_count;
    x.size_bytes = i.size_bytes;
    t->indexes.push_back(std::move(x));
  }

  json ttl =
      json::parse(engine->Execute("DescribeTimeToLive", json{{"TableName", info.name}}.dump()).body,
                  nullptr, false);
  if (const json* td = Find(ttl, "TimeToLiveDescription")) {
    t->ttl_enabled = Member(*td, "TimeToLiveStatus") == "ENABLED";
    t->ttl_attribute = Member(*td, "AttributeName");
  }
  if (!t->arn.empty()) {
    json tags = json::parse(
        engine->Execute("ListTagsOfResource", json{{"ResourceArn", t->arn}}.dump()).body, nullptr,
        false);
    if (const json* list = Find(tags, "Tags"); list && list->is_array()) {
      for (const json& tag : *list) t->tags.emplace_back(Member(tag, "Key"), Member(tag, "Value"));
    }
  }

  // Candidate index keys (attributes held as S, N or B) and what each "advance" would expire.
  std::map<std::string, std::map<Type, uint64_t>> seen;
  engine->ForEachItem(info.name, "", [&](const Item& item, size_t) {
    for (const auto& [name, value] : item) {
      if (IsKeyType(value.type())) ++seen[name][value.type()];
    }
    if (t->ttl_enabled) {
      auto it = item.find(t->ttl_attribute);
      // DynamoDB rule: TTL holds epoch seconds as a Number; other types never expire.
      if (it != item.end() && it->second.type() == Type::kN) {
        for (int s = 0; s < 3; ++s) {
          if (it->second.n() < Number::FromInt(now_seconds + kAdvanceSteps[s])) ++t->expiring[s];
        }
      }
    }
  });
  for (const auto& [name, types] : seen) {
    AttributeCandidateView c;
    c.name = name;
    for (const auto& [type, count] : types) {
      if (count > c.items) {
        c.items = count;
        c.type = std::string(TypeName(type));
      }
    }
    t->attributes.push_back(std::move(c));
  }
  std::stable_sort(t->attributes.begin(), t->attributes.end(),
                   [](const AttributeCandidateView& a, const AttributeCandidateView& b) {
                     return a.items > b.items;
                   });
}

std::string EstimateKey(const SettingsView& view, const TableSettingsPanelState& panel) {
  if (panel.table < 0 || panel.table >= static_cast<int>(view.tables.size())) return "";
  const GsiDraft& d = panel.draft;
  return view.tables[static_cast<size_t>(panel.table)].name + '\x1f' + d.hash + '\x1f' +
         d.hash_type + '\x1f' + d.range + '\x1f' + d.range_type + '\x1f' +
         std::to_string(d.projection) + '\x1f' + d.non_key;
}

}  // namespace

// --- PlaygroundClock ---

struct PlaygroundClock::Shared {
  int64_t base_ms = -1;
  int64_t offset_ms = 0;
  std::string last_advance;
};

PlaygroundClock::PlaygroundClock(int64_t base_ms) : shared_(std::make_shared<Shared>()) {
  shared_->base_ms = base_ms;
}

std::function<int64_t()> PlaygroundClock::Function() const {
  std::shared_ptr<Shared> shared = shared_;
  return [shared]() {
    int64_t base = shared->base_ms;
    if (base < 0) {
      base = std::chrono::duration_cast<std::chrono::milliseconds>(
                 std::chrono::system_clock::now().time_since_epoch())
                 .count();
    }
    return base + shared->offset_ms;
  };
}

int64_t PlaygroundClock::NowMs() const { return Function()(); }
int64_t PlaygroundClock::offset_ms() const { return shared_->offset_ms; }
void PlaygroundClock::Advance(int64_t ms) {
  if (ms > 0) shared_->offset_ms += ms;
}
const std::string& PlaygroundClock::last_advance() const { return shared_->last_advance; }
void PlaygroundClock::set_last_advance(std::string text) {
  shared_->last_advance = std::move(text);
}

// --- AdvanceTime ---

std::string AdvanceLabel(int64_t seconds) {
  if (seconds % kDay == 0) {
    int64_t days = seconds / kDay;
    return "+" + std::to_string(days) + (days == 1 ? " day" : " days");
  }
  if (seconds % kHour == 0) return "+" + std::to_string(seconds / kHour) + " h";
  return "+" + std::to_string(seconds) + " s";
}

Result AdvanceTime(Engine* engine, PlaygroundClock* clock, std::string_view request_json) {
  json request = json::parse(request_json, nullptr, false);
  const json* seconds = Find(request, "Seconds");
  if (request.is_discarded() || !request.is_object()) {
    return ErrorResult(
        Status::Serialization("Start of structure or map found where not expected."));
  }
  if (!seconds || !seconds->is_number_integer() || seconds->get<int64_t>() < 1 ||
      seconds->get<int64_t>() > kMaxAdvanceSeconds) {
    return ErrorResult(Status::Validation("AdvanceTime: Seconds must be a whole number from 1 to " +
                                          std::to_string(kMaxAdvanceSeconds) + " (ten years)"));
  }
  const int64_t s = seconds->get<int64_t>();
  clock->Advance(s * 1000);
  Result result = engine->SweepExpired();
  result.effects.operation = std::string(kAdvanceTimeOperation);
  json body = json::parse(result.body, nullptr, false);
  int64_t deleted = IntMember(body, "DeletedItemCount");
  clock->set_last_advance(AdvanceLabel(s) + ": " + std::to_string(deleted) +
                          (deleted == 1 ? " item" : " items") +
                          " expired by TTL (deleted by the service, 0 WRU)");
  return result;
}

// --- Backfill ---

BackfillView EstimateBackfill(const Engine& engine, const TableSettingsView& table,
                              const GsiDraft& draft, double write_unit_price_per_million) {
  BackfillView b;
  b.table = table.name;
  b.index = draft.name;
  if (draft.hash.empty()) {
    b.error = "Choose the index's partition key";
    return b;
  }
  const Type hash_type = TypeOf(draft.hash_type);
  const Type range_type = TypeOf(draft.range_type);
  std::set<std::string> projected(table.key_attributes.begin(), table.key_attributes.end());
  projected.insert(draft.hash);
  if (!draft.range.empty()) projected.insert(draft.range);
  if (draft.projection == 2) {
    size_t start = 0;
    while (start <= draft.non_key.size()) {
      size_t comma = draft.non_key.find(',', start);
      std::string name = draft.non_key.substr(
          start, comma == std::string::npos ? std::string::npos : comma - start);
      name.erase(0, name.find_first_not_of(" \t"));
      name.erase(name.find_last_not_of(" \t") + 1);
      if (!name.empty()) projected.insert(name);
      if (comma == std::string::npos) break;
      start = comma + 1;
    }
  }
  engine.ForEachItem(table.name, "", [&](const Item& item, size_t size_bytes) {
    ++b.items_scanned;
    // DynamoDB rule: an item gets an entry only if it holds every index key attribute with the
    // type the index declares (a sparse index skips the rest; a type mismatch is not indexed).
    auto hash = item.find(draft.hash);
    if (hash == item.end()) return;
    if (hash->second.type() != hash_type) {
      ++b.wrong_type;
      return;
    }
    if (!draft.range.empty()) {
      auto range = item.find(draft.range);
      if (range == item.end()) return;
      if (range->second.type() != range_type) {
        ++b.wrong_type;
        return;
      }
    }
    // Entry size (dynamodb-rules.md §1.4): ALL is the whole item; otherwise the projected
    // attributes (table keys, index keys, INCLUDE's NonKeyAttributes).
    uint64_t entry = 0;
    if (draft.projection == 0) {
      entry = size_bytes;
    } else {
      for (const auto& [name, value] : item) {
        if (projected.count(name)) entry += AttributeSize(name, value);
      }
    }
    ++b.entries;
    b.entry_bytes += entry;
    b.largest_entry = std::max<uint32_t>(b.largest_entry, static_cast<uint32_t>(entry));
    b.write_units += limits::WriteUnits(entry);
  });
  FinishBackfill(&b, write_unit_price_per_million);
  return b;
}

BackfillView MeasureBackfill(const Engine& engine, const std::string& table,
                             const std::string& index, double write_unit_price_per_million) {
  BackfillView b;
  b.table = table;
  b.index = index;
  b.actual = true;
  for (const TableInfo& t : engine.Tables()) {
    if (t.name == table) b.items_scanned = t.item_count;
  }
  engine.ForEachItem(table, index, [&](const Item&, size_t size_bytes) {
    ++b.entries;
    b.entry_bytes += size_bytes;
    b.largest_entry = std::max<uint32_t>(b.largest_entry, static_cast<uint32_t>(size_bytes));
    b.write_units += limits::WriteUnits(size_bytes);
  });
  FinishBackfill(&b, write_unit_price_per_million);
  return b;
}

// --- The view ---

bool RefreshSettingsView(Engine* engine, const PlaygroundClock& clock, uint64_t generation,
                         const TableSettingsPanelState& panel, SettingsView* view) {
  const bool rebuild = view->built_offset_ms < 0 || view->built_version != engine->version() ||
                       view->built_generation != generation ||
                       view->built_offset_ms != clock.offset_ms() ||
                       view->built_last_advance != clock.last_advance();
  const bool same_engine = view->built_generation == generation && view->built_offset_ms >= 0;
  const double price = engine->options().prices.write_request_unit_per_million;
  if (rebuild) {
    // Indexes before, to find a GSI that appeared since (same engine lineage only).
    std::set<std::string> before;
    if (same_engine) {
      for (const TableSettingsView& t : view->tables) {
        for (const IndexSettingsView& i : t.indexes) before.insert(t.name + '\x1f' + i.name);
      }
    }
    BackfillView last_backfill = same_engine ? view->last_backfill : BackfillView();
    const int64_t now_ms = clock.NowMs();
    SettingsView fresh;
    fresh.clock_seconds = now_ms / 1000;
    fresh.clock_text = UtcText(now_ms);
    fresh.offset_text = OffsetText(clock.offset_ms());
    fresh.last_advance = clock.last_advance();
    fresh.write_unit_price_per_million = price;
    for (const TableInfo& info : engine->Tables()) {
      TableSettingsView t;
      FillTable(engine, info, fresh.clock_seconds, &t);
      if (same_engine) {
        for (const IndexSettingsView& i : t.indexes) {
          if (i.global && !before.count(t.name + '\x1f' + i.name)) {
            last_backfill = MeasureBackfill(*engine, t.name, i.name, price);
          }
        }
      }
      fresh.tables.push_back(std::move(t));
    }
    fresh.last_backfill = last_backfill;
    fresh.built_version = engine->version();
    fresh.built_generation = generation;
    fresh.built_offset_ms = clock.offset_ms();
    fresh.built_last_advance = clock.last_advance();
    *view = std::move(fresh);
  }
  std::string key = EstimateKey(*view, panel);
  if (key == view->built_estimate_key && !rebuild) return false;
  view->built_estimate_key = key;
  view->estimate = BackfillView();
  if (!key.empty()) {
    view->estimate = EstimateBackfill(*engine, view->tables[static_cast<size_t>(panel.table)],
                                      panel.draft, price);
  }
  return true;
}

}  // namespace monotable::ui
