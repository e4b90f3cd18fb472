"""Hypothesis properties over random seeds and random legal moves."""

from collections import Counter
from functools import cache

from hypothesis import example, given, settings
from hypothesis import strategies as st

from plot import CODES, FOUNDATION_SIZE, PILES, WON, Game, IllegalMove, Move
from plot.solver import solve

SEEDS = st.integers(min_value=0, max_value=2**64 - 1)
ALL_MOVES = [Move(a, b) for a in PILES for b in PILES if a != b]


def random_game(seed: int, choices: list[int]) -> Game:
    """A game from `seed` after playing the legal moves picked by `choices`."""
    game = Game.new(seed)
    for pick in choices:
        legal = game.legal_moves()
        if not legal:
            break
        game.play(legal[pick % len(legal)])
    return game


GAMES = st.builds(random_game, SEEDS, st.lists(st.integers(0, 10**6), max_size=150))
WINNABLE_SEEDS = (1, 2, 5)  # deals the solver wins within a few thousand positions


@cache
def winning_line(seed: int) -> tuple[str, ...]:
    result = solve(Game.new(seed), max_nodes=50_000)
    assert result.verdict == WON
    return result.moves


def near_win(seed: int, short: int) -> Game:
    """A winning line of deal `seed` played but for its last `short` moves (0: the whole win)."""
    game = Game.new(seed)
    line = winning_line(seed)
    for move in line[:len(line) - short]:
        game.play(move)
    return game


# Random play never gets near a win (a win takes 180 moves and more): these games end at a win or
# a few moves before one.
NEAR_WINS = st.builds(near_win, st.sampled_from(WINNABLE_SEEDS), st.integers(0, 12))


def all_cards(game: Game) -> Counter:
    position = game.position()
    piles = [position["reserve"], position["stock"], position["waste"],
             *position["foundations"], *position["tableau"]]
    return Counter(card for pile in piles for card in pile)


@settings(max_examples=150, deadline=None)
@given(GAMES)
def test_every_card_is_present_exactly_twice(game):
    assert all_cards(game) == Counter({code: 2 for code in CODES})


@settings(max_examples=150, deadline=None)
@given(GAMES)
def test_legal_moves_play_and_no_other_move_does(game):
    legal = set(game.legal_moves())
    assert len(legal) == len(game.legal_moves())  # no duplicates
    for move in ALL_MOVES:
        trial = game.copy()
        if move in legal:
            trial.play(move)
        else:
            before = trial.position()
            try:
                trial.play(move)
            except IllegalMove as error:
                assert str(error)
            else:
                raise AssertionError(f"{move} played but is not in legal_moves()")
            assert trial.position() == before


@settings(max_examples=150, deadline=None)
@given(GAMES, st.integers(0, 10**6))
def test_undo_restores_the_exact_position(game, pick):
    legal = game.legal_moves()
    before = (game.position(), game.history, game.status)
    move = legal[pick % len(legal)] if legal else None
    if move is None:
        return
    game.play(move)
    assert game.undo() is move
    assert (game.position(), game.history, game.status) == before
    assert game.redo() is move


@settings(max_examples=100, deadline=None)
@given(GAMES, st.integers(0, 20))
def test_save_round_trips_with_redo_list(game, undos):
    for _ in range(undos):
        game.undo()
    copy = Game.from_json(game.to_json())
    assert copy.position() == game.position()
    assert copy.history == game.history
    assert copy.redo_moves == game.redo_moves
    assert copy.seed == game.seed
    assert copy.to_json() == game.to_json()


@settings(max_examples=100, deadline=None)
@given(GAMES)
def test_position_round_trips(game):
    assert Game.from_position(game.position()).position() == game.position()


@settings(max_examples=100, deadline=None)
@given(st.one_of(GAMES, NEAR_WINS))
@example(near_win(WINNABLE_SEEDS[0], 0))
@example(near_win(WINNABLE_SEEDS[0], 1))
def test_won_exactly_when_all_foundations_are_full(game):
    full = all(len(f) == FOUNDATION_SIZE for f in game.position()["foundations"])
    assert (game.status == WON) == full


def test_the_near_wins_include_wins():
    """The property above sees won games, not only games in play."""
    assert near_win(WINNABLE_SEEDS[0], 0).status == WON
    assert near_win(WINNABLE_SEEDS[0], 1).status != WON


@settings(max_examples=50, deadline=None)
@given(GAMES)
def test_restart_returns_to_the_deal_and_keeps_the_game_redoable(game):
    played = game.history
    game.restart()
    assert game.position() == Game.new(game.seed).position()
    assert game.redo_moves == played


@settings(max_examples=100, deadline=None)
@given(GAMES, GAMES)
def test_games_are_equal_exactly_when_their_positions_are(game, other):
    assert (game == other) is (game.position() == other.position())
    assert game == Game.from_position(game.position())  # neither history nor deal compared
    assert game == game.copy()
