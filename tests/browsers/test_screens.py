"""A game in progress at phone and desktop sizes in every engine: it fits the screen (no sideways
scrolling, every pile and button on screen, 44 px touch targets on a phone), and a screenshot of
each is kept in /tmp/browser-shots/ (PLOT_SHOTS to change it) for people to look at."""

from __future__ import annotations

import json
import os
from contextlib import contextmanager
from itertools import pairwise
from pathlib import Path

import pytest

from plot import Game
from tests.browsers.player import FLIGHTS
from tests.e2e.tablepage import FRAMES, expected_table
from tests.e2e.test_story import CURRENT_IN_SIGHT, UNDER_THE_PANEL, after
from tests.e2e.test_table import (
    BADGES_OVER_RANKS,
    COUNTS_CROSSED,
    MESSAGE_GAME,
    MESSAGE_SHOWN,
    NUMBERS_COVERED,
    RANKS_ACROSS,
    RANKS_UNDER,
    WORDS_CUT,
    long_fan,
    queen_in_a_long_fan,
    ten_in_a_long_fan,
)
from tests.lines import long_piles, lost_while_playing, page_save, won_with_empty_stock
from web.settings import SETTINGS_KEY

SAVE_KEY = "the-plot/save"
SHOTS = Path(os.environ.get("PLOT_SHOTS", "/tmp/browser-shots"))
NUMBER, MOVES = 7, 14
MIN_TOUCH_PX = 44
# (width, height, whether it is a phone whose touch targets must be at least MIN_TOUCH_PX)
SIZES = [(390, 844, True), (844, 390, False), (1366, 850, False)]
FIT = """() => {
  const overflow = document.documentElement.scrollWidth - document.documentElement.clientWidth;
  const boxes = [...document.querySelectorAll('[data-pile], .bar button')]
    .filter((e) => e.getClientRects().length)
    .map((e) => {
      const r = e.getBoundingClientRect();
      return [e.dataset.pile || e.dataset.action, r.left, r.right, r.width, r.height];
    });
  const d = document.documentElement;
  return { overflow, boxes, width: innerWidth, height: innerHeight,
           scroll: [d.scrollWidth, d.scrollHeight], client: [d.clientWidth, d.clientHeight],
           header: document.querySelector('header.bar').getBoundingClientRect().height };
}"""
# The names in the strip above the foundations, left to right: F1's badge, then each
# foundation's number (its ::after, placed from its computed box): [name, left, right, the
# pile's left, the pile's right].
STRIP = """() => {
  const badge = document.querySelector('.badge').getBoundingClientRect();
  const f1 = document.querySelector('[data-pile=F1]').getBoundingClientRect();
  const names = [['badge', badge.left, badge.right, f1.left, innerWidth]];
  for (const pile of document.querySelectorAll('.foundation[data-label]')) {
    const box = pile.getBoundingClientRect(), label = getComputedStyle(pile, '::after');
    const left = box.left + parseFloat(label.left);
    const width = ['paddingLeft', 'width', 'paddingRight']
      .reduce((sum, part) => sum + parseFloat(label[part]), 0);
    names.push([pile.dataset.label, left, left + width, box.left, box.right]);
  }
  return names;
}"""


@pytest.fixture(scope="module")
def in_progress(player) -> Game:
    """Deal 7 with a few moves played (the line the engine lists first, card moves first)."""
    player.open(NUMBER)
    game = Game.new(NUMBER)
    for _ in range(MOVES):
        move = str(([m for m in game.legal_moves() if m.src != "S"] or game.legal_moves())[0])
        player.play(move)
        game.play(move)
    player.wait_table(expected_table(game))
    return game


@contextmanager
def sized(player, width: int, height: int, fragment: str = f"#game={NUMBER}"):
    """The game at width x height for the block; yields whether it is in an iframe. WebKitGTK's
    MiniBrowser keeps its window at least as wide as its toolbar (447 px): the same page, in a
    same-origin iframe of exactly that size, lays out as it would. Afterwards the game is back
    in the page at 1280x720."""
    framed = tuple(player.page.set_viewport(width, height)) != (width, height)
    if framed:
        player.open_framed(width, height, fragment)
    try:
        yield framed
    finally:
        if framed:
            player.goto(fragment)
        player.page.set_viewport(1280, 720)


