// Nothing a user does is lost on a reload at any moment: a write or a typed builder edit just
// before the reload is saved synchronously as the page goes away (pagehide, web/monotable.js);
// the history (with undo) and the last result come back; a link carries them when the user ticks
// "History in links"; the Export menu downloads NoSQL Workbench and CloudFormation files.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { openApp, settle, shots, useBrowser } from "./launch.mjs";

const env = useBrowser();
const { newPage } = env;

// Clicks the middle of a widget drawn in the last frames: move, a frame to hover, press, release.
async function click(page, label) {
  await settle(page, 2);
  const rect = await page.evaluate((l) => window.monotable.widgetRect(l), label);
  assert.ok(rect, `${label} is drawn`);
  await page.mouse.move(rect.x + rect.w / 2, rect.y + rect.h / 2);
  await settle(page, 2);
  await page.mouse.down();
  await settle(page, 1);
  await page.mouse.up();
  await settle(page, 2);
}

async function reload(page) {
  await page.reload();
  await page.waitForFunction(() => window.monotable !== undefined);
  await page.evaluate(() => window.monotable.ready);
}

const kNewItem = { TableName: "Orders", Item: { PK: { S: "C#saved" }, SK: { S: "PROFILE" },
                                                name: { S: "written just before a reload" } } };
const kNewKey = { TableName: "Orders", Key: { PK: { S: "C#saved" }, SK: { S: "PROFILE" } } };

async function getNew(page) {
  return page.evaluate(async (key) => (await window.monotable.run("GetItem", key)).response.Item,
                       kNewKey);
}

test("a reload 50 ms after a write finds it", async () => {
  const page = await newPage();
  await openApp(page, env.server.url);
  await page.evaluate(() => window.monotable.loadModel("orders"));
  await page.waitForTimeout(1200);  // the load itself saved: only the write below is new
  const put = await page.evaluate((item) => window.monotable.run("PutItem", item), kNewItem);
  assert.ok(put.ok, JSON.stringify(put.error));
  await page.waitForTimeout(50);
  await reload(page);
  const item = await getNew(page);
  assert.ok(item, "the write made 50 ms before the reload is there");
  assert.equal(item.name.S, "written just before a reload");
  // And a reload at once after a write (no wait at all), twice in a row.
  for (const name of ["again", "and again"]) {
    await page.evaluate(([item, n]) => {
      window.monotable.run("PutItem", { ...item, Item: { ...item.Item, name: { S: n } } });
    }, [kNewItem, name]);
    await reload(page);
    assert.equal((await getNew(page)).name.S, name);
  }
  await page.context().close();
});

test("a reload right after typing in the builder keeps the typed text", async () => {
  const page = await newPage();
  await openApp(page, env.server.url);
  await page.evaluate(() => window.monotable.loadModel("orders"));
  await page.waitForTimeout(800);
  await click(page, "##json");
  await page.waitForFunction(() => window.monotable.textField().active);
  await page.keyboard.press("Control+A");
  await settle(page, 2);
  const typed = '{"TableName": "Orders", "Key": {"PK": {"S": "C#c009"}}}';
  await page.keyboard.type(typed);
  await reload(page);  // no wait: the last characters may not have reached a frame yet
  const state = await page.evaluate(() => window.monotable.state());
  assert.equal(state.request.json, typed, "the builder shows what was typed");
  await page.context().close();
});

// Three requests (a write, a write, a read) and what a user sees of them.
async function makeHistory(page) {
  return page.evaluate(async ([item, key]) => {
    const m = window.monotable;
    await m.loadModel("orders");
    await m.run("UpdateItem", {
      TableName: "Orders", Key: { PK: { S: "C#c004" }, SK: { S: "O#2025-11-29#100043" } },
      UpdateExpression: "SET #s = :s", ExpressionAttributeNames: { "#s": "status" },
      ExpressionAttributeValues: { ":s": { S: "shipped" } } }, "ship 100043");
    await m.run("PutItem", item, "a new customer");
    await m.run("GetItem", key, "read it back");
  }, [kNewItem, kNewKey]);
}

async function seen(page) {
  return page.evaluate(() => {
    const s = window.monotable.state();
    return { history: s.history, response: s.response, lastRequest: s.lastRequest,
             session: s.session, items: s.model.tables[0].itemCount };
  });
}

// Undo through the History tab back to the first request: the PutItem's item goes away.
async function undoToFirst(page) {
  await click(page, "History");
  await click(page, "Undo to##1");
  const state = await page.evaluate(() => window.monotable.state());
  assert.equal(state.history.current, 0, "undo went back to request 1");
  const item = await page.evaluate(async (key) =>
    (await window.monotable.run("GetItem", key)).response.Item, kNewKey);
  assert.equal(item, undefined, "the PutItem is undone");
}

