"""Build the browser game: vendor the pinned runtime, check the page config, assemble _site/.

    python scripts/build.py vendor   # node_modules -> web/vendor/ (+ rules page from docs/rules.md)
    python scripts/build.py site     # vendor, then write the deployable static site to _site/

Only what the page fetches is copied. Standard library only; run from any directory.
"""

from __future__ import annotations

import functools
import gzip
import hashlib
import html
import json
import re
import shutil
import subprocess
import sys
import tempfile
import tomllib
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NODE = ROOT / "node_modules"
VENDOR = ROOT / "web" / "vendor"
SITE = ROOT / "_site"

# The Pyodide files a page fetches at boot (pyodide-lock.json is read even with no packages).
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
                 "pyodide-lock.json")
# PyScript's dist holds hashed chunks for features this page never uses: the code editor
# (CodeMirror), the terminal (xterm), MicroPython, archives in [files] (zip), the Pyodide package
# graph (only with `packages`), its own service worker and storage module, and widget styles.
# A chunk that only excluded chunks import is excluded too (see pyscript_files).
PYSCRIPT_UNUSED = re.compile(
    r"^(codemirror|xterm|mpy|zip|pyodide_graph|service-worker|storage)[-_.]|^core\.css$")
# Files of the page itself (relative to ROOT) copied to the site besides web/.
PAGE_FILES = ("index.html", "pyscript.toml", "manifest.webmanifest")
WEB_SUFFIXES = {".js", ".css", ".svg", ".png", ".ico"}
# The page's script: PyScript fetches and runs it itself (<script type="py" src=...>).
PAGE_SCRIPT = "web/main.py"
# Every other module of plot/ and web/ ships in one archive of sources and bytecode compiled by the
# vendored Pyodide (scripts/bytecode.mjs): one request instead of one per module, and no compiling
# at start. [files] in pyscript.toml writes it into Pyodide's home folder; web/main.py puts it on
# sys.path (zipimport, built into Python, reads it in place).
MODULES_ARCHIVE = "web/vendor/modules.zip"
MODULES_FILES = {f"./{MODULES_ARCHIVE}": "./modules.zip"}
BYTECODE_SCRIPT = ROOT / "scripts" / "bytecode.mjs"
# PyScript writes the sources of its own `pyscript` package into Pyodide's home folder and imports
# it before the page's script, compiling 14 modules at every start. Their checked-hash bytecode,
# compiled by the vendored Pyodide (scripts/bytecode.mjs) to where Python looks for it
# (pyscript/__pycache__/NAME.cpython-314.pyc), ships as one file that web/boot.js writes into the
# home folder before it hands the interpreter to PyScript. The format, read by web/boot.js: a
# 4-byte big-endian length N, N bytes of JSON [[path, size], ...], then the files' bytes in order.
PYSCRIPT_BYTECODE = "web/vendor/pyscript-bytecode.bin"
# The interpreter's memory right after loadPyodide(), saved at build time by the vendored Pyodide
# in Node (scripts/snapshot.mjs) and gzipped (31 MB -> 6 MB): web/boot.js restores it instead of
# starting Python from scratch, the bulk of Pyodide's start. It only fits the Pyodide it was made
# with, so it is made again whenever a Pyodide file changes.
INTERPRETER_SNAPSHOT = "web/vendor/pyodide-snapshot.bin"
SNAPSHOT_SCRIPT = ROOT / "scripts" / "snapshot.mjs"
# The interpreter named in pyscript.toml: starts the vendored Pyodide early, hands it to PyScript.
INTERPRETER = "./web/boot.js"
# PyScript's plugins the page never uses; turned off in pyscript.toml (Python) and in index.html's
# <mpy-config> (MicroPython: PyScript would fetch them for it otherwise).
UNUSED_PLUGINS = ["codemirror", "deprecations-manager", "donkey", "py-editor", "py-game",
                  "py-terminal"]
