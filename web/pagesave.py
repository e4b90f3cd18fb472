"""The page's save record: the engine's game plus what the page adds (deal number, clock, revision).

Versioned with a migration path: every released version is read by migrating it step by step to
the current one (tests/fixtures/page-saves/ keeps one record of each). A record from a newer
version than this page raises `NewerSave`, so the page can keep it untouched. Pure Python.
"""

from __future__ import annotations

import json
import math
import re

from plot import Game, InvalidSave, NewerSave

PAGE_FORMAT = "the-plot-page"
PAGE_VERSION = 2
# How this page writes the head of a record: lets revision_of skip parsing a long game.
RECORD_HEAD = re.compile(r'^\{"format":"the-plot-page","version":\d+,"revision":(\d+),')


def _v1_to_v2(record: dict) -> dict:
    """Version 2 adds `revision`, the save counter that lets two tabs tell whose game is newer."""
    return {**record, "version": 2, "revision": 0}


# MIGRATIONS[n] turns a version-n record into a version-(n + 1) record.
MIGRATIONS = {1: _v1_to_v2}


class PageSave:
    """A readable save: the game, its deal number, its clock and bookkeeping."""

    def __init__(self, game: Game, number: int, elapsed_ms: float, started: bool,
                 counted: bool, revision: int):
        self.game, self.number, self.elapsed_ms = game, number, elapsed_ms
        self.started, self.counted, self.revision = started, counted, revision

    def to_json(self) -> str:
        record = {
            "format": PAGE_FORMAT, "version": PAGE_VERSION, "revision": self.revision,
            "game": self.number, "elapsed_ms": round(self.elapsed_ms), "started": self.started,
            "counted": self.counted, "engine": self.game.to_json(),
        }
        return json.dumps(record, separators=(",", ":"))

    @classmethod
    def from_json(cls, raw: str) -> PageSave:
        """Read a save of any released version; InvalidSave saying why, or NewerSave."""
        try:
            record = json.loads(raw)
        except ValueError:
            raise InvalidSave("it is not valid JSON") from None
        if not isinstance(record, dict) or record.get("format") != PAGE_FORMAT:
            raise InvalidSave("it is not a saved game of this page")
        version = record.get("version")
        if not isinstance(version, int) or isinstance(version, bool) or version < 1:
            raise InvalidSave(f"it has unknown version {version!r}")
        if version > PAGE_VERSION:
            raise NewerSave("it was", version)
        while record["version"] < PAGE_VERSION:
            record = MIGRATIONS[record["version"]](record)
        engine = record.get("engine")
        if not isinstance(engine, str):
            raise InvalidSave("it holds no game")
        game = Game.from_json(engine)
        number = record.get("game")
        if not isinstance(number, int) or number < 0 or game.seed != number:
            raise InvalidSave("its game number does not match its deal")
        elapsed = record.get("elapsed_ms", 0)
        if isinstance(elapsed, bool) or not isinstance(elapsed, int | float) \
                or not (math.isfinite(elapsed) and elapsed >= 0):
            raise InvalidSave("its clock is not a time")
        revision = record.get("revision")
        if not isinstance(revision, int) or isinstance(revision, bool) or revision < 0:
            raise InvalidSave("its revision is not a count")
        started = bool(record.get("started", game.moves_played > 0))
        return cls(game, number, float(elapsed), started, bool(record.get("counted", False)),
                   revision)


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
