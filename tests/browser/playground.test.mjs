// The playground in Debian's Chromium: load the page, choose Orders, run the open-orders pattern
// by clicking its real Run button (through window.monotable.widgetRect), check the result and the
// capacity through state(), run the writes that move an order out of the sparse GSI2 and check
// the effects, and take screenshots (tests/browser/screenshots/, git-ignored) to look at.
import { before, test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { openApp, shots, useBrowser, waitForState as waitForStateOf } from "./launch.mjs";

const env = useBrowser();
let page;

const rectOf = (label) => page.evaluate((l) => window.monotable.widgetRect(l), label);

// Clicks a widget. If it is scrolled out of its list, scrolls the list with the mouse wheel over
// a point below the widget `under` (a list's header widget) until it shows.
async function click(label, under) {
  let rect = await rectOf(label);
  for (let i = 0; !rect && under && i < 30; ++i) {
    const anchor = await rectOf(under);
    assert.ok(anchor, `widget ${under} is visible`);
    await page.mouse.move(anchor.x + anchor.w / 2, anchor.y + anchor.h + 80);
    await page.mouse.wheel(0, 100);
    await page.waitForTimeout(100);
    rect = await rectOf(label);
  }
  assert.ok(rect, `widget ${label} is visible`);
  // Like a person: hover first (ImGui sees the pointer arrive), then press and release.
  await page.mouse.move(rect.x + rect.w / 2, rect.y + rect.h / 2);
  await page.waitForTimeout(50);
  await page.mouse.click(rect.x + rect.w / 2, rect.y + rect.h / 2);
}

// Waits until state() satisfies `predicate` (a function body over `s`), returns that state.
const waitForState = (predicate, timeout = 10000) => waitForStateOf(page, predicate, timeout);

before(async () => {
  page = await env.newPage();
  await openApp(page, env.server.url);
});

test("the page is ready with a model and reports its timings", async () => {
  const timings = await page.evaluate(() => window.monotable.timings);
  assert.ok(timings.firstFrameMs > 0);
  console.log(`first frame after ${timings.firstFrameMs.toFixed(0)} ms`);
  const state = await page.evaluate(() => window.monotable.state());
  assert.ok(state.model.id, "a model is loaded at start");
  assert.equal(state.loadError, "");
});

test("choosing Orders through its button loads the Orders model", async () => {
  await click("Model##orders");
  const state = await waitForState("return s.model.id === 'orders'");
  assert.equal(state.model.tables[0].name, "Orders");
  assert.ok(state.model.tables[0].itemCount > 100);
  assert.ok(state.model.patterns.some((p) => p.id === "open-orders"));
  await page.waitForTimeout(300);
  await page.screenshot({ path: join(shots, "01-orders-loaded.png") });
});

test("Run on the open-orders row queries the sparse GSI2 and shows its cost", async () => {
  await click("Run##open-orders", "Run all");
  const state = await waitForState("return s.lastRequest && s.lastRequest.request.IndexName === 'GSI2'");
  assert.equal(state.lastRequest.operation, "Query");
  assert.equal(state.ok, true);
  assert.ok(state.response.Count > 0, "open orders are returned");
  for (const item of state.response.Items) assert.equal(item.GSI2PK.S, "OPEN");
  // Capacity: a Query reads per 4 KB, eventually consistent by default: a few open orders fit
  // in one 4 KB unit, so the GSI2 line reads 0.5 RRU... more only when the entries are larger.
  const gsi2 = state.effects.capacity.find((line) => line.index === "GSI2");
  assert.ok(gsi2, "capacity is reported on GSI2");
  assert.ok(gsi2.readUnits >= 0.5);
  assert.equal(state.effects.readUnits, state.response.ConsumedCapacity.CapacityUnits);
  assert.ok(state.effects.items.some((i) => i.index === "GSI2" && i.action === "returned"));
  await waitForState("return s.selected.index === 'GSI2'");  // the view follows the query
  assert.ok(state.highlighted["Orders/GSI2"].length > 0, "returned entries are highlighted");
  await page.waitForTimeout(300);
  await page.screenshot({ path: join(shots, "02-open-orders.png") });
});

test("placing, packing and shipping an order moves it into and out of GSI2", async () => {
  await click("Run##place-order", "Run all");
  let state = await waitForState("return s.lastRequest && s.lastRequest.operation === 'TransactWriteItems'");
  assert.equal(state.ok, true, JSON.stringify(state.error));
  assert.ok(state.effects.items.some((i) => i.action === "inserted"));
  assert.ok(state.effects.items.some((i) => i.index === "GSI2" && i.action === "index-added"),
            "a placed order enters the sparse index");
  assert.ok(state.effects.writeUnits > 0);
  await page.waitForTimeout(300);
  await page.screenshot({ path: join(shots, "03-place-order.png") });

  await click("Run##pack-order", "Run all");
  state = await waitForState("return s.history.entries === 3");
  assert.equal(state.ok, true, JSON.stringify(state.error));

  await click("Run##ship-order", "Run all");
  state = await waitForState("return s.history.entries === 4");
  assert.equal(state.ok, true, JSON.stringify(state.error));
  assert.ok(state.effects.items.some((i) => i.action === "updated"));
  const left = state.effects.items.find((i) => i.index === "GSI2" && i.action === "index-removed");
  assert.ok(left, "shipping removes the order from GSI2");
  assert.ok(state.highlighted["Orders/GSI2"].some((row) => row.mark === "left index"),
            "the entry is shown leaving the index");
  await page.waitForTimeout(300);
  await page.screenshot({ path: join(shots, "04-ship-order.png") });
  await click("Tab##Orders/GSI2");
  await waitForState("return s.selected.index === 'GSI2'");
  await page.waitForTimeout(300);
  await page.screenshot({ path: join(shots, "04b-ship-order-gsi2.png") });
});

test("undo returns the tables to the state before the writes", async () => {
  await page.evaluate(() => window.monotable.state());
  await click("History");
  await page.waitForTimeout(200);
  await click("Undo to##1", "History");
  const state = await waitForState("return s.history.current === 0");
  const open = await page.evaluate(() => window.monotable.run("Query", {
    TableName: "Orders", IndexName: "GSI2", KeyConditionExpression: "GSI2PK = :o",
    ExpressionAttributeValues: { ":o": { S: "OPEN" } }, Select: "COUNT" }));
  assert.equal(open.ok, true);
  assert.ok(state.version >= 0);
  assert.ok(open.response.Count > 0);
});

test("run() returns the response and the effects", async () => {
  const result = await page.evaluate(() => window.monotable.run("GetItem", {
    TableName: "Orders", Key: { PK: { S: "C#c002" }, SK: { S: "O#2025-11-01#100029" } } }));
  assert.equal(result.ok, true);
  assert.ok(result.response.Item, "the 4.1 KB order exists");
  // "A 4.1 KB item costs twice as much to read": 1 RRU eventually consistent instead of 0.5.
  assert.equal(result.effects.readUnits, 1);
  const errors = await page.evaluate(() => window.monotable.run("GetItem", { TableName: "Nope",
    Key: { PK: { S: "x" } } }));
  assert.equal(errors.ok, false);
  assert.equal(errors.error.type, "ResourceNotFoundException");
  await page.waitForTimeout(300);
  await page.screenshot({ path: join(shots, "05-item-size.png") });
});

test("the light theme and a high-DPI screen", async () => {
  await click("Theme");
  await waitForState("return s.theme === 'light'");
  await page.waitForTimeout(300);
  await page.screenshot({ path: join(shots, "06-light.png") });
  const hidpi = await env.newPage({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 2 });
  await openApp(hidpi, env.server.url + "?model=orders");
  const state = await hidpi.evaluate(() => window.monotable.state());
  assert.equal(state.devicePixelRatio, 2);
  assert.equal(state.canvas.width, 2560, "the canvas backing store follows devicePixelRatio");
  const rect = await hidpi.evaluate(() => window.monotable.widgetRect("Run##open-orders"));
  assert.ok(rect && rect.x < 1280 && rect.y < 800, "widgetRect is in CSS pixels");
  await hidpi.waitForTimeout(300);
  await hidpi.screenshot({ path: join(shots, "07-hidpi.png") });
  await hidpi.context().close();
});

// A Scan's 1 MB page comes back to the page as an answer of megabytes; parsing it in the run's
// own task kept the page from drawing for over 100 ms (docs/benchmarks.md section 19). The page
// draws the run before run() parses a large answer; a small one resolves with no frame between.
test("run() lets the page draw before it parses a large answer, not a small one", async () => {
  const page2 = await env.newPage();
  await openApp(page2, env.server.url);
  await page2.evaluate(() => window.monotable.loadModel("orders", 10));
  const runCountingFrames = (operation, request) => page2.evaluate(async ([op, req]) => {
    let frames = 0;
    let counting = true;
    const count = () => {
      ++frames;
      if (counting) requestAnimationFrame(count);
    };
    await new Promise((r) => requestAnimationFrame(r));
    requestAnimationFrame(count);
    frames = 0;
    const answer = await window.monotable.run(op, req);
    counting = false;
    return { frames, ok: answer.ok, count: answer.response.Count, items: (answer.response.Items ||
      []).length, touched: answer.effects.items.length, size: JSON.stringify(answer).length };
  }, [operation, request]);
  const scan = await runCountingFrames("Scan", { TableName: "Orders" });
  assert.equal(scan.ok, true);
  assert.ok(scan.size > 256 * 1024, `the Scan's answer is large (${scan.size} characters)`);
  assert.ok(scan.frames >= 1, "a frame was drawn before the large answer was handed over");
  assert.equal(scan.items, scan.count, "every returned item is in the answer");
  assert.equal(scan.touched, scan.count, "every item read is in the effects");
  const get = await runCountingFrames("Query", { TableName: "Orders", KeyConditionExpression: "PK = :c",
    ExpressionAttributeValues: { ":c": { S: "C#c002" } }, Limit: 1 });
  assert.equal(get.ok, true);
  assert.equal(get.count, 1);
  assert.equal(get.frames, 0, "a small answer resolves at once, without waiting for a frame");
  await page2.close();
});
