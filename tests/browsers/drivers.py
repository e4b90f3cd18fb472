"""One small driver interface over three browser engines, so every scenario is written once.

- Chromium: Playwright (Debian's Chromium where it is installed).
- Firefox: Debian's Firefox ESR through puppeteer-core over WebDriver BiDi, in a Node process
  (firefox_bridge.mjs) that this module talks to in JSON lines.
- WebKit: WebKitGTK's MiniBrowser through Selenium and WebKitWebDriver (classic WebDriver), on an
  X display (xvfb-run); one MiniBrowser per page, so every page starts from empty storage.

A `Page` can: open a URL, reload, run a JS function in the page and return its (awaited) result
as JSON, click at viewport coordinates (one click, or several a given time apart in one stretch),
drag from a point to a point in steps, press a key, set the viewport, take a screenshot, go
offline (where its driver can), hand a file to a file input (as a file chooser does) and give
back a file the page downloaded, and hand over what went wrong on the page (console errors, page
errors, failed requests, requests to another origin).
"""

from __future__ import annotations

import contextlib
import json
import os
import queue
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from urllib.parse import urlsplit

from tests.e2e.tablepage import FAILING_WARNINGS, OFFLINE_WARNING, Navigations

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
WIDTH, HEIGHT = 1280, 720  # every page starts with this viewport, as the Chromium e2e tests do
BRIDGE_TIMEOUT_S = 120     # a bridge command that takes longer than this is a hung bridge
SCRIPT_TIMEOUT_S = 120     # Selenium's limit for one script; in-page waits time out before it
COMMAND_TIMEOUT_S = 150    # Selenium's client gives up on a WebDriver command after this
SESSION_TIMEOUT_S = 45     # a new WebKit session takes ~0.5 s: after this it is stuck
DOWNLOAD_TIMEOUT_S = 30    # a download of a few KB that is not complete after this never came
DOWNLOAD_POLL_S = 0.1      # how often the downloads folder is looked at (the browser writes it)
NAVIGATION_TIMEOUT_S = 60  # a page that navigates by itself has a new document within this
# The document's time origin, answered a little later (the page paces the polling, not Python).
TIME_ORIGIN_SOON = "() => new Promise((done) => setTimeout(() => done(performance.timeOrigin), 50))"

CHROMIUM = Path(os.environ.get("PLOT_CHROMIUM", "/usr/bin/chromium"))
FIREFOX = Path(os.environ.get("PLOT_FIREFOX", "/usr/bin/firefox-esr"))
WEBKIT_DRIVER = Path(os.environ.get("PLOT_WEBKIT_DRIVER", "/usr/bin/WebKitWebDriver"))
# Console warnings that mean the page fell back to something worse: here offline play too.
WARNINGS = (*FAILING_WARNINGS, OFFLINE_WARNING)
MINIBROWSERS = [Path(p) for p in (os.environ.get("PLOT_MINIBROWSER", ""),
                                  "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser",
                                  "/usr/lib/aarch64-linux-gnu/webkit2gtk-4.1/MiniBrowser",
                                  "/usr/libexec/webkit2gtk-4.1/MiniBrowser") if p]
PUPPETEER = ROOT / "node_modules" / "puppeteer-core" / "package.json"

class DriverError(RuntimeError):
    """The driver itself failed (not the page)."""


class InputNotDelivered(DriverError):
    """The driver reported that it could not deliver some input; part of it may have arrived."""


class BrowserCrashed(DriverError):
    """The browser's process showing the page died, by the browser's own report: the page and
    its driver session are gone."""


# ---- the interface -------------------------------------------------------------------------

