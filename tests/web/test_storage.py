"""The page's saves and statistics never get lost (web/pagesave.py, storage.py, app.py in CPython):
every released page-save version loads, a newer version's save is kept untouched until the player
decides, statistics survive a failure at any write, and two tabs never overwrite newer progress."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from plot import Game, InvalidSave
from tests.web.fakes import Backend
from web.app import App
from web.pagesave import PAGE, PageSave
from web.saveslot import SAVE_KEY, Offer
from web.stats import STATS_BACKUP_KEY, STATS_KEY, Stats
from web.storage import PENDING, Storage

ROOT = Path(__file__).resolve().parents[2]
PAGE_VERSION = PAGE.version
FIXTURES = sorted((ROOT / "tests" / "fixtures" / "page-saves").glob("v*.json"))


class Tab:
    """One open page: an App on a shared backend, told about the other tabs' writes the way the
    browser's `storage` event does (only for writes made by other tabs)."""

    def __init__(self, backend: Backend, hash_text: str = "", others: list | None = None):
        self.backend = backend
        self.others = others if others is not None else []
        self.app = App(Storage(_Notifying(backend, self)), now=lambda: 0.0, changed=lambda: None)
        self.others.append(self)
        self.app.boot(hash_text)


class _Notifying:
    def __init__(self, backend: Backend, tab: Tab):
        self.backend, self.tab = backend, tab

    def getItem(self, key):  # noqa: N802
        return self.backend.getItem(key)

    def setItem(self, key, value):  # noqa: N802
        self.backend.setItem(key, value)
        for other in self.tab.others:
            if other is not self.tab:
                other.app.storage_changed(key, value)

    def removeItem(self, key):  # noqa: N802
        self.backend.removeItem(key)


def app_on(backend: Backend, hash_text: str = "") -> App:
    app = App(Storage(backend), now=lambda: 0.0, changed=lambda: None)
    app.boot(hash_text)
    return app


# ---- page-save versions ------------------------------------------------------------------------

def test_there_is_a_fixture_for_every_released_page_save_version():
    versions = {json.loads(path.read_text())["version"] for path in FIXTURES}
    assert versions == set(range(1, PAGE_VERSION + 1))


@pytest.mark.parametrize("path", FIXTURES, ids=lambda p: p.name)
def test_a_released_page_save_resumes(path):
    raw = path.read_text().strip()
    record = json.loads(raw)
    backend = Backend()
    backend.items[SAVE_KEY] = raw
    app = app_on(backend)
    engine = Game.from_json(record["engine"])
    assert app.notice == "" and app.slot.offer is None
    assert app.number == record["game"]
    assert app.game.history == engine.history and app.game.redo_moves == engine.redo_moves
    assert app.game.position() == engine.position()
    assert app.clock.ms() == record["elapsed_ms"]
    assert "resumed" in app.message.text
    assert app.shown is record.get("shown", False)  # handed to Show me a win (version 5 on)
    saved = json.loads(backend.items[SAVE_KEY])  # and it is saved again in the current version
    assert saved["version"] == PAGE_VERSION and saved["engine"] == engine.to_json()
    assert saved["shown"] is app.shown


def test_a_save_whose_shown_is_not_yes_or_no_is_refused_as_damaged():
    record = json.loads(PageSave(Game.new(8), 8, 0, True, True, 3, shown=True).to_json())
    assert PageSave.from_json(json.dumps(record)).shown is True
    record["shown"] = "yes"
    with pytest.raises(InvalidSave, match="Show me a win"):
        PageSave.from_json(json.dumps(record))


def newer_save() -> str:
    record = json.loads(PageSave(Game.new(8), 8, 0, False, False, 3).to_json())
    record.update(version=PAGE_VERSION + 1, new_field="something this page does not know")
    return json.dumps(record)


def test_a_save_from_a_newer_version_is_kept_untouched_until_the_player_decides():
    raw = newer_save()
    backend = Backend()
    backend.items[SAVE_KEY] = raw
    app = app_on(backend)
    assert app.slot.offer is Offer.NEWER_VERSION and "newer version" in app.slot.offer_detail
    app.deal()
    app.new_game(confirmed=True)
    app.set_visible(False)
    assert backend.items[SAVE_KEY] == raw
    app.answer_offer(yes=True)  # keep it, play without saving
    app.deal()
    assert backend.items[SAVE_KEY] == raw and "Not saving" in app.notice
    again = app_on(backend)  # next visit: the same question again
    assert again.slot.offer is Offer.NEWER_VERSION and backend.items[SAVE_KEY] == raw
    again.answer_offer(yes=False)  # discard it
    assert json.loads(backend.items[SAVE_KEY])["game"] == again.number
    assert again.slot.offer is None and again.notice == ""


