"""A newcomer's first games: what tripped new players up, each reproduced and now fixed.

Restart keeps the game redoable; every valid #game= number opens its deal and an invalid link
says so; the table fits the screen at every size; larger cards work on a desktop; two tabs never
tell the tab with more recent work that it is behind; a loss counts when it happens; questions
focus the safe answer; base-rank cards are marked; piles carry names; completing foundation 1 is
announced; the phone toolbar has labels and tap words; How to play starts with the goal; the lost
dialog says what happened; and the small things (Y, the clock under a panel, focus after a panel,
arrow order, a plain corrupt-save notice, resetting statistics).
"""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import expect

from plot import FOUNDATIONS, TABLEAU, Game
from plot.prng import MAX_SEED
from tests.e2e.tablepage import AIM, TablePage, expected_table, new_table, save_record
from tests.e2e.test_table import NUMBERS_COVERED
from tests.lines import (
    long_piles,
    one_move_before_foundation_1,
    one_move_before_lost,
    page_save,
    shrinking_fan,
)

SAVE_KEY = "the-plot/save"


def moves_shown(table) -> str:
    return table.page.locator("#moves").inner_text()


def wait_moves(table, n: int) -> None:
    table.page.wait_for_function("n => document.getElementById('moves').textContent === n",
                                 arg=str(n))


def play_cards(table, game: Game, count: int) -> None:
    """Play `count` moves by clicking: a card move when there is one, else a deal."""
    for _ in range(count):
        moves = [m for m in game.legal_moves() if m.src != "S"] or game.legal_moves()
        table.play(str(moves[0]))
        game.play(moves[0])
    table.wait_table(expected_table(game))


# ---- 1. Restart keeps its promise ------------------------------------------------------------

def test_restart_goes_back_to_the_deal_with_the_whole_game_redoable(table):
    table.open(8)
    game = Game.new(8)
    play_cards(table, game, 6)
    table.page.locator(".bar [data-action=restart]").click()
    wait_moves(table, 0)
    table.wait_table(expected_table(Game.new(8)))
    expect(table.page.locator("#redo")).to_be_enabled()
    for _ in range(6):
        table.page.locator("#redo").click()
    wait_moves(table, 6)
    table.wait_table(expected_table(game))


# ---- 2. Every valid game link opens its deal; an invalid one says so ------------------------

NUMBERS = [0, 1_234_567_890, 98_765_432_101_234, MAX_SEED]
INVALID = ["#game=abc", f"#game={MAX_SEED + 1}", "#game=-4", "#game=", "#game=12x"]


@pytest.mark.parametrize("number", NUMBERS)
def test_a_link_to_any_deal_opens_it_as_the_address_and_typed_in(browser, site_url, number):
    page = new_table(browser, site_url)
    try:
        page.goto(f"#game={number}")
        expect(page.page.locator("#game-number")).to_have_text(str(number))
        page.wait_table(expected_table(Game.new(number)))
        page.page.evaluate("() => { location.hash = '#game=5'; }")
        expect(page.page.locator("#game-number")).to_have_text("5")
        page.page.evaluate("n => { location.hash = '#game=' + n; }", str(number))
        expect(page.page.locator("#game-number")).to_have_text(str(number))
        page.wait_table(expected_table(Game.new(number)))
        page.assert_clean()
    finally:
        page.context.close()


@pytest.mark.parametrize("link", INVALID)
def test_an_invalid_link_says_so_as_the_address_and_typed_in(browser, site_url, link):
    page = new_table(browser, site_url)
    try:
        page.goto(link)
        expect(page.page.locator("#message")).to_contain_text("is not a game link")
        number = page.page.locator("#game-number").inner_text()
        page.page.wait_for_function("n => location.hash === '#game=' + n", arg=number)
        page.page.evaluate("text => { location.hash = text; }", link)
        page.page.locator("#message").filter(has_text="is not a game link").wait_for()
        page.page.wait_for_function("n => location.hash === '#game=' + n", arg=number)
        page.assert_clean()
    finally:
        page.context.close()


# ---- 3. The table fits the screen at every size, long piles included -------------------------

WIDTHS = [360, 390, 414, 431, 460, 490, 540, 600, 720, 768, 1024, 1280, 1366, 1920, 2560, 3840]
HEIGHTS = [640, 740, 844, 900, 1080, 1440, 2160]


@pytest.fixture(scope="module")
def long_game():
    return long_piles()


