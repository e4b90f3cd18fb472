"""Helpers for the end-to-end tests: a watched page of the game, the table as a player sees it."""

from __future__ import annotations

import json
from urllib.parse import urlsplit

BOOT_TIMEOUT_MS = 60_000
BROWSER_ICON = "/web/favicon.svg"  # fetched by the browser for its tab, not by the game
# Console warnings that mean the page fell back to something worse (web/boot.js, web/stdlib.py,
# web/offline.js, web/startup.js, web/main.py): a test must never see one, unless it breaks that
# part on purpose (and then takes the warning out of its page's problems). The cross-browser
# drivers (tests/browsers/drivers.py) watch for these and for OFFLINE_WARNING, which pages here
# give as they should: new_table blocks the service worker unless a test asks for it.
FAILING_WARNINGS = ("snapshot was not used", "bytecode was not loaded",
                    "the whole standard library was needed",
                    "preview of the last table was not shown", "could not be loaded")
OFFLINE_WARNING = "offline play is not available"


def icon_fetch_cut_short(url: str, failure: str | None) -> bool:
    """Whether a failed request is the browser's own fetch of the tab's icon, aborted (a reload
    or a navigation does that): the player never sees it."""
    return "ABORTED" in (failure or "") and urlsplit(url).path.endswith(BROWSER_ICON)


# Whether some paragraph saying `text` can be read whole: scrolled to, on top at its middle, and
# cut neither by itself (a clamp) nor by any box around it that clips.
READ_WHOLE = """text => [...document.querySelectorAll('p')]
  .filter((p) => p.textContent.includes(text) && p.getClientRects().length)
  .some((p) => {
    p.scrollIntoView({block: 'center'});
    const r = p.getBoundingClientRect();
    const hit = document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2);
    if (hit === null || !p.contains(hit) || p.scrollHeight > p.clientHeight + 1) return false;
    for (let box = p.parentElement; box; box = box.parentElement) {
      if (getComputedStyle(box).overflowY === 'visible') continue;
      const b = box.getBoundingClientRect();
      if (r.top < b.top - 1 || r.bottom > b.bottom + 1) return false;
    }
    return r.bottom <= innerHeight + 1;
  })"""


def new_table(browser, base_url: str, **context_args) -> TablePage:
    """A page of the game in a fresh context; the service worker only where a test asks for it
    (test_offline.py), so the other tests see the network as it is."""
    context_args.setdefault("service_workers", "block")
    context = browser.new_context(**context_args)
    return TablePage(context, base_url)


# ---- a watched page --------------------------------------------------------------------------

class Navigations:
    """The main-frame navigations of a Playwright page, and which one each request was made in."""

    def __init__(self, page):
        self.page = page
        self.count = 0              # main-frame navigations started so far
        self.started_in: dict = {}  # request -> the navigation it belongs to

    def saw(self, request) -> None:
        """Call on every request the page makes."""
        if request.is_navigation_request() and request.frame == self.page.main_frame:
            self.count += 1
        self.started_in[request] = self.count

    def unseen_failure(self, request) -> bool:
        """Whether a failed request is one a player never sees: aborted because the page
        navigated away meanwhile (a list the game fetches after it is ready, cut short by a
        reload), or the browser's own fetch of the tab's icon, aborted."""
        aborted = "ABORTED" in (request.failure or "")
        left = self.started_in.pop(request, self.count) < self.count
        return aborted and left or icon_fetch_cut_short(request.url, request.failure)


class Watch:
    """Collects everything that must never happen on the page."""

    def __init__(self, page, origin: str):
        self.problems: list[str] = []
        self.origin = origin
        self.page = page
        self.navigations = Navigations(page)
        page.on("console", self._console)
        page.on("pageerror", lambda error: self.problems.append(f"page error: {error}"))
        page.on("requestfailed", self._failed)
        page.on("request", self._request)

    def _failed(self, request) -> None:
        if not self.navigations.unseen_failure(request):
            self.problems.append(f"request failed: {request.url} ({request.failure})")

    def _console(self, message) -> None:
        if message.type == "error":
            self.problems.append(f"console error: {message.text}")
        elif message.type == "warning" and any(w in message.text for w in FAILING_WARNINGS):
            self.problems.append(f"console warning: {message.text}")

    def _request(self, request) -> None:
        self.navigations.saw(request)
        parts = urlsplit(request.url)
        if parts.scheme in ("data", "blob"):
            return
        if f"{parts.scheme}://{parts.netloc}" != self.origin:
            self.problems.append(f"request to another origin: {request.url}")


