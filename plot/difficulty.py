"""How hard a deal is: its tier (Easy to Expert, or Not winnable) and the measures behind it.

    >>> from plot.difficulty import rate
    >>> rating = rate(2)
    >>> rating.tier in TIERS
    True

A deal's difficulty is how often the simple player of `plot/player.py` wins it, over
`RATING_PLAYOUTS` seeded playouts, and the solver gives the proof: a proved loss is Not winnable,
and a deal neither the solver (within `SOLVER_NODES` positions) nor any playout wins is Expert,
unproved. Everything is counted in positions and playouts, never in seconds, so a rating is the
same on every machine. docs/difficulty.md explains the choice and the tier boundaries, measured
over deals 1-10,000, and `python -m plot rate-study` remakes that study.

The measures from the solver's winning line (its length, its branching, how many stock cards it
deals before foundation 1 is complete) and from the deal (how many rising runs its reserve
needs) are reported beside the tier: the study found that none of them adds to the player's win
rate in predicting a fresh set of playouts (docs/difficulty.md).
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import RANK_COUNT, RANKS
from .game import LOST, WON, Game
from .move import STOCK, WASTE
from .player import MISS_CHANCE_PERCENT, play_out
from .prng import MASK64, SplitMix64
from .solver import UNKNOWN, solve
from .tiers import (  # noqa: F401 - the tiers and their file, named here too
    CODE_ORDER,
    EASY,
    EXPERT,
    HARD,
    MEDIUM,
    NOT_WINNABLE,
    TIER_CODES,
    TIER_OF_CODE,
    TIERS,
    UNPROVED,
    read_tier_file,
    write_tier_file,
)

PERCENT = 100
# The least win rate (percent of playouts won) of each tier; below HARD_FROM a deal is Expert.
# Chosen from deals 1-10,000 (docs/difficulty.md): the easiest 40% of the proved-winnable deals
# are Easy, the next 30% Medium, the next 20% Hard, the hardest 10% Expert, as near as ties let.
EASY_FROM, MEDIUM_FROM, HARD_FROM = 95.0, 65.0, 22.5
TIER_FLOORS = ((EASY, EASY_FROM), (MEDIUM, MEDIUM_FROM), (HARD, HARD_FROM), (EXPERT, 0))
RATING_PLAYOUTS = 40  # the simple player's games per rating
SOLVER_NODES = 200_000  # the solver's budget in positions (about 2 s in CPython)
BRANCHING_DECIMALS = 2  # the mean branching is kept to this many decimals (as the study writes it)
RATING_SALT = 0x5241_5445  # "RATE": the playouts of a rating are drawn from SplitMix64(seed ^ salt)


@dataclass(frozen=True)
class Rating:
    """A deal's tier and the measures behind it."""

    seed: int
    tier: str
    verdict: str  # 'won' (a line found, by the solver or a playout), 'lost' (proved), 'unknown'
    wins: int  # how many of the simple player's playouts won
    playouts: int
    first_foundation_completions: int  # playouts in which the player completed foundation 1
    solver_nodes: int  # positions the solver searched to decide
    line_moves: int  # the solver's winning line: its moves (0 without a line)
    line_branching: float  # the mean number of legal moves along that line
    line_deals_to_first_foundation: int  # stock cards that line deals before F1 is complete
    reserve_runs: int  # rising runs the reserve splits into, read top first from the base rank

    @property
    def win_percent(self) -> float:
        """The simple player's win rate, in percent."""
        return PERCENT * self.wins / self.playouts if self.playouts else 0.0

    @property
    def proved(self) -> bool:
        """True when the verdict is a proof: a winning line, or an exhaustive search."""
        return self.verdict != UNKNOWN

    def describe(self) -> list[str]:
        """The rating as lines for the command line: the tier first, then the measures."""
        proof = {WON: "proved winnable", LOST: "proved lost",
                 UNKNOWN: "not proved: no win found"}[self.verdict]
        lines = [self.tier,
                 f"deal {self.seed}: {proof}",
                 f"simple player: won {self.wins} of {self.playouts} playouts "
                 f"({self.win_percent:.0f}%), completed foundation 1 in "
                 f"{self.first_foundation_completions}",
                 f"solver: {self.solver_nodes:,} positions"]
        if self.line_moves:
            lines.append(f"winning line: {self.line_moves} moves, "
                         f"{self.line_branching:.1f} legal moves per position, "
                         f"foundation 1 complete after {self.line_deals_to_first_foundation} "
                         "cards dealt")
        lines.append(f"reserve: {self.reserve_runs} rising runs")
        lines.append(f"tiers by win rate: {EASY} >= {EASY_FROM:g}%, {MEDIUM} >= {MEDIUM_FROM:g}%, "
                     f"{HARD} >= {HARD_FROM:g}%, {EXPERT} below or unproved")
        return lines


