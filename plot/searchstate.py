"""The solver's search state: a position as ranks only, its moves, made and taken back in place.

Suits never matter for play, so only ranks are kept:
  - the reserve and the stock as fixed rank lists (bottom to top; the stock's top is dealt
    next), with how many cards of each are left;
  - the waste as a rank list, and the same ranks packed into one int (`waste_code`);
  - each foundation as a count (its next rank is base + count);
  - each tableau pile as (top rank, length): piles are runs down by one, so this is all of it.

Canonical keys for the transposition table: tableau piles as a multiset (their order does not
matter), F2-F8 as a multiset of counts (two foundations with the same count are
interchangeable; F1 is kept apart because of the restriction), the waste as its rank sequence.
Each multiset is packed into one number that every move keeps up to date (`tableau_code`,
`found_code`), so no key is sorted. A key counts cards left rather than cards played, so the
positions of one game (one start) share their keys: what is proved about a key holds wherever
that game meets it.
"""

from .cards import (
    FIRST_FOUNDATION_SIZE,
    FOUNDATION_COUNT,
    FOUNDATION_SIZE,
    RANK_COUNT,
    STOCK_SIZE,
    TABLEAU_COUNT,
    parse_card,
)
from .deadends import is_dead
from .move import F_FIRST, PILE_COUNT, T_FIRST, R, S, W
from .prng import GOLDEN_GAMMA, MASK64, SplitMix64, below_limit

RANK_BITS = 4  # a rank (0..12) plus one fits in four bits of the waste code
assert STOCK_SIZE < 1 << 8 and (1 << RANK_BITS) > RANK_COUNT  # the codes have room

Move = tuple[int, int]  # (source pile index, destination pile index), as in plot.move

# the most moves a position offers: the reserve, the waste and each tableau pile home, the waste
# onto each pile, a space and a deal, and each tableau pile onto each other one
MOST_MOVES = 3 + 3 * TABLEAU_COUNT + TABLEAU_COUNT * (TABLEAU_COUNT - 1)
_BELOW_LIMITS = (0, *map(below_limit, range(1, MOST_MOVES + 1)))  # for shuffled(), by n
PAIRS = tuple(tuple((src, dst) for dst in range(PILE_COUNT)) for src in range(PILE_COUNT))
DEAL = PAIRS[S][W]
LENGTHS = FOUNDATION_SIZE + 1  # a tableau pile holds fewer cards than this
NOWHERE = RANK_COUNT  # onto[rank] for a rank that goes onto no tableau card
# The keys' multisets, packed: a multiset of small numbers is the sum of one slot of bits per
# number, each slot wide enough to count every copy (12 piles, 7 foundations F2-F8).
PILE_SLOT = tuple(1 << (4 * code) for code in range(LENGTHS * RANK_COUNT))
COUNT_SLOT = tuple(1 << (3 * count) for count in range(FOUNDATION_SIZE + 1))
assert TABLEAU_COUNT < 1 << 4 and FOUNDATION_COUNT - 1 < 1 << 3
ABOVE = tuple((rank + 1) % RANK_COUNT for rank in range(RANK_COUNT))  # the rank a card covers


