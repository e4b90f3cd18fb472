"""The Game: a position of The Plot, its legal moves, and an undo/redo history."""

import json

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
    rank_phrase,
)
from .errors import IllegalMove, InvalidPosition, InvalidSave
from .move import (
    F_FIRST,
    FOUNDATION_RANGE,
    MOVES,
    PILE_COUNT,
    PILES,
    T_FIRST,
    TABLEAU_RANGE,
    Move,
    R,
    S,
    W,
    pile_index,
    pile_label,
)
from .prng import MAX_SEED, shuffle

SAVE_FORMAT = "the-plot-game"
SAVE_VERSION = 1

PLAYING, WON, LOST = "playing", "won", "lost"
F1 = F_FIRST
DEAL_MOVE = MOVES[S][W]
NO_RANK = -1
_EMPTY = ()


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


class Game:
    """A game of The Plot: `play` validates, `push` trusts, `undo`/`redo` walk the history."""

    __slots__ = ("_piles", "_base", "seed", "_start", "_history", "_redo",
                 "_need", "_on_foundations", "_status")

    # ---- construction -------------------------------------------------------------------

    def __init__(self, position: dict, seed: int | None = None):
        """Set up a validated position; prefer Game.new(seed) or Game.from_position(d)."""
        self._piles = _validated_piles(position)
        self._base = RANK_OF[self._piles[F1][0]]
        self.seed = seed
        self._start = self.position()
        self._history: list[Move] = []
        self._redo: list[Move] = []
        self._status = None
        self._refresh_foundations()

    @classmethod
    def new(cls, seed: int) -> "Game":
        """A fresh deal for a game number (any int from 0 to 2**64 - 1)."""
        return cls(deal(seed), seed)

    @classmethod
    def from_position(cls, position: dict) -> "Game":
        """A game starting from a position dict; InvalidPosition says what is wrong with it."""
        return cls(position, None)

    def copy(self) -> "Game":
        """An independent copy with the same position and history."""
        other = object.__new__(Game)
        other._piles = [list(p) for p in self._piles]
        other._base = self._base
        other.seed = self.seed
        other._start = self._start
        other._history = list(self._history)
        other._redo = list(self._redo)
        other._need = list(self._need)
        other._on_foundations = self._on_foundations
        other._status = self._status
        return other

    # ---- reading the position -----------------------------------------------------------

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
        """True while foundation 1 is short of 13 cards: F2–F8 locked, spaces take base only."""
        return len(self._piles[F1]) < FIRST_FOUNDATION_SIZE

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
        return bool(self._history)

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    @property
    def cards_on_foundations(self) -> int:
        return self._on_foundations

    def __str__(self) -> str:
        """The table as text, one pile a line, bottom card first: handy in a REPL or a test."""
        p = self._piles

        def cards(i):
            return " ".join(CODES[c] for c in p[i]) or "--"

        lines = [f"base rank {RANKS[self._base]}, {self.status}, {len(self._history)} moves",
                 f"R   {CODES[p[R][-1]] if p[R] else '--'} ({len(p[R])})",
                 f"S   {len(p[S])} cards", f"W   {cards(W)}"]
        lines += [f"{PILES[i]:4s}{cards(i)}" for i in FOUNDATION_RANGE]
        lines += [f"{PILES[i]:4s}{cards(i)}" for i in TABLEAU_RANGE]
        return "\n".join(lines)

    def __repr__(self) -> str:
        origin = f"seed={self.seed}" if self.seed is not None else "from a position"
        return f"<Game {origin}, {len(self._history)} moves, {self.status}>"

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
        """Why a move is illegal now, in a player's words; None if it is legal."""
        move = _as_move(move)
        si, di = move.src_index, move.dst_index
        piles = self._piles
        if si == S:
            if di != W:
                return "The stock deals only to the waste."
            return None if piles[S] else "The stock is empty: there is no redeal."
        if F_FIRST <= si < T_FIRST:
            return "Cards never leave a foundation."
        src = piles[si]
        if not src:
            return f"There is no card to move: {pile_label(si)} is empty."
        if di == R:
            return "Nothing can be put on the reserve."
        if di == S:
            return "Nothing can go back to the stock."
        if di == W:
            return "Only the stock deals to the waste."
        rank = RANK_OF[src[-1]]
        if di < T_FIRST:
            return self._foundation_refusal(di, rank)
        if si == R:
            return "The reserve card can go only to a foundation."
        dst = piles[di]
        base = self._base
        if not dst:
            if si != W:
                return "A tableau card cannot go into a space: spaces are filled from the waste."
            if rank != base and self.restricted:
                return (f"A space takes only a base-rank card ({RANK_NAMES_PLURAL[base]}) "
                        "until foundation 1 holds 13 cards.")
            return None
        if rank == base:
            return (f"A base-rank card ({RANK_NAMES_PLURAL[base]}) cannot be built onto "
                    "another tableau pile.")
        top = RANK_OF[dst[-1]]
        if top == base:
            return (f"Nothing can be built on a base-rank card ({RANK_NAMES_PLURAL[base]}) "
                    "in the tableau.")
        if rank != (top - 1) % RANK_COUNT:
            return (f"The tableau builds down: {pile_label(di)} takes "
                    f"{rank_phrase((top - 1) % RANK_COUNT)}, not {rank_phrase(rank)}.")
        return None

    def _foundation_refusal(self, di: int, rank: int) -> str | None:
        """Why foundation `di` will not take a card of `rank` now; None if it will."""
        name = pile_label(di).capitalize()
        n = len(self._piles[di])
        if di != F1 and self.restricted:
            return f"{name} is locked until foundation 1 holds 13 cards."
        if n >= FOUNDATION_SIZE:
            return f"{name} is complete."
        needed = (self._base + n) % RANK_COUNT
        if rank == needed:
            return None
        if n == 0:
            return f"{name} must start with a base-rank card ({rank_phrase(needed)})."
        return f"{name} takes {rank_phrase(needed)} next, not {rank_phrase(rank)}."

    def is_legal(self, move: Move | str) -> bool:
        """True if the move may be played now."""
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
        try:
            move = _as_move(move)
        except ValueError as error:
            raise IllegalMove(str(error)) from None
        reason = self.refusal(move)
        if reason is not None:
            raise IllegalMove(reason)
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
        return _can_dig_waste(ranks, stacks, needed, base, not self.restricted)

    # ---- saving -------------------------------------------------------------------------

    def to_json(self) -> str:
        """The whole game as JSON: format, version, seed, start position, moves and redo list."""
        return json.dumps({
            "format": SAVE_FORMAT,
            "version": SAVE_VERSION,
            "seed": self.seed,
            "start": self._start,
            "moves": " ".join(str(m) for m in self._history),
            "redo": " ".join(str(m) for m in reversed(self._redo)),
        }, separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str) -> "Game":
        """Rebuild a saved game by replaying its moves; InvalidSave says what is wrong."""
        try:
            data = json.loads(text)
        except (TypeError, ValueError, RecursionError) as error:
            raise InvalidSave(f"the save is not valid JSON ({error})") from None
        if not isinstance(data, dict):
            raise InvalidSave("the save is not a JSON object")
        if data.get("format") != SAVE_FORMAT:
            found = data.get("format")
            raise InvalidSave(f"this is not a saved game of The Plot (format {found!r})")
        version = data.get("version")
        if isinstance(version, bool) or not isinstance(version, int):
            raise InvalidSave(f"the save has no valid version number ({version!r})")
        if version > SAVE_VERSION:
            raise InvalidSave(f"the save is version {version}, made by a newer version of the "
                              f"game; this one reads up to version {SAVE_VERSION}")
        if version < 1:
            raise InvalidSave(f"unknown save version {version}")
        seed = data.get("seed")
        try:
            game = cls.from_position(data.get("start")) if seed is None else cls.new(seed)
        except InvalidPosition as error:
            raise InvalidSave(f"the saved start position is impossible: {error}") from None
        except ValueError as error:
            raise InvalidSave(f"the saved game number is invalid: {error}") from None
        if seed is not None and "start" in data and data["start"] != game._start:
            raise InvalidSave(f"the saved deal does not match game {seed}")
        moves = _move_list(data.get("moves", ""), "moves")
        redo = _move_list(data.get("redo", ""), "redo")
        for number, move in enumerate(moves + redo, 1):
            reason = game.refusal(move)
            if reason is not None:
                raise InvalidSave(f"saved move {number} ({move}) is illegal: {reason}")
            game.push(move)
        for _ in redo:
            game.undo()
        return game


