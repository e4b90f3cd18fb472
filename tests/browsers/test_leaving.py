"""Leaving the page while it still fetches what it needs, in every engine: during the start (the
game's own modules, web/startup.js) the page shows no failure on its way out, and once the game
is ready (the winning lines of the hardest deals, web/page.py) it reports nothing missing; the
next start goes as usual. (Firefox and WebKit reject a fetch that leaving cuts short as they
would a lost connection, while the page still runs, before pagehide.)"""

from __future__ import annotations

import pytest

from tests.browsers.player import BOOT_TIMEOUT_MS, READY_IN
from tests.browsers.session import new_player
from tests.e2e.server import HoldingServer

HELD = "web/vendor/wins.txt"
HELD_AT_START = "web/vendor/modules.zip"  # the game's Python modules (pyscript.toml's files)
ASKED_TIMEOUT_S = 60
LINES_LOADED = "() => document.documentElement.dataset.winningLines === 'loaded'"
LINES_STATE = "() => document.documentElement.dataset.winningLines ?? null"
WARNINGS_KEY = "test:warnings"
# From now on, what this document says with console.warn is also kept in localStorage, which
# outlives it (every driver's own watch of the console ends with the document in some engine).
KEEP_WARNINGS = """(key) => {
  const warn = console.warn.bind(console);
  console.warn = (...args) => {
    const kept = JSON.parse(localStorage.getItem(key) ?? '[]');
    localStorage.setItem(key, JSON.stringify([...kept, args.map(String).join(' ')]));
    warn(...args);
  };
}"""
KEPT = "(key) => JSON.parse(localStorage.getItem(key) ?? '[]')"  # what a KEEP_ wrote down
FAILURES_KEY = "test:failures"
# From now on, the start's failure panel (web/startup.js), should this document ever show it, is
# written down in localStorage.
KEEP_FAILURES = """(key) => new MutationObserver(() => {
  const panel = document.getElementById('start-failed');
  if (document.documentElement.classList.contains('start-failed') || (panel && !panel.hidden)) {
    localStorage.setItem(key, JSON.stringify([document.getElementById('start-failed-text')
                                              .textContent]));
  }
}).observe(document.documentElement, { attributes: true, childList: true, subtree: true })"""
# Firefox reports an unhandled rejection as a page error even when the page has marked it handled
# (preventDefault on unhandledrejection, as web/startup.js does for a start cut short by leaving):
# PyScript's fetch of its files, cut short, is that one.
FIREFOX_CUT_SHORT = "page error: TypeError: NetworkError when attempting to fetch resource."


@pytest.fixture
def holding(served_root, request):
    """The site served with the test's held path (its parameter) held until released."""
    server = HoldingServer(served_root, request.param)
    yield server
    server.stop()


@pytest.mark.parametrize("holding", [HELD_AT_START], indirect=True)
def test_leaving_while_the_game_starts_shows_no_failure(engine, holding):
    table = new_player(engine, holding.url)
    try:
        table.page.goto(holding.url + "#game=59")  # the start waits for its modules
        assert holding.wait_asked(ASKED_TIMEOUT_S), \
            f"{table.engine}: {HELD_AT_START} never asked for"
        table.js(KEEP_FAILURES, FAILURES_KEY)
        table.page.reload()  # the player leaves (reloads) while the game is still starting
        holding.release()  # (the next start needs them too)
        table.wait(f"() => ({READY_IN})(document)", timeout_ms=BOOT_TIMEOUT_MS,
                   what="the next start ready")
        assert table.js(KEPT, FAILURES_KEY) == [], table.engine
        assert table.text("#game-number") == "59"
        problems = table.page.problems()
        if table.engine == "firefox" and FIREFOX_CUT_SHORT in problems:
            problems.remove(FIREFOX_CUT_SHORT)
        assert problems == [], f"{table.engine}: {problems}"
        table.assert_clean()
    finally:
        table.page.close()


@pytest.mark.parametrize("holding", [HELD], indirect=True)
def test_leaving_while_the_winning_lines_load_reports_nothing_missing(engine, holding):
    table = new_player(engine, holding.url)
    try:
        table.goto("#game=59")  # ready, the rules and the winnable deals in; the lines held
        assert holding.wait_asked(ASKED_TIMEOUT_S), f"{table.engine}: {HELD} never asked for"
        assert table.js(LINES_STATE) is None
        table.js(KEEP_WARNINGS, WARNINGS_KEY)
        table.reload()  # the player leaves (here: reloads) with the lines still on their way
        holding.release()
        table.wait(LINES_LOADED, what="the winning lines, in the new start")
        assert table.js(KEPT, WARNINGS_KEY) == [], table.engine
        table.assert_clean()
    finally:
        table.page.close()
