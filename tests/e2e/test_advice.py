"""The solver's help in the page: Hint, the winnable indicator, winnable-only deals, Finish."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import expect

from plot import Game
from plot.solver import solve
from tests.e2e.tablepage import expected_table
from tests.helpers import won_record
from tests.lines import lost_while_playing, page_save, won_with_empty_stock

SAVE_KEY = "the-plot/save"
SEEDS = Path(__file__).resolve().parents[2] / "docs" / "winnable-seeds.txt"


@pytest.fixture(scope="module")
def lost_game():
    return lost_while_playing()


def set_setting(table, name: str, on: bool) -> None:
    page = table.page
    page.locator("[data-action=settings]").click()
    box = page.locator(f"[data-setting={name}]")
    box.set_checked(on)
    page.keyboard.press("Escape")
    expect(page.locator("#settings")).to_be_hidden()


def expect_hint(table, move: str) -> None:
    src, dst = move.split("-")
    expect(table.pile(src)).to_have_class(_has("hint-from"))
    expect(table.pile(dst)).to_have_class(_has("hint-to"))
    assert table.page.locator(".hint-from").count() == 1
    assert table.page.locator(".hint-to").count() == 1


def _has(flag: str):
    import re

    return re.compile(rf"(^|\s){flag}(\s|$)")


def test_hint_highlights_the_next_move_of_a_winning_line_and_following_it_is_instant(table):
    line = solve(Game.new(1), max_nodes=50_000).moves
    table.open(1)
    table.page.keyboard.press("h")
    expect_hint(table, line[0])
    assert table.message().startswith("Hint: ")
    assert table.page.locator(".selected, .target").count() == 0  # not a selection
    expect(table.page.locator("html")).not_to_have_class(_has("thinking"))
    table.play(line[0])
    expect(table.page.locator(".hint-from")).to_have_count(0)
    table.page.locator("[data-action=hint]").click()
    expect_hint(table, line[1])


def test_the_hinted_card_picked_up_shows_as_selected_and_the_hint_s_target_stays(table):
    """Hint, then a click on the hinted card: the card shows the selection's blue ring, still
    and lifted, not the hint's pulsing violet one (which hid the selection), and the hint's
    destination stays marked among the highlighted piles."""
    line = solve(Game.new(3), max_nodes=50_000).moves
    src, dst = line[0].split("-")
    table.open(3)
    table.page.keyboard.press("h")
    expect_hint(table, line[0])
    table.click_pile(src)
    expect(table.pile(src)).to_have_class(_has("selected"))
    expect(table.pile(src)).not_to_have_class(_has("hint-from"))
    expect(table.pile(dst)).to_have_class(_has("hint-to"))
    expect(table.pile(dst)).to_have_class(_has("target"))
    look = table.page.evaluate("""name => {
      const card = [...document.querySelectorAll(`[data-pile=${name}] > .card`)].pop();
      const style = getComputedStyle(card);
      return [style.boxShadow, style.animationName];
    }""", src)
    assert "rgb(111, 211, 255)" in look[0] and "226, 141, 255" not in look[0], look
    assert look[1] == "none", look
    table.click_pile(dst)  # the move played: the next hint is the line's next move
    expect(table.page.locator("#moves")).to_have_text("1")
    table.page.keyboard.press("h")
    expect_hint(table, line[1])


def test_hint_on_a_position_that_can_no_longer_be_won_says_so(table, lost_game):
    table.store_and_open(SAVE_KEY, page_save(lost_game))
    assert table.status() == "playing"
    table.page.keyboard.press("h")
    expect(table.page.locator("#message")).to_contain_text("can no longer be won")
    assert table.page.locator(".hint-from").count() == 0


def test_the_still_winnable_indicator_is_off_by_default_and_follows_every_move(table, lost_game):
    indicator = table.page.locator("#winnable")
    expect(indicator).to_be_hidden()
    set_setting(table, "check_winnable", True)
    expect(indicator).to_have_text("No longer winnable")
    table.open(129)  # lost on the deal: its reserve can never be played out
    expect(indicator).to_have_text("Not winnable")
    table.open(1)
    expect(indicator).to_have_text("Winnable")
    table.click_pile("S")
    expect(table.page.locator("#moves")).to_have_text("1")
    expect(indicator).to_have_attribute("data-winnable", _has("winnable|thinking"))
    expect(indicator).to_have_text("Winnable")
    table.store_and_open(SAVE_KEY, page_save(lost_game))  # reload: the setting is remembered
    expect(indicator).to_have_text("No longer winnable")
    set_setting(table, "check_winnable", False)
    expect(indicator).to_be_hidden()


def test_winnable_deals_only_deals_a_proved_winnable_game_number(table):
    proved = {int(line) for line in SEEDS.read_text().splitlines()
              if line.strip() and not line.startswith("#")}
    set_setting(table, "winnable_only", True)
    expect(table.page.locator("html")).to_have_attribute("data-winnable-deals", "loaded")
    for _ in range(3):
        before = table.page.locator("#game-number").inner_text()
        table.page.locator(".bar [data-action=new]").click()  # never asks: Undo could bring it back
        expect(table.page.locator("#game-number")).not_to_have_text(before)
        number = int(table.page.locator("#game-number").inner_text())
        assert number in proved
        expect(table.page.locator("#winnable-deal")).to_be_visible()
        expect(table.page.locator("#message")).to_contain_text("proved winnable")
    set_setting(table, "winnable_only", False)
    expect(table.page.locator("#winnable-deal")).to_be_hidden()


def test_the_hardest_proved_deals_hint_and_show_a_win_from_their_shipped_line(table):
    """Deal 117: proved winnable after the study, beyond what the page's solver finds in its
    2 seconds. Its shipped line answers Hint at once, and Show me a win plays it."""
    line = [str(move) for move in won_record(117).history]
    table.open(117)
    expect(table.page.locator("html")).to_have_attribute("data-winning-lines", "loaded")
    table.page.keyboard.press("h")
    expect_hint(table, line[0])
    expect(table.page.locator("html")).not_to_have_class(_has("thinking"))
    table.play(line[0])
    table.page.locator("[data-action=hint]").click()
    expect_hint(table, line[1])
    table.page.keyboard.press("m")
    table.page.locator("#story [data-action=demo]").click()
    expect(table.page.locator("#message")).to_contain_text("Showing a win")
    table.page.wait_for_function("() => Number(document.getElementById('moves').textContent)"
                                 " >= 8", timeout=20_000)
    table.page.mouse.click(5, 400)  # stops it
    expect(table.page.locator("#message")).to_contain_text("Show me a win again")
    played = int(table.page.locator("#moves").inner_text())
    game = Game.new(117)
    for move in line[:played]:
        game.play(move)
    table.wait_table(expected_table(game))


def test_finish_appears_with_an_empty_stock_and_a_proved_win_and_plays_to_the_won_state(table):
    game, rest = won_with_empty_stock()
    table.store_and_open(SAVE_KEY, page_save(game))
    finish = table.page.locator("#finish")
    expect(finish).to_be_visible()
    finish.click()
    table.page.wait_for_function("document.querySelector('[data-status]').dataset.status"
                                 " === 'won'")
    for move in rest:
        game.play(move)
    table.wait_table(expected_table(game))
    expect(finish).to_be_hidden()
    expect(table.page.locator("#result")).to_be_visible()


def test_finish_is_not_offered_while_the_stock_has_cards(table):
    table.open(2)  # (the finished game above was deal 1)
    table.page.keyboard.press("h")
    expect(table.page.locator(".hint-from")).to_have_count(1)
    assert table.page.locator("#finish").is_hidden()
