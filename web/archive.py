"""The history panel's state, and the player's data in a file: export, and import (what a
file holds, then merge or replace). The records themselves are web/history.py, web/stats.py and
web/export.py. Pure Python.
"""

from __future__ import annotations

import time

from plot import InvalidSave

from . import words
from .export import Holdings, describe, export_json, merge, read_export
from .history import RESULTS
from .state import Panel, Tone

HISTORY_PAGE = 100  # games the history panel lists at a time


class Archive:
    def __init__(self, app):
        self.app = app                   # the App: its books, settings, game, say, changed
        self.filter = "all"              # which games the history panel lists (or a result)
        self.shown = HISTORY_PAGE        # how many of them
        self.importing: Holdings | None = None  # a file's data the player is deciding about

    def filter_history(self, result: str) -> None:
        """List only the games of `result` (won, lost, abandoned), or "all"."""
        app = self.app
        if result in ("all", *RESULTS):
            self.filter, self.shown = result, HISTORY_PAGE
            app.changed()

    def more_history(self) -> None:
        app = self.app
        self.shown += HISTORY_PAGE
        app.changed()

    def holdings(self) -> Holdings:
        """Everything the player owns, as it is now."""
        app = self.app
        app.book.load()
        app.history.load()
        save = app.draft() if app.started else None
        return Holdings(app.book.stats, tuple(app.history.entries), app.settings, save)

    def export_text(self) -> str:
        """The file of the player's data (web/export.py)."""
        app = self.app
        exported = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(app.wall() / 1000))
        return export_json(self.holdings(), exported)

    def tell(self, text: str, tone: Tone = Tone.INFO) -> None:
        """Say what a data action came to, on the status line and in the statistics panel."""
        self.app.say(text, tone, Panel.STATS)

    def preview_import(self, text: str) -> None:
        """A file was chosen: say what it holds, or why it cannot be read (nothing changes)."""
        app = self.app
        try:
            self.importing = read_export(text)
        except InvalidSave as error:
            self.importing = None
            self.tell(words.import_refused(str(error)), Tone.ERROR)
            return
        app.panel_note = None  # the preview says it
        app.say(words.import_preview(describe(self.importing)))

    def finish_import(self, how: str) -> None:
        """The player's choice about the file: "merge", "replace", or anything else to cancel."""
        app = self.app
        theirs, self.importing = self.importing, None
        if theirs is None or how not in ("merge", "replace"):
            self.tell(words.IMPORT_CANCELLED)
            return
        result = merge(self.holdings(), theirs) if how == "merge" else theirs
        app.book.replace(result.stats)
        app.history.replace(list(result.history))
        if result.settings is not None:
            app.settings = result.settings
            app.store.save(result.settings)
        if how == "replace" and result.save is not None:
            app.take(result.save)
        self.tell(words.imported(how, len(result.history), result.stats.played), Tone.GOOD)
