"""The difficulty study: rate a range of deals, check each rating against fresh playouts.

    python -m plot rate-study --first 1 --count 10000 --jobs 2 --out docs/difficulty-tiers.txt

Each deal gets its `rate()` and two checks the rating never sees: CHECK_PLAYOUTS more games by
the same simple player on seeds of their own (does the tier predict how often the player wins?),
and ATTENTIVE_PLAYOUTS by an attentive player who never overlooks a move (does it hold for
another player too?). The study file has one line per deal; `read_study` reads it back for the
charts (scripts/difficulty_charts.py), the build (web/vendor/tiers.txt) and the tests.
"""

from __future__ import annotations

import multiprocessing
import statistics
import sys
import time
from dataclasses import dataclass, fields

from .difficulty import (
    BRANCHING_DECIMALS,
    EASY,
    EXPERT,
    HARD,
    MEDIUM,
    NOT_WINNABLE,
    PERCENT,
    RATING_PLAYOUTS,
    SOLVER_NODES,
    TIERS,
    Rating,
    playout_seeds,
    rate,
    tier_code,
)
from .game import Game
from .player import MISS_CHANCE_PERCENT, play_out

CHECK_PLAYOUTS = 20  # the same player, on seeds the rating never uses
CHECK_SALT = 0x4348_4543_4B  # "CHECK"
ATTENTIVE_PLAYOUTS = 12  # a player who never overlooks a move
ATTENTIVE_SALT = 0x4154_5445_4E44  # "ATTEND"
ATTENTIVE_MISS_CHANCE_PERCENT = 0
# Shares of the proved-winnable deals the tier boundaries aim at, easiest first.
TIER_SHARES_PERCENT = {EASY: 40, MEDIUM: 30, HARD: 20, EXPERT: 10}
TIER_KEYS = {tier: tier.lower().replace(" ", "-") for tier in TIERS}  # one word in the file
TIER_OF_KEY = {key: tier for tier, key in TIER_KEYS.items()}
CHUNK = 8  # deals per task handed to a worker
PROGRESS_EVERY = 50  # deals between progress lines


@dataclass(frozen=True)
class StudyRow:
    """One deal of the study: its rating and the two checks' wins."""

    rating: Rating
    check_wins: int
    attentive_wins: int

    @property
    def check_percent(self) -> float:
        return PERCENT * self.check_wins / CHECK_PLAYOUTS

    @property
    def attentive_percent(self) -> float:
        return PERCENT * self.attentive_wins / ATTENTIVE_PLAYOUTS


def study_row(seed: int) -> StudyRow:
    """Rate one deal and play its two checks."""
    game = Game.new(seed)
    check = sum(play_out(game, s).won for s in playout_seeds(seed, CHECK_SALT, CHECK_PLAYOUTS))
    attentive = sum(play_out(game, s, ATTENTIVE_MISS_CHANCE_PERCENT).won
                  for s in playout_seeds(seed, ATTENTIVE_SALT, ATTENTIVE_PLAYOUTS))
    return StudyRow(rate(seed), check, attentive)


def run_study(seeds: range, jobs: int = 1, quiet: bool = False) -> list[StudyRow]:
    """Study every deal of `seeds`, on `jobs` worker processes; rows in deal order."""
    rows = []
    started = time.perf_counter()
    if jobs > 1:
        with multiprocessing.Pool(jobs) as pool:
            for row in pool.imap_unordered(study_row, seeds, chunksize=CHUNK):
                rows.append(row)
                _progress(len(rows), len(seeds), started, quiet)
    else:
        for seed in seeds:
            rows.append(study_row(seed))
            _progress(len(rows), len(seeds), started, quiet)
    if not quiet:
        sys.stderr.write("\n")
    return sorted(rows, key=lambda row: row.rating.seed)


def _progress(done: int, total: int, started: float, quiet: bool) -> None:
    """A progress line on stderr now and then."""
    if quiet or (done % PROGRESS_EVERY and done != total):
        return
    elapsed = time.perf_counter() - started
    left = elapsed / done * (total - done)
    sys.stderr.write(f"\r{done}/{total} deals, {elapsed:.0f} s elapsed, ~{left:.0f} s left   ")
    sys.stderr.flush()


# ---- the study file -----------------------------------------------------------------------

COLUMNS = ("deal", "tier", "verdict", "wins", "f1", "nodes", "moves", "branching",
           "dealt_to_f1", "reserve_runs", "check_wins", "attentive_wins")


