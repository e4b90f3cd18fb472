"""Benchmark interaction to next paint: real mouse clicks on the game, against a trivial page.

    make bench-inp            (builds _site/ first)   or   .venv/bin/python benchmarks/inp.py

Plays MOVES moves of the game with real mouse clicks (Playwright's page.mouse at each pile's
centre: a click on the source, a click on the destination, a click on the stock to deal), and
collects the browser's Event Timing entries in the page (the measure behind Core Web Vitals'
INP: from the input to the next frame painted after its handlers). Each interaction counts once,
at its longest entry. In the same run, a trivial page with one button whose click handler
changes a line of text is clicked as often, the same way. Prints p50, p98 and max per page, and
the game's p98 against the trivial page's p98 + AIM_MARGIN_MS. For comparison only (not the
aim), the trivial page once more with a small square spinning beside the button, so that the
browser draws a frame every vsync as it does while the game's cards fly.

Where the time goes, from each interaction's entries: the input delay (its first event waits for
the main thread), its handlers, and what comes after the last of them until the frame is on
screen (the rendering steps, raster, compositing). And, for comparison only, the game and the
trivial page once more at a player's speed: a pause of HUMAN_GAP_MS (30-150 ms, as the
end-to-end tests drive input) before every click, where the runs above click as fast as the
machine answers, with the aim's sum for that pace too (the issue's aim is the first). And the
game at both paces with card speed off in Settings, so that no card flies: a flight's start
(the layout it forces to measure where the card lands, its copy, its animation) is the
largest part of a move's handler, and a card still flying when the next click comes lands at
that click, in its frame.

And what the page does while it waits for a click with only the stock to play (the stock
breathes): its main thread's work over WAIT_S seconds, from Chrome's Performance metrics. An
animation the compositor cannot run alone restyles and repaints at every frame, and the next
click then shares the frame with it.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from pathlib import Path

from pagekit import launch_chromium, static_server
from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from plot import STOCK, TABLEAU, Game  # noqa: E402
from tests.e2e.tablepage import AIM, new_table  # noqa: E402  (AIM: where a player aims at a pile)
from tests.lines import only_the_stock_left, page_save  # noqa: E402
from web.saveslot import SAVE_KEY  # noqa: E402
from web.settings import SETTINGS, SETTINGS_KEY, SPEED_MS  # noqa: E402  (card speeds, stored)

SITE = ROOT / "_site"
MOVES = 120
AIM_MARGIN_MS = 8
BOOT_TIMEOUT_MS = 120_000
DESKTOP = {"width": 1366, "height": 850}
PHONE = {"width": 390, "height": 844}  # portrait: the cards are sized by the fans' room
HUMAN_GAP_MS = (30, 150)  # a player's pause before each click, drawn uniformly
GAP_SEED = 14  # the pauses' generator, seeded alike for the game and the trivial page
WAIT_S = 3  # how long the page is watched while it waits for a click
LONG_GAME = ROOT / "tests" / "fixtures" / "random-lost-deal-13.txt"  # 321 moves, lost
UNDO_CLICKS = 40

TRIVIAL = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>trivial</title>
<link rel="icon" href="web/favicon.svg" type="image/svg+xml"></head><body>
<button id="b" style="width:200px;height:120px">click</button><p id="out">0</p>
<script type="module">
let n = 0;
document.getElementById("b").addEventListener("click", () => {
  document.getElementById("out").textContent = String(++n);
});
document.documentElement.dataset.ready = "true";
</script></body></html>"""

SPINNING = TRIVIAL.replace("<p id=\"out\">0</p>", """<p id="out">0</p>
<div style="width:40px;height:40px;background:#369;animation:spin 1s linear infinite"></div>
<style>@keyframes spin { to { transform: rotate(1turn); } }</style>""")
assert SPINNING != TRIVIAL

