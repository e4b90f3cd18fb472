"""web/style.css: what its animations may change, read from the stylesheet itself."""

from __future__ import annotations

import re
from pathlib import Path

from tests.e2e.tablepage import COMPOSITED  # what a compositor animates alone

STYLE = Path(__file__).resolve().parents[2] / "web" / "style.css"


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


def test_the_reader_finds_the_properties_of_each_keyframes_block():
    css = ("@keyframes a { from { opacity: 0; } to { opacity: 1; transform: none; } }\n"
           ".x { animation: a 1s linear infinite; }\n@keyframes b { to { box-shadow: none; } }")
    assert keyframes(css) == {"a": {"opacity", "transform"}, "b": {"box-shadow"}}


# The win's leap glows by its box-shadow: a card clips what it holds, so its glow cannot be drawn
# on a layer of its own; and the game is over while it plays (style.css says so too).
AFTER_THE_GAME = {"celebrate"}


def test_every_animation_during_a_game_changes_only_opacity_or_transform():
    # anything else restyles and repaints the table at every frame it runs: for as long as the
    # player waits (the stock breathing, a hint pulsing), or while they play on (the opening's
    # flash); a glow is drawn once on a layer of its own and faded by its opacity
    blocks = keyframes(STYLE.read_text(encoding="utf-8"))
    assert {"only-move", "hint-pulse", "opened", "badge-glow"} | AFTER_THE_GAME <= set(blocks)
    assert {name: found - COMPOSITED for name, found in blocks.items()
            if found - COMPOSITED and name not in AFTER_THE_GAME} == {}
