"""One test per rule of The Plot, each on a small hand-made position: the move and its near-miss."""

import pickle

import pytest

from plot import Game, IllegalMove
from tests.helpers import build

# Base rank 5 throughout. While restricted, F1 holds 5..K and takes an ace next.
F1_RESTRICTED = ["5S", "6S", "7S", "8S", "9S", "TS", "JS", "QS", "KS"]
F1_FULL = F1_RESTRICTED + ["AS", "2S", "3S", "4S"]


def game(**piles) -> Game:
    return Game.from_position(build(**piles))


def refused(g: Game, move: str, *words: str) -> None:
    """The move raises IllegalMove whose reason contains `words`, and nothing changes."""
    before = g.to_json()
    with pytest.raises(IllegalMove) as error:
        g.play(move)
    for word in words:
        assert word in str(error.value)
    assert g.to_json() == before


def test_deal_shape():
    position = Game.new(7).position()
    assert len(position["reserve"]) == 13
    assert [len(f) for f in position["foundations"]] == [1, 0, 0, 0, 0, 0, 0, 0]
    assert [len(t) for t in position["tableau"]] == [1] * 12
    assert len(position["stock"]) == 78
    assert position["waste"] == []


def test_base_rank_is_first_foundation_card():
    g = Game.new(7)
    assert g.base_rank == g.position()["foundations"][0][0][0]


def test_foundation_builds_up_regardless_of_suit():
    g = game(foundations=[F1_RESTRICTED + ["AS"]], tableau={"T1": ["2H"], "T2": ["3C"]})
    refused(g, "T2-F1", "takes a 2", "not a 3")
    g.play("T1-F1")
    assert g.pile("F1")[-2:] == ["AS", "2H"]


def test_foundation_goes_round_the_corner():
    g = game(foundations=[F1_RESTRICTED], tableau={"T1": ["AD"], "T2": ["2D"]})
    refused(g, "T2-F1", "takes an ace")
    g.play("T1-F1")
    assert g.top("F1") == "AD"


def test_foundation_holds_thirteen_then_is_complete():
    g = game(foundations=[F1_FULL, ["5H"]], tableau={"T1": ["5D"], "T2": ["6H"]})
    refused(g, "T1-F1", "complete")
    g.play("T2-F2")


def test_restriction_locks_other_foundations():
    g = game(foundations=[F1_RESTRICTED], tableau={"T1": ["5H"], "T2": ["6D"]})
    refused(g, "T1-F2", "Foundation 2 is locked until foundation 1 holds 13 cards")
    assert g.targets("T1") == []


def test_empty_foundation_takes_only_base_rank_once_unlocked():
    g = game(foundations=[F1_FULL], tableau={"T1": ["5H"], "T2": ["6D"]})
    refused(g, "T2-F3", "must start with a base-rank card", "a 5")
    g.play("T1-F3")
    assert g.targets("T2") == ["F3"]


def test_restriction_is_lifted_for_good():
    g = game(foundations=[F1_FULL], tableau={"T1": ["5H"]})
    assert not g.restricted
    g.play("T1-F2")
    assert not g.restricted


def test_reserve_top_goes_to_a_foundation():
    g = game(foundations=[F1_RESTRICTED], reserve=["9C", "AH"], tableau={"T1": ["7D"]})
    g.play("R-F1")
    assert g.top("R") == "9C"


def test_reserve_top_never_goes_to_the_tableau():
    g = game(foundations=[F1_RESTRICTED], reserve=["9C", "AH"], tableau={"T1": ["7D"]})
    refused(g, "R-T1", "reserve card can go only to a foundation")


def test_reserve_never_goes_to_a_space():
    g = game(foundations=[F1_RESTRICTED], reserve=["9C", "5H"], tableau={"T1": ["7D"]})
    refused(g, "R-T2", "reserve card can go only to a foundation")


def test_waste_top_goes_to_a_foundation():
    g = game(foundations=[F1_RESTRICTED], waste=["8C", "AH"])
    g.play("W-F1")
    assert g.top("W") == "8C"


def test_waste_top_goes_onto_a_tableau_pile():
    g = game(foundations=[F1_RESTRICTED], waste=["8C"], tableau={"T1": ["9D"], "T2": ["TD"]})
    refused(g, "W-T2", "takes a 9", "not an 8")
    g.play("W-T1")
    assert g.pile("T1") == ["9D", "8C"]


def test_waste_base_rank_fills_a_space_while_restricted():
    g = game(foundations=[F1_RESTRICTED], waste=["5H"], tableau={"T1": ["9D"]})
    g.play("W-T2")
    assert g.pile("T2") == ["5H"]


def test_space_takes_only_base_rank_while_restricted():
    g = game(foundations=[F1_RESTRICTED], waste=["8C"], tableau={"T1": ["9D"]})
    refused(g, "W-T2", "A space takes only a base-rank card (5s) until foundation 1 holds 13")


def test_space_takes_any_waste_card_once_restriction_lifted():
    g = game(foundations=[F1_FULL], waste=["8C"], tableau={"T1": ["9D"]})
    g.play("W-T2")
    assert g.pile("T2") == ["8C"]


