"""The engine's errors: each a ValueError carrying a reason a player can read."""


class IllegalMove(ValueError):
    """A move the rules do not allow now; the game is left unchanged. `reason` is why, in a
    player's words, and `move` the move as it was given (a Move or text)."""

    def __init__(self, reason: str, move=None):
        super().__init__(reason)
        self.reason = reason
        self.move = move


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


class InvalidRecord(ValueError):
    """A game record that cannot be read: malformed, or a move the rules refuse. `line` is the
    line of the text at fault (from 1) and `move` the move's number, each None if none is."""

    def __init__(self, reason: str, line: int | None = None, move: int | None = None):
        where = ", ".join(([f"line {line}"] if line is not None else [])
                          + ([f"move {move}"] if move is not None else []))
        super().__init__(f"{where}: {reason}" if where else reason)
        self.reason = reason
        self.line = line
        self.move = move
