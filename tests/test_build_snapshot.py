"""Which of the page's own modules the interpreter's snapshot holds imported
(scripts/sitebuild/caches.py): those web/main.py imports as the page starts that need no browser,
since the snapshot is made in Node, where PyScript's modules do not exist."""

from __future__ import annotations

import subprocess
import sys

from sitebuild import caches

# Import the modules named on the command line in a Python where the browser's modules are not
# to be had (an import of one raises ImportError), and print those of plot/ and web/ imported.
IMPORT_WITHOUT_A_BROWSER = """
import importlib, sys
for name in ("js", "pyscript", "pyodide"):
    sys.modules[name] = None
for name in sys.argv[1:]:
    importlib.import_module(name)
print(" ".join(sorted(m for m in sys.modules if m.partition(".")[0] in ("plot", "web"))))
"""


def import_without_a_browser(names: list[str] | tuple[str, ...]) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", IMPORT_WITHOUT_A_BROWSER, *names],
                          cwd=caches.ROOT, capture_output=True, text=True)


def test_every_module_the_snapshot_holds_imports_without_a_browser():
    held = caches.snapshot_page_modules()
    assert {"plot", "plot.game", "web", "web.app", "web.imports", "web.words"} <= set(held)
    run = import_without_a_browser(held)
    assert run.returncode == 0, run.stderr
    assert run.stdout.split() == list(held)  # and they import no other module of the page's


def test_the_page_modules_that_need_the_browser_are_left_to_the_page():
    held = caches.snapshot_page_modules()
    for name in ("web.page", "web.render", "web.controls", "web.panels", "web.drag"):
        assert name not in held
        run = import_without_a_browser([name])
        assert run.returncode != 0 and "No module named" in run.stderr, (name, run.stderr)
    assert "web.main" not in held and "plot.__main__" not in held  # the page's script; a CLI


def test_a_module_is_named_as_python_imports_it():
    assert caches.module_name("plot/game.py") == "plot.game"
    assert caches.module_name("web/__init__.py") == "web"
