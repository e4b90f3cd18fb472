"""Statistics that last and show: every game in the history (won, lost, left), its charts, and
the player's data taken to another device as a file (export, then import: merge or replace)."""

from __future__ import annotations

import json
import random

import pytest
from playwright.sync_api import expect

from tests.e2e.tablepage import READ_WHOLE, TablePage, new_table
from tests.lines import one_move_before_lost, page_save, won_with_empty_stock
from tests.web.test_history import FEW_GAMES
from web.history import HISTORY, HISTORY_KEY, Entry
from web.stats import STATS_KEY, Stats

SAVE_KEY = "the-plot/save"


def entries(page: TablePage) -> list[dict]:
    return page.page.eval_on_selector_all(
        "#history [data-history-entry]",
        "els => els.map(e => ({result: e.dataset.result, deal: Number(e.dataset.deal)}))")


def open_history(page: TablePage) -> None:
    if page.page.locator("#stats").is_hidden():
        page.page.locator(".bar [data-action=stats]").click()
    page.page.locator("#history").wait_for()


def store(page: TablePage, items: dict) -> None:
    """Put records in localStorage while no game page is open, then open the game."""
    blank = page.base_url + "__storage__"
    page.page.route(blank, lambda route: route.fulfill(
        content_type="text/html",
        body="<!doctype html><title>s</title><link rel=icon href=\"data:,\">"))
    page.page.goto(blank)
    page.page.unroute(blank)
    for key, value in items.items():
        page.page.evaluate("([k, v]) => localStorage.setItem(k, v)", [key, value])
    page.goto("")


def history_of(count: int, seed: int = 5) -> str:
    rng = random.Random(seed)
    games = []
    for i in range(count):
        result = rng.choice(["won", "lost", "abandoned"])
        games.append(Entry(f"{i:016x}", rng.randint(1, 999_999), 1_760_000_000 + i * 3600, result,
                           rng.randint(20, 260), rng.randint(60, 1800), rng.randint(0, 3),
                           rng.randint(0, 9), 104 if result == "won" else rng.randint(0, 103)))
    return HISTORY.dump(games=[g.row() for g in games])


def test_won_lost_and_left_games_are_kept_newest_first(browser, site_url):
    page = new_table(browser, site_url)
    try:
        game, rest = won_with_empty_stock()
        store(page, {SAVE_KEY: page_save(game)})
        for move in rest:
            page.play(move)
        page.page.locator("#result[data-kind=won]").wait_for()
        page.page.locator("#result-close").click()
        lost, losing = one_move_before_lost()
        page.page.evaluate("n => { location.hash = '#game=' + n; }", lost.seed)
        page.page.wait_for_function("n => document.getElementById('game-number').textContent"
                                    " === String(n)", arg=lost.seed)
        for move in [*map(str, lost.history), losing]:
            page.play(move)
        page.page.locator("#result[data-kind=lost]").wait_for()
        page.page.locator("#result [data-action=new]").click()
        page.click_pile("S")  # a move, then leave the game: it is kept as left unfinished
        page.page.wait_for_function("() => document.getElementById('moves').textContent === '1'")
        left = int(page.page.locator("#game-number").inner_text())
        page.page.keyboard.press("n")
        page.page.wait_for_function(
            "n => document.getElementById('game-number').textContent !== String(n)", arg=left)
        open_history(page)
        assert entries(page) == [{"result": "abandoned", "deal": left},
                                 {"result": "lost", "deal": lost.seed},
                                 {"result": "won", "deal": game.seed}]
        won = page.page.locator("#history [data-result=won]")
        assert won.get_attribute("data-perfect") == "true"  # no hint, no undo
        assert page.page.locator("#history [data-result=lost]").get_attribute(
            "data-perfect") is None
        page.page.select_option("[data-history-filter]", "lost")
        expect(page.page.locator("#history [data-history-entry]")).to_have_count(1)
        page.assert_clean()
    finally:
        page.context.close()