RANK_NAMES_PLURAL = ("aces", "2s", "3s", "4s", "5s", "6s", "7s", "8s", "9s", "10s",
                     "jacks", "queens", "kings")


def _as_move(move) -> Move:
    """A Move from a Move or its text."""
    return move if isinstance(move, Move) else Move.parse(move)


def _move_list(text, field: str) -> list[Move]:
    """Parse a save's space-separated move list; InvalidSave if any part is not a move."""
    if not isinstance(text, str):
        raise InvalidSave(f"the save's {field} are not a list of moves")
    try:
        return [Move.parse(part) for part in text.split()]
    except ValueError as error:
        raise InvalidSave(f"the save's {field} are damaged: {error}") from None


def _can_dig_waste(waste: list[int], stacks: list[tuple[int, int]], needed: set[int],
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


def _validated_piles(position) -> list[list[int]]:
    """The piles of a position as card ints, or InvalidPosition saying what is impossible."""
    if not isinstance(position, dict):
        raise InvalidPosition("a position is a dict with reserve, stock, waste, foundations, "
                              "tableau")
    missing = [k for k in ("reserve", "stock", "waste", "foundations", "tableau")
               if k not in position]
    if missing:
        raise InvalidPosition(f"the position has no {', '.join(missing)}")
    extra = sorted(map(repr, set(position) - {"reserve", "stock", "waste", "foundations",
                                               "tableau"}))
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
