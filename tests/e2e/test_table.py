"""Playing on the table: the deal, selecting, moving, refusals, dealing, undo/redo, restart."""

from __future__ import annotations

import re
from io import BytesIO
from itertools import pairwise
from pathlib import Path

import pytest
from PIL import Image, ImageChops
from playwright.sync_api import expect

from plot import TABLEAU, Game, IllegalMove
from tests.e2e.tablepage import FRAMES, expected_table, new_table
from tests.lines import long_piles, lost_while_playing, page_save
from tests.test_postmortem import FIXTURES, random_lost_game
from web.saveslot import SAVE_KEY

SOURCES = ["R", "W", *(f"T{i}" for i in range(1, 13))]
ROOT = Path(__file__).resolve().parents[2]


def first_move(game: Game, src_prefix: str = "") -> object:
    """The engine's first legal move that is not a deal (from a source starting with prefix)."""
    return next(m for m in game.legal_moves() if m.src != "S" and m.src.startswith(src_prefix))


def pile_classes(table, cls: str) -> set[str]:
    return set(table.page.eval_on_selector_all(
        f"[data-pile].{cls}", "els => els.map(e => e.dataset.pile)"))


def test_first_load_shows_the_deal_the_engine_makes(table):
    game = Game.new(1)
    table.wait_table(expected_table(game))
    assert table.status() == "playing"
    assert table.page.locator("#game-number").inner_text() == "1"
    base = {"T": "10"}.get(game.base_rank, game.base_rank)
    assert table.page.locator("#base-rank").inner_text() == base
    assert pile_classes(table, "locked") == {f"F{i}" for i in range(2, 9)}
    assert table.page.evaluate("location.hash") == "#game=1"


def test_selecting_a_card_highlights_its_targets_and_a_target_click_plays(table):
    table.open(2)
    game = Game.new(2)
    move = first_move(game)
    table.click_pile(move.src)
    table.page.wait_for_selector(f"[data-pile='{move.src}'].selected")
    assert pile_classes(table, "target") == set(game.targets(move.src))
    table.click_pile(move.dst)
    game.play(move)
    table.wait_table(expected_table(game))
    assert pile_classes(table, "selected") == set()
    assert pile_classes(table, "target") == set()
    assert table.page.locator("#moves").inner_text() == "1"


def test_an_illegal_click_changes_nothing_and_shows_the_engines_reason(table):
    table.open(3)
    game = Game.new(3)
    src = next(s for s in SOURCES if game.targets(s))
    dst = "F2"  # locked until foundation 1 is complete
    try:
        game.play(f"{src}-{dst}")
        raise AssertionError("the engine accepted a move to a locked foundation")
    except IllegalMove as error:
        reason = str(error)
    before = expected_table(game)
    table.click_pile(src)
    table.click_pile(dst)
    table.page.wait_for_function(
        "reason => document.getElementById('message').textContent === reason", arg=reason)
    assert table.table() == before
    assert pile_classes(table, "selected") == {src}  # still selected: nothing changed
    assert table.page.locator("#moves").inner_text() == "0"
    # deselect: Esc, clicking the card again, clicking empty table
    table.page.keyboard.press("Escape")
    table.page.wait_for_function("!document.querySelector('[data-pile].selected')")
    table.click_pile(src)
    table.page.wait_for_selector(f"[data-pile='{src}'].selected")
    table.click_pile(src)
    table.page.wait_for_function("!document.querySelector('[data-pile].selected')")
    table.click_pile(src)
    table.page.wait_for_selector(f"[data-pile='{src}'].selected")
    table.page.locator("#table").click(position={"x": 3, "y": 3})
    table.page.wait_for_function("!document.querySelector('[data-pile].selected')")
    assert table.table() == before


def test_the_stock_deals_by_click_space_and_d(table):
    table.open(4)
    game = Game.new(4)
    table.click_pile("S")
    game.play("S-W")
    table.wait_table(expected_table(game))
    assert table.message().startswith("Dealt")
    for key in (" ", "d"):
        table.page.keyboard.press(key)
        game.play("S-W")
        table.wait_table(expected_table(game))


