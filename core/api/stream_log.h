// stream_log: the records of one DynamoDB stream, as EngineState keeps them (streams.h owns the
// rules; this header only holds the data so that api.h can include it without the handlers).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "monotable/value.h"
#include "storage/schema.h"
#include "storage/store.h"

namespace monotable::api {

struct StreamRecord {
  uint64_t sequence = 0;
  std::string event_name;  // INSERT, MODIFY, REMOVE
  int64_t time_ms = 0;
  Item keys;
  storage::ItemPtr old_image;  // kept whatever the view type; rendered per view type
  storage::ItemPtr new_image;
  bool by_service = false;  // a TTL deletion: GetRecords adds userIdentity
};

struct StreamLog {
  std::string arn;
  std::string label;
  std::string table_name;
  std::string view_type;
  storage::KeySchema keys;
  int64_t creation_ms = 0;
  bool enabled = true;
  std::vector<StreamRecord> records;  // sequence i+1 at index i
};

}  // namespace monotable::api
