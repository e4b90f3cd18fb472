"""Every click lands: input given as a player gives it, at screen coordinates and at human speed.

Playwright's `locator.click()` waits until its target stops moving and is uncovered, so it never
clicks while a card flies. A player does. These tests press the mouse (or a finger) at the
centre of the card as it rests on its pile, 30-150 ms a press, without waiting for anything
between moves, at full speed and with the CPU slowed 4x (as DevTools and Lighthouse stand for a
mid-range phone), then compare the table on screen with the engine's.
"""

from __future__ import annotations

import random

import pytest
from playwright.sync_api import expect

from plot import FOUNDATIONS, SOURCES, STOCK, Game
from tests.e2e.tablepage import AIM, FLIGHTS, expected_table, new_table
from web.settings import SETTINGS, SETTINGS_KEY

SLOWDOWNS = [1, 4]  # CPU throttling rates: full speed, and a mid-range phone
PRESS_MS = (30, 150)  # how long a press lasts, so clicks come this far apart
RANDOM_MOVES = 36




@pytest.fixture(scope="module", params=SLOWDOWNS, ids=lambda rate: f"cpu-x{rate}")
def player(request, browser, site_url):
    """A page of the game whose CPU runs `rate` times slower (one per rate, for the module)."""
    page = new_table(browser, site_url)
    page.goto("#game=1")
    cdp = page.context.new_cdp_session(page.page)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": request.param})
    page.rng = random.Random(request.param)
    yield page
    page.context.close()


EXTRA_PAGES = ("player",)


def aim(table, name: str) -> tuple[float, float]:
    x, y = table.page.evaluate(AIM, name)
    return x, y


def press(table, name: str) -> None:
    """One click on pile `name`, held for a human press, with no waiting before or after."""
    table.page.mouse.click(*aim(table, name), delay=table.rng.randint(*PRESS_MS))


def play(table, move: str) -> None:
    src, dst = move.split("-")
    press(table, src)
    if src != STOCK:
        press(table, dst)


def random_line(game: Game, rng: random.Random, count: int) -> list[str]:
    """`count` legal moves played on `game`: a card move when there is one, else a deal."""
    line = []
    for _ in range(count):
        moves = [m for m in game.legal_moves() if m.src != STOCK] or game.legal_moves()
        move = rng.choice(moves)
        game.play(move)
        line.append(str(move))
    return line


def settle(table, game: Game) -> None:
    """The page has taken every click: its move counter and its table are the engine's."""
    try:
        table.page.wait_for_function("n => document.getElementById('moves').textContent === n",
                                     arg=str(game.moves_played), timeout=10_000)
    except Exception:
        shown = table.page.locator("#moves").inner_text()
        raise AssertionError(f"the page played {shown} moves of {game.moves_played}; it says "
                             f"{table.message()!r}") from None
    table.wait_table(expected_table(game))


def test_dealing_as_fast_as_one_can_click_deals_one_card_per_click(player):
    player.open(4)
    game = Game.new(4)
    for _ in range(10):
        press(player, STOCK)
        game.play("S-W")
    settle(player, game)
    assert player.table()["W"]["count"] == 10


def test_a_long_line_of_clicked_moves_leaves_the_engines_table(player):
    player.open(6)
    game = Game.new(6)
    for move in random_line(game.copy(), player.rng, RANDOM_MOVES):
        play(player, move)
        game.play(move)
    settle(player, game)


def test_double_clicks_send_cards_to_the_foundations(player):
    number = next(n for n in range(1, 100)
                  if any(m.dst in FOUNDATIONS for m in Game.new(n).legal_moves()))
    player.open(number)
    game = Game.new(number)
    sent = 0
    for _ in range(30):
        homes = [m for m in game.legal_moves() if m.src in SOURCES and m.dst in FOUNDATIONS]
        if homes:  # the page plays the card onto the first foundation that takes it
            src = homes[0].src
            first = next(t for t in game.targets(src) if t in FOUNDATIONS)
            player.page.mouse.dblclick(*aim(player, src), delay=player.rng.randint(*PRESS_MS))
            game.play(f"{src}-{first}")
            sent += 1
        else:
            press(player, STOCK)
            game.play("S-W")
    settle(player, game)
    assert sent >= 3


FLYING = f"() => ({FLIGHTS})().length"  # how many cards are in flight
# How many were flying when the last press came (recorded before any listener of the page's).
RECORD_PRESS = """() => { addEventListener('pointerdown', () => {
  window.__flyingAtPress = (FLYING)(); }, { capture: true }); }""".replace("FLYING", FLYING)
SLOW_CARDS = SETTINGS.dump(speed="slow")  # the settings record, as the page writes it