@contextmanager
def showing(player, game: Game, width: int, height: int):
    """`game` opened from a save at width x height, its table drawn and settled, for the block;
    yields whether it is in an iframe (as `sized`)."""
    player.store_and_open(SAVE_KEY, page_save(game))
    with sized(player, width, height, fragment="") as framed:
        player.wait_table(expected_table(game))
        player.js(FRAMES)
        yield framed


def keep_shot(player, framed: bool, name: str) -> Path:
    """A screenshot of the game as it is, kept in SHOTS for people to look at."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    path = SHOTS / f"{player.engine}-{name}.png"
    if framed:
        player.page.screenshot_frame("#frame", path)
    else:
        player.page.screenshot(path)
    return path


@pytest.mark.parametrize(("width", "height", "phone"), SIZES)
def test_a_game_in_progress_fits_the_screen(player, in_progress, width, height, phone):
    with sized(player, width, height) as framed:
        player.js(FRAMES)
        player.wait_table(expected_table(in_progress))
        player.wait(f"() => ({FLIGHTS})().length === 0", what="no card in flight")
        path = keep_shot(player, framed, f"{width}x{height}")
        fit = player.js(FIT)
        print(f"\n{player.engine}: {path}{' (in an iframe)' if framed else ''}: page "
              f"{fit['scroll'][0]}x{fit['scroll'][1]} in a {fit['client'][0]}x{fit['client'][1]} "
              f"viewport, header {fit['header']:.0f} px high")
        assert (fit["width"], fit["height"]) == (width, height)
        assert fit["overflow"] <= 0, (
            f"{fit['overflow']} px of sideways scrolling: the page is {fit['scroll'][0]}x"
            f"{fit['scroll'][1]} px in a {fit['client'][0]}x{fit['client'][1]} px viewport "
            f"(a vertical scrollbar takes {width - fit['client'][0]} px); off the right edge: "
            f"{[b[0] for b in fit['boxes'] if b[2] > fit['client'][0] + 0.5]}")
        for name, left, right, w, h in fit["boxes"]:
            assert left >= 0 and right <= width + 0.5, f"{name} is off screen"
            if phone:
                assert min(w, h) >= MIN_TOUCH_PX, f"{name} is {w:.0f}x{h:.0f} px on a phone"
        strip = player.js(STRIP)  # every name readable: none over another, each over its pile
        for (name, _, right, _, _), (other, left, *_) in pairwise(strip):
            assert right <= left + 0.5, f"{name} reaches over {other}: {strip}"
        for name, left, right, pile_left, pile_right in strip:
            assert pile_left - 0.5 <= left and right <= pile_right + 0.5, (name, strip)


# Where the Moves panel lies at phone size: its top, the lowest edge of the foundations and
# the waste, and what a press at the middle of the bar's Undo would land on.
SHEET = """() => {
  const story = document.getElementById('story').getBoundingClientRect();
  const piles = ['F1', 'F8', 'W'].map((p) =>
    document.querySelector(`[data-pile=${p}]`).getBoundingClientRect().bottom);
  const undo = document.getElementById('undo').getBoundingClientRect();
  const hit = document.elementFromPoint(undo.left + undo.width / 2, undo.top + undo.height / 2);
  return { top: story.top, bottom: story.bottom, piles: Math.max(...piles),
           height: innerHeight, undo: !!hit && !!hit.closest('#undo') };
}"""


def test_on_a_phone_the_moves_panel_leaves_the_bar_and_the_top_of_the_table_in_sight(
        player, in_progress):
    """The Moves panel is a sheet over the lower part of a phone's screen: the foundations and
    the waste stay in sight, the list opens at the move on the table (its last move, not its
    first), and Undo and Redo, pressed at their place, work under it."""
    with sized(player, 390, 844):
        player.wait_table(expected_table(in_progress))
        player.open_moves()
        player.js(FRAMES)
        sheet = player.js(SHEET)
        assert abs(sheet["bottom"] - sheet["height"]) < 1 and sheet["piles"] <= sheet["top"], \
            f"{player.engine}: the Moves panel covers the top of the table: {sheet}"
        assert sheet["undo"], f"{player.engine}: the Moves panel covers Undo"
        assert player.js(CURRENT_IN_SIGHT), f"{player.engine}: the list hides the move played"
        player.click("#undo")
        player.wait_moves(MOVES - 1, "undo under the Moves panel")
        player.click(".bar [data-action=redo]")
        player.wait_table(expected_table(in_progress))
        assert player.visible("#story")
        player.click("#story [data-action=close-panel]")
        player.assert_clean()


# The bar's buttons on screen, each with its box, and every pair of them that overlaps.
BAR = """() => {
  const boxes = [...document.querySelectorAll('header.bar button')]
    .filter((b) => b.getClientRects().length)
    .map((b) => [b.id || b.dataset.action, b.getBoundingClientRect()]);
  const overlaps = [];
  for (const [i, [a, r]] of boxes.entries())
    for (const [b, s] of boxes.slice(i + 1))
      if (Math.min(r.right, s.right) - Math.max(r.left, s.left) > 0.5
          && Math.min(r.bottom, s.bottom) - Math.max(r.top, s.top) > 0.5) overlaps.push([a, b]);
  return { overlaps, boxes: boxes.map(([name, r]) => [name, r.left, r.right, r.width, r.height]),
           width: innerWidth };
}"""


def test_on_a_phone_finish_takes_its_place_in_the_bar_over_no_other_button(player):
    """Finish joins the bar once a win is proved and the stock is empty (and becomes Stop while
    it plays, as in Show me a win): at phone size it used to cover Settings. Every button stays
    whole, over no other, on screen and at least 44 px."""
    game, _ = won_with_empty_stock()
    player.store_and_open(SAVE_KEY, page_save(game))
    with sized(player, 390, 844, fragment=""):
        player.wait_table(expected_table(game))
        player.wait("() => !document.getElementById('finish').hidden", what="Finish")
        player.js(FRAMES)
        bar = player.js(BAR)
        assert "finish" in [name for name, *_ in bar["boxes"]], bar
        assert not bar["overlaps"], f"{player.engine}: bar buttons overlap: {bar['overlaps']}"
        for name, left, right, w, h in bar["boxes"]:
            assert left >= 0 and right <= bar["width"] + 0.5, f"{name} is off screen"
            assert min(w, h) >= MIN_TOUCH_PX, f"{name} is {w:.0f}x{h:.0f} px on a phone"
        player.assert_clean()


# Where a click lands: each button and link of the bar and the table, rounded to the pixel
# (Hint and Finish aside: while Finish is offered it stands in Hint's place).
UNDER_THE_POINTER = """() => Object.fromEntries(
  [...document.querySelectorAll('header.bar button, header.bar a, #table')]
    .filter((e) => e.getClientRects().length && e.id !== 'hint' && e.id !== 'finish')
    .map((e) => {
      const r = e.getBoundingClientRect();
      return [e.id || e.dataset.action, [r.left, r.top, r.width, r.height].map(Math.round)];
    }))"""


def boxes_moved(still: dict, now: dict) -> dict:
    """Each of UNDER_THE_POINTER's boxes that is not where it was: [before, after]."""
    return {name: [box, now.get(name)] for name, box in still.items() if now.get(name) != box}