def resize(page, width: int, height: int) -> None:
    """Give the page this viewport and wait until it has it. Polled by a timer, not by animation
    frames: a headless Chromium once ran no frame after a resize, and a wait on one never ended.
    The measures that follow lay the page out themselves (the page has no resize handler)."""
    page.set_viewport_size({"width": width, "height": height})
    page.wait_for_function("([w, h]) => innerWidth === w && innerHeight === h",
                           arg=[width, height], polling=50)


def overflow(page) -> tuple[int, int]:
    """How far the page scrolls down and across (0, 0 when it fits the screen)."""
    return tuple(page.evaluate(
        "() => [document.documentElement.scrollHeight - innerHeight,"
        " document.documentElement.scrollWidth - innerWidth]"))


def test_the_table_fits_every_screen_without_scrolling_with_long_piles(browser, site_url,
                                                                      long_game):
    page = new_table(browser, site_url, viewport={"width": 390, "height": 844})
    try:
        page.store_and_open(SAVE_KEY, page_save(long_game))
        page.wait_table(expected_table(long_game))
        misfits = []
        for width in WIDTHS:
            for height in HEIGHTS:
                for w, h in ((width, height), (height, width)):
                    if not (360 <= w <= 3840 and max(w, h) >= 640 and min(w, h) >= 360):
                        continue
                    resize(page.page, w, h)
                    down, across = overflow(page.page)
                    if down > 0 or across > 0:
                        misfits.append(f"{w}x{h}: {down}px down, {across}px across")
        assert not misfits, "\n".join(misfits)
        page.assert_clean()
    finally:
        page.context.close()


CARD_WIDTH = "() => document.querySelector('[data-pile=R]').getBoundingClientRect().width"


def test_cards_keep_their_size_when_a_long_fan_gets_shorter(browser, site_url):
    """On a phone a long fan shrinks every card; taking a card off it, then Undo and Redo,
    leave the cards as they are (they used to grow back, the table jumping under the finger)."""
    game, move = shrinking_fan()
    page = new_table(browser, site_url, viewport={"width": 390, "height": 844})
    try:
        page.store_and_open(SAVE_KEY, page_save(Game.new(game.seed)))
        at_the_deal = page.page.evaluate(CARD_WIDTH)
        page.store_and_open(SAVE_KEY, page_save(game))
        page.wait_table(expected_table(game))
        long_fan = page.page.evaluate(CARD_WIDTH)
        assert long_fan < at_the_deal * 0.9  # the fan needed the room: every card is smaller
        page.play(move)
        game.play(move)
        page.wait_table(expected_table(game))
        assert page.page.evaluate(CARD_WIDTH) == long_fan
        for button in ("#undo", "#redo"):
            page.page.locator(button).click()
            wait_moves(page, game.moves_played - (button == "#undo"))
            assert page.page.evaluate(CARD_WIDTH) == long_fan
        assert overflow(page.page) == (0, 0)
        page.assert_clean()
    finally:
        page.context.close()


def test_the_header_is_at_most_two_rows_between_phone_and_desktop(browser, site_url):
    page = new_table(browser, site_url, viewport={"width": 460, "height": 800})
    try:
        page.goto("#game=3")
        for width in (360, 431, 460, 490, 540, 600, 700):
            page.page.set_viewport_size({"width": width, "height": 800})
            height = page.page.evaluate("() => document.querySelector('.bar')"
                                        ".getBoundingClientRect().height")
            assert height <= 110, f"{width}px wide: the header is {height}px tall"
    finally:
        page.context.close()


# ---- 4. Larger cards on a desktop ------------------------------------------------------------

def card_width(table) -> float:
    return table.page.evaluate("() => document.querySelector('[data-pile=R]')"
                               ".getBoundingClientRect().width")


def test_larger_cards_are_larger_on_a_desktop(browser, site_url):
    page = new_table(browser, site_url, viewport={"width": 1366, "height": 850})
    try:
        page.goto("#game=3")
        before = card_width(page)
        page.page.locator("[data-action=settings]").click()
        page.page.locator("[data-setting=large]").check()
        page.page.wait_for_function("() => document.documentElement.classList"
                                    ".contains('large-cards')")
        assert card_width(page) >= before * 1.1
        assert overflow(page.page)[1] == 0  # never across; up and down it may, as Settings says
    finally:
        page.context.close()


