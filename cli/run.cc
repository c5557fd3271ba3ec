// run: `monotable run`, executes DynamoDB requests read from files or stdin against one Engine and
// prints each response (and, when asked, its effects). The request file format is documented in
// kRunHelp and docs/cli.md.
#include <cstdio>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "commands.h"
#include "effects_format.h"
#include "monotable/engine.h"

namespace monotable::cli {

const char kRunHelp[] =
    "usage: monotable run [options] [FILE...]\n"
    "\n"
    "Executes DynamoDB requests in order against one in-memory engine and prints each response.\n"
    "Reads the FILEs in order, or stdin when none is given (or for '-').\n"
    "\n"
    "input: one request per line (JSON Lines; blank lines and lines starting with # are skipped)\n"
    "or a JSON array of requests, each\n"
    "  {\"operation\": \"PutItem\", \"request\": {\"TableName\": \"T\", \"Item\": {...}}}\n"
    "with the request in DynamoDB's JSON, exactly as the HTTP API takes it. A request may add\n"
    "  \"expectError\": \"ConditionalCheckFailedException\"\n"
    "when failing is the point: it then counts as passed only if it fails with that error.\n"
    "\n"
    "options:\n"
    "  --model FILE     load a model file (tables and items) first, or a built-in example by\n"
    "                   name (vaultcommerce, orders)\n"
    "  --scale N        with --model: the example generated at scale N (1 to 100000); the\n"
    "                   model must be a built-in example or a file made by `monotable generate`\n"
    "  --items N        with --model: the example generated with about N items in total\n"
    "  --seed S         with --model: the generator's seed (default 1, or the file's)\n"
    "  --effects        also print what each request did: items read or written, index\n"
    "                   entries, capacity with its arithmetic, dollars, lints\n"
    "  --json           print one JSON object per request (JSON Lines) instead of text:\n"
    "                   "
    "{\"operation\",\"source\",\"httpStatus\",\"error\",\"response\",\"effects\"}\n"
    "  -k, --keep-going run every request even after one fails\n"
    "  -h, --help       this text\n"
    "\n"
    "exit status: 0 every request succeeded (or failed as expected); 1 a request failed (by\n"
    "default the run stops there); 2 usage error, unreadable file or invalid request line.\n"
    "\n"
    "example:\n"
    "  printf '%s\\n' \\\n"
    "    "
    "'{\"operation\":\"GetItem\",\"request\":{\"TableName\":\"Orders\",\"Key\":{\"PK\":{\"S\":\"C#"
    "1\"},\"SK\":{\"S\":\"PROFILE\"}},\"ReturnConsumedCapacity\":\"TOTAL\"}}' \\\n"
    "    | monotable run --model examples/orders.json --effects\n";

namespace {

using nlohmann::json;

struct RunOptions {
  std::string model;
  ModelScale scale;  // --scale, --items, --seed
  bool effects = false;
  bool json_output = false;
  bool keep_going = false;
  std::vector<std::string> files;
};

struct Entry {
  std::string source;  // "file:line" or "file[index]"
  std::string operation;
  std::string request;  // JSON text
  std::string expect_error;
};

// Reads the requests of one input. Returns false and sets *error for invalid input.
bool ParseEntries(const std::string& name, const std::string& text, std::vector<Entry>* entries,
                  std::string* error) {
  auto to_entry = [&](const json& j, const std::string& source) -> bool {
    if (!j.is_object()) {
      *error = source + ": expected an object {\"operation\": ..., \"request\": {...}}";
      return false;
    }
    auto op = j.find("operation");
    auto request = j.find("request");
    if (op == j.end() || !op->is_string() || op->get<std::string>().empty()) {
      *error = source + ": \"operation\" must be an operation name such as \"PutItem\"";
      return false;
    }
    if (request == j.end() || !request->is_object()) {
      *error = source + ": \"request\" must be a JSON object (DynamoDB's request body)";
      return false;
    }
    Entry e;
    e.source = source;
    e.operation = op->get<std::string>();
    e.request = request->dump();
    auto expect = j.find("expectError");
    if (expect != j.end()) {
      if (!expect->is_string()) {
        *error = source + ": \"expectError\" must be an exception name";
        return false;
      }
      e.expect_error = expect->get<std::string>();
    }
    entries->push_back(std::move(e));
    return true;
  };

  size_t first = text.find_first_not_of(" \t\r\n");
  if (first == std::string::npos) return true;  // empty input: no requests
  if (text[first] == '[') {
    json all = json::parse(text, nullptr, false);
    if (all.is_discarded() || !all.is_array()) {
      *error = name + ": starts with '[' but is not a valid JSON array";
      return false;
    }
    for (size_t k = 0; k < all.size(); ++k) {
      if (!to_entry(all[k], name + "[" + std::to_string(k) + "]")) return false;
    }
    return true;
  }
  // JSON Lines; a single object spread over several lines is accepted too.
  json whole = json::parse(text, nullptr, false);
  if (!whole.is_discarded() && whole.is_object()) return to_entry(whole, name);
  size_t line_number = 0;
  size_t start = 0;
  while (start <= text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    std::string line = text.substr(start, end - start);
    ++line_number;
    start = end + 1;
    size_t content = line.find_first_not_of(" \t\r");
    if (content == std::string::npos || line[content] == '#') continue;
    std::string source = name + ":" + std::to_string(line_number);
    json j = json::parse(line, nullptr, false);
    if (j.is_discarded()) {
      *error = source + ": not valid JSON (one request per line, or a JSON array)";
      return false;
    }
    if (!to_entry(j, source)) return false;
  }
  return true;
}

// Indented JSON that keeps small values on one line: an object or array whose compact form fits
// in the remaining width is printed compactly ({"S": "C#c1"} stays on its line), larger ones are
// expanded one member per line.
void AppendReadable(const json& value, int indent, std::string* out) {
  constexpr size_t kWidth = 100;
  std::string compact = value.dump();
  if (!value.is_structured() || value.empty() || compact.size() + indent <= kWidth) {
    *out += compact;
    return;
  }
  const std::string pad(indent + 2, ' ');
  bool first = true;
  *out += value.is_object() ? "{\n" : "[\n";
  for (auto it = value.begin(); it != value.end(); ++it) {
    if (!first) *out += ",\n";
    first = false;
    *out += pad;
    if (value.is_object()) *out += json(it.key()).dump() + ": ";
    AppendReadable(it.value(), indent + 2, out);
  }
  *out += "\n" + std::string(indent, ' ') + (value.is_object() ? "}" : "]");
}

std::string Readable(const json& value) {
  std::string out;
  AppendReadable(value, 0, &out);
  return out;
}

// "1 request", "3 requests".
std::string Count(size_t n, const char* noun) {
  return std::to_string(n) + " " + noun + (n == 1 ? "" : "s");
}

// Returns 0 (help printed), 2 (usage error) or -1 (parsed, go on).
int ParseRunArgs(const std::vector<std::string>& args, RunOptions* options) {
  for (size_t i = 0; i < args.size();) {
    const std::string arg = args[i];
    std::string value;
    bool missing = false;
    if (arg == "-h" || arg == "--help") {
      std::fputs(kRunHelp, stdout);
      return 0;
    } else if (arg == "--effects") {
      options->effects = true;
      ++i;
    } else if (arg == "--json") {
      options->json_output = true;
      ++i;
    } else if (arg == "-k" || arg == "--keep-going") {
      options->keep_going = true;
      ++i;
    } else if (TakeScaleOption(args, &i, &options->scale, &missing)) {
      if (missing) {
        std::fprintf(stderr, "monotable run: %s needs a value\n",
                     arg.substr(0, arg.find('=')).c_str());
        return 2;
      }
    } else if (TakeOption(args, &i, "--model", &value, &missing)) {
      if (missing) {
        std::fprintf(stderr, "monotable run: --model needs a value\n");
        return 2;
      }
      options->model = value;
    } else if (arg.size() > 1 && arg[0] == '-' && arg != "-") {
      std::fprintf(stderr, "monotable run: unknown option '%s' (see monotable run --help)\n",
                   arg.c_str());
      return 2;
    } else {
      options->files.push_back(arg);
      ++i;
    }
  }
  if (std::string problem = CheckModelOptions(options->model, options->scale); !problem.empty()) {
    std::fprintf(stderr, "monotable run: %s\n", problem.c_str());
    return 2;
  }
  if (options->files.empty()) options->files.push_back("-");
  return -1;
}

}  // namespace

int RunCommand(const std::vector<std::string>& args) {
  RunOptions options;
  if (int code = ParseRunArgs(args, &options); code >= 0) return code;

  // Read and check every input before running anything: a typo on line 9 should not leave the
  // first 8 requests half-applied to nothing in particular.
  std::vector<Entry> entries;
  for (const std::string& file : options.files) {
    std::string text;
    std::string name = file == "-" ? "<stdin>" : file;
    if (!ReadFile(file, &text)) {
      std::fprintf(stderr, "monotable run: %s: cannot read the file\n", name.c_str());
      return 2;
    }
    std::string error;
    if (!ParseEntries(name, text, &entries, &error)) {
      std::fprintf(stderr, "monotable run: %s\n", error.c_str());
      return 2;
    }
  }

  Engine engine;
  if (!options.model.empty()) {
    std::string summary, error;
    if (!LoadModelFile(options.model, options.scale, &engine, &summary, &error)) {
      std::fprintf(stderr, "monotable run: %s\n", error.c_str());
      return 2;
    }
    if (!options.json_output) {
      std::fprintf(stderr, "monotable run: loaded %s (%s)\n", options.model.c_str(),
                   summary.c_str());
    }
  }

  size_t passed = 0, failed = 0;
  for (size_t k = 0; k < entries.size(); ++k) {
    const Entry& e = entries[k];
    Result result = engine.Execute(e.operation, e.request);
    std::string error_name(ErrorName(result.status.code()));
    bool ok = e.expect_error.empty() ? result.status.ok() : error_name == e.expect_error;
    json response = json::parse(result.body, nullptr, false);
    if (response.is_discarded()) response = result.body;  // shown as a string if not JSON

    if (options.json_output) {
      json line = {{"operation", e.operation},
                   {"source", e.source},
                   {"httpStatus", result.http_status},
                   {"error", result.status.ok() ? json(nullptr) : json(error_name)},
                   {"response", response}};
      if (!e.expect_error.empty()) line["expectError"] = e.expect_error;
      line["passed"] = ok;
      if (options.effects) line["effects"] = json::parse(EffectsToJson(result.effects));
      std::printf("%s\n", line.dump().c_str());
    } else {
      std::string outcome = result.status.ok() ? "OK" : error_name;
      if (!e.expect_error.empty())
        outcome += ok ? " (expected)" : " (expected " + e.expect_error + ")";
      std::printf("# %zu %s  %s  -> %d %s\n", k + 1, e.operation.c_str(), e.source.c_str(),
                  result.http_status, outcome.c_str());
      std::printf("%s\n", Readable(response).c_str());
      if (options.effects) std::fputs(EffectsToText(result.effects, "  ").c_str(), stdout);
    }
    std::fflush(stdout);
    if (ok) {
      ++passed;
    } else {
      ++failed;
      if (!options.keep_going) {
        if (k + 1 < entries.size()) {
          std::fprintf(stderr,
                       "monotable run: stopped at the first failed request (%s); %zu not run "
                       "(use --keep-going to run them)\n",
                       e.source.c_str(), entries.size() - k - 1);
        }
        break;
      }
    }
  }
  if (!options.json_output) {
    std::fprintf(stderr, "monotable run: %s, %zu passed, %zu failed\n",
                 Count(entries.size(), "request").c_str(), passed, failed);
  }
  return failed == 0 ? 0 : 1;
}

}  // namespace monotable::cli
