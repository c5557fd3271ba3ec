// Shared fixtures for the UI tests: the Orders example loaded into a real engine, and the Orders
// schema as the request builder sees it (written by hand, so a builder test does not depend on
// the example's data). Header only; each returns a fresh value.
#pragma once

#include <gtest/gtest.h>

#include "monotable/engine.h"
#include "monotable/model.h"
#include "ui/views.h"

namespace monotable::ui::testing {

// Loads the built-in Orders example (core/model) into `engine`. Use as
// ASSERT_TRUE(LoadOrders(&engine)); the failure names the step that failed.
inline ::testing::AssertionResult LoadOrders(Engine* engine) {
  Model model;
  Status parsed = ParseModel(BuiltinModel("orders"), &model);
  if (!parsed.ok()) return ::testing::AssertionFailure() << "ParseModel: " << parsed.message();
  Status loaded = LoadModel(model, engine);
  if (!loaded.ok()) return ::testing::AssertionFailure() << "LoadModel: " << loaded.message();
  return ::testing::AssertionSuccess();
}

// Orders' schema: table Orders keyed PK (S) + SK (S), with GSI2 keyed GSI2PK (S) + GSI2SK (S).
inline SchemaView OrdersSchema() {
  SchemaView schema;
  TableSchemaView t;
  t.name = "Orders";
  t.hash = {"PK", "S"};
  t.range = {"SK", "S"};
  IndexSchemaView gsi2;
  gsi2.name = "GSI2";
  gsi2.hash = {"GSI2PK", "S"};
  gsi2.range = {"GSI2SK", "S"};
  t.indexes = {gsi2};
  schema.tables = {t};
  return schema;
}

}  // namespace monotable::ui::testing
