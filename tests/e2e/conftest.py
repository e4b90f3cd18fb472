"""End-to-end fixtures: the built site on a local server, headless Chromium, watched pages.

Pyodide boots in seconds, so each test module shares one page (`table`); tests switch deals inside
it (`TablePage.open`) instead of reloading, and reload only when reloading is what they test.
Every test fails on a console error, a page error, a failed request, a `.py-error` element, or a
request to another origin.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests.e2e.server import Server
from tests.e2e.tablepage import new_table

ROOT = Path(__file__).resolve().parents[2]
SITE = ROOT / "_site"
CHROMIUM = Path("/usr/bin/chromium")


# ---- the site and the browser ----------------------------------------------------------------

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
