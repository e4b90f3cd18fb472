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
the Luby sequence (250 positions times 1 1 2 1 1 2 4 ...): many short randomised dives find hard
wins far sooner than a few long runs, and the budgets still grow without bound. A run that ends
without a win proves the position lost; a win from any run is a real line. Every other restart is
a probe instead: a random walk of 1 to 40 moves from the root, then a run from where it ends.
Shuffling only reorders the choices near the root, which a dive keeps for its whole budget; a
probe starts its dive somewhere else (deal 13, undecided in 3 million positions from the root,
falls to the second probe). A probe that ends without a win proves its own start dead, never
the root.

Sound pruning (a pruned position is proved dead, so `lost` stays a proof):
  - the stock is empty and no rank a foundation needs is the reserve top, a tableau top or in the
    waste (`can_still_score`);
  - while foundation 1 is short, no card of the rank it needs can ever come free
    (`first_foundation_can_grow`), or it can never take all it still needs, even if every card
    but the few that can never go onto the tableau could be set aside there at once
    (`first_foundation_can_finish`: 8 of the 17 deals of 1-10,000 left undecided at 2 s are
    lost by it before the first move);
  - the reserve can never be played out (`reserve_can_be_played`): it goes home top first and
    each foundation rises, so the reserve must split into rising runs, one per foundation. E.g.
    with only F8 unfinished, needing the rank 3 steps above the base, a reserve card 8 steps
    above the base lying on that card is stuck. Every lost deal found so far (about 1 in 100)
    is lost on the deal by this rule (docs/winnability.md).

A safe foundation move (plot/autoplay.py) is the only move tried where there is one. The
search never shifts a card between tableau piles (a move that leaves a card behind): it holds
the tableau as its class, the tableaus such shifts lead to (plot/shifts.py), and tries every
other move from any of them, so a winning line gets its shifts back only at the end
(`engine_line`). The pruning rules live in plot/deadends.py, the search state (ranks only,
canonical keys, the moves) in plot/searchstate.py.

Beside the runs, a best-first climb (plot/climb.py) looks for foundation 1's completion (or,
once it is complete, the win): after the first run for CLIMB_NODES positions, then once every
CLIMB_EVERY restarts for CLIMB_NODES times the Luby sequence. From the first position where it
completes foundation 1, a search of its own (a depth-first run of FIRST_CHECK_RUN_NODES, then
a climb to the win) goes on for FIRST_CHECK_NODES, in the climbs' turns (the one that found it
and those after): the climb's first find is its most promising, and a win behind it is more
often found by climbing than by a run. From each later one, a depth-first run of CHECK_NODES.
On positions of random losing games it decides about a tenth of those the runs alone leave
undecided at 9,000 positions, and a fifth at 100,000 (docs/winnability.md).

Every position a run has searched to the end without a win is proved dead and kept (Tarjan's
algorithm finds them: a position whose moves lead back only to positions still being searched
is finished only with its whole strongly connected component). Later runs skip them, so the
restarts never search a proved-dead position twice, and a Solver given the `dead` set of another
position of the same game starts from all it proved.

For the page, `Solver(game).step(max_nodes)` searches a slice and returns None until it has an
answer, so a long search can be spread over many short slices.
"""

import time
from collections import deque
from dataclasses import dataclass

from .cards import CARD_COUNT, RANK_COUNT, parse_card
from .climb import Climb
from .game import LOST, WON, Game
from .move import MOVES, T_FIRST, Move, W
from .prng import SplitMix64
from .searchstate import SearchState
from .shifts import ABOVE, NOWHERE

UNKNOWN = "unknown"
VERDICTS = (WON, LOST, UNKNOWN)

_CLOCK_EVERY = 128  # nodes between looks at the clock
FIRST_RUN_NODES = 2_000  # the first depth-first run, in the plain move order
RESTART_UNIT_NODES = 250  # restart budgets are this many positions times the Luby sequence
PROBE_EVERY = 2  # restarts 2, 4, 6, ... are probes
PROBE_DEPTH = 40  # a probe's random walk is 1 to this many moves long
CLIMB_NODES = 500  # the first climb's budget, and the unit of the later ones'
CLIMB_EVERY = 4  # a climb goes on after restarts 4, 8, 12, ...
CHECK_NODES = 500  # a run from where a climb completed foundation 1
FIRST_CHECK_NODES = 3_000  # the search from the first position where a climb completed it
FIRST_CHECK_RUN_NODES = 250  # that search's first depth-first run, before its climb to the win


@dataclass(frozen=True)
class Result:
    """The solver's answer: `won` (with a winning line), `lost` (proved), or `unknown`."""

    verdict: str
    moves: tuple[str, ...] = ()
    nodes: int = 0


