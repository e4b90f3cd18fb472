"""The solver's search state: a position as ranks only, its moves, made and taken back in place.

Suits never matter for play, so only ranks are kept:
  - the reserve and the stock as fixed rank lists (bottom to top; the stock's top is dealt
    next), with how many cards of each are left;
  - the waste as a rank list, and the same ranks packed into one int (`waste_code`);
  - each foundation as a count (its next rank is base + count);
  - each tableau pile as (top rank, length): piles are runs down by one, so this is all of it.

Canonical keys for the transposition table: tableau piles as a sorted multiset (their order
does not matter), F2-F8 as a sorted multiset of counts (two foundations with the same count are
interchangeable; F1 is kept apart because of the restriction), the waste as its rank sequence.
A key counts cards left rather than cards played, so the positions of one game (one start)
share their keys: what is proved about a key holds wherever that game meets it.
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
from .move import F_FIRST, T_FIRST, R, S, W
from .prng import SplitMix64

RANK_BITS = 4  # a rank (0..12) plus one fits in four bits of the waste code
assert STOCK_SIZE < 1 << 8 and (1 << RANK_BITS) > RANK_COUNT  # the codes have room

Move = tuple[int, int]  # (source pile index, destination pile index), as in plot.move


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
        self.first_in_stock = [next((i for i, r in enumerate(self.stock) if r == rank),
                                    len(self.stock)) for rank in range(RANK_COUNT)]
        self.waste = ranks(position["waste"])
        self.waste_code = 0
        for rank in self.waste:
            self.waste_code = (self.waste_code << RANK_BITS) | (rank + 1)
        self.found = [len(f) for f in foundations]
        self.home = sum(self.found)
        self.top = [0] * TABLEAU_COUNT
        self.length = [0] * TABLEAU_COUNT
        self.codes = [0] * TABLEAU_COUNT  # each pile as one number for the key: 0 if empty
        for j, pile in enumerate(position["tableau"]):
            if pile:
                self.top[j] = parse_card(pile[-1]) % RANK_COUNT
                self.length[j] = len(pile)
                self.codes[j] = self.length[j] * RANK_COUNT + self.top[j]
        # for each pile code: its steps above the base as bits, and its bottom step (0 for a
        # base-rank card, on which nothing builds)
        self.spans = [(0, 0)] * ((FOUNDATION_SIZE + 1) * RANK_COUNT)
        for length in range(1, FOUNDATION_SIZE + 1):
            for rank in range(RANK_COUNT):
                low = (rank - self.base) % RANK_COUNT
                high = min(low + length - 1, RANK_COUNT - 1)
                if low:
                    self.spans[length * RANK_COUNT + rank] = ((1 << (high + 1)) - (1 << low), high)
        self.memo: dict = {}  # what the dead-end tests worked out, by their own keys

    def key(self) -> tuple:
        """The canonical position: equal keys for positions that play the same."""
        found = self.found
        return (self.stock_left, self.reserve_left, self.waste_code, found[0],
                tuple(sorted(found[1:])), tuple(sorted(self.codes)))

    def snapshot(self) -> tuple:
        """What `apply` and `undo` change, for `restore`."""
        return (self.stock_left, self.reserve_left, tuple(self.waste), self.waste_code,
                tuple(self.found), self.home, tuple(self.top), tuple(self.length),
                tuple(self.codes))

    def restore(self, snapshot: tuple) -> None:
        """Go back to a position of this search taken by `snapshot`."""
        (self.stock_left, self.reserve_left, waste, self.waste_code, found, self.home, top,
         length, codes) = snapshot
        self.waste, self.found = list(waste), list(found)
        self.top, self.length, self.codes = list(top), list(length), list(codes)

    def needs(self) -> dict[int, int]:
        """For each rank some foundation takes now, the first such foundation's index."""
        found, base = self.found, self.base
        if found[0] < FIRST_FOUNDATION_SIZE:
            return {(base + found[0]) % RANK_COUNT: 0}
        needs = {}
        for k in range(FOUNDATION_COUNT - 1, -1, -1):
            n = found[k]
            if n < FOUNDATION_SIZE:
                needs[(base + n) % RANK_COUNT] = k
        return needs

    def moves(self, rng: SplitMix64 | None = None, back: Move | None = None) -> list[Move]:
        """The moves worth trying here, best first, one of each kind of equivalent move; none
        from a dead end. With `rng`, all but the foundation moves in a shuffled order. `back`,
        a tableau move that leads straight back to the position before, is left out (with
        every move equivalent to it)."""
        needs = self.needs()
        if is_dead(self, needs):
            return []
        base = self.base
        top, length = self.top, self.length
        moves = []
        add = moves.append
        if self.reserve_left:
            k = needs.get(self.reserve[self.reserve_left - 1])
            if k is not None:
                add((R, F_FIRST + k))
        on_top: dict[int, list[int]] = {}  # each tableau top rank: its piles, in order
        space = None
        tried = set()
        for j in range(TABLEAU_COUNT):
            if length[j]:
                rank = top[j]
                if rank in on_top:
                    on_top[rank].append(j)
                else:
                    on_top[rank] = [j]
                k = needs.get(rank)
                if k is not None and (rank, length[j]) not in tried:
                    tried.add((rank, length[j]))
                    add((T_FIRST + j, F_FIRST + k))
            elif space is None:
                space = j
        waste = self.waste
        rank = waste[-1] if waste else None
        k = needs.get(rank)
        if k is not None:
            add((W, F_FIRST + k))
        unrestricted = self.found[0] >= FIRST_FOUNDATION_SIZE
        if moves and unrestricted:
            lowest = min(self.found)
            for move in moves:
                if self.found[move[1] - F_FIRST] == lowest:
                    return [move]  # safe (plot/autoplay.py): some win starts with it, if any
        homeward = len(moves)  # the foundation moves stay first in every run
        if waste:
            above = (rank + 1) % RANK_COUNT
            if rank != base and above != base and above in on_top:
                tried = set()
                for j in on_top[above]:
                    if length[j] not in tried:
                        tried.add(length[j])
                        add((W, T_FIRST + j))
            if space is not None and (rank == base or unrestricted):
                add((W, T_FIRST + space))
        if self.stock_left:  # dealing before shuffling tableau cards finds wins sooner
            add((S, W))
        tried = set()
        if back is not None:
            a, b = back[0] - T_FIRST, back[1] - T_FIRST
            tried.add((length[a], length[b], top[a]))
        for a in range(TABLEAU_COUNT):
            rank = top[a]
            if not length[a] or rank == base:
                continue
            above = (rank + 1) % RANK_COUNT
            if above == base or above not in on_top:
                continue
            for b in on_top[above]:
                pair = (length[a], length[b], rank)
                if pair not in tried:
                    tried.add(pair)
                    add((T_FIRST + a, T_FIRST + b))
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
        else:
            j = src - T_FIRST
            rank = self.top[j]
            self.length[j] -= 1
            self.top[j] = (rank + 1) % RANK_COUNT
            self.codes[j] = self.length[j] * RANK_COUNT + self.top[j] if self.length[j] else 0
        if dst == W:
            self.waste.append(rank)
            self.waste_code = (self.waste_code << RANK_BITS) | (rank + 1)
        elif dst < T_FIRST:
            self.found[dst - F_FIRST] += 1
            self.home += 1
        else:
            j = dst - T_FIRST
            self.length[j] += 1
            self.top[j] = rank
            self.codes[j] = self.length[j] * RANK_COUNT + rank

    def undo(self, move: Move) -> None:
        """Take back a move made by `apply`."""
        src, dst = move
        if dst == W:
            rank = self.waste.pop()
            self.waste_code >>= RANK_BITS
        elif dst < T_FIRST:
            k = dst - F_FIRST
            self.found[k] -= 1
            self.home -= 1
            rank = (self.base + self.found[k]) % RANK_COUNT
        else:
            j = dst - T_FIRST
            rank = self.top[j]
            self.length[j] -= 1
            self.top[j] = (rank + 1) % RANK_COUNT
            self.codes[j] = self.length[j] * RANK_COUNT + self.top[j] if self.length[j] else 0
        if src == S:
            self.stock_left += 1
        elif src == R:
            self.reserve_left += 1
        elif src == W:
            self.waste.append(rank)
            self.waste_code = (self.waste_code << RANK_BITS) | (rank + 1)
        else:
            j = src - T_FIRST
            self.length[j] += 1
            self.top[j] = rank
            self.codes[j] = self.length[j] * RANK_COUNT + rank


def shuffled(moves: list, rng: SplitMix64) -> list:
    """The moves in a pseudo-random order (Fisher-Yates driven by the solver's generator)."""
    for i in range(len(moves) - 1, 0, -1):
        j = rng.below(i + 1)
        moves[i], moves[j] = moves[j], moves[i]
    return moves
