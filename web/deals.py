"""Which deal to play: game links (#game=N), random new deals, and the proved-winnable list."""

from __future__ import annotations

import random
import re

from plot.prng import MAX_SEED

MAX_GAME = 999_999  # New game picks deal numbers 1..MAX_GAME; links open any 0..MAX_SEED
HASH_GAME = re.compile(rf"^#?game=(\d{{1,{len(str(MAX_SEED))}}})$")


def parse_hash(text: str) -> int | None:
    """The game number in a location hash like '#game=42' (any deal, 0 to 2**64 - 1), or None."""
    match = HASH_GAME.match(text or "")
    number = int(match.group(1)) if match else None
    return number if number is not None and number <= MAX_SEED else None


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
    """Picks new deals: any at random, or only those the solver proved winnable once loaded."""

    def __init__(self, rng: random.Random | None = None):
        self.rng = rng or random.Random()
        self.winnable: list[int] = []           # proved-winnable game numbers, once loaded
        self._winnable_set: frozenset[int] = frozenset()

    @property
    def loaded(self) -> bool:
        return bool(self.winnable)

    def load_winnable(self, text: str) -> None:
        """The shipped list of proved-winnable game numbers arrived ('1-12,14,...')."""
        self.winnable = parse_ranges(text)
        self._winnable_set = frozenset(self.winnable)

    def is_proved_winnable(self, number: int) -> bool:
        return number in self._winnable_set

    def pick(self, winnable_only: bool, other_than: int | None = None) -> int:
        """A random game number other than `other_than`; a proved-winnable one if asked for and
        the list is loaded."""
        deals = self.winnable if winnable_only else None
        while True:
            number = self.rng.choice(deals) if deals else self.rng.randint(1, MAX_GAME)
            if number != other_than:
                return number
