// endpoint: the benchmark workload over HTTP, side by side against `monotable serve` and dynalite,
// with identical requests from one lightweight client (node http, keep-alive, fixed concurrency).
//
// For each target: load the same items (CreateTable + BatchWriteItem of 25, over HTTP), check that
// both targets answer every request of the workload with the same items and ConsumedCapacity
// (mismatches are reported, not hidden), then time each operation at a fixed concurrency:
// throughput, p50/p99 latency, the server's CPU time per operation (summed over its threads from
// /proc/<pid>/task/*/schedstat, nanoseconds; /proc/<pid>/stat's ticks as a cross-check) and its
// resident memory. A trivial server (one fixed answer, no work) gives the client's own ceiling.
// The floor targets (`floor`: epoll, `floor-uring`: io_uring, `floor-uring-plain`: io_uring without
// DEFER_TASKRUN) run tests/bench/floor_server.cc, which answers every request with one fixed
// GetItem-sized answer: the least CPU any HTTP server spends per request here. They are timed on
// every operation like a server but get no items and no answer comparison: they are not DynamoDBs.
//
// Servers bind 127.0.0.1 and are stopped by their own pid. Every loop is bounded in requests and
// time.
//
// usage: node endpoint.mjs --monotable BIN --dynalite CLI_JS --workload PREFIX
//          [--concurrency 8] [--seconds 2] [--max-requests 20000] [--out results.json]
//          [--targets monotable,dynalite,trivial,floor,floor-uring] [--ops get-item,scan-page]
//          [--floor FLOOR_SERVER_BIN]
// Targets monotable-batch and monotable-always are `monotable serve --data-dir` (a fresh temporary
// directory each, removed afterwards) with --fsync batch / always: the same server writing its log.
// PREFIX.model.json and PREFIX.ops.json come from `monotable_bench_lite --dump N PREFIX`.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import http from "node:http";
import { parseArgs } from "node:util";

const { values: args } = parseArgs({
  options: {
    monotable: { type: "string" },
    dynalite: { type: "string" },
    floor: { type: "string" },
    workload: { type: "string" },
    concurrency: { type: "string", default: "8" },
    seconds: { type: "string", default: "2" },
    "max-requests": { type: "string", default: "20000" },
    out: { type: "string" },
    targets: { type: "string", default: "monotable,dynalite,trivial" },
    "check-bodies": { type: "string", default: "40" },
    ops: { type: "string", default: "" },
  },
});
const kConcurrency = Number(args.concurrency);
const kSeconds = Number(args.seconds);
const kMaxRequests = Number(args["max-requests"]);
const kCheckBodies = Number(args["check-bodies"]);
const kTargets = args.targets.split(",");
const kClockTicks = 100; // USER_HZ on Linux

const model = JSON.parse(readFileSync(args.workload + ".model.json", "utf8"));
// Bodies are stored as JSON objects; the client sends each as the same compact text to every target.
const kOnly = args.ops ? args.ops.split(",") : null;
const ops = JSON.parse(readFileSync(args.workload + ".ops.json", "utf8"))
  .filter((op) => !kOnly || kOnly.includes(op.id))
  .map((op) => ({ ...op, bodies: op.bodies.map((b) => JSON.stringify(b)) }));
const createTable = model.tables[0];
const tableName = createTable.TableName;
const items = model.items[tableName];

// ---------- server processes ----------

function startProcess(command, argv, readyPattern, name) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, argv, { stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    const timer = setTimeout(() => {
      child.kill("SIGTERM");
      reject(new Error(`${name} did not start in 30 s: ${out}`));
    }, 30000);
    const onData = (d) => {
      out += d.toString();
      const m = out.match(readyPattern);
      if (m) {
        clearTimeout(timer);
        child.stdout.removeAllListeners("data");
        child.stderr.removeAllListeners("data");
        child.stdout.resume();
        child.stderr.resume();
        resolve({ child, pid: child.pid, port: Number(m[1]) });
      }
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    child.on("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited (${code}): ${out}`));
    });
  });
}

async function stopProcess(p) {
  if (!p) return;
  p.child.removeAllListeners("exit");
  const exited = new Promise((resolve) => p.child.once("exit", resolve));
  process.kill(p.pid, "SIGTERM");
  const timeout = new Promise((resolve) => setTimeout(() => resolve("timeout"), 5000));
  if ((await Promise.race([exited, timeout])) === "timeout") process.kill(p.pid, "SIGKILL");
}

