// The write fan-out: Effects::fanout as the engine records it, the view built from it
// (ui/fanout_view.cc) and the panel that draws it (ui/fanout_panel.cc), on the Orders example's
// writes. Index write rules: dynamodb-rules.md §1.6 (DG GSI.html#GSI.Writes: an indexed key
// attribute changed from A to B takes two writes, a delete and a put).
#include <gtest/gtest.h>

#include <string>

#include "monotable/engine.h"
#include "tests/ui/fixtures.h"
#include "tests/ui/headless.h"
#include "ui/fanout_panel.h"
#include "ui/result_panel.h"
#include "ui/view_model.h"
#include "ui/widgets.h"

namespace monotable::ui {
namespace {

using testing::LoadOrders;

// The engine's write units on one target of the request (its capacity line).
double LineUnits(const Effects& effects, const std::string& index) {
  for (const CapacityLine& line : effects.capacity) {
    if (line.index == index) return line.write_units;
  }
  return 0;
}

const FanoutBoxView* Box(const FanoutGroupView& group, const std::string& title) {
  for (const FanoutBoxView& box : group.indexes) {
    if (box.title == title) return &box;
  }
  return nullptr;
}

// A new open order: the table, GSI1 (GSI1PK) and the sparse GSI2 (GSI2PK = OPEN) each get one
// write; the by-status indexes, whose keys the item lacks, none (with the reason).
constexpr const char* kPutOpenOrder = R"({"TableName":"Orders","Item":{
  "PK":{"S":"C#c009"},"SK":{"S":"O#2025-12-02#100090"},"GSI1PK":{"S":"O#100090"},
  "GSI2PK":{"S":"OPEN"},"GSI2SK":{"S":"2025-12-02T07:00:00Z"},"orderId":{"S":"100090"},
  "total":{"N":"42"}}})";

TEST(FanoutTest, PutOfAnOpenOrderWritesTableGsi1AndGsi2WithTheEnginesUnits) {
  Engine engine;
  ASSERT_TRUE(LoadOrders(&engine));
  Result r = engine.Execute("PutItem", kPutOpenOrder);
  ASSERT_TRUE(r.status.ok()) << r.body;
  const FanoutView view = BuildFanoutView(r.effects);
  ASSERT_TRUE(view.has_fanout);
  ASSERT_EQ(view.groups.size(), 1u);
  const FanoutGroupView& g = view.groups[0];
  EXPECT_EQ(g.label, "");  // one write: no group label
  EXPECT_EQ(g.base.title, "Orders");
  EXPECT_EQ(g.base.action, "new item");
  EXPECT_EQ(g.base.key, "PK = C#c009, SK = O#2025-12-02#100090");
  EXPECT_EQ(g.base.write_units, LineUnits(r.effects, ""));
  EXPECT_EQ(g.base.write_units, 1);  // under 1 KB: 1 WRU
  ASSERT_EQ(g.indexes.size(), 4u);   // every index of Orders, in schema order
  EXPECT_EQ(g.indexes[0].title, "GSI1");
  EXPECT_EQ(g.indexes[1].title, "GSI2");
  const FanoutBoxView* gsi1 = Box(g, "GSI1");
  const FanoutBoxView* gsi2 = Box(g, "GSI2");
  ASSERT_TRUE(gsi1 && gsi2);
  EXPECT_EQ(gsi1->action, "entry added");
  EXPECT_EQ(gsi1->key, "GSI1PK = O#100090");
  EXPECT_EQ(gsi1->write_units, LineUnits(r.effects, "GSI1"));
  EXPECT_EQ(gsi1->write_units, 1);
  EXPECT_TRUE(gsi1->written);
  EXPECT_EQ(gsi2->action, "entry added");
  EXPECT_EQ(gsi2->key, "GSI2PK = OPEN, GSI2SK = 2025-12-02T07:00:00Z");
  EXPECT_EQ(gsi2->write_units, LineUnits(r.effects, "GSI2"));
  EXPECT_EQ(gsi2->write_units, 1);
  EXPECT_EQ(gsi2->units, "1 WRU");
  const FanoutBoxView* concat = Box(g, "ByStatusConcat");
  ASSERT_TRUE(concat);
  EXPECT_FALSE(concat->written);
  EXPECT_EQ(concat->write_units, 0);
  EXPECT_EQ(concat->units, "0 WRU");
  EXPECT_EQ(concat->action, "untouched");
  EXPECT_EQ(concat->reason,
            "item has no statusPK and statusSK: not in the sparse index ByStatusConcat");
  EXPECT_EQ(concat->key, "");
  // The hops add up to the request's total, the engine's figure.
  EXPECT_EQ(r.effects.write_units, 3);
  EXPECT_EQ(view.total_write_units, 3);
  EXPECT_EQ(view.summary, "3 WRU: Orders 1 + GSI1 1 + GSI2 1");
}

