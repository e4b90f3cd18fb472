"""Winning records for the proved-winnable deals the solver is slowest to win from the deal.

    python scripts/hard_proofs.py            # scans docs/winnable-seeds.txt, a few minutes

The page's solver searches a few tens of thousands of positions in its 2 seconds on a desktop,
and fewer on a phone: a proved-winnable deal whose win it needs more than HARD_NODES positions
to find could meet a player's first Hint with "No winning line found". For each such deal this
writes the solver's winning line from the deal as docs/proofs/won-deal-N.txt, which the build
ships (web/vendor/wins.txt) and the tests replay. Records already there (the deals proved after
the study, some by other searches) are kept as they are. A deal the solver does not win within
LINE_NODES positions is reported and left without a record.
"""

from __future__ import annotations

import datetime
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from sitebuild.winnable import PROOFS, read_winnable  # noqa: E402

from plot import WON, Game  # noqa: E402
from plot.record import write_record  # noqa: E402
from plot.solver import Solver  # noqa: E402

HARD_NODES = 5_000      # more than this from the deal, and the deal's line is shipped
LINE_NODES = 2_000_000  # how far the solver looks for that line


def proof_path(deal: int) -> Path:
    return PROOFS / f"won-deal-{deal}.txt"


def main() -> None:
    today = datetime.date.today()
    written = 0
    for deal in read_winnable():
        if proof_path(deal).exists():
            continue
        solver = Solver(Game.new(deal))
        result = solver.step(HARD_NODES)
        if result is not None and result.verdict == WON:
            continue
        result = result or solver.step(LINE_NODES - HARD_NODES)  # the same search, on
        if result is None or result.verdict != WON:
            print(f"deal {deal}: not won within {LINE_NODES:,} positions, no record",
                  file=sys.stderr)
            continue
        game = Game.new(deal)
        for move in result.moves:
            game.play(move)
        proof_path(deal).write_text(write_record(game, today), encoding="utf-8")
        written += 1
        print(f"deal {deal}: won in {result.nodes:,} positions, {len(result.moves)} moves")
    print(f"{written} records written to {PROOFS.relative_to(PROOFS.parents[1])}/")


if __name__ == "__main__":
    main()
