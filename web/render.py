"""Drawing the table: a keyed diff of the next view (web/view.py) against the one on screen.

`Renderer.schedule(source)` asks for one draw on the next animation frame however many changes
come before it (an input handler draws at its end instead: `draw_pending`); the draw takes
`source()` (a `TableView`) and touches only the piles, cards and chrome that differ from the
last view drawn. Cards are keyed by pile and position, so a move
rewrites two piles, not the 104 cards of the table. Cards that moved (found by comparing the two
views) fly from where they were, as copies above the table that never catch the pointer.
"""

from __future__ import annotations

from pyodide.ffi import create_once_callable, create_proxy
from pyscript.ffi import is_none, to_js

from plot import SOURCES, TABLEAU, WON

from .faces import TEMPLATE_ID
from .panels import draw_daily, draw_history, draw_story, set_text
from .settings import SPEED_MS
from .state import Dialog, Panel
from .view import PileView, TableView, flights

FLAGS = ("empty", "locked", "complete", "selected", "target", "hint-from", "hint-to",
         "last-from", "last-to", "only-move")
FLIGHTS = "data-flights"  # a card's flights not landed yet
SETTING_CLASSES = {"four_colour": "four-colour", "contrast": "high-contrast",
                   "large": "large-cards"}
ELEMENTS = ("state", "message", "notice", "moves", "time", "game-number", "game-link", "undo",
            "redo", "base-rank", "result", "result-title", "result-text", "result-undo",
            "result-close", "confirm-yes", "help", "stats", "settings", "offer", "offer-text",
            "offer-yes", "offer-no", "hint", "finish", "winnable", "winnable-deal",
            "winnable-count", "selection-help", "notice-text", "confirm-no", "stats-reset",
            "tier", "daily-tag", "daily-button", "result-share", "daily", "pause", "toast",
            "toast-text", "story", "replay-bar", "replay-play", "result-slip")


def _flights(node) -> int:
    return int(node.getAttribute(FLIGHTS) or 0)


