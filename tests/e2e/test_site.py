"""The deployable site (make site): only what the page needs, every URL relative."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SITE = ROOT / "_site"


def test_the_site_holds_the_page_the_engine_the_web_layer_and_the_runtime_only(site_url):
    top = {p.name for p in SITE.iterdir()}
    assert top == {"index.html", "pyscript.toml", "plot", "web"}
    files = [p.relative_to(SITE).as_posix() for p in SITE.rglob("*") if p.is_file()]
    assert not [f for f in files if f.endswith((".map", ".d.ts", ".pyc", ".html"))
                and f not in ("index.html", "web/vendor/rules.html")]
    assert "web/vendor/pyodide/pyodide.asm.wasm" in files
    assert "web/vendor/pyscript/core.js" in files
    engine = {p.relative_to(ROOT).as_posix() for p in (ROOT / "plot").rglob("*.py")
              if "__pycache__" not in p.parts}
    assert engine <= set(files)


def test_the_config_loads_the_local_interpreter_and_every_module():
    config = tomllib.loads((SITE / "pyscript.toml").read_text(encoding="utf-8"))
    assert config["interpreter"] == "./web/vendor/pyodide/pyodide.mjs"
    for source in config["files"]:
        assert (SITE / source).is_file(), source


def test_every_url_in_the_page_is_relative():
    page = (SITE / "index.html").read_text(encoding="utf-8")
    urls = re.findall(r"""(?:href|src|config)=["']([^"']+)["']""", page)
    assert urls
    for url in urls:
        assert not re.match(r"^(?:[a-z]+:|/)", url), url
