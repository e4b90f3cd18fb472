"""A reload resumes the game where it was, with its undo history, in every engine; a returning
player's table is on screen before Python runs."""

from __future__ import annotations

from plot import Game
from plot.prng import SplitMix64
from tests.browsers.player import LOADED_IN, READY_IN
from tests.browsers.session import PREVIEW_WATCH
from tests.e2e.tablepage import BOOT_TIMEOUT_MS, expected_table

NUMBER, SEED, MOVES = 11, 2024, 8


def seeded_moves(game: Game, rng: SplitMix64, count: int) -> list[str]:
    """`count` legal moves chosen by the seeded generator (card moves when there are some),
    played on `game`."""
    played = []
    for _ in range(count):
        moves = [m for m in game.legal_moves() if m.src != "S"] or game.legal_moves()
        move = moves[rng.below(len(moves))]
        game.play(move)
        played.append(str(move))
    return played


def test_a_reload_resumes_the_game_and_undo_still_works(player):
    player.open(NUMBER)
    game = Game.new(NUMBER)
    for move in seeded_moves(game.copy(), SplitMix64(SEED), MOVES):
        player.play(move)
        game.play(move)
    player.wait_table(expected_table(game))

    player.reload()
    player.wait_table(expected_table(game))
    assert "resumed" in player.text("#message")
    assert player.moves() == MOVES

    player.click(".bar [data-action=undo]")  # the Undo button
    game.undo()
    player.wait_moves(MOVES - 1, "undo by the button")
    player.wait_table(expected_table(game))
    player.page.key("z")                      # and the key
    game.undo()
    player.wait_moves(MOVES - 2, "undo by the Z key")
    player.wait_table(expected_table(game))
    player.click(".bar [data-action=redo]")
    game.redo()
    player.wait_moves(MOVES - 1, "redo by the button")
    player.wait_table(expected_table(game))


# The watched game's frame (tests/browsers/session.py PREVIEW_WATCH) ready, with what it fetches
# once playable arrived (what Player.goto waits for on the game's own page).
FRAME_READY = f"""() => {{
  const doc = document.getElementById('frame').contentDocument;
  return !!doc && ({READY_IN})(doc) && ({LOADED_IN})(doc);
}}"""
IN_FRAME = """() => {
  const doc = document.getElementById('frame').contentDocument;
  return { table: window.__frameTable(),
           preview: doc.documentElement.classList.contains('preview'),
           inert: doc.getElementById('table').inert,
           errors: [...doc.querySelectorAll('.py-error')].map((e) => e.textContent) };
}"""


def test_a_returning_players_table_is_on_screen_before_python_runs(player):
    """The preview of the last table (web/preview.py, web/startup.js): the same cards, inert,
    while the game starts; then the game's own table, the same, and playable."""
    player.open(NUMBER + 1)
    game = Game.new(NUMBER + 1)
    for move in seeded_moves(game.copy(), SplitMix64(SEED + 1), MOVES):
        player.play(move)
        game.play(move)
    player.wait_table(expected_table(game))

    player.page.goto(player.base_url + PREVIEW_WATCH)  # the game again, in a watched frame
    player.wait(FRAME_READY, timeout_ms=BOOT_TIMEOUT_MS, what="the game in the frame ready")
    shown = player.js("() => window.__preview")
    assert shown is not None, f"{player.engine}: no preview of the last table was on screen"
    assert shown["table"] == expected_table(game), f"{player.engine}: {shown}"
    assert shown["inert"] and shown["number"] == str(NUMBER + 1), shown
    now = player.js(IN_FRAME)
    assert now["table"] == expected_table(game) and not now["preview"] and not now["inert"] \
        and now["errors"] == [], f"{player.engine}: {now}"
