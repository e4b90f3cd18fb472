"""The game's story in the page (issue 15): lose a game by clicking, find where it slipped (the
same move as `python -m plot analyse`), rewind and win by the line shown; the move list; replay
and taking over; show me a win; the record through a real download and file chooser."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from playwright.sync_api import expect

from plot import Game
from tests.e2e.tablepage import FRAMES, READ_WHOLE, TablePage, expected_table, new_table
from tests.lines import one_move_before_lost, page_save
from tests.test_postmortem import random_lost_game, recorded_game

ROOT = Path(__file__).resolve().parents[2]
SAVE_KEY = "the-plot/save"
CLICKED = 8  # the moves up to the loss that are clicked (the earlier ones come from a save)
ANALYSIS_TIMEOUT_MS = 60_000
DEMO_MOVES = 12  # how far Show me a win plays deal 33 before the test stops it


# The moves of the shown winning line that a line break splits (W- at a line's end, T4 on the
# next), and how many moves it shows: every move is read from the text as the player sees it.
SPLIT_MOVES = """() => {
  const box = document.getElementById('postmortem-line');
  const walker = document.createTreeWalker(box, NodeFilter.SHOW_TEXT);
  const split = [];
  let shown = 0;
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    for (const move of node.data.matchAll(/\\S+/g)) {
      shown += 1;
      const range = document.createRange();
      range.setStart(node, move.index);
      range.setEnd(node, move.index + move[0].length);
      const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
      if (lines.size !== 1) split.push(move[0]);
    }
  }
  return { shown, split };
}"""


def lost_game() -> Game:
    """Deal 2: a winning line for 60 moves, then random moves until lost."""
    return recorded_game(2)


def after(game: Game, moves: int) -> Game:
    """The game's deal after its first `moves` moves."""
    position = Game.new(game.seed)
    for move in game.history[:moves]:
        position.play(move)
    return position


def cli_slip(game: Game, tmp_path) -> int:
    """The slip `python -m plot analyse` finds in the game's record."""
    path = tmp_path / "game.txt"
    path.write_text(game.to_record(), encoding="utf-8")
    out = subprocess.run([sys.executable, "-m", "plot", "analyse", str(path), "--budget", "1"],
                         cwd=ROOT, check=True, capture_output=True, text=True).stdout
    last = out.splitlines()[-1]
    assert last.startswith("slip: ") and last != "slip: none", last
    return int(last.split()[1])


def open_at(page: TablePage, game: Game, moves: int) -> None:
    """The game's deal with its first `moves` moves played (from a save)."""
    start = after(game, moves)
    page.store_and_open(SAVE_KEY, page_save(start))
    page.wait_table(expected_table(start))


def open_story(page: TablePage) -> None:
    if page.page.locator("#story").is_hidden():
        page.page.locator(".bar [data-action=story]").click()
    expect(page.page.locator("#story")).to_be_visible()


def first_moves(seed: int, count: int) -> Game:
    """Deal `seed` after `count` moves, each the first legal move that is not a deal (or a deal
    when there is none)."""
    game = Game.new(seed)
    for _ in range(count):
        game.play(next((m for m in game.legal_moves() if m.src != "S"), "S-W"))
    return game


def replay_paused(page: TablePage, at: int | None = None) -> None:
    """Open the Moves panel, start the replay from the deal and pause it (once it shows move
    `at`, if given)."""
    open_story(page)
    page.page.locator("#story [data-action=replay]").click()
    expect(page.page.locator("#replay-bar")).to_be_visible()
    if at is not None:
        expect(page.page.locator("#moves")).to_have_text(str(at), timeout=10_000)
    page.page.locator("#replay-play").click()
    expect(page.page.locator("#replay-play")).to_have_text("Play")


