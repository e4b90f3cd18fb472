"""Command line: `python -m plot solve SEED|FILE`, `study`, `rate SEED`, `rate-study`, `daily DATE`,
`replay FILE` and `analyse FILE [--budget SECONDS] [--line]`."""

import argparse
import math
import multiprocessing
import platform
import re
import sys
import time
from datetime import UTC, date, datetime
from pathlib import Path

from . import __version__
from .daily import daily_deal, parse_pool
from .difficulty import RATING_PLAYOUTS, SOLVER_NODES, rate
from .difficulty_study import read_study, run_study, summary_lines, write_study
from .errors import InvalidRecord
from .game import LOST, WON, Game, counted_moves
from .postmortem import DEFAULT_BUDGET, Analysis, slip
from .prng import MAX_SEED
from .solver import UNKNOWN, solve

DEFAULT_BUDGET_SECONDS = 2.0
WILSON_Z_95 = 1.959963984540054  # the two-sided 95% point of the standard normal
PROGRESS_WIDTH = 30
DOCS = Path(__file__).resolve().parent.parent / "docs"
DAILY_POOL = DOCS / "daily-deals.txt"
STUDY_FILE = DOCS / "difficulty-tiers.txt"


def whole_number(text: str) -> int:
    """An int from the command line; argparse's error if the text is not one."""
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None


def game_number(text: str) -> int:
    """A game number from the command line (argparse's type), 0 to 2**64 - 1."""
    number = whole_number(text)
    if not 0 <= number <= MAX_SEED:
        raise argparse.ArgumentTypeError(f"a game number is from 0 to {MAX_SEED}, not {number}")
    return number


def at_least_one(text: str) -> int:
    """A count from the command line (argparse's type): a whole number, 1 or more."""
    number = whole_number(text)
    if number < 1:
        raise argparse.ArgumentTypeError(f"it must be 1 or more, not {number}")
    return number


def seconds(text: str) -> float:
    """A time budget from the command line (argparse's type): seconds, more than 0."""
    try:
        number = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not number > 0 or math.isinf(number):
        raise argparse.ArgumentTypeError(f"it must be a number of seconds above 0, not {text}")
    return number


def wilson_interval(successes: int, trials: int, z: float = WILSON_Z_95) -> tuple[float, float]:
    """The Wilson score interval for a proportion; (0, 1) when there are no trials."""
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def solve_seed(job: tuple[int, float]) -> tuple[int, str, int, float, int]:
    """Solve one deal: (seed, verdict, nodes, seconds, moves in the line)."""
    seed, budget = job
    start = time.perf_counter()
    result = solve(Game.new(seed), max_seconds=budget)
    return seed, result.verdict, result.nodes, time.perf_counter() - start, len(result.moves)


def progress(done: int, total: int, counts: dict[str, int], started: float) -> None:
    """Draw a one-line progress bar on stderr."""
    filled = PROGRESS_WIDTH * done // max(total, 1)
    elapsed = time.perf_counter() - started
    left = elapsed / done * (total - done) if done else 0.0
    bar = "#" * filled + "-" * (PROGRESS_WIDTH - filled)
    sys.stderr.write(f"\r[{bar}] {done}/{total}  won {counts[WON]}  lost {counts[LOST]}  "
                     f"unknown {counts[UNKNOWN]}  {elapsed:5.0f}s elapsed, ~{left:4.0f}s left ")
    sys.stderr.flush()


def deal_or_record(text: str) -> int | str:
    """`solve`'s argument (argparse's type): a game number (digits, as int() reads them), or
    else the path of a record (a file named with digits only: write ./7)."""
    return game_number(text) if re.fullmatch(r"\s*[+-]?\d+\s*", text) else text


def command_solve(args: argparse.Namespace) -> int:
    """Print the verdict for one deal, or for where a record's game stands, and, if won, the
    winning line."""
    if isinstance(args.game, int):
        game, name = Game.new(args.game), f"game {args.game}"
    else:
        game = read_game(args.game)
        if game is None:
            return 1
        name = f"{args.game} after {counted_moves(game.moves_played)}"
    start = time.perf_counter()
    result = solve(game, max_nodes=args.nodes, max_seconds=args.budget)
    took = time.perf_counter() - start
    print(f"{name}: {result.verdict} ({result.nodes:,} positions, {took:.2f} s)")
    if result.verdict == WON:
        print(f"winning line, {len(result.moves)} moves:")
        print(" ".join(result.moves))
    return 0


