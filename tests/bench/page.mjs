// page: the playground page's figures. Sizes of everything in dist/ raw and gzip (level 9), time to
// first frame in headless Chromium (software WebGL, a fresh browser context per run, so nothing is
// cached), the CPU time of one frame (window.monotable.frameMs(): the time the frame's code ran)
// with the Orders example scaled to about 100k items, and the renderer's memory with about 1M items
// (the renderer process's resident set, from /proc) after loading and again after a Reset. The single file (monotable.html, everything
// inlined) opened from file:// gets its own first-frame runs (singleFileFirstFrame). At each item
// count, a load a slice per frame (startLoad, the model menu's) beside a load at once (loadModel):
// how long each takes and the longest the page went without a frame (progressiveLoad).
// With --cpu-throttle N (Chrome DevTools' Emulation.setCPUThrottlingRate: N times slower, what
// DevTools offers as a mid-range phone's CPU) the first frame and, with the first of --items,
// the frame time, a write and a read and the tab's memory are measured again under throttling, at
// desktop width and as a 390 x 844 touch phone (results.throttled).
//
// usage: node page.mjs --dist DIR [--runs 3] [--items 100000,1000000] [--cpu-throttle 4]
//                      [--out results.json]
// playwright-core comes from tests/node_modules (scripts/setup); the static server and browser
// flags are the browser tests' (tests/browser/launch.mjs).
import { readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";

import { launch, serve } from "../browser/launch.mjs";

const { values: args } = parseArgs({
  options: {
    dist: { type: "string" },
    runs: { type: "string", default: "3" },
    items: { type: "string", default: "100000,1000000" },
    out: { type: "string" },
    "frame-samples": { type: "string", default: "60" },
    "cpu-throttle": { type: "string", default: "0" },
  },
});
const kRuns = Number(args.runs);
const kItemCounts = args.items.split(",").map(Number).filter((n) => n > 0);
// Items per unit of the generator's scale, measured (scale 128.37 gave 89,148 items: the scale-1
// example's 779 include fixed extras that do not scale).
const kItemsPerScale = 694;
const kCpuThrottle = Number(args["cpu-throttle"]);
const kDesktop = { viewport: { width: 1280, height: 800 } };
const kPhone = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true,
                 hasTouch: true };

function files(dir) {
  const out = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...files(path));
    else out.push(path);
  }
  return out;
}

function sizes(dist) {
  const rows = files(dist).map((path) => {
    const raw = readFileSync(path);
    return { file: relative(dist, path), raw: raw.length, gzip: gzipSync(raw, { level: 9 }).length };
  });
  rows.sort((a, b) => b.raw - a.raw);
  const total = rows.reduce((t, r) => ({ raw: t.raw + r.raw, gzip: t.gzip + r.gzip }),
    { raw: 0, gzip: 0 });
  return { files: rows, total };
}

// Resident memory of the renderer processes of the browser this script started (descendants of
// this node process whose command line says --type=renderer), in bytes.
function rendererRss(browserPid) {
  let total = 0;
  for (const pid of readdirSync("/proc").filter((p) => /^\d+$/.test(p))) {
    try {
      const cmd = readFileSync(`/proc/${pid}/cmdline`, "utf8");
      if (!cmd.includes("--type=renderer")) continue;
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (ppid !== browserPid && !isDescendant(ppid, browserPid)) continue;
      const m = readFileSync(`/proc/${pid}/status`, "utf8").match(/VmRSS:\s+(\d+) kB/);
      if (m) total += Number(m[1]) * 1024;
    } catch {
      // the process ended while we looked
    }
  }
  return total;
}
function isDescendant(pid, ancestor) {
  for (let i = 0; i < 10 && pid > 1; ++i) {
    if (pid === ancestor) return true;
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    pid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
  }
  return pid === ancestor;
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor(s.length / 2)] : null;
};

// Slows the page's CPU `rate` times (Chrome DevTools protocol).
async function throttle(page, rate) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate });
}

// Opens `url` in a fresh context with `options` (nothing cached; the CPU throttled `rate` times
// before the page loads, when rate > 1) and returns its timings up to the first frame.
async function firstFrame(url, options = kDesktop, rate = 0) {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  if (rate > 1) await throttle(page, rate);
  const t0 = Date.now();
  await page.goto(url);
  await page.waitForFunction(() => window.monotable !== undefined);
  await page.evaluate(() => window.monotable.ready);
  const outside = Date.now() - t0;
  const timings = await page.evaluate(() => window.monotable.timings);
  await context.close();
  return { pageMs: timings.firstFrameMs, downloadMs: timings.downloadMs, startMs: timings.startMs,
           navigationToReadyMs: outside };
}

