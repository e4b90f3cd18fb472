"""The solver where the post-mortem needs it: every position along random losing games.

For deals 1..200 (by default) a game of random legal moves, from a seeded generator, played until
it is lost (a game that ends won is played again with the next seed). Then:
  1. every position along each game (the start and after every move) solved on its own, with a
     fresh solver and a time budget each: decided %, median, p95 and max time per position;
  2. each game's post-mortem (plot.postmortem.Analysis, the same budget a position): positions
     solved, positions decided, slips found, time per game; and the positions decided before its
     retries, while no position has been searched beyond the budget, with the median, p95 and
     max time of those searches;
  3. each game's post-mortem as the page works it out (web/story.py: POSITION_NODES positions a
     position, counted, the deal known won where the page ships its line): positions decided,
     slips;
  4. where (3) leaves the slip among undecided positions, the page's Search longer, up to
     --longer rounds: slips found, solver positions and CPython seconds a round.

Run: python benchmarks/postmortem.py [--first 1] [--count 200] [--budget 0.05] [--every 1]
     [--jobs 1] [--skip-positions] [--longer 2]
     (--every N solves every Nth position only in part 1; timing with --jobs 2 on a 2-core
     machine shares the cores)
"""

import argparse
import multiprocessing
import os
import platform
import random
import sys
import time
from datetime import UTC, datetime

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))
sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "scripts"))

from sitebuild.winnable import shipped_wins  # noqa: E402

from benchmarks.solver import percentile  # noqa: E402
from plot import WON, Game  # noqa: E402
from plot.postmortem import DEEPEN_FACTOR, DEFAULT_BUDGET, RETRY_FACTOR, Analysis, slip  # noqa: E402
from plot.solver import UNKNOWN, Result, solve  # noqa: E402
from web.advisor import parse_wins  # noqa: E402
from web.story import POSITION_NODES  # noqa: E402

RNG_SEEDS_PER_DEAL = 1000  # game `deal` tries generator seeds deal * 1000, deal * 1000 + 1, ...
MOVE_CAP = 3000  # a random game that is still playing after this many moves is played again


def losing_game(deal: int) -> Game:
    """A game of deal `deal`: random legal moves from a seeded generator until it is lost."""
    for attempt in range(RNG_SEEDS_PER_DEAL):
        game = Game.new(deal)
        choose = random.Random(deal * RNG_SEEDS_PER_DEAL + attempt).choice
        while game.status == "playing" and game.moves_played < MOVE_CAP:
            game.push(choose(game.legal_moves()))
        if game.status == "lost":
            return game
    raise RuntimeError(f"no random losing game of deal {deal}")


def positions_of(deal: int, budget: float, every: int) -> list[tuple[str, float]]:
    """(verdict, seconds) for every `every`-th position along the deal's random losing game."""
    game = losing_game(deal)
    position = Game.new(deal)
    rows = []
    for number in range(game.moves_played + 1):
        if number % every == 0:
            start = time.perf_counter()
            verdict = solve(position, max_seconds=budget).verdict
            rows.append((verdict, time.perf_counter() - start))
        if number < game.moves_played:
            position.push(game.history[number])
    return rows


def tally(analysis: Analysis) -> tuple[int, int, bool]:
    """(positions, decided, slip found) of a finished analysis."""
    found = analysis.verdicts
    return len(found), sum(v.verdict != UNKNOWN for v in found), slip(found) is not None


def postmortem_of(deal: int, budget: float) -> tuple[int, int, int, bool, float, int, list]:
    """(positions, solved, decided, slip found, seconds, decided before the first retry, the
    seconds of each search before the retries) for the deal's random losing game: before its
    retries, no position is searched beyond `budget`."""
    game = losing_game(deal)
    start = time.perf_counter()
    analysis = Analysis(game, budget)
    solved = 0
    first_pass = None
    searches = []
    while (number := analysis.next_position()) is not None:
        if first_pass is None and analysis.is_retry(number):
            first_pass = tally(analysis)[1]
        began = time.perf_counter()
        analysis.step()
        if first_pass is None:
            searches.append(time.perf_counter() - began)
        solved += 1
    seconds = time.perf_counter() - start
    positions, decided, slipped = tally(analysis)
    if first_pass is None:  # no retry: every search was a first one
        first_pass = decided
    return positions, solved, decided, slipped, seconds, first_pass, searches


_SHIPPED: dict[int, tuple[str, ...]] = {}


def shipped_lines() -> dict[int, tuple[str, ...]]:
    """The winning lines the page is shipped (web/vendor/wins.txt, from docs/proofs/), by deal."""
    if not _SHIPPED:
        _SHIPPED.update(parse_wins(shipped_wins()))
    return _SHIPPED


def page_analysis(game: Game) -> Analysis:
    """The game's post-mortem worked out as the page does: POSITION_NODES positions a position."""
    analysis = Analysis(game)
    shipped = shipped_lines().get(game.seed)
    if shipped is not None:  # the page ships the deal's winning line (web/vendor/wins.txt)
        analysis.add(0, Result(WON, shipped))
    # counted, not analysis.run(): run() reuses an answer of 'unknown' for a position met again,
    # where the page (web/story.py) keeps only decided answers and searches again
    analysis.run_counted(POSITION_NODES)
    return analysis


def page_postmortem_of(deal: int) -> tuple[int, int, bool]:
    """(positions, decided, slip found) for the deal's random losing game, each position searched
    as the page does."""
    return tally(page_analysis(losing_game(deal)))


