"""A player at the table, through any engine's driver (drivers.Page): opens deals, clicks piles at
their screen coordinates, uses the keyboard, drags cards, and reads the table as it is shown.

Every wait is on the page's own signals (data-ready, the moves counter, the table's DOM, focus),
observed in the page with a MutationObserver, never on time.
"""

from __future__ import annotations

import json
import time

from tests.browsers.drivers import InputNotDelivered, Page
from tests.e2e.tablepage import BOOT_TIMEOUT_MS, FLIGHTS, READ_TABLE

WAIT_MS = 10_000
REPORT_S = 10  # how long a driver may take to hand over the page's errors
ROUND_TRIP = "() => new Promise((r) => requestAnimationFrame(() => r(true)))"
# Whether a document's game is playable (data-ready), and whether what web/page.py fetches
# once it is playable has arrived (a reload or a navigation while that is on its way aborts it:
# a failed request). Each a function of the document, so that a test may ask it of a frame's.
READY_IN = "(doc) => doc.documentElement.dataset.ready === 'true'"
LOADED_IN = """(doc) => doc.getElementById('rules').firstElementChild !== null
  && doc.documentElement.dataset.winnableDeals === 'loaded'"""
REDELIVERED: list[str] = []  # driver failures that clicking again got past (in the summary)
# A JS function of one argument that resolves when PREDICATE(arg) is truthy (checked at every
# DOM change, and every 50 ms for what no mutation shows, such as focus), or on timeout.
WAIT_JS = """({ arg, timeout }) => new Promise((resolve) => {
  const predicate = (PREDICATE);
  let done = false;
  const finish = (result) => {
    if (done) return;
    done = true;
    observer.disconnect(); clearInterval(interval); clearTimeout(timer);
    resolve(result);
  };
  const check = () => {
    if (done) return;
    try {
      const value = predicate(arg);
      if (value) finish({ value, at: performance.now() });
    } catch (error) {
      finish({ error: String((error && error.stack) || error) });
    }
  };
  const observer = new MutationObserver(check);
  observer.observe(document, { subtree: true, childList: true, attributes: true,
                               characterData: true });
  const interval = setInterval(check, 50);
  const timer = setTimeout(() => finish({ timeout: true }), timeout);
  check();
})"""
# The centre of what a player clicks for a pile: its top card, or the pile itself when empty,
# where the layout puts it. A player aims at the pile, not at a card that is still flying in
# (a moved card is animated from its old place with a transform, which getBoundingClientRect
# includes), so the offsets are summed, which ignore transforms; where nothing is animated the
# two must agree.
PILE_CENTRE = """(name) => {
  const pile = document.querySelector(`[data-pile="${name}"]`);
  const target = pile.querySelector('.card:last-of-type') || pile;
  let x = -scrollX, y = -scrollY;
  for (let e = target; e; e = e.offsetParent) {
    x += e.offsetLeft + (e.offsetParent ? e.offsetParent.clientLeft : 0);
    y += e.offsetTop + (e.offsetParent ? e.offsetParent.clientTop : 0);
  }
  const w = target.offsetWidth, h = target.offsetHeight;
  const r = target.getBoundingClientRect();
  const still = !document.getAnimations().some((a) => a.effect && a.effect.target === target);
  return { x: x + w / 2, y: y + h / 2, rect: [r.left + r.width / 2, r.top + r.height / 2],
           still, inside: x >= 0 && y >= 0 && x + w <= innerWidth && y + h <= innerHeight };
}"""
CENTRE = """(selector) => {
  const el = document.querySelector(selector);
  if (!el || el.hidden || !el.getClientRects().length) return null;
  const r = el.getBoundingClientRect();
  return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
}"""
# Where to click for each pile, and the moves counter.
AIM = """(piles) => {
  const centre = PILE_CENTRE;
  return { points: piles.map(centre),
           moves: Number(document.getElementById('moves').textContent) };
}""".replace("PILE_CENTRE", PILE_CENTRE)
# What is under the point, for a failure message ("a flying card caught the click").
HIT = """([x, y]) => {
  const flights = FLIGHTS;
  const el = document.elementFromPoint(x, y);
  if (!el) return 'nothing';
  const pile = el.closest('[data-pile]');
  return `${el.tagName.toLowerCase()}.${[...el.classList].join('.')}` +
         (pile ? ` in pile ${pile.dataset.pile}` : '') +
         ` (cards flying: ${flights().length})`;
}""".replace("FLIGHTS", FLIGHTS)
# The pile a click at the point would land on.
PILE_AT = """([x, y]) => {
  const el = document.elementFromPoint(x, y);
  const pile = el && el.closest('[data-pile]');
  return pile ? pile.dataset.pile : null;
}"""
VISIBLE = """(s) => {
  const e = document.querySelector(s);
  return !!e && !e.hidden && e.getClientRects().length > 0;
}"""
SAME_TABLE = f"""(expected) => {{
  const t = ({READ_TABLE})();
  const names = Object.keys(expected);
  return names.length === Object.keys(t).length &&
         names.every((n) => JSON.stringify(t[n]) === JSON.stringify(expected[n]));
}}"""
# The keyboard order of the piles: as they are drawn, row by row (web/controls.py): Home goes to
# the first.
DRAWN_ORDER = """() => {
  const boxes = [...document.querySelectorAll('[data-pile]')].map((p) => {
    const r = p.getBoundingClientRect();
    return [p.dataset.pile, r.top, r.left + r.width / 2];
  });
  const row = (top) => Math.min(...boxes.filter((b) => Math.abs(b[1] - top) <= 12)
                                       .map((b) => b[1]));
  return boxes.sort((a, b) => (row(a[1]) - row(b[1])) || (a[2] - b[2])).map((b) => b[0]);
}"""


