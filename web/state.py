"""The closed sets of values the App's state takes, and its three small records."""

from __future__ import annotations

import enum
from dataclasses import dataclass


class Tone(enum.StrEnum):
    INFO = "info"
    ERROR = "error"
    GOOD = "good"


class Dialog(enum.StrEnum):
    WON = "won"
    LOST = "lost"
    CONFIRM = "confirm"   # "leave this game?"


class Panel(enum.StrEnum):
    HELP = "help"
    STATS = "stats"
    SETTINGS = "settings"
    DAILY = "daily"       # the deal of the day: today's, the streak, the calendar
    STORY = "story"       # the moves: the list, replay, where did it slip?, the record


class Leaving(enum.StrEnum):
    NEW = "new"
    RESTART = "restart"
    SWITCH = "switch"     # to another deal, from a #game=N link
    DAILY = "daily"       # to a date's deal of the day
    RECORD = "record"     # to a game opened from a record


@dataclass(frozen=True)
class Leave:
    """Leaving the game for a new one: what a confirmed "leave this game?" does."""

    kind: Leaving
    number: int | None = None  # the deal to switch to
    daily: str | None = None   # the date whose deal of the day it is ('2026-12-01')
    game: object = None        # plot.Game read from a record (RECORD)


@dataclass(frozen=True)
class LeftGame:
    """A game in progress left by New game or Restart without a question: Undo brings it back
    for a few seconds (its result and statistics are taken back too)."""

    save: object     # web.pagesave.PageSave: the game as it was left
    stats: object    # web.stats.Stats before the game was counted
    until_ms: float  # the offer ends then (the App clock's time base)
    kind: Leaving    # NEW or RESTART
    number: int


@dataclass(frozen=True)
class Message:
    text: str = ""
    tone: Tone = Tone.INFO
    serial: int = 0       # bumps on every message, so a repeated one is announced again


@dataclass(frozen=True)
class PanelNote:
    """What an action taken in a panel came to, said in the panel as well as on the status line
    (on a phone the panel covers the status line)."""

    panel: Panel
    text: str
    tone: Tone = Tone.INFO


class Verdict(enum.StrEnum):
    """What the still-winnable indicator shows."""

    WINNABLE = "winnable"
    LOST = "lost"
    UNKNOWN = "unknown"
    THINKING = "thinking"