def test_undo_and_redo_by_buttons_and_keys(table):
    table.open(5)
    game = Game.new(5)
    assert table.page.locator("#undo").is_disabled()
    for move in ("S-W", str(first_move(game)), "S-W"):
        move = str(first_move(game)) if move != "S-W" else move
        table.play(move)
        game.play(move)
        table.wait_table(expected_table(game))
    table.page.locator("#undo").click()
    game.undo()
    table.wait_table(expected_table(game))
    assert table.page.locator("#redo").is_enabled()
    steps = [("z", game.undo), ("Shift+Z", game.redo), ("Control+z", game.undo),
             ("Control+y", game.redo), ("Control+Shift+Z", game.redo)]
    for key, step in steps:
        table.page.keyboard.press(key)
        step()
        table.wait_table(expected_table(game))
    table.page.locator("#undo").click()
    game.undo()
    table.page.locator("#redo").click()
    game.redo()
    table.wait_table(expected_table(game))
    assert table.page.locator("#moves").inner_text() == str(game.moves_played)


def test_double_click_sends_a_card_to_a_foundation(table):
    number, src, home = next(
        (n, s, t) for n in range(1, 500) for s in SOURCES
        for t in Game.new(n).targets(s) if t.startswith("F"))
    table.open(number)
    game = Game.new(number)
    table.pile(src).dblclick()
    game.play(f"{src}-{home}")
    table.wait_table(expected_table(game))


def test_restart_asks_nothing_and_the_toast_s_undo_brings_the_game_back(table):
    table.open(6)
    game = Game.new(6)
    for _ in range(2):
        move = str(first_move(game)) if game.targets(first_move(game).src) else "S-W"
        table.play(move)
        game.play(move)
    table.wait_table(expected_table(game))
    table.page.locator(".bar [data-action=restart]").click()
    toast = table.page.locator("#toast")
    expect(toast).to_be_visible()
    expect(toast).to_contain_text("Game 6 restarted.")
    assert table.page.locator("#result").is_hidden()
    table.wait_table(expected_table(Game.new(6)))
    assert table.page.locator("#moves").inner_text() == "0"
    toast.locator("[data-action=undo-leave]").click()
    expect(toast).to_be_hidden()
    table.wait_table(expected_table(game))
    expect(table.page.locator("#moves")).to_have_text("2")
    expect(table.page.locator("#message")).to_contain_text("Game 6 is back")
    table.page.locator(".bar [data-action=restart]").click()
    table.wait_table(expected_table(Game.new(6)))
    expect(table.page.locator("#redo")).to_be_enabled()
    expect(table.page.locator("#undo")).to_be_enabled()  # it would bring the game back
    assert table.page.locator("#game-number").inner_text() == "6"
    expect(toast).to_be_hidden(timeout=12_000)  # its offer ends after a few seconds
    expect(table.page.locator("#undo")).to_be_disabled()  # at the deal, nothing left to undo


def test_changing_the_hash_switches_deals_without_reloading(table):
    table.page.evaluate("window.sameDocument = true")
    table.open(99)
    table.wait_table(expected_table(Game.new(99)))
    # with a game in progress the page asks first; keeping it puts its link back
    table.click_pile("S")
    table.page.evaluate("location.hash = '#game=100'")
    dialog = table.page.locator("#result")
    dialog.wait_for(state="visible")
    assert dialog.locator("h2").inner_text() == "Open game 100?"
    dialog.locator("[data-action=cancel]").click()
    table.page.wait_for_function("location.hash === '#game=99'")
    assert table.page.locator("#moves").inner_text() == "1"
    table.page.evaluate("location.hash = '#game=100'")
    table.page.locator("#confirm-yes").click()
    table.wait_table(expected_table(Game.new(100)))
    table.open(123456)
    table.wait_table(expected_table(Game.new(123456)))
    assert table.page.evaluate("window.sameDocument") is True
    assert table.page.locator("#game-link").get_attribute("href") == "#game=123456"
    table.page.evaluate("location.hash = '#game=oops'")
    expect(table.page.locator("#message")).to_contain_text("not a game link")
    assert table.page.evaluate("location.hash") == "#game=123456"
    table.wait_table(expected_table(Game.new(123456)))


def test_new_game_key_deals_a_fresh_game_and_counts_the_abandoned_one(table):
    table.open(7)
    table.page.locator("[data-action=stats]").click()
    table.page.locator("#stats").wait_for(state="visible")
    played_before = int(table.page.locator("#stat-played").inner_text())
    table.page.keyboard.press("Escape")
    table.click_pile("S")
    table.page.wait_for_function("document.getElementById('moves').textContent === '1'")
    table.page.keyboard.press("n")
    table.page.wait_for_function(
        "document.getElementById('game-number').textContent !== '7'")
    number = int(table.page.locator("#game-number").inner_text())
    table.wait_table(expected_table(Game.new(number)))
    assert table.page.evaluate("location.hash") == f"#game={number}"
    table.page.locator("[data-action=stats]").click()
    expect(table.page.locator("#stat-played")).to_have_text(str(played_before + 1))
    expect(table.page.locator("#stat-won")).to_have_text("0")
    table.page.keyboard.press("Escape")
    table.page.locator("#stats").wait_for(state="hidden")