# For comparison: the game's table with every click taken before the page's own listeners and
# answered in plain JavaScript, no Python: the top card of the clicked tableau pile moves to the
# next tableau pile, and with FLY true it flies there as web/render.py's cards do (a copy in
# #sky whose transform the compositor animates, the card hidden until it lands, every flight
# landed at the next press). What a click costs on this table with and without a flight, once
# the page's Python is out of the way.
JS_MOVE = """
window.__clicks = 0;
const flights = [];
for (const kind of ["pointerdown", "mousedown", "pointerup", "mouseup", "click"]) {
  window.addEventListener(kind, (event) => {
    if (document.documentElement.dataset.ready !== "true") return;
    event.stopImmediatePropagation();
    event.preventDefault();
    if (kind === "pointerdown") for (const flight of flights.splice(0)) flight.finish();
    if (kind !== "click") return;
    window.__clicks++;
    const pile = event.target.closest('[data-pile^="T"]');
    const card = pile && pile.querySelector(":scope > .card:last-of-type");
    if (!card) return;
    const piles = [...document.querySelectorAll('[data-pile^="T"]')];
    const from = card.getBoundingClientRect();
    piles[(piles.indexOf(pile) + 1) % piles.length].append(card);
    if (!FLY) return;
    const to = card.getBoundingClientRect();
    const copy = card.cloneNode(true);
    copy.classList.add("flying");
    Object.assign(copy.style, {left: `${to.left}px`, top: `${to.top}px`,
                               width: `${to.width}px`, height: `${to.height}px`});
    document.getElementById("sky").append(copy);
    card.classList.add("landing");
    const flight = copy.animate(
      [{transform: `translate(${from.left - to.left}px, ${from.top - to.top}px)`},
       {transform: "none"}], {duration: FLIGHT_MS, easing: "cubic-bezier(.2,.7,.3,1)"});
    flight.onfinish = () => { copy.remove(); card.classList.remove("landing"); };
    flights.push(flight);
  }, true);
}
"""

# Every interaction's Event Timing entries, by interaction id: [start, processing start,
# processing end, end] of each.
# The smallest duration the Event Timing API reports (it reports nothing shorter).
THRESHOLD_MS = 16
COLLECT = """
window.__inp = new Map();
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) {
    if (!e.interactionId) continue;
    if (!window.__inp.has(e.interactionId)) window.__inp.set(e.interactionId, []);
    window.__inp.get(e.interactionId).push(
      [e.startTime, e.processingStart, e.processingEnd, e.startTime + e.duration]);
  }
}).observe({ type: "event", durationThreshold: THRESHOLD, buffered: true });
""".replace("THRESHOLD", str(THRESHOLD_MS))
ENTRIES = "() => [...window.__inp.values()]"
MOVES_SHOWN = "n => document.getElementById('moves').textContent === n"  # the page's move count
# The parts of an interaction's time printed (what is left, between its handlers, is the press
# still held before the release comes):
PART_NAMES = ("input delay", "handlers", "handlers' end to paint")


def parts(entries: list[list[float]]) -> tuple[float, float, float]:
    """One interaction's input delay, time in handlers, and time from its last handler to paint."""
    start = min(e[0] for e in entries)
    handlers = sum(e[2] - e[1] for e in entries)
    return min(e[1] for e in entries) - start, handlers, max(e[3] for e in entries) - max(
        e[2] for e in entries)


class Run:
    """One page clicked: every interaction's duration, and where the reported ones spent it."""

    def __init__(self, page, clicks: int):
        interactions = page.evaluate(ENTRIES)  # each interaction counts at its longest entry
        self.durations = [max(e[3] - e[0] for e in entries) for entries in interactions]
        # interactions under the threshold report nothing: count them as what they at most were
        self.durations += [THRESHOLD_MS] * (clicks - len(self.durations))
        self.parts = [list(part) for part in zip(*map(parts, interactions), strict=True)] \
            or [[] for _ in PART_NAMES]



def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[max(0, min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1))))]


def pause(page, gap: random.Random | None) -> None:
    """A player's pause before a click (none when `gap` is None: as fast as the machine)."""
    if gap is not None:
        page.wait_for_timeout(gap.uniform(*HUMAN_GAP_MS))


def click(page, name: str, gap: random.Random | None = None) -> None:
    x, y = page.evaluate(AIM, name)
    pause(page, gap)
    page.mouse.click(x, y)


def play_game(browser, url: str, moves: int, rng: random.Random,
              viewport: dict = DESKTOP, gap: random.Random | None = None,
              speed: str | None = None) -> tuple[Run, int]:
    """Click `moves` moves of random legal play (a pause drawn from `gap` before each click;
    the card speed of Settings set to `speed` if given); the interactions and their count."""
    context = browser.new_context(viewport=viewport, service_workers="block")
    page = context.new_page()
    page.add_init_script(COLLECT)
    if speed is not None:
        page.add_init_script(f"localStorage.setItem({SETTINGS_KEY!r}, "
                             f"{SETTINGS.dump(speed=speed)!r})")
    number = 1
    page.goto(f"{url}#game={number}")
    page.wait_for_selector("html[data-ready='true']", state="attached", timeout=BOOT_TIMEOUT_MS)
    game, clicks = Game.new(number), 0
    for _ in range(moves):
        if game.status != "playing":
            number += 1
            game = Game.new(number)
            page.evaluate("n => { location.hash = '#game=' + n; }", number)
            page.wait_for_function("n => document.getElementById('game-number').textContent"
                                   " === String(n)", arg=number)
        legal = [m for m in game.legal_moves() if m.src != STOCK] or game.legal_moves()
        move = rng.choice(legal)
        click(page, move.src, gap)
        clicks += 1
        if move.src != STOCK:
            click(page, move.dst, gap)
            clicks += 1
        game.play(move)
        page.wait_for_function(MOVES_SHOWN, arg=str(game.moves_played))
    page.wait_for_timeout(300)  # the last entries arrive after their paint
    run = Run(page, clicks)
    context.close()
    return run, clicks


