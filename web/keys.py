"""The key map: which action a key press asks for. Pure, built from web/commands.py."""

from __future__ import annotations

from .commands import COMMANDS

TYPING = {"INPUT", "TEXTAREA", "SELECT"}       # the game's keys never fire while typing here
TOGGLES = {"checkbox", "radio"}                # inputs that take no typing: the keys still work
ACTIVATES_ON_SPACE = {"BUTTON", "A", "SUMMARY", "INPUT"}  # Space clicks these: it does not deal

PILE_KEYS = {key: c.name for c in COMMANDS.values() if c.on_pile for key in c.keys}
PAGE_KEYS = {key: c.name for c in COMMANDS.values() if not c.on_pile for key in c.keys}


def key_spec(key: str, ctrl: bool = False, shift: bool = False) -> str:
    """A key press as the commands table writes it: 'z', 'Shift+z', 'Ctrl+y', 'Space', 'Enter'."""
    if key == " ":
        name = "Space"
    elif len(key) == 1:
        name = key.lower()
    else:
        name = key
    letter = len(name) == 1 and name.isalpha()
    return ("Ctrl+" if ctrl else "") + ("Shift+" if shift and letter else "") + name


def typing(tag: str, input_type: str = "") -> bool:
    """Whether a key press goes to a text field (the game then leaves it alone)."""
    return tag in TYPING and not (tag == "INPUT" and input_type in TOGGLES)


def command_for(key: str, ctrl: bool = False, shift: bool = False, on_pile: bool = False,
                tag: str = "") -> str | None:
    """The action a key press asks for, or None. `on_pile`: a pile has keyboard focus; `tag`:
    the focused element's tag name."""
    spec = key_spec(key, ctrl, shift)
    if on_pile and spec in PILE_KEYS:
        return PILE_KEYS[spec]
    if spec == "Space" and tag in ACTIVATES_ON_SPACE:
        return None
    return PAGE_KEYS.get(spec)