// CPU time of a process in nanoseconds: the sum over its threads of schedstat's run time.
function cpuNs(pid) {
  let total = 0;
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      total += Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, "utf8").split(" ")[0]);
    } catch {
      // the thread ended between readdir and read: its time is in the process totals already lost
    }
  }
  return total;
}
// utime and stime from /proc/<pid>/stat, in nanoseconds (10 ms resolution): user code vs the
// kernel (network stack, scheduling).
function statCpu(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return { user: (Number(fields[11]) / kClockTicks) * 1e9, sys: (Number(fields[12]) / kClockTicks) * 1e9 };
}
function rssBytes(pid) {
  const m = readFileSync(`/proc/${pid}/status`, "utf8").match(/VmRSS:\s+(\d+) kB/);
  return m ? Number(m[1]) * 1024 : 0;
}

// ---------- the client ----------

// Both servers accept any credentials, but want a well-formed SigV4 Authorization header (dynalite
// checks its shape, monotable refuses unsigned requests like DynamoDB). Signatures are not
// verified by either, so one fixed header serves every request.
const kAmzDate = "20250101T000000Z";
const kAuthorization =
  "AWS4-HMAC-SHA256 Credential=AKIDBENCH/20250101/us-east-1/dynamodb/aws4_request, " +
  "SignedHeaders=content-type;host;x-amz-date;x-amz-target, Signature=" + "0".repeat(64);

function makeClient(port) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: kConcurrency });
  function call(operation, body) {
    const payload = Buffer.from(body);
    return new Promise((resolve, reject) => {
      const req = http.request(
        {
          host: "127.0.0.1",
          port,
          method: "POST",
          path: "/",
          agent,
          headers: {
            "Content-Type": "application/x-amz-json-1.0",
            "Content-Length": payload.length,
            "X-Amz-Target": "DynamoDB_20120810." + operation,
            "X-Amz-Date": kAmzDate,
            Authorization: kAuthorization,
          },
        },
        (res) => {
          const chunks = [];
          res.on("data", (c) => chunks.push(c));
          res.on("end", () =>
            resolve({ status: res.statusCode, body: Buffer.concat(chunks).toString("utf8") }));
          res.on("error", reject);
        });
      req.on("error", reject);
      req.end(payload);
    });
  }
  return { call, close: () => agent.destroy() };
}

async function mustCall(client, operation, body) {
  const r = await client.call(operation, typeof body === "string" ? body : JSON.stringify(body));
  if (r.status !== 200) throw new Error(`${operation}: HTTP ${r.status} ${r.body}`);
  return JSON.parse(r.body);
}

