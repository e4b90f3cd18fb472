"""Files a player takes away and brings back, in every engine: a game's record, downloaded and
opened again (a bad one pasted in refused, the game on the table untouched), and all of their
data, exported and imported into a fresh profile.

The browser saves the download where a player's would (tests/browsers/drivers.py `downloaded`),
and the file goes back in through the page's own file input, as a file chooser hands it over.
The buttons that open the chooser are clicked in the Chromium tests only (tests/e2e), where
Playwright catches the chooser: WebKitGTK's MiniBrowser would open a real dialog on its display.
"""

from __future__ import annotations

import json

from plot import Game
from tests.browsers.session import new_player
from tests.e2e.tablepage import expected_table
from tests.e2e.test_history import PANELS, history_of
from tests.e2e.test_story import after, lost_game
from tests.lines import page_save
from web.history import HISTORY_KEY
from web.stats import STATS_KEY, Stats

SAVE_KEY = "the-plot/save"
RECORD_MOVES = 40  # the record is of the lost game's deal after this many of its moves
BAD_RECORD = '[Game "The Plot"]\n[Deal "2"]\n\n1. T9-F9\n'  # no pile F9


def message_says(player, words: str) -> None:
    player.wait("(w) => document.getElementById('message').textContent.includes(w)", words,
                what=f"the status line saying {words!r}")


def test_a_game_s_record_downloads_and_opens_again_from_the_file(player):
    game = lost_game()
    start = after(game, RECORD_MOVES)
    player.store_and_open(SAVE_KEY, page_save(start))
    player.wait_table(expected_table(start))
    player.open_moves()
    player.click("#story [data-action=export-record]")
    name = f"the-plot-{game.seed}.txt"
    path = player.page.downloaded(name)
    record = path.read_text(encoding="utf-8")
    assert str(Game.from_record(record).position()) == str(start.position()), \
        f"{player.engine}: {record}"
    # and copied to the clipboard: the copy is asked for by a coroutine the click starts
    # (web/controls.py), and every engine still counts it as the click's
    message_says(player, f"saved as {name} and copied to the clipboard")

    player.click("#story [data-action=close-panel]")
    player.open(9)
    player.click_pile("S")
    player.wait_moves(1)
    player.open_moves()
    player.fill("#record-text", BAD_RECORD)
    player.click("#story [data-action=open-record]")
    message_says(player, "untouched")
    assert player.text("#game-number") == "9" and player.moves() == 1

    player.page.set_files("#record-file", path)
    player.wait("(n) => document.getElementById('game-number').textContent === n",
                str(game.seed), what=f"game {game.seed} opened from the record")
    player.wait_table(expected_table(start))
    message_says(player, "opened from a record")
    if player.visible("#story"):
        player.click("#story [data-action=close-panel]")
    player.assert_clean()


def test_the_data_exported_imports_into_a_fresh_profile_as_it_was(player, engine, site_url):
    player.store_all_and_open({HISTORY_KEY: history_of(12),
                               STATS_KEY: Stats(12, 5, 1, 2).to_json()})
    player.open_stats()
    before = player.js(PANELS)
    assert len(before["games"]) == 12, before
    player.click_in_view("#stats [data-action=export-data]")
    path = player.page.downloaded("the-plot-data.json")
    assert json.loads(path.read_text(encoding="utf-8"))["format"] == "the-plot-export"
    player.click("#stats [data-action=close-panel]")

    fresh = new_player(engine, site_url)
    try:
        fresh.goto("#game=3")
        fresh.open_stats()
        assert fresh.js(PANELS) != before  # a new profile: no games yet
        fresh.page.set_files("#import-file", path)
        fresh.wait("() => !document.getElementById('import-preview').hidden",
                   what="what the file holds, before it is imported")
        fresh.click_in_view("[data-action=import-replace]")
        fresh.wait("() => document.getElementById('import-preview').hidden",
                   what="the import done")
        assert fresh.js(PANELS) == before
        fresh.assert_clean()
    finally:
        fresh.page.close()
    player.assert_clean()