class Renderer:
    def __init__(self, document, window):
        self.document, self.window = document, window
        self.pile_el = {}
        self.cards: dict[str, list] = {}
        self.count_el = {}
        for el in document.querySelectorAll("[data-pile]"):
            name = str(el.getAttribute("data-pile"))
            self.pile_el[name], self.cards[name] = el, []
            self.count_el[name] = el.querySelector(".count")
        self.el = {key: document.getElementById(key) for key in ELEMENTS}
        # every card face, as the build wrote them into the page (web/faces.py)
        faces = document.getElementById(TEMPLATE_ID).content
        self.faces = {str(el.getAttribute("data-card")): el
                      for el in faces.querySelectorAll("[data-card]")}
        for el in self.pile_el.values():  # the preview of the last table (web/startup.js) goes
            for card in el.querySelectorAll(":scope > .card"):  # now: the first draw redraws it
                card.remove()
        self.root = document.documentElement
        self.table = document.getElementById("table")
        self.ghosts = list(document.querySelectorAll(".ghost"))
        self.view: TableView | None = None  # what is on screen
        self.table_drawn = lambda view: None  # told each view whose table (not chrome) changed
        self.source = None                   # () -> TableView, for the scheduled draw
        self.pending = False
        self.frames = 0
        self._frame = create_proxy(lambda _timestamp=None: self.draw_pending())
        self.sky = document.getElementById("sky")  # cards in flight cross the table here
        self.calm = window.matchMedia("(prefers-reduced-motion: reduce)")
        self.move_ms = SPEED_MS["normal"]  # a card's flight (never blocks input); 0: none
        self.flying: list = []  # the flights (Web Animations) not landed yet
        self._focus_before = None  # where the keyboard had focus before a dialog or pause took it
        self.by_keyboard = False  # whether the last input was a key (else a pointer)

    # ---- scheduling ---------------------------------------------------------------------------

    def schedule(self, source) -> None:
        """Draw `source()` at the next animation frame (once, however often this is called)."""
        self.source = source
        if not self.pending:
            self.pending = True
            self.window.requestAnimationFrame(self._frame)

    def draw_pending(self) -> None:
        """Draw now what was scheduled, if anything (the end of an input handler calls this, so
        a click is on screen in its own task, not a frame later)."""
        if self.pending:
            self.draw(self.source())

    def draw(self, view: TableView) -> None:
        """Make the page show `view`, touching only what differs from the last view drawn."""
        self.pending = False
        before = self.view
        moved = flights(before, view) if self.move_ms and not self.calm.matches else ()
        starts = {dst: self._top_node(src).getBoundingClientRect() for src, dst in moved}
        for i, pile in enumerate(view.piles):
            self._pile(None if before is None else before.piles[i], pile)
        self._chrome(None if before is None else before.chrome, view.chrome)
        self.view = view
        if before is None or before.piles != view.piles:
            self.table_drawn(view)
        for dst, rect in starts.items():
            self._fly(dst, rect.left, rect.top)
        self.frames += 1

    def tick(self, time_text: str) -> None:
        """Between draws, a few times a second: only the clock."""
        set_text(self.el["time"], time_text)

    def _time(self, c) -> None:
        self.tick(c.time_text)

    # ---- motion: each moved card flies from where it was (FLIP, Web Animations API) ----------

    def _top_node(self, name):
        cards = self.cards[name]
        return cards[-1] if cards else self.pile_el[name]

    def _fly(self, dst: str, x: float, y: float) -> None:
        """The card now on top of `dst` flies there from (x, y): a copy crosses the table above
        every pile (in #sky, catching no pointer), while the card itself waits hidden."""
        node = self._top_node(dst)
        if not node.classList.contains("card"):
            return
        rect = node.getBoundingClientRect()
        dx, dy = x - rect.left, y - rect.top
        if abs(dx) < 1 and abs(dy) < 1:
            return
        copy = node.cloneNode(True)
        copy.classList.add("flying")
        style = copy.style  # the copy leaves its pile's sizes behind: it carries them itself
        style.left, style.top = f"{rect.left:.1f}px", f"{rect.top:.1f}px"
        style.width, style.height = f"{rect.width:.1f}px", f"{rect.height:.1f}px"
        style.setProperty("--cw", f"{rect.width:.1f}px")
        style.setProperty("--ch", f"{rect.height:.1f}px")
        computed = self.window.getComputedStyle(node)
        style.fontSize, style.borderRadius = computed.fontSize, computed.borderRadius
        self.sky.appendChild(copy)
        # a second card of the same code dealt onto it reuses the node: count the node's flights
        node.setAttribute(FLIGHTS, str(_flights(node) + 1))
        node.classList.add("landing")
        # transform only, so the compositor runs the flight
        frames = to_js([{"transform": f"translate({dx:.1f}px, {dy:.1f}px)"},
                        {"transform": "none"}])
        flight = copy.animate(frames, to_js({"duration": self.move_ms,
                                             "easing": "cubic-bezier(.2,.7,.3,1)"}))
        flight.onfinish = create_once_callable(lambda _event=None: self._landed(flight, node, copy))
        self.flying.append(flight)

    def input_began(self, event) -> None:
        """A key or a pointer went down, before any handler: cards in flight land, and the
        renderer notes which it was (keyboard focus is handed on only for the keyboard)."""
        self.by_keyboard = str(event.type) == "keydown"
        self.land_all()

    def land_all(self) -> None:
        """Every card still in flight is where it was going at once: the player's next press or
        key comes first. (A frame answering input while the compositor still runs a flight
        reaches the screen a frame later in Chromium: interaction to next paint, issue 14.)"""
        for flight in list(self.flying):
            flight.finish()  # its onfinish, below, still runs (once)

    def _landed(self, flight, node, copy) -> None:
        """A flight ended: the copy goes, and the card shows once its last flight has landed."""
        if flight in self.flying:
            self.flying.remove(flight)
        copy.remove()
        flights = _flights(node) - 1
        node.setAttribute(FLIGHTS, str(flights))
        if flights <= 0:
            node.classList.remove("landing")

    # ---- piles --------------------------------------------------------------------------------

    def _pile(self, old: PileView | None, new: PileView) -> None:
        name, el, cards = new.name, self.pile_el[new.name], self.cards[new.name]
        if old is None or new.cards != old.cards:
            shown = () if old is None else old.cards
            keep = 0
            for a, b in zip(shown, new.cards, strict=False):
                if a != b:
                    break
                keep += 1
            for card in cards[keep:]:
                card.remove()
            del cards[keep:]
            for code in new.cards[keep:]:
                card = self.faces[code].cloneNode(True)  # the pile's name says it in words
                el.appendChild(card)
                cards.append(card)
        if old is None or new.cards != old.cards or new.bases != old.bases:
            for card, base in zip(cards, new.bases, strict=False):
                card.classList.toggle("base", base)
        if old is None or new.count != old.count:
            el.setAttribute("data-count", str(new.count))
            if name in TABLEAU:
                el.style.setProperty("--n", str(new.count))
            elif self.count_el[name] is not None and not is_none(self.count_el[name]):
                self.count_el[name].setAttribute("data-n", new.count_text)
        if old is None or new.flags != old.flags:
            changed = FLAGS if old is None else new.flags ^ old.flags  # one DOM call a change
            for flag in changed:
                el.classList.toggle(flag, flag in new.flags)
            picked = "selected" in new.flags
            if name in SOURCES:
                el.setAttribute("aria-pressed", "true" if picked else "false")
            if picked or "target" in new.flags:
                el.setAttribute("aria-describedby", "selection-help")
            else:
                el.removeAttribute("aria-describedby")
        if old is None or new.label != old.label:
            el.setAttribute("aria-label", new.label)

    # ---- everything else ----------------------------------------------------------------------

    def _chrome(self, old, new) -> None:
        """Apply each part of the chrome whose fields differ from the last view drawn."""
        for fields, apply in self._parts:
            if old is None or any(getattr(old, f) != getattr(new, f) for f in fields):
                apply(self, new)

    def _status(self, c) -> None:
        self.el["state"].setAttribute("data-status", c.status)
        set_text(self.el["state"], c.status_text)
        self.root.classList.toggle("won", c.status == WON)

    def _message(self, c) -> None:
        el = self.el["message"]
        el.textContent = ""  # emptied first, so the live region announces a repeated message too
        el.textContent = c.message
        el.setAttribute("data-tone", c.tone)
        el.parentElement.classList.remove("whole")  # a new message starts on its lines again

    def _notice(self, c) -> None:
        set_text(self.el["notice-text"], c.notice)
        self.el["notice"].hidden = not c.notice

    def _counters(self, c) -> None:
        set_text(self.el["moves"], str(c.moves))
        undo, redo = self.el["undo"], self.el["redo"]
        had_focus = self.document.activeElement
        keyboard = self._keyboard_focus(had_focus)
        undo.toggleAttribute("disabled", not c.can_undo)
        redo.toggleAttribute("disabled", not c.can_redo)
        # a button that can do no more lets go of keyboard focus: it goes to the other, which
        # now can (all undone: Redo), or else to the table (a mouse's focus is let go as before)
        for button, other, can in ((undo, redo, c.can_undo), (redo, undo, c.can_redo)):
            if not can and had_focus == button and keyboard:
                self._focus(other if c.can_undo or c.can_redo else self._table_focus())

    def _number(self, c) -> None:
        set_text(self.el["game-number"], str(c.number))
        self.el["game-link"].setAttribute("href", c.link)
        if self.window.location.hash != c.link:
            self.window.history.replaceState(None, "", c.link)
        self.document.title = f"The Plot \u2014 game {c.number}"

    def _tier(self, c) -> None:
        tier = self.el["tier"]
        tier.hidden = not c.tier_text
        set_text(tier, c.tier_text)
        tier.setAttribute("data-tier", c.tier or "")
        self.el["daily-tag"].hidden = c.daily is None
        self.el["daily-button"].toggleAttribute("data-today", c.daily is not None)

    def _base(self, c) -> None:
        set_text(self.el["base-rank"], c.base_text)
        for ghost in self.ghosts:
            ghost.setAttribute("data-r", c.base_text)

    def _modes(self, c) -> None:
        self.root.classList.toggle("restricted", c.restricted)
        self.root.classList.toggle("opened", c.opened)
        self.root.classList.toggle("selecting", c.selecting)
        set_text(self.el["selection-help"], c.selection_help)

    # ---- keyboard focus across layers: a dialog, a panel or the pause takes it, and gives back ---

    def _table_focus(self):
        """The pile the Tab order reaches in the table (its roving tabindex)."""
        return self.table.querySelector('[data-pile][tabindex="0"]')

    def _focus(self, el) -> None:
        if not is_none(el):
            el.focus()

    def _keyboard_focus(self, el) -> bool:
        """Whether `el` has focus and the player is at the keyboard (the last input was a key,
        not a pointer: what the engines' own :focus-visible guesses, decided the same in all)."""
        return self.by_keyboard and not is_none(el) and el != self.document.body

    def _take_focus(self, el) -> None:
        """Move focus to `el` in a layer that opened, remembering where the keyboard had it."""
        here = self.document.activeElement
        self._focus_before = here if self._keyboard_focus(here) else None
        self._focus(el)

    def _give_focus_back(self) -> None:
        """A layer closed: where the keyboard had focus before, it gets it back (to the table
        if that is gone); focus a mouse had is let go, so Space deals as before."""
        before, self._focus_before = self._focus_before, None
        here = self.document.activeElement
        on_screen = (not is_none(here) and here != self.document.body
                     and here.getClientRects().length)
        if is_none(before) or not self.by_keyboard or on_screen:
            return  # nothing to give back, or focus is somewhere on screen already
        usable = (before.isConnected and before.getClientRects().length
                  and not before.matches(":disabled"))
        self._focus(before if usable else self._table_focus())

    def _dialog(self, c) -> None:
        e, dialog = self.el, c.dialog
        was = None if self.view is None else self.view.chrome.dialog
        e["result"].hidden = dialog is None
        if dialog is None:
            if was is not None:
                self._give_focus_back()
            return
        e["result"].setAttribute("data-kind", dialog.kind)
        set_text(e["result-title"], dialog.title)
        set_text(e["result-text"], dialog.text)
        asking = dialog.kind is Dialog.CONFIRM
        if asking:
            set_text(e["confirm-yes"], dialog.confirm_label)
        e["result-undo"].hidden = asking
        e["result-slip"].hidden = dialog.kind is not Dialog.LOST
        e["result-share"].hidden = c.share is None
        e["result-share"].setAttribute("data-date", c.share or "")
        safe = e["confirm-no"] if asking else e["result-close"]  # the safe answer
        if was is None:
            self._take_focus(safe)
        else:
            safe.focus()

    def _panel(self, c) -> None:
        was = None if self.view is None else self.view.chrome.panel
        for panel in Panel:
            self.el[panel.value].hidden = c.panel is not panel
        if c.panel is Panel.STATS:
            for key, text in c.stats_rows:
                set_text(self.document.getElementById(f"stat-{key}"), text)
            self.el["stats-reset"].hidden = not c.stats_reset
        if c.panel is not None and c.panel != was and self.by_keyboard:
            self.el[c.panel.value].focus()  # opened from the keyboard: focus goes in (Tab: Close)
        if was is not None and c.panel is None:  # closed: focus goes back to its button
            opener = self.document.querySelector(f'.bar [data-action="{was.value}"]')
            if not is_none(opener):
                opener.focus()

    def _offer(self, c) -> None:
        e, offer = self.el, c.offer
        e["offer"].hidden = offer is None
        if offer is not None:
            set_text(e["offer-text"], offer.text)
            set_text(e["offer-yes"], offer.yes)
            set_text(e["offer-no"], offer.no)

    def _advice(self, c) -> None:
        """Hint's thinking state, the still-winnable indicator and Finish."""
        self.root.classList.toggle("thinking", c.thinking)
        self.el["hint"].setAttribute("aria-busy", "true" if c.thinking else "false")
        verdict = self.el["winnable"]
        verdict.hidden = c.verdict is None
        if c.verdict is not None:
            verdict.setAttribute("data-winnable", c.verdict)
            set_text(verdict, c.verdict_text)
        finish = self.el["finish"]
        finish.hidden = not c.finish_shown
        finish.classList.toggle("running", c.finishing)
        set_text(finish.querySelector("span"), "Stop" if c.finishing else "Finish")
        self.el["winnable-deal"].hidden = not c.winnable_tag
        set_text(self.el["winnable-count"], c.winnable_count_text)

    def _history(self, c) -> None:
        draw_history(self.document, c.history)

    def _daily(self, c) -> None:
        draw_daily(self.document, c.daily_panel)

    def _story(self, c) -> None:
        draw_story(self.document, c.story)
        replay = c.story is not None and c.story.replay
        self.el["replay-bar"].hidden = not replay
        if replay:
            set_text(self.el["replay-play"], "Pause" if c.story.replaying else "Play")

    def _toast(self, c) -> None:
        self.el["toast"].hidden = not c.toast
        set_text(self.el["toast-text"], c.toast)

    def _paused(self, c) -> None:
        self.root.classList.toggle("paused", c.paused)
        self.el["pause"].hidden = not c.paused
        if c.paused:
            self._take_focus(self.el["pause"].querySelector("button"))
        elif self.view is not None and self.view.chrome.paused:
            self._give_focus_back()

    def _fan_rows(self, c) -> None:
        """Each tableau row's longest pile: style.css sizes the cards so every row fits."""
        for i, longest in enumerate(c.fan_rows, 1):
            self.table.style.setProperty(f"--r{i}", str(longest))

    def _settings(self, c) -> None:
        for name, value in c.settings:
            if name == "back":
                self.root.setAttribute("data-back", value)
                for box in self.document.querySelectorAll('[data-setting="back"]'):
                    box.checked = box.value == value
                continue
            if name == "speed":
                self.move_ms = SPEED_MS[value]
                self.root.classList.toggle("no-motion", not self.move_ms)
            if name in SETTING_CLASSES:
                self.root.classList.toggle(SETTING_CLASSES[name], value)
            box = self.document.querySelector(f'[data-setting="{name}"]')
            if is_none(box):
                continue
            if str(box.tagName) == "SELECT":
                box.value = value
            else:
                box.checked = value

    # Each part of the chrome: the ChromeView fields it shows, and how it draws them.
    _parts = (
        (("status", "status_text"), _status),
        (("time_text",), _time),
        (("message", "tone", "said"), _message),
        (("notice",), _notice),
        (("moves", "can_undo", "can_redo"), _counters),
        (("number", "hash_epoch", "link"), _number),
        (("tier", "tier_text", "daily"), _tier),
        (("base_text",), _base),
        (("restricted", "opened", "selecting", "selection_help"), _modes),
        (("dialog", "share"), _dialog),
        (("panel", "stats_rows", "stats_reset"), _panel),
        (("offer",), _offer),
        (("thinking", "verdict", "verdict_text", "finish_shown", "finishing", "winnable_tag",
          "winnable_count_text"), _advice),
        (("settings",), _settings),
        (("fan_rows",), _fan_rows),
        (("history",), _history),
        (("daily_panel",), _daily),
        (("paused",), _paused),
        (("toast",), _toast),
        (("story",), _story),
    )
