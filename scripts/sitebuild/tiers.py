"""Every rated deal's difficulty for the page: docs/difficulty-tiers.txt, packed compactly, with
the deals the study left unproved given the tier they have been proved to have since."""

from __future__ import annotations

from plot import Game
from plot.difficulty import write_tier_file
from plot.difficulty_study import read_study, tier_codes
from plot.game import LOST
from plot.solver import solve
from plot.tiers import EXPERT, NOT_WINNABLE, TIER_CODES, UNPROVED

from .layout import ROOT, VENDOR, fail
from .winnable import read_winnable

STUDY = ROOT / "docs" / "difficulty-tiers.txt"
SHIPPED = VENDOR / "tiers.txt"
LOSS_SEARCH_NODES = 10_000  # how far the build searches an unproved deal for a proof of loss


def decided_since(first: int, codes: str) -> str:
    """The study's tier codes, each unproved deal (U) given the tier proved since: Expert if
    docs/winnable-seeds.txt lists it (no playout won it, so its win rate is Expert's), Not
    winnable if the solver proves it lost within LOSS_SEARCH_NODES positions; else still U."""
    winnable = set(read_winnable())
    decided = list(codes)
    for place, code in enumerate(codes):
        deal = first + place
        if code != UNPROVED:
            continue
        if deal in winnable:
            decided[place] = TIER_CODES[EXPERT]
        elif solve(Game.new(deal), max_nodes=LOSS_SEARCH_NODES).verdict == LOST:
            decided[place] = TIER_CODES[NOT_WINNABLE]
    return "".join(decided)


def shipped_tiers() -> str:
    """The text of web/vendor/tiers.txt: two deals a character (plot.difficulty.read_tier_file)."""
    if not STUDY.exists():
        fail("docs/difficulty-tiers.txt is missing: make it with make difficulty-study")
    first, codes = tier_codes(read_study(STUDY.read_text(encoding="utf-8")))
    return write_tier_file(first, decided_since(first, codes))


def write_tiers() -> None:
    """Ship the tiers of deals 1-10,000 as web/vendor/tiers.txt (about 5 KB)."""
    SHIPPED.write_text(shipped_tiers(), encoding="ascii")
