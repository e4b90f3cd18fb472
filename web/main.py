"""The page's script: put the page's own modules where Python imports them, then start the page
(web/page.py). Kept small: PyScript hands Python this text, not bytecode, and a start from
scratch parses and compiles it (a restored one runs the code the snapshot compiled for it:
web/precompiled.py), while web/page.py comes compiled in the archive."""

import sys
import zlib

from js import performance

performance.mark("main: start")  # the page's steps, printed by benchmarks/startup.py
# plot/ and web/ arrive as one archive of sources and bytecode (scripts/build.py), written to
# Pyodide's home folder by [files] in pyscript.toml; Python imports from it in place (zipimport,
# then web/imports.py's lighter importer).
ARCHIVE = "modules.zip"
PAGE_PACKAGES = ("plot", "web")


def forget_another_builds_modules(archive: str) -> None:
    """A restored interpreter holds the page's modules that need no browser imported already
    (scripts/snapshot.mjs), from the archive of the build that made the snapshot; a snapshot
    kept from another version of the site (the page's own cache keeps one across versions)
    holds another version's: forget them, so that this archive's are imported."""
    made_from = getattr(sys.modules.get("web"), "SNAPSHOT_ARCHIVE_CRC", None)
    if made_from is None:
        return  # started from scratch, or from a snapshot without them: nothing imported yet
    with open(archive, "rb") as file:
        if zlib.crc32(file.read()) == made_from:
            performance.mark("main: modules from the snapshot")
            return
    for name in [name for name in sys.modules if name.partition(".")[0] in PAGE_PACKAGES]:
        del sys.modules[name]
    performance.mark("main: modules of another build forgotten")


forget_another_builds_modules(ARCHIVE)
sys.path.insert(0, ARCHIVE)

from web import imports  # noqa: E402

imports.install(ARCHIVE)

import js  # noqa: E402

from web import stdlib  # noqa: E402

stdlib.install(fetch=lambda url: js.thePlotFetchSync(url).to_bytes(), warn=js.console.warn)

from web.page import start  # noqa: E402

await start()  # noqa: F704, PLE1142 - PyScript runs the page's script with top-level await
