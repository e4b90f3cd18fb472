"""What players ask for while they play (issue 17): the last move marked, the card speed (off:
no animation), Pause, and a word when only the stock is left."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from plot import Game
from tests.e2e.tablepage import ANIMATED_PROPERTIES, COMPOSITED, expected_table, new_table
from tests.lines import only_the_stock_left


def classes(table, name: str) -> str:
    return table.pile(name).get_attribute("class")


def test_the_last_move_is_marked_and_the_setting_turns_it_off(table):
    table.open(21)
    game = Game.new(21)
    move = next(m for m in game.legal_moves() if m.src != "S")
    table.play(str(move))
    expect(table.pile(move.dst)).to_have_class(re.compile(r"\blast-to\b"))
    assert "last-from" in classes(table, move.src)
    marked = table.page.eval_on_selector_all(".last-from, .last-to", "els => els.length")
    assert marked == 2
    page = table.page
    page.locator(".bar [data-action=settings]").click()
    page.locator("[data-setting=last_move]").set_checked(False)
    page.keyboard.press("Escape")
    page.wait_for_function("() => !document.querySelector('.last-from, .last-to')")
    expect(page.locator("#message")).to_have_text("The last move is no longer marked.")
    page.locator(".bar [data-action=settings]").click()
    page.locator("[data-setting=last_move]").set_checked(True)
    page.keyboard.press("Escape")


def test_card_speed_off_moves_cards_without_any_flight(table):
    page = table.page
    page.locator(".bar [data-action=settings]").click()
    page.locator("[data-setting=speed]").select_option("off")
    page.keyboard.press("Escape")
    expect(page.locator("html")).to_have_class(re.compile(r"\bno-motion\b"))
    table.open(22)
    game = Game.new(22)
    page.evaluate("""() => { window.flights = 0; new MutationObserver(records => {
        for (const r of records) window.flights += r.addedNodes.length; })
        .observe(document.getElementById('sky'), {childList: true}); }""")
    for _ in range(3):
        table.click_pile("S")
        game.play("S-W")
    table.wait_table(expected_table(game))
    assert page.evaluate("window.flights") == 0
    page.locator(".bar [data-action=settings]").click()
    page.locator("[data-setting=speed]").select_option("normal")
    page.keyboard.press("Escape")
    table.click_pile("S")
    game.play("S-W")
    table.wait_table(expected_table(game))
    assert page.evaluate("window.flights") == 1  # the deal flew, at normal speed


CLOCK_STEP_MS = 2_200  # how far the page's clock is moved on: the time shown gains 2 s


def test_pause_hides_the_table_and_stops_the_clock(browser, site_url):
    table = new_table(browser, site_url)
    page = table.page
    page.clock.install()  # the page's timers and clocks, moved on by the test, not by waiting
    try:
        table.goto("#game=23")
        table.click_pile("S")
        expect(page.locator("#moves")).to_have_text("1")
        page.keyboard.press("p")
        expect(page.locator("#pause")).to_be_visible()
        expect(page.locator("#table")).to_be_hidden()
        shown = page.locator("#time").inner_text()
        page.clock.run_for(CLOCK_STEP_MS)  # paused: the time shown stands still
        assert page.locator("#time").inner_text() == shown
        page.keyboard.press("d")      # a game key plays on: the deal is made, the table is back
        expect(page.locator("#pause")).to_be_hidden()
        expect(page.locator("#moves")).to_have_text("2")
        page.clock.run_for(CLOCK_STEP_MS)  # playing: the same step moves the time shown on
        expect(page.locator("#time")).not_to_have_text(shown)
        page.locator(".bar [data-action=pause]").click()  # a click on the time pauses too
        expect(page.locator("#pause")).to_be_visible()
        page.locator("#pause [data-action=resume]").click()
        expect(page.locator("#table")).to_be_visible()
        expect(page.locator("#message")).to_have_text("Resumed.")
        table.assert_clean()
    finally:
        table.context.close()


def test_only_the_stock_left_is_said_and_shown(table):
    number, line = only_the_stock_left()
    table.open(number)
    for move in line:
        table.play(move)
    game = Game.new(number)
    for move in line:
        game.play(move)
    table.wait_table(expected_table(game))
    expect(table.page.locator("#message")).to_contain_text("No moves left but the stock")
    assert "only-move" in classes(table, "S")
    # the stock breathes for as long as the player waits: on the compositor (opacity or
    # transform only), never a repaint of the table at every frame
    animated = table.page.evaluate(ANIMATED_PROPERTIES)
    assert animated.get("only-move"), animated
    assert set(animated["only-move"]) <= COMPOSITED, animated
    table.click_pile("S")
    expect(table.page.locator("#moves")).to_have_text(str(len(line) + 1))
