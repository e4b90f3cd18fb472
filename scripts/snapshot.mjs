// Boot the vendored Pyodide once, in Node, at build time, and save the interpreter's memory right
// after loadPyodide(): the page restores it (web/boot.js) instead of starting Python from scratch,
// which is most of Pyodide's start (measured in Chromium here: 1.8-2.6 s -> 0.3-0.5 s on a reload).
//
//     node scripts/snapshot.mjs PYODIDE_DIR OUT
//
// OUT is the raw snapshot (scripts/build.py gzips it). The snapshot holds the state Python draws
// from its machine at start, so the machine is made to look like a browser tab first: the program
// name Emscripten puts in the environment is the browser's ("./this.program", not this script's
// path). What still differs per tab (the language, the random generator's seed) web/boot.js sets
// after restoring. The snapshot only fits the exact pyodide.asm.wasm it was made with; the build
// makes it again whenever any Pyodide file changes.
import { writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, out] = process.argv.slice(2).map((p) => resolve(p));
if (!pyodideDir || !out) {
  console.error("usage: node scripts/snapshot.mjs PYODIDE_DIR OUT");
  process.exit(2);
}
process.argv.splice(1, process.argv.length - 1, "./this.program"); // Emscripten's name in a browser

const { loadPyodide } = await import(pathToFileURL(`${pyodideDir}/pyodide.mjs`).href);
const pyodide = await loadPyodide({ indexURL: `${pyodideDir}/`, _makeSnapshot: true });
const snapshot = pyodide.makeMemorySnapshot();
writeFileSync(out, snapshot);
console.log(`snapshot: ${(snapshot.length / 1e6).toFixed(1)} MB of Pyodide ${pyodide.version}`);
