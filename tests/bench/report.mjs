// report: turns one scripts/bench results folder into side-by-side Markdown tables (printed, and
// written to DIR/report.md). Reads whatever is there: gbench.json (Google Benchmark, native),
// lite-native.jsonl and lite-wasm.jsonl (the small harness), endpoint.json and endpoint-200k.json
// (tests/bench/endpoint.mjs), page.json (tests/bench/page.mjs), machine.txt.
//
// usage: node report.mjs DIR
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const dir = process.argv[2];
const out = [];
const p = (s = "") => out.push(s);
const read = (name) => (existsSync(join(dir, name)) ? readFileSync(join(dir, name), "utf8") : null);
const json = (name) => {
  const t = read(name);
  return t ? JSON.parse(t) : null;
};
const lines = (name) => {
  const t = read(name);
  return t ? t.split("\n").filter((l) => l.startsWith("{")).map((l) => JSON.parse(l)) : [];
};
const fmt = (x, digits = 1) => {
  if (x === null || x === undefined || Number.isNaN(x)) return "–";
  if (Math.abs(x) >= 100) return Math.round(x).toLocaleString("en-US");
  return x.toFixed(digits);
};
const ratio = (a, b) => (a && b ? (a / b).toFixed(a / b >= 10 ? 0 : 1) + "x" : "–");
const kItemsLabel = (n) => (n >= 1e6 ? n / 1e6 + "M" : n >= 1e3 ? Math.round(n / 1e3) + "k" : n);

const kOps = [
  ["get-item", "GetItem (customer profile)"],
  ["recent-orders", "Query: a customer's 10 newest orders"],
  ["order-by-id", "Query GSI1: order by id"],
  ["open-orders", "Query GSI2: open orders oldest first, Limit 25"],
  ["ship-order", "UpdateItem: ship an order (leaves GSI2) / reopen"],
  ["put-order", "PutItem: save an order as it is (replace)"],
  ["query-filter", "Query with a filter (delivered orders)"],
  ["scan-page", "Scan: a page of 100 items"],
  ["baseline-get", "baseline: std::map find + copy"],
  ["baseline-range10", "baseline: std::map 10-item range scan"],
];

const machine = read("machine.txt");
if (machine) {
  p("Machine and load while measuring:");
  p();
  p("```");
  p(machine.trim());
  p("```");
  p();
}

// ---- Google Benchmark ----
const gb = json("gbench.json");
if (gb) {
  const by = {};
  const counts = new Set();
  for (const b of gb.benchmarks) {
    const [op, n] = b.name.split("/");
    const scale = { ns: 1e-3, us: 1, ms: 1e3 }[b.time_unit];
    by[op] = by[op] || {};
    by[op][n] = { cpu: b.cpu_time * scale, items: b.items };
    counts.add(n);
  }
  const ns = [...counts].sort((a, b) => a - b);
  p("### Engine in-process, native (Google Benchmark, CPU µs per operation)");
  p();
  p("| operation | " + ns.map((n) => kItemsLabel(Number(n)) + " items").join(" | ") + " |");
  p("|---|" + ns.map(() => "--:").join("|") + "|");
  for (const [id, title] of kOps) {
    if (!by[id]) continue;
    p(`| ${title} | ` + ns.map((n) => fmt(by[id][n]?.cpu, 2)).join(" | ") + " |");
  }
  if (by.load) {
    p("| load: CreateTable + BatchWriteItem (ms) | " +
      ns.map((n) => fmt(by.load[n]?.cpu / 1e3, 0)).join(" | ") + " |");
  }
  p();
  p("Engine over the std::map baseline (same keys, same item copies, no JSON):");
  p();
  p("| ratio | " + ns.map((n) => kItemsLabel(Number(n))).join(" | ") + " |");
  p("|---|" + ns.map(() => "--:").join("|") + "|");
  p("| GetItem / map find | " +
    ns.map((n) => ratio(by["get-item"]?.[n]?.cpu, by["baseline-get"]?.[n]?.cpu)).join(" | ") + " |");
  p("| 10-item Query / map range scan of 10 | " +
    ns.map((n) => ratio(by["recent-orders"]?.[n]?.cpu, by["baseline-range10"]?.[n]?.cpu))
      .join(" | ") + " |");
  p();
}

