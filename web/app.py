"""The game as the page plays it: selection, messages, clock, saving and statistics.

No browser module is imported here: the entry (main.py) hands in the storage, a clock and a
callback that schedules a render, so this runs (and is tested) in CPython too. Every rule question
goes to the engine; this file only decides what a click means and what to tell the player.
"""

from __future__ import annotations

import json
import random
import re

from plot import Game, IllegalMove, NewerSave
from plot.autoplay import safe_foundation_moves
from plot.cards import RANK_NAMES, RANKS, card_name, parse_card
from plot.move import pile_index, pile_label

from .advisor import Advisor
from .pagesave import PageSave, revision_of
from .stats import Stats
from .storage import read_atomic, write_atomic

SAVE_KEY = "the-plot/save"
BACKUP_KEY = "the-plot/save-unreadable"
STATS_KEY = "the-plot/stats"
STATS_BACKUP_KEY = "the-plot/stats-unreadable"
SETTINGS_KEY = "the-plot/settings"
DEFAULT_SETTINGS = {"check_winnable": False, "winnable_only": False, "autoplay": False,
                    "four_colour": False, "contrast": False, "large": False, "back": "red"}
CARD_BACKS = ("red", "blue", "green", "plain")  # offered in Settings, drawn by style.css
LOOK_SETTINGS = {"four_colour": "Four-colour suits", "contrast": "High contrast",
                 "large": "Larger cards"}
MAX_GAME = 999_999  # New game picks deal numbers 1..MAX_GAME; any non-negative number can be played

RANK_TEXT = {"A": "A", "T": "10", "J": "J", "Q": "Q", "K": "K"}
SUIT_TEXT = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}
SOURCES = frozenset(["R", "W", *(f"T{i}" for i in range(1, 13))])
HASH_GAME = re.compile(r"^#?game=(\d{1,9})$")


def card_text(code: str) -> str:
    """'7H' -> '7♥', 'TD' -> '10♦'."""
    return RANK_TEXT.get(code[0], code[0]) + SUIT_TEXT[code[1]]


def pile_text(name: str) -> str:
    """'T3' -> 'tableau 3', 'F1' -> 'foundation 1', 'W' -> 'the waste' (the engine's words)."""
    return pile_label(pile_index(name))


