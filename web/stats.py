"""Statistics over finished games: played, won, win rate, streaks, best time, fewest moves.

A game counts once a move has been made in it. A win is recorded when it happens; a game left
unfinished (New game, Restart, another deal) counts as lost. Pure Python: no browser module.
"""

from __future__ import annotations

import json

from plot import NewerSave

FORMAT = "the-plot-stats"
VERSION = 1
FIELDS = ("played", "won", "streak", "best_streak", "best_time_ms", "fewest_moves")


class Stats:
    def __init__(self, played=0, won=0, streak=0, best_streak=0, best_time_ms=None,
                 fewest_moves=None):
        self.played, self.won = played, won
        self.streak, self.best_streak = streak, best_streak
        self.best_time_ms, self.fewest_moves = best_time_ms, fewest_moves

    def record(self, won: bool, elapsed_ms: float, moves: int) -> None:
        self.played += 1
        if not won:
            self.streak = 0
            return
        self.won += 1
        self.streak += 1
        self.best_streak = max(self.best_streak, self.streak)
        elapsed_ms = int(elapsed_ms)
        if self.best_time_ms is None or elapsed_ms < self.best_time_ms:
            self.best_time_ms = elapsed_ms
        if self.fewest_moves is None or moves < self.fewest_moves:
            self.fewest_moves = moves

    @property
    def win_rate(self) -> str:
        return f"{round(100 * self.won / self.played)}%" if self.played else "–"

    def to_json(self) -> str:
        data = {"format": FORMAT, "version": VERSION}
        data.update({field: getattr(self, field) for field in FIELDS})
        return json.dumps(data, separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str) -> Stats:
        """Read saved statistics; ValueError saying why if they are not usable."""
        try:
            data = json.loads(text)
        except ValueError:
            raise ValueError("they are not valid JSON") from None
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise ValueError("they are not statistics of this game")
        version = data.get("version")
        if isinstance(version, int) and not isinstance(version, bool) and version > VERSION:
            raise NewerSave("they were", version)
        if version != VERSION:
            raise ValueError(f"unknown version {version!r}")
        values = {}
        for field in FIELDS:
            value = data.get(field)
            optional = field in ("best_time_ms", "fewest_moves")
            if value is None and optional:
                values[field] = None
                continue
            if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                raise ValueError(f"{field} is not a count")
            values[field] = value
        stats = cls(**values)
        if stats.won > stats.played or stats.streak > stats.best_streak:
            raise ValueError("the numbers contradict each other")
        return stats
