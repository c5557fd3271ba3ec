// App's saved state (ui/app_state.cc): what a reload, a shared link and an embed restore. A state
// restores the same data, request and view; a state that cannot be read changes nothing.
#include <gtest/gtest.h>

#include <string>

#include "nlohmann/json.hpp"
#include "tests/ui/headless.h"
#include "ui/app.h"
#include "ui/widgets.h"

namespace monotable::ui {
namespace {

using json = nlohmann::json;

constexpr const char* kShip = R"j({"TableName":"Orders",
  "Key":{"PK":{"S":"C#c004"},"SK":{"S":"O#2025-11-29#100043"}},
  "UpdateExpression":"SET #s = :s REMOVE GSI2PK, GSI2SK",
  "ExpressionAttributeNames":{"#s":"status"},
  "ExpressionAttributeValues":{":s":{"S":"shipped"}}})j";

// Orders with order 100043 shipped and the open-orders pattern in the builder.
void Edit(App* app) {
  ASSERT_TRUE(app->LoadModel("orders").ok());
  ASSERT_TRUE(app->Run("UpdateItem", kShip).status.ok());
  ASSERT_TRUE(app->ShowPattern("open-orders", false));
}

// The same tables and items (a model file's members may come back in another order).
bool SameModel(const App& a, const App& b) {
  return json::parse(a.ExportModelJson()) == json::parse(b.ExportModelJson());
}

TEST(AppStateTest, FullStateRestoresDataRequestAndView) {
  testing::Headless ui;
  App app;
  Edit(&app);
  json saved = json::parse(app.SaveState(false));
  EXPECT_EQ(saved["formatVersion"], kStateFormatVersion);
  EXPECT_EQ(saved["base"]["model"], "orders");
  ASSERT_EQ(saved["writes"].size(), 1u);
  EXPECT_EQ(saved["writes"][0]["operation"], "UpdateItem");
  EXPECT_TRUE(saved.contains("model"));
  // Choose the GSI2 tab through a restore, then save again: the view is part of the state.
  saved["view"] = {{"table", "Orders"}, {"index", "GSI2"}};

  App restored;
  Status status = restored.RestoreState(saved.dump());
  ASSERT_TRUE(status.ok()) << status.message();
  EXPECT_TRUE(SameModel(restored, app));
  json again = json::parse(restored.SaveState(true));
  EXPECT_EQ(again["view"]["index"], "GSI2");
  EXPECT_EQ(again["request"]["label"], saved["request"]["label"]);
  EXPECT_EQ(again["request"]["json"], saved["request"]["json"]);
  EXPECT_EQ(again["writes"], saved["writes"]) << "a restored state keeps its writes for links";
  json state = json::parse(restored.StateJson());
  EXPECT_EQ(state["model"]["id"], "orders") << "Reset still goes back to the example";
}

TEST(AppStateTest, CompactStateReplaysWritesOnTheExample) {
  testing::Headless ui;
  App app;
  Edit(&app);
  json compact = json::parse(app.SaveState(true));
  EXPECT_FALSE(compact.contains("model")) << "a built-in example is rebuilt, not carried";
  App restored;
  ASSERT_TRUE(restored.RestoreState(compact.dump()).ok());
  EXPECT_TRUE(SameModel(restored, app));
  EXPECT_EQ(restored.SaveState(true), app.SaveState(true));
}

TEST(AppStateTest, ResetForgetsTheWrites) {
  testing::Headless ui;
  App app;
  Edit(&app);
  ui.Draw([&] { app.Frame(); });
  json before = json::parse(app.SaveState(true));
  ASSERT_EQ(before["writes"].size(), 1u);
  app.Reset();
  EXPECT_EQ(json::parse(app.SaveState(true))["writes"].size(), 0u);
}