class TablePage:
    """A page of the game with helpers that read the table the way a player sees it."""

    def __init__(self, context, base_url: str):
        self.context = context
        self.base_url = base_url
        self.page = context.new_page()
        parts = urlsplit(base_url)
        self.watch = Watch(self.page, f"{parts.scheme}://{parts.netloc}")

    # navigation
    def goto(self, fragment: str = "") -> None:
        self.page.goto(self.base_url + fragment)
        self.wait_ready()

    def reload(self) -> None:
        self.page.reload()
        self.wait_ready()

    def store_and_open(self, key: str, value: str, fragment: str = "") -> None:
        """Put `value` in localStorage while no game page is open (its pagehide save would
        overwrite it), then open the game."""
        blank = self.base_url + "__storage__"
        self.page.route(blank, lambda route: route.fulfill(
            content_type="text/html",
            body="<!doctype html><title>storage</title><link rel=icon href=\"data:,\">"))
        self.page.goto(blank)
        self.page.unroute(blank)
        self.page.evaluate("([k, v]) => localStorage.setItem(k, v)", [key, value])
        self.goto(fragment)

    def wait_ready(self) -> None:
        self.page.wait_for_selector("html[data-ready='true']", state="attached",
                                    timeout=BOOT_TIMEOUT_MS)

    def open(self, number: int) -> None:
        """Switch to deal `number` through the address bar's hash, as a player would."""
        self.dismiss_dialogs()
        self.page.evaluate("n => { location.hash = '#game=' + n; }", number)
        self.page.wait_for_function(
            "n => document.getElementById('game-number').textContent === String(n)"
            " || !document.getElementById('result').hidden", arg=number)
        if self.page.locator("#result").get_attribute("data-kind") == "confirm" \
                and self.page.locator("#result").is_visible():
            self.page.locator("#confirm-yes").click()  # a game was in progress: leave it
        self.page.wait_for_function(
            "n => document.getElementById('game-number').textContent === String(n)"
            " && document.getElementById('moves').textContent === '0'", arg=number)

    def dismiss_dialogs(self) -> None:
        if self.page.locator("#result").is_visible():
            kind = self.page.locator("#result").get_attribute("data-kind")
            self.page.locator("#result-close" if kind != "confirm" else
                              "#result [data-action=cancel]").click()
        for panel in ("#help", "#stats"):
            if self.page.locator(panel).is_visible():
                self.page.locator(f"{panel} [data-action=close-panel]").click()

    # reading the table
    def table(self) -> dict:
        return self.page.evaluate(READ_TABLE)

    def wait_table(self, expected: dict) -> None:
        """Wait until the DOM shows exactly `expected` (see expected_table); fail with a diff."""
        try:
            self.page.wait_for_function(f"expected => {{ const t = ({READ_TABLE})(); "
                                        "return JSON.stringify(t) === JSON.stringify(expected); }",
                                        arg=expected, timeout=10_000)
        except Exception:
            assert self.table() == expected
            raise

    def status(self) -> str:
        return self.page.locator("[data-status]").get_attribute("data-status")

    def message(self) -> str:
        return self.page.locator("#message").inner_text()

    def pile(self, name: str):
        return self.page.locator(f"[data-pile='{name}']")

    def click_pile(self, name: str) -> None:
        self.pile(name).click()

    def play(self, move: str) -> None:
        """Play a move by clicking: the stock alone deals; otherwise source, then destination."""
        src, dst = move.split("-")
        self.click_pile(src)
        if src != "S":
            self.click_pile(dst)

    def assert_clean(self) -> None:
        errors = self.page.locator(".py-error").all_inner_texts()
        problems = self.watch.problems + [f".py-error: {text}" for text in errors]
        self.watch.problems = []
        assert not problems, "\n".join(problems)


