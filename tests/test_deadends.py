"""The solver's dead-end rules (plot/deadends.py) never call a winnable position dead: checked
along games won by random play (found without the solver) and against brute force."""

import json
import random
from functools import cache

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from plot import Game
from plot.cards import FIRST_FOUNDATION_SIZE, RANK_COUNT
from plot.deadends import (
    _talon_can_finish,
    first_foundation_can_finish,
    first_foundation_can_grow,
    first_foundation_has_footing,
    first_foundation_has_room,
    is_dead,
)
from plot.searchstate import SearchState
from plot.solver import LOST, Result, solve
from tests.helpers import reaches, won_record

WON_GAMES = 12  # random games that happen to win (about 1 in 14 does)
BRUTE_FORCE_LIMIT = 20_000
# brute-force searches a game at most (a search past the limit proves nothing, and once one is,
# the positions after it mostly are too: without a cap one example could take minutes)
BRUTE_FORCE_TRIES = 6
FOOTING_TRIES = 4  # positions of each game brute-forced for the footing rule


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


# random games played until lost, by seed (along 188's and 234's a card is laid on the top that
# foundation 1 needs next, and it can then never finish)
LOSING_GAMES = (*range(1, 61), 188, 234)


def random_lost_game(seed: int) -> Game:
    """A game of random legal moves that ended lost (the first of a few tries that does)."""
    for attempt in range(100):
        game = Game.new(seed)
        choose = random.Random(seed * 100 + attempt).choice
        while game.status == "playing":
            game.push(choose(game.legal_moves()))
        if game.status == "lost":
            return game
    raise AssertionError(f"no random game of deal {seed} was lost")


def test_what_a_move_cannot_change_is_not_looked_at_again():
    """Every move the search would try along random lost games: is_dead asked with the move
    that led to a position (as the search does) answers as it does asked afresh, every rule
    looked at. (Along these games some answers do change: a hard card dealt, a card laid on the
    needed top, a last card moved off its pile.)"""
    changed = 0
    for seed in LOSING_GAMES:
        game = Game.new(seed)
        for move in random_lost_game(seed).history:
            state = SearchState(game.position())
            for step in state.moves():
                state.apply(step)
                fresh = SearchState.__new__(SearchState)  # the same position, nothing kept
                fresh.__dict__.update(state.__dict__, memo={}, tableau_memo={}, talon_failed={},
                                      _needs=None)
                dead = is_dead(fresh, fresh.needs())
                assert is_dead(state, state.needs(), step) == dead, (seed, game.moves_played)
                changed += dead
                state.undo(step)
            game.push(move)
    assert changed > 100  # moves into dead ends were among those asked about


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
    checked = tries = 0
    while game.status == "playing" and game.restricted and checked < 3 \
            and tries < BRUTE_FORCE_TRIES:
        state = SearchState(game.position())
        if not first_foundation_can_grow(state):
            found = reaches(game, lambda move, _after: move.dst == "F1", key, BRUTE_FORCE_LIMIT)
            assert found is not True
            checked += found is False
            tries += 1
        game.push(choose(game.legal_moves()))


def relaxed_finish_exhaustive(waste, stock, need, free, later, floor) -> bool:
    """Every choice of the relaxation of `first_foundation_can_finish`, searched: take a free
    card of the step F1 needs, or the hard card on top of the waste if it is that step, or deal
    one card (a hard one onto the waste, any other set aside, free); `later` comes free once
    F1 has taken a card."""
    first = need
    covered, under = [], 0
    for step in waste:
        if step >= floor:
            covered.append((step, under))
            under = 0
        else:
            under |= 1 << step

    @cache
    def search(need, dealt, covered, free):
        if need == FIRST_FOUNDATION_SIZE:
            return True
        if need > first:
            free |= later
        if free >> need & 1 and search(need + 1, dealt, covered, free):
            return True
        if covered and covered[-1][0] == need and \
                search(need + 1, dealt, covered[:-1], free | covered[-1][1]):
            return True
        if dealt < len(stock):
            step = stock[dealt]
            if step >= floor:
                return search(need, dealt + 1, (*covered, (step, 0)), free)
            return search(need, dealt + 1, covered, free | 1 << step)
        return False

    return search(need, 0, tuple(covered), free | under)