def solve(game: Game, max_nodes: int | None = None, max_seconds: float | None = None,
          dead: set | None = None) -> Result:
    """Search from the game's current position within the budgets (None means no limit);
    `dead` as for Solver."""
    solver = Solver(game, dead)
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

    def __init__(self, game: Game, dead: set | None = None,
                 first_run_nodes: int = FIRST_RUN_NODES, climbs: bool = True,
                 first_climb_nodes: int = CLIMB_NODES):
        """Take a snapshot of the game's position (the game itself is never touched again).

        `dead` collects the keys of positions proved lost; pass one set to the solvers of the
        positions of one game (the same start) and each starts from what the others proved.
        `first_run_nodes` is the budget of the first depth-first run: a search that may only
        look at a few thousand positions in all reaches the restarts within them if it is
        small (the page's post-mortem, web/story.py). `climbs=False` leaves out the climbs
        (the runs from a climb's later finds do); `first_climb_nodes` is the first climb's
        budget (the search from a climb's first find spends all its own on it after its run)."""
        self._position = game.position()
        self.state = SearchState(self._position)
        self.nodes = 0
        self.result: Result | None = None
        self.runs = 0
        self._run_budget = first_run_nodes
        self._rng: SplitMix64 | None = None
        self._path: list[tuple] = []
        self._prefix: list[tuple] = []
        self._dead: set = set() if dead is None else dead
        self._climb: Climb | None = None
        self._climbs = 0 if climbs else -1  # climbs begun; -1: none wanted
        self._climb_end: int | None = None  # while climbing: the climb's node limit
        self._first_climb = first_climb_nodes
        self._finds = 0  # positions where a climb completed foundation 1
        # the search from a climb's latest find: the solver, the climb's line, its budget
        self._check: tuple[Solver, list, int] | None = None
        self._start_run()
        if self.state.home == CARD_COUNT:
            self.result = Result(WON, (), 0)

    def _start_run(self) -> None:
        """Begin a fresh depth-first run from the root position (the state must be the root), or
        on a probe from the end of a random walk."""
        if self._rng is not None and self.runs % PROBE_EVERY == 0:
            state, rng = self.state, self._rng
            for _ in range(1 + rng.below(PROBE_DEPTH)):
                moves = state.moves(rng)
                if not moves or state.home == CARD_COUNT:
                    break
                move = moves[rng.below(len(moves))]
                state.apply(move)
                self._prefix.append(move)
        self._run_end = self.nodes + int(self._run_budget)
        root = self.state.key()
        self._index: dict = {root: self.nodes}  # each position of this run: its visit number
        self._open: list = [root]  # visited, its strongly connected component not finished
        self._frames: list[list[tuple]] = [self.state.moves(self._rng)]
        self._next: list[int] = [0]
        self._low: list[int] = [self.nodes]
        self._keys: list = [root]

    def _restart(self) -> None:
        """Abandon the current run and start another in a differently shuffled order.

        Depth-first search can sink its whole budget into one hopeless subtree; restarts in
        shuffled orders (foundation moves still first) find most such wins quickly. Every run is
        complete on its own, so a run that ends without a win still proves the position lost.
        When a climb is due, it goes first: the next run starts once the climb has had its
        budget (`step` calls this again).
        """
        while self._path:
            self.state.undo(self._path.pop())
        while self._prefix:
            self.state.undo(self._prefix.pop())
        if self._climb_end is None and self._climb_due():
            if self._climb is None:
                self._climb = Climb(self.state, self._dead)
            self._climbs += 1
            unit = self._first_climb if self._climbs == 1 else CLIMB_NODES
            self._climb_end = self.nodes + unit * luby(self._climbs)
            return
        self._climb_end = None
        self.runs += 1
        self._run_budget = RESTART_UNIT_NODES * luby(self.runs)
        self._rng = SplitMix64(self.runs)
        self._start_run()

    # ---- the search -----------------------------------------------------------------------

    def step(self, max_nodes: int) -> Result | None:
        """Search up to `max_nodes` more positions (a climb may go a few past, to finish the
        position it is expanding); the Result once decided, else None."""
        if self.result is not None:
            return self.result
        limit = self.nodes + max_nodes
        while True:
            if self._climb_end is not None:
                result = self._climb_on(limit)
                if result is not None or self.nodes >= limit:
                    return result
                self._restart()
                continue
            result = self._search(min(limit, self._run_end))
            if result is not None or self.nodes >= limit:
                return result
            self._restart()

    def _search(self, limit: int) -> Result | None:
        """Run the current depth-first search until `limit` nodes in all; the Result or None.

        Tarjan's algorithm on the way: when a position finishes as the root of a strongly
        connected component, every position of that component has had all its moves searched
        without a win, so they are proved dead, and later runs skip them.
        """
        frames, nexts, lows, keys = self._frames, self._next, self._low, self._keys
        path, index, open_, dead = self._path, self._index, self._open, self._dead
        state, rng = self.state, self._rng
        apply, undo, key, moves = state.apply, state.undo, state.key, state.moves
        nodes = self.nodes
        if self._prefix and state.home == CARD_COUNT:  # a probe that won on its way
            self.result = Result(WON, self._notation(self._prefix), nodes)
            return self.result
        while frames:
            if nodes >= limit:
                self.nodes = nodes
                return None
            frame = frames[-1]
            i = nexts[-1]
            if i == len(frame):
                frames.pop()
                nexts.pop()
                low = lows.pop()
                k = keys.pop()
                if low == index[k]:
                    while True:
                        w = open_.pop()
                        dead.add(w)
                        if w is k:
                            break
                elif low < lows[-1]:
                    lows[-1] = low
                if path:
                    undo(path.pop())
                continue
            nexts[-1] = i + 1
            move = frame[i]
            apply(move)
            nodes += 1
            path.append(move)
            if state.home == CARD_COUNT:
                self.nodes = nodes
                line = self._prefix + path
                self.result = Result(WON, self._notation(line), nodes)
                return self.result
            k = key()
            if k in dead:
                undo(path.pop())
                continue
            j = index.get(k)
            if j is not None:
                if j < lows[-1]:
                    lows[-1] = j
                undo(path.pop())
                continue
            index[k] = nodes
            open_.append(k)
            frames.append(moves(rng, move))
            lows.append(nodes)
            nexts.append(0)
            keys.append(k)
        if self._prefix:  # a probe ran out: its start is proved dead, not the root
            self.nodes = self._run_end = nodes
            return None
        self.nodes = nodes
        self.result = Result(LOST, (), nodes)
        return self.result

    # ---- the climbs ------------------------------------------------------------------------

    def _climb_due(self) -> bool:
        """Whether a climb comes next: after the first run, then every CLIMB_EVERY restarts."""
        if self._climbs < 0 or (self._climb is not None and self._climb.exhausted):
            return False
        if self.runs == 0:
            return self._climbs == 0
        return self.runs % CLIMB_EVERY == 0

    def _climb_on(self, limit: int) -> Result | None:
        """Climb (and run on from its finds) until `limit` nodes in all, the climb's own budget
        is spent or it has nowhere left to go; the Result if a win was found, else None."""
        climb = self._climb
        end = min(limit, self._climb_end)
        while self.nodes < end:
            if self._check is not None:
                result = self._check_on(end)
                if result is not None:
                    return result
                continue
            if climb.exhausted:
                break
            before = climb.nodes
            found = climb.step(end - self.nodes)
            self.nodes += climb.nodes - before
            if found is None:
                continue
            line, won = found
            if won:
                return self._won(line, ())
            game = Game.from_position(self._position)
            for move in engine_line(game, line, self.state):
                game.push(move)
            self._finds += 1
            if self._finds == 1:  # the first find: a search of its own, climbing to the win
                check = Solver(game, self._dead, FIRST_CHECK_RUN_NODES,
                               first_climb_nodes=FIRST_CHECK_NODES)
                self._check = (check, line, FIRST_CHECK_NODES)
            else:
                self._check = (Solver(game, self._dead, CHECK_NODES, climbs=False), line,
                               CHECK_NODES)
        return None

    def _check_on(self, end: int) -> Result | None:
        """Search on from the climb's latest find until `end` nodes in all; the Result if that
        wins. The search is dropped once it is decided or has had its budget."""
        check, line, budget = self._check
        before = check.nodes
        result = check.step(min(end - self.nodes, budget - check.nodes))
        self.nodes += check.nodes - before
        if result is not None and result.verdict == WON:
            self._check = None
            return self._won(line, result.moves)
        if result is not None or check.nodes >= budget:
            self._check = None
        return None

    def _won(self, line: list, then: tuple) -> Result:
        """The result of a climb's win: its line, then `then` (engine notation)."""
        self.result = Result(WON, self._notation(line) + then, self.nodes)
        return self.result

    def _notation(self, line: list) -> tuple[str, ...]:
        """A line of search moves from the root in the engine's notation."""
        return tuple(map(str, engine_line(Game.from_position(self._position), line, self.state)))

    def give_up(self) -> Result:
        """The answer so far: the decided Result, or `unknown` with the nodes searched."""
        return self.result if self.result is not None else Result(UNKNOWN, (), self.nodes)


