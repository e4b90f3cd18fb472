"""The page's own logic in CPython (web/app.py, stats.py, storage.py need no browser): what a
click means, the clock, statistics and saving. The browser tests check the same through the DOM."""

from __future__ import annotations

import json

import pytest

from plot import PLAYING, WON, Game, IllegalMove
from tests.web.fakes import Backend, booted
from web.deals import parse_hash
from web.saveslot import BACKUP_KEY, SAVE_KEY
from web.state import Dialog, Leave, Leaving, Tone
from web.stats import STATS_KEY, Stats


def make_app(backend=None, hash_text="#game=5"):
    app, backend, browser = booted(backend, hash_text)
    return app, backend, browser


def winning_line(number):
    solver = pytest.importorskip("plot.solver")
    result = solver.solve(Game.new(number), max_nodes=50_000)
    assert result.verdict == "won"
    return list(result.moves)


def test_a_click_selects_a_second_click_plays_and_a_refusal_keeps_the_selection():
    app, backend, _ = make_app()
    game = Game.new(5)
    move = next(m for m in game.legal_moves() if m.src != "S")
    app.hand.click(move.src)
    assert app.hand.pile == move.src and app.hand.targets == game.targets(move.src)
    app.hand.click("F2")
    with pytest.raises(IllegalMove) as refused:
        game.play(f"{move.src}-F2")
    assert app.message.text == str(refused.value) and app.message.tone is Tone.ERROR
    assert app.hand.pile == move.src and app.game.moves_played == 0
    app.hand.click(move.dst)
    game.play(move)
    assert app.game.position() == game.position() and app.hand.pile is None
    assert json.loads(backend.items[SAVE_KEY])["engine"] == app.game.to_json()


def test_a_card_put_back_says_so_and_how_to_go_on():
    """Esc, a click on the felt or a drag let go off the piles put the card back; the status
    line said nothing at all (a newcomer saw only PLAYING)."""
    app, _, _ = make_app()
    source = next(m for m in Game.new(5).legal_moves() if m.src != "S").src
    for put_back in (app.escape, app.hand.deselect, lambda: app.hand.drop(None)):
        app.hand.click(source)
        assert app.hand.pile == source
        put_back()
        assert app.hand.pile is None and app.game.moves_played == 0
        assert app.message.text == "Put back. Click a card to see where it can go."
    said = app.message.serial
    app.escape()  # nothing held: nothing to say
    assert app.message.serial == said


def test_a_double_click_needs_the_first_click_to_have_selected_the_card():
    sources = ("R", *[f"T{i}" for i in range(1, 13)])
    number, src = next((n, s) for n in range(1, 300) for s in sources
                       if any(t.startswith("F") for t in Game.new(n).targets(s)))
    app, _, _ = make_app(hash_text=f"#game={number}")
    app.hand.click(src, double=True)  # nothing selected: a stray second click does nothing
    assert app.game.moves_played == 0
    app.hand.click(src)
    app.hand.click(src, double=True)
    assert app.game.moves_played == 1 and app.game.history[-1].dst.startswith("F")


def test_the_clock_runs_from_the_first_move_while_visible_and_is_saved():
    app, backend, clock = make_app()
    clock.ms = 5_000
    assert app.clock.text() == "0:00"  # not started before the first move
    app.deal()
    clock.ms = 65_000
    assert app.clock.text() == "1:00"
    app.set_visible(False)
    clock.ms = 500_000
    assert app.clock.text() == "1:00"
    assert json.loads(backend.items[SAVE_KEY])["elapsed_ms"] == 60_000
    app.set_visible(True)
    clock.ms = 510_000
    assert app.clock.text() == "1:10"


def test_resume_restores_game_history_clock_and_number():
    app, backend, clock = make_app()
    app.deal()
    app.deal()
    app.undo()
    clock.ms = 42_000
    app.save_now()
    again, _, _ = make_app(backend, hash_text="")
    assert again.number == 5
    assert again.game.to_json() == app.game.to_json()
    assert again.game.can_redo and again.clock.text() == "0:42"


