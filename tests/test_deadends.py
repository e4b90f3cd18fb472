"""The solver's dead-end rules (plot/deadends.py) never call a winnable position dead: checked
along games won by random play (found without the solver) and against brute force."""

import json
import random
from functools import cache

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from plot import Game
from plot.deadends import first_foundation_can_grow, is_dead
from plot.searchstate import SearchState
from plot.solver import LOST, solve
from tests.helpers import reaches

WON_GAMES = 12  # random games that happen to win (about 1 in 14 does)
BRUTE_FORCE_LIMIT = 20_000


@cache
def random_won_games() -> tuple[Game, ...]:
    """Games of random legal moves that ended won: every position along them is winnable."""
    games = []
    seed = 0
    while len(games) < WON_GAMES:
        seed += 1
        game = Game.new(seed)
        choose = random.Random(seed).choice
        while game.status == "playing":
            game.push(choose(game.legal_moves()))
        if game.status == "won":
            games.append(game)
    return tuple(games)


def positions_along(game: Game):
    """The game at its start and after each of its moves."""
    position = Game.from_position(game.start_position())
    yield position.copy()
    for move in game.history:
        position.push(move)
        yield position.copy()


def test_no_rule_calls_a_position_of_a_won_game_dead():
    checked = 0
    for game in random_won_games():
        for position in list(positions_along(game))[:-1]:  # the last is won: nothing to do
            state = SearchState(position.position())
            assert not is_dead(state, state.needs()), (game.seed, position.moves_played)
            checked += 1
    assert checked > 1000


def test_the_solver_never_proves_a_position_of_a_won_game_lost():
    for game in random_won_games():
        positions = list(positions_along(game))
        for position in positions[::20]:
            assert solve(position, max_nodes=3_000).verdict != LOST


def key(game: Game) -> str:
    position = game.position()
    position["tableau"] = sorted(position["tableau"])
    return json.dumps(position)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32))
def test_first_foundation_rule_agrees_with_brute_force(seed):
    """Where the rule says foundation 1 can never take another card, no sequence of real
    moves finds one it takes (checked by brute force where the positions are few enough)."""
    game = Game.new(seed)
    choose = random.Random(seed).choice
    checked = 0
    while game.status == "playing" and game.restricted and checked < 3:
        state = SearchState(game.position())
        if not first_foundation_can_grow(state):
            found = reaches(game, lambda move, _after: move.dst == "F1", key, BRUTE_FORCE_LIMIT)
            assert found is not True
            checked += found is False
        game.push(choose(game.legal_moves()))
