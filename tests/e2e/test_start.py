"""When the game cannot start, it says so: each file the start needs, missing (HTTP 404) or cut
off (an aborted request), one at a time; a service worker holding a broken cache; a page opened
from disk; a browser without WebAssembly; a start that is taking long. In each case the message
and Try again appear within seconds, and Try again, once the file is back, resumes the saved game.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from plot import Game
from tests.e2e.tablepage import BOOT_TIMEOUT_MS, TablePage, expected_table, new_table
from tests.lines import page_save

SAVE_KEY = "the-plot/save"
SHOWN_WITHIN_MS = 20_000
# Each file the start needs, and how the message names it.
NEEDED = {
    "web/vendor/pyodide/pyodide.mjs": "part of Python",
    "web/vendor/pyodide/pyodide.asm.js.gz": "part of Python",
    "web/vendor/pyodide/pyodide.asm.wasm.gz": "part of Python",
    "web/vendor/pyodide/python_stdlib_trimmed.zip": "part of Python",
    "web/vendor/pyodide/pyodide-lock.json.gz": "part of Python",
    "web/vendor/pyscript/core.js": "part of PyScript",
    "pyscript.toml": "the game's own files",
    "web/main.py": "the game's own files",
    "web/vendor/modules.zip": "the game's own files",
    "web/boot.js": "the game's own files",
}
HOW = {"404": "HTTP 404", "abort": "the connection failed"}


@pytest.fixture(scope="module")
def saved():
    """A game in progress, as the page saves it: a start that fails must leave it untouched."""
    game = Game.new(21)
    for _ in range(3):
        game.play(next(m for m in game.legal_moves() if m.src != "S"))
    return game


def store(page: TablePage, key: str, value: str) -> None:
    """Put a record in localStorage while no game page is open."""
    blank = page.base_url + "__storage__"
    page.page.route(blank, lambda route: route.fulfill(
        content_type="text/html", body="<!doctype html><title>storage</title>"
                                       "<link rel=icon href=\"data:,\">"))
    page.page.goto(blank)
    page.page.unroute(blank)
    page.page.evaluate("([k, v]) => localStorage.setItem(k, v)", [key, value])


def break_file(route, how: str) -> None:
    if how == "404":
        route.fulfill(status=404, body="not here")
    else:
        route.abort()


def failed_panel(page: TablePage):
    panel = page.page.locator("#start-failed[data-kind=failed]")
    panel.wait_for(timeout=SHOWN_WITHIN_MS)
    return panel


def try_again_resumes(page: TablePage, game: Game) -> None:
    with page.page.expect_navigation():
        page.page.locator("#try-again").click()
    page.watch.problems = []  # the failed start's errors were the point; the next start is clean
    page.wait_ready()
    page.wait_table(expected_table(game))
    assert page.page.locator("#moves").inner_text() == str(game.moves_played)
    assert page.page.locator("#start-failed").is_hidden()
    page.assert_clean()


@pytest.mark.parametrize("how", HOW)
@pytest.mark.parametrize("path", NEEDED)
def test_a_file_the_start_needs_fails_the_player_is_told_and_try_again_resumes(
        browser, site_url, saved, path, how):
    page = new_table(browser, site_url)
    try:
        store(page, SAVE_KEY, page_save(saved))
        url = site_url + path
        page.page.route(url, lambda route: break_file(route, how))
        page.page.goto(site_url)
        panel = failed_panel(page)
        text = panel.inner_text()
        assert f"could not download {NEEDED[path]}" in text, text
        assert HOW[how] in text and "Your saved game is safe" in text, text
        assert page.page.locator("#try-again").is_visible()
        assert path in panel.locator("#start-failed-detail").text_content()
        assert "could not download" in page.page.locator("#message").inner_text()
        page.page.unroute(url)
        try_again_resumes(page, saved)
    finally:
        page.context.close()


@pytest.mark.parametrize("path", ["web/vendor/pyscript-bytecode.bin"])
def test_a_file_the_start_can_do_without_is_a_slower_start_not_a_failure(browser, site_url,
                                                                        saved, path):
    page = new_table(browser, site_url)
    try:
        store(page, SAVE_KEY, page_save(saved))
        page.page.route(site_url + path, lambda route: route.fulfill(status=404, body=""))
        page.page.goto(site_url)
        page.wait_ready()
        page.wait_table(expected_table(saved))
        assert page.page.locator("#start-failed").is_hidden()
    finally:
        page.context.close()


def test_a_broken_service_worker_cache_is_repaired_by_try_again(browser, site_url, saved):
    page = new_table(browser, site_url, service_workers="allow")
    try:
        store(page, SAVE_KEY, page_save(saved))
        page.goto("")
        page.page.wait_for_function("() => navigator.serviceWorker.controller !== null",
                                    timeout=BOOT_TIMEOUT_MS)
        entry = "web/vendor/modules.zip"
        cached = """async (entry) => { for (const name of await caches.keys()) {
            const cache = await caches.open(name);
            if (await cache.match(entry)) return true; } return false; }"""
        page.page.wait_for_function(cached, arg=entry, timeout=BOOT_TIMEOUT_MS)
        page.page.evaluate("""async (entry) => { for (const name of await caches.keys())
            await (await caches.open(name)).delete(entry); }""", entry)
        url = site_url + entry
        page.context.route(url, lambda route: route.fulfill(status=404, body=""))
        page.page.reload()
        text = failed_panel(page).inner_text()
        assert "could not download the game's own files (HTTP 404)" in text, text
        page.context.unroute(url)
        try_again_resumes(page, saved)
        page.page.wait_for_function(cached, arg=entry, timeout=BOOT_TIMEOUT_MS)  # repaired
    finally:
        page.context.close()


def test_a_page_opened_from_disk_says_how_to_play(browser, built_site):
    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto(Path(built_site, "index.html").resolve().as_uri())
        panel = page.locator("#from-disk")
        panel.wait_for(timeout=SHOWN_WITHIN_MS)
        assert "python3 -m http.server" in panel.inner_text()
        assert "make serve" in panel.inner_text()
        assert page.locator("#table").is_hidden()
        assert "Opened from a file" in page.locator("#message").inner_text()
    finally:
        context.close()


def test_a_browser_without_webassembly_is_told_what_is_missing(browser, site_url):
    page = new_table(browser, site_url)
    try:
        page.page.add_init_script("delete globalThis.WebAssembly")
        page.page.goto(site_url)
        panel = page.page.locator("#start-failed[data-kind=unsupported]")
        panel.wait_for(timeout=SHOWN_WITHIN_MS)
        assert "WebAssembly" in panel.inner_text()
    finally:
        page.context.close()


def test_a_start_that_takes_long_says_so_and_offers_try_again(browser, site_url, saved):
    page = new_table(browser, site_url)
    try:
        page.page.clock.install()
        held = []
        wasm = site_url + "web/vendor/pyodide/pyodide.asm.wasm.gz"
        page.page.route(wasm, lambda route: held.append(route))  # never answered
        page.page.goto(site_url)
        page.page.clock.run_for(46_000)
        panel = page.page.locator("#start-failed[data-kind=slow]")
        panel.wait_for(timeout=SHOWN_WITHIN_MS)
        assert "taking much longer than usual" in panel.inner_text()
        assert page.page.locator("#try-again").is_visible()
        for route in held:
            route.abort()
    finally:
        page.context.close()


# Python failing for good mid-game, by Pyodide's own path for it (as a WebAssembly fault inside
# a click's handler reaches it): thrown from a timer, so that it is uncaught, as it would be.
PYTHON_FAILS = """async () => {
  const boot = await import(new URL('web/boot.js', location.href).href);
  const pyodide = await boot.loadPyodide();
  setTimeout(() => pyodide._api.fatal_error(new Error('a WebAssembly fault, for the test')));
}"""


def test_python_stopping_mid_game_is_said_and_try_again_resumes_the_game(browser, site_url,
                                                                         saved):
    """Pyodide can fail for good while the game is played (as WebKitGTK's WebAssembly did in
    interpreters restored from the snapshot: README): every click then did nothing, without a
    word. Now the player is told, and Try again opens the game where it was, the last move
    included."""
    page = new_table(browser, site_url)
    try:
        store(page, SAVE_KEY, page_save(saved))
        page.goto()
        page.wait_table(expected_table(saved))
        game = saved.copy()
        move = next(m for m in game.legal_moves() if m.src != "S")
        page.play(str(move))
        game.play(move)
        page.wait_table(expected_table(game))
        page.page.evaluate(PYTHON_FAILS)
        panel = page.page.locator("#start-failed[data-kind=stopped]")
        panel.wait_for(timeout=SHOWN_WITHIN_MS)
        assert page.page.locator("#start-failed-title").inner_text() == "The game stopped"
        assert "Your game is saved" in panel.inner_text()
        assert "a WebAssembly fault, for the test" in \
            page.page.locator("#start-failed-detail").text_content()
        assert page.page.locator("#try-again").is_visible()
        try_again_resumes(page, game)
    finally:
        page.context.close()