test("history, undo and the last result survive a reload", async () => {
  const page = await newPage();
  await openApp(page, env.server.url);
  await makeHistory(page);
  const before = await seen(page);
  assert.equal(before.history.entries, 3);
  assert.equal(before.response.Item.PK.S, "C#saved");
  await reload(page);
  assert.deepEqual(await seen(page), before, "the same history and last result");
  await settle(page, 4);
  await page.screenshot({ path: join(shots, "saving-01-history-restored.png") });
  await undoToFirst(page);
  await page.screenshot({ path: join(shots, "saving-02-undone-after-reload.png") });
  await page.context().close();
});

test("a link with history opens with it", async () => {
  const page = await newPage();
  await openApp(page, env.server.url);
  await makeHistory(page);
  const before = await seen(page);
  const plain = await page.evaluate(() => window.monotable.shareLink());
  // The share panel's option, ticked in the Export menu, then the real Copy link button.
  await click(page, "Export##share");
  await click(page, "History in links##share");
  await page.screenshot({ path: join(shots, "saving-03-export-menu.png") });
  await page.keyboard.press("Escape");
  await settle(page, 3);
  await click(page, "Copy link##share");
  await page.waitForFunction(() => window.monotable.lastLink !== undefined);
  const link = await page.evaluate(() => window.monotable.lastLink);
  assert.match(link, /#state\/[A-Za-z0-9_-]+$/);
  assert.ok(link.length > plain.length, "the history makes the link longer");
  assert.ok(link.length < 4000, `three requests on a built-in model stay short (${link.length})`);
  await page.context().close();

  const fresh = await newPage();
  await openApp(fresh, link);
  assert.deepEqual(await seen(fresh), before, "the link's page has the history and last result");
  await undoToFirst(fresh);
  await fresh.context().close();

  // Without the option the link has the data, not the history.
  const other = await newPage();
  await openApp(other, plain);
  const s = await seen(other);
  assert.equal(s.history.entries, 0);
  assert.equal(s.items, before.items);
  await other.context().close();
});

test("Export downloads NoSQL Workbench and CloudFormation files", async () => {
  const page = await newPage({ acceptDownloads: true });
  await openApp(page, env.server.url);
  await page.evaluate(() => window.monotable.loadModel("orders"));
  const tables = (await page.evaluate(() => window.monotable.state())).model.tables.map(
    (t) => t.name);
  async function download(row) {
    await click(page, "Export##share");
    const waiting = page.waitForEvent("download");
    await click(page, row);
    const file = await waiting;
    return { name: file.suggestedFilename(), text: await readFile(await file.path(), "utf8") };
  }
  const wb = await download("NoSQL Workbench##export");
  assert.equal(wb.name, "orders.workbench.json");
  const model = JSON.parse(wb.text);
  assert.equal(model.ModelMetadata.AWSService, "Amazon DynamoDB");
  assert.deepEqual(model.DataModel.map((t) => t.TableName), tables);
  assert.ok(model.DataModel[0].TableData.length > 10, "the items are in the file");

  const cfn = await download("CloudFormation##export");
  assert.equal(cfn.name, "orders.cfn.json");
  const template = JSON.parse(cfn.text);
  const resources = Object.values(template.Resources);
  assert.deepEqual(resources.map((r) => r.Type), tables.map(() => "AWS::DynamoDB::Table"));
  assert.deepEqual(resources.map((r) => r.Properties.TableName), tables);
  await page.context().close();

  // A phone: the formats are rows of the Menu.
  const phone = await newPage({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 3,
                                isMobile: true, hasTouch: true });
  await openApp(phone, env.server.url);
  await phone.evaluate(() => window.monotable.loadModel("orders"));
  await settle(phone, 4);
  const menu = await phone.evaluate(() => window.monotable.widgetRect("Menu"));
  await phone.touchscreen.tap(menu.x + menu.w / 2, menu.y + menu.h / 2);
  await settle(phone, 4);
  const exportRow = await phone.evaluate(() => window.monotable.widgetRect("Export##share"));
  await phone.touchscreen.tap(exportRow.x + exportRow.w / 2, exportRow.y + exportRow.h / 2);
  await settle(phone, 4);
  const row = await phone.evaluate(() => window.monotable.widgetRect("NoSQL Workbench##export"));
  assert.ok(row && row.h >= 44, "NoSQL Workbench is a touch target in the phone's menu");
  await phone.screenshot({ path: join(shots, "saving-04-phone-menu.png") });
  const waiting = phone.waitForEvent("download");
  await phone.touchscreen.tap(row.x + row.w / 2, row.y + row.h / 2);
  const file = await waiting;
  const phoneModel = JSON.parse(await readFile(await file.path(), "utf8"));
  assert.deepEqual(phoneModel.DataModel.map((t) => t.TableName), tables);
  await phone.context().close();
});
