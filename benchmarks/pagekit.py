"""What the browser benchmarks share: a static server on loopback and Debian's Chromium."""

from __future__ import annotations

import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

CHROMIUM = Path("/usr/bin/chromium")  # Playwright cannot download its own browser here
LAUNCH_ARGS = ["--disable-gpu", "--disable-dev-shm-usage", "--no-sandbox",
               "--disable-background-networking"]
SERVER_START_SECONDS = 10


def free_port() -> int:
    """A free TCP port on 127.0.0.1."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextmanager
def static_server(directory: Path) -> Iterator[str]:
    """Serve `directory` with the stdlib http.server on a free loopback port; yield its URL."""
    port = free_port()
    server = subprocess.Popen([sys.executable, "-m", "http.server", str(port), "--bind",
                               "127.0.0.1", "--directory", str(directory)],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + SERVER_START_SECONDS
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise RuntimeError(f"http.server did not start on port {port}") from None
                time.sleep(0.05)  # the server is starting
        yield f"http://127.0.0.1:{port}/"
    finally:
        server.terminate()
        server.wait(timeout=10)


def chromium_options() -> dict:
    """Launch options: Debian's Chromium where it is installed, else Playwright's own build."""
    launch = {"args": LAUNCH_ARGS}
    if CHROMIUM.exists():
        launch["executable_path"] = str(CHROMIUM)
    return launch


def launch_chromium(playwright):
    """Debian's Chromium where it is installed, else Playwright's own build."""
    return playwright.chromium.launch(**chromium_options())


def launch_persistent_chromium(playwright, profile):
    """Chromium as launch_chromium, on a profile kept in the folder `profile` (its caches
    outlive the browser), service workers allowed."""
    return playwright.chromium.launch_persistent_context(
        profile, service_workers="allow", **chromium_options())
