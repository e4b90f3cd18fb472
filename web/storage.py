"""localStorage, made safe: the game keeps playing when storage is missing, blocked or full.

`Storage(backend)` takes anything with getItem/setItem/removeItem (the browser's localStorage, or a
dict-backed fake in tests). Every failure is caught and turned into `warning`, a sentence the page
shows so the player knows their progress is not being saved.
"""

from __future__ import annotations

import contextlib

from plot import NewerSave

PROBE_KEY = "the-plot/probe"
UNAVAILABLE = ("This browser is not letting the game use local storage, so your progress "
               "is not being saved.")
FULL = ("The browser's storage for this site is full, so your progress is not being saved. "
        "Free some space (for example clear other sites' data) and make a move to try again.")


class Storage:
    def __init__(self, backend):
        self.backend = backend
        self.warning = ""
        if backend is None:
            self.warning = UNAVAILABLE
            return
        try:
            backend.setItem(PROBE_KEY, "1")
            backend.removeItem(PROBE_KEY)
        except Exception as error:  # noqa: BLE001 - any browser refusal means the same to us
            self.warning = FULL if _is_quota(error) else UNAVAILABLE

    @classmethod
    def browser(cls) -> Storage:
        """The page's localStorage; reading the property itself can throw (blocked storage)."""
        try:
            from js import window

            backend = window.localStorage
        except Exception:  # noqa: BLE001
            backend = None
        return cls(backend)

    def get(self, key: str) -> str | None:
        if self.backend is None:
            return None
        try:
            value = self.backend.getItem(key)
        except Exception:  # noqa: BLE001
            return None
        return value if isinstance(value, str) else None  # JS null is not None in Pyodide

    def set(self, key: str, value: str) -> bool:
        """Store a value; False (and a warning for the page) if the browser refuses."""
        if self.backend is None:
            return False
        try:
            self.backend.setItem(key, value)
        except Exception as error:  # noqa: BLE001
            self.warning = FULL if _is_quota(error) else UNAVAILABLE
            return False
        self.warning = ""
        return True

    def remove(self, key: str) -> None:
        if self.backend is None:
            return
        with contextlib.suppress(Exception):
            self.backend.removeItem(key)


def _is_quota(error: Exception) -> bool:
    text = f"{getattr(error, 'name', '')} {error}".lower()
    return "quota" in text


PENDING = ".next"  # suffix of the key an atomic write goes to first


def write_atomic(storage: Storage, key: str, value: str) -> bool:
    """Write `value` under `key` so that a failure at any step leaves one complete copy.

    The value goes first to `key + PENDING`, then to `key`, then the pending copy is dropped.
    If the second step fails, the pending copy is the newest complete value and `read_atomic`
    recovers it; if the first fails, `key` still holds the previous value.
    """
    if not storage.set(key + PENDING, value):
        return False
    if not storage.set(key, value):
        return False
    storage.remove(key + PENDING)
    return True


def read_atomic(storage: Storage, key: str, parse):
    """(value, unreadable raw text or None) from what `write_atomic` left under `key`.

    A complete pending copy wins (it is newer than `key`) and is committed; a pending copy that
    `parse` refuses is dropped (the committed value is intact), unless a newer version wrote it:
    then both stay untouched and it is returned as unreadable. `parse` raises ValueError.
    """
    pending = storage.get(key + PENDING)
    if pending is not None:
        try:
            value = parse(pending)
        except NewerSave:
            return None, pending
        except ValueError:
            storage.remove(key + PENDING)
        else:
            write_atomic(storage, key, pending)
            return value, None
    raw = storage.get(key)
    if raw is None:
        return None, None
    try:
        return parse(raw), None
    except ValueError:
        return None, raw
