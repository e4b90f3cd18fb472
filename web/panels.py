"""Drawing the panels made of lists from their views (web/view.py): the history (the charts as
SVG bars, the statistics per tier, the list of games, the file being imported) and the deal of
the day (the calendar). Every text goes in as text, never markup.
"""

from __future__ import annotations

from pyscript.ffi import is_none

from .words import game_facts

TEXT_NODE = 3  # Node.TEXT_NODE

SVG = "http://www.w3.org/2000/svg"
CHART_WIDTH, CHART_HEIGHT = 320, 90   # the charts' drawing units (they scale with the panel)
LABEL_ROOM = 16                       # under the bars, for their labels
FIGURE_ROOM = 16                      # over the bars, for their values
FEWEST_SLOTS = 8                      # a bar is never wider than this share of a chart
LABELLED_BARS = 13                    # up to this many bars, each is labelled and has its value
FITTED_LIST_PX = 120                  # the shortest the move list is made to end on screen
RESULT_TEXT = {"won": "Won", "lost": "Lost", "abandoned": "Left"}


def draw_history(document, history) -> None:
    """Make the panel show `history` (None: the panel is closed; nothing to draw)."""
    if history is None:
        return
    _charts(document, history.charts)
    _tiers(document, history.tiers)
    _games(document, history)
    note = document.getElementById("data-note")
    note.hidden = history.note is None
    if history.note is not None:
        text, tone = history.note
        set_text(note, text)
        note.setAttribute("data-tone", tone)
    preview = document.getElementById("import-preview")
    preview.hidden = history.importing is None
    if history.importing is not None:
        set_text(document.getElementById("import-text"), history.importing)
    box = document.querySelector("[data-history-filter]")
    if not is_none(box):
        box.value = history.filter


def set_text(el, text: str) -> None:
    """Show `text` in `el`, changing its one text node in place rather than replacing it: WebKit
    drops a click whose press began on a text node that is gone by the release (the clock, or the
    moves counter while a line plays, inside the buttons that pause and open the moves; a
    button's label drawn again while a search runs)."""
    node = el.firstChild
    if is_none(node) or node.nodeType != TEXT_NODE or not is_none(node.nextSibling):
        el.textContent = text
    elif node.data != text:
        node.data = text


def _element(document, tag: str, text: str = "", namespace: str | None = None, **attributes):
    el = (document.createElement(tag) if namespace is None
          else document.createElementNS(namespace, tag))
    if text:
        el.textContent = text
    for name, value in attributes.items():
        el.setAttribute(name.replace("_", "-"), str(value))
    return el


VERDICT_WORDS = {"won": "could still be won after it", "lost": "lost after it",
                 "unknown": "undecided"}


def _games(document, history) -> None:
    listing = document.getElementById("history-list")
    listing.replaceChildren()
    for row in history.rows:
        item = _element(document, "li", data_history_entry=row.attempt, data_result=row.result,
                        data_deal=row.deal)
        if row.perfect:
            item.setAttribute("data-perfect", "true")
        head = _element(document, "span", f"Game {row.deal}", **{"class": "deal"})
        result = _element(document, "span", RESULT_TEXT[row.result] +
                          (" \u2605 perfect" if row.perfect else ""), **{"class": "result"})
        facts = game_facts(row)
        if row.tier_text:
            facts += f" \u00b7 {row.tier_text}"
        if row.daily:
            facts += f" \u00b7 deal of the day {row.daily}"
        again = _element(document, "button", "Play again", type="button",
                         data_action="play-deal", data_deal=row.deal)
        again.setAttribute("aria-label", f"Play game {row.deal} again")
        for part in (head, result, _element(document, "span", facts, **{"class": "facts"}),
                     again):
            item.appendChild(part)
        listing.appendChild(item)
    count = document.getElementById("history-count")
    set_text(count, f"{len(history.rows)} of {history.total} shown" if history.total
             else "No games yet: a game is kept here once it is won, lost or left.")
    document.getElementById("history-more").hidden = not history.more


def _tiers(document, tiers) -> None:
    table = document.getElementById("tier-stats")
    table.hidden = not tiers
    body = table.querySelector("tbody")
    body.replaceChildren()
    for row in tiers:
        line = _element(document, "tr", data_tier=row.tier)
        line.appendChild(_element(document, "th", row.label, scope="row"))
        for value in (row.played, row.won, row.rate):
            line.appendChild(_element(document, "td", str(value)))
        body.appendChild(line)


