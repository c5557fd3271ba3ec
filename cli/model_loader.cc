// model_loader: loads a model file (or a built-in example by name) into an Engine for
// `serve --model` and `run --model`, through monotable/model.h (ParseModel + LoadModel, which go
// through Engine::Execute only: CreateTable, then BatchWriteItem). With --scale / --items / --seed
// the model is an example generated at that scale and streamed into the engine (LoadExample), so
// the generated items never exist all at once beside the engine's copy of them.
#include <cstdlib>
#include <filesystem>
#include <string>
#ifdef __GLIBC__
#include <malloc.h>
#endif

#include "commands.h"
#include "monotable/engine.h"
#include "monotable/model.h"

namespace monotable::cli {
namespace {

// "2 tables, 31 items".
std::string Summary(size_t tables, size_t items) {
  return std::to_string(tables) + (tables == 1 ? " table, " : " tables, ") + std::to_string(items) +
         (items == 1 ? " item" : " items");
}

// True if `path` is not a file but the name of a built-in example ("orders", "vaultcommerce").
bool IsBuiltinName(const std::string& path) {
  std::error_code ignored;
  return !std::filesystem::exists(path, ignored) && !BuiltinModel(path).empty();
}

// Reads the model text of `path`: the file, or the built-in example of that name.
bool ReadModelText(const std::string& path, std::string* text, std::string* error) {
  if (IsBuiltinName(path)) {
    *text = std::string(BuiltinModel(path));
    return true;
  }
  if (ReadFile(path, text)) return true;
  std::string names;
  for (std::string_view name : BuiltinModelNames()) {
    names += (names.empty() ? "" : ", ") + std::string(name);
  }
  *error = path + ": cannot read the file (built-in examples: " + names + ")";
  return false;
}

// Reads and parses `path` (ReadModelText). The text is released once parsed, before loading.
bool ReadParsedModel(const std::string& path, Model* model, std::string* error) {
  std::string text;
  if (!ReadModelText(path, &text, error)) return false;
  Status parsed = ParseModel(text, model);
  if (!parsed.ok()) {
    *error = path + ": " + parsed.message();
    return false;
  }
  return true;
}

// Parses and loads `path` as it is.
bool LoadAsIs(const std::string& path, Engine* engine, std::string* summary, std::string* error) {
  Model model;
  if (!ReadParsedModel(path, &model, error)) return false;
  Status loaded = LoadModel(model, engine);
  if (!loaded.ok()) {
    *error = path + ": " + loaded.message();
    return false;
  }
  *summary = Summary(model.tables.size(), model.ItemCount());
  return true;
}

// The generator's options from the command line's text; "" or what is wrong with them. The messages
// are those of `monotable generate`.
std::string ParseModelScale(const ModelScale& scale, GenerateOptions* options) {
  char* end = nullptr;
  if (!scale.scale.empty()) {
    options->scale = std::strtod(scale.scale.c_str(), &end);
    if (*end != '\0') return "--scale takes a number";
  }
  if (!scale.items.empty()) {
    options->target_items = std::strtoull(scale.items.c_str(), &end, 10);
    if (*end != '\0' || scale.items[0] == '-' || options->target_items == 0) {
      return "--items takes a positive whole number";
    }
  }
  if (!scale.seed.empty()) {
    options->seed = std::strtoull(scale.seed.c_str(), &end, 10);
    if (*end != '\0' || scale.seed[0] == '-') return "--seed takes a whole number";
  }
  return "";
}

// Generates the example `path` names at `scale` straight into the engine (LoadExample).
bool LoadGenerated(const std::string& path, const ModelScale& scale, Engine* engine,
                   std::string* summary, std::string* error) {
  GenerateOptions options;
  if (std::string problem = ParseModelScale(scale, &options); !problem.empty()) {
    *error = problem;
    return false;
  }
  std::string example = path;
  if (!IsBuiltinName(path)) {
    // A generated file names its example and seed (and scale): regenerate from those, as
    // `monotable generate FILE` does. Its items are not needed and are dropped before loading.
    Model base;
    if (!ReadParsedModel(path, &base, error)) return false;
    if (base.generator.empty()) {
      *error = path +
               ": --scale, --items and --seed need a built-in example or a file made by the "
               "generator, and this file has no \"generator\" member";
      return false;
    }
    example = base.generator;
    if (scale.seed.empty()) options.seed = base.generator_seed;
    // Only --seed given: the file's own scale, with another seed.
    if (scale.scale.empty() && scale.items.empty() && base.generator_scale >= 1) {
      options.scale = base.generator_scale;
    }
  }
  Model model;  // tables, patterns and tour, without items
  Status loaded = LoadExample(example, options, engine, &model);
  if (!loaded.ok()) {
    *error = path + ": " + loaded.message();
    return false;
  }
  size_t items = 0;
  for (const TableInfo& info : engine->Tables()) {
    if (model.FindTable(info.name) != nullptr) items += info.item_count;
  }
  *summary = Summary(model.tables.size(), items);
  return true;
}

// Hands the memory freed by loading (the file's text, the parsed model, the requests) back to the
// system, so that a server's resident size after loading is the engine's and not its peak.
void ReleaseFreedMemory() {
#ifdef __GLIBC__
  malloc_trim(0);
#endif
}

}  // namespace

bool TakeScaleOption(const std::vector<std::string>& args, size_t* i, ModelScale* scale,
                     bool* missing_value) {
  std::string* field = nullptr;
  std::string value;
  if (TakeOption(args, i, "--scale", &value, missing_value)) {
    field = &scale->scale;
  } else if (TakeOption(args, i, "--items", &value, missing_value)) {
    field = &scale->items;
  } else if (TakeOption(args, i, "--seed", &value, missing_value)) {
    field = &scale->seed;
  } else {
    return false;
  }
  if (value.empty()) *missing_value = true;  // `--scale=` counts as no value
  *field = value;
  return true;
}

std::string CheckModelScale(const ModelScale& scale) {
  GenerateOptions options;
  return ParseModelScale(scale, &options);
}

std::string CheckModelOptions(const std::string& model, const ModelScale& scale) {
  if (scale.Given() && model.empty()) {
    return "--scale, --items and --seed need --model (a built-in example or a generated file)";
  }
  return CheckModelScale(scale);
}

bool LoadModelFile(const std::string& path, Engine* engine, std::string* summary,
                   std::string* error) {
  return LoadModelFile(path, ModelScale(), engine, summary, error);
}

bool LoadModelFile(const std::string& path, const ModelScale& scale, Engine* engine,
                   std::string* summary, std::string* error) {
  bool ok = scale.Given() ? LoadGenerated(path, scale, engine, summary, error)
                          : LoadAsIs(path, engine, summary, error);
  ReleaseFreedMemory();
  return ok;
}

}  // namespace monotable::cli
