"""What the page should show, as frozen values built from the App: the view model.

`table_view(app)` reads the App and its game and returns a `TableView`: every pile (`PileView`:
the face-up cards drawn, the count, state flags, the spoken name) and everything around the
table (`ChromeView`). The renderer only compares two views and touches what differs, so all
deciding happens here, in CPython-testable code with no browser import. `flights(before, after)`
finds the cards that moved between two views, which the renderer animates.
"""

from __future__ import annotations

from dataclasses import dataclass

from plot import FOUNDATIONS, PILES, STOCK, TABLEAU, WASTE, WON

from . import words
from .charts import Chart, charts
from .daily import CalendarDay, calendar, streaks
from .deals import tier_slug
from .export import describe
from .history import TIERS, WON_RESULT
from .state import Dialog, Panel, Verdict
from .stats import Stats
from .story import StoryView

MAX_FLIGHTS = 3  # a long auto-play chain animates its last few cards only


@dataclass(frozen=True)
class PileView:
    name: str
    cards: tuple[str, ...]   # face-up card codes drawn, bottom to top (a tableau shows them all)
    count: int               # cards in the pile
    flags: frozenset[str]    # empty, locked, complete, selected, target, hint-from, hint-to,
                             # last-from, last-to (the last move), only-move (the stock)
    label: str               # what a screen reader says for it
    count_text: str          # the small count drawn on it ("" for none)
    bases: tuple[bool, ...] = ()  # which drawn cards are base-rank cards in the tableau

    @property
    def top(self) -> str | None:
        return self.cards[-1] if self.cards else None


@dataclass(frozen=True)
class DialogView:
    kind: Dialog
    title: str
    text: str
    confirm_label: str = ""  # the button that leaves the game (confirm only)


@dataclass(frozen=True)
class OfferView:
    text: str
    yes: str
    no: str


@dataclass(frozen=True)
class HistoryRow:
    attempt: str
    deal: int
    result: str              # won | lost | abandoned
    when: str                # '2026-12-01 14:05' (UTC)
    moves: int
    time_text: str
    hints: int
    undos: int
    home: int
    perfect: bool
    tier_text: str = ""      # 'Easy', or "" for a deal that is not rated
    daily: str | None = None  # the date whose deal of the day it was


@dataclass(frozen=True)
class TierRow:
    """The statistics of one tier, over the games of the history."""

    tier: str                        # a history tier ('easy'), or 'unrated'
    label: str                       # 'Easy'
    played: int
    won: int
    rate: str


@dataclass(frozen=True)
class HistoryView:
    rows: tuple[HistoryRow, ...]     # newest first, as many as are shown
    total: int                       # games of the filter
    more: bool                       # some are not shown yet
    filter: str
    charts: tuple[Chart, ...]
    importing: str | None            # what a chosen file holds, while the player decides
    tiers: tuple[TierRow, ...] = ()  # statistics per tier (tiers with games only)
    note: tuple[str, str] | None = None  # what the last export or import came to, and its tone


@dataclass(frozen=True)
class DailyView:
    """The deal of the day panel."""

    today: str                       # '2026-12-01' (UTC)
    summary: str                     # today's deal and how it went, in words
    play_label: str                  # the button that opens today's deal
    streak: str
    days: tuple[CalendarDay, ...]    # the calendar, Monday first
    share: str | None                # the date whose result the Share button shares


@dataclass(frozen=True)
class ChromeView:
    status: str                       # plot's PLAYING, WON or LOST
    status_text: str
    time_text: str
    message: str
    tone: str
    said: int                         # bumps with every message, so a repeat is announced
    notice: str
    moves: int
    can_undo: bool
    can_redo: bool
    number: int
    hash_epoch: int                   # bumps when the address bar must show `number` again
    base_text: str                    # the base rank as printed: '10', 'Q'
    restricted: bool                  # foundation 1 is short: F2-F8 locked
    opened: bool                      # the last move completed foundation 1: celebrate
    selecting: bool
    selection_help: str
    dialog: DialogView | None
    panel: Panel | None
    stats_rows: tuple[tuple[str, str], ...]
    stats_reset: bool                 # a reset can be undone
    offer: OfferView | None
    thinking: bool
    verdict: str | None               # the still-winnable indicator's state, None if hidden
    verdict_text: str
    finish_shown: bool
    finishing: bool
    winnable_tag: bool                # "winnable deal" beside the number
    winnable_count_text: str
    settings: tuple[tuple[str, object], ...]
    fan_rows: tuple[int, ...]          # the room each tableau row keeps (web/room.py)
    history: HistoryView | None       # only while the statistics panel is open
    link: str = ""                    # the address of the game: '#game=N' or '#daily=DATE'
    tier: str | None = None           # the deal's tier as data-tier says it ('easy', 'unrated')
    tier_text: str = ""               # 'Easy', 'Unrated'; "" while the tiers are not loaded
    daily: str | None = None          # the date, when this is a deal of the day
    share: str | None = None          # the result dialog offers to share this date's result
    daily_panel: DailyView | None = None  # only while the deal of the day panel is open
    paused: bool = False              # the table is hidden and the clock stopped
    toast: str = ""                   # a game just left, which Undo can bring back
    story: StoryView | None = None    # the moves panel, or the replay bar, while shown


