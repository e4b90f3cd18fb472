"""The solver: won lines replay to wins, lost only for lost positions, budgets honoured."""

import json
import random
from functools import cache
from unittest.mock import patch

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from plot import CODES, RANKS, Game
from plot import solver as solver_module
from plot.__main__ import main, wilson_interval
from plot.cards import FOUNDATION_COUNT, FOUNDATION_SIZE, RANK_COUNT
from plot.reserve import reserve_can_be_played
from plot.solver import (
    LOST,
    UNKNOWN,
    WON,
    Result,
    Solver,
    luby,
    solve,
)
from tests.helpers import build, built_foundations, reaches

EASY_SEED = 2  # found by the solver in a few hundred positions
F1_NEEDS_AN_ACE = ["5S", "6S", "7S", "8S", "9S", "TS", "JS", "QS", "KS"]  # base rank 5


def replays_to_win(game: Game, moves) -> bool:
    """True if the line, played with validation on a copy of the game, ends in a win."""
    copy = game.copy()
    for move in moves:
        copy.play(move)
    return copy.status == WON


def buried_aces_position(aces_in_reserve: bool = True) -> dict:
    """Restricted, stock empty, F1 needs an ace; every ace is under a card that can never move.

    Four aces lie under a 2 in the reserve (which only plays to a foundation), or, with
    `aces_in_reserve=False`, at the bottom of the waste; the other four lie in the waste under a
    9 that has nowhere to go: no foundation takes it, no tableau top is a 10, and spaces take
    only base-rank cards (5s) while foundation 1 is incomplete.
    """
    aces = ["AS", "AH", "AD", "AC"]
    reserve = ["3S", "3H", "3D", "3C", "4S", "4H", "4D", "4C", "2S"]
    if aces_in_reserve:
        reserve = aces + reserve
    tableau = [["5H"], ["5D"], ["5C"], ["5S"], ["7D"], ["6D"]] + [[] for _ in range(6)]
    if not aces_in_reserve:  # the waste has room for only 78 cards: two more inert 5s out
        tableau[6:8] = [["5H"], ["5C"]]
    top_of_waste = aces + ["9C", "5D"]
    used = F1_NEEDS_AN_ACE + reserve + [c for pile in tableau for c in pile] + top_of_waste
    rest = [c for c in CODES for _ in range(2)]
    for card in used:
        rest.remove(card)
    return {"reserve": reserve, "stock": [], "waste": rest + top_of_waste,
            "foundations": [F1_NEEDS_AN_ACE] + [[] for _ in range(7)], "tableau": tableau}


def test_solution_of_a_deal_replays_to_a_win():
    game = Game.new(EASY_SEED)
    result = solve(game, max_nodes=100_000)
    assert result.verdict == WON
    assert result.moves and all(isinstance(m, str) for m in result.moves)
    assert replays_to_win(game, result.moves)


def test_won_position_needs_no_moves():
    game = Game.from_position(build(foundations=[["5S"]], rest="foundations"))
    assert solve(game) == Result(WON, (), 0)


def test_endgame_with_empty_stock_is_solved():
    game = Game.from_position(build(foundations=[["5S"]], tableau={"T1": ["4H", "3H"]},
                                    waste=["2H"], rest="foundations"))
    result = solve(game)
    assert result.verdict == WON
    assert replays_to_win(game, result.moves)


def test_buried_aces_are_proved_lost():
    game = Game.from_position(buried_aces_position())
    assert game.status == LOST  # the engine agrees
    result = solve(game)
    assert result.verdict == LOST
    assert result.moves == ()


