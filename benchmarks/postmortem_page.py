"""The page's "Where did it slip?" in Chromium, beside the same work in CPython, game by game.

Run: make site, then .venv/bin/python benchmarks/postmortem_page.py [--first 1] [--count 20]
     [--site _site] [--timeout 600]   (--site: another built site; --timeout: seconds a game)

For each deal, the random losing game of benchmarks/postmortem.py (`losing_game`) is put in the
page's save (localStorage, as the end-to-end tests do), the page is opened in a fresh browser
context (service workers blocked) and its post-mortem is started by a click: the lost dialog's
"Where did it slip?" when the page shows that dialog on opening, else the moves panel's. The time
is measured inside the page with performance.now(): from the click event (a capture listener on
the document, before the page's own listener) to the DOM update that shows the post-mortem done
(a MutationObserver on #postmortem: shown, data-state="done"), so neither Playwright's round
trips nor the last paint count. The page works the analysis in slices (web/story.py, SLICE_MS),
giving the browser its turn between them, so this is what a player waits; the time the page's
main thread spent in tasks meanwhile (Chrome's Performance metric TaskDuration, read just before
the click and just after the end, so a little more than the window) is printed beside it.

Beside it, in the same run, `page_analysis` (benchmarks/postmortem.py: the same analysis, each
position searched for web/story.py's POSITION_NODES positions) is timed in CPython on the same
game. Both count solver positions rather than
time, so they should reach the same verdicts: the decided positions are compared for the positions
after each move (the move list's data-verdict; the page does not show its verdict on the deal
itself), and the slip (#postmortem's data-slip). Where the page's post-mortem leaves the slip
among undecided moves, its Search longer is clicked and timed the same way, beside one round of
`Analysis.deepen()` in CPython. One browser for the whole run; no timing is asserted.
"""

from __future__ import annotations

import argparse
import contextlib
import multiprocessing
import platform
import statistics
import sys
import time
from datetime import UTC, datetime
from pathlib import Path

from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from benchmarks.pagekit import launch_chromium, static_server  # noqa: E402
from benchmarks.postmortem import longer_rounds, losing_game, page_analysis  # noqa: E402
from benchmarks.solver import percentile  # noqa: E402
from plot import Game  # noqa: E402
from plot.postmortem import PositionVerdict, slip  # noqa: E402
from tests.e2e.tablepage import new_table  # noqa: E402
from tests.lines import page_save  # noqa: E402
from web.saveslot import SAVE_KEY  # noqa: E402
from web.story import POSITION_NODES, UNKNOWN  # noqa: E402

SITE = ROOT / "_site"
VIEWPORT = {"width": 1366, "height": 850}
TIMEOUT_S = 600  # a post-mortem that has not finished by then is reported as such
POLL_MS = 250  # how often Playwright looks whether the page has finished (the time is the page's)

# Installed once the page is ready: the time of a click on a "Where did it slip?" button, and of
# the first DOM change after it that shows the post-mortem shown and done. Before the click,
# #postmortem is hidden (its data-state reads "done" once the moves panel has been drawn).
MEASURE = """() => {
  window.__pm = {clicked: null, running: null, done: null, redraws: 0};
  document.addEventListener('click', (event) => {
    if (event.target.closest('[data-action=postmortem], [data-action=search-longer]')
        && window.__pm.clicked === null)
      window.__pm.clicked = performance.now();
  }, true);
  const section = document.getElementById('postmortem');
  new MutationObserver(() => {
    const pm = window.__pm;
    if (pm.clicked === null || pm.done !== null || section.hidden) return;
    if (section.dataset.state === 'running' && pm.running === null) pm.running = performance.now();
    if (section.dataset.state === 'done') pm.done = performance.now();
  }).observe(section, {attributes: true, attributeFilter: ['data-state', 'hidden']});
  new MutationObserver(() => {
    if (window.__pm.clicked !== null && window.__pm.done === null) window.__pm.redraws++;
  }).observe(document.getElementById('movelist'), {childList: true});
}"""
FINISHED = "() => window.__pm.done !== null"
AGAIN = "() => Object.assign(window.__pm, {clicked: null, running: null, done: null, redraws: 0})"
# The move list as the page shows it: each move's data-verdict ('' where it has none).
VERDICTS = """() => [...document.querySelectorAll('[data-movelist] > [data-move]')]
  .map((entry) => entry.dataset.verdict || '')"""


