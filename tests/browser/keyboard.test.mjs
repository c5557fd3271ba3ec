// The keyboard, in Debian's Chromium, with real key presses (page.keyboard): Tab reaches the
// canvas from the page and walks its panels in reading order with a visible focus ring, Tab past
// the last panel leaves the canvas (no keyboard trap), the shortcuts the help lists work (J/K,
// N/P, Ctrl+Z, Ctrl+Shift+Z), and the help opens from the phone's menu by touch. Screenshots go to
// tests/browser/screenshots/ to look at.
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { openApp, settle, shots, useBrowser, waitForState } from "./launch.mjs";

const env = useBrowser();

const stateOf = (page) => page.evaluate(() => window.monotable.state());
const active = (page) =>
  page.evaluate(() => document.activeElement ? document.activeElement.id || document.activeElement.tagName : "");

async function open(options, url = "?model=orders") {
  const page = await env.newPage(options);
  await openApp(page, env.server.url + url);
  await settle(page);
  return page;
}

// Presses Tab until the canvas has the focus; returns how many presses that took.
async function tabIntoCanvas(page, shift = false) {
  for (let i = 1; i <= 12; ++i) {
    await page.keyboard.press(shift ? "Shift+Tab" : "Tab");
    if (await active(page) === "canvas") return i;
  }
  throw new Error("Tab never reached the canvas; focus is on " + await active(page));
}

describe("the keyboard on a desktop", () => {
  let page;
  before(async () => {
    page = await open({ viewport: { width: 1280, height: 800 } });
  });
  after(async () => {
    await page?.context().close();
  });

  test("Tab reaches the canvas, walks every panel with a focus ring, then leaves it", async () => {
    // From the page's start, as a keyboard user arrives.
    await page.evaluate(() => { document.activeElement?.blur(); });
    await tabIntoCanvas(page);
    const panels = [];
    let s = await waitForState(page, "return s.keyboard.panel !== '' && s.keyboard.ring");
    panels.push(s.keyboard.panel);
    await page.screenshot({ path: join(shots, "keyboard-desktop-01-first-panel.png") });
    const ring = s.keyboard.ring;
    assert.ok(ring.w > 4 && ring.h > 4, "a ring is drawn: " + JSON.stringify(ring));
    for (let i = 0; i < 12 && await active(page) === "canvas"; ++i) {
      await page.keyboard.press("Tab");
      if (await active(page) !== "canvas") break;
      await settle(page, 2);
      s = await stateOf(page);
      panels.push(s.keyboard.panel);
      if (s.keyboard.panel === "##result") {
        await page.screenshot({ path: join(shots, "keyboard-desktop-01b-result-panel.png") });
      }
    }
    assert.deepEqual(panels, ["##model", "##patterns", "##request", "##table", "##result",
                              "##cost", "##side"]);
    assert.notEqual(await active(page), "canvas", "Tab past the last panel left the canvas");
    await settle(page, 2);
    assert.equal((await stateOf(page)).keyboard.ring, null, "no ring once the focus left");
    // And back: Shift+Tab into the canvas starts at its last panel.
    await tabIntoCanvas(page, true);
    s = await waitForState(page, "return s.keyboard.panel === '##side'");
    assert.ok(s.keyboard.ring);
  });

  test("Arrow keys and Space press a control: a pattern's Run runs it", async () => {
    await page.evaluate(() => { document.activeElement?.blur(); });
    await tabIntoCanvas(page);
    await page.keyboard.press("Tab");  // the patterns panel
    await waitForState(page, "return s.keyboard.panel === '##patterns'");
    const before = (await stateOf(page)).history.entries;
    // The first control of the panel is Run all; Down reaches the patterns' table (a scrolling
    // region: the ring goes round it), Space enters it at its header row, Down moves to the first
    // pattern's Run and Space presses it.
    const ring = async () => (await stateOf(page)).keyboard.ring;
    const runAll = await ring();
    await page.keyboard.press("ArrowDown");
    await settle(page, 2);
    const table = await ring();
    assert.ok(table.h > runAll.h * 4, "the ring goes round the table: " + JSON.stringify(table));
    await page.keyboard.press("Space");
    await settle(page, 2);
    await page.keyboard.press("ArrowDown");
    await settle(page, 2);
    await page.screenshot({ path: join(shots, "keyboard-desktop-02-pattern-run.png") });
    await page.keyboard.press("Space");
    const s = await waitForState(page, `return s.history.entries > ${before}`);
    assert.equal(s.lastRequest.operation, s.model.patterns[0].operation);
  });

  test("during a load, Tab from the page reaches Cancel loading and Space presses it", async () => {
    await page.evaluate(() => window.monotable.loadModel("orders", 1));
    const before = (await stateOf(page)).model.tables;
    page.evaluate(() => window.monotable.startLoad("vaultcommerce", 1000)).catch(() => {});
    await waitForState(page, "return s.loading && s.loading.items > 0");
    await page.evaluate(() => { document.activeElement?.blur(); });
    await tabIntoCanvas(page);
    const s = await waitForState(page, "return s.keyboard.panel === '##loading' && s.keyboard.ring");
    assert.ok(s.loading, "still loading");
    const cancel = await page.evaluate(() => window.monotable.widgetRect("Cancel loading"));
    const ring = s.keyboard.ring;
    assert.ok(ring.x <= cancel.x && ring.y <= cancel.y && ring.x + ring.w >= cancel.x + cancel.w &&
              ring.y + ring.h >= cancel.y + cancel.h,
              `the ring ${JSON.stringify(ring)} is round Cancel loading ${JSON.stringify(cancel)}`);
    await page.screenshot({ path: join(shots, "keyboard-desktop-05-loading.png") });
    await page.keyboard.press("Space");
    const done = await waitForState(page, "return !s.loading");
    assert.equal(done.model.id, "orders", "Cancel kept the model that was there");
    assert.deepEqual(done.model.tables, before);
  });

  test("J, K, N, P, Ctrl+Z and Ctrl+Shift+Z do what the help says", async () => {
    await page.mouse.click(640, 400);  // the canvas, outside any text field
    const patterns = (await stateOf(page)).model.patterns;
    await page.keyboard.press("j");
    let s = await waitForState(page, "return s.keyboard.pattern >= 0");
    const first = s.keyboard.pattern;
    assert.equal(s.request.label, patterns[first].name);
    await page.keyboard.press("j");
    s = await waitForState(page, `return s.keyboard.pattern === ${first + 1}`);
    assert.equal(s.request.label, patterns[first + 1].name);
    await page.keyboard.press("k");
    await waitForState(page, `return s.keyboard.pattern === ${first}`);

    const step = s.keyboard.tourStep;
    await page.keyboard.press("n");
    await waitForState(page, `return s.keyboard.tourStep === ${step + 1}`);
    await page.keyboard.press("p");
    await waitForState(page, `return s.keyboard.tourStep === ${step}`);

    // A write, undone and redone from the keyboard.
    const items = (x) => x.model.tables.reduce((n, t) => n + t.itemCount, 0);
    await page.evaluate(() => window.monotable.run("PutItem",
      { TableName: "Orders", Item: { PK: { S: "C#kb" }, SK: { S: "PROFILE" } } }));
    s = await waitForState(page, "return s.lastRequest && s.lastRequest.operation === 'PutItem'");
    const withIt = items(s);
    await page.mouse.click(640, 400);
    await page.keyboard.press("Control+z");
    s = await waitForState(page, `return s.model.tables.reduce((n, t) => n + t.itemCount, 0) === ${withIt - 1}`);
    await page.keyboard.press("Control+Shift+z");
    await waitForState(page, `return s.model.tables.reduce((n, t) => n + t.itemCount, 0) === ${withIt}`);
  });

  test("the help lists the shortcuts from the app's own list", async () => {
    await page.mouse.click(640, 400);
    await page.keyboard.press("?");
    const dialog = page.getByRole("dialog", { name: "Keyboard and touch" });
    await dialog.waitFor({ state: "visible", timeout: 3000 });
    const text = await dialog.innerText();
    for (const words of ["Undo the last request", "Next, previous access pattern",
                         "Next, previous tour step", "Next, previous panel"]) {
      assert.ok(text.includes(words), words + " in: " + text);
    }
    await page.screenshot({ path: join(shots, "keyboard-desktop-03-help.png") });
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden", timeout: 3000 });
  });
});