def click_trivial(browser, url: str, clicks: int, body: str = TRIVIAL,
                  gap: random.Random | None = None) -> Run:
    context = browser.new_context(service_workers="block")
    page = context.new_page()
    page.add_init_script(COLLECT)
    page.route(url + "trivial.html", lambda route: route.fulfill(content_type="text/html",
                                                                body=body))
    page.goto(url + "trivial.html")
    for i in range(clicks):
        pause(page, gap)
        page.mouse.click(100, 60)
        page.wait_for_function("n => document.getElementById('out').textContent === n",
                               arg=str(i + 1))
    page.wait_for_timeout(300)
    run = Run(page, clicks)
    context.close()
    return run


def click_table_in_js(browser, url: str, clicks: int, fly: bool) -> Run:
    """Click the game's table `clicks` times (tableau piles in turn), every click answered by
    JS_MOVE instead of the page, with or without a flight."""
    context = browser.new_context(viewport=DESKTOP, service_workers="block")
    page = context.new_page()
    page.add_init_script(COLLECT)
    page.add_init_script(JS_MOVE.replace("FLIGHT_MS", str(SPEED_MS["normal"]))
                         .replace("FLY", "true" if fly else "false"))
    page.goto(f"{url}#game=1")
    page.wait_for_selector("html[data-ready='true']", state="attached", timeout=BOOT_TIMEOUT_MS)
    for i in range(clicks):
        click(page, TABLEAU[i % len(TABLEAU)])
        page.wait_for_function("n => window.__clicks === n", arg=i + 1)
    page.wait_for_timeout(300)
    run = Run(page, clicks)
    context.close()
    return run


def undo_redo(browser, url: str, clicks: int, panel: bool) -> Run:
    """Undo and Redo in turn, clicked at a player's pace, in a long game (LONG_GAME, 321
    moves) with the Moves panel open or closed: every click redraws the move list's entries
    that it changes while the panel is open."""
    table = new_table(browser, url, viewport=DESKTOP)  # service workers blocked
    page = table.page
    page.add_init_script(COLLECT)
    game = Game.from_record(LONG_GAME.read_text(encoding="utf-8"))
    table.store_and_open(SAVE_KEY, page_save(game))  # waits for the page's data-ready
    page.keyboard.press("Escape")  # the lost dialog
    if panel:
        page.locator(".bar [data-action=story]").click()
        page.wait_for_selector("#story:not([hidden])")
    page.wait_for_timeout(300)
    page.evaluate("() => window.__inp.clear()")
    gap = random.Random(GAP_SEED)
    for i in range(clicks):
        box = page.locator("#undo" if i % 2 == 0 else "#redo").bounding_box()
        pause(page, gap)
        page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        shown = game.moves_played - 1 if i % 2 == 0 else game.moves_played
        page.wait_for_function(MOVES_SHOWN, arg=str(shown))
    page.wait_for_timeout(300)
    run = Run(page, clicks)
    table.context.close()
    return run


def waiting(browser, url: str) -> dict[str, float]:
    """The main thread's style recalculations and busy time per second while the page waits,
    only the stock to play (tests/lines.py's position), from Chrome's Performance metrics."""
    number, line = only_the_stock_left()
    context = browser.new_context(viewport=DESKTOP, service_workers="block")
    page = context.new_page()
    page.goto(f"{url}#game={number}")
    page.wait_for_selector("html[data-ready='true']", state="attached", timeout=BOOT_TIMEOUT_MS)
    for played, move in enumerate(line, 1):
        for pile in move.split("-")[:1 if move.startswith(STOCK) else 2]:
            click(page, pile)
        page.wait_for_function(MOVES_SHOWN, arg=str(played))
    page.wait_for_selector(".stock.only-move", state="attached")
    page.wait_for_timeout(1000)  # the last move's flight and its landing are over
    cdp = context.new_cdp_session(page)
    cdp.send("Performance.enable")

    def metrics() -> dict[str, float]:
        return {m["name"]: m["value"] for m in cdp.send("Performance.getMetrics")["metrics"]}

    before = metrics()
    page.wait_for_timeout(WAIT_S * 1000)
    after = metrics()
    context.close()
    return {"style recalculations": (after["RecalcStyleCount"] - before["RecalcStyleCount"])
            / WAIT_S,
            "busy ms": (after["TaskDuration"] - before["TaskDuration"]) * 1000 / WAIT_S}


