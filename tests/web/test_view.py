"""The view model in CPython (web/view.py): what the page shows for hand-made positions, and the
card flights found by comparing two views. The renderer only copies these values to the DOM."""

from __future__ import annotations

from plot import Game
from tests.helpers import build
from tests.web.fakes import booted
from web.state import Dialog, Leave, Leaving
from web.view import MAX_FLIGHTS, flights, table_view

# Base rank 5. While restricted, F1 holds 5..K and takes an ace next.
F1_RESTRICTED = ["5S", "6S", "7S", "8S", "9S", "TS", "JS", "QS", "KS"]
F1_FULL = F1_RESTRICTED + ["AS", "2S", "3S", "4S"]


def app_at(**piles):
    """A booted App whose game is the hand-made position `piles` (see tests.helpers.build)."""
    app, _, _ = booted(hash_text="#game=3")
    app.game = Game.from_position(build(**piles))
    return app


def test_piles_show_their_cards_counts_and_flags():
    app = app_at(foundations=[F1_RESTRICTED], tableau={"T1": ["9H", "8C"], "T2": ["AD"]},
                 waste=["QH", "7D"])
    view = table_view(app)
    t1, t3 = view.pile("T1"), view.pile("T3")
    assert (t1.cards, t1.count, t1.count_text) == (("9H", "8C"), 2, "2")
    assert t1.label == "Tableau 1: eight of clubs, 2 cards" and t1.flags == frozenset()
    assert t3.cards == () and t3.count == 0 and "empty" in t3.flags
    assert t3.label == "Tableau 3, empty"
    waste = view.pile("W")
    assert (waste.cards, waste.count) == (("7D",), 2)  # a squared pile shows its top only
    assert view.pile("S").cards == () and view.pile("S").count == len(app.game.pile("S"))
    f1, f2 = view.pile("F1"), view.pile("F2")
    assert (f1.cards, f1.count, f1.count_text) == (("KS",), 9, "9/13")
    assert f1.label == ("Foundation 1, first foundation, base rank 5, 9 cards, top: king of "
                        "spades")
    assert f2.flags == {"empty", "locked"} and f2.count_text == ""
    assert f2.label == "Foundation 2, locked until foundation 1 holds 13 cards"
    assert view.chrome.restricted and view.chrome.base_text == "5"


def test_a_complete_foundation_and_open_foundations():
    app = app_at(foundations=[F1_FULL, ["5H", "6H"]], rest="foundations")
    view = table_view(app)
    assert "complete" in view.pile("F1").flags and "locked" not in view.pile("F2").flags
    assert view.pile("F1").label.startswith("Foundation 1, first foundation, base rank 5, "
                                            "complete, top:")
    assert not view.chrome.restricted


def test_a_selection_marks_its_pile_its_targets_and_describes_them():
    app = app_at(foundations=[F1_RESTRICTED], tableau={"T1": ["AH"], "T2": ["2C"]})
    app.hand.click("T1")
    view = table_view(app)
    assert "selected" in view.pile("T1").flags
    targets = {p.name for p in view.piles if "target" in p.flags}
    assert targets == set(app.game.targets("T1")) and "F1" in targets
    assert view.pile("T1").label.endswith(", selected")
    assert view.pile("F1").label.endswith(", legal target")
    assert view.chrome.selecting
    assert view.chrome.selection_help.startswith("Selected: ace of hearts from tableau 1. "
                                                 "It can go to foundation 1")


def test_chrome_counts_moves_and_offers_undo():
    app, _, _ = booted(hash_text="#game=7")
    before = table_view(app).chrome
    assert (before.moves, before.can_undo, before.can_redo, before.number) == (0, False, False, 7)
    app.deal()
    app.undo()
    after = table_view(app).chrome
    assert (after.moves, after.can_undo, after.can_redo) == (0, False, True)
    assert after.message.startswith("Undone:") and after.said > before.said
    assert after.status == "playing" and after.status_text == "Playing"


def test_the_leave_question_names_the_game_and_its_button():
    app, _, _ = booted(hash_text="#game=7")
    app.deal()
    app.switch_to(9)
    dialog = table_view(app).chrome.dialog
    assert app.leaving == Leave(Leaving.SWITCH, 9)
    assert dialog.kind is Dialog.CONFIRM and dialog.title == "Open game 9?"
    assert dialog.confirm_label == "Open game 9"
    assert dialog.text.startswith("Game 7 is in progress (1 move).")


def test_flights_are_the_cards_that_moved_between_two_views():
    app, _, _ = booted(hash_text="#game=1")  # deal 1 opens with T2-F1
    first = table_view(app)
    app.hand.click("T2")
    selected = table_view(app)
    assert flights(first, selected) == ()  # a selection moves nothing
    app.hand.click("F1")
    moved = table_view(app)
    assert flights(selected, moved) == (("T2", "F1"),)
    app.deal()
    dealt = table_view(app)
    assert flights(moved, dealt) == (("S", "W"),)
    app.undo()
    assert flights(dealt, table_view(app)) == (("W", "S"),)


def test_no_flights_across_another_game_and_few_for_a_long_chain():
    app, _, _ = booted(hash_text="#game=1")
    before = table_view(app)
    app.restart(confirmed=True)
    assert flights(before, table_view(app)) == ()  # the table was replaced, nothing flew
    assert flights(None, before) == ()
    app.deal()
    start = table_view(app)
    for _ in range(MAX_FLIGHTS + 2):  # several deals between two frames: one card flies
        app.deal()
    assert flights(start, table_view(app)) == (("S", "W"),)


def test_base_rank_cards_in_the_tableau_are_marked_and_named():
    app = app_at(foundations=[F1_RESTRICTED], tableau={"T1": ["5H"], "T2": ["9C", "8D"]})
    view = table_view(app)
    assert view.pile("T1").bases == (True,) and view.pile("T2").bases == (False, False)
    assert view.pile("T1").label == ("Tableau 1: five of hearts, base rank: it goes only to a "
                                     "foundation, 1 card")
    assert view.pile("F1").bases == ()  # only the tableau marks them
    app.hand.click("T1")
    assert "is a base-rank card: nothing can be built on it" in app.message.text


def test_the_view_knows_each_rows_longest_pile_and_when_foundation_1_just_opened():
    app = app_at(foundations=[F1_RESTRICTED + ["AS", "2S", "3S"]],
                 tableau={"T2": ["9C", "8D", "7H"], "T6": ["4D"], "T9": ["QH", "JS"]})
    view = table_view(app)
    assert view.chrome.fan_rows == (3, 1, 2) and not view.chrome.opened
    app.game = Game.from_position(build(foundations=[F1_RESTRICTED + ["AS", "2S", "3S"]],
                                        tableau={"T1": ["4H"]}))
    app.hand.click("T1")
    app.hand.click("F1")
    chrome = table_view(app).chrome
    assert chrome.opened and not chrome.restricted
    assert "Foundation 1 complete \u2014 foundations 2\u20138 are open" in chrome.message
