// The message-family table (core/api/messages.cc) says what each cohort answers: these tests hold
// every row's examples to the builders and the engine, so the table cannot drift from the code.
// The captures behind the texts: tests/cases/messages_2026_09.json and messages_2026_05.json.
#include "api/messages.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "monotable/engine.h"

namespace monotable::api::messages {
namespace {

// The message one family's builder words for its table example, in the current cohort; empty for
// the families whose example is a whole request (checked through the engine below).
std::string Example(Family family) {
  switch (family) {
    case Family::kEmptySet:
      return EmptySet("SS").message();
    case Family::kNullNotTrue:
      return NullNotTrue().message();
    case Family::kDuplicateSetMembers:
      return DuplicateSetMembers({"a", "a"}, false).message();
    case Family::kMixedParameters:
      return MixedParameters("Expected", "ConditionExpression").message();
    case Family::kValuesWithoutExpression:
      return ValuesWithoutExpression("ConditionExpression", 1).message();
    case Family::kConditionExpression:
      return Enveloped(family, Status::Validation("Invalid ConditionExpression: The expression "
                                                  "has redundant parentheses;"))
          .message();
    case Family::kUpdateExpression:
      return Enveloped(family, Status::Validation("Invalid UpdateExpression: Syntax error; token: "
                                                  "\"INVALID\", near: \"INVALID SYNTAX\""))
          .message();
    case Family::kUnusedPlaceholders:
      return Enveloped(family, Status::Validation("Value provided in ExpressionAttributeNames "
                                                  "unused in expressions: keys: {#unused}"))
          .message();
    case Family::kBatchGetEmptyRequestItems:
      return EmptyRequestItems("BatchGetItem").message();
    case Family::kNumberConversion:
      return NumberConversion(
                 Status::Validation("The parameter cannot be converted to a numeric value"), "")
          .message();
    case Family::kAttributeNameTooLarge:
      return AttributeNameTooLarge().message();
    case Family::kEmptyTableName:
    case Family::kReturnValuesEnum:
      return "";
  }
  return "";
}

TEST(Messages, CohortNamesRoundTrip) {
  for (MessageCohort c : {MessageCohort::k2026_05, MessageCohort::k2026_09}) {
    MessageCohort parsed = MessageCohort::k2026_05;
    ASSERT_TRUE(ParseMessageCohort(MessageCohortName(c), &parsed));
    EXPECT_EQ(parsed, c);
  }
  MessageCohort untouched = MessageCohort::k2026_05;
  EXPECT_FALSE(ParseMessageCohort("2026-06", &untouched));
  EXPECT_FALSE(ParseMessageCohort("", &untouched));
  EXPECT_EQ(untouched, MessageCohort::k2026_05);
  EXPECT_EQ(EngineOptions{}.messages, MessageCohort::k2026_09) << "us-east-1's current wording";
}

TEST(Messages, TableRowsAreInFamilyOrderWithSources) {
  const auto& families = Families();
  for (size_t i = 0; i < families.size(); ++i) {
    EXPECT_EQ(static_cast<size_t>(families[i].family), i) << families[i].name;
    EXPECT_NE(families[i].before, families[i].after) << families[i].name;
    EXPECT_FALSE(families[i].source.empty()) << families[i].name;
  }
}

TEST(Messages, BuildersWordEachRowsExampleInBothCohorts) {
  for (const FamilyInfo& f : Families()) {
    {
      CohortScope scope(MessageCohort::k2026_05);
      EXPECT_FALSE(Reworded(f.family)) << f.name;
      const std::string before = Example(f.family);
      if (!before.empty()) {
        EXPECT_EQ(before, f.before) << f.name;
      }
    }
    CohortScope scope(MessageCohort::k2026_09);
    EXPECT_TRUE(Reworded(f.family)) << f.name;
    const std::string after = Example(f.family);
    if (!after.empty()) {
      EXPECT_EQ(after, f.after) << f.name;
    }
  }
}

TEST(Messages, BatchWriteItemsEmptyRequestItemsIsTheSameInBothCohorts) {
  // o_bw_empty_requestitems: us-east-1 still answered the old text on 2026-09-29.
  for (MessageCohort c : {MessageCohort::k2026_05, MessageCohort::k2026_09}) {
    CohortScope scope(c);
    EXPECT_EQ(EmptyRequestItems("BatchWriteItem").message(),
              "The requestItems parameter is required for BatchWriteItem");
  }
}

TEST(Messages, CohortScopeRestoresThePreviousCohort) {
  const MessageCohort outside = Current();
  {
    CohortScope a(MessageCohort::k2026_05);
    EXPECT_EQ(Current(), MessageCohort::k2026_05);
    {
      CohortScope b(MessageCohort::k2026_09);
      EXPECT_EQ(Current(), MessageCohort::k2026_09);
    }
    EXPECT_EQ(Current(), MessageCohort::k2026_05);
  }
  EXPECT_EQ(Current(), outside);
}

// The two request-level rows, through the engine: the same request answers the row's `before`
// under 2026-05 and its `after` under the default.
std::string MessageOf(MessageCohort cohort, const char* operation, const char* request) {
  EngineOptions options;
  options.messages = cohort;
  Engine engine(options);
  const Result r = engine.Execute(operation, request);
  return nlohmann::json::parse(r.body).value("message", "");
}

TEST(Messages, EngineAnswersTheRequestLevelRowsInItsCohort) {
  const FamilyInfo& table_name = Families()[static_cast<size_t>(Family::kEmptyTableName)];
  const char* put = R"({"TableName": "", "Item": {}})";
  EXPECT_EQ(MessageOf(MessageCohort::k2026_05, "PutItem", put), table_name.before);
  EXPECT_EQ(MessageOf(MessageCohort::k2026_09, "PutItem", put), table_name.after);
  // 2026-09 stops at the empty name (o_put_empty_table_bad_rv); 2026-05 lists both.
  const char* put_bad_rv = R"({"TableName": "", "ReturnValues": "INVALID", "Item": {}})";
  EXPECT_EQ(MessageOf(MessageCohort::k2026_09, "PutItem", put_bad_rv), table_name.after);
  EXPECT_EQ(MessageOf(MessageCohort::k2026_05, "PutItem", put_bad_rv).substr(0, 30),
            "2 validation errors detected: ");

  const FamilyInfo& return_values = Families()[static_cast<size_t>(Family::kReturnValuesEnum)];
  const char* update = R"({"TableName": "_conformance_valid_table_name", "Key": {"pk": {"S": "t"}},
                           "ReturnValues": "INVALID", "ReturnConsumedCapacity": "INVALID"})";
  EXPECT_EQ(MessageOf(MessageCohort::k2026_05, "UpdateItem", update), return_values.before);
  EXPECT_EQ(MessageOf(MessageCohort::k2026_09, "UpdateItem", update), return_values.after);
}

}  // namespace
}  // namespace monotable::api::messages
