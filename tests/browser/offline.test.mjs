// Static hosting and offline: after a first visit the site loads with its server stopped (the
// service worker's cache), under a sub-path as well as at the root; the single file
// dist/monotable.html works straight from file:// with nothing else around it, weighs at most 1 MB
// gzipped (the wasm inside is compressed) and says so plainly where the browser cannot unpack it.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { copyFileSync, cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from
  "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";
import { dist, launch, openApp, serve, shots } from "./launch.mjs";


let browser;

before(async () => {
  browser = await launch();
});

after(async () => {
  await browser?.close();
});

test("with the server stopped after a first visit the site still loads", async () => {
  // The site under a sub-path (/<dist folder's name>/...): every URL it uses is relative.
  const root = join(dist, "..");
  const sub = basename(dist);
  const server = await serve(root);
  const url = server.url + sub + "/";
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await openApp(page, url);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    // The first visit's worker takes over this page (it has no older one to wait for).
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) =>
        navigator.serviceWorker.addEventListener("controllerchange", resolve, { once: true }));
    }
  });
  const cached = await page.evaluate(async () => {
    const names = await caches.keys();
    const cache = await caches.open(names.find((n) => n.startsWith("monotable-")));
    return (await cache.keys()).map((r) => new URL(r.url).pathname);
  });
  for (const file of ["app.wasm", "app.js", "embed.html", "examples/orders.json",
                      "article.html"].map((name) => `/${sub}/${name}`)) {
    assert.ok(cached.includes(file), `${file} is cached: ${cached.join(" ")}`);
  }
  await server.close();
  // Offline now: nothing answers on that port.
  await page.reload();
  await page.waitForFunction(() => window.monotable !== undefined);
  await page.evaluate(() => window.monotable.ready);
  const result = await page.evaluate(() => window.monotable.loadModel("orders"));
  assert.equal(result.model.id, "orders");
  // The article and its widgets too.
  const article = await context.newPage();
  await article.goto(url + "article.html");
  await article.waitForFunction(() => window.MonotableEmbed && MonotableEmbed.clients().length >= 2);
  await article.evaluate(() => MonotableEmbed.clients()[0].ready);
  await article.screenshot({ path: join(shots, "20-offline-article.png") });
  await context.close();
});

test("the single file works from file://", async () => {
  const folder = mkdtempSync(join(tmpdir(), "monotable-single-"));
  try {
    // Alone in a folder: it needs nothing next to it.
    copyFileSync(join(dist, "monotable.html"), join(folder, "monotable.html"));
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const errors = [];
    page.on("pageerror", (error) => errors.push(error.message));
    await openApp(page, pathToFileURL(join(folder, "monotable.html")).href + "?model=orders");
    const result = await page.evaluate(() => window.monotable.run("Query", { TableName: "Orders",
      IndexName: "GSI2", KeyConditionExpression: "GSI2PK = :o",
      ExpressionAttributeValues: { ":o": { S: "OPEN" } } }));
    assert.equal(result.ok, true);
    assert.ok(result.response.Count > 0);
    // The engine unpacked from the file loads a model too (CreateTable + BatchWriteItem inside).
    const loaded = await page.evaluate(() => window.monotable.loadModel("vaultcommerce"));
    assert.equal(loaded.model.id, "vaultcommerce");
    assert.ok(loaded.model.tables[0].itemCount > 0);
    assert.deepEqual(errors, []);
    await page.waitForTimeout(300);
    await page.screenshot({ path: join(shots, "21-single-file.png") });
    await page.close();
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});

test("the single file is at most 1 MB gzipped (issue 7: the whole page)", () => {
  const html = readFileSync(join(dist, "monotable.html"));
  const gzipped = gzipSync(html, { level: 9 }).length;
  assert.ok(gzipped <= 1048576, `monotable.html is ${gzipped} bytes gzipped`);
  // Served without compression (opened from a disk, a mail attachment) it is not much more.
  assert.ok(html.length <= 1.5 * 1048576, `monotable.html is ${html.length} bytes`);
});

test("a browser that cannot unpack the single file's engine gets a clear error", async () => {
  const folder = mkdtempSync(join(tmpdir(), "monotable-single-"));
  try {
    copyFileSync(join(dist, "monotable.html"), join(folder, "monotable.html"));
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.addInitScript(() => {
      delete window.DecompressionStream;
    });
    await page.goto(pathToFileURL(join(folder, "monotable.html")).href);
    const message = page.locator("#loading.error #loading-text");
    await message.waitFor();
    assert.match(await message.textContent(), /cannot unpack the engine.*recent browser/);
    await page.screenshot({ path: join(shots, "23-single-file-no-decompression.png") });
    await page.close();
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});

test("a new version is picked up cleanly: offered, then swapped in, the old cache deleted", async () => {
  const folder = mkdtempSync(join(tmpdir(), "monotable-update-"));
  try {
    cpSync(dist, folder, { recursive: true });
    const server = await serve(folder);
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await openApp(page, server.url);
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.waitForFunction(() => !!navigator.serviceWorker.controller);
    const oldCaches = await page.evaluate(() => caches.keys());
    // A new build: the worker's build hash changes.
    const sw = readFileSync(join(folder, "sw.js"), "utf8");
    writeFileSync(join(folder, "sw.js"), sw.replace(/const kBuild = "([^"]*)"/, 'const kBuild = "$1-next"'));
    await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r.update()));
    await page.locator(".notice.update button", { hasText: "Reload" }).waitFor();
    assert.deepEqual(await page.evaluate(() => caches.keys()).then((k) => k.length >= 2), true,
                     "the new version is cached beside the old one while the page runs");
    await page.waitForTimeout(200);
    await page.screenshot({ path: join(shots, "22-update-offered.png") });
    const reloaded = page.waitForEvent("load");
    await page.locator(".notice.update button", { hasText: "Reload" }).click();
    await reloaded;
    await page.waitForFunction(() => window.monotable !== undefined);
    await page.evaluate(() => window.monotable.ready);
    const names = await page.evaluate(async () => {
      // The old caches go when the new worker activates.
      for (let i = 0; i < 50; ++i) {
        const keys = await caches.keys();
        if (keys.length === 1) return keys;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      return caches.keys();
    });
    assert.equal(names.length, 1);
    assert.ok(names[0].endsWith("-next") && !oldCaches.includes(names[0]), names.join(" "));
    await context.close();
    await server.close();
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});
