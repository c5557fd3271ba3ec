// builtin: the built-in examples, embedded at build time from examples/*.json (see
// embed_examples.cmake), so the web build needs no filesystem.
#include <string_view>
#include <vector>

#include "monotable/model.h"

namespace monotable {
namespace model_internal {
struct EmbeddedText {
  std::string_view name;
  std::string_view text;
};
extern const EmbeddedText kEmbeddedExamples[];
}  // namespace model_internal

const std::vector<std::string_view>& BuiltinModelNames() {
  static const std::vector<std::string_view> names = [] {
    std::vector<std::string_view> v;
    for (const auto* e = model_internal::kEmbeddedExamples; !e->name.empty(); ++e) {
      v.push_back(e->name);
    }
    return v;
  }();
  return names;
}

std::string_view BuiltinModel(std::string_view name) {
  for (const auto* e = model_internal::kEmbeddedExamples; !e->name.empty(); ++e) {
    if (e->name == name) return e->text;
  }
  return {};
}

}  // namespace monotable