def test_larger_cards_are_larger_on_a_small_phone_and_the_table_scrolls_to_the_last_row(
        browser, site_url):
    """At 360x640 the height alone held Larger cards to 48 px wide (40 without): now they are
    at least 64 px where the width allows, and the table scrolls up and down, as the setting
    says; a move between two piles of the last row is played after scrolling down to it."""
    page = new_table(browser, site_url, viewport={"width": 360, "height": 640})
    try:
        page.goto("#game=3")
        before = card_width(page)
        assert overflow(page.page) == (0, 0)
        page.page.locator("[data-action=settings]").click()
        page.page.locator("[data-setting=large]").check()
        page.page.wait_for_function("() => document.documentElement.classList"
                                    ".contains('large-cards')")
        page.page.locator("#settings [data-action=close-panel]").click()
        assert card_width(page) >= max(before * 1.5, 60)
        down, across = overflow(page.page)
        assert down > 0 and across == 0
        page.page.mouse.move(180, 320)
        page.page.mouse.wheel(0, down)  # the wheel may scroll smoothly: wait until it is down
        page.page.wait_for_function("down => scrollY >= down - 1", arg=down)
        for pile in ("T11", "T12"):  # each in sight once scrolled, clicked where a player aims
            x, y = page.page.evaluate(AIM, pile)
            assert 0 < y < 640, f"{pile} is out of sight at y {y}"
            page.page.mouse.click(x, y)
        game = Game.new(3)
        game.play("T11-T12")
        page.wait_table(expected_table(game))
    finally:
        page.context.close()


# Every pair of piles whose boxes cross (more than a pixel each way), as "A/B" names.
CROSSING_PILES = """() => {
  const boxes = [...document.querySelectorAll('[data-pile]')].map(
    (el) => [el.dataset.pile, el.getBoundingClientRect()]);
  const crossing = [];
  for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) {
    const [a, p] = boxes[i], [b, q] = boxes[j];
    const across = Math.min(p.right, q.right) - Math.max(p.left, q.left);
    const down = Math.min(p.bottom, q.bottom) - Math.max(p.top, q.top);
    if (across > 1 && down > 1) crossing.push(`${a}/${b}`);
  }
  return crossing;
}"""
LAYOUT_SIZES = [(390, 844), (844, 390), (768, 1024), (1366, 850), (1920, 1080)]


def test_no_two_piles_cross_with_or_without_larger_cards(browser, site_url, long_game):
    """Long piles in every row, at five sizes, with and without Larger cards: no two piles
    cross, nothing scrolls sideways, and each tableau pile's number shows (with Larger cards on
    a phone held sideways the reserve once began 7 to 18 px left of the screen)."""
    page = new_table(browser, site_url, viewport={"width": 1366, "height": 850})
    try:
        page.store_and_open(SAVE_KEY, page_save(long_game))
        page.wait_table(expected_table(long_game))
        crossed = []
        for large in (False, True):
            if large:
                page.page.locator("[data-action=settings]").click()
                page.page.locator("[data-setting=large]").check()
                page.page.keyboard.press("Escape")
            for w, h in LAYOUT_SIZES:
                resize(page.page, w, h)
                crossing = page.page.evaluate(CROSSING_PILES)
                across = overflow(page.page)[1]
                covered = page.page.evaluate(NUMBERS_COVERED)
                if crossing or across or covered:
                    crossed.append(f"{w}x{h}{' larger cards' if large else ''}: {crossing}, "
                                   f"{across} px across, numbers covered {covered}")
        assert not crossed, "\n".join(crossed)
        page.assert_clean()
    finally:
        page.context.close()


# ---- 5. Two tabs: the tab with more recent work is never told it is behind -------------------

def test_the_tab_with_more_moves_is_never_told_it_is_behind(browser, site_url):
    context = browser.new_context(service_workers="block")
    first, second = TablePage(context, site_url), TablePage(context, site_url)
    try:
        first.goto("#game=7")
        second.goto("")
        game = Game.new(7)
        moves = []
        for _ in range(3):
            move = next(m for m in game.legal_moves() if m.src != "S") \
                if any(m.src != "S" for m in game.legal_moves()) else "S-W"
            first.play(str(move))
            game.play(move)
            moves.append(str(move))
        wait_moves(first, 3)
        second.page.locator("#offer").wait_for()
        second.page.locator("#offer-yes").click()  # load the other tab's game: 3 moves
        wait_moves(second, 3)
        second.click_pile("S")  # the second tab plays on: 4 moves, the first is behind
        wait_moves(second, 4)
        first.page.locator("#offer").wait_for()
        first.page.locator("#offer-no").click()  # keep this tab's game (3 moves) over it
        offer = second.page.locator("#offer")
        offer.wait_for()
        text = offer.inner_text()
        assert "behind" not in text and "newer" not in text, text
        assert "4 moves" in text and "3 moves" in text, text
        second.page.locator("#offer-no").click()  # keep this tab's game: nothing is lost
        second.page.wait_for_function(
            "k => JSON.parse(JSON.parse(localStorage.getItem(k)).engine).moves.split(' ')"
            ".length === 4", arg=SAVE_KEY)
        assert "this tab is behind" in first.page.locator("#offer").inner_text().lower()
        first.assert_clean()
        second.assert_clean()
    finally:
        context.close()


