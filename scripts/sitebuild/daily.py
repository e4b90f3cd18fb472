"""The frozen pool of daily deals for the page: docs/daily-deals.txt as ranges."""

from __future__ import annotations

from plot.daily import parse_pool

from .layout import ROOT, VENDOR, fail
from .winnable import number_ranges

POOL = ROOT / "docs" / "daily-deals.txt"
SHIPPED = VENDOR / "daily.txt"


def shipped_pool() -> str:
    """The text of web/vendor/daily.txt: '1-12,14,...' (plot.daily.parse_pool reads it)."""
    if not POOL.exists():
        fail("docs/daily-deals.txt is missing: the deal of the day is drawn from it")
    return number_ranges(parse_pool(POOL.read_text(encoding="utf-8"))) + "\n"


def write_daily_pool() -> None:
    """Ship the pool of daily deals compactly as ranges: web/vendor/daily.txt."""
    SHIPPED.write_text(shipped_pool(), encoding="ascii")
