"""Statistics over finished games: played, won, win rate, streaks, best time, fewest moves.

A game counts once a move has been made in it. A win is recorded when it happens; a game left
unfinished (New game, Restart, another deal) counts as lost. `Stats` is the value; `StatsBook`
keeps it in storage: written atomically, kept aside when unreadable, left untouched when a newer
version of the page wrote it. Pure Python: no browser module.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, replace

from plot import InvalidSave, NewerSave

from . import words
from .history import WON_RESULT
from .records import RecordFormat, count
from .storage import Storage, read_atomic, write_atomic

STATS_KEY = "the-plot/stats"
STATS_BACKUP_KEY = "the-plot/stats-unreadable"
STATS = RecordFormat("the-plot-stats", 1, "they", "statistics of this game")
NO_VALUE = "\u2013"  # shown for a rate, time or count that has no value yet


@dataclass(frozen=True)
class Stats:
    played: int = 0
    won: int = 0
    streak: int = 0
    best_streak: int = 0
    best_time_ms: int | None = None
    fewest_moves: int | None = None

    def record(self, won: bool, elapsed_ms: float, moves: int) -> Stats:
        """These statistics with one more game counted."""
        if not won:
            return replace(self, played=self.played + 1, streak=0)
        streak = self.streak + 1
        elapsed_ms = int(elapsed_ms)
        return Stats(self.played + 1, self.won + 1, streak, max(self.best_streak, streak),
                     _least(self.best_time_ms, elapsed_ms), _least(self.fewest_moves, moves))

    def followed_by(self, later: Stats) -> Stats:
        """These statistics with the games of `later` counted after them."""
        unbroken = later.streak == later.played  # every game since was won
        streak = self.streak + later.streak if unbroken else later.streak
        return Stats(self.played + later.played, self.won + later.won, streak,
                     max(self.best_streak, later.best_streak, streak),
                     _least_of(self.best_time_ms, later.best_time_ms),
                     _least_of(self.fewest_moves, later.fewest_moves))

    @classmethod
    def of_history(cls, entries) -> Stats:
        """The statistics of the games of a history (web.history.Entry), in their order."""
        stats = cls()
        for entry in entries:
            stats = stats.record(entry.result == WON_RESULT, entry.time_s * 1000, entry.moves)
        return stats

    @property
    def win_rate(self) -> str:
        return f"{round(100 * self.won / self.played)}%" if self.played else NO_VALUE

    def rows(self) -> tuple[tuple[str, str], ...]:
        """What the statistics panel shows: (row id, text) pairs."""
        return (("played", str(self.played)), ("won", str(self.won)), ("rate", self.win_rate),
                ("streak", str(self.streak)), ("best-streak", str(self.best_streak)),
                ("best-time", NO_VALUE if self.best_time_ms is None
                 else words.clock_text(self.best_time_ms)),
                ("fewest", NO_VALUE if self.fewest_moves is None else str(self.fewest_moves)))

    def to_json(self) -> str:
        return STATS.dump(**asdict(self))

    @classmethod
    def from_json(cls, raw: str) -> Stats:
        """Read stored statistics; InvalidSave saying why (NewerSave from a newer version)."""
        return cls.from_record(STATS.load(raw))

    @classmethod
    def from_record(cls, record: dict) -> Stats:
        """The statistics in a record's fields; InvalidSave if they are not usable."""
        stats = cls(count(record, "played"), count(record, "won"), count(record, "streak"),
                    count(record, "best_streak"),
                    count(record, "best_time_ms", optional=True),
                    count(record, "fewest_moves", optional=True))
        if stats.won > stats.played or stats.streak > stats.best_streak:
            raise InvalidSave("the numbers contradict each other")
        return stats


def _least(best: int | None, value: int) -> int:
    return value if best is None else min(best, value)


def _least_of(a: int | None, b: int | None) -> int | None:
    return a if b is None else _least(a, b)


class StatsBook:
    """The statistics in this browser's storage, shared by every tab of the game."""

    def __init__(self, storage: Storage):
        self.storage = storage
        self.stats = Stats()
        self.notice = ""       # what the player must know about their statistics, if anything
        self.writable = True   # False while a record we must not overwrite is kept
        self.newer = False     # a newer version of the page wrote them: this tab counts nothing
        self.before_reset: Stats | None = None  # what a reset threw away, until it is undone

    def load(self) -> None:
        """Read the statistics (another tab may have counted since); report what is wrong."""
        stats, unreadable = read_atomic(self.storage, STATS_KEY, Stats.from_json)
        if unreadable is not None:
            self._unreadable(unreadable)
        elif stats is not None:
            self.stats = stats

    def _unreadable(self, raw: str) -> None:
        try:
            Stats.from_json(raw)
        except NewerSave:
            self.writable, self.newer = False, True  # never move aside or overwrite them
            self.stats = _readable_part(raw) or self.stats
            self.notice = words.NEWER_STATS
            return
        except InvalidSave as error:
            reason = str(error)
        self.writable = self.storage.set(STATS_BACKUP_KEY, raw)
        self.notice = words.unreadable_stats(reason, kept=self.writable)
        if self.writable:
            self.storage.remove(STATS_KEY)  # reported once; the copy aside stays

    def record(self, won: bool, elapsed_ms: float, moves: int) -> None:
        """Count one game, on top of what any other tab has counted meanwhile."""
        self.load()
        if self.newer:
            return
        self._write(self.stats.record(won, elapsed_ms, moves))

    def reset(self) -> None:
        """Count again from zero (`undo_reset` brings the old statistics back)."""
        self.load()
        if self.writable:
            self.before_reset = self.stats
            self._write(Stats())

    def undo_reset(self) -> None:
        """Bring back the statistics a reset threw away, with any game counted since."""
        if self.before_reset is None:
            return
        self.load()
        self._write(self.before_reset.followed_by(self.stats))
        self.before_reset = None

    def replace(self, stats: Stats) -> None:
        """Statistics from elsewhere (an imported file) take the place of these."""
        self.load()
        if not self.newer:
            self.before_reset = None
            self._write(stats)

    def _write(self, stats: Stats) -> None:
        self.stats = stats
        if self.writable:
            write_atomic(self.storage, STATS_KEY, stats.to_json())


def _readable_part(raw: str) -> Stats | None:
    """The fields this page knows, from a newer version's record (shown, never written)."""
    try:
        return Stats.from_record(json.loads(raw))
    except (InvalidSave, ValueError, TypeError, AttributeError):
        return None