def test_lost_after_an_exhaustive_search_of_the_moves_left():
    """Without the rules that prove it at once (no ace can ever come free, F1 can be neither
    finished nor given room nor footing), the search tries the moves left (6D onto 7D and back)
    and proves it lost."""
    position = buried_aces_position(aces_in_reserve=False)
    position["waste"].insert(0, position["waste"].pop())  # the 9 on top now; 6D-on-7D remains
    game = Game.from_position(position)
    assert game.legal_moves()
    assert solve(game) == Result(LOST, (), 0)
    with patch("plot.deadends.first_foundation_can_grow", return_value=True), \
            patch("plot.deadends.first_foundation_can_finish", return_value=True), \
            patch("plot.deadends.first_foundation_has_room", return_value=True), \
            patch("plot.deadends.first_foundation_has_footing", return_value=True):
        result = solve(game)
    assert result.verdict == LOST
    assert result.nodes > 0


def test_reserve_that_can_never_be_played_out_is_lost():
    """F7 and F8 need an 8; the reserve is K over Q over 8 (base 5: +8, +7, +3).

    Playing the K needs a foundation at +8, then the Q another at +7: both are then past +3, so
    the reserve's 8 can never go home. The engine still sees moves (the waste's 8 can go up).
    """
    reserve = ["8H", "QH", "KH"]  # bottom to top
    rest = [card for rank in "9TJA234" for card in (rank + "D", rank + "D")]
    waste = rest + ["8D", "QD", "KD"][::-1]  # 8D on top
    game = Game.from_position(build(foundations=[["5S"]], reserve=reserve, waste=waste,
                                    rest="foundations"))
    assert [len(f) for f in game.position()["foundations"]] == [13] * 6 + [3, 3]
    assert game.status == "playing" and "W-F7" in [str(m) for m in game.legal_moves()]
    assert solve(game).verdict == LOST


def relaxed_reserve_playable(ranks, counts) -> bool:
    """Exhaustive search of the reserve alone, every other card arriving whenever wanted."""

    @cache
    def search(played, counts):
        if played == len(ranks):
            return True
        rank = ranks[played]
        if counts[0] < FOUNDATION_SIZE:  # restricted: only F1 takes cards, until it is full
            return (counts[0] <= rank and search(played + 1, (rank + 1, *counts[1:]))) or \
                search(played, (FOUNDATION_SIZE, *counts[1:]))
        return any(search(played + 1, (*counts[:k], rank + 1, *counts[k + 1:]))
                   for k in range(1, FOUNDATION_COUNT) if counts[k] <= rank)

    return search(0, tuple(counts))


@settings(max_examples=300, deadline=None)
@given(ranks=st.lists(st.integers(0, RANK_COUNT - 1), max_size=13),
       first=st.integers(1, FOUNDATION_SIZE),
       others=st.lists(st.integers(0, FOUNDATION_SIZE), min_size=7, max_size=7))
def test_reserve_rule_agrees_with_exhaustive_search(ranks, first, others):
    counts = [first] + (others if first == FOUNDATION_SIZE else [0] * 7)
    assert reserve_can_be_played(ranks, counts) == relaxed_reserve_playable(ranks, counts)


def brute_force_can_win(game: Game) -> bool | None:
    """Search every position reachable by real moves for a win; None if there are too many.

    Positions count as the same when they differ only in the order of the tableau piles. A
    position already won is won by no moves at all (`small_endgames` deals one when every
    foundation it builds comes out full, about once in 16,000 examples).
    """
    if game.status == WON:
        return True

    def key(g):
        position = g.position()
        position["tableau"] = sorted(position["tableau"])
        return json.dumps(position)

    return reaches(game, lambda _move, after: after.status == WON, key, limit=40_000)


