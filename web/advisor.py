"""The solver's help at the table: Hint, "still winnable?" and Finish, searched in short slices.

Pure logic (no browser import), owned by the App. `plot.solver` is imported only when a search is
first needed, so the page boots without it. A search runs in slices of a few milliseconds: after
each slice `App.defer` schedules the next one once the browser has had its turn, so the page never
freezes. One search runs at a time, always for the current position; any move, undo or new game
cancels it (a scheduled slice of an old search finds it is no longer current and does nothing).

What the solver proves is remembered as whole games from the deal, so it stays true as the player
moves on:
  - `win`: a winning sequence of moves from the deal. While the moves played are a prefix of it,
    the rest of it wins from here: following a hint (or undoing along it) keeps the next instant.
  - `lost`: moves played after which no win exists; every game that starts with them is lost too.
  - `proved`: the shipped winning lines of the proved deals the solver is slowest to win
    (web/vendor/wins.txt), which it may not find within SEARCH_CAP_MS: used like `win`.
"""

from __future__ import annotations

import gc

from plot import LOST as GAME_LOST
from plot import PLAYING, STOCK, WON, Move

from . import words
from .state import Verdict

SEARCH_CAP_MS = 2000    # a hint or a check gives up ("unknown") after this long without an answer
SLICE_MS = 8            # one slice of search, then the browser gets its turn
CHUNK_NODES = 40        # positions searched between looks at the clock
FINISH_STEP_MS = 150    # the pause between the moves Finish plays, so each one can be seen



WINNABLE, LOST, UNKNOWN, THINKING = Verdict
HINT, CHECK, DEMO = "hint", "check", "demo"  # why a search runs: a hint, a verdict, a demo


def parse_wins(text: str) -> dict[int, tuple[str, ...]]:
    """'117 S-W T2-T4 ...' a line -> {117: ('S-W', 'T2-T4', ...)}; ValueError if garbled."""
    wins = {}
    for row in text.splitlines():
        number, *moves = row.split()
        if not number.isdigit() or not moves:
            raise ValueError(f"not a deal and its winning line: {row[:40]!r}")
        wins[int(number)] = tuple(str(Move.parse(move)) for move in moves)
    return wins


class Search:
    """One sliced solver run from the position after `history` (the moves played from the deal)."""

    def __init__(self, game, history: tuple[str, ...], deadline: float):
        from plot.solver import Solver  # lazy: first paint and boot never wait for the solver

        self.solver = Solver(game)
        self.history = history
        self.deadline = deadline
        self.wants: set[str] = set()


