"""The deployable site (make site): only what the page needs, every URL relative."""

from __future__ import annotations

import gzip
import hashlib
import importlib.util
import io
import json
import os
import re
import shutil
import struct
import subprocess
import tomllib
import zipfile
import zlib
from pathlib import Path

import pytest
from sitebuild.caches import snapshot_arguments, snapshot_page_modules
from sitebuild.slim import FALLBACK_ONLY

from plot import Game
from tests.e2e.tablepage import TRAMPOLINE, expected_table, new_table

ROOT = Path(__file__).resolve().parents[2]
SITE = ROOT / "_site"
RESTORED = "performance.getEntriesByName('boot: interpreter restored from the snapshot').length"
KEPT = "html[data-snapshot='kept']"  # web/offline.js kept the snapshot for the next start
SNAPSHOT_CACHE = "the-plot snapshot"  # web/boot.js: the page's own cache of it, without a worker


def restored_page(browser, site_url, fragment: str = "#game=1"):
    """A page started from the snapshot: a first start in a fresh profile (a full one, which
    keeps the snapshot in the page's cache: there is no service worker here), then another."""
    page = new_table(browser, site_url)
    page.goto(fragment)
    page.page.wait_for_selector(KEPT, state="attached")
    page.reload()
    assert page.page.evaluate(RESTORED) == 1
    return page


@pytest.fixture(scope="module")
def restored(browser, site_url):
    page = restored_page(browser, site_url)
    yield page
    page.context.close()


def test_the_site_holds_the_page_the_engine_the_web_layer_and_the_runtime_only(site_url):
    top = {p.name for p in SITE.iterdir()}
    assert top == {"index.html", "pyscript.toml", "manifest.webmanifest", "sw.js", "web"}
    files = [p.relative_to(SITE).as_posix() for p in SITE.rglob("*") if p.is_file()]
    assert not [f for f in files if f.endswith((".map", ".d.ts", ".pyc", ".py", ".html"))
                and f not in ("index.html", "web/vendor/rules.html", "web/vendor/full-rules.html",
                              "web/main.py")]
    assert "web/vendor/pyodide/pyodide.asm.wasm" in files
    assert "web/vendor/pyscript/core.js" in files
    assert "web/vendor/pyscript-bytecode.bin" in files  # PyScript's package, see web/boot.js
    snapshot = (SITE / "web" / "vendor" / "pyodide-snapshot.bin").read_bytes()  # see web/boot.js
    assert snapshot[:2] == b"\x1f\x8b"  # gzipped: the browser unzips it itself
    assert not snapshot[3] & 0x08  # no file name in the gzip header: the same bytes at every build


def test_the_config_loads_the_local_interpreter_and_the_modules_archive():
    config = tomllib.loads((SITE / "pyscript.toml").read_text(encoding="utf-8"))
    assert config["interpreter"] == "./web/boot.js"  # the vendored Pyodide, started early
    boot = (SITE / "web" / "boot.js").read_text(encoding="utf-8")
    assert 'from "./vendor/pyodide/pyodide.mjs"' in boot
    assert config["files"] == {"./web/vendor/modules.zip": "./modules.zip"}
    assert (SITE / "web" / "vendor" / "modules.zip").is_file()


def test_the_archive_holds_every_module_as_it_is_with_its_bytecode():
    """plot/ and web/ (but the page's script) as they are in the tree, each with its .pyc."""
    sources = [*(ROOT / "plot").rglob("*.py"), *(ROOT / "web").glob("*.py")]
    modules = {p.relative_to(ROOT).as_posix(): p.read_bytes() for p in sources
               if "__pycache__" not in p.parts}
    del modules["web/main.py"]
    with zipfile.ZipFile(SITE / "web" / "vendor" / "modules.zip") as archive:
        names = set(archive.namelist())
        assert names == set(modules) | {f"{name}c" for name in modules}
        for name, source in modules.items():
            assert archive.read(name) == source, name
            pyc = archive.read(f"{name}c")
            # unchecked-hash bytecode (PEP 552): Python reads only the .pyc (the page's own
            # hash of the source is checked in the page, below)
            assert int.from_bytes(pyc[4:8], "little") == 0b01, name
    page_script = (SITE / "web" / "main.py").read_text(encoding="utf-8")
    config = tomllib.loads((SITE / "pyscript.toml").read_text(encoding="utf-8"))
    written_to = config["files"]["./web/vendor/modules.zip"].removeprefix("./")
    assert f'ARCHIVE = "{written_to}"' in page_script  # where [files] puts it
    assert "sys.path.insert(0, ARCHIVE)" in page_script


