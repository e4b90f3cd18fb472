"""Foundation 1 first: a deal searched for ways to complete foundation 1, the solver on from each.

    python scripts/first_foundation.py 7988                 # prints the record of a win, if found
    python scripts/first_foundation.py 7988 --keys 20000000 --nodes 2000000 --out won.txt

The deals the solver leaves undecided stick at foundation 1 (docs/winnability.md). This search
asks only whether foundation 1 can be completed, depth-first in the solver's own move order
(plot/searchstate.py), and hands each position where it is to the solver (`--nodes` each).
It is smaller than the solver's own search of the same deal in two ways:

- the waste below a card that can never leave it while foundation 1 is short (a card of its
  last step, or a hard card of a step it has passed: plot/deadends.py) is left out of the keys;
- it stops where foundation 1 is complete, so the positions of the rest of the game are the
  solver's, from each such position in turn.

It was written with a counting rule the solver has used since, `first_foundation_has_room`
(plot/deadends.py): once no card of a step foundation 1 still needs can come from the stock,
the tableau or the reserve, every card above its topmost copy in the waste must find room. With
the footing rule (`first_foundation_has_footing`, 2026-12-07), which cuts the branches where the
cards above a hard step's copy can find no footing on the tableau, it won deal 700.

Only the foundation-1 rules of plot/deadends.py cut this search: the reserve rule says a
position cannot be won, not that foundation 1 cannot be completed. A won line is checked by
replaying it with `Game.play`; a search that ends with no way to complete foundation 1 would
be a proof only as good as this script, so it is reported, not recorded.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from plot import Game, deadends, searchstate  # noqa: E402
from plot.cards import FIRST_FOUNDATION_SIZE  # noqa: E402
from plot.prng import SplitMix64  # noqa: E402
from plot.solver import engine_line, solve  # noqa: E402

RANK_BITS = searchstate.RANK_BITS


def first_foundation_dead(state, needs, after=None) -> bool:
    """plot.deadends.is_dead without the reserve rule: True if foundation 1 can never be
    completed from here."""
    if not state.stock_left and not deadends.can_still_score(state, needs):
        return True
    return deadends.first_foundation_stuck(state, after)


def key(state) -> tuple:
    """The solver's key for foundation 1's question: F2-F8 are empty, and the waste below a
    card that can never leave it is left out."""
    code, waste, found = state.waste_code, state.waste, state.found[0]
    if waste:
        hard = deadends.tableau_steps(state)[2]
        for depth, rank in enumerate(reversed(waste)):
            step = state.steps[rank]
            if deadends.never_leaves_waste(step, found, hard):
                code &= (1 << (RANK_BITS * (depth + 1))) - 1
                break
    return (state.stock_left, state.reserve_left, code, found, state.tableau_code)


def search(number: int, max_keys: int, nodes: int, report: int = 1_000_000,
           seed: int | None = None):
    """Search deal `number` for a win through each completion of foundation 1: (the winning
    moves or None, keys seen, completions tried, whether the search ran to its end). With
    `seed`, all but the foundation moves in an order shuffled by the solver's generator."""
    rng = None if seed is None else SplitMix64(seed)
    searchstate.is_dead = first_foundation_dead  # this search's question is foundation 1's
    try:
        game = Game.new(number)
        state = searchstate.SearchState(game.position())
        seen = {key(state)}
        stack = [(None, iter(state.moves(rng)))]
        tried = 0
        started = time.perf_counter()
        while stack:
            came, moves = stack[-1]
            move = next(moves, None)
            if move is None:
                stack.pop()
                if came is not None:
                    state.undo(came)
                continue
            state.apply(move)
            if state.found[0] >= FIRST_FOUNDATION_SIZE:
                tried += 1
                line = [m for m, _ in stack[1:]] + [move]
                won = _win_from(number, line, nodes)
                if won is not None:
                    return won, len(seen), tried, False
                state.undo(move)
                continue
            k = key(state)
            if k in seen:
                state.undo(move)
                continue
            seen.add(k)
            if len(seen) % report == 0:
                print(f"  {len(seen):,} keys, {tried} completions of F1 tried, "
                      f"{time.perf_counter() - started:.0f} s", file=sys.stderr, flush=True)
            if len(seen) >= max_keys:
                return None, len(seen), tried, False
            stack.append((move, iter(state.moves(rng, after=move))))
        return None, len(seen), tried, True
    finally:
        searchstate.is_dead = deadends.is_dead


def _win_from(number: int, line: list, nodes: int) -> list | None:
    """The whole game's moves if the solver wins from where `line` completes foundation 1."""
    searchstate.is_dead = deadends.is_dead  # the solver's own rules for the win
    try:
        game = Game.new(number)
        first = engine_line(game, line, searchstate.SearchState(game.position()))
        for move in first:
            game.play(move)
        result = solve(game, max_nodes=nodes)
        if result.verdict != "won":
            return None
        return [str(m) for m in first] + list(result.moves)
    finally:
        searchstate.is_dead = first_foundation_dead


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("deal", type=int)
    parser.add_argument("--keys", type=int, default=20_000_000, help="positions kept at most")
    parser.add_argument("--nodes", type=int, default=2_000_000,
                        help="the solver's budget from each completion of foundation 1")
    parser.add_argument("--out", type=Path, help="write the record of a win here")
    parser.add_argument("--seed", type=int, help="shuffle the moves (not the foundation moves)")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    won, keys, tried, ended = search(args.deal, args.keys, args.nodes, seed=args.seed)
    took = time.perf_counter() - started
    if won is None:
        why = ("foundation 1 can never be completed" if ended and not tried else
               "every completion of foundation 1 searched" if ended else "stopped at --keys")
        print(f"deal {args.deal}: no win found ({why}): {keys:,} keys, {tried} completions of "
              f"foundation 1, {took:.0f} s")
        return 1
    game = Game.new(args.deal)
    for move in won:
        game.play(move)  # the engine's own check of every move
    assert game.status == "won", game.status
    record = game.to_record()
    print(f"deal {args.deal}: won in {len(won)} moves ({keys:,} keys, {tried} completions of "
          f"foundation 1 tried, {took:.0f} s)", file=sys.stderr)
    if args.out:
        args.out.write_text(record, encoding="utf-8")
    else:
        print(record)
    return 0


if __name__ == "__main__":
    sys.exit(main())
