"""The game as the page plays it: its life from deal to result, move by move.

App is a small state machine over one game: the moves played, the message on the status line, the
open dialog or panel. Everything else is a part with one job: the card in hand and what a click
means (hand.py), the clock (clock.py), the save and the two-tab protocol (saveslot.py),
statistics (stats.py), settings (settings.py), new deals (deals.py), the solver's help
(advisor.py), and every sentence (words.py). No browser module is imported: the page (page.py)
hands in the storage, a clock and a callback that schedules a render, so this runs (and is
tested) in CPython. Every rule question goes to the engine.
"""

from __future__ import annotations

import random
import time
from dataclasses import replace
from datetime import date

from plot import LOST as GAME_LOST
from plot import PLAYING, STOCK, WASTE, WON, Game, IllegalMove
from plot.autoplay import safe_foundation_moves

from . import words
from .advisor import Advisor
from .archive import Archive
from .clock import Clock
from .daily import PLAYING as DAILY_PLAYING
from .daily import DayResult, day_results, share_text, utc_date
from .deals import TIER_CHOICES, Deals, daily_date, parse_daily_hash, parse_hash, tier_slug
from .hand import Hand
from .history import ABANDONED, LOST_RESULT, Entry, HistoryBook
from .pagesave import Attempt, PageSave
from .room import Room
from .saveslot import SAVE_KEY, SaveSlot
from .settings import Settings, SettingsStore
from .state import Dialog, Leave, Leaving, LeftGame, Message, Panel, PanelNote, Tone
from .stats import STATS_KEY, StatsBook
from .story import Story

RESULT_DIALOGS = (Dialog.WON, Dialog.LOST)
UNDO_LEAVE_MS = 8_000  # how long Undo can bring back a game left by New game or Restart
# The clock runs with no panel open, and under the Moves panel: a view of the game in play (on a
# wide screen it sits beside the table, and moves are played with it open); the others cover it.
CLOCK_RUNS_UNDER = (None, Panel.STORY)
UNDOABLE_LEAVES = (Leaving.NEW, Leaving.RESTART, Leaving.RECORD)  # no question: Undo instead


