"""The page's PyScript config: the local runtime, no unused plugin, the modules archive."""

from __future__ import annotations

import json
import re
import tomllib

from .layout import MODULES_ARCHIVE, ROOT, fail

# The interpreter named in pyscript.toml: starts the vendored Pyodide early, hands it to PyScript.
INTERPRETER = "./web/boot.js"
# PyScript's plugins the page never uses; turned off in pyscript.toml (Python) and in index.html's
# <mpy-config> (MicroPython: PyScript would fetch them for it otherwise).
UNUSED_PLUGINS = ["codemirror", "deprecations-manager", "donkey", "py-editor", "py-game",
                  "py-terminal"]
MODULES_FILES = {f"./{MODULES_ARCHIVE}": "./modules.zip"}


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
