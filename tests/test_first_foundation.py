"""scripts/first_foundation.py: foundation 1 first, then the solver; and the deals decided that
way (7988 and 700 by the script, 5619 by a plan worked out by hand)."""

from __future__ import annotations

from pathlib import Path

import first_foundation
import pytest

from plot import WON, Game, deadends, searchstate

FIXTURES = Path(__file__).parent / "fixtures"


# deals no search of the solver had decided, and how each was won (docs/winnability.md)
WON_DEALS = {
    7988: "python scripts/first_foundation.py 7988",
    700: "python scripts/first_foundation.py 700, once the footing rule cut its dead branches",
    5619: "foundation 1 by a plan worked out by hand from the footing rule's counts, then the "
          "solver",
}


@pytest.mark.parametrize("deal", WON_DEALS)
def test_the_deals_won_foundation_1_first_are_records_the_engine_replays_to_a_win(deal):
    """Each record replays move by move through the engine to a won game."""
    game = Game.from_record((FIXTURES / f"won-deal-{deal}.txt").read_text(encoding="utf-8"))
    assert game.seed == deal and game.status == WON and game.cards_on_foundations == 104, \
        WON_DEALS[deal]


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

