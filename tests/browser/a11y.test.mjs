// Accessibility and the DOM text layer (web/text_layer.js): axe-core finds no serious or critical
// violation on the page, the widget and the article; every run is announced in words in an
// aria-live region; the result, the error and the cost arithmetic are DOM text a reader can
// select, copy and search; the tour steps from the DOM; the keyboard reaches and leaves the text
// view. Screenshots of the text view open at desktop width and on a phone (390 px) go to
// tests/browser/screenshots/ to look at.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { AxeBuilder } from "@axe-core/playwright";
import { dist, openApp, shots, useBrowser } from "./launch.mjs";

const kOpenOrders = {
  TableName: "Orders", IndexName: "GSI2", KeyConditionExpression: "GSI2PK = :open",
  ExpressionAttributeValues: { ":open": { S: "OPEN" } }, ScanIndexForward: true,
};
// A key condition on an attribute that is not the table's key: DynamoDB's ValidationException.
const kBadQuery = {
  TableName: "Orders", KeyConditionExpression: "status = :s",
  ExpressionAttributeValues: { ":s": { S: "placed" } },
};

const env = useBrowser();
const { newPage } = env;

// axe-core over the page and its frames; fails on serious and critical violations, listing them.
async function audit(page, name) {
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  const other = results.violations.filter((v) => !bad.includes(v));
  if (other.length) {
    console.log(`${name}: minor/moderate: ` + other.map((v) => `${v.id} (${v.impact})`).join(", "));
  }
  const describe = (v) => `${v.id} (${v.impact}): ${v.help}\n    ` +
    v.nodes.slice(0, 4).map((n) => n.target.join(" ") + " " + n.failureSummary).join("\n    ");
  assert.deepEqual(bad.map(describe), [], `${name}: serious or critical axe violations`);
  assert.ok(results.passes.length > 10, "axe ran its rules");
}

const announcement = (page) => page.locator("#mt-announce").innerText();

test("axe: the playground page, with the text view closed and open", async () => {
  const page = await newPage();
  await openApp(page, env.server.url + "?model=orders");
  await audit(page, "index.html");
  await page.evaluate((r) => window.monotable.run("Query", r), kOpenOrders);
  await page.click("#mt-text-toggle");
  await page.waitForSelector("#mt-items");
  await audit(page, "index.html, text view open");
  await page.evaluate(() => window.monotable.setTheme("light"));
  await audit(page, "index.html, light theme");
  await page.context().close();
});

test("axe: the embedded widget and the article with its four widgets", async () => {
  const page = await newPage();
  await page.setViewportSize({ width: 760, height: 440 });  // an article column
  await openApp(page, env.server.url + "embed.html?model=orders&pattern=open-orders");
  await audit(page, "embed.html");
  await page.screenshot({ path: join(shots, "45-embed-closed.png") });
  await page.click("#mt-text-toggle");
  await page.waitForSelector("#mt-items");
  await audit(page, "embed.html, text view open");
  await page.screenshot({ path: join(shots, "46-embed-text-view.png") });

  await page.goto(env.server.url + "article.html");
  await page.waitForFunction(() => window.MonotableEmbed !== undefined);
  await page.evaluate(() => Promise.all(MonotableEmbed.clients().map((c) => c.ready)));
  await audit(page, "article.html");
  await page.context().close();
});

