// Runs the data-driven API cases in tests/cases/*.json in-process, through Engine::Execute.
//
// A case file is a JSON object: {"description": "...", "steps": [step, ...]}. Each step runs one
// request on the same engine (fresh per file, clock fixed at 2024-01-01T00:00:00Z):
//   {"operation": "PutItem", "request": {...},
//    "response": {...}            exact response body (optional)
//    "responseIncludes": {...}    members that must be present with these values (optional)
//    "responseExcludes": ["Attributes"]  members that must be absent (optional)
//    "error": {"type": "ValidationException", "message": "..."}  expected error (optional)}
// A step without "error" must succeed. The same files run over HTTP against `monotable serve`
// (and could run against real DynamoDB): they hold only wire-format requests and responses.
// A file's optional "messages": "2026-05" runs it under that MessageCohort (engine.h; `serve
// --messages` over HTTP): files pinning the May 2026 wording of a family that changed since.
// Each step's "name" says what it checks; a failure prints the file, the step's number and name.
// One file alone: --gtest_filter='ApiCases/CaseFile.Passes/<file name without .json>' here,
// `node --test --test-name-pattern='<file>.json' tests/http/cases.test.mjs` over HTTP.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <string>

#include "monotable/engine.h"

namespace monotable {
namespace {

using json = nlohmann::json;

std::string ReadFile(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// True if every member of `expected` is in `actual` with an equal value (objects recursively;
// arrays and scalars exactly, numbers compared as doubles).
bool Includes(const json& actual, const json& expected, std::string* where) {
  if (expected.is_object()) {
    if (!actual.is_object()) return false;
    for (auto it = expected.begin(); it != expected.end(); ++it) {
      if (!actual.contains(it.key())) {
        *where = "missing member " + it.key();
        return false;
      }
      if (!Includes(actual[it.key()], it.value(), where)) {
        if (where->empty()) *where = "member " + it.key();
        return false;
      }
    }
    return true;
  }
  if (expected.is_number() && actual.is_number()) {
    return expected.get<double>() == actual.get<double>();
  }
  if (expected.is_array() && actual.is_array()) {
    if (expected.size() != actual.size()) return false;
    for (size_t i = 0; i < expected.size(); ++i) {
      if (!Includes(actual[i], expected[i], where)) return false;
    }
    return true;
  }
  return actual == expected;
}

// Exact equality, numbers compared as doubles (1 == 1.0).
bool Equal(const json& a, const json& b) {
  if (a.is_number() && b.is_number()) return a.get<double>() == b.get<double>();
  if (a.type() != b.type()) return false;
  if (a.is_object()) {
    if (a.size() != b.size()) return false;
    for (auto it = a.begin(); it != a.end(); ++it) {
      if (!b.contains(it.key()) || !Equal(it.value(), b[it.key()])) return false;
    }
    return true;
  }
  if (a.is_array()) {
    if (a.size() != b.size()) return false;
    for (size_t i = 0; i < a.size(); ++i) {
      if (!Equal(a[i], b[i])) return false;
    }
    return true;
  }
  return a == b;
}

void RunCaseFile(const std::filesystem::path& path) {
  const json file = json::parse(ReadFile(path), nullptr, false);
  ASSERT_FALSE(file.is_discarded()) << path << " is not JSON";
  ASSERT_TRUE(file.contains("steps") && file["steps"].is_array()) << path;
  EngineOptions options;
  options.clock_ms = [] { return int64_t{1704067200000}; };
  if (file.contains("messages")) {
    ASSERT_TRUE(file["messages"].is_string() &&
                ParseMessageCohort(file["messages"].get<std::string>(), &options.messages))
        << path << ": \"messages\" is not a MessageCohortName";
  }
  Engine engine(options);
  std::set<std::string> names;
  int n = 0;
  for (const json& step : file["steps"]) {
    ++n;
    const std::string op = step.value("operation", "");
    const std::string request = step.contains("request") ? step["request"].dump() : "{}";
    const Result result = engine.Execute(op, request);
    const json body = json::parse(result.body, nullptr, false);
    const std::string label = path.filename().string() + " step " + std::to_string(n) + " (" + op +
                              ")" +
                              (step.contains("name") ? ": " + step["name"].get<std::string>() : "");
    ASSERT_FALSE(body.is_discarded()) << label << ": body is not JSON: " << result.body;
    // Every step says what it checks, once per file, so a failure names its case.
    const std::string step_name = step.contains("name") && step["name"].is_string()
                                      ? step["name"].get<std::string>()
                                      : std::string();
    EXPECT_FALSE(step_name.empty()) << label << ": a step needs a \"name\" saying what it checks";
    EXPECT_TRUE(step_name.empty() || names.insert(step_name).second)
        << label << ": the name is used twice";
    if (step.contains("error")) {
      const json& error = step["error"];
      EXPECT_FALSE(result.status.ok()) << label << ": expected an error, got " << result.body;
      const std::string type = body.value("__type", "");
      const std::string name = type.substr(type.find('#') + 1);
      EXPECT_EQ(name, error.value("type", "")) << label << ": " << result.body;
      if (error.contains("message")) {
        const std::string message =
            body.contains("message") ? body.value("message", "") : body.value("Message", "");
        EXPECT_EQ(message, error["message"].get<std::string>()) << label;
      }
      if (error.contains("bodyIncludes")) {
        std::string where;
        EXPECT_TRUE(Includes(body, error["bodyIncludes"], &where))
            << label << ": " << where << "\n  body: " << result.body;
      }
      continue;
    }
    EXPECT_TRUE(result.status.ok()) << label << ": " << result.body;
    if (step.contains("response")) {
      EXPECT_TRUE(Equal(body, step["response"]))
          << label << "\n  expected: " << step["response"].dump()
          << "\n  actual:   " << body.dump();
    }
    if (step.contains("responseIncludes")) {
      std::string where;
      EXPECT_TRUE(Includes(body, step["responseIncludes"], &where))
          << label << ": " << where << "\n  expected: " << step["responseIncludes"].dump()
          << "\n  actual:   " << body.dump();
    }
    if (step.contains("responseExcludes")) {
      for (const json& member : step["responseExcludes"]) {
        EXPECT_FALSE(body.contains(member.get<std::string>()))
            << label << ": unexpected " << member << " in " << body.dump();
      }
    }
  }
}

std::vector<std::filesystem::path> CaseFiles() {
  const std::filesystem::path dir = std::filesystem::path(MONOTABLE_SOURCE_DIR) / "tests/cases";
  std::vector<std::filesystem::path> files;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    if (entry.path().extension() == ".json") files.push_back(entry.path());
  }
  std::sort(files.begin(), files.end());
  return files;
}

// One test per case file, named after it (items.json: ApiCases/CaseFile.Passes/items), so one file
// runs alone: build/tests/monotable_tests --gtest_filter='ApiCases/CaseFile.Passes/items'.
class CaseFile : public testing::TestWithParam<std::filesystem::path> {};

TEST_P(CaseFile, Passes) { RunCaseFile(GetParam()); }

INSTANTIATE_TEST_SUITE_P(ApiCases, CaseFile, testing::ValuesIn(CaseFiles()),
                         [](const testing::TestParamInfo<std::filesystem::path>& info) {
                           std::string name = info.param.stem().string();
                           for (char& c : name) {
                             if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
                           }
                           return name;
                         });

TEST(ApiCases, ThereAreCaseFiles) { EXPECT_GE(CaseFiles().size(), 10u); }

}  // namespace
}  // namespace monotable
