"""The history's charts, as values the renderer draws as SVG bars: the win rate month by month,
the time and moves of the last wins, and how many cards got home in losses.

Each chart carries a sentence that says what it shows, for screen readers (the bars themselves
are drawn for the eye only). Pure Python: no markup here, only numbers and words.
"""

from __future__ import annotations

import time
from collections import Counter
from dataclasses import dataclass

from plot.cards import CARD_COUNT, FOUNDATION_SIZE

from . import words
from .history import SECONDS_A_DAY, WON_RESULT, Entry

MONTHS_SHOWN = 12      # the win-rate chart's last months
WINS_SHOWN = 30        # the last wins whose time and moves are drawn
HOME_BIN = FOUNDATION_SIZE  # losses are counted by cards home in steps of a foundation


@dataclass(frozen=True)
class Bar:
    label: str       # under the bar
    value: float     # its height, in the chart's unit
    text: str        # what it says, in words (its tooltip)
    figure: str = ""  # its value, short, drawn over it: '50%', '4:12', '257'


@dataclass(frozen=True)
class Chart:
    key: str                 # its id in the page
    title: str
    unit: str
    bars: tuple[Bar, ...]
    top: float               # the value the chart's full height stands for
    summary: str             # the chart in one sentence, for screen readers
    empty: bool = False      # no games to draw: the page shows the sentence instead of bars


def month_of(seconds: int) -> str:
    """'2026-12' for a time in seconds since 1970 (UTC)."""
    return time.strftime("%Y-%m", time.gmtime(seconds))


def month_label(month: str) -> str:
    """'2026-12' -> 'Dec': the chart shows a year at most, so each month's name once."""
    return words.MONTH_NAMES[int(month[5:]) - 1][:3]


def win_rate_by_month(entries: list[Entry]) -> Chart:
    months: dict[str, list[int]] = {}
    month_of_day: dict[int, str] = {}  # games of a day share a month: each day is read once
    for entry in entries:
        day = entry.began_s // SECONDS_A_DAY
        month = month_of_day.get(day) or month_of_day.setdefault(day, month_of(entry.began_s))
        counts = months.setdefault(month, [0, 0])
        counts[0] += 1
        counts[1] += entry.result == WON_RESULT
    shown = sorted(months.items())[-MONTHS_SHOWN:]
    bars = tuple(Bar(month_label(month), 100 * won / played,
                     f"{month}: {won} of {words.counted(played, 'game')} won "
                     f"({round(100 * won / played)}%)", f"{round(100 * won / played)}%")
                 for month, (played, won) in shown)
    if not bars:
        summary = "No games yet."
    else:
        summary = "Win rate by month: " + "; ".join(bar.text for bar in bars) + "."
    return Chart("win-rate", "Win rate by month", "%", bars, 100, summary, not bars)


def wins(entries: list[Entry], measure: str) -> Chart:
    """The last wins' time (measure 'time') or moves (measure 'moves')."""
    won = [e for e in entries if e.result == WON_RESULT][-WINS_SHOWN:]
    if measure == "time":
        bars = tuple(Bar(str(i), e.time_s / 60,
                         f"game {e.deal}: {words.clock_text(e.time_s * 1000)}",
                         words.clock_text(e.time_s * 1000))
                     for i, e in enumerate(won, 1))
        title, unit = "Time of the last wins", "min"
    else:
        bars = tuple(Bar(str(i), e.moves, f"game {e.deal}: {words.counted(e.moves, 'move')}",
                         str(e.moves))
                     for i, e in enumerate(won, 1))
        title, unit = "Moves of the last wins", "moves"
    top = max((bar.value for bar in bars), default=1) or 1
    summary = (f"{title}, oldest first: " + "; ".join(bar.text for bar in bars) + "."
               if bars else "No wins yet.")
    return Chart(f"wins-{measure}", title, unit, bars, top, summary, not bars)


def home_in_losses(entries: list[Entry]) -> Chart:
    lost = [e for e in entries if e.result != WON_RESULT]
    bins = Counter(min(e.home // HOME_BIN, CARD_COUNT // HOME_BIN - 1) for e in lost)
    bars = tuple(Bar(f"{b * HOME_BIN}+", bins[b],
                     f"{b * HOME_BIN}-{(b + 1) * HOME_BIN - 1} cards home: "
                     f"{words.counted(bins[b], 'game')}", str(bins[b]))
                 for b in range(CARD_COUNT // HOME_BIN))
    top = max(bins.values(), default=1) or 1
    summary = ("Cards home in games not won: " + "; ".join(bar.text for bar in bars) + "."
               if lost else "No game lost yet.")
    return Chart("home", "Cards home in games not won", "games", bars, top, summary, not lost)


def charts(entries: list[Entry]) -> tuple[Chart, ...]:
    """Every chart of the history panel."""
    return (win_rate_by_month(entries), wins(entries, "time"), wins(entries, "moves"),
            home_in_losses(entries))

