"""End-to-end fixtures: the built site on a local server, headless Chromium, watched pages.

Pyodide boots in seconds, so each test module shares one page (`table`); tests switch deals inside
it (`TablePage.open`) instead of reloading, and reload only when reloading is what they test.
Every test fails on a console error, a page error, a failed request, a `.py-error` element, or a
request to another origin.
"""

from __future__ import annotations

import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
from tablepage import TablePage

ROOT = Path(__file__).resolve().parents[2]
SITE = ROOT / "_site"
CHROMIUM = Path("/usr/bin/chromium")


# ---- the site and the browser ----------------------------------------------------------------

class Server:
    """A standard-library static server for `directory` on a free local port."""

    def __init__(self, directory: Path):
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = probe.getsockname()[1]
        self.process = subprocess.Popen(
            [sys.executable, "-m", "http.server", str(self.port), "--bind", "127.0.0.1",
             "--directory", str(directory)],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 15
        while True:
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=0.5).close()
                break
            except OSError:
                if time.monotonic() > deadline or self.process.poll() is not None:
                    self.process.kill()
                    raise RuntimeError("the test server did not start") from None
                time.sleep(0.05)  # polling a starting server, not waiting on the page
        self.url = f"http://127.0.0.1:{self.port}/"

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=10)


@pytest.fixture(scope="session")
def built_site() -> Path:
    """Build the site from the working tree (as make site does; needs npm ci done)."""
    subprocess.run([sys.executable, str(ROOT / "scripts" / "build.py"), "site"], check=True)
    return SITE


@pytest.fixture(scope="session")
def site_url(built_site):
    """The built site, served at the root of a local server."""
    server = Server(built_site)
    yield server.url
    server.stop()


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    """Debian's Chromium where it is installed; Playwright's own browser elsewhere."""
    args = dict(browser_type_launch_args)
    if CHROMIUM.exists():
        args["executable_path"] = str(CHROMIUM)
    args["args"] = [*args.get("args", []), "--disable-gpu", "--disable-dev-shm-usage",
                    "--disable-background-networking", "--no-sandbox"]
    return args


def new_table(browser, base_url: str, **context_args) -> TablePage:
    """A page of the game in a fresh context; the service worker only where a test asks for it
    (test_offline.py), so the other tests see the network as it is."""
    context_args.setdefault("service_workers", "block")
    context = browser.new_context(**context_args)
    return TablePage(context, base_url)


@pytest.fixture(scope="module")
def table(browser, site_url):
    """One booted page per test module (each module starts from empty storage)."""
    page = new_table(browser, site_url)
    page.goto("#game=1")
    yield page
    page.context.close()


@pytest.fixture(autouse=True)
def _clean_page(request):
    """After every test: no console/page error, failed or foreign request, or .py-error."""
    yield
    for name in ("table",) + tuple(getattr(request.module, "EXTRA_PAGES", ())):
        if name in request.fixturenames:
            request.getfixturevalue(name).assert_clean()
