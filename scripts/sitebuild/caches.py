"""The files compiled by the vendored Pyodide in Node, each cached under a hash of its inputs.

Each of them boots Pyodide (seconds), so a build makes one only when its inputs, the Node script
that makes it or the Pyodide files changed; otherwise it copies the cached file.
"""

from __future__ import annotations

import ast
import functools
import gzip
import hashlib
import json
import subprocess
import tempfile
import zipfile
from collections.abc import Callable
from pathlib import Path

from .layout import (
    MODULES_ARCHIVE,
    NODE,
    PAGE_SCRIPT,
    PYODIDE,
    PYODIDE_FILES,
    PYSCRIPT,
    ROOT,
    copy,
    fail,
)
from .slim import SLIM_STDLIB, kept_modules

CACHE = NODE / ".cache" / "the-plot-modules"  # built files by content: rebuilt on change
BYTECODE_SCRIPT = ROOT / "scripts" / "bytecode.mjs"
# PyScript's sources the build reads: its `pyscript` package, as the build artifact that holds its
# files; its bootstrap, which writes them and imports it (the `stdlib` of src/stdlib.js); and the
# dedent it hands the bootstrap and the page's script over with (codedent, polyscript's).
PYSCRIPT_PACKAGE = PYSCRIPT / "src" / "stdlib" / "pyscript.js"
PYSCRIPT_BOOTSTRAP = PYSCRIPT / "src" / "stdlib.js"
CODEDENT = PYSCRIPT.parent.parent / "codedent" / "esm" / "index.js"
SNAPSHOT_SCRIPT = ROOT / "scripts" / "snapshot.mjs"
# PyScript writes the sources of its own `pyscript` package into Pyodide's home folder and imports
# it before the page's script, compiling 14 modules at every start. Their checked-hash bytecode,
# compiled by the vendored Pyodide (scripts/bytecode.mjs) to where Python looks for it
# (pyscript/__pycache__/NAME.cpython-314.pyc), ships as one file that web/boot.js writes into the
# home folder before it hands the interpreter to PyScript. The format, read by web/boot.js: a
# 4-byte big-endian length N, N bytes of JSON [[path, size], ...], then the files' bytes in order.
PYSCRIPT_BYTECODE = "web/vendor/pyscript-bytecode.bin"
# The interpreter's memory right after loadPyodide() and the imports of the page's standard-library
# modules and of its own modules that need no browser, saved at build time by the vendored Pyodide
# in Node (scripts/snapshot.mjs) and gzipped (31 MB -> 6 MB): web/boot.js restores it instead of
# starting Python from scratch, the bulk of Pyodide's start. It only fits the Pyodide it was made
# with, so it is made again whenever a Pyodide file changes, the list of those modules, or the
# modules archive (web/main.py forgets the modules of a snapshot kept from another build). It
# also holds the two texts PyScript runs at every start compiled (web/precompiled.py), so it is
# made again when PyScript's bootstrap or the page's script changes.
INTERPRETER_SNAPSHOT = "web/vendor/pyodide-snapshot.bin"
# What a module may not import as it is itself imported, to be imported in Node: the browser's.
BROWSER_MODULES = ("js", "pyscript", "pyodide")
ARCHIVE_DATE = (2020, 1, 1, 0, 0, 0)  # every archived file's date: the same sources, same bytes


def python_files() -> list[str]:
    """Every module the page needs, as paths relative to ROOT: the engine and the web layer."""
    files = [p for p in sorted((ROOT / "plot").rglob("*.py")) if "__pycache__" not in p.parts]
    files += sorted((ROOT / "web").glob("*.py"))
    return [p.relative_to(ROOT).as_posix() for p in files]


def archived_modules() -> list[str]:
    """The modules shipped in MODULES_ARCHIVE: all of python_files() but the page's script."""
    return [f for f in python_files() if f != PAGE_SCRIPT]


