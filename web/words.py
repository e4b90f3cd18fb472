"""Every sentence the page says: card and pile names, spoken names, messages, dialog texts.

Pure Python, no browser import. The rules' own reasons (why a move is refused) come from the
engine; this module only names things and tells the player what happened.
"""

from __future__ import annotations

import time

from plot import FOUNDATION_SIZE, FOUNDATIONS, LOST, PLAYING, STOCK, TABLEAU, WON, card_name
from plot.cards import CARD_COUNT, RANK_NAMES, RANKS, parse_card
from plot.move import pile_index, pile_label
from plot.prng import MAX_SEED
from plot.refusals import UNLOCKED_WHEN

from .state import Verdict

RANK_TEXT = {"A": "A", "T": "10", "J": "J", "Q": "Q", "K": "K"}
SUIT_TEXT = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}
STATUS_TEXT = {PLAYING: "Playing", WON: "Won", LOST: "Lost"}
SHOWN_STATUS = "Shown"  # a win Show me a win played: the solver's, not the player's


# ---- names ---------------------------------------------------------------------------------

def rank_text(rank: str) -> str:
    """'T' -> '10', '7' -> '7': a rank as printed on a card."""
    return RANK_TEXT.get(rank, rank)


def card_text(code: str) -> str:
    """'7H' -> '7♥', 'TD' -> '10♦'."""
    return rank_text(code[0]) + SUIT_TEXT[code[1]]


def card_words(code: str) -> str:
    """'7H' -> 'seven of hearts' (the engine's words, for screen readers)."""
    return card_name(parse_card(code))


def pile_text(name: str) -> str:
    """'T3' -> 'tableau 3', 'F1' -> 'foundation 1', 'W' -> 'the waste' (the engine's words)."""
    return pile_label(pile_index(name))


def pile_title(name: str) -> str:
    """'T3' -> 'Tableau 3', 'R' -> 'Reserve'."""
    return sentence(pile_text(name).removeprefix("the "))


def sentence(text: str) -> str:
    """The text with a capital first letter."""
    text = str(text).strip()
    return text[:1].upper() + text[1:] if text else text


def counted(n: int, thing: str) -> str:
    """counted(1, 'card') -> '1 card', counted(3, 'move') -> '3 moves'."""
    return f"{n} {thing}{'' if n == 1 else 's'}"


def game_facts(row) -> str:
    """A game of the history in one line: '2026-12-01 14:05 · 1 move · 0:09 · 3/104 home ...'
    (`row`: web/view.py HistoryRow)."""
    return (f"{row.when} \u00b7 {counted(row.moves, 'move')} \u00b7 {row.time_text} \u00b7 "
            f"{row.home}/{CARD_COUNT} home \u00b7 {counted(row.hints, 'hint')} \u00b7 "
            f"{counted(row.undos, 'undo')}")


def when(seconds: int) -> str:
    """'2026-12-01 14:05' for a time in seconds since 1970 (UTC)."""
    return time.strftime("%Y-%m-%d %H:%M", time.gmtime(seconds))


