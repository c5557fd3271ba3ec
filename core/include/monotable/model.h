// Model: a playground in one JSON file (tables, items, access patterns, tour, prices), the
// built-in examples, the example generator, and import/export to NoSQL Workbench, CloudFormation
// and the AWS CLI.
//
// A model is built from DynamoDB's own wire format: tables are CreateTable request bodies, items
// are typed Items (DynamoDB JSON in the file), access patterns carry an operation name and a
// request body. Loading a model goes through Engine::Execute only (CreateTable, then
// BatchWriteItem in chunks of 25): no side door. docs/model-format.md documents the file.
//
// This header names no JSON library: request bodies are JSON text, unknown fields are kept as
// JSON object text and written back verbatim.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "monotable/effects.h"
#include "monotable/engine.h"
#include "monotable/status.h"
#include "monotable/value.h"

namespace monotable {

// The model file format this code writes ("formatVersion"); it reads this version and older.
inline constexpr int kModelFormatVersion = 1;

// One row of the access-pattern matrix: what the application needs and the request serving it.
struct AccessPattern {
  std::string id;            // stable, unique in the model, kebab-case: "open-orders"
  std::string name;          // short title: "Open orders, oldest first"
  std::string description;   // what it returns, in a sentence or two
  std::string operation;     // DynamoDB operation name: "Query", "GetItem", "TransactWriteItems"
  std::string request_json;  // the request body for `operation` (a JSON object, compact text)
  // Optional load for the bill estimate and the partition report (`monotable plan`): the average
  // and the peak request rate in requests per second (0: not given; a peak of 0 means the
  // average), and how requests pick their keys: "" or "uniform" (evenly over the example's keys of
  // the same kind), "zipf:S" (Zipf's law with exponent S > 0 over those keys), "hot" (always the
  // example's key). ParseModel rejects any other `keys` text.
  double requests_per_second = 0;
  double peak_requests_per_second = 0;
  std::string keys;
  // Unknown members of this pattern object: JSON object text ("" when none), written back verbatim.
  std::string extra_json;

  // Derived from request_json for the matrix (not stored in the file): "" when not applicable.
  std::string TableName() const;     // TableName, or the first table of a batch/transaction
  std::string IndexName() const;     // IndexName (Query/Scan on an index)
  std::string KeyCondition() const;  // KeyConditionExpression with names and values substituted,
                                     // or "PK = USER#u001, SK = PROFILE" for a GetItem key
};

// How an access pattern's requests pick their keys (AccessPattern::keys, parsed).
struct KeyDistribution {
  enum class Kind : uint8_t { kUniform, kZipf, kHot };
  Kind kind = Kind::kUniform;
  double zipf_s = 0;  // the exponent of kZipf (> 0)
};
// Parses "" or "uniform", "zipf:S" with a number S > 0 ("zipf:1.2"), or "hot". Returns false (and
// leaves *out unchanged) for any other text.
bool ParseKeyDistribution(std::string_view text, KeyDistribution* out);

// One step of a guided tour. A step runs a pattern (pattern_id) or its own request
// (operation + request_json), or nothing (text only), then points at something to look at.
struct TourStep {
  std::string title;         // optional short heading
  std::string text;          // what to notice, a few sentences
  std::string pattern_id;    // "" or the id of an AccessPattern to run
  std::string operation;     // "" or an operation to run (when pattern_id is empty)
  std::string request_json;  // request body for `operation`
  // What to look at after the step runs. One of: "" (nothing in particular), "patterns" (the
  // matrix), "result", "cost", "table:<Table>", "index:<Table>/<Index>",
  // "item:<Table>/<partition key value>/<sort key value>" (sort key part omitted for hash-only).
  std::string look_at;
  std::string extra_json;  // unknown members, verbatim
};

// One table: its CreateTable request and its items.
struct ModelTable {
  std::string name;               // equals TableName inside create_table_json
  std::string create_table_json;  // CreateTable request body (compact JSON object text)
  std::vector<Item> items;        // in file order
};

struct Model {
  int format_version = kModelFormatVersion;
  std::string name;         // display name: "VaultCommerce"
  std::string description;  // a paragraph
  std::vector<ModelTable> tables;
  std::vector<AccessPattern> access_patterns;  // in the order `monotable patterns` runs them
  std::vector<TourStep> tour;
  std::optional<PriceTable> prices;  // overrides of the engine's default prices
  // How the file was generated, if by GenerateExample: lets `monotable generate FILE --scale N`
  // rescale it. Empty generator: hand-written.
  std::string generator;  // "vaultcommerce" or "orders"
  uint64_t generator_seed = 0;
  double generator_scale = 0;
  // Unknown top-level members: JSON object text ("" when none), written back verbatim.
  std::string extra_json;