HINT_SLOT = """() => { const box = (id) => { const e = document.getElementById(id);
  return e.getClientRects().length ? Math.round(e.getBoundingClientRect().left) : null; };
  return [box('hint'), box('finish')]; }"""


@pytest.mark.parametrize(("width", "height", "panel"),
                         [(1240, 720, False), (1280, 720, False), (1120, 800, False),
                          (390, 844, False), (1366, 768, True)])
def test_finish_appearing_mid_game_moves_nothing_under_the_pointer(player, width, height, panel):
    """Finish appears mid-game, once the last deal empties the stock and the solver proves a
    win: it takes Hint's place, and no other button and no pile moves (at 1280x720 it used to
    wrap the bar onto a second row: Moves jumped 122 px and the table 42 px down, under the
    player's next click), with the Moves panel open beside the table too."""
    game, _ = won_with_empty_stock()
    last_deal = after(game, len(game.history) - 1)
    player.store_and_open(SAVE_KEY, page_save(last_deal))
    with sized(player, width, height, fragment=""):
        player.wait_table(expected_table(last_deal))
        if panel:
            player.open_moves()
        player.js(FRAMES)
        still, (hint, _) = player.js(UNDER_THE_POINTER), player.js(HINT_SLOT)
        assert hint is not None, f"{player.engine}: no Hint in the bar"
        player.click_pile("S")
        player.wait("() => !document.getElementById('finish').hidden", what="Finish")
        player.js(FRAMES)
        now = player.js(UNDER_THE_POINTER)
        moved = boxes_moved(still, now)
        assert not moved, f"{player.engine}: Finish moved these (before, after): {moved}"
        assert player.js(HINT_SLOT) == [None, hint], f"{player.engine}: Finish not in Hint's place"
        if panel:
            player.click("#story [data-action=close-panel]")
        player.assert_clean()


