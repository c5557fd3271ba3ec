// The app over the real engine and the built-in examples: load, run, effects, undo. Skips what
// the examples do not provide yet.
#include "ui/app.h"

#include <gtest/gtest.h>

#include "nlohmann/json.hpp"
#include "tests/ui/headless.h"
#include "ui/widgets.h"

namespace monotable::ui {
namespace {

using json = nlohmann::json;

TEST(AppTest, UnknownExampleIsAnErrorAndKeepsState) {
  testing::Headless ui;
  App app;
  Status status = app.LoadModel("no-such-model");
  EXPECT_FALSE(status.ok());
  EXPECT_FALSE(app.model_loaded());
}

TEST(AppTest, CustomModelLoadsRunsAndUndoes) {
  testing::Headless ui;
  App app;
  const char* model = R"j({"formatVersion":1,"name":"Tiny","tables":[{"TableName":"Things",
    "KeySchema":[{"AttributeName":"PK","KeyType":"HASH"},{"AttributeName":"SK","KeyType":"RANGE"}],
    "AttributeDefinitions":[{"AttributeName":"PK","AttributeType":"S"},
                            {"AttributeName":"SK","AttributeType":"S"}],
    "BillingMode":"PAY_PER_REQUEST"}],
    "items":{"Things":[{"PK":{"S":"a"},"SK":{"S":"1"},"v":{"N":"1"}}]}})j";
  Status status = app.LoadModel(model);
  if (!status.ok()) GTEST_SKIP() << "model loading not available yet: " << status.message();
  ASSERT_TRUE(app.model_loaded());
  const Result& put =
      app.Run("PutItem", R"j({"TableName":"Things","Item":{"PK":{"S":"a"},"SK":{"S":"2"}}})j");
  ASSERT_TRUE(put.status.ok()) << put.body;
  json state = json::parse(app.StateJson());
  EXPECT_EQ(state["history"]["entries"], 1);
  EXPECT_EQ(state["model"]["tables"][0]["itemCount"], 2);
  EXPECT_EQ(state["lastRequest"]["operation"], "PutItem");
  // The app always asks for capacity per table and index.
  EXPECT_EQ(state["lastRequest"]["request"]["ReturnConsumedCapacity"], "INDEXES");
  // Draw a frame, then undo to the loaded model through the history panel's intent path.
  ui.Draw([&] { app.Frame(); });
  const Result& get =
      app.Run("GetItem", R"j({"TableName":"Things","Key":{"PK":{"S":"a"},"SK":{"S":"2"}}})j");
  EXPECT_TRUE(get.status.ok());
  json run = json::parse(app.LastRunJson());
  EXPECT_TRUE(run["response"].contains("Item"));
  // monotable.run's answer is the response and the effects as the engine wrote them (spliced in,
  // not re-printed): the same documents, and DynamoDB's error for a failed request.
  EXPECT_EQ(run["response"], json::parse(get.body));
  EXPECT_EQ(run["ok"], true);
  EXPECT_FALSE(run.contains("error"));
  EXPECT_EQ(run["effects"]["operation"], "GetItem");
  const Result& bad = app.Run("GetItem", R"j({"TableName":"Things","Key":{"PK":{"S":"a"}}})j");
  ASSERT_FALSE(bad.status.ok());
  run = json::parse(app.LastRunJson());
  EXPECT_EQ(run["ok"], false);
  EXPECT_EQ(run["error"]["type"], "ValidationException");
  EXPECT_EQ(run["error"]["message"], bad.status.message());
  EXPECT_EQ(run["response"]["__type"], json::parse(bad.body)["__type"]);
}

// The model file App exports after loading `name` at `scale`, computed without App: the generated
// model loaded into an engine and exported.
json ExpectedExport(const char* name, double scale) {
  GenerateOptions options;
  options.scale = scale;
  Model generated;
  EXPECT_TRUE(GenerateExample(name, options, &generated).ok());
  Engine engine;
  EXPECT_TRUE(monotable::LoadModel(generated, &engine).ok());
  return json::parse(SerializeModel(ExportModel(engine, generated)));
}