def summary(run: Run) -> str:
    durations = run.durations
    return (f"p50 {percentile(durations, 50):5.0f} ms   p98 {percentile(durations, 98):5.0f} ms"
            f"   max {max(durations):5.0f} ms   ({len(durations)} interactions, mean "
            f"{statistics.fmean(durations):.0f} ms)")


def where(run: Run) -> str:
    """Median and p98 of each part of the reported interactions' time."""
    if not run.parts[0]:
        return f"every interaction under {THRESHOLD_MS} ms"
    return "   ".join(f"{name} {percentile(part, 50):.1f} / {percentile(part, 98):.1f} ms"
                       for name, part in zip(PART_NAMES, run.parts, strict=True))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=MOVES)
    args = parser.parse_args()
    if not (SITE / "index.html").exists():
        sys.exit("benchmarks/inp.py: build the site first (make site)")
    with static_server(SITE) as url, sync_playwright() as p:
        browser = launch_chromium(p)
        game, clicks = play_game(browser, url, args.moves, random.Random(2026))
        trivial = click_trivial(browser, url, clicks)
        spinning = click_trivial(browser, url, clicks, SPINNING)
        phone, _ = play_game(browser, url, args.moves, random.Random(2026), PHONE)
        human, _ = play_game(browser, url, args.moves, random.Random(2026),
                             gap=random.Random(GAP_SEED))
        human_trivial = click_trivial(browser, url, clicks, gap=random.Random(GAP_SEED))
        speed_off, _ = play_game(browser, url, args.moves, random.Random(2026), speed="off")
        speed_off_human, _ = play_game(browser, url, args.moves, random.Random(2026),
                                       gap=random.Random(GAP_SEED), speed="off")
        still = click_table_in_js(browser, url, clicks, fly=False)
        flown = click_table_in_js(browser, url, clicks, fly=True)
        idle = waiting(browser, url)
        closed = undo_redo(browser, url, UNDO_CLICKS, panel=False)
        listed = undo_redo(browser, url, UNDO_CLICKS, panel=True)
        browser.close()
    print(f"interaction to next paint, {args.moves} moves, {clicks} real mouse clicks each:")
    print(f"  game     {summary(game)}")
    print(f"  trivial  {summary(trivial)}")
    print(f"  trivial, something spinning (for comparison)  {summary(spinning)}")
    print(f"  game at phone size, 390x844 (for comparison)  {summary(phone)}")
    low, high = HUMAN_GAP_MS
    print(f"  at a player's speed, {low}-{high} ms before each click (for comparison):")
    print(f"    game     {summary(human)}")
    print(f"    trivial  {summary(human_trivial)}")
    print("  the game with card speed off in Settings: no card flies (for comparison):")
    print(f"    as fast as the machine  {summary(speed_off)}")
    print(f"    at a player's speed     {summary(speed_off_human)}")
    print("  the game's table, each click answered in plain JavaScript, no Python: the top card"
          " of a tableau pile moves to the next (for comparison):")
    print(f"    no flight          {summary(still)}")
    print(f"    the game's flight  {summary(flown)}")
    print(f"  Undo and Redo in turn in a game of 321 moves, {UNDO_CLICKS} clicks at a player's "
          "speed (for comparison):")
    print(f"    Moves panel closed  {summary(closed)}")
    print(f"    Moves panel open    {summary(listed)}")
    print(f"  where the time goes, median / p98 of the interactions of {THRESHOLD_MS} ms or more:")
    for name, run in (("game", game), ("trivial", trivial), ("game at a player's speed", human),
                      ("JavaScript, no flight", still), ("JavaScript, the game's flight", flown)):
        print(f"    {name}: {where(run)}")
    print(f"  waiting for a click, only the stock to play (it breathes), over {WAIT_S} s: "
          f"{idle['style recalculations']:.0f} style recalculations and "
          f"{idle['busy ms']:.0f} ms of main-thread work a second")
    print(f"  aim: {verdict(game, trivial)}")
    print(f"  the same at a player's speed (for comparison): {verdict(human, human_trivial)}")
    print(f"  card speed off (for comparison): {verdict(speed_off, trivial)}; at a player's "
          f"speed: {verdict(speed_off_human, human_trivial)}")


def verdict(game: Run, trivial: Run) -> str:
    """The issue's aim for a game's run against the trivial page's run of the same pace."""
    aim = percentile(trivial.durations, 98) + AIM_MARGIN_MS
    met = "met" if percentile(game.durations, 98) <= aim else "not met"
    return f"game p98 <= trivial p98 + {AIM_MARGIN_MS} ms = {aim:.0f} ms: {met}"


if __name__ == "__main__":
    main()
