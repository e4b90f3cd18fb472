"""A new version of the site, in every engine: the service worker finds it, the page says so,
Later puts it off, the game opened again offers it again, and Reload now starts it with the game
where it was (tests/e2e/test_offline.py has the same in Chromium, with what the worker caches).

The site is served under a sub-path (/the-plot/, as GitHub Pages does) from a copy whose sw.js
the test replaces by the next deploy's: the same files, another version name.
"""

from __future__ import annotations

import re
import shutil

import pytest

from plot import Game
from tests.browsers.player import VISIBLE
from tests.browsers.session import new_player
from tests.browsers.test_offline_reload import SUB_PATH, WORKER_TIMEOUT_MS, play_one, saved_game
from tests.e2e.server import Server
from tests.e2e.tablepage import expected_table

WORKER = "sw.js"
VERSION = re.compile(r'const VERSION = "(\w+)";')
CONTROLLED = "() => navigator.serviceWorker.controller !== null"
CACHES = "() => caches.keys()"
CHECK_FOR_UPDATE = "() => navigator.serviceWorker.getRegistration().then((r) => r.update())" \
                   ".then(() => true)"
NOTICE_HIDDEN = "() => document.getElementById('update').hidden"


@pytest.fixture
def deploy(served_root, tmp_path):
    """The site under /the-plot/ with a worker of its own, and a function that deploys the
    next version (a worker of another version name); yields (server, version, deploy_next)."""
    site = tmp_path / SUB_PATH.rstrip("/")
    site.mkdir()
    for entry in served_root.iterdir():
        if entry.name != WORKER:
            (site / entry.name).symlink_to(entry.resolve(), target_is_directory=entry.is_dir())
    worker = (served_root / WORKER).read_text(encoding="utf-8")
    (site / WORKER).write_text(worker, encoding="utf-8")
    version = VERSION.search(worker).group(1)
    server = Server(tmp_path)

    def deploy_next() -> str:
        (site / WORKER).write_text(worker.replace(version, "next" + version), encoding="utf-8")
        return "next" + version

    yield server, version, deploy_next
    server.stop()
    shutil.rmtree(site)


def test_a_new_version_is_offered_put_off_and_started_with_the_game_where_it_was(engine, deploy):
    server, version, deploy_next = deploy
    table = new_player(engine, server.url + SUB_PATH)
    try:
        table.goto("#game=8")
        table.wait(CONTROLLED, timeout_ms=WORKER_TIMEOUT_MS, what="the service worker in control")
        assert [name.endswith(version) for name in table.js(CACHES)] == [True], table.js(CACHES)
        game = Game.new(8)
        play_one(table, game)
        assert table.js(NOTICE_HIDDEN)

        following = deploy_next()
        table.js(CHECK_FOR_UPDATE)  # what the browser does by itself now and then
        table.wait(VISIBLE, "#update", timeout_ms=WORKER_TIMEOUT_MS, what="the notice")
        assert "new version" in table.text("#update")
        table.wait_table(expected_table(game))  # the open game is untouched meanwhile

        table.click("#update-later")  # put off: the game goes on
        table.wait(NOTICE_HIDDEN, what="the notice put away")
        play_one(table, game)
        table.reload()  # opened again while the new version waits: it is offered again
        table.wait(VISIBLE, "#update", timeout_ms=WORKER_TIMEOUT_MS, what="the notice again")
        table.wait_table(expected_table(game))

        table.assert_clean()  # what the page met so far (its document is about to go)
        table.click_and_follow("#update-now")
        table.wait_table(expected_table(game))
        assert "resumed" in table.text("#message")
        assert table.js(NOTICE_HIDDEN)
        assert [name.endswith(following) for name in table.js(CACHES)] == [True], \
            table.js(CACHES)
        play_one(table, game)
        assert saved_game(table).position() == game.position()
        table.assert_clean()
    finally:
        table.page.close()
