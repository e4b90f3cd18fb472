"""web/style.css: what its animations may change, read from the stylesheet itself."""

from __future__ import annotations

import re
from pathlib import Path

STYLE = Path(__file__).resolve().parents[2] / "web" / "style.css"
# What a compositor animates alone, without restyling and repainting the page at every frame.
COMPOSITED = {"opacity", "transform"}


def keyframes(css: str) -> dict[str, set[str]]:
    """Each @keyframes block's name and the properties its frames set."""
    blocks = {}
    for match in re.finditer(r"@keyframes\s+([\w-]+)\s*\{", css):
        depth, end = 1, match.end()
        while depth:
            depth += {"{": 1, "}": -1}.get(css[end], 0)
            end += 1
        body = css[match.end():end - 1]
        blocks[match.group(1)] = set(re.findall(r"([\w-]+)\s*:", re.sub(r"\{|\}", ";", body)))
    return blocks


def endless_animations(css: str, names: set[str]) -> set[str]:
    """The keyframes named by an `animation` declaration that repeats forever."""
    endless = set()
    for value in re.findall(r"animation\s*:\s*([^;}]+)", css):
        if "infinite" in value.split():
            endless |= names & set(re.findall(r"[\w-]+", value))
    return endless


def test_the_reader_finds_the_properties_of_each_keyframes_block():
    css = ("@keyframes a { from { opacity: 0; } to { opacity: 1; transform: none; } }\n"
           ".x { animation: a 1s linear infinite; }\n@keyframes b { to { box-shadow: none; } }\n"
           ".y { animation: b 1s 2 alternate; }")
    found = keyframes(css)
    assert found == {"a": {"opacity", "transform"}, "b": {"box-shadow"}}
    assert endless_animations(css, set(found)) == {"a"}


def test_every_animation_that_runs_forever_changes_only_opacity_or_transform():
    # a player may leave the page waiting for minutes (the stock breathing, a hint pulsing):
    # anything else would repaint the table at every frame for as long as they wait
    css = STYLE.read_text(encoding="utf-8")
    blocks = keyframes(css)
    endless = endless_animations(css, set(blocks))
    assert {"only-move", "hint-pulse", "spin", "blink"} <= endless
    assert {name: blocks[name] - COMPOSITED for name in endless if blocks[name] - COMPOSITED} == {}