def test_how_to_play_shows_the_rules_from_docs(table):
    table.page.locator("[data-action=help]").click()
    panel = table.page.locator("#help")
    panel.wait_for(state="visible")
    table.page.wait_for_selector("#rules h3")
    text = " ".join(panel.inner_text().split())
    rules = (ROOT / "docs" / "how-to-play.md").read_text(encoding="utf-8")
    headings = re.findall(r"^#{2,6}\s+(.+)$", rules, flags=re.M)
    assert headings
    for heading in headings:
        plain = re.sub(r"[*_`]", "", heading).strip()
        assert plain in text
    assert "docs/rules.md" not in text  # a file the site does not serve
    table.page.keyboard.press("Escape")
    panel.wait_for(state="hidden")


def test_the_full_rules_unfold_at_the_end_of_how_to_play(table):
    table.page.locator("[data-action=help]").click()
    panel = table.page.locator("#help")
    panel.wait_for(state="visible")
    full = panel.locator("#full-rules")
    assert not full.is_visible()  # folded: the guide stays short
    fetched = "() => performance.getEntriesByType('resource').map((e) => e.name).join(' ')"
    assert "full-rules.html" not in table.page.evaluate(fetched)  # fetched only once opened
    panel.get_by_text("The full rules, and what this version chose").click()
    table.page.wait_for_selector("#full-rules h4")
    text = " ".join(full.inner_text().split())
    rules = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    headings = re.findall(r"^#{2,6}\s+(.+)$", rules, flags=re.M)
    assert "Details this version chose" in headings
    for heading in headings:
        assert re.sub(r"[*_`]", "", heading).strip() in text
    assert "SplitMix64" in text
    panel.get_by_text("The full rules, and what this version chose").click()  # fold it again
    table.page.keyboard.press("Escape")
    panel.wait_for(state="hidden")


def test_the_link_button_shares_the_deal(table):
    table.open(31)
    table.page.locator("[data-action=copy-link]").click()
    table.page.wait_for_function(
        "document.getElementById('message').textContent.includes('#game=31')")
    assert table.page.locator("#game-link").get_attribute("href") == "#game=31"


def test_the_skeleton_and_a_loading_line_show_before_python_runs(browser, site_url):
    context = browser.new_context(service_workers="block")
    try:
        page = context.new_page()
        # hold Python back: the interpreter's WebAssembly never arrives
        page.route("**/pyodide.asm.wasm", lambda route: None)
        page.goto(site_url + "#game=1", wait_until="domcontentloaded")
        assert page.locator("[data-pile]").count() == 23
        assert page.locator("#message").inner_text().startswith("Loading")
        assert page.locator("html").get_attribute("data-ready") is None
        assert page.locator("[data-pile='S'] .back").is_visible()
    finally:
        context.close()


NUMBER_CUT = """() => {
  const link = document.getElementById('game-link');
  const number = document.getElementById('game-number').getBoundingClientRect();
  const box = link.getBoundingClientRect();
  return link.scrollWidth > link.clientWidth + 1 || number.left < box.left - 0.5
    || number.right > box.right + 0.5;
}"""


@pytest.mark.parametrize(("width", "height", "number"),
                         [(320, 568, 1), (360, 640, 987654), (390, 844, 1234567)])
def test_the_deal_s_number_is_shown_whole_on_a_small_phone(browser, site_url, width, height,
                                                           number):
    """The header's deal number never gives way to an ellipsis ("Gam..." at 320 px wide, the
    number gone): on the narrowest phones the word Game is only heard, and the tier beside it
    gives way first."""
    page = new_table(browser, site_url, viewport={"width": width, "height": height})
    try:
        page.goto(f"#game={number}")
        expect(page.page.locator("#game-number")).to_have_text(str(number))
        assert not page.page.evaluate(NUMBER_CUT)
        assert page.page.locator("#game-link").get_attribute("title") == "Link to this deal"
        assert page.page.evaluate("document.getElementById('game-link').textContent") \
            == f"Game {number}"  # what a screen reader says
        page.assert_clean()
    finally:
        page.context.close()


