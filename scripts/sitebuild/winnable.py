"""The proved-winnable deals for "Winnable deals only": docs/winnable-seeds.txt as ranges; and the
winning lines of docs/proofs/ (the deals proved after the study, and those the solver is slowest
to win: scripts/hard_proofs.py), which the page's solver may not find within its budget, for
Hint and Show me a win."""

from __future__ import annotations

from plot import WON, Game

from .layout import ROOT, VENDOR, fail

SEEDS = ROOT / "docs" / "winnable-seeds.txt"
SHIPPED = VENDOR / "winnable.txt"
PROOFS = ROOT / "docs" / "proofs"
SHIPPED_WINS = VENDOR / "wins.txt"


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


def proved_wins() -> dict[int, Game]:
    """The won games of docs/proofs/won-deal-N.txt by deal, each replayed by the engine."""
    wins = {}
    for path in sorted(PROOFS.glob("won-deal-*.txt")):
        game = Game.from_record(path.read_text(encoding="utf-8"))
        if game.status != WON or game.seed is None:
            fail(f"{path.relative_to(ROOT)} is not a won game from a numbered deal")
        wins[game.seed] = game
    return wins


def shipped_wins() -> str:
    """The text of web/vendor/wins.txt: a line a deal, its number then its winning moves
    ('117 S-W T2-T4 ...'; web.advisor.parse_wins reads it back)."""
    wins = proved_wins()
    return "".join(f"{deal} {' '.join(str(move) for move in game.history)}\n"
                   for deal, game in sorted(wins.items()))


def write_wins() -> None:
    """Ship the winning lines of docs/proofs/ as web/vendor/wins.txt (60 KB, 12 KB gzipped)."""
    SHIPPED_WINS.write_text(shipped_wins(), encoding="ascii")