# Reads every pile as the player sees it: the face-up cards (data-card) and the count.
READ_TABLE = """() => {
  const table = {};
  for (const pile of document.querySelectorAll('[data-pile]')) {
    table[pile.dataset.pile] = {
      cards: [...pile.querySelectorAll('[data-card]')].map(c => c.dataset.card),
      count: Number(pile.dataset.count ?? -1),
    };
  }
  return table;
}"""


# Where a player aims at a pile: the centre of its top card where it rests (a card in flight is
# drawn elsewhere, but `offsetLeft/Top` ignore the flight's transform), or the pile's centre.
AIM = """name => {
  const pile = document.querySelector(`[data-pile="${name}"]`);
  const box = pile.getBoundingClientRect();
  const cards = pile.querySelectorAll(':scope > .card');
  const top = cards[cards.length - 1];
  if (!top) return [box.left + box.width / 2, box.top + box.height / 2];
  return [box.left + top.offsetLeft + top.offsetWidth / 2,
          box.top + top.offsetTop + top.offsetHeight / 2];
}"""


# The cards in flight: render.py's FLIP animations, the page's only plain Web Animations (CSS
# animations and transitions, such as a target's glow, are not flights).
FLIGHTS = """() => document.getAnimations().filter((a) => !(a instanceof CSSAnimation) &&
  !(a instanceof CSSTransition) && a.playState !== 'finished')"""


# What a compositor animates alone, without repainting the page at every frame.
COMPOSITED = {"opacity", "transform"}
# Resolves once the page has drawn two more frames (what a change has put on screen by then).
FRAMES = "() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))"
# The properties each running CSS animation changes, by the animation's name.
ANIMATED_PROPERTIES = """() => {
  const timing = ['offset', 'computedOffset', 'easing', 'composite'];
  const changed = (a) => [...new Set(a.effect.getKeyframes().flatMap((k) =>
    Object.keys(k).filter((p) => !timing.includes(p))))];
  return Object.fromEntries(document.getAnimations()
    .filter((a) => a.animationName && a.playState === 'running')
    .map((a) => [a.animationName, changed(a)]));
}"""


# Which call trampoline CPython calls C functions through in a Pyodide, as its start chose it
# (web/boot.js): 0 for the JavaScript one, else the WebAssembly one's index in Pyodide's
# table of functions (-1 if nothing is there).
TRAMPOLINE = """(pyodide) => {
    const module = pyodide._module;
    const offset = module.HEAP32[module.__PyEM_EMSCRIPTEN_TRAMPOLINE_OFFSET / 4];
    const index = module.HEAP32[(module.__PyRuntime + offset) / 4];
    return index === 0 || typeof module.wasmTable.get(index) === "function" ? index : -1;
}"""
# The same, of the page's own interpreter (the one web/boot.js started and handed to PyScript).
PAGE_TRAMPOLINE = f"""async () => ({TRAMPOLINE})(
    await (await import(new URL("web/boot.js", document.baseURI).href)).loadPyodide())"""


def expected_table(game) -> dict:
    """What the page must show for an engine game: tops of squared piles, whole tableau piles."""
    p = game.position()
    table = {
        "R": {"cards": p["reserve"][-1:], "count": len(p["reserve"])},
        "S": {"cards": [], "count": len(p["stock"])},
        "W": {"cards": p["waste"][-1:], "count": len(p["waste"])},
    }
    for i, pile in enumerate(p["foundations"], 1):
        table[f"F{i}"] = {"cards": pile[-1:], "count": len(pile)}
    for i, pile in enumerate(p["tableau"], 1):
        table[f"T{i}"] = {"cards": list(pile), "count": len(pile)}
    return table


def save_record(page) -> dict:
    raw = page.page.evaluate("() => localStorage.getItem('the-plot/save')")
    return json.loads(raw)
