"""Measure the startup levers: build variants of _site/ and time them against it in one run.

    .venv/bin/python benchmarks/levers.py [--rounds 4] [lever ...]     (after make site)

Each lever is a copy of _site/ (hard links; changed files are replaced, never written through)
with one change, and its own service worker list. benchmarks/startup.py then loads the bare
Pyodide page, the game and every variant alternately, cold and warm, and prints the ratios.
The site has the levers that paid off; the variants take one back out, or try another:
  late-start    no web/boot.js: PyScript starts Pyodide itself, after its config and plugins
  all-plugins   PyScript's unused plugins back on (py-editor, py-game, py-terminal, ...)
  no-bytecode   the modules archive with sources only: Python compiles every module at start
  per-file      one [files] entry (one request) per module instead of the archive
  json-config   the same config as pyscript.json (no TOML parser chunk)
  preload       <link rel=preload/modulepreload> for Pyodide's files in the page's head
  no-pyscript-bytecode  no bytecode for PyScript's `pyscript` package: Python compiles it at start
  start-at-once web/boot.js starts Pyodide as soon as it runs, not once the skeleton is painted
  no-spinner    no spinner animating in the status line while Python loads
  no-snapshot   web/boot.js starts Pyodide from scratch instead of restoring the build's snapshot
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import tomllib
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "_site"
sys.path.insert(0, str(ROOT / "scripts"))
from sitebuild.caches import INTERPRETER_SNAPSHOT, PYSCRIPT_BYTECODE  # noqa: E402
from sitebuild.layout import MODULES_ARCHIVE, PAGE_SCRIPT  # noqa: E402
from sitebuild.service_worker import write_service_worker  # noqa: E402

PRELOAD = """  <link rel="modulepreload" href="web/vendor/pyodide/pyodide.mjs">
  <link rel="modulepreload" href="web/vendor/pyodide/pyodide.asm.mjs">
  <link rel="preload" href="web/vendor/pyodide/pyodide.asm.wasm" as="fetch" crossorigin>
  <link rel="preload" href="web/vendor/pyodide/python_stdlib.zip" as="fetch" crossorigin>
  <link rel="preload" href="web/vendor/pyodide/pyodide-lock.json" as="fetch" crossorigin>
