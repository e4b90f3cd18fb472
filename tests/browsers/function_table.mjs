// The table of functions of the vendored Pyodide as Node lays it out, as scripts/snapshot.mjs
// makes the interpreter's snapshot: one name a slot (a WebAssembly function's index in its
// module, "0" for a JavaScript function wrapped, "" for an empty slot), as JSON on stdout.
//
//     node tests/browsers/function_table.mjs PYODIDE_DIR STDLIB
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, stdlib] = process.argv.slice(2).map((p) => resolve(p));
const { loadPyodide } = await import(pathToFileURL(`${pyodideDir}/pyodide.mjs`).href);
const pyodide = await loadPyodide({ indexURL: `${pyodideDir}/`, stdLibURL: stdlib,
                                   _makeSnapshot: true });
const table = pyodide._module.wasmTable;
const names = [];
for (let i = 0; i < table.length; i++) names.push(table.get(i)?.name ?? "");
process.stdout.write(JSON.stringify(names));
