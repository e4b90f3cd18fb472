"""Two tabs on one game: neither silently overwrites the other's newer progress; a save from a
newer version of the page is kept untouched until the player decides."""

from __future__ import annotations

import json

import pytest

from plot import Game
from tests.e2e.tablepage import TablePage, expected_table, save_record

SAVE_KEY = "the-plot/save"


@pytest.fixture(scope="module")
def tabs(browser, site_url):
    """Two pages of the game in one browser context (they share localStorage)."""
    context = browser.new_context(service_workers="block")
    first, second = TablePage(context, site_url), TablePage(context, site_url)
    yield first, second
    context.close()


@pytest.fixture(autouse=True)
def _clean_tabs(request):
    yield
    if "tabs" in request.fixturenames:
        for tab in request.getfixturevalue("tabs"):
            tab.assert_clean()


def offer(tab: TablePage):
    return tab.page.locator("#offer")


def test_the_tab_that_is_behind_says_so_and_loads_the_newer_game(tabs):
    first, second = tabs
    first.goto("#game=9")
    second.goto("")  # resumes the same game
    assert second.page.locator("#game-number").inner_text() == "9"
    game = Game.new(9)
    first.click_pile("S")
    game.play("S-W")
    first.wait_table(expected_table(game))
    offer(second).wait_for()
    assert "another tab" in offer(second).inner_text()
    assert offer(first).is_hidden()
    newer = save_record(first)
    assert Game.from_json(newer["engine"]).history == game.history
    second.click_pile("S")  # playing on in the tab that is behind must not save over it
    second.click_pile("S")
    second.page.wait_for_function("() => document.getElementById('moves').textContent === '2'")
    assert save_record(second) == newer
    second.page.locator("#offer-yes").click()  # load the newer game
    offer(second).wait_for(state="hidden")
    second.wait_table(expected_table(game))
    assert "other tab" in second.message()


def test_keeping_this_tab_s_game_puts_the_other_tab_behind(tabs):
    first, second = tabs
    game = Game.from_json(save_record(second)["engine"])
    move = next(str(m) for m in game.legal_moves() if m.src != "S")
    second.play(move)
    game.play(move)
    second.wait_table(expected_table(game))
    offer(first).wait_for()
    first.click_pile("S")  # the first tab's own, different game
    first.page.locator("#offer-no").click()  # keep this tab's game: saved over the other one
    offer(first).wait_for(state="hidden")
    offer(second).wait_for()
    ours = Game.new(9)
    ours.play("S-W")
    ours.play("S-W")
    assert Game.from_json(save_record(first)["engine"]).history == ours.history


def test_a_save_from_a_newer_version_is_kept_until_the_player_decides(browser, site_url):
    context = browser.new_context(service_workers="block")
    page = TablePage(context, site_url)
    try:
        record = {"format": "the-plot-page", "version": 99, "revision": 4, "game": 8,
                  "elapsed_ms": 0, "engine": Game.new(8).to_json(), "future": [1, 2]}
        raw = json.dumps(record)
        page.store_and_open(SAVE_KEY, raw)
        offer(page).wait_for()
        assert "newer version" in offer(page).inner_text()
        page.click_pile("S")
        page.page.wait_for_function("() => document.getElementById('moves').textContent === '1'")
        page.page.locator("#offer-yes").click()  # play without saving over it
        offer(page).wait_for(state="hidden")
        assert "Not saving" in page.page.locator("#notice").inner_text()
        page.reload()
        assert page.page.evaluate("k => localStorage.getItem(k)", SAVE_KEY) == raw
        page.page.locator("#offer-no").click()  # discard it
        page.page.wait_for_function("k => JSON.parse(localStorage.getItem(k)).version < 99",
                                    arg=SAVE_KEY)
        page.assert_clean()
    finally:
        context.close()