# A banner over the page: its box, whether a press at the middle of each of its buttons lands
# on it, the bar's buttons it covers, and the piles whose middle it covers (the stock, waste...).
BANNER = """(id) => {
  const banner = document.getElementById(id);
  const r = banner.getBoundingClientRect();
  const middle = (e) => { const s = e.getBoundingClientRect();
    return document.elementFromPoint(s.left + s.width / 2, s.top + s.height / 2); };
  const lands = [...banner.querySelectorAll('button')].map((b) => middle(b) === b);
  const bar = [...document.querySelectorAll('header.bar button')]
    .filter((e) => e.getClientRects().length).filter((e) => {
      const s = e.getBoundingClientRect();
      return Math.min(r.right, s.right) - Math.max(r.left, s.left) > 0.5
        && Math.min(r.bottom, s.bottom) - Math.max(r.top, s.top) > 0.5; })
    .map((e) => e.id || e.dataset.action);
  const piles = [...document.querySelectorAll('[data-pile]')]
    .filter((p) => !p.contains(middle(p))).map((p) => p.dataset.pile);
  return { box: [r.left, r.top, r.right, r.bottom], lands, bar, piles, width: innerWidth,
           height: innerHeight };
}"""
STORAGE_FULL = """() => { window.keptSetItem = Storage.prototype.setItem;
  Storage.prototype.setItem = function () {
    throw new DOMException('The quota has been exceeded.', 'QuotaExceededError'); }; }"""
STORAGE_BACK = "() => { Storage.prototype.setItem = window.keptSetItem; }"


@pytest.mark.parametrize(("width", "height"), [(390, 844), (844, 390), (1280, 720)])
def test_a_banner_appearing_mid_game_moves_nothing_under_the_pointer(player, width, height):
    """A warning (storage full), a question (another tab saved another game) and a new version
    ready each appear during a game, after a move: they float over the status line and the top
    edge of the table, so no pile and no button moves or shrinks under the player's next click
    (in the page's flow they pushed the table down 40-90 px and shrank every card); each
    banner's buttons take a press, and none covers the bar or the middle of the reserve, the
    stock or the waste (on a phone a long one covers the foundations' top edge until it goes)."""
    game = Game.new(NUMBER)
    with showing(player, game, width, height) as framed:
        still = player.js(UNDER_THE_POINTER)

        def appears(banner: str, after: str) -> None:
            player.wait(f"() => !document.getElementById('{banner}').hidden", what=banner)
            player.js(FRAMES)
            now = player.js(UNDER_THE_POINTER)
            moved = boxes_moved(still, now)
            assert not moved, f"{player.engine}: {banner} after {after} moved (before, " \
                f"after): {moved}"
            seen = player.js(BANNER, banner)
            left, top, right, bottom = seen["box"]
            assert left >= 0 and right <= seen["width"] + 0.5 and bottom <= seen["height"], \
                f"{player.engine}: {banner} is off screen: {seen}"
            assert all(seen["lands"]), f"{player.engine}: {banner}'s buttons are covered: {seen}"
            keep_shot(player, framed, f"{banner}-{width}x{height}")
            assert not seen["bar"], f"{player.engine}: {banner} covers {seen['bar']} in the bar"
            assert not {"R", "S", "W"} & set(seen["piles"]), \
                f"{player.engine}: {banner} covers the middle of {seen['piles']}"

        player.js(STORAGE_FULL)
        player.click_pile("S")
        game.play("S-W")
        appears("notice", "a move that could not be saved")
        player.js(STORAGE_BACK)
        player.click("#notice [data-action=dismiss-notice]")
        player.wait("() => document.getElementById('notice').hidden", what="notice dismissed")

        theirs = page_save(Game.new(NUMBER + 1), revision=99)  # as another tab saves it
        player.js("([k, v]) => localStorage.setItem(k, v)", [SAVE_KEY, theirs])
        player.click_pile("S")
        game.play("S-W")
        appears("offer", "another tab saved another game")
        player.click("#offer-no")  # keep this tab's game
        player.wait("() => document.getElementById('offer').hidden", what="offer answered")

        player.js("() => { document.getElementById('update').hidden = false; }")  # offline.js
        appears("update", "a new version was installed")
        player.click("#update-later")
        player.wait("() => document.getElementById('update').hidden", what="update put off")
        player.wait_table(expected_table(game))
        player.assert_clean()