// Reset goes back to the model as loaded without loading it again (the snapshot kept at load):
// what a user sees afterwards is what a fresh load shows, for a scaled example and for a custom
// model; and a restored state with writes still resets to its example, not to its writes.
TEST(AppStateTest, ResetShowsWhatAFreshLoadShows) {
  testing::Headless ui;
  auto same_as_fresh = [&](App& app, const std::string& model, double scale) {
    App fresh;
    ASSERT_TRUE(fresh.LoadModel(model, scale).ok());
    EXPECT_TRUE(SameModel(app, fresh));
    EXPECT_EQ(app.ItemCount(), fresh.ItemCount());
    json a = json::parse(app.StateJson()), b = json::parse(fresh.StateJson());
    for (const char* member : {"model", "request", "history", "session", "highlighted",
                               "lastRequest", "selected", "loadError"}) {
      EXPECT_EQ(a[member], b[member]) << member;
    }
  };
  App app;
  ASSERT_TRUE(app.LoadModel("orders", 3).ok());
  const uint64_t items = app.ItemCount();
  ASSERT_TRUE(app.Run("UpdateItem", kShip).status.ok());
  ASSERT_TRUE(app.Run("PutItem",
                      R"({"TableName":"Orders","Item":{"PK":{"S":"C#new"},"SK":{"S":"PROFILE"}}})")
                  .status.ok());
  ui.Draw([&] { app.Frame(); });
  ASSERT_EQ(app.ItemCount(), items + 1);
  app.Reset();
  EXPECT_EQ(app.ItemCount(), items);
  same_as_fresh(app, "orders", 3);
  ui.Draw([&] { app.Frame(); });
  app.Reset();  // twice: the snapshot is still the model as loaded
  same_as_fresh(app, "orders", 3);

  App custom;
  App source;
  ASSERT_TRUE(source.LoadModel("orders").ok());
  const std::string text = source.ExportModelJson();  // the example as a model file
  ASSERT_TRUE(custom.LoadModel(text).ok()) << text.substr(0, 200);
  ASSERT_TRUE(custom.Run("UpdateItem", kShip).status.ok());
  custom.Reset();
  same_as_fresh(custom, text, 1);

  App restored;
  App edited;
  Edit(&edited);
  ASSERT_TRUE(restored.RestoreState(edited.SaveState(true)).ok());
  ASSERT_TRUE(SameModel(restored, edited));
  restored.Reset();
  same_as_fresh(restored, "orders", 1);
}

// A pattern's load (request rates and key distribution, for the bill) survives a saved state and
// a link of a custom model: the state carries the model through SerializeModel.
TEST(AppStateTest, PatternLoadSurvivesSavedStateAndLinks) {
  testing::Headless ui;
  Model m;
  ASSERT_TRUE(ParseModel(BuiltinModel("orders"), &m).ok());
  m.access_patterns[0].requests_per_second = 120;
  m.access_patterns[0].peak_requests_per_second = 900;
  m.access_patterns[0].keys = "zipf:1.1";
  App custom;
  ASSERT_TRUE(custom.LoadModel(SerializeModel(m)).ok());
  for (bool compact : {false, true}) {
    App restored;
    ASSERT_TRUE(restored.RestoreState(custom.SaveState(compact)).ok()) << compact;
    Model back;
    ASSERT_TRUE(ParseModel(restored.ExportModelJson(), &back).ok());
    ASSERT_FALSE(back.access_patterns.empty());
    EXPECT_EQ(back.access_patterns[0].requests_per_second, 120) << compact;
    EXPECT_EQ(back.access_patterns[0].peak_requests_per_second, 900) << compact;
    EXPECT_EQ(back.access_patterns[0].keys, "zipf:1.1") << compact;
  }
}

TEST(AppStateTest, StateKeyMovesWithWritesAndRequests) {
  testing::Headless ui;
  App app;
  ASSERT_TRUE(app.LoadModel("orders").ok());
  uint64_t key = app.StateKey();
  EXPECT_EQ(app.StateKey(), key) << "stable while nothing changes";
  ASSERT_TRUE(app.ShowPattern("order-lines", false));
  EXPECT_NE(app.StateKey(), key);
  key = app.StateKey();
  ASSERT_TRUE(app.Run("UpdateItem", kShip).status.ok());
  EXPECT_NE(app.StateKey(), key);
}

TEST(AppStateTest, UnreadableStatesChangeNothing) {
  testing::Headless ui;
  App app;
  Edit(&app);
  const std::string before = app.SaveState(false);
  struct Case {
    const char* text;
    const char* message;  // a part of the error
  };
  const Case cases[] = {
      {"{\"monotable\":", "not a JSON object"},
      {"[1,2]", "not a JSON object"},
      {R"({"formatVersion":1})", "not a monotable state"},
      {R"({"monotable":"state","formatVersion":99,"base":{"model":"orders"}})",
       "formatVersion 99 was written by a newer monotable (this one reads up to 2)"},
      {R"({"monotable":"state","formatVersion":0,"base":{"model":"orders"}})",
       "formatVersion 0 is not known"},
      {R"({"monotable":"state","formatVersion":1,"base":{"model":"nope"}})", "Unknown example"},
      {R"({"monotable":"state","formatVersion":1,"base":{"model":"custom"}})",
       "a custom model needs its \"model\""},
      {R"({"monotable":"state","formatVersion":1,"base":{"model":"orders"},
          "writes":[{"operation":"DeleteItem","request":{"TableName":"Nope","Key":{}}}]})",
       "writes[0] (DeleteItem) failed"},
      {R"({"monotable":"state","formatVersion":1,"base":{"model":"orders"},
          "model":{"formatVersion":1,"tables":7}})",
       "state: model:"},
  };
  for (const Case& c : cases) {
    Status status = app.RestoreState(c.text);
    EXPECT_FALSE(status.ok()) << c.text;
    EXPECT_NE(status.message().find(c.message), std::string::npos) << status.message();
    EXPECT_EQ(app.SaveState(false), before) << "unchanged after " << c.text;
  }
}