# ---- statistics: atomic writes and corrupt records ----------------------------------------------

def record_a_loss(backend: Backend) -> None:
    app = app_on(backend, "#game=6")
    app.deal()
    app.new_game(confirmed=True)


@pytest.mark.parametrize("allowed", range(8))
def test_statistics_survive_a_failure_at_any_write(allowed):
    backend = Backend()
    record_a_loss(backend)
    before = Stats.from_json(backend.items[STATS_KEY]).played
    backend.fail_after = backend.writes + allowed  # the browser stops storing mid-way
    record_a_loss(backend)
    backend.fail_after = None
    app = app_on(backend)
    assert app.notice == ""
    assert app.book.stats.played in (before, before + 1)
    assert STATS_BACKUP_KEY not in backend.items


def test_a_pending_statistics_write_is_recovered():
    backend = Backend()
    backend.items[STATS_KEY] = Stats(played=2, won=1).to_json()
    backend.items[STATS_KEY + PENDING] = Stats(played=3, won=2).to_json()  # the switch never ran
    app = app_on(backend)
    assert (app.book.stats.played, app.book.stats.won) == (3, 2)
    assert backend.items[STATS_KEY] == Stats(played=3, won=2).to_json()
    assert STATS_KEY + PENDING not in backend.items


def test_a_torn_pending_write_leaves_the_committed_statistics():
    backend = Backend()
    backend.items[STATS_KEY] = Stats(played=2, won=1).to_json()
    backend.items[STATS_KEY + PENDING] = Stats(played=3, won=2).to_json()[:20]
    app = app_on(backend)
    assert (app.book.stats.played, app.book.stats.won) == (2, 1) and app.notice == ""


def test_corrupt_statistics_are_kept_aside_and_reported_not_silently_reset():
    backend = Backend()
    backend.items[STATS_KEY] = '{"format": "the-plot-stats", "version": 1, "played": "many"}'
    corrupt = backend.items[STATS_KEY]
    app = app_on(backend)
    assert "statistics could not be read" in app.notice and "kept aside" in app.notice
    assert backend.items[STATS_BACKUP_KEY] == corrupt
    app.deal()
    app.new_game(confirmed=True)
    assert backend.items[STATS_BACKUP_KEY] == corrupt
    assert Stats.from_json(backend.items[STATS_KEY]).played == 1


def test_corrupt_statistics_that_cannot_be_kept_aside_are_not_overwritten():
    backend = Backend()
    backend.items[STATS_KEY] = "not statistics"
    backend.items[SAVE_KEY] = PageSave(Game.new(6), 6, 0, False, False, 1).to_json()
    backend.fail_after = 0  # storage is full: nothing can be written
    app = app_on(backend)
    assert "nor kept aside" in app.notice
    app.deal()
    app.new_game(confirmed=True)
    assert backend.items[STATS_KEY] == "not statistics"
    backend.fail_after = None  # space again: the record is kept aside before counting goes on
    app.deal()
    app.new_game(confirmed=True)
    assert backend.items[STATS_BACKUP_KEY] == "not statistics"
    assert Stats.from_json(backend.items[STATS_KEY]).played == 2  # both games of this visit


# ---- two tabs ------------------------------------------------------------------------------------

def test_the_tab_that_is_behind_says_so_and_never_overwrites_the_newer_game():
    backend, tabs = Backend(), []
    first = Tab(backend, "#game=9", tabs)
    second = Tab(backend, "", tabs)  # resumes game 9
    assert second.app.number == 9 and second.app.slot.offer is None
    first.app.deal()
    newer = backend.items[SAVE_KEY]
    assert second.app.slot.offer is Offer.OTHER_TAB
    assert "another tab" in second.app.slot.offer_detail
    second.app.deal()  # playing on in the old tab does not save over the newer game
    second.app.undo()
    second.app.set_visible(False)
    assert backend.items[SAVE_KEY] == newer
    second.app.answer_offer(yes=True)  # load the newer game
    assert second.app.game.to_json() == first.app.game.to_json() and second.app.slot.offer is None
    second.app.deal()  # now it is the newest: it saves, and the first tab is behind
    assert json.loads(backend.items[SAVE_KEY])["engine"] == second.app.game.to_json()
    assert first.app.slot.offer is Offer.OTHER_TAB


