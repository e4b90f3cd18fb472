"""Solver speed: solve deals with a time budget each; print decided counts, median and p95 time.

Run: python benchmarks/solver.py [--first 1] [--count 1000] [--budget 2] [--jobs 1]
(Timing with --jobs 2 on a 2-core machine shares the cores; use 1 for clean per-deal figures.)
"""

import argparse
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from plot.__main__ import solve_seed  # noqa: E402


def percentile(sorted_values: list[float], fraction: float) -> float:
    """The value at `fraction` of the way through an ascending list (nearest rank)."""
    index = min(len(sorted_values) - 1, max(0, int(round(fraction * len(sorted_values))) - 1))
    return sorted_values[index]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--first", type=int, default=1)
    parser.add_argument("--count", type=int, default=1000)
    parser.add_argument("--budget", type=float, default=2.0, help="seconds per deal")
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    jobs = [(seed, args.budget) for seed in range(args.first, args.first + args.count)]
    if args.jobs > 1:
        import multiprocessing

        with multiprocessing.Pool(args.jobs) as pool:
            rows = pool.map(solve_seed, jobs, chunksize=4)
    else:
        rows = [solve_seed(job) for job in jobs]
    verdicts = [row[1] for row in rows]
    times = sorted(row[3] for row in rows)
    nodes = sum(row[2] for row in rows)
    decided = len(rows) - verdicts.count("unknown")
    print(f"deals {args.first}..{args.first + args.count - 1}, budget {args.budget:g} s each, "
          f"{args.jobs} job(s)")
    print(f"won {verdicts.count('won')}  lost {verdicts.count('lost')}  "
          f"unknown {verdicts.count('unknown')}  decided {decided}/{len(rows)} "
          f"({decided / len(rows):.1%})")
    print(f"time per deal: median {percentile(times, 0.5) * 1000:.1f} ms, "
          f"p95 {percentile(times, 0.95) * 1000:.1f} ms, max {times[-1] * 1000:.0f} ms; "
          f"{nodes / sum(times):,.0f} positions/s")


if __name__ == "__main__":
    main()
