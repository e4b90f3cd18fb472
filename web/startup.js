// The start's failure path: whatever keeps the game from starting, the player is told in plain
// words within seconds, with a Try again button and the technical detail folded away; and so is
// Python failing for good once the game is playable (below, "after the start").
//
// A classic script (not a module), first in <head>: it also runs where module scripts never
// will — a page opened from disk (file:, where browsers block modules) and a browser without
// what the game needs. It records every failed request of the start once (fetch, script and
// style elements), listens for the start's own failure signals (web/boot.js, PyScript's error
// elements, an unhandled rejection), and keeps a watchdog. It never touches the saved game:
// the start fails before Python runs, and the save resumes once a start succeeds.
(() => {
  "use strict";
  const root = document.documentElement;
  const WATCHDOG_MS = 45_000; // not playable after this long: say so and offer Try again
  const PROGRESS_GRACE_MS = 15_000; // while the start still makes progress, wait this much more
  const WATCHDOG_MAX_MS = 180_000;
  // What each of the start's files is, in words (the first match of its URL wins).
  const PARTS = [
    [/\/vendor\/pyodide\//, "part of Python"],
    [/\/vendor\/pyscript\//, "part of PyScript, which runs Python in the page"],
    [/pyscript\.toml|\/web\/|\.py$/, "the game's own files"],
  ];
  // Files whose loss the start recovers from by itself (a slower start, not a failure).
  const RECOVERED =
    /pyodide-snapshot\.(bin|raw)|pyscript-bytecode\.bin|rules\.html|(winnable|wins|tiers|daily)\.txt/;
  const failures = []; // [url, reason], once each: requests that failed
  const unloaded = []; // [url, reason]: script and style elements that did not load
  const started = performance.now();
  let failed = false;
  let deadline = WATCHDOG_MS;

  const ready = () => root.dataset.ready === "true";

  // Leaving the page cuts its requests short, and Firefox and WebKit reject such a fetch as they
  // would a lost connection, while the page still runs (before pagehide): that is no failure to
  // show or report. beforeunload says the player is leaving; it is listened to only while the
  // start's requests are in flight, until web/page.py has the last of its lists
  // (thePlotFetchesDone), as a beforeunload listener keeps Firefox from holding the page in its
  // back/forward cache.
  let leaving = false;
  const left = () => { leaving = true; };
  addEventListener("beforeunload", left);
  window.thePlotLeaving = () => leaving;
  window.thePlotFetchesDone = () => removeEventListener("beforeunload", left);

  function note(url, reason, list = failures) {
    if (!list.some(([u]) => u === url)) list.push([url, reason]);
  }

  // What the browser fetched for the page without fetch() (module imports, WebAssembly streams):
  // its resource timing says which request failed, where it gives the status.
  function noteFailedResources() {
    for (const entry of performance.getEntriesByType("resource")) {
      if (!("responseStatus" in entry) || new URL(entry.name).origin !== location.origin) continue;
      if (entry.responseStatus >= 400) {
        note(entry.name, `HTTP ${entry.responseStatus}`);
      } else if (entry.responseStatus === 0 && entry.decodedBodySize === 0) {
        note(entry.name, "network"); // no answer at all: the connection failed
      }
    }
  }

  function partOf(url) {
    const found = PARTS.find(([pattern]) => pattern.test(url));
    return found ? found[1] : "a file it needs";
  }

  function reasonText(reason) {
    return reason === "network" ? "the connection failed" : reason;
  }

  // Run `action` once the element with id `id` has been parsed (this script runs in <head>).
  function whenParsed(id, action) {
    if (document.getElementById(id)) {
      action();
      return;
    }
    const watch = new MutationObserver(() => {
      if (document.getElementById(id)) {
        watch.disconnect();
        action();
      }
    });
    watch.observe(root, { childList: true, subtree: true });
  }

  // ---- what the panel says -----------------------------------------------------------------

  function show(kind, title, text, detail) {
    const panel = document.getElementById("start-failed");
    if (!document.getElementById("start-failed-detail")) {
      whenParsed("start-failed-detail", () => show(kind, title, text, detail));
      return;
    }
    root.classList.add("start-failed");
    panel.dataset.kind = kind;
    panel.hidden = false;
    document.getElementById("start-failed-title").textContent = title;
    document.getElementById("start-failed-text").textContent = text;
    document.getElementById("start-failed-detail").textContent = detail;
    const message = document.getElementById("message");
    if (message && !ready()) message.textContent = text;
    const state = document.getElementById("state");
    if (state && !ready()) {
      state.dataset.status = kind === "slow" ? "loading" : "error";
      state.textContent = kind === "slow" ? "Slow" : "Error";
    }
  }

  function details(error) {
    const lines = [...failures, ...unloaded].map(([url, reason]) => `${url}: ${reasonText(reason)}`);
    if (error) lines.push(String(error && error.stack ? error.stack : error));
    lines.push(`${navigator.userAgent}`);
    return lines.join("\n");
  }

  function fail(error) {
    if (failed || ready() || leaving) return;
    failed = true;
    noteFailedResources();
    const blocking = [...failures, ...unloaded].find(([url]) => !RECOVERED.test(url));
    let text;
    if (blocking) {
      const [url, reason] = blocking;
      text = `The game could not download ${partOf(url)} (${reasonText(reason)}). Check your ` +
        "connection and try again.";
    } else {
      text = "The game hit an error while starting. Try again; if it happens again, the " +
        "technical details below help to report it.";
    }
    show("failed", "The game could not start", `${text} Your saved game is safe.`,
      details(error));
  }
  window.thePlotStartFailed = fail; // web/boot.js calls it when Pyodide cannot start

  // ---- opened from disk, or a browser without what the game needs ---------------------------

  if (location.protocol === "file:") {
    failed = true;
    root.classList.add("from-disk"); // style.css shows #from-disk and hides the table
    whenParsed("table", () => {
      const panel = document.getElementById("from-disk");
      const home = panel.dataset.home; // the hosted site, where the build was told of one
      if (home) {
        const link = document.getElementById("from-disk-home");
        link.href = home;
        link.textContent = home;
        link.parentElement.hidden = false;
      }
      document.getElementById("message").textContent =
        "Opened from a file: the game needs a web address to run (see below).";
    });
    return;
  }
  const missing = [];
  if (typeof WebAssembly !== "object") missing.push("WebAssembly");
  if (!("noModule" in HTMLScriptElement.prototype)) missing.push("JavaScript modules");
  if (typeof Promise !== "function" || typeof fetch !== "function") missing.push("fetch");
  if (missing.length) {
    failed = true; // what follows from it (Pyodide failing) says nothing more
    root.classList.add("unsupported");
    show("unsupported", "This browser cannot run the game",
      `The game needs ${missing.join(" and ")}, which this browser does not have (or has ` +
      "turned off). Open it in a current version of Firefox, Chrome, Edge or Safari.",
      `missing: ${missing.join(", ")}\n${navigator.userAgent}`);
    return;
  }

  // ---- a returning player's table, on screen at the first paint ---------------------------
  // What Python last drew (web/preview.py writes its description after every move), put on the
  // table's skeleton before any module runs: cards copied from the build's card faces, counts,
  // state flags and spoken names. Inert, with a "Loading your game…" line, until the game is
  // playable and the real render (web/render.py) takes over, drawing the same table.
  const CARD = /^[A2-9TJQK][SHDC]$/;
  const FLAGS = ["empty", "locked", "complete"];

  function showPreview() {
    let record;
    try {
      record = JSON.parse(localStorage.getItem("the-plot/preview"));
    } catch {
      return; // storage blocked, or nothing readable kept: the skeleton stays as it is
    }
    if (!record || record.format !== "the-plot-preview" || record.version !== 1) return;
    const faces = document.getElementById("card-faces");
    if (!faces || typeof record.piles !== "object") return;
    for (const [name, entry] of Object.entries(record.piles)) {
      const el = document.querySelector(`[data-pile="${CSS.escape(name)}"]`);
      if (!el || !Array.isArray(entry)) continue;
      const [cards, count, flags, label, countText, bases] = entry;
      const drawn = [];
      for (const code of Array.isArray(cards) ? cards : []) {
        const face = CARD.test(code) && faces.content.querySelector(`[data-card="${code}"]`);
        if (face) drawn.push(el.appendChild(face.cloneNode(true)));
      }
      for (const i of Array.isArray(bases) ? bases : []) drawn[i]?.classList.add("base");
      for (const flag of FLAGS) el.classList.toggle(flag, Array.isArray(flags) && flags.includes(flag));
      el.setAttribute("data-count", String(Number(count) || 0));
      if (el.classList.contains("fan")) el.style.setProperty("--n", String(Number(count) || 0));
      el.querySelector(".count")?.setAttribute("data-n", String(countText ?? ""));
      if (typeof label === "string") el.setAttribute("aria-label", label);
    }
    const table = document.getElementById("table");
    (Array.isArray(record.rows) ? record.rows : []).forEach((longest, i) => {
      table.style.setProperty(`--r${i + 1}`, String(Number(longest) || 1));
    });
    document.getElementById("game-number").textContent = String(Number(record.number));
    document.getElementById("moves").textContent = String(Number(record.moves) || 0);
    if (typeof record.base === "string" && record.base.length <= 2) {
      document.getElementById("base-rank").textContent = record.base;
      for (const ghost of document.querySelectorAll(".ghost")) ghost.dataset.r = record.base;
    }
    root.classList.toggle("restricted", record.restricted === true);
    table.inert = true; // web/page.py lets go once the game is playable
    root.classList.add("preview");
    const line = document.getElementById("message");
    if (line?.firstChild) line.firstChild.textContent = "Loading your game\u2026 ";
  }
  whenParsed("sky", () => {
    try {
      showPreview();
    } catch (error) {
      console.warn("The Plot: the preview of the last table was not shown:", error);
    }
  });

  // ---- every failed request of the start, once ----------------------------------------------

  const pageFetch = window.fetch.bind(window);
  window.fetch = async (...args) => {
    const url = String(args[0] instanceof Request ? args[0].url : args[0]);
    try {
      const response = await pageFetch(...args);
      if (!response.ok) lost(url, `HTTP ${response.status}`);
      return response;
    } catch (error) {
      lost(url, "network");
      throw error;
    }
  };

  // The lists the first table needs (each deal's difficulty, the deals of the day), fetched
  // while Python starts: web/page.py awaits them (text, or null if one did not load), or reads
  // them from thePlotListTexts if they are here already (most often: no turn of the event loop).
  window.thePlotListTexts = {};
  window.thePlotLists = Object.fromEntries(["tiers", "daily"].map((name) => [name,
    window.fetch(`web/vendor/${name}.txt`).then((r) => (r.ok ? r.text() : null), () => null)
      .then((text) => (window.thePlotListTexts[name] = text))]));

  // A file the start cannot do without did not arrive: the start cannot succeed (some of them
  // leave Pyodide waiting for ever), so say so at once.
  function lost(url, reason) {
    if (ready()) return;
    const href = new URL(url, location.href).href;
    note(href, reason);
    if (!RECOVERED.test(href)) fail(new Error(`${href}: ${reasonText(reason)}`));
  }

  addEventListener("error", (event) => {
    const el = event.target;
    if (!(el instanceof HTMLScriptElement || el instanceof HTMLLinkElement) || ready()) return;
    const url = el.src || el.href;
    if (/favicon|icon|manifest/.test(url)) return; // the browser's own: never the game's start
    note(url, "the file did not load", unloaded);
    fail(new Error(`${url} did not load`));
  }, true);

  addEventListener("unhandledrejection", (event) => {
    if (ready()) stopped(event.reason); // Python stopped for good (below)
    else if (leaving) event.preventDefault(); // a start cut short by leaving: nothing to report
    else fail(event.reason);
  });

  // PyScript shows a failed start as a .py-error element (often out of sight).
  new MutationObserver((records) => {
    if (ready()) return;
    for (const record of records) {
      for (const node of record.addedNodes) {
        if (node.nodeType === 1 && (node.matches(".py-error") || node.querySelector(".py-error"))) {
          fail(new Error(node.textContent.trim().slice(0, 2000)));
          return;
        }
      }
    }
  }).observe(root, { childList: true, subtree: true });

  // ---- the watchdog: a start that is taking long says so ------------------------------------

  addEventListener("py:progress", () => {
    deadline = Math.min(Math.max(deadline, performance.now() - started + PROGRESS_GRACE_MS),
      WATCHDOG_MAX_MS);
  });
  function watch() {
    if (ready() || failed) return;
    noteFailedResources();
    if (failures.some(([url]) => !RECOVERED.test(url))) {
      fail();
      return;
    }
    if (performance.now() - started < deadline) {
      setTimeout(watch, 1000);
      return;
    }
    show("slow", "Starting is taking long",
      "The game is taking much longer than usual to start: the connection may be slow, or " +
      "something is stuck. You can wait, or try again. Your saved game is safe.", details());
  }
  setTimeout(watch, 1000);

  // Once the game is playable, a slow-start panel goes away by itself.
  new MutationObserver(() => {
    if (!ready()) return;
    const panel = document.getElementById("start-failed");
    if (panel && panel.dataset.kind === "slow") {
      panel.hidden = true;
      root.classList.remove("start-failed");
    }
  }).observe(root, { attributes: true, attributeFilter: ["data-ready"] });

  // ---- after the start: Python stopped for good -----------------------------------------------
  // Pyodide can fail for good while the game is played (a WebAssembly fault in the browser: seen
  // in WebKitGTK after long post-mortems). Every click would then do nothing, without a word:
  // say so, and offer the reload that resumes the saved game.
  function stopped(error) {
    if (!ready() || failed || !(error && error.pyodide_fatal_error)) return;
    failed = true;
    show("stopped", "The game stopped",
      "The game's Python engine hit an error in this browser and stopped. Your game is saved " +
      "up to your last move: Try again opens it where you were.", details(error));
  }
  addEventListener("error", (event) => stopped(event.error)); // rejections: above

  // ---- Try again: reload; a service worker first drops what it holds, so nothing broken stays
  addEventListener("click", async (event) => {
    if (!event.target.closest || !event.target.closest("#try-again")) return;
    const worker = navigator.serviceWorker && navigator.serviceWorker.controller;
    if (worker) {
      await new Promise((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = resolve;
        worker.postMessage("repair", [channel.port2]);
        setTimeout(resolve, 3000); // a worker that does not answer is bypassed by the reload
      });
    }
    location.reload();
  });
})();