// CreateTable, wait until ACTIVE, then BatchWriteItem in chunks of 25 at the fixed concurrency
// (UnprocessedItems retried). Returns the load's wall time and the server's CPU time.
async function load(client, pid) {
  await mustCall(client, "CreateTable", createTable);
  for (let i = 0; i < 100; ++i) {
    const d = await mustCall(client, "DescribeTable", { TableName: tableName });
    const indexes = d.Table.GlobalSecondaryIndexes || [];
    if (d.Table.TableStatus === "ACTIVE" && indexes.every((g) => g.IndexStatus === "ACTIVE")) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  const chunks = [];
  for (let i = 0; i < items.length; i += 25) chunks.push(items.slice(i, i + 25));
  const cpu0 = cpuNs(pid);
  const t0 = process.hrtime.bigint();
  let next = 0;
  async function worker() {
    while (next < chunks.length) {
      let request = { [tableName]: chunks[next++].map((Item) => ({ PutRequest: { Item } })) };
      for (let attempt = 0; attempt < 50 && Object.keys(request).length; ++attempt) {
        const r = await mustCall(client, "BatchWriteItem", { RequestItems: request });
        request = r.UnprocessedItems || {};
      }
    }
  }
  await Promise.all(Array.from({ length: kConcurrency }, worker));
  const wallNs = Number(process.hrtime.bigint() - t0);
  return { items: items.length, wall_ms: wallNs / 1e6, server_cpu_ns_per_item: (cpuNs(pid) - cpu0) /
    items.length, items_per_s: items.length / (wallNs / 1e9) };
}

// Times one operation: `kConcurrency` workers issue its bodies (read operations round robin;
// ship-order pairs split between workers, each pair in order) for kSeconds or kMaxRequests.
async function timeOperation(client, pid, op) {
  const latencies = [];
  let errors = 0;
  let firstError = "";
  let sent = 0;
  const deadline = process.hrtime.bigint() + BigInt(Math.round(kSeconds * 1e9));
  const pairs = op.id === "ship-order";
  const cpu0 = pid ? cpuNs(pid) : 0;
  const stat0 = pid ? statCpu(pid) : null;
  const client0 = process.cpuUsage();
  const t0 = process.hrtime.bigint();
  async function one(body) {
    const s = process.hrtime.bigint();
    const r = await client.call(op.operation, body);
    latencies.push(Number(process.hrtime.bigint() - s));
    if (r.status !== 200) {
      ++errors;
      if (!firstError) firstError = `${r.status} ${r.body.slice(0, 200)}`;
    }
  }
  async function worker(w) {
    if (pairs) {
      // Worker w owns the pairs w, w + C, w + 2C, ... and cycles through them alone, so no two
      // workers ever ship or reopen the same order at once (every condition holds).
      const count = op.bodies.length / 2;
      if (w >= count) return;
      for (let p = w; ; p = p + kConcurrency < count ? p + kConcurrency : w) {
        if (sent >= kMaxRequests || process.hrtime.bigint() > deadline) return;
        sent += 2;
        await one(op.bodies[2 * p]);
        await one(op.bodies[2 * p + 1]);
      }
    }
    for (;;) {
      if (sent >= kMaxRequests || process.hrtime.bigint() > deadline) return;
      const body = op.bodies[sent++ % op.bodies.length];
      await one(body);
    }
  }
  await Promise.all(Array.from({ length: kConcurrency }, (_, w) => worker(w)));
  const wallNs = Number(process.hrtime.bigint() - t0);
  const clientCpu = process.cpuUsage(client0);
  const stat1 = pid ? statCpu(pid) : null;
  latencies.sort((a, b) => a - b);
  const n = latencies.length;
  const q = (p) => latencies[Math.min(n - 1, Math.floor(p * n))] / 1e3;
  return {
    requests: n,
    errors,
    first_error: firstError || undefined,
    throughput: n / (wallNs / 1e9),
    p50_us: q(0.5),
    p99_us: q(0.99),
    server_cpu_us: pid ? (cpuNs(pid) - cpu0) / n / 1e3 : null,
    server_user_us: pid ? (stat1.user - stat0.user) / n / 1e3 : null,
    server_sys_us: pid ? (stat1.sys - stat0.sys) / n / 1e3 : null,
    client_cpu_us: (clientCpu.user + clientCpu.system) / n,
  };
}

// ---------- comparing answers ----------

function canonical(v) {
  if (Array.isArray(v)) return v.map(canonical);
  if (v && typeof v === "object") {
    const out = {};
    for (const k of Object.keys(v).sort()) out[k] = canonical(v[k]);
    return out;
  }
  return v;
}
// What must agree between two answers. Scan order depends on each implementation's partition hash
// (DynamoDB's is not public), so a Scan page compares counts and capacity, not which items.
function comparable(op, response) {
  const r = canonical(response);
  const cc = r.ConsumedCapacity;
  const capacity = cc ? { TableName: cc.TableName, CapacityUnits: cc.CapacityUnits } : undefined;
  // (Their capacity differs with the items read, so it is not compared either.)
  if (op.operation === "Scan") return { Count: r.Count, ScannedCount: r.ScannedCount };
  if (op.operation === "UpdateItem") return { Attributes: r.Attributes, capacity };
  if (op.operation === "GetItem") return { Item: r.Item, capacity };
  return { Items: r.Items, Count: r.Count, ScannedCount: r.ScannedCount,
           LastEvaluatedKey: r.LastEvaluatedKey, capacity };
}

async function compare(clients) {
  const mismatches = [];
  let compared = 0;
  for (const op of ops) {
    const bodies = op.id === "ship-order"
      ? op.bodies.slice(0, 2 * Math.ceil(kCheckBodies / 2))
      : op.bodies.slice(0, kCheckBodies);
    for (let i = 0; i < bodies.length; ++i) {
      const answers = [];
      for (const c of clients) {
        const r = await c.client.call(op.operation, bodies[i]);
        answers.push({ name: c.name, status: r.status, body: r.body });
      }
      ++compared;
      const [a, b] = answers;
      let same = a.status === b.status;
      let detail = "";
      if (same && a.status === 200) {
        const ja = JSON.stringify(comparable(op, JSON.parse(a.body)));
        const jb = JSON.stringify(comparable(op, JSON.parse(b.body)));
        same = ja === jb;
        if (!same) detail = `${a.name}: ${ja.slice(0, 300)}\n    ${b.name}: ${jb.slice(0, 300)}`;
      } else if (!same) {
        detail = `${a.name}: ${a.status} ${a.body.slice(0, 200)}\n    ${b.name}: ${b.status} ${
          b.body.slice(0, 200)}`;
      }
      if (!same) mismatches.push({ op: op.id, body: i, detail });
    }
  }
  return { compared, mismatches };
}

// ---------- the trivial server: the client's own ceiling ----------

const kTrivialServer = `
const http = require("http");
const body = Buffer.from('{"Item":{"PK":{"S":"C#c001"},"SK":{"S":"PROFILE"}}}');
const s = http.createServer((req, res) => {
  req.on("data", () => {});
  req.on("end", () => {
    res.writeHead(200, {"Content-Type": "application/x-amz-json-1.0", "Content-Length": body.length});
    res.end(body);
  });
});
s.keepAliveTimeout = 60000;
s.listen(0, "127.0.0.1", () => console.log("trivial listening on " + s.address().port));
`;

// ---------- main ----------

const results = {
  date: new Date().toISOString(),
  node: process.version,
  concurrency: kConcurrency,
  seconds_per_op: kSeconds,
  items: items.length,
  targets: {},
};
const running = [];
process.on("exit", () => {
  for (const p of running) {
    try { process.kill(p.pid, "SIGKILL"); } catch { /* already gone */ }
  }
});

// The floor servers answer anything with a fixed body: nothing to load, nothing to compare.
function isFloor(name) {
  return name === "floor" || name === "floor-uring" || name === "floor-uring-plain";
}

const dataDirs = [];
async function startTarget(name) {
  if (name === "monotable") {
    return startProcess(args.monotable, ["serve", "--port", "0", "--quiet"],
      /listening on http:\/\/127\.0\.0\.1:(\d+)/, name);
  }
  if (name === "monotable-batch" || name === "monotable-always") {
    const dir = mkdtempSync(path.join(tmpdir(), "monotable-bench-"));
    dataDirs.push(dir);
    return startProcess(args.monotable, ["serve", "--port", "0", "--quiet", "--data-dir", dir,
      "--fsync", name.slice("monotable-".length)], /listening on http:\/\/127\.0\.0\.1:(\d+)/, name);
  }
  if (name === "dynalite") {
    return startProcess(process.execPath, [args.dynalite, "--port", "0", "--host", "127.0.0.1",
      "--createTableMs", "0", "--updateTableMs", "0", "--deleteTableMs", "0"],
      /listening at: http:\/\/[^:]+:(\d+)/, name);
  }
  if (isFloor(name)) {
    const mode = name === "floor" ? ["--epoll"] : name === "floor-uring" ? ["--io-uring"]
      : ["--io-uring", "--no-defer"];
    if (!args.floor) throw new Error(`target ${name} needs --floor BIN`);
    return startProcess(args.floor, [...mode, "--port", "0"],
      /listening on http:\/\/127\.0\.0\.1:(\d+)/, name);
  }
  return startProcess(process.execPath, ["-e", kTrivialServer], /trivial listening on (\d+)/,
    name);
}

const live = [];
for (const name of kTargets) {
  const p = await startTarget(name);
  running.push(p);
  const client = makeClient(p.port);
  const entry = { rss_idle_mb: rssBytes(p.pid) / 1048576, ops: {} };
  results.targets[name] = entry;
  if (isFloor(name)) {
    process.stderr.write(`endpoint: ${name} is pid ${p.pid} (for perf stat / strace -p)\n`);
    entry.note = "the floor: a fixed GetItem-sized answer to every request, not a DynamoDB " +
      "(no items loaded, answers not compared)";
  } else if (name !== "trivial") {
    process.stderr.write(`endpoint: loading ${items.length} items into ${name}\n`);
    entry.load = await load(client, p.pid);
    entry.rss_loaded_mb = rssBytes(p.pid) / 1048576;
  }
  live.push({ name, p, client });
}

const servers = live.filter((t) => t.name !== "trivial" && !isFloor(t.name));
if (servers.length === 2) {
  process.stderr.write("endpoint: comparing answers\n");
  results.comparison = await compare(servers);
}

for (const t of live) {
  const list = t.name === "trivial" ? ops.filter((op) => op.id === "get-item") : ops;
  for (const op of list) {
    process.stderr.write(`endpoint: ${t.name} ${op.id}\n`);
    t.entry = results.targets[t.name];
    results.targets[t.name].ops[op.id] = await timeOperation(t.client, t.p.pid, op);
  }
  results.targets[t.name].rss_end_mb = rssBytes(t.p.pid) / 1048576;
}

for (const t of live) {
  t.client.close();
  await stopProcess(t.p);
}
running.length = 0;
for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });

const text = JSON.stringify(results, null, 2);
if (args.out) writeFileSync(args.out, text + "\n");
else console.log(text);
