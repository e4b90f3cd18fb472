"""The preview of a returning player's table (web/preview.py): what web/startup.js draws at the
first paint, from the last table the page drew."""

from __future__ import annotations

import json

from plot import Game
from tests.helpers import build
from tests.web.fakes import booted
from web.preview import PREVIEW, RESTING_FLAGS, preview_record
from web.view import table_view


def test_the_preview_holds_the_table_at_rest():
    app, _, _ = booted(hash_text="#game=3")
    f1 = ["5S", "6S", "7S", "8S", "9S", "TS", "JS", "QS", "KS"]
    app.game = Game.from_position(build(foundations=[f1],
                                        tableau={"T1": ["5H"], "T2": ["9C", "8D"]}))
    app.hand.click("T2")  # a selection: the preview shows the table at rest
    view = table_view(app)
    record = PREVIEW.load(preview_record(view))
    assert (record["number"], record["moves"], record["base"]) == (3, 0, "5")
    assert record["restricted"] is True and record["rows"] == list(view.chrome.fan_rows)
    assert record["rows"][0] == 2  # T2: the longest pile of the first row
    cards, count, flags, label, count_text, bases = record["piles"]["T2"]
    assert (cards, count, flags, count_text, bases) == (["9C", "8D"], 2, [], "2", [])
    assert label == view.pile("T2").label and "selected" in view.pile("T2").flags
    assert record["piles"]["T1"][5] == [0]  # its 5H is a base-rank card
    assert record["piles"]["F2"][2] == ["empty", "locked"]
    assert all(set(entry[2]) <= RESTING_FLAGS for entry in record["piles"].values())


def test_the_preview_is_a_description_never_markup():
    app, _, _ = booted(hash_text="#game=8")
    raw = preview_record(table_view(app))
    assert "<" not in raw and json.loads(raw)["format"] == "the-plot-preview"