class Page:
    """A page of one engine. Subclasses implement the primitives; the rest is shared."""

    engine = "?"
    can_go_offline = False

    def __init__(self, origin: str):
        self.origin = origin
        self._files = tempfile.TemporaryDirectory(prefix=f"plot-{self.engine}-page-")
        self.downloads = Path(self._files.name, "downloads")  # where its downloads land
        self.downloads.mkdir()
        self._collected: set[str] = set()  # the downloads `downloaded` has handed over

    # primitives
    def goto(self, url: str) -> None: raise NotImplementedError
    def reload(self) -> None: raise NotImplementedError
    def evaluate_json(self, source: str, arg=None) -> str | None: raise NotImplementedError
    def click(self, x: float, y: float) -> None: raise NotImplementedError
    def key(self, key: str) -> None: raise NotImplementedError
    def set_viewport(self, width: int, height: int) -> tuple[int, int]: raise NotImplementedError
    def screenshot(self, path: Path) -> None: raise NotImplementedError
    def problems(self) -> list[str]: raise NotImplementedError
    def _close(self) -> None: raise NotImplementedError

    def set_files(self, selector: str, path: Path) -> None:
        """Hand the file `path` to the file input `selector`, as a file chooser does when the
        player picks it (the input's change event follows)."""
        raise NotImplementedError

    def clicks(self, points: list[tuple[float, float]], gap_ms: int) -> None:
        """Click each point in turn, `gap_ms` apart, as one stretch of input (a player's quick
        taps: the driver's own round trips do not add to the gap)."""
        raise NotImplementedError

    def set_offline(self, offline: bool) -> None:
        raise DriverError(f"{self.engine}: this driver cannot emulate being offline")

    def enter_frame(self, selector: str) -> None:
        """Run everything from now on inside the iframe `selector` (until the next goto)."""
        raise DriverError(f"{self.engine}: this driver does not go into frames")

    def screenshot_frame(self, selector: str, path: Path) -> None:
        raise DriverError(f"{self.engine}: this driver does not go into frames")

    def drag(self, start: tuple[float, float], end: tuple[float, float], steps: int = 8) -> None:
        """Press at `start`, move to `end` in `steps` pointer moves, release there."""
        raise NotImplementedError

    # shared
    def evaluate(self, source: str, arg=None):
        """Run the JS function `source` (one argument) in the page; its awaited result."""
        text = self.evaluate_json(source, arg)
        return None if text is None else json.loads(text)

    def downloaded(self, name: str) -> Path:
        """The file `name` this page downloaded, once the browser has written all of it (one
        download of each name a page). The browser writes into `downloads` on its own, with no
        event a classic WebDriver hands over, so the folder is looked at until the file is
        there, not empty, the same size twice running, and nothing else is being written."""
        path = self.downloads / name
        deadline = time.monotonic() + DOWNLOAD_TIMEOUT_S
        size = None
        while time.monotonic() < deadline:
            writing = [p.name for p in self.downloads.iterdir()
                       if p.name != name and p.name not in self._collected]
            last, size = size, path.stat().st_size if path.exists() else None
            if size and size == last and not writing:
                self._collected.add(name)
                return path
            time.sleep(DOWNLOAD_POLL_S)
        raise DriverError(f"{self.engine}: {name} was not downloaded within "
                          f"{DOWNLOAD_TIMEOUT_S} s; the downloads folder holds "
                          f"{sorted(p.name for p in self.downloads.iterdir())}")

    def follow_navigation(self, before: float) -> None:
        """After the page navigated by itself (a script's location.reload()): wait until it shows
        a new document (one whose time origin is not `before`), then watch that one as `goto`
        watches each document it opens."""
        deadline = time.monotonic() + NAVIGATION_TIMEOUT_S
        while True:
            try:
                now = self.evaluate(TIME_ORIGIN_SOON)
            except Exception:  # noqa: BLE001 - the call met the old document going away: each
                now = before   # driver says so in its own words (WebKit: NoSuchFrameException)
            if now != before:
                break
            if time.monotonic() > deadline:
                raise DriverError(f"{self.engine}: the page did not navigate within "
                                  f"{NAVIGATION_TIMEOUT_S} s")
        self._watch_new_document()

    def _watch_new_document(self) -> None:
        """A driver that watches the page from inside starts watching a document the page
        navigated to by itself (the others watch the whole tab)."""

    def close(self) -> None:
        try:
            self._close()
        finally:
            self._files.cleanup()


def _origin(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}"


# ---- Chromium: Playwright ------------------------------------------------------------------

class ChromiumBrowser:
    name = "chromium"

    @staticmethod
    def missing() -> str | None:
        try:
            import playwright.sync_api  # noqa: F401
        except ImportError:
            return "Playwright is not installed (make test installs it into .venv)"
        return None

    def __init__(self):
        from playwright.sync_api import sync_playwright

        self._playwright = sync_playwright().start()
        args = {"args": ["--disable-gpu", "--disable-dev-shm-usage",
                         "--disable-background-networking", "--no-sandbox"]}
        if CHROMIUM.exists():
            args["executable_path"] = str(CHROMIUM)
        self._browser = self._playwright.chromium.launch(**args)
        self.version = self._browser.version

    def new_page(self, origin: str) -> Page:
        return ChromiumPage(self._browser, origin)

    def close(self) -> None:
        self._browser.close()
        self._playwright.stop()