class SearchState:
    """A position for the search: `moves`, `apply` and `undo` change it in place."""

    def __init__(self, position: dict):
        """The state of a position dict (Game.position())."""

        def ranks(codes):
            return [parse_card(code) % RANK_COUNT for code in codes]

        foundations = position["foundations"]
        self.base = parse_card(foundations[0][0]) % RANK_COUNT
        self.reserve = ranks(position["reserve"])
        self.reserve_left = len(self.reserve)
        self.stock = ranks(position["stock"])
        self.stock_left = len(self.stock)
        self.steps = [(rank - self.base) % RANK_COUNT for rank in range(RANK_COUNT)]
        self.dealing = [self.steps[rank] for rank in reversed(self.stock)]  # steps, dealt first
        self.first_in_stock = [next((i for i, r in enumerate(self.stock) if r == rank),
                                    len(self.stock)) for rank in range(RANK_COUNT)]
        self.waste = ranks(position["waste"])
        self.waste_code = 0
        for rank in self.waste:
            self.waste_code = (self.waste_code << RANK_BITS) | (rank + 1)
        self.found = [len(f) for f in foundations]
        self._needs: dict[int, int] | None = None  # needs(), until a foundation changes
        self.home = sum(self.found)
        # F2-F8 as a multiset of counts, packed into one number (COUNT_SLOT)
        self.found_code = sum(COUNT_SLOT[n] for n in self.found[1:])
        self.top = [0] * TABLEAU_COUNT
        self.length = [0] * TABLEAU_COUNT
        self.codes = [0] * TABLEAU_COUNT  # each pile as one number for the key: 0 if empty
        for j, pile in enumerate(position["tableau"]):
            if pile:
                self.top[j] = parse_card(pile[-1]) % RANK_COUNT
                self.length[j] = len(pile)
                self.codes[j] = self.length[j] * RANK_COUNT + self.top[j]
        # the tableau as a multiset of pile codes, packed into one number (PILE_SLOT)
        self.tableau_code = sum(PILE_SLOT[code] for code in self.codes)
        # for each pile code: its steps above the base as bits, and its bottom step (0 for a
        # base-rank card, on which nothing builds)
        self.spans = [(0, 0)] * ((FOUNDATION_SIZE + 1) * RANK_COUNT)
        for length in range(1, FOUNDATION_SIZE + 1):
            for rank in range(RANK_COUNT):
                low = self.steps[rank]
                high = min(low + length - 1, RANK_COUNT - 1)
                if low:
                    self.spans[length * RANK_COUNT + rank] = ((1 << (high + 1)) - (1 << low), high)
        # for each rank, the rank of a tableau top it may go onto (NOWHERE for a base-rank card,
        # or for the card just below the base rank: nothing builds on a base-rank card)
        self.onto = [NOWHERE if self.base in (rank, ABOVE[rank]) else ABOVE[rank]
                     for rank in range(RANK_COUNT)]
        self.memo: dict = {}  # what the dead-end tests worked out, by their own keys
        self.tableau_memo: dict = {}  # plot.deadends.tableau_steps, by tableau
        self.talon_failed: dict = {}  # plot.deadends._talon_can_finish's failed states, by floor

    def key(self) -> tuple:
        """The canonical position: equal keys for positions that play the same."""
        return (self.stock_left, self.reserve_left, self.waste_code, self.found[0],
                self.found_code, self.tableau_code)

    def snapshot(self) -> tuple:
        """What `apply` and `undo` change, for `restore`."""
        return (self.stock_left, self.reserve_left, tuple(self.waste), self.waste_code,
                tuple(self.found), self.home, tuple(self.top), tuple(self.length),
                tuple(self.codes), self.found_code, self.tableau_code)

    def restore(self, snapshot: tuple) -> None:
        """Go back to a position of this search taken by `snapshot`."""
        (self.stock_left, self.reserve_left, waste, self.waste_code, found, self.home, top,
         length, codes, self.found_code, self.tableau_code) = snapshot
        self.waste, self.found = list(waste), list(found)
        self.top, self.length, self.codes = list(top), list(length), list(codes)
        self._needs = None

    def needs(self) -> dict[int, int]:
        """For each rank some foundation takes now, the first such foundation's index (kept
        until a foundation changes: do not change it)."""
        needs = self._needs
        if needs is None:
            found, base = self.found, self.base
            if found[0] < FIRST_FOUNDATION_SIZE:
                needs = {(base + found[0]) % RANK_COUNT: 0}
            else:
                needs = {}
                for k in range(FOUNDATION_COUNT - 1, -1, -1):
                    n = found[k]
                    if n < FOUNDATION_SIZE:
                        needs[(base + n) % RANK_COUNT] = k
            self._needs = needs
        return needs

    def moves(self, rng: SplitMix64 | None = None, back: Move | None = None,
              after: Move | None = None) -> list[Move]:
        """The moves worth trying here, best first, one of each kind of equivalent move; none
        from a dead end. With `rng`, all but the foundation moves in a shuffled order. `back`,
        a tableau move that leads straight back to the position before, is left out (with
        every move equivalent to it). `after`: the move that led here from a position that
        had moves (plot.deadends.is_dead then looks only at what it may have changed)."""
        needs = self.needs()
        if is_dead(self, needs, after):
            return []
        top, length, codes, onto = self.top, self.length, self.codes, self.onto
        moves = []
        add = moves.append
        if self.reserve_left:
            k = needs.get(self.reserve[self.reserve_left - 1])
            if k is not None:
                add(PAIRS[R][F_FIRST + k])
        on_top: list = [None] * (RANK_COUNT + 1)  # each tableau top rank: its piles, in order
        space = None
        tried = set()  # the pile codes (top and length) sent home: one of each
        for j in range(TABLEAU_COUNT):
            code = codes[j]
            if code:
                rank = top[j]
                piles = on_top[rank]
                if piles is None:
                    on_top[rank] = [j]
                else:
                    piles.append(j)
                if rank in needs and code not in tried:
                    tried.add(code)
                    add(PAIRS[T_FIRST + j][F_FIRST + needs[rank]])
            elif space is None:
                space = j
        waste = self.waste
        rank = waste[-1] if waste else None
        k = needs.get(rank)
        if k is not None:
            add(PAIRS[W][F_FIRST + k])
        found = self.found
        unrestricted = found[0] >= FIRST_FOUNDATION_SIZE
        if moves and unrestricted:
            lowest = min(found)
            for move in moves:
                if found[move[1] - F_FIRST] == lowest:
                    return [move]  # safe (plot/autoplay.py): some win starts with it, if any
        homeward = len(moves)  # the foundation moves stay first in every run
        emptying, shifting = [], []  # tableau moves: of a pile's last card, of the others
        tried = set()  # (code of the pile left, length of the pile reached): one of each
        if back is not None:
            a, b = back[0] - T_FIRST, back[1] - T_FIRST
            tried.add(codes[a] * LENGTHS + length[b])
        for a in range(TABLEAU_COUNT):
            code = codes[a]
            if code:
                piles = on_top[onto[top[a]]]
                if piles is not None:
                    row = PAIRS[T_FIRST + a]
                    into = emptying if length[a] == 1 else shifting
                    for b in piles:
                        kind = code * LENGTHS + length[b]
                        if kind not in tried:
                            tried.add(kind)
                            into.append(row[T_FIRST + b])
        # the first run's order (the restarts shuffle it): a space made, the waste dug (onto the
        # tableau, into a space), cards shifted between piles, and dealing last, so that the
        # waste is dug before it is buried deeper; with no waste to bury, dealing comes before
        # the shifts (of the positions of random losing games, this order leaves 15% fewer
        # undecided in the same number of positions; docs/winnability.md)
        moves += emptying
        if waste:
            piles = on_top[onto[rank]]
            if piles is not None:
                tried = set()
                for j in piles:
                    if length[j] not in tried:
                        tried.add(length[j])
                        add(PAIRS[W][T_FIRST + j])
            if space is not None and (rank == self.base or unrestricted):
                add(PAIRS[W][T_FIRST + space])
        elif self.stock_left:
            add(DEAL)
        moves += shifting
        if waste and self.stock_left:
            add(DEAL)
        if rng is not None and len(moves) - homeward > 1:
            moves[homeward:] = shuffled(moves[homeward:], rng)
        return moves

    def apply(self, move: Move) -> None:
        """Play a move from `moves`."""
        src, dst = move
        if src == S:
            self.stock_left -= 1
            rank = self.stock[self.stock_left]
        elif src == R:
            self.reserve_left -= 1
        elif src == W:
            rank = self.waste.pop()
            self.waste_code >>= RANK_BITS
        else:  # lift the top card of a tableau pile (written out here and in undo: hot)
            j = src - T_FIRST
            rank = self.top[j]
            n = self.length[j] = self.length[j] - 1
            self.top[j] = above = ABOVE[rank]
            old, self.codes[j] = self.codes[j], n * RANK_COUNT + above if n else 0
            self.tableau_code += PILE_SLOT[self.codes[j]] - PILE_SLOT[old]
        if dst == W:
            self.waste.append(rank)
            self.waste_code = (self.waste_code << RANK_BITS) | (rank + 1)
        elif dst < T_FIRST:
            k = dst - F_FIRST
            n = self.found[k]
            self.found[k] = n + 1
            self.home += 1
            self._needs = None
            if k:
                self.found_code += COUNT_SLOT[n + 1] - COUNT_SLOT[n]
        else:  # lay the card on a tableau pile
            j = dst - T_FIRST
            n = self.length[j] = self.length[j] + 1
            self.top[j] = rank
            old, self.codes[j] = self.codes[j], n * RANK_COUNT + rank
            self.tableau_code += PILE_SLOT[self.codes[j]] - PILE_SLOT[old]

    def undo(self, move: Move) -> None:
        """Take back a move made by `apply`."""
        src, dst = move
        if dst == W:
            rank = self.waste.pop()
            self.waste_code >>= RANK_BITS
        elif dst < T_FIRST:
            k = dst - F_FIRST
            n = self.found[k] - 1
            self.found[k] = n
            self.home -= 1
            self._needs = None
            if k:
                self.found_code += COUNT_SLOT[n] - COUNT_SLOT[n + 1]
            rank = (self.base + n) % RANK_COUNT
        else:
            j = dst - T_FIRST
            rank = self.top[j]
            n = self.length[j] = self.length[j] - 1
            self.top[j] = above = ABOVE[rank]
            old, self.codes[j] = self.codes[j], n * RANK_COUNT + above if n else 0
            self.tableau_code += PILE_SLOT[self.codes[j]] - PILE_SLOT[old]
        if src == S:
            self.stock_left += 1
        elif src == R:
            self.reserve_left += 1
        elif src == W:
            self.waste.append(rank)
            self.waste_code = (self.waste_code << RANK_BITS) | (rank + 1)
        else:
            j = src - T_FIRST
            n = self.length[j] = self.length[j] + 1
            self.top[j] = rank
            old, self.codes[j] = self.codes[j], n * RANK_COUNT + rank
            self.tableau_code += PILE_SLOT[self.codes[j]] - PILE_SLOT[old]


def shuffled(moves: list, rng: SplitMix64) -> list:
    """The moves in a pseudo-random order (Fisher-Yates driven by the solver's generator).

    The same draws as `rng.below(i + 1)` for each i, written out here: the search shuffles
    the moves of every position it expands, and the calls cost more than the arithmetic."""
    state = rng.state
    for i in range(len(moves) - 1, 0, -1):
        n = i + 1
        limit = _BELOW_LIMITS[n]
        while True:
            state = (state + GOLDEN_GAMMA) & MASK64
            z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
            z ^= z >> 31
            if z < limit:
                break
        j = z % n
        moves[i], moves[j] = moves[j], moves[i]
    rng.state = state
    return moves
