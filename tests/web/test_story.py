"""The game's story in CPython (web/story.py): the move list, going back to any move, replay,
show me a win, where did it slip? and game records. The browser tests check the same through
the DOM."""

from __future__ import annotations

import json
import random
from html.parser import HTMLParser
from pathlib import Path
from unittest.mock import patch

from sitebuild.winnable import shipped_wins

from plot import Game, postmortem
from plot.postmortem import Analysis, slip, verdicts
from plot.solver import Result
from tests.helpers import won_record
from tests.test_postmortem import after, random_lost_game, recorded_game
from tests.test_solver import replays_to_win
from tests.web.fakes import booted
from web.saveslot import SAVE_KEY
from web.state import Dialog, Panel, Tone
from web.stats import STATS_KEY, Stats
from web.view import dialog_view, history_view, table_view

ROOT = Path(__file__).resolve().parents[2]


def lost_game() -> Game:
    """Deal 2: a winning line for 60 moves, then random moves until lost (the slip is 125)."""
    return recorded_game(2)


def playing(game: Game, upto: int | None = None, step: float = 0.0):
    """An App playing `game`'s deal, its first `upto` moves (all if None) played."""
    app, backend, browser = booted(hash_text=f"#game={game.seed}", queue=True, step=step)
    for move in game.history[:upto]:
        app.play_move(str(move))
    return app, backend, browser


def test_the_move_list_names_each_move_and_going_back_keeps_the_rest_redoable():
    game = Game.new(5)
    line = [game.legal_moves()[0] for _ in range(1)]
    game.play(line[0])
    game.play("S-W")
    app, backend, _ = playing(game)
    app.toggle_panel(Panel.STORY)
    rows = table_view(app).chrome.story.rows
    assert [r.notation for r in rows] == [str(m) for m in game.history]
    assert rows[1].text.startswith("dealt ") and rows[1].text.endswith(" to the waste")
    assert " from " in rows[0].text and " to " in rows[0].text
    app.travel(0)
    story = table_view(app).chrome.story
    assert story.at == 0 and [r.played for r in story.rows] == [False, False]
    assert [r.notation for r in story.rows] == [str(m) for m in game.history]
    assert app.game.redo_moves and app.attempt.undos == 1
    assert app.message.text == "At the deal: 2 moves to redo."
    app.travel(2)
    assert app.game.position() == game.position()
    assert json.loads(backend.items[SAVE_KEY])["engine"] == app.game.to_json()


def test_replay_plays_the_game_back_and_a_move_takes_over():
    game = lost_game()
    app, _, browser = playing(game, upto=12)
    app.story.replay()
    assert app.game.moves_played == 0 and app.story.replaying and app.panel is None
    browser.run(limit=5)
    assert app.game.moves_played == 5
    app.story.replay()  # pause
    browser.run()
    assert app.game.moves_played == 5 and not app.story.replaying
    app.story.step()
    assert app.game.moves_played == 6
    app.story.replay()
    browser.run()
    assert app.game.moves_played == 12 and app.message.text.startswith("Replay at the end")
    app.story.replay()  # at the end: again from the deal
    browser.run(limit=3)
    app.play_move(str(app.game.redo_moves[-1]))  # the player takes over
    assert not app.story.replay_mode and app.message.text.endswith(
        "You have taken over: this is your game now.")
    browser.run()
    assert app.game.moves_played == 4  # the replay never moved again


def test_done_takes_the_table_back_to_where_the_player_was_when_the_replay_began():
    """A newcomer closed a paused replay with Done and was left at move 5 of 84, with nothing
    said; Show me a win then handed over that game at 5 moves."""
    game = lost_game()
    app, _, browser = playing(game, upto=12)
    app.undo()
    app.undo()  # at move 10, two moves to redo
    app.story.replay()
    browser.run(limit=5)
    app.story.replay()  # pause at move 5
    assert app.game.moves_played == 5
    app.story.end_replay()
    assert not app.story.replay_mode and app.game.moves_played == 10
    assert [str(m) for m in app.game.redo_moves] == [str(m) for m in game.history[10:12]]
    assert app.message.text == "Replay closed: back at move 10, where you were."
    browser.run()
    assert app.game.moves_played == 10  # nothing of the replay runs on
    app.story.end_replay()  # no replay: nothing happens
    assert app.game.moves_played == 10


