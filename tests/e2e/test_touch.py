"""Drag and drop with the pointer (mouse, pen, touch alike) and a layout that fits every screen.

Screenshots of each tested size are kept in test-results/ (ignored by git) for people to look at.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import expect

from plot import Game, IllegalMove
from tests.e2e.tablepage import expected_table, new_table

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "test-results"
MIN_TOUCH_PX = 44
# (width, height, whether it is a phone whose touch targets must be at least MIN_TOUCH_PX)
SIZES = [(390, 844, True), (844, 390, False), (360, 740, False), (1920, 1080, False),
         (3840, 2160, False)]
# A phone's edges where nothing to read or press may lie (the notch, the rounded corners, the
# home indicator), in CSS px as an iPhone with a notch reports them, held upright and on its side.
NOTCHED = [((390, 844), {"top": 47, "right": 0, "bottom": 34, "left": 0}),
           ((844, 390), {"top": 0, "right": 47, "bottom": 21, "left": 47})]
PANELS = ("settings", "stats", "help", "daily", "story")
# Every box on screen that a player reads or presses: the piles, the buttons, a panel's title.
ON_SCREEN = """sel => [...document.querySelectorAll(sel)].filter(e => e.getClientRects().length)
  .map(e => [e.id || e.dataset.pile || e.dataset.action || e.tagName, e.getBoundingClientRect()])
  .filter(([, r]) => r.bottom > 0 && r.top < innerHeight && r.width && r.height)
  .map(([name, r]) => [name, r.left, r.top, r.right, r.bottom])"""


def centre(locator) -> tuple[float, float]:
    box = locator.bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def top_card(table, pile: str):
    return table.pile(pile).locator(".card").last


def drag(table, start: tuple[float, float], end: tuple[float, float], steps: int = 8) -> None:
    mouse = table.page.mouse
    mouse.move(*start)
    mouse.down()
    mouse.move(*end, steps=steps)
    mouse.up()


def a_move_onto_the_tableau(game: Game):
    return next(m for m in game.legal_moves() if m.src != "S" and m.dst.startswith("T"))


def no_selection(table) -> bool:
    return table.page.locator("[data-pile].selected").count() == 0


def deal_with_a_tableau_move(numbers: range) -> tuple[int, Game]:
    """The first deal in `numbers` whose opening position has a move onto the tableau."""
    for number in numbers:
        game = Game.new(number)
        if any(m.dst.startswith("T") for m in game.legal_moves()):
            return number, game
    raise AssertionError(f"no deal in {numbers} opens with a move onto the tableau")


def test_dragging_a_card_onto_a_legal_pile_plays_the_move(table):
    number, game = deal_with_a_tableau_move(range(1, 40))
    table.open(number)
    move = a_move_onto_the_tableau(game)
    drag(table, centre(top_card(table, move.src)), centre(top_card(table, move.dst)))
    game.play(move)
    table.wait_table(expected_table(game))
    assert no_selection(table)
    assert table.page.locator(".card.dragging").count() == 0
    assert str(move.dst[1:]) in table.message()


def pointer_listeners(table) -> set[str]:
    """The kinds of pointer event the document listens to now (Chrome DevTools Protocol)."""
    cdp = table.page.context.new_cdp_session(table.page)
    document = cdp.send("Runtime.evaluate", {"expression": "document"})["result"]["objectId"]
    listeners = cdp.send("DOMDebugger.getEventListeners", {"objectId": document})["listeners"]
    cdp.detach()
    return {entry["type"] for entry in listeners if entry["type"].startswith("pointer")}


def test_the_pointer_is_followed_only_while_a_card_is_pressed(table):
    """A mouse moving over the table calls no Python; a press on a card is followed to its
    release, and a drag still plays."""
    number, game = deal_with_a_tableau_move(range(40, 80))  # not the deal on the table
    table.open(number)
    followed = {"pointermove", "pointerup", "pointercancel"}
    assert not pointer_listeners(table) & followed
    move = a_move_onto_the_tableau(game)
    mouse = table.page.mouse
    mouse.move(*centre(top_card(table, move.src)))
    mouse.down()
    assert followed <= pointer_listeners(table)
    mouse.move(*centre(top_card(table, move.dst)), steps=8)
    mouse.up()
    game.play(move)
    table.wait_table(expected_table(game))
    assert not pointer_listeners(table) & followed


def test_a_card_dropped_elsewhere_springs_back_and_nothing_changes(table):
    table.open(3)
    game = Game.new(3)
    src = next(s for s in ("W", "R", *(f"T{i}" for i in range(1, 13))) if game.targets(s))
    before = expected_table(game)
    card = top_card(table, src)
    start = centre(card)
    # let go over the felt, away from every pile: it springs back, nothing is played
    header = table.page.locator(".statusbar").bounding_box()
    drag(table, start, (header["x"] + header["width"] - 5, header["y"] + header["height"] / 2))
    table.page.wait_for_function("!document.querySelector('.card.dragging, .card.returning')")
    assert table.table() == before
    assert no_selection(table)
    assert table.page.locator("#moves").inner_text() == "0"
    assert card.evaluate("c => c.style.transform") == ""
    # let go over a pile that refuses it: nothing changes and the engine's reason is shown
    try:
        game.play(f"{src}-F2")
        raise AssertionError("the engine accepted a move to a locked foundation")
    except IllegalMove as error:
        reason = str(error)
    drag(table, start, centre(table.pile("F2")))
    table.page.wait_for_function(
        "reason => document.getElementById('message').textContent === reason", arg=reason)
    assert table.table() == before and no_selection(table)
    # a press that moves less than a few pixels is a click: it selects
    drag(table, start, (start[0] + 2, start[1] + 2), steps=2)
    table.page.wait_for_selector(f"[data-pile='{src}'].selected")
    table.page.keyboard.press("Escape")


def test_a_touch_drag_goes_through_the_same_path(table):
    """Pointer events from a finger (pointerType 'touch') drag exactly like the mouse."""
    number, game = deal_with_a_tableau_move(range(40, 80))
    table.open(number)
    move = a_move_onto_the_tableau(game)
    (x0, y0), (x1, y1) = centre(top_card(table, move.src)), centre(top_card(table, move.dst))
    table.page.evaluate("""([x0, y0, x1, y1]) => {
        const at = (x, y) => document.elementFromPoint(x, y);
        const send = (el, type, x, y) => el.dispatchEvent(new PointerEvent(type, {
            bubbles: true, cancelable: true, pointerId: 7, pointerType: 'touch', isPrimary: true,
            clientX: x, clientY: y, button: 0, buttons: type === 'pointerup' ? 0 : 1}));
        send(at(x0, y0), 'pointerdown', x0, y0);
        for (let i = 1; i <= 6; i++) {
            const x = x0 + (x1 - x0) * i / 6, y = y0 + (y1 - y0) * i / 6;
            send(at(x, y), 'pointermove', x, y);
        }
        send(at(x1, y1), 'pointerup', x1, y1);
    }""", [x0, y0, x1, y1])
    game.play(move)
    table.wait_table(expected_table(game))
    assert no_selection(table)


@pytest.mark.parametrize(("width", "height", "phone"), SIZES)
def test_the_table_fits_the_screen(table, width, height, phone):
    page = table.page
    page.set_viewport_size({"width": width, "height": height})
    try:
        table.open(7)
        table.wait_table(expected_table(Game.new(7)))
        overflow = page.evaluate("document.documentElement.scrollWidth"
                                 " - document.documentElement.clientWidth")
        assert overflow <= 0, f"{overflow}px of horizontal scrolling at {width}x{height}"
        boxes = page.eval_on_selector_all(
            "[data-pile], .bar button",
            "els => els.filter(e => e.getClientRects().length).map(e => {"
            " const r = e.getBoundingClientRect();"
            " return [e.dataset.pile || e.dataset.action, r.left, r.right, r.width, r.height]; })")
        for name, left, right, w, h in boxes:
            assert left >= 0 and right <= width + 0.5, f"{name} is off screen at {width}x{height}"
            if phone:
                assert min(w, h) >= MIN_TOUCH_PX, f"{name} is {w:.0f}x{h:.0f} px on a phone"
        SHOTS.mkdir(exist_ok=True)
        page.screenshot(path=str(SHOTS / f"table-{width}x{height}.png"))
    finally:
        page.set_viewport_size({"width": 1280, "height": 720})


@pytest.mark.parametrize(("size", "insets"), NOTCHED)
def test_on_a_phone_with_a_notch_nothing_to_read_or_press_lies_under_it(
        browser, site_url, size, insets):
    """With the page covering the whole screen (viewport-fit=cover), the table, the bar and
    every panel keep their buttons and titles inside the safe area, and a panel scrolled to
    its end ends above the home indicator. Chromium only: the other engines here cannot
    pretend to have a notch."""
    width, height = size
    table = new_table(browser, site_url, viewport={"width": width, "height": height})
    try:
        table.context.new_cdp_session(table.page).send(
            "Emulation.setSafeAreaInsetsOverride", {"insets": insets})
        table.goto("#game=7")
        left, top = insets["left"], insets["top"]
        right, bottom = width - insets["right"], height - insets["bottom"]

        def on_screen(selector: str) -> list:
            """[name, left, top, right, bottom] of each box `selector` matches on screen."""
            boxes = table.page.evaluate(ON_SCREEN, selector)
            assert boxes, f"nothing matches {selector}"
            return boxes

        def assert_safe(boxes: list, where: str, across_only: bool = False) -> None:
            """Every box lies in the safe area (`across_only`: from side to side, for what the
            player can scroll into view)."""
            for name, x0, y0, x1, y1 in boxes:
                across = x0 >= left - 0.5 and x1 <= right + 0.5
                down = across_only or (y0 >= top - 0.5 and y1 <= bottom + 0.5)
                assert across and down, f"{where}: {name} at {x0:.0f},{y0:.0f}-{x1:.0f}," \
                    f"{y1:.0f}, the safe area {left},{top}-{right},{bottom}"

        assert_safe(on_screen("[data-pile], .bar button"), "the table")
        for panel in PANELS:
            table.page.locator(f".bar [data-action={panel}]").click()
            aside = table.page.locator(f"#{panel}")
            expect(aside).to_be_visible()
            assert_safe(on_screen(f"#{panel} > header *"), panel)
            assert_safe(on_screen(f"#{panel} button"), panel, across_only=True)
            aside.evaluate("e => { e.scrollTop = e.scrollHeight; }")
            assert_safe(on_screen(f"#{panel} > *")[-1:], f"{panel}, scrolled to its end")
            table.page.keyboard.press("Escape")
            expect(aside).to_be_hidden()
        table.assert_clean()
    finally:
        table.context.close()
