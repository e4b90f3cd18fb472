"""The preview of a returning player's table: what the page last drew, kept in storage so that
web/startup.js can put it on screen at the first paint, before Python runs.

It is a description, never markup: card codes (drawn by copying the build's card faces), counts,
the piles' resting state flags and spoken names, and a few numbers of the chrome. The real render
replaces it as soon as the game is playable. Pure Python.
"""

from __future__ import annotations

from .records import RecordFormat

PREVIEW_KEY = "the-plot/preview"
PREVIEW = RecordFormat("the-plot-preview", 1, "it", "a preview of the table")
RESTING_FLAGS = frozenset({"empty", "locked", "complete"})  # not a selection, a target or a hint


def preview_record(view) -> str:
    """The table of `view` (a web.view.TableView) at rest, as web/startup.js reads it."""
    chrome = view.chrome
    piles = {p.name: [list(p.cards), p.count, sorted(p.flags & RESTING_FLAGS), p.label,
                      p.count_text, [i for i, base in enumerate(p.bases) if base]]
             for p in view.piles}
    return PREVIEW.dump(number=chrome.number, moves=chrome.moves, base=chrome.base_text,
                        restricted=chrome.restricted, rows=list(chrome.fan_rows), piles=piles)
