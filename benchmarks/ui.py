"""Benchmark the page: play 200 moves by clicking and print click -> DOM-updated times.

    make bench-ui            (builds _site/ first)   or   .venv/bin/python benchmarks/ui.py

Times are measured inside the page with performance.now(): from the click event (a capture
listener on the document, before the game's own listener) to the end of the first DOM update of
the table that follows (a MutationObserver, whose callback runs right after the game's
render, which an input handler does at its end). The click handler's whole time is printed too.
Moves are random legal moves chosen by the engine in CPython, mirrored in the page; a finished
game is replaced by the next deal through its #game= link.
Also prints the time from navigation to a playable page (data-ready) and the site's size.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from pagekit import launch_chromium, static_server  # noqa: E402

from plot import Game  # noqa: E402

SITE = ROOT / "_site"
MOVES = 200
FIRST_DEAL = 1

MEASURE = """() => {
  window.clickTimes = [];
  window.handlerTimes = [];
  let start = null, seen = false;
  document.addEventListener('click', () => { start = performance.now(); seen = false; }, true);
  // bubble phase on the document: runs right after the game's own listener on the table
  document.addEventListener('click', () => {
    if (start !== null) window.handlerTimes.push(performance.now() - start);
  });
  new MutationObserver(() => {
    if (start !== null && !seen) { window.clickTimes.push(performance.now() - start); seen = true; }
  }).observe(document.getElementById('table'),
             {subtree: true, childList: true, attributes: true, characterData: true});
}"""


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    k = max(0, min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1))))
    return ordered[k]


def main() -> None:
    if not (SITE / "index.html").exists():
        sys.exit("benchmarks/ui.py: build the site first (make site)")
    rng = random.Random(2026)
    with static_server(SITE) as url, sync_playwright() as p:
        browser = launch_chromium(p)
        page = browser.new_page(viewport={"width": 1280, "height": 800})
        number = FIRST_DEAL
        started = time.perf_counter()
        page.goto(f"{url}#game={number}")
        page.wait_for_selector("html[data-ready='true']", state="attached", timeout=60_000)
        boot = time.perf_counter() - started
        page.evaluate(MEASURE)
        game = Game.new(number)
        played = clicks = 0
        while played < MOVES:
            moves = game.legal_moves() if game.status == "playing" else []
            if not moves:
                number += 1
                game = Game.new(number)
                page.evaluate("n => { location.hash = '#game=' + n; }", number)
                page.wait_for_function(
                    "n => document.getElementById('game-number').textContent === String(n)",
                    arg=number)
                continue
            others = [m for m in moves if m.src != "S"]
            move = rng.choice(others) if others and rng.random() < 0.7 else moves[-1]
            for pile in ([move.src] if move.src == "S" else [move.src, move.dst]):
                before = page.evaluate("window.clickTimes.length")
                page.locator(f"[data-pile='{pile}']").click()
                page.wait_for_function("n => window.clickTimes.length > n", arg=before)
                clicks += 1
            game.play(move)
            played += 1
        times = page.evaluate("window.clickTimes")
        handler = page.evaluate("window.handlerTimes")
        started = time.perf_counter()
        page.reload()
        page.wait_for_selector("html[data-ready='true']", state="attached", timeout=60_000)
        reload = time.perf_counter() - started
        browser.close()
    size = sum(f.stat().st_size for f in SITE.rglob("*") if f.is_file())
    print(f"boot to playable: cold {boot:.2f} s, reload {reload:.2f} s (resuming the saved game)")
    print(f"{played} moves, {clicks} clicks over deals {FIRST_DEAL}..{number}")
    print(f"click -> DOM updated: p50 {statistics.median(times):.1f} ms, "
          f"p95 {percentile(times, 95):.1f} ms, max {max(times):.1f} ms (n={len(times)})")
    print(f"  the whole click handler (Python: engine, state, view and DOM): p50 "
          f"{statistics.median(handler):.1f} ms, p95 {percentile(handler, 95):.1f} ms (the DOM is "
          "updated inside it)")
    print(f"_site: {size / 1e6:.1f} MB in {sum(1 for f in SITE.rglob('*') if f.is_file())} files")


if __name__ == "__main__":
    main()
