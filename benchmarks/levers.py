"""Measure the startup levers: build variants of _site/ and time them against it in one run.

    .venv/bin/python benchmarks/levers.py [--rounds 4] [lever ...]     (after make site)

Each lever is a copy of _site/ (hard links; changed files are replaced, never written through)
with one change, and its own service worker list. benchmarks/startup.py then loads the bare
Pyodide page, the game and every variant alternately, cold and warm, and prints the ratios.
Levers:
  json-config   the same config as pyscript.json (no TOML parser chunk)
  no-plugins    PyScript's unused plugins turned off in the config (py-editor, py-terminal, ...)
  engine-zip    plot/ and web/ as one zip unpacked by [files] instead of one fetch per module
  preload       <link rel=preload/modulepreload> for Pyodide's files, in parallel with PyScript
  trim-files    only the modules the first screen imports (no solver.py, no __main__.py)
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
PYSCRIPT_DIST = ROOT / "node_modules" / "@pyscript" / "core" / "dist"
sys.path.insert(0, str(ROOT / "scripts"))
import build  # noqa: E402

# PyScript's plugins (core.js loads every one the config does not turn off with "!name");
# "error" stays on: it shows Python errors in the page.
UNUSED_PLUGINS = ["codemirror", "deprecations-manager", "donkey", "py-editor", "py-game",
                  "py-terminal"]
PRELOAD = """  <link rel="modulepreload" href="web/vendor/pyodide/pyodide.mjs">
  <link rel="modulepreload" href="web/vendor/pyodide/pyodide.asm.mjs">
  <link rel="preload" href="web/vendor/pyodide/pyodide.asm.wasm" as="fetch" crossorigin>
  <link rel="preload" href="web/vendor/pyodide/python_stdlib.zip" as="fetch" crossorigin>
  <link rel="preload" href="web/vendor/pyodide/pyodide-lock.json" as="fetch" crossorigin>
"""


def replace(path: Path, text: str) -> None:
    """Write `text` to `path` without touching the hard-linked original."""
    path.unlink(missing_ok=True)
    path.write_text(text, encoding="utf-8")


def toml_dump(config: dict) -> str:
    lines = [f"{k} = {json.dumps(v)}" for k, v in config.items() if k != "files"]
    lines += ["", "[files]"] + [f"{json.dumps(k)} = {json.dumps(v)}"
                                for k, v in config.get("files", {}).items()]
    return "\n".join(lines) + "\n"


def config_of(site: Path) -> dict:
    return tomllib.loads((site / "pyscript.toml").read_text(encoding="utf-8"))


def json_config(site: Path) -> None:
    replace(site / "pyscript.json", json.dumps(config_of(site), indent=2))
    page = (site / "index.html").read_text(encoding="utf-8")
    replace(site / "index.html", page.replace('config="pyscript.toml"', 'config="pyscript.json"'))


def no_plugins(site: Path) -> None:
    config = config_of(site)
    config = {"plugins": [f"!{name}" for name in UNUSED_PLUGINS], **config}
    replace(site / "pyscript.toml", toml_dump(config))


def engine_zip(site: Path) -> None:
    config = config_of(site)
    archive = site / "engine.zip"
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as zf:
        for source in config["files"]:
            zf.write(site / source, source.removeprefix("./"))
    config["files"] = {"./engine.zip": "./*"}
    replace(site / "pyscript.toml", toml_dump(config))
    for chunk in PYSCRIPT_DIST.glob("zip-*.js"):  # the build leaves PyScript's unzipper out
        shutil.copy(chunk, site / "web" / "vendor" / "pyscript" / chunk.name)


def preload(site: Path) -> None:
    page = (site / "index.html").read_text(encoding="utf-8")
    anchor = '  <script type="module" src="web/vendor/pyscript/core.js"></script>\n'
    assert anchor in page
    replace(site / "index.html", page.replace(anchor, PRELOAD + anchor))


def trim_files(site: Path) -> None:
    config = config_of(site)
    config["files"] = {k: v for k, v in config["files"].items()
                       if not re.search(r"/(solver|__main__)\.py$", k)}
    replace(site / "pyscript.toml", toml_dump(config))


LEVERS = {"json-config": json_config, "no-plugins": no_plugins, "engine-zip": engine_zip,
          "preload": preload, "trim-files": trim_files}


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
            build.write_service_worker(site)
            variants += ["--variant", str(site)]
        subprocess.run([sys.executable, str(ROOT / "benchmarks" / "startup.py"), "--no-worker",
                        "--rounds", str(args.rounds), *variants], check=True)


if __name__ == "__main__":
    main()
