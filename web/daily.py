"""The deal of the day in the page: each date's result, the daily streak, the calendar of the
last weeks, and the text a player shares. The deal itself comes from plot/daily.py.

A date's result is read from the history (every attempt there knows the date it played, if it
was a deal of the day) and from the game on the table: won if any attempt at it was won (the
first win is the one shown), else in progress while an unfinished attempt is on the table,
else the last attempt's result. A day counts in the streak when its deal was won on that day
(UTC), so the calendar lets a player catch up on a missed deal, but not on a missed day. Pure
Python.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta

from plot.daily import FIRST_DAY

from . import words
from .history import WON_RESULT, Entry

PLAYING = "playing"          # a date's result while its attempt is on the table, unfinished
CALENDAR_WEEKS = 4           # the calendar shows this many weeks, the last holding today
DAYS_A_WEEK = 7


@dataclass(frozen=True)
class DayResult:
    """How a date's deal of the day went (the attempt shown: its first win, else its last)."""

    date: str                # '2026-12-01'
    deal: int
    result: str              # won, lost, abandoned (history.RESULTS) or PLAYING
    moves: int
    time_s: int
    hints: int
    undos: int
    on_the_day: bool         # a win made on the date itself (UTC): it counts in the streak

    @property
    def finished(self) -> bool:
        return self.result != PLAYING


@dataclass(frozen=True)
class CalendarDay:
    date: str
    label: str               # the day of the month, as drawn
    result: str              # a DayResult's result, or "" when not played
    playable: bool           # a date with a deal of the day: from FIRST_DAY to today
    today: bool
    spoken: str              # what a screen reader says for it


def utc_date(ms: float) -> date:
    """The UTC date of a wall-clock time in milliseconds since 1970."""
    return datetime.fromtimestamp(ms / 1000, UTC).date()


def _won_on_the_day(entry: Entry) -> bool:
    began = datetime.fromtimestamp(entry.began_s, UTC).date().isoformat()
    return entry.result == WON_RESULT and began == entry.daily


def _of_entry(entry: Entry) -> DayResult:
    return DayResult(entry.daily, entry.deal, entry.result, entry.moves, entry.time_s,
                     entry.hints, entry.undos, _won_on_the_day(entry))


def day_results(entries, playing: DayResult | None = None) -> dict[str, DayResult]:
    """Each date's result, from the history (oldest first) and the unfinished daily attempt on
    the table (`playing`, if any)."""
    results: dict[str, DayResult] = {}
    for entry in entries:
        if entry.daily is None:
            continue
        known = results.get(entry.daily)
        if known is None or known.result != WON_RESULT:
            results[entry.daily] = _of_entry(entry)
    if playing is not None:
        known = results.get(playing.date)
        if known is None or known.result != WON_RESULT:
            results[playing.date] = playing
    return results


def streaks(results: dict[str, DayResult], today: date) -> tuple[int, int]:
    """(current, best) daily streaks: days in a row whose deal was won on the day. The current
    one ends today, or yesterday while today's deal is not won yet."""
    won = sorted(date.fromisoformat(d) for d, r in results.items()
                 if r.result == WON_RESULT and r.on_the_day)
    best = run = 0
    previous = None
    for day in won:
        run = run + 1 if previous is not None and day - previous == timedelta(days=1) else 1
        best, previous = max(best, run), day
    current = run if previous is not None and today - previous <= timedelta(days=1) else 0
    return current, best


def calendar(results: dict[str, DayResult], today: date) -> tuple[CalendarDay, ...]:
    """The last CALENDAR_WEEKS weeks, Monday first, the last week holding today."""
    last_monday = today - timedelta(days=today.weekday())
    first = last_monday - timedelta(weeks=CALENDAR_WEEKS - 1)
    days = []
    for i in range(CALENDAR_WEEKS * DAYS_A_WEEK):
        day = first + timedelta(days=i)
        iso = day.isoformat()
        result = results.get(iso)
        playable = FIRST_DAY <= day <= today
        days.append(CalendarDay(iso, str(day.day), result.result if result else "", playable,
                                day == today, words.calendar_day(day, result, playable)))
    return tuple(days)


def share_text(result: DayResult, tier: str | None, address: str) -> str:
    """What a player shares after a deal of the day: nothing that spoils it (no cards, no
    moves), and a link to the day's deal (`address`: the page's, without its hash)."""
    day = date.fromisoformat(result.date)
    parts = [words.SHARE_RESULT[result.result], words.counted(result.moves, "move"),
             words.clock_text(result.time_s * 1000), words.hints_used(result.hints)]
    if tier:
        parts.append(tier)
    return "\n".join((f"The Plot \u00b7 deal of the day \u00b7 {words.long_date(day)}",
                      " \u00b7 ".join(parts), f"{address}#daily={result.date}"))