# The bar's buttons (BAR) and the table's top, once the bar says what a long game on a daily,
# proved winnable deal of a five-figure number says (set and measured in one task, before the
# page's own clock writes the time again).
GROWN = """() => {
  const said = { 'game-number': '12345', moves: '999', time: '59:59' };
  for (const [id, text] of Object.entries(said)) document.getElementById(id).textContent = text;
  for (const id of ['daily-tag', 'winnable-deal']) document.getElementById(id).hidden = false;
  return { bar: (BAR)(), table: document.getElementById('table').getBoundingClientRect().top };
}""".replace("BAR", BAR)


@pytest.mark.parametrize("width", [1240, 1300, 1440])
def test_on_a_wide_screen_the_bar_stays_one_row_as_the_game_goes_on(player, width):
    """From 1,240 px the bar is one row that never wraps: a longer count of moves, the time,
    a tag, never push it onto a second row (the table would move down under the player's
    next click); the tags give way, and no button covers another or leaves the screen."""
    game = Game.new(NUMBER)
    with showing(player, game, width, 720):
        top = player.js("() => document.getElementById('table').getBoundingClientRect().top")
        grown = player.js(GROWN)
        assert grown["table"] == top, f"{player.engine}: the table moved from {top} to " \
            f"{grown['table']}: the bar wrapped"
        bar = grown["bar"]
        assert not bar["overlaps"], f"{player.engine}: bar buttons overlap: {bar['overlaps']}"
        for name, left, right, *_ in bar["boxes"]:
            assert left >= 0 and right <= bar["width"] + 0.5, f"{name} is off screen"
        player.goto()  # the bar as the page says it again
        player.assert_clean()


@pytest.mark.parametrize(("width", "height"), [(390, 844), (360, 640)])
def test_on_a_phone_every_rank_on_the_table_shows_whole(player, width, height):
    """In every engine, a card fanned under the next shows its whole rank in the strip left
    showing, and no BASE badge covers a base card's rank (tests/e2e/test_table.py says why)."""
    start = long_fan()
    with showing(player, start, width, height):
        ranks = player.js(RANKS_UNDER)
        assert len(ranks) >= 12, ranks
        assert not [rank for rank in ranks if rank[1] > 0.5], player.engine
        badges = player.js(BADGES_OVER_RANKS)
        assert len(badges) == 4, badges
        assert not [b for b in badges if b[1] > 0 and b[2] > 0], f"{player.engine}: {badges}"
    start = queen_in_a_long_fan()  # a queen's tail, below the line the other ranks end on
    with showing(player, start, width, height):
        ranks = player.js(RANKS_UNDER)
        assert "QC" in [card for card, _ in ranks], ranks
        assert not [rank for rank in ranks if rank[1] > 0.5], player.engine
    player.assert_clean()


