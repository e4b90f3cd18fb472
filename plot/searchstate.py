"""The solver's search state: a position as ranks only, its moves, made and taken back in place.

Suits never matter for play, so only ranks are kept:
  - the reserve and the stock as fixed rank lists (bottom to top; the stock's top is dealt
    next), with how many cards of each are left;
  - the waste as a rank list, and the same ranks packed into one int (`waste_code`);
  - each foundation as a count (its next rank is base + count);
  - each tableau pile as (top rank, length): piles are runs down by one, so this is all of it;
    and the tableau as its class (plot/shifts.py): every tableau that shifting cards between
    piles (a tableau move that leaves a card behind) leads to plays as well as any other, so
    the search holds one tableau of the class for them all, and its moves are every move but
    a shift from any of them. Shifts are never searched: on the positions the solver found
    hardest, this leaves 2 to 8 times fewer positions to look at.

Canonical keys for the transposition table: the tableau's class (its sorted tableau, a multiset
of piles, packed into one number), F2-F8 as a multiset of counts (two foundations with the same
count are interchangeable; F1 is kept apart because of the restriction), packed and kept up to
date by every move, and the waste as its rank sequence. A key counts cards left rather than
cards played, so the positions of one game (one start) share their keys: what is proved about a
key holds wherever that game meets it.
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
from .prng import GOLDEN_GAMMA, MASK64, SplitMix64, below_limit
from .shifts import Tableau, shifts_for

RANK_BITS = 4  # a rank (0..12) plus one fits in four bits of the waste code
assert STOCK_SIZE < 1 << 8 and (1 << RANK_BITS) > RANK_COUNT  # the codes have room

Move = tuple  # (source, destination, the tableau's class after, rank): SearchState

SHUFFLE_KEPT = 200  # shuffled() keeps the generator's limits for up to this many moves
_BELOW_LIMITS = (0, *map(below_limit, range(1, SHUFFLE_KEPT + 1)))  # for shuffled(), by n
DEAL = (S, W, None, None)
# F2-F8's counts as a multiset packed into one number: one slot of bits per count
COUNT_SLOT = tuple(1 << (3 * count) for count in range(FOUNDATION_SIZE + 1))
assert FOUNDATION_COUNT - 1 < 1 << 3


class SearchState:
    """A position for the search: `moves`, `apply` and `undo` change it in place.

    The tableau is kept as its class (plot/shifts.py `Tableau`), laid out as `codes`, `top` and
    `length` (piles first, then spaces) for the dead-end rules. A move is (source, destination,
    the tableau's class after it, packed, or None if the tableau is unchanged, the rank of the
    card moved or None for a deal): numbers only, which the garbage collector need not follow.
    A tableau pile in a move is only T_FIRST: which pile of which tableau of the class it was
    is worked out only for a winning line (plot.solver.engine_line)."""

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
        self.shifts = shifts_for(self.base)
        self.steps = self.shifts.step  # each rank's steps above the base
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
        # for each pile code: its steps above the base as bits, and its bottom step (0 for a
        # base-rank card, on which nothing builds)
        self.spans = [(0, 0)] * ((FOUNDATION_SIZE + 1) * RANK_COUNT)
        for length in range(1, FOUNDATION_SIZE + 1):
            for rank in range(RANK_COUNT):
                low = self.steps[rank]
                high = min(low + length - 1, RANK_COUNT - 1)
                if low:
                    self.spans[length * RANK_COUNT + rank] = ((1 << (high + 1)) - (1 << low), high)
        self.onto = self.shifts.onto  # for each rank, the rank of a top it may go onto
        piles = sorted(len(pile) * RANK_COUNT + parse_card(pile[-1]) % RANK_COUNT
                       for pile in position["tableau"] if pile)
        self._tableaus: list[Tableau] = []  # the classes moves replaced, for undo
        self._set_tableau(self.shifts.tableau(self.shifts.canonical(tuple(piles))))
        self.memo: dict = {}  # what the dead-end tests worked out, by their own keys
        self.tableau_memo: dict = {}  # plot.deadends.tableau_steps, by tableau
        self.talon_failed: dict = {}  # plot.deadends._talon_can_finish's failed states, by floor

    def _set_tableau(self, tableau: Tableau) -> None:
        """Make `tableau` (a class) the state's tableau."""
        self.tableau = tableau
        if tableau.codes is None:
            tableau.lay_out()
        self.codes, self.top, self.length = tableau.codes, tableau.top, tableau.length
        self.tops, self.tableau_code = tableau.tops, tableau.packed

    def key(self) -> tuple:
        """The canonical position: equal keys for positions that play the same."""
        return (self.stock_left, self.reserve_left, self.waste_code, self.found[0],
                self.found_code, self.tableau_code)

    def snapshot(self) -> tuple:
        """What `apply` and `undo` change, for `restore`."""
        return (self.stock_left, self.reserve_left, tuple(self.waste), self.waste_code,
                tuple(self.found), self.home, self.found_code, self.tableau_code)

    def restore(self, snapshot: tuple) -> None:
        """Go back to a position of this search taken by `snapshot`."""
        (self.stock_left, self.reserve_left, waste, self.waste_code, found, self.home,
         self.found_code, tableau) = snapshot
        self.waste, self.found = list(waste), list(found)
        self._set_tableau(self.shifts.at(tableau))
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

    def moves(self, rng: SplitMix64 | None = None, after: Move | None = None) -> list[Move]:
        """The moves worth trying here, best first, one of each result; none from a dead end.
        With `rng`, all but the foundation moves in a shuffled order. `after`: the move that
        led here from a position that had moves (plot.deadends.is_dead then looks only at what
        it may have changed)."""
        needs = self.needs()
        if is_dead(self, needs, after):
            return []
        tableau, shifts, tops = self.tableau, self.shifts, self.tops
        moves = []
        add = moves.append
        if self.reserve_left:
            rank = self.reserve[self.reserve_left - 1]
            k = needs.get(rank)
            if k is not None:
                add((R, F_FIRST + k, None, rank))
        for rank, k in needs.items():
            if tops >> rank & 1:
                for after_home in shifts.home(tableau, rank):
                    add((T_FIRST, F_FIRST + k, after_home, rank))
        waste = self.waste
        rank = waste[-1] if waste else None
        k = needs.get(rank)
        if k is not None:
            add((W, F_FIRST + k, None, rank))
        found = self.found
        unrestricted = found[0] >= FIRST_FOUNDATION_SIZE
        if moves and unrestricted:
            lowest = min(found)
            for move in moves:
                if found[move[1] - F_FIRST] == lowest:
                    return [move]  # safe (plot/autoplay.py): some win starts with it, if any
        homeward = len(moves)  # the foundation moves stay first in every run
        # the first run's order (the restarts shuffle it): the waste dug (onto the tableau, into
        # a space), a pile emptied, and dealing last, so that the waste is dug before it is
        # buried deeper; with no waste to bury, dealing comes before emptying a pile
        # (docs/winnability.md)
        if waste:
            if tops >> self.onto[rank] & 1:
                for laid in shifts.lay(tableau, rank):
                    add((W, T_FIRST, laid, rank))
            if len(tableau.piles) < TABLEAU_COUNT and (rank == self.base or unrestricted):
                add((W, T_FIRST, shifts.space(tableau, rank), rank))
        elif self.stock_left:
            add(DEAL)
        for moved, emptied in shifts.emptied(tableau):
            add((T_FIRST, T_FIRST, emptied, moved))
        if waste and self.stock_left:
            add(DEAL)
        if rng is not None and len(moves) - homeward > 1:
            moves[homeward:] = shuffled(moves[homeward:], rng)
        return moves

    def apply(self, move: Move) -> None:
        """Play a move from `moves`."""
        src, dst, tableau, rank = move
        if src == S:
            self.stock_left -= 1
            rank = self.stock[self.stock_left]
        elif src == R:
            self.reserve_left -= 1
        elif src == W:
            self.waste.pop()
            self.waste_code >>= RANK_BITS
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
        if tableau is not None:
            self._tableaus.append(self.tableau)
            self._set_tableau(self.shifts.at(tableau))

    def undo(self, move: Move) -> None:
        """Take back a move made by `apply`."""
        src, dst, tableau, rank = move
        if dst == W:
            self.waste.pop()
            self.waste_code >>= RANK_BITS
        elif dst < T_FIRST:
            k = dst - F_FIRST
            n = self.found[k] - 1
            self.found[k] = n
            self.home -= 1
            self._needs = None
            if k:
                self.found_code += COUNT_SLOT[n] - COUNT_SLOT[n + 1]
        if src == S:
            self.stock_left += 1
        elif src == R:
            self.reserve_left += 1
        elif src == W:
            self.waste.append(rank)
            self.waste_code = (self.waste_code << RANK_BITS) | (rank + 1)
        if tableau is not None:
            self._set_tableau(self._tableaus.pop())


def shuffled(moves: list, rng: SplitMix64) -> list:
    """The moves in a pseudo-random order (Fisher-Yates driven by the solver's generator).

    The same draws as `rng.below(i + 1)` for each i, written out here: the search shuffles
    the moves of every position it expands, and the calls cost more than the arithmetic."""
    state = rng.state
    for i in range(len(moves) - 1, 0, -1):
        n = i + 1
        limit = _BELOW_LIMITS[n] if n <= SHUFFLE_KEPT else below_limit(n)
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