class App:
    """One player's session: the current game and everything the page shows about it."""

    def __init__(self, storage, now, changed, rng=None, defer=None, touch=False, wall=None):
        self.storage = storage          # web.storage.Storage (or a fake with get/set/remove)
        self.changed = changed          # () -> None: ask for a render
        self.defer = defer or _call_now  # (fn, ms=0) -> None: call fn after the browser's turn
        self.touch = touch              # the player taps (a touch screen), so words say "tap"
        self.clock = Clock(now)
        self.wall = wall or (lambda: time.time() * 1000)  # () -> ms since 1970: the history's
        self.rng = rng or random.Random()
        self.slot = SaveSlot(storage, changed)
        self.book = StatsBook(storage)
        self.history = HistoryBook(storage)
        self.store = SettingsStore(storage)
        self.settings = Settings()
        self.deals = Deals(self.rng)
        self.game: Game = Game.new(1)
        self.number = 1
        self.hand = Hand(self)          # the card the player picked up, and what clicks mean
        self.message = Message()
        self.panel_note: PanelNote | None = None  # the last outcome said in a panel (App.say)
        self.dialog: Dialog | None = None
        self.covered_by: Panel | None = None  # the panel opened over the result dialog
        self.leaving: Leave | None = None  # what the open confirmation would do
        self.panel: Panel | None = None
        self.paused = False  # the table is hidden and the clock stopped (P)
        self._stock_only = (None, False)  # (the position it was worked out for, the answer)
        self.left: LeftGame | None = None  # the game New game or Restart left, while undoable
        self.started = False            # a move was made in this attempt
        self.counted = False            # this attempt's result is already in the statistics
        self.shown = False              # handed to Show me a win (hand_over) in this tab
        self.attempt = Attempt()        # who this attempt is, and what it cost
        self.visible = True
        self.epoch = 0                  # bumps when another game replaces the table
        self.hash_epoch = 0             # bumps when the address bar must show our deal again
        self.dismissed = ""             # the notice the player closed
        self.archive = Archive(self)    # the history panel, and the player's data in a file
        self.advisor = Advisor(self)    # the solver's help: hints, "still winnable?", Finish
        self.story = Story(self)        # the move list, replay, where did it slip?
        self.room = Room()              # the room each tableau row keeps for its fans

    # ---- starting, resuming and leaving -----------------------------------------------------

    def boot(self, hash_text: str = "", shown_hash: str | None = None) -> None:
        """Load statistics and settings and the saved game; honour a #game=N or #daily link,
        or say that the address holds no game link (`shown_hash`: the hash as typed)."""
        self.book.load()
        self.history.load()
        self.settings = self.store.load()
        wanted, refused = self.link_to(hash_text)
        save = self.slot.resume()
        if save is not None:
            self._load(save)
            self.say(words.resumed(save.number))
        if wanted is not None and (save is None or not self._plays(wanted)):
            if save is not None and self._in_progress():
                self._after_change(announce=False)
                self._ask(wanted)
                self.say(self._link_while_playing(wanted))
                return
            self._finish_attempt()
            self._open(wanted)
        elif save is None:
            self._start(self.deals.pick(winnable_only=False))
            self.say(words.welcome(self.touch))
        if refused:
            self.say(refused, Tone.ERROR)
        elif wanted is None and hash_text.lstrip("#"):
            self.say(words.not_a_link(shown_hash or hash_text), Tone.ERROR)
        self._after_change(announce=False)

    def link_to(self, hash_text: str) -> tuple[Leave | None, str]:
        """What a location hash asks to open (a deal, or a date's deal of the day), and why it
        cannot be opened if it names a daily that cannot ("" if none)."""
        number = parse_hash(hash_text)
        if number is not None:
            return Leave(Leaving.SWITCH, number), ""
        is_daily, day_text = parse_daily_hash(hash_text)
        if not is_daily:
            return None, ""
        return self._daily_leave(day_text)

    def _daily_leave(self, day_text: str | None) -> tuple[Leave | None, str]:
        day = daily_date(day_text, self.today())
        if isinstance(day, str):
            return None, words.no_daily(day)
        number = self.deals.daily(day)
        if number is None:
            return None, words.DAILY_NOT_LOADED
        return Leave(Leaving.DAILY, number, day.isoformat()), ""

    def _plays(self, leave: Leave) -> bool:
        """Whether the table already holds what a link asks for."""
        if leave.kind is Leaving.DAILY:
            return self.attempt.daily == leave.daily
        return leave.number == self.number

    def _link_while_playing(self, leave: Leave) -> str:
        if leave.kind is Leaving.DAILY:
            return words.daily_while_playing(utc_day(leave.daily), self.number)
        return words.link_while_playing(leave.number, self.number)

    def _open(self, leave: Leave) -> None:
        """Start what a link asks for: a deal, or a date's deal of the day."""
        if leave.kind is Leaving.DAILY:
            self._start(leave.number, daily=leave.daily)
            self.say(words.daily_opened(utc_day(leave.daily), leave.number,
                                        self.deals.tier_of(leave.number), self.touch))
        else:
            self._start(leave.number)
            self.say(words.opened(leave.number, self.touch))

    @property
    def link(self) -> str:
        """The address of what is on the table: '#game=N', or '#daily=DATE' for a deal of the
        day."""
        daily = self.attempt.daily
        return f"#daily={daily}" if daily else f"#game={self.number}"

    def today(self):
        """Today's date in UTC, from the wall clock: the deal of the day's date."""
        return utc_date(self.wall())

    def _load(self, save: PageSave) -> None:
        self.game, self.number = save.game, save.number
        self.clock.reset(save.elapsed_ms)
        self.started, self.counted = save.started, save.counted
        self.shown = save.shown
        self.attempt = save.attempt if save.attempt.id else replace(save.attempt, id=self._new_id())
        self.hand.put_down()
        self.dialog = self.leaving = None
        self.epoch += 1
        self.story.cancel()

    def take(self, save: PageSave) -> None:
        """Another game replaces the table: the other tab's, or an imported file's."""
        self._load(save)
        self._after_change(announce=False)

    def _start(self, number: int, game: Game | None = None, daily: str | None = None) -> None:
        """A new attempt at deal `number`: a fresh deal, or `game` (a restarted one); `daily`:
        the date whose deal of the day it is."""
        self._load(PageSave(game or Game.new(number), number, 0.0, False, False, 0,
                            Attempt(self._new_id(), daily=daily)))
        self._save()

    def _new_id(self) -> str:
        return f"{self.rng.getrandbits(64):016x}"

    def new_game(self, confirmed: bool = False) -> None:
        self._leave(Leave(Leaving.NEW), confirmed)

    def restart(self, confirmed: bool = False) -> None:
        self._leave(Leave(Leaving.RESTART), confirmed)

    def switch_to(self, number: int) -> None:
        """Open deal `number` (a #game=N link), asking first if a game is in progress."""
        if number == self.number and self.game.moves_played == 0:
            return
        self._leave(Leave(Leaving.SWITCH, number), confirmed=False)

    def follow_link(self, hash_text: str, shown: str) -> None:
        """The address bar's hash changed: open the deal or deal of the day it names (asking
        first if a game is in progress), or say why not and show our own link again."""
        leave, refused = self.link_to(hash_text)
        if leave is None:
            self.say(refused or words.not_a_link(shown), Tone.ERROR)
            self.hash_epoch += 1
        elif leave.kind is Leaving.DAILY:
            self.open_daily(leave.daily)
        elif leave.number == self.number:
            self.hash_epoch += 1  # this deal is on the table already: show its own link
        else:
            self.switch_to(leave.number)
        self.changed()

    def open_daily(self, day_text: str | None = None) -> None:
        """Play the deal of the day of a date ('2026-12-01'; today's for None), asking first if
        a game is in progress."""
        leave, refused = self._daily_leave(day_text)
        self.panel = None
        self.run_clock()
        if leave is None:
            self.say(refused, Tone.ERROR)
        elif self._plays(leave):
            self.say(words.daily_on_table(utc_day(leave.daily)))
        else:
            self._leave(leave, confirmed=False)
        self.changed()

    def play_again(self, number: int) -> None:
        """'Play this deal again' from the history: close the panel and open the deal."""
        self.panel = None
        self.run_clock()
        if number == self.number and self.started:
            self.restart()
        else:
            self.switch_to(number)
        self.changed()

    def confirm(self) -> None:
        if self.leaving is not None:
            self._leave(self.leaving, confirmed=True)

    def cancel(self) -> None:
        if self.dialog is Dialog.CONFIRM:
            self.drop_question()
            self.say(words.CARRY_ON)
        elif self.dialog is not None:
            self.dialog = None
            self.changed()

    def _in_progress(self) -> bool:
        return self.started and not self.counted and self.game.status == PLAYING

    def _ask(self, leave: Leave) -> None:
        self.leaving, self.dialog = leave, Dialog.CONFIRM
        self.hand.put_down()

    def drop_question(self) -> None:
        """Close the "leave this game?" question without leaving."""
        if self.leaving is not None and self.leaving.kind is Leaving.SWITCH:
            self.hash_epoch += 1  # the address bar shows the other deal: put ours back
        self.dialog = self.leaving = None

    def _leave(self, leave: Leave, confirmed: bool) -> None:
        """Leave this game for `leave`'s. A game in progress is left without a question by New
        game and Restart (Undo brings it back for a while); a link asks first."""
        left = None
        if self._in_progress() and not confirmed:
            if leave.kind not in UNDOABLE_LEAVES:
                self._ask(leave)
                self.say("")
                return
            left = LeftGame(self._snapshot(), self.book.stats, self.clock.now() + UNDO_LEAVE_MS,
                            leave.kind, self.number)
        self._finish_attempt()
        if leave.kind is Leaving.NEW:
            winnable_only, tier = self.settings.winnable_only, self.settings.tier
            self._start(self.deals.pick(winnable_only, other_than=self.number, tier=tier))
            self.say(words.new_game(self.number, winnable_only, self.deals.loaded,
                                    TIER_CHOICES[tier], bool(self.deals.codes)))
        elif leave.kind is Leaving.RESTART:
            self.game.restart()  # back to the deal, with the whole game so far to redo
            self._start(self.number, self.game, daily=self.attempt.daily)
            self.say(words.restarted(self.number, len(self.game.redo_moves)))
        elif leave.kind is Leaving.DAILY:
            self._open(leave)
        elif leave.kind is Leaving.RECORD:
            game = leave.game
            self._start(game.seed, game)
            self.started = self.counted = True  # someone's game: never in the statistics
            self.say(words.record_opened(game.seed, game.moves_played))
        else:
            self._start(leave.number)
            self.say(words.switched(leave.number))
        self._after_change(announce=False)
        self.left = left
        if left is not None:
            self.say(self.message.text + words.undo_leave_offer(left.number))

    def open_game(self, game: Game) -> None:
        """Play `game` (read from a record) from where its moves leave it."""
        self.panel = None
        self._leave(Leave(Leaving.RECORD, game.seed, game=game), confirmed=False)
        self.changed()

    def travel(self, number: int, quiet: bool = False, as_undo: bool = True) -> None:
        """Take the table to the position after `number` moves of the game (those played, then
        those that can be redone) by undo and redo: nothing is lost. Going back counts as an
        undo of the player's (`as_undo`; a replay's steps do not)."""
        game = self.game
        total = game.moves_played + len(game.redo_moves)
        if not 0 <= number <= total or number == game.moves_played:
            return
        if number < game.moves_played and as_undo:
            self.spent(undos=1)
        while game.moves_played > number:
            game.undo()
        while game.moves_played < number:
            game.redo()
        self.hand.put_down()
        if not quiet:
            self.say(words.at_move(number, total))
        self._after_change()

    def _snapshot(self) -> PageSave:
        """This game as a save, kept apart from the game on the table."""
        return replace(self.draft(), game=self.game.copy())

    def undo_leave(self) -> bool:
        """Bring back the game New game or Restart just left, its result and statistics taken
        back; False if there is none (or its time is up)."""
        left, self.left = self.left, None
        if left is None or self.clock.now() > left.until_ms:
            return False
        attempt = left.save.attempt.id
        self.history.replace([e for e in self.history.entries if e.attempt != attempt])
        self.book.replace(left.stats)
        self.take(left.save)
        self.say(words.came_back(left.number, left.save.game.moves_played))
        return True

    def tick(self) -> None:
        """A few times a second: the Undo offer for a game left ends in time."""
        if self.left is not None and self.clock.now() > self.left.until_ms:
            self.left = None
            self.changed()

    def _finish_attempt(self) -> None:
        """Leaving a game: a started, unrecorded attempt that was not won counts as lost (in
        the history: abandoned)."""
        if self.started and not self.counted:
            self._record_result(ABANDONED)

    def _record_result(self, result: str) -> None:
        """Count this attempt (once) in the statistics and keep it in the history."""
        self.book.record(result == WON, self.clock.ms(), self.game.moves_played)
        a = self.attempt
        self.history.add(Entry(a.id, self.number, int((a.began_ms or self.wall()) // 1000),
                               result, self.game.moves_played, int(self.clock.ms() // 1000),
                               a.hints, a.undos, self.game.cards_on_foundations,
                               tier_slug(self.deals.tier_of(self.number)), a.daily))
        self.counted = True

    def hand_over(self) -> None:
        """Show me a win plays on for the player, so the win that follows is the solver's: a
        started game counts now as one left unfinished (played, not won), an unstarted one
        never counts. Hint and Finish leave the win the player's (the history counts them)."""
        self.shown = True
        if self.counted:
            return
        if self.started:
            self._record_result(ABANDONED)
        else:
            self.counted = True

    def spent(self, hints: int = 0, undos: int = 0) -> None:
        """The attempt used a hint (or Finish) or an undo: the history keeps the count."""
        a = self.attempt
        self.attempt = replace(a, hints=a.hints + hints, undos=a.undos + undos)

    # ---- what the player does -------------------------------------------------------------

    def deal(self) -> None:
        self.hand.put_down()
        self.play(f"{STOCK}-{WASTE}")

    def play_move(self, text: str) -> None:
        """Play a move given in the engine's notation, as if the player had clicked it."""
        self.hand.put_down()
        self.play(text)

    def play(self, text: str) -> None:
        """Play a move ('T3-F1'), or say why the engine refuses it (the hand keeps its card)."""
        restricted = self.game.restricted
        try:
            move = self.game.play(text)
        except IllegalMove as error:
            self.say(words.sentence(error), Tone.ERROR)
            return
        card = self.game.top(move.dst)  # the card just moved
        self.hand.put_down()
        self._begin()
        if move.src == STOCK:
            said = words.dealt(card, len(self.game.pile(STOCK)))
        else:
            said = words.moved(card, move.dst)
        said += words.auto_played(self._autoplay())
        if restricted and not self.game.restricted:
            said += words.opened_foundations()
        if self.only_the_stock and not self.advisor.finishing:  # a line playing deals itself
            said += words.ONLY_THE_STOCK
        self.say(said)
        self._after_change()

    def _autoplay(self) -> list[str]:
        """With safe auto-play on, send home every card plot.autoplay proves is never needed;
        returns the cards sent."""
        sent = []
        while self.settings.autoplay and (moves := safe_foundation_moves(self.game)):
            sent.append(self.game.top(moves[0].src))
            self.game.play(moves[0])
        return sent

    def _begin(self) -> None:
        """A move was made: the attempt has begun (its clock, its place in the history)."""
        self.left = None  # a move in the new game: the old one stays left
        if not self.started:
            self.started = True
            self.attempt = replace(self.attempt, began_ms=self.wall())

    def undo(self) -> None:
        if not self.game.can_undo and self.undo_leave():
            return  # nothing to undo in this game: undo leaving the last one
        if self.game.can_undo:
            self.spent(undos=1)
        self._step(self.game.undo, words.NOTHING_TO_UNDO,
                   lambda move: words.undone(self.game.top(move.src), move.src))

    def redo(self) -> None:
        self._step(self.game.redo, words.NOTHING_TO_REDO,
                   lambda move: words.redone(self.game.top(move.dst), move.dst))

    def _step(self, walk, nothing: str, said) -> None:
        """Undo or redo one move (`walk`), saying what moved or that there was `nothing`."""
        self.hand.put_down()
        move = walk()
        if move is None:
            self.say(nothing, Tone.ERROR)
            return
        self.say(said(move))
        self._after_change()

    # ---- settings, panels and the solver's help ---------------------------------------------

    def set_setting(self, name: str, value) -> None:
        """Change a setting (remembered in this browser)."""
        settings = self.settings.changed(name, value)
        if settings is None:
            return
        self.settings = settings
        self.store.save(settings)
        said = words.setting_changed(name, getattr(settings, name))
        if name == "autoplay" and settings.autoplay and self.game.status == PLAYING:
            if sent := self._autoplay():
                self.hand.put_down()
                self._begin()
                self.say(said + words.auto_played(sent))
                self._after_change()
                return
        elif name == "check_winnable":
            self.advisor.refresh()
        self.say(said)

    def request_hint(self) -> None:
        """Hint (button or H key): the next move of a winning line, or why there is none."""
        if self.dialog is not Dialog.CONFIRM:
            self.advisor.request_hint()

    def escape(self) -> None:
        """Esc: close the panel, else the dialog, else end a pause, else put the card down."""
        if self.panel is not None:
            self.toggle_panel(None)
        elif self.dialog is not None:
            self.cancel()
        elif self.paused:
            self.resume()
        else:
            self.hand.deselect()

    def toggle_pause(self) -> None:
        """P: hide the table and stop the clock, or come back to the game."""
        if self.paused:
            self.resume()
            return
        self.paused = True
        self.hand.put_down()
        self.run_clock()
        self.say(words.PAUSED)

    def resume(self) -> None:
        """Back to the table from a pause (nothing happens if the game is not paused)."""
        if self.paused:
            self.paused = False
            self.run_clock()
            self.say(words.RESUMED)

    def toggle_panel(self, panel: Panel | None) -> None:
        """Open `panel` (or close it if it is open). A won or lost game's dialog is drawn over
        panels (one that appears while a panel is open must be seen); a panel opened while it
        shows hides it until that panel closes, so the last thing asked for is on top."""
        self.panel = None if panel == self.panel else panel
        if self.panel is not None and self.dialog in RESULT_DIALOGS:
            self.covered_by = self.panel
        self.panel_note = None  # a panel opened afresh tells nothing old
        self.run_clock()
        self.changed()

    @property
    def dialog_covered(self) -> bool:
        """Whether the result dialog is hidden by the panel opened over it (toggle_panel)."""
        return (self.dialog in RESULT_DIALOGS and self.panel is not None
                and self.panel is self.covered_by)

    def reset_stats(self) -> None:
        self.book.reset()
        self.changed()

    def undo_reset_stats(self) -> None:
        self.book.undo_reset()
        self.changed()

    def set_winnable_deals(self, text: str) -> None:
        """The shipped list of proved-winnable game numbers arrived ('1-12,14,...')."""
        self.deals.load_winnable(text)
        self.changed()

    def set_winning_lines(self, text: str) -> None:
        """The shipped winning lines of the hardest proved deals arrived ('117 S-W T2-T4 ...' a
        line): Hint and Show me a win follow them; ValueError if garbled."""
        self.advisor.load_wins(text)
        self.changed()

    def daily_results(self) -> dict[str, DayResult]:
        """Every date's deal of the day result: the history's and the one on the table."""
        a, playing = self.attempt, None
        if a.daily is not None and self.started and not self.counted:
            playing = DayResult(a.daily, self.number, DAILY_PLAYING, self.game.moves_played,
                                int(self.clock.ms() // 1000), a.hints, a.undos, False)
        return day_results(self.history.entries, playing)

    def daily_share_text(self, day: str, address: str) -> str | None:
        """What a player shares about a date's finished deal of the day (None if unfinished)."""
        result = self.daily_results().get(day)
        if result is None or not result.finished:
            return None
        return share_text(result, self.deals.tier_of(result.deal), address)

    @property
    def only_the_stock(self) -> bool:
        """The game goes on, and dealing from the stock is the only move left (worked out once
        per position: every frame asks)."""
        key = (self.epoch, tuple(self.game.history))
        if self._stock_only[0] != key:
            moves = self.game.legal_moves() if self.game.status == PLAYING else []
            self._stock_only = (key, bool(moves) and all(move.src == STOCK for move in moves))
        return self._stock_only[1]

    @property
    def proved_winnable_deal(self) -> bool:
        """This game number is in the shipped list of deals the solver won."""
        return self.deals.is_proved_winnable(self.number)

    @property
    def notice(self) -> str:
        """The lasting warning to show, if any: about the save, the statistics or storage."""
        notice = (self.slot.notice or self.book.notice or self.history.notice
                  or self.storage.warning)
        return "" if notice == self.dismissed else notice

    def dismiss_notice(self) -> None:
        self.dismissed = self.notice
        self.changed()

    def say(self, text: str, tone: Tone = Tone.INFO, panel: Panel | None = None) -> None:
        """Put `text` on the status line (announced to screen readers); with `panel`, in that
        panel too, until a panel opens or closes or the panel is told something else."""
        self.message = Message(text, Tone(tone), self.message.serial + 1)
        if panel is not None:
            self.panel_note = PanelNote(panel, text, Tone(tone))
        self.changed()

    def note_in(self, panel: Panel) -> PanelNote | None:
        """What the last action taken in `panel` came to, while the panel still says it."""
        note = self.panel_note
        return note if note is not None and note.panel == panel else None

    # ---- the page around the game -------------------------------------------------------------

    def set_visible(self, visible: bool) -> None:
        """The page was hidden or shown: the clock runs only while the player can see the game."""
        self.visible = visible
        self.run_clock()
        if not visible:
            self._save()

    def save_now(self) -> None:
        self._save()

    def storage_changed(self, key: str | None, value: str | None) -> None:
        """Another tab wrote to storage (the browser's `storage` event)."""
        if key == STATS_KEY:
            self.book.load()
            self.changed()
        elif key == SAVE_KEY:
            self.slot.stored_changed(value, self.draft())

    def answer_offer(self, yes: bool) -> None:
        """The player's answer to the question about the save (see SaveSlot.answer)."""
        said, save, trouble = self.slot.answer(yes, self.draft())
        if save is not None:
            self.take(save)
        self.say(said, Tone.ERROR if trouble else Tone.INFO)

    # ---- bookkeeping --------------------------------------------------------------------------

    def _after_change(self, announce: bool = True) -> None:
        """After every change of the game: the clock, a result, the save, the solver's view."""
        status = self.game.status
        self.run_clock()
        if status in (WON, GAME_LOST) and self.dialog not in RESULT_DIALOGS:
            self.covered_by = None  # a result dialog appears: over any panel open now
        if status == WON:
            if not self.counted:
                self._record_result(WON)
            self.dialog = Dialog.WON
            if announce and self.shown:
                self.say(words.SHOWN_WON, Tone.GOOD)
            elif announce:
                self.say(words.won(self.number, self.game.moves_played, self.clock.text()),
                         Tone.GOOD)
        elif status == GAME_LOST:
            if not self.counted:
                self._record_result(LOST_RESULT)  # a loss counts when it happens, once
            self.dialog = Dialog.LOST
            if announce:
                self.say(words.lost_now(self.game.cards_on_foundations), Tone.ERROR)
        elif self.dialog in (Dialog.WON, Dialog.LOST):
            self.dialog = None
        self._save()
        self.advisor.position_changed()
        self.story.position_changed()
        self.changed()

    def run_clock(self) -> None:
        """The clock runs while the game is started, unfinished and on screen, not under a
        panel that covers the table (CLOCK_RUNS_UNDER) nor paused."""
        self.clock.run(self.visible and self.panel in CLOCK_RUNS_UNDER and not self.paused
                       and not self.story.replay_mode and self.started
                       and self.game.status == PLAYING)

    def draft(self) -> PageSave:
        """This tab's game as a save record (the slot sets its revision)."""
        return PageSave(self.game, self.number, self.clock.ms(), self.started, self.counted, 0,
                        self.attempt, self.shown)

    def _save(self) -> None:
        self.slot.save(self.draft())


def utc_day(iso: str):
    """'2026-12-01' -> date(2026, 12, 1)."""
    return date.fromisoformat(iso)


def _call_now(fn, ms=0) -> None:
    """The default `defer` without a browser: call at once (searches then run to the end)."""
    fn()
