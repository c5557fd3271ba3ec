// persist: the data directory of `serve --data-dir` (see the header for the layout and the
// guarantees); the model-file dump, restore and snapshots are in persist_model.cc.
#include "persist.h"

#include <dirent.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif
#include <errno.h>
#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstring>
#include <mutex>
#include <thread>
#include <vector>

#include "http_protocol.h"
#include "monotable/engine.h"

namespace monotable::cli {
namespace {

// The data format this code writes and reads. A directory with a larger one is refused.
constexpr int kDataFormat = 1;
constexpr char kLogMagic[8] = {'M', 'T', 'L', 'O', 'G', 0, 0, 0};
constexpr size_t kLogHeaderBytes = 24;
constexpr size_t kRecordHeaderBytes = 8;
// A record's payload is at most a request body (16 MB) plus its operation and time.
constexpr uint32_t kMaxPayloadBytes = kMaxRequestBytes + 512;

void PutU32(std::string* out, uint32_t v) {
  for (int i = 0; i < 4; ++i) out->push_back(static_cast<char>((v >> (8 * i)) & 0xFFu));
}
void PutU64(std::string* out, uint64_t v) {
  for (int i = 0; i < 8; ++i) out->push_back(static_cast<char>((v >> (8 * i)) & 0xFFu));
}
uint32_t GetU32(const char* p) {
  uint32_t v = 0;
  for (int i = 3; i >= 0; --i) v = v << 8 | static_cast<unsigned char>(p[i]);
  return v;
}
uint64_t GetU64(const char* p) {
  uint64_t v = 0;
  for (int i = 7; i >= 0; --i) v = v << 8 | static_cast<unsigned char>(p[i]);
  return v;
}

std::string Errno() { return std::strerror(errno); }

// Writes all of `data` to `fd` (retrying short writes). False with errno set on failure.
bool WriteAll(int fd, std::string_view data) {
  while (!data.empty()) {
    ssize_t n = write(fd, data.data(), data.size());
    if (n < 0) {
      if (errno == EINTR) continue;
      return false;
    }
    data.remove_prefix(static_cast<size_t>(n));
  }
  return true;
}

bool ReadWholeFile(const std::string& path, std::string* out) {
  int fd = open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return false;
  out->clear();
  char buffer[1 << 16];
  while (true) {
    ssize_t n = read(fd, buffer, sizeof(buffer));
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      close(fd);
      return false;
    }
    if (n == 0) break;
    out->append(buffer, static_cast<size_t>(n));
  }
  close(fd);
  return true;
}

bool FsyncDirectory(const std::string& dir) {
  int fd = open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) return false;
  bool ok = fsync(fd) == 0;
  close(fd);
  return ok;
}

// Gives memory freed after a snapshot was written or loaded (a model of every item, its text)
// back to the system: glibc keeps it otherwise (a million items: 1 GB resident instead of 0.2).
void ReturnFreedMemory() {
#ifdef __GLIBC__
  malloc_trim(0);
#endif
}

// Writes `text` to dir/name through dir/name.tmp: written, fsynced, renamed, directory fsynced.
bool WriteFileAtomically(const std::string& dir, const std::string& name, std::string_view text,
                         std::string* error) {
  const std::string path = dir + "/" + name;
  const std::string tmp = path + ".tmp";
  int fd = open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) {
    *error = "cannot create " + tmp + " (" + Errno() + ")";
    return false;
  }
  if (!WriteAll(fd, text) || fsync(fd) != 0) {
    *error = "cannot write " + tmp + " (" + Errno() + ")";
    close(fd);
    unlink(tmp.c_str());
    return false;
  }
  close(fd);
  if (rename(tmp.c_str(), path.c_str()) != 0 || !FsyncDirectory(dir)) {
    *error = "cannot rename " + tmp + " to " + path + " (" + Errno() + ")";
    return false;
  }
  return true;
}

std::string GenerationName(const char* prefix, uint64_t generation, const char* suffix) {
  char name[64];
  std::snprintf(name, sizeof(name), "%s%06llu%s", prefix,
                static_cast<unsigned long long>(generation), suffix);
  return name;
}

std::string LogHeader(uint64_t generation) {
  std::string h(kLogMagic, sizeof(kLogMagic));
  PutU32(&h, kDataFormat);
  PutU64(&h, generation);
  PutU32(&h, Crc32(h));
  return h;
}

}  // namespace

std::string Grouped(uint64_t n) {
  std::string digits = std::to_string(n), out;
  for (size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out.push_back(',');
    out.push_back(digits[i]);
  }
  return out;
}