"""
CORE = '  <script type="module" src="web/vendor/pyscript/core.js"></script>\n'
BOOT = '  <script type="module" src="web/boot.js"></script>\n'


def replace(path: Path, text: str) -> None:
    """Write `text` to `path` without touching the hard-linked original."""
    path.unlink(missing_ok=True)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def toml_dump(config: dict) -> str:
    lines = [f"{k} = {json.dumps(v)}" for k, v in config.items() if k != "files"]
    lines += ["", "[files]"] + [f"{json.dumps(k)} = {json.dumps(v)}"
                                for k, v in config.get("files", {}).items()]
    return "\n".join(lines) + "\n"


def config_of(site: Path) -> dict:
    return tomllib.loads((site / "pyscript.toml").read_text(encoding="utf-8"))


def edit_page(site: Path, old: str, new: str) -> None:
    page = (site / "index.html").read_text(encoding="utf-8")
    assert old in page, old
    replace(site / "index.html", page.replace(old, new))


def late_start(site: Path) -> None:
    config = config_of(site)
    config["interpreter"] = "./web/vendor/pyodide/pyodide.mjs"
    replace(site / "pyscript.toml", toml_dump(config))
    edit_page(site, BOOT, "")
    (site / "web" / "boot.js").unlink()


def all_plugins(site: Path) -> None:
    config = config_of(site)
    del config["plugins"]
    replace(site / "pyscript.toml", toml_dump(config))
    page = (site / "index.html").read_text(encoding="utf-8")
    replace(site / "index.html", re.sub(r"<mpy-config[^>]*>.*?</mpy-config>", "", page, flags=re.S))


def archive_entries(site: Path) -> dict[str, bytes]:
    with zipfile.ZipFile(site / MODULES_ARCHIVE) as archive:
        return {name: archive.read(name) for name in archive.namelist()}


def no_bytecode(site: Path) -> None:
    sources = {n: data for n, data in archive_entries(site).items() if n.endswith(".py")}
    target = site / MODULES_ARCHIVE
    target.unlink()
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in sources.items():
            archive.writestr(name, data)


def per_file(site: Path) -> None:
    config = config_of(site)
    files = {}
    for name, data in archive_entries(site).items():
        if name.endswith(".py"):
            (site / name).parent.mkdir(parents=True, exist_ok=True)
            (site / name).unlink(missing_ok=True)  # never write through a hard link
            (site / name).write_bytes(data)
            files[f"./{name}"] = f"./{name}"
    config["files"] = files
    replace(site / "pyscript.toml", toml_dump(config))
    script = (site / PAGE_SCRIPT).read_text(encoding="utf-8")
    replace(site / PAGE_SCRIPT, script.replace('sys.path.insert(0, "modules.zip")', ""))
    (site / MODULES_ARCHIVE).unlink()


def json_config(site: Path) -> None:
    replace(site / "pyscript.json", json.dumps(config_of(site), indent=2))
    edit_page(site, 'config="pyscript.toml"', 'config="pyscript.json"')


def preload(site: Path) -> None:
    edit_page(site, CORE, PRELOAD + CORE)


def no_pyscript_bytecode(site: Path) -> None:
    index = b"[]"  # the format of PYSCRIPT_BYTECODE with no file in it
    target = site / PYSCRIPT_BYTECODE
    target.unlink()
    target.write_bytes(len(index).to_bytes(4, "big") + index)


def start_at_once(site: Path) -> None:
    boot = (site / "web" / "boot.js").read_text(encoding="utf-8")
    marker = 'if (PerformanceObserver.supportedEntryTypes?.includes("paint")) {'
    assert marker in boot, marker
    replace(site / "web" / "boot.js", boot.replace(marker, "start();\nif (false) {"))


def no_spinner(site: Path) -> None:
    edit_page(site, ' <span class="spinner" aria-hidden="true"></span>', "")


def no_snapshot(site: Path) -> None:
    boot = (site / "web" / "boot.js").read_text(encoding="utf-8")
    marker = "if (!unzips || !RESTORES_SNAPSHOTS) return null;"
    assert marker in boot, marker
    replace(site / "web" / "boot.js", boot.replace(marker, "return null;"))
    (site / INTERPRETER_SNAPSHOT).unlink()


LEVERS = {"late-start": late_start, "all-plugins": all_plugins, "no-bytecode": no_bytecode,
          "per-file": per_file, "json-config": json_config, "preload": preload,
          "no-pyscript-bytecode": no_pyscript_bytecode, "start-at-once": start_at_once,
          "no-spinner": no_spinner, "no-snapshot": no_snapshot}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("levers", nargs="*", metavar="lever", help=", ".join(LEVERS))
    args = parser.parse_args()
    args.levers = args.levers or list(LEVERS)
    if unknown := set(args.levers) - LEVERS.keys():
        sys.exit(f"benchmarks/levers.py: unknown lever {', '.join(sorted(unknown))}")
    if not (SITE / "index.html").exists():
        sys.exit("benchmarks/levers.py: build the site first (make site)")
    with tempfile.TemporaryDirectory() as tmp:
        variants = []
        for name in args.levers:
            site = Path(tmp) / name
            shutil.copytree(SITE, site, copy_function=os.link)
            LEVERS[name](site)
            write_service_worker(site)
            variants += ["--variant", str(site)]
        subprocess.run([sys.executable, str(ROOT / "benchmarks" / "startup.py"), "--no-worker",
                        "--rounds", str(args.rounds), *variants], check=True)


if __name__ == "__main__":
    main()
