"""The charts and tables of docs/difficulty.md, from the study file (at study time only).

    python scripts/difficulty_charts.py [docs/difficulty-tiers.txt]

Writes docs/difficulty-distribution.png, docs/difficulty-validation.png and
docs/difficulty-measures.png with matplotlib (a pinned dev dependency: nothing of it ships to
the page), and rewrites the part of docs/difficulty.md between its STUDY_BEGIN and STUDY_END
markers with the tables. The same study file gives the same charts and tables.
"""

from __future__ import annotations

import statistics
import sys
from pathlib import Path

import matplotlib

matplotlib.use("Agg")  # files only, no window

import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402

from plot.difficulty import (  # noqa: E402
    EASY_FROM,
    EXPERT,
    HARD_FROM,
    MEDIUM_FROM,
    NOT_WINNABLE,
    RATING_PLAYOUTS,
    TIERS,
)
from plot.difficulty_study import (  # noqa: E402
    ATTENTIVE_PLAYOUTS,
    CHECK_PLAYOUTS,
    StudyRow,
    read_study,
    suggested_floors,
    summarize,
)

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
STUDY = DOCS / "difficulty-tiers.txt"
PAGE = DOCS / "difficulty.md"
STUDY_BEGIN = "<!-- study:begin (scripts/difficulty_charts.py writes this part) -->"
STUDY_END = "<!-- study:end -->"
TIER_COLOURS = {"Easy": "#4caf50", "Medium": "#2196f3", "Hard": "#ff9800", "Expert": "#e53935",
                "Not winnable": "#757575"}
DPI = 110
FIGURE_SIZE = (8, 4.5)
WIDE_FIGURE_SIZE = (9.5, 4.5)
Z_95 = 1.959963984540054
# The measures the study weighs as predictors of the check playouts, with how to read each.
MEASURES = {
    "simple player's rating win rate": lambda r: r.rating.win_percent,
    "playouts completing foundation 1": lambda r: r.rating.first_foundation_completions,
    "solver positions (log)": lambda r: np.log1p(r.rating.solver_nodes),
    "winning line: moves": lambda r: r.rating.line_moves,
    "winning line: legal moves per position": lambda r: r.rating.line_branching,
    "winning line: cards dealt before F1 is complete":
        lambda r: r.rating.line_deals_to_first_foundation,
    "reserve: rising runs": lambda r: r.rating.reserve_runs,
}
SOLVER_AND_DEAL = [name for name in MEASURES if "simple player" not in name
                   and "playouts" not in name]


def ranks(values) -> np.ndarray:
    """Ranks from 0, ties sharing their mean rank."""
    values = np.asarray(values, float)
    order = np.argsort(values, kind="stable")
    result = np.empty(len(values))
    i = 0
    while i < len(values):
        j = i
        while j + 1 < len(values) and values[order[j + 1]] == values[order[i]]:
            j += 1
        result[order[i:j + 1]] = (i + j) / 2
        i = j + 1
    return result


def spearman(a, b) -> float:
    """Spearman's rank correlation."""
    return float(np.corrcoef(ranks(a), ranks(b))[0, 1])


def rated_winnable(rows: list[StudyRow]) -> list[StudyRow]:
    """The deals with a winning line (the ones the four tiers sort)."""
    return [row for row in rows if row.rating.verdict == "won"]


def fitted_combination(rows: list[StudyRow], names: list[str]) -> tuple[float, float]:
    """Least squares on the odd deals, of the check win rate on the named measures: Spearman of
    its prediction with the check win rate on the even deals (held out), and on the odd."""
    x = np.array([[MEASURES[name](row) for name in names] for row in rows], float)
    y = np.array([row.check_percent for row in rows])
    odd = np.array([row.rating.seed % 2 == 1 for row in rows])
    design = np.c_[np.ones(len(x)), x]
    coefficients, *_ = np.linalg.lstsq(design[odd], y[odd], rcond=None)
    predicted = design @ coefficients
    return spearman(predicted[~odd], y[~odd]), spearman(predicted[odd], y[odd])