bool ParseFsyncPolicy(std::string_view name, FsyncPolicy* out) {
  if (name == "always") {
    *out = FsyncPolicy::kAlways;
  } else if (name == "batch") {
    *out = FsyncPolicy::kBatch;
  } else {
    return false;
  }
  return true;
}

// --- the data directory ---------------------------------------------------------------------

struct DataDir::Impl {
  DataDirOptions options;
  int lock_fd = -1;
  bool fresh = false;
  std::string summary;
  uint64_t generation = 0;
  uint64_t log_bytes = 0;  // size of the current log, header included
  // The log size past which the next compaction runs: compact_bytes, or further after a failed
  // one (so that a full disk is not tried again after every request).
  uint64_t compact_at = 0;

  // The log's descriptor: used by the main thread (appends, compaction) and the sync thread.
  std::mutex fd_mutex;
  int log_fd = -1;
  std::atomic<bool> dirty{false};  // appended since the last fdatasync
  std::thread sync_thread;
  std::condition_variable stop_cv;
  bool stopping = false;  // under fd_mutex
  std::string record;     // reused for each record

  std::string Path(const std::string& name) const { return options.path + "/" + name; }

  bool Lock(std::string* error) {
    const std::string path = Path("LOCK");
    lock_fd = open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (lock_fd < 0) {
      *error = "cannot open " + path + " (" + Errno() + ")";
      return false;
    }
    if (flock(lock_fd, LOCK_EX | LOCK_NB) != 0) {
      std::string holder;
      ReadWholeFile(path, &holder);
      while (!holder.empty() && (holder.back() == '\n' || holder.back() == ' ')) holder.pop_back();
      *error = options.path + " is in use by another monotable serve" +
               (holder.empty() ? std::string() : " (pid " + holder + ")") +
               "; stop it or choose another --data-dir";
      close(lock_fd);
      lock_fd = -1;
      return false;
    }
    std::string pid = std::to_string(getpid()) + "\n";
    if (ftruncate(lock_fd, 0) == 0) {
      ssize_t ignored = pwrite(lock_fd, pid.data(), pid.size(), 0);
      (void)ignored;
    }
    return true;
  }

  // Names in the directory other than LOCK.
  bool List(std::vector<std::string>* names, std::string* error) {
    DIR* dir = opendir(options.path.c_str());
    if (dir == nullptr) {
      *error = "cannot read " + options.path + " (" + Errno() + ")";
      return false;
    }
    while (dirent* e = readdir(dir)) {
      std::string name = e->d_name;
      // namespaces/ holds serve's other namespaces, each a data directory of its own (persist.h).
      if (name != "." && name != ".." && name != "LOCK" && name != "namespaces") {
        names->push_back(name);
      }
    }
    closedir(dir);
    return true;
  }

  // Starts generation 1 in an empty directory.
  bool Initialize(std::string* error) {
    const std::string log = GenerationName("log-", 1, "");
    int fd = open(Path(log).c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd < 0 || !WriteAll(fd, LogHeader(1)) || fsync(fd) != 0) {
      *error = "cannot write " + Path(log) + " (" + Errno() + ")";
      if (fd >= 0) close(fd);
      return false;
    }
    close(fd);
    std::string current =
        "monotable-data " + std::to_string(kDataFormat) + "\ngeneration 1\nsnapshot none\n";
    return WriteFileAtomically(options.path, "CURRENT", current, error);
  }

  uint64_t diverged = 0;  // replayed records that changed nothing