@pytest.mark.parametrize(("width", "height"), [(844, 390), (1366, 850)])
def test_in_a_landscape_fan_every_rank_shows_whole(player, width, height):
    """In every engine, a card fanned under the next in a landscape fan (across) shows its whole
    rank, a ten's two figures too (tests/e2e/test_table.py says why)."""
    for start in (long_fan(), ten_in_a_long_fan()):
        with showing(player, start, width, height):
            ranks = player.js(RANKS_ACROSS)
            assert len(ranks) >= 9 and all(reach <= 0.5 for _, reach in ranks), \
                f"{player.engine}: {ranks}"
    player.assert_clean()


@pytest.mark.parametrize(("width", "height", "large"),
                         [(320, 568, False), (360, 640, False), (390, 844, False),
                          (844, 390, False), (1366, 768, False), (844, 390, True)])
def test_with_long_fans_every_pile_s_name_and_base_badge_shows_whole(player, width, height,
                                                                     large):
    """In every engine, with long fans in every row (the narrowest cards at each size), each
    tableau pile's number shows over no card and no other pile, each pile's name shows whole,
    each BASE badge fits its card and each foundation's count its own (tests/e2e/test_table.py
    says what was cut), and nothing scrolls sideways, with Larger cards too."""
    start = long_piles()
    if large:
        player.store_and_open(SETTINGS_KEY, json.dumps({"large": True}))
    try:
        with showing(player, start, width, height):
            assert player.js("() => document.documentElement.classList"
                             ".contains('large-cards')") == large
            covered = player.js(NUMBERS_COVERED)
            assert covered == [], f"{player.engine}: {covered}"
            cut = player.js(WORDS_CUT)
            assert cut == [], f"{player.engine}: {cut}"
            crossed = player.js(COUNTS_CROSSED)
            assert crossed == [], f"{player.engine}: {crossed}"
            fit = player.js(FIT)
            assert fit["overflow"] <= 0, f"{player.engine}: {fit['overflow']} px across"
    finally:
        if large:
            player.js("key => localStorage.removeItem(key)", SETTINGS_KEY)
    player.assert_clean()


@pytest.mark.parametrize(("width", "height"), [(320, 568), (360, 640)])
def test_late_in_a_game_each_foundation_s_count_shows_on_its_own_card(player, width, height):
    """In every engine, on a small phone late in a game, each foundation's count ("13/13") shows
    whole on its own card, over no other count (tests/e2e/test_table.py says what crossed)."""
    game = lost_while_playing()
    with showing(player, game, width, height):
        crossed = player.js(COUNTS_CROSSED)
        assert crossed == [], f"{player.engine}: {crossed}"
    player.assert_clean()


def test_on_a_wide_screen_the_table_makes_room_for_the_moves_panel(player):
    """In every engine, at 1366x850 the Moves panel sits beside the table and the bar, not over
    them (tests/e2e/test_story.py says why)."""
    start = long_fan()
    player.store_and_open(SAVE_KEY, page_save(start))
    with sized(player, 1366, 850, fragment=""):
        player.wait_table(expected_table(start))
        player.open_moves()
        player.js(FRAMES)
        assert player.js(UNDER_THE_PANEL) <= 0.5, player.engine
        player.page.key("Escape")
        player.wait("() => document.getElementById('story').hidden", what="the panel closed")
    player.assert_clean()


def test_on_a_phone_a_long_message_shows_whole_on_a_tap(player):
    """In every engine, a message longer than a phone's two status lines shows whole, over the
    table, on a click or tap, and goes back to its lines on the next (tests/e2e/test_table.py)."""
    player.open(MESSAGE_GAME)
    with sized(player, 360, 640, fragment=f"#game={MESSAGE_GAME}"):
        player.wait_table(expected_table(Game.new(MESSAGE_GAME)))
        player.click_pile("T9")  # a base card: a long refusal
        cut, top, *_ = player.js(MESSAGE_SHOWN)
        assert cut, f"{player.engine}: {player.text('#message')}"
        player.click("#message")
        whole, whole_top, bottom, on_top, _ = player.js(MESSAGE_SHOWN)
        assert not whole and on_top and bottom <= 640 and abs(whole_top - top) <= 2, \
            f"{player.engine}: {(whole, whole_top, top, bottom, on_top)}"
        player.click("#message")
        assert player.js(MESSAGE_SHOWN)[0], f"{player.engine}: still whole"
        player.assert_clean()