def test_lose_by_clicking_find_the_slip_rewind_and_win_by_the_line_shown(browser, site_url,
                                                                          tmp_path):
    game = lost_game()
    expected = cli_slip(game, tmp_path)
    page = new_table(browser, site_url)
    try:
        open_at(page, game, len(game.history) - CLICKED)
        for move in game.history[-CLICKED:]:
            page.play(str(move))
        dialog = page.page.locator("#result[data-kind=lost]")
        dialog.wait_for()
        dialog.locator("[data-action=postmortem]").click()
        postmortem = page.page.locator("#postmortem")
        expect(postmortem).to_have_attribute("data-state", "done", timeout=ANALYSIS_TIMEOUT_MS)
        expect(postmortem).to_have_attribute("data-slip", str(expected))
        entries = page.page.locator("[data-movelist] > [data-move]")
        expect(entries).to_have_count(len(game.history))
        for number, verdict in ((expected - 1, "won"), (expected, "lost")):
            expect(page.page.locator(f"[data-movelist] > [data-move='{number}']")) \
                .to_have_attribute("data-verdict", verdict)
        line = page.page.locator("#postmortem-line").inner_text().split()
        assert line
        page.page.locator("[data-action=rewind]").click()
        rewound = after(game, expected - 1)
        page.wait_table(expected_table(rewound))
        expect(page.page.locator("#redo")).to_be_enabled()
        for move in line:
            page.play(move)
        page.page.locator("#result[data-kind=won]").wait_for()
        page.assert_clean()
    finally:
        page.context.close()


def page_slips(game: Game, longer: int) -> list[int | None]:
    """The slip the page's post-mortem finds (its searches counted, so the same in CPython),
    then after each of `longer` Search longer rounds."""
    from plot.postmortem import Analysis, slip
    from web.story import POSITION_NODES

    analysis = Analysis(game)
    analysis.run_counted(POSITION_NODES)
    slips = [slip(analysis.verdicts)]
    for _ in range(longer):
        analysis.deepen()
        analysis.run_counted(POSITION_NODES)
        slips.append(slip(analysis.verdicts))
    return slips


def lost_and_analysed(page: TablePage, game: Game):
    """Open the lost `game` from a save, let its lost dialog's Where did it slip? finish; the
    post-mortem panel's section."""
    page.store_and_open(SAVE_KEY, page_save(game))
    page.page.locator("#result[data-kind=lost] [data-action=postmortem]").click()
    postmortem = page.page.locator("#postmortem")
    expect(postmortem).to_have_attribute("data-state", "done", timeout=ANALYSIS_TIMEOUT_MS)
    return postmortem


def mouse_click(page: TablePage, selector: str) -> None:
    """A click at the middle of the element, as a player's mouse makes it."""
    box = page.page.locator(selector).bounding_box()
    page.page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)


def test_a_slip_left_undecided_is_searched_for_longer_and_the_last_winnable_move_rewinds(
        browser, site_url):
    """Deal 19's random lost game: the page's searches leave the slip among undecided moves.
    The panel offers the last position proved winnable (rewind there) and Search longer, which
    pins the slip where the engine's own deeper search does."""
    game = random_lost_game(19)
    first, deeper = page_slips(game, 1)
    assert first is None and deeper is not None
    page = new_table(browser, site_url)
    try:
        postmortem = lost_and_analysed(page, game)
        assert postmortem.get_attribute("data-slip") is None
        expect(page.page.locator("#postmortem-text")).to_contain_text(
            f"Move {deeper - 1} is the last one proved winnable.")
        gap = page.page.locator(f"[data-movelist] > [data-move='{deeper}']")
        expect(gap).to_have_attribute("data-verdict", "unknown")
        expect(gap).to_be_in_viewport()  # the list shows where the slip may be
        rewind = page.page.locator("#rewind")
        expect(rewind).to_have_text("Rewind to the last winnable position")
        rewind.click()
        page.wait_table(expected_table(after(game, deeper - 1)))
        open_story(page)
        longer = page.page.locator("#search-longer")
        expect(longer).to_be_visible()
        mouse_click(page, "#search-longer")
        expect(postmortem).to_have_attribute("data-slip", str(deeper),
                                             timeout=ANALYSIS_TIMEOUT_MS)
        expect(postmortem).to_have_attribute("data-state", "done")
        expect(longer).to_be_hidden()
        expect(rewind).to_have_text("Rewind to before the slip")
        for number, verdict in ((deeper - 1, "won"), (deeper, "lost")):
            expect(page.page.locator(f"[data-movelist] > [data-move='{number}']")) \
                .to_have_attribute("data-verdict", verdict)
        page.assert_clean()
    finally:
        page.context.close()


def inside(box: dict, outer: dict) -> bool:
    """Whether a bounding box lies within another."""
    return (outer["y"] <= box["y"] and box["y"] + box["height"] <= outer["y"] + outer["height"]
            and outer["x"] <= box["x"] and box["x"] + box["width"] <= outer["x"] + outer["width"])


