// Compile Python modules to bytecode with the page's own interpreter (the vendored Pyodide, run in
// Node), so the browser imports them without compiling every module at each start.
//
//     node scripts/bytecode.mjs PYODIDE_DIR TREE              the page's modules
//     node scripts/bytecode.mjs PYODIDE_DIR TREE PYSCRIPT_DIR PyScript's own `pyscript` package
//
// The first form writes NAME.pyc next to every NAME.py under TREE (the layout zipimport reads).
// The second first writes, under TREE, the sources of the `pyscript` package exactly as PyScript
// writes them into Pyodide's home folder at every start (PYSCRIPT_DIR is @pyscript/core: the
// sources come from its build artifact src/stdlib/pyscript.js, and each must appear verbatim in a
// chunk of dist/, the files the page loads), then compiles each to the path Python itself looks
// for (importlib.util.cache_from_source: pyscript/__pycache__/NAME.cpython-314.pyc).
// PyScript's are "checked-hash" (PEP 552): Python verifies each against the source PyScript writes
// at every start before using it, and compiles the source instead when they differ, so a stale
// .pyc can never run in place of newer code. The page's own are "unchecked-hash": they ship in
// one archive with the sources they were compiled from (scripts/sitebuild/caches.py), so they
// cannot differ, and Python then reads only the bytecode (not the source too, to hash it).
// Called by scripts/build.py.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, tree, pyscriptDir] = process.argv.slice(2).map((p) => resolve(p));
if (!pyodideDir || !tree) {
  console.error("usage: node scripts/bytecode.mjs PYODIDE_DIR TREE [PYSCRIPT_DIR]");
  process.exit(2);
}

// PyScript's package as it is written at start: {"pyscript": {"__init__.py": "...", ...}}.
async function writePyscriptSources() {
  const { default: stdlib } = await import(
    pathToFileURL(join(pyscriptDir, "src", "stdlib", "pyscript.js")).href);
  const dist = join(pyscriptDir, "dist");
  const chunks = readdirSync(dist).filter((name) => name.endsWith(".js"))
    .map((name) => readFileSync(join(dist, name), "utf8"));
  const write = (base, entries) => {
    for (const [name, value] of Object.entries(entries)) {
      const path = join(base, name);
      if (typeof value !== "string") {
        write(path, value);
        continue;
      }
      // PyScript writes JSON.stringify(value) into its bootstrap: the same text must be shipped
      if (!chunks.some((chunk) => chunk.includes(JSON.stringify(value)))) {
        throw new Error(`${path.slice(tree.length + 1)} of src/stdlib/pyscript.js is not in dist/`);
      }
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, value, "utf8"); // PyScript writes it with encoding="utf-8" too
    }
  };
  write(tree, stdlib);
}

if (pyscriptDir) await writePyscriptSources();
const { loadPyodide } = await import(pathToFileURL(`${pyodideDir}/pyodide.mjs`).href);
const pyodide = await loadPyodide({ indexURL: `${pyodideDir}/` });
pyodide.FS.mkdirTree("/tree");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: tree }, "/tree");
pyodide.globals.set("beside_source", !pyscriptDir);
const count = pyodide.runPython(`
import importlib.util, pathlib, py_compile

count = 0
for source in sorted(pathlib.Path("/tree").rglob("*.py")):
    name = source.relative_to("/tree").as_posix()
    target = str(source) + "c" if beside_source else importlib.util.cache_from_source(str(source))
    mode = "UNCHECKED_HASH" if beside_source else "CHECKED_HASH"
    py_compile.compile(str(source), cfile=target, dfile=name, doraise=True,
                       invalidation_mode=py_compile.PycInvalidationMode[mode])
    count += 1
count
`);
console.log(`bytecode: compiled ${count} modules with Pyodide ${pyodide.version}`);