def clock_text(ms: float) -> str:
    """65_000 -> '1:05', 3_725_000 -> '1:02:05'."""
    seconds = int(ms // 1000)
    hours, rest = divmod(seconds, 3600)
    minutes, seconds = divmod(rest, 60)
    return f"{hours}:{minutes:02}:{seconds:02}" if hours else f"{minutes}:{seconds:02}"


def accessible_name(name: str, shown: tuple, count: int, flags: frozenset, base: str) -> str:
    """What a screen reader says for a pile: 'Tableau 3: seven of hearts, 2 cards',
    'Foundation 1, first foundation, base rank 9, 4 cards, top: queen of clubs', 'Stock, 61 cards'.
    `shown` holds the face-up card codes drawn on the pile (bottom to top), `flags` the view's
    state flags (empty, locked, complete, selected, target, hint-from, hint-to)."""
    title = pile_title(name)
    cards = counted(count, "card")
    if name in FOUNDATIONS:
        parts = [title]
        if name == FOUNDATIONS[0]:
            parts += ["first foundation", f"base rank {RANK_NAMES[RANKS.index(base)]}"]
        if "locked" in flags:
            parts.append(f"locked {UNLOCKED_WHEN}")
        elif not count:
            parts.append("empty")
        else:
            parts.append("complete" if "complete" in flags else cards)
            parts.append(f"top: {card_words(shown[-1])}")
        text = ", ".join(parts)
    elif name == STOCK:
        text = f"{title}, {cards}" if count else f"{title}, empty"
    elif not count:
        text = f"{title}, empty"
    elif name in TABLEAU and shown[-1][0] == base:
        text = f"{title}: {card_words(shown[-1])}, {BASE_CARD}, {cards}"
    else:
        text = f"{title}: {card_words(shown[-1])}, {cards}"
    if "selected" in flags:
        text += ", selected"
    elif "target" in flags:
        text += ", legal target"
    if "hint-from" in flags:
        text += ", the hinted card"
    elif "hint-to" in flags:
        text += ", where the hint moves it"
    return text


def selection_help(card: str, src: str, targets: tuple[str, ...]) -> str:
    """The description a selected pile and its targets carry for screen readers."""
    where = ", ".join(pile_text(t) for t in targets) or "nowhere right now"
    return (f"Selected: {card_words(card)} from {pile_text(src)}. It can go to {where}. "
            "Press Enter on a legal target to play it, Escape to put it down.")


def foundation_count_text(count: int) -> str:
    """The small count under a foundation: '4/13', nothing when empty."""
    return f"{count}/{FOUNDATION_SIZE}" if count else ""


# ---- what happened -------------------------------------------------------------------------

def see_where(touch: bool = False) -> str:
    """How a player finds a card's moves, on a touch screen or with a mouse."""
    return f"{'Tap' if touch else 'Click'} a card to see where it can go"


def welcome(touch: bool) -> str:
    """The first words to a new player; `touch`: they play with a finger, not a mouse."""
    return f"New game. {see_where(touch)}; {'tap' if touch else 'click'} the stock to deal."
PICK_A_SOURCE = "Pick a card from the reserve, the waste or the tableau."
FOUNDATION_STAYS = f"Cards on a foundation stay there. {PICK_A_SOURCE}"
SPACE_IS_EMPTY = "That space is empty. Pick a card to move first."


def foundation_picked(name: str, empty: bool, locked: bool) -> str:
    """A click on a foundation with no card picked up: what it is, and what to pick instead."""
    if not empty:
        return FOUNDATION_STAYS
    if not locked:
        return f"{pile_is_empty(name)} {PICK_A_SOURCE}"
    return f"{sentence(pile_text(name))} is locked {UNLOCKED_WHEN}. {PICK_A_SOURCE}"
NOTHING_TO_UNDO, NOTHING_TO_REDO = "Nothing to undo.", "Nothing to redo."
CARRY_ON = "Carry on."
SEND_HOME_HOW = "Move to a pile first (Tab, then the arrow keys), then press F."


def lost_now(home: int) -> str:
    return (f"No card can reach a foundation any more: this game is lost, with {home} of "
            f"{CARD_COUNT} cards home. Undo, restart or start a new game.")


def resumed(number: int) -> str:
    return f"Welcome back: game {number} resumed where you left it."


def put_down(touch: bool = False) -> str:
    """A picked-up card put back (Esc, a click on the felt, a drag let go off the piles)."""
    return f"Put back. {see_where(touch)}."


def opened(number: int, touch: bool = False) -> str:
    return f"Game {number}. {see_where(touch)}."


def opened_foundations() -> str:
    """Foundation 1 is complete: the turning point of the game."""
    return (f" Foundation 1 complete \u2014 foundations 2\u2013{len(FOUNDATIONS)} are open, and a "
            "space takes any card from the waste.")


def link_while_playing(wanted: int, number: int) -> str:
    return f"This link opens game {wanted}, but your game {number} is in progress."


def not_a_link(shown: str) -> str:
    return (f"\u201c{shown}\u201d is not a game link; links look like #game=123, with a deal "
            f"number from 0 to {MAX_SEED}.")


def pile_is_empty(name: str) -> str:
    return f"{sentence(pile_text(name))} is empty."


def no_card_to_send(name: str) -> str:
    return f"{sentence(pile_text(name))} has no card to send to a foundation."


BASE_CARD = "base rank: it goes only to a foundation"  # spoken after a base-rank card's name


def selected(card: str, can_move: bool, base: bool = False) -> str:
    """What picking up `card` says; `base`: a base-rank card in the tableau."""
    if base:
        where = "choose a highlighted foundation" if can_move else "no foundation takes it now"
        return (f"{card_text(card)} is a base-rank card: nothing can be built on it, and it "
                f"goes only to a foundation ({where}).")
    if can_move:
        return f"{card_text(card)} selected: choose a highlighted pile."
    return f"{card_text(card)} has no legal move right now."


def no_foundation_takes(card: str) -> str:
    return f"No foundation takes the {card_text(card)} now."


def dealt(card: str, left: int) -> str:
    return f"Dealt {card_text(card)}; {left} left in the stock."


def moved(card: str, dst: str) -> str:
    return f"{card_text(card)} to {pile_text(dst)}."


ONLY_THE_STOCK = " No moves left but the stock: deal the next card."
PAUSED = "Paused: the clock is stopped and the table hidden. Press P or Resume to play on."
RESUMED = "Resumed."


def auto_played(cards: list[str]) -> str:
    return f" Auto-played to the foundations: {', '.join(map(card_text, cards))}." if cards else ""


def undone(card: str, src: str) -> str:
    return f"Undone: {card_text(card)} back to {pile_text(src)}."


def redone(card: str, dst: str) -> str:
    return f"Redone: {card_text(card)} to {pile_text(dst)}."


def won(number: int, moves: int, clock: str) -> str:
    return f"You won game {number} in {moves} moves and {clock}!"


def restarted(number: int, redoable: int) -> str:
    if not redoable:
        return f"Game {number} restarted from the deal."
    return (f"Game {number} restarted from the deal: Redo plays your {counted(redoable, 'move')} "
            "again.")


def undo_leave_offer(number: int) -> str:
    return f" Undo (Z) brings game {number} back."


def left_toast(number: int, kind: str) -> str:
    """The toast after New game or Restart left a game in progress."""
    return f"Game {number} restarted." if kind == "restart" else f"Game {number} left."


UNDO_LEAVE_GONE = "The last game can no longer be brought back."


def came_back(number: int, moves: int) -> str:
    return (f"Game {number} is back, with its {counted(moves, 'move')}; it is not counted as "
            "abandoned.")


def switched(number: int) -> str:
    return f"Game {number}."


def new_game(number: int, winnable_only: bool, list_loaded: bool, tier: str | None = None,
             tier_loaded: bool = True) -> str:
    if tier is not None:
        if tier_loaded:
            return f"New game: deal {number}, {article(tier)} {tier} deal."
        return (f"New game: deal {number}. The difficulty of the deals is not loaded, so this "
                "deal was picked at random.")
    if not winnable_only:
        return f"New game: deal {number}."
    if list_loaded:
        return f"New game: deal {number}, proved winnable by the solver."
    return (f"New game: deal {number}. The list of winnable deals is not loaded, so this deal was "
            "picked at random.")


def link_copied(number: int, url: str) -> str:
    return f"Link to game {number} copied: {url}"


def share_link(url: str) -> str:
    return f"Share this link: {url}"


def something_went_wrong(error: Exception) -> str:
    return (f"Sorry, something went wrong ({type(error).__name__}). Your game is saved; reload the "
            "page if the table looks wrong.")


# ---- saves and statistics ------------------------------------------------------------------

NOT_SAVING = "Not saving: the saved game from a newer version of The Plot is kept untouched."
OFFER_BUTTONS = {  # the two answers to each question about the save (web.saveslot.Offer values)
    "newer-version": ("Play without saving", "Discard that save"),
    "other-tab": ("Load the other tab's game", "Keep this tab's game"),
}
OTHER_TAB_UNREADABLE = "The other tab's game could not be read; this one carries on."
PLAYING_WITHOUT_SAVING = "Playing without saving."
NEWER_DISCARDED = "The newer version's save was discarded; this game is saved."


NEWER_STATS = ("Your statistics were saved by a newer version of The Plot: they are kept "
               "untouched, and games in this tab are not counted. Reload the page to get the "
               "newer version.")


NEWER_HISTORY = ("Your game history was saved by a newer version of The Plot: it is kept "
                 "untouched, and games in this tab are not added to it. Reload the page to get "
                 "the newer version.")


def unreadable_history(reason: str, kept: bool) -> str:
    if kept:
        return (f"Your game history could not be read ({reason}). It was kept aside, and a new "
                "history starts here.")
    return (f"Your game history could not be read ({reason}) nor kept aside, so it is left as "
            "it is and new games are not added to it.")


def unreadable_stats(reason: str, kept: bool) -> str:
    if kept:
        return (f"Your statistics could not be read ({reason}). They were kept aside, and "
                "counting starts again from here.")
    return (f"Your statistics could not be read ({reason}) nor kept aside, so they are left as "
            "they are and new results are not saved.")


def newer_save(version: int) -> str:
    return (f"Your saved game was made by a newer version of The Plot (save version {version}) "
            "and is kept untouched. Reload the page to get the newer version, or play here "
            "without saving over it, or discard it.")


def unreadable_save(reason: str, kept: bool) -> str:
    where = "It was kept aside" if kept else "It could not be kept aside"
    return f"Your saved game could not be read ({reason}). {where}, and a new game has started."


def other_tab(ours: int, our_moves: tuple[str, ...], theirs: int,
              their_moves: tuple[str, ...]) -> tuple[str, tuple[str, str]]:
    """The question when another tab saved another game, and its two answers (load the other
    tab's game, keep this tab's): which tab is ahead, and what each answer loses."""
    mine, other = len(our_moves), len(their_moves)
    load, keep = "Load the other tab's game", "Keep this tab's game"
    if ours == theirs and their_moves[:mine] == our_moves:  # theirs carries on from ours
        later = counted(other - mine, "later move")
        return (f"Game {ours} was played on in another tab ({counted(other, 'move')}; this tab "
                f"has {counted(mine, 'move')}). This tab is behind and is not saving.",
                (load, f"{keep} (drops the other tab's {later})"))
    if ours == theirs and our_moves[:other] == their_moves:  # ours carries on from theirs
        later = counted(mine - other, "later move")
        return (f"Another tab saved an earlier point of game {ours} ({counted(other, 'move')}); "
                f"this tab has {counted(mine, 'move')}, and is not saving until you choose.",
                (f"{load} (drops this tab's {later})", keep))
    if ours == theirs:
        return (f"Another tab saved game {ours} played another way ({counted(other, 'move')}); "
                f"this tab has {counted(mine, 'move')}. Only one can be kept: this tab is not "
                "saving until you choose.", (load, keep))
    return (f"Another tab saved game {theirs} ({counted(other, 'move')}); this tab plays game "
            f"{ours} ({counted(mine, 'move')}). Only one can be kept: this tab is not saving "
            "until you choose.", (load, keep))


def loaded_other(number: int) -> str:
    return f"Loaded game {number} as the other tab left it."


def kept_ours(number: int) -> str:
    return f"Keeping this tab's game {number}; it is saved again."


# ---- the player's data in a file --------------------------------------------------------------

IMPORT_CANCELLED = "Import cancelled: nothing changed."


def exported(name: str) -> str:
    return f"Your data was saved as {name}: import it on another device to carry on there."


def import_refused(reason: str) -> str:
    return f"That file cannot be imported: {reason.rstrip('.')}. Nothing changed."


def import_preview(holds: str) -> str:
    return f"{holds} Merge it with your data (a game already here is not counted twice), or "\
        "replace your data with it?"


def imported(how: str, games: int, played: int) -> str:
    done = "Merged" if how == "merge" else "Replaced"
    return f"{done}: your history now holds {counted(games, 'game')}, your statistics " \
        f"{counted(played, 'game')}."


# ---- settings ------------------------------------------------------------------------------

LOOK_SETTINGS = {"four_colour": "Four-colour suits", "contrast": "High contrast",
                 "large": "Larger cards"}
AUTOPLAY_ON = ("Safe auto-play on: cards that can never be needed again go home by themselves.")
AUTOPLAY_OFF = "Safe auto-play off: every card stays where you leave it."
CHECK_ON = "The solver will check after every move whether this game can still be won."
CHECK_OFF = "Winnable check off."
WINNABLE_ONLY_ON = "New game will deal only deals the solver has proved winnable."
WINNABLE_ONLY_OFF = "New game will deal any deal, winnable or not."


def setting_changed(name: str, value) -> str:
    """What the status line says when a setting changes (auto-play says more: see App)."""
    if name == "back":
        return f"Card back: {value}."
    if name in LOOK_SETTINGS:
        return f"{LOOK_SETTINGS[name]} {'on' if value else 'off'}."
    if name == "autoplay":
        return AUTOPLAY_ON if value else AUTOPLAY_OFF
    if name == "check_winnable":
        return CHECK_ON if value else CHECK_OFF
    if name == "tier":
        return TIER_SETTING[value]
    if name == "last_move":
        return f"The last move is {'marked' if value else 'no longer marked'}."
    if name == "speed":
        return "Cards move without animation." if value == "off" else f"Card speed: {value}."
    return WINNABLE_ONLY_ON if value else WINNABLE_ONLY_OFF


def winnable_count(count: int) -> str:
    return f" ({count:,} deals in the list shipped with the game)" if count else ""


# ---- the dialogs -----------------------------------------------------------------------------

WON_TITLE, LOST_TITLE = "You won!", "This game is lost"
SHOWN_WON_TITLE = "A win, shown"
SHOWN_WON = (f"All {CARD_COUNT} cards are home. The solver played this win from where you "
             "handed the game over, so your statistics do not count it as a win.")
LEAVE_QUESTIONS = {  # what the confirmation asks before leaving a game in progress, and its button
    "new": ("Start a new game?", "New game"),
    "restart": ("Restart this deal?", "Restart"),
    "daily": ("Open the deal of the day?", "Open the deal of the day"),
}


def lost_text(home: int) -> str:
    return (f"The stock is empty and no card can reach a foundation any more: cards can still "
            f"move on the tableau, but no move brings one home. {home} of {CARD_COUNT} cards got "
            "home. Undo to try another way, restart this deal, or start a new game.")


def won_text(number: int, moves: int, clock: str) -> str:
    return f"Game {number}: all {CARD_COUNT} cards are home in {moves} moves and {clock}."


def leave_question(kind: str, number: int | None) -> tuple[str, str]:
    """(title, button) of the question asked before leaving a game for `kind`."""
    if kind == "switch":
        return f"Open game {number}?", f"Open game {number}"
    return LEAVE_QUESTIONS[kind]


def leave_text(number: int, moves: int) -> str:
    return (f"Game {number} is in progress ({counted(moves, 'move')}). Leaving it counts as a loss "
            "in your statistics.")


# ---- the solver's help ---------------------------------------------------------------------

VERDICT_TEXT = {Verdict.WINNABLE: "Winnable", Verdict.LOST: "No longer winnable",
                Verdict.UNKNOWN: "Unknown", Verdict.THINKING: "Checking\u2026"}
LOST_FROM_THE_DEAL = "Not winnable"  # the verdict "lost" before any move: the deal itself
THINKING = "Thinking\u2026 looking for a winning line from here."
NOTHING_TO_HINT = "This game is won: there is nothing left to hint at."
HINT_DEAL = "Hint: deal a card from the stock."
DEAL_CANNOT_BE_WON = ("This deal cannot be won, whatever you play: the solver has proved it. Start "
                      "a new game.")
POSITION_LOST = ("This position can no longer be won, whatever you play. Undo to find another "
                 "way, or start a new game.")
FINISH_NEEDS = "Finish needs an empty stock and a proved win from here: ask for a hint first."
FINISHING = "Finishing\u2026 click or tap anywhere, or press any key, to stop."
FINISH_STOPPED = "Stopped. Carry on by hand, or press Finish again."


def hint(card: str, src: str, dst: str) -> str:
    return f"Hint: move the {card_text(card)} from {pile_text(src)} to {pile_text(dst)}."


def no_line_found(seconds: int) -> str:
    return (f"No winning line found within {seconds} seconds: this position may still be "
            "winnable. Ask again to search longer.")


# ---- difficulty and the deal of the day ---------------------------------------------------------

UNRATED = "Unrated"  # a deal outside the rated list (plot.difficulty rates deals 1-10,000)
TIER_SETTING = {
    "any": "New game deals any deal (of every difficulty).",
    "easy": "New game deals Easy deals.", "medium": "New game deals Medium deals.",
    "hard": "New game deals Hard deals.", "expert": "New game deals Expert deals, each proved "
    "winnable.",
}
SHARE_RESULT = {"won": "Won", "lost": "Lost", "abandoned": "Not finished", "playing": "Playing"}
DAILY_NOT_LOADED = ("The deals of the day could not be loaded; reload the page to try "
                    "again.")
DAILY_PLAY = {"play": "Play today's deal", "on-table": "Back to today's deal",
              "again": "Play today's deal again"}
DAY_RESULT_WORDS = {"won": "won", "lost": "lost", "abandoned": "left unfinished",
                    "playing": "in progress"}


def article(word: str) -> str:
    return "an" if word[:1].lower() in "aeiou" else "a"


def long_date(day) -> str:
    """date(2026, 12, 1) -> '1 December 2026'."""
    return f"{day.day} {MONTH_NAMES[day.month - 1]} {day.year}"


MONTH_NAMES = ("January", "February", "March", "April", "May", "June", "July", "August",
               "September", "October", "November", "December")


def hints_used(hints: int) -> str:
    return "no hints" if not hints else counted(hints, "hint")


def daily_opened(day, number: int, tier: str | None, touch: bool = False) -> str:
    rated = f" ({tier})" if tier else ""
    return (f"The deal of the day, {long_date(day)}: game {number}{rated}. "
            f"{see_where(touch)}.")


def daily_on_table(day) -> str:
    return f"The deal of the day for {long_date(day)} is on the table."


def daily_while_playing(day, number: int) -> str:
    return (f"This link opens the deal of the day for {long_date(day)}, but your game {number} "
            "is in progress.")


def no_daily(reason: str) -> str:
    return f"There is no deal of the day to open: {reason}."


def calendar_day(day, result, playable: bool) -> str:
    """What a screen reader says for a day of the calendar."""
    if not playable:
        return f"{long_date(day)}: no deal of the day"
    if result is None:
        return f"{long_date(day)}: not played"
    return f"{long_date(day)}: {DAY_RESULT_WORDS[result.result]}"


def daily_summary(day, number: int | None, tier: str | None, result) -> str:
    """The deal of the day panel's first line: today's deal and how it went."""
    if number is None:
        return DAILY_NOT_LOADED
    rated = f", {tier}" if tier else ""
    head = f"Today, {long_date(day)} (UTC): game {number}{rated}."
    if result is None:
        return f"{head} Not played yet."
    if result.result == "playing":
        return f"{head} In progress: {counted(result.moves, 'move')} so far."
    return (f"{head} {SHARE_RESULT[result.result]}: {counted(result.moves, 'move')} in "
            f"{clock_text(result.time_s * 1000)}, {hints_used(result.hints)}.")


def daily_streak(current: int, best: int) -> str:
    return (f"Daily streak: {counted(current, 'day')} (best {best}). A day counts when its deal "
            "is won on that day (UTC).")


SHARE_TITLE = "The Plot: deal of the day"
NOTHING_TO_SHARE = "There is no result to share for that day yet: finish its deal first."
NOT_SHARED = "Not shared."


def shared(how: str) -> str:
    return {"shared": "Shared.", "copied": "Your result is copied: paste it anywhere."}[how]


def share_here(text: str) -> str:
    return f"Copy your result: {text}"


# ---- the game's story: the move list, replay, show me a win, where did it slip -------------

def move_text(card: str | None, move) -> str:
    """'7♥ from tableau 3 to foundation 1'; a deal: 'dealt 7♥ to the waste'."""
    if move.src == "S":
        return f"dealt {card_text(card)} to the waste" if card else "dealt a card"
    return f"{card_text(card)} from {pile_text(move.src)} to {pile_text(move.dst)}"


def at_move(number: int, total: int) -> str:
    if number == 0:
        return f"At the deal: {counted(total, 'move')} to redo."
    return f"After move {number} of {total}."


REPLAY_STARTED = ("Replay from the deal. Pause, step or take over at any moment: play a move. "
                  "Done takes you back to where you were.")
REPLAY_PAUSED = "Replay paused. Play to step on, or make a move to take over from here."
REPLAY_ENDED = "Replay at the end of the game. Carry on from here."
REPLAY_TAKEN_OVER = "You have taken over: this is your game now."


def replay_done(number: int) -> str:
    """Done on the replay bar: the table is back where the player was."""
    where = "at the deal" if number == 0 else f"at move {number}"
    return f"Replay closed: back {where}, where you were."
NOTHING_TO_REPLAY = "No moves to replay yet."
DEMO_PLAYING = "Showing a win\u2026 click or tap anywhere, or press any key, to stop."
DEMO_STOPPED = "Stopped. Carry on by hand, or open Moves and press Show me a win again."
DEMO_FROM_LOST = ("This position cannot be won. Show me a win again plays one from the last "
                  "position that could still be won.")
DEMO_NONE = "No win was found from any position of this game."
WORKING_OUT = "Working out each position of the game\u2026"
ANALYSING = f"Where did it slip? {WORKING_OUT}"
NOTHING_TO_ANALYSE = "No moves to look at yet."
POSTMORTEM_STOPPED = ("Where did it slip? stopped: what it proved stays, and asking again "
                      "goes on from there.")
LONGER_NEEDS = "Where did it slip? has no undecided positions to search again."
REWIND_NEEDS = "Where did it slip? has not found a slip to rewind to."
RECORD_NEEDS_DEAL = ("This record starts from a position of its own; the page plays numbered "
                     "deals only (python -m plot replay reads it).")


def slip_found(number: int, move_words: str, unknown: int) -> str:
    left = f" ({counted(unknown, 'position')} undecided)" if unknown else ""
    return (f"The game slipped at move {number}, {move_words}: before it the game could be won, "
            f"after it not.{left} Rewind to before the slip to try another way.")


def no_slip(won: bool, lost_from_start: bool, unknown: int, last_won: int | None = None) -> str:
    if lost_from_start:
        return "No slip: this deal could not be won from the start."
    if won:
        return "No slip: every position of this game could still be won."
    after = (f" Move {last_won} is the last one proved winnable." if last_won
             else " The deal itself is proved winnable." if last_won == 0 else "")
    return (f"No slip found: {counted(unknown, 'position')} stayed undecided within the search "
            f"budget, so the slip may be among them.{after} Search longer to look again, "
            "deeper.")


def line_from(number: int | None, pinned: bool) -> str:
    """The label of the post-mortem's winning line: from before the slip, or (not pinned) from
    the position after move `number`."""
    if pinned:
        return "A winning line from before the slip"
    return f"A winning line from move {number}" if number else "A winning line from the deal"


def rewind_label(pinned: bool) -> str:
    return "Rewind to before the slip" if pinned else "Rewind to the last winnable position"


def searching_longer(factor: int) -> str:
    return (f"Where did it slip? Searching the undecided positions again, {factor} times "
            "deeper\u2026")


def searching_progress(depth: int, undecided: int) -> str:
    return (f"Searching {depth} times deeper than the first time: "
            f"{counted(undecided, 'position')} still undecided where the slip may be\u2026")


def stopped_early(unknown: int) -> str:
    return (f"Stopped before the end, with {counted(unknown, 'position')} undecided so far. "
            "Go on to finish the search.")


def rewound(number: int, pinned: bool = True) -> str:
    if not pinned:
        return (f"Back to move {number}, the last position proved winnable; the slip is "
                "somewhere after it.")
    return f"Back to move {number}, the last position that could still be won."


def record_refused(error) -> str:
    return (f"That is not a game record this page can play: {str(error).rstrip('.')}. Your "
            "game is untouched.")


def record_opened(number: int, moves: int) -> str:
    return (f"Game {number} opened from a record, after its {counted(moves, 'move')}. A game "
            "from a record is not counted in your statistics.")


def record_saved(name: str) -> str:
    return f"The record was saved as {name}."


def record_copied(name: str) -> str:
    return f"The record was saved as {name} and copied to the clipboard."
