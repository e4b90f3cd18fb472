"""Abuse and endurance in the real browser: a storm of random input leaves the page showing
exactly the engine's position, and a reload at any point resumes the exact game."""

from __future__ import annotations

import random

import pytest

from plot import Game
from tests.e2e.tablepage import FRAMES, TablePage, expected_table, save_record

STORM_SEED = 20261130
STORM_ACTIONS = 1_000
STORM_BATCH = 100  # actions sent to the page in one call
STORM_DEAL = 17
# key, shift, ctrl: what the storm presses
KEYS = (("z", False, False), ("Z", True, False), ("z", False, True), ("y", False, True),
        ("d", False, False), (" ", False, False), ("n", False, False), ("Escape", False, False),
        ("Enter", False, False), ("x", False, False), ("ArrowLeft", False, False))
RELOAD_SEED = 7
RELOAD_DEAL = 23
RELOADS = 20
RELOAD_ACTIONS = 40

# Pins the page's own randomness too (Python's random seeds itself from crypto.getRandomValues),
# so New game picks the same deals on every run.
PIN_RANDOM = """(() => {
  let state = 0x2545F491;
  crypto.getRandomValues = array => {
    const bytes = new Uint8Array(array.buffer, array.byteOffset, array.byteLength);
    for (let i = 0; i < bytes.length; i++) {
      state ^= state << 13; state ^= state >>> 17; state ^= state << 5;
      bytes[i] = state & 0xff;
    }
    return array;
  };
})();"""

# Runs a batch of storm actions in the page, one animation frame after each, as a player's input
# would arrive: a click goes to whatever is on top at its point (a pile, a card, a button, a
# dialog, the bare table), with the full pointer and mouse event sequence; a double-click is two
# clicks (detail 1, then 2) and a dblclick; a key is keydown + keyup on the focused element.
STORM = """async actions => {
  const boxes = () => {
    const found = [];
    const add = el => {
      const r = el.getBoundingClientRect();
      if (r.width > 0 && r.height > 0) found.push(r);
    };
    for (const pile of document.querySelectorAll('[data-pile]')) {
      add(pile);
      const cards = pile.querySelectorAll('[data-card]');
      if (cards.length) add(cards[cards.length - 1]);
    }
    for (const el of document.querySelectorAll('button, a[href]'))
      if (el.checkVisibility()) add(el);
    return found;
  };
  const press = (x, y, detail) => {
    const target = document.elementFromPoint(x, y) || document.body;
    const init = {bubbles: true, cancelable: true, composed: true, clientX: x, clientY: y,
                  detail, button: 0, view: window};
    target.dispatchEvent(new PointerEvent('pointerdown', {...init, pointerId: 1, isPrimary: true}));
    target.dispatchEvent(new MouseEvent('mousedown', init));
    target.dispatchEvent(new PointerEvent('pointerup', {...init, pointerId: 1, isPrimary: true}));
    target.dispatchEvent(new MouseEvent('mouseup', init));
    target.dispatchEvent(new MouseEvent('click', init));
    return target;
  };
  for (const a of actions) {
    if (a.kind === 'key') {
      const target = document.activeElement || document.body;
      const init = {key: a.key, shiftKey: a.shift, ctrlKey: a.ctrl, bubbles: true,
                    cancelable: true, composed: true};
      target.dispatchEvent(new KeyboardEvent('keydown', init));
      target.dispatchEvent(new KeyboardEvent('keyup', init));
    } else {
      let x = a.x * innerWidth, y = a.y * innerHeight;
      if (a.box !== null) {
        const all = boxes(), r = all[Math.floor(a.box * all.length)];
        x = r.x + a.x * r.width; y = r.y + a.y * r.height;
      }
      const target = press(x, y, 1);
      if (a.kind === 'double') {
        press(x, y, 2);
        target.dispatchEvent(new MouseEvent('dblclick', {bubbles: true, cancelable: true,
          clientX: x, clientY: y, detail: 2, view: window}));
      }
    }
    await new Promise(r => requestAnimationFrame(r));
  }
}"""


