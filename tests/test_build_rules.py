"""The rules page (scripts/sitebuild/rules.py): docs/how-to-play.md as the How to play panel
shows it."""

from __future__ import annotations

from pathlib import Path

from sitebuild.rules import FULL_HEADING_SHIFT, FULL_RULES, RULES, rules_html

SAMPLE = """\
# The title

Intro with **bold**, *emphasis*, _also_ and `code`.

## Section
- one [link](https://example.com/) and [a relative one](winnability.md)
  carried on
- two
  - nested

### Deeper
###### Deepest
1. first
"""


def test_the_title_goes_and_headings_move_one_level_down_but_not_past_h6():
    page = rules_html(SAMPLE)
    assert "The title" not in page and "<h1>" not in page and "<h2>" not in page
    assert "<h3>Section</h3>" in page and "<h4>Deeper</h4>" in page
    assert "<h6>Deepest</h6>" in page


def test_a_title_that_does_not_open_the_document_stays():
    assert rules_html("Intro.\n\n# Later\n") == "<p>Intro.</p>\n<h2>Later</h2>\n"


def test_paragraphs_emphasis_code_and_lists():
    page = rules_html(SAMPLE)
    assert ("<p>Intro with <strong>bold</strong>, <em>emphasis</em>, <em>also</em> and "
            "<code>code</code>.</p>") in page
    assert ("<ul>\n<li>one link and a relative one\ncarried on</li>\n"
            "<li>two\n<ul>\n<li>nested") in page
    assert "<ol>\n<li>first</li>\n</ol>" in page


def test_links_keep_only_their_words():
    page = rules_html(SAMPLE + "\n<https://example.com/auto>\n")
    assert "<a" not in page and "href" not in page
    assert "one link and a relative one" in page and "https://example.com/auto" in page


def test_nothing_unsafe_passes_through():
    page = rules_html('<script>alert(1)</script>\n\nText <b onclick="x()">b</b>\n\n'
                      "![a picture](https://example.com/p.png) [js](javascript:alert(1))\n")
    assert "<script" not in page and "<b" not in page and "<img" not in page and "<a" not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page


def test_the_guide_renders_with_the_goal_first_under_the_panels_title():
    guide = Path(RULES).read_text(encoding="utf-8")
    page = rules_html(guide)
    assert page.startswith("<h3>The goal</h3>\n<p>Put all 104 cards")
    sections = guide.count("\n## ")  # each a level down, under the panel's own h2
    assert sections > 0 and page.count("<h3>") == sections
    assert "<h2>" not in page and "<a" not in page


def test_the_full_rules_render_a_level_further_down_under_their_fold():
    full = Path(FULL_RULES).read_text(encoding="utf-8")
    page = rules_html(full, FULL_HEADING_SHIFT)
    sections = full.count("\n## ")
    assert sections > 0 and page.count("<h4>") == sections
    assert "<h4>Details this version chose</h4>" in page
    assert "<h1>" not in page and "<h2>" not in page and "<h3>" not in page and "<a" not in page
