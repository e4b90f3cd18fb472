"""What goes wrong on a page reaches the tests in words, in every engine: an Error handed to
console.error and one thrown from a callback are reported with their names and messages (WebKit's
error.stack leaves both out, and Firefox's driver shows an Error as "JSHandle@error"), so that a
failure such as Pyodide's fatal error says what it was."""

from __future__ import annotations

import time

WANTED = ("RangeError: deep trouble", "TypeError: thrown late")
REPORT_S = 10  # how long the driver may take to hand over the page's errors
ROUND_TRIP = "() => new Promise((r) => requestAnimationFrame(() => r(true)))"


def test_errors_on_the_page_are_reported_with_their_names_and_messages(player):
    player.goto("")
    # timers of the same delay run in order: the flag is set only once the error has been thrown
    player.js("() => { console.error(new RangeError('deep trouble'));"
              " setTimeout(() => { throw new TypeError('thrown late'); });"
              " setTimeout(() => { window.__thrownLate = true; }); }")
    player.wait("() => window.__thrownLate === true", what="the error thrown from a timer")
    # the driver's report of an error may come after its answer to a later call (Firefox's
    # BiDi log events do), so collect what it hands over, a frame at a time, until both are in
    problems: list[str] = []
    deadline = time.monotonic() + REPORT_S
    while True:
        problems += player.page.problems()
        missing = [w for w in WANTED if not any(w in p for p in problems)]
        if not missing or time.monotonic() > deadline:
            break
        player.js(ROUND_TRIP)
    assert not missing, f"{player.engine}: {missing} not in {problems}"