// Loads the Orders example scaled to about `items` items in a fresh context with `options`
// (CPU throttled `rate` times after the page's first frame, when rate > 1), then measures frames,
// a write and a read, a Reset and the renderer's memory. `shot`: take a screenshot at the end.
async function measureScaled(items, options, rate, shot) {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  await page.goto(server.url);
  await page.waitForFunction(() => window.monotable !== undefined);
  await page.evaluate(() => window.monotable.ready);
  if (rate > 1) await throttle(page, rate);
  const before = browserPid ? rendererRss(browserPid) : null;
  const scale = items / kItemsPerScale;
  const t0 = Date.now();
  const state = await page.evaluate((s) => window.monotable.loadModel("orders", s), scale);
  const loadMs = Date.now() - t0;
  // Frame CPU: sample frameMs once per animation frame.
  const frames = await page.evaluate(async (n) => {
    const out = [];
    for (let i = 0; i < n; ++i) {
      await new Promise((r) => requestAnimationFrame(r));
      out.push(window.monotable.frameMs());
    }
    return out;
  }, Number(args["frame-samples"]));
  const after = browserPid ? rendererRss(browserPid) : null;
  // A write and a read as the playground runs them (monotable.run: the request, then the table
  // view, result and cost refreshed): a PutItem of a new customer profile, then a GetItem of
  // it, three times; the medians. A write refreshes the table view (section 8 of
  // docs/benchmarks.md), a read only re-marks it.
  const runs = await page.evaluate(async () => {
    const out = [];
    for (let i = 0; i < 3; ++i) {
      const key = { PK: { S: "C#bench" + i }, SK: { S: "PROFILE" } };
      let t = performance.now();
      const put = await window.monotable.run("PutItem",
        { TableName: "Orders", Item: { ...key, name: { S: "Bench " + i } } });
      const putMs = performance.now() - t;
      t = performance.now();
      const get = await window.monotable.run("GetItem", { TableName: "Orders", Key: key });
      out.push({ putMs, getMs: performance.now() - t, ok: put.ok && get.ok });
    }
    return out;
  });
  if (!runs.every((r) => r.ok)) throw new Error("PutItem/GetItem failed in the page");
  // A Scan as the playground runs it: a page of about 1 MB, whose result view is the largest a
  // request builds (docs/benchmarks.md section 17). Three, each timed, and the longest gap between
  // two animation frames from its start to the second frame after it: how long the page froze.
  const scans = await page.evaluate(async () => {
    const out = [];
    for (let i = 0; i < 3; ++i) {
      let last = performance.now();
      let maxGap = 0;
      let sampling = true;
      const sample = (t) => {
        maxGap = Math.max(maxGap, t - last);
        last = t;
        if (sampling) requestAnimationFrame(sample);
      };
      requestAnimationFrame(sample);
      await new Promise((r) => setTimeout(r, 100));
      const t = performance.now();
      const scan = await window.monotable.run("Scan", { TableName: "Orders" });
      const ms = performance.now() - t;
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      sampling = false;
      out.push({ ms, maxGap, ok: scan.ok });
    }
    return out;
  });
  if (!scans.every((r) => r.ok)) throw new Error("Scan failed in the page");
  // The same Scan by the Run request button, as a user runs it (the desktop layout, where the
  // builder is on screen; skipped where it is not): the request put in the builder
  // (monotable.show, which runs it once), then three mouse clicks, each timed from the press to
  // the result's words changing (monotable.textKey: the run done and drawn) and the longest
  // frame gap from the press to the second frame after that.
  await page.evaluate(() => window.monotable.show("", "Scan", { TableName: "Orders" }));
  await page.evaluate(() =>
    new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  const button = await page.evaluate(() => window.monotable.widgetRect("Run request"));
  const buttonScans = [];
  for (let i = 0; button && i < 3; ++i) {
    await page.evaluate(() => {
      const g = { last: performance.now(), maxGap: 0, sampling: true, pressedAt: 0,
                  key: window.monotable.textKey() };
      window.__mtButtonScan = g;
      window.addEventListener("pointerdown", () => { g.pressedAt = performance.now(); },
                              { capture: true, once: true });
      const sample = (t) => {
        if (g.pressedAt) g.maxGap = Math.max(g.maxGap, t - g.last);
        g.last = t;
        if (g.sampling) requestAnimationFrame(sample);
      };
      requestAnimationFrame(sample);
    });
    await page.waitForTimeout(100);
    await page.mouse.click(button.x + button.w / 2, button.y + button.h / 2);
    buttonScans.push(await page.evaluate(async () => {
      const g = window.__mtButtonScan;
      const deadline = performance.now() + 10000;
      while (window.monotable.textKey() === g.key && performance.now() < deadline) {
        await new Promise((r) => requestAnimationFrame(r));
      }
      const ms = performance.now() - g.pressedAt;
      const ran = window.monotable.textKey() !== g.key;
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      g.sampling = false;
      return { ms, maxGap: g.maxGap, ok: ran && window.monotable.state().response !== undefined };
    }));
  }
  if (!buttonScans.every((r) => r.ok)) throw new Error("Run request did not run the Scan");
  // Reset (the Model panel's button): the same example loaded again over the one held, so the
  // renderer's memory after it shows whether the previous engine, items or table view linger
  // (WebAssembly memory never shrinks: this is the high-water mark of holding one and building
  // the next). A few frames are drawn first so that the new table view exists.
  const t1 = Date.now();
  await page.evaluate(() => window.monotable.reset());
  const resetMs = Date.now() - t1;
  await page.evaluate(async () => {
    for (let i = 0; i < 10; ++i) await new Promise((r) => requestAnimationFrame(r));
  });
  const afterReset = browserPid ? rendererRss(browserPid) : null;
  const table = state.model && state.model.tables ? state.model.tables[0] : {};
  const row = {
    requestedItems: items,
    items: table.itemCount,
    loadMs,
    frameMsMedian: median(frames),
    frameMsP90: [...frames].sort((a, b) => a - b)[Math.floor(frames.length * 0.9)],
    frameMsMax: Math.max(...frames),
    rendererRssBeforeMb: before !== null ? before / 1048576 : null,
    rendererRssAfterMb: after !== null ? after / 1048576 : null,
    putItemMs: median(runs.map((r) => r.putMs)),
    getItemMs: median(runs.map((r) => r.getMs)),
    scanMs: median(scans.map((r) => r.ms)),
    scanMaxFrameGapMs: Math.max(...scans.map((r) => r.maxGap)),
    buttonScanMs: buttonScans.length ? median(buttonScans.map((r) => r.ms)) : null,
    buttonScanMaxFrameGapMs: buttonScans.length ? Math.max(...buttonScans.map((r) => r.maxGap))
                                                 : null,
    resetMs,
    rendererRssAfterResetMb: afterReset !== null ? afterReset / 1048576 : null,
  };
  if (shot) {
    await page.screenshot({ path: join(args.out ? args.out + ".png" : "page.png") });
  }
  await context.close();
  return row;
}

// The same load as the model menu does it (window.monotable.startLoad: a slice per frame with its
// progress drawn) beside the load at once (loadModel, which draws nothing until it returns): the
// longest gap between two animation frames while each runs is how long the page froze.
async function measureProgressiveLoad(items, options) {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  await page.goto(server.url);
  await page.waitForFunction(() => window.monotable !== undefined);
  await page.evaluate(() => window.monotable.ready);
  const scale = items / kItemsPerScale;
  const row = { requestedItems: items };
  for (const how of ["startLoad", "loadModel"]) {
    if (how === "loadModel") await page.evaluate(() => window.monotable.loadModel("vaultcommerce", 1));
    const figures = await page.evaluate(async ([method, s]) => {
      let last = performance.now();
      let maxGap = 0;
      let frames = 0;
      let sampling = true;
      const sample = (t) => {
        maxGap = Math.max(maxGap, t - last);
        last = t;
        ++frames;
        if (sampling) requestAnimationFrame(sample);
      };
      requestAnimationFrame(sample);
      await new Promise((r) => setTimeout(r, 50));
      const t0 = performance.now();
      const state = await window.monotable[method]("orders", s);
      const loadMs = performance.now() - t0;
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      sampling = false;
      return { loadMs, maxFrameGapMs: maxGap, frames, items: state.model.tables[0].itemCount };
    }, [how, scale]);
    row[how] = figures;
  }
  await context.close();
  return row;
}

const results = { date: new Date().toISOString(), sizes: sizes(args.dist), firstFrame: [],
                  singleFileFirstFrame: [], scaled: [] };
const server = await serve(args.dist);
const browser = await launch();
const browserPid = process.pid; // Chromium runs as our child: its renderers descend from us
try {
  for (let run = 0; run < kRuns; ++run) results.firstFrame.push(await firstFrame(server.url));

  // The single file from file:// (no server): the wasm is inlined, so downloadMs is the time to
  // have its bytes unpacked in memory.
  const single = join(args.dist, "monotable.html");
  for (let run = 0; run < kRuns && statSync(single, { throwIfNoEntry: false }); ++run) {
    results.singleFileFirstFrame.push(await firstFrame(pathToFileURL(single).href));
  }

  for (const items of kItemCounts) {
    const row = await measureScaled(items, kDesktop, 0,
                                    items === kItemCounts[kItemCounts.length - 1]);
    results.scaled.push(row);
  }

  results.progressiveLoad = [];
  for (const items of kItemCounts) {
    results.progressiveLoad.push(await measureProgressiveLoad(items, kDesktop));
  }

  // The same under CPU throttling: the first frame (a fresh context each run, throttled before
  // the page loads) and the scaled figures at the first item count, on a desktop and on a phone.
  if (kCpuThrottle > 1) {
    results.throttled = { rate: kCpuThrottle, firstFrame: { desktop: [], phone: [] }, scaled: [] };
    for (const [name, options] of [["desktop", kDesktop], ["phone", kPhone]]) {
      for (let run = 0; run < kRuns; ++run) {
        results.throttled.firstFrame[name].push(await firstFrame(server.url, options, kCpuThrottle));
      }
      if (kItemCounts.length) {
        const row = await measureScaled(kItemCounts[0], options, kCpuThrottle, false);
        results.throttled.scaled.push({ viewport: name, ...row });
      }
    }
  }
} finally {
  await browser.close();
  await server.close();
}

const text = JSON.stringify(results, null, 2);
if (args.out) writeFileSync(args.out, text + "\n");
else console.log(text);