def test_a_link_to_another_deal_asks_before_leaving_a_game_in_progress():
    app, backend, _ = make_app()
    app.deal()
    again, _, _ = make_app(backend, hash_text="#game=8")
    assert again.dialog is Dialog.CONFIRM and again.leaving == Leave(Leaving.SWITCH, 8)
    assert again.number == 5 and again.game.moves_played == 1
    epoch = again.hash_epoch
    again.cancel()  # keep playing: the address bar must show game 5 again
    assert again.number == 5 and again.hash_epoch == epoch + 1
    again.switch_to(8)
    again.confirm()
    assert again.number == 8 and again.game.moves_played == 0
    assert again.book.stats.played == 1 and again.book.stats.won == 0
    fresh, _, _ = make_app(backend, hash_text="#game=9")  # nothing in progress: no question
    assert fresh.number == 9 and fresh.dialog is None


def test_statistics_count_each_game_once():
    line = winning_line(2)
    app, backend, clock = make_app(hash_text="#game=2")
    for move in line:
        src, dst = move.split("-")
        if src == "S":
            app.deal()
        else:
            app.hand.click(src)
            app.hand.click(dst)
        clock.ms += 1_000
    assert app.game.status == WON and app.dialog is Dialog.WON
    stats = Stats.from_json(backend.items[STATS_KEY])
    assert (stats.played, stats.won, stats.streak, stats.fewest_moves) == (1, 1, 1, len(line))
    app.undo()
    app.redo()  # winning the same game again is not a second win
    app.new_game()  # a finished game needs no confirmation and is not counted again
    assert app.dialog is None and app.number != 2
    assert Stats.from_json(backend.items[STATS_KEY]).played == 1
    app.deal()
    app.restart()  # no question: the game in progress is left at once, and counted
    assert app.dialog is None and app.game.moves_played == 0 and app.game.can_redo
    stats = Stats.from_json(backend.items[STATS_KEY])
    assert (stats.played, stats.won, stats.streak, stats.best_streak) == (2, 1, 0, 1)
    assert stats.win_rate == "50%"


def test_new_game_and_restart_leave_at_once_and_undo_brings_the_game_back():
    app, backend, clock = make_app(hash_text="#game=2")
    app.deal()
    app.deal()
    app.undo()
    clock.ms = 30_000
    before_save = json.loads(backend.items[SAVE_KEY])
    app.new_game()
    assert app.dialog is None and app.number != 2 and app.game.moves_played == 0
    assert app.message.text.endswith("Undo (Z) brings game 2 back.")
    assert Stats.from_json(backend.items[STATS_KEY]).played == 1
    assert [e.result for e in app.history.entries] == ["abandoned"]
    clock.ms = 35_000
    app.undo()  # nothing to undo in the new deal: the game left comes back
    assert app.number == 2 and app.game.moves_played == 1 and app.game.can_redo
    assert app.clock.text() == "0:30" and app.history.entries == []
    assert Stats.from_json(backend.items[STATS_KEY]).played == 0
    assert json.loads(backend.items[SAVE_KEY])["engine"] == before_save["engine"]
    app.restart()
    app.undo()  # the same for Restart
    assert app.game.moves_played == 1 and app.message.text.startswith("Game 2 is back")


def test_the_undo_of_leaving_ends_with_its_time_or_a_move():
    app, _, clock = make_app(hash_text="#game=2")
    app.deal()
    app.new_game()
    clock.ms += 8_001
    app.tick()
    assert app.left is None
    app.undo()
    assert app.number != 2 and app.message.text == "Nothing to undo."
    app.deal()
    app.new_game()
    app.deal()  # playing the new deal keeps the old one left
    app.undo()
    app.undo()
    assert app.game.moves_played == 0 and app.number != 2


PAGE = {"format": "the-plot-page", "version": 1}
UNREADABLE = [
    "not json", "[]", json.dumps({**PAGE, "version": "2"}),
    json.dumps({**PAGE, "game": 3, "engine": "{}"}),
    json.dumps({**PAGE, "game": 3, "engine": {"moves": 1}}),
    json.dumps({**PAGE, "game": 1, "elapsed_ms": "soon", "engine": Game.new(1).to_json()}),
    json.dumps({**PAGE, "game": 2, "engine": Game.new(1).to_json()}),  # number is not its deal
]