  // Replays the log of `generation` into engine; cuts a torn last record off.
  bool Replay(Engine* engine, int64_t* clock, uint64_t* records, std::string* error) {
    const std::string path = Path(GenerationName("log-", generation, ""));
    std::string data;
    if (!ReadWholeFile(path, &data)) {
      *error = "cannot read " + path + " (" + Errno() + "): the log of the current generation";
      return false;
    }
    if (data.size() < kLogHeaderBytes || std::memcmp(data.data(), kLogMagic, 8) != 0) {
      *error = path + " is damaged or not a monotable log (bad header)";
      return false;
    }
    uint32_t format = GetU32(data.data() + 8);
    if (GetU32(data.data() + 20) != Crc32(std::string_view(data.data(), 20))) {
      *error = path + " is damaged (header checksum mismatch)";
      return false;
    }
    if (format > static_cast<uint32_t>(kDataFormat)) {
      *error = path + " was written by a newer monotable (log format " + std::to_string(format) +
               "; this monotable reads format " + std::to_string(kDataFormat) + ")";
      return false;
    }
    if (GetU64(data.data() + 12) != generation) {
      *error = path + " belongs to another generation than CURRENT names";
      return false;
    }
    size_t at = kLogHeaderBytes;
    uint64_t n = 0;
    while (at < data.size()) {
      // What is left is the end of the log: a torn record (a crash in the middle of an append)
      // is shorter than its length says, or fails its checksum with nothing complete after it.
      size_t left = data.size() - at;
      bool torn = false;
      uint32_t length = 0;
      if (left < kRecordHeaderBytes) {
        torn = true;
      } else {
        length = GetU32(data.data() + at);
        if (length > kMaxPayloadBytes || length < 9) {
          // A length no record has: torn only if all that follows is zeros (a file extended
          // by the filesystem before its data reached the disk) or this is the last record.
          bool zeros = data.find_first_not_of('\0', at) == std::string::npos;
          if (!zeros) {
            *error = path + ": record " + std::to_string(n + 1) + " at byte " + std::to_string(at) +
                     " is damaged (impossible length " + std::to_string(length) + ")";
            return false;
          }
          torn = true;
        } else if (left < kRecordHeaderBytes + length) {
          torn = true;
        } else {
          std::string_view payload(data.data() + at + kRecordHeaderBytes, length);
          if (Crc32(payload) != GetU32(data.data() + at + 4)) {
            if (at + kRecordHeaderBytes + length < data.size()) {
              *error = path + ": record " + std::to_string(n + 1) + " at byte " +
                       std::to_string(at) + " is damaged (checksum mismatch) and " +
                       std::to_string(data.size() - at - kRecordHeaderBytes - length) +
                       " bytes follow it";
              return false;
            }
            torn = true;
          }
        }
      }
      if (torn) {
        std::fprintf(stderr,
                     "monotable serve: %s: the last record (%zu bytes at byte %zu) is incomplete "
                     "(the server stopped while writing it, before answering); cut off\n",
                     path.c_str(), left, at);
        if (truncate(path.c_str(), static_cast<off_t>(at)) != 0) {
          *error = "cannot truncate " + path + " (" + Errno() + ")";
          return false;
        }
        data.resize(at);
        break;
      }
      const char* p = data.data() + at + kRecordHeaderBytes;
      int64_t time_ms = static_cast<int64_t>(GetU64(p));
      size_t op_length = static_cast<unsigned char>(p[8]);
      if (9 + op_length > length) {
        *error = path + ": record " + std::to_string(n + 1) + " is malformed";
        return false;
      }
      std::string_view operation(p + 9, op_length);
      std::string_view body(p + 9 + op_length, length - 9 - op_length);
      *clock = time_ms;
      const uint64_t version = engine->version();
      engine->Execute(operation, body, ExecuteOptions{.effects = false});
      // Only requests that changed the engine were logged: one that changes nothing now means the
      // replay went another way than the original (it should never happen; said, not hidden).
      if (engine->version() == version) ++diverged;
      ++n;
      at += kRecordHeaderBytes + length;
    }
    log_bytes = data.size();
    *records = n;
    return true;
  }

  bool OpenLogForAppend(std::string* error) {
    const std::string path = Path(GenerationName("log-", generation, ""));
    int fd = open(path.c_str(), O_WRONLY | O_APPEND | O_CLOEXEC);
    if (fd < 0) {
      *error = "cannot open " + path + " (" + Errno() + ")";
      return false;
    }
    std::lock_guard<std::mutex> hold(fd_mutex);
    log_fd = fd;
    return true;
  }

  void SyncLoop() {
    std::unique_lock<std::mutex> hold(fd_mutex);
    while (!stopping) {
      stop_cv.wait_for(hold, std::chrono::milliseconds(options.batch_interval_ms));
      if (dirty.exchange(false) && log_fd >= 0) fdatasync(log_fd);
    }
  }
};

DataDir::DataDir() : impl_(std::make_unique<Impl>()) {}
DataDir::~DataDir() { Close(); }

bool DataDir::fresh() const { return impl_->fresh; }
const std::string& DataDir::recovery_summary() const { return impl_->summary; }

