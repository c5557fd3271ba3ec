// Tests for core/model/formats.cc: NoSQL Workbench import/export, CloudFormation, AWS CLI script.
#include <gtest/gtest.h>

#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>

#include "monotable/engine.h"
#include "monotable/model.h"

namespace monotable {
namespace {

using nlohmann::json;

Model Builtin(std::string_view name) {
  Model m;
  EXPECT_TRUE(ParseModel(BuiltinModel(name), &m).ok());
  return m;
}

TEST(FormatsTest, WorkbenchRoundTripIsLossless) {
  for (std::string_view name : BuiltinModelNames()) {
    Model m = Builtin(name);
    std::string wb = ExportWorkbench(m);
    json doc = json::parse(wb, nullptr, false);
    ASSERT_FALSE(doc.is_discarded());
    EXPECT_EQ(doc["ModelMetadata"]["Version"], "3.0");
    EXPECT_EQ(doc["ModelMetadata"]["AWSService"], "Amazon DynamoDB");
    EXPECT_EQ(doc["DataModel"][0]["TableData"].size(), m.tables[0].items.size());
    Model back;
    Status s = ImportWorkbench(wb, &back);
    ASSERT_TRUE(s.ok()) << s.message();
    EXPECT_EQ(SerializeModel(back), SerializeModel(m)) << name;
  }
}

TEST(FormatsTest, WorkbenchKeepsWhatItCannotCarry) {
  Model m = Builtin("orders");
  m.tables[0].create_table_json =
      R"({"TableName":"Orders","AttributeDefinitions":[{"AttributeName":"PK","AttributeType":"S"},)"
      R"({"AttributeName":"SK","AttributeType":"S"},{"AttributeName":"total","AttributeType":"N"}],)"
      R"("KeySchema":[{"AttributeName":"PK","KeyType":"HASH"},{"AttributeName":"SK","KeyType":"RANGE"}],)"
      R"("LocalSecondaryIndexes":[{"IndexName":"ByTotal","KeySchema":[{"AttributeName":"PK",)"
      R"("KeyType":"HASH"},{"AttributeName":"total","KeyType":"RANGE"}],"Projection":)"
      R"({"ProjectionType":"KEYS_ONLY"}}],"BillingMode":"PAY_PER_REQUEST"})";
  m.extra_json = R"({"x-team":"payments"})";
  Model back;
  ASSERT_TRUE(ImportWorkbench(ExportWorkbench(m), &back).ok());
  EXPECT_EQ(back.tables[0].create_table_json, m.tables[0].create_table_json);
  EXPECT_EQ(back.extra_json, m.extra_json);
  EXPECT_EQ(back.tour.size(), m.tour.size());
}

// A Workbench 3.0 file as Workbench writes it (no monotable extension), items at table level.
const char* kWorkbench3 = R"({
  "ModelName": "Shop",
  "ModelMetadata": {"Author": "", "DateCreated": "Jan 12, 2023, 10:14 AM",
    "DateLastModified": "Jan 12, 2023, 10:17 AM", "Description": "A shop",
    "AWSService": "Amazon DynamoDB", "Version": "3.0"},
  "DataModel": [{
    "TableName": "Shop",
    "KeyAttributes": {"PartitionKey": {"AttributeName": "pk", "AttributeType": "S"},
                      "SortKey": {"AttributeName": "sk", "AttributeType": "S"}},
    "NonKeyAttributes": [{"AttributeName": "email", "AttributeType": "S"}],
    "TableFacets": [{"FacetName": "User", "KeyAttributeAlias": {"PartitionKeyAlias": "UserId",
      "SortKeyAlias": "Kind"}, "TableData": [], "NonKeyAttributes": ["email"]}],
    "GlobalSecondaryIndexes": [{"IndexName": "ByEmail",
      "KeyAttributes": {"PartitionKey": {"AttributeName": "email", "AttributeType": "S"}},
      "Projection": {"ProjectionType": "ALL"}}],
    "TableData": [{"pk": {"S": "USER#1"}, "sk": {"S": "PROFILE"}, "email": {"S": "a@example.com"}}],
    "DataAccess": {"MySql": {}},
    "BillingMode": "PROVISIONED",
    "ProvisionedCapacitySettings": {"ProvisionedThroughput": {"ReadCapacityUnits": 5,
      "WriteCapacityUnits": 5}}
  }]
})";

