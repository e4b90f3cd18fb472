"""The solver's help in CPython (web/advisor.py through web/app.py): Hint, the still-winnable
check, winnable deals only and Finish, with the browser's timer replaced by a queue we drain."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from sitebuild.winnable import shipped_wins

from plot import PLAYING, WON, Game
from plot.solver import solve
from tests.helpers import won_record
from tests.lines import lost_while_playing, page_save, won_with_empty_stock
from tests.web.fakes import Backend, booted
from web.advisor import FINISH_STEP_MS, SEARCH_CAP_MS, SLICE_MS, parse_wins
from web.deals import parse_ranges
from web.saveslot import SAVE_KEY
from web.settings import SETTINGS_KEY
from web.state import Tone


def make_app(hash_text="#game=1", backend=None, step=0.01):
    app, backend, browser = booted(backend, hash_text, step, queue=True)
    return app, browser, backend


def test_hint_shows_the_first_move_of_the_solvers_line_and_following_it_is_instant():
    app, browser, _ = make_app("#game=1")
    line = solve(Game.new(1), max_nodes=50_000).moves
    app.request_hint()
    assert app.advisor.thinking and "Thinking" in app.message.text
    assert browser.run() >= 1
    assert not app.advisor.thinking
    assert app.advisor.hint == tuple(line[0].split("-"))
    assert app.message.text.startswith("Hint: ")
    app.play_move(line[0])
    assert app.advisor.hint is None  # a move clears the hint
    app.request_hint()
    assert not browser.queue, "following the line, the next hint needs no search"
    assert app.advisor.hint == tuple(line[1].split("-"))
    app.undo()
    app.request_hint()
    assert not browser.queue and app.advisor.hint == tuple(line[0].split("-"))


def test_a_move_cancels_a_search_in_progress():
    app, browser, _ = make_app("#game=1")
    app.request_hint()
    assert len(browser.queue) == 1
    app.deal()
    assert browser.run() == 1  # the old slice finds its search cancelled and stops
    assert app.advisor.hint is None and app.advisor.search is None
    assert app.message.text.startswith("Dealt")


def test_slices_are_short_and_yield_to_the_browser():
    app, browser, _ = make_app("#game=7", step=1.0)  # deal 7 needs thousands of positions
    app.request_hint()
    ran = browser.run()
    assert ran > 3, "a long search is spread over many slices"
    assert app.advisor.hint is not None
    assert all(ms == 0 for ms in browser.delays)
    assert SLICE_MS < 20


def test_a_position_proved_lost_says_so_plainly():
    game = lost_while_playing()
    backend = Backend({SAVE_KEY: page_save(game)})
    app, browser, _ = make_app("", backend)
    assert app.game.status == PLAYING and app.number == game.seed
    browser.run()  # the stock is empty, so the page checks at once (for Finish)
    app.request_hint()
    browser.run()
    assert "can no longer be won" in app.message.text and app.message.tone is Tone.ERROR
    assert app.advisor.hint is None and app.advisor.verdict == "lost"


def test_a_deal_lost_from_the_start_says_so_at_once():
    app, browser, _ = make_app("#game=129")  # 129: its reserve can never be played out
    app.request_hint()
    browser.run()
    assert app.message.text.startswith("This deal cannot be won") and app.message.tone is Tone.ERROR
    assert app.advisor.verdict == "lost" and app.advisor.hint is None


def test_no_answer_within_the_cap_says_so_and_asking_again_carries_on():
    app, browser, _ = make_app("#game=13", step=SEARCH_CAP_MS / 3)  # 13: undecided in the study
    app.request_hint()
    browser.run()
    assert "No winning line found within 2 seconds" in app.message.text
    paused = app.advisor.paused
    assert paused is not None and paused.solver.nodes > 0
    app.request_hint()
    assert app.advisor.search is paused  # the same search resumes, nothing is thrown away


def test_a_shipped_winning_line_answers_at_once_where_the_solver_finds_none_in_time():
    """Deal 117, proved winnable after the study: the solver finds no line within the cap, the
    shipped one (web/vendor/wins.txt) gives Hint and Show me a win at once, all the way."""
    line = tuple(str(move) for move in won_record(117).history)
    app, browser, _ = make_app("#game=117", step=SEARCH_CAP_MS / 3)
    app.set_winning_lines(shipped_wins())
    app.request_hint()
    assert not browser.queue and app.advisor.hint == tuple(line[0].split("-"))
    assert app.advisor.verdict == "winnable"  # (shown only with the check on)
    app.play_move(line[0])
    app.play_move(line[1])
    app.request_hint()
    assert not browser.queue and app.advisor.hint == tuple(line[2].split("-"))
    app.advisor.demo()
    assert app.advisor.finishing and "Showing a win" in app.message.text
    browser.run()
    assert app.game.status == WON and [str(m) for m in app.game.history] == list(line)
    assert app.shown  # a win Show me a win played is the solver's


def test_winning_lines_arriving_during_a_search_answer_it_at_once():
    line = tuple(str(move) for move in won_record(117).history)
    app, browser, _ = make_app("#game=117", step=SEARCH_CAP_MS / 3)
    app.request_hint()  # asked before the page has the lines: the solver starts
    assert app.advisor.thinking and len(browser.queue) == 1
    app.set_winning_lines(shipped_wins())
    assert not app.advisor.thinking and app.advisor.hint == tuple(line[0].split("-"))
    assert app.message.text.startswith("Hint: ")
    assert browser.run() == 1  # the search's next slice finds it is no longer current


def test_off_the_shipped_line_the_solver_searches_as_before():
    line = tuple(str(move) for move in won_record(117).history)
    app, browser, _ = make_app("#game=117", step=SEARCH_CAP_MS / 3)
    app.set_winning_lines(shipped_wins())
    other = next(str(m) for m in app.game.legal_moves() if str(m) != line[0])
    app.play_move(other)
    app.request_hint()
    assert app.advisor.thinking
    browser.run()
    assert "No winning line found within 2 seconds" in app.message.text
    app.undo()
    app.request_hint()  # back on the line: known again, no search
    assert not browser.queue and app.advisor.hint == tuple(line[0].split("-"))


def test_garbled_winning_lines_are_refused_and_change_nothing():
    app, browser, _ = make_app("#game=117", step=SEARCH_CAP_MS / 3)
    for garbled in ("117\n", "x S-W\n", "117 S-W T2-X9\n"):
        with pytest.raises(ValueError):
            app.set_winning_lines(garbled)
        assert app.advisor.proved == {}
    assert parse_wins("") == {}


def test_still_winnable_check_is_off_by_default_remembered_and_updates_after_every_move():
    backend = Backend({SETTINGS_KEY: json.dumps({"theme": "dark"})})
    app, browser, _ = make_app("#game=1", backend)
    assert app.settings.check_winnable is False
    app.set_setting("check_winnable", True)
    assert app.advisor.verdict == "thinking"
    browser.run()
    assert app.advisor.verdict == "winnable"
    stored = json.loads(backend.items[SETTINGS_KEY])
    # other keys kept; the page's other settings (look, auto-play) are stored alongside
    assert stored.items() >= {"theme": "dark", "check_winnable": True,
                              "winnable_only": False}.items()
    app.deal()
    assert app.advisor.verdict in ("winnable", "thinking")
    browser.run()
    assert app.advisor.verdict == "winnable"
    again, _, _ = make_app("#game=1", backend)
    assert again.settings.check_winnable is True


def test_still_winnable_check_says_no_longer_winnable_on_a_lost_position():
    game = lost_while_playing()
    backend = Backend({SAVE_KEY: page_save(game),
                       SETTINGS_KEY: json.dumps({"check_winnable": True})})
    app, browser, _ = make_app("", backend)
    browser.run()
    assert app.advisor.verdict == "lost"


def test_winnable_deals_only_picks_from_the_shipped_list():
    app, _, _ = make_app("#game=1")
    app.set_winnable_deals("5-7,9\n")
    app.set_setting("winnable_only", True)
    seen = set()
    for _ in range(20):
        app.new_game(confirmed=True)
        seen.add(app.number)
        assert app.proved_winnable_deal and "proved winnable" in app.message.text
    assert seen <= {5, 6, 7, 9} and len(seen) > 1


def test_the_shipped_ranges_are_exactly_the_studys_list():
    from sitebuild.winnable import number_ranges, read_winnable

    numbers = read_winnable()
    text = number_ranges(numbers)
    assert parse_ranges(text) == sorted(numbers)
    assert len(text) < len("\n".join(map(str, numbers))) / 10


def test_finish_appears_only_with_an_empty_stock_and_a_proved_win_and_plays_to_the_end():
    fresh, _, _ = make_app("#game=1")
    fresh.request_hint()
    assert not fresh.advisor.can_finish  # the stock is not empty yet
    game, rest = won_with_empty_stock()
    app, browser, _ = make_app("", Backend({SAVE_KEY: page_save(game)}))
    assert not app.advisor.can_finish
    browser.run()  # an empty stock starts a check by itself
    assert app.advisor.can_finish and app.advisor.line() == tuple(rest)
    app.advisor.finish()
    assert app.advisor.finishing and app.game.moves_played == game.moves_played
    browser.run()
    assert app.game.status == WON and not app.advisor.finishing
    assert FINISH_STEP_MS in browser.delays
    assert app.game.moves_played == len(game.history) + len(rest)
    assert app.book.stats.won == 1  # Finish plays what the player proved: the win is theirs


def test_any_click_or_key_stops_finish():
    game, rest = won_with_empty_stock()
    app, browser, _ = make_app("", Backend({SAVE_KEY: page_save(game)}))
    browser.run()
    app.advisor.finish()
    browser.queue.pop(0)()  # one move
    assert app.game.moves_played == game.moves_played + 1
    assert app.advisor.stop_finish() is True
    browser.run()
    assert app.game.moves_played == game.moves_played + 1 and app.game.status == PLAYING
    assert "Stopped" in app.message.text and app.advisor.stop_finish() is False


def test_the_solver_is_not_imported_until_it_is_needed():
    code = ("import sys;"
            "from web.app import App; from web.storage import Storage;"
            "app = App(Storage(None), now=lambda: 0.0, changed=lambda: None,"
            "          defer=lambda f, ms=0: None);"
            "app.boot('#game=3'); app.hand.click('S');"
            "assert 'plot.solver' not in sys.modules, 'imported at boot';"
            "app.request_hint(); assert 'plot.solver' in sys.modules")
    subprocess.run([sys.executable, "-c", code], check=True)
