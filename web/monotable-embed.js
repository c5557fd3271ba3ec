// monotable-embed.js: turns elements like
//   <div data-monotable-model="orders" data-monotable-pattern="open-orders"></div>
// into live monotable widgets (an iframe each, so every widget has its own engine and nothing
// leaks between them) and gives the page a small client per widget:
//
//   const widget = MonotableEmbed.get(element);    // or element.monotable, or MonotableEmbed.mount
//   await widget.ready;                            // the widget has drawn and loaded its model
//   await widget.run("Query", {...});              // -> {response, ok, error?, effects}
//   await widget.show("open-orders");              // load (and, if it reads, run) a pattern
//   await widget.loadModel("vaultcommerce");       // or a model object / file text
//   await widget.reset();  await widget.state();
//   widget.on("result", (result) => ...);          // every request run in the widget
//   widget.on("effects", (effects) => ...);
//   widget.on("resize", (height) => ...);         // a narrow widget's height (CSS px), or null
//
// Attributes (all optional but one of model / pattern / request):
//   data-monotable-model      built-in example: "orders" or "vaultcommerce"
//   data-monotable-pattern    access pattern id to show (runs if it only reads)
//   data-monotable-operation  + data-monotable-request: a request of your own (JSON)
//   data-monotable-panels     "request,result,cost" (default) plus "table"
//   data-monotable-theme      "dark" (default) or "light"
//   data-monotable-height     pixels (default 440); a widget narrower than 760 px stacks its
//                             panels and is as tall as they are instead
//   data-monotable-allowed-origins  origins whose messages the widget obeys (space separated;
//                                   default: this page's own origin)
// The widget's files are found next to this script, so a site may live under any path.
(function () {
  "use strict";
  if (window.MonotableEmbed) return;
  const script = document.currentScript;
  const base = new URL(".", script ? script.src : window.location.href);
  const widgetOrigin = base.origin;
  const clients = [];
  let counter = 0;
  let callCounter = 0;
  // The tallest a stacked widget may grow (CSS px): its panels scroll past that.
  const kMaxHeight = 4000;

  function optionsOf(element) {
    const d = element.dataset;
    return {
      model: d.monotableModel || "",
      pattern: d.monotablePattern || "",
      operation: d.monotableOperation || "",
      request: d.monotableRequest || "",
      panels: d.monotablePanels || "",
      theme: d.monotableTheme || "",
      height: d.monotableHeight || "",
      allowedOrigins: d.monotableAllowedOrigins || "",
    };
  }

  class Client {
    constructor(element, options) {
      this.element = element;
      this.id = "w" + ++counter;
      this.listeners = { ready: [], result: [], effects: [], resize: [] };
      this.pending = new Map();
      const height = /^\d+$/.test(String(options.height || "")) ? Number(options.height) : 440;
      this.height = height;  // what the page asked for; a stacked widget reports its own
      const url = new URL("embed.html", base);
      const set = (name, value) => {
        if (value) url.searchParams.set(name, value);
      };
      set("model", options.model);
      set("pattern", options.pattern);
      set("operation", options.operation);
      set("request", options.request);
      set("panels", options.panels);
      set("theme", options.theme);
      set("height", String(height));
      set("widget", this.id);
      // The widget obeys this page (and whoever the embedder names), nobody else.
      set("origins", options.allowedOrigins || window.location.origin);
      const frame = document.createElement("iframe");
      frame.src = url.href;
      frame.title = "monotable: " + (options.pattern || options.operation || options.model ||
                                     "DynamoDB playground");
      frame.setAttribute("allow", "clipboard-write");
      frame.style.cssText = "display:block;width:100%;border:0;border-radius:8px;" +
                            "box-shadow:0 1px 3px rgba(0,0,0,.25);height:" + height + "px";
      frame.className = "monotable-frame";
      this.frame = frame;
      this.ready = new Promise((resolve) => {
        this.resolveReady = resolve;
      });
      element.textContent = "";
      element.appendChild(frame);
      element.monotable = this;
      clients.push(this);
    }

    on(type, listener) {
      (this.listeners[type] || (this.listeners[type] = [])).push(listener);
      return () => this.off(type, listener);
    }

    off(type, listener) {
      const list = this.listeners[type] || [];
      const at = list.indexOf(listener);
      if (at >= 0) list.splice(at, 1);
    }

    emit(type, value) {
      for (const listener of (this.listeners[type] || []).slice()) {
        try {
          listener(value);
        } catch (error) {
          console.error(error);
        }
      }
    }

    // Calls a widget method; rejects with the widget's error, or after `timeoutMs`.
    call(method, args, timeoutMs) {
      const callId = this.id + "." + ++callCounter;
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          this.pending.delete(callId);
          reject(new Error("monotable widget " + this.id + " did not answer " + method));
        }, timeoutMs || 20000);
        this.pending.set(callId, { resolve, reject, timer });
        this.frame.contentWindow.postMessage(
            { type: "monotable:call", callId, method, args: args || [] }, widgetOrigin);
      });
    }

    loadModel(nameOrModel, scale) { return this.call("loadModel", [nameOrModel, scale || 1]); }
    run(operation, request) { return this.call("run", [operation, request]); }
    show(pattern) { return this.call("show", [pattern]); }
    showRequest(operation, request) { return this.call("show", ["", operation, request]); }
    reset() { return this.call("reset"); }
    state() { return this.call("state"); }
    getState() { return this.call("getState"); }
    setState(text) { return this.call("setState", [text]); }
    setTheme(theme) { return this.call("setTheme", [theme]); }

    receive(data) {
      if (data.type === "monotable:reply") {
        const entry = this.pending.get(data.callId);
        if (!entry) return;
        this.pending.delete(data.callId);
        clearTimeout(entry.timer);
        if (data.ok) entry.resolve(data.value);
        else entry.reject(new Error(data.error));
      } else if (data.type === "monotable:ready") {
        this.resolveReady(this);
        this.emit("ready", data.state);
      } else if (data.type === "monotable:result") {
        this.emit("result", data.result);
      } else if (data.type === "monotable:effects") {
        this.emit("effects", data.effects);
      } else if (data.type === "monotable:resize") {
        // A stacked widget's content height; null: back to the height the page asked for.
        const h = Number(data.height);
        const height = data.height !== null && Number.isFinite(h) && h > 0
                           ? Math.min(Math.ceil(h), kMaxHeight) : null;
        this.frame.style.height = (height || this.height) + "px";
        this.emit("resize", height);
      }
    }
  }

  // Only messages from one of our widget frames, from the widget's own origin, reach a client.
  window.addEventListener("message", (event) => {
    if (event.origin !== widgetOrigin) return;
    const data = event.data;
    if (!data || typeof data !== "object" || typeof data.type !== "string") return;
    for (const client of clients) {
      if (client.frame.contentWindow === event.source) {
        client.receive(data);
        return;
      }
    }
  });

  function mount(element, options) {
    if (element.monotable) return element.monotable;
    return new Client(element, Object.assign(optionsOf(element), options || {}));
  }

  function mountAll(root) {
    const selector = "[data-monotable-model],[data-monotable-pattern],[data-monotable-request]";
    return Array.from((root || document).querySelectorAll(selector)).map((el) => mount(el));
  }

  window.MonotableEmbed = {
    mount,
    mountAll,
    get: (element) => (element && element.monotable) || null,
    clients: () => clients.slice(),
  };

  // Elements already parsed get their widget now (a script at the end of the body can use them
  // at once); the rest when the document is complete.
  mountAll();
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", () => mountAll());
  }
})();
