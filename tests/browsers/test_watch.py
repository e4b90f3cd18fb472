"""What goes wrong on a page reaches the tests in words, in every engine: an Error handed to
console.error and one thrown from a callback are reported with their names and messages (WebKit's
error.stack leaves both out, and Firefox's driver shows an Error as "JSHandle@error"), so that a
failure such as Pyodide's fatal error says what it was."""

from __future__ import annotations

WANTED = ("RangeError: deep trouble", "TypeError: thrown late")


def test_errors_on_the_page_are_reported_with_their_names_and_messages(player):
    player.goto("")
    # timers of the same delay run in order: the flag is set only once the error has been thrown
    player.js("() => { console.error(new RangeError('deep trouble'));"
              " setTimeout(() => { throw new TypeError('thrown late'); });"
              " setTimeout(() => { window.__thrownLate = true; }); }")
    player.wait("() => window.__thrownLate === true", what="the error thrown from a timer")
    problems = player.problems_until(WANTED)
    missing = [w for w in WANTED if not any(w in p for p in problems)]
    assert not missing, f"{player.engine}: {missing} not in {problems}"
