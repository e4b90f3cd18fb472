"""The post-mortem (plot/postmortem.py) and the replay and analyse commands, on games whose slip
is known: the position before it won (a line that replays), the one after it lost (a proof)."""

import datetime
import random
from pathlib import Path
from unittest.mock import patch

import pytest

from plot import Game
from plot.__main__ import main, slip_summary
from plot.postmortem import (
    DEEPEN_FACTOR,
    RETRIES,
    RETRY_FACTOR,
    Analysis,
    PositionVerdict,
    slip,
    verdicts,
)
from plot.solver import LOST, UNKNOWN, WON, Result, solve
from tests.helpers import build
from tests.test_solver import replays_to_win

FIXTURES = Path(__file__).parent / "fixtures"

DAY = datetime.date(2026, 12, 1)
WASTE_TO_PLAY_OUT = ["4S", "4H", "3S", "3H", "2S", "2H", "AS", "AH", "KS", "KH", "QS", "QH",
                     "JS", "JH", "TS", "TH", "9D"]


def reserve_trap() -> Game:
    """Base rank 5, F1-F6 complete, F7 and F8 need an 8; the reserve is 9H on 8H, 8D on T1.

    1. T1-F7 is fine (then R-F7, R-F8 and the waste plays out), but 2. W-F7 puts the 9D on F7:
    now the reserve's 9H needs a foundation at 9 and the only 8 left lies under it. Lost.
    """
    game = Game.from_position(build(foundations=[["5C"]], tableau={"T1": ["8D"]},
                                    reserve=["8H", "9H"], waste=WASTE_TO_PLAY_OUT,
                                    rest="foundations"))
    for move in ("T1-F7", "W-F7", "W-F7"):
        game.play(move)
    return game


def recorded_game(deal: int) -> Game:
    """A lost game kept as a record (tests/fixtures/lost-deal-N.txt): the solver's winning line
    for 60 moves, then random moves until lost (line_then_random with tail seed 3, as it played
    when the record was written; the solver's line changes whenever its search does)."""
    return Game.from_record((FIXTURES / f"lost-deal-{deal}.txt").read_text(encoding="utf-8"))


def random_lost_game(deal: int) -> Game:
    """The random losing game of `deal` (benchmarks/postmortem.py `losing_game`), as recorded."""
    return Game.from_record((FIXTURES / f"random-lost-deal-{deal}.txt").read_text(encoding="utf-8"))


def line_then_random(seed: int, follow: int, tail_seed: int) -> Game:
    """Deal `seed`: the solver's winning line for `follow` moves, then random moves until lost."""
    game = Game.new(seed)
    for move in solve(game, max_nodes=200_000).moves[:follow]:
        game.play(move)
    choose = random.Random(tail_seed).choice
    while game.status == "playing":
        game.push(choose(game.legal_moves()))
    return game


def after(game: Game, number: int) -> Game:
    """The game after its first `number` moves."""
    position = Game.from_position(game.start_position())
    for move in game.history[:number]:
        position.play(move)
    return position


def assert_slip_is(game: Game, number: int, line) -> None:
    """The slip is move `number`: the line wins from before it, a search proves it lost after."""
    assert replays_to_win(after(game, number - 1), line)
    assert solve(after(game, number), max_seconds=30).verdict == LOST


def test_the_slip_of_a_reserve_trap():
    game = reserve_trap()
    found = verdicts(game)
    assert [v.verdict for v in found] == [WON, WON, LOST, LOST]
    assert slip(found) == 2 and found[2].move == "W-F7"
    assert found[1].line[:2] == ("R-F7", "R-F8")
    assert_slip_is(game, 2, found[1].line)