test("a run through the JS API is announced in words in the live region", async () => {
  const page = await newPage();
  await openApp(page, env.server.url + "?model=orders");
  const region = page.locator("#mt-announce");
  assert.equal(await region.getAttribute("aria-live"), "polite");
  assert.equal(await region.getAttribute("role"), "status");
  const result = await page.evaluate((r) => window.monotable.run("Query", r), kOpenOrders);
  assert.equal(result.ok, true);
  const count = result.response.Count;
  await page.waitForTimeout(300);
  await page.screenshot({ path: join(shots, "44-text-view-closed.png") });  // the toggle
  await page.waitForFunction(() => /^Query on GSI2: /.test(
    document.getElementById("mt-announce").innerText));
  const text = await announcement(page);
  // Eventually consistent, the open orders fit in 4 KB: 0.5 RRU at $0.125 per million RRU.
  assert.match(text, new RegExp(`^Query on GSI2: ${count} items returned, ` +
                                `${result.response.ScannedCount} read, [\\d,]+ bytes, ` +
                                "0\\.5 RRU, \\$0\\.0625 per million$"));
  // The same request again is announced again (a new node: screen readers speak it twice).
  const before = await page.evaluate(() => document.querySelector("#mt-announce p"));
  await page.evaluate((r) => window.monotable.run("Query", r), kOpenOrders);
  await page.waitForFunction((old) => document.querySelector("#mt-announce p") !== old, before);
  // A failed request says its error.
  await page.evaluate((r) => window.monotable.run("Query", r), kBadQuery);
  await page.waitForFunction(() => /failed/.test(document.getElementById("mt-announce").innerText));
  assert.match(await announcement(page), /^Query on Orders failed: ValidationException: /);
  await page.context().close();
});

test("the error of a failed request is DOM text that can be selected and copied", async () => {
  const page = await newPage();
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"],
                                        { origin: env.server.url.replace(/\/$/, "") });
  await openApp(page, env.server.url + "?model=orders");
  const result = await page.evaluate((r) => window.monotable.run("Query", r), kBadQuery);
  assert.equal(result.ok, false);
  assert.equal(result.error.type, "ValidationException");
  await page.click("#mt-text-toggle");
  await page.waitForSelector("#mt-error-message");
  assert.equal(await page.locator("#mt-error .mt-error-type").innerText(), "ValidationException");
  assert.equal(await page.locator("#mt-error .mt-error-wire").innerText(),
               "__type: " + result.response.__type);
  const selected = await page.evaluate(() => {
    const range = document.createRange();
    range.selectNodeContents(document.getElementById("mt-error-message"));
    const selection = window.getSelection();
    selection.removeAllRanges();
    selection.addRange(range);
    return selection.toString();
  });
  assert.equal(selected, result.error.message);
  // Ctrl+C copies the selection itself: the key does not reach ImGui (which would put its own
  // text on the clipboard).
  await page.focus("#mt-text-title");
  await page.evaluate(() => {
    const range = document.createRange();
    range.selectNodeContents(document.getElementById("mt-error-message"));
    window.getSelection().removeAllRanges();
    window.getSelection().addRange(range);
  });
  await page.keyboard.press("Control+C");
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  assert.equal(copied, result.error.message);
  // Ctrl+F finds it: the text is in the page (window.find is what find-in-page searches).
  const found = await page.evaluate((m) => window.find(m.slice(0, 30)), result.error.message);
  assert.equal(found, true);
  await page.waitForTimeout(300);
  await page.screenshot({ path: join(shots, "43-text-view-error.png") });
  await page.context().close();
});

