"""A small, documented PRNG so a game number deals the same cards everywhere.

Python's `random` does not promise its algorithms across versions, so deals use SplitMix64
(Steele, Lea & Flood, 2014), a 64-bit generator that is a few lines of integer arithmetic:

    state = (state + 0x9E3779B97F4A7C15) mod 2**64
    z = state
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9 mod 2**64
    z = (z ^ (z >> 27)) * 0x94D049BB133111EB mod 2**64
    output z ^ (z >> 31)

The seed is the game number itself (0 <= seed < 2**64). `below(n)` draws an unbiased integer
in [0, n) by rejection, and `shuffle` is Fisher–Yates from the last position down.
"""

MASK64 = (1 << 64) - 1
GOLDEN_GAMMA = 0x9E3779B97F4A7C15
MAX_SEED = MASK64


class SplitMix64:
    """SplitMix64: a deterministic 64-bit pseudo-random generator."""

    __slots__ = ("state",)

    def __init__(self, seed: int):
        self.state = seed & MASK64

    def next64(self) -> int:
        """The next 64-bit output."""
        self.state = (self.state + GOLDEN_GAMMA) & MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """An unbiased integer in range(n), by rejecting the top partial bucket."""
        limit = below_limit(n)
        while True:
            r = self.next64()
            if r < limit:
                return r % n


def below_limit(n: int) -> int:
    """The draws `below(n)` keeps are those under this: a whole number of buckets of size n."""
    return (1 << 64) - ((1 << 64) % n)


def shuffle(items: list, seed: int) -> list:
    """A new list: `items` shuffled by Fisher–Yates driven by SplitMix64(seed)."""
    rng = SplitMix64(seed)
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        j = rng.below(i + 1)
        out[i], out[j] = out[j], out[i]
    return out
