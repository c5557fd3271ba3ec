// Fuzz target: the model-file importers (core/model): ParseModel (monotable's model file) and
// ImportWorkbench (NoSQL Workbench JSON), and LoadModel of whatever they accept.
//
// Input: one selector byte, then the file text. Selector even: ParseModel; odd: ImportWorkbench.
// Invariants:
// - neither importer ever crashes, whatever the text (deep nesting, huge numbers, odd members);
// - a failed import leaves its output model exactly as it was (documented: nothing half-parsed)
//   and says why (a non-empty ValidationException message);
// - an accepted model writes out (SerializeModel) to a file that imports again to the same text:
//   the round trip is lossless and the writer canonical; ExportWorkbench of it imports back to
//   the same model (documented in model.h), and the CloudFormation and AWS CLI exports never
//   crash;
// - LoadModel of an accepted model into a fresh engine either succeeds or fails leaving the engine
//   with no table at all (documented: all or nothing); after a success ExportModel of the engine
//   writes out and parses again.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "monotable/engine.h"
#include "monotable/model.h"

namespace {

[[noreturn]] void Fail(const char* what, const std::string& detail) {
  std::fprintf(stderr, "model_fuzz: %s: %s\n", what, detail.substr(0, 2000).c_str());
  std::abort();
}

monotable::Model Sentinel() {
  monotable::Model m;
  m.extra_json = R"({"x-sentinel":true})";
  return m;
}

void CheckAccepted(const monotable::Model& model) {
  const std::string text = monotable::SerializeModel(model);
  monotable::Model again;
  monotable::Status s = monotable::ParseModel(text, &again);
  if (!s.ok()) Fail("a written model does not parse", s.message() + "\n" + text);
  if (monotable::SerializeModel(again) != text) Fail("the model round trip is not lossless", text);

  // Small models only: loading is linear, but a fuzzer's time is better spent on parsing.
  if (model.ItemCount() > 200) return;
  monotable::Engine engine;
  s = monotable::LoadModel(model, &engine);
  if (!s.ok()) {
    if (!engine.Tables().empty()) Fail("a failed LoadModel left tables behind", s.message());
    if (s.message().empty()) Fail("LoadModel failed without a message", text);
    return;
  }
  const monotable::Model exported = monotable::ExportModel(engine, model);
  const std::string exported_text = monotable::SerializeModel(exported);
  monotable::Model reparsed;
  s = monotable::ParseModel(exported_text, &reparsed);
  if (!s.ok()) Fail("an exported model does not parse", s.message() + "\n" + exported_text);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  const bool workbench = data[0] % 2 == 1;
  const std::string_view text(reinterpret_cast<const char*>(data) + 1, size - 1);
  monotable::Model model = Sentinel();
  const std::string before = monotable::SerializeModel(model);
  const monotable::Status s =
      workbench ? monotable::ImportWorkbench(text, &model) : monotable::ParseModel(text, &model);
  if (!s.ok()) {
    if (s.message().empty()) Fail("a rejected file gets no message", std::string(text));
    if (monotable::SerializeModel(model) != before) {
      Fail("a rejected file changed the output model", s.message());
    }
    return 0;
  }
  CheckAccepted(model);
  const std::string exported = monotable::ExportWorkbench(model);
  monotable::Model again;
  const monotable::Status r = monotable::ImportWorkbench(exported, &again);
  if (!r.ok()) Fail("an exported Workbench model does not import", r.message() + "\n" + exported);
  if (monotable::SerializeModel(again) != monotable::SerializeModel(model)) {
    Fail("the Workbench round trip is not lossless", exported);
  }
  (void)monotable::ExportCloudFormation(model);
  (void)monotable::ExportAwsCli(model);
  return 0;
}