bool DataDir::Open(const DataDirOptions& options, Engine* engine, int64_t* clock,
                   std::string* error) {
  Impl& s = *impl_;
  s.options = options;
  if (mkdir(options.path.c_str(), 0755) != 0 && errno != EEXIST) {
    *error = "cannot create " + options.path + " (" + Errno() + ")";
    return false;
  }
  struct stat st;
  if (stat(options.path.c_str(), &st) != 0 || !S_ISDIR(st.st_mode)) {
    *error = options.path + " is not a directory";
    return false;
  }
  if (!s.Lock(error)) return false;
  std::vector<std::string> names;
  if (!s.List(&names, error)) return false;
  std::string current;
  if (!ReadWholeFile(s.Path("CURRENT"), &current)) {
    // New (or a start that crashed before CURRENT was written: nothing but the first log and
    // temporary files, and no record was ever acknowledged without CURRENT).
    for (const std::string& name : names) {
      struct stat f;
      bool first_log = name == "log-000001" && stat(s.Path(name).c_str(), &f) == 0 &&
                       static_cast<size_t>(f.st_size) <= kLogHeaderBytes;
      bool tmp = name.size() > 4 && name.compare(name.size() - 4, 4, ".tmp") == 0;
      if (!first_log && !tmp) {
        *error = options.path + " is not a monotable data directory (it holds " + name +
                 " but no CURRENT file); choose an empty or new directory";
        return false;
      }
    }
    if (!s.Initialize(error)) return false;
    s.fresh = true;
    ReadWholeFile(s.Path("CURRENT"), &current);
  }
  // CURRENT: "monotable-data F\ngeneration G\nsnapshot NAME SIZE CRC\n" or "snapshot none".
  int format = 0;
  unsigned long long generation = 0;
  char snapshot[128] = {0};
  unsigned long long snapshot_size = 0;
  unsigned int snapshot_crc = 0;
  int fields =
      std::sscanf(current.c_str(), "monotable-data %d\ngeneration %llu\nsnapshot %127s %llu %x",
                  &format, &generation, snapshot, &snapshot_size, &snapshot_crc);
  if (fields >= 1 && format > kDataFormat) {
    *error = options.path + " was written by a newer monotable (data format " +
             std::to_string(format) + "; this monotable reads format " +
             std::to_string(kDataFormat) + "); use that version, or `monotable dump` with it";
    return false;
  }
  bool has_snapshot = fields == 5;
  if (fields < 3 || format < 1 || generation < 1 ||
      (!has_snapshot && std::string_view(snapshot) != "none")) {
    *error = s.Path("CURRENT") + " is damaged (expected the data format, generation and snapshot)";
    return false;
  }
  s.generation = generation;
  // Files of other generations are what a compaction that crashed left (the new one unfinished)
  // or had not deleted yet (the old one): never needed again.
  const std::string log_name = GenerationName("log-", generation, "");
  for (const std::string& name : names) {
    if (name == "CURRENT" || name == log_name || (has_snapshot && name == snapshot)) continue;
    if (name.rfind("log-", 0) == 0 || name.rfind("snapshot-", 0) == 0 ||
        (name.size() > 4 && name.compare(name.size() - 4, 4, ".tmp") == 0)) {
      unlink(s.Path(name).c_str());
    }
  }
  std::string summary = "generation " + std::to_string(generation);
  if (has_snapshot) {
    std::string text;
    if (!ReadWholeFile(s.Path(snapshot), &text)) {
      *error = "cannot read " + s.Path(snapshot) + " (" + Errno() + "), which CURRENT names";
      return false;
    }
    if (text.size() != snapshot_size || Crc32(text) != snapshot_crc) {
      *error = s.Path(snapshot) + " is damaged (its size or checksum is not what CURRENT says)";
      return false;
    }
    std::string loaded;
    if (!LoadSnapshot(text, engine, clock, &loaded, error)) {
      *error = s.Path(snapshot) + ": " + *error;
      return false;
    }
    summary += ", snapshot of " + loaded;
    text = std::string();
    ReturnFreedMemory();
  } else {
    summary += ", no snapshot";
  }
  uint64_t records = 0;
  if (!s.Replay(engine, clock, &records, error)) return false;
  summary +=
      ", " + Grouped(records) + (records == 1 ? " log record" : " log records") + " replayed";
  if (s.diverged > 0) {
    summary += " (" + Grouped(s.diverged) + " of them changed nothing on replay: please report it)";
  }
  s.compact_at = options.compact_bytes;
  s.summary = summary;
  if (!s.OpenLogForAppend(error)) return false;
  if (options.fsync == FsyncPolicy::kBatch) {
    s.sync_thread = std::thread([&s] { s.SyncLoop(); });
  }
  return true;
}

