"""Input: every click, tap and key becomes one call on the App, through one path.

One delegated click listener on the table finds the pile under the pointer (`data-pile`); one on
the document handles buttons (`data-action`); one keydown listener maps the keys (KEYS below is the
one place a key is bound). Keyboard focus is a roving tabindex over the piles: exactly one pile is
in the Tab order, the arrow keys move between them, and Enter or Space on a pile is a click on it.
"""

from __future__ import annotations

import asyncio
import traceback

from pyodide.ffi import create_proxy
from pyscript.ffi import is_none

TYPING = {"INPUT", "TEXTAREA", "SELECT"}
ACTIVATES_ON_SPACE = {"BUTTON", "A", "SUMMARY", "INPUT"}
TOGGLES = {"checkbox", "radio"}  # inputs that take no typing: the game's keys still work on them
# Keyboard order of the piles: reserve, foundations, tableau row by row, stock, waste.
PILE_ORDER = ("R", *(f"F{i}" for i in range(1, 9)), *(f"T{i}" for i in range(1, 13)), "S", "W")
# Plain letter keys (no Ctrl): the action each one asks for.
KEYS = {"z": "undo", "d": "deal", "n": "new", "h": "hint", "f": "home"}
ARROWS = {"ArrowLeft": -1, "ArrowRight": 1, "ArrowUp": "up", "ArrowDown": "down",
          "Home": "first", "End": "last"}
ROW_TOLERANCE_PX = 12  # piles whose tops differ by less than this sit in one row
DRAG_START_PX = 6      # a press becomes a drag only after the pointer moves this far
DROP_SETTLE_MS = 220   # a card let go springs back over this long (style.css .returning)
DRAGGABLE = frozenset(["R", "W", *(f"T{i}" for i in range(1, 13))])


