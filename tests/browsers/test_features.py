"""The features players came back for, in every engine: the deal of the day and the deal's tier,
the game's story (where did it slip?, rewind, the move list), the history of games, New game
undone from the status line, and Pause."""

from __future__ import annotations

from plot import Game
from tests.browsers.session import TIMES
from tests.e2e.tablepage import (
    ANIMATED_PROPERTIES,
    COMPOSITED,
    FRAMES,
    READ_WHOLE,
    expected_table,
)
from tests.e2e.test_daily import cli
from tests.e2e.test_history import FIGURES
from tests.e2e.test_story import (
    SPLIT_MOVES,
    UNDER_THE_BAR,
    after,
    cli_slip,
    first_moves,
    lost_game,
)
from tests.helpers import won_record
from tests.lines import only_the_stock_left, page_save, won_with_empty_stock
from tests.test_postmortem import random_lost_game
from tests.web.test_history import FEW_GAMES
from web.history import HISTORY, HISTORY_KEY

SAVE_KEY = "the-plot/save"
ANALYSIS_TIMEOUT_MS = 90_000
# The page's clock at the first click on a "Where did it slip?" button (for the timings printed).
CLICK_TIME = """() => document.addEventListener('click', (event) => {
  if (event.target.closest('[data-action=postmortem]') && window.__clickedAt === undefined)
    window.__clickedAt = performance.now();
}, true)"""


def lost_and_analysed(player, game: Game) -> None:
    """Open the lost `game` from a save and let its lost dialog's Where did it slip? finish."""
    player.store_and_open(SAVE_KEY, page_save(game))
    player.wait("() => document.getElementById('result').dataset.kind === 'lost'"
                " && !document.getElementById('result').hidden", what="the lost dialog")
    player.click("#result [data-action=postmortem]")
    player.wait("() => document.getElementById('postmortem').dataset.state === 'done'",
                timeout_ms=ANALYSIS_TIMEOUT_MS, what="the post-mortem")


def test_the_deal_of_the_day_and_its_tier(player):
    player.goto("#daily")
    player.click(".bar [data-action=daily]")
    player.wait("() => !document.getElementById('daily').hidden", what="the Daily panel")
    # the page's own today (UTC): the calendar marks it, so a test near midnight still agrees
    today = player.js("() => document.querySelector('#daily-calendar [data-today]').dataset.day")
    player.click("#daily [data-action=close-panel]")
    number = cli("daily", today)
    assert player.text("#game-number") == number
    player.wait_table(expected_table(Game.new(int(number))))
    assert player.text("#tier") == cli("rate", number)
    assert player.visible("#daily-tag")
    player.assert_clean()


def test_where_it_slipped_rewind_and_the_move_list(player, tmp_path):
    game = lost_game()
    expected = cli_slip(game, tmp_path)
    lost_and_analysed(player, game)
    assert player.js("() => document.getElementById('postmortem').dataset.slip") == str(expected)
    moves = player.js(SPLIT_MOVES)  # the winning line shown, no move broken across two lines
    assert moves["shown"] > 0 and moves["split"] == [], moves
    assert player.js("() => document.querySelectorAll('[data-movelist] > [data-move]').length") \
        == len(game.history)
    player.click("#rewind")
    player.wait_table(expected_table(after(game, expected - 1)))
    player.open_moves()
    player.click_in_view("[data-movelist] > [data-move='3'] button")
    player.wait_table(expected_table(after(game, 3)))
    # a pasted record with an illegal move: refused whole beside the paste box, nothing changed
    player.fill("#record-text", '[Game "The Plot"]\n[Deal "2"]\n\n1. S-W 2. T1-T2')
    player.scroll_to("#record-text")
    player.click("#story [data-action=open-record]")
    player.wait("() => !document.getElementById('record-note').hidden", what="the refusal")
    assert "T1-T2 is illegal" in player.text("#record-note")
    assert player.js(f"(t) => ({READ_WHOLE})(t)", "T1-T2 is illegal")
    player.wait_table(expected_table(after(game, 3)))
    player.click("#story [data-action=close-panel]")
    player.assert_clean()


# The statistics this browser keeps: [games played, games won].
STATS = """() => { const s = JSON.parse(localStorage.getItem('the-plot/stats') || '{}');
  return [s.played || 0, s.won || 0]; }"""


def test_show_me_a_win_plays_on_the_open_table_and_the_win_is_the_solvers(player):
    """Show me a win from the Moves panel closes the panel and plays the line to the end; the
    dialog says the win was shown, and the statistics count the game as played, not won."""
    game, rest = won_with_empty_stock()
    player.store_and_open(SAVE_KEY, page_save(game))
    player.wait_table(expected_table(game))
    played, won = player.js(STATS)
    player.open_moves()
    player.click("#story [data-action=demo]")
    player.wait("() => document.getElementById('story').hidden", what="the panel closed")
    player.wait("() => document.getElementById('result').dataset.kind === 'won'"
                " && !document.getElementById('result').hidden", timeout_ms=60_000,
                what="the shown win")
    assert player.text("#result-title") == "A win, shown"
    assert player.moves() == len(game.history) + len(rest)
    assert player.js(STATS) == [played + 1, won]
    player.assert_clean()