def test_a_press_lands_the_card_still_in_flight_before_it_acts(browser, site_url):
    table = new_table(browser, site_url)
    try:
        table.store_and_open(SETTINGS_KEY, SLOW_CARDS, "#game=4")  # 320 ms flights
        table.page.evaluate(RECORD_PRESS)
        mouse = table.page.mouse
        mouse.click(*aim(table, STOCK))  # the dealt card flies to the waste
        mouse.down()  # pressed again at once, on the stock
        flying_at_press, flying_now = table.page.evaluate(
            f"() => [window.__flyingAtPress, ({FLYING})()]")
        assert flying_at_press >= 1, "the press came after the flight; it shows nothing"
        assert flying_now == 0, f"{flying_now} cards still flying after the press"
        mouse.up()  # and the press is a click on the stock: the next card is dealt
        game = Game.new(4)
        game.play("S-W")
        game.play("S-W")
        settle(table, game)
        table.assert_clean()
    finally:
        table.context.close()


def test_a_drag_started_while_a_card_is_still_flying_plays_its_move(player):
    player.open(6)
    game = Game.new(6)
    mouse = player.page.mouse
    for move in random_line(game.copy(), player.rng, 12):
        src, dst = move.split("-")
        if src == STOCK:
            press(player, STOCK)
        else:  # pick the card up at once, however the last card is still flying
            mouse.move(*aim(player, src))
            mouse.down()
            mouse.move(*aim(player, dst), steps=6)
            mouse.up()
        game.play(move)
    settle(player, game)


# What the player sees at a point of the table: the card drawn on top there (the held card lets
# the pointer through, so it is asked for a moment as if it did not).
CARD_ON_TOP = """([x, y]) => {
  const held = document.querySelector('.card.dragging');
  held.style.pointerEvents = 'auto';
  const top = document.elementFromPoint(x, y)?.closest('.card');
  held.style.pointerEvents = '';
  return top === held ? 'held' : (top?.dataset.card ?? null);
}"""


def test_a_held_card_is_drawn_above_the_piles_it_crosses(browser, site_url):
    table = new_table(browser, site_url)
    try:
        table.goto("#game=1")
        game = Game.new(1)
        move = next(m for m in game.legal_moves() if m.src.startswith("T")
                    and m.dst.startswith("T"))
        later = [p for p in SOURCES if p.startswith("T") and int(p[1:]) > int(move.src[1:])
                 and game.pile(p) and p != move.dst]
        mouse = table.page.mouse
        mouse.move(*aim(table, move.src))
        mouse.down()
        for pile in later[-2:]:  # piles drawn after its own, which once covered it
            mouse.move(*aim(table, pile), steps=6)
            assert table.page.evaluate(CARD_ON_TOP, list(aim(table, pile))) == "held", pile
        mouse.move(*aim(table, move.dst), steps=6)
        mouse.up()
        game.play(move)
        settle(table, game)
        table.assert_clean()
    finally:
        table.context.close()


def test_taps_on_a_touch_screen_land_where_they_are_aimed(browser, site_url):
    table = new_table(browser, site_url, has_touch=True, is_mobile=True,
                      viewport={"width": 390, "height": 844})
    try:
        table.goto("#game=6")
        game = Game.new(6)
        for move in random_line(game.copy(), random.Random(7), RANDOM_MOVES):
            src, dst = move.split("-")
            table.page.touchscreen.tap(*aim(table, src))
            if src != STOCK:
                table.page.touchscreen.tap(*aim(table, dst))
            game.play(move)
        settle(table, game)
        table.assert_clean()
    finally:
        table.context.close()


COUNTER_NODES = "() => ['moves', 'time'].map((id) => document.getElementById(id).firstChild)"


def test_the_clock_and_the_moves_counter_change_their_text_in_place(table):
    """WebKit fires no click whose press began on a text node that is replaced before the release
    (seen: a click on the moves counter while Show me a win played was lost one time in seven).
    The counters sit inside buttons (the time pauses, the moves open the list) and change every
    second or every move: they keep their text nodes and change only the text."""
    table.open(61)
    page = table.page
    page.evaluate(f"() => {{ window.__counters = ({COUNTER_NODES})(); }}")
    clock = page.locator("#time").inner_text()
    table.click_pile("S")
    expect(page.locator("#moves")).to_have_text("1")
    expect(page.locator("#time")).not_to_have_text(clock, timeout=5_000)
    kept = page.evaluate(f"() => ({COUNTER_NODES})().map((node, i) => node === "
                         "window.__counters[i] && node.nodeType === Node.TEXT_NODE)")
    assert kept == [True, True]
