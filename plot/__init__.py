"""The Plot: a two-deck patience, as a pure-Python rules engine.

    >>> from plot import Game
    >>> g = Game.new(1)
    >>> g.play("S-W")
    Move.parse('S-W')
"""

__version__ = "0.1.0"  # the one place it is written: pyproject.toml reads it from here

from .cards import (
    CODES,
    FIRST_FOUNDATION_SIZE,
    FOUNDATION_SIZE,
    RANKS,
    SUITS,
    card_name,
    parse_card,
)
from .errors import IllegalMove, InvalidPosition, InvalidRecord, InvalidSave, NewerSave
from .game import LOST, PLAYING, WON, Game
from .move import DESTINATIONS, FOUNDATIONS, PILES, RESERVE, SOURCES, STOCK, TABLEAU, WASTE, Move
from .position import deal
from .saves import SAVE_FORMAT, SAVE_VERSION

__all__ = [
    "CODES", "DESTINATIONS", "FIRST_FOUNDATION_SIZE", "FOUNDATIONS", "FOUNDATION_SIZE", "LOST",
    "PILES", "PLAYING", "RANKS", "RESERVE", "SAVE_FORMAT", "SAVE_VERSION", "SOURCES", "STOCK",
    "SUITS", "TABLEAU", "WASTE", "WON", "Game", "IllegalMove", "InvalidPosition", "InvalidRecord",
    "InvalidSave", "Move", "NewerSave", "card_name", "deal", "parse_card",
]
