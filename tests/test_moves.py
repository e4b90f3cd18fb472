"""Move notation: str() and parse() round-trip; bad text says why."""

import pytest

from plot import PILES, Game, Move, card_name, parse_card


def test_every_move_round_trips():
    for a in PILES:
        for b in PILES:
            if a != b:
                move = Move(a, b)
                assert Move.parse(str(move)) is move
                assert (move.src, move.dst) == (a, b)


def test_parse_is_forgiving_about_case_and_spaces():
    assert Move.parse(" w-t3 ") == Move("W", "T3")
    assert str(Move.parse("t10-f8")) == "T10-F8"


def test_pile_names_are_read_in_either_case_everywhere():
    game = Game.new(42)
    assert Move("s", "w") is Move("S", "W")
    assert game.pile("t6") == game.pile("T6") and game.top("t6") == game.top("T6")
    assert game.targets("t6") == game.targets("T6") == ["F1", "T1", "T10"]


@pytest.mark.parametrize(("text", "why"), [
    ("", "SOURCE-DEST"),
    ("W", "SOURCE-DEST"),
    ("W-T3-F1", "SOURCE-DEST"),
    ("X-T3", "'X' is not a pile"),
    ("W-T13", "'T13' is not a pile"),
    ("F0-T1", "'F0' is not a pile"),
    ("T3-T3", "two different piles"),
])
def test_bad_text_is_refused_with_a_reason(text, why):
    with pytest.raises(ValueError, match=why):
        Move.parse(text)


def test_non_text_is_refused():
    with pytest.raises(ValueError, match="text"):
        Move.parse(None)


def test_moves_are_values():
    assert Move("R", "F2") == Move.parse("R-F2")
    assert hash(Move("R", "F2")) == hash(Move.parse("r-f2"))
    assert repr(Move("S", "W")) == "Move.parse('S-W')"
    assert len({Move("S", "W"), Move.parse("S-W")}) == 1


def test_a_move_cannot_be_changed_since_every_game_shares_it():
    move = Game.new(42).legal_moves()[-1]
    assert str(move) == "S-W"
    for name in ("src", "dst", "src_index", "dst_index", "_text", "anything"):
        with pytest.raises(AttributeError, match="cannot be changed"):
            setattr(move, name, 5)
        with pytest.raises(AttributeError, match="cannot be changed"):
            delattr(move, name)
    assert (move.src, move.dst, move.dst_index) == ("S", "W", 2)
    assert str(Game.new(1).play("S-W")) == "S-W"


def test_a_card_is_named_from_its_code_or_its_int():
    assert card_name("7H") == card_name(parse_card("7H")) == "seven of hearts"
    assert card_name("TD") == "ten of diamonds" and card_name("AS") == "ace of spades"
    with pytest.raises(ValueError, match="not a card code"):
        card_name("1D")


def test_games_compare_by_position_as_python_chess_boards_do():
    game, other = Game.new(7), Game.new(7)
    assert game == other and Game.new(7) != Game.new(8)
    game.play("S-W")
    assert game != other
    other.play("S-W")
    assert game == other
    game.undo()
    assert game == Game.new(7)  # the move it can redo is not compared
    assert game != "S-W" and game != game.position()
    with pytest.raises(TypeError, match="unhashable"):
        hash(game)  # it changes with every move: no set member, no dict key
