"""One record layer for every JSON record the page keeps in localStorage.

A record is a JSON object whose first fields are its `format` (what it is) and `version`. Reading
one checks both, migrates an older version step by step to the current one, and refuses a newer
one with `NewerSave`, so the caller keeps it untouched; every other defect is an `InvalidSave`
saying why in words a player can read. Fields are then checked by the small readers below.
Pure Python, no browser import.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from plot import InvalidSave, NewerSave

Migration = Callable[[dict], dict]  # a record of version n -> the same record at version n + 1


@dataclass(frozen=True)
class RecordFormat:
    """One kind of stored record: its format name, the version this page writes, and how to
    bring older versions up to it."""

    name: str                     # the record's "format" field
    version: int                  # the version this page writes and reads natively
    subject: str                  # the record as the subject of a sentence: "it", "they"
    what: str                     # what it is, in words: "a saved game of this page"
    migrations: Mapping[int, Migration] = field(default_factory=dict)  # n -> to version n + 1
    unversioned: Migration | None = None  # reads a record written before it had a format

    def dump(self, **fields) -> str:
        """The record as compact JSON, format and version first."""
        return json.dumps({"format": self.name, "version": self.version, **fields},
                          separators=(",", ":"))

    def load(self, raw: str) -> dict:
        """The record's fields at this page's version; InvalidSave says why not, NewerSave
        (an InvalidSave) if a newer version of the page wrote it."""
        try:
            record = json.loads(raw)
        except (TypeError, ValueError, RecursionError):
            raise InvalidSave(f"{self.subject} {self._be} damaged: not readable as a record") \
                from None
        if isinstance(record, dict) and "format" not in record and self.unversioned:
            record = self.unversioned(record)
        if not isinstance(record, dict) or record.get("format") != self.name:
            raise InvalidSave(f"{self.subject} {self._be} not {self.what}")
        version = record.get("version")
        if not _is_count(version) or version < 1:
            raise InvalidSave(f"{self.subject} {self._have} unknown version {version!r}")
        if version > self.version:
            raise NewerSave(f"{self.subject} {self._be_past}", version)
        while record["version"] < self.version:
            step = self.migrations.get(record["version"])
            if step is None:
                raise InvalidSave(f"{self.subject} {self._have} unknown version {version!r}")
            record = step(record)
        return record

    @property
    def _be(self) -> str:
        return "are" if self.subject == "they" else "is"

    @property
    def _be_past(self) -> str:
        return "were" if self.subject == "they" else "was"

    @property
    def _have(self) -> str:
        return "have" if self.subject == "they" else "has"


# ---- field readers: each returns the value or raises InvalidSave naming the field ------------

def count(record: dict, name: str, problem: str | None = None, optional: bool = False):
    """A whole number ≥ 0 (None allowed if `optional` and the field is null or missing)."""
    value = record.get(name)
    if value is None and optional:
        return None
    if not _is_count(value) or value < 0:
        raise InvalidSave(problem or f"{name} is not a count")
    return value


def duration(record: dict, name: str, problem: str, default: float = 0.0) -> float:
    """A finite number of milliseconds ≥ 0."""
    value = record.get(name, default)
    if isinstance(value, bool) or not isinstance(value, int | float) \
            or not (math.isfinite(value) and value >= 0):
        raise InvalidSave(problem)
    return float(value)


def text(record: dict, name: str, problem: str) -> str:
    value = record.get(name)
    if not isinstance(value, str):
        raise InvalidSave(problem)
    return value


def flag(record: dict, name: str, problem: str, default: bool = False) -> bool:
    """True or false (`default` if the field is missing)."""
    value = record.get(name, default)
    if not isinstance(value, bool):
        raise InvalidSave(problem)
    return value


def _is_count(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)
