"""Playing a real game in every engine: clicks at the piles' screen coordinates, the keyboard, and
a drag with the pointer; after each, the table on screen must be the engine's (CPython's)."""

from __future__ import annotations

import time

import pytest

from plot import Game
from plot.solver import solve
from tests.browsers.player import FLIGHTS
from tests.e2e.tablepage import expected_table
from tests.lines import page_save, won_with_empty_stock

SAVE_KEY = "the-plot/save"  # web/app.py

CLICKED = 60  # moves of a winning line played by clicks, then
KEYED = 10    # moves played by keyboard (each click costs ~0.2 s in WebKit: not the whole line)


@pytest.fixture(scope="module")
def winning_line() -> tuple[int, list[str]]:
    """The first deal from 1 up that the solver wins within its budget, checked by replaying."""
    for number in range(1, 60):
        result = solve(Game.new(number), max_nodes=50_000)
        if result.verdict == "won":
            game = Game.new(number)
            for move in result.moves:
                game.play(move)
            assert game.status == "won"
            assert len(result.moves) >= CLICKED + KEYED
            return number, list(result.moves)
    pytest.fail("the solver found no winning line in deals 1-59")


def test_a_line_of_a_real_game_by_clicks_then_keys(player, winning_line):
    number, line = winning_line
    player.open(number)
    game = Game.new(number)
    started = time.monotonic()
    for i, move in enumerate(line[:CLICKED], 1):
        player.play(move)
        game.play(move)
        if i % 20 == 0:
            player.wait_table(expected_table(game))
    clicked = time.monotonic()

    presses = player.tab_into_table()
    for move in line[CLICKED:CLICKED + KEYED]:
        player.play_keys(move)
        game.play(move)
    player.wait_table(expected_table(game))
    assert player.moves() == CLICKED + KEYED
    print(f"\n{player.engine}: {CLICKED} clicked moves in {clicked - started:.1f} s "
          f"(none waiting for a card to land), {KEYED} by keyboard in "
          f"{time.monotonic() - clicked:.1f} s (Tab x{presses} into the table)")


def test_the_last_moves_of_a_win_by_clicks(player):
    """A won game's last moves (from a saved game with the stock dealt out), the won dialog."""
    game, rest = won_with_empty_stock()
    player.store_and_open(SAVE_KEY, page_save(game), f"#game={game.seed}")
    player.wait_table(expected_table(game))
    assert "resumed" in player.text("#message")
    for move in rest:
        player.play(move)
        game.play(move)
    player.wait_table(expected_table(game))
    assert game.status == "won"
    player.wait("() => document.querySelector('[data-status]').dataset.status === 'won'",
                what="the game won")
    player.wait("() => !document.getElementById('result').hidden", what="the won dialog")
    assert player.text("#result-title") == "You won!"
    assert player.moves() == game.moves_played
    player.dismiss_dialogs()


def deal_with_a_tableau_move(numbers: range) -> tuple[int, Game]:
    for number in numbers:
        game = Game.new(number)
        if any(m.src != "S" and m.dst.startswith("T") for m in game.legal_moves()):
            return number, game
    raise AssertionError(f"no deal in {numbers} opens with a move onto the tableau")


def test_dragging_a_card_onto_a_legal_pile_plays_it(player):
    number, game = deal_with_a_tableau_move(range(2, 60))
    player.open(number)
    move = next(m for m in game.legal_moves() if m.src != "S" and m.dst.startswith("T"))
    player.drag(move.src, move.dst)
    game.play(move)
    player.wait_moves(1, f"move {move} (dragged)")
    player.wait_table(expected_table(game))
    player.wait("() => !document.querySelector('.card.dragging, .card.returning')",
                what="the dragged card settled")
    assert player.js("() => document.querySelectorAll('[data-pile].selected').length") == 0


# Every click from now on, as the page sees it: the pile of its target, whether a flying card
# (render.py's flight: a copy in #sky) was drawn over the point when the press came (the page
# lands every card in flight at a press, so by the click itself none is flying any more), and
# when it came (the event's timestamp, ms).
RECORD_CLICKS = """() => {
  const flights = FLIGHTS;
  if (window.__clicksDone) window.__clicksDone.abort();
  window.__clicksDone = new AbortController();
  window.__clicks = [];
  let covered = false;
  const options = { capture: true, signal: window.__clicksDone.signal };
  addEventListener('pointerdown', (e) => {
    covered = flights().map((a) => a.effect.target.getBoundingClientRect()).some((r) =>
      r.left <= e.clientX && e.clientX <= r.right && r.top <= e.clientY && e.clientY <= r.bottom);
  }, options);
  addEventListener('click', (e) => {
    const pile = e.target.closest && e.target.closest('[data-pile]');
    window.__clicks.push({ pile: pile ? pile.dataset.pile : null, covered, detail: e.detail,
                           at: e.timeStamp });
  }, options);
}""".replace("FLIGHTS", FLIGHTS)
# Gaps between two clicks on the stock, tried in turn until the second click comes while the
# first dealt card is still drawn over the stock, so that the test shows what such a click does.
QUICK_GAPS_MS = (0, 10, 20, 30, 45, 60)
# A point of pile `pile` at its edge toward pile `toward` (4 px in): where a card flying from
# one to the other is drawn last, as it leaves.
EDGE_TOWARD = """([pile, toward]) => {
  const a = document.querySelector(`[data-pile="${pile}"]`).getBoundingClientRect();
  const b = document.querySelector(`[data-pile="${toward}"]`).getBoundingClientRect();
  const along = (low, high, otherLow, otherHigh) =>
    otherLow >= high ? high - 4 : otherHigh <= low ? low + 4 : (low + high) / 2;
  return [along(a.left, a.right, b.left, b.right), along(a.top, a.bottom, b.top, b.bottom)];
}"""