def test_tableau_top_goes_to_a_foundation():
    g = game(foundations=[F1_RESTRICTED], tableau={"T1": ["3D", "2C", "AH"]})
    g.play("T1-F1")
    assert g.pile("T1") == ["3D", "2C"]


def test_tableau_top_goes_onto_another_tableau_pile():
    g = game(foundations=[F1_RESTRICTED], tableau={"T1": ["8D"], "T2": ["7C"], "T3": ["6C"]})
    refused(g, "T3-T1", "takes a 7", "not a 6")
    g.play("T2-T1")
    assert g.pile("T1") == ["8D", "7C"]


def test_tableau_top_never_goes_into_a_space():
    g = game(foundations=[F1_FULL], tableau={"T1": ["8D", "7C"]})
    refused(g, "T1-T2", "cannot go into a space")
    assert g.targets("T1") == []


def test_tableau_builds_down_round_the_corner():
    g = game(foundations=[F1_RESTRICTED], tableau={"T1": ["2D"], "T2": ["AC"], "T3": ["KH"]})
    g.play("T2-T1")
    g.play("T3-T1")
    assert g.pile("T1") == ["2D", "AC", "KH"]


def test_tableau_moves_one_card_at_a_time():
    g = game(foundations=[F1_RESTRICTED], tableau={"T1": ["TD", "9C"], "T2": ["JD"]})
    refused(g, "T1-T2", "takes a 10", "not a 9")
    assert g.targets("T1") == []


def test_base_rank_card_cannot_be_built_onto_the_tableau():
    g = game(foundations=[F1_RESTRICTED], tableau={"T1": ["6D"], "T2": ["5C"]})
    refused(g, "T2-T1", "base-rank card (5s) cannot be built onto")


def test_nothing_builds_on_a_base_rank_card():
    g = game(foundations=[F1_RESTRICTED], tableau={"T1": ["5D"], "T2": ["4C"]}, waste=["4H"])
    refused(g, "T2-T1", "Nothing can be built on a base-rank card")
    refused(g, "W-T1", "Nothing can be built on a base-rank card")


def test_spaces_are_never_filled_automatically():
    g = game(foundations=[F1_RESTRICTED], tableau={"T1": ["AH"]}, waste=["5D"])
    g.play("T1-F1")
    assert g.pile("T1") == []
    assert g.top("W") == "5D"
    assert "W-T1" in [str(m) for m in g.legal_moves()]


def test_stock_deals_one_card_to_the_waste():
    g = game(foundations=[F1_FULL], stock=["3C", "4D"], rest="foundations")
    g.play("S-W")
    assert g.pile("W") == ["4D"] and g.pile("S") == ["3C"]


def test_stock_has_no_redeal():
    g = game(foundations=[F1_FULL], stock=["4D"], rest="foundations")
    g.play("S-W")
    refused(g, "S-W", "stock is empty", "no redeal")


def test_stock_deals_only_to_the_waste():
    g = game(foundations=[F1_FULL], stock=["4D"], rest="foundations")
    refused(g, "S-T1", "deals only to the waste")


def test_cards_never_leave_a_foundation():
    g = game(foundations=[F1_RESTRICTED], tableau={"T1": ["7D"]})
    refused(g, "F1-T1", "never leave a foundation")


def test_illegal_text_is_refused_with_a_reason():
    g = Game.new(3)
    refused(g, "T13-F1", "not a pile")
    refused(g, "W to T3", "SOURCE-DEST")


def test_an_illegal_move_carries_the_move_and_the_reason():
    with pytest.raises(IllegalMove) as error:
        Game.new(42).play("w-r")
    assert error.value.move == "w-r"
    assert error.value.reason == str(error.value) == "There is no card to move: the waste is empty."
    assert pickle.loads(pickle.dumps(error.value)).reason == error.value.reason


def test_text_that_is_no_move_is_not_legal_and_says_why():
    g = Game.new(42)
    assert g.is_legal("T1-T13") is False
    assert g.refusal("T1-T13") == "'T13' is not a pile: use R, S, W, F1-F8 or T1-T12"
    assert g.is_legal("T6-F1") and g.refusal("T6-F1") is None


def test_a_game_counts_its_moves_in_words():
    g = Game.new(1)
    assert repr(g) == "<Game seed=1, 0 moves, playing>"
    g.play("S-W")
    assert repr(g) == "<Game seed=1, 1 move, playing>"
    assert str(g).splitlines()[0].endswith(", playing, 1 move")


def test_foundations_say_whether_they_are_locked_or_complete():
    restricted = game(foundations=[F1_RESTRICTED])
    assert not restricted.locked("F1") and restricted.locked("F2") and restricted.locked("F8")
    assert not restricted.complete("F1")
    opened = game(foundations=[F1_FULL, ["5H"]])
    assert not any(opened.locked(f"F{i}") for i in range(1, 9))
    assert opened.complete("F1") and not opened.complete("F2")
    assert not opened.locked("T1") and not opened.complete("W")  # only foundations are either
