// Boot the vendored Pyodide once, in Node, at build time, and save the interpreter's memory right
// after loadPyodide() and the imports of the page's modules: the page restores it (web/boot.js)
// instead of starting Python from scratch, which is most of Pyodide's start (measured in
// Chromium here: 1.8-2.6 s -> 0.3-0.5 s on a reload).
//
//     node scripts/snapshot.mjs PYODIDE_DIR OUT STDLIB MODULE... [--page ARCHIVE PAGE_MODULE...]
//                               [--texts BOOTSTRAP DEDENT PAGE_SCRIPT]
//
// OUT is the raw snapshot (scripts/build.py gzips it); STDLIB the standard library the page
// mounts (web/vendor/pyodide/python_stdlib_trimmed.zip): the snapshot's importers know that
// archive, so it must be it; MODULE... the modules of it the snapshot holds
// (scripts/sitebuild/slim.py). ARCHIVE is the page's own modules (web/vendor/modules.zip), put
// where the page has it (PyScript writes it to modules.zip in the home folder), and
// PAGE_MODULE... those of them the snapshot holds imported, imported as the page imports them
// (web/imports.py's importer): the ones that need no browser (scripts/sitebuild/caches.py). The
// CRC-32 of that archive is kept as web.SNAPSHOT_ARCHIVE_CRC: web/main.py forgets these
// modules if the page's archive is another (a snapshot kept from an older version of the site).
// With --texts, the two texts PyScript hands Python at every start, its bootstrap (the `stdlib`
// of BOOTSTRAP, @pyscript/core's src/stdlib.js) and the page's script (PAGE_SCRIPT, web/main.py),
// each passed through DEDENT (codedent's module) as PyScript passes it, are compiled here and
// run from that code (web/precompiled.py; needs --page, whose archive holds it).
// The snapshot holds the state Python draws from its machine at start, so the machine is made to
// look like a browser tab first: the program name Emscripten puts in the environment is the
// browser's ("./this.program", not this script's path). What still differs per tab (the
// language, the random generator's seed) web/boot.js sets after restoring. The snapshot only
// fits the exact pyodide.asm.wasm it was made with; the build makes it again whenever any
// Pyodide file changes.
import nodeCrypto from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, out, stdlib] = process.argv.slice(2, 5).map((p) => resolve(p));
// MODULE... then each option with the arguments that follow it up to the next option
const sections = { "": [] };
let section = "";
for (const arg of process.argv.slice(5)) {
  if (arg.startsWith("--")) sections[(section = arg)] = [];
  else sections[section].push(arg);
}
const listed = sections[""];
const [pageArchive, ...pageModules] = sections["--page"] ?? [];
const [bootstrapModule, dedentModule, pageScript] = sections["--texts"] ?? [];
const known = ["", "--page", "--texts"];
if (!pyodideDir || !out || !stdlib || !listed.length || Object.keys(sections).some(
  (name) => !known.includes(name)) || ("--page" in sections && !pageArchive) ||
    ("--texts" in sections && (!pageScript || !pageArchive))) {
  console.error("usage: node scripts/snapshot.mjs PYODIDE_DIR OUT STDLIB MODULE... " +
                "[--page ARCHIVE PAGE_MODULE...] [--texts BOOTSTRAP DEDENT PAGE_SCRIPT]");
  process.exit(2);
}
const PAGE_ARCHIVE = "modules.zip"; // where the page has it: pyscript.toml [files], web/main.py
process.argv.splice(1, process.argv.length - 1, "./this.program"); // Emscripten's name in a browser