TEST(AppTest, ScaledExampleLoadsExportsAndResets) {
  // A scaled example is generated straight into the engine and the app keeps no copy of its
  // items: exporting, running patterns and Reset still see every item.
  testing::Headless ui;
  App app;
  ASSERT_TRUE(app.LoadModel("orders", 12).ok());
  const json expected = ExpectedExport("orders", 12);
  const size_t items = expected["items"]["Orders"].size();
  ASSERT_GT(items, 8000u);
  EXPECT_EQ(app.ItemCount(), items);
  EXPECT_EQ(json::parse(app.ExportModelJson()), expected);
  json state = json::parse(app.StateJson());
  EXPECT_EQ(state["model"]["scale"], 12);
  EXPECT_EQ(state["model"]["tables"][0]["itemCount"], items);
  EXPECT_EQ(state["model"]["patterns"].size(), expected["accessPatterns"].size());
  ui.Draw([&] { app.Frame(); });

  ASSERT_TRUE(app.ShowPattern("open-orders", true));
  EXPECT_TRUE(json::parse(app.LastRunJson())["ok"].get<bool>());
  ASSERT_TRUE(app.ShowPattern("place-order", false));
  json place = json::parse(app.StateJson())["request"];
  ASSERT_TRUE(
      app.Run(place["operation"].get<std::string>(), place["json"].get<std::string>()).status.ok());
  EXPECT_EQ(app.ItemCount(), items + 3);  // the order and its two lines
  app.Reset();
  EXPECT_EQ(app.ItemCount(), items);
  EXPECT_EQ(json::parse(app.ExportModelJson()), expected);
}

TEST(AppTest, FailedLoadKeepsThePreviousModelOnScreen) {
  // Loading drops the table view before building the next model (memory); a load that fails
  // must still leave the previous model's items on screen.
  testing::Headless ui;
  App app;
  ASSERT_TRUE(app.LoadModel("orders", 3).ok());
  const uint64_t items = app.ItemCount();
  ui.Draw([&] { app.Frame(); });
  EXPECT_FALSE(app.LoadModel("{\"formatVersion\": 1, \"tables\": 7}").ok());
  EXPECT_FALSE(app.LoadModel("no-such-model", 10).ok());
  json state = json::parse(app.StateJson());
  EXPECT_EQ(state["model"]["id"], "orders");
  EXPECT_EQ(state["model"]["tables"][0]["itemCount"], items);
  EXPECT_EQ(state["selected"]["table"], "Orders") << "the table view was rebuilt";
  EXPECT_FALSE(state["loadError"].get<std::string>().empty());
  ui.Draw([&] { app.Frame(); });
}

TEST(AppTest, ExportAfterLoadingHasEveryItem) {
  // The items of a loaded model live in the engine only: the export takes them from there.
  testing::Headless ui;
  App app;
  ASSERT_TRUE(app.LoadModel("vaultcommerce").ok());
  EXPECT_EQ(json::parse(app.ExportModelJson()), ExpectedExport("vaultcommerce", 1));
}

// Issue 17: "a full-table Scan total (all pages) beside the Query that answers the same question,
// at every scale". After Run all, each Query pattern carries the Scan of its base table as loaded,
// and that total is what paging a real Scan through the engine bills: as many calls as pages, every
// item, and the same read units (each page's bytes rounded up to 4 KB, halved when eventually
// consistent; DG Scan.html#Scan.Limit, CapacityUnitCalculations).
TEST(AppTest, RunAllPutsTheFullTableScanBesideEachQueryAtEveryScale) {
  for (double scale : {1.0, 30.0}) {  // x30: about 21,000 items, 1.8 MB: two pages
    SCOPED_TRACE(scale);
    testing::Headless ui;
    ui.DrawWholeFrames();
    App app;
    ASSERT_TRUE(app.LoadModel("orders", scale).ok());
    auto draw = [&] { app.Frame(); };
    ui.Draw(draw);
    ASSERT_TRUE(ui.Click("Run all", draw));
    ui.Draw(draw);
    json state = json::parse(app.StateJson());
    ASSERT_TRUE(state.contains("runAll"));
    const json& scans = state["runAll"]["scans"];
    size_t queries = 0;
    for (const json& p : state["model"]["patterns"]) queries += p["operation"] == "Query";
    ASSERT_GT(queries, 0u);
    EXPECT_EQ(scans.size(), queries);
    for (const json& s : scans) {
      SCOPED_TRACE(s.dump());
      // The oracle: Scan the table page by page through the engine, as a client would.
      uint64_t table_items = 0;
      for (const json& t : state["model"]["tables"]) {
        if (t["name"] == s["table"]) table_items = t["itemCount"];
      }
      double units = 0, items = 0, pages = 0;
      json request = {{"TableName", s["table"]}};
      // A Query on a GSI is eventually consistent: the Scan beside it is too (0.5 per 4 KB).
      for (;;) {
        const Result& page = app.Run("Scan", request.dump());
        ASSERT_TRUE(page.status.ok()) << page.body;
        json body = json::parse(page.body);
        pages += 1;
        items += body["ScannedCount"].get<double>();
        units += body["ConsumedCapacity"]["CapacityUnits"].get<double>();
        if (!body.contains("LastEvaluatedKey")) break;
        request["ExclusiveStartKey"] = body["LastEvaluatedKey"];
      }
      EXPECT_EQ(s["items"].get<double>(), items);
      EXPECT_EQ(s["items"].get<double>(), static_cast<double>(table_items));
      EXPECT_EQ(s["pages"].get<double>(), pages);
      EXPECT_EQ(s["scanReadUnits"].get<double>(), units);
      EXPECT_GT(s["scanReadUnits"].get<double>(), s["queryReadUnits"].get<double>());
      if (scale == 30) {
        EXPECT_GT(pages, 1) << "a table over 1 MB needs more than one page";
      }
    }
    // The panel says it in words, one line per Query.
    std::vector<RecordedItem> drawn;
    SetWidgetRecorder(&drawn);
    ui.Draw(draw);
    SetWidgetRecorder(nullptr);
    size_t lines = 0;
    for (const RecordedItem& item : drawn) lines += item.label.rfind("scan beside ", 0) == 0;
    EXPECT_EQ(lines, queries);
  }
}

