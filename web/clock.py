"""The game's clock: it runs only while the game is started, unfinished and on screen."""

from __future__ import annotations

from collections.abc import Callable

from .words import clock_text


class Clock:
    def __init__(self, now: Callable[[], float]):
        self.now = now            # () -> milliseconds, monotonic
        self.elapsed = 0.0        # ms on the clock before `since`
        self.since: float | None = None  # when it started running, or None if stopped

    def reset(self, elapsed_ms: float = 0.0) -> None:
        """Stopped, showing `elapsed_ms`."""
        self.elapsed, self.since = elapsed_ms, None

    def ms(self) -> float:
        if self.since is None:
            return self.elapsed
        return self.elapsed + max(0.0, self.now() - self.since)

    def text(self) -> str:
        return clock_text(self.ms())

    def run(self, running: bool) -> None:
        """Start or stop the clock (nothing changes if it is already so)."""
        if running and self.since is None:
            self.since = self.now()
        elif not running and self.since is not None:
            self.elapsed, self.since = self.ms(), None
