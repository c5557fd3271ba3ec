// The user's work is never lost: it is saved in IndexedDB as they work and restored on reload; a
// copied link restores exactly the same state in a fresh browser; a damaged link or a corrupt
// saved state shows a clear message and loses nothing (the blob is kept aside, the current work
// stays). Each test uses fresh browser contexts (empty storage) unless it says otherwise.
import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { openApp, shots, useBrowser } from "./launch.mjs";

const env = useBrowser();
const { newPage } = env;

// A user's edits: the Orders model, order 100043 shipped (it leaves GSI2), a request of their own in
// the builder and the GSI2 tab selected.
async function makeEdits(page) {
  await page.evaluate(async () => {
    const m = window.monotable;
    await m.loadModel("orders");
    const shipped = await m.run("UpdateItem", {
      TableName: "Orders", Key: { PK: { S: "C#c004" }, SK: { S: "O#2025-11-29#100043" } },
      UpdateExpression: "SET #s = :s, note = :n REMOVE GSI2PK, GSI2SK",
      ExpressionAttributeNames: { "#s": "status" },
      ExpressionAttributeValues: { ":s": { S: "shipped" }, ":n": { S: "left at the door" } } });
    if (!shipped.ok) throw new Error(JSON.stringify(shipped.error));
    await m.show("open-orders");
  });
  // The table view follows the query to GSI2 on the next frame.
  await page.waitForFunction(() => window.monotable.state().selected.index === "GSI2");
}

// What must survive: the item as written, the builder's request and the selected view.
async function snapshot(page) {
  return page.evaluate(async () => {
    const m = window.monotable;
    const s = m.state();
    const compact = JSON.parse(m.getState(true));
    const model = JSON.parse(m.exportModel());
    const item = model.items.Orders.find((i) => i.SK.S === "O#2025-11-29#100043");
    return { model: s.model.id, request: s.request, selected: s.selected, item, compact,
             items: s.model.tables[0].itemCount };
  });
}

async function readStore(page, key) {
  return page.evaluate((k) => new Promise((resolve, reject) => {
    const open = indexedDB.open("monotable", 1);
    open.onupgradeneeded = () => open.result.createObjectStore("kv");
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const tx = open.result.transaction("kv", "readonly");
      const store = tx.objectStore("kv");
      const request = k === "*" ? store.getAllKeys() : store.get(k);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    };
  }), key);
}

async function writeStore(page, key, value) {
  return page.evaluate(([k, v]) => new Promise((resolve, reject) => {
    const open = indexedDB.open("monotable", 1);
    open.onupgradeneeded = () => open.result.createObjectStore("kv");
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const tx = open.result.transaction("kv", "readwrite");
      tx.objectStore("kv").put(v, k);
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error);
    };
  }), [key, value]);
}

// The saved state's data-changing requests: "writes" (before the history) and the history's own
// writes up to its current entry (the browser saves the history, ui/app_state.cc).
function writesOf(state) {
  const writes = new Set(["PutItem", "UpdateItem", "DeleteItem", "BatchWriteItem",
                          "TransactWriteItems"]);
  const history = state.history || { entries: [], current: -1 };
  return state.writes.length + history.entries.filter(
    (e, i) => i <= history.current && writes.has(e.operation)).length;
}

async function waitForSave(page, predicate) {
  await page.waitForFunction(() => window.monotable.saved !== undefined);
  for (let i = 0; i < 40; ++i) {
    const record = await readStore(page, "state");
    if (record && predicate(JSON.parse(record.state))) return record;
    await page.waitForTimeout(250);
  }
  throw new Error("the state was never saved");
}

test("a reload restores the user's edits", async () => {
  const page = await newPage();
  await openApp(page, env.server.url);
  await makeEdits(page);
  const before = await snapshot(page);
  assert.equal(before.item.status.S, "shipped");
  assert.equal(before.selected.index, "GSI2");
  // Saved by itself (debounced), no explicit save.
  await waitForSave(page, (s) => writesOf(s) === 1 && s.request.label.startsWith("Open") &&
                             s.view.index === "GSI2");
  await page.reload();
  await page.waitForFunction(() => window.monotable !== undefined);
  await page.evaluate(() => window.monotable.ready);
  const after = await snapshot(page);
  assert.deepEqual(after, before);
  await page.waitForTimeout(300);
  await page.screenshot({ path: join(shots, "10-reload-restored.png") });
  await page.context().close();
});

