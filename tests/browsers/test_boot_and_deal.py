"""The game starts in every engine (a first visit in full, every other one from the interpreter's
snapshot but in WebKit), and deals the engine's deal."""

from __future__ import annotations

import json

import pytest

from plot import Game
from tests.browsers.session import RESTORES_SNAPSHOT, SNAPSHOT_MARK, TIMES, new_player
from tests.e2e.tablepage import PAGE_TRAMPOLINE, expected_table
from tests.e2e.test_site import PRECOMPILED_TEXTS
from tests.e2e.test_start import PYTHON_FAILS

# Once a first start is over, the snapshot is held for the next one: by the service worker, which
# then controls the page, or by the page's own cache where there is no worker (web/offline.js).
SNAPSHOT_HELD = ("() => navigator.serviceWorker?.controller != null"
                 " || document.documentElement.dataset.snapshot === 'kept'")
# The first line of each text PyScript handed Python that ran from the code the snapshot holds
# compiled for it (web/precompiled.py); null where no snapshot was restored.
PRECOMPILED_RUN = """async () => (await (await import(
    new URL("web/boot.js", document.baseURI).href)).loadPyodide()).runPython(
        "import json, sys\\nfound = sys.modules.get('web.precompiled')\\n"
        + "json.dumps(found and found.RUN)")"""


def test_boots_in_full_then_from_the_snapshot(engine, site_url):
    """A fresh page (empty storage, no service worker yet) starts in full, downloading no
    snapshot; the next start restores it (in WebKit starts in full again), and calls C through
    the same WebAssembly trampoline as the first (the snapshot, made in Node, holds the
    JavaScript one)."""
    table = new_player(engine, site_url)
    try:
        times = table.goto("#game=5")
        marks = table.marks()
        assert SNAPSHOT_MARK not in marks, f"{table.engine}: a first visit restored: {marks}"
        assert table.js("() => document.getElementById('state').dataset.status") == "playing"
        trampoline = table.js(PAGE_TRAMPOLINE)
        assert trampoline > 0, f"{table.engine} calls C through the JavaScript trampoline"
        table.wait(SNAPSHOT_HELD, what="the snapshot held for the next start", timeout_ms=120_000)
        reload = table.reload()
        marks = table.marks()
        assert (SNAPSHOT_MARK in marks) == RESTORES_SNAPSHOT[table.engine], \
            f"{table.engine} restarted {'without' if RESTORES_SNAPSHOT[table.engine] else 'with'}" \
            f" the snapshot: {marks}"
        assert table.js(PAGE_TRAMPOLINE) == trampoline, f"{table.engine}, restored"
        ran = json.loads(table.js(PRECOMPILED_RUN))
        assert ran == (PRECOMPILED_TEXTS if RESTORES_SNAPSHOT[table.engine] else None), \
            f"{table.engine}: PyScript's texts run from the snapshot's code: {ran}"
        TIMES[table.engine].update({
            "first visit to data-ready": f"{times['wall_ms']} ms",
            "reload to data-ready": f"{reload['wall_ms']} ms",
            "page clock at data-ready": f"{times['page_ms']:.0f} / {reload['page_ms']:.0f} ms",
        })
        print(f"\n{table.engine}: navigation -> data-ready {times['wall_ms']} ms, "
              f"reload {reload['wall_ms']} ms; marks {marks}")
        table.assert_clean()
    finally:
        table.page.close()


STOPPED = ("() => !document.getElementById('start-failed').hidden"
           " && document.getElementById('start-failed').dataset.kind === 'stopped'")


def test_python_stopping_mid_game_is_said_and_a_reload_resumes_the_game(engine, site_url):
    """In every engine, Pyodide failing for good mid-game (as WebKitGTK's WebAssembly did in
    interpreters restored from the snapshot: README) is told to the player, and the game
    reopens where it was, its last move included (tests/e2e/test_start.py presses Try again)."""
    table = new_player(engine, site_url)
    try:
        table.goto("#game=5")
        # the page loaded, so the browser's own favicon fetch is not cut short by the reload
        table.wait("() => document.readyState === 'complete'", what="the page loaded")
        game = Game.new(5)
        move = str(next(m for m in game.legal_moves() if m.src != "S"))
        table.play(move)
        game.play(move)
        table.wait_table(expected_table(game))
        table.js(PYTHON_FAILS)
        table.wait(STOPPED, what="the player told that the game stopped")
        assert "Your game is saved" in table.text("#start-failed-text")
        fault = "a WebAssembly fault, for the test"
        reported = table.problems_until((fault,))  # the fatal error's own reports
        assert any(fault in p for p in reported), reported
        table.js("() => history.replaceState(null, '', location.pathname)")  # not #game=5 again
        table.reload()
        table.wait_table(expected_table(game))
        assert table.moves() == 1
        assert not table.visible("#start-failed")
        table.assert_clean()
    finally:
        table.page.close()


@pytest.mark.parametrize("number", [1, 5, 42, 1234, 99_999])
def test_the_deal_on_screen_is_the_engines(player, number):
    player.open(number)
    player.wait_table(expected_table(Game.new(number)))
    assert player.text("#game-number") == str(number)
