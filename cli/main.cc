// main: the `monotable` command-line tool. Dispatches to the subcommands (serve, run and plan here,
// the model subcommands in model_commands.cc) and prints help and version.
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "commands.h"
#include "endpoint_client.h"
#ifdef MONOTABLE_HAVE_MODEL_COMMANDS
#include "model_commands.h"
#endif

#ifndef MONOTABLE_VERSION
#define MONOTABLE_VERSION "0.0.0"
#endif

namespace {

constexpr char kHelp[] =
    "monotable " MONOTABLE_VERSION
    ": a DynamoDB single-table playground engine.\n"
    "\n"
    "usage: monotable <command> [options]\n"
    "\n"
    "commands:\n"
    "  serve      serve DynamoDB's HTTP API on 127.0.0.1 (for the AWS CLI and SDKs)\n"
    "  run        execute DynamoDB requests from files or stdin and print the responses\n"
    "  plan       a model's monthly bill and partition report at its request rates\n"
#ifdef MONOTABLE_HAVE_MODEL_COMMANDS
    "  patterns   load a model and run every access pattern, with its cost\n"
    "  export     write a model as NoSQL Workbench JSON, CloudFormation or AWS CLI script\n"
    "  import     read a NoSQL Workbench model into a model file\n"
    "  generate   scale a model's data deterministically\n"
    "  dump       write a running endpoint's tables and items as a model file\n"
    "  restore    create a model file's tables and items on a running endpoint\n"
#endif
    "  help CMD   the options of one command (also: monotable CMD --help)\n"
    "\n"
    "options:\n"
    "  -h, --help     this text\n"
    "  --version      print the version\n"
    "\n"
    "Request files (monotable run): one request per line (JSON Lines) or a JSON array, each\n"
    "  {\"operation\": \"PutItem\", \"request\": { ...DynamoDB request JSON... }}\n"
    "\n"
    "examples:\n"
    "  monotable serve --port 8000 --model examples/orders.json\n"
    "  aws dynamodb list-tables --endpoint-url http://127.0.0.1:8000\n"
    "  echo '{\"operation\":\"ListTables\",\"request\":{}}' | monotable run --model M.json\n"
    "\n"
    "More: docs/cli.md\n";

struct Command {
  const char* name;
  int (*run)(const std::vector<std::string>& args);
  const char* help;  // nullptr: the command prints its own help on --help
};

const Command kCommands[] = {
    {"serve", monotable::cli::ServeCommand, monotable::cli::kServeHelp},
    {"run", monotable::cli::RunCommand, monotable::cli::kRunHelp},
    {"plan", monotable::cli::PlanCommand, monotable::cli::kPlanHelp},
#ifdef MONOTABLE_HAVE_MODEL_COMMANDS
    {"patterns", monotable::cli::PatternsCommand, nullptr},
    {"export", monotable::cli::ExportCommand, nullptr},
    {"import", monotable::cli::ImportCommand, nullptr},
    {"generate", monotable::cli::GenerateCommand, nullptr},
    {"dump", monotable::cli::DumpCommand, nullptr},
    {"restore", monotable::cli::RestoreCommand, nullptr},
#endif
    // Hidden (not in the help): prints the SigV4 headers `patterns --endpoint` would send, for
    // tests/http/sigv4.test.mjs.
    {"sigv4-debug", monotable::cli::SigV4DebugCommand, nullptr},
};

const Command* FindCommand(const std::string& name) {
  for (const Command& c : kCommands) {
    if (name == c.name) return &c;
  }
  return nullptr;
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  if (args.empty()) {
    std::fputs(kHelp, stderr);
    return 2;
  }
  const std::string& first = args[0];
  if (first == "-h" || first == "--help") {
    std::fputs(kHelp, stdout);
    return 0;
  }
  if (first == "--version" || first == "version") {
    std::printf("monotable %s\n", MONOTABLE_VERSION);
    return 0;
  }
  if (first == "help") {
    if (args.size() == 1) {
      std::fputs(kHelp, stdout);
      return 0;
    }
    const Command* c = FindCommand(args[1]);
    if (c == nullptr) {
      std::fprintf(stderr, "monotable: unknown command '%s' (see monotable --help)\n",
                   args[1].c_str());
      return 2;
    }
    if (c->help != nullptr) {
      std::fputs(c->help, stdout);
      return 0;
    }
    return c->run({"--help"});
  }
  const Command* c = FindCommand(first);
  if (c == nullptr) {
    std::fprintf(stderr, "monotable: unknown command '%s' (see monotable --help)\n", first.c_str());
    return 2;
  }
  return c->run(std::vector<std::string>(args.begin() + 1, args.end()));
}
