"""The deal of the day: a UTC date to a game number, from the date and a frozen list only.

    >>> from datetime import date
    >>> daily_deal(date(2026, 12, 1), range(1, 101)) in range(1, 101)
    True

The pool is a fixed list of proved-winnable deals (docs/daily-deals.txt, shipped as
web/vendor/daily.txt) that never changes. Day d after FIRST_DAY is in cycle d // len(pool), at
place d % len(pool); each cycle is the pool, sorted, then shuffled by Fisher-Yates driven by
SplitMix64 seeded with DAILY_SEED + cycle (the same shuffle as the deals, plot/prng.py). So every
deal of the pool comes once per cycle (9,869 days, 27 years, before any repeats), and a
date's deal depends on nothing but the date and the pool: not on the clock, the network, the
tiers, the solver, or the order the pool is given in. docs/daily.md says why it cannot change.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date
from functools import lru_cache

from .prng import MASK64, shuffle

FIRST_DAY = date(2026, 12, 1)  # the first deal of the day
DAILY_SEED = 0x44_41_49_4C_59_2026  # "DAILY" and the year it began: fixed for ever


def daily_deal(day: date, pool: Iterable[int]) -> int:
    """The game number of the deal of the day for a UTC date, from the frozen pool."""
    if day < FIRST_DAY:
        raise ValueError(f"the deal of the day began on {FIRST_DAY.isoformat()}, not before")
    deals = tuple(sorted(set(pool)))
    if not deals:
        raise ValueError("the pool of daily deals is empty")
    cycle, place = divmod((day - FIRST_DAY).days, len(deals))
    return _cycle_order(deals, cycle)[place]


@lru_cache(maxsize=4)
def _cycle_order(deals: tuple[int, ...], cycle: int) -> list[int]:
    """The order of the deals in one cycle (cached: a page asks for the same cycle all day)."""
    return shuffle(list(deals), (DAILY_SEED + cycle) & MASK64)


def parse_pool(text: str) -> list[int]:
    """Game numbers from text: one a line or 'a-b' ranges split by commas; '#' lines skipped."""
    numbers: list[int] = []
    for line in text.splitlines():
        if line.startswith("#"):
            continue
        for part in line.split(","):
            part = part.strip()
            if part:
                first, _, last = part.partition("-")
                numbers.extend(range(int(first), int(last or first) + 1))
    return numbers