@dataclass(frozen=True)
class TableView:
    epoch: int                        # bumps when another game replaces the table
    piles: tuple[PileView, ...]       # in PILES order
    chrome: ChromeView

    def pile(self, name: str) -> PileView:
        return self.piles[PILES.index(name)]


def pile_view(app, name: str) -> PileView:
    """One pile as the player should see it."""
    game = app.game
    cards = game.pile(name)
    shown = tuple(cards) if name in TABLEAU else () if name == STOCK else tuple(cards[-1:])
    flags = set()
    if not cards:
        flags.add("empty")
    if game.locked(name):
        flags.add("locked")
    if game.complete(name):
        flags.add("complete")
    if name == app.hand.pile:
        flags.add("selected")
    if name in app.hand.targets:
        flags.add("target")
    hint = app.advisor.hint
    if hint is not None and name in hint:
        if name != hint[0]:
            flags.add("hint-to")
        elif name != app.hand.pile:  # picked up, the hinted card shows as selected
            flags.add("hint-from")
    if app.settings.last_move and game.history:
        last = game.history[-1]
        if name in (last.src, last.dst):
            flags.add("last-from" if name == last.src else "last-to")
    if name == STOCK and app.only_the_stock:
        flags.add("only-move")
    flags = frozenset(flags)
    label = words.accessible_name(name, shown, len(cards), flags, game.base_rank)
    shown_count = words.foundation_count_text if name in FOUNDATIONS else str
    bases = tuple(code[0] == game.base_rank for code in shown) if name in TABLEAU else ()
    return PileView(name, shown, len(cards), flags, label, shown_count(len(cards)), bases)


def table_view(app) -> TableView:
    """Everything the page should show now."""
    return TableView(app.epoch, tuple(pile_view(app, name) for name in PILES), chrome_view(app))


def chrome_view(app) -> ChromeView:
    game, advisor, message = app.game, app.advisor, app.message
    verdict = advisor.verdict if app.settings.check_winnable else None
    if verdict is None:
        verdict_text = ""
    elif verdict is Verdict.LOST and not game.history:
        verdict_text = words.LOST_FROM_THE_DEAL
    else:
        verdict_text = words.VERDICT_TEXT[verdict]
    selected = app.hand.pile
    help_text = "" if selected is None else words.selection_help(
        game.top(selected), selected, tuple(app.hand.targets))
    return ChromeView(
        status=game.status,
        status_text=words.SHOWN_STATUS if app.shown and game.status == WON
        else words.STATUS_TEXT[game.status],
        time_text=app.clock.text(),
        message=message.text, tone=str(message.tone), said=message.serial, notice=app.notice,
        moves=game.moves_played, can_undo=game.can_undo or app.left is not None,
        can_redo=game.can_redo,
        number=app.number, hash_epoch=app.hash_epoch, base_text=words.rank_text(game.base_rank),
        restricted=game.restricted, opened=just_opened(game),
        selecting=selected is not None, selection_help=help_text,
        dialog=dialog_view(app), panel=app.panel,
        stats_rows=app.book.stats.rows(), stats_reset=app.book.before_reset is not None,
        offer=offer_view(app.slot),
        thinking=advisor.thinking, verdict=None if verdict is None else str(verdict),
        verdict_text=verdict_text, finish_shown=advisor.can_finish or advisor.finishing,
        finishing=advisor.finishing,
        winnable_tag=app.settings.winnable_only and app.proved_winnable_deal,
        winnable_count_text=words.winnable_count(len(app.deals.winnable)),
        settings=app.settings.items(),
        fan_rows=app.room.rows(game),
        history=history_view(app) if app.panel is Panel.STATS else None,
        link=app.link, **tier_fields(app), daily=app.attempt.daily,
        share=app.attempt.daily if app.dialog in (Dialog.WON, Dialog.LOST) else None,
        daily_panel=daily_view(app) if app.panel is Panel.DAILY else None, paused=app.paused,
        toast="" if app.left is None else words.left_toast(app.left.number, str(app.left.kind)),
        story=app.story.view() if app.panel is Panel.STORY or app.story.replay_mode else None)


def tier_fields(app) -> dict:
    """The deal's tier beside its number: nothing while the tiers are not loaded."""
    if not app.deals.codes:
        return {"tier": None, "tier_text": ""}
    tier = app.deals.tier_of(app.number)
    return {"tier": tier_slug(tier) or "unrated", "tier_text": tier or words.UNRATED}


def tier_label(tier: str | None) -> str:
    """'not-winnable' -> 'Not winnable'; None -> ''."""
    return "" if tier is None else words.sentence(tier.replace("-", " "))