def test_keeping_this_tab_s_game_saves_it_and_puts_the_other_tab_behind():
    backend, tabs = Backend(), []
    first = Tab(backend, "#game=9", tabs)
    second = Tab(backend, "", tabs)
    first.app.deal()
    second.app.deal()
    second.app.deal()  # a different game from the first tab's
    second.app.answer_offer(yes=False)  # keep this tab's game
    assert json.loads(backend.items[SAVE_KEY])["engine"] == second.app.game.to_json()
    assert first.app.slot.offer is Offer.OTHER_TAB


def test_the_same_game_in_two_tabs_raises_no_question():
    backend, tabs = Backend(), []
    first = Tab(backend, "#game=9", tabs)
    second = Tab(backend, "", tabs)
    first.app.set_visible(False)  # saves the unchanged game again
    second.app.set_visible(False)
    assert first.app.slot.offer is None and second.app.slot.offer is None


def test_results_from_two_tabs_both_count():
    backend, tabs = Backend(), []
    first = Tab(backend, "#game=9", tabs)
    second = Tab(backend, "#game=10", tabs)
    for tab in (first, second):
        tab.app.answer_offer(yes=False)
        tab.app.deal()
        tab.app.new_game(confirmed=True)
    assert Stats.from_json(backend.items[STATS_KEY]).played == 2


def newer_stats() -> str:
    record = json.loads(Stats(played=40, won=31, streak=3, best_streak=9).to_json())
    record.update(version=record["version"] + 1, history=["a field this page does not know"])
    return json.dumps(record)


def test_statistics_from_a_newer_version_are_kept_untouched_not_reset():
    raw = newer_stats()
    backend = Backend()
    backend.items[STATS_KEY] = raw
    app = app_on(backend, "#game=6")
    assert "newer version" in app.notice and "kept untouched" in app.notice
    app.deal()
    app.new_game(confirmed=True)  # a result this tab cannot count without losing the newer record
    assert backend.items[STATS_KEY] == raw
    assert STATS_BACKUP_KEY not in backend.items
    again = app_on(backend)  # and the next visit still finds them, untouched
    assert backend.items[STATS_KEY] == raw and "newer version" in again.notice


def test_a_pending_statistics_write_from_a_newer_version_is_not_dropped():
    raw = newer_stats()
    backend = Backend()
    backend.items[STATS_KEY] = Stats(played=2, won=1).to_json()
    backend.items[STATS_KEY + PENDING] = raw  # a newer tab's write, interrupted
    app = app_on(backend)
    assert "newer version" in app.notice
    assert backend.items[STATS_KEY + PENDING] == raw


def test_the_tab_with_more_recent_moves_is_never_told_it_is_behind():
    backend, tabs = Backend(), []
    first = Tab(backend, "#game=7", tabs)
    second = Tab(backend, "", tabs)
    for _ in range(3):
        first.app.deal()
    assert "This tab is behind" in second.app.slot.offer_detail
    second.app.answer_offer(yes=True)  # load the other tab's game: 3 moves
    second.app.deal()  # 4 moves, saved: now the first tab is behind
    assert "This tab is behind" in first.app.slot.offer_detail
    load, keep = first.app.slot.offer_answers
    assert keep == "Keep this tab's game (drops the other tab's 1 later move)"
    first.app.answer_offer(yes=False)  # keep its 3 moves over the other tab's 4
    text = second.app.slot.offer_detail
    assert "behind" not in text and "4 moves" in text and "3 moves" in text
    load, keep = second.app.slot.offer_answers
    assert load == "Load the other tab's game (drops this tab's 1 later move)"
    second.app.answer_offer(yes=False)  # keep its 4 moves: nothing is lost
    assert len(Game.from_json(json.loads(backend.items[SAVE_KEY])["engine"]).history) == 4
