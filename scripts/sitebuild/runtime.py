"""The vendored runtime: only the Pyodide and PyScript files the page fetches, into web/vendor/."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

from .layout import PYODIDE, PYODIDE_FILES, PYSCRIPT, VENDOR, copy, fail

# PyScript's dist holds hashed chunks for features this page never uses: the code editor
# (CodeMirror), the terminal (xterm), MicroPython, archives in [files] (zip), the Pyodide package
# graph (only with `packages`), its own service worker and storage module, and widget styles.
# A chunk that only excluded chunks import is excluded too (see pyscript_files).
PYSCRIPT_UNUSED = re.compile(
    r"^(codemirror|xterm|mpy|zip|pyodide_graph|service-worker|storage)[-_.]|^core\.css$")


def pyscript_files(dist: Path) -> list[Path]:
    """PyScript's files minus the unused features and every chunk only they import."""
    files = {p.name: p for p in dist.iterdir() if p.is_file() and p.suffix != ".map"}
    text = {name: p.read_text(encoding="utf-8") for name, p in files.items()
            if name.endswith(".js")}
    dropped = {name for name in files if PYSCRIPT_UNUSED.search(name)}
    changed = True
    while changed:
        changed = False
        for name in files.keys() - dropped:
            importers = {other for other, body in text.items()
                         if other != name and f"./{name}" in body}
            if importers and importers <= dropped:
                dropped.add(name)
                changed = True
    return [files[name] for name in sorted(files.keys() - dropped)]


def vendor_runtime() -> None:
    """Empty web/vendor/, then copy into it the Pyodide and PyScript files the page fetches."""
    dist = PYSCRIPT / "dist"
    if not PYODIDE.is_dir() or not dist.is_dir():
        fail("node_modules is missing pyodide or @pyscript/core: run `npm ci` (make vendor does)")
    if VENDOR.exists():
        shutil.rmtree(VENDOR)
    for name in PYODIDE_FILES:
        copy(PYODIDE / name, VENDOR / "pyodide" / name)
    for path in pyscript_files(dist):
        copy(path, VENDOR / "pyscript" / path.name)