def test_watching_a_replay_is_no_undo_but_taking_over_before_where_you_were_is_one():
    """Done from a replay counted one undo (or two) in the player's history; only taking over
    at an earlier position undoes the player's moves, and it counts one undo, once."""
    game = lost_game()
    app, _, browser = playing(game, upto=12)
    undos = app.attempt.undos
    app.story.replay()
    browser.run(limit=11)
    app.story.replay()  # pause at move 11
    app.story.end_replay()
    assert app.game.moves_played == 12 and app.attempt.undos == undos
    app.story.replay()
    browser.run(limit=4)
    app.story.replay()  # pause at move 4
    app.play_move(str(app.game.redo_moves[0]))  # the move the game had: still behind move 12
    assert not app.story.replay_mode and app.attempt.undos == undos + 1
    app.story.replay()
    browser.run(limit=2)
    app.story.replay()
    app.undo()  # an undo of the player's takes over: it counts itself, once
    assert not app.story.replay_mode and app.attempt.undos == undos + 2


def test_the_post_mortem_finds_the_slip_the_engine_finds_and_rewinds_before_it():
    game = lost_game()
    expected = slip(verdicts(game, budget=1))
    app, _, browser = playing(game)
    assert app.game.status == "lost"
    app.story.analyse()
    assert app.panel is Panel.STORY and table_view(app).chrome.story.analysing
    browser.run()
    story = table_view(app).chrome.story
    assert not story.analysing and story.slip == expected == 125
    assert [r.verdict for r in story.rows[expected - 2:expected]] == ["won", "lost"]
    assert story.summary.startswith(f"The game slipped at move {expected}, ")
    assert story.line  # a winning line from before the slip
    line = story.line
    app.story.rewind()
    assert app.game.moves_played == expected - 1 and app.game.can_redo
    app.toggle_panel(Panel.STORY)
    rewound = table_view(app).chrome.story
    assert [r.notation for r in rewound.rows] == [str(m) for m in game.history]
    assert [r.played for r in rewound.rows].count(True) == expected - 1
    for move in line:
        app.play_move(move)
    assert app.game.status == "won"
    app.story.rewind()  # another game now: the old slip is not its own
    assert app.game.status == "won" and app.message.tone is Tone.ERROR


def test_a_slip_left_among_undecided_positions_offers_the_last_winnable_one_and_a_longer_search():
    """Deal 19's random lost game: the page's searches leave the slip among six undecided
    positions after move 50. The panel says so, offers to rewind to move 50 (proved winnable,
    with its winning line) and to search longer; searching longer pins the slip at move 51."""
    game = random_lost_game(19)
    app, _, browser = playing(game)
    app.story.analyse()
    assert table_view(app).chrome.story.progress == "Working out each position of the game\u2026"
    browser.run()
    story = table_view(app).chrome.story
    assert story.slip is None and story.longer and story.last_won == 50 and not story.progress
    assert story.summary.startswith("No slip found: 6 positions stayed undecided")
    assert "Move 50 is the last one proved winnable." in story.summary
    assert story.rewind_label == "Rewind to the last winnable position"
    assert story.line_label == "A winning line from move 50"
    assert replays_to_win(after(game, 50), story.line)
    assert [r.verdict for r in story.rows[49:57]] == ["won"] + ["unknown"] * 6 + ["lost"]
    app.story.rewind()
    assert app.game.moves_played == 50 and app.game.can_redo
    assert app.message.text == ("Back to move 50, the last position proved winnable; the slip "
                                "is somewhere after it.")
    app.travel(game.moves_played)
    app.story.search_longer()
    running = table_view(app).chrome.story
    assert running.analysing and running.summary == ""
    assert running.progress == ("Searching 10 times deeper than the first time: 6 positions "
                                "still undecided where the slip may be\u2026")
    assert app.message.text.startswith("Where did it slip? Searching the undecided positions "
                                       "again, 10 times deeper")
    browser.run()
    story = table_view(app).chrome.story
    assert story.slip == 51 and not story.longer and story.last_won is None
    assert story.rewind_label == "Rewind to before the slip"
    assert story.summary.startswith("The game slipped at move 51, ")
    app.story.search_longer()  # nothing is left undecided where the slip may be
    assert app.message.tone is Tone.ERROR and not table_view(app).chrome.story.analysing