def test_every_url_in_the_page_is_relative():
    page = (SITE / "index.html").read_text(encoding="utf-8")
    urls = re.findall(r"""(?:href|src|config)=["']([^"']+)["']""", page)
    assert urls
    for url in urls:
        assert not re.match(r"^(?:[a-z]+:|/)", url), url


def test_the_service_worker_precaches_every_file_of_this_version():
    worker = (SITE / "sw.js").read_text(encoding="utf-8")
    version = re.search(r'const VERSION = "(\w+)";', worker).group(1)
    precache = json.loads(re.search(r"const PRECACHE = (\{.*?\});", worker, re.S).group(1))
    files = {p.relative_to(SITE).as_posix(): p for p in SITE.rglob("*") if p.is_file()}
    assert set(FALLBACK_ONLY) <= files.keys()  # in the site, read only in a fallback
    assert set(precache) == (files.keys() - {"sw.js"} - set(FALLBACK_ONLY)) | {"./"}
    for url, digest in precache.items():
        path = files["index.html" if url == "./" else url]
        assert hashlib.sha256(path.read_bytes()).hexdigest() == digest, url
    assert len(version) == 16
    assert version not in (ROOT / "scripts" / "sw.template.js").read_text(encoding="utf-8")


def test_the_manifest_makes_the_game_installable():
    manifest = json.loads((SITE / "manifest.webmanifest").read_text(encoding="utf-8"))
    assert manifest["display"] == "standalone"
    assert manifest["start_url"] == manifest["scope"] == "./"
    assert manifest["name"] and manifest["short_name"] == "The Plot"
    assert re.fullmatch(r"#[0-9a-f]{6}", manifest["theme_color"])
    assert re.fullmatch(r"#[0-9a-f]{6}", manifest["background_color"])
    purposes = set()
    for icon in manifest["icons"]:
        data = (SITE / icon["src"]).read_bytes()
        assert data[:8] == b"\x89PNG\r\n\x1a\n", icon["src"]
        width, height = struct.unpack(">II", data[16:24])
        assert icon["sizes"] == f"{width}x{height}", icon["src"]
        purposes.add(icon["purpose"])
        assert icon["sizes"] in ("192x192", "512x512")
    assert purposes == {"any", "maskable"}
    page = (SITE / "index.html").read_text(encoding="utf-8")
    assert 'rel="manifest" href="manifest.webmanifest"' in page


# Runs Python in the page's own interpreter: the one web/boot.js started and handed to PyScript.
RUN_IN_PAGE = """async (code) => {
    const boot = await import(new URL("web/boot.js", document.baseURI).href);
    return (await boot.loadPyodide()).runPython(code);
}"""

# Run in the page's own interpreter after the start: for each module of PyScript's `pyscript`
# package that was imported, where its bytecode is and what the import machinery makes of it.
PYSCRIPT_BYTECODE_REPORT = r"""
import importlib.util, json, os, sys

compiling = []
sys.addaudithook(lambda event, args: compiling and event == "compile" and compiling.append(event))
report = {}
for name, module in sorted(sys.modules.items()):
    spec = getattr(module, "__spec__", None)
    if name.split(".")[0] != "pyscript" or spec is None or not spec.cached:
        continue  # pyscript.js_modules is a JavaScript object, not a module from a file
    with open(spec.origin, "rb") as source:
        digest = importlib.util.source_hash(source.read())
    pyc = b""
    if os.path.exists(spec.cached):
        with open(spec.cached, "rb") as file:
            pyc = file.read()
    compiling[:] = [True]  # the loader the start used, asked again: does it compile the source?
    spec.loader.get_code(name)
    report[name] = {"flags": int.from_bytes(pyc[4:8], "little") if pyc else None,
                    "matches_source": pyc[8:16] == digest, "compiled": len(compiling) > 1}
    compiling.clear()
json.dumps(report)
"""


