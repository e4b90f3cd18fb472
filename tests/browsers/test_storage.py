"""The browser's storage really full, in every engine: the game says so and plays on, and saves
again once there is room. (tests/e2e/test_saving.py has Chromium's storage refuse through a
script; here each browser refuses in its own words: web/storage.py must read them all.)"""

from __future__ import annotations

import json

from plot import Game
from tests.browsers.player import VISIBLE
from tests.e2e.tablepage import expected_table

NUMBER = 21
FILLER = "filler-"
# Fill the origin's localStorage until not one more character fits: chunks halving from 1 M
# characters down to one. The number of items written.
FILL = """(prefix) => {
  let size = 1 << 20, count = 0;
  while (size >= 1) {
    try { localStorage.setItem(prefix + count, 'x'.repeat(size)); count += 1; }
    catch (error) { size = Math.floor(size / 2); }
  }
  return count;
}"""
FREE = """(prefix) => {
  for (const key of Object.keys(localStorage)) {
    if (key.startsWith(prefix)) localStorage.removeItem(key);
  }
  return true;
}"""


def saved_position(player) -> dict | None:
    raw = player.js("() => localStorage.getItem('the-plot/save')")
    return raw and Game.from_json(json.loads(raw)["engine"]).position()


def test_with_its_storage_full_the_game_says_so_plays_on_and_saves_once_there_is_room(player):
    player.open(NUMBER)
    try:
        assert player.js(FILL, FILLER) > 0  # the storage fills up during a game
        game = Game.new(NUMBER)
        for move in ("S-W", "S-W"):
            player.play(move)
            game.play(move)
        player.wait_table(expected_table(game))
        player.wait(VISIBLE, "#notice", what="the storage notice")
        notice = player.text("#notice")
        assert "storage for this site is full" in notice and "not being saved" in notice, \
            f"{player.engine}: {notice!r}"
        assert saved_position(player) != game.position()  # nothing fitted

        player.js(FREE, FILLER)  # the player makes room
        player.play("S-W")
        game.play("S-W")
        player.wait_table(expected_table(game))
        player.wait(f"() => !({VISIBLE})('#notice')", what="the notice gone once saved")
        assert saved_position(player) == game.position()
        player.assert_clean()
    finally:
        player.js(FREE, FILLER)
