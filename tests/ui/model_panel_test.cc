// The top bar: pick an example at a scale, reset, switch theme.
#include "ui/model_panel.h"

#include <gtest/gtest.h>

#include <variant>

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
  const auto* load = std::get_if<intent::LoadModel>(&intents[0]);
  ASSERT_NE(load, nullptr);
  EXPECT_EQ(load->name, "orders");
  EXPECT_EQ(load->scale, 1);
}

TEST(ModelPanelTest, ThemeButtonSwitchesToLight) {
  testing::Headless ui;
  ModelPanelState state;
  ModelBarView view = Examples();
  Intents intents;
  auto draw = [&] { DrawModelPanel(&state, view, &intents); };
  ASSERT_TRUE(ui.Click("Theme", draw));
  ASSERT_EQ(intents.size(), 1u);
  const auto* theme = std::get_if<intent::SetTheme>(&intents[0]);
  ASSERT_NE(theme, nullptr);
  EXPECT_FALSE(theme->dark);
}

}  // namespace
}  // namespace monotable::ui
