// embed-frame.js: the widget's side of the host-page API (embed.html, inside the iframe the
// loader monotable-embed.js creates). Host pages talk to it only through postMessage:
//
//   host -> widget  {type: "monotable:call", callId, method, args}
//       methods: loadModel(nameOrModel, scale?), run(operation, request), show(pattern) or
//                show("", operation, request), reset(), state(), getState(), setState(text),
//                setTheme("dark"|"light")
//   widget -> host  {type: "monotable:reply", widget, callId, ok, value | error}
//                   {type: "monotable:ready", widget, state}
//                   {type: "monotable:result", widget, result: {operation, request, response,
//                                                               ok, error?, effects}}
//                   {type: "monotable:effects", widget, effects}
//                   {type: "monotable:resize", widget, height}
//
// A widget narrower than 760 CSS px stacks its panels (request, then result, then cost) and is as
// tall as they are: "monotable:resize" tells the host that height in CSS px whenever it changes
// (monotable-embed.js sizes the iframe to it), and height null when the widget is wide again (the
// host goes back to the height it asked for).
//
// A message is obeyed only if it comes from the parent window AND from an origin the embedder
// allowed (URL parameter `origins`, space or comma separated; without it, the origin of the page
// that embeds this one). Anything else is ignored. Messages are data: nothing in them is ever
// evaluated, and only the methods above can be called. Replies and events go only to allowed
// origins.
(function () {
  "use strict";
  const api = window.monotable;
  const params = new URLSearchParams(window.location.search);
  const widget = params.get("widget") || "";

  function parentOrigin() {
    if (window.location.ancestorOrigins && window.location.ancestorOrigins.length) {
      return window.location.ancestorOrigins[0];
    }
    try {
      return document.referrer ? new URL(document.referrer).origin : "";
    } catch (error) {
      return "";
    }
  }

  const allowed = (params.get("origins") || parentOrigin())
                      .split(/[\s,]+/)
                      .filter((origin) => origin.length > 0);
  api.allowedOrigins = allowed;
  api.ignoredMessages = 0;

  function post(message) {
    if (window.parent === window) return;
    message.widget = widget;
    for (const origin of allowed) window.parent.postMessage(message, origin);
  }

  function lastRun() {
    const s = api.state();
    return {
      operation: s.lastRequest ? s.lastRequest.operation : "",
      request: s.lastRequest ? s.lastRequest.request : null,
      response: s.response,
      ok: s.ok,
      error: s.error,
      effects: s.effects,
    };
  }

  const methods = {
    loadModel: (nameOrModel, scale) => api.loadModel(nameOrModel, scale),
    run: (operation, request) => api.run(String(operation), request),
    show: (pattern, operation, request) => api.show(pattern, operation, request),
    reset: () => api.reset(),
    state: () => api.state(),
    getState: () => api.getState(false),
    setState: (text) => api.setState(String(text)),
    setTheme: (theme) => api.setTheme(theme === "light" ? "light" : "dark"),
  };

  window.addEventListener("message", async (event) => {
    const data = event.data;
    if (event.source !== window.parent || !allowed.includes(event.origin)) {
      if (data && typeof data === "object" && data.type === "monotable:call") {
        api.ignoredMessages += 1;
        console.warn("monotable: ignored a message from " + event.origin +
                     " (allowed: " + allowed.join(" ") + ")");
      }
      return;
    }
    if (!data || typeof data !== "object" || data.type !== "monotable:call") return;
    const reply = { type: "monotable:reply", callId: data.callId };
    const method = Object.prototype.hasOwnProperty.call(methods, data.method)
                       ? methods[data.method]
                       : null;
    try {
      if (!method) throw new Error("unknown method " + String(data.method));
      await api.ready;
      const args = Array.isArray(data.args) ? data.args : [];
      reply.value = await method(...args);
      reply.ok = true;
    } catch (error) {
      reply.ok = false;
      reply.error = error && error.message ? error.message : String(error);
    }
    if (window.parent !== window) window.parent.postMessage(
        Object.assign(reply, { widget }), event.origin);
  });

  // Every request run, by the reader clicking or through the API, is reported to the host.
  api.onRun = () => {
    const result = lastRun();
    post({ type: "monotable:result", result });
    post({ type: "monotable:effects", effects: result.effects });
  };

  // The app tracks its stacked content as the widget rectangle "##content" (ui/app_layout.cc).
  let reportedHeight;
  function reportHeight() {
    const rect = api.widgetRect("##content");
    const height = rect && rect.h > 0 ? Math.ceil(rect.h) : null;
    if (height === reportedHeight) return;
    reportedHeight = height;
    api.contentHeight = height;
    post({ type: "monotable:resize", height });
  }

  api.ready.then(() => {
    post({ type: "monotable:ready", state: api.state() });
    reportHeight();
    setInterval(reportHeight, 150);
  });
})();
