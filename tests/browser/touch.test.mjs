// Touch, phone text input and the keyboard, in Debian's Chromium: a phone (390x844, isMobile,
// hasTouch, deviceScaleFactor 3) and a tablet tap, drag and type the way a person does (real
// touch events: page.touchscreen.tap, CDP Input.dispatchTouchEvent; the on-screen keyboard's
// text: page.keyboard.insertText and CDP Input.imeSetComposition), and a desktop still types
// exactly what is typed. What changed is read back through window.monotable (state(), getState(),
// scrollAt(), textField()). Screenshots go to tests/browser/screenshots/ to look at.
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { openApp, shots, useBrowser } from "./launch.mjs";

const env = useBrowser();

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function open(options) {
  const page = await env.newPage(options);
  await openApp(page, env.server.url + "?model=orders");
  await page.waitForTimeout(300);
  const cdp = await page.context().newCDPSession(page);
  return { page, cdp };
}

const rectOf = (page, label) => page.evaluate((l) => window.monotable.widgetRect(l), label);
const stateOf = (page) => page.evaluate(() => window.monotable.state());
const builderJson = (page) =>
  page.evaluate(() => JSON.parse(window.monotable.getState(true)).request.json);
const center = (r) => ({ x: r.x + r.w / 2, y: r.y + r.h / 2 });

// Waits until state() satisfies `predicate` (a function body over `s`), returns that state.
async function waitForState(page, predicate, timeout = 10000) {
  try {
    await page.waitForFunction(
      (body) => new Function("s", body)(window.monotable.state()), predicate, { timeout });
  } catch (error) {
    const state = await stateOf(page);
    delete state.model;
    throw new Error(`state never satisfied "${predicate}": ${JSON.stringify(state).slice(0, 1200)}`);
  }
  return stateOf(page);
}

// A flick: one finger from `from` to `to` in `steps` moves 16 ms apart by the events' own clock
// (CDP timestamps; the page measures gestures by them), lifted while moving.
async function flick(cdp, from, to, steps = 4) {
  const t0 = Date.now() / 1000;
  const event = (type, i) => cdp.send("Input.dispatchTouchEvent", {
    type,
    timestamp: t0 + i * 0.016,
    touchPoints: type === "touchEnd" ? [] : [{
      x: Math.round(from.x + ((to.x - from.x) * i) / steps),
      y: Math.round(from.y + ((to.y - from.y) * i) / steps),
      id: 1,
    }],
  });
  const sent = [event("touchStart", 0)];
  for (let i = 1; i <= steps; ++i) sent.push(event("touchMove", i));
  sent.push(event("touchEnd", steps + 1));
  await Promise.all(sent);
}

// One finger from `from` to `to` (CSS pixels) in `steps` moves `stepMs` apart, after resting
// `holdMs` (a long-press first); lifted at the end.
async function drag(cdp, from, to, { steps = 12, stepMs = 16, holdMs = 0 } = {}) {
  const point = (x, y) => [{ x: Math.round(x), y: Math.round(y), id: 1 }];
  const move = (i) => cdp.send("Input.dispatchTouchEvent", {
    type: "touchMove",
    touchPoints: point(from.x + ((to.x - from.x) * i) / steps, from.y + ((to.y - from.y) * i) / steps),
  });
  const start = cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: point(from.x, from.y) });
  if (holdMs) {
    await start;
    await sleep(holdMs);
  }
  // The moves that leave the tap's 10 CSS px go with the start: on this loaded machine a round
  // trip can take longer than a long-press.
  let i = 1;
  if (!holdMs) {
    const first = [start];
    const length = Math.hypot(to.x - from.x, to.y - from.y);
    for (; i <= steps && (length * (i - 1)) / steps < 16; ++i) first.push(move(i));
    await Promise.all(first);
  }
  for (; i <= steps; ++i) {
    await move(i);
    await sleep(stepMs);
  }
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
}

// Makes `label` visible by dragging the list under `under` (its header widget) up, like a person.
async function scrollIntoView(page, cdp, label, under) {
  let rect = await rectOf(page, label);
  for (let i = 0; !rect && i < 20; ++i) {
    const anchor = await rectOf(page, under);
    assert.ok(anchor, `${under} is visible`);
    const from = { x: anchor.x + anchor.w / 2, y: anchor.y + anchor.h + 120 };
    await drag(cdp, from, { x: from.x, y: from.y - 80 }, { steps: 8, stepMs: 30 });
    await page.waitForTimeout(400);
    rect = await rectOf(page, label);
  }
  assert.ok(rect, `${label} is visible`);
  return rect;
}

