"""Post-mortem of a game: the solver's verdict on the position after each move, and the slip,
the move after which a winnable game was lost.

Verdicts along a game are monotone. A position before a won one is won (play the game's moves
to it, then win), and a position after a lost one is lost (nothing that follows a position that
cannot be won can be won). So a game's positions read won ... won, lost ... lost, perhaps with
undecided ones between, and there is at most one slip. Every proof decides a run of positions: a
win decides every position before it (and those after it along its own line), a loss every
position after it. The analysis therefore solves one position at a time, chosen by bisection
between the last position known won and the first known lost, and skips over a position the
solver leaves undecided within the budget, to try the others between; once every position
between has been tried, up to RETRIES of those still undecided are searched once more,
RETRY_FACTOR times deeper (nearest the middle first). Every verdict it reports is a proof;
`unknown` means no search within the budget decided it. `Analysis.deepen()` opens the positions
still undecided between the last won and the first lost again, DEEPEN_FACTOR times deeper: a
slip left unpinned within the budget can be searched for longer, on request.

    >>> from plot import Game
    >>> from plot.postmortem import verdicts, slip
    >>> game = Game.new(2); _ = game.play("S-W")
    >>> [v.verdict for v in verdicts(game, budget=1)]
    ['won', 'won']
    >>> slip(verdicts(game, budget=1)) is None
    True

The page calls `Analysis.next_position()`, runs a Solver on that position in slices of its own
(`Analysis.solver(i)`, for `Analysis.budget_for(i, its budget)`), hands the answer
to `Analysis.add(i, result)`, and repeats until `next_position()` is None; `Analysis.step()`
does one position at once, and `Analysis.run_counted(nodes)` the page's whole counted work.
"""

from dataclasses import dataclass

from .game import LOST, WON, Game
from .record import position_to_text
from .solver import FIRST_RUN_NODES, UNKNOWN, Result, Solver, solve

DEFAULT_BUDGET = 0.05  # seconds of search per position
RETRIES = 5            # positions left undecided between the last won and the first lost that
RETRY_FACTOR = 20      # are searched once more, this many times deeper, once all were tried
DEEPEN_FACTOR = 10     # Analysis.deepen(): the next round searches this many times deeper


@dataclass(frozen=True)
class PositionVerdict:
    """What the analysis proved about one position of a game."""

    number: int  # moves played to reach it: 0 is the start, n the position after move n
    move: str | None  # move `number`, which led here (None for the start)
    verdict: str  # 'won', 'lost' or 'unknown'
    line: tuple[str, ...] = ()  # a winning line from here, when won


