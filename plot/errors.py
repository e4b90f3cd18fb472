"""The engine's errors: each a ValueError carrying a reason a player can read."""


class IllegalMove(ValueError):
    """A move the rules do not allow now; the game is left unchanged."""


class InvalidPosition(ValueError):
    """A position that cannot occur in play."""


class InvalidSave(ValueError):
    """A saved game that cannot be read: corrupt, tampered with, or of an unknown version."""


class NewerSave(InvalidSave):
    """A record written by a newer version than this code reads: keep it untouched, never reset.
    `version` is the record's version."""

    def __init__(self, what: str, version: int):
        super().__init__(f"{what} made by a newer version of the game (version {version})")
        self.version = version