TEST(AppStateTest, CustomModelsTravelWithTheirModel) {
  testing::Headless ui;
  App app;
  const char* model = R"j({"formatVersion":1,"name":"Tiny","tables":[{"TableName":"Things",
    "KeySchema":[{"AttributeName":"PK","KeyType":"HASH"}],
    "AttributeDefinitions":[{"AttributeName":"PK","AttributeType":"S"}],
    "BillingMode":"PAY_PER_REQUEST"}],
    "items":{"Things":[{"PK":{"S":"a"}}]}})j";
  ASSERT_TRUE(app.LoadModel(model).ok());
  ASSERT_TRUE(app.Run("PutItem", R"({"TableName":"Things","Item":{"PK":{"S":"b"}}})").status.ok());
  json compact = json::parse(app.SaveState(true));
  ASSERT_TRUE(compact.contains("model"));
  App restored;
  ASSERT_TRUE(restored.RestoreState(compact.dump()).ok());
  json state = json::parse(restored.StateJson());
  EXPECT_EQ(state["model"]["tables"][0]["itemCount"], 2);
}

// The history travels with a state when asked (the browser's saved state, a link with "history"):
// the restored page has the same entries, undo goes back through them (the writes' snapshots are
// rebuilt), the point undo had reached stays, and the last result is the one shown before.
TEST(AppStateTest, HistoryUndoAndLastResultSurviveARestore) {
  testing::Headless ui;
  constexpr const char* kPut =
      R"({"TableName":"Orders","Item":{"PK":{"S":"C#new"},"SK":{"S":"PROFILE"}}})";
  constexpr const char* kGet =
      R"({"TableName":"Orders","Key":{"PK":{"S":"C#new"},"SK":{"S":"PROFILE"}}})";
  for (bool compact : {false, true}) {
    App app;
    ASSERT_TRUE(app.LoadModel("orders").ok());
    ASSERT_TRUE(app.Run("UpdateItem", kShip, "ship").status.ok());
    ASSERT_TRUE(app.Run("PutItem", kPut, "new customer").status.ok());
    ASSERT_TRUE(app.Run("GetItem", kGet, "read it").status.ok());
    json saved = json::parse(app.SaveState(compact, true));
    EXPECT_EQ(saved["writes"].size(), 0u) << "the history holds its own writes";
    ASSERT_EQ(saved["history"]["entries"].size(), 3u);
    EXPECT_EQ(saved["history"]["current"], 2);
    EXPECT_EQ(saved.contains("model"), !compact);

    App restored;
    Status status = restored.RestoreState(saved.dump());
    ASSERT_TRUE(status.ok()) << status.message();
    EXPECT_TRUE(SameModel(restored, app));
    json a = json::parse(app.StateJson()), b = json::parse(restored.StateJson());
    for (const char* member : {"history", "lastRequest", "response", "ok", "session"}) {
      EXPECT_EQ(b[member], a[member]) << member << " compact " << compact;
    }
    EXPECT_EQ(b["response"]["Item"]["PK"]["S"], "C#new") << "the last result is shown again";
    EXPECT_EQ(json::parse(restored.SaveState(compact, true)),
              json::parse(app.SaveState(compact, true)));

    // Undo in the restored page: back before the PutItem, then to the start.
    const uint64_t items = restored.ItemCount();
    // App::Frame opens its own widget frame: clicked as the page does, outside Headless::Draw.
    auto frame = [&] {
      ImGui::NewFrame();
      restored.Frame();
      ImGui::Render();
    };
    auto click = [&](const char* label) {
      for (int i = 0; i < 3; ++i) frame();
      WidgetRect rect;
      if (!FindWidget(label, &rect)) return false;
      ImGui::GetIO().MousePos = ImVec2(rect.x + rect.w / 2, rect.y + rect.h / 2);
      frame();
      ImGui::GetIO().MouseDown[0] = true;
      frame();
      ImGui::GetIO().MouseDown[0] = false;
      frame();
      return true;
    };
    ASSERT_TRUE(click("History"));
    ASSERT_TRUE(click("Undo to##1")) << "the history panel lists the entries";
    EXPECT_EQ(restored.ItemCount(), items - 1);
    json undone = json::parse(restored.SaveState(compact, true));
    EXPECT_EQ(undone["history"]["current"], 0);
    App again;
    ASSERT_TRUE(again.RestoreState(undone.dump()).ok());
    EXPECT_TRUE(SameModel(again, restored)) << "the undo point is restored";
    EXPECT_EQ(json::parse(again.StateJson())["history"],
              json::parse(restored.StateJson())["history"])
        << "redo entries are kept";
  }
}

// A state that names a history badly changes nothing.
TEST(AppStateTest, ABadHistoryIsRefused) {
  testing::Headless ui;
  App app;
  Edit(&app);
  const std::string before = app.SaveState(false, true);
  for (const char* text :
       {R"({"monotable":"state","formatVersion":2,"base":{"model":"orders"},"history":[]})",
        R"({"monotable":"state","formatVersion":2,"base":{"model":"orders"},
               "history":{"entries":[{"request":{}}]}})",
        R"({"monotable":"state","formatVersion":2,"base":{"model":"orders"},
               "history":{"entries":[{"operation":"Scan","request":{}}],"current":1}})"}) {
    Status status = app.RestoreState(text);
    EXPECT_FALSE(status.ok()) << text;
    EXPECT_NE(status.message().find("history"), std::string::npos) << status.message();
    EXPECT_EQ(app.SaveState(false, true), before);
  }
}

}  // namespace
}  // namespace monotable::ui
