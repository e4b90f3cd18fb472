"""A complete game won by clicking through a winning line found by the solver in CPython."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from plot import Game
from tests.e2e.tablepage import expected_table

solver = pytest.importorskip("plot.solver")


@pytest.fixture(scope="module")
def winning_line():
    """The first deal from 1 up that the solver wins quickly, checked by replaying it here."""
    for number in range(1, 60):
        result = solver.solve(Game.new(number), max_nodes=50_000)
        if result.verdict == "won":
            game = Game.new(number)
            for move in result.moves:
                game.play(move)
            assert game.status == "won"
            return number, list(result.moves)
    pytest.fail("the solver found no winning line in deals 1-59")


def test_a_whole_game_is_won_by_clicking(table, winning_line):
    number, line = winning_line
    table.open(number)
    game = Game.new(number)
    for i, move in enumerate(line, 1):
        table.play(move)
        game.play(move)
        if i % 50 == 0:  # check the table every so often, and always at the end
            table.wait_table(expected_table(game))
    table.wait_table(expected_table(game))
    table.page.wait_for_function("document.querySelector('[data-status]').dataset.status"
                                 " === 'won'")
    dialog = table.page.locator("#result")
    dialog.wait_for(state="visible")
    assert dialog.locator("h2").inner_text() == "You won!"
    assert f"{len(line)} moves" in dialog.inner_text()
    assert table.page.locator("#moves").inner_text() == str(len(line))
    assert all(table.table()[f"F{i}"]["count"] == 13 for i in range(1, 9))
    table.page.locator("[data-action=stats]").click()
    expect(table.page.locator("#stat-won")).to_have_text("1")
    expect(table.page.locator("#stat-fewest")).to_have_text(str(len(line)))
    expect(table.page.locator("#stat-streak")).to_have_text("1")
    table.page.keyboard.press("Escape")
    # a won game is finished: New game needs no confirmation
    dialog.locator("[data-action=new]").click()
    table.page.wait_for_function(
        "n => document.getElementById('game-number').textContent !== String(n)", arg=number)
    assert table.status() == "playing"
