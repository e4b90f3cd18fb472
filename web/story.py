"""The game's story: the move list, replay, and where it slipped (the post-mortem).

Pure logic (no browser import), owned by the App like the Advisor. The move list is the moves
played and those that can be redone; going to an entry walks there by undo and redo
(`App.travel`), so nothing is lost. Replay walks forward from the deal one move at a time
(`App.defer`); any move of the player's takes over. The post-mortem is `plot.postmortem.Analysis`,
worked one position at a time in slices of a few milliseconds like the Advisor's searches, each
position's search capped at POSITION_NODES positions (RETRY_FACTOR times more for the few it
searches again; then `unknown`, shown as such); what is decided is cached by position for the
session.
"""

from __future__ import annotations

import gc
from dataclasses import dataclass

from plot import Game, IllegalMove, InvalidRecord, Move

from . import words
from .state import Dialog, Panel, Tone

POSITION_NODES = 1_000    # the post-mortem's search of one position (tens of ms), then
                          # 'unknown': counted, not timed, so the page agrees with CPython
SLICE_MS = 8              # one slice of the post-mortem, then the browser gets its turn
CHUNK_NODES = 40          # positions searched between looks at the clock
REPLAY_STEP_MS = {"slow": 1200, "normal": 600, "fast": 250}  # a replayed move's pause
WON, LOST, UNKNOWN = "won", "lost", "unknown"


@dataclass(frozen=True)
class MoveRow:
    number: int          # 1 for the first move
    text: str            # '7♥ from tableau 3 to foundation 1'
    notation: str        # 'T3-F1'
    played: bool         # False for a move that can be redone
    verdict: str | None  # what the post-mortem proved of the position after it, if it ran


@dataclass(frozen=True)
class StoryView:
    rows: tuple[MoveRow, ...]
    at: int                        # moves played: the position on the table
    analysing: bool
    stopped: bool                  # the post-mortem was stopped before its end: it can go on
    slip: int | None               # the move after which the game was lost
    last_won: int | None           # no slip pinned down: the last position proved winnable
    longer: bool                   # the slip may be among positions a longer search may decide
    summary: str                   # the post-mortem in words ("" before it runs)
    progress: str                  # while it runs: what it is doing, in words
    line: tuple[str, ...]          # a winning line from before the slip (or from last_won)
    line_label: str                # what the line is from, in words
    rewind_label: str              # the rewind action's words: to before the slip, or last_won
    replay: bool                   # the replay bar is shown
    replaying: bool                # and playing
    speed: str
    record_note: str = ""          # why the last record opened could not be played ("": none)