class Analysis:
    """The post-mortem of one game, worked out one position at a time."""

    def __init__(self, game: Game, budget: float = DEFAULT_BUDGET,
                 first_run_nodes: int = FIRST_RUN_NODES):
        """Analyse the moves played in `game` (not its redo list), `budget` seconds a position
        (`first_run_nodes`, for the searches of `solver`, as for Solver)."""
        self.budget = budget
        self.first_run_nodes = first_run_nodes
        self.moves = tuple(str(move) for move in game.history)
        position = Game.from_position(game.start_position())
        self._games = [position.copy()]
        for move in game.history:
            position.push(move)
            self._games.append(position.copy())
        self._verdicts = [UNKNOWN] * len(self._games)
        self._lines: dict[int, tuple[str, ...]] = {}  # winning lines from the positions solved
        self._tried: set[int] = set()
        self._retried: set[int] = set()
        self._answers: dict[str, Result] = {}  # solver answers by position, within this analysis
        self.depth = 1  # the budgets' multiple: DEEPEN_FACTOR more at each deepen()
        self.dead: set = set()  # positions proved lost, shared by the searches of this game
        final = self._games[-1].status
        if final == WON:
            self.add(len(self.moves), Result(WON))
        elif final == LOST:
            self.add(next(i for i, g in enumerate(self._games) if g.status == LOST),
                     Result(LOST))

    def position(self, number: int) -> Game:
        """A copy of the game after `number` moves."""
        return self._games[number].copy()

    def next_position(self) -> int | None:
        """The position worth solving next, or None when the analysis is complete."""
        low, high = self._bounds()
        open_ = [i for i in range(low + 1, high) if i not in self._tried]
        if not open_ and len(self._retried) < RETRIES:
            open_ = [i for i in range(low + 1, high) if i not in self._retried]
        if not open_:
            return None
        if high == len(self._verdicts) and high - 1 in open_:
            return high - 1  # nothing known lost: a lost end narrows the search most
        if low < 0 and 0 in open_:
            return 0
        middle = (low + high) / 2
        return min(open_, key=lambda i: abs(i - middle))

    def _bounds(self) -> tuple[int, int]:
        """The last position known won (-1 if none) and the first known lost (past the end if
        none): the slip, if any, is a move between them."""
        won = [i for i, v in enumerate(self._verdicts) if v == WON]
        lost = [i for i, v in enumerate(self._verdicts) if v == LOST]
        return (won[-1] if won else -1), (lost[0] if lost else len(self._verdicts))

    def undecided(self) -> range:
        """The positions between the last known won and the first known lost, all undecided:
        where the slip is, if the game has one that the searches did not pin down."""
        low, high = self._bounds()
        return range(low + 1, high)

    def last_won(self) -> int | None:
        """The last position proved winnable, or None if none is."""
        low, _ = self._bounds()
        return low if low >= 0 else None

    def deepen(self) -> None:
        """Search the undecided positions between the last won and the first lost once more,
        DEEPEN_FACTOR times deeper than the round before (with its retries); `next_position`
        offers them again."""
        self.depth *= DEEPEN_FACTOR
        again = set(self.undecided())
        self._tried -= again
        self._retried = set()  # a round of its own: RETRIES more
        self._answers = {key: result for key, result in self._answers.items()
                         if result.verdict != UNKNOWN}

    def is_retry(self, number: int) -> bool:
        """Whether the position after `number` moves was searched before, undecided."""
        return number in self._tried

    def budget_for(self, number: int, base):
        """The search to give the position after `number` moves, `base` (seconds or solver
        positions) for a first search: RETRY_FACTOR times `base` for a retry; each deepen()
        multiplies both by DEEPEN_FACTOR."""
        return base * self.depth * (RETRY_FACTOR if self.is_retry(number) else 1)

    def solver(self, number: int) -> Solver:
        """A Solver for the position after `number` moves, sharing what this analysis proved."""
        return Solver(self._games[number], self.dead, self.first_run_nodes)

    def add(self, number: int, result: Result) -> None:
        """Take the solver's answer for the position after `number` moves, and all it proves."""
        if number in self._tried:
            self._retried.add(number)
        self._tried.add(number)
        key = position_to_text(self._games[number].position())
        if result.verdict != UNKNOWN or key not in self._answers:
            self._answers[key] = result
        if result.verdict == WON:
            ahead = 0
            while (ahead < len(result.moves) and number + ahead < len(self.moves)
                   and self.moves[number + ahead] == result.moves[ahead]):
                ahead += 1
            self._lines[number + ahead] = result.moves[ahead:]
            self._mark(range(number + ahead + 1), WON)
        elif result.verdict == LOST:
            self._mark(range(number, len(self._verdicts)), LOST)

    def _mark(self, numbers: range, verdict: str) -> None:
        for i in numbers:
            assert self._verdicts[i] in (UNKNOWN, verdict), "a position proved won and lost"
            self._verdicts[i] = verdict

    def step(self) -> int | None:
        """Solve the next position within the budget; its number, or None if nothing is left."""
        number = self.next_position()
        if number is not None:
            known = None if self.is_retry(number) else self._answers.get(
                position_to_text(self._games[number].position()))
            self.add(number, known or solve(self._games[number], dead=self.dead,
                                            max_seconds=self.budget_for(number, self.budget)))
        return number

    def run(self) -> list[PositionVerdict]:
        """Solve positions until the analysis is complete; the verdicts."""
        while self.step() is not None:
            pass
        return self.verdicts

    def run_counted(self, nodes: int) -> int:
        """Solve positions until the analysis is complete, `nodes` solver positions a position
        (budget_for), counted rather than timed: the same answers on any machine, as the page
        works them (a position met again takes what was proved of it). The solver positions
        searched."""
        searched = 0
        while (number := self.next_position()) is not None:
            known = self._answers.get(position_to_text(self._games[number].position()))
            if known is not None and known.verdict != UNKNOWN:
                self.add(number, known)
                continue
            solver = self.solver(number)
            result = solver.step(self.budget_for(number, nodes))
            searched += solver.nodes
            self.add(number, result or Result(UNKNOWN))
        return searched

    @property
    def verdicts(self) -> list[PositionVerdict]:
        """The verdict on every position so far, the start first."""
        return [PositionVerdict(i, self.moves[i - 1] if i else None, verdict,
                                self.line(i) if verdict == WON else ())
                for i, verdict in enumerate(self._verdicts)]

    def line(self, number: int) -> tuple[str, ...]:
        """A winning line from the position after `number` moves (empty if none is known)."""
        after = [i for i in self._lines if i >= number]
        if not after:
            return ()
        end = min(after)
        return self.moves[number:end] + self._lines[end]


def verdicts(game: Game, budget: float = DEFAULT_BUDGET) -> list[PositionVerdict]:
    """The verdict on each position of the game, the start first (see the module docstring)."""
    return Analysis(game, budget).run()


def slip(verdicts: list[PositionVerdict]) -> int | None:
    """The number of the move after which a won position became lost, or None if none did."""
    return next((v.number for before, v in zip(verdicts, verdicts[1:], strict=False)
                 if before.verdict == WON and v.verdict == LOST), None)
