"""Safe auto-play: the foundation moves that can never cost the player anything.

A player may ask the page to send cards home by itself. It must only ever make moves that no
winning line could need to avoid, so the rule lives here, in the engine, with its proof.

**The rule.** Let the *height* of a foundation be the number of cards on it, and let the card X of
rank r go onto a foundation at height h (so r is h ranks above the base rank). The move X -> F is
safe when it is legal and **no foundation is lower than h** (F is one of the lowest foundations).

**Why such a move can never be needed back.** Every card's whole future is to sit somewhere until
it goes home, so keeping X off the foundation could only help in one of these ways, and none is
possible:

1. *X as a place to build.* Only a card of rank r - 1 can be built onto X, and only when neither
   is base rank. If r is the base rank nothing is ever built on X. Otherwise rank r - 1 goes onto a
   foundation at height h - 1, and every foundation is already at height h or more: all eight cards
   of rank r - 1 (two decks, four suits) are home, and no card can ever be built on X.
2. *Another card of rank r wanting the slot.* Each foundation takes exactly one card of each rank,
   so the rank-r cards still off the foundations are exactly as many as the foundations still at
   height h or lower; none is lower, so each of them has its own foundation at height h waiting,
   and that foundation can only be advanced by a rank-r card. Taking one slot for X leaves one for
   every other rank-r card, now and later. (While foundation 1 is incomplete, foundations 2-8 are
   locked at height 0, so only a base-rank card could pass the test, and no foundation takes one:
   nothing is ever auto-played under the restriction.)
3. *X moved within the tableau instead.* From the waste or a tableau pile X could go onto another
   tableau pile; that uncovers the same card as going home does, and then X covers a pile instead
   of nothing. The reserve top can only go home anyway.
4. *What the move uncovers.* Uncovering the next waste, reserve or tableau card only adds choices;
   nothing in The Plot is ever forced. A tableau pile emptied by the move becomes a space, which
   takes cards from the waste, whereas X (by 1.) takes nothing.

Foundations at the same height are interchangeable (each has taken exactly the ranks from the base
rank up to that height), so which of the lowest foundations X goes to does not matter.
"""

from __future__ import annotations

from .game import Game
from .move import FOUNDATIONS, Move


def safe_foundation_moves(game: Game) -> list[Move]:
    """Legal foundation moves that can never be needed back (see the module docstring), at
    most one per source pile, in legal_moves() order."""
    heights = {name: len(game.pile(name)) for name in FOUNDATIONS}
    lowest = min(heights.values())
    moves, sources = [], set()
    for move in game.legal_moves():
        if move.dst in heights and heights[move.dst] == lowest and move.src not in sources:
            moves.append(move)
            sources.add(move.src)
    return moves