test("the result table holds the returned items' values; the cost lines are text", async () => {
  const page = await newPage();
  await openApp(page, env.server.url + "?model=orders");
  await page.click("#mt-text-toggle");
  const result = await page.evaluate((r) => window.monotable.run("Query", r), kOpenOrders);
  await page.waitForSelector("#mt-items");
  const table = await page.evaluate(() => {
    const t = document.getElementById("mt-items");
    return {
      headers: [...t.querySelectorAll("thead th")].map((th) => th.textContent),
      rows: [...t.querySelectorAll("tbody tr")].map((tr) =>
        [...tr.children].map((td) => td.textContent)),
    };
  });
  assert.equal(table.rows.length, result.response.Count);
  const col = (name) => table.headers.indexOf(name);
  assert.ok(col("PK") >= 0 && col("SK") >= 0 && col("GSI2PK") >= 0, table.headers.join(","));
  result.response.Items.forEach((item, i) => {
    assert.equal(table.rows[i][col("PK")], item.PK.S);
    assert.equal(table.rows[i][col("SK")], item.SK.S);
    assert.equal(table.rows[i][col("GSI2PK")], "OPEN");
  });
  assert.equal(await page.locator("#mt-counts").innerText(),
               `Count ${result.response.Count}, ScannedCount ${result.response.ScannedCount}`);
  // The capacity line the cost panel shows, with the engine's arithmetic.
  const line = result.effects.capacity.find((c) => c.index === "GSI2");
  const rows = await page.evaluate(() => [...document.querySelectorAll("#mt-capacity tbody tr")]
    .map((tr) => [...tr.children].map((td) => td.textContent)));
  assert.deepEqual(rows.find((r) => r[0] === "Orders / GSI2 (GSI)"),
                   ["Orders / GSI2 (GSI)", "0.5 RRU", line.arithmetic]);
  assert.equal(await page.locator("#mt-cost-headline").innerText(),
               "0.5 RRU, 0 WRU, $0.0625 per million");
  await page.waitForTimeout(300);
  await page.screenshot({ path: join(shots, "40-text-view-desktop.png") });
  await page.context().close();
});

test("the tour is DOM text and steps from the DOM, in step with the canvas", async () => {
  const page = await newPage();
  await openApp(page, env.server.url + "?model=orders");
  await page.click("#mt-text-toggle");
  await page.waitForSelector("#mt-tour-text");
  const first = await page.evaluate(() => window.monotable.text().tour);
  assert.equal(await page.locator("#mt-tour-step").innerText(), `Step 1 of ${first.count}`);
  assert.equal(await page.locator("#mt-tour-text").innerText(), first.text);
  await page.click("#mt-tour-next");
  await page.waitForFunction(() => /^Step 2 /.test(
    document.getElementById("mt-tour-step").innerText));
  const second = await page.evaluate(() => window.monotable.text().tour);
  assert.equal(second.step, 1);
  assert.equal(await page.locator("#mt-tour-title").innerText(), second.title);
  assert.match(await announcement(page), new RegExp(`^Tour step 2 of ${first.count}`));
  // The canvas's own Next (the tour panel's button) moves the text view with it.
  const next = await page.evaluate(() => window.monotable.widgetRect("Next"));
  assert.ok(next, "the tour panel's Next is on the canvas");
  await page.mouse.move(next.x + next.w / 2, next.y + next.h / 2);
  await page.waitForTimeout(50);
  await page.mouse.click(next.x + next.w / 2, next.y + next.h / 2);
  await page.waitForFunction(() => /^Step 3 /.test(
    document.getElementById("mt-tour-step").innerText));
  const third = await page.evaluate(() => window.monotable.text().tour);
  assert.equal(await page.locator("#mt-tour-text").innerText(), third.text);
  // Run this step on the first step that runs something: the run is announced and shown.
  let tour = third;
  for (let i = 0; !tour.runs && i < tour.count; ++i) {
    await page.click("#mt-tour-next");
    await page.waitForTimeout(50);
    tour = await page.evaluate(() => window.monotable.text().tour);
  }
  assert.ok(tour.runs, "some step runs a request");
  const entries = (await page.evaluate(() => window.monotable.state())).history.entries;
  await page.click("#mt-tour-run");
  await page.waitForFunction((n) => window.monotable.state().history.entries === n + 1, entries);
  await page.waitForFunction(() => / on /.test(document.getElementById("mt-announce").innerText));
  assert.equal(await page.locator("#mt-summary").innerText(), await announcement(page));
  await page.context().close();
});

