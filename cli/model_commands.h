// Model subcommands of the `monotable` tool: patterns, import/export, generate, dump/restore.
// main.cc dispatches to these; each takes the arguments after the subcommand name and returns the
// process exit code (0 success, 1 failure such as a failing access pattern, 2 usage error).
#pragma once

#include <string>
#include <vector>

namespace monotable::cli {

// `monotable patterns FILE [--endpoint URL ...]`: load a model, run every access pattern, print a
// table; with --endpoint, compare every pattern's answer with that DynamoDB endpoint's
// (patterns_endpoint.h).
int PatternsCommand(const std::vector<std::string>& args);
// `monotable export FILE --to workbench|cloudformation|aws-cli [-o OUT]`.
int ExportCommand(const std::vector<std::string>& args);
// `monotable import FILE [-o OUT]`: NoSQL Workbench JSON -> model file.
int ImportCommand(const std::vector<std::string>& args);
// `monotable generate FILE (--scale N | --items N) [--seed S] [-o OUT]`.
int GenerateCommand(const std::vector<std::string>& args);
// `monotable dump --endpoint URL [--region R] [-o OUT]`: a running endpoint's tables and items as a
// model file (persist.h, DumpModelText).
int DumpCommand(const std::vector<std::string>& args);
// `monotable restore --endpoint URL [--region R] FILE`: a model file's tables and items created on
// an endpoint (RestoreModelText).
int RestoreCommand(const std::vector<std::string>& args);

}  // namespace monotable::cli
