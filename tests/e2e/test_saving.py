"""Never lose progress: resume after reload, unreadable saves, storage that refuses to work."""

from __future__ import annotations

import json

import pytest

from plot import Game
from tests.e2e.tablepage import TablePage, expected_table, save_record

SAVE_KEY = "the-plot/save"
BACKUP_KEY = "the-plot/save-unreadable"


def play_some(table: TablePage, game: Game, count: int) -> None:
    """Play `count` moves by clicking, preferring moves other than dealing."""
    for _ in range(count):
        moves = [m for m in game.legal_moves() if m.src != "S"] or game.legal_moves()
        move = str(moves[0])
        table.play(move)
        game.play(move)
        table.wait_table(expected_table(game))


def test_reload_resumes_the_exact_game_with_its_undo_history(table):
    table.open(11)
    game = Game.new(11)
    play_some(table, game, 3)
    table.click_pile("S")
    game.play("S-W")
    table.page.locator("#undo").click()
    game.undo()  # leaves one move to redo
    table.wait_table(expected_table(game))
    assert save_record(table)["game"] == 11
    table.reload()
    table.wait_table(expected_table(game))
    assert table.page.locator("#game-number").inner_text() == "11"
    assert table.page.locator("#moves").inner_text() == str(game.moves_played)
    assert table.page.locator("#redo").is_enabled()
    assert "resumed" in table.message()
    table.page.locator("#redo").click()
    game.redo()
    table.wait_table(expected_table(game))
    for _ in range(game.moves_played):
        table.page.keyboard.press("z")
        game.undo()
        table.wait_table(expected_table(game))
    assert table.page.locator("#undo").is_disabled()
    assert game.moves_played == 0


def test_a_lost_game_resumes_lost_and_offers_undo(table):
    # play greedily in CPython (foundation moves, else deal) until the engine says lost
    for number in range(1, 200):
        game = Game.new(number)
        while game.status == "playing":
            moves = game.legal_moves()
            home = [m for m in moves if m.dst.startswith("F")]
            deal = [m for m in moves if m.src == "S"]
            if not (home or deal):
                break
            game.play((home or deal)[0])
        if game.status == "lost":
            break
    assert game.status == "lost"
    record = {"format": "the-plot-page", "version": 1, "game": number, "elapsed_ms": 61_000,
              "started": True, "counted": False, "engine": game.to_json()}
    table.store_and_open(SAVE_KEY, json.dumps(record))  # no #game= link: the save is resumed
    table.wait_table(expected_table(game))
    assert table.status() == "lost"
    dialog = table.page.locator("#result")
    assert dialog.is_visible()
    assert dialog.locator("h2").inner_text() == "This game is lost"
    assert table.page.locator("#time").inner_text() == "1:01"
    for action in ("new", "restart", "undo"):
        assert dialog.locator(f"[data-action={action}]").is_visible()
    dialog.locator("[data-action=undo]").click()
    game.undo()
    table.wait_table(expected_table(game))
    assert table.status() == game.status
    if game.status == "playing":
        dialog.wait_for(state="hidden")


@pytest.mark.parametrize("kind", ["garbage", "tampered"])
def test_an_unreadable_save_is_kept_aside_and_a_new_game_starts(table, kind):
    if kind == "garbage":
        raw = "{this is not a saved game"
    else:
        game = Game.new(12)
        game.play("S-W")
        engine = json.loads(game.to_json())
        engine["moves"] = "S-W T1-T1"  # a move no game can make
        raw = json.dumps({"format": "the-plot-page", "version": 1, "game": 12,
                          "elapsed_ms": 0, "engine": json.dumps(engine)})
    table.store_and_open(SAVE_KEY, raw)  # no #game= link: the page must pick a game itself
    notice = table.page.locator("#notice")
    assert notice.is_visible()
    assert "saved game could not be read" in notice.inner_text()
    assert "kept aside" in notice.inner_text()
    kept = table.page.evaluate("k => localStorage.getItem(k)", BACKUP_KEY)
    assert kept == raw
    assert table.status() == "playing"
    number = int(table.page.locator("#game-number").inner_text())
    table.wait_table(expected_table(Game.new(number)))
    table.click_pile("S")  # and the new game is saved over the broken one
    table.page.wait_for_function(
        "k => JSON.parse(localStorage.getItem(k)).game > 0", arg=SAVE_KEY)
    assert save_record(table)["game"] == number


BLOCKED = """Object.defineProperty(window, 'localStorage', {
  get() { throw new DOMException('The operation is insecure.', 'SecurityError'); } });"""
FULL = """Storage.prototype.setItem = function () {
  throw new DOMException('The quota has been exceeded.', 'QuotaExceededError'); };"""


@pytest.mark.parametrize(("script", "words"), [(BLOCKED, "not letting the game use local storage"),
                                               (FULL, "storage for this site is full")])
def test_the_game_plays_on_with_a_warning_when_storage_fails(browser, site_url, script, words):
    context = browser.new_context(service_workers="block")
    context.add_init_script(script)
    page = TablePage(context, site_url)
    try:
        page.goto("#game=21")
        notice = page.page.locator("#notice")
        assert notice.is_visible()
        assert words in notice.inner_text()
        assert "not being saved" in notice.inner_text()
        game = Game.new(21)
        page.click_pile("S")
        game.play("S-W")
        page.wait_table(expected_table(game))
        page.page.locator("#undo").click()
        game.undo()
        page.wait_table(expected_table(game))
        page.assert_clean()
    finally:
        context.close()