def test_the_hardest_proved_deals_show_a_win_from_their_shipped_line(player):
    """Deal 117, beyond what the page's solver finds in its 2 seconds: Hint answers from the
    shipped line (web/vendor/wins.txt) at once, and Show me a win plays that line. A click on
    the moves counter, which changes as the line plays, stops it (in WebKit that click was lost
    whenever the counter's text node was replaced between the press and the release)."""
    line = [str(move) for move in won_record(117).history]
    player.open(117)
    player.wait("() => document.documentElement.dataset.winningLines === 'loaded'",
                what="the winning lines")
    player.click("[data-action=hint]")
    player.wait("() => document.querySelector('.hint-from') !== null", what="the hint")
    src, dst = line[0].split("-")
    assert player.js("() => [document.querySelector('.hint-from').dataset.pile,"
                     " document.querySelector('.hint-to').dataset.pile]") == [src, dst]
    player.open_moves()
    player.click("#story [data-action=demo]")
    player.wait("() => Number(document.getElementById('moves').textContent) >= 6",
                what="six moves of the shown line")
    player.click("#moves")  # any click stops it
    player.wait("() => document.getElementById('message').textContent.includes('again')",
                what="the line stopped")
    played = player.moves()
    game = Game.new(117)
    for move in line[:played]:
        game.play(move)
    player.wait_table(expected_table(game))
    player.assert_clean()


def test_a_click_during_a_long_post_mortem_lands_while_it_is_still_working(player):
    game = random_lost_game(13)
    player.store_and_open(SAVE_KEY, page_save(game))
    player.wait("() => document.getElementById('result').dataset.kind === 'lost'"
                " && !document.getElementById('result').hidden", what="the lost dialog")
    player.js(CLICK_TIME)
    player.click("#result [data-action=postmortem]")
    player.wait("() => document.getElementById('postmortem').dataset.state === 'running'",
                what="the post-mortem running")
    player.click("#undo")
    player.wait_table(expected_table(after(game, len(game.history) - 1)))
    assert player.js("() => document.getElementById('postmortem').dataset.state") == "running", \
        f"{player.engine}: the Undo was drawn only once the post-mortem had finished"
    done = player.wait("() => document.getElementById('postmortem').dataset.state === 'done'",
                       timeout_ms=ANALYSIS_TIMEOUT_MS, what="the post-mortem")
    took = (done["at"] - player.js("() => window.__clickedAt")) / 1000
    TIMES[player.engine][f"post-mortem of {len(game.history)} moves"] = f"{took:.1f} s"
    player.click("#story [data-action=close-panel]")
    player.assert_clean()


def test_new_game_is_undone_from_the_status_line_and_pause_hides_the_table(player):
    player.open(12)
    player.play("S-W")
    player.page.key("n")
    player.wait("() => document.getElementById('game-number').textContent !== '12'",
                what="a new deal")
    assert player.visible("#toast")
    player.click("#toast [data-action=undo-leave]")
    player.wait_moves(1, "game 12 back")
    assert player.text("#game-number") == "12"
    player.page.key("p")
    player.wait("() => !document.getElementById('pause').hidden", what="the pause")
    assert player.js("() => getComputedStyle(document.getElementById('table')).visibility")\
        == "hidden"
    player.click("#pause [data-action=resume]")
    player.wait("() => document.getElementById('pause').hidden", what="the end of the pause")
    player.open_stats()
    player.click("#stats [data-action=close-panel]")
    player.assert_clean()


def test_the_stock_breathes_on_the_compositor_when_it_is_the_only_move(player):
    number, line = only_the_stock_left()
    game = Game.new(number)
    for move in line:
        game.play(move)
    player.store_and_open(SAVE_KEY, page_save(game))
    player.wait_table(expected_table(game))
    player.wait("() => document.querySelector('.stock.only-move')", what="the stock marked")
    # it breathes for as long as the player waits: opacity or transform only, so the compositor
    # draws it without repainting the table at every frame
    animated = player.js(ANIMATED_PROPERTIES)
    assert animated.get("only-move"), f"{player.engine}: {animated}"
    assert set(animated["only-move"]) <= COMPOSITED, f"{player.engine}: {animated}"
    player.click_pile("S")
    player.wait("() => !document.querySelector('.stock.only-move')", what="the mark gone")
    player.assert_clean()


FOCUS = """() => { const e = document.activeElement;
  return e === null || e === document.body ? 'nothing'
    : (e.dataset.pile || e.id || e.dataset.action || e.tagName); }"""