TEST(FormatsTest, ImportsWorkbench3AndKeepsFacets) {
  Model m;
  Status s = ImportWorkbench(kWorkbench3, &m);
  ASSERT_TRUE(s.ok()) << s.message();
  EXPECT_EQ(m.name, "Shop");
  EXPECT_EQ(m.description, "A shop");
  ASSERT_EQ(m.tables.size(), 1u);
  ASSERT_EQ(m.tables[0].items.size(), 1u);
  EXPECT_EQ(m.tables[0].items[0].at("email").s(), "a@example.com");
  json ct = json::parse(m.tables[0].create_table_json);
  EXPECT_EQ(ct["GlobalSecondaryIndexes"][0]["IndexName"], "ByEmail");
  EXPECT_EQ(ct["BillingMode"], "PROVISIONED");
  EXPECT_EQ(ct["ProvisionedThroughput"]["ReadCapacityUnits"], 5);
  EXPECT_EQ(ct["AttributeDefinitions"].size(), 3u);
  // Re-exported, the facet is still there.
  json again = json::parse(ExportWorkbench(m));
  EXPECT_EQ(again["DataModel"][0]["TableFacets"][0]["FacetName"], "User");
}

TEST(FormatsTest, ImportsWorkbench1ItemsInsideFacets) {
  std::string v1 = kWorkbench3;
  v1.replace(v1.find("\"3.0\""), 5, "\"1.0\"");
  v1.replace(v1.find("\"TableData\": [], "), 17,
             "\"TableData\": [{\"pk\": {\"S\": \"USER#2\"}, \"sk\": {\"S\": \"PROFILE\"}}], ");
  Model m;
  Status s = ImportWorkbench(v1, &m);
  ASSERT_TRUE(s.ok()) << s.message();
  EXPECT_EQ(m.tables[0].items.size(), 2u);
}

TEST(FormatsTest, MalformedWorkbenchNamesFieldAndPosition) {
  std::string bad = kWorkbench3;
  bad.replace(bad.find("\"Version\": \"3.0\""), 16, "\"Version\": \"9.0\"");
  Model m;
  EXPECT_EQ(ImportWorkbench(bad, &m).message(),
            "NoSQL Workbench model: ModelMetadata.Version: unsupported version \"9.0\" (monotable "
            "reads 1.0 to 3.0) (line 5, column 49)");
  bad = kWorkbench3;
  bad.replace(bad.find("{\"S\": \"a@example.com\"}"), 22, "{\"S\": 7}");
  std::string message;
  message = ImportWorkbench(bad, &m).message();
  EXPECT_EQ(message.rfind("NoSQL Workbench model: DataModel[0].TableData[0].email: ", 0), 0u)
      << message;
}

// Found by tests/fuzz/model_fuzz.cc (regression input tests/fuzz/regressions/model/): a key
// without AttributeName, or members of the wrong type, used to abort the importer and exporters;
// they are reported (import) or read as absent (export of a model whose requests are not checked).
TEST(FormatsTest, WrongTypedMembersAreErrorsNotCrashes) {
  Model m;
  Status s = ImportWorkbench(R"({"ModelName":"M","ModelMetadata":{"Version":"3.0"},
    "DataModel":[{"TableName":"T","KeyAttributes":{"PartitionKey":{"AttributeType":"S"}}}]})",
                             &m);
  EXPECT_EQ(s.code(), ErrorCode::kValidation);
  EXPECT_NE(s.message().find("DataModel[0].KeyAttributes"), std::string::npos) << s.message();
  s = ImportWorkbench(R"({"ModelName":7,"ModelMetadata":{"Version":"3.0","Description":[]},
    "DataModel":[{"TableName":"T","BillingMode":5,
      "KeyAttributes":{"PartitionKey":{"AttributeName":"pk","AttributeType":1}}}]})",
                      &m);
  EXPECT_EQ(s.code(), ErrorCode::kValidation) << s.message();

  Model odd;
  ASSERT_TRUE(
      ParseModel(R"({"formatVersion":1,"name":"odd","tables":[{"TableName":"T","BillingMode":3,
    "AttributeDefinitions":[{"AttributeName":"pk","AttributeType":false}],
    "KeySchema":[{"AttributeName":"pk","KeyType":"HASH"},{"AttributeName":1,"KeyType":2}],
    "StreamSpecification":{"StreamEnabled":"yes"},"SSESpecification":{"Enabled":"no"}}]})",
                 &odd)
          .ok());
  const std::string wb = ExportWorkbench(odd);
  EXPECT_NE(wb.find("\"PartitionKey\""), std::string::npos) << wb;
  EXPECT_FALSE(ExportCloudFormation(odd).empty());
  EXPECT_FALSE(ExportAwsCli(odd).empty());
}

