"""Everyone can play: the keyboard alone, screen-reader names and announcements, axe-core checks.

axe-core comes from npm (devDependencies) and is injected into the page only here: it never ships
in _site.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import expect

from plot import Game, IllegalMove
from tests.e2e.tablepage import expected_table

solver = pytest.importorskip("plot.solver")

ROOT = Path(__file__).resolve().parents[2]
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
AXE_URL = "__test-only__/axe.min.js"
KEYBOARD_SEED = 5  # the solver wins it in a few ms; the line is found and replayed below
LOST_BY_DEALING_SEED = 2  # dealing the whole stock and nothing else loses this deal
# The arrow keys follow the piles as they are drawn on this landscape screen, row by row.
PILE_ORDER = ["R", "S", "W", *(f"F{i}" for i in range(1, 9)), *(f"T{i}" for i in range(1, 13))]
SOURCES = ["R", "W", *(f"T{i}" for i in range(1, 13))]


# ---- helpers -----------------------------------------------------------------------------------

def focused_pile(table) -> str | None:
    return table.page.evaluate("document.activeElement?.dataset?.pile ?? null")


def tab_into_table(table) -> str:
    """Press Tab from the top of the page until a pile has focus; return it."""
    table.page.evaluate("document.activeElement?.blur()")
    for _ in range(40):
        table.page.keyboard.press("Tab")
        name = focused_pile(table)
        if name:
            return name
    raise AssertionError("Tab never reached a pile")


def arrow_to(table, here: str, there: str) -> None:
    """Move keyboard focus from pile `here` to `there` with the fewest Left/Right presses."""
    n = len(PILE_ORDER)
    ahead = (PILE_ORDER.index(there) - PILE_ORDER.index(here)) % n
    key, count = ("ArrowRight", ahead) if ahead <= n - ahead else ("ArrowLeft", n - ahead)
    for _ in range(count):
        table.page.keyboard.press(key)


def run_axe(table) -> list[str]:
    """axe-core's violations on the page as it is now, one readable line each.

    axe is served from node_modules at a same-origin test-only URL (the page's CSP allows scripts
    from 'self' only, so an inline copy would be refused)."""
    if not table.page.evaluate("typeof window.axe === 'object'"):
        url = table.base_url + AXE_URL
        table.page.route(url, lambda route: route.fulfill(path=str(AXE),
                                                            content_type="text/javascript"))
        table.page.add_script_tag(url=url)
    violations = table.page.evaluate("""async () => {
        const result = await axe.run(document, {resultTypes: ['violations']});
        return result.violations.map(v => `${v.id} (${v.impact}): ${v.help} -- ` +
            v.nodes.slice(0, 4).map(n => n.target.join(' ')).join(', '));
    }""")
    return violations


def assert_accessible(table) -> None:
    violations = run_axe(table)
    assert not violations, "axe-core found:\n" + "\n".join(violations)


@pytest.fixture(scope="module")
def winning_line():
    """The solver's winning line for KEYBOARD_SEED, checked by replaying it in CPython."""
    result = solver.solve(Game.new(KEYBOARD_SEED), max_nodes=200_000)
    assert result.verdict == "won"
    game = Game.new(KEYBOARD_SEED)
    for move in result.moves:
        game.play(move)
    assert game.status == "won"
    return list(result.moves)


# ---- keyboard ----------------------------------------------------------------------------------

def test_arrow_keys_visit_every_pile_in_order_with_a_visible_ring(table):
    table.open(1)
    assert tab_into_table(table) == "R"
    assert table.page.locator("[data-pile][tabindex='0']").count() == 1  # roving tabindex
    seen = ["R"]
    for _ in range(len(PILE_ORDER) - 1):
        table.page.keyboard.press("ArrowRight")
        seen.append(focused_pile(table))
    assert seen == PILE_ORDER
    outline = table.page.evaluate("getComputedStyle(document.activeElement).outlineStyle")
    assert outline == "solid"
    table.page.keyboard.press("ArrowRight")
    assert focused_pile(table) == "R"  # wraps round
    table.page.keyboard.press("End")
    assert focused_pile(table) == "T12"
    table.page.keyboard.press("Home")
    arrow_to(table, "R", "T1")
    table.page.keyboard.press("ArrowDown")
    assert focused_pile(table) == "T5"  # the next tableau row, same column
    table.page.keyboard.press("ArrowUp")
    assert focused_pile(table) == "T1"
    # Tab leaves the table and Shift+Tab comes back to the same pile
    table.page.keyboard.press("Tab")
    assert focused_pile(table) is None
    table.page.keyboard.press("Shift+Tab")
    assert focused_pile(table) == "T1"