BYTECODE_CACHE = NODE / ".cache" / "the-plot-modules"  # built files by content: rebuilt on change
# The service worker: written to the site root (so its scope is the whole site) from this template.
SW_TEMPLATE = ROOT / "scripts" / "sw.template.js"
SW_NAME = "sw.js"
VERSION_LENGTH = 16  # hex digits of the site's content hash that name a version


def fail(message: str) -> None:
    print(f"build: {message}", file=sys.stderr)
    raise SystemExit(1)


def copy(src: Path, dst: Path) -> None:
    dst.parent.mkdir(parents=True, exist_ok=True)
    if dst.exists() and dst.stat().st_size == src.stat().st_size \
            and dst.stat().st_mtime >= src.stat().st_mtime:
        return
    shutil.copy2(src, dst)


def vendor() -> None:
    pyodide = NODE / "pyodide"
    pyscript = NODE / "@pyscript" / "core" / "dist"
    if not pyodide.is_dir() or not pyscript.is_dir():
        fail("node_modules is missing pyodide or @pyscript/core: run `npm ci` (make vendor does)")
    if VENDOR.exists():
        shutil.rmtree(VENDOR)
    for name in PYODIDE_FILES:
        copy(pyodide / name, VENDOR / "pyodide" / name)
    for path in pyscript_files(pyscript):
        copy(path, VENDOR / "pyscript" / path.name)
    rules = ROOT / "docs" / "rules.md"
    if not rules.exists():
        fail("docs/rules.md is missing: the How to play panel is built from it")
    text = rules.read_text(encoding="utf-8")
    (VENDOR / "rules.html").write_text(markdown_to_html(text), encoding="utf-8")
    write_winnable()
    write_modules_archive()
    write_pyscript_bytecode()
    write_interpreter_snapshot()
    check_config()
    print(f"build: vendored runtime into {VENDOR.relative_to(ROOT)}/")


def number_ranges(numbers: list[int]) -> str:
    """[1, 2, 3, 7, 9, 10] -> '1-3,7,9-10' (web.app.parse_ranges reads it back)."""
    parts: list[str] = []
    numbers = sorted(set(numbers))
    i = 0
    while i < len(numbers):
        j = i
        while j + 1 < len(numbers) and numbers[j + 1] == numbers[j] + 1:
            j += 1
        parts.append(str(numbers[i]) if i == j else f"{numbers[i]}-{numbers[j]}")
        i = j + 1
    return ",".join(parts)


def read_winnable() -> list[int]:
    """The proved-winnable game numbers of docs/winnable-seeds.txt (one a line, # comments)."""
    path = ROOT / "docs" / "winnable-seeds.txt"
    if not path.exists():
        fail("docs/winnable-seeds.txt is missing: 'Winnable deals only' is built from it")
    lines = path.read_text(encoding="utf-8").splitlines()
    return [int(line) for line in lines if line.strip() and not line.startswith("#")]


def write_winnable() -> None:
    """Ship the proved-winnable deals compactly as ranges: web/vendor/winnable.txt."""
    (VENDOR / "winnable.txt").write_text(number_ranges(read_winnable()) + "\n", encoding="ascii")


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


def python_files() -> list[str]:
    """Every module the page needs, as paths relative to ROOT: the engine and the web layer."""
    files = [p for p in sorted((ROOT / "plot").rglob("*.py")) if "__pycache__" not in p.parts]
    files += sorted((ROOT / "web").glob("*.py"))
    return [p.relative_to(ROOT).as_posix() for p in files]


def archived_modules() -> list[str]:
    """The modules shipped in MODULES_ARCHIVE: all of python_files() but the page's script."""
    return [f for f in python_files() if f != PAGE_SCRIPT]


