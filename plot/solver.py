"""A full-information solver for The Plot: depth-first search with a transposition table.

The solver may look at the stock order. It answers `won` with a winning line in the engine's
notation, `lost` when an exhaustive search (within sound pruning only) finds no win, or `unknown`
when it runs out of nodes or time. It never changes the game it is given.

    >>> from plot import Game
    >>> from plot.solver import solve
    >>> result = solve(Game.new(1), max_nodes=200_000)
    >>> result.verdict in ("won", "lost", "unknown")
    True

The search is a series of depth-first runs, each complete on its own: the first in the plain move
order, each restart in a freshly shuffled order (foundation moves always first) with a budget from
the Luby sequence (1000 positions times 1 1 2 1 1 2 4 ...): many short randomised dives find hard
wins far sooner than a few long runs, and the budgets still grow without bound. A run that ends
without a win proves the position lost; a win from any run is a real line.

Sound pruning (a pruned position is proved dead, so `lost` stays a proof):
  - the stock is empty and no rank a foundation needs is the reserve top, a tableau top or in the
    waste (`_can_still_score`);
  - the reserve can never be played out (`reserve_can_be_played`): it goes home top first and
    each foundation rises, so the reserve must split into rising runs, one per foundation. E.g.
    with only F8 unfinished, needing the rank 3 steps above the base, a reserve card 8 steps
    above the base lying on that card is stuck. Every lost deal found so far (about 1 in 100)
    is lost on the deal by this rule (docs/winnability.md).

For the page, `Solver(game).step(max_nodes)` searches a slice and returns None until it has an
answer, so a long search can be spread over many short slices.

Search state (suits never matter for play, so only ranks are kept):
  - the reserve and the stock as fixed rank lists, with how many reserve cards are left and how
    many stock cards have been dealt;
  - the waste as a rank list;
  - each foundation as a count (its next rank is base + count);
  - each tableau pile as (top rank, length): piles are runs down by one, so this is all of it.

Canonical positions for the transposition table: tableau piles as a sorted multiset (their order
does not matter), F2-F8 as a sorted multiset of counts (two foundations with the same count are
interchangeable; F1 is kept apart because of the restriction), the waste as its rank sequence.
"""

import time
from dataclasses import dataclass

from .cards import (
    CARD_COUNT,
    FIRST_FOUNDATION_SIZE,
    FOUNDATION_COUNT,
    FOUNDATION_SIZE,
    RANK_COUNT,
    STOCK_SIZE,
    TABLEAU_COUNT,
    parse_card,
)
from .game import LOST, WON, Game
from .move import F_FIRST, MOVES, T_FIRST, R, S, W
from .prng import SplitMix64
from .reserve import reserve_can_be_played

UNKNOWN = "unknown"
VERDICTS = (WON, LOST, UNKNOWN)

_RANK_BITS = 4  # a rank (0..12) plus one fits in four bits of the waste code
_RANK_MASK = (1 << _RANK_BITS) - 1
_CLOCK_EVERY = 1024  # nodes between looks at the clock
FIRST_RUN_NODES = 5_000  # the first depth-first run, in the plain move order
RESTART_UNIT_NODES = 1_000  # restart budgets are this many positions times the Luby sequence


@dataclass(frozen=True)
class Result:
    """The solver's answer: `won` (with a winning line), `lost` (proved), or `unknown`."""

    verdict: str
    moves: tuple[str, ...] = ()
    nodes: int = 0


def solve(game: Game, max_nodes: int | None = None, max_seconds: float | None = None) -> Result:
    """Search from the game's current position within the budgets (None means no limit)."""
    solver = Solver(game)
    deadline = None if max_seconds is None else time.perf_counter() + max_seconds
    while True:
        budget = _CLOCK_EVERY if max_nodes is None else min(_CLOCK_EVERY, max_nodes - solver.nodes)
        if budget <= 0:
            return solver.give_up()
        result = solver.step(budget)
        if result is not None:
            return result
        if deadline is not None and time.perf_counter() >= deadline:
            return solver.give_up()


