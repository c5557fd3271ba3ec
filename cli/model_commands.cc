// model_commands: the model subcommands of `monotable`: patterns, export, import, generate, and
// dump / restore (a running endpoint's data as a model file, persist.h).
// Thin wrappers over monotable/model.h; all model logic lives in core/model.
#include "model_commands.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "commands.h"
#include "endpoint_client.h"
#include "monotable/engine.h"
#include "monotable/model.h"
#include "monotable/plan.h"
#include "patterns_endpoint.h"
#include "persist.h"

namespace monotable::cli {
namespace {

constexpr char kPatternsHelp[] =
    "usage: monotable patterns FILE [--json]\n"
    "       monotable patterns FILE --endpoint URL [--region R] [--table-suffix S]\n"
    "                               [--keep-tables] [--reuse-tables] [--json]\n"
    "\n"
    "Loads a model (a file, or a built-in example: vaultcommerce, orders), runs every access\n"
    "pattern in order and prints, per pattern, the operation, the items returned, the read and\n"
    "write units consumed and the on-demand price per million such requests. Exits 1 if any\n"
    "pattern fails.\n"
    "\n"
    "With --endpoint, also creates the model's tables on that DynamoDB endpoint (real DynamoDB,\n"
    "DynamoDB Local, dynalite, monotable serve), loads the items, runs every pattern there and\n"
    "in the engine, and prints both answers side by side: items, Count/ScannedCount and\n"
    "ConsumedCapacity per table and index, every difference flagged. Exits 0 if there is no\n"
    "difference, 1 if there is one (or the endpoint failed), 2 if a table already exists.\n"
    "Credentials: AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AWS_SESSION_TOKEN (dummy ones for\n"
    "an endpoint on this machine); requests are signed with Signature Version 4.\n"
    "\n"
    "  --json              one JSON object per pattern instead of the table\n"
    "  --endpoint URL      compare with this endpoint (http:// or https://)\n"
    "  --region R          signing region (default: AWS_REGION, AWS_DEFAULT_REGION, the\n"
    "                      endpoint's host name, us-east-1 for localhost)\n"
    "  --table-suffix S    create <table>S on the endpoint instead of <table> (requests are\n"
    "                      rewritten), so real tables of the same name are never touched\n"
    "  --keep-tables       do not delete the tables created on the endpoint\n"
    "  --reuse-tables      run on tables that already exist, as they are: no items loaded,\n"
    "                      nothing deleted (without it, existing tables are refused)\n";

constexpr char kExportHelp[] =
    "usage: monotable export FILE --to workbench|cloudformation|aws-cli [-o OUT]\n"
    "\n"
    "  workbench        NoSQL Workbench 3.0 model JSON (monotable's extras kept in x-monotable)\n"
    "  cloudformation   a CloudFormation template with one AWS::DynamoDB::Table per table\n"
    "  aws-cli          a shell script: create-table, then batch-write-item in chunks of 25\n";

constexpr char kImportHelp[] =
    "usage: monotable import FILE [-o OUT]\n"
    "\n"
    "Reads a NoSQL Workbench model (versions 1.0 to 3.0) and writes a monotable model file.\n";

constexpr char kGenerateHelp[] =
    "usage: monotable generate (FILE | --example NAME) [--scale N | --items N] [--seed S] [-o "
    "OUT]\n"
    "\n"
    "Generates an example deterministically: the same seed and scale give the same bytes.\n"
    "FILE must be a model made by the generator (it records its example and seed).\n"
    "  --example NAME   vaultcommerce or orders\n"
    "  --scale N        multiply the data (1, 10, 100, 1000, ...); default 1\n"
    "  --items N        about N items in total instead of --scale\n"
    "  --seed S         default 1 (or the FILE's seed)\n"
    "  -o OUT           write there instead of stdout\n"
    "\n"
    "examples/NAME.json is `monotable generate --example NAME -o examples/NAME.json`.\n";

constexpr char kDumpHelp[] =
    "usage: monotable dump --endpoint URL [--region R] [-o OUT]\n"
    "\n"
    "Writes every table of a running DynamoDB endpoint (monotable serve, DynamoDB Local, or\n"
    "real DynamoDB) as a model file: CreateTable requests rebuilt from DescribeTable (keys,\n"
    "indexes, billing, throughput), every item (Scan), and in \"x-monotable-tables\" each\n"
    "table's creation time, stream setting, TTL attribute and tags. Reads only.\n"
    "Credentials as for `monotable patterns --endpoint` (dummy ones for localhost).\n"
    "\n"
    "  --endpoint URL   the endpoint (http:// or https://)\n"
    "  --region R       signing region (default: AWS_REGION, AWS_DEFAULT_REGION, us-east-1 for\n"
    "                   localhost)\n"
    "  -o OUT           write there instead of stdout\n"
    "\n"
    "example: monotable dump --endpoint http://127.0.0.1:8000 > model.json\n";

constexpr char kRestoreHelp[] =
    "usage: monotable restore --endpoint URL [--region R] FILE\n"
    "\n"
    "Creates the tables of a model file (as `monotable dump` writes, or any model file) on a\n"
    "DynamoDB endpoint, waits for each to be ACTIVE, writes its items (BatchWriteItem, 25 at a\n"
    "time) and applies the stream setting, TTL and tags recorded by dump. Stops at the first\n"
    "failure (a table that already exists: ResourceInUseException) with exit status 1.\n"
    "\n"
    "example: monotable restore --endpoint http://127.0.0.1:8000 model.json\n";

bool WantsHelp(const std::vector<std::string>& args) {
  for (const std::string& a : args) {
    if (a == "-h" || a == "--help") return true;
  }
  return false;
}

int Usage(const char* help, const std::string& problem) {
  std::fprintf(stderr, "monotable: %s\n\n%s", problem.c_str(), help);
  return 2;
}

// Reads a model from a file, or from a built-in example if no such file exists.
bool ReadModel(const std::string& path, Model* model) {
  std::string text;
  if (!ReadFile(path, &text)) {
    std::string_view builtin = BuiltinModel(path);
    if (builtin.empty()) {
      std::fprintf(stderr, "monotable: %s: cannot read the file\n", path.c_str());
      return false;
    }
    text = std::string(builtin);
  }
  Status s = ParseModel(text, model);
  if (!s.ok()) {
    std::fprintf(stderr, "monotable: %s: %s\n", path.c_str(), s.message().c_str());
    return false;
  }
  return true;
}

bool WriteOutput(const std::string& out_path, const std::string& text) {
  if (out_path.empty() || out_path == "-") {
    std::fwrite(text.data(), 1, text.size(), stdout);
    return true;
  }
  std::ofstream out(out_path, std::ios::binary);
  out << text;
  if (!out) {
    std::fprintf(stderr, "monotable: %s: cannot write the file\n", out_path.c_str());
    return false;
  }
  return true;
}

std::string Units(double units) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", units);
  return buf;
}

// Items a response returned: Count for Query/Scan, 1 for a GetItem hit, Responses for batches.
long ItemsReturned(const std::string& body) {
  nlohmann::json j = nlohmann::json::parse(body, nullptr, false);
  if (!j.is_object()) return 0;
  if (j.contains("Count") && j["Count"].is_number()) return j["Count"].get<long>();
  if (j.contains("Item")) return 1;
  if (j.contains("Responses")) {
    long n = 0;
    const nlohmann::json& r = j["Responses"];
    if (r.is_object()) {
      for (auto it = r.begin(); it != r.end(); ++it) n += static_cast<long>(it->size());
    } else if (r.is_array()) {
      for (const auto& e : r) n += e.contains("Item") ? 1 : 0;
    }
    return n;
  }
  return 0;
}

bool IsRead(const std::string& operation) {
  return operation == "GetItem" || operation == "Query" || operation == "Scan" ||
         operation == "BatchGetItem" || operation == "TransactGetItems";
}

}  // namespace