def command_study(args: argparse.Namespace) -> int:
    """Solve a range of deals and print the win rate with its Wilson interval."""
    seeds = range(args.first, args.first + args.count)
    jobs = [(seed, args.budget) for seed in seeds]
    counts = {WON: 0, LOST: 0, UNKNOWN: 0}
    times: list[float] = []
    won_seeds: list[int] = []
    lost_seeds: list[int] = []
    undecided: list[int] = []
    started = time.perf_counter()

    def record(row):
        seed, verdict, _nodes, seconds, _length = row
        counts[verdict] += 1
        times.append(seconds)
        if verdict == WON:
            won_seeds.append(seed)
        elif verdict == LOST:
            lost_seeds.append(seed)
        else:
            undecided.append(seed)
        if not args.quiet:
            progress(len(times), len(jobs), counts, started)

    if args.jobs > 1:
        with multiprocessing.Pool(args.jobs) as pool:
            for row in pool.imap_unordered(solve_seed, jobs, chunksize=4):
                record(row)
    else:
        for job in jobs:
            record(solve_seed(job))
    if not args.quiet:
        sys.stderr.write("\n")
    elapsed = time.perf_counter() - started

    decided = counts[WON] + counts[LOST]
    low, high = wilson_interval(counts[WON], decided)
    times.sort()
    print(f"deals {args.first}..{args.first + args.count - 1} ({args.count}), "
          f"budget {args.budget:g} s each, {args.jobs} job(s)")
    print(f"won {counts[WON]}, lost {counts[LOST]}, unknown (undecided) {counts[UNKNOWN]}")
    if decided:
        print(f"win rate among decided deals: {counts[WON] / decided:.2%} "
              f"(95% Wilson interval {low:.2%} to {high:.2%})")
    low_all, _ = wilson_interval(counts[WON], args.count)
    _, high_all = wilson_interval(counts[WON] + counts[UNKNOWN], args.count)
    print(f"win rate of all deals, counting undecided both ways: {low_all:.2%} to {high_all:.2%}")
    if times:
        print(f"time per deal: median {times[len(times) // 2]:.3f} s, "
              f"p95 {times[min(len(times) - 1, int(len(times) * 0.95))]:.3f} s; "
              f"wall {elapsed:.0f} s")
    print(f"machine: {platform.python_implementation()} {platform.python_version()}, "
          f"{platform.machine()}, {multiprocessing.cpu_count()} cores; "
          f"{datetime.now(UTC):%Y-%m-%d %H:%M} UTC")
    if lost_seeds:
        print("proved lost:", " ".join(map(str, sorted(lost_seeds))))
    if undecided:
        print("undecided:", " ".join(map(str, sorted(undecided))))
    if args.winnable_out:
        with open(args.winnable_out, "w", encoding="utf-8") as out:
            out.write(f"# Deals proved winnable by the solver: seeds {args.first}.."
                      f"{args.first + args.count - 1}, budget {args.budget:g} s each.\n")
            out.write("# One game number per line; regenerate with: python -m plot study "
                      f"--first {args.first} --count {args.count} --budget {args.budget:g} "
                      f"--winnable-out FILE\n")
            out.writelines(f"{seed}\n" for seed in sorted(won_seeds))
        print(f"wrote {len(won_seeds)} proved-winnable game numbers to {args.winnable_out}")
    return 0


def read_game(path: str) -> Game | None:
    """The game of a record file ('-' for standard input), or None after saying what is wrong."""
    try:
        if path == "-":
            text = sys.stdin.read()
        else:
            with open(path, encoding="utf-8") as file:
                text = file.read()
        return Game.from_record(text)
    except (OSError, UnicodeDecodeError) as error:
        print(f"{path}: cannot read it ({error})", file=sys.stderr)
    except InvalidRecord as error:
        print(f"{path}: {error}", file=sys.stderr)
    return None


