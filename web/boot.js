// Start Pyodide as soon as the table's skeleton is painted, in parallel with PyScript's own start
// (which fetches its chunks, pyscript.toml, the TOML parser and its plugins one after another
// before it asks for the interpreter). pyscript.toml names this module as the interpreter:
// PyScript imports it and calls loadPyodide(), which hands over the Pyodide started here, with
// PyScript's output handlers attached. Same vendored files, same options: only earlier, and
// restored from the snapshot the build made of the interpreter right after loadPyodide()
// (scripts/snapshot.mjs) rather than started from scratch, the bulk of Pyodide's start.
import { loadPyodide as load, version } from "./vendor/pyodide/pyodide.mjs";

export { version };

// No WebAssembly stack switching (JSPI: WebAssembly.Suspending, in Chromium since 137). Where a
// browser has it, Pyodide runs Python's asynchronous code (the page's script, its tasks) on
// WebAssembly stacks of their own, and in Chromium a real return then crashed the tab now and
// then (about one start in a hundred: the renderer faulted scanning such a stack past its end,
// the same instruction in every crash dump; Pyodide's issues 5702 and 6106 report such crashes,
// and none without JSPI). The game never needs it (it is for Python waiting synchronously on
// JavaScript: pyodide.ffi.run_sync), and the interpreter's snapshot is made in Node, which has
// none: hidden before Pyodide looks for it, Python runs on the page's own stack, as in Firefox.
for (const name of ["Suspending", "Suspender"]) delete WebAssembly[name];

const indexURL = new URL("./vendor/pyodide/", import.meta.url).href;
// The bytecode of PyScript's own `pyscript` package, which PyScript writes (as sources) into
// Pyodide's home folder and imports before the page's script (scripts/build.py writes it).
const bytecodeURL = new URL("./vendor/pyscript-bytecode.bin", import.meta.url).href;
// Pyodide's memory after loadPyodide() and the page's imports (of the standard library, and of
// its own modules that need no browser: web/main.py), gzipped (scripts/build.py). Without it,
// or if it does not restore, Pyodide starts from scratch as it would anyway. The service worker
// also keeps it unzipped, under a name only it answers.
const snapshotURL = new URL("./vendor/pyodide-snapshot.bin", import.meta.url).href;
const unzippedSnapshotURL = new URL("./vendor/pyodide-snapshot.raw", import.meta.url).href;
// The standard library trimmed to what the game imports (scripts/sitebuild/slim.py; web/stdlib.py
// fetches the whole one if ever needed); Pyodide's big files as the build gzipped them.
const stdLibURL = `${indexURL}python_stdlib_trimmed.zip`;
const WASM = "pyodide.asm.wasm";
const LOCK = "pyodide-lock.json";
const unzips = typeof DecompressionStream === "function";
let started = null;

// A gzipped response's body, unzipped as it arrives.
function gunzipped(response) {
  return new Response(response.body.pipeThrough(new DecompressionStream("gzip")));
}

// Fetch `url`, unzipping it on the way (the host need not compress: the build did).
async function fetchGzipped(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return gunzipped(response);
}

// Pyodide fetches its WebAssembly itself: answer with the gzipped file, unzipped as it arrives
// (streaming compilation still runs as it downloads). A page the service worker serves asks for
// the file itself, which the worker keeps unzipped (sw.js): the browser keeps the compiled code
// of a module beside such a response, not beside one made up here, so a later start runs
// compiled code at once instead of compiling each function as Python first calls it.
// Not in WebKit, which keeps no compiled WebAssembly and whose WebAssembly has faulted now and
// then (README): there the page unzips the file itself, as on a first visit.
const APPLE = navigator.vendor === "Apple Computer, Inc.";
if (unzips) {
  const pageFetch = globalThis.fetch;
  globalThis.fetch = async (resource, ...rest) => {
    const url = String(resource instanceof Request ? resource.url : resource);
    if (url !== indexURL + WASM || (navigator.serviceWorker?.controller && !APPLE)) {
      return pageFetch(resource, ...rest);
    }
    const response = await fetchGzipped(`${url}.gz`);
    return new Response(response.body, { headers: { "Content-Type": "application/wasm" } });
  };
}

// pyodide.asm.mjs as the build gzipped it: the body of a function of its own URL, returning the
// module's export (scripts/sitebuild/slim.py). Built with new Function (the page's CSP allows
// it: PyScript needs it too) and handed to loadPyodide, which then imports nothing itself.
async function pyodideModule() {
  const body = await (await fetchGzipped(`${indexURL}pyodide.asm.js.gz`)).text();
  const create = new Function("__pyodideAsmURL", body)(`${indexURL}pyodide.asm.mjs`);
  performance.mark("boot: Pyodide's JavaScript built"); // benchmarks/startup.py prints the steps
  return (settings) => create(keepingTrampoline(settings));
}