def tier_rows(entries) -> tuple[TierRow, ...]:
    """Played, won and win rate per tier over the history's games (tiers with games only)."""
    played, won = {}, {}
    for e in entries:  # one pass: a panel of 5,000 games opens in a frame
        played[e.tier] = played.get(e.tier, 0) + 1
        won[e.tier] = won.get(e.tier, 0) + (e.result == WON_RESULT)
    rows = []
    for tier in (*TIERS, None):
        if played.get(tier):
            stats = Stats(played=played[tier], won=won[tier])
            label = tier_label(tier) or words.UNRATED
            rows.append(TierRow(tier or "unrated", label, stats.played, stats.won,
                                stats.win_rate))
    return tuple(rows)


def daily_view(app) -> DailyView:
    """Today's deal of the day, the streak and the calendar of the last weeks."""
    today = app.today()
    results = app.daily_results()
    number = app.deals.daily(today)
    mine = results.get(today.isoformat())
    on_table = app.attempt.daily == today.isoformat()
    current, best = streaks(results, today)
    play = words.DAILY_PLAY[("on-table" if on_table else "again" if mine is not None
                             and mine.finished else "play")]
    return DailyView(today.isoformat(),
                     words.daily_summary(today, number, app.deals.tier_of(number or 0)
                                         if number else None, mine),
                     play, words.daily_streak(current, best), calendar(results, today),
                     today.isoformat() if mine is not None and mine.finished else None)


def history_view(app) -> HistoryView:
    """The history panel: the games of its filter, newest first, and the charts of them all."""
    archive, entries = app.archive, app.history.entries
    chosen = [e for e in entries if archive.filter in ("all", e.result)]
    shown = chosen[::-1][:archive.shown]
    rows = tuple(HistoryRow(e.attempt, e.deal, e.result, words.when(e.began_s), e.moves,
                            words.clock_text(e.time_s * 1000), e.hints, e.undos, e.home,
                            e.perfect, tier_label(e.tier), e.daily) for e in shown)
    importing = None if archive.importing is None else describe(archive.importing)
    drawn, tiers = _of_all(entries)
    note = app.note_in(Panel.STATS)
    said = None if note is None else (note.text, str(note.tone))
    return HistoryView(rows, len(chosen), len(chosen) > len(shown), archive.filter,
                       drawn, importing, tiers, said)


_OF_ALL: list = [None, None]  # [the history's list they were worked out for, (charts, rows)]


def _of_all(entries) -> tuple:
    """The charts and per-tier rows of the whole history, worked out again only when it
    changed (the panel is drawn again at every change while it is open). HistoryBook never
    changes its list in place, it puts a new one, so the list itself says what was drawn."""
    if _OF_ALL[0] is not entries:
        _OF_ALL[:] = [entries, (charts(entries), tier_rows(entries))]
    return _OF_ALL[1]


def just_opened(game) -> bool:
    """Whether the last move played completed foundation 1 (and opened the others)."""
    history = game.history
    return bool(history) and history[-1].dst == FOUNDATIONS[0] and game.complete(FOUNDATIONS[0])


def dialog_view(app) -> DialogView | None:
    kind, game = app.dialog, app.game
    if kind is None or app.dialog_covered:
        return None
    if kind is Dialog.WON and app.shown:
        return DialogView(kind, words.SHOWN_WON_TITLE, words.SHOWN_WON)
    if kind is Dialog.WON:
        return DialogView(kind, words.WON_TITLE,
                          words.won_text(app.number, game.moves_played, app.clock.text()))
    if kind is Dialog.LOST:
        return DialogView(kind, words.LOST_TITLE, words.lost_text(game.cards_on_foundations))
    title, button = words.leave_question(str(app.leaving.kind), app.leaving.number)
    return DialogView(kind, title, words.leave_text(app.number, game.moves_played), button)


def offer_view(slot) -> OfferView | None:
    if slot.offer is None:
        return None
    yes, no = slot.offer_answers or words.OFFER_BUTTONS[slot.offer.value]
    return OfferView(slot.offer_detail, yes, no)


def flights(before: TableView | None, after: TableView) -> tuple[tuple[str, str], ...]:
    """The cards that went from one pile to another between two views: (source, destination)
    pairs, found by comparing counts and cards. None across a change of game."""
    if before is None or before.epoch != after.epoch:
        return ()
    shrunk = [p for p in before.piles if after.pile(p.name).count < p.count]
    found = []
    for pile in after.piles:
        if pile.count > before.pile(pile.name).count:
            source = _source_of(pile, shrunk)
            if source is not None:
                found.append((source, pile.name))
    return tuple(found[-MAX_FLIGHTS:])


def _source_of(pile: PileView, shrunk: list[PileView]) -> str | None:
    """The pile the arriving top card of `pile` came from: the one whose top it was (else one
    that showed it), a deal's stock, or else the only pile that lost cards."""
    card = pile.top
    for showed in (lambda old: old.top == card, lambda old: card in old.cards):
        for old in shrunk:
            if card is not None and showed(old):
                return old.name
    names = [old.name for old in shrunk]
    if pile.name == WASTE and STOCK in names:
        return STOCK
    return names[0] if len(names) == 1 else None