def test_a_game_still_playing_with_its_last_positions_undecided_is_not_called_winnable():
    """Deal 19's game stopped after move 56, still playing: positions 51-56 stay undecided
    within the page's budget, so the panel must not say every position could still be won."""
    game = random_lost_game(19)
    app, _, browser = playing(game, upto=56)
    assert app.game.status == "playing"
    app.story.analyse()
    browser.run()
    story = table_view(app).chrome.story
    verdicts = [row.verdict for row in story.rows[:56]]
    assert verdicts[49] == "won" and "unknown" in verdicts[50:] and "lost" not in verdicts
    assert story.summary.startswith("No slip found: ") and story.longer
    assert "could still be won" not in story.summary


def test_stop_leaves_what_the_post_mortem_proved_and_asking_again_goes_on():
    game = random_lost_game(19)
    app, _, browser = playing(game, step=1.0)  # every look at the clock: 1 ms later
    app.story.analyse()
    browser.run()
    app.story.search_longer()
    browser.run(limit=3)  # a few slices of the longer search
    assert table_view(app).chrome.story.analysing
    depth = app.story.analysis.depth
    app.story.stop()
    assert app.message.text.startswith("Where did it slip? stopped")
    stopped = [row.verdict for row in table_view(app).chrome.story.rows]
    browser.run()  # the slice already queued sees it stopped and does nothing
    story = table_view(app).chrome.story
    assert [row.verdict for row in story.rows] == stopped and not browser.queue
    assert not story.analysing and story.stopped and story.slip is None and not story.longer
    assert story.summary.startswith("Stopped before the end, with ")
    app.story.stop()  # nothing to stop: nothing changes
    assert not table_view(app).chrome.story.analysing
    app.story.rewind()  # to move 50, the rest redoable: the game's analysis still stands
    assert app.game.moves_played == 50
    app.story.analyse()  # goes on with the longer search, as deep as it was
    browser.run()
    story = table_view(app).chrome.story
    assert app.story.analysis.depth == depth and story.slip == 51 and not story.stopped


ENGINE_NODES = 200_000  # the hardest position of deal 33's game below takes some 30,000


def story_verdicts(game: Game) -> list[str]:
    """The verdict the page's post-mortem shows for each move of `game` (the game played)."""
    app, _, browser = playing(game)
    app.story.analyse()
    browser.run()
    return [row.verdict for row in table_view(app).chrome.story.rows]


def engine_verdicts(game: Game) -> list[str]:
    """The engine's post-mortem of `game`, each position given far more than the page gives it
    (counted, not timed), after each move as the move list's rows."""
    analysis = Analysis(game)
    while (number := analysis.next_position()) is not None:
        analysis.add(number, analysis.solver(number).step(ENGINE_NODES) or Result("unknown"))
    return [v.verdict for v in analysis.verdicts][1:]


def test_positions_left_undecided_are_searched_again_deeper():
    """Once every position between the last won and the first lost has been tried, a few still
    undecided are searched RETRY_FACTOR times deeper: in deal 33's lost game, 25 positions
    stay undecided without that and 1 with it."""
    game = recorded_game(33)
    engine = engine_verdicts(game)
    assert "unknown" not in engine
    again = story_verdicts(game)
    with patch.object(postmortem, "RETRIES", 0):
        once = story_verdicts(game)
    assert again.count("unknown") < once.count("unknown")  # 1 and 25 when written
    assert all(v in ("unknown", e) for v, e in zip(again, engine, strict=True))


def test_the_post_mortem_works_in_slices_and_caches_what_it_decided():
    game = lost_game()
    app, _, browser = playing(game, step=1.0)  # every look at the clock: 1 ms later
    app.story.analyse()
    slices = browser.run()
    assert slices > 3  # it handed the browser back between slices
    solved = len(app.story.cache)
    assert solved and all(r.verdict in ("won", "lost") for r in app.story.cache.values())
    app.story.analysis = None  # asked again: the cache answers
    app.story.analyse()
    assert browser.run() <= 2 and len(app.story.cache) == solved


