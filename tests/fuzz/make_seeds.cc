// make_seeds: builds the fuzzers' seed corpora from the repository's test inputs.
//
// Usage: make_seeds <out dir> <input.json>...   (tests/cases/*.json, examples/*.json)
// Writes one file per seed into <out dir>/<target>/ (named by a hash of its content):
//   engine/      "<Operation>\n<request>" for every request in a case step or an example's tables,
//                items and access patterns;
//   requests/    the same requests' JSON alone, compact and pretty-printed;
//   condition/, key_condition/, projection/, update/
//                "<expression>\n{"ExpressionAttributeNames":...,"ExpressionAttributeValues":...}"
//                for every expression member of every request;
//   wire/        every attribute map (Item, Key, ExpressionAttributeValues, ExclusiveStartKey,
//                Attributes, LastEvaluatedKey, ...);
//   number/      every N / NS text, alone and in pairs;
//   model/       "0" + every model file cut down to 3 items per table and 3 access patterns (the
//                selector byte 0 picks ParseModel; Workbench seeds are in tests/fuzz/seeds/model/).
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace {

using json = nlohmann::json;
namespace fs = std::filesystem;

fs::path out_dir;
size_t written = 0;
std::vector<std::string> numbers;

void Write(const std::string& target, const std::string& content) {
  const fs::path dir = out_dir / target;
  fs::create_directories(dir);
  char name[32];
  std::snprintf(name, sizeof name, "seed-%016zx", std::hash<std::string>()(content));
  const fs::path path = dir / name;
  if (fs::exists(path)) return;
  std::ofstream(path, std::ios::binary) << content;
  ++written;
}

void Expression(const json& request, const char* member, const std::string& target) {
  auto it = request.find(member);
  if (it == request.end() || !it->is_string()) return;
  json extra = json::object();
  for (const char* m : {"ExpressionAttributeNames", "ExpressionAttributeValues"}) {
    auto p = request.find(m);
    if (p != request.end()) extra[m] = *p;
  }
  Write(target, it->get<std::string>() + "\n" + extra.dump());
}

// Walks any JSON value, harvesting expressions, attribute maps and numbers.
void Walk(const json& j) {
  if (j.is_array()) {
    for (const json& e : j) Walk(e);
    return;
  }
  if (!j.is_object()) return;
  Expression(j, "ConditionExpression", "condition");
  Expression(j, "FilterExpression", "condition");
  Expression(j, "KeyConditionExpression", "key_condition");
  Expression(j, "ProjectionExpression", "projection");
  Expression(j, "UpdateExpression", "update");
  for (auto it = j.begin(); it != j.end(); ++it) {
    const std::string& key = it.key();
    if (key == "Item" || key == "Key" || key == "ExpressionAttributeValues" ||
        key == "ExclusiveStartKey" || key == "LastEvaluatedKey" || key == "Attributes") {
      if (it->is_object()) Write("wire", it->dump());
    }
    if (key == "N" && it->is_string()) numbers.push_back(it->get<std::string>());
    if (key == "NS" && it->is_array()) {
      for (const json& n : *it) {
        if (n.is_string()) numbers.push_back(n.get<std::string>());
      }
    }
    Walk(*it);
  }
}

void Request(const std::string& operation, const json& request) {
  if (!request.is_object()) return;
  Write("engine", operation + "\n" + request.dump());
  Write("requests", request.dump());
  Write("requests", request.dump(1));
}

void File(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  const json j = json::parse(ss.str(), nullptr, false);
  if (j.is_discarded()) {
    std::fprintf(stderr, "make_seeds: %s is not JSON, skipped\n", path.c_str());
    return;
  }
  Walk(j);
  // Case files: {"steps": [{"operation", "request"}, ...]}.
  auto steps = j.find("steps");
  if (steps != j.end() && steps->is_array()) {
    for (const json& step : *steps) {
      if (step.is_object() && step.contains("operation") && step["operation"].is_string() &&
          step.contains("request")) {
        Request(step["operation"].get<std::string>(), step["request"]);
      }
    }
  }
  // Model files: tables (CreateTable requests), items per table, access patterns.
  auto tables = j.find("tables");
  if (tables != j.end() && tables->is_array()) {
    for (const json& t : *tables) Request("CreateTable", t);
  }
  auto items = j.find("items");
  if (items != j.end() && items->is_object()) {
    for (auto it = items->begin(); it != items->end(); ++it) {
      if (!it->is_array()) continue;
      size_t n = 0;
      for (const json& item : *it) {
        if (++n > 20) break;  // a few items per table are enough
        Request("PutItem", json{{"TableName", it.key()}, {"Item", item}});
      }
    }
  }
  // A model file (it has "tables"): a small copy of it seeds the model importer's fuzzer.
  if (tables != j.end() && tables->is_array()) {
    json small = j;
    if (small.contains("items") && small["items"].is_object()) {
      for (auto it = small["items"].begin(); it != small["items"].end(); ++it) {
        if (it->is_array() && it->size() > 3) it->erase(it->begin() + 3, it->end());
      }
    }
    for (const char* list : {"accessPatterns", "tour"}) {
      if (small.contains(list) && small[list].is_array() && small[list].size() > 3) {
        small[list].erase(small[list].begin() + 3, small[list].end());
      }
    }
    Write("model", "0" + small.dump());
  }
  auto patterns = j.find("accessPatterns");
  if (patterns != j.end() && patterns->is_array()) {
    for (const json& p : *patterns) {
      if (p.is_object() && p.contains("operation") && p["operation"].is_string() &&
          p.contains("request")) {
        Request(p["operation"].get<std::string>(), p["request"]);
      }
    }
  }
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: make_seeds <out dir> <input.json>...\n");
    return 2;
  }
  out_dir = argv[1];
  for (int i = 2; i < argc; ++i) File(argv[i]);
  for (size_t i = 0; i < numbers.size(); ++i) {
    Write("number", numbers[i]);
    if (i + 1 < numbers.size()) Write("number", numbers[i] + "\n" + numbers[i + 1]);
  }
  std::printf("make_seeds: %zu seeds written to %s\n", written, out_dir.c_str());
  return 0;
}