def test_on_a_phone_the_moves_sheet_leaves_the_bar_and_the_top_of_the_table_in_sight(
        browser, site_url):
    """At phone size the Moves panel is a sheet over the lower part of the screen (it used to
    cover all of it, Undo and Redo too): after the post-mortem the summary is in sight at the
    sheet's top, the slip's entry is scrolled into the list's own view, the foundations and the
    waste stay uncovered, and Undo, pressed at its place, takes back a move with the panel
    still open."""
    game = lost_game()
    page = new_table(browser, site_url, viewport={"width": 390, "height": 844})
    try:
        postmortem = lost_and_analysed(page, game)
        slip = int(postmortem.get_attribute("data-slip"))
        p = page.page
        sheet = p.locator("#story").bounding_box()
        assert sheet["y"] > 0 and abs(sheet["y"] + sheet["height"] - 844) < 1  # at the bottom
        for pile in ("F1", "F8", "W"):
            box = p.locator(f"[data-pile={pile}]").bounding_box()
            assert box["y"] + box["height"] <= sheet["y"], (pile, box, sheet)
        assert inside(p.locator("#postmortem-text").bounding_box(), sheet)
        assert inside(p.locator("#rewind").bounding_box(), sheet)
        moves = p.evaluate(SPLIT_MOVES)  # the winning line, every move whole on its line
        assert moves["shown"] > 0 and moves["split"] == [], moves
        assert inside(p.locator(f"[data-movelist] > [data-move='{slip}']").bounding_box(),
                      p.locator("#movelist").bounding_box())  # the list scrolled to the slip
        assert p.evaluate("() => document.getElementById('story').scrollTop") == 0
        last = len(game.history)
        mouse_click(page, "#undo")
        page.wait_table(expected_table(after(game, last - 1)))
        expect(p.locator("#story")).to_be_visible()
        expect(p.locator("[data-movelist] > [aria-current]")).to_have_attribute(
            "data-move", str(last - 1))
        page.assert_clean()
    finally:
        page.context.close()


def test_on_a_phone_on_its_side_the_post_mortem_and_its_rewind_fit_the_panel(browser, site_url):
    """At 844x390 the Moves panel is a column as high as the screen: once the post-mortem is
    done, its summary, the winning line and Rewind to before the slip are all in sight without
    scrolling the panel."""
    page = new_table(browser, site_url, viewport={"width": 844, "height": 390})
    try:
        lost_and_analysed(page, lost_game())
        p = page.page
        panel = p.locator("#story").bounding_box()
        assert p.evaluate("() => document.getElementById('story').scrollTop") == 0
        for part in ("#postmortem-text", "#postmortem-line", "#rewind"):
            assert inside(p.locator(part).bounding_box(), panel), part
        page.assert_clean()
    finally:
        page.context.close()


@pytest.mark.parametrize(("width", "height"), [(1366, 768), (1280, 720)])
def test_on_a_laptop_the_slip_s_entry_is_on_screen_with_the_summary_above_it(
        browser, site_url, width, height):
    """On a laptop's screen the post-mortem's summary, its winning line and Rewind fill the top
    of the Moves panel, and the move list below ran past the screen's bottom edge: a slip at the
    game's last move (the list scrolled to its end) had its entry below the screen. The list
    now ends on screen."""
    game, losing = one_move_before_lost()
    game.play(losing)
    page = new_table(browser, site_url, viewport={"width": width, "height": height})
    try:
        postmortem = lost_and_analysed(page, game)
        slip = int(postmortem.get_attribute("data-slip"))
        assert slip == len(game.history)  # the last entry of the list
        p = page.page
        screen = {"x": 0, "y": 0, "width": width, "height": height}
        entry = p.locator(f"[data-movelist] > [data-move='{slip}']").bounding_box()
        assert inside(entry, p.locator("#movelist").bounding_box())
        assert inside(entry, screen), f"the slip's entry {entry} is off the screen"
        for part in ("#postmortem-text", "#rewind"):
            assert inside(p.locator(part).bounding_box(), screen), part
        assert p.evaluate("() => document.getElementById('story').scrollTop") == 0
        page.assert_clean()
    finally:
        page.context.close()