# Run in the page's own interpreter after the start: for each module of plot/ and web/, the
# importer it came through, whether its bytecode is of its source (hashed by the page's Python),
# and whether that importer, asked for its code again, compiles anything.
ARCHIVE_REPORT = r"""
import importlib.util, json, sys

compiling = []
sys.addaudithook(lambda event, args: compiling and event == "compile" and compiling.append(event))
report = {}
for name, module in sorted(sys.modules.items()):
    if name.partition(".")[0] not in ("plot", "web"):
        continue
    loader = module.__spec__.loader
    source = loader.get_source(name).encode()
    pyc = loader.get_data(module.__spec__.origin.removesuffix("c") + "c")  # zipimport: .pyc
    compiling[:] = [True]
    loader.get_code(name)
    report[name] = {"importer": type(loader).__name__, "compiled": len(compiling) > 1,
                    "of_source": pyc[8:16] == importlib.util.source_hash(source)}
    compiling.clear()
json.dumps(report)
"""


def test_the_games_modules_come_from_the_archives_bytecode_each_read_once(table):
    """Every module of the engine and the web layer runs from the bytecode shipped beside its
    source (nothing compiled at start), and all but the two imported before it came through
    web/imports.py's importer, which reads each module once instead of zipimport's twice."""
    report = json.loads(table.page.evaluate(RUN_IN_PAGE, ARCHIVE_REPORT))
    assert {"plot.game", "web.app", "web.render", "web.imports"} <= report.keys()
    for name, found in report.items():
        importer = "zipimporter" if name in ("web", "web.imports") else "ArchiveImporter"
        assert found == {"importer": importer, "compiled": False, "of_source": True}, name


def test_pyscript_imports_its_own_package_from_the_shipped_bytecode(table):
    """PyScript writes its `pyscript` package's sources at every start; the bytecode web/boot.js
    wrote beside them is checked-hash, matches them, and is what Python loads (no compiling)."""
    report = json.loads(table.page.evaluate(RUN_IN_PAGE, PYSCRIPT_BYTECODE_REPORT))
    assert {"pyscript", "pyscript.display", "pyscript.events"} <= report.keys()
    for name, found in report.items():
        assert found == {"flags": 0b11, "matches_source": True, "compiled": False}, name


# What Python draws from its machine at start, in the page's interpreter and in a fresh one.
START_STATE = r"""
import json, locale, os, sys
json.dumps({"environ": dict(os.environ), "cwd": os.getcwd(), "executable": sys.executable,
            "path": [p for p in sys.path if p != "modules.zip"],  # web/main.py adds the archive
            "argv": sys.argv, "flags": repr(sys.flags), "version": sys.version,
            "encoding": locale.getpreferredencoding()})
"""


def test_a_first_start_never_downloads_the_snapshot_nor_what_only_a_fallback_reads(browser,
                                                                                   site_url):
    page = new_table(browser, site_url)
    page.goto("#game=1")
    assert page.page.evaluate(RESTORED) == 0  # a first visit: a full start
    fetched = page.page.evaluate("""() => {  // what the start fetched: before the game's modules
        const done = performance.getEntriesByName('main: imported')[0].startTime;
        return performance.getEntriesByType('resource').filter((e) => e.startTime < done)
            .map((e) => e.name); }""")
    started = [url for url in fetched if "snapshot" in url or url.endswith(
        tuple(f"/{path}" for path in FALLBACK_ONLY))]
    assert started == [] and len(fetched) > 10, fetched
    page.page.wait_for_selector(KEPT, state="attached")  # kept for the next start, after this one
    page.context.close()