int PatternsCommand(const std::vector<std::string>& args) {
  if (WantsHelp(args)) {
    std::fputs(kPatternsHelp, stdout);
    return 0;
  }
  std::string file;
  bool as_json = false;
  EndpointPatternsOptions endpoint;
  bool endpoint_only_option = false;  // an option that means something only with --endpoint
  for (size_t i = 0; i < args.size();) {
    bool missing = false;
    const std::string& a = args[i];
    if (TakeOption(args, &i, "--endpoint", &endpoint.endpoint_url, &missing)) {
      if (missing) return Usage(kPatternsHelp, "option '--endpoint' needs a value");
      continue;
    }
    if (TakeOption(args, &i, "--region", &endpoint.region, &missing) ||
        TakeOption(args, &i, "--table-suffix", &endpoint.table_suffix, &missing)) {
      if (missing) return Usage(kPatternsHelp, "option '" + args[i] + "' needs a value");
      endpoint_only_option = true;
      continue;
    }
    ++i;
    if (a == "--json") {
      as_json = true;
    } else if (a == "--keep-tables") {
      endpoint.keep_tables = endpoint_only_option = true;
    } else if (a == "--reuse-tables") {
      endpoint.reuse_tables = endpoint_only_option = true;
    } else if (!a.empty() && a[0] == '-') {
      return Usage(kPatternsHelp, "unknown option '" + a + "'");
    } else if (file.empty()) {
      file = a;
    } else {
      return Usage(kPatternsHelp, "one model file only");
    }
  }
  if (file.empty()) return Usage(kPatternsHelp, "which model? (a file or vaultcommerce, orders)");
  if (endpoint_only_option && endpoint.endpoint_url.empty()) {
    return Usage(kPatternsHelp,
                 "--region, --table-suffix, --keep-tables and --reuse-tables need --endpoint");
  }
  Model model;
  if (!ReadModel(file, &model)) return 2;
  if (!endpoint.endpoint_url.empty()) {
    endpoint.as_json = as_json;
    return ComparePatternsWithEndpoint(model, endpoint);
  }
  EngineOptions options;
  if (model.prices) options.prices = *model.prices;
  Engine engine(options);
  Status s = LoadModel(model, &engine);
  if (!s.ok()) {
    std::fprintf(stderr, "monotable: %s: loading failed: %s\n", file.c_str(), s.message().c_str());
    return 1;
  }
  if (!as_json) {
    std::printf("%s: %zu tables, %zu items, %zu access patterns\n\n", model.name.c_str(),
                model.tables.size(), model.ItemCount(), model.access_patterns.size());
    std::printf("%-24s %-20s %6s %8s %8s %12s\n", "pattern", "operation", "items", "RRU", "WRU",
                "$/M requests");
  }
  // Each table's item sizes in Scan order, as loaded: a Query's question answered by Scanning the
  // whole table instead (plan::FullScanCost, every 1 MB page), printed beside the Query.
  std::map<std::string, std::vector<size_t>> sizes;
  for (const TableInfo& t : engine.Tables()) {
    std::vector<size_t>& v = sizes[t.name];
    engine.ForEachItem(t.name, "", [&v](const Item&, size_t size) { v.push_back(size); });
  }
  int failures = 0;
  double total_dollars = 0;
  for (const AccessPattern& p : model.access_patterns) {
    plan::ScanTotal scan;
    if (p.operation == "Query" && sizes.count(p.TableName())) {
      nlohmann::json req = nlohmann::json::parse(p.request_json, nullptr, false);
      const bool consistent = req.is_object() && req.value("ConsistentRead", false) == true;
      const std::vector<size_t>& v = sizes[p.TableName()];
      scan = plan::FullScanCost(v, static_cast<double>(v.size()), consistent);
    }
    const double scan_per_million = scan.read_units * options.prices.read_request_unit_per_million;
    Result r = RunPattern(p, &engine);
    bool ok = r.status.ok();
    long items = ok ? ItemsReturned(r.body) : 0;
    double per_million = r.effects.dollars * 1e6;
    total_dollars += per_million;
    if (!ok) ++failures;
    if (as_json) {
      nlohmann::json row = {{"pattern", p.id},
                            {"operation", p.operation},
                            {"ok", ok},
                            {"items", items},
                            {"readUnits", r.effects.read_units},
                            {"writeUnits", r.effects.write_units},
                            {"dollarsPerMillion", per_million}};
      if (!ok) row["error"] = std::string(ErrorName(r.status.code())) + ": " + r.status.message();
      if (scan.applicable) {
        row["fullTableScan"] = {{"table", p.TableName()},
                                {"pages", scan.pages},
                                {"readUnits", scan.read_units},
                                {"dollarsPerMillion", scan_per_million}};
      }
      std::printf("%s\n", row.dump().c_str());
      continue;
    }
    std::string items_text = ok ? (IsRead(p.operation) ? std::to_string(items) : "-") : "FAIL";
    std::printf("%-24s %-20s %6s %8s %8s %12.4f\n", p.id.c_str(), p.operation.c_str(),
                items_text.c_str(), Units(r.effects.read_units).c_str(),
                Units(r.effects.write_units).c_str(), per_million);
    if (!ok) {
      std::printf("    %s: %s\n", std::string(ErrorName(r.status.code())).c_str(),
                  r.status.message().c_str());
    }
    if (scan.applicable) {
      // Under the Query's row: the items the Scan reads, its units and price.
      std::string label = "  or a Scan of all " + p.TableName() + " (" + Units(scan.pages) +
                          (scan.pages == 1 ? " page)" : " pages)");
      std::printf("%-45s %6s %8s %8s %12.4f\n", label.c_str(), Units(scan.items).c_str(),
                  Units(scan.read_units).c_str(), "0", scan_per_million);
    }
  }
  if (!as_json) {
    std::printf("\n%zu patterns, %d failed; all of them once: $%.4f per million runs\n",
                model.access_patterns.size(), failures, total_dollars);
  }
  return failures == 0 ? 0 : 1;
}