// On a phone the playground is one column with a bottom tab bar (ui/app_layout.cc): shows the
// panel of tab `name` ("Patterns", "Request", "Items", ...) with one tap and waits until `widget`
// is drawn. On a tablet or wider there is no tab bar and every panel is on screen: nothing to do.
async function showTab(page, name, widget) {
  const tab = await rectOf(page, `${name}##tab`);
  if (!tab) return;
  await page.touchscreen.tap(center(tab).x, center(tab).y);
  for (let i = 0; i < 40 && !(await rectOf(page, widget)); ++i) await page.waitForTimeout(100);
  assert.ok(await rectOf(page, widget), `${widget} is drawn on the ${name} tab`);
}

// The items table's scroll region: a point in it below the base table's tab.
async function itemsPoint(page) {
  const tab = await rectOf(page, "Tab##Orders/");
  assert.ok(tab, "the Orders tab is drawn");
  const viewport = page.viewportSize();
  return { x: Math.min(viewport.width - 40, tab.x + 120), y: tab.y + tab.h + 90 };
}

function phoneTests(name, options, prefix) {
  describe(name, () => {
    let page;
    let cdp;
    before(async () => {
      ({ page, cdp } = await open(options));
    });
    after(async () => {
      await page?.context().close();
    });

    test("the page starts in touch mode with nothing hovered", async () => {
      const state = await stateOf(page);
      assert.equal(state.touchMode, true, "a device without hover starts in touch mode");
      assert.equal(state.pointer, null, "nothing is hovered before a touch");
      // The overlay fades out, then leaves the page: wait for the fade, not a fixed time.
      await page.waitForFunction(() => !document.getElementById("loading"), null,
                                 { timeout: 10000 }).catch(() => {});
      assert.equal(await page.evaluate(() => document.getElementById("loading")), null,
                   "the loading overlay is gone (it cannot be selected or copied)");
      await page.screenshot({ path: join(shots, `${prefix}-01-start.png`) });
    });

    test("one tap on a pattern's Run runs it, and leaves no hover behind", async () => {
      await showTab(page, "Patterns", "Run all");
      const rect = await scrollIntoView(page, cdp, "Run##open-orders", "Run all");
      const before = (await stateOf(page)).history.entries;
      await page.touchscreen.tap(center(rect).x, center(rect).y);
      const state = await waitForState(page, `return s.history.entries === ${before + 1}`);
      assert.equal(state.lastRequest.request.IndexName, "GSI2");
      assert.equal(state.ok, true);
      assert.ok(state.response.Count > 0);
      await page.waitForTimeout(100);
      assert.equal((await stateOf(page)).pointer, null, "the finger lifted: no hover, no tooltip");
      await page.screenshot({ path: join(shots, `${prefix}-02-tap-run.png`) });
    });

    test("one tap on a tab opens it", async () => {
      await showTab(page, "Items", "Tab##Orders/GSI1");
      const rect = await rectOf(page, "Tab##Orders/GSI1");
      assert.ok(rect, "the GSI1 tab is drawn");
      await page.touchscreen.tap(center(rect).x, center(rect).y);
      await waitForState(page, "return s.selected.index === 'GSI1'");
      const base = await rectOf(page, "Tab##Orders/");
      await page.touchscreen.tap(center(base).x, center(base).y);
      await waitForState(page, "return s.selected.index === ''");
    });

    test("a touch-drag scrolls the items table, with momentum, and clicks nothing", async () => {
      await showTab(page, "Items", "Tab##Orders/");
      const at = await itemsPoint(page);
      const start = await page.evaluate(({ x, y }) => window.monotable.scrollAt(x, y), at);
      assert.ok(start && start.scrollMaxY > 0, `a scrollable table at ${JSON.stringify(at)}: ` +
                JSON.stringify(start));
      const before = await stateOf(page);
      // A slow drag: the content follows the finger, 200 CSS px = 200 * dpr canvas px.
      await drag(cdp, at, { x: at.x, y: at.y - 200 }, { steps: 20, stepMs: 30 });
      await page.waitForTimeout(100);
      const moved = await page.evaluate(({ x, y }) => window.monotable.scrollAt(x, y), at);
      assert.equal(moved.window, start.window, "the same table scrolled");
      const dpr = options.deviceScaleFactor;
      assert.ok(moved.scrollY - start.scrollY > 150 * dpr,
                `scrolled ${moved.scrollY - start.scrollY} px for a 200 CSS px drag`);
      const after = await stateOf(page);
      assert.equal(after.history.entries, before.history.entries, "the drag ran nothing");
      assert.deepEqual(after.selected, before.selected, "the drag selected nothing");
      assert.equal(after.pointer, null, "the drag left no hover");
      // A flick glides on after the finger lifts.
      await flick(cdp, at, { x: at.x, y: at.y - 120 });
      const lifted = await page.evaluate(({ x, y }) => window.monotable.scrollAt(x, y), at);
      await page.waitForTimeout(600);
      const glided = await page.evaluate(({ x, y }) => window.monotable.scrollAt(x, y), at);
      assert.ok(glided.scrollY > lifted.scrollY + 20 * dpr,
                `momentum: ${lifted.scrollY} at the lift, ${glided.scrollY} after`);
      await page.screenshot({ path: join(shots, `${prefix}-03-scrolled.png`) });
      // Dragging down brings the first rows back.
      const settled = async () => {  // the glide has ended
        let last = await page.evaluate(({ x, y }) => window.monotable.scrollAt(x, y), at);
        for (let i = 0; i < 60; ++i) {
          await page.waitForTimeout(250);
          const now = await page.evaluate(({ x, y }) => window.monotable.scrollAt(x, y), at);
          if (now.scrollY === last.scrollY) return now;
          last = now;
        }
        return last;
      };
      let top = await settled();
      for (let i = 0; i < 15 && top.scrollY > 0; ++i) {
        const before = await settled();
        await drag(cdp, at, { x: at.x, y: at.y + 300 }, { steps: 4 });
        await page.waitForTimeout(300);
        top = await page.evaluate(({ x, y }) => window.monotable.scrollAt(x, y), at);
        assert.ok(top.scrollY === 0 || before.scrollY - top.scrollY >= 250 * dpr,
                  `a 300 CSS px drag down scrolled up ${before.scrollY - top.scrollY} px`);
      }
      assert.equal(top.scrollY, 0, "back at the first row");
      if (start.scrollMaxX > 0) {
        await drag(cdp, at, { x: at.x - 150, y: at.y }, { steps: 15, stepMs: 30 });
        await page.waitForTimeout(100);
        const sideways = await page.evaluate(({ x, y }) => window.monotable.scrollAt(x, y), at);
        assert.ok(sideways.scrollX > 100 * dpr, `scrolled sideways ${sideways.scrollX} px`);
      }
    });

    test("a long-press shows the hover (a pattern's description) and does not click", async () => {
      await showTab(page, "Patterns", "Run all");
      const rect = await scrollIntoView(page, cdp, "Pattern##open-orders", "Run all");
      const before = await builderJson(page);
      const p = center(rect);
      const point = [{ x: Math.round(p.x), y: Math.round(p.y), id: 1 }];
      await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: point });
      await sleep(600);
      await page.waitForFunction(() => window.monotable.state().pointer !== null, null,
                                 { timeout: 5000 });  // the resting finger hovers
      await page.screenshot({ path: join(shots, `${prefix}-04-long-press.png`) });
      await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
      await page.waitForTimeout(200);
      assert.equal(await builderJson(page), before, "the long-press opened nothing");
      assert.equal((await stateOf(page)).pointer, null, "and its hover ends with it");
    });

    test("a tap on the JSON editor focuses a text field: the keyboard's text and an IME " +
         "composition reach the request", async () => {
      await showTab(page, "Request", "##json");
      const rect = await rectOf(page, "##json");
      assert.ok(rect, "the JSON editor is drawn");
      const before = await builderJson(page);
      // Near the start of the first line (after the opening brace).
      await page.touchscreen.tap(rect.x + 14, rect.y + 10);
      await page.waitForFunction(() => window.monotable.textField().active);
      const field = await page.evaluate(() => window.monotable.textField());
      assert.equal(field.focused, true, "the page's textarea has the focus (the keyboard opens)");
      assert.equal(field.text, before, "it holds the editor's text");
      assert.equal(await page.evaluate(() => document.activeElement.id), "text-input");
      await page.keyboard.insertText(" zq");
      await page.waitForFunction(() => window.monotable.textField().text.includes(" zq"));
      let json = await builderJson(page);
      assert.equal(json.length, before.length + 3, "inserted once: " + json);
      assert.ok(json.includes(" zq"));
      // An IME: composing shows the reading, committing replaces it with the word.
      await cdp.send("Input.imeSetComposition", { text: "ka", selectionStart: 2, selectionEnd: 2 });
      await page.waitForFunction(() => window.monotable.textField().text.includes(" zqka"));
      await cdp.send("Input.imeSetComposition", { text: "か", selectionStart: 1, selectionEnd: 1 });
      await page.waitForFunction(() => window.monotable.textField().text.includes(" zqか"));
      await cdp.send("Input.insertText", { text: "火" });
      await page.waitForFunction(() => window.monotable.textField().text.includes(" zq火"));
      json = await builderJson(page);
      assert.equal(json.length, before.length + 4, "the composition left only its result: " + json);
      assert.ok(!json.includes("ka") && !json.includes("か"));
      await page.screenshot({ path: join(shots, `${prefix}-05-typed.png`) });
      // A tap elsewhere ends the edit: the textarea lets the focus go.
      // (On a phone the Request tab's own button: a tap on it ends the edit the same way.)
      const heading = await rectOf(page, "Run all");
      const tab = heading ? null : await rectOf(page, "Request##tab");
      if (heading) {
        await page.touchscreen.tap(heading.x - 40, heading.y + heading.h / 2);
      } else {
        await page.touchscreen.tap(center(tab).x, center(tab).y);
      }
      await page.waitForFunction(() => !window.monotable.textField().active);
      assert.notEqual(await page.evaluate(() => document.activeElement.id), "text-input");
    });

    test("two fingers are the browser's: a pinch zooms the page and clicks nothing", async () => {
      await showTab(page, "Items", "Tab##Orders/");
      const before = await stateOf(page);
      const at = await itemsPoint(page);
      const fingers = (d) => [{ x: at.x - d, y: at.y, id: 1 }, { x: at.x + d, y: at.y, id: 2 }];
      await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: fingers(30) });
      for (let i = 1; i <= 12; ++i) {
        await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: fingers(30 + i * 6) });
      }
      await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
      await page.waitForTimeout(300);
      const scale = await page.evaluate(() => window.visualViewport.scale);
      assert.ok(scale > 1.2, `the page zoomed (visual viewport scale ${scale})`);
      const after = await stateOf(page);
      assert.equal(after.history.entries, before.history.entries);
      assert.deepEqual(after.selected, before.selected);
    });
  });
}

