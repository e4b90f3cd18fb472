"""Benchmark the start: the game against a bare Pyodide page, cold and warm, in one run.

    make bench-startup          (builds _site/ first)
    .venv/bin/python benchmarks/startup.py [--rounds 5] [--variant DIR ...] [--return-rounds 3]

Loads, alternately, (a) a bare page that only calls loadPyodide() from the same vendored files and
(b) the game (and each --variant: another built site, e.g. a lever being measured), each from a
fresh browser context (cold), then reloaded in the same context (warm: HTTP cache), and for the
game also reloaded once its service worker controls the page (warm: service worker). Times are
measured inside the page: navigation start to the ready mark (<html data-ready="true">, which the
bare page sets once loadPyodide() resolves). Prints medians, the ratios game / bare, the first
contentful paint (the table's skeleton), bytes transferred, PyScript's boot steps, and every URL
fetched on a cold load with anything unused, a source map or a request to another origin flagged.

And a player's return as it really happens: the browser closed and started again on the same
profile (a new process: nothing of the last visit is left in memory, only what the browser
keeps on disk), RETURNS times after a first visit, the game with its service worker, against
the bare page (--return-rounds rounds; 0 leaves it out). A reload in the same tab (warm,
above) finds the interpreter's compiled WebAssembly still in the process; a return does not.

Single loads vary by +-25% on a busy 2-core machine, so the pages take turns within each round
(in alternating order) and the figures are also computed per round, each load against the bare
load of its own round (paired): the ratio, how much later the game's interpreter is ready than
the bare page's (the cost of starting it beside PyScript), and the game's own time from its
interpreter being ready to ready (PyScript's bootstrap and the page's Python).
"""

from __future__ import annotations

import argparse
import math
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import urlsplit

from pagekit import launch_chromium, launch_persistent_chromium, static_server
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "_site"
BOOT_TIMEOUT_MS = 120_000
AIM_RATIO = 1.10
AIM_FIRST_PAINT_S = 0.3

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

# Runs before the page's own scripts (before <html> exists): paint entries, PyScript's steps
# and the ready mark.
MARKS = """
window.__marks = {};
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) window.__marks[entry.name] = entry.startTime;
}).observe({ type: "paint", buffered: true });
addEventListener("py:progress", ({ detail }) => {
  window.__marks["py: " + detail] ??= performance.now();
});
addEventListener("py:all-done", () => { window.__marks["py: all done"] = performance.now(); });
new MutationObserver(() => {
  if (document.documentElement.dataset.ready === "true") window.__marks.ready ??= performance.now();
}).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-ready"] });
"""

READY = "() => window.__marks && window.__marks.ready !== undefined"  # the page set its mark
# The marks above plus the page's own performance.mark() steps (web/boot.js, web/main.py,
# web/page.py), as "page: NAME".
MARKS_NOW = """() => Object.assign({}, window.__marks, Object.fromEntries(
  performance.getEntriesByType('mark').map(e => ['page: ' + e.name, e.startTime])))"""

RESOURCES = """() => [performance.getEntriesByType('navigation')[0],
                      ...performance.getEntriesByType('resource')].map(e => ({
  url: e.name, start: e.startTime, end: e.responseEnd, transfer: e.transferSize,
  body: e.encodedBodySize, worker: e.workerStart > 0 }))"""

# Fetched but never needed by this page: editor/terminal/game plugins, MicroPython, source maps.
UNUSED = re.compile(r"(codemirror|xterm|py-editor|py-terminal|py-game|mpy|\.map$)")


def median(values: list[float]) -> float:
    return statistics.median(values) if values else float("nan")


class Run:
    """One browser and one server for all the pages being compared."""

    def __init__(self, browser, base: str):
        self.browser, self.base = browser, base

    def load(self, path: str, workers: bool = False):
        """Open `path` cold in a fresh context; return (context, page, marks, resources)."""
        context = self.browser.new_context(service_workers="allow" if workers else "block")
        context.add_init_script(MARKS)
        page = context.new_page()
        page.goto(self.base + path + "#game=1")
        return context, page, self._wait(page)

    def reload(self, page):
        page.reload()
        return self._wait(page)

    @staticmethod
    def _wait(page):
        page.wait_for_function(READY, timeout=BOOT_TIMEOUT_MS, polling=50)
        return page.evaluate(MARKS_NOW), page.evaluate(RESOURCES)


