"""What goes wrong on a page reaches the tests in words, in every engine: an Error handed to
console.error and one thrown from a callback are reported with their names and messages (WebKit's
error.stack leaves both out, and Firefox's driver shows an Error as "JSHandle@error"), so that a
failure such as Pyodide's fatal error says what it was. So does the browser's own death: a
WebKit web process that dies under a script is said to have crashed, where WebKitWebDriver only
answers "Could not parse script result"."""

from __future__ import annotations

import contextlib
import os
import select
import signal
import subprocess
import threading
from pathlib import Path
from types import SimpleNamespace

import pytest

from tests.browsers.conftest import BLANK, engine_kind
from tests.browsers.drivers import BrowserCrashed, _descendants, _kill_tree

KILL_AFTER_S = 1  # the web process is killed this long into a script
PROCESS_WAIT_S = 10  # for processes to start or end
# a stand-in for WebKitWebDriver: a child, and a child that starts one of its own and then says
# READY (every process of the tree is there by then)
DRIVER_TREE = "sleep 300 & sh -c 'sleep 300 & echo ready; wait' & wait"
READY = b"ready\n"
DRIVER_TREE_BELOW = 3  # the outer sleep, the inner shell and its sleep
WANTED = ("RangeError: deep trouble", "TypeError: thrown late")


def test_errors_on_the_page_are_reported_with_their_names_and_messages(player):
    player.goto("")
    # timers of the same delay run in order: the flag is set only once the error has been thrown
    player.js("() => { console.error(new RangeError('deep trouble'));"
              " setTimeout(() => { throw new TypeError('thrown late'); });"
              " setTimeout(() => { window.__thrownLate = true; }); }")
    player.wait("() => window.__thrownLate === true", what="the error thrown from a timer")
    problems = player.problems_until(WANTED)
    missing = [w for w in WANTED if not any(w in p for p in problems)]
    assert not missing, f"{player.engine}: {missing} not in {problems}"


def test_a_web_process_that_dies_under_a_page_is_said_to_have_crashed(site_url):
    """WebKitWebDriver answers a script whose web process died with "Could not parse script
    result": the driver says instead that the browser crashed, in the browser's words."""
    page = engine_kind("webkit")().new_page(site_url)
    try:
        page.goto(f"{site_url}{BLANK}")
        web = page.web_processes()
        assert web, "webkit: no web process under the driver"
        killer = threading.Timer(KILL_AFTER_S, lambda: [os.kill(p, signal.SIGKILL) for p in web])
        killer.start()
        with pytest.raises(BrowserCrashed, match="WebProcess CRASHED"):
            page.evaluate("(ms) => new Promise((done) => setTimeout(done, ms))",
                          KILL_AFTER_S * 1000 * 5)  # still waiting when the process dies
        killer.join()
    finally:
        page.close()


def _said_within(pipe, seconds: float) -> bytes | None:
    """What the pipe says next (b"" once every process holding it has ended), or None if it
    says nothing within `seconds`."""
    readable, _, _ = select.select([pipe], [], [], seconds)
    return os.read(pipe.fileno(), 64) if readable else None


def test_a_driver_that_does_not_answer_is_killed_with_every_process_below_it():
    """The watchdog of a WebKit session that never starts kills the driver and every process
    under it, grandchildren too (the browser's web and network processes)."""
    driver = subprocess.Popen(["sh", "-c", DRIVER_TREE], stdout=subprocess.PIPE)
    below: list[int] = []
    try:
        assert _said_within(driver.stdout, PROCESS_WAIT_S) == READY
        below = _descendants(driver.pid)
        assert len(below) >= DRIVER_TREE_BELOW
        _kill_tree(SimpleNamespace(process=driver))
        assert driver.wait(PROCESS_WAIT_S) == -signal.SIGKILL
        # every process of the tree holds the pipe: it ends when the last of them has ended
        assert _said_within(driver.stdout, PROCESS_WAIT_S) == b"", \
            [pid for pid in below if Path(f"/proc/{pid}").exists()]
    finally:  # nothing left behind, whatever failed
        for pid in [*below, *_descendants(driver.pid)]:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
        driver.kill()
        driver.wait()
        driver.stdout.close()
