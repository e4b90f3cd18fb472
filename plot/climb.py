"""The climb: a best-first search the solver runs beside its depth-first runs.

A depth-first run commits to its first choices for its whole budget. Where foundation 1 is
still short, that is often the wrong commitment: the run deals on and buries what F1 needs,
then searches everything under that. The climb instead always expands the most promising
position seen so far: the highest foundation 1, then the shortest waste (a card that goes
onto the tableau or home instead of staying in the waste keeps what lies under it in reach).
Its goal is foundation 1 complete; the solver then searches on from there with a short
depth-first run (plot/solver.py). Once foundation 1 is complete at the root, the climb scores
cards home instead, and its goal is the win itself.

Of the positions of random losing games that the solver's depth-first runs leave undecided
at 9,000 positions with foundation 1 still short, the climb wins about a quarter within the
same 9,000, most of them within a few hundred (docs/winnability.md).

The climb only ever finds lines; it never proves anything, so `lost` stays the depth-first
runs' proof. It skips positions already proved dead.
"""

import heapq

from .cards import CARD_COUNT, FIRST_FOUNDATION_SIZE
from .searchstate import Move, SearchState

F1_WEIGHT = 10  # while F1 is short: a card on it outweighs this many cards in the waste
HOME_WEIGHT = 2  # once F1 is complete: a card home outweighs this many cards in the waste


class Climb:
    """A resumable best-first search from the state's position (its root)."""

    def __init__(self, state: SearchState, dead: set):
        """Start from the state's current position; `dead` holds keys proved lost."""
        self.state = state
        self.dead = dead
        self.restricted = state.found[0] < FIRST_FOUNDATION_SIZE  # the goal: F1 complete
        self.root = state.snapshot()
        self.seen = {state.key()}
        self.heap: list = [(0, 0, self.root, None)]  # (score, order, snapshot, line)
        self.pushed = 1
        self.nodes = 0

    @property
    def exhausted(self) -> bool:
        """True once it has nothing left to expand."""
        return not self.heap

    def score(self) -> float:
        """Lower is better: the state's waste length less its foundation progress."""
        state = self.state
        if self.restricted:
            return len(state.waste) - F1_WEIGHT * state.found[0]
        return len(state.waste) - HOME_WEIGHT * state.home

    def step(self, max_nodes: int) -> tuple[list[Move], bool] | None:
        """Expand the best positions for up to `max_nodes` more positions; (line, won) once a
        line reaches the goal (`won`: it wins outright), else None. The state is left at the
        root either way."""
        state, dead, seen, heap = self.state, self.dead, self.seen, self.heap
        limit = self.nodes + max_nodes
        found = None
        while heap and self.nodes < limit and found is None:
            _, _, snapshot, line = heapq.heappop(heap)
            state.restore(snapshot)
            if self.restricted and state.found[0] >= FIRST_FOUNDATION_SIZE:
                found = (_unlinked(line), False)
                break
            for move in state.moves():
                state.apply(move)
                self.nodes += 1
                if state.home == CARD_COUNT:
                    found = (_unlinked((move, line)), True)
                    state.undo(move)
                    break
                key = state.key()
                if key not in seen and key not in dead:
                    seen.add(key)
                    self.pushed += 1
                    heapq.heappush(heap, (self.score(), self.pushed, state.snapshot(),
                                          (move, line)))
                state.undo(move)
        state.restore(self.root)
        return found


def _unlinked(line) -> list[Move]:
    """The moves of a line kept as nested pairs (last move, line before it), first to last."""
    moves = []
    while line is not None:
        move, line = line
        moves.append(move)
    moves.reverse()
    return moves
