"""The deal of the day: proved winnable, the same for a date everywhere and for ever, and it
depends on nothing but the date and the frozen pool (not on the tiers or the solver)."""

import ast
import hashlib
import random
from datetime import date, timedelta
from functools import cache
from pathlib import Path

import pytest
from sitebuild.daily import shipped_pool
from sitebuild.winnable import read_winnable

from plot import Game
from plot.__main__ import main
from plot.daily import FIRST_DAY, daily_deal, parse_pool
from plot.difficulty import RATING_PLAYOUTS as PLAYOUTS
from plot.difficulty import RATING_SALT, playout_seeds
from plot.difficulty_study import read_study, write_study
from plot.game import WON
from plot.player import play_out
from plot.solver import solve

ROOT = Path(__file__).resolve().parent.parent
POOL = ROOT / "docs" / "daily-deals.txt"
STUDY = ROOT / "docs" / "difficulty-tiers.txt"
DAYS = 1_000
PROVED_AGAIN = 20  # the first days whose deals are won again here (solver, else a playout)
SOLVER_NODES = 200_000
# The frozen pool, by the SHA-256 of its numbers (sorted, one a line): it never changes.
POOL_SHA256 = "c0b00e3b02c56145169ed29b64b95ef103d3d7d1045d382783c51a385cf8dd8a"
# Dates and their deals, as first shipped: a change of the mapping must fail here.
SHIPPED = {"2026-12-01": 4576, "2026-12-02": 5277, "2026-12-03": 2640, "2026-12-31": 9502,
           "2027-11-30": 6863, "2029-08-26": 2091, "2053-12-07": 5444, "2053-12-08": 8650}


@cache
def pool() -> list[int]:
    return parse_pool(POOL.read_text(encoding="utf-8"))


def days(count: int = DAYS) -> list[date]:
    return [FIRST_DAY + timedelta(days=n) for n in range(count)]


def test_the_pool_is_frozen():
    text = "".join(f"{n}\n" for n in sorted(set(pool())))
    assert hashlib.sha256(text.encode("ascii")).hexdigest() == POOL_SHA256


def test_dates_keep_the_deals_they_shipped_with():
    assert {day: daily_deal(date.fromisoformat(day), pool()) for day in SHIPPED} == SHIPPED


def test_every_daily_deal_of_the_next_thousand_days_is_proved_winnable():
    winnable = set(read_winnable())
    assert set(pool()) <= winnable
    assert all(daily_deal(day, pool()) in winnable for day in days())


def winning_line(deal: int) -> tuple[str, ...]:
    """A winning line for the deal: the solver's, or else a simple player's playout's."""
    result = solve(Game.new(deal), max_nodes=SOLVER_NODES)
    if result.verdict == WON:
        return result.moves
    games = (play_out(Game.new(deal), s) for s in playout_seeds(deal, RATING_SALT, PLAYOUTS))
    return next((p.moves for p in games if p.won), ())


def test_the_first_daily_deals_are_won_again():
    for day in days(PROVED_AGAIN):
        deal = daily_deal(day, pool())
        game = Game.new(deal)
        for move in winning_line(deal):
            game.play(move)
        assert game.status == WON, (day, deal)


def test_the_same_date_gives_the_same_deal_whatever_order_the_pool_comes_in():
    shuffled = list(pool())
    random.Random(1).shuffle(shuffled)
    for day in days(50):
        assert daily_deal(day, pool()) == daily_deal(day, shuffled) == daily_deal(day, pool())
        assert daily_deal(day, pool() + pool()[:10]) == daily_deal(day, pool())


def test_no_two_days_of_a_cycle_share_a_deal():
    """The pool is dealt as one permutation per cycle: no collision in 1,000 days (or 9,869)."""
    deals = [daily_deal(day, pool()) for day in days()]
    assert len(set(deals)) == len(deals)
    cycle = [daily_deal(day, pool()) for day in days(len(pool()))]
    assert sorted(cycle) == sorted(set(pool()))


def test_the_next_cycle_is_shuffled_afresh():
    first = daily_deal(FIRST_DAY, pool())
    later = [daily_deal(FIRST_DAY + timedelta(days=len(pool()) * k), pool()) for k in (1, 2, 3)]
    assert all(deal in pool() for deal in later)
    assert len({first, *later}) > 1


def test_there_is_no_daily_deal_before_the_first_day():
    with pytest.raises(ValueError):
        daily_deal(FIRST_DAY - timedelta(days=1), pool())


@pytest.mark.parametrize(("argument", "reason"), [
    ((FIRST_DAY - timedelta(days=1)).isoformat(), "began on 2026-12-01"),
    ("2026-13-01", "is not a date")])
def test_the_command_refuses_a_date_with_a_reason(argument, reason, capsys):
    assert main(["daily", argument]) == 2
    out, err = capsys.readouterr()
    assert out == "" and reason in err and "Traceback" not in err


def test_daily_depends_on_the_date_and_the_pool_only():
    """plot/daily.py imports neither the solver nor the difficulty, and reads no clock."""
    source = (ROOT / "plot" / "daily.py").read_text(encoding="utf-8")
    imported = {node.module for node in ast.walk(ast.parse(source))
                if isinstance(node, ast.ImportFrom)}
    assert imported <= {"__future__", "collections.abc", "datetime", "functools", "prng"}
    assert "today" not in source and "now(" not in source and "time" not in imported


def test_regenerating_the_rated_list_changes_no_daily_deal(tmp_path, monkeypatch, capsys):
    """The command's first line stays the same when docs/difficulty-tiers.txt is remade."""
    first_lines = []
    for study in (STUDY, tmp_path / "regenerated.txt"):
        if study != STUDY:
            rows = read_study(STUDY.read_text(encoding="utf-8"))
            study.write_text(write_study(rows[::-1][:100][::-1], "regenerated"),
                             encoding="utf-8")
        monkeypatch.setattr("plot.__main__.STUDY_FILE", study)
        for day in days(5):
            main(["daily", day.isoformat()])
            first_lines.append(capsys.readouterr().out.splitlines()[0])
    assert first_lines[:5] == first_lines[5:]
    assert first_lines[0] == str(daily_deal(FIRST_DAY, pool()))


def test_daily_prints_the_deal_number_first(capsys):
    assert main(["daily", "2026-12-01"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == str(daily_deal(date(2026, 12, 1), pool()))
    assert "2026-12-01" in lines[1]


def test_the_shipped_pool_is_the_frozen_pool():
    assert parse_pool(shipped_pool()) == sorted(set(pool()))
    assert len(shipped_pool()) < 2_000
