"""Cross-browser fixtures: the built site on a local server, one browser per engine, watched pages.

Every scenario runs in Chromium (Playwright), Firefox (puppeteer-core over WebDriver BiDi) and
WebKit (Selenium and WebKitGTK's MiniBrowser), through drivers.Page. An engine whose browser or
driver is missing here is skipped with the reason (and what installs it); `make browsers`
installs all three with apt-get where it can.

Each engine's browser is started once for the session; each test module gets one page of its own
(empty storage) that its tests share; every test fails on a console error, a page error, a failed
request, a request to another origin, or a `.py-error` element on that page.

Known bugs are declared next to their tests, as `KNOWN_BUGS = {(test name, engine, *parameter
ids): reason}` in the module: those tests are marked xfail(strict=True), so they start failing
the day the bug is fixed.
"""

from __future__ import annotations

import contextlib
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.browsers.drivers import ENGINES, BrowserCrashed
from tests.browsers.player import REDELIVERED
from tests.browsers.session import PREVIEW_WATCH, PREVIEW_WATCH_HTML, TIMES, new_player
from tests.e2e.server import Server

ROOT = Path(__file__).resolve().parents[2]
SITE = ROOT / "_site"

ENGINE_NAMES = tuple(os.environ.get("PLOT_ENGINES", "chromium firefox webkit").split())
CRASHED: list[str] = []  # browsers that crashed while a page opened (in the summary)
BLANK = "blank.html"  # a same-origin page that is not the game (to write its storage)
FRAME = "frame.html"  # a same-origin page that shows the game in an iframe of a given size
FRAME_HTML = """<!doctype html><meta charset="utf-8"><title>frame</title>
<link rel="icon" href="data:,">
<style>html, body { margin: 0; background: #888; }
iframe { border: 0; position: fixed; left: 0; top: 0; }</style>
<iframe id="frame"></iframe>
<script>
const q = new URLSearchParams(location.search), f = document.getElementById('frame');
f.style.width = q.get('w') + 'px'; f.style.height = q.get('h') + 'px';
f.src = './' + location.hash;
</script>
"""


def pytest_configure(config):
    # Selenium's own WebKitGTK driver still uses this deprecated argument internally.
    config.addinivalue_line(
        "filterwarnings", "ignore:setting remote_server_addr:DeprecationWarning")


def pytest_collection_modifyitems(items):
    for item in items:
        engine = getattr(item, "callspec", None) and item.callspec.params.get("engine")
        callspec = getattr(item, "callspec", None)
        for (name, bug_engine, *params), reason in getattr(item.module, "KNOWN_BUGS", {}).items():
            if name == item.originalname and bug_engine == engine and \
                    all(param in callspec.id for param in params):
                item.add_marker(pytest.mark.xfail(reason=f"{engine}: {reason}", strict=True))


# ---- the site --------------------------------------------------------------------------------

@pytest.fixture(scope="session")
def built_site() -> Path:
    """Build the site from the working tree, as the e2e tests do (needs npm ci done)."""
    subprocess.run([sys.executable, str(ROOT / "scripts" / "build.py"), "site"], check=True)
    return SITE


@pytest.fixture(scope="session")
def served_root(built_site, tmp_path_factory) -> Path:
    """The built site plus blank.html and frame.html (test pages, not part of the site)."""
    root = tmp_path_factory.mktemp("served")
    for entry in built_site.iterdir():
        (root / entry.name).symlink_to(entry, target_is_directory=entry.is_dir())
    (root / FRAME).write_text(FRAME_HTML, encoding="utf-8")
    (root / PREVIEW_WATCH).write_text(PREVIEW_WATCH_HTML, encoding="utf-8")
    (root / BLANK).write_text('<!doctype html><meta charset="utf-8"><title>blank</title>'
                              '<link rel="icon" href="data:,">', encoding="utf-8")
    return root


@pytest.fixture(scope="session")
def site_url(served_root):
    server = Server(served_root)
    yield server.url
    server.stop()


# ---- the engines -----------------------------------------------------------------------------

def engine_kind(name: str):
    """The browser class of the engine `name`, or the test skipped, saying why it cannot run."""
    if name not in ENGINE_NAMES:
        pytest.skip(f"{name} is not among PLOT_ENGINES")
    missing = ENGINES[name].missing()
    if missing:
        pytest.skip(f"{name} skipped: {missing}")
    return ENGINES[name]


@pytest.fixture(scope="session", params=ENGINE_NAMES)
def engine(request):
    browser = engine_kind(request.param)()
    TIMES.setdefault(request.param, {})["version"] = browser.version
    yield browser
    started = getattr(browser, "watch_started_ms", None)
    if started:  # WebKit: what happened on a page before its watch began was not seen
        TIMES[request.param]["page watch began"] = (
            f"{min(started):.0f}-{max(started):.0f} ms after navigation")
    browser.close()


def _opened(engine, site_url):
    """A new page of `engine` open at deal 1, or closed again if it could not be opened."""
    table = new_player(engine, site_url)
    try:
        table.goto("#game=1")
    except BaseException:
        with contextlib.suppress(Exception):  # the browser may be gone: its error is the news
            table.page.close()
        raise
    return table


@pytest.fixture(scope="module")
def player(request, engine, site_url):
    """One page per engine per test module, open at deal 1. A browser that crashes by its own
    report while the page opens, before any test has done a thing, is started again once and
    said in the summary (WebKitGTK's web process did, once in some sixty runs of the suite); a
    crash during a test fails that test."""
    try:
        table = _opened(engine, site_url)
    except BrowserCrashed as crash:
        CRASHED.append(f"{request.module.__name__}: {crash}")
        table = _opened(engine, site_url)
    try:
        yield table
    finally:
        table.page.close()


@pytest.fixture(autouse=True)
def _clean_page(request):
    yield
    if "player" in request.fixturenames:
        request.getfixturevalue("player").assert_clean()


def pytest_terminal_summary(terminalreporter):
    if TIMES:
        terminalreporter.section("cross-browser timings")
        for name, times in TIMES.items():
            parts = [f"{key} {value}" for key, value in times.items()]
            terminalreporter.write_line(f"{name}: " + ", ".join(parts))
    if CRASHED:
        terminalreporter.section("browsers that crashed while a page opened, started again")
        for line in CRASHED:
            terminalreporter.write_line(line)
    if REDELIVERED:
        terminalreporter.section("input a driver failed to deliver, clicked again")
        for line in REDELIVERED:
            terminalreporter.write_line(line)
