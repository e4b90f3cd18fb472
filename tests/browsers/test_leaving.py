"""Leaving the page while it still fetches what it loads once the game is ready (the winning
lines of the hardest deals, web/page.py): in every engine the page reports nothing missing on
its way out, and the next start loads them. (Firefox rejects a fetch that leaving cuts short
as it would a lost connection, before the page hears pagehide.)"""

from __future__ import annotations

import pytest

from tests.browsers.session import new_player
from tests.e2e.server import HoldingServer

HELD = "web/vendor/wins.txt"
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
KEPT_WARNINGS = "(key) => JSON.parse(localStorage.getItem(key) ?? '[]')"


@pytest.fixture
def holding(served_root):
    server = HoldingServer(served_root, HELD)
    yield server
    server.stop()


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
        assert table.js(KEPT_WARNINGS, WARNINGS_KEY) == [], table.engine
        table.assert_clean()
    finally:
        table.page.close()