def transferred(resources) -> int:
    return sum(r["transfer"] for r in resources)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=8,
                        help="loads of each page and kind (single loads vary by +-25%% here)")
    parser.add_argument("--variant", action="append", default=[], type=Path,
                        help="another built site to measure alongside _site/ (a lever)")
    parser.add_argument("--no-worker", action="store_true",
                        help="skip the service-worker reloads (faster)")
    parser.add_argument("--return-rounds", type=int, default=3,
                        help="rounds of returns with the browser started again (0: none)")
    args = parser.parse_args()
    sites = {"game": SITE, **{path.name: path for path in args.variant}}
    for path in sites.values():
        if not (path / "index.html").exists():
            sys.exit(f"benchmarks/startup.py: no built site in {path} (make site)")

    with tempfile.TemporaryDirectory() as tmp:
        top = Path(tmp)
        (top / "web").symlink_to(SITE / "web", target_is_directory=True)  # the same vendored files
        (top / "bare.html").write_text(BARE_PAGE, encoding="utf-8")
        for name, path in sites.items():
            (top / name).symlink_to(path.resolve(), target_is_directory=True)
        with static_server(top) as url:
            measure(url, sites, args)
            if args.return_rounds:
                returns(url, ["bare", *sites], args.return_rounds)


class Samples:
    """Every load's marks (ms since navigation start), by page, kind (cold, warm, worker) and
    round, so that figures of one round can be compared with each other (paired)."""

    def __init__(self):
        self.marks: dict[tuple[str, str], dict[int, dict]] = {}

    def add(self, name: str, kind: str, round_: int, marks: dict) -> None:
        self.marks.setdefault((name, kind), {})[round_] = marks

    def seconds(self, name: str, kind: str, mark: str = "ready") -> dict[int, float]:
        """round -> the mark in seconds, for the loads that have it."""
        return {r: m[mark] / 1000 for r, m in self.marks.get((name, kind), {}).items() if mark in m}

    def values(self, name: str, kind: str, mark: str = "ready") -> list[float]:
        return list(self.seconds(name, kind, mark).values())

    def paired(self, name: str, kind: str, bare_kind: str, combine) -> list[float]:
        """combine(this load's marks in s, the bare page's ready in s) for every round with both."""
        bare = self.seconds("bare", bare_kind)
        return [combine({k: v / 1000 for k, v in m.items()}, bare[r])
                for r, m in self.marks.get((name, kind), {}).items()
                if r in bare and "ready" in m]


def measure(base: str, sites: dict, args) -> None:
    names = ["bare", *sites]
    samples = Samples()
    first_cold: dict[str, list] = {}
    cold_bytes = {n: [] for n in names}
    with sync_playwright() as p:
        browser = launch_chromium(p)
        run = Run(browser, base)
        started = time.perf_counter()
        broken: set[str] = set()
        for round_ in range(args.rounds):
            # every other round in reverse order, so no page always comes first or last
            for name in names if round_ % 2 == 0 else names[::-1]:
                if name in broken:
                    continue
                path = "bare.html" if name == "bare" else f"{name}/"
                # cold, then warm from the HTTP cache (no service worker)
                try:
                    context, page, (marks, resources) = run.load(path)
                except PlaywrightError as error:
                    print(f"{name}: never became ready ({error.message.splitlines()[0]}); "
                          "left out", file=sys.stderr)
                    broken.add(name)
                    continue
                samples.add(name, "cold", round_, marks)
                cold_bytes[name].append(transferred(resources))
                first_cold.setdefault(name, resources)
                if name != "bare":  # a return visit: after the first start kept the snapshot
                    page.wait_for_selector("html[data-snapshot]", state="attached",
                                           timeout=BOOT_TIMEOUT_MS)
                marks, _ = run.reload(page)
                samples.add(name, "warm", round_, marks)
                context.close()
                if name == "bare" or args.no_worker:
                    continue
                # warm from the service worker: a first visit installs it, the reload uses it
                context, page, _ = run.load(path, workers=True)
                page.wait_for_function("() => navigator.serviceWorker.controller !== null",
                                       timeout=BOOT_TIMEOUT_MS)
                marks, resources = run.reload(page)
                assert all(r["worker"] for r in resources[1:]), "not served by the worker"
                samples.add(name, "worker", round_, marks)
                context.close()
            print(f"round {round_ + 1}/{args.rounds} done "
                  f"({time.perf_counter() - started:.0f} s)", file=sys.stderr)
        browser.close()
    report(names, sites, samples, first_cold, cold_bytes, base, args)