FOCUS = """() => { const e = document.activeElement;
  return e === null || e === document.body ? 'nothing'
    : (e.dataset.pile || e.id || e.dataset.action || e.tagName) +
      (e.matches(':focus-visible') && e.getClientRects().length ? '' : ' (no ring)'); }"""


def focus_on(table) -> str:
    """What has keyboard focus: a pile's name, an element's id or action, or 'nothing'; ' (no
    ring)' after it if the player cannot see it."""
    return table.page.evaluate(FOCUS)


def tab_to(table, selector: str) -> None:
    """Press Tab from the top of the page until the element `selector` has focus."""
    table.page.evaluate("document.activeElement?.blur()")
    for _ in range(60):
        table.page.keyboard.press("Tab")
        if table.page.evaluate("s => document.activeElement?.matches(s)", selector):
            return
    raise AssertionError(f"Tab never reached {selector}")


def test_keyboard_focus_is_never_dropped_by_a_button_a_dialog_or_the_pause(table):
    """Undo pressed with the keyboard until nothing is left hands focus to Redo; the dialog a
    switch of deal asks, and the pause, take focus and give it back to the pile it was on."""
    table.open(3)
    game = Game.new(3)
    moves = [str(m) for m in game.legal_moves()][:1] + ["S-W"]
    for move in moves:
        table.play(move)
    tab_to(table, "#undo")
    table.page.keyboard.press("Enter")
    assert focus_on(table) == "undo"
    table.page.keyboard.press("Enter")  # back at the deal: Undo can do no more
    expect(table.page.locator("#undo")).to_be_disabled()
    assert focus_on(table) == "redo"
    table.page.keyboard.press("Enter")
    expect(table.page.locator("#moves")).to_have_text("1")

    here = tab_into_table(table)
    arrow_to(table, here, "T3")
    table.page.keyboard.press("p")
    expect(table.page.locator("#pause")).to_be_visible()
    assert focus_on(table) == "resume"
    table.page.keyboard.press("Escape")
    expect(table.page.locator("#pause")).to_be_hidden()
    assert focus_on(table) == "T3"

    table.page.evaluate("() => { location.hash = '#game=5'; }")  # leave a game in progress?
    expect(table.page.locator("#result")).to_have_attribute("data-kind", "confirm")
    assert focus_on(table) == "confirm-no"
    table.page.keyboard.press("Escape")
    expect(table.page.locator("#result")).to_be_hidden()
    assert focus_on(table) == "T3"
    table.assert_clean()


@pytest.mark.parametrize("panel", ["settings", "stats", "story", "help", "daily"])
def test_a_panel_opened_from_the_keyboard_takes_focus_and_gives_it_back(table, panel):
    """Enter on a bar button opens its panel with focus inside it, not left on the button the
    panel covers: the next Tab reaches the panel's Close. Esc gives focus back to the button."""
    table.open(1)
    opener = table.page.locator(f".bar [data-action={panel}]")
    tab_to(table, f".bar [data-action={panel}]")
    table.page.keyboard.press("Enter")
    expect(table.page.locator(f"#{panel}")).to_be_visible()
    assert table.page.evaluate(f"document.getElementById('{panel}').contains("
                               "document.activeElement)")
    table.page.keyboard.press("Tab")
    assert focus_on(table) == "close-panel"
    assert table.page.evaluate(f"document.getElementById('{panel}').contains("
                               "document.activeElement)")
    table.page.keyboard.press("Escape")
    expect(table.page.locator(f"#{panel}")).to_be_hidden()
    expect(opener).to_be_focused()
    table.assert_clean()


def test_a_whole_game_is_won_with_the_keyboard_alone(table, winning_line):
    table.open(KEYBOARD_SEED)
    game = Game.new(KEYBOARD_SEED)
    here = tab_into_table(table)
    keys = table.page.keyboard
    for i, move in enumerate(winning_line, 1):
        src, dst = move.split("-")
        if src == "S":
            keys.press("d")
        else:
            arrow_to(table, here, src)
            homes = [t for t in game.targets(src) if t.startswith("F")]
            if dst.startswith("F") and homes[0] == dst:
                keys.press("f")  # straight to the first foundation that takes it
                here = src
            else:
                keys.press("Enter" if i % 2 else " ")
                arrow_to(table, src, dst)
                keys.press("Enter")
                here = dst
        game.play(move)
        if i % 40 == 0:
            table.wait_table(expected_table(game))
            assert focused_pile(table) == here
    table.wait_table(expected_table(game))
    table.page.wait_for_function("document.querySelector('[data-status]').dataset.status"
                                 " === 'won'")
    dialog = table.page.locator("#result")
    expect(dialog).to_be_visible()
    expect(dialog.locator("h2")).to_have_text("You won!")
    assert table.page.evaluate("document.documentElement.classList.contains('won')")  # celebration
    expect(table.page.locator("#message")).to_contain_text("You won")
    # the dialog has focus, so the keyboard can go on: Escape closes it
    assert table.page.evaluate("document.getElementById('result').contains(document.activeElement)")
    assert_accessible(table)
    keys.press("Escape")
    expect(dialog).to_be_hidden()


