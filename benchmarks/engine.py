"""Engine speed: seeded random games, timing legal-move listing + play; prints moves per second.

Times are this process's CPU time (time.process_time), so other work on a shared machine
inflates them less than wall-clock time would.
Run: python benchmarks/engine.py [--games N] [--max-moves N]
"""

import argparse
import os
import random
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from plot import Game  # noqa: E402


def random_games(games: int, max_moves: int, use_play: bool,
                 with_status: bool) -> tuple[int, float]:
    """Play `games` random games; return (moves made, seconds spent in the engine)."""
    moves = 0
    elapsed = 0.0
    for seed in range(games):
        game = Game.new(seed)
        choose = random.Random(seed).choice
        play = game.play if use_play else game.push
        start = time.process_time()
        for _ in range(max_moves):
            legal = game.legal_moves()
            if not legal:
                break
            play(choose(legal))
            moves += 1
            if with_status and game.status != "playing":
                break
        elapsed += time.process_time() - start
    return moves, elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--max-moves", type=int, default=400)
    args = parser.parse_args()
    print(f"{args.games} seeded random games, up to {args.max_moves} moves each")
    for label, use_play, with_status in (
        ("legal_moves + push (trusting)", False, False),
        ("legal_moves + play (validating)", True, False),
        ("legal_moves + play + status", True, True),
    ):
        moves, seconds = random_games(args.games, args.max_moves, use_play, with_status)
        print(f"{label:34s} {moves:8d} moves  {seconds:6.2f} s  {moves / seconds:10,.0f} moves/s")


if __name__ == "__main__":
    main()
