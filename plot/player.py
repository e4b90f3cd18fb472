"""A simple, human-like player: greedy, sees only what a player sees, and sometimes misses a move.

It is the yardstick of `plot/difficulty.py`: a deal is easy when this player often wins it.

What it sees: the reserve top, the waste top, the tableau and the foundations; never the stock
or the cards under the reserve top. Each turn it plays the first kind of move on this list that
it has, choosing at random between moves of the same kind:

1. the reserve top to a foundation (the reserve is the bottleneck of The Plot);
2. a tableau top or the waste top to a foundation;
3. a tableau top onto another pile, when that uncovers a card that goes home at once;
4. the waste top onto a tableau pile;
5. the waste top into a space: a base-rank card, or any card if another space stays free (it
   keeps a space) or the stock is empty;
6. deal a card.

Now and then (`MISS_CHANCE_PERCENT`) it overlooks a move of kinds 3 to 5 and deals instead, as a
player does who has not noticed; it never overlooks a move home. When it has nothing to play and
the stock is empty it stops: the game is lost for it. Every playout is seeded (SplitMix64), so a
deal's win rate is the same in every run, in CPython and in Pyodide.
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import CARD_COUNT, FOUNDATION_SIZE, RANK_COUNT, RANKS
from .game import Game
from .move import FOUNDATIONS, RESERVE, STOCK, TABLEAU, WASTE, Move
from .prng import SplitMix64

MISS_CHANCE_PERCENT = 33  # how often the player overlooks a move of kinds 3-5 and deals instead
PERCENT = 100
MAX_TURNS = 1_000  # a guard only: a game by this player takes some 250 turns
DEAL = Move(STOCK, WASTE)
FIRST_FOUNDATION = FOUNDATIONS[0]
RANK_INDEX = {rank: i for i, rank in enumerate(RANKS)}
_FOUNDATIONS = frozenset(FOUNDATIONS)
_TABLEAU = frozenset(TABLEAU)


@dataclass(frozen=True)
class Playout:
    """One game by the simple player: whether it won, the cards it got home, its moves."""

    won: bool
    cards_home: int
    moves: tuple[str, ...]
    completed_first_foundation: bool


def play_out(game: Game, playout_seed: int,
             miss_chance_percent: int = MISS_CHANCE_PERCENT) -> Playout:
    """The simple player plays a copy of `game` to its end, its choices drawn from the seed."""
    player = SimplePlayer(game.copy(), SplitMix64(playout_seed), miss_chance_percent)
    game = player.game
    start = game.moves_played
    for _ in range(MAX_TURNS):
        if game.cards_on_foundations == CARD_COUNT:
            break
        move = player.choose()
        if move is None:
            break
        game.push(move)
    line = tuple(str(m) for m in game.history[start:])
    return Playout(game.cards_on_foundations == CARD_COUNT, game.cards_on_foundations, line,
                   not game.restricted)


class SimplePlayer:
    """The simple player's choice of move in one game (see the module docstring)."""

    def __init__(self, game: Game, rng: SplitMix64,
                 miss_chance_percent: int = MISS_CHANCE_PERCENT):
        self.game = game
        self.rng = rng
        self.miss_chance_percent = miss_chance_percent
        self.base = RANK_INDEX[game.base_rank]

    def choose(self) -> Move | None:
        """The next move, or None when the player sees nothing to do and cannot deal."""
        game = self.game
        legal = game.legal_moves()
        home = [m for m in legal if m.dst in _FOUNDATIONS]
        if home:
            from_reserve = [m for m in home if m.src == RESERVE]
            return from_reserve[0] if from_reserve else self.pick(home)
        can_deal = game.top(STOCK) is not None
        for kind in (self.uncovering, self.waste_builds, self.waste_to_space):
            moves = kind(legal, can_deal)
            if moves and not (can_deal and self.rng.below(PERCENT) < self.miss_chance_percent):
                return self.pick(moves)
        return DEAL if can_deal else None

    def height(self, card: str) -> int:
        """How many cards a foundation holds when it takes this card next."""
        return (RANK_INDEX[card[0]] - self.base) % RANK_COUNT

    def uncovering(self, legal: list[Move], can_deal: bool) -> list[Move]:
        """Tableau-to-tableau moves that uncover a card some foundation takes now."""
        game = self.game
        moves = [m for m in legal if m.src in _TABLEAU and m.dst in _TABLEAU]
        if not moves:
            return moves
        wanted = self.wanted_heights()
        uncovering = []
        for m in moves:
            pile = game.pile(m.src)
            if len(pile) > 1 and self.height(pile[-2]) in wanted:
                uncovering.append(m)
        return uncovering

    def wanted_heights(self) -> set[int]:
        """The heights of the foundations that take a card now (F1's alone while restricted)."""
        game = self.game
        if game.restricted:
            return {len(game.pile(FIRST_FOUNDATION))}
        return {n for n in (len(game.pile(f)) for f in FOUNDATIONS) if n < FOUNDATION_SIZE}

    def waste_builds(self, legal: list[Move], can_deal: bool) -> list[Move]:
        """The waste top onto a tableau pile."""
        game = self.game
        return [m for m in legal if m.src == WASTE and m.dst in _TABLEAU and game.top(m.dst)]

    def waste_to_space(self, legal: list[Move], can_deal: bool) -> list[Move]:
        """The waste top into a space: a base card, or keeping another space, or at the end."""
        game = self.game
        spaces = [m for m in legal
                  if m.src == WASTE and m.dst in _TABLEAU and game.top(m.dst) is None]
        if spaces and (self.height(game.top(WASTE)) == 0 or len(spaces) > 1 or not can_deal):
            return spaces[:1]
        return []

    def pick(self, moves: list[Move]) -> Move:
        """One of the moves, at random."""
        return moves[self.rng.below(len(moves))] if len(moves) > 1 else moves[0]