# The names over the reserve, the stock and the waste, left to right: [name, the left and right
# of its box (the pile's ::after, placed from its computed style), the width its words need in
# the font it is drawn in, the width they have].
TALON_NAMES = """() => [...document.querySelectorAll('.top > [data-label]')].map((pile) => {
  const box = pile.getBoundingClientRect(), label = getComputedStyle(pile, '::after');
  const padding = parseFloat(label.paddingLeft) + parseFloat(label.paddingRight);
  const width = parseFloat(label.width) + padding;
  const left = box.left + parseFloat(label.left) + new DOMMatrix(label.transform).m41;
  const font = document.createElement('canvas').getContext('2d');
  font.font = `${label.fontWeight} ${label.fontSize} ${label.fontFamily}`;
  return [pile.dataset.label, left, left + width, font.measureText(pile.dataset.label).width,
          width - padding];
})"""


@pytest.mark.parametrize(("width", "height"), [(320, 568), (360, 640), (568, 320), (390, 844)])
def test_the_reserve_stock_and_waste_are_named_whole_on_a_small_phone(browser, site_url, width,
                                                                      height):
    """On a small, short phone a card is narrower than the word "Reserve" ("Reser" at 320x568):
    its name reaches left of the card instead, on screen and clear of the stock's name."""
    page = new_table(browser, site_url, viewport={"width": width, "height": height})
    try:
        page.goto()
        names = page.page.evaluate(TALON_NAMES)
        assert [name[0] for name in names] == ["Reserve", "Stock", "Waste"]
        for name, left, right, needs, room in names:
            assert needs <= room + 0.5, f"{name} is cut: {names}"
            assert left >= 0 and right <= width, f"{name} is off the screen: {names}"
        for (name, _, right, *_), (other, left, *_) in pairwise(names):
            assert right <= left + 0.5, f"{name} reaches over {other}: {names}"
        page.assert_clean()
    finally:
        page.context.close()


MESSAGE_GAME = 3048  # its tableau 9 is a base card: a click on it is refused at length
# The status line's message: [cut (lines hidden), its top and bottom, whether a point just
# inside its bottom edge is the message itself (drawn over the table), the table's top].
MESSAGE_SHOWN = """() => {
  const message = document.getElementById('message');
  const box = message.getBoundingClientRect();
  const hit = document.elementFromPoint(box.x + box.width / 2, box.bottom - 4);
  return [message.scrollHeight > message.clientHeight + 1, box.top, box.bottom,
          !!hit && message.contains(hit), document.getElementById('table')
            .getBoundingClientRect().top];
}"""


@pytest.mark.parametrize(("width", "height"), [(320, 568), (360, 640)])
def test_a_message_longer_than_the_status_line_shows_whole_on_a_tap(browser, site_url, width,
                                                                     height):
    """On a phone the status line holds two lines, and a longer message was cut with no way to
    read the rest: a click or tap on it shows it whole, over the table (which stays where it
    is), until the next click on it or the next message."""
    page = new_table(browser, site_url, viewport={"width": width, "height": height})
    try:
        page.goto()
        page.open(MESSAGE_GAME)
        page.click_pile("T9")  # a base card, which goes only to a foundation: a long refusal
        p = page.page
        cut, top, _, _, table_top = p.evaluate(MESSAGE_SHOWN)
        assert cut, p.locator("#message").text_content()
        box = p.locator("#message").bounding_box()
        p.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        whole, whole_top, bottom, on_top, whole_table_top = p.evaluate(MESSAGE_SHOWN)
        assert not whole and on_top and bottom <= height, (whole, bottom, on_top)
        assert abs(whole_top - top) <= 2 and whole_table_top == table_top  # nothing jumps
        p.mouse.click(box["x"] + box["width"] / 2, box["y"] + 6)
        assert p.evaluate(MESSAGE_SHOWN)[0]  # cut to its lines again
        p.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        page.click_pile("S")  # the next message starts on its lines again
        expect(p.locator(".statusbar")).not_to_have_class(re.compile(r"\bwhole\b"))
        p.mouse.click(box["x"] + 20, box["y"] + 6)  # a message that fits stays as it is
        p.evaluate(FRAMES)
        assert "whole" not in p.locator(".statusbar").get_attribute("class")
        page.assert_clean()
    finally:
        page.context.close()


