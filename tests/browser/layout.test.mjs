// Layouts that fit: the playground (index.html) and the article's widgets (article.html) at 320 and
// 390 px (a phone: isMobile, hasTouch, deviceScaleFactor 3), 768 and 1280 px. Each is
// screenshotted (tests/browser/screenshots/4x-*.png, to look at) and checked from JS: the layout the
// app reports, the size and placement of real widgets (window.monotable.widgetRect), the embed
// iframes' heights against their content, and the article's hint for touch screens.
import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { openApp, settle, shots, useBrowser } from "./launch.mjs";

const kPhone = { deviceScaleFactor: 3, isMobile: true, hasTouch: true };
const kScreens = [
  { width: 320, height: 640, ...kPhone },
  { width: 390, height: 844, ...kPhone },
  { width: 768, height: 1024, deviceScaleFactor: 1 },
  { width: 1280, height: 800, deviceScaleFactor: 1 },
];
const kNarrowBelow = 760;  // ui/app.h kNarrowLayoutCssPx

const env = useBrowser();

// A page the size of `screen` (kScreens), in a fresh context.
async function newPage(screen) {
  const { width, height, ...rest } = screen;
  return env.newPage({ viewport: { width, height }, ...rest });
}

// Clicks the middle of a widget rectangle: move, a frame to see the hover, press, release. (How a
// tap reaches ImGui is the touch layer's business, tested with it; here the layout is.)
async function press(page, rect) {
  await page.mouse.move(rect.x + rect.w / 2, rect.y + rect.h / 2);
  await settle(page, 2);
  await page.mouse.down();
  await settle(page, 2);
  await page.mouse.up();
  await settle(page, 2);
}

function overlap(a, b) {
  const w = Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y);
  return w > 0.5 && h > 0.5;
}

async function rects(page, labels) {
  return page.evaluate((names) => Object.fromEntries(
      names.map((name) => [name, window.monotable.widgetRect(name)])), labels);
}

function assertApart(found, where) {
  const names = Object.keys(found).filter((name) => found[name]);
  for (let i = 0; i < names.length; ++i) {
    for (let j = i + 1; j < names.length; ++j) {
      assert.ok(!overlap(found[names[i]], found[names[j]]),
                `${where}: ${names[i]} ${JSON.stringify(found[names[i]])} overlaps ${names[j]} ` +
                JSON.stringify(found[names[j]]));
    }
  }
}