// Shipping the open order 100043 (packed): status and statusPK change and GSI2PK/GSI2SK go. GSI2
// loses its entry (1 write); both by-status indexes see their key move (delete + put = 2 writes
// each); GSI1 keeps its key, its ALL projection is rewritten (1 write).
TEST(FanoutTest, ClosingAnOrderRemovesItsGsi2EntryAndAKeyChangeIsTwoWrites) {
  Engine engine;
  ASSERT_TRUE(LoadOrders(&engine));
  Result r = engine.Execute("UpdateItem", R"({"TableName":"Orders",
    "Key":{"PK":{"S":"C#c004"},"SK":{"S":"O#2025-11-29#100043"}},
    "UpdateExpression":"SET #s = :shipped, statusPK = :spk REMOVE GSI2PK, GSI2SK",
    "ExpressionAttributeNames":{"#s":"status"},
    "ExpressionAttributeValues":{":shipped":{"S":"shipped"},":spk":{"S":"STATUS#shipped"}}})");
  ASSERT_TRUE(r.status.ok()) << r.body;
  const FanoutView view = BuildFanoutView(r.effects);
  ASSERT_EQ(view.groups.size(), 1u);
  const FanoutGroupView& g = view.groups[0];
  EXPECT_EQ(g.base.action, "item updated");
  const FanoutBoxView* gsi2 = Box(g, "GSI2");
  ASSERT_TRUE(gsi2);
  EXPECT_EQ(gsi2->action, "entry removed");
  EXPECT_EQ(gsi2->key, "GSI2PK = OPEN, GSI2SK = 2025-11-29T08:16:12Z");  // the entry it had
  EXPECT_EQ(gsi2->write_units, 1);
  EXPECT_EQ(gsi2->write_units, LineUnits(r.effects, "GSI2"));
  EXPECT_NE(gsi2->reason.find("left the sparse index GSI2"), std::string::npos) << gsi2->reason;
  for (const char* moved : {"ByStatusConcat", "ByStatusMulti"}) {
    const FanoutBoxView* box = Box(g, moved);
    ASSERT_TRUE(box) << moved;
    EXPECT_EQ(box->action, "key moved: delete + put") << moved;
    EXPECT_EQ(box->write_units, 2) << moved;  // small entries: 1 + 1
    EXPECT_EQ(box->write_units, LineUnits(r.effects, moved)) << moved;
    EXPECT_EQ(box->units, "2 WRU (2 writes)") << moved;
  }
  const FanoutBoxView* multi = Box(g, "ByStatusMulti");
  EXPECT_NE(multi->old_key.find("status = packed"), std::string::npos) << multi->old_key;
  EXPECT_NE(multi->key.find("status = shipped"), std::string::npos) << multi->key;
  const FanoutBoxView* gsi1 = Box(g, "GSI1");
  ASSERT_TRUE(gsi1);
  EXPECT_EQ(gsi1->action, "entry rewritten");
  EXPECT_EQ(gsi1->write_units, 1);
  EXPECT_EQ(r.effects.write_units, 1 + 1 + 1 + 2 + 2);
  double hops = g.base.write_units;
  for (const FanoutBoxView& box : g.indexes) hops += box.write_units;
  EXPECT_EQ(hops, r.effects.write_units);
}