def decided(verdicts: list[str]) -> int:
    return sum(v not in ("", UNKNOWN) for v in verdicts)


def cpython_postmortem(game: Game) -> tuple[float, list[PositionVerdict]]:
    """Seconds the page's post-mortem of `game` takes in CPython (benchmarks/postmortem.py
    `page_analysis`), and its verdict on each position (the deal first)."""
    started = time.perf_counter()
    analysis = page_analysis(game)
    return time.perf_counter() - started, analysis.verdicts


def cpython_longer(game: Game) -> tuple[float, int | None] | None:
    """Seconds one Search longer takes in CPython where the page's post-mortem of `game` leaves
    the slip among undecided positions (None where it does not), and the slip it then finds."""
    done = longer_rounds(game, 1)
    if done is None:
        return None
    found, _, seconds = done[0]
    return seconds, found


def page_postmortem(browser, url: str, game: Game, timeout_s: float) -> dict:
    """Open `game` in a fresh context, start its post-mortem by a click, wait for it to finish.
    What the page measured (seconds; None if not finished), its verdicts on the positions after
    each move, its slip, the button clicked, and anything that went wrong on the page."""
    table = new_table(browser, url, viewport=VIEWPORT)
    page = table.page
    try:
        table.store_and_open(SAVE_KEY, page_save(game))  # waits for the page's data-ready
        # the winning lines the page is shipped arrive just after: the CPython side uses them
        page.wait_for_function("() => document.documentElement.dataset.winningLines === 'loaded'")
        page.evaluate(MEASURE)
        cdp = table.context.new_cdp_session(page)
        cdp.send("Performance.enable")
        tasks_before = task_seconds(cdp)
        dialog = page.locator("#result[data-kind=lost]")
        if dialog.is_visible():  # drawn before data-ready when the saved game is lost
            clicked = "the lost dialog's"
            dialog.locator("[data-action=postmortem]").click()
        else:
            clicked = "the moves panel's"
            if page.locator("#story").is_hidden():
                page.locator(".bar [data-action=story]").click()
            page.locator("#story [data-action=postmortem]").click()
        with contextlib.suppress(PlaywrightTimeout):  # not finished: reported in its row
            page.wait_for_function(FINISHED, polling=POLL_MS, timeout=timeout_s * 1000)
        tasks = task_seconds(cdp) - tasks_before
        pm = page.evaluate("() => window.__pm")
        slip_text = page.locator("#postmortem").get_attribute("data-slip")
        verdicts = page.evaluate(VERDICTS)
        longer = None
        if pm["done"] is not None and page.locator("#search-longer").is_visible():
            page.evaluate(AGAIN)
            page.locator("#search-longer").click()
            with contextlib.suppress(PlaywrightTimeout):
                page.wait_for_function(FINISHED, polling=POLL_MS, timeout=timeout_s * 1000)
            again = page.evaluate("() => window.__pm")
            deeper = page.locator("#postmortem").get_attribute("data-slip")
            longer = (since_click(again, "done"),
                      int(deeper) if deeper and again["done"] is not None else None)
        errors = page.locator(".py-error").all_inner_texts()
        return {"seconds": since_click(pm, "done"), "running": since_click(pm, "running"),
                "tasks": tasks, "redraws": pm["redraws"], "verdicts": verdicts,
                "slip": int(slip_text) if slip_text and pm["done"] is not None else None,
                "clicked": clicked, "longer": longer,
                "problems": table.watch.problems + [f".py-error: {text}" for text in errors]}
    finally:
        table.context.close()


def task_seconds(cdp) -> float:
    """The main thread's time in tasks so far (Chrome's Performance metrics)."""
    metrics = cdp.send("Performance.getMetrics")["metrics"]
    return next(m["value"] for m in metrics if m["name"] == "TaskDuration")


def since_click(pm: dict, mark: str) -> float | None:
    return None if pm[mark] is None else (pm[mark] - pm["clicked"]) / 1000