# How the bare page's time (its ready = Pyodide loaded) compares with each load of the game,
# computed within one round: the game's interpreter loaded, and the game's ready.
LOADED = "py: Loaded interpreter"
PAIRED = {
    "ratio game / bare": lambda m, bare: m["ready"] / bare,
    "interpreter loaded - bare ready (s)": lambda m, bare: m.get(LOADED, float("nan")) - bare,
    "interpreter loaded -> ready (s)": lambda m, bare: m["ready"] - m.get(LOADED, float("nan")),
    # of which PyScript's own Python bootstrap (writing and importing its `pyscript` package)
    "Loaded Pyodide -> main: start (s)": lambda m, bare: (
        m.get("page: main: start", float("nan")) - m.get("py: Loaded Pyodide", float("nan"))),
}
# Which bare load each kind of game load is compared with.
BARE_KIND = {"cold": "cold", "warm": "warm", "worker": "warm"}


def report(names, sites, samples: Samples, first_cold, cold_bytes, base, args) -> None:
    print(f"\nStartup, {args.rounds} rounds, medians in seconds (navigation start -> ready)")
    print(f"{'page':<22}{'cold':>8}{'/bare':>8}{'warm':>8}{'/bare':>8}"
          f"{'worker':>8}{'/bare':>8}{'1st paint':>11}{'cold MB':>9}")
    bare_cold = median(samples.values("bare", "cold"))
    bare_warm = median(samples.values("bare", "warm"))
    for name in names:
        if not samples.values(name, "cold"):
            print(f"{name:<22}never became ready")
            continue
        c, w = median(samples.values(name, "cold")), median(samples.values(name, "warm"))
        line = f"{name:<22}{c:>8.2f}{c / bare_cold:>8.2f}{w:>8.2f}{w / bare_warm:>8.2f}"
        if samples.values(name, "worker"):
            s = median(samples.values(name, "worker"))
            line += f"{s:>8.2f}{s / bare_warm:>8.2f}"
        else:
            line += f"{'':>16}"
        paint = median(samples.values(name, "cold", "first-contentful-paint"))
        line += f"{paint:>11.3f}{median(cold_bytes[name]) / 1e6:>9.2f}"
        print(line)
    print(f"aims: ratio <= {AIM_RATIO:.2f} cold and warm; first paint <= {AIM_FIRST_PAINT_S} s")
    print("(cold = a first visit; warm = a reload from the HTTP cache after the first start kept "
          "its snapshot;\n worker = a reload served by the service worker; both compared with the "
          "bare page's warm reload)")

    print("\nPer load, paired with the bare load of its round (medians; [min .. max] over the "
          "rounds): the ratio,\nhow much later the game's interpreter is ready than the bare "
          "page, the game's own time after its\ninterpreter is ready, and PyScript's bootstrap "
          "within it")
    for name in sites:
        for kind in ("cold", "warm", "worker"):
            if not samples.values(name, kind):
                continue
            parts = []
            for label, combine in PAIRED.items():
                values = samples.paired(name, kind, BARE_KIND[kind], combine)
                parts.append(f"{label} {median(values):.2f} [{min(values):.2f} .. "
                             f"{max(values):.2f}]")
            print(f"  {name}, {kind}:\n    " + "\n    ".join(parts))

    print("\nall samples (s, in round order):")
    for name in names:
        print(f"  {name:<20}" + "  ".join(
            f"{kind} {fmt(samples.values(name, kind))}" for kind in ("cold", "warm", "worker")
            if samples.values(name, kind)))
    for name in sites:
        for kind in ("cold", "warm"):
            print_steps(f"{name}, {kind}", samples.marks.get((name, kind), {}).values())
    origin = f"{urlsplit(base).scheme}://{urlsplit(base).netloc}"
    for name in first_cold:
        resources = first_cold[name]
        print(f"\nEvery URL fetched, {name}, first cold load "
              f"({len(resources)} requests, {transferred(resources) / 1e6:.2f} MB transferred):")
        print(f"  {'start':>6} {'end':>6} {'bytes':>10}  url")
        for r in sorted(resources, key=lambda r: r["start"]):
            flags = []
            if not r["url"].startswith(origin):
                flags.append("ANOTHER ORIGIN")
            if UNUSED.search(urlsplit(r["url"]).path):
                flags.append("UNUSED")
            path = r["url"][len(base):] if r["url"].startswith(base) else r["url"]
            print(f"  {r['start'] / 1000:6.2f} {r['end'] / 1000:6.2f} {r['body']:>10}  {path}"
                  + (f"   <-- {', '.join(flags)}" if flags else ""))


