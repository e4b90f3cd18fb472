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

@pytest.fixture(scope="session")
def site_url():
    """Build the site from the working tree (as make site does; needs npm ci done) and serve it
    with the standard library on a free local port."""
    subprocess.run([sys.executable, str(ROOT / "scripts" / "build.py"), "site"], check=True)
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = subprocess.Popen(
        [sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1",
         "--directory", str(SITE)],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 15
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
            break
        except OSError:
            if time.monotonic() > deadline or server.poll() is not None:
                server.kill()
                raise RuntimeError("the test server did not start") from None
            time.sleep(0.05)  # polling a starting server, not waiting on the page
    yield f"http://127.0.0.1:{port}/"
    server.terminate()
    server.wait(timeout=10)


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