# Each card fanned under another: how far the ink of its rank reaches below the top of the card
# over it, as the browser's own font measures it (a Q's tail goes below the line the other
# ranks end on): the rank's baseline in its line box, then the glyphs' depth below it.
RANKS_UNDER = """() => {
  const ctx = document.createElement('canvas').getContext('2d');
  return [...document.querySelectorAll('.fan > .card:not(:last-child)')].map((card) => {
    const rank = card.querySelector('.index.tl .rank');
    const style = getComputedStyle(rank, '::before');
    ctx.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const ink = ctx.measureText(rank.dataset.r);
    const box = rank.getBoundingClientRect();
    const font = ink.fontBoundingBoxAscent + ink.fontBoundingBoxDescent;
    const baseline = box.top + (box.height - font) / 2 + ink.fontBoundingBoxAscent;
    return [card.dataset.card, baseline + ink.actualBoundingBoxDescent
            - card.nextElementSibling.getBoundingClientRect().top];
  });
}"""


# Each base card's BASE badge (drawn by ::after): how far it reaches over its rank's capital,
# across and down (both > 0: the badge covers the rank).
BADGES_OVER_RANKS = """() => [...document.querySelectorAll('.card.base')].map((card) => {
  const box = card.getBoundingClientRect();
  const badge = getComputedStyle(card, '::after');
  const left = box.right - parseFloat(badge.right) - parseFloat(badge.width);
  const top = box.top + parseFloat(badge.top);
  const rank = card.querySelector('.index.tl .rank');
  const r = rank.getBoundingClientRect();
  const end = r.top + 0.82 * parseFloat(getComputedStyle(rank).fontSize);
  return [card.dataset.card, r.right - left, end - top];
})"""


# Each covered card's rank in a landscape fan (the fan runs rightward): how far its right edge
# reaches past the left edge of the card over it (> 0: cut).
RANKS_ACROSS = """() => [...document.querySelectorAll('.fan > .card:not(:last-child)')]
  .map((card) => {
  const rank = card.querySelector('.index.tl .rank').getBoundingClientRect();
  return [card.dataset.card, rank.right - card.nextElementSibling.getBoundingClientRect().left];
})"""


def fixture_game(name: str) -> Game:
    """The game of a record in tests/fixtures/."""
    return Game.from_record((FIXTURES / name).read_text(encoding="utf-8"))


def ten_in_a_long_fan() -> Game:
    """Deal 1 after 307 moves: tableau 3 holds 10 9 8 7 6 5 4 3 2, the ten under the rest."""
    return fixture_game("ten-in-a-long-fan-deal-1.txt")


def queen_in_a_long_fan() -> Game:
    """Deal 3 after 248 moves: a pile of nine, 4 3 2 A K Q J 10 9, a queen and a ten under the
    rest."""
    return fixture_game("queen-in-a-long-fan-deal-3.txt")


def long_fan() -> Game:
    """Deal 19 after 107 moves of a random lost game: a pile of 10 cards and four base cards on
    the tableau."""
    game = random_lost_game(19)
    start = Game.new(game.seed)
    for move in game.history[:107]:
        start.play(move)
    return start


@pytest.mark.parametrize(("width", "height"),
                         [(390, 844), (360, 640), (320, 568), (844, 390), (1366, 850)])
def test_every_rank_on_the_table_shows_whole(browser, site_url, width, height):
    """A pile of 10 cards and four base cards: each card under the next shows its whole rank in
    the strip left showing (in a portrait fan the bottom third of each was cut on a phone: an A
    read as a triangle, a Q as an O; in a landscape fan, on a desktop too, the right half of the
    tightest fan's ranks: an 8 read as a 3), and no BASE badge covers a base card's rank (it did
    on cards too narrow for both: it goes below the rank there)."""
    start = long_fan()
    page = new_table(browser, site_url, viewport={"width": width, "height": height})
    try:
        page.store_and_open(SAVE_KEY, page_save(start))
        page.wait_table(expected_table(start))
        ranks = page.page.evaluate(RANKS_UNDER if height > width else RANKS_ACROSS)
        assert len(ranks) >= 12
        assert all(reach <= 0.5 for _, reach in ranks), ranks
        badges = page.page.evaluate(BADGES_OVER_RANKS)
        assert len(badges) == 4
        assert not [b for b in badges if b[1] > 0 and b[2] > 0], badges
        page.assert_clean()
    finally:
        page.context.close()


