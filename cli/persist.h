// persist: `monotable serve --data-dir DIR`, the engine's state kept on disk (persist.cc), and the
// model-file dump and restore that `monotable dump` / `restore` and the snapshots share
// (persist_model.cc).
//
// The directory holds a snapshot (a model file, absent until the first compaction) and an
// append-only log of the requests the engine applied after it (operation, request body and the
// engine clock's time, one checksummed record per request; a TransactWriteItems is one record, so
// it is all or nothing after a crash). Opening the directory replays the log through
// Engine::Execute with the clock pinned to each record's time, so timestamps and TTL come out the
// same. docs/reliability.md states what each fsync policy guarantees and why this is our own log
// rather than SQLite or LMDB.
//
// Layout (format 1):
//   LOCK                    flock()ed while a server uses the directory; holds its pid
//   namespaces/             serve's other namespaces (serve.cc), each a data directory of its
//                           own; never read or removed here
//   CURRENT                 "monotable-data 1\ngeneration G\nsnapshot NAME SIZE CRC\n" (or
//                           "snapshot none"); replaced by rename, so a compaction is atomic
//   snapshot-<G>.json       the state at the start of generation G (a model file)
//   log-<G>                 a 24-byte header ("MTLOG\0\0\0", format, generation, header CRC), then
//                           records: u32 length, u32 CRC-32 of the payload, payload = i64 time_ms,
//                           u8 operation length, operation, request body
// Recovery: a torn last record (a crash in the middle of an append) is cut off; any other damage,
// a missing file, or a newer format is an error that leaves the directory as it is.
//
// Not thread-safe except as stated: one thread (the serve loop) calls everything.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>

namespace monotable {
class Engine;
}

namespace monotable::cli {

// One DynamoDB call: the engine's Execute or an endpoint's.
struct CallResult {
  int http_status = 0;  // 200 OK; 0: no answer at all
  std::string body;     // the response JSON (the error body on failure)
};
using CallFn = std::function<CallResult(std::string_view operation, std::string_view body)>;

// Reads every table behind `call` (ListTables, DescribeTable, DescribeTimeToLive,
// ListTagsOfResource, Scan) and writes it as a model file (docs/model-format.md): CreateTable
// requests rebuilt from the descriptions (keys, indexes, billing, throughput, streams), items in
// DynamoDB JSON, and the rest (creation time, stream setting, TTL attribute, tags) in the member
// "x-monotable-tables". Returns false and sets *error (which call failed, and DynamoDB's message).
bool DumpModelText(const CallFn& call, std::string* out, std::string* error);

// Creates the tables of a model file (as DumpModelText writes, or any model file) through `call`
// and writes their items (BatchWriteItem, 25 at a time, unprocessed items sent again), then sets
// what "x-monotable-tables" holds (streams, TTL, tags). `set_clock`, when given, is called with a
// table's creation time (ms) before its CreateTable and with -1 after the table is done (snapshots
// restore CreationDateTime exactly; an endpoint sets its own). `wait_active` polls DescribeTable
// until the table is ACTIVE (real DynamoDB creates tables asynchronously). Returns false and sets
// *error on the first failure; *summary gets "2 tables, 31 items".
bool RestoreModelText(std::string_view text, const CallFn& call,
                      const std::function<void(int64_t creation_ms)>& set_clock, bool wait_active,
                      std::string* summary, std::string* error);

// The snapshot of `engine`: DumpModelText's file, with the items written by the model library
// from the engine's own walk (ExportModel + SerializeModel: no Scan, no JSON tree). Runs
// ListTables, DescribeTable, DescribeTimeToLive and ListTagsOfResource through engine->Execute
// (reads only). Returns false with *error if one fails.
bool SnapshotText(Engine* engine, std::string* out, std::string* error);

// What `engine` holds that a snapshot (a model file) cannot: "on-demand backups", "point-in-time
// recovery of Orders", "contributor insights of T", "the resource policy of T"; "" when nothing.
// `serve --data-dir` does not compact while there is any, so a restart replays it from the log
// instead of losing it. Reads only (ListBackups, ListTables, DescribeContinuousBackups,
// ListContributorInsights, DescribeTable, GetResourcePolicy through engine->Execute).
std::string StateBeyondSnapshot(Engine* engine);

// Loads a snapshot (SnapshotText's file, or any model file) into `engine`: each table through
// LoadModel (CreateTable, then BatchWriteItem) with *clock (the engine's clock) at the table's
// creation time, then its stream setting, TTL and tags; *clock is put back after. *summary gets
// "2 tables, 31 items". Returns false with *error (the model library's message) on failure.
bool LoadSnapshot(std::string_view text, Engine* engine, int64_t* clock, std::string* summary,
                  std::string* error);

// "1,204": digits grouped by thousands, for messages.
std::string Grouped(uint64_t n);

enum class FsyncPolicy {
  kAlways,  // fdatasync before any answer to a write goes out (group commit): survives power loss
  kBatch,   // written before the answer (survives a process crash), fdatasync every interval
};

struct DataDirOptions {
  std::string path;
  FsyncPolicy fsync = FsyncPolicy::kBatch;
  int batch_interval_ms = 100;                   // kBatch: how often written records are synced
  uint64_t compact_bytes = 64ull * 1024 * 1024;  // compact once the log is larger than this
};

class DataDir {
 public:
  DataDir();
  ~DataDir();  // Close()
  DataDir(const DataDir&) = delete;
  DataDir& operator=(const DataDir&) = delete;