test("a copied link restores the same state in a fresh page", async () => {
  const page = await newPage();
  await openApp(page, env.server.url);
  await makeEdits(page);
  const before = await snapshot(page);
  // The real button: Copy link in the top bar.
  await page.waitForTimeout(200);
  const rect = await page.evaluate(() => window.monotable.widgetRect("Copy link##share"));
  assert.ok(rect, "the Copy link button is drawn");
  await page.mouse.move(rect.x + rect.w / 2, rect.y + rect.h / 2);
  await page.waitForTimeout(50);
  await page.mouse.click(rect.x + rect.w / 2, rect.y + rect.h / 2);
  await page.waitForFunction(() => window.monotable.lastLink !== undefined);
  const link = await page.evaluate(() => window.monotable.lastLink);
  assert.match(link, /#state\/[A-Za-z0-9_-]+$/);
  assert.ok(link.length < 2000, `a built-in model with a few edits makes a short link (${link.length})`);
  await page.waitForTimeout(200);
  await page.screenshot({ path: join(shots, "11-link-copied.png") });
  await page.context().close();

  const fresh = await newPage();  // a new context: nothing saved there
  await openApp(fresh, link);
  const after = await snapshot(fresh);
  assert.deepEqual(after, before);
  assert.equal(new URL(fresh.url()).hash, "", "the fragment is dropped once opened");
  await fresh.context().close();
});

test("a damaged link shows an error and leaves the current work alone", async () => {
  const page = await newPage();
  await openApp(page, env.server.url);
  await makeEdits(page);
  const before = await snapshot(page);
  await waitForSave(page, (s) => writesOf(s) === 1 && s.view.index === "GSI2");
  const link = await page.evaluate(() => window.monotable.shareLink());
  for (const damaged of [link.slice(0, link.length - 25), env.server.url + "#state/%%%not-base64"]) {
    await page.goto("about:blank");
    await openApp(page, damaged);
    const notices = await page.evaluate(() => window.monotable.notices);
    assert.ok(notices.some((n) => n.kind === "error" && /link could not be opened/.test(n.text)),
              JSON.stringify(notices));
    assert.deepEqual(await snapshot(page), before, "the saved work is what shows");
    const text = await page.locator(".notice.error").first().textContent();
    assert.match(text, /Your current work was left as it is/);
  }
  await page.screenshot({ path: join(shots, "12-damaged-link.png") });
  // The same while the page is open: a damaged fragment does not touch the state.
  await page.evaluate(() => { window.location.hash = "#state/AAAA"; });
  await page.waitForFunction(() => window.monotable.notices.length >= 2);
  assert.deepEqual(await snapshot(page), before);
  await page.context().close();
});

test("a corrupt saved state shows an error, starts clean and keeps the blob", async () => {
  const page = await newPage();
  await openApp(page, env.server.url);
  const corrupt = { app: "monotable", formatVersion: 1, savedAt: "x", state: "{\"monotable\":" };
  await writeStore(page, "state", corrupt);
  await page.reload();
  await page.waitForFunction(() => window.monotable !== undefined);
  await page.evaluate(() => window.monotable.ready);
  const notices = await page.evaluate(() => window.monotable.notices);
  assert.ok(notices.some((n) => n.kind === "error" && /saved work could not be restored/.test(n.text)),
            JSON.stringify(notices));
  const state = await page.evaluate(() => window.monotable.state());
  assert.equal(state.model.id, "vaultcommerce", "the default model is loaded");
  const keys = await readStore(page, "*");
  const kept = keys.filter((k) => k.startsWith("kept/"));
  assert.equal(kept.length, 1, JSON.stringify(keys));
  assert.deepEqual(await readStore(page, kept[0]), corrupt, "the blob is kept as it was");
  await page.waitForTimeout(200);
  await page.screenshot({ path: join(shots, "13-corrupt-saved-state.png") });

  // A state from a newer monotable: not loaded, not dropped.
  const newer = { app: "monotable", formatVersion: 1, savedAt: "x",
                  state: JSON.stringify({ monotable: "state", formatVersion: 99, base: {} }) };
  await writeStore(page, "state", newer);
  await page.reload();
  await page.waitForFunction(() => window.monotable !== undefined);
  await page.evaluate(() => window.monotable.ready);
  const later = await page.evaluate(() => window.monotable.notices);
  assert.ok(later.some((n) => /newer monotable/.test(n.text)), JSON.stringify(later));
  const keys2 = await readStore(page, "*");
  assert.equal(keys2.filter((k) => k.startsWith("kept/")).length, 2);
  await page.context().close();
});

test("export and import of a model file", async () => {
  const page = await newPage();
  await openApp(page, env.server.url);
  await makeEdits(page);
  const exported = await page.evaluate(() => window.monotable.exportModel());
  const model = JSON.parse(exported);
  assert.equal(model.name, "Orders");
  await page.evaluate(() => window.monotable.loadModel("vaultcommerce"));
  // The file picker: the Import button opens it, the chosen file loads.
  const rect = await page.evaluate(() => window.monotable.widgetRect("Import##share"));
  const chooser = page.waitForEvent("filechooser");
  await page.mouse.move(rect.x + rect.w / 2, rect.y + rect.h / 2);
  await page.waitForTimeout(50);
  await page.mouse.click(rect.x + rect.w / 2, rect.y + rect.h / 2);
  await (await chooser).setFiles({ name: "orders.json", mimeType: "application/json",
                                   buffer: Buffer.from(exported) });
  await page.waitForFunction(() => window.monotable.state().model.name === "Orders");
  const item = await page.evaluate(() => window.monotable.run("GetItem", { TableName: "Orders",
    Key: { PK: { S: "C#c004" }, SK: { S: "O#2025-11-29#100043" } } }));
  assert.equal(item.response.Item.note.S, "left at the door", "the edits travel in the file");
  await page.context().close();
});

test("without IndexedDB the work is saved in localStorage and restored", async () => {
  const page = await newPage();
  await page.addInitScript(() => Object.defineProperty(window, "indexedDB", { value: undefined }));
  await openApp(page, env.server.url);
  await makeEdits(page);
  const before = await snapshot(page);
  await page.waitForFunction(() => {
    const text = localStorage.getItem("monotable:state");
    const state = text && JSON.parse(JSON.parse(text).state);
    const updates = state && state.history ?
      state.history.entries.filter((e) => e.operation === "UpdateItem").length : 0;
    return state && state.writes.length + updates === 1 && state.view.index === "GSI2";
  });
  await page.reload();
  await page.waitForFunction(() => window.monotable !== undefined);
  await page.evaluate(() => window.monotable.ready);
  assert.deepEqual(await snapshot(page), before);
  await page.context().close();
});
