"""Measure which standard-library modules the page imports, and write stdlib-modules.txt.

    .venv/bin/python -m scripts.stdlib_modules      (from the checkout, after make site)

Opens the built site in headless Chromium, plays a few moves, asks for a hint, opens every panel,
turns on the still-winnable check, copies the link, follows a bad link, picks a difficulty, plays
the deal of the day and starts a new game;
then lists every module Python loaded from the standard library (the trimmed one or, where the
page needed it, the whole one) and writes them to scripts/sitebuild/stdlib-modules.txt, from
which the build makes web/vendor/pyodide/python_stdlib_trimmed.zip. Run it again when the page
imports something new: the end-to-end tests fail when the page ever needs the whole library.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent))  # sitebuild, as pytest finds it

from plot import STOCK, Game  # noqa: E402
from tests.e2e.server import Server  # noqa: E402
from tests.e2e.tablepage import TablePage  # noqa: E402
from tests.e2e.test_site import RUN_IN_PAGE  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "scripts" / "sitebuild" / "stdlib-modules.txt"
CHROMIUM = "/usr/bin/chromium"
HEADER = """\
# The standard-library modules the page imports: web/vendor/pyodide/python_stdlib_trimmed.zip
# holds just these. Measured in the page by `python -m scripts.stdlib_modules`, which writes this
# file; web/stdlib.py fetches the whole library if anything else is ever imported (the e2e tests
# fail if so).
"""
NOT_FILES = {"_frozen_importlib", "_frozen_importlib_external", "collections.abc", "os.path"}
REPORT = r"""
import json, sys
libraries = tuple(p for p in sys.path if p.startswith("/lib/") and p.endswith(".zip"))
json.dumps(sorted(name for name, module in list(sys.modules.items())
                  if str(getattr(module, "__file__", "")).startswith(libraries)))
"""


def exercise(table: TablePage) -> None:
    """Do on the page what a player does, so that every import happens."""
    game = Game.new(1)
    for _ in range(8):
        move = ([m for m in game.legal_moves() if m.src != STOCK] or game.legal_moves())[0]
        table.play(str(move))
        game.play(move)
    page = table.page
    page.keyboard.press("h")
    page.wait_for_function("() => document.getElementById('message').textContent"
                           ".startsWith('Hint')", timeout=30_000)
    for panel in ("settings", "stats", "help", "daily"):
        page.locator(f".bar [data-action={panel}]").click()
        page.keyboard.press("Escape")
    page.locator(".bar [data-action=settings]").click()
    page.locator("[data-setting=tier]").select_option("easy")
    page.keyboard.press("Escape")
    page.locator(".bar [data-action=daily]").click()
    page.locator("#daily-play").click()
    if page.locator("#confirm-yes").is_visible():
        page.locator("#confirm-yes").click()
    page.locator("[data-setting=check_winnable]").evaluate("box => box.click()")
    page.locator("[data-action=copy-link]").click()
    page.evaluate("() => { location.hash = '#game=abc'; }")
    page.keyboard.press("n")


def main() -> None:
    site = ROOT / "_site"
    if not (site / "index.html").exists():
        sys.exit("scripts/stdlib_modules.py: build the site first (make site)")
    server = Server(site)
    try:
        with sync_playwright() as p:
            launch = {"executable_path": CHROMIUM} if Path(CHROMIUM).exists() else {}
            browser = p.chromium.launch(args=["--no-sandbox", "--disable-gpu"], **launch)
            table = TablePage(browser.new_context(service_workers="block"), server.url)
            table.goto("#game=1")
            exercise(table)
            used = json.loads(table.page.evaluate(RUN_IN_PAGE, REPORT))
            browser.close()
    finally:
        server.stop()
    names = [name for name in used if name not in NOT_FILES]
    OUT.write_text(HEADER + "\n".join(names) + "\n", encoding="utf-8")
    print(f"{OUT.relative_to(ROOT)}: {len(names)} modules")


if __name__ == "__main__":
    main()