def longer_rounds(game: Game, rounds: int) -> list[tuple[int | None, int, float]] | None:
    """None if the page's post-mortem of `game` does not leave the slip among undecided
    positions; else for each Search longer (up to `rounds`, until the slip is found): (the slip
    or None, solver positions, seconds)."""
    analysis = page_analysis(game)
    if slip(analysis.verdicts) is not None or not analysis.undecided():
        return None
    done = []
    for _ in range(rounds):
        analysis.deepen()
        start = time.perf_counter()
        nodes = analysis.run_counted(POSITION_NODES)
        found = slip(analysis.verdicts)
        done.append((found, nodes, time.perf_counter() - start))
        if found is not None or not analysis.undecided():
            break
    return done


def page_longer_of(deal: int, rounds: int) -> tuple[bool, list[tuple[bool, int, float]]]:
    """`longer_rounds` of the deal's random losing game: whether the slip is left among
    undecided positions, then (slip found, solver positions, seconds) for each round."""
    done = longer_rounds(losing_game(deal), rounds)
    if done is None:
        return False, []
    return True, [(found is not None, nodes, seconds) for found, nodes, seconds in done]


def run(function, jobs_args: list[tuple], jobs: int) -> list:
    if jobs > 1:
        with multiprocessing.Pool(jobs) as pool:
            return pool.starmap(function, jobs_args, chunksize=1)
    return [function(*args) for args in jobs_args]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--first", type=int, default=1)
    parser.add_argument("--count", type=int, default=200)
    parser.add_argument("--budget", type=float, default=DEFAULT_BUDGET, help="seconds a position")
    parser.add_argument("--every", type=int, default=1, help="solve every Nth position (part 1)")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--skip-positions", action="store_true", help="leave part 1 out")
    parser.add_argument("--longer", type=int, default=2, metavar="ROUNDS",
                        help="Search longer up to ROUNDS times in part 4 (0: leave it out)")
    args = parser.parse_args()
    deals = range(args.first, args.first + args.count)
    print(f"deals {deals.start}..{deals.stop - 1}: random losing games, budget "
          f"{args.budget * 1000:g} ms a position, {args.jobs} job(s)")
    print(f"machine: {platform.python_implementation()} {platform.python_version()}, "
          f"{platform.machine()}, {multiprocessing.cpu_count()} cores; "
          f"{datetime.now(UTC):%Y-%m-%d %H:%M} UTC")

    if not args.skip_positions:
        started = time.perf_counter()
        rows = [row for rows in run(positions_of, [(d, args.budget, args.every) for d in deals],
                                    args.jobs) for row in rows]
        verdicts = [verdict for verdict, _ in rows]
        times = sorted(seconds for _, seconds in rows)
        decided = len(rows) - verdicts.count(UNKNOWN)
        print(f"1. every {'' if args.every == 1 else f'{args.every}th '}position solved alone: "
              f"{len(rows)} positions, won {verdicts.count('won')}, lost {verdicts.count('lost')}, "
              f"unknown {verdicts.count(UNKNOWN)}: decided {decided / len(rows):.2%}")
        print(f"   time per position: median {percentile(times, 0.5) * 1000:.1f} ms, "
              f"p95 {percentile(times, 0.95) * 1000:.1f} ms, max {times[-1] * 1000:.0f} ms; "
              f"wall {time.perf_counter() - started:.0f} s")

    started = time.perf_counter()
    games = run(postmortem_of, [(d, args.budget) for d in deals], args.jobs)
    positions, solved, decided, slips, _, first_pass = map(sum, list(zip(*games, strict=True))[:6])
    seconds = sorted(g[4] for g in games)
    searches = sorted(search for g in games for search in g[6])
    print(f"2. post-mortems: {len(games)} games, {positions} positions, {solved} solved "
          f"({solved / len(games):.1f} a game): decided {decided / positions:.2%}, "
          f"slip found in {slips} games")
    print(f"   before the retries ({RETRY_FACTOR} times deeper), every search within the budget: "
          f"decided {first_pass / positions:.2%}")
    print(f"   time per position searched before the retries ({len(searches)} searches): median "
          f"{percentile(searches, 0.5) * 1000:.1f} ms, p95 {percentile(searches, 0.95) * 1000:.1f}"
          f" ms, max {searches[-1] * 1000:.0f} ms")
    print(f"   time per game: median {percentile(seconds, 0.5) * 1000:.0f} ms, "
          f"p95 {percentile(seconds, 0.95) * 1000:.0f} ms, max {seconds[-1] * 1000:.0f} ms; "
          f"wall {time.perf_counter() - started:.0f} s")

    started = time.perf_counter()
    games = run(page_postmortem_of, [(d,) for d in deals], args.jobs)
    positions, decided, slips = map(sum, zip(*games, strict=True))
    print(f"3. post-mortems as the page works them, {POSITION_NODES:,} positions a position: "
          f"decided {decided / positions:.2%}, slip found in {slips} games; "
          f"wall {time.perf_counter() - started:.0f} s")

    if args.longer:
        started = time.perf_counter()
        games = [rounds for unpinned, rounds in
                 run(page_longer_of, [(d, args.longer) for d in deals], args.jobs) if unpinned]
        print(f"4. Search longer (each round {DEEPEN_FACTOR} times deeper), in the {len(games)} "
              "games whose post-mortem (3) leaves the slip among undecided positions:")
        for i in range(args.longer):
            done = [rounds[i] for rounds in games if len(rounds) > i]
            if not done:
                break
            nodes = sorted(nodes for _, nodes, _ in done)
            seconds = sorted(seconds for _, _, seconds in done)
            print(f"   round {i + 1}: {len(done)} games, slip found in "
                  f"{sum(found for found, _, _ in done)}; solver positions median "
                  f"{percentile(nodes, 0.5):,}, max {nodes[-1]:,}; CPython median "
                  f"{percentile(seconds, 0.5):.1f} s, max {seconds[-1]:.1f} s")
        print(f"   wall {time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    main()