def compile_bytecode(tree: Path, *extra: str) -> None:
    """Run scripts/bytecode.mjs on `tree` with the vendored Pyodide (see there)."""
    try:
        subprocess.run(["node", str(BYTECODE_SCRIPT), str(NODE / "pyodide"), str(tree), *extra],
                       check=True)
    except (OSError, subprocess.CalledProcessError) as error:
        fail(f"compiling Python with Pyodide in Node failed ({error}); "
             "Node 18 or newer is needed (npm installs it)")


@functools.cache
def pyodide_digest() -> bytes:
    """A hash of the Pyodide files the page loads (14 MB: read once per build, not per file)."""
    digest = hashlib.sha256()
    for name in PYODIDE_FILES:
        digest.update(hashlib.sha256((NODE / "pyodide" / name).read_bytes()).digest())
    return digest.digest()


def cached_build(target: str, script: Path, inputs: list[bytes], make) -> None:
    """Copy to ROOT/target the file make(path) writes, kept in BYTECODE_CACHE under a hash of
    `inputs`, the Node script that makes it and the Pyodide build (each boots Pyodide: seconds)."""
    digest = hashlib.sha256()
    for part in (script.read_bytes(), *inputs):
        digest.update(hashlib.sha256(part).digest())
    digest.update(pyodide_digest())
    cached = BYTECODE_CACHE / f"{digest.hexdigest()[:32]}{Path(target).suffix}"
    if not cached.exists():
        BYTECODE_CACHE.mkdir(parents=True, exist_ok=True)
        partial = cached.with_suffix(".part")
        make(partial)
        partial.replace(cached)
    copy(cached, ROOT / target)


def write_modules_archive() -> None:
    """Write MODULES_ARCHIVE: each module's source and checked-hash bytecode, side by side."""
    sources = {rel: (ROOT / rel).read_bytes() for rel in archived_modules()}

    def make(path: Path) -> None:
        with tempfile.TemporaryDirectory() as tmp:
            tree = Path(tmp)
            for rel, data in sources.items():
                (tree / rel).parent.mkdir(parents=True, exist_ok=True)
                (tree / rel).write_bytes(data)
            compile_bytecode(tree)
            with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
                for rel in sources:
                    for name in (rel, rel + "c"):
                        # a fixed date: the same sources always give the same archive bytes
                        info = zipfile.ZipInfo(name, date_time=(2020, 1, 1, 0, 0, 0))
                        info.compress_type = zipfile.ZIP_DEFLATED
                        archive.writestr(info, (tree / name).read_bytes())

    inputs = [rel.encode() + b"\0" + data for rel, data in sources.items()]
    cached_build(MODULES_ARCHIVE, BYTECODE_SCRIPT, inputs, make)


def write_pyscript_bytecode() -> None:
    """Write PYSCRIPT_BYTECODE: the bytecode of PyScript's `pyscript` package (format above)."""
    core = NODE / "@pyscript" / "core"
    inputs = [(core / "src" / "stdlib" / "pyscript.js").read_bytes(),
              *(p.read_bytes() for p in sorted((core / "dist").glob("*.js")))]

    def make(path: Path) -> None:
        with tempfile.TemporaryDirectory() as tmp:
            tree = Path(tmp)
            compile_bytecode(tree, str(core))
            files = [(p.relative_to(tree).as_posix(), p.read_bytes())
                     for p in sorted(tree.rglob("*.pyc"))]
        if not files:
            fail("PyScript's `pyscript` package compiled to no bytecode")
        index = json.dumps([[name, len(data)] for name, data in files]).encode()
        path.write_bytes(len(index).to_bytes(4, "big") + index + b"".join(d for _, d in files))

    cached_build(PYSCRIPT_BYTECODE, BYTECODE_SCRIPT, inputs, make)