class Solver:
    """A resumable search from a snapshot of a game; call `step` until it returns a Result."""

    def __init__(self, game: Game):
        """Take a snapshot of the game's position (the game itself is never touched again)."""
        position = game.position()

        def ranks(codes):
            return [parse_card(code) % RANK_COUNT for code in codes]

        foundations = position["foundations"]
        self.base = parse_card(foundations[0][0]) % RANK_COUNT
        self.reserve = ranks(position["reserve"])
        self.reserve_left = len(self.reserve)
        self._reserve_from_base = [(rank - self.base) % RANK_COUNT for rank in self.reserve]
        self._reserve_verdicts: dict = {}
        self.stock = ranks(position["stock"])[::-1]  # in dealing order
        self.dealt = 0
        self.waste = ranks(position["waste"])
        self.waste_code = 0
        for rank in self.waste:
            self.waste_code = (self.waste_code << _RANK_BITS) | (rank + 1)
        self.found = [len(f) for f in foundations]
        self.home = sum(self.found)
        self.top = [0] * TABLEAU_COUNT
        self.length = [0] * TABLEAU_COUNT
        for j, pile in enumerate(position["tableau"]):
            if pile:
                self.top[j] = parse_card(pile[-1]) % RANK_COUNT
                self.length[j] = len(pile)
        self.nodes = 0
        self.result: Result | None = None
        self.runs = 0
        self._run_budget = FIRST_RUN_NODES
        self._rng: SplitMix64 | None = None
        self._path: list[tuple[int, int]] = []
        self._start_run()
        if self.home == CARD_COUNT:
            self.result = Result(WON, (), 0)

    def _start_run(self) -> None:
        """Begin a fresh depth-first run from the root position (the state must be the root)."""
        self._run_end = self.nodes + int(self._run_budget)
        self._seen: set = {self._key()}
        self._frames: list[list[tuple[int, int]]] = [self._moves()]
        self._next: list[int] = [0]

    def _restart(self) -> None:
        """Abandon the current run and start another in a differently shuffled order.

        Depth-first search can sink its whole budget into one hopeless subtree; restarts in
        shuffled orders (foundation moves still first) find most such wins quickly. Every run is
        complete on its own, so a run that ends without a win still proves the position lost.
        """
        while self._path:
            self._undo(self._path.pop())
        self.runs += 1
        self._run_budget = RESTART_UNIT_NODES * luby(self.runs)
        self._rng = SplitMix64(self.runs)
        self._start_run()

    # ---- the search -----------------------------------------------------------------------

    def step(self, max_nodes: int) -> Result | None:
        """Search up to `max_nodes` more positions; the Result once decided, else None."""
        if self.result is not None:
            return self.result
        limit = self.nodes + max_nodes
        while True:
            result = self._search(min(limit, self._run_end))
            if result is not None or self.nodes >= limit:
                return result
            self._restart()

    def _search(self, limit: int) -> Result | None:
        """Run the current depth-first search until `limit` nodes in all; the Result or None."""
        frames, nexts, path, seen = self._frames, self._next, self._path, self._seen
        apply, undo, key, moves = self._apply, self._undo, self._key, self._moves
        nodes = self.nodes
        while frames:
            if nodes >= limit:
                self.nodes = nodes
                return None
            frame = frames[-1]
            i = nexts[-1]
            if i == len(frame):
                frames.pop()
                nexts.pop()
                if path:
                    undo(path.pop())
                continue
            nexts[-1] = i + 1
            move = frame[i]
            apply(move)
            nodes += 1
            path.append(move)
            if self.home == CARD_COUNT:
                self.nodes = nodes
                self.result = Result(WON, tuple(str(MOVES[s][d]) for s, d in path), nodes)
                return self.result
            k = key()
            if k in seen:
                undo(path.pop())
                continue
            seen.add(k)
            frames.append(moves())
            nexts.append(0)
        self.nodes = nodes
        self.result = Result(LOST, (), nodes)
        return self.result

    def give_up(self) -> Result:
        """The answer so far: the decided Result, or `unknown` with the nodes searched."""
        return self.result if self.result is not None else Result(UNKNOWN, (), self.nodes)

    # ---- positions ------------------------------------------------------------------------

    def _key(self):
        """The canonical position: equal keys for positions that play the same."""
        found = self.found
        length = self.length
        top = self.top
        return (self.dealt, self.reserve_left, self.waste_code, found[0],
                tuple(sorted(found[1:])),
                tuple(sorted([length[j] * RANK_COUNT + top[j] if length[j] else 0
                              for j in range(TABLEAU_COUNT)])))

    def _needs(self) -> dict[int, int]:
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

    def _moves(self) -> list[tuple[int, int]]:
        """The moves worth trying here, best first, one of each kind of equivalent move."""
        needs = self._needs()
        base = self.base
        top, length = self.top, self.length
        if self.dealt == len(self.stock) and not self._can_still_score(needs):
            return []
        if not self._reserve_can_clear():
            return []
        moves = []
        add = moves.append
        if self.reserve_left:
            k = needs.get(self.reserve[self.reserve_left - 1])
            if k is not None:
                add((R, F_FIRST + k))
        tried = set()
        for j in range(TABLEAU_COUNT):
            if length[j]:
                k = needs.get(top[j])
                if k is not None and (top[j], length[j]) not in tried:
                    tried.add((top[j], length[j]))
                    add((T_FIRST + j, F_FIRST + k))
        waste = self.waste
        rank = waste[-1] if waste else None
        k = needs.get(rank)
        if k is not None:
            add((W, F_FIRST + k))
        homeward = len(moves)  # the foundation moves stay first in every run
        if waste:
            if rank != base:
                above = (rank + 1) % RANK_COUNT
                tried = set()
                for j in range(TABLEAU_COUNT):
                    if length[j] and top[j] == above and above != base and length[j] not in tried:
                        tried.add(length[j])
                        add((W, T_FIRST + j))
            if rank == base or self.found[0] >= FIRST_FOUNDATION_SIZE:
                for j in range(TABLEAU_COUNT):
                    if not length[j]:
                        add((W, T_FIRST + j))
                        break
        if self.dealt < len(self.stock):  # dealing before shuffling tableau cards finds wins sooner
            add((S, W))
        tried = set()
        for a in range(TABLEAU_COUNT):
            rank = top[a]
            if not length[a] or rank == base:
                continue
            above = (rank + 1) % RANK_COUNT
            if above == base:
                continue
            for b in range(TABLEAU_COUNT):
                if length[b] and top[b] == above:
                    pair = (length[a], length[b], rank)
                    if pair not in tried:
                        tried.add(pair)
                        add((T_FIRST + a, T_FIRST + b))
        if self._rng is not None and len(moves) - homeward > 1:
            moves[homeward:] = _shuffled(moves[homeward:], self._rng)
        return moves

    def _can_still_score(self, needs: dict[int, int]) -> bool:
        """With the stock empty: False if no card can ever reach a foundation again.

        Sound because tableau-to-tableau moves never bring a new rank to a tableau top (a card
        leaving a pile uncovers the rank it covered elsewhere, or empties the pile), so without a
        foundation move the only ranks that can ever be played home are the reserve top, the
        tableau tops and the waste cards.
        """
        if self.reserve_left and self.reserve[self.reserve_left - 1] in needs:
            return True
        top, length = self.top, self.length
        if any(length[j] and top[j] in needs for j in range(TABLEAU_COUNT)):
            return True
        return any(rank in needs for rank in self.waste)

    def _reserve_can_clear(self) -> bool:
        """False if the reserve can never be played out (see `reserve_can_be_played`)."""
        found = self.found
        key = (self.reserve_left, found[0], tuple(sorted(found[1:])))
        verdict = self._reserve_verdicts.get(key)
        if verdict is None:
            top_first = self._reserve_from_base[:self.reserve_left][::-1]
            verdict = reserve_can_be_played(top_first, found)
            self._reserve_verdicts[key] = verdict
        return verdict

    def _apply(self, move: tuple[int, int]) -> None:
        """Play a move from `_moves` on the search state."""
        src, dst = move
        if src == S:
            rank = self.stock[self.dealt]
            self.dealt += 1
        elif src == R:
            self.reserve_left -= 1
        elif src == W:
            rank = self.waste.pop()
            self.waste_code >>= _RANK_BITS
        else:
            j = src - T_FIRST
            rank = self.top[j]
            self.length[j] -= 1
            self.top[j] = (rank + 1) % RANK_COUNT
        if dst == W:
            self.waste.append(rank)
            self.waste_code = (self.waste_code << _RANK_BITS) | (rank + 1)
        elif dst < T_FIRST:
            self.found[dst - F_FIRST] += 1
            self.home += 1
        else:
            j = dst - T_FIRST
            self.length[j] += 1
            self.top[j] = rank

    def _undo(self, move: tuple[int, int]) -> None:
        """Take back a move made by `_apply`."""
        src, dst = move
        if dst == W:
            rank = self.waste.pop()
            self.waste_code >>= _RANK_BITS
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
        if src == S:
            self.dealt -= 1
        elif src == R:
            self.reserve_left += 1
        elif src == W:
            self.waste.append(rank)
            self.waste_code = (self.waste_code << _RANK_BITS) | (rank + 1)
        else:
            j = src - T_FIRST
            self.length[j] += 1
            self.top[j] = rank


assert STOCK_SIZE < 1 << 8 and _RANK_MASK > RANK_COUNT  # the codes above have room


def luby(i: int) -> int:
    """The i-th term (from 1) of the Luby restart sequence 1 1 2 1 1 2 4 1 1 2 1 1 2 4 8 ..."""
    while True:
        k = i.bit_length()
        if i == (1 << k) - 1:
            return 1 << (k - 1)
        i -= (1 << (k - 1)) - 1


def _shuffled(moves: list, rng: SplitMix64) -> list:
    """The moves in a pseudo-random order (Fisher-Yates driven by the solver's generator)."""
    for i in range(len(moves) - 1, 0, -1):
        j = rng.below(i + 1)
        moves[i], moves[j] = moves[j], moves[i]
    return moves
