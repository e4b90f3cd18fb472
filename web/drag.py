"""Drag and drop: mouse, pen and finger alike, through the same App calls as clicks.

A press on a card becomes a drag once the pointer moves DRAG_START_PX; the card follows the
pointer, and where it is let go the App plays the move (`App.drop`) or the card springs back.
A press that never moves far is a plain click, handled by web/controls.py. The pointer's moves
and release are listened to only while a press is held (`watch`): a mouse that merely moves
over the table runs no Python.
"""

from __future__ import annotations

from pyodide.ffi import create_once_callable
from pyscript.ffi import is_none

from plot import SOURCES

DRAG_START_PX = 6      # a press becomes a drag only after the pointer moves this far
DROP_SETTLE_MS = 220   # a card let go springs back over this long (style.css .returning)


class Drag:
    def __init__(self, app, document, window, watch=lambda pressed: None):
        self.app, self.document, self.window = app, document, window
        self.watch = watch          # (bool) -> None: listen to the pointer's moves and release
        self.press = None           # a pointer held down on a card: where and which
        self.dragging = False
        self.swallow_click = False  # the click that ends a drag is not a click

    def take_click(self) -> bool:
        """Whether a click is the end of a drag (and must be ignored); asks once."""
        swallowed, self.swallow_click = self.swallow_click, False
        return swallowed

    def down(self, event) -> None:
        """A press on a pile a card may leave: maybe the start of a drag. The pile, not the card
        element, is what counts: the card may not be drawn yet, or may be in flight."""
        self.swallow_click = False
        if self.press is not None or (event.pointerType == "mouse" and event.button != 0):
            return
        pile = event.target.closest("[data-pile]")
        if is_none(pile) or str(pile.getAttribute("data-pile")) not in SOURCES:
            return
        self.press = {"id": event.pointerId, "x": event.clientX, "y": event.clientY,
                      "pile": str(pile.getAttribute("data-pile")), "el": pile, "card": None}
        self.watch(True)

    def move(self, event) -> None:
        press = self.press
        if press is None or event.pointerId != press["id"]:
            return
        dx, dy = event.clientX - press["x"], event.clientY - press["y"]
        if not self.dragging:
            if dx * dx + dy * dy < DRAG_START_PX * DRAG_START_PX:
                return
            card = press["el"].querySelector(".card:last-of-type")
            if is_none(card):
                return  # not drawn yet: a later move starts the drag
            if not self.app.hand.pick_up(press["pile"]):
                self._release()  # nothing to drag: the message says why
                self.swallow_click = True
                return
            self.dragging = True
            press["card"] = card
            card.classList.remove("landing")  # still flying in: the player holds it now
            card.classList.add("dragging")
        event.preventDefault()
        press["card"].style.transform = f"translate({dx}px, {dy}px)"

    def up(self, event) -> None:
        press = self.press
        if press is None or event.pointerId != press["id"]:
            return
        self._release()
        if not self.dragging:
            return  # a plain press: the click that follows does the work
        self.dragging = False
        self.swallow_click = True
        under = self.document.elementFromPoint(event.clientX, event.clientY)
        target = None if is_none(under) else under.closest("[data-pile]")
        name = None if is_none(target) else str(target.getAttribute("data-pile"))
        self._let_go(press["card"], played=self.app.hand.drop(name))

    def cancel(self, event) -> None:
        press = self.press
        if press is None or event.pointerId != press["id"]:
            return
        self._release()
        if self.dragging:
            self.dragging = False
            self.app.hand.drop(None)
            self._let_go(press["card"], played=False)

    def _release(self) -> None:
        """The press is over: its pointer is no longer followed."""
        self.press = None
        self.watch(False)

    def _let_go(self, card, played: bool) -> None:
        """End a drag: a played card is redrawn on its new pile; any other springs back."""
        if played:  # the next frame redraws both piles; then this node (if kept) is reset
            self.window.setTimeout(create_once_callable(lambda: _reset(card)), DROP_SETTLE_MS)
            return
        card.classList.remove("dragging")
        card.classList.add("returning")
        card.style.transform = ""
        self.window.setTimeout(
            create_once_callable(lambda: card.classList.remove("returning")), DROP_SETTLE_MS)


def _reset(card) -> None:
    card.classList.remove("dragging")
    card.style.transform = ""