// Issue 15: "loading a scaled example shows progress instead of freezing the page for seconds".
// The model menu's load draws its progress frame after frame and ends with the same model a load
// at once gives; Cancel keeps the model that was there.
TEST(AppTest, AScaledExampleLoadsAFrameAtATimeWithItsProgressAndCanBeCancelled) {
  testing::Headless ui;
  ui.DrawWholeFrames();
  App at_once;
  ASSERT_TRUE(at_once.LoadModel("orders", 20).ok());
  const json expected = json::parse(at_once.StateJson())["model"]["tables"];

  App app;
  ASSERT_TRUE(app.LoadModel("vaultcommerce").ok());
  auto draw = [&] { app.Frame(); };
  ui.Draw(draw);
  app.StartLoadModel("orders", 20);
  ASSERT_TRUE(app.loading());
  int frames = 0;
  uint64_t shown = 0, rows_shown = 0;
  int view_frames = 0;
  bool progress_drawn = false;
  while (app.loading() && frames < 10000) {
    std::vector<RecordedItem> drawn;
    SetWidgetRecorder(&drawn);
    ui.Draw(draw);
    SetWidgetRecorder(nullptr);
    ++frames;
    for (const RecordedItem& item : drawn) progress_drawn |= item.label == "load progress";
    json state = json::parse(app.StateJson());
    if (!state["loading"].is_null()) {
      EXPECT_EQ(state["loading"]["name"], "Orders x20");
      EXPECT_GE(state["loading"]["items"].get<uint64_t>(), shown);
      shown = state["loading"]["items"];
      if (state["loading"]["phase"] == "view") {
        // The items view is built a slice per frame too, after every item is in.
        ++view_frames;
        EXPECT_GE(state["loading"]["rows"].get<uint64_t>(), rows_shown);
        EXPECT_LE(state["loading"]["rows"], state["loading"]["expectedRows"]);
        rows_shown = state["loading"]["rows"];
      } else {
        EXPECT_EQ(view_frames, 0) << "the items come first";
      }
    }
  }
  EXPECT_FALSE(app.loading());
  EXPECT_TRUE(progress_drawn) << "the frames showed the load's progress";
  EXPECT_GE(view_frames, 1) << "the items view was built in frames of its own";
  // The view the slices built is the view a load at once builds: the same rows, in order.
  ASSERT_EQ(app.tables_view().collections.size(), at_once.tables_view().collections.size());
  for (size_t i = 0; i < app.tables_view().collections.size(); ++i) {
    const CollectionView& a = app.tables_view().collections[i];
    const CollectionView& b = at_once.tables_view().collections[i];
    EXPECT_EQ(a.columns, b.columns) << a.table << "/" << a.index;
    EXPECT_EQ(a.partition_count, b.partition_count) << a.table << "/" << a.index;
    ASSERT_EQ(a.rows.size(), b.rows.size()) << a.table << "/" << a.index;
    for (size_t r = 0; r < a.rows.size(); ++r) {
      ASSERT_EQ(a.rows[r].key_id, b.rows[r].key_id) << a.table << "/" << a.index << " row " << r;
    }
  }
  json state = json::parse(app.StateJson());
  EXPECT_EQ(state["model"]["id"], "orders");
  EXPECT_EQ(state["model"]["scale"], 20);
  EXPECT_EQ(state["model"]["tables"], expected);

  // Cancel: back to the model that was loaded, its items and its view.
  app.StartLoadModel("vaultcommerce", 500);  // ~125k items: many frames
  ASSERT_TRUE(app.loading());
  ASSERT_TRUE(ui.Click("Cancel loading", draw));
  EXPECT_FALSE(app.loading());
  state = json::parse(app.StateJson());
  EXPECT_EQ(state["model"]["id"], "orders");
  EXPECT_EQ(state["model"]["tables"], expected);
}

