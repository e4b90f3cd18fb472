"""Offline and hosted under a sub-path: the site as GitHub Pages serves it (/the-plot/).

Each test serves the built site from a folder of its own as `the-plot/` under a fresh local
server, so every URL the page uses must be relative, and a test may stop its server.
"""

from __future__ import annotations

import gzip
import hashlib
import re
import shutil

import pytest

from plot import Game
from tests.e2e.server import Server
from tests.e2e.tablepage import TablePage, expected_table, new_table, save_record

SUB_PATH = "the-plot/"
WORKER_TIMEOUT_MS = 60_000
CONTROLLED = "() => navigator.serviceWorker.controller !== null"
CACHES = "() => caches.keys()"
WASM = "web/vendor/pyodide/pyodide.asm.wasm"  # the worker's unzipped copies (sw.js UNZIPPED)
SNAPSHOT = "web/vendor/pyodide-snapshot.bin"  # gzipped, as the site ships it
UNZIPPED_SNAPSHOT = "web/vendor/pyodide-snapshot.raw"  # only the worker has it
RESTORED = "performance.getEntriesByName('boot: interpreter restored from the snapshot').length"
KEPT = """async (url) => {
    const response = await caches.match(url);
    if (!response) return null;
    const digest = await crypto.subtle.digest("SHA-256", await response.arrayBuffer());
    const hex = [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0"));
    return [response.headers.get("Content-Type"), hex.join("")];
}"""


@pytest.fixture
def hosted(built_site, tmp_path):
    """The site served under /the-plot/; the test may stop the server itself."""
    (tmp_path / SUB_PATH.rstrip("/")).symlink_to(built_site, target_is_directory=True)
    server = Server(tmp_path)
    yield server
    server.stop()


def open_table(browser, server: Server, fragment: str, **context_args) -> TablePage:
    table = new_table(browser, server.url + SUB_PATH, **context_args)
    table.goto(fragment)
    return table


def play_one(table: TablePage, game: Game) -> None:
    """Play one move by clicking (a card move when there is one) and check the table."""
    moves = [m for m in game.legal_moves() if m.src != "S"] or game.legal_moves()
    table.play(str(moves[0]))
    game.play(moves[0])
    table.wait_table(expected_table(game))


def assert_saved(table: TablePage, game: Game) -> None:
    record = save_record(table)
    assert Game.from_json(record["engine"]).position() == game.position()
    assert Game.from_json(record["engine"]).moves_played == game.moves_played


def answers(table: TablePage, server: Server, what) -> dict[str, object]:
    """From now on, what(response) of each first response, by its path in the site."""
    answered: dict[str, object] = {}
    table.page.on("response", lambda response: answered.setdefault(
        response.url.removeprefix(server.url + SUB_PATH), what(response)))
    return answered


def drop_from_worker_cache(table: TablePage, names: list[str]) -> list[str]:
    """Delete the site's files `names` from every cache of the worker; those it held."""
    return table.page.evaluate("""async (names) => {
        const removed = [];
        for (const key of await caches.keys()) {
            const cache = await caches.open(key);
            for (const name of names) {
                if (await cache.delete(new URL(name, document.baseURI).href)) removed.push(name);
            }
        }
        return removed.sort();
    }""", names)


def test_after_one_visit_under_a_sub_path_the_game_plays_offline(browser, hosted):
    site = hosted.url + SUB_PATH
    table = new_table(browser, site, service_workers="allow")
    fetched = []
    table.page.on("request", lambda request: fetched.append(request.url))
    table.goto("#game=3")
    try:
        table.page.wait_for_function(CONTROLLED, timeout=WORKER_TIMEOUT_MS)
        game = Game.new(3)
        play_one(table, game)
        assert_saved(table, game)
        assert [url for url in fetched if not url.startswith(site)] == []  # all relative

        table.context.set_offline(True)
        hosted.stop()
        table.reload()
        table.wait_table(expected_table(game))
        assert "resumed" in table.message()
        play_one(table, game)
        table.click_pile("S")
        game.play("S-W")
        table.wait_table(expected_table(game))
        assert_saved(table, game)
        table.assert_clean()
    finally:
        table.context.close()


def test_a_page_the_worker_serves_reads_the_workers_unzipped_copies(browser, hosted, built_site):
    """The worker keeps Pyodide's WebAssembly unzipped, byte for byte the site's file, and a
    page it serves asks for that file by its name (which lets the browser keep the compiled
    code beside it) rather than for the gzipped one it unzips itself. So with the interpreter's
    snapshot (in Chromium): the page restores from the worker's unzipped copy and never fetches
    the gzipped one, whose unzipping held the page's main thread at every start."""
    snapshot = gzip.decompress((built_site / SNAPSHOT).read_bytes())
    table = open_table(browser, hosted, "#game=5", service_workers="allow")
    try:
        table.page.wait_for_function(CONTROLLED, timeout=WORKER_TIMEOUT_MS)
        assert table.page.evaluate(KEPT, WASM) == [
            "application/wasm", hashlib.sha256((built_site / WASM).read_bytes()).hexdigest()]
        assert table.page.evaluate(KEPT, UNZIPPED_SNAPSHOT) == [
            "application/octet-stream", hashlib.sha256(snapshot).hexdigest()]
        answered = answers(table, hosted, lambda response: response.from_service_worker)
        table.reload()
        game = Game.new(5)
        table.wait_table(expected_table(game))
        assert table.page.evaluate(RESTORED) == 1
        assert answered.get(WASM) is True  # by its name, from the worker
        assert answered.get(UNZIPPED_SNAPSHOT) is True
        assert WASM + ".gz" not in answered
        assert SNAPSHOT not in answered
        play_one(table, game)
        table.assert_clean()
    finally:
        table.context.close()


