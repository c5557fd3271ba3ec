// The top bar: pick an example at a scale, reset, switch theme.
#include "ui/model_panel.h"

#include <gtest/gtest.h>

#include "tests/ui/headless.h"

namespace monotable::ui {
namespace {

ModelBarView Examples() {
  ModelBarView view;
  view.example_ids = {"vaultcommerce", "orders"};
  view.example_names = {"VaultCommerce", "Orders"};
  view.loaded_id = "vaultcommerce";
  view.loaded_name = "VaultCommerce";
  return view;
}

TEST(ModelPanelTest, PickingAnExampleLoadsIt) {
  testing::Headless ui;
  ModelPanelState state;
  ModelBarView view = Examples();
  Intents intents;
  auto draw = [&] { DrawModelPanel(&state, view, &intents); };
  ASSERT_TRUE(ui.Click("Model##orders", draw));
  ASSERT_EQ(intents.size(), 1u);
  EXPECT_EQ(intents[0].kind, IntentKind::kLoadModel);
  EXPECT_EQ(intents[0].text, "orders");
  EXPECT_EQ(intents[0].number, 1);
}

TEST(ModelPanelTest, ThemeButtonSwitchesToLight) {
  testing::Headless ui;
  ModelPanelState state;
  ModelBarView view = Examples();
  Intents intents;
  auto draw = [&] { DrawModelPanel(&state, view, &intents); };
  ASSERT_TRUE(ui.Click("Theme", draw));
  ASSERT_EQ(intents.size(), 1u);
  EXPECT_EQ(intents[0].kind, IntentKind::kSetTheme);
  EXPECT_EQ(intents[0].index, 1);
}

}  // namespace
}  // namespace monotable::ui
