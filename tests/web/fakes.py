"""Stand-ins for what the browser gives the page's logic: localStorage, a clock, the timer queue."""

from __future__ import annotations

from web.app import App
from web.storage import Storage


class Backend:
    """localStorage: getItem/setItem/removeItem over `items`. `full=True` refuses every write like
    a full quota; `fail_after` = writes allowed before every write and removal fails."""

    def __init__(self, items: dict[str, str] | None = None, full: bool = False):
        self.items: dict[str, str] = dict(items or {})
        self.full = full
        self.fail_after: int | None = None
        self.writes = 0

    def _failing(self) -> bool:
        return self.full or (self.fail_after is not None and self.writes >= self.fail_after)

    def getItem(self, key):  # noqa: N802 - the browser's names
        return self.items.get(key)

    def setItem(self, key, value):  # noqa: N802
        if self._failing():
            raise RuntimeError("QuotaExceededError: the quota has been exceeded")
        self.writes += 1
        self.items[key] = value

    def removeItem(self, key):  # noqa: N802
        if self._failing() and not self.full:
            raise RuntimeError("the browser went away")
        self.items.pop(key, None)


class Browser:
    """A clock that moves `step` ms per look, and a timer queue: `defer` only queues."""

    def __init__(self, step: float = 0.0):
        self.ms, self.step, self.queue, self.delays = 0.0, step, [], []

    def now(self) -> float:
        self.ms += self.step
        return self.ms

    def defer(self, fn, ms=0) -> None:
        self.queue.append(fn)
        self.delays.append(ms)

    def run(self, limit: int = 100_000) -> int:
        """Run queued callbacks (and those they queue) until none is left; how many ran."""
        ran = 0
        while self.queue and ran < limit:
            self.queue.pop(0)()
            ran += 1
        return ran


def booted(backend: Backend | None = None, hash_text: str = "#game=5", step: float = 0.0,
           queue: bool = False) -> tuple[App, Backend, Browser]:
    """An App booted on `backend` (a new one if None) at `hash_text`. With `queue`, searches
    wait in the Browser's queue (run them with browser.run()); otherwise they run at once."""
    backend = backend if backend is not None else Backend()
    browser = Browser(step)
    app = App(Storage(backend), now=browser.now, changed=lambda: None,
              defer=browser.defer if queue else None)
    app.boot(hash_text)
    return app, backend, browser