steps = st.integers(0, RANK_COUNT - 1)


@settings(max_examples=1000, deadline=None)
# F1 takes the 9 once it is dealt; the 10 it needs next is then free, but taking that one (or
# the first hard 10 dealt) leaves the 12 buried: only dealing on to the second 10 uncovers it
@example(waste=[7], stock=[9, 8, 6, 6, 10, 12, 10, 11], need=9, free=0b1_0001_1011,
         later=0b100_1001_0001, floor=10)
@given(waste=st.lists(steps, max_size=12), stock=st.lists(steps, max_size=12),
       need=st.integers(1, FIRST_FOUNDATION_SIZE - 1), free=st.integers(0, 2**RANK_COUNT - 1),
       later=st.integers(0, 2**RANK_COUNT - 1), floor=st.integers(1, RANK_COUNT - 1))
def test_the_talon_relaxation_is_solved_exactly(waste, stock, need, free, later, floor):
    """The choices it leaves out (a free card where the hard top would do; dealing on where F1
    can move and no hard card of its step is to come) lose no solution."""
    assert _talon_can_finish(waste, stock, need, free, later, floor) == \
        relaxed_finish_exhaustive(waste, stock, need, free, later, floor)


relaxations = st.tuples(st.lists(steps, max_size=12), st.integers(0, 12),
                        st.integers(1, FIRST_FOUNDATION_SIZE - 1),
                        st.integers(0, 2**RANK_COUNT - 1), st.integers(0, 2**RANK_COUNT - 1))


@settings(max_examples=300, deadline=None)
# the first search fails where F1 needs 11 after it has moved (what comes free later already
# has); the second starts at that same state before F1 moves, a 12 still to come free then
@example(stock=[], floor=11, searches=[([8, 10, 8, 10, 10], 0, 8, 0b100_0000_0010,
                                        0b1011_0000_1000),
                                       ([10, 8, 9, 8], 0, 11, 0b1010_0000_1010,
                                        0b1_1100_0100_0100)])
@given(stock=st.lists(steps, max_size=12), floor=st.integers(1, RANK_COUNT - 1),
       searches=st.lists(relaxations, min_size=1, max_size=8))
def test_the_talon_relaxation_learns_only_what_holds(stock, floor, searches):
    """Searches of one stock and floor that share the states they found to fail (as the solver's
    searches do, each starting some cards into the stock) answer as the exhaustive search does."""
    known: set = set()
    for waste, dealt, need, free, later in searches:
        dealt = min(dealt, len(stock))
        assert _talon_can_finish(waste, stock, need, free, later, floor, dealt, None, known) == \
            relaxed_finish_exhaustive(waste, stock[dealt:], need, free, later, floor)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32))
def test_first_foundation_finish_rule_agrees_with_brute_force(seed):
    """Where the rule says foundation 1 can never be completed, no sequence of real moves
    completes it (checked by brute force where the positions are few enough)."""
    game = Game.new(seed)
    choose = random.Random(seed).choice
    checked = tries = 0
    while game.status == "playing" and game.restricted and checked < 2 \
            and tries < BRUTE_FORCE_TRIES:
        if not first_foundation_can_finish(SearchState(game.position())):
            found = reaches(game, lambda _move, after: not after.restricted, key,
                            BRUTE_FORCE_LIMIT)
            assert found is not True
            checked += found is False
            tries += 1
        game.push(choose(game.legal_moves()))


def brute_forced_where_only(cuts, lets_by, tries: int | None = None) -> int:
    """Along the random lost games, every restricted position that the rule `cuts` calls dead
    and every rule of `lets_by` lets through (the first `tries` such positions of each game, if
    given) is searched by every real move, which must never complete foundation 1; how many of
    those searches ran to their end."""
    checked = 0
    for seed in LOSING_GAMES:
        game = Game.new(seed)
        tried = 0
        for move in random_lost_game(seed).history:
            if game.restricted and (tries is None or tried < tries):
                state = SearchState(game.position())
                if not cuts(state) and all(rule(state) for rule in lets_by):
                    found = reaches(game, lambda _move, after: not after.restricted, key,
                                    BRUTE_FORCE_LIMIT)
                    assert found is not True, (seed, game.moves_played)
                    checked += found is False
                    tried += 1
            game.push(move)
    return checked


