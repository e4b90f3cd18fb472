"""The key map and the command table in CPython (web/keys.py, web/commands.py): every key a
player can press, and every button of the page, ask for one declared action."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from web.commands import COMMANDS, run
from web.keys import command_for, key_spec, typing

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(("key", "ctrl", "shift", "action"), [
    ("z", False, False, "undo"), ("Z", False, False, "undo"),  # caps lock
    ("Z", False, True, "redo"), ("z", True, False, "undo"), ("Z", True, True, "redo"),
    ("y", True, False, "redo"), ("y", False, False, "redo"), ("d", False, False, "deal"),
    (" ", False, False, "deal"),
    ("n", False, False, "new"), ("h", False, False, "hint"), ("f", False, False, "home"),
    ("Escape", False, False, "escape"), ("q", False, False, None), ("Enter", False, False, None),
    ("ArrowLeft", False, False, None), ("x", True, False, None),
])
def test_keys_away_from_the_piles(key, ctrl, shift, action):
    assert command_for(key, ctrl, shift) == action


@pytest.mark.parametrize(("key", "action"), [
    ("ArrowLeft", "focus-previous"), ("ArrowRight", "focus-next"), ("ArrowUp", "focus-up"),
    ("ArrowDown", "focus-down"), ("Home", "focus-first"), ("End", "focus-last"),
    ("Enter", "press"), (" ", "press"), ("z", "undo"), ("f", "home"),
])
def test_keys_on_a_focused_pile(key, action):
    assert command_for(key, on_pile=True) == action


def test_space_on_a_button_clicks_it_and_does_not_deal():
    assert command_for(" ", tag="BUTTON") is None
    assert command_for(" ", tag="DIV") == "deal"


def test_typing_in_a_field_is_left_alone_but_toggles_keep_the_keys():
    assert typing("INPUT", "text") and typing("TEXTAREA")
    assert not typing("INPUT", "checkbox") and not typing("BUTTON")


def test_key_specs():
    assert [key_spec(" "), key_spec("Z", shift=True), key_spec("y", ctrl=True),
            key_spec("ArrowLeft", shift=True)] == ["Space", "Shift+z", "Ctrl+y", "ArrowLeft"]


def test_every_button_of_the_page_names_a_declared_action():
    page = (ROOT / "index.html").read_text(encoding="utf-8")
    drawn = (ROOT / "web" / "panels.py").read_text(encoding="utf-8")  # buttons made at run time
    actions = set(re.findall(r'data-action="([^"]+)"', page)) | \
        set(re.findall(r'data_action="([^"]+)"', drawn))
    assert actions and actions <= set(COMMANDS), actions - set(COMMANDS)
    keyboard_only = {name for name, c in COMMANDS.items() if c.keys and name not in actions}
    assert set(COMMANDS) == actions | keyboard_only  # nothing declared that nothing can ask for


def test_no_key_is_bound_twice():
    for on_pile in (False, True):
        keys = [k for c in COMMANDS.values() if c.on_pile == on_pile for k in c.keys]
        assert len(keys) == len(set(keys))


class Recorder:
    """Stands in for the App and the page: records which method an action calls."""

    def __init__(self):
        self.calls = []
        self.paused = False

    def __getattr__(self, name):
        if name == "advisor":
            return self
        return lambda *args, **kwargs: self.calls.append((name, args, kwargs))


def test_actions_run_the_app_or_the_page():
    app, page = Recorder(), Recorder()
    assert run("undo", app, page) and app.calls == [("undo", (), {})]
    assert run("copy-link", app, page) and page.calls == [("copy_link", (), {})]
    assert run("offer-no", app, page) and app.calls[-1] == ("answer_offer", (), {"yes": False})
    assert run("focus-up", app, page) and page.calls[-1] == ("move_focus", ("up",), {})
    assert not run("no-such-action", app, page)
