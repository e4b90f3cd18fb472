"""A reload resumes the game where it was, with its undo history, in every engine."""

from __future__ import annotations

from plot import Game
from plot.prng import SplitMix64
from tests.e2e.tablepage import expected_table

NUMBER, SEED, MOVES = 11, 2024, 8


def seeded_moves(game: Game, rng: SplitMix64, count: int) -> list[str]:
    """`count` legal moves chosen by the seeded generator (card moves when there are some),
    played on `game`."""
    played = []
    for _ in range(count):
        moves = [m for m in game.legal_moves() if m.src != "S"] or game.legal_moves()
        move = moves[rng.below(len(moves))]
        game.play(move)
        played.append(str(move))
    return played


def test_a_reload_resumes_the_game_and_undo_still_works(player):
    player.open(NUMBER)
    game = Game.new(NUMBER)
    for move in seeded_moves(game.copy(), SplitMix64(SEED), MOVES):
        player.play(move)
        game.play(move)
    player.wait_table(expected_table(game))

    player.reload()
    player.wait_table(expected_table(game))
    assert "resumed" in player.text("#message")
    assert player.moves() == MOVES

    player.click(".bar [data-action=undo]")  # the Undo button
    game.undo()
    player.wait_moves(MOVES - 1, "undo by the button")
    player.wait_table(expected_table(game))
    player.page.key("z")                      # and the key
    game.undo()
    player.wait_moves(MOVES - 2, "undo by the Z key")
    player.wait_table(expected_table(game))
    player.click(".bar [data-action=redo]")
    game.redo()
    player.wait_moves(MOVES - 1, "redo by the button")
    player.wait_table(expected_table(game))
