"""Every action the player can ask for, declared once: its name, what it does, and its keys.

Toolbar and dialog buttons name an action in `data-action`, the key map (web/keys.py) is built
from the keys declared here, and tests run actions by name. `run(name, app, page)` does one:
`app` is the App; `page` is what only the browser can do (web/controls.py: the clipboard, which
pile has keyboard focus).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from . import words
from .state import Panel


@dataclass(frozen=True)
class Command:
    name: str                          # the data-action value
    run: Callable[..., None]           # (app, page) -> None, or (app, page, value) with `takes`
    keys: tuple[str, ...] = ()         # e.g. "z", "Ctrl+z", "Shift+z", "Escape", "Space"
    on_pile: bool = False              # the keys work only while a pile has keyboard focus
    takes: str | None = None           # the data-* attribute of its button the action reads


def _panel(panel: Panel | None) -> Callable[[object, object], None]:
    return lambda app, page: app.toggle_panel(panel)


COMMANDS = {command.name: command for command in (
    Command("new", lambda app, page: app.new_game(), ("n",)),
    Command("restart", lambda app, page: app.restart()),
    Command("undo", lambda app, page: app.undo(), ("z", "Ctrl+z")),
    Command("redo", lambda app, page: app.redo(), ("y", "Shift+z", "Ctrl+Shift+z", "Ctrl+y")),
    Command("deal", lambda app, page: app.deal(), ("d", "Space")),
    Command("hint", lambda app, page: app.request_hint(), ("h",)),
    Command("finish", lambda app, page: app.advisor.finish()),
    Command("home", lambda app, page: page.send_home(), ("f",)),
    Command("read-message", lambda app, page: page.read_message()),
    Command("confirm", lambda app, page: app.confirm()),
    Command("cancel", lambda app, page: app.cancel()),
    Command("close", lambda app, page: app.cancel()),
    Command("escape", lambda app, page: app.escape(), ("Escape",)),
    Command("help", _panel(Panel.HELP)),
    Command("stats", _panel(Panel.STATS)),
    Command("settings", _panel(Panel.SETTINGS)),
    Command("daily", _panel(Panel.DAILY)),
    Command("play-daily", lambda app, page, day: app.open_daily(day or None), takes="date"),
    Command("share-daily", lambda app, page, day: page.share(day), takes="date"),
    Command("close-panel", _panel(None)),
    Command("pause", lambda app, page: app.toggle_pause(), ("p",)),
    Command("story", _panel(Panel.STORY), ("m",)),
    Command("go-to-move", lambda app, page, n: app.travel(int(n)), takes="move"),
    Command("replay", lambda app, page: app.story.replay()),
    Command("replay-step", lambda app, page: app.story.step()),
    Command("replay-end", lambda app, page: app.story.end_replay()),
    Command("demo", lambda app, page: app.advisor.demo()),
    Command("postmortem", lambda app, page: app.story.analyse()),
    Command("rewind", lambda app, page: app.story.rewind()),
    Command("search-longer", lambda app, page: app.story.search_longer()),
    Command("stop-postmortem", lambda app, page: app.story.stop()),
    Command("export-record", lambda app, page: page.export_record()),
    Command("open-record-file", lambda app, page: page.choose_record_file()),
    Command("open-record", lambda app, page: page.open_pasted_record()),
    Command("undo-leave", lambda app, page: app.undo_leave() or app.say(words.UNDO_LEAVE_GONE)),
    Command("resume", lambda app, page: app.resume()),
    Command("copy-link", lambda app, page: page.copy_link()),
    Command("dismiss-notice", lambda app, page: app.dismiss_notice()),
    Command("reset-stats", lambda app, page: app.reset_stats()),
    Command("undo-reset-stats", lambda app, page: app.undo_reset_stats()),
    Command("history-more", lambda app, page: app.archive.more_history()),
    Command("play-deal", lambda app, page, deal: app.play_again(int(deal)), takes="deal"),
    Command("export-data", lambda app, page: page.export_data()),
    Command("import-data", lambda app, page: page.choose_import()),
    Command("import-merge", lambda app, page: app.archive.finish_import("merge")),
    Command("import-replace", lambda app, page: app.archive.finish_import("replace")),
    Command("import-cancel", lambda app, page: app.archive.finish_import("cancel")),
    Command("offer-yes", lambda app, page: app.answer_offer(yes=True)),
    Command("offer-no", lambda app, page: app.answer_offer(yes=False)),
    # on a focused pile: move between piles, or press it like a click
    Command("press", lambda app, page: page.press_focused(), ("Enter", "Space"), on_pile=True),
    Command("focus-previous", lambda app, page: page.move_focus(-1), ("ArrowLeft",), True),
    Command("focus-next", lambda app, page: page.move_focus(1), ("ArrowRight",), True),
    Command("focus-up", lambda app, page: page.move_focus("up"), ("ArrowUp",), True),
    Command("focus-down", lambda app, page: page.move_focus("down"), ("ArrowDown",), True),
    Command("focus-first", lambda app, page: page.move_focus("first"), ("Home",), True),
    Command("focus-last", lambda app, page: page.move_focus("last"), ("End",), True),
)}


KEEP_PAUSED = {"pause", "resume", "help", "settings", "stats", "daily", "story", "close-panel",
               "escape", "dismiss-notice"}  # actions that leave a paused game paused


def run(name: str, app, page, value: str | None = None) -> bool:
    """Do the action called `name` (with the `value` its button holds, for an action that takes
    one); False if there is no such action."""
    command = COMMANDS.get(name)
    if command is None or (command.takes is not None and value is None):
        return False
    if app.paused and name not in KEEP_PAUSED:
        app.resume()  # any other action takes the player back to the table
    if command.takes is None:
        command.run(app, page)
    else:
        command.run(app, page, value)
    return True