def command_replay(args: argparse.Namespace) -> int:
    """Check a record by replaying it; print the final table and its status."""
    game = read_game(args.file)
    if game is None:
        return 1
    print(game)
    print(f"status: {game.status}")
    return 0


def command_analyse(args: argparse.Namespace) -> int:
    """Print the verdict on the position after each move of a record, then the slip."""
    game = read_game(args.file)
    if game is None:
        return 1
    analysis = Analysis(game, args.budget)
    verdicts = analysis.run()
    print(f"start {verdicts[0].verdict}")
    for v in verdicts[1:]:
        print(f"{v.number} {v.move} {v.verdict}")
    print(slip_summary(verdicts))
    number = slip(verdicts)
    if args.line and number is not None:
        print("line:", " ".join(verdicts[number - 1].line))
    return 0


def slip_summary(verdicts) -> str:
    """'slip: N MOVE', or 'slip: none' (saying why), or where an undecided slip must be."""
    number = slip(verdicts)
    if number is not None:
        return f"slip: {number} {verdicts[number].move}"
    kinds = [v.verdict for v in verdicts]
    if LOST not in kinds:
        if UNKNOWN in kinds and kinds[-1] != WON:  # nothing proved about the end: no answer
            undecided = kinds.count(UNKNOWN)
            return (f"slip: unknown ({undecided} of {len(kinds)} positions undecided; "
                    "a longer --budget may decide them)")
        return "slip: none"
    if kinds[0] == LOST:
        return "slip: none (the deal is lost)"
    first_lost = kinds.index(LOST)
    last_won = max((i for i, kind in enumerate(kinds) if kind == WON), default=0)
    return f"slip: unknown, one of moves {last_won + 1}-{first_lost}"


def command_rate(args: argparse.Namespace) -> int:
    """Print a deal's tier on the first line, then the measures behind it."""
    rating = rate(args.seed, playouts=args.playouts, max_nodes=args.nodes)
    print("\n".join(rating.describe()))
    return 0


def command_rate_study(args: argparse.Namespace) -> int:
    """Rate a range of deals, check the ratings, write the study file and print its summary."""
    seeds = range(args.first, args.first + args.count)
    started = time.perf_counter()
    rows = run_study(seeds, args.jobs, args.quiet)
    elapsed = time.perf_counter() - started
    command = (f"python -m plot rate-study --first {args.first} --count {args.count} "
               f"--jobs {args.jobs} --out {args.out}")
    Path(args.out).write_text(write_study(rows, command), encoding="utf-8")
    print(f"deals {args.first}..{seeds[-1]} ({args.count}), {args.jobs} job(s): "
          f"wall {elapsed:.0f} s ({elapsed / len(rows):.3f} s a deal)")
    print("\n".join(summary_lines(rows)))
    print(f"machine: {platform.python_implementation()} {platform.python_version()}, "
          f"{platform.machine()}, {multiprocessing.cpu_count()} cores; "
          f"{datetime.now(UTC):%Y-%m-%d %H:%M} UTC")
    print(f"wrote {args.out}")
    return 0


def command_daily(args: argparse.Namespace) -> int:
    """Print the deal of the day's game number first, then where it comes from."""
    try:
        day = date.fromisoformat(args.date) if args.date else datetime.now(UTC).date()
    except ValueError:
        print(f"error: {args.date!r} is not a date (YYYY-MM-DD)", file=sys.stderr)
        return 2
    try:
        pool = parse_pool(Path(args.pool).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError) as error:
        print(f"error: cannot read the pool of daily deals {args.pool} ({error}); it comes with "
              "the repository as docs/daily-deals.txt: name it with --pool FILE", file=sys.stderr)
        return 2
    try:
        deal = daily_deal(day, pool)
    except ValueError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    print(deal)
    print(f"the deal of the day for {day.isoformat()} (UTC) is game {deal}, one of the "
          f"{len(set(pool)):,} proved-winnable deals of {args.pool}")
    if STUDY_FILE.exists():
        tiers = {row.rating.seed: row.rating.tier
                 for row in read_study(STUDY_FILE.read_text(encoding="utf-8"))}
        if deal in tiers:
            print(f"difficulty: {tiers[deal]} (docs/difficulty-tiers.txt)")
    return 0


