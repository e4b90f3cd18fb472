"""Game records (plot/record.py): round trips, the format, and every malformed record refused."""

import datetime
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from plot import Game, InvalidPosition, InvalidRecord
from plot.prng import MAX_SEED
from plot.record import (
    MOVETEXT_WIDTH,
    parse_record,
    position_from_text,
    position_to_text,
)

DAY = datetime.date(2026, 12, 1)


def random_game(seed: int, steps: int, undos: int = 0, from_position: bool = False) -> Game:
    """A game of `steps` random legal moves (stopping at the end of the game), then `undos`
    moves taken back; from the deal's position without its number if `from_position`."""
    game = Game.new(seed)
    if from_position:
        game = Game.from_position(game.position())
    choose = random.Random(seed).choice
    for _ in range(steps):
        if game.status != "playing":
            break
        game.push(choose(game.legal_moves()))
    for _ in range(undos):
        game.undo()
    return game


def same_game(a: Game, b: Game) -> bool:
    return (a.seed, a.start_position(), a.history, a.position(), a.status) == \
        (b.seed, b.start_position(), b.history, b.position(), b.status)


games = st.builds(random_game, seed=st.integers(0, MAX_SEED), steps=st.integers(0, 400),
                  undos=st.integers(0, 5), from_position=st.booleans())


@settings(max_examples=60, deadline=None)
@given(games)
def test_a_record_round_trips_the_moves_played(game):
    text = game.to_record(DAY)
    back = Game.from_record(text)
    assert same_game(back, game)
    assert back.redo_moves == []  # the redo list is not part of a record
    assert back.to_record(DAY) == text


def test_the_record_of_a_deal():
    game = Game.new(42)
    for move in ("T6-F1", "T1-F1", "S-W"):
        game.play(move)
    assert game.to_record(DAY) == (
        '[Game "The Plot"]\n[Deal "42"]\n[Date "2026-12-01"]\n[Result "playing"]\n'
        "\n1. T6-F1 2. T1-F1 3. S-W\n")


def test_a_record_without_moves_and_the_date_of_today():
    text = Game.new(7).to_record()
    assert text.endswith('[Result "playing"]\n')
    assert f'[Date "{datetime.date.today().isoformat()}"]' in text
    assert Game.from_record(text).history == []


def test_moves_are_numbered_and_wrapped():
    game = random_game(3, 300)
    lines = game.to_record(DAY).split("\n\n", 1)[1].splitlines()
    assert max(map(len, lines)) <= MOVETEXT_WIDTH
    assert min(map(len, lines[:-1])) > MOVETEXT_WIDTH - len(" 100. T12-T11")
    tokens = " ".join(lines).split()
    assert tokens[0::2] == [f"{n}." for n in range(1, game.moves_played + 1)]
    assert tokens[1::2] == [str(m) for m in game.history]


def test_a_game_from_a_position_names_its_start():
    game = random_game(5, 40, from_position=True)
    record = parse_record(game.to_record(DAY))
    assert [name for name, _value, _line in record.headers] == ["Game", "Start", "Date", "Result"]
    assert position_from_text(record.header("Start")) == game.start_position()


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, MAX_SEED), steps=st.integers(0, 500))
def test_position_text_round_trips(seed, steps):
    position = random_game(seed, steps).position()
    text = position_to_text(position)
    assert "\n" not in text and " " not in text
    assert position_from_text(text) == position


def test_position_text_read_from_a_file_keeps_its_line_break():
    position = Game.new(5).position()
    assert position_from_text(f"  {position_to_text(position)}\r\n") == position


def test_the_date_of_a_record_is_a_date():
    with pytest.raises(TypeError, match="a datetime.date, not str"):
        Game.new(1).to_record("2026-12-01")


def test_a_position_is_text():
    with pytest.raises(InvalidPosition, match="a position is text, not NoneType"):
        position_from_text(None)


def test_numbers_are_optional_and_case_and_layout_are_free():
    text = '[Game "The Plot"]\n[Deal "42"]\n t6-f1\n\n  2.T1-F1   s-w  \r\n'
    assert [str(m) for m in Game.from_record(text).history] == ["T6-F1", "T1-F1", "S-W"]


def test_unknown_headers_are_kept_by_parse_record_and_ignored_by_the_game():
    text = ('[Game "The Plot"]\n[Player "Ada \\"the\\" first"]\n[Deal "42"]\n'
            '[Result "playing"]\n\n1. S-W\n')
    assert parse_record(text).header("Player") == 'Ada "the" first'
    game = Game.from_record(text)
    assert game.seed == 42 and [str(m) for m in game.history] == ["S-W"]


