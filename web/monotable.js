// monotable.js: starts the playground (app.js + app.wasm) on the page's canvas and exposes
// window.monotable, the page's contract with tests and host pages:
//   ready                    Promise, resolves once the first frames are drawn and a model is loaded
//   loadModel(nameOrModel, scale?)  built-in name ("Orders") or a model object / JSON text
//                            -> Promise of state()
//   run(operation, request)  -> Promise of {response, ok, error?, effects}
//   state()                  {model, selected, lastRequest, response, effects, ...}
//   widgetRect(label)        {x, y, w, h} in CSS pixels of a widget drawn in the last frame, or null
//   setTheme("dark"|"light"), timings {downloadMs, startMs, firstFrameMs}, lastCopied
// URL parameters: ?model=orders&scale=10&theme=light.
(function () {
  "use strict";
  const t0 = performance.now();
  const params = new URLSearchParams(window.location.search);
  const canvas = document.getElementById("canvas");
  const loading = document.getElementById("loading");
  const loadingFill = document.getElementById("loading-fill");
  const loadingText = document.getElementById("loading-text");
  const startOptions = {
    model: params.get("model") || "",
    scale: params.get("scale") || "",
    theme: params.get("theme") || "",
  };
  if (startOptions.theme === "light") document.body.classList.add("light");

  let resolveReady;
  let rejectReady;
  const ready = new Promise((resolve, reject) => {
    resolveReady = resolve;
    rejectReady = reject;
  });
  let mod = null;

  function fail(message) {
    loading.classList.remove("done");
    loading.classList.add("error");
    loadingText.textContent = message;
    rejectReady(new Error(message));
  }

  function progress(fraction, text) {
    loadingFill.style.width = Math.round(fraction * 100) + "%";
    if (text) loadingText.textContent = text;
  }

  function call(name, ret, types, args) {
    if (!mod) throw new Error("monotable is not ready yet");
    return mod.ccall(name, ret, types, args);
  }

  function state() {
    return JSON.parse(call("mt_state", "string", [], []));
  }

  const api = {
    ready,
    timings: {},
    lastCopied: "",
    state,
    async loadModel(nameOrModel, scale) {
      await ready;
      const text = typeof nameOrModel === "string" ? nameOrModel : JSON.stringify(nameOrModel);
      const error = call("mt_load_model", "string", ["string", "number"], [text, scale || 1]);
      if (error) throw new Error(error);
      return state();
    },
    async run(operation, request, label) {
      await ready;
      const text = typeof request === "string" ? request : JSON.stringify(request || {});
      return JSON.parse(call("mt_run", "string", ["string", "string", "string"],
                             [operation, text, label || ""]));
    },
    widgetRect(label) {
      if (!mod) return null;
      const r = JSON.parse(call("mt_widget_rect", "string", ["string"], [label]));
      if (!r) return null;
      const box = canvas.getBoundingClientRect();
      const sx = box.width / canvas.width;
      const sy = box.height / canvas.height;
      return { x: box.left + r.x * sx, y: box.top + r.y * sy, w: r.w * sx, h: r.h * sy };
    },
    setTheme(theme) {
      call("mt_set_theme", null, ["number"], [theme === "light" ? 0 : 1]);
      document.body.classList.toggle("light", theme === "light");
    },
    frameMs() {
      return call("mt_frame_ms", "number", [], []);
    },
  };
  window.monotable = api;

  // Clipboard: ImGui's copies go to the OS clipboard; the OS clipboard reaches ImGui through the
  // paste event, which fires before the frame that handles Ctrl+V.
  function copyToClipboard(text) {
    api.lastCopied = text;
    const fallback = () => {
      const area = document.createElement("textarea");
      area.value = text;
      area.style.position = "fixed";
      area.style.opacity = "0";
      document.body.appendChild(area);
      area.select();
      try { document.execCommand("copy"); } catch (e) { /* nothing more to try */ }
      document.body.removeChild(area);
      canvas.focus();
    };
    if (navigator.clipboard && navigator.clipboard.writeText) {
      navigator.clipboard.writeText(text).catch(fallback);
    } else {
      fallback();
    }
  }
  document.addEventListener("paste", (event) => {
    const text = event.clipboardData ? event.clipboardData.getData("text/plain") : "";
    if (mod && text) call("mt_set_clipboard", null, ["string"], [text]);
    event.preventDefault();
  });

  canvas.addEventListener("webglcontextlost", (event) => {
    event.preventDefault();
    fail("The graphics context was lost (the GPU was reset). Reload the page to continue.");
  });
  canvas.addEventListener("contextmenu", (event) => event.preventDefault());

  // Downloads app.wasm with progress, then instantiates it for Emscripten.
  async function fetchWasm() {
    const response = await fetch("app.wasm");
    if (!response.ok) throw new Error("app.wasm: HTTP " + response.status);
    const total = Number(response.headers.get("Content-Length")) || 0;
    if (!response.body || !total) return new Uint8Array(await response.arrayBuffer());
    const reader = response.body.getReader();
    const bytes = new Uint8Array(total);
    let received = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (received + value.length > bytes.length) break;
      bytes.set(value, received);
      received += value.length;
      progress(received / total,
               "Loading the engine\u2026 " + Math.round(received / 1024) + " of " +
               Math.round(total / 1024) + " KB");
    }
    return bytes.subarray(0, received);
  }

  function start() {
    const wasmBytes = fetchWasm();
    const moduleArg = {
      canvas,
      startOptions,
      instantiateWasm(imports, done) {
        wasmBytes
          .then((bytes) => {
            api.timings.downloadMs = performance.now() - t0;
            progress(1, "Starting\u2026");
            return WebAssembly.instantiate(bytes, imports);
          })
          .then((result) => done(result.instance, result.module))
          .catch((error) => fail("Could not load the engine: " + error.message));
        return {};
      },
      onRuntimeInitialized() {
        api.timings.startMs = performance.now() - t0;
        mod = moduleArg;  // ccall is usable from here on (main runs right after)
      },
      onAppReady() {
        api.timings.firstFrameMs = performance.now() - t0;
        loading.classList.add("done");
        canvas.focus();
        resolveReady(api);
      },
      onCopy: copyToClipboard,
      onFatal: fail,
      print: (text) => console.log(text),
      printErr: (text) => console.warn(text),
    };
    createMonotable(moduleArg).then(null, (error) =>
      fail("Could not start: " + (error && error.message ? error.message : error)));
  }

  if (typeof WebAssembly !== "object") {
    fail("This browser does not support WebAssembly.");
    return;
  }
  const script = document.createElement("script");
  script.src = "app.js";
  script.onload = start;
  script.onerror = () => fail("Could not load app.js.");
  document.body.appendChild(script);
})();