def write_interpreter_snapshot() -> None:
    """Write INTERPRETER_SNAPSHOT: Pyodide's memory after loadPyodide(), gzipped (see above)."""

    def make(path: Path) -> None:
        with tempfile.TemporaryDirectory() as tmp:
            raw = Path(tmp) / "snapshot"
            try:
                subprocess.run(["node", str(SNAPSHOT_SCRIPT), str(NODE / "pyodide"), str(raw)],
                               check=True)
            except (OSError, subprocess.CalledProcessError) as error:
                fail(f"making Pyodide's snapshot in Node failed ({error})")
            # no name, mtime 0: the same snapshot always gives the same bytes (and site version)
            path.write_bytes(gzip.compress(raw.read_bytes(), mtime=0))

    cached_build(INTERPRETER_SNAPSHOT, SNAPSHOT_SCRIPT, [], make)


def check_config() -> None:
    """pyscript.toml must load the local runtime, no unused plugin and the modules archive.

    The [files] table is written here: if it differs it is rewritten (and the build says so), so
    the committed file never goes stale silently.
    """
    path = ROOT / "pyscript.toml"
    text = path.read_text(encoding="utf-8")
    config = tomllib.loads(text)
    if config.get("interpreter") != INTERPRETER:
        fail(f"pyscript.toml: interpreter must be \"{INTERPRETER}\"")
    plugins = [f"!{name}" for name in UNUSED_PLUGINS]
    if config.get("plugins") != plugins:
        fail(f"pyscript.toml: plugins must be {json.dumps(plugins)}")
    page = (ROOT / "index.html").read_text(encoding="utf-8")
    mpy = re.search(r"<mpy-config hidden>(.*?)</mpy-config>", page, re.S)
    if not mpy or json.loads(mpy.group(1)) != {"plugins": plugins}:
        fail(f'index.html: <mpy-config hidden> must hold {json.dumps({"plugins": plugins})}')
    if config.get("files") != MODULES_FILES:
        head = re.split(r"^\[files\]", text, maxsplit=1, flags=re.M)[0].rstrip() + "\n\n"
        lines = [f'"{k}" = "{v}"' for k, v in MODULES_FILES.items()]
        path.write_text(head + "[files]\n" + "\n".join(lines) + "\n", encoding="utf-8")
        print("build: pyscript.toml [files] updated to the modules archive")


def site() -> None:
    vendor()
    if SITE.exists():
        shutil.rmtree(SITE)
    for name in PAGE_FILES:
        copy(ROOT / name, SITE / name)
    copy(ROOT / PAGE_SCRIPT, SITE / PAGE_SCRIPT)
    for path in sorted((ROOT / "web").iterdir()):
        if path.is_file() and path.suffix in WEB_SUFFIXES:
            copy(path, SITE / "web" / path.name)
    shutil.copytree(VENDOR, SITE / "web" / "vendor")
    version = write_service_worker()
    check_relative_urls()
    size = sum(p.stat().st_size for p in SITE.rglob("*") if p.is_file())
    count = sum(1 for p in SITE.rglob("*") if p.is_file())
    print(f"build: wrote {SITE.relative_to(ROOT)}/ ({count} files, {size / 1e6:.1f} MB, "
          f"version {version})")


def write_service_worker(site: Path = SITE) -> str:
    """Write sw.js: every file of the site with its SHA-256, under a version named by them all."""
    digests = {p.relative_to(site).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
               for p in sorted(site.rglob("*")) if p.is_file() and p.name != SW_NAME}
    whole = hashlib.sha256("".join(f"{k} {v}\n" for k, v in digests.items()).encode())
    version = whole.hexdigest()[:VERSION_LENGTH]
    precache = {"./": digests["index.html"], **digests}  # the page is opened as the folder
    template = SW_TEMPLATE.read_text(encoding="utf-8")
    for marker in ("__VERSION__", "__PRECACHE__"):
        if template.count(marker) != 1:
            fail(f"{SW_TEMPLATE.relative_to(ROOT)} must hold {marker} exactly once")
    text = template.replace("__VERSION__", version).replace(
        "__PRECACHE__", json.dumps(precache, indent=2))
    target = site / SW_NAME
    target.unlink(missing_ok=True)  # never write through a hard link into another site
    target.write_text(text, encoding="utf-8")
    return version


