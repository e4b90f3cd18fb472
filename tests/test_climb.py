"""The climb (plot/climb.py): a best-first search that finds what the depth-first runs miss."""

from pathlib import Path

import pytest

from plot import Game
from plot.cards import FIRST_FOUNDATION_SIZE
from plot.climb import Climb
from plot.searchstate import SearchState
from plot.solver import (
    CHECK_NODES,
    FIRST_CHECK_NODES,
    FIRST_CHECK_RUN_NODES,
    LOST,
    WON,
    Solver,
    engine_line,
    solve,
)
from tests.test_solver import EASY_SEED, buried_aces_position, replays_to_win

FIXTURES = Path(__file__).parent / "fixtures"
RUNS_BUDGET = 9_000  # about what the solver searches in the 50 ms a position of issue 15


def deal_59_after_85_moves() -> Game:
    """A position of a random losing game (benchmarks/postmortem.py) that the depth-first runs
    alone leave undecided at 300,000 positions: foundation 1 holds 6 cards, the waste 25."""
    return Game.from_record((FIXTURES / "climb-deal-59.txt").read_text())


def deal_59_after_135_moves() -> Game:
    """A later position of the same game: foundation 1 holds 11 cards, the stock 25, the waste
    37; undecided at 300,000 positions while every find of the climb had a run of 500."""
    return Game.from_record((FIXTURES / "first-find-deal-59.txt").read_text())


def played(game: Game, line) -> Game:
    """A copy of the game after the climb's line (search moves, in the engine's moves), each
    move checked."""
    copy = game.copy()
    for move in engine_line(game, line, SearchState(game.position())):
        copy.play(str(move))
    return copy


def test_the_climb_completes_foundation_1_where_the_runs_alone_find_nothing():
    game = deal_59_after_85_moves()
    assert Solver(game, climbs=False).step(RUNS_BUDGET) is None
    state = SearchState(game.position())
    root = state.key()
    found = Climb(state, set()).step(2_000)
    assert found is not None
    line, won = found
    assert not won
    after = played(game, line)
    assert len(after.pile("F1")) == FIRST_FOUNDATION_SIZE
    assert state.key() == root  # the climb leaves its state at the root


def test_with_its_climbs_the_solver_wins_there_and_the_line_replays():
    game = deal_59_after_85_moves()
    result = solve(game, max_nodes=RUNS_BUDGET)
    assert result.verdict == WON
    assert replays_to_win(game, result.moves)


def test_the_climbs_first_find_is_searched_on_by_climbing_to_the_win():
    game = deal_59_after_135_moves()
    assert Solver(game, climbs=False).step(RUNS_BUDGET) is None
    found = Climb(SearchState(game.position()), set()).step(RUNS_BUDGET)
    assert found is not None and not found[1]
    after = played(game, found[0])
    assert len(after.pile("F1")) == FIRST_FOUNDATION_SIZE
    assert Solver(after, None, CHECK_NODES, climbs=False).step(CHECK_NODES) is None
    search = Solver(after, None, FIRST_CHECK_RUN_NODES, first_climb_nodes=FIRST_CHECK_NODES)
    assert search.step(FIRST_CHECK_NODES).verdict == WON
    result = solve(game, max_nodes=RUNS_BUDGET)
    assert result.verdict == WON
    assert replays_to_win(game, result.moves)


@pytest.mark.parametrize("position", [deal_59_after_85_moves, deal_59_after_135_moves])
def test_a_search_with_climbs_in_slices_matches_one_search(position):
    game = position()  # after 135 moves, the first find's search goes on over several climbs
    solver = Solver(game)
    result = None
    slices = 0
    while result is None:
        result = solver.step(13)
        slices += 1
    assert slices > 100
    assert result == solve(game)


def test_once_foundation_1_is_complete_the_climb_looks_for_the_win():
    game = Game.new(EASY_SEED)
    line = solve(game).moves
    for move in line:
        game.play(move)
        if not game.restricted:
            break
    state = SearchState(game.position())
    found = Climb(state, set()).step(200_000)
    assert found is not None
    moves, won = found
    assert won
    assert played(game, moves).status == WON


def test_a_climb_in_a_lost_position_runs_out_and_finds_nothing():
    game = Game.from_position(buried_aces_position())
    climb = Climb(SearchState(game.position()), set())
    assert climb.step(100_000) is None
    assert climb.exhausted
    assert solve(game).verdict == LOST


def test_a_climb_never_enters_a_position_proved_dead():
    """Given the keys a search proved dead, it skips them: here every position one move from
    the start, so it has nowhere to go."""
    game = deal_59_after_85_moves()
    state = SearchState(game.position())
    dead = set()
    moves = state.moves()
    for move in moves:
        state.apply(move)
        dead.add(state.key())
        state.undo(move)
    climb = Climb(state, dead)
    assert climb.step(1_000) is None
    assert climb.exhausted
    assert climb.nodes == len(moves)  # each tried once, none kept