def clock_text(ms: float) -> str:
    seconds = int(ms // 1000)
    hours, rest = divmod(seconds, 3600)
    minutes, seconds = divmod(rest, 60)
    return f"{hours}:{minutes:02}:{seconds:02}" if hours else f"{minutes}:{seconds:02}"


def parse_hash(text: str) -> int | None:
    """The game number in a location hash like '#game=42', or None."""
    match = HASH_GAME.match(text or "")
    return int(match.group(1)) if match else None


def parse_ranges(text: str) -> list[int]:
    """'1-3,7,9-10' -> [1, 2, 3, 7, 9, 10]: the shipped list of proved-winnable deals."""
    numbers: list[int] = []
    for part in text.split(","):
        part = part.strip()
        if not part:
            continue
        first, _, last = part.partition("-")
        numbers.extend(range(int(first), int(last or first) + 1))
    return numbers


def card_words(code: str) -> str:
    """'7H' -> 'seven of hearts' (the engine's words, for screen readers)."""
    return card_name(parse_card(code))


def pile_title(name: str) -> str:
    """'T3' -> 'Tableau 3', 'R' -> 'Reserve'."""
    return sentence(pile_text(name).removeprefix("the "))


def accessible_name(name: str, shown: tuple, count: int, flags: frozenset, base: str) -> str:
    """What a screen reader says for a pile: 'Tableau 3: seven of hearts, 2 cards',
    'Foundation 1, first foundation, base rank 9, 4 cards, top: queen of clubs', 'Stock, 61 cards'.
    `shown` holds the face-up card codes drawn on the pile (bottom to top), `flags` the renderer's
    state flags (empty, locked, complete, selected, target)."""
    title = pile_title(name)
    cards = f"{count} card{'s' if count != 1 else ''}"
    if name[0] == "F":
        parts = [title]
        if name == "F1":
            parts += ["first foundation", f"base rank {RANK_NAMES[RANKS.index(base)]}"]
        if "locked" in flags:
            parts.append("locked until foundation 1 holds 13 cards")
        elif not count:
            parts.append("empty")
        else:
            parts.append("complete" if "complete" in flags else cards)
            parts.append(f"top: {card_words(shown[-1])}")
        text = ", ".join(parts)
    elif name == "S":
        text = f"{title}, {cards}" if count else f"{title}, empty"
    elif not count:
        text = f"{title}, empty"
    else:
        text = f"{title}: {card_words(shown[-1])}, {cards}"
    if "selected" in flags:
        text += ", selected"
    elif "target" in flags:
        text += ", legal target"
    if "hint-from" in flags:
        text += ", the hinted card"
    elif "hint-to" in flags:
        text += ", where the hint moves it"
    return text


def sentence(text: str) -> str:
    text = str(text).strip()
    return text[:1].upper() + text[1:] if text else text


class App:
    """One player's session: the current game and everything the page shows about it."""

    def __init__(self, storage, now, changed, rng=None, defer=None):
        self.storage = storage          # web.storage.Storage (or a fake with get/set/remove)
        self.now = now                  # () -> milliseconds, monotonic
        self.changed = changed          # () -> None: ask for a render
        self.defer = defer or _call_now  # (fn, ms=0) -> None: call fn after the browser's turn
        self.rng = rng or random.Random()
        self.game: Game = Game.new(1)
        self.number = 1
        self.selected: str | None = None
        self.targets: list[str] = []
        self.message = ""
        self.tone = "info"              # info | error | good
        self.said = 0                   # bumps on every message, so a repeated one is re-announced
        self.motions: list[tuple[str, str]] = []  # cards that moved since the last render
        self.dialog: str | None = None  # None | "won" | "lost" | "confirm"
        self.pending: tuple | None = None   # what a confirmed "abandon this game?" does
        self.notice = ""                # lasting warning (storage trouble, unreadable save)
        self.panel: str | None = None   # None | "help" | "stats"
        self.started = False            # a move was made in this attempt
        self.counted = False            # this attempt's result is already in the statistics
        self.elapsed = 0.0              # ms on the clock before `running_since`
        self.running_since: float | None = None
        self.visible = True
        self.stats = Stats()
        self.revision = 0               # bumps on every change; the renderer compares it
        self.offer: str | None = None   # None | "newer-version" | "other-tab": a question to ask
        self.offer_detail = ""          # what the question is about, in words
        self.saving = True              # False while a save we must not overwrite is kept
        self.save_revision = 0          # revision of the save this tab last wrote or read
        self.stats_writable = True      # False if unreadable statistics could not be kept aside
        self.hash_epoch = 0             # bumps when the address bar must show our deal again
        self.settings = dict(DEFAULT_SETTINGS)
        self.winnable_deals: list[int] | None = None  # proved-winnable game numbers, once loaded
        self._winnable_set: frozenset[int] = frozenset()
        self.advisor = Advisor(self)    # the solver's help: hints, "still winnable?", Finish

    # ---- starting and resuming ------------------------------------------------------------

    def boot(self, hash_text: str = "") -> None:
        """Load statistics and the saved game; honour a #game=N link; otherwise resume."""
        self._load_stats()
        self._load_settings()
        wanted = parse_hash(hash_text)
        resumed = self._resume()
        if wanted is not None and (not resumed or wanted != self.number):
            if resumed and self._in_progress():
                self._update()
                self._leave(("switch", wanted), confirmed=False)  # ask before leaving it
                self.message = (f"This link opens game {wanted}, but your game {self.number} "
                                "is in progress.")
                return
            if resumed:
                self._finish_attempt()
            self._start(wanted)
            self.message = f"Game {wanted}. Click a card to see where it can go."
        elif not resumed:
            self._start(self.rng.randint(1, MAX_GAME))
            self.message = "New game. Click a card to see where it can go; click the stock to deal."
        self._update()

    def _resume(self) -> bool:
        raw = self.storage.get(SAVE_KEY)
        if raw is None:
            return False
        try:
            save = PageSave.from_json(raw)
        except NewerSave as newer:
            self._hold_newer_save(newer.version)
            return False
        except Exception as error:  # noqa: BLE001 - whatever is wrong, the player gets a game
            kept = self.storage.set(BACKUP_KEY, raw)
            where = "It was kept aside" if kept else "It could not be kept aside"
            reason = str(error).strip().rstrip(".") or type(error).__name__
            self.notice = (f"Your saved game could not be read ({reason}). "
                           f"{where}, and a new game has started.")
            self.storage.remove(SAVE_KEY)
            return False
        self._load_save(save)
        self.message = f"Welcome back: game {save.number} resumed where you left it."
        return True

    def _load_save(self, save: PageSave) -> None:
        self.game, self.number, self.elapsed = save.game, save.number, save.elapsed_ms
        self.running_since = None
        self.started, self.counted = save.started, save.counted
        self.save_revision = save.revision
        self.selected, self.targets, self.dialog, self.pending = None, [], None, None
        self._after_change(announce=False)

    def _hold_newer_save(self, version: int) -> None:
        """A newer page wrote the save: never overwrite it until the player decides."""
        self.saving = False
        self.offer = "newer-version"
        self.offer_detail = (f"Your saved game was made by a newer version of The Plot (save "
                             f"version {version}) and is kept untouched. Reload the page to get "
                             "the newer version, or play here without saving over it, or "
                             "discard it.")

    def _start(self, number: int) -> None:
        self.game = Game.new(number)
        self.number = number
        self.selected, self.targets = None, []
        self.dialog, self.pending = None, None
        self.started = self.counted = False
        self.elapsed, self.running_since = 0.0, None
        self.tone = "info"
        self._save()

    # ---- what the player does -------------------------------------------------------------

    def click_pile(self, name: str, double: bool = False) -> None:
        """A click (or the second click of a double-click) on the pile called `name`."""
        if self.dialog == "confirm":
            self.cancel()
            return
        if name == "S":
            self.deal()
            return
        if double:
            if self.selected == name:
                self._to_foundation(name)
            return  # a double-click that did not start by selecting this card means nothing more
        if self.selected is None:
            self._select(name)
        elif self.selected == name:
            self.deselect()
        else:
            self._play(f"{self.selected}-{name}")

    def pick_up(self, name: str) -> bool:
        """A drag starts on pile `name`: select its card as a click would; True if it can move."""
        if self.dialog == "confirm":
            self.cancel()
            return False
        if self.selected != name:
            self.selected, self.targets = None, []
            self._select(name)
        return self.selected == name and bool(self.targets)

    def drop(self, name: str | None) -> bool:
        """The dragged card is let go over pile `name` (None: not over a pile). Plays the move if
        the engine allows it (True); otherwise the card goes back, with the engine's reason when
        it was dropped on another pile."""
        src = self.selected
        if src is None:
            return False
        if name is None or name == src:
            self.selected, self.targets = None, []
            self._say("")
            return False
        before = self.game.moves_played
        self._play(f"{src}-{name}")
        if self.game.moves_played == before:  # refused: the reason stays on the status line
            self.selected, self.targets = None, []
            self.revision += 1
            self.changed()
            return False
        return True

    def send_home(self, name: str) -> None:
        """Play the card available on pile `name` to the first foundation that takes it (F key)."""
        if name not in SOURCES or not self._pile(name):
            self._say(f"{sentence(pile_text(name))} has no card to send to a foundation.", "error")
            return
        self._to_foundation(name)

    def _select(self, name: str) -> None:
        if name not in SOURCES:
            if name.startswith("F"):
                self._say("Cards on a foundation stay there. Pick a card from the reserve, "
                          "the waste or the tableau.")
            else:
                self._say("That space is empty. Pick a card to move first.")
            return
        pile = self._pile(name)
        if not pile:
            self._say(f"{sentence(pile_text(name))} is empty.")
            return
        self.selected = name
        self.targets = self.game.targets(name)
        card = card_text(pile[-1])
        if self.targets:
            self._say(f"{card} selected: choose a highlighted pile.")
        else:
            self._say(f"{card} has no legal move right now.")

    def deselect(self) -> None:
        if self.selected is not None or self.dialog == "confirm":
            self.selected, self.targets = None, []
            if self.dialog == "confirm":
                self._drop_pending()
            self._say("")

    def _drop_pending(self) -> None:
        """Close the "leave this game?" question without leaving."""
        if self.pending is not None and self.pending[0] == "switch":
            self.hash_epoch += 1  # the address bar shows the other deal: put ours back
        self.dialog, self.pending = None, None

    def deal(self) -> None:
        self.selected, self.targets = None, []
        self._play("S-W")

    def _to_foundation(self, name: str) -> None:
        homes = [t for t in self.game.targets(name) if t.startswith("F")]
        if homes:
            self._play(f"{name}-{homes[0]}")
        else:
            card = card_text(self._pile(name)[-1])
            self.selected, self.targets = None, []
            self._say(f"No foundation takes the {card} now.", "error")

    def _play(self, text: str) -> None:
        src = text.split("-")[0]
        card = (self._pile(src) or [None])[-1]
        try:
            move = self.game.play(text)
        except IllegalMove as error:
            self._say(sentence(error), "error")
            return
        self.selected, self.targets = None, []
        self.started = True
        self.motions.append((move.src, move.dst))
        if move.src == "S":
            left = len(self.game.position()["stock"])
            said = f"Dealt {card_text(card)}; {left} left in the stock."
        else:
            said = f"{card_text(card)} to {pile_text(move.dst)}."
        self._say(said + self._autoplay())
        self._after_change()

    def _autoplay(self) -> str:
        """With safe auto-play on, send home every card plot.autoplay proves is never needed;
        returns what to add to the announcement."""
        if not self.settings["autoplay"]:
            return ""
        sent = []
        while moves := safe_foundation_moves(self.game):
            move = moves[0]
            sent.append(card_text(self.game.top(move.src)))
            self.game.play(move)
            self.motions.append((move.src, move.dst))
        return f" Auto-played to the foundations: {', '.join(sent)}." if sent else ""

    def undo(self) -> None:
        self.selected, self.targets = None, []
        move = self.game.undo()
        if move is None:
            self._say("Nothing to undo.", "error")
            return
        card = self._pile(move.src)[-1]
        self.motions.append((move.dst, move.src))
        self._say(f"Undone: {card_text(card)} back to {pile_text(move.src)}.")
        self._after_change()

    def redo(self) -> None:
        self.selected, self.targets = None, []
        move = self.game.redo()
        if move is None:
            self._say("Nothing to redo.", "error")
            return
        card = self._pile(move.dst)[-1]
        self.motions.append((move.src, move.dst))
        self._say(f"Redone: {card_text(card)} to {pile_text(move.dst)}.")
        self._after_change()

    def new_game(self, confirmed: bool = False) -> None:
        self._leave(("new", None), confirmed)

    def restart(self, confirmed: bool = False) -> None:
        self._leave(("restart", None), confirmed)

    def switch_to(self, number: int) -> None:
        """Open deal `number` (a #game=N link), asking first if a game is in progress."""
        if number == self.number and self.game.moves_played == 0:
            return
        self._leave(("switch", number), confirmed=False)

    def confirm(self) -> None:
        if self.pending is not None:
            self._leave(self.pending, confirmed=True)

    def cancel(self) -> None:
        if self.dialog == "confirm":
            self._drop_pending()
            self._say("Carry on.")
        elif self.dialog in ("won", "lost"):
            self.dialog = None
            self.revision += 1
            self.changed()

    def _in_progress(self) -> bool:
        return self.started and not self.counted and self.game.status == "playing"

    def _leave(self, what: tuple, confirmed: bool) -> None:
        if self._in_progress() and not confirmed:
            self.pending = what
            self.dialog = "confirm"
            self.selected, self.targets = None, []
            self._say("")
            return
        self._finish_attempt()
        kind, number = what
        if kind == "new":
            self._start(self._pick_new())
            self._say(self._new_game_text())
        elif kind == "restart":
            self._start(self.number)
            self._say(f"Game {self.number} restarted from the deal.")
        else:
            self._start(number)
            self._say(f"Game {number}.")
        self._update()

    def _pick_new(self) -> int:
        """A random game number other than this one: a proved-winnable one if the player asked."""
        deals = self.winnable_deals if self.settings["winnable_only"] else None
        while True:
            number = self.rng.choice(deals) if deals else self.rng.randint(1, MAX_GAME)
            if number != self.number:
                return number

    def _new_game_text(self) -> str:
        if not self.settings["winnable_only"]:
            return f"New game: deal {self.number}."
        if self.winnable_deals:
            return f"New game: deal {self.number}, proved winnable by the solver."
        return (f"New game: deal {self.number}. The list of winnable deals is not loaded, so "
                "this deal was picked at random.")

    @property
    def proved_winnable_deal(self) -> bool:
        """This game number is in the shipped list of deals the solver won."""
        return bool(self.winnable_deals) and self.number in self._winnable_set

    def set_winnable_deals(self, text: str) -> None:
        """The shipped list of proved-winnable game numbers arrived ('1-12,14,...')."""
        self.winnable_deals = parse_ranges(text)
        self._winnable_set = frozenset(self.winnable_deals)
        self.touch()

    # ---- settings and the solver's help ---------------------------------------------------------

    def set_setting(self, name: str, value) -> None:
        """Change a setting (remembered in this browser)."""
        if name not in DEFAULT_SETTINGS:
            return
        if name == "back":
            if value not in CARD_BACKS:
                return
        else:
            value = bool(value)
        self.settings[name] = value
        self._save_settings()
        if name == "back":
            self._say(f"Card back: {value}.")
        elif name in LOOK_SETTINGS:
            self._say(f"{LOOK_SETTINGS[name]} {'on' if value else 'off'}.")
        elif name == "autoplay":
            self._set_autoplay(value)
        elif name == "check_winnable":
            self.advisor.refresh()
            self._say("The solver will check after every move whether this game can still be "
                      "won." if value else "Winnable check off.")
        else:
            self._say("New game will deal only deals the solver has proved winnable."
                      if value else "New game will deal any deal, winnable or not.")

    def _set_autoplay(self, on: bool) -> None:
        if not on:
            self._say("Safe auto-play off: every card stays where you leave it.")
            return
        sent = self._autoplay() if self.game.status == "playing" else ""
        self._say("Safe auto-play on: cards that can never be needed again go home by "
                  "themselves." + sent)
        if sent:
            self.selected, self.targets = None, []
            self.started = True
            self._after_change()

    def request_hint(self) -> None:
        """Hint (button or H key): the next move of a winning line, or why there is none."""
        if self.dialog == "confirm":
            return
        self.advisor.request_hint()

    def finish(self) -> None:
        """Finish: play the rest of a proved winning line, move by move (or stop doing so)."""
        self.advisor.finish()

    def stop_finish(self) -> bool:
        """A click or key while Finish plays: stop it. True if it was playing."""
        if self.advisor.finishing:
            self.advisor.stop_finish()
            return True
        return False

    def play_move(self, text: str) -> None:
        """Play a move given in the engine's notation, as if the player had clicked it."""
        self.selected, self.targets = None, []
        self._play(text)

    def touch(self) -> None:
        """Something shown changed without a move (a search answered, a list arrived)."""
        self.revision += 1
        self.changed()

    def _stored_settings(self) -> dict:
        """The settings record in storage; {} if there is none or it is unreadable."""
        raw = self.storage.get(SETTINGS_KEY)
        try:
            stored = json.loads(raw) if raw else {}
        except ValueError:
            return {}
        return stored if isinstance(stored, dict) else {}

    def _load_settings(self) -> None:
        stored = self._stored_settings()
        for name, default in DEFAULT_SETTINGS.items():
            value = stored.get(name)
            fits = (isinstance(value, bool) and isinstance(default, bool)
                    or (name == "back" and value in CARD_BACKS))
            if fits:
                self.settings[name] = value

    def _save_settings(self) -> None:
        """Write our settings, keeping any other keys another part of the page stored there."""
        stored = self._stored_settings()
        stored.update(self.settings)
        self.storage.set(SETTINGS_KEY, json.dumps(stored, separators=(",", ":")))

    def _finish_attempt(self) -> None:
        """Leaving a game: a started, unrecorded attempt that was not won counts as lost."""
        if self.started and not self.counted:
            self._record_result(won=False)

    def toggle_panel(self, name: str | None) -> None:
        self.panel = None if name == self.panel else name
        self.revision += 1
        self.changed()

    def say(self, text: str, tone: str = "info") -> None:
        self._say(text, tone)

    # ---- time and visibility ------------------------------------------------------------------

    def _elapsed(self) -> float:
        if self.running_since is None:
            return self.elapsed
        return self.elapsed + max(0.0, self.now() - self.running_since)

    def clock(self) -> str:
        return clock_text(self._elapsed())

    def set_visible(self, visible: bool) -> None:
        """The page was hidden or shown: the clock runs only while the player can see the game."""
        self.visible = visible
        self._sync_clock()
        if not visible:
            self._save()

    def _sync_clock(self) -> None:
        should_run = self.visible and self.started and self.game.status == "playing"
        if should_run and self.running_since is None:
            self.running_since = self.now()
        elif not should_run and self.running_since is not None:
            self.elapsed = self._elapsed()
            self.running_since = None

    # ---- bookkeeping --------------------------------------------------------------------------

    def _pile(self, name: str) -> list[str]:
        position = self.game.position()
        if name == "R":
            return position["reserve"]
        if name == "S":
            return position["stock"]
        if name == "W":
            return position["waste"]
        index = int(name[1:]) - 1
        return position["foundations" if name[0] == "F" else "tableau"][index]

    def _say(self, text: str, tone: str = "info") -> None:
        self.message, self.tone = text, tone
        self.said += 1
        self.revision += 1
        self.changed()

    def _after_change(self, announce: bool = True) -> None:
        status = self.game.status
        self._sync_clock()
        if status == "won":
            if not self.counted:
                self._record_result(won=True)
            self.dialog = "won"
            if announce:
                self._say(f"You won game {self.number} in {self.game.moves_played} moves "
                          f"and {self.clock()}!", "good")
        elif status == "lost":
            self.dialog = "lost"
            if announce:
                self._say("No card can reach a foundation any more: this game is lost. "
                          "Undo, restart or start a new game.", "error")
        elif self.dialog in ("won", "lost"):
            self.dialog = None
        self._save()
        self.advisor.position_changed()
        self.revision += 1
        self.changed()

    def _update(self) -> None:
        self._after_change(announce=False)

    def _save(self) -> None:
        """Save the game, unless another tab saved newer progress (then say so and ask)."""
        if not self.saving:
            return
        stored = self.storage.get(SAVE_KEY)
        stored_revision = revision_of(stored)
        if stored_revision > self.save_revision and not self._same_game(stored):
            self._behind(stored)
            return
        if self.offer == "other-tab":
            return  # the player has not chosen between this tab's game and the other one
        revision = max(stored_revision, self.save_revision) + 1
        save = PageSave(self.game, self.number, self._elapsed(), self.started, self.counted,
                        revision)
        if self.storage.set(SAVE_KEY, save.to_json()):
            self.save_revision = revision

    def save_now(self) -> None:
        self._save()

    def _same_game(self, raw: str | None) -> bool:
        """Whether a stored save holds exactly this tab's game (moves and undo history)."""
        try:
            save = PageSave.from_json(raw)
        except Exception:  # noqa: BLE001 - not readable: certainly not ours
            return False
        return save.number == self.number and save.game.to_json() == self.game.to_json()

    def _behind(self, raw: str) -> None:
        """Another tab saved newer progress: stop saving over it and offer to load it."""
        try:
            save = PageSave.from_json(raw)
        except Exception:  # noqa: BLE001
            return
        moves = save.game.moves_played
        self.offer = "other-tab"
        self.offer_detail = (f"Game {save.number} was played on in another tab "
                             f"({moves} move{'s' if moves != 1 else ''}). This tab is behind "
                             "and is not saving.")
        self.revision += 1
        self.changed()

    def storage_changed(self, key: str | None, value: str | None) -> None:
        """Another tab wrote to storage (the browser's `storage` event)."""
        if key == STATS_KEY:
            self._load_stats()
            self.revision += 1
            self.changed()
        elif key == SAVE_KEY and value is not None and self.saving:
            if revision_of(value) <= self.save_revision:
                return
            if self._same_game(value):
                self.save_revision = revision_of(value)  # the same game: nothing newer to load
            else:
                self._behind(value)

    def accept_offer(self) -> None:
        """Yes to the question: load the other tab's game / play on without saving."""
        offer, self.offer = self.offer, None
        if offer == "other-tab":
            raw = self.storage.get(SAVE_KEY)
            try:
                save = PageSave.from_json(raw)
            except Exception:  # noqa: BLE001 - it changed again and cannot be read: keep ours
                self._say("The other tab's game could not be read; this one carries on.", "error")
                self._save()
                return
            self._load_save(save)
            self._say(f"Loaded game {save.number} as the other tab left it.")
        elif offer == "newer-version":
            self.notice = ("Not saving: the saved game from a newer version of The Plot is kept "
                           "untouched.")
            self._say("Playing without saving.")

    def decline_offer(self) -> None:
        """No to the question: keep this tab's game (saving over the other) / discard the save."""
        offer, self.offer = self.offer, None
        if offer == "other-tab":
            self.save_revision = revision_of(self.storage.get(SAVE_KEY))
            self._save()
            self._say(f"Keeping this tab's game {self.number}; it is saved again.")
        elif offer == "newer-version":
            self.storage.remove(SAVE_KEY)
            self.saving, self.save_revision, self.notice = True, 0, ""
            self._save()
            self._say("The newer version's save was discarded; this game is saved.")

    def _load_stats(self) -> None:
        stats, unreadable = read_atomic(self.storage, STATS_KEY, Stats.from_json)
        if unreadable is not None:
            reason = "unknown"
            try:
                Stats.from_json(unreadable)
            except NewerSave:
                self.stats_writable = False  # never move aside or overwrite a newer record
                self.notice = ("Your statistics were saved by a newer version of The Plot: they "
                               "are kept untouched, and games in this tab are not counted. "
                               "Reload the page to get the newer version.")
                return
            except ValueError as error:
                reason = str(error)
            self.stats_writable = self.storage.set(STATS_BACKUP_KEY, unreadable)
            if self.stats_writable:
                self.notice = (f"Your statistics could not be read ({reason}). They were kept "
                               "aside, and counting starts again from here.")
                self.storage.remove(STATS_KEY)  # reported once; the copy aside stays
            else:
                self.notice = (f"Your statistics could not be read ({reason}) nor kept aside, "
                               "so they are left as they are and new results are not saved.")
        if stats is not None:
            self.stats = stats

    def _record_result(self, won: bool) -> None:
        """Count this attempt once, on top of what any other tab has counted meanwhile."""
        self._load_stats()
        self.stats.record(won, self._elapsed(), self.game.moves_played)
        self.counted = True
        self._save_stats()

    def _save_stats(self) -> None:
        if self.stats_writable:
            write_atomic(self.storage, STATS_KEY, self.stats.to_json())


def _call_now(fn, ms=0) -> None:
    """The default `defer` without a browser: call at once (searches then run to the end)."""
    fn()