class Advisor:
    """Everything the solver tells the player about the current game."""

    def __init__(self, app):
        self.app = app  # the App: its game, clock, defer, say, changed, play_move, settings
        self.seed: int | None = None       # the deal that `win` and `lost` belong to
        self.win: tuple[str, ...] | None = None
        self.proved: dict[int, tuple[str, ...]] = {}  # shipped winning lines, by deal
        self.lost: tuple[str, ...] | None = None
        self.search: Search | None = None  # the running search, if any
        self.paused: Search | None = None  # this position's search that ran out of time
        self.hint: tuple[str, str] | None = None   # (source pile, destination pile) on show
        self.verdict: Verdict | None = None
        self.finishing = False
        self._own_move = False             # the move being played is one of Finish's
        self._stopped = words.FINISH_STOPPED  # said when the player stops the line playing
        self.offer_last = False            # a demo on a lost position offered the last won one

    # ---- what is known --------------------------------------------------------------------

    def _history(self) -> tuple[str, ...]:
        return tuple(str(move) for move in self.app.game.history)

    def _known(self, history: tuple[str, ...]) -> str | None:
        """WINNABLE or LOST if a proof covers the position after `history`, else None."""
        game = self.app.game
        if game.seed != self.seed:
            self.seed, self.win, self.lost = game.seed, None, None
        if game.status == GAME_LOST:
            return LOST
        if self._winning_line(history) is not None:
            return WINNABLE
        if self.lost is not None and history[:len(self.lost)] == self.lost:
            return LOST
        return None

    def _lines(self) -> list[tuple[str, ...]]:
        """The proved winning lines from this game's start: the solver's, the shipped one."""
        return [line for line in (self.win, self.proved.get(self.app.game.seed)) if line]

    def _winning_line(self, history: tuple[str, ...]) -> tuple[str, ...] | None:
        """A proved winning line from the deal that `history` is the start of, if one is known."""
        return next((line for line in self._lines() if line[:len(history)] == history), None)

    def line(self) -> tuple[str, ...]:
        """The rest of a proved winning line from here (empty if none is known)."""
        history = self._history()
        if self._known(history) != WINNABLE:
            return ()
        return self._winning_line(history)[len(history):]

    def lines_from_the_deal(self) -> list[tuple[str, ...]]:
        """The winning lines from this game's deal that are known (the solver's, the shipped)."""
        self._known(self._history())  # forgets another deal's
        return self._lines()

    def load_wins(self, text: str) -> None:
        """The shipped winning lines arrived (web/vendor/wins.txt); ValueError if garbled."""
        self.proved = parse_wins(text)
        search = self.search
        if search is not None and self._known(search.history) == WINNABLE:
            rest = self._winning_line(search.history)[len(search.history):]
            self._answer(search, WON, rest)  # the hint or demo asked for is answered now
        elif self.app.game.seed in self.proved:
            self.refresh()

    @property
    def can_finish(self) -> bool:
        """Finish is offered once a win from here is proved and the stock is empty."""
        game = self.app.game
        return game.status == PLAYING and not game.pile(STOCK) and bool(self.line())

    @property
    def thinking(self) -> bool:
        """A hint was asked for and its search is still running."""
        return self.search is not None and HINT in self.search.wants

    # ---- events from the App --------------------------------------------------------------

    def position_changed(self) -> None:
        """A move, undo, redo or new game: drop the old hint and search, look at the new one."""
        self.hint = None
        self.search = self.paused = None
        if self.finishing and not self._own_move:
            self.finishing = False
        if not self._own_move:
            self.offer_last = False
        self.refresh()

    def refresh(self) -> None:
        """Set the verdict from what is known; start a check if the player wants one (or if the
        stock is empty, where a proved win offers Finish)."""
        game = self.app.game
        if game.status != PLAYING:
            self.verdict = LOST if game.status == GAME_LOST else None
            return
        known = self._known(self._history())
        if known is not None:
            self.verdict = known
            return
        wanted = self.app.settings.check_winnable or not game.pile(STOCK)
        if wanted and self.search is None:
            self._start(CHECK)
        self.verdict = THINKING if self.search is not None else None

    def request_hint(self) -> None:
        """The Hint button or the H key: show the next move of a winning line, or say why not."""
        app = self.app
        game = app.game
        if game.status == WON:
            app.say(words.NOTHING_TO_HINT)
            return
        history = self._history()
        known = self._known(history)
        if known == WINNABLE:
            self._show_hint(history)
        elif known == LOST:
            self._say_lost()
        else:
            self._search_for(HINT)

    def _search_for(self, why: str) -> None:
        """Search from here for `why` (HINT or DEMO): join the running search, or start one."""
        if self.search is not None:
            self.search.wants.add(why)
            self.search.deadline = max(self.search.deadline,
                                       self.app.clock.now() + SEARCH_CAP_MS)
        else:
            self._start(why)
        self.app.say(words.THINKING)

    # ---- searching ------------------------------------------------------------------------

    def _start(self, why: str) -> None:
        app = self.app
        history = self._history()
        search = self.paused if self.paused is not None and self.paused.history == history \
            else Search(app.game, history, 0.0)
        self.paused = None
        search.deadline = app.clock.now() + SEARCH_CAP_MS
        search.wants.add(why)
        self.search = search
        if why == CHECK or app.settings.check_winnable:
            self.verdict = THINKING
        app.defer(lambda: self.run_slice(search))

    def run_slice(self, search: Search) -> None:
        """Search for about SLICE_MS, then hand the browser back (or report the answer)."""
        if search is not self.search:
            return  # cancelled: the position changed since this slice was scheduled
        app = self.app
        started = app.clock.now()
        collecting = gc.isenabled()
        gc.disable()  # a full collection over the solver's table would stall one slice
        try:
            self._slice(search, started)
        finally:
            if collecting:
                gc.enable()

    def _slice(self, search: Search, started: float) -> None:
        app = self.app
        while True:
            result = search.solver.step(CHUNK_NODES)
            if result is not None:
                self._answer(search, result.verdict, result.moves)
                return
            now = app.clock.now()
            if now >= search.deadline:
                self._answer(search, UNKNOWN, ())
                return
            if now - started >= SLICE_MS:
                app.defer(lambda: self.run_slice(search))
                return

    def _answer(self, search: Search, verdict: str, moves: tuple[str, ...]) -> None:
        self.search = None
        if verdict == WON:
            self.win = search.history + tuple(moves)
        elif verdict == GAME_LOST:
            self.lost = search.history
        else:
            self.paused = search  # asking again carries on from where it stopped
        known = self._known(search.history)
        self.verdict = known or UNKNOWN
        if DEMO in search.wants:
            self._demo(known)
        elif HINT in search.wants:
            if known == WINNABLE:
                self._show_hint(search.history)
            elif known == LOST:
                self._say_lost()
            else:
                self.app.say(words.no_line_found(SEARCH_CAP_MS // 1000))
        else:
            self.app.changed()

    # ---- telling the player ---------------------------------------------------------------

    def _show_hint(self, history: tuple[str, ...]) -> None:
        move = self._winning_line(history)[len(history)]
        src, dst = move.split("-")
        self.hint = (src, dst)
        app = self.app
        app.spent(hints=1)
        app.hand.put_down()
        if src == STOCK:
            app.say(words.HINT_DEAL)
        else:
            app.say(words.hint(app.game.top(src), src, dst))

    def _say_lost(self) -> None:
        lost = words.POSITION_LOST if self.app.game.history else words.DEAL_CANNOT_BE_WON
        self.app.say(lost, "error")

    # ---- Finish -----------------------------------------------------------------------------

    def finish(self) -> None:
        """Play the rest of the proved line, one visible move at a time."""
        app = self.app
        if self.finishing:
            self.stop_finish()
            return
        if not self.can_finish:
            app.say(words.FINISH_NEEDS, "error")
            return
        self._play_line(words.FINISHING, words.FINISH_STOPPED)

    def _play_line(self, said: str, stopped: str) -> None:
        """Play the proved line from here, one visible move at a time (Finish, or a demo);
        `stopped` is what the status line says if the player stops it."""
        app = self.app
        self.finishing = True
        self._stopped = stopped
        self.hint = None
        app.spent(hints=1)  # the solver plays the rest: the win is not a perfect one
        app.say(said)
        app.defer(self._finish_step, FINISH_STEP_MS)

    def learn_win(self, line: tuple[str, ...]) -> None:
        """A winning line from here, proved elsewhere (the post-mortem)."""
        history = self._history()
        self._known(history)  # the deal's proofs, kept for this deal
        self.win = history + tuple(line)
        self.refresh()

    def demo(self) -> None:
        """Show me a win: the solver's line from here plays itself (any click or key stops it);
        on a lost position, say so and offer one from the last position that could be won."""
        app = self.app
        if self.finishing:
            self.stop_finish()
            return
        if app.game.status == WON:
            app.say(words.NOTHING_TO_HINT)
            return
        known = self._known(self._history())
        if known is not None:
            self._demo(known)
        else:
            self._search_for(DEMO)

    def _demo(self, known: str | None) -> None:
        app = self.app
        if known == WINNABLE:
            app.hand_over()
            if app.panel is not None:
                app.toggle_panel(app.panel)  # the table in full view, to watch the win
            self._play_line(words.DEMO_PLAYING, words.DEMO_STOPPED)
        elif known == LOST and self.offer_last:
            self.offer_last = False
            app.story.analyse(then_demo=True)
        elif known == LOST:
            self.offer_last = True
            app.say(words.DEMO_FROM_LOST, "error")
        else:
            app.say(words.no_line_found(SEARCH_CAP_MS // 1000))

    def _finish_step(self) -> None:
        if not self.finishing:
            return
        line = self.line()
        if not line:
            self.finishing = False
            self.app.changed()
            return
        self._own_move = True
        try:
            self.app.play_move(line[0])
        finally:
            self._own_move = False
        if self.app.game.status != PLAYING or len(line) == 1:
            self.finishing = False
            self.app.changed()
        elif self.finishing:
            self.app.defer(self._finish_step, FINISH_STEP_MS)

    def stop_finish(self) -> bool:
        """Any click or key while Finish plays stops it (the game stays where it got to); True
        if it was playing."""
        if not self.finishing:
            return False
        self.finishing = False
        self.app.say(self._stopped)
        return True
