"""The engine's errors: each a ValueError carrying a reason a player can read."""


class IllegalMove(ValueError):
    """A move the rules do not allow now; the game is left unchanged."""


class InvalidPosition(ValueError):
    """A position that cannot occur in play."""


class InvalidSave(ValueError):
    """A saved game that cannot be read: corrupt, tampered with, or of an unknown version."""
