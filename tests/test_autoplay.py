"""Safe auto-play (plot.autoplay): only moves onto a lowest foundation, never under the restriction,
and never one that turns a winnable deal into a lost one."""

from plot import Game
from plot.autoplay import safe_foundation_moves
from plot.solver import solve
from tests.helpers import build

F1_FULL = ["AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "TS", "JS", "QS", "KS"]


def names(moves) -> list[str]:
    return [str(m) for m in moves]


def test_nothing_is_auto_played_while_foundation_1_is_incomplete():
    game = Game.from_position(build(foundations=[["AS", "2S", "3S", "4S", "5S"]],
                                    tableau={"T1": ["6H"]}, waste=["6D"], reserve=["6C"]))
    assert {"R-F1", "W-F1", "T1-F1"} <= set(names(game.legal_moves()))
    assert safe_foundation_moves(game) == []


def test_base_rank_cards_go_home_once_the_restriction_is_lifted():
    game = Game.from_position(build(foundations=[F1_FULL], tableau={"T1": ["AH"], "T2": ["2H"]},
                                    waste=["AD"], reserve=["AC"]))
    assert names(safe_foundation_moves(game)) == ["R-F2", "W-F2", "T1-F2"]


def test_only_a_lowest_foundation_takes_an_auto_played_card():
    # F1 complete; F2 and F3 hold A 2, F4-F8 hold A: the lowest height is 1, so a 2 is safe to
    # send to F4-F8 but a 3 (which only F2 or F3 would take) is not, though it is legal
    lows = [["AH"], ["AD"], ["AC"], ["AS"], ["AH"]]
    game = Game.from_position(build(foundations=[F1_FULL, ["AD", "2D"], ["AC", "2C"], *lows],
                                    tableau={"T1": ["3H"], "T2": ["2H"]}, reserve=["KD"]))
    assert {"T1-F2", "T1-F3", "T2-F4"} <= set(names(game.legal_moves()))
    assert names(safe_foundation_moves(game)) == ["T2-F4"]


def test_a_level_set_of_foundations_takes_the_next_rank_from_anywhere():
    heights_two = [[r + s for r in "A2"] for s in "HDCSHDC"]
    game = Game.from_position(build(foundations=[F1_FULL, *heights_two],
                                    tableau={"T1": ["3H"], "T2": ["4H", "3D"]}, waste=["3C"],
                                    reserve=["KD"]))
    assert names(safe_foundation_moves(game)) == ["W-F2", "T1-F2", "T2-F2"]


def test_auto_playing_never_turns_a_won_deal_into_a_lost_one():
    """Along solver lines for several deals, every time safe moves exist, play all of them:
    the solver still finds a win from there."""
    checked = 0
    for number in range(1, 13):
        result = solve(Game.new(number), max_nodes=50_000)
        if result.verdict != "won":
            continue
        game = Game.new(number)
        for i, move in enumerate(result.moves):
            game.play(move)
            if i % 15 or not safe_foundation_moves(game):
                continue
            trial = game.copy()
            while moves := safe_foundation_moves(trial):
                for m in moves:
                    assert trial.is_legal(m)
                trial.play(moves[0])
            assert solve(trial, max_nodes=200_000).verdict != "lost", (number, i)
            checked += 1
    assert checked >= 10