def test_the_interpreter_is_restored_from_the_snapshot_as_a_fresh_start_would_be(restored):
    """web/boot.js restores the interpreter from the build's snapshot (not from scratch), and it
    then looks as a fresh loadPyodide() in the same browser does: environment, paths, flags, and
    the WebAssembly trampoline for calls into C (the snapshot, made in Node, holds the
    JavaScript one)."""
    table = restored
    found = table.page.evaluate(
        f"""async (code) => {{
            const trampoline = {TRAMPOLINE};
            const here = (path) => new URL(path, document.baseURI).href;
            const boot = await import(here("web/boot.js"));
            const page = await boot.loadPyodide();
            const {{ loadPyodide }} = await import(here("web/vendor/pyodide/pyodide.mjs"));
            const fresh = await loadPyodide({{ indexURL: here("web/vendor/pyodide/") }});
            return {{ restored: page.runPython(code), fresh: fresh.runPython(code),
                     trampolines: [trampoline(page), trampoline(fresh)],
                     marks: performance.getEntriesByName(
                         "boot: interpreter restored from the snapshot").length }};
        }}""", START_STATE)
    assert found["marks"] == 1  # restored; a failed restore warns and starts from scratch
    restored, fresh = json.loads(found["restored"]), json.loads(found["fresh"])
    assert restored["environ"]["LANG"] == "en_US.UTF-8"  # this browser's language, not the build's
    for key in ("environ", "cwd", "executable", "path", "argv", "flags", "version", "encoding"):
        assert restored[key] == fresh[key], key
    restored_trampoline, fresh_trampoline = found["trampolines"]
    assert restored_trampoline == fresh_trampoline > 0


# Where the page's Python runs: the snapshot's interpreter as the page has it, asked whether a
# task of Python's (run as PyScript runs the page's script) could wait synchronously on JavaScript.
STACK_SWITCHING = """async () => {
    const boot = await import(new URL("web/boot.js", document.baseURI).href);
    const pyodide = await boot.loadPyodide();
    return { offered: "Suspending" in WebAssembly, used: pyodide._module.jspiSupported,
             task: await pyodide.runPythonAsync(
                 "from pyodide.ffi import can_run_sync\\ncan_run_sync()") };
}"""


def test_python_runs_on_the_pages_own_stack_never_a_webassembly_stack_of_its_own(restored):
    """web/boot.js hides WebAssembly stack switching (JSPI) from Pyodide: with it, Pyodide runs
    Python's tasks on stacks of their own, and Chromium crashed a returning player's tab now and
    then (README). Without it, as in Firefox, the game plays the same."""
    found = restored.page.evaluate(STACK_SWITCHING)
    assert found == {"offered": False, "used": False, "task": False}
    assert restored.page.evaluate("() => document.documentElement.dataset.ready") == "true"


# Run in the page's own interpreter: the standard-library modules imported since the restore,
# which web/boot.js follows with a fresh importer of the library (the snapshot's were made in Node).
IMPORTED_SINCE_RESTORE = r"""
import json, sys
library = next(p for p in sys.path if p.startswith("/lib/") and p.endswith(".zip"))
importer = sys.path_importer_cache.get(library)
json.dumps(sorted(name for name, module in list(sys.modules.items())
                  if importer is not None
                  and getattr(getattr(module, "__spec__", None), "loader", None) is importer))
"""


def test_a_restored_start_imports_no_module_of_the_standard_library(restored):
    """The snapshot holds every standard-library module the page imports (scripts/snapshot.mjs),
    so a start imports none of them (html alone, for PyScript, took ~40 ms of each start)."""
    imported = json.loads(restored.page.evaluate(RUN_IN_PAGE, IMPORTED_SINCE_RESTORE))
    assert imported == []


# Run in the page's own interpreter: the first line of each text that ran from the code the
# build compiled for it (web/precompiled.py), in order.
PRECOMPILED_RUN = "import json\nfrom web import precompiled\njson.dumps(precompiled.RUN)"
# The first line of each of those texts, in the order PyScript hands them over: its bootstrap's,
# then the page's script's (web/main.py).
PRECOMPILED_TEXTS = ["import os as _os",
                     (ROOT / "web" / "main.py").read_text(encoding="utf-8").partition("\n")[0]]
RUN_ASYNC_IN_PAGE = """async (code) => {
    const boot = await import(new URL("web/boot.js", document.baseURI).href);
    return (await boot.loadPyodide()).runPythonAsync(code);
}"""