def check_relative_urls() -> None:
    """The site must work under any sub-path: no root-relative or absolute URLs in our files."""
    bad = re.compile(r"""(?:href|src|url)\s*[=(]\s*["']?(?:/|https?:|//)"""
                     r"""|"(?:src|start_url|scope)"\s*:\s*"(?:/|https?:)""", re.I)
    for path in [*(SITE / name for name in (*PAGE_FILES, SW_NAME)), *(SITE / "web").glob("*.*")]:
        if path.is_file() and path.suffix in {".html", ".css", ".toml", ".py", ".js",
                                              ".webmanifest"}:
            for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                if bad.search(line) and "xmlns" not in line:
                    fail(f"{path.relative_to(SITE)}:{n}: URL is not relative: {line.strip()}")


# --- a small Markdown renderer for docs/rules.md (headings, paragraphs, lists, emphasis, code) ---

def _inline(text: str) -> str:
    text = html.escape(text, quote=False)
    text = re.sub(r"`([^`]+)`", r"<code>\1</code>", text)
    text = re.sub(r"\*\*(.+?)\*\*", r"<strong>\1</strong>", text)
    text = re.sub(r"(?<![\w*])\*(?!\s)(.+?)(?<!\s)\*(?![\w*])", r"<em>\1</em>", text)
    text = re.sub(r"(?<!\w)_(?!\s)(.+?)(?<!\s)_(?!\w)", r"<em>\1</em>", text)
    text = re.sub(r"\[([^\]]+)\]\(([^)\s]+)\)", lambda m: m.group(1), text)  # links: keep the words
    return text


def markdown_to_html(text: str) -> str:
    out: list[str] = []
    para: list[str] = []
    lists: list[str] = []  # stack of open list tags
    item_open = False

    def flush_para():
        if para:
            out.append(f"<p>{_inline(' '.join(para))}</p>")
            para.clear()

    def close_lists(depth=0):
        nonlocal item_open
        while len(lists) > depth:
            out.append(f"</li></{lists.pop()}>")
        item_open = bool(lists)

    lines = text.splitlines()
    if lines and re.match(r"^#\s", lines[0]):
        lines = lines[1:]  # the document title: the panel has its own ("How to play")
    for raw in lines:
        line = raw.rstrip()
        heading = re.match(r"^(#{1,6})\s+(.*)$", line)
        item = re.match(r"^(\s*)([-*+]|\d+[.)])\s+(.*)$", line)
        if not line.strip():
            flush_para()
            continue
        if heading:
            flush_para()
            close_lists()
            level = min(len(heading.group(1)) + 1, 6)  # the panel's own title is the h2
            out.append(f"<h{level}>{_inline(heading.group(2))}</h{level}>")
        elif item:
            flush_para()
            depth = len(item.group(1).expandtabs(4)) // 2 + 1
            tag = "ol" if item.group(2)[0].isdigit() else "ul"
            if depth > len(lists):
                while depth > len(lists):
                    out.append(f"<{tag}><li>")
                    lists.append(tag)
            else:
                close_lists(depth)
                out.append("</li><li>")
            out.append(_inline(item.group(3)))
            item_open = True
        elif lists and item_open and raw.startswith((" ", "\t")):
            out.append(" " + _inline(line.strip()))
        else:
            close_lists()
            if line.startswith(">"):
                line = line.lstrip("> ")
            para.append(line.strip())
    flush_para()
    close_lists()
    return "\n".join(out) + "\n"


if __name__ == "__main__":
    commands = {"vendor": vendor, "site": site}
    if len(sys.argv) != 2 or sys.argv[1] not in commands:
        fail(f"usage: python scripts/build.py {'|'.join(commands)}")
    commands[sys.argv[1]]()
