"""Difficulty: rate() is pure and deterministic, the tiers follow their floors, the simple player
plays legal games from what it can see, and the shipped tier file is the study's, compactly."""

from functools import cache
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from sitebuild.tiers import shipped_tiers

from plot import Game
from plot.__main__ import main
from plot.difficulty import (
    CODE_ORDER,
    EASY,
    EASY_FROM,
    EXPERT,
    HARD,
    HARD_FROM,
    MEDIUM,
    MEDIUM_FROM,
    NOT_WINNABLE,
    TIERS,
    rate,
    read_tier_file,
    reserve_runs,
    tier_of,
    write_tier_file,
)
from plot.difficulty_study import (
    TIER_SHARES_PERCENT,
    read_study,
    study_row,
    suggested_floors,
    tier_codes,
    write_study,
)
from plot.game import LOST, WON
from plot.player import SimplePlayer, play_out
from plot.prng import SplitMix64
from plot.solver import UNKNOWN

STUDY = Path(__file__).resolve().parent.parent / "docs" / "difficulty-tiers.txt"
PROVED_SINCE_THE_STUDY = (13, 117, 700, 5619, 6598, 7988, 9942)  # unproved (U) in the study
LOST_DEAL = 129  # lost on the deal: its reserve can never be played out (docs/winnability.md)
STUDIED = 10_000  # deals 1..STUDIED are in the study file
FEW_PLAYOUTS = 6
FEW_NODES = 20_000
MAX_SHIPPED_BYTES = 6_000


@cache
def study_rows():
    return read_study(STUDY.read_text(encoding="utf-8"))


def test_rate_is_deterministic():
    assert rate(2, FEW_PLAYOUTS, FEW_NODES) == rate(2, FEW_PLAYOUTS, FEW_NODES)


def test_rate_never_changes_the_deal_and_reports_its_measures():
    rating = rate(2, FEW_PLAYOUTS, FEW_NODES)
    assert rating.seed == 2 and rating.tier in TIERS and rating.playouts == FEW_PLAYOUTS
    assert rating.verdict == WON and rating.line_moves > 0 and rating.line_branching > 1
    assert 0 <= rating.wins <= rating.first_foundation_completions <= FEW_PLAYOUTS
    assert rating.reserve_runs == reserve_runs(Game.new(2))


def test_a_proved_loss_is_not_winnable():
    rating = rate(LOST_DEAL, FEW_PLAYOUTS, FEW_NODES)
    assert (rating.verdict, rating.tier, rating.wins) == (LOST, NOT_WINNABLE, 0)


def test_tier_boundaries():
    playouts = 100
    assert tier_of(WON, EASY_FROM, playouts) == EASY
    assert tier_of(WON, EASY_FROM - 1, playouts) == MEDIUM
    assert tier_of(WON, MEDIUM_FROM, playouts) == MEDIUM
    assert tier_of(WON, MEDIUM_FROM - 1, playouts) == HARD
    assert tier_of(WON, HARD_FROM, playouts) == HARD
    assert tier_of(WON, HARD_FROM - 1, playouts) == EXPERT
    assert tier_of(WON, 0, playouts) == EXPERT
    assert tier_of(WON, playouts, playouts) == EASY
    assert tier_of(UNKNOWN, playouts, playouts) == EXPERT
    assert tier_of(LOST, 0, playouts) == NOT_WINNABLE


def test_the_tier_floors_are_the_studys_shares():
    """The floors in plot/difficulty.py split deals 1-10,000 as TIER_SHARES_PERCENT says."""
    floors = suggested_floors(study_rows())
    assert (floors[EASY], floors[MEDIUM], floors[HARD]) == (EASY_FROM, MEDIUM_FROM, HARD_FROM)


def test_the_study_file_follows_the_tier_rule():
    rows = study_rows()
    assert [row.rating.seed for row in rows] == list(range(1, STUDIED + 1))
    for row in rows:
        r = row.rating
        assert r.tier == tier_of(r.verdict, r.wins, r.playouts)
    shares = {tier: sum(row.rating.tier == tier for row in rows) for tier in TIERS}
    assert shares[EASY] > shares[MEDIUM] > shares[HARD] > shares[EXPERT] > shares[NOT_WINNABLE]
    assert set(TIER_SHARES_PERCENT) == {EASY, MEDIUM, HARD, EXPERT}


