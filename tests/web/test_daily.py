"""Difficulty and the deal of the day in the page's logic (web/deals.py, web/daily.py, the App):
each deal's tier, New game by tier, #daily links, each date's result, the streak, the calendar
and the text a player shares. The browser tests check the same through the DOM."""

from __future__ import annotations

import json
from datetime import UTC, date, datetime, timedelta

import pytest
from sitebuild.daily import shipped_pool
from sitebuild.tiers import shipped_tiers

from plot import Game
from plot.daily import FIRST_DAY, daily_deal, parse_pool
from plot.tiers import TIER_OF_CODE, read_tier_file
from tests.lines import won_with_empty_stock
from tests.web.fakes import Backend, Browser
from web.app import App
from web.daily import PLAYING, DayResult, calendar, day_results, share_text, streaks
from web.deals import Deals
from web.history import HISTORY, HISTORY_KEY, Entry, from_json
from web.pagesave import Attempt, PageSave
from web.saveslot import SAVE_KEY
from web.settings import Settings
from web.state import Dialog, Leaving, Panel, Tone
from web.storage import Storage
from web.view import table_view

TIERS_TEXT, POOL_TEXT = shipped_tiers(), shipped_pool()
POOL = parse_pool(POOL_TEXT)
DAY = date(2026, 12, 9)
ADDRESS = "https://example.org/plot/"


def noon(day: date) -> float:
    """The wall clock (ms) at noon UTC of `day`."""
    return datetime(day.year, day.month, day.day, 12, tzinfo=UTC).timestamp() * 1000


def daily_app(hash_text: str = "", backend: Backend | None = None, today: date = DAY):
    backend = backend if backend is not None else Backend()
    clock = {"ms": noon(today)}
    app = App(Storage(backend), now=Browser().now, changed=lambda: None,
              wall=lambda: clock["ms"])
    app.deals.load_tiers(TIERS_TEXT)
    app.deals.load_pool(POOL_TEXT)
    app.boot(hash_text)
    return app, backend, clock


