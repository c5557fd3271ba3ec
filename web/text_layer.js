// text_layer.js: the playground's words as DOM text. The canvas (Dear ImGui on WebGL) draws
// everything, and nothing drawn there can be selected, copied, found with Ctrl+F or heard by a
// screen reader. This layer adds, over window.monotable (web/monotable.js):
//   - an aria-live region (#mt-announce) that says in words what every run did ("Query on GSI2:
//     9 items returned, 9 read, 1,494 bytes, 0.5 RRU, $0.0625 per million"), whoever ran it;
//   - a "Text view" (#mt-text, opened by the #mt-text-toggle button or Alt+Shift+T) beside the
//     canvas on a wide screen, instead of it on a narrow one: the last request's result (the items
//     as a <table>, Count and ScannedCount, the error with its __type and message, the response
//     JSON), the cost arithmetic (the capacity lines the cost panel shows, the read modes, lints,
//     the session) and the current tour step with Back, Next and Run this step.
// Its words come from the engine's view models (ui/text_export.h via monotable.text()), the same
// ones the canvas panels draw, and it follows the canvas: it polls monotable.textKey() once a
// frame and rebuilds only when that moves (a run, a tour step, a model loaded or restored).
// Data is always set as textContent, never parsed as HTML. window.monotable.textLayer: {open(),
// close(), isOpen(), lastAnnouncement}.
(function () {
  "use strict";
  const api = window.monotable;
  if (!api) return;

  function el(tag, attributes, text) {
    const node = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes || {})) {
      if (name === "class") {
        node.className = value;
      } else {
        node.setAttribute(name, value);
      }
    }
    if (text !== undefined) node.textContent = text;
    return node;
  }

  // --- The elements -----------------------------------------------------------------------------

  const layer = el("div", { id: "mt-text-layer" });
  const toggle = el("button", {
    id: "mt-text-toggle",
    type: "button",
    "aria-expanded": "false",
    "aria-controls": "mt-text",
    "aria-keyshortcuts": "Alt+Shift+T",
    title: "The result, the cost and the tour as text you can select, copy and search " +
           "(Alt+Shift+T)",
  }, "Text view");
  // Polite: a run is announced after what the reader is hearing, never cutting it off.
  const announce = el("div", {
    id: "mt-announce",
    class: "mt-sr-only",
    role: "status",
    "aria-live": "polite",
    "aria-atomic": "true",
  });
  const panel = el("aside", { id: "mt-text", "aria-labelledby": "mt-text-title", hidden: "" });
  const header = el("div", { class: "mt-text-header" });
  const title = el("h1", { id: "mt-text-title", tabindex: "-1" }, "Text view");
  const wide = el("button", {
    type: "button",
    class: "mt-text-wide",
    "aria-pressed": "false",
    title: "Give the text view the whole window (the canvas is hidden)",
  }, "Full width");
  const close = el("button", { type: "button", class: "mt-text-close" }, "Close");
  header.append(title, wide, close);
  const body = el("div", { class: "mt-text-body" });
  panel.append(header, body);
  layer.setAttribute("role", "region");
  layer.setAttribute("aria-label", "Text view");
  // What a screen reader hears on the canvas: where its words can be read.
  const note = el("p", { id: "mt-canvas-note", class: "mt-sr-only" },
                  "Drawn on a canvas. The Text view button (Alt+Shift+T) shows the last " +
                  "request's result, its cost and the tour as text.");
  layer.append(toggle, announce, note, panel);
  document.body.insertBefore(layer, document.body.firstChild);
  const canvas = document.getElementById("canvas");
  if (canvas) canvas.setAttribute("aria-describedby", "mt-canvas-note");

  // Emscripten's GLFW listens for keys on the whole window (capture) and cancels Tab and
  // Backspace: keys meant for the text view would move nothing and reach ImGui instead (Ctrl+C
  // would copy ImGui's text over the reader's selection, Enter would press an ImGui button). This
  // listener is registered before GLFW's (app.js starts later), so it runs first and keeps the
  // text view's keys to the page. Alt+Shift+T opens and closes the view from anywhere. Key-ups
  // pass: a modifier pressed on the canvas and released in the view must not stay down in ImGui.
  function onKey(event) {
    const mine = layer.contains(event.target);
    if (event.type === "keydown" && event.altKey && event.shiftKey && !event.ctrlKey &&
        !event.metaKey && event.code === "KeyT") {
      event.preventDefault();
      event.stopImmediatePropagation();
      setOpen(!isOpen(), true);
      return;
    }
    if (mine) {
      event.stopImmediatePropagation();
      if (event.type === "keydown" && event.key === "Escape" && isOpen()) {
        event.preventDefault();
        setOpen(false, true);
      }
    }
  }
  for (const type of ["keydown", "keypress"]) window.addEventListener(type, onKey, true);

  // --- Open, close, width -----------------------------------------------------------------------

  function isOpen() {
    return !panel.hidden;
  }

  function setOpen(open, moveFocus) {
    panel.hidden = !open;
    toggle.setAttribute("aria-expanded", open ? "true" : "false");
    toggle.textContent = open ? "Hide text view" : "Text view";
    document.body.classList.toggle("mt-text-open", open);
    if (open) {
      lastKey = null;  // render now, whatever the key
      update();
      if (moveFocus) title.focus();
    } else if (moveFocus) {
      toggle.focus();
    }
  }

  toggle.addEventListener("click", () => setOpen(!isOpen(), true));
  close.addEventListener("click", () => setOpen(false, true));
  wide.addEventListener("click", () => {
    const on = !document.body.classList.contains("mt-text-full");
    document.body.classList.toggle("mt-text-full", on);
    wide.setAttribute("aria-pressed", on ? "true" : "false");
  });

  // --- Rendering --------------------------------------------------------------------------------

  function section(id, heading) {
    const s = el("section", { class: "mt-text-section", "aria-labelledby": id });
    s.appendChild(el("h2", { id }, heading));
    return s;
  }

  // A table in a scroller that the keyboard can reach (a region that scrolls must be focusable).
  function scroller(label, table) {
    const box = el("div", { class: "mt-scroll", tabindex: "0", role: "region", "aria-label": label });
    box.appendChild(table);
    return box;
  }

  function table(caption, columns, rows) {
    const t = el("table");
    if (caption) t.appendChild(el("caption", {}, caption));
    const head = el("thead");
    const tr = el("tr");
    for (const c of columns) tr.appendChild(el("th", { scope: "col" }, c));
    head.appendChild(tr);
    t.appendChild(head);
    const tbody = el("tbody");
    for (const row of rows) {
      const r = el("tr");
      for (const cell of row) {
        if (cell instanceof Node) {
          const td = el("td");
          td.appendChild(cell);
          r.appendChild(td);
        } else {
          // Short values stay on one line (keys, dates); long ones wrap in a wider column.
          r.appendChild(el("td", String(cell).length > 40 ? { class: "mt-long" } : {}, cell));
        }
      }
      tbody.appendChild(r);
    }
    t.appendChild(tbody);
    return t;
  }

  function renderRun(text) {
    const s = section("mt-run-h", "Last request");
    s.appendChild(el("p", { id: "mt-summary", class: "mt-summary" },
                     text.summary || "Nothing has run yet. Run an access pattern or a request."));
    return s;
  }

  function renderResult(result) {
    const s = section("mt-result-h", "Result");
    if (!result.hasResult) {
      s.appendChild(el("p", { class: "mt-muted" }, "The response of each request appears here."));
      return s;
    }
    if (!result.ok) {
      const box = el("div", { id: "mt-error", class: "mt-error" });
      box.appendChild(el("p", { class: "mt-error-type" }, result.errorType));
      if (result.wireType && result.wireType !== result.errorType) {
        box.appendChild(el("p", { class: "mt-error-wire" }, "__type: " + result.wireType));
      }
      box.appendChild(el("p", { id: "mt-error-message", class: "mt-error-message" },
                         result.errorMessage));
      s.appendChild(box);
    } else {
      if (result.hasCount) {
        s.appendChild(el("p", { id: "mt-counts" },
                         "Count " + result.count + ", ScannedCount " + result.scannedCount));
      }
      if (result.lastEvaluatedKey) {
        s.appendChild(el("p", {}, "More results: LastEvaluatedKey " + result.lastEvaluatedKey));
      }
      if (result.nextToken) s.appendChild(el("p", {}, "More results: NextToken"));
      for (const e of result.statementErrors || []) {
        s.appendChild(el("p", { class: "mt-error-message" }, e));
      }
      if (result.rows.length) {
        const n = result.rowCount;
        const caption = n + (n === 1 ? " item" : " items") +
                        (result.rows.length < n ? " (the first " + result.rows.length + ")" : "");
        const t = table(caption, result.columns, result.rows);
        t.id = "mt-items";
        s.appendChild(scroller("Items returned", t));
      } else {
        s.appendChild(el("p", { class: "mt-muted" }, "No items returned."));
      }
    }
    const fanout = result.fanout;
    if (fanout && fanout.groups && fanout.groups.length) {
      // The write's fan-out in words: the table's write, then what became of each index's entry.
      const f = el("div", { id: "mt-fanout" });
      f.appendChild(el("p", {}, "Fan-out: " + fanout.summary));
      for (const group of fanout.groups) {
        if (group.label) f.appendChild(el("p", { class: "mt-fanout-group" }, group.label));
        const list = el("ul", { class: "mt-fanout" });
        for (const box of group.boxes) {
          const parts = [box.title + ": " + box.action];
          if (box.key) parts.push(box.key);
          if (box.oldKey) parts.push(box.oldKey);
          if (box.size) parts.push(box.size);
          parts.push(box.units);
          if (box.reason) parts.push(box.reason);
          list.appendChild(el("li", box.written ? {} : { class: "mt-muted" }, parts.join(", ")));
        }
        f.appendChild(list);
      }
      s.appendChild(f);
    }
    if (result.json) {
      const details = el("details");
      details.appendChild(el("summary", {}, "Response JSON"));
      const pre = el("pre", { class: "mt-json", tabindex: "0" }, result.json);
      details.appendChild(pre);
      s.appendChild(details);
    }
    return s;
  }

  function renderCost(cost) {
    const s = section("mt-cost-h", "Cost");
    if (!cost.hasCost) {
      s.appendChild(el("p", { class: "mt-muted" },
                       "Capacity and dollars of each request appear here. Prices: us-east-1 " +
                       "on-demand, " + cost.readUnitPrice + " per million RRU, " +
                       cost.writeUnitPrice + " per million WRU."));
      return s;
    }
    s.appendChild(el("p", { id: "mt-cost-headline", class: "mt-headline" },
                     cost.readUnits + " RRU, " + cost.writeUnits + " WRU, " + cost.perMillion +
                     " per million"));
    s.appendChild(el("p", {}, "This request: " + cost.thisRequest + " on-demand (" +
                              "us-east-1 prices as of " + cost.pricesAsOf + ")"));
    if (cost.lines.length) {
      const t = table("Capacity per table and index", ["Capacity on", "Units", "How"],
                      cost.lines.map((l) => [l.target, l.units, l.arithmetic]));
      t.id = "mt-capacity";
      s.appendChild(scroller("Capacity", t));
    }
    if (cost.readModes.length) {
      const t = table("The same read as", ["Read", "Units", "Per million"],
                      cost.readModes.map((m) => [m.mode + (m.current ? " (this request)" : ""),
                                                 m.units, m.perMillion]));
      s.appendChild(scroller("Read modes", t));
    }
    if (cost.lints.length) {
      const list = el("ul", { class: "mt-lints", "aria-label": "Advice" });
      for (const lint of cost.lints) list.appendChild(el("li", {}, lint));
      s.appendChild(list);
    }
    if (cost.streamRecords.length) {
      s.appendChild(el("p", {}, "Stream records (" + cost.streamRecords.length + ")"));
      const list = el("ul", { class: "mt-stream" });
      for (const r of cost.streamRecords) list.appendChild(el("li", {}, r));
      s.appendChild(list);
    }
    s.appendChild(el("p", { class: "mt-muted" }, cost.session));
    return s;
  }

  function renderTour(tour) {
    const s = section("mt-tour-h", tour.modelName ? "Tour of " + tour.modelName : "Tour");
    if (!tour.count) {
      s.appendChild(el("p", {}, tour.description || "This model has no tour."));
      return s;
    }
    s.appendChild(el("p", { id: "mt-tour-step", class: "mt-muted" },
                     "Step " + (tour.step + 1) + " of " + tour.count));
    if (tour.title) s.appendChild(el("h3", { id: "mt-tour-title" }, tour.title));
    s.appendChild(el("p", { id: "mt-tour-text" }, tour.text));
    if (tour.lookAt) s.appendChild(el("p", { class: "mt-look" }, tour.lookAt));
    const buttons = el("div", { class: "mt-tour-buttons" });
    const back = el("button", { type: "button" }, "Back");
    back.disabled = tour.step === 0;
    back.addEventListener("click", () => moveTour(tour.step - 1, false, "mt-tour-back"));
    back.id = "mt-tour-back";
    const next = el("button", { type: "button", id: "mt-tour-next" }, "Next");
    next.disabled = tour.step + 1 >= tour.count;
    next.addEventListener("click", () => moveTour(tour.step + 1, false, "mt-tour-next"));
    buttons.append(back, next);
    if (tour.runs) {
      const run = el("button", { type: "button", id: "mt-tour-run" }, "Run this step");
      run.addEventListener("click", () => moveTour(tour.step, true, "mt-tour-run"));
      buttons.appendChild(run);
      buttons.appendChild(el("span", { class: "mt-muted" }, tour.runs));
    }
    s.appendChild(buttons);
    return s;
  }

  // Moves the tour (and runs the step); the button keeps the focus across the rebuild, and the
  // new step is announced (a run announces itself).
  function moveTour(step, run, focusId) {
    api.tour(step, run);
    lastKey = null;
    update();
    const again = document.getElementById(focusId);
    if (again && !again.disabled) {
      again.focus();
    } else {
      title.focus();
    }
    if (!run && lastText) {
      const t = lastText.tour;
      say("Tour step " + (t.step + 1) + " of " + t.count + (t.title ? ": " + t.title : ""));
    }
  }

  function render(text) {
    // Keep the reader's place: the scroll position survives the rebuild.
    const top = body.scrollTop;
    const jsonOpen = body.querySelector("details[open]") !== null;
    body.replaceChildren(renderRun(text), renderResult(text.result), renderCost(text.cost),
                         renderTour(text.tour));
    for (const d of body.querySelectorAll("details")) d.open = jsonOpen;
    body.scrollTop = top;
  }

  // --- Announcements ----------------------------------------------------------------------------

  const textLayer = { lastAnnouncement: "" };

  // A new node each time: a screen reader announces a second identical run too.
  function say(sentence) {
    textLayer.lastAnnouncement = sentence;
    announce.replaceChildren(el("p", {}, sentence));
  }

  // --- Following the canvas ---------------------------------------------------------------------

  let lastKey = null;
  let lastRun = null;  // the run serial in the key (ui/app.cc TextKey: loads, runs, tour step)
  let lastText = null;

  function runPart(key) {
    return Math.floor(key / 4096) % 1048576;
  }

  function update() {
    const key = api.textKey();
    if (key < 0 || key === lastKey) return;
    const first = lastKey === null && lastRun === null;
    lastKey = key;
    let text;
    try {
      text = api.text();
    } catch (error) {
      console.warn("monotable: the text view could not be updated", error);
      return;
    }
    lastText = text;
    const run = runPart(key);
    // A run moved the serial (a load, an undo or a tour step moves the other parts only).
    if (!first && run !== lastRun && text.summary) say(text.summary);
    lastRun = run;
    if (isOpen()) render(text);
  }

  function loop() {
    update();
    requestAnimationFrame(loop);
  }

  // The toggle floats over the canvas; the app's layouts leave it room (App::SetPlatformControls)
  // where it would cover something: at the right end of the phone page's top bar, and below the
  // stacked widget's panels. Measured from where the CSS put it, again when the window resizes.
  let reserved = "";
  function reserveRoom() {
    const box = toggle.getBoundingClientRect();
    if (box.width === 0) return;  // hidden while the text view is open: keep what was reserved
    const topRight = box.top < 64 ? Math.ceil(window.innerWidth - box.left) + 8 : 0;
    const bottom = document.body.classList.contains("embed") ? Math.ceil(box.height) + 16 : 0;
    const key = topRight + "," + bottom;
    if (key === reserved) return;
    reserved = key;
    api.setPlatformControls(topRight, bottom);
  }
  window.addEventListener("resize", reserveRoom);
  api.ready.then(reserveRoom, () => {});

  textLayer.open = () => setOpen(true, false);
  textLayer.close = () => setOpen(false, false);
  textLayer.isOpen = isOpen;
  api.textLayer = textLayer;

  // What was there at start (a widget opens with its pattern's answer) is not announced: an
  // article with four widgets would speak four times as it loads. Every run after it is.
  api.ready.then(() => requestAnimationFrame(loop), () => {});
})();
