"""Difficulty and the deal of the day in the page: each deal's tier as the command line rates it,
New game by tier and statistics per tier; the Daily button and #daily links open the deal the
command line names for the date, online and offline; a finished daily's result is kept for its
date, counts in the streak, shows in the calendar, and is shared without spoiling anything."""

from __future__ import annotations

import random
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

from playwright.sync_api import expect

from plot import Game
from plot.tiers import TIERS
from tests.e2e.server import Server
from tests.e2e.tablepage import TablePage, expected_table, new_table
from tests.lines import won_with_empty_stock
from web.pagesave import Attempt, PageSave
from web.words import DAILY_NOT_LOADED

ROOT = Path(__file__).resolve().parents[2]
SAVE_KEY = "the-plot/save"
RATED = range(1, 10_001)
SAMPLE = 100
WORKER_TIMEOUT_MS = 60_000
# The page's clock in the tests that need "today": fixed (Playwright's clock), so that the page,
# the saves a test writes and the command line agree on the date at any hour the tests run.
NOON = datetime(2026, 12, 15, 12, 0, tzinfo=UTC)
TODAY = NOON.date()


def cli(*args: str) -> str:
    """The first line `python -m plot ...` prints."""
    run = subprocess.run([sys.executable, "-m", "plot", *args], cwd=ROOT, check=True,
                         capture_output=True, text=True)
    return run.stdout.splitlines()[0]


def on_today(page: TablePage) -> date:
    """Fix the page's clock at noon (UTC) of TODAY; call before the page opens."""
    page.page.clock.set_fixed_time(NOON)
    return TODAY


def open_daily_panel(page: TablePage) -> None:
    page.page.locator(".bar [data-action=daily]").click()
    page.page.locator("#daily-summary").wait_for()


def daily_save_one_move_from_won(day: date, wall_ms: float) -> tuple[str, list[str]]:
    """The save of the deal of the day `day`, played along a winning line to its last deal."""
    number = int(cli("daily", day.isoformat()))
    game, rest = won_with_empty_stock(number, seeds=1)
    save = PageSave(game, number, 61_000, True, False, 1,
                    Attempt("00000000000da1e5", wall_ms, hints=1, daily=day.isoformat()))
    return save.to_json(), rest


# ---- difficulty ---------------------------------------------------------------------------

def test_the_tier_of_each_of_100_deals_beside_its_number_is_the_command_line_s(table):
    deals = random.Random(16).sample(RATED, SAMPLE - 2) + [RATED[0], RATED[-1]]
    with ThreadPoolExecutor(max_workers=2) as pool:
        rated = dict(zip(deals, pool.map(lambda n: cli("rate", str(n)), deals), strict=True))
    shown = {}
    for number in deals:
        table.open(number)
        shown[number] = table.page.locator("#tier").inner_text()
    assert shown == rated
    assert set(rated.values()) >= set(TIERS) - {"Not winnable"}  # the sample spans the tiers
    explained = table.page.locator("#tier").get_attribute("title")  # what the tag means
    assert all(tier in explained for tier in ("Easy", "Medium", "Hard", "Expert")), explained
    table.open(123_456)
    expect(table.page.locator("#tier")).to_have_text("Unrated")
    expect(table.page.locator("#tier")).to_have_attribute("data-tier", "unrated")


def test_new_game_deals_the_chosen_tier_and_statistics_show_games_per_tier(table):
    page = table.page
    page.locator(".bar [data-action=settings]").click()
    page.locator("[data-setting=tier]").select_option("hard")
    page.keyboard.press("Escape")
    for _ in range(3):
        page.locator(".bar [data-action=new]").click()
        if page.locator("#confirm-yes").is_visible():
            page.locator("#confirm-yes").click()
        expect(page.locator("#tier")).to_have_text("Hard")
        number = page.locator("#game-number").inner_text()
        assert cli("rate", number) == "Hard"
        assert "a Hard deal" in table.message()
        table.click_pile("S")  # a move: leaving this game counts it
        expect(page.locator("#moves")).to_have_text("1")
    page.locator(".bar [data-action=settings]").click()
    expect(page.locator("[data-setting=tier]")).to_have_value("hard")
    page.locator("[data-setting=tier]").select_option("any")
    page.keyboard.press("Escape")
    page.locator(".bar [data-action=stats]").click()
    row = page.locator("#tier-stats tr[data-tier=hard]")
    expect(row.locator("td").first).to_have_text("2")  # two left (counted), one still on
    expect(row.locator("th")).to_have_text("Hard")
    page.keyboard.press("Escape")


# What web/page.py tells the console when a list is left out.
MISSING = {"tiers": "The difficulty of the deals could not be loaded.",
           "daily": "The deals of the day could not be loaded."}


def failing(times: int):
    """A route handler that fails the first `times` requests, then lets them through."""
    left = [times]

    def answer(route):
        if left[0]:
            left[0] -= 1
            route.abort()
        else:
            route.continue_()

    return answer


