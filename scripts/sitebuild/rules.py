"""The How to play panel: docs/how-to-play.md rendered to web/vendor/rules.html at build time,
and docs/rules.md to web/vendor/full-rules.html.

docs/how-to-play.md is the short guide a player reads in the game (the goal first, then the
rules as a player needs them); docs/rules.md is the full reference, with what this version
chose where the traditional rules are silent, folded away at the end of the same panel.

CommonMark by markdown-it-py with raw HTML and images off. The panel has its own title (an h2),
so the document's leading `# ` title is dropped and every heading moves one level down; links
keep only their words (the panel is no place to leave the game from).
"""

from __future__ import annotations

from .layout import ROOT, VENDOR, fail

try:
    from markdown_it import MarkdownIt
    from markdown_it.token import Token
except ModuleNotFoundError:
    fail("markdown-it-py is missing: build in the project's venv (make vendor / make site make it)")

RULES = ROOT / "docs" / "how-to-play.md"
SHIPPED = VENDOR / "rules.html"
FULL_RULES = ROOT / "docs" / "rules.md"
FULL_SHIPPED = VENDOR / "full-rules.html"
HEADING_SHIFT = 1  # the guide's `##` sections become h3s under the panel's h2
FULL_HEADING_SHIFT = 2  # the full rules' `##` sections become h4s, under their fold's own title
DEEPEST_HEADING = 6
HEADING_TAGS = ("heading_open", "heading_close")
LINK_TAGS = ("link_open", "link_close")


def markdown() -> MarkdownIt:
    """A CommonMark parser that passes no raw HTML through and shows no image."""
    return MarkdownIt("commonmark", {"html": False}).disable("image")


def without_title(tokens: list[Token]) -> list[Token]:
    """The tokens after the document's title, when it starts with a level-1 heading."""
    if tokens and tokens[0].type == "heading_open" and tokens[0].tag == "h1":
        close = next(i for i, t in enumerate(tokens) if t.type == "heading_close")
        return tokens[close + 1:]
    return tokens


def shift_heading(tag: str, shift: int = HEADING_SHIFT) -> str:
    """'h2' -> 'h3': `shift` levels down, never past h6."""
    return f"h{min(int(tag[1:]) + shift, DEEPEST_HEADING)}"


def rules_html(text: str, shift: int = HEADING_SHIFT) -> str:
    """The HTML the panel shows for the Markdown `text` (see the module's docstring), its
    headings `shift` levels down."""
    md = markdown()
    tokens = without_title(md.parse(text))
    for token in tokens:
        if token.type in HEADING_TAGS:
            token.tag = shift_heading(token.tag, shift)
        if token.children:
            token.children = [t for t in token.children if t.type not in LINK_TAGS]
    return md.renderer.render(tokens, md.options, {})


def write_rules() -> None:
    """Render docs/how-to-play.md to web/vendor/rules.html, docs/rules.md to full-rules.html."""
    for source, shipped, shift in ((RULES, SHIPPED, HEADING_SHIFT),
                                   (FULL_RULES, FULL_SHIPPED, FULL_HEADING_SHIFT)):
        if not source.exists():
            fail(f"docs/{source.name} is missing: the How to play panel is built from it")
        shipped.write_text(rules_html(source.read_text(encoding="utf-8"), shift), encoding="utf-8")
