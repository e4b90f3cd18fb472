"""The faces of the 52 cards as markup, built once from fixed tables (never from input).

The build writes them into the page as <template id="card-faces"> (scripts/sitebuild/
static_site.py), so the renderer (web/render.py) and the preview of a returning player's table
(web/startup.js) draw cards by copying the same nodes. Pure Python.
"""

from __future__ import annotations

from plot import RANKS, SUITS

from .words import RANK_TEXT

FACES = {"J", "Q", "K"}
RED_SUITS = {"H", "D"}
TEMPLATE_ID = "card-faces"


def _suit(suit: str, cls: str) -> str:
    return f'<svg class="{cls}" aria-hidden="true"><use href="#suit-{suit}"></use></svg>'


def _card_inner(code: str) -> str:
    """The inside of a face-up card, built only from the fixed tables above (never from input)."""
    rank, suit = RANK_TEXT.get(code[0], code[0]), code[1]
    index = f'<span class="rank" data-r="{rank}"></span>{_suit(suit, "suit")}'
    if code[0] in FACES:
        middle = f'<span class="face" data-r="{rank}">{_suit(suit, "face-suit")}</span>'
    else:
        middle = _suit(suit, "pip")
    return (f'<span class="index tl">{index}</span>{middle}'
            f'<span class="index br">{index}</span>')


CARD_INNER = {r + s: _card_inner(r + s) for r in RANKS for s in SUITS}
CARD_CLASS = {code: "card " + ("red" if code[1] in RED_SUITS else "black") for code in CARD_INNER}


def template() -> str:
    """Every card face as the page's <template id="card-faces">."""
    cards = "".join(f'<div class="{CARD_CLASS[code]}" data-card="{code}" aria-hidden="true">'
                    f"{CARD_INNER[code]}</div>" for code in CARD_INNER)
    return f'<template id="{TEMPLATE_ID}">{cards}</template>'