# ---- 6. A loss counts when it happens --------------------------------------------------------

def test_a_loss_counts_at_once_and_only_once(browser, site_url):
    game, losing = one_move_before_lost()
    page = new_table(browser, site_url)
    try:
        page.store_and_open(SAVE_KEY, page_save(game))
        page.play(losing)
        page.page.wait_for_function("() => document.querySelector('[data-status]')"
                                    ".dataset.status === 'lost'")
        stats = json.loads(page.page.evaluate("() => localStorage.getItem('the-plot/stats')"))
        assert (stats["played"], stats["won"]) == (1, 0)
        page.page.locator("#result [data-action=undo]").click()
        page.play(losing)  # lost again
        page.page.wait_for_function("() => document.querySelector('[data-status]')"
                                    ".dataset.status === 'lost'")
        page.page.locator("#result-close").click()
        page.page.locator("[data-action=stats]").click()
        expect(page.page.locator("#stat-played")).to_have_text("1")
        page.assert_clean()
    finally:
        page.context.close()


# ---- 7. Questions focus the safe answer ------------------------------------------------------

def test_a_confirmation_focuses_the_safe_choice(table):
    table.open(12)
    table.click_pile("S")
    wait_moves(table, 1)
    table.page.evaluate("() => { location.hash = '#game=13'; }")  # a link asks first
    table.page.locator("#result[data-kind=confirm]").wait_for()
    focused = table.page.evaluate("() => document.activeElement.dataset.action")
    assert focused == "cancel"
    table.page.keyboard.press("Enter")
    table.page.locator("#result").wait_for(state="hidden")
    assert table.page.locator("#game-number").inner_text() == "12" and moves_shown(table) == "1"


# ---- 8. Base-rank cards in the tableau are marked --------------------------------------------

def test_base_rank_cards_in_the_tableau_are_marked_and_explained(table):
    number = next(n for n in range(1, 200)
                  if any(Game.new(n).top(t)[0] == Game.new(n).base_rank for t in TABLEAU))
    game = Game.new(number)
    table.open(number)
    pile = next(t for t in TABLEAU if game.top(t)[0] == game.base_rank)
    card = table.pile(pile).locator(".card").last
    expect(card).to_have_class(re.compile(r"\bbase\b"))
    assert "base rank" in table.pile(pile).get_attribute("aria-label")
    table.click_pile(pile)
    expect(table.page.locator("#message")).to_contain_text("base-rank card")


# ---- 9. Piles carry names --------------------------------------------------------------------

def test_piles_carry_visible_names(table):
    table.open(3)
    labels = table.page.evaluate(
        "() => Object.fromEntries([...document.querySelectorAll('[data-pile]')].map("
        "p => [p.dataset.pile, getComputedStyle(p, '::after').content]))")
    for i, name in enumerate(TABLEAU, 1):
        assert labels[name] == f'"{i}"', labels
    for i, name in enumerate(FOUNDATIONS[1:], 2):
        assert labels[name] == f'"{i}"', labels


# ---- 10. Completing foundation 1 is announced ------------------------------------------------

def test_completing_foundation_1_is_announced_and_opens_the_others(browser, site_url):
    game, move = one_move_before_foundation_1()
    page = new_table(browser, site_url)
    try:
        page.store_and_open(SAVE_KEY, page_save(game))
        assert page.page.locator("[data-pile].locked").count() == 7
        page.play(move)
        expect(page.page.locator("#message")).to_contain_text(
            "Foundation 1 complete \u2014 foundations 2\u20138 are open")
        assert page.page.locator("[data-pile].locked").count() == 0
        assert page.page.evaluate("() => document.documentElement.classList.contains('opened')")
        page.assert_clean()
    finally:
        page.context.close()


# ---- 11. The phone toolbar: labels, and words for touch --------------------------------------

def test_the_phone_toolbar_has_labels_and_speaks_of_taps(browser, site_url):
    page = new_table(browser, site_url, viewport={"width": 390, "height": 844}, has_touch=True,
                     is_mobile=True)
    try:
        page.store_and_open("the-plot/probe", "1")  # no save: the welcome for a new player
        for action in ("new", "restart", "undo", "redo", "hint"):
            label = page.page.locator(f".tools [data-action={action}] span")
            assert label.is_visible(), action
        message = page.message()
        assert "Tap" in message and "lick" not in message, message
        page.assert_clean()
    finally:
        page.context.close()