@st.composite
def small_endgames(draw):
    """Foundation 1 full and the others nearly: a few cards left in reserve, stock and table."""
    rnd = draw(st.randoms(use_true_random=False))
    base = rnd.randrange(RANK_COUNT)
    pool = [c for c in CODES for _ in range(2)]
    heights = [FOUNDATION_SIZE] + [rnd.randint(10, 13) for _ in range(7)]
    foundations = built_foundations(heights, base, pool)
    rnd.shuffle(pool)
    assume(len(pool) <= 10)
    tableau = [[] for _ in range(12)]
    for pile in tableau[:rnd.randint(0, 4)]:
        if pool:
            pile.append(pool.pop())
            below = RANKS[(RANKS.index(pile[0][0]) - 1) % RANK_COUNT]
            match = [c for c in pool if c[0] == below and RANKS[base] not in (below, pile[0][0])]
            if match and rnd.random() < 0.5:  # a run of two: tableau-to-tableau moves matter
                pool.remove(match[0])
                pile.append(match[0])
    reserve = [pool.pop() for _ in range(rnd.randint(0, len(pool)))]
    stock = [pool.pop() for _ in range(rnd.randint(0, len(pool)))]
    return {"reserve": reserve, "stock": stock, "waste": pool, "foundations": foundations,
            "tableau": tableau}


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                   HealthCheck.filter_too_much])
@given(small_endgames())
def test_verdict_agrees_with_brute_force_on_small_endgames(position):
    """Won exactly when some sequence of real moves wins; lost otherwise (never unknown)."""
    agrees_with_brute_force(position, solve)


def agrees_with_brute_force(position: dict, search) -> None:
    """`search(game)` says won exactly when some sequence of real moves wins, lost otherwise,
    and its win replays (positions brute force cannot settle are left out)."""
    game = Game.from_position(position)
    winnable = brute_force_can_win(game)
    assume(winnable is not None)
    result = search(game)
    assert result.verdict == (WON if winnable else LOST)
    if winnable:
        assert replays_to_win(game, result.moves)


def in_slices(game: Game, first_run_nodes: int, slice_nodes: int) -> Result:
    """A Solver's answer, stepped `slice_nodes` at a time until it has one."""
    solver = Solver(game, first_run_nodes=first_run_nodes)
    result = None
    while result is None:
        result = solver.step(slice_nodes)
    return result


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                   HealthCheck.filter_too_much])
@given(small_endgames())
def test_many_short_runs_keep_to_brute_force(position):
    """Runs of a few positions each: every restart starts from the positions proved dead so far
    (the strongly connected components finished), and the verdict is still exact."""
    with patch.object(solver_module, "RESTART_UNIT_NODES", 1):
        agrees_with_brute_force(position, lambda game: in_slices(game, 2, 1_000))


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                   HealthCheck.filter_too_much])
@given(small_endgames())
def test_runs_and_climbs_taking_turns_every_few_positions_keep_to_brute_force(position):
    """A climb of one position after every run, each run from a climb's find two positions
    long: the climbs share the dead set and never prove anything, so the verdict stays exact
    and every win replays."""
    with patch.object(solver_module, "RESTART_UNIT_NODES", 1), \
            patch.object(solver_module, "CLIMB_NODES", 1), \
            patch.object(solver_module, "CLIMB_EVERY", 1), \
            patch.object(solver_module, "CHECK_NODES", 2):
        agrees_with_brute_force(position, lambda game: in_slices(game, 2, 3))


def test_a_dead_set_shared_along_a_game_never_contradicts_a_fresh_search():
    """The positions of one game share their keys, so what one search proved dead helps the
    next; the verdicts stay those of searches that start from nothing."""
    game = Game.new(18)
    choose = random.Random(18).choice
    while game.status == "playing":
        game.push(choose(game.legal_moves()))
    dead: set = set()
    replay = Game.new(18)
    decided = 0
    for move in game.history:
        replay.push(move)
        if replay.moves_played % 10:
            continue
        shared = solve(replay, max_nodes=20_000, dead=dead)
        fresh = solve(replay, max_nodes=20_000)
        assert {shared.verdict, fresh.verdict} != {WON, LOST}
        if shared.verdict == WON:
            assert replays_to_win(replay, shared.moves)
        decided += shared.verdict != UNKNOWN
    assert dead and decided