// CPython calls C functions through a "call trampoline": a tiny WebAssembly module (wasm-gc)
// where the engine compiles it, else a JavaScript function (a trip out of WebAssembly and back
// on every call). Pyodide picks one as it starts and writes its choice into Python's memory,
// which restoring the snapshot then overwrites with the choice of Node, which made the snapshot
// and cannot compile that module: every restored page ran the JavaScript one. So keep the
// choice made in this browser before the restore, and write it back after (restore() below):
// a restored interpreter is then the one a fresh start makes here.
let trampoline = null;

function trampolineSlot(module) {
  const offset = module.HEAP32[module.__PyEM_EMSCRIPTEN_TRAMPOLINE_OFFSET / 4];
  return (module.__PyRuntime + offset) / 4;
}

function keepingTrampoline(settings) {
  // CPython's choice is the first step before the run (Pyodide's own follow, then this one)
  const steps = [settings.preRun ?? []].flat();
  settings.preRun = [...steps, (module) => {
    performance.mark("boot: WebAssembly instantiated"); // and the module's start in JavaScript
    trampoline = module.HEAP32[trampolineSlot(module)];
  }];
  return settings;
}

async function startOptions() {
  if (!unzips) return { indexURL };
  const lock = fetchGzipped(`${indexURL}${LOCK}.gz`).then((response) => response.text());
  // both as promises: Pyodide fetches its WebAssembly meanwhile
  return { indexURL, stdLibURL, lockFileContents: lock, createPyodideModule: pyodideModule() };
}

// Only a snapshot this browser already holds: on a first visit its 6 MB would cost more than the
// start it saves. A page of the service worker gets it from the worker (which downloaded it when
// it installed); any other from the page's own cache, which web/offline.js fills after a start
// when there is no worker. Never from the network. In Chromium the worker hands over its
// unzipped copy (sw.js): there reading it is sooner than unzipping it on the page's main thread,
// which Pyodide's own start waits for; Firefox unzips it sooner than it reads the 31 MB (README).
const READS_UNZIPPED_SNAPSHOT = navigator.vendor === "Google Inc.";
export const SNAPSHOT_CACHE = "the-plot snapshot";

// Not in WebKit (Safari, every browser on iOS, WebKitGTK), which names Apple as its vendor: there
// a restored interpreter's heap is corrupted now and then (Pyodide's fatal "Out of bounds memory
// access" inside free(), a few seconds into the first long search), far more often than an
// interpreter started from scratch (README). WebKit's players start from scratch each time.
export const RESTORES_SNAPSHOTS = !APPLE;

// The snapshot this browser holds, as a response of its unzipped bytes, or null.
async function heldSnapshot() {
  if (!unzips || !RESTORES_SNAPSHOTS) return null;
  try {
    if (navigator.serviceWorker?.controller) {
      const response = await fetch(READS_UNZIPPED_SNAPSHOT ? unzippedSnapshotURL : snapshotURL);
      if (!response.ok) return null;
      return READS_UNZIPPED_SNAPSHOT ? response : gunzipped(response);
    }
    // match, not open(): opening would make an empty cache
    const response = await caches.match(snapshotURL, { cacheName: SNAPSHOT_CACHE });
    return response ? gunzipped(response) : null;
  } catch {
    return null; // not held: start from scratch, as a first visit does
  }
}

async function snapshotBytes(response) {
  const bytes = await response.arrayBuffer();
  performance.mark("boot: snapshot unzipped"); // benchmarks/startup.py prints the steps
  return bytes;
}

// What a snapshot cannot carry, set as a fresh start would: the random generator's seed (else
// every tab would draw the same numbers) and the language, from this browser, as Emscripten
// derives it; and what it must not trust: the table of contents of the library's archive (a
// snapshot kept from another version of the site may have read another). Restoring also puts ""
// on sys.path a second time.
const AFTER_RESTORE = `
import os, random, sys, zipimport
random.seed()
zipimport._zip_directory_cache.clear()  # read the library's archive afresh, whatever it is now
sys.path_importer_cache.clear()
os.environ["LANG"] = lang
if sys.path[:2] == ["", ""]:
    del sys.path[0]
`;

function browserLanguage() {
  return `${(navigator.languages?.[0] || "C").replace("-", "_")}.UTF-8`;
}