# ---- 12. How to play starts with the goal ----------------------------------------------------

def test_how_to_play_starts_with_the_goal_and_is_short(table):
    table.page.set_viewport_size({"width": 1366, "height": 850})
    table.page.locator("[data-action=help]").click()
    rules = table.page.locator("#rules")
    expect(rules).not_to_contain_text("Loading")
    first = rules.locator("p").first.inner_text()
    assert "all 104 cards" in first or "Goal" in rules.locator("h3").first.inner_text()
    text = table.page.locator("#help").inner_text()
    for detail in ("SplitMix", "shuffle", "PRNG", "Fisher"):
        assert detail not in text
    height = table.page.evaluate("() => document.getElementById('help').scrollHeight")
    assert height < 2400, height
    table.page.keyboard.press("Escape")


# ---- 13. The lost dialog says what happened --------------------------------------------------

def test_the_lost_dialog_says_what_happened_and_how_many_cards_got_home(browser, site_url):
    game, losing = one_move_before_lost()
    page = new_table(browser, site_url)
    try:
        page.store_and_open(SAVE_KEY, page_save(game))
        page.play(losing)
        game.play(losing)
        dialog = page.page.locator("#result[data-kind=lost]")
        dialog.wait_for()
        text = dialog.inner_text()
        assert "No more moves" not in text
        assert f"{game.cards_on_foundations} of 104 cards" in text
        assert "no card can reach a foundation" in text.lower()
        for action in ("undo", "restart", "new"):
            assert dialog.locator(f"[data-action={action}]").is_visible()
        page.assert_clean()
    finally:
        page.context.close()


# ---- 14. The small things --------------------------------------------------------------------

def test_plain_y_redoes(table):
    table.open(13)
    table.click_pile("S")
    wait_moves(table, 1)
    table.page.keyboard.press("z")
    wait_moves(table, 0)
    table.page.keyboard.press("y")
    wait_moves(table, 1)


def test_the_clock_stops_while_a_panel_covers_the_table(table):
    table.open(14)
    table.click_pile("S")
    wait_moves(table, 1)
    table.page.locator("[data-action=stats]").click()
    shown = table.page.evaluate("() => document.getElementById('time').textContent")
    stopped = table.page.evaluate(
        "() => new Promise(r => setTimeout(() => r(document.getElementById('time')"
        ".textContent), 2200))")
    assert stopped == shown
    table.page.keyboard.press("Escape")


def test_closing_a_panel_gives_focus_back_to_its_button(table):
    for action in ("help", "stats", "settings"):
        table.page.locator(f".bar [data-action={action}]").click()
        table.page.locator(f"#{action} [data-action=close-panel]").click()
        assert table.page.evaluate("() => document.activeElement.dataset.action") == action


def test_arrow_keys_follow_the_top_row_as_it_is_drawn(table):
    table.page.set_viewport_size({"width": 1366, "height": 850})
    table.open(15)
    table.pile("R").focus()
    order = []
    for _ in range(11):
        order.append(table.page.evaluate("() => document.activeElement.dataset.pile"))
        table.page.keyboard.press("ArrowRight")
    assert order == ["R", "S", "W", *FOUNDATIONS]


def test_a_corrupt_save_is_reported_plainly_and_can_be_dismissed(table):
    table.store_and_open(SAVE_KEY, "{this is not a saved game")
    notice = table.page.locator("#notice")
    assert notice.is_visible() and "JSON" not in notice.inner_text()
    notice.locator("[data-action=dismiss-notice]").click()
    notice.wait_for(state="hidden")


def test_statistics_can_be_reset_and_the_reset_undone(table):
    table.open(16)
    table.click_pile("S")
    wait_moves(table, 1)
    table.page.keyboard.press("n")
    expect(table.page.locator("#game-number")).not_to_have_text("16")
    table.page.locator("[data-action=stats]").click()
    played = table.page.locator("#stat-played").inner_text()
    assert int(played) >= 1
    table.page.locator("[data-action=reset-stats]").click()
    expect(table.page.locator("#stat-played")).to_have_text("0")
    table.page.locator("[data-action=undo-reset-stats]").click()
    expect(table.page.locator("#stat-played")).to_have_text(played)
    table.page.keyboard.press("Escape")


def test_the_restart_save_keeps_the_moves_as_redo(table):
    table.open(17)
    game = Game.new(17)
    play_cards(table, game, 2)
    table.page.locator(".bar [data-action=restart]").click()
    wait_moves(table, 0)
    engine = Game.from_json(save_record(table)["engine"])
    assert engine.redo_moves == game.history
