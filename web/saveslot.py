"""The game in progress in storage: resuming it, saving it after every change, and two tabs.

Every save carries a revision, one more than the highest this tab has seen. A tab that finds a
higher revision holding another game knows another tab played on: it stops saving and asks the
player (`Offer.OTHER_TAB`) instead of writing over newer progress. A save written by a newer
version of the page is never overwritten until the player decides (`Offer.NEWER_VERSION`); an
unreadable save is kept aside and reported. Pure Python.
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import replace

from plot import InvalidSave, NewerSave

from . import words
from .pagesave import PageSave, revision_of
from .storage import Storage

SAVE_KEY = "the-plot/save"
BACKUP_KEY = "the-plot/save-unreadable"


class Offer(enum.Enum):
    """A question the page asks about the saved game."""

    NEWER_VERSION = "newer-version"  # a newer page wrote the save: play without saving or discard
    OTHER_TAB = "other-tab"          # another tab saved another game: load it or keep this one


class SaveSlot:
    def __init__(self, storage: Storage, changed: Callable[[], None]):
        self.storage = storage
        self.changed = changed       # () -> None: something the player sees changed
        self.revision = 0            # revision of the save this tab last wrote or read
        self.saving = True           # False while a save we must not overwrite is kept
        self.offer: Offer | None = None
        self.offer_detail = ""       # what the question is about, in words
        self.offer_answers: tuple[str, str] | None = None  # its two answers, when they vary
        self.notice = ""             # a lasting warning about the save

    def resume(self) -> PageSave | None:
        """The saved game to carry on with, if there is a readable one."""
        raw = self.storage.get(SAVE_KEY)
        if raw is None:
            return None
        try:
            save = PageSave.from_json(raw)
        except NewerSave as newer:
            self.saving, self.offer = False, Offer.NEWER_VERSION
            self.offer_detail = words.newer_save(newer.version)
            self.offer_answers = None
            return None
        except Exception as error:  # noqa: BLE001 - whatever is wrong, the player gets a game
            kept = self.storage.set(BACKUP_KEY, raw)
            self.notice = words.unreadable_save(_reason(error), kept)
            self.storage.remove(SAVE_KEY)
            return None
        self.revision = save.revision
        return save

    def save(self, draft: PageSave) -> None:
        """Save `draft` (its revision is set here), unless another tab saved newer progress."""
        if not self.saving:
            return
        stored = self.storage.get(SAVE_KEY)
        stored_revision = revision_of(stored)
        if stored_revision > self.revision and not _holds(stored, draft):
            self._other_tab(stored, draft)
            return
        if self.offer is Offer.OTHER_TAB:
            return  # the player has not chosen between this tab's game and the other one
        revision = max(stored_revision, self.revision) + 1
        if self.storage.set(SAVE_KEY, replace(draft, revision=revision).to_json()):
            self.revision = revision

    def stored_changed(self, raw: str | None, draft: PageSave) -> None:
        """Another tab wrote the save (the browser's `storage` event)."""
        if raw is None or not self.saving or revision_of(raw) <= self.revision:
            return
        if _holds(raw, draft):
            self.revision = revision_of(raw)  # the same game: nothing newer to load
        else:
            self._other_tab(raw, draft)

    def _other_tab(self, raw: str, draft: PageSave) -> None:
        """Another tab saved another game: ask which to keep, saying which tab is ahead and
        what each answer loses (never telling the tab with more recent work it is behind)."""
        try:
            theirs = PageSave.from_json(raw)
        except InvalidSave:
            return
        self.offer = Offer.OTHER_TAB
        self.offer_detail, self.offer_answers = words.other_tab(
            draft.number, _moves(draft.game), theirs.number, _moves(theirs.game))
        self.changed()

    # ---- the player's answer ----------------------------------------------------------------

    def answer(self, yes: bool, draft: PageSave) -> tuple[str, PageSave | None, bool]:
        """The player's answer to the offer: what to say, the save to load (if any), and
        whether something went wrong.
        Other tab: yes loads its game, no keeps this tab's game and saves it over the other.
        Newer version: yes plays on without saving, no discards that save and saves this game."""
        offer, self.offer = self.offer, None
        if offer is Offer.OTHER_TAB and yes:
            try:
                save = PageSave.from_json(self.storage.get(SAVE_KEY))
            except (InvalidSave, TypeError):  # it changed again and cannot be read: keep ours
                self.save(draft)
                return words.OTHER_TAB_UNREADABLE, None, True
            self.revision = save.revision
            return words.loaded_other(save.number), save, False
        if offer is Offer.OTHER_TAB:
            self.revision = revision_of(self.storage.get(SAVE_KEY))
            self.save(draft)
            return words.kept_ours(draft.number), None, False
        if offer is Offer.NEWER_VERSION and yes:
            self.notice = words.NOT_SAVING
            return words.PLAYING_WITHOUT_SAVING, None, False
        if offer is Offer.NEWER_VERSION:
            self.storage.remove(SAVE_KEY)
            self.saving, self.revision, self.notice = True, 0, ""
            self.save(draft)
            return words.NEWER_DISCARDED, None, False
        return "", None, False


def _moves(game) -> tuple[str, ...]:
    return tuple(str(move) for move in game.history)


def _holds(raw: str | None, draft: PageSave) -> bool:
    """Whether a stored save holds exactly the draft's game (moves and undo history)."""
    try:
        return PageSave.from_json(raw).same_game(draft.game)
    except (InvalidSave, TypeError):
        return False  # not readable: certainly not ours


def _reason(error: Exception) -> str:
    return str(error).strip().rstrip(".") or type(error).__name__