// The same Pyodide and the same page modules always give the same snapshot, byte for byte, so a
// rebuilt site keeps its version and players are not sent 6 MB again. What Python draws from the machine while starting
// comes from fixed sequences here: randomness (Python's string-hash secret; the random generator's
// seed, which web/boot.js reseeds; the allocator's) and the clocks (file times, timestamps).
let state = 0x9e3779b9;
nodeCrypto.randomFillSync = (view) => { // what Emscripten's /dev/urandom reads in Node
  const bytes = new Uint8Array(view.buffer, view.byteOffset, view.byteLength);
  for (let i = 0; i < bytes.length; i++) {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0; // a fixed LCG: no secret is kept
    bytes[i] = state >>> 24;
  }
  return view;
};
const FIXED_TIME_MS = Date.UTC(2020, 0, 1); // the wall clock while starting (as modules.zip's)
Date.now = () => FIXED_TIME_MS;
let ticks = 0;
performance.now = () => (ticks += 1) / 1000; // a monotonic clock that advances 1 µs a reading

const { loadPyodide } = await import(pathToFileURL(`${pyodideDir}/pyodide.mjs`).href);
const pyodide = await loadPyodide({ indexURL: `${pyodideDir}/`, stdLibURL: stdlib,
                                   _makeSnapshot: true });
// Every module of the trimmed library is one the page imports (MODULE..., the ones it is made
// of): imported here, a start finds them imported already. loadPyodide() imports most of them;
// the rest (html, whose table of entities PyScript's `pyscript.display` reads, and datetime)
// took ~40 ms of every start in Chromium.
const globals = pyodide.toPy({ listed });
const imported = pyodide.runPython(`
import importlib, sys
missing = [name for name in listed if name not in sys.modules]
for name in missing:
    importlib.import_module(name)
" ".join(missing)
`, { globals });
globals.destroy(); // the snapshot keeps no trace of this script

// The texts PyScript hands Python at every start, exactly as it hands them over (its hooks
// dedent the bootstrap three times over, the page's script once after dropping a first empty
// line: polyscript's hooks.js, custom.js, utils.js and interpreter/_python.js, with codedent's
// dedent), compiled with the page's modules below (web/precompiled.py).
let texts = [];
if (pageScript) {
  const { default: dedent } = await import(pathToFileURL(resolve(dedentModule)).href);
  const { stdlib: bootstrap } = await import(pathToFileURL(resolve(bootstrapModule)).href);
  const script = readFileSync(resolve(pageScript), "utf8").replace(/^(?:\n|\r\n)/, "");
  texts = [dedent(dedent(dedent(bootstrap))), dedent(script)];
}

// The page's modules that need no browser, imported from its archive as web/main.py imports
// them; then sys.path and the import hooks as loadPyodide() left them (web/main.py adds its own).
// The CRC-32 of the archive is taken here: read by Python, its 0.5 MB would stay in the freed
// memory the snapshot keeps (and gzip 0.4 MB worse).
function crc32(bytes) { // zlib's (Python's zlib.crc32)
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}
let pageImported = "";
if (pageArchive) {
  const archive = readFileSync(pageArchive);
  pyodide.FS.writeFile(PAGE_ARCHIVE, archive);
  const page = pyodide.toPy({ archive: PAGE_ARCHIVE, names: pageModules, crc: crc32(archive),
                             texts });
  pageImported = pyodide.runPython(`
import importlib, sys
path, hooks = list(sys.path), list(sys.path_hooks)
sys.path.insert(0, archive)
from web import imports
imports.install(archive)
for name in names:
    importlib.import_module(name)
if texts:
    import pyodide.code
    from _pyodide._base import CodeRunner
    from web import precompiled
    precompiled.install(pyodide.code, CodeRunner, texts)
sys.path[:], sys.path_hooks[:] = path, hooks
sys.path_importer_cache.clear()
sys.modules["web"].SNAPSHOT_ARCHIVE_CRC = crc
str(len(names))
`, { globals: page });
  page.destroy();
}

const snapshot = pyodide.makeMemorySnapshot();
writeFileSync(out, snapshot);
console.log(`snapshot: ${(snapshot.length / 1e6).toFixed(1)} MB of Pyodide ${pyodide.version}` +
            ` (imported too: ${imported || "nothing"}; the page's modules: ${pageImported || 0};` +
            ` texts compiled: ${texts.length})`);