def test_a_worker_without_its_unzipped_copies_unzips_as_it_answers(browser, hosted):
    """Should the worker have failed to keep a file unzipped (the storage full as it installed),
    it unzips the gzipped file as it answers the page: the page, offline, is still restored
    from the snapshot and plays."""
    table = open_table(browser, hosted, "#game=7", service_workers="allow")
    try:
        table.page.wait_for_function(CONTROLLED, timeout=WORKER_TIMEOUT_MS)
        removed = drop_from_worker_cache(table, [WASM, UNZIPPED_SNAPSHOT])
        assert removed == sorted([WASM, UNZIPPED_SNAPSHOT])
        table.context.set_offline(True)
        hosted.stop()
        table.reload()
        game = Game.new(7)
        table.wait_table(expected_table(game))
        assert table.page.evaluate(RESTORED) == 1
        play_one(table, game)
        table.assert_clean()
    finally:
        table.context.close()


def test_a_worker_holding_neither_copy_nor_gzipped_file_downloads_and_unzips_it(browser, hosted):
    """Should the worker hold neither a copy nor the gzipped file it comes from (its cache
    dropped by Try again, refilling behind the reload), it downloads the gzipped file and unzips
    it: the server has no file by the snapshot's unzipped name. The page is restored from the
    snapshot, and no failed start is shown."""
    table = open_table(browser, hosted, "#game=9", service_workers="allow")
    try:
        table.page.wait_for_function(CONTROLLED, timeout=WORKER_TIMEOUT_MS)
        dropped = [WASM, WASM + ".gz", UNZIPPED_SNAPSHOT, SNAPSHOT]
        assert drop_from_worker_cache(table, dropped) == sorted(dropped)
        answered = answers(table, hosted, lambda response: response.status)
        table.reload()
        game = Game.new(9)
        table.wait_table(expected_table(game))
        assert table.page.evaluate(RESTORED) == 1
        assert answered.get(UNZIPPED_SNAPSHOT) == 200
        assert table.page.locator("#start-failed").is_hidden()
        play_one(table, game)
        table.assert_clean()
    finally:
        table.context.close()


def test_a_new_version_is_announced_later_puts_it_off_and_reload_now_keeps_the_game(
        browser, built_site, tmp_path):
    # a copy of the site whose service worker can be replaced by "the next deploy"
    site = tmp_path / SUB_PATH.rstrip("/")
    site.mkdir()
    for entry in built_site.iterdir():
        if entry.name != "sw.js":
            (site / entry.name).symlink_to(entry, target_is_directory=entry.is_dir())
    worker = (built_site / "sw.js").read_text(encoding="utf-8")
    (site / "sw.js").write_text(worker, encoding="utf-8")
    version = re.search(r'const VERSION = "(\w+)";', worker).group(1)
    server = Server(tmp_path)
    table = open_table(browser, server, "#game=8", service_workers="allow")
    try:
        table.page.wait_for_function(CONTROLLED, timeout=WORKER_TIMEOUT_MS)
        assert [name.endswith(version) for name in table.page.evaluate(CACHES)] == [True]
        game = Game.new(8)
        play_one(table, game)
        update = table.page.locator("#update")
        assert update.is_hidden()

        (site / "sw.js").write_text(worker.replace(version, "next" + version), encoding="utf-8")
        table.page.evaluate("() => navigator.serviceWorker.getRegistration().then(r => r.update())")
        update.wait_for(state="visible", timeout=WORKER_TIMEOUT_MS)
        assert "new version" in update.inner_text()
        table.wait_table(expected_table(game))  # the open game is untouched meanwhile

        table.page.locator("#update-later").click()  # put off: the game goes on
        update.wait_for(state="hidden")
        play_one(table, game)
        table.reload()  # opened again while the new version waits: it is offered again
        update.wait_for(state="visible", timeout=WORKER_TIMEOUT_MS)
        table.wait_table(expected_table(game))

        with table.page.expect_navigation(timeout=WORKER_TIMEOUT_MS):
            table.page.locator("#update-now").click()
        table.wait_ready()
        table.wait_table(expected_table(game))
        assert "resumed" in table.message()
        assert update.is_hidden()
        names = table.page.evaluate(CACHES)
        assert [name.endswith("next" + version) for name in names] == [True]
        play_one(table, game)
        assert_saved(table, game)
        table.assert_clean()
    finally:
        table.context.close()
        server.stop()
        shutil.rmtree(site)