# A card the old stylesheet cut in a long fan, the position, and the screens it was cut on: a
# queen's tail in a phone's fan (the Q read as an O: the tail goes below the line the other ranks
# end on), a ten's 0 in a landscape fan ("10", the widest rank, read as a 1).
CUT_RANKS = [("QC", queen_in_a_long_fan, width, height)
             for width, height in ((390, 844), (360, 640), (320, 568))]
CUT_RANKS += [("TC", ten_in_a_long_fan, width, height)
              for width, height in ((844, 390), (667, 375), (1366, 850))]


@pytest.mark.parametrize(("card", "position", "width", "height"), CUT_RANKS,
                         ids=[f"{card}-{width}x{height}" for card, _, width, height in CUT_RANKS])
def test_a_rank_the_fan_cut_shows_whole(browser, site_url, card, position, width, height):
    """The card under the rest of a long fan shows its whole rank: it shrinks to the strip that
    shows (RANKS_UNDER and RANKS_ACROSS measure each rank's ink)."""
    start = position()
    page = new_table(browser, site_url, viewport={"width": width, "height": height})
    try:
        page.store_and_open(SAVE_KEY, page_save(start))
        page.wait_table(expected_table(start))
        ranks = page.page.evaluate(RANKS_UNDER if height > width else RANKS_ACROSS)
        assert card in [code for code, _ in ranks]
        assert not [rank for rank in ranks if rank[1] > 0.5]
        page.assert_clean()
    finally:
        page.context.close()


# Each tableau pile's number (its ::after, placed from its computed box) and what covers it:
# [number, the pile or card over it, overlap across, overlap down]; a number off screen is
# covered by "the screen's edge".
NUMBERS_COVERED = """() => {
  const parts = ['paddingLeft', 'width', 'paddingRight', 'paddingTop', 'height', 'paddingBottom'];
  const covered = [];
  for (const pile of document.querySelectorAll('.tableau .pile[data-label]')) {
    const box = pile.getBoundingClientRect(), label = getComputedStyle(pile, '::after');
    const [pl, w, pr, pt, h, pb] = parts.map((part) => parseFloat(label[part]));
    const left = box.left + parseFloat(label.left), top = box.top + parseFloat(label.top);
    const right = left + pl + w + pr, bottom = top + pt + h + pb;
    if (left < -0.5 || right > innerWidth + 0.5) {
      covered.push([pile.dataset.label, "the screen's edge", 0, 0]);
    }
    for (const other of document.querySelectorAll('[data-pile], [data-pile] .card')) {
      if (pile.contains(other) || !other.getClientRects().length) continue;
      const r = other.getBoundingClientRect();
      const across = Math.min(right, r.right) - Math.max(left, r.left);
      const down = Math.min(bottom, r.bottom) - Math.max(top, r.top);
      if (across > 0.5 && down > 0.5) {
        covered.push([pile.dataset.label, other.dataset.pile || other.dataset.card, across, down]);
      }
    }
  }
  return covered;
}"""


# Words drawn on the table that a narrow card cut: each pile's name ("Waste", "7") narrower
# than its text, and each BASE badge narrower than its word or reaching past its card's edge
# (the card clips it): [what, its text's width, the width it has] or [badge, how far out].
WORDS_CUT = """() => {
  const measure = document.createElement('canvas').getContext('2d');
  const needs = (style, text) => {
    measure.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    return measure.measureText(text).width
      + (parseFloat(style.letterSpacing) || 0) * text.length;
  };
  const cut = [];
  for (const pile of document.querySelectorAll('.pile[data-label]')) {
    if (!pile.getClientRects().length) continue;
    const label = getComputedStyle(pile, '::after');
    const need = needs(label, pile.dataset.label), have = parseFloat(label.width);
    if (need > have + 0.5) cut.push([pile.dataset.label, need, have]);
  }
  for (const card of document.querySelectorAll('.card.base')) {
    const box = card.getBoundingClientRect(), badge = getComputedStyle(card, '::after');
    const width = ['paddingLeft', 'width', 'paddingRight']
      .reduce((sum, part) => sum + parseFloat(badge[part]), 0);
    const left = box.left + parseFloat(badge.left);
    const need = needs(badge, 'BASE'), have = parseFloat(badge.width);
    if (need > have + 0.5) cut.push([card.dataset.card, need, have]);
    const out = Math.max(box.left - left, left + width - box.right);
    if (out > 0.5) cut.push([card.dataset.card, 'out', out]);
  }
  return cut;
}"""


