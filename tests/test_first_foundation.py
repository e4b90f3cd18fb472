"""scripts/first_foundation.py: foundation 1 first, then the solver; and the deal it decided."""

from __future__ import annotations

from pathlib import Path

import first_foundation
import pytest

from plot import WON, Game, deadends, searchstate
from plot.solver import solve

FIXTURES = Path(__file__).parent / "fixtures"


def test_deal_7988_which_no_search_of_the_solver_decided_is_won():
    """Found by `python scripts/first_foundation.py 7988` (docs/winnability.md): the record
    replays move by move through the engine to a won game."""
    game = Game.from_record((FIXTURES / "won-deal-7988.txt").read_text(encoding="utf-8"))
    assert game.seed == 7988 and game.status == WON and game.cards_on_foundations == 104


def test_a_deal_whose_foundation_1_can_never_be_completed_is_reported_so(capsys):
    """Deal 613 is proved lost at the deal by foundation 1's relaxation (docs/winnability.md)."""
    assert first_foundation.main(["613"]) == 1
    assert "foundation 1 can never be completed" in capsys.readouterr().out
    assert searchstate.is_dead is deadends.is_dead  # the solver's own rules are back


def test_a_win_found_through_foundation_1_is_a_record_the_engine_replays(tmp_path):
    out = tmp_path / "won.txt"
    assert first_foundation.main(["519", "--out", str(out)]) == 0
    game = Game.from_record(out.read_text(encoding="utf-8"))
    assert game.seed == 519 and game.status == WON
    assert searchstate.is_dead is deadends.is_dead


def last_step_still_to_come(state) -> bool:
    """Whether a card of foundation 1's last step is still in the stock."""
    dealt = len(state.stock) - state.stock_left
    return first_foundation.LAST_STEP in state.dealing[dealt:]


def winning_line(deal: int) -> tuple[Game, list]:
    """Deal 7988's recorded win, or the solver's winning line of another deal."""
    if deal == 7988:
        played = Game.from_record((FIXTURES / "won-deal-7988.txt").read_text(encoding="utf-8"))
        return Game.new(deal), [str(move) for move in played.history]
    result = solve(Game.new(deal), max_nodes=200_000)
    assert result.verdict == "won"
    return Game.new(deal), list(result.moves)


@pytest.mark.parametrize("deal", [7988, 9076, 9942])
def test_no_room_for_the_last_step_never_cuts_a_position_along_a_win(deal):
    """The rule is a proof: it never calls dead a position a win passes through, and along
    these wins it is asked where it matters, 10-22 times a game: foundation 1 short with no
    card of its last step left in the stock."""
    game, line = winning_line(deal)
    asked = 0
    for move in line:
        state = searchstate.SearchState(game.position())
        if state.found[0] < 13 and not last_step_still_to_come(state):
            asked += 1
            assert not first_foundation.no_room_for_the_last_step(state), (deal, move)
        game.play(move)
    assert game.status == WON and asked >= 10
