"""Where the build reads and writes, and the helpers every job uses."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
NODE = ROOT / "node_modules"
PYODIDE = NODE / "pyodide"
PYSCRIPT = NODE / "@pyscript" / "core"
VENDOR = ROOT / "web" / "vendor"
SITE = ROOT / "_site"

# The Pyodide files a page fetches at boot (pyodide-lock.json is read even with no packages).
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
                 "pyodide-lock.json")
# The page's script: PyScript fetches and runs it itself (<script type="py" src=...>).
PAGE_SCRIPT = "web/main.py"
# Every other module of plot/ and web/ ships in one archive of sources and bytecode compiled by the
# vendored Pyodide (scripts/bytecode.mjs): one request instead of one per module, and no compiling
# at start. [files] in pyscript.toml writes it into Pyodide's home folder; web/main.py puts it on
# sys.path (zipimport, built into Python, reads it in place).
MODULES_ARCHIVE = "web/vendor/modules.zip"


def fail(message: str) -> None:
    """Stop the build with `message`."""
    print(f"build: {message}", file=sys.stderr)
    raise SystemExit(1)


def copy(src: Path, dst: Path) -> None:
    """Copy src to dst, making its folder; skipped when dst is already the same size and newer."""
    dst.parent.mkdir(parents=True, exist_ok=True)
    if dst.exists() and dst.stat().st_size == src.stat().st_size \
            and dst.stat().st_mtime >= src.stat().st_mtime:
        return
    shutil.copy2(src, dst)