def main(argv: list[str] | None = None) -> int:
    """Parse the command line and run the chosen command."""
    parser = argparse.ArgumentParser(prog="python -m plot", description="The Plot, by command.")
    parser.add_argument("--version", action="version", version=f"the-plot {__version__}")
    commands = parser.add_subparsers(dest="command", required=True)

    one = commands.add_parser("solve", help="solve a deal (or a record's game from where it "
                                           "stands) and print the winning line")
    one.add_argument("game", type=deal_or_record, metavar="SEED|FILE",
                     help="the game number, or a record ('-' for standard input; a file named "
                          "with digits only: ./7)")
    one.add_argument("--budget", type=seconds, default=None, help="seconds (default: no limit)")
    one.add_argument("--nodes", type=at_least_one, default=None,
                     help="positions (default: no limit)")
    one.set_defaults(run=command_solve)

    many = commands.add_parser("study", help="solve a range of deals and print the win rate")
    many.add_argument("--first", type=game_number, default=1,
                      help="the first game number (default 1)")
    many.add_argument("--count", type=at_least_one, default=1000,
                      help="how many deals (default 1000)")
    many.add_argument("--budget", type=seconds, default=DEFAULT_BUDGET_SECONDS,
                      help=f"seconds per deal (default {DEFAULT_BUDGET_SECONDS:g})")
    many.add_argument("--jobs", type=at_least_one, default=1,
                      help="worker processes (default 1)")
    many.add_argument("--winnable-out", metavar="FILE",
                      help="also write the proved-winnable game numbers to FILE")
    many.add_argument("--quiet", action="store_true", help="no progress bar")
    many.set_defaults(run=command_study)

    replay = commands.add_parser("replay", help="check a game record, print its final table")
    replay.add_argument("file", help="the record ('-' for standard input)")
    replay.set_defaults(run=command_replay)

    analyse = commands.add_parser("analyse", help="find the move that lost a winnable game")
    analyse.add_argument("file", help="the record ('-' for standard input)")
    analyse.add_argument("--budget", type=seconds, default=DEFAULT_BUDGET,
                         help=f"seconds of search per position (default {DEFAULT_BUDGET:g})")
    analyse.add_argument("--line", action="store_true",
                         help="also print a winning line from the position before the slip")
    analyse.set_defaults(run=command_analyse)
    rating = commands.add_parser("rate", help="rate one deal: its tier, then the measures")
    rating.add_argument("seed", type=game_number, help="the game number")
    rating.add_argument("--playouts", type=at_least_one, default=RATING_PLAYOUTS,
                        help=f"the simple player's games (default {RATING_PLAYOUTS})")
    rating.add_argument("--nodes", type=at_least_one, default=SOLVER_NODES,
                        help=f"the solver's budget in positions (default {SOLVER_NODES:,})")
    rating.set_defaults(run=command_rate)

    rated = commands.add_parser("rate-study", help="rate a range of deals and check the ratings")
    rated.add_argument("--first", type=game_number, default=1,
                       help="the first game number (default 1)")
    rated.add_argument("--count", type=at_least_one, default=1000,
                       help="how many deals (default 1000)")
    rated.add_argument("--jobs", type=at_least_one, default=1,
                       help="worker processes (default 1)")
    rated.add_argument("--out", required=True, metavar="FILE",
                       help="the study file to write (the shipped one: docs/difficulty-tiers.txt, "
                            "as make difficulty-study writes it)")
    rated.add_argument("--quiet", action="store_true", help="no progress line")
    rated.set_defaults(run=command_rate_study)

    daily = commands.add_parser("daily", help="the deal of the day for a UTC date")
    daily.add_argument("date", nargs="?", help="YYYY-MM-DD (default: today in UTC)")
    daily.add_argument("--pool", default=str(DAILY_POOL),
                       help="the frozen list of daily deals (default docs/daily-deals.txt)")
    daily.set_defaults(run=command_daily)

    args = parser.parse_args(argv)
    if hasattr(args, "count") and args.first + args.count - 1 > MAX_SEED:
        parser.error(f"--first {args.first} and --count {args.count} go past the last game "
                     f"number, {MAX_SEED}")
    return args.run(args)


if __name__ == "__main__":
    sys.exit(main())