# Foundations' counts ("12/13") that do not show whole on their own card: one that begins left
# of its card (over the foundation before it), overlaps another count, or is wider than its text
# allows. [pile, what, by how much].
COUNTS_CROSSED = """() => {
  const measure = document.createElement('canvas').getContext('2d');
  const counts = [...document.querySelectorAll('.foundation > .count')]
    .filter((count) => count.getClientRects().length)
    .map((count) => [count.parentElement, count, count.getBoundingClientRect()]);
  const crossed = [];
  counts.forEach(([pile, count, box], i) => {
    const name = pile.dataset.pile, style = getComputedStyle(count);
    const out = pile.getBoundingClientRect().left - box.left;
    if (out > 0.5) crossed.push([name, 'left of its card', out]);
    const [next, , after] = counts[i + 1] ?? [];
    if (after && box.right > after.left + 0.5) crossed.push([name, 'over ' + next.dataset.pile,
                                                           box.right - after.left]);
    measure.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const need = measure.measureText(count.dataset.n).width;
    const have = box.width - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    if (need > have + 0.5) crossed.push([name, 'cut', need - have]);
  });
  return crossed;
}"""


@pytest.mark.parametrize(("width", "height"), [(320, 568), (360, 640), (390, 844), (1366, 768)])
def test_late_in_a_game_each_foundation_s_count_shows_on_its_own_card(browser, site_url, width,
                                                                      height):
    """Late in a game the foundations' counts have two figures ("13/13", "11/13"): on a small
    phone (cards 26 px wide at 320x568, 33 at 360x640) a count was wider than its card and
    reached left over the count of the foundation before it ("13/1" and "11/13" drawn one over
    the other). Each count shows whole on its own card now, smaller where the card is narrow."""
    game = lost_while_playing()
    assert max(map(len, game.position()["foundations"])) >= 10  # two-figure counts
    page = new_table(browser, site_url, viewport={"width": width, "height": height})
    try:
        page.store_and_open(SAVE_KEY, page_save(game))
        page.wait_table(expected_table(game))
        page.page.evaluate(FRAMES)
        crossed = page.page.evaluate(COUNTS_CROSSED)
        assert crossed == [], crossed
        page.assert_clean()
    finally:
        page.context.close()


# Long fans in every row (so the narrowest cards at each size), phones to desktops.
LONG_FAN_SIZES = [(320, 568), (360, 640), (390, 844), (768, 1024), (667, 375), (844, 390),
                  (1280, 720), (1366, 768), (1920, 1080)]


@pytest.mark.parametrize(("width", "height"), LONG_FAN_SIZES)
def test_with_long_fans_every_pile_s_name_and_base_badge_shows_whole(browser, site_url, width,
                                                                     height):
    """Long fans in every row: each tableau pile's number (the name the messages use, "tableau
    12 takes an ace") shows, over no card and no other pile; each pile's name shows whole; each
    BASE badge fits its card. In landscape a number sits left of its pile, between the columns,
    and a full fan reached over it (at 844x390 the numbers 3, 6 and 12 were under the fans of 2,
    5 and 11; at 1366x768 the 12 was drawn on a queen); on a small phone the cards are 27 px
    wide (360x640) and "Waste" read "Wast", BASE "ASE"."""
    start = long_piles()
    page = new_table(browser, site_url, viewport={"width": width, "height": height})
    try:
        page.store_and_open(SAVE_KEY, page_save(start))
        page.wait_table(expected_table(start))
        page.page.evaluate(FRAMES)
        assert page.page.locator(".tableau .pile[data-label]").count() == len(TABLEAU)
        assert page.page.locator(".card.base").count() >= 4
        covered = page.page.evaluate(NUMBERS_COVERED)
        assert covered == [], covered
        cut = page.page.evaluate(WORDS_CUT)
        assert cut == [], cut
        crossed = page.page.evaluate(COUNTS_CROSSED)
        assert crossed == [], crossed
        page.assert_clean()
    finally:
        page.context.close()


