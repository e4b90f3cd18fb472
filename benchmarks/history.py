"""Benchmark the history: script time to open it with 5,000 games, and storage per 1,000 games.

    make bench-history        (builds _site/ first)   or   .venv/bin/python benchmarks/history.py

Stores GAMES games (random results, deals, times; tiers and a few deals of the day) and their
statistics in a fresh profile, boots the page, then opens the statistics panel (the history's
list of its first rows and the four charts of all its games) RUNS times, closing it between.
Script time is Chrome's own count (CDP Performance.getMetrics ScriptDuration) from the click to
the panel drawn. Prints each run, the median against AIM_MS, and the history's size in storage
(localStorage holds UTF-16: two bytes a character) per 1,000 games.
"""

from __future__ import annotations

import random
import statistics
import sys
from pathlib import Path

from pagekit import launch_chromium, static_server
from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from web.history import HISTORY, HISTORY_KEY, TIERS, Entry  # noqa: E402
from web.stats import STATS_KEY, Stats  # noqa: E402

SITE = ROOT / "_site"
GAMES = 5_000
RUNS = 5
AIM_MS = 100
BOOT_TIMEOUT_MS = 120_000
RESULTS = ("won", "lost", "abandoned")


def history(count: int, seed: int = 1) -> tuple[str, Stats]:
    """`count` games as the page stores them, and statistics that agree with them."""
    rng = random.Random(seed)
    games = []
    for i in range(count):
        result = rng.choice(RESULTS)
        daily = f"2026-{1 + i % 12:02d}-{1 + i % 28:02d}" if i % 9 == 0 else None
        games.append(Entry(f"{rng.getrandbits(64):016x}", rng.randint(1, 10_000),
                           1_700_000_000 + i * 5_000, result, rng.randint(20, 260),
                           rng.randint(60, 1_800), rng.randint(0, 3), rng.randint(0, 9),
                           104 if result == "won" else rng.randint(0, 103),
                           rng.choice(TIERS), daily))
    return HISTORY.dump(games=[g.row() for g in games]), Stats.of_history(games)


def script_ms(cdp) -> float:
    metrics = {m["name"]: m["value"] for m in cdp.send("Performance.getMetrics")["metrics"]}
    return metrics["ScriptDuration"] * 1000


def main() -> int:
    if not (SITE / "index.html").exists():
        sys.exit("no _site/: run `make site` first")
    raw, stats = history(GAMES)
    with static_server(SITE) as url, sync_playwright() as p:
        browser = launch_chromium(p)
        page = browser.new_context(viewport={"width": 1366, "height": 850}).new_page()
        page.goto(url + "web/favicon.svg")  # same origin, no game: storage can be filled
        for key, value in ((HISTORY_KEY, raw), (STATS_KEY, stats.to_json())):
            page.evaluate("([k, v]) => localStorage.setItem(k, v)", [key, value])
        page.goto(url)
        page.wait_for_selector("html[data-ready='true']", state="attached",
                               timeout=BOOT_TIMEOUT_MS)
        cdp = page.context.new_cdp_session(page)
        cdp.send("Performance.enable")
        times = []
        for _ in range(RUNS):
            before = script_ms(cdp)
            page.locator(".bar [data-action=stats]").click()
            page.wait_for_function(
                "n => document.querySelectorAll('#history [data-history-entry]').length === n"
                " && document.querySelectorAll('#charts figure svg').length === 4"
                " && !document.getElementById('stats').hidden", arg=min(GAMES, 100))
            page.evaluate("() => new Promise(r => requestAnimationFrame(() => setTimeout(r)))")
            times.append(script_ms(cdp) - before)
            page.keyboard.press("Escape")
            page.wait_for_function("() => document.getElementById('stats').hidden")
        stored = page.evaluate("k => localStorage.getItem(k).length", HISTORY_KEY)
        browser.close()
    print(f"opening the history and its charts with {GAMES:,} games, script time (ms): "
          + ", ".join(f"{t:.1f}" for t in times))
    median = statistics.median(times)
    print(f"median {median:.1f} ms, max {max(times):.1f} ms; aim < {AIM_MS} ms: "
          f"{'met' if median < AIM_MS else 'NOT met'}")
    print(f"storage: {stored:,} characters for {GAMES:,} games = {stored / GAMES * 1000:,.0f} "
          f"characters ({2 * stored / GAMES * 1000 / 1024:,.0f} KiB as UTF-16) per 1,000 games")
    return 0


if __name__ == "__main__":
    sys.exit(main())