describe("the keyboard on a phone", () => {
  let page;
  before(async () => {
    page = await open({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 3,
                        isMobile: true, hasTouch: true });
  });
  after(async () => {
    await page?.context().close();
  });

  test("Tab walks the top bar, the open tab and the tab bar with a ring 2 CSS px wide", async () => {
    await page.evaluate(() => { document.activeElement?.blur(); });
    await tabIntoCanvas(page);
    const panels = [];
    let s = await waitForState(page, "return s.keyboard.panel !== '' && s.keyboard.ring");
    panels.push(s.keyboard.panel);
    await page.keyboard.press("Tab");
    s = await waitForState(page, `return s.keyboard.panel !== '${panels[0]}'`);
    panels.push(s.keyboard.panel);
    await page.screenshot({ path: join(shots, "keyboard-phone-01-ring.png") });
    assert.equal(panels[0], "##model");
    assert.ok(s.keyboard.ring, "a ring in " + s.keyboard.panel);
  });

  test("the phone's menu opens the keyboard and touch help by touch", async () => {
    const menu = await page.evaluate(() => window.monotable.widgetRect("Menu"));
    await page.touchscreen.tap(menu.x + menu.w / 2, menu.y + menu.h / 2);
    await settle(page, 3);
    const item = await page.evaluate(() => window.monotable.widgetRect("Keyboard and touch help"));
    assert.ok(item, "the menu has the help");
    await page.touchscreen.tap(item.x + item.w / 2, item.y + item.h / 2);
    const dialog = page.getByRole("dialog", { name: "Keyboard and touch" });
    await dialog.waitFor({ state: "visible", timeout: 3000 });
    await page.screenshot({ path: join(shots, "keyboard-phone-02-help.png") });
    await page.getByRole("button", { name: "Close" }).tap();
    await dialog.waitFor({ state: "hidden", timeout: 3000 });
  });
});