// An update of an attribute a KEYS_ONLY index does not project, on an item a sparse index does not
// hold: neither index is written (dynamodb-rules.md §1.6: only unprojected attributes change: 0).
TEST(FanoutTest, UpdateOfAnUnprojectedAttributeLeavesTheIndexUntouched) {
  Engine engine;
  Result created = engine.Execute("CreateTable", R"({"TableName":"Notes",
    "KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}],
    "AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"},
      {"AttributeName":"owner","AttributeType":"S"},{"AttributeName":"tag","AttributeType":"S"}],
    "BillingMode":"PAY_PER_REQUEST",
    "GlobalSecondaryIndexes":[
      {"IndexName":"ByOwner","KeySchema":[{"AttributeName":"owner","KeyType":"HASH"}],
       "Projection":{"ProjectionType":"KEYS_ONLY"}},
      {"IndexName":"ByTag","KeySchema":[{"AttributeName":"tag","KeyType":"HASH"}],
       "Projection":{"ProjectionType":"ALL"}}]})");
  ASSERT_TRUE(created.status.ok()) << created.body;
  ASSERT_TRUE(engine
                  .Execute("PutItem", R"({"TableName":"Notes","Item":{"pk":{"S":"n1"},
                    "owner":{"S":"ana"},"note":{"S":"first"}}})")
                  .status.ok());
  Result r = engine.Execute("UpdateItem", R"({"TableName":"Notes","Key":{"pk":{"S":"n1"}},
    "UpdateExpression":"SET note = :n","ExpressionAttributeValues":{":n":{"S":"second"}}})");
  ASSERT_TRUE(r.status.ok()) << r.body;
  const FanoutView view = BuildFanoutView(r.effects);
  ASSERT_EQ(view.groups.size(), 1u);
  const FanoutGroupView& g = view.groups[0];
  EXPECT_EQ(g.base.write_units, 1);
  const FanoutBoxView* owner = Box(g, "ByOwner");
  const FanoutBoxView* tag = Box(g, "ByTag");
  ASSERT_TRUE(owner && tag);
  EXPECT_EQ(owner->action, "untouched");
  EXPECT_EQ(owner->key, "owner = ana");  // still in the index, its entry not rewritten
  EXPECT_EQ(owner->write_units, 0);
  EXPECT_FALSE(owner->written);
  EXPECT_NE(owner->reason.find("projects only keys"), std::string::npos) << owner->reason;
  EXPECT_EQ(tag->action, "untouched");
  EXPECT_EQ(tag->reason, "item has no tag: not in the sparse index ByTag");
  EXPECT_EQ(r.effects.write_units, 1);
  EXPECT_EQ(view.summary, "1 WRU: Notes 1");
}

// A transaction: one group per item written; the base table's units doubled, the index writes not
// (dynamodb-rules.md §1.6, TransactWriteItems).
TEST(FanoutTest, TransactionShowsOneGroupPerItemWithTheBaseDoubledOnly) {
  Engine engine;
  ASSERT_TRUE(LoadOrders(&engine));
  Result r = engine.Execute("TransactWriteItems", std::string(R"({"TransactItems":[
    {"Put":)") + kPutOpenOrder + R"(},
    {"Put":{"TableName":"Orders","Item":{"PK":{"S":"O#100090"},"SK":{"S":"L#1"},
      "sku":{"S":"SKU-1"},"quantity":{"N":"1"}}}}]})");
  ASSERT_TRUE(r.status.ok()) << r.body;
  const FanoutView view = BuildFanoutView(r.effects);
  ASSERT_EQ(view.groups.size(), 2u);
  EXPECT_EQ(view.groups[0].label, "Put 1 of 2: Orders");
  EXPECT_EQ(view.groups[1].label, "Put 2 of 2: Orders");
  EXPECT_EQ(view.groups[0].base.write_units, 2);  // 1 WRU, transactional x2
  EXPECT_EQ(Box(view.groups[0], "GSI2")->write_units, 1);
  EXPECT_EQ(view.groups[1].base.write_units, 2);
  for (const FanoutBoxView& box : view.groups[1].indexes) {
    EXPECT_FALSE(box.written) << box.title;  // a line item carries no index key
  }
  EXPECT_EQ(r.effects.write_units, 2 + 1 + 1 + 2);
}

// A failed condition is billed on the table and writes no index: the fan-out says so.
TEST(FanoutTest, FailedConditionWritesNoIndex) {
  Engine engine;
  ASSERT_TRUE(LoadOrders(&engine));
  std::string put = kPutOpenOrder;
  put.insert(put.rfind('}'), R"j(,"ConditionExpression":"attribute_exists(PK)")j");
  Result r = engine.Execute("PutItem", put);
  ASSERT_FALSE(r.status.ok());
  const FanoutView view = BuildFanoutView(r.effects);
  ASSERT_EQ(view.groups.size(), 1u);
  EXPECT_EQ(view.groups[0].base.action, "condition failed: nothing written");
  EXPECT_EQ(view.groups[0].base.write_units, 1);
  for (const FanoutBoxView& box : view.groups[0].indexes) {
    EXPECT_EQ(box.action, "untouched") << box.title;
    EXPECT_EQ(box.reason, "condition failed: nothing written, no index write") << box.title;
    EXPECT_EQ(box.write_units, 0) << box.title;
  }
}