def rate(seed: int, playouts: int = RATING_PLAYOUTS, max_nodes: int = SOLVER_NODES) -> Rating:
    """Rate deal `seed`: the same answer every time, on every machine."""
    game = Game.new(seed)
    result = solve(game, max_nodes=max_nodes)
    games = [play_out(game, s) for s in playout_seeds(seed, RATING_SALT, playouts)]
    wins = sum(p.won for p in games)
    verdict = result.verdict
    line = result.moves
    if verdict == UNKNOWN and wins:
        verdict = WON  # a playout's win is a winning line too
        line = next(p.moves for p in games if p.won)
    branching, deals_to_first = line_measures(game, line)
    return Rating(
        seed=seed,
        tier=tier_of(verdict, wins, playouts),
        verdict=verdict,
        wins=wins,
        playouts=playouts,
        first_foundation_completions=sum(p.completed_first_foundation for p in games),
        solver_nodes=result.nodes,
        line_moves=len(line),
        line_branching=branching,
        line_deals_to_first_foundation=deals_to_first,
        reserve_runs=reserve_runs(game),
    )


def tier_of(verdict: str, wins: int, playouts: int) -> str:
    """The tier of a verdict and the simple player's wins out of `playouts`."""
    if verdict == LOST:
        return NOT_WINNABLE
    if verdict == UNKNOWN or not playouts:
        return EXPERT
    percent = PERCENT * wins / playouts
    return next(tier for tier, floor in TIER_FLOORS if percent >= floor)


def playout_seeds(seed: int, salt: int, count: int) -> list[int]:
    """The seeds of a deal's playouts: a set of its own for each salt."""
    rng = SplitMix64((seed ^ salt) & MASK64)
    return [rng.next64() for _ in range(count)]


def line_measures(game: Game, line: tuple[str, ...]) -> tuple[float, int]:
    """A winning line's mean branching (legal moves per position) and the stock cards it deals
    before foundation 1 is complete; (0.0, 0) for no line."""
    if not line:
        return 0.0, 0
    game = game.copy()
    choices = 0
    dealt = 0
    deals_to_first = None
    deal = f"{STOCK}-{WASTE}"
    for move in line:
        choices += len(game.legal_moves())
        game.play(move)
        dealt += move == deal
        if deals_to_first is None and not game.restricted:
            deals_to_first = dealt
    branching = round(choices / len(line), BRANCHING_DECIMALS)
    return branching, deals_to_first if deals_to_first is not None else dealt


def reserve_runs(game: Game) -> int:
    """How many rising runs the reserve splits into, read from its top (patience sorting)."""
    base = RANKS.index(game.base_rank)
    ends: list[int] = []
    for code in reversed(game.pile("R")):
        height = (RANKS.index(code[0]) - base) % RANK_COUNT
        below = [i for i, end in enumerate(ends) if end < height]
        if below:
            ends[max(below, key=ends.__getitem__)] = height
        else:
            ends.append(height)
    return len(ends)


assert 0 < HARD_FROM < MEDIUM_FROM < EASY_FROM <= PERCENT
assert MISS_CHANCE_PERCENT < PERCENT


def tier_code(rating: Rating) -> str:
    """A rating's one-letter code in the shipped file: E M H X N, or U for an unproved Expert."""
    return UNPROVED if not rating.proved else TIER_CODES[rating.tier]
