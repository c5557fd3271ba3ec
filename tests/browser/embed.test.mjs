// Embedding: the article page's widgets load and answer the host-page API (each its own engine),
// send result and effects events, and ignore messages from origins the embedder did not allow.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { dist, openApp, serve, shots, useBrowser } from "./launch.mjs";

const here = dirname(fileURLToPath(import.meta.url));

// A page from another origin that tries to drive the first widget of the page framing it.
const kEvil = `<!doctype html><script>
  const target = window.parent.frames[0];
  for (const method of ["run", "reset", "loadModel"]) {
    target.postMessage({ type: "monotable:call", callId: "evil-" + method, method,
      args: method === "run" ? ["DeleteItem", { TableName: "Orders",
        Key: { PK: { S: "C#c001" }, SK: { S: "PROFILE" } } }] : ["vaultcommerce"] }, "*");
  }
  document.title = "sent";
</script>`;

const env = useBrowser();
let evil;
let page;

before(async () => {
  evil = await serve(dist, { pages: { "/evil.html": kEvil } });  // another port: another origin
  page = await env.newPage({ viewport: { width: 1200, height: 900 } });
  await page.goto(env.server.url + "article.html");
  await page.waitForFunction(() => window.MonotableEmbed !== undefined);
});

after(async () => {
  await evil?.close();
});

test("the article's widgets load and answer the host-page API", async () => {
  const ids = await page.evaluate(() =>
    Promise.all(MonotableEmbed.clients().map((c) => c.ready.then(() => c.element.id))));
  assert.deepEqual(ids, ["widget-recent", "widget-by-id", "widget-open", "widget-size"]);
  const answers = await page.evaluate(async () => {
    const recent = MonotableEmbed.get(document.getElementById("widget-recent"));
    const byId = MonotableEmbed.get(document.getElementById("widget-by-id"));
    const events = [];
    recent.on("result", (r) => events.push(["result", r.operation, r.ok]));
    recent.on("effects", (e) => events.push(["effects", e.readUnits]));
    const a = await recent.run("GetItem", { TableName: "Orders",
      Key: { PK: { S: "C#c001" }, SK: { S: "PROFILE" } } });
    const b = await byId.state();
    await new Promise((resolve) => setTimeout(resolve, 500));  // events come with the next frame
    return { a, b, events };
  });
  assert.equal(answers.a.ok, true);
  assert.ok(answers.a.response.Item, "the profile is returned");
  assert.equal(answers.a.effects.readUnits, 0.5);
  // The second widget opened with its own pattern (order by id on GSI1), already answered.
  assert.equal(answers.b.lastRequest.request.IndexName, "GSI1");
  assert.equal(answers.b.response.Count, 1);
  assert.deepEqual(answers.events, [["result", "GetItem", true], ["effects", 0.5]]);
  await page.screenshot({ path: join(shots, "30-article.png"), fullPage: true });
});

test("widgets are isolated: a write in one is not seen by another", async () => {
  const counts = await page.evaluate(async () => {
    const open = MonotableEmbed.get(document.getElementById("widget-open"));
    const byId = MonotableEmbed.get(document.getElementById("widget-by-id"));
    const del = await open.run("DeleteItem", { TableName: "Orders",
      Key: { PK: { S: "C#c001" }, SK: { S: "PROFILE" } } });
    const here = await open.run("GetItem", { TableName: "Orders",
      Key: { PK: { S: "C#c001" }, SK: { S: "PROFILE" } } });
    const there = await byId.run("GetItem", { TableName: "Orders",
      Key: { PK: { S: "C#c001" }, SK: { S: "PROFILE" } } });
    const reset = await open.reset();
    return { del: del.ok, here: !!here.response.Item, there: !!there.response.Item,
             afterReset: reset.model.tables[0].itemCount };
  });
  assert.deepEqual(counts.del, true);
  assert.equal(counts.here, false);
  assert.equal(counts.there, true);
  assert.ok(counts.afterReset > 100);
});

