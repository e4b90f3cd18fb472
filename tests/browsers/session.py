"""What the cross-browser tests share beyond fixtures: a player on a new page, the timings."""

from __future__ import annotations

from urllib.parse import urlsplit

from tests.browsers.player import Player

TIMES: dict[str, dict] = {}  # per engine: the boot times the tests measured (printed at the end)
SNAPSHOT_MARK = "boot: interpreter restored from the snapshot"  # web/boot.js
# web/boot.js: a restored interpreter runs Python for a moment first in WebKit only, where one
# that had not yet run corrupted its heap now and then (README)
WARM_UP_MARK = "boot: WebAssembly warmed up"
WARMS_UP = {"chromium": False, "firefox": False, "webkit": True}


def new_player(engine, base_url: str) -> Player:
    """A player on a new page of `engine`, watched for requests to any origin but the site's."""
    parts = urlsplit(base_url)
    return Player(engine.new_page(f"{parts.scheme}://{parts.netloc}"), base_url)
