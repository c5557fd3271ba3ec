// The write fan-out on one screen (issue 17): after a write pattern runs, the Result panel shows
// the table's box and one box per index with the units of each hop. On a desktop (1280x800, by
// mouse) and a phone (390x844, isMobile, hasTouch, by tap; the Result tab): one box per index of
// Orders, no two boxes overlapping, all inside the viewport; the hops add up to the request's
// write units. With reduced motion emulated the first frame that draws the fan-out is its final
// state; without, that frame is mid-animation. Screenshots (mid-animation and final) go to
// tests/browser/screenshots/fanout-*.png to look at.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { openApp, settle, shots, useBrowser, waitForState } from "./launch.mjs";

const env = useBrowser();

const rectOf = (page, label) => page.evaluate((l) => window.monotable.widgetRect(l), label);
const stateOf = (page) => page.evaluate(() => window.monotable.state());
const center = (r) => ({ x: r.x + r.w / 2, y: r.y + r.h / 2 });

const overlap = (a, b) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

const kPhone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true,
                 deviceScaleFactor: 3 };
const kDesktop = { viewport: { width: 1280, height: 800 } };

// Presses `label` (a widget on the canvas) the way the device does: a tap on a phone, a click
// with the mouse on a desktop.
async function press(page, phone, label) {
  const r = await rectOf(page, label);
  assert.ok(r, `${label} is drawn`);
  const c = center(r);
  if (phone) await page.touchscreen.tap(c.x, c.y);
  else await page.mouse.click(c.x, c.y);
}

// Runs the access pattern `id` by its Run button: on a phone from the Patterns tab, the list
// dragged up by a finger (CDP's synthesized touch scroll) until the row is drawn.
async function runPattern(page, phone, id) {
  if (phone) await press(page, phone, "Patterns##tab");
  const label = `Run##${id}`;
  const cdp = phone ? await page.context().newCDPSession(page) : null;
  for (let i = 0; i < 30 && !(await rectOf(page, label)); ++i) {
    const all = await rectOf(page, "Run all");
    assert.ok(all, "the patterns list is drawn");
    const at = { x: Math.round(all.x + all.w / 2), y: Math.round(all.y + all.h + 200) };
    if (cdp) {
      await cdp.send("Input.synthesizeScrollGesture", { x: at.x, y: at.y, yDistance: -150,
                                                        gestureSourceType: "touch", speed: 600 });
    } else {
      await page.mouse.move(at.x, at.y);
      await page.mouse.wheel(0, 150);
    }
    await page.waitForTimeout(200);
  }
  const before = (await stateOf(page)).history.entries;
  await press(page, phone, label);
  return waitForState(page, `return s.history.entries === ${before + 1}`);
}

async function showResult(page, phone) {
  if (phone) await press(page, phone, "Result##tab");
}

for (const [name, options, pattern] of [
  ["desktop", kDesktop, "place-order"],
  ["phone", kPhone, "write-1-1-kb-item-indexed"],
]) {
  const phone = name === "phone";
  describe(`fan-out on the ${name}`, () => {
    test(`a write pattern shows one box per index, none overlapping (${name})`, async () => {
      const page = await env.newPage(options);
      try {
        await openApp(page, env.server.url + "?model=orders");
        await settle(page);
        const state = await runPattern(page, phone, pattern);
        assert.equal(state.ok, true, JSON.stringify(state.error));
        await showResult(page, phone);
        const s = await waitForState(page, "return s.fanout.shown && s.fanout.drawnSerial === s.fanout.serial");
        // The first frames after the write: mid-animation (looked at, not asserted: a loaded
        // machine may draw its first frame late).
        await page.screenshot({ path: join(shots, `fanout-${name}-mid.png`) });
        console.log(`${name}: progress at the first look ${s.fanout.progress}`);
        await waitForState(page, "return s.fanout.progress === 1");
        await settle(page, 2);
        await page.screenshot({ path: join(shots, `fanout-${name}-final.png`) });

        const final = await stateOf(page);
        const indexes = final.model.tables.find((t) => t.name === "Orders").indexes;
        const group = final.fanout.groups[0];
        assert.equal(group.table, "Orders");
        assert.deepEqual(group.indexes.map((i) => i.index), indexes.map((i) => i.name),
                         "one box per index, in the table's order");
        // The hops add up to the request's write units (the engine's figures).
        let units = 0;
        for (const g of final.fanout.groups) {
          units += g.writeUnits;
          for (const i of g.indexes) units += i.writeUnits;
        }
        assert.equal(units, final.effects.writeUnits);
        const viewport = page.viewportSize();
        const rects = [];
        for (const label of ["Fan-out: Orders", ...indexes.map((i) => `Fan-out: ${i.name}`)]) {
          const r = await rectOf(page, label);
          assert.ok(r, `${label} is drawn`);
          assert.ok(r.x >= 0 && r.x + r.w <= viewport.width + 0.5, `${label} fits across: ${JSON.stringify(r)}`);
          rects.push([label, r]);
        }
        for (let i = 0; i < rects.length; ++i) {
          for (let j = i + 1; j < rects.length; ++j) {
            assert.ok(!overlap(rects[i][1], rects[j][1]), `${rects[i][0]} and ${rects[j][0]} overlap`);
          }
        }
        assert.equal(final.fanout.narrow, phone, "stacked on the phone, side by side on the desktop");
        if (pattern === "write-1-1-kb-item-indexed") {
          // The seed's write table: a 1.1 KB item an index projects costs 2 WRU plus 2 on GSI1.
          assert.equal(group.writeUnits, 2);
          assert.equal(group.indexes.find((i) => i.index === "GSI1").writeUnits, 2);
        } else {
          assert.ok(final.fanout.groups.length > 1, "a transaction: one group per item");
          assert.equal(group.indexes.find((i) => i.index === "GSI2").action, "entry added");
        }
        // The text layer carries it in words.
        const text = await page.evaluate(() => window.monotable.text().result.fanout);
        assert.equal(text.groups[0].boxes.length, indexes.length + 1);
      } finally {
        await page.context().close();
      }
    });

    test(`with reduced motion the first frame is the final state (${name})`, async () => {
      const page = await env.newPage({ ...options, reducedMotion: "reduce" });
      try {
        await openApp(page, env.server.url + "?model=orders");
        await settle(page);
        await runPattern(page, phone, pattern);
        await showResult(page, phone);
        const s = await waitForState(page, "return s.fanout.shown && s.fanout.drawnSerial === s.fanout.serial");
        assert.equal(s.fanout.progress, 1, "no animation: the final state at once");
        await page.screenshot({ path: join(shots, `fanout-${name}-reduced.png`) });
      } finally {
        await page.context().close();
      }
    });
  });
}