test("the keyboard opens the text view, moves inside it and closes it", async () => {
  const page = await newPage();
  await openApp(page, env.server.url + "?model=orders");
  // The page starts with the canvas focused; Alt+Shift+T opens the view and focuses its title.
  assert.equal(await page.evaluate(() => document.activeElement.id), "canvas");
  await page.keyboard.press("Alt+Shift+T");
  await page.waitForFunction(() => document.activeElement.id === "mt-text-title");
  assert.equal(await page.getAttribute("#mt-text-toggle", "aria-expanded"), "true");
  // Tab moves through the view's buttons (GLFW cancels Tab on the window; not here).
  await page.keyboard.press("Tab");
  assert.equal(await page.evaluate(() => document.activeElement.textContent), "Full width");
  await page.keyboard.press("Tab");
  assert.equal(await page.evaluate(() => document.activeElement.textContent), "Close");
  const focusVisible = await page.evaluate(() =>
    getComputedStyle(document.activeElement).outlineStyle);
  assert.equal(focusVisible, "solid", "focus is visible");
  // Escape closes it and gives the focus back to the toggle.
  await page.keyboard.press("Escape");
  assert.equal(await page.evaluate(() => document.getElementById("mt-text").hidden), true);
  assert.equal(await page.evaluate(() => document.activeElement.id), "mt-text-toggle");
  // Beside the canvas on a wide screen: the canvas gives up the view's width while it is open.
  const widths = await page.evaluate(async () => {
    const closed = document.getElementById("canvas").getBoundingClientRect().width;
    window.monotable.textLayer.open();
    await new Promise((r) => requestAnimationFrame(r));
    const open = document.getElementById("canvas").getBoundingClientRect().width;
    const view = document.getElementById("mt-text").getBoundingClientRect();
    return { closed, open, viewLeft: view.left };
  });
  assert.ok(widths.open < widths.closed);
  assert.ok(Math.abs(widths.open - widths.viewLeft) <= 1, JSON.stringify(widths));
  await page.context().close();
});

test("on a phone the text view replaces the canvas and its buttons are 44 px", async () => {
  const page = await newPage({
    viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true,
  });
  await openApp(page, env.server.url + "?model=orders");
  await page.evaluate((r) => window.monotable.run("Query", r), kOpenOrders);
  const toggle = await page.locator("#mt-text-toggle").boundingBox();
  assert.ok(toggle.height >= 44 && toggle.width >= 44, JSON.stringify(toggle));
  await page.tap("#mt-text-toggle");
  await page.waitForSelector("#mt-items");
  const view = await page.locator("#mt-text").boundingBox();
  assert.equal(view.x, 0);
  assert.equal(view.width, 390);
  for (const id of ["mt-tour-next", "mt-text-title"]) {
    assert.ok(await page.locator("#" + id).isVisible(), id);
  }
  const next = await page.locator("#mt-tour-next").boundingBox();
  assert.ok(next.height >= 44, JSON.stringify(next));
  await page.waitForTimeout(300);
  await page.screenshot({ path: join(shots, "41-text-view-phone.png") });
  await page.locator("#mt-error-message, #mt-capacity").first().scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(shots, "42-text-view-phone-cost.png") });
  await page.context().close();
});

test("the single file monotable.html carries the text layer inline", () => {
  const html = readFileSync(join(dist, "monotable.html"), "utf-8");
  assert.ok(!html.includes('src="text_layer.js"') && !html.includes('href="text_layer.css"'));
  assert.ok(html.includes(readFileSync(join(dist, "text_layer.js"), "utf-8").slice(0, 2000)));
  assert.ok(html.includes("#mt-text-toggle {"));
});

test("the offline cache holds the text layer, so it works offline too", async () => {
  const page = await newPage();
  await openApp(page, env.server.url);
  const cached = await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    const names = (await caches.keys()).filter((n) => n.startsWith("monotable-"));
    const found = {};
    for (const file of ["text_layer.js", "text_layer.css"]) {
      for (const name of names) {
        // The worker's install fills its cache: wait for it.
        for (let i = 0; i < 100 && !found[file]; ++i) {
          found[file] = !!(await (await caches.open(name)).match(file));
          if (!found[file]) await new Promise((r) => setTimeout(r, 100));
        }
      }
    }
    return found;
  });
  assert.deepEqual(cached, { "text_layer.js": true, "text_layer.css": true });
  await page.context().close();
});
