"""The proved-winnable deals for "Winnable deals only": docs/winnable-seeds.txt as ranges."""

from __future__ import annotations

from .layout import ROOT, VENDOR, fail

SEEDS = ROOT / "docs" / "winnable-seeds.txt"
SHIPPED = VENDOR / "winnable.txt"


def number_ranges(numbers: list[int]) -> str:
    """[1, 2, 3, 7, 9, 10] -> '1-3,7,9-10' (web.app.parse_ranges reads it back)."""
    parts: list[str] = []
    numbers = sorted(set(numbers))
    i = 0
    while i < len(numbers):
        j = i
        while j + 1 < len(numbers) and numbers[j + 1] == numbers[j] + 1:
            j += 1
        parts.append(str(numbers[i]) if i == j else f"{numbers[i]}-{numbers[j]}")
        i = j + 1
    return ",".join(parts)


def read_winnable() -> list[int]:
    """The proved-winnable game numbers of docs/winnable-seeds.txt (one a line, # comments)."""
    if not SEEDS.exists():
        fail("docs/winnable-seeds.txt is missing: 'Winnable deals only' is built from it")
    lines = SEEDS.read_text(encoding="utf-8").splitlines()
    return [int(line) for line in lines if line.strip() and not line.startswith("#")]


def write_winnable() -> None:
    """Ship the proved-winnable deals compactly as ranges: web/vendor/winnable.txt."""
    SHIPPED.write_text(number_ranges(read_winnable()) + "\n", encoding="ascii")
