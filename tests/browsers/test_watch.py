"""What goes wrong on a page reaches the tests in words, in every engine: an Error handed to
console.error and one thrown from a callback are reported with their names and messages (WebKit's
error.stack leaves both out, and Firefox's driver shows an Error as "JSHandle@error"), so that a
failure such as Pyodide's fatal error says what it was."""

from __future__ import annotations

import time

REPORT_DEADLINE_S = 10  # an error thrown in the page reaches the driver within this


def test_errors_on_the_page_are_reported_with_their_names_and_messages(player):
    player.goto("")
    player.js("() => { console.error(new RangeError('deep trouble'));"
              " setTimeout(() => { throw new TypeError('thrown late'); }); }")
    wanted = ("RangeError: deep trouble", "TypeError: thrown late")
    problems: list[str] = []
    deadline = time.monotonic() + REPORT_DEADLINE_S
    while not all(any(w in p for p in problems) for w in wanted) and time.monotonic() < deadline:
        problems += player.page.problems()  # the driver hands over what it has seen so far
        player.wait("() => new Promise((resolve) => setTimeout(() => resolve(true), 100))")
    for w in wanted:
        assert any(w in p for p in problems), f"{player.engine}: {w!r} not in {problems}"
