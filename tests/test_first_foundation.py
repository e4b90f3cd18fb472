"""scripts/first_foundation.py: foundation 1 first, then the solver. The deals it decided (7988,
700) are replayed with the other won records by tests/test_winnable_seeds.py."""

from __future__ import annotations

import first_foundation

from plot import WON, Game, deadends, searchstate


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