def engine_line(game: Game, line, state: SearchState) -> list[Move]:
    """The engine's moves for a line of search moves (plot/searchstate.py) from the game's
    position (`state`: a search state of the same deal; the game is not changed): a tableau
    move of the line is found from some tableau of its class, so it comes after the shifts
    that reach that tableau from the one the line has come to (a breadth-first search)."""
    layout = tuple(len(pile) * RANK_COUNT + parse_card(pile[-1]) % RANK_COUNT if pile else 0
                   for pile in game.position()["tableau"])
    played = []
    for move in line:
        if move[2] is None:
            played.append(MOVES[move[0]][move[1]])
        else:
            steps, layout = _tableau_steps(layout, move, state)
            played += steps
    return played


def _tableau_steps(start: tuple, move: tuple, state: SearchState) -> tuple[list[Move], tuple]:
    """The shifts, then the move itself, that play a search move changing the tableau from
    this tableau (pile codes, 0 for a space), and the tableau they leave."""
    onto = state.onto
    # by tableau (sorted: which pile holds what does not matter to what a tableau can do): the
    # layout it was first reached in, and the layout and shift it was reached from
    parents: dict = {tuple(sorted(start)): (start, None)}
    todo = deque([start])
    while todo:
        layout = todo.popleft()
        last = _move_to(layout, move, state)
        if last is not None:
            played, after = last
            steps = [played]
            while (before := parents[tuple(sorted(layout))][1]) is not None:
                layout, shift = before
                steps.append(shift)
            return steps[::-1], after
        for i, code in enumerate(layout):
            rank = code % RANK_COUNT
            if code >= 2 * RANK_COUNT and onto[rank] != NOWHERE:
                for j, other in enumerate(layout):
                    if other and other % RANK_COUNT == onto[rank]:
                        piles = list(layout)
                        piles[i] = code - RANK_COUNT - rank + ABOVE[rank]
                        piles[j] = other + RANK_COUNT - onto[rank] + rank
                        shifted = tuple(piles)
                        tableau = tuple(sorted(shifted))
                        if tableau not in parents:
                            parents[tableau] = (shifted, (layout, MOVES[T_FIRST + i][T_FIRST + j]))
                            todo.append(shifted)
    raise AssertionError(f"no tableau of the class plays {move}")