def test_a_restored_start_runs_pyscripts_two_texts_from_code_the_build_compiled(restored):
    """PyScript hands Python two texts at every start, its bootstrap and the page's script, and
    Pyodide would parse and compile both each time; the snapshot holds them compiled
    (web/precompiled.py), so a restored start runs both from that code: the very texts PyScript
    hands over. Any other text still runs, compiled as it comes."""
    page = restored.page
    ran = json.loads(page.evaluate(RUN_IN_PAGE, PRECOMPILED_RUN))
    assert ran == PRECOMPILED_TEXTS
    assert page.evaluate(RUN_ASYNC_IN_PAGE, "import asyncio\nawait asyncio.sleep(0)\n6 * 7") == 42
    assert json.loads(page.evaluate(RUN_IN_PAGE, PRECOMPILED_RUN)) == ran
    assert page.evaluate("() => document.documentElement.dataset.ready") == "true"


# Run in the page's own interpreter: the page's own modules (plot/, web/) imported since the
# restore, by the importers web/main.py installed (the snapshot's own were made in Node).
PAGE_MODULES_IMPORTED_SINCE_RESTORE = r"""
import json, sys
page_importers = [importer for entry, importer in sys.path_importer_cache.items()
                  if entry == "modules.zip" or entry.startswith("modules.zip/")]
json.dumps(sorted(name for name, module in list(sys.modules.items())
                  if getattr(getattr(module, "__spec__", None), "loader", None) in page_importers))
"""
MARKS = "(name) => performance.getEntriesByName(name).length"


def test_a_restored_start_imports_only_the_page_modules_that_need_the_browser(restored):
    """The snapshot holds the page's own modules that need no browser imported (those of plot/
    and most of web/), from this very archive: a start imports only the others (web.render,
    web.controls...), which import PyScript's."""
    page = restored.page
    assert page.evaluate(MARKS, "main: modules from the snapshot") == 1
    archive = (SITE / "web" / "vendor" / "modules.zip").read_bytes()
    assert page.evaluate(RUN_IN_PAGE, "import web; str(web.SNAPSHOT_ARCHIVE_CRC)") == str(
        zlib.crc32(archive))
    imported = json.loads(page.evaluate(RUN_IN_PAGE, PAGE_MODULES_IMPORTED_SINCE_RESTORE))
    held = snapshot_page_modules()
    assert {"plot.game", "web.app", "web.words"} <= set(held)
    assert "web.render" in imported and "web.controls" in imported  # the check can see them
    assert not set(imported) & set(held), imported


def test_a_snapshot_of_another_build_has_its_page_modules_forgotten(browser, site_url):
    """The page's own cache keeps a snapshot across versions of the site: one whose modules came
    from another archive than the page's has them forgotten, and the page runs its own code."""
    archive = (SITE / "web" / "vendor" / "modules.zip").read_bytes()
    newer = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(archive)) as old, zipfile.ZipFile(newer, "w") as new:
        for info in old.infolist():
            if info.filename == "web/words.pyc":
                continue  # the source alone, as changed below
            data = old.read(info)
            if info.filename == "web/words.py":
                data = data.replace(b"Welcome back: game", b"Welcome back (a newer build): game")
                assert b"a newer build" in data
            new.writestr(info, data)
    page = restored_page(browser, site_url, "#game=2")
    try:
        assert page.page.evaluate(MARKS, "main: modules from the snapshot") == 1
        game = Game.new(2)
        move = next(m for m in game.legal_moves() if m.src != "S")
        page.play(str(move))
        game.play(move)
        page.wait_table(expected_table(game))
        page.page.route("**/web/vendor/modules.zip", lambda route: route.fulfill(
            body=newer.getvalue(), content_type="application/zip"))
        page.reload()
        assert page.page.evaluate(RESTORED) == 1
        assert page.page.evaluate(MARKS, "main: modules of another build forgotten") == 1
        page.wait_table(expected_table(game))
        assert "Welcome back (a newer build): game 2 resumed" in page.message()
        page.assert_clean()
    finally:
        page.context.close()


