// load: a model into an engine and back (LoadModel, ExportModel), running access patterns, and the
// matrix summaries derived from a pattern's request.
//
// Loading uses Engine::Execute only: CreateTable per table, then BatchWriteItem with at most 25
// PutRequests per call (DynamoDB's limit per BatchWriteItem, dynamodb-rules.md §1.3).
#include <algorithm>
#include <cctype>
#include <string>

#include "model/model_internal.h"
#include "monotable/model.h"

namespace monotable {

using model_internal::Json;

namespace {

constexpr size_t kBatchWriteLimit = 25;  // DynamoDB: at most 25 requests per BatchWriteItem

// "ValidationException: <message>" from a failed result.
std::string ErrorText(const Result& result) {
  std::string name(ErrorName(result.status.code()));
  if (!result.status.message().empty()) return name + ": " + result.status.message();
  return name + ": " + result.body;
}

Status Failed(const Result& result, const std::string& what) {
  ErrorCode code = result.status.ok() ? ErrorCode::kInternalServerError : result.status.code();
  return Status(code, what + ": " + ErrorText(result));
}

// Text of a key attribute value for summaries: S and N as written, B as "(binary)".
std::string ValueText(const Json& av) {
  if (!av.is_object() || av.empty()) return "?";
  auto it = av.begin();
  if (it.value().is_string()) return it.value().get<std::string>();
  return it.value().dump();
}

Json RequestOf(const AccessPattern& p) { return Json::parse(p.request_json, nullptr, false); }

std::string StringMember(const Json& j, const char* name) {
  if (!j.is_object()) return "";
  auto it = j.find(name);
  return it != j.end() && it->is_string() ? it->get<std::string>() : "";
}

}  // namespace

std::string AccessPattern::TableName() const {
  Json r = RequestOf(*this);
  if (!r.is_object()) return "";
  std::string name = StringMember(r, "TableName");
  if (!name.empty()) return name;
  auto ri = r.find("RequestItems");
  if (ri != r.end() && ri->is_object() && !ri->empty()) return ri->begin().key();
  auto ti = r.find("TransactItems");
  if (ti != r.end() && ti->is_array() && !ti->empty() && (*ti)[0].is_object() &&
      !(*ti)[0].empty()) {
    return StringMember((*ti)[0].begin().value(), "TableName");
  }
  return "";
}

std::string AccessPattern::IndexName() const { return StringMember(RequestOf(*this), "IndexName"); }

std::string AccessPattern::KeyCondition() const {
  Json r = RequestOf(*this);
  if (!r.is_object()) return "";
  std::string expr = StringMember(r, "KeyConditionExpression");
  if (!expr.empty()) {
    // Substitute #names and :values (longest placeholder first is unnecessary: a placeholder ends
    // at the first character that cannot be part of a name).
    auto names = r.find("ExpressionAttributeNames");
    auto values = r.find("ExpressionAttributeValues");
    std::string out;
    for (size_t i = 0; i < expr.size();) {
      char c = expr[i];
      if (c == '#' || c == ':') {
        size_t j = i + 1;
        while (j < expr.size() &&
               (std::isalnum(static_cast<unsigned char>(expr[j])) || expr[j] == '_')) {
          ++j;
        }
        std::string token = expr.substr(i, j - i);
        std::string text = token;
        if (c == '#' && names != r.end() && names->is_object()) {
          auto n = names->find(token);
          if (n != names->end() && n->is_string()) text = n->get<std::string>();
        } else if (c == ':' && values != r.end() && values->is_object()) {
          auto v = values->find(token);
          if (v != values->end()) text = ValueText(*v);
        }
        out += text;
        i = j;
      } else {
        out.push_back(c);
        ++i;
      }
    }
    return out;
  }
  auto key = r.find("Key");
  if (key != r.end() && key->is_object()) {
    std::string out;
    // Hash key first is not knowable without the schema; PK-like names sort first by convention.
    for (auto it = key->begin(); it != key->end(); ++it) {
      if (!out.empty()) out += ", ";
      out += it.key() + " = " + ValueText(it.value());
    }
    return out;
  }
  return "";
}

void model_internal::EngineWriter::CreateTable(const ModelTable& table) {
  Send();
  if (!status_.ok()) return;
  Result r = engine_->Execute("CreateTable", table.create_table_json);
  if (!r.status.ok()) status_ = Failed(r, "CreateTable " + table.name);
}

void model_internal::EngineWriter::StartItems(const std::string& name) {
  Send();
  table_ = name;
  head_ = "{\"RequestItems\":{";
  AppendJsonString(name, &head_);
  head_ += ":[";
  sent_ = 0;
}

void model_internal::EngineWriter::Put(const Item& item) {
  if (!status_.ok()) return;
  ++items_;
  if (pending_ == 0) {
    request_ = head_;
  } else {
    request_.push_back(',');
  }
  request_ += "{\"PutRequest\":{\"Item\":";
  AppendItemJson(item, {}, &request_);
  request_ += "}}";
  if (++pending_ == kBatchWriteLimit) Send();
}

void model_internal::EngineWriter::Send() {
  if (pending_ == 0 || !status_.ok()) return;
  const uint64_t first = sent_;
  const uint64_t last = sent_ + pending_ - 1;
  sent_ += pending_;
  pending_ = 0;
  request_ += "]}}";
  // The effects of loading are never shown, so none are built (docs/benchmarks.md, section 10).
  Result r = engine_->Execute("BatchWriteItem", request_, ExecuteOptions{.effects = false});
  if (!r.status.ok()) {
    status_ = Failed(r, "BatchWriteItem " + table_ + " items " + std::to_string(first) + ".." +
                            std::to_string(last));
    return;
  }
  // The engine never throttles, but a faithful client checks: unprocessed items are a failure.
  // (The usual answer is exactly {"UnprocessedItems":{}}: no need to parse it.)
  if (r.body != "{\"UnprocessedItems\":{}}") {
    Json body = Json::parse(r.body, nullptr, false);
    if (body.is_object()) {
      auto un = body.find("UnprocessedItems");
      if (un != body.end() && un->is_object() && !un->empty()) {
        status_ = Status(ErrorCode::kInternalServerError,
                         "BatchWriteItem " + table_ + ": items left unprocessed");
      }
    }
  }
}

Status model_internal::EngineWriter::Finish() {
  Send();
  return status_;
}

void model_internal::EngineWriter::BeginTable(const ModelTable& table, uint64_t expected_items) {
  expected_ += expected_items;
  CreateTable(table);
  StartItems(table.name);
}

Status LoadModel(const Model& model, Engine* engine) {
  Engine before(*engine);  // all or nothing: restored on any failure
  model_internal::EngineWriter writer(engine);
  for (const ModelTable& t : model.tables) writer.CreateTable(t);
  for (const ModelTable& t : model.tables) {
    writer.StartItems(t.name);
    for (const Item& item : t.items) {
      writer.Put(item);
      if (!writer.ok()) break;
    }
  }
  Status status = writer.Finish();
  if (!status.ok()) *engine = std::move(before);
  return status;
}

namespace {

// A CreateTable request rebuilt from the engine's schema (for tables the base model lacks).
std::string CreateTableFromInfo(const TableInfo& info) {
  model_internal::OrderedJson ct = model_internal::OrderedJson::object();
  ct["TableName"] = info.name;
  model_internal::OrderedJson defs = model_internal::OrderedJson::array();
  std::vector<std::string> defined;
  auto define = [&](const std::string& name, Type type) {
    if (name.empty()) return;
    for (const std::string& d : defined) {
      if (d == name) return;
    }
    defined.push_back(name);
    defs.push_back({{"AttributeName", name}, {"AttributeType", std::string(TypeName(type))}});
  };
  auto key_schema = [&](const KeySchemaInfo& k) {
    model_internal::OrderedJson ks = model_internal::OrderedJson::array();
    if (k.hash_attributes.empty()) {  // (filled by Engine::Tables; kept for hand-built infos)
      define(k.hash_key, k.hash_type);
      define(k.range_key, k.range_type);
      ks.push_back({{"AttributeName", k.hash_key}, {"KeyType", "HASH"}});
      if (!k.range_key.empty()) {
        ks.push_back({{"AttributeName", k.range_key}, {"KeyType", "RANGE"}});
      }
      return ks;
    }
    // Every attribute of a multi-attribute GSI key, HASH then RANGE, in key schema order.
    for (const KeyAttributeInfo& a : k.hash_attributes) {
      define(a.name, a.type);
      ks.push_back({{"AttributeName", a.name}, {"KeyType", "HASH"}});
    }
    for (const KeyAttributeInfo& a : k.range_attributes) {
      define(a.name, a.type);
      ks.push_back({{"AttributeName", a.name}, {"KeyType", "RANGE"}});
    }
    return ks;
  };
  model_internal::OrderedJson table_keys = key_schema(info.keys);
  model_internal::OrderedJson gsis = model_internal::OrderedJson::array();
  model_internal::OrderedJson lsis = model_internal::OrderedJson::array();
  for (const IndexInfo& ix : info.indexes) {
    model_internal::OrderedJson j = model_internal::OrderedJson::object();
    j["IndexName"] = ix.name;
    j["KeySchema"] = key_schema(ix.keys);
    model_internal::OrderedJson proj = {{"ProjectionType", ix.projection_type}};
    if (!ix.non_key_attributes.empty()) proj["NonKeyAttributes"] = ix.non_key_attributes;
    j["Projection"] = proj;
    (ix.global ? gsis : lsis).push_back(j);
  }
  ct["AttributeDefinitions"] = defs;
  ct["KeySchema"] = table_keys;
  if (!gsis.empty()) ct["GlobalSecondaryIndexes"] = gsis;
  if (!lsis.empty()) ct["LocalSecondaryIndexes"] = lsis;
  ct["BillingMode"] = "PAY_PER_REQUEST";
  return ct.dump();
}

}  // namespace

Model ExportModel(const Engine& engine, const Model& base) {
  Model out = base;
  out.tables.clear();
  std::vector<TableInfo> infos = engine.Tables();
  // Base model's table order first, then tables created since.
  std::vector<const TableInfo*> ordered;
  for (const ModelTable& t : base.tables) {
    for (const TableInfo& info : infos) {
      if (info.name == t.name) ordered.push_back(&info);
    }
  }
  for (const TableInfo& info : infos) {
    if (base.FindTable(info.name) == nullptr) ordered.push_back(&info);
  }
  for (const TableInfo* info : ordered) {
    ModelTable t;
    t.name = info->name;
    const ModelTable* old = base.FindTable(info->name);
    bool same_indexes = false;
    if (old != nullptr) {
      // Keep the author's CreateTable (billing, throughput, order) unless indexes changed since.
      Json ct = Json::parse(old->create_table_json, nullptr, false);
      size_t count = 0;
      for (const char* member : {"GlobalSecondaryIndexes", "LocalSecondaryIndexes"}) {
        auto it = ct.find(member);
        if (it != ct.end() && it->is_array()) count += it->size();
      }
      same_indexes = count == info->indexes.size();
    }
    t.create_table_json = same_indexes ? old->create_table_json : CreateTableFromInfo(*info);
    t.items.reserve(info->item_count);
    engine.ForEachItem(info->name, "", [&](const Item& item, size_t) { t.items.push_back(item); });
    out.tables.push_back(std::move(t));
  }
  out.generator.clear();  // the data may no longer be what the generator made
  out.generator_seed = 0;
  out.generator_scale = 0;
  return out;
}

Result RunPattern(const AccessPattern& pattern, Engine* engine) {
  Json request = Json::parse(pattern.request_json, nullptr, false);
  if (request.is_object() && request.find("ReturnConsumedCapacity") == request.end()) {
    // TransactGetItems accepts only NONE and TOTAL; every other operation takes INDEXES.
    request["ReturnConsumedCapacity"] =
        pattern.operation == "TransactGetItems" ? "TOTAL" : "INDEXES";
    return engine->Execute(pattern.operation, request.dump());
  }
  return engine->Execute(pattern.operation, pattern.request_json);
}

}  // namespace monotable