class Story:
    """The move list, replay and the post-mortem of the App's game."""

    def __init__(self, app):
        self.app = app
        self.replay_mode = False    # the replay bar is shown (playing or paused)
        self.replaying = False
        self.speed = "normal"       # one of REPLAY_STEP_MS
        self.analysis = None        # plot.postmortem.Analysis of `analysed`, once asked for
        self.analysed: tuple[str, ...] = ()
        self.analysing = False
        self.then_demo = False      # when the analysis ends, show a win from the last won one
        self.cache: dict[str, object] = {}  # position text -> decided solver Result (session)
        self._solving = None        # [number, solver, positions searched, position text]
        self._token = 0             # bumps to cancel scheduled replay steps and slices
        self._own = False           # the position changes by replay's own hand
        self._came_line: tuple[str, ...] = ()  # the moves played when the replay began
        self._undos_seen = 0        # the attempt's undos after the replay's last step
        self._rows: tuple[tuple[str, ...], tuple[tuple[str, str], ...]] | None = None

    # ---- the move list ----------------------------------------------------------------------

    def line(self) -> tuple[str, ...]:
        """Every move of the game: those played, then those that can be redone."""
        game = self.app.game
        return tuple(str(m) for m in (*game.history, *game.redo_moves))

    def _texts(self, line: tuple[str, ...]) -> tuple[tuple[str, str], ...]:
        """(words, notation) of each move of `line`, replayed from the start (cached)."""
        if self._rows is not None and self._rows[0] == line:
            return self._rows[1]
        game = Game.from_position(self.app.game.start_position())
        texts = []
        for text in line:
            move = Move.parse(text)
            game.push(move)
            texts.append((words.move_text(game.top(move.dst), move), text))
        self._rows = (line, tuple(texts))
        return self._rows[1]

    def view(self) -> StoryView:
        game, line = self.app.game, self.line()
        verdicts = self._verdicts(line)
        rows = tuple(MoveRow(i, text, notation, i <= game.moves_played,
                             verdicts[i] if verdicts else None)
                     for i, (text, notation) in enumerate(self._texts(line), 1))
        done = bool(verdicts) and not self.analysing
        slip = self.slip() if done else None
        stopped = done and self.analysis.next_position() is not None
        longer = done and not stopped and slip is None and bool(self.analysis.undecided())
        last_won = self.analysis.last_won() if longer else None
        summary = self._summary(verdicts, stopped) if done else ""
        from_ = slip - 1 if slip else last_won
        pinned = last_won is None
        return StoryView(
            rows=rows, at=game.moves_played, analysing=self.analysing, stopped=stopped, slip=slip,
            last_won=last_won, longer=longer, summary=summary,
            progress=self._progress() if self.analysing else "",
            line=self.analysis.line(from_) if from_ is not None else (),
            line_label=words.line_from(last_won, pinned), rewind_label=words.rewind_label(pinned),
            replay=self.replay_mode, replaying=self.replaying, speed=self.speed,
            record_note=note.text if (note := self.app.note_in(Panel.STORY)) else "")

    # ---- replay -----------------------------------------------------------------------------

    def replay(self) -> None:
        """Play, or pause, the replay from the deal (the first press goes back to the deal)."""
        app = self.app
        if self.replaying:
            self.replaying = False
            app.say(words.REPLAY_PAUSED)
            return
        if not self.replay_mode:
            if not self.line():
                app.say(words.NOTHING_TO_REPLAY, Tone.ERROR)
                return
            self.replay_mode = True
            self._came_line = self.line()[:app.game.moves_played]
            app.panel = None
            self._walk(0)
            app.say(words.REPLAY_STARTED)
        elif not app.game.can_redo:
            self._walk(0)  # at the end: play it again from the deal
        self.replaying = True
        self._token += 1
        self._schedule_step(self._token)

    def _schedule_step(self, token: int) -> None:
        self.app.defer(lambda: self._replay_step(token), REPLAY_STEP_MS[self.speed])

    def _replay_step(self, token: int) -> None:
        if token != self._token or not self.replaying:
            return
        self._walk(self.app.game.moves_played + 1)
        if self.app.game.can_redo:
            self._schedule_step(token)
        else:
            self.replaying = False
            self.app.say(words.REPLAY_ENDED)

    def step(self) -> None:
        """One move forward, the replay paused."""
        self.replaying = False
        if self.app.game.can_redo:
            self._walk(self.app.game.moves_played + 1)
        else:
            self.app.say(words.REPLAY_ENDED)

    def set_speed(self, speed: str) -> None:
        if speed in REPLAY_STEP_MS:
            self.speed = speed
            self.app.changed()

    def end_replay(self) -> None:
        """Close the replay bar and take the table back to where the player was when the
        replay began (a move of theirs during the replay has already taken over from it)."""
        if not self.replay_mode:
            return
        self.replay_mode = self.replaying = False
        self._token += 1
        self._walk(len(self._came_line))
        self.app.say(words.replay_done(len(self._came_line)))
        self.app.run_clock()  # the clock stood still while the replay ran
        self.app.changed()

    def _walk(self, number: int) -> None:
        """The replay's own step to the position after `number` moves (no undo of the
        player's: Done comes back; a move of theirs before where they were counts one)."""
        self._own = True
        try:
            self.app.travel(number, quiet=True, as_undo=False)
        finally:
            self._own = False
            self._undos_seen = self.app.attempt.undos

    def position_changed(self) -> None:
        """The App's game moved: a move of the player's takes over from the replay."""
        if self._own:
            return
        if self.replay_mode:
            self.replay_mode = self.replaying = False
            self._token += 1
            played = self.line()[:self.app.game.moves_played]
            behind = played[:len(self._came_line)] != self._came_line
            if behind and self.app.attempt.undos == self._undos_seen:
                self.app.spent(undos=1)  # taken over before where the player was: an undo
            self.app.say(f"{self.app.message.text} {words.REPLAY_TAKEN_OVER}".strip())

    # ---- where did it slip? -----------------------------------------------------------------

    def _verdicts(self, line: tuple[str, ...]) -> list[str] | None:
        """The post-mortem's verdict on each position (the deal first), while its moves are
        still the start of the game's."""
        if self.analysis is None or line[:len(self.analysed)] != self.analysed:
            return None
        found = [v.verdict for v in self.analysis.verdicts]
        return found + [None] * (len(line) + 1 - len(found))

    def analyse(self, then_demo: bool = False) -> None:
        """Work out the verdict on each position played, in slices; then the slip. After going
        back along the move list the game's analysis stands (and goes on, if stopped)."""
        app = self.app
        moves = tuple(str(m) for m in app.game.history)
        if not moves:
            app.say(words.NOTHING_TO_ANALYSE, Tone.ERROR)
            return
        line = self.line()
        covers = (self.analysis is not None and len(self.analysed) >= len(moves)
                  and line[:len(self.analysed)] == self.analysed)  # went back, nothing new
        if not covers:
            from plot.postmortem import Analysis  # lazy: the page boots without the solver
            from plot.solver import Result
            self.analysis = Analysis(app.game)
            self.analysed, self._solving = moves, None
            for won in app.advisor.lines_from_the_deal():  # each proves the game's start won
                self.analysis.add(0, Result(WON, won))
        self._run(then_demo, words.ANALYSING)

    def search_longer(self) -> None:
        """Search the positions left undecided where the slip may be once more, deeper
        (plot.postmortem DEEPEN_FACTOR), in slices as before."""
        if self.analysing:
            return  # searching already
        if not self._unpinned():
            self.app.say(words.LONGER_NEEDS, Tone.ERROR)
            return
        from plot.postmortem import DEEPEN_FACTOR

        self.analysis.deepen()
        self._run(False, words.searching_longer(DEEPEN_FACTOR))

    def stop(self) -> None:
        """Stop the post-mortem where it is; what it proved stays, and asking again goes on."""
        if not self.analysing:
            return
        self._token += 1
        self.analysing = self.then_demo = False
        self._solving = None
        self.app.say(words.POSTMORTEM_STOPPED)
        self.app.changed()

    def _unpinned(self) -> bool:
        """Whether the finished post-mortem of this game left the slip among undecided
        positions."""
        return (self._verdicts(self.line()) is not None and self.slip() is None
                and bool(self.analysis.undecided()))

    def _run(self, then_demo: bool, saying: str) -> None:
        app = self.app
        self.then_demo = then_demo
        app.panel = Panel.STORY
        if app.dialog is not Dialog.CONFIRM:
            app.dialog = None  # the result dialog gives way to the panel
        self.analysing = True
        self._token += 1
        token = self._token
        app.say(saying)
        app.defer(lambda: self._slice(token))

    def _slice(self, token: int) -> None:
        if token != self._token or not self.analysing:
            return
        collecting = gc.isenabled()
        gc.disable()  # a full collection over the solver's table would stall one slice
        try:
            finished = self._work(self.app.clock.now)
        finally:
            if collecting:
                gc.enable()
        if finished:
            self._done()
        else:
            self.app.defer(lambda: self._slice(token))
        self.app.changed()

    def _work(self, now) -> bool:
        """About SLICE_MS of the analysis; True once it is complete."""
        from plot.record import position_to_text
        from plot.solver import Result

        analysis, started = self.analysis, now()
        while now() - started < SLICE_MS:
            if self._solving is None:
                number = analysis.next_position()
                if number is None:
                    return True
                key = position_to_text(analysis.position(number).position())
                if key in self.cache:
                    analysis.add(number, self.cache[key])
                    continue
                nodes = analysis.budget_for(number, POSITION_NODES)
                self._solving = [number, analysis.solver(number), 0, key, nodes]
            number, solver, searched, key, nodes = self._solving
            result = solver.step(CHUNK_NODES)
            self._solving[2] = searched = searched + CHUNK_NODES
            if result is None and searched >= nodes:
                result = Result(UNKNOWN)
            if result is not None:
                analysis.add(number, result)
                if result.verdict != UNKNOWN:
                    self.cache[key] = result
                self._solving = None
        return False

    def slip(self) -> int | None:
        from plot.postmortem import slip
        return None if self.analysis is None else slip(self.analysis.verdicts)

    def _progress(self) -> str:
        """What the running post-mortem is doing: its first round, or a longer search and how
        many positions are still undecided where the slip may be."""
        if self.analysis.depth == 1:
            return words.WORKING_OUT
        return words.searching_progress(self.analysis.depth, len(self.analysis.undecided()))

    def _summary(self, verdicts: list[str | None], stopped: bool = False) -> str:
        """The post-mortem in words (`stopped`: before its end)."""
        slip = self.slip()
        unknown = verdicts.count(UNKNOWN)
        if stopped:
            return words.stopped_early(unknown)
        if slip is not None:
            text, _ = self._texts(self.line())[slip - 1]
            return words.slip_found(slip, text, unknown)
        return words.no_slip(WON in verdicts and LOST not in verdicts and UNKNOWN not in verdicts,
                             verdicts[0] == LOST, unknown, self.analysis.last_won())

    def _done(self) -> None:
        self.analysing = False
        verdicts = self._verdicts(self.line()) or []
        self.app.say(self._summary(verdicts))
        if self.then_demo:
            self.then_demo = False
            won = [i for i, v in enumerate(verdicts) if v == WON]
            if not won:
                self.app.say(words.DEMO_NONE, Tone.ERROR)
                return
            self.app.travel(won[-1], quiet=True)
            self.app.advisor.learn_win(self.analysis.line(won[-1]))
            self.app.panel = None
            self.app.advisor.demo()

    def rewind(self) -> None:
        """Undo back to the last position that could still be won: the one before the slip,
        or, with the slip among undecided positions, the last one proved winnable."""
        current = not self.analysing and self._verdicts(self.line()) is not None
        slip = self.slip() if current else None  # only for the moves it was worked out for
        if slip is not None:
            target, pinned = slip - 1, True
        elif current and self._unpinned() and self.analysis.last_won() is not None:
            target, pinned = self.analysis.last_won(), False
        else:
            self.app.say(words.REWIND_NEEDS, Tone.ERROR)
            return
        self.app.travel(target, quiet=True)
        self.app.panel = None
        self.app.say(words.rewound(target, pinned))

    def cancel(self) -> None:
        """A new game: nothing of the old one's story is left running."""
        self._token += 1
        self.analysis, self.analysed, self._solving = None, (), None
        self.analysing = self.replaying = self.replay_mode = self.then_demo = False

    # ---- records ----------------------------------------------------------------------------

    def record(self) -> str:
        return self.app.game.to_record(self.app.today())

    def file_name(self) -> str:
        return f"the-plot-{self.app.number}.txt"

    def _refuse(self, why: str) -> None:
        """A record that cannot be played: said on the status line and beside the paste box
        (the whole reason: a phone's status line shows two lines of it)."""
        self.app.say(why, Tone.ERROR, Panel.STORY)

    def open_record(self, text: str) -> None:
        """Play a game record pasted or chosen as a file; bad text changes nothing."""
        app = self.app
        try:
            game = Game.from_record(text)
        except (InvalidRecord, IllegalMove, ValueError) as error:
            self._refuse(words.record_refused(error))
            return
        if game.seed is None:
            self._refuse(words.RECORD_NEEDS_DEAL)
            return
        app.panel_note = None
        app.open_game(game)