def cell(value: float | None, width: int, digits: int) -> str:
    return f"{'-':>{width}}" if value is None else f"{value:{width}.{digits}f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--first", type=int, default=1)
    parser.add_argument("--count", type=int, default=20)
    parser.add_argument("--site", type=Path, default=SITE, help="the built site (make site)")
    parser.add_argument("--timeout", type=float, default=TIMEOUT_S, help="seconds a game")
    args = parser.parse_args()
    if not (args.site / "index.html").exists():
        sys.exit(f"benchmarks/postmortem_page.py: no site at {args.site}: build it (make site)")
    deals = range(args.first, args.first + args.count)

    rows, problems, clicked, longers = [], [], set(), []
    with static_server(args.site) as url, sync_playwright() as p:
        browser = launch_chromium(p)
        print(f"deals {deals.start}..{deals.stop - 1}: random losing games, the page's "
              f"post-mortem ({POSITION_NODES:,} positions a position) in Chromium "
              f"{browser.version} (headless) and in CPython")
        print(f"machine: {platform.python_implementation()} {platform.python_version()}, "
              f"{platform.machine()}, {multiprocessing.cpu_count()} cores; "
              f"{datetime.now(UTC):%Y-%m-%d %H:%M} UTC")
        print(f"{'deal':>5} {'moves':>5} {'page s':>7} {'CPython s':>9} {'ratio':>6} "
              f"{'decided page/CPython':>20} {'slip':>9} {'tasks s':>7} {'running s':>9} "
              f"{'redraws':>7}")
        try:
            for deal in deals:
                game = losing_game(deal)
                cpython_s, verdicts = cpython_postmortem(game)
                theirs = [v.verdict for v in verdicts[1:]]  # as the move list: after each move
                found = page_postmortem(browser, url, game, args.timeout)
                page_s, ours = found["seconds"], found["verdicts"]
                clicked.add(found["clicked"])
                problems += [f"deal {deal}: {problem}" for problem in found["problems"]]
                if page_s is None:
                    problems.append(f"deal {deal}: not finished within {args.timeout:g} s")
                elif ours != theirs:
                    differ = sum(a != b for a, b in zip(ours, theirs, strict=False))
                    problems.append(f"deal {deal}: the page's verdicts differ from CPython's at "
                                    f"{differ} of {len(theirs)} positions")
                rows.append((page_s, cpython_s))
                theirs_longer = cpython_longer(game)
                if (found["longer"] is None) != (theirs_longer is None):
                    problems.append(f"deal {deal}: Search longer offered by "
                                    f"{'the page' if found['longer'] else 'CPython'} only")
                elif found["longer"] is not None:
                    longers.append((deal, found["longer"], theirs_longer))
                ratio = None if page_s is None else page_s / cpython_s
                decided_text = f"{decided(ours)}/{decided(theirs)} of {len(theirs)}"
                slip_text = f"{found['slip'] or '-'}/{slip(verdicts) or '-'}"
                print(f"{deal:>5} {game.moves_played:>5} {cell(page_s, 7, 2)} "
                      f"{cpython_s:9.3f} {cell(ratio, 6, 1)} {decided_text:>20} {slip_text:>9} "
                      f"{found['tasks']:7.2f} {cell(found['running'], 9, 3)} "
                      f"{found['redraws']:>7}", flush=True)
        finally:
            browser.close()

    finished = sorted(page_s for page_s, _ in rows if page_s is not None)
    if finished:
        ratios = [page_s / cpython_s for page_s, cpython_s in rows if page_s is not None]
        print(f"page, click to done: median {statistics.median(finished):.2f} s, p95 "
              f"{percentile(finished, 0.95):.2f} s, max {finished[-1]:.2f} s ({len(finished)} "
              f"games); CPython median {statistics.median(c for _, c in rows):.3f} s; median "
              f"ratio page/CPython {statistics.median(ratios):.1f}")
    print(f"started by {' and '.join(sorted(clicked))} button. slip: the page's data-slip / "
          "CPython's; tasks s: the page's main thread in tasks meanwhile (Chrome's TaskDuration, "
          "from just before the click to just after done); running s: click to the panel "
          "showing it running; redraws: of the move list meanwhile")
    print(f"Search longer, where the post-mortem left the slip among undecided moves "
          f"({len(longers)} games; click to done, slip page/CPython):")
    for deal, (page_s, page_slip), (cpython_s, cpython_slip) in longers:
        ratio = None if page_s is None else page_s / cpython_s
        print(f"  deal {deal}: page {cell(page_s, 6, 2)} s, CPython {cpython_s:6.2f} s, ratio "
              f"{cell(ratio, 4, 1)}; slip {page_slip or '-'}/{cpython_slip or '-'}")
        if page_slip != cpython_slip:
            problems.append(f"deal {deal}: Search longer's slip differs from CPython's")
    for problem in problems:
        print(f"problem: {problem}")


if __name__ == "__main__":
    main()
