"""The room each tableau row keeps for its fans: the longest pile it holds anywhere along the
game's line (the moves played and those that can be redone), not only now.

style.css sizes every card from these numbers, so a row that needs more room shrinks every card
on the table. Sized by the position of the moment, a phone's cards changed size on 57 of the 120
moves of the interaction benchmark's game (benchmarks/inp.py), each time laying out and painting
the whole table (13-16 ms of layout in the slowest clicks traced for issue 14) and moving the
piles under the player's finger. Along the line, the cards shrink when a pile first needs the
room and keep their size while piles grow and shrink, through undo, redo, Restart and replay;
only playing a different move after undoing drops the room of the future it discards. Pure
Python.
"""

from __future__ import annotations

from plot import TABLEAU
from plot.cards import TABLEAU_ROW_LENGTH

ROWS = tuple(TABLEAU[i:i + TABLEAU_ROW_LENGTH] for i in range(0, len(TABLEAU), TABLEAU_ROW_LENGTH))


def row_lengths(game) -> tuple[int, ...]:
    """Each tableau row's longest pile in the game's position now."""
    return tuple(max(len(game.pile(name)) for name in row) for row in ROWS)


class Room:
    """Each row's longest pile along a game's line, kept up to date as the game changes: a move
    played costs one look at the position, undo and redo cost nothing, another game (a new
    deal, a save loaded) is walked once."""

    def __init__(self):
        self._game = None                          # the game last measured (held, so `is` holds)
        self._line: list = []                      # its line then: moves played, then to redo
        self._rows: list[tuple[int, ...]] = []     # row lengths at each position of that line
        self._most: tuple[int, ...] = ()

    def rows(self, game) -> tuple[int, ...]:
        """Each tableau row's longest pile along `game`'s line."""
        played = game.history
        line = played + game.redo_moves
        if game is self._game and line == self._line:
            return self._most
        kept = 0  # positions still measured: position i follows the line's first i moves
        if game is self._game:
            for old, new in zip(self._line, line, strict=False):
                if old != new:
                    break
                kept += 1
            kept += 1
        now = len(played)
        fresh = {}
        if kept <= now:  # positions now, now - 1, ..., kept: walk back from here
            walk = game
            for i in range(now, kept - 1, -1):
                fresh[i] = row_lengths(walk)
                if i > kept:
                    if walk is game:
                        walk = game.copy()  # the game itself stays where it is
                    walk.undo()
        if len(line) > now and len(line) >= kept:  # positions after now: walk forward
            walk = game.copy()
            for i in range(now + 1, len(line) + 1):
                walk.redo()
                if i >= kept:
                    fresh[i] = row_lengths(walk)
        rows = self._rows[:kept] + [fresh[i] for i in range(kept, len(line) + 1)]
        self._game, self._line, self._rows = game, line, rows
        self._most = tuple(map(max, *rows)) if len(rows) > 1 else rows[0]
        return self._most
