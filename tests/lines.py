"""Games for the solver's-help tests, made in CPython: a position proved lost while the engine still
says "playing", and a proved win replayed to the point where the stock is empty."""

from __future__ import annotations

from plot import Game
from plot.prng import SplitMix64
from plot.solver import solve
from web.pagesave import PageSave


def page_save(game: Game) -> str:
    """The page's save record (localStorage "the-plot/save") for an engine game from a deal."""
    return PageSave(game, game.seed, 0.0, True, False, 1).to_json()


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


def won_with_empty_stock(first_seed: int = 1) -> tuple[Game, list[str]]:
    """A solver's winning line replayed up to its last deal: the stock is empty, the rest of the
    line (returned) wins."""
    for seed in range(first_seed, first_seed + 60):
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
    raise AssertionError("no quick win in 60 seeds")
