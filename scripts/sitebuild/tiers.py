"""Every rated deal's difficulty for the page: docs/difficulty-tiers.txt, packed compactly."""

from __future__ import annotations

from plot.difficulty import write_tier_file
from plot.difficulty_study import read_study, tier_codes

from .layout import ROOT, VENDOR, fail

STUDY = ROOT / "docs" / "difficulty-tiers.txt"
SHIPPED = VENDOR / "tiers.txt"


def shipped_tiers() -> str:
    """The text of web/vendor/tiers.txt: two deals a character (plot.difficulty.read_tier_file)."""
    if not STUDY.exists():
        fail("docs/difficulty-tiers.txt is missing: make it with make difficulty-study")
    first, codes = tier_codes(read_study(STUDY.read_text(encoding="utf-8")))
    return write_tier_file(first, codes)


def write_tiers() -> None:
    """Ship the tiers of deals 1-10,000 as web/vendor/tiers.txt (about 5 KB)."""
    SHIPPED.write_text(shipped_tiers(), encoding="ascii")