def draw_daily(document, daily) -> None:
    """Make the deal of the day panel show `daily` (None: the panel is closed)."""
    if daily is None:
        return
    set_text(document.getElementById("daily-summary"), daily.summary)
    set_text(document.getElementById("daily-play"), daily.play_label)
    share = document.getElementById("daily-share")
    share.hidden = daily.share is None
    share.setAttribute("data-date", daily.share or "")
    set_text(document.getElementById("daily-streak"), daily.streak)
    listing = document.getElementById("daily-calendar")
    listing.replaceChildren()
    for day in daily.days:
        item = _element(document, "li", data_day=day.date, data_result=day.result or "none")
        if day.today:
            item.setAttribute("data-today", "true")
        if day.playable:
            cell = _element(document, "button", day.label, type="button",
                            data_action="play-daily", data_date=day.date,
                            aria_label=day.spoken)
            if day.today:
                cell.setAttribute("aria-current", "date")
        else:
            cell = _element(document, "span", day.label, aria_label=day.spoken)
        item.appendChild(cell)
        listing.appendChild(item)


def _charts(document, charts) -> None:
    section = document.getElementById("charts")
    section.replaceChildren()
    for chart in charts:
        figure = _element(document, "figure", data_chart=chart.key)
        figure.appendChild(_element(document, "figcaption", chart.title))
        if chart.empty:  # "No wins yet.", where an empty frame of bars would say nothing
            figure.appendChild(_element(document, "p", chart.summary, **{"class": "fine"}))
            section.appendChild(figure)
            continue
        svg = document.createElementNS(SVG, "svg")
        base = FIGURE_ROOM + CHART_HEIGHT
        svg.setAttribute("viewBox", f"0 0 {CHART_WIDTH} {base + LABEL_ROOM}")
        svg.setAttribute("aria-hidden", "true")  # the sentence below says it in words
        bars = chart.bars
        step = CHART_WIDTH / max(len(bars), FEWEST_SLOTS)
        few = len(bars) <= LABELLED_BARS
        highest = max(range(len(bars)), key=lambda i: bars[i].value, default=0)
        for i, bar in enumerate(bars):
            height = CHART_HEIGHT * min(bar.value / chart.top, 1) if chart.top else 0
            rect = document.createElementNS(SVG, "rect")
            for name, value in (("x", i * step + step * 0.15), ("y", base - height),
                                ("width", step * 0.7), ("height", max(height, 1))):
                rect.setAttribute(name, f"{value:.1f}")
            tip = document.createElementNS(SVG, "title")
            tip.textContent = bar.text
            rect.appendChild(tip)
            svg.appendChild(rect)
            middle = f"{i * step + step / 2:.1f}"
            if few or i == highest:  # many bars: the scale is the highest one's value
                figure_text = _element(document, "text", bar.figure, namespace=SVG, x=middle,
                                       y=f"{base - max(height, 1) - 4:.1f}",
                                       **{"class": "figure"})
                svg.appendChild(figure_text)
            if few or i % max(len(bars) // 6, 1) == 0:
                svg.appendChild(_element(document, "text", bar.label, namespace=SVG, x=middle,
                                         y=str(base + LABEL_ROOM - 3)))
        figure.appendChild(svg)
        figure.appendChild(_element(document, "p", chart.summary, **{"class": "sr-only"}))
        section.appendChild(figure)


# The move list as last drawn: the document, and each item's key (its row, whether it is the
# position on the table, whether it is the slip), so that a move redraws only the items it
# changes, in place (rebuilding the 300 items of a long game took 50 ms a click, and lost the
# keyboard focus of the entry chosen).
_MOVES_DRAWN: list = [None, []]


def draw_story(document, story) -> None:
    """Make the moves panel show `story` (None: the panel is closed)."""
    if story is None:
        document.getElementById("movelist").removeAttribute("data-shown-at")
        return
    note = document.getElementById("record-note")
    note.hidden = not story.record_note
    set_text(note, story.record_note)
    listing = document.getElementById("movelist")
    drawn_in, keys = _MOVES_DRAWN
    if drawn_in is not document or listing.childElementCount != len(keys):
        listing.replaceChildren()
        listing.removeAttribute("data-shown-at")
        keys = []
        _MOVES_DRAWN[:] = [document, keys]
    items = listing.children
    for i, row in enumerate(story.rows):
        key = (row, row.number == story.at, row.number == story.slip)
        if i == len(keys):
            listing.appendChild(_move_item(document, *key))
            keys.append(key)
        elif keys[i] != key:
            if _same_move(keys[i][0], row):
                _restate_move_item(document, items.item(i), *key)  # keeps keyboard focus
            else:
                listing.replaceChild(_move_item(document, *key), items.item(i))
            keys[i] = key
    while len(keys) > len(story.rows):
        listing.lastElementChild.remove()
        keys.pop()
    # the move on the table, in sight whenever the panel opens or the table changes
    if 0 < story.at <= len(keys) and listing.getAttribute("data-shown-at") != str(story.at):
        listing.setAttribute("data-shown-at", str(story.at))
        _in_sight(listing, items.item(story.at - 1))
    # the slip, or the first move where it may be: shown once, when found
    focus = story.slip if story.slip is not None else (
        story.last_won + 1 if story.last_won is not None else None)
    found = None
    if focus is not None and 0 < focus <= len(keys) \
            and listing.getAttribute("data-shown-slip") != str(focus):
        listing.setAttribute("data-shown-slip", str(focus))
        found = items.item(focus - 1)
    document.getElementById("movelist-empty").hidden = bool(story.rows)
    section = document.getElementById("postmortem")
    shown = story.analysing or bool(story.summary)
    section.hidden = not shown
    if story.slip is None:
        section.removeAttribute("data-slip")
    else:
        section.setAttribute("data-slip", str(story.slip))
    section.setAttribute("data-state", "running" if story.analysing else "done")
    set_text(document.getElementById("postmortem-text"), story.summary or story.progress)
    document.getElementById("postmortem-line-row").hidden = not story.line
    _show_line(document, document.getElementById("postmortem-line"), story.line)
    set_text(document.getElementById("postmortem-line-from"), story.line_label)
    rewind = document.getElementById("rewind")
    rewind.hidden = story.slip is None and story.last_won is None
    set_text(rewind, story.rewind_label)
    document.getElementById("search-longer").hidden = not story.longer
    document.getElementById("postmortem-stop").hidden = not story.analysing
    document.getElementById("postmortem-go-on").hidden = not story.stopped
    if found is not None:  # the list scrolls, not the panel: the summary stays in view
        _end_on_screen(listing)
        listing.scrollTop = found.offsetTop - (listing.clientHeight - found.offsetHeight) / 2
    elif not shown and listing.style.maxHeight:
        listing.style.removeProperty("max-height")  # no post-mortem: the list's own height


def _end_on_screen(listing) -> None:
    """Shorten the move list, once the post-mortem's summary is above it, to end where its
    panel's view ends (if that leaves it FITTED_LIST_PX or more): the slip's entry, scrolled
    into the list's view, is then on screen too (at 1366x768 it was just below the screen)."""
    view = listing.closest(".panel").getBoundingClientRect()
    box = listing.getBoundingClientRect()
    if box.bottom > view.bottom and view.bottom - box.top >= FITTED_LIST_PX:
        listing.style.maxHeight = f"{view.bottom - box.top:.0f}px"


def _in_sight(listing, item) -> None:
    """Scroll the list (not the panel) by as little as brings `item` wholly into its view."""
    top, bottom = item.offsetTop, item.offsetTop + item.offsetHeight
    if top < listing.scrollTop:
        listing.scrollTop = top
    elif bottom > listing.scrollTop + listing.clientHeight:
        listing.scrollTop = bottom - listing.clientHeight


def _show_line(document, box, line: tuple[str, ...]) -> None:
    """A winning line as one unbroken span a move, so that a line break never splits W-T4."""
    if box.textContent == " ".join(line):
        return
    box.textContent = ""
    for n, move in enumerate(line):
        if n:
            box.appendChild(document.createTextNode(" "))
        box.appendChild(_element(document, "span", move))


def _same_move(drawn, row) -> bool:
    """Whether an entry drawn for `drawn` shows the same move as `row` (its state aside)."""
    return (drawn.number, drawn.text, drawn.notation) == (row.number, row.text, row.notation)


def _move_item(document, row, at: bool, slipped: bool):
    """One entry of the move list."""
    item = _element(document, "li", data_move=row.number)
    button = _element(document, "button", type="button", data_action="go-to-move",
                      data_move=row.number)
    button.appendChild(_element(document, "span", f"{row.number}.", **{"class": "n"}))
    button.appendChild(_element(document, "span", row.text, **{"class": "words"}))
    button.appendChild(_element(document, "code", row.notation))
    item.appendChild(button)
    _restate_move_item(document, item, row, at, slipped)
    return item


def _restate_move_item(document, item, row, at: bool, slipped: bool) -> None:
    """Set what an entry says of its move's state: played or to redo, the position on the
    table, the post-mortem's verdict, the slip."""
    item.setAttribute("data-state", "played" if row.played else "redo")
    _toggle_attribute(item, "aria-current", "step" if at else None)
    _toggle_attribute(item, "data-verdict", row.verdict)
    _toggle_attribute(item, "data-slipped", "true" if slipped else None)
    button = item.firstElementChild
    button.setAttribute("aria-label", f"Move {row.number}: {row.text}, {row.notation}"
                        + (f"; {VERDICT_WORDS[row.verdict]}" if row.verdict else ""))
    mark = button.querySelector(".slip")
    if slipped and is_none(mark):
        button.appendChild(_element(document, "span", "the slip", **{"class": "slip"}))
    elif not slipped and not is_none(mark):
        mark.remove()


def _toggle_attribute(element, name: str, value: str | None) -> None:
    """Set the attribute to `value`, or remove it if None."""
    if value is None:
        element.removeAttribute(name)
    else:
        element.setAttribute(name, value)
