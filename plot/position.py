"""Positions of The Plot: the deal of a game number, and the checks that a position can occur."""

from .cards import (
    CARD_COUNT,
    CODES,
    COPIES_OF_EACH_CARD,
    FIRST_FOUNDATION_SIZE,
    FOUNDATION_COUNT,
    FOUNDATION_SIZE,
    RANK_COUNT,
    RANK_OF,
    RANKS,
    RESERVE_SIZE,
    STOCK_SIZE,
    TABLEAU_COUNT,
    new_pack,
    parse_card,
)
from .errors import InvalidPosition
from .move import F_FIRST, FOUNDATION_RANGE, PILE_COUNT, T_FIRST, TABLEAU_RANGE, R, S, W, pile_label
from .prng import MAX_SEED, shuffle

F1 = F_FIRST
PILE_KEYS = ("reserve", "stock", "waste", "foundations", "tableau")


def deal(seed: int) -> dict:
    """The starting position for a game number: the documented shuffle, then the deal order."""
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        raise ValueError(f"a game number is a whole number from 0 to {MAX_SEED}, not {seed!r}")
    pack = [CODES[c] for c in shuffle(new_pack(), seed)]
    reserve, pack = pack[:RESERVE_SIZE], pack[RESERVE_SIZE:]
    first, pack = pack[0], pack[1:]
    tableau, stock = pack[:TABLEAU_COUNT], pack[TABLEAU_COUNT:]
    return {
        "reserve": reserve,
        "stock": stock[::-1],  # the first card left in the pack is the first one dealt
        "waste": [],
        "foundations": [[first]] + [[] for _ in range(FOUNDATION_COUNT - 1)],
        "tableau": [[card] for card in tableau],
    }


def validated_piles(position) -> list[list[int]]:
    """The piles of a position as card ints, or InvalidPosition saying what is impossible."""
    if not isinstance(position, dict):
        raise InvalidPosition("a position is a dict with reserve, stock, waste, foundations, "
                              "tableau")
    missing = [k for k in PILE_KEYS if k not in position]
    if missing:
        raise InvalidPosition(f"the position has no {', '.join(missing)}")
    extra = sorted(map(repr, set(position) - set(PILE_KEYS)))
    if extra:
        raise InvalidPosition(f"the position has unknown keys: {', '.join(extra)}")

    def cards(value, what):
        if not isinstance(value, list):
            raise InvalidPosition(f"{what} must be a list of card codes")
        try:
            return [parse_card(code) for code in value]
        except ValueError as error:
            raise InvalidPosition(f"{what}: {error}") from None

    def pile_lists(value, what, count):
        if not isinstance(value, list) or len(value) != count:
            raise InvalidPosition(f"{what} must be a list of {count} piles")
        return [cards(p, f"{what[:-1]} {i}") for i, p in enumerate(value, 1)]

    piles: list[list[int]] = [[] for _ in range(PILE_COUNT)]
    piles[R] = cards(position["reserve"], "the reserve")
    piles[S] = cards(position["stock"], "the stock")
    piles[W] = cards(position["waste"], "the waste")
    piles[F_FIRST:T_FIRST] = pile_lists(position["foundations"], "foundations", FOUNDATION_COUNT)
    piles[T_FIRST:] = pile_lists(position["tableau"], "tableaus", TABLEAU_COUNT)

    counts = [0] * (CARD_COUNT // COPIES_OF_EACH_CARD)
    for pile in piles:
        for c in pile:
            counts[c] += 1
    wrong = [f"{CODES[c]} x{n}" for c, n in enumerate(counts) if n != COPIES_OF_EACH_CARD]
    if wrong:
        raise InvalidPosition("every card must appear exactly twice; found "
                              + ", ".join(wrong[:8]) + (" ..." if len(wrong) > 8 else ""))
    if not piles[F1]:
        raise InvalidPosition("foundation 1 is empty; it starts with the base card")
    if len(piles[R]) > RESERVE_SIZE:
        raise InvalidPosition(f"the reserve holds {len(piles[R])} cards; it starts with "
                              f"{RESERVE_SIZE} and never grows")
    if len(piles[S]) + len(piles[W]) > STOCK_SIZE:
        raise InvalidPosition(f"stock and waste hold {len(piles[S]) + len(piles[W])} cards; "
                              f"the stock starts with {STOCK_SIZE}")
    base = RANK_OF[piles[F1][0]]
    for i in FOUNDATION_RANGE:
        pile, name = piles[i], pile_label(i)
        if len(pile) > FOUNDATION_SIZE:
            raise InvalidPosition(f"{name} holds {len(pile)} cards; at most {FOUNDATION_SIZE}")
        for n, c in enumerate(pile):
            if RANK_OF[c] != (base + n) % RANK_COUNT:
                raise InvalidPosition(f"{name} is not built up from the base rank "
                                      f"{RANKS[base]}: card {n + 1} is {CODES[c]}")
        if pile and i != F1 and len(piles[F1]) < FIRST_FOUNDATION_SIZE:
            raise InvalidPosition(f"{name} has cards while foundation 1 is incomplete")
    for i in TABLEAU_RANGE:
        pile = piles[i]
        for below, above in zip(pile, pile[1:], strict=False):
            if RANK_OF[below] == base or RANK_OF[above] == base:
                raise InvalidPosition(f"{pile_label(i)} builds on or with a base-rank card "
                                      f"({CODES[below]} under {CODES[above]})")
            if RANK_OF[above] != (RANK_OF[below] - 1) % RANK_COUNT:
                raise InvalidPosition(f"{pile_label(i)} is not built down by one: "
                                      f"{CODES[above]} on {CODES[below]}")
    return piles
