// monotable.js: starts the playground (app.js + app.wasm) on the page's canvas and exposes
// window.monotable, the page's contract with tests and host pages:
//   ready                    Promise, resolves once the first frames are drawn and a model is loaded
//   loadModel(nameOrModel, scale?)  built-in name ("Orders") or a model object / JSON text
//                            -> Promise of state(), loaded at once
//   startLoad(name, scale)   a built-in example loaded a slice per frame with its progress drawn
//                            (as the model menu does) -> Promise of state() once loaded
//   run(operation, request)  -> Promise of {response, ok, error?, effects}; the run is done
//                            when it is called, a large answer (over 256 K characters) is
//                            handed over after the page has drawn it
//   state()                  {model, selected, lastRequest, response, effects, ...}
//   getState(compact?, withHistory?)  the whole saved state as JSON text (ui/app_state.cc)
//   setState(text)           restores one; throws with the reason (nothing changed then)
//   shareLink({history}?)    -> Promise of a URL holding the whole state (#state/...); with the
//                            history and the last result when history is true (default: the
//                            share panel's "History in links" option)
//   exportModel(format?)     the current model file as JSON text; "workbench": NoSQL Workbench
//                            JSON, "cloudformation": a CloudFormation template
//   widgetRect(label)        {x, y, w, h} in CSS pixels of a widget drawn in the last frame, or null
//   text(), textKey(), tour(step, run?)  the DOM text layer's words (web/text_layer.js), a key
//                            that moves when they do, the tour moved (and run) from the page
//   setPlatformControls(topRight, bottom)  room (CSS px) the page's DOM controls take over
//                            the canvas, which its layouts leave free
//   setTheme("dark"|"light"), timings {downloadMs, startMs, firstFrameMs}, lastCopied,
//   notices                  messages shown to the user, oldest first ({kind, text})
//   saved                    Promise of the last save to the browser's storage (page mode)
// URL parameters: ?model=orders&scale=10&theme=light. The fragment #state/<data> opens a shared
// state: <data> is the state JSON, compressed with deflate-raw, in base64url.
//
// The same file runs three ways: the full page (index.html: saves the user's work in IndexedDB,
// restores it on reload, shares links, registers the offline service worker), an embedded widget
// (embed.html, <body data-mode="embed">: the host-page API over postMessage, nothing saved) and
// the single file monotable.html (app.js and the wasm inlined, opened from file://).
(function () {
  "use strict";
  const t0 = performance.now();
  const params = new URLSearchParams(window.location.search);
  const mode = document.body.dataset.mode === "embed" ? "embed" : "page";
  const canvas = document.getElementById("canvas");
  const loading = document.getElementById("loading");
  const loadingFill = document.getElementById("loading-fill");
  const loadingText = document.getElementById("loading-text");
  const startOptions = {
    model: params.get("model") || "",
    scale: params.get("scale") || "",
    theme: params.get("theme") || "",
    layout: mode,
    panels: params.get("panels") || "",
    pattern: params.get("pattern") || "",
    operation: params.get("operation") || "",
    request: params.get("request") || "",
    state: "",
    stateSource: "",
    // "1" on a device without hover (a phone): no mouse until one moves (web/touch_input.h).
    touch: window.matchMedia && window.matchMedia("(hover: none)").matches ? "1" : "",
  };
  if (startOptions.theme === "light") document.body.classList.add("light");
  if (mode === "embed" && /^\d+$/.test(params.get("height") || "")) {
    document.body.style.height = params.get("height") + "px";
  }

  let resolveReady;
  let rejectReady;
  const ready = new Promise((resolve, reject) => {
    resolveReady = resolve;
    rejectReady = reject;
  });
  let mod = null;
  let appRunning = false;  // main() has made the app and drawn its first frames (onAppReady)
  let platformControls = null;  // api.setPlatformControls's last values

  function fail(message) {
    if (!loading.isConnected) document.body.appendChild(loading);
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

  // Answers longer than this (characters) wait for a frame before they are parsed (run()).
  const kDrawBeforeParse = 256 * 1024;

  // Resolves once a frame has been drawn: the task after the next animation frame, or after
  // 100 ms where frames do not come (a hidden tab).
  function afterNextFrame() {
    return new Promise((resolve) => {
      requestAnimationFrame(() => setTimeout(resolve, 0));
      setTimeout(resolve, 100);  // a promise resolves once: whichever comes first
    });
  }

  function state() {
    return JSON.parse(call("mt_state", "string", [], []));
  }

  // --- Notices: messages over the canvas (errors stay until dismissed) -------------------------

  const noticeArea = document.createElement("div");
  noticeArea.id = "notices";
  noticeArea.setAttribute("role", "status");
  noticeArea.setAttribute("aria-live", "polite");
  document.body.appendChild(noticeArea);

  // Shows `text`; kind "info" fades after a few seconds, "error" stays. actions: [{label, run}].
  function notify(kind, text, actions) {
    api.notices.push({ kind, text });
    const box = document.createElement("div");
    box.className = "notice " + kind;
    const message = document.createElement("span");
    message.className = "text";
    message.textContent = text;
    box.appendChild(message);
    for (const action of actions || []) {
      const button = document.createElement("button");
      button.textContent = action.label;
      button.addEventListener("click", () => {
        action.run();
        box.remove();
      });
      box.appendChild(button);
    }
    const close = document.createElement("button");
    close.className = "close";
    close.setAttribute("aria-label", "Dismiss");
    close.textContent = "\u00d7";
    close.addEventListener("click", () => box.remove());
    box.appendChild(close);
    noticeArea.appendChild(box);
    if (kind === "info") setTimeout(() => box.remove(), 5000);
  }

  function download(name, text, type) {
    const url = URL.createObjectURL(new Blob([text], { type: type || "application/json" }));
    const link = document.createElement("a");
    link.href = url;
    link.download = name;
    document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10000);
  }

  // --- Links: the state in the fragment, deflate-raw + base64url --------------------------------

  const kLinkPrefix = "#state/";

  async function pipeThrough(bytes, stream) {
    const out = new Blob([bytes]).stream().pipeThrough(stream);
    return new Uint8Array(await new Response(out).arrayBuffer());
  }

  function toBase64Url(bytes) {
    let binary = "";
    for (let i = 0; i < bytes.length; i += 0x8000) {
      binary += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
    }
    return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  }

  function fromBase64Url(text) {
    if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new Error("it has characters base64url does not use");
    const padded = text.replace(/-/g, "+").replace(/_/g, "/") + "===".slice((text.length + 3) % 4);
    const binary = atob(padded);
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; ++i) bytes[i] = binary.charCodeAt(i);
    return bytes;
  }

  async function encodeState(text) {
    if (typeof CompressionStream !== "function") throw new Error("this browser cannot compress");
    const bytes = new TextEncoder().encode(text);
    return toBase64Url(await pipeThrough(bytes, new CompressionStream("deflate-raw")));
  }

  // The state text of a link's data, or throws saying why it cannot be read.
  async function decodeState(data) {
    if (!data) throw new Error("it holds no state");
    let bytes;
    try {
      bytes = fromBase64Url(data);
    } catch (error) {
      throw new Error("it is not valid base64url (" + error.message + ")");
    }
    let text;
    try {
      const inflated = await pipeThrough(bytes, new DecompressionStream("deflate-raw"));
      text = new TextDecoder("utf-8", { fatal: true }).decode(inflated);
    } catch (error) {
      throw new Error("its data is cut short or damaged");
    }
    try {
      JSON.parse(text);
    } catch (error) {
      throw new Error("its data is not a monotable state");
    }
    return text;
  }

  function playgroundUrl() {
    // The full page next to this one (index.html in the same folder), without query or fragment.
    const url = new URL(mode === "embed" ? "./" : window.location.href, window.location.href);
    url.search = "";
    url.hash = "";
    return url;
  }

  // A link holding the compact state. With the history (and so undo and the last result) when
  // options.history says so, else as the share panel's "History in links" option says.
  async function shareLink(options) {
    await ready;
    const history = options && typeof options.history === "boolean" ? options.history : null;
    const mode = 1 | (history === true ? 4 : history === false ? 8 : 0);
    const data = await encodeState(call("mt_get_state", "string", ["number"], [mode]));
    return playgroundUrl().href + kLinkPrefix + data;
  }

  // --- Saving (page mode): IndexedDB, one record per key -----------------------------------------

  // Saved record: {app: "monotable", formatVersion, savedAt, state: "<state JSON text>"}. The
  // state text carries its own formatVersion (ui/app_state.cc); a record or state this version
  // cannot read is kept aside under "kept/<when>/<why>", never deleted.
  const kRecordVersion = 1;
  const storage = (function () {
    let dbPromise = null;
    function open() {
      if (!dbPromise) {
        dbPromise = new Promise((resolve, reject) => {
          if (!window.indexedDB) {
            reject(new Error("IndexedDB is not available"));
            return;
          }
          const request = indexedDB.open("monotable", 1);
          request.onupgradeneeded = () => request.result.createObjectStore("kv");
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error || new Error("IndexedDB failed to open"));
        });
      }
      return dbPromise;
    }
    function run(modeName, body) {
      return open().then(
        (db) =>
          new Promise((resolve, reject) => {
            const tx = db.transaction("kv", modeName);
            const result = body(tx.objectStore("kv"));
            tx.oncomplete = () => resolve(result.result);
            tx.onerror = () => reject(tx.error);
            tx.onabort = () => reject(tx.error || new Error("aborted"));
          }));
    }
    // Where IndexedDB cannot be opened (some private modes), localStorage under "monotable:".
    const kPrefix = "monotable:";
    function local(fn) {
      return new Promise((resolve) => resolve(fn(window.localStorage)));
    }
    function fallback(idb, ls) {
      return open().then(idb, (error) => {
        if (!window.localStorage) throw error;
        return local(ls);
      });
    }
    return {
      get: (key) => fallback(() => run("readonly", (s) => s.get(key)), (ls) => {
        const text = ls.getItem(kPrefix + key);
        if (text === null) return undefined;
        try {
          return JSON.parse(text);
        } catch (error) {
          return text;  // unreadable: handed on as it is, to be kept aside
        }
      }),
      put: (key, value) => fallback(() => run("readwrite", (s) => s.put(value, key)),
                                    (ls) => ls.setItem(kPrefix + key, JSON.stringify(value))),
      remove: (key) => fallback(() => run("readwrite", (s) => s.delete(key)),
                                (ls) => ls.removeItem(kPrefix + key)),
      keys: () => fallback(() => run("readonly", (s) => s.getAllKeys()), (ls) =>
        Object.keys(ls).filter((k) => k.startsWith(kPrefix)).map((k) => k.slice(kPrefix.length))),
    };
  })();

  async function keepAside(why, value) {
    const key = "kept/" + new Date().toISOString() + "/" + why;
    try {
      await storage.put(key, value);
    } catch (error) {
      console.warn("monotable: could not keep the saved state aside", error);
    }
    return key;
  }

  function downloadAction(value) {
    return {
      label: "Download it",
      run: () => download("monotable-saved-state.json",
                          typeof value === "string" ? value : JSON.stringify(value)),
    };
  }

  // The state text of a saved record, or throws saying why it cannot be used.
  function stateOfRecord(record) {
    if (!record || typeof record !== "object" || record.app !== "monotable") {
      throw new Error("it is not a monotable record");
    }
    if (typeof record.formatVersion !== "number") throw new Error("it has no format version");
    if (record.formatVersion > kRecordVersion) {
      throw new Error("it was saved by a newer version of monotable (record format " +
                      record.formatVersion + ")");
    }
    // Record format 1 is the first; older record formats would be migrated here.
    if (typeof record.state !== "string") throw new Error("it holds no state");
    try {
      JSON.parse(record.state);
    } catch (error) {
      throw new Error("its state is not valid JSON");
    }
    return record.state;
  }

  // Saving: every change is written to IndexedDB a moment after the state stops changing, and
  // synchronously to localStorage (the "pending" record) when the page goes away (pagehide,
  // visibilitychange to hidden, beforeunload): IndexedDB is asynchronous and a write started
  // while the page unloads may never land. At start the newer of the two records wins.
  let savedKey = null;     // the state key of the last record written (either store)
  let seenKey = null;      // the key the autosave last saw (a change restarts the wait)
  let saveTimer = 0;
  let savedRecord = null;  // the record read at start (kept until a new save replaces it)
  let saveSerial = 0;      // orders the records: savedAt can repeat within a millisecond
  const kPendingKey = "monotable:pending";
  // The state to save: full (the model exported) unless the data is large, then the example
  // and the writes; with the history (undo and the last result come back on reload).
  const kSaveMode = 2 | 4;

  function makeRecord(mode) {
    return {
      app: "monotable",
      formatVersion: kRecordVersion,
      savedAt: new Date().toISOString(),
      serial: Date.now() * 1000 + (++saveSerial % 1000),
      state: call("mt_get_state", "string", ["number"], [mode || kSaveMode]),
    };
  }

  async function saveNow() {
    if (!mod) return;
    clearTimeout(saveTimer);
    saveTimer = 0;
    const key = call("mt_state_key", "number", [], []);
    const record = makeRecord();
    savedKey = key;
    seenKey = key;
    api.saved = storage.put("state", record).then(() => {
      // IndexedDB now holds this state or a newer one: the pending record is not needed.
      try {
        const pending = JSON.parse(window.localStorage.getItem(kPendingKey) || "null");
        if (pending && (pending.serial || 0) <= record.serial) {
          window.localStorage.removeItem(kPendingKey);
        }
      } catch (error) {
        // localStorage unavailable or the pending record unreadable: start reads it or not.
      }
    }).catch((error) => {
      savedKey = null;
      notify("error", "Your work could not be saved in this browser: " + error.message);
    });
    return api.saved;
  }

  // The page is going away: what ImGui has not applied yet (typed text, keys) is applied by one
  // frame run now, then the state is written synchronously if it changed since the last save.
  function saveBeforeLeaving() {
    if (!mod) return;
    try {
      sendEdit();
      call("mt_run_frame", null, [], []);
    } catch (error) {
      console.warn("monotable: could not apply the last edit before saving", error);
    }
    const key = call("mt_state_key", "number", [], []);
    if (key === savedKey && !saveTimer) return;
    // Full, else (over localStorage's quota: a large model) compact: a built-in example is then
    // rebuilt from its writes and history; a large custom model does not fit either way.
    for (const mode of [kSaveMode, 1 | 4]) {
      try {
        window.localStorage.setItem(kPendingKey, JSON.stringify(makeRecord(mode)));
        savedKey = key;
        seenKey = key;
        break;
      } catch (error) {
        console.warn("monotable: could not save before leaving (" + error.message + ")");
      }
    }
    saveNow();  // IndexedDB too: it lands if the page lives long enough (a hidden tab does)
  }

  // The pending record localStorage holds, if it is newer than `record` (IndexedDB's).
  function newerPending(record) {
    let pending = null;
    try {
      const text = window.localStorage.getItem(kPendingKey);
      if (text !== null) pending = JSON.parse(text);
    } catch (error) {
      return null;
    }
    if (!pending || typeof pending !== "object") return null;
    if (record && typeof record === "object" && (record.serial || 0) >= (pending.serial || 0)) {
      return null;
    }
    return pending;
  }

  // Saves after the state stops changing for a moment (a write, an edit in the builder).
  function startAutosave() {
    savedKey = call("mt_state_key", "number", [], []);
    seenKey = savedKey;
    setInterval(() => {
      if (!mod) return;
      const key = call("mt_state_key", "number", [], []);
      if (key === seenKey) return;
      seenKey = key;
      clearTimeout(saveTimer);
      saveTimer = setTimeout(saveNow, 500);
    }, 250);
    window.addEventListener("pagehide", saveBeforeLeaving);
    window.addEventListener("beforeunload", saveBeforeLeaving);
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "hidden") saveBeforeLeaving();
    });
  }

  // Reads what the page starts from: a shared link in the fragment, else the saved state.
  // Sets startOptions.state; returns what to do once the app is ready.
  async function prepareStart() {
    const todo = { linkError: "", linkUsed: false, savedProblem: null };
    const hash = window.location.hash;
    if (hash.startsWith(kLinkPrefix)) {
      try {
        startOptions.state = await decodeState(hash.slice(kLinkPrefix.length));
        startOptions.stateSource = "link";
        todo.linkUsed = true;
      } catch (error) {
        todo.linkError = error.message;
      }
    }
    if (mode !== "page") return todo;
    let record;
    try {
      record = await storage.get("state");
    } catch (error) {
      console.warn("monotable: no saved state (" + error.message + ")");
    }
    // Saved synchronously as the page went away, after IndexedDB's last save: it is the newer.
    const pending = newerPending(record);
    if (pending) record = pending;
    if (record === undefined) return todo;
    savedRecord = record;
    let text;
    try {
      text = stateOfRecord(record);
    } catch (error) {
      todo.savedProblem = error.message;
      return todo;
    }
    if (!todo.linkUsed) {
      startOptions.state = text;
      startOptions.stateSource = "saved";
    }
    return todo;
  }

  async function reportSavedProblem(why) {
    const value = savedRecord;
    const key = await keepAside("unreadable", value);
    await storage.remove("state").catch(() => {});
    notify("error",
           "Your saved work could not be restored: " + why + ". It was kept aside in this " +
           "browser (" + key + ") and the default model is loaded.",
           [downloadAction(value)]);
  }

  // Once ready: report what could not be opened, keep what a link replaced, start saving.
  async function afterStart(todo) {
    if (todo.linkError) {
      notify("error", "This link could not be opened: " + todo.linkError +
                      ". Your current work was left as it is.");
    }
    if (mode !== "page") return;
    if (todo.savedProblem) await reportSavedProblem(todo.savedProblem);
    if (startOptions.stateSource === "link" && !linkFailed) {
      if (savedRecord && !todo.savedProblem) {
        const previous = savedRecord;
        await storage.put("before-link", previous).catch(() => {});
        notify("info", "Opened a shared link. Your previous work is kept.", [{
          label: "Go back to it",
          run: () => applyState(previous.state, "previous"),
        }]);
      }
      // The link has been opened: a reload now restores the saved work, edits included.
      history.replaceState(null, "", window.location.pathname + window.location.search);
      await saveNow();
    }
    startAutosave();
  }

  let linkFailed = false;

  function applyState(text, source) {
    const error = call("mt_set_state", "string", ["string"], [text]);
    if (error) {
      notify("error", (source === "link" ? "This link could not be opened: " :
                                           "That state could not be restored: ") +
                      error + ". Your current work was left as it is.");
      return false;
    }
    document.body.classList.toggle("light", state().theme === "light");
    return true;
  }

  // --- The API ----------------------------------------------------------------------------------

  const api = {
    ready,
    timings: {},
    lastCopied: "",
    notices: [],
    saved: Promise.resolve(),
    mode,
    state,
    async loadModel(nameOrModel, scale) {
      await ready;
      const text = typeof nameOrModel === "string" ? nameOrModel : JSON.stringify(nameOrModel);
      const error = call("mt_load_model", "string", ["string", "number"], [text, scale || 1]);
      if (error) throw new Error(error);
      return state();
    },
    // As the model menu loads a built-in example at a scale: a slice per frame, the progress
    // drawn (state().loading while it runs). Resolves with state() once loaded.
    async startLoad(name, scale) {
      await ready;
      call("mt_start_load", null, ["string", "number"], [name, scale || 1]);
      while (state().loading) await new Promise((resolve) => setTimeout(resolve, 20));
      if (state().loadError) throw new Error(state().loadError);
      return state();
    },
    async run(operation, request, label) {
      await ready;
      const text = typeof request === "string" ? request : JSON.stringify(request || {});
      const answer = call("mt_run", "string", ["string", "string", "string"],
                          [operation, text, label || ""]);
      // A large answer is parsed after the page has drawn the run: a Scan's 1 MB page is an
      // answer of about 4 MB, whose JSON.parse (20-50 ms) in the run's own task held the page
      // without a frame for 117-233 ms (docs/benchmarks.md section 19). Small answers, nearly
      // every run, resolve at once.
      if (answer.length > kDrawBeforeParse) await afterNextFrame();
      return JSON.parse(answer);
    },
    async show(pattern, operation, request) {
      await ready;
      const text = typeof request === "string" ? request : JSON.stringify(request || {});
      const error = call("mt_show", "string", ["string", "string", "string"],
                         [pattern || "", operation || "", text]);
      if (error) throw new Error(error);
      return state();
    },
    async reset() {
      await ready;
      call("mt_reset", null, [], []);
      return state();
    },
    getState(compact, withHistory) {
      return call("mt_get_state", "string", ["number"],
                  [(compact ? 1 : 0) | (withHistory ? 4 : 8)]);
    },
    setState(text) {
      const error = call("mt_set_state", "string", ["string"], [text]);
      if (error) throw new Error(error);
      document.body.classList.toggle("light", state().theme === "light");
      return state();
    },
    shareLink,
    exportModel(format) {
      if (format === "workbench" || format === "cloudformation") {
        return call("mt_export_as", "string", ["string"], [format]);
      }
      if (format && format !== "monotable") throw new Error("unknown export format " + format);
      return call("mt_export_model", "string", [], []);
    },
    saveNow,
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
    // Room (CSS px) the page's DOM controls take over the canvas: `topRight` at the right end of
    // the phone layout's top bar, `bottom` below the stacked widget's panels (App::SetPlatformControls).
    // Held until the app runs: a resize can come after the module is up and before main() made
    // the app, and a call then would be lost (the layer would not measure again, nothing changed).
    setPlatformControls(topRight, bottom) {
      platformControls = [topRight, bottom];
      if (appRunning) call("mt_set_platform_controls", null, ["number", "number"], platformControls);
    },
    text() {
      return JSON.parse(call("mt_text", "string", [], []));
    },
    textKey() {
      return mod ? call("mt_text_key", "number", [], []) : -1;
    },
    tour(step, run) {
      call("mt_tour", null, ["number", "number"], [step, run ? 1 : 0]);
    },
    // The innermost scrollable region at a CSS point: {window, scrollX, scrollY, scrollMaxX,
    // scrollMaxY} in canvas pixels, or null.
    scrollAt(x, y) {
      if (!mod) return null;
      const box = canvas.getBoundingClientRect();
      return JSON.parse(call("mt_scroll_at", "string", ["number", "number"],
                             [(x - box.left) * (canvas.width / box.width),
                              (y - box.top) * (canvas.height / box.height)]));
    },
    // The text field ImGui edits: {active, text, focused} (focused: the page's textarea has it).
    textField() {
      return { active: editing.active, text: editing.synced,
               focused: document.activeElement === field };
    },
    help: {
      open: () => openHelp(),
      close: () => closeHelp(),
      get isOpen() { return help.open; },
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
      if (editing.active) focusField();
      else canvas.focus();
    };
    if (navigator.clipboard && navigator.clipboard.writeText) {
      navigator.clipboard.writeText(text).catch(fallback);
    } else {
      fallback();
    }
  }
  // Paste: the OS clipboard reaches ImGui through the paste event, which fires before the frame
  // that handles Ctrl+V. A paste into the text field that is not Ctrl+V (a phone's paste menu,
  // Cmd+V) is the field's own: it inserts, and the edit reaches ImGui like typing.
  document.addEventListener("paste", (event) => {
    const text = event.clipboardData ? event.clipboardData.getData("text/plain") : "";
    if (mod && text) call("mt_set_clipboard", null, ["string"], [text]);
    if (event.target === field && !field.dataset.pasteShortcut) return;
    delete field.dataset.pasteShortcut;
    event.preventDefault();
  });

  // --- Input: touch, the on-screen keyboard, keyboard help ----------------------------------------
  //
  // Touch: the primary finger's pointer events go to web/touch_input.h (tap, drag to scroll with
  // momentum, long-press to hover); Emscripten's GLFW never sees touches nor the mouse events a
  // browser makes up after them (it would press at a stale place and leave the hover behind). A
  // real mouse stays GLFW's. Two fingers are the browser's: the canvas allows pinch-zoom only.
  //
  // Text: while ImGui edits a text field, the hidden <textarea id="text-input"> holds its text and
  // selection, sits at its caret and has the focus, so a phone opens its keyboard and an IME
  // composes there. What the textarea's own editing does (characters, deletions, IME, a phone's
  // paste) goes to ImGui as one replacement a frame (mt_text_edit, web/text_field.h); keys that
  // move or command (arrows, Enter, Tab, Escape, Ctrl shortcuts) stay ImGui's through GLFW, and
  // the textarea does not act on them. ImGui's text comes back after each frame (onTextField).
  // Every character therefore reaches ImGui exactly once: GLFW gets no keypress from the field.

  const field = document.createElement("textarea");
  field.id = "text-input";
  field.setAttribute("aria-label", "Text being edited");
  field.setAttribute("autocomplete", "off");
  field.setAttribute("autocorrect", "off");
  field.setAttribute("autocapitalize", "off");
  field.setAttribute("spellcheck", "false");
  field.setAttribute("wrap", "off");
  field.tabIndex = -1;
  document.body.appendChild(field);

  const editing = {
    active: false,  // ImGui is editing a text field (its last report)
    field: 0,       // which one (ImGui's id)
    synced: "",     // ImGui's text as last reported: what edits are computed against
    selStart: 0,
    selEnd: 0,
    composing: false,
  };

  function canvasPoint(event) {
    const box = canvas.getBoundingClientRect();
    return [(event.clientX - box.left) * (canvas.width / box.width),
            (event.clientY - box.top) * (canvas.height / box.height)];
  }

  function focusCanvas() {
    if (document.activeElement !== canvas) canvas.focus({ preventScroll: true });
  }

  function focusField() {
    if (document.activeElement !== field && !help.open) field.focus({ preventScroll: true });
  }

  // Tells ImGui what the textarea's editing did since ImGui's last report: the one replacement
  // (common prefix and suffix, the suffix kept after the caret) and the selection.
  function sendEdit() {
    if (!mod || !editing.active) return;
    const before = editing.synced;
    const after = field.value;
    const caret = field.selectionEnd;
    let suffix = 0;
    const maxSuffix = Math.max(0, Math.min(before.length, after.length - caret));
    while (suffix < maxSuffix &&
           before[before.length - 1 - suffix] === after[after.length - 1 - suffix]) {
      ++suffix;
    }
    let prefix = 0;
    const maxPrefix = Math.min(before.length, after.length) - suffix;
    while (prefix < maxPrefix && before[prefix] === after[prefix]) ++prefix;
    const inserted = after.slice(prefix, after.length - suffix);
    const end = before.length - suffix;
    if (prefix === end && !inserted && field.selectionStart === editing.selStart &&
        field.selectionEnd === editing.selEnd) {
      return;  // nothing ImGui does not know
    }
    call("mt_text_edit", null,
         ["number", "number", "number", "string", "number", "number", "number"],
         [editing.field, prefix, end, inserted, field.selectionStart, field.selectionEnd,
          field.selectionDirection === "backward" ? 1 : 0]);
  }

  // ImGui's text field after a frame (web/text_field.h, TextField::Report).
  function onTextField(json) {
    const s = JSON.parse(json);
    if (!s.active) {
      editing.active = false;
      editing.composing = false;
      if (document.activeElement === field) {
        field.blur();
        focusCanvas();
      }
      field.value = "";
      return;
    }
    editing.active = true;
    editing.field = s.field;
    editing.synced = s.text;
    editing.selStart = s.selStart;
    editing.selEnd = s.selEnd;
    // At the caret: the IME's candidates show there, the browser keeps it above the keyboard.
    const box = canvas.getBoundingClientRect();
    const sx = box.width / canvas.width;
    const sy = box.height / canvas.height;
    field.style.left = Math.round(box.left + s.x * sx) + "px";
    field.style.top = Math.round(box.top + s.y * sy) + "px";
    field.style.height = Math.max(16, Math.round(s.h * sy)) + "px";
    // Composing, the textarea leads (setting it would end the composition); ImGui follows from
    // the edits. An edit of ImGui's own (undo, a filtered character) comes back here.
    if (!editing.composing && !s.pending) {
      if (field.value !== s.text) field.value = s.text;
      if (field.selectionStart !== s.selStart || field.selectionEnd !== s.selEnd) {
        field.setSelectionRange(s.selStart, s.selEnd, s.backward ? "backward" : "forward");
      }
    }
    focusField();
  }

  field.addEventListener("input", sendEdit);
  field.addEventListener("compositionstart", () => { editing.composing = true; });
  field.addEventListener("compositionupdate", sendEdit);
  field.addEventListener("compositionend", () => {
    editing.composing = false;
    sendEdit();
  });
  document.addEventListener("selectionchange", () => {
    if (document.activeElement === field && !editing.composing) sendEdit();
  });
  field.addEventListener("blur", (event) => {
    // Focus that leaves for the canvas (a click or tap while ImGui still edits) comes back.
    if (editing.active && (!event.relatedTarget || event.relatedTarget === canvas)) {
      setTimeout(() => { if (editing.active) focusField(); }, 0);
    }
  });

  // Keys in the textarea (window, capture: before Emscripten's GLFW, which listens there too).
  function onFieldKeydown(event) {
    if (event.isComposing || event.keyCode === 229 || event.key === "Dead" ||
        event.key === "Process" || event.key === "Unidentified") {
      return;  // an IME's or on-screen keyboard's: the textarea edits, GLFW sees nothing useful
    }
    if (event.key === "Backspace" || event.key === "Delete") {
      event.stopImmediatePropagation();  // the textarea deletes; ImGui gets the edit
      return;
    }
    if (event.metaKey) return;  // the browser's: Cmd+C, Cmd+V, Cmd+X, Cmd+A work in the textarea
    if (event.ctrlKey && !event.altKey) {
      const key = event.key.toLowerCase();
      if (key === "v") {
        field.dataset.pasteShortcut = "1";  // ImGui pastes what the paste event hands over
      } else if (key !== "c") {
        event.preventDefault();  // ImGui's: select all, cut, undo, redo, Ctrl+Enter, word moves
      }
      return;
    }
    if (event.key.length === 1) return;  // a character: the textarea inserts it
    event.preventDefault();  // Enter, Tab, Escape, arrows, Home, End: ImGui's alone
  }

  // --- Keyboard help: ? opens it, Escape closes it ---------------------------------------------------

  const help = document.createElement("dialog");
  help.id = "help";
  help.setAttribute("aria-labelledby", "help-title");
  help.innerHTML = `
    <h2 id="help-title">Keyboard and touch</h2>
    <table>
      <caption>Keyboard</caption>
      <tbody id="help-keys">
      </tbody>
    </table>
    <table>
      <caption>Touch</caption>
      <tbody>
        <tr><th scope="row">Tap</th><td>Press; in a text field, type with the on-screen keyboard</td></tr>
        <tr><th scope="row">Drag</th><td>Scroll the list or table under the finger</td></tr>
        <tr><th scope="row">Press and hold</th><td>Show what pointing at it shows (how a cost is worked out)</td></tr>
        <tr><th scope="row">Hold, then drag</th><td>Drag: select text, move a slider</td></tr>
        <tr><th scope="row">Two fingers</th><td>Zoom the page</td></tr>
      </tbody>
    </table>
    <p>Requests are undone from the History tab (<em>Undo to</em>).</p>
    <form method="dialog"><button id="help-close" value="close">Close</button></form>`;
  document.body.appendChild(help);
  let helpReturnFocus = null;

  // The keyboard table from the C++ list the app handles (ui/app_keys.cc): it says what the code
  // does. "Ctrl+Shift+Z or Ctrl+Y" -> <kbd>Ctrl</kbd>+<kbd>Shift</kbd>+<kbd>Z</kbd> or ...
  function fillHelpKeys() {
    const body = document.getElementById("help-keys");
    if (!mod || body.rows.length) return;
    const list = JSON.parse(call("mt_shortcuts", "string", [], []));
    for (const { keys, action } of list) {
      const row = document.createElement("tr");
      const th = document.createElement("th");
      th.scope = "row";
      keys.split(/(, | or |\+)/).forEach((part) => {
        if (part === "+" || part === ", " || part === " or ") {
          th.append(part);
        } else {
          const kbd = document.createElement("kbd");
          kbd.textContent = part;
          th.append(kbd);
        }
      });
      const td = document.createElement("td");
      td.textContent = action;
      row.append(th, td);
      body.append(row);
    }
  }

  function openHelp() {
    if (help.open) return;
    fillHelpKeys();
    helpReturnFocus = document.activeElement;
    help.showModal();
    document.getElementById("help-close").focus();
  }
  function closeHelp() {
    if (help.open) help.close();
  }
  help.addEventListener("close", () => {
    const back = helpReturnFocus;
    helpReturnFocus = null;
    if (editing.active) focusField();
    else if (back && back !== document.body && back.isConnected) back.focus({ preventScroll: true });
    else focusCanvas();
  });

  // Keyboard focus: the canvas reached by Tab starts at its first panel (Shift+Tab: its last); the
  // focus ring shows only while the canvas (or the text field over it) has the focus.
  let keyboardEntry = { at: -1e9, backward: false };
  canvas.addEventListener("focus", () => {
    if (!mod) return;
    call("mt_keyboard_focus", null, ["number"], [1]);
    if (performance.now() - keyboardEntry.at < 1000 && !editing.active) {
      call("mt_tab", "number", ["number", "number"], [keyboardEntry.backward ? 1 : 0, 1]);
    }
  });
  canvas.addEventListener("blur", (event) => {
    if (!mod || event.relatedTarget === field) return;
    call("mt_keyboard_focus", null, ["number"], [0]);
  });

  function editable(target) {
    return target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));
  }

  window.addEventListener("keydown", (event) => {
    if (help.open) {
      if (event.key === "Escape") {
        event.preventDefault();
        closeHelp();
      }
      event.stopImmediatePropagation();  // the dialog's keys are not ImGui's
      return;
    }
    if (event.target === field) {
      onFieldKeydown(event);
      return;
    }
    if (event.key === "Tab" && !event.ctrlKey && !event.altKey && !event.metaKey) {
      keyboardEntry = { at: performance.now(), backward: event.shiftKey };
      // GLFW never sees a Tab outside the text field: it would cancel the browser's focus move
      // (Emscripten's GLFW prevents Tab's default everywhere) and cycle ImGui's text fields.
      event.stopImmediatePropagation();
      // On the canvas: panel to panel; past the last (first) one the browser moves focus out of
      // the canvas: no keyboard trap.
      if (event.target === canvas && mod && !editing.active &&
          call("mt_tab", "number", ["number", "number"], [event.shiftKey ? 1 : 0, 0])) {
        event.preventDefault();
      }
      return;
    }
    if (event.key === "?" && !event.ctrlKey && !event.metaKey && !event.altKey && !editing.active &&
        !editable(event.target)) {
      event.preventDefault();
      event.stopImmediatePropagation();
      openHelp();
    }
  }, true);
  window.addEventListener("keypress", (event) => {
    // The field's characters arrive through its input event, not GLFW's keypress.
    if (help.open || event.target === field) event.stopImmediatePropagation();
  }, true);

  // --- Touch --------------------------------------------------------------------------------------

  let touchMode = false;
  let lastTouchMs = -1e9;

  function touch(phase, event) {
    if (!mod) return;
    const [x, y] = event ? canvasPoint(event) : [0, 0];
    touchMode = true;
    lastTouchMs = performance.now();
    // A tap runs its frames inside this call: a text field it activates is focused (above) in
    // the user's gesture, which is what lets a phone open its keyboard. The event's own time (same
    // clock as performance.now()) measures the gesture: a busy page handles events late.
    const now = performance.now();
    const ms = event && Math.abs(now - event.timeStamp) < 1000 ? event.timeStamp : now;
    const flags = call("mt_touch", "number", ["number", "number", "number", "number"],
                       [phase, x, y, ms]);
    // An embedded widget: a vertical drag where nothing in it scrolls scrolls the article around
    // it (when it is on the same origin), or the reader could not scroll past the widget.
    if (phase === 1 && (flags & 2) && mode === "embed" && window.parent !== window) {
      try {
        window.parent.scrollBy(0, lastTouchY - event.screenY);  // screen: the frame moves
      } catch (error) { /* another origin: its page cannot be scrolled from here */ }
    }
    if (event) lastTouchY = event.screenY;
  }
  let lastTouchY = 0;

  canvas.addEventListener("pointerdown", (event) => {
    if (event.pointerType !== "touch") return;
    event.preventDefault();  // no mouse events made up after the touch
    if (!event.isPrimary) touch(3, null);  // a second finger: the browser's pinch
    else touch(0, event);
  });
  canvas.addEventListener("pointermove", (event) => {
    if (event.pointerType === "touch") {
      if (event.isPrimary) touch(1, event);
    } else if (event.pointerType === "mouse" && touchMode && mod) {
      touchMode = false;
      call("mt_mouse_moved", null, [], []);
    }
  });
  canvas.addEventListener("pointerup", (event) => {
    if (event.pointerType === "touch" && event.isPrimary) touch(2, event);
  });
  canvas.addEventListener("pointercancel", (event) => {
    if (event.pointerType === "touch") touch(3, null);
  });
  // Emscripten's GLFW must not see touches (it presses where the mouse last was), nor the mouse
  // events a browser makes up after a touch.
  for (const type of ["touchstart", "touchmove", "touchend", "touchcancel"]) {
    window.addEventListener(type, (event) => {
      if (event.target !== canvas) return;
      event.stopPropagation();
      // One finger is ours (no page pan where touch-action is not supported); two, the browser's.
      if (type === "touchmove" && event.touches.length === 1 && event.cancelable) {
        event.preventDefault();
      }
      // Safari opens the keyboard only for a focus inside touchend.
      if (type === "touchend" && editing.active) focusField();
    }, { capture: true, passive: false });
  }
  for (const type of ["mousedown", "mouseup", "mousemove"]) {
    window.addEventListener(type, (event) => {
      if (event.target !== canvas) return;
      const madeUp = event.sourceCapabilities ? event.sourceCapabilities.firesTouchEvents :
                                                performance.now() - lastTouchMs < 1000;
      if (madeUp) event.stopPropagation();
    }, true);
  }
  // A mouse press on the canvas selects no page text and keeps an edited field focused.
  canvas.addEventListener("mousedown", (event) => {
    event.preventDefault();
    if (!editing.active) focusCanvas();
  });
  touchMode = startOptions.touch === "1";

  // --- What the UI's share buttons ask for -------------------------------------------------------

  function importModel() {
    const input = document.createElement("input");
    input.type = "file";
    input.accept = ".json,application/json";
    input.addEventListener("change", async () => {
      const file = input.files && input.files[0];
      if (!file) return;
      try {
        await api.loadModel(await file.text());
        notify("info", "Loaded " + file.name + ".");
      } catch (error) {
        notify("error", "Could not load " + file.name + ": " + error.message);
      }
    });
    input.click();
  }

  async function onAction(name) {
    try {
      if (name === "copy-link") {
        const link = await shareLink();
        copyToClipboard(link);
        api.lastLink = link;
        notify("info", "Link copied: it opens exactly this state (" +
                       Math.max(1, Math.round(link.length / 1024)) + " KB).");
      } else if (name === "export-model" || name === "export-workbench" ||
                 name === "export-cloudformation") {
        const text = api.exportModel();
        const model = JSON.parse(text);
        const base = String(model.name || "model").toLowerCase().replace(/[^a-z0-9]+/g, "-");
        if (name === "export-model") {
          download(base + ".monotable.json", text);
        } else if (name === "export-workbench") {
          download(base + ".workbench.json", api.exportModel("workbench"));
        } else {
          download(base + ".cfn.json", api.exportModel("cloudformation"));
        }
      } else if (name === "import-model") {
        importModel();
      } else if (name === "open-playground") {
        window.open(await shareLink(), "_blank", "noopener");
      } else if (name === "open-help") {
        openHelp();
      }
    } catch (error) {
      notify("error", "That did not work: " + error.message);
    }
  }

  window.addEventListener("hashchange", async () => {
    if (!mod || !window.location.hash.startsWith(kLinkPrefix)) return;
    try {
      const text = await decodeState(window.location.hash.slice(kLinkPrefix.length));
      if (applyState(text, "link") && mode === "page") {
        history.replaceState(null, "", window.location.pathname + window.location.search);
        await saveNow();
      }
    } catch (error) {
      notify("error", "This link could not be opened: " + error.message +
                      ". Your current work was left as it is.");
    }
  });

  canvas.addEventListener("webglcontextlost", (event) => {
    event.preventDefault();
    fail("The graphics context was lost (the GPU was reset). Reload the page to continue.");
  });
  canvas.addEventListener("contextmenu", (event) => event.preventDefault());

  // --- Offline: the service worker (http(s) only; file:// has none) -----------------------------

  function registerServiceWorker() {
    if (!("serviceWorker" in navigator) || !/^https?:$/.test(window.location.protocol)) return;
    if (window.MONOTABLE_INLINE) return;
    navigator.serviceWorker.register("sw.js").then((registration) => {
      const offerUpdate = (worker) => {
        if (!navigator.serviceWorker.controller || mode !== "page") return;
        notify("update", "A new version of monotable is ready.", [{
          label: "Reload",
          run: () => {
            api.updateRequested = true;
            worker.postMessage("skip-waiting");
          },
        }]);
      };
      if (registration.waiting) offerUpdate(registration.waiting);
      registration.addEventListener("updatefound", () => {
        const worker = registration.installing;
        if (!worker) return;
        worker.addEventListener("statechange", () => {
          if (worker.state === "installed") offerUpdate(worker);
        });
      });
    }).catch((error) => console.warn("monotable: no offline support (" + error.message + ")"));
    let reloading = false;
    navigator.serviceWorker.addEventListener("controllerchange", () => {
      if (reloading || !api.updateRequested) return;
      reloading = true;
      saveNow();
      window.location.reload();
    });
  }

  // --- Start ------------------------------------------------------------------------------------

  function base64ToBytes(text) {
    const binary = atob(text);
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; ++i) bytes[i] = binary.charCodeAt(i);
    return bytes;
  }

  // The single file's engine: base64 of app.wasm gzip-compressed (web/make_single_file.py: base64
  // of the raw bytes made the page over 1 MB gzipped), unpacked with the browser's own
  // DecompressionStream, with progress over the unpacked bytes. Throws if it is damaged.
  async function unpackInlineWasm(inline) {
    const total = inline.wasmSize;
    const unpacked = new Blob([base64ToBytes(inline.wasmGzip)]).stream()
      .pipeThrough(new DecompressionStream("gzip"));
    const reader = unpacked.getReader();
    const bytes = new Uint8Array(total);
    let received = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (received + value.length > total) throw new Error("the inlined engine is damaged");
      bytes.set(value, received);
      received += value.length;
      progress(received / total,
               "Unpacking the engine\u2026 " + Math.round(received / 1024) + " of " +
               Math.round(total / 1024) + " KB");
    }
    if (received !== total) throw new Error("the inlined engine is damaged");
    return bytes;
  }

  // Downloads app.wasm with progress (or unpacks the inlined copy), for Emscripten to instantiate.
  async function fetchWasm() {
    if (inlineWasm) return inlineWasm;
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

  // The single file's engine, unpacking from the start (beside prepareStart), or null.
  let inlineWasm = null;

  function start(todo) {
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
          .catch((error) => {
            console.error(error);
            fail("Could not load the engine: " + (error && error.message ? error.message : error));
          });
        return {};
      },
      onRuntimeInitialized() {
        api.timings.startMs = performance.now() - t0;
        mod = moduleArg;  // ccall is usable from here on (main runs right after)
      },
      onStateError(source, message) {
        if (source === "link") {
          linkFailed = true;
          todo.linkError = message;
        } else {
          todo.savedProblem = message;
        }
      },
      async onAppReady() {
        api.timings.firstFrameMs = performance.now() - t0;
        appRunning = true;
        if (platformControls) {
          call("mt_set_platform_controls", null, ["number", "number"], platformControls);
        }
        // A link that failed inside the engine: the saved work is restored instead.
        if (linkFailed && savedRecord && !todo.savedProblem) {
          try {
            applyState(stateOfRecord(savedRecord), "saved");
          } catch (error) {
            todo.savedProblem = error.message;
          }
        }
        document.body.classList.toggle("light", state().theme === "light");
        // The write fan-out animates unless the user prefers reduced motion (and follows a change).
        if (window.matchMedia) {
          const reduce = window.matchMedia("(prefers-reduced-motion: reduce)");
          const tell = () => call("mt_set_reduced_motion", null, ["number"], [reduce.matches ? 1 : 0]);
          tell();
          if (reduce.addEventListener) reduce.addEventListener("change", tell);
        }
        loading.classList.add("done");
        // Gone once faded: nothing of it can be selected or copied (fail() brings it back).
        setTimeout(() => { if (loading.classList.contains("done")) loading.remove(); }, 400);
        if (mode === "page") canvas.focus();
        try {
          await afterStart(todo);
        } catch (error) {
          console.warn("monotable:", error);
        }
        // A scaled example given in the URL loads while the canvas draws its progress: ready
        // means loaded.
        while (state().loading) await new Promise((resolve) => setTimeout(resolve, 50));
        resolveReady(api);
        // Only now: the worker's caching must not compete with the first download.
        registerServiceWorker();
      },
      onAction,
      onRun() {
        if (api.onRun) api.onRun();
      },
      onCopy: copyToClipboard,
      onTextField,
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
  if (window.MONOTABLE_INLINE && typeof DecompressionStream !== "function") {
    // The single file's engine is inlined compressed (unpackInlineWasm).
    fail("This browser cannot unpack the engine inlined in this file (it has no " +
         "DecompressionStream). Open it in a recent browser: Chrome or Edge 80, Firefox 113, " +
         "Safari 16.4 or later.");
    return;
  }
  if (window.MONOTABLE_INLINE) {
    inlineWasm = unpackInlineWasm(window.MONOTABLE_INLINE);
    inlineWasm.catch(() => {});  // reported where it is used: start's instantiateWasm
  }
  const prepared = prepareStart().catch((error) => {
    console.warn("monotable:", error);
    return { linkError: "", linkUsed: false, savedProblem: null };
  });
  if (typeof createMonotable === "function") {
    prepared.then(start);
  } else {
    const script = document.createElement("script");
    script.src = "app.js";
    script.onload = () => prepared.then(start);
    script.onerror = () => fail("Could not load app.js.");
    document.body.appendChild(script);
  }
})();