def test_the_snapshot_is_not_kept_in_memory_once_restored(restored):
    """Restored, its 31 MB are garbage: the page's whole JavaScript heap is smaller than it."""
    table = restored
    snapshot_size = len(gzip.decompress((SITE / "web" / "vendor" / "pyodide-snapshot.bin")
                                        .read_bytes()))
    table.page.context.new_cdp_session(table.page).send("HeapProfiler.collectGarbage")
    heap = table.page.evaluate("performance.memory.usedJSHeapSize")
    assert heap < snapshot_size, f"{heap / 1e6:.1f} MB of JavaScript heap"

def test_every_start_draws_its_own_random_numbers(browser, site_url):
    """The snapshot holds the random generator's state of the build: each tab must reseed it."""
    page = restored_page(browser, site_url)
    states = [page.page.evaluate(RUN_IN_PAGE, "import random; repr(random.getstate())")]
    page.reload()
    assert page.page.evaluate(RESTORED) == 1
    states.append(page.page.evaluate(RUN_IN_PAGE, "import random; repr(random.getstate())"))
    page.assert_clean()
    page.context.close()
    assert states[0] != states[1]


def test_a_missing_snapshot_means_full_starts_and_no_warning(browser, site_url):
    """A snapshot the site does not have is never looked for on the network: full starts."""
    table = new_table(browser, site_url)
    table.page.route("**/web/vendor/pyodide-snapshot.bin",
                     lambda route: route.fulfill(status=404, body="gone"))
    table.goto("#game=1")
    table.page.wait_for_selector("html[data-snapshot='none']", state="attached")  # not kept
    table.reload()
    assert table.page.evaluate(RESTORED) == 0 and table.status() == "playing"
    problems, table.watch.problems = table.watch.problems, []
    # only the snapshot's 404, when web/offline.js tried to keep it after the first start
    assert all("pyodide-snapshot.bin" in p or "status of 404" in p for p in problems), problems
    assert not any("snapshot was not used" in p for p in problems)
    table.context.close()


def test_webkit_never_restores_nor_keeps_the_snapshot(browser, site_url):
    """In a browser whose vendor is Apple (Safari, iOS, WebKitGTK), every start is a full one:
    a restored interpreter's heap is corrupted there now and then (web/boot.js). No snapshot is
    downloaded, kept or looked for, and nothing warns."""
    table = new_table(browser, site_url)
    table.context.add_init_script(
        "Object.defineProperty(Navigator.prototype, 'vendor', {get: () => 'Apple Computer, Inc.'})")
    table.goto("#game=1")
    table.page.wait_for_selector("html[data-snapshot='none']", state="attached")  # not kept
    for start in ("first", "reload"):
        if start == "reload":
            table.reload()
        assert table.page.evaluate("navigator.vendor") == "Apple Computer, Inc."
        assert table.page.evaluate(RESTORED) == 0 and table.status() == "playing", start
        fetched = table.page.evaluate(
            "() => performance.getEntriesByType('resource').map((e) => e.name)")
        assert not [url for url in fetched if "snapshot" in url], (start, fetched)
    assert table.page.evaluate(f"caches.has({json.dumps(SNAPSHOT_CACHE)})") is False
    table.assert_clean()
    table.context.close()


@pytest.mark.parametrize("answer", [
    {"status": 200, "body": b"not gzip at all"},
    {"status": 200, "body": gzip.compress(bytes(4096))},  # gzip, but no snapshot inside
], ids=["not-gzip", "not-a-snapshot"])
def test_without_a_usable_snapshot_pyodide_starts_from_scratch(browser, site_url, answer):
    """A broken snapshot costs time, never the game: a warning, then a full start."""
    table = new_table(browser, site_url)
    table.page.route("**/web/vendor/pyodide-snapshot.bin", lambda route: route.fulfill(**answer))
    table.goto("#game=1")
    table.page.wait_for_selector(KEPT, state="attached")  # the broken one, kept
    table.reload()
    assert table.page.evaluate(RESTORED) == 0
    assert table.status() == "playing"
    problems, table.watch.problems = table.watch.problems, []
    assert any("snapshot was not used" in p for p in problems), problems
    # besides the warning, only the snapshot's own request may show: its download cancelled
    # when unzipping fails
    assert all("snapshot was not used" in p
               or p.startswith("request failed: ") and "pyodide-snapshot.bin" in p
               for p in problems), problems
    table.page.keyboard.press("n")  # and it plays: a new deal
    table.page.wait_for_function("() => !location.hash.endsWith('#game=1')")
    table.assert_clean()
    table.context.close()