def chart_distribution(rows: list[StudyRow], path: Path) -> None:
    """The simple player's win rate over the proved-winnable deals, with the tier boundaries."""
    won = rated_winnable(rows)
    figure, (left, right) = plt.subplots(1, 2, figsize=FIGURE_SIZE,
                                         gridspec_kw={"width_ratios": [3, 2]})
    step = 100 / RATING_PLAYOUTS
    bins = np.arange(-step / 2, 100 + step, step)
    left.hist([row.rating.win_percent for row in won], bins=bins, color="#607d8b")
    for floor in (HARD_FROM, MEDIUM_FROM, EASY_FROM):
        left.axvline(floor - step / 2, color="black", linestyle="--", linewidth=1)
    left.set_xlabel(f"simple player's win rate over {RATING_PLAYOUTS} playouts (%)")
    left.set_ylabel("deals")
    left.set_title(f"Deals {rows[0].rating.seed:,}–{rows[-1].rating.seed:,} proved winnable")
    summaries = summarize(rows)
    names = [s.tier for s in summaries]
    right.bar(names, [s.deals for s in summaries],
              color=[TIER_COLOURS[name] for name in names])
    for i, s in enumerate(summaries):
        right.text(i, s.deals, f"{s.deals:,}", ha="center", va="bottom", fontsize=8)
    right.set_title("Deals per tier")
    right.tick_params(axis="x", labelrotation=30)
    figure.tight_layout()
    figure.savefig(path, dpi=DPI)
    plt.close(figure)


def chart_validation(rows: list[StudyRow], path: Path) -> None:
    """Per tier: the win rates of the two checks, with 95% intervals of the mean."""
    summaries = [s for s in summarize(rows) if s.tier != NOT_WINNABLE]
    figure, axes = plt.subplots(figsize=FIGURE_SIZE)
    width = 0.38
    positions = np.arange(len(summaries))
    for offset, label, percent in (
            (-width / 2, f"simple player, {CHECK_PLAYOUTS} fresh playouts",
             lambda r: r.check_percent),
            (width / 2, f"attentive player, {ATTENTIVE_PLAYOUTS} playouts",
             lambda r: r.attentive_percent)):
        means, halves = [], []
        for s in summaries:
            values = [percent(row) for row in rows if row.rating.tier == s.tier]
            means.append(statistics.fmean(values))
            spread = statistics.stdev(values) if len(values) > 1 else 0.0
            halves.append(Z_95 * spread / len(values) ** 0.5)
        bars = axes.bar(positions + offset, means, width, yerr=halves, capsize=3, label=label,
                        color=[TIER_COLOURS[s.tier] for s in summaries],
                        alpha=1.0 if offset < 0 else 0.55, edgecolor="black", linewidth=0.5)
        axes.bar_label(bars, fmt="%.0f%%", fontsize=8, padding=2)
    axes.set_xticks(positions, [s.tier for s in summaries])
    axes.set_ylabel("games won (%)")
    axes.set_ylim(0, 105)
    axes.set_title("How often each tier's deals are won, in games the rating never saw")
    axes.legend(loc="upper right", fontsize=8)
    figure.tight_layout()
    figure.savefig(path, dpi=DPI)
    plt.close(figure)


def chart_measures(rows: list[StudyRow], path: Path) -> None:
    """How well each measure ranks the deals by the fresh playouts' win rate (|Spearman|)."""
    won = rated_winnable(rows)
    check = [row.check_percent for row in won]
    names = list(MEASURES)
    strengths = [abs(spearman([MEASURES[name](row) for row in won], check)) for name in names]
    held_out, _ = fitted_combination(won, SOLVER_AND_DEAL)
    names.append("solver and deal measures combined (held out)")
    strengths.append(held_out)
    figure, axes = plt.subplots(figsize=WIDE_FIGURE_SIZE)
    colours = ["#607d8b" if "simple" in n or "playouts" in n else "#9e9e9e" for n in names]
    colours[-1] = "#3f51b5"
    axes.barh(names[::-1], strengths[::-1], color=colours[::-1])
    for i, value in enumerate(strengths[::-1]):
        axes.text(value + 0.01, i, f"{value:.2f}", va="center", fontsize=8)
    axes.set_xlim(0, 1)
    axes.set_xlabel("|Spearman| with the simple player's win rate in fresh playouts")
    axes.set_title("What predicts how often the simple player wins a deal", loc="right")
    figure.tight_layout()
    figure.savefig(path, dpi=DPI)
    plt.close(figure)