def test_a_longer_search_stops_goes_on_and_searches_longer_again(browser, site_url):
    """Deal 16's random lost game: one Search longer round takes seconds (7 s in Chromium
    here) and leaves the slip undecided, a second pins it. Stopped during the first and
    gone on, the rounds end where the engine's do."""
    game = random_lost_game(16)
    first, once, twice = page_slips(game, 2)
    assert first is None and once is None and twice is not None
    page = new_table(browser, site_url)
    try:
        postmortem = lost_and_analysed(page, game)
        mouse_click(page, "#search-longer")
        expect(postmortem).to_have_attribute("data-state", "running")
        expect(page.page.locator("#postmortem-text")).to_contain_text(
            "Searching 10 times deeper than the first time: ")
        mouse_click(page, "#postmortem-stop")
        expect(postmortem).to_have_attribute("data-state", "done")
        expect(page.page.locator("#postmortem-text")).to_contain_text("Stopped before the end")
        expect(page.page.locator("#postmortem-stop")).to_be_hidden()
        expect(page.page.locator("#search-longer")).to_be_hidden()  # going on comes first
        mouse_click(page, "#postmortem-go-on")
        expect(postmortem).to_have_attribute("data-state", "running")
        expect(postmortem).to_have_attribute("data-state", "done", timeout=ANALYSIS_TIMEOUT_MS)
        assert postmortem.get_attribute("data-slip") is None  # as the engine's first round
        expect(page.page.locator("#postmortem-text")).to_contain_text("No slip found")
        mouse_click(page, "#search-longer")
        expect(postmortem).to_have_attribute("data-slip", str(twice),
                                             timeout=ANALYSIS_TIMEOUT_MS)
        page.assert_clean()
    finally:
        page.context.close()


def test_a_click_during_a_long_post_mortem_lands_while_it_is_still_working(browser, site_url):
    """The post-mortem works in slices that give the browser its turn between them: an Undo
    clicked (at the mouse's coordinates) while it runs is drawn before it has finished. The
    game's post-mortem takes seconds (2 s in Chromium here), the Undo tens of milliseconds."""
    game = random_lost_game(13)
    page = new_table(browser, site_url)
    try:
        page.store_and_open(SAVE_KEY, page_save(game))
        page.page.locator("#result[data-kind=lost] [data-action=postmortem]").click()
        postmortem = page.page.locator("#postmortem")
        expect(postmortem).to_have_attribute("data-state", "running")
        box = page.page.locator("#undo").bounding_box()
        page.page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        page.wait_table(expected_table(after(game, len(game.history) - 1)))
        assert postmortem.get_attribute("data-state") == "running"
        expect(postmortem).to_have_attribute("data-state", "done", timeout=ANALYSIS_TIMEOUT_MS)
        page.assert_clean()
    finally:
        page.context.close()


def test_the_move_list_goes_back_to_any_move_and_forward_again(table):
    game = Game.new(31)
    played = []
    for _ in range(6):
        move = next((m for m in game.legal_moves() if m.src != "S"), None) or "S-W"
        game.play(move)
        played.append(str(move))
    table.open(31)
    for move in played:
        table.play(move)
    open_story(table)
    entries = table.page.locator("[data-movelist] > [data-move]")
    expect(entries).to_have_count(6)
    assert [e.locator("code").inner_text() for e in entries.all()] == played
    table.page.locator("[data-movelist] > [data-move='2'] button").click()
    table.wait_table(expected_table(after(game, 2)))
    expect(table.page.locator("[data-movelist] > [data-move='3']")) \
        .to_have_attribute("data-state", "redo")
    assert [e.locator("code").inner_text() for e in entries.all()] == played  # the redo to come
    table.page.locator("[data-movelist] > [data-move='6'] button").click()
    table.wait_table(expected_table(game))
    table.page.keyboard.press("Escape")


# Whether the move on the table ([aria-current]) lies wholly within the move list's own view.
CURRENT_IN_SIGHT = """() => {
  const list = document.getElementById('movelist').getBoundingClientRect();
  const item = document.querySelector('[data-movelist] > [aria-current]').getBoundingClientRect();
  return list.top <= item.top + 0.5 && item.bottom <= list.bottom + 0.5;
}"""