def test_a_list_that_fails_is_fetched_again_and_without_it_the_game_starts_all_the_same(
        browser, site_url):
    """web/startup.js fetches the tier list and the pool of daily deals while Python starts, and
    web/page.py reads them when it draws the first table. If a fetch failed, the page fetches the
    list once more; if that fails too, the game starts all the same (its deals unrated, or no
    deal of the day), and the console says why. (Before 2026-12-05 a failed first fetch was
    never retried, and one of the daily pool kept the game from starting.)"""
    tier = cli("rate", "1")
    for name, failures in (("tiers", 1), ("tiers", 2), ("daily", 1), ("daily", 2)):
        page = new_table(browser, site_url)
        page.page.route(f"**/web/vendor/{name}.txt", failing(failures))
        page.goto("#game=1")
        if name == "daily" or failures == 1:
            expect(page.page.locator("#tier")).to_have_text(tier)
        else:
            expect(page.page.locator("#tier")).to_be_hidden()
        page.play(str(Game.new(1).legal_moves()[0]))  # and the game plays
        problems, page.watch.problems = page.watch.problems, []
        failed = [p for p in problems if f"{name}.txt" in p]  # and the console says so:
        said = [p for p in problems if "Failed to load resource" in p]
        assert len(failed) == len(said) == failures, problems
        warned = [f"console warning: {MISSING[name]}"] if failures == 2 else []
        assert [p for p in problems if p not in failed + said] == warned
        page.assert_clean()
        page.context.close()


GARBLED = "<!doctype html><title>Sign in to the network</title><p>Accept the terms to go on."


def test_a_list_that_arrives_garbled_is_left_out_and_the_game_starts_all_the_same(
        browser, site_url):
    """A tier list or a pool of daily deals that arrives as something else (a network's sign-in
    page, answered with 200) is left out as if it had not loaded: the game starts, unrated or
    with no deal of the day, says so where the player looks, and the console says why. (Before
    2026-12-05 a garbled pool of daily deals kept the game from starting.)"""
    for name in ("tiers", "daily"):
        page = new_table(browser, site_url)
        page.page.route(f"**/web/vendor/{name}.txt",
                        lambda route: route.fulfill(status=200, body=GARBLED,
                                                    content_type="text/plain"))
        page.goto("#game=1")
        if name == "tiers":
            expect(page.page.locator("#tier")).to_be_hidden()
        else:
            expect(page.page.locator("#tier")).to_have_text(cli("rate", "1"))
            open_daily_panel(page)
            expect(page.page.locator("#daily-summary")).to_have_text(DAILY_NOT_LOADED)
            page.page.keyboard.press("Escape")
        page.play(str(Game.new(1).legal_moves()[0]))  # and the game plays
        problems, page.watch.problems = page.watch.problems, []  # and the console says why
        assert problems == [f"console warning: {MISSING[name]}"], problems
        page.assert_clean()
        page.context.close()


# ---- the deal of the day --------------------------------------------------------------------

def test_the_daily_button_and_links_open_the_deal_the_command_line_names(browser, site_url):
    table = new_table(browser, site_url)
    today = on_today(table)
    try:
        table.goto("#game=4")
        page = table.page
        open_daily_panel(table)
        number = cli("daily", today.isoformat())
        expect(page.locator("#daily-summary")).to_contain_text(f"game {number}")
        expect(page.locator("#daily-summary")).to_contain_text("Not played yet")
        page.locator("#daily-play").click()
        if page.locator("#confirm-yes").is_visible():
            page.locator("#confirm-yes").click()
        expect(page.locator("#game-number")).to_have_text(number)
        expect(page.locator("#daily-tag")).to_be_visible()
        assert page.evaluate("location.hash") == f"#daily={today.isoformat()}"
        first = date(2026, 12, 1)
        page.evaluate("d => { location.hash = '#daily=' + d; }", first.isoformat())
        expect(page.locator("#game-number")).to_have_text(cli("daily", first.isoformat()))
        assert page.evaluate("location.hash") == f"#daily={first.isoformat()}"
        page.evaluate("d => { location.hash = '#daily=' + d; }",
                      (today + timedelta(days=1)).isoformat())
        expect(page.locator("#message")).to_contain_text("is not out yet")
        page.wait_for_function("d => location.hash === '#daily=' + d", arg=first.isoformat())
        page.evaluate("() => { location.hash = '#game=5'; }")
        expect(page.locator("#game-number")).to_have_text("5")
        expect(page.locator("#daily-tag")).to_be_hidden()
        table.assert_clean()
    finally:
        table.context.close()


COLUMNS_MISSED = """() => {
  const heads = [...document.querySelectorAll('#daily .weekdays > span')]
    .map(h => h.getBoundingClientRect());
  return [...document.querySelectorAll('#daily-calendar > li')].map((day, i) => {
    const box = day.getBoundingClientRect(), head = heads[i % heads.length];
    return [i, Math.round((box.left + box.right - head.left - head.right) / 2)];
  }).filter(([, off]) => Math.abs(off) > 1);
}"""