int ExportCommand(const std::vector<std::string>& args) {
  if (WantsHelp(args)) {
    std::fputs(kExportHelp, stdout);
    return 0;
  }
  std::string file, to, out;
  for (size_t i = 0; i < args.size();) {
    bool missing = false;
    if (TakeOption(args, &i, "--to", &to, &missing) || TakeOption(args, &i, "-o", &out, &missing)) {
      continue;
    }
    if (missing) return Usage(kExportHelp, "option '" + args[i] + "' needs a value");
    if (!args[i].empty() && args[i][0] == '-' && args[i] != "-") {
      return Usage(kExportHelp, "unknown option '" + args[i] + "'");
    }
    if (!file.empty()) return Usage(kExportHelp, "one model file only");
    file = args[i++];
  }
  if (file.empty()) return Usage(kExportHelp, "which model?");
  Model model;
  if (!ReadModel(file, &model)) return 2;
  std::string text;
  if (to == "workbench") {
    text = ExportWorkbench(model);
  } else if (to == "cloudformation") {
    text = ExportCloudFormation(model);
  } else if (to == "aws-cli") {
    text = ExportAwsCli(model);
  } else {
    return Usage(kExportHelp, "--to must be workbench, cloudformation or aws-cli");
  }
  return WriteOutput(out, text) ? 0 : 1;
}

