"""The player's hand: the card picked up, and what a click, a drag or the F key does with it.

One card at a time is picked up from a pile the engine lets cards leave; its legal targets
light up; a click on one plays the move through the App. Every rule question goes to the engine.
"""

from __future__ import annotations

from plot import FOUNDATIONS, SOURCES, STOCK, TABLEAU

from . import words
from .state import Dialog, Tone


class Hand:
    def __init__(self, app):
        self.app = app                  # the App: its game, dialog, play, say
        self.pile: str | None = None    # the pile whose top card is picked up
        self.targets: list[str] = []    # where the engine lets it go now

    def click(self, name: str, double: bool = False) -> None:
        """A click (or the second click of a double-click) on the pile called `name`."""
        if self.app.dialog is Dialog.CONFIRM:
            self.app.cancel()
        elif name == STOCK:
            self.app.deal()
        elif double:
            if self.pile == name:  # a double-click counts only if its first click selected
                self._to_foundation(name)
        elif self.pile is None:
            self._select(name)
        elif self.pile == name:
            self.deselect()
        else:
            self.app.play(f"{self.pile}-{name}")

    def pick_up(self, name: str) -> bool:
        """A drag starts on pile `name`: select its card as a click would; True if it can move."""
        if self.app.dialog is Dialog.CONFIRM:
            self.app.cancel()
            return False
        if self.pile != name:
            self.put_down()
            self._select(name)
        return self.pile == name and bool(self.targets)

    def drop(self, name: str | None) -> bool:
        """The dragged card is let go over pile `name` (None: not over a pile). Plays the move if
        the engine allows it (True); otherwise the card goes back, with the engine's reason when
        it was dropped on another pile."""
        src = self.pile
        if src is None:
            return False
        self.put_down()
        if name is None or name == src:
            self.app.say(words.put_down(self.app.touch))
            return False
        before = self.app.game.moves_played
        self.app.play(f"{src}-{name}")  # refused: the engine's reason stays on the status line
        return self.app.game.moves_played > before

    def send_home(self, name: str) -> None:
        """Play the card available on pile `name` to the first foundation that takes it (F key)."""
        if name not in SOURCES or not self.app.game.pile(name):
            self.app.say(words.no_card_to_send(name), Tone.ERROR)
            return
        self._to_foundation(name)

    def _select(self, name: str) -> None:
        game = self.app.game
        if name in FOUNDATIONS:
            self.app.say(words.foundation_picked(name, not game.pile(name), game.locked(name)))
        elif name not in SOURCES:
            self.app.say(words.SPACE_IS_EMPTY)
        elif not game.pile(name):
            self.app.say(words.pile_is_empty(name))
        else:
            self.pile, self.targets = name, game.targets(name)
            card = game.top(name)
            base = name in TABLEAU and card[0] == game.base_rank
            self.app.say(words.selected(card, bool(self.targets), base))

    def put_down(self) -> None:
        """No card is selected any more (nothing is said)."""
        self.pile, self.targets = None, []

    def deselect(self) -> None:
        """Esc or a click on the felt: the card goes back (and says so), or the question goes."""
        held = self.pile is not None
        if held or self.app.dialog is Dialog.CONFIRM:
            self.put_down()
            if self.app.dialog is Dialog.CONFIRM:
                self.app.drop_question()
            self.app.say(words.put_down(self.app.touch) if held else "")

    def _to_foundation(self, name: str) -> None:
        homes = [t for t in self.app.game.targets(name) if t in FOUNDATIONS]
        if homes:
            self.app.play(f"{name}-{homes[0]}")
        else:
            self.put_down()
            self.app.say(words.no_foundation_takes(self.app.game.top(name)), Tone.ERROR)
