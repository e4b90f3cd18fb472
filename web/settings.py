"""The player's settings: how the table looks and what the page does for them, kept in storage.

`Settings` is a frozen value; `SettingsStore` reads and writes it through the record layer.
Settings a newer version of the page wrote are read as far as this page knows them and never
overwritten: changes made here then last for this visit only. Pure Python.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, fields, replace

from plot import InvalidSave, NewerSave

from .deals import ANY_TIER, TIER_CHOICES
from .records import RecordFormat
from .storage import Storage

SETTINGS_KEY = "the-plot/settings"
CARD_BACKS = ("red", "blue", "green", "plain")  # offered in Settings, drawn by style.css
SPEED_MS = {"slow": 320, "normal": 170, "fast": 90, "off": 0}  # a card's flight, by setting


def _unversioned(record: dict) -> dict:
    """Version 1: the bare object of settings the page wrote before records had a format."""
    return {"format": SETTINGS.name, "version": 1, **record}


def _v1_to_v2(record: dict) -> dict:
    """Version 2 only adds the format and version fields."""
    return {**record, "version": 2}


SETTINGS = RecordFormat("the-plot-settings", 2, "they", "settings of this game",
                        migrations={1: _v1_to_v2}, unversioned=_unversioned)


@dataclass(frozen=True)
class Settings:
    check_winnable: bool = False   # the solver checks after every move whether it can be won
    winnable_only: bool = False    # New game deals only deals proved winnable
    autoplay: bool = False         # safe auto-play to the foundations
    four_colour: bool = False
    contrast: bool = False
    large: bool = False
    back: str = "red"              # one of CARD_BACKS
    tier: str = ANY_TIER           # New game's difficulty: one of TIER_CHOICES
    last_move: bool = True         # the last move's two piles are marked
    speed: str = "normal"          # how fast cards fly: one of SPEED_MS ("off": no animation)

    def changed(self, name: str, value) -> Settings | None:
        """These settings with `name` set to `value`; None if that is not a valid setting."""
        if name not in NAMES:
            return None
        if name in CHOICES:
            return replace(self, **{name: value}) if value in CHOICES[name] else None
        return replace(self, **{name: bool(value)})

    def items(self) -> tuple[tuple[str, object], ...]:
        return tuple(asdict(self).items())

    @classmethod
    def from_record(cls, record: dict) -> Settings:
        """The valid settings of a record; a value of the wrong kind keeps its default."""
        settings = cls()
        for name in NAMES:
            value = record.get(name)
            if value in CHOICES[name] if name in CHOICES else isinstance(value, bool):
                settings = replace(settings, **{name: value})
        return settings


NAMES = tuple(f.name for f in fields(Settings))
# settings chosen from a list
CHOICES = {"back": CARD_BACKS, "tier": tuple(TIER_CHOICES), "speed": tuple(SPEED_MS)}


class SettingsStore:
    """Settings in this browser's storage."""

    def __init__(self, storage: Storage):
        self.storage = storage
        self.writable = True  # False when a newer version's settings are kept untouched

    def load(self) -> Settings:
        """The stored settings (defaults for what is missing or unreadable)."""
        raw = self.storage.get(SETTINGS_KEY)
        if raw is None:
            return Settings()
        try:
            return Settings.from_record(SETTINGS.load(raw))
        except NewerSave:
            self.writable = False
            return Settings.from_record(_fields(raw))
        except InvalidSave:
            return Settings()  # settings are easy to set again: unreadable ones are replaced

    def save(self, settings: Settings) -> None:
        """Write the settings, keeping fields of this version that this page does not use."""
        if not self.writable:
            return
        raw = self.storage.get(SETTINGS_KEY)
        try:
            kept = SETTINGS.load(raw) if raw is not None else {}
        except InvalidSave:
            kept = {}
        kept = {k: v for k, v in kept.items() if k not in ("format", "version")}
        self.storage.set(SETTINGS_KEY, SETTINGS.dump(**{**kept, **asdict(settings)}))


def _fields(raw: str) -> dict:
    try:
        record = json.loads(raw)
    except ValueError:
        return {}
    return record if isinstance(record, dict) else {}
