"""The check of the page's PyScript config: the local runtime, no unused plugin, the modules.

A check only: it never rewrites a file. When the config is wrong the build stops and says what
to write instead.
"""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path

from .layout import MODULES_ARCHIVE, ROOT, fail

# The interpreter named in pyscript.toml: starts the vendored Pyodide early, hands it to PyScript.
INTERPRETER = "./web/boot.js"
# PyScript's plugins the page never uses; turned off in pyscript.toml (Python) and in index.html's
# <mpy-config> (MicroPython: PyScript would fetch them for it otherwise).
UNUSED_PLUGINS = ["codemirror", "deprecations-manager", "donkey", "py-editor", "py-game",
                  "py-terminal"]
PLUGINS = [f"!{name}" for name in UNUSED_PLUGINS]
# [files]: the modules archive, written into Pyodide's home folder (web/main.py imports from it).
MODULES_FILES = {f"./{MODULES_ARCHIVE}": "./modules.zip"}
MPY_CONFIG = re.compile(r"<mpy-config hidden>(.*?)</mpy-config>", re.S)


def toml_table(name: str, table: dict[str, str]) -> str:
    """The TOML text of a table of strings: '[files]\\n"a" = "b"'."""
    return "\n".join([f"[{name}]", *(f"{json.dumps(k)} = {json.dumps(v)}"
                                     for k, v in table.items())])


def config_problems(pyscript_toml: str, index_html: str) -> list[str]:
    """What is wrong with pyscript.toml and index.html's <mpy-config>, each with its fix."""
    try:
        config = tomllib.loads(pyscript_toml)
    except tomllib.TOMLDecodeError as error:
        return [f"pyscript.toml is not valid TOML ({error})"]
    problems = []
    if config.get("interpreter") != INTERPRETER:
        problems.append(f"pyscript.toml: interpreter must be {json.dumps(INTERPRETER)}")
    if config.get("plugins") != PLUGINS:
        problems.append(f"pyscript.toml: plugins must be {json.dumps(PLUGINS)}")
    if config.get("files") != MODULES_FILES:
        problems.append("pyscript.toml: [files] must be exactly this table (the modules archive)"
                        f":\n{toml_table('files', MODULES_FILES)}")
    mpy = MPY_CONFIG.search(index_html)
    try:
        mpy_plugins = json.loads(mpy.group(1)) if mpy else None
    except json.JSONDecodeError:
        mpy_plugins = None
    if mpy_plugins != {"plugins": PLUGINS}:
        problems.append("index.html: <mpy-config hidden> must hold "
                        f"{json.dumps({'plugins': PLUGINS})}")
    return problems


def check_config(root: Path = ROOT) -> None:
    """Stop the build, changing nothing, if root's pyscript.toml or index.html is wrong."""
    problems = config_problems((root / "pyscript.toml").read_text(encoding="utf-8"),
                               (root / "index.html").read_text(encoding="utf-8"))
    if problems:
        fail("the page's config is wrong; change it by hand (the build never rewrites it):\n"
             + "\n".join(problems))