// ---- Native vs WebAssembly (small harness) ----
const native = lines("lite-native.jsonl");
const wasm = lines("lite-wasm.jsonl");
if (native.length || wasm.length) {
  const key = (r) => r.op + "/" + r.items;
  const nat = Object.fromEntries(native.map((r) => [key(r), r]));
  const was = Object.fromEntries(wasm.map((r) => [key(r), r]));
  const counts = [...new Set([...native, ...wasm].map((r) => r.items))].sort((a, b) => a - b);
  p("### Native and WebAssembly side by side (same harness and source; CPU µs per operation)");
  p();
  p("| operation | items | native | WebAssembly (node) | wasm / native |");
  p("|---|--:|--:|--:|--:|");
  for (const [id, title] of kOps) {
    for (const n of counts) {
      const a = nat[id + "/" + n];
      const b = was[id + "/" + n];
      if (!a && !b) continue;
      p(`| ${title} | ${kItemsLabel(n)} | ${fmt(a?.cpu_ns / 1e3, 2)} | ${fmt(b?.cpu_ns / 1e3, 2)} | ${
        ratio(b?.cpu_ns, a?.cpu_ns)} |`);
    }
  }
  p();
  p("### Load and memory");
  p();
  p("| items | load native (ms CPU) | load wasm (ms CPU) | native ns/item | engine bytes/item " +
    "native | engine bytes/item wasm | items alone as Items, native | DynamoDB bytes/item | " +
    "native / DynamoDB size |");
  p("|--:|--:|--:|--:|--:|--:|--:|--:|--:|");
  for (const n of counts) {
    const ln = nat["load/" + n];
    const lw = was["load/" + n];
    const mn = nat["memory/" + n];
    const mw = was["memory/" + n];
    const dyn = (mn || mw) ? (mn || mw).item_bytes / n : null;
    p(`| ${kItemsLabel(n)} | ${fmt(ln?.cpu_ns / 1e6, 0)} | ${fmt(lw?.cpu_ns / 1e6, 0)} | ${
      fmt(ln ? ln.cpu_ns / n : null, 0)} | ${fmt(mn ? mn.engine_bytes / n : null, 0)} | ${
      fmt(mw ? mw.engine_bytes / n : null, 0)} | ${fmt(mn?.model_bytes ? mn.model_bytes / n : null, 0)} | ${
      fmt(dyn, 1)} | ${
      ratio(mn?.engine_bytes, mn?.item_bytes)} |`);
  }
  p();
}

