"""Drawing the table: a keyed diff of what the player should see against what the DOM shows.

`Renderer.schedule()` asks for one flush on the next animation frame however many changes come
before it. A flush computes a small view of every pile (cards shown, count, state flags) and
touches only the piles, cards and toolbar items that differ from the last flush; cards are keyed
by pile and position, so a move rewrites two piles, not the 104 cards of the table.
"""

from __future__ import annotations

from pyodide.ffi import create_proxy, to_js
from pyscript.ffi import is_none

from .app import RANK_TEXT, accessible_name, card_words, clock_text, pile_text

PILES = ("R", "S", "W", *(f"F{i}" for i in range(1, 9)), *(f"T{i}" for i in range(1, 13)))
SELECTABLE = frozenset(["R", "W", *(f"T{i}" for i in range(1, 13))])
SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
RANK_NAMES = {"A": "ace", "2": "two", "3": "three", "4": "four", "5": "five", "6": "six",
              "7": "seven", "8": "eight", "9": "nine", "T": "ten", "J": "jack", "Q": "queen",
              "K": "king"}
FACES = {"J", "Q", "K"}
VERDICT_TEXT = {"winnable": "Winnable", "lost": "No longer winnable", "unknown": "Unknown",
                "thinking": "Checking\u2026"}
LOST_FROM_THE_DEAL = "Not winnable"  # the verdict "lost" before any move: the deal itself
MOVE_MS = 170          # a card's flight from one pile to another (never blocks input)
SETTING_CLASSES = {"four_colour": "four-colour", "contrast": "high-contrast",
                   "large": "large-cards"}
RESULT_TITLES = {"won": "You won!", "lost": "No more moves", "confirm": "Leave this game?"}
# The two answers to each question the page may ask about saves (see App.offer).
OFFER_BUTTONS = {"newer-version": ("Play without saving", "Discard that save"),
                 "other-tab": ("Load the newer game", "Keep this tab's game")}


def _suit(suit: str, cls: str) -> str:
    return f'<svg class="{cls}" aria-hidden="true"><use href="#suit-{suit}"></use></svg>'


def _card_inner(code: str) -> str:
    """The inside of a face-up card, built only from the fixed tables above (never from input)."""
    rank, suit = RANK_TEXT.get(code[0], code[0]), code[1]
    index = f'<span class="rank" data-r="{rank}"></span>{_suit(suit, "suit")}'
    if code[0] in FACES:
        middle = f'<span class="face" data-r="{rank}">{_suit(suit, "face-suit")}</span>'
    else:
        middle = _suit(suit, "pip")
    return (f'<span class="index tl">{index}</span>{middle}'
            f'<span class="index br">{index}</span>')


CARD_INNER = {r + s: _card_inner(r + s) for r in RANK_NAMES for s in SUIT_NAMES}
CARD_CLASS = {code: "card " + ("red" if code[1] in "HD" else "black") for code in CARD_INNER}


