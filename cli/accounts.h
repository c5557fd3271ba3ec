// accounts: which namespace of tables a request of `monotable serve` reaches. DynamoDB keeps
// tables per account and region ("table names must be unique within each region", per account:
// API_CreateTable); DynamoDB Local keeps one database per access key id and region unless
// -sharedDb (DynamoDBLocal.UsageNotes: "the database file is named myaccesskeyid_region.db").
//
// Ours (docs/cli.md, "Accounts and regions"), a namespace is (account, region):
// - the region is the one of the request's SigV4 credential scope
//   (`Credential=AKID/20260101/eu-west-1/dynamodb/aws4_request`);
// - the account is the access key id when that is 12 digits (as LocalStack does:
//   docs.localstack.cloud/references/credentials, "You can specify a 12-digit number which will
//   be taken by LocalStack as the account ID"), and kDefaultAccount for any other key id (its
//   fallback for arbitrary keys such as `test`);
// - a request without a credential scope (unsigned, with --anonymous; or an Authorization value
//   we cannot read a scope from) reaches the default namespace: kDefaultAccount in the server's
//   --region. `--shared-db` makes every request reach the default namespace.
// Knows nothing of engines or HTTP: string views in, string views out, no allocation.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace monotable::cli {

// The account of every access key id that is not 12 digits (LocalStack's fallback).
inline constexpr std::string_view kDefaultAccount = "000000000000";
// The longest region name accepted in a credential scope.
inline constexpr size_t kMaxRegionLength = 32;

// The access key id and region of a SigV4 Authorization header value ("AWS4-HMAC-SHA256
// Credential=AKID/DATE/REGION/SERVICE/aws4_request, SignedHeaders=..., Signature=..."), as views
// of `authorization`. False if it has no such Credential (then the outputs are untouched).
bool ParseCredentialScope(std::string_view authorization, std::string_view* access_key_id,
                          std::string_view* region);

// The account an access key id belongs to: the key id itself if it is 12 ASCII digits, else
// kDefaultAccount. A view of `access_key_id` or of kDefaultAccount.
std::string_view AccountOfAccessKey(std::string_view access_key_id);

// True for a region name we keep tables for: 1 to kMaxRegionLength characters of [a-z0-9-] (every
// AWS region name has that form, "us-east-1", "us-gov-west-1"; also names such as "local"). The
// name becomes part of a directory name under --data-dir, hence no other characters.
bool ValidRegionName(std::string_view region);

// The name of a namespace's folder under DIR/namespaces/ of --data-dir: "ACCOUNT_REGION" (after
// DynamoDB Local's "myaccesskeyid_region.db"). Parsed back by ParseNamespaceFolder (false for any
// other name).
std::string NamespaceFolder(std::string_view account, std::string_view region);
bool ParseNamespaceFolder(std::string_view folder, std::string* account, std::string* region);

}  // namespace monotable::cli
