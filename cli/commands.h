// The subcommands of the `monotable` tool that this folder owns (serve, run) and the helpers they
// share. main.cc dispatches to these; each takes the arguments after the subcommand name and
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

// `monotable serve [--port 8000] [--host 127.0.0.1] [--model FILE] [--region R] ...`
int ServeCommand(const std::vector<std::string>& args);
// `monotable run [--model FILE] [--effects] [--json] [--keep-going] [FILE...]`
int RunCommand(const std::vector<std::string>& args);

// Help texts, printed by `monotable <cmd> --help` and `monotable help <cmd>`.
extern const char kServeHelp[];
extern const char kRunHelp[];

// Loads a model file (tables, items) into `engine` through DynamoDB requests (CreateTable, then
// BatchWriteItem). Returns false and sets *error ("FILE: what went wrong") if the file cannot be
// read or a request fails; *summary gets e.g. "2 tables, 31 items".
bool LoadModelFile(const std::string& path, Engine* engine, std::string* summary,
                   std::string* error);

// Reads a whole file ("-" is stdin). Returns false if it cannot be read.
bool ReadFile(const std::string& path, std::string* out);

// Option parsing shared by the subcommands: `--name value` and `--name=value`.
// If args[*i] is `name` (taking the next argument) or `name=...`, stores the value, advances *i
// past what it consumed and returns true. A missing value sets *missing_value.
bool TakeOption(const std::vector<std::string>& args, size_t* i, std::string_view name,
                std::string* value, bool* missing_value);

}  // namespace monotable::cli