TEST(FanoutTest, ReadsHaveNoFanout) {
  Engine engine;
  ASSERT_TRUE(LoadOrders(&engine));
  Result r = engine.Execute(
      "GetItem", R"({"TableName":"Orders","Key":{"PK":{"S":"C#c001"},"SK":{"S":"PROFILE"}}})");
  ASSERT_TRUE(r.status.ok()) << r.body;
  EXPECT_FALSE(BuildFanoutView(r.effects).has_fanout);
}

FanoutView OpenOrderView() {
  Engine engine;
  EXPECT_TRUE(LoadOrders(&engine));
  Result r = engine.Execute("PutItem", kPutOpenOrder);
  FanoutView view = BuildFanoutView(r.effects);
  view.serial = 1;
  return view;
}

bool Overlap(const WidgetRect& a, const WidgetRect& b) {
  return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

// At 1280 px the indexes stand right of the table's box; at 390 px (a phone) under it. Either way
// one box per index, none overlapping another, all inside the panel; with reduced motion the
// first frame is the final state.
TEST(FanoutPanelTest, BoxesFitAndDoNotOverlapWideAndNarrow) {
  const FanoutView view = OpenOrderView();
  for (float width : {1280.0f, 390.0f}) {
    SCOPED_TRACE(width);
    testing::Headless ui(width, 844);
    FanoutPanelState state;
    state.reduced_motion = true;
    ui.Draw([&] { DrawFanoutPanel(&state, view); });
    EXPECT_EQ(state.progress, 1);
    EXPECT_EQ(state.narrow, width < 520);
    std::vector<WidgetRect> boxes;
    for (const char* label : {"Fan-out: Orders", "Fan-out: GSI1", "Fan-out: GSI2",
                              "Fan-out: ByStatusConcat", "Fan-out: ByStatusMulti"}) {
      WidgetRect rect;
      ASSERT_TRUE(FindWidget(label, &rect)) << label;
      EXPECT_GE(rect.x, 0) << label;
      EXPECT_LE(rect.x + rect.w, width + 0.5f) << label;
      EXPECT_GT(rect.h, 0) << label;
      boxes.push_back(rect);
    }
    for (size_t i = 0; i < boxes.size(); ++i) {
      for (size_t j = i + 1; j < boxes.size(); ++j) EXPECT_FALSE(Overlap(boxes[i], boxes[j]));
    }
    const WidgetRect& base = boxes[0];
    for (size_t i = 1; i < boxes.size(); ++i) {
      if (width < 520) {
        EXPECT_GE(boxes[i].y, base.y + base.h);  // stacked under the table's box
      } else {
        EXPECT_GE(boxes[i].x, base.x + base.w);  // right of it, an arrow between
      }
    }
  }
}

// Without reduced motion a new write animates for kFanoutAnimationSeconds, then stays final; the
// same write drawn again does not restart it, a new one does.
TEST(FanoutPanelTest, AnimatesEachNewWriteOnce) {
  FanoutView view = OpenOrderView();
  testing::Headless ui;
  FanoutPanelState state;
  ui.Draw([&] { DrawFanoutPanel(&state, view); });
  EXPECT_LT(state.progress, 0.1f);
  for (int i = 0; i < 20; ++i) ui.Draw([&] { DrawFanoutPanel(&state, view); });  // 1/3 s
  EXPECT_GT(state.progress, 0.3f);
  EXPECT_LT(state.progress, 1);
  for (int i = 0; i < 30; ++i) ui.Draw([&] { DrawFanoutPanel(&state, view); });
  EXPECT_EQ(state.progress, 1);
  view.serial = 2;
  ui.Draw([&] { DrawFanoutPanel(&state, view); });
  EXPECT_LT(state.progress, 0.1f);
  state.reduced_motion = true;  // changed while animating: the final state at once
  ui.Draw([&] { DrawFanoutPanel(&state, view); });
  EXPECT_EQ(state.progress, 1);
}

// The result panel selects Fan-out for each new write; Items chosen by hand stays until the next.
TEST(FanoutPanelTest, ResultPanelShowsTheFanoutAfterEachWrite) {
  ResultView result;
  result.has_result = true;
  result.operation = "PutItem";
  result.json = "{}";
  result.fanout = OpenOrderView();
  testing::Headless ui;
  ResultPanelState state;
  Intents intents;
  auto draw = [&] { DrawResultPanel(&state, result, &intents); };
  ui.Draw(draw);
  EXPECT_TRUE(state.show_fanout);
  ASSERT_TRUE(ui.Click("Items", draw));
  EXPECT_FALSE(state.show_fanout);
  ui.Draw(draw);
  EXPECT_FALSE(state.show_fanout);  // the same write: left as the user set it
  WidgetRect rect;
  EXPECT_FALSE(FindWidget("Fan-out: GSI2", &rect));
  result.fanout.serial = 2;  // the next write
  ui.Draw(draw);
  ui.Draw(draw);
  EXPECT_TRUE(state.show_fanout);
  EXPECT_TRUE(FindWidget("Fan-out: GSI2", &rect));
  ASSERT_TRUE(ui.Click("JSON", draw));
  EXPECT_TRUE(state.show_json);
  EXPECT_FALSE(state.show_fanout);
  ASSERT_TRUE(ui.Click("Fan-out", draw));
  EXPECT_TRUE(state.show_fanout);
}

}  // namespace
}  // namespace monotable::ui
