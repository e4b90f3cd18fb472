"""Known answers: the PRNG's reference outputs, pinned deals, and perft-style move counts."""

import hashlib
import json

import pytest

from plot import Game
from plot.prng import SplitMix64

SEED_1_DEAL = {
    "reserve": ["6D", "7D", "JS", "8S", "KC", "7H", "6C", "8S", "6S", "9S", "5S", "TD", "KH"],
    "stock": ["7C", "4D", "AS", "JH", "TS", "JH", "KH", "TH", "8H", "3H", "QS", "8C", "3D", "QH",
              "KD", "2H", "TC", "AH", "5D", "5H", "6H", "7D", "TS", "KC", "QS", "4D", "9H", "2D",
              "QD", "QC", "4H", "4S", "QD", "9D", "4C", "TD", "AD", "2C", "6C", "3S", "7S", "5D",
              "9C", "5S", "2S", "9D", "2C", "JD", "2D", "8D", "4C", "7S", "8D", "2S", "3C", "2H",
              "5H", "5C", "TH", "JC", "KS", "3D", "KD", "6D", "6H", "AC", "AH", "AC", "7H", "6S",
              "3H", "QH", "9H", "8H", "9S", "8C", "AS", "7C"],
    "waste": [],
    "foundations": [["JD"], [], [], [], [], [], [], []],
    "tableau": [["AD"], ["QC"], ["TC"], ["4H"], ["3S"], ["4S"], ["JS"], ["9C"], ["JC"], ["KS"],
                ["5C"], ["3C"]],
}


def test_splitmix64_reference_outputs():
    assert [SplitMix64(0).next64() for _ in range(1)] == [0xE220A8397B1DCDAF]
    rng = SplitMix64(1234567)
    assert [rng.next64() for _ in range(3)] == [
        6457827717110365317, 3203168211198807973, 9817491932198370423]


def test_seed_1_deal_is_pinned():
    assert Game.new(1).position() == SEED_1_DEAL


@pytest.mark.parametrize(("seed", "digest"), [
    (0, "104eb5320cbe0d77"),
    (1, "931fb6f0cc1f3982"),
    (42, "690b828e613b9bd3"),
    (2**64 - 1, "18122586a5f49d46"),
])
def test_deals_are_pinned(seed, digest):
    position = json.dumps(Game.new(seed).position(), sort_keys=True)
    assert hashlib.sha256(position.encode()).hexdigest()[:16] == digest


@pytest.mark.parametrize("bad", [-1, 2**64, 1.5, "7", True, None])
def test_game_numbers_out_of_range_are_refused(bad):
    with pytest.raises(ValueError, match="game number"):
        Game.new(bad)


def perft(game: Game, depth: int) -> int:
    """Leaf count of the legal-move tree to `depth`, as in chess perft."""
    if depth == 0:
        return 1
    total = 0
    for move in game.legal_moves():
        game.push(move)
        total += perft(game, depth - 1)
        game.undo()
    return total


@pytest.mark.parametrize(("seed", "counts"), [
    (1, [11, 101, 792, 5415]),
    (2, [12, 110, 817, 5502]),
])
def test_perft(seed, counts):
    game = Game.new(seed)
    assert [perft(game, depth) for depth in range(1, len(counts) + 1)] == counts
    assert game.position() == Game.new(seed).position()


def test_move_counts_along_a_fixed_line():
    game = Game.new(1)
    counts, line = [], []
    for step in range(40):
        legal = game.legal_moves()
        counts.append(len(legal))
        line.append(str(game.play(legal[(step * 7) % len(legal)])))
    assert counts == [11, 11, 10, 7, 5, 2, 2, 1, 2, 1, 2, 2, 1, 1, 1, 2, 1, 1, 2, 2, 1, 1, 1, 2,
                      2, 2, 2, 1, 1, 1, 7, 1, 1, 1, 1, 4, 3, 3, 4, 3]
    assert " ".join(line) == (
        "T2-F1 T10-T1 T5-T6 R-F1 T12-T4 S-W T8-T3 S-W W-F1 S-W W-T3 S-W S-W S-W S-W S-W S-W "
        "S-W W-T3 S-W S-W S-W S-W S-W W-T3 S-W T11-T3 S-W S-W S-W W-T2 S-W S-W S-W S-W W-T4 "
        "T4-F1 T6-F1 T6-T3 T3-F1")
    assert game.cards_on_foundations == 7


def test_text_rendering_shows_every_pile():
    text = str(Game.new(1))
    assert text.splitlines()[:4] == ["base rank J, playing, 0 moves", "R   KH (13)",
                                     "S   78 cards", "W   --"]
    assert "F1  JD" in text and "T12 3C" in text
