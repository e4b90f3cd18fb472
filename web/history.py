"""A history of every game: deal, when, result, moves, time, hints and undos, cards home.

`Entry` is one game; `HistoryBook` keeps the last KEEP of them in storage (newest last), written
atomically, kept aside when unreadable, left untouched when a newer version wrote them. The
totals of every game ever played stay in the statistics (web/stats.py). Pure Python.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, fields

from plot import InvalidSave, NewerSave

from . import words
from .records import RecordFormat
from .storage import Storage, read_atomic, write_atomic

HISTORY_KEY = "the-plot/history"
HISTORY_BACKUP_KEY = "the-plot/history-unreadable"


def _v1_to_v2(record: dict) -> dict:
    """Version 2 adds each game's daily date (None: not a deal of the day)."""
    games = record.get("games")
    if isinstance(games, list):
        games = [row + [None] if isinstance(row, list) else row for row in games]
    return {**record, "version": 2, "games": games}


HISTORY = RecordFormat("the-plot-history", 2, "it", "a history of games of this game",
                       migrations={1: _v1_to_v2})
KEEP = 5000  # games kept in detail (about 60 bytes each)
WON_RESULT, LOST_RESULT, ABANDONED = RESULTS = ("won", "lost", "abandoned")
TIERS = ("easy", "medium", "hard", "expert", "not-winnable")
DAILY_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")
SECONDS_A_DAY = 86_400  # an entry's times are in seconds (UTC)


@dataclass(frozen=True)
class Entry:
    attempt: str          # unique per attempt: the same game is never counted twice (import)
    deal: int
    began_s: int          # when its first move was made (seconds since 1970, UTC)
    result: str           # one of RESULTS
    moves: int
    time_s: int
    hints: int
    undos: int
    home: int             # cards on the foundations at the end
    tier: str | None = None   # one of TIERS, None for a deal that is not rated
    daily: str | None = None  # the date ('2026-12-01') when it was that day's deal of the day

    @property
    def perfect(self) -> bool:
        """Won without an undo or a hint."""
        return self.result == WON_RESULT and not self.hints and not self.undos

    def row(self) -> list:
        return [self.attempt, self.deal, self.began_s, self.result, self.moves, self.time_s,
                self.hints, self.undos, self.home, self.tier, self.daily]

    @classmethod
    def from_row(cls, row) -> Entry:
        """An entry from its stored row; InvalidSave if it is not one."""
        if not isinstance(row, list) or len(row) != ROW_FIELDS:
            raise InvalidSave(f"a game of it is not a list of {ROW_FIELDS} fields")
        attempt, deal, began, result, moves, time_s, hints, undos, home, tier, daily = row
        counts = (deal, began, moves, time_s, hints, undos, home)
        if not isinstance(attempt, str) or not all(_is_count(n) for n in counts) \
                or result not in RESULTS or tier not in (None, *TIERS) \
                or not (daily is None or isinstance(daily, str) and DAILY_DATE.match(daily)):
            raise InvalidSave(f"a game of it is not readable ({attempt!r})")
        return cls(attempt, deal, began, result, moves, time_s, hints, undos, home, tier, daily)


ROW_FIELDS = len(fields(Entry))


def _is_count(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def to_json(entries: list[Entry]) -> str:
    return HISTORY.dump(games=[entry.row() for entry in entries[-KEEP:]])


def from_json(raw: str) -> list[Entry]:
    """The games of a stored history, oldest first; InvalidSave (NewerSave) says why not."""
    return from_record(HISTORY.load(raw))


def from_record(record: dict) -> list[Entry]:
    games = record.get("games")
    if not isinstance(games, list):
        raise InvalidSave("it holds no list of games")
    return [Entry.from_row(row) for row in games]


def merged(ours: list[Entry], theirs: list[Entry]) -> list[Entry]:
    """Both histories in time order, each attempt once."""
    seen = {entry.attempt for entry in ours}
    both = ours + [entry for entry in theirs if entry.attempt not in seen]
    return sorted(both, key=lambda entry: entry.began_s)[-KEEP:]


class HistoryBook:
    """The history in this browser's storage, shared by every tab of the game."""

    def __init__(self, storage: Storage):
        self.storage = storage
        # Replaced, never changed in place: web/view.py caches by the list itself.
        self.entries: list[Entry] = []
        self.notice = ""
        self.writable = True
        self.newer = False

    def load(self) -> None:
        entries, unreadable = read_atomic(self.storage, HISTORY_KEY, from_json)
        if unreadable is not None:
            self._unreadable(unreadable)
        elif entries is not None:
            self.entries = entries

    def _unreadable(self, raw: str) -> None:
        try:
            from_json(raw)
        except NewerSave:
            self.writable, self.newer = False, True
            self.notice = words.NEWER_HISTORY
            return
        except InvalidSave as error:
            reason = str(error)
        self.writable = self.storage.set(HISTORY_BACKUP_KEY, raw)
        self.notice = words.unreadable_history(reason, kept=self.writable)
        if self.writable:
            self.storage.remove(HISTORY_KEY)

    def add(self, entry: Entry) -> None:
        """Keep one more game, on top of what any other tab kept meanwhile."""
        self.load()
        if self.newer or any(e.attempt == entry.attempt for e in self.entries):
            return
        self.replace(self.entries + [entry])

    def replace(self, entries: list[Entry]) -> None:
        self.entries = entries[-KEEP:]
        if self.writable:
            write_atomic(self.storage, HISTORY_KEY, to_json(self.entries))