def tab_to(player, selector: str, limit: int = 60) -> None:
    """Press Tab until the element `selector` has focus."""
    for _ in range(limit):
        player.page.key("Tab")
        if player.js("(s) => !!document.activeElement?.matches(s)", selector):
            return
    raise AssertionError(f"{player.engine}: Tab never reached {selector}")


def test_keyboard_focus_goes_into_a_panel_and_comes_back_from_the_pause_and_undo(player):
    """With the keyboard alone: M opens the moves with focus inside the panel, Esc gives it to
    the Moves button; the pause takes focus and gives it back to the pile; Undo pressed until the
    deal (Z, with focus on it) hands focus to Redo."""
    player.open(14)
    player.play("S-W")
    player.tab_into_table()
    player.key_to("T3")
    player.page.key("m")
    player.wait("() => !document.getElementById('story').hidden", what="the moves")
    player.wait("() => document.getElementById('story').contains(document.activeElement)",
                what="focus in the moves panel")
    player.page.key("Escape")
    player.wait("() => document.getElementById('story').hidden", what="the moves closed")
    assert player.js(FOCUS) == "story"  # the bar's Moves button (data-action story)
    player.tab_into_table()
    player.key_to("T3")
    player.page.key("p")
    player.wait("() => !document.getElementById('pause').hidden", what="the pause")
    assert player.js(FOCUS) == "resume"
    player.page.key("Escape")
    player.wait("() => document.getElementById('pause').hidden", what="the end of the pause")
    assert player.js(FOCUS) == "T3"
    tab_to(player, "#undo")
    player.page.key("z")  # undo, with focus on Undo (Firefox's driver's Enter clicks no button)
    player.wait_moves(0, "the deal again")
    assert player.js(FOCUS) == "redo"
    player.page.key("y")
    player.wait_moves(1, "the deal redone")
    player.assert_clean()


# The replay bar's speed menu: its box in CSS pixels, and the page's width (for the screenshot's
# scale).
SPEED_BOX = """() => {
  const r = document.querySelector('[data-replay-speed]').getBoundingClientRect();
  return [r.left, r.top, r.width, r.height, window.innerWidth]; }"""


def luminance(rgb: tuple[int, int, int]) -> float:
    """A pixel's brightness, 0 (black) to 255 (white)."""
    red, green, blue = rgb[:3]
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue


def test_the_replay_bar_reads_and_done_goes_back_to_where_the_player_was(player, tmp_path):
    """The replay bar's speed menu is drawn dark like the bar, so its light words read (in
    WebKit it was a white box under them); no pile is under the bar; and Done takes the table
    back to move 6."""
    from PIL import Image

    game = first_moves(34, 6)
    player.store_and_open(SAVE_KEY, page_save(game))
    player.wait_table(expected_table(game))
    player.open_moves()
    player.click("#story [data-action=replay]")
    player.wait("() => !document.getElementById('replay-bar').hidden", what="the replay bar")
    player.click("#replay-play")  # pause
    player.wait("() => document.getElementById('replay-play').textContent === 'Play'",
                what="the replay paused")
    player.js(FRAMES)
    assert player.js(UNDER_THE_BAR) <= 0.5, f"{player.engine}: a pile is under the replay bar"
    path = tmp_path / "replay.png"
    player.page.screenshot(path)
    left, top, width, height, page_width = player.js(SPEED_BOX)
    with Image.open(path) as shot:
        scale = shot.width / page_width
        inner = (left + height / 2, top + height / 4,
                 left + width - height / 2, top + 3 * height / 4)
        box = shot.convert("RGB").crop(tuple(round(v * scale) for v in inner))
        shades = sorted(luminance(pixel) for pixel in box.get_flattened_data())
    background, words = shades[len(shades) // 2], shades[-1]
    assert background < 90 and words - background > 90, \
        f"{player.engine}: the speed menu's ground {background:.0f}, its words {words:.0f}"
    player.click("#replay-bar [data-action=replay-end]")
    player.wait("() => document.getElementById('replay-bar').hidden", what="the bar closed")
    assert player.text("#message") == "Replay closed: back at move 6, where you were."
    player.wait_table(expected_table(game))
    player.assert_clean()


def test_the_history_charts_show_their_values(player):
    """Each chart of the history draws its bars' values over them, large enough to read, in
    every engine (tests/e2e/test_history.py says why)."""
    player.store_and_open(HISTORY_KEY, HISTORY.dump(games=[g.row() for g in FEW_GAMES]))
    player.open_stats()
    player.scroll_to("#charts")
    drawn = dict(player.js(FIGURES))
    assert [text for text, *_ in drawn["wins-time"]] == ["4:12", "1:02:05"], drawn
    assert [text for text, *_ in drawn["win-rate"]] == ["67%"], drawn
    for figures in drawn.values():
        for text, size, placed in figures:
            assert size >= 11 and placed, f"{player.engine}: {(text, size, placed)}"
    player.click("#stats [data-action=close-panel]")
    player.assert_clean()
