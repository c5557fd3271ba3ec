// patterns_endpoint: `monotable patterns FILE --endpoint URL`: runs a model's access patterns on a
// real DynamoDB endpoint and on the in-process engine, and prints both answers side by side with
// every difference flagged (items returned, Count/ScannedCount, LastEvaluatedKey, errors,
// ConsumedCapacity per table and index). This is how a user checks a design, and our numbers,
// against DynamoDB, DynamoDB Local or dynalite.
//
// What it does on the endpoint, in order: DescribeTable for each of the model's tables (refusing
// tables that already exist unless reuse_tables), CreateTable and DescribeTable polling until the
// table and its GSIs are ACTIVE, BatchWriteItem in 25s with UnprocessedItems retried, the access
// patterns in model order (the writes included, so both sides change alike), and DeleteTable for
// the tables it created unless keep_tables. docs/cli.md documents the output.
#pragma once

#include <string>

#include "monotable/model.h"

namespace monotable::cli {

struct EndpointPatternsOptions {
  std::string endpoint_url;  // http://127.0.0.1:8000, https://dynamodb.us-east-1.amazonaws.com
  std::string region;        // "" -> environment (see ResolveEndpointConfig)
  // Appended to every table name on the endpoint (requests are rewritten; names in the output
  // are the model's), so a comparison never touches real tables of the same name.
  std::string table_suffix;
  bool keep_tables = false;   // do not delete the tables created on the endpoint
  bool reuse_tables = false;  // use tables that already exist as they are (no CreateTable, no
                              // items loaded into them, never deleted)
  bool as_json = false;       // one JSON object per pattern instead of the table
  double wait_seconds = 600;  // how long to wait for a table to become ACTIVE
};

// Runs the comparison and prints it to stdout (progress and errors to stderr). Returns the exit
// code: 0 no difference, 1 a difference or the endpoint failed (unreachable, CreateTable
// refused, ...), 2 refused: a table already exists and reuse_tables is off, 130 interrupted
// (SIGINT or SIGTERM; handled only during the call: the tables created are still deleted).
int ComparePatternsWithEndpoint(const Model& model, const EndpointPatternsOptions& options);

}  // namespace monotable::cli