class Player:
    def __init__(self, page: Page, base_url: str):
        self.page = page
        self.base_url = base_url

    @property
    def engine(self) -> str:
        return self.page.engine

    # ---- the page ------------------------------------------------------------------------

    def js(self, source: str, arg=None):
        return self.page.evaluate(source, arg)

    def wait(self, predicate: str, arg=None, timeout_ms: int = WAIT_MS, what: str = ""):
        """Wait in the page until `predicate(arg)` is truthy; returns {value, at: page clock}."""
        result = self.page.evaluate(WAIT_JS.replace("PREDICATE", predicate),
                                    {"arg": arg, "timeout": timeout_ms})
        if "error" in result:
            raise AssertionError(f"{self.engine}: waiting for {what or predicate}: "
                                 f"{result['error']}")
        if result.get("timeout"):
            raise AssertionError(f"{self.engine}: {what or predicate} did not happen within "
                                 f"{timeout_ms} ms")
        return result

    def goto(self, fragment: str = "") -> dict:
        """Open the game; returns {wall_ms: navigation to data-ready as the test saw it,
        page_ms: the page's clock when data-ready was seen}."""
        started = time.monotonic()
        self.page.goto(self.base_url + fragment)
        return self._ready(started)

    def open_framed(self, width: int, height: int, fragment: str = "") -> dict:
        """The game in a same-origin iframe of width x height, for a driver whose window cannot
        be made that small; every call afterwards works inside the frame."""
        started = time.monotonic()
        self.page.goto(f"{self.base_url}frame.html?w={width}&h={height}{fragment}")
        self.page.enter_frame("#frame")
        return self._ready(started)

    def store_and_open(self, key: str, value: str, fragment: str = "") -> dict:
        """Put `value` in localStorage while no game page is open (its pagehide save would
        overwrite it), then open the game."""
        return self.store_all_and_open({key: value}, fragment)

    def store_all_and_open(self, items: dict[str, str], fragment: str = "") -> dict:
        """store_and_open for several keys."""
        self.page.goto(self.base_url + "blank.html")
        self.js("(items) => { for (const [k, v] of items) localStorage.setItem(k, v); }",
                list(items.items()))
        return self.goto(fragment)

    def reload(self) -> dict:
        started = time.monotonic()
        self.page.reload()
        return self._ready(started)

    def click_and_follow(self, selector: str) -> dict:
        """Click `selector`, after which the page navigates by itself (e.g. reloads), and wait
        for the new document's data-ready, as `goto` does."""
        before = self.js("() => performance.timeOrigin")
        started = time.monotonic()
        self.click(selector)
        self.page.follow_navigation(before)
        return self._ready(started)

    def _ready(self, started: float) -> dict:
        seen = self.wait(f"() => ({READY_IN})(document)", timeout_ms=BOOT_TIMEOUT_MS,
                         what="data-ready")
        wall_ms = round((time.monotonic() - started) * 1000)
        self.wait(f"() => ({LOADED_IN})(document)", timeout_ms=BOOT_TIMEOUT_MS,
                  what="the rules and the winnable deals loaded")
        return {"wall_ms": wall_ms, "page_ms": seen["at"]}

    def marks(self) -> list[str]:
        return self.js("() => performance.getEntriesByType('mark').map((m) => m.name)")

    def visible(self, selector: str) -> bool:
        return self.js(VISIBLE, selector)

    def text(self, selector: str) -> str:
        return self.js("(s) => document.querySelector(s).textContent", selector)

    def problems_until(self, wanted: tuple[str, ...]) -> list[str]:
        """The page's problems as the driver hands them over, a frame at a time, until each of
        `wanted` is in one of them or REPORT_S pass: a driver's report of an error may come
        after its answer to a later call (Firefox's BiDi log events do)."""
        problems: list[str] = []
        deadline = time.monotonic() + REPORT_S
        while True:
            problems += self.page.problems()
            if all(any(w in p for p in problems) for w in wanted) \
                    or time.monotonic() > deadline:
                return problems
            self.js(ROUND_TRIP)

    def assert_clean(self) -> None:
        errors = self.js("() => [...document.querySelectorAll('.py-error')]"
                         ".map((e) => e.textContent)")
        problems = self.page.problems() + [f".py-error: {text}" for text in errors]
        assert not problems, f"{self.engine}:\n" + "\n".join(problems)

    # ---- reading the table ---------------------------------------------------------------

    def table(self) -> dict:
        return self.js(READ_TABLE)

    def wait_table(self, expected: dict) -> None:
        """Wait until the DOM shows exactly `expected` (tablepage.expected_table)."""
        try:
            self.wait(SAME_TABLE, expected, what="the engine's table")
        except AssertionError:
            shown = self.table()
            diff = {n: {"page": shown.get(n), "engine": expected.get(n)}
                    for n in sorted(set(shown) | set(expected)) if shown.get(n) != expected.get(n)}
            raise AssertionError(f"{self.engine}: the table differs from the engine's: "
                                 f"{json.dumps(diff)}") from None

    def moves(self) -> int:
        return int(self.text("#moves"))

    def wait_moves(self, count: int, what: str = "") -> None:
        self.wait("(n) => document.getElementById('moves').textContent === String(n)", count,
                  what=what or f"the moves counter at {count}")

    # ---- a pointer, at screen coordinates ------------------------------------------------

    def centre(self, pile: str) -> tuple[float, float]:
        return self._checked(pile, self.js(PILE_CENTRE, pile))

    def _checked(self, pile: str, at: dict) -> tuple[float, float]:
        assert at["inside"], f"{self.engine}: pile {pile} is not inside the viewport"
        if at["still"]:
            assert abs(at["x"] - at["rect"][0]) < 1.5 and abs(at["y"] - at["rect"][1]) < 1.5, \
                f"{self.engine}: pile {pile}: the layout's centre {at} is not the drawn one"
        return at["x"], at["y"]

    def click_pile(self, pile: str) -> None:
        self.page.click(*self.centre(pile))

    def open_moves(self) -> None:
        """Open the Moves panel from the bar, as a player does, and wait until it shows."""
        self.click(".bar [data-action=story]")
        self.wait("() => !document.getElementById('story').hidden", what="the Moves panel")

    def open_stats(self) -> None:
        """Open the statistics and history panel from the bar, and wait until it shows."""
        self.click(".bar [data-action=stats]")
        self.wait("() => !document.getElementById('stats').hidden", what="the statistics panel")

    def scroll_to(self, selector: str) -> None:
        """Scroll whatever holds `selector` (the page, a panel, a list) to bring it into view."""
        self.js("(s) => document.querySelector(s).scrollIntoView({block: 'center'})", selector)

    def click_in_view(self, selector: str) -> None:
        """As a player does: scroll (a panel, a list) to `selector`, then click it."""
        self.scroll_to(selector)
        self.click(selector)

    def fill(self, selector: str, text: str) -> None:
        """Put `text` in the text box `selector`, as pasting it does."""
        self.js("""([s, text]) => {
          const box = document.querySelector(s);
          box.value = text;
          box.dispatchEvent(new Event('input', { bubbles: true }));
        }""", [selector, text])

    def click(self, selector: str) -> None:
        at = self.js(CENTRE, selector)
        assert at is not None, f"{self.engine}: {selector} is not on screen"
        self.page.click(at["x"], at["y"])

    def play(self, move: str) -> None:
        """One move by clicks, then wait for the counter: the stock alone deals; otherwise a
        click on the source and then one on the destination.

        The player does not wait for the last move's card to land: a card in flight never
        catches a click (test_playing.py checks it under the flight itself)."""
        src, dst = move.split("-")
        piles = [src] if src == "S" else [src, dst]
        aim = self.js(AIM, piles)
        points = [self._checked(pile, at) for pile, at in zip(piles, aim["points"], strict=True)]
        try:
            self.page.clicks(points, 0)
        except InputNotDelivered as error:
            self._redeliver(move, piles, points, aim["moves"], error)
        try:
            self.wait_moves(aim["moves"] + 1, f"move {move} (clicked)")
        except AssertionError as error:
            hits = [self.js(HIT, list(p)) for p in points]
            raise AssertionError(f"{error}; the clicks hit: {hits}; the page says: "
                                 f"{self.text('#message')!r}") from None

    def _redeliver(self, move, piles, points, before, error) -> None:
        """The driver says it could not deliver the clicks: find out from the page what
        arrived, and click what did not, as a player whose click did not register would."""
        # what arrived is drawn at the page's next frame: read the table after two
        state = self.js("() => new Promise((r) => requestAnimationFrame(() =>"
                        " requestAnimationFrame(() => r({"
                        " moves: Number(document.getElementById('moves').textContent),"
                        " selected: document.querySelector('[data-pile].selected')"
                        "?.dataset.pile ?? null }))))")
        if state["moves"] == before + 1:
            rest = []                    # everything arrived
        elif state["selected"] is None:
            rest = points                # nothing arrived
        elif state["selected"] == piles[0] and len(piles) == 2:
            rest = points[1:]            # the source was picked up
        else:
            raise AssertionError(f"{error}; then the page showed {state} for move {move}")
        REDELIVERED.append(f"{self.engine}: {move}: {error} (clicked again: {len(rest)})")
        if rest:
            self.page.clicks(rest, 0)

    def pile_at(self, point: tuple[float, float]) -> str | None:
        return self.js(PILE_AT, list(point))

    def drag(self, src: str, dst: str, steps: int = 8) -> None:
        self.page.drag(self.centre(src), self.centre(dst), steps)

    # ---- the keyboard --------------------------------------------------------------------

    def focused_pile(self) -> str | None:
        return self.js("() => document.activeElement?.dataset?.pile ?? null")

    def tab_into_table(self, limit: int = 60) -> int:
        """Press Tab until a pile has focus; returns how many presses it took."""
        for presses in range(1, limit + 1):
            self.page.key("Tab")
            if self.focused_pile():
                return presses
        raise AssertionError(f"{self.engine}: {limit} presses of Tab never reached the table")

    def key_to(self, pile: str) -> None:
        """Home, then the right arrow along the keyboard order, to `pile`."""
        self.page.key("Home")
        for _ in range(self.js(DRAWN_ORDER).index(pile)):
            self.page.key("ArrowRight")
        self.wait("(p) => document.activeElement?.dataset?.pile === p", pile,
                  what=f"keyboard focus on {pile}")

    def play_keys(self, move: str) -> None:
        """One move by keyboard: D deals; else Enter on the source, then on the destination."""
        before = self.moves()
        src, dst = move.split("-")
        if src == "S":
            self.page.key("d")
        else:
            self.key_to(src)
            self.page.key("Enter")
            self.wait("(p) => document.querySelector(`[data-pile='${p}']`)"
                      ".classList.contains('selected')", src, what=f"{src} picked up")
            self.key_to(dst)
            self.page.key("Enter")
        self.wait_moves(before + 1, f"move {move} (keyboard)")

    # ---- deals and dialogs ---------------------------------------------------------------

    def dismiss_dialogs(self) -> None:
        if self.visible("#result"):
            kind = self.js("() => document.getElementById('result').dataset.kind")
            self.click("#result-close" if kind != "confirm" else "#result [data-action=cancel]")
            self.wait("() => document.getElementById('result').hidden", what="dialog closed")
        for panel in ("#help", "#stats", "#settings"):
            if self.visible(panel):
                self.click(f"{panel} [data-action=close-panel]")
                self.wait(f"() => document.querySelector('{panel}').hidden", what="panel closed")

    def open(self, number: int) -> None:
        """Switch to deal `number` through the address bar's hash, as a player would (leaving a
        game in progress when the page asks)."""
        self.dismiss_dialogs()
        self.js("(n) => { location.hash = '#game=' + n; }", number)
        self.wait("(n) => document.getElementById('game-number').textContent === String(n)"
                  " || !document.getElementById('result').hidden", number,
                  what=f"game {number} or a confirmation")
        if self.visible("#result") and self.js(
                "() => document.getElementById('result').dataset.kind") == "confirm":
            self.click("#confirm-yes")
        self.wait("(n) => document.getElementById('game-number').textContent === String(n)"
                  " && document.getElementById('moves').textContent === '0'", number,
                  what=f"game {number} dealt")
