"""Benchmark a new player's first visit and their return: the game against a bare Pyodide page.

    make bench-firstvisit      (builds _site/ first)
    .venv/bin/python benchmarks/firstvisit.py [--rounds 3] [--mbit 10 40] [--variant DIR ...]

For each network speed (Chrome DevTools throttling: the given Mbit/s down, a 40 ms round trip),
in each round, alternately: the bare page (it only calls loadPyodide() from the same vendored
files) and the game, each in a fresh browser profile (no HTTP cache, no service worker yet).
Measured in the page: navigation start to ready (<html data-ready="true">); counted by the
browser's network events: bytes on the wire and requests until ready. Then each page is opened
again in its own profile (the return visit; the game's service worker is in control by then):
for the game, the first paint of the player's own saved table (the preview of the last table
drawn, put on screen before Python runs) and ready; for the bare page, ready. Prints medians and
each ÷ bare, against the aims: first visit <= 0.6 x bare; return: table on screen <= 0.3 s
after navigation start, ready <= 0.5 x bare. Each --variant (another built site, e.g. a lever
being measured) is measured as the game is, in the same rounds.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from contextlib import ExitStack
from pathlib import Path

from pagekit import launch_chromium, static_server
from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "_site"
BOOT_TIMEOUT_MS = 300_000
ROUND_TRIP_MS = 40
AIM_FIRST_VISIT = 0.6
AIM_TABLE_S = 0.3
AIM_RETURN = 0.5
WORKER_TIMEOUT_MS = 300_000

BARE_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>bare Pyodide</title>
<link rel="icon" href="web/favicon.svg" type="image/svg+xml"></head>
<body><p>bare loadPyodide()</p>
<script type="module">
import { loadPyodide } from "./web/vendor/pyodide/pyodide.mjs";
await loadPyodide();
document.documentElement.dataset.ready = "true";
</script></body></html>
"""
BARE = "__bare__.html"

# Before the page's scripts: when it is ready, and when the saved table was first painted.
MARKS = """
window.__marks = {};
new MutationObserver(() => {
  const root = document.documentElement;
  if (root.dataset.ready === "true") window.__marks.ready ??= performance.now();
  if (root.classList.contains("preview")) {
    window.__marks.preview ??= performance.now();
    requestAnimationFrame(() => { window.__marks.previewPainted ??= performance.now(); });
  }
}).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-ready", "class"] });
"""


class Wire:
    """Bytes and requests the page's network saw (CDP's Network domain), until told to stop."""

    def __init__(self, page, mbit: float):
        self.bytes = self.requests = 0
        self.counting = True
        self.cdp = page.context.new_cdp_session(page)
        self.cdp.send("Network.enable")
        self.cdp.send("Network.emulateNetworkConditions", {
            "offline": False, "latency": ROUND_TRIP_MS,
            "downloadThroughput": mbit * 1e6 / 8, "uploadThroughput": mbit * 1e6 / 8})
        self.cdp.on("Network.loadingFinished", self._finished)

    def _finished(self, event) -> None:
        if self.counting:
            self.bytes += event["encodedDataLength"]
            self.requests += 1


def visit(browser, url: str, mbit: float) -> dict:
    """A first visit, in a fresh profile."""
    context = browser.new_context(service_workers="allow")
    page = context.new_page()
    page.route("**/" + BARE, lambda route: route.fulfill(content_type="text/html",
                                                        body=BARE_PAGE))
    page.add_init_script(MARKS)
    result = {}
    wire = Wire(page, mbit)
    page.goto(url)
    page.wait_for_function("() => window.__marks.ready !== undefined", timeout=BOOT_TIMEOUT_MS)
    wire.counting = False
    marks = page.evaluate("() => window.__marks")
    result.update(ready=marks["ready"] / 1000, bytes=wire.bytes, requests=wire.requests,
                  table=marks.get("previewPainted", marks["ready"]) / 1000, page=page,
                  context=context)
    return result


def first_and_return(browser, url: str, mbit: float, worker: bool) -> tuple[dict, dict]:
    """A first visit, then (once its service worker is in control, for the game) a return."""
    first = visit(browser, url, mbit)
    page = first["page"]
    if worker:
        page.wait_for_function("() => navigator.serviceWorker.controller !== null",
                               timeout=WORKER_TIMEOUT_MS)
    cdp = page.context.new_cdp_session(page)
    cdp.send("Network.emulateNetworkConditions", {
        "offline": False, "latency": ROUND_TRIP_MS,
        "downloadThroughput": mbit * 1e6 / 8, "uploadThroughput": mbit * 1e6 / 8})
    page.evaluate("() => { window.__marks = {}; }")
    page.reload()
    page.wait_for_function("() => window.__marks.ready !== undefined", timeout=BOOT_TIMEOUT_MS)
    marks = page.evaluate("() => window.__marks")
    again = {"ready": marks["ready"] / 1000,
             "table": marks.get("previewPainted", marks["ready"]) / 1000}
    first["context"].close()
    return first, again


def median(rows: list[dict], key: str) -> float:
    return statistics.median(row[key] for row in rows)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--mbit", type=float, nargs="+", default=[10, 40])
    parser.add_argument("--variant", action="append", default=[], type=Path,
                        help="another built site to measure as the game is, in the same rounds")
    args = parser.parse_args()
    sites = {"game": SITE, **{path.name: path for path in args.variant}}
    for site in sites.values():
        if not (site / "index.html").exists():
            sys.exit(f"benchmarks/firstvisit.py: no site at {site} (make site builds _site/)")
    with ExitStack() as servers, sync_playwright() as p:
        urls = {name: servers.enter_context(static_server(site)) for name, site in sites.items()}
        browser = launch_chromium(p)
        for mbit in args.mbit:
            names = ["bare", *sites]
            rows = {name: [] for name in names}
            returns = {name: [] for name in names}
            for round_ in range(args.rounds):
                for name in names if round_ % 2 == 0 else names[::-1]:
                    target = urls["game"] + BARE if name == "bare" else urls[name] + "#game=7"
                    first, again = first_and_return(browser, target, mbit, name != "bare")
                    rows[name].append(first)
                    returns[name].append(again)
            bare = rows["bare"]
            print(f"first visit at {mbit:g} Mbit/s, {ROUND_TRIP_MS} ms round trip, "
                  f"{args.rounds} rounds (medians):")
            for name, data in rows.items():
                print(f"  {name:5s} ready {median(data, 'ready'):6.2f} s   "
                      f"{median(data, 'bytes') / 1e6:5.1f} MB   {median(data, 'requests'):3.0f} "
                      "requests   all: " + " ".join(f"{row['ready']:.2f}" for row in data))
            for name in sites:
                ratio = median(rows[name], "ready") / median(bare, "ready")
                print(f"  {name} / bare {ratio:.2f}  (aim <= {AIM_FIRST_VISIT}: "
                      f"{'met' if ratio <= AIM_FIRST_VISIT else 'not met'})")
                ready = median(returns[name], "ready") / median(returns["bare"], "ready")
                table = median(returns[name], "table")
                print(f"  {name}, return visit: the saved table on screen {table:.2f} s (aim <= "
                      f"{AIM_TABLE_S} s: {'met' if table <= AIM_TABLE_S else 'not met'}); ready "
                      f"{median(returns[name], 'ready'):.2f} s vs bare "
                      f"{median(returns['bare'], 'ready'):.2f} s = {ready:.2f} (aim <= "
                      f"{AIM_RETURN}: {'met' if ready <= AIM_RETURN else 'not met'})")
        browser.close()


if __name__ == "__main__":
    main()
