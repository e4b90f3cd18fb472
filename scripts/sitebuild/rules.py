"""The How to play panel: docs/rules.md rendered to HTML at build time, web/vendor/rules.html."""

from __future__ import annotations

import html
import re

from .layout import ROOT, VENDOR, fail

RULES = ROOT / "docs" / "rules.md"
SHIPPED = VENDOR / "rules.html"


def write_rules() -> None:
    """Render docs/rules.md to web/vendor/rules.html."""
    if not RULES.exists():
        fail("docs/rules.md is missing: the How to play panel is built from it")
    SHIPPED.write_text(markdown_to_html(RULES.read_text(encoding="utf-8")), encoding="utf-8")


# --- a small Markdown renderer for docs/rules.md (headings, paragraphs, lists, emphasis, code) ---

def _inline(text: str) -> str:
    text = html.escape(text, quote=False)
    text = re.sub(r"`([^`]+)`", r"<code>\1</code>", text)
    text = re.sub(r"\*\*(.+?)\*\*", r"<strong>\1</strong>", text)
    text = re.sub(r"(?<![\w*])\*(?!\s)(.+?)(?<!\s)\*(?![\w*])", r"<em>\1</em>", text)
    text = re.sub(r"(?<!\w)_(?!\s)(.+?)(?<!\s)_(?!\w)", r"<em>\1</em>", text)
    text = re.sub(r"\[([^\]]+)\]\(([^)\s]+)\)", lambda m: m.group(1), text)  # links: keep the words
    return text


def markdown_to_html(text: str) -> str:
    out: list[str] = []
    para: list[str] = []
    lists: list[str] = []  # stack of open list tags
    item_open = False

    def flush_para():
        if para:
            out.append(f"<p>{_inline(' '.join(para))}</p>")
            para.clear()

    def close_lists(depth=0):
        nonlocal item_open
        while len(lists) > depth:
            out.append(f"</li></{lists.pop()}>")
        item_open = bool(lists)

    lines = text.splitlines()
    if lines and re.match(r"^#\s", lines[0]):
        lines = lines[1:]  # the document title: the panel has its own ("How to play")
    for raw in lines:
        line = raw.rstrip()
        heading = re.match(r"^(#{1,6})\s+(.*)$", line)
        item = re.match(r"^(\s*)([-*+]|\d+[.)])\s+(.*)$", line)
        if not line.strip():
            flush_para()
            continue
        if heading:
            flush_para()
            close_lists()
            level = min(len(heading.group(1)) + 1, 6)  # the panel's own title is the h2
            out.append(f"<h{level}>{_inline(heading.group(2))}</h{level}>")
        elif item:
            flush_para()
            depth = len(item.group(1).expandtabs(4)) // 2 + 1
            tag = "ol" if item.group(2)[0].isdigit() else "ul"
            if depth > len(lists):
                while depth > len(lists):
                    out.append(f"<{tag}><li>")
                    lists.append(tag)
            else:
                close_lists(depth)
                out.append("</li><li>")
            out.append(_inline(item.group(3)))
            item_open = True
        elif lists and item_open and raw.startswith((" ", "\t")):
            out.append(" " + _inline(line.strip()))
        else:
            close_lists()
            if line.startswith(">"):
                line = line.lstrip("> ")
            para.append(line.strip())
    flush_para()
    close_lists()
    return "\n".join(out) + "\n"
