// Loading a scaled example, in Debian's Chromium (issue 15: "loading a scaled example shows
// progress instead of freezing the page for seconds"): the model menu's scale, chosen by touch on
// a phone, loads the example a slice per frame; frames keep coming while it loads, the canvas
// shows how many items are in, and the example ends loaded exactly as a load at once leaves it.
// Cancel loading goes back to the model that was there. Screenshots go to
// tests/browser/screenshots/ to look at.
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { openApp, settle, shots, useBrowser, waitForState } from "./launch.mjs";

const env = useBrowser();

describe("loading a scaled example", () => {
  let page;
  before(async () => {
    page = await env.newPage({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 3,
                               isMobile: true, hasTouch: true });
    await openApp(page, env.server.url + "?model=orders");
    await settle(page);
  });
  after(async () => {
    await page?.context().close();
  });

  test("the page keeps drawing and shows the items loaded, then has the example", async () => {
    const expected = await page.evaluate(async () => {
      const s = await window.monotable.loadModel("orders", 100);  // at once: the reference
      const tables = s.model.tables;
      await window.monotable.loadModel("orders", 1);
      return tables;
    });
    const start = await page.evaluate(() => window.monotable.state().frames);
    const loaded = page.evaluate(() => window.monotable.startLoad("orders", 100));
    const during = await waitForState(page, "return s.loading && s.loading.items > 0");
    assert.equal(during.loading.name, "Orders x100");
    assert.ok(during.loading.expected > 50000, JSON.stringify(during.loading));
    await page.screenshot({ path: join(shots, "loading-phone-01-progress.png") });
    const later = await waitForState(page, `return !s.loading || s.loading.items > ${during.loading.items}`);
    // Then the items view is built, a slice per frame too, with its rows counted.
    const building = await waitForState(page, "return !s.loading || s.loading.phase === 'view'");
    if (building.loading) {
      assert.ok(building.loading.expectedRows > 50000, JSON.stringify(building.loading));
      assert.ok(building.loading.rows <= building.loading.expectedRows);
      await page.screenshot({ path: join(shots, "loading-phone-02-view.png") });
    }
    const s = await loaded;
    assert.ok(s.frames - start > 5, `frames were drawn while it loaded (${s.frames - start})`);
    assert.equal(s.model.scale, 100);
    assert.deepEqual(s.model.tables, expected);
    assert.ok(!later.loading || later.loading.items > during.loading.items, "progress moved");
  });

  test("Cancel loading, by touch, keeps the model that was there", async () => {
    await page.evaluate(() => window.monotable.loadModel("orders", 1));
    const before = await page.evaluate(() => window.monotable.state().model.tables);
    page.evaluate(() => window.monotable.startLoad("vaultcommerce", 1000)).catch(() => {});
    await waitForState(page, "return s.loading && s.loading.items > 0");
    await settle(page, 2);
    const cancel = await page.evaluate(() => window.monotable.widgetRect("Cancel loading"));
    assert.ok(cancel, "a Cancel loading button is drawn");
    assert.ok(cancel.h >= 44, `a touch target (${cancel.h} CSS px tall)`);
    await page.touchscreen.tap(cancel.x + cancel.w / 2, cancel.y + cancel.h / 2);
    const s = await waitForState(page, "return !s.loading");
    assert.equal(s.model.id, "orders");
    assert.deepEqual(s.model.tables, before);
  });

  test("Reset of a large model, by touch: its view is built a slice per frame, the write undone", async () => {
    const loaded = await page.evaluate(() => window.monotable.loadModel("orders", 100));
    const tables = loaded.model.tables;
    const put = await page.evaluate(() => window.monotable.run("PutItem", {
      TableName: "Orders", Item: { PK: { S: "C#new" }, SK: { S: "PROFILE" } } }));
    assert.ok(put.ok, JSON.stringify(put.error));
    await settle(page, 2);
    const tap = async (label) => {
      const r = await page.evaluate((l) => window.monotable.widgetRect(l), label);
      assert.ok(r, `${label} is drawn`);
      await page.touchscreen.tap(r.x + r.w / 2, r.y + r.h / 2);
      await settle(page, 2);
    };
    await tap("Menu");
    // A phone's CPU (8x slower): the reset lasts long enough to be seen.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 8 });
    try {
      await tap("Reset");
      const during = await (await page.waitForFunction(() => {
        const l = window.monotable.state().loading;
        return l && l.reset ? l : false;
      }, null, { timeout: 15000 })).jsonValue();
      assert.equal(during.phase, "view", "nothing to generate or write");
      assert.equal(during.name, "Orders x100");
      assert.ok(during.expectedRows > 100000, JSON.stringify(during));
      await page.screenshot({ path: join(shots, "loading-phone-03-reset.png") });
    } finally {
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
      await cdp.detach();
    }
    const s = await waitForState(page, "return !s.loading");
    assert.deepEqual(s.model.tables, tables, "the model as loaded, its write undone");
  });
});