class ChromiumPage(Page):
    engine = "chromium"
    can_go_offline = True

    def __init__(self, browser, origin: str):
        super().__init__(origin)
        self.context = browser.new_context(viewport={"width": WIDTH, "height": HEIGHT},
                                           accept_downloads=True)
        self.page = self.context.new_page()
        self._problems: list[str] = []
        self._navigations = Navigations(self.page)
        self._downloads: list = []  # Playwright's downloads, each kept in a folder of its own
        self.page.on("download", lambda download: self._downloads.append(download))
        self.page.on("console", self._console)
        self.page.on("pageerror", lambda e: self._problems.append(
            f"page error: {e.stack or f'{e.name}: {e.message}'}"))
        self.page.on("requestfailed", self._failed)
        self.page.on("request", self._request)

    def _failed(self, request) -> None:
        """A failed request counts, unless the player never sees it, as in
        tests/e2e/tablepage.py (aborted by a navigation, or the tab's icon cut short)."""
        if not self._navigations.unseen_failure(request):
            self._problems.append(f"request failed: {request.url} ({request.failure})")

    def _console(self, message) -> None:
        if message.type == "error":
            self._problems.append(f"console error: {message.text}")
        elif message.type == "warning" and any(w in message.text for w in WARNINGS):
            self._problems.append(f"console warning: {message.text}")

    def _request(self, request) -> None:
        self._navigations.saw(request)
        if urlsplit(request.url).scheme in ("data", "blob"):
            return
        if _origin(request.url) != self.origin:
            self._problems.append(f"request to another origin: {request.url}")

    def goto(self, url):
        self.page.goto(url)

    def reload(self):
        self.page.reload()

    def evaluate_json(self, source, arg=None):
        return self.page.evaluate(f"async (arg) => JSON.stringify(await ({source})(arg))", arg)

    def click(self, x, y):
        self.page.mouse.click(x, y)

    def clicks(self, points, gap_ms):
        for i, (x, y) in enumerate(points):
            if i and gap_ms:  # the gap between clicks is the input under test, not a wait on
                self.page.wait_for_timeout(gap_ms)  # the page: the test then reads its signals
            self.page.mouse.click(x, y)

    def drag(self, start, end, steps=8):
        mouse = self.page.mouse
        mouse.move(*start)
        mouse.down()
        mouse.move(*end, steps=steps)
        mouse.up()

    def key(self, key):
        self.page.keyboard.press(key)

    def set_viewport(self, width, height):
        self.page.set_viewport_size({"width": width, "height": height})
        return width, height

    def screenshot(self, path):
        self.page.screenshot(path=str(path))

    def set_offline(self, offline):
        self.context.set_offline(offline)

    def set_files(self, selector, path):
        self.page.set_input_files(selector, str(path))

    def downloaded(self, name):
        """As Page.downloaded, from Playwright's own download event: saved into `downloads`
        once complete."""
        download = next((d for d in self._downloads if d.suggested_filename == name), None)
        if download is None:  # not here yet: Playwright hands events over only while it runs
            download = self.page.wait_for_event(
                "download", predicate=lambda d: d.suggested_filename == name,
                timeout=DOWNLOAD_TIMEOUT_S * 1000)
        path = self.downloads / name
        download.save_as(path)
        self._collected.add(name)
        return path

    def problems(self):
        found, self._problems = self._problems, []
        return found

    def _close(self):
        self.context.close()


# ---- Firefox: puppeteer-core over WebDriver BiDi, through firefox_bridge.mjs ---------------