class Controls:
    def __init__(self, app, renderer, document, window):
        self.app, self.renderer = app, renderer
        self.document, self.window = document, window
        self.last_select: str | None = None  # the pile the last single click selected
        self.focused = "R"                   # the pile in the Tab order (roving tabindex)
        self._proxies = []
        table = document.getElementById("table")
        self._listen(table, "click", self.on_table_click)
        self._listen(table, "focusin", self.on_focus)
        self.press = None          # a pointer held down on a card: where and which
        self.dragging = False
        self.swallow_click = False  # the click that ends a drag is not a click
        self._listen(table, "pointerdown", self.on_pointer_down)
        self._listen(document, "pointermove", self.on_pointer_move)
        self._listen(document, "pointerup", self.on_pointer_up)
        self._listen(document, "pointercancel", self.on_pointer_cancel)
        self._listen(document, "click", self.on_action_click)
        self._listen(document, "keydown", self.on_key)
        self._listen(document, "change", self.on_setting)
        self._listen(window, "hashchange", self.on_hash)
        self._listen(document, "visibilitychange", self.on_visibility)
        self._listen(window, "pagehide", lambda _e: app.save_now())
        self._listen(window, "storage", self.on_storage)

    def _listen(self, target, kind, handler) -> None:
        proxy = create_proxy(self._guarded(handler))
        self._proxies.append(proxy)  # listeners live as long as the page
        target.addEventListener(kind, proxy)

    def _guarded(self, handler):
        """A bug in a handler must not take the page down: say so, log it, keep playing."""

        def run(event):
            try:
                handler(event)
            except Exception as error:  # noqa: BLE001
                self.window.console.error(traceback.format_exc())
                self.app.say(f"Sorry, something went wrong ({type(error).__name__}). Your game "
                             "is saved; reload the page if the table looks wrong.", "error")

        return run

    # ---- the table ----------------------------------------------------------------------------

    def on_table_click(self, event) -> None:
        if self.swallow_click:
            self.swallow_click = False
            return
        pile = event.target.closest("[data-pile]")
        app = self.app
        if app.stop_finish():
            return  # a click while Finish plays only stops it
        if is_none(pile):
            self.last_select = None
            app.deselect()
            return
        name = pile.getAttribute("data-pile")
        self.rove(name)
        if event.detail > 0:
            pile.blur()  # a pointer click leaves no keyboard focus behind (Space must still deal)
        if event.detail >= 2 and name != "S":
            # the second click of a double-click: only meaningful if the first one selected it
            if self.last_select == name:
                app.click_pile(name, double=True)
            self.last_select = None
            return
        app.click_pile(name)
        self.last_select = name if app.selected == name else None

    # ---- drag and drop: mouse, pen and touch alike, through the same App calls as clicks -----

    def on_pointer_down(self, event) -> None:
        self.swallow_click = False
        if self.press is not None or (event.pointerType == "mouse" and event.button != 0):
            return
        card = event.target.closest(".card")
        pile = event.target.closest("[data-pile]")
        if is_none(card) or is_none(pile):
            return
        name = str(pile.getAttribute("data-pile"))
        top = pile.querySelector(".card:last-of-type")
        if name not in DRAGGABLE or is_none(top):
            return
        self.press = {"id": event.pointerId, "x": event.clientX, "y": event.clientY,
                      "pile": name, "card": top}

    def on_pointer_move(self, event) -> None:
        press = self.press
        if press is None or event.pointerId != press["id"]:
            return
        dx, dy = event.clientX - press["x"], event.clientY - press["y"]
        if not self.dragging:
            if dx * dx + dy * dy < DRAG_START_PX * DRAG_START_PX:
                return
            if not self.app.pick_up(press["pile"]):
                self.press = None  # nothing to drag: the message says why
                self.swallow_click = True
                return
            self.dragging = True
            press["card"].classList.add("dragging")
        event.preventDefault()
        press["card"].style.transform = f"translate({dx}px, {dy}px)"

    def on_pointer_up(self, event) -> None:
        press = self.press
        if press is None or event.pointerId != press["id"]:
            return
        self.press = None
        if not self.dragging:
            return  # a plain press: the click that follows does the work
        self.dragging = False
        self.swallow_click = True
        card = press["card"]
        under = self.document.elementFromPoint(event.clientX, event.clientY)
        target = None if is_none(under) else under.closest("[data-pile]")
        name = None if is_none(target) else str(target.getAttribute("data-pile"))
        self._let_go(card, played=self.app.drop(name))

    def on_pointer_cancel(self, event) -> None:
        press = self.press
        if press is None or event.pointerId != press["id"]:
            return
        self.press = None
        if self.dragging:
            self.dragging = False
            self.app.drop(None)
            self._let_go(press["card"], played=False)

    def _let_go(self, card, played: bool) -> None:
        """End a drag: a played card is redrawn on its new pile; any other springs back."""
        if played:  # the next frame redraws both piles; then this node (if kept) is reset
            self.window.setTimeout(self._once(lambda: self._reset(card)), DROP_SETTLE_MS)
            return
        card.classList.remove("dragging")
        card.classList.add("returning")
        card.style.transform = ""
        self.window.setTimeout(self._once(lambda: card.classList.remove("returning")),
                               DROP_SETTLE_MS)

    @staticmethod
    def _reset(card) -> None:
        card.classList.remove("dragging")
        card.style.transform = ""

    @staticmethod
    def _once(action):
        """A one-shot JS callback that destroys its own proxy after running."""
        proxy = None

        def run(*_):
            try:
                action()
            finally:
                proxy.destroy()

        proxy = create_proxy(run)
        return proxy

    # ---- buttons ------------------------------------------------------------------------------

    def on_action_click(self, event) -> None:
        button = event.target.closest("[data-action]")
        if is_none(button):
            self.app.stop_finish()  # a click anywhere while Finish plays stops it
            return
        if event.detail > 0 and hasattr(button, "blur"):
            button.blur()  # a mouse click must not leave Space bound to this button
        action = button.getAttribute("data-action")
        if action == "copy-link":
            event.preventDefault()
        if action != "finish" and self.app.stop_finish():
            return  # a click while Finish plays only stops it (Finish itself toggles)
        self.act(action)

    def act(self, action: str) -> None:
        app = self.app
        if action == "new":
            app.new_game()
        elif action == "restart":
            app.restart()
        elif action == "undo":
            app.undo()
        elif action == "redo":
            app.redo()
        elif action == "deal":
            app.deal()
        elif action == "confirm":
            app.confirm()
        elif action in ("cancel", "close"):
            app.cancel()
        elif action in ("help", "stats", "settings"):
            app.toggle_panel(action)
        elif action == "close-panel":
            app.toggle_panel(None)
        elif action == "copy-link":
            self.copy_link()
        elif action == "offer-yes":
            app.accept_offer()
        elif action == "offer-no":
            app.decline_offer()
        elif action == "hint":
            self.request_hint()
        elif action == "finish":
            app.finish()
        elif action == "home":
            self.send_home()

    def request_hint(self) -> None:
        """The one hook for a hint: the toolbar button and the H key (any keyboard path) call it."""
        self.app.request_hint()

    def on_setting(self, event) -> None:
        """A settings checkbox changed (`data-setting` names the App setting)."""
        box = event.target
        if is_none(box) or not box.hasAttribute("data-setting"):
            return
        value = str(box.value) if str(box.type) == "radio" else bool(box.checked)
        self.app.set_setting(str(box.getAttribute("data-setting")), value)

    def send_home(self) -> None:
        """F: the focused pile's card (or else the selected one) to a foundation."""
        app = self.app
        name = self._pile_with_focus() or app.selected
        if name is None:
            app.say("Move to a pile first (Tab, then the arrow keys), then press F.", "error")
        else:
            app.send_home(name)

    def copy_link(self) -> None:
        asyncio.ensure_future(self._copy_link(str(self.window.location.href)))

    async def _copy_link(self, url: str) -> None:
        try:
            await self.window.navigator.clipboard.writeText(url)
            self.app.say(f"Link to game {self.app.number} copied: {url}")
        except Exception:  # noqa: BLE001 - no clipboard here (or refused): show the link instead
            self.app.say(f"Share this link: {url}")

    # ---- keys ---------------------------------------------------------------------------------

    def on_key(self, event) -> None:
        if event.defaultPrevented or event.altKey or event.metaKey or event.isComposing:
            return
        tag = "" if is_none(event.target) else str(event.target.tagName)
        if tag in TYPING and not (tag == "INPUT" and str(event.target.type) in TOGGLES):
            return
        if self.app.stop_finish():
            event.preventDefault()
            return  # a key while Finish plays only stops it
        key, ctrl, shift = event.key, event.ctrlKey, event.shiftKey
        lower = key.lower() if len(key) == 1 else key
        on_pile = self._pile_with_focus()
        action = None
        if ctrl:
            if lower == "z":
                action = "redo" if shift else "undo"
            elif lower == "y":
                action = "redo"
        elif on_pile is not None and key in ARROWS:
            event.preventDefault()
            self.move_focus(ARROWS[key])
            return
        elif on_pile is not None and key in ("Enter", " "):
            event.preventDefault()
            self.app.click_pile(on_pile)
            return
        elif lower == "z" and shift:
            action = "redo"
        elif lower in KEYS:
            action = KEYS[lower]
        elif key == " " and tag not in ACTIVATES_ON_SPACE:
            action = "deal"
        elif key == "Escape":
            self.escape()
            event.preventDefault()
            return
        if action is None:
            return
        event.preventDefault()
        self.act(action)

    # ---- keyboard focus on the piles (roving tabindex) ----------------------------------------

    def _pile_el(self, name: str):
        return self.renderer.piles[name]["el"]

    def _pile_with_focus(self) -> str | None:
        """The pile that has keyboard focus, or None."""
        active = self.document.activeElement
        if is_none(active) or not active.hasAttribute("data-pile"):
            return None
        return str(active.getAttribute("data-pile"))

    def rove(self, name: str) -> None:
        """Make pile `name` the one pile in the Tab order."""
        if name != self.focused:
            self._pile_el(self.focused).setAttribute("tabindex", "-1")
            self._pile_el(name).setAttribute("tabindex", "0")
            self.focused = name

    def on_focus(self, event) -> None:
        pile = event.target.closest("[data-pile]")
        if not is_none(pile):
            self.rove(str(pile.getAttribute("data-pile")))

    def move_focus(self, step) -> None:
        """Arrows: along PILE_ORDER (left/right, wrapping) or to the nearest pile above/below."""
        here = self.focused
        if step == "first":
            name = PILE_ORDER[0]
        elif step == "last":
            name = PILE_ORDER[-1]
        elif step in ("up", "down"):
            name = self._vertical_neighbour(here, step == "down") or here
        else:
            name = PILE_ORDER[(PILE_ORDER.index(here) + step) % len(PILE_ORDER)]
        self.rove(name)
        self._pile_el(name).focus()

    def _vertical_neighbour(self, here: str, down: bool) -> str | None:
        """The pile in the next row up or down whose centre is nearest horizontally."""
        boxes = {}
        for name in PILE_ORDER:
            rect = self._pile_el(name).getBoundingClientRect()
            boxes[name] = (rect.top, rect.left + rect.width / 2)
        top, centre = boxes[here]
        if down:
            rows = [t for t, _ in boxes.values() if t > top + ROW_TOLERANCE_PX]
            row = min(rows, default=None)
        else:
            rows = [t for t, _ in boxes.values() if t < top - ROW_TOLERANCE_PX]
            row = max(rows, default=None)
        if row is None:
            return None
        same_row = [n for n, (t, _) in boxes.items() if abs(t - row) <= ROW_TOLERANCE_PX]
        return min(same_row, key=lambda n: abs(boxes[n][1] - centre))

    def escape(self) -> None:
        app = self.app
        if app.panel is not None:
            app.toggle_panel(None)
        elif app.dialog is not None:
            app.cancel()
        else:
            app.deselect()

    # ---- the page -----------------------------------------------------------------------------

    def on_hash(self, _event) -> None:
        from .app import parse_hash

        text = self.window.location.hash
        number = parse_hash(text)
        if number is None:
            from urllib.parse import unquote  # lazy: urllib.parse costs ~50 ms at boot in Pyodide

            shown = unquote(text)  # as the player typed it; only ever shown as text
            self.app.say(f"\u201c{shown}\u201d is not a game link; links look like #game=123.",
                         "error")
            self.window.history.replaceState(None, "", f"#game={self.app.number}")
        elif number != self.app.number:
            self.app.switch_to(number)

    def on_storage(self, event) -> None:
        """Another tab of the game changed the saved game or the statistics."""
        key, value = event.key, event.newValue
        self.app.storage_changed(None if is_none(key) else str(key),
                                 value if isinstance(value, str) else None)

    def on_visibility(self, _event) -> None:
        self.app.set_visible(self.document.visibilityState == "visible")
