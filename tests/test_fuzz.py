"""Fuzzing: arbitrary text and JSON only ever raise the documented errors, and play stays sound."""

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from plot import CODES, PILES, Game, IllegalMove, InvalidPosition, InvalidSave, Move

JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8)
    | st.sampled_from(CODES),
    lambda children: st.lists(children, max_size=6)
    | st.dictionaries(st.text(max_size=8) | st.sampled_from(
        ["reserve", "stock", "waste", "foundations", "tableau", "format", "version", "seed",
         "start", "moves", "redo"]), children, max_size=6),
    max_leaves=30,
)


def mutated_save(draw_json, text: str) -> str:
    """A real save with one field replaced by arbitrary JSON."""
    data = json.loads(text)
    key, value = draw_json
    data[key] = value
    return json.dumps(data)


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=40))
def test_move_parse_raises_only_value_error(text):
    try:
        move = Move.parse(text)
    except ValueError:
        return
    assert Move.parse(str(move)) is move


@settings(max_examples=300, deadline=None)
@given(st.one_of(st.text(max_size=60), JSON.map(json.dumps)))
def test_from_json_raises_only_invalid_save(text):
    try:
        Game.from_json(text)
    except InvalidSave as error:
        assert str(error)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(["format", "version", "seed", "start", "moves", "redo"]), JSON,
       st.integers(0, 40))
def test_damaged_real_saves_raise_only_invalid_save(key, value, moves):
    game = Game.new(9)
    for _ in range(moves):
        game.play(game.legal_moves()[-1])
    text = mutated_save((key, value), game.to_json())
    try:
        Game.from_json(text)
    except InvalidSave as error:
        assert str(error)


@settings(max_examples=300, deadline=None)
@given(JSON)
def test_from_position_raises_only_invalid_position(value):
    try:
        Game.from_position(value)
    except InvalidPosition as error:
        assert str(error)


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(["reserve", "stock", "waste", "foundations", "tableau"]), JSON)
def test_damaged_real_positions_raise_only_invalid_position(key, value):
    position = Game.new(4).position()
    position[key] = value
    try:
        Game.from_position(position)
    except InvalidPosition as error:
        assert str(error)


class PlayUndoRedoSaveLoad(RuleBasedStateMachine):
    """Mixes play, undo, redo, restart, save/load and illegal moves, checking every invariant."""

    def __init__(self):
        super().__init__()
        self.game = Game.new(17)
        self.positions = [self.game.position()]  # position after each move in history

    @rule(pick=st.integers(0, 10**6))
    def play_legal(self, pick):
        legal = self.game.legal_moves()
        if legal:
            self.game.play(legal[pick % len(legal)])
            self.positions.append(self.game.position())

    @rule(a=st.sampled_from(PILES), b=st.sampled_from(PILES))
    def try_any_move(self, a, b):
        if a == b:
            return
        move = Move(a, b)
        before = self.game.to_json()
        try:
            self.game.play(move)
        except IllegalMove:
            assert self.game.to_json() == before
        else:
            self.positions.append(self.game.position())

    @precondition(lambda self: self.game.can_undo)
    @rule()
    def undo(self):
        self.game.undo()
        self.positions.pop()

    @rule()
    def redo(self):
        if self.game.redo() is not None:
            self.positions.append(self.game.position())

    @rule()
    def restart(self):
        self.game.restart()
        del self.positions[1:]

    @rule()
    def save_and_load(self):
        self.game = Game.from_json(self.game.to_json())

    @invariant()
    def position_matches_history(self):
        assert self.game.position() == self.positions[-1]
        assert self.game.moves_played == len(self.positions) - 1

    @invariant()
    def cards_are_all_there(self):
        position = self.game.position()
        cards = sorted(c for key in ("reserve", "stock", "waste") for c in position[key])
        cards += [c for key in ("foundations", "tableau") for pile in position[key] for c in pile]
        assert sorted(cards) == sorted(CODES * 2)

    @invariant()
    def legal_moves_are_legal(self):
        for move in self.game.legal_moves():
            assert self.game.is_legal(move)


TestPlayUndoRedoSaveLoad = PlayUndoRedoSaveLoad.TestCase
TestPlayUndoRedoSaveLoad.settings = settings(max_examples=60, stateful_step_count=40,
                                             deadline=None)