class FirefoxBrowser:
    name = "firefox"

    @staticmethod
    def missing() -> str | None:
        if not FIREFOX.exists():
            return f"{FIREFOX} is missing (apt-get install firefox-esr; or set PLOT_FIREFOX)"
        if not shutil.which("node"):
            return "node is missing (apt-get install nodejs npm)"
        if not PUPPETEER.exists():
            return "node_modules/puppeteer-core is missing (npm ci)"
        return None

    def __init__(self):
        self._process = subprocess.Popen(
            ["node", str(HERE / "firefox_bridge.mjs"), str(FIREFOX)], cwd=ROOT,
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        self._answers: queue.Queue = queue.Queue()
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()
        self._next = 0
        self.version = self.call("launch")

    def _read(self) -> None:
        for line in self._process.stdout:
            self._answers.put(json.loads(line))
        self._answers.put(None)  # the bridge has exited

    def call(self, cmd: str, **args):
        self._next += 1
        request = {"id": self._next, "cmd": cmd, **args}
        try:
            self._process.stdin.write(json.dumps(request) + "\n")
            self._process.stdin.flush()
        except OSError as error:
            raise DriverError(f"the Firefox bridge is gone: {error}") from None
        try:
            answer = self._answers.get(timeout=BRIDGE_TIMEOUT_S)
        except queue.Empty:
            self._process.kill()
            raise DriverError(f"the Firefox bridge did not answer {cmd} in {BRIDGE_TIMEOUT_S} s"
                              ) from None
        if answer is None:
            raise DriverError(f"the Firefox bridge exited during {cmd}")
        if answer["id"] != request["id"]:
            raise DriverError(f"the Firefox bridge answered {answer} to {request}")
        if not answer["ok"]:
            raise DriverError(f"Firefox: {cmd}: {answer['error']}")
        return answer.get("value")  # absent when the value was undefined

    def new_page(self, origin: str) -> Page:
        return FirefoxPage(self, origin)

    def close(self) -> None:
        try:
            self.call("quit")
        finally:
            self._process.stdin.close()
            try:
                self._process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self._process.kill()
                self._process.wait()


class FirefoxPage(Page):
    engine = "firefox"
    can_go_offline = True  # for the page's own requests; see test_offline_reload.py

    def __init__(self, bridge: FirefoxBrowser, origin: str):
        super().__init__(origin)
        self.bridge = bridge
        self.id = bridge.call("newPage", origin=origin, width=WIDTH, height=HEIGHT,
                              failingWarnings=list(WARNINGS), downloads=str(self.downloads))

    def _call(self, cmd, **args):
        return self.bridge.call(cmd, page=self.id, **args)

    def goto(self, url):
        self._call("goto", url=url)

    def reload(self):
        self._call("reload")

    def evaluate_json(self, source, arg=None):
        return self._call("evaluate", source=source, arg=arg)

    def click(self, x, y):
        self._call("mouse", action="click", x=x, y=y)

    def clicks(self, points, gap_ms):
        self._call("clicks", points=[list(p) for p in points], gap=gap_ms)

    def drag(self, start, end, steps=8):
        self._call("mouse", action="move", x=start[0], y=start[1])
        self._call("mouse", action="down")
        self._call("mouse", action="move", x=end[0], y=end[1], steps=steps)
        self._call("mouse", action="up")

    def key(self, key):
        self._call("key", key=key)

    def set_viewport(self, width, height):
        self._call("viewport", width=width, height=height)
        return width, height

    def screenshot(self, path):
        self._call("screenshot", path=str(path))

    def set_offline(self, offline):
        self._call("offline", value=offline)

    def set_files(self, selector, path):
        self._call("setFiles", selector=selector, path=str(path))

    def problems(self):
        return self._call("problems")

    def _close(self):
        self._call("closePage")


# ---- WebKit: WebKitGTK's MiniBrowser through Selenium ----------------------------------------

# WebKitGTK composites a page with OpenGL, in threads of its web process; under Xvfb that is
# Mesa's software rasterizer (a player's WebKit draws with a GPU's driver, or in Safari with Core
# Animation). Once, in a full run on 2026-12-06, one of those threads crashed in it as a test
# resized the window (WebDriver: "Could not parse script result", then "session deleted because
# of page crash or hang"; the kernel's log: "ThreadedCompositor[...]: segfault ... in
# swrast_dri.so"), which failed the rest of that module. So the tests have WebKit paint without
# compositing: what they check (the page's script, layout, events, what a screenshot shows) does
# not depend on it, and the web process runs no OpenGL thread at all (checked as each page first
# opens the site). Its pages are also ready sooner, the rasterizer's threads no longer taking
# the two cores (tests/browsers/test_boot_and_deal.py, alternating: a first visit 3.6-4.3 s
# against 7.7 s). Screenshots need IDLE_SHOT_JS (below).
WEBKIT_ENV = {**os.environ, "WEBKIT_DISABLE_COMPOSITING_MODE": "1"}
# Painting without compositing, WebKitGTK takes a WebDriver screenshot at the page's next
# rendering update, which a page where nothing changes never has: the screenshot never came back
# (the replay paused, tests/browsers/test_features.py). An empty 1-pixel element (it draws
# nothing) whose opacity is animated keeps updates coming while the screenshot is taken, and is
# removed afterwards.
IDLE_SHOT_JS = """(on) => {
  document.getElementById('webdriver-tick')?.remove();
  if (!on) return;
  const tick = document.createElement('div');
  tick.id = 'webdriver-tick';
  tick.style.cssText = 'position:fixed;left:0;top:0;width:1px;height:1px;pointer-events:none';
  document.documentElement.append(tick);
  tick.animate([{ opacity: 0.001 }, { opacity: 0.002 }], { duration: 1000, iterations: Infinity });
}"""


def _descendants(pid: int) -> list[int]:
    """Every process started by `pid`, and by those, and so on (from Linux's /proc)."""
    parents = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        with contextlib.suppress(OSError):
            # the fields after the name, which ends at the last ')': state, then the parent
            parents[int(stat.parent.name)] = int(stat.read_text().rsplit(")", 1)[1].split()[1])
    found, todo = [], [pid]
    while todo:
        parent = todo.pop()
        children = [child for child, of in parents.items() if of == parent]
        found += children
        todo += children
    return found


def _uptime_s() -> float:
    """Seconds since the machine started, the clock of the kernel's log."""
    return float(Path("/proc/uptime").read_text().split()[0])


def _kernel_crashes(since_s: float) -> list[str]:
    """The kernel's reports of a process that died of its own fault (a trap, a segfault) since
    `since_s` (uptime): what names the faulting library. Empty where the log cannot be read."""
    try:
        log = subprocess.run(["dmesg"], capture_output=True, text=True, timeout=10).stdout
    except (OSError, subprocess.SubprocessError):
        return []
    found = []
    for line in log.splitlines():
        stamp = re.match(r"\[\s*(\d+\.\d+)\]\s*(.*)", line)
        if stamp and float(stamp[1]) >= since_s and re.search(r"traps:|segfault", stamp[2]):
            found.append(f"kernel: {stamp[2]}")
    return found


def _draws_with_gl(thread: str) -> bool:
    """Whether a web process thread's name (at most 15 characters, cut at the front) is one of
    WebKitGTK's compositor threads or Mesa's software rasterizer's."""
    return thread.endswith("Compositor") or thread.startswith("llvmpipe")


def minibrowser() -> Path | None:
    return next((p for p in MINIBROWSERS if p.exists()), None)


# Classic WebDriver has no console or error events (WebKitWebDriver here has no BiDi, and the
# MiniBrowser's "console messages to stdout" setting is ignored under automation), so the page
# is watched from inside: this runs right after every navigation returns (at DOMContentLoaded,
# before Pyodide has started) and wraps console.error/warn and listens for errors, rejections
# and CSP violations from then on. Requests to other origins are checked from the resource
# timeline, which is buffered from the start of the navigation.
WATCH_JS = """(failing) => {
  if (window.__plotWatch) return window.__plotWatch.since;
  const w = { problems: [], since: performance.now() };
  window.__plotWatch = w;
  // WebKit's error.stack leaves out the error's name and message: say them first
  const described = (e) => (e.stack && e.stack.includes(String(e)) ? e.stack
                            : [String(e), e.stack].filter(Boolean).join('\\n'));
  const text = (args) => args.map((a) => {
    if (a instanceof Error) return described(a);
    if (a && typeof a === 'object') { try { return JSON.stringify(a); } catch (e) { /* */ } }
    return String(a);
  }).join(' ');
  const error = console.error.bind(console);
  console.error = (...args) => { w.problems.push('console error: ' + text(args)); error(...args); };
  const warn = console.warn.bind(console);
  console.warn = (...args) => {
    const t = text(args);
    if (failing.some((f) => t.includes(f))) w.problems.push('console warning: ' + t);
    warn(...args);
  };
  addEventListener('error', (e) => {
    if (e.target && e.target !== window) {
      w.problems.push('request failed: ' + (e.target.src || e.target.href || e.target.tagName));
    } else {
      w.problems.push('page error: ' + (e.error instanceof Error ? described(e.error) : e.message));
    }
  }, true);
  addEventListener('unhandledrejection', (e) => w.problems.push(
    'page error: unhandled rejection: ' + (e.reason instanceof Error ? described(e.reason)
                                           : e.reason)));
  document.addEventListener('securitypolicyviolation', (e) => w.problems.push(
    'console error: CSP blocked ' + e.blockedURI + ' (' + e.violatedDirective + ')'));
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const url = new URL(entry.name);
      if (url.protocol !== 'data:' && url.protocol !== 'blob:' && url.origin !== location.origin) {
        w.problems.push('request to another origin: ' + entry.name);
      }
    }
  }).observe({ type: 'resource', buffered: true });
  return w.since;
}"""
TAKE_PROBLEMS_JS = """() => {
  const w = window.__plotWatch;
  return w ? w.problems.splice(0, w.problems.length) : ['the watch was not installed'];
}"""
# The viewport's size once it is `want` (or once two frames show the same size, with no `want`),
# or whatever it is after 5 s.
SIZE_JS = """(want) => new Promise((resolve) => {
  const started = performance.now();
  let last = null;
  const check = () => {
    const now = [innerWidth, innerHeight];
    const done = want ? now[0] === want[0] && now[1] === want[1]
                      : last && now[0] === last[0] && now[1] === last[1];
    if (done || performance.now() - started > 5000) return resolve(now);
    last = now;
    setTimeout(check, 16);
  };
  check();
})"""
SELENIUM_KEYS = {"Tab": "TAB", "Enter": "ENTER", "Escape": "ESCAPE", "ArrowLeft": "ARROW_LEFT",
                 "ArrowRight": "ARROW_RIGHT", "ArrowUp": "ARROW_UP", "ArrowDown": "ARROW_DOWN",
                 "Home": "HOME", "End": "END", " ": "SPACE"}


def _kill_tree(service) -> None:
    """Kill a WebKitWebDriver that does not answer, and every process below it (the browser
    it started and the browser's own web and network processes)."""
    process = getattr(service, "process", None)
    if process is None or process.poll() is not None:
        return
    below = _descendants(process.pid)  # read first: once killed, they lose their parent
    process.kill()
    for pid in below:
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)