def _move_to(layout: tuple, move: tuple, state: SearchState) -> tuple[Move, tuple] | None:
    """The engine's move that plays the search move from this tableau (pile codes, 0 for a
    space) and leaves a tableau of the move's class, with that tableau; None if none does."""
    src, dst, wanted, rank = move
    onto, canonical = state.onto, state.shifts.canonical
    wanted = state.shifts.at(wanted).piles

    def leaves(piles):
        return canonical(tuple(sorted(code for code in piles if code))) == wanted

    for i, code in enumerate(layout):
        piles = list(layout)
        if src == W:  # onto a pile or into a space
            if code and code % RANK_COUNT != onto[rank]:
                continue
            piles[i] = code + RANK_COUNT - code % RANK_COUNT + rank if code else RANK_COUNT + rank
            if leaves(piles):
                return MOVES[W][T_FIRST + i], tuple(piles)
        elif code and code % RANK_COUNT == rank:
            if dst < T_FIRST:  # home
                piles[i] = code - RANK_COUNT - rank + ABOVE[rank] if code >= 2 * RANK_COUNT else 0
                if leaves(piles):
                    return MOVES[T_FIRST + i][dst], tuple(piles)
            elif code < 2 * RANK_COUNT:  # a pile of one card emptied onto another
                piles[i] = 0
                for j, other in enumerate(layout):
                    if other and other % RANK_COUNT == onto[rank]:
                        piles[j] = other + RANK_COUNT - onto[rank] + rank
                        if leaves(piles):
                            return MOVES[T_FIRST + i][T_FIRST + j], tuple(piles)
                        piles[j] = other
    return None


def luby(i: int) -> int:
    """The i-th term (from 1) of the Luby restart sequence 1 1 2 1 1 2 4 1 1 2 1 1 2 4 8 ..."""
    while True:
        k = i.bit_length()
        if i == (1 << k) - 1:
            return 1 << (k - 1)
        i -= (1 << (k - 1)) - 1
