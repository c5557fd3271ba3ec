// Tests for storage/item_codec: an encoded item decodes to the item it was made from, whole or by
// attribute, and handles share one encoding.
#include "storage/item_codec.h"

#include <gtest/gtest.h>

#include <string>

namespace monotable::storage {
namespace {

Item EveryType() {
  Map inner{{"deep", Value::L({Value::N(Number::FromInt(-7)), Value::Null()})}};
  Number pi;
  EXPECT_TRUE(Number::Parse("3.14159265358979323846264338327950288", &pi).ok());
  std::string long_text(300, 'x');  // lengths past one varint byte
  return Item{{"PK", Value::S("C#1")},
              {"SK", Value::S(std::string("O#2024-01-01#\0\xff", 15) + "\xe6\x97\xa5")},
              {"n", Value::N(pi)},
              {"zero", Value::N(Number())},
              {"b", Value::B(std::string("\x00\x01\x02", 3))},
              {"t", Value::Bool(true)},
              {"f", Value::Bool(false)},
              {"null", Value::Null()},
              {"list", Value::L({Value::S(""), Value::M(inner)})},
              {"map", Value::M(inner)},
              {"ss", Value::SS({"b", "a", long_text})},
              {"ns", Value::NS({Number::FromInt(2), Number::FromInt(-1)})},
              {"bs", Value::BS({std::string("\x00", 1), "zz"})},
              {"", Value::S(long_text)}};
}

TEST(ItemCodec, DecodesToTheSameItem) {
  const Item item = EveryType();
  const EncodedItem encoded = EncodedItem::Encode(item);
  const Item decoded = encoded.Decode();
  EXPECT_EQ(decoded, item);
  // Sets keep their order (Value equality ignores it; the wire shows it).
  EXPECT_EQ(decoded.at("ss").strings(), item.at("ss").strings());
  EXPECT_EQ(decoded.at("n").n().ToString(), "3.14159265358979323846264338327950288");
  EXPECT_EQ(EncodedItem::Encode(Item{}).Decode(), Item{});
}

TEST(ItemCodec, DecodesChosenAttributesAndFindsOne) {
  const EncodedItem encoded = EncodedItem::Encode(EveryType());
  const std::string_view names[] = {"SK", "PK", "absent"};
  Item key;
  encoded.DecodeAttributes(names, 3, &key);
  EXPECT_EQ(key, (Item{{"PK", Value::S("C#1")}, {"SK", EveryType().at("SK")}}));
  Value v;
  ASSERT_TRUE(encoded.Find("ns", &v));
  EXPECT_EQ(v, EveryType().at("ns"));
  EXPECT_FALSE(encoded.Find("nope", &v));
}

TEST(ItemCodec, EncodingIsCloseToTheDynamoDbSize) {
  // What the memory target rests on: a few bytes per attribute over DynamoDB's own size.
  const Item item{{"PK", Value::S("C#c000123")},
                  {"SK", Value::S("O#2024-05-01#o0001234")},
                  {"status", Value::S("SHIPPED")},
                  {"total", Value::N(Number::FromInt(12345))}};
  const EncodedItem encoded = EncodedItem::Encode(item);
  EXPECT_LE(encoded.bytes().size(), ItemSize(item) + 4 * item.size() + 1);
}

TEST(ItemCodec, CopiesShareAndOutliveTheOriginal) {
  EncodedItem copy;
  {
    EncodedItem original = EncodedItem::Encode(EveryType());
    copy = original;
    EXPECT_EQ(copy.bytes().data(), original.bytes().data());
    EncodedItem moved = std::move(original);
    EXPECT_FALSE(original);  // NOLINT(bugprone-use-after-move): moved-from is null
    EXPECT_TRUE(moved);
  }
  EXPECT_EQ(copy.Decode(), EveryType());
  EXPECT_FALSE(EncodedItem());
}

}  // namespace
}  // namespace monotable::storage