def click_under_a_flight(player, pile: str, gaps: tuple[int, ...], first_number: int,
                         edge_toward: str | None = None):
    """A click on the stock, then one on `pile` (at its edge toward pile `edge_toward`, if
    given, else at its centre) after each gap in turn, on a fresh deal each time (deals
    first_number, first_number + 1, ...), until the second click comes while the dealt card is
    drawn over the point; that click must reach `pile`, not the card in flight. The deal it
    happened in, or None if no gap made it happen."""
    for attempt, gap in enumerate(gaps):
        number = first_number + attempt
        player.open(number)
        player.js(RECORD_CLICKS)
        second = (player.centre(pile) if edge_toward is None
                  else tuple(player.js(EDGE_TOWARD, [pile, edge_toward])))
        player.page.clicks([player.centre("S"), second], gap)
        clicks = player.wait("() => window.__clicks.length >= 2 && window.__clicks",
                             what="both clicks")["value"]
        assert len(clicks) == 2, clicks
        if clicks[1]["covered"]:
            apart = clicks[1]["at"] - clicks[0]["at"]
            print(f"\n{player.engine}: the click on {pile} came {apart:.0f} ms after the one on "
                  f"the stock (gap {gap} ms), under the dealt card")
            assert clicks[1]["pile"] == pile, (
                f"{player.engine}: a click on {pile} {apart:.0f} ms after a deal, made while the "
                f"dealt card flew over it, landed on pile {clicks[1]['pile']}; the page says "
                f"{player.text('#message')!r}")
            return number
        player.wait_moves(2 if pile == "S" else 1, "the clicks' moves")
    return None


def test_a_click_on_a_pile_under_a_flying_card_reaches_the_pile(player):
    """Two quick clicks on the stock: the second comes while the first dealt card still flies
    out over the stock; it must deal again, not land on the flying card. The second click is
    on the stock's edge toward the waste, which the card leaves last, with the cards flying at
    the slow speed, so that every engine's driver clicks within the flight (WebKit's takes
    longer between two clicks than a normal flight takes to leave the stock's centre)."""
    assert player.js(SET_SPEED, "slow") == "slow"
    try:
        number = click_under_a_flight(player, "S", QUICK_GAPS_MS, 3, edge_toward="W")
    finally:
        player.js(SET_SPEED, "normal")
    if number is None:
        pytest.fail(f"{player.engine}: the second click never came while the dealt card was "
                    f"over the stock (gaps {QUICK_GAPS_MS} ms)")
    game = Game.new(number)
    game.play("S-W")
    game.play("S-W")
    player.wait_moves(2, "the second deal")
    player.wait_table(expected_table(game))


# Card speed "slow" (web/settings.py SPEED_MS: 320 ms) for the test below, so that even a driver
# that takes a tenth of a second or more from one click to the next clicks within the flight.
SET_SPEED = """(value) => {
  const box = document.querySelector('[data-setting=speed]');
  box.value = value;
  box.dispatchEvent(new Event('change', { bubbles: true }));
  return box.value;
}"""
# Gaps between the deal and the click on the waste, tried in turn until that click comes while
# the dealt card is drawn over the waste (it is there from early in its flight to the end).
LANDING_GAPS_MS = (0, 40, 80, 120)


def test_a_click_on_the_pile_a_card_flies_onto_reaches_that_pile(player):
    """A deal, then a click on the waste while the dealt card still flies onto it: the click
    reaches the waste, which picks up the card just dealt (the engine's targets lit), instead
    of catching on the copy in flight. Every engine's driver clicks within the slow flight,
    WebKit's too, which takes too long between two clicks for the test above."""
    assert player.js(SET_SPEED, "slow") == "slow"
    try:
        number = click_under_a_flight(player, "W", LANDING_GAPS_MS, 11)
        if number is None:
            pytest.fail(f"{player.engine}: the click on the waste never came while the dealt "
                        f"card was over it (gaps {LANDING_GAPS_MS} ms)")
        game = Game.new(number)
        game.play("S-W")
        player.wait_moves(1, "the deal")
        player.wait_table(expected_table(game))
        player.wait("(targets) => document.querySelector('[data-pile=W]').classList"
                    ".contains('selected') && JSON.stringify([...document.querySelectorAll("
                    "'[data-pile].target')].map((el) => el.dataset.pile).sort()) === "
                    "JSON.stringify(targets)", sorted(game.targets("W")),
                    what="the waste picked up, the engine's targets lit")
    finally:
        player.js(SET_SPEED, "normal")
