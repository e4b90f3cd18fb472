"""After one visit the game reloads and plays with no network, from its service worker.

The site is served under a sub-path (/the-plot/, as GitHub Pages does) by a server of its own,
which the test stops: from then on nothing answers on that port. Where the driver can also put
the page offline (Chromium and Firefox), it does that first. In Firefox, puppeteer's
setOfflineMode over WebDriver BiDi takes the page's own requests offline (navigator.onLine is
false, a fetch from an uncontrolled page fails with NS_ERROR_OFFLINE), but not the requests the
service worker makes for it: that is why the server is stopped too, in every engine. WebKit's
classic WebDriver has no offline switch at all: there, stopping the server is the offline.
"""

from __future__ import annotations

import json

import pytest

from plot import Game
from tests.browsers.session import RESTORES_SNAPSHOT, SNAPSHOT_MARK, new_player
from tests.e2e.server import Server
from tests.e2e.tablepage import expected_table

SUB_PATH = "the-plot/"
SNAPSHOT_CACHED = """async () => null != await caches.match(
    new URL("web/vendor/pyodide-snapshot.bin", document.baseURI).href)"""
WORKER_TIMEOUT_MS = 60_000


@pytest.fixture
def hosted(served_root, tmp_path):
    (tmp_path / SUB_PATH.rstrip("/")).symlink_to(served_root, target_is_directory=True)
    server = Server(tmp_path)
    yield server
    server.stop()


def saved_game(table) -> Game:
    raw = table.js("() => localStorage.getItem('the-plot/save')")
    return Game.from_json(json.loads(raw)["engine"])


def play_one(table, game: Game) -> None:
    move = str(([m for m in game.legal_moves() if m.src != "S"] or game.legal_moves())[0])
    table.play(move)
    game.play(move)
    table.wait_table(expected_table(game))


def test_after_one_visit_the_game_reloads_and_plays_offline(engine, hosted):
    table = new_player(engine, hosted.url + SUB_PATH)
    try:
        table.goto("#game=3")
        table.wait("() => navigator.serviceWorker.controller !== null",
                   timeout_ms=WORKER_TIMEOUT_MS, what="the service worker in control")
        # the worker keeps the interpreter's snapshot only where a start restores it
        assert table.js(SNAPSHOT_CACHED) == RESTORES_SNAPSHOT[table.engine], table.engine
        game = Game.new(3)
        play_one(table, game)
        assert saved_game(table).position() == game.position()

        if table.page.can_go_offline:
            table.page.set_offline(True)
        hosted.stop()
        times = table.reload()
        print(f"\n{table.engine}: offline reload to data-ready {times['wall_ms']} ms "
              f"({'offline and ' if table.page.can_go_offline else ''}server stopped)")
        assert (SNAPSHOT_MARK in table.marks()) == RESTORES_SNAPSHOT[table.engine]
        table.wait_table(expected_table(game))
        assert "resumed" in table.text("#message")
        play_one(table, game)
        table.play("S-W")
        game.play("S-W")
        table.wait_table(expected_table(game))
        assert saved_game(table).position() == game.position()
        table.assert_clean()
    finally:
        table.page.close()