class WebKitBrowser:
    name = "webkit"

    @staticmethod
    def missing() -> str | None:
        try:
            import selenium  # noqa: F401
        except ImportError:
            return "selenium is not installed (make test installs it into .venv)"
        if minibrowser() is None:
            return ("WebKitGTK's MiniBrowser is missing (apt-get install webkit2gtk-driver, "
                    "which brings libwebkit2gtk-4.1-0; or set PLOT_MINIBROWSER)")
        if not WEBKIT_DRIVER.exists():
            return f"{WEBKIT_DRIVER} is missing (apt-get install webkit2gtk-driver)"
        if not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
            return ("no display for MiniBrowser: run the tests under xvfb-run -a "
                    "(apt-get install xvfb)")
        return None

    def __init__(self):
        version = subprocess.run([str(minibrowser()), "--version"], capture_output=True,
                                 text=True, timeout=30)
        self.version = version.stdout.strip() or "?"
        self.watch_started_ms: list[float] = []  # when each page's watch began (page clock)

    def new_page(self, origin: str) -> Page:
        return WebKitPage(origin, self)

    def close(self) -> None:
        pass  # each page is its own MiniBrowser, closed with the page


class WebKitPage(Page):
    engine = "webkit"

    def __init__(self, origin: str, browser: WebKitBrowser):
        from selenium import webdriver

        super().__init__(origin)
        self.browser = browser
        # MiniBrowser saves a download in the user's download folder, which GLib reads from
        # $XDG_CONFIG_HOME/user-dirs.dirs: this page's `downloads`
        config = Path(self._files.name, "config")
        config.mkdir()
        (config / "user-dirs.dirs").write_text(f'XDG_DOWNLOAD_DIR="{self.downloads}"\n',
                                               encoding="utf-8")
        self._since_s = _uptime_s()  # the kernel's clock as this page's browser started
        self.driver, self._log = self._start(webdriver, {**WEBKIT_ENV,
                                                         "XDG_CONFIG_HOME": str(config)})
        self.driver.set_script_timeout(SCRIPT_TIMEOUT_S)
        self._pending: list[str] = []  # problems of documents that were navigated away from
        self._chrome = None           # window size minus viewport size, once measured
        self._watching = False        # whether the current document has the watch
        self._frame = None            # the iframe (selector) the commands run in, if any
        self._checked_threads = False  # whether its web process was seen to run no OpenGL
        try:
            self.set_viewport(WIDTH, HEIGHT)
        except BaseException:
            with contextlib.suppress(Exception):  # the browser may be gone already
                self.close()
            raise

    @staticmethod
    def _start(webdriver, env: dict):
        """A new MiniBrowser session and its driver's log. Once here (in some 60 sessions)
        WebKitWebDriver never answered New Session, its MiniBrowser gone: so a session that
        takes more than SESSION_TIMEOUT_S is killed and started again, once."""
        for attempt in (1, 2):
            options = webdriver.WebKitGTKOptions()
            options.binary_location = str(minibrowser())
            options.add_argument("--automation")
            # the driver writes to it for the whole session: closed with the page
            log = tempfile.NamedTemporaryFile(  # noqa: SIM115
                "w+", prefix="webkitwebdriver-", suffix=".log")
            service = webdriver.WebKitGTKService(executable_path=str(WEBKIT_DRIVER),
                                                 log_output=log, env=env)
            watchdog = threading.Timer(SESSION_TIMEOUT_S, lambda s=service: _kill_tree(s))
            previous = socket.getdefaulttimeout()
            socket.setdefaulttimeout(COMMAND_TIMEOUT_S)  # Selenium's client keeps it per session
            watchdog.start()
            try:
                return webdriver.WebKitGTK(options=options, service=service), log
            except Exception as error:  # noqa: BLE001 - said below, then tried once more
                log.seek(0)
                print(f"webkit: no session (attempt {attempt}): {error!r}; WebKitWebDriver's "
                      f"log: {log.read()[-2000:]!r}", file=sys.stderr)
                log.close()
                if attempt == 2:
                    raise DriverError(f"webkit: no session: {error!r}") from None
            finally:
                watchdog.cancel()
                socket.setdefaulttimeout(previous)
        raise AssertionError("unreachable")

    def _watch(self) -> None:
        since = self.evaluate(WATCH_JS, list(WARNINGS))
        self.browser.watch_started_ms.append(since)
        self._watching = True

    def _take(self) -> None:
        """Move the current document's problems to the Python side (before it goes away)."""
        if self._watching:
            self._pending += self.evaluate(TAKE_PROBLEMS_JS)

    @contextlib.contextmanager
    def _crash_said(self):
        """A WebDriver command that failed because the web process died fails as BrowserCrashed,
        with the browser's words for it: WebKitWebDriver's own answer is "Could not parse script
        result" or no message at all. (MiniBrowser writes "WebProcess CRASHED" to its error
        output, which is the driver's log.)"""
        from selenium.common.exceptions import WebDriverException

        before = os.fstat(self._log.fileno()).st_size  # what the log held before the command
        try:
            yield
        except WebDriverException as error:
            self._log.seek(before)
            said = [line.strip() for line in self._log.read().splitlines() if "CRASHED" in line]
            if not said:
                raise
            raise BrowserCrashed(
                f"webkit: the browser's web process died ({error.msg or type(error).__name__}); "
                + "; ".join(said + _kernel_crashes(self._since_s))) from None

    def goto(self, url):
        self._take()
        self._watching = False
        self._frame = None  # a navigation takes WebDriver back to the top-level document
        with self._crash_said():
            self.driver.get(url)
        self._watch()
        if not self._checked_threads:
            drawing = [name for name in self.web_process_threads() if _draws_with_gl(name)]
            if drawing:
                raise DriverError(f"webkit: the web process runs OpenGL threads {drawing}, "
                                  "though WEBKIT_DISABLE_COMPOSITING_MODE is set (WEBKIT_ENV)")
            self._checked_threads = True

    def web_processes(self) -> list[int]:
        """The process ids of the web processes this page's MiniBrowser runs."""
        found = []
        for pid in _descendants(self.driver.service.process.pid):
            with contextlib.suppress(OSError):
                if Path(f"/proc/{pid}/comm").read_text().startswith("WebKitWebProc"):
                    found.append(pid)
        return found

    def web_process_threads(self) -> list[str]:
        """The names of the threads of the web processes this page's MiniBrowser runs."""
        names = []
        for pid in self.web_processes():
            with contextlib.suppress(OSError):
                names += [Path(task, "comm").read_text().strip()
                          for task in Path(f"/proc/{pid}/task").iterdir()]
        return names

    def reload(self):
        self._take()
        self._watching = False
        with self._crash_said():
            self.driver.refresh()
        self._watch()

    def _watch_new_document(self):
        # what the old document met after the last look went with it, unseen
        self._watching = False
        self._frame = None
        self._watch()

    def evaluate_json(self, source, arg=None):
        from selenium.common.exceptions import JavascriptException

        script = ("const done = arguments[arguments.length - 1];"
                  f"Promise.resolve().then(() => ({source})(arguments[0]))"
                  ".then((v) => done({ ok: JSON.stringify(v) ?? null }),"
                  " (e) => done({ error: String((e && e.stack) || e) }));")
        try:
            with self._crash_said():
                result = self.driver.execute_async_script(script, arg)
        except JavascriptException as error:
            raise DriverError(f"webkit: {error.msg}") from None
        if "error" in result:
            raise DriverError(f"webkit: the page's script failed: {result['error']}")
        return result["ok"]

    def _actions(self, duration_ms: int = 0):
        from selenium.webdriver.common.actions.action_builder import ActionBuilder

        return ActionBuilder(self.driver, duration=duration_ms)

    def _perform(self, actions) -> None:
        """Perform W3C actions. WebKitWebDriver sometimes (seen once in ~3,000 clicks, on a
        loaded machine) answers "unknown error" with no message: say so precisely."""
        from selenium.common.exceptions import WebDriverException
        from selenium.webdriver.remote.command import Command

        try:
            actions.perform()
        except WebDriverException as error:
            with contextlib.suppress(WebDriverException):
                self.driver.execute(Command.W3C_CLEAR_ACTIONS)  # release what is still pressed
            raise InputNotDelivered(f"webkit: WebKitWebDriver failed the actions: {error!r}"
                                    ) from None

    def click(self, x, y):
        actions = self._actions()
        actions.pointer_action.move_to_location(round(x), round(y)).pointer_down().pointer_up()
        self._perform(actions)

    def clicks(self, points, gap_ms):
        actions = self._actions()
        for i, (x, y) in enumerate(points):
            if i and gap_ms:
                actions.pointer_action.pause(gap_ms / 1000)
            actions.pointer_action.move_to_location(round(x), round(y)).pointer_down().pointer_up()
        self._perform(actions)

    def drag(self, start, end, steps=8):
        actions = self._actions(duration_ms=16)
        pointer = actions.pointer_action
        pointer.move_to_location(round(start[0]), round(start[1])).pointer_down()
        for i in range(1, steps + 1):
            x = start[0] + (end[0] - start[0]) * i / steps
            y = start[1] + (end[1] - start[1]) * i / steps
            pointer.move_to_location(round(x), round(y))
        pointer.pointer_up()
        self._perform(actions)

    def key(self, key):
        from selenium.webdriver.common.action_chains import ActionChains
        from selenium.webdriver.common.keys import Keys

        name = SELENIUM_KEYS.get(key)
        self._perform(ActionChains(self.driver).send_keys(getattr(Keys, name) if name else key))

    def _inner_size(self, want: tuple[int, int] | None = None) -> tuple[int, int]:
        """The viewport's size once it is `want` (a resized window reaches the page a little
        later), or what it is after 5 s."""
        return tuple(self.evaluate(SIZE_JS, list(want) if want else None))

    def set_viewport(self, width, height):
        """The window is the viewport plus MiniBrowser's own bar; GTK keeps the window at least
        as wide as that bar (447 px), so a narrower viewport is refused: returns the real one."""
        if self._frame is not None:  # the window's viewport, not the frame's
            self.driver.switch_to.default_content()
        if self._chrome is None:
            outer = self.driver.get_window_size()
            inner = self._inner_size()
            self._chrome = (outer["width"] - inner[0], outer["height"] - inner[1])
        self.driver.set_window_size(width + self._chrome[0], height + self._chrome[1])
        outer = self.driver.get_window_size()
        want = (outer["width"] - self._chrome[0], outer["height"] - self._chrome[1])
        shown = self._inner_size(want)
        if self._frame is not None:
            self._enter(self._frame)
        if shown != want:
            raise DriverError(f"webkit: a {outer['width']}x{outer['height']} window shows a "
                              f"{shown[0]}x{shown[1]} viewport, not {want[0]}x{want[1]}")
        return shown

    @contextlib.contextmanager
    def _updating(self, frame: str | None):
        """The top-level document kept updating for a screenshot (IDLE_SHOT_JS says why), and
        WebDriver back in the iframe `frame` (a selector; None: the top level) afterwards."""
        if frame is not None:
            self.driver.switch_to.default_content()
        self.evaluate(IDLE_SHOT_JS, True)
        try:
            yield
        finally:
            self.evaluate(IDLE_SHOT_JS, False)
            if frame is not None:
                self._enter(frame)

    def screenshot(self, path):
        with self._updating(self._frame):
            self.driver.save_screenshot(str(path))

    def _enter(self, selector: str) -> None:
        from selenium.webdriver.common.by import By

        self.driver.switch_to.frame(self.driver.find_element(By.CSS_SELECTOR, selector))

    def enter_frame(self, selector):
        self._take()
        self._enter(selector)
        self._frame = selector
        self._watching = False
        self._watch()  # from here on: the frame's document (its start was not watched)

    def screenshot_frame(self, selector, path):
        from selenium.webdriver.common.by import By

        with self._updating(selector):
            self.driver.find_element(By.CSS_SELECTOR, selector).screenshot(str(path))

    def set_files(self, selector, path):
        from selenium.webdriver.common.by import By

        self.driver.find_element(By.CSS_SELECTOR, selector).send_keys(str(path))

    def problems(self):
        self._take()
        found, self._pending = self._pending, []
        return found

    def _close(self):
        try:
            self.driver.quit()
        finally:
            self._log.close()


ENGINES = {"chromium": ChromiumBrowser, "firefox": FirefoxBrowser, "webkit": WebKitBrowser}