# ---- screen readers ----------------------------------------------------------------------------

def test_piles_have_names_a_screen_reader_can_say(table):
    table.open(1)
    game = Game.new(1)
    p = game.position()
    page = table.page
    words = {"A": "ace", "2": "two", "3": "three", "4": "four", "5": "five", "6": "six",
             "7": "seven", "8": "eight", "9": "nine", "T": "ten", "J": "jack", "Q": "queen",
             "K": "king"}
    suits = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}

    def said(code):
        return f"{words[code[0]]} of {suits[code[1]]}"

    base = {"A": "ace", "T": "10", "J": "jack", "Q": "queen", "K": "king"}.get(
        game.base_rank, game.base_rank)
    expect(page.get_by_role("button", name="Stock, 78 cards", exact=True)).to_have_count(1)
    expect(page.get_by_role("button", name="Waste, empty", exact=True)).to_have_count(1)
    expect(page.get_by_role("button", name=f"Reserve: {said(p['reserve'][-1])}, 13 cards",
                            exact=True)).to_have_count(1)
    f1 = (f"Foundation 1, first foundation, base rank {base}, 1 card, "
          f"top: {said(p['foundations'][0][0])}")
    expect(page.get_by_role("button", name=f1, exact=True)).to_have_count(1)
    expect(page.get_by_role("button", name="Foundation 2, locked until foundation 1 holds 13 cards",
                            exact=True)).to_have_count(1)
    for i in (1, 7, 12):
        card = p["tableau"][i - 1][0]
        base_card = ", base rank: it goes only to a foundation" if card[0] == game.base_rank else ""
        name = f"Tableau {i}: {said(card)}{base_card}, 1 card"
        expect(page.get_by_role("button", name=name, exact=True)).to_have_count(1)


def test_selection_targets_moves_and_refusals_reach_a_screen_reader(table):
    table.open(3)
    game = Game.new(3)
    page = table.page
    status = page.get_by_role("status")
    expect(status).to_have_attribute("aria-live", "polite")
    src = next(s for s in SOURCES if game.targets(s))
    targets = game.targets(src)
    here = tab_into_table(table)
    arrow_to(table, here, src)
    page.keyboard.press("Enter")
    expect(table.pile(src)).to_have_attribute("aria-pressed", "true")
    assert table.pile(src).get_attribute("aria-label").endswith(", selected")
    assert page.locator("[data-pile][aria-pressed='true']").count() == 1
    for name in targets:
        expect(table.pile(name)).to_have_attribute("aria-describedby", "selection-help")
        assert table.pile(name).get_attribute("aria-label").endswith(", legal target")
    expect(page.locator("#selection-help")).to_contain_text("It can go to")
    # mid-game, with a selection: no accessibility violations
    assert_accessible(table)
    # a refusal is announced with the engine's reason, and a repeat is announced again
    refused = "F2"
    try:
        game.play(f"{src}-{refused}")
        raise AssertionError("the engine accepted a move to a locked foundation")
    except IllegalMove as error:
        reason = str(error)
    arrow_to(table, src, refused)
    page.keyboard.press("Enter")
    expect(status).to_have_text(reason)
    # the move itself is announced
    arrow_to(table, refused, targets[0])
    page.keyboard.press("Enter")
    game.play(f"{src}-{targets[0]}")
    table.wait_table(expected_table(game))
    expect(status).to_contain_text(" to ")
    assert page.locator("[data-pile][aria-pressed='true']").count() == 0
    # a deal is announced with what is left
    page.keyboard.press("d")
    expect(status).to_contain_text("77 left in the stock")
    page.keyboard.press("Escape")


def test_the_fresh_table_and_the_lost_dialog_pass_axe(table):
    table.open(LOST_BY_DEALING_SEED)
    assert_accessible(table)
    for _ in range(78):
        table.page.keyboard.press("d")
    table.page.wait_for_function("document.querySelector('[data-status]').dataset.status"
                                 " === 'lost'")
    expect(table.page.locator("#result")).to_be_visible()
    expect(table.page.get_by_role("status")).to_contain_text("lost")
    assert_accessible(table)
    table.page.keyboard.press("Escape")


def test_axe_core_is_a_test_tool_only(site_url):
    assert AXE.exists(), "axe-core is missing: run npm ci"
    site = ROOT / "_site"
    assert not [p for p in site.rglob("*") if "axe" in p.name.lower()]