int ImportCommand(const std::vector<std::string>& args) {
  if (WantsHelp(args)) {
    std::fputs(kImportHelp, stdout);
    return 0;
  }
  std::string file, out;
  for (size_t i = 0; i < args.size();) {
    bool missing = false;
    if (TakeOption(args, &i, "-o", &out, &missing)) continue;
    if (missing) return Usage(kImportHelp, "option '" + args[i] + "' needs a value");
    if (!args[i].empty() && args[i][0] == '-' && args[i] != "-") {
      return Usage(kImportHelp, "unknown option '" + args[i] + "'");
    }
    if (!file.empty()) return Usage(kImportHelp, "one file only");
    file = args[i++];
  }
  if (file.empty()) return Usage(kImportHelp, "which NoSQL Workbench file?");
  std::string text;
  if (!ReadFile(file, &text)) {
    std::fprintf(stderr, "monotable: %s: cannot read the file\n", file.c_str());
    return 2;
  }
  Model model;
  Status s = ImportWorkbench(text, &model);
  if (!s.ok()) {
    std::fprintf(stderr, "monotable: %s: %s\n", file.c_str(), s.message().c_str());
    return 2;
  }
  return WriteOutput(out, SerializeModel(model)) ? 0 : 1;
}

int GenerateCommand(const std::vector<std::string>& args) {
  if (WantsHelp(args)) {
    std::fputs(kGenerateHelp, stdout);
    return 0;
  }
  std::string file, example, scale, items, seed, out;
  for (size_t i = 0; i < args.size();) {
    bool missing = false;
    if (TakeOption(args, &i, "--example", &example, &missing) ||
        TakeOption(args, &i, "--scale", &scale, &missing) ||
        TakeOption(args, &i, "--items", &items, &missing) ||
        TakeOption(args, &i, "--seed", &seed, &missing) ||
        TakeOption(args, &i, "-o", &out, &missing)) {
      continue;
    }
    if (missing) return Usage(kGenerateHelp, "option '" + args[i] + "' needs a value");
    if (!args[i].empty() && args[i][0] == '-') {
      return Usage(kGenerateHelp, "unknown option '" + args[i] + "'");
    }
    if (!file.empty()) return Usage(kGenerateHelp, "one model file only");
    file = args[i++];
  }
  GenerateOptions options;
  if (!file.empty()) {
    if (!example.empty()) return Usage(kGenerateHelp, "give FILE or --example, not both");
    Model base;
    if (!ReadModel(file, &base)) return 2;
    if (base.generator.empty()) {
      std::fprintf(stderr,
                   "monotable: %s was not made by the generator (no \"generator\" member)\n",
                   file.c_str());
      return 2;
    }
    example = base.generator;
    options.seed = base.generator_seed;
  }
  if (example.empty()) return Usage(kGenerateHelp, "which example? (FILE or --example NAME)");
  char* end = nullptr;
  if (!scale.empty()) {
    options.scale = std::strtod(scale.c_str(), &end);
    if (*end != '\0') return Usage(kGenerateHelp, "--scale takes a number");
  }
  if (!items.empty()) {
    options.target_items = std::strtoull(items.c_str(), &end, 10);
    if (*end != '\0' || options.target_items == 0) {
      return Usage(kGenerateHelp, "--items takes a positive whole number");
    }
  }
  if (!seed.empty()) {
    options.seed = std::strtoull(seed.c_str(), &end, 10);
    if (*end != '\0') return Usage(kGenerateHelp, "--seed takes a whole number");
  }
  Model model;
  Status s = GenerateExample(example, options, &model);
  if (!s.ok()) return Usage(kGenerateHelp, s.message());
  if (!WriteOutput(out, SerializeModel(model))) return 1;
  if (!out.empty() && out != "-") {
    std::fprintf(stderr, "%s: %zu items\n", out.c_str(), model.ItemCount());
  }
  return 0;
}

}  // namespace monotable::cli

