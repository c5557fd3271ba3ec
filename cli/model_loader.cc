// model_loader: loads a model file (or a built-in example by name) into an Engine for
// `serve --model` and `run --model`, through monotable/model.h (ParseModel + LoadModel, which go
// through Engine::Execute only: CreateTable, then BatchWriteItem).
#include <filesystem>
#include <string>

#include "commands.h"
#include "monotable/engine.h"
#include "monotable/model.h"

namespace monotable::cli {

bool LoadModelFile(const std::string& path, Engine* engine, std::string* summary,
                   std::string* error) {
  std::string text;
  std::error_code ignored;
  // A name that is not a file but a built-in example ("orders", "vaultcommerce") loads that.
  if (!std::filesystem::exists(path, ignored) && !BuiltinModel(path).empty()) {
    text = std::string(BuiltinModel(path));
  } else if (!ReadFile(path, &text)) {
    std::string names;
    for (std::string_view name : BuiltinModelNames()) {
      names += (names.empty() ? "" : ", ") + std::string(name);
    }
    *error = path + ": cannot read the file (built-in examples: " + names + ")";
    return false;
  }
  Model model;
  Status parsed = ParseModel(text, &model);
  if (!parsed.ok()) {
    *error = path + ": " + parsed.message();
    return false;
  }
  Status loaded = LoadModel(model, engine);
  if (!loaded.ok()) {
    *error = path + ": " + loaded.message();
    return false;
  }
  size_t tables = model.tables.size();
  size_t items = model.ItemCount();
  *summary = std::to_string(tables) + (tables == 1 ? " table, " : " tables, ") +
             std::to_string(items) + (items == 1 ? " item" : " items");
  return true;
}

}  // namespace monotable::cli