class Renderer:
    def __init__(self, document, window):
        self.document, self.window = document, window
        self.app = None
        self.piles = {}
        for name in PILES:
            el = document.querySelector(f'[data-pile="{name}"]')
            initial = frozenset(f for f in ("empty",) if el.classList.contains(f))
            self.piles[name] = {"el": el, "cards": [], "shown": (), "count": None,
                                "flags": initial, "label": None,
                                "count_el": el.querySelector(".count")}
        q = document.getElementById
        self.el = {key: q(key) for key in (
            "state", "message", "notice", "moves", "time", "game-number", "game-link", "undo",
            "redo", "base-rank", "result", "result-title", "result-text", "result-undo",
            "result-close", "confirm-yes", "help", "stats", "stats-list", "offer", "offer-text",
            "offer-yes", "offer-no", "hint", "finish", "winnable", "settings", "winnable-deal",
            "winnable-count", "selection-help")}
        self.root = document.documentElement
        self.ghosts = list(document.querySelectorAll(".ghost"))
        self.last: dict = {}
        self.pending = False
        self.frames = 0
        self._frame = create_proxy(self._on_frame)
        self.calm = window.matchMedia("(prefers-reduced-motion: reduce)")
        self.to_object = window.Object.fromEntries

    # ---- scheduling ---------------------------------------------------------------------------

    def schedule(self) -> None:
        if not self.pending:
            self.pending = True
            self.window.requestAnimationFrame(self._frame)

    def _on_frame(self, _timestamp=None) -> None:
        self.flush()

    def flush(self) -> None:
        self.pending = False
        app = self.app
        if app is None:
            return
        position = app.game.position()
        restricted = len(position["foundations"][0]) < 13
        base = app.game.base_rank
        targets = set(app.targets)
        hint = app.advisor.hint or (None, None)
        self.base = base
        motions, app.motions = app.motions, []
        starts = self._starts(motions) if motions and not self.calm.matches else {}
        for name in PILES:
            shown, count, flags = self._view(name, position, restricted, base, app, targets)
            if name in hint:
                flags = flags | {"hint-from" if name == hint[0] else "hint-to"}
            self._pile(name, shown, count, flags)
        self._globals(app, restricted, base)
        if starts:
            self._fly(starts)
        self.frames += 1

    # ---- motion: each moved card flies from where it was (FLIP, Web Animations API) ----------

    def _top_node(self, name):
        state = self.piles[name]
        return state["cards"][-1] if state["cards"] else state["el"]

    def _starts(self, motions) -> dict:
        """Where each destination's arriving card starts: its source's top, measured now."""
        starts = {}
        for src, dst in motions[-3:]:  # a long auto-play chain animates its last few cards
            rect = self._top_node(src).getBoundingClientRect()
            starts[dst] = (rect.left, rect.top)
        return starts

    def _fly(self, starts) -> None:
        for dst, (x, y) in starts.items():
            node = self._top_node(dst)
            if not node.classList.contains("card"):
                continue
            rect = node.getBoundingClientRect()
            dx, dy = x - rect.left, y - rect.top
            if abs(dx) < 1 and abs(dy) < 1:
                continue
            frames = to_js([{"transform": f"translate({dx:.1f}px, {dy:.1f}px)", "zIndex": 40},
                            {"transform": "none", "zIndex": 40}],
                           dict_converter=self.to_object)
            timing = to_js({"duration": MOVE_MS, "easing": "cubic-bezier(.2,.7,.3,1)"},
                           dict_converter=self.to_object)
            node.animate(frames, timing)

    # ---- piles --------------------------------------------------------------------------------

    @staticmethod
    def _view(name, position, restricted, base, app, targets):
        kind = name[0]
        flags = set()
        if kind == "T":
            pile = position["tableau"][int(name[1:]) - 1]
            shown = tuple(pile)
        elif kind == "F":
            pile = position["foundations"][int(name[1:]) - 1]
            shown = tuple(pile[-1:])
            if name != "F1" and restricted:
                flags.add("locked")
            if len(pile) == 13:
                flags.add("complete")
        else:
            pile = position[{"R": "reserve", "S": "stock", "W": "waste"}[name]]
            shown = () if kind == "S" else tuple(pile[-1:])
        if not pile:
            flags.add("empty")
        if name == app.selected:
            flags.add("selected")
        if name in targets:
            flags.add("target")
        return shown, len(pile), frozenset(flags)

    def _pile(self, name, shown, count, flags) -> None:
        state = self.piles[name]
        el = state["el"]
        if shown != state["shown"]:
            old, cards = state["shown"], state["cards"]
            keep = 0
            for a, b in zip(old, shown, strict=False):
                if a != b:
                    break
                keep += 1
            for card in cards[keep:]:
                card.remove()
            del cards[keep:]
            document = self.document
            for code in shown[keep:]:
                card = document.createElement("div")
                card.className = CARD_CLASS[code]
                card.setAttribute("data-card", code)
                card.setAttribute("aria-hidden", "true")  # the pile's name says it in words
                card.innerHTML = CARD_INNER[code]
                el.appendChild(card)
                cards.append(card)
            state["shown"] = shown
        if count != state["count"]:
            el.setAttribute("data-count", str(count))
            if name[0] == "T":
                el.style.setProperty("--n", str(count))
            elif state["count_el"] is not None:
                state["count_el"].setAttribute("data-n", _count_text(name, count))
            state["count"] = count
        if flags != state["flags"]:
            changed = flags ^ state["flags"]
            for flag in changed:
                el.classList.toggle(flag, flag in flags)
            if "selected" in changed and name in SELECTABLE:
                el.setAttribute("aria-pressed", "true" if "selected" in flags else "false")
            if "selected" in changed or "target" in changed:
                if "selected" in flags or "target" in flags:
                    el.setAttribute("aria-describedby", "selection-help")
                else:
                    el.removeAttribute("aria-describedby")
            state["flags"] = flags
        label = accessible_name(name, shown, count, flags, self.base)
        if label != state["label"]:
            el.setAttribute("aria-label", label)
            state["label"] = label

    # ---- everything else ----------------------------------------------------------------------

    def _set(self, key, value, apply) -> None:
        if self.last.get(key, object()) != value:
            self.last[key] = value
            apply(value)

    def _globals(self, app, restricted, base) -> None:
        e = self.el
        game = app.game
        status = game.status
        self._set("status", status, self._status)
        self._set("message", (app.message, app.tone, app.said), self._message)
        self._set("selection", (app.selected, tuple(app.targets)), self._selection_help)
        notice = app.notice or app.storage.warning
        self._set("notice", notice, self._notice)
        self._set("moves", game.moves_played, lambda v: _text(e["moves"], str(v)))
        self._set("undo", game.can_undo, lambda v: e["undo"].toggleAttribute("disabled", not v))
        self._set("redo", game.can_redo, lambda v: e["redo"].toggleAttribute("disabled", not v))
        self._set("number", (app.number, app.hash_epoch), lambda v: self._number(v[0]))
        self._set("base", base, self._base)
        self._set("restricted", restricted,
                  lambda v: self.root.classList.toggle("restricted", v))
        self._set("selecting", app.selected is not None,
                  lambda v: self.root.classList.toggle("selecting", v))
        self._set("time", app.clock(), lambda v: _text(e["time"], v))
        self._set("dialog", (app.dialog, app.revision if app.dialog else 0), self._dialog)
        self._set("panel", (app.panel, app.stats.to_json()), self._panel)
        self._set("won", game.status == "won", lambda v: self.root.classList.toggle("won", v))
        self._set("offer", (app.offer, app.offer_detail), self._offer)
        self._advice(app)

    def _offer(self, value) -> None:
        offer, detail = value
        e = self.el
        e["offer"].hidden = offer is None
        if offer is not None:
            yes, no = OFFER_BUTTONS[offer]
            _text(e["offer-text"], detail)
            _text(e["offer-yes"], yes)
            _text(e["offer-no"], no)

    def _advice(self, app) -> None:
        """Hint's thinking state, the still-winnable indicator, Finish and the settings."""
        e, advisor = self.el, app.advisor
        self._set("thinking", advisor.thinking, self._thinking)
        verdict = advisor.verdict if app.settings["check_winnable"] else None
        self._set("verdict", (verdict, not app.game.history), self._verdict)
        self._set("finish", (advisor.can_finish, advisor.finishing), self._finish)
        self._set("winnable-deal", app.settings["winnable_only"] and app.proved_winnable_deal,
                  lambda v: setattr(e["winnable-deal"], "hidden", not v))
        count = len(app.winnable_deals or ())
        self._set("winnable-count", count, lambda v: _text(
            e["winnable-count"], f" ({v:,} deals in the list shipped with the game)" if v else ""))
        for name, value in app.settings.items():
            self._set(f"setting-{name}", value, lambda v, n=name: self._setting(n, v))

    def _thinking(self, thinking) -> None:
        self.root.classList.toggle("thinking", thinking)
        self.el["hint"].setAttribute("aria-busy", "true" if thinking else "false")

    def _verdict(self, value) -> None:
        verdict, at_the_deal = value
        el = self.el["winnable"]
        el.hidden = verdict is None
        if verdict is not None:
            el.setAttribute("data-winnable", verdict)
            lost_deal = verdict == "lost" and at_the_deal
            el.textContent = LOST_FROM_THE_DEAL if lost_deal else VERDICT_TEXT[verdict]

    def _finish(self, value) -> None:
        available, finishing = value
        el = self.el["finish"]
        el.hidden = not (available or finishing)
        el.classList.toggle("running", finishing)
        _text(el.querySelector("span"), "Stop" if finishing else "Finish")

    def _setting(self, name, value) -> None:
        if name == "back":
            self.root.setAttribute("data-back", value)
            for box in self.document.querySelectorAll('[data-setting="back"]'):
                box.checked = box.value == value
            return
        if name in SETTING_CLASSES:
            self.root.classList.toggle(SETTING_CLASSES[name], value)
        box = self.document.querySelector(f'[data-setting="{name}"]')
        if box is not None and not is_none(box):
            box.checked = value

    def _base(self, base) -> None:
        text = RANK_TEXT.get(base, base)
        _text(self.el["base-rank"], text)
        for ghost in self.ghosts:
            ghost.setAttribute("data-r", text)

    def tick(self) -> None:
        """Once or twice a second: only the clock."""
        if self.app is not None:
            self._set("time", self.app.clock(), lambda v: _text(self.el["time"], v))

    def _status(self, status) -> None:
        el = self.el["state"]
        el.setAttribute("data-status", status)
        el.textContent = {"playing": "Playing", "won": "Won", "lost": "Lost"}[status]

    def _message(self, value) -> None:
        text, tone, _said = value
        el = self.el["message"]
        el.textContent = ""  # emptied first, so the live region announces a repeated message too
        el.textContent = text
        el.setAttribute("data-tone", tone)

    def _selection_help(self, value) -> None:
        """The description the selected pile and its targets carry for screen readers."""
        selected, targets = value
        if selected is None:
            text = ""
        else:
            card = card_words(self.app.game.top(selected))
            where = ", ".join(pile_text(t) for t in targets) or "nowhere right now"
            text = (f"Selected: {card} from {pile_text(selected)}. It can go to {where}. "
                    "Press Enter on a legal target to play it, Escape to put it down.")
        self.el["selection-help"].textContent = text

    def _notice(self, text) -> None:
        el = self.el["notice"]
        el.textContent = text
        el.hidden = not text

    def _number(self, number) -> None:
        _text(self.el["game-number"], str(number))
        self.el["game-link"].setAttribute("href", f"#game={number}")
        if self.window.location.hash != f"#game={number}":
            self.window.history.replaceState(None, "", f"#game={number}")
        self.document.title = f"The Plot \u2014 game {number}"

    def _dialog(self, value) -> None:
        kind = value[0]
        app, e = self.app, self.el
        result = e["result"]
        if kind is None:
            result.hidden = True
            return
        result.setAttribute("data-kind", kind)
        title = RESULT_TITLES[kind]
        game = app.game
        if kind == "won":
            text = (f"Game {app.number}: all 104 cards are home in {game.moves_played} moves "
                    f"and {app.clock()}.")
        elif kind == "lost":
            text = ("The stock is empty and no card can reach a foundation any more. Undo to try "
                    "another way, restart this deal, or start a new game.")
        else:
            leave, number = app.pending
            title, button = {
                "new": ("Start a new game?", "New game"),
                "restart": ("Restart this deal?", "Restart"),
                "switch": (f"Open game {number}?", f"Open game {number}"),
            }[leave]
            _text(e["confirm-yes"], button)
            moves = game.moves_played
            text = (f"Game {app.number} is in progress ({moves} move{'s' if moves != 1 else ''})."
                    " Leaving it counts as a loss in your statistics.")
        _text(e["result-title"], title)
        _text(e["result-text"], text)
        e["result-undo"].hidden = kind == "confirm"
        result.hidden = False
        focus = e["confirm-yes"] if kind == "confirm" else e["result-close"]
        focus.focus()

    def _panel(self, value) -> None:
        panel = value[0]
        self.el["help"].hidden = panel != "help"
        self.el["stats"].hidden = panel != "stats"
        self.el["settings"].hidden = panel != "settings"
        if panel == "stats":
            s = self.app.stats
            rows = {
                "played": s.played, "won": s.won, "rate": s.win_rate, "streak": s.streak,
                "best-streak": s.best_streak,
                "best-time": "–" if s.best_time_ms is None else clock_text(s.best_time_ms),
                "fewest": "–" if s.fewest_moves is None else s.fewest_moves,
            }
            for key, value_ in rows.items():
                _text(self.document.getElementById(f"stat-{key}"), str(value_))


def _text(el, text) -> None:
    el.textContent = text


def _count_text(name: str, count: int) -> str:
    if name[0] == "F":
        return f"{count}/13" if count else ""
    return str(count)

