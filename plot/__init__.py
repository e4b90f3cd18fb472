"""The Plot: a two-deck patience, as a pure-Python rules engine.

    >>> from plot import Game
    >>> g = Game.new(1)
    >>> g.play("S-W")
    Move.parse('S-W')
"""

from .cards import CODES, RANKS, SUITS, card_name, parse_card
from .errors import IllegalMove, InvalidPosition, InvalidSave, NewerSave
from .game import LOST, PLAYING, SAVE_FORMAT, SAVE_VERSION, WON, Game, deal
from .move import FOUNDATIONS, PILES, TABLEAU, Move

__all__ = [
    "CODES", "FOUNDATIONS", "LOST", "PILES", "PLAYING", "RANKS", "SAVE_FORMAT", "SAVE_VERSION",
    "SUITS", "TABLEAU", "WON", "Game", "IllegalMove", "InvalidPosition", "InvalidSave", "Move",
    "NewerSave", "card_name", "deal", "parse_card",
]
