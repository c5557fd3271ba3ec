// Which namespace a request of `monotable serve` reaches (cli/accounts.h).
#include "accounts.h"

#include <gtest/gtest.h>

namespace monotable::cli {
namespace {

TEST(AccountsTest, CredentialScopeGivesTheAccessKeyAndTheRegion) {
  std::string_view key, region;
  ASSERT_TRUE(ParseCredentialScope(
      "AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/eu-west-1/dynamodb/aws4_request, "
      "SignedHeaders=host;x-amz-date, Signature=5d672d79",
      &key, &region));
  EXPECT_EQ(key, "AKIDEXAMPLE");
  EXPECT_EQ(region, "eu-west-1");
  // The AWS CLI puts no space after the commas.
  ASSERT_TRUE(ParseCredentialScope(
      "AWS4-HMAC-SHA256 Credential=111122223333/20260101/us-west-2/dynamodb/aws4_request,"
      "SignedHeaders=host,Signature=00",
      &key, &region));
  EXPECT_EQ(key, "111122223333");
  EXPECT_EQ(region, "us-west-2");
}

TEST(AccountsTest, AnAuthorizationWithoutACompleteScopeHasNone) {
  std::string_view key = "untouched", region = "untouched";
  EXPECT_FALSE(ParseCredentialScope("", &key, &region));
  EXPECT_FALSE(ParseCredentialScope("AWS4-HMAC-SHA256 garbage", &key, &region));
  EXPECT_FALSE(ParseCredentialScope("AWS4-HMAC-SHA256 Credential=AKID/20260101", &key, &region));
  EXPECT_FALSE(
      ParseCredentialScope("AWS4-HMAC-SHA256 Credential=AKID/20260101//dynamodb/x", &key, &region));
  EXPECT_FALSE(ParseCredentialScope("AWS4-HMAC-SHA256 Credential=/20260101/us-east-1/dynamodb/x",
                                    &key, &region));
  EXPECT_EQ(key, "untouched");
  EXPECT_EQ(region, "untouched");
}

TEST(AccountsTest, ATwelveDigitKeyIsTheAccountAnyOtherKeyTheDefault) {
  EXPECT_EQ(AccountOfAccessKey("111122223333"), "111122223333");
  EXPECT_EQ(AccountOfAccessKey("000000000042"), "000000000042");
  EXPECT_EQ(AccountOfAccessKey("test"), kDefaultAccount);
  EXPECT_EQ(AccountOfAccessKey("AKIAIOSFODNN7EXAMPLE"), kDefaultAccount);
  EXPECT_EQ(AccountOfAccessKey("11112222333"), kDefaultAccount);    // 11 digits
  EXPECT_EQ(AccountOfAccessKey("1111222233334"), kDefaultAccount);  // 13 digits
  EXPECT_EQ(AccountOfAccessKey("11112222333a"), kDefaultAccount);
}

TEST(AccountsTest, RegionNamesAreLowerCaseLettersDigitsAndDashes) {
  EXPECT_TRUE(ValidRegionName("us-east-1"));
  EXPECT_TRUE(ValidRegionName("us-gov-west-1"));
  EXPECT_TRUE(ValidRegionName("local"));
  EXPECT_FALSE(ValidRegionName(""));
  EXPECT_FALSE(ValidRegionName("../etc"));
  EXPECT_FALSE(ValidRegionName("US-EAST-1"));
  EXPECT_FALSE(ValidRegionName("us_east_1"));
  EXPECT_FALSE(ValidRegionName(std::string(kMaxRegionLength + 1, 'a')));
}

TEST(AccountsTest, NamespaceFoldersRoundTrip) {
  EXPECT_EQ(NamespaceFolder("111122223333", "eu-west-1"), "111122223333_eu-west-1");
  std::string account, region;
  ASSERT_TRUE(ParseNamespaceFolder("111122223333_eu-west-1", &account, &region));
  EXPECT_EQ(account, "111122223333");
  EXPECT_EQ(region, "eu-west-1");
  EXPECT_FALSE(ParseNamespaceFolder("111122223333_", &account, &region));
  EXPECT_FALSE(ParseNamespaceFolder("11112222333_eu-west-1", &account, &region));
  EXPECT_FALSE(ParseNamespaceFolder("111122223333-eu-west-1", &account, &region));
  EXPECT_FALSE(ParseNamespaceFolder("111122223333_EU", &account, &region));
}

}  // namespace
}  // namespace monotable::cli