def test_the_move_list_opens_at_the_move_on_the_table_and_keeps_it_in_sight(browser, site_url):
    """A game resumed at move 150: the Moves panel opens with that move in sight, not move 1;
    scrolled away to the first moves, an Undo brings the move on the table back into sight."""
    game = random_lost_game(13)
    moves = 150
    page = new_table(browser, site_url)
    try:
        open_at(page, game, moves)
        open_story(page)
        p = page.page
        expect(p.locator("[data-movelist] > [aria-current]")).to_have_attribute(
            "data-move", str(moves))
        assert p.evaluate(CURRENT_IN_SIGHT)
        p.evaluate("() => { document.getElementById('movelist').scrollTop = 0; }")
        assert not p.evaluate(CURRENT_IN_SIGHT)
        mouse_click(page, "#undo")
        page.wait_table(expected_table(after(game, moves - 1)))
        expect(p.locator("[data-movelist] > [aria-current]")).to_have_attribute(
            "data-move", str(moves - 1))
        assert p.evaluate(CURRENT_IN_SIGHT)
        assert p.evaluate("() => document.getElementById('story').scrollTop") == 0
        page.assert_clean()
    finally:
        page.context.close()


def test_a_move_with_the_move_list_open_keeps_its_entries_and_their_focus(browser, site_url):
    """Undo and redo with the Moves panel open on a long game: every entry stays the element it
    was (its state redrawn in place, not 300 entries rebuilt a click), the list still says which
    moves are played, which can be redone and where the table is, and an entry chosen with
    the keyboard keeps the focus."""
    game = random_lost_game(13)
    last = len(game.history)
    page = new_table(browser, site_url)
    try:
        page.store_and_open(SAVE_KEY, page_save(game))
        page.page.keyboard.press("Escape")  # the lost dialog
        open_story(page)
        entries = page.page.locator("[data-movelist] > [data-move]")
        expect(entries).to_have_count(last)
        page.page.evaluate("() => document.querySelectorAll('[data-movelist] > [data-move]')"
                           ".forEach((e) => { e.kept = true; })")
        for button in ("#undo", "#undo", "#redo"):
            page.page.locator(button).click()
        page.wait_table(expected_table(after(game, last - 1)))
        kept = page.page.evaluate("() => [...document.querySelectorAll("
                                  "'[data-movelist] > [data-move]')].map((e) => e.kept === true)")
        assert all(kept) and len(kept) == last, kept.count(False)
        current = page.page.locator("[data-movelist] > [aria-current]")
        expect(current).to_have_count(1)
        expect(current).to_have_attribute("data-move", str(last - 1))
        expect(page.page.locator(f"[data-movelist] > [data-move='{last - 1}']")) \
            .to_have_attribute("data-state", "played")
        expect(page.page.locator(f"[data-movelist] > [data-move='{last}']")) \
            .to_have_attribute("data-state", "redo")
        chosen = page.page.locator(f"[data-movelist] > [data-move='{last - 5}'] button")
        chosen.focus()
        page.page.keyboard.press("Enter")
        page.wait_table(expected_table(after(game, last - 5)))
        expect(current).to_have_attribute("data-move", str(last - 5))
        expect(chosen).to_be_focused()
        page.assert_clean()
    finally:
        page.context.close()


def test_replay_plays_back_from_the_deal_and_a_move_takes_over(table):
    game = first_moves(32, 5)
    table.open(32)
    for move in game.history:
        table.play(str(move))
    replay_paused(table, at=2)
    bar = table.page.locator("#replay-bar")
    shown = int(table.page.locator("#moves").inner_text())
    bar.locator("[data-action=replay-step]").click()
    expect(table.page.locator("#moves")).to_have_text(str(shown + 1))
    table.wait_table(expected_table(after(game, shown + 1)))
    taken = after(game, shown + 1)
    move = taken.legal_moves()[-1]  # the deal: always a move of its own
    table.play(str(move))
    taken.play(move)
    expect(bar).to_be_hidden()
    expect(table.page.locator("#message")).to_contain_text("You have taken over")
    table.wait_table(expected_table(taken))


