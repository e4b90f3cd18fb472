"""Which deal to play: game and daily links (#game=N, #daily=YYYY-MM-DD), new deals at random,
by difficulty or proved winnable, and each rated deal's tier. Pure Python.
"""

from __future__ import annotations

import random
import re
from datetime import date

from plot.daily import FIRST_DAY, daily_deal, parse_pool
from plot.prng import MAX_SEED
from plot.tiers import EASY, EXPERT, HARD, MEDIUM, TIER_CODES, TIER_OF_CODE, read_tier_file

MAX_GAME = 999_999  # without the rated list, New game picks 1..MAX_GAME; links open 0..MAX_SEED
HASH_GAME = re.compile(rf"^#?game=(\d{{1,{len(str(MAX_SEED))}}})$")
HASH_DAILY = re.compile(r"^#?daily(?:=(\d{4}-\d{2}-\d{2}))?$")
ANY_TIER = "any"
# What New game may deal by difficulty (settings value -> the engine's tier name): a chosen tier
# deals only deals proved winnable (an Expert the solver could not win is never dealt).
TIER_CHOICES = {ANY_TIER: None, "easy": EASY, "medium": MEDIUM, "hard": HARD, "expert": EXPERT}
PROVED_CODES = {tier: TIER_CODES[tier] for tier in (EASY, MEDIUM, HARD, EXPERT)}


def parse_hash(text: str) -> int | None:
    """The game number in a location hash like '#game=42' (any deal, 0 to 2**64 - 1), or None."""
    match = HASH_GAME.match(text or "")
    number = int(match.group(1)) if match else None
    return number if number is not None and number <= MAX_SEED else None


def tier_slug(tier: str | None) -> str | None:
    """'Not winnable' -> 'not-winnable': a tier as the history and the page's data-tier say it."""
    return None if tier is None else tier.lower().replace(" ", "-")


def parse_daily_hash(text: str) -> tuple[bool, str | None]:
    """('#daily' -> (True, None): today's; '#daily=2026-12-05' -> (True, '2026-12-05');
    anything else -> (False, None)). The date is checked by `daily_date`."""
    match = HASH_DAILY.match(text or "")
    return (True, match.group(1)) if match else (False, None)


def daily_date(text: str | None, today: date) -> date | str:
    """The date a daily link asks for (today's for None), or why it names no daily deal."""
    if text is None:
        return today
    try:
        day = date.fromisoformat(text)
    except ValueError:
        return f"{text} is not a date"
    if day < FIRST_DAY:
        return f"the deal of the day began on {FIRST_DAY.isoformat()}"
    if day > today:
        return f"the deal of {day.isoformat()} is not out yet (today is {today.isoformat()}, UTC)"
    return day


def parse_ranges(text: str) -> list[int]:
    """'1-3,7,9-10' -> [1, 2, 3, 7, 9, 10]: the shipped list of proved-winnable deals."""
    numbers: list[int] = []
    for part in text.split(","):
        part = part.strip()
        if not part:
            continue
        first, _, last = part.partition("-")
        numbers.extend(range(int(first), int(last or first) + 1))
    return numbers


class Deals:
    """Picks new deals (any, proved winnable, or of a tier) and knows each rated deal's tier and
    the deal of every day, once the shipped lists are loaded."""

    def __init__(self, rng: random.Random | None = None):
        self.rng = rng or random.Random()
        self.winnable: list[int] = []           # proved-winnable game numbers, once loaded
        self._winnable_set: frozenset[int] = frozenset()
        self.first_rated = 0                    # the tier file: deals first_rated, +1, ...
        self.codes = ""                         # one letter a deal (plot/tiers.py)
        self.pool: list[int] = []               # the frozen pool of daily deals, once loaded

    @property
    def loaded(self) -> bool:
        return bool(self.winnable)

    def load_winnable(self, text: str) -> None:
        """The shipped list of proved-winnable game numbers arrived ('1-12,14,...')."""
        self.winnable = parse_ranges(text)
        self._winnable_set = frozenset(self.winnable)

    def is_proved_winnable(self, number: int) -> bool:
        return number in self._winnable_set

    def load_tiers(self, text: str) -> None:
        """The shipped tier of every rated deal arrived (web/vendor/tiers.txt); ValueError if
        it is not a tier file."""
        self.first_rated, self.codes = read_tier_file(text)

    def load_pool(self, text: str) -> None:
        """The frozen pool of daily deals arrived (web/vendor/daily.txt)."""
        self.pool = parse_pool(text)

    def tier_of(self, number: int) -> str | None:
        """The deal's tier as plot.difficulty names it ('Easy' ... 'Not winnable'), or None if
        it is not rated (or the list is not loaded)."""
        place = number - self.first_rated
        return TIER_OF_CODE[self.codes[place]] if 0 <= place < len(self.codes) else None

    def daily(self, day: date) -> int | None:
        """The game number of the deal of the day (None while the pool is not loaded)."""
        return daily_deal(day, self.pool) if self.pool else None

    def pick(self, winnable_only: bool, other_than: int | None = None,
             tier: str = ANY_TIER) -> int:
        """A random game number other than `other_than`: of a tier (proved winnable) if asked
        for, else a proved-winnable one if asked for, else any rated deal; any deal up to
        MAX_GAME while the lists are not loaded."""
        wanted = TIER_CHOICES.get(tier)
        if wanted is not None and self.codes:
            code = PROVED_CODES[wanted]
            deals = [self.first_rated + i for i, c in enumerate(self.codes) if c == code]
        elif winnable_only and self.winnable:
            deals = self.winnable
        elif self.codes:
            deals = range(self.first_rated, self.first_rated + len(self.codes))
        else:
            deals = range(1, MAX_GAME + 1)
        while True:
            number = self.rng.choice(deals)
            if number != other_than or len(deals) == 1:
                return number
