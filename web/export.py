"""Everything the player owns, in one file: statistics, history, settings, the game in progress.

`export_json(...)` writes it; `read_export(text)` reads one back (refusing a newer version's or a
damaged file with a plain reason); `merge` and `replace` say what the player's data becomes.
Merging counts a game once, however often its file is imported: games are matched by their
attempt, and the statistics grow only by the games the history did not hold. Pure Python.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from plot import LOST, PLAYING, WON, InvalidSave

from . import history as history_records
from . import words
from .history import Entry
from .pagesave import PageSave
from .records import RecordFormat
from .settings import SETTINGS, Settings
from .stats import Stats

EXPORT = RecordFormat("the-plot-export", 1, "it", "a file of The Plot's data")
FILE_NAME = "the-plot-data.json"


@dataclass(frozen=True)
class Holdings:
    """What a player's data holds (theirs now, or a file's)."""

    stats: Stats
    history: tuple[Entry, ...]
    settings: Settings | None
    save: PageSave | None


def export_json(holdings: Holdings, exported: str) -> str:
    """The file of `holdings`, `exported` being when (an ISO date and time)."""
    save = None if holdings.save is None else json.loads(holdings.save.to_json())
    settings = None if holdings.settings is None else json.loads(
        SETTINGS.dump(**dict(holdings.settings.items())))
    return EXPORT.dump(exported=exported, stats=json.loads(holdings.stats.to_json()),
                       history=json.loads(history_records.to_json(list(holdings.history))),
                       settings=settings, save=save)


def read_export(text: str) -> Holdings:
    """The holdings of an exported file; InvalidSave (NewerSave) with a plain reason."""
    record = EXPORT.load(text)
    try:
        stats = Stats.from_json(json.dumps(record["stats"]))
        games = history_records.from_json(json.dumps(record["history"]))
        settings = None if record.get("settings") is None else Settings.from_record(
            SETTINGS.load(json.dumps(record["settings"])))
        save = None if record.get("save") is None else PageSave.from_json(
            json.dumps(record["save"]))
    except KeyError as missing:
        raise InvalidSave(f"it holds no {missing.args[0]}") from None
    return Holdings(stats, tuple(games), settings, save)


def merge(ours: Holdings, theirs: Holdings) -> Holdings:
    """Ours with their games added, each once; our settings and our game in progress stay (or
    theirs, if we have none)."""
    known = {entry.attempt for entry in ours.history}
    new = [entry for entry in theirs.history if entry.attempt not in known]
    history = history_records.merged(list(ours.history), new)
    stats = ours.stats.followed_by(Stats.of_history(new))
    return Holdings(stats, tuple(history), ours.settings or theirs.settings,
                    ours.save or theirs.save)


# The game on the table, by its status, in a file's description (a won one is no game in progress).
SAVED_GAME_KINDS = {PLAYING: "a game in progress", WON: "the won game on the table",
                    LOST: "the lost game on the table"}


def describe(holdings: Holdings) -> str:
    """What a file holds, in words, before the player chooses what to do with it."""
    games = holdings.history
    won = sum(entry.result == history_records.WON_RESULT for entry in games)
    parts = [f"{words.counted(len(games), 'game')} in detail ({won} won)",
             f"statistics of {words.counted(holdings.stats.played, 'game')}"]
    if holdings.settings is not None:
        parts.append("settings")
    if holdings.save is not None:
        save = holdings.save
        kind = SAVED_GAME_KINDS[save.game.status]
        parts.append(f"{kind} (game {save.number}, "
                     f"{words.counted(save.game.moves_played, 'move')})")
    return "This file holds " + ", ".join(parts) + "."