def module_name(rel: str) -> str:
    """The module in a file of python_files(): plot/game.py -> plot.game, web/__init__.py -> web."""
    return rel.removesuffix(".py").removesuffix("/__init__").replace("/", ".")


def imported_on_import(rel: str, known: set[str]) -> set[str]:
    """The modules the file imports as it is imported (not those its functions import when
    called), each with the packages above it; `known` names the modules of the archive, which a
    `from PACKAGE import NAME` may import."""
    name = module_name(rel)
    package = name if rel.endswith("__init__.py") else name.rpartition(".")[0]
    found: set[str] = set()

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
            return
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = package.rsplit(".", node.level - 1)[0] if node.level else ""  # from . / ..
            module = ".".join(part for part in (base, node.module or "") if part)
            found.add(module)
            found.update(f"{module}.{alias.name}" for alias in node.names
                         if f"{module}.{alias.name}" in known)
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(ast.parse((ROOT / rel).read_text(encoding="utf-8")))
    return {".".join(parts[:i]) for parts in (m.split(".") for m in found)
            for i in range(1, len(parts) + 1)}


@functools.cache
def snapshot_page_modules() -> tuple[str, ...]:
    """The page's own modules the interpreter's snapshot holds imported: every one web/main.py
    imports as the page starts, save those that need the browser to be imported (they import
    one of BROWSER_MODULES, or a module that does)."""
    files = {module_name(rel): rel for rel in python_files()}
    known = set(files)
    imports = {name: imported_on_import(rel, known) for name, rel in files.items()}
    needs_browser: dict[str, bool] = {}

    def browser_bound(name: str) -> bool:
        if name not in needs_browser:
            needs_browser[name] = False  # a cycle of imports adds nothing
            needs_browser[name] = any(
                m.split(".")[0] in BROWSER_MODULES or (m in known and browser_bound(m))
                for m in imports[name])
        return needs_browser[name]

    page = module_name(PAGE_SCRIPT)
    seen, todo = set(), [page]
    while todo:
        for m in imports[todo.pop()] & known:
            if m not in seen:
                seen.add(m)
                todo.append(m)
    return tuple(sorted(m for m in seen - {page} if not browser_bound(m)))


def snapshot_arguments(out: Path) -> list[str]:
    """scripts/snapshot.mjs's arguments after the Pyodide folder: what the snapshot holds."""
    return [str(out), str(SLIM_STDLIB), *kept_modules(),
            "--page", str(ROOT / MODULES_ARCHIVE), *snapshot_page_modules(),
            "--texts", str(PYSCRIPT_BOOTSTRAP), str(CODEDENT), str(ROOT / PAGE_SCRIPT)]


def precompiled_text_sources() -> list[Path]:
    """The files the texts the snapshot compiles come from (web/precompiled.py): PyScript's
    bootstrap, the dedent PyScript hands it over with, and the page's script."""
    return [PYSCRIPT_BOOTSTRAP, PYSCRIPT_PACKAGE, CODEDENT, ROOT / PAGE_SCRIPT]


def run_node(script: Path, *args: str) -> None:
    """Run a Node script of scripts/ with the vendored Pyodide as its first argument."""
    try:
        subprocess.run(["node", str(script), str(PYODIDE), *args], check=True)
    except (OSError, subprocess.CalledProcessError) as error:
        fail(f"running Pyodide in Node ({script.name}) failed ({error}); "
             "Node 18 or newer is needed (npm installs it)")


@functools.cache
def pyodide_digest() -> bytes:
    """A hash of the Pyodide files the page loads (14 MB: read once per build, not per file)."""
    digest = hashlib.sha256()
    for name in PYODIDE_FILES:
        digest.update(hashlib.sha256((PYODIDE / name).read_bytes()).digest())
    return digest.digest()


