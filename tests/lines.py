"""Games for the solver's-help tests, made in CPython: a position proved lost while the engine still
says "playing", and a proved win replayed to the point where the stock is empty."""

from __future__ import annotations

import random

from plot import FOUNDATIONS, LOST, PLAYING, STOCK, TABLEAU, Game
from plot.prng import SplitMix64
from plot.solver import solve
from web.pagesave import PageSave
from web.room import ROWS, row_lengths


def page_save(game: Game, revision: int = 1) -> str:
    """The page's save record (localStorage "the-plot/save") for an engine game from a deal."""
    return PageSave(game, game.seed, 0.0, True, False, revision).to_json()


def lost_while_playing(first_seed: int = 1) -> Game:
    """Deterministic random play until the stock is empty; the first game the solver then proves
    lost (in few positions) although a card can still reach a foundation."""
    for seed in range(first_seed, first_seed + 200):
        rng = SplitMix64(seed)
        game = Game.new(seed)
        while game.status == "playing" and game.pile("S"):
            moves = game.legal_moves()
            game.play(moves[rng.below(len(moves))])
        if game.status == "playing" and solve(game, max_nodes=2_000).verdict == "lost":
            return game
    raise AssertionError("no lost-but-playing position in 200 seeds")


def won_with_empty_stock(first_seed: int = 1, seeds: int = 60) -> tuple[Game, list[str]]:
    """A solver's winning line replayed up to its last deal: the stock is empty, the rest of the
    line (returned) wins. The first deal from `first_seed` on (of `seeds`) solved quickly."""
    for seed in range(first_seed, first_seed + seeds):
        result = solve(Game.new(seed), max_nodes=50_000)
        if result.verdict != "won":
            continue
        line = list(result.moves)
        last_deal = max(i for i, move in enumerate(line) if move == "S-W")
        game = Game.new(seed)
        for move in line[:last_deal + 1]:
            game.play(move)
        assert not game.pile("S") and game.status == "playing"
        rest = line[last_deal + 1:]
        check = game.copy()
        for move in rest:
            check.play(move)
        assert check.status == "won"
        return game, rest
    raise AssertionError(f"no quick win in {seeds} seeds")


def build_longest(game: Game) -> None:
    """One greedy move: onto the longest tableau pile that takes a card (never from a pile at
    least as long), else deal."""
    moves = game.legal_moves()
    onto = [m for m in moves if m.dst in TABLEAU
            and (m.src not in TABLEAU or len(game.pile(m.src)) < len(game.pile(m.dst)))]
    game.play(max(onto, key=lambda m: len(game.pile(m.dst))) if onto
              else next(m for m in moves if m.src == STOCK))


def long_piles(seeds=range(1, 40)) -> Game:
    """A game whose tableau has long fanned piles in every row (T1-T4, T5-T8, T9-T12): greedy
    play that builds onto the longest pile, stopped where the rows' longest piles add up most."""
    best, best_game = -1, None
    for seed in seeds:
        game = Game.new(seed)
        while game.status == PLAYING and game.pile(STOCK):
            build_longest(game)
            rows = row_lengths(game)
            if min(rows) >= 6 and sum(rows) > best:
                best, best_game = sum(rows), game.copy()
    assert best_game is not None, "no deal builds long piles in every row"
    return best_game


def greedy_until(goal, seeds=range(1, 300)) -> tuple[Game, str]:
    """Greedy play (foundation moves, else deal) from each deal until the move that makes
    `goal(game_after)` true: returns the game just before that move, and the move."""
    for seed in seeds:
        game = Game.new(seed)
        while game.status == PLAYING:
            moves = game.legal_moves()
            move = next((m for m in moves if m.dst in FOUNDATIONS),
                        next((m for m in moves if m.src == STOCK), None))
            if move is None:
                break
            after = game.copy()
            after.play(move)
            if goal(after):
                return game, str(move)
            game = after
    raise AssertionError("no deal reaches the goal by greedy play")


def one_move_before_lost() -> tuple[Game, str]:
    """A game whose next move (returned) loses it: no card can reach a foundation after it."""
    return greedy_until(lambda game: game.status == LOST)


def one_move_before_foundation_1() -> tuple[Game, str]:
    """A game whose next move (returned) completes foundation 1 and opens foundations 2-8."""
    return greedy_until(lambda game: not game.restricted)


def only_the_stock_left(seed: int = 7) -> tuple[int, list[str]]:
    """A deal and the moves (random, seeded) after which dealing is the only legal move."""
    rng = random.Random(seed)
    for number in range(1, 200):
        game = Game.new(number)
        for _ in range(150):
            moves = game.legal_moves()
            if not moves or game.status != "playing":
                break
            game.play(rng.choice(moves))
            if game.status == "playing" and all(m.src == "S" for m in game.legal_moves()):
                return number, [str(m) for m in game.history]
    raise AssertionError("no position with only the stock left")


def shrinking_fan(seeds=range(1, 200)) -> tuple[Game, str]:
    """A game with a fan of 7 or more cards, the longest of its row by two, and a legal move that
    takes its top card out of the row without lengthening any other row's longest pile (to a
    foundation, or onto a shorter pile): (the game, the move). Greedy play builds the fan."""
    row_of = {name: row for row in ROWS for name in row}
    for seed in seeds:
        game = Game.new(seed)
        while game.status == PLAYING and game.pile(STOCK):
            for move in game.legal_moves():
                if move.src not in TABLEAU or move.dst in row_of[move.src]:
                    continue
                longest = len(game.pile(move.src))
                others = [len(game.pile(t)) for t in row_of[move.src] if t != move.src]
                dst_row_longest = (max(len(game.pile(t)) for t in row_of[move.dst])
                                   if move.dst in TABLEAU else None)
                if longest >= 7 and max(others) <= longest - 2 and (
                        dst_row_longest is None or len(game.pile(move.dst)) < dst_row_longest):
                    return game, str(move)
            build_longest(game)
    raise AssertionError(f"no fan to shorten in {seeds}")
