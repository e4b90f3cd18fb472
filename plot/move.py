"""Pile names and the Move value type: 'SOURCE-DEST', e.g. 'W-T3', 'T5-F1', 'S-W'."""

from .cards import FOUNDATION_COUNT, TABLEAU_COUNT

RESERVE, STOCK, WASTE = "R", "S", "W"
FOUNDATIONS = tuple(f"F{i}" for i in range(1, FOUNDATION_COUNT + 1))
TABLEAU = tuple(f"T{i}" for i in range(1, TABLEAU_COUNT + 1))
PILES = (RESERVE, STOCK, WASTE, *FOUNDATIONS, *TABLEAU)
SOURCES = (RESERVE, WASTE, *TABLEAU)  # the piles a card may be picked up from (the stock deals)
DESTINATIONS = (*FOUNDATIONS, *TABLEAU)  # the piles a picked-up card may be played to
PILE_INDEX = {name: i for i, name in enumerate(PILES)}

R, S, W = 0, 1, 2
F_FIRST = 3
T_FIRST = F_FIRST + FOUNDATION_COUNT
PILE_COUNT = len(PILES)
FOUNDATION_RANGE = range(F_FIRST, T_FIRST)
TABLEAU_RANGE = range(T_FIRST, PILE_COUNT)


def pile_label(index: int) -> str:
    """A pile's name in words, for messages: 'the waste', 'foundation 2', 'tableau 7'."""
    if index == R:
        return "the reserve"
    if index == S:
        return "the stock"
    if index == W:
        return "the waste"
    if index < T_FIRST:
        return f"foundation {index - F_FIRST + 1}"
    return f"tableau {index - T_FIRST + 1}"


def pile_index(name: str) -> int:
    """The index of a pile name such as 'T3' (or 't3', as Move.parse reads it); ValueError
    naming the valid names otherwise."""
    index = PILE_INDEX.get(name) if isinstance(name, str) else None
    if index is None and isinstance(name, str):
        index = PILE_INDEX.get(name.strip().upper())
    if index is None:
        raise ValueError(f"{name!r} is not a pile: use R, S, W, F1-F8 or T1-T12")
    return index


class Move:
    """One card from one pile to another; all moves in The Plot are single cards. Immutable:
    each move exists once and every game shares it."""

    __slots__ = ("src", "dst", "src_index", "dst_index", "_text")

    def __new__(cls, src: str, dst: str):
        si, di = pile_index(src), pile_index(dst)
        if si == di:
            raise ValueError(f"a move needs two different piles, not {src} to itself")
        return _MOVES[si][di]

    @classmethod
    def _make(cls, si: int, di: int) -> "Move":
        move = object.__new__(cls)
        for name, value in (("src", PILES[si]), ("dst", PILES[di]), ("src_index", si),
                            ("dst_index", di), ("_text", f"{PILES[si]}-{PILES[di]}")):
            object.__setattr__(move, name, value)
        return move

    @classmethod
    def parse(cls, text: str) -> "Move":
        """Read 'SOURCE-DEST' (case and outer spaces ignored); ValueError says what is wrong."""
        if not isinstance(text, str):
            raise ValueError(f"a move is text like 'W-T3', not {type(text).__name__}")
        parts = text.strip().upper().split("-")
        if len(parts) != 2:
            raise ValueError(f"{text!r} is not a move: write SOURCE-DEST, e.g. 'W-T3' or 'S-W'")
        return cls(parts[0], parts[1])

    def __setattr__(self, name, value):
        raise AttributeError(f"a Move cannot be changed: {self._text} is shared by every game")

    def __delattr__(self, name):
        raise AttributeError(f"a Move cannot be changed: {self._text} is shared by every game")

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"Move.parse({self._text!r})"

    def __reduce__(self):
        return (Move, (self.src, self.dst))

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self


# Every possible move exists once; Move(...) and Move.parse(...) return these, so `is` and == agree.
_MOVES = [[Move._make(si, di) if si != di else None for di in range(PILE_COUNT)]
          for si in range(PILE_COUNT)]
MOVES = _MOVES
