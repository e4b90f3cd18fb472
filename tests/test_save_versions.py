"""Every released save version still loads; long games stay compact."""

import json
import pathlib
import random

import pytest

from plot import SAVE_VERSION, Game

FIXTURES = sorted((pathlib.Path(__file__).parent / "fixtures" / "saves").glob("v*.json"))


def test_there_is_a_fixture_for_every_released_version():
    versions = {json.loads(path.read_text())["version"] for path in FIXTURES}
    assert versions == set(range(1, SAVE_VERSION + 1))


@pytest.mark.parametrize("path", FIXTURES, ids=lambda p: p.name)
def test_released_save_still_loads(path):
    data = json.loads(path.read_text())
    game = Game.from_json(path.read_text())
    assert game.seed == data["seed"]
    assert [str(m) for m in game.history] == data["moves"].split()
    assert [str(m) for m in game.redo_moves] == data["redo"].split()


def test_a_5000_move_game_saves_and_resumes():
    game = Game.new(77)
    rng = random.Random(77)
    actions = 0
    while actions < 5000:
        roll = rng.random()
        if roll < 0.15 and game.can_undo:
            game.undo()
        elif roll < 0.25 and game.can_redo:
            game.redo()
        else:
            legal = game.legal_moves()
            if not legal:
                game.undo()
            else:
                game.play(rng.choice(legal))
        actions += 1
    text = game.to_json()
    copy = Game.from_json(text)
    assert (copy.position(), copy.history, copy.redo_moves) == \
        (game.position(), game.history, game.redo_moves)
    assert len(text) < 100_000  # localStorage gives about 5 MB per origin
