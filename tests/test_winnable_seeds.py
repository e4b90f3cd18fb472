"""docs/winnable-seeds.txt, the list "Winnable deals only" deals from: the deals proved winnable
after the 2-second study each come with a winning record the engine replays."""

from __future__ import annotations

import pytest
from sitebuild.winnable import SEEDS, read_winnable, shipped_wins

from plot import WON
from tests.helpers import PROOFS, won_record
from web.advisor import parse_wins

LATER_HEADING = "# Proved winnable since the study"
PROVED_WINNABLE_OF_THE_FIRST_10000 = 9_888  # README and docs/winnability.md


def proved_later() -> list[int]:
    """The game numbers listed after the study's own part of docs/winnable-seeds.txt."""
    lines = SEEDS.read_text(encoding="utf-8").splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(LATER_HEADING))
    return [int(line) for line in lines[start:] if line.strip() and not line.startswith("#")]


def proved_by_record() -> list[int]:
    """The deals with a winning record in docs/proofs/."""
    records = PROOFS.glob("won-deal-*.txt")
    return sorted(int(path.stem.removeprefix("won-deal-")) for path in records)


@pytest.mark.parametrize("deal", proved_by_record())
def test_each_winning_record_is_replayed_by_the_engine_to_a_win(deal):
    game = won_record(deal)
    assert game.seed == deal and game.status == WON and game.cards_on_foundations == 104


def test_every_deal_proved_after_the_study_has_a_record_and_every_record_is_listed():
    recorded = set(proved_by_record())
    assert set(proved_later()) <= recorded <= set(read_winnable())


def test_the_page_is_shipped_each_record_s_moves_as_its_winning_line():
    shipped = parse_wins(shipped_wins())
    assert sorted(shipped) == proved_by_record()
    for deal, line in shipped.items():
        assert line == tuple(str(move) for move in won_record(deal).history)


def test_the_list_names_each_deal_once_and_as_many_as_the_docs_say():
    listed = read_winnable()
    assert len(listed) == len(set(listed)) == PROVED_WINNABLE_OF_THE_FIRST_10000
    assert all(1 <= deal <= 10_000 for deal in listed)
