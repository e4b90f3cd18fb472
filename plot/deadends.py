"""Dead ends: sound tests that a search position can never be won, so the solver may drop it.

Each test is a proof (a position it flags has no winning line), so `lost` stays a proof. They
read a `SearchState` (plot/searchstate.py) and never change it.
"""

from .cards import FIRST_FOUNDATION_SIZE, RANK_COUNT, TABLEAU_COUNT
from .reserve import reserve_can_be_played


def is_dead(state, needs: dict[int, int]) -> bool:
    """True if the position can never be won (`needs`: the ranks the foundations take now)."""
    if not state.stock_left and not can_still_score(state, needs):
        return True
    if state.found[0] < FIRST_FOUNDATION_SIZE and not first_foundation_can_grow(state):
        return True
    return not reserve_can_clear(state)


def first_foundation_can_grow(state) -> bool:
    """While foundation 1 is short: False if no card of the rank it needs can ever come free.

    Suppose none ever does. Then F1 takes nothing, and no tableau top ever rises: a waste card
    lowers the top it lands on, a tableau move keeps the tops (the card it uncovers has the rank
    of the one it covers) or drops one by emptying a pile, and spaces take only base-rank cards,
    on which nothing builds. So a waste card whose rank is at or above every tableau top (base
    cards aside) can never leave the waste, and what lies under it stays there. The needed rank
    could come free only from the stock (deal down to it), the reserve top, a tableau top (a
    card under a tableau top is covered by the rank below it, which could only move onto a top
    of the needed rank), or the waste above every such stuck card.
    """
    base = state.base
    need = (base + state.found[0]) % RANK_COUNT
    if state.stock_left > state.first_in_stock[need]:
        return True
    if state.reserve_left and state.reserve[state.reserve_left - 1] == need:
        return True
    top, length = state.top, state.length
    highest = 0  # the highest tableau top, in steps above the base rank
    for j in range(TABLEAU_COUNT):
        if length[j]:
            rank = top[j]
            if rank == need:
                return True
            step = (rank - base) % RANK_COUNT
            if step > highest:
                highest = step
    for rank in reversed(state.waste):
        if rank == need:
            return True
        step = (rank - base) % RANK_COUNT
        if step >= highest and step:
            return False
    return False


def can_still_score(state, needs: dict[int, int]) -> bool:
    """With the stock empty: False if no card can ever reach a foundation again.

    Sound because tableau-to-tableau moves never bring a new rank to a tableau top (a card
    leaving a pile uncovers the rank it covered elsewhere, or empties the pile), so without a
    foundation move the only ranks that can ever be played home are the reserve top, the
    tableau tops and the waste cards.
    """
    if state.reserve_left and state.reserve[state.reserve_left - 1] in needs:
        return True
    top, length = state.top, state.length
    if any(length[j] and top[j] in needs for j in range(TABLEAU_COUNT)):
        return True
    return any(rank in needs for rank in state.waste)


def reserve_can_clear(state) -> bool:
    """False if the reserve can never be played out (see `reserve_can_be_played`); the answer
    is kept per reserve and foundation counts."""
    found = state.found
    key = ("reserve", state.reserve_left, found[0], tuple(sorted(found[1:])))
    verdict = state.memo.get(key)
    if verdict is None:
        base = state.base
        top_first = [(rank - base) % RANK_COUNT for rank in state.reserve[:state.reserve_left]]
        verdict = reserve_can_be_played(top_first[::-1], found)
        state.memo[key] = verdict
    return verdict
