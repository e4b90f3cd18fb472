"""Hand-made positions for rule tests: name the cards that matter, the helper places the rest;
and the won games kept as records."""

from collections import Counter
from collections.abc import Callable
from pathlib import Path

from plot import CODES, RANKS, Game
from plot.cards import COPIES_OF_EACH_CARD, FOUNDATION_SIZE, RESERVE_SIZE, STOCK_SIZE


def build(*, foundations=None, tableau=None, waste=(), reserve=None, stock=None,
          rest="stock"):
    """A position dict with the given piles; every other card goes to `rest`.

    rest="stock": leftover cards fill the reserve up to 13 (under any given reserve cards), then
    the stock (if not given); if they do not fit, spare base-rank cards (inert while foundation 1
    is incomplete) are dealt into the empty piles from T12 down: tests use the low piles.
    rest="waste": the same, but the leftover goes under the given waste cards (stock empty).
    rest="foundations": leftover cards extend the foundations up from their tops (F1 first),
    which is how positions with an empty stock are made.
    """
    foundations = [list(f) for f in (foundations or [["AS"]])]
    foundations += [[] for _ in range(8 - len(foundations))]
    table = [[] for _ in range(12)]
    for name, cards in (tableau or {}).items():
        table[int(name[1:]) - 1] = list(cards)
    used = Counter(c for pile in (*foundations, *table, waste, reserve or (), stock or ())
                   for c in pile)
    left = [c for c in CODES for _ in range(COPIES_OF_EACH_CARD - used[c])]
    if any(n > COPIES_OF_EACH_CARD for n in used.values()):
        raise AssertionError(f"test position uses a card more than twice: {used.most_common(3)}")
    reserve = list(reserve) if reserve is not None else None
    stock = list(stock) if stock is not None else None
    if rest in ("stock", "waste"):
        base = foundations[0][0][0]
        spare = [c for c in left if c[0] == base]
        room = RESERVE_SIZE - len(reserve or ())
        if rest == "waste" or stock is None:
            room += STOCK_SIZE - len(waste) - len(stock or ())
        for pile in reversed(table):  # inert base-rank cards fill T12, T11, ... if room is short
            if len(left) > room and spare and not pile:
                pile.append(spare.pop())
                left.remove(pile[0])
        under = RESERVE_SIZE - len(reserve or ())
        reserve, left = left[:under] + (reserve or []), left[under:]
        if rest == "waste":
            waste, left = left + list(waste), []
            stock = stock or []
        elif stock is None:
            room = STOCK_SIZE - len(waste)
            stock, left = left[:room], left[room:]
        if left:
            raise AssertionError(f"{len(left)} cards have no place; use rest='foundations'")
    else:
        reserve = reserve or []
        stock = stock or []
        base = RANKS.index(foundations[0][0][0])
        by_rank = {r: [c for c in left if c[0] == r] for r in RANKS}
        for f in foundations:
            if f is not foundations[0] and len(foundations[0]) < FOUNDATION_SIZE:
                break
            while len(f) < FOUNDATION_SIZE:
                rank = RANKS[(base + len(f)) % 13]
                if not by_rank[rank]:
                    break
                f.append(by_rank[rank].pop())
        leftover = [c for cards in by_rank.values() for c in cards]
        if leftover:
            raise AssertionError(f"cards {leftover[:6]} do not fit on the foundations")
    return {"reserve": reserve, "stock": stock, "waste": list(waste),
            "foundations": foundations, "tableau": table}


def reaches(game, goal: Callable, key: Callable = lambda g: str(g.position()),
            limit: int = 20_000) -> bool | None:
    """Whether some sequence of real moves makes `goal(move, game_after)` true.

    Depth-first over every position reachable with legal moves (positions with equal `key` are
    searched once); False if none does, None if there are more than `limit` positions.
    """
    seen = {key(game)}
    todo = [game.copy()]
    while todo:
        current = todo.pop()
        for move in current.legal_moves():
            after = current.copy()
            after.play(move)
            if goal(move, after):
                return True
            k = key(after)
            if k not in seen:
                if len(seen) > limit:
                    return None
                seen.add(k)
                todo.append(after)
    return False


def built_foundations(heights, base: int, pool: list[str]) -> list[list[str]]:
    """Foundations of the given heights up from rank index `base`, cards taken out of `pool`."""
    foundations = []
    for height in heights:
        pile = []
        for k in range(height):
            card = next(c for c in pool if c[0] == RANKS[(base + k) % len(RANKS)])
            pool.remove(card)
            pile.append(card)
        foundations.append(pile)
    return foundations


FIXTURES = Path(__file__).parent / "fixtures"


PROOFS = Path(__file__).parents[1] / "docs" / "proofs"


def won_record(deal: int) -> Game:
    """The won game of `deal` kept as a record (docs/proofs/won-deal-N.txt), replayed."""
    return Game.from_record((PROOFS / f"won-deal-{deal}.txt").read_text(encoding="utf-8"))