async function restore() {
  const [options, held] = await Promise.all([startOptions(), heldSnapshot()]); // both answer at once
  if (held === null) return load(options);
  let pending = snapshotBytes(held); // while Pyodide fetches and compiles its WebAssembly
  pending.catch(() => {}); // reported below, through loadPyodide
  // Pyodide keeps its options for the page's life: handing it the promise would keep the 31 MB
  // snapshot too. This thenable gives it up once Pyodide has taken it.
  const snapshot = {
    then(resolve, reject) {
      const taken = pending ?? Promise.reject(new Error("the snapshot was asked for twice"));
      pending = null;
      return taken.then(resolve, reject);
    },
  };
  try {
    const pyodide = await load({ ...options, _loadSnapshot: snapshot });
    if (trampoline !== null) pyodide._module.HEAP32[trampolineSlot(pyodide._module)] = trampoline;
    const globals = pyodide.toPy({ lang: browserLanguage() });
    pyodide.runPython(AFTER_RESTORE, { globals });
    globals.destroy();
    performance.mark("boot: interpreter restored from the snapshot");
    return pyodide;
  } catch (error) {
    console.warn(`Pyodide's snapshot was not used (${error.message}): starting it from scratch`);
    caches.open(SNAPSHOT_CACHE).then((cache) => cache.delete(snapshotURL)).catch(() => {});
    return load(options);
  }
}

// web/stdlib.py: the whole standard library, fetched synchronously the one time an import needs
// it (an import cannot wait). Bytes through a text response, the one a synchronous request has.
globalThis.thePlotFetchSync = (url) => {
  const request = new XMLHttpRequest();
  request.open("GET", new URL(url, document.baseURI).href, false);
  request.overrideMimeType("text/plain; charset=x-user-defined");
  request.send();
  if (request.status !== 200) throw new Error(`${url}: HTTP ${request.status}`);
  const text = request.responseText;
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i) & 0xff;
  return bytes;
};

async function fetchBytecode() {
  const response = await fetch(bytecodeURL);
  if (!response.ok) throw new Error(`${bytecodeURL}: HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

// Write each .pyc where Python looks for it (pyscript/__pycache__/, next to the sources PyScript
// writes later). Checked-hash bytecode: Python compiles the source instead if they differ.
// Format: a 4-byte big-endian length N, N bytes of JSON [[path, size], ...], the files' bytes.
function writeBytecode(pyodide, bytes) {
  const size = new DataView(bytes.buffer, bytes.byteOffset).getUint32(0);
  const index = JSON.parse(new TextDecoder().decode(bytes.subarray(4, 4 + size)));
  const home = pyodide.FS.cwd();
  let at = 4 + size;
  for (const [path, length] of index) {
    const target = `${home}/${path}`;
    pyodide.FS.mkdirTree(target.slice(0, target.lastIndexOf("/")));
    pyodide.FS.writeFile(target, bytes.subarray(at, at + length));
    at += length;
  }
}

function start() {
  if (!started) {
    // without the bytecode Python compiles the sources, as it would anyway: warn, carry on
    const bytecode = fetchBytecode().catch((error) => {
      console.warn(`PyScript's bytecode was not loaded (${error.message})`);
      return null;
    });
    started = restore().then(async (pyodide) => {
      const bytes = await bytecode;
      if (bytes) writeBytecode(pyodide, bytes);
      return pyodide;
    });
    // the page says the start failed (web/startup.js); PyScript is told when it asks for it
    started.catch((error) => globalThis.thePlotStartFailed?.(error));
  }
  return started;
}

// Once the skeleton is on screen (the browser reports the first contentful paint): the downloads
// and the compile never hold back the first paint. Where paint timing is missing, after the first
// frame. A page opened in a background tab paints nothing yet, and starts when PyScript asks.
if (PerformanceObserver.supportedEntryTypes?.includes("paint")) {
  new PerformanceObserver((entries, observer) => {
    if (entries.getEntriesByName("first-contentful-paint").length) {
      observer.disconnect();
      start();
    }
  }).observe({ type: "paint", buffered: true });
} else {
  requestAnimationFrame(() => setTimeout(start));
}

export async function loadPyodide({ stdout, stderr, indexURL: _ignored, ...others } = {}) {
  const unsupported = Object.keys(others);
  if (unsupported.length) {
    // e.g. `packages` in pyscript.toml: this early start would silently drop them
    throw new Error(`web/boot.js does not pass on Pyodide options: ${unsupported.join(", ")}`);
  }
  const pyodide = await start();
  if (stdout) pyodide.setStdout({ batched: stdout });
  if (stderr) pyodide.setStderr({ batched: stderr });
  return pyodide;
}
