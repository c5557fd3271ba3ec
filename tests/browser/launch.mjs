// Starts Debian's Chromium headless with software WebGL (TOOLCHAIN.md's flags) through
// playwright-core, and a static server for dist/ on 127.0.0.1. Shared by the browser tests:
// useBrowser() is the before/after most test files need, settle() waits for frames.
import { createServer } from "node:http";
import { after, before } from "node:test";
import { mkdirSync, readFileSync, statSync } from "node:fs";
import { dirname, extname, join, normalize, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

// The built site (scripts/build-web; $MONOTABLE_DIST_DIR as there, else dist/) and where the tests
// put screenshots to look at (git-ignored).
export const dist = process.env.MONOTABLE_DIST_DIR
  ? resolve(process.env.MONOTABLE_DIST_DIR)
  : join(dirname(fileURLToPath(import.meta.url)), "..", "..", "dist");
export const shots = join(dirname(fileURLToPath(import.meta.url)), "screenshots");
mkdirSync(shots, { recursive: true });

const kTypes = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".wasm": "application/wasm",
  ".json": "application/json",
};

// Serves `root` on 127.0.0.1 at a free port (`port`: a fixed one, to serve the same origin
// again after a stop). `pages` maps extra paths to HTML text served from memory. Returns
// {url, port, close}.
export async function serve(root, { port = 0, pages = {} } = {}) {
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url, "http://x").pathname);
    if (Object.prototype.hasOwnProperty.call(pages, path)) {
      res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" }).end(pages[path]);
      return;
    }
    const file = normalize(join(root, path.endsWith("/") ? path + "index.html" : path));
    if (!file.startsWith(normalize(root))) {
      res.writeHead(403).end();
      return;
    }
    try {
      const body = readFileSync(file);
      res.writeHead(200, {
        "Content-Type": kTypes[extname(file)] || "application/octet-stream",
        "Content-Length": statSync(file).size,
      });
      res.end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  const sockets = new Set();
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}/`,
    port: server.address().port,
    // Stops at once: keep-alive connections are cut (a stopped server answers nothing).
    close: () => new Promise((resolve) => {
      server.close(resolve);
      for (const socket of sockets) socket.destroy();
    }),
  };
}

export async function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--enable-unsafe-swiftshader",
      "--use-angle=swiftshader",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      // playwright-core starts Chromium with a fresh, empty profile of its own.
    ],
  });
}

// Opens `url` in `page` and waits until window.monotable is ready.
export async function openApp(page, url) {
  await page.goto(url);
  await page.waitForFunction(() => window.monotable !== undefined);
  await page.evaluate(() => window.monotable.ready);
}

// The server for dist/ and the one Chromium of a test file: started before its tests and stopped
// after them (node:test `before` and `after`; call it at the top level of the file). Returns
// `env`, whose members are set once the tests run:
//   env.server   {url, port, close} (serve)
//   env.browser  the Browser (launch)
//   env.newPage(options)  a page in a fresh browser context (empty storage) that logs the
//                         page's errors; `options` are browser.newContext's, over a 1440x900
//                         viewport. Close it with page.context().close().
// A file's own `before` may call env.newPage: node 20 starts a top-level `before` as soon as it is
// declared, without waiting for the ones before it, so newPage waits for the start itself.
export function useBrowser() {
  let starting;
  const start = () =>
    (starting ??= (async () => {
      env.server = await serve(dist);
      env.browser = await launch();
    })());
  const env = {
    server: undefined,
    browser: undefined,
    async newPage(options = {}) {
      await start();
      const context = await env.browser.newContext({
        viewport: { width: 1440, height: 900 },
        ...options,
      });
      const page = await context.newPage();
      page.on("pageerror", (error) => console.log("page error:", error.message));
      return page;
    },
  };
  before(start);
  after(async () => {
    await env.browser?.close();
    await env.server?.close();
  });
  return env;
}

// Waits until the app has drawn `n` more frames (ImGui lays out over a frame or two).
export async function settle(page, n = 4) {
  const frames = await page.evaluate(() => window.monotable.state().frames);
  await page.waitForFunction((target) => window.monotable.state().frames >= target, frames + n);
}

// Waits until window.monotable.state() satisfies `predicate` (a function body over `s`) and
// returns that state; on a timeout, fails with the state it had (its model left out).
export async function waitForState(page, predicate, timeout = 15000) {
  try {
    await page.waitForFunction(
      (body) => new Function("s", body)(window.monotable.state()), predicate, { timeout });
  } catch (error) {
    const state = await page.evaluate(() => window.monotable.state());
    delete state.model;
    throw new Error(`state never satisfied "${predicate}": ${JSON.stringify(state).slice(0, 1200)}`);
  }
  return page.evaluate(() => window.monotable.state());
}