def test_unknown_at_a_tiny_node_budget():
    result = solve(Game.new(EASY_SEED), max_nodes=5)
    assert result.verdict == UNKNOWN
    assert result.moves == ()
    assert result.nodes <= 5


def test_unknown_at_a_zero_time_budget():
    assert solve(Game.new(EASY_SEED), max_seconds=0).verdict in (UNKNOWN, WON)


def test_search_in_slices_matches_one_search():
    game = Game.new(EASY_SEED)
    solver = Solver(game)
    slices = 0
    result = None
    while result is None:
        result = solver.step(25)
        slices += 1
    assert slices > 1
    assert result == solve(game)
    assert solver.step(25) is result  # a decided solver keeps its answer


def test_restart_budgets_follow_the_luby_sequence():
    assert [luby(i) for i in range(1, 16)] == [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]
    assert luby(2**20 - 1) == 2**19  # budgets grow without bound, so any search can finish


def test_lost_is_proved_after_restarts_too():
    """A search that needs several runs still ends in a proof, whichever run finishes it."""
    game = Game.from_position(buried_aces_position())
    solver = Solver(game)
    solver._run_end = 0  # force a restart before the first run can finish
    result = None
    while result is None:
        result = solver.step(1)
    assert result.verdict == LOST
    assert solver.runs >= 1


def test_solver_never_changes_the_game():
    game = Game.new(EASY_SEED)
    game.play("S-W")
    before = game.to_json()
    solve(game, max_nodes=2_000)
    assert game.to_json() == before


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), steps=st.integers(0, 400))
def test_any_position_from_random_play(seed, steps):
    """From random play: won lines replay, engine-lost positions are solver-lost, game untouched."""
    game = Game.new(seed)
    choose = random.Random(seed).choice
    for _ in range(steps):
        if game.status != "playing":
            break
        game.push(choose(game.legal_moves()))
    before = game.to_json()
    result = solve(game, max_nodes=20_000)
    assert game.to_json() == before
    assert result.verdict in (WON, LOST, UNKNOWN)
    if result.verdict == WON:
        assert replays_to_win(game, result.moves)
    if game.status == LOST:
        assert result.verdict == LOST
    if game.status == WON:
        assert result == Result(WON, (), 0)


def test_wilson_interval():
    low, high = wilson_interval(50, 100)
    assert round(low, 4) == 0.4038 and round(high, 4) == 0.5962
    assert wilson_interval(0, 0) == (0.0, 1.0)
    low, high = wilson_interval(10, 10)
    assert high > 0.999999 and 0.69 < low < 0.73


def test_command_line_solve_and_study(capsys):
    assert main(["solve", str(EASY_SEED)]) == 0
    out = capsys.readouterr().out
    assert f"game {EASY_SEED}: won" in out
    line = out.splitlines()[-1].split()
    assert replays_to_win(Game.new(EASY_SEED), line)
    assert main(["study", "--first", str(EASY_SEED), "--count", "2", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "Wilson" in out and "unknown (undecided)" in out


def test_command_line_solve_from_a_record(tmp_path, capsys):
    game = Game.new(EASY_SEED)
    game.play("S-W")
    path = tmp_path / "game.txt"
    path.write_text(game.to_record())
    assert main(["solve", str(path)]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"{path} after 1 move: won")
    assert replays_to_win(game, out.splitlines()[-1].split())
    assert main(["solve", str(tmp_path / "missing.txt")]) == 1


def test_a_position_already_won_is_won_by_brute_force_and_by_the_solver():
    """The endgame generator can deal every card home already; both sides must call it won."""
    pool = [c for c in CODES for _ in range(2)]
    position = {"reserve": [], "stock": [], "waste": [], "tableau": [[] for _ in range(12)],
                "foundations": built_foundations([FOUNDATION_SIZE] * FOUNDATION_COUNT, 0, pool)}
    game = Game.from_position(position)
    assert brute_force_can_win(game) is True
    assert solve(game) == Result(WON, (), 0)
