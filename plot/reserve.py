"""The reserve rule: a reserve that can never be played out loses the game, whatever else happens.

Used by the solver as sound pruning; every lost deal found so far is lost on the deal by it.
"""

from bisect import bisect_left

from .cards import FIRST_FOUNDATION_SIZE, FOUNDATION_COUNT, FOUNDATION_SIZE


def reserve_can_be_played(ranks: list[int], counts: list[int]) -> bool:
    """Whether reserve cards (top first, ranks counted up from the base) can all go home.

    A necessary condition for a win, however freely every other card arrived. Reserve cards go
    only to foundations, top first, each onto a foundation whose count equals its rank, and a
    foundation takes ranks in rising order. So the reserve must split into rising runs, one per
    foundation, each no lower than that foundation's count (`counts`, F1 first). While F1 is
    short (restricted), every reserve card played goes to F1 until F1 is full, so a top part of
    the reserve rises on F1 and the rest splits over F2-F8, which then open empty.
    """
    if counts[0] < FIRST_FOUNDATION_SIZE:
        opened = [-1] * (FOUNDATION_COUNT - 1)
        last_on_first = counts[0] - 1
        for on_first in range(len(ranks) + 1):  # the top `on_first` cards go to F1
            if _rising_runs_fit(ranks[on_first:], opened):
                return True
            if on_first == len(ranks) or ranks[on_first] <= last_on_first:
                return False
            last_on_first = ranks[on_first]
    return _rising_runs_fit(ranks, [n - 1 for n in counts if n < FOUNDATION_SIZE])


def _rising_runs_fit(ranks: list[int], ends: list[int]) -> bool:
    """Whether the ranks, in order, can each extend a run (ending at `ends`) and keep it rising.

    Patience-sorting greedy: each rank extends the run that ends highest below it. That is
    optimal: any feasible assignment can be changed into the greedy one, card by card, without
    losing feasibility (the runs that end lower stay free for lower cards).
    """
    ends = sorted(ends)  # kept sorted: the run extended ended below the rank, the next not
    for rank in ranks:
        best = bisect_left(ends, rank) - 1
        if best < 0:
            return False
        ends[best] = rank
    return True
