"""The Game: a position of The Plot, its legal moves, and an undo/redo history."""

from .cards import (
    CARD_COUNT,
    CODES,
    FIRST_FOUNDATION_SIZE,
    FOUNDATION_SIZE,
    RANK_COUNT,
    RANK_OF,
    RANKS,
)
from .endgame import can_dig_waste
from .errors import IllegalMove
from .move import (
    F_FIRST,
    FOUNDATION_RANGE,
    MOVES,
    PILES,
    T_FIRST,
    TABLEAU_RANGE,
    Move,
    R,
    S,
    W,
    pile_index,
)
from .position import deal, validated_piles
from .record import read_record, write_record
from .refusals import refusal
from .saves import load_record, save_record
from .status import LOST, PLAYING, WON

F1 = F_FIRST
DEAL_MOVE = MOVES[S][W]
NO_RANK = -1
_EMPTY = ()


class Game:
    """A game of The Plot: `play` validates, `push` trusts, `undo`/`redo` walk the history."""

    __slots__ = ("_piles", "_base", "_seed", "_start", "_history", "_redo",
                 "_need", "_on_foundations", "_status")

    # ---- construction -------------------------------------------------------------------

    def __init__(self, position: dict, seed: int | None = None):
        """Set up a validated position (the deal of game `seed`, if given: ValueError if it is
        not); prefer Game.new(seed) or Game.from_position(d)."""
        self._setup(position, seed)  # InvalidPosition first: what is wrong with the position
        if seed is not None and position != deal(seed):
            raise ValueError(f"the position is not the deal of game {seed}")

    def _setup(self, position: dict, seed: int | None) -> None:
        self._piles = validated_piles(position)
        self._base = RANK_OF[self._piles[F1][0]]
        self._seed = seed
        self._start = self.position()
        self._history: list[Move] = []
        self._redo: list[Move] = []
        self._status = None
        self._refresh_foundations()

    @classmethod
    def new(cls, seed: int) -> "Game":
        """A fresh deal for a game number (any int from 0 to 2**64 - 1)."""
        game = object.__new__(cls)
        game._setup(deal(seed), seed)  # the deal of `seed` by construction: no need to check
        return game

    @classmethod
    def from_position(cls, position: dict) -> "Game":
        """A game starting from a position dict; InvalidPosition says what is wrong with it."""
        return cls(position, None)

    def copy(self) -> "Game":
        """An independent copy with the same position and history."""
        other = object.__new__(Game)
        other._piles = [list(p) for p in self._piles]
        other._base = self._base
        other._seed = self._seed
        other._start = self._start
        other._history = list(self._history)
        other._redo = list(self._redo)
        other._need = list(self._need)
        other._on_foundations = self._on_foundations
        other._status = self._status
        return other

    # ---- reading the position -----------------------------------------------------------

    @property
    def seed(self) -> int | None:
        """The game number of the deal, or None for a game started from a position."""
        return self._seed

    def position(self) -> dict:
        """The position as JSON-ready lists of card codes, each pile bottom to top."""
        p = self._piles
        return {
            "reserve": [CODES[c] for c in p[R]],
            "stock": [CODES[c] for c in p[S]],
            "waste": [CODES[c] for c in p[W]],
            "foundations": [[CODES[c] for c in p[i]] for i in FOUNDATION_RANGE],
            "tableau": [[CODES[c] for c in p[i]] for i in TABLEAU_RANGE],
        }

    def start_position(self) -> dict:
        """The position the game started from (what Restart goes back to)."""
        return {key: [list(x) for x in value] if key in ("foundations", "tableau") else list(value)
                for key, value in self._start.items()}

    def pile(self, name: str) -> list[str]:
        """The card codes of one pile, bottom to top."""
        return [CODES[c] for c in self._piles[pile_index(name)]]

    def top(self, name: str) -> str | None:
        """The code of a pile's top card, or None if it is empty."""
        pile = self._piles[pile_index(name)]
        return CODES[pile[-1]] if pile else None

    @property
    def base_rank(self) -> str:
        """The rank of this deal's base card, e.g. '9'."""
        return RANKS[self._base]

    @property
    def restricted(self) -> bool:
        """True while foundation 1 is short of its 13 cards: F2–F8 locked, spaces take base only."""
        return len(self._piles[F1]) < FIRST_FOUNDATION_SIZE

    def locked(self, name: str) -> bool:
        """True for a foundation that takes no card yet: F2–F8 while foundation 1 is short."""
        index = pile_index(name)
        return index in FOUNDATION_RANGE and index != F1 and self.restricted

    def complete(self, name: str) -> bool:
        """True for a foundation that holds all its cards."""
        index = pile_index(name)
        return index in FOUNDATION_RANGE and len(self._piles[index]) == FOUNDATION_SIZE

    @property
    def history(self) -> list[Move]:
        """The moves played so far, oldest first."""
        return list(self._history)

    @property
    def redo_moves(self) -> list[Move]:
        """The moves `redo` would replay, next one first."""
        return self._redo[::-1]

    @property
    def moves_played(self) -> int:
        """How many moves are on the undo stack."""
        return len(self._history)

    @property
    def can_undo(self) -> bool:
        """True if a move has been played (undo has something to take back)."""
        return bool(self._history)

    @property
    def can_redo(self) -> bool:
        """True if an undone move waits to be replayed."""
        return bool(self._redo)

    @property
    def cards_on_foundations(self) -> int:
        """How many of the 104 cards are home (104: won)."""
        return self._on_foundations

    def __str__(self) -> str:
        """The table as text, one pile a line, bottom card first (the reserve's top card and
        count, the stock's count): handy in a REPL or a test."""
        p = self._piles

        def cards(i):
            return " ".join(CODES[c] for c in p[i]) or "--"

        played = counted_moves(len(self._history))
        lines = [f"base rank {RANKS[self._base]}, {self.status}, {played}",
                 f"R   {CODES[p[R][-1]] if p[R] else '--'} ({len(p[R])})",
                 f"S   {len(p[S])} cards", f"W   {cards(W)}"]
        lines += [f"{PILES[i]:4s}{cards(i)}" for i in FOUNDATION_RANGE]
        lines += [f"{PILES[i]:4s}{cards(i)}" for i in TABLEAU_RANGE]
        return "\n".join(lines)

    def __eq__(self, other: object) -> bool:
        """Games are equal when their positions are, as python-chess compares boards: the moves
        that led there, the moves that can be redone and the deal's number are not compared."""
        if not isinstance(other, Game):
            return NotImplemented
        return self._piles == other._piles

    __hash__ = None  # a game changes with every move, so it cannot be a set member or a dict key

    def __repr__(self) -> str:
        origin = f"seed={self.seed}" if self.seed is not None else "from a position"
        return f"<Game {origin}, {counted_moves(len(self._history))}, {self.status}>"

    # ---- legality -----------------------------------------------------------------------

    def _refresh_foundations(self) -> None:
        """Recompute which rank each foundation takes next (NO_RANK if none)."""
        piles, base = self._piles, self._base
        locked = len(piles[F1]) < FIRST_FOUNDATION_SIZE
        need = []
        total = 0
        for i in FOUNDATION_RANGE:
            n = len(piles[i])
            total += n
            if n >= FOUNDATION_SIZE or (locked and i != F1):
                need.append(NO_RANK)
            else:
                need.append((base + n) % RANK_COUNT)
        self._need = need
        self._on_foundations = total

    def legal_moves(self) -> list[Move]:
        """Every legal move now, in a fixed order: reserve, waste, tableau, then the deal."""
        piles, base, need = self._piles, self._base, self._need
        moves = []
        add = moves.append
        # Foundations accepting each rank.
        to_found = [_EMPTY] * RANK_COUNT
        for f, r in enumerate(need):
            if r != NO_RANK:
                to_found[r] = (*to_found[r], f + F_FIRST)
        # Tableau tops by rank (only piles that can be built on), and the spaces.
        onto = [_EMPTY] * RANK_COUNT
        spaces = []
        tops = []
        for i in TABLEAU_RANGE:
            pile = piles[i]
            if pile:
                r = RANK_OF[pile[-1]]
                tops.append((i, r))
                if r != base:
                    onto[r] = (*onto[r], i)
            else:
                spaces.append(i)

        reserve = piles[R]
        if reserve:
            for f in to_found[RANK_OF[reserve[-1]]]:
                add(MOVES[R][f])
        waste = piles[W]
        if waste:
            r = RANK_OF[waste[-1]]
            row = MOVES[W]
            for f in to_found[r]:
                add(row[f])
            if r != base:
                for t in onto[(r + 1) % RANK_COUNT]:
                    add(row[t])
            if spaces and (r == base or len(piles[F1]) >= FIRST_FOUNDATION_SIZE):
                for t in spaces:
                    add(row[t])
        for i, r in tops:
            row = MOVES[i]
            for f in to_found[r]:
                add(row[f])
            if r != base:
                for t in onto[(r + 1) % RANK_COUNT]:
                    if t != i:
                        add(row[t])
        if piles[S]:
            add(DEAL_MOVE)
        return moves

    def refusal(self, move: Move | str) -> str | None:
        """Why a move is illegal now, in a player's words (text that is no move says what is
        wrong with it); None if it is legal."""
        try:
            move = _as_move(move)
        except ValueError as error:
            return str(error)
        return refusal(self._piles, self._base, move)

    def is_legal(self, move: Move | str) -> bool:
        """True if the move may be played now (False for text that is no move)."""
        return self.refusal(move) is None

    def targets(self, name: str) -> list[str]:
        """Names of the piles the card available on pile `name` may legally go to now."""
        index = pile_index(name)
        return [m.dst for m in self.legal_moves() if m.src_index == index]

    # ---- making moves -------------------------------------------------------------------

    def push(self, move: Move) -> None:
        """Play a move known to be legal (from legal_moves), without checking it."""
        redo = self._redo
        if redo:
            if redo[-1] is move:
                redo.pop()
            else:
                redo.clear()
        self._apply(move.src_index, move.dst_index)
        self._history.append(move)

    def play(self, move: Move | str) -> Move:
        """Play a move after checking it; an IllegalMove says why and leaves the game unchanged."""
        reason = self.refusal(move)
        if reason is not None:
            raise IllegalMove(reason, move)
        move = _as_move(move)
        self.push(move)
        return move

    def undo(self) -> Move | None:
        """Take back the last move; returns it, or None if there is nothing to undo."""
        if not self._history:
            return None
        move = self._history.pop()
        self._apply(move.dst_index, move.src_index)
        self._redo.append(move)
        return move

    def redo(self) -> Move | None:
        """Replay the last undone move; returns it, or None if there is nothing to redo."""
        if not self._redo:
            return None
        move = self._redo.pop()
        self._apply(move.src_index, move.dst_index)
        self._history.append(move)
        return move

    def restart(self) -> None:
        """Go back to the starting position; the whole game so far becomes redoable."""
        while self.undo() is not None:
            pass

    def _apply(self, si: int, di: int) -> None:
        """Move the top card of pile si onto pile di and update what depends on it."""
        piles = self._piles
        piles[di].append(piles[si].pop())
        self._status = None
        if F_FIRST <= di < T_FIRST or F_FIRST <= si < T_FIRST:
            self._refresh_foundations()

    # ---- the end of the game ------------------------------------------------------------

    @property
    def status(self) -> str:
        """'won' with all 104 cards home, 'lost' when no card can ever reach a foundation again."""
        if self._status is None:
            if self._on_foundations == CARD_COUNT:
                self._status = WON
            elif self._can_still_score():
                self._status = PLAYING
            else:
                self._status = LOST
        return self._status

    def _can_still_score(self) -> bool:
        """True if some sequence of legal moves can put another card on a foundation."""
        piles, base = self._piles, self._base
        if piles[S]:
            return True
        needed = {r for r in self._need if r != NO_RANK}
        reserve, waste = piles[R], piles[W]
        if reserve and RANK_OF[reserve[-1]] in needed:
            return True
        stacks = []
        for i in TABLEAU_RANGE:
            pile = piles[i]
            if pile:
                if RANK_OF[pile[-1]] in needed:
                    return True
                stacks.append((RANK_OF[pile[0]], len(pile)))
        ranks = [RANK_OF[c] for c in waste]
        return can_dig_waste(ranks, stacks, needed, base, not self.restricted)

    # ---- saving -------------------------------------------------------------------------

    def to_json(self) -> str:
        """The whole game as JSON: format, version, seed, start position, moves and redo list."""
        return save_record(self)

    @classmethod
    def from_json(cls, text: str) -> "Game":
        """Rebuild a saved game by replaying its moves; InvalidSave says what is wrong."""
        return load_record(cls, text)

    def to_record(self, date=None) -> str:
        """The game as a record (after chess's PGN): its deal, the date (today if None), the
        result and the moves played; no undo history (docs/records.md)."""
        return write_record(self, date)

    @classmethod
    def from_record(cls, text: str) -> "Game":
        """Rebuild a game from a record by replaying its moves; InvalidRecord names the line and
        the move at fault, and nothing is half-loaded."""
        return read_record(cls, text)


def counted_moves(count: int) -> str:
    """'1 move', '2 moves'."""
    return f"{count} move" if count == 1 else f"{count} moves"


def _as_move(move) -> Move:
    """A Move from a Move or its text."""
    return move if isinstance(move, Move) else Move.parse(move)