  // Creates the directory if needed, locks it (another server holding it: error), loads the
  // snapshot into `engine` and replays the log, with *clock (the engine's clock, which the caller
  // made read *clock) set to each record's time. REQUIRES: `engine` is empty. Returns false with
  // *error (one sentence naming the file and what is wrong) on a locked, damaged, foreign or newer
  // directory; the directory is then left as it was.
  bool Open(const DataDirOptions& options, Engine* engine, int64_t* clock, std::string* error);

  // True if Open found no data (a new directory): serve --model loads the model only then.
  bool fresh() const;
  // What Open found: "generation 3, snapshot of 2 tables, 1,204 log records replayed" and the like.
  const std::string& recovery_summary() const;

  // Appends one request the engine applied (its operation, body and the clock's time during it).
  // Under kBatch the record is in the kernel when this returns; under kAlways it is made durable by
  // Sync(). Returns false with *error if the write failed (the record may be partly written: the
  // caller must stop, see serve.cc).
  bool Append(int64_t time_ms, std::string_view operation, std::string_view body,
              std::string* error);

  // kAlways: fdatasync the log if anything was appended since the last Sync. kBatch: nothing (a
  // thread syncs every batch_interval_ms). Returns false with *error if fdatasync failed.
  bool Sync(std::string* error);

  // True once the log has grown past compact_bytes (after a failed Compact, past compact_bytes
  // more than it was then).
  bool NeedsCompaction() const;
  // Asks again only once the log has grown by compact_bytes more (a compaction that must wait:
  // the engine holds state a snapshot cannot, StateBeyondSnapshot).
  void PostponeCompaction();
  // Writes a snapshot of `engine` and starts a new, empty log (atomically: a crash at any point
  // leaves the old or the new generation whole). Runs DescribeTable/Scan through engine->Execute
  // (reads only). Returns false with *error if a file could not be written (the old generation
  // stays current and appends go on into the old log).
  bool Compact(Engine* engine, std::string* error);

  // Syncs, stops the sync thread and releases the lock. Idempotent.
  void Close();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// The FsyncPolicy named "always" or "batch"; false for anything else.
bool ParseFsyncPolicy(std::string_view name, FsyncPolicy* out);

}  // namespace monotable::cli
