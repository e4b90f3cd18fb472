"""The room each tableau row keeps: the longest pile along the game's line (web/room.py)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from plot import Game
from tests.helpers import build
from tests.web.fakes import Backend, booted
from web.room import Room, row_lengths
from web.view import table_view

F1_RESTRICTED = ["5S", "6S", "7S", "8S", "9S", "TS", "JS", "QS", "KS"]  # base 5: takes an ace


def replayed_rows(game) -> tuple[int, ...]:
    """Each row's longest pile over every position of the line, replayed through the rules."""
    walk = Game.from_position(game.start_position())
    most = row_lengths(walk)
    for move in game.history + game.redo_moves:
        walk.play(move)
        most = tuple(map(max, most, row_lengths(walk)))
    return most


def test_cards_keep_the_room_a_pile_needed_through_shrinking_undo_and_redo():
    app, _, _ = booted(hash_text="#game=3")
    app.game = Game.from_position(build(foundations=[F1_RESTRICTED],
                                        tableau={"T1": ["3H", "2C"], "T2": ["AD"]}))
    room = lambda: table_view(app).chrome.fan_rows[0]  # noqa: E731 - the first row's
    assert room() == 2
    app.play("T2-T1")                 # the ace onto the 2: tableau 1 holds three cards
    assert room() == 3
    app.play("T1-F1")                 # the ace goes home: two again, but the room stays
    assert len(app.game.pile("T1")) == 2 and room() == 3
    app.undo()
    app.undo()
    assert room() == 3                # back at the deal, the moves redoable: the same cards
    app.redo()
    assert room() == 3
    app.undo()
    app.play("T2-F1")                 # another move: the future that needed the room is gone
    assert room() == 2


def test_a_reloaded_game_keeps_the_room_it_had():
    app, backend, _ = booted(hash_text="#game=7")
    for move in ([m for m in app.game.legal_moves() if m.src != "S"] or app.game.legal_moves()
                 for _ in range(40)):
        app.play(str(move[0]))
    for _ in range(15):
        app.undo()
    before = table_view(app).chrome.fan_rows
    app.save_now()
    again, _, _ = booted(Backend(backend.items), hash_text="#game=7")
    assert again.game.moves_played == app.game.moves_played
    assert table_view(again).chrome.fan_rows == before == replayed_rows(app.game)


STEPS = st.lists(st.sampled_from(["play", "play", "play", "undo", "redo", "restart", "deal"]),
                 max_size=60)


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(1, 10_000), steps=STEPS, picks=st.randoms(use_true_random=False))
def test_the_room_kept_up_to_date_equals_the_line_replayed(seed, steps, picks):
    game, room = Game.new(seed), Room()
    for step in steps:
        if step == "play":
            moves = game.legal_moves()
            if moves:
                game.push(picks.choice(moves))
        elif step == "undo":
            game.undo()
        elif step == "redo":
            game.redo()
        elif step == "restart":
            game.restart()
        else:  # another game object in its place: a new deal, or the same one loaded again
            game = Game.new(picks.choice([seed, seed + 1])) if picks.random() < 0.5 else game.copy()
        assert room.rows(game) == replayed_rows(game)
