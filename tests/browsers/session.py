"""What the cross-browser tests share beyond fixtures: a player on a new page, the timings."""

from __future__ import annotations

import json
from urllib.parse import urlsplit

from tests.browsers.player import Player
from tests.e2e.tablepage import READ_TABLE

TIMES: dict[str, dict] = {}  # per engine: the boot times the tests measured (printed at the end)
SNAPSHOT_MARK = "boot: interpreter restored from the snapshot"  # web/boot.js
# Whether a start restores the interpreter's snapshot once it is held: never in WebKit, where a
# restored interpreter's heap is corrupted now and then (web/boot.js, README).
RESTORES_SNAPSHOT = {"chromium": True, "firefox": True, "webkit": False}
PREVIEW_WATCH = "preview-watch.html"  # the game in a window-size iframe, its preview watched
# The game in an iframe the size of the window, and what its preview of the last table showed
# (web/startup.js), read at the first rendering update that has it: a same-origin frame shares
# the page's event loop, so the watch's animation frames run at every update the frame's do. A
# preview that no update ever had was never on screen. `window.__preview` is then {table (as
# tests/e2e/tablepage.py READ_TABLE reads it), inert, number}, else null; `__frameTable()` reads
# the frame's table the same way at any time.
PREVIEW_WATCH_HTML = """<!doctype html><meta charset="utf-8"><title>preview watch</title>
<link rel="icon" href="data:,">
<style>html, body { margin: 0; }
iframe { border: 0; position: fixed; left: 0; top: 0; width: 100vw; height: 100vh; }</style>
<iframe id="frame"></iframe>
<script>
const read = new Function('document', 'return (' + READ_TABLE_JS + ')();');
const frame = document.getElementById('frame');
window.__preview = null;
window.__frameTable = () => read(frame.contentDocument);
const look = () => {
  const doc = frame.contentDocument;
  if (doc && doc.documentElement && doc.documentElement.classList.contains('preview')) {
    window.__preview = { table: read(doc), inert: doc.getElementById('table').inert,
                         number: doc.getElementById('game-number').textContent };
  } else {
    requestAnimationFrame(look);
  }
};
requestAnimationFrame(look);
frame.src = './' + location.hash;
</script>
""".replace("READ_TABLE_JS", json.dumps(READ_TABLE))


def new_player(engine, base_url: str) -> Player:
    """A player on a new page of `engine`, watched for requests to any origin but the site's."""
    parts = urlsplit(base_url)
    return Player(engine.new_page(f"{parts.scheme}://{parts.netloc}"), base_url)
