"""Settings (remembered), safe auto-play (opt-in), card motion and reduced motion."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from plot import Game
from plot.autoplay import safe_foundation_moves
from plot.solver import solve
from tests.e2e.tablepage import expected_table

AUTOPLAY_SEED = 5
COUNT_FLIGHTS = """() => { window.__flights = 0; const animate = Element.prototype.animate;
    Element.prototype.animate = function (...args) { window.__flights++;
        return animate.apply(this, args); }; }"""


def css_class(name: str) -> re.Pattern:
    """Matches a class attribute holding `name` (the page applies settings at its next frame)."""
    return re.compile(rf"(^|\s){re.escape(name)}(\s|$)")


def open_settings(table):
    table.page.locator("[data-action=settings]").click()
    expect(table.page.locator("#settings")).to_be_visible()


def close_settings(table):
    table.page.locator("#settings [data-action=close-panel]").click()
    expect(table.page.locator("#settings")).to_be_hidden()


def test_settings_change_the_look_and_are_remembered(table):
    table.open(2)
    page = table.page
    html = page.locator("html")
    open_settings(table)
    for name in ("four_colour", "contrast", "large", "autoplay"):
        expect(page.locator(f"[data-setting={name}]")).not_to_be_checked()  # all off at first
    expect(page.locator("[data-setting=back][value=red]")).to_be_checked()
    page.locator("label", has=page.locator("[data-setting=back][value=blue]")).click()
    page.locator("[data-setting=four_colour]").check()
    page.locator("[data-setting=contrast]").check()
    expect(html).to_have_attribute("data-back", "blue")
    expect(html).to_have_class(css_class("four-colour"))
    expect(html).to_have_class(css_class("high-contrast"))
    close_settings(table)
    table.reload()
    expect(html).to_have_attribute("data-back", "blue")
    assert page.evaluate("['four-colour', 'high-contrast'].every("
                         "c => document.documentElement.classList.contains(c))")
    open_settings(table)
    expect(page.locator("[data-setting=four_colour]")).to_be_checked()
    page.locator("[data-setting=four_colour]").uncheck()
    page.locator("[data-setting=contrast]").uncheck()
    page.locator("label", has=page.locator("[data-setting=back][value=red]")).click()
    close_settings(table)
    expect(html).not_to_have_class(css_class("four-colour"))


def test_safe_autoplay_is_off_by_default_and_sends_only_safe_cards(table):
    line = solve(Game.new(AUTOPLAY_SEED), max_nodes=200_000).moves
    game = Game.new(AUTOPLAY_SEED)
    table.open(AUTOPLAY_SEED)
    for move in line:  # play (by clicking) until the first safe auto-play move exists
        table.play(move)
        game.play(move)
        if safe_foundation_moves(game):
            break
    table.wait_table(expected_table(game))  # off by default: nothing was sent home by itself
    open_settings(table)
    table.page.locator("[data-setting=autoplay]").check()
    while moves := safe_foundation_moves(game):
        game.play(moves[0])
    table.wait_table(expected_table(game))
    expect(table.page.locator("#message")).to_contain_text("Auto-played")
    table.page.locator("[data-setting=autoplay]").uncheck()
    close_settings(table)


def test_cards_fly_between_piles_unless_motion_is_reduced(table):
    page = table.page
    table.open(1)
    page.evaluate(COUNT_FLIGHTS)
    table.play("S-W")
    page.wait_for_function("window.__flights >= 1")
    page.emulate_media(reduced_motion="reduce")
    try:
        page.evaluate("window.__flights = 0")
        table.play("S-W")
        game = Game.new(1)
        game.play("S-W")
        game.play("S-W")
        table.wait_table(expected_table(game))
        assert page.evaluate("window.__flights") == 0
    finally:
        page.emulate_media(reduced_motion="no-preference")