bool DataDir::Append(int64_t time_ms, std::string_view operation, std::string_view body,
                     std::string* error) {
  Impl& s = *impl_;
  std::string& r = s.record;
  r.clear();
  const size_t length = 9 + operation.size() + body.size();
  r.reserve(kRecordHeaderBytes + length);
  PutU32(&r, static_cast<uint32_t>(length));
  PutU32(&r, 0);  // the checksum, once the payload is in
  PutU64(&r, static_cast<uint64_t>(time_ms));
  r.push_back(static_cast<char>(operation.size()));
  r.append(operation);
  r.append(body);
  uint32_t crc = Crc32(std::string_view(r).substr(kRecordHeaderBytes));
  for (int i = 0; i < 4; ++i) r[4 + i] = static_cast<char>((crc >> (8 * i)) & 0xFFu);
  if (!WriteAll(s.log_fd, r)) {
    *error = "cannot append to " + s.Path(GenerationName("log-", s.generation, "")) + " (" +
             Errno() + ")";
    return false;
  }
  s.log_bytes += r.size();
  s.dirty.store(true, std::memory_order_relaxed);
  if (r.capacity() > 1024 * 1024) r = std::string();
  return true;
}

bool DataDir::Sync(std::string* error) {
  Impl& s = *impl_;
  if (s.options.fsync != FsyncPolicy::kAlways || !s.dirty.exchange(false)) return true;
  if (fdatasync(s.log_fd) != 0) {
    *error =
        "cannot sync " + s.Path(GenerationName("log-", s.generation, "")) + " (" + Errno() + ")";
    return false;
  }
  return true;
}

bool DataDir::NeedsCompaction() const { return impl_->log_bytes > impl_->compact_at; }

void DataDir::PostponeCompaction() {
  impl_->compact_at = impl_->log_bytes + impl_->options.compact_bytes;
}

bool DataDir::Compact(Engine* engine, std::string* error) {
  Impl& s = *impl_;
  // Until this one succeeds, the next attempt waits for the log to grow by compact_bytes again.
  s.compact_at = s.log_bytes + s.options.compact_bytes;
  std::string text;
  if (!SnapshotText(engine, &text, error)) return false;
  const uint64_t next = s.generation + 1;
  const std::string snapshot = GenerationName("snapshot-", next, ".json");
  const std::string log = GenerationName("log-", next, "");
  if (!WriteFileAtomically(s.options.path, snapshot, text, error)) return false;
  int fd = open(s.Path(log).c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_APPEND | O_CLOEXEC, 0644);
  if (fd < 0 || !WriteAll(fd, LogHeader(next)) || fsync(fd) != 0) {
    *error = "cannot write " + s.Path(log) + " (" + Errno() + ")";
    if (fd >= 0) close(fd);
    return false;
  }
  char line[160];
  std::snprintf(line, sizeof(line), "monotable-data %d\ngeneration %llu\nsnapshot %s %zu %08x\n",
                kDataFormat, static_cast<unsigned long long>(next), snapshot.c_str(), text.size(),
                Crc32(text));
  if (!WriteFileAtomically(s.options.path, "CURRENT", line, error)) {
    close(fd);
    return false;
  }
  // The new generation is current: appends go to its log, the old files go.
  const std::string old_log = s.Path(GenerationName("log-", s.generation, ""));
  const std::string old_snapshot = s.Path(GenerationName("snapshot-", s.generation, ".json"));
  {
    std::lock_guard<std::mutex> hold(s.fd_mutex);
    close(s.log_fd);
    s.log_fd = fd;
    s.dirty = false;
  }
  unlink(old_log.c_str());
  unlink(old_snapshot.c_str());
  s.generation = next;
  s.log_bytes = kLogHeaderBytes;
  s.compact_at = s.options.compact_bytes;
  text = std::string();
  ReturnFreedMemory();
  return true;
}

void DataDir::Close() {
  Impl& s = *impl_;
  if (s.sync_thread.joinable()) {
    {
      std::lock_guard<std::mutex> hold(s.fd_mutex);
      s.stopping = true;
    }
    s.stop_cv.notify_all();
    s.sync_thread.join();
  }
  if (s.log_fd >= 0) {
    fdatasync(s.log_fd);
    close(s.log_fd);
    s.log_fd = -1;
  }
  if (s.lock_fd >= 0) {
    close(s.lock_fd);  // releases the flock
    s.lock_fd = -1;
  }
}

}  // namespace monotable::cli