def cached_build(target: str, script: Path, inputs: list[bytes],
                 make: Callable[[Path], None]) -> None:
    """Copy to ROOT/target the file make(path) writes, kept in CACHE under a hash of `inputs`,
    the Node script that makes it and the Pyodide build."""
    digest = hashlib.sha256()
    for part in (script.read_bytes(), *inputs):
        digest.update(hashlib.sha256(part).digest())
    digest.update(pyodide_digest())
    cached = CACHE / f"{digest.hexdigest()[:32]}{Path(target).suffix}"
    if not cached.exists():
        CACHE.mkdir(parents=True, exist_ok=True)
        partial = cached.with_suffix(".part")
        make(partial)
        partial.replace(cached)
    copy(cached, ROOT / target)


def write_modules_archive() -> None:
    """Write MODULES_ARCHIVE: each module's source and its unchecked-hash bytecode (the two
    always ship together, so Python need not read the source to check it), side by side."""
    sources = {rel: (ROOT / rel).read_bytes() for rel in archived_modules()}

    def make(path: Path) -> None:
        with tempfile.TemporaryDirectory() as tmp:
            tree = Path(tmp)
            for rel, data in sources.items():
                (tree / rel).parent.mkdir(parents=True, exist_ok=True)
                (tree / rel).write_bytes(data)
            run_node(BYTECODE_SCRIPT, str(tree))
            with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
                for rel in sources:
                    for name in (rel, rel + "c"):
                        info = zipfile.ZipInfo(name, date_time=ARCHIVE_DATE)
                        info.compress_type = zipfile.ZIP_DEFLATED
                        archive.writestr(info, (tree / name).read_bytes())

    inputs = [rel.encode() + b"\0" + data for rel, data in sources.items()]
    cached_build(MODULES_ARCHIVE, BYTECODE_SCRIPT, inputs, make)


def write_pyscript_bytecode() -> None:
    """Write PYSCRIPT_BYTECODE: the bytecode of PyScript's `pyscript` package (format above)."""
    inputs = [PYSCRIPT_PACKAGE.read_bytes(),
              *(p.read_bytes() for p in sorted((PYSCRIPT / "dist").glob("*.js")))]

    def make(path: Path) -> None:
        with tempfile.TemporaryDirectory() as tmp:
            tree = Path(tmp)
            run_node(BYTECODE_SCRIPT, str(tree), str(PYSCRIPT))
            files = [(p.relative_to(tree).as_posix(), p.read_bytes())
                     for p in sorted(tree.rglob("*.pyc"))]
        if not files:
            fail("PyScript's `pyscript` package compiled to no bytecode")
        index = json.dumps([[name, len(data)] for name, data in files]).encode()
        path.write_bytes(len(index).to_bytes(4, "big") + index + b"".join(d for _, d in files))

    cached_build(PYSCRIPT_BYTECODE, BYTECODE_SCRIPT, inputs, make)


def write_interpreter_snapshot() -> None:
    """Write INTERPRETER_SNAPSHOT: Pyodide's memory after loadPyodide() and the imports of the
    page's modules, gzipped (see above). Needs MODULES_ARCHIVE written first."""

    def make(path: Path) -> None:
        with tempfile.TemporaryDirectory() as tmp:
            raw = Path(tmp) / "snapshot"
            run_node(SNAPSHOT_SCRIPT, *snapshot_arguments(raw))
            # no name, mtime 0: the same snapshot always gives the same bytes (and site version)
            path.write_bytes(gzip.compress(raw.read_bytes(), mtime=0))

    listed = [*kept_modules(), "--page", *snapshot_page_modules()]
    cached_build(INTERPRETER_SNAPSHOT, SNAPSHOT_SCRIPT,
                 [SLIM_STDLIB.read_bytes(), (ROOT / MODULES_ARCHIVE).read_bytes(),
                  " ".join(listed).encode(),
                  *(path.read_bytes() for path in precompiled_text_sources())], make)


def write_caches() -> None:
    """Write the three compiled files: the modules archive, PyScript's bytecode, the snapshot."""
    write_modules_archive()
    write_pyscript_bytecode()
    write_interpreter_snapshot()