def print_steps(title: str, loads) -> None:
    """The medians of PyScript's and the page's marks over `loads` (each a dict of marks)."""
    steps: dict[str, list[float]] = {}
    for marks in loads:
        for key, value in marks.items():
            if key.startswith(("py: ", "page: ")) or key in ("ready", "first-contentful-paint"):
                steps.setdefault(key, []).append(value / 1000)
    print(f"\nPyScript's and the page's boot steps, {title} (median s since navigation start):")
    for key, values in sorted(steps.items(), key=lambda kv: median(kv[1])):
        print(f"  {median(values):6.2f}  {key}")


RETURNS = 3  # returns after each first visit, each in a browser started again
SETTLE_MS = 5_000  # after a visit, before the browser closes: what it keeps is written


def returns(base: str, names: list[str], rounds: int) -> None:
    """Each page's first visit on a fresh profile, then RETURNS returns, each in the browser
    started again on that profile; prints the medians of each return and the ratio to the bare
    page's."""
    ready: dict[str, list[list[float]]] = {name: [] for name in names}
    later: dict[str, list[dict]] = {name: [] for name in names}  # the marks of returns 2 and on
    crashed: list[tuple] = []
    with sync_playwright() as p, tempfile.TemporaryDirectory() as profiles:
        for round_ in range(rounds):
            for name in names if round_ % 2 == 0 else names[::-1]:
                profile = Path(profiles) / f"{name}-{round_}"
                path = "bare.html" if name == "bare" else f"{name}/#game=1"
                times = []
                for visit in range(1 + RETURNS):
                    context = launch_persistent_chromium(p, profile)
                    context.add_init_script(MARKS)
                    page = context.pages[0] if context.pages else context.new_page()
                    try:
                        page.goto(base + path)
                        marks, _ = Run._wait(page)
                        if visit:
                            times.append(marks["ready"] / 1000)
                            if visit > 1:
                                later[name].append(marks)
                        elif name != "bare":  # the worker installed, the snapshot with it
                            page.wait_for_function("() => navigator.serviceWorker.controller",
                                                   timeout=BOOT_TIMEOUT_MS)
                        page.wait_for_timeout(SETTLE_MS)
                    except PlaywrightError as error:
                        print(f"returns: {name}, round {round_ + 1}, visit {visit}: "
                              f"{error.message.splitlines()[0]}", file=sys.stderr)
                        crashed.append((name, round_ + 1, visit))
                        if visit:
                            times.append(float("nan"))
                    finally:
                        context.close()
                ready[name].append(times)
            print(f"returns: round {round_ + 1}/{rounds} done", file=sys.stderr)
    print(f"\nReturns, the browser started again on the same profile each time ({rounds} rounds; "
          "the game\nthrough its service worker): median s from navigation start to ready, "
          "and / the bare page's")

    def of(name, i):  # the i-th return's times, of the rounds where it did not fail
        return [r[i] for r in ready[name] if not math.isnan(r[i])]

    bare = [median(of("bare", i)) for i in range(RETURNS)]
    for name in names:
        cells = []
        for i in range(RETURNS):
            value = median(of(name, i))
            cells.append(f"return {i + 1} {value:.2f} ({value / bare[i]:.2f})")
        print(f"  {name:<20}" + "   ".join(cells))
    for name in names:
        print(f"  {name:<20}all: " + " | ".join(fmt(times) for times in ready[name]))
    paints = [marks["first-contentful-paint"] / 1000 for marks in later["bare"]
              if "first-contentful-paint" in marks]
    if paints:  # what a browser started again takes to paint one line of text, for comparison
        print(f"\nThe bare page's first contentful paint (its one line of text), returns 2 to "
              f"{RETURNS}: median {median(paints):.2f} s [{min(paints):.2f} .. {max(paints):.2f}]")
    for name in names:
        if name != "bare":
            print_steps(f"{name}, returns 2 to {RETURNS}", later[name])
    for name, round_, visit in crashed:
        where = f"return {visit}" if visit else "first visit"
        print(f"  FAILED: {name}, round {round_}, {where}")


def fmt(values: list[float]) -> str:
    return " ".join(f"{v:.2f}" for v in values)


if __name__ == "__main__":
    main()