def test_done_on_the_replay_bar_goes_back_to_where_the_player_was(table):
    """A newcomer pressed Done on a paused replay and was left at move 2 of their game."""
    game = first_moves(34, 6)
    table.open(34)
    for move in game.history:
        table.play(str(move))
    replay_paused(table, at=2)
    bar = table.page.locator("#replay-bar")
    bar.locator("[data-action=replay-end]").click()
    expect(bar).to_be_hidden()
    expect(table.page.locator("#message")).to_have_text(
        "Replay closed: back at move 6, where you were.")
    expect(table.page.locator("#moves")).to_have_text("6")
    table.wait_table(expected_table(game))


# How far the lowest pile (and any card) reaches below the top of the replay bar (> 0: under it).
UNDER_THE_BAR = """() => {
  const bar = document.getElementById('replay-bar').getBoundingClientRect().top;
  const boxes = [...document.querySelectorAll('#table [data-pile], #table .card')]
    .map((e) => e.getBoundingClientRect().bottom);
  return Math.max(...boxes) - bar;
}"""


@pytest.mark.parametrize(("width", "height"), [(390, 844), (1366, 850)])
def test_the_table_makes_room_for_the_replay_bar(browser, site_url, width, height):
    """On a phone the bar hid the bottom row of piles (its playable top cards too) during a
    replay; the table now draws itself above the bar while it shows, and takes the room back
    after."""
    game = first_moves(34, 6)
    page = new_table(browser, site_url, viewport={"width": width, "height": height})
    try:
        page.store_and_open(SAVE_KEY, page_save(game))
        page.wait_table(expected_table(game))
        width_before = page.page.locator("[data-pile=T1]").bounding_box()["width"]
        replay_paused(page)
        page.page.evaluate(FRAMES)
        assert page.page.evaluate(UNDER_THE_BAR) <= 0.5
        page.page.locator("#replay-bar [data-action=replay-end]").click()
        expect(page.page.locator("#replay-bar")).to_be_hidden()
        page.page.evaluate(FRAMES)
        assert page.page.locator("[data-pile=T1]").bounding_box()["width"] == width_before
        page.assert_clean()
    finally:
        page.context.close()


# How far the table's piles and the bar's buttons reach past the left edge of the Moves panel
# (> 0: some are under it).
UNDER_THE_PANEL = """() => {
  const edge = document.getElementById('story').getBoundingClientRect().left;
  const boxes = [...document.querySelectorAll('#table [data-pile], .bar button')]
    .filter((e) => e.getClientRects().length)
    .map((e) => e.getBoundingClientRect().right);
  return Math.max(...boxes) - edge;
}"""


@pytest.mark.parametrize(("width", "height"), [(1200, 800), (1366, 850), (1920, 1080)])
def test_on_a_wide_screen_the_table_makes_room_for_the_moves_panel(browser, site_url, width,
                                                                   height):
    """The Moves panel covered a third of a desktop's table (tableaus 4, 8 and 12, foundations
    6-8) while the player walked along the moves; the table now draws itself beside it, and
    takes its room back when the panel closes."""
    game = first_moves(34, 6)
    page = new_table(browser, site_url, viewport={"width": width, "height": height})
    try:
        page.store_and_open(SAVE_KEY, page_save(game))
        page.wait_table(expected_table(game))
        widest = page.page.locator("[data-pile=T1]").bounding_box()["width"]
        open_story(page)
        page.page.evaluate(FRAMES)
        assert page.page.evaluate(UNDER_THE_PANEL) <= 0.5
        page.page.locator("[data-movelist] > [data-move='3'] button").click()  # walk back
        page.wait_table(expected_table(after(game, 3)))  # every pile in sight, drawn as the engine
        assert page.page.evaluate(UNDER_THE_PANEL) <= 0.5
        page.page.keyboard.press("Escape")
        expect(page.page.locator("#story")).to_be_hidden()
        page.page.evaluate(FRAMES)
        assert page.page.locator("[data-pile=T1]").bounding_box()["width"] == widest
        page.assert_clean()
    finally:
        page.context.close()


# Whether each button of the open dialog and of the replay bar is what a click at its middle
# reaches (nothing drawn over it).
REACHABLE = """() => [...document.querySelectorAll('#result button, #replay-bar button')]
  .filter((b) => b.getClientRects().length)
  .map((b) => {
    const r = b.getBoundingClientRect();
    const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
    return [b.textContent.trim(), !!hit && b.contains(hit)];
  })"""