  const ModelTable* FindTable(std::string_view table_name) const;
  const AccessPattern* FindPattern(std::string_view id) const;
  size_t ItemCount() const;  // items over all tables
};

// Parses a model file. On error returns ValidationException whose message names the field by its
// JSON path and the position in the text, e.g.
//   "accessPatterns[3].request: expected an object (line 120, column 18)"
//   "items.Orders[7].total: unknown DynamoDB type descriptor \"Num\" (line 88, column 40)"
// and leaves *out unchanged (nothing half-parsed). Checks shape and DynamoDB JSON of items; does
// not check requests against the engine (LoadModel does).
Status ParseModel(std::string_view json_text, Model* out);

// Writes a model file: readable JSON (2-space indent, one item per line, key attributes first).
// ParseModel(SerializeModel(m)) reproduces m, unknown members included.
std::string SerializeModel(const Model& model);

// Creates the model's tables and writes its items into `engine`, through Engine::Execute only:
// one CreateTable per table, then BatchWriteItem in chunks of 25 PutRequests. All or nothing: on
// any failure *engine is restored to its state before the call and the error says which request
// failed and why ("CreateTable Orders: ValidationException: ..."). Tables must not exist yet.
Status LoadModel(const Model& model, Engine* engine);

// Builds a model from the engine's current tables and items: CreateTable requests are taken from
// `base` where a table of the same name exists there (keeps billing mode, throughput), otherwise
// rebuilt from the engine's schema; access patterns, tour, prices and unknown members come from
// `base`. Reads through the browsing API (bills nothing).
Model ExportModel(const Engine& engine, const Model& base);

// Runs one access pattern against the engine (Execute with ReturnConsumedCapacity INDEXES added
// when the request does not set it).
Result RunPattern(const AccessPattern& pattern, Engine* engine);

// --- Built-in examples (embedded at build time, no filesystem needed; for the web build) ---

// Names of the built-in examples, in display order: {"vaultcommerce", "orders"}.
const std::vector<std::string_view>& BuiltinModelNames();
// The model file text of a built-in example (minified JSON); "" for an unknown name. The text has
// static storage duration.
std::string_view BuiltinModel(std::string_view name);

// --- Generator ---

struct GenerateOptions {
  // Scale factor of the data: 1 reproduces examples/<name>.json exactly; 10, 100, 1000 multiply
  // customers/users (and with them orders, line items, wishlists, products).
  double scale = 1;
  // If non-zero, overrides `scale`: generate about this many items in total (rounded to whole
  // customers, never fewer than the scale-1 example).
  uint64_t target_items = 0;
  uint64_t seed = 1;  // same seed and scale -> byte-identical model
};

// Generates example `name` ("vaultcommerce" or "orders") deterministically. Every scale keeps the
// shape: the entities the access patterns and tour refer to exist at every scale and the patterns
// return the same items, so a Query's cost stays put while a Scan's grows with the table.
// Fast: a million items in a few seconds natively. Unknown name: ValidationException.
Status GenerateExample(std::string_view name, const GenerateOptions& options, Model* out);

// GenerateExample + LoadModel without ever holding the generated items: each item is written into
// `engine` as it is generated (through Engine::Execute only: CreateTable, then BatchWriteItem
// requests of 25 PutRequests, exactly the requests LoadModel would send for the generated model),
// so loading a million items needs the engine's memory and not a million Items besides. The engine
// ends holding the same items as after GenerateExample + LoadModel with the same options. *out
// receives the model without items (its tables' `items` are empty; name, CreateTable requests,
// access patterns, tour and generator fields as GenerateExample gives them); ExportModel rebuilds
// the items from the engine. All or nothing as LoadModel: on error *engine is restored and *out is
// unchanged. Errors: those of GenerateExample and of LoadModel.
Status LoadExample(std::string_view name, const GenerateOptions& options, Engine* engine,
                   Model* out);

// LoadExample a few milliseconds at a time, for a front end that must keep drawing while a large
// example loads (a million items take seconds; a page that does not draw for that long looks
// dead): Start, then Step until it returns true (showing items_loaded() against
// items_expected()), then Finish. The engine ends exactly as after LoadExample with the same
// options, and all or nothing likewise. Move-only; `engine` must outlive it and be touched by
// nothing else until Finish.
class ExampleLoad {
 public:
  ExampleLoad();
  ~ExampleLoad();
  ExampleLoad(ExampleLoad&&) noexcept;
  ExampleLoad& operator=(ExampleLoad&&) noexcept;

  // Checks the name and options (LoadExample's errors) and begins; nothing is generated yet.
  Status Start(std::string_view name, const GenerateOptions& options, Engine* engine);
  // Generates and writes items for about `budget_ms` of wall time (at least one entity: a
  // product, a user or a customer with theirs). True once everything is written (or the load
  // failed: Finish says which).
  bool Step(double budget_ms);
  // Items written so far; about how many there will be (the generator's estimate: progress may
  // end a little before or after it).
  uint64_t items_loaded() const;
  uint64_t items_expected() const;
  // REQUIRES: Step returned true. LoadExample's result and *out; on error *engine is restored.
  Status Finish(Model* out);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// --- Import and export ---

// NoSQL Workbench model JSON (versions 1.0 to 3.0 read, 3.0 written). Export keeps what Workbench
// cannot carry (LSIs, billing, access patterns, tour, prices, unknown members) in a namespaced
// extension member "x-monotable", so ImportWorkbench(ExportWorkbench(m)) reproduces m.
std::string ExportWorkbench(const Model& model);
// Reads Workbench 1.0-3.0: items at table level and inside facets (TableFacets, each facet an
// entity; facets are kept in the extension so a re-export keeps them). Errors as ParseModel.
Status ImportWorkbench(std::string_view json_text, Model* out);

// CloudFormation template (JSON) with one AWS::DynamoDB::Table resource per table.
std::string ExportCloudFormation(const Model& model);
// A POSIX shell script of AWS CLI calls: create-table, wait table-exists, then batch-write-item in
// chunks of 25 items.
std::string ExportAwsCli(const Model& model);

}  // namespace monotable