TEST(FormatsTest, CloudFormationDeclaresEachTable) {
  Model m = Builtin("orders");
  json tpl = json::parse(ExportCloudFormation(m), nullptr, false);
  ASSERT_FALSE(tpl.is_discarded());
  const json& table = tpl["Resources"]["OrdersTable"];
  EXPECT_EQ(table["Type"], "AWS::DynamoDB::Table");
  EXPECT_EQ(table["Properties"]["TableName"], "Orders");
  EXPECT_EQ(table["Properties"]["BillingMode"], "PAY_PER_REQUEST");
  EXPECT_EQ(table["Properties"]["GlobalSecondaryIndexes"].size(),
            4u);  // GSI1, GSI2, ByStatusConcat, ByStatusMulti
}

TEST(FormatsTest, AwsCliScriptWritesInChunksOf25) {
  Model m = Builtin("vaultcommerce");
  std::string script = ExportAwsCli(m);
  EXPECT_NE(script.find("aws dynamodb create-table --cli-input-json '{\"TableName\":"),
            std::string::npos);
  size_t writes = 0;
  for (size_t at = script.find("\nwrite '"); at != std::string::npos;
       at = script.find("\nwrite '", at + 1)) {
    ++writes;
  }
  EXPECT_EQ(writes, (m.tables[0].items.size() + 24) / 25);
  // Single quotes inside values are closed, escaped and reopened for the shell.
  m.tables[0].items[0]["name"] = Value::S("Conor O'Brien");
  EXPECT_NE(ExportAwsCli(m).find("Conor O'\\''Brien"), std::string::npos);
}

}  // namespace
}  // namespace monotable

