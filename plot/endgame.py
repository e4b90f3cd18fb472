"""When a game is lost: can any card still reach a foundation once the stock is empty?"""

from .cards import RANK_COUNT, TABLEAU_COUNT


def can_dig_waste(waste: list[int], stacks: list[tuple[int, int]], needed: set[int],
                   base: int, spaces_open: bool) -> bool:
    """Can tableau play bring a needed rank to the top of the waste (the stock being empty)?

    Tableau-to-tableau moves never change the multiset of tableau top ranks (a card leaving one
    parent uncovers a parent of the same rank as the one it covers), so no new rank can reach a
    tableau top except from the waste. The only way to a foundation is therefore to uncover a
    needed waste card: the highest one, after placing every card above it in the tableau. This
    searches that, over piles reduced to (bottom rank, length) — piles are runs down by one.
    """
    target = max((i for i, r in enumerate(waste) if r in needed), default=-1)
    if target < 0:
        return False
    if target == len(waste) - 1:
        return True

    def top(stack):
        return (stack[0] - stack[1] + 1) % RANK_COUNT

    def successors(k: int, piles: tuple):
        """States one move away: (waste cards left, piles sorted)."""
        w = waste[k - 1]
        above = (w + 1) % RANK_COUNT
        if w != base and above != base:  # the waste top onto a tableau pile
            for j, stack in enumerate(piles):
                if top(stack) == above:
                    yield k - 1, tuple(sorted(piles[:j] + ((stack[0], stack[1] + 1),)
                                              + piles[j + 1:]))
        if len(piles) < TABLEAU_COUNT and (w == base or spaces_open):  # into a space
            yield k - 1, tuple(sorted(piles + ((w, 1),)))
        for i, a in enumerate(piles):  # a tableau top t onto another pile whose top is t + 1
            t = top(a)
            if t == base or (t + 1) % RANK_COUNT == base:
                continue
            for j, b in enumerate(piles):
                if j != i and top(b) == (t + 1) % RANK_COUNT:
                    rest = list(piles)
                    rest[j] = (b[0], b[1] + 1)
                    if a[1] == 1:
                        del rest[i]
                    else:
                        rest[i] = (a[0], a[1] - 1)
                    yield k, tuple(sorted(rest))

    start = (len(waste), tuple(sorted(stacks)))
    seen = {start}
    todo = [start]
    while todo:
        k, piles = todo.pop()
        for state in successors(k, piles):
            if state[0] - 1 == target:
                return True
            if state not in seen:
                seen.add(state)
                todo.append(state)
    return False