for (const screen of kScreens) {
  const narrow = screen.width < kNarrowBelow;

  test(`the playground at ${screen.width} px`, async () => {
    const page = await newPage(screen);
    try {
      await openApp(page, env.server.url + "index.html");
      await settle(page, 4);
      const state = await page.evaluate(() => window.monotable.state());
      assert.equal(state.layout.mode, narrow ? "narrow" : "desktop");
      assert.equal(state.layout.cssWidth, screen.width);
      assert.equal(state.devicePixelRatio, screen.deviceScaleFactor);
      await page.screenshot({ path: join(shots, `40-layout-index-${screen.width}.png`) });

      const top = narrow
        ? ["Menu"]
        : ["Model##orders", "Model##vaultcommerce", "##scale", "Reset", "Theme", "Menu",
           "Import##share", "Export##share", "Copy link##share"];
      const bar = await rects(page, top);
      for (const [name, rect] of Object.entries(bar)) {
        if (rect) assert.ok(rect.x >= 0 && rect.x + rect.w <= screen.width, `${name} is cut off`);
      }
      assertApart(bar, "top bar");
      if (!narrow) {
        // The bar's own controls are always in the row; the share buttons too at 1280.
        for (const name of ["Model##orders", "##scale", "Reset"]) assert.ok(bar[name], name);
        if (screen.width >= 1280) {
          assert.ok(bar["Copy link##share"] && bar.Theme && !bar.Menu, "the whole row at 1280");
        }
        return;
      }
      // A phone: the tab bar at the bottom, six touch targets side by side.
      const tabs = await rects(page, ["Patterns##tab", "Request##tab", "Result##tab", "Cost##tab",
                                      "Items##tab", "Tour##tab"]);
      assertApart(tabs, "tab bar");
      for (const [name, rect] of Object.entries(tabs)) {
        assert.ok(rect, `${name} is drawn`);
        assert.ok(rect.h >= 44, `${name} is ${rect.h} px tall`);
        assert.ok(rect.x >= 0 && rect.x + rect.w <= screen.width + 0.5, `${name} is cut off`);
        assert.ok(rect.y + rect.h <= screen.height + 0.5, `${name} is below the screen`);
      }
      assert.ok(bar.Menu.h >= 44, "the Menu button is a touch target");
      // The Text view button (DOM, over the canvas) sits at the top bar's right end, which the
      // app leaves free for it: it covers no control, no name and no tab, and it is a touch target.
      const box = await page.locator("#mt-text-toggle").boundingBox();
      const toggle = { x: box.x, y: box.y, w: box.width, h: box.height };
      assert.ok(toggle.h >= 44 && toggle.x + toggle.w <= screen.width, JSON.stringify(toggle));
      assert.ok(toggle.y + toggle.h <= bar.Menu.y + bar.Menu.h + 8, "the toggle is in the top bar");
      const named = await rects(page, ["monotable", "model name"]);
      assert.ok(named.monotable, "the title is drawn");
      for (const [name, rect] of Object.entries({ ...bar, ...named, ...tabs })) {
        if (rect) assert.ok(!overlap(toggle, rect), `the Text view button covers ${name}`);
      }
      await press(page, tabs["Request##tab"]);
      await page.waitForFunction(() => window.monotable.state().layout.tab === "request");
      await settle(page);
      const buttons = await rects(page, ["Run request", "AWS CLI", "boto3", "JS SDK v3"]);
      assert.ok(buttons["Run request"], "the request panel is drawn");
      for (const [name, rect] of Object.entries(buttons)) {
        if (rect) assert.ok(!overlap(toggle, rect), `the Text view button covers ${name}`);
      }
      await press(page, tabs["Patterns##tab"]);
      await page.waitForFunction(() => window.monotable.state().layout.tab === "patterns");
      await settle(page);
      // A tap on a pattern's Run shows its result.
      const run = await page.evaluate(() =>
        window.monotable.widgetRect("Run##" + window.monotable.state().model.patterns[1].id));
      assert.ok(run && run.h >= 44, "a pattern's Run button is a touch target");
      await press(page, run);
      await page.waitForFunction(() => window.monotable.state().layout.tab === "result");
      await settle(page, 4);
      const header = await rects(page, ["Items", "JSON"]);
      assert.ok(header.Items && header.JSON, "the Result header's toggles are drawn");
      assertApart(header, "Result header");
      await page.screenshot({ path: join(shots, `41-layout-index-${screen.width}-result.png`) });
      // The menu holds the top bar's controls.
      await press(page, bar.Menu);
      await settle(page, 4);
      const menu = await rects(page, ["Model##orders", "Model##vaultcommerce", "x10##scale",
                                      "Reset", "Import##share", "Export##share",
                                      "Copy link##share", "Theme"]);
      for (const [name, rect] of Object.entries(menu)) {
        assert.ok(rect, `${name} is in the menu`);
        assert.ok(rect.h >= 44, `${name} is ${rect.h} px tall`);
      }
      assertApart(menu, "menu");
      await page.screenshot({ path: join(shots, `42-layout-index-${screen.width}-menu.png`) });
    } finally {
      await page.context().close();
    }
  });

  test(`the article at ${screen.width} px`, async () => {
    const page = await newPage(screen);
    try {
      await page.goto(env.server.url + "article.html");
      await page.waitForFunction(() => window.MonotableEmbed !== undefined);
      await page.evaluate(() => Promise.all(MonotableEmbed.clients().map((c) => c.ready)));
      // Every widget settles: one narrower than 760 px as tall as its stacked panels, a wider one
      // as the article asked.
      await page.waitForFunction((below) => MonotableEmbed.clients().every((c) => {
        const api = c.frame.contentWindow.monotable;
        const layout = api.state().layout;
        const box = c.frame.getBoundingClientRect();
        const stacked = box.width < below;
        if (layout.mode !== (stacked ? "embed-stacked" : "embed")) return false;
        return stacked ? Math.abs(box.height - api.contentHeight) <= 1 &&
                             Math.abs(layout.contentHeight - box.height) <= 1
                       : box.height === c.height;
      }), kNarrowBelow, { timeout: 60000, polling: 500 });
      const widgets = await page.evaluate(() => MonotableEmbed.clients().map((c) => {
        const api = c.frame.contentWindow.monotable;
        const box = c.frame.getBoundingClientRect();
        return {
          id: c.element.id,
          width: box.width,
          height: box.height,
          asked: c.height,
          layout: api.state().layout,
          bar: ["Reset", "Open in playground##share", "Run request", "Items", "JSON"]
                   .map((name) => [name, api.widgetRect(name)]),
          content: api.widgetRect("##content"),
          toggle: c.frame.contentDocument.getElementById("mt-text-toggle").getBoundingClientRect()
                      .toJSON(),
        };
      }));
      for (const w of widgets) {
        const stacked = w.width < kNarrowBelow;
        assert.equal(w.layout.mode, stacked ? "embed-stacked" : "embed", w.id);
        if (stacked) {
          // Taller than the article asked for: the panels are stacked, none squeezed.
          assert.ok(w.height > w.asked, `${w.id}: ${w.height} px tall`);
          // Its Text view button sits in the strip the widget leaves below its panels: over none
          // of them (the widget's content ends with that strip); 44 px tall on a touch screen.
          const t = { x: w.toggle.x, y: w.toggle.y, w: w.toggle.width, h: w.toggle.height };
          assert.ok((t.h >= 44 || !screen.hasTouch) && t.y + t.h <= w.height + 0.5, `${w.id}: toggle ${JSON.stringify(t)}`);
          for (const [name, rect] of w.bar) {
            if (rect) assert.ok(!overlap(t, rect), `${w.id}: the Text view button covers ${name}`);
          }
          assert.ok(w.content && w.content.y + w.content.h >= t.y + t.h, `${w.id}: strip`);
        }
        const found = Object.fromEntries(w.bar.filter(([, r]) => r));
        assert.ok(found.Reset, `${w.id}: Reset is drawn`);
        assertApart({ Reset: found.Reset, Open: found["Open in playground##share"] }, w.id);
        assertApart({ Items: found.Items, JSON: found.JSON }, w.id);
        for (const [name, rect] of Object.entries(found)) {
          assert.ok(rect.x >= 0 && rect.x + rect.w <= w.width + 0.5, `${w.id}: ${name} cut off`);
          if (stacked) assert.ok(rect.h >= 44, `${w.id}: ${name} is ${rect.h} px tall`);
        }
      }
      // The hint under the first widget fits the device: a button to tap on a touch screen.
      const hint = await page.evaluate(() => ({
        keys: getComputedStyle(document.querySelector(".caption .keys")).display,
        touch: getComputedStyle(document.querySelector(".caption .touch")).display,
      }));
      if (screen.isMobile) {
        assert.deepEqual(hint, { keys: "none", touch: "inline" });
      } else {
        assert.equal(hint.touch, "none");
      }
      // The hint as the reader sees it (a full-page capture drops the touch emulation's media
      // features, so it shows the desktop wording).
      await page.evaluate(() => document.querySelector(".caption").scrollIntoView({ block: "end" }));
      await page.screenshot({ path: join(shots, `44-layout-article-${screen.width}-hint.png`),
                              timeout: 120000 });
      await page.screenshot({ path: join(shots, `43-layout-article-${screen.width}.png`),
                              fullPage: true, scale: "css", timeout: 180000 });
    } finally {
      await page.context().close();
    }
  });
}