namespace monotable::cli {
namespace {

// Reads --endpoint, --region and -o/OUT or FILE for dump and restore. Returns -1 to go on, else
// the exit code.
int ParseEndpointArgs(const std::vector<std::string>& args, const char* help, bool want_file,
                      EndpointConfig* config, std::string* path) {
  if (WantsHelp(args)) {
    std::fputs(help, stdout);
    return 0;
  }
  std::string endpoint, region;
  for (size_t i = 0; i < args.size();) {
    const std::string arg = args[i];
    std::string value;
    bool missing = false;
    if (TakeOption(args, &i, "--endpoint", &value, &missing)) {
      endpoint = value;
    } else if (TakeOption(args, &i, "--region", &value, &missing)) {
      region = value;
    } else if (!want_file && TakeOption(args, &i, "-o", &value, &missing)) {
      *path = value;
    } else if (want_file && path->empty() && (args[i] == "-" || args[i].rfind("-", 0) != 0)) {
      *path = args[i++];
    } else {
      return Usage(help, "unexpected argument '" + args[i] + "'");
    }
    if (missing) return Usage(help, arg + " needs a value");
  }
  if (endpoint.empty()) return Usage(help, "--endpoint URL is required");
  if (want_file && path->empty()) return Usage(help, "which model file? (FILE)");
  std::string error;
  if (!ResolveEndpointConfig(endpoint, region, config, &error)) {
    std::fprintf(stderr, "monotable: %s\n", error.c_str());
    return 2;
  }
  return -1;
}

CallFn EndpointCall(EndpointClient* client) {
  return [client](std::string_view operation, std::string_view body) {
    EndpointResponse r = client->Call(operation, body);
    return CallResult{r.http_status, r.http_status == 0 ? r.message : std::move(r.body)};
  };
}

}  // namespace

int DumpCommand(const std::vector<std::string>& args) {
  EndpointConfig config;
  std::string out_path;
  if (int code = ParseEndpointArgs(args, kDumpHelp, false, &config, &out_path); code >= 0) {
    return code;
  }
  EndpointClient client(config);
  std::string text, error;
  if (!DumpModelText(EndpointCall(&client), &text, &error)) {
    std::fprintf(stderr, "monotable dump: %s: %s\n", config.url.c_str(), error.c_str());
    return 1;
  }
  return WriteOutput(out_path, text) ? 0 : 1;
}

int RestoreCommand(const std::vector<std::string>& args) {
  EndpointConfig config;
  std::string path;
  if (int code = ParseEndpointArgs(args, kRestoreHelp, true, &config, &path); code >= 0) {
    return code;
  }
  std::string text;
  if (!ReadFile(path, &text)) {
    std::fprintf(stderr, "monotable restore: %s: cannot read the file\n", path.c_str());
    return 2;
  }
  EndpointClient client(config);
  std::string summary, error;
  if (!RestoreModelText(text, EndpointCall(&client), nullptr, /*wait_active=*/true, &summary,
                        &error)) {
    std::fprintf(stderr, "monotable restore: %s: %s\n", path.c_str(), error.c_str());
    return 1;
  }
  std::fprintf(stderr, "monotable restore: %s: restored %s\n", path.c_str(), summary.c_str());
  return 0;
}

}  // namespace monotable::cli
