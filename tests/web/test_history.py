"""The history of games and the player's data in a file, in CPython (web/history.py,
web/export.py, web/archive.py): every result kept once, merges that never count twice, files
from newer versions or damaged ones refused, and a newer version's history kept untouched."""

from __future__ import annotations

import json

import pytest

from plot import InvalidSave, NewerSave
from tests.lines import page_save, won_with_empty_stock
from tests.web.fakes import Backend, booted
from web.charts import charts, win_rate_by_month
from web.export import EXPORT, read_export
from web.history import HISTORY, HISTORY_KEY, KEEP, Entry, from_json, to_json
from web.saveslot import SAVE_KEY
from web.stats import STATS_KEY, Stats
from web.view import HistoryRow
from web.words import game_facts


def entry(i: int, result: str = "won") -> Entry:
    return Entry(f"{i:016x}", 100 + i, 1_760_000_000 + i, result, 150, 600, 0, 1, 104)


def test_an_entry_round_trips_and_a_win_without_help_is_perfect():
    games = [entry(1), entry(2, "lost"), Entry("a", 5, 9, "won", 190, 300, 0, 0, 104)]
    assert from_json(to_json(games)) == games
    assert [g.perfect for g in games] == [False, False, True]
    assert len(from_json(to_json([entry(i) for i in range(KEEP + 3)]))) == KEEP


@pytest.mark.parametrize("games", [[["x"]], [[1, 2, 3, 4, 5, 6, 7, 8, 9, 10]],
                                   [["a", 1, 2, "won", -1, 0, 0, 0, 0, None]]])
def test_damaged_games_are_refused(games):
    with pytest.raises(InvalidSave):
        from_json(HISTORY.dump(games=games))


def test_a_game_leaves_the_history_won_lost_or_abandoned():
    app, backend, _ = booted(hash_text="#game=5")
    app.deal()
    app.undo()
    app.deal()
    app.new_game(confirmed=True)
    (left,) = from_json(backend.items[HISTORY_KEY])
    assert (left.result, left.deal, left.moves, left.undos) == ("abandoned", 5, 1, 1)


def test_a_newer_versions_history_is_kept_untouched():
    raw = json.dumps({"format": HISTORY.name, "version": HISTORY.version + 1, "games": []})
    app, backend, _ = booted(Backend({HISTORY_KEY: raw}), "#game=5")
    assert "newer version" in app.notice
    app.deal()
    app.new_game(confirmed=True)
    assert backend.items[HISTORY_KEY] == raw


def test_merging_a_file_twice_counts_its_games_once():
    mine, _, _ = booted(Backend({HISTORY_KEY: to_json([entry(1), entry(2)]),
                                 STATS_KEY: Stats(2, 2, 2, 2).to_json()}), "#game=5")
    text = booted(Backend({HISTORY_KEY: to_json([entry(2), entry(3, "lost")]),
                           STATS_KEY: Stats(2, 1, 0, 1).to_json()}),
                  "#game=6")[0].archive.export_text()
    for _ in range(2):
        mine.archive.preview_import(text)
        assert "This file holds 2 games in detail (1 won)" in mine.message.text
        mine.archive.finish_import("merge")
    assert [g.attempt for g in mine.history.entries] == [f"{i:016x}" for i in (1, 2, 3)]
    assert (mine.book.stats.played, mine.book.stats.won) == (3, 2)


def test_a_file_with_a_won_game_on_the_table_does_not_call_it_in_progress():
    game, rest = won_with_empty_stock()
    playing = booted(Backend({SAVE_KEY: page_save(game)}), "")[0].archive.export_text()
    for move in rest:
        game.play(move)
    won = booted(Backend({SAVE_KEY: page_save(game)}), "")[0].archive.export_text()
    mine, _, _ = booted(hash_text="#game=5")
    mine.archive.preview_import(playing)
    assert f"a game in progress (game {game.seed}, {game.moves_played - len(rest)} moves)" \
        in mine.message.text
    mine.archive.preview_import(won)
    assert f"the won game on the table (game {game.seed}, {game.moves_played} moves)" \
        in mine.message.text
    assert "in progress" not in mine.message.text


@pytest.mark.parametrize("text", ["{nope", EXPORT.dump(stats={}),
                                  json.dumps({"format": EXPORT.name, "version": 2})])
def test_a_damaged_or_newer_file_is_refused(text):
    with pytest.raises(InvalidSave):
        read_export(text)
    app, backend, _ = booted(hash_text="#game=5")
    before = dict(backend.items)
    app.archive.preview_import(text)
    assert "cannot be imported" in app.message.text and app.archive.importing is None
    assert ".." not in app.message.text and "))" not in app.message.text, app.message.text
    assert backend.items == before


def test_a_newer_file_says_so():
    with pytest.raises(NewerSave):
        read_export(json.dumps({"format": EXPORT.name, "version": EXPORT.version + 1}))


def test_a_game_of_the_history_counts_in_words_one_move_one_hint():
    row = HistoryRow("00000000000000a1", 7, "lost", "2026-12-01 14:05", 1, "0:09", 1, 0, 3,
                     False, "", None)
    assert game_facts(row) == ("2026-12-01 14:05 \u00b7 1 move \u00b7 0:09 \u00b7 3/104 home "
                               "\u00b7 1 hint \u00b7 0 undos")


# Three games of November 2026: won in 257 moves and 4:12, lost with 30 cards home, won in 190
# moves and 1:02:05 (the charts' tests, here and in the page).
FEW_GAMES = [Entry("a1", 1, 1_795_000_000, "won", 257, 252, 0, 0, 104),
             Entry("a2", 2, 1_795_000_100, "lost", 80, 60, 0, 0, 30),
             Entry("a3", 3, 1_795_000_200, "won", 190, 3725, 0, 0, 104)]


def test_each_bar_carries_its_value_to_draw_over_it():
    """With one game the charts were solid green blocks with no scale: each bar now has its
    value, short, to draw over it."""
    rate, time_of, moves_of, home = charts(FEW_GAMES)
    assert [bar.figure for bar in rate.bars] == ["67%"]
    assert [bar.figure for bar in time_of.bars] == ["4:12", "1:02:05"]
    assert [bar.figure for bar in moves_of.bars] == ["257", "190"]
    assert [bar.figure for bar in home.bars][:3] == ["0", "0", "1"]


def test_the_win_rate_chart_names_its_months():
    """Its bars are labelled by month names, not '26/12' (which read like a day): 12 months at
    most are shown, so each name once; the words for each bar keep the year."""
    november, january = 1_795_000_000, 1_800_000_000  # 2026-11-18 and 2027-01-15, UTC
    games = [Entry(f"a{i}", 1, began, "won" if i else "lost", 50, 60, 0, 0, 104)
             for i, began in enumerate((november, november, january))]
    chart = win_rate_by_month(games)
    assert [bar.label for bar in chart.bars] == ["Nov", "Jan"]
    assert [bar.text for bar in chart.bars] == ["2026-11: 1 of 2 games won (50%)",
                                               "2027-01: 1 of 1 game won (100%)"]
