// plan: `monotable plan --model FILE|NAME [--rates FILE] [--items N] [--json]`, the monthly bill
// and the partition report of a model's access patterns. A thin wrapper over monotable/plan.h.
#include "monotable/plan.h"

#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "commands.h"
#include "monotable/model.h"

namespace monotable::cli {

const char kPlanHelp[] =
    "usage: monotable plan --model FILE|NAME [--rates FILE] [--items N] [--json]\n"
    "\n"
    "Runs every access pattern of a model (a file, or a built-in example: vaultcommerce, orders)\n"
    "once and turns each one's capacity into a month at its request rates: on-demand request\n"
    "units and dollars per pattern, per table and index its storage, provisioned capacity sized\n"
    "for the peak at 70% target utilisation and Streams reads, on-demand against provisioned\n"
    "with the break-even; then simulates the table's and every GSI's partitions second by second\n"
    "(3,000 RCU, 1,000 WCU, 10 GB each): utilisation, throttled requests, GSI write\n"
    "back-pressure, and hot keys with the write-sharding rewrite and its read fan-out.\n"
    "\n"
    "  --model FILE|NAME  the model\n"
    "  --rates FILE       a JSON object from access-pattern id to its load, replacing the\n"
    "                     model's: {\"place-order\": {\"perSecond\": 200, \"peakPerSecond\": 800,\n"
    "                     \"keys\": \"uniform\"}} (keys: uniform, zipf:S or hot)\n"
    "  --items N          scale storage and keys to N items (default: the model's)\n"
    "  --json             the plan as JSON (docs/cli.md)\n";

int RunPlan(const std::vector<std::string>& args, std::string* out, std::string* err) {
  std::string model_arg, rates_file, items;
  bool as_json = false;
  auto usage = [&](const std::string& problem) {
    *err = "monotable plan: " + problem + "\n" + kPlanHelp;
    return 2;
  };
  for (size_t i = 0; i < args.size();) {
    bool missing = false;
    if (TakeOption(args, &i, "--model", &model_arg, &missing) ||
        TakeOption(args, &i, "--rates", &rates_file, &missing) ||
        TakeOption(args, &i, "--items", &items, &missing)) {
      if (missing) return usage("option '" + args[i] + "' needs a value");
      continue;
    }
    const std::string& a = args[i++];
    if (a == "--json") {
      as_json = true;
    } else if (a == "--help" || a == "-h") {
      *out = kPlanHelp;
      return 0;
    } else {
      return usage("unknown argument '" + a + "'");
    }
  }
  if (model_arg.empty()) return usage("which model? (--model FILE, or vaultcommerce, orders)");
  std::string text;
  if (!ReadFile(model_arg, &text)) {
    std::string_view builtin = BuiltinModel(model_arg);
    if (builtin.empty()) {
      *err = "monotable: " + model_arg + ": cannot read the file (nor a built-in example)\n";
      return 2;
    }
    text = std::string(builtin);
  }
  Model model;
  Status s = ParseModel(text, &model);
  if (!s.ok()) {
    *err = "monotable: " + model_arg + ": " + s.message() + "\n";
    return 2;
  }
  plan::PlanOptions options;
  if (!rates_file.empty()) {
    std::string rates;
    if (!ReadFile(rates_file, &rates)) {
      *err = "monotable: " + rates_file + ": cannot read the file\n";
      return 2;
    }
    s = plan::ParseRates(rates, &options.rates);
    if (!s.ok()) {
      *err = "monotable: " + rates_file + ": " + s.message() + "\n";
      return 2;
    }
  }
  if (!items.empty()) {
    char* end = nullptr;
    unsigned long long n = std::strtoull(items.c_str(), &end, 10);
    if (end == items.c_str() || *end != '\0' || n == 0) return usage("--items takes a number");
    options.item_count = n;
  }
  plan::Plan p;
  s = plan::BuildPlan(model, options, &p);
  if (!s.ok()) {
    *err = "monotable: " + model_arg + ": " + s.message() + "\n";
    return s.code() == ErrorCode::kValidation ? 2 : 1;
  }
  *out = as_json ? plan::PlanJson(p) : plan::PlanText(p);
  return 0;
}

int PlanCommand(const std::vector<std::string>& args) {
  std::string out, err;
  int code = RunPlan(args, &out, &err);
  std::fwrite(out.data(), 1, out.size(), stdout);
  std::fwrite(err.data(), 1, err.size(), stderr);
  return code;
}

}  // namespace monotable::cli