@pytest.mark.parametrize("raw", UNREADABLE)
def test_an_unreadable_save_is_kept_aside_and_reported(raw):
    backend = Backend()
    backend.items[SAVE_KEY] = raw
    app, _, _ = make_app(backend, hash_text="")
    assert backend.items[BACKUP_KEY] == raw
    assert "could not be read" in app.notice and "kept aside" in app.notice
    assert app.game.moves_played == 0 and app.game.status == PLAYING


def test_full_storage_is_reported_and_play_goes_on():
    app, _, _ = make_app(Backend(full=True))
    assert "full" in app.storage.warning
    app.deal()
    assert app.game.moves_played == 1


def test_unusable_statistics_are_refused():
    for text in ("[]", '{"format": "the-plot-stats", "version": 1, "played": -1}',
                 Stats(played=1, won=2).to_json()):
        with pytest.raises(ValueError):
            Stats.from_json(text)
    assert Stats.from_json(Stats(3, 2, 1, 2, 1000, 90).to_json()).best_time_ms == 1000


def test_game_links():
    assert parse_hash("#game=42") == 42
    assert parse_hash("#game=0") == 0
    for text in ("", "#game=", "#game=-1", "#game=4x", "#gam=4"):
        assert parse_hash(text) is None


# ---- accessibility: names a screen reader says, the F key, the hint hook --------------------

def test_piles_have_spoken_names():
    from web.words import accessible_name

    assert accessible_name("T3", ("8C", "7H"), 2, frozenset(), "9") == \
        "Tableau 3: seven of hearts, 2 cards"
    assert accessible_name("F1", ("QC",), 4, frozenset(), "9") == \
        "Foundation 1, first foundation, base rank 9, 4 cards, top: queen of clubs"
    assert accessible_name("F2", (), 0, frozenset({"locked", "empty"}), "9") == \
        "Foundation 2, locked until foundation 1 holds 13 cards"
    assert accessible_name("F5", ("8D",), 13, frozenset({"complete"}), "9") == \
        "Foundation 5, complete, top: eight of diamonds"
    assert accessible_name("S", (), 61, frozenset(), "9") == "Stock, 61 cards"
    assert accessible_name("W", (), 0, frozenset({"empty"}), "9") == "Waste, empty"
    assert accessible_name("R", ("TD",), 1, frozenset({"selected"}), "9") == \
        "Reserve: ten of diamonds, 1 card, selected"
    assert accessible_name("T12", ("KS",), 1, frozenset({"target"}), "9") == \
        "Tableau 12: king of spades, 1 card, legal target"


def test_send_home_plays_to_a_foundation_or_says_why_not():
    app, _, _ = make_app(hash_text="#game=1")  # deal 1 opens with T2-F1
    game = app.game
    home = next(m for m in game.legal_moves() if m.dst.startswith("F"))
    stuck = next(s for s in ("R", *(f"T{i}" for i in range(1, 13)))
                 if not any(t.startswith("F") for t in game.targets(s)))
    said = app.message.serial
    app.hand.send_home(stuck)
    assert app.game.moves_played == 0 and app.message.tone is Tone.ERROR
    assert app.message.serial == said + 1
    assert "No foundation takes" in app.message.text
    app.hand.send_home("F1")
    assert app.game.moves_played == 0 and "no card" in app.message.text
    app.hand.send_home(home.src)
    assert [str(m) for m in app.game.history] == [str(home)]


def test_a_click_on_a_foundation_with_nothing_picked_up_says_what_it_is():
    """A foundation holding cards keeps them; an empty one says it is locked (or empty), never
    that its cards stay there."""
    app, _, _ = make_app(hash_text="#game=1")
    app.hand.click("F1")
    assert app.message.text.startswith("Cards on a foundation stay there")
    app.hand.click("F2")
    assert app.message.text.startswith("Foundation 2 is locked until foundation 1 holds 13 cards")
    assert app.hand.pile is None and app.game.moves_played == 0


