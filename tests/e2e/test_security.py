"""Security and privacy: a strict Content-Security-Policy that nothing violates, no request to
another origin, no cookies, and nothing from a save or the address bar ever read as HTML."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from plot import Game
from tests.e2e.tablepage import TablePage, expected_table

ROOT = Path(__file__).resolve().parents[2]
SAVE_KEY = "the-plot/save"
# Records every CSP violation the page reports, from before any of its scripts run.
RECORD_VIOLATIONS = """window.__cspViolations = [];
document.addEventListener('securitypolicyviolation', e => window.__cspViolations.push(
  {directive: e.effectiveDirective, blocked: e.blockedURI, sample: e.sample}));"""
# The only script-src exception PyScript on Pyodide needs (proved below).
SCRIPT_EXCEPTIONS = ("'unsafe-eval'",)
ATTACK = '<img src=x onerror="window.__pwned=1">'


def policy_of(html: str) -> dict[str, list[str]]:
    """The page's Content-Security-Policy meta tag as {directive: [sources]}."""
    match = re.search(r'<meta http-equiv="Content-Security-Policy" content="([^"]+)">', html)
    assert match, "index.html has no Content-Security-Policy meta tag"
    directives = {}
    for part in match.group(1).split(";"):
        name, *sources = part.split()
        directives[name] = sources
    return directives


class PageParts(HTMLParser):
    """Collects the page's script tags and any inline event-handler attributes."""

    def __init__(self):
        super().__init__()
        self.scripts, self.handlers = [], []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "script":
            self.scripts.append(attrs)
        self.handlers += [f"<{tag} {name}>" for name in attrs if name.startswith("on")]


@pytest.fixture(scope="module")
def guarded(browser, site_url):
    """One booted page that records CSP violations from the start."""
    context = browser.new_context(service_workers="block")
    context.add_init_script(RECORD_VIOLATIONS)
    page = TablePage(context, site_url)
    page.goto("#game=3")
    yield page
    context.close()


EXTRA_PAGES = ("guarded",)


def test_the_policy_is_strict():
    policy = policy_of((ROOT / "index.html").read_text(encoding="utf-8"))
    assert policy["default-src"] == ["'self'"]
    assert sorted(policy["script-src"]) == sorted(["'self'", *SCRIPT_EXCEPTIONS])
    assert policy["connect-src"] == ["'self'"]
    assert policy["object-src"] == ["'none'"] and policy["base-uri"] == ["'none'"]
    for directive in ("style-src", "img-src", "worker-src", "manifest-src"):
        assert policy[directive] == ["'self'"], directive
    sources = [s for values in policy.values() for s in values]
    assert not [s for s in sources if s in ("'unsafe-inline'", "data:", "blob:", "*", "http:",
                                            "https:")]


def test_the_page_has_no_inline_script_or_handler():
    parts = PageParts()
    parts.feed((ROOT / "index.html").read_text(encoding="utf-8"))
    assert parts.scripts and all(script.get("src") for script in parts.scripts)
    assert parts.handlers == []


def test_the_page_plays_under_the_policy_without_a_violation(guarded):
    page = guarded.page
    content = page.locator('meta[http-equiv="Content-Security-Policy"]').get_attribute("content")
    assert "default-src 'self'" in content
    game = Game.new(3)
    guarded.click_pile("S")
    game.play("S-W")
    guarded.wait_table(expected_table(game))
    page.locator("[data-action=help]").click()  # fetches the rules page
    page.wait_for_function("() => !document.getElementById('rules').textContent"
                           ".startsWith('Loading')")
    page.locator("#help [data-action=close-panel]").click()
    assert page.evaluate("() => window.__cspViolations") == []


def test_no_cookie_and_no_request_to_another_origin(guarded):
    urls = []
    guarded.page.on("request", lambda request: urls.append(request.url))
    guarded.reload()  # a whole boot, watched from the first request
    assert urls and all(url.startswith(guarded.base_url) for url in urls), urls
    assert guarded.context.cookies() == []
    assert guarded.page.evaluate("() => document.cookie") == ""
    assert guarded.page.evaluate("() => window.__cspViolations") == []


@pytest.mark.parametrize("replacement", ["", " 'wasm-unsafe-eval'"], ids=["none", "wasm-only"])
def test_unsafe_eval_is_needed(browser, site_url, replacement):
    """Without 'unsafe-eval' the game does not start, even with the narrower 'wasm-unsafe-eval'
    (PyScript builds functions at run time); 'unsafe-eval' itself also covers WebAssembly."""
    context = browser.new_context(service_workers="block")
    context.add_init_script(RECORD_VIOLATIONS)
    page = context.new_page()
    html = (ROOT / "_site" / "index.html").read_text(encoding="utf-8")
    weaker = html.replace(" 'unsafe-eval'", replacement, 1)
    assert weaker != html
    page.route(site_url, lambda route: route.fulfill(content_type="text/html", body=weaker))
    try:
        page.goto(site_url + "#game=1")
        page.wait_for_function("() => window.__cspViolations.length > 0"
                               " || document.documentElement.dataset.ready", timeout=60_000)
        assert page.evaluate("() => document.documentElement.dataset.ready") is None
        violations = page.evaluate("() => window.__cspViolations")
        assert {v["directive"] for v in violations} == {"script-src"}
        assert {v["blocked"] for v in violations} <= {"eval", "wasm-eval"}
    finally:
        context.close()


def test_a_hash_that_looks_like_html_shows_as_text(guarded):
    page = guarded.page
    guarded.dismiss_dialogs()
    page.evaluate("text => { location.hash = text; }", "#" + ATTACK)
    message = page.locator("#message")
    message.filter(has_text="is not a game link").wait_for()
    assert ATTACK in message.inner_text()
    assert page.locator("img").count() == 0
    assert page.evaluate("() => window.__pwned") is None
    page.wait_for_function("() => location.hash === '#game=3'")  # the address bar is put back


def test_a_save_that_holds_html_shows_as_text_and_runs_nothing(guarded):
    game = Game.new(4)
    record = {"format": "the-plot-page", "version": ATTACK, "game": 4, "elapsed_ms": 0,
              "engine": game.to_json()}
    guarded.store_and_open(SAVE_KEY, json.dumps(record))
    notice = guarded.page.locator("#notice")
    assert ATTACK in notice.inner_text()
    assert guarded.page.locator("img").count() == 0
    assert guarded.page.evaluate("() => window.__pwned") is None
    assert guarded.page.evaluate("() => window.__cspViolations") == []