def test_show_me_a_win_plays_the_line_and_from_a_lost_position_offers_the_last_won_one():
    game = lost_game()
    app, _, browser = playing(game)
    app.advisor.demo()
    assert "cannot be won" in app.message.text and not app.advisor.finishing
    app.advisor.demo()  # yes: from the last position that could still be won
    browser.run()
    assert app.game.status == "won" and app.game.moves_played > 124
    assert app.attempt.hints >= 1


def test_a_shipped_winning_line_tells_the_post_mortem_where_the_game_was_still_won():
    """Deal 117 (no line found within the page's budgets): 40 moves of its shipped line, then
    random moves until lost. The post-mortem knows the first 41 positions won at once, and Show
    me a win plays a win from the last one known."""
    line = won_record(117).history
    game = Game.new(117)
    for move in line[:40]:
        game.play(move)
    choose = random.Random(5).choice
    while game.status == "playing":
        game.play(choose([m for m in game.legal_moves() if m != line[game.moves_played]]
                         if game.moves_played == 40 else game.legal_moves()))
    app, _, browser = playing(game)
    app.set_winning_lines(shipped_wins())
    app.story.analyse()
    assert [v.verdict for v in app.story.analysis.verdicts[:41]] == ["won"] * 41
    browser.run()
    assert app.story.analysis.last_won() is not None and app.story.analysis.last_won() >= 40
    app.advisor.demo()
    assert "cannot be won" in app.message.text
    app.advisor.demo()  # yes: from the last position that could still be won
    browser.run()
    assert app.game.status == "won"


def test_a_win_shown_by_the_solver_is_not_the_players_and_shows_on_the_table():
    """Show me a win gives the game up: played, not won, no best time or fewest moves; from a
    deal with no move yet it counts not at all. The Moves panel closes, so the win is seen."""
    game = lost_game()
    app, backend, browser = playing(game, upto=10)  # ten moves of the winning line, by hand
    app.toggle_panel(Panel.STORY)
    app.advisor.demo()
    browser.run()
    assert app.game.status == "won" and app.panel is None
    assert dialog_view(app).title == "A win, shown" and "not count it as a win" in app.message.text
    assert table_view(app).chrome.status_text == "Shown"  # not "Won" on the status line
    stats = app.book.stats
    assert (stats.played, stats.won, stats.best_time_ms, stats.fewest_moves) == (1, 0, None, None)
    assert [entry.result for entry in app.history.entries] == ["abandoned"]
    app.save_now()
    again, _, _ = booted(backend, hash_text="")  # a reload: the win is still the solver's
    assert again.game.status == "won" and dialog_view(again).title == "A win, shown"
    assert table_view(again).chrome.status_text == "Shown"
    assert (again.book.stats.played, again.book.stats.won) == (1, 0)
    fresh, _, browser = playing(Game.new(game.seed))
    fresh.advisor.demo()
    while fresh.game.moves_played < 3:
        browser.queue.pop(0)()  # its search, then three moves of the line
    assert fresh.advisor.stop_finish() is True
    assert "Show me a win again" in fresh.message.text and "Finish" not in fresh.message.text
    fresh.deal()  # the player carries on, then leaves for a new game
    fresh.new_game()
    assert fresh.book.stats.played == 0 and not fresh.history.entries


class _Placeholder(HTMLParser):
    """The placeholder of the page's paste box, its entities read as the browser reads them."""

    text = None

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if attrs.get("id") == "record-text":
            self.text = attrs["placeholder"]


def test_the_paste_box_s_example_is_a_record_the_game_opens():
    """Pasted as the box shows it (less its closing "…"), the example opens: its headers on
    lines of their own and its moves legal (a one-line example was refused when pasted)."""
    reader = _Placeholder()
    reader.feed((ROOT / "index.html").read_text(encoding="utf-8"))
    example = reader.text.removesuffix(" …")
    game = Game.from_record(example)
    assert game.seed == 42 and game.moves_played == 3
    app, _, _ = playing(Game.new(5), upto=0)
    app.story.open_record(example)
    assert app.number == 42 and app.game.moves_played == 3, app.message.text