def test_the_study_file_is_this_code_s_for_the_simple_player():
    """Re-run a few deals: the player's wins (which do not depend on the solver) are the file's."""
    rows = {row.rating.seed: row for row in study_rows()[:3]}
    for seed, row in rows.items():
        again = study_row(seed)
        assert (again.rating.wins, again.rating.first_foundation_completions,
                again.rating.reserve_runs, again.check_wins, again.attentive_wins) == (
            row.rating.wins, row.rating.first_foundation_completions, row.rating.reserve_runs,
            row.check_wins, row.attentive_wins)


def test_the_study_file_round_trips():
    rows = study_rows()[:50]
    assert read_study(write_study(rows, "python -m plot rate-study")) == rows


@given(st.integers(0, 10**6), st.text(alphabet=CODE_ORDER, max_size=500))
def test_tier_file_round_trips(first, codes):
    assert read_tier_file(write_tier_file(first, codes)) == (first, codes)


@pytest.mark.parametrize("text", ["tiers 1 4\n0!\n", "tiers 1 4\n0\n", "tiers 1 2\n00\n",
                                  "tier 1 2\n0\n", "tiers one 2\n0\n"])
def test_a_garbled_tier_file_is_refused(text):
    with pytest.raises(ValueError):
        read_tier_file(text)


def test_the_shipped_tier_file_is_the_studys_with_the_deals_decided_since_and_small():
    """The eight deals the study left unproved ship as proved since (docs/winnability.md): 593
    lost, the others won (each by a record in tests/fixtures) and Expert by their playouts."""
    text = shipped_tiers()
    first, shipped = read_tier_file(text)
    study_first, study = tier_codes(study_rows())
    assert first == study_first and len(shipped) == len(study)
    changed = {first + place: (was, now)
               for place, (was, now) in enumerate(zip(study, shipped, strict=True)) if was != now}
    assert changed == {593: ("U", "N"), **{deal: ("U", "X") for deal in PROVED_SINCE_THE_STUDY}}
    assert len(text.encode("ascii")) < MAX_SHIPPED_BYTES


def test_rate_prints_the_tier_first(capsys):
    assert main(["rate", "2", "--playouts", str(FEW_PLAYOUTS), "--nodes", str(FEW_NODES)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == rate(2, FEW_PLAYOUTS, FEW_NODES).tier
    assert any("simple player" in line for line in lines[1:])


def test_rate_prints_not_winnable_first_for_a_lost_deal(capsys):
    main(["rate", str(LOST_DEAL), "--playouts", "2", "--nodes", str(FEW_NODES)])
    assert capsys.readouterr().out.splitlines()[0] == NOT_WINNABLE


def test_a_playout_is_legal_and_reproducible():
    game = Game.new(2)
    first, second = play_out(game, 7), play_out(game, 7)
    assert first == second
    replay = game.copy()
    for move in first.moves:
        replay.play(move)  # raises IllegalMove if the player broke a rule
    assert replay.cards_on_foundations == first.cards_home
    assert game.moves_played == 0


def test_some_playouts_win_and_a_win_is_a_won_game():
    game = Game.new(2)
    wins = [p for p in (play_out(game, s) for s in range(20)) if p.won]
    assert wins
    replay = game.copy()
    for move in wins[0].moves:
        replay.play(move)
    assert replay.status == WON


def test_the_player_never_looks_at_the_stock():
    """Two deals alike but for the stock's order get the same first moves until the first deal."""
    position = Game.new(3).position()
    other = dict(position, stock=position["stock"][:-1][::-1] + position["stock"][-1:])
    games = [Game.from_position(position), Game.from_position(other)]
    players = [SimplePlayer(g, SplitMix64(11)) for g in games]
    for _ in range(30):
        moves = [p.choose() for p in players]
        assert moves[0] is moves[1]
        for g, move in zip(games, moves, strict=True):
            g.push(move)
        if str(moves[0]) == "S-W" and games[0].top("W") != games[1].top("W"):
            break