namespace monotable {
namespace {

// The KeySchema of index `name` in a CreateTable request.
json IndexKeySchema(const std::string& create_table_json, const std::string& name) {
  json ct = json::parse(create_table_json, nullptr, false);
  for (const json& g : ct["GlobalSecondaryIndexes"]) {
    if (g["IndexName"] == name) return g["KeySchema"];
  }
  return json();
}

TEST(FormatsTest, MultiAttributeGsiKeysSurviveWorkbenchWithoutTheExtension) {
  // Orders' ByStatusMulti has a multi-attribute key: HASH status, RANGE customerId then createdAt
  // (DG GSI.html#GSI.MultiAttributeKeys).
  Model m = Builtin("orders");
  const json by_status_multi = IndexKeySchema(m.tables[0].create_table_json, "ByStatusMulti");
  ASSERT_EQ(by_status_multi.size(), 3u);
  json wb = json::parse(ExportWorkbench(m));
  json exported;
  for (const json& g : wb["DataModel"][0]["GlobalSecondaryIndexes"]) {
    if (g["IndexName"] == "ByStatusMulti") exported = g["KeyAttributes"];
  }
  // The first attributes where a Workbench unaware of multi-attribute keys looks, all of them in
  // the lists.
  EXPECT_EQ(exported["PartitionKey"]["AttributeName"], "status");
  EXPECT_EQ(exported["SortKey"]["AttributeName"], "customerId");
  EXPECT_FALSE(exported.contains("PartitionKeys"));
  ASSERT_EQ(exported["SortKeys"].size(), 2u);
  EXPECT_EQ(exported["SortKeys"][1]["AttributeName"], "createdAt");
  EXPECT_EQ(exported["SortKeys"][1]["AttributeType"], "S");
  // Read back without x-monotable (as from another tool): the key schema comes from the lists.
  wb.erase("x-monotable");
  Model back;
  Status s = ImportWorkbench(wb.dump(), &back);
  ASSERT_TRUE(s.ok()) << s.message();
  EXPECT_EQ(IndexKeySchema(back.tables[0].create_table_json, "ByStatusMulti"), by_status_multi);
  // Two HASH attributes come back as PartitionKeys.
  json ka = {{"PartitionKey", {{"AttributeName", "a"}, {"AttributeType", "S"}}},
             {"PartitionKeys",
              {{{"AttributeName", "a"}, {"AttributeType", "S"}},
               {{"AttributeName", "b"}, {"AttributeType", "N"}}}}};
  wb["DataModel"][0]["GlobalSecondaryIndexes"][0]["KeyAttributes"] = ka;
  wb["DataModel"][0]["GlobalSecondaryIndexes"][0]["IndexName"] = "AB";
  ASSERT_TRUE(ImportWorkbench(wb.dump(), &back).ok());
  EXPECT_EQ(IndexKeySchema(back.tables[0].create_table_json, "AB"),
            json::parse(R"([{"AttributeName":"a","KeyType":"HASH"},)"
                        R"({"AttributeName":"b","KeyType":"HASH"}])"));
  // An empty list is malformed, not an index without a key.
  wb["DataModel"][0]["GlobalSecondaryIndexes"][0]["KeyAttributes"]["PartitionKeys"] = json::array();
  EXPECT_FALSE(ImportWorkbench(wb.dump(), &back).ok());
}

TEST(FormatsTest, CloudFormationWritesAMultiAttributeKeySchemaAsIs) {
  // CloudFormation's GSI KeySchema is a list: a multi-attribute key is more elements.
  Model m = Builtin("orders");
  json tpl = json::parse(ExportCloudFormation(m), nullptr, false);
  json by_status_multi;
  for (const json& g : tpl["Resources"]["OrdersTable"]["Properties"]["GlobalSecondaryIndexes"]) {
    if (g["IndexName"] == "ByStatusMulti") by_status_multi = g["KeySchema"];
  }
  EXPECT_EQ(by_status_multi, IndexKeySchema(m.tables[0].create_table_json, "ByStatusMulti"));
  EXPECT_EQ(by_status_multi.size(), 3u);
}

// Real Workbench files, written as Workbench writes them (JSON.stringify with 2 spaces; 3.0 with
// facets, author and dates, an INCLUDE projection, provisioned capacity with auto scaling, a table
// without BillingMode, items whose attributes come in different orders; 1.0 with the items inside
// their facets): our own fixtures in tests/core/model/workbench/.
std::string Fixture(const std::string& name) {
  std::ifstream in(std::string(MONOTABLE_SOURCE_DIR) + "/tests/core/model/workbench/" + name,
                   std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  EXPECT_FALSE(text.str().empty()) << name;
  return text.str();
}

// Import then export gives the file back byte for byte: facets stay facets (the 1.0 items inside
// theirs), metadata, version, member and attribute order stay, no BillingMode appears; and the
// same through a model file (what `monotable import` writes) and through an engine (the
// playground exports what the engine holds, in its own order).
TEST(FormatsTest, RealWorkbenchFilesRoundTripByteForByte) {
  for (const char* name : {"lending-library-3.0.json", "lending-library-1.0.json"}) {
    SCOPED_TRACE(name);
    const std::string file = Fixture(name);
    Model m;
    Status s = ImportWorkbench(file, &m);
    ASSERT_TRUE(s.ok()) << s.message();
    EXPECT_EQ(ExportWorkbench(m), file);

    Model from_file;
    ASSERT_TRUE(ParseModel(SerializeModel(m), &from_file).ok());
    EXPECT_EQ(ExportWorkbench(from_file), file) << "through a model file";

    Engine engine;
    ASSERT_TRUE(LoadModel(m, &engine).ok());
    const std::string exported = ExportWorkbench(ExportModel(engine, m));
    EXPECT_EQ(exported, file) << "through an engine";
    EXPECT_EQ(exported.find("x-monotable"), std::string::npos);
  }
}

// Edited in monotable, a Workbench model keeps what it had: facets, metadata and the items'
// places; a new item joins the table's data, a deleted one leaves its facet; the table without
// BillingMode still has none; a capacity change keeps the auto scaling settings.
TEST(FormatsTest, AnEditedWorkbenchModelKeepsItsFacetsAndMetadata) {
  Model m;
  ASSERT_TRUE(ImportWorkbench(Fixture("lending-library-1.0.json"), &m).ok());
  ASSERT_EQ(m.tables[0].items.size(), 4u);
  json ct = json::parse(m.tables[0].create_table_json);
  EXPECT_EQ(ct["BillingMode"], "PAY_PER_REQUEST") << "no BillingMode reads as on demand";
  m.tables[0].items.erase(m.tables[0].items.begin() + 1);  // member m02
  Item added;
  added["PK"] = Value::S("MEMBER#m03");
  added["SK"] = Value::S("PROFILE");
  added["Name"] = Value::S("Rui Lind");
  m.tables[0].items.push_back(added);
  m.description = "Members and loans, with a new member.";
  json wb = json::parse(ExportWorkbench(m));
  EXPECT_EQ(wb["ModelMetadata"]["Author"], "Ines Okafor");
  EXPECT_EQ(wb["ModelMetadata"]["DateCreated"], "Jun 02, 2020, 10:05 AM");
  EXPECT_EQ(wb["ModelMetadata"]["Version"], "1.0");
  EXPECT_EQ(wb["ModelMetadata"]["Description"], "Members and loans, with a new member.");
  const json& t = wb["DataModel"][0];
  ASSERT_EQ(t["TableFacets"].size(), 2u);
  EXPECT_EQ(t["TableFacets"][0]["FacetName"], "Member");
  ASSERT_EQ(t["TableFacets"][0]["TableData"].size(), 1u) << "m02 left its facet";
  EXPECT_EQ(t["TableFacets"][1]["TableData"].size(), 2u) << "the loans stay in theirs";
  ASSERT_EQ(t["TableData"].size(), 1u) << "the new member joins the table's own data";
  EXPECT_EQ(t["TableData"][0]["PK"]["S"], "MEMBER#m03");
  EXPECT_FALSE(t.contains("BillingMode"));
  EXPECT_FALSE(wb.contains("x-monotable")) << "Workbench's own members carry it all";
  Model back;
  ASSERT_TRUE(ImportWorkbench(wb.dump(), &back).ok());
  EXPECT_EQ(back.tables[0].items.size(), 4u);

  Model v3;
  ASSERT_TRUE(ImportWorkbench(Fixture("lending-library-3.0.json"), &v3).ok());
  json ct3 = json::parse(v3.tables[0].create_table_json);
  ct3["ProvisionedThroughput"] = {{"ReadCapacityUnits", 10}, {"WriteCapacityUnits", 3}};
  v3.tables[0].create_table_json = ct3.dump();
  json rooms = json::parse(v3.tables[1].create_table_json);
  EXPECT_EQ(rooms["BillingMode"], "PAY_PER_REQUEST");
  json wb3 = json::parse(ExportWorkbench(v3));
  const json& pcs = wb3["DataModel"][0]["ProvisionedCapacitySettings"];
  EXPECT_EQ(pcs["ProvisionedThroughput"]["ReadCapacityUnits"], 10);
  EXPECT_EQ(pcs["AutoScalingRead"]["ScalableTargetRequest"]["MaxCapacity"], 8);
  EXPECT_FALSE(wb3["DataModel"][1].contains("BillingMode"));
  // Switched to provisioned in monotable: now it says so.
  rooms["BillingMode"] = "PROVISIONED";
  rooms["ProvisionedThroughput"] = {{"ReadCapacityUnits", 1}, {"WriteCapacityUnits", 1}};
  v3.tables[1].create_table_json = rooms.dump();
  json wb4 = json::parse(ExportWorkbench(v3));
  EXPECT_EQ(wb4["DataModel"][1]["BillingMode"], "PROVISIONED");
  EXPECT_EQ(wb4["DataModel"][1]["ProvisionedCapacitySettings"]["ProvisionedThroughput"]
               ["ReadCapacityUnits"],
            1);
  Model back4;
  ASSERT_TRUE(ImportWorkbench(wb4.dump(), &back4).ok());
  EXPECT_EQ(json::parse(back4.tables[1].create_table_json)["BillingMode"], "PROVISIONED");
}

// What Workbench cannot hold (here an access pattern) still travels in x-monotable, and the
// Workbench members around it are still the file's.
TEST(FormatsTest, AWorkbenchModelWithMonotableExtrasKeepsBoth) {
  const std::string file = Fixture("lending-library-3.0.json");
  Model m;
  ASSERT_TRUE(ImportWorkbench(file, &m).ok());
  AccessPattern p;
  p.id = "member";
  p.name = "A member";
  p.operation = "GetItem";
  p.request_json =
      R"({"TableName":"Library","Key":{"PK":{"S":"MEMBER#m01"},"SK":{"S":"PROFILE"}}})";
  m.access_patterns.push_back(p);
  const std::string wb = ExportWorkbench(m);
  json doc = json::parse(wb);
  ASSERT_TRUE(doc.contains("x-monotable"));
  EXPECT_EQ(doc["ModelMetadata"]["Author"], "Ines Okafor");
  EXPECT_EQ(doc["DataModel"][0]["TableFacets"].size(), 2u);
  Model back;
  ASSERT_TRUE(ImportWorkbench(wb, &back).ok());
  EXPECT_EQ(SerializeModel(back), SerializeModel(m));
  back.access_patterns.clear();
  EXPECT_EQ(ExportWorkbench(back), file) << "without the extra, the file again";
}

}  // namespace
}  // namespace monotable
