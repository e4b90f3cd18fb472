"""Where a real return's main thread goes: a Chrome trace of the game's start, step by step.

    make bench-returntrace      (builds _site/ first)
    .venv/bin/python benchmarks/returntrace.py [--returns 3] [--site DIR]

A first visit on a fresh profile (the service worker installs, the snapshot with it), then
--returns returns, each in the browser started again on that profile as in benchmarks/startup.py;
the last one is traced (Chrome's own trace events of the renderer's main thread). Prints the
page's marks, then for each stretch between two of the start's steps how long it was, how much
of it the main thread was busy, and on what: the trace's events that began in it by their own
time (an event's time less its children's; a long one may run on into the next stretches), the
busiest first. Figures from one return of one run: a guide to where to look, not a measure to
compare builds by (benchmarks/startup.py is that).
"""

from __future__ import annotations

import argparse
import collections
import sys
import tempfile
from pathlib import Path

from pagekit import launch_persistent_chromium, static_server
from playwright.sync_api import sync_playwright
from startup import BOOT_TIMEOUT_MS, MARKS, MARKS_NOW, READY, SETTLE_MS, SITE

CATEGORIES = ",".join([
    "devtools.timeline", "disabled-by-default-devtools.timeline", "blink", "loading", "v8",
    "v8.execute", "disabled-by-default-v8.compile", "v8.wasm",
    "disabled-by-default-v8.wasm.detailed",
])
# The steps the stretches run between (the page's marks, web/boot.js, web/main.py, web/page.py)
STEPS = ("first-contentful-paint", "page: boot: Pyodide's JavaScript built",
         "page: boot: snapshot unzipped", "page: boot: WebAssembly instantiated",
         "page: boot: interpreter restored from the snapshot", "py: Loaded Pyodide",
         "page: main: start", "ready")
SHOWN = 8  # events listed per stretch
TRACE_END_POLLS = 600  # 50 ms each: the trace's end awaited 30 s at most


def traced_return(site: Path, returns: int) -> tuple[dict, list]:
    """The marks and trace events of the last of `returns` returns after a first visit."""
    events: list = []
    finished: list = []  # True once the trace is all here
    with static_server(site) as base, sync_playwright() as p, \
            tempfile.TemporaryDirectory() as profile:
        for visit in range(returns + 1):
            context = launch_persistent_chromium(p, profile)
            context.add_init_script(MARKS)
            page = context.pages[0] if context.pages else context.new_page()
            traced = visit == returns
            if traced:
                cdp = context.new_cdp_session(page)
                cdp.on("Tracing.dataCollected", lambda data: events.extend(data["value"]))
                cdp.on("Tracing.tracingComplete", lambda _: finished.append(True))
                cdp.send("Tracing.start", {"categories": CATEGORIES,
                                           "transferMode": "ReportEvents"})
            page.goto(base + "#game=1")
            page.wait_for_function(READY, timeout=BOOT_TIMEOUT_MS, polling=50)
            if visit == 0:
                page.wait_for_function("() => navigator.serviceWorker.controller",
                                       timeout=BOOT_TIMEOUT_MS)
            page.wait_for_timeout(SETTLE_MS)  # the worker keeps its copies; nothing measured
            if traced:
                marks = page.evaluate(MARKS_NOW)
                cdp.send("Tracing.end")
                for _ in range(TRACE_END_POLLS):
                    if finished:
                        break
                    page.wait_for_timeout(50)  # the trace's last events are on their way
                else:
                    raise RuntimeError("the trace did not end")
            context.close()
            print(f"visit {visit} done", file=sys.stderr)
    return marks, events


def main_thread_events(events: list, first_paint_ms: float) -> tuple[list, list]:
    """The renderer's main thread: (start, name, own ms) of every complete event, and (start,
    end) of each outermost one, in ms since navigation start; the clock is set by the first
    contentful paint, which both the trace and the page's marks hold."""
    names = {(e["pid"], e["tid"]): e["args"]["name"] for e in events
             if e.get("ph") == "M" and e.get("name") == "thread_name"}
    counts = collections.Counter((e["pid"], e["tid"]) for e in events
                                 if names.get((e["pid"], e["tid"])) == "CrRendererMain")
    main = counts.most_common(1)[0][0]
    paint = next(e["ts"] for e in events
                 if e["name"] == "firstContentfulPaint" and e["pid"] == main[0])
    zero = paint - first_paint_ms * 1000
    spans = sorted((e for e in events if (e["pid"], e["tid"]) == main and e.get("ph") == "X"
                    and "dur" in e), key=lambda e: (e["ts"], -e["dur"]))
    found, open_spans, outermost = [], [], []  # [start, end, name, own]; those enclosing
    for event in spans:
        start, end = event["ts"], event["ts"] + event["dur"]
        while open_spans and open_spans[-1][1] <= start:
            open_spans.pop()
        row = [start, end, event["name"], event["dur"]]
        if open_spans:
            open_spans[-1][3] -= event["dur"]
        else:
            outermost.append(((start - zero) / 1000, (end - zero) / 1000))
        open_spans.append(row)
        found.append(row)
    return [((start - zero) / 1000, name, own / 1000) for start, _, name, own in found], outermost


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--returns", type=int, default=3, help="returns before the traced one")
    parser.add_argument("--site", type=Path, default=SITE)
    args = parser.parse_args()
    marks, events = traced_return(args.site, args.returns)
    print(f"\nThe page's marks, return {args.returns} (ms since navigation start):")
    for name, ms in sorted(marks.items(), key=lambda item: item[1]):
        print(f"  {ms:7.0f}  {name}")
    rows, outermost = main_thread_events(events, marks["first-contentful-paint"])
    steps = [0.0, *(marks[s] for s in STEPS if s in marks)]
    labels = ["navigation start", *(s for s in STEPS if s in marks)]
    for lo, hi, since, until in zip(steps, steps[1:], labels, labels[1:], strict=False):
        own = collections.Counter()
        for start, name, ms in rows:
            if lo <= start < hi:
                own[name] += ms
        busy = sum(max(0.0, min(end, hi) - max(start, lo)) for start, end in outermost)
        print(f"\n{since} -> {until}: {hi - lo:.0f} ms, the main thread busy {busy:.0f} ms; "
              "the events that began in it, by their own time:")
        for name, ms in own.most_common(SHOWN):
            print(f"  {ms:7.1f}  {name}")


if __name__ == "__main__":
    main()
