"""Input: every click, tap, drag and key becomes one call on the App, through one path.

One delegated click listener on the table finds the pile under the pointer (`data-pile`); one on
the document runs buttons' actions (`data-action`, see web/commands.py); one keydown listener
asks the key map (web/keys.py) for the action; drags are web/drag.py. Keyboard focus is a roving
tabindex over the piles: exactly one pile is in the Tab order, the arrow keys move between them,
and Enter or Space on a pile is a click on it.
"""

from __future__ import annotations

import asyncio
import traceback

from pyodide.ffi import create_once_callable, create_proxy
from pyscript.ffi import is_none, to_js

from plot import FOUNDATIONS, RESERVE, STOCK, TABLEAU, WASTE

from . import commands, words
from .drag import Drag
from .export import FILE_NAME
from .keys import command_for, typing
from .state import Tone

# Every pile; the arrow keys visit them in the order they are drawn, row by row.
PILE_ORDER = (RESERVE, STOCK, WASTE, *FOUNDATIONS, *TABLEAU)
ROW_TOLERANCE_PX = 12  # piles whose tops differ by less than this sit in one row
REVOKE_MS = 60_000     # an exported file's address is let go after this long


def typed(window, text: str) -> str:
    """A location hash as the player typed it (decoded); it is only ever shown as text."""
    try:
        return str(window.decodeURIComponent(text))
    except Exception:  # noqa: BLE001 - not valid percent-encoding: show it as it is
        return text