// The Reset button at x20 (about 15,000 items): the model as loaded is held, so only its items
// view is built, a slice per frame with the progress drawn, and the result is what a load at once
// shows; Cancel keeps the model with its writes. A small model resets at once.
TEST(AppTest, TheResetOfALargeModelBuildsItsViewAFrameAtATime) {
  testing::Headless ui;
  ui.DrawWholeFrames();
  App at_once;
  ASSERT_TRUE(at_once.LoadModel("orders", 20).ok());
  const json expected = json::parse(at_once.StateJson())["model"]["tables"];
  const char* kNewProfile =
      R"({"TableName":"Orders","Item":{"PK":{"S":"C#new"},"SK":{"S":"PROFILE"}}})";

  App app;
  app.set_slice_ms(0);  // a slice per frame: natively the whole view would take a frame or two
  ASSERT_TRUE(app.LoadModel("orders", 20).ok());
  auto draw = [&] { app.Frame(); };
  ui.Draw(draw);
  ASSERT_TRUE(app.Run("PutItem", kNewProfile).status.ok());
  ui.Draw(draw);
  ASSERT_EQ(app.ItemCount(), at_once.ItemCount() + 1);
  ASSERT_TRUE(ui.Click("Reset", draw));
  ASSERT_TRUE(app.loading()) << "the Reset button builds a large view a slice per frame";
  int frames = 0, view_frames = 0;
  bool progress_drawn = false;
  while (app.loading() && frames < 10000) {
    std::vector<RecordedItem> drawn;
    SetWidgetRecorder(&drawn);
    ui.Draw(draw);
    SetWidgetRecorder(nullptr);
    ++frames;
    for (const RecordedItem& item : drawn) progress_drawn |= item.label == "load progress";
    json state = json::parse(app.StateJson());
    if (!state["loading"].is_null()) {
      ++view_frames;
      EXPECT_EQ(state["loading"]["name"], "Orders x20");
      EXPECT_EQ(state["loading"]["reset"], true);
      EXPECT_EQ(state["loading"]["phase"], "view") << "nothing to generate or write";
      EXPECT_EQ(state["loading"]["items"], at_once.ItemCount()) << "the items as loaded";
    }
  }
  EXPECT_FALSE(app.loading());
  EXPECT_TRUE(progress_drawn);
  EXPECT_GE(view_frames, 1);
  EXPECT_EQ(app.ItemCount(), at_once.ItemCount()) << "the write is undone";
  json state = json::parse(app.StateJson());
  EXPECT_EQ(state["model"]["id"], "orders");
  EXPECT_EQ(state["model"]["scale"], 20);
  EXPECT_EQ(state["model"]["tables"], expected);
  ASSERT_EQ(app.tables_view().collections.size(), at_once.tables_view().collections.size());
  for (size_t i = 0; i < app.tables_view().collections.size(); ++i) {
    const CollectionView& a = app.tables_view().collections[i];
    const CollectionView& b = at_once.tables_view().collections[i];
    ASSERT_EQ(a.rows.size(), b.rows.size()) << a.table << "/" << a.index;
    for (size_t r = 0; r < a.rows.size(); ++r) {
      ASSERT_EQ(a.rows[r].key_id, b.rows[r].key_id) << a.table << "/" << a.index << " row " << r;
    }
  }

  // Cancel: the model as it is now, with its write and its view.
  ASSERT_TRUE(app.Run("PutItem", kNewProfile).status.ok());
  ui.Draw(draw);
  app.StartReset();
  ASSERT_TRUE(app.loading());
  ASSERT_TRUE(ui.Click("Cancel loading", draw));
  EXPECT_FALSE(app.loading());
  EXPECT_EQ(app.ItemCount(), at_once.ItemCount() + 1);
  EXPECT_EQ(app.tables_view().collections.size(), at_once.tables_view().collections.size());

  // A small model resets at once.
  App small;
  ASSERT_TRUE(small.LoadModel("orders").ok());
  const uint64_t items = small.ItemCount();
  ASSERT_TRUE(small.Run("PutItem", kNewProfile).status.ok());
  small.StartReset();
  EXPECT_FALSE(small.loading());
  EXPECT_EQ(small.ItemCount(), items);
}

}  // namespace
}  // namespace monotable::ui