def tables(rows: list[StudyRow]) -> str:
    """The markdown tables: per tier, and the predictors."""
    lines = ["| tier | deals | share | simple player, rating playouts | simple player, "
             "fresh playouts | attentive player | solver positions (median) | winning line "
             "(mean moves) |", "|---|---:|---:|---:|---:|---:|---:|---:|"]
    for s in summarize(rows):
        lines.append(f"| {s.tier} | {s.deals:,} | {100 * s.deals / len(rows):.1f}% | "
                     f"{s.rating_percent:.1f}% | {s.check_percent:.1f}% | "
                     f"{s.attentive_percent:.1f}% | {s.median_nodes:,.0f} | "
                     f"{s.mean_line_moves:.0f} |")
    unproved = sum(1 for row in rows if row.rating.tier == EXPERT and not row.rating.proved)
    lines += ["", f"Expert includes {unproved} deals neither the solver nor a playout won in the "
              "study (not proved winnable, not proved lost then); the page's tiers "
              "(scripts/sitebuild/tiers.py) give each the tier proved since (docs/winnability.md)."]
    won = rated_winnable(rows)
    check = [row.check_percent for row in won]
    lines += ["", "| measure (deals with a winning line) | Spearman with the fresh playouts' "
              "win rate |", "|---|---:|"]
    for name, measure in MEASURES.items():
        lines.append(f"| {name} | {spearman([measure(row) for row in won], check):+.2f} |")
    held_out, trained = fitted_combination(won, SOLVER_AND_DEAL)
    with_player, _ = fitted_combination(won, list(MEASURES))
    player_alone, _ = fitted_combination(won, ["simple player's rating win rate"])
    lines += [f"| solver and deal measures, least squares on odd deals, on even deals | "
              f"{held_out:+.2f} (odd: {trained:+.2f}) |",
              f"| all measures, least squares on odd deals, on even deals | "
              f"{with_player:+.2f} |",
              f"| the rating's win rate alone, the same way | {player_alone:+.2f} |"]
    floors = suggested_floors(rows)
    lines += ["", "Win-rate floors at the 40/30/20/10% shares of the proved-winnable deals, from "
              "this study: " + ", ".join(f"{tier} {floor:g}%" for tier, floor in floors.items())
              + f"; used: Easy {EASY_FROM:g}%, Medium {MEDIUM_FROM:g}%, Hard {HARD_FROM:g}%."]
    return "\n".join(lines)


def rewrite_page(text: str) -> None:
    """Put the tables between the markers of docs/difficulty.md."""
    page = PAGE.read_text(encoding="utf-8")
    head, found, rest = page.partition(STUDY_BEGIN)
    _, found_end, tail = rest.partition(STUDY_END)
    if not (found and found_end):
        raise SystemExit(f"{PAGE} has no {STUDY_BEGIN} ... {STUDY_END} part")
    PAGE.write_text(f"{head}{STUDY_BEGIN}\n{text}\n{STUDY_END}{tail}", encoding="utf-8")


def main(argv: list[str]) -> int:
    """Read the study, write the charts, rewrite the tables."""
    study = Path(argv[0]) if argv else STUDY
    rows = read_study(study.read_text(encoding="utf-8"))
    assert {row.rating.tier for row in rows} <= set(TIERS)
    chart_distribution(rows, DOCS / "difficulty-distribution.png")
    chart_validation(rows, DOCS / "difficulty-validation.png")
    chart_measures(rows, DOCS / "difficulty-measures.png")
    rewrite_page(tables(rows))
    print(tables(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