def entry(n: int, day: str | None, result: str, began: date, moves: int = 100) -> Entry:
    return Entry(f"{n:016x}", daily_deal(date.fromisoformat(day), POOL) if day else 7,
                 int(noon(began) // 1000), result, moves, 300 + n, n % 3, 1, 104, "easy", day)


# ---- tiers --------------------------------------------------------------------------------

def test_each_rated_deal_has_the_tier_of_the_shipped_file_and_others_none():
    deals = Deals()
    deals.load_tiers(TIERS_TEXT)
    first, codes = read_tier_file(TIERS_TEXT)
    for number in (first, first + 1, 777, first + len(codes) - 1):
        assert deals.tier_of(number) == TIER_OF_CODE[codes[number - first]]
    assert deals.tier_of(first + len(codes)) is None and deals.tier_of(0) is None
    assert Deals().tier_of(777) is None  # not loaded yet


@pytest.mark.parametrize("tier, name", [("easy", "Easy"), ("medium", "Medium"),
                                        ("hard", "Hard"), ("expert", "Expert")])
def test_new_game_by_tier_deals_only_proved_winnable_deals_of_that_tier(tier, name):
    first, codes = read_tier_file(TIERS_TEXT)
    deals = Deals()
    deals.load_tiers(TIERS_TEXT)
    picked = {deals.pick(False, tier=tier) for _ in range(200)}
    assert len(picked) > 50
    for number in picked:
        assert deals.tier_of(number) == name and codes[number - first] != "U"


def test_without_a_tier_new_game_deals_rated_deals_and_the_app_says_the_tier():
    app, _, _ = daily_app("#game=5")
    app.set_setting("tier", "hard")
    app.new_game()
    assert app.deals.tier_of(app.number) == "Hard"
    assert app.message.text == f"New game: deal {app.number}, a Hard deal."
    assert table_view(app).chrome.tier == "hard" and table_view(app).chrome.tier_text == "Hard"
    app.set_setting("tier", "any")
    numbers = set()
    for _ in range(30):
        app.new_game(confirmed=True)
        numbers.add(app.number)
    assert all(1 <= n <= 10_000 for n in numbers) and len(numbers) > 20


def test_a_deal_beyond_the_rated_ones_is_unrated_and_nothing_shows_before_the_list_loads():
    app, _, _ = daily_app("#game=123456")
    chrome = table_view(app).chrome
    assert chrome.tier == "unrated" and chrome.tier_text == "Unrated"
    bare = App(Storage(Backend()), now=Browser().now, changed=lambda: None)
    bare.boot("#game=5")
    assert table_view(bare).chrome.tier_text == ""


def test_the_tier_setting_keeps_only_values_it_knows():
    assert Settings().changed("tier", "hard").tier == "hard"
    assert Settings().changed("tier", "impossible") is None
    assert Settings.from_record({"tier": "nightmare", "large": True}).tier == "any"


def test_the_history_keeps_each_game_s_tier_and_the_statistics_show_them_per_tier():
    app, backend, _ = daily_app("#game=777")
    app.deal()
    app.new_game(confirmed=True)
    kept = from_json(backend.items[HISTORY_KEY])[-1]
    assert kept.deal == 777 and kept.tier == app.deals.tier_of(777).lower() and kept.daily is None
    app.toggle_panel(Panel.STATS)
    rows = table_view(app).chrome.history.tiers
    assert [(r.label, r.played, r.won, r.rate) for r in rows] == \
        [(app.deals.tier_of(777), 1, 0, "0%")]


def test_a_history_of_version_1_is_read_with_no_daily_dates():
    row = ["00000000000000aa", 12, 1_760_000_000, "won", 150, 400, 0, 0, 104, None]
    raw = json.dumps({"format": HISTORY.name, "version": 1, "games": [row]})
    (game,) = from_json(raw)
    assert game.deal == 12 and game.daily is None and game.result == "won"


# ---- the deal of the day in the App -------------------------------------------------------

def test_the_daily_link_opens_today_s_deal_and_the_address_names_the_date():
    app, backend, _ = daily_app("#daily")
    assert app.number == daily_deal(DAY, POOL) and app.attempt.daily == DAY.isoformat()
    assert app.link == f"#daily={DAY.isoformat()}"
    assert "The deal of the day, 9 December 2026" in app.message.text
    assert json.loads(backend.items[SAVE_KEY])["daily"] == DAY.isoformat()
    chrome = table_view(app).chrome
    assert chrome.daily == DAY.isoformat() and chrome.link == app.link


def test_a_past_date_opens_its_deal_a_future_or_too_early_date_is_refused():
    past = DAY - timedelta(days=3)
    app, _, _ = daily_app(f"#daily={past.isoformat()}")
    assert app.number == daily_deal(past, POOL) and app.attempt.daily == past.isoformat()
    for text, reason in ((f"#daily={(DAY + timedelta(days=1)).isoformat()}", "not out yet"),
                         ("#daily=2026-11-30", "began on 2026-12-01"),
                         ("#daily=2026-02-30", "not a date")):
        app, _, _ = daily_app(text)
        assert app.attempt.daily is None and reason in app.message.text
        assert app.message.tone is Tone.ERROR


def test_a_daily_link_while_a_game_is_in_progress_asks_first():
    backend = Backend()
    app, _, _ = daily_app("#game=5", backend)
    app.deal()
    again, _, _ = daily_app("#daily", backend)
    assert again.dialog is Dialog.CONFIRM and again.leaving.kind is Leaving.DAILY
    assert "deal of the day for 9 December 2026" in again.message.text
    again.confirm()
    assert again.number == daily_deal(DAY, POOL) and again.attempt.daily == DAY.isoformat()


def test_reloading_the_daily_resumes_it_and_restart_keeps_it_a_daily():
    backend = Backend()
    app, _, _ = daily_app("#daily", backend)
    app.deal()
    again, _, _ = daily_app(f"#daily={DAY.isoformat()}", backend)
    assert again.game.moves_played == 1 and "resumed" in again.message.text
    again.restart(confirmed=True)
    assert again.attempt.daily == DAY.isoformat() and again.game.moves_played == 0
    kept = from_json(backend.items[HISTORY_KEY])[-1]
    assert kept.daily == DAY.isoformat() and kept.result == "abandoned"


def test_the_daily_panel_plays_today_s_deal_and_the_calendar_opens_a_past_one():
    app, _, _ = daily_app("#game=5")
    app.open_daily()
    assert app.attempt.daily == DAY.isoformat() and app.panel is None
    app.open_daily("2026-12-02")
    assert app.number == daily_deal(date(2026, 12, 2), POOL)
    app.open_daily("2026-12-02")  # already on the table: nothing new starts
    assert "is on the table" in app.message.text


def test_a_won_daily_is_kept_with_its_date_and_offers_its_share_text():
    game, rest = won_with_empty_stock()
    backend = Backend()
    save = PageSave(game, game.seed, 90_000, True, False, 1,
                    Attempt("00000000000000d1", noon(DAY), hints=2, daily=DAY.isoformat()))
    backend.items[SAVE_KEY] = save.to_json()
    app, _, _ = daily_app("", backend)
    assert app.daily_share_text(DAY.isoformat(), ADDRESS) is None  # not finished yet
    for move in rest:
        app.play_move(move)
    assert app.dialog is Dialog.WON
    assert table_view(app).chrome.share == DAY.isoformat()
    text = app.daily_share_text(DAY.isoformat(), ADDRESS)
    assert text.splitlines() == [
        "The Plot \u00b7 deal of the day \u00b7 9 December 2026",
        f"Won \u00b7 {app.game.moves_played} moves \u00b7 1:30 \u00b7 2 hints"
        + (f" \u00b7 {app.deals.tier_of(game.seed)}" if app.deals.tier_of(game.seed) else ""),
        f"{ADDRESS}#daily={DAY.isoformat()}"]
    kept = from_json(backend.items[HISTORY_KEY])[-1]
    assert kept.daily == DAY.isoformat() and kept.result == "won"
    assert streaks(app.daily_results(), DAY) == (1, 1)


# ---- each date's result, the streak, the calendar, the share text ----------------------------

def test_a_date_shows_its_first_win_else_its_last_attempt_else_the_one_in_progress():
    d1, d2, d3 = "2026-12-01", "2026-12-02", "2026-12-03"
    history = [entry(1, d1, "lost", date(2026, 12, 1)), entry(2, d1, "won", date(2026, 12, 1)),
               entry(3, d1, "won", date(2026, 12, 1), moves=90),
               entry(4, d2, "lost", date(2026, 12, 2)),
               entry(5, d2, "abandoned", date(2026, 12, 2)),
               entry(6, None, "won", date(2026, 12, 2))]
    playing = DayResult(d3, 9, PLAYING, 12, 60, 0, 0, False)
    results = day_results(history, playing)
    assert set(results) == {d1, d2, d3}
    assert results[d1].result == "won" and results[d1].moves == 100  # the first win
    assert results[d2].result == "abandoned"
    assert results[d3].result == PLAYING and not results[d3].finished
    won_too = day_results(history, DayResult(d1, 9, PLAYING, 1, 1, 0, 0, False))
    assert won_too[d1].result == "won"  # a new attempt does not hide the day's win


def test_the_streak_counts_days_won_on_the_day_in_a_row_up_to_today_or_yesterday():
    def won_on(*days, late=()):
        history = [entry(i, d.isoformat(), "won", d) for i, d in enumerate(days)]
        history += [entry(50 + i, d.isoformat(), "won", d + timedelta(days=2))
                    for i, d in enumerate(late)]
        return day_results(history)

    days = [date(2026, 12, n) for n in (1, 2, 3, 5, 6)]
    assert streaks(won_on(*days), date(2026, 12, 6)) == (2, 3)
    assert streaks(won_on(*days), date(2026, 12, 7)) == (2, 3)   # today not played yet
    assert streaks(won_on(*days), date(2026, 12, 8)) == (0, 3)   # a day was missed
    # a missed day's deal won later (from the calendar) does not mend the streak
    assert streaks(won_on(date(2026, 12, 1), date(2026, 12, 3), late=[date(2026, 12, 2)]),
                   date(2026, 12, 3)) == (1, 1)
    assert streaks({}, DAY) == (0, 0)


def test_the_calendar_is_four_weeks_monday_first_ending_with_today_s_week():
    results = day_results([entry(1, "2026-12-02", "won", date(2026, 12, 2))])
    days = calendar(results, DAY)
    assert len(days) == 28
    first = date.fromisoformat(days[0].date)
    assert first.weekday() == 0 and first == DAY - timedelta(days=DAY.weekday(), weeks=3)
    by_date = {d.date: d for d in days}
    assert by_date[DAY.isoformat()].today and by_date[DAY.isoformat()].playable
    assert by_date["2026-12-02"].result == "won" and "won" in by_date["2026-12-02"].spoken
    assert not by_date["2026-11-30"].playable  # before the first deal of the day
    assert not by_date[(DAY + timedelta(days=1)).isoformat()].playable  # not out yet
    assert [d.playable for d in days].count(True) == (DAY - FIRST_DAY).days + 1


def test_the_share_text_spoils_nothing_and_links_to_the_day_s_deal():
    game = Game.new(daily_deal(DAY, POOL))
    result = DayResult(DAY.isoformat(), game.seed, "lost", 87, 725, 0, 3, False)
    text = share_text(result, "Medium", ADDRESS)
    assert text == ("The Plot \u00b7 deal of the day \u00b7 9 December 2026\n"
                    "Lost \u00b7 87 moves \u00b7 12:05 \u00b7 no hints \u00b7 Medium\n"
                    "https://example.org/plot/#daily=2026-12-09")
    cards = {code for pile in game.position().values() if isinstance(pile, list)
             for code in pile if isinstance(code, str)}
    assert not any(code in text.split() for code in cards)
    assert str(game.seed) not in text
