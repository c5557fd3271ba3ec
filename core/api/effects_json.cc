// Effects as JSON text and stream records as lines (monotable/effects.h): the one rendering of
// what a request did that every front end shares.
//
// The text is written straight into a string, without a JSON tree: a Scan page touches thousands
// of items, and building, sorting and printing a tree of them cost more than the Scan itself
// (benchmarks.md section 18). The bytes are the ones a nlohmann tree's dump() gave, which
// tests/core/api/effects_json_test.cc holds it to: members in byte order (a tree's std::map),
// numbers as nlohmann prints them, and bytes that are not UTF-8 as U+FFFD (a reason or an
// arithmetic may quote request text; see errors.cc).
#include <nlohmann/json.hpp>

#include "api/wire/wire.h"
#include "monotable/effects.h"

namespace monotable {

using nlohmann::json;

namespace {

// True when `s` is well-formed UTF-8 as nlohmann's serializer decides it (RFC 3629: no overlong
// forms, no surrogates, nothing above U+10FFFF).
bool IsUtf8(std::string_view s) {
  size_t i = 0;
  const size_t n = s.size();
  while (i < n) {
    const unsigned char c = static_cast<unsigned char>(s[i]);
    if (c < 0x80) {
      ++i;
      continue;
    }
    size_t len;
    unsigned char lo = 0x80, hi = 0xBF;  // the range of the second byte
    if (c >= 0xC2 && c <= 0xDF) {
      len = 2;
    } else if (c >= 0xE0 && c <= 0xEF) {
      len = 3;
      if (c == 0xE0) lo = 0xA0;
      if (c == 0xED) hi = 0x9F;
    } else if (c >= 0xF0 && c <= 0xF4) {
      len = 4;
      if (c == 0xF0) lo = 0x90;
      if (c == 0xF4) hi = 0x8F;
    } else {
      return false;
    }
    if (n - i < len) return false;
    const unsigned char c1 = static_cast<unsigned char>(s[i + 1]);
    if (c1 < lo || c1 > hi) return false;
    for (size_t k = 2; k < len; ++k) {
      const unsigned char ck = static_cast<unsigned char>(s[i + k]);
      if (ck < 0x80 || ck > 0xBF) return false;
    }
    i += len;
  }
  return true;
}

// A string literal; text that is not UTF-8 goes through nlohmann for its replacement characters
// (rare: only a reason quoting a malformed request).
void AppendText(std::string_view s, std::string* out) {
  if (IsUtf8(s)) {
    wire::AppendJsonString(s, out);
  } else {
    *out += json(std::string(s)).dump(-1, ' ', false, json::error_handler_t::replace);
  }
}

void AppendDouble(double d, std::string* out) { *out += json(d).dump(); }

void AppendBool(bool b, std::string* out) { *out += b ? "true" : "false"; }

}  // namespace

std::string StreamRecordLine(const StreamRecordEffect& r) {
  return r.event_name + " " + wire::ToJson(r.keys).dump() + " -> stream " + r.stream_label + " (" +
         r.view_type + "), SequenceNumber " + r.sequence_number +
         (r.by_service ? ", userIdentity Service dynamodb.amazonaws.com (TTL)" : "");
}

std::string EffectsToJson(const Effects& effects) {
  std::string out;
  size_t guess = 256;
  for (const TouchedItem& t : effects.items) guess += 96 + t.reason.size() + t.table.size();
  out.reserve(guess);
  // Members in byte order, as a tree's std::map held them.
  out += "{\"capacity\":[";
  for (size_t i = 0; i < effects.capacity.size(); ++i) {
    const CapacityLine& line = effects.capacity[i];
    if (i > 0) out.push_back(',');
    out += "{\"arithmetic\":";
    AppendText(line.arithmetic, &out);
    out += ",\"index\":";
    AppendText(line.index, &out);
    out += ",\"localIndex\":";
    AppendBool(line.local_index, &out);
    out += ",\"readUnits\":";
    AppendDouble(line.read_units, &out);
    out += ",\"table\":";
    AppendText(line.table, &out);
    out += ",\"writeUnits\":";
    AppendDouble(line.write_units, &out);
    out.push_back('}');
  }
  out += "],\"dollars\":";
  AppendDouble(effects.dollars, &out);
  out += ",\"items\":[";
  for (size_t i = 0; i < effects.items.size(); ++i) {
    const TouchedItem& t = effects.items[i];
    if (i > 0) out.push_back(',');
    out += "{\"action\":\"";
    out += ItemActionName(t.action);
    out += "\",\"index\":";
    AppendText(t.index, &out);
    out += ",\"key\":";
    wire::AppendItemJson(t.key, &out);  // stored values: UTF-8 (parsed from requests)
    out += ",\"reason\":";
    AppendText(t.reason, &out);
    out += ",\"sizeBytes\":";
    out += std::to_string(t.size_bytes);
    out += ",\"table\":";
    AppendText(t.table, &out);
    out.push_back('}');
  }
  out += "],\"lints\":[";
  for (size_t i = 0; i < effects.lints.size(); ++i) {
    if (i > 0) out.push_back(',');
    AppendText(effects.lints[i], &out);
  }
  out += "],\"operation\":";
  AppendText(effects.operation, &out);
  out += ",\"readModes\":";
  if (effects.read_modes.applicable) {
    out += "{\"eventual\":";
    AppendDouble(effects.read_modes.eventual, &out);
    out += ",\"strong\":";
    AppendDouble(effects.read_modes.strong, &out);
    out += ",\"transactional\":";
    AppendDouble(effects.read_modes.transactional, &out);
    out.push_back('}');
  } else {
    out += "null";
  }
  out += ",\"readUnits\":";
  AppendDouble(effects.read_units, &out);
  out += ",\"streamRecords\":[";
  for (size_t i = 0; i < effects.stream_records.size(); ++i) {
    const StreamRecordEffect& r = effects.stream_records[i];
    if (i > 0) out.push_back(',');
    out += "{\"byService\":";
    AppendBool(r.by_service, &out);
    out += ",\"eventName\":";
    AppendText(r.event_name, &out);
    out += ",\"keys\":";
    wire::AppendItemJson(r.keys, &out);
    out += ",\"line\":";
    AppendText(StreamRecordLine(r), &out);
    out += ",\"sequenceNumber\":";
    AppendText(r.sequence_number, &out);
    out += ",\"streamLabel\":";
    AppendText(r.stream_label, &out);
    out += ",\"table\":";
    AppendText(r.table, &out);
    out += ",\"viewType\":";
    AppendText(r.view_type, &out);
    out.push_back('}');
  }
  out += "],\"writeUnits\":";
  AppendDouble(effects.write_units, &out);
  out.push_back('}');
  return out;
}

}  // namespace monotable