def test_the_lost_dialog_shows_over_a_panel_and_a_panel_opened_after_it_hides_it_a_while():
    """Lost with the Moves panel open, the dialog is shown (over the panel); Statistics opened
    then hide it, and it is back once that panel closes."""
    game = lost_game()
    app, _, _ = playing(game, upto=game.moves_played - 1)
    app.toggle_panel(Panel.STORY)
    app.play_move(str(game.history[-1]))
    assert app.game.status == "lost" and dialog_view(app).kind is Dialog.LOST
    app.toggle_panel(Panel.STATS)
    assert dialog_view(app) is None
    app.escape()  # the panel closes
    assert app.panel is None and dialog_view(app).kind is Dialog.LOST


def test_a_record_exports_and_imports_and_bad_text_changes_nothing():
    game = lost_game()
    app, backend, _ = playing(game, upto=30)
    text = app.story.record()
    assert text.startswith('[Game "The Plot"]') and f'[Deal "{game.seed}"]' in text
    assert app.story.file_name() == f"the-plot-{game.seed}.txt"
    before = backend.items[SAVE_KEY]
    illegal = "[Game \"The Plot\"]\n[Deal \"2\"]\n\n1. S-W 2. T1-T2"
    for bad in ("", "[Game \"The Plot\"]\n[Deal \"2\"]\n\n1. T9-F9", "hello", illegal):
        app.story.open_record(bad)
        assert app.message.tone is Tone.ERROR and "untouched" in app.message.text
        assert ".." not in app.message.text, app.message.text  # one full stop a sentence
        assert backend.items[SAVE_KEY] == before
    other, _, _ = booted(hash_text="#game=9")
    other.deal()
    other.story.open_record(text)
    assert other.number == game.seed and other.game.moves_played == 30
    assert other.message.text.startswith(f"Game {game.seed} opened from a record")
    assert other.undo_leave()  # the Undo on the status line brings back the game it replaced
    assert other.number == 9 and other.game.moves_played == 1
    assert Stats.from_json(other.storage.get(STATS_KEY)).played == 0


def test_what_an_action_in_a_panel_came_to_is_said_in_that_panel_until_a_panel_opens():
    app, _, _ = playing(lost_game(), upto=5)
    app.toggle_panel(Panel.STORY)
    app.story.open_record("hello")
    refusal = app.message.text
    assert app.story.view().record_note == refusal and history_view(app).note is None
    app.say("Paused.")  # words said for no panel leave the panel's words as they were
    assert app.story.view().record_note == refusal
    app.toggle_panel(Panel.STATS)
    assert app.story.view().record_note == "" and history_view(app).note is None
    app.archive.preview_import("not a file of ours")
    assert history_view(app).note == (app.message.text, "error")
    assert app.story.view().record_note == ""  # said in the statistics panel only
    app.toggle_panel(Panel.STATS)
    assert history_view(app).note is None


def test_the_clock_runs_under_the_moves_panel_and_stands_still_under_the_others():
    """Beside the table on a wide screen, the Moves panel leaves every pile in play: a game
    played with it open was untimed (and its time a best time)."""
    game = lost_game()
    app, _, browser = playing(game, upto=6)
    app.toggle_panel(Panel.STORY)
    browser.ms += 5_000
    app.play_move(str(game.history[6]))
    browser.ms += 5_000
    assert app.clock.ms() >= 10_000
    app.toggle_panel(Panel.STATS)
    shown = app.clock.ms()
    browser.ms += 30_000
    assert app.clock.ms() == shown


def test_the_clock_stands_still_during_a_replay_and_runs_again_after_it():
    game = lost_game()
    app, _, browser = playing(game, upto=6)
    browser.ms = 10_000
    shown = app.clock.text()
    app.story.replay()
    browser.run(limit=2)
    browser.ms = 70_000
    assert app.clock.text() == shown
    app.story.end_replay()
    browser.ms = 80_000
    assert app.clock.text() != shown and not app.story.replay_mode
