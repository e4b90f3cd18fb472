"""What a first visit downloads, made small: the runtime's big files gzipped, and a standard
library trimmed to the modules the game and PyScript import.

A static host may not compress, so the files that compress well ship compressed and the page
unzips them (web/boot.js, with the browser's DecompressionStream): pyodide.asm.wasm (9.6 MB ->
3.5 MB), pyodide.asm.mjs (1.25 MB -> 0.26 MB) and pyodide-lock.json. The standard library
Pyodide mounts is 2.5 MB, of which the game imports a third: python_stdlib_trimmed.zip holds just
those modules (stdlib-modules.txt, measured in the page by `python -m scripts.stdlib_modules`),
and web/stdlib.py fetches the whole library the first time anything else is imported. The
originals stay in the site for that fallback and for a browser without DecompressionStream, but
the service worker does not precache them.
"""

from __future__ import annotations

import gzip
import zipfile
from pathlib import Path

from .layout import PYODIDE, ROOT, VENDOR, fail

COMPRESSED = ("pyodide.asm.wasm", "pyodide-lock.json")  # shipped as NAME.gz beside NAME
# pyodide.asm.mjs is a module, which the page cannot import from an unzipped stream: it ships
# gzipped as a function body (import.meta.url passed in, its default export returned) that
# web/boot.js builds with new Function and hands to loadPyodide as createPyodideModule.
ASM_MODULE = "pyodide.asm.mjs"
ASM_FUNCTION = "pyodide.asm.js.gz"
ASM_URL_PARAMETER = "__pyodideAsmURL"
ASM_EXPORT = "export default _createPyodideModule;"
ASM_RETURN = "return _createPyodideModule;"
FULL_STDLIB = "python_stdlib.zip"
MODULE_LIST = Path(__file__).with_name("stdlib-modules.txt")
SLIM_STDLIB = VENDOR / "pyodide" / "python_stdlib_trimmed.zip"
NAMES_ENTRY = "the-plot-stdlib-names.txt"  # in the slim library: the full library's top names
ARCHIVE_DATE = (2020, 1, 1, 0, 0, 0)  # the same modules always give the same bytes
# The site's files a page reads only in a fallback: not precached by the service worker.
FALLBACK_ONLY = tuple(f"web/vendor/pyodide/{name}"
                      for name in (*COMPRESSED, ASM_MODULE, FULL_STDLIB))


def write_compressed() -> None:
    """NAME.gz beside each of COMPRESSED in web/vendor/pyodide/ (no name, mtime 0), and the
    gzipped function body of pyodide.asm.mjs."""
    for name in COMPRESSED:
        data = (PYODIDE / name).read_bytes()
        (VENDOR / "pyodide" / f"{name}.gz").write_bytes(gzip.compress(data, 9, mtime=0))
    body = asm_function((PYODIDE / ASM_MODULE).read_text(encoding="utf-8"))
    (VENDOR / "pyodide" / ASM_FUNCTION).write_bytes(gzip.compress(body.encode(), 9, mtime=0))


def asm_function(module: str) -> str:
    """pyodide.asm.mjs as the body of a function of ASM_URL_PARAMETER returning its export."""
    if module.count(ASM_EXPORT) != 1 or not module.rstrip().endswith(ASM_EXPORT):
        fail(f"{ASM_MODULE} does not end with {ASM_EXPORT!r}: update scripts/sitebuild/slim.py")
    if "import.meta" in module.replace("import.meta.url", ""):
        fail(f"{ASM_MODULE} uses import.meta beyond its url: update scripts/sitebuild/slim.py")
    body = module.replace("import.meta.url", ASM_URL_PARAMETER)
    return body[:body.rindex(ASM_EXPORT)] + ASM_RETURN + "\n"


def kept_modules() -> list[str]:
    """The modules of stdlib-modules.txt (one a line, # comments)."""
    lines = MODULE_LIST.read_text(encoding="utf-8").splitlines()
    return [line.strip() for line in lines if line.strip() and not line.startswith("#")]


def module_files(names: list[str], entries: set[str]) -> list[str]:
    """The archive entries that hold the modules `names` (a module file or a package's)."""
    files = []
    for name in names:
        path = name.replace(".", "/")
        found = [f for f in (f"{path}.py", f"{path}/__init__.py") if f in entries]
        files += found
    return sorted(set(files))


def top_names(entries: set[str]) -> list[str]:
    """Every top-level module or package name of the full library."""
    names = {entry.split("/")[0].removesuffix(".py") for entry in entries}
    return sorted(name for name in names if name and name.isidentifier())


def write_slim_stdlib() -> None:
    """The trimmed library: the kept modules, and the full library's top-level names."""
    with zipfile.ZipFile(PYODIDE / FULL_STDLIB) as full:
        entries = set(full.namelist())
        files = module_files(kept_modules(), entries)
        if not files:
            fail(f"{MODULE_LIST.relative_to(ROOT)} names no module of the standard library")
        with zipfile.ZipFile(SLIM_STDLIB, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as slim:
            for name in files:
                slim.writestr(zipfile.ZipInfo(name, date_time=ARCHIVE_DATE), full.read(name),
                              compress_type=zipfile.ZIP_DEFLATED)
            slim.writestr(zipfile.ZipInfo(NAMES_ENTRY, date_time=ARCHIVE_DATE),
                          "\n".join(top_names(entries)) + "\n", compress_type=zipfile.ZIP_DEFLATED)


def write_slim() -> None:
    write_compressed()
    write_slim_stdlib()