@pytest.fixture(scope="module")
def pinned(browser, site_url):
    """A page whose randomness is pinned, so the storm replays identically."""
    context = browser.new_context(service_workers="block")
    context.add_init_script(PIN_RANDOM)
    page = TablePage(context, site_url)
    page.goto(f"#game={STORM_DEAL}")
    yield page
    context.close()


EXTRA_PAGES = ("pinned",)


def assert_shows_the_saved_game(page: TablePage) -> Game:
    """The DOM shows exactly the position of the game the page saved."""
    page.page.evaluate(FRAMES)
    record = save_record(page)
    game = Game.from_json(record["engine"])
    page.wait_table(expected_table(game))
    assert page.page.locator("#game-number").inner_text() == str(record["game"])
    assert page.page.locator("#moves").inner_text() == str(game.moves_played)
    assert page.status() == game.status
    return game


def storm_actions(rng: random.Random) -> list[dict]:
    """The storm: about 30% key presses, 50% clicks and 20% double-clicks, mostly on piles,
    cards and buttons, a quarter anywhere in the window."""
    actions = []
    for _ in range(STORM_ACTIONS):
        roll = rng.random()
        if roll < 0.3:
            key, shift, ctrl = rng.choice(KEYS)
            actions.append({"kind": "key", "key": key, "shift": shift, "ctrl": ctrl})
            continue
        box = rng.random() if rng.random() < 0.75 else None
        actions.append({"kind": "double" if roll > 0.8 else "click", "box": box,
                        "x": rng.random(), "y": rng.random()})
    return actions


def test_a_storm_of_random_clicks_and_keys_leaves_the_engine_s_position(pinned):
    actions = storm_actions(random.Random(STORM_SEED))
    kinds = {kind: sum(a["kind"] == kind for a in actions) for kind in ("click", "double", "key")}
    assert min(kinds.values()) > 100, kinds
    for start in range(0, len(actions), STORM_BATCH):
        pinned.page.evaluate(STORM, actions[start:start + STORM_BATCH])
    record = save_record(pinned)
    assert_shows_the_saved_game(pinned)
    assert record["revision"] > 1  # the storm did change and save the game



def reload_script(seed: int, deal: int) -> tuple[list[str], set[int]]:
    """A random line of play (moves, undos, redos) on `deal` and the steps to reload after."""
    rng = random.Random(seed)
    game = Game.new(deal)
    actions = []
    for _ in range(RELOAD_ACTIONS):
        roll = rng.random()
        if roll < 0.15 and game.can_undo:
            actions.append("undo")
            game.undo()
        elif roll < 0.25 and game.can_redo:
            actions.append("redo")
            game.redo()
        else:
            moves = game.legal_moves()
            if not moves:
                actions.append("undo")
                game.undo()
                continue
            others = [m for m in moves if m.src != "S"]
            move = rng.choice(others if others and rng.random() < 0.7 else moves)
            actions.append(str(move))
            game.play(move)
    return actions, set(rng.sample(range(RELOAD_ACTIONS), RELOADS))


def test_a_reload_at_any_point_resumes_the_exact_game_with_its_undo_history(pinned):
    actions, reload_after = reload_script(RELOAD_SEED, RELOAD_DEAL)
    pinned.open(RELOAD_DEAL)
    game = Game.new(RELOAD_DEAL)
    reloads = 0
    for step, action in enumerate(actions):
        if action == "undo":
            pinned.page.keyboard.press("z")
            game.undo()
        elif action == "redo":
            pinned.page.keyboard.press("Shift+Z")
            game.redo()
        else:
            pinned.play(action)
            game.play(action)
        pinned.wait_table(expected_table(game))
        if step in reload_after:
            pinned.reload()
            reloads += 1
            pinned.wait_table(expected_table(game))
            saved = Game.from_json(save_record(pinned)["engine"])
            assert (saved.history, saved.redo_moves) == (game.history, game.redo_moves)
            assert pinned.page.locator("#moves").inner_text() == str(game.moves_played)
            assert pinned.page.locator("#undo").is_enabled() == game.can_undo
            assert pinned.page.locator("#redo").is_enabled() == game.can_redo
            assert "resumed" in pinned.message()
    assert reloads == RELOADS
