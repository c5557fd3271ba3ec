// The subcommands of the `monotable` tool that this folder owns (serve, run, plan) and the helpers
// they share. main.cc dispatches to these; each takes the arguments after the subcommand name and
// returns the process exit code: 0 success, 1 failure (a request failed, the server could not
// start), 2 usage or input error.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace monotable {
class Engine;
}

namespace monotable::cli {

// `monotable serve [--port 8000] [--host 127.0.0.1] [--model FILE [--scale N | --items N]
// [--seed S]] [--region R] ...`
int ServeCommand(const std::vector<std::string>& args);
// `monotable run [--model FILE [--scale N | --items N] [--seed S]] [--effects] [--json]
// [--keep-going] [FILE...]`
int RunCommand(const std::vector<std::string>& args);

// `monotable plan --model FILE|NAME [--rates FILE] [--items N] [--json]`: the monthly bill and the
// partition report of the model's access patterns (monotable/plan.h).
int PlanCommand(const std::vector<std::string>& args);
// PlanCommand's work: what it would print on stdout into *out and on stderr into *err; returns the
// exit code (0, 1 if the model's load fails, 2 usage or input error).
int RunPlan(const std::vector<std::string>& args, std::string* out, std::string* err);

// Help texts, printed by `monotable <cmd> --help` and `monotable help <cmd>`.
extern const char kServeHelp[];
extern const char kRunHelp[];
extern const char kPlanHelp[];

// `--scale N`, `--items N` and `--seed S` of serve and run, as given on the command line: the
// example generator's options (monotable/model.h, GenerateOptions) for the model being loaded.
struct ModelScale {
  std::string scale;  // --scale: multiply the example's data (1 to 100000)
  std::string items;  // --items: about this many items in total (overrides --scale)
  std::string seed;   // --seed: default 1, or the seed recorded in a generated file
  bool Given() const { return !scale.empty() || !items.empty() || !seed.empty(); }
};

// If args[*i] is --scale, --items or --seed (`--name value` or `--name=value`), stores its value in
// *scale, advances *i and returns true; a missing value sets *missing_value (as TakeOption).
bool TakeScaleOption(const std::vector<std::string>& args, size_t* i, ModelScale* scale,
                     bool* missing_value);

// Checks the numbers of *scale as `monotable generate` does: "" if they are well formed, else what
// is wrong ("--scale takes a number"). Ranges (scale 1 to 100000) are the generator's to check.
std::string CheckModelScale(const ModelScale& scale);
// What serve and run check after reading their options: a scale needs a --model, and its numbers
// are well formed (CheckModelScale). "" when fine, else the message they print.
std::string CheckModelOptions(const std::string& model, const ModelScale& scale);

// Loads a model file (tables, items) into `engine` through DynamoDB requests (CreateTable, then
// BatchWriteItem). Returns false and sets *error ("FILE: what went wrong") if the file cannot be
// read or a request fails; *summary gets e.g. "2 tables, 31 items".
bool LoadModelFile(const std::string& path, Engine* engine, std::string* summary,
                   std::string* error);

// As above, and when `scale` is given (scale.Given()), the model is an example generated at that
// scale: `path` names a built-in example ("orders") or a file made by the generator (its example
// and seed are used, as `monotable generate FILE` does). The generated items are written into the
// engine as they are made (LoadExample: the same requests and the same items as generating the
// model and loading it, without ever holding the generated items), so a million items need the
// engine's memory only. The summary counts the items the engine holds. Errors, each prefixed
// "FILE: ": the file cannot be read (the same text as without a scale), it was not made by the
// generator, the generator's ("scale must be between 1 and 100000"), a failed request.
// REQUIRES: CheckModelScale(scale) is "".
bool LoadModelFile(const std::string& path, const ModelScale& scale, Engine* engine,
                   std::string* summary, std::string* error);

// Reads a whole file ("-" is stdin). Returns false if it cannot be read.
bool ReadFile(const std::string& path, std::string* out);

// Option parsing shared by the subcommands: `--name value` and `--name=value`.
// If args[*i] is `name` (taking the next argument) or `name=...`, stores the value, advances *i
// past what it consumed and returns true. A missing value sets *missing_value.
bool TakeOption(const std::vector<std::string>& args, size_t* i, std::string_view name,
                std::string* value, bool* missing_value);

}  // namespace monotable::cli