phoneTests("a phone", {
  viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true,
}, "touch-phone");

phoneTests("a tablet", {
  viewport: { width: 820, height: 1180 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true,
}, "touch-tablet");

describe("the keyboard on a desktop", () => {
  let page;
  before(async () => {
    ({ page } = await open({ viewport: { width: 1440, height: 900 } }));
  });
  after(async () => {
    await page?.context().close();
  });

  test("? opens the help, Escape closes it", async () => {
    await page.mouse.move(700, 400);
    await page.keyboard.press("?");
    const dialog = page.getByRole("dialog", { name: "Keyboard and touch" });
    await dialog.waitFor({ state: "visible", timeout: 3000 });
    assert.ok(await dialog.getByText("Run the request").isVisible());
    assert.equal(await page.evaluate(() => document.activeElement.id), "help-close");
    await page.screenshot({ path: join(shots, "touch-desktop-01-help.png") });
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden", timeout: 3000 });
    assert.equal(await page.evaluate(() => window.monotable.help.isOpen), false);
  });

  test("typing with a physical keyboard yields exactly the typed text", async () => {
    const rect = await rectOf(page, "##json");
    await page.mouse.move(rect.x + rect.w / 2, rect.y + 20);
    await page.waitForTimeout(50);
    await page.mouse.click(rect.x + rect.w / 2, rect.y + 20);
    await page.waitForFunction(() => window.monotable.textField().active);
    await page.keyboard.press("Control+A");
    await page.waitForTimeout(100);
    const typed = '{"TableName": "Orders", "Key": {"PK": {"S": "C#c001"}, "SK": {"S": "PROFILE"}}}';
    await page.keyboard.type(typed);
    await page.waitForFunction((t) => window.monotable.textField().text === t, typed,
                               { timeout: 5000 }).catch(() => {});
    assert.equal(await builderJson(page), typed);
    await page.keyboard.type("xy");
    await page.keyboard.press("Backspace");
    await page.keyboard.press("Backspace");
    await page.waitForTimeout(200);
    assert.equal(await builderJson(page), typed, "Backspace deletes once per press");
    // Ctrl+Enter runs it.
    const before = (await stateOf(page)).history.entries;
    await page.keyboard.press("Control+Enter");
    const state = await waitForState(page, `return s.history.entries === ${before + 1}`, 3000);
    assert.equal(state.lastRequest.request.Key.SK.S, "PROFILE", "the typed request ran");
    await page.screenshot({ path: join(shots, "touch-desktop-02-typed.png") });
  });
});
