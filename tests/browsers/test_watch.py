"""What goes wrong on a page reaches the tests in words, in every engine: an Error handed to
console.error and one thrown from a callback are reported with their names and messages (WebKit's
error.stack leaves both out, and Firefox's driver shows an Error as "JSHandle@error"), so that a
failure such as Pyodide's fatal error says what it was."""

from __future__ import annotations


def test_errors_on_the_page_are_reported_with_their_names_and_messages(player):
    player.goto("")
    # timers of the same delay run in order: the flag is set only once the error has been thrown,
    # and each driver reports a page's errors before the answer to a later call (player.wait)
    player.js("() => { console.error(new RangeError('deep trouble'));"
              " setTimeout(() => { throw new TypeError('thrown late'); });"
              " setTimeout(() => { window.__thrownLate = true; }); }")
    player.wait("() => window.__thrownLate === true", what="the error thrown from a timer")
    problems = player.page.problems()
    for wanted in ("RangeError: deep trouble", "TypeError: thrown late"):
        assert any(wanted in p for p in problems), f"{player.engine}: {wanted!r} not in {problems}"
