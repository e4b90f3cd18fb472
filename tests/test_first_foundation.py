"""scripts/first_foundation.py: foundation 1 first, then the solver; and the deals decided that
way (7988 and 700 by the script, 5619 by a plan worked out by hand)."""

from __future__ import annotations

from pathlib import Path

import first_foundation

from plot import WON, Game, deadends, searchstate

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


def test_deal_700_which_no_search_decided_before_the_footing_rule_is_won():
    """Found by `python scripts/first_foundation.py 700` once the footing rule cut its dead
    branches (docs/winnability.md): the record replays through the engine to a won game."""
    game = Game.from_record((FIXTURES / "won-deal-700.txt").read_text(encoding="utf-8"))
    assert game.seed == 700 and game.status == WON and game.cards_on_foundations == 104


def test_deal_5619_the_last_undecided_deal_of_the_first_10000_is_won():
    """Foundation 1 completed by a plan worked out by hand from the footing rule's reasoning,
    the solver on from there (docs/winnability.md): the record replays to a won game."""
    game = Game.from_record((FIXTURES / "won-deal-5619.txt").read_text(encoding="utf-8"))
    assert game.seed == 5619 and game.status == WON and game.cards_on_foundations == 104