@pytest.mark.parametrize("count", [0, 1, 500])
def test_the_charts_and_the_list_draw_any_number_of_games(browser, site_url, count):
    page = new_table(browser, site_url)
    try:
        stats = Stats(played=count, won=count // 3)
        store(page, {HISTORY_KEY: history_of(count), STATS_KEY: stats.to_json()})
        open_history(page)
        expect(page.page.locator("#charts figure")).to_have_count(4)
        shown = page.page.locator("#history [data-history-entry]")
        expect(shown).to_have_count(min(count, 100))
        for figure in page.page.locator("#charts figure").all():
            words = figure.locator("p")
            assert words.text_content()  # said in words too
            if words.text_content().startswith("No "):  # nothing to draw: said, not an empty frame
                expect(words).to_be_visible()
                expect(figure.locator("svg")).to_have_count(0)
            else:
                expect(figure.locator("svg rect").first).to_be_attached()
        if count == 0:
            expect(page.page.locator("#charts figure p:visible")).to_have_count(4)
        if count > 100:
            page.page.locator("#history-more").click()
            expect(shown).to_have_count(200)
        page.assert_clean()
    finally:
        page.context.close()


# Each chart's drawn values: [its key, [[text, height on screen in px, whether it sits inside
# the chart and over its bar]]].
FIGURES = """() => [...document.querySelectorAll('#charts figure svg')].map((svg) => {
  const box = svg.getBoundingClientRect();
  return [svg.closest('figure').dataset.chart, [...svg.querySelectorAll('text.figure')].map((t) => {
    const r = t.getBoundingClientRect();
    const bar = t.previousElementSibling.getBoundingClientRect();
    return [t.textContent, r.height, r.top >= box.top && r.bottom <= bar.top + 0.5
            && r.left >= box.left && r.right <= box.right];
  })];
})"""


@pytest.mark.parametrize(("width", "height"), [(390, 844), (1366, 850)])
def test_each_chart_shows_its_values_in_words_large_enough_to_read(browser, site_url, width,
                                                                    height):
    """With a few games the charts were green blocks with no scale, and their words about 5 px
    high on a desktop: each bar now has its value over it, and the words read."""
    page = new_table(browser, site_url, viewport={"width": width, "height": height})
    try:
        store(page, {HISTORY_KEY: HISTORY.dump(games=[g.row() for g in FEW_GAMES]),
                     STATS_KEY: Stats(played=3, won=2).to_json()})
        open_history(page)
        drawn = dict(page.page.evaluate(FIGURES))
        texts = {key: [text for text, *_ in figures] for key, figures in drawn.items()}
        assert texts["win-rate"] == ["67%"]
        assert texts["wins-time"] == ["4:12", "1:02:05"]
        assert texts["wins-moves"] == ["257", "190"]
        assert texts["home"][:3] == ["0", "0", "1"]
        for figures in drawn.values():
            for text, size, placed in figures:
                assert size >= 11 and placed, (text, size, placed)
        page.assert_clean()
    finally:
        page.context.close()


def export_file(page: TablePage, tmp_path) -> str:
    with page.page.expect_download() as download:
        page.page.locator("[data-action=export-data]").click()
    path = tmp_path / download.value.suggested_filename
    download.value.save_as(path)
    return path.read_text(encoding="utf-8")


def import_file(page: TablePage, path, how: str) -> None:
    open_history(page)
    with page.page.expect_file_chooser() as chooser:
        page.page.locator("[data-action=import-data]").click()
    chooser.value.set_files(str(path))
    page.page.locator("#import-preview").wait_for()
    page.page.locator(f"[data-action=import-{how}]").click()
    page.page.locator("#import-preview").wait_for(state="hidden")


# What the statistics and history panels show: each figure, and each game with its result.
PANELS = """() => ({
    stats: [...document.querySelectorAll('#stats dd')].map(d => d.textContent),
    games: [...document.querySelectorAll('#history [data-history-entry]')].map(e =>
        e.dataset.historyEntry + e.dataset.result)})"""


def panels(page: TablePage) -> dict:
    open_history(page)
    return page.page.evaluate(PANELS)


def test_export_then_import_on_a_fresh_profile_restores_the_same_panels(browser, site_url,
                                                                       tmp_path):
    first = new_table(browser, site_url)
    second = new_table(browser, site_url)
    try:
        store(first, {HISTORY_KEY: history_of(40), STATS_KEY: Stats(40, 14, 2, 5).to_json()})
        before = panels(first)
        text = export_file(first, tmp_path)
        assert json.loads(text)["format"] == "the-plot-export"
        path = tmp_path / "the-plot-data.json"
        second.goto("#game=3")
        import_file(second, path, "replace")
        assert panels(second) == before
        import_file(second, path, "merge")  # merging the same games again counts them once
        import_file(second, path, "merge")
        assert panels(second) == before
        first.assert_clean()
        second.assert_clean()
    finally:
        first.context.close()
        second.context.close()


@pytest.mark.parametrize("content", ["{ not json", json.dumps({"format": "the-plot-export",
                                                              "version": 99, "stats": {}}),
                                     json.dumps({"format": "something else"})],
                         ids=["corrupt", "newer", "not-ours"])
def test_a_corrupt_or_newer_file_is_refused_and_changes_nothing(browser, site_url, tmp_path,
                                                                content):
    """On a phone, where the panel covers the status line, the refusal is said in the panel."""
    page = new_table(browser, site_url, viewport={"width": 390, "height": 844})
    try:
        store(page, {HISTORY_KEY: history_of(5), STATS_KEY: Stats(5, 2, 0, 1).to_json()})
        before = panels(page)
        path = tmp_path / "bad.json"
        path.write_text(content, encoding="utf-8")
        open_history(page)
        with page.page.expect_file_chooser() as chooser:
            page.page.locator("[data-action=import-data]").click()
        chooser.value.set_files(str(path))
        expect(page.page.locator("#message")).to_contain_text("cannot be imported")
        assert page.page.evaluate(READ_WHOLE, "cannot be imported")
        assert page.page.locator("#import-preview").is_hidden()
        assert panels(page) == before
        if "99" in content:
            assert "newer version" in page.message()
        page.assert_clean()
    finally:
        page.context.close()