def test_the_room_rule_agrees_with_brute_force():
    """Along the random lost games, wherever only the room rule says foundation 1 can never be
    completed (the other foundation-1 rules let the position through), a search of every real
    move runs out without completing it."""
    checked = brute_forced_where_only(
        first_foundation_has_room, (first_foundation_can_grow, first_foundation_can_finish))
    assert checked >= 20


def test_the_footing_rule_agrees_with_brute_force():
    """Along the random lost games, wherever only the footing rule says foundation 1 can never
    be completed (the other foundation-1 rules let the position through), a search of every real
    move runs out without completing it (the first FOOTING_TRIES such positions of each game)."""
    checked = brute_forced_where_only(
        first_foundation_has_footing,
        (first_foundation_can_grow, first_foundation_can_finish, first_foundation_has_room),
        FOOTING_TRIES)
    assert checked >= 20


WON_RECORDS = (700, 5619, 7988)  # wins kept as records (docs/winnability.md: how each was found)


@pytest.mark.parametrize("deal", [700, 5619, 7988, 9076, 9942])
def test_the_room_and_footing_rules_never_cut_a_position_along_a_win(deal):
    """Along these wins (the records of 700, 5619 and 7988, the solver's lines for the others)
    foundation 1 comes to need a step no longer in the stock 10-22 times, and neither rule
    stops a position."""
    if deal in WON_RECORDS:
        line = [str(m) for m in won_record(deal).history]
    else:
        line = list(solve(Game.new(deal), max_nodes=200_000).moves)
    game = Game.new(deal)
    asked = 0
    for move in line:
        state = SearchState(game.position())
        if game.restricted:
            dealt = len(state.stock) - state.stock_left
            asked += FIRST_FOUNDATION_SIZE - 1 not in state.dealing[dealt:]
            assert first_foundation_has_room(state), (deal, move)
            assert first_foundation_has_footing(state), (deal, move)
        game.play(move)
    assert game.status == "won" and asked >= 10


def test_deal_613_is_lost_because_foundation_1_can_never_be_finished():
    """Base rank 7, so F1 runs 7 8 9 10 J Q K A 2 3 4 5 6. The first ten anywhere F1 could take
    it is the 52nd card of the stock (the reserve's tens lie under a 3 that F1 takes after them,
    and no tableau card is a ten). No pile bottom is a 6, so 5s and 6s can never go onto the
    tableau: dealing down to that ten leaves every 6 of the stock in the waste under a 5, and F1
    takes only one 5. The reserve's 6s are under its 3 too. F1 can never be finished."""
    state = SearchState(Game.new(613).position())
    assert first_foundation_can_grow(state)
    assert not first_foundation_can_finish(state)
    assert solve(Game.new(613)) == Result(LOST, (), 0)


def test_deal_593_is_lost_because_foundation_1_has_no_footing_for_its_queen():
    """Base rank K, so F1 runs K A 2 ... Q. The reserve's top is a king, which F1 never takes
    again, so the reserve is shut. No queen goes onto the tableau (nothing builds on a king)
    and none is there, so F1's last card is the topmost queen dealt, and the last queen of the
    stock is its 46th card; F1's 7 comes from the stock too, its 58th card at the earliest. A
    jack lies on the tableau only on a queen, so the jacks dealt after the 46th card (the 52nd,
    the 59th) must go home, and F1 takes one: so F1 takes its queen with 58 cards dealt. By
    then the 54th and 57th cards, two 6s, are above the queen; a 6 lies only on a 7 or where the
    6 of clubs is, the bottom of its pile, and the one 7 dealt is F1's own. F1 takes one 6,
    and the other stays above the queen for good."""
    state = SearchState(Game.new(593).position())
    assert first_foundation_can_grow(state) and first_foundation_can_finish(state)
    assert first_foundation_has_room(state)
    assert not first_foundation_has_footing(state)
    assert solve(Game.new(593)) == Result(LOST, (), 0)