# The strip of a pile's name, across the name's text: {x, y, width, height}.
NAME_STRIP = """(selector) => {
  const pile = document.querySelector(selector);
  const box = pile.getBoundingClientRect();
  const label = getComputedStyle(pile, '::after');
  const font = document.createElement('canvas').getContext('2d');
  font.font = `${label.fontWeight} ${label.fontSize} ${label.fontFamily}`;
  const left = box.left + parseFloat(label.left) + new DOMMatrix(label.transform).m41
    + parseFloat(label.paddingLeft);
  const top = Math.floor(box.top - parseFloat(label.height));
  return {x: Math.floor(left), y: top, width: Math.ceil(font.measureText(pile.dataset.label).width),
          height: Math.ceil(box.top) - top};
}"""
# The top of the ring of a pile's top card, once its lift has ended (3 px above the card).
RING_TOP = """async (selector) => {
  const card = document.querySelector(selector).querySelector('.card:last-of-type');
  await Promise.all(card.getAnimations().map((a) => a.finished));
  return card.getBoundingClientRect().top - 3;
}"""
# A pile's name with its text transparent, or as it was (a rule added and taken away through
# the CSSOM: the page's policy refuses inline styles).
NAME_TEXT_HIDDEN = """([selector, hidden]) => {
  const sheet = document.styleSheets[0];
  if (hidden) sheet.insertRule(`${selector}::after { color: transparent !important; }`,
                               sheet.cssRules.length);
  else sheet.deleteRule(sheet.cssRules.length - 1);
}"""


def text_pixels_by_row(page, selector: str, clip: dict) -> list[int]:
    """How many pixels of each row of `clip` the pile's name draws (those that change when its
    text is made transparent)."""
    shown = page.screenshot(clip=clip, animations="disabled")
    page.evaluate(NAME_TEXT_HIDDEN, [selector, True])
    page.evaluate(FRAMES)
    hidden = page.screenshot(clip=clip, animations="disabled")
    page.evaluate(NAME_TEXT_HIDDEN, [selector, False])
    page.evaluate(FRAMES)
    a, b = (Image.open(BytesIO(png)).convert("RGB") for png in (shown, hidden))
    difference = ImageChops.difference(a, b)
    return [sum(1 for x in range(a.width) if difference.getpixel((x, y)) != (0, 0, 0))
            for y in range(a.height)]


@pytest.mark.parametrize(("width", "height"), [(390, 844), (1366, 768)])
def test_a_selected_card_s_ring_leaves_its_pile_s_name_readable(browser, site_url, width,
                                                                 height):
    """A selected card lifts, and its ring reached up into the strip of its pile's name: the
    lowest row of "Reserve" at 390x844, its lower half at 1366x768, were drawn under the ring
    and its glow. The name is drawn over them now: each row of the name's letters shows at least
    half as many of its pixels with the reserve's card selected as without."""
    number = next(n for n in range(1, 100) if any(m.src == "R" for m in Game.new(n).legal_moves()))
    page = new_table(browser, site_url, viewport={"width": width, "height": height})
    try:
        page.goto(f"#game={number}")
        strip = page.page.evaluate(NAME_STRIP, ".reserve")
        before = text_pixels_by_row(page.page, ".reserve", strip)
        page.click_pile("R")
        expect(page.pile("R")).to_have_class(re.compile(r"\bselected\b"))
        ring = page.page.evaluate(RING_TOP, ".reserve")
        letters = [y for y, count in enumerate(before) if count]
        assert letters and strip["y"] + letters[-1] >= ring, \
            f"the ring ({ring}) no longer reaches the letters ({strip}, {before}): nothing to check"
        after = text_pixels_by_row(page.page, ".reserve", strip)
        assert all(after[y] >= before[y] / 2 for y in letters), \
            f"the name's letters are under the ring: {after} px a row, {before} unselected"
        page.assert_clean()
    finally:
        page.context.close()


HELP_OVERFLOW = """() => {
  const panel = document.getElementById('help');
  const inner = panel.getBoundingClientRect().right
    - parseFloat(getComputedStyle(panel).paddingRight);
  const out = [...panel.querySelectorAll('.keys > *')]
    .filter((el) => el.getBoundingClientRect().right > inner + 0.5
                    || el.scrollWidth > el.clientWidth + 1)
    .map((el) => el.textContent);
  return [panel.scrollWidth - panel.clientWidth, out];
}"""


def test_on_the_smallest_phone_the_keyboard_table_fits_how_to_play(browser, site_url):
    """At 320 px wide every key and its words stay inside How to play (the widest keys, "Y,
    Shift+Z or Ctrl+Y", pushed the words past the right edge and the panel scrolled sideways)."""
    page = new_table(browser, site_url, viewport={"width": 320, "height": 568})
    try:
        page.goto()
        page.page.locator(".bar [data-action=help]").click()
        page.page.locator("#keyboard").scroll_into_view_if_needed()
        assert page.page.evaluate(HELP_OVERFLOW) == [0, []]
        page.assert_clean()
    finally:
        page.context.close()