def test_the_calendar_s_days_stand_under_their_weekdays(browser, site_url):
    """Each day of the last four weeks sits in its weekday's column, centred under its heading
    (the panel's list indent pushed every day up to 20 px to the right, Monday's dates between
    Mon and Tue), at phone and desktop size."""
    for viewport in ({"width": 390, "height": 844}, {"width": 1366, "height": 850}):
        table = new_table(browser, site_url, viewport=viewport)
        on_today(table)
        try:
            table.goto()
            open_daily_panel(table)
            assert table.page.locator("#daily-calendar > li").count() == 28
            assert table.page.evaluate(COLUMNS_MISSED) == [], viewport
            table.assert_clean()
        finally:
            table.context.close()


def test_a_won_daily_is_kept_for_its_date_shared_by_web_share_and_counted_in_the_streak(
        browser, site_url):
    page = new_table(browser, site_url)
    today = on_today(page)
    try:
        page.page.add_init_script("""
          window.__shared = [];
          Object.defineProperty(navigator, 'share', {configurable: true,
            value: (data) => { window.__shared.push(data); return Promise.resolve(); }});""")
        raw, rest = daily_save_one_move_from_won(today, NOON.timestamp() * 1000)
        page.store_and_open(SAVE_KEY, raw, f"#daily={today.isoformat()}")
        assert "resumed" in page.message()
        for move in rest:
            page.play(move)
        dialog = page.page.locator("#result")
        expect(dialog).to_have_attribute("data-kind", "won")
        moves = page.page.locator("#moves").inner_text()
        tier = page.page.locator("#tier").inner_text()
        page.page.locator("#result-share").click()
        page.page.wait_for_function("() => window.__shared.length === 1")
        shared = page.page.evaluate("() => window.__shared[0]")
        lines = shared["text"].splitlines()
        day_words = f"{today.day} {today:%B} {today.year}"
        assert lines[0] == f"The Plot \u00b7 deal of the day \u00b7 {day_words}"
        assert lines[1].startswith(f"Won \u00b7 {moves} moves \u00b7 ")
        assert lines[1].endswith(f"\u00b7 1 hint \u00b7 {tier}")
        assert lines[2] == f"{site_url}#daily={today.isoformat()}"
        assert shared["title"] == "The Plot: deal of the day"
        expect(page.page.locator("#message")).to_have_text("Shared.")
        page.page.locator("#result-close").click()

        open_daily_panel(page)
        cell = page.page.locator(f"#daily-calendar [data-day='{today.isoformat()}']")
        expect(cell).to_have_attribute("data-result", "won")
        expect(page.page.locator("#daily-summary")).to_contain_text(f"Won: {moves} moves")
        expect(page.page.locator("#daily-streak")).to_contain_text("Daily streak: 1 day ")
        expect(page.page.locator("#daily-share")).to_be_visible()
        page.reload()  # kept: the result is the history's, the table the save's
        open_daily_panel(page)
        expect(page.page.locator(f"#daily-calendar [data-day='{today.isoformat()}']")) \
            .to_have_attribute("data-result", "won")
        page.assert_clean()
    finally:
        page.context.close()


def test_without_web_share_the_result_goes_to_the_clipboard(browser, site_url):
    page = new_table(browser, site_url, permissions=["clipboard-read", "clipboard-write"])
    today = on_today(page)
    try:
        page.page.add_init_script("delete Navigator.prototype.share; delete navigator.share;")
        raw, rest = daily_save_one_move_from_won(today, NOON.timestamp() * 1000)
        page.store_and_open(SAVE_KEY, raw, f"#daily={today.isoformat()}")
        for move in rest:
            page.play(move)
        expect(page.page.locator("#result")).to_have_attribute("data-kind", "won")
        page.page.locator("#result-share").click()
        expect(page.page.locator("#message")).to_contain_text("copied")
        copied = page.page.evaluate("() => navigator.clipboard.readText()")
        assert copied.splitlines()[2] == f"{site_url}#daily={today.isoformat()}"
        assert copied.splitlines()[1].startswith("Won \u00b7 ")
        page.assert_clean()
    finally:
        page.context.close()


def test_the_deal_of_the_day_opens_offline(browser, built_site, tmp_path):
    (tmp_path / "the-plot").symlink_to(built_site, target_is_directory=True)
    server = Server(tmp_path)
    site = server.url + "the-plot/"
    page = new_table(browser, site, service_workers="allow")
    day = on_today(page)  # by its date: the link a player shares
    try:
        page.goto("#game=3")
        page.page.wait_for_function("() => navigator.serviceWorker.controller !== null",
                                    timeout=WORKER_TIMEOUT_MS)
        page.context.set_offline(True)
        server.stop()
        page.page.evaluate("d => { location.hash = '#daily=' + d; }", day.isoformat())
        page.reload()  # offline: from the service worker, the pool and the tiers too
        number = cli("daily", day.isoformat())
        expect(page.page.locator("#game-number")).to_have_text(number)
        expect(page.page.locator("#tier")).to_have_text(cli("rate", number))
        page.wait_table(expected_table(Game.new(int(number))))
        page.assert_clean()
    finally:
        page.context.close()
        server.stop()