def test_a_dialog_during_a_replay_sits_above_the_replay_bar(browser, site_url):
    """A link to another deal during a replay asks whether to leave: the question's buttons and
    the bar's are each clear of the other (the bar was drawn over the dialog's last row, and a
    click on Keep playing reached Step), on a phone and on a desktop."""
    game = lost_game()
    for viewport in ({"width": 390, "height": 844}, {"width": 1366, "height": 850}):
        page = new_table(browser, site_url, viewport=viewport)
        try:
            open_at(page, game, 20)
            open_story(page)
            p = page.page
            p.locator("#story [data-action=replay]").click()
            p.locator("#replay-bar #replay-play").click()  # pause
            expect(p.locator("#replay-play")).to_have_text("Play")
            p.evaluate("() => { location.hash = '#game=7'; }")
            expect(p.locator("#result[data-kind=confirm]")).to_be_visible()
            reachable = p.evaluate(REACHABLE)
            assert ["Keep playing", True] in reachable and ["Step", True] in reachable, reachable
            assert all(ok for _, ok in reachable), reachable
            mouse_click(page, "#confirm-no")
            expect(p.locator("#result")).to_be_hidden()
            expect(p.locator("#game-number")).to_have_text(str(game.seed))
            page.assert_clean()
        finally:
            page.context.close()


def test_on_a_phone_a_game_lost_with_the_moves_open_shows_its_dialog_over_them(browser,
                                                                             site_url):
    """The game is lost (by Redo here) while the Moves sheet is open: the lost dialog is drawn
    over the sheet and every button of it can be reached (it was hidden under the sheet, as
    You won! was under Show me a win's); a panel opened after it hides it until it closes."""
    game = lost_game()
    page = new_table(browser, site_url, viewport={"width": 390, "height": 844})
    try:
        page.store_and_open(SAVE_KEY, page_save(game))
        p = page.page
        expect(p.locator("#result[data-kind=lost]")).to_be_visible()
        mouse_click(page, ".bar [data-action=undo]")
        expect(p.locator("#result")).to_be_hidden()
        open_story(page)
        mouse_click(page, ".bar [data-action=redo]")
        expect(p.locator("#result[data-kind=lost]")).to_be_visible()
        reachable = p.evaluate(REACHABLE)
        assert ["Where did it slip?", True] in reachable, reachable
        assert all(ok for _, ok in reachable), reachable
        mouse_click(page, ".bar [data-action=stats]")
        expect(p.locator("#stats")).to_be_visible()
        expect(p.locator("#result")).to_be_hidden()
        p.keyboard.press("Escape")
        expect(p.locator("#stats")).to_be_hidden()
        expect(p.locator("#result[data-kind=lost]")).to_be_visible()
        page.assert_clean()
    finally:
        page.context.close()


# Every text the status line shows from now on, kept in window.__said.
COLLECT_SAID = """() => {
  window.__said = [];
  const message = document.getElementById('message');
  new MutationObserver(() => window.__said.push(message.textContent))
    .observe(message, { childList: true, characterData: true, subtree: true });
}"""


def test_show_me_a_win_plays_itself_and_a_click_stops_it(table):
    """The line plays itself; what the status line says of its moves gives the player no advice
    meant for their own moves (no "deal the next card" when a deal is all that is left: the
    line deals by itself); a click stops it and the player carries on."""
    table.open(33)
    table.page.keyboard.press("m")
    table.page.evaluate(COLLECT_SAID)
    table.page.locator("#story [data-action=demo]").click()
    expect(table.page.locator("#message")).to_contain_text("Showing a win", timeout=20_000)
    expect(table.page.locator("#story")).to_be_hidden()  # the table in full view
    table.page.wait_for_function("() => Number(document.getElementById('moves').textContent)"
                                 f" >= {DEMO_MOVES}", timeout=30_000)
    table.page.mouse.click(5, 400)
    said = table.page.evaluate("() => window.__said")
    assert any(text.startswith("Dealt") for text in said), said
    assert not [text for text in said if "deal the next card" in text], said
    expect(table.page.locator("#message")).to_contain_text("Show me a win again")
    # the page's own word that the line no longer plays: Finish is no longer running
    expect(table.page.locator("#finish")).not_to_have_class(re.compile(r"\brunning\b"))
    moves = table.page.locator("#moves").inner_text()
    table.click_pile("S")  # the player carries on from there: one move, the player's own
    expect(table.page.locator("#moves")).to_have_text(str(int(moves) + 1))