def test_a_deal_and_a_start_that_agree():
    start = position_to_text(Game.new(9).position())
    game = Game.from_record(f'[Game "The Plot"]\n[Deal "9"]\n[Start "{start}"]\n')
    assert game.seed == 9


RECORD = '[Game "The Plot"]\n[Deal "42"]\n[Date "2026-12-01"]\n[Result "playing"]\n\n'


@pytest.mark.parametrize(("text", "line", "move", "words"), [
    ("", None, None, "not a record of The Plot"),
    ("1. S-W\n", None, None, "no [Game] header"),
    ('[Game "Chess"]\n[Deal "42"]\n', 1, None, "not a record of The Plot"),
    ('[Game "The Plot"]\n', None, None, "no deal"),
    ('[Game "The Plot"]\n[Deal "42"]\n[Deal "43"]\n', 3, None, "second [Deal]"),
    ('[Game "The Plot"]\n[Deal "42"]\n1. S-W\n[Result "playing"]\n', 4, None, "after the moves"),
    ('[Game "The Plot"]\n[Deal 42]\n', 2, None, "not a header"),
    ('[Game "The Plot"]\n[Deal "4x2"]\n', 2, None, "not a game number"),
    (f'[Game "The Plot"]\n[Deal "{MAX_SEED + 1}"]\n', 2, None, "0 to"),
    ('[Game "The Plot"]\n[Deal "42"]\n[Date "2026-02-30"]\n', 3, None, "not a date"),
    ('[Game "The Plot"]\n[Start "AS/-"]\n', 2, None, "23 piles"),
    ('[Game "The Plot"]\n[Start "' + "/".join(["-"] * 23) + '"]\n', 2, None, "impossible"),
    ('[Game "The Plot"]\n[Deal "9"]\n[Start "'
     + position_to_text(Game.new(8).position()) + '"]\n', 3, None, "not the deal of game 9"),
    (RECORD + "1. S-W 3. S-W\n", 6, 2, "the number 3."),
    (RECORD + "1. S-W\n2. S-X\n", 7, 2, "not a pile"),
    (RECORD + "1. S-W 2. W-R\n", 6, 2, "W-R is illegal: Nothing can be put on the reserve."),
    (RECORD.replace("playing", "won") + "1. S-W\n", 4, None, "leave the game playing"),
    (RECORD.replace("playing", "1-0") + "1. S-W\n", 4, None,
     "the result '1-0' is not one of won, lost, playing"),
    (RECORD + "1. S-W 2.\n", 6, 2, "the number 2. has no move after it"),
])
def test_malformed_records_say_where_and_why(text, line, move, words):
    with pytest.raises(InvalidRecord) as error:
        Game.from_record(text)
    assert (error.value.line, error.value.move) == (line, move)
    assert words in str(error.value)
    if line is not None:
        assert str(error.value).startswith(f"line {line}")


def test_a_record_is_text():
    with pytest.raises(InvalidRecord, match="a record is text"):
        Game.from_record(b'[Game "The Plot"]')


MUTATION_ALPHABET = '[]"- .0123456789FSTRWafx\n\\'


@st.composite
def mutated_records(draw):
    """A valid record with a few random edits: characters changed, inserted, deleted, lines
    dropped or repeated."""
    game = random_game(draw(st.integers(0, 2000)), draw(st.integers(0, 120)),
                       from_position=draw(st.booleans()))
    text = game.to_record(DAY)
    for _ in range(draw(st.integers(1, 4))):
        kind = draw(st.sampled_from(["change", "insert", "delete", "drop line", "repeat line"]))
        if kind in ("drop line", "repeat line"):
            lines = text.split("\n")
            i = draw(st.integers(0, len(lines) - 1))
            lines[i:i + 1] = [] if kind == "drop line" else [lines[i], lines[i]]
            text = "\n".join(lines)
            continue
        i = draw(st.integers(0, max(0, len(text) - 1)))
        char = draw(st.sampled_from(MUTATION_ALPHABET))
        if kind == "change":
            text = text[:i] + char + text[i + 1:]
        elif kind == "insert":
            text = text[:i] + char + text[i:]
        else:
            text = text[:i] + text[i + 1:]
    return text


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated_records())
def test_a_mutated_record_is_a_valid_game_or_an_invalid_record(text):
    try:
        game = Game.from_record(text)
    except InvalidRecord as error:
        assert str(error)
        return
    assert Game.from_record(game.to_record(DAY)).history == game.history