class Controls:
    def __init__(self, app, document, window, drawn, settle=lambda event: None):
        self.app, self.document, self.window = app, document, window
        self.drawn = drawn                   # () -> None: put what the input changed on screen
        self.settle = settle                 # (event) -> None: a key or pointer went down: cards
        #                                      in flight land, input comes next
        self.last_select: str | None = None  # the pile the last single click selected
        self.focused = PILE_ORDER[0]         # the pile in the Tab order (roving tabindex)
        self.piles = {str(el.getAttribute("data-pile")): el
                      for el in document.querySelectorAll("[data-pile]")}
        self.drag = Drag(app, document, window, watch=self._follow_pointer)
        self._proxies = []
        table = document.getElementById("table")
        for kind in ("pointerdown", "keydown"):  # before any other listener, on any target
            self._listen(document, kind, lambda event: self.settle(event), capture=True)
        self._listen(table, "click", self.on_table_click)
        self._listen(table, "focusin", self.on_focus)
        self._listen(table, "pointerdown", self.drag.down)
        # followed only while a press is held (Drag.watch): a mouse that merely moves calls no
        # Python
        self._pointer = [(kind, self._proxy(handler)) for kind, handler in (
            ("pointermove", self.drag.move), ("pointerup", self.drag.up),
            ("pointercancel", self.drag.cancel))]
        self._listen(document, "click", self.on_action_click)
        self._listen(document, "keydown", self.on_key)
        self._listen(document, "change", self.on_setting)
        self._listen(window, "hashchange", self.on_hash)
        self._listen(document, "visibilitychange", self.on_visibility)
        self._listen(window, "pagehide", lambda _e: app.save_now())
        self._listen(window, "storage", self.on_storage)

    def _listen(self, target, kind, handler, capture: bool = False) -> None:
        target.addEventListener(kind, self._proxy(handler), capture)

    def _proxy(self, handler):
        """The handler, guarded, as a function the browser can call (kept as long as the page)."""
        proxy = create_proxy(self._guarded(handler))
        self._proxies.append(proxy)
        return proxy

    def _follow_pointer(self, pressed: bool) -> None:
        """Listen to the pointer's moves and release while a press is held, and only then."""
        for kind, proxy in self._pointer:  # a listener added again is still there once
            if pressed:
                self.document.addEventListener(kind, proxy)
            else:
                self.document.removeEventListener(kind, proxy)

    def _guarded(self, handler):
        """A bug in a handler must not take the page down: say so, log it, keep playing."""

        def run(event):
            try:
                handler(event)
            except Exception as error:  # noqa: BLE001
                self.window.console.error(traceback.format_exc())
                self.app.say(words.something_went_wrong(error), Tone.ERROR)
            self.drawn()

        return run

    # ---- the table ----------------------------------------------------------------------------

    def on_table_click(self, event) -> None:
        if self.drag.take_click():
            return
        pile = event.target.closest("[data-pile]")
        app = self.app
        if app.advisor.stop_finish():
            return  # a click while Finish plays only stops it
        if is_none(pile):
            self.last_select = None
            app.hand.deselect()
            return
        name = str(pile.getAttribute("data-pile"))
        self.rove(name)
        if event.detail > 0:
            pile.blur()  # a pointer click leaves no keyboard focus behind (Space must still deal)
        if event.detail >= 2 and name != STOCK and self.last_select == name:
            # the second click of a double-click whose first click picked the card up; any
            # other quick second click (a card just played here, picked up) is a click
            app.hand.click(name, double=True)
            self.last_select = None
            return
        app.hand.click(name)
        self.last_select = name if app.hand.pile == name else None

    # ---- buttons and keys ---------------------------------------------------------------------

    def on_action_click(self, event) -> None:
        button = event.target.closest("[data-action]")
        if is_none(button):
            self.app.advisor.stop_finish()  # a click anywhere while Finish plays stops it
            return
        if event.detail > 0 and hasattr(button, "blur"):
            button.blur()  # a mouse click must not leave Space bound to this button
        action = str(button.getAttribute("data-action"))
        if action == "copy-link":
            event.preventDefault()
        if action != "finish" and self.app.advisor.stop_finish():
            return  # a click while Finish plays only stops it (Finish itself toggles)
        command = commands.COMMANDS.get(action)
        takes = None if command is None else command.takes
        value = None if takes is None else button.getAttribute(f"data-{takes}")
        commands.run(action, self.app, self, None if is_none(value) else str(value))

    def on_key(self, event) -> None:
        if event.defaultPrevented or event.altKey or event.metaKey or event.isComposing:
            return
        target = event.target
        tag = "" if is_none(target) else str(target.tagName)
        if typing(tag, "" if tag != "INPUT" else str(target.type)):
            return
        if self.app.advisor.stop_finish():
            event.preventDefault()
            return  # a key while Finish plays only stops it
        action = command_for(str(event.key), bool(event.ctrlKey), bool(event.shiftKey),
                             on_pile=self._pile_with_focus() is not None, tag=tag)
        if action is not None:
            event.preventDefault()
            commands.run(action, self.app, self)

    def on_setting(self, event) -> None:
        """A settings control changed (`data-setting` names the setting), the history's filter,
        or the file chosen to import."""
        box = event.target
        if is_none(box):
            return
        if box.hasAttribute("data-history-filter"):
            self.app.archive.filter_history(str(box.value))
            return
        if str(box.id) == "import-file":
            self._read_import(box)
            return
        if str(box.id) == "record-file":
            if box.files.length:
                asyncio.ensure_future(self._read_file(box.files.item(0),
                                                      self.app.story.open_record))
            return
        if box.hasAttribute("data-replay-speed"):
            self.app.story.set_speed(str(box.value))
            return
        if not box.hasAttribute("data-setting"):
            return
        value = bool(box.checked) if str(box.type) == "checkbox" else str(box.value)
        self.app.set_setting(str(box.getAttribute("data-setting")), value)

    # ---- what only the page can do (commands.py calls these) ----------------------------------

    def send_home(self) -> None:
        """F: the focused pile's card (or else the selected one) to a foundation."""
        name = self._pile_with_focus() or self.app.hand.pile
        if name is None:
            self.app.say(words.SEND_HOME_HOW, Tone.ERROR)
        else:
            self.app.hand.send_home(name)

    def read_message(self) -> None:
        """A click or tap on the status line: a message cut to its lines shows whole, over the
        table, until the next click on it or the next message (web/render.py)."""
        message = self.document.getElementById("message")
        bar = message.parentElement
        if bar.classList.contains("whole") or message.scrollHeight > message.clientHeight + 1:
            bar.classList.toggle("whole")  # a message that fits stays as it is

    def press_focused(self) -> None:
        """Enter or Space on a pile: a click on it."""
        self.app.hand.click(self._pile_with_focus())

    def _download(self, text: str, name: str, kind: str) -> None:
        blob = self.window.Blob.new(to_js([text]), to_js({"type": kind}))
        url = self.window.URL.createObjectURL(blob)
        link = self.document.createElement("a")
        link.href, link.download = url, name
        link.click()
        self.window.setTimeout(create_once_callable(lambda: self.window.URL.revokeObjectURL(url)),
                               REVOKE_MS)

    def export_record(self) -> None:
        """Download the game's record (the-plot-<deal>.txt) and copy it to the clipboard."""
        story = self.app.story
        text, name = story.record(), story.file_name()
        self._download(text, name, "text/plain")
        asyncio.ensure_future(self._copy_record(text, name))

    async def _copy_record(self, text: str, name: str) -> None:
        try:
            await self.window.navigator.clipboard.writeText(text)
            self.app.say(words.record_copied(name))
        except Exception:  # noqa: BLE001 - no clipboard here (or refused): the file is enough
            self.app.say(words.record_saved(name))
        self.drawn()

    def choose_record_file(self) -> None:
        box = self.document.getElementById("record-file")
        box.value = ""
        box.click()

    def open_pasted_record(self) -> None:
        self.app.story.open_record(str(self.document.getElementById("record-text").value))

    async def _read_file(self, file, then) -> None:
        """Read a chosen file's text and hand it to `then` (an unreadable one as "": the same
        plain refusal as a damaged one)."""
        try:
            text = str(await file.text())
        except Exception:  # noqa: BLE001 - an unreadable file
            text = ""
        then(text)
        self.drawn()

    def export_data(self) -> None:
        """Download the player's data as one file (web/export.py)."""
        self._download(self.app.archive.export_text(), FILE_NAME, "application/json")
        self.app.archive.tell(words.exported(FILE_NAME))

    def choose_import(self) -> None:
        box = self.document.getElementById("import-file")
        box.value = ""  # the same file chosen twice is read twice
        box.click()

    def _read_import(self, box) -> None:
        files = box.files
        if files.length:
            asyncio.ensure_future(self._read_file(files.item(0), self.app.archive.preview_import))

    def share(self, day: str) -> None:
        """Share a deal of the day's result: the Web Share API where the browser has it (phones),
        else the clipboard, else the text on the status line to copy by hand."""
        address = str(self.window.location.origin) + str(self.window.location.pathname)
        text = self.app.daily_share_text(day, address)
        if text is None:
            self.app.say(words.NOTHING_TO_SHARE, Tone.ERROR)
        else:
            asyncio.ensure_future(self._share(text))

    async def _share(self, text: str) -> None:
        navigator = self.window.navigator
        if not is_none(getattr(navigator, "share", None)):
            try:
                await navigator.share(to_js({"title": words.SHARE_TITLE, "text": text}))
                self.app.say(words.shared("shared"))
                return
            except Exception as error:  # noqa: BLE001 - cancelled, or refused: say or copy
                if "AbortError" in str(error):
                    self.app.say(words.NOT_SHARED)
                    return
        try:
            await navigator.clipboard.writeText(text)
            self.app.say(words.shared("copied"))
        except Exception:  # noqa: BLE001 - no clipboard here (or refused): show the text
            self.app.say(words.share_here(text))

    def copy_link(self) -> None:
        asyncio.ensure_future(self._copy_link(str(self.window.location.href)))

    async def _copy_link(self, url: str) -> None:
        try:
            await self.window.navigator.clipboard.writeText(url)
            self.app.say(words.link_copied(self.app.number, url))
        except Exception:  # noqa: BLE001 - no clipboard here (or refused): show the link instead
            self.app.say(words.share_link(url))

    # ---- keyboard focus on the piles (roving tabindex) ----------------------------------------

    def _pile_with_focus(self) -> str | None:
        """The pile that has keyboard focus, or None."""
        active = self.document.activeElement
        if is_none(active) or not active.hasAttribute("data-pile"):
            return None
        return str(active.getAttribute("data-pile"))

    def rove(self, name: str) -> None:
        """Make pile `name` the one pile in the Tab order."""
        if name != self.focused:
            self.piles[self.focused].setAttribute("tabindex", "-1")
            self.piles[name].setAttribute("tabindex", "0")
            self.focused = name

    def on_focus(self, event) -> None:
        pile = event.target.closest("[data-pile]")
        if not is_none(pile):
            self.rove(str(pile.getAttribute("data-pile")))

    def move_focus(self, step) -> None:
        """Arrows: along the piles as they are drawn, row by row (left/right, wrapping), or to
        the nearest pile in the row above/below; Home and End: the first and last pile."""
        boxes = self._boxes()
        order = sorted(boxes, key=lambda n: (self._row(boxes, n), boxes[n][1]))
        here = self.focused
        if step == "first":
            name = order[0]
        elif step == "last":
            name = order[-1]
        elif step in ("up", "down"):
            name = self._vertical_neighbour(boxes, here, step == "down") or here
        else:
            name = order[(order.index(here) + step) % len(order)]
        self.rove(name)
        self.piles[name].focus()

    def _boxes(self) -> dict[str, tuple[float, float]]:
        """Each pile's top edge and horizontal centre on screen."""
        boxes = {}
        for name in PILE_ORDER:
            rect = self.piles[name].getBoundingClientRect()
            boxes[name] = (rect.top, rect.left + rect.width / 2)
        return boxes

    @staticmethod
    def _row(boxes, name: str) -> float:
        """The top of the row pile `name` sits in (piles within ROW_TOLERANCE_PX share a row)."""
        top = boxes[name][0]
        return min(t for t, _ in boxes.values() if abs(t - top) <= ROW_TOLERANCE_PX)

    def _vertical_neighbour(self, boxes, here: str, down: bool) -> str | None:
        """The pile in the next row up or down whose centre is nearest horizontally."""
        top, centre = boxes[here]
        if down:
            row = min((t for t, _ in boxes.values() if t > top + ROW_TOLERANCE_PX), default=None)
        else:
            row = max((t for t, _ in boxes.values() if t < top - ROW_TOLERANCE_PX), default=None)
        if row is None:
            return None
        same_row = [n for n, (t, _) in boxes.items() if abs(t - row) <= ROW_TOLERANCE_PX]
        return min(same_row, key=lambda n: abs(boxes[n][1] - centre))

    # ---- the page -----------------------------------------------------------------------------

    def on_hash(self, _event) -> None:
        text = self.window.location.hash
        if text != self.app.link:
            self.app.follow_link(text, typed(self.window, text))

    def on_storage(self, event) -> None:
        """Another tab of the game changed the saved game or the statistics."""
        key, value = event.key, event.newValue
        self.app.storage_changed(None if is_none(key) else str(key),
                                 value if isinstance(value, str) else None)

    def on_visibility(self, _event) -> None:
        self.app.set_visible(self.document.visibilityState == "visible")
