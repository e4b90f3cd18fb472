"""The page: wire storage, the App, the renderer and the controls, then say "ready"."""

import asyncio
import traceback
from collections import deque

from pyodide.ffi import create_once_callable, create_proxy
from pyscript import document, window
from pyscript.ffi import is_none

from web.app import App
from web.controls import Controls, typed
from web.preview import PREVIEW_KEY, preview_record
from web.render import Renderer
from web.storage import Storage
from web.view import table_view

window.performance.mark("main: imported")  # benchmarks/startup.py prints the steps


RULES = "web/vendor/rules.html"
FULL_RULES = "web/vendor/full-rules.html"


async def fetched_text(url: str) -> str:
    """The text of one of the site's own files; OSError if the server did not send it."""
    response = await window.fetch(url)
    if not response.ok:
        raise OSError(response.status)
    return await response.text()


async def fill_with(element_id: str, url: str) -> None:
    """Put a page the build rendered into the element (our own build output, never input)."""
    target = document.getElementById(element_id)
    try:
        target.innerHTML = await fetched_text(url)
    except Exception:  # noqa: BLE001
        target.textContent = "The rules could not be loaded; reload the page to try again."


def load_rules() -> None:
    """The How to play panel shows docs/how-to-play.md, and docs/rules.md folded at its end,
    each rendered to HTML at build time: the guide once the game is ready, the full rules the
    first time their fold opens (a request the start does not need)."""
    asyncio.ensure_future(fill_with("rules", RULES))
    fold = document.querySelector("details.full-rules")

    def opened(_event) -> None:
        if fold.open and not fold.hasAttribute("data-loaded"):
            fold.setAttribute("data-loaded", "")
            asyncio.ensure_future(fill_with("full-rules", FULL_RULES))

    fold.addEventListener("toggle", create_proxy(opened))  # the proxy lives as long as the page


def say_missing(text: str) -> None:
    """Say in the console that a list the start fetches did not load, unless the player is
    leaving the page, which cuts fetches short (web/startup.js, thePlotLeaving)."""
    if not window.thePlotLeaving():
        window.console.warn(text)


async def shipped_text(name: str) -> str | None:
    """A list the build ships in web/vendor/ (tiers.txt, daily.txt): web/startup.js began
    fetching it while Python started, so it is usually here already; None if it did not load."""
    try:
        # here already: read at once (awaiting even a settled promise waits a turn or two of the
        # browser's event loop, a frame or two: 15-35 ms of a restored start)
        text = getattr(getattr(window, "thePlotListTexts", None), name, None)
        if is_none(text):  # None, or JavaScript's null (a fetch that failed)
            early = getattr(window, "thePlotLists", None)
            text = None if early is None else await getattr(early, name)
        if is_none(text):  # not fetched early (or that failed): once more, now
            response = await window.fetch(f"web/vendor/{name}.txt")
            text = await response.text() if response.ok else None
        return None if is_none(text) else str(text)
    except Exception:  # noqa: BLE001 - the game plays without it: no tiers, or no daily
        return None


async def load_lists(app) -> None:
    """The tier of every rated deal and the pool of daily deals, before the first table; a list
    that did not load, or arrived garbled (ValueError), is left out and the console says so."""
    lists = (("tiers", app.deals.load_tiers, "The difficulty of the deals could not be loaded."),
             ("daily", app.deals.load_pool, "The deals of the day could not be loaded."))
    for name, load, missing in lists:  # in turn: a gathered task would wait a turn to start
        text = await shipped_text(name)
        try:
            if text is not None:
                load(text)
                continue
        except ValueError:
            pass
        say_missing(missing)


async def load_winnable_deals(app) -> None:
    """The proved-winnable game numbers for "Winnable deals only" (built from the study), then
    the winning lines of the proved deals the solver is slowest to win (docs/proofs/), which
    Hint and Show me a win follow."""
    try:
        app.set_winnable_deals(await fetched_text("web/vendor/winnable.txt"))
        document.documentElement.setAttribute("data-winnable-deals", "loaded")
    except Exception:  # noqa: BLE001 - New game then says the list is missing and deals at random
        say_missing("The list of winnable deals could not be loaded.")
    try:
        app.set_winning_lines(await fetched_text("web/vendor/wins.txt"))
        document.documentElement.setAttribute("data-winning-lines", "loaded")
    except Exception:  # noqa: BLE001 - the solver then searches those deals like any other
        say_missing("The winning lines of the hardest deals could not be loaded.")
    finally:
        window.thePlotFetchesDone()  # web/startup.js stops listening for the player leaving


def _guarded(fn):
    """fn, made safe to call from the browser: an exception is logged, never raised."""

    def run(*_args):
        try:
            fn()
        except Exception:  # noqa: BLE001 - a failed search must not take the page down
            window.console.error(traceback.format_exc())

    return run


# Zero-delay defers go through a message channel: a chain of setTimeout(0) is held back at
# least 4 ms a link once nested (HTML's timer clamping), which left the post-mortem's and the
# advisor's 8 ms slices idle a third of the time; a message is delivered as soon as the
# browser has had its turn (input, then a frame when one is due), as schedulers do.
_queued: deque = deque()
_channel = window.MessageChannel.new()
_channel.port1.onmessage = create_proxy(lambda _event: _guarded(_queued.popleft())())


def defer(fn, ms=0) -> None:
    """Call fn after the browser has had its turn (at once if ms is 0, else after ms)."""
    if ms == 0:
        _queued.append(fn)
        _channel.port2.postMessage(None)
    else:
        window.setTimeout(create_once_callable(_guarded(fn)), ms)


async def start() -> None:
    """Wire the parts: the App changes, the renderer draws its view, the controls feed it."""
    renderer = Renderer(document, window)
    storage = Storage.browser()
    renderer.table_drawn = lambda view: storage.set(PREVIEW_KEY, preview_record(view))
    app = App(storage, now=window.performance.now,
              changed=lambda: renderer.schedule(lambda: table_view(app)), defer=defer,
              touch=bool(window.matchMedia("(pointer: coarse)").matches))
    await load_lists(app)
    app.boot(window.location.hash, typed(window, window.location.hash))
    Controls(app, document, window, drawn=renderer.draw_pending, settle=renderer.input_began)
    renderer.draw(table_view(app))
    ticker = create_proxy(lambda *_: (app.tick(), renderer.tick(app.clock.text())))
    window.setInterval(ticker, 250)  # the proxy lives as long as the page
    document.getElementById("table").inert = False  # the preview (web/startup.js) was inert
    document.documentElement.classList.remove("preview")
    document.documentElement.setAttribute("data-ready", "true")
    load_rules()
    asyncio.ensure_future(load_winnable_deals(app))

