// Measures the playground (not a test: figures for the record): the size of every file in dist/
// raw and gzipped, time to first frame of the page and of the embedded widget on a first visit
// (fresh browser profile) and a repeat visit (same profile: service worker and HTTP cache), loading
// a 100k-item Orders model, and the CPU time of a UI frame (NewFrame to Render) with those items in
// the table view, idle and while scrolling.
// Run: node tests/browser/measure.mjs (after scripts/build-web; MONOTABLE_DIST_DIR picks the dist).
import { readdirSync, readFileSync, statSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { join, relative } from "node:path";
import { dist, launch, serve } from "./launch.mjs";

function filesUnder(folder) {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}
console.log("| file | raw KB | gzip KB |\n|---|--:|--:|");
for (const path of filesUnder(dist).sort((a, b) => statSync(b).size - statSync(a).size)) {
  const bytes = readFileSync(path);
  console.log(`| ${relative(dist, path)} | ${(bytes.length / 1024).toFixed(1)} | ` +
              `${(gzipSync(bytes, { level: 9 }).length / 1024).toFixed(1)} |`);
}

// First and repeat visits: the page (index.html) and a widget (embed.html), three rounds each.
{
  const server = await serve(dist);
  const browser = await launch();
  for (const [name, path] of [["page", "?model=orders"],
                              ["embed", "embed.html?model=orders&pattern=open-orders"]]) {
    const rows = [];
    for (let round = 0; round < 3; ++round) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const visit = async () => {
        const page = await context.newPage();
        await page.goto(server.url + path);
        await page.waitForFunction(() => window.monotable !== undefined);
        await page.evaluate(() => window.monotable.ready);
        const t = await page.evaluate(() => window.monotable.timings);
        const controlled = await page.evaluate(() => !!navigator.serviceWorker.controller);
        await page.evaluate(() => navigator.serviceWorker.ready);  // cached for the next visit
        await page.close();
        return { ...t, controlled };
      };
      const first = await visit();
      const repeat = await visit();
      rows.push([first, repeat]);
      await context.close();
    }
    for (const [first, repeat] of rows) {
      console.log(`${name}: first visit: first frame ${first.firstFrameMs.toFixed(0)} ms ` +
                  `(wasm ${first.downloadMs.toFixed(0)} ms); repeat visit (service worker: ` +
                  `${repeat.controlled}): first frame ${repeat.firstFrameMs.toFixed(0)} ms ` +
                  `(wasm ${repeat.downloadMs.toFixed(0)} ms)`);
    }
  }
  await browser.close();
  await server.close();
}

const server = await serve(dist);
const browser = await launch();
const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
await page.goto(server.url + "?model=orders");
await page.waitForFunction(() => window.monotable !== undefined);
await page.evaluate(() => window.monotable.ready);
const timings = await page.evaluate(() => window.monotable.timings);
console.log(`wasm downloaded ${timings.downloadMs.toFixed(0)} ms, runtime ${timings.startMs.toFixed(0)} ms, ` +
            `first frame ${timings.firstFrameMs.toFixed(0)} ms (Orders x1 loaded)`);

async function sampleFrames(n, action) {
  const samples = [];
  for (let i = 0; i < n; ++i) {
    if (action) await action(i);
    await page.waitForTimeout(20);
    samples.push(await page.evaluate(() => window.monotable.frameMs()));
  }
  samples.sort((a, b) => a - b);
  const mean = samples.reduce((a, b) => a + b, 0) / n;
  return `median ${samples[n >> 1].toFixed(2)} ms, mean ${mean.toFixed(2)} ms, p95 ` +
         `${samples[Math.floor(n * 0.95)].toFixed(2)} ms`;
}
console.log(`frame, Orders x1 (779 items): ${await sampleFrames(40)}`);
const start = Date.now();
const state = await page.evaluate(() => window.monotable.loadModel("orders", 128));
const items = state.model.tables.reduce((n, t) => n + t.itemCount, 0);
console.log(`load Orders x128 (${items} items, generator + load + views): ${Date.now() - start} ms`);
console.log(`frame, ${items} items in the table view, idle: ${await sampleFrames(60)}`);
const table = await page.evaluate(() => window.monotable.widgetRect("Tab##Orders/"));
await page.mouse.move(table.x + 300, table.y + 200);
console.log(`frame, ${items} items, scrolling: ${await sampleFrames(60, () => page.mouse.wheel(0, 400))}`);
let t = Date.now();
await page.evaluate(() => window.monotable.run("Query", { TableName: "Orders", IndexName: "GSI2",
  KeyConditionExpression: "GSI2PK = :o", ExpressionAttributeValues: { ":o": { S: "OPEN" } } }));
console.log(`a Query with ${items} items loaded (engine + effects + re-marking views): ${Date.now() - t} ms`);
t = Date.now();
await page.evaluate(() => window.monotable.run("UpdateItem", { TableName: "Orders",
  Key: { PK: { S: "C#c001" }, SK: { S: "PROFILE" } }, UpdateExpression: "SET touched = :t",
  ExpressionAttributeValues: { ":t": { N: "1" } } }));
console.log(`a write with ${items} items loaded (engine + snapshot + rebuilding views): ${Date.now() - t} ms`);
const memory = await page.evaluate(() => performance.memory ? performance.memory.usedJSHeapSize : 0);
console.log(`JS heap in use: ${(memory / 1048576).toFixed(0)} MB`);
await browser.close();
await server.close();