def test_a_drag_picks_up_like_a_click_and_drops_through_the_engine():
    app, _, _ = make_app(hash_text="#game=1")  # deal 1 opens with T2-F1
    assert app.hand.pick_up("T2") and app.hand.pile == "T2" and "F1" in app.hand.targets
    assert not app.hand.drop(None)  # let go away from every pile: back, nothing played
    assert app.hand.pile is None and app.game.moves_played == 0
    assert app.hand.pick_up("T2")
    assert not app.hand.drop("F2")  # refused: the engine's reason stays, the card goes back
    assert app.hand.pile is None and app.game.moves_played == 0 and app.message.tone is Tone.ERROR
    assert "locked" in app.message.text
    assert app.hand.pick_up("T2") and app.hand.drop("F1")
    assert [str(m) for m in app.game.history] == ["T2-F1"]


def test_look_settings_are_remembered_and_checked():
    from web.settings import SETTINGS_KEY

    app, backend, _ = make_app()
    assert app.settings.autoplay is False and app.settings.back == "red"
    app.set_setting("back", "blue")
    app.set_setting("back", "<script>")  # not a card back: ignored
    app.set_setting("four_colour", True)
    again, _, _ = make_app(backend)
    assert again.settings.back == "blue" and again.settings.four_colour is True
    backend.items[SETTINGS_KEY] = json.dumps({"back": 7, "large": "yes"})
    third, _, _ = make_app(backend)
    assert third.settings.back == "red" and third.settings.large is False


def test_safe_autoplay_plays_only_what_the_engine_proves_safe():
    from plot.autoplay import safe_foundation_moves

    line = winning_line(5)
    app, _, _ = make_app(hash_text="#game=5")
    for move in line:  # until a safe foundation move first exists
        app.play_move(move)
        if safe_foundation_moves(app.game):
            break
    expected = app.game.copy()
    while moves := safe_foundation_moves(expected):
        expected.play(moves[0])
    app.set_setting("autoplay", True)
    assert app.game.position() == expected.position()
    assert "Auto-played" in app.message.text


def test_when_only_the_stock_is_left_the_page_says_so_and_marks_it():
    from tests.lines import only_the_stock_left
    from web.view import table_view
    number, line = only_the_stock_left()
    app, _, _ = make_app(hash_text=f"#game={number}")
    for move in line[:-1]:
        app.play_move(move)
    assert "No moves left but the stock" not in app.message.text
    app.play_move(line[-1])
    assert app.only_the_stock
    assert app.message.text.endswith("No moves left but the stock: deal the next card.")
    assert "only-move" in table_view(app).pile("S").flags


def test_the_last_move_marks_its_two_piles_unless_turned_off():
    from web.view import table_view
    app, _, _ = make_app()
    move = next(m for m in Game.new(5).legal_moves() if m.src != "S")
    app.play_move(str(move))
    view = table_view(app)
    assert "last-from" in view.pile(move.src).flags and "last-to" in view.pile(move.dst).flags
    assert [p.name for p in view.piles if {"last-from", "last-to"} & p.flags] == sorted(
        [move.src, move.dst], key=[p.name for p in view.piles].index)
    app.set_setting("last_move", False)
    assert not any({"last-from", "last-to"} & p.flags for p in table_view(app).piles)
    app.set_setting("last_move", True)
    app.undo()
    assert not any({"last-from", "last-to"} & p.flags for p in table_view(app).piles)


def test_the_card_speed_is_a_setting_with_off():
    app, backend, _ = make_app()
    app.set_setting("speed", "off")
    assert app.settings.speed == "off" and app.message.text == "Cards move without animation."
    app.set_setting("speed", "warp")
    assert app.settings.speed == "off"  # not a choice: nothing changes
    again, _, _ = make_app(backend)
    assert again.settings.speed == "off"


def test_pause_stops_the_clock_and_any_game_action_resumes():
    from web import commands
    app, _, clock = make_app()
    app.deal()
    clock.ms = 10_000
    commands.run("pause", app, None)
    assert app.paused and app.message.text.startswith("Paused")
    clock.ms = 70_000
    assert app.clock.text() == "0:10"
    commands.run("help", app, None)   # reading the rules keeps the pause
    assert app.paused
    commands.run("close-panel", app, None)
    commands.run("deal", app, None)   # playing on ends it
    assert not app.paused and app.game.moves_played == 2
    clock.ms = 80_000
    assert app.clock.text() == "0:20"
    commands.run("pause", app, None)
    commands.run("pause", app, None)  # P again
    assert not app.paused and app.message.text == "Resumed."
