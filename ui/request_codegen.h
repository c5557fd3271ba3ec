// Request code generation: a DynamoDB request as an AWS CLI command, Python (boto3) or JavaScript
// (AWS SDK v3) code, so what a user builds in the playground can be replayed on real DynamoDB.
// Pure functions over the request's JSON text; no ImGui, no engine.
#pragma once

#include <string>
#include <string_view>

namespace monotable::ui {

// "Query" -> "query", "GetItem" -> "get-item" (AWS CLI), "get_item" (boto3).
std::string KebabCase(std::string_view pascal);
std::string SnakeCase(std::string_view pascal);

// Each returns "" when `request_json` is not a JSON object.
// aws dynamodb <op> --table-name ... one parameter per line, values in single quotes.
std::string ToAwsCli(std::string_view operation, std::string_view request_json);
// import boto3; client.<op>(Param=value, ...) with Python literals.
std::string ToBoto3(std::string_view operation, std::string_view request_json);
// import { DynamoDBClient, <Op>Command } from "@aws-sdk/client-dynamodb"; await client.send(...).
std::string ToJsSdkV3(std::string_view operation, std::string_view request_json);

}  // namespace monotable::ui
