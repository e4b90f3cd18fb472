"""The engine is pure Python: no module under plot/ imports a browser module."""

import ast
import pathlib
import subprocess
import sys

BROWSER_MODULES = {"js", "pyscript", "pyodide", "micropip"}
PLOT = pathlib.Path(__file__).resolve().parent.parent / "plot"


def test_no_plot_module_imports_a_browser_module():
    offenders = []
    for path in sorted(PLOT.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
            names = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                names = [node.module]
            offenders += [f"{path.name}: {n}" for n in names
                          if n.split(".")[0] in BROWSER_MODULES]
    assert offenders == []


def test_importing_plot_loads_no_browser_module():
    code = ("import sys, plot, plot.game; "
            f"print(sorted(m for m in sys.modules if m.split('.')[0] in {BROWSER_MODULES!r}))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         cwd=PLOT.parent, check=True).stdout
    assert out.strip() == "[]"
