"""docs/winnable-seeds.txt, the list "Winnable deals only" deals from: the deals proved winnable
after the 2-second study each come with a winning record the engine replays."""

from __future__ import annotations

import pytest
from sitebuild.winnable import SEEDS, read_winnable

from plot import WON
from tests.helpers import FIXTURES, won_record

LATER_HEADING = "# Proved winnable since the study"
PROVED_WINNABLE_OF_THE_FIRST_10000 = 9_888  # README and docs/winnability.md


def proved_later() -> list[int]:
    """The game numbers listed after the study's own part of docs/winnable-seeds.txt."""
    lines = SEEDS.read_text(encoding="utf-8").splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(LATER_HEADING))
    return [int(line) for line in lines[start:] if line.strip() and not line.startswith("#")]


@pytest.mark.parametrize("deal", proved_later())
def test_a_deal_proved_winnable_after_the_study_has_a_record_the_engine_replays_to_a_win(deal):
    game = won_record(deal)
    assert game.seed == deal and game.status == WON and game.cards_on_foundations == 104


def test_every_won_record_among_the_fixtures_is_in_the_list():
    records = FIXTURES.glob("won-deal-*.txt")
    recorded = {int(path.stem.removeprefix("won-deal-")) for path in records}
    assert recorded and recorded <= set(read_winnable())


def test_the_list_names_each_deal_once_and_as_many_as_the_docs_say():
    listed = read_winnable()
    assert len(listed) == len(set(listed)) == PROVED_WINNABLE_OF_THE_FIRST_10000
    assert all(1 <= deal <= 10_000 for deal in listed)
