"""The page's save record: the engine's game plus what the page adds (deal number, clock, revision).

Versioned through the record layer: every released version is read by migrating it step by step
to the current one (tests/fixtures/page-saves/ keeps one record of each); a record from a newer
version raises `NewerSave`, so the page keeps it untouched. Pure Python.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass

from plot import Game, InvalidSave

from .history import DAILY_DATE
from .records import RecordFormat, count, duration, flag, text


def _v1_to_v2(record: dict) -> dict:
    """Version 2 adds `revision`, the save counter that lets two tabs tell whose game is newer."""
    return {**record, "version": 2, "revision": 0}


def _v2_to_v3(record: dict) -> dict:
    """Version 3 adds the attempt's identity and its cost (hints, undos), for the history."""
    return {**record, "version": 3, "attempt": None, "began_ms": None, "hints": 0, "undos": 0}


def _v3_to_v4(record: dict) -> dict:
    """Version 4 adds the date of the deal of the day the attempt plays (None: not a daily)."""
    return {**record, "version": 4, "daily": None}


def _v4_to_v5(record: dict) -> dict:
    """Version 5 adds `shown`: the game was handed to Show me a win (its win is the solver's)."""
    return {**record, "version": 5, "shown": False}


PAGE = RecordFormat("the-plot-page", 5, "it", "a saved game of this page",
                    migrations={1: _v1_to_v2, 2: _v2_to_v3, 3: _v3_to_v4, 4: _v4_to_v5})
# How this page writes the head of a record: lets revision_of skip parsing a long game.
RECORD_HEAD = re.compile(r'^\{"format":"the-plot-page","version":\d+,"revision":(\d+),')


@dataclass(frozen=True)
class Attempt:
    """One attempt at a deal: who it is (so it is counted once, even imported twice) and what it
    cost, for the history."""

    id: str | None = None            # None: made before attempts had one (the App names it)
    began_ms: float | None = None    # the wall clock at its first move
    hints: int = 0
    undos: int = 0
    daily: str | None = None         # the date whose deal of the day this is ('2026-12-01')


@dataclass(frozen=True)
class PageSave:
    """A readable save: the game, its deal number, its clock and bookkeeping."""

    game: Game
    number: int
    elapsed_ms: float
    started: bool     # a move was made in this attempt
    counted: bool     # its result is already in the statistics
    revision: int     # bumps on every save by any tab
    attempt: Attempt = Attempt()
    shown: bool = False  # handed to Show me a win: a win that follows is the solver's

    def to_json(self) -> str:
        a = self.attempt
        return PAGE.dump(revision=self.revision, game=self.number,
                         elapsed_ms=round(self.elapsed_ms), started=self.started,
                         counted=self.counted, attempt=a.id, began_ms=a.began_ms, hints=a.hints,
                         undos=a.undos, daily=a.daily, shown=self.shown,
                         engine=self.game.to_json())

    @classmethod
    def from_json(cls, raw: str) -> PageSave:
        """Read a save of any released version; InvalidSave saying why, or NewerSave."""
        record = PAGE.load(raw)
        game = Game.from_json(text(record, "engine", "it holds no game"))
        number = record.get("game")
        if not isinstance(number, int) or number < 0 or game.seed != number:
            raise InvalidSave("its game number does not match its deal")
        elapsed = duration(record, "elapsed_ms", "its clock is not a time")
        revision = count(record, "revision", "its revision is not a count")
        started = bool(record.get("started", game.moves_played > 0))
        attempt_id = record.get("attempt")
        if not (attempt_id is None or isinstance(attempt_id, str)):
            raise InvalidSave("its attempt is not readable")
        began = None if record.get("began_ms") is None else \
            duration(record, "began_ms", "its attempt's start is not a time")
        daily = record.get("daily")
        if not (daily is None or isinstance(daily, str) and DAILY_DATE.match(daily)):
            raise InvalidSave("its deal of the day is not a date")
        attempt = Attempt(attempt_id, began,
                          count(record, "hints", "its hints are not a count"),
                          count(record, "undos", "its undos are not a count"), daily)
        shown = flag(record, "shown", "whether Show me a win played it is not yes or no")
        return cls(game, number, elapsed, started, bool(record.get("counted", False)), revision,
                   attempt, shown)

    def same_game(self, game: Game) -> bool:
        """Whether this save holds exactly `game` (its moves and its undo history)."""
        return self.number == game.seed and self.game.to_json() == game.to_json()


def revision_of(raw: str | None) -> int:
    """The revision of a stored save (0 when there is none or it cannot be read)."""
    if raw is None:
        return 0
    head = RECORD_HEAD.match(raw)
    if head:
        return int(head.group(1))
    try:
        revision = json.loads(raw).get("revision", 0)
    except (ValueError, AttributeError):
        return 0
    return revision if isinstance(revision, int) and not isinstance(revision, bool) else 0