// ---- Endpoint ----
function endpointTables(e, label) {
  const names = Object.keys(e.targets);
  p(`### Endpoint: ${label} (${e.items.toLocaleString("en-US")} items, concurrency ${
    e.concurrency}, ${e.seconds_per_op} s per operation)`);
  p();
  const servers = names.filter((n) => n !== "trivial");
  // dynalite's server CPU over monotable's, when both ran (the floor targets are neither).
  const both = e.targets.monotable && e.targets.dynalite;
  const head = servers.map((n) => `${n} req/s | ${n} p50 ms | ${n} p99 ms | ${n} server CPU µs/op`);
  p("| operation | " + head.join(" | ") + (both ? " | CPU ratio dynalite / monotable |" : " |"));
  p("|---|" + servers.map(() => "--:|--:|--:|--:").join("|") + (both ? "|--:|" : "|"));
  for (const [id, title] of kOps) {
    if (!e.targets[servers[0]].ops[id]) continue;
    const cells = servers.map((n) => {
      const o = e.targets[n].ops[id];
      return o ? `${fmt(o.throughput, 0)} | ${fmt(o.p50_us / 1e3, 1)} | ${fmt(o.p99_us / 1e3, 1)} | ${
        fmt(o.server_cpu_us, 0)}${o.errors ? ` (${o.errors} errors)` : ""}` : "– | – | – | –";
    });
    const r = both
      ? " | " + ratio(e.targets.dynalite.ops[id]?.server_cpu_us,
                      e.targets.monotable.ops[id]?.server_cpu_us) : "";
    p(`| ${title} | ${cells.join(" | ")}${r} |`);
  }
  p();
  p("Server CPU split from /proc/<pid>/stat (user code / kernel, µs per operation, 10 ms ticks):");
  p();
  p("| operation | " + names.map((n) => `${n} user | ${n} kernel`).join(" | ") + " |");
  p("|---|" + names.map(() => "--:|--:").join("|") + "|");
  for (const [id, title] of kOps) {
    if (!names.some((n) => e.targets[n].ops[id])) continue;
    p(`| ${title} | ` + names.map((n) => {
      const o = e.targets[n].ops[id];
      return o ? `${fmt(o.server_user_us, 0)} | ${fmt(o.server_sys_us, 0)}` : "– | –";
    }).join(" | ") + " |");
  }
  p();
  if (e.targets.floor) {
    p("`floor` is tests/bench/floor_server.cc: the least any HTTP server does on this machine (frame " +
      "the request, send one fixed GetItem-sized answer), not a DynamoDB; see docs/benchmarks.md, " +
      "\"The kernel's floor\".");
    p();
  }
  if (e.targets.trivial) {
    const t = e.targets.trivial.ops["get-item"];
    p(`Client ceiling (the same client against a trivial node server answering one fixed item): ${
      fmt(t.throughput, 0)} req/s, p50 ${fmt(t.p50_us / 1e3, 1)} ms, client CPU ${
      fmt(t.client_cpu_us, 0)} µs/request, trivial server CPU ${fmt(t.server_cpu_us, 0)} µs/request.`);
    p();
  }
  p("| target | RSS idle MB | RSS loaded MB | RSS end MB | load items/s | load server CPU µs/item |");
  p("|---|--:|--:|--:|--:|--:|");
  for (const n of servers) {
    const t = e.targets[n];
    p(`| ${n} | ${fmt(t.rss_idle_mb)} | ${fmt(t.rss_loaded_mb)} | ${fmt(t.rss_end_mb)} | ${
      fmt(t.load?.items_per_s, 0)} | ${fmt(t.load ? t.load.server_cpu_ns_per_item / 1e3 : null, 1)} |`);
  }
  p();
  if (e.comparison) {
    const c = e.comparison;
    const byOp = {};
    for (const m of c.mismatches) byOp[m.op] = (byOp[m.op] || 0) + 1;
    p(`Answers compared: ${c.compared} requests sent to both; ${c.mismatches.length} differ` +
      (c.mismatches.length ? ` (${Object.entries(byOp).map(([k, v]) => `${k}: ${v}`).join(", ")})`
                           : "") + ".");
    const shown = new Set();
    for (const m of c.mismatches) {
      if (shown.has(m.op)) continue;
      shown.add(m.op);
      p();
      p("```");
      p(`${m.op} (request ${m.body}):\n    ${m.detail}`);
      p("```");
    }
    p();
  }
}
const ep = json("endpoint.json");
if (ep) endpointTables(ep, "monotable serve vs dynalite");
const ep2 = json("endpoint-large.json");
if (ep2) endpointTables(ep2, "monotable serve alone, larger table");

