"""Soak benchmark: play 100 complete games in one page without reloading; print memory figures.

    make bench-soak          (builds _site/ first)   or   .venv/bin/python benchmarks/soak.py

Each deal (1, 2, 3, ...) is played to its end by clicking the piles from inside the page (one
synthetic click per pile, one animation frame per move, so the renderer runs as in play): the
solver's winning line when plot.solver.solve finds one within its budget, otherwise seeded random
play until the engine says won or lost (a game still open after MAX_RANDOM_MOVES is left through
New game, as a player would). The next deal opens through its #game= link.

After game 1 and after the last game, garbage is collected through the DevTools protocol
(HeapProfiler.collectGarbage) and Performance.getMetrics gives the DOM node count, the JS heap in
use and the number of event listeners; Pyodide's WebAssembly memory is printed too. A page that
destroys every proxy it creates and adds no listener per game stays within 5%.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from pagekit import launch_chromium, static_server  # noqa: E402

from plot import Game  # noqa: E402
from plot.solver import solve  # noqa: E402

SITE = ROOT / "_site"
GAMES = 100
FIRST_DEAL = 1
SOLVER_SECONDS = 2.0
MAX_RANDOM_MOVES = 600
TOLERANCE = 0.05
SEED = 2026

# Plays a list of moves by dispatching clicks on the piles, one animation frame per move.
PLAY = """async moves => {
  const pile = name => document.querySelector(`[data-pile="${name}"]`);
  const click = el => el.dispatchEvent(new MouseEvent('click', {bubbles: true, detail: 1}));
  for (const move of moves) {
    const [src, dst] = move.split('-');
    click(pile(src));
    if (src !== 'S') click(pile(dst));
    await new Promise(r => requestAnimationFrame(r));
  }
}"""
OPEN = """n => { location.hash = '#game=' + n; }"""
OPENED = """n => document.getElementById('game-number').textContent === String(n)
  && document.getElementById('moves').textContent === '0'"""
LEAVE_IF_ASKED = """() => {
  const dialog = document.getElementById('result');
  if (!dialog.hidden && dialog.dataset.kind === 'confirm')
    document.getElementById('confirm-yes').click();
}"""
ASKED = """n => document.getElementById('game-number').textContent === String(n)
  || (!document.getElementById('result').hidden
      && document.getElementById('result').dataset.kind === 'confirm')"""
WASM_MEMORY = """() => {
  const sizes = (window.__wasmMemories || []).map(m => m.buffer.byteLength);
  return sizes.reduce((a, b) => a + b, 0);
}"""
# Keeps a handle on every WebAssembly memory the page creates (Pyodide's heap), to read its size.
TRACK_WASM = """(() => {
  window.__wasmMemories = [];
  const track = exports => { for (const value of Object.values(exports || {}))
    if (value instanceof WebAssembly.Memory) window.__wasmMemories.push(value); };
  const original = WebAssembly.instantiate, streaming = WebAssembly.instantiateStreaming;
  WebAssembly.instantiate = async (...args) => {
    const result = await original.apply(WebAssembly, args);
    track((result.instance || result).exports);
    return result;
  };
  if (streaming) WebAssembly.instantiateStreaming = async (...args) => {
    const result = await streaming.apply(WebAssembly, args);
    track(result.instance.exports);
    return result;
  };
  const Memory = WebAssembly.Memory;
  WebAssembly.Memory = function (...args) {
    const memory = new Memory(...args);
    window.__wasmMemories.push(memory);
    return memory;
  };
  WebAssembly.Memory.prototype = Memory.prototype;
})();"""


def line_for(number: int, rng: random.Random) -> tuple[list[str], str]:
    """The moves to play deal `number` to its end, and how they were found."""
    game = Game.new(number)
    result = solve(game, max_seconds=SOLVER_SECONDS)
    if result.verdict == "won":
        return [str(m) for m in result.moves], "solver"
    moves = []
    while game.status == "playing" and len(moves) < MAX_RANDOM_MOVES:
        legal = game.legal_moves()
        if not legal:
            break
        home = [m for m in legal if m.dst.startswith("F")]
        others = [m for m in legal if m.src != "S" and not m.dst.startswith("F")]
        if home:
            move = rng.choice(home)
        elif others and (rng.random() < 0.4 or not game.position()["stock"]):
            move = rng.choice(others)
        else:
            move = legal[-1]  # the deal (S-W) is listed last when the stock has cards
        game.play(move)
        moves.append(str(move))
    return moves, "random"


def _figure(value: float, unit: float) -> str:
    return str(value) if unit == 1 else f"{value / unit:.2f}"


def measure(page, cdp) -> dict:
    page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
    for _ in range(3):
        cdp.send("HeapProfiler.collectGarbage")
    metrics = {m["name"]: m["value"] for m in cdp.send("Performance.getMetrics")["metrics"]}
    return {"nodes": int(metrics["Nodes"]), "heap": int(metrics["JSHeapUsedSize"]),
            "listeners": int(metrics["JSEventListeners"]), "wasm": page.evaluate(WASM_MEMORY)}


def main() -> None:
    if not (SITE / "index.html").exists():
        sys.exit("benchmarks/soak.py: build the site first (make site)")
    rng = random.Random(SEED)
    errors: list[str] = []
    kinds = {"solver": 0, "random": 0}
    results = {"won": 0, "lost": 0, "left": 0}
    moves_total = 0
    with static_server(SITE) as url, sync_playwright() as p:
        browser = launch_chromium(p)
        context = browser.new_context(viewport={"width": 1280, "height": 800})
        context.add_init_script(TRACK_WASM)
        page = context.new_page()
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda e: errors.append(str(e)))
        cdp = context.new_cdp_session(page)
        cdp.send("Performance.enable")
        cdp.send("HeapProfiler.enable")
        page.goto(f"{url}#game={FIRST_DEAL}")
        page.wait_for_selector("html[data-ready='true']", state="attached", timeout=120_000)
        started = time.perf_counter()
        first = None
        for index in range(GAMES):
            number = FIRST_DEAL + index
            if index:
                page.evaluate(OPEN, number)
                page.wait_for_function(ASKED, arg=number)
                page.evaluate(LEAVE_IF_ASKED)
                page.wait_for_function(OPENED, arg=number)
            moves, kind = line_for(number, rng)
            kinds[kind] += 1
            moves_total += len(moves)
            page.evaluate(PLAY, moves)
            game = Game.new(number)
            for move in moves:
                game.play(move)
            status = game.status
            results[status if status != "playing" else "left"] += 1
            page.wait_for_function(
                "n => document.getElementById('moves').textContent === String(n)",
                arg=game.moves_played)
            if index == 0:
                first = measure(page, cdp)
            print(f"\rgame {index + 1}/{GAMES} (deal {number}: {status}, {len(moves)} moves)",
                  end="", file=sys.stderr, flush=True)
        print(file=sys.stderr)
        last = measure(page, cdp)
        elapsed = time.perf_counter() - started
        errors += page.locator(".py-error").all_inner_texts()
        browser.close()
    print(f"{GAMES} games in one page without reloading: {moves_total} moves in {elapsed:.0f} s "
          f"({kinds['solver']} solver lines, {kinds['random']} random play; "
          f"{results['won']} won, {results['lost']} lost, {results['left']} left unfinished)")
    print(f"{'':22}{'after game 1':>16}{f'after game {GAMES}':>16}{'change':>10}")
    worst = 0.0
    for key, label, unit in (("nodes", "DOM nodes", 1), ("listeners", "JS event listeners", 1),
                             ("heap", "JS heap used (MB)", 1e6),
                             ("wasm", "Wasm memory (MB)", 1e6)):
        a, b = first[key], last[key]
        change = (b - a) / a if a else 0.0
        if key in ("nodes", "heap", "listeners"):
            worst = max(worst, abs(change))
        print(f"{label:22}{_figure(a, unit):>16}{_figure(b, unit):>16}{change:>+10.1%}")
    verdict = "within" if worst <= TOLERANCE else "NOT within"
    print(f"DOM nodes, listeners and JS heap: {verdict} {TOLERANCE:.0%} of game 1 "
          f"(largest change {worst:+.1%})")
    print(f"console/page errors and .py-error: {len(errors)}")
    for error in errors[:10]:
        print(f"  {error}")


if __name__ == "__main__":
    main()
