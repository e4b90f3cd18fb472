"""What the cross-browser tests share beyond fixtures: a player on a new page, the timings."""

from __future__ import annotations

from urllib.parse import urlsplit

from tests.browsers.player import Player

TIMES: dict[str, dict] = {}  # per engine: the boot times the tests measured (printed at the end)
SNAPSHOT_MARK = "boot: interpreter restored from the snapshot"  # web/boot.js
# Whether a start restores the interpreter's snapshot once it is held: never in WebKit, where a
# restored interpreter's heap is corrupted now and then (web/boot.js, README).
RESTORES_SNAPSHOT = {"chromium": True, "firefox": True, "webkit": False}


def new_player(engine, base_url: str) -> Player:
    """A player on a new page of `engine`, watched for requests to any origin but the site's."""
    parts = urlsplit(base_url)
    return Player(engine.new_page(f"{parts.scheme}://{parts.netloc}"), base_url)