def test_analyse_prints_each_move_the_slip_and_a_line(tmp_path, capsys):
    path = tmp_path / "trap.txt"
    path.write_text(reserve_trap().to_record(DAY))
    assert main(["analyse", str(path), "--line"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[:5] == ["start won", "1 T1-F7 won", "2 W-F7 lost", "3 W-F7 lost", "slip: 2 W-F7"]
    assert out[5].startswith("line: R-F7 R-F8 ")
    assert replays_to_win(after(reserve_trap(), 1), out[5].split()[1:])
    assert len(out) == 6


def test_analyse_finds_the_slip_after_a_winning_line(tmp_path, capsys):
    game = line_then_random(seed=2, follow=120, tail_seed=7)
    path = tmp_path / "game.txt"
    path.write_text(game.to_record(DAY))
    assert main(["analyse", str(path), "--budget", "1", "--line"]) == 0
    out = capsys.readouterr().out.splitlines()
    rows = [line.split() for line in out[1:-2]]
    assert out[0] == "start won"
    assert [row[:2] for row in rows] == [[str(n), str(m)] for n, m in enumerate(game.history, 1)]
    assert {row[2] for row in rows} <= {WON, LOST, UNKNOWN}
    number = int(out[-2].split()[1])
    assert number > 120 and out[-2] == f"slip: {number} {game.history[number - 1]}"
    assert [row[2] for row in rows[number - 2:number]] == [WON, LOST]
    assert_slip_is(game, number, out[-1].split()[1:])


def test_a_won_game_and_a_lost_deal_have_no_slip(tmp_path, capsys):
    won = Game.from_position(build(foundations=[["5S"]], tableau={"T1": ["4H"]},
                                   rest="foundations"))
    won.play("T1-F8")
    assert [v.verdict for v in verdicts(won)] == [WON, WON]
    lost = Game.new(129)  # lost on the deal by the reserve rule (docs/winnability.md)
    lost.play("S-W")
    path = tmp_path / "lost.txt"
    path.write_text(lost.to_record(DAY))
    assert main(["analyse", str(path)]) == 0
    assert capsys.readouterr().out.splitlines() == [
        "start lost", "1 S-W lost", "slip: none (the deal is lost)"]


def test_slip_of_verdict_lists():
    def of(*kinds):
        return [PositionVerdict(i, None if i == 0 else "S-W", kind) for i, kind in
                enumerate(kinds)]

    assert slip(of(WON, WON, LOST, LOST)) == 2
    assert slip(of(WON, UNKNOWN, LOST)) is None
    assert slip(of(LOST, LOST)) is None
    assert slip(of(WON, WON)) is None


def test_the_slip_summary_says_none_only_when_it_is_proved():
    def of(*kinds):
        return [PositionVerdict(i, None if i == 0 else "S-W", kind) for i, kind in
                enumerate(kinds)]

    assert slip_summary(of(WON, WON)) == "slip: none"
    assert slip_summary(of(UNKNOWN, WON)) == "slip: none"  # the game was won: no slip
    assert slip_summary(of(UNKNOWN, UNKNOWN)) == (
        "slip: unknown (2 of 2 positions undecided; a longer --budget may decide them)")
    assert slip_summary(of(WON, UNKNOWN)).startswith("slip: unknown (1 of 2")
    assert slip_summary(of(WON, LOST)) == "slip: 1 S-W"
    assert slip_summary(of(LOST, LOST)) == "slip: none (the deal is lost)"


def test_analyse_with_nothing_decided_says_the_slip_is_unknown(tmp_path, capsys):
    game = Game.new(42)
    game.play("T6-F1")
    path = tmp_path / "game.txt"
    path.write_text(game.to_record(DAY))
    with patch("plot.__main__.Analysis.run", lambda self: [
            PositionVerdict(0, None, UNKNOWN), PositionVerdict(1, "T6-F1", UNKNOWN)]):
        assert main(["analyse", str(path)]) == 0
    assert capsys.readouterr().out.splitlines()[-1].startswith("slip: unknown (2 of 2")


def test_one_position_at_a_time_as_the_page_does():
    """next_position, a sliced Solver, add: the same verdicts as run()."""
    game = line_then_random(seed=2, follow=120, tail_seed=7)
    sliced = Analysis(game)
    solved = 0
    while (number := sliced.next_position()) is not None:
        solver = sliced.solver(number)
        result = None
        while result is None and solver.nodes < 200_000:
            result = solver.step(500)
        sliced.add(number, result or solver.give_up())
        solved += 1
    assert solved < game.moves_played // 4  # bisection: a few positions decide them all
    whole = Analysis(game, budget=5).run()
    assert [v.verdict for v in sliced.verdicts] == [v.verdict for v in whole]
    assert slip(whole) is not None


def test_verdicts_are_monotone_and_won_lines_replay():
    game = line_then_random(seed=42, follow=60, tail_seed=1)
    found = verdicts(game, budget=0.2)
    kinds = "".join(v.verdict[0] for v in found)
    assert "lw" not in kinds and "lu" not in kinds and "uw" not in kinds
    for v in found[::25]:
        if v.verdict == WON:
            assert replays_to_win(after(game, v.number), v.line)


def test_replay_prints_the_final_table_and_its_status(tmp_path, capsys):
    game = reserve_trap()
    path = tmp_path / "trap.txt"
    path.write_text(game.to_record(DAY))
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert out == f"{game}\nstatus: playing\n"


@pytest.mark.parametrize("command", ["replay", "analyse"])
def test_a_bad_record_is_refused_with_its_line(tmp_path, capsys, command):
    path = tmp_path / "bad.txt"
    path.write_text('[Game "The Plot"]\n[Deal "42"]\n\n1. S-W 2. W-R\n')
    assert main([command, str(path)]) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == (f"{path}: line 4, move 2: W-R is illegal: Nothing can be put on "
                            "the reserve.\n")
    assert main([command, str(tmp_path / "missing.txt")]) == 1
    assert "cannot read it" in capsys.readouterr().err


def test_undecided_positions_between_won_and_lost_are_searched_again_a_few_times():
    """After the first round (each position tried once), next_position offers up to RETRIES of
    the positions still undecided between the last won and the first lost, each once."""
    game = recorded_game(33)
    analysis = Analysis(game)
    order = []
    while (number := analysis.next_position()) is not None:
        retry = analysis.is_retry(number)
        if retry:
            found = [v.verdict for v in analysis.verdicts]
            assert found[number] == UNKNOWN
            assert WON not in found[number:] and LOST not in found[:number + 1]
        order.append((number, retry))
        nodes = analysis.budget_for(number, 2_000)
        assert nodes == (2_000 * RETRY_FACTOR if retry else 2_000)
        analysis.add(number, analysis.solver(number).step(nodes) or Result(UNKNOWN))
    retried = [number for number, retry in order if retry]
    firsts = [number for number, retry in order if not retry]
    assert 0 < len(retried) <= RETRIES and len(set(retried)) == len(retried)
    assert set(retried) <= set(firsts)  # only positions tried before
    assert order.index((retried[0], True)) > max(order.index((n, False)) for n in firsts)


def test_deepen_searches_where_the_slip_may_be_again_deeper_until_it_is_pinned():
    """Deal 19's random lost game, searched as the page searches it (1,000 positions a
    position): the slip stays among six undecided positions after move 50, the last proved
    winnable; deepened once (ten times the budgets), the search pins it at move 51, the move
    from the position after move 50, with a winning line from there."""
    game = random_lost_game(19)
    analysis = Analysis(game)
    analysis.run_counted(1_000)
    assert slip(analysis.verdicts) is None
    assert analysis.last_won() == 50 and analysis.undecided() == range(51, 57)
    assert {v.verdict for v in analysis.verdicts[51:57]} == {UNKNOWN}
    asked = []
    analysis.deepen()
    while (number := analysis.next_position()) is not None:
        asked.append(number)
        assert number in range(51, 57)  # only where the slip may be
        budget = analysis.budget_for(number, 1_000)
        assert budget == 1_000 * DEEPEN_FACTOR * (RETRY_FACTOR if analysis.is_retry(number) else 1)
        analysis.add(number, analysis.solver(number).step(budget) or Result(UNKNOWN))
    assert asked and slip(analysis.verdicts) == 51 and not analysis.undecided()
    assert replays_to_win(after(game, 50), analysis.line(50))
    for position, verdict in enumerate(analysis.verdicts):
        assert verdict.verdict == (WON if position <= 50 else LOST)


def test_deepen_searches_again_what_it_had_left_undecided_and_keeps_proofs():
    """Analysis.step() answers a position met again from memory; after deepen() a position
    left undecided is searched again, DEEPEN_FACTOR times longer, and what was proved stays."""
    game = random_lost_game(19)
    analysis = Analysis(game, budget=1e-6)  # each search stops at its first look at the clock:
    with patch("plot.solver._CLOCK_EVERY", 1024):  # a search of 1,024 positions each
        analysis.run()
    before = [v.verdict for v in analysis.verdicts]
    assert UNKNOWN in before and before[-1] == LOST
    analysis.deepen()
    searched = []

    def counted(position, dead, max_seconds):
        searched.append(max_seconds)
        return Result(UNKNOWN)

    with patch("plot.postmortem.solve", counted):
        while analysis.step() is not None:
            pass
    assert len(searched) == before.count(UNKNOWN) + RETRIES
    deeper = 1e-6 * DEEPEN_FACTOR
    assert searched[0] == deeper and max(searched) == deeper * RETRY_FACTOR
    assert [v.verdict for v in analysis.verdicts] == before