def test_the_record_downloads_and_opens_through_the_file_chooser(browser, site_url, tmp_path):
    game = lost_game()
    page = new_table(browser, site_url)
    try:
        open_at(page, game, 40)
        open_story(page)
        with page.page.expect_download() as download:
            page.page.locator("[data-action=export-record]").click()
        assert download.value.suggested_filename == f"the-plot-{game.seed}.txt"
        path = tmp_path / download.value.suggested_filename
        download.value.save_as(path)
        record = path.read_text(encoding="utf-8")
        assert str(Game.from_record(record).position()) == str(after(game, 40).position())
        page.open(9)
        page.click_pile("S")
        open_story(page)
        page.page.locator("#record-text").fill("[Game \"The Plot\"]\n[Deal \"2\"]\n\n1. T9-F9\n")
        page.page.locator("[data-action=open-record]").click()
        expect(page.page.locator("#message")).to_contain_text("untouched")
        expect(page.page.locator("#game-number")).to_have_text("9")
        with page.page.expect_file_chooser() as chooser:
            page.page.locator("[data-action=open-record-file]").click()
        chooser.value.set_files(str(path))
        expect(page.page.locator("#game-number")).to_have_text(str(game.seed))
        page.wait_table(expected_table(after(game, 40)))
        expect(page.page.locator("#message")).to_contain_text("opened from a record")
        page.assert_clean()
    finally:
        page.context.close()


ENTRIES_SPAN_THE_LIST = """() => {
  const list = document.getElementById('movelist');
  const box = list.getBoundingClientRect();
  const left = box.left + list.clientLeft, right = left + list.clientWidth;
  return [...list.children].every(entry => {
    const own = entry.getBoundingClientRect();
    return Math.abs(own.left - left) < 1 && Math.abs(own.right - right) < 1;
  });
}"""


def test_on_a_phone_close_stays_on_top_of_a_scrolled_move_list(browser, site_url):
    """The Moves sheet scrolled so that the move list runs under its header: the header (title
    and Close) is drawn over the list, so a tap on Close closes the panel and never lands on
    the move entry beneath it (which took the game back to that move). The entries span the
    list's width (the panel's list indent left a blank strip beside the highlighted move)."""
    game = random_lost_game(13)
    moves = 16
    page = new_table(browser, site_url, viewport={"width": 390, "height": 844})
    try:
        open_at(page, game, moves)
        open_story(page)
        p = page.page
        p.evaluate("() => { document.getElementById('movelist').scrollTop = 0; }")
        p.evaluate("() => { document.getElementById('story').scrollTop = 140; }")
        close = "#story > header [data-action=close-panel]"
        box = p.locator(close).bounding_box()
        assert p.evaluate("""([x, y]) => !!document.elementFromPoint(x, y)
            .closest('#story > header')""", [box["x"] + box["width"] / 2,
                                              box["y"] + box["height"] / 2])
        assert p.evaluate(ENTRIES_SPAN_THE_LIST)
        mouse_click(page, close)
        expect(p.locator("#story")).to_be_hidden()
        expect(p.locator("#moves")).to_have_text(str(moves))
        page.assert_clean()
    finally:
        page.context.close()


def test_on_a_phone_a_refused_record_s_whole_reason_can_be_read(browser, site_url):
    """A pasted record with an illegal move: the refusal names the line, the move and the
    engine's reason, longer than the two lines a phone's status line shows; the panel says it
    whole beside the paste box, and the game is untouched."""
    game = random_lost_game(13)
    page = new_table(browser, site_url, viewport={"width": 390, "height": 844})
    try:
        open_at(page, game, 16)
        open_story(page)
        p = page.page
        p.locator("#record-text").fill('[Game "The Plot"]\n[Deal "2"]\n\n1. S-W 2. T1-T2')
        p.locator("[data-action=open-record]").click()
        expect(p.locator("#message")).to_contain_text("Your game is untouched")
        reason = p.locator("#message").text_content()
        assert "T1-T2 is illegal" in reason
        assert p.evaluate(READ_WHOLE, reason), reason
        expect(p.locator("#moves")).to_have_text("16")
        page.assert_clean()
    finally:
        page.context.close()