def test_every_startup_lever_of_the_benchmark_still_applies_to_the_site(tmp_path):
    """benchmarks/levers.py measures the site with one startup lever taken out, by editing a
    copy of it; an edit that no longer finds what it changes would measure nothing."""
    spec = importlib.util.spec_from_file_location("levers", ROOT / "benchmarks" / "levers.py")
    levers = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(levers)
    as_built = contents(SITE)
    for name, take_out in levers.LEVERS.items():
        site = tmp_path / name
        shutil.copytree(SITE, site, copy_function=link_or_copy)
        take_out(site)  # each asserts that what it edits is there
        assert contents(site) != as_built, f"the lever {name} changed nothing"


def link_or_copy(source: str, target: str) -> None:
    """A hard link as benchmarks/levers.py makes, or a copy across file systems."""
    try:
        os.link(source, target)
    except OSError:
        shutil.copy2(source, target)


def contents(root: Path) -> dict[Path, str]:
    """Each file under `root`, by its path there: the SHA-256 of its bytes."""
    return {path.relative_to(root): hashlib.sha256(path.read_bytes()).hexdigest()
            for path in root.rglob("*") if path.is_file()}


def test_the_snapshot_is_the_same_at_every_build(tmp_path):
    """An unchanged site keeps its version (no 6 MB download for nothing): two snapshots of the
    same Pyodide are the same bytes, although Python draws randomness and times while starting."""
    made = []
    for name in ("first", "second"):
        subprocess.run(["node", str(ROOT / "scripts" / "snapshot.mjs"),
                        str(ROOT / "node_modules" / "pyodide"),
                        *snapshot_arguments(tmp_path / name)], check=True)
        made.append((tmp_path / name).read_bytes())
    assert len(made[0]) > 10_000_000  # a whole interpreter's memory
    assert made[0] == made[1]


def test_a_module_the_trimmed_library_left_out_still_imports(table):
    """The page ships a standard library trimmed to what it imports; anything else is fetched
    (the whole library, once) the first time it is imported, and says so in the console."""
    found = table.page.evaluate(RUN_IN_PAGE, "import xml.dom.minidom, statistics\n"
                                "repr((xml.dom.minidom.parseString('<a>x</a>').documentElement"
                                ".tagName, statistics.mean([1, 2])))")
    assert found == "('a', 1.5)"
    problems, table.watch.problems = table.watch.problems, []
    assert len(problems) == 1 and "the whole standard library was needed" in problems[0]
    assert table.page.evaluate(RUN_IN_PAGE, "import importlib.util\n"
                               "str(importlib.util.find_spec('_winapi'))") == "None"


def test_a_returning_players_table_is_on_screen_before_python_runs(browser, site_url):
    """The preview of the last table (web/preview.py, web/startup.js): the same cards, inert,
    while the game starts; then the game's own table, the same, and playable."""
    from plot import Game
    from tests.e2e.tablepage import expected_table

    page = new_table(browser, site_url)
    page.goto("#game=6")
    game = Game.new(6)
    for _ in range(6):
        move = ([m for m in game.legal_moves() if m.src != "S"] or game.legal_moves())[0]
        page.play(str(move))
        game.play(move)
    page.wait_table(expected_table(game))
    held = []
    page.page.route("**/web/vendor/modules.zip", lambda route: held.append(route))  # Python waits
    page.page.reload(wait_until="commit")
    page.page.wait_for_selector("html.preview", state="attached")
    assert page.table() == expected_table(game)
    assert page.page.evaluate("() => document.getElementById('table').inert")
    page.page.unroute("**/web/vendor/modules.zip")
    for route in held:
        route.continue_()
    page.wait_ready()
    page.wait_table(expected_table(game))
    assert page.page.locator("html.preview").count() == 0
    assert not page.page.evaluate("() => document.getElementById('table').inert")
    page.assert_clean()
    page.context.close()