test("the page's buttons drive a widget: place and ship an order", async () => {
  await page.locator("#widget-open").scrollIntoViewIfNeeded();
  await page.click("#place");
  await page.waitForFunction(() => /TransactWriteItems ok/.test(document.getElementById("log").textContent));
  await page.click("#ship");
  await page.waitForFunction(() => /UpdateItem ok/.test(document.getElementById("log").textContent));
  await page.waitForTimeout(400);
  await page.locator("#widget-open").screenshot({ path: join(shots, "31-article-driven.png") });
});

test("Open in playground opens the widget's state, as it is, in the full page", async () => {
  const frame = page.frames().find((f) => f.url().includes("widget=w2"));
  const element = await page.$("#widget-by-id iframe");
  await element.scrollIntoViewIfNeeded();
  const box = await element.boundingBox();
  const rect = await frame.evaluate(() => window.monotable.widgetRect("Open in playground##share"));
  assert.ok(rect, "the button is drawn");
  const opened = page.context().waitForEvent("page");
  await page.mouse.move(box.x + rect.x + rect.w / 2, box.y + rect.y + rect.h / 2);
  await page.waitForTimeout(50);
  await page.mouse.click(box.x + rect.x + rect.w / 2, box.y + rect.y + rect.h / 2);
  const full = await opened;
  await full.waitForFunction(() => window.monotable !== undefined);
  await full.evaluate(() => window.monotable.ready);
  const state = await full.evaluate(() => window.monotable.state());
  assert.equal(state.model.id, "orders");
  // The widget's builder as it is now: the GetItem its host page ran last (test 2).
  assert.equal(state.request.operation, "GetItem");
  assert.match(state.request.json, /C#c001/);
  assert.ok(/index\.html$|\/$/.test(new URL(full.url()).pathname), full.url());
  await full.close();
});

test("messages from an origin the embedder did not allow are ignored", async () => {
  const frame = page.frames().find((f) => f.url().includes("widget=w1"));
  assert.ok(frame, "the first widget's frame");
  const before = await frame.evaluate(() => window.monotable.state());
  // A frame from another origin inside the article sends calls to the first widget.
  await page.evaluate((src) => new Promise((resolve) => {
    const f = document.createElement("iframe");
    f.src = src;
    f.style.display = "none";
    f.onload = resolve;
    document.body.appendChild(f);
  }), evil.url + "evil.html");
  await frame.waitForFunction(() => window.monotable.ignoredMessages === 3);
  const after = await frame.evaluate(() => window.monotable.state());
  assert.equal(after.history.entries, before.history.entries, "no request ran");
  assert.equal(after.model.id, "orders", "no model was loaded");
  const profile = await page.evaluate(() => MonotableEmbed.clients()[0].run("GetItem", {
    TableName: "Orders", Key: { PK: { S: "C#c001" }, SK: { S: "PROFILE" } } }));
  assert.ok(profile.response.Item, "the item the message tried to delete is still there");
});

test("a widget that allows only another origin ignores this page", async () => {
  const result = await page.evaluate(async () => {
    const div = document.createElement("div");
    div.dataset.monotableModel = "orders";
    div.dataset.monotableAllowedOrigins = "https://example.com";
    document.querySelector("article").appendChild(div);
    const client = MonotableEmbed.mount(div);
    try {
      await client.call("state", [], 6000);
      return "answered";
    } catch (error) {
      return error.message;
    }
  });
  assert.match(result, /did not answer/);
});

test("embed.html alone: URL parameters pick the model, the request, the panels and the theme", async () => {
  const solo = await env.newPage({ viewport: { width: 900, height: 420 } });
  const request = JSON.stringify({ TableName: "Orders", KeyConditionExpression: "PK = :pk",
    ExpressionAttributeValues: { ":pk": { S: "O#100010" } } });
  await openApp(solo, env.server.url + "embed.html?model=orders&theme=light&panels=result,cost" +
                  "&operation=Query&request=" + encodeURIComponent(request));
  const state = await solo.evaluate(() => window.monotable.state());
  assert.equal(state.theme, "light");
  assert.equal(state.lastRequest.operation, "Query");
  assert.ok(state.response.Count > 0);
  await solo.waitForTimeout(300);
  await solo.screenshot({ path: join(shots, "32-embed-light.png") });
  await solo.context().close();
});