def write_study(rows: list[StudyRow], command: str) -> str:
    """The study file: comment lines, a header, then one tab-separated line per deal."""
    lines = [
        f"# The difficulty of deals {rows[0].rating.seed}..{rows[-1].rating.seed}: "
        "plot/difficulty.py's rate(), and two checks it never sees.",
        f"# Regenerate: {command}",
        f"# wins: of {RATING_PLAYOUTS} playouts by the simple player (plot/player.py, overlooks "
        f"{MISS_CHANCE_PERCENT}% of its non-foundation moves); f1: playouts completing "
        "foundation 1;",
        f"# nodes: the solver's positions (budget {SOLVER_NODES:,}); moves, branching, "
        "dealt_to_f1: of the winning line; reserve_runs: rising runs in the reserve;",
        f"# check_wins: of {CHECK_PLAYOUTS} more playouts by the same player on other seeds; "
        f"attentive_wins: of {ATTENTIVE_PLAYOUTS} by a player who never overlooks a move.",
        "\t".join(COLUMNS),
    ]
    for row in rows:
        r = row.rating
        lines.append("\t".join(map(str, (
            r.seed, TIER_KEYS[r.tier], r.verdict, r.wins, r.first_foundation_completions,
            r.solver_nodes, r.line_moves, f"{r.line_branching:.{BRANCHING_DECIMALS}f}",
            r.line_deals_to_first_foundation, r.reserve_runs, row.check_wins,
            row.attentive_wins))))
    return "\n".join(lines) + "\n"


def read_study(text: str) -> list[StudyRow]:
    """The rows of a study file (see `write_study`)."""
    lines = [line for line in text.splitlines() if line and not line.startswith("#")]
    if not lines or tuple(lines[0].split("\t")) != COLUMNS:
        raise ValueError("not a difficulty study file: no header line " + " ".join(COLUMNS))
    rating_fields = [f.name for f in fields(Rating)]
    rows = []
    for line in lines[1:]:
        (deal, tier, verdict, wins, f1, nodes, moves, branching, dealt, runs, check,
         attentive) = line.split("\t")
        values = [int(deal), TIER_OF_KEY[tier], verdict, int(wins), RATING_PLAYOUTS, int(f1),
                  int(nodes), int(moves), float(branching), int(dealt), int(runs)]
        rating = Rating(**dict(zip(rating_fields, values, strict=True)))
        rows.append(StudyRow(rating, int(check), int(attentive)))
    return rows


def tier_codes(rows: list[StudyRow]) -> tuple[int, str]:
    """(first deal, one tier code per deal) for the shipped file; the rows must be consecutive."""
    seeds = [row.rating.seed for row in rows]
    if seeds != list(range(seeds[0], seeds[0] + len(seeds))):
        raise ValueError("the study's deals are not one run of consecutive numbers")
    return seeds[0], "".join(tier_code(row.rating) for row in rows)


# ---- what the study shows -----------------------------------------------------------------

@dataclass(frozen=True)
class TierSummary:
    """One tier's figures over the study."""

    tier: str
    deals: int
    rating_percent: float  # the simple player's mean win rate in the rating playouts
    check_percent: float  # ... in the check playouts, which the rating never saw
    attentive_percent: float  # the attentive player's mean win rate
    median_nodes: float  # the solver's effort
    mean_line_moves: float


def summarize(rows: list[StudyRow]) -> list[TierSummary]:
    """Per tier: deals, the players' win rates, the solver's effort."""
    summaries = []
    for tier in TIERS:
        group = [row for row in rows if row.rating.tier == tier]
        if not group:
            continue
        lines = [row.rating.line_moves for row in group if row.rating.line_moves]
        summaries.append(TierSummary(
            tier, len(group),
            statistics.fmean(row.rating.win_percent for row in group),
            statistics.fmean(row.check_percent for row in group),
            statistics.fmean(row.attentive_percent for row in group),
            statistics.median(row.rating.solver_nodes for row in group),
            statistics.fmean(lines) if lines else 0.0))
    return summaries


def suggested_floors(rows: list[StudyRow]) -> dict[str, float]:
    """The win-rate floors that split the proved-winnable deals nearest TIER_SHARES_PERCENT:
    for each tier, of the rates the deals have, the one with the share of deals at or above it
    nearest the tiers' shares so far (a tie goes to the higher floor)."""
    rates = [row.rating.win_percent for row in rows
             if row.rating.proved and row.rating.tier != NOT_WINNABLE]
    at_or_above = {rate: PERCENT * sum(r >= rate for r in rates) / len(rates)
                   for rate in set(rates)}
    floors = {}
    share = 0
    for tier in (EASY, MEDIUM, HARD):
        share += TIER_SHARES_PERCENT[tier]
        floors[tier] = min(at_or_above, key=lambda rate: (abs(at_or_above[rate] - share), -rate))
    return floors


def summary_lines(rows: list[StudyRow]) -> list[str]:
    """The study in a few lines of text."""
    lines = [f"{'tier':13s} {'deals':>6s} {'rating':>7s} {'check':>7s} {'attentive':>10s} "
             f"{'nodes':>8s} {'moves':>6s}"]
    for s in summarize(rows):
        lines.append(f"{s.tier:13s} {s.deals:6d} {s.rating_percent:6.1f}% {s.check_percent:6.1f}% "
                     f"{s.attentive_percent:9.1f}% {s.median_nodes:8.0f} {s.mean_line_moves:6.1f}")
    floors = suggested_floors(rows)
    lines.append("win-rate floors at shares " + ", ".join(
        f"{tier} {TIER_SHARES_PERCENT[tier]}%" for tier in TIER_SHARES_PERCENT) + ": " + ", ".join(
        f"{tier} {floor:g}%" for tier, floor in floors.items()))
    return lines
