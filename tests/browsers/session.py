"""What the cross-browser tests share beyond fixtures: a player on a new page, the timings."""

from __future__ import annotations

from urllib.parse import urlsplit

from tests.browsers.player import Player

TIMES: dict[str, dict] = {}  # per engine: the boot times the tests measured (printed at the end)


def new_player(engine, base_url: str) -> Player:
    """A player on a new page of `engine`, watched for requests to any origin but the site's."""
    parts = urlsplit(base_url)
    return Player(engine.new_page(f"{parts.scheme}://{parts.netloc}"), base_url)