// ---- Page ----
const page = json("page.json");
if (page) {
  p("### Page");
  p();
  p("| file | raw KB | gzip KB |");
  p("|---|--:|--:|");
  for (const f of page.sizes.files) p(`| ${f.file} | ${fmt(f.raw / 1024)} | ${fmt(f.gzip / 1024)} |`);
  p(`| **total** | **${fmt(page.sizes.total.raw / 1024)}** | **${fmt(page.sizes.total.gzip / 1024)}** |`);
  p();
  const ff = page.firstFrame.map((r) => r.pageMs);
  p(`First frame (fresh context, local server, headless Chromium with software WebGL): ${
    ff.map((x) => fmt(x, 0) + " ms").join(", ")} (download done at ${
    page.firstFrame.map((r) => fmt(r.downloadMs, 0)).join(", ")} ms).`);
  p();
  if (page.singleFileFirstFrame?.length) {
    p(`The single file monotable.html from file://: first frame ${
      page.singleFileFirstFrame.map((r) => fmt(r.pageMs, 0) + " ms").join(", ")} (the inlined wasm ` +
      `unpacked at ${page.singleFileFirstFrame.map((r) => fmt(r.downloadMs, 0)).join(", ")} ms).`);
    p();
  }
  p("| items loaded | loadModel ms | frame CPU ms (median) | frame CPU ms (p90) | PutItem ms | " +
    "GetItem ms | Scan ms | longest frame gap of a Scan ms | Scan by Run request ms | its " +
    "longest frame gap ms | renderer RSS before MB | after MB | " +
    "Reset ms | after Reset MB |");
  p("|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|");
  for (const s of page.scaled) {
    p(`| ${(s.items || s.requestedItems).toLocaleString("en-US")} | ${fmt(s.loadMs, 0)} | ${
      fmt(s.frameMsMedian, 2)} | ${fmt(s.frameMsP90, 2)} | ${fmt(s.putItemMs, 1)} | ${
      fmt(s.getItemMs, 2)} | ${fmt(s.scanMs, 0)} | ${fmt(s.scanMaxFrameGapMs, 0)} | ${fmt(s.buttonScanMs, 0)} | ${
      fmt(s.buttonScanMaxFrameGapMs, 0)} | ${
      fmt(s.rendererRssBeforeMb, 0)} | ${fmt(s.rendererRssAfterMb, 0)} | ${
      fmt(s.resetMs, 0)} | ${fmt(s.rendererRssAfterResetMb, 0)} |`);
  }
  p("PutItem, GetItem and Scan: `monotable.run` in the page (the request and the views it " +
    "refreshes), median of three, after loading; a Scan's frame gap: the longest of the three, " +
    "from its start to the second frame after it. By Run request: the same Scan run by a mouse " +
    "click on the builder's button, from the press to its result drawn (median of three) and " +
    "the longest frame gap from the press to the second frame after it.");
  p();
  const t = page.throttled;
  if (t) {
    p(`With the CPU throttled ${t.rate}x (Chrome DevTools' Emulation.setCPUThrottlingRate), ` +
      "at 1280 x 800 and as a 390 x 844 touch phone:");
    p();
    p("| viewport | first frame ms (each run) | items loaded | loadModel ms | frame CPU ms " +
      "(median / p90 / max) | PutItem ms | GetItem ms | renderer RSS after MB |");
    p("|---|--:|--:|--:|--:|--:|--:|--:|");
    for (const s of t.scaled) {
      const ff = (t.firstFrame[s.viewport] || []).map((r) => fmt(r.pageMs, 0)).join(", ");
      p(`| ${s.viewport} | ${ff} | ${(s.items || s.requestedItems).toLocaleString("en-US")} | ${
        fmt(s.loadMs, 0)} | ${fmt(s.frameMsMedian, 1)} / ${fmt(s.frameMsP90, 1)} / ${
        fmt(s.frameMsMax, 1)} | ${fmt(s.putItemMs, 0)} | ${fmt(s.getItemMs, 1)} | ${
        fmt(s.rendererRssAfterMb, 0)} |`);
    }
    p();
  }
}

const text = out.join("\n") + "\n";
writeFileSync(join(dir, "report.md"), text);
process.stdout.write(text);
