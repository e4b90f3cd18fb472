// Compile the page's Python modules to bytecode with the page's own interpreter (the vendored
// Pyodide, run in Node), so the browser imports them without compiling every module at each start.
//
//     node scripts/bytecode.mjs PYODIDE_DIR TREE
//
// Writes NAME.pyc next to every NAME.py under TREE (the layout zipimport reads). The .pyc files are
// "checked-hash" (PEP 552): Python verifies each against its source before using it, and compiles
// the source instead when they differ, so a stale .pyc can never run in place of newer code.
// Called by scripts/build.py.
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, tree] = process.argv.slice(2).map((p) => resolve(p));
if (!pyodideDir || !tree) {
  console.error("usage: node scripts/bytecode.mjs PYODIDE_DIR TREE");
  process.exit(2);
}
const { loadPyodide } = await import(pathToFileURL(`${pyodideDir}/pyodide.mjs`).href);
const pyodide = await loadPyodide({ indexURL: `${pyodideDir}/` });
pyodide.FS.mkdirTree("/tree");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: tree }, "/tree");
const count = pyodide.runPython(`
import pathlib, py_compile

count = 0
for source in sorted(pathlib.Path("/tree").rglob("*.py")):
    name = source.relative_to("/tree").as_posix()
    py_compile.compile(str(source), cfile=str(source) + "c", dfile=name, doraise=True,
                       invalidation_mode=py_compile.PycInvalidationMode.CHECKED_HASH)
    count += 1
count
`);
console.log(`bytecode: compiled ${count} modules with Pyodide ${pyodide.version}`);
